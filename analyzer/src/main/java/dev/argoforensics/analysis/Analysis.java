package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.CorrelationGroup;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.Workers;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.PastedAnswers;
import dev.argoforensics.read.NodeLogYears;
import dev.argoforensics.read.PhaseTimes;
import dev.argoforensics.read.ReadSettings;
import dev.argoforensics.read.SnapshotFileReader;
import dev.argoforensics.read.Unreadable;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.UnreadableInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * One whole run: inputs → events and observations → controller runs → correlation → rules. Exports
 * are read by {@link SnapshotFileReader}, logs by {@link LogReader} (two passes over chunks on a pool
 * of workers, see there); this class only drives the stages in order.
 */
public final class Analysis {
    private final MessageCatalog catalog;
    private final List<Rule> rules;
    private final AnalysisOptions options;
    private final LogSource logs;

    public Analysis(MessageCatalog catalog, List<Rule> rules, AnalysisOptions options) {
        this(catalog, rules, options, LogSource.files());
    }

    /**
     * @param logs asked first for each log file (see {@link LogSource}); the file is read only if it has no earlier read
     */
    public Analysis(MessageCatalog catalog, List<Rule> rules, AnalysisOptions options, LogSource logs) {
        this.catalog = catalog;
        this.rules = List.copyOf(rules);
        this.options = options;
        this.logs = logs;
    }

