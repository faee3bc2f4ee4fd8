package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lost node's Pod that PodGC force-deleted without failing it (Kubernetes before 1.26; samples/node-lost-force-deleted): the
 * Pod's own {@code NodeNotReady} Event and its node deleted after it say main ran when the node went; either alone does not
 * (a Pod of a node that came back, a finished Pod on a node deleted later), and then nothing is claimed in full.
 */
class LostNodeEventsTest {
    private static final Path SAMPLE = Path.of("samples/node-lost-force-deleted");
    private static final PodKey POD = new PodKey("video-batch", "transcode-k4w7d-encode-3330130944");

    @TempDir
    Path dir;

    /** The sample with the events file's items whose reason is in {@code drop} left out. */
    private AnalysisResult run(List<String> drop) throws IOException {
        Path snaps = Files.createDirectories(dir.resolve("snapshots"));
        for (String f : List.of("pod-before-loss.yaml", "workflow-after.yaml")) {
            Files.copy(SAMPLE.resolve("snapshots").resolve(f), snaps.resolve(f));
        }
        StringBuilder events = new StringBuilder();
        StringBuilder item = null;
        for (String line : Files.readAllLines(SAMPLE.resolve("snapshots/events.yaml"))) {
            if (line.startsWith("- ") || line.startsWith("kind: List")) {
                String held = item == null ? null : item.toString();
                if (held != null && drop.stream().noneMatch(r -> held.contains("reason: " + r + "\n"))) {
                    events.append(item);
                }
                item = line.startsWith("- ") ? new StringBuilder() : null;
            }
            (item != null ? item : events).append(line).append('\n');
        }
        Files.writeString(snaps.resolve("events.yaml"), events, StandardCharsets.UTF_8);
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(List.of(SAMPLE.resolve("logs").toString(), snaps.toString()));
    }

    private static Execution.State state(AnalysisResult r) {
        PodKey key = r.correlation().pods().keySet().stream().filter(k -> k.named().equals(POD)).findFirst().orElseThrow();
        return r.correlation().lifecycle(key).execution().state();
    }

    private static List<Finding> findings(AnalysisResult r, String rule) {
        return r.outcomes().stream().filter(o -> o.rule().equals(rule)).map(RuleOutcome::findings).flatMap(List::stream).toList();
    }

    @Test
    void thePodsNotReadyAndItsNodeDeletedAfterSayMainRan() throws IOException {
        AnalysisResult r = run(List.of());
        assertEquals(Execution.State.RUNNING, state(r));
        assertEquals(Confidence.CONFIRMED, findings(r, "AF007").get(0).confidence());
        assertTrue(findings(r, "AF001").isEmpty());
    }

    @Test
    void aNodeThatWentNotReadyButWasNotDeletedSaysNothingOfMain() throws IOException {
        AnalysisResult r = run(List.of("DeletingNode", "RemovingNode"));
        assertTrue(state(r) != Execution.State.RUNNING);
        assertTrue(findings(r, "AF007").isEmpty(), findings(r, "AF007").toString());
        assertTrue(findings(r, "AF001").stream().allMatch(f -> f.confidence() == Confidence.POSSIBLE), findings(r, "AF001").toString());
    }

    @Test
    void aDeletedNodeWithoutThePodsNotReadySaysNothingOfMain() throws IOException {
        // A finished Pod on a node deleted later gets no NodeNotReady (it is not ready already); PodGC deletes it all the same.
        AnalysisResult r = run(List.of("NodeNotReady"));
        assertTrue(state(r) != Execution.State.RUNNING);
        assertTrue(findings(r, "AF001").stream().allMatch(f -> f.confidence() == Confidence.POSSIBLE), findings(r, "AF001").toString());
    }
}
