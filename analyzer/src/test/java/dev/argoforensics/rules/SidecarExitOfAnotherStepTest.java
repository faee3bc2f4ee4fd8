package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF010 where two steps of one Workflow share a sidecar's name (session 43 breaker). The controller's {@code ignoring exit code}
 * (v4; v3 {@code Ignoring <code> exit code of container '<name>'}) names the container and the Workflow, never the Pod: read as one
 * Pod's, another step's ignored exit cleared this Pod's sidecar, still running at its SIGKILL round, as "stopped before it".
 * v4.1.2, slog text, logs alone.
 */
class SidecarExitOfAnotherStepTest {
    private final ContainerWouldNotStop rule = new ContainerWouldNotStop();

    /**
     * Workflow etl/ingest-k2p9z runs steps a and b at once, each with an istio-proxy sidecar. a's main ends first: SIGTERM at
     * 10:05:00 to wait and istio-proxy, which ignores it. b's main ends at 10:05:03; b's istio-proxy stops on SIGTERM (exit 143
     * ignored at 10:05:05) and b is labelled completed. a's SIGKILL round at 10:05:30 still finds istio-proxy running.
     */
    private static final String TWO_STEPS = """
            time=2026-11-23T10:00:00.000Z level=INFO msg="Starting Workflow Controller" defaultRequeueTime=10s version=v4.1.2
            time=2026-11-23T10:00:00.004Z level=INFO msg="Current Worker Numbers" workflowWorkers=32 workflowTtlWorkers=4 podCleanup=4 cronWorkflowWorkers=8 workflowArchive=8
            time=2026-11-23T10:01:00.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-k2p9z namespace=etl phase="" resourceVersion=500100
            time=2026-11-23T10:01:00.110Z level=INFO msg="updated phase" component=workflow_worker workflow=ingest-k2p9z namespace=etl fromPhase="" toPhase=Running
            time=2026-11-23T10:01:00.130Z level=INFO msg="node initialized" component=workflow_worker workflow=ingest-k2p9z namespace=etl node=ingest-k2p9z-2813621453 phase=Pending message=""
            time=2026-11-23T10:01:00.140Z level=INFO msg="Created pod" component=workflow_worker workflow=ingest-k2p9z namespace=etl nodeName=ingest-k2p9z.a nodeID=ingest-k2p9z-2813621453 podName=ingest-k2p9z-a-2813621453
            time=2026-11-23T10:01:00.150Z level=INFO msg="node initialized" component=workflow_worker workflow=ingest-k2p9z namespace=etl node=ingest-k2p9z-2763288596 phase=Pending message=""
            time=2026-11-23T10:01:00.160Z level=INFO msg="Created pod" component=workflow_worker workflow=ingest-k2p9z namespace=etl nodeName=ingest-k2p9z.b nodeID=ingest-k2p9z-2763288596 podName=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:01:00.170Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-k2p9z namespace=etl resourceVersion=500104 phase=Running
            time=2026-11-23T10:01:00.175Z level=INFO msg="add pod event" component=pod_controller pod=ingest-k2p9z-a-2813621453
            time=2026-11-23T10:01:00.176Z level=INFO msg="add pod event" component=pod_controller pod=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:05:00.400Z level=INFO msg="update pod event" component=pod_controller pod=ingest-k2p9z-a-2813621453
            time=2026-11-23T10:05:00.500Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-k2p9z namespace=etl phase=Running resourceVersion=500150
            time=2026-11-23T10:05:00.515Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-k2p9z-a-2813621453 action=terminateContainers
            time=2026-11-23T10:05:00.517Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-k2p9z-a-2813621453/terminateContainers action=terminateContainers namespace=etl podName=ingest-k2p9z-a-2813621453
            time=2026-11-23T10:05:00.530Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-k2p9z namespace=etl resourceVersion=500180 phase=Running
            time=2026-11-23T10:05:00.620Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-k2p9z-a-2813621453 container=wait stdout="" stderr="" error=<nil>
            time=2026-11-23T10:05:00.710Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-k2p9z-a-2813621453 container=istio-proxy stdout="" stderr="" error=<nil>
            time=2026-11-23T10:05:00.711Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-k2p9z-a-2813621453 action=killContainers after=30s
            time=2026-11-23T10:05:03.400Z level=INFO msg="update pod event" component=pod_controller pod=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:05:03.500Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-k2p9z namespace=etl phase=Running resourceVersion=500180
            time=2026-11-23T10:05:03.515Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-k2p9z-b-2763288596 action=terminateContainers
            time=2026-11-23T10:05:03.517Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-k2p9z-b-2763288596/terminateContainers action=terminateContainers namespace=etl podName=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:05:03.530Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-k2p9z namespace=etl resourceVersion=500190 phase=Running
            time=2026-11-23T10:05:03.620Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-k2p9z-b-2763288596 container=wait stdout="" stderr="" error=<nil>
            time=2026-11-23T10:05:03.710Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-k2p9z-b-2763288596 container=istio-proxy stdout="" stderr="" error=<nil>
            time=2026-11-23T10:05:03.711Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-k2p9z-b-2763288596 action=killContainers after=30s
            time=2026-11-23T10:05:04.900Z level=INFO msg="update pod event" component=pod_controller pod=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:05:05.000Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-k2p9z namespace=etl phase=Running resourceVersion=500190
            time=2026-11-23T10:05:05.012Z level=INFO msg="ignoring exit code" component=workflow_worker workflow=ingest-k2p9z namespace=etl exitCode=143 containerName=istio-proxy
            time=2026-11-23T10:05:05.020Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-k2p9z namespace=etl resourceVersion=500199 phase=Running
            time=2026-11-23T10:05:05.022Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-k2p9z-b-2763288596 action=labelPodCompleted
            time=2026-11-23T10:05:05.024Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-k2p9z-b-2763288596/labelPodCompleted action=labelPodCompleted namespace=etl podName=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:05:05.040Z level=INFO msg="delete pod event" component=pod_controller pod=ingest-k2p9z-b-2763288596
            time=2026-11-23T10:05:30.712Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-k2p9z-a-2813621453/killContainers action=killContainers namespace=etl podName=ingest-k2p9z-a-2813621453
            time=2026-11-23T10:05:30.810Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-k2p9z-a-2813621453 container=istio-proxy stdout="" stderr="" error=<nil>
            time=2026-11-23T10:05:31.900Z level=INFO msg="update pod event" component=pod_controller pod=ingest-k2p9z-a-2813621453
            time=2026-11-23T10:05:32.000Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-k2p9z namespace=etl phase=Running resourceVersion=500199
            time=2026-11-23T10:05:32.012Z level=INFO msg="ignoring exit code" component=workflow_worker workflow=ingest-k2p9z namespace=etl exitCode=137 containerName=istio-proxy
            time=2026-11-23T10:05:32.020Z level=INFO msg="updated phase" component=workflow_worker workflow=ingest-k2p9z namespace=etl fromPhase=Running toPhase=Succeeded
            time=2026-11-23T10:05:32.021Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=ingest-k2p9z namespace=etl
            time=2026-11-23T10:05:32.050Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-k2p9z namespace=etl resourceVersion=500230 phase=Succeeded
            time=2026-11-23T10:05:33.712Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-k2p9z-b-2763288596/killContainers action=killContainers namespace=etl podName=ingest-k2p9z-b-2763288596
            """;

