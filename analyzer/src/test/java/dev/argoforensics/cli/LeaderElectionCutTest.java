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

    /**
     * Session 37: the pod controller (informer, handler, queue, cleanup workers) is started in the same {@code Run} as the Workflow
     * workers, which a replica calls only once it leads (every release, {@code OnStartedLeading}): a replica whose handler logged
     * ran the controller, whatever its election lines. Session 36 read this run (the same election line, the handler's lines, no
     * Workflow worker line) as a standby and dropped its release, so AF001 said nothing; the Pod then left its informer with no line
     * of its cleanup worker taking the item, so this controller removed nothing its lines show: AF001 now says so (possible). The
     * Controllers section still calls the run a standby by its lines (left).
     */
    @Test
    void aRunWhosePodControllerLoggedLedAndItsUnworkedItemIsNamed() throws IOException {
        Cli c = analyze(false);
        assertTrue(c.out().contains("AF001 [high, possible]"), c.out());
        assertTrue(c.out().contains("no line of its cleanup worker taking the item"), c.out());
    }

    /** The leader of #17024 ({@code workflowWorkers=0}), its lease line cut, its log ending as the item was queued: the release is quoted. */
    @Test
    void aLeaderWithoutWorkflowWorkersWhoseElectionLineWasCutReleases() throws IOException {
        List<String> stopped = List.of(NEW_LEADER, workers("2026-09-19T16:31:10.400Z", 0), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        // With election on the replica logs client-go's acquisition and the new leader naming itself (never 'starting leading').
        List<String> restored = List.of("time=2026-09-19T16:33:02.000Z level=INFO msg=\"Successfully acquired lease\" lock=argo/workflow-controller",
                "time=2026-09-19T16:33:02.000Z level=INFO msg=\"new leader\" leader=workflow-controller-7c9f-bbbbb",
                workers("2026-09-19T16:33:02.100Z", 2), processing("2026-09-19T16:33:02.240Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error"));
        Files.write(dir.resolve("1-workers0.log"), stopped);
        Files.write(dir.resolve("2-restored.log"), restored);
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true));
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z");
        assertTrue(c.out().contains("AF001 [high,"), c.out());
        assertTrue(c.out().contains("1-workers0.log:5"), "the release's scheduling line is quoted\n" + c.out());
    }

    /** The control: a replica whose lines are its election lines only (no Workflow worker, no pod controller line) stays a standby. */
    @Test
    void aRunWithElectionLinesOnlyStaysAStandby() throws IOException {
        Files.write(dir.resolve("standby.log"), List.of(NEW_LEADER,
                "time=2026-09-19T16:25:00.300Z level=INFO msg=\"healthz: current pod is not the leader\""));
        Cli c = analyze(true);
        assertTrue(c.out().contains("standby by its lines"), c.out());
        assertTrue(c.out().contains("leader by its work (it processed Workflows from"), c.out());
    }
}
