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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session 55 breaker of the per-file decision (pass 1's {@code FileScan.controller}): one line of an Argo Server log that the
 * controller's catalog also takes must not make the whole file the controller's. The Argo Server v3.4-v3.7 logs lines with an empty
 * message (logrus prints no {@code msg} then): its options at start ({@code authModes=… baseHRef=/ managedNamespace= namespace=argo
 * secure=… ssoNamespace=…}, cmd/argo/commands/server.go) and one per HTTP request ({@code duration= method= path= size= status=},
 * server/apiserver/accesslog). The catalog's {@code controller-scope} (the controller's empty-message line, updateConfig) took every
 * one of them: the server's file became a controller run beside the real one, spanning the server's whole life. Only the
 * controller's line holds {@code executorImage} (v3.4.0 to v4.1.2).
 */
class ArgoServerSharedLinesBreakerTest {
    @TempDir
    Path dir;

    private static final String WF = "nightly-report-7hq2x";
    private static final String SERVER = "argo-server-6f7b9c7d4-x2x9z";
    private static final String CONTROLLER = "workflow-controller-7c9d8f6b4-mx2lp";

    /** A v3.7 Argo Server's log: its options line, its own statements, HTTP access lines, gRPC calls, the stats and pprof lines. */
    private static List<String> serverLines() {
        return List.of(
                "time=\"2026-10-14T02:29:57.900Z\" level=info msg=\"not enabling pprof debug endpoints\"",
                "time=\"2026-10-14T02:29:57.901Z\" level=info authModes=\"[server]\" baseHRef=/ managedNamespace= namespace=argo secure=false ssoNamespace=argo",
                "time=\"2026-10-14T02:29:57.902Z\" level=warning msg=\"You are running in insecure mode. Learn how to enable transport layer security\"",
                "time=\"2026-10-14T02:29:58.000Z\" level=info msg=\"SSO disabled\"",
                "time=\"2026-10-14T02:29:58.004Z\" level=info msg=\"Starting Argo Server\" instanceID= version=v3.7.6",
                "time=\"2026-10-14T02:29:58.151Z\" level=info msg=\"Argo Server started successfully on http://localhost:2746\" url=\"http://localhost:2746\"",
                "time=\"2026-10-14T02:30:00.100Z\" level=info duration=\"95.1µs\" method=GET path=/ size=473 status=0",
                "time=\"2026-10-14T02:30:00.300Z\" level=info msg=\"finished unary call with code OK\" grpc.code=OK grpc.method=GetWorkflow"
                        + " grpc.service=workflow.WorkflowService grpc.start_time=\"2026-10-14T02:30:00Z\" grpc.time_ms=8.113 span.kind=server system=grpc",
                "time=\"2026-10-14T02:30:00.310Z\" level=info duration=9.2ms method=GET path=/api/v1/workflows/reports/" + WF + " size=8412 status=0",
                "time=\"2026-10-14T02:34:58.004Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=80\"",
                "time=\"2026-10-14T03:10:00.100Z\" level=info duration=\"88.0µs\" method=GET path=/ size=473 status=0");
    }

    /** The controller's lines: its start, its scope line as logrus writes it (no msg), a pass, its stats line. */
    private static List<String> controllerLines() {
        return List.of(
                "time=\"2026-10-14T02:29:50.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-10-14T02:29:50.050Z\" level=info executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=reports",
                "time=\"2026-10-14T02:30:00.120Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=99120 namespace=reports workflow=" + WF,
                "time=\"2026-10-14T02:30:00.160Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=99131 workflow=" + WF,
                "time=\"2026-10-14T02:34:50.004Z\" level=info msg=\"Alloc=9312 TotalAlloc=22044 Sys=43250 NumGC=9 Goroutines=120\"");
    }

