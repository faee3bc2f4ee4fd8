package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Confidence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Session 46's round of upstream shapes: the pasted logs and objects of Argo issues about Pods deleted while running, lost node
 * results and the status finalizer, re-typed (own names, times and values; only the shape kept). Each is read whole (every line a
 * record, a continuation, blank or excerpt furniture; none unparsed), its records counted as typed, its Workflow named where its
 * lines name one, and none gives a confirmed or likely finding: none shows a race, and what each lacks is said by the rules.
 */
class UpstreamShapesRound46Test {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return dev.argoforensics.testing.AnalyzedFiles.pasted(dir, file, text);
    }

    static Stream<Arguments> logShapes() {
        return Stream.of(                Arguments.of("#13533", "controller.txt", """
INFO[2026-03-11T09:14:02.118Z] Processing workflow                           Phase=Running ResourceVersion=884210 namespace=batch workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:02.119Z] Task-result reconciliation                    namespace=batch numObjs=0 workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:02.120Z] node changed                                  namespace=batch new.message=PodInitializing new.phase=Pending new.progress=0/1 nodeID=nap-job-q7r2d-1829374650 old.message= old.phase=Pending old.progress=0/1 workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:02.120Z] Workflow step group node nap-job-q7r2d-3301928374 not yet completed  namespace=batch workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:02.121Z] TaskSet Reconciliation                        namespace=batch workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:02.121Z] reconcileAgentPod                             namespace=batch workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:02.121Z] Workflow to be dehydrated                     Workflow Size=1622
INFO[2026-03-11T09:14:02.127Z] Workflow update successful                    namespace=batch phase=Running resourceVersion=884213 workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:09.402Z] Processing workflow                           Phase=Running ResourceVersion=884213 namespace=batch workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:09.403Z] Task-result reconciliation                    namespace=batch numObjs=1 workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:09.403Z] node changed                                  namespace=batch new.message= new.phase=Running new.progress=0/1 nodeID=nap-job-q7r2d-1829374650 old.message=PodInitializing old.phase=Pending old.progress=0/1 workflow=nap-job-q7r2d
INFO[2026-03-11T09:14:09.404Z] Workflow update successful                    namespace=batch phase=Running resourceVersion=884219 workflow=nap-job-q7r2d
INFO[2026-03-11T09:16:02.511Z] Alloc=6012 TotalAlloc=25511 Sys=31002 NumGC=11 Goroutines=118
INFO[2026-03-11T09:16:11.730Z] Processing workflow                           Phase=Running ResourceVersion=884219 namespace=batch workflow=nap-job-q7r2d
INFO[2026-03-11T09:16:11.731Z] Task-result reconciliation                    namespace=batch numObjs=1 workflow=nap-job-q7r2d
INFO[2026-03-11T09:16:11.731Z] Workflow pod is missing                       namespace=batch nodeName="nap-job-q7r2d[0].nap" nodePhase=Running recentlyStarted=false workflow=nap-job-q7r2d
ERRO[2026-03-11T09:16:11.731Z] Mark error node                               error="pod deleted" namespace=batch nodeName="nap-job-q7r2d[0].nap" workflow=nap-job-q7r2d
INFO[2026-03-11T09:16:11.732Z] node changed                                  namespace=batch new.message="pod deleted" new.phase=Error new.progress=0/1 nodeID=nap-job-q7r2d-1829374650 old.message= old.phase=Running old.progress=0/1 workflow=nap-job-q7r2d
INFO[2026-03-11T09:16:11.738Z] Workflow update successful                    namespace=batch phase=Running resourceVersion=884301 workflow=nap-job-q7r2d
""", 19, "batch", "nap-job-q7r2d"),
                Arguments.of("#13373", "gcp-export.txt", """
ERROR 2026-04-02T07:21:40.118220931Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:21:40.118Z" level=info msg="Workflow update successful" namespace=default phase=Running resourceVersion=55102931 workflow=train-a81c2
ERROR 2026-04-02T07:21:40.126002113Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:21:40.125Z" level=info msg="cleaning up pod" action=labelPodCompleted key=default/train-a81c2-1182736450/labelPodCompleted
ERROR 2026-04-02T07:22:40.120551002Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:22:40.120Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=55102931 namespace=default workflow=train-a81c2
ERROR 2026-04-02T07:22:40.121870334Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:22:40.121Z" level=info msg="Task-result reconciliation" namespace=default numObjs=2 workflow=train-a81c2
ERROR 2026-04-02T07:22:40.121901417Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:22:40.121Z" level=info msg="task-result changed" namespace=default nodeID=train-a81c2-2290011873 workflow=train-a81c2
ERROR 2026-04-02T07:22:40.122310065Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:22:40.122Z" level=info msg="node changed" namespace=default new.message="OOMKilled (exit code 137)" new.phase=Failed new.progress=0/1 nodeID=train-a81c2-2290011873 old.message= old.phase=Running old.progress=0/1 workflow=train-a81c2
ERROR 2026-04-02T07:22:40.130441187Z [resource.labels.containerName: workflow-controller] time="2026-04-02T07:22:40.130Z" level=info msg="Workflow update successful" namespace=default phase=Running resourceVersion=55103388 workflow=train-a81c2
""", 7, "default", "train-a81c2"),
                Arguments.of("#13085", "controller.log", """
time="2026-05-04T11:02:13.507Z" level=info msg="Processing workflow" Phase= ResourceVersion=7712044 namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.516Z" level=info msg="Task-result reconciliation" namespace=sandbox numObjs=0 workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.516Z" level=info msg="Updated phase  -> Running" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.516Z" level=warning msg="Node was nil, will be initialized as type Skipped" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.517Z" level=info msg="was unable to obtain node for , letting display name to be nodeName" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.517Z" level=info msg="Steps node emit-param-k2k8v initialized Running" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.517Z" level=info msg="StepGroup node emit-param-k2k8v-3021877110 initialized Running" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.518Z" level=info msg="Pod node emit-param-k2k8v-1146623390 initialized Pending" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.548Z" level=info msg="Created pod: emit-param-k2k8v[0].make-cm (emit-param-k2k8v-make-cm-1146623390)" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:13.561Z" level=info msg="Workflow update successful" namespace=sandbox phase=Running resourceVersion=7712051 workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.602Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=7712051 namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.603Z" level=info msg="Task-result reconciliation" namespace=sandbox numObjs=1 workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.603Z" level=info msg="task-result changed" namespace=sandbox nodeID=emit-param-k2k8v-1146623390 workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.604Z" level=info msg="node changed" namespace=sandbox new.message= new.phase=Succeeded new.progress=0/1 nodeID=emit-param-k2k8v-1146623390 old.message= old.phase=Pending old.progress=0/1 workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.605Z" level=info msg="Updated phase Running -> Succeeded" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.605Z" level=info msg="Marking workflow completed" namespace=sandbox workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.612Z" level=info msg="Workflow update successful" namespace=sandbox phase=Succeeded resourceVersion=7712060 workflow=emit-param-k2k8v
time="2026-05-04T11:02:23.618Z" level=info msg="cleaning up pod" action=labelPodCompleted key=sandbox/emit-param-k2k8v-make-cm-1146623390/labelPodCompleted
""", 18, "sandbox", "emit-param-k2k8v"),
                Arguments.of("#12945", "controller.json", """
{"level":"info","msg":"Workflow update successful","namespace":"ml","phase":"Running","resourceVersion":"6120044","time":"2026-05-09T08:11:37.092Z","workflow":"tpl-run-77kdx"}
{"Phase":"","ResourceVersion":"6120131","level":"info","msg":"Processing workflow","namespace":"ml","time":"2026-05-09T08:11:41.910Z","workflow":"tpl-run-77kdx"}
{"level":"info","msg":"Task-result reconciliation","namespace":"ml","numObjs":0,"time":"2026-05-09T08:11:41.940Z","workflow":"tpl-run-77kdx"}
{"level":"info","msg":"Updated phase  -\\u003e Running","namespace":"ml","time":"2026-05-09T08:11:41.940Z","workflow":"tpl-run-77kdx"}
{"level":"warning","msg":"Node was nil, will be initialized as type Skipped","namespace":"ml","time":"2026-05-09T08:11:41.940Z","workflow":"tpl-run-77kdx"}
{"level":"info","msg":"Steps node tpl-run-77kdx initialized Running","namespace":"ml","time":"2026-05-09T08:11:41.940Z","workflow":"tpl-run-77kdx"}
{"level":"info","msg":"Pod node tpl-run-77kdx-2710093311 initialized Pending","namespace":"ml","time":"2026-05-09T08:11:41.941Z","workflow":"tpl-run-77kdx"}
{"level":"info","msg":"Created pod: tpl-run-77kdx[0].say (tpl-run-77kdx-say-2710093311)","namespace":"ml","time":"2026-05-09T08:11:41.968Z","workflow":"tpl-run-77kdx"}
{"level":"info","msg":"Workflow update successful","namespace":"ml","phase":"Running","resourceVersion":"6120140","time":"2026-05-09T08:11:41.980Z","workflow":"tpl-run-77kdx"}
""", 9, "ml", "tpl-run-77kdx"),
                Arguments.of("#13149", "controller.json", """
{"level":"debug","msg":"Marking task result complete jobs-5521-x2k8q-1928374655","namespace":"jobs","time":"2026-06-01T10:20:28.685Z","workflow":"jobs-5521-x2k8q"}
{"level":"info","msg":"task-result changed","namespace":"jobs","nodeID":"jobs-5521-x2k8q-1928374655","time":"2026-06-01T10:20:28.693Z","workflow":"jobs-5521-x2k8q"}
{"level":"debug","msg":"task result:\\n\\u0026WorkflowTaskResult{ObjectMeta:{jobs-5521-x2k8q-1928374655  jobs  0b1f7d0e-9a3c-4d7e-8f5e-2c1b0a9d8e7f 99120031 2 2026-06-01 10:20:05 +0000 UTC \\u003cnil\\u003e \\u003cnil\\u003e map[workflows.argoproj.io/report-outputs-completed:true workflows.argoproj.io/workflow:jobs-5521-x2k8q] map[] [] []  []},NodeResult:NodeResult{Phase:,Message:,Outputs:nil,Progress:,},}","namespace":"jobs","time":"2026-06-01T10:20:28.693Z","workflow":"jobs-5521-x2k8q"}
{"level":"info","msg":"Workflow update successful","namespace":"jobs","phase":"Running","resourceVersion":"99120040","time":"2026-06-01T10:20:28.710Z","workflow":"jobs-5521-x2k8q"}
{"error":"Operation cannot be fulfilled on workflows.argoproj.io \\"jobs-5521-x2k8q\\": the object has been modified; please apply your changes to the latest version and try again","level":"warning","msg":"Error updating workflow: Operation cannot be fulfilled on workflows.argoproj.io \\"jobs-5521-x2k8q\\": the object has been modified; please apply your changes to the latest version and try again Conflict","namespace":"jobs","time":"2026-06-01T10:20:28.790Z","workflow":"jobs-5521-x2k8q"}
{"level":"info","msg":"Re-applying updates on latest version and retrying update","namespace":"jobs","time":"2026-06-01T10:20:28.791Z","workflow":"jobs-5521-x2k8q"}
{"level":"info","msg":"Update retry attempt 1 successful","namespace":"jobs","time":"2026-06-01T10:20:28.802Z","workflow":"jobs-5521-x2k8q"}
""", 7, "jobs", "jobs-5521-x2k8q"),
                Arguments.of("#11430", "controller.log", """
time="2026-02-19T14:05:37.165Z" level=info msg="TaskSet Reconciliation" namespace=tools workflow=http-call-ff21n
time="2026-02-19T14:05:37.165Z" level=info msg=reconcileAgentPod namespace=tools workflow=http-call-ff21n
time="2026-02-19T14:05:37.185Z" level=info msg="Workflow update successful" namespace=tools phase=Running resourceVersion=41100363 workflow=http-call-ff21n
time="2026-02-19T14:05:37.193Z" level=info msg="cleaning up pod" action=labelPodCompleted key=tools/http-call-ff21n-post-966012173/labelPodCompleted
time="2026-02-19T14:05:47.166Z" level=info msg="Processing workflow" namespace=tools workflow=http-call-ff21n
time="2026-02-19T14:05:47.167Z" level=info msg="Task-result reconciliation" namespace=tools numObjs=0 workflow=http-call-ff21n
time="2026-02-19T14:05:47.167Z" level=warning msg="workflow uses legacy/insecure pod patch, see https://argoproj.github.io/argo-workflows/workflow-rbac/" namespace=tools workflow=http-call-ff21n
time="2026-02-19T14:05:47.167Z" level=info msg="node changed" namespace=tools new.message= new.phase=Succeeded new.progress=0/1 nodeID=http-call-ff21n-966012173 old.message= old.phase=Pending old.progress=0/1 workflow=http-call-ff21n
time="2026-02-19T14:05:47.170Z" level=info msg="Workflow update successful" namespace=tools phase=Running resourceVersion=41100401 workflow=http-call-ff21n
""", 9, "tools", "http-call-ff21n"),
                Arguments.of("#5321", "controller.log", """
time="2026-01-17T02:47:09.823Z" level=info msg="Processing workflow" namespace=events workflow=scorer-2-47-145-zq1k9
time="2026-01-17T02:47:09.824Z" level=info msg="Workflow pod is missing" namespace=events nodePhase=Running podName="scorer-2-47-145-zq1k9[1].score" recentlyStarted=false workflow=scorer-2-47-145-zq1k9
time="2026-01-17T02:47:09.824Z" level=info msg="Updating node scorer-2-47-145-zq1k9-1129384756 status Running -> Error" namespace=events workflow=scorer-2-47-145-zq1k9
time="2026-01-17T02:47:09.824Z" level=info msg="Updating node scorer-2-47-145-zq1k9-1129384756 message: pod deleted" namespace=events workflow=scorer-2-47-145-zq1k9
time="2026-01-17T02:47:09.825Z" level=info msg="Step group node scorer-2-47-145-zq1k9-2203948571 deemed failed: child 'scorer-2-47-145-zq1k9-1129384756' failed" namespace=events workflow=scorer-2-47-145-zq1k9
time="2026-01-17T02:47:09.825Z" level=info msg="node scorer-2-47-145-zq1k9-2203948571 phase Running -> Failed" namespace=events workflow=scorer-2-47-145-zq1k9
time="2026-01-17T02:47:09.834Z" level=info msg="Workflow update successful" namespace=events phase=Failed resourceVersion=3391022 workflow=scorer-2-47-145-zq1k9
""", 7, "events", "scorer-2-47-145-zq1k9"),
                Arguments.of("#11588", "comment.txt", """
I'm seeing something similar on v3.4.10. Here's a debug-level trace from the controller:

> time="2026-02-08T20:35:59.885Z" level=debug msg="Executing node lint-run-4kp96.checkout of Pod is Running" namespace=ci workflow=lint-run-4kp96
> time="2026-02-08T20:35:59.885Z" level=info msg="TaskSet Reconciliation" namespace=ci workflow=lint-run-4kp96
> time="2026-02-08T20:35:59.885Z" level=info msg=reconcileAgentPod namespace=ci workflow=lint-run-4kp96
> time="2026-02-08T20:35:59.891Z" level=info msg="Workflow update successful" namespace=ci phase=Running resourceVersion=8811203 workflow=lint-run-4kp96
> time="2026-02-08T20:36:03.112Z" level=info msg="Queueing Succeeded workflow ci/lint-run-4kp96 for delete in 55m2s due to TTL"
> time="2026-02-08T20:36:09.410Z" level=info msg="Queueing Succeeded workflow ci/lint-run-4kp96 for delete in 54m56s due to TTL"

The pods are never cleaned up afterwards.
""", 6, "ci", "lint-run-4kp96"),
                Arguments.of("#5251", "controller.log", """
time="2026-03-02T23:37:01.335Z" level=info msg="Pod node ci-n1x7q-951911243 initialized Pending" namespace=argo workflow=ci-n1x7q
time="2026-03-02T23:37:01.360Z" level=info msg="Created pod: ci-n1x7q.task7(0:context:A).task2(4:context:E) (ci-n1x7q-951911243)" namespace=argo workflow=ci-n1x7q
time="2026-03-02T23:37:11.235Z" level=info msg="Updating node ci-n1x7q-951911243 status Pending -> Running" namespace=argo workflow=ci-n1x7q
time="2026-03-02T23:37:21.407Z" level=info msg="Pod failed: Error (exit code 1): container \\"main\\" is not found in the pod ci-n1x7q-951911243" displayName="task2(4:context:E)" namespace=argo pod=ci-n1x7q-951911243 templateName=print workflow=ci-n1x7q
time="2026-03-02T23:37:21.407Z" level=info msg="Updating node ci-n1x7q-951911243 status Running -> Error" namespace=argo workflow=ci-n1x7q
time="2026-03-02T23:37:21.408Z" level=info msg="Updating node ci-n1x7q-951911243 message: Error (exit code 1): container \\"main\\" is not found in the pod ci-n1x7q-951911243" namespace=argo workflow=ci-n1x7q
""", 6, "argo", "ci-n1x7q"),
                Arguments.of("#12413", "dev.txt", """
controller: time="2026-01-26T08:11:24.601Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=2201 namespace=argo workflow=finalizer-check-w6f9d
controller: time="2026-01-26T08:11:24.619Z" level=debug msg="patching pod" data="[{\\"op\\":\\"remove\\",\\"path\\":\\"/metadata/finalizers/0\\"}]" podName=finalizer-check-w6f9d
controller: time="2026-01-26T08:11:24.640Z" level=info msg="Workflow update successful" namespace=argo phase=Running resourceVersion=2210 workflow=finalizer-check-w6f9d
controller: time="2026-01-26T08:13:32.358Z" level=debug msg="not patching pod" podName=finalizer-check-w6f9d
""", 4, "argo", "finalizer-check-w6f9d"),
                Arguments.of("#6051", "comment.txt", """
 <details>
  <summary>controller logs for one stuck pod</summary>

```
time="2026-06-06T12:32:07.628Z" level=info msg="Created pod: loops-seq-q7w2k[0].count(12:12) (loops-seq-q7w2k-2121335593)" namespace=argo workflow=loops-seq-q7w2k
time="2026-06-06T12:33:29.414Z" level=info msg="Updating node loops-seq-q7w2k-2121335593 exit code 0" namespace=argo workflow=loops-seq-q7w2k
time="2026-06-06T12:33:29.414Z" level=info msg="Setting node loops-seq-q7w2k-2121335593 outputs: {\\"artifacts\\":[{\\"name\\":\\"main-logs\\",\\"s3\\":{\\"key\\":\\"loops-seq-q7w2k/loops-seq-q7w2k-2121335593/main.log\\"}}]}" namesp
time="2026-06-06T12:33:29.414Z" level=info msg="Updating node loops-seq-q7w2k-2121335593 status Pending -> Succeeded" namespace=argo workflow=loops-seq-q7w2k
time="2026-06-06T12:34:03.223Z" level=info msg="cleaning up pod" action=deletePod key=argo/loops-seq-q7w2k-2121335593/deletePod
```
</details>
""", 5, "argo", "loops-seq-q7w2k"),
                Arguments.of("#10495", "comment.txt", """
in just 5 seconds there is a lot logged:
```
time="2026-02-10T03:46:45.857Z" level=info msg="Create events 201"
time="2026-02-10T03:46:45.857Z" level=info msg="Delete pods 200"
time="2026-02-10T03:46:45.869Z" level=info msg="Update workflows 200"
time="2026-02-10T03:46:45.873Z" level=info msg="Workflow update successful" ...
time="2026-02-10T03:46:45.920Z" level=info msg="DeleteCollection workflowtaskresults 200"
time="2026-02-10T03:46:45.922Z" level=info msg="archiving workflow" ...
time="2026-02-10T03:46:45.986Z" level=info msg="Patch workflows 200"
```
""", 7, null, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logShapes")
    void readWholeWithItsWorkflowAndNoRaceClaimed(String issue, String file, String text, int records, String namespace, String workflow)
            throws IOException {
        AnalysisResult r = run(file, text);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), issue + ": " + in.samples());
        assertEquals(records, in.events(), issue + ": every typed record read as one");
        assertEquals(in.lines(), in.events() + in.continuation() + in.blank() + in.furniture().lines()
                + in.otherContainers().values().stream().mapToLong(Long::longValue).sum(), issue + ": every line counted once: " + in);
        if (workflow != null) {
            assertTrue(r.correlation().workflows().containsKey(new WorkflowRef(namespace, workflow)),
                    issue + ": " + r.correlation().workflows().keySet());
        }
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), issue);
    }

    /** #13499's shape: the command on a line of its own, then the Pod fenced (no sentence of its own after the object's start). */
    private static final String POD_AFTER_COMMAND = """
kubectl get pod gc-art-qzc7v -o yaml:
```
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/default-container: main
    workflows.argoproj.io/node-id: gc-art-qzc7v
    workflows.argoproj.io/node-name: gc-art-qzc7v
  creationTimestamp: "2026-05-24T10:08:30Z"
  labels:
    workflows.argoproj.io/completed: "true"
    workflows.argoproj.io/workflow: gc-art-qzc7v
  name: gc-art-qzc7v
  namespace: default
```

the completed label is `true`, so the pod informer no longer returns it.
""";

    /** #1832's shape: a zsh theme's arrow prompt, then kubectl's table with a Terminating row. */
    private static final String ARROW_PROMPT_TABLE = """
➜  kubectl get pods
NAME                                   READY   STATUS        RESTARTS   AGE
argo-ui-64689f795f-s8mkv               1/1     Running       0          23h
unpack-xk2tj-3719136504                1/2     Terminating   0          3h16m
""";

    /** #1341's shape: kubectl describe workflow fenced after a sentence, from its Status: line on. */
    private static final String DESCRIBED_FROM_STATUS = """
Sorry, I didn't save the YAML, only the describe output. The status should be enough:

```
Status:
  Finished At:  <nil>
  Nodes:
    Nightly - ab - 3 K 7 Pq:
      Children:
        nightly-ab-3k7pq-2038104411
      Display Name:   nightly-ab-3k7pq
      Finished At:    <nil>
      Id:             nightly-ab-3k7pq
      Name:           nightly-ab-3k7pq
      Phase:          Running
      Started At:     2026-04-13T01:15:03Z
      Template Name:  nightly
      Type:           DAG
    Nightly - ab - 3 K 7 Pq - 2038104411:
      Boundary ID:    nightly-ab-3k7pq
      Display Name:   build
      Finished At:    <nil>
      Id:             nightly-ab-3k7pq-2038104411
      Name:           nightly-ab-3k7pq.build
      Phase:          Running
      Started At:     2026-04-13T01:15:04Z
      Template Name:  build
      Type:           Pod
  Phase:              Running
  Started At:         2026-04-13T01:15:03Z
Events:               <none>
```
""";

    @Test
    void pastedObjectsAreReadAsTheObjectsTheyPrint() throws IOException {
        AnalysisResult pod = run("comment.txt", POD_AFTER_COMMAND);
        assertEquals(0, pod.inputs().get(0).unparsed(), pod.inputs().get(0).samples().toString());
        assertTrue(pod.correlation().pods().keySet().stream().anyMatch(k -> k.namespace().equals("default") && k.name().equals("gc-art-qzc7v")),
                pod.correlation().pods().keySet().toString());

        AnalysisResult table = run("terminal.txt", ARROW_PROMPT_TABLE);
        assertEquals(0, table.inputs().get(0).unparsed(), table.inputs().get(0).samples().toString());
        // One table of both rows, the arrow prompt its command (its rows observe the Pods other evidence names; alone, they name none).
        assertEquals(1, table.inputs().get(0).events(), table.inputs().get(0).toString());
        assertEquals("kubectl get pods table: 2 row(s)", table.inputs().get(0).format());

        AnalysisResult described = run("describe.txt", DESCRIBED_FROM_STATUS);
        InputSummary in = described.inputs().get(0);
        assertEquals(1, in.events(), "the Workflow described: " + in);
        assertEquals(1, in.unparsed(), "the sentence before the fence, reported at its line as before a described Workflow's head");
        assertEquals(1, in.samples().get(0).source().line());
        assertTrue(described.correlation().workflows().keySet().stream().anyMatch(w -> w.name().equals("nightly-ab-3k7pq")),
                described.correlation().workflows().keySet().toString());
    }
}
