package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each Workflow's audit records come from an index built once over the group's audit log (a walk of every record for every
 * Workflow grew with their product, #17): the same records, in the same order, as that walk picked. Two API servers' files,
 * two namespaces with a Workflow of the same name, a Workflow whose name extends another's, a deletecollection and a namespace
 * deletion (unnamed deletes), a Pod's records and a record without a time.
 */
class WorkflowAuditIndexTest {
    private static int line;

    private static AuditRecord rec(String file, long second, String verb, String resource, String namespace, String name) {
        Timestamp t = second < 0 ? null : Timestamp.of(1_791_000_000L + second, 123_000_000, TimePrecision.MICROSECOND, ZoneBasis.STATED);
        return new AuditRecord(new SourceRef(file, ++line), "id-" + line, "ResponseComplete", verb, "system:serviceaccount:argo:ci",
                resource, "", namespace, name, 200, t, t, false, null, false, null, null, null);
    }

    /** What the walk over every record picked for {@code ref} (the code before the index), as the reference. */
    private static List<AuditRecord> walked(WorkflowRef ref, List<AuditRecord> all) {
        List<AuditRecord> out = new ArrayList<>();
        for (AuditRecord a : all) {
            boolean named = "workflows".equals(a.resource()) && ref.namespace().equals(a.namespace()) && ref.name().equals(a.name());
            boolean unnamed = WorkflowAudit.deletesUnnamed(a)
                    && ("namespaces".equals(a.resource()) ? ref.namespace().equals(a.name()) : ref.namespace().equals(a.namespace()));
            if ((named || unnamed) && a.time() != null) {
                out.add(a);
            }
        }
        out.sort(Comparator.comparing((AuditRecord a) -> a.time().instant()).thenComparing(AuditRecord::source));
        return out;
    }

    @Test
    void eachWorkflowGetsTheRecordsTheWalkPicked() {
        List<AuditRecord> all = List.of(
                rec("apiserver-b/audit.log", 40, "patch", "workflows", "etl", "nightly"),
                rec("apiserver-a/audit.log", 10, "create", "workflows", "etl", "nightly"),
                rec("apiserver-a/audit.log", 12, "create", "workflows", "etl", "nightly-retry"),
                rec("apiserver-a/audit.log", 12, "create", "workflows", "billing", "nightly"),
                rec("apiserver-a/audit.log", 20, "create", "pods", "etl", "nightly-3650217881"),
                rec("apiserver-b/audit.log", 40, "update", "workflows", "etl", "nightly"),
                rec("apiserver-a/audit.log", -1, "update", "workflows", "etl", "nightly"),
                rec("apiserver-b/audit.log", 70, "deletecollection", "workflows", "etl", null),
                rec("apiserver-a/audit.log", 90, "delete", "namespaces", null, "billing"),
                rec("apiserver-a/audit.log", 95, "delete", "workflows", "etl", "nightly"));
        WorkflowAudit.Index index = new WorkflowAudit.Index(all);
        for (WorkflowRef ref : List.of(new WorkflowRef("etl", "nightly"), new WorkflowRef("etl", "nightly-retry"),
                new WorkflowRef("billing", "nightly"), new WorkflowRef("etl", "other"), new WorkflowRef("ops", "nightly"))) {
            WorkflowAudit got = WorkflowAudit.of(ref, index, false);
            assertEquals(walked(ref, all), got.records(), ref.toString());
            assertTrue(got.given(), "an audit log was given: " + ref);
        }
        List<AuditRecord> nightly = WorkflowAudit.of(new WorkflowRef("etl", "nightly"), index, false).records();
        assertEquals(List.of("create", "patch", "update", "deletecollection", "delete"), nightly.stream().map(AuditRecord::verb).toList(),
                "its own records and its namespace's collection delete, by time then file, the untimed one left out");
        assertEquals(List.of("deletecollection"), WorkflowAudit.of(new WorkflowRef("etl", "other"), index, false).records()
                .stream().map(AuditRecord::verb).toList());
        assertEquals(List.of("create", "delete"), WorkflowAudit.of(new WorkflowRef("billing", "nightly"), index, false).records()
                .stream().map(AuditRecord::verb).toList(), "the billing namespace's deletion, not etl's collection delete");
    }

    @Test
    void noAuditLogIsNotGivenUnlessSaid() {
        WorkflowAudit.Index none = new WorkflowAudit.Index(List.of());
        assertFalse(WorkflowAudit.of(new WorkflowRef("etl", "nightly"), none, false).given());
        assertTrue(WorkflowAudit.of(new WorkflowRef("etl", "nightly"), none, true).given());
    }
}
