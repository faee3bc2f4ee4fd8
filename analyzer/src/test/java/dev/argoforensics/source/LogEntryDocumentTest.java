package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.LogEntryDocument.Entry;
import dev.argoforensics.source.LogEntryDocument.Shape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Documents of log entries spread over lines, as gcloud, log consoles and jq print them: each entry read back into one line that
 * spans its lines, every line counted once; and the documents that are exports, which stay exports.
 */
class LogEntryDocumentTest {
    @TempDir
    Path dir;

    private static final String LINE_1 = "time=\"2026-10-14T09:19:07.331Z\" level=info msg=\"queuing poddelay-2m25.781204455s\" "
            + "action=removeFinalizer namespace=analytics podGC=\"{ <nil> }\" podName=ingest-daily-k3p9z-transform-367652847";
    private static final String LINE_2 = "time=\"2026-10-14T09:19:07.345Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer";

    /** One entry as gcloud logging read prints it by default (YAML), a textPayload in single quotes. */
    private static String yamlEntry(String line, String at) {
        return "insertId: 3k9f2a\nlabels:\n  compute.googleapis.com/resource_name: gke-prod-pool-1-a1b2\nlogName: projects/acme-prod/logs/stderr\n"
                + "receiveTimestamp: '" + at + "'\nresource:\n  labels:\n    container_name: workflow-controller\n    namespace_name: argo\n"
                + "    pod_name: workflow-controller-5c9d7b8f6-zt4qx\n  type: k8s_container\nseverity: ERROR\n"
                + "textPayload: '" + line.replace("'", "''") + "'\ntimestamp: '" + at + "'\n";
    }

    /** The same entry as gcloud logging read --format json prints it, inside its array. */
    private static String jsonEntry(String line, String at) {
        return "  {\n    \"insertId\": \"3k9f2a\",\n    \"resource\": {\n      \"labels\": {\n        \"container_name\": \"workflow-controller\",\n"
                + "        \"pod_name\": \"workflow-controller-5c9d7b8f6-zt4qx\"\n      },\n      \"type\": \"k8s_container\"\n    },\n"
                + "    \"severity\": \"ERROR\",\n    \"textPayload\": \"" + line.replace("\\", "\\\\").replace("\"", "\\\"") + "\",\n"
                + "    \"timestamp\": \"" + at + "\"\n  }";
    }

    /** The document's own lines before the first entry read by the last {@link #join}: counted apart, in no entry. */
    private long leading;

    private List<Entry> join(Shape shape, String text) {
        LogEntryDocument.Joiner j = new LogEntryDocument.Joiner(shape);
        List<Entry> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        int n = text.endsWith("\n") ? lines.length - 1 : lines.length;
        for (int i = 0; i < n; i++) {
            out.addAll(j.offer(lines[i], i + 1));
        }
        out.addAll(j.flush());
        leading = j.leadingFrame();
        return out;
    }

    /** Every line 1..n counted once: the document's own lines before its first entry, then the entries' spans tile the file. */
    private void tiles(List<Entry> entries, long n) {
        long next = 1 + leading;
        for (Entry e : entries) {
            assertEquals(next, e.first(), entries.toString());
            assertTrue(e.last() >= e.first());
            next = e.last() + 1;
        }
        assertEquals(n + 1, next, "every line in one entry");
    }

    @Test
    void gcloudsDefaultYamlOutputGivesOneLinePerEntry() {
        String doc = yamlEntry(LINE_1, "2026-10-14T09:19:07.331Z") + "---\n" + yamlEntry(LINE_2, "2026-10-14T09:19:07.345Z");
        assertEquals(Shape.YAML, LogEntryDocument.detect(List.of(doc.split("\n"))));
        List<Entry> entries = join(Shape.YAML, doc);
        assertEquals(2, entries.size());
        tiles(entries, doc.split("\n").length);
        assertEquals(LINE_1, entries.get(0).node().path("textPayload").asText());
        assertEquals("workflow-controller-5c9d7b8f6-zt4qx", entries.get(0).node().path("resource").path("labels").path("pod_name").asText());
        int entryLines = yamlEntry(LINE_1, "2026-10-14T09:19:07.331Z").split("\n").length;
        assertEquals(entryLines + 1, entries.get(0).last(), "the --- line goes with the entry before it");
        assertEquals(entryLines + 2, entries.get(1).first());
        assertTrue(entries.get(1).text().startsWith("{\"insertId\":\"3k9f2a\""), entries.get(1).text());
        // A leading --- is the document's own, counted apart: the first entry cites its own first line.
        assertEquals(2, join(Shape.YAML, "---\n" + yamlEntry(LINE_1, "2026-10-14T09:19:07.331Z")).get(0).first());
        assertEquals(1, leading);
    }