    private static String[] lines(String block) {
        return block.strip().lines().map(String::strip).toArray(String[]::new);
    }

    @Test
    void anotherStepsIgnoredSidecarExitIsNotThisPodStopping() {
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", lines(TWO_STEPS)).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals("etl/ingest-k2p9z-a-2813621453", f.pod().toString());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("istio-proxy", f.fact("containers").orElseThrow().value());
        assertEquals("2026-11-23T10:05:30.810Z", f.fact("stillRunningAt").orElseThrow().value());
        // b stopped within its grace period: shown by its own labelling, not by the ignored exit code either Pod may own
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(e.cleared().get(0).pod().toString().endsWith("-b-2763288596") && why.contains("within the grace period"), why);
    }

    @Test
    void theIgnoredExitOfTheOnlyPodSignalledIsItsOwn() {
        // Control: step b's lines taken out, a's sidecar stops on SIGTERM (exit 143 ignored at 10:05:05): no other Pod may own the line.
        List<String> kept = new ArrayList<>();
        for (String l : lines(TWO_STEPS)) {
            if (!l.contains("-b-2763288596") && !l.contains("nodeName=ingest-k2p9z.b") && !l.contains("node=ingest-k2p9z-2763288596")
                    && !l.contains("10:05:30.") && !l.contains("10:05:31.") && !l.contains("exitCode=137")) {
                kept.add(l);
            }
        }
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", kept.toArray(String[]::new)).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(why.contains("ignored istio-proxy's exit code 143 at 2026-11-23T10:05:05.012Z"), why);
    }
}
