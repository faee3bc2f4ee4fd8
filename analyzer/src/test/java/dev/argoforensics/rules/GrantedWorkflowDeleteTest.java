package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
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
 * Session 48: a delete of the Workflow's name counts, as this Workflow's deletion or as what sets its audit file apart as another
 * cluster's ({@code OtherWorkflowDeletes}), only as far as the API server granted it. An audit log with stages writes one request
 * twice, {@code RequestReceived} (no response yet) and {@code ResponseComplete} with its code: a delete refused (403 by RBAC, 404
 * with nothing of the name, 409 by a UID precondition) deleted nothing, and its {@code RequestReceived} record must not speak for
 * it. A delete whose outcome no record gives (its file ends, or its policy omits {@code ResponseComplete}) may have been refused:
 * it sets no file apart, though an export showing the Workflow undeleted after it still keeps it from being this Workflow's
 * deletion.
 */
class GrantedWorkflowDeleteTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String USER = "bob@example.com";
    private static final String AT = "2026-09-19T16:35:00.000000Z";
    /** This cluster's Workflow after its Pod's deletion: node started 16:27:10, Error at 16:40:02 (the controller's write), no deletion. */
    private static final String WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String RUNNING = Exports.workflow("Running", "Running", "", null, false, null);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
    /** This cluster's PodGC-like delete of the Pod's name at 16:30, in the same audit file. */
    private static final String POD_DELETE = Exports.audit("delete", "", USER, "2026-09-19T16:30:00.000000Z", 200);

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** The delete's ResponseComplete record, with {@code code}. */
    private static String complete(int code) {
        return Exports.workflowAudit("delete", "p", USER, AT, code);
    }

    /** The same request's RequestReceived record: same auditID, no response. */
    private static String received() {
        return complete(200).replace("\"stage\":\"ResponseComplete\"", "\"stage\":\"RequestReceived\"").replace("\"responseStatus\":{\"code\":200},", "");
    }

    /** The granted delete at level RequestResponse, its response {@code responseObject} (JSON). */
    private static String answered(String responseObject) {
        return complete(200).replace("\"level\":\"Metadata\"", "\"level\":\"RequestResponse\"")
                .replace("\"responseStatus\":", "\"responseObject\":" + responseObject + ",\"responseStatus\":");
    }

    /** The Workflow a foreground delete returns: {@code uid}, being deleted. */
    private static String deleting(String uid) {
        return "{\"kind\":\"Workflow\",\"apiVersion\":\"argoproj.io/v1alpha1\",\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\","
                + "\"uid\":\"" + uid + "\",\"deletionTimestamp\":\"2026-09-19T16:35:00Z\",\"finalizers\":[\"foregroundDeletion\"]}}";
    }

    /** The Status an immediate delete returns, its details naming the object deleted. */
    private static String status(String uid) {
        return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\",\"details\":{\"name\":\"p\","
                + "\"group\":\"argoproj.io\",\"kind\":\"workflows\",\"uid\":\"" + uid + "\"}}";
    }

    private static Correlation with(String workflowYaml, String... audit) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", workflowYaml);
        for (String a : audit) {
            e.object("audit.log", a);
        }
        return e.correlate();
    }

    private static Known deleted(Correlation c) {
        return c.fates().get(WF) == null ? null : c.fates().get(WF).deleted();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    /** RBAC refused bob's delete (403): its RequestReceived record is no deletion of the Workflow. Control: granted (200), it is. */
    @Test
    void aRefusedDeleteLoggedAtBothStagesIsNoDeletion() {
        assertNull(deleted(with(RUNNING, received(), complete(403))));
        assertNull(deleted(with(RUNNING, complete(404), received())), "either order in the file");
        assertEquals(AT, deleted(with(RUNNING, received(), complete(200))).at().format());
    }

    /**
     * A delete of the name refused while the Workflow stood sets its file apart as nothing: the file's delete of the Pod's name at
     * 16:30 still bounds the Pod's deletion. Control: the same delete granted, in a file recording nothing with the Workflow's UID,
     * was another cluster's (ForeignWorkflowDeleteTest), and the 16:30 delete no longer bounds this Pod's.
     */
    @Test
    void aRefusedDeleteSetsNoFileApart() {
        assertEquals("2026-09-19T16:30:00.000000Z", life(with(WORKFLOW, POD_DELETE, received(), complete(403))).deletion().notAfter().at().format());
        assertEquals("2026-09-19T16:40:00Z", life(with(WORKFLOW, POD_DELETE, received(), complete(200))).deletion().notAfter().at().format());
    }

    /**
     * A delete only its RequestReceived record shows may have been refused (403 comes after it): it sets no file apart. The export
     * after it showing no deletion still keeps it from being the Workflow's deletion (refused, or another object's: not this one's).
     */
    @Test
    void aDeleteWithNoOutcomeSetsNoFileApartButIsNotTheDeletionAnExportContradicts() {
        Correlation c = with(WORKFLOW, POD_DELETE, received());
        assertEquals("2026-09-19T16:30:00.000000Z", life(c).deletion().notAfter().at().format());
        assertNull(deleted(c));
    }

    /**
     * The delete's response names another object (w-9) while this Workflow (w-1) had run for minutes: not its deletion, whether the
     * response is the object held by a finalizer or an immediate delete's Status. Control: the response naming w-1 is its deletion.
     */
    @Test
    void aResponseNamingAnotherUidIsNotItsDeletion() {
        assertNull(deleted(with(RUNNING, answered(deleting("w-9")))));
        assertNull(deleted(with(RUNNING, answered(status("w-9")))));
        Known own = deleted(with(RUNNING, answered(status("w-1"))));
        assertEquals(AT, own.at().format());
        assertEquals("deleted by " + USER + " (audit record)", own.how(), "the response ties it to the Workflow's UID");
    }

    /**
     * The response names this Workflow (w-1): it is its deletion even where an export placed after it shows no deletionTimestamp
     * (the export's clocks, or the export, are what is off), and its file is this cluster's: its delete of the Pod's name at 16:30
     * still bounds the Pod's deletion. Control: the same export with a response naming w-9 sets the delete and its file apart.
     */
    @Test
    void aResponseNamingTheWorkflowKeepsTheDeleteWhateverAnExportSays() {
        Correlation c = with(WORKFLOW, POD_DELETE, answered(deleting("w-1")));
        assertEquals(AT, deleted(c).at().format());
        assertEquals("2026-09-19T16:30:00.000000Z", life(c).deletion().notAfter().at().format());
        Correlation other = with(WORKFLOW, POD_DELETE, answered(deleting("w-9")));
        assertNull(deleted(other));
        assertEquals("2026-09-19T16:40:00Z", life(other).deletion().notAfter().at().format());
    }
}
