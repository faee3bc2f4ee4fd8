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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;

/**
 * Writes the event documents of the log files being indexed as the reading assembles their events
 * (an {@link EventSink}): events are gathered in batches with the records the reading parsed (keys,
 * message, the catalog's match: nothing is read twice), and each batch is put on a bounded queue that
 * the indexing threads take from; a thread turns a batch into documents and hands them to the
 * {@link IndexWriter}, which indexes them in that thread's own in-memory segment and flushes segments as
 * its RAM buffer fills (a flush runs on the thread whose documents filled it). A thread that is
 * flushing holds up no other: the others keep taking batches, and the assembling thread waits only when
 * the queue is full. Nothing waits for a whole file: at most {@code 2 × threads} batches are queued or
 * being indexed, so memory does not grow with the input. The documents' order in the index does not
 * matter: search orders hits by time and position ({@code _seq}, the event's ordinal in the reading).
 *
 * <p>The controller runs and the Pods correlation tied lines to come from the analysis the report was
 * made from (the reading that feeds this writer keeps nothing to correlate): its runs are the same
 * (the same files read in the same order), and its Pods are the Pods and Workflows of interest.
 */
final class LogDocumentWriter implements EventSink, AutoCloseable {
    /**
     * Events per batch: large enough that handing over costs nothing, small enough to keep memory flat
     * (the batches in flight, with their records, are live at every young collection).
     */
    static final int BATCH = 512;

    /** A klog record's year: any will do, the document's time is the event's, not the record's. */
    private static final int ANY_YEAR = 2000;

    private final IndexWriter writer;
    private final MessageCatalog catalog;
    /** Batches gathered and not yet taken by an indexing thread; {@link #END} tells a thread to stop. */
    private final BlockingQueue<Batch> queue;
    private final List<Thread> indexers = new ArrayList<>();
    private final ThreadLocal<RecordParser> parsers = ThreadLocal.withInitial(RecordParser::new);
    private final List<ControllerProcess> processes;
    private final Map<SourceRef, List<PodKey>> pods;
    /** The input key of each file whose documents are written, by its display path. */
    private final Map<String, String> writing;
    private final Map<String, Long> written = new HashMap<>();
    /** Events per batch ({@link #BATCH}; tests: fewer, so that a small sample makes many batches). */
    private final int batchSize;
    private List<LogEvent> batch;
    private List<ParsedRecord> parses;
    /**
     * The first failure of an indexing thread (or of waiting for one); the reading is not told (it would take it for the
     * file's), {@link #finish} throws it. After it the threads drop the batches they take, so the queue never stays full.
     */
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private record Batch(List<LogEvent> events, List<ParsedRecord> parsed) {
    }

    private static final Batch END = new Batch(List.of(), List.of());

    /**
     * @param threads   indexing threads (at least 1)
     * @param batchSize events per batch ({@link #BATCH}; at least 1)
     * @param processes the analysis's controller runs ({@code LogEvent.stream()} indexes them)
     * @param pods      the Pods correlation tied each line to
     * @param writing   the input key of each file to write, by display path; other files' events are passed over
     */
    LogDocumentWriter(IndexWriter writer, MessageCatalog catalog, int threads, int batchSize, List<ControllerProcess> processes,
                      Map<SourceRef, List<PodKey>> pods, Map<String, String> writing) {
        this.batchSize = Math.max(1, batchSize);
        this.batch = new ArrayList<>(this.batchSize);
        this.parses = new ArrayList<>(this.batchSize);
        this.writer = writer;
        this.catalog = catalog;
        int n = Math.max(1, threads);
        this.processes = processes;
        this.pods = pods;
        this.writing = Map.copyOf(writing);
        // n batches queued and n being indexed: as many in flight as when each batch was a task awaited in order.
        this.queue = new ArrayBlockingQueue<>(n);
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(this::index, "argo-forensics-indexer");
            t.setDaemon(true);
            indexers.add(t);
            t.start();
        }
    }

    @Override
    public void accept(LogEvent e) {
        accept(e, null);
    }

    @Override
    public void accept(LogEvent e, ParsedRecord parsed) {
        String key = writing.get(e.source().file());
        if (key == null || failure.get() != null) {
            return;
        }
        written.merge(key, 1L, Long::sum);
        batch.add(e);
        parses.add(parsed);
        if (batch.size() >= batchSize) {
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
        InterruptedException interrupted = endAndJoin();
        if (interrupted != null) {
            fail(new IOException("interrupted while indexing", interrupted));
        }
        Throwable f = failure.get();
        if (f instanceof IOException io) {
            throw io;
        } else if (f instanceof Error error) {
            throw error; // running out of memory is told as such (cli.Main), not as a fault of the index
        } else if (f != null) {
            throw (RuntimeException) f;
        }
    }

    private void submit() {
        Batch b = new Batch(batch, parses);
        batch = new ArrayList<>(batchSize);
        parses = new ArrayList<>(batchSize);
        put(b);
    }

    private void put(Batch b) {
        try {
            queue.put(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(new IOException("interrupted while indexing", e));
        }
    }

    /** An indexing thread: takes batches until {@link #END}, writing their documents unless a failure came first. */
    private void index() {
        while (true) {
            Batch b;
            try {
                b = queue.take();
            } catch (InterruptedException e) {
                return; // closed before finishing: the index is not committed
            }
            if (b == END) {
                return;
            }
            if (failure.get() != null) {
                continue;
            }
            try {
                write(b);
            } catch (IOException | RuntimeException | Error e) {
                fail(e); // the thread goes on taking (and dropping) batches, so that the queue never stays full
            }
        }
    }

    private void write(Batch b) throws IOException {
        List<Document> docs = new ArrayList<>(b.events().size());
        for (int i = 0; i < b.events().size(); i++) {
            LogEvent e = b.events().get(i);
            ParsedRecord p = b.parsed().get(i);
            LogRecord record = p != null ? p.record() : record(e);
            CatalogMatch match = p != null ? p.match() : record == null ? null : catalog.match(record).orElse(null);
            docs.add(EventDocuments.logEvent(writing.get(e.source().file()), e.ordinal(), e, processes.get(e.stream()),
                    pods.getOrDefault(e.source(), List.of()), record, match));
        }
        writer.addDocuments(docs);
    }

    private void fail(Throwable e) {
        failure.compareAndSet(null, e);
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

    /**
     * Stops the indexing threads if {@link #finish} did not (a failed reading): what they had not written is dropped, and the
     * batch a thread is writing is finished, not interrupted (an interrupt would close the index's open files under Lucene).
     */
    @Override
    public void close() {
        if (indexers.stream().noneMatch(Thread::isAlive)) {
            return;
        }
        fail(new IOException("the reading ended before its documents were written"));
        queue.clear();
        endAndJoin();
    }

    /** Tells every indexing thread to end once the queue is drained and waits for them; the interrupt that cut the wait, or null. */
    private InterruptedException endAndJoin() {
        for (int i = 0; i < indexers.size(); i++) {
            put(END);
        }
        for (Thread t : indexers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return e;
            }
        }
        return null;
    }
}
