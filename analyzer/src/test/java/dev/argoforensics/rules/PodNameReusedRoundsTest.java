package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF010 over two Pod objects of one name (session 43 breaker). The controller logs {@code Created pod} only for a create the API
 * server accepted, so each such line is a new object; the pod controller's queue keys ({@code <ns>/<pod>/<action>}) carry no UID,
 * so a {@code killContainers} item queued for one object runs against the next. v3.5.14, logrus text, logs alone.
 */
class PodNameReusedRoundsTest {
    private final ContainerWouldNotStop rule = new ContainerWouldNotStop();

    /** The first Pod's run, common to both scenarios: created at 02:01:00, main ended, SIGTERM to wait and fluent-bit at 02:05:00. */
    private static final String FIRST_RUN = """
            time="2026-11-21T02:00:00.010Z" level=info msg="Leader election is turned off. Running in single-instance mode"
            time="2026-11-21T02:00:00.011Z" level=info msg="starting leading" id=single-instance
            time="2026-11-21T02:00:00.012Z" level=info msg="Starting Workflow Controller" defaultRequeueTime=10s version=v3.5.14
            time="2026-11-21T02:00:00.015Z" level=info msg="Current Worker Numbers" cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32
            time="2026-11-21T02:01:00.100Z" level=info msg="Processing workflow" Phase= ResourceVersion=880100 namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:00.104Z" level=info msg="Task-result reconciliation" namespace=data numObjs=0 workflow=etl-nightly
            time="2026-11-21T02:01:00.110Z" level=info msg="Updated phase  -> Running" namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:00.120Z" level=info msg="Steps node etl-nightly initialized Running" namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:00.125Z" level=info msg="StepGroup node etl-nightly-3110230478 initialized Running" namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:00.130Z" level=info msg="Pod node etl-nightly-1638581088 initialized Pending" namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:00.150Z" level=info msg="Created pod: etl-nightly[0].load (etl-nightly-load-1638581088)" namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:00.170Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=880104 workflow=etl-nightly
            time="2026-11-21T02:01:05.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=880104 namespace=data workflow=etl-nightly
            time="2026-11-21T02:01:05.003Z" level=info msg="Task-result reconciliation" namespace=data numObjs=0 workflow=etl-nightly
            time="2026-11-21T02:01:05.010Z" level=info msg="node changed" namespace=data new.message= new.phase=Running new.progress=0/1 nodeID=etl-nightly-1638581088 old.message= old.phase=Pending old.progress=0/1 workflow=etl-nightly
            time="2026-11-21T02:01:05.020Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=880131 workflow=etl-nightly
            time="2026-11-21T02:05:00.500Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=880131 namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:00.503Z" level=info msg="Task-result reconciliation" namespace=data numObjs=1 workflow=etl-nightly
            time="2026-11-21T02:05:00.517Z" level=info msg="cleaning up pod" action=terminateContainers key=data/etl-nightly-load-1638581088/terminateContainers
            time="2026-11-21T02:05:00.530Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=880380 workflow=etl-nightly
            time="2026-11-21T02:05:00.620Z" level=info msg="signaled container" container=wait error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:05:00.710Z" level=info msg="signaled container" container=fluent-bit error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            """;

