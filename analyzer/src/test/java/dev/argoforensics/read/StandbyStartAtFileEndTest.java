package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 50: one file holding the tail of a leading process's log (its work, nothing of its election) and, at the file's end, a new
 * process's start-up lines: a standby that started and polls the Lease ({@code attempting to acquire leader lease}, {@code new leader}
 * naming the holder) and had not taken it when the log was copied. A process logs its election start once, at its start, and with
 * election on logs no Workflow work before it holds the Lease, so the start after the tail's work is another process's
 * ({@link FileRuns}). Until now the start was held until the lines after it said whose it was, and at the file's end it joined the
 * old piece: the old process seemed to log on until the standby's last line. Now the file's end opens a new piece with it.
 *
 * <p>Formats: v3.6 (logrus text, client-go's klog), v3.7 with {@code --log-format=json} (logrus JSON, klog as it is), v4.0 (slog,
 * client-go's words through Argo's logger) and v4.1 (slog, client-go v0.35's words with {@code lock}). Controls: the leader's work
 * after the start (a merged stream), one process from its start ending in a {@code new leader} line, the same log asked for again
 * after a prompt, and a rotated set whose newer piece goes on with the standby's acquisition. Each read whole and in 40-byte
 * chunks, keeping every line and selectively.
 */
class StandbyStartAtFileEndTest {
    private static final String HOLDER = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String NEW = "workflow-controller-5f6b7d9c8-qz4tn";

    @TempDir
    Path dir;

    /** A format's lines: the tail's two passes and the leader's update, the standby's start and its {@code new leader} line. */
    private record Format(List<String> tail, List<String> standby, String tailLast, String standbyFirst) {
    }

    private static Format format(String name) {
        return switch (name) {
            case "v3.6" -> new Format(List.of(
                    "time=\"2026-11-12T14:03:10.526Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=4418826 namespace=invoicing workflow=invoice-batch-k2w9d",
                    "time=\"2026-11-12T14:03:10.534Z\" level=info msg=\"Workflow update successful\" namespace=invoicing phase=Running resourceVersion=4418851 workflow=invoice-batch-k2w9d",
                    "time=\"2026-11-12T14:03:20.534Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=4418851 namespace=invoicing workflow=invoice-batch-k2w9d",
                    "time=\"2026-11-12T14:03:20.541Z\" level=info msg=\"Workflow step group node invoice-batch-k2w9d-2525875895 not yet completed\" namespace=invoicing workflow=invoice-batch-k2w9d"),
                    List.of("I1112 14:07:05.311482       1 leaderelection.go:250] attempting to acquire leader lease argo/workflow-controller...",
                            "time=\"2026-11-12T14:07:05.331Z\" level=info msg=\"new leader\" leader=" + HOLDER),
                    "2026-11-12T14:03:20.541Z", "2026-11-12T14:07:05.311482Z");
            case "v3.7-json" -> new Format(List.of(
                    "{\"Phase\":\"Running\",\"ResourceVersion\":\"4418826\",\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"invoicing\",\"time\":\"2026-11-12T14:03:10.526Z\",\"workflow\":\"invoice-batch-k2w9d\"}",
                    "{\"level\":\"info\",\"msg\":\"Workflow update successful\",\"namespace\":\"invoicing\",\"phase\":\"Running\",\"resourceVersion\":\"4418851\",\"time\":\"2026-11-12T14:03:10.534Z\",\"workflow\":\"invoice-batch-k2w9d\"}",
                    "{\"Phase\":\"Running\",\"ResourceVersion\":\"4418851\",\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"invoicing\",\"time\":\"2026-11-12T14:03:20.534Z\",\"workflow\":\"invoice-batch-k2w9d\"}",
                    "{\"level\":\"info\",\"msg\":\"Workflow update successful\",\"namespace\":\"invoicing\",\"phase\":\"Running\",\"resourceVersion\":\"4418860\",\"time\":\"2026-11-12T14:03:20.541Z\",\"workflow\":\"invoice-batch-k2w9d\"}"),
                    List.of("I1112 14:07:05.311482       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
                            "{\"leader\":\"" + HOLDER + "\",\"level\":\"info\",\"msg\":\"new leader\",\"time\":\"2026-11-12T14:07:05.331Z\"}"),
                    "2026-11-12T14:03:20.541Z", "2026-11-12T14:07:05.311482Z");
            case "v4.0" -> new Format(v4Tail(),
                    List.of("time=2026-11-12T14:07:05.311Z level=INFO msg=\"attempting to acquire leader lease argo/workflow-controller...\"",
                            "time=2026-11-12T14:07:05.331Z level=INFO msg=\"new leader\" leader=" + HOLDER),
                    "2026-11-12T14:03:20.541Z", "2026-11-12T14:07:05.311Z");
            case "v4.1" -> new Format(v4Tail(),
                    List.of("time=2026-11-12T14:07:05.311Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=argo/workflow-controller",
                            "time=2026-11-12T14:07:05.331Z level=INFO msg=\"new leader\" leader=" + HOLDER),
                    "2026-11-12T14:03:20.541Z", "2026-11-12T14:07:05.311Z");
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static List<String> v4Tail() {
        return List.of(
                "time=2026-11-12T14:03:10.526Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418826",
                "time=2026-11-12T14:03:10.534Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418851",
                "time=2026-11-12T14:03:20.534Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418851",
                "time=2026-11-12T14:03:20.541Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418860");
    }

    private List<ControllerProcess> runs(long chunkBytes, boolean keep, List<String> lines) throws IOException {
        return OneFileTwoProcessesTest.runs(dir, chunkBytes, keep, lines);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    /** The standby's start at the file's end is its own run: the old run ends with its own last line, the standby's stands by. */
    @ParameterizedTest
    @CsvSource({"v3.6,16777216,true", "v3.6,40,false", "v3.7-json,16777216,false", "v3.7-json,40,true", "v4.0,16777216,true",
            "v4.0,40,false", "v4.1,16777216,false", "v4.1,40,true"})
    void aStandbysStartAtTheFileEndIsItsOwnRun(String name, long chunkBytes, boolean keep) throws IOException {
        Format f = format(name);
        List<ControllerProcess> runs = runs(chunkBytes, keep, concat(f.tail(), f.standby()));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(f.tailLast(), runs.get(0).last().format(), "the old run ends with its own last line: " + runs);
        assertEquals(2, runs.get(0).work().processed(), runs.toString());
        assertEquals(f.standbyFirst(), runs.get(1).first().format(), runs.toString());
        assertEquals(Leadership.STANDBY, runs.get(1).leadership(), runs.toString());
        assertEquals(0, runs.get(1).work().processed(), runs.toString());
    }

    /**
     * A standby polling for long: a {@code healthz: current pod is not the leader} line at every liveness probe (one a minute, 100
     * of them). Its own election lines are not counted against the hold's cap ({@link FileRuns#HOLD_AT_MOST}): still its own run.
     * Control: 65 other lines (a stats ticker's, which a merged leader logs too) after the start end the hold in the old run.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aStandbyPollingForLongIsStillItsOwnRun(long chunkBytes, boolean keep) throws IOException {
        Format f = format("v4.1");
        List<String> lines = concat(f.tail(), f.standby());
        java.time.Instant t = java.time.Instant.parse("2026-11-12T14:08:05.000Z");
        for (int i = 0; i < 100; i++) {
            lines.add("time=" + t.plusSeconds(60L * i) + " level=INFO msg=\"healthz: current pod is not the leader\"");
        }
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(f.tailLast(), runs.get(0).last().format(), runs.toString());
        assertEquals(Leadership.STANDBY, runs.get(1).leadership(), runs.toString());

        List<String> stats = concat(f.tail(), f.standby());
        for (int i = 0; i <= FileRuns.HOLD_AT_MOST; i++) {
            stats.add("time=\"" + t.plusSeconds(300L * i) + "\" level=info msg=\"Alloc=10482 TotalAlloc=88310 Sys=40273 NumGC=31 Goroutines=187\"");
        }
        assertEquals(1, runs(chunkBytes, keep, stats).size());
    }

    /** Control: the leader's work after the start (two replicas merged with no name on the lines): one run, as before. */
    @ParameterizedTest
    @CsvSource({"v3.6,16777216,true", "v3.7-json,40,false", "v4.1,40,true"})
    void theLeadersWorkAfterTheStartKeepsItInTheLeadersRun(String name, long chunkBytes, boolean keep) throws IOException {
        Format f = format(name);
        List<String> lines = concat(f.tail().subList(0, 2), f.standby());
        lines.addAll(f.tail().subList(2, 4).stream().map(l -> l.replace("14:03:20.5", "14:07:20.5")).toList());
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(2, runs.get(0).work().processed(), runs.toString());
    }

    /**
     * Control: one process from its start (its election before its work), its file ending in a {@code new leader} line naming
     * another replica: no election start after the work, one run.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void oneProcessFromItsStartEndingInANewLeaderLineIsOneRun(long chunkBytes, boolean keep) throws IOException {
        Format f = format("v4.1");
        List<String> lines = new ArrayList<>(List.of(
                "time=2026-11-12T14:00:00.000Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=argo/workflow-controller",
                "time=2026-11-12T14:00:00.020Z level=INFO msg=\"Successfully acquired lease\" lock=argo/workflow-controller",
                "time=2026-11-12T14:00:00.020Z level=INFO msg=\"new leader\" leader=" + HOLDER,
                "time=2026-11-12T14:00:00.030Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s"));
        lines.addAll(f.tail());
        lines.add("time=2026-11-12T14:07:05.331Z level=INFO msg=\"new leader\" leader=" + NEW);
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
    }

    /** Control: the same log asked for again after a prompt, no election start after it, the file ending there: one run. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void theSameLogAskedForAgainAtTheFileEndIsOneRun(long chunkBytes, boolean keep) throws IOException {
        Format f = format("v3.6");
        List<String> lines = new ArrayList<>(f.tail());
        lines.add("$ kubectl -n argo logs --tail=2 " + HOLDER);
        lines.addAll(f.tail().subList(2, 4));
        assertEquals(1, runs(chunkBytes, keep, lines).size());
    }

    /**
     * A rotated set: the older piece ends with the standby's start, the newer one holds its acquisition, banner and work. The new
     * process's run begins at its start, in the older piece, and the newer piece continues it (before: one run, the old tail's).
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aStandbysStartEndingARotatedPieceBeginsTheRunTheNextPieceContinues(long chunkBytes, boolean keep) throws IOException {
        Format f = format("v4.1");
        Path logs = Files.createDirectories(dir.resolve("rotated"));
        Files.writeString(logs.resolve("workflow-controller.log.1"), String.join("\n", concat(f.tail(), f.standby())) + "\n",
                StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("workflow-controller.log"), String.join("\n", List.of(
                "time=2026-11-12T14:07:31.002Z level=INFO msg=\"Successfully acquired lease\" lock=argo/workflow-controller",
                "time=2026-11-12T14:07:31.002Z level=INFO msg=\"new leader\" leader=" + NEW,
                "time=2026-11-12T14:07:31.010Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s",
                "time=2026-11-12T14:07:32.534Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418860"))
                + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).keepingEverything(keep).withChunkBytes(chunkBytes);
        List<ControllerProcess> runs = Analysis.standard(options).run(List.of(logs.toString())).correlation().processes();
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(f.tailLast(), runs.get(0).last().format(), runs.toString());
        assertEquals(f.standbyFirst(), runs.get(1).first().format(), runs.toString());
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
        assertEquals(Leadership.LEADER, runs.get(1).leadership(), runs.toString());
        assertEquals(1, runs.get(1).work().processed(), runs.toString());
    }
}
