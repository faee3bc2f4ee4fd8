package dev.argoforensics.envelope;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.source.LogEntryDocument;
import dev.argoforensics.text.JsonStringPrefix;
import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.util.List;

/**
 * JSON objects that carry a controller line in one of their fields: Docker's json-file driver
 * ({@code log}, {@code stream}, {@code time}) and log-store exports (Elasticsearch/fluent-bit
 * {@code log}, CloudWatch {@code @message}, GCP {@code textPayload} or {@code jsonPayload}, Loki or
 * Datadog {@code line}/{@code message}, Splunk {@code _raw}, journald {@code MESSAGE}). A JSON
 * object with a {@code msg} field is the controller's own JSON record, not an envelope.
 */
final class JsonEnvelope {
    /**
     * {@code log_processed}: fluent-bit's {@code Merge_Log_Key} as AWS Container Insights sets it (with {@code Keep_Log Off}, the
     * controller's JSON record parsed there and no {@code log} left); {@code json}: Filebeat's {@code decode_json_fields} target.
     */
    private static final List<String> LINE_FIELDS = List.of("log", "message", "textPayload", "jsonPayload", "@message", "line", "_raw",
            "MESSAGE", "log_processed", "json");
    private static final List<String> TIME_FIELDS = List.of("time", "@timestamp", "timestamp", "ts", "receiveTimestamp",
            "__REALTIME_TIMESTAMP", "_time");
    private static final List<String> ORIGIN_FIELDS = List.of("kubernetes.pod_name", "kubernetes.pod.name", "k8s.pod.name",
            "resource.labels.pod_name", "labels.pod", "pod_name", "podName", "pod");
    private static final List<String> CONTAINER_FIELDS = List.of("kubernetes.container_name", "kubernetes.container.name",
            "k8s.container.name", "resource.labels.container_name", "labels.container", "container_name", "containerName");

    /** CloudWatch's log stream: Logs Insights' {@code @logStream}, the API's {@code logStreamName}. */
    private static final List<String> STREAM_FIELDS = List.of("@logStream", "logStreamName");

    /** The fields only a collector sets (its Kubernetes metadata), never a key of the controller's own record. */
    private static final List<String> COLLECTOR_ORIGIN_FIELDS = ORIGIN_FIELDS.subList(0, ORIGIN_FIELDS.indexOf("labels.pod") + 1);
    private static final List<String> COLLECTOR_CONTAINER_FIELDS = CONTAINER_FIELDS.subList(0, CONTAINER_FIELDS.indexOf("labels.container") + 1);

    /** Shared: an ObjectMapper is costly to build (a decoder is made per chunk) and safe to share once configured. */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * What an envelope object (or export row) holds; {@code complete} is false for a Docker piece of a
     * longer line; {@code prefix} is other metadata kept (a host), or null; {@code cut} true when the
     * envelope was cut inside the line it carries.
     */
    record Content(String line, boolean complete, EnvelopeKind kind, Timestamp time, String origin, String container, String prefix,
                   boolean cut) {
        Content(String line, boolean complete, EnvelopeKind kind, Timestamp time, String origin, String container, String prefix) {
            this(line, complete, kind, time, origin, container, prefix, false);
        }
    }

    private static final String DOCKER_START = "{\"log\":\"";

    /**
     * A Docker json-file line cut before its object closes ({@code {"log":"time=… podName=x","stream":"stderr","ti}):
     * the {@code log} string decoded up to the cut. If the string was cut too, the line it carries is
     * cut; its time and stream are lost with the rest. Null for anything else.
     */
    Content readCut(String text) {
        return readCut(text, false);
    }

    /**
     * As {@link #readCut(String)}; {@code endsLeftOff}: the file's json-file lines all stop where their records end
     * ({@link JsonFileEnds}), so a {@code log} string that runs to the end of the line without its {@code \n} is read whole.
     */
    Content readCut(String text, boolean endsLeftOff) {
        if (!text.startsWith(DOCKER_START)) {
            return cutLast(text);
        }
        JsonStringPrefix.Decoded d = JsonStringPrefix.decode(text, DOCKER_START.length());
        if (!d.closed()) {
            if (d.end() != text.length()) {
                return null;
            }
            return endsLeftOff && !d.text().endsWith("\n")
                    ? new Content(d.text(), true, EnvelopeKind.DOCKER_JSON_LOG_ONLY, null, null, null, null, false)
                    : new Content(d.text(), true, EnvelopeKind.DOCKER_JSON, null, null, null, null, true);
        }
        if (d.end() < text.length() && text.charAt(d.end()) != ',') {
            return null; // not the json-file shape
        }
        return new Content(stripNewline(d.text()), d.text().endsWith("\n"), EnvelopeKind.DOCKER_JSON, null, null, null, null, false);
    }