    /**
     * Pod etl-nightly-load-1638581088: main ended, SIGTERM to wait and fluent-bit at 02:05:00; the Workflow is deleted and submitted
     * again under its name at 02:05:12 (a new Pod of the same name, created at 02:05:12.850); at 02:05:30 the first Pod's delayed
     * killContainers item runs against the new Pod and signals its running containers, main included.
     */
    private static final String STALE_KILL = FIRST_RUN + """
            time="2026-11-21T02:05:12.800Z" level=info msg="Processing workflow" Phase= ResourceVersion=880455 namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:12.804Z" level=info msg="Task-result reconciliation" namespace=data numObjs=0 workflow=etl-nightly
            time="2026-11-21T02:05:12.810Z" level=info msg="Updated phase  -> Running" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:12.820Z" level=info msg="Steps node etl-nightly initialized Running" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:12.825Z" level=info msg="StepGroup node etl-nightly-3110230478 initialized Running" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:12.830Z" level=info msg="Pod node etl-nightly-1638581088 initialized Pending" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:12.850Z" level=info msg="Created pod: etl-nightly[0].load (etl-nightly-load-1638581088)" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:12.870Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=880459 workflow=etl-nightly
            time="2026-11-21T02:05:17.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=880459 namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:17.003Z" level=info msg="Task-result reconciliation" namespace=data numObjs=0 workflow=etl-nightly
            time="2026-11-21T02:05:17.010Z" level=info msg="node changed" namespace=data new.message= new.phase=Running new.progress=0/1 nodeID=etl-nightly-1638581088 old.message= old.phase=Pending old.progress=0/1 workflow=etl-nightly
            time="2026-11-21T02:05:17.020Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=880488 workflow=etl-nightly
            time="2026-11-21T02:05:30.715Z" level=info msg="cleaning up pod" action=killContainers key=data/etl-nightly-load-1638581088/killContainers
            time="2026-11-21T02:05:30.820Z" level=info msg="signaled container" container=main error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:05:30.910Z" level=info msg="signaled container" container=wait error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:05:31.000Z" level=info msg="signaled container" container=fluent-bit error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:05:32.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=880488 namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:32.003Z" level=info msg="Task-result reconciliation" namespace=data numObjs=1 workflow=etl-nightly
            time="2026-11-21T02:05:32.008Z" level=warning msg="marking its taskResult as completed since wait container did not exit normally" exitCode=137 namespace=data nodeID=etl-nightly-1638581088 reason=Error workflow=etl-nightly
            time="2026-11-21T02:05:32.010Z" level=info msg="Pod failed: Error (exit code 137)" displayName=load namespace=data pod=etl-nightly-load-1638581088 templateName=load workflow=etl-nightly
            time="2026-11-21T02:05:32.012Z" level=info msg="Ignoring 137 exit code of container 'fluent-bit'"
            time="2026-11-21T02:05:32.015Z" level=info msg="node changed" namespace=data new.message="Error (exit code 137)" new.phase=Failed new.progress=0/1 nodeID=etl-nightly-1638581088 old.message= old.phase=Running old.progress=0/1 workflow=etl-nightly
            time="2026-11-21T02:05:32.030Z" level=info msg="Updated phase Running -> Failed" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:32.031Z" level=info msg="Marking workflow completed" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:32.050Z" level=info msg="Workflow update successful" namespace=data phase=Failed resourceVersion=880530 workflow=etl-nightly
            time="2026-11-21T02:05:32.054Z" level=info msg="cleaning up pod" action=labelPodCompleted key=data/etl-nightly-load-1638581088/labelPodCompleted
            """;

