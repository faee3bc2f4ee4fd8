package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.FactsTable;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.correlate.NamespaceProjection;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.Placement;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts from per-file projections: each log file read alone ({@link LogReader#scanFile}, {@link LogReader#readFile}
 * with the input's interest, its reading through its bytes, as the fleet scan's file tasks give it), projected, the
 * projections put together give what {@link Correlator#facts} derives from all kept lines at once. On every sample and
 * judgment seeds 1-3. Two projections: the namespaces ({@link NamespaceProjection#ofFile}, joined with the exports by
 * {@link Correlator#namespaces}: every namespace each Pod name is seen in, each Workflow exported without a namespace
 * placed), in any order and before any stitch; and every fact ({@link LineProjection}: the lines the whole input decides
 * kept whole, the others as sets), each file projected as read, its lines kept whole then placed where the stitch puts
 * them, the projections put together in input order and the facts derived from them ({@link Correlator#derive}) equal to
 * the facts derived from all kept lines: the lines kept whole completed with their places, the cleanup pairs, namespaces,
 * every Pod with its object, link, exports and records (its node's events by its time there), the run clocks and the
 * evidence available. {@code Correlator.facts} itself derives through the projection of all its lines (one derivation):
 * what the fleet's stitch task can take from small per-file tables instead of every kept line (docs/fleet.md, step 2g).
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

    /**
     * What no sample or judgment corpus holds, StitchTest's rotated set of four files: klog lines a file does not date (the
     * live file's, dated by its own later record, and a file of klog lines alone, which takes its year from the earliest line
     * of all inputs: a controller start in June 2025 puts its January line in 2025, where the cleanup lines of December
     * would put it in 2026, so the readings keeping their specials must keep each file's earliest dated line), a handler line whose
     * scheduling line opens the next file, and, the third file's pass 1 being remembered as naming nothing, scheduling lines
     * only counted there, whose handler line (in the file before) the facts leave out (the places after it shift). Pods of
     * interest: alpha-step-1, as StitchTest reads it.
     */
    @Test
    void klogYearsAndHandlerLinesLeftOutAcrossRotatedFiles() throws IOException {
        Path logs = ProjectedReadings.rotatedSet(dir.resolve("rotated").resolve("logs"));
        write(dir.resolve("rotated").resolve("node").resolve("klog-only.log"),
                "I0101 00:00:09.000000       1 request.go:697] Waited for 1.1s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1");
        long[] seen = assertProjected(List.of(logs.toString(), dir.resolve("rotated").resolve("node").toString()), false,
                f -> f.displayPath().endsWith(".log.1") ? java.util.Optional.of(new FileScan(new long[0], new long[0], 0, 0, false)) : java.util.Optional.empty(),
                AnalysisOptions.defaults().withThreads(1).withPodsOfInterest(List.of("alpha-step-1")));
        assertTrue(seen[0] > 0 && seen[1] > 0, seen[0] + " handler line(s) left out, " + seen[1] + " klog line(s) no record of their file dated");
    }

    private static void write(Path file, String... lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n");
    }

    private static void assertProjected(List<String> paths, boolean busy) throws IOException {
        assertProjected(paths, busy, f -> java.util.Optional.empty(), AnalysisOptions.defaults().withThreads(1));
    }

    /**
     * @param remembered a file's pass 1 as an earlier run remembered it (an index's), instead of scanning it: then the facts of
     *                   all lines are those of the files' readings stitched whole (StitchTest holds that to the sequential read)
     * @return how many handler lines were left out, klog lines no record of their file dated, and cleanup pairs
     */
    private static long[] assertProjected(List<String> paths, boolean busy, java.util.function.Function<InputFile, java.util.Optional<FileScan>> remembered,
                                          AnalysisOptions options) throws IOException {
        ProjectedReadings pr = ProjectedReadings.of(paths, remembered, options);
        Analysis.Inputs inputs = pr.inputs();
        List<FileReading> readings = pr.readings();
        LogReader.LogReading stitched = pr.stitched();
        LogReader.LogReading whole = pr.whole();
        ClusterFacts facts = pr.facts();
        List<NamespaceProjection> projections = pr.projections();
        long kept = pr.kept();
        Correlator.Namespaces projected = pr.projected();
        java.util.Set<String> recreated = pr.recreated();
        List<int[]> keeps = pr.keeps();
        List<Placement> placements = pr.placements();
        List<LineProjection> lines = pr.lines();
        long specials = pr.specials();
        int offset = pr.offset();
        FactsTable fromFiles = Correlator.derive(LineProjection.union(lines), inputs.exported(), stitched.processes(), stitched.coverage());
        // Every election line of the input, placed, in input order, from the files' projections (session 58: ConcurrentRuns reads them)
        assertEquals(whole.events().stream().filter(e -> e.event() instanceof dev.argoforensics.event.ControllerEvent.LeaderElection).toList(),
                LineProjection.union(lines).elections().stream().map(LineProjection.Special::line).toList(), "the election lines");
        // All the lines projected as one stretch, the same lines kept whole (the files' klog and earliest lines: no fact reads them as specials).
        List<Integer> wholeKeep = new ArrayList<>();
        int base = 0;
        for (int f = 0; f < readings.size(); f++) {
            for (int k : keeps.get(f)) {
                wholeKeep.add(base + k);
            }
            base += readings.get(f).events().size();
        }
        FactsTable fromAll = Correlator.derive(LineProjection.of(whole.events(), recreated, wholeKeep.stream().mapToInt(Integer::intValue).toArray(), true),
                inputs.exported(), whole.processes(), whole.coverage());
        assertSameFacts(fromAll, fromFiles);
        assertEquals(facts.events(), fromFiles.facts(stitched.events()).events(), "the lines as correlated");
        assertEquals(facts.podKeys(), fromFiles.podKeys());
        for (PodKey key : facts.podKeys()) {
            assertEquals(facts.link(key), fromFiles.link(key), "the link of " + key);
        }
        assertEquals(facts.clocks(), fromFiles.clocks());
        assertEquals(facts.available(), fromFiles.available());

        // The components from the files' edges and the table, then each file's lines given their place, Pod, handler line
        // and component from the table alone: every group's share and the context equal what the facts of all lines give.
        Grouping grouping = Grouping.of(facts, BINDINGS);
        LineProjection union = LineProjection.union(lines);
        Grouping projectedGrouping = Grouping.of(fromFiles, fromFiles.edges(union, BINDINGS), BINDINGS);
        assertEquals(grouping.size(), projectedGrouping.size(), "components");
        for (int c = 0; c < grouping.size(); c++) {
            assertEquals(grouping.keys(c), projectedGrouping.keys(c), "component " + c);
        }
        List<FactsTable.Assigned> assigned = new ArrayList<>();
        offset = 0;
        for (int f = 0; f < readings.size(); f++) {
            FileReading r = readings.get(f);
            Placement placement = placements.get(f);
            assigned.addAll(fromFiles.assign(r.events().stream().map(placement::place).toList(), offset, projectedGrouping, BINDINGS));
            offset += r.events().size();
        }
        assertEquals(facts.events().size(), assigned.size(), "the lines as correlated");
        for (int i = 0; i < assigned.size(); i++) {
            assertEquals(i, assigned.get(i).place());
            assertEquals(grouping.componentOfLine(i), assigned.get(i).component(), "the component of line " + i);
        }
        ProjectedReadings.assertSameContext(facts.context(grouping), fromFiles.context(assigned));
        for (GroupedAnalysis.Split split : List.of(GroupedAnalysis.Split.each(), GroupedAnalysis.Split.buckets(7, 19))) {
            for (List<Integer> components : split.groups(grouping)) {
                ProjectedReadings.assertSameShare(facts.share(grouping, components), fromFiles.share(projectedGrouping, components, assigned));
            }
        }
        if (busy) {
            assertTrue(projections.size() > 1 && kept > 1000 && projected.byPod().size() > 10,
                    projections.size() + " files, " + kept + " kept lines, " + projected.byPod().size() + " Pod names");
            assertTrue(specials < kept / 2 && !fromFiles.pairsByPlace().isEmpty() && !fromFiles.clocks().runs().isEmpty(),
                    specials + " lines kept whole of " + kept + ", " + fromFiles.pairsByPlace().size() + " cleanup pairs, "
                            + fromFiles.clocks().runs().size() + " run clocks");
        }
        return new long[] {fromFiles.droppedPlaces().size(), readings.stream().mapToInt(r -> r.undated().length).sum(), fromFiles.pairsByPlace().size()};
    }

    private static final RuleBindings BINDINGS = new RuleBindings();


    /** Two tables of facts equal in every fact a correlation reads. */
    static void assertSameFacts(FactsTable expected, FactsTable actual) {
        assertEquals(expected.specials(), actual.specials(), "the lines kept whole, completed, with their places");
        assertEquals(expected.droppedPlaces(), actual.droppedPlaces(), "the handler lines left out");
        assertEquals(expected.pairsByPlace(), actual.pairsByPlace(), "the cleanup pairs");
        assertEquals(expected.namespacesByPod(), actual.namespacesByPod(), "every namespace each Pod name is seen in");
        assertEquals(expected.objects(), actual.objects(), "the exports");
        assertEquals(expected.podKeys(), actual.podKeys(), "every Pod");
        for (PodKey key : expected.podKeys()) {
            assertEquals(expected.identity(key), actual.identity(key), "the Pod object of " + key);
            assertEquals(expected.link(key), actual.link(key), "the link of " + key);
            assertEquals(expected.podSnapshots(key), actual.podSnapshots(key), "the exports of " + key);
            assertEquals(expected.taskResults(key), actual.taskResults(key), "the task results of " + key);
            assertEquals(expected.clusterEvents(key), actual.clusterEvents(key), "the cluster events of " + key + " (its node's: its time there)");
            assertEquals(expected.auditRecords(key), actual.auditRecords(key), "the audit records of " + key);
            assertEquals(expected.nodeLogs(key), actual.nodeLogs(key), "the node logs of " + key);
        }
        assertEquals(expected.workflowSnapshots(), actual.workflowSnapshots(), "the Workflows' exports");
        assertEquals(expected.clocks(), actual.clocks(), "the run clocks");
        assertEquals(expected.available(), actual.available(), "the evidence available");
    }
}
