package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 47 (seed 5's {@code audit-race-namesake-audit}): another cluster's TTL delete of its own Workflow of the name, in its
 * audit file given beside this cluster's, read as this Workflow's deletion. A delete by name removes whatever object holds the name;
 * a Workflow has no grace period, and one held by a finalizer carries a {@code deletionTimestamp} that is never cleared. So where
 * this Workflow (the one UID its exports show) had a node started clearly before the delete, and an export of it placed clearly
 * after the delete by the times the cluster wrote in it shows no {@code deletionTimestamp} (or the record names another UID), the
 * delete was another object's; and its file, which granted it, is another cluster's: its deletes of the Pods' names are that
 * cluster's Pods'. A time only the export's file states sets nothing apart.
 */
class ForeignWorkflowDeleteTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String STAGING_CONTROLLER = "system:serviceaccount:argo:argo-workflow-controller";
    /** Staging's TTL deleting its Workflow of the name at 16:35, five minutes before this one's Pod was deleted. */
    private static final String STAGING_WF_DELETE = Exports.workflowAudit("delete", "p", STAGING_CONTROLLER, "2026-09-19T16:35:00.000000Z", 200);
    /** This cluster's Workflow after its Pod's deletion: node started 16:27:10, Error at 16:40:02 (the controller's write), no deletion. */
    private static final String WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static String[] lines() {
        return deletedWhileRunning();
    }

    private static Evidence with(String workflowYaml, String... audit) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", workflowYaml);
        for (String a : audit) {
            e.object("staging/audit.log", a);
        }
        return e;
    }

    private static Known deleted(Correlation c) {
        return c.fates().get(WF) == null ? null : c.fates().get(WF).deleted();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    /** The export shows the Workflow finished at 16:40:02 with no deletionTimestamp: the 16:35 delete of the name was not of it. */
    @Test
    void aDeleteOfTheNameBeforeAnExportShowingTheWorkflowUndeletedIsNotItsDeletion() {
        Correlation c = with(WORKFLOW, STAGING_WF_DELETE).correlate();
        assertNull(deleted(c), () -> deleted(c).toString());
        // The Pod's own deletion (its export, 16:40:00) is not taken as its Workflow's: AF007 finds what it finds without that clearance.
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.why().toString().contains("workflowDeleted")), e.cleared().toString());
    }

    /** Control: the export shows the Workflow being deleted (a foreground delete held it): the delete stands. */
    @Test
    void anExportShowingTheDeletionKeepsTheDelete() {
        String deleting = WORKFLOW.replace("metadata: {name: p, namespace: ns, uid: w-1}",
                "metadata: {name: p, namespace: ns, uid: w-1, deletionTimestamp: \"2026-09-19T16:35:00Z\", finalizers: [foregroundDeletion]}");
        Correlation c = with(deleting, STAGING_WF_DELETE).correlate();
        assertEquals("2026-09-19T16:35:00.000000Z", deleted(c).at().format());
    }

    /**
     * Control (stated time): the export's only time after the delete is the one its file states (16:45, a user's clock), the node
     * still Running with no finishedAt: a laptop five minutes fast would have taken it before the delete. The delete stands.
     */
    @Test
    void anExportPlacedAfterTheDeleteOnlyByAStatedTimeSetsNothingApart() {
        String running = Exports.workflow("Running", "Running", "", null, false, null);
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).takenAt("wf.yaml", "2026-09-19T16:45:00Z", running)
                .object("staging/audit.log", STAGING_WF_DELETE).correlate();
        assertEquals("2026-09-19T16:35:00.000000Z", deleted(c).at().format());
    }

    /** A delete whose objectRef.uid names another UID, while this Workflow existed, was of that object; this Workflow's own UID keeps it. */
    @Test
    void aDeleteNamingAnotherUidIsNotItsDeletion() {
        String running = Exports.workflow("Running", "Running", "", null, false, null);
        String other = STAGING_WF_DELETE.replace("\"name\":\"p\",", "\"name\":\"p\",\"uid\":\"w-9\",");
        assertNull(deleted(with(running, other).correlate()));
        Correlation same = with(running, other.replace("w-9", "w-1")).correlate();
        assertEquals("2026-09-19T16:35:00.000000Z", deleted(same).at().format());
    }

    /**
     * Nothing sets the delete apart (the Workflow exported while it ran): it is read as the Workflow's deletion, and says that nothing
     * in its file ties it to this Workflow's UID. Control: the same file records the controller's update carrying that UID (this
     * cluster's file), and the deletion reads as before.
     */
    @Test
    void aDeleteNothingSetsApartSaysNothingTiesItToTheWorkflowsUid() {
        String running = Exports.workflow("Running", "Running", "", null, false, null);
        Known k = deleted(with(running, STAGING_WF_DELETE).correlate());
        assertEquals("deleted by " + STAGING_CONTROLLER + " (audit record; it names the Workflow by namespace and name only, and nothing in"
                + " its audit file ties it to this Workflow's UID w-1)", k.how());
        String update = Exports.workflowAudit("update", "p", STAGING_CONTROLLER, "2026-09-19T16:30:00.000000Z", 200)
                .replace("\"name\":\"p\",", "\"name\":\"p\",\"uid\":\"w-1\",");
        Known tied = deleted(with(running, update, STAGING_WF_DELETE).correlate());
        assertEquals("deleted by " + STAGING_CONTROLLER + " (audit record)", tied.how());
        assertEquals("2026-09-19T16:35:00.000000Z", tied.at().format());
    }

    /**
     * Control (namesake): a delete before any node of the exported Workflow started may be an earlier Workflow's of the name, whose
     * Pods the lines may hold too: not set apart here (the per-Pod readings decide by each Pod's creation).
     */
    @Test
    void aDeleteBeforeTheWorkflowStartedIsNotSetApartHere() {
        String early = Exports.workflowAudit("delete", "p", STAGING_CONTROLLER, "2026-09-19T16:20:00.000000Z", 200);
        Correlation c = with(WORKFLOW, early).correlate();
        assertEquals("2026-09-19T16:20:00.000000Z", deleted(c).at().format());
    }

    /**
     * The file that granted the Workflow delete while this Workflow stood is another cluster's: its delete of the Pod's name at 16:30
     * (staging's PodGC of its own Pod) is no bound on this Pod's deletion, which its export dates 16:40:00. Control: without the
     * export that shows the Workflow after the delete, nothing sets the file apart and the 16:30 delete is the Pod's.
     */
    @Test
    void theFileThatDeletedTheWorkflowWhileItStoodSpeaksForNoneOfItsPods() {
        String podDelete = Exports.audit("delete", "", STAGING_CONTROLLER, "2026-09-19T16:30:00.000000Z", 200);
        Correlation c = with(WORKFLOW, podDelete, STAGING_WF_DELETE).correlate();
        assertEquals("2026-09-19T16:40:00Z", life(c).deletion().notAfter().at().format());
        String running = Exports.workflow("Running", "Running", "", null, false, null);
        Correlation alone = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).takenAt("wf.yaml", "2026-09-19T16:45:00Z", running)
                .object("staging/audit.log", podDelete).object("staging/audit.log", STAGING_WF_DELETE).correlate();
        assertEquals("2026-09-19T16:30:00.000000Z", life(alone).deletion().notAfter().at().format());
    }
}