    @Test
    void aPrettyPrintedArrayTakesItsBracketsAndCommasWithItsEntries() {
        String doc = "[\n" + jsonEntry(LINE_1, "2026-10-14T09:19:07.331Z") + ",\n" + jsonEntry(LINE_2, "2026-10-14T09:19:07.345Z") + "\n]\n";
        assertEquals(Shape.JSON, LogEntryDocument.detect(List.of(doc.split("\n"))));
        List<Entry> entries = join(Shape.JSON, doc);
        assertEquals(2, entries.size(), entries.toString());
        tiles(entries, doc.split("\n").length);
        assertEquals(2, entries.get(0).first(), "the first entry cites its own first line, not the array's bracket");
        assertEquals(LINE_1, entries.get(0).node().path("textPayload").asText());
        assertEquals(LINE_2, entries.get(1).node().path("textPayload").asText());
        assertTrue(entries.get(0).text().startsWith("{") && entries.get(0).text().endsWith("}"), entries.get(0).text());
        assertTrue(!entries.get(0).text().contains("\n"));
    }

    @Test
    void jqPrettyPrintingAJsonLogGivesTheRecordsBack() {
        String doc = "{\n  \"time\": \"2026-10-14T09:19:07.331Z\",\n  \"level\": \"INFO\",\n  \"msg\": \"queuing pod delay\",\n"
                + "  \"delay\": -145781204455,\n  \"podGC\": {}\n}\n{\n  \"time\": \"2026-10-14T09:19:07.345Z\",\n  \"level\": \"INFO\",\n"
                + "  \"msg\": \"cleaning up pod\",\n  \"action\": \"removeFinalizer\"\n}\n";
        assertEquals(Shape.JSON, LogEntryDocument.detect(List.of(doc.split("\n"))));
        List<Entry> entries = join(Shape.JSON, doc);
        assertEquals(2, entries.size());
        tiles(entries, doc.split("\n").length);
        assertEquals("{\"time\":\"2026-10-14T09:19:07.331Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"delay\":-145781204455,\"podGC\":{}}",
                entries.get(0).text());
    }

    /** The 1-based line of {@code doc} that {@code e} cites. */
    private static String cited(String doc, Entry e) {
        return doc.split("\n", -1)[(int) e.cite() - 1];
    }

    /**
     * A reader who opens a record's file:line finds its text: each entry cites the line holding its log line (gcloud's
     * {@code textPayload:}, the array's {@code "textPayload":}), not its first ({@code insertId:}), and still spans all its lines.
     */
    @Test
    void eachEntryCitesTheLineThatHoldsItsText() {
        String yaml = yamlEntry(LINE_1, "2026-10-14T09:19:07.331Z") + "---\n" + yamlEntry(LINE_2, "2026-10-14T09:19:07.345Z");
        List<Entry> entries = join(Shape.YAML, yaml);
        tiles(entries, yaml.split("\n").length);
        for (Entry e : entries) {
            assertTrue(cited(yaml, e).startsWith("textPayload: '"), cited(yaml, e));
            assertTrue(e.first() < e.cite() && e.cite() <= e.last(), e.toString());
        }
        assertEquals(13, entries.get(0).cite(), "insertId at 1, textPayload at 13");
        String array = "[\n" + jsonEntry(LINE_1, "2026-10-14T09:19:07.331Z") + ",\n" + jsonEntry(LINE_2, "2026-10-14T09:19:07.345Z") + "\n]\n";
        for (Entry e : join(Shape.JSON, array)) {
            assertTrue(cited(array, e).startsWith("    \"textPayload\": \"time="), cited(array, e));
        }
        // A structured record: the message inside jsonPayload, not jsonPayload's first key, nor a "message" among the labels.
        String structured = "insertId: 9a\nlabels:\n  message: not-this-one\njsonPayload:\n  level: info\n  msg: cleaning up pod\n"
                + "  time: '2026-10-14T09:19:07.345Z'\nseverity: INFO\ntimestamp: '2026-10-14T09:19:07.345Z'\n";
        Entry s = join(Shape.YAML, structured).get(0);
        assertEquals("  msg: cleaning up pod", cited(structured, s));
        // jq . of the controller's own JSON record: its msg.
        String jq = "{\n  \"time\": \"2026-10-14T09:19:07.331Z\",\n  \"level\": \"INFO\",\n  \"msg\": \"queuing pod delay\"\n}\n";
        assertEquals("  \"msg\": \"queuing pod delay\"", cited(jq, join(Shape.JSON, jq).get(0)));
        // A key of that name nested deeper (a label) before the real one is not the text's line.
        String nested = "insertId: 4b\nlabels:\n  textPayload: a-label\ntextPayload: '" + LINE_2 + "'\ntimestamp: '2026-10-14T09:19:07.345Z'\n";
        assertEquals(4, join(Shape.YAML, nested).get(0).cite());
    }

