package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 53 (judgment class namesake-deleted-running, v3.7.18, seeds 8, 9, 20): a Pod deleted while main ran, its finalizer released
 * at once on the deleting branch, and the controller then reading the Pod {@code Failed} ({@code Pod failed}, main's exit 143 from the
 * deletion's SIGTERM: the graceful deletion kept the Pod after the release) and storing it ({@code Workflow update successful}). v3.7+
 * and v4 log no Info line of a Pod node's phase read from the Pod (logs §5.5): the {@code Pod failed} line is the capture. AF001 said
 * "no export of the Pod shows how its containers ended: it may have been deleted while it ran" (possible); the node's end was recorded
 * from the Pod, so the release lost nothing. Controls: the loss marked after, no write after, the line before the release.
 */
class PodFailedReadAfterReleaseTest {
    @TempDir
    Path dir;

    private static final String T = "2026-09-19T16:";

    private static String podFailed(String t) {
        return "time=" + t + " level=INFO msg=\"Pod failed\" component=workflow_worker message=\"main: Error (exit code 143)\" pod=p namespace=ns workflow=p";
    }

    private static List<String> life(List<String> afterRelease, List<String> beforeDeletion) {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:19:59.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers(T + "20:00.000Z", 2), processing(T + "20:00.100Z", "\"\""), createdPod(T + "20:00.200Z"),
                workflowUpdated(T + "20:00.300Z", "Running"), podEvent(T + "20:00.400Z", "add"), podEvent(T + "20:04.000Z", "update"),
                processing(T + "20:04.100Z", "Running"), workflowUpdated(T + "20:04.200Z", "Running")));
        out.addAll(beforeDeletion);
        // A user deletes the running Pod: its last condition change more than 2 minutes before, released at once.
        out.addAll(List.of(workers(T + "24:00.000Z", 2), podEvent(T + "24:10.000Z", "update"), removingFinalizers(T + "24:10.001Z"),
                queuingPodDelay(T + "24:10.002Z", "removeFinalizer", "-1m53.9s"), queueing(T + "24:10.003Z", "removeFinalizer"),
                processing(T + "24:10.004Z", "Running"), cleaningUp(T + "24:10.010Z", "removeFinalizer"), podEvent(T + "24:12.500Z", "update"),
                processing(T + "24:12.600Z", "Running")));
        out.addAll(afterRelease);
        out.addAll(List.of(workers(T + "28:00.000Z", 2), processingOther(T + "29:00.000Z")));
        return out;
    }

    private RuleOutcome af001(List<String> lines) throws IOException {
        Path log = dir.resolve("workflow-controller-" + System.nanoTime() + ".log");
        Files.write(log, lines);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(log.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).findFirst().orElseThrow();
    }

    private static boolean capturedClearance(RuleOutcome o) {
        return o.cleared().stream().anyMatch(c -> c.reason().contains("the node's result had been captured") && c.reason().contains("16:24:12.601"));
    }

    @Test
    void thePodReadFailedAndStoredAfterTheReleaseLostNothing() throws IOException {
        RuleOutcome o = af001(life(List.of(podFailed(T + "24:12.601Z"), workflowUpdated(T + "24:12.700Z", "Failed"),
                podEvent(T + "24:40.000Z", "delete")), List.of()));
        assertTrue(o.findings().isEmpty(), o.findings()::toString);
        assertTrue(capturedClearance(o), o.cleared()::toString);
    }

    /** Control: the loss marked after the Pod failed line (the Pod gone, "pod deleted"): the capture is not shown stored. */
    @Test
    void theLossMarkedAfterIsNoCapture() throws IOException {
        RuleOutcome o = af001(life(List.of(podFailed(T + "24:12.601Z"), podEvent(T + "24:12.650Z", "delete"),
                processing(T + "24:20.000Z", "Running"), podMissing(T + "24:20.001Z"), markingError(T + "24:20.002Z"),
                workflowUpdated(T + "24:20.100Z", "Running")), List.of()));
        assertTrue(!capturedClearance(o), o.cleared()::toString);
        assertTrue(!o.findings().isEmpty() || !o.cleared().isEmpty(), "assessed");
    }

    /** Control: no Workflow write after the Pod failed line (the log ends): not shown stored. */
    @Test
    void noWriteAfterIsNoCapture() throws IOException {
        RuleOutcome o = af001(life(List.of(podFailed(T + "24:12.601Z"), podEvent(T + "24:40.000Z", "delete")), List.of()));
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("the node's result had been captured")), o.cleared()::toString);
    }

    /** Control: the Pod failed line only before the deletion and its release: not read as a capture after the release. */
    @Test
    void aFailureReadBeforeTheReleaseIsNotThisClearance() throws IOException {
        RuleOutcome o = af001(life(List.of(podEvent(T + "24:40.000Z", "delete")), List.of(podFailed(T + "21:00.000Z"),
                workflowUpdated(T + "21:00.100Z", "Running"))));
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("the node's result had been captured") && c.reason().contains("16:21:00.000")),
                o.cleared()::toString);
    }
}
