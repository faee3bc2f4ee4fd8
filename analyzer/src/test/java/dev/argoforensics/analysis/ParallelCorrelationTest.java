package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.CorrelationGroup;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.Workers;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The correlation's independent work on the worker threads gives what one thread gives: the lines' projection made in
 * stretches on several threads and put together ({@link Correlator#facts} with workers: stretches of a few lines here, so
 * that every sample is cut into many), each Workflow's history, each Pod's history and each Workflow's node index made on
 * the workers. The facts, every history, lifecycle and fate, and each rule's findings and clearances in their order
 * must be the same as on one thread, on every sample and on judgment seeds 1-2.
 */
class ParallelCorrelationTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleCorrelatesOnSeveralThreadsAsOnOne() throws java.io.IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> assertSameOnThreads(SampleFiles.inputs(c), false)));
    }

    @TestFactory
    Stream<DynamicTest> judgmentCorporaCorrelateOnSeveralThreadsAsOnOne() {
        return Stream.of(1L, 2L).map(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> assertSameOnThreads(JudgmentCorpora.small(seed, dir.resolve("seed-" + seed)), true)));
    }

    private static void assertSameOnThreads(List<String> paths, boolean busy) {
        Analysis analysis = Analysis.standard(AnalysisOptions.defaults().withThreads(1));
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(paths);
        Analysis.Inputs inputs = Analysis.readExports(files, collector.problems(), SnapshotTimes.none());
        LogReader.LogReading reading = read(analysis, inputs);

        ClusterFacts one = Correlator.facts(reading.events(), inputs.exported(), reading.processes(), reading.coverage());
        ClusterFacts many = Correlator.facts(reading.events(), inputs.exported(), reading.processes(), reading.coverage(), new Workers(5), 3);
        assertEquals(one.events(), many.events(), "the lines as correlated");
        assertEquals(one.podKeys(), many.podKeys());
        for (PodKey key : one.podKeys()) {
            assertEquals(one.link(key), many.link(key), "the link of " + key);
            assertEquals(one.podSnapshots(key), many.podSnapshots(key), "the exports of " + key);
        }
        for (int i = 0; i < one.events().size(); i++) {
            assertEquals(one.podOf(one.events().get(i)), many.podOf(many.events().get(i)), "the Pod of line " + i);
        }
        assertEquals(one.namespacesByPod(), many.namespacesByPod());
        assertEquals(one.objects(), many.objects());
        assertEquals(one.clocks(), many.clocks());
        assertEquals(one.available(), many.available());
        assertEquals(one.exportedWorkflows(), many.exportedWorkflows());

        Correlation c1 = new Correlator(new Workers(1)).correlate(one, CorrelationGroup.whole(one));
        Correlation cn = new Correlator(new Workers(3)).correlate(many, CorrelationGroup.whole(many));
        assertEquals(List.copyOf(c1.pods().entrySet()), List.copyOf(cn.pods().entrySet()), "every Pod's history, in order");
        assertEquals(List.copyOf(c1.workflows().entrySet()), List.copyOf(cn.workflows().entrySet()), "every Workflow's history, in order");
        assertEquals(List.copyOf(c1.lifecycles().entrySet()), List.copyOf(cn.lifecycles().entrySet()), "every Pod's lifecycle");
        assertEquals(List.copyOf(c1.fates().entrySet()), List.copyOf(cn.fates().entrySet()), "every Workflow's fate");
        for (Map.Entry<PodKey, dev.argoforensics.correlate.PodHistory> e : c1.pods().entrySet()) {
            dev.argoforensics.correlate.NodeLink link = e.getValue().link();
            if (link != null) {
                assertEquals(c1.nodes().of(link), cn.nodes().of(link), "the node index: the lines of " + e.getKey() + "'s node");
                assertEquals(c1.nodes().about(link), cn.nodes().about(link), "the node index: the lines about " + e.getKey() + "'s node");
            }
        }

        List<RuleOutcome> r1 = new RuleEngine(RuleEngine.standardRules()).run(c1);
        List<RuleOutcome> rn = new RuleEngine(RuleEngine.standardRules()).run(cn);
        assertEquals(r1.size(), rn.size());
        int findings = 0;
        for (int i = 0; i < r1.size(); i++) {
            assertEquals(r1.get(i).rule(), rn.get(i).rule());
            assertEquals(r1.get(i).missing(), rn.get(i).missing(), r1.get(i).rule());
            assertEquals(r1.get(i).lackingOptional(), rn.get(i).lackingOptional(), r1.get(i).rule());
            assertEquals(strings(r1.get(i).findings()), strings(rn.get(i).findings()), r1.get(i).rule() + " findings, in order");
            assertEquals(r1.get(i).cleared().stream().map(Clearance::toString).toList(), rn.get(i).cleared().stream().map(Clearance::toString).toList(),
                    r1.get(i).rule() + " clearances, in order");
            findings += r1.get(i).findings().size();
        }
        if (busy) {
            assertTrue(reading.events().size() > 1000 && c1.pods().size() > 50 && findings > 0,
                    reading.events().size() + " lines, " + c1.pods().size() + " Pods, " + findings + " findings");
        }
    }

    private static List<String> strings(List<Finding> findings) {
        List<String> out = new ArrayList<>();
        findings.forEach(f -> out.add(f.toString()));
        return out;
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
}
