package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.Correlation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF007 from a pasted {@code kubectl get pods} row (session 44's datadog-csv-two-pods-deleted, its controller lines and a stats line):
 * {@code train-b} listed {@code Running 2/2} at 14:23:20 (stated), deleted 10 s later; the controller's first sight of the deletion
 * logs {@code delay=-16m21.6s}, dating the deleted Pod's latest condition transition to 14:05:09, and sees the Pod no more until it
 * leaves. Every container was ready at 14:23:20; main's end would have turned ContainersReady False after that, a transition the
 * deleted version would date: main still ran at the deletion. A row is READY and STATUS at the table's time, nothing more. Weak
 * (a stated clock, the controller's silence) and the node's end from the lines only: possible, no longer left unfound.
 */
class RunningRowTest {
    private static final Path SAMPLE = Path.of("samples/datadog-csv-two-pods-deleted/logs/extract-2026-11-24T14_41_08.csv");
    private static final String POD = "reco/reco-train-8hx2v-train-b-1425607182";

    @TempDir
    Path dir;

    private Evaluation af007(String takenAt, String ready, String status, String age) throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        // The export as the sample has it, plus the stats ticker's line at 14:25:00 (newest first: before the 14:24:41 row): the
        // controller's log then reads whole after the Pod left, so its silence from the deletion to the Pod leaving counts.
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(SAMPLE));
        int at = 0;
        while (!rows.get(at).startsWith("\"time=2026-11-24T15:24:41")) {
            at++;
        }
        rows.add(at, "\"time=2026-11-24T15:25:00.000+01:00 level=INFO msg=\"\"Alloc=9120 TotalAlloc=30422 Sys=40113 NumGC=15 Goroutines=137\"\"\","
                + "2026-11-24T14:25:00.000Z,error,gke-reco-default-pool-7c1e2a9b-m2kd,workflow-controller,workflow-controller-66d9c8f7b5-zq4mn");
        Files.write(dir.resolve("logs").resolve(SAMPLE.getFileName()), rows);
        Files.createDirectories(dir.resolve("snapshots"));
        Files.writeString(dir.resolve("snapshots/pods.txt"), "# taken-at: " + takenAt + "\n"
                + "$ kubectl get pods -n reco -l workflows.argoproj.io/workflow=reco-train-8hx2v\n"
                + "NAME                                  READY   STATUS      RESTARTS   AGE\n"
                + String.format("reco-train-8hx2v-train-b-1425607182   %-7s %-11s 0          %s%n", ready, status, age));
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true))
                .run(List.of(dir.resolve("logs").toString(), dir.resolve("snapshots").toString()));
        Correlation c = r.correlation();
        return new PodDeletedDuringExecution().evaluate(c);
    }

    private static Finding of(Evaluation e) {
        List<Finding> f = e.findings().stream().filter(x -> POD.equals(x.pod().namespace() + "/" + x.pod().name())).toList();
        return f.isEmpty() ? null : f.get(0);
    }

    @Test
    void aRunningRowAfterTheDatedTransitionShowsMainRunningAtTheDeletion() throws IOException {
        Finding f = of(af007("2026-11-24T14:23:20Z", "2/2", "Running", "18m"));
        assertTrue(f != null, "AF007 for train-b");
        // Possible, as every weak order beside a node's end only the controller's lines give (an exported Workflow makes it likely).
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().startsWith("only a record dated by an export's stated time")
                && f.confidenceReason().contains("lists the Pod Running, READY 2/2"), f.confidenceReason());
    }

    /**
     * Control: the sample's export as it is holds no nameless record after the Pod left, so the controller's silence up to then
     * is not shown (an excerpt would read the same): the row alone does not decide it.
     */
    @Test
    void theRowNeedsTheControllersSilenceShown() throws IOException {
        Files.createDirectories(dir.resolve("plain/logs"));
        Files.createDirectories(dir.resolve("plain/snapshots"));
        Files.copy(SAMPLE, dir.resolve("plain/logs").resolve(SAMPLE.getFileName()));
        Files.copy(Path.of("samples/datadog-csv-two-pods-deleted/snapshots/pods-before-delete.txt"), dir.resolve("plain/snapshots/pods.txt"));
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true))
                .run(List.of(dir.resolve("plain/logs").toString(), dir.resolve("plain/snapshots").toString()));
        assertEquals(null, of(new PodDeletedDuringExecution().evaluate(r.correlation())));
    }

    /** Control: READY 1/2, a container not ready: the row does not say main ran. */
    @Test
    void notEveryContainerReadyDecidesNothing() throws IOException {
        assertEquals(null, of(af007("2026-11-24T14:23:20Z", "1/2", "Running", "18m")));
    }

    /** Control: the table's stated time within a minute of the dated transition: the user's clock may put it before. */
    @Test
    void aTableWithinTheStatedClocksMarginOfTheTransitionDecidesNothing() throws IOException {
        assertEquals(null, of(af007("2026-11-24T14:05:40Z", "2/2", "Running", "40s")));
    }

    /** Control: the Pod listed Completed decides nothing for AF007 (it is AF001's question). */
    @Test
    void aCompletedRowIsNotRunning() throws IOException {
        assertEquals(null, of(af007("2026-11-24T14:23:20Z", "0/2", "Completed", "18m")));
    }
}
