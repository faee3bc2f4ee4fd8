package dev.argoforensics.fleet;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.GroupedAnalysis;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.FactsTable;
import dev.argoforensics.correlate.GroupFacts;
import dev.argoforensics.correlate.GroupShare;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PodSlices;
import dev.argoforensics.correlate.RunClocks;
import dev.argoforensics.correlate.SlicedTable;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.Placement;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The slices' flow ({@code --flow slices}, docs/fleet.md, step 2j): round 2 of the rounds' flow cut so that no task holds a
 * cluster's whole table. Round 2a, per cluster ({@link #shared}): the files' readings keeping their year-decided lines stitched
 * (the least stitch: runs, coverage, summaries, each file's placement), the files' skeletons placed and put together, what the
 * slices share ({@code PodSlices}) made from them; out, broadcast, what an executor derives the same {@code PodSlices} from. Then
 * per log file where its reading stays ({@link #parts}): its projection made again, placed, cut into its slices' parts; shuffled
 * by (cluster, slice). Round 2b, per slice ({@link #slice}): its parts weighed against {@code --cluster-held}, put together, the
 * slice's table derived ({@code Correlator.deriveSlice}); out, its projection and its Pods' links. Round 2c, per cluster
 * ({@link #plan}): the components from the names alone ({@code Grouping.ofEdges}: the files' edges, the specials', each slice's
 * links), dealt into groups; out, the cluster's {@link ClusterTable} in its sliced form. Round 3 routes each file's lines where
 * it was read ({@link #route}): those naming no Pod assigned there from the components alone, the others shuffled by (cluster,
 * slice) to a task per slice ({@link #assign}) that derives that slice's table alone and sends the groups their lines and Pods'
 * facts and the context its run clocks; no executor derives a cluster's every slice's table.
 */
final class SlicedSteps implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Round 2a, per cluster. Weighed first: past {@code heldBound} lines whose facts the slices share ({@link ReadFile#held},
     * {@code PodSlices.held}) the cluster is reported, not analysed. Each file's skeleton is then taken in stitch order and let
     * go ({@code PodSlices.Builder}): what stays is a few numbers per cleanup pair, not a skeleton per line kept whole.
     */
    SlicedCluster shared(ClusterInputs cluster, Iterable<ReadFile> readings, int slices, long heldBound) {
        List<String> objects = cluster.objects().stream().map(ScannedFile::display).toList();
        Map<String, Long> keptBy = new HashMap<>();
        Map<String, Long> heldBy = new HashMap<>();
        try {
            if (cluster.failure() != null) {
                throw new IllegalStateException(cluster.failure());
            }
            List<ReadFile> files = new ArrayList<>();
            readings.forEach(files::add);
            long held = ClusterSteps.weigh(files, keptBy, heldBy);
            if (held > heldBound) {
                return new SlicedCluster(ClusterSteps.tooLarge(cluster, keptBy, heldBy, String.format(Locale.ROOT, "the cluster's logs keep %d lines whole"
                        + " whose facts its slices share (cleanup handler lines, lines naming no Pod, scheduling lines a cut may have shortened,"
                        + " excerpts' lines), more than the %d entries one task holds (--cluster-held): what the slices share is made in one task;"
                        + " the cluster was not analysed, the other clusters were. Scan a shorter window of this cluster, or raise"
                        + " --cluster-held with the executors' memory (%s)", held, heldBound, FleetOptions.CLUSTER_HELD_SIZING)),
                        null, null, objects, keptBy, heldBy);
            }
            Analysis.Inputs inputs = (Analysis.Inputs) WireForm.decode(cluster.inputs());
            List<ReadFile> order = new ArrayList<>();
            List<Placement> placements = new ArrayList<>();
            LogReader.LogReading least = ClusterSteps.stitch(inputs, files, (r, reading, placement) -> {
                order.add(r);
                placements.add(placement);
            });
            files = null;
            // Each file's skeleton taken as it comes, in stitch order, placed and handed to what the slices share, then let go:
            // only the pairs, places and the few lines completion decides stay (PodSlices.Builder).
            PodSlices.Builder builder = new PodSlices.Builder(ClusterSteps.exported(inputs), least.coverage(), slices, ClusterTables.BINDINGS);
            List<FileProjection> projections = new ArrayList<>();
            List<ClusterTable.FilePlace> places = new ArrayList<>();
            List<SliceShared.FileLeast> leastFiles = new ArrayList<>();
            long offset = 0;
            int at = 0;
            for (int f = 0; f < order.size(); f++) {
                ReadFile r = order.get(f);
                order.set(f, null);
                FileSkeleton fs = (FileSkeleton) WireForm.decode(r.projection());
                Placement placement = placements.get(f);
                // its year-decided lines as the least stitch placed them, the others by the file's placement, each as it is taken
                Map<Long, LogEvent> keptAt = new HashMap<>();
                List<LogEvent> keptLines = new ArrayList<>();
                for (int k : fs.keep()) {
                    LogEvent e = least.events().get(at++);
                    keptLines.add(e);
                    keptAt.put((long) k, LineProjection.skeleton(e));
                }
                builder.add(fs.skeleton(), offset, x -> keptAt.containsKey(x.place()) ? keptAt.get(x.place()) : placement.place(x.line()));
                projections.add(new FileProjection(null, fs.source(), fs.perPiece(), fs.dated()));
                places.add(new ClusterTable.FilePlace(r.display(), offset, placement));
                leastFiles.add(new SliceShared.FileLeast(r.display(), offset, placement, fs.keep(), keptLines));
                offset += fs.skeleton().lines();
            }
            if (at != least.events().size()) {
                throw new IllegalStateException("the least readings hold " + least.events().size() + " lines, their skeletons keep " + at);
            }
            PodSlices cross = builder.finish();
            List<InputSummary> ordered = new ArrayList<>();
            for (InputFile f : inputs.files()) {
                ordered.add(inputs.summaries().get(f));
            }
            long[] dropped = cross.droppedPlaces().stream().mapToLong(Long::longValue).toArray();
            SlicedCluster.Rest rest = new SlicedCluster.Rest(ordered, ClusterSteps.filesOfRun(dropped, builder.droppedStreams(), projections, places),
                    builder.keptDated() || projections.stream().anyMatch(FileProjection::dated), places);
            byte[] shared = WireForm.encode(new SliceShared(cross.form(), least.processes(), leastFiles));
            List<InputRow> rows = ClusterSteps.accounting(cluster.cluster(), ordered, inputs.unreadable());
            rows.replaceAll(r -> keptBy.containsKey(r.path()) && r.kind().equals("log") ? r.withKept(keptBy.get(r.path()), heldBy.get(r.path())) : r);
            rows.sort(Comparator.comparing(InputRow::path));
            return new SlicedCluster(new ClusterPrep(cluster.cluster(), null, WireForm.encode(least.processes()), rows, 0, null), shared,
                    WireForm.encode(rest), objects, keptBy, heldBy);
        } catch (IOException | RuntimeException e) {
            return new SlicedCluster(ClusterSteps.failed(cluster.cluster(), cluster.objects(), e.toString()), null, null, objects, keptBy, heldBy);
        }
    }

    /**
     * Per log file, where its reading stays: its projection made again ({@link ReadFile#projection}), placed as round 2a placed its
     * skeleton (its year-decided lines as the least stitch gave them, the others by the file's placement), cut into every slice's
     * part ({@code LineProjection.slice}); one part per slice, an empty one included (a slice's parts put together count every
     * file's lines).
     */
    List<SlicePart> parts(ReadFile r, ClusterTables.Shared shared, Set<String> recreated) throws IOException {
        Integer index = shared.fileIndex().get(r.display());
        if (index == null) {
            throw new IllegalStateException(r.display() + " is not among its cluster's stitched files");
        }
        SliceShared.FileLeast at = shared.input().files().get(index);
        FileReading reading = FileReading.decode(r.reading());
        LineProjection p = ReadFile.projection(reading, recreated);
        Map<Integer, LogEvent> keptAt = new HashMap<>();
        for (int j = 0; j < at.keep().length; j++) {
            keptAt.put(at.keep()[j], at.lines().get(j));
        }
        List<LogEvent> lines = reading.events();
        LineProjection placed = p.placed(i -> keptAt.containsKey(i) ? keptAt.get(i) : at.placement().place(lines.get(i)));
        PodSlices cross = shared.cross();
        // the names the file's lines join, each list in one slice by its hash: they reach the cluster's task after the slices
        List<List<List<String>>> edges = new ArrayList<>(cross.slices());
        for (int s = 0; s < cross.slices(); s++) {
            edges.add(new ArrayList<>());
        }
        Set<List<String>> named = new LinkedHashSet<>(p.edges());
        named.addAll(p.settledEdges(ClusterTables.BINDINGS));
        for (List<String> e : named) {
            edges.get(Math.floorMod(e.hashCode(), cross.slices())).add(e);
        }
        List<SlicePart> out = new ArrayList<>(cross.slices());
        for (int s = 0; s < cross.slices(); s++) {
            LineProjection part = placed.slice(at.offset(), s, cross);
            out.add(new SlicePart(r.cluster(), s, index, part.specials().size() + (long) part.spans().size() + part.nodeNames().size() + edges.get(s).size(),
                    WireForm.encode(part), WireForm.encode(edges.get(s))));
        }
        return out;
    }

    /**
     * Round 2b, one slice: its parts in file order, weighed against {@code heldBound} before any is decoded, put together
     * ({@code LineProjection.union}: the slice of the cluster's projection), its table derived ({@code Correlator.deriveSlice}).
     */
    @SuppressWarnings("unchecked")
    SliceTable slice(String cluster, int slice, Iterable<SlicePart> parts, Supplier<ClusterTables.Shared> shared, long heldBound) {
        List<SlicePart> sorted = new ArrayList<>();
        long entries = 0;
        for (SlicePart p : parts) {
            if (p.projection() != null) {
                sorted.add(p);
                entries += p.entries();
            }
        }
        if (entries > heldBound) {
            return new SliceTable(cluster, slice, entries, null, null, "past the bound");
        }
        try {
            sorted.sort(Comparator.comparingInt(SlicePart::file));
            List<LineProjection> projections = new ArrayList<>(sorted.size());
            Set<List<String>> edges = new LinkedHashSet<>();
            for (SlicePart p : sorted) {
                projections.add((LineProjection) WireForm.decode(p.projection()));
                edges.addAll((List<List<String>>) WireForm.decode(p.edges()));
            }
            sorted = null;
            LineProjection union = LineProjection.union(projections);
            projections = null;
            ClusterTables.Shared sh = shared.get();
            FactsTable table = Correlator.deriveSlice(union, sh.cross(), slice, sh.input().processes());
            edges.addAll(table.componentEdges());
            return new SliceTable(cluster, slice, entries, WireForm.encode(union), WireForm.encode(List.copyOf(edges)), null);
        } catch (IOException | RuntimeException e) {
            return new SliceTable(cluster, slice, entries, null, null, e.toString());
        }
    }

    /**
     * Round 2c, per cluster: its slices' results; a slice past {@code --cluster-held} and the cluster is reported as a cluster
     * past it is in the rounds' flow (every object a failed row, each log with its kept lines and skeletons). Else the components
     * from the names alone (the files' edges, the specials' and each slice's), dealt into at most {@code groups} groups; out,
     * the cluster's table in its sliced form to broadcast.
     */
    @SuppressWarnings("unchecked")
    PreparedCluster plan(SlicedCluster c, Iterable<SliceTable> results, Supplier<ClusterTables.Shared> shared, int groups, long heldBound) {
        ClusterPrep prep = c.prep();
        if (prep.failure() != null) {
            return new PreparedCluster(prep, List.of(), null);
        }
        try {
            ClusterTables.Shared sh = shared.get();
            int slices = sh.cross().slices();
            SliceTable[] bySlice = new SliceTable[slices];
            for (SliceTable t : results) {
                bySlice[t.slice()] = t;
            }
            List<String> past = new ArrayList<>();
            for (int s = 0; s < slices; s++) {
                SliceTable t = bySlice[s];
                if (t == null) {
                    throw new IllegalStateException("slice " + s + " of " + slices + " did not come back");
                }
                if (t.failure() != null && t.entries() > heldBound) {
                    past.add("slice " + s + " holds " + t.entries());
                } else if (t.failure() != null) {
                    throw new IllegalStateException("slice " + s + ": " + t.failure());
                }
            }
            if (!past.isEmpty()) {
                String why = String.format(Locale.ROOT, "the cluster's Pod names cut into %d slices, %s entries of its table (lines kept whole,"
                        + " Pods and Workflow nodes their lines name), more than the %d one task derives a slice's facts from (--cluster-held):"
                        + " the cluster was not analysed, the other clusters were. Raise --slices, scan a shorter window of this cluster, or raise"
                        + " --cluster-held with the executors' memory (%s)", slices, String.join(", ", past), heldBound, FleetOptions.CLUSTER_HELD_SIZING);
                return new PreparedCluster(ClusterSteps.tooLarge(prep.cluster(), c.objects(), c.kept(), c.held(), why), List.of(), null);
            }
            SlicedCluster.Rest rest = (SlicedCluster.Rest) WireForm.decode(c.rest());
            Set<List<String>> edges = new LinkedHashSet<>(sh.cross().edges());
            List<byte[]> projections = new ArrayList<>(slices);
            for (SliceTable t : bySlice) {
                edges.addAll((List<List<String>>) WireForm.decode(t.edges()));
                projections.add(t.projection());
            }
            List<List<String>> named = List.copyOf(edges);
            edges = null;
            Grouping grouping = Grouping.ofEdges(sh.cross().objects(), named, ClusterTables.BINDINGS);
            GroupedAnalysis.Plan plan = GroupedAnalysis.plan(grouping, GroupedAnalysis.Split.hashed(groups));
            ClusterTable.Plan tablePlan = new ClusterTable.Plan(plan, rest.files(), rest.inputs(), rest.filesOfRun(), rest.linesDated());
            return new PreparedCluster(new ClusterPrep(prep.cluster(), null, prep.processes(), prep.inputs(), plan.groups().size(), null), List.of(),
                    new ClusterTable(prep.cluster(), c.shared(), WireForm.encode(tablePlan), projections, WireForm.encode(named)));
        } catch (IOException | RuntimeException e) {
            return new PreparedCluster(ClusterSteps.tooLarge(prep.cluster(), c.objects(), Map.of(), Map.of(), "the cluster's analysis failed: " + e),
                    List.of(), null);
        }
    }

    /**
     * Round 3, per log file where its reading stays: its lines placed and routed ({@code SlicedTable.route}): those no slice's
     * table decides (naming no Pod, no handler line) assigned here, from the cluster's components alone, and batched by group; the
     * others batched by the slice whose table decides them, for that slice's task. No slice's table is derived here.
     */
    List<RoutedBatch> route(ReadFile r, ClusterTables.Derived d, ClusterTables.Shared shared) throws IOException {
        ClusterTable.FilePlace at = ClusterSteps.place(r, d);
        SlicedTable.Routed routed = SlicedTable.route(shared.cross(), ClusterSteps.placed(r, at), at.offset(), d.grouping(), ClusterTables.BINDINGS);
        List<RoutedBatch> out = new ArrayList<>();
        for (LineBatch b : ClusterSteps.batches(r.cluster(), routed.assigned(), d.groupOf())) {
            out.add(new RoutedBatch(b, null));
        }
        for (SlicedTable.SliceLines l : routed.bySlice()) {
            out.add(new RoutedBatch(null, new SliceBatch(r.cluster(), l.slice(), WireForm.encode(l))));
        }
        return out;
    }

    /**
     * Round 3, per slice, one task: the slice's table derived from its part of the projection (the broadcast's, this slice's
     * alone: {@code Correlator.deriveSlice}), the lines its files sent assigned from it ({@code SlicedTable.assign}) and batched
     * by group; with, for each group, its Pods' facts ({@code SlicedTable.podFactsByGroup}) and, for the context, the slice's run
     * clocks (the slice in {@code first}).
     */
    List<LineBatch> assign(String cluster, int slice, Iterable<SliceBatch> batches, ClusterTable table, ClusterTables.Shared shared,
                           ClusterTables.Derived d) throws IOException {
        FactsTable t = Correlator.deriveSlice((LineProjection) WireForm.decode(table.slices().get(slice)), shared.cross(), slice,
                shared.input().processes());
        List<FactsTable.Assigned> assigned = new ArrayList<>();
        for (SliceBatch b : batches) {
            if (b.lines() != null) {
                assigned.addAll(SlicedTable.assign(shared.cross(), t, slice, (SlicedTable.SliceLines) WireForm.decode(b.lines()), d.grouping(),
                        ClusterTables.BINDINGS));
            }
        }
        assigned.sort(Comparator.comparingInt(FactsTable.Assigned::place));
        List<LineBatch> out = new ArrayList<>(ClusterSteps.batches(cluster, assigned, d.groupOf()));
        SlicedTable.podFactsByGroup(t, d.grouping(), c -> d.groupOf()[c])
                .forEach((g, facts) -> out.add(new LineBatch(cluster, g, -1, 0, null, WireForm.encode(facts))));
        out.add(new LineBatch(cluster, -1, slice, 0, null, WireForm.encode(t.clocks())));
        return out;
    }

    /**
     * Round 3, per cluster: its context lines put together, with the runs and the run clocks merged from every slice's
     * ({@code SlicedTable.context}, no slice's table).
     */
    byte[] context(Iterable<LineBatch> batches, ClusterTables.Derived d, ClusterTables.Shared shared) throws IOException {
        List<LineBatch> all = new ArrayList<>();
        batches.forEach(all::add);
        List<LineBatch> clocks = new ArrayList<>();
        for (LineBatch b : all) {
            if (b.facts() != null) {
                clocks.add(b);
            }
        }
        clocks.sort(Comparator.comparingLong(LineBatch::first));
        if (clocks.size() != shared.cross().slices()) {
            throw new IllegalStateException(clocks.size() + " of " + shared.cross().slices() + " slices' run clocks came back");
        }
        List<RunClocks> each = new ArrayList<>(clocks.size());
        for (LineBatch b : clocks) {
            each.add((RunClocks) WireForm.decode(b.facts()));
        }
        return ClusterSteps.context(d.plan(), SlicedTable.context(shared.cross(), shared.input().processes(), RunClocks.merge(each),
                ClusterSteps.lines(all)));
    }

    /** Round 3, per group: its share from its lines and its Pods' facts as their slices' tasks sent them ({@code SlicedTable.share}). */
    @SuppressWarnings("unchecked")
    static GroupShare share(int index, Iterable<LineBatch> batches, ClusterTables.Derived d, ClusterTables.Shared shared) throws IOException {
        List<LineBatch> all = new ArrayList<>();
        batches.forEach(all::add);
        Map<PodKey, GroupFacts.PodFacts> podFacts = new TreeMap<>();
        for (LineBatch b : all) {
            if (b.facts() != null) {
                podFacts.putAll((Map<PodKey, GroupFacts.PodFacts>) WireForm.decode(b.facts()));
            }
        }
        return SlicedTable.share(shared.cross(), d.grouping(), d.plan().groups().groups().get(index), ClusterSteps.lines(all), podFacts);
    }

    /** Every slice's marker of a cluster in round 3: every slice's task runs, even one no file sends a line to. */
    static List<SliceBatch> sliceMarkers(String cluster, int slices) {
        List<SliceBatch> out = new ArrayList<>(slices);
        for (int s = 0; s < slices; s++) {
            out.add(new SliceBatch(cluster, s, null));
        }
        return out;
    }

    /** Every slice's marker of a cluster whose slices are derived: every slice runs, even one no file sends a part of. */
    static List<SlicePart> markers(String cluster, int slices) {
        List<SlicePart> out = new ArrayList<>(slices);
        for (int s = 0; s < slices; s++) {
            out.add(new SlicePart(cluster, s, -1, 0, null, null));
        }
        return out;
    }

    /** The slices of the clusters whose slices are derived, in cluster order: each cluster's first slice's place. */
    static Map<String, Integer> offsets(java.util.Collection<String> clusters, int slices) {
        Map<String, Integer> out = new HashMap<>();
        int at = 0;
        for (String c : new TreeSet<>(clusters)) {
            out.put(c, at);
            at += slices;
        }
        return out;
    }
}
