package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.HandOvers;
import dev.argoforensics.testing.Evidence;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF003 across a Lease hand-over (session 37 breaker). Replica A, its clock right, logs the Pod's deletion at 10:06:20 and stops
 * leading at 10:06:24; standby B acquires the Lease at 10:06:40 (real time) and processes the Workflow. B's clock is set right,
 * 3 minutes ahead or behind, and B processes the Workflow at once or 3 minutes after it acquired. What B's clock says about the
 * gap counts only beyond what the hand-over allows the two clocks to disagree by (client-go: a standby acquires no earlier than
 * the holder stopped, with the default election settings).
 */
class HandOverClockTest {
    private final ReconciliationStalled rule = new ReconciliationStalled(RuleSettings.defaults());

    private static final Instant BASE = Instant.parse("2026-09-19T10:00:00Z");

    /** The time {@code seconds} after 10:00:00 (real time) on a clock {@code skew} seconds ahead. */
    private static String at(double seconds, long skew) {
        return BASE.plus(Duration.ofMillis(Math.round((seconds + skew) * 1000))).toString().replace("Z", "") + (seconds == Math.floor(seconds) ? ".000Z" : "Z");
    }

    private static String line(String t, String rest) {
        return "time=" + t + " level=INFO msg=" + rest;
    }

