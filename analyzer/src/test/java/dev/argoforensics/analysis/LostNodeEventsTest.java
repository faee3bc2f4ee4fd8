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
        return run(drop, "");
    }

    /** The kubelet's Event that the node is Ready again, at {@code at}. */
    private static String nodeReady(String at) {
        return "- apiVersion: v1\n  count: 1\n  firstTimestamp: \"" + at + "\"\n  involvedObject:\n    kind: Node\n"
                + "    name: ip-10-0-71-18.ec2.internal\n  kind: Event\n  lastTimestamp: \"" + at + "\"\n"
                + "  message: \"Node ip-10-0-71-18.ec2.internal status is now: NodeReady\"\n  metadata:\n"
                + "    name: ip-10-0-71-18.ec2.internal.a1b2c3d4e5f6071\n    namespace: default\n  reason: NodeReady\n  source:\n"
                + "    component: kubelet\n    host: ip-10-0-71-18.ec2.internal\n  type: Normal\n";
    }

    /** As above, with {@code extra} items added to the events file. */
    private AnalysisResult run(List<String> drop, String extra) throws IOException {
        Path snaps = Files.createDirectories(dir.resolve("snapshots"));
        for (String f : List.of("pod-before-loss.yaml", "workflow-after.yaml")) {
            Files.copy(SAMPLE.resolve("snapshots").resolve(f), snaps.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        StringBuilder events = new StringBuilder();
        StringBuilder item = null;
        for (String line : Files.readAllLines(SAMPLE.resolve("snapshots/events.yaml"))) {
            if (line.startsWith("- ") || line.startsWith("kind: List")) {
                String held = item == null ? null : item.toString();
                if (held != null && drop.stream().noneMatch(r -> held.contains("reason: " + r + "\n"))) {
                    events.append(item);
                }
                if (line.startsWith("kind: List")) {
                    events.append(extra);
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

    /**
     * The node's kubelet back after the NotReady (its NodeReady Event), before the node was deleted: it could report the
     * containers ended (a node that came back, ran the Pod to its end and was scaled down later looks so in the Events), so the
     * Events say nothing of main (it was AF007 confirmed on the NotReady and the deletion alone, session 29 review). Negative
     * control: the node's NodeReady from when it joined, long before, changes nothing.
     */
    @Test
    void aNodeReadyAgainBeforeItWasDeletedSaysNothingOfMain() throws IOException {
        AnalysisResult back = run(List.of(), nodeReady("2026-11-12T03:32:16Z"));
        assertTrue(state(back) != Execution.State.RUNNING, state(back).toString());
        assertTrue(findings(back, "AF007").isEmpty(), findings(back, "AF007").toString());
        AnalysisResult joined = run(List.of(), nodeReady("2026-11-12T01:05:40Z"));
        assertEquals(Execution.State.RUNNING, state(joined));
        assertEquals(Confidence.CONFIRMED, findings(joined, "AF007").get(0).confidence());
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
