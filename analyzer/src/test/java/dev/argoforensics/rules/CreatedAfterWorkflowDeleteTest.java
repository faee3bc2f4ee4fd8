package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 48: a Workflow export's {@code metadata.creationTimestamp} is the API server's time of storing the object, on the clock
 * its audit log keeps. A delete of the name not clearly after it (by as much as two API servers' clocks may disagree, 10 s) was
 * an earlier object's of the name, never this one's, and it sets nothing apart, however a node's {@code startedAt} on the
 * controller's clock places it; a delete clearly after it found the object there, with no 60 s margin for the controller's clock.
 */
class CreatedAfterWorkflowDeleteTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String USER = "system:serviceaccount:argo:argo-workflow-controller";
    private static final String POD_DELETE = Exports.audit("delete", "", USER, "2026-09-19T16:30:00.000000Z", 200);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    /** This Workflow after its Pod's deletion (Error at 16:40:02, no deletion), created at {@code created}, its node started at {@code started}. */
    private static String workflow(String created, String started) {
        return Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null)
                .replace("uid: w-1}", "uid: w-1, creationTimestamp: \"" + created + "\"}")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"" + started + "\"");
    }

    private static Correlation with(String workflowYaml, String deleteAt, String createdPodLine) {
        String[] lines = {createdPod(createdPodLine), podEvent("2026-09-19T16:40:01.100Z", "delete"),
            podMissing("2026-09-19T16:40:02.000Z"), markingError("2026-09-19T16:40:02.000Z"), nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error")};
        return new Evidence().log("c.log", lines).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", workflowYaml)
                .object("audit.log", POD_DELETE)
                .object("audit.log", Exports.workflowAudit("delete", "p", USER, deleteAt, 200)).correlate();
    }

    private static Known deleted(Correlation c) {
        return c.fates().get(WF) == null ? null : c.fates().get(WF).deleted();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    /**
     * The name's earlier object deleted at 16:26:58 and this one created 7 s later (a CI job resubmitting; its Pod created 16:27:10),
     * its node's start written by a controller 70 s behind (16:25:55): the delete is not set apart, nor its file (this cluster's:
     * its 16:30 delete of the Pod's name stays a bound). Control: the same export without a creationTimestamp sets both apart by the
     * node's start, as session 47 did.
     */
    @Test
    void aDeleteBeforeTheWorkflowsCreationSetsNothingApart() {
        String at = "2026-09-19T16:26:58.000000Z";
        Correlation c = with(workflow("2026-09-19T16:27:05Z", "2026-09-19T16:25:55Z"), at, "2026-09-19T16:25:55.431Z");
        assertEquals(at, deleted(c).at().format());
        assertEquals("2026-09-19T16:30:00.000000Z", life(c).deletion().notAfter().at().format());
        Correlation byStart = with(workflow("2026-09-19T16:27:05Z", "2026-09-19T16:25:55Z").replace(", creationTimestamp: \"2026-09-19T16:27:05Z\"", ""),
                at, "2026-09-19T16:25:55.431Z");
        assertNull(deleted(byStart));
        assertEquals("2026-09-19T16:40:00Z", life(byStart).deletion().notAfter().at().format());
    }

    /**
     * Created at 16:27:05, its node started 16:27:10, and a delete of the name granted at 16:27:40, 35 s after its creation on the
     * API server's clock: the object existed then, and the export after it shows no deletion, so the delete and its file are
     * another's. Control: without the creationTimestamp, a node start 30 s before the delete is within what the controller's clock
     * may be off, and nothing is set apart.
     */
    @Test
    void aDeleteClearlyAfterTheWorkflowsCreationFoundItThere() {
        String at = "2026-09-19T16:27:40.000000Z";
        Correlation c = with(workflow("2026-09-19T16:27:05Z", "2026-09-19T16:27:10Z"), at, "2026-09-19T16:27:10.431Z");
        assertNull(deleted(c));
        assertEquals("2026-09-19T16:40:00Z", life(c).deletion().notAfter().at().format());
        Correlation byStart = with(workflow("2026-09-19T16:27:05Z", "2026-09-19T16:27:10Z").replace(", creationTimestamp: \"2026-09-19T16:27:05Z\"", ""),
                at, "2026-09-19T16:27:10.431Z");
        assertEquals(at, deleted(byStart).at().format());
        assertEquals("2026-09-19T16:30:00.000000Z", life(byStart).deletion().notAfter().at().format());
    }
}
