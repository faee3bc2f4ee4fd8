package dev.argoforensics.index;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;

/**
 * Writes a log file's event documents on several threads: the events are cut in batches, and each
 * batch is turned into documents (its records read again by the grammar from the event's text, the
 * catalog asked) and handed to the {@link IndexWriter} by a worker, which indexes them in its own
 * in-memory segment; the writer flushes segments as its RAM buffer fills. Nothing waits for a whole
 * file's documents: at most a few batches are in flight. The documents' order in the index does not
 * matter: search orders hits by time and position ({@code _seq}).
 */
final class LogDocumentWriter implements AutoCloseable {
    /** Events per task: large enough that handing over costs nothing, small enough to keep memory flat. */
    static final int BATCH = 2048;

    /** A klog record's year: any will do, the document's time is the event's, not the record's. */
    private static final int ANY_YEAR = 2000;

    private final IndexWriter writer;
    private final MessageCatalog catalog;
    private final ExecutorService pool;
    private final int threads;
    private final ThreadLocal<RecordParser> parsers = ThreadLocal.withInitial(RecordParser::new);

    LogDocumentWriter(IndexWriter writer, MessageCatalog catalog, int threads) {
        this.writer = writer;
        this.catalog = catalog;
        this.threads = Math.max(1, threads);
        this.pool = Executors.newFixedThreadPool(this.threads, r -> {
            Thread t = new Thread(r, "argo-forensics-indexer");
            t.setDaemon(true);
            return t;
        });
    }

    /** Writes the documents of one input's events ({@code _seq} = position in the list). */
    void write(String key, List<LogEvent> events, Correlation c, Map<LogEvent, List<PodKey>> pods) throws IOException {
        List<Future<?>> inFlight = new ArrayList<>();
        for (int from = 0; from < events.size(); from += BATCH) {
            int start = from;
            int end = Math.min(events.size(), from + BATCH);
            inFlight.add(pool.submit(() -> {
                List<Document> docs = new ArrayList<>(end - start);
                for (int i = start; i < end; i++) {
                    LogEvent e = events.get(i);
                    LogRecord record = record(e);
                    CatalogMatch match = record == null ? null : catalog.match(record).orElse(null);
                    docs.add(EventDocuments.logEvent(key, i, e, c.process(e), pods.getOrDefault(e, List.of()), record, match));
                }
                try {
                    writer.addDocuments(docs);
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
                return null;
            }));
            if (inFlight.size() >= 2 * threads) {
                await(inFlight.remove(0));
            }
        }
        for (Future<?> f : inFlight) {
            await(f);
        }
    }

    /**
     * The record as the grammar reads the event's text (the same text the analysis parsed: the record
     * without its envelope); null for a Go panic block, which is no record.
     */
    private LogRecord record(LogEvent e) {
        if (e.event() instanceof ControllerEvent.GoPanic) {
            return null;
        }
        LineParse parse = parsers.get().parse(e.text(), ANY_YEAR, false);
        return parse instanceof LineParse.Parsed p ? p.record() : null;
    }

    private static void await(Future<?> f) throws IOException {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while indexing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
