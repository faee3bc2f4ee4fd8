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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 41 probe (a): one node run in two Pods of different names. A Workflow {@code report-gen} started by a controller with
 * {@code POD_NAMES=v1} names its step's Pod by the node ID ({@code report-gen-3220779836}); it completes {@code Succeeded}, and
 * the controller restarts with v2 before it labels the Pod. The user deletes the Workflow and submits it again under its name:
 * the new object names the same node's Pod {@code report-gen-render-3220779836}. The garbage collector deletes the old Pod (the
 * deleting branch, a negative delay, released), and later the new Pod is lost to #17024's race. Both Pod names end in the node's
 * hash, so both are linked to the node: the later run's {@code pod deleted} was read as the old Pod's loss, and with the old Pod's
 * export AF001 and AF002 were {@code likely} on it (the controller's lines "leaving no room" for a deletion of the Workflow that
 * had in fact been deleted). A node created again under another Pod name is a later run of it: its lines from then on are that
 * Pod's ({@code LifecycleBuilder.laterRun}). Control: the old Pod's own loss, recorded before the new object ran the node, still
 * gives AF001.
 */
class NodeRunInAnotherPodTest {
    @TempDir
    Path dir;

    private static final String V1 = "1-controller-pod-names-v1.log";
    private static final String V2 = "2-controller-pod-names-v2.log";

    /** The v2 controller's start (16:10), the first lines of every later run here and in {@link LaterRunOtherRulesTest}. */
    static final String V2_STARTED = """
            time=2026-10-21T16:10:00.210Z level=INFO msg="Leader election is turned off. Running in single-instance mode"
            time=2026-10-21T16:10:00.211Z level=INFO msg="starting leading" id=single-instance
            time=2026-10-21T16:10:00.212Z level=INFO msg="Starting Workflow Controller" version=v4.1.3 instanceID="" defaultRequeueTime=10s gitTag=v4.1.3 gitTreeState=clean
            time=2026-10-21T16:10:00.290Z level=INFO msg="Current Worker Numbers" podCleanup=4 workflowWorkers=2 workflowTtlWorkers=4 workflowArchive=8 cronWorkflowWorkers=8
            time=2026-10-21T16:10:00.293Z level=INFO msg="Performing periodic GC" periodicity=5m0s
            """;

    /** The earlier object's Pod seen by the v2 controller's informer at its start. */
    static final String OLD_POD_SEEN = """
            time=2026-10-21T16:10:00.402Z level=INFO msg="add pod event" component=pod_controller pod=report-gen-3220779836
            """;

    /** The Workflow submitted again (16:12): its step's Pod created under v2's name and seen starting. */
    static final String LATER_POD_CREATED = """
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
            """;

    /** The later Pod running, and the Workflow's next pass stored. */
    static final String LATER_POD_RUNNING = """
            time=2026-10-21T16:12:05.120Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:10.560Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51019 phase=Running
            time=2026-10-21T16:12:10.571Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            """;

    /** The v1 controller's start (16:00), the first lines of every first run here and in {@link LaterRunOtherRulesTest}. */
    static final String V1_STARTED = """
            time=2026-10-21T16:00:00.110Z level=INFO msg="Leader election is turned off. Running in single-instance mode"
            time=2026-10-21T16:00:00.111Z level=INFO msg="starting leading" id=single-instance
            time=2026-10-21T16:00:00.112Z level=INFO msg="Starting Workflow Controller" version=v4.1.3 instanceID="" defaultRequeueTime=10s gitTag=v4.1.3 gitTreeState=clean
            time=2026-10-21T16:00:00.190Z level=INFO msg="Current Worker Numbers" podCleanup=4 workflowWorkers=2 workflowTtlWorkers=4 workflowArchive=8 cronWorkflowWorkers=8
            time=2026-10-21T16:00:00.193Z level=INFO msg="Performing periodic GC" periodicity=5m0s
            """;

    /** The first run: the step's Pod created under v1's name (the node ID). */
    static final String V1_POD_CREATED = """
            time=2026-10-21T16:00:10.002Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50211 phase=""
            time=2026-10-21T16:00:10.005Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=0
            time=2026-10-21T16:00:10.006Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase="" toPhase=Running
            time=2026-10-21T16:00:10.008Z level=INFO msg="node initialized" component=workflow_worker workflow=report-gen namespace=reports node=report-gen phase=Running message=""
            time=2026-10-21T16:00:10.009Z level=INFO msg="node initialized" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 phase=Running message=""
            time=2026-10-21T16:00:10.011Z level=INFO msg="node initialized" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 phase=Pending message=""
            time=2026-10-21T16:00:10.034Z level=INFO msg="Created pod" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodeID=report-gen-3220779836 podName=report-gen-3220779836
            time=2026-10-21T16:00:10.052Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50216 phase=Running
            time=2026-10-21T16:00:10.056Z level=INFO msg="add pod event" component=pod_controller pod=report-gen-3220779836
            """;

