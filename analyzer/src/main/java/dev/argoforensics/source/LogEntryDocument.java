package dev.argoforensics.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A document of log entries, each spread over several lines, as log services and {@code jq} print them: the default output of
 * {@code gcloud logging read} (YAML, entries separated by {@code ---}), its {@code --format json} and the Cloud Logging console's
 * JSON download (a pretty-printed array), a pretty-printed array of Loki, Kibana or CloudWatch Logs Insights entries, and
 * {@code kubectl logs … | jq .} of a JSON log (pretty objects one after another). Read line by line, such a document gives no
 * record; read as objects, its entries are no Kubernetes objects. So each entry is read back into one compact JSON line, which
 * the envelope decoder takes as it takes a log store's JSON lines, citing the entry's line that holds its log line
 * ({@link Entry#cite()}), its other lines counted as continuation.
 *
 * <p>Only a document whose first entry carries a log line is one: a log service's entry with the line in {@code textPayload},
 * {@code jsonPayload}, {@code log}, {@code message}, {@code @message}, {@code line}, {@code _raw} or {@code MESSAGE} (a Kibana hit
 * in its {@code _source}), or the controller's JSON record itself ({@code time}, {@code level}, {@code msg}). Kubernetes objects
 * ({@code apiVersion}, {@code kind}), audit entries, the kubelet's journal entries and Azure diagnostics records stay exports, read
 * as before.
 */
public final class LogEntryDocument {
    /**
     * How the document's entries are laid out. {@code RESPONSE}: a log search API's response, pretty-printed, its entries in the
     * array at one of {@link #RESPONSE_PATHS} (Elasticsearch/OpenSearch {@code _search}'s {@code hits.hits}, the Datadog Logs API's
     * {@code data} (v2) or {@code logs} (v1), Splunk's {@code results}), the response's other members around them.
     */
    public enum Shape { NONE, JSON, YAML, RESPONSE }

    /** Where a search API's response holds its entries: the keys from the root object to the array. */
    /**
     * {@code results}: Splunk's REST API ({@code search/jobs/<sid>/results?output_mode=json}:
     * {@code {"preview":false,"init_offset":0,"messages":[],"fields":[…],"results":[{"_raw":…,"_time":…,…}]}}).
     */
    private static final List<List<String>> RESPONSE_PATHS = List.of(List.of("hits", "hits"), List.of("data"), List.of("logs"),
            List.of("results"));

    /** Trailing tokens fail: two entries glued on one line are no entry (given back as they were, not one of them dropped). */
    private static final ObjectMapper JSON = new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final List<String> LINE_FIELDS = List.of("textPayload", "jsonPayload", "log", "message", "@message", "line", "_raw",
            "MESSAGE");
    /** Lines of the head looked at to read the first entry. */
    private static final int HEAD_LINES = 400;

    private LogEntryDocument() {
    }

    /**
     * The layout of the file's content (decompressed), or {@link Shape#NONE}: its first line decides cheaply for any other file, the
     * first entry for a document.
     */
    public static Shape of(InputFile f) {
        try {
            List<String> start = InputClassifier.headLines(f.path(), f.compressed(), 4096);
            String first = null;
            for (String l : start) {
                String t = l.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    first = t;
                    break;
                }
            }
            if (first == null || !(first.equals("[") || first.equals("{") || first.equals("---") || YAML_KEY.matcher(first).matches())) {
                return Shape.NONE;
            }
            return detect(InputClassifier.headLines(f.path(), f.compressed(), 1 << 20));
        } catch (java.io.IOException e) {
            return Shape.NONE; // the reading says what is wrong with the file
        }
    }

    private static final java.util.regex.Pattern YAML_KEY = java.util.regex.Pattern.compile("[A-Za-z@_][\\w.@/-]*:(?:\\s.*)?");

    /** The layout of a document of log entries whose first lines these are, or {@link Shape#NONE}. */
    public static Shape detect(List<String> head) {
        List<String> lines = new ArrayList<>();
        boolean started = false;
        for (int i = 0; i < head.size() && lines.size() < HEAD_LINES; i++) {
            String t = head.get(i).strip();
            if (!started && (t.isEmpty() || t.startsWith("#"))) {
                continue;
            }
            started = true;
            lines.add(head.get(i));
        }
        if (lines.isEmpty()) {
            return Shape.NONE;
        }
        String first = lines.get(0).strip();
        if (first.equals("[") || first.equals("{")) {
            Joiner j = new Joiner(Shape.JSON);
            for (int i = 0; i < lines.size(); i++) {
                for (Entry e : j.offer(lines.get(i), i + 1)) {
                    return e.node() != null && isLogEntry(e.node()) ? Shape.JSON : first.equals("{") ? response(lines) : Shape.NONE;
                }
            }
            for (Entry e : j.flush()) {
                return e.node() != null && isLogEntry(e.node()) ? Shape.JSON : first.equals("{") ? response(lines) : Shape.NONE;
            }
            return first.equals("{") ? response(lines) : Shape.NONE;
        }
        if (first.equals("---") || YAML_KEY.matcher(first).matches()) {
            StringBuilder entry = new StringBuilder();
            for (int i = first.equals("---") ? 1 : 0; i < lines.size() && !lines.get(i).strip().equals("---"); i++) {
                entry.append(lines.get(i)).append('\n');
            }
            JsonNode n = parse(Shape.YAML, entry.toString());
            return n != null && isLogEntry(n) ? Shape.YAML : Shape.NONE;
        }
        return Shape.NONE;
    }

    /**
     * {@link Shape#RESPONSE} when the first entry of the array a search API's response holds its entries in carries a log line (the
     * response object itself, read whole above, is no entry), else {@link Shape#NONE}.
     */
    private static Shape response(List<String> lines) {
        Joiner j = new Joiner(Shape.RESPONSE);
        for (int i = 0; i < lines.size(); i++) {
            for (Entry e : j.offer(lines.get(i), i + 1)) {
                if (e.node() != null) {
                    return isLogEntry(e.node()) ? Shape.RESPONSE : Shape.NONE;
                }
            }
        }
        for (Entry e : j.flush()) {
            if (e.node() != null) {
                return isLogEntry(e.node()) ? Shape.RESPONSE : Shape.NONE;
            }
        }
        return Shape.NONE;
    }

    /**
     * What to say of a line that is a whole log search API response ({@code curl} without {@code ?pretty}), whose entries a line
     * cannot each be read from; null for any other line. Only a line that reads as such a response, its first entry a log entry,
     * gets this.
     */
    public static String compactResponse(String line) {
        JsonNode n = parse(Shape.RESPONSE, line);
        if (n == null || !n.isObject()) {
            return null;
        }
        int loki = lokiStreams(n);
        if (loki > 0) {
            return "a Loki query response on one line (" + loki + " lines in " + n.path("data").path("result").size()
                    + " streams), not read line by line: give it pretty-printed (jq . response.json), each value then read at its"
                    + " time with its stream's labels";
        }
        for (List<String> path : RESPONSE_PATHS) {
            JsonNode entries = n;
            for (String key : path) {
                entries = entries.path(key);
            }
            if (entries.isArray() && !entries.isEmpty() && isLogEntry(entries.get(0))) {
                String at = String.join(".", path);
                return "a log search API response on one line (" + entries.size() + " entries in " + at + "), not read entry by entry:"
                        + " give it pretty-printed (jq . response.json) or one entry per line (jq -c '." + at + "[]' response.json)";
            }
        }
        return searchResponseWithoutEntries(n);
    }

    /**
     * What a log search API response that holds no log entry is ({@code "Elasticsearch or OpenSearch _search response with no hits"},
     * or one whose hits carry no log line), or null for anything else: an empty result (a query over the wrong time range or index)
     * is named, not taken for an object of no kind. Elasticsearch/OpenSearch: {@code hits.hits} beside {@code took} or
     * {@code _shards}; Datadog: {@code data} beside {@code meta} (v2), {@code logs} beside {@code status} (v1); Loki: streams
     * without values, or none.
     */
    public static String searchResponseWithoutEntries(JsonNode n) {
        int loki = lokiStreams(n);
        if (loki == 0) {
            return "Loki query response with no log lines (" + n.path("data").path("result").size() + " streams): nothing to read"
                    + " (check the query's time range and stream selector)";
        }
        JsonNode hits = n.path("hits").path("hits");
        String what = hits.isArray() && (n.has("took") || n.has("_shards")) ? "Elasticsearch or OpenSearch _search response"
                : n.path("data").isArray() && n.path("meta").isObject() ? "Datadog Logs API response"
                : n.path("logs").isArray() && n.has("status") ? "Datadog Logs API (v1) response" : null;
        if (what == null) {
            return null;
        }
        JsonNode entries = hits.isArray() ? hits : n.path("data").isArray() ? n.get("data") : n.get("logs");
        if (entries.isEmpty()) {
            return what + " with no " + (hits.isArray() ? "hits" : "log events") + ": nothing to read (check the query's time range and index)";
        }
        return isLogEntry(entries.get(0)) ? null : what + " whose first entry holds no log line (" + entries.size()
                + " entries): not read (the line in _source.log, _source.message or the event's message is what is read)";
    }

    /**
     * The number of log lines in a Loki query response ({@code {"status":…,"data":{"resultType":"streams","result":[{"stream":{…},
     * "values":[["<ns>","<line>"],…]}]}}}, as its query_range API gives it), or -1 for anything else.
     */
    public static int lokiStreams(JsonNode n) {
        JsonNode data = n.path("data");
        if (!"streams".equals(data.path("resultType").asText()) || !data.path("result").isArray()) {
            return -1;
        }
        int lines = 0;
        for (JsonNode stream : data.get("result")) {
            lines += stream.path("values").size();
        }
        return lines;
    }

    /**
     * One value of a Loki stream ({@code ["<unix ns>", "<line>"]}, a third member, the structured metadata and parsed labels Loki adds
     * when asked to categorize labels, left aside) as an entry of its own: the stream with that one value,
     * {@code {"stream":{<labels>},"values":[["<ns>","<line>"]]}}, which the envelope decoder reads as a line at that time, its
     * replica named by the labels; null for anything else (no time of digits, no line).
     */
    static JsonNode lokiEntry(JsonNode labels, JsonNode value) {
        if (!value.isArray() || value.size() < 2 || value.size() > 3 || !value.get(0).isTextual() || !value.get(1).isTextual()
                || !value.get(0).asText().matches("\\d{1,19}")) {
            return null;
        }
        com.fasterxml.jackson.databind.node.ObjectNode entry = JSON.createObjectNode();
        entry.set("stream", labels != null && labels.isObject() ? labels : JSON.createObjectNode());
        entry.putArray("values").addArray().add(value.get(0).asText()).add(value.get(1).asText());
        return entry;
    }

    /** A Loki stream holding one value ({@link #lokiEntry}, or a line of {@code jq -c '.data.result[]'} whose stream has one). */
    public static boolean lokiSingleValue(JsonNode n) {
        JsonNode values = n.path("values");
        return n.size() == 2 && n.path("stream").isObject() && values.isArray() && values.size() == 1 && values.get(0).isArray()
                && values.get(0).size() >= 2 && values.get(0).get(0).isTextual() && values.get(0).get(1).isTextual();
    }

    /**
     * A Datadog log event's content, as the Logs API gives it (v2: {@code {"id", "type": "log", "attributes": {…}}}; v1:
     * {@code {"id", "content": {…}}}): {@code message}, {@code timestamp}, {@code status}, {@code host}, {@code service},
     * {@code tags} and the parsed {@code attributes}; null for anything else.
     */
    public static JsonNode datadogContent(JsonNode n) {
        JsonNode inner = "log".equals(n.path("type").asText()) ? n.path("attributes") : n.has("id") ? n.path("content") : null;
        return inner != null && inner.isObject() && inner.has("timestamp") && (inner.has("message") || inner.path("attributes").has("msg"))
                ? inner : null;
    }

    /** An entry that carries a log line, and is neither a Kubernetes object nor an entry the export readers take. */
    static boolean isLogEntry(JsonNode n) {
        if (n == null || !n.isObject() || n.has("apiVersion") || n.has("kind") || n.has("protoPayload") || n.has("auditID")) {
            return false;
        }
        if (nodeJournal(n) || nodeJournal(n.path("jsonPayload"))
                || n.has("category") || n.has("Category") || n.has("records") || n.has("events")) {
            return false; // a node's journal, Azure diagnostics, a wrapper of records: the export readers' own
        }
        if (n.has("msg") && n.has("level")) {
            return true; // the controller's JSON record, pretty-printed
        }
        if (lokiSingleValue(n)) {
            return true; // one of a Loki stream's values
        }
        JsonNode datadog = datadogContent(n);
        if (datadog != null) {
            return !datadog.path("message").asText("").contains("\"auditID\"");
        }
        JsonNode body = n.path("_source").isObject() ? n.get("_source") : n;
        for (String field : LINE_FIELDS) {
            JsonNode v = body.get(field);
            if (v != null && (v.isTextual() || v.isObject() && (v.has("msg") || v.has("message")))) {
                return !v.isTextual() || !v.asText().contains("\"auditID\"");
            }
        }
        return body != n && body.has("msg");
    }

    /** A node's journal entry (journalctl -o json-pretty, or one in Cloud Logging's jsonPayload): the kubelet's, containerd's, a unit's. */
    private static boolean nodeJournal(JsonNode n) {
        return n.has("_SYSTEMD_UNIT") || n.has("SYSLOG_IDENTIFIER") || n.has("__CURSOR");
    }

    private static JsonNode parse(Shape shape, String text) {
        try {
            JsonNode n = (shape == Shape.YAML ? YAML : JSON).readTree(text);
            return n == null || n.isMissingNode() ? null : n;
        } catch (JsonProcessingException | RuntimeException e) {
            return null;
        }
    }

    /**
     * One entry: its text as one line (compact JSON, or a physical line as it was where the entry could not be read), the file
     * lines it spans, and the entry read ({@code null} for a line given back as it was); {@code cut}: why its lines are not read
     * (an entry the file ends inside), else null.
     */
    public record Entry(String text, long first, long last, JsonNode node, String cut, long cite) {
        public Entry(String text, long first, long last, JsonNode node, String cut) {
            this(text, first, last, node, cut, first);
        }

        public Entry(String text, long first, long last, JsonNode node) {
            this(text, first, last, node, null, first);
        }

        /** The same entry, spanning the file's lines up to {@code newLast}. */
        Entry through(long newLast) {
            return new Entry(text, first, newLast, node, cut, cite);
        }
    }

    /**
     * The line of an entry that holds its log text ({@code textPayload:}, the message in {@code jsonPayload}, {@code "log"},
     * {@code "msg"}, a Kibana hit's {@code _source.message}, a Loki value's line), as an index into {@code lines} (the entry's
     * lines as the document has them), or 0, the entry's first line, where no line holds it alone (an entry on one line, a key
     * not found where it should stand). A reader who opens the cited line finds the record's text, not the entry's metadata
     * ({@code insertId:}, {@code "_index":}); the entry's other lines are still counted with it.
     */
    static int textLine(List<String> lines, JsonNode n, boolean lokiValue) {
        if (lines.size() < 2 || n == null) {
            return 0;
        }
        if (lokiValue) {
            // ["<ns>", "<line>"] spread over lines: the line is the second string that opens a line.
            int strings = 0;
            for (int k = 0; k < lines.size(); k++) {
                String t = lines.get(k).strip();
                if (k > 0 && t.startsWith("\"") && ++strings == 2) {
                    return k;
                }
                if (k == 0 && t.startsWith("[\"")) {
                    strings++;
                }
            }
            return 0;
        }
        List<String> path = textPath(n);
        if (path.isEmpty()) {
            return 0;
        }
        int found = 0;
        int from = 0;
        int indent = -1;
        for (String key : path) {
            int at = -1;
            for (int k = from; k < lines.size(); k++) {
                java.util.regex.Matcher m = KEY_LINE.matcher(lines.get(k));
                if (!m.lookingAt()) {
                    continue;
                }
                int i = m.group(1).length();
                if (k == 0 && (lines.get(0).strip().startsWith("{") || lines.get(0).strip().startsWith("["))) {
                    continue; // the entry's opening brace, its indentation not the keys'
                }
                if (indent < 0) {
                    indent = i; // the first key at this level sets its indentation
                }
                if (i < indent) {
                    break; // the object this level is in closed
                }
                if (i == indent && m.group(2).equals(key)) {
                    at = k;
                    break;
                }
            }
            if (at < 0) {
                return found;
            }
            found = at;
            from = at + 1;
            indent = -1;
            if (from < lines.size()) {
                java.util.regex.Matcher m = KEY_LINE.matcher(lines.get(from));
                int here = m.lookingAt() ? m.group(1).length() : -1;
                int parent = leading(lines.get(at));
                if (here <= parent) {
                    return found; // the key's value is on its line (or the key is no object's): it is cited
                }
            }
        }
        return found;
    }

    /** A line that opens a key, quoted (JSON) or not (YAML): its indentation and the key. */
    private static final java.util.regex.Pattern KEY_LINE = java.util.regex.Pattern.compile("(\\s*)\"?([A-Za-z@_$][\\w.@$-]*)\"?\\s*:");

    private static int leading(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The keys from the entry down to its log text, as {@link #isLogEntry} finds the text; empty for none. */
    private static List<String> textPath(JsonNode n) {
        if (n.has("msg") && n.has("level")) {
            return List.of("msg");
        }
        if (datadogContent(n) != null) {
            String outer = "log".equals(n.path("type").asText()) ? "attributes" : "content";
            return List.of(outer, "message");
        }
        boolean source = n.path("_source").isObject();
        JsonNode body = source ? n.get("_source") : n;
        List<String> path = new ArrayList<>(3);
        if (source) {
            path.add("_source");
        }
        for (String field : LINE_FIELDS) {
            JsonNode v = body.get(field);
            if (v != null && (v.isTextual() || v.isObject() && (v.has("msg") || v.has("message")))) {
                path.add(field);
                if (v.isObject()) {
                    path.add(v.has("msg") ? "msg" : "message");
                }
                return path;
            }
        }
        if (source && body.has("msg")) {
            path.add("msg");
            return path;
        }
        return List.of();
    }

    /**
     * Groups a document's lines into entries as they come. JSON: an entry is an object at the top level or in the top-level array,
     * its end found by its braces outside strings; YAML: the lines between two {@code ---}. The document's own lines ({@code [},
     * {@code ]}, {@code ,}, {@code ---}) go with the entry before them (the first entry takes those before it), so that every line
     * is counted once. An entry that does not read is given back line by line, as it was.
     */
    public static final class Joiner {
        private final Shape shape;
        private final List<String> lines = new ArrayList<>();
        private long from;
        /** JSON: the nesting depth outside strings, and the depth entries start at (1 inside a top-level array). */
        private int depth;
        private int base = -1;
        private boolean inString;
        private boolean escaped;
        /** The last entry read, held for the document's lines that follow it. */
        private Entry held;
        /** The document's own lines before the first entry. */
        private long frameFrom;
        /** The document's own lines before the first entry read: no entry's (each entry cites and spans its own lines). */
        private long leadingFrame;
        private long beforeText;
        private long entries;
        private long unread;
        private long firstUnread;

        public Joiner(Shape shape) {
            this.shape = shape;
        }

        /** The entries ready after {@code line} (file line {@code number}). */
        public List<Entry> offer(String line, long number) {
            List<Entry> out = new ArrayList<>(2);
            return shape == Shape.YAML ? offerYaml(line, number, out) : shape == Shape.RESPONSE ? offerResponse(line, number, out)
                    : offerJson(line, number, out);
        }

        /** The rest, at the end of the file. */
        public List<Entry> flush() {
            List<Entry> out = new ArrayList<>(2);
            if (!lines.isEmpty() && shape != Shape.YAML) {
                cutShort(out);
            } else if (!lines.isEmpty()) {
                close(from + lines.size() - 1, out);
            }
            release(out);
            releaseLoki(out);
            if (frameFrom > 0) {
                out.add(new Entry("", frameFrom, frameFrom, null));
                frameFrom = 0;
            }
            return out;
        }

        /**
         * True when a JSON document's last line closed it (every brace and bracket closed outside a string): a response or
         * pretty-printed array that ends without a line break (as {@code curl} prints one) is whole, not a copy cut in its last line.
         */
        public boolean closed() {
            return shape != Shape.YAML && (shape == Shape.RESPONSE || base >= 0) && depth == 0 && !inString && lines.isEmpty();
        }

        /**
         * The document's own lines before its first entry ({@code {"took": …, "hits": {"hits": [}, a JSON array's {@code [}, YAML's
         * first {@code ---}): counted apart, as an export's header rows are, so that the first entry cites its own first line.
         */
        public long leadingFrame() {
            return leadingFrame;
        }

        /**
         * The lines of entries read between each entry's first line and the line that holds its text, which the entry cites
         * ({@link Entry#cite()}): counted with the document's own lines, so that every line is counted once.
         */
        public long beforeText() {
            return beforeText;
        }

        /** Entries read. */
        public long entries() {
            return entries;
        }

        /** Stretches of lines that did not read as an entry, given back line by line. */
        public long unread() {
            return unread;
        }

        /** The first line of the first of them, 0 if none. */
        public long firstUnread() {
            return firstUnread;
        }

        private List<Entry> offerYaml(String line, long number, List<Entry> out) {
            if (line.strip().equals("---")) {
                if (!lines.isEmpty()) {
                    close(number - 1, out);
                }
                frame(number);
                return out;
            }
            if (lines.isEmpty()) {
                release(out);
                from = number;
            }
            lines.add(line);
            return out;
        }

        private List<Entry> offerJson(String line, long number, List<Entry> out) {
            boolean inEntry = !lines.isEmpty();
            int startsAt = -1;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (inString) {
                    if (escaped) {
                        escaped = false;
                    } else if (c == '\\') {
                        escaped = true;
                    } else if (c == '"') {
                        inString = false;
                    }
                    continue;
                }
                if (c == '"') {
                    inString = true;
                } else if (c == '{' || c == '[') {
                    if (base < 0) {
                        base = c == '[' ? 1 : 0;
                    }
                    if (c == '{' && depth == base && !inEntry) {
                        inEntry = true;
                        startsAt = i;
                    }
                    depth++;
                } else if (c == '}' || c == ']') {
                    depth = Math.max(0, depth - 1);
                }
            }
            if (startsAt >= 0) {
                release(out);
                from = number;
            }
            if (!inEntry) {
                frame(number);
                return out;
            }
            lines.add(line);
            if (depth <= base && !inString) {
                close(number, out);
            }
            return out;
        }

        /** RESPONSE: the key of each container open outside an entry (null for the root and an array's element), and its kind. */
        private final List<String> keys = new ArrayList<>();
        private final List<Boolean> arrays = new ArrayList<>();
        /** RESPONSE: the string being read outside an entry, the last one read (a key if a colon follows it), and that colon. */
        private final StringBuilder string = new StringBuilder();
        private String lastString;
        private boolean keyed;
        /** RESPONSE: the depth the entry being read opened at, -1 outside one. */
        private int entryDepth = -1;
        /** RESPONSE: the lines gathered hold more than one entry (a compact response): no entry, given back as they were. */
        private boolean gluedEntries;
        /** RESPONSE: the first of the lines gathered is the rest of the line the entry before closed on, counted with that entry. */
        private boolean sharedFirst;
        /** RESPONSE: the key whose string value is being read, and a Loki response's {@code data.resultType} once read. */
        private String valueKey;
        private String resultType;
        /** RESPONSE, Loki: the entry being read is one of a stream's values ({@code ["<ns>", "<line>"]}), not an object. */
        private boolean lokiValue;
        /** RESPONSE, Loki: the depth the stream's labels object opened at (-1 outside it), its text so far, and the labels read. */
        private int labelsDepth = -1;
        private final StringBuilder labelsText = new StringBuilder();
        private JsonNode labels;
        /** RESPONSE, Loki: the streams begun, and the values read, held to be given oldest first across streams at the end. */
        private int streams;
        /** RESPONSE, Loki: the stream the held entry was read in (it is released once the next opens, perhaps in the next stream). */
        private int heldStream;
        private final List<LokiValue> lokiValues = new ArrayList<>();

        /**
         * A search API's response: an entry is an object in the array at one of {@link #RESPONSE_PATHS}; everything else is the
         * response's own (counted with the entry before it). Pretty-printers differ in where an entry's braces stand: on lines of
         * their own (jq, Python, Kibana), or {@code "hits" : [ {} and {@code }, {} on the line that holds the array's bracket or the
         * entry before (Jackson's default, what Java tools print). An entry that opens on the line the one before it closes takes
         * that line's rest and cites the line after; more entries than that on one line (a compact response) are no entries: their
         * lines are given back as they were.
         */
        private List<Entry> offerResponse(String line, long number, List<Entry> out) {
            boolean inEntry = !lines.isEmpty();
            labelsFrom = labelsDepth >= 0 ? 0 : -1;
            int opened = -1;
            int closed = -1;
            boolean glued = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (inString) {
                    if (escaped) {
                        escaped = false;
                    } else if (c == '\\') {
                        escaped = true;
                    } else if (c == '"') {
                        inString = false;
                        if (entryDepth < 0) {
                            lastString = string.toString();
                            if ("resultType".equals(valueKey) && keys.size() == 2 && "data".equals(keys.get(1))) {
                                resultType = lastString;
                            }
                        }
                        continue;
                    }
                    if (entryDepth < 0 && string.length() < 64) {
                        string.append(c);
                    }
                    continue;
                }
                switch (c) {
                    case '"' -> {
                        inString = true;
                        valueKey = keyed ? lastString : null;
                        string.setLength(0);
                    }
                    case ':' -> keyed = lastString != null;
                    case ',' -> {
                        lastString = null;
                        keyed = false;
                    }
                    case '{', '[' -> {
                        if (entryDepth < 0) {
                            boolean value = c == '[' && lokiValuePlace();
                            if (c == '{' && entryPlace() || value) {
                                entryDepth = depth;
                                lokiValue = value;
                                glued |= opened >= 0; // a second entry opening on this line
                                opened = i;
                            } else {
                                if (c == '{' && keyed && "stream".equals(lastString) && lokiStreamPlace()) {
                                    streams++;
                                    labels = null;
                                    labelsDepth = depth;
                                    labelsFrom = i;
                                }
                                keys.add(keyed ? lastString : null);
                                arrays.add(c == '[');
                            }
                        }
                        depth++;
                        lastString = null;
                        keyed = false;
                    }
                    case '}', ']' -> {
                        depth = Math.max(0, depth - 1);
                        if (entryDepth >= 0) {
                            if (depth == entryDepth) {
                                entryDepth = -1;
                                // an entry both opening and closing here (a Loki value alone on its line aside), or a second closing
                                glued |= closed >= 0 || opened >= 0 && !lokiValue;
                                closed = i;
                            }
                        } else if (!keys.isEmpty()) {
                            if (depth == labelsDepth) {
                                labelsText.append(line, labelsFrom, i + 1);
                                labels = parse(Shape.RESPONSE, labelsText.toString());
                                labelsText.setLength(0);
                                labelsDepth = -1;
                                labelsFrom = -1;
                            }
                            keys.remove(keys.size() - 1);
                            arrays.remove(arrays.size() - 1);
                        }
                        lastString = null;
                        keyed = false;
                    }
                    default -> {
                    }
                }
            }
            if (labelsFrom >= 0) {
                labelsText.append(line, labelsFrom, line.length()).append('\n');
            }
            if (glued) {
                // More than one entry's edge on this line: nothing here reads as an entry.
                if (!inEntry) {
                    release(out);
                    from = number;
                }
                lines.add(line);
                gluedEntries = true;
                if (entryDepth < 0 && !inString) {
                    close(number, out);
                }
                return out;
            }
            if (closed >= 0 && inEntry) {
                lines.add(line.substring(0, closed + 1));
                close(number, out);
                if (opened < 0) {
                    return out;
                }
                // "}, {": the next entry opens on the line this one closed on; it cites the line after.
                release(out);
                from = number + 1;
                lines.add(line.substring(opened));
                sharedFirst = true;
                return out;
            }
            if (opened >= 0 && closed > opened) {
                // A Loki value alone on its line: ["<ns>", "<line>"],
                release(out);
                from = number;
                lines.add(line.substring(opened, closed + 1));
                close(number, out);
                return out;
            }
            if (opened >= 0) {
                release(out);
                from = number;
                lines.add(line.substring(opened));
                return out;
            }
            if (!inEntry) {
                frame(number);
                return out;
            }
            lines.add(line);
            return out;
        }

        /** RESPONSE: where the labels object of the stream just opened starts on this line (-1: not on it, or none open). */
        private int labelsFrom = -1;

        /** The containers open are a Loki response's {@code data.result[]} element (the keys from the root object down). */
        private boolean lokiStreamPlace() {
            return keys.size() == 4 && inLokiStream();
        }

        /**
         * RESPONSE: an array opening here is one of a Loki stream's values: the containers open are {@code data.result[].values}, in a
         * response whose {@code data.resultType} (which Loki writes before its result) said {@code streams}. A Prometheus-style matrix
         * ({@code resultType} {@code matrix}: a metric query's samples, {@code data.result[].values} too) has none.
         */
        private boolean lokiValuePlace() {
            return keys.size() == 5 && "values".equals(keys.get(4)) && arrays.get(4) && inLokiStream();
        }

        /** The first four containers open are {@code {"data": {"result": [ {}, in a response of streams. */
        private boolean inLokiStream() {
            return "streams".equals(resultType) && keys.get(0) == null && !arrays.get(0) && "data".equals(keys.get(1)) && !arrays.get(1)
                    && "result".equals(keys.get(2)) && arrays.get(2) && keys.get(3) == null && !arrays.get(3);
        }

        /** RESPONSE: an object opening here is an entry: the containers open are the root object and the array at an entry path. */
        private boolean entryPlace() {
            if (keys.isEmpty() || arrays.get(0) || keys.get(0) != null || !arrays.get(arrays.size() - 1)) {
                return false;
            }
            return RESPONSE_PATHS.contains(keys.subList(1, keys.size()));
        }

        /** A line of the document's own: with the entry before it, else with the first entry. */
        private void frame(long number) {
            if (held != null) {
                held = held.through(number);
            } else if (frameFrom == 0) {
                frameFrom = number;
            }
        }

        /** The lines gathered end at {@code last}: read them as one entry. */
        private void close(long last, List<Entry> out) {
            String text = String.join("\n", lines);
            if (shape != Shape.YAML) {
                // The document's own characters on the entry's first and last lines ("[" before it, "," or "]" after it).
                int open = text.indexOf(lokiValue ? '[' : '{');
                int close = text.lastIndexOf(lokiValue ? ']' : '}');
                text = open >= 0 && close > open ? text.substring(open, close + 1) : text;
            }
            JsonNode n = gluedEntries ? null : parse(shape, text);
            boolean lokiLine = lokiValue;
            if (lokiValue && n != null) {
                n = lokiEntry(labels, n);
            }
            gluedEntries = false;
            lokiValue = false;
            long first = frameFrom > 0 ? frameFrom : from;
            if (n != null && n.isObject()) {
                entries++;
                if (frameFrom > 0 && !sharedFirst) {
                    // The document's lines before the entry (a response's took, _shards, hits.total): no part of the entry, which
                    // cites its own first line, where a reader finds it.
                    leadingFrame += from - frameFrom;
                    first = from;
                }
                long cite = first;
                int textAt = textLine(lines, n, lokiLine);
                if (textAt > 0) {
                    cite = Math.max(first, from + textAt - (sharedFirst ? 1 : 0));
                    beforeText += cite - first;
                }
                held = new Entry(n.toString(), first, last, n, null, cite);
                heldStream = streams;
            } else {
                // Not an entry after all: the lines as they were, each counted as the reader finds it.
                if (unread++ == 0) {
                    firstUnread = first;
                }
                release(out);
                for (long k = frameFrom; k > 0 && k < from; k++) {
                    out.add(new Entry("", k, k, null));
                }
                int skip = sharedFirst ? 1 : 0; // a shared line was counted with the entry before
                for (int k = skip; k < lines.size(); k++) {
                    out.add(new Entry(lines.get(k), from + k - skip, from + k - skip, null));
                }
            }
            sharedFirst = false;
            frameFrom = 0;
            lines.clear();
        }

        /**
         * JSON: the file ends inside an entry (a response or an array copied or downloaded in part): its lines are one stretch not
         * read, said so where it opens, not each line a JSON fragment that reads as nothing.
         */
        private void cutShort(List<Entry> out) {
            if (unread++ == 0) {
                firstUnread = frameFrom > 0 ? frameFrom : from;
            }
            release(out);
            for (long k = frameFrom; k > 0 && k < from; k++) {
                out.add(new Entry("", k, k, null));
            }
            int skip = sharedFirst ? 1 : 0; // a shared line was counted with the entry before
            long last = from + lines.size() - 1 - skip;
            if (last >= from) {
                out.add(new Entry(lines.get(skip), from, last, null, "expected the entry that opens here to close, found the end of the file:"
                        + " the " + (shape == Shape.RESPONSE ? "response" : "document") + " was cut inside it (" + (last - from + 1)
                        + (last == from ? " line" : " lines") + " not read; the entries before it were read)"));
            }
            sharedFirst = false;
            gluedEntries = false;
            lokiValue = false;
            frameFrom = 0;
            lines.clear();
        }

        private void release(List<Entry> out) {
            if (held != null && held.node() != null && lokiSingleValue(held.node())) {
                lokiValues.add(new LokiValue(held, heldStream, Long.parseLong(held.node().get("values").get(0).get(0).asText())));
                held = null;
            } else if (held != null) {
                out.add(held);
                held = null;
            }
        }

        /** A Loki stream's value read, with the stream it came in (counted from 1) and its time in Unix nanoseconds. */
        private record LokiValue(Entry entry, int stream, long nanos) {
        }

        /**
         * A Loki response's values, oldest first: Loki gives each stream's values in the query's direction (backward, newest first,
         * unless asked otherwise) and the streams one after another, so one replica's lines split over several streams (stdout and
         * stderr, a label that changed) would otherwise come in no order. The direction is read from the values themselves (more
         * steps back than forward within the streams: backward): each stream is put oldest first, values of one time keeping their
         * order within it, then the streams are merged by time, the earlier stream first at equal times.
         */
        private void releaseLoki(List<Entry> out) {
            if (lokiValues.isEmpty()) {
                return;
            }
            long back = 0;
            long forward = 0;
            for (int i = 1; i < lokiValues.size(); i++) {
                LokiValue a = lokiValues.get(i - 1);
                LokiValue b = lokiValues.get(i);
                if (a.stream() == b.stream()) {
                    back += b.nanos() < a.nanos() ? 1 : 0;
                    forward += b.nanos() > a.nanos() ? 1 : 0;
                }
            }
            List<LokiValue> ordered = new ArrayList<>(lokiValues.size());
            for (int i = 0; i < lokiValues.size(); ) {
                int j = i;
                while (j < lokiValues.size() && lokiValues.get(j).stream() == lokiValues.get(i).stream()) {
                    j++;
                }
                List<LokiValue> stream = new ArrayList<>(lokiValues.subList(i, j));
                if (back > forward) {
                    java.util.Collections.reverse(stream);
                }
                ordered.addAll(stream);
                i = j;
            }
            ordered.sort(java.util.Comparator.comparingLong(LokiValue::nanos)); // stable: a stream's own order at equal times
            for (LokiValue v : ordered) {
                out.add(v.entry());
            }
            lokiValues.clear();
        }
    }
}
