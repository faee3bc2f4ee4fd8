package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code kubectl get wf} row's MESSAGE as the only record of how a Workflow of one Pod ended: the controller gives an ended
 * Workflow its root node's phase and message, so for the Pod named after its Workflow the row states the node's end, with no time
 * and no record of the node itself (session 29 kept the MESSAGE; no rule read it). A Steps or DAG Workflow's message is its root's,
 * never a Pod node's; a shutdown's message says nothing of the node.
 */
class WorkflowMessageOutcomeTest {
    @TempDir
    Path dir;

    private static String pod(String name, String nodeName, int mainExit, String mainReason, String phase) {
        return "# kubectl get pod " + name + " -n batch-reports -o yaml\n# taken-at: 2026-11-28T13:52:10Z\n"
                + "apiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n    workflows.argoproj.io/node-name: " + nodeName + "\n"
                + "  creationTimestamp: \"2026-11-28T13:39:05Z\"\n  deletionGracePeriodSeconds: 30\n"
                + "  deletionTimestamp: \"2026-11-28T13:52:25Z\"\n  finalizers:\n  - workflows.argoproj.io/status\n"
                + "  labels:\n    workflows.argoproj.io/workflow: weekly-rollup-x9k2m\n  name: " + name + "\n  namespace: batch-reports\n"
                + "  ownerReferences:\n  - apiVersion: argoproj.io/v1alpha1\n    kind: Workflow\n    name: weekly-rollup-x9k2m\n"
                + "    uid: 5b1e9a3c-7d2f-4c6e-8a0b-3f5d7e9a1c24\n  uid: 0c2e4a6b-8d1f-4e3a-9c5b-7e9a1c3e5f60\n"
                + "spec:\n  containers:\n  - name: wait\n  - name: main\n  nodeName: ip-10-4-7-19.ec2.internal\n"
                + "status:\n  containerStatuses:\n  - name: main\n    state:\n      terminated:\n        exitCode: " + mainExit + "\n"
                + "        finishedAt: \"2026-11-28T13:51:40Z\"\n        reason: " + mainReason + "\n        startedAt: \"2026-11-28T13:39:09Z\"\n"
                + "  - name: wait\n    state:\n      terminated:\n        exitCode: 0\n        finishedAt: \"2026-11-28T13:51:41Z\"\n"
                + "        reason: Completed\n        startedAt: \"2026-11-28T13:39:08Z\"\n  phase: " + phase + "\n";
    }

    private static String table(String status, String message) {
        return "# taken-at: 2026-11-28T14:20:00Z\n$ kubectl get wf -n batch-reports\n"
                + "NAME                  STATUS      AGE   MESSAGE\n"
                + String.format("%-22s%-12s%-6s%s%n", "weekly-rollup-x9k2m", status, "41m", message)
                + "nightly-trim-p2r7d    Succeeded   3h    \n";
    }

    private RuleOutcome af002(String pod, String table) throws IOException {
        return af002(pod, table, null);
    }

    private RuleOutcome af002(String pod, String table, String log) throws IOException {
        Files.writeString(dir.resolve("pod.yaml"), pod, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("session.txt"), table, StandardCharsets.UTF_8);
        List<String> inputs = new java.util.ArrayList<>(List.of(dir.resolve("pod.yaml").toString(), dir.resolve("session.txt").toString()));
        if (log != null) {
            Files.writeString(dir.resolve("controller.log"), log, StandardCharsets.UTF_8);
            inputs.add(dir.resolve("controller.log").toString());
        }
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(inputs);
        return r.outcomes().stream().filter(o -> o.rule().equals("AF002")).findFirst().orElseThrow();
    }

    /**
     * Exit 0 in the Pod's export, the Workflow of that one Pod Error "pod deleted": AF002, possible at most here (nothing shows the
     * Workflow was not itself being deleted in the foreground, which records the same), the row cited, its want of time said.
     */
    @Test
    void theRowsMessageIsTheRootPodsNodeEndWithNoTime() throws IOException {
        RuleOutcome o = af002(pod("weekly-rollup-x9k2m", "weekly-rollup-x9k2m", 0, "Completed", "Succeeded"), table("Error", "pod deleted"));
        assertEquals(1, o.findings().size(), o.toString());
        Finding f = o.findings().get(0);
        assertEquals("batch-reports/weekly-rollup-x9k2m", f.pod().toString());
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("Error", f.fact("finalNodePhase").orElseThrow().value());
        assertEquals("pod deleted", f.fact("finalNodeMessage").orElseThrow().value());
        assertEquals("the Workflow's own phase and message (its root node's; no time)", f.fact("outcomeFrom").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("the Workflow ended Error with the message \"pod deleted\""), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("carries no time and is no record of the node"), f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(e -> e.source().toString().endsWith("session.txt:4")
                && e.text().equals("Workflow weekly-rollup-x9k2m: phase Error, message \"pod deleted\"; printed at 2026-11-28T14:20:00Z")),
                f.evidence().toString());
    }

