package dev.argoforensics.fleet;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisResult;
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

/**
 * The per-cluster steps of the fleet scan, each in one task: the exports, read once, and the interest
 * of the cluster's logs (stage C); then the stitch of the cluster's file readings, in rotated-set
 * order, the correlation and the rules (stage E). What {@code analyze cluster=NAME} does around its
 * log reading, through the same engine calls ({@link Analysis#readExports}, {@link LogReader#interest},
 * {@link ReadingStitch}, {@link Analysis#conclude}).
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

    /** Stage E: the readings stitched, then correlation and rules; the findings and the accounting as rows. */
    ClusterResult conclude(ClusterInputs cluster, Iterable<ReadFile> readings) {
        try {
            if (cluster.failure() != null) {
                throw new IllegalStateException(cluster.failure());
            }
            Analysis.Inputs inputs = (Analysis.Inputs) WireForm.decode(cluster.inputs());
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
            // As LogReader.read: the files read, set by set in rotated-set order; one that fails is listed where it stood.
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
            return rows(cluster.cluster(), files.analysis().conclude(inputs, reading));
        } catch (IOException | RuntimeException e) {
            // The cluster is not silently dropped: the accounting says its analysis failed, and why.
            List<InputRow> rows = new ArrayList<>();
            for (ScannedFile o : cluster.objects()) {
                rows.add(InputRow.unread(cluster.cluster(), o.display(), "failed", "the cluster's analysis failed: " + e));
            }
            return new ClusterResult(cluster.cluster(), List.of(), rows);
        }
    }

    /** The findings in the report's order and the accounting of every input, the unreadable ones included. */
    static ClusterResult rows(String cluster, AnalysisResult result) {
        Map<String, ControllerProcess> processes = new LinkedHashMap<>();
        for (ControllerProcess p : result.correlation().processes()) {
            processes.putIfAbsent(p.label(), p);
        }
        List<Finding> all = new ArrayList<>();
        for (RuleOutcome o : result.outcomes()) {
            all.addAll(o.findings());
        }
        List<FindingRow> findings = new ArrayList<>();
        for (Finding f : ReportBuilder.grouped(all)) {
            findings.add(FindingRow.of(cluster, findings.size(), f, processes));
        }
        List<InputRow> inputs = new ArrayList<>();
        Set<String> summarised = new HashSet<>();
        for (InputSummary s : result.inputs()) {
            if (s != null) {
                inputs.add(InputRow.of(cluster, s));
                summarised.add(s.file().displayPath());
            }
        }
        for (UnreadableInput u : result.unreadable()) {
            if (!summarised.contains(u.path())) {
                inputs.add(InputRow.unread(cluster, u.path(), "unreadable", u.reason()));
            }
        }
        inputs.sort(Comparator.comparing(InputRow::path));
        return new ClusterResult(cluster, findings, inputs);
    }
}