    /**
     * The same Workflow, whose Pod stopped 1.3 s after its SIGTERM (main failed) and was run again by {@code argo retry} at 02:10 under
     * the same name; the new Pod's fluent-bit ignores SIGTERM and is still running at its own SIGKILL round at 02:12:30.
     */
    private static final String RETRIED = FIRST_RUN + """
            time="2026-11-21T02:05:01.900Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=880380 namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:01.903Z" level=info msg="Task-result reconciliation" namespace=data numObjs=1 workflow=etl-nightly
            time="2026-11-21T02:05:01.910Z" level=info msg="Pod failed: Error (exit code 1)" displayName=load namespace=data pod=etl-nightly-load-1638581088 templateName=load workflow=etl-nightly
            time="2026-11-21T02:05:01.912Z" level=info msg="Ignoring 143 exit code of container 'fluent-bit'"
            time="2026-11-21T02:05:01.915Z" level=info msg="node changed" namespace=data new.message="Error (exit code 1)" new.phase=Failed new.progress=0/1 nodeID=etl-nightly-1638581088 old.message= old.phase=Running old.progress=0/1 workflow=etl-nightly
            time="2026-11-21T02:05:01.930Z" level=info msg="Updated phase Running -> Failed" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:01.931Z" level=info msg="Marking workflow completed" namespace=data workflow=etl-nightly
            time="2026-11-21T02:05:01.950Z" level=info msg="Workflow update successful" namespace=data phase=Failed resourceVersion=880402 workflow=etl-nightly
            time="2026-11-21T02:05:01.954Z" level=info msg="cleaning up pod" action=labelPodCompleted key=data/etl-nightly-load-1638581088/labelPodCompleted
            time="2026-11-21T02:10:00.100Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=881220 namespace=data workflow=etl-nightly
            time="2026-11-21T02:10:00.104Z" level=info msg="Task-result reconciliation" namespace=data numObjs=0 workflow=etl-nightly
            time="2026-11-21T02:10:00.130Z" level=info msg="Pod node etl-nightly-1638581088 initialized Pending" namespace=data workflow=etl-nightly
            time="2026-11-21T02:10:00.150Z" level=info msg="Created pod: etl-nightly[0].load (etl-nightly-load-1638581088)" namespace=data workflow=etl-nightly
            time="2026-11-21T02:10:00.170Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=881224 workflow=etl-nightly
            time="2026-11-21T02:10:05.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=881224 namespace=data workflow=etl-nightly
            time="2026-11-21T02:10:05.003Z" level=info msg="Task-result reconciliation" namespace=data numObjs=0 workflow=etl-nightly
            time="2026-11-21T02:10:05.010Z" level=info msg="node changed" namespace=data new.message= new.phase=Running new.progress=0/1 nodeID=etl-nightly-1638581088 old.message= old.phase=Pending old.progress=0/1 workflow=etl-nightly
            time="2026-11-21T02:10:05.020Z" level=info msg="Workflow update successful" namespace=data phase=Running resourceVersion=881250 workflow=etl-nightly
            time="2026-11-21T02:12:00.500Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=881250 namespace=data workflow=etl-nightly
            time="2026-11-21T02:12:00.503Z" level=info msg="Task-result reconciliation" namespace=data numObjs=1 workflow=etl-nightly
            time="2026-11-21T02:12:00.517Z" level=info msg="cleaning up pod" action=terminateContainers key=data/etl-nightly-load-1638581088/terminateContainers
            time="2026-11-21T02:12:00.620Z" level=info msg="signaled container" container=wait error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:12:00.710Z" level=info msg="signaled container" container=fluent-bit error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:12:02.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=881301 namespace=data workflow=etl-nightly
            time="2026-11-21T02:12:02.003Z" level=info msg="Task-result reconciliation" namespace=data numObjs=1 workflow=etl-nightly
            time="2026-11-21T02:12:02.017Z" level=info msg="cleaning up pod" action=terminateContainers key=data/etl-nightly-load-1638581088/terminateContainers
            time="2026-11-21T02:12:02.120Z" level=info msg="signaled container" container=fluent-bit error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:12:30.620Z" level=info msg="cleaning up pod" action=killContainers key=data/etl-nightly-load-1638581088/killContainers
            time="2026-11-21T02:12:30.720Z" level=info msg="signaled container" container=fluent-bit error="<nil>" namespace=data pod=etl-nightly-load-1638581088 stderr= stdout=
            time="2026-11-21T02:12:32.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=881340 namespace=data workflow=etl-nightly
            time="2026-11-21T02:12:32.003Z" level=info msg="Task-result reconciliation" namespace=data numObjs=1 workflow=etl-nightly
            time="2026-11-21T02:12:32.012Z" level=info msg="Ignoring 137 exit code of container 'fluent-bit'"
            time="2026-11-21T02:12:32.015Z" level=info msg="node changed" namespace=data new.message= new.phase=Succeeded new.progress=1/1 nodeID=etl-nightly-1638581088 old.message= old.phase=Running old.progress=0/1 workflow=etl-nightly
            time="2026-11-21T02:12:32.030Z" level=info msg="Updated phase Running -> Succeeded" namespace=data workflow=etl-nightly
            time="2026-11-21T02:12:32.031Z" level=info msg="Marking workflow completed" namespace=data workflow=etl-nightly
            time="2026-11-21T02:12:32.050Z" level=info msg="Workflow update successful" namespace=data phase=Succeeded resourceVersion=881402 workflow=etl-nightly
            time="2026-11-21T02:12:32.054Z" level=info msg="cleaning up pod" action=labelPodCompleted key=data/etl-nightly-load-1638581088/labelPodCompleted
            """;

