package dev.argoforensics.index;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.read.EventSink;
import dev.argoforensics.read.ParsedRecord;
import dev.argoforensics.source.SourceRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;

/**
 * Writes the event documents of the log files being indexed as the reading assembles their events
 * (an {@link EventSink}): events are gathered in batches with the records the reading parsed (keys,
 * message, the catalog's match: nothing is read twice), and each batch is turned into documents and handed to the
 * {@link IndexWriter} by a worker, which indexes them in its own in-memory segment; the writer
 * flushes segments as its RAM buffer fills. Nothing waits for a whole file: at most a few batches are
 * in flight, so memory does not grow with the input. The documents' order in the index does not
 * matter: search orders hits by time and position ({@code _seq}, the event's ordinal in the reading).
 *
 * <p>The controller runs and the Pods correlation tied lines to come from the analysis the report was
 * made from (the reading that feeds this writer keeps nothing to correlate): its runs are the same
 * (the same files read in the same order), and its Pods are the Pods and Workflows of interest.
 */
final class LogDocumentWriter implements EventSink, AutoCloseable {
    /**
     * Events per task: large enough that handing over costs nothing, small enough to keep memory flat
     * (the batches in flight, with their records, are live at every young collection).
     */
    static final int BATCH = 512;

    /** A klog record's year: any will do, the document's time is the event's, not the record's. */
    private static final int ANY_YEAR = 2000;

    private final IndexWriter writer;
    private final MessageCatalog catalog;
    private final ExecutorService pool;
    private final int threads;
    private final ThreadLocal<RecordParser> parsers = ThreadLocal.withInitial(RecordParser::new);
    private final List<ControllerProcess> processes;
    private final Map<SourceRef, List<PodKey>> pods;
    /** The input key of each file whose documents are written, by its display path. */
    private final Map<String, String> writing;
    private final Map<String, Long> written = new HashMap<>();
    private final List<Future<?>> inFlight = new ArrayList<>();
    private List<LogEvent> batch = new ArrayList<>(BATCH);
    private List<ParsedRecord> parses = new ArrayList<>(BATCH);
    /** The first failure of a worker; the reading is not told (it would take it for the file's), {@link #finish} throws it. */
    private Exception failure;

    /**
     * @param processes the analysis's controller runs ({@code LogEvent.stream()} indexes them)
     * @param pods      the Pods correlation tied each line to
     * @param writing   the input key of each file to write, by display path; other files' events are passed over
     */
    LogDocumentWriter(IndexWriter writer, MessageCatalog catalog, int threads, List<ControllerProcess> processes,
                      Map<SourceRef, List<PodKey>> pods, Map<String, String> writing) {
        this.writer = writer;
        this.catalog = catalog;
        this.threads = Math.max(1, threads);
        this.processes = processes;
        this.pods = pods;
        this.writing = Map.copyOf(writing);
        this.pool = Executors.newFixedThreadPool(this.threads, r -> {
            Thread t = new Thread(r, "argo-forensics-indexer");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void accept(LogEvent e) {
        accept(e, null);
    }

    @Override
    public void accept(LogEvent e, ParsedRecord parsed) {
        String key = writing.get(e.source().file());
        if (key == null || failure != null) {
            return;
        }
        written.merge(key, 1L, Long::sum);
        batch.add(e);
        parses.add(parsed);
        if (batch.size() >= BATCH) {
            submit();
        }
    }

    /** Event documents written per input key. */
    Map<String, Long> written() {
        return written;
    }

    /** Writes what is still gathered and waits for every batch. */
    void finish() throws IOException {
        if (!batch.isEmpty()) {
            submit();
        }
        while (!inFlight.isEmpty()) {
            awaitOldest();
        }
        if (failure instanceof IOException io) {
            throw io;
        } else if (failure != null) {
            throw (RuntimeException) failure;
        }
    }

    private void submit() {
        List<LogEvent> events = batch;
        List<ParsedRecord> parsed = parses;
        batch = new ArrayList<>(BATCH);
        parses = new ArrayList<>(BATCH);
        inFlight.add(pool.submit(() -> {
            List<Document> docs = new ArrayList<>(events.size());
            for (int i = 0; i < events.size(); i++) {
                LogEvent e = events.get(i);
                ParsedRecord p = parsed.get(i);
                LogRecord record = p != null ? p.record() : record(e);
                CatalogMatch match = p != null ? p.match() : record == null ? null : catalog.match(record).orElse(null);
                docs.add(EventDocuments.logEvent(writing.get(e.source().file()), e.ordinal(), e, processes.get(e.stream()),
                        pods.getOrDefault(e.source(), List.of()), record, match));
            }
            writer.addDocuments(docs);
            return null;
        }));
        if (inFlight.size() >= 2 * threads) {
            awaitOldest();
        }
    }

    private void awaitOldest() {
        try {
            inFlight.remove(0).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(new IOException("interrupted while indexing", e));
        } catch (ExecutionException e) {
            fail(e.getCause() instanceof IOException || e.getCause() instanceof RuntimeException ? (Exception) e.getCause()
                    : new IOException(e.getCause()));
        }
    }

    private void fail(Exception e) {
        if (failure == null) {
            failure = e;
        }
    }

    /**
     * The record as the grammar reads the event's text (the same text the analysis parsed: the record
     * without its envelope), for an event handed over without its parse (an executor's line); null for
     * a Go panic block, which is no record.
     */
    private LogRecord record(LogEvent e) {
        if (e.event() instanceof ControllerEvent.GoPanic) {
            return null;
        }
        LineParse parse = parsers.get().parse(e.text(), ANY_YEAR, false);
        return parse instanceof LineParse.Parsed p ? p.record() : null;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
