package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.rules.NodeClockPodBoundsBreakerTest.deleted;
import static dev.argoforensics.rules.NodeClockPodBoundsBreakerTest.execution;
import static dev.argoforensics.rules.NodeClockPodBoundsBreakerTest.noneAbovePossible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 58 breaker (s58-b-clocks) of {@code correlate.NodeClock} read far from its records: a node's clock that moves away from
 * the API server's mid-Pod, not toward it. The Pod {@code ns/p} is created at 16:27:10 (the API server's clock) on ip-10-0-12-34,
 * its kubelet's Started Event stamped 16:27:14 and stored at 16:27:14 (the node within a second or so of the API server's then);
 * dana deletes it at 16:39:55 (audit), the API server giving grace 30 s (deletionTimestamp 16:40:25).
 */
class NodeClockAwayBreakerTest {
    private static final String DANA = "dana@example.com";
    private static final String STARTED = NodeClockBoundBreakerTest.kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
    private static final String PROBE = NodeClockBoundBreakerTest.kubeletEvent("Unhealthy", "2026-09-19T16:38:30Z", "2026-09-19T16:38:30Z");

    /**
     * A VM frozen 35 s at 16:35 (a hypervisor's pause: QEMU stops the guest's kvmclock with it, so the guest's time resumes where it
     * stopped, 35 s behind; under the 40 s node-monitor grace period, so the node never went NotReady and nothing in the Pod's records
     * shows it). dana's delete at 16:39:55: main answered the SIGTERM with exit 143 at 16:39:56, written 16:39:21; wait two seconds
     * later, written 16:39:23. The Started Event bounds the node no more than a second behind at 16:27:14, twelve minutes before: that
     * a time daemon only brings a clock toward the API server's does not hold of a paused VM. main was killed by the deletion: not
     * "main had ended, another container still ran".
     */
    @Test
    void aPausedVmBehindSinceAnInStepStartDoesNotPutTheKillBeforeTheRequest() {
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 143, "Error", "2026-09-19T16:39:21Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:23Z").yaml();
        Correlation c = deleted(pod, STARTED);
        Execution e = execution(c);
        assertTrue(!e.reason().contains("had ended at"), e.reason());
        assertNotEquals(State.FINISHED_BEFORE, e.state(), e.reason());
        noneAbovePossible(new SuccessReportedAsError(), c);
    }

    /**
     * The same pause against the controller's stop (AF002): the controller keeping time (its Created pod line 431 ms after the Pod's
     * creation), the node in step at the start (its Started Event), frozen 35 s at 16:35. argo stop at 16:40:00; main answered the
     * stop's SIGTERM with exit 0 a second later (true time), written 16:39:26, wait a second after. Read on the start's bound held
     * twelve minutes on, main ended before the stop, a success the Workflow reports as failed; it is the stop's answer: not confirmed,
     * and the stop stands.
     */
    @Test
    void aPausedVmBehindSinceAnInStepStartDoesNotPutTheStopsAnswerBeforeTheStop() {
        String wf = Exports.workflow("Failed", "Failed", "workflow shutdown with strategy:  Stop", "2026-09-19T16:40:00Z", true, null);
        String pod = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:39:26Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:39:27Z").yaml();
        Correlation c = new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", wf).log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                "time=2026-09-19T16:40:00.101Z level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker "
                        + "workflow=p namespace=ns podName=p shutdownStrategy=Stop", nodePhaseChanged("2026-09-19T16:40:00.105Z", "Running", "Failed"))
                .object("events.yaml", STARTED).correlate();
        for (var f : new SuccessReportedAsError().evaluate(c).findings()) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        }
    }

    /**
     * Control for the pause: the same stop, main's end 70 s before it on a node bounded by its start (a pause no longer than the
     * node-monitor grace period does not reach): confirmed as before. Session 59: with the node's Event within the minute of main's end
     * agreeing (a readiness probe's failure stamped 16:38:30, stored within its second); on the start's Event alone, 11 minutes
     * before, the order rests on no step of the clock away since: likely. Session 60: so does the controller's clock, bounded only by
     * its Created pod line 13 minutes before the stop (a controller's node has a time daemon too; NodeClockS60Test): likely.
     */
    @Test
    void aSeventySecondOrderOnACreatedLineFarFromTheStopIsLikely() {
        String wf = Exports.workflow("Failed", "Failed", "workflow shutdown with strategy:  Stop", "2026-09-19T16:40:00Z", true, null);
        String pod = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:38:50Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:02Z").yaml();
        Correlation c = new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", wf).log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                "time=2026-09-19T16:40:00.101Z level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker "
                        + "workflow=p namespace=ns podName=p shutdownStrategy=Stop", nodePhaseChanged("2026-09-19T16:40:00.105Z", "Running", "Failed"))
                .object("events.yaml", STARTED).object("probe.yaml", PROBE).correlate();
        var f = new SuccessReportedAsError().evaluate(c).findings();
        assertEquals(1, f.size());
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
        Correlation far = new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", wf).log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                "time=2026-09-19T16:40:00.101Z level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker "
                        + "workflow=p namespace=ns podName=p shutdownStrategy=Stop", nodePhaseChanged("2026-09-19T16:40:00.105Z", "Running", "Failed"))
                .object("events.yaml", STARTED).correlate();
        var g = new SuccessReportedAsError().evaluate(far).findings();
        assertEquals(1, g.size());
        assertEquals(Confidence.LIKELY, g.get(0).confidence(), g.get(0).confidenceReason());
    }

    /**
     * The mirror, a clock stepped ahead: systemd-timesyncd, its server gone at 16:33, moved to the next in its list, a site server
     * 40 s fast, and stepped to it (it steps past 0.4 s). main ended on its own (exit 0) at 16:39:25, 30 s before dana's delete,
     * written 16:40:05; wait, uploading its outputs, ended at 16:39:57, written 16:40:37. The start's bounds (no more than 5 s ahead at
     * 16:27:14) do not hold of a clock moved away from the API server's since: not "deleted while main ran" confirmed. Session 59
     * (s59-away): a step away has no size a bound could be loosened by, and nothing in the kubelet's records marks it, so an order
     * that only a bound read more than a minute from its record gives rests on no such step in between (NodeClock.NodeOrder.FAR), as
     * the margin's rests on the clock agreeing: at most likely, saying so. (Possible would hold the order as unknown; it is not: a clock
     * within 5 s of the API server's 13 minutes before is in step now unless something happened to it, which is what likely says.)
     */
    @Test
    void aClockSteppedAheadSinceAnInStepStartDoesNotConfirmAnOwnEndAfterTheRequest() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:40:05Z").terminated("wait", 0, "Completed", "2026-09-19T16:40:37Z").yaml();
        Correlation c = deleted(pod, STARTED);
        Execution e = execution(c);
        assertTrue(e.state() != State.RUNNING || e.nodeMargin(), e.reason());
        var found = new PodDeletedDuringExecution().evaluate(c).findings();
        for (var f : found) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        }
        for (var f : found) {
            if (f.confidence() == Confidence.LIKELY) {
                assertTrue(f.confidenceReason().contains("more than a minute away"), f.confidenceReason());
            }
        }
    }

    /**
     * The step seen near the end: wait's Killing Event (the deletion's, its kubelet's stamp 16:40:36, stored 16:39:56) bounds the node
     * at least 39 s ahead within the minute of main's end: main's end written 16:40:05 was before 16:39:27 on the API server's clock,
     * before the request: not "deleted while main ran" at all.
     */
    @Test
    void aClockSteppedAheadShownByAKubeletEventNearTheEndPutsTheEndBeforeTheRequest() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:40:05Z").terminated("wait", 0, "Completed", "2026-09-19T16:40:37Z").yaml();
        String killing = NodeClockBoundBreakerTest.kubeletEvent("Killing", "2026-09-19T16:40:36Z", "2026-09-19T16:39:56Z")
                .replace("Started container main", "Stopping container wait");
        Correlation c = deleted(pod, STARTED, killing);
        Execution e = execution(c);
        assertNotEquals(State.RUNNING, e.state(), e.reason());
        noneAbovePossible(new PodDeletedDuringExecution(), c);
    }

    /**
     * A slew, not a step: the node 100 s behind, its chrony slewing it toward the API server's at its default 83,333 ppm since before
     * the Pod. The Pod created at 16:27:10.8 (true time), main and wait started at 16:27:11.5, written 16:25:31 (the start bounds the
     * node at least 98 s behind). main ended at 16:28:06.0, 54.5 s on, the clock then 95.46 s behind: written 16:26:30, 59 s on its own
     * clock. dana deleted the Pod at 16:28:06.5, wait still uploading (grace 30 s). Read at the start's offset, main's end was 16:28:07.97
     * at the earliest, after the request: "deleted while main ran" confirmed; the slew moved the clock 4.5 s in the minute.
     */
    @Test
    void aClockSlewingTowardTheApiServersWithinTheMinuteDoesNotPutAnEndAfterTheRequest() {
        String[] lines = {createdPod("2026-09-19T16:27:10.931Z"), podEvent("2026-09-19T16:28:21.100Z", "delete"),
            podMissing("2026-09-19T16:28:22.000Z"), markingError("2026-09-19T16:28:22.000Z"), nodePhaseChanged("2026-09-19T16:28:22.001Z", "Running", "Error")};
        String wf = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:28:22Z", true, null);
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:25:31Z").phase("Succeeded").deleted("2026-09-19T16:28:36Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:26:30Z").terminated("wait", 0, "Completed", "2026-09-19T16:26:45Z").yaml();
        Correlation c = new Evidence().log("c.log", lines).workflow("wf.yaml", wf).pod("pod.yaml", pod)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.800000Z"))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:28:06.500000Z", 200)).correlate();
        for (var f : new PodDeletedDuringExecution().evaluate(c).findings()) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        }
    }
}