    /**
     * v4.1.2, slog text: Pod train-daily-fit-1018302192's metrics-agent stopped on SIGTERM (exit 143 ignored at 09:05:02), the Workflow
     * failed and was run again by {@code argo retry} at 09:10 under the same name; the new Pod's metrics-agent ignores SIGTERM and
     * is killed at 09:12:30 (exit 137 ignored at 09:12:32). v4 logs {@code ignoring exit code} with the Workflow's fields.
     */
    private static final String RETRIED_V4 = """
            time=2026-11-20T09:00:00.010Z level=INFO msg="Leader election is turned off. Running in single-instance mode"
            time=2026-11-20T09:00:00.012Z level=INFO msg="starting leading" id=single-instance
            time=2026-11-20T09:00:00.013Z level=INFO msg="Starting Workflow Controller" defaultRequeueTime=10s version=v4.1.2
            time=2026-11-20T09:00:00.017Z level=INFO msg="Current Worker Numbers" workflowWorkers=32 workflowTtlWorkers=4 podCleanup=4 cronWorkflowWorkers=8 workflowArchive=8
            time=2026-11-20T09:01:00.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase="" resourceVersion=700100
            time=2026-11-20T09:01:00.104Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=0
            time=2026-11-20T09:01:00.110Z level=INFO msg="updated phase" component=workflow_worker workflow=train-daily namespace=ml fromPhase="" toPhase=Running
            time=2026-11-20T09:01:00.120Z level=INFO msg="node initialized" component=workflow_worker workflow=train-daily namespace=ml node=train-daily phase=Running message=""
            time=2026-11-20T09:01:00.130Z level=INFO msg="node initialized" component=workflow_worker workflow=train-daily namespace=ml node=train-daily-1018302192 phase=Pending message=""
            time=2026-11-20T09:01:00.150Z level=INFO msg="Created pod" component=workflow_worker workflow=train-daily namespace=ml nodeName=train-daily.fit nodeID=train-daily-1018302192 podName=train-daily-fit-1018302192
            time=2026-11-20T09:01:00.170Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=700104 phase=Running
            time=2026-11-20T09:01:00.175Z level=INFO msg="add pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:01:04.500Z level=INFO msg="update pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:01:04.600Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase=Running resourceVersion=700104
            time=2026-11-20T09:01:04.603Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=0
            time=2026-11-20T09:01:04.620Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=700131 phase=Running
            time=2026-11-20T09:05:00.400Z level=INFO msg="update pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:05:00.500Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase=Running resourceVersion=700131
            time=2026-11-20T09:05:00.503Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=1
            time=2026-11-20T09:05:00.515Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=ml podName=train-daily-fit-1018302192 action=terminateContainers
            time=2026-11-20T09:05:00.517Z level=INFO msg="cleaning up pod" component=pod_controller key=ml/train-daily-fit-1018302192/terminateContainers action=terminateContainers namespace=ml podName=train-daily-fit-1018302192
            time=2026-11-20T09:05:00.530Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=700380 phase=Running
            time=2026-11-20T09:05:00.620Z level=INFO msg="signaled container" component=pod_controller namespace=ml pod=train-daily-fit-1018302192 container=wait stdout="" stderr="" error=<nil>
            time=2026-11-20T09:05:00.710Z level=INFO msg="signaled container" component=pod_controller namespace=ml pod=train-daily-fit-1018302192 container=metrics-agent stdout="" stderr="" error=<nil>
            time=2026-11-20T09:05:00.711Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=ml podName=train-daily-fit-1018302192 action=killContainers after=30s
            time=2026-11-20T09:05:02.300Z level=INFO msg="update pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:05:02.400Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase=Running resourceVersion=700380
            time=2026-11-20T09:05:02.403Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=1
            time=2026-11-20T09:05:02.410Z level=INFO msg="ignoring exit code" component=workflow_worker workflow=train-daily namespace=ml exitCode=143 containerName=metrics-agent
            time=2026-11-20T09:05:02.420Z level=INFO msg="node phase changed" component=workflow_worker workflow=train-daily namespace=ml node=train-daily fromPhase=Running toPhase=Failed
            time=2026-11-20T09:05:02.422Z level=INFO msg="node message changed" component=workflow_worker workflow=train-daily namespace=ml node=train-daily message="child 'train-daily-1018302192' failed"
            time=2026-11-20T09:05:02.424Z level=INFO msg="node finished" component=workflow_worker workflow=train-daily namespace=ml node=train-daily finishedAt=2026-11-20T09:05:02.424518211Z
            time=2026-11-20T09:05:02.430Z level=INFO msg="updated phase" component=workflow_worker workflow=train-daily namespace=ml fromPhase=Running toPhase=Failed
            time=2026-11-20T09:05:02.431Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=train-daily namespace=ml
            time=2026-11-20T09:05:02.450Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=700402 phase=Failed
            time=2026-11-20T09:05:02.452Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=ml podName=train-daily-fit-1018302192 action=labelPodCompleted
            time=2026-11-20T09:05:02.454Z level=INFO msg="cleaning up pod" component=pod_controller key=ml/train-daily-fit-1018302192/labelPodCompleted action=labelPodCompleted namespace=ml podName=train-daily-fit-1018302192
            time=2026-11-20T09:05:02.470Z level=INFO msg="delete pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:05:12.800Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase="" resourceVersion=700455
            time=2026-11-20T09:10:00.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase=Running resourceVersion=701220
            time=2026-11-20T09:10:00.104Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=0
            time=2026-11-20T09:10:00.130Z level=INFO msg="node initialized" component=workflow_worker workflow=train-daily namespace=ml node=train-daily-1018302192 phase=Pending message=""
            time=2026-11-20T09:10:00.150Z level=INFO msg="Created pod" component=workflow_worker workflow=train-daily namespace=ml nodeName=train-daily.fit nodeID=train-daily-1018302192 podName=train-daily-fit-1018302192
            time=2026-11-20T09:10:00.170Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=701224 phase=Running
            time=2026-11-20T09:10:00.175Z level=INFO msg="add pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:12:00.400Z level=INFO msg="update pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:12:00.500Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase=Running resourceVersion=701224
            time=2026-11-20T09:12:00.503Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=1
            time=2026-11-20T09:12:00.515Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=ml podName=train-daily-fit-1018302192 action=terminateContainers
            time=2026-11-20T09:12:00.517Z level=INFO msg="cleaning up pod" component=pod_controller key=ml/train-daily-fit-1018302192/terminateContainers action=terminateContainers namespace=ml podName=train-daily-fit-1018302192
            time=2026-11-20T09:12:00.530Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=701380 phase=Running
            time=2026-11-20T09:12:00.620Z level=INFO msg="signaled container" component=pod_controller namespace=ml pod=train-daily-fit-1018302192 container=wait stdout="" stderr="" error=<nil>
            time=2026-11-20T09:12:00.710Z level=INFO msg="signaled container" component=pod_controller namespace=ml pod=train-daily-fit-1018302192 container=metrics-agent stdout="" stderr="" error=<nil>
            time=2026-11-20T09:12:00.711Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=ml podName=train-daily-fit-1018302192 action=killContainers after=30s
            time=2026-11-20T09:12:30.712Z level=INFO msg="cleaning up pod" component=pod_controller key=ml/train-daily-fit-1018302192/killContainers action=killContainers namespace=ml podName=train-daily-fit-1018302192
            time=2026-11-20T09:12:30.810Z level=INFO msg="signaled container" component=pod_controller namespace=ml pod=train-daily-fit-1018302192 container=metrics-agent stdout="" stderr="" error=<nil>
            time=2026-11-20T09:12:31.900Z level=INFO msg="update pod event" component=pod_controller pod=train-daily-fit-1018302192
            time=2026-11-20T09:12:32.000Z level=INFO msg="Processing workflow" component=workflow_worker workflow=train-daily namespace=ml phase=Running resourceVersion=701380
            time=2026-11-20T09:12:32.003Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=train-daily namespace=ml numObjs=1
            time=2026-11-20T09:12:32.012Z level=INFO msg="ignoring exit code" component=workflow_worker workflow=train-daily namespace=ml exitCode=137 containerName=metrics-agent
            time=2026-11-20T09:12:32.020Z level=INFO msg="node phase changed" component=workflow_worker workflow=train-daily namespace=ml node=train-daily fromPhase=Running toPhase=Succeeded
            time=2026-11-20T09:12:32.030Z level=INFO msg="updated phase" component=workflow_worker workflow=train-daily namespace=ml fromPhase=Running toPhase=Succeeded
            time=2026-11-20T09:12:32.031Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=train-daily namespace=ml
            time=2026-11-20T09:12:32.050Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=train-daily namespace=ml resourceVersion=701402 phase=Succeeded
            """;

