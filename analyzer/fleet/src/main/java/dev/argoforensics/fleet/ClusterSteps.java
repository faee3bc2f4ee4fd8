package dev.argoforensics.fleet;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.GroupedAnalysis;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.GroupShare;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.ReadingStitch;
import dev.argoforensics.read.SnapshotFileReader;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
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
import java.util.function.Supplier;

/**
 * The per-cluster steps of the fleet scan, each in one task: the exports, read once, and the interest
 * of the cluster's logs (stage C); then the stitch of the cluster's file readings, in rotated-set
 * order, the cluster's facts and its groups (stage E1); each group's correlation and rules (E2, a task per
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
            return new ClusterInputs(cluster, interest, WireForm.encode(read), objects, null);
        } catch (IOException | RuntimeException e) {
            return new ClusterInputs(cluster, null, null, objects, e.toString());
        } finally {
            copied.forEach(f -> spool.delete(cluster, f.object()));
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
                return new PreparedCluster(tooLarge(cluster, keptBy, kept, clusterLines), List.of());
            }
            Analysis.Inputs inputs = (Analysis.Inputs) WireForm.decode(cluster.inputs());
            LogReader.LogReading reading = stitch(inputs, files);
            files = null;
            List<InputSummary> ordered = new ArrayList<>();
            for (InputFile f : inputs.files()) {
                ordered.add(inputs.summaries().get(f));
            }
            ClusterFacts facts = Correlator.facts(reading.events(), inputs.exported(), reading.processes(), reading.coverage());
            GroupedAnalysis.Prepared p = GroupedAnalysis.prepare(facts, GroupedAnalysis.Split.hashed(groups), ordered, bound);
            List<GroupTask> tasks = new ArrayList<>();
            for (int i = 0; i < p.groups().size(); i++) {
                tasks.add(new GroupTask(cluster.cluster(), i, i == p.home(), WireForm.encode(p.groups().get(i))));
            }
            List<InputRow> rows = accounting(cluster.cluster(), ordered, inputs.unreadable());
            rows.replaceAll(r -> keptBy.containsKey(r.path()) && r.kind().equals("log") ? r.withKept(keptBy.get(r.path())) : r);
            for (GroupedAnalysis.Cut c : p.cuts()) {
                rows.add(InputRow.unread(cluster.cluster(), FleetListing.PREFIX + cluster.cluster() + "/#group:" + c.group(), "cut", c.describe()));
            }
            rows.sort(Comparator.comparing(InputRow::path));
            return new PreparedCluster(new ClusterPrep(cluster.cluster(), p.contextBytes(), WireForm.encode(reading.processes()), rows, tasks.size(), null),
                    tasks);
        } catch (IOException | RuntimeException e) {
            return new PreparedCluster(failed(cluster.cluster(), cluster.objects(), e.toString()), List.of());
        }
    }

    /** Stage E2: one group's correlation and rules, its cluster's context decoded once on this executor. */
    GroupOutcome group(GroupTask task, Supplier<GroupedAnalysis.Shared> context, long bound) {
        try {
            GroupShare share = (GroupShare) WireForm.decode(task.facts());
            List<RuleOutcome> outcomes = files.analysis().grouped().run(share, task.home(), context.get(), bound);
            return new GroupOutcome(task.cluster(), task.index(), WireForm.encode(outcomes), null);
        } catch (IOException | RuntimeException e) {
            return new GroupOutcome(task.cluster(), task.index(), null, "group " + task.index() + ": " + e);
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
            return new ClusterResult(prep.cluster(), findingRows(prep.cluster(), files.analysis().grouped().merge(all), processes), prep.inputs());
        } catch (IOException | RuntimeException e) {
            return new ClusterResult(prep.cluster(), List.of(), failed(prep.cluster(), objects, e.toString()).inputs());
        }
    }

    /**
     * A cluster whose logs keep more lines than one stitch task may hold: every object of it a {@code failed} row that says
     * so (the count, the bound, what to do), each log read with its own kept lines; nothing of it is analysed.
     */
    private static ClusterPrep tooLarge(ClusterInputs cluster, Map<String, Long> keptBy, long kept, long bound) {
        String why = String.format(java.util.Locale.ROOT, "the cluster's logs keep %d lines of interest, more than the %d one task stitches and"
                + " derives the cluster's facts from (--cluster-lines): the cluster was not analysed, the other clusters were. Scan a"
                + " shorter window of this cluster, or raise --cluster-lines with the executors' memory (%s)", kept, bound, FleetOptions.CLUSTER_LINES_SIZING);
        List<InputRow> rows = new ArrayList<>();
        for (ScannedFile o : cluster.objects()) {
            InputRow row = InputRow.unread(cluster.cluster(), o.display(), "failed", why);
            rows.add(keptBy.containsKey(o.display()) ? row.withKept(keptBy.get(o.display())) : row);
        }
        return new ClusterPrep(cluster.cluster(), null, null, rows, 0, why);
    }

    /** Every object of the cluster in the accounting as failed, with why: a cluster is not silently dropped. */
    private static ClusterPrep failed(String cluster, List<ScannedFile> objects, String why) {
        List<InputRow> rows = new ArrayList<>();
        for (ScannedFile o : objects) {
            rows.add(InputRow.unread(cluster, o.display(), "failed", "the cluster's analysis failed: " + why));
        }
        return new ClusterPrep(cluster, null, null, rows, 0, why);
    }

    /** The readings stitched as LogReader.read stitches them: set by set in rotated-set order; a file that failed is listed where it stood. */
    private static LogReader.LogReading stitch(Analysis.Inputs inputs, List<ReadFile> readings) throws IOException {
        Map<String, InputFile> byDisplay = new HashMap<>();
        inputs.files().forEach(f -> byDisplay.put(f.displayPath(), f));
        Map<InputFile, FileReading> read = new LinkedHashMap<>();
        List<ReadFile> sorted = new ArrayList<>();
        readings.forEach(sorted::add);
        sorted.sort(Comparator.comparing(ReadFile::display));
        Map<InputFile, String> failed = new HashMap<>();
        for (ReadFile r : sorted) {
            InputFile file = byDisplay.get(r.display());
            if (r.unreadable() != null) {
                failed.put(file, r.unreadable());
            } else {
                read.put(file, FileReading.decode(r.reading()));
            }
        }
        List<InputFile> readable = new ArrayList<>(read.keySet());
        readable.addAll(failed.keySet());
        readable.sort(Comparator.comparing(InputFile::displayPath));
        ReadingStitch stitch = new ReadingStitch(null);
        for (RotatedSet set : RotatedSet.group(readable)) {
            for (InputFile f : set.oldestFirst()) {
                if (failed.containsKey(f)) {
                    inputs.unreadable().add(new UnreadableInput(f.displayPath(), failed.get(f)));
                    inputs.summaries().put(f, InputSummary.unreadable(f, failed.get(f)));
                } else {
                    stitch.add(read.get(f));
                }
            }
        }
        LogReader.LogReading reading = stitch.finish();
        stitch.summaries().forEach((f, s) -> inputs.summaries().put(byDisplay.get(f.displayPath()), s));
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