    public static Analysis standard(AnalysisOptions options) {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options);
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
        InputCollector collector = new InputCollector(options.stdin());
        List<InputFile> files = collector.collect(paths);
        snapshotTimes.checkAllUsed(files);
        return run(files, collector.problems(), snapshotTimes);
    }

    /**
     * The analysis of files already collected and classified, under display paths the caller chose
     * (the fleet scan's {@code cluster=NAME/rest}): the same stages as {@link #run(List, SnapshotTimes)},
     * which collects the paths a user named and then comes here.
     *
     * @param files    the inputs, each classified ({@link dev.argoforensics.source.InputClassifier}); read in display-path order
     * @param problems what could not be listed or opened before this, reported with the rest
     */
    public AnalysisResult run(List<InputFile> files, List<UnreadableInput> problems, SnapshotTimes snapshotTimes) {
        Inputs inputs = readExports(files, problems, snapshotTimes, new Workers(options.threads()));
        // No local holds the reading here: conclude lets go of its list of lines once the facts are derived from it.
        return conclude(inputs, readLogs(inputs));
    }

    /** The logs of the inputs read, on a pool of {@code --threads} workers. */
    private LogReader.LogReading readLogs(Inputs inputs) {
        ExecutorService pool = LogReader.readers(options.threads());
        try {
            return logReader().read(inputs.logFiles(), inputs.exported(), pool, inputs.summaries(), inputs.unreadable());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The inputs of a run with the exports read, before the logs are: every file in display-path
     * order, the log files among them, the exported objects, and the summaries and problems so far
     * (the logs' reading adds its own to these two).
     */
    public record Inputs(List<InputFile> files, List<InputFile> logFiles, ExportedObjects exported,
                         Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
    }

    /**
     * The first stage of {@link #run(List, List, SnapshotTimes)}: reads the exports (they are small, and
     * what they name is of interest in the logs), and sorts the inputs out. On the calling thread.
     */
    public static Inputs readExports(List<InputFile> files, List<UnreadableInput> problems, SnapshotTimes snapshotTimes) {
        return readExports(files, problems, snapshotTimes, new Workers(1));
    }

    /**
     * {@link #readExports(List, List, SnapshotTimes)} with the snapshot files read on {@code workers}: each file is read
     * on its own (an incident's hundreds of exports took two seconds on one thread while the other waited), and what
     * they give is put together in display-path order, as one thread reading them in turn puts it.
     */
    public static Inputs readExports(List<InputFile> files, List<UnreadableInput> problems, SnapshotTimes snapshotTimes, Workers workers) {
        files = files.stream().sorted(java.util.Comparator.comparing(InputFile::displayPath)).toList();
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<UnreadableInput> unreadable = new ArrayList<>(problems);
        List<ExportedObject> objectList = new ArrayList<>();
        List<InputFile> logFiles = new ArrayList<>();
        SnapshotFileReader snapshots = SnapshotFileReader.forInputs(files);
        List<InputFile> snapshotFiles = files.stream().filter(f -> f.kind() == dev.argoforensics.source.InputKind.SNAPSHOT).toList();
        List<SnapshotRead> read = workers.map(snapshotFiles, f -> SnapshotRead.of(snapshots, f, snapshotTimes));
        Map<InputFile, SnapshotRead> byFile = new HashMap<>();
        for (int i = 0; i < snapshotFiles.size(); i++) {
            byFile.put(snapshotFiles.get(i), read.get(i));
        }
        for (InputFile f : files) {
            try {
                switch (f.kind()) {
                    case LOG -> {
                        logFiles.add(f);
                        if (dev.argoforensics.source.InputClassifier.isTranscript(f)) {
                            // A transcript's describe or argo get output, read as exports before the logs are; the log reader's
                            // summary of the file takes in what this one says.
                            summaries.put(f, snapshots.transcript(f, objectList::add));
                        }
                    }
                    case SNAPSHOT -> summaries.put(f, byFile.get(f).take(objectList));
                    case IGNORED -> summaries.put(f, InputSummary.ignored(f));
                    default -> throw new IllegalStateException(f.kind().name());
                }
            } catch (IOException | RuntimeException e) {
                unreadable(f, e, summaries, unreadable);
            }
        }
        objectList = NodeLogYears.resolve(objectList, summaries);
        PhaseTimes.mark("inputs listed, snapshots read");
        return new Inputs(files, logFiles, ExportedObjects.of(objectList), summaries, unreadable);
    }

    /**
     * One snapshot file's reading: the objects it gave, in its order, and its summary, or what stopped it (the objects
     * given before that are kept, as they were when the reader handed them straight to the list).
     */
    private record SnapshotRead(List<ExportedObject> objects, InputSummary summary, Exception failure) {
        static SnapshotRead of(SnapshotFileReader reader, InputFile f, SnapshotTimes times) {
            List<ExportedObject> objects = new ArrayList<>();
            try {
                return new SnapshotRead(objects, reader.read(f, times.forFile(f), objects::add), null);
            } catch (IOException | RuntimeException e) {
                return new SnapshotRead(objects, null, e);
            }
        }

        /** Adds the objects to {@code into}; the summary, or the failure thrown. */
        InputSummary take(List<ExportedObject> into) throws IOException {
            into.addAll(objects);
            if (failure instanceof IOException io) {
                throw io;
            }
            if (failure != null) {
                throw (RuntimeException) failure;
            }
            return summary;
        }
    }

    /** This run's rules and worker threads, for correlation in groups (the fleet scan runs each group in a task). */
    public GroupedAnalysis grouped() {
        return new GroupedAnalysis(rules, new Workers(options.threads()));
    }

    /** The log reader of this run's options (its seams are what the fleet scan calls file by file). */
    public LogReader logReader() {
        return new LogReader(catalog, new ReadSettings(options.logZone(), options.threads(), options.keepEverything(),
                options.chunkBytes(), options.podsOfInterest(), options.progress(), options.maxLineBytes()), logs);
    }

    /**
     * The last stage: correlation and rules over what the logs' reading gave; {@code inputs}' summaries
     * and problems hold the logs' by now.
     */
    public AnalysisResult conclude(Inputs inputs, LogReader.LogReading reading) {
        List<InputSummary> ordered = new ArrayList<>();
        for (InputFile f : inputs.files()) {
            ordered.add(inputs.summaries().get(f));
        }
        ClusterFacts facts = Correlator.facts(reading.events(), PastedAnswers.with(inputs.exported(), ordered), reading.processes(),
                reading.coverage(), new Workers(options.threads()));
        // The reading's list of lines is dead once the facts hold theirs (the lines themselves are the same objects): not kept
        // through the correlation, the rules and the report. The caller passes the reading without keeping it (run).
        reading = null;
        PhaseTimes.mark("correlate: facts");
        Correlation correlation = new Correlator(new Workers(options.threads())).correlate(facts, CorrelationGroup.whole(facts));
        facts = null;
        PhaseTimes.mark("correlate");
        List<RuleOutcome> outcomes = TimeOfDayCaveats.apply(ClockCaveats.apply(ExcerptCaveats.apply(new RuleEngine(rules).run(correlation), ordered), correlation),
                correlation);
        PhaseTimes.mark("rules");
        return new AnalysisResult(ordered, inputs.unreadable(), correlation, outcomes);
    }

    /**
     * The last stage in groups ({@link GroupedAnalysis}): the facts of the whole input derived once, then correlation
     * and rules group by group. Its outcomes are {@link #conclude}'s, each rule's findings and clearances in the order
     * of the groups, unless a group went past the {@code bound}: then its cut is one of the problems of the result
     * ({@link AnalysisResult#unreadable()}) and its findings say so. The result holds no correlation (no group is the whole).
     */
    public AnalysisResult concludeInGroups(Inputs inputs, LogReader.LogReading reading, GroupedAnalysis.Split split, long bound, boolean viaBytes) {
        List<InputSummary> ordered = new ArrayList<>();
        for (InputFile f : inputs.files()) {
            ordered.add(inputs.summaries().get(f));
        }
        ClusterFacts facts = Correlator.facts(reading.events(), PastedAnswers.with(inputs.exported(), ordered), reading.processes(),
                reading.coverage());
        GroupedAnalysis.Result r = grouped().run(facts, split, ordered, bound, viaBytes);
        List<UnreadableInput> unreadable = new ArrayList<>(inputs.unreadable());
        r.cuts().forEach(c -> unreadable.add(new UnreadableInput(c.group(), c.describe())));
        return new AnalysisResult(ordered, unreadable, null, r.outcomes());
    }

    private static void unreadable(InputFile f, Exception e, Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        Unreadable.record(f, e, summaries, unreadable);
    }
}