    private static final String RUNNING_LOG = "time=\"2026-11-28T13:39:05.061Z\" level=info msg=\"Created pod: weekly-rollup-x9k2m "
            + "(weekly-rollup-x9k2m)\" namespace=batch-reports workflow=weekly-rollup-x9k2m\n"
            + "time=\"2026-11-28T13:39:15.246Z\" level=info msg=\"node weekly-rollup-x9k2m phase Pending -> Running\" "
            + "namespace=batch-reports workflow=weekly-rollup-x9k2m\n";

    /**
     * A controller excerpt cut while the node ran (its last word on the node: Running) and the Workflow listed Error later: the row
     * is how the root ended. Listed before that line (a stated time), it is not: the Workflow would have gone back to running.
     */
    @Test
    void aRowListedAfterTheLastLineSawTheNodeRunningSaysHowItEnded() throws IOException {
        String exitZero = pod("weekly-rollup-x9k2m", "weekly-rollup-x9k2m", 0, "Completed", "Succeeded");
        RuleOutcome after = af002(exitZero, table("Error", "pod deleted"), RUNNING_LOG);
        assertEquals(1, after.findings().size(), after.toString());
        assertEquals("pod deleted", after.findings().get(0).fact("finalNodeMessage").orElseThrow().value());
        RuleOutcome before = af002(exitZero, table("Error", "pod deleted").replace("2026-11-28T14:20:00Z", "2026-11-28T13:39:10Z"), RUNNING_LOG);
        assertEquals(List.of(), before.findings(), "a Workflow listed Error before the controller saw its root node running");
        // Session 31 review: stated 30 s after that line is within what the user's clock may be off: possibly listed before it.
        RuleOutcome near = af002(exitZero, table("Error", "pod deleted").replace("2026-11-28T14:20:00Z", "2026-11-28T13:39:45Z"), RUNNING_LOG);
        assertEquals(List.of(), near.findings(), "a row stated within a user's clock's error of the node's last line");
    }

    /**
     * Session 31 review: a one-Pod Workflow whose exit handler failed takes the handler's phase and message (operator.go
     * {@code markWorkflowFailed(ctx, onExitNode.Message)} where the root succeeded, v3.4 to v4.1), which a row cannot tell from
     * the root's: the reason says so, beside what would settle it.
     */
    @Test
    void theReasonNamesAFailedExitHandlerAsTheRowsOtherSource() throws IOException {
        RuleOutcome o = af002(pod("weekly-rollup-x9k2m", "weekly-rollup-x9k2m", 0, "Completed", "Succeeded"), table("Error", "pod deleted"));
        Finding f = o.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("an exit handler (spec.onExit) that failed gives a Workflow whose root node succeeded its own "
                + "phase and message the same way"), f.confidenceReason());
    }

    /** A step's Pod (its node not the root): the Workflow's message is its root node's own, so nothing is said of this node. */
    @Test
    void aStepsPodTakesNothingFromItsWorkflowsMessage() throws IOException {
        RuleOutcome o = af002(pod("weekly-rollup-x9k2m-sum-1177203345", "weekly-rollup-x9k2m[0].sum", 0, "Completed", "Succeeded"),
                table("Error", "pod deleted"));
        assertEquals(List.of(), o.findings());
        assertEquals(List.of(), o.cleared());
    }

    /** The Workflow's message a real failure of the Pod's (OOMKilled, exit 137): examined and cleared by the exit code. */
    @Test
    void aRealFailureInTheMessageIsClearedByTheExitCodes() throws IOException {
        RuleOutcome o = af002(pod("weekly-rollup-x9k2m", "weekly-rollup-x9k2m", 137, "OOMKilled", "Failed"),
                table("Failed", "OOMKilled (exit code 137)"));
        assertEquals(List.of(), o.findings());
        assertEquals(1, o.cleared().size(), o.toString());
        Clearance c = o.cleared().get(0);
        assertTrue(c.reason().contains("the node ended Failed \"OOMKilled (exit code 137)\" and the exported Pod shows main exit 137"), c.reason());
    }

    /** argo stop or terminate: the Workflow's message is the shutdown's, not its root node's: no outcome is taken from it. */
    @Test
    void aShutdownsMessageSaysNothingOfTheNode() throws IOException {
        RuleOutcome o = af002(pod("weekly-rollup-x9k2m", "weekly-rollup-x9k2m", 0, "Completed", "Succeeded"),
                table("Failed", "Stopped with strategy 'Terminate'"));
        assertEquals(List.of(), o.findings());
        assertEquals(List.of(), o.cleared());
    }
}
