package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.WorkflowFate;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.timeline.TimelineBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 49: a delete whose outcome the audit log does not hold. An API server writes a request's {@code RequestReceived} record
 * when it receives it and its {@code ResponseComplete} record (with {@code responseStatus.code}) when it answers; a policy's
 * {@code omitStages} may drop the second, a rotation or a grep may leave it out. RBAC's 403, a 404, a precondition's 409 all come
 * after the receipt, so the first record alone is a request, not a deletion: it names no deleter and no deletion time, clears
 * nothing, and says so ("a delete was requested at T; its outcome is not in the audit log"). A request whose ResponseComplete
 * lies in another file of the same log is whole (session 48). Also: a file given twice holds each request twice, and counts it once.
 */
class UnloggedDeleteOutcomeTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String USER = "bob@example.com";
    private static final String AT = "2026-09-19T16:35:00.000000Z";
    private static final String RUNNING = Exports.workflow("Running", "Running", "", null, false, null);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** A record's RequestReceived stage: the same request (auditID, object, receipt), no response. */
    private static String receivedOf(String complete, int code) {
        return complete.replace("\"stage\":\"ResponseComplete\"", "\"stage\":\"RequestReceived\"").replace("\"responseStatus\":{\"code\":" + code + "},", "");
    }

    private static String workflowDelete(int code) {
        return Exports.workflowAudit("delete", "p", USER, AT, code);
    }

    private static String podDelete(int code) {
        return Exports.audit("delete", "", USER, AT, code);
    }

    private static Correlation with(String... fileAndRecord) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", RUNNING);
        for (int i = 0; i < fileAndRecord.length; i += 2) {
            e.object(fileAndRecord[i], fileAndRecord[i + 1]);
        }
        return e.correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    private static List<Deletion> audited(Correlation c) {
        return life(c).deleters().stream().filter(d -> d.audit() != null).toList();
    }

    /**
     * The Workflow's delete with its RequestReceived record alone: no deletion of it, a request whose words say what is missing; the
     * Pod's lifecycle takes no deletion with its Workflow from it, and carries the request instead.
     */
    @Test
    void aWorkflowDeleteWithItsRequestReceivedAloneIsARequestNotADeletion() {
        Correlation c = with("audit.log", receivedOf(workflowDelete(200), 200));
        WorkflowFate fate = c.fates().get(WF);
        assertNull(fate.deleted());
        assertEquals("a delete was requested at " + AT + "; its outcome is not in the audit log (by " + USER + ", audit record)", fate.requested().how());
        assertTrue(life(c).deletedWithWorkflow().isEmpty());
        assertEquals(fate.requested(), life(c).workflowDeleteUnlogged().orElse(null));
    }

    /** Control: its ResponseComplete (200) in the next file of a rotated log makes the request whole: the Workflow's deletion, no request left. */
    @Test
    void theSameDeleteWhoseResponseIsInTheRotatedFileIsTheDeletion() {
        Correlation c = with("audit-2026-09-19T16-35-00.000.log", receivedOf(workflowDelete(200), 200), "audit.log", workflowDelete(200));
        WorkflowFate fate = c.fates().get(WF);
        assertEquals(AT, fate.deleted().at().format());
        assertNull(fate.requested());
        assertTrue(life(c).workflowDeleteUnlogged().isEmpty());
    }

    /** Control: refused (403), it is neither a deletion nor a request whose outcome is unknown. */
    @Test
    void theSameDeleteRefusedIsNeither() {
        Correlation c = with("audit.log", receivedOf(workflowDelete(403), 403), "audit.log", workflowDelete(403));
        assertNull(c.fates().get(WF).deleted());
        assertNull(c.fates().get(WF).requested());
    }

    /**
     * The Pod's delete with its RequestReceived record alone names no deleter (it may have been refused: a 403, an eviction's 429);
     * its timeline row says what the log lacks. Control: its ResponseComplete (200) names bob, and the row says no such thing.
     */
    @Test
    void aPodDeleteWithItsRequestReceivedAloneNamesNoDeleter() {
        Correlation c = with("audit.log", receivedOf(podDelete(200), 200));
        assertEquals(List.of(), audited(c));
        String row = new TimelineBuilder(c).build(c.podsNamed("ns", "p").get(0)).entries().stream()
                .filter(e -> e.kind().equals("audit:delete")).findFirst().orElseThrow().text();
        assertTrue(row.contains("; a delete was requested at " + AT + "; its outcome is not in the audit log"), row);

        Correlation granted = with("audit.log", receivedOf(podDelete(200), 200), "audit.log", podDelete(200));
        assertEquals(1, audited(granted).size());
        assertEquals(USER, audited(granted).get(0).who());
        String grantedRow = new TimelineBuilder(granted).build(granted.podsNamed("ns", "p").get(0)).entries().stream()
                .filter(e -> e.kind().equals("audit:delete")).findFirst().orElseThrow().text();
        assertTrue(!grantedRow.contains("its outcome is not in the audit log"), grantedRow);
    }

    /**
     * One audit file given twice (copied into the bundle under two names): each request counts once, the Pod's delete one deleter,
     * the Workflow's delete one record of its name.
     */
    @Test
    void aFileGivenTwiceCountsEachRequestOnce() {
        Correlation c = with("audit.log", podDelete(200), "audit.log", workflowDelete(200),
                "copy/audit.log", podDelete(200), "copy/audit.log", workflowDelete(200));
        assertEquals(1, audited(c).size());
        assertEquals(1, life(c).deleters().stream().filter(d -> d.audit() != null && d.audit().auditId().equals("a-delete")).count());
        assertEquals(1, c.fates().get(WF).audit().named().size());
        assertEquals(AT, c.fates().get(WF).deleted().at().format());
    }

    /**
     * Control: two requests that share an auditID (a client-supplied Audit-ID header, met in two clusters' files) are two requests:
     * their objects or receipts differ, and neither is dropped.
     */
    @Test
    void twoRequestsSharingAnAuditIdAreTwo() {
        String later = Exports.audit("delete", "", "carol@example.com", "2026-09-19T16:38:00.000000Z", 200);
        Correlation c = with("a/audit.log", podDelete(200), "b/audit.log", later);
        assertEquals(List.of(USER, "carol@example.com"), audited(c).stream().map(Deletion::who).sorted().toList());
    }

    /**
     * A granted Pod delete logged at RequestResponse whose Status names another object's UID (u-9) while this Pod (u-1, created
     * 16:27:10) existed: another object's delete, no deleter of this Pod. Control: the Status naming u-1 names bob its deleter.
     */
    @Test
    void aPodDeleteWhoseResponseNamesAnotherUidIsAnotherObjects() {
        assertEquals(List.of(), audited(with("audit.log", podAnswered("u-9"))));
        List<Deletion> own = audited(with("audit.log", podAnswered("u-1")));
        assertEquals(1, own.size());
        assertEquals(USER, own.get(0).who());
    }

    private static String podAnswered(String uid) {
        return podDelete(200).replace("\"level\":\"Metadata\"", "\"level\":\"RequestResponse\"")
                .replace("\"responseStatus\":", "\"responseObject\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\","
                        + "\"details\":{\"name\":\"p\",\"kind\":\"pods\",\"uid\":\"" + uid + "\"}},\"responseStatus\":");
    }
}