    /** The first run's Pod running, and the Workflow's next pass stored. */
    static final String V1_POD_RUNNING = """
            time=2026-10-21T16:00:11.612Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:00:14.980Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:00:20.060Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50229 phase=Running
            time=2026-10-21T16:00:20.071Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50233 phase=Running
            """;

    /** The first run's Pod reporting its containers' end. */
    static final String V1_POD_EXITED = """
            time=2026-10-21T16:02:40.511Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:02:41.304Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            """;

    static final String OLD_OBJECT_COMPLETED = V1_STARTED + V1_POD_CREATED + V1_POD_RUNNING + V1_POD_EXITED + """
            time=2026-10-21T16:02:41.310Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50391 phase=Running
            time=2026-10-21T16:02:41.313Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=1
            time=2026-10-21T16:02:41.318Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:02:41.319Z level=INFO msg="node finished" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 finishedAt=2026-10-21T16:02:41.319004417Z
            time=2026-10-21T16:02:41.321Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:02:41.322Z level=INFO msg="node finished" component=workflow_worker workflow=report-gen namespace=reports node=report-gen finishedAt=2026-10-21T16:02:41.322118350Z
            time=2026-10-21T16:02:41.324Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Succeeded
            time=2026-10-21T16:02:41.325Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:02:41.352Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50398 phase=Succeeded
            time=2026-10-21T16:05:00.191Z level=INFO msg="Alloc=8102 TotalAlloc=28800 Sys=39911 NumGC=12 Goroutines=131"
            """;

    private static final String NEW_OBJECT_RACED = V2_STARTED + OLD_POD_SEEN + LATER_POD_CREATED + """
            time=2026-10-21T16:12:02.301Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:12:02.301Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-10-21T16:12:02.302Z level=INFO msg="queuing pod delay" component=pod_controller action=removeFinalizer delay=-7m21.301877413s namespace=reports podName=report-gen-3220779836 podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}"
            time=2026-10-21T16:12:02.302Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=reports podName=report-gen-3220779836 action=removeFinalizer
            time=2026-10-21T16:12:02.350Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-3220779836/removeFinalizer action=removeFinalizer namespace=reports podName=report-gen-3220779836
            time=2026-10-21T16:12:02.366Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:12:05.120Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:10.560Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51019 phase=Running
            time=2026-10-21T16:12:10.571Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:12:40.402Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:41.207Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9120 TotalAlloc=33012 Sys=41120 NumGC=15 Goroutines=188"
            time=2026-10-21T16:16:00.611Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:16:00.612Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-10-21T16:16:00.612Z level=INFO msg="queuing pod delay" component=pod_controller action=removeFinalizer delay=-1m19.612450092s namespace=reports podName=report-gen-render-3220779836 podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}"
            time=2026-10-21T16:16:00.613Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=reports podName=report-gen-render-3220779836 action=removeFinalizer
            time=2026-10-21T16:16:00.650Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-render-3220779836/removeFinalizer action=removeFinalizer namespace=reports podName=report-gen-render-3220779836
            time=2026-10-21T16:16:00.664Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:17:40.010Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:17:40.014Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=1
            time=2026-10-21T16:17:40.016Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:17:40.016Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:17:40.017Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:17:40.017Z level=INFO msg="node message changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 message="pod deleted"
            time=2026-10-21T16:17:40.020Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:17:40.022Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:17:40.024Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:17:40.025Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:17:40.051Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51240 phase=Failed
            time=2026-10-21T16:20:00.291Z level=INFO msg="Alloc=9220 TotalAlloc=34012 Sys=41120 NumGC=16 Goroutines=140"
            """;

