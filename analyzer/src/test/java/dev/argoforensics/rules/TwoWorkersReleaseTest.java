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

import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import org.junit.jupiter.api.Test;

/**
 * Session 38: two replicas with leader election off both run the pod controller, so both handle the Pod's deletion and both
 * cleanup workers take the item. The one that patched second patched nothing; which came first rests on two clocks. Before,
 * AF001 quoted the earlier worker line on the merged time line (here the replica whose clock runs 3 s behind) as the removal,
 * {@code confirmed}.
 */
class TwoWorkersReleaseTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static final String OFF = "level=INFO msg=\"Leader election is turned off. Running in single-instance mode\"";

    private static String[] replica(String worker, boolean withNode) {
        java.util.List<String> l = new java.util.ArrayList<>(java.util.List.of(
            "time=2026-09-19T16:20:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=status-capture-test",
            "time=2026-09-19T16:20:00.010Z " + OFF,
            "time=2026-09-19T16:20:00.020Z level=INFO msg=\"starting leading\" id=single-instance",
            workers("2026-09-19T16:20:00.100Z", 2)));
        if (withNode) {
            l.addAll(java.util.List.of(createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running")));
        }
        l.addAll(java.util.List.of(podEvent("2026-09-19T16:31:08.256Z", "update"), removingFinalizers("2026-09-19T16:31:08.257Z"),
            queuingPodDelay("2026-09-19T16:31:08.257Z", "removeFinalizer", "-1m21.257168224s"), queueing("2026-09-19T16:31:08.258Z", "removeFinalizer"),
            cleaningUp(worker, "removeFinalizer")));
        if (withNode) {
            l.addAll(java.util.List.of(podEvent("2026-09-19T16:31:11.363Z", "delete"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error")));
        }
        return l.toArray(String[]::new);
    }

    private Evaluation evaluate(String otherWorker) {
        return rule.evaluate(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"))
                .log("a.log", replica("2026-09-19T16:31:11.350Z", true)).leadership(Leadership.SINGLE_INSTANCE)
                .log("b.log", replica(otherWorker, false)).leadership(Leadership.SINGLE_INSTANCE).correlate());
    }

    @Test
    void twoReplicasWorkersSecondsApartLeaveTheReleaseUndecided() {
        Evaluation e = evaluate("2026-09-19T16:31:08.350Z");
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("AF001.reason.twoWorkers", f.reason().code(), f.confidenceReason());
    }

    /** The control: the other replica's worker line a minute later (past any plausible disagreement of two clocks). */
    @Test
    void aSecondWorkerMinutesLaterLeavesTheFirstAsTheRelease() {
        Evaluation e = evaluate("2026-09-19T16:32:20.350Z");
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
    }
}