    /** Replica A: it leads from 10:00, the Workflow runs, the Pod's deletion at 10:06:20.102, it stops leading at 10:06:24.001. */
    private static String[] leaderA(boolean stopLine) {
        List<String> l = new ArrayList<>(List.of(
                line(at(0.01, 0), "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"),
                line(at(0.02, 0), "\"Successfully acquired lease\" lock=argo/workflow-controller"),
                line(at(0.021, 0), "\"new leader\" leader=workflow-controller-7b9d-aaaaa"),
                line(at(0.022, 0), "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
                workers(at(0.1, 0), 2),
                processing(at(120, 0), "Running"), createdPod(at(120.05, 0)), workflowUpdated(at(120.1, 0), "Running"),
                line(at(300, 0), "\"Alloc=9120 TotalAlloc=30422 Sys=40113 NumGC=15 Goroutines=137\""),
                podEvent(at(380.101, 0), "update"), removingFinalizers(at(380.102, 0)),
                queuingPodDelay(at(380.102, 0), "removeFinalizer", "17.898s"), queueingAfter(at(380.103, 0), "removeFinalizer", "17.898s"),
                line(at(384, 0), "\"Failed to renew lease\" err=\"context deadline exceeded\" lock=argo/workflow-controller")));
        if (stopLine) {
            l.add(line(at(384.001, 0), "\"stopped leading\" id=workflow-controller-7b9d-aaaaa"));
        }
        return l.toArray(String[]::new);
    }

    /** Standby B, its clock {@code skew} seconds ahead: waits from 09:59:10, acquires at 10:06:40, processes {@code after} s later. */
    private static String[] standbyB(long skew, double after) {
        return new String[] {
            line(at(-49.99, skew), "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"),
            line(at(-49.98, skew), "\"new leader\" leader=workflow-controller-7b9d-aaaaa"),
            line(at(400, skew), "\"Successfully acquired lease\" lock=argo/workflow-controller"),
            line(at(400.001, skew), "\"new leader\" leader=workflow-controller-7b9d-bbbbb"),
            line(at(400.002, skew), "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
            workers(at(400.1, skew), 2),
            processing(at(400.9 + after, skew), "Running"), workflowUpdated(at(401 + after, skew), "Running")};
    }

    private static Correlation handOver(long skew, double after, boolean stopLine) {
        return new Evidence().log("workflow-controller-7b9d-aaaaa.log", leaderA(stopLine))
                .log("workflow-controller-7b9d-bbbbb.log", standbyB(skew, after)).correlate();
    }

    @Test
    void theHandOverBoundsHowFarTheNewLeadersClockMayBeAhead() {
        HandOvers h = HandOvers.of(handOver(180, 0, true));
        assertEquals(1, h.all().size(), h.all().toString());
        HandOvers.HandOver o = h.all().get(0);
        assertTrue(o.stopped() && o.waited(), o.toString());
        // 10:09:40.000 (B's clock) less 10:06:24.001 (A's), plus the second the API calls may take.
        assertEquals(Duration.parse("PT3M16.999S").toNanos(), o.aheadAtMostNanos());
        // B waited through A's last renewal: it acquired within 38 s of A's stop, so its clock is at least 2m37.999s ahead.
        assertEquals(Duration.parse("PT2M37.999S").toNanos(), o.aheadAtLeastNanos());
    }

    /** The breaker: B's clock 3 minutes ahead, the Workflow processed at once. The 3m20s read is the clock: not a stall. */
    @Test
    void aGapMadeByTheNewLeadersClockAheadIsNotAStall() {
        Evaluation e = rule.evaluate(handOver(180, 0, true));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(why.startsWith("not decided: the Pod's deletion at 2026-09-19T10:06:20.102Z requeued Workflow ns/p")
                && why.contains("3m20.798s later as written") && why.contains("at most 3m16.999s ahead")
                && why.contains("as short as 3.799s"), why);
    }

    /** The control: both clocks right, B busy for 3 minutes after it acquired. The gap is kept, counted from what the clocks allow. */
    @Test
    void aGapBeyondWhatTheClocksAllowIsKept() {
        Evaluation e = rule.evaluate(handOver(0, 180, true));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("at least 3m3.799s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals("3m20.798s", f.fact("readAcrossHandOver").orElseThrow().value());
        assertEquals("16.999s", f.fact("clockAheadAtMost").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("a line of a run that took the Lease over")
                && f.confidenceReason().contains("stopped leading at 2026-09-19T10:06:24.001Z"), f.confidenceReason());
    }

    /** Both clocks right, B processing at once: 20 s, no stall, and nothing to decide. */
    @Test
    void aQuickHandOverWithClocksRightIsSilent() {
        Evaluation e = rule.evaluate(handOver(0, 0, true));
        assertTrue(e.findings().isEmpty() && e.cleared().isEmpty(), () -> e.findings() + " " + e.cleared());
    }

    /** B's clock 3 minutes behind, B busy 3 minutes: read as 20 s, but the hand-over shows at least 3m3s. */
    @Test
    void aGapHiddenByTheNewLeadersClockBehindIsFound() {
        Evaluation e = rule.evaluate(handOver(-180, 180, true));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        // Found only by the bound's behind direction: a holder that logged its stop late reads the same (lead, session 38).
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("logs its stop late"), f.confidenceReason());
        assertEquals("at least 3m3.799s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals("20.798s", f.fact("readAcrossHandOver").orElseThrow().value());
        assertEquals("-2m43.001s", f.fact("clockAheadAtMost").orElseThrow().value());
    }

    /** B's clock 5 minutes behind: its processing reads before the deletion, and still came after it. */
    @Test
    void aProcessingReadBeforeTheDeletionOnAClockBehindIsPlacedByTheHandOver() {
        Evaluation e = rule.evaluate(handOver(-300, 180, true));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("at least 3m3.799s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals("2026-09-19T10:04:40.900Z", f.fact("nextProcessed").orElseThrow().value());
        assertEquals("2026-09-19T10:02:00.000Z", f.fact("lastProcessedBefore").orElseThrow().value());
    }

    /**
     * The negative control of the clock behind: a third run, on a clock nothing ties, processed the Workflow too (its line reads
     * at 10:01:00). It may have processed it between the deletion and B's processing: the 20 s read stays, no stall.
     */
    @Test
    void aGapHiddenByAClockBehindIsNotFoundWhereAnUntiedRunProcessedTheWorkflow() {
        Correlation c = new Evidence().log("workflow-controller-7b9d-aaaaa.log", leaderA(true))
                .log("workflow-controller-7b9d-bbbbb.log", standbyB(-180, 180))
                .log("other.log", processing(at(60, 0), "Running")).correlate();
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** A died without stopped leading: its last line while leading bounds the clocks the same way. */
    @Test
    void aLeaderThatDiedBoundsTheClocksByItsLastLine() {
        HandOvers h = HandOvers.of(handOver(180, 0, false));
        assertEquals(1, h.all().size(), h.all().toString());
        assertTrue(!h.all().get(0).stopped() && h.all().get(0).aheadAtLeastNanos() == Long.MIN_VALUE, h.all().toString());
        assertTrue(rule.evaluate(handOver(180, 0, false)).findings().isEmpty());
    }

    /** A standby that never named the holder it waited for (its election lines missing) is tied to nothing. */
    @Test
    void noHandOverWithoutTheStandbyNamingTheHolder() {
        String[] b = standbyB(180, 0);
        List<String> kept = new ArrayList<>();
        for (String l : b) {
            if (!l.contains("leader=workflow-controller-7b9d-aaaaa")) {
                kept.add(l);
            }
        }
        Correlation c = new Evidence().log("workflow-controller-7b9d-aaaaa.log", leaderA(true))
                .log("workflow-controller-7b9d-bbbbb.log", kept.toArray(String[]::new)).correlate();
        assertTrue(HandOvers.of(c).all().isEmpty());
        // Untied, the gap is read as written, and the reason names the clocks nothing ties.
        Finding f = rule.evaluate(c).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertTrue(f.confidenceReason().contains("which nothing in the inputs ties"), f.confidenceReason());
    }
}
