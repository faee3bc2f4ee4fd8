package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.NamesakesS57BreakerTest.all;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 60 breaker (b-twins) of s60-twins' placing of waiting Workflows' exports in one cluster's view (AF014 exportView), on the
 * twin clusters of {@link TwinRunsLockS59BreakerTest} (a's holder {@code finance/ledger-close-29334000} completed 08:41:09 and kept
 * the mutex until 10:24:59; b's namesake still runs and holds b's mutex of the name).
 */
class TwinWaitExportsS60BreakerTest {
    @TempDir
    Path dir;

    private static final Path SAMPLE = Path.of("samples/lock-released-when-deleted/logs/workflow-controller.log");

    private AnalysisResult analyze(Map<String, List<String>> logs, Map<String, String> objects) throws IOException {
        return AnalyzedFiles.run(dir, new TreeMap<>(logs), new TreeMap<>(objects));
    }

    private static boolean decided(String f) {
        return f.contains("CONFIRMED") || f.contains("LIKELY");
    }

    /**
     * Attack 1 (coincident resourceVersion across clusters): DR twins, b restored from a backup of a's etcd, so both stores count
     * from the same revision and a number may be written in both. In a, a namesake {@code month-end-4vx9d} was stored Pending at
     * 09:20:00 (resourceVersion 88151380) held back by nothing a's lines name (no waiting message, no lock), and a's log says no
     * more of it. b's {@code month-end-4vx9d} waits for b's mutex (held by b's running namesake); b's log holds no line of it; its
     * export, taken at 10:00, shows resourceVersion 88151380 too and the waiting message. Nothing waited for a's lock in a's lines:
     * a wait for a's lock read from this export (a's holding likely, "month-end-4vx9d waited") would rest on a number two etcds gave.
     */
    @Test
    void aCoincidentResourceVersionOfTheOtherClustersWaiterIsNoWaitForThisClustersLock() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = new ArrayList<>();
        for (String l : TwinClustersWaitExportsTest.without(sample, "audit-export-p2n7w")) {
            boolean me = l.contains("month-end-4vx9d");
            if (!me || l.startsWith("time=\"2026-10-14T09:20:00.102Z\"") || l.startsWith("time=\"2026-10-14T09:20:00.106Z\" level=info msg=\"Updated phase")
                    || l.startsWith("time=\"2026-10-14T09:20:00.131Z\"")) {
                a.add(l);
            }
        }
        assertTrue(a.stream().anyMatch(l -> l.contains("resourceVersion=88151380 workflow=month-end-4vx9d")));
        assertTrue(a.stream().noneMatch(l -> l.contains("Waiting for") && l.contains("month-end-4vx9d")));
        List<String> b = TwinClustersWaitExportsTest.without(TwinRunsLockS59BreakerTest.clusterBStillRunning(sample), "month-end-4vx9d", "audit-export-p2n7w");
        Map<String, String> export = Map.of("month-end-4vx9d.yaml", TwinClustersWaitExportsTest.waiting("month-end-4vx9d", "88151380"));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b), export);
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().noneMatch(TwinWaitExportsS60BreakerTest::decided), () -> all(both).toString());
    }

    /**
     * Attack 2 (a waiter logged by an excerpt run apart from none): the two clusters' logs as in the s60-twins tests (neither logs a
     * waiter), plus a third file: a grep excerpt of b's controller log ({@code grep month-end}), lines of b's month-end-4vx9d alone,
     * no election line, so its run is apart from none. The export of b's month-end-4vx9d (waiting for b's mutex) is logged by that
     * run only. A run apart from none may be either cluster's: it must not place the export in a's view, nor in the view of every
     * line where a's holding is read. Broke (session 60): the export was no longer placed (exportView: a run apart from none
     * places nothing), but the excerpt's own waiting lines were waits of the view of every line, where a's holding is read: a's
     * holding LIKELY lateRelease on b's waiter. Fixed by the lead: log waits of a run apart from none, where clusters are given
     * together, are of no known cluster as such exports are (possible at most, waitsOfNoKnownCluster).
     */
    @Test
    void aWaiterLoggedOnlyByAnExcerptRunIsOfNoKnownCluster() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = TwinClustersWaitExportsTest.without(sample, "month-end-4vx9d", "audit-export-p2n7w");
        List<String> bWhole = TwinRunsLockS59BreakerTest.clusterBStillRunning(sample);
        List<String> b = TwinClustersWaitExportsTest.without(bWhole, "month-end-4vx9d", "audit-export-p2n7w");
        List<String> excerpt = bWhole.stream().filter(l -> l.contains("month-end-4vx9d")).toList();
        assertTrue(excerpt.size() > 3);
        Map<String, String> export = Map.of("month-end-4vx9d.yaml", TwinClustersWaitExportsTest.waiting("month-end-4vx9d", "88151380"));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b,
                "prod-west/grep-month-end.log", excerpt), export);
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().noneMatch(TwinWaitExportsS60BreakerTest::decided), () -> all(both).toString());
    }
}
