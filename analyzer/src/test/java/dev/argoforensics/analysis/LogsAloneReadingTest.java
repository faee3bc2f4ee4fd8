package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the selective reading keeps when a log is all there is, and what the rules are told the
 * inputs held: the lines read, not only the lines kept.
 */
class LogsAloneReadingTest {
    @TempDir
    Path dir;

    private AnalysisResult selective(long chunkBytes, String... lines) throws IOException {
        Path p = dir.resolve("workflow-controller.log");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2).withChunkBytes(chunkBytes)).run(List.of(p.toString()));
    }

    private static Set<String> workflowsKept(AnalysisResult r) {
        return r.correlation().events().stream().map(LogEvent::event).flatMap(e -> e.workflow().stream()).map(Object::toString)
                .collect(Collectors.toSet());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 20, 64})
    void aWarningAboutAWorkflowKeepsItsLinesWhateverTheMessage(long chunkBytes) throws IOException {
        AnalysisResult r = selective(chunkBytes,
                "time=\"2026-09-19T10:00:00.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=100 namespace=argo workflow=quiet-wf",
                "time=\"2026-09-19T10:00:01.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=200 namespace=argo workflow=noisy-wf",
                "time=\"2026-09-19T10:00:01.200Z\" level=warning msg=\"Some condition this release warns about\" namespace=argo workflow=noisy-wf",
                "time=\"2026-09-19T10:00:02.000Z\" level=info msg=\"Workflow update successful\" namespace=argo phase=Running resourceVersion=201 workflow=noisy-wf");
        assertEquals(Set.of("argo/noisy-wf"), workflowsKept(r), "the warned-about Workflow's lines are kept, the quiet one's are only counted");
        assertEquals(3, r.correlation().events().size());
        assertEquals(4, r.inputs().get(0).events(), "every record is still accounted for");
    }

    @Test
    void anErrorInLogrusTtyOrSlogJsonKeepsItsWorkflowToo() throws IOException {
        AnalysisResult r = selective(1 << 20,
                "INFO[2026-09-19T10:00:00.000Z] Processing workflow                           namespace=argo workflow=tty-wf",
                "ERRO[2026-09-19T10:00:00.100Z] Some failure this release logs                 namespace=argo workflow=tty-wf",
                "{\"time\":\"2026-09-19T10:00:01.000Z\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"workflow\":\"json-wf\",\"namespace\":\"argo\"}",
                "{\"time\":\"2026-09-19T10:00:01.100Z\",\"level\":\"ERROR\",\"msg\":\"Some failure\",\"workflow\":\"json-wf\",\"namespace\":\"argo\"}",
                "{\"time\":\"2026-09-19T10:00:02.000Z\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"workflow\":\"other-wf\",\"namespace\":\"argo\"}");
        assertEquals(Set.of("argo/tty-wf", "argo/json-wf"), workflowsKept(r));
    }

    @Test
    void informerLinesReadButNotKeptStillCountAsPodControllerLines() throws IOException {
        AnalysisResult r = selective(1 << 20,
                "time=2026-09-19T10:00:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 defaultRequeueTime=10s",
                "time=2026-09-19T10:00:01.000Z level=INFO msg=\"Processing workflow\" workflow=hello namespace=argo phase=Running resourceVersion=1",
                "time=2026-09-19T10:00:01.100Z level=INFO msg=\"update pod event\" component=pod_informer namespace=argo podName=hello-main-1");
        assertTrue(r.correlation().events().stream().noneMatch(e -> e.event().pod().isPresent()), "nothing made the Pod of interest");
        assertTrue(r.correlation().available().contains(EvidenceKind.CONTROLLER_LOG));
        assertTrue(r.correlation().available().contains(EvidenceKind.POD_CONTROLLER_LINES),
                "the inputs held pod-controller lines: a rule must not say they lacked them");
        for (RuleOutcome o : r.outcomes()) {
            assertFalse(o.missing().stream().anyMatch(m -> m.contains("workflow-controller log lines") || m.contains("pod-controller")),
                    o.rule() + " claims missing log lines that were read: " + o.missing());
        }
    }

    @Test
    void aLogOfNothingButOrdinaryLinesIsStillAControllerLog() throws IOException {
        AnalysisResult r = selective(1 << 20,
                "time=\"2026-09-19T10:00:00.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=100 namespace=argo workflow=a",
                "time=\"2026-09-19T10:00:01.000Z\" level=info msg=\"Workflow update successful\" namespace=argo phase=Running resourceVersion=101 workflow=a");
        assertTrue(r.correlation().events().isEmpty(), "nothing of interest");
        assertTrue(r.correlation().available().contains(EvidenceKind.CONTROLLER_LOG));
        assertFalse(r.correlation().available().contains(EvidenceKind.POD_CONTROLLER_LINES));
    }
}
