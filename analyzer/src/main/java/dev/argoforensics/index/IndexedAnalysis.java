package dev.argoforensics.index;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.read.Progress;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.SourceRef;
import org.apache.lucene.index.Term;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * An analysis that keeps an index of its events. The analysis reads every log file as without an
 * index (the index keeps no lines); the index tells which files its documents were made from
 * ({@link IndexedLogSource}), and gives their SHA-256. The report is the one {@link Analysis} gives
 * without an index. When nothing changed, nothing is written but the files' times; otherwise the
 * index is brought up to date ({@link IndexUpdate}): the log files whose documents must be written
 * are read again keeping every line, each event handed to the document writer as it is assembled
 * ({@link DocumentReading}), so memory stays what the analysis keeps plus the writer's buffer.
 */
public final class IndexedAnalysis {
    private IndexedAnalysis() {
    }

    /** What an indexed run gave: the analysis the options asked for, and what it changed in the index. */
    public record Outcome(AnalysisResult result, IndexChanges changes) {
    }

    /**
     * @param dir the index folder; created if missing
     * @throws IOException if the index cannot be read or written
     * @throws dev.argoforensics.source.InputException if a named path does not exist or cannot be listed
     */
    public static Outcome run(Path dir, AnalysisOptions options, SnapshotTimes times, List<String> paths) throws IOException {
        return run(dir, options, times, paths, RuleEngine.standardRules());
    }

    /** As {@link #run(Path, AnalysisOptions, SnapshotTimes, List)}, running only the given rules (the index holds events, not findings). */
    public static Outcome run(Path dir, AnalysisOptions options, SnapshotTimes times, List<String> paths, List<Rule> rules) throws IOException {
        Files.createDirectories(dir);
        try (Directory d = FSDirectory.open(dir)) {
            return run(d, options, times, paths, rules);
        }
    }

    /** The same on any Lucene directory (an index in memory, for a search straight on files). */
    public static Outcome run(Directory dir, AnalysisOptions options, SnapshotTimes times, List<String> paths) throws IOException {
        return run(dir, options, times, paths, RuleEngine.standardRules());
    }

    private static Outcome run(Directory dir, AnalysisOptions options, SnapshotTimes times, List<String> paths, List<Rule> rules)
            throws IOException {
        return run(dir, IndexIdentity.current(options), options, times, paths, rules, -1);
    }

    /** Megabytes of documents the writer buffers before it writes a segment: memory stays bounded, whatever the input. */
    static final double RAM_BUFFER_MB = 48;

    /**
     * @param identity        what the index must have been built with to be reused
     * @param maxBufferedDocs flush a segment every this many documents (tests: many segments), or -1 to flush by RAM only
     */
    static Outcome run(Directory dir, IndexIdentity identity, AnalysisOptions options, SnapshotTimes times, List<String> paths,
                       List<Rule> rules, int maxBufferedDocs) throws IOException {
        return run(dir, identity, options, times, paths, rules, maxBufferedDocs, LogDocumentWriter.BATCH);
    }

    /** As above; {@code batch}: events per batch handed to an indexing thread (tests: a few, so that a sample makes many). */
    static Outcome run(Directory dir, IndexIdentity identity, AnalysisOptions options, SnapshotTimes times, List<String> paths,
                       List<Rule> rules, int maxBufferedDocs, int batch) throws IOException {
        return run(dir, identity, options, times, paths, rules, maxBufferedDocs, batch, HELD_LINES, true);
    }

