package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 33 review: a Workflow that collects its artifacts on deletion ({@code artifactGC: {strategy: OnWorkflowDeletion}})
 * carries the finalizer {@code workflows.argoproj.io/artifact-gc} from its first pass, which logs {@code adding artifact GC
 * finalizer}. Deleted in the foreground while the controller's Workflow workers are stopped, its Pod goes at once (the deleting
 * branch, aged), but the Workflow stays, reconciled, until its artifacts are collected, and that takes a Workflow worker: when the
 * workers come back the controller records the Pod lost, minutes after it went, and writes the Workflow. The controller's lines
 * were read as leaving no room for a foreground deletion (a Workflow held by {@code foregroundDeletion} goes with its last Pod):
 * AF001 and AF002 likely. The finalizer holds it past its last Pod.
 */
class ArtifactGcFinalizerLookAlikeTest {

    private static final String WF = " component=workflow_worker workflow=status-capture-repro namespace=status-capture-test";
    private static final String PC = " component=pod_controller";

    private static String l(String time, String level, String rest) {
        return "time=2026-09-19T" + time + "Z level=" + level + " msg=" + rest;
    }

    private static String[] firstRun(boolean artifactGc) {
        List<String> lines = new ArrayList<>(List.of(
                l("16:26:58.012", "INFO", "\"Starting Workflow Controller\" version=v4.1.3 defaultRequeueTime=10s gitTag=v4.1.3"),
                l("16:26:58.104", "INFO", "\"Current Worker Numbers\" podCleanup=4 workflowTtlWorkers=4 workflowWorkers=2 workflowArchive=8"),
                l("16:27:10.402", "INFO", "\"Processing workflow\"" + WF + " resourceVersion=918231 phase=\"\""),
                l("16:27:10.407", "INFO", "\"updated phase\"" + WF + " fromPhase=\"\" toPhase=Running")));
        if (artifactGc) {
            lines.add(l("16:27:10.408", "INFO", "\"adding artifact GC finalizer\"" + WF));
        }
        lines.addAll(List.of(
                l("16:27:10.409", "INFO", "\"node initialized\"" + WF + " node=status-capture-repro phase=Pending message=\"\""),
                l("16:27:10.431", "INFO", "\"Created pod\"" + WF + " nodeName=status-capture-repro nodeID=status-capture-repro podName=status-capture-repro"),
                l("16:27:10.448", "INFO", "\"Workflow update successful\"" + WF + " resourceVersion=918236 phase=Running"),
                l("16:27:10.452", "INFO", "\"add pod event\"" + PC + " pod=status-capture-repro"),
                l("16:27:20.460", "INFO", "\"Processing workflow\"" + WF + " phase=Running resourceVersion=918251"),
                l("16:27:20.470", "INFO", "\"Workflow update successful\"" + WF + " phase=Running resourceVersion=918257")));
        return lines.toArray(String[]::new);
    }

    private static final String[] STOPPED = {
        l("16:31:10.987", "INFO", "\"Starting Workflow Controller\" version=v4.1.3 defaultRequeueTime=10s gitTag=v4.1.3"),
        l("16:31:11.132", "INFO", "\"Current Worker Numbers\" workflowWorkers=0 workflowArchive=8 podCleanup=4 workflowTtlWorkers=4"),
        l("16:31:11.256", "INFO", "\"add pod event\"" + PC + " pod=status-capture-repro"),
        l("16:31:11.257", "INFO", "\"Removing finalizers during a delete\"" + PC + " pod.Finalizers=[workflows.argoproj.io/status]"),
        l("16:31:11.257", "INFO", "\"queuing pod delay\"" + PC + " podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\""
                + " delay=-1m24.257168224s action=removeFinalizer namespace=status-capture-test podName=status-capture-repro"),
        l("16:31:11.258", "INFO", "\"queueing pod for cleanup\"" + PC + " action=removeFinalizer namespace=status-capture-test podName=status-capture-repro"),
        l("16:31:11.350", "INFO", "\"cleaning up pod\"" + PC + " namespace=status-capture-test key=status-capture-test/status-capture-repro/removeFinalizer"
                + " podName=status-capture-repro action=removeFinalizer"),
        l("16:31:11.363", "INFO", "\"delete pod event\"" + PC + " pod=status-capture-repro")};

