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
import dev.argoforensics.testing.Evidence;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF003 for a stall that began under replica A and went on under B after a Lease hand-over (session 46). A leads from 10:00,
 * processes the Workflow at 10:02 and creates its Pod, and stops leading at 10:06:24.001; standby B, waiting since 09:59:10,
 * acquires at 10:06:40.000 and starts ({@code Current Worker Numbers} at 10:06:40.100): its informer's first listing queues every
 * Workflow not completed. The Pod's deletion is handled by A or by B; B processes the Workflow once or twice. Clocks right unless
 * a test says otherwise; B's own lines place its start-up and its passes on one clock.
 */
class StallAcrossHandOverTest {
    private final ReconciliationStalled rule = new ReconciliationStalled(RuleSettings.defaults());

    private static final Instant BASE = Instant.parse("2026-09-19T10:00:00Z");

    /** The time {@code seconds} after 10:00:00. */
    private static String at(double seconds) {
        return BASE.plus(Duration.ofMillis(Math.round(seconds * 1000))).toString().replace("Z", "") + (seconds == Math.floor(seconds) ? ".000Z" : "Z");
    }

    private static String line(double t, String rest) {
        return "time=" + at(t) + " level=INFO msg=" + rest;
    }

    /** The pod event handler's lines for the Pod's deletion at {@code t} (its finalizer due already: released at once). */
    private static List<String> deletion(double t) {
        return List.of(podEvent(at(t), "update"), removingFinalizers(at(t + 0.001)), queuingPodDelay(at(t + 0.001), "removeFinalizer", "-5s"),
                queueingAfter(at(t + 0.002), "removeFinalizer", "-5s"));
    }

