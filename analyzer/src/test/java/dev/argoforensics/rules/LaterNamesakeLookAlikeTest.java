package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 33 review: a later Pod of the same name exported beside the lines of an earlier one, each case with its control.
 *
 * <p>A Pod drained while its main container ran is released on the deleting branch (aged, so at
 * once) and its node recorded {@code pod deleted}; the user runs {@code argo retry}, which creates the node's Pod again under the
 * same name, and exports that Pod (succeeded, never deleted) with the controller's earlier log ({@code kubectl logs --previous})
 * and a Workflow export saved before the retry. The export's {@code creationTimestamp} is 30 minutes after the controller's
 * {@code Created pod} line for the name; the two were read as one Pod whose controller wrote its times 30 minutes behind (a
 * "zone" of UTC-00:30, on slog lines that state their zone), and the export, without a {@code deletionTimestamp}, as taken
 * before the deletion with every container terminated: AF001 and AF002 confirmed.
 */
class LaterNamesakeLookAlikeTest {

    private static String slog(String time, String rest) {
        return "time=2026-10-06T" + time + "Z level=INFO msg=" + rest;
    }

    private static final String WF = " component=workflow_worker workflow=ingest-daily namespace=data";
    private static final String PC = " component=pod_controller";

    /** The previous controller container's log: the Pod created at 10:00, drained while running at 10:10, recorded lost. */
    private static String[] drainedLog(boolean keptChanging) {
        List<String> l = new ArrayList<>(List.of(
                slog("09:58:00.101", "\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s gitTag=v4.1.2"),
                slog("10:00:00.402", "\"Processing workflow\"" + WF + " resourceVersion=55100 phase=\"\""),
                slog("10:00:00.405", "\"updated phase\"" + WF + " fromPhase=\"\" toPhase=Running"),
                slog("10:00:00.409", "\"node initialized\"" + WF + " node=ingest-daily phase=Pending message=\"\""),
                slog("10:00:00.431", "\"Created pod\"" + WF + " nodeName=ingest-daily nodeID=ingest-daily podName=ingest-daily"),
                slog("10:00:00.448", "\"Workflow update successful\"" + WF + " resourceVersion=55104 phase=Running"),
                slog("10:00:00.452", "\"add pod event\"" + PC + " pod=ingest-daily"),
                slog("10:00:05.604", "\"update pod event\"" + PC + " pod=ingest-daily"),
                slog("10:10:00.012", "\"update pod event\"" + PC + " pod=ingest-daily"),
                slog("10:10:00.013", "\"Removing finalizers during a delete\"" + PC + " pod.Finalizers=[workflows.argoproj.io/status]"),
                slog("10:10:00.013", "\"queuing pod delay\"" + PC + " podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\""
                        + " delay=-7m55.013482117s action=removeFinalizer namespace=data podName=ingest-daily"),
                slog("10:10:00.014", "\"queueing pod for cleanup\"" + PC + " action=removeFinalizer namespace=data podName=ingest-daily"),
                slog("10:10:00.061", "\"cleaning up pod\"" + PC + " namespace=data key=data/ingest-daily/removeFinalizer podName=ingest-daily"
                        + " action=removeFinalizer")));
        if (keptChanging) {
            l.add(slog("10:10:31.220", "\"update pod event\"" + PC + " pod=ingest-daily"));
        }
        l.addAll(List.of(
                slog("10:10:32.340", "\"delete pod event\"" + PC + " pod=ingest-daily"),
                slog("10:10:32.352", "\"Processing workflow\"" + WF + " phase=Running resourceVersion=55126"),
                slog("10:10:32.355", "\"Workflow pod is missing\"" + WF + " nodeName=ingest-daily nodePhase=Running recentlyStarted=false"),
                "time=2026-10-06T10:10:32.355Z level=ERROR msg=\"marking node as error\"" + WF + " error=\"pod deleted\" nodeName=ingest-daily",
                slog("10:10:32.356", "\"node phase changed\"" + WF + " node=ingest-daily toPhase=Error fromPhase=Running"),
                slog("10:10:32.356", "\"node message changed\"" + WF + " node=ingest-daily message=\"pod deleted\""),
                slog("10:10:32.359", "\"Marking workflow completed\"" + WF),
                slog("10:10:32.381", "\"Workflow update successful\"" + WF + " resourceVersion=55201 phase=Error")));
        return l.toArray(String[]::new);
    }

