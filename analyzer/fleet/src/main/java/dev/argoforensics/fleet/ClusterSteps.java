package dev.argoforensics.fleet;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.GroupedAnalysis;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.FactsTable;
import dev.argoforensics.correlate.GroupContext;
import dev.argoforensics.correlate.GroupShare;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.read.Placement;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.PastedAnswers;
import dev.argoforensics.read.ReadingStitch;
import dev.argoforensics.read.SnapshotFileReader;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.source.UnreadableInput;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The per-cluster steps of the fleet scan, each in one task: the exports, read once, and the interest
 * of the cluster's logs (stage C); then the stitch of the cluster's file readings, in rotated-set
 * order, the cluster's facts and its groups (stage E1; in the rounds' flow, round 2 from the files' thin readings and projections,
 * {@link #table}, and round 3 per file, {@link #assign}, and per cluster, {@link #context}); each group's correlation and rules (E2, a task per
 * group after the shuffle by cluster and group); the groups' outcomes put together (E3). What
 * {@code analyze cluster=NAME} does around its log reading, through the same engine calls
 * ({@link Analysis#readExports}, {@link LogReader#interest}, {@link ReadingStitch}, {@link Correlator#facts},
 * {@link GroupedAnalysis}), which GroupingInvarianceTest holds equal to {@link Analysis#conclude}.
 */
final class ClusterSteps implements Serializable {
    private static final long serialVersionUID = 1L;

    private final FileTasks files;

    ClusterSteps(FileTasks files) {
        this.files = files;
    }

    /** Stage C: the cluster's inputs sorted out, its exports read, and what is of interest in its logs. */
    ClusterInputs exports(String cluster, Iterable<ScannedFile> scanned) {
        List<ScannedFile> objects = new ArrayList<>();
        scanned.forEach(objects::add);
        objects.sort(Comparator.comparing(ScannedFile::display));
        Spool spool = files.spool();
        List<ScannedFile> copied = new ArrayList<>();
        try {
            List<InputFile> inputs = new ArrayList<>();
            List<UnreadableInput> problems = new ArrayList<>();
            for (ScannedFile f : objects) {
                if (f.copyProblem() != null) {
                    problems.add(new UnreadableInput(f.display(), f.copyProblem()));
                } else {
                    inputs.add(f.file(spool));
                }
            }
            boolean logHeads = SnapshotFileReader.readsLogHeads(inputs);
            for (ScannedFile f : objects) {
                if (f.copyProblem() == null && (f.kind().equals("SNAPSHOT") || logHeads && f.isLog())) {
                    copied.add(f);
                    spool.copy(cluster, f.object());
                }
            }
            Analysis.Inputs read = Analysis.readExports(inputs, problems, SnapshotTimes.none());
            carryRunStates(cluster, objects, spool);
            // A log whose first pass failed is listed as analyze lists it; the others' scans make the interest.
            List<FileScan> scans = new ArrayList<>();
            Map<String, InputFile> byDisplay = new HashMap<>();
            read.files().forEach(f -> byDisplay.put(f.displayPath(), f));
            for (ScannedFile f : objects) {
                if (f.toRead()) {
                    scans.add(FileScan.decode(f.scan()));
                } else if (f.isLog() && f.unreadable() != null) {
                    InputFile file = byDisplay.get(f.display());
                    read.unreadable().add(new UnreadableInput(f.display(), f.unreadable()));
                    read.summaries().put(file, InputSummary.unreadable(file, f.unreadable()));
                }
            }
            String interest = files.analysis().logReader().interest(scans, read.exported()).encode();
            return new ClusterInputs(cluster, interest, WireForm.encode(read), objects, null, List.copyOf(LineProjection.recreated(read.exported())));
        } catch (IOException | RuntimeException e) {
            return new ClusterInputs(cluster, null, null, objects, e.toString(), null);
        } finally {
            copied.forEach(f -> spool.delete(cluster, f.object()));
        }
    }

    /**
     * Pass 1b across a rotated set's pieces (session 51): each piece's task scanned it from no run before it; here, oldest first as
     * {@code analyze} walks them ({@code RotatedSet.group} of the cluster's logs whose first pass worked), the state each piece's
     * scan left goes on to the next, and a piece whose scan does not cover that state ({@code LogReader.scanCovers}: a run without
     * workers goes on into it from the piece before) is copied again and scanned from it, on this task (rare: a run without workers
     * rotated). Its object in {@code objects} then holds that scan. A piece that cannot be scanned again keeps its own scan and the
     * state after it is not known (the pieces after it keep more). A piece is keyed by its display path ({@code cluster=NAME/} and
     * the path below it as the listing gives it: one object per path, {@code FleetListing#add}) and grouped into its set by that
     * path's base, so two clusters' or two folders' equally named files ({@code workflow-controller.log} in each) never share a
     * state (session 52, {@code FleetScanTest.twoClustersRotatedSetsNamedAlikeCarryTheirRunStatesApart}).
     */
    private void carryRunStates(String cluster, List<ScannedFile> objects, Spool spool) {
        Map<String, Integer> at = new HashMap<>();
        List<InputFile> logs = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            ScannedFile f = objects.get(i);
            if (f.toRead()) {
                if (!f.cluster().equals(cluster) || at.put(f.display(), i) != null) {
                    throw new IllegalStateException("two objects under one display path, or another cluster's: " + f.display());
                }
                logs.add(f.file(spool));
            }
        }
        for (RotatedSet set : RotatedSet.group(logs)) {
            String state = LogReader.firstRunState();
            for (InputFile piece : set.oldestFirst()) {
                int i = at.get(piece.displayPath());
                ScannedFile f = objects.get(i);
                FileScan scan = FileScan.decode(f.scan());
                if (!LogReader.scanCovers(scan, state)) {
                    try {
                        spool.copy(cluster, f.object());
                        scan = files.analysis().logReader().scanFile(f.file(spool), state);
                        objects.set(i, f.scanned(scan.encode(), null));
                    } catch (Exception e) {
                        scan = new FileScan(new long[0], new long[0], 0, 0, scan.newestFirst()); // records no state: unknown after
                    } finally {
                        spool.delete(cluster, f.object());
                    }
                }
                state = LogReader.runStateAfter(scan);
            }
        }
    }

    /**
     * Stage E1: the readings stitched, the cluster's facts derived once, the cluster cut into groups (its components
     * dealt into at most {@code groups} buckets by name) and each group's own share of the facts made into bytes, and the context every group reads alike, once.
     */
    PreparedCluster prepare(ClusterInputs cluster, Iterable<ReadFile> readings, int groups, long bound, long clusterLines) {
        try {
            if (cluster.failure() != null) {
                throw new IllegalStateException(cluster.failure());
            }
            List<ReadFile> files = new ArrayList<>();
            readings.forEach(files::add);
            Map<String, Long> keptBy = new HashMap<>();
            long kept = 0;
            for (ReadFile r : files) {
                keptBy.put(r.display(), r.kept());
                kept += r.kept();
            }
            if (kept > clusterLines) {
                // Weighed from the files' counts, before any reading is decoded: the stitch and the facts would hold every one of
                // these lines at once, which is what sinks an executor. The cluster is reported, the other clusters go on.
                return new PreparedCluster(tooLarge(cluster, keptBy, Map.of(), String.format(java.util.Locale.ROOT, "the cluster's logs keep %d lines of interest,"
                        + " more than the %d one task stitches and derives the cluster's facts from (--cluster-lines): the cluster was not analysed,"
                        + " the other clusters were. Scan a shorter window of this cluster, or raise --cluster-lines with the executors' memory (%s)",
                        kept, clusterLines, FleetOptions.CLUSTER_LINES_SIZING)), List.of(), null);
            }
            Analysis.Inputs inputs = (Analysis.Inputs) WireForm.decode(cluster.inputs());
            LogReader.LogReading reading = stitch(inputs, files, (r, f, p) -> { });
            files = null;
            List<InputSummary> ordered = new ArrayList<>();
            for (InputFile f : inputs.files()) {
                ordered.add(inputs.summaries().get(f));
            }
            ClusterFacts facts = Correlator.facts(reading.events(), PastedAnswers.with(inputs.exported(), ordered), reading.processes(), reading.coverage());
            GroupedAnalysis.Prepared p = GroupedAnalysis.prepare(facts, GroupedAnalysis.Split.hashed(groups), ordered, bound);
            List<GroupTask> tasks = new ArrayList<>();
            for (int i = 0; i < p.groups().size(); i++) {
                tasks.add(new GroupTask(cluster.cluster(), i, i == p.home(), WireForm.encode(p.groups().get(i))));
            }
            List<InputRow> rows = accounting(cluster.cluster(), ordered, inputs.unreadable());
            rows.replaceAll(r -> keptBy.containsKey(r.path()) && r.kind().equals("log") ? r.withKept(keptBy.get(r.path()), null) : r);
            for (GroupedAnalysis.Cut c : p.cuts()) {
                rows.add(InputRow.unread(cluster.cluster(), FleetListing.PREFIX + cluster.cluster() + "/#group:" + c.group(), "cut", c.describe()));
            }
            rows.sort(Comparator.comparing(InputRow::path));
            return new PreparedCluster(new ClusterPrep(cluster.cluster(), p.contextBytes(), WireForm.encode(reading.processes()), rows, tasks.size(), null),
                    tasks, null);
        } catch (IOException | RuntimeException e) {
            return new PreparedCluster(failed(cluster.cluster(), cluster.objects(), e.toString()), List.of(), null);
        }
    }

    /**
     * Round 2, per cluster: the files' readings keeping their specials stitched in rotated-set order (each file's
     * {@link Placement}, the runs, coverage and summaries), each file's projection placed (its specials and the first line
     * naming each Workflow node as the thin stitch placed them), their union, the table derived
     * from it ({@code Correlator.derive}) and the components ({@code Grouping.of} with the files' edges), dealt into at most
     * {@code groups} groups. Out: the accounting and the runs, and the cluster's {@link ClusterTable} (what an executor
     * derives the same table from, and the plan) to broadcast. The table is derived here from the bytes sent, as every
     * executor derives it. Weighed first: past {@code heldBound} entries ({@link ReadFile#held}) the cluster is
     * reported, not analysed.
     */
    /**
     * The cluster's exports with kubectl's NotFound answers pasted in its log files added, as {@code analyze} takes them
     * ({@code PastedAnswers}): read from the files' summaries, so only once the readings are stitched.
     */
    static ExportedObjects exported(Analysis.Inputs inputs) {
        List<InputSummary> ordered = new ArrayList<>();
        for (InputFile f : inputs.files()) {
            ordered.add(inputs.summaries().get(f));
        }
        return PastedAnswers.with(inputs.exported(), ordered);
    }

    PreparedCluster table(ClusterInputs cluster, Iterable<ReadFile> readings, int groups, long heldBound) {
        try {
            if (cluster.failure() != null) {
                throw new IllegalStateException(cluster.failure());
            }
            List<ReadFile> files = new ArrayList<>();
            readings.forEach(files::add);
            Map<String, Long> keptBy = new HashMap<>();
            Map<String, Long> heldBy = new HashMap<>();
            long held = weigh(files, keptBy, heldBy);
            if (held > heldBound) {
                return new PreparedCluster(tooLarge(cluster, keptBy, heldBy, String.format(java.util.Locale.ROOT, "the cluster's logs hold %d entries of the cluster's"
                        + " table (lines kept whole, Pods, Workflow nodes and name lists their lines name), more than the %d one task derives the"
                        + " cluster's facts from (--cluster-held): the cluster was not analysed, the other clusters were. Scan a shorter window of"
                        + " this cluster, or raise --cluster-held with the executors' memory (%s)", held, heldBound, FleetOptions.CLUSTER_HELD_SIZING)),
                        List.of(), null);
            }
            Analysis.Inputs inputs = (Analysis.Inputs) WireForm.decode(cluster.inputs());
            List<Stitched> stitched = new ArrayList<>();
            LogReader.LogReading thin = stitch(inputs, files, (r, reading, placement) -> stitched.add(new Stitched(r, placement)));
            files = null;
            List<LineProjection> placed = new ArrayList<>();
            List<FileProjection> projections = new ArrayList<>();
            List<ClusterTable.FilePlace> places = new ArrayList<>();
            long offset = 0;
            int at = 0;
            for (Stitched f : stitched) {
                FileProjection fp = (FileProjection) WireForm.decode(f.file().projection());
                LineProjection p = fp.projection();
                // The thin reading holds the specials, the node lines and the election lines, in place order: the thin stitch's lines, placed.
                java.util.TreeSet<Integer> whole = new java.util.TreeSet<>();
                p.specials().forEach(x -> whole.add((int) x.place()));
                p.nodeNames().forEach(x -> whole.add((int) x.place()));
                p.elections().forEach(x -> whole.add((int) x.place()));
                p.records().forEach(x -> whole.add((int) x.first().place()));
                Map<Integer, LogEvent> line = new HashMap<>();
                for (int i : whole) {
                    line.put(i, thin.events().get(at++));
                }
                Placement placement = f.placement();
                placed.add(p.placed(line::get));
                projections.add(new FileProjection(null, fp.source(), fp.perPiece(), fp.dated())); // what the caveats read, not the sets
                places.add(new ClusterTable.FilePlace(f.file().display(), offset, placement));
                offset += p.lines();
            }
            if (at != thin.events().size()) {
                throw new IllegalStateException("the thin readings hold " + thin.events().size() + " lines, their projections place " + at);
            }
            byte[] derivation = WireForm.encode(new ClusterTable.Input(LineProjection.union(placed), exported(inputs), thin.processes(), thin.coverage()));
            byte[] processes = WireForm.encode(thin.processes());
            // the thin stitch's lines and the placed projections let go before the table is derived from the bytes
            placed = null;
            thin = null;
            stitched.clear();
            ClusterTables.Derived derived = ClusterTables.derive((ClusterTable.Input) WireForm.decode(derivation), null);
            GroupedAnalysis.Plan plan = GroupedAnalysis.plan(derived.grouping(), GroupedAnalysis.Split.hashed(groups));
            List<InputSummary> ordered = new ArrayList<>();
            for (InputFile f : inputs.files()) {
                ordered.add(inputs.summaries().get(f));
            }
            Set<Long> dropped = new HashSet<>(derived.table().droppedPlaces());
            ClusterTable.Plan tablePlan = new ClusterTable.Plan(plan, places, ordered, filesOfRun(derived.table().specials(), dropped, projections, places),
                    linesDated(derived.table().specials(), dropped, projections));
            List<InputRow> rows = accounting(cluster.cluster(), ordered, inputs.unreadable());
            rows.replaceAll(r -> keptBy.containsKey(r.path()) && r.kind().equals("log") ? r.withKept(keptBy.get(r.path()), heldBy.get(r.path())) : r);
            rows.sort(Comparator.comparing(InputRow::path));
            return new PreparedCluster(new ClusterPrep(cluster.cluster(), null, processes, rows, plan.groups().size(), null),
                    List.of(), new ClusterTable(cluster.cluster(), derivation, WireForm.encode(tablePlan)));
        } catch (IOException | RuntimeException e) {
            return new PreparedCluster(failed(cluster.cluster(), cluster.objects(), e.toString()), List.of(), null);
        }
    }

    /** A file of round 2's thin stitch: its round-1 result and where the stitch put it. */
    private record Stitched(ReadFile file, Placement placement) {
    }

    /**
     * The files each run's correlated lines stand in: a file's lines of a run are those of its pieces the stitch gave that run,
     * less the handler lines the table leaves out (what {@code ClockCaveats.zoned} reads of every line).
     */
    static Map<Integer, Set<String>> filesOfRun(List<LineProjection.Special> specials, Set<Long> dropped, List<FileProjection> projections,
                                                List<ClusterTable.FilePlace> places) {
        List<LineProjection.Special> left = specials.stream().filter(s -> dropped.contains(s.place())).toList();
        return filesOfRun(left.stream().mapToLong(LineProjection.Special::place).toArray(), left.stream().mapToInt(s -> s.line().stream()).toArray(),
                projections, places);
    }

    /** As above, from the places of the handler lines left out and the stream of each (the slices' flow keeps no line whole in one place). */
    static Map<Integer, Set<String>> filesOfRun(long[] droppedPlaces, int[] droppedStreams, List<FileProjection> projections,
                                                List<ClusterTable.FilePlace> places) {
        List<Map<Integer, Integer>> counts = new ArrayList<>();
        for (int f = 0; f < places.size(); f++) {
            Map<Integer, Integer> byRun = new HashMap<>();
            int[] perPiece = projections.get(f).perPiece();
            for (int p = 0; p < perPiece.length; p++) {
                if (perPiece[p] > 0) {
                    byRun.merge(places.get(f).placement().runs()[p], perPiece[p], Integer::sum);
                }
            }
            counts.add(byRun);
        }
        long[] offsets = places.stream().mapToLong(ClusterTable.FilePlace::offset).toArray();
        for (int d = 0; d < droppedPlaces.length; d++) {
            long place = droppedPlaces[d];
            int k = java.util.Arrays.binarySearch(offsets, place);
            int f = k >= 0 ? k : -k - 2;
            // several files may start at one place (a file keeping nothing): the one holding the line is the last of them
            while (f + 1 < offsets.length && offsets[f + 1] <= place) {
                f++;
            }
            counts.get(f).merge(droppedStreams[d], -1, Integer::sum);
        }
        Map<Integer, Set<String>> out = new TreeMap<>();
        for (int f = 0; f < places.size(); f++) {
            String source = projections.get(f).source();
            counts.get(f).forEach((run, n) -> {
                if (n > 0) {
                    out.computeIfAbsent(run, r -> new TreeSet<>()).add(source);
                }
            });
        }
        return out;
    }

    /** Whether a correlated line has a date: one the files' projections do not keep whole, or a special the table keeps. */
    static boolean linesDated(List<LineProjection.Special> specials, Set<Long> dropped, List<FileProjection> projections) {
        if (projections.stream().anyMatch(FileProjection::dated)) {
            return true;
        }
        return specials.stream().anyMatch(s -> !dropped.contains(s.place()) && !s.line().time().undated());
    }

    /**
     * Round 3, per log file, on the executor that read it: its whole reading placed ({@link Placement#place}), each line
     * assigned from its cluster's table ({@code FactsTable.assign}: its place, Pod, handler line and component), the lines
     * batched by group (-1: the context lines).
     */
    List<LineBatch> assign(ReadFile r, ClusterTables.Derived d) throws IOException {
        ClusterTable.FilePlace at = place(r, d);
        return batches(r.cluster(), d.facts().assign(placed(r, at), at.offset(), d.grouping(), ClusterTables.BINDINGS), d.groupOf());
    }

    /** Where a log file's lines go among its cluster's. */
    static ClusterTable.FilePlace place(ReadFile r, ClusterTables.Derived d) {
        ClusterTable.FilePlace at = d.files().get(r.display());
        if (at == null) {
            throw new IllegalStateException(r.display() + " is not among its cluster's stitched files");
        }
        return at;
    }

    /** A log file's whole reading placed ({@link Placement#place}). */
    static List<LogEvent> placed(ReadFile r, ClusterTable.FilePlace at) throws IOException {
        dev.argoforensics.read.FileReading reading = dev.argoforensics.read.FileReading.decode(r.reading());
        List<LogEvent> lines = new ArrayList<>(reading.events().size());
        for (LogEvent e : reading.events()) {
            lines.add(at.placement().place(e));
        }
        return lines;
    }

    /** Assigned lines batched by group (-1: the context lines), each batch in the order given. */
    static List<LineBatch> batches(String cluster, List<FactsTable.Assigned> assigned, int[] groupOf) {
        Map<Integer, List<FactsTable.Assigned>> byGroup = new TreeMap<>();
        for (FactsTable.Assigned a : assigned) {
            int g = a.component() < 0 ? -1 : groupOf[a.component()];
            byGroup.computeIfAbsent(g, k -> new ArrayList<>()).add(a);
        }
        List<LineBatch> out = new ArrayList<>();
        byGroup.forEach((g, list) -> out.add(new LineBatch(cluster, g, list.get(0).place(), list.size(), WireForm.encode(list))));
        return out;
    }

    /**
     * A group's or the context's batches, their lines in place order ({@code FactsTable.Assigned#place}: in the slices' flow a
     * file's lines come in several batches, those assigned where it was read and those its slices' tasks assigned).
     */
    @SuppressWarnings("unchecked")
    static List<FactsTable.Assigned> lines(Iterable<LineBatch> batches) throws IOException {
        List<LineBatch> sorted = new ArrayList<>();
        batches.forEach(b -> {
            if (b.lines() != null) {
                sorted.add(b);
            }
        });
        sorted.sort(Comparator.comparingLong(LineBatch::first));
        List<FactsTable.Assigned> out = new ArrayList<>(sorted.stream().mapToInt(LineBatch::count).sum());
        for (LineBatch b : sorted) {
            out.addAll((List<FactsTable.Assigned>) WireForm.decode(b.lines()));
        }
        out.sort(Comparator.comparingInt(FactsTable.Assigned::place));
        return out;
    }

    /** Round 3, per cluster: its context lines put together into what every group reads ({@code GroupedAnalysis.contextBytes}). */
    byte[] context(Iterable<LineBatch> batches, ClusterTables.Derived d) throws IOException {
        return context(d.plan(), d.facts().context(lines(batches)));
    }

    /** The context as every group reads it, with what the caveats read of the cluster's inputs and runs. */
    static byte[] context(ClusterTable.Plan plan, GroupContext context) {
        return GroupedAnalysis.contextBytes(plan.inputs(), context, run -> plan.filesOfRun().getOrDefault(run, Set.of()), plan.linesDated());
    }

    /** Round 3, per group: its lines' share of the table ({@code FactsTable.share}), cut at the bound, correlated and its rules run. */
    GroupOutcome group(String cluster, int index, Iterable<LineBatch> batches, ClusterTables.Derived d, Supplier<GroupedAnalysis.Shared> context, long bound) {
        return group(cluster, index, d.plan().groups(), () -> d.facts().share(d.grouping(), d.plan().groups().groups().get(index), lines(batches)), context, bound);
    }

    /** A group's share, made. */
    interface ShareOf {
        GroupShare get() throws IOException;
    }

    /** Round 3, per group: its share, cut at the bound, correlated and its rules run. */
    GroupOutcome group(String cluster, int index, GroupedAnalysis.Plan plan, ShareOf shareOf, Supplier<GroupedAnalysis.Shared> context, long bound) {
        try {
            GroupShare share = shareOf.get();
            GroupShare bounded = share.firstLines(bound);
            List<RuleOutcome> outcomes = files.analysis().grouped().run(bounded, index == plan.home(), context.get(), bound);
            String cut = bounded.cut() > 0 ? new GroupedAnalysis.Cut(plan.names().get(index), bound, share.events().size()).describe() : null;
            return new GroupOutcome(cluster, index, WireForm.encode(outcomes), null, cut == null ? null : plan.names().get(index), cut);
        } catch (IOException | RuntimeException e) {
            return new GroupOutcome(cluster, index, null, "group " + index + ": " + e, null, null);
        }
    }

    /** Stage E2: one group's correlation and rules, its cluster's context decoded once on this executor. */
    GroupOutcome group(GroupTask task, Supplier<GroupedAnalysis.Shared> context, long bound) {
        try {
            GroupShare share = (GroupShare) WireForm.decode(task.facts());
            List<RuleOutcome> outcomes = files.analysis().grouped().run(share, task.home(), context.get(), bound);
            return new GroupOutcome(task.cluster(), task.index(), WireForm.encode(outcomes), null, null, null);
        } catch (IOException | RuntimeException e) {
            return new GroupOutcome(task.cluster(), task.index(), null, "group " + task.index() + ": " + e, null, null);
        }
    }

    /** Stage E3: the cluster's groups' outcomes put together, in group order; the findings and the accounting as rows. */
    @SuppressWarnings("unchecked")
    ClusterResult conclude(ClusterPrep prep, Iterable<GroupOutcome> outcomes, List<ScannedFile> objects) {
        if (prep.failure() != null) {
            return new ClusterResult(prep.cluster(), List.of(), prep.inputs());
        }
        try {
            List<GroupOutcome> sorted = new ArrayList<>();
            outcomes.forEach(sorted::add);
            sorted.sort(Comparator.comparingInt(GroupOutcome::index));
            if (sorted.size() != prep.groups()) {
                throw new IllegalStateException(sorted.size() + " of " + prep.groups() + " groups came back");
            }
            List<List<RuleOutcome>> all = new ArrayList<>();
            for (GroupOutcome o : sorted) {
                if (o.failure() != null) {
                    throw new IllegalStateException(o.failure());
                }
                all.add((List<RuleOutcome>) WireForm.decode(o.outcomes()));
            }
            List<ControllerProcess> processes = (List<ControllerProcess>) WireForm.decode(prep.processes());
            List<InputRow> rows = new ArrayList<>(prep.inputs());
            for (GroupOutcome o : sorted) {
                if (o.cut() != null) {
                    rows.add(InputRow.unread(prep.cluster(), FleetListing.PREFIX + prep.cluster() + "/#group:" + o.cutGroup(), "cut", o.cut()));
                }
            }
            rows.sort(Comparator.comparing(InputRow::path));
            return new ClusterResult(prep.cluster(), findingRows(prep.cluster(), files.analysis().grouped().merge(all), processes), rows);
        } catch (IOException | RuntimeException e) {
            return new ClusterResult(prep.cluster(), List.of(), failed(prep.cluster(), objects, e.toString()).inputs());
        }
    }

    /**
     * A cluster whose logs keep more lines than one stitch task may hold: every object of it a {@code failed} row that says
     * so (the count, the bound, what to do), each log read with its own kept lines; nothing of it is analysed.
     */
    /**
     * A cluster's logs weighed before anything of them is decoded: each readable file's {@code kept} and {@code held} put in the
     * maps (the accounting's columns), and the entries the cluster's task would hold, summed.
     */
    static long weigh(List<ReadFile> files, Map<String, Long> keptBy, Map<String, Long> heldBy) {
        long held = 0;
        for (ReadFile r : files) {
            keptBy.put(r.display(), r.kept());
            if (r.unreadable() == null) {
                heldBy.put(r.display(), r.held());
            }
            held += r.held();
        }
        return held;
    }

    static ClusterPrep tooLarge(ClusterInputs cluster, Map<String, Long> keptBy, Map<String, Long> heldBy, String why) {
        return tooLarge(cluster.cluster(), cluster.objects().stream().map(ScannedFile::display).toList(), keptBy, heldBy, why);
    }

    static ClusterPrep tooLarge(String cluster, List<String> objects, Map<String, Long> keptBy, Map<String, Long> heldBy, String why) {
        List<InputRow> rows = new ArrayList<>();
        for (String o : objects) {
            InputRow row = InputRow.unread(cluster, o, "failed", why);
            rows.add(keptBy.containsKey(o) ? row.withKept(keptBy.get(o), heldBy.get(o)) : row);
        }
        return new ClusterPrep(cluster, null, null, rows, 0, why);
    }

    /** Every object of the cluster in the accounting as failed, with why: a cluster is not silently dropped. */
    static ClusterPrep failed(String cluster, List<ScannedFile> objects, String why) {
        List<InputRow> rows = new ArrayList<>();
        for (ScannedFile o : objects) {
            rows.add(InputRow.unread(cluster, o.display(), "failed", "the cluster's analysis failed: " + why));
        }
        return new ClusterPrep(cluster, null, null, rows, 0, why);
    }

    /** What the stitch did with one file: its round-1 result, its reading as stitched, where the stitch put its lines. */
    interface Added {
        void added(ReadFile file, FileReading reading, Placement placement);
    }

    /**
     * The readings stitched as LogReader.read stitches them: set by set in rotated-set order; a file that failed is listed where
     * it stood. In round 2 the readings are the files' thin ones ({@link ReadFile#thin}), each file's placement given to {@code added}.
     */
    static LogReader.LogReading stitch(Analysis.Inputs inputs, List<ReadFile> readings, Added added) throws IOException {
        Map<String, InputFile> byDisplay = new HashMap<>();
        inputs.files().forEach(f -> byDisplay.put(f.displayPath(), f));
        Map<InputFile, FileReading> read = new LinkedHashMap<>();
        Map<InputFile, ReadFile> from = new HashMap<>();
        List<ReadFile> sorted = new ArrayList<>();
        readings.forEach(sorted::add);
        sorted.sort(Comparator.comparing(ReadFile::display));
        Map<InputFile, String> failed = new HashMap<>();
        for (ReadFile r : sorted) {
            InputFile file = byDisplay.get(r.display());
            if (r.unreadable() != null) {
                failed.put(file, r.unreadable());
            } else {
                read.put(file, FileReading.decode(r.thin() != null ? r.thin() : r.reading()));
                from.put(file, r);
            }
        }
        List<InputFile> readable = new ArrayList<>(read.keySet());
        readable.addAll(failed.keySet());
        readable.sort(Comparator.comparing(InputFile::displayPath));
        ReadingStitch stitch = new ReadingStitch(null);
        List<RotatedSet> sets = RotatedSet.group(readable);
        for (RotatedSet set : sets) {
            for (InputFile f : set.oldestFirst()) {
                if (failed.containsKey(f)) {
                    inputs.unreadable().add(new UnreadableInput(f.displayPath(), failed.get(f)));
                    inputs.summaries().put(f, InputSummary.unreadable(f, failed.get(f)));
                } else {
                    FileReading reading = read.remove(f);
                    added.added(from.get(f), reading, stitch.add(reading));
                }
            }
        }
        LogReader.LogReading finished = stitch.finish();
        Map<InputFile, InputSummary> summaries = new HashMap<>(stitch.summaries());
        // A run whose last piece's successor is absent goes on there, as LogReader.read ends its reading.
        LogReader.LogReading reading = LogReader.continuing(finished, sets, summaries);
        // A transcript's other output was read with the exports (its summary in inputs already): the log's takes in what it said, as
        // LogReader.read does (session 49: the fleet dropped its notes and objects).
        summaries.forEach((f, s) -> {
            InputFile file = byDisplay.get(f.displayPath());
            inputs.summaries().put(file, s.withTranscript(inputs.summaries().get(file)));
        });
        return reading;
    }

    /** The findings in the report's order, each naming the release of the run its evidence cites. */
    static List<FindingRow> findingRows(String cluster, List<RuleOutcome> outcomes, List<ControllerProcess> runs) {
        Map<String, ControllerProcess> processes = new LinkedHashMap<>();
        for (ControllerProcess p : runs) {
            processes.putIfAbsent(p.label(), p);
        }
        List<Finding> all = new ArrayList<>();
        for (RuleOutcome o : outcomes) {
            all.addAll(o.findings());
        }
        List<FindingRow> findings = new ArrayList<>();
        for (Finding f : ReportBuilder.grouped(all)) {
            findings.add(FindingRow.of(cluster, findings.size(), f, processes));
        }
        return findings;
    }

    /** The accounting of every input, the unreadable ones included (unsorted). */
    static List<InputRow> accounting(String cluster, List<InputSummary> summaries, List<UnreadableInput> unreadable) {
        List<InputRow> inputs = new ArrayList<>();
        Set<String> summarised = new HashSet<>();
        for (InputSummary s : summaries) {
            if (s != null) {
                inputs.add(InputRow.of(cluster, s));
                summarised.add(s.file().displayPath());
            }
        }
        for (UnreadableInput u : unreadable) {
            if (!summarised.contains(u.path())) {
                inputs.add(InputRow.unread(cluster, u.path(), "unreadable", u.reason()));
            }
        }
        return inputs;
    }
}