    private static final String WORKFLOW_EXPORT = """
            # kubectl get wf -n reports report-gen -o yaml  (16:30Z)
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata:
              annotations:
                workflows.argoproj.io/pod-name-format: v2
              creationTimestamp: "2026-10-21T16:12:00Z"
              labels:
                workflows.argoproj.io/completed: "true"
                workflows.argoproj.io/phase: Failed
              name: report-gen
              namespace: reports
              uid: 9d3c1e7a-2b4f-4e61-8a0d-7f5b2c9e1a36
            spec:
              entrypoint: main
            status:
              phase: Failed
              startedAt: "2026-10-21T16:12:00Z"
              finishedAt: "2026-10-21T16:17:40Z"
              nodes:
                report-gen:
                  id: report-gen
                  name: report-gen
                  displayName: report-gen
                  type: Steps
                  templateName: main
                  phase: Failed
                  startedAt: "2026-10-21T16:12:00Z"
                  finishedAt: "2026-10-21T16:17:40Z"
                  children: [report-gen-3724235178]
                report-gen-3724235178:
                  id: report-gen-3724235178
                  name: report-gen[0]
                  displayName: "[0]"
                  type: StepGroup
                  templateName: main
                  phase: Failed
                  boundaryID: report-gen
                  startedAt: "2026-10-21T16:12:00Z"
                  finishedAt: "2026-10-21T16:17:40Z"
                  children: [report-gen-3220779836]
                report-gen-3220779836:
                  id: report-gen-3220779836
                  name: report-gen[0].render
                  displayName: render
                  type: Pod
                  templateName: render
                  phase: Error
                  message: pod deleted
                  boundaryID: report-gen
                  startedAt: "2026-10-21T16:12:00Z"
                  finishedAt: "2026-10-21T16:17:40Z"
                  hostNodeName: ip-10-0-9-14.ec2.internal
                  taskResultSynced: true
            """;

    private static final String NEW_POD_EXPORT = """
            # kubectl get pod -n reports report-gen-render-3220779836 -o yaml   (16:15:59Z)
            apiVersion: v1
            kind: Pod
            metadata:
              annotations:
                workflows.argoproj.io/node-id: report-gen-3220779836
                workflows.argoproj.io/node-name: report-gen[0].render
              creationTimestamp: "2026-10-21T16:12:00Z"
              deletionGracePeriodSeconds: 0
              deletionTimestamp: "2026-10-21T16:15:58Z"
              finalizers:
              - workflows.argoproj.io/status
              labels:
                workflows.argoproj.io/completed: "false"
                workflows.argoproj.io/workflow: report-gen
              name: report-gen-render-3220779836
              namespace: reports
              ownerReferences:
              - apiVersion: argoproj.io/v1alpha1
                blockOwnerDeletion: true
                controller: true
                kind: Workflow
                name: report-gen
                uid: 9d3c1e7a-2b4f-4e61-8a0d-7f5b2c9e1a36
              uid: e1f7a2c4-6b3d-4f8e-9a51-2c7d0b8e4f19
            spec:
              containers:
              - name: wait
                image: quay.io/argoproj/argoexec:v4.1.3
              - name: main
                image: ghcr.io/example/render:2.4
              nodeName: ip-10-0-9-14.ec2.internal
            status:
              phase: Succeeded
              conditions:
              - {type: PodReadyToStartContainers, status: "False", lastTransitionTime: "2026-10-21T16:12:41Z"}
              - {type: Initialized, status: "True", reason: PodCompleted, lastTransitionTime: "2026-10-21T16:12:00Z"}
              - {type: Ready, status: "False", reason: PodCompleted, lastTransitionTime: "2026-10-21T16:12:41Z"}
              - {type: ContainersReady, status: "False", reason: PodCompleted, lastTransitionTime: "2026-10-21T16:12:41Z"}
              - {type: PodScheduled, status: "True", lastTransitionTime: "2026-10-21T16:12:00Z"}
              containerStatuses:
              - name: main
                state:
                  terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-21T16:12:00Z", finishedAt: "2026-10-21T16:12:40Z"}
              - name: wait
                state:
                  terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-21T16:12:00Z", finishedAt: "2026-10-21T16:12:40Z"}
            """;