    /**
     * v4.0.10: {@code argo stop} at 08:03 (SIGTERM to main, wait and envoy of Pod report-x9k2m-build-1984207561; another cleanup
     * worker's labelPodCompleted line comes between the SIGTERM round's worker line and its signals), the onExit Pod runs, the
     * Workflow ends Failed, and {@code argo retry} at 08:03:25 creates the Pod again under its name: the stop's delayed kill item
     * runs against it at 08:03:30.
     */
    private static final String STOPPED_THEN_RETRIED = """
            time=2026-11-24T08:00:00.000Z level=INFO msg="Starting Workflow Controller" defaultRequeueTime=10s version=v4.0.10
            time=2026-11-24T08:00:00.004Z level=INFO msg="Current Worker Numbers" workflowWorkers=32 workflowTtlWorkers=4 podCleanup=4 cronWorkflowWorkers=8 workflowArchive=8
            time=2026-11-24T08:01:00.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-x9k2m namespace=bi phase="" resourceVersion=300100
            time=2026-11-24T08:01:00.110Z level=INFO msg="updated phase" component=workflow_worker workflow=report-x9k2m namespace=bi fromPhase="" toPhase=Running
            time=2026-11-24T08:01:00.130Z level=INFO msg="node initialized" component=workflow_worker workflow=report-x9k2m namespace=bi node=report-x9k2m-1984207561 phase=Pending message=""
            time=2026-11-24T08:01:00.140Z level=INFO msg="Created pod" component=workflow_worker workflow=report-x9k2m namespace=bi nodeName=report-x9k2m.build nodeID=report-x9k2m-1984207561 podName=report-x9k2m-build-1984207561
            time=2026-11-24T08:01:00.170Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-x9k2m namespace=bi resourceVersion=300104 phase=Running
            time=2026-11-24T08:01:00.175Z level=INFO msg="add pod event" component=pod_controller pod=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:00.000Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-x9k2m namespace=bi phase=Running resourceVersion=300190
            time=2026-11-24T08:03:00.010Z level=INFO msg="Terminating pod as part of workflow shutdown" component=workflow_worker workflow=report-x9k2m namespace=bi podName=report-x9k2m-build-1984207561 shutdownStrategy=Stop
            time=2026-11-24T08:03:00.012Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=bi podName=report-x9k2m-build-1984207561 action=terminateContainers
            time=2026-11-24T08:03:00.014Z level=INFO msg="cleaning up pod" component=pod_controller key=bi/report-x9k2m-build-1984207561/terminateContainers action=terminateContainers namespace=bi podName=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:00.016Z level=INFO msg="node phase changed" component=workflow_worker workflow=report-x9k2m namespace=bi node=report-x9k2m-1984207561 fromPhase=Running toPhase=Failed
            time=2026-11-24T08:03:00.017Z level=INFO msg="node message changed" component=workflow_worker workflow=report-x9k2m namespace=bi node=report-x9k2m-1984207561 message="workflow shutdown with strategy:  Stop"
            time=2026-11-24T08:03:00.018Z level=INFO msg="node finished" component=workflow_worker workflow=report-x9k2m namespace=bi node=report-x9k2m-1984207561 finishedAt=2026-11-24T08:03:00.018Z
            time=2026-11-24T08:03:00.030Z level=INFO msg="node initialized" component=workflow_worker workflow=report-x9k2m namespace=bi node=report-x9k2m-3619796998 phase=Pending message=""
            time=2026-11-24T08:03:00.040Z level=INFO msg="Created pod" component=workflow_worker workflow=report-x9k2m namespace=bi nodeName=report-x9k2m.onExit nodeID=report-x9k2m-3619796998 podName=report-x9k2m-onExit-3619796998
            time=2026-11-24T08:03:00.060Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-x9k2m namespace=bi resourceVersion=300211 phase=Running
            time=2026-11-24T08:03:00.062Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=bi podName=report-x9k2m-build-1984207561 action=labelPodCompleted
            time=2026-11-24T08:03:00.064Z level=INFO msg="cleaning up pod" component=pod_controller key=bi/report-x9k2m-build-1984207561/labelPodCompleted action=labelPodCompleted namespace=bi podName=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:00.110Z level=INFO msg="signaled container" component=pod_controller namespace=bi pod=report-x9k2m-build-1984207561 container=main stdout="" stderr="" error=<nil>
            time=2026-11-24T08:03:00.190Z level=INFO msg="signaled container" component=pod_controller namespace=bi pod=report-x9k2m-build-1984207561 container=wait stdout="" stderr="" error=<nil>
            time=2026-11-24T08:03:00.270Z level=INFO msg="signaled container" component=pod_controller namespace=bi pod=report-x9k2m-build-1984207561 container=envoy stdout="" stderr="" error=<nil>
            time=2026-11-24T08:03:00.271Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=bi podName=report-x9k2m-build-1984207561 action=killContainers after=30s
            time=2026-11-24T08:03:00.300Z level=INFO msg="delete pod event" component=pod_controller pod=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:00.310Z level=INFO msg="add pod event" component=pod_controller pod=report-x9k2m-onExit-3619796998
            time=2026-11-24T08:03:20.000Z level=INFO msg="update pod event" component=pod_controller pod=report-x9k2m-onExit-3619796998
            time=2026-11-24T08:03:20.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-x9k2m namespace=bi phase=Running resourceVersion=300211
            time=2026-11-24T08:03:20.120Z level=INFO msg="updated phase" component=workflow_worker workflow=report-x9k2m namespace=bi fromPhase=Running toPhase=Failed
            time=2026-11-24T08:03:20.121Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=report-x9k2m namespace=bi
            time=2026-11-24T08:03:20.150Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-x9k2m namespace=bi resourceVersion=300260 phase=Failed
            time=2026-11-24T08:03:20.152Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=bi podName=report-x9k2m-onExit-3619796998 action=labelPodCompleted
            time=2026-11-24T08:03:20.154Z level=INFO msg="cleaning up pod" component=pod_controller key=bi/report-x9k2m-onExit-3619796998/labelPodCompleted action=labelPodCompleted namespace=bi podName=report-x9k2m-onExit-3619796998
            time=2026-11-24T08:03:20.170Z level=INFO msg="delete pod event" component=pod_controller pod=report-x9k2m-onExit-3619796998
            time=2026-11-24T08:03:25.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=report-x9k2m namespace=bi phase=Running resourceVersion=300300
            time=2026-11-24T08:03:25.130Z level=INFO msg="node initialized" component=workflow_worker workflow=report-x9k2m namespace=bi node=report-x9k2m-1984207561 phase=Pending message=""
            time=2026-11-24T08:03:25.140Z level=INFO msg="Created pod" component=workflow_worker workflow=report-x9k2m namespace=bi nodeName=report-x9k2m.build nodeID=report-x9k2m-1984207561 podName=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:25.170Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=report-x9k2m namespace=bi resourceVersion=300304 phase=Running
            time=2026-11-24T08:03:25.175Z level=INFO msg="add pod event" component=pod_controller pod=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:29.000Z level=INFO msg="update pod event" component=pod_controller pod=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:30.272Z level=INFO msg="cleaning up pod" component=pod_controller key=bi/report-x9k2m-build-1984207561/killContainers action=killContainers namespace=bi podName=report-x9k2m-build-1984207561
            time=2026-11-24T08:03:30.380Z level=INFO msg="signaled container" component=pod_controller namespace=bi pod=report-x9k2m-build-1984207561 container=main stdout="" stderr="" error=<nil>
            time=2026-11-24T08:03:30.470Z level=INFO msg="signaled container" component=pod_controller namespace=bi pod=report-x9k2m-build-1984207561 container=wait stdout="" stderr="" error=<nil>
            time=2026-11-24T08:03:30.560Z level=INFO msg="signaled container" component=pod_controller namespace=bi pod=report-x9k2m-build-1984207561 container=envoy stdout="" stderr="" error=<nil>
            """;

