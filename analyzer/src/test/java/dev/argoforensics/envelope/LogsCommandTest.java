package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pasted {@code kubectl logs POD -c CONTAINER} prompt names the Pod and container of the lines after it: a wait
 * container's log pasted without {@code --prefix} (the bug report form's second field) keeps its Pod.
 */
class LogsCommandTest {
    private static final String POD = "ingest-feed-t4r9m-fetch-2778438659";

    @ParameterizedTest
    @ValueSource(strings = {
        "$ kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "$ kubectl logs ingest-feed-t4r9m-fetch-2778438659 -c wait -n feeds --timestamps",
        "ops@bastion:~$ kubectl -n feeds logs pod/ingest-feed-t4r9m-fetch-2778438659 --container=wait --tail=200",
        "% k logs ingest-feed-t4r9m-fetch-2778438659 --container wait | grep -v Saving",
        "kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "PS C:\\Users\\ops> kubectl logs ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "(ins)-> kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "(prod) $ kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        // session 37: behind the wrappers the excerpt furniture reads (one reading, ShellCommand), quotes taken off, with or without a prompt
        "$ nice kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "$ env KUBECONFIG=/tmp/k.yaml kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "$ timeout 30 kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait | grep -v Saving",
        "$ KUBECONFIG=/tmp/k.yaml sudo -E timeout -s INT 30s kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "$ kubectl logs -n feeds 'ingest-feed-t4r9m-fetch-2778438659' -c \"wait\"",
        "timeout 30 kubectl logs -n feeds ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "nice -n 5 k logs ingest-feed-t4r9m-fetch-2778438659 --container wait",
    })
    void aCommandThatPrintedOnePodsContainerNamesThem(String line) {
        assertEquals(new LogsCommand.Target(POD, "wait"), LogsCommand.target(line), line);
    }