    /** The old Pod as exported at {@code takenAt}, its deletion requested at {@code deletedAt} (grace 0: it had finished). */
    private static String oldPodExport(String takenAt, String deletedAt) {
        return """
            # kubectl get pod -n reports report-gen-3220779836 -o yaml   (%s)
            apiVersion: v1
            kind: Pod
            metadata:
              annotations:
                workflows.argoproj.io/node-id: report-gen-3220779836
                workflows.argoproj.io/node-name: report-gen[0].render
              creationTimestamp: "2026-10-21T16:00:10Z"
              deletionGracePeriodSeconds: 0
              deletionTimestamp: "%s"
              finalizers:
              - workflows.argoproj.io/status
              labels:
                workflows.argoproj.io/completed: "false"
                workflows.argoproj.io/workflow: report-gen
              name: report-gen-3220779836
              namespace: reports
              ownerReferences:
              - apiVersion: argoproj.io/v1alpha1
                blockOwnerDeletion: true
                controller: true
                kind: Workflow
                name: report-gen
                uid: 5a8e0c2d-7f1b-4d93-b6e4-0c9a3f7d2e85
              uid: 77c2e9b1-0d4a-4f6c-8e3b-a19d5c0f7b42
            spec:
              containers:
              - name: wait
                image: quay.io/argoproj/argoexec:v4.1.3
              - name: main
                image: ghcr.io/example/render:2.4
              nodeName: ip-10-0-9-14.ec2.internal
            status:
              phase: Succeeded
              conditions:
              - {type: PodReadyToStartContainers, status: "False", lastTransitionTime: "2026-10-21T16:02:41Z"}
              - {type: Initialized, status: "True", reason: PodCompleted, lastTransitionTime: "2026-10-21T16:00:10Z"}
              - {type: Ready, status: "False", reason: PodCompleted, lastTransitionTime: "2026-10-21T16:02:41Z"}
              - {type: ContainersReady, status: "False", reason: PodCompleted, lastTransitionTime: "2026-10-21T16:02:41Z"}
              - {type: PodScheduled, status: "True", lastTransitionTime: "2026-10-21T16:00:10Z"}
              containerStatuses:
              - name: main
                state:
                  terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-21T16:00:10Z", finishedAt: "2026-10-21T16:02:40Z"}
              - name: wait
                state:
                  terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-21T16:00:10Z", finishedAt: "2026-10-21T16:02:40Z"}
                """.formatted(takenAt, deletedAt);
    }

    private static final String OLD_OBJECT_RACED = V1_STARTED + V1_POD_CREATED + V1_POD_RUNNING + V1_POD_EXITED + """
            time=2026-10-21T16:05:00.191Z level=INFO msg="Alloc=8102 TotalAlloc=28800 Sys=39911 NumGC=12 Goroutines=131"
            time=2026-10-21T16:05:30.117Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:05:30.118Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-10-21T16:05:30.118Z level=INFO msg="queuing pod delay" component=pod_controller podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}" namespace=reports delay=-49.118402771s podName=report-gen-3220779836 action=removeFinalizer
            time=2026-10-21T16:05:30.119Z level=INFO msg="queueing pod for cleanup" component=pod_controller action=removeFinalizer namespace=reports podName=report-gen-3220779836
            time=2026-10-21T16:05:30.190Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-3220779836/removeFinalizer namespace=reports podName=report-gen-3220779836 action=removeFinalizer
            time=2026-10-21T16:05:30.205Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-3220779836
            time=2026-10-21T16:06:31.004Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50233 phase=Running
            time=2026-10-21T16:06:31.009Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:06:31.009Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:06:31.010Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:06:31.012Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:06:31.013Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:06:31.015Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:06:31.016Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:06:31.041Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=50398 phase=Failed
            time=2026-10-21T16:10:00.191Z level=INFO msg="Alloc=8302 TotalAlloc=29800 Sys=39911 NumGC=13 Goroutines=131"
            """;

    private static final String NEW_OBJECT_AFTER_OLD_LOST = V2_STARTED + LATER_POD_CREATED + LATER_POD_RUNNING + """
            time=2026-10-21T16:12:40.402Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:12:41.207Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:15:00.291Z level=INFO msg="Alloc=9120 TotalAlloc=33012 Sys=41120 NumGC=15 Goroutines=188"
            time=2026-10-21T16:16:00.611Z level=INFO msg="update pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:16:00.612Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-10-21T16:16:00.612Z level=INFO msg="queuing pod delay" component=pod_controller action=removeFinalizer delay=-1m19.612450092s namespace=reports podName=report-gen-render-3220779836 podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}"
            time=2026-10-21T16:16:00.613Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=reports podName=report-gen-render-3220779836 action=removeFinalizer
            time=2026-10-21T16:16:00.650Z level=INFO msg="cleaning up pod" component=pod_controller key=reports/report-gen-render-3220779836/removeFinalizer action=removeFinalizer namespace=reports podName=report-gen-render-3220779836
            time=2026-10-21T16:16:00.664Z level=INFO msg="delete pod event" component=pod_controller pod=report-gen-render-3220779836
            time=2026-10-21T16:17:40.010Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51023 phase=Running
            time=2026-10-21T16:17:40.014Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=report-gen namespace=reports numObjs=1
            time=2026-10-21T16:17:40.016Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=report-gen namespace=reports nodeName=report-gen[0].render nodePhase=Running recentlyStarted=false
            time=2026-10-21T16:17:40.016Z level=ERROR msg="marking node as error" component=workflow_worker workflow=report-gen namespace=reports error="pod deleted" nodeName=report-gen[0].render
            time=2026-10-21T16:17:40.017Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 fromPhase=Running toPhase=Error
            time=2026-10-21T16:17:40.017Z level=INFO msg="node message changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3220779836 message="pod deleted"
            time=2026-10-21T16:17:40.020Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen-3724235178 fromPhase=Running toPhase=Failed
            time=2026-10-21T16:17:40.022Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-gen namespace=reports node=report-gen fromPhase=Running toPhase=Failed
            time=2026-10-21T16:17:40.024Z level=INFO msg="updated phase" component=workflow_worker workflow=report-gen namespace=reports fromPhase=Running toPhase=Failed
            time=2026-10-21T16:17:40.025Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-gen namespace=reports
            time=2026-10-21T16:17:40.051Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-gen namespace=reports resourceVersion=51240 phase=Failed
            time=2026-10-21T16:20:00.291Z level=INFO msg="Alloc=9220 TotalAlloc=34012 Sys=41120 NumGC=16 Goroutines=140"
            """;


