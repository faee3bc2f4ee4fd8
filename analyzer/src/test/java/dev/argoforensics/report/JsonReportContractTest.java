package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON report's schema version 1, as docs/report-schema.md promises it, on the #17024 sample. */
class JsonReportContractTest {
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";

    private static JsonNode report() throws Exception {
        Cli run = Cli.run("analyze", LOGS, SNAPSHOTS, "--format", "json", "--now", "2026-09-20T00:00:00Z");
        assertEquals(1, run.exitCode(), run.err());
        return new ObjectMapper().readTree(run.out());
    }

    @Test
    void topLevel() throws Exception {
        JsonNode r = report();
        assertEquals(List.of("schemaVersion", "tool", "provenance", "inputs", "controllers", "confidenceFilter", "findings", "rules", "timelines",
                "gaps", "inputProblems"), fieldNames(r));
        assertEquals(1, r.get("schemaVersion").asInt());
        assertEquals("argo-forensics", r.get("tool").get("name").asText());
        assertFalse(r.get("tool").get("version").asText().isEmpty());
        assertFalse(r.get("tool").get("commit").asText().isEmpty());
        // The sample has no audit log and no Events: AF001's and AF002's likely findings say what could have confirmed them.
        JsonNode gaps = r.get("gaps");
        assertEquals(2, gaps.size(), gaps.toString());
        assertEquals(List.of("AF001", "AF002"), List.of(gaps.get(0).get("subject").asText(), gaps.get(1).get("subject").asText()));
        for (JsonNode gap : gaps) {
            assertEquals(List.of("subject", "detail"), fieldNames(gap));
            String detail = gap.get("detail").asText();
            assertTrue(detail.contains("audit records") && detail.contains("Kubernetes Events") && detail.contains("(likely)"), detail);
        }
    }

    @Test
    void withoutMinConfidenceNothingIsLeftOut() throws Exception {
        JsonNode filter = report().get("confidenceFilter");
        assertEquals(List.of("minConfidence", "leftOut", "leftOutByConfidence"), fieldNames(filter));
        assertEquals("possible", filter.get("minConfidence").asText());
        assertEquals(0, filter.get("leftOut").asInt());
        assertEquals(List.of("likely", "possible"), fieldNames(filter.get("leftOutByConfidence")));
        for (JsonNode rule : report().get("rules")) {
            assertEquals(List.of("rule", "title", "evaluated", "missing", "lackingOptional", "findings", "leftOut", "cleared"), fieldNames(rule));
            assertEquals(0, rule.get("leftOut").asInt());
        }
    }

    @Test
    void provenance() throws Exception {
        JsonNode p = report().get("provenance");
        assertEquals(List.of("commandLine", "analysisClock", "clockGiven", "argoVersions", "lines", "timeZones", "redacted", "scope", "inputs"),
                fieldNames(p));
        assertTrue(p.get("scope").get("whole").asBoolean(), "no scoping option: the whole evidence");
        assertEquals(0, p.get("scope").get("findingsLeftOut").asInt());
        assertEquals(List.of("analyze", LOGS, SNAPSHOTS, "--format", "json", "--now", "2026-09-20T00:00:00Z"),
                new ObjectMapper().convertValue(p.get("commandLine"), List.class));
        assertEquals("2026-09-20T00:00:00Z", p.get("analysisClock").asText());
        assertTrue(p.get("clockGiven").asBoolean());
        assertEquals(1, p.get("argoVersions").size(), "one release, however many controller runs");
        JsonNode v = p.get("argoVersions").get(0);
        assertEquals("v4.1.3 (Starting Workflow Controller version=v4.1.3)", v.get("release").asText());
        assertEquals(3, v.get("controllers").size(), "the three runs of the sample name it");
        JsonNode lines = p.get("lines");
        assertEquals(19 + 13 + 17, lines.get("logLines").asLong());
        assertEquals(49, lines.get("logRecords").asLong());
        assertEquals(0, lines.get("logUnparsed").asLong());
        assertEquals(3, lines.get("objects").asLong());
        JsonNode zones = p.get("timeZones");
        assertEquals("UTC", zones.get("printed").asText());
        assertEquals(1, zones.get("literalZ").asLong(), "the logrus stats line of the restored controller");
        assertEquals(48, zones.get("stated").asLong());
        assertFalse(p.get("redacted").asBoolean());
        JsonNode first = p.get("inputs").get(0);
        assertEquals(LOGS + "/1-controller-workers2.log", first.get("path").asText());
        assertEquals(java.nio.file.Files.size(java.nio.file.Path.of(LOGS, "1-controller-workers2.log")), first.get("bytes").asLong());
        assertEquals(report().get("inputs").get(0).get("sha256").asText(), first.get("sha256").asText());
    }

