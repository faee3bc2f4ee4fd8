package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 (s61-lifetime): AF004's release attempt read from the lifetime's own lines, not the name's whole history. Two Pods of
 * {@code p} (ReleaseOfItsLifetimeTest's shape): replica a created the first (16:27:30) and, its clock 20 s ahead, handled its
 * deletion with {@code delay=-39.251345678s}, dating the transition it read 16:27:11, in a line stamped 16:29:50; its worker took the
 * item and no {@code delete pod event} followed in a's lines, which go on to 16:50. Replica b had created the name again at
 * 16:29:41.100 (the first Pod found missing while Pending). The name is not split (no cleanup certainly between the creations), and
 * the first Pod's scheduling line, later than b's creation by its stamp, stood for an attempt to release the namesake: AF004 said the
 * namesake's finalizer stuck for twenty minutes on a's silence.
 */
class FinalizerStuckLifetimeViewTest {
    @TempDir
    Path dir;

    private static List<String> replicaA() {
        return List.of("time=2026-09-19T16:27:20.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:20.100Z", 2),
                processing("2026-09-19T16:27:30.402Z", "\"\""), createdPod("2026-09-19T16:27:30.431Z"),
                workflowUpdated("2026-09-19T16:27:30.448Z", "Running"), podEvent("2026-09-19T16:27:30.500Z", "add"),
                podEvent("2026-09-19T16:29:50.247Z", "update"), removingFinalizers("2026-09-19T16:29:50.248Z"),
                queuingPodDelay("2026-09-19T16:29:50.249Z", "removeFinalizer", "-39.251345678s"), queueing("2026-09-19T16:29:50.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:29:50.251Z", "removeFinalizer"),
                workers("2026-09-19T16:35:00.000Z", 2), processingOther("2026-09-19T16:40:00.000Z"), workers("2026-09-19T16:45:00.000Z", 2),
                processingOther("2026-09-19T16:50:00.000Z"));
    }

    /** Replica b: creates the namesake; {@code own}, the namesake's own release lines, if any; b logs on to 16:55. */
    private static List<String> replicaB(List<String> own) {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:29:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:29:40.100Z", 2),
                processing("2026-09-19T16:29:41.000Z", "Running"), podMissing("2026-09-19T16:29:41.050Z", "Pending", false),
                createdPod("2026-09-19T16:29:41.100Z"), workflowUpdated("2026-09-19T16:29:41.150Z", "Running"),
                podEvent("2026-09-19T16:29:41.200Z", "add"), podEvent("2026-09-19T16:30:40.000Z", "update")));
        out.addAll(own);
        out.addAll(List.of(workers("2026-09-19T16:40:00.000Z", 2), processingOther("2026-09-19T16:45:00.000Z"), workers("2026-09-19T16:50:00.000Z", 2),
                processingOther("2026-09-19T16:55:00.000Z")));
        return out;
    }

    private AnalysisResult analyze(List<String> own) throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-a.log", replicaA());
        logs.put("workflow-controller-b.log", replicaB(own));
        return AnalyzedFiles.run(dir, logs, Map.of());
    }

    private static List<Finding> af004(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    private static PodLifecycle life(AnalysisResult r) {
        PodKey p = r.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).findFirst().orElseThrow();
        return r.correlation().lifecycle(p);
    }

    /** The first Pod's scheduling line is no attempt on the namesake: no finding rests on it. */
    @Test
    void anEarlierPodsSchedulingLineIsNoAttemptOnTheNamesake() throws IOException {
        AnalysisResult r = analyze(List.of());
        assertEquals(1, r.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).count(),
                () -> "split: " + new TreeMap<>(r.correlation().pods()).keySet());
        assertTrue(life(r).lifetimeEvents().stream().noneMatch(e -> e.text().contains("-39.251345678s")), () -> life(r).lifetimeEvents().toString());
        List<Finding> fs = af004(r);
        assertTrue(fs.stream().noneMatch(f -> f.evidence().stream().anyMatch(l -> l.text().contains("-39.251345678s"))), fs::toString);
        assertEquals(List.of(), fs, fs::toString);
    }

    /**
     * Control: the namesake's own release, its worker line taken at 16:34:30 and no delete event after in b's lines, which go on
     * for twenty minutes: its own attempt, read from its own scheduling line.
     */
    @Test
    void theNamesakesOwnAttemptIsRead() throws IOException {
        AnalysisResult r = analyze(List.of(podEvent("2026-09-19T16:34:30.410Z", "update"), removingFinalizers("2026-09-19T16:34:30.411Z"),
                queuingPodDelay("2026-09-19T16:34:30.412Z", "removeFinalizer", "-1m30.412s"), queueing("2026-09-19T16:34:30.412Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:34:30.414Z", "removeFinalizer")));
        List<Finding> fs = af004(r);
        assertEquals(1, fs.size(), fs::toString);
        assertTrue(fs.get(0).evidence().stream().anyMatch(l -> l.text().contains("-1m30.412s")), fs::toString);
        assertTrue(fs.get(0).evidence().stream().noneMatch(l -> l.text().contains("-39.251345678s")), fs::toString);
    }
}
