package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/report.schema.json against what the tool writes: every sample's JSON report (every timeline
 * too, and redacted), the timeline and formats documents, a scoped report; and a report bent out of shape is refused,
 * so the validation can fail.
 */
class ReportSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NOW = "2026-10-01T00:00:00Z";
    private static Schema schema;

    @BeforeAll
    static void load() throws IOException {
        JsonNode document = JSON.readTree(Path.of("docs/report.schema.json").toFile());
        assertEquals("https://json-schema.org/draft/2020-12/schema", document.get("$schema").asText());
        schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(document);
    }

    @Test
    void everySamplesReportFollowsTheSchema() throws IOException {
        List<Path> samples;
        try (Stream<Path> s = Files.list(Path.of("samples"))) {
            samples = s.filter(Files::isDirectory).sorted().toList();
        }
        assertTrue(samples.size() > 30, "samples: " + samples);
        int findings = 0;
        for (Path sample : samples) {
            for (String[] extra : new String[][] {{}, {"--redact-key", "k"}}) {
                List<String> args = new ArrayList<>(List.of("analyze", sample.toString(), "-o", "json", "--timelines", "all", "--now", NOW));
                args.addAll(List.of(extra));
                Cli r = Cli.run(args.toArray(String[]::new));
                assertTrue(r.exitCode() <= 1, sample + ": " + r.err());
                JsonNode report = JSON.readTree(r.out());
                assertValid(sample + " " + String.join(" ", extra), report);
                findings += report.get("findings").size();
            }
        }
        assertTrue(findings > 40, "the samples' reports hold findings to check: " + findings);
    }

    @Test
    void theTimelineAndFormatsDocumentsFollowItToo() throws IOException {
        Cli timeline = Cli.run("timeline", "--pod", "status-capture-repro", "samples/issue-17024/logs", "samples/issue-17024/snapshots",
                "-o", "json");
        assertEquals(0, timeline.exitCode(), timeline.err());
        JsonNode t = JSON.readTree(timeline.out());
        assertFalse(t.has("findings"));
        assertValid("timeline", t);
        Cli scoped = Cli.run("analyze", "samples/issue-17024", "-o", "json", "--now", NOW, "--since", "10m", "-n", "status-capture-test",
                "--workflow", "status-capture-repro");
        JsonNode s = JSON.readTree(scoped.out());
        assertEquals("10m", s.path("provenance").path("scope").path("since").path("given").asText(), scoped.out());
        assertValid("scoped", s);
        Cli formats = Cli.run("formats", "samples/mixed-formats/logs", "-o", "json");
        assertEquals(0, formats.exitCode(), formats.err());
        JsonNode f = JSON.readTree(formats.out());
        assertFalse(f.has("timelines"));
        assertTrue(f.get("inputs").size() > 3, formats.out());
        assertValid("formats", f);
    }

    @Test
    void aReportOutOfShapeIsRefused() throws IOException {
        Cli r = Cli.run("analyze", "samples/issue-17024", "-o", "json", "--now", NOW);
        JsonNode good = JSON.readTree(r.out());
        assertValid("issue-17024", good);

        ObjectNode noSummary = good.deepCopy();
        ((ObjectNode) noSummary.get("findings").get(0)).remove("summary");
        assertInvalid(noSummary, "summary");

        ObjectNode badSeverity = good.deepCopy();
        ((ObjectNode) badSeverity.get("findings").get(0)).put("severity", "urgent");
        assertInvalid(badSeverity, "severity");

        ObjectNode localTime = good.deepCopy();
        ((ObjectNode) localTime.get("provenance")).put("analysisClock", "2026-10-01T02:00:00+02:00");
        assertInvalid(localTime, "analysisClock");

        ObjectNode unknown = good.deepCopy();
        unknown.put("extra", 1);
        assertInvalid(unknown, "extra");

        ObjectNode findingsWithoutRules = good.deepCopy();
        findingsWithoutRules.remove("rules");
        assertInvalid(findingsWithoutRules, "rules");
    }

    private static void assertValid(String what, JsonNode document) {
        List<Error> errors = schema.validate(document);
        assertTrue(errors.isEmpty(), what + ": " + errors);
    }

    private static void assertInvalid(JsonNode document, String mentioned) {
        List<Error> errors = schema.validate(document);
        assertFalse(errors.isEmpty(), "a report without a valid " + mentioned + " passed");
        assertTrue(errors.toString().contains(mentioned), errors.toString());
    }
}