    /** Replica A: leads from 10:00, processes the Workflow at 10:02, the Pod's deletion at {@code deletedAt} if not NaN, stops at 10:06:24.001. */
    private static String[] leaderA(double deletedAt) {
        List<String> l = new ArrayList<>(List.of(
                line(0.01, "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"),
                line(0.02, "\"Successfully acquired lease\" lock=argo/workflow-controller"),
                line(0.021, "\"new leader\" leader=workflow-controller-7b9d-aaaaa"),
                line(0.022, "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
                workers(at(0.1), 2),
                processing(at(120), "Running"), createdPod(at(120.05)), workflowUpdated(at(120.1), "Running")));
        if (!Double.isNaN(deletedAt) && deletedAt < 300) {
            l.addAll(deletion(deletedAt));
        }
        l.add(line(300, "\"Alloc=9120 TotalAlloc=30422 Sys=40113 NumGC=15 Goroutines=137\""));
        if (!Double.isNaN(deletedAt) && deletedAt >= 300) {
            l.addAll(deletion(deletedAt));
        }
        l.add(line(383.9, "\"Failed to renew lease\" err=\"context deadline exceeded\" lock=argo/workflow-controller"));
        l.add(line(384.001, "\"stopped leading\" id=workflow-controller-7b9d-aaaaa"));
        return l.toArray(String[]::new);
    }

    /**
     * Standby B: waits from 09:59:10 (naming A, unless {@code named} is false), acquires at 10:06:40, starts at 10:06:40.100, handles
     * the deletion at {@code deletedAt} if not NaN, processes the Workflow at each of {@code passes}; its stats ticker at 10:10:00.
     */
    private static String[] standbyB(boolean named, double deletedAt, double... passes) {
        List<String> l = new ArrayList<>();
        l.add(line(-50, "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"));
        if (named) {
            l.add(line(-49.99, "\"new leader\" leader=workflow-controller-7b9d-aaaaa"));
        }
        l.addAll(List.of(line(400, "\"Successfully acquired lease\" lock=argo/workflow-controller"),
                line(400.001, "\"new leader\" leader=workflow-controller-7b9d-bbbbb"),
                line(400.002, "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
                workers(at(400.1), 2)));
        List<double[]> timed = new ArrayList<>();
        if (!Double.isNaN(deletedAt)) {
            timed.add(new double[] {deletedAt, -1});
        }
        for (double p : passes) {
            timed.add(new double[] {p, 1});
        }
        timed.add(new double[] {600, 0});
        timed.sort((x, y) -> Double.compare(x[0], y[0]));
        for (double[] t : timed) {
            if (t[1] < 0) {
                l.addAll(deletion(t[0]));
            } else if (t[1] > 0) {
                l.add(processing(at(t[0]), "Running"));
                l.add(workflowUpdated(at(t[0] + 0.1), "Running"));
            } else {
                l.add(line(t[0], "\"Alloc=9920 TotalAlloc=31022 Sys=40113 NumGC=16 Goroutines=141\""));
            }
        }
        return l.toArray(String[]::new);
    }

    private static Correlation correlate(String[] a, String[] b) {
        return new Evidence().log("workflow-controller-7b9d-aaaaa.log", a).log("workflow-controller-7b9d-bbbbb.log", b).correlate();
    }

    /**
     * The lease-lost shape: A's last pass at 10:02, the hand-over, B's pod controller handles the deletion at 10:08:00 and B first
     * processes the Workflow at 10:09:30.9, 1m30s after the deletion but 2m50.8s after its start-up. The wait began at B's
     * start-up (the Workflow was on its queue from there), so it is a stall; before, counted from the deletion, it was none.
     */
    @Test
    void aStallUnderTheNewLeaderIsCountedFromItsStartUp() {
        Evaluation e = rule.evaluate(correlate(leaderA(Double.NaN), standbyB(true, 480, 570.9)));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("2m50.8s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals("2026-09-19T10:06:40.100Z", f.fact("queuedAtStartUp").orElseThrow().value());
        assertEquals("2026-09-19T10:02:00.000Z", f.fact("lastProcessedBefore").orElseThrow().value());
        assertEquals("2026-09-19T10:08:00.001Z", f.fact("podControllerFrom").orElseThrow().value());
        assertEquals("4m40.1s", f.fact("handOverGap").orElseThrow().value());
        String why = f.confidenceReason();
        assertTrue(why.contains("last processed at 2026-09-19T10:02:00.000Z by run workflow-controller-7b9d-aaaaa")
                && why.contains("stopped leading at 2026-09-19T10:06:24.001Z") && why.contains("waited in the new leader's queue from its start-up")
                && why.contains("1m30.899s before that pass"), why);
        assertTrue(f.summary().contains("not reconciled for 2m50.8s from 2026-09-19T10:06:40.100Z"), f.summary());
        assertTrue(f.evidence().stream().anyMatch(l -> l.role().contains("stops leading"))
                && f.evidence().stream().anyMatch(l -> l.role().contains("starts (its informer queues")), f.evidence().toString());
    }

    /**
     * Brief case 1 with the deletion under A: A handles it at 10:05:20 and stops 1m3.9s later; B takes the Workflow up 2m30.9s after
     * it acquired. The finding names both runs' parts, each on its own clock.
     */
    @Test
    void aStallThatBeganUnderTheOldLeaderNamesBothRunsParts() {
        Evaluation e = rule.evaluate(correlate(leaderA(320.1), standbyB(true, Double.NaN, 550.9)));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("1m3.9s", f.fact("unreconciledUnderEarlierRun").orElseThrow().value());
        assertEquals("2m30.9s", f.fact("unreconciledUnderLaterRun").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("left the Workflow unprocessed past the threshold too"), f.confidenceReason());
    }

    /** Control: A stalled past the threshold, B took the Workflow up at its start-up. AF003 as before, the reason saying it was A's. */
    @Test
    void aStallUnderTheOldLeaderOnlyIsToldAsItsOwn() {
        Evaluation e = rule.evaluate(correlate(leaderA(180.1), standbyB(true, Double.NaN, 401.9)));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("3m23.9s", f.fact("unreconciledUnderEarlierRun").orElseThrow().value());
        assertEquals("1.9s", f.fact("unreconciledUnderLaterRun").orElseThrow().value());
        assertTrue(f.fact("queuedAtStartUp").isEmpty());
        assertTrue(f.confidenceReason().contains("the stall was the first run's; run workflow-controller-7b9d-bbbbb.log #1")
                && f.confidenceReason().contains("1.9s after it acquired the Lease"), f.confidenceReason());
    }

    /** Control: an ordinary hand-over, the deletion under B just after its start and the Workflow processed at start-up: silent. */
    @Test
    void aHandOverOfNormalLengthIsNoStall() {
        Evaluation e = rule.evaluate(correlate(leaderA(Double.NaN), standbyB(true, 401, 401.9)));
        assertTrue(e.findings().isEmpty() && e.cleared().isEmpty(), () -> e.findings() + " " + e.cleared());
        Evaluation a = rule.evaluate(correlate(leaderA(380.1), standbyB(true, Double.NaN, 401.9)));
        assertTrue(a.findings().isEmpty() && a.cleared().isEmpty(), () -> a.findings() + " " + a.cleared());
    }

    /** Control: B's first pass 1m50.8s after its start-up, within the threshold: silent, whatever the hand-over gap before. */
    @Test
    void aStartUpWaitWithinTheThresholdIsNoStall() {
        Evaluation e = rule.evaluate(correlate(leaderA(Double.NaN), standbyB(true, 480, 510.9)));
        assertTrue(e.findings().isEmpty() && e.cleared().isEmpty(), () -> e.findings() + " " + e.cleared());
    }

    /** Control: B processed the Workflow at its start-up, then the deletion, then its next pass 1m30.9s later: the start-up wait had ended. */
    @Test
    void aPassAtStartUpEndsTheStartUpWait() {
        Evaluation e = rule.evaluate(correlate(leaderA(Double.NaN), standbyB(true, 480, 401.9, 570.9)));
        assertTrue(e.findings().isEmpty() && e.cleared().isEmpty(), () -> e.findings() + " " + e.cleared());
    }

    /**
     * Control: B never names the holder it waited for, so no hand-over ties A's clock to B's. B's own clock shows 2m50.8s from its
     * start-up to its pass, but whether the Workflow was active then rests on A's pass coming before it: not decided, saying so.
     */
    @Test
    void untiedClocksLeaveTheStartUpWaitUndecided() {
        Evaluation e = rule.evaluate(correlate(leaderA(Double.NaN), standbyB(false, 480, 570.9)));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(why.startsWith("not decided: controller run workflow-controller-7b9d-bbbbb.log #1 started at 2026-09-19T10:06:40.100Z")
                && why.contains("2m50.8s later by its own clock") && why.contains("on a clock nothing ties")
                && why.contains("new leader line naming the holder"), why);
    }

    /**
     * Control: only B's log and an export of the Pod (which ties it to its Workflow), no pass of the Workflow before B's start-up in
     * the inputs: not decided, naming the missing log.
     */
    @Test
    void noPassBeforeTheStartUpLeavesItUndecided() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", dev.argoforensics.testing.Exports.Pod.of().yaml())
                .log("workflow-controller-7b9d-bbbbb.log", standbyB(true, 480, 570.9)).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        assertTrue(e.cleared().get(0).reason().contains("no pass of it before run workflow-controller-7b9d-bbbbb.log #1's start-up is in the inputs"),
                e.cleared().get(0).reason());
    }

    /**
     * s46-breaker11, a namesake created after B's start-up: B's first pass of the name at 10:09:30.9 states no phase (a Workflow no
     * controller has operated on), while A had written the Workflow it processed Running. That pass is a new object's, created just
     * before it (its informer's add queued it at once), not the end of a wait that began at B's start-up. Not likely: possible, the
     * reason naming the namesake. Control: the same lines with B's pass stating Running stay the likely stall.
     */
    @Test
    void aNamesakesFirstPassDoesNotEndAStartUpWait() {
        String[] b = standbyB(true, 480, 570.9);
        String pass = dev.argoforensics.testing.V4.processing(at(570.9), "Running");
        String[] namesake = java.util.Arrays.stream(b).map(l -> l.equals(pass) ? dev.argoforensics.testing.V4.processing(at(570.9), "\"\"") : l)
                .toArray(String[]::new);
        assertTrue(!java.util.Arrays.equals(b, namesake));
        Evaluation e = rule.evaluate(correlate(leaderA(Double.NaN), namesake));
        assertTrue(e.findings().stream().allMatch(f -> f.confidence() == Confidence.POSSIBLE && f.confidenceReason().contains("is a Workflow's first pass")),
                () -> e.findings().toString());
        Evaluation control = rule.evaluate(correlate(leaderA(Double.NaN), b));
        assertEquals(Confidence.LIKELY, control.findings().get(0).confidence());
    }

    /**
     * s46-breaker11, argo retry after B's start-up: A wrote the Workflow Failed at 10:03:20.1 (labelled completed, so B's informer
     * never queued it at start-up); the retry at 10:09:25 resets it and deletes its failed Pod (B's pod controller at 10:09:26), and
     * B processes it at 10:09:30.9, 2m50.8s after its start-up. The wait began at the retry, not at the start-up: no stall (the
     * Workflow's last phase before the deletion is Failed, Reconciliation.active).
     */
    @Test
    void aWorkflowCompletedBeforeTheStartUpAndRetriedAfterIsNoStartUpStall() {
        List<String> a = new ArrayList<>(List.of(leaderA(Double.NaN)));
        int stats = a.indexOf(line(300, "\"Alloc=9120 TotalAlloc=30422 Sys=40113 NumGC=15 Goroutines=137\""));
        a.addAll(stats, List.of(dev.argoforensics.testing.V4.processing(at(200), "Running"), workflowUpdated(at(200.1), "Failed")));
        Evaluation e = rule.evaluate(correlate(a.toArray(String[]::new), standbyB(true, 566, 570.9)));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        // Control: without A's write of Failed the Workflow was active and queued at the start-up: the likely start-up stall.
        Evaluation active = rule.evaluate(correlate(leaderA(Double.NaN), standbyB(true, 566, 570.9)));
        assertEquals(Confidence.LIKELY, active.findings().get(0).confidence());
    }
}
