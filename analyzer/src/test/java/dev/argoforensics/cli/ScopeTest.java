package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --since/--until, -n, --workflow and --pod on analyze and timeline, through the CLI on the #17024 sample. */
class ScopeTest {
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";
    private static final String NOW = "2026-10-01T00:00:00Z";
    /** The sample's last controller line. */
    private static final String END = "2026-09-19T16:38:02.237Z";

    private static JsonNode json(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("analyze", LOGS, SNAPSHOTS, "-o", "json", "--now", NOW));
        args.addAll(List.of(options));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals("", r.err());
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void withoutScopeTheReportIsAboutTheWholeEvidence() throws Exception {
        JsonNode r = json();
        assertEquals(3, r.get("findings").size());
        assertTrue(r.get("provenance").get("scope").get("whole").asBoolean());
        assertFalse(Cli.run("analyze", LOGS, SNAPSHOTS, "--now", NOW).out().contains("Scope"), "no Scope line when nothing is scoped");
    }

    @Test
    void aNamespaceWorkflowOrPodOutsideTheFindingsLeavesThemOutAndSaysHowMany() throws Exception {
        for (String[] option : List.of(new String[] {"-n", "argo"}, new String[] {"--workflow", "other-wf"}, new String[] {"--pod", "other-pod"})) {
            JsonNode r = json(option);
            assertEquals(0, r.get("findings").size(), String.join(" ", option));
            JsonNode scope = r.get("provenance").get("scope");
            assertFalse(scope.get("whole").asBoolean());
            assertEquals(3, scope.get("findingsLeftOut").asInt(), String.join(" ", option));
            r.get("rules").forEach(rule -> assertEquals(0, rule.get("findings").size(), "the rules' findings are scoped too"));
        }
        Cli text = Cli.run("analyze", LOGS, SNAPSHOTS, "--now", NOW, "-n", "argo");
        assertEquals(0, text.exitCode(), "no finding in scope: exit 0");
        assertTrue(text.out().startsWith("argo-forensics 0.1.0-SNAPSHOT: no findings; 3 findings out of scope left out"), text.out());
        assertTrue(text.out().contains("  Scope           namespace argo; 3 findings out of it left out"), text.out());
        // Names that match keep every finding; NAMESPACE/NAME works for --pod.
        assertEquals(3, json("-n", "status-capture-test", "--workflow", "status-capture-repro").get("findings").size());
        assertEquals(3, json("--pod", "status-capture-test/status-capture-repro").get("findings").size());
        assertEquals(3, json("-n", "argo,status-capture-test").get("findings").size(), "comma-separated namespaces");
    }

    @Test
    void theWindowKeepsTheFindingsWhoseDecisiveTimeIsInIt() throws Exception {
        // Every finding's last dated line is at 16:33:02.246Z (the node marked Error).
        JsonNode in = json("--since", "2026-09-19T16:33:00Z", "--until", "2026-09-19T16:34:00+00:00");
        assertEquals(3, in.get("findings").size());
        JsonNode before = json("--until", "2026-09-19T16:33:02Z");
        assertEquals(0, before.get("findings").size(), "the decisive line is after the window, though earlier lines are in it");
        assertEquals(3, before.get("provenance").get("scope").get("findingsLeftOut").asInt());
        JsonNode late = json("--since", "2026-09-19T18:33:03+02:00");
        assertEquals(0, late.get("findings").size(), "an offset is honoured: 16:33:03Z is after the decisive line");
    }

    @Test
    void aDurationCountsBackFromTheEndOfTheEvidenceNotFromNow() throws Exception {
        JsonNode r = json("--since", "5m");
        JsonNode since = r.get("provenance").get("scope").get("since");
        assertEquals("5m", since.get("given").asText());
        assertEquals(Instant.parse(END).minusSeconds(300), Instant.parse(since.get("time").asText()));
        assertEquals(3, r.get("findings").size(), "16:33:02.246Z is within 5 minutes of 16:38:02.237Z");
        assertEquals(0, json("--since", "4m59s").get("findings").size());
    }

    @Test
    void badBoundsAreRefusedBeforeReading() {
        Cli noZone = Cli.run("analyze", LOGS, "--since", "2026-09-19T16:31:00");
        assertEquals(2, noZone.exitCode());
        assertEquals("", noZone.out());
        assertTrue(noZone.err().contains("--since: the time has no zone: write it with Z or an offset"), noZone.err());
        Cli garbage = Cli.run("analyze", LOGS, "--until", "yesterday");
        assertEquals(2, garbage.exitCode());
        assertTrue(garbage.err().contains("--until: expected an RFC 3339 time with a zone (2026-09-19T16:30:00Z) or a duration"), garbage.err());
        Cli negative = Cli.run("analyze", LOGS, "--since", "0s");
        assertTrue(negative.err().contains("--since: expected a positive duration"), negative.err());
        Cli empty = Cli.run("analyze", LOGS, "--since", "1h", "--until", "2h");
        assertEquals(2, empty.exitCode());
        assertTrue(empty.err().contains("--since 1h is after --until 2h"), empty.err());
        Cli blank = Cli.run("analyze", LOGS, "-n", "");
        assertTrue(blank.err().contains("--namespace: expected a name"), blank.err());
    }

    @Test
    void timelineTakesAWorkflowAndKeepsItsEntriesInTheWindow() throws Exception {
        Cli r = Cli.run("timeline", "--workflow", "status-capture-repro", "--since", "2026-09-19T16:31:00Z", "--until", "2026-09-19T16:31:12Z",
                "-o", "json", LOGS, SNAPSHOTS);
        assertEquals(0, r.exitCode(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertEquals(1, doc.get("timelines").size());
        JsonNode entries = doc.get("timelines").get(0).get("entries");
        assertTrue(entries.size() >= 5, entries.toString());
        int whole = new ObjectMapper().readTree(Cli.run("timeline", "--pod", "status-capture-repro", "-o", "json", LOGS, SNAPSHOTS).out())
                .get("timelines").get(0).get("entries").size();
        assertTrue(entries.size() < whole, entries.size() + " of " + whole);
        for (JsonNode e : entries) {
            Instant t = Instant.parse(e.get("time").asText());
            assertFalse(t.isBefore(Instant.parse("2026-09-19T16:31:00Z")) || t.isAfter(Instant.parse("2026-09-19T16:31:12Z")), e.toString());
        }
        Cli none = Cli.run("timeline", LOGS);
        assertEquals(2, none.exitCode());
        assertTrue(none.err().contains("name the Pod with --pod NAME, or a Workflow with --workflow NAME"), none.err());
        Cli wrong = Cli.run("timeline", "--workflow", "nope", LOGS, SNAPSHOTS);
        assertEquals(2, wrong.exitCode());
        assertTrue(wrong.err().contains("no Pod of Workflow nope in the evidence"), wrong.err());
    }
}
