package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * #15's sample of evidence as people paste it (samples/pasted-evidence): read with at most 2% of its
 * log lines unparsed, every furniture line counted as such, other containers' lines kept apart, cut
 * lines read in part, and the race found with its exact delay from a cut, grepped excerpt.
 */
class PastedEvidenceSampleTest {
    private static final String SAMPLE = "samples/pasted-evidence/";

    @Test
    void evidenceAsPastedIsReadAndTheRaceFound() throws Exception {
        Cli r = Cli.run("analyze", SAMPLE + "logs", SAMPLE + "snapshots", "--now", "2026-11-19T00:00:00Z", "--format", "json");
        assertEquals(1, r.exitCode(), r.err());
        JsonNode report = new ObjectMapper().readTree(r.out());
        long lines = 0;
        long unparsed = 0;
        Map<String, JsonNode> byFile = new HashMap<>();
        for (JsonNode i : report.path("inputs")) {
            String name = i.path("path").asText().substring(i.path("path").asText().lastIndexOf('/') + 1);
            byFile.put(name, i);
            if (i.path("kind").asText().equals("log") || i.path("path").asText().contains("/logs/")) {
                lines += i.path("lines").asLong();
                unparsed += i.path("unparsed").asLong();
            }
        }
        assertEquals(7, byFile.size(), byFile.keySet().toString());
        assertTrue(lines >= 60, "log lines read: " + lines);
        assertTrue(unparsed * 50 <= lines, unparsed + " of " + lines + " log lines unparsed (at most 2%)");
        JsonNode comment = byFile.get("issue-comment.txt");
        assertEquals(4, comment.path("furniture").asLong(), "two fences, the prompt, the omission mark");
        assertEquals("kubectl logs -n argo deploy/workflow-controller --since=3h | grep nightly-etl-r7q2m",
                comment.path("excerptCommands").get(0).asText());
        assertEquals(1, comment.path("cutLinesReadInPart").asLong());
        assertEquals(1, byFile.get("node-docker-json.log").path("cutLinesReadInPart").asLong());
        assertEquals(2, byFile.get("cloud-logging-copy.txt").path("otherContainers").path("main").asLong());
        assertEquals(5, byFile.get("cloud-logging-copy.txt").path("otherContainers").path("wait").asLong());

        Map<String, JsonNode> findings = new HashMap<>();
        report.path("findings").forEach(f -> findings.put(f.path("rule").asText(), f));
        assertEquals(2, findings.size(), findings.keySet().toString());
        JsonNode af001 = findings.get("AF001");
        assertEquals("possible", af001.path("confidence").asText());
        assertEquals(-72_840_551_903L, af001.path("delayNanos").asLong(), "the delay of the cut decisive line, whole");
        assertTrue(af001.path("confidenceReason").asText().contains("filtered by `kubectl logs"), af001.path("confidenceReason").asText());
        assertEquals("likely", findings.get("AF003").path("confidence").asText());
        assertEquals(202_368_000_000L, findings.get("AF003").path("unreconciledNanos").asLong());
    }
}
