package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 58 (s58-clocks' ablation, seed 7 {@code workflow-deleted-foreground}): AF006 measures the wait from the Pod's finish, its
 * containers' {@code finishedAt} (written on the node's clock), to a view of the result pending (the API server's or the controller's
 * clock). A node 78 s behind wrote a finish 78 s early: 10m32s read, 9m13s true, past the 10-minute threshold only as read. The order of
 * finish + threshold against the view goes through the node's clock as the Pod's kubelet Events bound it (NodeClocks); past the node's
 * minute alone it is at most likely; within it, not decided.
 */
class TaskResultNodeClockTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    /** The Workflow export not synced, labelled at {@code at} (its managedFields: the API server's clock). */
    private static String unsyncedLabelledAt(String at) {
        return Exports.workflow("Running", "Running", "", null, false, null)
                .replace("uid: w-1}", "uid: w-1, managedFields: [{manager: kubectl-label, operation: Update, time: \"" + at + "\"}]}");
    }

    /** The task result labelled "false" at {@code at}. */
    private static String pendingResultLabelledAt(String at) {
        return Exports.taskResult("false", null).replace("  labels:\n", "  managedFields: [{manager: kubectl-label, operation: Update, time: \""
                + at + "\"}]\n  labels:\n");
    }

    /** A kubelet readiness-probe Event of Pod p stamped {@code first} on its node's clock, stored by the API server at {@code created}. */
    private static String probeEvent(String first, String created) {
        return Exports.Event.of("Unhealthy", first).storedAt(created).message("Readiness probe failed: connection refused").from("kubelet", NODE).yaml();
    }

    /** Pod p, its containers started at {@code started} and ended at {@code mainEnd} and {@code waitEnd} (the node's clock). */
    private static String finished(String started, String mainEnd, String waitEnd) {
        return Exports.Pod.of().phase("Succeeded").startedAt(started).terminated("main", 0, "Completed", mainEnd)
                .terminated("wait", 0, "Completed", waitEnd).yaml();
    }

    private List<Finding> af006(String pod, String pendingAt, String... events) {
        Evidence e = new Evidence().takenAt("pod.yaml", "2026-09-19T16:28:40Z", pod)
                .takenAt("wf.yaml", pendingAt, unsyncedLabelledAt(pendingAt)).takenAt("tr.yaml", pendingAt, pendingResultLabelledAt(pendingAt));
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return rule.evaluate(e.correlate()).findings();
    }

    /** The seed-7 shape: finish written 16:27:45, pending 16:38:17 (10m32s read); the node's Event near the finish stored 78 s after its stamp. */
    @Test
    void aNodeKnownBehindDoesNotConfirmAWaitPastTheThresholdOnlyAsRead() {
        String pod = finished("2026-09-19T16:27:14Z", "2026-09-19T16:27:44Z", "2026-09-19T16:27:45Z");
        List<Finding> behind = af006(pod, "2026-09-19T16:38:17Z", probeEvent("2026-09-19T16:27:40Z", "2026-09-19T16:28:58Z"));
        assertEquals(1, behind.size(), behind::toString);
        Finding f = behind.get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("AF006.reason.nodeClock", f.reason().code());
        assertTrue(f.confidenceReason().contains("2026-09-19T16:27:45Z") && f.confidenceReason().contains("behind"), f.confidenceReason());
    }

    /** Control: the same times, the node's Event stored a second after its stamp (the node in step): the order holds, confirmed. */
    @Test
    void aNodeKnownInStepKeepsItConfirmed() {
        String pod = finished("2026-09-19T16:27:14Z", "2026-09-19T16:27:44Z", "2026-09-19T16:27:45Z");
        Finding f = af006(pod, "2026-09-19T16:38:17Z", probeEvent("2026-09-19T16:27:40Z", "2026-09-19T16:27:41Z")).get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertEquals("10m32s", f.fact("pendingFor").orElseThrow().value());
    }

    /** Nothing bounds the node's clock: 10m32s is past the threshold by less than the node's minute: not decided. */
    @Test
    void withinTheNodesMinuteNothingBoundingItIsNotDecided() {
        String pod = finished("2026-09-19T16:27:14Z", "2026-09-19T16:27:44Z", "2026-09-19T16:27:45Z");
        Finding f = af006(pod, "2026-09-19T16:38:17Z").get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("AF006.reason.nodeClock", f.reason().code());
    }

    /** Nothing bounds the node's clock, the wait past the threshold by 17 min (past the node's minute alone): likely at most, saying so. */
    @Test
    void pastTheNodesMinuteAloneIsLikely() {
        String pod = finished("2026-09-19T16:27:14Z", "2026-09-19T16:27:44Z", "2026-09-19T16:27:45Z");
        Finding f = af006(pod, "2026-09-19T16:55:00Z").get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("common.nodeMargin", f.reason().code());
    }

    /**
     * Control: a node at least 40 s ahead (its Event near the finish stamped 40 s after the API server stored it; its containers' start
     * written as late, past its creation by that much). Finish written 16:28:31, pending 16:38:40: 10m09s read, at least 10m49s true:
     * past the threshold by the bounded clock, confirmed; without the Event 9 s past is within the node's minute, not decided.
     */
    @Test
    void aNodeKnownAheadOrdersAWaitPastTheThresholdByLessThanItsMinute() {
        String pod = finished("2026-09-19T16:27:55Z", "2026-09-19T16:28:30Z", "2026-09-19T16:28:31Z");
        Finding ahead = af006(pod, "2026-09-19T16:38:40Z", probeEvent("2026-09-19T16:28:25Z", "2026-09-19T16:27:45Z")).get(0);
        assertEquals(Confidence.CONFIRMED, ahead.confidence(), ahead.confidenceReason());
        Finding unbounded = af006(pod, "2026-09-19T16:38:40Z").get(0);
        assertEquals(Confidence.POSSIBLE, unbounded.confidence(), unbounded.confidenceReason());
    }
}
