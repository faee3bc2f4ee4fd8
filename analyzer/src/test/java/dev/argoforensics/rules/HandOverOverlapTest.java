package dev.argoforensics.rules;

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
 * AF012 across a Lease hand-over (session 39). Replica A, its clock right, leads from 10:00, processes Workflow ns/p every 10 s
 * from 10:05:30 (the last version it writes is 301176) and stops leading at 10:06:24; standby B acquires the Lease at 10:06:40
 * (real time), processes the Workflow from A's last version, has one update refused as stale, and goes on every 10 s. B's clock
 * is set right or behind, and A may go on working after its stop. The overlap of the two runs' lines counts on one clock, as far
 * as the hand-over bounds the clocks (client-go: a standby acquires no earlier than the holder stopped).
 */
class HandOverOverlapTest {
    private final TwoActiveControllers rule = new TwoActiveControllers();

    private static final Instant BASE = Instant.parse("2026-09-19T10:00:00Z");

    /** The time {@code seconds} after 10:00:00 (real time) on a clock {@code skew} seconds ahead. */
    private static String at(double seconds, long skew) {
        String t = BASE.plus(Duration.ofMillis(Math.round((seconds + skew) * 1000))).toString();
        return t.length() == 20 ? t.replace("Z", ".000Z") : t;
    }

    private static String line(String t, String level, String rest) {
        return "time=" + t + " level=" + level + " msg=" + rest;
    }

    private static String processing(String t, int rv) {
        return line(t, "INFO", "\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=Running resourceVersion=" + rv);
    }

    private static String updated(String t, int rv) {
        return line(t, "INFO", "\"Workflow update successful\" component=workflow_worker workflow=p namespace=ns phase=Running resourceVersion=" + rv);
    }

    /** Replica A: leads from 10:00, processes the Workflow from 10:05:30 to 10:06:20, stops leading at 10:06:24, then works on until {@code until}. */
    private static String[] leaderA(double until) {
        List<String> l = new ArrayList<>(List.of(
                line(at(0.01, 0), "INFO", "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"),
                line(at(0.02, 0), "INFO", "\"Successfully acquired lease\" lock=argo/workflow-controller"),
                line(at(0.021, 0), "INFO", "\"new leader\" leader=workflow-controller-7b9d-aaaaa"),
                line(at(0.022, 0), "INFO", "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
                processing(at(330.4, 0), 301142), updated(at(330.5, 0), 301150),
                processing(at(340.5, 0), 301171), updated(at(340.6, 0), 301176)));
        for (double t = 350.6; t < 384; t += 10) {
            l.add(processing(at(t, 0), 301176));
        }
        l.add(line(at(384, 0), "INFO", "\"Failed to renew lease\" err=\"context deadline exceeded\" lock=argo/workflow-controller"));
        l.add(line(at(384.001, 0), "INFO", "\"stopped leading\" id=workflow-controller-7b9d-aaaaa"));
        for (double t = 391.7; t <= until; t += 10) {
            l.add(processing(at(t, 0), 301176));
        }
        return l.toArray(String[]::new);
    }

    /** Standby B, its clock {@code skew} seconds ahead: waits from {@code from} (real), acquires at 10:06:40, works for 3.5 minutes. */
    private static String[] standbyB(long skew, double from) {
        List<String> l = new ArrayList<>(List.of(
                    line(at(from + 0.01, skew), "INFO", "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"),
                line(at(from + 0.02, skew), "INFO", "\"new leader\" leader=workflow-controller-7b9d-aaaaa"),
                line(at(400, skew), "INFO", "\"Successfully acquired lease\" lock=argo/workflow-controller"),
                line(at(400.001, skew), "INFO", "\"new leader\" leader=workflow-controller-7b9d-bbbbb"),
                line(at(400.002, skew), "INFO", "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
                processing(at(400.9, skew), 301176), updated(at(401, skew), 301197),
                processing(at(410.9, skew), 301176),
                line(at(410.95, skew), "WARN", "\"Error updating workflow\" component=workflow_worker workflow=p namespace=ns reason=Conflict"
                        + " error=\"Operation cannot be fulfilled on workflows.argoproj.io \\\"p\\\": the object has been modified; please apply your"
                        + " changes to the latest version and try again\""),
                line(at(410.96, skew), "INFO", "\"Re-applying updates on latest version and retrying update\" component=workflow_worker workflow=p namespace=ns"),
                updated(at(411, skew), 301203)));
        for (double t = 421; t < 610; t += 10) {
            l.add(processing(at(t, skew), 301203));
        }
        return l.toArray(String[]::new);
    }

    private static Evaluation evaluate(long skew, double aUntil, double bFrom) {
        Correlation c = new Evidence().log("workflow-controller-7b9d-aaaaa.log", leaderA(aUntil))
                .log("workflow-controller-7b9d-bbbbb.log", standbyB(skew, bFrom)).correlate();
        return new TwoActiveControllers().evaluate(c);
    }

    /** The look-alike: B's clock 3 minutes behind. Read as written both wrote about p for 50 s; on one clock B came after A. */
    @Test
    void anOverlapMadeByTheNewLeadersClockBehindIsAHandOver() {
        Evaluation e = evaluate(-180, 0, -50);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        String why = e.cleared().stream().map(Clearance::reason).filter(r -> r.contains("on one clock")).findFirst().orElseThrow(
                () -> new AssertionError(e.cleared().toString()));
        assertTrue(why.contains("for 50.2s as their lines are written") && why.contains("at most -2m43.001s ahead")
                && why.contains("began at least 3.301s after") && why.contains("one controller after the other"), why);
    }

    /** B's clock 40 s behind: 20 s read as written, still one after the other on one clock. */
    @Test
    void aSmallerSkewBehindIsAHandOverToo() {
        Evaluation e = evaluate(-40, 0, -50);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("began at least 3.301s after")), e.cleared().toString());
    }

