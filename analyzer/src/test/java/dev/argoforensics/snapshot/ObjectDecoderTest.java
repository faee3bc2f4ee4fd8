package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fields the analyzer keeps, read from the #17024 sample's real-shaped exports. */
class ObjectDecoderTest {

    private static List<ObjectDocument> all(String path) throws Exception {
        List<ObjectDocument> docs = new ArrayList<>();
        new ObjectFileReader().read(new InputFile(path, Path.of(path), InputKind.SNAPSHOT, false, "t"), null, docs::add);
        return docs;
    }

    private static ObjectDocument only(String path) throws Exception {
        List<ObjectDocument> docs = all(path);
        assertEquals(1, docs.size());
        return docs.get(0);
    }

    @Test
    void terminatingPod() throws Exception {
        PodSnapshot p = ObjectDecoder.pod(only("samples/issue-17024/snapshots/pod-terminating.yaml"));
        assertEquals("status-capture-test", p.namespace());
        assertEquals("status-capture-repro", p.name());
        assertEquals("c2d1b7a4-5e8f-4d1a-9b3c-7f6e2a1d0c95", p.uid());
        assertEquals("2026-09-19T16:31:04Z", p.deletionTimestamp().format());
        assertTrue(p.hasStatusFinalizer());
        assertEquals("status-capture-repro", p.workflowName().orElseThrow());
        assertEquals("status-capture-repro", p.annotations().get(PodSnapshot.NODE_ID_ANNOTATION));
        assertEquals("Workflow", p.owners().get(0).kind());
        assertTrue(p.owners().get(0).controller());
        assertEquals("Succeeded", p.phase());
        assertEquals(5, p.conditions().size());
        assertEquals("2026-09-19T16:27:47Z", p.lastConditionTransition().orElseThrow().format());
        assertEquals(List.of("main", "wait"), p.containers().stream().map(ContainerState::name).toList());
        ContainerState main = p.containers().get(0);
        assertEquals(0, main.exitCode());
        assertEquals("Completed", main.reason());
        assertEquals("2026-09-19T16:27:14Z", main.startedAt().format());
        assertEquals("2026-09-19T16:27:44Z", main.finishedAt().format());
        assertTrue(p.allContainersSucceeded());
        assertEquals("2026-09-19T16:27:44Z", p.containersFinishedAt().orElseThrow().format());
        assertEquals("2026-09-19T16:31:04Z", p.observed().time().format(), "the latest time inside the export");
        assertEquals(ObservationBasis.LATEST_INSIDE, p.observed().basis());
        assertEquals(0L, p.deletionGracePeriodSeconds(), "a terminated Pod is deleted with grace period 0");
        assertEquals("ip-10-0-12-34.ec2.internal", p.nodeName());
    }

    @Test
    void workflowNodes() throws Exception {
        WorkflowSnapshot before = ObjectDecoder.workflow(only("samples/issue-17024/snapshots/workflow-while-stopped.yaml"));
        NodeStatus n = before.node("status-capture-repro").orElseThrow();
        assertEquals("Pod", n.type());
        assertEquals("Running", n.phase());
        assertEquals(Boolean.FALSE, n.taskResultSynced());
        assertNull(n.finishedAt());
        assertFalse(n.fulfilled());
        assertFalse(before.nodesOffloaded());
        assertEquals(java.util.Map.of(), before.taskResultsCompletion(), "v4 writes the map only if present");

        WorkflowSnapshot after = ObjectDecoder.workflow(only("samples/issue-17024/snapshots/workflow-after-restore.yaml"));
        NodeStatus e = after.node("status-capture-repro").orElseThrow();
        assertEquals("Error", e.phase());
        assertEquals("pod deleted", e.message());
        assertTrue(e.podDeletedError());
        assertTrue(e.fulfilled());
        assertEquals("2026-09-19T16:33:02Z", after.observed().time().format());
    }

