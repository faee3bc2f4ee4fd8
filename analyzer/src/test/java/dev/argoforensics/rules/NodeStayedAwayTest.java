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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 49: a lost node's last report where only {@code NodeNotReady} shows the node lost ({@code Execution.nodeMayReturn},
 * session 48), read against the controller's own lines. The judgment's {@code node-lost-evicted-then-force-deleted} shape: the node
 * went NotReady at 16:38:40 while main ran; an eviction deleted the Pod at 16:41:00 with grace 30 s; the controller saw it and
 * released the finalizer at once (deadline passed); the Pod stood Terminating, its kubelet gone, until a user force-deleted it at
 * 16:50:02; the worker then marked the node {@code pod deleted}. A kubelet back from the partition writes the Pod's status (main's
 * end) before its own final delete, and the controller logs such a write as {@code update pod event}: a run read whole (its stats
 * ticker) that logged none from the deletion's sighting to the Pod's leaving, 9 minutes after the release, shows no report came and
 * that the Pod's removal was the user's delete, not the release. Controls: an update of the Pod between (its author unsaid: a kubelet
 * back, or the node controller, the taint manager, the Pod garbage collector), a Pod that left at the release (a forced delete before
 * it), a log that does not show itself whole.
 */
class NodeStayedAwayTest {
    private final PrematureFinalizerRemoval af001 = new PrematureFinalizerRemoval();

    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:50:03Z", true, null);
    private static final String NOT_READY = Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:38:40Z", "Node is not ready");

    private static String alloc(String t) {
        return "time=\"" + t + "\" level=info msg=\"Alloc=7122 TotalAlloc=1893410 Sys=48311 NumGC=402 Goroutines=231\"";
    }

    /** The run's lines: the Pod created, the deletion seen and the finalizer released at 16:41:00, {@code extra} after, the Pod leaving at {@code left}. */
    private static String[] lines(String left, boolean ticker, String... extra) {
        List<String> l = new ArrayList<>();
        if (ticker) {
            l.add(alloc("2026-09-19T16:27:00.000Z"));
        }
        l.add(createdPod("2026-09-19T16:27:10.431Z"));
        if (ticker) {
            l.addAll(List.of(alloc("2026-09-19T16:32:00.000Z"), alloc("2026-09-19T16:37:00.000Z")));
        }
        l.addAll(List.of(podEvent("2026-09-19T16:41:00.100Z", "update"), removingFinalizers("2026-09-19T16:41:00.101Z"),
                queuingPodDelay("2026-09-19T16:41:00.102Z", "removeFinalizer", "-20.102s"), queueing("2026-09-19T16:41:00.103Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:41:00.110Z", "removeFinalizer")));
        if (ticker) {
            l.addAll(List.of(alloc("2026-09-19T16:42:00.000Z"), alloc("2026-09-19T16:47:00.000Z")));
        }
        l.addAll(List.of(extra));
        l.add(podEvent(left, "delete"));
        l.addAll(List.of(podMissing("2026-09-19T16:50:03.000Z"), markingError("2026-09-19T16:50:03.001Z"),
                nodePhaseChanged("2026-09-19T16:50:03.002Z", "Running", "Error")));
        if (ticker) {
            l.add(alloc("2026-09-19T16:52:00.000Z"));
        }
        l.sort(java.util.Comparator.comparing(s -> s.replace("\"", "").substring(5, 29)));
        return l.toArray(String[]::new);
    }

    private static Correlation correlate(String... lines) {
        // exported at 16:45 while it stood Terminating: main as the lost kubelet last reported it
        String deleted = Exports.Pod.of().deleted("2026-09-19T16:41:30Z", 30).lastTransition("2026-09-19T16:38:40Z")
                .running("main").running("wait").yaml();
        return new Evidence().log("c.log", lines).pod("pod.yaml", deleted).object("ev.yaml", NOT_READY).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate();
    }

    private static Execution execution(Correlation c) {
        return c.lifecycle(c.pods().keySet().iterator().next()).execution();
    }