    /** Negative controls: an entry on one line, and one whose text sits on its first line, cite that line. */
    @Test
    void anEntryWhoseTextIsOnItsFirstLineCitesIt() {
        String oneLine = "[\n{\"textPayload\": \"" + LINE_2.replace("\"", "\\\"") + "\", \"timestamp\": \"2026-10-14T09:19:07.345Z\"}\n]\n";
        List<Entry> entries = join(Shape.JSON, oneLine);
        assertEquals(1, entries.size(), entries.toString());
        assertEquals(2, entries.get(0).first());
        assertEquals(entries.get(0).first(), entries.get(0).cite());
        String first = "textPayload: '" + LINE_2 + "'\ninsertId: 5c\ntimestamp: '2026-10-14T09:19:07.345Z'\n";
        Entry e = join(Shape.YAML, first).get(0);
        assertEquals(1, e.first());
        assertEquals(1, e.cite());
    }

    /** Exports stay exports: Kubernetes objects, audit entries, the kubelet's journal, CloudWatch's events wrapper, other YAML. */
    @Test
    void exportsAndOtherDocumentsAreNone() {
        for (String doc : new String[] {
            "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"Pod\",\n  \"metadata\": {\"name\": \"p\"}\n}\n",
            "[\n  {\n    \"apiVersion\": \"v1\",\n    \"kind\": \"Pod\"\n  }\n]\n",
            "[\n  {\n    \"protoPayload\": {\"@type\": \"type.googleapis.com/google.cloud.audit.AuditLog\"},\n    \"timestamp\": \"2026-09-27T13:41:40Z\"\n  }\n]\n",
            "[\n  {\n    \"jsonPayload\": {\"_SYSTEMD_UNIT\": \"kubelet.service\", \"MESSAGE\": \"I0927 13:39:12.004630 2417 x.go:1] y\"}\n  }\n]\n",
            // journalctl -u kubelet -o json-pretty: the node's journal, not the controller's lines
            "{\n  \"__CURSOR\": \"s=1\",\n  \"_SYSTEMD_UNIT\": \"kubelet.service\",\n  \"MESSAGE\": \"I0927 13:39:12.004630 2417 x.go:1] y\"\n}\n",
            "{\n  \"events\": [\n    {\"logStreamName\": \"s\", \"timestamp\": 1, \"message\": \"" + LINE_2.replace("\"", "\\\"") + "\"}\n  ]\n}\n",
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n",
            "Logs:\n" + LINE_1 + "\n",
            "status:\n  phase: Failed\n  nodes:\n    p:\n      message: pod deleted\n",
            "{\n  \"name\": \"not a log entry\"\n}\n"}) {
            assertEquals(Shape.NONE, LogEntryDocument.detect(List.of(doc.split("\n"))), doc);
        }
    }

    /** One Elasticsearch hit as a _search response pretty-prints it: the line in _source.log, fluent-bit's kubernetes metadata. */
    private static String hit(String line, String at, int id) {
        return "      {\n        \"_index\": \"k8s-logs-2026.10.14\",\n        \"_id\": \"Wq" + id + "\",\n        \"_score\": null,\n"
                + "        \"_source\": {\n          \"@timestamp\": \"" + at + "\",\n          \"log\": \""
                + line.replace("\\", "\\\\").replace("\"", "\\\"") + "\\n\",\n          \"kubernetes\": {\n"
                + "            \"pod_name\": \"workflow-controller-5c9d7b8f6-zt4qx\",\n            \"container_name\": \"workflow-controller\"\n"
                + "          }\n        },\n        \"sort\": [\n          " + id + "\n        ]\n      }";
    }

