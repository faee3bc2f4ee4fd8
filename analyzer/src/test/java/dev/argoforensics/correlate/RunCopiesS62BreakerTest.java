package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62 breaker (s62-b-once) of "one run given twice" ({@link RunCopies}) as reconciled in session 62: a record's key holds its
 * fraction of a second, so a copy kept by a log store at another precision than the controller wrote must still be the same run.
 */
class RunCopiesS62BreakerTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A v4.1.2 controller with leader election off (slog JSON, nanosecond times): the AF001/AF004 negative control. */
    private static final Path LOG = Path.of("samples/labelled-then-released/logs/workflow-controller.json.log");

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        return OneRunGivenTwiceTest.analyzeIn(dir, logs);
    }

    /**
     * The run as the Datadog Logs API (v2, {@code POST /api/v2/logs/events/search}) gives it back where the log pipeline's date
     * remapper took the record's {@code time} as the event's date and its status remapper {@code level}: each event's
     * {@code timestamp} is the record's time kept at milliseconds (Datadog stores dates at milliseconds), {@code message} the
     * record's {@code msg}, the other keys parsed into {@code attributes}. Only the events up to {@code until} (the query's window).
     */
    static List<String> datadogResponse(List<String> log, String until, String pod) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode data = root.putArray("data");
        int n = 0;
        for (String l : log) {
            ObjectNode r = (ObjectNode) JSON.readTree(l);
            String t = r.remove("time").asText();
            if (t.compareTo(until) > 0) {
                continue;
            }
            java.time.Instant at = java.time.Instant.parse(t);
            String ms = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC)
                    .format(at.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
            String msg = r.remove("msg").asText();
            String level = r.remove("level").asText().toLowerCase(java.util.Locale.ROOT);
            ObjectNode e = data.addObject();
            e.put("id", String.format("AwAAAZK1%08dQ", n++));
            e.put("type", "log");
            ObjectNode a = e.putObject("attributes");
            ObjectNode attrs = a.putObject("attributes");
            for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                attrs.set(f.getKey(), f.getValue());
            }
            a.put("host", "gke-analytics-prod-default-pool-3f1a9c2e-x7vq");
            a.put("message", msg);
            a.put("service", "workflow-controller");
            a.put("status", level);
            ArrayNode tags = a.putArray("tags");
            tags.add("kube_namespace:argo");
            tags.add("pod_name:" + pod);
            tags.add("kube_container_name:workflow-controller");
            a.put("timestamp", ms);
        }
        ObjectNode page = root.putObject("meta").putObject("page");
        page.put("after", "eyJhZnRlciI6eyJ0aW1lc3RhbXAiOjE3OTk5OTk5OTl9fQ");
        root.putObject("links");
        return List.of(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root).replace(" : ", ": ").split("\n"));
    }

    private static List<String> sure(AnalysisResult r) {
        return TwinClustersS59BreakerTest.readings(r).stream().filter(f -> f.contains(" CONFIRMED ") || f.contains(" LIKELY ")).toList();
    }

    /**
     * {@code kubectl logs deploy/workflow-controller > controller.log} at 14:25 beside the Datadog events of the same container up to
     * 14:15: one run (leader election off), the same records, the download's times the log's cut to milliseconds. Read as two runs
     * their passes interleave for ten minutes: two controllers at once, every Pod two lifetimes.
     */
    @Test
    void aDatadogDownloadAtMillisecondsBesideTheNanosecondLogIsOneRun() throws IOException {
        List<String> log = Files.readAllLines(LOG);
        List<String> download = datadogResponse(log, "2026-10-08T14:15:00Z", "workflow-controller-7c9d8b6f5-k2x4m");
        AnalysisResult alone = analyze(Map.of("controller.log", log));
        AnalysisResult both = analyze(Map.of("controller.log", log, "datadog-logs-20261008-1415.json", download));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(2, runs.size(), runs::toString);
        RunCopies copies = LineProjection.of(both.correlation().events(), java.util.Set.of(), new int[0], true).copies();
        ConcurrentRuns c = ConcurrentRuns.of(both.correlation());
        assertFalse(c.atOnce(0, 1), () -> copies + " " + runs);
        assertTrue(c.mayShare(0, 1).isEmpty(), runs::toString);
        List<String> s = sure(alone);
        assertTrue(sure(both).stream().allMatch(s::contains), () -> sure(both) + " vs " + s);
        assertTrue(copies.givenTwice(0, 1), () -> copies + " " + runs);
    }

    /**
     * The two replicas of {@code two-controllers} (v3.7.6, leader election off in both, both reconciling {@code etl/batch-merge-k2x8d}:
     * AF012 confirmed) as an archive that keeps whole seconds: fluentd's {@code out_s3} with the record's {@code time} injected back at
     * its default string format ({@code %Y-%m-%dT%H:%M:%S}, no fraction). Both replicas read the same resource versions within tens of
     * milliseconds, so at whole seconds their passes say the same in the same second: they must stay two controllers at once.
     */
    @Test
    void twoReplicasAtWholeSecondsStayTwoControllers() throws IOException {
        Path logs = Path.of("samples/two-controllers/logs");
        List<String> h = seconds(Files.readAllLines(logs.resolve("workflow-controller-6d8f7c9b5-h4x2p.json.log")));
        List<String> q = seconds(Files.readAllLines(logs.resolve("workflow-controller-6d8f7c9b5-q7m9z.json.log")));
        AnalysisResult both = analyze(Map.of("workflow-controller-6d8f7c9b5-h4x2p.json.log", h, "workflow-controller-6d8f7c9b5-q7m9z.json.log", q));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(2, runs.size(), runs::toString);
        RunCopies copies = LineProjection.of(both.correlation().events(), java.util.Set.of(), new int[0], true).copies();
        assertFalse(copies.givenTwice(0, 1), () -> copies + " " + runs);
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), runs::toString);
        List<String> readings = TwinClustersS59BreakerTest.readings(both);
        assertTrue(readings.stream().anyMatch(f -> f.contains("AF012")), readings::toString);
    }

    private static List<String> seconds(List<String> log) {
        return log.stream().map(l -> l.replaceAll("(\"time\":\"[0-9T:-]+)\\.[0-9]+Z\"", "$1Z\"")).toList();
    }
}
