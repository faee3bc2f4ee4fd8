package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Sentences of the report a user pastes under their name, held to what the cited evidence says (session 42's review):
 * each test opens the input a sentence rests on and checks the sentence against it, so that a wording or a value taken
 * from the wrong line fails here.
 */
class ReportClaimsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Cli analyze(String now, String... args) {
        List<String> all = new ArrayList<>(List.of("analyze"));
        all.addAll(List.of(args));
        all.addAll(List.of("--now", now, "--color", "never"));
        return Cli.run(all.toArray(String[]::new));
    }

    private static String gapsSection(String text) {
        int from = text.indexOf("\nEvidence gaps\n");
        assertTrue(from >= 0, text);
        return text.substring(from, text.indexOf("\n\n", from + 2));
    }

    /**
     * pod-deleted-during-execution has every kind of input, and its AF007 finding is likely: its reason says what record would
     * confirm it. The gaps section has no gap to name, and must not then say that every rule was decided with all the evidence
     * it can use; it says that the finding is not confirmed, in every format.
     */
    @Test
    void noGapsDoesNotClaimAllTheEvidenceWhenAFindingSaysWhatItLacked() {
        String s = "samples/pod-deleted-during-execution/";
        String[] inputs = {s + "logs", s + "snapshots", s + "events", s + "audit"};
        Cli text = analyze("2026-09-28T00:00:00Z", inputs);
        JsonNode json = readJson(analyze("2026-09-28T00:00:00Z", concat(inputs, "-o", "json")));
        assertEquals(0, json.get("gaps").size(), "the sample is meant to have no evidence gap");
        long unsure = 0;
        for (JsonNode f : json.get("findings")) {
            if (!f.get("confidence").asText().equals("confirmed")) {
                unsure++;
                assertTrue(f.get("confidenceReason").asText().contains("would confirm"), f.toString());
            }
        }
        assertEquals(1, unsure, "AF007 is likely in this sample");
        String gaps = gapsSection(text.out());
        assertFalse(gaps.contains("all the evidence it can use"), gaps);
        assertTrue(gaps.replaceAll("\\s+", " ").contains("1 finding is not confirmed, and its confidence reason says why"), gaps);
        for (String format : List.of("markdown", "html")) {
            String out = analyze("2026-09-28T00:00:00Z", concat(inputs, "-o", format)).out().replace("&#39;", "'").replaceAll("\\s+", " ");
            assertFalse(out.contains("all the evidence it can use"), format);
            assertTrue(out.contains("1 finding is not confirmed, and its confidence reason says why"), format);
        }
    }

    /** A report whose every finding is confirmed says no more than that there is no gap. */
    @Test
    void noGapsWithEveryFindingConfirmedCountsNone() {
        Cli text = analyze("2026-10-03T00:00:00Z", "samples/timeline-all-sources/logs", "samples/timeline-all-sources/snapshots",
                "samples/timeline-all-sources/events", "samples/timeline-all-sources/audit");
        String gaps = gapsSection(text.out()).replaceAll("\\s+", " ");
        assertTrue(text.out().startsWith("argo-forensics 0.1.0-SNAPSHOT: 2 findings (2 high)"), text.out());
        assertTrue(gaps.contains("none: every rule had the evidence it needs"), gaps);
        assertFalse(gaps.contains("not confirmed"), gaps);
    }

    /**
     * A pasted Pod export whose annotations were trimmed (so no node-id: the Pod is tied to no node) still carries the
     * {@code workflows.argoproj.io/workflow} label and the Workflow owner reference: the AF004 finding names that Workflow,
     * never "Workflow unknown".
     */
    @Test
    void aFindingNamesTheWorkflowItsPodExportLabels() throws Exception {
        String[] inputs = {"samples/finalizer-held-trimmed-paste/snapshots"};
        String export = Files.readString(Path.of("samples/finalizer-held-trimmed-paste/snapshots/pod-terminating.yaml"));
        assertTrue(export.contains("    workflows.argoproj.io/workflow: orders-rollup-7xk2d\n"), "the export labels its Workflow");
        assertFalse(export.contains("workflows.argoproj.io/node-id"), "the export's node-id annotation is trimmed");
        JsonNode json = readJson(analyze("2026-10-15T00:00:00Z", concat(inputs, "-o", "json")));
        assertEquals(1, json.get("findings").size());
        JsonNode f = json.get("findings").get(0);
        assertEquals("AF004", f.get("rule").asText());
        assertEquals("etl-nightly", f.get("workflow").get("namespace").asText());
        assertEquals("orders-rollup-7xk2d", f.get("workflow").get("name").asText());
        assertTrue(f.get("node").isNull(), "no node-id annotation: no node");
        for (String format : List.of("text", "markdown", "html")) {
            String out = analyze("2026-10-15T00:00:00Z", concat(inputs, "-o", format)).out();
            assertFalse(out.contains("Workflow unknown"), format);
            assertTrue(out.contains("etl-nightly/orders-rollup-7xk2d"), format);
        }
    }

    /**
     * AF004's clearance of a Pod that left the informer says when the removal was queued: that time must be the time of
     * the Pod's queuing line in the log, not of the cleanup worker's line (which came 1m49.8s later).
     */
    @Test
    void theLeftInformerClearanceGivesTheQueuingTime() throws Exception {
        JsonNode json = readJson(analyze("2026-10-08T00:00:00Z", "samples/workflow-deleted/logs", "samples/workflow-deleted/snapshots",
                "samples/workflow-deleted/audit", "-o", "json"));
        List<String> log = Files.readAllLines(Path.of("samples/workflow-deleted/logs/workflow-controller.log"));
        Pattern queued = Pattern.compile("the removal queued at (\\S+) followed the Pod leaving the informer");
        int checked = 0;
        for (JsonNode rule : json.get("rules")) {
            if (!rule.get("rule").asText().equals("AF004")) {
                continue;
            }
            for (JsonNode c : rule.get("cleared")) {
                Matcher m = queued.matcher(c.get("reason").asText());
                if (!m.find()) {
                    continue;
                }
                String pod = c.get("pod").get("name").asText();
                String at = m.group(1);
                boolean queuingLine = log.stream().anyMatch(l -> l.startsWith("time=" + at + " ") && l.contains("podName=" + pod)
                        && (l.contains("msg=\"queuing pod delay\"") || l.contains("msg=\"queueing pod for cleanup")));
                assertTrue(queuingLine, "no queuing line of " + pod + " at " + at + ": " + c.get("reason").asText());
                checked++;
            }
        }
        assertEquals(2, checked, "the sample's two labelled Pods (extract, fx-rates) are cleared this way");
    }

    /**
     * One API request is one moment to a reader. The audit record of the Pod garbage collector's delete in
     * pod-deleted-during-execution gives two times (received, and the ResponseComplete stage 16 ms later): the report dates the
     * request by its receipt in the summary, the "Deleted at" fact, the explanation, the evidence line and the timeline, and the
     * stage's time nowhere; a timeline row citing the record states one time, its own, and says which one it is.
     */
    @Test
    void oneAuditRequestIsDatedOneWayEverywhere() throws Exception {
        String s = "samples/pod-deleted-during-execution/";
        String[] inputs = {s + "logs", s + "snapshots", s + "events", s + "audit"};
        JsonNode record = JSON.readTree(Files.readAllLines(Path.of(s + "audit/kube-apiserver-audit.log")).get(1));
        assertEquals("delete", record.get("verb").asText());
        String received = record.get("requestReceivedTimestamp").asText();
        String completed = record.get("stageTimestamp").asText();
        assertFalse(received.equals(completed), "the record's two times differ");
        JsonNode json = readJson(analyze("2026-09-28T00:00:00Z", concat(inputs, "-o", "json")));
        JsonNode f = json.get("findings").get(0);
        assertEquals("AF007", f.get("rule").asText());
        assertEquals(received, f.get("deletedAt").asText());
        assertTrue(f.get("summary").asText().contains(" at " + received + " "), f.get("summary").asText());
        int cited = 0;
        for (JsonNode e : f.get("evidence")) {
            if (e.get("source").asText().endsWith("kube-apiserver-audit.log") && e.get("line").asInt() == 2) {
                assertEquals(received, e.get("time").asText(), e.toString());
                cited++;
            }
        }
        assertEquals(1, cited, "the delete's record is cited");
        for (String format : List.of("text", "markdown", "html")) {
            String out = analyze("2026-09-28T00:00:00Z", concat(inputs, "-o", format)).out();
            assertFalse(out.contains(completed), format + ": the stage's time is shown for the request");
            assertTrue(out.contains(received), format);
        }
        String text = analyze("2026-09-28T00:00:00Z", inputs).out();
        String timeline = text.substring(text.indexOf("\nTimeline of Pod "), text.indexOf("\nControllers ("));
        int rows = 0;
        for (String row : timeline.split("\n")) {
            if (row.contains("kube-apiserver-audit.log:2 ")) {
                assertTrue(row.trim().startsWith(received), row);
                assertEquals(1, row.split("20\\d\\d-\\d\\d-\\d\\dT", -1).length - 1, "one time in the row: " + row);
                assertTrue(row.contains("received"), row);
                rows++;
            }
        }
        assertEquals(2, rows, "the record's own row and the lifecycle's deletion-requested row");
    }

    /**
     * AF001 and AF002 read the deletion's time and deleter from the audit log and the Events (the lifecycle's bounds). From the
     * #17024 sample's logs and exports alone both findings are likely and their reasons name the audit record as what would
     * confirm them: the gaps must say, per finding, that the rule was decided without those inputs and that this finding is the
     * one they might have raised. With every kind of input (timeline-all-sources) no such gap is left.
     */
    @Test
    void gapsSayPerFindingWhatMissingEvidenceMightHaveRaised() {
        String[] inputs = {"samples/issue-17024/logs", "samples/issue-17024/snapshots"};
        JsonNode json = readJson(analyze("2026-09-20T00:00:00Z", concat(inputs, "-o", "json")));
        int said = 0;
        for (JsonNode f : json.get("findings")) {
            String rule = f.get("rule").asText();
            if (!rule.equals("AF001") && !rule.equals("AF002")) {
                continue;
            }
            assertEquals("likely", f.get("confidence").asText());
            assertTrue(f.get("confidenceReason").asText().contains("audit"), f.toString());
            String pod = f.get("pod").get("namespace").asText() + "/" + f.get("pod").get("name").asText();
            boolean named = false;
            for (JsonNode g : json.get("gaps")) {
                String what = g.toString();
                named |= what.contains(rule) && what.contains("API server audit records") && what.contains("Kubernetes Events")
                        && what.contains("Pod " + pod + " (likely)") && what.contains("might have raised");
            }
            assertTrue(named, rule + " on " + pod + ": " + json.get("gaps"));
            said++;
        }
        assertEquals(2, said);
        JsonNode all = readJson(analyze("2026-10-03T00:00:00Z", "samples/timeline-all-sources/logs", "samples/timeline-all-sources/snapshots",
                "samples/timeline-all-sources/events", "samples/timeline-all-sources/audit", "-o", "json"));
        assertEquals(0, all.get("gaps").size(), all.get("gaps").toString());
    }

    /**
     * AF012 is about two controller runs on one Workflow, AF013 about a Workflow as a whole: neither names a Pod or a node, and
     * no node is missing from them. "Node unknown" said one was; the header says what the finding is about, in every format.
     */
    @Test
    void aFindingAboutAWholeWorkflowSaysSoWhereANodeWouldStand() {
        String[][] cases = {{"2026-10-13T00:00:00Z", "samples/two-controllers/logs", "AF012"},
                {"2026-10-21T00:00:00Z", "samples/workflow-too-large/logs", "AF013"}};
        for (String[] c : cases) {
            for (String format : List.of("text", "markdown", "html")) {
                String out = analyze(c[0], c[1], "-o", format).out().replaceAll("<[^>]+>", " ").replaceAll("[|\\s]+", " ");
                assertTrue(out.contains(c[2]), c[1] + " " + format);
                assertFalse(out.contains("Node unknown"), c[1] + " " + format);
                assertTrue(out.contains("Node none (the finding is about the Workflow as a whole, not one of its nodes)"), c[1] + " " + format);
            }
        }
    }

    private static JsonNode readJson(Cli run) {
        try {
            return JSON.readTree(run.out());
        } catch (Exception e) {
            throw new AssertionError(run.err(), e);
        }
    }

    private static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }
}
