package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * samples/drain-during-controller-restart: a finished Pod deleted by a drain while the controller was down, released at the
 * restart before any worker recorded it. The namespace's Events hold the kubelet's start of its main container and no Killing of
 * it (the kubelet wrote Killing for the two Pods it stopped at the drain): the undecided order says so, and still does not weigh
 * it (AF001 stays possible). Without the Events, or with a Killing of a sidecar of the Pod, it says nothing of them.
 */
class QuietEventsTest {
    private static final Path SAMPLE = Path.of("samples/drain-during-controller-restart");
    private static final String POD = "train-sweep-4kz9m-trial-1581504006";
    private static final String QUIET = "the Events given hold the kubelet's start of main (Started at 2026-12-02T14:00:06Z) but no Killing";

    @TempDir
    Path dir;

    @Test
    void eventsWithTheStartAndNoStopAreToldNotWeighed() throws IOException {
        JsonNode full = run(SAMPLE.resolve("logs"), SAMPLE.resolve("exports"));
        JsonNode af001 = finding(full, "AF001");
        assertEquals("possible", af001.get("confidence").asText(), "an absent Event is not proof");
        assertTrue(full.toString().contains(QUIET), "the reason tells what the Events given hold");

        Path noEvents = dir.resolve("no-events");
        Files.createDirectories(noEvents);
        Files.copy(SAMPLE.resolve("exports/train-sweep-4kz9m.yaml"), noEvents.resolve("train-sweep-4kz9m.yaml"));
        JsonNode without = run(SAMPLE.resolve("logs"), noEvents);
        assertEquals("possible", finding(without, "AF001").get("confidence").asText());
        assertFalse(without.toString().contains("the Events given hold"), "no Events, nothing said of them");

        // A Killing of another container of the Pod (a sidecar stopped at the deletion): the Events do show a stop, so the
        // "no Killing" note does not apply.
        Path sidecar = dir.resolve("sidecar");
        Files.createDirectories(sidecar);
        Files.copy(SAMPLE.resolve("exports/train-sweep-4kz9m.yaml"), sidecar.resolve("train-sweep-4kz9m.yaml"));
        String events = Files.readString(SAMPLE.resolve("exports/events-ml.yaml"));
        String killing = "- apiVersion: v1\n  count: 1\n  firstTimestamp: \"2026-12-02T14:19:51Z\"\n  involvedObject:\n    apiVersion: v1\n"
                + "    kind: Pod\n    name: " + POD + "\n    namespace: ml\n    fieldPath: spec.containers{metrics-agent}\n  kind: Event\n"
                + "  lastTimestamp: \"2026-12-02T14:19:51Z\"\n  message: Stopping container metrics-agent\n  metadata:\n"
                + "    name: " + POD + ".18ffffffffffff01\n    namespace: ml\n  reason: Killing\n  source:\n    component: kubelet\n"
                + "    host: ip-10-1-4-77.us-east-2.compute.internal\n  type: Normal\n";
        Files.writeString(sidecar.resolve("events-ml.yaml"), events.replace("items:\n", "items:\n" + killing));
        JsonNode withSidecar = run(SAMPLE.resolve("logs"), sidecar);
        assertFalse(withSidecar.toString().contains("the Events given hold"), "a stop among its Events: the note does not apply");
    }

    private static JsonNode finding(JsonNode report, String rule) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && f.get("pod").get("name").asText().equals(POD)) {
                return f;
            }
        }
        throw new AssertionError("no " + rule + " finding for " + POD + ": " + report.get("findings"));
    }

    private static JsonNode run(Path... inputs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json", "--now", "2026-12-05T00:00:00Z"));
        for (Path p : inputs) {
            args.add(p.toString());
        }
        return new ObjectMapper().readTree(Cli.run(args.toArray(String[]::new)).out());
    }
}
