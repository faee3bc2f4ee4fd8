package dev.argoforensics.index;

import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.core.KeywordTokenizer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/**
 * The fields of the index (docs/search.md lists them for users): their names, how a query on each
 * is analysed, and under which field a record's own keys go. Field values are exact and
 * case-sensitive keywords, except {@code text} and {@code msg} (words, case-insensitive) and
 * {@code level} (lower case). Names starting with {@code _} are the index's own bookkeeping.
 */
final class IndexFields {
    static final String TIME = "time";
    static final String LEVEL = "level";
    static final String MSG = "msg";
    static final String TEMPLATE = "template";
    static final String KIND = "kind";
    static final String ACTION = "action";
    static final String NAMESPACE = "namespace";
    static final String POD = "pod";
    static final String WORKFLOW = "workflow";
    static final String NODE_ID = "nodeId";
    static final String NODE_NAME = "nodeName";
    static final String COMPONENT = "component";
    static final String UID = "uid";
    static final String PHASE = "phase";
    static final String REPLICA = "replica";
    static final String RUN = "run";
    static final String RELEASE = "release";
    static final String FILE = "file";
    static final String LINE = "line";
    static final String TEXT = "text";
    static final String FORMAT = "format";
    static final String ENVELOPE = "envelope";
    /** {@code log} or {@code snapshot}. */
    static final String EVIDENCE = "evidence";

    /** {@code event} (a log event or an observation) or {@code input}. */
    static final String DOC = "_doc";
    static final String DOC_EVENT = "event";
    static final String DOC_INPUT = "input";
    /** The input a document belongs to: its absolute path. */
    static final String INPUT = "_input";
    /** Position among its input's events (log: the order the controller wrote them; snapshot: file order). */
    static final String SEQ = "_seq";
    /** Stored: the time with its precision and zone (see {@link StoredTime}). */
    static final String STORED_TIME = "_time";
    /** Stored on observations whose time is only a lower bound (when an export was taken). */
    static final String LOWER_BOUND = "_lowerBound";
    /** A record's message as one exact value; {@code msg} queries are answered through it ({@link FoldedQueries}). */
    static final String MSG_VALUE = "_msg";
    /**
     * A log event's values of {@link #FOLDED_FIELDS} as one exact value ({@link #fold}); queries on those fields are answered
     * through it ({@link FoldedQueries}); an observation's evidence, kind and file alike.
     */
    static final String FOLDED = "_src";
    /** The fields {@link #FOLDED} holds, in its order: one value each per log event, few distinct values in an index. */
    static final java.util.List<String> FOLDED_FIELDS = java.util.List.of(EVIDENCE, KIND, FORMAT, ENVELOPE, FILE, LEVEL, TEMPLATE, RUN,
            REPLICA, RELEASE);
    private static final char FOLD = '\u0001';

    /** The values of {@link #FOLDED_FIELDS} (null or empty: none) as one {@link #FOLDED} value. */
    static String fold(String... values) {
        if (values.length != FOLDED_FIELDS.size()) {
            throw new IllegalArgumentException("expected " + FOLDED_FIELDS.size() + " values, got " + values.length);
        }
        StringBuilder sb = new StringBuilder(128);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(FOLD);
            }
            if (values[i] != null && values[i].length() <= MAX_KEYWORD_CHARS) {
                sb.append(values[i]);
            }
        }
        return sb.toString();
    }

    /** The values a {@link #FOLDED} value holds, in {@link #FOLDED_FIELDS}' order ("" for none). */
    static String[] unfold(String folded) {
        return folded.split(String.valueOf(FOLD), -1);
    }

    /** Stored on input documents: {@link IndexedInput} as JSON. */
    static final String MANIFEST = "_manifest";
    /** Stored on a log file's input document: what pass 2 made of it ({@code FileReading#encode()}), for the next analysis. */
    static final String READING = "_reading";

    /** Fields of the index's own whose names a record key may not take (it goes to {@code key.<name>}). */
    static final Set<String> RESERVED = Set.of(TIME, LEVEL, MSG, TEMPLATE, KIND, REPLICA, RUN, RELEASE, FILE, LINE, TEXT, FORMAT,
            ENVELOPE, EVIDENCE);

    /** The fields docs/search.md names, whether or not an index holds any event with them. */
    static final Set<String> DOCUMENTED = Set.of(TIME, LEVEL, MSG, TEMPLATE, KIND, EVIDENCE, ACTION, NAMESPACE, POD, WORKFLOW, NODE_ID,
            NODE_NAME, COMPONENT, UID, PHASE, "container", "state", "exitCode", "reason", "condition", "status", "finalizer", "host",
            "nodeType", "outputsCompleted", "type", "reportedBy", "object", "verb", "user", "resource", "stage", "responseCode", REPLICA,
            RUN, RELEASE, FILE, LINE, FORMAT, ENVELOPE, TEXT);

    /** Longest keyword value indexed (Lucene refuses terms over 32766 bytes); longer values are found through {@code text}. */
    static final int MAX_KEYWORD_CHARS = 8000;

    private IndexFields() {
    }

    /**
     * The field a record key or catalog attribute is indexed under: the key itself with spaces as
     * {@code _} ({@code Workflow Size} → {@code Workflow_Size}), or {@code key.<name>} for a name the
     * index uses itself ({@code source}, {@code time}, …).
     */
    static String forKey(String key) {
        String name = key.strip().replace(' ', '_');
        return RESERVED.contains(name) || name.startsWith("_") || name.isEmpty() ? "key." + name : name;
    }

    /** How query text is analysed per field; the index writes keywords itself and analyses only {@code text} and {@code msg}. */
    static Analyzer analyzer() {
        StandardAnalyzer words = new StandardAnalyzer();
        return new PerFieldAnalyzerWrapper(new KeywordAnalyzer(), Map.of(TEXT, words, MSG, words, LEVEL, new LowerCaseKeywordAnalyzer()));
    }

    /**
     * How the writer analyses {@code text} and {@code msg}: the same words as {@link #analyzer()}'s,
     * made by hand for printable ASCII ({@link WordsTokenizer}); keywords are written as they are.
     */
    static Analyzer indexAnalyzer() {
        Analyzer words = WordsTokenizer.analyzer();
        return new PerFieldAnalyzerWrapper(new KeywordAnalyzer(), Map.of(TEXT, words, MSG, words));
    }

    /** The whole value as one token, lower-cased: {@code level:ERROR} finds {@code level:error}. */
    private static final class LowerCaseKeywordAnalyzer extends Analyzer {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            Tokenizer t = new KeywordTokenizer();
            return new TokenStreamComponents(t, new LowerCaseFilter(t));
        }

        @Override
        protected TokenStream normalize(String fieldName, TokenStream in) {
            return new LowerCaseFilter(in);
        }
    }
}
