package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session 51 breaker of s51-readers: look-alikes of kubetail's {@code [pod] } and a bare Pod name before a line. A single-Pod
 * Workflow's Pod is named as a Deployment's Pod is ({@code nightly-report-x7k2p}: the Workflow's generated five-character suffix),
 * so its wait and main containers' lines behind that name must name no controller replica; the same controller Pod pasted plain and
 * through kubetail must not read as two controllers active at once; a Pod's name alone on a line inside a log is the terminal's, a
 * record next to it still read; a quoted log of two replicas under a backslashed prompt; {@code -p --prefix} over two replicas.
 * The lines are written for this test, shaped as the tools print them; each case read whole and in tiny chunks.
 */
class KubetailLookAlikesTest {
    private static final String A = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String B = "workflow-controller-7c9d8f6b4-r8kzt";
    /** A single-Pod Workflow's Pod: the Workflow's name, generateName's five-character suffix. */
    private static final String WF_POD = "nightly-report-x7k2p";

    @TempDir
    Path dir;

    private PastedRead read(long chunkBytes, String name, List<String> lines) throws IOException {
        return PastedRead.read(dir, chunkBytes, name, lines);
    }

    private static List<Finding> findings(PastedRead r, String rule) {
        return r.result().outcomes().stream().filter(o -> o.rule().equals(rule)).map(RuleOutcome::findings).flatMap(List::stream).toList();
    }

    private static List<Finding> strong(PastedRead r) {
        return r.result().outcomes().stream().map(RuleOutcome::findings).flatMap(List::stream)
                .filter(f -> f.confidence().name().equals("CONFIRMED") || f.confidence().name().equals("LIKELY")).toList();
    }

    /** The controller's lines on the nightly Workflow, election on, as the leader logs them. */
    private static List<String> controller(String minute) {
        return List.of(
                "time=\"2026-10-14T02:" + minute + ":00.120Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=99120 namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:" + minute + ":00.160Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=99131 workflow=" + WF_POD,
                "time=\"2026-10-14T02:" + minute + ":31.002Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=99140 namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:" + minute + ":31.040Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Succeeded resourceVersion=99152 workflow=" + WF_POD);
    }

    /** The executor's lines in the wait container, logrus text as argoexec writes them. */
    private static List<String> waitLines() {
        return List.of(
                "time=\"2026-10-14T02:30:01.410Z\" level=info msg=\"Starting Workflow Executor\" version=v3.5.5",
                "time=\"2026-10-14T02:30:01.415Z\" level=info msg=\"Using executor retry strategy\" Duration=1s Factor=1.6 Jitter=0.5 Steps=5",
                "time=\"2026-10-14T02:30:01.418Z\" level=info msg=\"Executor initialized\" deadline=\"0001-01-01 00:00:00 +0000 UTC\" includeScriptOutput=false namespace=reports podName=" + WF_POD + " templateName=main version=\"&Version{Version:v3.5.5,}\"",
                "time=\"2026-10-14T02:30:01.425Z\" level=info msg=\"Starting deadline monitor\"",
                "time=\"2026-10-14T02:30:30.880Z\" level=info msg=\"Main container completed\" error=\"<nil>\"",
                "time=\"2026-10-14T02:30:30.881Z\" level=info msg=\"No output parameters\"",
                "time=\"2026-10-14T02:30:30.882Z\" level=info msg=\"No output artifacts\"",
                "time=\"2026-10-14T02:30:30.900Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=8\"",
                "time=\"2026-10-14T02:30:30.901Z\" level=info msg=\"Deadline monitor stopped\"");
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aSinglePodWorkflowsPodBehindKubetailNamesNoController(long chunkBytes) throws IOException {
        // The controller's log pasted plain, then the Workflow's Pod tailed through kubetail: its containers named ([pod container]).
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs " + A));
        lines.addAll(controller("30"));
        lines.add("$ kubetail " + WF_POD + " -n reports");
        lines.add("Will tail 2 logs...");
        lines.add(WF_POD + " main");
        lines.add(WF_POD + " wait");
        waitLines().forEach(l -> lines.add("[" + WF_POD + " wait] " + l));
        lines.add("[" + WF_POD + " main] capture-ok");
        PastedRead r = read(chunkBytes, "kubetail-workflow-pod.log", lines);
        InputSummary s = r.summary();
        PastedRead.assertAccounted(s);
        List<ControllerProcess> runs = r.processes();
        assertTrue(runs.stream().noneMatch(p -> WF_POD.equals(p.replica())), "the Workflow's Pod is no controller: " + runs);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(List.of(), strong(r), "no confirmed or likely finding from a Workflow Pod's own lines");
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aSinglePodWorkflowsPodInBracketsOrBareWithoutContainerNamesNoController(long chunkBytes) throws IOException {
        // kubetail -c wait (one container, so no container in the brackets), and the Pod's name alone before its lines.
        for (String shape : List.of("bracket", "bare")) {
            List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs " + A));
            lines.addAll(controller("30"));
            lines.add("$ kubetail " + WF_POD + " -n reports -c wait");
            waitLines().forEach(l -> lines.add((shape.equals("bracket") ? "[" + WF_POD + "] " : WF_POD + " ") + l));
            PastedRead r = read(chunkBytes, shape + "-workflow-pod.log", lines);
            PastedRead.assertAccounted(r.summary());
            List<ControllerProcess> runs = r.processes();
            assertTrue(runs.stream().noneMatch(p -> WF_POD.equals(p.replica())), shape + ": the Workflow's Pod is no controller: " + runs);
            assertEquals(1, runs.size(), shape + ": " + runs);
            assertEquals(List.of(), findings(r, "AF012"), shape);
            assertEquals(List.of(), findings(r, "AF004"), shape);
            assertEquals(List.of(), strong(r), shape);
        }
    }

    /** One controller's lines, election off (one replica, single-instance mode), with a user's edit refused once. */
    private static List<String> singleInstance() {
        return List.of(
                "time=\"2026-10-14T02:00:00.100Z\" level=info msg=\"Leader election is turned off. Running in single-instance mode\"",
                "time=\"2026-10-14T02:00:00.101Z\" level=info msg=\"starting leading\" id=single-instance",
                "time=\"2026-10-14T02:00:00.102Z\" level=info msg=\"Starting Workflow Controller\" version=v3.7.6",
                "time=\"2026-10-14T02:30:00.120Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=99120 namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:00.150Z\" level=warning msg=\"Error updating workflow: Operation cannot be fulfilled on workflows.argoproj.io \\\"" + WF_POD + "\\\": the object has been modified; please apply your changes to the latest version and try again Conflict\" namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:00.151Z\" level=info msg=\"Re-applying updates on latest version and retrying update\" namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:00.170Z\" level=info msg=\"Update retry attempt 1 successful\" namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:00.171Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=99131 workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:31.002Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=99140 namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:31.040Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Succeeded resourceVersion=99152 workflow=" + WF_POD);
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theSameControllerPastedPlainAndThroughKubetailIsNoTwoActiveControllers(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs " + A));
        lines.addAll(singleInstance());
        lines.add("$ kubetail workflow-controller -n argo");
        lines.add("Will tail 1 logs...");
        lines.add(A);
        singleInstance().forEach(l -> lines.add("[" + A + "] " + l));
        PastedRead r = read(chunkBytes, "plain-and-kubetail.log", lines);
        PastedRead.assertAccounted(r.summary());
        assertEquals(List.of(), strong(r).stream().filter(f -> f.rule().equals("AF012")).toList(),
                "one controller's lines pasted twice are not two controllers at once: " + r.processes());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aPodNameAloneInsideALogIsCountedAndTheRecordsAroundItRead(long chunkBytes) throws IOException {
        // kubectl get pods -o custom-columns=:metadata.name --no-headers piped in between two records (the names alone on lines)
        List<String> c = controller("30");
        List<String> lines = List.of(c.get(0), WF_POD, A, c.get(1), c.get(2), c.get(3));
        PastedRead r = read(chunkBytes, "names-inside.log", lines);
        InputSummary s = r.summary();
        PastedRead.assertAccounted(s);
        assertEquals(4, s.events(), s.toString());
        assertEquals(0, s.unparsed(), s.toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aQuotedLogOfTwoReplicasUnderABackslashedPromptIsReadAsTheQuote(long chunkBytes) throws IOException {
        // A reply quoting `kubectl logs --prefix -l app=workflow-controller \` and the two replicas' lines it printed.
        List<String> c = controller("30");
        String standby = "time=\"2026-10-14T02:30:03.500Z\" level=info msg=\"healthz: current pod is not the leader\"";
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs --prefix -l app=workflow-controller \\"));
        lines.add("> [pod/" + A + "/workflow-controller] " + c.get(0));
        lines.add("> [pod/" + B + "/workflow-controller] " + standby);
        lines.add("> [pod/" + A + "/workflow-controller] " + c.get(1));
        PastedRead r = read(chunkBytes, "quoted-prefixed.log", lines);
        InputSummary s = r.summary();
        PastedRead.assertAccounted(s);
        assertEquals(3, s.events(), "no quoted record is joined to the command: " + s);
        assertEquals(0, s.continuation(), s.toString());
        assertEquals(List.of(A, B), r.processes().stream().map(ControllerProcess::replica).sorted().toList(), r.processes().toString());

        // The same with a Pod's name alone before each quoted record.
        List<String> bare = new ArrayList<>(List.of("$ kubectl -n argo logs -l app=workflow-controller \\"));
        bare.add("> " + A + " " + c.get(0));
        bare.add("> " + B + " " + standby);
        bare.add("> " + A + " " + c.get(1));
        PastedRead b = read(chunkBytes, "quoted-bare.log", bare);
        PastedRead.assertAccounted(b.summary());
        assertEquals(3, b.summary().events(), b.summary().toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void previousUnderPrefixOfTwoReplicasSplitsEachOnce(long chunkBytes) throws IOException {
        List<String> cur = controller("40");
        List<String> prev = controller("10");
        String standbyNow = "time=\"2026-10-14T02:40:03.500Z\" level=info msg=\"healthz: current pod is not the leader\"";
        String standbyBefore = "time=\"2026-10-14T02:10:03.500Z\" level=info msg=\"healthz: current pod is not the leader\"";
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs --prefix -l app=workflow-controller"));
        lines.add("[pod/" + A + "/workflow-controller] " + cur.get(0));
        lines.add("[pod/" + B + "/workflow-controller] " + standbyNow);
        lines.add("[pod/" + A + "/workflow-controller] " + cur.get(1));
        lines.add("$ kubectl -n argo logs -p --prefix -l app=workflow-controller");
        lines.add("[pod/" + A + "/workflow-controller] " + prev.get(0));
        lines.add("[pod/" + B + "/workflow-controller] " + standbyBefore);
        lines.add("[pod/" + A + "/workflow-controller] " + prev.get(1));
        PastedRead r = read(chunkBytes, "prefix-previous-two.log", lines);
        PastedRead.assertAccounted(r.summary());
        List<ControllerProcess> runs = r.processes();
        assertEquals(List.of(A, A, B, B), runs.stream().map(ControllerProcess::replica).sorted().toList(), runs.toString());
        assertEquals(List.of(), findings(r, "AF012"), runs.toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theCurrentLogAskedForAgainAfterPreviousLeavesThePreviousRunApart(long chunkBytes) throws IOException {
        // kubectl logs, kubectl logs -p, kubectl logs again: the previous container's lines are another process, whichever way the
        // file names the replica (the file, or --prefix's Pod).
        List<String> cur = controller("40");
        List<String> prev = controller("10");
        for (boolean prefixed : List.of(false, true)) {
            String pre = prefixed ? "[pod/" + A + "/workflow-controller] " : "";
            String flag = prefixed ? " --prefix " : " ";
            List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs" + flag + A));
            lines.add(pre + cur.get(0));
            lines.add(pre + cur.get(1));
            lines.add("$ kubectl -n argo logs -p" + flag + A);
            lines.add(pre + prev.get(1));
            lines.add("$ kubectl -n argo logs --since=5m" + flag + A);
            lines.add(pre + cur.get(2));
            PastedRead r = read(chunkBytes, "again-" + prefixed + ".log", lines);
            PastedRead.assertAccounted(r.summary());
            List<ControllerProcess> runs = r.processes();
            assertTrue(runs.size() >= 2, (prefixed ? "--prefix" : "plain") + ": the previous container's line is no line of the current run: " + runs);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void previousUnderASelectorThenTheCurrentAgainKeepsThePreviousRunApart(long chunkBytes) throws IOException {
        List<String> cur = controller("40");
        List<String> prev = controller("10");
        String standbyNow = "time=\"2026-10-14T02:40:03.500Z\" level=info msg=\"healthz: current pod is not the leader\"";
        List<String> back = new ArrayList<>(List.of("$ kubectl -n argo logs --prefix -l app=workflow-controller"));
        back.add("[pod/" + A + "/workflow-controller] " + cur.get(0));
        back.add("[pod/" + B + "/workflow-controller] " + standbyNow);
        back.add("[pod/" + A + "/workflow-controller] " + cur.get(1));
        back.add("$ kubectl -n argo logs -p --prefix -l app=workflow-controller");
        // Only A restarted (B printed nothing under -p), then back to the current logs: B's current lines are still its one run.
        back.add("[pod/" + A + "/workflow-controller] " + prev.get(1));
        back.add("$ kubectl -n argo logs --prefix --since=5m -l app=workflow-controller");
        back.add("[pod/" + B + "/workflow-controller] " + standbyNow.replace("02:40:03", "02:44:03"));
        back.add("[pod/" + A + "/workflow-controller] " + cur.get(2));
        PastedRead k = read(chunkBytes, "prefix-previous-back.log", back);
        PastedRead.assertAccounted(k.summary());
        List<ControllerProcess> kr = k.processes();
        assertEquals(1, kr.stream().filter(p -> B.equals(p.replica())).count(), "B printed nothing under -p: one run: " + kr);
        long a = kr.stream().filter(p -> A.equals(p.replica())).count();
        assertTrue(a == 2 || a == 3, "A: current and previous (the current again may be read as a run of its own): " + kr);
    }

    /** The manifests' Argo Server Pod, and the Helm chart's server and controller Pods. */
    private static final String SERVER = "argo-server-6f7b9c7d4-x2x9z";
    private static final String HELM_SERVER = "argo-workflows-server-7b9c5d6f8-q4m2n";
    private static final String HELM_CONTROLLER = "argo-workflows-workflow-controller-5d8c7b9f6-k2x7p";

    /**
     * The Argo Server's lines as v3.7 logs them (server/apiserver/argoserver.go, its gRPC calls through grpc_logrus, a retry's Pod
     * deletion in the workflow server): its start, two calls, a retried Workflow's Pod deleted, a user's service account.
     */
    private static List<String> serverLines() {
        return List.of(
                "time=\"2026-10-14T02:29:58.004Z\" level=info msg=\"Starting Argo Server\" instanceID= version=v3.7.6",
                "time=\"2026-10-14T02:30:00.300Z\" level=info msg=\"finished unary call with code OK\" grpc.code=OK grpc.method=GetWorkflow"
                        + " grpc.service=workflow.WorkflowService grpc.start_time=\"2026-10-14T02:30:00Z\" grpc.time_ms=8.113 span.kind=server system=grpc",
                "time=\"2026-10-14T02:30:20.651Z\" level=info msg=\"Deleting pod\" podDeleted=" + WF_POD,
                "time=\"2026-10-14T02:30:20.702Z\" level=info msg=\"using the default service account for user\" subject=ops@example.com",
                "time=\"2026-10-14T02:30:31.100Z\" level=info msg=\"finished streaming call with code OK\" grpc.code=OK"
                        + " grpc.method=WatchWorkflows grpc.service=workflow.WorkflowService grpc.time_ms=30800.2 span.kind=server system=grpc");
    }

    /** The controller's lines and the server's, merged in time order as kubetail prints them, each after its Pod's {@code prefix}. */
    private static List<String> merged(String controllerPrefix, String serverPrefix) {
        List<String> c = controller("30");
        List<String> sv = serverLines();
        return List.of(serverPrefix + sv.get(0), controllerPrefix + c.get(0), controllerPrefix + c.get(1), serverPrefix + sv.get(1),
                serverPrefix + sv.get(2), serverPrefix + sv.get(3), controllerPrefix + c.get(2), controllerPrefix + c.get(3), serverPrefix + sv.get(4));
    }

    /**
     * Session 52: the Argo Server's Pods beside the controller's, through kubetail ({@code [pod]}), a Pod's name alone, {@code kubectl
     * logs --prefix} and a prompt naming its Deployment: its lines are the {@code argo-server} container's, counted apart, and its Pod is
     * no controller replica (before, kubetail's and the bare name's opened a second controller run beside the real one).
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theArgoServersPodIsNoControllerReplica(long chunkBytes) throws IOException {
        record Shape(String name, String head, String controllerPrefix, String serverPrefix) {
        }
        for (Shape shape : List.of(
                new Shape("kubetail", "$ kubetail argo -n argo\nWill tail 2 logs...\n" + SERVER + "\n" + A, "[" + A + "] ", "[" + SERVER + "] "),
                new Shape("bare", "$ kubetail argo -n argo", A + " ",
                        SERVER + " "),
                new Shape("prefix", "$ kubectl -n argo logs --prefix -l 'app in (argo-server,workflow-controller)'",
                        "[pod/" + A + "/workflow-controller] ", "[pod/" + SERVER + "/argo-server] "),
                new Shape("helm-kubetail", "$ kubetail argo-workflows -n argo", "[" + HELM_CONTROLLER + "] ", "[" + HELM_SERVER + "] "))) {
            List<String> lines = new ArrayList<>(List.of(shape.head().split("\n")));
            lines.addAll(merged(shape.controllerPrefix(), shape.serverPrefix()));
            PastedRead r = read(chunkBytes, shape.name() + "-server.log", lines);
            InputSummary s = r.summary();
            PastedRead.assertAccounted(s);
            String controllerPod = shape.name().startsWith("helm") ? HELM_CONTROLLER : A;
            assertEquals(List.of(controllerPod), r.processes().stream().map(ControllerProcess::replica).toList(),
                    shape.name() + ": the server's Pod is no replica: " + r.processes());
            assertEquals(5L, s.otherContainers().getOrDefault("argo-server", 0L), shape.name() + ": the server's lines, apart: " + s);
            assertEquals(4, s.events(), shape.name() + ": the controller's lines only: " + s);
            assertEquals(List.of(), strong(r), shape.name());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theArgoServersDeploymentNamedOnThePromptGivesItsLinesApart(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs deploy/argo-server --since=1h"));
        lines.addAll(serverLines());
        lines.add("$ kubectl -n argo logs deploy/workflow-controller --since=1h");
        lines.addAll(controller("30"));
        PastedRead r = read(chunkBytes, "server-then-controller.log", lines);
        InputSummary s = r.summary();
        PastedRead.assertAccounted(s);
        assertEquals(5L, s.otherContainers().getOrDefault("argo-server", 0L), s.toString());
        assertEquals(1, r.processes().size(), r.processes().toString());
        assertEquals(4, r.processes().get(0).events(), "the controller's run holds the controller's lines only: " + r.processes());
        assertEquals(List.of(), strong(r));

        // Control: the Helm chart's controller Deployment named on the prompt: its lines are the controller's, as before.
        List<String> helm = new ArrayList<>(List.of("$ kubectl -n argo logs deploy/argo-workflows-workflow-controller --since=1h"));
        helm.addAll(controller("30"));
        PastedRead h = read(chunkBytes, "helm-controller.log", helm);
        assertEquals(Map.of(), h.summary().otherContainers(), h.summary().toString());
        assertEquals(4, h.summary().events());
        assertEquals(1, h.processes().size(), h.processes().toString());
    }

    /**
     * Control: two replicas of the Helm chart's controller through kubetail stay two replicas (the chart's names hold {@code -server}
     * nowhere, but {@code argo-workflows} is in both the server's name and the controller's).
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void twoReplicasOfTheHelmChartsControllerStayTwo(long chunkBytes) throws IOException {
        String other = "argo-workflows-workflow-controller-5d8c7b9f6-w9t4c";
        String standby = "time=\"2026-10-14T02:30:03.500Z\" level=info msg=\"healthz: current pod is not the leader\"";
        List<String> c = controller("30");
        List<String> lines = List.of("[" + HELM_CONTROLLER + "] " + c.get(0), "[" + other + "] " + standby, "[" + HELM_CONTROLLER + "] " + c.get(1));
        PastedRead r = read(chunkBytes, "helm-two.log", lines);
        PastedRead.assertAccounted(r.summary());
        assertEquals(List.of(HELM_CONTROLLER, other), r.processes().stream().map(ControllerProcess::replica).sorted().toList(), r.processes().toString());
        assertEquals(Map.of(), r.summary().otherContainers());
    }
}