    private static String[] lines(String block) {
        return block.strip().lines().map(String::strip).toArray(String[]::new);
    }

    @Test
    void aKillItemOfAnEarlierPodRunAgainstALaterPodOfItsNameIsNoContainerOutlivingMain() {
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", lines(STALE_KILL)).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(why.contains("later Pod of the name was created (2026-11-21T02:05:12.850Z)"), why);
        assertTrue(why.contains("kill round at 2026-11-21T02:05:30.715Z"), why);
        assertTrue(why.contains("main, wait, fluent-bit"), why);
        assertEquals("workflow-controller.log:29", e.cleared().get(0).evidence().toString());
    }

    @Test
    void theSameKillRoundOnTheSamePodWithoutALaterCreationIsStillFound() {
        // Control: the resubmission's lines (its Processing to its persist, the Created pod among them) taken out, and with them the
        // kill round's signals to main and wait and the wait container's forced end: one object, whose fluent-bit outlived the grace
        // period and was killed.
        List<String> dropped = List.of("02:05:30.820Z", "02:05:30.910Z", "02:05:32.008Z", "02:05:32.010Z", "02:05:32.015Z");
        List<String> kept = new ArrayList<>();
        for (String l : lines(STALE_KILL)) {
            String t = l.substring(6, 29);
            boolean resubmission = t.compareTo("2026-11-21T02:05:12") >= 0 && t.compareTo("2026-11-21T02:05:30") < 0;
            if (!resubmission && dropped.stream().noneMatch(l::contains)) {
                kept.add(l);
            }
        }
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", kept.toArray(String[]::new)).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence());
        assertEquals("2026-11-21T02:05:00.620Z", e.findings().get(0).fact("firstSignalAt").orElseThrow().value());
    }

