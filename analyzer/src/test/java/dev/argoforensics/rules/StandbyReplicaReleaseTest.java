package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import org.junit.jupiter.api.Test;

/**
 * Session 35 (breaker): two replicas with leader election on. Both run the pod informer, so both log the deleting handler's
 * lines for the Pod, each with the delay its own clock gives; only the leader runs cleanup workers. The standby's clock runs
 * 10 s behind, so its scheduling line came first on the merged time line and was quoted as the release (its time, its delay
 * -1m14.101s, its file and line), though only the leader's worker removed anything.
 */
class StandbyReplicaReleaseTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static final String[] LEADER = {
        // main.go's order with election on: client-go's attempt, acquisition and new leader, then Run's banner (no 'starting leading').
        "time=2026-09-19T16:20:00.000Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=argo/workflow-controller-status-capture-test",
        "time=2026-09-19T16:20:00.050Z level=INFO msg=\"Successfully acquired lease\" lock=argo/workflow-controller-status-capture-test",
        "time=2026-09-19T16:20:00.050Z level=INFO msg=\"new leader\" leader=workflow-controller-7c9f-aaaaa",
        "time=2026-09-19T16:20:00.051Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=status-capture-test",
        workers("2026-09-19T16:20:00.100Z", 2), createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"),
        podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"),
        podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error")};

    /** A standby logs no banner (Run is called only on taking the Lease): its attempt first; a run of unstated leadership, its banner. */
    private static final String ATTEMPT =
            "time=2026-09-19T16:20:00.100Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=argo/workflow-controller-status-capture-test";
    private static final String BANNER =
            "time=2026-09-19T16:20:00.100Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=status-capture-test";

    private static String[] standby(String first, String leaderLine) {
        return new String[] {
            first,
            leaderLine,
            podEvent("2026-09-19T16:31:01.100Z", "update"), removingFinalizers("2026-09-19T16:31:01.101Z"),
            queuingPodDelay("2026-09-19T16:31:01.101Z", "removeFinalizer", "-1m14.101s"), queueing("2026-09-19T16:31:01.102Z", "removeFinalizer"),
            podEvent("2026-09-19T16:31:01.363Z", "delete")};
    }

    /** The reading sums each run's election lines up: the leader's acquisition, the standby's {@code new leader} naming it. */
    private Evaluation evaluate(Leadership standby, String... standbyLog) {
        return rule.evaluate(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"))
                .log("leader.log", LEADER).leadership(Leadership.LEADER).log("standby.log", standbyLog).leadership(standby).correlate());
    }

    @Test
    void theStandbysHandlerLinesAreNoRelease() {
        Evaluation e = evaluate(Leadership.STANDBY, standby(ATTEMPT, "time=2026-09-19T16:20:00.300Z level=INFO msg=\"new leader\" leader=workflow-controller-7c9f-aaaaa"));
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("-1m24.257168224s", f.fact("delay").orElseThrow().value());
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.source().toString().startsWith("standby.log")), f.evidence().toString());
        // Session 40: the release stands; likely, not confirmed, as the order rests on the export's grace-0 deletionTimestamp.
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    /**
     * The control: a run whose leadership its lines do not state may be the one that worked, its worker's line cut with the end of
     * its log (here right after the queueing line): its item, first on the merged time line, is quoted, as before.
     */
    @Test
    void aRunWithoutElectionLinesStillCounts() {
        String[] cut = standby(BANNER, "time=2026-09-19T16:20:00.300Z level=INFO msg=\"Performing periodic GC\" periodicity=5m0s");
        Evaluation e = evaluate(Leadership.UNKNOWN, java.util.Arrays.copyOf(cut, cut.length - 1));
        assertEquals(1, e.findings().size(), e.cleared().toString());
        assertEquals("-1m14.101s", e.findings().get(0).fact("delay").orElseThrow().value());
    }

    /**
     * Session 37: whatever its election lines say, a run whose own stream then shows the Pod leave its informer, with no line of
     * its cleanup worker taking the item before, removed nothing (a worker logs {@code cleaning up pod} before it patches, and
     * patches only a Pod its informer holds; a replica that logs the pod controller's lines runs the controller, which only a
     * leader does): the leader's worker line is the removal. Until session 36 this run's line was quoted (-1m14.101s).
     */
    @Test
    void aRunThatSawThePodLeaveBeforeAnyWorkerLineRemovedNothing() {
        Evaluation e = evaluate(Leadership.UNKNOWN, standby(BANNER, "time=2026-09-19T16:20:00.300Z level=INFO msg=\"Performing periodic GC\" periodicity=5m0s"));
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("-1m24.257168224s", f.fact("delay").orElseThrow().value());
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
    }
}
