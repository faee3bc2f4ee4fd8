package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.envelope.OtherContainers;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
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
 * Lines of other containers (main, wait, init, a sidecar) mixed into a controller log, named by a
 * wrapper, by the CRI log path, or known by the executor's messages: counted per container apart from
 * controller records, never unparsed, never a controller line; the wait container's task-result
 * lines stay evidence and name the Pod the wrapper named. Whole file as one chunk, and tiny chunks.
 */
class OtherContainerLinesTest {
    private static final String POD = "etl-nightly-4kq8d-extract-2201948117";
    private static final String REFUSAL = "workflowtaskresults.argoproj.io is forbidden: User \\\"system:serviceaccount:etl:etl-runner\\\" cannot"
            + " create resource \\\"workflowtaskresults\\\" in API group \\\"argoproj.io\\\" in the namespace \\\"etl\\\"";

    @TempDir
    Path dir;

    private record Read(List<LogEvent> events, InputSummary summary) {
    }

    private Read read(long chunkBytes, String name, String... lines) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).keepingEverything(true).withChunkBytes(chunkBytes);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        return new Read(result.correlation().events(), result.inputs().get(0));
    }

    private static void assertAccounted(InputSummary s) {
        assertEquals(s.lines(), s.events() + s.continuation() + s.blank() + s.unparsed() + s.furniture().lines() + s.otherContainerLines(), s.toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void kubectlPrefixedContainersAreKeptApart(long chunkBytes) throws IOException {
        String c = "[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] ";
        Read r = read(chunkBytes, "all-containers.log",
                c + "time=2025-03-02T10:11:12.120Z level=INFO msg=\"Processing workflow\" namespace=etl workflow=etl-nightly-4kq8d",
                "[pod/" + POD + "/init] time=\"2025-03-02T10:11:13.001Z\" level=info msg=\"Starting Workflow Executor\" version=v3.6.4",
                "[pod/" + POD + "/main] extracting 1200 rows from the warehouse",
                "[pod/" + POD + "/main] time=2025-03-02T10:11:19.000Z level=INFO msg=\"a user program that logs like slog\"",
                "[pod/" + POD + "/wait] time=\"2025-03-02T10:11:20.118Z\" level=info msg=\"Main container completed\" error=\"<nil>\"",
                "[pod/" + POD + "/wait] time=\"2025-03-02T10:11:20.140Z\" level=info msg=\"Alloc=8214 TotalAlloc=19022 Sys=28310 NumGC=6 Goroutines=11\"",
                "[pod/" + POD + "/wait] time=\"2025-03-02T10:11:20.330Z\" level=error msg=\"executor error: " + REFUSAL + "\"",
                c + "time=2025-03-02T10:11:21.500Z level=INFO msg=\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\"");
        InputSummary s = r.summary();
        assertEquals(Map.of("init", 1L, "main", 2L, "wait", 2L), s.otherContainers());
        assertEquals(0, s.unparsed(), "a main container's output is no unparsed controller line");
        assertEquals(3, s.events(), "two controller lines and the executor's error");
        assertAccounted(s);
        assertTrue(s.format().contains("kubectl --prefix"), s.format());
        List<LogEvent> executor = r.events().stream().filter(e -> e.event() instanceof ControllerEvent.Signal).toList();
        assertEquals(1, executor.size());
        ControllerEvent.Signal sig = assertInstanceOf(ControllerEvent.Signal.class, executor.get(0).event());
        assertEquals("executor-error", sig.name());
        assertEquals(POD, sig.podRef().name(), "the Pod the prefix names");
        assertEquals(7, executor.get(0).source().line());
        assertTrue(r.events().stream().noneMatch(e -> e.text().contains("Main container completed") || e.text().contains("user program")));
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void executorLinesWithoutAWrapperAreKnownByTheirMessages(long chunkBytes) throws IOException {
        Read r = read(chunkBytes, "pasted.log",
                "time=\"2025-03-02T10:11:13.001Z\" level=info msg=\"Starting Workflow Executor\" version=v3.6.4",
                "time=\"2025-03-02T10:11:13.010Z\" level=info msg=\"Executor initialized\" deadline=\"0001-01-01 00:00:00 +0000 UTC\"",
                "time=\"2025-03-02T10:11:20.119Z\" level=info msg=\"No output parameters\"",
                "time=\"2025-03-02T10:11:20.140Z\" level=info msg=\"Alloc=8214 TotalAlloc=19022 Sys=28310 NumGC=6 Goroutines=11\"",
                "time=\"2025-03-02T10:11:20.330Z\" level=error msg=\"executor error: " + REFUSAL + "\"");
        InputSummary s = r.summary();
        assertEquals(Map.of(OtherContainers.EXECUTOR, 3L), s.otherContainers());
        assertEquals(2, s.events(), "the stats line (the controller prints it too) and the executor's error stay records");
        assertAccounted(s);
        ControllerEvent.Signal sig = r.events().stream().map(LogEvent::event).filter(ControllerEvent.Signal.class::isInstance)
                .map(ControllerEvent.Signal.class::cast).findFirst().orElseThrow();
        assertEquals(null, sig.podRef(), "nothing named the Pod");
    }

    /**
     * A wait container's log saved with neither --prefix nor the prompt: its start-up line names its own Pod (namespace, podName),
     * and its later lines in the file are that Pod's, across chunks (60 bytes: a chunk per line); nothing before it is.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theExecutorsStartUpLineTiesItsLaterLinesToItsPod(long chunkBytes) throws IOException {
        Read r = read(chunkBytes, "wait.log",
                "time=\"2025-03-02T10:11:13.001Z\" level=info msg=\"Starting Workflow Executor\" version=v3.6.4",
                "time=\"2025-03-02T10:11:13.010Z\" level=info msg=\"Executor initialized\" deadline=\"0001-01-01 00:00:00 +0000 UTC\" "
                        + "includeScriptOutput=false namespace=etl podName=" + POD + " templateName=load version=\"&Version{Version:v3.6.4,}\"",
                "time=\"2025-03-02T10:11:20.119Z\" level=info msg=\"No output parameters\"",
                "time=\"2025-03-02T10:11:20.330Z\" level=error msg=\"executor error: " + REFUSAL + "\"");
        ControllerEvent.Signal sig = r.events().stream().map(LogEvent::event).filter(ControllerEvent.Signal.class::isInstance)
                .map(ControllerEvent.Signal.class::cast).filter(x -> x.name().equals("executor-error")).findFirst().orElseThrow();
        assertEquals(POD, sig.podRef().name(), "the Pod the executor's start-up line names");
        assertEquals("etl", sig.podRef().namespace());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aCriLogPathNamesTheContainer(long chunkBytes) throws IOException {
        Read r = read(chunkBytes, "var/log/pods/etl_" + POD + "_5b0c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f/wait/0.log",
                "2025-03-02T10:11:20.118734021Z stderr F time=\"2025-03-02T10:11:20.118Z\" level=info msg=\"Main container completed\" error=\"<nil>\"",
                "2025-03-02T10:11:20.140734021Z stderr F time=\"2025-03-02T10:11:20.140Z\" level=info msg=\"Alloc=8214 TotalAlloc=19022 Sys=28310 NumGC=6 Goroutines=11\"");
        assertEquals(Map.of("wait", 2L), r.summary().otherContainers());
        assertEquals(0, r.summary().events());
        assertAccounted(r.summary());
        assertTrue(r.summary().format().startsWith("lines of other containers in CRI log file"), r.summary().format());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theControllersOwnContainerIsNoOtherContainer(long chunkBytes) throws IOException {
        Read r = read(chunkBytes, "controller.log",
                "[pod/argo-workflows-workflow-controller-6b7c9-abcde/controller] time=2025-03-02T10:11:12.120Z level=INFO msg=\"Processing workflow\" namespace=etl workflow=w",
                "[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] time=2025-03-02T10:11:12.120Z level=INFO msg=\"Processing workflow\" namespace=etl workflow=w");
        assertEquals(Map.of(), r.summary().otherContainers());
        assertEquals(2, r.summary().events());
    }
}