    private JsonNode report(String run1, String run2, String oldPod) throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        Files.createDirectories(dir.resolve("snapshots"));
        Files.writeString(dir.resolve("logs").resolve(V1), run1);
        Files.writeString(dir.resolve("logs").resolve(V2), run2);
        Files.writeString(dir.resolve("snapshots/workflow-after.yaml"), WORKFLOW_EXPORT);
        Files.writeString(dir.resolve("snapshots/pod-render-terminating.yaml"), NEW_POD_EXPORT);
        Files.writeString(dir.resolve("snapshots/pod-v1-terminating.yaml"), oldPod);
        Cli c = Cli.run("analyze", dir.resolve("logs").toString(), dir.resolve("snapshots").toString(), "--now", "2026-12-01T00:00:00Z",
                "--format", "json");
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

    private static boolean cites(JsonNode finding, String file, int line) {
        return finding.toString().contains("/" + file + "\",\"line\":" + line + ",");
    }

    @Test
    void theLaterRunsLossIsNotTheEarlierObjectsPodsAndTheRaceIsStillFound() throws IOException {
        JsonNode r = report(OLD_OBJECT_COMPLETED, NEW_OBJECT_RACED, oldPodExport("16:12:01.5Z", "2026-10-21T16:12:01Z"));
        JsonNode race = finding(r, "AF001", "report-gen-render-3220779836");
        assertNotNull(race, r.toString());
        // Likely since s41-af001: the order of the end and the deletion rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", race.get("confidence").asText(), race.toString());
        assertEquals("AF001.reason.graceGuess", race.get("confidenceReasonCode").asText(), race.toString());
        assertEquals("-1m19.612450092s", race.get("delay").asText(), race.toString());
        assertTrue(cites(race, V2, 31) && cites(race, V2, 33), "the scheduling line and the worker's line\n" + race);
        assertNull(finding(r, "AF001", "report-gen-3220779836"), "the old object's Pod lost nothing\n" + r);
        assertNull(finding(r, "AF002", "report-gen-3220779836"), r.toString());
    }

    /** Control: the old object's own Pod lost, its loss recorded before the new object ran the node: still AF001. */
    @Test
    void theOldPodsOwnLossBeforeTheRerunIsStillReported() throws IOException {
        JsonNode r = report(OLD_OBJECT_RACED, NEW_OBJECT_AFTER_OLD_LOST, oldPodExport("16:05:29.5Z", "2026-10-21T16:05:29Z"));
        JsonNode old = finding(r, "AF001", "report-gen-3220779836");
        assertNotNull(old, r.toString());
        assertEquals("-49.118402771s", old.get("delay").asText(), old.toString());
        assertTrue(cites(old, V1, 24), "the old run's scheduling line\n" + old);
        assertTrue(cites(old, V1, 30), "the old run's own loss\n" + old);
        JsonNode race = finding(r, "AF001", "report-gen-render-3220779836");
        assertNotNull(race, r.toString());
        // Likely since s41-af001: the order of the end and the deletion rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", race.get("confidence").asText(), race.toString());
        assertEquals("AF001.reason.graceGuess", race.get("confidenceReasonCode").asText(), race.toString());
    }
}