    /**
     * As above; {@code heldLines}: the most lines the analysis may keep for the documents to be written beside it (-1: never,
     * always after it); {@code holdKept} false holds no line for its Pods (tests: the way back taken when correlation ties a Pod
     * to a line not held).
     */
    static Outcome run(Directory dir, IndexIdentity identity, AnalysisOptions options, SnapshotTimes times, List<String> paths,
                       List<Rule> rules, int maxBufferedDocs, int batch, int heldLines, boolean holdKept) throws IOException {
        MessageCatalog catalog = MessageCatalog.standard();
        try (StoredIndex before = StoredIndex.open(dir)) {
            boolean reusable = before.identity().map(identity::equals).orElse(false);
            Map<String, IndexedInput> known = reusable ? before.inputs() : Map.of();
            IndexedLogSource logs = new IndexedLogSource(known, reusable ? before::reading : null);
            Analysis analysis = new Analysis(catalog, rules, options, logs);
            Analysis.Inputs inputs = analysis.inputs(paths, times);
            // Held here until the conclusion takes it (and lets go of its lines once it holds their facts, as Analysis.run does).
            AtomicReference<LogReader.LogReading> reading = new AtomicReference<>(analysis.readLogs(inputs));
            // Nothing is committed but by the commit below: a run that fails leaves the index as it was.
            IndexWriterConfig config = new IndexWriterConfig(IndexFields.indexAnalyzer())
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setRAMBufferSizeMB(RAM_BUFFER_MB)
                    .setMaxBufferedDocs(maxBufferedDocs)
                    .setCommitOnClose(false)
                    .setCodec(new Lucene912Codec(Lucene912Codec.Mode.BEST_COMPRESSION));
            try (IndexWriter writer = new IndexWriter(dir, config)) {
                if (!reusable) {
                    writer.deleteAll();
                }
                IndexUpdate update = new IndexUpdate(writer, known, logs);
                Map<String, String> early = besideTheAnalysis(inputs, reading.get(), logs, heldLines);
                if (early != null) {
                    boolean rebuilt = before.identity().isPresent() && !reusable;
                    Beside beside = beside(writer, catalog, options, batch, analysis, inputs, reading, logs, early, holdKept);
                    IndexChanges changes = update.apply(beside.result(), rebuilt, (files, pods) -> {
                        if (!files.equals(early)) {
                            throw new IllegalStateException("the index's documents were written for other files (" + early.size()
                                    + ") than it brings up to date (" + files.size() + ")");
                        }
                        return beside.written() != null ? beside.written() : written(writer, catalog, options, batch, beside.result(), logs, files, pods);
                    }, Set.copyOf(early.values()));
                    writer.setLiveCommitData(identity.commitData().entrySet());
                    writer.commit();
                    return new Outcome(beside.result(), changes);
                }
                AnalysisResult result = analysis.conclude(inputs, reading.getAndSet(null));
                IndexChanges changes;
                if (reusable && update.nothingChanged(result)) {
                    changes = update.recordTimes(result);
                } else {
                    boolean rebuilt = before.identity().isPresent() && !reusable;
                    changes = update.apply(result, rebuilt, (files, pods) -> written(writer, catalog, options, batch, result, logs, files, pods));
                }
                writer.setLiveCommitData(identity.commitData().entrySet());
                writer.commit();
                return new Outcome(result, changes);
            }
        }
    }

    /** The documents of {@code files} written once the analysis is whole (its runs and Pods known): the reading of its own. */
    private static Map<String, Long> written(IndexWriter writer, MessageCatalog catalog, AnalysisOptions options, int batch,
                                             AnalysisResult result, IndexedLogSource logs, Map<String, String> files,
                                             Map<SourceRef, List<PodKey>> pods) throws IOException {
        try (LogDocumentWriter documents = new LogDocumentWriter(writer, catalog, options.threads(), batch,
                result.correlation().processes(), pods, files)) {
            DocumentReading.run(catalog, options, result.inputs(), result.correlation().processes(), logs, documents);
            documents.finish();
            return documents.written();
        }
    }

    /**
     * Lines the analysis may keep for the documents to start beside its correlation and rules: their documents wait for the
     * Pods (held in memory), so a run that keeps more (every line kept, {@code --timelines all}) writes them after the analysis.
     */
    static final int HELD_LINES = 200_000;