    @Test
    void inputsAccountForEveryFile() throws Exception {
        JsonNode inputs = report().get("inputs");
        assertEquals(6, inputs.size());
        JsonNode first = inputs.get(0);
        assertEquals(LOGS + "/1-controller-workers2.log", first.get("path").asText());
        assertEquals("log", first.get("kind").asText());
        assertEquals("slog text", first.get("format").asText());
        assertTrue(first.get("sha256").asText().matches("[0-9a-f]{64}"));
        assertEquals(19, first.get("lines").asLong());
        assertEquals(19, first.get("events").asLong());
        assertEquals(0, first.get("unparsed").asLong());
        JsonNode pod = inputs.get(3);
        assertEquals(SNAPSHOTS + "/pod-terminating.yaml", pod.get("path").asText());
        assertEquals("snapshot", pod.get("kind").asText());
        assertEquals(1, pod.get("events").asLong());
    }

    /** Each input's notes as words ({@code notes}) and, in the same order, as data: the note's key and its values ({@code noteCodes}). */
    @Test
    void notesCarryTheirKeysAndValuesBesideTheirWords() throws Exception {
        String sample = "samples/argo-get-only";
        Cli run = Cli.run("analyze", sample + "/logs", sample + "/snapshots", "--format", "json", "--now", "2026-09-24T00:00:00Z");
        JsonNode inputs = new ObjectMapper().readTree(run.out()).get("inputs");
        JsonNode nightly = inputs.get(1);
        assertEquals(sample + "/snapshots/argo-get-nightly-report.txt", nightly.get("path").asText());
        String from = "the date of " + sample + "/logs/controller-excerpt.log:1";
        assertEquals(List.of("argo get prints no year: dated by " + from), strings(nightly.get("notes")));
        JsonNode note = nightly.get("noteCodes").get(0);
        assertEquals(1, nightly.get("noteCodes").size());
        assertEquals(List.of("code", "values"), fieldNames(note));
        assertEquals("note.snapshot.argoGetDatedBy", note.get("code").asText());
        assertEquals(List.of("from"), fieldNames(note.get("values")));
        assertEquals(from, note.get("values").get("from").asText(), "a nested part as its words");
        for (JsonNode i : inputs) {
            assertEquals(i.get("notes").size(), i.get("noteCodes").size(), i.get("path").asText());
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }

    @Test
    void controllerRuns() throws Exception {
        JsonNode controllers = report().get("controllers");
        assertEquals(3, controllers.size());
        JsonNode run2 = controllers.get(1);
        assertEquals(List.of("id", "label", "replica", "replicaFrom", "incarnation", "release", "leadership", "first", "last", "events",
                "files"), fieldNames(run2));
        assertEquals(1, run2.get("id").asInt());
        assertEquals("2-controller-workers0.log", run2.get("replica").asText());
        assertEquals("file", run2.get("replicaFrom").asText());
        assertEquals("v4.1.3 (Starting Workflow Controller version=v4.1.3)", run2.get("release").asText());
        assertEquals("single_instance", run2.get("leadership").asText());
        assertEquals("2026-09-19T16:31:10.995Z", run2.get("first").asText());
        assertEquals("2026-09-19T16:31:11.363Z", run2.get("last").asText());
        assertEquals(13, run2.get("events").asLong());
        assertEquals(LOGS + "/2-controller-workers0.log", run2.get("files").get(0).asText());
    }

    @Test
    void theFindingsAboutOnePodComeMostSevereFirst() throws Exception {
        JsonNode findings = report().get("findings");
        List<String> rules = new ArrayList<>();
        for (JsonNode f : findings) {
            rules.add(f.get("rule").asText() + " " + f.get("severity").asText() + " " + f.get("pod").get("name").asText());
        }
        assertEquals(List.of("AF001 high status-capture-repro", "AF002 high status-capture-repro", "AF003 medium status-capture-repro"), rules);
        JsonNode stall = findings.get(2);
        assertEquals(0, stall.get("workflowWorkers").asInt());
        assertEquals(110_984_000_000L, stall.get("unreconciledNanos").asLong(), "from the Pod's first line to the next processing");
    }

    @Test
    void theAf001Finding() throws Exception {
        JsonNode findings = report().get("findings");
        JsonNode f = findings.get(0);
        assertEquals("AF001", f.get("rule").asText());
        assertEquals("high", f.get("severity").asText());
        // Session 40: the sample's order of the end and the deletion rests on its grace-0 deletionTimestamp taken as the request.
        assertEquals("likely", f.get("confidence").asText());
        assertEquals("status-capture-test", f.get("pod").get("namespace").asText());
        assertEquals("status-capture-repro", f.get("pod").get("name").asText());
        assertEquals("c2d1b7a4-5e8f-4d1a-9b3c-7f6e2a1d0c95", f.get("pod").get("uid").asText());
        assertEquals("status-capture-test", f.get("workflow").get("namespace").asText());
        assertEquals("status-capture-repro", f.get("workflow").get("name").asText());
        assertEquals("status-capture-repro", f.get("node").get("id").asText());
        assertEquals("status-capture-repro", f.get("node").get("name").asText());
        assertEquals("2026-09-19T16:31:11.350Z", f.get("finalizerRemovedAt").asText());
        assertEquals("-1m24.257168224s", f.get("delay").asText());
        assertTrue(f.get("delayNanos").isIntegralNumber());
        assertEquals(-84257168224L, f.get("delayNanos").asLong());
        assertEquals("Running", f.get("nodePhaseAtRemoval").asText());
        assertEquals("Error", f.get("finalNodePhase").asText());
        assertEquals("pod deleted", f.get("finalNodeMessage").asText());

        JsonNode evidence = f.get("evidence");
        assertTrue(evidence.size() >= 5);
        List<String> sources = new ArrayList<>();
        for (JsonNode e : evidence) {
            assertEquals(List.of("source", "line", "time", "role", "text", "controller"), fieldNames(e));
            sources.add(e.get("source").asText() + ":" + e.get("line").asLong());
        }
        assertTrue(sources.contains(LOGS + "/2-controller-workers0.log:10"), sources.toString());
        JsonNode queuing = evidence.get(sources.indexOf(LOGS + "/2-controller-workers0.log:10"));
        assertEquals("2026-09-19T16:31:11.257Z", queuing.get("time").asText());
        assertEquals("2-controller-workers0.log #1", queuing.get("controller").asText());
        assertTrue(queuing.get("text").asText().contains("delay=-1m24.257168224s action=removeFinalizer"));
    }

    @Test
    void theTimelineOfThePodWithTheFinding() throws Exception {
        JsonNode timelines = report().get("timelines");
        assertEquals(1, timelines.size());
        JsonNode t = timelines.get(0);
        assertEquals("status-capture-repro", t.get("pod").get("name").asText());
        JsonNode entries = t.get("entries");
        String previous = "";
        boolean removal = false;
        for (JsonNode e : entries) {
            for (String field : List.of("time", "source", "line", "kind", "text")) {
                assertTrue(e.hasNonNull(field), field + " missing in " + e);
            }
            assertTrue(e.get("time").asText().compareTo(previous) >= 0 || e.get("concurrent").asBoolean(),
                    "entries in time order: " + previous + " then " + e.get("time").asText());
            previous = e.get("time").asText();
            removal |= e.get("kind").asText().equals("log:cleaning-up-pod") && e.get("time").asText().equals("2026-09-19T16:31:11.350Z");
        }
        assertTrue(removal, "the finalizer removal is on the timeline");
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
