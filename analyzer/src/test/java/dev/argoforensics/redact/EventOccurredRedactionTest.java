package dev.argoforensics.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * v4's {@code Event occurred} lines (the event broadcaster's klog line through Argo's slog) name a Workflow or Pod and its
 * namespace in {@code object} ({@code ns/name} in slog text, {@code {"name","namespace"}} in slog JSON) and a node in
 * {@code message}: under {@code --redact} none of these names survives in any format, also where no other line names them, and
 * each gets the pseudonym it gets where other lines name it.
 */
class EventOccurredRedactionTest {
    private static final String NOW = "2026-09-20T00:00:00Z";
    private static final List<String> FORMATS = List.of("text", "markdown", "json", "html", "github-issue");

    private static final String NS = "orbitalco-ledger";
    private static final String WF = "orbitalco-reconcile-q8zt4";
    private static final String NODE = WF + "[0].orbitalco-sync";
    private static final String JSON_NS = "orbitalco-batch";
    private static final String JSON_WF = "orbitalco-export-m2vbn";
    private static final String JSON_NODE = JSON_WF + "[1].orbitalco-upload(0:eu)";
    /** A Pod named as the object under {@code nodeEvents.sendAsPod}. */
    private static final String POD = WF + "-orbitalco-sync-2718281828";
    private static final String JSON_POD = JSON_WF + "-orbitalco-upload-1618033988";
    private static final String CRON = "orbitalco-hourly-digest";
    /** A node ID only a WorkflowFailed message names (the Workflow's message, {@code child '<node ID>' failed}). */
    private static final String CHILD = JSON_WF + "-3141592653";
    private static final List<String> NAMES = List.of(NS, WF, NODE, JSON_NS, JSON_WF, JSON_NODE, POD, JSON_POD, CRON, CHILD, "orbitalco", "q8zt4", "m2vbn",
            "2718281828", "3141592653", "1618033988", "hourly-digest");

    @TempDir
    Path dir;

    private static String eventText(String time, String object, String kind, String type, String reason, String message) {
        return "time=" + time + " level=INFO msg=\"Event occurred\" component=workflow_worker reason=" + reason + " kind=" + kind
                + " object=" + object + " type=" + type + " fieldPath=\"\" apiVersion=" + (kind.equals("Pod") ? "v1" : "argoproj.io/v1alpha1")
                + " message=\"" + message + "\"\n";
    }

    private static String eventJson(String time, String ns, String name, String type, String reason, String message) {
        return eventJson(time, ns, name, "Workflow", type, reason, message);
    }

    private static String eventJson(String time, String ns, String name, String kind, String type, String reason, String message) {
        return "{\"time\":\"" + time + "\",\"level\":\"INFO\",\"msg\":\"Event occurred\",\"type\":\"" + type + "\",\"object\":{\"name\":\"" + name
                + "\",\"namespace\":\"" + ns + "\"},\"kind\":\"" + kind + "\",\"component\":\"workflow_worker\",\"fieldPath\":\"\","
                + "\"apiVersion\":\"argoproj.io/v1alpha1\",\"reason\":\"" + reason + "\",\"message\":\"" + message + "\"}\n";
    }

