package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.CorrelationGroup;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.Workers;
import dev.argoforensics.event.Visits;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.PastedAnswers;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.report.Report;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleVisitsLinearTest;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.timeline.TimelineBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The linearity guard of {@link RuleVisitsLinearTest} beyond the rules (issue #17): the stages after the reading, each
 * counted on its own with {@link Visits} (reads of a kept line's controller event or time; a count, not a clock): the
 * correlation's facts, the correlation, the rules together (their shared passes included), every Pod's timeline (the
 * original #17 quadratic: {@code TimelineBuilder} walked every kept line of the analysis for each Pod), and the JSON report
 * with every Pod's timeline ({@code --timelines all}) written. Each stage's visits may grow at most {@link #MARGIN} times as
 * much as its input did, on the same two directions of growth: one Workflow with ten times the lines, and ten times the
 * Workflows and Pods, each with a second controller writing about them.
 */
class StageVisitsLinearTest {
    /**
     * How many times a stage's visits per kept line may grow from the smaller input to the larger: tighter than the rules'
     * {@link RuleVisitsLinearTest#MARGIN}, since a stage is the sum of many passes and a quadratic walk added to it is a
     * smaller share of its visits at these sizes. A walk of every line for each Workflow in the correlation (the Workflows'
     * lines found by a filter of all lines, not grouped once) made it grow 17.1 times for 10: not caught at 3, caught here;
     * the stages grow 6.9 to 7.8 times for 7.5 and 9.8 to 10.0 times for 10 (their sorts included).
     */
    static final double MARGIN = 1.5;

    @TempDir
    Path dir;

    /** Each stage's visits on one input, everything on the calling thread except the reading of the logs. */
    static RuleVisitsLinearTest.Measured measure(List<String> paths) {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(1);
        Analysis analysis = Analysis.standard(options);
        InputCollector collector = new InputCollector(options.stdin());
        List<InputFile> files = collector.collect(paths);
        Analysis.Inputs inputs = Analysis.readExports(files, collector.problems(), SnapshotTimes.none());
        ExecutorService pool = LogReader.readers(1);
        LogReader.LogReading reading;
        try {
            reading = analysis.logReader().read(inputs.logFiles(), inputs.exported(), pool, inputs.summaries(), inputs.unreadable());
        } finally {
            pool.shutdownNow();
        }
        List<InputSummary> ordered = new ArrayList<>();
        inputs.files().forEach(f -> ordered.add(inputs.summaries().get(f)));
        Workers one = new Workers(1);
        Map<String, Long> visits = new LinkedHashMap<>();
        LogReader.LogReading read = reading;
        ClusterFacts facts = counted(visits, "facts", () -> Correlator.facts(read.events(), PastedAnswers.with(inputs.exported(), ordered),
                read.processes(), read.coverage(), one));
        Correlation c = counted(visits, "correlation", () -> new Correlator(one).correlate(facts, CorrelationGroup.whole(facts)));
        var outcomes = counted(visits, "rules", () -> new RuleEngine(RuleEngine.standardRules()).run(c));
        counted(visits, "timelines", () -> {
            TimelineBuilder builder = new TimelineBuilder(c);
            int entries = 0;
            for (PodHistory pod : c.pods().values()) {
                entries += builder.build(pod).entries().size();
            }
            return entries;
        });
        AnalysisResult result = new AnalysisResult(ordered, inputs.unreadable(), c, outcomes);
        Invocation invocation = new Invocation(List.of("analyze"), Timestamp.parseRfc3339("2026-12-01T00:00:00Z", null, false), true);
        counted(visits, "report", () -> {
            Report report = new ReportBuilder().build(result, TimelineScope.ALL, invocation);
            try {
                ReportFormat.JSON.renderer(false).write(report, Writer.nullWriter());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return report;
        });
        RuleVisitsLinearTest.Measured m = new RuleVisitsLinearTest.Measured(c.events().size(), c.pods().size(), visits);
        System.out.println("StageVisitsLinearTest: " + m); // the figures, for the build log
        return m;
    }

    private static <T> T counted(Map<String, Long> visits, String stage, java.util.function.Supplier<T> work) {
        Visits.Counted<T> counted = Visits.count(work);
        visits.put(stage, counted.visits());
        return counted.value();
    }

    /** Every stage read kept lines (a stage that reads none would pass whatever it did). */
    private static void everyStageRead(RuleVisitsLinearTest.Measured m) {
        m.visits().forEach((stage, n) -> assertTrue(n > m.lines(), stage + " read the kept lines: " + m));
    }

    @Test
    void aWorkflowWithTenTimesTheLines() throws IOException {
        var small = measure(RuleVisitsLinearTest.requeued(1, 30, true, dir.resolve("small")));
        var large = measure(RuleVisitsLinearTest.requeued(1, 300, true, dir.resolve("large")));
        assertTrue(large.lines() > 6 * small.lines(), "the Workflow's lines grew: " + small.lines() + " → " + large.lines());
        everyStageRead(large);
        assertEquals(List.of(), RuleVisitsLinearTest.superlinear(small, large, MARGIN));
    }

    @Test
    void tenTimesTheWorkflowsAndPods() throws IOException {
        var small = measure(RuleVisitsLinearTest.requeued(2, 30, true, dir.resolve("small")));
        var large = measure(RuleVisitsLinearTest.requeued(20, 30, true, dir.resolve("large")));
        assertEquals(10 * small.pods(), large.pods(), "every copy's Pods are Pods of their own");
        everyStageRead(large);
        assertEquals(List.of(), RuleVisitsLinearTest.superlinear(small, large, MARGIN));
    }
}
