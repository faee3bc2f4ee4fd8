package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Look-alikes of AF007's running row (ExecutionOrder#runningRow, session 45), on RunningRowTest's incident: {@code train-b} created
 * 14:05:00 (its Created pod line), its deleted version's latest transition dated 14:05:09 by the logged delay, deleted about
 * 14:23:30, gone from the informer at 14:23:33. A row says READY and STATUS of the Pod kubectl listed when it printed the row; it
 * is this Pod's only where its AGE dates the row's Pod as this one (a Pod of the same name created while this one still
 * existed is another cluster's or namespace's, one created after it left a later Pod's), and a row of a watch ({@code -w}) was
 * printed at a time nothing states (its AGE then dates nothing, KubectlPodTables#close).
 */
class RunningRowLookAlikesTest {
    private static final Path SAMPLE = Path.of("samples/datadog-csv-two-pods-deleted/logs/extract-2026-11-24T14_41_08.csv");
    private static final String POD = "reco/reco-train-8hx2v-train-b-1425607182";
    private static final String NAME = "reco-train-8hx2v-train-b-1425607182";

    @TempDir
    Path dir;

    /** RunningRowTest's logs (the sample's export with a stats ticker record after the Pod left) beside {@code table}. */
    private Finding af007(String table) throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(SAMPLE));
        int at = 0;
        while (!rows.get(at).startsWith("\"time=2026-11-24T15:24:41")) {
            at++;
        }
        rows.add(at, "\"time=2026-11-24T15:25:00.000+01:00 level=INFO msg=\"\"Alloc=9120 TotalAlloc=30422 Sys=40113 NumGC=15 Goroutines=137\"\"\","
                + "2026-11-24T14:25:00.000Z,error,gke-reco-default-pool-7c1e2a9b-m2kd,workflow-controller,workflow-controller-66d9c8f7b5-zq4mn");
        Files.write(dir.resolve("logs").resolve(SAMPLE.getFileName()), rows);
        Files.createDirectories(dir.resolve("snapshots"));
        Files.writeString(dir.resolve("snapshots/pods.txt"), table);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true))
                .run(List.of(dir.resolve("logs").toString(), dir.resolve("snapshots").toString()));
        List<Finding> f = new PodDeletedDuringExecution().evaluate(r.correlation()).findings().stream()
                .filter(x -> POD.equals(x.pod().namespace() + "/" + x.pod().name())).toList();
        return f.isEmpty() ? null : f.get(0);
    }

    private static String row(String ready, String status, String age) {
        return String.format("%s   %-7s %-11s 0          %s%n", NAME, ready, status, age);
    }

    private static final String HEADER = "NAME                                  READY   STATUS      RESTARTS   AGE\n";

    /**
     * A row of the name whose AGE (40 s at 14:23:20) dates its Pod 17 minutes after this one's Created pod, while this one still
     * existed: not this Pod (another cluster's or namespace's, a table without -n pasted from another context). Truth: the row
     * says nothing of train-b; the logs alone leave it unfound.
     */
    @Test
    void aRowWhoseAgeIsYoungerThanThePodIsNotItsRow() throws IOException {
        assertEquals(null, af007("# taken-at: 2026-11-24T14:23:20Z\n$ kubectl get pods\n" + HEADER + row("2/2", "Running", "40s")));
    }

    /**
     * kubectl get pods --watch-only begun at 14:20:00 (date's answer): it prints a row per change only, so train-b's first row is
     * Terminating at the deletion; then a later Pod of the name (argo retry, or the Workflow submitted again under its name)
     * Pending, ContainerCreating and Running 2/2. The name's last row is the later Pod's, printed after train-b left: nothing of
     * train-b. Truth: unfound, as from the logs alone.
     */
    @Test
    void aWatchsLastRowOfALaterPodOfTheNameIsNotThePods() throws IOException {
        assertEquals(null, af007("$ date -u\nTue Nov 24 14:20:00 UTC 2026\n$ kubectl get pods -n reco --watch-only\n" + HEADER
                + row("2/2", "Terminating", "18m") + row("0/2", "Pending", "0s") + row("0/2", "ContainerCreating", "1s")
                + row("2/2", "Running", "6s")));
    }

    /** The same with -w begun at 14:23:20, and with the paste's time a # taken-at comment after the watch ended. */
    @Test
    void otherWatchesSayNothingEither() throws IOException {
        assertEquals(null, af007("$ date -u\nTue Nov 24 14:23:20 UTC 2026\n$ kubectl get pods -n reco -w\n" + HEADER
                + row("0/2", "Completed", "18m") + row("0/2", "Terminating", "18m") + row("0/2", "Pending", "0s")
                + row("0/2", "ContainerCreating", "1s") + row("2/2", "Running", "6s")));
        assertEquals(null, af007("# taken-at: 2026-11-24T14:31:00Z\n$ kubectl get pods -n reco -w\n" + HEADER
                + row("0/2", "Completed", "18m") + row("0/2", "Terminating", "18m") + row("0/2", "Pending", "0s")
                + row("2/2", "Running", "6s")));
    }

    /** A Terminating row (the deletion requested) is not main running, whatever its READY. */
    @Test
    void aTerminatingRowIsNotRunning() throws IOException {
        assertEquals(null, af007("# taken-at: 2026-11-24T14:23:20Z\n$ kubectl get pods -n reco\n" + HEADER + row("2/2", "Terminating", "18m")));
    }

    /** A -A table whose row of the name is another namespace's is not this Pod's. */
    @Test
    void anotherNamespacesRowIsNotThePods() throws IOException {
        assertEquals(null, af007("# taken-at: 2026-11-24T14:23:20Z\n$ kubectl get pods -A\n"
                + "NAMESPACE      NAME                                  READY   STATUS      RESTARTS   AGE\n"
                + "reco-staging   " + row("2/2", "Running", "18m")));
    }

    /** Control: the row's AGE dates this Pod (18 min at 14:23:20: created 14:04:20 to 14:05:20): the session-45 finding stands. */
    @Test
    void aRowWhoseAgeIsThePodsStillShowsMainRunning() throws IOException {
        Finding f = af007("# taken-at: 2026-11-24T14:23:20Z\n$ kubectl get pods\n" + HEADER + row("2/2", "Running", "18m"));
        assertTrue(f != null && f.confidence() == Confidence.POSSIBLE && f.confidenceReason().contains("lists the Pod Running, READY 2/2"),
                String.valueOf(f));
    }

    /** Control: a -A table whose row is the Pod's own namespace's, AGE this Pod's: the finding stands. */
    @Test
    void theOwnNamespacesRowOfAnAllNamespacesTableStillCounts() throws IOException {
        Finding f = af007("# taken-at: 2026-11-24T14:23:20Z\n$ kubectl get pods -A\n"
                + "NAMESPACE   NAME                                  READY   STATUS      RESTARTS   AGE\n"
                + "reco        " + row("2/2", "Running", "18m"));
        assertTrue(f != null && f.confidence() == Confidence.POSSIBLE, String.valueOf(f));
    }
}