    private AnalysisResult run(long chunkBytes, Path... files) {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true).withChunkBytes(chunkBytes);
        return Analysis.standard(options).run(java.util.Arrays.stream(files).map(Path::toString).toList());
    }

    private Path write(long chunkBytes, String sub, String name, List<String> lines) throws IOException {
        Path d = Files.createDirectories(dir.resolve(chunkBytes + "-" + sub));
        Path p = d.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    private static InputSummary input(AnalysisResult r, String name) {
        return r.inputs().stream().filter(s -> s.file().displayPath().endsWith("/" + name)).findFirst().orElseThrow(() -> new AssertionError(r.inputs()));
    }

    private static String shape(ControllerProcess p) {
        return p.incarnation() + " " + p.first() + " " + p.last() + " " + p.events() + " " + p.work().processed() + " " + p.nameless().records();
    }

    /** Broke before the fix: the server's file was a controller run 02:29:57.900 to 03:10:00.100 (its access lines the catalog's). */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void aServerLogsEmptyMessageLinesOpenNoControllerRun(long chunkBytes) throws IOException {
        AnalysisResult alone = run(chunkBytes, write(chunkBytes, "c", CONTROLLER + ".log", controllerLines()));
        for (String name : List.of(SERVER + ".log", "argo-server.log", "argo-workflows-server-7b9c5d6f8-q4m2n.log.1")) {
            AnalysisResult r = run(chunkBytes, write(chunkBytes, "s" + name.length(), name, serverLines()),
                    write(chunkBytes, "s" + name.length(), CONTROLLER + ".log", controllerLines()));
            assertTrue(r.correlation().processes().stream().allMatch(p -> p.replica().startsWith(CONTROLLER)),
                    () -> name + ": the server's file opens no controller run: " + r.correlation().processes());
            InputSummary s = input(r, name);
            PastedRead.assertAccounted(s);
            assertEquals(0, s.events(), () -> name + ": none of the server's lines is the controller's: " + s);
            assertEquals(0, s.recognised(), () -> name + ": " + s);
            assertEquals(Map.of(ArgoServer.BY_MESSAGES, 4L, ArgoServer.BY_FILE_NAME, 7L), s.otherContainers(), () -> name + ": " + s);
            assertEquals(alone.correlation().processes().stream().map(ArgoServerSharedLinesBreakerTest::shape).toList(),
                    r.correlation().processes().stream().map(ArgoServerSharedLinesBreakerTest::shape).toList(), name);
        }
    }

    /** Control: the controller's own scope line (no msg, executorImage) is still the catalog's, read and recognised. */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void theControllersScopeLineIsStillItsStatement(long chunkBytes) throws IOException {
        AnalysisResult r = run(chunkBytes, write(chunkBytes, "own", CONTROLLER + ".log", controllerLines()));
        InputSummary c = input(r, CONTROLLER + ".log");
        assertEquals(5, c.events(), c::toString);
        assertEquals(4, c.recognised(), () -> "start, scope, processing, update: " + c);
        assertEquals(Map.of(), c.otherContainers(), c::toString);
    }

    /**
     * Control: a controller log named like the server's Pod whose only catalog statement is its scope line (an excerpt around a
     * ConfigMap reload): pass 1 must still find it (the entry asks for its key, decided on the parsed line), every line the controller's.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void aControllerExcerptNamedLikeTheServerWithOnlyItsScopeLineIsTheControllers(long chunkBytes) throws IOException {
        List<String> excerpt = List.of(
                "time=\"2026-10-14T04:00:00.004Z\" level=info msg=\"Alloc=9312 TotalAlloc=22044 Sys=43250 NumGC=9 Goroutines=120\"",
                "time=\"2026-10-14T04:01:10.050Z\" level=info executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=reports",
                "time=\"2026-10-14T04:05:00.004Z\" level=info msg=\"Alloc=9412 TotalAlloc=23044 Sys=43250 NumGC=10 Goroutines=121\"");
        AnalysisResult r = run(chunkBytes, write(chunkBytes, "x", SERVER + ".log", excerpt));
        InputSummary s = input(r, SERVER + ".log");
        PastedRead.assertAccounted(s);
        assertEquals(3, s.events(), s::toString);
        assertEquals(1, s.recognised(), s::toString);
        assertEquals(Map.of(), s.otherContainers(), () -> "the name said nothing: " + s);
        assertFalse(r.correlation().processes().isEmpty());
        assertEquals("2026-10-14T04:05:00.004Z", r.correlation().processes().get(r.correlation().processes().size() - 1).last().toString(),
                () -> r.correlation().processes().toString());
    }

    /**
     * Both Deployments' lines in one paste without prefixes, the server namespaced ({@code --namespaced}: its options line says
     * {@code managedNamespace=argo}) before the controller's scope line (every namespace): the run's scope is the controller's line
     * alone (before the fix the server's options line was the first controller-scope signal of the run, RunScopes' first taken).
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void aMixedPastesScopeIsTheControllersLineNotTheServersOptions(long chunkBytes) throws IOException {
        List<String> mixed = List.of(
                "time=\"2026-10-14T02:29:49.901Z\" level=info authModes=\"[server]\" baseHRef=/ managedNamespace=argo namespace=argo secure=false ssoNamespace=argo",
                controllerLines().get(0),
                "time=\"2026-10-14T02:29:50.010Z\" level=info duration=\"95.1µs\" method=GET path=/ size=473 status=0",
                controllerLines().get(1).replace("managedNamespace=reports", "managedNamespace="),
                controllerLines().get(2),
                controllerLines().get(3));
        AnalysisResult r = run(chunkBytes, write(chunkBytes, "m", "logs.txt", mixed));
        List<String> scopes = r.correlation().events().stream()
                .filter(e -> e.event() instanceof dev.argoforensics.event.ControllerEvent.Signal sig && "controller-scope".equals(sig.name()))
                .map(e -> String.valueOf(((dev.argoforensics.event.ControllerEvent.Signal) e.event()).attribute("managedNamespace"))).toList();
        assertEquals(List.of(""), scopes, "the controller's scope line only");
    }
}