    /**
     * The log files (input key by display path) whose documents can be written beside the analysis's correlation and rules,
     * or null to write them after it. They can when every log file read is new or changed (so every one is written, whatever
     * the correlation finds: an unchanged file's are written again only if what they hold beyond it changed, which the
     * correlation tells) and the analysis kept no more than {@link #HELD_LINES} lines.
     */
    private static Map<String, String> besideTheAnalysis(Analysis.Inputs inputs, LogReader.LogReading reading, IndexedLogSource logs,
                                                         int heldLines) {
        if (reading.events().size() > heldLines) {
            return null;
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (InputFile f : inputs.files()) {
            if (f.kind() != InputKind.LOG) {
                continue;
            }
            String key = InputStat.key(f);
            IndexedLogSource.Served served = logs.served(key).orElse(null);
            if (served == null) {
                continue;
            }
            if (served.unchanged()) {
                return null;
            }
            files.put(f.displayPath(), key);
        }
        return files.isEmpty() ? null : files;
    }

    /** The analysis concluded beside the documents, and the documents written (null: to be written after it, see {@link #beside}). */
    private record Beside(AnalysisResult result, Map<String, Long> written) {
    }

    /**
     * The analysis's correlation and rules on a thread of their own while the documents of {@code files} are read and written
     * (their runs are the analysis's reading's; the lines it kept wait for the Pods correlation ties them to). If correlation
     * ties a Pod to a line the analysis did not keep (none does: a history's lines are the analysis's), the documents written
     * are deleted and {@link Beside#written()} is null: the caller writes them after the analysis, as without this.
     */
    private static Beside beside(IndexWriter writer, MessageCatalog catalog, AnalysisOptions options, int batch, Analysis analysis,
                                 Analysis.Inputs inputs, AtomicReference<LogReader.LogReading> reading, IndexedLogSource logs,
                                 Map<String, String> files, boolean holdKept)
            throws IOException {
        for (String key : files.values()) {
            writer.deleteDocuments(new Term(IndexFields.INPUT, key));
        }
        List<ControllerProcess> runs = reading.get().processes();
        Set<SourceRef> kept = new HashSet<>();
        if (holdKept) {
            reading.get().events().forEach(e -> kept.add(e.source()));
        }
        List<InputSummary> ordered = new ArrayList<>();
        for (InputFile f : inputs.files()) {
            ordered.add(inputs.summaries().get(f));
        }
        FutureTask<AnalysisResult> conclusion = new FutureTask<>(() -> analysis.conclude(inputs, reading.getAndSet(null)));
        Thread concluding = new Thread(conclusion, "argo-forensics-conclude");
        concluding.setDaemon(true);
        concluding.start();
        boolean whole = false;
        try {
            Map<String, Long> written;
            try (LogDocumentWriter documents = LogDocumentWriter.beforePods(writer, catalog, options.threads(), batch, runs, kept, files)) {
                DocumentReading.run(catalog, options, ordered, runs, logs, documents);
                AnalysisResult result = concluded(conclusion);
                whole = true;
                if (!sameRuns(runs, result.correlation().processes())) {
                    throw new IllegalStateException("the analysis's correlation has other controller runs than its reading");
                }
                if (!documents.podsKnown(IndexUpdate.podsOf(result.correlation()))) {
                    written = null;
                } else {
                    documents.finish();
                    written = documents.written();
                }
                if (written == null) {
                    documents.close();
                    for (String key : files.values()) {
                        writer.deleteDocuments(new Term(IndexFields.INPUT, key));
                    }
                }
                return new Beside(result, written);
            }
        } finally {
            if (!whole) {
                // The documents failed: the analysis's thread is let finish (nothing of it is used), not cut in the middle.
                try {
                    concluding.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** The conclusion's result, or what it threw, as itself. */
    private static AnalysisResult concluded(FutureTask<AnalysisResult> conclusion) throws IOException {
        try {
            return conclusion.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the analysis concluded", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        }
    }

    private static boolean sameRuns(List<ControllerProcess> a, List<ControllerProcess> b) {
        return a.stream().map(p -> p.label() + '|' + p.replica() + '|' + p.release()).toList()
                .equals(b.stream().map(p -> p.label() + '|' + p.replica() + '|' + p.release()).toList());
    }
}
