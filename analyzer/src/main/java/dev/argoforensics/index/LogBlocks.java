package dev.argoforensics.index;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongRange;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * Log events are indexed in blocks, as code-search indexes do: one Lucene document per run of up to
 * {@link #EVENTS} events (or {@link #CHARS} characters of text) of one file, carrying the distinct
 * terms of its events' documents (words without positions or frequencies), the spans of their
 * times, lines and positions, and each event's {@link LineFacts}. A query finds candidate blocks
 * ({@link BlockQuery}); each candidate's events get their documents back ({@link #expand}: the
 * record read again from its line, the catalog asked) and the query is matched on those. Most of
 * the cost of one document per event (a document's fields, positions, frequencies, one entry per
 * event and term in the postings) goes; what a query finds does not change.
 */
final class LogBlocks {
    static final String DOC_BLOCK = "block";
    static final String SEQ_SPAN = "_seqSpan";
    static final String TIME_SPAN = "_timeSpan";
    static final String LINE_SPAN = "_lineSpan";
    /** Doc values: the block's input (a field of its own: {@code _input} is a keyword on every document). */
    static final String INPUT_ORDER = "_inputOrder";
    /** Doc values: the first line of the block's events (with {@code _input}, the order search reads blocks in). */
    static final String FIRST_LINE = "_firstLine";
    /** Stored: the display path of the block's file. */
    static final String FILE = "_file";
    /** Stored: the number of events and their {@link LineFacts}. */
    static final String COUNT = "_count";
    static final String FACTS = "_facts";

    /** Events per block: the block's terms are shared, the query matches this many documents again when it is a candidate. */
    static final int EVENTS = 32;
    static final int CHARS = 8 * 1024;

    /** A klog record's year: any will do, the document's time is the event's, not the record's. */
    private static final int ANY_YEAR = 2000;

    /**
     * Words of a block: no norms; positions as on the observations' documents (a field has one
     * shape in an index), though phrases are matched on the events, not on blocks.
     */
    private static final FieldType WORDS = words();

    private LogBlocks() {
    }

    private static FieldType words() {
        FieldType t = new FieldType(TextField.TYPE_NOT_STORED);
        t.setOmitNorms(true);
        t.freeze();
        return t;
    }

    /** The record the grammar reads from an event's text; null for a Go panic block or a text that is no record. */
    static LogRecord record(RecordParser parser, boolean panic, String text) {
        if (panic) {
            return null;
        }
        LineParse parse = parser.parse(text, ANY_YEAR, false);
        return parse instanceof LineParse.Parsed p ? p.record() : null;
    }

    /** Folds events' documents into one block's document. */
    static final class Builder implements EventDocuments.Terms {
        private final String input;
        private final String file;
        private final ByteBuffersDataOutput facts = new ByteBuffersDataOutput();
        private final Set<String> keywords = new HashSet<>();
        private final List<IndexableField> fields = new ArrayList<>();
        private final Map<String, StringBuilder> words = new LinkedHashMap<>();
        private int count;
        private long[] seq = {Long.MAX_VALUE, Long.MIN_VALUE};
        private long[] time = {Long.MAX_VALUE, Long.MIN_VALUE};
        private long[] line = {Long.MAX_VALUE, Long.MIN_VALUE};

        Builder(String input, String file) {
            this.input = input;
            this.file = file;
        }

        /**
         * @param nanos  the event's time, as epoch nanoseconds
         * @param text   the record's text
         * @param record the record as the grammar read it, or null
         * @param match  what the catalog made of it, or null
         */
        void add(LineFacts f, long nanos, String text, LogRecord record, CatalogMatch match) {
            count++;
            f.write(facts);
            span(seq, f.seq());
            span(line, f.line());
            span(time, nanos);
            EventDocuments.terms(file, f, text, record, match, this);
        }

        @Override
        public void keyword(String field, String value) {
            if (keywords.add(field + '\u0000' + value)) {
                fields.add(new StringField(field, value, Store.NO));
            }
        }

        @Override
        public void words(String field, String value) {
            words.computeIfAbsent(field, k -> new StringBuilder()).append(value).append('\n');
        }

        Document build() {
            Document d = new Document();
            d.add(new StringField(IndexFields.DOC, DOC_BLOCK, Store.NO));
            d.add(new StringField(IndexFields.INPUT, input, Store.NO));
            d.add(new SortedDocValuesField(INPUT_ORDER, new BytesRef(input)));
            d.add(new NumericDocValuesField(FIRST_LINE, line[0]));
            d.add(new StoredField(FILE, file));
            d.add(new StoredField(COUNT, count));
            d.add(new StoredField(FACTS, new BytesRef(facts.toArrayCopy())));
            d.add(new LongRange(SEQ_SPAN, new long[] {seq[0]}, new long[] {seq[1]}));
            d.add(new LongRange(TIME_SPAN, new long[] {time[0]}, new long[] {time[1]}));
            d.add(new LongRange(LINE_SPAN, new long[] {line[0]}, new long[] {line[1]}));
            fields.forEach(d::add);
            words.forEach((name, text) -> d.add(new Field(name, text.toString(), WORDS)));
            return d;
        }

        private static void span(long[] span, long v) {
            span[0] = Math.min(span[0], v);
            span[1] = Math.max(span[1], v);
        }
    }

    /** An event's document rebuilt, and its record's text. */
    record Rebuilt(Document doc, String text) {
        /** What a search shows of it: the document's stored fields, and the text. */
        Document shown() {
            Document d = new Document();
            for (IndexableField f : doc.getFields()) {
                if (f.fieldType().stored()) {
                    d.add(f);
                }
            }
            if (d.getField(IndexFields.TEXT) == null) {
                d.add(new StoredField(IndexFields.TEXT, text));
            }
            return d;
        }
    }

    /** A block's events' facts, in the order they were added. */
    static List<LineFacts> facts(Document block) {
        int n = block.getField(COUNT).numericValue().intValue();
        BytesRef bytes = block.getBinaryValue(FACTS);
        ByteArrayDataInput in = new ByteArrayDataInput(bytes.bytes, bytes.offset, bytes.length);
        List<LineFacts> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(LineFacts.read(in));
        }
        return out;
    }

    /**
     * Each event's document again, as indexing would have made it (what search shows of it:
     * {@link #shown}).
     *
     * @param lines the texts of the block's file's lines (at least those of events whose text is not stored)
     */
    static List<Rebuilt> expand(String input, String file, List<LineFacts> facts, Map<Long, String> lines, RecordParser parser,
                                MessageCatalog catalog) {
        List<Rebuilt> out = new ArrayList<>(facts.size());
        for (LineFacts f : facts) {
            String text = f.text() != null ? f.text() : lines.getOrDefault(f.line(), LineTexts.unavailable("it cannot be read"));
            LogRecord record = record(parser, f.panic() != null, text);
            CatalogMatch match = record == null ? null : catalog.match(record).orElse(null);
            out.add(new Rebuilt(EventDocuments.logEvent(input, file, f, text, record, match), text));
        }
        return out;
    }
}
