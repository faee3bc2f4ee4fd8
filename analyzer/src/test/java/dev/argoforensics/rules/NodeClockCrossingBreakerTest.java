package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 59 breaker (s59-b-away) of s59-away's crossing fallback in {@code correlate.NodeClock}: bounds that cross show the node's
 * clock was stepped somewhere between their records; s59-away keeps, at the time read, those within the minute of it. A close bound
 * whose record is on the far side of the step from the time read is a stepped bound: the crossing proves a step, and where it fell
 * between the records nothing says. The Pod {@code ns/p} is created at 16:27:10 (the API server's clock) on ip-10-0-12-34, its
 * containers started 16:27:14 and its kubelet's Started Event stamped 16:27:14, stored 16:27:14: the node in step then.
 */
class NodeClockCrossingBreakerTest {
    private static final String STARTED = NodeClockBoundBreakerTest.kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
    private static final String WF = Exports.workflow("Failed", "Failed", "workflow shutdown with strategy:  Stop", "2026-09-19T16:40:00Z", true, null);

    private static Correlation stopped(String pod, String... events) {
        Evidence e = new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", WF).log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                "time=2026-09-19T16:40:00.101Z level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker "
                        + "workflow=p namespace=ns podName=p shutdownStrategy=Stop", nodePhaseChanged("2026-09-19T16:40:00.105Z", "Running", "Failed"));
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return e.correlate();
    }

    private static String withKubeletWrite(String pod, String time) {
        return pod.replace("  finalizers:", "  managedFields:\n  - {manager: kubelet, operation: Update, apiVersion: v1, subresource: status, "
                + "time: \"" + time + "\"}\n  finalizers:");
    }

    /**
     * argo stop at 16:40:00; main answered the stop's SIGTERM with exit 0 at 16:40:01 (true time, written so: the node still in step).
     * At 16:40:10 systemd-timesyncd, moved to a site server 40 s fast, stepped the clock 40 s ahead; wait, saving its outputs, ended at
     * 16:40:20 (true), written 16:41:00, and the kubelet's status write that carried it was stored at 16:40:21 (managedFields). That
     * write bounds the node at least 38 s ahead at 16:41:00, 59 s (node time) after main's end; the start bounds it no more than 5 s
     * ahead. They cross: the clock was stepped between 16:27:14 and 16:41:00, and nothing places the step before main's end rather
     * than after it. Read on the write's bound, main ended by 16:39:29, 31 s before the stop: a success the Workflow reports as
     * failed, confirmed. It was the stop's answer. Before s59-away the crossing bounds dropped the clock (at most likely).
     */
    @Test
    void aSteppedBoundAfterTheEndDoesNotConfirmASuccessBeforeTheStop() {
        String pod = withKubeletWrite(Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:40:01Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:41:00Z").yaml(), "2026-09-19T16:40:21Z");
        Correlation c = stopped(pod, STARTED);
        for (var f : new SuccessReportedAsError().evaluate(c).findings()) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        }
    }

    /**
     * Control: the node in step throughout; main ended on its own at 16:39:20, 40 s before the stop; wait ended at 16:40:20, the
     * kubelet's status write stored at 16:40:21. No bounds cross, and the write (within the minute of main's end) bounds the node no
     * more than a second behind there: a success lost; session 60: likely, the controller's clock bounded only by its Created pod
     * line 13 minutes before the stop (NodeClockS60Test).
     */
    @Test
    void withNoStepTheCloseWriteOrdersOnAFarControllerBoundAtLikely() {
        String pod = withKubeletWrite(Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:39:20Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:20Z").yaml(), "2026-09-19T16:40:21Z");
        var f = new SuccessReportedAsError().evaluate(stopped(pod, STARTED)).findings();
        assertEquals(1, f.size());
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
    }
}
