package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 54: which margin orders a node's time (a container's {@code finishedAt}, written by its kubelet on the node's clock) against
 * the deletion request (the API server's clock: an audit record's receipt, {@code deletionTimestamp} less the grace period) in
 * {@code ExecutionOrder}. A node's clock may be off the API server's by up to a minute where nothing checks it
 * ({@code PodSnapshot.NODE_CLOCK_NANOS}); two times closer than that are not ordered by their values, only by what one clock orders.
 * What the analyzer sees is the written gap (finishedAt less the request); each case names the true orders it cannot tell apart.
 * dana deletes the Pod at 16:39:55 (audit), the API server giving grace 30 s (deletionTimestamp 16:40:25).
 */
class NodeClockOrderTest {
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String DANA = "dana@example.com";
    /**
     * The containers' start as the node wrote it, 64 s after the Pod's creation (16:27:10): session 57, a start is after the creation,
     * so the premise of a node up to a minute ahead is a start written that late (a node in step with the API server would write
     * 16:27:14, which bounds it to 5 s ahead: NodeClock's upper bound).
     */
    private static final String STARTED = "2026-09-19T16:28:14Z";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** The deleted Pod's export: deletionTimestamp {@code ts} with grace {@code grace}, main's exit and end, wait's end (node clock). */
    private static Correlation deleted(String ts, long grace, int mainExit, String mainEnd, String waitEnd, String requestedAt) {
        String pod = Exports.Pod.of().startedAt(STARTED).phase(mainExit == 0 ? "Succeeded" : "Failed").deleted(ts, grace)
                .terminated("main", mainExit, mainExit == 0 ? "Completed" : "Error", mainEnd).terminated("wait", 0, "Completed", waitEnd).yaml();
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", pod)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", DANA, requestedAt, 200)).correlate();
    }

    /** Deleted with grace 30 at 16:39:55: main's exit and end, wait's end. */
    private static Correlation graced(int mainExit, String mainEnd, String waitEnd) {
        return deleted("2026-09-19T16:40:25Z", 30, mainExit, mainEnd, waitEnd, "2026-09-19T16:39:55.000000Z");
    }

    private static Execution execution(Correlation c) {
        return c.lifecycles().values().iterator().next().execution();
    }

    private static void noneAbovePossible(DeclaredRule rule, Correlation c) {
        rule.evaluate(c).findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.rule() + ": " + f.confidenceReason()));
    }

    @Test
    void mainsExitZeroWithinANodesMinuteOfTheRequestOrdersNothingByItsValue() {
        // Written 17 s and 55 s after the request with wait 15 s after main, 5 s and 40 s before it: exact, main answered the SIGTERM
        // with exit 0 (after) or ended on its own with wait still saving outputs (before); a node 30 s ahead or behind turns each into
        // the other, and wait's 15 s leave main room to have ended on its own before a request the API server still graced.
        for (String[] end : new String[][] {{"2026-09-19T16:40:12Z", "2026-09-19T16:40:27Z"}, {"2026-09-19T16:40:50Z", "2026-09-19T16:41:05Z"},
            {"2026-09-19T16:39:50Z", "2026-09-19T16:40:03Z"}, {"2026-09-19T16:39:15Z", "2026-09-19T16:39:17Z"}}) {
            Correlation c = graced(0, end[0], end[1]);
            Execution e = execution(c);
            assertEquals(State.UNDETERMINED, e.state(), end[0] + ": " + e.reason());
            assertTrue(e.reason().contains("within what that clock may be off the API server's"), e.reason());
            noneAbovePossible(new PodDeletedDuringExecution(), c);
            noneAbovePossible(new SuccessReportedAsError(), c);
        }
    }

    @Test
    void mainsExitZeroAfterTheRequestWithEveryContainerEndedMomentsAfterItIsLikelyOnTheGracesGround() {
        // Written 3 s and 55 s after the request, wait 2 s after main (samples/deleted-sigterm-exit-zero's shape). Whatever the node's
        // clock, the grace period says the API server did not hold the Pod terminal at the request, so wait ended no earlier than the
        // kubelet's report lag before it and main no earlier than 2 s before that: main ending on its own in those 4 s is the
        // coincidence read past: likely, not confirmed.
        for (String[] end : new String[][] {{"2026-09-19T16:39:58Z", "2026-09-19T16:40:00Z"}, {"2026-09-19T16:40:50Z", "2026-09-19T16:40:52Z"}}) {
            Correlation c = graced(0, end[0], end[1]);
            Execution e = execution(c);
            assertEquals(State.RUNNING, e.state(), end[0] + ": " + e.reason());
            assertTrue(e.crossClock() && e.weak(), e.reason());
            assertTrue(e.reason().contains("the grace period says the API server did not hold the Pod finished at the request"), e.reason());
            Finding f = new PodDeletedDuringExecution().evaluate(c).findings().get(0);
            assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
            noneAbovePossible(new SuccessReportedAsError(), c);
        }
        // Control: the same ends written before the request's second (a node behind, or a kubelet slow to report): nothing.
        assertEquals(State.UNDETERMINED, execution(graced(0, "2026-09-19T16:39:52Z", "2026-09-19T16:39:54Z")).state());
    }

    @Test
    void pastANodesMinuteTheExportOrdersTheEndAfterTheRequest() {
        // 95 s after the request: off by up to a minute, main still ran 35 s past it, exit 0 or a signal's. Session 56: past the
        // minute alone, nothing bounding the node's clock, likely (was confirmed); NodeEventsClockTest bounds it and confirms.
        // Session 57: the containers' start, written 64 s after the Pod's creation, bounds the node to 1m5.4s ahead at most (a start
        // comes after the creation): main's end 95 s after the request is after it on that bound, confirmed, the reason naming it.
        for (int exit : new int[] {0, 137}) {
            Correlation c = graced(exit, "2026-09-19T16:41:30Z", "2026-09-19T16:41:31Z");
            assertEquals(State.RUNNING, execution(c).state(), execution(c).reason());
            assertFalse(execution(c).weak(), execution(c).reason());
            // Session 59: the start 13 minutes before the end bounds the clock there only while nothing stepped it away since
            // (NodeClock.NodeOrder.FAR): the order rests on that, as the margin's on the clock agreeing.
            assertTrue(execution(c).nodeMargin(), execution(c).reason());
            assertTrue(execution(c).reason().contains("no more than 1m5.398s ahead of it (its kubelet's main's startedAt 2026-09-19T16:28:14Z, "
                    + "after the Pod was created at 2026-09-19T16:27:10Z)"), execution(c).reason());
            Finding f = new PodDeletedDuringExecution().evaluate(c).findings().get(0);
            assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        }
        // A start written 110 s after the creation (a slow pull, or a node that far ahead): the Pod's own records let the node be
        // further ahead than the 95 s; nothing orders the end after the request, and nothing above possible says it did.
        String late = Exports.Pod.of().startedAt("2026-09-19T16:29:00Z").phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:41:30Z").terminated("wait", 0, "Completed", "2026-09-19T16:41:31Z").yaml();
        Correlation c = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", late)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:39:55.000000Z", 200)).correlate();
        new PodDeletedDuringExecution().evaluate(c).findings()
                .forEach(f -> assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason()));
    }

    @Test
    void aSignalsExitWithinANodesMinuteAfterTheRequestIsMostLikelyItsKillNotConfirmed() {
        // 137 written 30 s after the request: the deletion's kill on a node whose clock is right, the executor's own kill 0-30 s before
        // the request on one 30-60 s ahead (wait still running, so the grace period): likely, no longer confirmed.
        Correlation c = graced(137, "2026-09-19T16:40:25Z", "2026-09-19T16:40:26Z");
        Execution e = execution(c);
        assertEquals(State.RUNNING, e.state(), e.reason());
        assertTrue(e.weak(), e.reason());
        assertTrue(e.reason().contains("most likely the kill of that deletion"), e.reason());
        Finding f = new PodDeletedDuringExecution().evaluate(c).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        // 3 s before the request (two clocks' seconds): as before, most likely its kill.
        assertEquals(State.RUNNING, execution(graced(137, "2026-09-19T16:39:52Z", "2026-09-19T16:39:53Z")).state());
    }

    @Test
    void aSignalsExitWrittenWellBeforeTheRequestButWithinTheMinuteOrdersNothing() {
        // 137 written 30 s before the request: the executor's kill with wait still running, or the deletion's on a node 30 s behind.
        Correlation c = graced(137, "2026-09-19T16:39:25Z", "2026-09-19T16:40:20Z");
        assertEquals(State.UNDETERMINED, execution(c).state(), execution(c).reason());
        noneAbovePossible(new PodDeletedDuringExecution(), c);
    }

    @Test
    void everyContainerEndedBeforeAGracedRequestOnlyPastTheMinuteAndThenTheGraceDisagrees() {
        // The containers written as ended 18 s before the request (the breaker's node 30 s behind, main answering SIGTERM): nothing.
        Correlation near = graced(0, "2026-09-19T16:39:35Z", "2026-09-19T16:39:37Z");
        assertFalse(execution(near).state() == State.FINISHED_BEFORE, execution(near).reason());
        noneAbovePossible(new SuccessReportedAsError(), near);
        // 95 s before: past the node's minute, but the API server gave a grace period, which it gives only to a Pod it does not hold
        // terminal, and the kubelet writes the terminal phase within seconds of the end: the two disagree (a node more than a minute
        // behind, or a kubelet not reporting): undetermined, said so.
        Correlation far = graced(0, "2026-09-19T16:38:18Z", "2026-09-19T16:38:20Z");
        Execution e = execution(far);
        assertEquals(State.UNDETERMINED, e.state(), e.reason());
        assertTrue(e.reason().contains("which it gives only to a Pod whose phase it does not hold terminal"), e.reason());
        noneAbovePossible(new SuccessReportedAsError(), far);
    }

    @Test
    void aTerminalPodDeletedAtOnceLongAfterItsEndIsFinishedBefore() {
        // Control (#17024's shape): a Succeeded Pod deleted with grace 0 (the API server's for a terminal Pod) 95 s after its
        // containers ended as their node wrote it, past the node's minute: finished before the request, AF002 likely (session 56: the
        // minute alone, nothing bounding the node's clock; was confirmed).
        Correlation c = deleted("2026-09-19T16:39:55Z", 0, 0, "2026-09-19T16:38:18Z", "2026-09-19T16:38:20Z", "2026-09-19T16:39:55.000000Z");
        Execution e = execution(c);
        assertEquals(State.FINISHED_BEFORE, e.state(), e.reason());
        assertFalse(e.weak(), e.reason());
        assertTrue(e.nodeMargin(), e.reason());
        Finding f = new SuccessReportedAsError().evaluate(c).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        // The same 40 s after the end: within the node's minute, no longer ordered by the values.
        Correlation near = deleted("2026-09-19T16:38:58Z", 0, 0, "2026-09-19T16:38:18Z", "2026-09-19T16:38:20Z", "2026-09-19T16:38:58.000000Z");
        assertFalse(execution(near).state() == State.FINISHED_BEFORE && !execution(near).weak(), execution(near).reason());
    }
}