    /** An Elasticsearch or OpenSearch _search response as Kibana's Dev Tools or curl ?pretty print it. */
    private static String searchResponse(String... hits) {
        return "{\n  \"took\": 38,\n  \"timed_out\": false,\n  \"_shards\": {\n    \"total\": 2,\n    \"successful\": 2,\n"
                + "    \"skipped\": 0,\n    \"failed\": 0,\n    \"failures\": [\n      {\n        \"shard\": 1\n      }\n    ]\n  },\n"
                + "  \"hits\": {\n    \"total\": {\n      \"value\": " + hits.length + ",\n      \"relation\": \"eq\"\n    },\n"
                + "    \"max_score\": null,\n    \"hits\": [\n" + String.join(",\n", hits) + "\n    ]\n  }\n}";
    }

    @Test
    void anElasticsearchSearchResponseGivesItsHitsBack() {
        String doc = searchResponse(hit(LINE_2, "2026-10-14T09:19:07.345Z", 2), hit(LINE_1, "2026-10-14T09:19:07.331Z", 1));
        assertEquals(Shape.RESPONSE, LogEntryDocument.detect(List.of(doc.split("\n"))));
        LogEntryDocument.Joiner j = new LogEntryDocument.Joiner(Shape.RESPONSE);
        List<Entry> entries = join(Shape.RESPONSE, doc);
        assertEquals(2, entries.size(), entries.toString());
        tiles(entries, doc.split("\n").length);
        // The response's own lines before the first hit (its _shards failures too) are counted apart: the first hit cites the
        // line its object opens on, where a reader finds it, not the response's first line.
        String[] docLines = doc.split("\n");
        assertEquals("      {", docLines[(int) entries.get(0).first() - 1]);
        assertEquals("\"_index\": \"k8s-logs-2026.10.14\",", docLines[(int) entries.get(0).first()].strip());
        assertEquals(entries.get(0).first() - 1, leading);
        assertEquals(LINE_2 + "\n", entries.get(0).node().path("_source").path("log").asText());
        assertEquals(LINE_1 + "\n", entries.get(1).node().path("_source").path("log").asText());
        assertTrue(entries.get(1).text().startsWith("{\"_index\":"), entries.get(1).text());
        // Read the way the reader does: the last line closed the response, which needs no line break after it (curl prints none).
        String[] lines = doc.split("\n");
        for (int i = 0; i < lines.length; i++) {
            j.offer(lines[i], i + 1);
        }
        j.flush();
        assertTrue(j.closed());
        assertEquals(2, j.entries());
        LogEntryDocument.Joiner cut = new LogEntryDocument.Joiner(Shape.RESPONSE);
        for (int i = 0; i < lines.length - 3; i++) {
            cut.offer(lines[i], i + 1);
        }
        cut.flush();
        assertTrue(!cut.closed(), "a response cut short is not whole");
    }

