package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.envelope.ArgoServer;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 54: a log file named after the Argo Server's Pod ({@code kubectl logs argo-server-6f7b9c7d4-x2x9z > argo-server-….log}).
 * Whose lines they are comes from their content first: a message only the server logs goes apart, a statement of the controller's
 * catalog stays the controller's; the file's name decides only the lines neither says anything of (the stats line, pprof's, which
 * both write), and only in a file that holds none of the controller's statements. Every line is accounted for, the server's counted
 * apart, never dropped.
 */
class ArgoServerFileTest {
    @TempDir
    Path dir;

    private static final String WF_POD = "nightly-report-7hq2x";
    private static final String SERVER = "argo-server-6f7b9c7d4-x2x9z";
    private static final String CONTROLLER = "workflow-controller-7c9d8f6b4-mx2lp";

    /** The server's lines as v3.7 writes them: its own statements, its gRPC calls, and the stats and pprof lines both write. */
    private static List<String> serverLines() {
        return List.of(
                "time=\"2026-10-14T02:29:57.900Z\" level=info msg=\"not enabling pprof debug endpoints\"",
                "time=\"2026-10-14T02:29:58.004Z\" level=info msg=\"Starting Argo Server\" instanceID= version=v3.7.6",
                "time=\"2026-10-14T02:29:58.100Z\" level=info msg=\"Creating event controller\" asyncDispatch=false operationQueueSize=16 workerCount=4",
                "time=\"2026-10-14T02:29:58.120Z\" level=info msg=\"SSO disabled\"",
                "time=\"2026-10-14T02:30:00.300Z\" level=info msg=\"finished unary call with code OK\" grpc.code=OK grpc.method=GetWorkflow"
                        + " grpc.service=workflow.WorkflowService grpc.start_time=\"2026-10-14T02:30:00Z\" grpc.time_ms=8.113 span.kind=server system=grpc",
                "time=\"2026-10-14T02:30:20.651Z\" level=info msg=\"Deleting pod\" podDeleted=" + WF_POD,
                "time=\"2026-10-14T02:30:20.702Z\" level=info msg=\"using the default service account for user\" subject=ops@example.com",
                "time=\"2026-10-14T02:34:58.004Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=80\"");
    }

    /** The controller's lines (its start, a pass, its stats line). */
    private static List<String> controllerLines() {
        return List.of(
                "time=\"2026-10-14T02:29:50.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-10-14T02:29:50.100Z\" level=info msg=\"not enabling pprof debug endpoints\"",
                "time=\"2026-10-14T02:30:00.120Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=99120 namespace=reports workflow=" + WF_POD,
                "time=\"2026-10-14T02:30:00.160Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=99131 workflow=" + WF_POD,
                "time=\"2026-10-14T02:34:50.004Z\" level=info msg=\"Alloc=9312 TotalAlloc=22044 Sys=43250 NumGC=9 Goroutines=120\"");
    }

    private AnalysisResult run(long chunkBytes, Path... files) {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true).withChunkBytes(chunkBytes);
        return Analysis.standard(options).run(java.util.Arrays.stream(files).map(Path::toString).toList());
    }

    private Path write(long chunkBytes, String name, List<String> lines) throws IOException {
        Path d = Files.createDirectories(dir.resolve(Long.toString(chunkBytes)));
        Path p = d.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    private static InputSummary input(AnalysisResult r, String name) {
        return r.inputs().stream().filter(s -> s.file().displayPath().endsWith("/" + name)).findFirst().orElseThrow(() -> new AssertionError(r.inputs()));
    }

    private static List<String> replicas(AnalysisResult r) {
        return r.correlation().processes().stream().map(ControllerProcess::replica).toList();
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theServersPodsFileIsNoControllerReplicaAndItsLinesAreCountedApart(long chunkBytes) throws IOException {
        for (String name : List.of(SERVER + ".log", "argo-workflows-server-7b9c5d6f8-q4m2n.log", "argo-server.log", SERVER + ".log.1")) {
            AnalysisResult r = run(chunkBytes, write(chunkBytes, name, serverLines()), write(chunkBytes, CONTROLLER + ".log", controllerLines()));
            assertTrue(replicas(r).stream().allMatch(x -> x.startsWith(CONTROLLER)), () -> name + ": the server's file opens no controller run: "
                    + replicas(r));
            InputSummary s = input(r, name);
            PastedRead.assertAccounted(s);
            assertEquals(0, s.events(), () -> name + ": none of the server's lines is the controller's: " + s);
            assertEquals(Map.of(ArgoServer.BY_MESSAGES, 6L, ArgoServer.BY_FILE_NAME, 2L), s.otherContainers(),
                    () -> name + ": its own statements by their messages, the stats and pprof lines by the file's name: " + s);
            InputSummary c = input(r, CONTROLLER + ".log");
            assertEquals(5, c.events(), c::toString);
            assertEquals(Map.of(), c.otherContainers(), c::toString);
        }
    }

    /** Control: a controller log named like the server's Pod is still the controller's: every line its, none apart. */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aControllerLogNamedLikeTheServersPodIsTheControllers(long chunkBytes) throws IOException {
        AnalysisResult r = run(chunkBytes, write(chunkBytes, SERVER + ".log", controllerLines()));
        assertTrue(replicas(r).stream().allMatch(x -> x.startsWith(SERVER)), () -> replicas(r).toString());
        assertFalse(replicas(r).isEmpty());
        InputSummary s = input(r, SERVER + ".log");
        PastedRead.assertAccounted(s);
        assertEquals(5, s.events(), s::toString);
        assertEquals(Map.of(), s.otherContainers(), () -> "the name said nothing: " + s);
    }

    /**
     * Both Deployments' lines in one paste ({@code kubectl logs -l 'app in (argo-server,workflow-controller)'} without
     * {@code --prefix}), merged in time order: the server's own statements apart, the controller's its, whatever the file's name; the
     * lines both write stay the controller's (nothing says whose they are).
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aMixedPasteIsSplitByContentWhateverItsName(long chunkBytes) throws IOException {
        List<String> mixed = new ArrayList<>();
        mixed.add("$ kubectl -n argo logs -l 'app in (argo-server,workflow-controller)' --since=1h");
        mixed.addAll(controllerLines().subList(0, 2));
        mixed.addAll(serverLines().subList(0, 5));
        mixed.addAll(controllerLines().subList(2, 4));
        mixed.addAll(serverLines().subList(5, 8));
        mixed.add(controllerLines().get(4));
        for (String name : List.of("logs.txt", SERVER + ".log")) {
            AnalysisResult r = run(chunkBytes, write(chunkBytes, name, mixed));
            assertTrue(replicas(r).stream().allMatch(x -> x.startsWith(name)), () -> name + ": " + replicas(r));
            InputSummary s = input(r, name);
            PastedRead.assertAccounted(s);
            assertEquals(Map.of(ArgoServer.BY_MESSAGES, 6L), s.otherContainers(), () -> name + ": " + s);
            assertEquals(7, s.events(), () -> name + ": the controller's five and the two lines both write: " + s);
            assertFalse(s.otherContainers().containsKey(ArgoServer.BY_FILE_NAME), () -> name + ": " + s);
        }
    }
}