    /**
     * The bug report form's wait container field ({@code -c wait} and a label selector, as the form asks for it, filled in or not):
     * the lines are the wait container's, of no one Pod. Before session 33 a selector named nothing, and the wait container's stats
     * line ({@code Alloc=…}) was read as the controller's.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "kubectl logs -n argo -c wait -l workflows.argoproj.io/workflow=${workflow},workflow.argoproj.io/phase!=Succeeded",
        "$ kubectl logs -n feeds -c wait -l workflows.argoproj.io/workflow=ingest-feed-t4r9m,workflow.argoproj.io/phase!=Succeeded",
        "$ kubectl logs --selector=workflows.argoproj.io/workflow=ingest-feed-t4r9m --container=wait --tail=-1",
    })
    void aSelectorWithAContainerNamesTheContainerOfNoOnePod(String line) {
        assertEquals(new LogsCommand.Target(null, "wait"), LogsCommand.target(line), line);
    }

    /**
     * Session 57: a container named like a controller is another program's unless it is Argo's ({@code workflow-controller}, or the
     * chart's {@code controller} in a workflow controller's Pod): the lines under the prompt are that container's (before: any name
     * holding "controller" named no container, and kube-controller-manager's lines were read as the controller's).
     */
    @ParameterizedTest
    @ValueSource(strings = {"kube-controller-manager-ip-10-0-1-23 -c kube-controller-manager", "my-controller-0 -c my-controller",
        "ingress-nginx-controller-5d8f7c9b6-x2k4q -c controller", "cert-manager-7f9c6d8b5-q2w4e -c cert-manager-controller"})
    void anotherControllersContainerIsNamed(String podAndContainer) {
        int c = podAndContainer.indexOf(" -c ");
        assertEquals(new LogsCommand.Target(podAndContainer.substring(0, c), podAndContainer.substring(c + 4)),
                LogsCommand.target("$ kubectl logs -n ops " + podAndContainer), podAndContainer);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "$ kubectl logs -n argo deploy/workflow-controller",
        "$ kubectl logs -n argo deploy/workflow-controller -c workflow-controller",
        "$ kubectl logs -n argo workflow-controller-7d9f8b6c5d-x2k4q -c controller",
        "$ kubectl logs -n argo argo-workflows-workflow-controller-5d8c7b9f6-k2x7p -c controller",
        "kubectl logs -n argo -l workflows.argoproj.io/workflow=ingest-feed-t4r9m",
        "kubectl logs -n argo -l app=workflow-controller -c workflow-controller",
        "kubectl logs -n argo ingest-feed-t4r9m-fetch-2778438659 -c wait -l workflows.argoproj.io/workflow=ingest-feed-t4r9m",
        "$ kubectl logs -l workflows.argoproj.io/workflow=ingest-feed-t4r9m --all-containers -c wait",
        "$ kubectl logs ingest-feed-t4r9m-fetch-2778438659 --all-containers --prefix",
        "$ kubectl logs ingest-feed-t4r9m-fetch-2778438659",
        "$ kubectl logs ingest-feed-t4r9m-fetch-2778438659 wait",
        "$ kubectl get pods -n feeds",
        "$ timeout 30 kubectl logs -n argo deploy/workflow-controller",
        // The Helm chart's controller, whose name ends as nothing of the server's does; a selector of both Deployments' Pods
        "$ kubectl logs -n argo deploy/argo-workflows-workflow-controller",
        "$ kubectl logs -n argo argo-workflows-workflow-controller-5d8c7b9f6-k2x7p",
        "$ kubectl logs -n argo -l 'app in (argo-server,workflow-controller)' --prefix",
        "$ kubectl logs -n argo deploy/argo-server -c wait",
        "$ nice grep wait controller.log",
        "$ echo kubectl logs ingest-feed-t4r9m-fetch-2778438659 -c wait",
        "$ kubectl get pods | grep 'logs -c wait'",
        "# taken-at: 2026-10-25T14:30:00Z",
        "time=\"2026-10-25T14:20:41.036Z\" level=error msg=\"executor error\"",
    })
    void anythingElseNamesNoContainer(String line) {
        assertNull(LogsCommand.target(line), line);
    }

    @Test
    void aFenceAfterTheCommandClosesItsOutput() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        d.decode("$ kubectl logs -n feeds " + POD + " -c wait", 1);
        UnwrappedLine wait = d.decode("time=\"2026-10-25T14:20:41.036Z\" level=info msg=\"Alloc=9120 TotalAlloc=17004 Sys=30301 NumGC=5"
                + " Goroutines=9\"", 2);
        assertEquals("wait", wait.container());
        UnwrappedLine fence = d.decode("```", 3);
        assertNull(fence.container(), "the fence closing the block is the paste's");
        UnwrappedLine after = d.decode("time=\"2026-10-25T14:20:43.000Z\" level=info msg=\"Processing workflow\"", 4);
        assertNull(after.container(), "and it ends the command's output");
    }

    @Test
    void theLinesAfterThePromptAreThatContainersAndTheNextPromptEndsThem() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        UnwrappedLine prompt = d.decode("$ kubectl logs -n feeds " + POD + " -c wait", 1);
        assertNull(prompt.container(), "the prompt is the paste's, not the container's");
        UnwrappedLine wait = d.decode("time=\"2026-10-25T14:20:41.036Z\" level=error msg=\"executor error: workflowtaskresults.argoproj.io"
                + " is forbidden\"", 2);
        assertEquals("wait", wait.container());
        assertEquals(POD, wait.origin());
        UnwrappedLine stamped = d.decode("2026-10-25T14:20:41.045118002Z time=\"2026-10-25T14:20:41.045Z\" level=fatal msg=\"x\"", 3);
        assertEquals("wait", stamped.container());
        UnwrappedLine prefixed = d.decode("[pod/other-pod-1/main] time=\"2026-10-25T14:20:42.000Z\" level=info msg=\"y\"", 4);
        assertEquals("main", prefixed.container(), "a wrapper's own container wins");
        d.decode("$ kubectl logs -n argo deploy/workflow-controller | grep ingest-feed-t4r9m", 5);
        UnwrappedLine controller = d.decode("time=\"2026-10-25T14:20:43.000Z\" level=info msg=\"Processing workflow\"", 6);
        assertNull(controller.container());
        assertNull(controller.origin());
    }

    @Test
    void aChunkThatDoesNotStartTheFileKnowsThePromptOfItsFirstLine() {
        EnvelopeDecoder d = EnvelopeDecoder.continuing("$ kubectl logs -n feeds " + POD + " -c wait");
        UnwrappedLine wait = d.decode("time=\"2026-10-25T14:20:41.036Z\" level=info msg=\"No output artifacts\"", 40);
        assertEquals("wait", wait.container());
        assertEquals(POD, wait.origin());
    }

    /**
     * A chunk read on its own starts under the prompt the lines before it left ({@link EnvelopeDecoder#promptInEffect()}, which the
     * planner carries): the wait container's, or none (a fence or another command closed it), whatever the file's first line was.
     */
    @Test
    void aChunkStartsUnderThePromptTheLinesBeforeItLeft() {
        EnvelopeDecoder before = new EnvelopeDecoder();
        assertEquals("", before.promptInEffect());
        before.decode("```text", 1);
        String form = "kubectl logs -n argo -c wait -l workflows.argoproj.io/workflow=ingest-feed-t4r9m";
        before.decode(form, 2);
        assertEquals(form, before.promptInEffect());
        String alloc = "time=\"2026-10-25T14:20:41.036Z\" level=info msg=\"Alloc=9120 TotalAlloc=17004 Sys=30301 NumGC=5 Goroutines=9\"";
        UnwrappedLine wait = EnvelopeDecoder.continuing("### Logs", 1 << 20, before.promptInEffect()).decode(alloc, 40);
        assertEquals("wait", wait.container());
        assertNull(wait.origin(), "the selector's Pods: no one of them");
        before.decode("```", 3);
        assertEquals("", before.promptInEffect(), "the fence closed the command's output");
        String first = "$ kubectl logs -n feeds " + POD + " -c wait";
        assertNull(EnvelopeDecoder.continuing(first, 1 << 20, "").decode(alloc, 40).container(), "none carried: the first line's is over");
        assertEquals("wait", EnvelopeDecoder.continuing(first, 1 << 20, null).decode(alloc, 40).container(), "not known: as before");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "$ argo logs -n feeds ingest-feed-t4r9m -c wait",
        "$ argo logs ingest-feed-t4r9m --container=wait --timestamps",
        "ops@bastion:~$ argo logs ingest-feed-t4r9m -n feeds -c wait --grep failed | tail -5",
    })
    void argoLogsNamesTheContainerItPrintedAndLeavesThePodToEachLinesPrefix(String line) {
        assertEquals(new LogsCommand.Target(null, "wait", true), LogsCommand.target(line), line);
    }

    @Test
    void argoLogsPrintsMainUnlessToldAndAPodNamedAfterTheWorkflowIsThatPod() {
        assertEquals(new LogsCommand.Target(null, "main", true), LogsCommand.target("$ argo logs -n feeds ingest-feed-t4r9m"));
        assertEquals(new LogsCommand.Target(POD, "main", true), LogsCommand.target("$ argo logs ingest-feed-t4r9m " + POD + " -n feeds"));
        assertNull(LogsCommand.target("$ argo logs"), "no Workflow named");
        assertNull(LogsCommand.target("$ argo list -n feeds"));
    }

    /**
     * {@code argo logs WF} prints {@code <pod>: <line>} for every line of its container ({@code main} unless {@code -c}): the prefix
     * names the Pod, {@code --timestamps}' time after it is the collector's, and no line under it is the controller's.
     */
    @Test
    void argoLogsLinesAreTheirPodsContainersNeverTheControllers() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        d.decode("$ argo logs -n feeds ingest-feed-t4r9m -c wait", 1);
        String record = "time=\"2026-10-25T14:20:41.036Z\" level=warning msg=\"failed to patch task result, see https://x\" error=\"forbidden\"";
        UnwrappedLine wait = d.decode(POD + ": " + record, 2);
        assertEquals(EnvelopeKind.ARGO_LOGS, wait.envelope());
        assertEquals(record, wait.record());
        assertEquals(POD, wait.origin());
        assertEquals("wait", wait.container());
        d.decode("$ argo logs -n feeds ingest-feed-t4r9m --timestamps", 3);
        UnwrappedLine main = d.decode(POD + ": 2026-10-25T14:19:02.118402113Z fetched 4096 rows: ok", 4);
        assertEquals("fetched 4096 rows: ok", main.record());
        assertEquals("main", main.container());
        assertEquals("2026-10-25T14:19:02.118402113Z", main.envelopeTime().format());
        d.decode("$ kubectl logs -n argo deploy/workflow-controller", 5);
        UnwrappedLine controller = d.decode(POD + ": not under argo logs any more", 6);
        assertEquals(EnvelopeKind.NONE, controller.envelope(), "another prompt ends argo logs' lines");
        assertNull(controller.container());
    }

    /**
     * A wrapped command pasted without a prompt (as the bug report form's fields are filled in, run through {@code timeout}) starts
     * its own output as a prompt does: the controller's lines under it are no longer the wait container's of the command before.
     */
    @Test
    void aWrappedCommandWithoutAPromptEndsTheOutputBeforeIt() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        d.decode("$ kubectl logs -n feeds " + POD + " -c wait", 1);
        UnwrappedLine wait = d.decode("time=\"2026-10-25T14:20:41.036Z\" level=error msg=\"executor error\"", 2);
        assertEquals("wait", wait.container());
        d.decode("timeout 30 kubectl logs -n argo deploy/workflow-controller | grep ingest-feed-t4r9m", 3);
        UnwrappedLine controller = d.decode("time=\"2026-10-25T14:20:43.000Z\" level=info msg=\"Processing workflow\"", 4);
        assertNull(controller.container(), "the controller's line, under a command that names no container");
        assertNull(controller.origin());
        d.decode("env KUBECONFIG=/tmp/k.yaml kubectl logs -n feeds " + POD + " -c wait", 5);
        UnwrappedLine again = d.decode("time=\"2026-10-25T14:20:44.000Z\" level=error msg=\"executor error\"", 6);
        assertEquals("wait", again.container());
        assertEquals(POD, again.origin());
    }

    @Test
    void withoutItsPromptAPodPrefixStaysUnrecognised() {
        UnwrappedLine u = new EnvelopeDecoder().decode(POD + ": time=\"2026-10-25T14:20:41.036Z\" level=info msg=\"Processing workflow\"", 1);
        assertEquals(EnvelopeKind.PREFIX, u.envelope(), "nothing says which container printed it: not put apart on a guess");
        assertNull(u.container());
    }

    /**
     * Session 52: the Argo Server's Deployment, its Pod or its label ({@link ArgoServer}): the lines are its one container's,
     * {@code argo-server} (the manifests' and the Helm chart's), no controller's.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "$ kubectl -n argo logs deploy/argo-server",
        "$ kubectl -n argo logs --prefix deployment/argo-server",
        "$ kubectl -n argo logs -f deployments.apps/argo-server --all-containers",
        "$ kubectl -n argo logs deploy/argo-workflows-server -c argo-server",
        "$ kubectl -n argo logs deploy/ops-argo-workflows-server --tail=200",
        "$ kubectl -n argo logs -l app=argo-server",
        "$ kubectl -n argo logs --selector app.kubernetes.io/name=argo-workflows-server,app.kubernetes.io/instance=argo-workflows",
        "$ kubectl -n argo logs -l app.kubernetes.io/component=server --prefix",
    })
    void theArgoServersDeploymentOrLabelNamesItsContainer(String line) {
        assertEquals(new LogsCommand.Target(null, ArgoServer.CONTAINER), LogsCommand.target(line), line);
    }

    @Test
    void theArgoServersPodNamesItsContainerAndThePod() {
        String pod = "argo-server-6f7b9c7d4-x2x9z";
        assertEquals(new LogsCommand.Target(pod, ArgoServer.CONTAINER), LogsCommand.target("$ kubectl -n argo logs " + pod));
        assertEquals(new LogsCommand.Target(pod, ArgoServer.CONTAINER), LogsCommand.target("$ kubectl -n argo logs pod/" + pod + " -p"));
        String helm = "argo-workflows-server-7b9c5d6f8-q4m2n";
        assertEquals(new LogsCommand.Target(helm, ArgoServer.CONTAINER), LogsCommand.target("$ kubectl -n argo logs " + helm));
    }

    @Test
    void whatNamesTheArgoServer() {
        for (String d : new String[] {"argo-server", "argo-workflows-server", "prod-argo-workflows-server", "team-a-argo-server"}) {
            assertEquals(true, ArgoServer.deployment(d), d);
        }
        for (String d : new String[] {"workflow-controller", "argo-workflows-workflow-controller", "argo-server-controller", "server",
            "argo-workflows", "argo-servers", "argo-server-canary"}) {
            assertEquals(false, ArgoServer.deployment(d), d);
        }
        assertEquals(true, ArgoServer.deploymentPod("argo-server-6f7b9c7d4-x2x9z"));
        assertEquals(true, ArgoServer.deploymentPod("argo-workflows-server-7b9c5d6f8-q4m2n"));
        // A Workflow's Pod whose Workflow is named so (no pod-template-hash), and the controller's Pods, are not the server's.
        assertEquals(false, ArgoServer.deploymentPod("argo-server-x2x9z"));
        assertEquals(false, ArgoServer.deploymentPod("argo-workflows-workflow-controller-5d8c7b9f6-k2x7p"));
        assertEquals(false, ArgoServer.deploymentPod("workflow-controller-7c9d8f6b4-mx2lp"));
        assertEquals(false, ArgoServer.selects("app=workflow-controller"));
        assertEquals(false, ArgoServer.selects("app!=argo-server"));
        assertEquals(true, ArgoServer.selects("app==argo-server"));
    }
}
