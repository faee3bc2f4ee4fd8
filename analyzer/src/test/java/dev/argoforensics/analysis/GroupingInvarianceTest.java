package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Correlation and rules in groups ({@link GroupedAnalysis}) reach what the whole input reaches: the same findings,
 * clearances, missing and lacking evidence per rule, and the same per-input accounting, whether the groups are the whole
 * input, one per component (a Workflow name with its Pods, or what a lock or contention binds), or components dealt at
 * random into 2 or 7 buckets. Within a rule, findings come group by group: they are compared as sorted lists.
 */
class GroupingInvarianceTest {
    private static final long SEED = 19;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleReachesTheSameOutcomesInAnyGrouping() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> assertInvariant(SampleFiles.inputs(c), false)));
    }

    @TestFactory
    Stream<DynamicTest> judgmentCorporaReachTheSameOutcomesInAnyGrouping() {
        return Stream.of(1L, 2L, 3L).map(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> assertInvariant(JudgmentCorpora.small(seed, dir.resolve("seed-" + seed)), true)));
    }

    private static void assertInvariant(List<String> paths, boolean busy) {
        Analysis analysis = Analysis.standard(AnalysisOptions.defaults().withThreads(1));
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(paths);
        Analysis.Inputs inputs = Analysis.readExports(files, collector.problems(), SnapshotTimes.none());
        LogReader.LogReading reading = read(analysis, inputs);
        AnalysisResult whole = analysis.conclude(inputs, reading);
        Grouping grouping = Grouping.of(Correlator.facts(reading.events(), inputs.exported(), reading.processes(), reading.coverage()),
                new RuleBindings());
        if (busy) {
            assertTrue(grouping.size() > 20, "a busy corpus falls into many groups: " + grouping.size());
            assertTrue(whole.outcomes().stream().mapToInt(o -> o.findings().size()).sum() > 0, "the corpus has findings to compare");
        }
        Map<String, GroupedAnalysis.Split> splits = Map.of("whole", GroupedAnalysis.Split.whole(), "each", GroupedAnalysis.Split.each(),
                "2 buckets", GroupedAnalysis.Split.buckets(2, SEED), "7 buckets", GroupedAnalysis.Split.buckets(7, SEED));
        // Through the byte form too, in the 7 buckets: as the fleet scan sends each group.
        splits.forEach((name, split) -> assertSame(whole, analysis.concludeInGroups(inputs, reading, split, GroupedAnalysis.DEFAULT_BOUND,
                name.equals("7 buckets")), name));
    }

    /** The logs read as {@code analyze} reads them, on one reading thread. */
    private static LogReader.LogReading read(Analysis analysis, Analysis.Inputs inputs) {
        ExecutorService pool = LogReader.readers(1);
        try {
            return analysis.logReader().read(inputs.logFiles(), inputs.exported(), pool, inputs.summaries(), inputs.unreadable());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A bound under a group's lines: the group keeps its first lines, the cut is a problem of the result (the per-input
     * accounting's place for what was not read), and each finding of the cut group says in its reason what was left out.
     */
    @org.junit.jupiter.api.Test
    void aGroupPastTheBoundIsCutAndSaysSo() throws IOException {
        Analysis analysis = Analysis.standard(AnalysisOptions.defaults().withThreads(1));
        List<String> paths = SampleFiles.inputs(Path.of("samples", "issue-17024"));
        InputCollector collector = new InputCollector();
        Analysis.Inputs inputs = Analysis.readExports(collector.collect(paths), collector.problems(), SnapshotTimes.none());
        LogReader.LogReading reading = read(analysis, inputs);
        AnalysisResult whole = analysis.conclude(inputs, reading);
        assertTrue(whole.outcomes().stream().anyMatch(o -> o.rule().equals("AF001") && !o.findings().isEmpty()), "the sample's race is found");
        AnalysisResult generous = analysis.concludeInGroups(inputs, reading, GroupedAnalysis.Split.each(), GroupedAnalysis.DEFAULT_BOUND, true);
        assertEquals(whole.unreadable(), generous.unreadable(), "no group of the sample comes near the default bound");

        AnalysisResult cut = analysis.concludeInGroups(inputs, reading, GroupedAnalysis.Split.each(), 3, true);
        List<String> cuts = cut.unreadable().stream().filter(u -> u.reason().contains("left out by the bound")).map(u -> u.reason()).toList();
        assertFalse(cuts.isEmpty(), "a group of more than 3 lines is cut: " + cut.unreadable());
        assertTrue(cuts.stream().allMatch(r -> r.matches("group [wp#].* its first 3 of \\d+ lines correlated, \\d+ left out by the bound")), cuts.toString());
        List<Finding> findings = cut.outcomes().stream().flatMap(o -> o.findings().stream()).toList();
        assertTrue(findings.stream().anyMatch(f -> f.confidenceReason().contains("went past the bound of 3 lines per group")),
                "the cut group's findings say what was left out: " + findings.stream().map(Finding::confidenceReason).toList());
    }

    private static void assertSame(AnalysisResult expected, AnalysisResult actual, String split) {
        assertEquals(expected.unreadable(), actual.unreadable(), split);
        assertEquals(expected.inputs(), actual.inputs(), split + ": per-input accounting");
        assertEquals(expected.outcomes().size(), actual.outcomes().size(), split);
        for (int i = 0; i < expected.outcomes().size(); i++) {
            RuleOutcome e = expected.outcomes().get(i);
            RuleOutcome a = actual.outcomes().get(i);
            String what = split + ", " + e.rule();
            assertEquals(e.rule(), a.rule(), split);
            assertEquals(e.evaluated(), a.evaluated(), what);
            assertEquals(e.missing(), a.missing(), what);
            assertEquals(e.lackingOptional(), a.lackingOptional(), what);
            assertEquals(e.findings().stream().map(Finding::toString).sorted().toList(),
                    a.findings().stream().map(Finding::toString).sorted().toList(), what + " findings");
            assertEquals(e.cleared().stream().map(Clearance::toString).sorted().toList(),
                    a.cleared().stream().map(Clearance::toString).sorted().toList(), what + " clearances");
        }
    }
}
