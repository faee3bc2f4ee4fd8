package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.ForbiddenWrite;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/** AF011: the wait container exited 64 because the task-result write was forbidden; and exits 64 for other reasons. */
class TaskResultWriteForbiddenTest {
    private final TaskResultWriteForbidden rule = new TaskResultWriteForbidden();

    private static final String REFUSAL = "workflowtaskresults.argoproj.io is forbidden: User \"system:serviceaccount:ns:runner\" cannot create"
            + " resource \"workflowtaskresults\" in API group \"argoproj.io\" in the namespace \"ns\"";

    /** v3.7 logrus text: the node's message as the controller logs it. */
    private static String podFailed(String t, String message) {
        return "time=\"" + t + "\" level=info msg=\"Pod failed: " + message.replace("\"", "\\\"") + "\" displayName=p namespace=ns pod=p"
                + " templateName=main workflow=p";
    }

    private static String forced(String t, int exitCode) {
        return "time=" + t + " level=WARN msg=\"marking its taskResult as completed since aux container did not exit normally\""
                + " component=workflow_worker workflow=p namespace=ns nodeID=p container=wait exitCode=" + exitCode + " reason=Error";
    }

    private static String executorLine(String t, String error) {
        return "time=" + t + " level=WARN msg=\"failed to patch task result, see https://argo-workflows.readthedocs.io/en/latest/workflow-rbac/\""
                + " attempt=0 error=\"" + error.replace("\"", "\\\"") + "\"";
    }