    @Test
    void aKubeletThatNeverReportedWhileThePodStoodLeavesTheFrozenReport() {
        Correlation c = correlate(lines("2026-09-19T16:50:02.000Z", true));
        Execution x = execution(c);
        assertEquals(Execution.State.RUNNING, x.state(), x.reason());
        assertTrue(x.frozenReport(), x.reason());
        assertFalse(x.nodeMayReturn(), x.reason());
        assertTrue(x.reason().contains("saw no change of the Pod from its sight of the deletion at 2026-09-19T16:41:00.100Z until the Pod left its "
                + "informer at 2026-09-19T16:50:02.000Z, 9m1.89s after the finalizer's release"), x.reason());
        Evaluation e = af001.evaluate(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertTrue(e.cleared().get(0).reason().startsWith("deleted while running, not a lost result (AF007)"), e.cleared().get(0).reason());
    }

    /** Control: the Pod changed at 16:45:00 while it stood; the line does not say who wrote it (a kubelet back, or the node's controllers). */
    @Test
    void anUpdateWhileThePodStoodLeavesTheNodesReturnOpen() {
        Correlation c = correlate(lines("2026-09-19T16:50:02.000Z", true, podEvent("2026-09-19T16:45:00.000Z", "update")));
        Execution x = execution(c);
        assertTrue(x.nodeMayReturn(), x.reason());
        Evaluation e = af001.evaluate(c);
        assertEquals(1, e.findings().size(), e::toString);
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /** Control: the Pod left 1.9 s after the release (a forced delete before it): the release removed it; a later kubelet is not excluded. */
    @Test
    void aPodThatLeftAtTheReleaseLeavesTheNodesReturnOpen() {
        Correlation c = correlate(lines("2026-09-19T16:41:02.000Z", true));
        assertTrue(execution(c).nodeMayReturn(), execution(c).reason());
        assertEquals(1, af001.evaluate(c).findings().size());
    }

    /** Control: no stats ticker in the lines (a grep): nothing shows that no update was cut. */
    @Test
    void withoutTheTickerNothingShowsTheLogWhole() {
        Correlation c = correlate(lines("2026-09-19T16:50:02.000Z", false));
        assertTrue(execution(c).nodeMayReturn(), execution(c).reason());
        assertEquals(1, af001.evaluate(c).findings().size());
    }

    /**
     * Control: the run started after the deletion (its listing's {@code add pod event} the first sight of it): a kubelet back before
     * that start reported in no line of it. The node's return stays open.
     */
    @Test
    void aRunThatStartedOnTheDeletingPodLeavesTheNodesReturnOpen() {
        List<String> l = new ArrayList<>(List.of(lines("2026-09-19T16:50:02.000Z", true)));
        l.removeIf(x -> x.contains("Created pod") || x.contains("16:27:00") || x.contains("16:32:00") || x.contains("16:37:00"));
        l.replaceAll(x -> x.contains("16:41:00.100Z") ? podEvent("2026-09-19T16:41:00.100Z", "add") : x);
        l.add(0, alloc("2026-09-19T16:41:00.050Z"));
        Correlation c = correlate(l.toArray(String[]::new));
        assertTrue(execution(c).nodeMayReturn(), execution(c).reason());
        assertEquals(1, af001.evaluate(c).findings().size());
    }

    /**
     * Breaker (session 49): the run that released the finalizer started after the deletion, so it listed the Pod already deleted
     * ({@code add pod event}) and never saw what the kubelet wrote before. The #17024 shape on a healthy node: a NodeNotReady blip at
     * 16:38:40 (a kubelet restart: the node controller marks the Pods not ready, nothing on the Pod says ready again); the Pod deleted
     * at 16:41:00 with grace 30 and exported at 16:41:05, main running; main ended 0 at 16:41:10 and the kubelet reported it while no
     * controller ran; its final delete waits for the volumes' reclaim (a stuck unmount), so the Pod stood after the new run released
     * the finalizer at 16:42:00 until a user's force delete at 16:50:02. No update of the Pod in the run, its log whole: the release
     * came after main's end, a true race. Before: cleared as deleted while running. After: possible, the node's return open.
     */
    @Test
    void aRunThatListedThePodAlreadyDeletedShowsNothingOfWhatTheKubeletWroteBefore() {
        String[] lines = {alloc("2026-09-19T16:42:00.000Z"), podEvent("2026-09-19T16:42:00.100Z", "add"), removingFinalizers("2026-09-19T16:42:00.101Z"),
                queuingPodDelay("2026-09-19T16:42:00.102Z", "removeFinalizer", "-1m20.102s"), queueing("2026-09-19T16:42:00.103Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:42:00.110Z", "removeFinalizer"), podEvent("2026-09-19T16:42:00.400Z", "update"),
                alloc("2026-09-19T16:47:00.000Z"), podEvent("2026-09-19T16:50:02.000Z", "delete"), podMissing("2026-09-19T16:50:03.000Z"),
                markingError("2026-09-19T16:50:03.001Z"), nodePhaseChanged("2026-09-19T16:50:03.002Z", "Running", "Error"), alloc("2026-09-19T16:52:00.000Z")};
        Correlation c = correlate(lines);
        Execution x = execution(c);
        assertTrue(x.frozenReport(), x.reason());
        assertTrue(x.nodeMayReturn(), x.reason());
        Evaluation e = af001.evaluate(c);
        assertEquals(1, e.findings().size(), e::toString);
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /** Control beside it: the same run, having created the Pod and watched the deletion arrive (an update), still clears. */
    @Test
    void aRunThatWatchedTheDeletionArriveStillClears() {
        Correlation c = correlate(lines("2026-09-19T16:50:02.000Z", true, podEvent("2026-09-19T16:41:00.600Z", "update")));
        assertFalse(execution(c).nodeMayReturn(), execution(c).reason());
        assertTrue(af001.evaluate(c).findings().isEmpty());
    }
}
