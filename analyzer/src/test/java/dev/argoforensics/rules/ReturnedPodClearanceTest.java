package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.EventDecoder;
import dev.argoforensics.snapshot.ObjectDecoder;
import dev.argoforensics.snapshot.ObjectDocument;
import dev.argoforensics.snapshot.ObjectKind;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.testing.Evidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * s47-breaker15: AF001's clearance "deleted while running" on the Pod a {@code RequestResponse} audit record returned less than the
 * kubelet's report lag after the deletion (ReturnedPodAtDeletionTest: that Pod holds main as the kubelet last reported it, so AF007
 * is only likely on it). The same records are what a true #17024 race leaves where main ended (exit 0) a second before the eviction,
 * its end not yet reported when Argo's finalizer patch returned the Pod, and the finalizer went before the result was read: the
 * clearance must rest on what would confirm AF007, else AF001 stays a finding naming the look-alike. Read from
 * samples/karpenter-eviction-audit-bodies, cut as an audit policy logging the kubelet's status writes at Metadata would leave it.
 */
class ReturnedPodClearanceTest {
    private static final Path SAMPLE = Path.of("samples", "karpenter-eviction-audit-bodies");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Evaluation af001(List<Integer> keep) throws Exception {
        Evidence e = new Evidence().log("workflow-controller.log",
                Files.readAllLines(SAMPLE.resolve("logs/workflow-controller.log")).toArray(String[]::new));
        e.workflow("argo-get.json", Files.readString(SAMPLE.resolve("snapshots/argo-get-feature-embed-r8t2n.json")));
        List<String> audit = Files.readAllLines(SAMPLE.resolve("audit/kube-apiserver-audit.log"));
        for (int n : keep) {
            ObjectDocument doc = new ObjectDocument(new SourceRef("audit.log", n), JSON.readTree(audit.get(n - 1)));
            AuditRecord record = (AuditRecord) ObjectDecoder.decode(ObjectKind.AUDIT_EVENT, doc);
            e.exported(record);
            PodSnapshot returned = EventDecoder.responsePod(doc, record);
            if (returned != null) {
                e.exported(returned);
            }
        }
        return new PrematureFinalizerRemoval().evaluate(e.correlate());
    }

    /**
     * The attack: only the finalizer patch's response (117 ms after the eviction) shows main, running. A main ended just before
     * the eviction reads the same, so AF001 is not cleared as "deleted while running"; it stays a finding below confirmed.
     */
    @Test
    void aPodReturnedAtTheDeletionAloneDoesNotClearAf001() throws Exception {
        Evaluation o = af001(List.of(1, 2, 3, 4, 5));
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().startsWith("deleted while running")), () -> o.cleared().toString());
        assertEquals(1, o.findings().size(), () -> o.cleared().toString());
        assertTrue(o.findings().get(0).confidence() != Confidence.CONFIRMED, o.findings().get(0).confidenceReason());
        assertTrue(o.findings().get(0).confidenceReason().contains("(AF007)"), o.findings().get(0).confidenceReason());
    }

    /** Control (the sample whole): the kubelet's status patch reports main ended 137 at 14:20:02, after the request: cleared as AF007. */
    @Test
    void theKubeletsReportAfterTheRequestStillClears() throws Exception {
        Evaluation o = af001(List.of(1, 2, 3, 4, 5, 6, 7));
        assertEquals(List.of(), o.findings());
        assertTrue(o.cleared().stream().anyMatch(c -> c.reason().startsWith("deleted while running")), () -> o.cleared().toString());
    }
}
