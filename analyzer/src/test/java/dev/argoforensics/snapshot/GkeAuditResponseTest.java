package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.source.SourceRef;
import org.junit.jupiter.api.Test;

/**
 * Session 49: a Kubernetes audit entry as GKE's Cloud Logging exports it ({@code protoPayload} of type AuditLog). A delete logged
 * with its response ({@code protoPayload.response}, the RequestResponse level) names the object it removed, as an
 * {@code audit.k8s.io} record's {@code responseObject} does ({@link AuditRecord#responseUid}); an entry that is the first of an
 * operation not yet complete ({@code operation.first} without {@code last}) holds no {@code status}, and its outcome is not logged.
 */
class GkeAuditResponseTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Workflow etl/nightly deleted by dana, {@code operation} and {@code status} as given, {@code response} JSON or "". */
    private static AuditRecord entry(String operation, String status, String response) throws Exception {
        String json = "{\"insertId\":\"e1\",\"operation\":" + operation + ","
                + "\"protoPayload\":{\"@type\":\"type.googleapis.com/google.cloud.audit.AuditLog\",\"serviceName\":\"k8s.io\","
                + "\"methodName\":\"io.k8s.argoproj.v1alpha1.workflows.delete\","
                + "\"resourceName\":\"argoproj.io/v1alpha1/namespaces/etl/workflows/nightly\","
                + "\"authenticationInfo\":{\"principalEmail\":\"dana@etl-team.example\"}"
                + (status.isEmpty() ? "" : ",\"status\":" + status) + (response.isEmpty() ? "" : ",\"response\":" + response) + "},"
                + "\"resource\":{\"type\":\"k8s_cluster\",\"labels\":{\"cluster_name\":\"etl-west\"}},"
                + "\"timestamp\":\"2026-11-03T08:15:42.518204Z\"}";
        return ManagedAuditDecoder.gke(new ObjectDocument(new SourceRef("cloud-logging.json", 1), JSON.readTree(json), null));
    }

    private static final String WHOLE = "{\"id\":\"op-1\",\"first\":true,\"last\":true,\"producer\":\"k8s.io\"}";

    @Test
    void aGrantedDeleteNamesTheObjectItsResponseReturned() throws Exception {
        AuditRecord status = entry(WHOLE, "{}", "{\"@type\":\"core.k8s.io/v1.Status\",\"kind\":\"Status\",\"apiVersion\":\"v1\","
                + "\"status\":\"Success\",\"details\":{\"name\":\"nightly\",\"group\":\"argoproj.io\",\"kind\":\"workflows\",\"uid\":\"w-7\"}}");
        assertEquals("workflows", status.resource());
        assertEquals("w-7", status.responseUid());
        assertEquals("w-7", status.actedOnUid());
        AuditRecord held = entry(WHOLE, "{}", "{\"@type\":\"argoproj.io/v1alpha1.Workflow\",\"kind\":\"Workflow\",\"metadata\":{\"name\":\"nightly\","
                + "\"namespace\":\"etl\",\"uid\":\"w-8\",\"deletionTimestamp\":\"2026-11-03T08:15:42Z\",\"finalizers\":[\"foregroundDeletion\"]}}");
        assertEquals("w-8", held.actedOnUid());
    }

    /** Control: refused (PERMISSION_DENIED), it names nothing it acted on; logged at Metadata (no response), nothing either. */
    @Test
    void aRefusedDeleteOrOneWithoutItsResponseNamesNothing() throws Exception {
        AuditRecord refused = entry(WHOLE, "{\"code\":7,\"message\":\"forbidden\"}", "{\"kind\":\"Status\",\"details\":{\"name\":\"nightly\",\"uid\":\"w-7\"}}");
        assertFalse(refused.granted());
        assertEquals("", refused.actedOnUid());
        assertEquals("", entry(WHOLE, "{}", "").responseUid());
    }

    /** The first entry of an operation not complete holds no status: its outcome is not logged (not read as OK). Control: the whole one is granted. */
    @Test
    void theFirstEntryOfAnOperationHasNoOutcome() throws Exception {
        AuditRecord first = entry("{\"id\":\"op-2\",\"first\":true,\"producer\":\"k8s.io\"}", "", "");
        assertEquals("RequestReceived", first.stage());
        assertTrue(first.outcomeUnlogged());
        assertEquals("a delete was requested at 2026-11-03T08:15:42.518204Z; its outcome is not in the audit log", first.unloggedDelete());
        AuditRecord whole = entry(WHOLE, "{}", "");
        assertTrue(whole.granted());
        assertFalse(whole.outcomeUnlogged());
    }
}
