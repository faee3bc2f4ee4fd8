package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.V4;
import org.junit.jupiter.api.Test;

/**
 * Review s25: an audit excerpt grepped for {@code "verb":"delete"} keeps the kubelet's own final delete of a Pod (user
 * {@code system:node:<node>}, grace 0, once its containers have stopped) and drops the eviction that began the deletion
 * (a {@code create} on {@code pods/eviction}). The kubelet deletes a Pod only after a deletion was requested (lifecycle reference
 * A1): its record bounds the request from above, it is not the request.
 */
class KubeletFinalDeleteAuditTest {
    /** Evicted at 16:30:00 while main ran; main traps SIGTERM and exits 0 at 16:30:02; the kubelet's final delete at 16:30:25 (1.33+). */
    private static Evidence evicted(String auditUser) {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:30:25Z", 0).lastTransition("2026-09-19T16:30:25Z")
                .condition("DisruptionTarget", "True", "EvictionByEvictionAPI", "2026-09-19T16:30:00Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:30:02Z").terminated("wait", 0, "Completed", "2026-09-19T16:30:02Z").yaml();
        // The controller down from 16:29 (a restart): its new run lists the Pod, already being deleted, at 16:31:05.
        return new Evidence().log("1.log", V4.createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", V4.workers("2026-09-19T16:31:05.000Z", 2), podEvent("2026-09-19T16:31:05.512Z", "add"),
                        removingFinalizers("2026-09-19T16:31:05.513Z"), V4.queuingPodDelay("2026-09-19T16:31:05.513Z", "removeFinalizer", "1m19.487s"),
                        queueingAfter("2026-09-19T16:31:05.514Z", "removeFinalizer", "1m19.487s"), cleaningUp("2026-09-19T16:32:25.001Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:32:25.020Z", "delete"), V4.processing("2026-09-19T16:35:02.240Z", "Running"),
                        podMissing("2026-09-19T16:35:02.246Z"), markingError("2026-09-19T16:35:02.246Z"), workflowUpdated("2026-09-19T16:35:02.270Z", "Running"))
                .takenAt("pod.yaml", "2026-09-19T16:31:00Z", pod)
                .object("audit.log", Exports.audit("delete", "", auditUser, "2026-09-19T16:30:25.101234Z", 200));
    }

    @Test
    void theKubeletsFinalDeleteIsNotTheRequest() {
        Correlation c = evicted("system:node:ip-10-0-12-34.ec2.internal").correlate();
        Execution x = c.lifecycle(new PodKey("ns", "p", "u-1")).execution();
        assertNotEquals(Execution.State.FINISHED_BEFORE, x.state(), x.reason());
        // Nor is the kubelet the deleter: the Pod's DisruptionTarget names the eviction.
        assertEquals("the Eviction API (kubectl drain, or another eviction client)",
                c.lifecycle(new PodKey("ns", "p", "u-1")).deleter().orElseThrow().who());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        e.findings().forEach(f -> assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason()));
        e.findings().forEach(f -> assertNotEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason()));
    }

    /** A user's delete in the audit excerpt, later than the eviction the Pod's DisruptionTarget condition records: not the first request. */
    @Test
    void aUsersLaterDeleteIsNotTheFirstRequestWhereTheConditionRecordsAnEviction() {
        Correlation c = evicted("alice@example.com").correlate();
        assertNotEquals(Execution.State.FINISHED_BEFORE, c.lifecycle(new PodKey("ns", "p", "u-1")).execution().state());
    }

    /**
     * The control: without the eviction's condition, the user's delete is the request itself, after the containers had ended.
     * Session 54: the containers' end is the node's time, the request the API server's, so the order holds only past a node's minute
     * (ExecutionOrder, {@code DeletionBounds.nodeClearlyBefore}): the containers end 83 s before the request here (23 s before it
     * until session 54, which no longer orders the two).
     */
    @Test
    void aUsersDeleteIsTheRequest() {
        Correlation c = new Evidence().log("1.log", V4.createdPod("2026-09-19T16:27:10.431Z"))
                .takenAt("pod.yaml", "2026-09-19T16:31:00Z", Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:30:25Z", 0)
                        .lastTransition("2026-09-19T16:29:03Z").terminated("main", 0, "Completed", "2026-09-19T16:29:02Z")
                        .terminated("wait", 0, "Completed", "2026-09-19T16:29:02Z").yaml())
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:30:25.101234Z", 200)).correlate();
        assertEquals(Execution.State.FINISHED_BEFORE, c.lifecycle(new PodKey("ns", "p", "u-1")).execution().state());
    }
}
