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
import java.util.List;
import java.util.Map;
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
        MessageCatalog catalog = MessageCatalog.standard();
        try (StoredIndex before = StoredIndex.open(dir)) {
            boolean reusable = before.identity().map(identity::equals).orElse(false);
            Map<String, IndexedInput> known = reusable ? before.inputs() : Map.of();
            IndexedLogSource logs = new IndexedLogSource(known, reusable ? before::reading : null);
            AnalysisResult result = new Analysis(catalog, rules, options, logs).run(paths, times);
            IndexWriterConfig config = new IndexWriterConfig(IndexFields.indexAnalyzer())
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setRAMBufferSizeMB(RAM_BUFFER_MB)
                    .setMaxBufferedDocs(maxBufferedDocs)
                    .setCodec(new Lucene912Codec(Lucene912Codec.Mode.BEST_COMPRESSION));
            try (IndexWriter writer = new IndexWriter(dir, config)) {
                if (!reusable) {
                    writer.deleteAll();
                }
                IndexUpdate update = new IndexUpdate(writer, known, logs);
                IndexChanges changes;
                if (reusable && update.nothingChanged(result)) {
                    changes = update.recordTimes(result);
                } else {
                    boolean rebuilt = before.identity().isPresent() && !reusable;
                    changes = update.apply(result, rebuilt, (files, pods) -> {
                        try (LogDocumentWriter documents = new LogDocumentWriter(writer, catalog, options.threads(), batch,
                                result.correlation().processes(), pods, files)) {
                            DocumentReading.run(catalog, options, result.inputs(), result.correlation().processes(), logs, documents);
                            documents.finish();
                            return documents.written();
                        }
                    });
                }
                writer.setLiveCommitData(identity.commitData().entrySet());
                writer.commit();
                return new Outcome(result, changes);
            }
        }
    }
}
