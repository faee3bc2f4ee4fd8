package dev.argoforensics.index;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.Field;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.time.Timestamp;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;

/**
 * The Lucene documents of the index: one per log event and per observation (what queries name and
 * results show: time, level, message, the catalog's attributes and the record's own keys, the run,
 * the file and line, the text), and one per input ({@link IndexedInput}).
 */
final class EventDocuments {
    private EventDocuments() {
    }

    /**
     * The document of one log event, the same whether built while indexing or again by search from
     * a block's stored facts and the record read back from its line.
     *
     * @param file   the file's display path
     * @param facts  what the reading, the runs and correlation made of the event
     * @param text   the record's text (the file's line, or the stored text)
     * @param record its keys and message as the grammar read them; null for a Go panic block
     * @param match  what the catalog made of it, or null
     */
    static Document logEvent(String input, String file, LineFacts facts, String text, LogRecord record, CatalogMatch match) {
        return logEvent(new Builder(input, facts.seq(), StoredTime.decode(facts.time()), null), file, facts, text, record, match).doc;
    }

    /** The terms of the event's document (its keywords and words), handed to {@code into} instead of making the document. */
    static void terms(String file, LineFacts facts, String text, LogRecord record, CatalogMatch match, Terms into) {
        logEvent(new Builder(null, facts.seq(), null, into), file, facts, text, record, match);
    }

    /** Takes the terms of events' documents (a block of them: {@link LogBlocks}). */
    interface Terms {
        /** A keyword value: not empty, at most {@link IndexFields#MAX_KEYWORD_CHARS} long. */
        void keyword(String field, String value);

        void words(String field, String value);
    }

    private static Builder logEvent(Builder b, String file, LineFacts facts, String text, LogRecord record, CatalogMatch match) {
        // Stored only on observations: a document without it is a log event's.
        b.keyword(IndexFields.EVIDENCE, "log").shown(IndexFields.KIND, facts.kind());
        b.keyword(IndexFields.FORMAT, facts.format());
        b.keyword(IndexFields.ENVELOPE, facts.envelope());
        b.source(file, facts.line()).text(text, record == null ? null : record.rawTime(), facts.text() == null);
        if (facts.level() != null) {
            b.shown(IndexFields.LEVEL, facts.level());
        }
        b.keyword(IndexFields.TEMPLATE, facts.template());
        b.shown(IndexFields.RUN, facts.run());
        b.keyword(IndexFields.REPLICA, facts.replica());
        b.keyword(IndexFields.RELEASE, facts.release());
        if (facts.panic() != null) {
            b.words(IndexFields.MSG, facts.panic());
        }
        if (record != null) {
            b.words(IndexFields.MSG, record.message());
            for (Field f : record.fields()) {
                b.keyword(IndexFields.forKey(f.key()), f.value());
            }
        }
        if (match != null) {
            match.attributes().asMap().forEach((name, value) -> b.keyword(IndexFields.forKey(name), value));
        }
        List<String> keys = facts.eventKeys();
        for (int i = 0; i + 1 < keys.size(); i += 2) {
            b.keyword(keys.get(i), keys.get(i + 1));
        }
        List<String> pods = facts.pods();
        for (int i = 0; i + 1 < pods.size(); i += 2) {
            b.keyword(IndexFields.POD, pods.get(i)).keyword(IndexFields.NAMESPACE, pods.get(i + 1));
        }
        return b;
    }

    static Document observation(String input, long seq, Observation o) {
        Builder b = new Builder(input, seq, o.time());
        b.shown(IndexFields.EVIDENCE, "snapshot").shown(IndexFields.KIND, o.kind());
        b.source(o.source().file(), o.source().line()).text(o.text(), null, false);
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

    /** {@code pod-cleanup-scheduled}: the event type the catalog gave, {@code unrecognized}, or {@code go-panic}. */
    static String kind(LogEvent e, CatalogMatch match) {
        if (match != null) {
            return match.entry().event().name().toLowerCase(Locale.ROOT).replace('_', '-');
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
    private static final FieldType WORDS = words();

    private static FieldType words() {
        FieldType t = new FieldType(TextField.TYPE_NOT_STORED);
        t.setOmitNorms(true);
        t.freeze();
        return t;
    }

    /** Collects one document's fields; keyword values are written once per field. */
    private static final class Builder {
        final Document doc = new Document();
        final Set<String> keywords = new HashSet<>();
        final Terms fold;

        Builder(String input, long seq, Timestamp time) {
            this(input, seq, time, null);
        }

        /** @param fold where the terms go instead of a document, or null */
        Builder(String input, long seq, Timestamp time, Terms fold) {
            this.fold = fold;
            if (fold != null) {
                return;
            }
            doc.add(new StringField(IndexFields.DOC, IndexFields.DOC_EVENT, Store.NO));
            // Not stored: the document's file names its input (StoredIndex#inputOf).
            doc.add(new StringField(IndexFields.INPUT, input, Store.NO));
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
            if (value == null || value.isEmpty() || value.length() > IndexFields.MAX_KEYWORD_CHARS) {
                return this;
            }
            if (fold != null) {
                fold.keyword(field, value);
            } else if (keywords.add(field + '\u0000' + value)) {
                doc.add(new StringField(field, value, Store.NO));
            }
            return this;
        }

        Builder words(String field, String value) {
            if (value != null && fold != null) {
                fold.words(field, value);
            } else if (value != null) {
                doc.add(new org.apache.lucene.document.Field(field, value, WORDS));
            }
            return this;
        }

        /**
         * The text, indexed as words without the record's own time as printed (the {@code time} field
         * holds it, and its digits would be most of the field's distinct words); stored unless it is
         * the file's line as it stands ({@code inFile}): search reads that line from the file.
         */
        Builder text(String value, String rawTime, boolean inFile) {
            if (!inFile && fold == null) {
                doc.add(new StoredField(IndexFields.TEXT, value));
            }
            int at = rawTime == null || rawTime.isEmpty() ? -1 : value.indexOf(rawTime);
            String words = at < 0 ? value : value.substring(0, at) + ' ' + value.substring(at + rawTime.length());
            return words(IndexFields.TEXT, words);
        }

        /** A keyword that search results also show. */
        Builder shown(String field, String value) {
            return keyword(field, value).stored(field, value);
        }

        Builder source(String file, long line) {
            shown(IndexFields.FILE, file);
            if (fold == null) {
                doc.add(new LongPoint(IndexFields.LINE, line));
                doc.add(new StoredField(IndexFields.LINE, line));
            }
            return this;
        }

        Builder stored(String field, String value) {
            if (value != null && fold == null) {
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