    /** Two controller logs, slog text and slog JSON, whose Workflow, namespace, node and Pod names stand only on Event occurred lines. */
    private Path eventsOnly() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("events-only"));
        Files.writeString(logs.resolve("controller-text.log"),
                "time=2026-09-19T16:26:58.012Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 defaultRequeueTime=10s\n"
                + eventText("2026-09-19T16:27:10.408Z", NS + "/" + WF, "Workflow", "Normal", "WorkflowRunning", "Workflow Running")
                + eventText("2026-09-19T16:27:20.472Z", NS + "/" + WF, "Workflow", "Normal", "WorkflowNodeRunning", "Running node " + NODE)
                + eventText("2026-09-19T16:27:20.480Z", NS + "/" + POD, "Pod", "Normal", "WorkflowNodeRunning", "Running node " + NODE)
                + eventText("2026-09-19T16:33:02.273Z", NS + "/" + WF, "Workflow", "Warning", "WorkflowNodeError",
                        "Error node " + NODE + ": pod deleted")
                + eventText("2026-09-19T16:33:02.280Z", NS + "/" + WF, "Workflow", "Warning", "WorkflowFailed", "pod deleted"),
                StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("controller-json.log"),
                "{\"time\":\"2026-09-19T17:00:00.000Z\",\"level\":\"INFO\",\"msg\":\"Starting Workflow Controller\",\"version\":\"v4.0.10\","
                + "\"defaultRequeueTime\":10000000000}\n"
                + eventJson("2026-09-19T17:01:10.100Z", JSON_NS, JSON_WF, "Normal", "WorkflowRunning", "Workflow Running")
                + eventJson("2026-09-19T17:01:20.200Z", JSON_NS, JSON_WF, "Normal", "WorkflowNodeSucceeded", "Succeeded node " + JSON_NODE)
                + eventJson("2026-09-19T17:01:30.300Z", JSON_NS, JSON_WF, "Warning", "WorkflowNodeFailed",
                        "Failed node " + JSON_NODE + ": Error (exit code 1)")
                + eventJson("2026-09-19T17:01:30.400Z", JSON_NS, JSON_WF, "Warning", "WorkflowFailed", "child '" + CHILD + "' failed")
                // The cron controller's event on a CronWorkflow it cannot read: no Workflow, yet its namespace and name are someone's.
                + eventJson("2026-09-19T17:01:30.310Z", JSON_NS, JSON_POD, "Pod", "Warning", "WorkflowNodeFailed",
                        "Failed node " + JSON_NODE + ": Error (exit code 1)")
                + eventJson("2026-09-19T17:02:00.000Z", JSON_NS, CRON, "CronWorkflow", "Warning", "Malformed", "cannot unmarshal spec"),
                StandardCharsets.UTF_8);
        return logs;
    }

    /** The same lines, and the same names on other lines of the controller (Processing workflow, Created pod). */
    private Path eventsAndOthers() throws IOException {
        Path logs = eventsOnly();
        Path both = Files.createDirectories(dir.resolve("events-and-others"));
        Files.writeString(both.resolve("controller-text.log"), Files.readString(logs.resolve("controller-text.log"))
                + "time=2026-09-19T16:27:10.402Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=" + WF
                + " namespace=" + NS + " resourceVersion=918231 phase=\"\"\n"
                + "time=2026-09-19T16:27:10.420Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=" + WF + " namespace=" + NS
                + " nodeName=" + NODE + " nodeID=" + WF + "-2718281828 podName=" + POD + "\n", StandardCharsets.UTF_8);
        Files.writeString(both.resolve("controller-json.log"), Files.readString(logs.resolve("controller-json.log"))
                + "{\"time\":\"2026-09-19T17:01:10.050Z\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"component\":\"workflow_worker\","
                + "\"workflow\":\"" + JSON_WF + "\",\"namespace\":\"" + JSON_NS + "\",\"resourceVersion\":\"918400\",\"phase\":\"\"}\n"
                + "{\"time\":\"2026-09-19T17:01:10.120Z\",\"level\":\"INFO\",\"msg\":\"Created pod\",\"component\":\"workflow_worker\","
                + "\"workflow\":\"" + JSON_WF + "\",\"namespace\":\"" + JSON_NS + "\",\"nodeName\":\"" + JSON_NODE + "\",\"podName\":\"" + JSON_POD + "\"}\n",
                StandardCharsets.UTF_8);
        return both;
    }

    private static Cli analyze(Path logs, String format, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("analyze", logs.toString(), "--format", format, "--now", NOW,
                "--timelines", "all"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void theReportShowsTheNamesWithoutRedaction() throws IOException {
        // Not a test that cannot fail: the unredacted report quotes these names (the Pods' timelines quote their Event occurred
        // lines, slog text and slog JSON); no finding, so no issue draft.
        Path logs = eventsOnly();
        for (String format : FORMATS.subList(0, 4)) {
            String out = analyze(logs, format).out().replace("\\\"", "\"");
            for (String name : List.of(POD, NS, JSON_POD, JSON_NS)) {
                assertTrue(out.contains(name), format + " shows " + name);
            }
        }
        String text = analyze(logs, "text").out();
        assertTrue(text.contains(NODE) && text.contains(JSON_NODE), "the node names are quoted");
    }

    @Test
    void namesOnlyOnEventOccurredLinesAreRedactedInEveryFormat() throws IOException {
        Path logs = eventsOnly();
        for (String format : FORMATS) {
            Cli r = analyze(logs, format, "--redact-key", "k");
            // No finding here: the issue draft is refused, and its message must not name them either.
            String out = (r.out() + r.err()).toLowerCase(Locale.ROOT);
            assertTrue(format.equals("github-issue") || !r.out().isBlank(), format + ": " + r.err());
            for (String name : NAMES) {
                assertFalse(out.contains(name.toLowerCase(Locale.ROOT)), format + " leaks " + name + ":\n" + excerpt(r.out() + r.err(), name));
            }
        }
    }

    @Test
    void theNodeEventsSampleLeaksNothingInAnyFormat() {
        // issue-17024-node-events: a finding (so an issue draft), its Workflow's Event occurred lines quoted as what settled it.
        for (String format : FORMATS) {
            Cli r = Cli.run("analyze", "samples/issue-17024-node-events/logs", "--format", format, "--now", NOW, "--redact-key", "k");
            assertFalse(r.out().isBlank(), format + ": " + r.err());
            for (String name : List.of("status-capture-events", "status-capture-test", "samples/issue-17024-node-events")) {
                assertFalse(r.out().contains(name), format + " leaks " + name + ":\n" + excerpt(r.out(), name));
            }
        }
    }

    @Test
    void theyGetThePseudonymsTheyGetOnOtherLines() throws IOException {
        Path onlyMap = dir.resolve("only.tsv");
        Path bothMap = dir.resolve("both.tsv");
        Path only = eventsOnly();
        Path both = eventsAndOthers();
        analyze(only, "json", "--redact-key", "k", "--redact-map", onlyMap.toString());
        Cli r = analyze(both, "json", "--redact-key", "k", "--redact-map", bothMap.toString());
        for (String name : NAMES) {
            assertFalse(r.out().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)), "leaks " + name);
        }
        Map<String, String> fromEvents = mapping(onlyMap);
        Map<String, String> fromAll = mapping(bothMap);
        // Names no other line gives: a CronWorkflow's (the object of its Malformed event) and a node ID in a Workflow's message.
        assertTrue(fromEvents.containsKey(CRON) && fromEvents.containsKey(CHILD), fromEvents.toString());
        assertTrue(fromEvents.get(CHILD).startsWith(fromEvents.get(JSON_WF) + "-"), "a node ID's pseudonym begins with its Workflow's");
        for (String name : List.of(NS, WF, NODE, JSON_NS, JSON_WF, JSON_NODE, POD, JSON_POD)) {
            assertTrue(fromEvents.containsKey(name), name + " is learned from Event occurred lines alone: " + fromEvents);
            assertEquals(fromAll.get(name), fromEvents.get(name), name + ": the same pseudonym as where other lines name it");
        }
    }

    /** original → pseudonym of a {@code --redact-map} file (pseudonym, kind, original; two header lines). */
    private static Map<String, String> mapping(Path file) throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.startsWith("pseudonym\t")) {
                continue;
            }
            String[] cols = line.split("\t");
            if (cols.length == 3) {
                out.put(cols[2], cols[0]);
            }
        }
        return out;
    }

    private static String excerpt(String text, String id) {
        int at = text.toLowerCase(Locale.ROOT).indexOf(id.toLowerCase(Locale.ROOT));
        return at < 0 ? "" : text.substring(Math.max(0, at - 200), Math.min(text.length(), at + 200));
    }
}