    @Test
    void aRetriedPodsOwnStuckSidecarIsFoundDespiteTheEarlierPodOfItsNameStoppingInTime() {
        // Read as one Pod, the earlier object's stop (Pod failed at 02:05:01.910) came before the later one's SIGKILL round and
        // cleared it as "the pod controller acted on a stale cache", and the finding's exit code was the earlier sidecar's 143.
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", lines(RETRIED)).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("fluent-bit", f.fact("containers").orElseThrow().value());
        assertEquals("2026-11-21T02:12:00.620Z", f.fact("firstSignalAt").orElseThrow().value());
        assertEquals(2, f.fact("terminateRounds").orElseThrow().value());
        assertEquals("2026-11-21T02:12:32.015Z", f.fact("stoppedAt").orElseThrow().value());
        // v3 logs "Ignoring <code> exit code" without the Workflow's fields: the earlier sidecar's 143 is not this one's
        assertNotEquals(143, f.fact("exitCode").orElseThrow().value());
        // the earlier object, stopped in time, is cleared on its own
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        assertTrue(e.cleared().get(0).reason().contains("within the grace period"), e.cleared().toString());
    }

    @Test
    void aRetriedPodsStuckSidecarCarriesItsOwnExitCodeNotTheEarlierObjects() {
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", lines(RETRIED_V4)).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("2026-11-20T09:12:00.620Z", f.fact("firstSignalAt").orElseThrow().value());
        assertEquals(137, f.fact("exitCode").orElseThrow().value());
        assertEquals("2026-11-20T09:12:32.012Z", f.fact("stoppedAt").orElseThrow().value());
    }

    @Test
    void aStopsDelayedKillRunAgainstThePodRetriedAtOnceIsNamedAsSuch() {
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", lines(STOPPED_THEN_RETRIED)).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals(2, e.cleared().size(), e.cleared().toString());
        // the stopped Pod: the controller stopped it while main ran
        assertTrue(e.cleared().get(0).reason().contains("signalled the main container itself at 2026-11-24T08:03:00.110Z"), e.cleared().toString());
        // the retried one: the kill round is the stop's item, not the controller stopping the new Pod
        String why = e.cleared().get(1).reason();
        assertTrue(why.contains("kill round at 2026-11-24T08:03:30.272Z came after a later Pod of the name was created (2026-11-24T08:03:25.140Z)"), why);
        assertTrue(why.contains("first asked to stop at 2026-11-24T08:03:00.110Z"), why);
    }
}
