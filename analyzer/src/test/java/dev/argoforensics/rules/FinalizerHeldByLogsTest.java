package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 55, #15164's shape: on a release without the timed release (v3.6.0-v3.6.15, v3.7.0-v3.7.6) the update handler never takes
 * the deleting branch, so a Pod deleted while Pending and held by the status-capture finalizer stays: its export shows it deleted and
 * held (with no time of its own past the deletion), the controller logs an update pod event at the deletion and then, for an hour,
 * nothing that releases it and no delete pod event. AF004 reads the hold from the lines: possible, never more.
 */
class FinalizerHeldByLogsTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    /** A Pending Pod, unscheduled since 16:27:10, deleted at 16:40:00 with grace 0 and still holding the finalizer. */
    private static String heldExport() {
        return Exports.Pod.of().phase("Pending").unscheduled().deleted("2026-09-19T16:40:00Z", 0).lastTransition("2026-09-19T16:27:10Z").yaml();
    }

    /** The controller's lines: the Pod added, its update at {@code update}, then the run's other work every 10 minutes up to {@code end}. */
    private static Evidence lines(String release, String update, String end, String... extra) {
        List<String> l = new ArrayList<>(List.of(podEvent("2026-09-19T16:27:10.500Z", "add"), podEvent(update, "update")));
        l.addAll(List.of(extra));
        for (String t : List.of("2026-09-19T16:50:00.000Z", "2026-09-19T17:00:00.000Z", "2026-09-19T17:10:00.000Z", "2026-09-19T17:20:00.000Z",
                "2026-09-19T17:30:00.000Z", "2026-09-19T17:40:00.000Z")) {
            if (t.compareTo(end) <= 0) {
                l.add(processingOther(t));
            }
        }
        return new Evidence().release(release).log("c.log", l.toArray(String[]::new));
    }

    @Test
    void anUpdateAtTheDeletionOnAnUntimedReleaseAndAnHourWithoutAReleaseIsAPossibleHold() {
        Evaluation e = rule.evaluate(lines("v3.6.10", "2026-09-19T16:40:00.412Z", "2026-09-19T17:40:00.000Z").pod("pod.yaml", heldExport()).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("AF004.reason.heldByLogs", f.reason().code());
        String why = Words.english().render(f.reason());
        assertTrue(why.contains("v3.6.10") && why.contains("2026-09-19T17:40:00"), why);
    }

    /** Control: on v3.6.16 (the timed release) the update at the deletion would log the handler's release: its absence is not read. */
    @Test
    void onATimedReleaseTheSameLinesSayNothing() {
        for (String release : List.of("v3.6.16", "v3.7.7", "v4.0.2", "v3.6.10-custom")) {
            Evaluation e = rule.evaluate(lines(release, "2026-09-19T16:40:00.412Z", "2026-09-19T17:40:00.000Z").pod("pod.yaml", heldExport()).correlate());
            assertTrue(e.findings().isEmpty(), () -> release + ": " + e.findings());
        }
        Evaluation none = rule.evaluate(lines(null, "2026-09-19T16:40:00.412Z", "2026-09-19T17:40:00.000Z").pod("pod.yaml", heldExport()).correlate());
        assertTrue(none.findings().isEmpty(), () -> "no release: " + none.findings());
    }

    /** Control: the Pod left the informer (delete pod event) at 16:55: released, no hold read. */
    @Test
    void aDeletePodEventAfterTheUpdateEndsIt() {
        Evaluation e = rule.evaluate(lines("v3.6.10", "2026-09-19T16:40:00.412Z", "2026-09-19T17:40:00.000Z", podEvent("2026-09-19T16:55:00.000Z", "delete"))
                .pod("pod.yaml", heldExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Control: the only update is 10 minutes before the export's deletion: it does not tie the informer's copy to the deleted Pod. */
    @Test
    void anUpdateNotAtTheDeletionTiesNothing() {
        Evaluation e = rule.evaluate(lines("v3.6.10", "2026-09-19T16:30:00.412Z", "2026-09-19T17:40:00.000Z").pod("pod.yaml", heldExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Control: the lines end 4 minutes after the deletion (within the 5-minute threshold): nothing held long enough. */
    @Test
    void linesEndingWithinTheThresholdShowNoHold() {
        Evaluation e = rule.evaluate(new Evidence().release("v3.6.10").log("c.log", podEvent("2026-09-19T16:27:10.500Z", "add"),
                podEvent("2026-09-19T16:40:00.412Z", "update"), processingOther("2026-09-19T16:44:00.000Z")).pod("pod.yaml", heldExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Control: the Workflow recorded the node and queued the Pod's cleanup after the update: the release is the logs' to read, not this. */
    @Test
    void aCleanupAfterTheUpdateIsNotReadAsAHold() {
        Evaluation e = rule.evaluate(lines("v3.6.10", "2026-09-19T16:40:00.412Z", "2026-09-19T17:40:00.000Z",
                queuingPodDelay("2026-09-19T16:41:00.000Z", "labelPodCompleted", "0s"), queueing("2026-09-19T16:41:00.001Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T16:41:00.100Z", "labelPodCompleted")).pod("pod.yaml", heldExport()).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> "AF004.reason.heldByLogs".equals(f.reason().code())), () -> e.findings().toString());
    }

    /** Control: the export no longer shows the finalizer: nothing held. */
    @Test
    void anExportWithoutTheFinalizerShowsNoHold() {
        String released = Exports.Pod.of().phase("Pending").unscheduled().deleted("2026-09-19T16:40:00Z", 0).lastTransition("2026-09-19T16:27:10Z")
                .withoutFinalizer().yaml();
        Evaluation e = rule.evaluate(lines("v3.6.10", "2026-09-19T16:40:00.412Z", "2026-09-19T17:40:00.000Z").pod("pod.yaml", released).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }
}
