package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Session 46 breaker: the Pod a {@code RequestResponse} audit record returns is the Pod as stored at that request, so its
 * containers are as the kubelet last reported them. Argo's finalizer patch, sent on seeing the deletion, returns one within
 * milliseconds of it: main {@code running} there is not yet a report written after the deletion, and a main that ended a second
 * before the eviction (its end not yet reported: the kubelet's relist and status sync) reads the same. It made AF007 confirmed
 * alone (samples/karpenter-eviction-audit-bodies without the kubelet's later status patch and final delete). Read from
 * that sample's own files, cut as an audit policy logging the kubelet's status writes at level Metadata would leave them.
 */
class ReturnedPodAtDeletionTest {
    private static final Path SAMPLE = Path.of("samples", "karpenter-eviction-audit-bodies");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    /** The sample's lines, Workflow and audit records 1..7 (kept by {@code keep}, each changed by {@code edit}); the returned Pods as SnapshotFileReader adds them. */
    private List<Finding> findings(List<Integer> keep, UnaryOperator<String> edit) throws Exception {
        Evidence e = new Evidence().log("workflow-controller.log",
                Files.readAllLines(SAMPLE.resolve("logs/workflow-controller.log")).toArray(String[]::new));
        e.workflow("argo-get.json", Files.readString(SAMPLE.resolve("snapshots/argo-get-feature-embed-r8t2n.json")));
        List<String> audit = Files.readAllLines(SAMPLE.resolve("audit/kube-apiserver-audit.log"));
        for (int n : keep) {
            ObjectDocument doc = new ObjectDocument(new SourceRef("audit.log", n), JSON.readTree(edit.apply(audit.get(n - 1))));
            AuditRecord record = (AuditRecord) ObjectDecoder.decode(ObjectKind.AUDIT_EVENT, doc);
            e.exported(record);
            PodSnapshot returned = EventDecoder.responsePod(doc, record);
            if (returned != null) {
                e.exported(returned);
            }
        }
        return rule.evaluate(e.correlate()).findings();
    }

    private static Finding only(List<Finding> f) {
        assertEquals(1, f.size(), f::toString);
        return f.get(0);
    }

    /**
     * The sample whole: the kubelet's status patch reports main ended 137 at 14:20:02, after the 14:20:00.11 eviction. Session 54: that
     * end is the node's clock, 2 s after the request, within what the node's clock may be off: most likely the eviction's kill, likely
     * (was confirmed); not the report-lag reading of the returned Pod either.
     */
    @Test
    void theKubeletsReportWrittenSecondsAfterTheRequestIsLikelyOnItsNodesClock() throws Exception {
        Finding f = only(findings(List.of(1, 2, 3, 4, 5, 6, 7), UnaryOperator.identity()));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("most likely the kill of that deletion"), f.confidenceReason());
        assertTrue(!f.confidenceReason().contains("report lag"), f.confidenceReason());
    }

    /**
     * Only Argo's finalizer patch's response shows main in the deleted Pod, 117 ms after the eviction: likely, saying what would
     * confirm it (before: confirmed, "an export of the deleted Pod shows main running").
     */
    @Test
    void aPodReturnedAtTheDeletionAloneIsLikely() throws Exception {
        Finding f = only(findings(List.of(1, 2, 3, 4, 5), UnaryOperator.identity()));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the Pod the API server returned to system:serviceaccount:argo:argo-workflow-controller's patch received at "
                + "2026-11-18T14:20:00.214733Z, less than the kubelet's report lag (2s)"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the kubelet's status patch reporting main's end"), f.confidenceReason());
        // A slow webhook: completed 6 s after the request, but received 0.1 s after it, and the stored Pod may be read at receipt.
        Finding slow = only(findings(List.of(1, 2, 3, 4, 5), l -> l.replace("2026-11-18T14:20:00.229061Z", "2026-11-18T14:20:06.229061Z")));
        assertEquals(Confidence.LIKELY, slow.confidence(), slow.confidenceReason());
    }

    /**
     * Control: the same response completed 6 s after the request (the patch sent late) still shows main running: a main that had
     * ended before the request would have been reported by then, so it is a report after the request: confirmed as before.
     */
    @Test
    void aPodReturnedWellAfterTheDeletionStillConfirms() throws Exception {
        Finding f = only(findings(List.of(1, 2, 3, 4, 5),
                l -> l.replace("2026-11-18T14:20:00.214733Z", "2026-11-18T14:20:06.214733Z").replace("2026-11-18T14:20:00.229061Z",
                        "2026-11-18T14:20:06.229061Z")));
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
    }

    /**
     * The look-alike: main exited 0 at 14:20:00 (the eviction's second, before it), the kubelet's report of it coming after Argo's
     * patch. The status patch and final delete show main Completed, the containers not ready since that second: never confirmed
     * (the s41 reading of a lagging version).
     */
    @Test
    void mainEndedJustBeforeTheEvictionIsNotConfirmed() throws Exception {
        UnaryOperator<String> ended = l -> l.replace("\"exitCode\":137,\"reason\":\"Error\"", "\"exitCode\":0,\"reason\":\"Completed\"")
                .replace("\"exitCode\": 137, \"reason\": \"Error\"", "\"exitCode\": 0, \"reason\": \"Completed\"")
                .replace("\"finishedAt\":\"2026-11-18T14:20:02Z\"", "\"finishedAt\":\"2026-11-18T14:20:00Z\"")
                .replace("\"lastTransitionTime\":\"2026-11-18T14:20:02Z\"", "\"lastTransitionTime\":\"2026-11-18T14:20:00Z\"");
        List<Finding> f = findings(List.of(1, 2, 3, 4, 5, 6, 7), ended);
        for (Finding x : f) {
            assertNotEquals(Confidence.CONFIRMED, x.confidence(), x.confidenceReason());
        }
    }
}
