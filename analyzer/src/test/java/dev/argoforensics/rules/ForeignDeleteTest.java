package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 46: a granted delete of the Pod's name that is not this Pod's (another cluster's audit file given beside, an earlier or
 * another object of the name) taken as this Pod's first deletion request. A delete of a Pod at T sets that object's
 * {@code deletionTimestamp} (or removes it) at T, and a {@code deletionTimestamp} is never cleared: an export of this Pod taken
 * clearly after T that shows no deletion, a {@code creationTimestamp} clearly after T, or a UID precondition naming another UID
 * shows the delete was of another object. Not through AF007's kill path (its own guard, session 45): the node marked
 * {@code pod deleted} (no status-capture finalizer), where the deletion's date decides whether the Pod went with its Workflow.
 */
class ForeignDeleteTest {
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
    private static final String RUNNING = Exports.Pod.of().running("main").running("wait").yaml();
    /** Running, undeleted, with a condition the kubelet turned at 16:39:30 (a readiness probe): placed after that by the cluster's clock. */
    private static final String RUNNING_AFTER = Exports.Pod.of().running("main").running("wait")
            .condition("ContainersReady", "True", "", "2026-09-19T16:39:30Z").yaml();
    /** The Workflow exported while the user's {@code --cascade=foreground} delete held it (deletionTimestamp, no grace). */
    private static final String DELETING_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null)
            .replace("metadata: {name: p, namespace: ns, uid: w-1}",
                    "metadata: {name: p, namespace: ns, uid: w-1, deletionTimestamp: \"2026-09-19T16:39:59Z\", finalizers: [foregroundDeletion]}");
    private static final String STAGING_CONTROLLER = "system:serviceaccount:argo:argo-workflow-controller";
    /** Staging's controller deleting its own Pod of the name (its podGC), 109 s before this cluster's Workflow was deleted. */
    private static final String STAGING_DELETE = Exports.audit("delete", "", STAGING_CONTROLLER, "2026-09-19T16:38:10.512000Z", 200);

    private static String[] lines() {
        return deletedWhileRunning();
    }

    private static Evidence base() {
        return new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", DELETING_WORKFLOW)
                .object("staging/audit.log", STAGING_DELETE);
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    /**
     * The export shows the Pod running with no deletion and a condition the kubelet turned at 16:39:30 (the cluster's clock), 80 s
     * after the staging delete of 16:38:10: that delete was not this Pod's. The Pod went with its Workflow.
     */
    @Test
    void aDeleteOfTheNameBeforeAnExportShowingThePodUndeletedIsNotItsDeletion() {
        Correlation c = base().pod("pod-before.yaml", RUNNING_AFTER).correlate();
        DeletionRequest d = life(c).deletion();
        assertNotEquals("2026-09-19T16:38:10.512000Z", d.notAfter().at().format(), d.toString());
        assertTrue(life(c).deleter().map(x -> x.audit() == null).orElse(true), () -> life(c).deleter().toString());
        Evaluation e = rule.evaluate(c);
        assertEquals(List.of(), e.findings());
        assertTrue(e.cleared().stream().anyMatch(x -> x.why().toString().contains("AF007.cleared.workflowDeleted")), e.cleared().toString());
    }

    /**
     * Control (session 47): the running export placed after the delete only by the time its file states (16:39:40, 90 s after it):
     * that is the clock of whoever took it, which nothing checks; a laptop two minutes fast would have taken it before the delete.
     * The delete is not set apart and stays the Pod's deletion.
     */
    @Test
    void anExportPlacedAfterTheDeleteOnlyByAStatedTimeSetsNothingApart() {
        Correlation c = base().takenAt("pod-before.yaml", "2026-09-19T16:39:40Z", RUNNING).correlate();
        assertEquals("2026-09-19T16:38:10.512000Z", life(c).deletion().notAfter().at().format());
        assertEquals(STAGING_CONTROLLER, life(c).deleter().orElseThrow().who());
    }

    /**
     * Control: the same export stated only 50 s after the delete; a user's clock a minute off leaves it possibly taken before the
     * delete, so the delete is not set apart (nothing else tells) and stays the Pod's deletion, as it was.
     */
    @Test
    void anExportPossiblyTakenBeforeTheDeleteSetsNothingApart() {
        Correlation c = base().takenAt("pod-before.yaml", "2026-09-19T16:39:00Z", RUNNING).correlate();
        assertEquals("2026-09-19T16:38:10.512000Z", life(c).deletion().notAfter().at().format());
        assertEquals(STAGING_CONTROLLER, life(c).deleter().orElseThrow().who());
    }

    /** Control: no export after the delete, nothing contradicting it: the delete of the name is the Pod's, and dates its deletion. */
    @Test
    void aDeleteNothingContradictsStaysThePodsDeletion() {
        Correlation c = base().correlate();
        assertEquals("2026-09-19T16:38:10.512000Z", life(c).deletion().notAfter().at().format());
        assertEquals(1, rule.evaluate(c).findings().size());
    }

    /**
     * A delete clearly before the Pod's creationTimestamp (the API server's clock, as the audit record's) deleted an earlier object
     * of the name; with no controller line of the Pod's creation only the export's creationTimestamp says so.
     */
    @Test
    void aDeleteBeforeThePodsCreationTimestampIsNotItsDeletion() {
        String early = Exports.audit("delete", "", STAGING_CONTROLLER, "2026-09-19T16:26:30.000000Z", 200);
        Correlation c = new Evidence().pod("pod.yaml", DELETED_RUNNING).object("staging/audit.log", early).correlate();
        assertEquals("2026-09-19T16:40:00Z", life(c).deletion().notAfter().at().format());
        assertTrue(life(c).deleter().map(x -> x.audit() == null).orElse(true));
    }

    /** A delete whose UID precondition names another UID than the exported Pod's deleted that object (a 409 for any other). */
    @Test
    void aDeleteWithAnotherUidPreconditionIsNotItsDeletion() {
        String bound = STAGING_DELETE.replace("\"level\":\"Metadata\"", "\"level\":\"Request\"")
                .replace("\"responseStatus\"", "\"requestObject\":{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"u-9\"}},\"responseStatus\"");
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", DELETING_WORKFLOW)
                .object("staging/audit.log", bound).correlate();
        assertNotEquals("2026-09-19T16:38:10.512000Z", life(c).deletion().notAfter().at().format());
        Correlation same = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", DELETING_WORKFLOW)
                .object("staging/audit.log", bound.replace("u-9", "u-1")).correlate();
        assertEquals("2026-09-19T16:38:10.512000Z", life(same).deletion().notAfter().at().format());
    }
    /**
     * Seed 5 of session 46's judgment (class {@code audit-race-namesake-audit}): once the staging delete of the name is set apart,
     * staging's TTL delete of its own Workflow of the name, 8 s before this Pod's real delete, was read as this Workflow's deletion
     * (AF001 and AF002 cleared as the Workflow's). The staging file granted a delete of the Pod's name while this Pod existed
     * undeleted (created before it, an export after it without deletion): in one cluster that delete would have set this Pod's
     * deletionTimestamp, so the file is another cluster's, and its Workflow delete is not this Workflow's.
     */
    @Test
    void aFileThatDeletedThePodsNameWhileItStoodSpeaksForNoneOfItsWorkflow() {
        String workflowDelete = Exports.workflowAudit("delete", "p", STAGING_CONTROLLER, "2026-09-19T16:39:50.000000Z", 200);
        String workflow = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", workflow)
                .pod("pod-before.yaml", RUNNING_AFTER).object("staging/audit.log", STAGING_DELETE).object("staging/audit.log", workflowDelete)
                .correlate();
        dev.argoforensics.event.WorkflowRef wf = new dev.argoforensics.event.WorkflowRef("ns", "p");
        assertTrue(c.fates().get(wf) == null || c.fates().get(wf).deleted() == null, () -> c.fates().get(wf).toString());
        // Control: without the export after the delete nothing shows the file another cluster's; its Workflow delete stands (the
        // Workflow exported while it ran: nothing in it after the delete either, OtherWorkflowDeletes).
        Correlation alone = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING)
                .workflow("wf.yaml", Exports.workflow("Running", "Running", "", null, false, null))
                .object("staging/audit.log", STAGING_DELETE).object("staging/audit.log", workflowDelete).correlate();
        assertEquals("2026-09-19T16:39:50.000000Z", alone.fates().get(wf).deleted().at().format());
    }
}
