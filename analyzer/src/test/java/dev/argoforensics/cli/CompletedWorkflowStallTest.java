package dev.argoforensics.cli;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.V4;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 39 (breaker): AF003's first signature (a controller run with {@code workflowWorkers=0} whose pod controller acted on the
 * Pod) read the Workflow as active from the lines alone. A Workflow whose completion the given log does not hold (its first run's
 * log cut before it), and whose export shows it completed minutes before the Pod's deletion was handled, is not waiting for a
 * Workflow worker: a completed Workflow is not reconciled again. Not confirmed then; the control, the same Workflow exported
 * Running, stays confirmed.
 */
class CompletedWorkflowStallTest {
    @TempDir
    Path dir;

    private static String workflow(String phase, String finishedAt) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n"
                + "status:\n  phase: " + phase + "\n  startedAt: \"2026-09-19T16:27:10Z\"\n"
                + (finishedAt == null ? "" : "  finishedAt: \"" + finishedAt + "\"\n")
                + "  nodes:\n    p:\n      id: p\n      name: p\n      type: Pod\n      templateName: main\n"
                + "      phase: " + phase + "\n      startedAt: \"2026-09-19T16:27:10Z\"\n"
                + (finishedAt == null ? "" : "      finishedAt: \"" + finishedAt + "\"\n") + "      taskResultSynced: true\n";
    }

    private JsonNode af003(String workflowExport) throws IOException {
        Files.write(dir.resolve("1-controller.log"), List.of(
                "time=2026-09-19T16:26:58.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:26:58.100Z", 2), processing("2026-09-19T16:27:10.400Z", "Running"), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running")));
        Files.write(dir.resolve("2-controller.log"), List.of(
                "time=2026-09-19T16:31:10.987Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "add"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete")));
        // A later pass of the Workflow (session 48: a run without workers shows nothing of it; this shows it still there).
        Files.write(dir.resolve("3-controller.log"), List.of(
                "time=2026-09-19T16:33:01.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:33:01.100Z", 2), processing("2026-09-19T16:33:02.240Z", "Running")));
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true));
        Files.writeString(dir.resolve("wf.yaml"), workflowExport);
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        for (JsonNode f : new ObjectMapper().readTree(c.out()).get("findings")) {
            if (f.get("rule").asText().equals("AF003")) {
                return f;
            }
        }
        throw new AssertionError("no AF003 finding: " + c.out());
    }

    @Test
    void aWorkflowExportedCompletedBeforeThePodControllerActedIsNoConfirmedStall() throws IOException {
        JsonNode f = af003(workflow("Succeeded", "2026-09-19T16:27:50Z"));
        assertEquals("possible", f.get("confidence").asText(), f.toString());
        assertTrue(f.toString().contains("a completed Workflow is not reconciled again"), f.toString());
    }

    @Test
    void theSameWorkflowExportedRunningStaysConfirmed() throws IOException {
        assertEquals("confirmed", af003(workflow("Running", null)).get("confidence").asText());
    }
}
