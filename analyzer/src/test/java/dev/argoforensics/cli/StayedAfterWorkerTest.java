package dev.argoforensics.cli;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.V4;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 39 (breaker): a Pod still in the releasing controller's informer long after its cleanup worker took the release. The
 * worker's patch removes the finalizer only where the controller's {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} is exactly
 * {@code "true"} (reference, logs 6.1); the update that empties a due Pod's finalizers (grace 0: it had finished) removes it at once
 * (lifecycle reference A1). So a {@code delete pod event} of the same run minutes after the worker's line says the worker's patch
 * left the Pod, and someone else removed the finalizer later: no confirmed release at the worker's line. Within the minute (the
 * patch slowed by the client's rate limit, a kubelet's final delete) the worker's line stays the removal.
 */
class StayedAfterWorkerTest {
    @TempDir
    Path dir;

    /** The text report of the last {@link #af001} run (its Pod timeline). */
    private String text = "";

    private static final String TICKER = " level=info msg=\"Alloc=9412 TotalAlloc=31876 Sys=41235 NumGC=14 Goroutines=141\"";

    /** The controller restarted with no Workflow workers releases the Pod; {@code goneAt} its delete event (null: none), the run logging on. */
    private String af001(String goneAt) throws IOException {
        List<String> first = List.of("time=2026-09-19T16:26:58.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:26:58.100Z", 2), processing("2026-09-19T16:27:10.400Z", "Running"), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running"));
        List<String> second = new ArrayList<>(List.of("time=2026-09-19T16:31:10.987Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "add"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                "time=\"2026-09-19T16:36:11.140Z\"" + TICKER));
        if (goneAt != null) {
            // In time order: before the 16:36 ticker line or after it.
            second.add(goneAt.compareTo("2026-09-19T16:36:11.140Z") < 0 ? second.size() - 1 : second.size(), podEvent(goneAt, "delete"));
        }
        second.add("time=\"2026-09-19T16:41:11.140Z\"" + TICKER);
        List<String> third = List.of("time=2026-09-19T16:43:01.900Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:43:02.000Z", 2), processing("2026-09-19T16:43:02.240Z", "Running"), podMissing("2026-09-19T16:43:02.246Z"),
                markingError("2026-09-19T16:43:02.246Z"), workflowUpdated("2026-09-19T16:43:02.271Z", "Error"));
        Files.write(dir.resolve("1-controller.log"), first);
        Files.write(dir.resolve("2-controller.log"), second);
        Files.write(dir.resolve("3-controller.log"), third);
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true));
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:43:02Z"));
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        text = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z").out();
        for (JsonNode f : new ObjectMapper().readTree(c.out()).get("findings")) {
            if (f.get("rule").asText().equals("AF001")) {
                return f.toString();
            }
        }
        return "";
    }

    @Test
    void aPodGoneTenMinutesAfterTheWorkerIsNoConfirmedRelease() throws IOException {
        String f = af001("2026-09-19T16:41:30.101Z");
        assertTrue(f.contains("\"confidence\":\"possible\""), f);
        assertTrue(f.contains("left this controller's informer only 10m18.751s later"), f);
        assertTrue(f.contains("ARGO_POD_STATUS_CAPTURE_FINALIZER"), f);
    }

    /**
     * Session 40: one fact, derived once (PodLifecycle#releaseShownRemoving), read by the finding and the timeline. The worker's line
     * of a Pod that stayed is not told as the release anywhere: no finalizerRemovedAt, the worker's time as such, and the timeline
     * saying it was not shown released. Control: the Pod gone within the minute keeps its release in both.
     */
    @Test
    void theTimelineAndTheFactsDoNotCallTheWorkersLineTheReleaseWhereThePodStayed() throws IOException {
        JsonNode f = new ObjectMapper().readTree(af001("2026-09-19T16:41:30.101Z"));
        assertTrue(f.path("finalizerRemovedAt").isNull() || f.path("finalizerRemovedAt").isMissingNode(), f::toString);
        assertEquals("2026-09-19T16:31:11.350Z", f.path("cleanupWorkerAt").asText(), f::toString);
        assertEquals("2026-09-19T16:41:30.101Z", f.path("podStayedUntil").asText(), f::toString);
        assertFalse(text.contains("status-capture finalizer released by the controller"), text);
        assertTrue(text.contains("status-capture finalizer NOT shown released by this controller"), text);
        JsonNode kept = new ObjectMapper().readTree(af001("2026-09-19T16:31:56.350Z"));
        assertEquals("2026-09-19T16:31:11.350Z", kept.path("finalizerRemovedAt").asText(), kept::toString);
        assertTrue(text.contains("status-capture finalizer released by the controller"), text);
    }

    /** No delete event at all in the releasing run, read whole for ten minutes past the worker's line: the Pod stayed. */
    @Test
    void aPodStillThereWhileTheRunLogsOnIsNoConfirmedRelease() throws IOException {
        String f = af001(null);
        assertTrue(f.contains("\"confidence\":\"possible\""), f);
        assertTrue(f.contains("logged no delete pod event for it up to its last line at 2026-09-19T16:41:11.140Z"), f);
    }

    /** The control: the Pod gone 45 s after the worker's line (the patch waited on the client's rate limit) is still its release. */
    @Test
    void aPodGoneWithinTheMinuteStaysTheWorkersRelease() throws IOException {
        String f = af001("2026-09-19T16:31:56.350Z");
        assertFalse(f.isEmpty());
        assertFalse(f.contains("left this controller's informer only"), f);
        assertEquals(f.contains("\"confidence\":\"possible\""), af001("2026-09-19T16:31:11.363Z").contains("\"confidence\":\"possible\""), f);
        assertTrue(f.contains("\"confidence\":\"confirmed\"") || f.contains("\"confidence\":\"likely\""), f);
    }
}
