package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.NamespaceProjection;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.Interest;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts from per-file projections: each log file read alone ({@link LogReader#scanFile}, {@link LogReader#readFile}
 * with the input's interest, its reading through its bytes, as the fleet scan's file tasks give it), projected
 * ({@link NamespaceProjection#ofFile}), the projections put together in any order and joined with the exports
 * ({@link Correlator#namespaces}) give what {@link Correlator#facts} derives from all kept lines at once: every namespace
 * each Pod name is seen in, and the exports with each Workflow exported without a namespace placed. On every sample and
 * judgment seeds 1-3. What the fleet's stitch task can then take from small per-file tables instead of every kept line;
 * the other facts' projections are not built yet (docs/fleet.md, "Left").
 */
class ProjectionFactsTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySamplesNamespacesFromItsFilesProjections() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> assertProjected(SampleFiles.inputs(c), false)));
    }

    @TestFactory
    Stream<DynamicTest> judgmentCorporasNamespacesFromTheirFilesProjections() {
        return Stream.of(1L, 2L, 3L).map(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> assertProjected(JudgmentCorpora.small(seed, dir.resolve("seed-" + seed)), true)));
    }

    private static void assertProjected(List<String> paths, boolean busy) throws IOException {
        Analysis analysis = Analysis.standard(AnalysisOptions.defaults().withThreads(1));
        InputCollector collector = new InputCollector();
        Analysis.Inputs inputs = Analysis.readExports(collector.collect(paths), collector.problems(), SnapshotTimes.none());
        ClusterFacts facts;
        ExecutorService pool = LogReader.readers(1);
        try {
            LogReader.LogReading reading = analysis.logReader().read(inputs.logFiles(), inputs.exported(), pool, inputs.summaries(),
                    new ArrayList<>());
            facts = Correlator.facts(reading.events(), inputs.exported(), reading.processes(), reading.coverage());
        } finally {
            pool.shutdownNow();
        }

        LogReader reader = analysis.logReader();
        Map<InputFile, FileScan> scans = new LinkedHashMap<>();
        for (InputFile f : inputs.logFiles()) {
            try {
                scans.put(f, reader.scanFile(f));
            } catch (IOException | RuntimeException e) {
                // unreadable: nothing of it is kept, in either reading
            }
        }
        Interest interest = Interest.decode(reader.interest(scans.values(), inputs.exported()).encode());
        List<NamespaceProjection> projections = new ArrayList<>();
        long kept = 0;
        for (Map.Entry<InputFile, FileScan> s : scans.entrySet()) {
            FileReading r;
            try {
                r = FileReading.decode(reader.readFile(s.getKey(), interest, s.getValue().newestFirst()).encode());
            } catch (IOException | RuntimeException e) {
                continue;
            }
            kept += r.events().size();
            projections.add(NamespaceProjection.ofFile(r.events()));
        }
        Correlator.Namespaces projected = Correlator.namespaces(NamespaceProjection.union(projections), inputs.exported());
        assertEquals(facts.namespacesByPod(), projected.byPod(), "every namespace each Pod name is seen in");
        assertEquals(facts.objects(), projected.objects(), "the exports, each Workflow exported without a namespace placed");
        List<NamespaceProjection> reversed = new ArrayList<>(projections);
        Collections.reverse(reversed);
        assertEquals(NamespaceProjection.union(projections), NamespaceProjection.union(reversed), "the union takes the files in any order");
        if (busy) {
            assertTrue(projections.size() > 1 && kept > 1000 && projected.byPod().size() > 10,
                    projections.size() + " files, " + kept + " kept lines, " + projected.byPod().size() + " Pod names");
        }
    }
}
