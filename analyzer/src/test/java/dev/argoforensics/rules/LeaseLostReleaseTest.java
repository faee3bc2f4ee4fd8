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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 37 recheck: a leader that lost the Lease. client-go cancels the context it gave {@code OnStartedLeading} before it calls
 * {@code OnStoppedLeading}, which logs {@code stopped leading} and cancels the process's context, after which the process exits
 * (cmd/workflow-controller/main.go, v3.4.0 to v4.1.2). The pod controller runs on that first context: its queue shuts down and its
 * cleanup worker patches with it ({@code processNextPodCleanupItem}, {@code patchPodForCleanup}), so a worker line logged after
 * {@code stopped leading} patched nothing, and an item not taken before it died with the queue.
 */
class LeaseLostReleaseTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static final String STOPPED = "time=2026-09-19T16:31:11.300Z level=INFO msg=\"stopped leading\" id=workflow-controller-7c9f-aaaaa";

    /** The leader: it queues the release, then (or before its worker's line) loses the Lease. */
    private static String[] leader(boolean stoppedBeforeWorker) {
        List<String> l = new ArrayList<>(List.of(
            "I0919 16:20:00.000000       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
            "I0919 16:20:00.040000       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
            "time=2026-09-19T16:20:00.041Z level=INFO msg=\"new leader\" leader=workflow-controller-7c9f-aaaaa",
            "time=2026-09-19T16:20:00.050Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=status-capture-test",
            workers("2026-09-19T16:20:00.100Z", 2), createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"),
            podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
            queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer")));
        if (stoppedBeforeWorker) {
            l.add(STOPPED);
            l.add(cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"));
        } else {
            l.add(cleaningUp("2026-09-19T16:31:11.290Z", "removeFinalizer"));
            l.add(STOPPED);
        }
        return l.toArray(String[]::new);
    }

    /** The replica that took over: its own release (its worker's line before its own delete pod event), and the node Error. */
    private static final String[] NEXT = {
        "I0919 16:31:30.000000       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
        "I0919 16:31:30.040000       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
        "time=2026-09-19T16:31:30.041Z level=INFO msg=\"new leader\" leader=workflow-controller-7c9f-bbbbb",
        "time=2026-09-19T16:31:30.050Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=status-capture-test",
        workers("2026-09-19T16:31:30.100Z", 2),
        podEvent("2026-09-19T16:31:30.256Z", "add"), removingFinalizers("2026-09-19T16:31:30.257Z"),
        queuingPodDelay("2026-09-19T16:31:30.257Z", "removeFinalizer", "-1m43.257168224s"),
        queueing("2026-09-19T16:31:30.258Z", "removeFinalizer"),
        cleaningUp("2026-09-19T16:31:30.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:30.363Z", "delete"),
        podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error")};

    private Evaluation evaluate(String[] first, String[] next) {
        Evidence ev = new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"))
                .log("first.log", first).leadership(Leadership.LEADER);
        if (next != null) {
            ev = ev.log("next.log", next).leadership(Leadership.LEADER);
        }
        return rule.evaluate(ev.correlate());
    }

    /** A worker line after its run's {@code stopped leading} patched nothing: the next leader's worker line is the release. */
    @Test
    void aWorkerLineAfterStoppedLeadingIsNoRelease() {
        Evaluation e = evaluate(leader(true), NEXT);
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("2026-09-19T16:31:30.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.source().toString().startsWith("first.log:12")), f.evidence().toString());
    }

    /** Alone, that worker line is no confirmed release: nothing in the evidence shows who removed the finalizer. */
    @Test
    void aWorkerLineAfterStoppedLeadingAloneIsNotConfirmed() {
        Evaluation e = evaluate(leader(true), null);
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                e.findings().toString());
    }

    /**
     * Session 38: alone, the dead item is not left unsaid either: AF001 says the release was queued, that the run lost the Lease with
     * no worker line taking the item before, and that who removed the finalizer is not in the evidence (possible). Until session 37
     * AF001 said nothing of the Pod.
     */
    @Test
    void aDeadItemAloneIsNamedAsNoRelease() {
        Evaluation e = evaluate(leader(true), null);
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals(null, f.fact("finalizerRemovedAt").map(Fact::value).orElse(null));
        assertTrue(String.valueOf(f.fact("releaseNotTaken").orElseThrow().value()).startsWith("its run lost the Lease at 2026-09-19T16:31:11.300Z"),
                f.facts().toString());
        assertTrue(f.evidence().stream().anyMatch(l -> l.source().toString().equals("first.log:10")), f.evidence().toString());
    }

    /** The control: the worker took the item before the run lost the Lease; its line is the release, confirmed as before. */
    @Test
    void aWorkerLineBeforeStoppedLeadingIsTheRelease() {
        Evaluation e = evaluate(leader(false), null);
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("2026-09-19T16:31:11.290Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        // Session 40: the release stands; likely, not confirmed, as the order rests on the export's grace-0 deletionTimestamp.
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }
}
