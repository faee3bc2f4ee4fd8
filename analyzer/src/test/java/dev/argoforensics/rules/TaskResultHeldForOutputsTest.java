package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * From v3.6.11 (v3.7.1 without "required") the controller keeps a node whose Pod Succeeded in its phase while the outputs its
 * template declares are not set, and says so at every pass: {@code leaving phase un-changed: required outputs are not yet set},
 * naming no node (the shape of argoproj/argo-workflows#14990's paste, a reference; these lines are this test's own). The outputs
 * come with the step's task result: still pending, or synced without them. Such a pass does not stop on the result, and before
 * session 33 it counted as one that went past the Pods unhindered, which settles a result AF006 saw pending; and a Workflow held
 * so got no word from AF006. Now the pass settles nothing, and AF006 says it did not decide and what would.
 */
class TaskResultHeldForOutputsTest {
    private static final String W = "reshape-demo-m2x9d";
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static String line(String time, String msg, String keys) {
        return "time=\"2025-09-03T" + time + "Z\" level=info msg=\"" + msg + "\" " + keys + (keys.isEmpty() ? "" : " ")
                + "namespace=argo workflow=" + W;
    }

    /** One pass of the Workflow: processed, task results read, then {@code also} (the pass's own lines). */
    private static List<String> pass(String time, String... also) {
        List<String> lines = new ArrayList<>();
        lines.add(line(time, "Processing workflow", "Phase=Running ResourceVersion=70418"));
        lines.add(line(time, "Task-result reconciliation", "numObjs=1"));
        lines.addAll(List.of(also));
        lines.add(line(time, "Workflow step group node " + W + "-1577331226 not yet completed", ""));
        return lines;
    }

    private static String held(String time) {
        return line(time, "leaving phase un-changed: required outputs are not yet set", "new.phase=Succeeded");
    }

    private static Correlation correlate(List<List<String>> passes) {
        return new Evidence().log("controller.log", passes.stream().flatMap(List::stream).toArray(String[]::new)).correlate();
    }

    @Test
    void passesThatKeepANodeForItsOutputsAreNotDecidedAndSaySo() {
        Correlation c = correlate(List.of(pass("08:14:25.300", held("08:14:25.301")), pass("08:15:25.307", held("08:15:25.308")),
                pass("08:16:25.314", held("08:16:25.315")), pass("08:17:25.321", held("08:17:25.322"))));
        WorkflowHistory w = c.workflows().values().iterator().next();
        TaskResultLines lines = TaskResultLines.of(w);
        assertEquals(4, lines.heldForOutputs().size());
        assertTrue(lines.reconciles().stream().noneMatch(TaskResultLines.Reconcile::passed), "no pass settles the node held");
        Evaluation e = rule.evaluate(c);
        assertEquals(0, e.findings().size(), "pending or synced without the outputs: the lines do not tell which");
        assertTrue(e.cleared().stream().anyMatch(x -> x.reason().startsWith("not decided: the controller kept a node of Workflow argo/"
                + W + " in its phase 4 time(s), 2025-09-03T08:14:25.301Z to 2025-09-03T08:17:25.322Z")), () -> e.cleared().toString());
    }

    @Test
    void aNodeLetGoByALaterPassIsNotSaidUndecided() {
        // The outputs arrived: the next pass went past the Pods and the one after it found nothing to hold.
        Correlation c = correlate(List.of(pass("08:14:25.300", held("08:14:25.301")), pass("08:15:25.307", held("08:15:25.308")),
                pass("08:16:25.314"), pass("08:17:25.321")));
        Evaluation e = rule.evaluate(c);
        assertEquals(0, e.findings().size());
        assertTrue(e.cleared().stream().noneMatch(x -> x.reason().startsWith("not decided: the controller kept")), () -> e.cleared().toString());
    }

    @Test
    void aPassThatKeptANodeForItsOutputsDoesNotSettleAResultSeenPending() {
        String retry = line("08:02:00.105", "pod reconciliation didn't complete, will retry", "");
        List<List<String>> stoppedThenHeld = List.of(pass("08:02:00.100", retry), pass("08:20:00.100", held("08:20:00.101")),
                pass("08:21:00.100", held("08:21:00.101")));
        TaskResultLines lines = TaskResultLines.of(correlate(stoppedThenHeld).workflows().values().iterator().next());
        assertEquals(1, lines.stopped().size());
        assertTrue(lines.reconciles().stream().noneMatch(TaskResultLines.Reconcile::passed));
        Evaluation e = rule.evaluate(correlate(stoppedThenHeld));
        assertTrue(e.cleared().stream().noneMatch(x -> x.reason().contains("settled")), () -> e.cleared().toString());

        // Control: the same passes without the line went past the Pods: they settle the result seen pending.
        List<List<String>> stoppedThenPassed = List.of(pass("08:02:00.100", retry), pass("08:20:00.100"), pass("08:21:00.100"));
        TaskResultLines passed = TaskResultLines.of(correlate(stoppedThenPassed).workflows().values().iterator().next());
        assertTrue(passed.reconciles().stream().anyMatch(TaskResultLines.Reconcile::passed));
        assertFalse(passed.heldForOutputs().iterator().hasNext());
        Evaluation settled = rule.evaluate(correlate(stoppedThenPassed));
        assertEquals(0, settled.findings().size());
        assertTrue(settled.cleared().stream().noneMatch(x -> x.reason().startsWith("not decided: the controller kept")));
    }
}
