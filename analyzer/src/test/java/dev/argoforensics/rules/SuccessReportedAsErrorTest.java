package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.LookAlikes;
import dev.argoforensics.testing.V4;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** AF002 on real-shaped evidence: a Pod whose containers all exited 0 and whose node ended Error or Failed, and its look-alikes. */
class SuccessReportedAsErrorTest {
    private final SuccessReportedAsError rule = new SuccessReportedAsError();

    private static final String SUCCEEDED_POD = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
            .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:33:02Z", true, null);

    private static String[] errorLines() {
        return new String[] {podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
            nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error")};
    }

    /**
     * Session 41: the exported Pod's only word on when its deletion was requested is its grace-0 deletionTimestamp, 3m20s after the
     * containers completed, read as the request: the analyzer's inference (AF001's Execution#graceGuess, derived once). A main that
     * exited 0 on the deletion's SIGTERM, its kubelet slow to tear the Pod down (on Kubernetes 1.33+ that delete sets its own time),
     * reads the same, and that is a Pod deleted while it ran, its "pod deleted" true: likely, the reason saying what it rests on.
     * An export taken before the deletion that already shows the containers ended states the order: confirmed.
     */
    @Test
    void exportsOfTheSucceededPodAndTheErroredNodeConfirmItOnlyWhereAnObjectStatesTheOrder() {
        Evaluation guess = rule.evaluate(new Evidence().pod("pod.yaml", SUCCEEDED_POD).workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(1, guess.findings().size());
        Finding guessed = guess.findings().get(0);
        assertEquals(Confidence.LIKELY, guessed.confidence(), guessed.confidenceReason());
        assertTrue(guessed.confidenceReason().contains("(the grace-0 deletionTimestamp read as the request: an inference, not what an object states), "
                + "and no object states that order: on Kubernetes 1.33+ the kubelet's final delete sets its own time"),
                guessed.confidenceReason());
        assertTrue(guessed.confidenceReason().contains("a Pod deleted while it ran, whose \"pod deleted\" is true (AF007)"), guessed.confidenceReason());
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod-0.yaml", "2026-09-19T16:30:00Z", before).pod("pod.yaml", SUCCEEDED_POD)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF002", f.rule());
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertEquals("ns/p", f.pod().toString());
        assertEquals("ns/p", f.workflow().toString());
        assertEquals("Error", f.fact("finalNodePhase").orElseThrow().value());
        assertEquals("pod deleted", f.fact("finalNodeMessage").orElseThrow().value());
        assertEquals("main exit 0, wait exit 0", f.fact("containerExitCodes").orElseThrow().value());
        assertEquals("2026-09-19T16:27:44Z", f.fact("containersFinishedAt").orElseThrow().value());
        assertTrue(f.evidence().stream().map(x -> x.source().toString()).toList().contains("wf.yaml:1"), f.evidence().toString());
        assertTrue(f.explanation().contains("this Pod disappeared after its containers had finished"), f.explanation());
    }

    /**
     * Session 43 breaker: the confirmed case above, with the audit log's record of the delete naming the garbage collector's own
     * account, which deletes a Workflow's Pods only once the Workflow is gone or being deleted in the foreground, while the export
     * shows it standing: contested, likely, the disagreement named. Control: the same delete by a user stays confirmed.
     */
    @Test
    void theGarbageCollectorsDeleteOfThePodIsNamedAgainstAnExportShowingTheWorkflowStanding() {
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        String gc = Exports.audit("delete", "", "system:serviceaccount:kube-system:generic-garbage-collector", "2026-09-19T16:31:04.100000Z", 200);
        Finding f = rule.evaluate(new Evidence().takenAt("pod-0.yaml", "2026-09-19T16:30:00Z", before).pod("pod.yaml", SUCCEEDED_POD)
                .workflow("wf.yaml", ERRORED_WORKFLOW).object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", gc).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("but that is contested: the Pod's deletion was requested by the garbage collector"), f.confidenceReason());
        String user = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:04.100000Z", 200);
        Finding byUser = rule.evaluate(new Evidence().takenAt("pod-0.yaml", "2026-09-19T16:30:00Z", before).pod("pod.yaml", SUCCEEDED_POD)
                .workflow("wf.yaml", ERRORED_WORKFLOW).object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", user).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, byUser.confidence(), byUser.confidenceReason());
    }

    /** The logs record the error; nothing excludes a Workflow deleted in the foreground (no write of it after the loss): possible. */
    @Test
    void withOnlyTheLogsRecordingTheErrorItIsPossibleAndPointsAtTheFinalizerRelease() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", SUCCEEDED_POD)
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"))
                .log("2.log", podEvent("2026-09-19T16:31:11.256Z", "add"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))
                .log("3.log", errorLines()).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("the controller log", f.fact("outcomeFrom").orElseThrow().value());
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerReleasedAt").orElseThrow().value());
        assertTrue(f.explanation().contains("was released at 2026-09-19T16:31:11.350Z (AF001 examines that release)"), f.explanation());
        // Possible: the explanation does not assert the order the confidence leaves open (the confirmed finding above does).
        assertTrue(f.explanation().contains("if this Pod's containers had finished before it went"), f.explanation());
        assertFalse(f.explanation().contains("disappeared after its containers had finished"), f.explanation());
        assertEquals(List.of("2.log:4", "3.log:1", "3.log:2", "3.log:3", "pod.yaml:1"),
                f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    /**
     * Negative control (session 43): no release with task results writes main's exit code into one (the executor reports
     * parameters, artifacts and result; only the controller writes {@code outputs.exitCode}, on the node). A task result with
     * exitCode "0", a shape no executor writes, beside an export of the node {@code Error "pod deleted"}, says nothing of how the
     * containers ended: no finding (before, it stood in for an export of the Pod: likely).
     */
    @Test
    void aTaskResultsExitCodeZeroAloneIsNoSuccess() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z"))
                .object("tr.yaml", Exports.taskResult("true", "0")).workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(List.of(), e.findings(), e.findings().toString());
        assertEquals(List.of(), e.cleared(), e.cleared().toString());
    }

    /** Negative control: a task result with exitCode "1" does not clear a Pod whose export shows every container exited 0. */
    @Test
    void aTaskResultsExitCodeOneDoesNotOverrideThePodExport() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", SUCCEEDED_POD).object("tr.yaml", Exports.taskResult("true", "1"))
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertTrue(f.fact("executorExitCode").isEmpty(), f.facts().toString());
        assertTrue(f.evidence().stream().noneMatch(x -> x.source().toString().startsWith("tr.yaml")), f.evidence().toString());
    }

    @Test
    void aPodWithoutTheFinalizerIsSaidToHaveHadNothingHoldingIt() {
        String pod = Exports.Pod.of().phase("Succeeded").withoutFinalizer().terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", ERRORED_WORKFLOW).correlate()).findings().get(0);
        assertTrue(f.explanation().contains("carries no status-capture finalizer"), f.explanation());
    }

    @Test
    void aContainerThatExitedNonZeroIsARealFailureAndIsCleared() {
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 1, "Error", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:45Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod)
                .workflow("wf.yaml", Exports.workflow("Failed", "Failed", "Error (exit code 1)", "2026-09-19T16:27:46Z", true, null)).correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("the node ended Failed \"Error (exit code 1)\" and the exported Pod shows main exit 1, wait exit 0: the failure is the "
                + "containers' own", e.cleared().get(0).reason());
    }

    @Test
    void aPodDeletedWhileItsMainContainerRanIsNotThisRule() {
        String pod = Exports.Pod.of().deleted("2026-09-19T16:31:04Z", 30).running("main").running("wait").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", ERRORED_WORKFLOW).log("3.log", errorLines())
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty(), "nothing says the step succeeded: nothing to clear");
    }

