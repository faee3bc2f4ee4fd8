package dev.argoforensics.analysis;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One whole run: inputs → events and observations → controller streams → correlation → rules. */
public final class Analysis {
    private final MessageCatalog catalog;
    private final List<Rule> rules;
    private final ZoneId logZone;

    /**
     * @param logZone the zone logrus and klog wall-clock times were written in, or null for UTC
     */
    public Analysis(MessageCatalog catalog, List<Rule> rules, ZoneId logZone) {
        this.catalog = catalog;
        this.rules = List.copyOf(rules);
        this.logZone = logZone;
    }

    public static Analysis standard() {
        return standard(null);
    }

    public static Analysis standard(ZoneId logZone) {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), logZone);
    }

    /**
     * @param paths files and folders as the user named them
     * @throws dev.argoforensics.source.InputException if a named path does not exist or cannot be listed
     */
    public AnalysisResult run(List<String> paths) {
        return run(paths, SnapshotTimes.none());
    }

    /**
     * @param snapshotTimes when the user says snapshot files were taken ({@code --snapshot-time})
     * @throws dev.argoforensics.source.InputException also if a stated file is not a snapshot file read
     */
    public AnalysisResult run(List<String> paths, SnapshotTimes snapshotTimes) {
        List<InputFile> files = new InputCollector().collect(paths);
        snapshotTimes.checkAllUsed(files);
        Map<InputFile, FileRead> reads = new HashMap<>();
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<String> unreadable = new ArrayList<>();
        List<ExportedObject> objects = new ArrayList<>();
        LogFileReader logs = new LogFileReader(catalog, logZone);
        SnapshotFileReader snapshots = new SnapshotFileReader();
        List<InputFile> logFiles = new ArrayList<>();
        for (InputFile f : files) {
            try {
                switch (f.kind()) {
                    case LOG -> {
                        reads.put(f, logs.read(f));
                        logFiles.add(f);
                    }
                    case SNAPSHOT -> summaries.put(f, snapshots.read(f, snapshotTimes.forFile(f), objects::add));
                    case IGNORED -> summaries.put(f, InputSummary.ignored(f));
                    default -> throw new IllegalStateException(f.kind().name());
                }
            } catch (IOException | UncheckedIOException e) {
                unreadable.add(f.displayPath() + ": " + e.getMessage());
                summaries.put(f, InputSummary.unreadable(f, e.getMessage()));
            }
        }
        Map<InputFile, List<String>> extraNotes = datelessKlog(reads);
        ControllerStreams.Result streams = ControllerStreams.assign(RotatedSet.group(logFiles), reads);
        for (Map.Entry<InputFile, FileRead> e : reads.entrySet()) {
            InputFile f = e.getKey();
            List<String> notes = new ArrayList<>(e.getValue().summary().notes());
            notes.addAll(extraNotes.getOrDefault(f, List.of()));
            notes.addAll(streams.notesByPath().getOrDefault(f.displayPath(), List.of()));
            summaries.put(f, withReleasesAndNotes(e.getValue(), notes));
        }
        List<InputSummary> ordered = new ArrayList<>();
        for (InputFile f : files) {
            ordered.add(summaries.get(f));
        }
        Correlation correlation = new Correlator().correlate(streams.events(), ExportedObjects.of(objects), streams.processes());
        return new AnalysisResult(ordered, unreadable, correlation, new RuleEngine(rules).run(correlation));
    }

    private static InputSummary withReleasesAndNotes(FileRead read, List<String> notes) {
        ReleaseEvidence releases = ReleaseEvidence.NONE;
        for (ReadRecord r : read.records()) {
            releases = releases.and(r.releases());
        }
        InputSummary s = read.summary();
        return new InputSummary(s.file(), s.format(), s.sha256(), s.lines(), s.events(), s.recognised(), s.continuation(), s.prefixed(),
                s.blank(), s.unparsed(), s.samples(), releases.describe(), notes);
    }

    /**
     * klog lines in a file where nothing gives a year take the year nearest the earliest dated record
     * of all the other inputs; if there is none, they keep a placeholder year and the report says so.
     */
    private static Map<InputFile, List<String>> datelessKlog(Map<InputFile, FileRead> reads) {
        Map<InputFile, List<String>> notes = new HashMap<>();
        Timestamp reference = null;
        for (FileRead r : reads.values()) {
            for (int i = 0; i < r.records().size(); i++) {
                if (!r.yearlessKlog().contains(i)) {
                    Timestamp t = r.records().get(i).time();
                    reference = reference == null || t.compareTo(reference) < 0 ? t : reference;
                    break;
                }
            }
        }
        for (Map.Entry<InputFile, FileRead> e : reads.entrySet()) {
            FileRead r = e.getValue();
            if (r.yearlessKlog().isEmpty()) {
                continue;
            }
            if (reference == null) {
                notes.put(e.getKey(), List.of(r.yearlessKlog().size() + " klog line(s) have no year and nothing else gives one: shown as "
                        + LogFileReader.UNKNOWN_YEAR));
                continue;
            }
            List<ReadRecord> fixed = new ArrayList<>(r.records());
            for (int i : r.yearlessKlog()) {
                fixed.set(i, fixed.get(i).withTime(KlogYears.near(fixed.get(i).time(), reference)));
            }
            e.setValue(new FileRead(fixed, r.summary(), List.of()));
            notes.put(e.getKey(), List.of(r.yearlessKlog().size() + " klog line(s) took their year from the other inputs ("
                    + reference.instant().atZone(ZoneOffset.UTC).getYear() + ")"));
        }
        return notes;
    }
}
