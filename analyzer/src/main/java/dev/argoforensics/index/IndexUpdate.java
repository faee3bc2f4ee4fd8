package dev.argoforensics.index;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.SourceRef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Brings an index up to date, from an analysis that kept every event. A new or changed log file gets
 * its event documents written ({@link LogDocumentWriter}); an unchanged one gets them written again
 * only when what they hold beyond the file changed (its display path, the final times, the
 * controller runs, the Pods correlation tied lines to: another input can change those); a snapshot
 * file when its content or display path changed. Every input's own
 * document is written; inputs no longer named are dropped.
 */
final class IndexUpdate {
    private final IndexWriter writer;
    private final Map<String, IndexedInput> known;
    private final IndexedLogSource logs;
    /** Where observations' positions start: after every log event's ordinal, whatever the logs hold. */
    static final long SNAPSHOT_BASE = 1L << 50;

    IndexUpdate(IndexWriter writer, Map<String, IndexedInput> known, IndexedLogSource logs) {
        this.writer = writer;
        this.known = known;
        this.logs = logs;
    }

    /**
     * True when the analysis took every log file from the index and named the same inputs, under the
     * same paths, with the same snapshot contents: then no event document changes.
     */
    boolean nothingChanged(AnalysisResult result) {
        Set<String> named = new HashSet<>();
        for (InputSummary s : result.inputs()) {
            InputFile f = s.file();
            String key = InputStat.key(f);
            IndexedInput before = known.get(key);
            if (f.kind() == InputKind.LOG) {
                IndexedLogSource.Served served = logs.served(key).orElse(null);
                if (served == null || !served.unchanged() || !before.displayPath().equals(f.displayPath())) {
                    return false;
                }
                named.add(key);
            } else if (f.kind() == InputKind.SNAPSHOT && s.sha256() != null) {
                if (before == null || !before.derived().equals(snapshotDerived(f, s.sha256()))) {
                    return false;
                }
                named.add(key);
            }
        }
        return named.equals(known.keySet());
    }

    /** When nothing changed: records the modification times of files found unchanged by their hash, and first scans. */
    IndexChanges recordTimes(AnalysisResult result) throws IOException {
        int reused = 0;
        for (InputSummary s : result.inputs()) {
            String key = InputStat.key(s.file());
            IndexedInput before = known.get(key);
            InputStat stat = s.file().kind() == InputKind.LOG ? logs.served(key).map(IndexedLogSource.Served::stat).orElse(null)
                    : before == null ? null : InputStat.of(s.file());
            reused += s.file().kind() == InputKind.LOG && stat != null ? 1 : 0;
            String scan = s.file().kind() == InputKind.LOG ? logs.scan(key) : null;
            IndexedLogSource.Reading reading = s.file().kind() == InputKind.LOG ? logs.reading(key).orElse(null) : null;
            boolean newReading = reading != null && before != null && !reading.interestKey().equals(before.reading());
            if (before != null && stat != null && (!stat.sameAs(before) || !java.util.Objects.equals(scan, before.scan()) || newReading)) {
                IndexedInput entry = new IndexedInput(key, before.displayPath(), before.kind(), before.compressed(), stat.size(), stat.modified(),
                        before.sha256(), before.derived(), before.base(), before.events(), scan, null);
                writer.updateDocuments(inputDocument(key), List.of(inputDocument(entry, s.file().kind())));
            }
        }
        return new IndexChanges(0, reused, 0, 0, 0, false, logs.replayed());
    }

    /** Writes the event documents of the log files named (input key by display path); returns how many per key. */
    @FunctionalInterface
    interface LogDocuments {
        Map<String, Long> write(Map<String, String> files, Map<SourceRef, List<PodKey>> pods) throws IOException;
    }