    /** Jackson's pretty-printer (Java tools) writes "hits" : [ { and }, { : the entries still tile the file, none dropped. */
    @Test
    void aResponseWhoseEntriesShareLinesWithTheirBracketsIsReadToo() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        String doc = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(mapper.readTree(searchResponse(
                hit(LINE_2, "2026-10-14T09:19:07.345Z", 2), hit(LINE_1, "2026-10-14T09:19:07.331Z", 1), hit(LINE_1, "2026-10-14T09:19:07.331Z", 0))));
        assertTrue(doc.contains("\"hits\" : [ {") && doc.contains("}, {"), doc);
        String[] lines = doc.split("\n");
        assertEquals(Shape.RESPONSE, LogEntryDocument.detect(List.of(lines)));
        List<Entry> entries = join(Shape.RESPONSE, doc);
        assertEquals(3, entries.size(), entries.toString());
        tiles(entries, lines.length);
        assertEquals(LINE_1 + "\n", entries.get(1).node().path("_source").path("log").asText());
        assertTrue(lines[(int) entries.get(1).first() - 2].strip().equals("}, {"), "the shared line counts with the entry before");
        // Cut inside the third entry: two entries read, the third's lines given back as they were, every line counted once.
        int cut = lines.length - 9;
        String partial = String.join("\n", java.util.Arrays.copyOf(lines, cut)) + "\n";
        List<Entry> read = join(Shape.RESPONSE, partial);
        tiles(read, cut);
        assertEquals(2, read.stream().filter(e -> e.node() != null).count(), read.toString());
        Entry open = read.get(read.size() - 1);
        assertTrue(open.cut().startsWith("expected the entry that opens here to close, found the end of the file: the response was cut"
                + " inside it ("), open.toString());
        assertEquals(cut, open.last());
    }

    @Test
    void aDatadogLogsApiResponseGivesItsEventsBack() {
        String event = "    {\n      \"attributes\": {\n        \"attributes\": {\n          \"action\": \"removeFinalizer\"\n        },\n"
                + "        \"message\": \"cleaning up pod\",\n        \"status\": \"info\",\n        \"timestamp\": \"2026-10-14T09:19:07.345Z\"\n"
                + "      },\n      \"id\": \"AwAAAZK1\",\n      \"type\": \"log\"\n    }";
        String doc = "{\n  \"data\": [\n" + event + ",\n" + event + "\n  ],\n  \"links\": {\n    \"next\": \"https://api.datadoghq.eu/x\"\n  },\n"
                + "  \"meta\": {\n    \"page\": {\n      \"after\": \"eyJh\"\n    },\n    \"status\": \"done\"\n  }\n}\n";
        assertEquals(Shape.RESPONSE, LogEntryDocument.detect(List.of(doc.split("\n"))));
        List<Entry> entries = join(Shape.RESPONSE, doc);
        assertEquals(2, entries.size(), entries.toString());
        tiles(entries, doc.split("\n").length);
        assertEquals("cleaning up pod", entries.get(1).node().path("attributes").path("message").asText());
        // meta.page is an object at the depth of an entry, but not in the data array: the response's own.
        assertEquals(doc.split("\n").length, entries.get(1).last());
    }

    /** A response of anything but log entries, a Kubernetes List, a response on one line: no document of log entries. */
    @Test
    void responsesOfOtherThingsAreNone() {
        for (String doc : new String[] {
            "{\n  \"data\": [\n    {\n      \"name\": \"not a log entry\"\n    }\n  ]\n}\n",
            "{\n  \"hits\": {\n    \"hits\": [\n      {\n        \"_source\": {\n          \"apiVersion\": \"v1\",\n          \"kind\": \"Pod\"\n"
                + "        }\n      }\n    ]\n  }\n}\n",
            "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"List\",\n  \"items\": [\n    {\n      \"apiVersion\": \"v1\",\n      \"kind\": \"Pod\"\n    }\n"
                + "  ]\n}\n",
            // An entry's array nested deeper than the response's own path (data.items) is not the data array.
            "{\n  \"data\": {\n    \"items\": [\n      {\n        \"message\": \"" + LINE_2.replace("\"", "\\\"") + "\"\n      }\n    ]\n  }\n}\n",
            searchResponse(hit(LINE_1, "2026-10-14T09:19:07.331Z", 1)).replace("\n", "").replace("  ", "")}) {
            assertEquals(Shape.NONE, LogEntryDocument.detect(List.of(doc.split("\n"))), doc);
        }
    }

    /** A response on one line (curl without ?pretty) is not read entry by entry, but its unparsed line says what it is. */
    @Test
    void aResponseOnOneLineSaysHowToGiveItsEntries() {
        String compact = searchResponse(hit(LINE_1, "2026-10-14T09:19:07.331Z", 1), hit(LINE_2, "2026-10-14T09:19:07.345Z", 2))
                .replace("\n", "").replace("  ", "");
        assertEquals("a log search API response on one line (2 entries in hits.hits), not read entry by entry: give it pretty-printed"
                + " (jq . response.json) or one entry per line (jq -c '.hits.hits[]' response.json)", LogEntryDocument.compactResponse(compact));
        assertNull(LogEntryDocument.compactResponse("{\"data\":[{\"name\":\"not a log entry\"}]}"));
        assertNull(LogEntryDocument.compactResponse("{\"time\":\"2026-10-14T09:19:07.331Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\"}"));
        assertNull(LogEntryDocument.compactResponse("{\"hits\":{\"hits\":[]}}"));
    }

    /**
     * A response that holds no log entry (a query over the wrong time range, or hits of other documents) is named as what it is,
     * pretty-printed or on one line; other JSON with a data or hits array is not taken for one.
     */
    @Test
    void aSearchResponseWithoutLogEntriesIsNamed() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        String empty = searchResponse();
        assertEquals(Shape.NONE, LogEntryDocument.detect(List.of(empty.split("\n"))), "nothing to read entry by entry");
        assertEquals("Elasticsearch or OpenSearch _search response with no hits: nothing to read (check the query's time range and index)",
                LogEntryDocument.searchResponseWithoutEntries(mapper.readTree(empty)));
        assertEquals(LogEntryDocument.searchResponseWithoutEntries(mapper.readTree(empty)),
                LogEntryDocument.compactResponse(empty.replace("\n", "").replace("  ", "")));
        assertEquals("Datadog Logs API response with no log events: nothing to read (check the query's time range and index)",
                LogEntryDocument.searchResponseWithoutEntries(mapper.readTree(
                        "{\"meta\":{\"page\":{},\"elapsed\":5,\"status\":\"done\"},\"data\":[],\"links\":{}}")));
        String metrics = searchResponse(hit(LINE_1, "2026-10-14T09:19:07.331Z", 1)).replace("\"log\":", "\"cpu\":");
        assertTrue(LogEntryDocument.searchResponseWithoutEntries(mapper.readTree(metrics))
                .startsWith("Elasticsearch or OpenSearch _search response whose first entry holds no log line (1 entries)"));
        // Read entry by entry: nothing to name. Another API's data array, a hits object without took or _shards: not a search response.
        assertNull(LogEntryDocument.searchResponseWithoutEntries(mapper.readTree(searchResponse(hit(LINE_1, "2026-10-14T09:19:07.331Z", 1)))));
        assertNull(LogEntryDocument.searchResponseWithoutEntries(mapper.readTree("{\"data\":[]}")));
        assertNull(LogEntryDocument.searchResponseWithoutEntries(mapper.readTree("{\"hits\":{\"hits\":[]}}")));
    }

    /**
     * Two entries glued on one line: their lines given back as they were, none dropped. An entry the file cuts off: its lines one
     * stretch, said to be cut where it opens (not each a JSON fragment read as nothing).
     */
    @Test
    void whatDoesNotReadAsOneEntryIsGivenBackLineByLine() {
        String glued = "[\n  {\"textPayload\": \"a\"}, {\"textPayload\": \"b\"},\n  {\"textPayload\": \"c\"}\n]\n";
        List<Entry> entries = join(Shape.JSON, glued);
        tiles(entries, 4);
        assertNull(entries.stream().filter(e -> e.first() == 2).findFirst().orElseThrow().node());
        assertEquals("c", entries.stream().filter(e -> e.node() != null).findFirst().orElseThrow().node().path("textPayload").asText());
        String cut = "[\n" + jsonEntry(LINE_1, "2026-10-14T09:19:07.331Z") + ",\n  {\n    \"textPayload\": \"time=\\\"2026-10";
        List<Entry> read = join(Shape.JSON, cut);
        tiles(read, cut.split("\n").length);
        assertEquals(1, read.stream().filter(e -> e.node() != null).count());
        Entry open = read.get(read.size() - 1);
        assertEquals("  {", open.text());
        assertEquals(cut.split("\n").length, open.last());
        assertEquals(open.last() - 1, open.first());
        assertEquals("expected the entry that opens here to close, found the end of the file: the document was cut inside it (2 lines not"
                + " read; the entries before it were read)", open.cut());
        assertNull(entries.stream().filter(e -> e.cut() != null).findFirst().orElse(null), "glued entries are no cut");
    }

    @Test
    void aFileIsReadAsADocumentFromItsContent() throws IOException {
        Path p = dir.resolve("controller-logs.txt");
        Files.writeString(p, yamlEntry(LINE_1, "2026-10-14T09:19:07.331Z") + "---\n" + yamlEntry(LINE_2, "2026-10-14T09:19:07.345Z"));
        InputFile f = new InputClassifier().classify("controller-logs.txt", p);
        assertEquals(InputKind.LOG, f.kind());
        assertEquals("log entries in a YAML document", f.reason());
        assertEquals(Shape.YAML, LogEntryDocument.of(f));
        Path log = dir.resolve("controller.log");
        Files.writeString(log, LINE_1 + "\n" + LINE_2 + "\n");
        assertEquals(Shape.NONE, LogEntryDocument.of(new InputClassifier().classify("controller.log", log)));
    }

    /** A Loki query response as jq prints it: streams of {@code ["<ns>", "<line>"]} values in the order given. */
    private static String lokiResponse(String resultType, String[][] streams) {
        StringBuilder b = new StringBuilder("{\n  \"status\": \"success\",\n  \"data\": {\n    \"resultType\": \"" + resultType
                + "\",\n    \"result\": [\n");
        for (int s = 0; s < streams.length; s++) {
            b.append("      {\n        \"stream\": {\n          \"pod\": \"").append(streams[s][0])
                    .append("\",\n          \"stream\": \"stderr\"\n        },\n        \"values\": [\n");
            for (int v = 1; v < streams[s].length; v += 2) {
                b.append("          [\n            \"").append(streams[s][v]).append("\",\n            \"")
                        .append(streams[s][v + 1].replace("\"", "\\\"")).append("\"\n          ]").append(v + 2 < streams[s].length ? ",\n" : "\n");
            }
            b.append("        ]\n      }").append(s + 1 < streams.length ? ",\n" : "\n");
        }
        return b.append("    ],\n    \"stats\": {\n      \"summary\": {}\n    }\n  }\n}\n").toString();
    }

    private static List<String> lokiLines(List<Entry> entries) {
        List<String> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.node() != null) {
                out.add(e.node().get("stream").get("pod").asText() + " " + e.node().get("values").get(0).get(1).asText());
            }
        }
        return out;
    }

    /**
     * Loki's default direction, backward: each stream newest first, two values of one nanosecond in reverse of their order. Given
     * oldest first across the streams, equal times in their own order, each value citing its own opening line, every line counted once.
     */
    @Test
    void lokiValuesComeOldestFirstAcrossStreams() {
        String text = lokiResponse("streams", new String[][] {
            {"wc-a", "1789835471300000000", "a3 level=INFO", "1789835471257000000", "a2 level=INFO", "1789835471257000000", "a1 level=INFO"},
            {"wc-b", "1789835471280000000", "b2 {\"msg\":\"x]\"}", "1789835471100000000", "b1 [x"}});
        assertEquals(Shape.RESPONSE, LogEntryDocument.detect(List.of(text.split("\n"))));
        List<Entry> entries = join(Shape.RESPONSE, text);
        assertEquals(List.of("wc-b b1 [x", "wc-a a1 level=INFO", "wc-a a2 level=INFO", "wc-b b2 {\"msg\":\"x]\"}", "wc-a a3 level=INFO"),
                lokiLines(entries));
        List<String> lines = List.of(text.split("\n"));
        long counted = leading;
        for (Entry e : entries) {
            counted += e.last() - e.first() + 1;
            if (e.node() != null) {
                assertEquals("[", lines.get((int) e.first() - 1).strip(), e.toString());
            }
        }
        assertEquals(lines.size(), counted, "every line counted once");
    }

    /** Asked for direction=forward, each stream oldest first: equal times keep the order they came in. */
    @Test
    void aForwardLokiResponseKeepsItsOrderAtEqualTimes() {
        String text = lokiResponse("streams", new String[][] {
            {"wc-a", "1789835471257000000", "a1", "1789835471257000000", "a2", "1789835471300000000", "a3"},
            {"wc-b", "1789835471100000000", "b1"}});
        assertEquals(List.of("wc-b b1", "wc-a a1", "wc-a a2", "wc-a a3"), lokiLines(join(Shape.RESPONSE, text)));
    }

    /** A value alone on its line, ["<ns>", "<line>"], is one; a matrix's samples (resultType matrix) are none. */
    @Test
    void aLokiValueOnOneLineIsReadAndAMatrixIsNot() {
        String text = lokiResponse("streams", new String[][] {{"wc-a", "1789835471257000000", "a1", "1789835471300000000", "a2"}})
                .replaceAll("\\[\\n\\s*(\"\\d+\",)\\n\\s*(\"a\\d\")\\n\\s*\\]", "[$1 $2]");
        assertTrue(text.contains("[\"1789835471257000000\", \"a1\"],"), text);
        assertEquals(List.of("wc-a a1", "wc-a a2"), lokiLines(join(Shape.RESPONSE, text)));
        String matrix = lokiResponse("matrix", new String[][] {{"wc-a", "1789835471257000000", "a1", "1789835471300000000", "a2"}});
        assertEquals(Shape.NONE, LogEntryDocument.detect(List.of(matrix.split("\n"))));
        assertEquals(List.of(), lokiLines(join(Shape.RESPONSE, matrix)));
    }
}
