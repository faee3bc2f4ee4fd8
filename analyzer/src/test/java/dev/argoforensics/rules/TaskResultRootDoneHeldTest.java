package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * AF006 (session 53, the s52 sweep's gap of #13373's shape): from v3.5.6 {@code markWorkflowPhase} returns before it sets a
 * completed phase while a task result of the Workflow is incomplete or a node is still daemoned, its line saying so at Debug. Once
 * the entry node is fulfilled, each pass runs the Workflow-level hooks and the exit handler first (both logged at Info, and each
 * returns while its node is not fulfilled), then that check. So at Info a Workflow left Running after its entry node ended shows the
 * root node's {@code node p phase Running -> Failed}, no {@code Updated phase} and no {@code Marking workflow completed} in that pass
 * or the later ones: a result of the Workflow (or a daemon) held the completion, whose the lines do not say: {@code possible}, about
 * the Workflow. Controls: a failed node whose retry is pending, a {@code continueOn} failure, parallel siblings still running (the
 * entry node does not end: no root line), an exit handler or a Workflow-level hook running in the passes, the Workflow marked
 * completed within the threshold, a release known to set the phase first, and a daemon before the root line (not decided).
 */
class TaskResultRootDoneHeldTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String banner(String release) {
        return line("16:00:00.000", "Starting Workflow Controller", "defaultRequeueTime=10s version=" + release);
    }

    private static String processing(String t, String rv) {
        return line(t, "Processing workflow", "Phase=Running ResourceVersion=" + rv + " namespace=ns workflow=p");
    }

    private static String reconciled(String t) {
        return line(t, "Task-result reconciliation", "namespace=ns numObjs=1 workflow=p");
    }

    private static String updated(String t, String phase, String rv) {
        return line(t, "Workflow update successful", "namespace=ns phase=" + phase + " resourceVersion=" + rv + " workflow=p");
    }

    private static String nodePhase(String t, String node, String from, String to) {
        return line(t, "node " + node + " phase " + from + " -> " + to, "namespace=ns workflow=p");
    }

    /** Another Workflow's pass: the run goes on logging. */
    private static String other(String t) {
        return line(t, "Processing workflow", "Phase=Running ResourceVersion=1 namespace=ns workflow=q");
    }

    /**
     * The Workflow p: its step's Pod created at 16:27:10; at 16:30:00 the step (p-1111, under the steps group p-2222) read Failed
     * (OOMKilled), and, where {@code rootEnds}, the group and the entry node p with it, the pass writing the phase Running; then
     * {@code extra} applied to each pass of the Workflow from there, and passes every minute to 16:45, the run logging on to 17:00.
     */
    private static List<String> lines(String release, boolean rootEnds, UnaryOperator<List<String>> pass) {
        List<String> l = new ArrayList<>();
        l.add(banner(release));
        l.add(processing("16:27:10.100", "4990"));
        l.add(reconciled("16:27:10.101"));
        l.add(line("16:27:10.200", "Created pod: p[0].step (p-step-1111)", "namespace=ns workflow=p"));
        l.add(updated("16:27:10.300", "Running", "4991"));
        List<String> failing = new ArrayList<>();
        failing.add(processing("16:30:00.000", "4991"));
        failing.add(reconciled("16:30:00.001"));
        failing.add(line("16:30:00.002", "Pod failed: OOMKilled (exit code 137)", "displayName=step namespace=ns pod=p-step-1111 templateName=step workflow=p"));
        failing.add(nodePhase("16:30:00.003", "p-1111", "Running", "Failed"));
        if (rootEnds) {
            failing.add(nodePhase("16:30:00.004", "p-2222", "Running", "Failed"));
            failing.add(nodePhase("16:30:00.005", "p", "Running", "Failed"));
            failing.add(line("16:30:00.005", "node p finished: 2026-09-19 16:30:00.005 +0000 UTC", "namespace=ns workflow=p"));
        }
        failing.add(updated("16:30:00.100", "Running", "5001"));
        l.addAll(pass.apply(failing));
        for (int m = 31; m <= 45; m++) {
            List<String> p = new ArrayList<>();
            p.add(processing("16:" + m + ":00.000", "5001"));
            p.add(reconciled("16:" + m + ":00.001"));
            l.addAll(pass.apply(p));
        }
        l.add(other("17:00:00.000"));
        return l;
    }

    /** A line at the time of the pass's first line. */
    private static String sameTime(List<String> pass, String msg, String keys) {
        String first = pass.get(0);
        return line(first.substring("time=\"2026-09-19T".length(), first.indexOf("Z\"")), msg, keys);
    }

    private Evaluation logs(List<String> lines) {
        Evidence e = new Evidence().log("c.log", lines.toArray(String[]::new));
        String banner = lines.stream().filter(l -> l.contains("Starting Workflow Controller")).findFirst().orElse(null);
        return rule.evaluate((banner == null ? e : e.release(banner.substring(banner.indexOf("version=") + "version=".length()))).correlate());
    }

    @Test
    void aWorkflowLeftRunningAfterItsEntryNodeFailedIsAResultOfItHeld() {
        Evaluation e = logs(lines("v3.5.8", true, UnaryOperator.identity()));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertNull(f.node(), "the lines do not say whose result");
        assertEquals("ns/p", f.workflow().toString());
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("14m59.995s", f.fact("pendingFor").orElseThrow().value(), "from the root line to the last pass, whose run logs on 15 minutes after it");
        assertTrue(f.confidenceReason().contains("the Workflow's entry node p ended Failed at"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the run's release, v3.5.8, waits so"), f.confidenceReason());
    }

    @Test
    void withNoReleaseStatedItIsPossibleSayingSo() {
        List<String> l = lines("v3.5.8", true, UnaryOperator.identity());
        l.remove(0);
        Evaluation e = logs(l);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).confidenceReason().contains("is not known to be v3.5.6 or later"), e.findings().get(0).confidenceReason());
    }

    /** A failed node whose retry is pending, or a continueOn failure, or parallel siblings still running: the entry node goes on. */
    @Test
    void aFailedNodeWhoseEntryNodeGoesOnIsNoHeldCompletion() {
        Evaluation e = logs(lines("v3.5.8", false, UnaryOperator.identity()));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** The siblings (or the step after a continueOn failure) end at 16:44: the entry node ends and the Workflow is marked completed. */
    @Test
    void theEntryNodeEndingLaterWithTheWorkflowMarkedCompletedIsNothing() {
        List<String> l = lines("v3.5.8", false, UnaryOperator.identity());
        int at = l.indexOf(processing("16:44:00.000", "5001")) + 2;
        l.addAll(at, List.of(nodePhase("16:44:00.003", "p-3333", "Running", "Succeeded"), nodePhase("16:44:00.005", "p", "Running", "Failed"),
                line("16:44:00.006", "Updated phase Running -> Failed", "namespace=ns workflow=p"),
                line("16:44:00.007", "Marking workflow completed", "namespace=ns workflow=p"), updated("16:44:00.100", "Failed", "5101")));
        l.removeIf(x -> x.contains("16:45:00"));
        Evaluation e = logs(l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** An exit handler: every pass once the entry node ended logs it, and the exit node may be what the completion waits for. */
    @Test
    void anExitHandlerRunningInThePassesIsNotAResultHeld() {
        Evaluation e = logs(lines("v3.5.8", true, p -> {
            List<String> q = new ArrayList<>(p);
            q.add(q.size() - (q.size() > 2 ? 1 : 0), sameTime(p, "Running OnExit handler: exit-handler", "namespace=ns workflow=p"));
            return q;
        }));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** A Workflow-level hook run in the passes: operate returns before the phase while its node is not fulfilled. */
    @Test
    void aWorkflowLevelHookRunningInThePassesIsNotAResultHeld() {
        Evaluation e = logs(lines("v3.5.8", true, p -> {
            List<String> q = new ArrayList<>(p);
            q.add(sameTime(p, "Running workflow level hooks", "lifeCycleHook=running namespace=ns node=p.hooks.running workflow=p"));
            return q;
        }));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Marked completed 5 minutes after the entry node ended: the result came within the threshold. */
    @Test
    void markedCompletedWithinTheThresholdIsNothing() {
        List<String> l = lines("v3.5.8", true, UnaryOperator.identity());
        int at = l.indexOf(processing("16:35:00.000", "5001")) + 2;
        l.addAll(at, List.of(line("16:35:00.006", "Updated phase Running -> Failed", "namespace=ns workflow=p"),
                line("16:35:00.007", "Marking workflow completed", "namespace=ns workflow=p"), updated("16:35:00.100", "Failed", "5101")));
        l.removeIf(x -> x.contains("workflow=p") && x.compareTo("time=\"2026-09-19T16:36") > 0 && !x.contains("17:00"));
        Evaluation e = logs(l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** v3.5.4 sets the phase first (and logs it): a root line without it is held by something else, not read as this shape. */
    @Test
    void aReleaseThatSetsThePhaseFirstIsNotThisShape() {
        Evaluation e = logs(lines("v3.5.4", true, UnaryOperator.identity()));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** A daemon of the Workflow before the entry node ended: it holds the completion as a result does; not decided, saying so. */
    @Test
    void aDaemonBeforeTheEntryNodeEndedLeavesItUndecided() {
        List<String> l = lines("v3.5.8", true, UnaryOperator.identity());
        l.add(5, line("16:27:30.000", "Node became daemoned", "namespace=ns nodeId=p-4444 workflow=p"));
        Evaluation e = logs(l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("node p-4444 of it became daemoned at 2026-09-19T16:27:30.000Z")), () -> e.cleared().toString());
    }
}
