package dev.argoforensics.index;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.LogLines;
import dev.argoforensics.analysis.Progress;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * An analysis that keeps an index of its events. Log files the index holds unchanged are not read:
 * their lines come back from the index ({@link IndexedLogSource}); the others are read once, whole,
 * and kept. The report is the one {@link Analysis} gives without an index. When anything changed,
 * the index is brought up to date ({@link IndexUpdate}) from a second pass over the same lines that
 * keeps every event, since search needs them all.
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
        MessageCatalog catalog = MessageCatalog.standard();
        return run(dir, IndexIdentity.current(options), options, times, paths, file -> LogLines.read(file, catalog, options.chunkBytes()),
                rules);
    }

    /**
     * @param identity what the index must have been built with to be reused
     * @param reader   reads a whole log file the index cannot give back
     */
    static Outcome run(Directory dir, IndexIdentity identity, AnalysisOptions options, SnapshotTimes times, List<String> paths,
                       IndexedLogSource.FileReader reader) throws IOException {
        return run(dir, identity, options, times, paths, reader, RuleEngine.standardRules());
    }

    private static Outcome run(Directory dir, IndexIdentity identity, AnalysisOptions options, SnapshotTimes times, List<String> paths,
                               IndexedLogSource.FileReader reader, List<Rule> rules) throws IOException {
        MessageCatalog catalog = MessageCatalog.standard();
        try (StoredIndex before = StoredIndex.open(dir)) {
            boolean reusable = before.identity().map(identity::equals).orElse(false);
            Map<String, IndexedInput> known = reusable ? before.inputs() : Map.of();
            IndexedLogSource logs = new IndexedLogSource(before, known, reader);
            AnalysisResult result = new Analysis(catalog, rules, options, logs).run(paths, times);
            IndexWriterConfig config = new IndexWriterConfig(IndexFields.analyzer()).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
            try (IndexWriter writer = new IndexWriter(dir, config)) {
                if (!reusable) {
                    writer.deleteAll();
                }
                IndexUpdate update = new IndexUpdate(writer, known, logs, catalog);
                IndexChanges changes;
                if (reusable && update.nothingChanged(result)) {
                    changes = update.recordTimes(result);
                } else {
                    AnalysisOptions all = options.keepingEverything(true).withProgress(Progress.NONE);
                    AnalysisResult everything = options.keepEverything() ? result
                            : new Analysis(catalog, rules, all, logs.again()).run(paths, times);
                    changes = update.apply(everything, before.identity().isPresent() && !reusable);
                }
                writer.setLiveCommitData(identity.commitData().entrySet());
                writer.commit();
                return new Outcome(result, changes);
            }
        }
    }
}
