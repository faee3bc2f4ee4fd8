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
        return run(drop, extra, null);
    }

    /** The node lifecycle controller's Event that the Pod is not ready, at {@code at} (its own timestamps). */
    private static String podNotReady(String at) {
        return "- apiVersion: v1\n  count: 1\n  firstTimestamp: \"" + at + "\"\n  involvedObject:\n    kind: Pod\n"
                + "    name: transcode-k4w7d-encode-3330130944\n    namespace: video-batch\n  kind: Event\n  lastTimestamp: \"" + at + "\"\n"
                + "  message: \"Node is not ready\"\n  metadata:\n    name: transcode-k4w7d-encode-3330130944.0c1d2e3f4a5b607\n"
                + "    namespace: video-batch\n  reason: NodeNotReady\n  source:\n    component: node-controller\n  type: Normal\n";
    }

    /**
     * A {@code kubectl get events -A} table of the node's Events as pasted at {@code takenAt} ({@code # taken-at:}): each row's time is
     * that less its LAST SEEN age, on the clock of whoever took it ({@code ClusterEvent#statedClock}). Rows: reason, age.
     */
    private static String nodeTable(String takenAt, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("# taken-at: " + takenAt + "\n$ kubectl get events -A\n");
        b.append(String.format("%-12s%-12s%-9s%-15s%-36s%s\n", "NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"));
        for (List<String> r : rows) {
            String message = switch (r.get(0)) {
                case "NodeReady" -> "Node ip-10-0-71-18.ec2.internal status is now: NodeReady";
                case "DeletingNode" -> "Deleting node ip-10-0-71-18.ec2.internal because it does not exist in the cloud provider";
                default -> "Removing Node ip-10-0-71-18.ec2.internal from Controller";
            };
            b.append(String.format("%-12s%-12s%-9s%-15s%-36s%s\n", "default", r.get(1), "Normal", r.get(0), "node/ip-10-0-71-18.ec2.internal", message));
        }
        return b.toString();
    }

    /** As above, with a pasted events table ({@code table}, null: none) beside the events file. */
    private AnalysisResult run(List<String> drop, String extra, String table) throws IOException {
        Path snaps = Files.createDirectories(dir.resolve("snapshots"));
        Files.deleteIfExists(snaps.resolve("events-table.txt"));
        if (table != null) {
            Files.writeString(snaps.resolve("events-table.txt"), table, StandardCharsets.UTF_8);
        }
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
        // Session 42: they say main ran by the lost kubelet's last report, which a main that ended in the seconds before the node
        // went, before the kubelet reported it, leaves the same: likely, the exported Workflow's "pod deleted" notwithstanding.
        Finding f = findings(r, "AF007").get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("main's state is the lost node's kubelet's last report"), f.confidenceReason());
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
        assertEquals(Confidence.LIKELY, findings(joined, "AF007").get(0).confidence(), "a lost node's last report (session 42)");
    }

    /**
     * Session 33: the node's NodeReady dated only by a pasted table (03:40:00 less 8m20s: 03:31:40, on the clock of whoever took it),
     * 34 s before the Pod's NotReady (03:32:14, its own timestamp): that clock may be off by 60 s, so the kubelet may have come back
     * after the NotReady, and the Events say nothing of main (no AF007). With its own timestamp at the same 03:31:40 it is clearly
     * before (AF007 running; likely since session 42, a lost node's last report); a row dated 03:30:00 (03:38:00 less 8m), 134 s
     * before, is before whatever the clock (the same).
     */
    @Test
    void aNodeReadyDatedByAStatedClockNearTheNotReadyMayBeTheKubeletBack() throws IOException {
        AnalysisResult near = run(List.of(), "", nodeTable("2026-11-12T03:40:00Z", List.of(List.of("NodeReady", "8m20s"))));
        assertTrue(state(near) != Execution.State.RUNNING, state(near).toString());
        assertTrue(findings(near, "AF007").isEmpty(), findings(near, "AF007").toString());
        AnalysisResult own = run(List.of(), nodeReady("2026-11-12T03:31:40Z"));
        assertEquals(Confidence.LIKELY, findings(own, "AF007").get(0).confidence(), "a lost node's last report (session 42)");
        AnalysisResult far = run(List.of(), "", nodeTable("2026-11-12T03:38:00Z", List.of(List.of("NodeReady", "8m"))));
        assertEquals(Execution.State.RUNNING, state(far));
        assertEquals(Confidence.LIKELY, findings(far, "AF007").get(0).confidence(), "a lost node's last report (session 42)");
    }

    /**
     * Session 33: the node's deletion dated only by a pasted table (DeletingNode and RemovingNode at 03:37:00 less 6m20s: 03:30:40,
     * on the clock of whoever took it), 40 s after the Pod's NotReady (03:30:00, its own timestamp): that clock may be off by 60 s,
     * so the node may have gone before the NotReady, which then says nothing of a node never back; no AF007. Negative control:
     * dated 03:32:17 (03:37:00 less 4m43s), 137 s after: the Pod ran when its node went, but only a user's clock orders it, so
     * AF007 is likely, not confirmed, and says how the Event was dated.
     */
    @Test
    void aNodeDeletionDatedByAStatedClockNearTheNotReadyDoesNotOrderThem() throws IOException {
        List<String> drop = List.of("NodeNotReady", "DeletingNode", "RemovingNode");
        AnalysisResult near = run(drop, podNotReady("2026-11-12T03:30:00Z"),
                nodeTable("2026-11-12T03:37:00Z", List.of(List.of("DeletingNode", "6m20s"), List.of("RemovingNode", "6m20s"))));
        assertTrue(state(near) != Execution.State.RUNNING, state(near).toString());
        assertTrue(findings(near, "AF007").isEmpty(), findings(near, "AF007").toString());
        AnalysisResult far = run(drop, podNotReady("2026-11-12T03:30:00Z"),
                nodeTable("2026-11-12T03:37:00Z", List.of(List.of("DeletingNode", "4m43s"), List.of("RemovingNode", "4m43s"))));
        assertEquals(Execution.State.RUNNING, state(far));
        Finding f = findings(far, "AF007").get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        String main = String.valueOf(f.fact("mainContainer").orElseThrow().value());
        assertTrue(main.contains("(DeletingNode at 2026-11-12T03:32:17Z, dated by the export's stated time less its age)"), main);
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
