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
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62 (s62-lifetime): AF004's paths other than the attempt read the lifetime's own lines ({@code PodLifecycle.lifetimeEvents}),
 * not the name's whole history. Two Pods of {@code p} (FinalizerStuckLifetimeViewTest's shape): replica a, its clock 20 s ahead,
 * created the first (16:27:30) and released it on its deletion in lines stamped 16:29:50 ({@code delay=-39.251345678s}: the
 * transition it read dated 16:27:11, 2m30s before the second Pod's creation), its {@code delete pod event} after them. Replica b,
 * rolled back to v3.6.10 (no timed release, #15164), had created the name again at 16:29:41.100; the second Pod, deleted while
 * Pending at 16:29:45, is exported deleted and holding the finalizer, and b logs its update at the deletion and then, for an hour,
 * nothing that releases it. The name is not split (the first Pod's cleanup is not shown before the second's creation).
 */
class FinalizerStuckLifetimePathsTest {
    @TempDir
    Path dir;

    private static List<String> replicaA() {
        return List.of("time=2026-09-19T16:27:20.000Z level=INFO msg=\"Starting Workflow Controller\" version=v3.6.16",
                workers("2026-09-19T16:27:20.100Z", 2),
                processing("2026-09-19T16:27:30.402Z", "\"\""), createdPod("2026-09-19T16:27:30.431Z"),
                workflowUpdated("2026-09-19T16:27:30.448Z", "Running"), podEvent("2026-09-19T16:27:30.500Z", "add"),
                podEvent("2026-09-19T16:29:50.247Z", "update"), removingFinalizers("2026-09-19T16:29:50.248Z"),
                queuingPodDelay("2026-09-19T16:29:50.249Z", "removeFinalizer", "-39.251345678s"), queueing("2026-09-19T16:29:50.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:29:50.251Z", "removeFinalizer"), podEvent("2026-09-19T16:29:50.266Z", "delete"),
                processingOther("2026-09-19T16:29:55.000Z"));
    }

    private static List<String> replicaB() {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:29:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v3.6.10",
                workers("2026-09-19T16:29:40.100Z", 2),
                processing("2026-09-19T16:29:41.000Z", "Running"), podMissing("2026-09-19T16:29:41.050Z", "Pending", false),
                createdPod("2026-09-19T16:29:41.100Z"), workflowUpdated("2026-09-19T16:29:41.150Z", "Running"),
                podEvent("2026-09-19T16:29:41.200Z", "add"), podEvent("2026-09-19T16:29:45.300Z", "update")));
        for (String t : List.of("16:40", "16:50", "17:00", "17:10", "17:20", "17:30", "17:40")) {
            out.add(processingOther("2026-09-19T" + t + ":00.000Z"));
        }
        return out;
    }

    /** The second Pod: Pending, unscheduled, created 16:29:41, deleted 16:29:45 (grace 0), still holding the finalizer. */
    private static String heldExport() {
        return Exports.Pod.of().phase("Pending").unscheduled().deleted("2026-09-19T16:29:45Z", 0).lastTransition("2026-09-19T16:29:41Z").yaml()
                .replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:29:41Z\"").replace("uid: u-1", "uid: u-2");
    }

    private AnalysisResult analyze() throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-a.log", replicaA());
        logs.put("workflow-controller-b.log", replicaB());
        return AnalyzedFiles.run(dir, logs, Map.of("pod.yaml", heldExport()));
    }

    private static List<Finding> af004(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    /**
     * heldByLogs: the first Pod's release lines (the handler's {@code Removing finalizers during a delete}, its cleanup, a's {@code
     * delete pod event}) are stamped after b's update at the second Pod's deletion, and read from the name's history they said the
     * second Pod had been released and had left (no hold read). From the lifetime's lines: b's silence on v3.6.10, possible.
     */
    @Test
    void anEarlierPodsReleaseStampedAfterTheUpdateDoesNotEndTheHold() throws IOException {
        AnalysisResult r = analyze();
        List<PodKey> keys = r.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).toList();
        assertEquals(1, keys.size(), keys::toString);
        PodHistory history = r.correlation().pods().get(keys.get(0));
        // The premise the whole history gave the old read: a release line of the first Pod after b's update at the deletion.
        LogEvent update = history.events().stream().filter(e -> e.text().contains("16:29:45.300Z")).findFirst().orElseThrow();
        assertTrue(history.events().stream().anyMatch(e -> e.text().contains("Removing finalizers") && e.time().isAfter(update.time())),
                history.events()::toString);
        assertTrue(r.correlation().lifecycle(keys.get(0)).lifetimeEvents().stream().noneMatch(e -> e.text().contains("16:29:50")),
                () -> r.correlation().lifecycle(keys.get(0)).lifetimeEvents().toString());
        List<Finding> fs = af004(r);
        assertEquals(1, fs.size(), () -> fs + " " + r.outcomes());
        assertEquals("AF004.reason.heldByLogs", fs.get(0).reason().code());
        assertEquals(Confidence.POSSIBLE, fs.get(0).confidence());
        assertTrue(fs.get(0).evidence().stream().noneMatch(l -> l.text().contains("16:29:50")), fs::toString);
    }
}
