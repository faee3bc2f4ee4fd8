package dev.argoforensics.index;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.Field;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;

/**
 * The Lucene documents of the index: one per log event and per observation (what queries name and
 * results show: time, level, message, the catalog's attributes and the record's own keys, the run,
 * the file and line, the text), and one per input ({@link IndexedInput}).
 */
final class EventDocuments {
    private EventDocuments() {
    }

    /** The enums' names as the index writes them, made once (not a new lower-cased string per event). */
    private static final String[] FORMATS = lowerCase(dev.argoforensics.line.RecordFormat.values(), false);
    private static final String[] ENVELOPES = lowerCase(EnvelopeKind.values(), false);
    private static final String[] LEVELS = lowerCase(dev.argoforensics.line.Level.values(), false);
    private static final String[] KINDS = lowerCase(dev.argoforensics.event.EventType.values(), true);

    private static String[] lowerCase(Enum<?>[] values, boolean dashes) {
        String[] out = new String[values.length];
        for (Enum<?> v : values) {
            String name = v.name().toLowerCase(Locale.ROOT);
            out[v.ordinal()] = dashes ? name.replace('_', '-') : name;
        }
        return out;
    }

    /**
     * @param event  the record as the analysis placed it (final time, run, ordinal)
     * @param record its keys and message as the grammar read them; null for a Go panic block
     * @param match  what the catalog made of it, or null
     * @param pods   the Pods correlation tied the record to
     */
    static Document logEvent(String input, long seq, LogEvent event, ControllerProcess run, List<PodKey> pods, LogRecord record,
                             CatalogMatch match) {
        Builder b = new Builder(input, seq, event.time());
        // Evidence is stored only on observations: a document without it is a log event's. The fields with one value per
        // event that few events tell apart are one value (IndexFields.FOLDED); those search shows are stored as well.
        String kind = kind(event, match);
        String level = event.level() == null ? null : LEVELS[event.level().ordinal()];
        String file = event.source().file();
        b.stored(IndexFields.KIND, kind).stored(IndexFields.LEVEL, level).stored(IndexFields.RUN, run.label());
        b.folded(IndexFields.fold("log", kind, FORMATS[event.format().ordinal()], ENVELOPES[event.envelope().ordinal()], file, level,
                event.catalogId(), run.label(), run.replica(), run.release()));
        b.stored(IndexFields.FILE, file).line(event.source().line()).text(event.text(), record == null ? null : record.rawTime(),
                fromFile(event));
        if (event.event() instanceof ControllerEvent.GoPanic panic) {
            b.message(panic.message());
        }
        if (record != null) {
            b.message(record.message());
            for (Field f : record.fields()) {
                b.keyword(IndexFields.forKey(f.key()), f.value());
            }
        }
        if (match != null) {
            match.attributes().asMap().forEach((name, value) -> b.keyword(IndexFields.forKey(name), value));
        }
        ControllerEvent ev = event.event();
        ev.pod().ifPresent(p -> b.keyword(IndexFields.POD, p.name()).keyword(IndexFields.NAMESPACE, p.namespace()));
        ev.workflow().ifPresent(w -> b.keyword(IndexFields.WORKFLOW, w.name()).keyword(IndexFields.NAMESPACE, w.namespace()));
        ev.nodeId().ifPresent(id -> b.keyword(IndexFields.NODE_ID, id));
        ev.nodeName().ifPresent(n -> b.keyword(IndexFields.NODE_NAME, n));
        for (PodKey p : pods) {
            b.keyword(IndexFields.POD, p.name()).keyword(IndexFields.NAMESPACE, p.namespace());
        }
        return b.doc;
    }

    static Document observation(String input, long seq, Observation o) {
        Builder b = new Builder(input, seq, o.time());
        // As a log event's (Lucene wants a field stored alone, or indexed, in every document alike): the node's
        // template an observation may have is a field of its own, log events have none.
        b.stored(IndexFields.EVIDENCE, "snapshot").stored(IndexFields.KIND, o.kind()).stored(IndexFields.FILE, o.source().file());
        b.folded(IndexFields.fold("snapshot", o.kind(), null, null, o.source().file(), null, null, null, null, null));
        b.line(o.source().line()).text(o.text(), null, false);
        if (o.lowerBound()) {
            b.stored(IndexFields.LOWER_BOUND, 1);
        }
        o.fields().forEach((name, values) -> values.forEach(v -> b.keyword(name, v)));
        return b.doc;
    }

