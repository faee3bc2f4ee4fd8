package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Recheck s35: an audit file of another cluster holding a Workflow of the same namespace and name (audit records name no cluster).
 * Its updates name their object's UID ({@code objectRef.uid}: an update sends the whole object); where the Workflow's exports show
 * another UID they are another object's requests and show nothing of this one's standing. A create names no UID yet, and a delete
 * is kept whatever its UID.
 */
class WorkflowAuditUidTest {
    private static final WorkflowRef REF = new WorkflowRef("etl", "nightly");
    private static int line;

    private static Timestamp at(long second) {
        return Timestamp.of(1_791_000_000L + second, 0, TimePrecision.MICROSECOND, ZoneBasis.STATED);
    }

    private static AuditRecord rec(long second, String verb, String uid) {
        return new AuditRecord(new SourceRef("other.log", ++line), "id-" + line, "ResponseComplete", verb, "system:serviceaccount:argo:argo",
                "workflows", "", "etl", "nightly", "create".equals(verb) ? 201 : 200, at(second), at(second), false, null, false, "", null, null, uid);
    }

    /** The earlier run's delete, this run's create (no UID), the controller's updates naming {@code uid}, the last after the error. */
    private static List<AuditRecord> file(String uid) {
        return List.of(rec(0, "delete", ""), rec(10, "create", ""), rec(11, "update", uid), rec(100, "update", uid), rec(300, "update", uid));
    }

    private static WorkflowAudit.Kind read(List<AuditRecord> records, Set<String> exported) {
        WorkflowAudit audit = WorkflowAudit.of(REF, new WorkflowAudit.Index(records), true, exported);
        return audit.read(at(11), at(200).instant(), List.of()).kind();
    }

    @Test
    void updatesNamingAnotherUidThanTheExportedWorkflowsShowNothingOfItsStanding() {
        assertEquals(WorkflowAudit.Kind.NOT_SPANNING, read(file("uid-other"), Set.of("uid-own")), "only the create is left, long before the error");
    }

    @Test
    void controlsTheOwnUidNoUidOrNoExportLeaveTheRequestsAsTheyAre() {
        assertEquals(WorkflowAudit.Kind.STOOD, read(file("uid-own"), Set.of("uid-own")));
        assertEquals(WorkflowAudit.Kind.STOOD, read(file(""), Set.of("uid-own")), "a request naming no UID contradicts nothing");
        assertEquals(WorkflowAudit.Kind.STOOD, read(file("uid-other"), Set.of()), "no export: no UID to contradict");
    }

    /** A delete in {@code file} at {@code second}, its outcome {@code code} (null: RequestReceived alone), its response naming {@code responseUid}. */
    private static AuditRecord delete(String file, long second, Integer code, String responseUid) {
        return new AuditRecord(new SourceRef(file, ++line), "id-" + line, code == null ? "RequestReceived" : "ResponseComplete", "delete",
                "alice@example.com", "workflows", "", "etl", "nightly", code, at(second), at(second), true, null, false, "", null, null, "", "",
                responseUid);
    }

    /** This cluster's file (its controller's updates naming uid-own from 11 s to 300 s) and another file's delete of the name at 150 s. */
    private static List<AuditRecord> withDelete(AuditRecord delete) {
        List<AuditRecord> own = new java.util.ArrayList<>();
        for (long s : new long[] {11, 100, 300}) {
            own.add(new AuditRecord(new SourceRef("own.log", ++line), "id-" + line, "ResponseComplete", "update", "system:serviceaccount:argo:argo",
                    "workflows", "", "etl", "nightly", 200, at(s), at(s), false, null, false, "", null, null, "uid-own"));
        }
        own.add(delete);
        return own;
    }

    /**
     * Session 49: a granted delete's response names the object it removed (AuditRecord#actedOnUid): another UID inside this Workflow's
     * span sets its file apart as another cluster's, and two files so disagreeing are a contest. Controls: the response naming this
     * Workflow, or a delete whose outcome is not logged (it names nothing it acted on), set nothing apart and contest nothing.
     */
    @Test
    void aGrantedDeleteWhoseResponseNamesAnotherUidInsideTheSpanIsAnotherClusters() {
        WorkflowAudit.Index other = new WorkflowAudit.Index(withDelete(delete("other.log", 150, 200, "uid-other")));
        assertEquals(Set.of("other.log"), WorkflowAudit.foreignFiles(REF, other, Set.of("uid-own")));
        WorkflowAudit.Contest contest = WorkflowAudit.of(REF, other, true).contest();
        assertEquals("uid-other", contest.otherUid());
        assertEquals("other.log", contest.otherFile());

        WorkflowAudit.Index same = new WorkflowAudit.Index(withDelete(delete("other.log", 150, 200, "uid-own")));
        assertEquals(Set.of(), WorkflowAudit.foreignFiles(REF, same, Set.of("uid-own")));
        assertEquals(null, WorkflowAudit.of(REF, same, true).contest());

        WorkflowAudit.Index unlogged = new WorkflowAudit.Index(withDelete(delete("other.log", 150, null, "uid-other")));
        assertEquals(Set.of(), WorkflowAudit.foreignFiles(REF, unlogged, Set.of("uid-own")));
        assertEquals(null, WorkflowAudit.of(REF, unlogged, true).contest());
    }

    @Test
    void aDeleteNamingAnotherUidIsStillADelete() {
        List<AuditRecord> records = new java.util.ArrayList<>(file("uid-own"));
        records.add(rec(150, "delete", "uid-other"));
        assertEquals(WorkflowAudit.Kind.DELETED, read(records, Set.of("uid-own")), "a UID never takes a deletion away");
    }
}
