package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.source.SourceRef;
import org.junit.jupiter.api.Test;

class ObjectKindTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static ObjectKind.Classified classify(String yaml, ObjectKind fromPath) throws Exception {
        return ObjectKind.classify(new ObjectDocument(new SourceRef("x.yaml", 1), YAML.readTree(yaml)), fromPath);
    }

    @Test
    void eventsAreToldApartByTheirApiGroup() throws Exception {
        assertEquals(ObjectKind.CORE_EVENT, classify("apiVersion: v1\nkind: Event\n", null).kind());
        assertEquals(ObjectKind.EVENTS_V1_EVENT, classify("apiVersion: events.k8s.io/v1\nkind: Event\n", null).kind());
        assertEquals(ObjectKind.AUDIT_EVENT, classify("apiVersion: audit.k8s.io/v1\nkind: Event\n", null).kind());
        assertEquals("Event (audit.k8s.io/v1)", classify("apiVersion: audit.k8s.io/v1\nkind: Event\n", null).label());
        assertEquals(ObjectKind.AUDIT_EVENT, classify("kind: Event\nauditID: a-1\n", null).kind(), "no apiVersion: by its fields");
        assertEquals(ObjectKind.TASK_RESULT, classify("apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTaskResult\n", null).kind());
    }

    @Test
    void argoGetOutputHasNoKindButIsAWorkflow() throws Exception {
        ObjectKind.Classified c = classify("metadata: {name: w}\nspec: {entrypoint: main, templates: []}\nstatus: {phase: Failed}\n", null);
        assertEquals(ObjectKind.WORKFLOW, c.kind());
        assertEquals("Workflow (no kind: read as argo get output)", c.label());
    }

    @Test
    void aWorkflowStatusPastedWithoutMetadataIsAWorkflowNamedByItsRootNode() throws Exception {
        String status = """
                status:
                  phase: Failed
                  nodes:
                    sweep-8kq2d:
                      id: sweep-8kq2d
                      name: sweep-8kq2d
                      type: Steps
                      phase: Failed
                      startedAt: "2026-10-30T04:00:00Z"
                    sweep-8kq2d-2021611210:
                      id: sweep-8kq2d-2021611210
                      name: sweep-8kq2d[0].scan
                      type: Pod
                      phase: Error
                      message: pod deleted
                      startedAt: "2026-10-30T04:00:01Z"
                      finishedAt: "2026-10-30T04:03:09Z"
                      taskResultSynced: true
                """;
        ObjectKind.Classified c = classify(status, null);
        assertEquals(ObjectKind.WORKFLOW, c.kind());
        assertEquals("Workflow (no kind, status only: named by its root node)", c.label());
        WorkflowSnapshot w = ObjectDecoder.workflow(new ObjectDocument(new SourceRef("x.yaml", 1), YAML.readTree(status)));
        assertEquals("sweep-8kq2d", w.name());
        assertEquals("", w.namespace(), "the status states none: the correlation takes it from the other evidence");
        assertEquals("pod deleted", w.node("sweep-8kq2d-2021611210").orElseThrow().message());
        assertFalse(w.fromArgoGetText(), "node times and task-result state are there, unlike argo get's text");

        String noRoot = status.replace("name: sweep-8kq2d\n", "name: sweep-8kq2d.main\n");
        assertEquals(ObjectKind.WORKFLOW, classify(noRoot, null).kind());
        assertThrows(RefusedObject.class, () -> ObjectDecoder.workflow(new ObjectDocument(new SourceRef("x.yaml", 1), YAML.readTree(noRoot))));
        String podNodeOnly = "status:\n  nodes:\n" + status.substring(status.indexOf("    sweep-8kq2d-2021611210:"));
        assertEquals("sweep-8kq2d", ObjectDecoder.workflow(new ObjectDocument(new SourceRef("x.yaml", 1), YAML.readTree(podNodeOnly))).name(),
                "without the root: the name the node's ID and name agree on");
        assertEquals(null, classify("status:\n  nodes:\n    a: {phase: Running}\n", null).kind(), "entries that are not Workflow nodes");
        assertEquals(null, classify("status:\n  phase: Running\n", null).kind(), "no nodes");
    }

    @Test
    void aCloudWatchLogsEventSaysHowToGiveItsLineInsteadOfNoKind() throws Exception {
        ObjectKind.Classified c = classify("{\"logStreamName\": \"argo/workflow-controller-7c9d\", \"timestamp\": 1763186401121, "
                + "\"message\": \"time=2026-11-15T06:00:01.121Z level=INFO msg=\\\"delete pod event\\\" pod=p-1\", "
                + "\"ingestionTime\": 1763186402571, \"eventId\": \"3791\"}", null);
        assertEquals(null, c.kind());
        assertTrue(c.label().contains("jq -r '.events[].message'"), c.label());
    }

    @Test
    void aKindlessObjectTakesTheKindItsPathNames() throws Exception {
        assertEquals(ObjectKind.POD, ObjectKind.fromPath("dump/data-pipelines/pods.json"));
        assertEquals(ObjectKind.POD, ObjectKind.fromPath("export/pods/p-1.yaml"));
        assertEquals(ObjectKind.TASK_RESULT, ObjectKind.fromPath("export/workflowtaskresults/n.yaml"));
        assertEquals(ObjectKind.CORE_EVENT, ObjectKind.fromPath("dump/argo/events.json"));
        assertNull(ObjectKind.fromPath("export/pod-before.yaml"), "only whole folder or file names count");
        ObjectKind.Classified c = classify("metadata: {name: p, namespace: ns}\nstatus: {phase: Running}\n", ObjectKind.POD);
        assertEquals(ObjectKind.POD, c.kind());
        assertEquals("Pod (no kind: named by its path)", c.label());
        assertEquals(ObjectKind.EVENTS_V1_EVENT, classify("regarding: {kind: Pod}\nnote: x\n", ObjectKind.CORE_EVENT).kind());
    }

    @Test
    void otherKindsAreNamedAndNotRead() throws Exception {
        ObjectKind.Classified c = classify("apiVersion: v1\nkind: ConfigMap\n", ObjectKind.POD);
        assertFalse(c.read());
        assertEquals("ConfigMap (ignored)", c.label(), "an explicit kind wins over the path");
        assertEquals("(no kind) (ignored)", classify("metadata: {name: x}\n", null).label());
    }
}
