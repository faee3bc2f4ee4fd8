package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 42 breaker: AF005, AF008 and AF009 read a node's lines as the Pod's own although the node was run again in a later
 * Pod of another name ({@code PodLifecycle.laterRun}, session 41: a Workflow {@code report-gen} whose step's Pod was named by the
 * node ID under {@code POD_NAMES=v1}, deleted and submitted again under its name after the controller moved to v2, its step's
 * Pod now {@code report-gen-render-3220779836}; both Pod names end in the node's hash, so both are linked to the node).
 * <ul>
 *   <li>AF005 was {@code likely} on the earlier object's Pod (its node Succeeded) from the later Pod's three missing lines; and,
 *       the reverse, an earlier Pod's own stuck episode was cleared as "finished" by the later run's node ending.</li>
 *   <li>AF008 was {@code likely} on the earlier object's Pod, labelled completed by the controller, for the later Pod's real
 *       deletion and {@code pod deleted}.</li>
 *   <li>AF009 named the later Pod for a stale copy's change of the node made two minutes before that Pod existed.</li>
 * </ul>
 * Controls: the earlier Pod's own episodes (missing while Pending, labelled and then declared deleted) before the later run
 * still give AF005 and AF008.
 */
class LaterRunOtherRulesTest {
    @TempDir
    Path dir;

    private static final String V1 = "1-controller-pod-names-v1.log";
    private static final String V2 = "2-controller-pod-names-v2.log";
    private static final String OLD = "report-gen-3220779836";
    private static final String LATER = "report-gen-render-3220779836";

    /** The same Workflow's first run, under POD_NAMES v1, to its end ({@link NodeRunInAnotherPodTest}'s, the same lines). */
    private static final String V1_COMPLETED = NodeRunInAnotherPodTest.OLD_OBJECT_COMPLETED;

    private static final String V2_LATER_POD_GONE_PENDING = NodeRunInAnotherPodTest.V2_STARTED
            + NodeRunInAnotherPodTest.OLD_POD_SEEN
            + NodeRunInAnotherPodTest.LATER_POD_CREATED + """
            time=2026-10-21T16:12:02.301Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:12:02.301Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-10-21T16:12:02.302Z level=INFO msg="queuing pod delay" component=pod_controller action=removeFinalizer delay=-7m21.301877413s namespace=reports podName=report-gen-3220779836 podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}"
            time=2026-10-21T16:12:02.302Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=reports podName=report-gen-3220779836 action=removeFinalizer
            time=2026-10-21T16:12:02.350Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-3220779836/removeFinalizer action=removeFinalizer namespace=reports podName=report-gen-3220779836
            time=2026-10-21T16:12:02.366Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:12:05.120Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:06.300Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:20.560Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51019 phase=Running
            time=2026-10-21T16:12:20.562Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Pending recentlyStarted=false
            time=2026-10-21T16:12:20.571Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:12:40.560Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:12:40.562Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Pending recentlyStarted=false
            time=2026-10-21T16:13:00.560Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:13:00.562Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Pending recentlyStarted=false
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9120 TotalAlloc=33012 Sys=41120 NumGC=15 Goroutines=188"
            """;

    private static final String V1_PENDING_POD_GONE = NodeRunInAnotherPodTest.V1_STARTED + NodeRunInAnotherPodTest.V1_POD_CREATED + """
            time=2026-10-21T16:00:11.612Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:00:20.060Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50229 phase=Running
            time=2026-10-21T16:00:20.062Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Pending recentlyStarted=false
            time=2026-10-21T16:00:20.071Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50233 phase=Running
            time=2026-10-21T16:00:40.060Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50233 phase=Running
            time=2026-10-21T16:00:40.062Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Pending recentlyStarted=false
            time=2026-10-21T16:01:00.060Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50233 phase=Running
            time=2026-10-21T16:01:00.062Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Pending recentlyStarted=false
            time=2026-10-21T16:05:00.191Z level=INFO msg="Alloc=8102 TotalAlloc=28800 Sys=39911 NumGC=12 Goroutines=131"
            """;

    private static final String V2_LATER_RUN_SUCCEEDS = NodeRunInAnotherPodTest.V2_STARTED
            + NodeRunInAnotherPodTest.LATER_POD_CREATED
            + NodeRunInAnotherPodTest.LATER_POD_RUNNING + """
            time=2026-10-21T16:12:40.402Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:41.207Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:41.210Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51030 phase=Running
            time=2026-10-21T16:12:41.218Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.220Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.222Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.224Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.225Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:12:41.251Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51040 phase=Succeeded
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9220 TotalAlloc=34012 Sys=41120 NumGC=16 Goroutines=140"
            """;

    private static final String V2_OLD_LABELLED_LATER_DELETED = NodeRunInAnotherPodTest.V2_STARTED
            + NodeRunInAnotherPodTest.LATER_POD_CREATED
            + NodeRunInAnotherPodTest.LATER_POD_RUNNING + """
            time=2026-10-21T16:12:20.700Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:29.400Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-3220779836/labelPodCompleted action=labelPodCompleted namespace=reports podName=report-gen-3220779836
            time=2026-10-21T16:12:29.420Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:12:30.010Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:12:30.014Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=0
            time=2026-10-21T16:12:30.016Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:12:30.016Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:12:30.017Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:12:30.017Z level=INFO msg="node message changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 message="pod deleted"
            time=2026-10-21T16:12:30.020Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:12:30.022Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:12:30.024Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:12:30.025Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:12:30.051Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51240 phase=Failed
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9220 TotalAlloc=34012 Sys=41120 NumGC=16 Goroutines=140"
            """;

    private static final String V1_LABELLED_DECLARED = NodeRunInAnotherPodTest.V1_STARTED
            + NodeRunInAnotherPodTest.V1_POD_CREATED
            + NodeRunInAnotherPodTest.V1_POD_RUNNING
            + NodeRunInAnotherPodTest.V1_POD_EXITED + """
            time=2026-10-21T16:02:41.308Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-3220779836/labelPodCompleted action=labelPodCompleted namespace=reports podName=report-gen-3220779836
            time=2026-10-21T16:02:41.309Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:02:41.310Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50391 phase=Running
            time=2026-10-21T16:02:41.313Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=1
            time=2026-10-21T16:02:41.316Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:02:41.316Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:02:41.317Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:02:41.317Z level=INFO msg="node message changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 message="pod deleted"
            time=2026-10-21T16:02:41.318Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:02:41.321Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:02:41.324Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:02:41.325Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:02:41.352Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50398 phase=Failed
            time=2026-10-21T16:05:00.191Z level=INFO msg="Alloc=8102 TotalAlloc=28800 Sys=39911 NumGC=12 Goroutines=131"
            """;

    private static final String V2_LATER_POD_DELETED = NodeRunInAnotherPodTest.V2_STARTED
            + NodeRunInAnotherPodTest.LATER_POD_CREATED
            + NodeRunInAnotherPodTest.LATER_POD_RUNNING + """
            time=2026-10-21T16:12:20.700Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:30.010Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:12:30.014Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=0
            time=2026-10-21T16:12:30.016Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:12:30.016Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:12:30.017Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:12:30.017Z level=INFO msg="node message changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 message="pod deleted"
            time=2026-10-21T16:12:30.020Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:12:30.022Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:12:30.024Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:12:30.025Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:12:30.051Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51240 phase=Failed
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9220 TotalAlloc=34012 Sys=41120 NumGC=16 Goroutines=140"
            """;

    private static final String V2_STALE_PASS_THEN_LATER_RUN = """
            time=2026-10-21T16:10:00.210Z level=INFO msg="Leader election is turned off. Running in single-instance mode"
            time=2026-10-21T16:10:00.211Z level=INFO msg="starting leading" id=single-instance
            time=2026-10-21T16:10:00.212Z level=INFO msg="Starting Workflow Controller" version=v4.1.3 instanceID="" defaultRequeueTime=10s gitTag=v4.1.3 gitTreeState=clean
            time=2026-10-21T16:10:00.290Z level=INFO msg="Current Worker Numbers" podCleanup=4 workflowWorkers=2 workflowTtlWorkers=4 workflowArchive=8 cronWorkflowWorkers=8
            time=2026-10-21T16:10:00.293Z level=INFO msg="Performing periodic GC" periodicity=5m0s
            time=2026-10-21T16:10:00.501Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50233 phase=Running
            time=2026-10-21T16:10:00.504Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=0
            time=2026-10-21T16:10:00.506Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:10:00.506Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:10:00.507Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:10:00.507Z level=INFO msg="node message changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 message="pod deleted"
            time=2026-10-21T16:10:00.509Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:10:00.510Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:10:00.511Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:10:00.512Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:10:00.530Z level=WARN msg="Error updating workflow" component=workflow_worker workflow=report-gen namespace=reports error="Operation cannot be fulfilled on workflows.argoproj.io \\"report-gen\\": the object has been modified; please apply your changes to the latest version and try again" reason=Conflict
            time=2026-10-21T16:10:00.545Z level=INFO msg="Failed to re-apply update" component=workflow_worker workflow=report-gen namespace=reports error="must never update completed workflows"
            time=2026-10-21T16:12:00.501Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51002 phase=""
            time=2026-10-21T16:12:00.504Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=0
            time=2026-10-21T16:12:00.505Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase="" toPhase=Running
            time=2026-10-21T16:12:00.507Z level=INFO msg="node initialized" component=workflow_worker workflow=report-gen namespace=reports node=report-gen phase=Running message=""
            time=2026-10-21T16:12:00.508Z level=INFO msg="node initialized" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 phase=Running message=""
            time=2026-10-21T16:12:00.510Z level=INFO msg="node initialized" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 phase=Pending message=""
            time=2026-10-21T16:12:00.533Z level=INFO msg="Created pod" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodeID=report-gen-3220779836 podName=report-gen-render-3220779836
            time=2026-10-21T16:12:00.551Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51007 phase=Running
            time=2026-10-21T16:12:00.555Z level=INFO msg="add pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:01.900Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:05.120Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:10.560Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51019 phase=Running
            time=2026-10-21T16:12:10.571Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:12:40.402Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:41.207Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:41.210Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51030 phase=Running
            time=2026-10-21T16:12:41.218Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.220Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.222Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.224Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:12:41.225Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:12:41.251Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51040 phase=Succeeded
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9220 TotalAlloc=34012 Sys=41120 NumGC=16 Goroutines=140"
            """;

    private static final String WORKFLOW_EXPORT_PENDING = """
            # kubectl get wf -n reports report-gen -o yaml  (16:30Z)
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata:
              annotations:
                workflows.argoproj.io/pod-name-format: v2
              creationTimestamp: "2026-10-21T16:12:00Z"
              labels:
                workflows.argoproj.io/phase: Running
              name: report-gen
              namespace: reports
              uid: 9d3c1e7a-2b4f-4e61-8a0d-7f5b2c9e1a36
            spec:
              entrypoint: main
            status:
              phase: Running
              startedAt: "2026-10-21T16:12:00Z"
              finishedAt: null
              nodes:
                report-gen:
                  id: report-gen
                  name: report-gen
                  displayName: report-gen
                  type: Steps
                  templateName: main
                  phase: Running
                  startedAt: "2026-10-21T16:12:00Z"
                  finishedAt: null
                  children: [report-gen-3724235178]
                report-gen-3724235178:
                  id: report-gen-3724235178
                  name: report-gen[0]
                  displayName: "[0]"
                  type: StepGroup
                  templateName: main
                  phase: Running
                  boundaryID: report-gen
                  startedAt: "2026-10-21T16:12:00Z"
                  finishedAt: null
                  children: [report-gen-3220779836]
                report-gen-3220779836:
                  id: report-gen-3220779836
                  name: report-gen[0].render
                  displayName: render
                  type: Pod
                  templateName: render
                  phase: Pending
                  boundaryID: report-gen
                  startedAt: "2026-10-21T16:12:00Z"
                  finishedAt: null
                  hostNodeName: ip-10-0-9-14.ec2.internal
                  taskResultSynced: true
            """;

    private JsonNode report(String v1, String v2, String workflowExport) throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        Files.writeString(dir.resolve("logs").resolve(V1), v1);
        List<String> args = new ArrayList<>(List.of("analyze", dir.resolve("logs").toString()));
        if (v2 != null) {
            Files.writeString(dir.resolve("logs").resolve(V2), v2);
        }
        if (workflowExport != null) {
            Files.createDirectories(dir.resolve("snapshots"));
            Files.writeString(dir.resolve("snapshots/workflow-after.yaml"), workflowExport);
            args.add(dir.resolve("snapshots").toString());
        }
        args.addAll(List.of("--now", "2026-12-01T00:00:00Z", "--format", "json"));
        Cli c = Cli.run(args.toArray(String[]::new));
        return new ObjectMapper().readTree(c.out());
    }

    private static JsonNode finding(JsonNode report, String rule, String pod) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && f.get("pod").get("name").asText().equals(pod)) {
                return f;
            }
        }
        return null;
    }

    private static JsonNode clearance(JsonNode report, String rule, String pod) {
        for (JsonNode r : report.get("rules")) {
            if (r.get("rule").asText().equals(rule)) {
                for (JsonNode c : r.get("cleared")) {
                    if (c.get("pod").get("name").asText().equals(pod)) {
                        return c;
                    }
                }
            }
        }
        return null;
    }

    @Test
    void theLaterPodsMissingLinesAreNotTheEarlierPodsNodeLeft() throws IOException {
        JsonNode r = report(V1_COMPLETED, V2_LATER_POD_GONE_PENDING, WORKFLOW_EXPORT_PENDING);
        assertNull(finding(r, "AF005", OLD), "the earlier object's node Succeeded\n" + r);
        JsonNode later = finding(r, "AF005", LATER);
        assertNotNull(later, "the later Pod's own loss is still found\n" + r);
        assertEquals("likely", later.get("confidence").asText(), later.toString());
        assertTrue(later.toString().contains("\"missingLogged\""), later.toString());
    }

    @Test
    void anEarlierPodsEpisodeIsNotClearedByTheLaterRunsEnd() throws IOException {
        JsonNode r = report(V1_PENDING_POD_GONE, V2_LATER_RUN_SUCCEEDS, null);
        assertNull(finding(r, "AF005", OLD), r.toString());
        JsonNode c = clearance(r, "AF005", OLD);
        assertNotNull(c, r.toString());
        assertEquals("AF005.cleared.nodeRunAgain", c.get("reasonCode").asText(), c.toString());
        assertEquals(12, c.get("line").asInt(), "cites the later Pod's Created pod line\n" + c);
        assertTrue(c.get("source").asText().endsWith(V2), c.toString());
    }

    /** Control: the earlier Pod's episode alone (no later run in the inputs) is AF005. */
    @Test
    void theEarlierPodsEpisodeAloneIsStillFound() throws IOException {
        JsonNode r = report(V1_PENDING_POD_GONE, null, null);
        JsonNode f = finding(r, "AF005", OLD);
        assertNotNull(f, r.toString());
        assertEquals("likely", f.get("confidence").asText(), f.toString());
    }

    @Test
    void theLaterPodsRealDeletionIsNotTheLabelledEarlierPodsFalseOne() throws IOException {
        JsonNode r = report(V1_COMPLETED, V2_OLD_LABELLED_LATER_DELETED, null);
        assertNull(finding(r, "AF008", OLD), "the earlier object's Pod was never declared deleted\n" + r);
        assertNull(finding(r, "AF008", LATER), r.toString());
        assertNotNull(clearance(r, "AF008", LATER), "the later Pod's deletion is shown: cleared\n" + r);
    }

    /** Control: the earlier Pod labelled and then declared deleted in its own run, before the later run: still AF008. */
    @Test
    void theEarlierPodsOwnFalseDeletionIsStillFound() throws IOException {
        JsonNode r = report(V1_LABELLED_DECLARED, V2_LATER_POD_DELETED, null);
        JsonNode f = finding(r, "AF008", OLD);
        assertNotNull(f, r.toString());
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertNull(finding(r, "AF008", LATER), r.toString());
    }

    @Test
    void aStaleCopysChangeNamesThePodOfThatRun() throws IOException {
        JsonNode r = report(V1_COMPLETED, V2_STALE_PASS_THEN_LATER_RUN, null);
        JsonNode f = finding(r, "AF009", OLD);
        assertNotNull(f, "the change (16:10:00) is of the earlier Pod's run; the later Pod was created at 16:12:00\n" + r);
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertNull(finding(r, "AF009", LATER), r.toString());
    }
}
