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

    @Test
    void aDeleteNamingAnotherUidIsStillADelete() {
        List<AuditRecord> records = new java.util.ArrayList<>(file("uid-own"));
        records.add(rec(150, "delete", "uid-other"));
        assertEquals(WorkflowAudit.Kind.DELETED, read(records, Set.of("uid-own")), "a UID never takes a deletion away");
    }
}