    @Test
    void theControllersLinesAloneAreLikelyAndNameTheServiceAccount() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): " + REFUSAL), forced("2026-09-19T16:27:40.101Z", 64)).correlate());
        Finding f = e.findings().get(0);
        assertEquals("AF011", f.rule());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("ns/runner", f.fact("serviceAccount").orElseThrow().value());
        assertEquals("create workflowtaskresults.argoproj.io in namespace ns", f.fact("refusedVerb").orElseThrow().value());
        assertEquals(64, f.fact("waitExitCode").orElseThrow().value());
        assertTrue(f.explanation().contains("a Role in namespace ns granting create and patch on workflowtaskresults"), f.explanation());
        assertEquals(2, f.evidence().size());
    }

    @Test
    void anExportOfThePodConfirmsIt() {
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:27:38Z")
                .terminated("wait", 64, "Error, message: '" + REFUSAL + "'", "2026-09-19T16:27:39Z").yaml();
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), forced("2026-09-19T16:27:40.101Z", 64))
                .pod("pod.yaml", pod).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals("the controller log, the exported Pod", f.fact("shownIn").orElseThrow().value());
    }

    @Test
    void anExportGivingTheWaitExitAnotherReasonDoesNotAgree() {
        // s41 breaker: the controller's Pod failed states the refusal; an export of a Pod of the name shows wait exit 64 for an artifact
        // upload (one termination message per container: one of the two is another Pod's, the Workflow run again under its name).
        // "The controller log and the exported Pod agree" was confirmed.
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:27:38Z")
                .terminated("wait", 64, "Error, message: 'failed to save outputs: Access Denied'", "2026-09-19T16:27:39Z").yaml();
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): " + REFUSAL), forced("2026-09-19T16:27:40.101Z", 64))
                .pod("pod.yaml", pod).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("another reason (failed to save outputs: Access Denied)"), f.confidenceReason());
        assertEquals("the controller log", f.fact("shownIn").orElseThrow().value());
    }

    @Test
    void anExportOfALaterPodOfTheNameWhoseWaitExitedZeroIsNotThePodRefused() {
        // Session 44 breaker: the controller's Pod failed states the refusal; the RoleBinding is added, the Workflow retried, and the
        // export is of the new Pod of the same name, its wait container exited 0. The finding named the exported Pod's UID, saying
        // that Pod's wait container exited 64.
        String pod = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:43:38Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:43:39Z").yaml();
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): " + REFUSAL), forced("2026-09-19T16:27:40.101Z", 64))
                .pod("pod.yaml", pod).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("", f.podUid(), "the refused Pod is not the exported one");
        assertEquals("ns/p", f.pod().toString());
        assertTrue(f.confidenceReason().contains("an export of a Pod of this name (uid u-1) shows its wait container exited 0"), f.confidenceReason());
        assertEquals("the controller log", f.fact("shownIn").orElseThrow().value());
        assertTrue(f.fact("otherPodOfTheName").orElseThrow().value().toString().contains("wait container exited 0"), f.facts().toString());
    }

    @Test
    void anExportWhoseWaitIsStillRunningIsNoOtherPod() {
        // Control: the export taken before the wait container ended says nothing against the refusal; the finding keeps its UID.
        String pod = Exports.Pod.of().phase("Running").running("wait").yaml();
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): " + REFUSAL), forced("2026-09-19T16:27:40.101Z", 64))
                .pod("pod.yaml", pod).correlate()).findings().get(0);
        assertEquals("u-1", f.podUid());
        assertTrue(f.fact("otherPodOfTheName").isEmpty() || f.fact("otherPodOfTheName").orElseThrow().value() == null, f.facts().toString());
    }

    @Test
    void anExitForAnotherReasonIsNotReportedAsRbac() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): Unauthorized"), forced("2026-09-19T16:27:40.101Z", 64)).correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("the wait container exited 64 for another reason: Unauthorized", e.cleared().get(0).reason());
    }

    @Test
    void aQuotaRefusalIsAnotherReason() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podFailed("2026-09-19T16:27:40.100Z",
                "wait: Error (exit code 64): workflowtaskresults.argoproj.io \"p\" is forbidden: exceeded quota: ns-quota")).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("exceeded quota"), e.cleared().toString());
    }

    @Test
    void anExitWithoutItsMessageSaysWhatIsMissing() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), forced("2026-09-19T16:27:40.101Z", 64))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("no line or export gives its message"), e.cleared().toString());
    }

    @Test
    void aMainContainerThatExited64ItselfIsNoCandidate() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "main: Error (exit code 64): usage error")).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty());
    }

    @Test
    void aWaitThatExitedZeroWithItsResultCompletedIsSilent() {
        String pod = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:38Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:39Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).pod("pod.yaml", pod)
                .object("tr.yaml", Exports.taskResult("true", null)).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty());
    }

    @Test
    void theWaitContainersOwnLogNamingTheNodeTiesTheRefusalToIt() {
        String patch = "workflowtaskresults.argoproj.io \"p\" is forbidden: User \"system:serviceaccount:ns:runner\" cannot patch resource"
                + " \"workflowtaskresults\" in API group \"argoproj.io\" in the namespace \"ns\"";
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), forced("2026-09-19T16:27:40.101Z", 64))
                .log("wait.log", executorLine("2026-09-19T16:27:39.000Z", patch)).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("patch workflowtaskresults.argoproj.io in namespace ns", f.fact("refusedVerb").orElseThrow().value());
    }

    @Test
    void aRefusedPatchOfTheSameNodeIdInAnotherNamespaceIsNotThisPods() {
        // s41 breaker: node IDs hash the Workflow's and node's names, not the namespace; a Workflow of the same name in another
        // namespace (one CronWorkflow deployed in two) has the same task-result names. Its refused patch was read as this Pod's,
        // likely, over this Pod's own exit-64 message giving another reason.
        String patch = "workflowtaskresults.argoproj.io \"p\" is forbidden: User \"system:serviceaccount:ns-staging:runner\" cannot patch resource"
                + " \"workflowtaskresults\" in API group \"argoproj.io\" in the namespace \"ns-staging\"";
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): failed to save outputs: Access Denied"),
                forced("2026-09-19T16:27:40.101Z", 64)).log("wait.log", executorLine("2026-09-19T16:27:39.000Z", patch)).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("Access Denied"), e.cleared().toString());
        // Control: the same refusal in the Pod's own namespace, and no other message, still ties by node.
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), forced("2026-09-19T16:27:40.101Z", 64))
                .log("wait.log", executorLine("2026-09-19T16:27:39.000Z", patch.replace("ns-staging", "ns"))).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
    }

    @Test
    void aRefusalTiedByNodeBesideThePodsOwnOtherReasonIsPossible() {
        // The Pod's wait exit-64 message names another error; a wait log naming no Pod, tied by node ID, may be an earlier run's
        // (a Workflow of the same name in the namespace): not likely.
        String patch = "workflowtaskresults.argoproj.io \"p\" is forbidden: User \"system:serviceaccount:ns:runner\" cannot patch resource"
                + " \"workflowtaskresults\" in API group \"argoproj.io\" in the namespace \"ns\"";
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podFailed("2026-09-19T16:27:40.100Z", "wait: Error (exit code 64): failed to save outputs: Access Denied"),
                forced("2026-09-19T16:27:40.101Z", 64)).log("wait.log", executorLine("2026-09-19T16:27:39.000Z", patch)).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("another reason (failed to save outputs: Access Denied)"), f.confidenceReason());
    }

    @Test
    void theWaitContainersOwnLogTiedByNamespaceOnlyIsPossible() {
        Finding f = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), forced("2026-09-19T16:27:40.101Z", 64))
                .log("wait.log", executorLine("2026-09-19T16:27:11.000Z", REFUSAL)).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("namespace only"), f.confidenceReason());
    }

    @Test
    void aWaitLogNamingNoPodIsStillNothingAlone() {
        // Without a prefix or prompt the line names no Pod: nothing to report it for.
        Evaluation e = rule.evaluate(new Evidence().log("wait.log", executorLine("2026-09-19T16:27:11.000Z", REFUSAL)).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
    }

    @Test
    void theRefusalIsReadFromTheApiServersWords() {
        ForbiddenWrite w = ForbiddenWrite.parse(REFUSAL).orElseThrow();
        assertEquals("runner", w.account());
        assertEquals("ns", w.namespace());
        assertEquals("create", w.verb());
        assertEquals(null, w.nodeId());
        assertTrue(ForbiddenWrite.parse("pods \"p\" is forbidden: User \"system:serviceaccount:ns:runner\" cannot patch resource \"pods\"").isEmpty());
        assertEquals("wait", ForbiddenWrite.exit64("wait: Error (exit code 64): x").container());
        assertEquals(null, ForbiddenWrite.exit64("Error (exit code 64): x").container());
        assertEquals(null, ForbiddenWrite.exit64("wait: Error (exit code 1): x"));
    }
}
