package dev.argoforensics.cli;

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Session 36: a leader whose line of taking the lease is not in the input (its log starts after it, or the rotated file that
 * held it is missing) kept the {@code new leader} line that every replica logs, the leader too, naming itself. Read through the
 * real reader, its election lines made it a standby, so the release it queued due at once (its worker's line cut with the rest
 * of a grep) was no release and AF001 said nothing. Its Workflow workers processed the Workflow, which only a leader's do: it led.
 * The control: a replica with the same election line, the same handler lines and no Workflow worker line stays a standby.
 */
class LeaderElectionCutTest {
    @TempDir
    Path dir;

    private static final String NEW_LEADER = "time=2026-09-19T16:20:00.300Z level=INFO msg=\"new leader\" leader=workflow-controller-7c9f-aaaaa";

    /** The controller's lines from its {@code new leader} line on, with or without its Workflow workers' lines. */
    private static List<String> log(boolean workersWorked) {
        List<String> lines = new ArrayList<>(List.of(NEW_LEADER, workers("2026-09-19T16:20:00.400Z", 2), createdPod("2026-09-19T16:27:10.431Z")));
        if (workersWorked) {
            lines.add(processing("2026-09-19T16:27:20.460Z", "Running"));
            lines.add(workflowUpdated("2026-09-19T16:27:20.470Z", "Running"));
        }
        lines.addAll(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete")));
        if (workersWorked) {
            lines.addAll(List.of(processing("2026-09-19T16:33:02.240Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                    markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error")));
        }
        return lines;
    }

    private Cli analyze(boolean workersWorked) throws IOException {
        Files.write(dir.resolve("workflow-controller.log"), log(workersWorked));
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true));
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
        return Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z");
    }

    @Test
    void aRunWhoseWorkersProcessedWorkflowsLed() throws IOException {
        Cli c = analyze(true);
        assertTrue(c.out().contains("leader by its work (it processed Workflows from"), c.out());
        assertTrue(c.out().contains("AF001 [high,"), c.out());
        assertTrue(c.out().contains("workflow-controller.log:8"), "the release's scheduling line is quoted\n" + c.out());
    }

    @Test
    void aRunWithoutWorkerLinesStaysAStandby() throws IOException {
        Cli c = analyze(false);
        assertTrue(c.out().contains("standby by its lines"), c.out());
        assertFalse(c.out().contains("AF001 [high,"), c.out());
    }
}