    /**
     * @param result       the analysis the report was made from: its runs, its Pods (those of interest) and times
     * @param rebuilt      the index was emptied first (it was built with another identity)
     * @param logDocuments writes the documents of the log files that need them (a streamed reading of its own)
     */
    IndexChanges apply(AnalysisResult result, boolean rebuilt, LogDocuments logDocuments) throws IOException {
        Correlation c = result.correlation();
        Map<String, List<LogEvent>> keptByFile = new HashMap<>();
        for (LogEvent e : c.events()) {
            keptByFile.computeIfAbsent(e.source().file(), k -> new ArrayList<>()).add(e);
        }
        Map<SourceRef, List<PodKey>> pods = new HashMap<>();
        for (PodHistory h : c.pods().values()) {
            h.events().forEach(e -> pods.computeIfAbsent(e.source(), k -> new ArrayList<>()).add(h.key()));
        }
        Map<String, List<Observation>> observations = SnapshotObservations.byFile(c);
        long snapshotBase = SNAPSHOT_BASE;
        Set<String> named = new HashSet<>();
        Map<String, String> toWrite = new LinkedHashMap<>();
        List<IndexedInput> entries = new ArrayList<>();
        int read = 0;
        int reused = 0;
        int written = 0;
        long events = 0;
        for (InputSummary s : result.inputs()) {
            InputFile f = s.file();
            String key = InputStat.key(f);
            if (f.kind() == InputKind.LOG && logs.served(key).isPresent()) {
                IndexedLogSource.Served served = logs.served(key).get();
                named.add(key);
                if (served.unchanged()) {
                    reused++;
                } else {
                    read++;
                }
                String derived = derivedLog(f, s, keptByFile.getOrDefault(f.displayPath(), List.of()), c, pods);
                IndexedInput before = known.get(key);
                IndexedInput entry = new IndexedInput(key, f.displayPath(), InputKind.LOG, f.compressed(), served.stat().size(),
                        served.stat().modified(), s.sha256(), derived, 0, before == null ? 0 : before.events(), logs.scan(key), null);
                if (served.unchanged() && before != null && derived.equals(before.derived())) {
                    writer.updateDocuments(inputDocument(key), List.of(inputDocument(entry, InputKind.LOG)));
                } else {
                    toWrite.put(f.displayPath(), key);
                    entries.add(entry);
                }
            } else if (f.kind() == InputKind.SNAPSHOT && s.sha256() != null) {
                named.add(key);
                List<Observation> obs = observations.getOrDefault(f.displayPath(), List.of());
                if (writeSnapshot(f, key, s.sha256(), obs, snapshotBase)) {
                    written++;
                    events += obs.size();
                }
                snapshotBase += obs.size();
            }
        }
        if (!toWrite.isEmpty()) {
            for (String key : toWrite.values()) {
                writer.deleteDocuments(new Term(IndexFields.INPUT, key));
            }
            Map<String, Long> counts = logDocuments.write(toWrite, pods);
            for (IndexedInput e : entries) {
                long n = counts.getOrDefault(e.key(), 0L);
                writer.addDocument(inputDocument(new IndexedInput(e.key(), e.displayPath(), e.kind(), e.compressed(), e.size(),
                        e.modified(), e.sha256(), e.derived(), 0, n, e.scan(), null), InputKind.LOG));
                written++;
                events += n;
            }
        }
        int dropped = 0;
        for (String key : known.keySet()) {
            if (!named.contains(key)) {
                writer.deleteDocuments(new Term(IndexFields.INPUT, key));
                dropped++;
            }
        }
        return new IndexChanges(read, reused, written, events, dropped, rebuilt, logs.replayed());
    }

    private boolean writeSnapshot(InputFile f, String key, String sha256, List<Observation> obs, long base) throws IOException {
        InputStat stat = InputStat.of(f);
        String derived = snapshotDerived(f, sha256);
        IndexedInput before = known.get(key);
        IndexedInput entry = new IndexedInput(key, f.displayPath(), InputKind.SNAPSHOT, f.compressed(), stat.size(), stat.modified(), sha256,
                derived, base, obs.size(), null, null);
        if (before != null && derived.equals(before.derived()) && before.events() == obs.size()) {
            writer.updateDocuments(inputDocument(key), List.of(EventDocuments.input(key, entry.toJson())));
            return false;
        }
        writer.deleteDocuments(new Term(IndexFields.INPUT, key));
        for (int i = 0; i < obs.size(); i++) {
            writer.addDocument(EventDocuments.observation(key, i, obs.get(i)));
        }
        writer.addDocument(EventDocuments.input(key, entry.toJson()));
        return true;
    }

    /** An input's document; a log file's keeps the reading pass 2 made of it, if there is one. */
    private org.apache.lucene.document.Document inputDocument(IndexedInput entry, InputKind kind) throws IOException {
        IndexedLogSource.Reading reading = kind == InputKind.LOG ? logs.reading(entry.key()).orElse(null) : null;
        return reading == null ? EventDocuments.input(entry.key(), entry.toJson())
                : EventDocuments.input(entry.key(), entry.withReading(reading.interestKey()).toJson(), reading.bytes());
    }

    private static String snapshotDerived(InputFile f, String sha256) {
        return hash(List.of(f.displayPath(), sha256));
    }

    private static Query inputDocument(String key) {
        return documentsOf(key, IndexFields.DOC_INPUT);
    }

    private static Query eventDocuments(String key) {
        return documentsOf(key, IndexFields.DOC_EVENT);
    }

    private static Query documentsOf(String key, String doc) {
        return new BooleanQuery.Builder()
                .add(new TermQuery(new Term(IndexFields.DOC, doc)), Occur.FILTER)
                .add(new TermQuery(new Term(IndexFields.INPUT, key)), Occur.FILTER)
                .build();
    }

    /**
     * What a log file's documents hold beyond the file: its display path, the runs it is part of (their
     * names and releases), the times and Pods of its lines the analysis kept (Pods of interest) and
     * its notes (a klog year taken from another input).
     */
    private static String derivedLog(InputFile f, InputSummary s, List<LogEvent> kept, Correlation c, Map<SourceRef, List<PodKey>> pods) {
        List<String> parts = new ArrayList<>(kept.size() + 8);
        parts.add(f.displayPath());
        for (ControllerProcess run : c.processes()) {
            if (run.files().contains(f.displayPath())) {
                parts.add(run.label() + '|' + run.release());
            }
        }
        for (LogEvent e : kept) {
            parts.add(e.source().line() + "|" + StoredTime.encode(e.time()) + '|' + pods.getOrDefault(e.source(), List.of()));
        }
        s.notes().forEach(n -> parts.add(String.valueOf(n)));
        return hash(parts);
    }

    private static String hash(List<String> parts) {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        for (String p : parts) {
            d.update(p.getBytes(StandardCharsets.UTF_8));
            d.update((byte) '\n');
        }
        return HexFormat.of().formatHex(d.digest());
    }
}
