package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 39: main's exit code as the controller records it on the node ({@code status.nodes[id].outputs.exitCode}). Each assessment
 * of the Pod copies main's exit code from the Pod once the informer shows main terminated ({@code getExitCode}, v3.4 to v4.1), and
 * a node whose Pod still runs {@code wait} keeps its phase and is stored with it. Where an export of the Workflow holds the code 0
 * and the node was then lost {@code pod deleted}, main had ended 0 before the Pod left; only an export holding it taken before the
 * deletion orders that end before the deletion (a main answering the deletion's SIGTERM with exit 0 is recorded the same way).
 */
class RecordedMainExitTest {
    private final SuccessReportedAsError rule = new SuccessReportedAsError();

    /** The Workflow with its one Pod node {@code p}: phase, message, the recorded exit code (null: none), finishedAt (null: none). */
    private static String workflow(String nodePhase, String message, String exitCode, String finishedAt, String startedAt) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n"
                + "status:\n  phase: " + ("Error".equals(nodePhase) || "Failed".equals(nodePhase) ? nodePhase : "Running")
                + "\n  startedAt: \"2026-09-19T16:27:10Z\"\n  nodes:\n    p:\n      id: p\n      name: p\n"
                + "      type: Pod\n      templateName: main\n      phase: " + nodePhase + "\n      message: \"" + message + "\"\n"
                + "      startedAt: \"" + startedAt + "\"\n"
                + (finishedAt == null ? "" : "      finishedAt: \"" + finishedAt + "\"\n")
                + (exitCode == null ? "" : "      outputs: {exitCode: \"" + exitCode + "\"}\n");
    }

    private static final String STARTED = "2026-09-19T16:27:10Z";
    /** Taken while main had ended 0 and wait still saved its outputs: the node kept Running, main's exit code stored. */
    private static final String RUNNING_EXIT_0 = workflow("Running", "", "0", null, STARTED);
    private static final String LOST_EXIT_0 = workflow("Error", "pod deleted", "0", "2026-09-19T16:33:02Z", STARTED);
    /** The Pod's deletion, by an audit record: a janitor at 16:31:04. */
    private static final String DELETE = Exports.audit("delete", "", "system:serviceaccount:ns:janitor", "2026-09-19T16:31:04Z", 200);

    private static String[] lostLines() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:33:02.246Z"),
            markingError("2026-09-19T16:33:02.246Z"), nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error")};
    }

    /**
     * An export taken minutes before the deletion holds main's exit 0 on the Running node: main's end precedes the deletion, stated
     * as a fact and cited. Recheck (session 39): it was likely; the node kept Running with main's code shows wait had not ended then,
     * and nothing shows it ended before the deletion (a slow upload of main's outputs cut short is a true "pod deleted"): possible.
     */
    @Test
    void mainsExitZeroRecordedBeforeTheDeletionIsAPossibleSuccessNamingWait() {
        // The audit log holds the Pod's creation too, so its delete is the first request (session 42 breaker: a delete alone is not).
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines()).takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", RUNNING_EXIT_0)
                .workflow("wf.yaml", LOST_EXIT_0).object("audit.json", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.json", DELETE).correlate());
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("still saving main's outputs"), f.confidenceReason());
        assertEquals("0", f.fact("recordedMainExitCode").orElseThrow().value());
        assertEquals("2026-09-19T16:28:00Z", f.fact("recordedBeforeDeletion").orElseThrow().value());
        assertTrue(f.confidenceReason().startsWith("the exported Workflow holds main's exit code 0 on the node in an export its file or the "
                + "command line states was taken at 2026-09-19T16:28:00Z"), f.confidenceReason());
        assertTrue(f.summary().startsWith("The controller recorded exit code 0 for the main container of Pod ns/p on its node"), f.summary());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("wf-early.yaml:1")), f.evidence().toString());
    }

    /** Control: the same without any export of the Workflow holding a code: nothing says how the containers ended. */
    @Test
    void withoutARecordedExitCodeNothingIsSaid() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines())
                .takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", workflow("Running", "", null, null, STARTED))
                .workflow("wf.yaml", workflow("Error", "pod deleted", null, "2026-09-19T16:33:02Z", STARTED)).object("audit.json", DELETE).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        assertTrue(e.cleared().isEmpty(), e.cleared().toString());
    }

    /**
     * Look-alike: only the export after the loss holds the code. A main that traps the deletion's SIGTERM and exits 0 is recorded
     * the same way, while wait still runs: possible, the reason naming it.
     */
    @Test
    void aCodeOnlyTheFinalExportHoldsDoesNotOrderMainsEndBeforeTheDeletion() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines()).workflow("wf.yaml", LOST_EXIT_0).object("audit.json", DELETE)
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("a main that answers the deletion's SIGTERM with exit 0"), f.confidenceReason());
        assertTrue(f.fact("recordedBeforeDeletion").isEmpty());
    }

    /** Look-alike: the early export taken after the deletion was requested orders nothing either. */
    @Test
    void anExportHoldingTheCodeAfterTheDeletionOrdersNothing() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines()).takenAt("wf-early.yaml", "2026-09-19T16:32:00Z", RUNNING_EXIT_0)
                .workflow("wf.yaml", LOST_EXIT_0).object("audit.json", DELETE).correlate());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * Look-alike (v4: a completed node whose task result is unsynced is marked lost too): the node recorded Failed for another
     * container, main's exit 0 on it, then {@code pod deleted}. Main's exit 0 is not the Pod's success: nothing.
     */
    @Test
    void aNodeFailedByItsOwnPodBeforeItWasLostTakesNothingFromMainsExit() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:33:02.246Z",
                        "Failed", false), markingError("2026-09-19T16:33:02.246Z"), nodePhaseChanged("2026-09-19T16:33:02.247Z", "Failed", "Error"))
                .takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", workflow("Failed", "sidecar: Error (exit code 1)", "0", "2026-09-19T16:27:50Z", STARTED))
                .workflow("wf.yaml", LOST_EXIT_0).object("audit.json", DELETE).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        // The same from the line alone: the node was Failed when it was found missing.
        e = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:33:02.246Z",
                        "Failed", false), markingError("2026-09-19T16:33:02.246Z"), nodePhaseChanged("2026-09-19T16:33:02.247Z", "Failed", "Error"))
                .takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", RUNNING_EXIT_0).workflow("wf.yaml", LOST_EXIT_0).object("audit.json", DELETE)
                .correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
    }

    /** Look-alike: a main that exited non-zero: no success, and nothing to clear (the node's record says nothing else). */
    @Test
    void aNonZeroRecordedExitIsNoSuccess() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines())
                .takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", workflow("Running", "", "1", null, STARTED))
                .workflow("wf.yaml", workflow("Error", "pod deleted", "1", "2026-09-19T16:33:02Z", STARTED)).object("audit.json", DELETE).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
    }

    /**
     * Look-alike (argo retry): an export of the node's earlier attempt (another start time) holds main's exit 0; the latest export,
     * of this Pod's attempt, holds none. The earlier attempt's code is not this Pod's: nothing.
     */
    @Test
    void anEarlierAttemptsCodeIsNotThisPods() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines())
                .takenAt("wf-early.yaml", "2026-09-19T16:20:00Z", workflow("Running", "", "0", null, "2026-09-19T16:10:00Z"))
                .workflow("wf.yaml", workflow("Error", "pod deleted", null, "2026-09-19T16:33:02Z", STARTED)).object("audit.json", DELETE).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        // And with this attempt's code on the final export, the earlier attempt's export does not order it.
        e = rule.evaluate(new Evidence().log("1.log", lostLines())
                .takenAt("wf-early.yaml", "2026-09-19T16:20:00Z", workflow("Running", "", "0", null, "2026-09-19T16:10:00Z"))
                .workflow("wf.yaml", LOST_EXIT_0).object("audit.json", DELETE).correlate());
        assertEquals(List.of(Confidence.POSSIBLE), e.findings().stream().map(Finding::confidence).toList());
    }

    /** Look-alike: a namesake Workflow (another UID than the Pod's owner) holds the code: not this Pod's node, nothing. */
    @Test
    void aNamesakeWorkflowsCodeIsNotThisPods() {
        String pod = Exports.Pod.of().phase("Running").running("main").running("wait").yaml().replace("  labels:",
                "  ownerReferences: [{apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: p, uid: w-1, controller: true}]\n  labels:");
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines()).pod("pod.yaml", pod)
                .workflow("wf.yaml", LOST_EXIT_0.replace("uid: w-1", "uid: w-2")).object("audit.json", DELETE).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        // Control: the owner's own export holding it gives the finding.
        e = rule.evaluate(new Evidence().log("1.log", lostLines()).pod("pod.yaml", pod).workflow("wf.yaml", LOST_EXIT_0)
                .object("audit.json", DELETE).correlate());
        assertEquals(1, e.findings().size());
    }

    /**
     * Recheck (session 39): main's exit 0 recorded before the deletion shows main ended, not the Pod. An export of the Pod taken
     * after the request shows main terminated 0 and {@code wait} still running when the deletion came (a slow upload of main's
     * outputs): the deletion cut the step short and {@code pod deleted} is true. Not likely: possible, the reason naming it.
     */
    @Test
    void mainsRecordedExitBeforeTheDeletionWithWaitStillRunningIsNoLikelySuccess() {
        String pod = Exports.Pod.of().phase("Running").deleted("2026-09-19T16:31:34Z", 30).terminated("main", 0, "Completed",
                "2026-09-19T16:27:50Z").running("wait").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("1.log", lostLines()).takenAt("wf-early.yaml", "2026-09-19T16:28:00Z", RUNNING_EXIT_0)
                .takenAt("pod.yaml", "2026-09-19T16:31:10Z", pod).workflow("wf.yaml", LOST_EXIT_0).object("audit.json", DELETE).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() != Confidence.POSSIBLE), e.findings().toString());
    }
}
