package dev.argoforensics.analysis;

import dev.argoforensics.testing.SampleFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.generator.LogGenerator;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading only what concerns Pods of interest, in chunks, on several threads, must reach the same
 * findings and account for the same lines as keeping every line on one thread.
 */
class SelectiveReadingTest {

    /**
     * Samples whose Pod the default selective reading does not pick up by design (their EXPECTED.md says so and runs
     * {@code --timelines all}): a {@code removeFinalizer} queued by the Workflow's delete handler is no trigger, since every Pod
     * released after its result was stored gets one too. Their findings must still agree (none of interest is lost); the
     * clearances of a Pod only the full reading keeps cannot.
     */
    private static final Set<String> FULL_READING_ONLY = Set.of("zero-workers-workflow-deleted");
    private static final AnalysisOptions EVERYTHING_ONE_THREAD = AnalysisOptions.defaults().withThreads(1).keepingEverything(true);
    private static final AnalysisOptions SELECTIVE_SMALL_CHUNKS = AnalysisOptions.defaults().withThreads(3).withChunkBytes(4096);

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleReachesTheSameFindingsEitherWay() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            List<String> inputs = SampleFiles.inputs(c);
            assertSame(Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs), Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs),
                    !FULL_READING_ONLY.contains(c.getFileName().toString()));
        }));
    }

    /** Logs alone: nothing exported makes a Pod of interest, the catalog's signatures and the warnings must. */
    @TestFactory
    Stream<DynamicTest> everySamplesLogsAloneReachTheSameFindingsEitherWay() throws IOException {
        List<Path> cases;
        try (Stream<Path> dirs = Files.list(Path.of("samples"))) {
            cases = dirs.filter(d -> Files.isDirectory(d.resolve("logs"))).sorted().toList();
        }
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            List<String> inputs = List.of(c.resolve("logs").toString());
            assertSame(Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs), Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs),
                    !FULL_READING_ONLY.contains(c.getFileName().toString()));
        }));
    }

    @Test
    void aGeneratedControllerLogGivesThePlantedRacesAndClearsThePlantedControls() throws IOException {
        Path log = dir.resolve("workflow-controller.log");
        LogGenerator.Manifest manifest;
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            manifest = new LogGenerator(17024, 1_500_000, LogGenerator.Mix.UPGRADE, 3).write(w);
        }
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(List.of(log.toString()));
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS.withChunkBytes(64 * 1024)).run(List.of(log.toString()));
        assertSame(everything, selective, true);

        assertEquals(3, manifest.racePods().size());
        assertEquals(3, manifest.controlPods().size(), "as many controls as races, over all three formats of the upgrade mix");
        RuleOutcome af001 = selective.outcomes().stream().filter(o -> o.rule().equals("AF001")).findFirst().orElseThrow();
        assertEquals(manifest.racePods(), af001.findings().stream().map(f -> f.pod().toString()).sorted().toList());
        List<String> cleared = af001.cleared().stream().map(c -> c.pod().toString()).sorted().toList();
        assertTrue(cleared.containsAll(manifest.controlPods()), cleared + " should hold " + manifest.controlPods());
        assertEquals(0, selective.inputs().get(0).unparsed(), selective.inputs().get(0).samples().toString());
        assertEquals(manifest.lines(), selective.inputs().get(0).lines());
        assertTrue(selective.correlation().events().size() * 10L < everything.correlation().events().size(),
                "selective reading keeps a small part: " + selective.correlation().events().size() + " of "
                        + everything.correlation().events().size());
    }

    private static void assertSame(AnalysisResult expected, AnalysisResult actual, boolean clearances) {
        assertEquals(expected.unreadable(), actual.unreadable());
        assertEquals(expected.inputs(), actual.inputs(), "per-input accounting");
        assertEquals(expected.correlation().processes(), actual.correlation().processes(), "controller processes");
        assertEquals(expected.outcomes().size(), actual.outcomes().size());
        for (int i = 0; i < expected.outcomes().size(); i++) {
            RuleOutcome e = expected.outcomes().get(i);
            RuleOutcome a = actual.outcomes().get(i);
            assertEquals(e.rule(), a.rule());
            assertEquals(e.findings().stream().map(Finding::toString).toList(), a.findings().stream().map(Finding::toString).toList(), e.rule());
            if (clearances) {
                assertEquals(e.cleared().stream().map(Clearance::toString).toList(), a.cleared().stream().map(Clearance::toString).toList(), e.rule());
            }
            assertEquals(e.missing(), a.missing(), e.rule());
        }
    }
}