    /** An export of a Pod named ingest-daily, never deleted, every container exit 0: created and finished at the given times. */
    private static String pod(String created, String started, String finished) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: ingest-daily
                  namespace: data
                  uid: 0b9c4e2a-6f13-4d7e-8a25-c3f1e7d90b46
                  creationTimestamp: "2026-10-06T%1$sZ"
                  labels:
                    workflows.argoproj.io/workflow: ingest-daily
                  annotations:
                    workflows.argoproj.io/node-id: ingest-daily
                    workflows.argoproj.io/node-name: ingest-daily
                  ownerReferences:
                  - {apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: ingest-daily, uid: 7d2e9a41-3b6c-4f80-a1d2-5e9c0b7f3a18, controller: true}
                spec:
                  nodeName: ip-10-1-4-17.ec2.internal
                  restartPolicy: Never
                  containers: [{name: wait}, {name: main}]
                status:
                  phase: Succeeded
                  conditions:
                  - {type: PodScheduled, status: "True", lastTransitionTime: "2026-10-06T%1$sZ"}
                  - {type: Ready, status: "False", reason: PodCompleted, lastTransitionTime: "2026-10-06T%3$sZ"}
                  containerStatuses:
                  - name: main
                    state: {terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-06T%2$sZ", finishedAt: "2026-10-06T%3$sZ"}}
                  - name: wait
                    state: {terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-06T%2$sZ", finishedAt: "2026-10-06T%3$sZ"}}
                """.formatted(created, started, finished);
    }

    private static final String WORKFLOW = """
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata:
              name: ingest-daily
              namespace: data
              uid: 7d2e9a41-3b6c-4f80-a1d2-5e9c0b7f3a18
              resourceVersion: "55201"
              creationTimestamp: "2026-10-06T10:00:00Z"
            status:
              phase: Error
              finishedAt: "2026-10-06T10:10:32Z"
              nodes:
                ingest-daily:
                  id: ingest-daily
                  name: ingest-daily
                  type: Pod
                  phase: Error
                  message: pod deleted
                  startedAt: "2026-10-06T10:00:00Z"
                  finishedAt: "2026-10-06T10:10:32Z"
            """;

    private static Correlation drained(String podYaml, boolean keptChanging) {
        return new Evidence().log("controller-previous.log", drainedLog(keptChanging)).pod("pod.yaml", podYaml).workflow("workflow.yaml", WORKFLOW)
                .correlate();
    }

    /**
     * The retried Pod's export, created 30 minutes after the drained Pod's {@code Created pod} line, no longer orders the drained
     * Pod's end before its deletion: AF001 and AF002 are possible, the reason naming the later Pod of the name. The control: the
     * drained Pod's own export, created with its line and finished at 10:05, taken before its deletion, keeps both confirmed.
     */
    @Test
    void aLaterPodOfTheNameDoesNotShowTheReleasedPodFinished() {
        Correlation retried = drained(pod("10:30:05", "10:30:08", "10:30:42"), true);
        for (Finding f : new PrematureFinalizerRemoval().evaluate(retried).findings()) {
            assertEquals(Confidence.POSSIBLE, f.confidence(), f.toString());
            assertTrue(f.confidenceReason().contains("the export may be of a later Pod of the same name"), f.confidenceReason());
        }
        for (Finding f : new SuccessReportedAsError().evaluate(retried).findings()) {
            assertEquals(Confidence.POSSIBLE, f.confidence(), f.toString());
        }

        Correlation own = drained(pod("10:00:00", "10:00:03", "10:05:02"), false);
        Evaluation af001 = new PrematureFinalizerRemoval().evaluate(own);
        assertEquals(1, af001.findings().size(), af001.toString());
        assertEquals(Confidence.CONFIRMED, af001.findings().get(0).confidence(), af001.toString());
        assertEquals(Confidence.CONFIRMED, new SuccessReportedAsError().evaluate(own).findings().get(0).confidence());
    }

    /** An export of a Pod named ingest-daily being deleted while main runs (grace 30 s), created and deleted at the given times. */
    private static String deletedRunning(String created, String deletionTimestamp) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: ingest-daily
                  namespace: data
                  uid: 5e1d7c3b-2a90-4f64-9b18-d4a6e2c0f937
                  creationTimestamp: "2026-10-06T%1$sZ"
                  deletionTimestamp: "2026-10-06T%2$sZ"
                  deletionGracePeriodSeconds: 30
                  finalizers: [workflows.argoproj.io/status]
                  labels:
                    workflows.argoproj.io/workflow: ingest-daily
                  annotations:
                    workflows.argoproj.io/node-id: ingest-daily
                    workflows.argoproj.io/node-name: ingest-daily
                  ownerReferences:
                  - {apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: ingest-daily, uid: 7d2e9a41-3b6c-4f80-a1d2-5e9c0b7f3a18, controller: true}
                spec:
                  nodeName: ip-10-1-4-17.ec2.internal
                  restartPolicy: Never
                  containers: [{name: wait}, {name: main}]
                status:
                  phase: Running
                  conditions:
                  - {type: PodScheduled, status: "True", lastTransitionTime: "2026-10-06T%1$sZ"}
                  - {type: Ready, status: "True", lastTransitionTime: "2026-10-06T%1$sZ"}
                  containerStatuses:
                  - name: main
                    state: {running: {startedAt: "2026-10-06T%1$sZ"}}
                  - name: wait
                    state: {running: {startedAt: "2026-10-06T%1$sZ"}}
                """.formatted(created, deletionTimestamp);
    }

    /** The race's lines: the Pod finished at 10:05 (its last change), deleted at 10:10, released at once and gone, recorded lost. */
    private static String[] raceLog() {
        List<String> l = new ArrayList<>();
        for (String line : drainedLog(false)) {
            l.add(line.replace("delay=-7m55.013482117s", "delay=-2m57.013482117s")
                    .replace("10:10:32.340Z level=INFO msg=\"delete pod event\"", "10:10:00.090Z level=INFO msg=\"delete pod event\""));
            if (line.contains("10:00:05.604")) {
                l.add(slog("10:05:02.100", "\"update pod event\"" + PC + " pod=ingest-daily"));
            }
        }
        return l.toArray(String[]::new);
    }

    /**
     * The other way round: the released Pod had finished (the race), and the Pod exported is its retry, drained while it ran,
     * created 30 minutes after the line. It made AF007 confirmed (and cleared AF001 as a deletion while main ran). Now AF007 finds
     * nothing and AF001 keeps what the lines show (possible). The control: the drained Pod's own export, created with its line,
     * deleted with grace 30 s while main ran, is AF007 confirmed.
     */
    @Test
    void aLaterPodOfTheNameDoesNotShowTheReleasedPodRunning() {
        Correlation retried = new Evidence().log("controller-previous.log", raceLog()).pod("pod.yaml", deletedRunning("10:30:05", "10:41:30"))
                .workflow("workflow.yaml", WORKFLOW).correlate();
        assertTrue(new PodDeletedDuringExecution().evaluate(retried).findings().isEmpty(), new PodDeletedDuringExecution().evaluate(retried).toString());
        Evaluation af001 = new PrematureFinalizerRemoval().evaluate(retried);
        assertEquals(1, af001.findings().size(), af001.toString());
        assertEquals(Confidence.POSSIBLE, af001.findings().get(0).confidence());

        Correlation own = new Evidence().log("controller-previous.log", drainedLog(true)).pod("pod.yaml", deletedRunning("10:00:00", "10:10:30"))
                .workflow("workflow.yaml", WORKFLOW).correlate();
        Evaluation af007 = new PodDeletedDuringExecution().evaluate(own);
        assertEquals(1, af007.findings().size(), af007.toString());
        assertEquals(Confidence.CONFIRMED, af007.findings().get(0).confidence());
    }
}
