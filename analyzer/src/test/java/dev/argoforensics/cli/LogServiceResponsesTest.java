package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's lines as log services' APIs give them back, pretty-printed or on one line: the #17024 sample's logs in an
 * Elasticsearch {@code _search} response, a Datadog Logs API response and a Loki query response (read, the race found with its logged
 * delay), and on one line (one unparsed line that says what it is).
 */
class LogServiceResponsesTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The sample's lines, oldest first. */
    private static List<String> lines() throws IOException {
        List<String> out = new ArrayList<>();
        for (String f : new String[] {"1-controller-workers2.log", "2-controller-workers0.log", "3-controller-workers-restored.log"}) {
            out.addAll(Files.readAllLines(Path.of("samples/issue-17024/logs", f)));
        }
        return out;
    }

    private static String time(String line) {
        String t = line.substring("time=".length(), line.indexOf(' '));
        return t.startsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }

    /** A _search response, the hits newest first as Kibana sorts them. */
    private static ObjectNode search(List<String> lines) {
        ObjectNode doc = JSON.createObjectNode().put("took", 17).put("timed_out", false);
        doc.putObject("_shards").put("total", 1).put("successful", 1).put("failed", 0);
        ObjectNode hits = doc.putObject("hits");
        hits.putObject("total").put("value", lines.size()).put("relation", "eq");
        ArrayNode array = hits.putArray("hits");
        List<String> newestFirst = new ArrayList<>(lines);
        Collections.reverse(newestFirst);
        int i = 0;
        for (String l : newestFirst) {
            ObjectNode hit = array.addObject().put("_index", "k8s-2026.09.19").put("_id", "h" + i++);
            ObjectNode source = hit.putObject("_source").put("@timestamp", time(l)).put("log", l + "\n").put("stream", "stderr");
            source.putObject("kubernetes").put("pod_name", "workflow-controller-6c9d7f8b4-mq2zt").put("container_name", "workflow-controller");
        }
        return doc;
    }

    /** A Datadog Logs API v2 response: the lines whole in message, as no pipeline parsed the text log. */
    private static ObjectNode datadog(List<String> lines) {
        ObjectNode doc = JSON.createObjectNode();
        ArrayNode data = doc.putArray("data");
        int i = 0;
        for (String l : lines) {
            ObjectNode a = data.addObject().put("id", "AwAAAZ" + i++).put("type", "log").putObject("attributes");
            a.putObject("attributes");
            a.put("message", l).put("status", "error").put("service", "workflow-controller").put("timestamp", time(l));
            a.putArray("tags").add("pod_name:workflow-controller-6c9d7f8b4-mq2zt").add("kube_container_name:workflow-controller");
        }
        doc.putObject("meta").putObject("page").put("after", "eyJh");
        return doc;
    }

    /**
     * Splunk's REST API results (search/jobs/SID/results?output_mode=json through jq .): newest first as Splunk returns events, the
     * line in _raw, _time in the searching user's zone (+02:00 here), the replica in Splunk Connect for Kubernetes' pod field.
     */
    private static ObjectNode splunk(List<String> lines) {
        ObjectNode doc = JSON.createObjectNode().put("preview", false).put("init_offset", 0);
        doc.putArray("messages");
        doc.putArray("fields").addObject().put("name", "_raw");
        ArrayNode results = doc.putArray("results");
        List<String> newestFirst = new ArrayList<>(lines);
        Collections.reverse(newestFirst);
        for (String l : newestFirst) {
            java.time.OffsetDateTime t = java.time.OffsetDateTime.parse(time(l)).withOffsetSameInstant(java.time.ZoneOffset.ofHours(2));
            results.addObject().put("_raw", l).put("_time", t.format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")))
                    .put("host", "ip-10-20-3-41").put("pod", "workflow-controller-6c9d7f8b4-mq2zt").put("container_name", "workflow-controller");
        }
        doc.putObject("highlighted");
        return doc;
    }

    private JsonNode analyze(String name, String content) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name.replace('.', '-')));
        Files.writeString(folder.resolve(name), content);
        Cli run = Cli.run("analyze", folder.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        assertTrue(run.exitCode() == 0 || run.exitCode() == 1, run.err());
        return JSON.readTree(run.out());
    }

    private static String af001Delay(JsonNode report) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals("AF001")) {
                return f.get("confidence").asText() + " " + f.get("delayNanos").asText();
            }
        }
        return "none";
    }

    @Test
    void prettyResponsesAreReadEntryByEntry() throws IOException {
        List<String> lines = lines();
        for (ObjectNode doc : new ObjectNode[] {search(lines), datadog(lines), splunk(lines)}) {
            JsonNode report = analyze("response.json", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
            JsonNode input = report.get("inputs").get(0);
            assertEquals("log", input.get("kind").asText(), input.toString());
            assertEquals(lines.size(), input.get("events").asLong());
            assertEquals(0, input.get("unparsed").asLong());
            assertEquals(input.get("lines").asLong() - lines.size(), input.get("continuation").asLong(), "every other line continuation");
            assertEquals("possible -84257168224", af001Delay(report), "the logs alone give AF001 possible, the delay exact");
            assertTrue(report.toString().contains("note.read.logEntriesResponse"), input.toString());
        }
    }

    /**
     * A Loki query_range response (as curl … | jq . prints it): the lines split over streams by a label (stdout and stderr here),
     * each stream newest first (Loki's default direction, backward), the value's time in Unix nanoseconds, the replica in the
     * stream's labels under the name the collector gave it.
     */
    private static ObjectNode loki(List<String> lines, String podLabel, String podValue) {
        ObjectNode doc = JSON.createObjectNode().put("status", "success");
        ObjectNode data = doc.putObject("data").put("resultType", "streams");
        ArrayNode result = data.putArray("result");
        for (String stream : new String[] {"stderr", "stdout"}) {
            ObjectNode s = result.addObject();
            s.putObject("stream").put("namespace", "argo").put(podLabel, podValue).put("stream", stream);
            ArrayNode values = s.putArray("values");
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (i % 2 == (stream.equals("stderr") ? 0 : 1)) {
                    java.time.Instant t = java.time.Instant.parse(time(lines.get(i)));
                    values.addArray().add(Long.toString(t.getEpochSecond() * 1_000_000_000L + t.getNano())).add(lines.get(i));
                }
            }
        }
        data.putObject("stats").putObject("summary").put("totalLinesProcessed", lines.size());
        return doc;
    }

    /** As jq prints it: each value's time and line on lines of their own. */
    private static String jq(ObjectNode doc) throws IOException {
        var printer = new com.fasterxml.jackson.core.util.DefaultPrettyPrinter()
                .withArrayIndenter(com.fasterxml.jackson.core.util.DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
        return JSON.writer(printer).writeValueAsString(doc) + "\n";
    }

    @Test
    void aLokiQueryResponseIsReadValueByValueOldestFirstAcrossStreams() throws IOException {
        List<String> lines = lines();
        String replica = "workflow-controller-6c9d7f8b4-mq2zt";
        for (String[] label : new String[][] {{"pod", replica}, {"k8s_pod_name", replica}, {"instance", "argo/" + replica + ":workflow-controller"}}) {
            JsonNode report = analyze("query_range.json", jq(loki(lines, label[0], label[1])));
            JsonNode input = report.get("inputs").get(0);
            assertEquals("log", input.get("kind").asText(), input.toString());
            assertTrue(input.get("format").asText().contains("Loki query response"), input.toString());
            assertEquals(lines.size(), input.get("events").asLong(), input.toString());
            assertEquals(0, input.get("unparsed").asLong());
            assertEquals(input.get("lines").asLong() - lines.size(), input.get("continuation").asLong(), "every other line continuation");
            assertEquals("possible -84257168224", af001Delay(report), label[0] + ": the two streams merged oldest first, the delay exact");
            assertTrue(report.toString().contains(replica + " #3"), label[0] + " names the replica: " + report.get("runs"));
            assertTrue(!report.toString().contains(replica + " #4"), label[0] + ": the sample's three runs, no more: " + report.get("runs"));
        }
    }

    /** Without a label naming it, no replica is named: the lines' own podName (the Pod the controller acted on) is not taken for it. */
    @Test
    void aLokiStreamWithoutAPodLabelNamesNoReplica() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("loki-job"));
        Files.writeString(folder.resolve("query_range.json"), jq(loki(lines(), "job", "argo/workflow-controller")));
        Cli run = Cli.run("formats", folder.toString());
        assertTrue(run.out().contains("49 events"), run.out());
        assertTrue(run.out().contains("query_range.json #1: ") && run.out().contains("named by the file name"), run.out());
        assertTrue(!run.out().contains("named by the collector"), run.out());
    }

    /** logcli query --output=jsonl, newest first: one {"labels", "line", "timestamp"} per line, the replica in labels.pod. */
    @Test
    void logcliJsonlLinesAreReadAsALogStoresJson() throws IOException {
        List<String> lines = lines();
        StringBuilder jsonl = new StringBuilder();
        for (int i = lines.size() - 1; i >= 0; i--) {
            ObjectNode o = JSON.createObjectNode();
            o.putObject("labels").put("container", "workflow-controller").put("namespace", "argo").put("pod", "workflow-controller-6c9d7f8b4-mq2zt");
            jsonl.append(JSON.writeValueAsString(o.put("line", lines.get(i)).put("timestamp", time(lines.get(i))))).append('\n');
        }
        JsonNode report = analyze("logcli.jsonl", jsonl.toString());
        assertEquals(lines.size(), report.get("inputs").get(0).get("events").asLong(), report.get("inputs").toString());
        assertEquals("possible -84257168224", af001Delay(report));
        assertTrue(report.toString().contains("workflow-controller-6c9d7f8b4-mq2zt #3"), report.toString());
    }

    /** The newest line, first in the response, cites its own line: the value's line string, not the {@code [} it opens on. */
    @Test
    void aLokiValueCitesItsOwnLine() throws IOException {
        String text = jq(loki(lines(), "pod", "workflow-controller-6c9d7f8b4-mq2zt"));
        Path folder = Files.createDirectories(dir.resolve("loki-first"));
        Files.writeString(folder.resolve("query_range.json"), text);
        List<String> file = List.of(text.split("\n"));
        int time = file.indexOf(file.stream().filter(l -> l.contains("16:38:02.237Z")).findFirst().orElseThrow());
        assertEquals("[", file.get(time - 2).strip(), text);
        Cli run = Cli.run("search", "msg:Alloc*", folder.toString());
        String newest = run.out().lines().filter(l -> l.contains("16:38:02.237Z")).findFirst().orElseThrow(() -> new AssertionError(run.out()));
        assertTrue(file.get(time).contains("msg="), file.get(time));
        assertTrue(newest.contains("query_range.json:" + (time + 1) + " "), "the value's line is line " + (time + 1) + ": " + newest);
    }

    /**
     * Printed with Jackson's default pretty-printer (each stream's values on one line) the values cannot be told apart line by line:
     * the response is named and said how to give it; on one line (curl's own output) too; with no values it says so.
     */
    @Test
    void aLokiQueryResponseNotReadSaysWhyAndAnEmptyOneIsNamed() throws IOException {
        ObjectNode doc = loki(lines(), "pod", "workflow-controller-6c9d7f8b4-mq2zt");
        JsonNode pretty = analyze("query_range.json", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
        assertTrue(pretty.get("inputs").get(0).get("format").asText().contains("Loki query response holding log lines (ignored"),
                pretty.get("inputs").toString());
        assertTrue(pretty.get("inputs").get(0).get("format").asText().contains("give it as jq . response.json prints it"));
        Path folder = Files.createDirectories(dir.resolve("compact"));
        Files.writeString(folder.resolve("query_range.json"), JSON.writeValueAsString(doc));
        ObjectNode empty = loki(List.of(), "pod", "workflow-controller-6c9d7f8b4-mq2zt");
        Files.writeString(folder.resolve("empty.json"), jq(empty));
        ((ArrayNode) empty.get("data").get("result")).removeAll();
        Files.writeString(folder.resolve("none.json"), JSON.writeValueAsString(empty));
        Cli run = Cli.run("formats", folder.toString());
        assertTrue(run.out().contains("query_range.json:1: a Loki query response on one line (49 lines in 2 streams), not read line by line:"
                + " give it pretty-printed (jq . response.json)"), run.out());
        assertTrue(run.out().contains("Loki query response with no log lines (2 streams): nothing to read"), run.out());
        assertTrue(run.out().contains("Loki query response with no log lines (0 streams): nothing to read"), run.out());
    }

    /**
     * A Prometheus (or Loki metric query) matrix response has data.result[].values too, [<seconds>, "<sample>"]: it holds no log
     * lines and is not read as a Loki stream's, pretty-printed or not.
     */
    @Test
    void aMatrixResponseIsNotTakenForLokiStreams() throws IOException {
        ObjectNode doc = JSON.createObjectNode().put("status", "success");
        ObjectNode data = doc.putObject("data").put("resultType", "matrix");
        ObjectNode series = data.putArray("result").addObject();
        series.putObject("metric").put("pod", "workflow-controller-6c9d7f8b4-mq2zt");
        ArrayNode values = series.putArray("values");
        for (int i = 0; i < 30; i++) {
            values.addArray().add(1789835471L + 15 * i).add("time=2026-09-19T16:31:11.257Z level=INFO msg=\"x\"");
        }
        series.put("stream", "x");
        ObjectNode streamsNamed = data.deepCopy();
        Path folder = Files.createDirectories(dir.resolve("matrix"));
        Files.writeString(folder.resolve("matrix.json"), jq(doc));
        // A matrix whose samples were given Loki's string nanoseconds: still no stream of log lines (resultType says matrix).
        ((ArrayNode) streamsNamed.get("result").get(0).get("values")).forEach(v -> ((ArrayNode) v).set(0, JSON.getNodeFactory().textNode("1789835471257000000")));
        ObjectNode doc2 = JSON.createObjectNode().put("status", "success");
        doc2.set("data", streamsNamed);
        Files.writeString(folder.resolve("matrix2.json"), jq(doc2));
        Cli run = Cli.run("formats", folder.toString());
        assertTrue(!run.out().contains("Loki"), run.out());
        assertTrue(!run.out().contains("events"), run.out());
    }
    /**
     * A response copied or downloaded in part: the hits before the cut read, the one it ends inside one stretch said to be cut where
     * it opens (before: each of its lines an unparsed JSON fragment), every line counted.
     */
    @Test
    void aResponseCutShortSaysWhereAndReadsWhatCameBefore() throws IOException {
        String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(search(lines()));
        JsonNode input = analyze("search.json", text.substring(0, text.length() * 2 / 3)).get("inputs").get(0);
        assertEquals(1, input.get("unparsed").asLong(), input.toString());
        assertTrue(input.get("events").asLong() > 20, input.toString());
        assertEquals(input.get("lines").asLong(), input.get("events").asLong() + input.get("continuation").asLong() + 1, input.toString());
        assertTrue(input.toString().contains("expected the entry that opens here to close, found the end of the file: the response was cut"
                + " inside it"), input.toString());
    }

    /** A response with no hits (the query's time range missed the incident) is named so in the inputs, not an object of no kind. */
    @Test
    void anEmptyResponseIsNamed() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("empty"));
        Files.writeString(folder.resolve("search.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(search(List.of())));
        Cli run = Cli.run("formats", folder.toString());
        assertTrue(run.out().contains("Elasticsearch or OpenSearch _search response with no hits: nothing to read"), run.out());
    }

    /**
     * The newest hit, first in the response, cites the line of its own that holds its log line (inside the object Jackson's
     * pretty-printer opens on the line of {@code "hits" : [ {}), not the response's first line ({@code {}), where no reader would find
     * it; the lines before it are still counted, as continuation.
     */
    @Test
    void theFirstHitCitesItsOwnLine() throws IOException {
        String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(search(lines()));
        Path folder = Files.createDirectories(dir.resolve("first"));
        Files.writeString(folder.resolve("search.json"), text);
        List<String> file = List.of(text.split("\n"));
        int opens = 1 + file.indexOf(file.stream().filter(l -> l.strip().equals("\"hits\" : [ {")).findFirst().orElseThrow());
        assertTrue(opens > 10, text);
        int holds = 1 + file.indexOf(file.stream().filter(l -> l.contains("16:38:02.237Z") && l.contains("msg=")).findFirst().orElseThrow());
        assertTrue(holds > opens, text);
        Cli run = Cli.run("search", "msg:Alloc*", folder.toString());
        String newest = run.out().lines().filter(l -> l.contains("16:38:02.237Z")).findFirst().orElseThrow(() -> new AssertionError(run.out()));
        assertTrue(newest.contains("search.json:" + holds + " "), "the first hit's line is on line " + holds + ": " + newest);
    }

    /** An Elasticsearch response and Splunk's results (as its REST API gives them, without jq) on one line: each says how to give it. */
    @Test
    void aResponseOnOneLineIsOneUnparsedLineThatSaysWhatItIs() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("curl"));
        Files.writeString(folder.resolve("search.json"), JSON.writeValueAsString(search(lines())));
        Files.writeString(folder.resolve("results.json"), JSON.writeValueAsString(splunk(lines())));
        Cli run = Cli.run("formats", folder.toString());
        assertTrue(run.out().contains("search.json:1: a log search API response on one line (49 entries in hits.hits), not read entry by "
                + "entry"), run.out());
        assertTrue(run.out().contains("results.json:1: a log search API response on one line (49 entries in results), not read entry by"
                + " entry: give it pretty-printed (jq . response.json) or one entry per line (jq -c '.results[]' response.json)"), run.out());
    }
}