    @Test
    void taskResultFromAKubectlList() throws Exception {
        TaskResultSnapshot t = ObjectDecoder.taskResult(only("samples/timeline-all-sources/snapshots/taskresults.yaml"));
        assertEquals("data-pipelines", t.namespace());
        assertEquals("nightly-etl-7x2kq-902415131", t.nodeId());
        assertEquals("nightly-etl-7x2kq", t.workflowName().orElseThrow());
        assertEquals("true", t.outputsCompleted());
        assertEquals(List.of("rows-extracted"), t.outputParameters());
        assertTrue(t.podOwner().isEmpty(), "since v3.5.2 the Workflow owns it");
        assertEquals("2026-10-02T09:14:06Z", t.creationTimestamp().format());
        assertEquals("2026-10-02T09:18:31Z", t.observed().time().format());
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, t.observed().basis());
        assertFalse(t.observed().lowerBound());
    }

    @Test
    void theWatchShowsTheFinalizerGoneAndTheManagedFieldsTime() throws Exception {
        List<ObjectDocument> docs = all("samples/timeline-all-sources/snapshots/pod-watch.yaml");
        PodSnapshot evicted = ObjectDecoder.pod(docs.get(0));
        PodSnapshot last = ObjectDecoder.pod(docs.get(1));
        assertTrue(evicted.hasStatusFinalizer());
        assertFalse(last.hasStatusFinalizer());
        assertEquals(0L, evicted.deletionGracePeriodSeconds());
        assertEquals("2026-10-02T09:21:40Z", evicted.observed().time().format(), "deletionTimestamp is the latest time in the first document");
        assertEquals("2026-10-02T09:22:05Z", last.observed().time().format(), "the controller's managed-fields entry in the second");
        assertTrue(last.observed().lowerBound());
        assertEquals(List.of("init", "main", "wait"), last.containers().stream().map(ContainerState::name).toList());
        assertEquals("main exit 0, wait exit 0", last.exitCodeSummary());
    }

    @Test
    void aStatedTimeBeforeATimeInsideTheObjectIsContradicted() throws Exception {
        ObservedAt stated = ObservedAt.stated(dev.argoforensics.time.Timestamp.parseRfc3339("2026-09-19T16:30:00Z", null, false),
                ObservationBasis.COMMAND_LINE);
        ObjectDocument doc = only("samples/issue-17024/snapshots/pod-terminating.yaml");
        PodSnapshot p = ObjectDecoder.pod(new ObjectDocument(doc.source(), doc.node(), stated));
        assertEquals("2026-09-19T16:30:00Z", p.observed().time().format());
        assertTrue(p.observed().contradicted());
        assertEquals("taken at this time (--snapshot-time on the command line), although the object holds a later time, 2026-09-19T16:31:04Z",
                p.observed().describe());
    }

    /** status.synchronization as Argo writes it: semaphore holders in a list, a mutex's holder alone; finishedAt kept. */
    @Test
    void workflowSynchronizationAndFinishedAt() throws Exception {
        String yaml = """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: nightly-load-29333760, namespace: reports}
                status:
                  phase: Succeeded
                  finishedAt: "2026-10-14T08:41:09Z"
                  synchronization:
                    semaphore:
                      holding:
                      - semaphore: reports/ConfigMap/report-locks/warehouse
                        holders: [reports/nightly-load-29333760/nightly-load-29333760-2868577340, reports/nightly-load-29333760/nightly-load-29333760-3232844156]
                      waiting:
                      - semaphore: reports/ConfigMap/report-locks/archive
                        holders: [reports/nightly-load-29333760]
                    mutex:
                      holding:
                      - {mutex: reports/Mutex/warehouse-load, holder: reports/nightly-load-29333760}
                """;
        WorkflowSnapshot w = ObjectDecoder.workflow(new ObjectDocument(new dev.argoforensics.source.SourceRef("wf.yaml", 1),
                new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(yaml)));
        assertTrue(w.completed());
        assertEquals("2026-10-14T08:41:09Z", w.finishedAt().format());
        assertEquals(List.of(
                new Synchronization.Lock("reports/ConfigMap/report-locks/warehouse", "semaphore", "reports/nightly-load-29333760/nightly-load-29333760-2868577340"),
                new Synchronization.Lock("reports/ConfigMap/report-locks/warehouse", "semaphore", "reports/nightly-load-29333760/nightly-load-29333760-3232844156"),
                new Synchronization.Lock("reports/Mutex/warehouse-load", "mutex", "reports/nightly-load-29333760")), w.synchronization().holding());
        assertEquals(List.of(new Synchronization.Lock("reports/ConfigMap/report-locks/archive", "semaphore", "reports/nightly-load-29333760")),
                w.synchronization().waiting());
        WorkflowSnapshot running = ObjectDecoder.workflow(only("samples/issue-17024/snapshots/workflow-while-stopped.yaml"));
        assertTrue(running.synchronization().isEmpty());
        assertNull(running.finishedAt());
    }
}