    /** The document that carries one input's {@link IndexedInput}. */
    static Document input(String input, String manifestJson) {
        Document d = new Document();
        d.add(new StringField(IndexFields.DOC, IndexFields.DOC_INPUT, Store.NO));
        d.add(new StringField(IndexFields.INPUT, input, Store.YES));
        d.add(new StoredField(IndexFields.MANIFEST, manifestJson));
        return d;
    }

    /** The document of a log file's input, with the reading pass 2 made of it (null: none). */
    static Document input(String input, String manifestJson, byte[] reading) {
        Document d = input(input, manifestJson);
        if (reading != null) {
            d.add(new StoredField(IndexFields.READING, reading));
        }
        return d;
    }

    /** {@code pod-cleanup-scheduled}: the event type the catalog gave, {@code unrecognized}, or {@code go-panic}. */
    static String kind(LogEvent e, CatalogMatch match) {
        if (match != null) {
            return KINDS[match.entry().event().ordinal()];
        }
        return e.event() instanceof ControllerEvent.GoPanic ? "go-panic" : "unrecognized";
    }

    static long number(Document d, String field) {
        return d.getField(field).numericValue().longValue();
    }

    /**
     * True if the event's text is its file's line as it stands: one line, in no envelope, not cut, not
     * the file's first (which may start with a byte-order mark). Its text is not stored: search reads
     * the line from the file ({@link LineTexts}).
     */
    /** Longer texts are stored (a line over {@code --max-line-bytes} was cut, and its file's line is longer). */
    static final int SHORT_LINE = 4096;

    static boolean fromFile(LogEvent e) {
        return e.envelope() == EnvelopeKind.NONE && e.lastLine() == e.source().line() && e.source().line() > 1
                && e.text().length() < SHORT_LINE && !(e.event() instanceof ControllerEvent.GoPanic) && e.text().indexOf('\r') < 0 && e.text().indexOf('\n') < 0;
    }

    /** Words: positions for phrases, no norms (hits are ordered by time, never scored). */
    static final FieldType WORDS = words();

    private static FieldType words() {
        FieldType t = new FieldType(TextField.TYPE_NOT_STORED);
        t.setOmitNorms(true);
        t.freeze();
        return t;
    }

    /**
     * The keyword pairs one document was given so far, told apart by their hashes (a String caches its
     * own) and compared only when two hashes meet. One per thread, emptied for each document: new
     * arrays per document were a twelfth of all that {@code index} allocated.
     */
    private static final class Seen {
        private String[] names = new String[32];
        private String[] values = new String[32];
        private int[] hashes = new int[32];
        private int keywords;
        /**
         * The UTF-8 of keyword values met lately, by their hash (one slot each, the later value taking it): most lines repeat a
         * few values (the input, the folded fields, the namespace, the component), and a {@code StringField} made from a String
         * encoded its value again for every document (a 2% of the indexers' samples in session 50). Lucene copies the bytes
         * into its own buffers and never changes them, so one {@code BytesRef} serves every document of this thread.
         */
        private final String[] recent = new String[RECENT];
        private final BytesRef[] recentBytes = new BytesRef[RECENT];

        BytesRef bytes(String value) {
            int h = value.hashCode();
            int slot = (h ^ (h >>> 16)) & (RECENT - 1);
            String at = recent[slot];
            if (at != null && (at == value || at.equals(value))) {
                return recentBytes[slot];
            }
            BytesRef b = new BytesRef(value);
            recent[slot] = value;
            recentBytes[slot] = b;
            return b;
        }

        boolean firstTime(String field, String value) {
            int h = field.hashCode() * 31 + value.hashCode();
            for (int i = 0; i < keywords; i++) {
                if (hashes[i] == h && names[i].equals(field) && values[i].equals(value)) {
                    return false;
                }
            }
            if (keywords == hashes.length) {
                names = java.util.Arrays.copyOf(names, 2 * keywords);
                values = java.util.Arrays.copyOf(values, 2 * keywords);
                hashes = java.util.Arrays.copyOf(hashes, 2 * keywords);
            }
            names[keywords] = field;
            values[keywords] = value;
            hashes[keywords++] = h;
            return true;
        }
    }

    /**
     * A text read with one span given as a single space ({@code value[0, from) + ' ' + value[to, …)}):
     * the words of a record without its own time as printed, without building that string.
     */
    static final class Blanked extends java.io.Reader {
        private final String value;
        private final int from;
        private final int to;
        /** Characters read so far (of {@code from + 1 + value.length() - to}). */
        private int read;

        Blanked(String value, int from, int to) {
            this.value = value;
            this.from = from;
            this.to = to;
        }

