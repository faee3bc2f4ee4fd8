package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
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
 * Session 61: which runs are one run's log given twice ({@link RunCopies}) is derived once, from the whole input's records, and every
 * reader of the runs at once reads that one fact ({@link Correlation#runsAtOnce}). Before, it was read four ways: the table's
 * derivation from the lines kept whole (creations and cleanups, no passes), a slice's from its own Pods' lines kept whole, a group's
 * lifecycles from the group's lines (its Workflows' passes), and the rules not at all ({@code ConcurrentRuns.of(Correlation)} held
 * no lines). A grep of the controller's log for its Lease acquisition and its passes, given beside the whole log, has no creation or
 * cleanup line and no identity of its own: the rules and the table read it as another controller holding the one Lease at once (two
 * clusters), the lifecycles as the log given twice.
 */
class OneRunGivenTwiceTest {
    @TempDir
    Path dir;

    private static final Path LOG = Path.of("samples/lock-released-when-deleted/logs/workflow-controller.log");

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        return analyzeIn(dir, logs);
    }

    /** The named logs written into a fresh folder under {@code dir} and analysed together (also RunCopiesS61/S62BreakerTest's). */
    static AnalysisResult analyzeIn(Path dir, Map<String, List<String>> logs) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : new TreeMap<>(logs).entrySet()) {
            Path p = in.resolve(l.getKey());
            Files.write(p, l.getValue());
            paths.add(p.toString());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(paths);
    }

    /**
     * {@code grep -E 'acquired lease|Processing workflow.*month-end'} of the log: its Lease taken (no holder named) and the passes of
     * one Workflow (five, 09:20 to 10:25: fewer than the log's eleven, so not "the same passes at the same instants").
     */
    private static List<String> grepOf(List<String> log) {
        return log.stream().filter(l -> l.contains("acquired lease") || l.contains("Processing workflow") && l.contains("month-end")).toList();
    }

    @Test
    void aGrepOfTheLogBesideItIsTheLogGivenTwiceInEveryReading() throws IOException {
        List<String> log = Files.readAllLines(LOG);
        List<String> grep = grepOf(log);
        assertTrue(grep.size() >= 5 && grep.stream().noneMatch(l -> l.contains("Created pod") || l.contains("new leader")), grep::toString);
        AnalysisResult alone = analyze(Map.of("workflow-controller.log", log));
        AnalysisResult both = analyze(Map.of("workflow-controller.log", log, "passes.txt", grep));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(2, runs.size(), runs::toString);
        assertTrue(runs.stream().noneMatch(p -> p.replicaFrom() == ControllerProcess.ReplicaSource.QUOTE), runs::toString);
        ConcurrentRuns c = ConcurrentRuns.of(both.correlation());
        assertFalse(c.atOnce(0, 1), runs::toString);
        assertFalse(c.apart(0, 1), runs::toString);
        assertFalse(c.ownLeases(0, 1), runs::toString);
        assertTrue(c.apartFrom(0).isEmpty() && c.apartFrom(1).isEmpty(), runs::toString);
        assertTrue(c.mayShare(0, 1).isEmpty(), runs::toString);
        // nothing confirmed or likely that the log alone does not give
        List<String> sure = TwinClustersS59BreakerTest.readings(alone).stream().filter(f -> f.contains(" CONFIRMED ") || f.contains(" LIKELY ")).toList();
        assertTrue(TwinClustersS59BreakerTest.readings(both).stream().filter(f -> f.contains(" CONFIRMED ") || f.contains(" LIKELY "))
                .allMatch(sure::contains), () -> TwinClustersS59BreakerTest.readings(both) + " vs " + sure);
    }

    /** The rules' reading is the correlation's own (the lifecycles'), not one made again. */
    @Test
    void theRulesReadTheCorrelationsOwnReading() throws IOException {
        List<String> log = Files.readAllLines(LOG);
        AnalysisResult both = analyze(Map.of("workflow-controller.log", log, "passes.txt", grepOf(log)));
        assertTrue(ConcurrentRuns.of(both.correlation()) == both.correlation().runsAtOnce());
    }

    /** The fact itself: a multiset of records, nine in ten of the fewer's shared; an excerpt is a copy, two clusters sharing a few records not. */
    @Test
    void copiesAreNineInTenOfTheFewerRecords() {
        long[] whole = new long[100];
        for (int i = 0; i < whole.length; i++) {
            whole[i] = 1000 + i;
        }
        long[] excerpt = java.util.Arrays.copyOfRange(whole, 40, 60);
        long[] mostly = java.util.Arrays.copyOf(java.util.Arrays.copyOfRange(whole, 0, 18), 20);
        mostly[18] = 7;
        mostly[19] = 8; // 18 of 20 shared: nine in ten
        long[] few = java.util.Arrays.copyOf(java.util.Arrays.copyOfRange(whole, 0, 17), 20);
        few[17] = 7;
        few[18] = 8;
        few[19] = 9; // 17 of 20: not
        long[] twiceInASecond = {1000, 1000, 1001};
        RunCopies r = RunCopies.of(Map.of(0, whole, 1, excerpt, 2, mostly, 3, few, 4, twiceInASecond, 5, new long[] {1000}));
        assertTrue(r.givenTwice(0, 1) && r.givenTwice(1, 0), r::toString);
        assertTrue(r.givenTwice(0, 2), r::toString);
        assertFalse(r.givenTwice(0, 3), r::toString);
        assertFalse(r.givenTwice(1, 2), r::toString); // an excerpt of another stretch: nothing shared
        // a record written twice in one instant counts twice on each side: run 4 shares two of its three with the whole log
        assertFalse(r.givenTwice(0, 4), r::toString);
        assertTrue(r.givenTwice(4, 5) && r.givenTwice(0, 5), r::toString);
        assertFalse(r.givenTwice(0, 0));
        assertEquals(RunCopies.NONE, RunCopies.of(Map.of(0, whole)));
    }

    /** Which runs are copies is the same from the whole projection and from any cut into stretches put together (the fleet's files). */
    @Test
    void theCopiesOfStretchesPutTogetherAreTheWholes() throws IOException {
        List<String> log = Files.readAllLines(LOG);
        AnalysisResult both = analyze(Map.of("workflow-controller.log", log, "passes.txt", grepOf(log)));
        List<dev.argoforensics.event.LogEvent> lines = both.correlation().events();
        RunCopies whole = LineProjection.of(lines, java.util.Set.of(), new int[0], true).copies();
        assertEquals(List.of(RunCopies.pair(0, 1)), whole.pairs());
        for (int cut = 1; cut < lines.size(); cut += 7) {
            LineProjection u = LineProjection.union(List.of(LineProjection.of(lines.subList(0, cut), java.util.Set.of(), new int[0], true),
                    LineProjection.of(lines.subList(cut, lines.size()), java.util.Set.of(), new int[0], true)));
            assertEquals(whole, u.copies(), "cut at " + cut);
            assertEquals(whole, u.skeleton().copies(), "skeleton, cut at " + cut);
        }
    }
}