    /** Both clocks right, a plain hand-over: no overlap as written, cleared as before (no hand-over bound needed). */
    @Test
    void aHandOverWithClocksRightIsClearedAsBefore() {
        Evaluation e = evaluate(0, 0, -50);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("one after the other") && c.reason().contains("a hand-over, not two")),
                e.cleared().toString());
    }

    /**
     * The control: both clocks right, A went on working for a minute after it stopped leading. B waited through A's last renewal,
     * so it acquired within 38 s of A's stop: on one clock they overlapped by at least 19 s. It stays confirmed.
     */
    @Test
    void anOldLeaderWorkingOnAfterItsStopStaysConfirmed() {
        Evaluation e = evaluate(0, 444, -50);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.CONFIRMED, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).fact("readAcrossHandOver").isEmpty());
    }

    /**
     * The same with B's clock a minute behind, and B started only as A stopped: it did not wait through A's last renewal, so how
     * late it acquired is not bounded, nor how far behind its clock may be. The overlap read (1m43s) may be none: possible.
     */
    @Test
    void anOverlapTheClocksBoundOnlyOneWayIsPossible() {
        HandOvers.HandOver h = HandOvers.of(new Evidence().log("workflow-controller-7b9d-aaaaa.log", leaderA(444))
                .log("workflow-controller-7b9d-bbbbb.log", standbyB(-60, 384)).correlate()).all().get(0);
        assertTrue(h.stopped() && !h.waited(), h.toString());
        Evaluation e = evaluate(-60, 444, 384);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("possibly none") && f.confidenceReason().contains("stopped leading at 2026-09-19T10:06:24.001Z"),
                f.confidenceReason());
        assertEquals("none", f.fact("overlapOnOneClockAtLeast").orElseThrow().value());
    }

    /** The same with both clocks right and B waited: the bound both ways keeps it confirmed. */
    @Test
    void theSameWithTheStandbyWaitingIsConfirmed() {
        Evaluation e = evaluate(-60, 444, -50);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.CONFIRMED, e.findings().get(0).confidence());
    }

    private static dev.argoforensics.time.Timestamp t(long seconds) {
        return dev.argoforensics.time.Timestamp.of(BASE.getEpochSecond() + seconds, 0, dev.argoforensics.time.TimePrecision.MILLISECOND,
                dev.argoforensics.time.ZoneBasis.STATED);
    }

    /** The overlap on one clock: concave in the skew, its most at a bound or a turn, its least at a bound. */
    @Test
    void theOverlapOnOneClock() {
        long s = 1_000_000_000L;
        // A's window 0..50 s, B's 60..270 s as written; B's clock 55 s to 100 s ahead of A's.
        long[] o = TwoActiveControllers.Pair.onOneClock(t(0), t(50), t(60), t(270), new HandOvers.Skew(55 * s, 100 * s, null, null));
        // B 55 s ahead: B from 5 s on A's clock, 45 s of overlap; 100 s ahead: B from -40 s, A's whole 50 s window.
        assertEquals(45 * s, o[0]);
        assertEquals(50 * s, o[1]);
        // Unbounded below (B may be any amount behind): the least is unbounded too.
        o = TwoActiveControllers.Pair.onOneClock(t(0), t(50), t(60), t(270), new HandOvers.Skew(Long.MIN_VALUE, 100 * s, null, null));
        assertEquals(Long.MIN_VALUE, o[0]);
        assertEquals(50 * s, o[1]);
        // B's short window 60..70 s, 10 s to 200 s ahead: its most (10 s, B inside A's) at a turn, 0 and -130 s at the bounds.
        o = TwoActiveControllers.Pair.onOneClock(t(0), t(50), t(60), t(70), new HandOvers.Skew(10 * s, 200 * s, null, null));
        assertEquals(10 * s, o[1]);
        assertEquals(-130 * s, o[0]);
    }
}