        @Override
        public int read(char[] buf, int off, int len) {
            int length = from + 1 + value.length() - to;
            if (read >= length) {
                return len == 0 ? 0 : -1;
            }
            int n = 0;
            while (n < len && read < length) {
                if (read < from) {
                    int k = Math.min(len - n, from - read);
                    value.getChars(read, read + k, buf, off + n);
                    read += k;
                    n += k;
                } else if (read == from) {
                    buf[off + n++] = ' ';
                    read++;
                } else {
                    int start = to + read - from - 1;
                    int k = Math.min(len - n, value.length() - start);
                    value.getChars(start, start + k, buf, off + n);
                    read += k;
                    n += k;
                }
            }
            return n;
        }

        @Override
        public void close() {
        }
    }

    private static final ThreadLocal<Seen> SEEN = ThreadLocal.withInitial(Seen::new);

    /** Slots of {@link Seen}'s recent values (a power of two). */
    private static final int RECENT = 1024;

    /**
     * Collects one document's fields; keyword values are written once per field (the thread's
     * {@link Seen}: a set of {@code field + NUL + value} strings made a new string and a map node per
     * keyword, a seventh of all that {@code index} allocated).
     */
    private static final class Builder {
        final Document doc = new Document();
        private final Seen seen = SEEN.get();

        Builder(String input, long seq, Timestamp time) {
            seen.keywords = 0;
            doc.add(new StringField(IndexFields.DOC, seen.bytes(IndexFields.DOC_EVENT), Store.NO));
            // Not stored: the document's file names its input (StoredIndex#inputOf).
            doc.add(new StringField(IndexFields.INPUT, seen.bytes(input), Store.NO));
            doc.add(new LongPoint(IndexFields.SEQ, seq));
            doc.add(new NumericDocValuesField(IndexFields.SEQ, seq));
            doc.add(new StoredField(IndexFields.SEQ, seq));
            long nanos = time == null ? Long.MAX_VALUE : StoredTime.epochNanos(time.instant());
            doc.add(new NumericDocValuesField(IndexFields.TIME, nanos));
            if (time != null) {
                doc.add(new LongPoint(IndexFields.TIME, nanos));
                doc.add(new StoredField(IndexFields.STORED_TIME, StoredTime.encode(time)));
            }
        }

        Builder keyword(String field, String value) {
            if (value != null && !value.isEmpty() && value.length() <= IndexFields.MAX_KEYWORD_CHARS && firstTime(field, value)) {
                doc.add(new StringField(field, seen.bytes(value), Store.NO));
            }
            return this;
        }

        /** True if the pair was not written yet (and notes it). */
        private boolean firstTime(String field, String value) {
            return seen.firstTime(field, value);
        }

        /**
         * The message as one exact value, which {@code msg} queries match through the index's distinct
         * messages ({@link FoldedQueries}); a message too long for a keyword is written as words under {@code msg}.
         */
        Builder message(String value) {
            if (value == null || value.isEmpty()) {
                return this;
            }
            if (value.length() <= IndexFields.MAX_KEYWORD_CHARS) {
                doc.add(new StringField(IndexFields.MSG_VALUE, seen.bytes(value), Store.NO));
            } else {
                doc.add(new org.apache.lucene.document.Field(IndexFields.MSG, value, WORDS));
            }
            return this;
        }

        /**
         * The text, indexed as words without the record's own time as printed (the {@code time} field
         * holds it, and its digits would be most of the field's distinct words); stored unless it is
         * the file's line as it stands ({@code inFile}): search reads that line from the file.
         */
        Builder text(String value, String rawTime, boolean inFile) {
            if (!inFile) {
                doc.add(new StoredField(IndexFields.TEXT, value));
            }
            int at = rawTime == null || rawTime.isEmpty() ? -1 : value.indexOf(rawTime);
            doc.add(at < 0 ? new org.apache.lucene.document.Field(IndexFields.TEXT, value, WORDS)
                    : new org.apache.lucene.document.Field(IndexFields.TEXT, new Blanked(value, at, at + rawTime.length()), WORDS));
            return this;
        }

        Builder line(long line) {
            doc.add(new LongPoint(IndexFields.LINE, line));
            doc.add(new StoredField(IndexFields.LINE, line));
            return this;
        }

        Builder folded(String value) {
            doc.add(new StringField(IndexFields.FOLDED, seen.bytes(value), Store.NO));
            return this;
        }

        Builder stored(String field, String value) {
            if (value != null) {
                doc.add(new StoredField(field, value));
            }
            return this;
        }

        Builder stored(String field, long value) {
            doc.add(new StoredField(field, value));
            return this;
        }
    }
}
