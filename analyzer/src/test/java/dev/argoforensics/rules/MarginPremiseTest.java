package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 59: the node's minute ({@code NodeClock.NodeOrder.MARGIN}) is an assumption made where nothing checks the node's clock; where
 * the Pod's own records show that clock off by more than the minute, nothing rests on it.
 *
 * <p>The Workflow's {@code activeDeadlineSeconds} ran out at 16:30:05: the controller marked the node Failed ("Step exceeded its
 * deadline") and signalled the containers; main traps SIGTERM and exits 0, and the kubelet writes phase Succeeded. The node's clock is
 * 75 s behind the API server's: the Pod was created at 16:27:10 (the API server's stamp), its containers started at 16:25:55 on the
 * node's clock, and main's answer to the stop, at 16:30:14 in true time, is written 16:29:00: 65 s before the stop as written.
 */
class MarginPremiseTest {

    private static final String STOPPED = Exports.workflow("Failed", "Failed", "Step exceeded its deadline", "2026-09-19T16:30:05Z", true, null);

    private static String pod(String startedAt) {
        return Exports.Pod.of().startedAt(startedAt).phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:29:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:29:01Z").yaml();
    }

    /** Started 75 s before its creation as the node wrote it: the node is behind by more than the minute; the stop's answer is no lost success. */
    @Test
    void aNodeItsPodsStartShowsBehindPastTheMinuteOrdersNothingOnTheMinute() {
        var e = new SuccessReportedAsError().evaluate(new Evidence().pod("pod.yaml", pod("2026-09-19T16:25:55Z")).workflow("wf.yaml", STOPPED).correlate());
        for (var f : e.findings()) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
            assertNotEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        }
        assertTrue(e.findings().isEmpty() || e.cleared().isEmpty(), e::toString);
    }

    /**
     * The negative control: the same Pod started 4 s after its creation (nothing shows the node off): main's end 65 s before the stop
     * rests on the minute, as before: likely, never confirmed.
     */
    @Test
    void aNodeNothingShowsOffStillOrdersPastTheMinuteAtLikely() {
        var e = new SuccessReportedAsError().evaluate(new Evidence().pod("pod.yaml", pod("2026-09-19T16:27:14Z")).workflow("wf.yaml", STOPPED).correlate());
        assertEquals(1, e.findings().size(), e::toString);
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
    }
}