    /** The {@code log} member a json-file line starts with once its opening brace is left off. */
    static final String MEMBER_START = "\"log\":\"";

    /**
     * A Docker json-file line pasted without its opening brace ({@code "log":"time=\"…\" level=info …}, as
     * argoproj/argo-workflows#11354 pastes its controller's lines): read as the line with its brace; null for anything else.
     */
    Content readWithoutBrace(String text, boolean endsLeftOff) {
        if (!text.startsWith(MEMBER_START)) {
            return null;
        }
        String whole = "{" + text;
        Content c = read(whole);
        return c != null && c.kind() == EnvelopeKind.DOCKER_JSON ? c : readCut(whole, endsLeftOff);
    }

    /**
     * A collector's JSON line cut inside its line field when that field comes last, as fluent-bit's CRI parser and many log stores
     * order them ({@code {"time":"…","stream":"stderr","_p":"F","log":"time=\"…\" level=info msg=…}), pasted without its end:
     * the members before it whole (the collector's time and the Pod among them), the line decoded up to the cut. A line that
     * ends with its {@code \n} lost only the closing quote and brace: it is whole; otherwise it is cut where the paste stops.
     * Null for anything else: a member before the line field not whole, a controller's own JSON record ({@code msg}), no line
     * field.
     */
    private static Content cutLast(String text) {
        com.fasterxml.jackson.databind.node.ObjectNode members = MAPPER.createObjectNode();
        try (JsonParser p = MAPPER.getFactory().createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                if (name.equals("msg")) {
                    return null;
                }
                int nameStart = (int) p.currentTokenLocation().getCharOffset();
                if (LINE_FIELDS.contains(name) && nameStart >= 0 && nameStart < text.length() && text.charAt(nameStart) == '"') {
                    int at = JsonStringPrefix.decode(text, nameStart + 1).end();
                    while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == ':')) {
                        at++;
                    }
                    if (at < text.length() && text.charAt(at) == '"') {
                        JsonStringPrefix.Decoded d = JsonStringPrefix.decode(text, at + 1);
                        if (!d.closed() && d.end() == text.length() && !d.text().isBlank()) {
                            boolean whole = d.text().endsWith("\n");
                            members.put(name, d.text());
                            return new Content(stripNewline(d.text()), true, EnvelopeKind.LOG_STORE_JSON, time(members),
                                    named(members, ORIGIN_FIELDS), named(members, CONTAINER_FIELDS), null, !whole);
                        }
                    }
                }
                p.nextToken();
                members.set(name, MAPPER.readTree(p));
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * True when the line is a controller JSON record itself: a top-level {@code msg}. Scanned with the
     * streaming parser, values skipped, so the record is not turned into a tree for nothing.
     */
    boolean isRecord(String text) {
        try (JsonParser p = MAPPER.getFactory().createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                if (p.currentName().equals("msg")) {
                    return true;
                }
                p.nextToken();
                p.skipChildren();
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** The content, or null if the object is not an envelope (a controller record, or not JSON). */
    Content read(String text) {
        Content docker = dockerFileLine(text);
        return docker != null ? docker : tree(text);
    }

    /** {@link #read} by the JSON parser alone. */
    Content tree(String text) {
        if (isRecord(text)) {
            return null;
        }
        JsonNode n;
        try {
            n = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
        if (n == null || !n.isObject() || n.has("msg")) {
            return null;
        }
        JsonNode datadog = LogEntryDocument.datadogContent(n);
        if (datadog != null) {
            return datadog(datadog);
        }
        if (LogEntryDocument.lokiSingleValue(n)) {
            return loki(n.get("stream"), n.get("values").get(0));
        }
        if (n.path("result").isObject() && n.has("preview")) {
            // A Splunk search's JSON export (the UI's Export as JSON, the REST API's output_mode=json_rows aside): one
            // {"preview":false,"offset":N,"result":{"_raw":…,"_time":…,…}} per line; the event is its result.
            n = n.get("result");
        }
        boolean hit = false;
        if (n.path("_source").isObject()) {
            // A Kibana / OpenSearch Discover (Elasticsearch search) hit: the stored object is its _source.
            n = n.get("_source");
            hit = true;
            if (n.has("msg")) {
                // The controller's JSON record stored field by field (fluent-bit's Merge_Log, Filebeat's keys_under_root): it is the
                // record itself, beside the collector's metadata, which names the replica. Only the collector's fields: the record's
                // own pod and podName are the Pod it acted on.
                return new Content(n.toString(), true, EnvelopeKind.DISCOVER_JSON, null, named(n, COLLECTOR_ORIGIN_FIELDS),
                        named(n, COLLECTOR_CONTAINER_FIELDS), null);
            }
        }
        for (String field : LINE_FIELDS) {
            JsonNode v = n.get(field);
            if (v == null) {
                continue;
            }
            // json-file writes exactly log, stream and time (and attrs when log-opts add labels).
            boolean docker = field.equals("log") && n.has("stream") && n.has("time") && (n.size() == 3 || (n.size() == 4 && n.has("attrs")));
            String line;
            boolean complete = true;
            if (v.isTextual()) {
                line = v.asText();
                if (docker) {
                    // json-file splits lines longer than 16 KiB; only the last piece ends with \n.
                    complete = line.endsWith("\n");
                }
                line = stripNewline(line);
            } else if (v.isObject() && v.has("msg")) {
                line = v.toString();
            } else {
                continue;
            }
            Timestamp time = docker ? dockerTime(n.path("time").asText(null)) : time(n);
            EnvelopeKind kind = docker ? EnvelopeKind.DOCKER_JSON : hit ? EnvelopeKind.DISCOVER_JSON : EnvelopeKind.LOG_STORE_JSON;
            if (docker) {
                return new Content(line, complete, kind, time, named(n, ORIGIN_FIELDS), null, null);
            }
            String origin = named(n, ORIGIN_FIELDS);
            String container = named(n, CONTAINER_FIELDS);
            if (origin == null || container == null) {
                // CloudWatch's log stream (Logs Insights' @logStream in its JSON download, logStreamName in an API's events),
                // named by fluent-bit after the node's container log file: the Pod and container, as the CSV download's column gives
                // them. A field that names either comes first.
                String[] streamed = streamNamed(n);
                if (streamed != null) {
                    origin = origin == null ? streamed[0] : origin;
                    container = container == null ? streamed[1] : container;
                }
            }
            return new Content(line, complete, kind, time, origin, container, null);
        }
        return null;
    }

    /** The Pod and container a CloudWatch log stream's name holds ({@link ContainerPath#podAndContainerIn}), or null. */
    private static String[] streamNamed(JsonNode n) {
        for (String field : STREAM_FIELDS) {
            JsonNode v = n.get(field);
            if (v != null && v.isTextual()) {
                return ContainerPath.podAndContainerIn(v.asText());
            }
        }
        return null;
    }

    /**
     * A Datadog log event's content ({@link LogEntryDocument#datadogContent}). Where Datadog kept the controller's line whole in
     * {@code message} (a text log no pipeline parsed), that line, with the event's {@code timestamp} as the collector's time. Where
     * it parsed the controller's JSON record into {@code attributes} and kept the record's own {@code time} and {@code level}, that
     * record (its {@code msg}, else the event's {@code message}). Otherwise (the message alone in {@code message}, the record's keys in {@code attributes}) the record is rebuilt from
     * the event's fields as an export's columns are ({@link ColumnRecord}): the event's {@code timestamp} with the precision it has,
     * the record's {@code level} (else the event's {@code status}, never guessed), {@code msg} the message, the attributes as keys.
     * The Pod and container come from the event's tags ({@code pod_name:…}, {@code kube_container_name:…}).
     */
    private static Content datadog(JsonNode e) {
        String timeText = e.path("timestamp").isValueNode() ? e.path("timestamp").asText() : null;
        Timestamp time = timeText == null ? null : LenientTime.parse(timeText);
        String origin = tag(e, "pod_name");
        String container = tag(e, "kube_container_name");
        if (container == null) {
            container = tag(e, "container_name");
        }
        JsonNode attributes = unnested(e.path("attributes"));
        String message = e.path("message").isTextual() ? e.path("message").asText() : null;
        if (message != null && RecordStart.at(message, 0)) {
            return new Content(stripNewline(message), true, EnvelopeKind.DATADOG, time, origin, container, null);
        }
        String msg = attributes.path("msg").isTextual() ? attributes.path("msg").asText() : message;
        if (msg == null) {
            return null;
        }
        if (attributes.path("time").isTextual() && attributes.path("level").isTextual()) {
            // The record's own time and level kept (the remapper may have moved msg alone into message).
            com.fasterxml.jackson.databind.node.ObjectNode record = attributes.deepCopy();
            record.put("msg", msg);
            return new Content(record.toString(), true, EnvelopeKind.DATADOG, time, origin, container, null);
        }
        StringBuilder body = new StringBuilder("msg=").append(ColumnRecord.quoted(msg));
        attributes.fields().forEachRemaining(f -> {
            if (!RECORD_HEAD.contains(f.getKey())) {
                body.append(' ').append(ColumnRecord.slogText(f.getKey())).append('=').append(ColumnRecord.slogText(goValue(f.getValue())));
            }
        });
        String level = attributes.path("level").isTextual() ? attributes.path("level").asText() : e.path("status").asText(null);
        String record = ColumnRecord.build(timeText, time, level, body.toString());
        return record == null ? null : new Content(record, true, EnvelopeKind.DATADOG_FIELDS, time, origin, container, null);
    }

    /** The labels a collector gives a Loki stream for the Pod: Promtail's and Alloy's {@code pod}, OTLP's {@code k8s_pod_name}, … */
    private static final List<String> LOKI_POD_LABELS = List.of("pod", "k8s_pod_name", "pod_name", "kubernetes_pod_name", "podName");
    private static final List<String> LOKI_CONTAINER_LABELS = List.of("container", "k8s_container_name", "container_name",
            "kubernetes_container_name");

    /**
     * One value of a Loki stream: the line at the value's time (Unix nanoseconds, kept as the collector's time beside the line's
     * own), the replica and container named by the stream's labels. The collector decides the labels' names: {@code pod} and
     * {@code container} (Promtail's and Alloy's Kubernetes discovery), {@code k8s_pod_name} and {@code k8s_container_name}
     * (OpenTelemetry through Loki's OTLP endpoint), {@code pod_name}, {@code kubernetes_pod_name}; else {@code instance} as the
     * Kubernetes discovery sets it, {@code <namespace>/<pod>:<container>}. Only the stream's labels: a JSON line's own {@code pod} or
     * {@code podName} is the Pod the controller acted on.
     */
    private static Content loki(JsonNode labels, JsonNode value) {
        String pod = named(labels, LOKI_POD_LABELS);
        String container = named(labels, LOKI_CONTAINER_LABELS);
        String instance = labels.path("instance").asText("");
        int slash = instance.indexOf('/');
        int colon = instance.lastIndexOf(':');
        if (pod == null && slash > 0 && colon > slash + 1) {
            pod = instance.substring(slash + 1, colon);
            container = container != null ? container : instance.substring(colon + 1);
        }
        Timestamp time = LenientTime.parse(value.get(0).asText());
        return new Content(stripNewline(value.get(1).asText()), true, EnvelopeKind.LOKI_RESPONSE, time, pod,
                container != null && !container.isEmpty() ? container : null, null);
    }

    /** The first parts of Argo's dotted keys ({@code pod.Finalizers}, {@code old.phase}, {@code new.phase}, {@code updated.message}). */
    private static final java.util.Set<String> DOTTED = java.util.Set.of("pod", "old", "new", "updated");

    /**
     * The attributes with Argo's dotted keys put back: Datadog stores a key holding a dot as a path, so the record's
     * {@code "pod.Finalizers":[…]} comes back as {@code "pod":{"Finalizers":[…]}}. Only objects under the first parts of Argo's dotted
     * keys are flattened; other objects (a PodGC struct) stay values.
     */
    private static JsonNode unnested(JsonNode attributes) {
        if (!attributes.isObject() || DOTTED.stream().noneMatch(k -> attributes.path(k).isObject())) {
            return attributes;
        }
        com.fasterxml.jackson.databind.node.ObjectNode flat = MAPPER.createObjectNode();
        attributes.fields().forEachRemaining(f -> {
            if (DOTTED.contains(f.getKey()) && f.getValue().isObject()) {
                f.getValue().fields().forEachRemaining(g -> flat.set(f.getKey() + "." + g.getKey(), g.getValue()));
            } else {
                flat.set(f.getKey(), f.getValue());
            }
        });
        return flat;
    }

    /** The fields of a record's head, which a rebuilt record takes from the event. */
    private static final java.util.Set<String> RECORD_HEAD = java.util.Set.of("msg", "time", "level");

    /** The value of a Datadog tag ({@code name:value}) in the event's {@code tags}, or null. */
    private static String tag(JsonNode e, String name) {
        for (JsonNode t : e.path("tags")) {
            String v = t.asText("");
            if (v.startsWith(name + ":") && v.length() > name.length() + 1) {
                return v.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** A JSON value as the controller's JSON record reader takes it: text as it is, a list as Go prints a slice, an object compact. */
    private static String goValue(JsonNode v) {
        if (v.isArray()) {
            StringBuilder b = new StringBuilder("[");
            for (JsonNode item : v) {
                if (b.length() > 1) {
                    b.append(' ');
                }
                b.append(item.isValueNode() ? item.asText() : item.toString());
            }
            return b.append(']').toString();
        }
        return v.isValueNode() ? (v.isNull() ? "<nil>" : v.asText()) : v.toString();
    }

    private static final String DOCKER_STREAM = "\",\"stream\":\"";
    private static final String DOCKER_TIME = "\",\"time\":\"";

    /**
     * A line of Docker's json-file driver exactly as it writes one, {@code {"log":"…","stream":"…","time":"…"}}
     * and nothing else, read without a JSON parser: the same content {@link #read} gives such a line by the
     * tree (the three fields, no Pod or container named), without building the tree, twice. On an incident
     * corpus whose Docker files are a third of the bytes, the two parses were a twentieth of all CPU. Anything
     * else (other fields, another order, an escape that is not plain JSON, a control character JSON forbids)
     * is null here and read by the parser as before.
     */
    static Content dockerFileLine(String text) {
        if (!text.startsWith(DOCKER_START) || !text.endsWith("\"}")) {
            return null;
        }
        int n = text.length();
        // the log string: decoded with JSON's escapes; the fast path gives up on anything unusual
        StringBuilder b = null;
        int i = DOCKER_START.length();
        int runStart = i;
        while (true) {
            if (i >= n) {
                return null;
            }
            char c = text.charAt(i);
            if (c == '"') {
                break;
            }
            if (c < 0x20) {
                return null; // JSON forbids it unescaped: the parser refuses the line
            }
            if (c != '\\') {
                i++;
                continue;
            }
            if (b == null) {
                b = new StringBuilder(n);
            }
            b.append(text, runStart, i);
            if (i + 1 >= n) {
                return null;
            }
            char e = text.charAt(i + 1);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 6 > n) {
                        return null;
                    }
                    int v = 0;
                    for (int k = i + 2; k < i + 6; k++) {
                        int d = Character.digit(text.charAt(k), 16);
                        if (d < 0 || text.charAt(k) > 'f') {
                            return null;
                        }
                        v = v * 16 + d;
                    }
                    b.append((char) v);
                    i += 4;
                }
                default -> {
                    return null;
                }
            }
            i += 2;
            runStart = i;
        }
        // ,"stream":"<plain>","time":"<plain>"} to the end
        if (!text.startsWith(DOCKER_STREAM, i)) {
            return null;
        }
        int streamStart = i + DOCKER_STREAM.length();
        int streamEnd = plainStringEnd(text, streamStart);
        if (streamEnd < 0 || !text.startsWith(DOCKER_TIME, streamEnd)) {
            return null;
        }
        int timeStart = streamEnd + DOCKER_TIME.length();
        int timeEnd = plainStringEnd(text, timeStart);
        if (timeEnd != n - 2) {
            return null;
        }
        // The log string without its line break, made once: an unescaped run holds no '\n' or '\r' (refused above).
        String line;
        boolean complete;
        if (b == null) {
            line = text.substring(DOCKER_START.length(), i);
            complete = false;
        } else {
            b.append(text, runStart, i);
            int end = b.length();
            complete = end > 0 && b.charAt(end - 1) == '\n';
            while (end > 0 && (b.charAt(end - 1) == '\n' || b.charAt(end - 1) == '\r')) {
                end--;
            }
            line = b.substring(0, end);
        }
        return new Content(line, complete, EnvelopeKind.DOCKER_JSON, dockerTime(text.substring(timeStart, timeEnd)), null, null, null);
    }

    /** Where a string of no escapes and no control characters that starts at {@code from} ends (its closing quote), or -1. */
    private static int plainStringEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' || c < 0x20) {
                return -1;
            }
        }
        return -1;
    }

    private static String stripNewline(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
            end--;
        }
        return s.substring(0, end);
    }

    private static Timestamp dockerTime(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Timestamp.parseRfc3339(text, TimePrecision.NANOSECOND, false);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Timestamp time(JsonNode n) {
        for (String field : TIME_FIELDS) {
            JsonNode v = n.get(field);
            if (v != null && v.isValueNode()) {
                Timestamp t = LenientTime.parse(v.asText());
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }

    /** The Pod (or container) the export names: nested ({@code kubernetes: {pod_name}}) or flat ({@code "kubernetes.pod_name"}). */
    private static String named(JsonNode n, List<String> fields) {
        for (String path : fields) {
            JsonNode v = n.get(path);
            if (v == null) {
                v = n;
                for (String part : path.split("\\.")) {
                    v = v.path(part);
                }
            }
            if (v.isTextual() && !v.asText().isEmpty()) {
                return v.asText();
            }
        }
        return null;
    }
}
