package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The mixed folder (rotated + gzip'd v3.7 logrus text, v4 slog JSON through CRI with a partial
 * line, kubectl --timestamps slog text, stern, a standby replica) gives the clean sample's AF001
 * finding, and only the lines that really are garbage are unparsed.
 */
class MixedFormatsTest {
    private static JsonNode json(String... paths) throws Exception {
        String[] args = new String[paths.length + 3];
        args[0] = "analyze";
        System.arraycopy(paths, 0, args, 1, paths.length);
        args[paths.length + 1] = "--format";
        args[paths.length + 2] = "json";
        Cli run = Cli.run(args);
        assertEquals(1, run.exitCode(), run.err());
        return new ObjectMapper().readTree(run.out());
    }

    @Test
    void theSameFindingsAsTheCleanSample() throws Exception {
        JsonNode clean = json("samples/issue-17024/logs", "samples/issue-17024/snapshots").get("findings");
        JsonNode mixed = json("samples/mixed-formats/logs", "samples/mixed-formats/snapshots").get("findings");
        assertEquals(3, mixed.size());
        for (int i = 0; i < 3; i++) {
            for (String field : List.of("rule", "severity", "confidence", "pod", "workflow", "node")) {
                assertEquals(clean.get(i).get(field), mixed.get(i).get(field), i + " " + field);
            }
        }
        JsonNode c = clean.get(0);
        JsonNode m = mixed.get(0);
        for (String field : List.of("rule", "severity", "confidence", "pod", "workflow", "node", "delay", "delayNanos", "nodePhaseAtRemoval",
                "finalNodePhase", "finalNodeMessage", "recomputedDeadline", "delayAgrees", "containerExitCodes", "workflowWorkersAtRemoval",
                "lastWorkflowUpdateBeforeRemoval")) {
            assertEquals(c.get(field), m.get(field), field);
        }
        assertEquals(-84257168224L, m.get("delayNanos").asLong());
        assertEquals("2026-09-19T16:31:11.350244310Z", m.get("finalizerRemovedAt").asText(), "the slog JSON record's own nanoseconds");
        assertEquals("2026-09-19T16:31:11.350Z", c.get("finalizerRemovedAt").asText());
    }

    @Test
    void onlyTheGarbageIsUnparsed() throws Exception {
        JsonNode inputs = json("samples/mixed-formats/logs", "samples/mixed-formats/snapshots").get("inputs");
        List<String> unparsed = new ArrayList<>();
        long total = 0;
        for (JsonNode i : inputs) {
            total += i.get("unparsed").asLong();
            for (JsonNode s : i.get("unparsedSamples")) {
                unparsed.add(s.get("source").asText() + ":" + s.get("line").asLong());
            }
            if (i.get("kind").asText().equals("log")) {
                assertEquals(i.get("lines").asLong(), i.get("events").asLong() + i.get("continuation").asLong() + i.get("blank").asLong()
                        + i.get("unparsed").asLong(), "every line of " + i.get("path") + " accounted for");
            }
        }
        assertEquals(2, total);
        assertEquals(List.of("samples/mixed-formats/logs/v3.7-before-upgrade/workflow-controller.log:2",
                "samples/mixed-formats/logs/v3.7-before-upgrade/workflow-controller.log.2.gz:12"), unparsed);
    }

    @Test
    void theReplicasAndRunsAreToldApart() throws Exception {
        JsonNode controllers = json("samples/mixed-formats/logs", "samples/mixed-formats/snapshots").get("controllers");
        List<String> runs = new ArrayList<>();
        for (JsonNode p : controllers) {
            runs.add(p.get("label").asText() + " " + p.get("replicaFrom").asText() + " " + p.get("leadership").asText() + " "
                    + p.get("release").asText().split(" ")[0] + " " + p.get("events").asLong());
        }
        assertEquals(List.of(
                "workflow-controller-6c4b9f7d8e-r7p2c #1 cri_path leader v4.1.3 12",
                "workflow-controller-7d9f8b6c5d-x2k4q #1 leader_election leader v4.1.3 20",
                "workflow-controller-7d9f8b6c5d-m5v9t.timestamps.log #1 file standby v4.0.0 2",
                "workflow-controller-7d9f8b6c5d-q8w2n #1 collector leader v4.1.3 18",
                "workflow-controller.log #1 file single_instance v3.7.18 21",
                "workflow-controller.log #2 file unknown v3.7.18 4"), runs);
    }

    @Test
    void theRemovalIsCitedWithTheReplicaThatDidIt() throws Exception {
        JsonNode evidence = json("samples/mixed-formats/logs", "samples/mixed-formats/snapshots").get("findings").get(0).get("evidence");
        boolean found = false;
        for (JsonNode e : evidence) {
            if (e.get("text").asText().contains("\"msg\":\"cleaning up pod\"")) {
                assertEquals("workflow-controller-6c4b9f7d8e-r7p2c #1", e.get("controller").asText());
                assertTrue(e.get("source").asText().endsWith("/workflow-controller/0.log"));
                assertEquals(12, e.get("line").asLong());
                found = true;
            }
        }
        assertTrue(found);
    }
}
