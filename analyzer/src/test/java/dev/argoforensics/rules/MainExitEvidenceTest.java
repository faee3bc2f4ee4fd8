package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 43: where AF007 reads main's exit code. No WorkflowTaskResult carries it: the executor reports the template's outputs
 * (parameters, artifacts, result), and from v3.3 (the first release with task results) to v4.1.2 none writes {@code outputs.exitCode}
 * (read at v3.5.15, v3.6.19, v3.7.18, v4.1.2: {@code ReportOutputs} copies {@code Template.Outputs}; only v3.0's
 * {@code CaptureScriptExitCode}, which wrote Pod annotations, ever set it). The controller copies main's code from its informer's
 * Pod into the node's {@code outputs.exitCode} ({@code getExitCode}); the task-result reconciliation keeps it. AF007 used to clear a
 * Pod on a task result's exit code 0, a field no release writes there; it reads the node's code instead, and only from an export
 * of the Workflow taken before the deletion was requested (one taken later may hold a code main gave the deletion's SIGTERM).
 */
class MainExitEvidenceTest {
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static final String STARTED = "2026-09-19T16:27:10Z";

    /** The Workflow with its one Pod node {@code p}: phase, message, main's exit code as the controller stored it (null: none). */
    private static String workflow(String nodePhase, String message, String exitCode, String finishedAt) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n"
                + "status:\n  phase: " + ("Error".equals(nodePhase) ? nodePhase : "Running")
                + "\n  startedAt: \"" + STARTED + "\"\n  nodes:\n    p:\n      id: p\n      name: p\n"
                + "      type: Pod\n      templateName: main\n      phase: " + nodePhase + "\n      message: \"" + message + "\"\n"
                + "      startedAt: \"" + STARTED + "\"\n"
                + (finishedAt == null ? "" : "      finishedAt: \"" + finishedAt + "\"\n")
                + (exitCode == null ? "" : "      outputs: {exitCode: \"" + exitCode + "\"}\n");
    }

    /** The node lost {@code pod deleted}; the final export holds whatever code the controller stored before. */
    private static String lost(String exitCode) {
        return workflow("Error", "pod deleted", exitCode, "2026-09-19T16:33:02Z");
    }

    /** A janitor's delete at 16:31:04, after the Pod's creation (both in the audit log). */
    private static Evidence base() {
        return new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:33:02.246Z"),
                        markingError("2026-09-19T16:33:02.246Z"), nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"))
                .object("audit.json", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.json", Exports.audit("delete", "", "system:serviceaccount:ns:janitor", "2026-09-19T16:31:04Z", 200))
                // Main still running at 16:27:40: the last word on it from a Pod export, long before the deletion.
                .takenAt("pod.yaml", "2026-09-19T16:27:40Z", Exports.Pod.of().running("main").running("wait").yaml());
    }

    /** Without more, main running minutes before the deletion, nothing after: AF007 reports it, the order being unshown. */
    @Test
    void mainRunningBeforeTheDeletionWithNothingAfterIsReported() {
        Evaluation e = rule.evaluate(base().workflow("wf.yaml", lost(null)).correlate());
        assertEquals(1, e.findings().size(), e.cleared().toString());
    }

    /**
     * Main's exit code 0 stored on the node still Running in an export taken at 16:28, before the deletion: the controller copied it
     * from a Pod whose main had terminated, so main had ended before the deletion, which did not end it. Cleared, citing that export.
     */
    @Test
    void mainsExitStoredOnTheNodeBeforeTheDeletionClearsIt() {
        Evaluation e = rule.evaluate(base().takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", workflow("Running", "", "0", null))
                .workflow("wf.yaml", lost("0")).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        String cleared = e.cleared().get(0).reason() + " " + e.cleared().get(0);
        assertTrue(cleared.contains("taken at 2026-09-19T16:28:00Z by the time its file or the command line states, before the deletion"), cleared);
        assertTrue(cleared.contains("holds main's exit code 0 on the node while it was still Running"), cleared);
        assertTrue(cleared.contains("wf-early.yaml"), cleared);
    }

    /** Negative control: the same code only in an export taken after the deletion (it may be main's answer to its SIGTERM). */
    @Test
    void mainsExitStoredOnlyAfterTheDeletionClearsNothing() {
        Evaluation e = rule.evaluate(base().takenAt("wf-late.yaml", "2026-09-19T16:32:00Z", workflow("Running", "", "0", null))
                .workflow("wf.yaml", lost("0")).correlate());
        assertEquals(1, e.findings().size(), e.cleared().toString());
    }

    /**
     * Negative control: a WorkflowTaskResult with {@code outputs.exitCode} "0", a shape no executor writes, is not read as main's
     * exit: before session 43 it cleared the Pod ("the executor reported exit code 0").
     */
    @Test
    void aTaskResultsExitCodeIsNotMainsExit() {
        Evaluation e = rule.evaluate(base().object("tr.yaml", Exports.taskResult("true", "0")).workflow("wf.yaml", lost(null)).correlate());
        assertEquals(1, e.findings().size(), e.cleared().toString());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("task result")), e.cleared().toString());
    }
}
