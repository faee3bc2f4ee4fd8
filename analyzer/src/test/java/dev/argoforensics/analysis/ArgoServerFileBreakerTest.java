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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session 54 breaker of the server-file reading: a controller log under a name like the server's (a Helm release called
 * {@code argo-server}, a user's rename) whose first and last lines are ones the catalog does not know (stats, an unknown statement
 * naming a Workflow, a klog reflector line) must read exactly as the same lines under the controller's own name: the same run, the
 * same first and last times, the same counts. And a {@code kubectl logs --prefix} paste of both Deployments under the server's
 * name: the prefix, not the file's name, says whose each line is.
 */
class ArgoServerFileBreakerTest {
    @TempDir
    Path dir;

    private static final String WF = "billing-sync-q8c4k";

    /** A controller's lines: unknown ones first and last, the catalog's in between. */
    private static List<String> controllerLines() {
        return List.of(
                "time=\"2026-11-02T08:00:01.000Z\" level=info msg=\"Alloc=5120 TotalAlloc=9120 Sys=20250 NumGC=2 Goroutines=60\"",
                "time=\"2026-11-02T08:00:02.500Z\" level=info msg=\"some statement of a newer release\" namespace=billing workflow=" + WF,
                "time=\"2026-11-02T08:00:05.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-11-02T08:01:00.120Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5120 namespace=billing workflow=" + WF,
                "time=\"2026-11-02T08:01:00.180Z\" level=info msg=\"Workflow update successful\" namespace=billing phase=Running resourceVersion=5131 workflow=" + WF,
                "time=\"2026-11-02T08:09:30.000Z\" level=info msg=\"another statement nobody catalogued\" namespace=billing workflow=" + WF,
                "time=\"2026-11-02T08:10:01.000Z\" level=info msg=\"Alloc=9120 TotalAlloc=19120 Sys=40250 NumGC=7 Goroutines=90\"");
    }

    private AnalysisResult run(long chunkBytes, Path file) {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true).withChunkBytes(chunkBytes);
        return Analysis.standard(options).run(List.of(file.toString()));
    }

    private Path write(long chunkBytes, String name, List<String> lines) throws IOException {
        Path d = Files.createDirectories(dir.resolve(chunkBytes + "-" + name.length()));
        Path p = d.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    private static InputSummary input(AnalysisResult r) {
        assertEquals(1, r.inputs().size(), () -> r.inputs().toString());
        return r.inputs().get(0);
    }

    private static String shape(ControllerProcess p) {
        return p.incarnation() + " " + p.first() + " " + p.last() + " " + p.events() + " " + p.work().processed() + " " + p.work().first() + " "
                + p.work().last() + " " + p.work().gaps() + " " + p.nameless().records() + " " + p.nameless().first() + " " + p.nameless().last();
    }

    /**
     * Fixed in session 55 from pass 1 ({@code FileScan.controller}): the file holds the controller's statements, so its name says nothing
     * of its lines, which are read from the first as the same lines under the controller's own name.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void aControllerLogNamedLikeTheServerReadsAsUnderItsOwnName(long chunkBytes) throws IOException {
        AnalysisResult own = run(chunkBytes, write(chunkBytes, "workflow-controller-7c9d8f6b4-mx2lp.log", controllerLines()));
        for (String name : List.of("argo-server-6f7b9c7d4-x2x9z.log", "argo-server.log", "argo-workflows-server-7b9c5d6f8-q4m2n.log.1")) {
            AnalysisResult odd = run(chunkBytes, write(chunkBytes, name, controllerLines()));
            InputSummary a = input(own);
            InputSummary b = input(odd);
            PastedRead.assertAccounted(b);
            assertEquals(a.events(), b.events(), () -> name + ": " + b);
            assertEquals(a.recognised(), b.recognised(), () -> name + ": " + b);
            assertEquals(a.format(), b.format(), () -> name + ": " + b);
            assertEquals(a.otherContainers(), b.otherContainers(), () -> name + ": " + b);
            assertEquals(own.correlation().processes().stream().map(ArgoServerFileBreakerTest::shape).toList(),
                    odd.correlation().processes().stream().map(ArgoServerFileBreakerTest::shape).toList(), name);
        }
    }

    /**
     * {@code kubectl logs -l app.kubernetes.io/part-of=argo-workflows --prefix} saved under the server's name: each line says its Pod
     * and container; the server's stats line goes apart by its prefix, the controller's stays the controller's, nothing by the name.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void aPrefixedPasteOfBothUnderTheServersNameIsSplitByItsPrefixes(long chunkBytes) throws IOException {
        String c = "[pod/workflow-controller-7c9d8f6b4-mx2lp/workflow-controller] ";
        String s = "[pod/argo-server-6f7b9c7d4-x2x9z/argo-server] ";
        List<String> paste = List.of(
                c + controllerLines().get(0),
                s + "time=\"2026-11-02T08:00:01.500Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=80\"",
                c + controllerLines().get(2),
                s + "time=\"2026-11-02T08:00:06.000Z\" level=info msg=\"not enabling pprof debug endpoints\"",
                c + controllerLines().get(3),
                c + controllerLines().get(4),
                s + "time=\"2026-11-02T08:09:59.000Z\" level=info msg=\"Alloc=7312 TotalAlloc=14044 Sys=23250 NumGC=5 Goroutines=81\"",
                c + controllerLines().get(6));
        for (String name : List.of("argo-server-6f7b9c7d4-x2x9z.log", "part-of.log")) {
            AnalysisResult r = run(chunkBytes, write(chunkBytes, name, paste));
            InputSummary in = input(r);
            PastedRead.assertAccounted(in);
            assertFalse(in.otherContainers().containsKey(ArgoServer.BY_FILE_NAME), () -> name + ": " + in);
            assertEquals(3L, in.otherContainers().values().stream().mapToLong(Long::longValue).sum(), () -> name + ": " + in);
            assertEquals(5, in.events(), () -> name + ": " + in);
            assertTrue(r.correlation().processes().stream().allMatch(p -> p.replica().contains("workflow-controller")),
                    () -> name + ": " + r.correlation().processes());
            assertEquals("2026-11-02T08:10:01.000Z", r.correlation().processes().get(r.correlation().processes().size() - 1).last().toString(),
                    () -> name + ": " + r.correlation().processes());
        }
    }
}
