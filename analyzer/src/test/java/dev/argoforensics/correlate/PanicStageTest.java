package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.EventDecoder;
import dev.argoforensics.snapshot.ObjectDocument;
import dev.argoforensics.source.SourceRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 49 breaker, a control (s49-audit's reading holds): a delete whose handler panicked. The API server writes its
 * {@code RequestReceived} record, then a {@code Panic} record with {@code responseStatus} 500 instead of {@code ResponseComplete}
 * (k8s.io/apiserver's audit filter on a recovered panic). Joined, the request is the Panic stage, refused: no deletion, and not a
 * delete whose outcome is unlogged.
 */
class PanicStageTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static AuditRecord record(int line, String stage, String status) throws Exception {
        String json = "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"5b0c6a2e-77f1-4c1e-9a43-0d2f1e9b8c11\","
                + "\"stage\":\"" + stage + "\",\"requestURI\":\"/apis/argoproj.io/v1alpha1/namespaces/ns/workflows/p\",\"verb\":\"delete\","
                + "\"user\":{\"username\":\"bob@example.com\"},\"objectRef\":{\"resource\":\"workflows\",\"namespace\":\"ns\",\"name\":\"p\","
                + "\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"}," + status
                + "\"requestReceivedTimestamp\":\"2026-09-19T16:35:00.000000Z\",\"stageTimestamp\":\"2026-09-19T16:35:00.004000Z\"}";
        return EventDecoder.audit(new ObjectDocument(new SourceRef("audit.log", line), JSON.readTree(json)), "");
    }

    @Test
    void aPanickedDeleteIsRefusedNotUnlogged() throws Exception {
        AuditRecord received = record(1, "RequestReceived", "");
        AuditRecord panic = record(2, "Panic", "\"responseStatus\":{\"metadata\":{},\"status\":\"Failure\",\"message\":\"APIServer panic'd\","
                + "\"reason\":\"InternalError\",\"code\":500},");
        List<AuditRecord> joined = FactsTable.latestStages(List.of(received, panic));
        assertEquals(List.of(panic), joined);
        assertFalse(joined.get(0).effective());
        assertFalse(joined.get(0).outcomeUnlogged());
        assertEquals("", joined.get(0).actedOnUid());
    }
}