    private static final String[] RESTORED = {
        l("16:33:02.114", "INFO", "\"Starting Workflow Controller\" version=v4.1.3 defaultRequeueTime=10s gitTag=v4.1.3"),
        l("16:33:02.236", "INFO", "\"Current Worker Numbers\" workflowArchive=8 workflowWorkers=2 workflowTtlWorkers=4 podCleanup=4"),
        l("16:33:02.240", "INFO", "\"Processing workflow\"" + WF + " phase=Running resourceVersion=918257"),
        l("16:33:02.246", "INFO", "\"Workflow pod is missing\"" + WF + " nodeName=status-capture-repro nodePhase=Running recentlyStarted=false"),
        l("16:33:02.246", "ERROR", "\"marking node as error\"" + WF + " error=\"pod deleted\" nodeName=status-capture-repro"),
        l("16:33:02.247", "INFO", "\"node phase changed\"" + WF + " node=status-capture-repro toPhase=Error fromPhase=Running"),
        l("16:33:02.247", "INFO", "\"node message changed\"" + WF + " node=status-capture-repro message=\"pod deleted\""),
        l("16:33:02.250", "INFO", "\"Marking workflow completed\"" + WF),
        l("16:33:02.271", "INFO", "\"Workflow update successful\"" + WF + " resourceVersion=918590 phase=Error")};

    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata:
              name: status-capture-repro
              namespace: status-capture-test
              uid: c2d1b7a4-5e8f-4d1a-9b3c-7f6e2a1d0c95
              creationTimestamp: "2026-09-19T16:27:10Z"
              deletionTimestamp: "2026-09-19T16:31:04Z"
              deletionGracePeriodSeconds: 0
              finalizers: [workflows.argoproj.io/status]
              labels: {workflows.argoproj.io/completed: "false", workflows.argoproj.io/workflow: status-capture-repro}
              annotations: {workflows.argoproj.io/node-id: status-capture-repro, workflows.argoproj.io/node-name: status-capture-repro}
              ownerReferences:
              - {apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: status-capture-repro, uid: 4f0d6c2e-91b3-4a57-8e2f-0c6d1b9a7e54, controller: true}
            spec:
              nodeName: ip-10-0-12-34.ec2.internal
              restartPolicy: Never
              containers: [{name: wait}, {name: main}]
            status:
              phase: Succeeded
              conditions:
              - {type: PodReadyToStartContainers, status: "False", lastTransitionTime: "2026-09-19T16:27:47Z"}
              - {type: Ready, status: "False", reason: PodCompleted, lastTransitionTime: "2026-09-19T16:27:45Z"}
              containerStatuses:
              - name: main
                state: {terminated: {exitCode: 0, reason: Completed, startedAt: "2026-09-19T16:27:14Z", finishedAt: "2026-09-19T16:27:44Z"}}
              - name: wait
                state: {terminated: {exitCode: 0, reason: Completed, startedAt: "2026-09-19T16:27:14Z", finishedAt: "2026-09-19T16:27:44Z"}}
            """;

    private static Correlation evidence(boolean artifactGc) {
        return new Evidence().log("1-controller-workers2.log", firstRun(artifactGc)).log("2-controller-workers0.log", STOPPED)
                .log("3-controller-workers-restored.log", RESTORED).pod("pod-terminating.yaml", POD).correlate();
    }

    /** The first run's log from a later pass on ({@code kubectl logs --since}): the Workflow's first pass is not in it. */
    private static Correlation cutAfterFirstPass(boolean artifactGc) {
        String[] run = firstRun(artifactGc);
        int from = 0;
        for (int i = 0; i < run.length; i++) {
            if (run[i].contains("\"Processing workflow\"") && run[i].contains("phase=Running")) {
                from = i;
                break;
            }
        }
        return new Evidence().log("1-controller-workers2.log", java.util.Arrays.copyOfRange(run, from, run.length))
                .log("2-controller-workers0.log", STOPPED).log("3-controller-workers-restored.log", RESTORED)
                .pod("pod-terminating.yaml", POD).correlate();
    }

    /**
     * The finalizer is added, and logged, only on the Workflow's first pass (its {@code Processing workflow} with no phase yet):
     * once the pass is persisted the Workflow carries it, or its status says none is needed, and no later pass adds it. A log that
     * starts after that pass cannot show it either way: the same lines come from a Workflow held by it after a foreground deletion
     * (possible, what was lacking named) as from one without it. The control: the whole log, its first pass without the line, likely.
     */
    @Test
    void aLogThatStartsAfterTheFirstPassCannotShowTheArtifactGcFinalizerAbsent() {
        for (boolean artifactGc : new boolean[] {true, false}) {
            Correlation cut = cutAfterFirstPass(artifactGc);
            for (Rule rule : List.<Rule>of(new PrematureFinalizerRemoval(), new SuccessReportedAsError())) {
                Evaluation e = rule.evaluate(cut);
                assertEquals(1, e.findings().size(), e.toString());
                assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), rule.id() + " " + e);
                assertTrue(e.findings().get(0).confidenceReason().contains("foreground"), e.findings().get(0).confidenceReason());
            }
        }
        Correlation whole = evidence(false);
        assertEquals(Confidence.LIKELY, new PrematureFinalizerRemoval().evaluate(whole).findings().get(0).confidence());
        assertEquals(Confidence.LIKELY, new SuccessReportedAsError().evaluate(whole).findings().get(0).confidence());
    }

    /** With the artifact-gc finalizer logged, the lines exclude no foreground deletion: possible. Without it (the control), likely. */
    @Test
    void aWorkflowHeldByTheArtifactGcFinalizerMayHaveBeenDeletedInTheForeground() {
        Correlation held = evidence(true);
        for (Rule rule : List.<Rule>of(new PrematureFinalizerRemoval(), new SuccessReportedAsError())) {
            Evaluation e = rule.evaluate(held);
            assertEquals(1, e.findings().size(), e.toString());
            assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.toString());
            assertTrue(e.findings().get(0).confidenceReason().contains("foreground"), e.findings().get(0).confidenceReason());
        }
        Correlation control = evidence(false);
        assertEquals(Confidence.LIKELY, new PrematureFinalizerRemoval().evaluate(control).findings().get(0).confidence());
        assertEquals(Confidence.LIKELY, new SuccessReportedAsError().evaluate(control).findings().get(0).confidence());
    }
}
