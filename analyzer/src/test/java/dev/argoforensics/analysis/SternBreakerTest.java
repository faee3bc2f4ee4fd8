package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * s50 breaker on the stern -A prefix: a Workflow's Pod is named as a Deployment's Pod is where the Workflow runs one Pod (the Pod
 * takes the Workflow's generated name, a five-character suffix). Its wait container's executor lines (logrus text, as the
 * controller's) and its main container's output, mixed into stern -A with the controller's lines, must open no controller run.
 */
class SternBreakerTest {
    private static final String A = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String WF_POD = "nightly-report-x7k2p";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aWorkflowPodNamedLikeADeploymentsPodOpensNoControllerRun(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ stern -A --timestamps .",
                "+ argo " + A + " › workflow-controller",
                "+ reports " + WF_POD + " › wait",
                "+ reports " + WF_POD + " › main"));
        lines.add("argo " + A + " workflow-controller 2026-10-21T10:02:01.104000000Z time=\"2026-10-21T10:02:01.104Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=51120 namespace=reports workflow=nightly-report-x7k2p");
        lines.add("reports " + WF_POD + " wait 2026-10-21T10:02:02.001000000Z time=\"2026-10-21T10:02:02.001Z\" level=info msg=\"Starting Workflow Executor\" version=v3.7.6");
        lines.add("reports " + WF_POD + " wait 2026-10-21T10:02:02.010000000Z time=\"2026-10-21T10:02:02.010Z\" level=info msg=\"Executor initialized\" deadline=\"0001-01-01 00:00:00 +0000 UTC\" namespace=reports podName=nightly-report-x7k2p template=\"{\\\"name\\\":\\\"main\\\"}\"");
        lines.add("reports " + WF_POD + " main 2026-10-21T10:02:03.000000000Z rows written: 1200");
        lines.add("reports " + WF_POD + " wait 2026-10-21T10:02:04.500000000Z time=\"2026-10-21T10:02:04.500Z\" level=info msg=\"Main container completed\" error=\"<nil>\"");
        lines.add("argo " + A + " workflow-controller 2026-10-21T10:02:05.119000000Z time=\"2026-10-21T10:02:05.119Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=51131 workflow=nightly-report-x7k2p");
        AnalysisResult result = PastedRead.read(dir, chunkBytes, "stern-mixed.log", lines).result();
        List<ControllerProcess> runs = result.correlation().processes();
        assertEquals(List.of(A), runs.stream().map(ControllerProcess::replica).toList(), runs.toString());
    }

    /**
     * A Markdown reply quoting the controller's log (every line "> ") right under a pasted command that ends in a pipe: the quoted
     * records are the log, not the shell's PS2 (a record is no command text). All three are read as the controller's.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aQuotedLogUnderACommandEndingInAPipeKeepsItsFirstRecord(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs " + A + " | grep nightly-report |"));
        lines.add("> time=\"2026-10-21T10:02:01.104Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=51120 namespace=reports workflow=nightly-report-x7k2p");
        lines.add("> time=\"2026-10-21T10:02:01.119Z\" level=info msg=\"Workflow step group node nightly-report-x7k2p-2231904418 not yet completed\" namespace=reports workflow=nightly-report-x7k2p");
        lines.add("> time=\"2026-10-21T10:02:01.140Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=51131 workflow=nightly-report-x7k2p");
        AnalysisResult result = PastedRead.read(dir, chunkBytes, "quoted.log", lines).result();
        assertEquals(3, result.inputs().get(0).events(), result.inputs().get(0).toString());
    }

    /**
     * The current container's tail pasted above kubectl logs -p, where the container came round inside one second: the previous run's
     * last record and the current run's first share their second (and the same millisecond). Two runs; the previous one is first.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aRestartInsideOneMillisecondStillNumbersThePreviousRunFirst(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs --tail=2 " + A));
        lines.add("time=\"2026-10-21T10:02:01.104Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6");
        lines.add("time=\"2026-10-21T10:02:01.140Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=51131 workflow=nightly-report-x7k2p");
        lines.add("$ kubectl -n argo logs -p " + A);
        lines.add("time=\"2026-10-21T09:40:00.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=51120 namespace=reports workflow=nightly-report-x7k2p");
        lines.add("time=\"2026-10-21T10:02:01.104Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running resourceVersion=51121 workflow=nightly-report-x7k2p");
        AnalysisResult result = PastedRead.read(dir, chunkBytes, "touching.log", lines).result();
        List<ControllerProcess> runs = result.correlation().processes().stream()
                .sorted(java.util.Comparator.comparingInt(ControllerProcess::incarnation)).toList();
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-10-21T09:40:00Z", runs.get(0).first().format().replace(".000Z", "Z"), runs.toString());
    }
}
