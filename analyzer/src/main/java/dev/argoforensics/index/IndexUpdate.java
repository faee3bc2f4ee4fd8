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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
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

    /** When nothing changed: records the modification times of files found unchanged by their hash. */
    IndexChanges recordTimes(AnalysisResult result) throws IOException {
        int reused = 0;
        for (InputSummary s : result.inputs()) {
            String key = InputStat.key(s.file());
            IndexedInput before = known.get(key);
            InputStat stat = s.file().kind() == InputKind.LOG ? logs.served(key).map(IndexedLogSource.Served::stat).orElse(null)
                    : before == null ? null : InputStat.of(s.file());
            reused += s.file().kind() == InputKind.LOG && stat != null ? 1 : 0;
            if (before != null && stat != null && !stat.sameAs(before)) {
                IndexedInput entry = new IndexedInput(key, before.displayPath(), before.kind(), before.compressed(), stat.size(), stat.modified(),
                        before.sha256(), before.derived(), before.base(), before.events());
                writer.updateDocuments(inputDocument(key), List.of(EventDocuments.input(key, entry.toJson())));
            }
        }
        return new IndexChanges(0, reused, 0, 0, 0, false);
    }

    /**
     * @param everything the analysis of the same inputs keeping every event (the documents need them all)
     * @param rebuilt    the index was emptied first (it was built with another identity)
     */
    IndexChanges apply(AnalysisResult everything, boolean rebuilt, LogDocumentWriter documents) throws IOException {
        Correlation c = everything.correlation();
        Map<String, List<LogEvent>> eventsByFile = new HashMap<>();
        for (LogEvent e : c.events()) {
            eventsByFile.computeIfAbsent(e.source().file(), k -> new ArrayList<>()).add(e);
        }
        Map<LogEvent, List<PodKey>> pods = new IdentityHashMap<>();
        for (PodHistory h : c.pods().values()) {
            h.events().forEach(e -> pods.computeIfAbsent(e, k -> new ArrayList<>()).add(h.key()));
        }
        Map<String, List<Observation>> observations = SnapshotObservations.byFile(c);
        long snapshotBase = c.events().size();
        Set<String> named = new HashSet<>();
        int read = 0;
        int reused = 0;
        int written = 0;
        long events = 0;
        for (InputSummary s : everything.inputs()) {
            InputFile f = s.file();
            String key = InputStat.key(f);
            if (f.kind() == InputKind.LOG && logs.served(key).isPresent()) {
                IndexedLogSource.Served served = logs.served(key).get();
                named.add(key);
                List<LogEvent> fileEvents = eventsByFile.getOrDefault(f.displayPath(), List.of());
                if (served.unchanged()) {
                    reused++;
                } else {
                    read++;
                }
                if (writeLog(f, key, s.sha256(), served, fileEvents, c, pods, documents)) {
                    written++;
                    events += fileEvents.size();
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
        int dropped = 0;
        for (String key : known.keySet()) {
            if (!named.contains(key)) {
                writer.deleteDocuments(new Term(IndexFields.INPUT, key));
                dropped++;
            }
        }
        return new IndexChanges(read, reused, written, events, dropped, rebuilt);
    }

    /** Writes what a log file needs written; true if its event documents were written. */
    private boolean writeLog(InputFile f, String key, String sha256, IndexedLogSource.Served served, List<LogEvent> events, Correlation c,
                             Map<LogEvent, List<PodKey>> pods, LogDocumentWriter documents) throws IOException {
        String derived = derivedLog(f, events, c, pods);
        IndexedInput before = known.get(key);
        IndexedInput entry = new IndexedInput(key, f.displayPath(), InputKind.LOG, f.compressed(), served.stat().size(),
                served.stat().modified(), sha256, derived, events.isEmpty() ? 0 : events.get(0).ordinal(), events.size());
        if (served.unchanged() && before != null && derived.equals(before.derived())) {
            writer.updateDocuments(inputDocument(key), List.of(EventDocuments.input(key, entry.toJson())));
            return false;
        }
        writer.deleteDocuments(new Term(IndexFields.INPUT, key));
        documents.write(key, events, c, pods);
        writer.addDocument(EventDocuments.input(key, entry.toJson()));
        return true;
    }

    private boolean writeSnapshot(InputFile f, String key, String sha256, List<Observation> obs, long base) throws IOException {
        InputStat stat = InputStat.of(f);
        String derived = snapshotDerived(f, sha256);
        IndexedInput before = known.get(key);
        IndexedInput entry = new IndexedInput(key, f.displayPath(), InputKind.SNAPSHOT, f.compressed(), stat.size(), stat.modified(), sha256,
                derived, base, obs.size());
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

    /** What a log file's documents hold beyond the file: its display path, final times, runs and correlated Pods. */
    private static String derivedLog(InputFile f, List<LogEvent> events, Correlation c, Map<LogEvent, List<PodKey>> pods) {
        List<String> parts = new ArrayList<>(events.size() + 1);
        parts.add(f.displayPath());
        for (LogEvent e : events) {
            ControllerProcess run = c.process(e);
            parts.add(StoredTime.encode(e.time()) + '|' + run.label() + '|' + run.release() + '|' + pods.getOrDefault(e, List.of()));
        }
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