    /**
     * Session 21 review (case right-c02): {@code kubectl delete} (grace 30) while main ran; main traps SIGTERM and exits 0, so
     * every container ends exit 0 after the request. The grace period shows the Pod had not finished (AF007): the exit 0 is main's
     * answer to the deletion's signal (the deletion ended the step: "pod deleted" is a true record) or main finishing its work
     * within the grace period (a success): the exit codes cannot tell, so possible. Before, AF002 was confirmed beside AF007's
     * confirmed deletion during execution.
     */
    @Test
    void aMainThatExitsZeroOnTheDeletionsSigtermIsNoSuccess() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:34Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", ERRORED_WORKFLOW).log("3.log", errorLines())
                .correlate());
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).confidenceReason().contains("deleted while main ran"), e.findings().get(0).confidenceReason());
    }

    /**
     * Session 21 review (case right-c01): the same with the deletion's time moved back by the kubelet's grace-0 delete (Kubernetes up
     * to 1.32): {@code deletionTimestamp} 16:31:04, grace 0, the containers ending 1-2 s after it, closer than two clocks may
     * disagree. The order is not shown: exit 0 states a success only as far as a main that exits 0 on SIGTERM is ruled out, so
     * possible, not confirmed.
     */
    @Test
    void containersEndingMomentsAfterTheDeletionsTimeAreAPossibleSuccessOnly() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0).terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", ERRORED_WORKFLOW).log("3.log", errorLines())
                .correlate());
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).confidenceReason().contains("SIGTERM"), e.findings().get(0).confidenceReason());
    }

    /**
     * Session 22 (case right2-c01): the Pod above on Kubernetes 1.33 or later. The kubelet's grace-0 delete, sent once the
     * containers had stopped, no longer moves {@code deletionTimestamp} back to the request's time (16:31:04) but sets its own
     * (16:31:07), so the containers' end lies before it while the request came before the end (a main that exits 0 on SIGTERM).
     * Nothing gives the API server's version. Before, AF002 confirmed a success here.
     */
    @Test
    void aGraceZeroTimestampMomentsAfterTheEndMayBeTheKubeletsFinalDelete() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:07Z", 0).terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", ERRORED_WORKFLOW).log("3.log", errorLines())
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("deletionTimestamp is 2026-09-19T16:31:07Z with grace period 0s, 1s later: from Kubernetes 1.33"),
                f.confidenceReason());
    }

    /**
     * Session 41, the look-alike the grace-0 inference cannot tell: the kubelet's Killing Event for main, two seconds before the
     * containers' end, shows main running when the deletion came (it trapped the SIGTERM and exited 0): the inference is overruled,
     * the order undetermined, no success shown: possible, not likely or confirmed.
     */
    @Test
    void mainsKillingEventBeforeTheEndOverrulesTheGraceZeroInference() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", SUCCEEDED_POD).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:27:42Z", "Stopping container main"))
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the kubelet stopped the running container main at 2026-09-19T16:27:42Z"), f.confidenceReason());
    }

    /**
     * Its controls: a grace-0 timestamp later after the end than the kubelet's final delete usually comes is read as the request
     * (the order then stands), but only as the analyzer's inference: likely, not confirmed (session 41; a slow teardown on 1.33+
     * breaks it); an export taken before the deletion that shows the containers ended states it: a success, confirmed.
     */
    @Test
    void aGraceZeroTimestampLongAfterTheEndIsLikelyAnExportBeforeTheDeletionConfirms() {
        String late = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:33:07Z", 0).terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Finding guessed = rule.evaluate(new Evidence().pod("pod.yaml", late).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("3.log", errorLines()).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, guessed.confidence(), guessed.confidenceReason());
        assertTrue(guessed.confidenceReason().contains("the containers ended at 2026-09-19T16:31:06Z (main exit 0, wait exit 0), before the deletion "
                + "was requested at 2026-09-19T16:33:07Z (the grace-0 deletionTimestamp read as the request: an inference"), guessed.confidenceReason());
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        String deleted = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:07Z", 0).terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod-0.yaml", "2026-09-19T16:31:06Z", before).takenAt("pod-1.yaml", "2026-09-19T16:31:20Z", deleted)
                .workflow("wf.yaml", ERRORED_WORKFLOW).log("3.log", errorLines()).correlate());
        assertEquals(Confidence.CONFIRMED, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
    }

    /**
     * Session 24 (real-shaped evidence): a graceful node shutdown. The kubelet sends SIGTERM, main traps it and exits 0, and the kubelet
     * writes phase Failed, reason Terminated and a DisruptionTarget condition of reason TerminationByKubelet (lifecycle reference A2);
     * no API deletion yet (PodGC deletes the Pod once its node is gone). Every container exited 0, yet the Pod failed: before, AF002
     * told a "successful Pod reported as failed" at likely (confirmed beside an exported Workflow).
     */
    @Test
    void aPodTheKubeletStoppedForANodeShutdownIsNoSuccessThoughItsContainersExitedZero() {
        String pod = Exports.Pod.of().phase("Failed").reason("Terminated", "Pod was terminated in response to imminent node shutdown.")
                .condition("DisruptionTarget", "True", "TerminationByKubelet", "2026-09-19T16:31:03Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:31:05Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:31:08Z", pod).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("3.log", errorLines()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().get(0).confidenceReason());
        assertEquals("AF002.cleared.kubeletStopped", e.cleared().get(0).why().code());
        assertTrue(e.cleared().get(0).reason().contains("the kubelet ended the Pod Failed (reason Terminated: Pod was terminated in response to "
                + "imminent node shutdown.), with main exit 0, wait exit 0"), e.cleared().get(0).reason());
    }

    /** The same stop shown only by the condition (a trimmed export without status.reason), or only by phase Failed over exit codes 0. */
    @Test
    void theConditionOrAFailedPhaseOverExitCodesZeroAloneSayTheKubeletStoppedIt() {
        String byCondition = Exports.Pod.of().phase("Failed").condition("DisruptionTarget", "True", "TerminationByKubelet", "2026-09-19T16:31:03Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:31:05Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        String byPhase = Exports.Pod.of().phase("Failed")
                .terminated("main", 0, "Completed", "2026-09-19T16:31:05Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        for (String pod : List.of(byCondition, byPhase)) {
            Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:31:08Z", pod).workflow("wf.yaml", ERRORED_WORKFLOW)
                    .log("3.log", errorLines()).correlate());
            assertTrue(e.findings().isEmpty());
            assertEquals("AF002.cleared.kubeletStopped", e.cleared().get(0).why().code(), e.cleared().get(0).reason());
        }
    }

    /**
     * Negative control: PodGC patches phase Failed onto a Pod whose node is gone (DisruptionTarget DeletionByPodGC, no reason), so that
     * phase says nothing of how the containers ended: no kubelet stop is read from it, and AF002 decides as before.
     */
    @Test
    void aFailedPhasePodGcWroteIsNoKubeletStop() {
        String pod = Exports.Pod.of().phase("Failed").condition("DisruptionTarget", "True", "DeletionByPodGC", "2026-09-19T16:31:03Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:31:05Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:06Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:31:08Z", pod).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("3.log", errorLines()).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> "AF002.cleared.kubeletStopped".equals(c.why().code())));
        assertEquals(1, e.findings().size());
    }

    /** The Pod exported with its controlling owner reference to the Workflow object of this UID. */
    private static String ownedBy(String pod, String workflowUid) {
        return pod.replace("  uid: u-1\n", "  uid: u-1\n  ownerReferences: [{apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: p, uid: "
                + workflowUid + ", controller: true}]\n");
    }

    /**
     * Session 20 review (case right-c05): the Workflow deleted and run again under its name is another object (a new UID) with
     * the same node IDs. Its export records its own Pod's node, not the node of the earlier Pod exported here: before, AF002 was
     * confirmed on the earlier Pod from the later Workflow's Error. Nothing says this Pod's node failed: silent.
     */
    @Test
    void anExportOfAnotherWorkflowObjectOfTheNameDoesNotRecordThisPodsNode() {
        for (boolean trimmed : new boolean[] {false, true}) {
            java.util.function.Function<String, Evidence> with = owner -> trimmed
                    ? new Evidence().takenAt("pod.yaml", "2026-09-19T16:29:00Z", ownedBy(Exports.Pod.of().phase("Succeeded").yaml(), owner))
                    : new Evidence().pod("pod.yaml", ownedBy(SUCCEEDED_POD, owner));
            Evaluation e = rule.evaluate(with.apply("w-0").workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
            assertTrue(e.findings().isEmpty(), e.toString());
            // The control: owned by the exported Workflow, the same evidence finds it: confirmed from the export taken before the
            // deletion, likely from the deleted export alone (its order resting on the grace-0 deletionTimestamp, session 41).
            Evaluation own = rule.evaluate(with.apply("w-1").workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
            assertEquals(trimmed ? Confidence.CONFIRMED : Confidence.LIKELY, own.findings().get(0).confidence(), own.toString());
        }
    }

    // ---- an export trimmed of its container statuses (yq 'del(.status.containerStatuses)'): the lifecycle's succeededExport ----

    /** Phase Succeeded, taken before the deletion: the kubelet writes it only once every container exited 0 (lifecycle reference A2). */
    @Test
    void aTrimmedExportInPhaseSucceededTakenBeforeTheDeletionStatesTheSuccess() {
        String pod = Exports.Pod.of().phase("Succeeded").yaml();
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:29:00Z", pod).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("3.log", errorLines()).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("phase Succeeded"), f.confidenceReason());
        assertEquals("2026-09-19T16:29:00Z", f.fact("podSucceededAt").orElseThrow().value());
        assertTrue(f.fact("containerExitCodes").isEmpty(), "the trimmed export gives no exit codes");
        assertTrue(f.summary().startsWith("Pod ns/p was exported in phase Succeeded at 2026-09-19T16:29:00Z"), f.summary());
    }

    /** Only the logs record the error, and nothing excludes a Workflow deleted in the foreground: possible (session 23). */
    @Test
    void aTrimmedSucceededExportWithOnlyTheLogsRecordingTheErrorIsPossible() {
        String pod = Exports.Pod.of().phase("Succeeded").yaml();
        Finding f = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:29:00Z", pod).log("1.log", createdPod("2026-09-19T16:27:10.431Z"))
                .log("3.log", errorLines()).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("the controller log", f.fact("outcomeFrom").orElseThrow().value());
    }

    /** The negative controls: a trimmed export that states no success (Failed, Running), or one taken once the deletion had begun. */
    @Test
    void aTrimmedExportStatesNoSuccessWhenFailedRunningOrTakenDuringTheDeletion() {
        for (String pod : new String[] {Exports.Pod.of().phase("Failed").yaml(), Exports.Pod.of().phase("Running").yaml(),
            Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:28:30Z", 30).yaml()}) {
            Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:29:00Z", pod).workflow("wf.yaml", ERRORED_WORKFLOW)
                    .log("3.log", errorLines()).correlate());
            assertTrue(e.findings().isEmpty(), pod + "\n" + e);
        }
    }

    @Test
    void aTrimmedSucceededExportAndASucceededNodeIsNothingToReport() {
        String pod = Exports.Pod.of().phase("Succeeded").yaml();
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:29:00Z", pod)
                .workflow("wf.yaml", Exports.workflow("Succeeded", "Succeeded", "", "2026-09-19T16:28:00Z", true, null)).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
    }

    /**
     * Logs alone (#14): the operator logs "Taskresult of the node not yet completed" only for a node it
     * assessed Succeeded, i.e. a Pod in phase Succeeded (every container exited 0); the same node then
     * recorded Error "pod deleted". Likely, not confirmed: no export shows the exit codes. Likely only where the lines also
     * exclude a Workflow deleted in the foreground (the Pod gone at 16:31:11, the Workflow written after the loss at 16:33:02:
     * it would have gone with its Pod); without that, possible (session 23).
     */
    @Test
    void theControllersOwnSucceededAssessmentThenPodDeletedIsLikelyFromLogsAlone() {
        Evaluation e = rule.evaluate(new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), V4.taskResultIncomplete("2026-09-19T16:27:50.002Z"))
                .log("2.log", podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"))
                .log("3.log", errorLines()).log("4.log", workflowUpdated("2026-09-19T16:33:02.262Z", "Error"))
                .log("5-first-pass.log", V4.firstPass()).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        Finding open = rule.evaluate(new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), V4.taskResultIncomplete("2026-09-19T16:27:50.002Z"))
                .log("3.log", errorLines()).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, open.confidence(), open.confidenceReason());
        assertTrue(open.confidenceReason().contains("nothing shows that the Workflow itself was not being deleted"), open.confidenceReason());
        assertEquals("2026-09-19T16:27:50.002Z", f.fact("seenSucceededAt").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("assessed the Pod Succeeded"), f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("1.log:2")), f.evidence().toString());
    }

    /**
     * A Workflow deleted and submitted again under its name: the first run's Pod was seen Succeeded,
     * the second run's same-named Pod (created later, same node ID) ends "pod deleted". The first
     * run's assessment says nothing of the second Pod's containers.
     */
    @Test
    void aNamesakesSucceededAssessmentBeforeThisPodWasCreatedDoesNotCount() {
        Evaluation e = rule.evaluate(new Evidence()
                .log("1.log", createdPod("2026-09-19T16:20:10.431Z"), V4.taskResultIncomplete("2026-09-19T16:21:50.002Z"),
                        createdPod("2026-09-19T16:27:10.431Z"))
                .log("3.log", errorLines()).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
    }

    /**
     * Two clusters' logs read together, each with a Workflow p: production's Pod p is seen Succeeded;
     * staging's Pod p (created earlier, its own) is really deleted there and its node ends "pod deleted".
     * Production's assessment says nothing of staging's containers.
     */
    @Test
    void anotherClustersSucceededAssessmentOfItsNamesakeIsNotLikely() {
        Evaluation e = rule.evaluate(new Evidence()
                .log("prod.log", createdPod("2026-09-19T16:27:10.431Z"), V4.taskResultIncomplete("2026-09-19T16:27:50.002Z"),
                        V4.workflowUpdated("2026-09-19T16:33:40.120Z", "Succeeded"))
                .log("staging.log", createdPod("2026-09-19T16:26:50.210Z"), V4.workflowUpdated("2026-09-19T16:26:50.260Z", "Running"),
                        podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"))
                .correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                e.toString());
    }

    @Test
    void logsAloneWithoutASucceededAssessmentSayNothingOfTheExitCodes() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z")).log("3.log", errorLines()).correlate());
        assertTrue(e.findings().isEmpty(), "a node marked pod deleted says nothing of how the containers ended: " + e.findings());
    }

    @Test
    void anExportShowingAFailedContainerOverrulesTheLoggedAssessment() {
        String failedPod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 1, "Error", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", failedPod)
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), V4.taskResultIncomplete("2026-09-19T16:27:50.002Z"))
                .log("3.log", errorLines()).correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals(1, e.cleared().size());
    }

    @Test
    void aSucceededNodeIsNothingToReport() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", SUCCEEDED_POD)
                .workflow("wf.yaml", Exports.workflow("Succeeded", "Succeeded", "", "2026-09-19T16:27:46Z", true, null)).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty());
    }

    @Test
    void needsSuccessEvidenceAndTheNodesOutcome() {
        assertEquals(List.of("one of: workflow-controller log lines, an exported Pod, an exported Workflow",
                "one of: workflow-controller log lines, an exported Workflow"), rule.needs().missing(Set.of()));
        assertEquals(List.of(), rule.needs().missing(Set.of(EvidenceKind.CONTROLLER_LOG)), "the controller's own lines can decide");
        // An export of the Workflow alone can: the node's outcome and main's code stored on it.
        assertEquals(List.of(), rule.needs().missing(Set.of(EvidenceKind.WORKFLOW_SNAPSHOT)));
        // A task result holds no exit code: with an export of the Pod only, nothing says how the node ended.
        assertEquals(List.of("one of: workflow-controller log lines, an exported Workflow"),
                rule.needs().missing(Set.of(EvidenceKind.TASK_RESULT_SNAPSHOT, EvidenceKind.POD_SNAPSHOT)));
    }

    /**
     * Review (issue 13): a Workflow run again under the same name; both runs' Pods are exported (two
     * UIDs). The first run's Pod succeeded at 09:00 and its node was persisted Succeeded (its Pod was
     * labelled completed); the second run's node ends Error "pod deleted" at 16:33. The node's outcome
     * is looked up by Workflow name and node ID only, so the first run's Pod gets the second run's loss:
     * AF002 reports the first Pod likely ("yet its node ended Error").
     */
    @Test
    void anEarlierRunsPodDoesNotInheritTheNodeOutcomeOfALaterRun() {
        String first = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-0\n"
                + "  creationTimestamp: \"2026-09-19T09:00:01Z\"\n"
                + "  labels: {workflows.argoproj.io/workflow: p, workflows.argoproj.io/completed: \"true\"}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "status:\n  phase: Succeeded\n  containerStatuses:\n"
                + "  - name: main\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-09-19T09:00:38Z\"}\n";
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T09:00:01.020Z"),
                        V4.workflowUpdated("2026-09-19T09:00:40.200Z", "Succeeded"),
                        V4.queueing("2026-09-19T09:00:40.201Z", "labelPodCompleted"), cleaningUp("2026-09-19T09:00:40.202Z", "labelPodCompleted"),
                        podEvent("2026-09-19T09:00:40.250Z", "delete"), createdPod("2026-09-19T16:27:10.431Z"))
                .log("c2.log", errorLines())
                .takenAt("first.yaml", "2026-09-19T09:10:00Z", first).pod("second.yaml", SUCCEEDED_POD).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> "u-0".equals(f.podUid())), () -> e.findings().stream().map(Finding::summary).toList().toString());
    }

    /**
     * The grace-0 deletionTimestamp 6s after the end (Kubernetes 1.33's kubelet's final delete could have set it), ordered by the
     * controller's lines: it saw the deletion arrive on a Pod it watched and no change until the Pod left at its release. Likely,
     * not confirmed: only the lines order the two, and the reason says what would confirm it.
     */
    @Test
    void theControllerWatchingTheDeletionArriveOrdersAGraceZeroTimestampMomentsAfterTheEnd() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new)).log("3.log", errorLines()).correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().startsWith("an exported Pod shows every container exited 0 and the exported Workflow records the node Error; "
                + "the objects alone do not show that the containers had ended before the deletion was requested, the controller's lines do: "),
                f.confidenceReason());
        assertTrue(f.confidenceReason().endsWith("an export taken before the deletion, the Pod's Events (Killing) or an audit record of the delete "
                + "would confirm it"), f.confidenceReason());
    }

    /** Its negative control: the same log without a record naming nothing after the Pod left (a grep, which drops updates too): possible. */
    @Test
    void aLogThatMayBeAGrepDoesNotOrderAGraceZeroTimestampMomentsAfterTheEnd() {
        List<String> grep = LookAlikes.deletionSeenArriving("update", "1m53.743s");
        grep.remove(grep.size() - 1);
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("1.log", grep.toArray(String[]::new)).log("3.log", errorLines()).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("from Kubernetes 1.33 the kubelet's own final delete"), f.confidenceReason());
    }
    /** A Pod the controller stopped itself: never exported deleted, every container exited 0 two seconds after the controller's SIGTERM. */
    private static final String STOPPED_POD = Exports.Pod.of().phase("Succeeded")
            .terminated("main", 0, "Completed", "2026-09-19T16:30:02Z").terminated("wait", 0, "Completed", "2026-09-19T16:30:02Z").yaml();

    /**
     * Review s25: {@code argo stop} (or {@code argo terminate}, or the Workflow's {@code activeDeadlineSeconds}) on a running step. The
     * controller marks the node Failed with its own message at once and signals every running container (exec_control.go, every
     * release); a main that traps SIGTERM exits 0, wait exits 0, and the kubelet writes phase Succeeded. The failure recorded is the
     * stop, no lost success: cleared, naming the stop. Before, AF002 was confirmed and said the step had succeeded first.
     */
    @Test
    void aNodeTheControllerFailedAsItStoppedTheWorkflowIsNoLostSuccess() {
        for (String message : List.of("workflow shutdown with strategy:  Stop", "workflow shutdown with strategy:  Terminate",
                "Step exceeded its deadline")) {
            String workflow = Exports.workflow("Failed", "Failed", message, "2026-09-19T16:30:00Z", true, null);
            Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", STOPPED_POD).workflow("wf.yaml", workflow).correlate());
            assertEquals(List.of(), e.findings(), message);
            assertEquals(1, e.cleared().size(), message);
            assertEquals("AF002.cleared.controllerStopped", e.cleared().get(0).why().code(), message);
            assertTrue(e.cleared().get(0).reason().contains("\"" + message + "\""), e.cleared().get(0).reason());
            assertTrue(e.cleared().get(0).reason().contains(message.startsWith("Step") ? "activeDeadlineSeconds" : "argo stop"),
                    e.cleared().get(0).reason());
        }
    }

    /** The same from the controller's lines: the node's message changed to the stop's, the Pod export as above. */
    @Test
    void theStopsMessageInTheControllersLinesClearsItToo() {
        String t = "2026-09-19T16:30:00.105Z";
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", STOPPED_POD).log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                nodePhaseChanged(t, "Running", "Failed"), "time=" + t + " level=INFO msg=\"node message changed\" component=workflow_worker "
                        + "workflow=p namespace=ns node=p message=\"workflow shutdown with strategy:  Stop\"").correlate());
        assertEquals(List.of(), e.findings());
        assertEquals("AF002.cleared.controllerStopped", e.cleared().get(0).why().code());
    }

    /** Its negative control: a Failed node whose message is not the controller's stop still reports the success as lost. */
    @Test
    void aFailedNodeWithAnotherMessageIsStillReported() {
        String workflow = Exports.workflow("Failed", "Failed", "child 'x' failed", "2026-09-19T16:30:00Z", true, null);
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", STOPPED_POD).workflow("wf.yaml", workflow).correlate());
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.CONFIRMED, e.findings().get(0).confidence());
    }
    /** A Workflow export whose Pod node {@code p} ran template {@code server}, with the templates given. */
    private static String daemonWorkflow(String templates, String nodeExtra) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n" + templates
                + "status:\n  phase: Succeeded\n  nodes:\n    p:\n      id: p\n      name: p\n      type: Pod\n      templateName: server\n"
                + nodeExtra + "      phase: Failed\n      startedAt: \"2026-09-19T16:27:10Z\"\n      finishedAt: \"2026-09-19T16:30:02Z\"\n";
    }

    /**
     * Review s25, argoproj/argo-workflows#14790: a daemon step (a Redis the Workflow's other steps use). From v3.7 the controller marks
     * a daemon's node Failed when its Pod succeeds, also after its own teardown marked it Succeeded and SIGTERM made the server exit 0.
     * The Workflow Succeeded, the daemon node Failed over exit codes 0: by design, no lost result. Before, AF002 was confirmed.
     */
    @Test
    void aDaemonStepsNodeFailedOverExitZeroIsTheDaemonEnding() {
        String inline = "spec:\n  entrypoint: main\n  templates:\n  - name: main\n  - name: server\n    daemon: true\n    container: {image: redis}\n";
        String stored = "spec:\n  workflowTemplateRef: {name: wt}\n";
        for (String workflow : List.of(daemonWorkflow(inline, ""),
                daemonWorkflow(stored + "status:\n  storedTemplates:\n    namespaced/wt/server: {name: server, daemon: true}\n", "")
                        .replace("status:\n  phase: Succeeded\n", "  phase: Succeeded\n").replace("      templateName: server\n",
                                "      templateRef: {name: wt, template: server}\n"),
                daemonWorkflow("", "      daemoned: true\n"))) {
            Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", STOPPED_POD).workflow("wf.yaml", workflow).correlate());
            assertEquals(List.of(), e.findings(), workflow);
            assertEquals("AF002.cleared.daemonEnded", e.cleared().get(0).why().code(), workflow);
            assertTrue(e.cleared().get(0).reason().contains("#14790"), e.cleared().get(0).reason());
        }
        // The negative control: the same node of a template that is no daemon is a success reported as failed.
        Evaluation plain = rule.evaluate(new Evidence().pod("pod.yaml", STOPPED_POD).workflow("wf.yaml",
                daemonWorkflow(inline.replace("    daemon: true\n", ""), "")).correlate());
        assertEquals(Confidence.CONFIRMED, plain.findings().get(0).confidence());
    }

    // ---- session 36 breaker: a record of the node that ended before this Pod existed (argo retry; an older export) ----

    /** The retried Pod: created 16:27:10 (the export's creationTimestamp), every container exited 0, no deletion. */
    private static final String RETRIED_POD = Exports.Pod.of().phase("Succeeded").withoutFinalizer()
            .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();

    /**
     * {@code argo retry} resets a failed node and the controller runs it again in a Pod of the same name (the node ID, so the name,
     * is the same; the Workflow is the same object). An export of the Workflow taken before the retry records the earlier Pod's end
     * ({@code Error}, {@code pod deleted}, finished 16:20:00), seven minutes before this Pod was created: it cannot be this Pod's
     * outcome. Before, AF002 confirmed a success reported as failed from the two exports.
     */
    @Test
    void aNodeRecordThatEndedBeforeThePodWasCreatedIsNotThisPodsOutcome() {
        String earlier = Exports.workflow("Failed", "Error", "pod deleted", "2026-09-19T16:20:00Z", true, null);
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", RETRIED_POD).workflow("wf.yaml", earlier).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        // The same from the controller's lines of the earlier attempt (the log ends before the retry): nothing of this Pod's node.
        Evaluation lines = rule.evaluate(new Evidence().pod("pod.yaml", RETRIED_POD).log("3.log", podMissing("2026-09-19T16:20:00.246Z"),
                markingError("2026-09-19T16:20:00.246Z"), nodePhaseChanged("2026-09-19T16:20:00.247Z", "Running", "Error")).correlate());
        assertTrue(lines.findings().isEmpty(), lines.toString());
    }

    /** The controls: the node's end after the Pod's creation, or within what two clocks may disagree (10 s) before it, is its own. */
    @Test
    void aNodeRecordEndingAfterThePodsCreationOrWithinTwoClocksOfItStaysThisPodsOutcome() {
        for (String finishedAt : new String[] {"2026-09-19T16:27:50Z", "2026-09-19T16:27:02Z"}) {
            Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", RETRIED_POD)
                    .workflow("wf.yaml", Exports.workflow("Failed", "Error", "pod deleted", finishedAt, true, null)).correlate());
            assertEquals(1, e.findings().size(), finishedAt + "\n" + e);
            assertEquals(Confidence.CONFIRMED, e.findings().get(0).confidence(), finishedAt + "\n" + e);
        }
    }

    /**
     * Session 39 breaker: every container exited 0 a second or two before the deletion was requested (deletionTimestamp 16:31:34
     * minus grace 30 s: 16:31:04), the kubelet's clock against the API server's. The grace period shows the Pod unfinished at the
     * request; clocks that disagree by a few seconds make the exits main's and wait's answer to the deletion's SIGTERM as well as
     * their own end: not ordered, so no confirmed success.
     */
    @Test
    void anExitZeroSecondsBeforeTheRequestWithAGracePeriodIsNotConfirmed() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:34Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:31:02Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:03Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", ERRORED_WORKFLOW).log("3.log", errorLines())
                .correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED),
                () -> e.findings().stream().map(f -> f.confidence() + ": " + f.confidenceReason()).toList().toString());
    }
}
