package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * AF001's "deleted while running" clearance on a lost node's last report (session 48, the twin of s47-breaker15's report lag). An
 * export of the deleted Pod showing main running, on a node the node controller marked {@code NotReady}, is read as the kubelet's
 * last report ({@code Execution.frozenReport}): a main that ended unreported reads the same. Where the node is gone (deleted, the
 * Pod garbage collector's delete or {@code Failed}), nothing was ever to be reported after that: whatever main did, the finalizer
 * held nothing the controller could have read, and the release lost no result. Where only {@code NotReady} shows, the node may
 * come back: its kubelet then reports what its containers did (main's exit 0 during the partition) and deletes the Pod with grace 0
 * once the finalizer is gone, before a busy worker reads it. The finalizer would have held that report for the controller: the
 * release may have lost a result, and "deleted while running" is not established.
 *
 * <p>v4 slog lines. main started 16:27:14; the node went NotReady at 16:38:40 (the Pod's {@code Ready} turned false then); a user
 * deleted the Pod at 16:41:00 (grace 30 s) and exported it 5 s later; the controller released the finalizer at once (deadline
 * 16:40:40); the Pod changed once more at 16:42:10 and left at 16:42:11; the worker marked the node {@code pod deleted} at 16:44.
 */
class NodeBackAfterReleaseTest {
    private final PrematureFinalizerRemoval af001 = new PrematureFinalizerRemoval();
    private final PodDeletedDuringExecution af007 = new PodDeletedDuringExecution();

    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:44:00Z", true, null);

    private static String[] lines() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"),
            podEvent("2026-09-19T16:41:00.100Z", "update"), removingFinalizers("2026-09-19T16:41:00.101Z"),
            queuingPodDelay("2026-09-19T16:41:00.102Z", "removeFinalizer", "-20.102s"), queueing("2026-09-19T16:41:00.103Z", "removeFinalizer"),
            cleaningUp("2026-09-19T16:41:00.110Z", "removeFinalizer"),
            podEvent("2026-09-19T16:42:10.200Z", "update"), podEvent("2026-09-19T16:42:11.000Z", "delete"),
            podMissing("2026-09-19T16:44:00.000Z"), markingError("2026-09-19T16:44:00.001Z"), nodePhaseChanged("2026-09-19T16:44:00.002Z", "Running", "Error")};
    }

    private static final String NOT_READY = Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:38:40Z", "Node is not ready");

    private static Correlation notReadyOnly() {
        String deleted = Exports.Pod.of().deleted("2026-09-19T16:41:30Z", 30).lastTransition("2026-09-19T16:38:40Z")
                .running("main").running("wait").yaml();
        return new Evidence().log("c.log", lines()).pod("pod.yaml", deleted).object("ev.yaml", NOT_READY).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate();
    }

    private static Execution execution(Correlation c) {
        return c.lifecycle(c.pods().keySet().iterator().next()).execution();
    }

    /**
     * The attack: the node shown only NotReady. The frozen report was read as main running at the deletion and AF001 cleared the
     * release as "deleted while running"; the node's kubelet may have come back and reported main's end, which the finalizer would
     * have held. AF001 stays a finding, short of confirmed, naming AF007; AF007 still reads it likely.
     */
    @Test
    void aNotReadyNodesLastReportDoesNotClearTheRelease() {
        Correlation c = notReadyOnly();
        Execution x = execution(c);
        assertEquals(Execution.State.RUNNING, x.state(), x.reason());
        assertTrue(x.frozenReport(), x.reason());
        assertTrue(x.nodeMayReturn(), x.reason());
        Evaluation e = af001.evaluate(c);
        assertTrue(e.cleared().isEmpty(), e::toString);
        assertEquals(1, e.findings().size(), e::toString);
        Finding f = e.findings().get(0);
        assertFalse(f.confidence() == Confidence.CONFIRMED, f.confidenceReason());
        Evaluation seven = af007.evaluate(c);
        assertEquals(1, seven.findings().size(), seven::toString);
        assertEquals(Confidence.LIKELY, seven.findings().get(0).confidence(), seven.findings().get(0).confidenceReason());
    }

    /**
     * The control: the node shown gone (the Pod garbage collector's {@code DisruptionTarget} on the export of the deleted Pod, its
     * grace-0 delete). Its kubelet reported nothing after its last report; the release held back nothing the controller could read:
     * still cleared as deleted while running (AF007's).
     */
    @Test
    void aGoneNodesLastReportStillClearsTheRelease() {
        String gone = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:41:00Z", 0).lastTransition("2026-09-19T16:38:40Z")
                .condition("DisruptionTarget", "True", "DeletionByPodGC", "2026-09-19T16:41:00Z").running("main").running("wait").yaml();
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", gone).object("ev.yaml", NOT_READY).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate();
        Execution x = execution(c);
        assertTrue(x.frozenReport(), x.reason());
        assertFalse(x.nodeMayReturn(), x.reason());
        Evaluation e = af001.evaluate(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertTrue(e.cleared().get(0).reason().startsWith("deleted while running, not a lost result (AF007)"), e.cleared().get(0).reason());
    }

    /** The control on a live node: nothing says the node was lost; the export at the deletion shows main running: cleared. */
    @Test
    void aLiveNodesExportStillClearsTheRelease() {
        String deleted = Exports.Pod.of().deleted("2026-09-19T16:41:30Z", 30).lastTransition("2026-09-19T16:38:40Z")
                .running("main").running("wait").yaml();
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", deleted).workflow("wf.yaml", ERRORED_WORKFLOW).correlate();
        Execution x = execution(c);
        assertFalse(x.frozenReport(), x.reason());
        Evaluation e = af001.evaluate(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertTrue(e.cleared().get(0).reason().startsWith("deleted while running, not a lost result (AF007)"), e.cleared().get(0).reason());
    }
}
