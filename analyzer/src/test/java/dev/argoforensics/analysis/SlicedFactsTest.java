package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.FactsTable;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.correlate.NamespaceProjection;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PodSlices;
import dev.argoforensics.correlate.SlicedTable;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.Placement;
import dev.argoforensics.read.ReadingStitch;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts derived per slice of Pod names (docs/fleet.md, step 2i): each log file read alone and projected as the fleet's
 * file tasks do (as ProjectionFactsTest reads them), what the slices share made once from the skeletons of the lines kept
 * whole ({@link PodSlices}: completion, the cleanup pairing per stream, the handler lines left out, the exports placed, the
 * evidence available), each file's projection cut into slices and each slice's table derived from its own part alone
 * ({@link Correlator#deriveSlice}). The slices' tables together equal the table derived from the whole projection
 * ({@link Correlator#derive}): every Pod in exactly one slice, with its object, link, exports and records; the namespaces;
 * each line kept whole in its Pod's slice, completed, or named by no slice; the cleanup pairs and the handler lines left
 * out; the run clocks merged; the evidence available; the components; every line's place, Pod, handler line and component
 * ({@link SlicedTable#assign}); the context and every group's share. On every sample and judgment seeds 1-3, in 1, 2, 3
 * and 7 slices.
 */
class SlicedFactsTest {
    @TempDir
    Path dir;

    private static final int[] SLICES = {1, 2, 3, 7};

    @TestFactory
    Stream<DynamicTest> everySamplesFactsFromSlicesOfItsPodNames() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> assertSliced(SampleFiles.inputs(c), false,
                f -> java.util.Optional.empty(), AnalysisOptions.defaults().withThreads(1))));
    }

    @TestFactory
    Stream<DynamicTest> judgmentCorporasFactsFromSlicesOfTheirPodNames() {
        return Stream.of(1L, 2L, 3L).map(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> assertSliced(JudgmentCorpora.small(seed, dir.resolve("seed-" + seed)), true, f -> java.util.Optional.empty(),
                        AnalysisOptions.defaults().withThreads(1))));
    }

    /**
     * ProjectionFactsTest's rotated set of four files: a handler line whose scheduling line opens the next file (paired
     * across files, so across the files' projections), and a handler line the facts leave out (its scheduling line only
     * counted in the third file, remembered as naming nothing): no slice holds it, and the places after it shift.
     */
    @Test
    void handlerLinesPairedAcrossFilesAndLeftOut() throws IOException {
        Path logs = ProjectedReadings.rotatedSet(dir.resolve("rotated").resolve("logs"));
        long[] seen = assertSliced(List.of(logs.toString()), false,
                f -> f.displayPath().endsWith(".log.1") ? java.util.Optional.of(new FileScan(new long[0], new long[0], 0, 0, false)) : java.util.Optional.empty(),
                AnalysisOptions.defaults().withThreads(1).withPodsOfInterest(List.of("alpha-step-1")));
        assertTrue(seen[0] > 0 && seen[2] > 0, seen[0] + " handler line(s) left out, " + seen[2] + " cleanup pair(s)");
    }

    /**
     * Session 36: two namespaces' Workflows of the same name ({@link dev.argoforensics.testing.NamesakeLogs}): the slices carry
     * the Workflow names stated in two namespaces, so a slice leaves the informer's namespace-less lines of their Pods without a
     * namespace as the whole table does.
     */
    @Test
    void namesakeWorkflowsInTwoNamespaces() throws IOException {
        Path logs = dev.argoforensics.testing.NamesakeLogs.write(dir.resolve("namesakes"), true);
        // the Pod asked about, as timeline --pod asks: its informer lines kept
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(1).withPodsOfInterest(List.of(dev.argoforensics.testing.NamesakeLogs.POD));
        assertSliced(List.of(logs.toString()), false, f -> java.util.Optional.empty(), options);
        ProjectedReadings pr = ProjectedReadings.of(List.of(logs.toString()), f -> java.util.Optional.empty(), options);
        FactsTable whole = Correlator.derive(LineProjection.union(pr.lines()), pr.inputs().exported(), pr.stitched().processes(),
                pr.stitched().coverage());
        assertEquals(Set.of("team-a", "team-b"), whole.namespacesByPod().get(dev.argoforensics.testing.NamesakeLogs.POD));
    }

    /** @return the handler lines left out, the lines kept whole, the cleanup pairs */
    static long[] assertSliced(List<String> paths, boolean busy, java.util.function.Function<InputFile, java.util.Optional<FileScan>> remembered,
                                       AnalysisOptions options) throws IOException {
        ProjectedReadings pr = ProjectedReadings.of(paths, remembered, options);
        Analysis.Inputs inputs = pr.inputs();
        List<FileReading> readings = pr.readings();
        ReadingStitch stitch = pr.stitch();
        LogReader.LogReading stitched = pr.stitched();
        ClusterFacts facts = pr.facts();
        List<NamespaceProjection> projections = pr.projections();
        long kept = pr.kept();
        java.util.Set<String> recreated = pr.recreated();
        List<LineProjection> asRead = pr.asRead();
        List<int[]> keeps = pr.keeps();
        List<Placement> placements = pr.placements();
        List<LineProjection> lines = pr.lines();
        long specials = pr.specials();
        int offset = pr.offset();
        LineProjection union = LineProjection.union(lines);
        FactsTable whole = Correlator.derive(union, inputs.exported(), stitched.processes(), stitched.coverage());
        ClusterFacts wholeFacts = whole.facts(stitched.events());
        Grouping grouping = Grouping.of(whole, whole.edges(union, BINDINGS), BINDINGS);
        List<List<FactsTable.Assigned>> assigned = new ArrayList<>();
        List<FactsTable.Assigned> allAssigned = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        offset = 0;
        for (int f = 0; f < readings.size(); f++) {
            FileReading r = readings.get(f);
            Placement placement = placements.get(f);
            offsets.add((long) offset);
            assigned.add(whole.assign(r.events().stream().map(placement::place).toList(), offset, grouping, BINDINGS));
            allAssigned.addAll(assigned.get(f));
            offset += r.events().size();
        }
        assertEquals(wholeFacts.events().size(), allAssigned.size());

        // What the slices share needs no line kept whole but the few whose year the stitch decides: the files' readings keeping
        // only those (each file's klog lines no record dates and its earliest dated line) stitched give the runs, coverage and
        // summaries, and each file's skeleton (as read) placed by its Placement, those few lines from that stitch, is the
        // skeleton of the placed projection.
        ReadingStitch least = new ReadingStitch(null);
        List<Placement> leastPlacements = new ArrayList<>();
        for (int f = 0; f < readings.size(); f++) {
            leastPlacements.add(least.add(readings.get(f).keeping(keeps.get(f))));
        }
        LogReader.LogReading leastRead = LogReader.continuing(least.finish(), pr.sets(), new HashMap<>(least.summaries()));
        assertEquals(stitched.processes(), leastRead.processes(), "the runs, from the readings keeping their year-decided lines only");
        assertEquals(stitched.coverage(), leastRead.coverage(), "the coverage and counted scheduling lines");
        assertEquals(stitch.summaries(), least.summaries(), "the files' summaries and late notes");
        List<LineProjection> skeletons = new ArrayList<>();
        int leastAt = 0;
        for (int f = 0; f < readings.size(); f++) {
            LineProjection asSkeleton = asRead.get(f).skeleton();
            Map<Integer, LogEvent> byPlace = new HashMap<>();
            asSkeleton.specials().forEach(x -> byPlace.put((int) x.place(), x.line()));
            asSkeleton.elections().forEach(x -> byPlace.putIfAbsent((int) x.place(), x.line()));
            // each run's first record (session 61, RunCopies): placed as SlicedSteps places it, from its line as read
            asSkeleton.records().forEach(x -> byPlace.putIfAbsent((int) x.first().place(), x.first().line()));
            for (int k : keeps.get(f)) {
                byPlace.put(k, LineProjection.skeleton(leastRead.events().get(leastAt++)));
            }
            Placement placement = leastPlacements.get(f);
            Set<Integer> keep = new TreeSet<>();
            for (int k : keeps.get(f)) {
                keep.add(k);
            }
            skeletons.add(asSkeleton.placed(i -> keep.contains(i) ? byPlace.get(i) : placement.place(byPlace.get(i))));
        }
        assertEquals(leastRead.events().size(), leastAt, "the least stitch gives the year-decided lines and nothing else");
        LineProjection skeleton = LineProjection.union(skeletons);
        assertEquals(LineProjection.union(lines.stream().map(LineProjection::skeleton).toList()), skeleton,
                "the skeletons placed in round 2 are those of the placed projections");
        assertEquals(union.specials().size(), skeleton.specials().size(), "a skeleton per line kept whole");
        // The names the files' lines join as their tasks make them: the other lines' and those of the lines kept whole whose
        // names completion leaves as read; what the slices share joins the others'.
        List<List<String>> fileEdges = new ArrayList<>(union.edges());
        for (LineProjection p : asRead) {
            fileEdges.addAll(p.settledEdges(BINDINGS));
        }
        for (int slices : SLICES) {
            String at = slices + " slice(s): ";
            // What the slices share, its skeletons taken a file at a time and let go, as the fleet's round 2a takes them; equal to
            // the same made from all the skeletons at once.
            PodSlices.Builder builder = new PodSlices.Builder(inputs.exported(), stitched.coverage(), slices, BINDINGS);
            int leastTaken = 0;
            for (int f = 0; f < readings.size(); f++) {
                // each line placed as it is taken: the year-decided ones from the least stitch, the others by the file's placement
                Map<Long, LogEvent> keptAt = new HashMap<>();
                for (int k : keeps.get(f)) {
                    keptAt.put((long) k, LineProjection.skeleton(leastRead.events().get(leastTaken++)));
                }
                Placement placement = leastPlacements.get(f);
                builder.add(asRead.get(f).skeleton(), offsets.get(f), x -> keptAt.containsKey(x.place()) ? keptAt.get(x.place()) : placement.place(x.line()));
            }
            PodSlices cross = builder.finish();
            assertSameShared(PodSlices.of(skeleton, inputs.exported(), stitched.coverage(), slices, BINDINGS), cross, at);
            assertTrue(PodSlices.held(skeleton) >= cross.pairs() && PodSlices.held(skeleton) >= cross.namelessPlaces().size(),
                    at + "what the skeletons leave held: " + PodSlices.held(skeleton) + " line(s) for " + cross.pairs() + " pair(s), "
                            + cross.namelessPlaces().size() + " place(s) naming no Pod");
            assertTrue(PodSlices.held(skeleton) <= skeleton.specials().size() + skeleton.elections().size(),
                    at + "at most a line kept whole or an election line each");
            List<Long> droppedAt = cross.droppedPlaces();
            int[] droppedStreams = builder.droppedStreams();
            assertEquals(droppedAt.size(), droppedStreams.length, at + "a stream per handler line left out");
            for (int d = 0; d < droppedStreams.length; d++) {
                long place = droppedAt.get(d);
                assertEquals(skeleton.specials().stream().filter(x -> x.place() == place).findFirst().orElseThrow().line().stream(), droppedStreams[d],
                        at + "the stream of the handler line left out at " + place);
            }
            List<FactsTable> tables = new ArrayList<>();
            List<LineProjection> sliceProjections = new ArrayList<>();
            for (int s = 0; s < slices; s++) {
                List<LineProjection> parts = new ArrayList<>();
                for (int f = 0; f < lines.size(); f++) {
                    parts.add(lines.get(f).slice(offsets.get(f), s, cross));
                }
                LineProjection slice = LineProjection.union(parts);
                sliceProjections.add(slice);
                tables.add(Correlator.deriveSlice(slice, cross, s, stitched.processes()));
            }
            SlicedTable sliced = new SlicedTable(cross, tables);

            // Every Pod in exactly one slice, its own, with every fact of it the whole table's.
            Set<PodKey> keys = new TreeSet<>();
            Map<String, Set<String>> namespaces = new TreeMap<>();
            Map<Long, Long> pairs = new TreeMap<>();
            Map<Long, LogEvent> held = new TreeMap<>();
            for (int s = 0; s < slices; s++) {
                FactsTable t = tables.get(s);
                for (PodKey key : t.podKeys()) {
                    assertEquals(s, cross.sliceOf(key.name()), at + key + " in its own slice");
                    assertTrue(keys.add(key), at + key + " in one slice only");
                    assertEquals(whole.identity(key), t.identity(key), at + "the Pod object of " + key);
                    assertEquals(whole.link(key), t.link(key), at + "the link of " + key);
                    assertEquals(whole.podSnapshots(key), t.podSnapshots(key), at + "the exports of " + key);
                    assertEquals(whole.taskResults(key), t.taskResults(key), at + "the task results of " + key);
                    assertEquals(whole.clusterEvents(key), t.clusterEvents(key), at + "the cluster events of " + key);
                    assertEquals(whole.auditRecords(key), t.auditRecords(key), at + "the audit records of " + key);
                    assertEquals(whole.nodeLogs(key), t.nodeLogs(key), at + "the node logs of " + key);
                }
                t.namespacesByPod().forEach((name, ns) -> assertNotNull(ns));
                for (Map.Entry<String, Set<String>> e : t.namespacesByPod().entrySet()) {
                    assertEquals(s, cross.sliceOf(e.getKey()));
                    assertEquals(null, namespaces.put(e.getKey(), e.getValue()), at + e.getKey() + "'s namespaces in one slice");
                }
                pairs.putAll(t.pairsByPlace());
                for (LineProjection.Special x : t.specials()) {
                    assertEquals(null, held.put(x.place(), x.line()), at + "the line kept whole at " + x.place() + " in one slice");
                }
                assertTrue(t.droppedPlaces().isEmpty(), at + "no slice holds a handler line left out");
            }
            assertEquals(whole.podKeys(), keys, at + "every Pod");
            assertEquals(whole.namespacesByPod(), namespaces, at + "every namespace each Pod name is seen in");
            Set<Long> nameless = new TreeSet<>(cross.namelessPlaces());
            for (LineProjection.Special x : whole.specials()) {
                if (nameless.contains(x.place())) {
                    assertFalse(held.containsKey(x.place()), at + "a line kept whole naming no Pod is in no slice");
                } else {
                    assertEquals(x.line(), held.get(x.place()), at + "the line kept whole at " + x.place() + ", completed, in its Pod's slice");
                }
            }
            assertEquals(whole.specials().size(), held.size() + nameless.size(), at + "the lines kept whole");
            Map<Long, Long> wholePairs = whole.pairsByPlace();
            Map<Long, Long> namedPairs = new TreeMap<>(wholePairs);
            namedPairs.keySet().removeIf(nameless::contains);
            assertEquals(namedPairs, pairs, at + "the cleanup pairs of the lines naming a Pod, in their Pod's slice");
            for (LineProjection.Special x : whole.specials()) {
                assertEquals(wholePairs.getOrDefault(x.place(), -1L), cross.handlerPlace(x.place()), at + "the handler line of " + x.place());
            }
            assertEquals(whole.droppedPlaces(), cross.droppedPlaces(), at + "the handler lines left out");
            assertEquals(whole.objects(), cross.objects(), at + "the exports");
            assertEquals(whole.available(), cross.available(), at + "the evidence available");
            assertEquals(whole.clocks(), sliced.clocks(), at + "the run clocks, merged");

            // The components, then every line as round 3 assigns it, the context and every group's share.
            Grouping slicedGrouping = sliced.grouping(fileEdges, BINDINGS);
            assertEquals(grouping.size(), slicedGrouping.size(), at + "components");
            for (int c = 0; c < grouping.size(); c++) {
                assertEquals(grouping.keys(c), slicedGrouping.keys(c), at + "component " + c);
            }
            // The same from names alone, as the fleet's slices flow makes them in its cluster's task: the files' edges, the
            // completed specials', each slice's Pod links and exported Workflows (in reverse slice order), and the exports.
            List<List<String>> named = new ArrayList<>(fileEdges);
            named.addAll(cross.edges());
            for (int s = slices - 1; s >= 0; s--) {
                named.addAll(tables.get(s).componentEdges());
            }
            Grouping byEdges = Grouping.ofEdges(cross.objects(), named, BINDINGS);
            assertEquals(grouping.size(), byEdges.size(), at + "components from names alone");
            for (int c = 0; c < grouping.size(); c++) {
                assertEquals(grouping.keys(c), byEdges.keys(c), at + "component " + c + " from names alone");
            }
            List<FactsTable.Assigned> slicedAssigned = new ArrayList<>();
            Set<Integer> slicesRouted = new TreeSet<>();
            for (int f = 0; f < readings.size(); f++) {
                Placement placement = placements.get(f);
                List<FactsTable.Assigned> a = sliced.assign(readings.get(f).events().stream().map(placement::place).toList(), offsets.get(f),
                        slicedGrouping, BINDINGS);
                assertEquals(assigned.get(f).size(), a.size(), at + "the lines of " + readings.get(f).file().displayPath() + " as assigned");
                for (int i = 0; i < a.size(); i++) {
                    assertEquals(assigned.get(f).get(i), a.get(i), at + "line " + i + " of " + readings.get(f).file().displayPath() + " as assigned");
                }
                slicedAssigned.addAll(a);
                // Round 3 one slice at a time (the fleet's slices flow): the file's lines routed, those of each slice assigned from
                // that slice's table alone (any other read fails), all put in place order: the same lines as assigned.
                SlicedTable.Routed routed = SlicedTable.route(cross, readings.get(f).events().stream().map(placement::place).toList(), offsets.get(f),
                        byEdges, BINDINGS);
                List<FactsTable.Assigned> bySlice = new ArrayList<>(routed.assigned());
                Set<Integer> seen = new TreeSet<>();
                for (SlicedTable.SliceLines sl : routed.bySlice()) {
                    assertTrue(seen.add(sl.slice()) && !sl.lines().isEmpty(), at + "slice " + sl.slice() + "'s lines routed once, none empty");
                    bySlice.addAll(SlicedTable.assign(cross, tables.get(sl.slice()), sl.slice(), sl, byEdges, BINDINGS));
                }
                bySlice.sort(java.util.Comparator.comparingInt(FactsTable.Assigned::place));
                assertEquals(a, bySlice, at + "the lines of " + readings.get(f).file().displayPath() + " as assigned one slice at a time");
                slicesRouted.addAll(routed.bySlice().stream().map(SlicedTable.SliceLines::slice).toList());
            }
            if (busy && slices > 1) {
                assertTrue(slicesRouted.size() > 1, at + "the lines routed to more than one slice: " + slicesRouted);
            }
            ProjectedReadings.assertSameContext(whole.context(allAssigned), sliced.context(slicedAssigned));
            // The context with no slice's table: the runs and the slices' run clocks merged.
            List<dev.argoforensics.correlate.RunClocks> clocks = new ArrayList<>();
            tables.forEach(t -> clocks.add(t.clocks()));
            ProjectedReadings.assertSameContext(whole.context(allAssigned), SlicedTable.context(cross, stitched.processes(),
                    dev.argoforensics.correlate.RunClocks.merge(clocks), slicedAssigned));
            for (GroupedAnalysis.Split split : List.of(GroupedAnalysis.Split.each(), GroupedAnalysis.Split.buckets(7, 19))) {
                List<List<Integer>> groups = split.groups(grouping);
                // Each slice's Pods' facts by group, as the slices' tasks send them, put together per group.
                int[] groupOf = new int[byEdges.size()];
                java.util.Arrays.fill(groupOf, -1);
                for (int g = 0; g < groups.size(); g++) {
                    for (int c : groups.get(g)) {
                        groupOf[c] = g;
                    }
                }
                Map<Integer, Map<PodKey, dev.argoforensics.correlate.GroupFacts.PodFacts>> podFacts = new TreeMap<>();
                for (FactsTable t : tables) {
                    SlicedTable.podFactsByGroup(t, byEdges, c -> groupOf[c]).forEach((g, of) -> of.forEach((key, pf) ->
                            assertEquals(null, podFacts.computeIfAbsent(g, k -> new TreeMap<>()).put(key, pf), at + key + "'s facts sent once")));
                }
                for (int g = 0; g < groups.size(); g++) {
                    List<Integer> components = groups.get(g);
                    ProjectedReadings.assertSameShare(whole.share(grouping, components, allAssigned), sliced.share(slicedGrouping, components, slicedAssigned));
                    ProjectedReadings.assertSameShare(whole.share(grouping, components, allAssigned),
                            SlicedTable.share(cross, byEdges, components, slicedAssigned, podFacts.getOrDefault(g, Map.of())));
                }
            }
            if (busy && slices > 1) {
                // a real cut: each slice holds a part of the lines kept whole and of the Pods, none all
                for (int s = 0; s < slices; s++) {
                    LineProjection p = sliceProjections.get(s);
                    assertTrue(p.specials().size() < union.specials().size() && p.spans().size() < union.spans().size()
                                    && !tables.get(s).podKeys().isEmpty(),
                            at + "slice " + s + ": " + p.specials().size() + " of " + union.specials().size() + " lines kept whole, "
                                    + p.spans().size() + " of " + union.spans().size() + " Pods named");
                }
            }
        }
        if (busy) {
            assertTrue(!whole.pairsByPlace().isEmpty() && whole.podKeys().size() > 10 && !whole.clocks().runs().isEmpty(),
                    whole.pairsByPlace().size() + " cleanup pairs, " + whole.podKeys().size() + " Pods, " + whole.clocks().runs().size() + " run clocks");
        }
        return new long[] {whole.droppedPlaces().size(), whole.specials().size(), whole.pairsByPlace().size()};
    }

    /** What the slices share, made two ways, equal: every array, the exports, the evidence available and the names joined. */
    private static void assertSameShared(PodSlices expected, PodSlices actual, String at) {
        PodSlices.Form e = expected.form();
        PodSlices.Form a = actual.form();
        assertEquals(e.slices(), a.slices(), at);
        assertEquals(e.objects(), a.objects(), at + "the exports");
        assertEquals(e.available(), a.available(), at + "the evidence available");
        assertArrayEquals(e.completedPlaces(), a.completedPlaces(), at + "the lines completion changed");
        assertEquals(e.completedEvents(), a.completedEvents(), at + "their events, completed");
        assertArrayEquals(e.pairPlaces(), a.pairPlaces(), at + "the cleanup pairs' lines");
        assertArrayEquals(e.pairHandlers(), a.pairHandlers(), at + "their handler lines");
        assertArrayEquals(e.pairSlices(), a.pairSlices(), at + "their slices");
        assertArrayEquals(e.dropped(), a.dropped(), at + "the handler lines left out");
        assertArrayEquals(e.nameless(), a.nameless(), at + "the lines naming no Pod");
        assertEquals(Set.copyOf(e.edges()), Set.copyOf(a.edges()), at + "the names completion decides");
        assertEquals(e.sharedWorkflows(), a.sharedWorkflows(), at + "the Workflow names in two or more namespaces");
    }

    private static final RuleBindings BINDINGS = new RuleBindings();
}
