package dev.argoforensics.rules;

import static dev.argoforensics.rules.NodeClockBoundBreakerTest.kubeletEvent;
import static dev.argoforensics.rules.NodeClockBoundBreakerTest.life;
import static dev.argoforensics.rules.NodeClockBoundBreakerTest.notConfirmed;
import static dev.argoforensics.rules.NodeClockBoundBreakerTest.stopped;
import static dev.argoforensics.rules.NodeClockBoundBreakerTest.succeeded;
import static dev.argoforensics.rules.NodeClockPodBoundsBreakerTest.deleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 60 (s60-clock): the controller run's clock bounded far from the line it orders, and a node that stopped posting its status
 * (a VM paused past the node-monitor grace period) between a bound's record and the time it orders. {@code argo stop} of Workflow p
 * (the controller's shutdown line, the node marked Failed, the Workflow finished at the stop as the controller wrote it); main
 * answered the stop's SIGTERM with exit 0, so no success was lost: never {@code confirmed} "success reported as error".
 */
class NodeClockS60Test {

    /** The Pod created at {@code created} (the API server's clock), its containers started at {@code started} (its node's). */
    private static String createdAt(String pod, String created) {
        return pod.replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"" + created + "\"");
    }

    private static String succeededFrom(String started, String created, String mainEnd, String waitEnd) {
        return createdAt(Exports.Pod.of().startedAt(started).phase("Succeeded").terminated("main", 0, "Completed", mainEnd)
                .terminated("wait", 0, "Completed", waitEnd).yaml(), created);
    }

    private static List<Finding> af002(Correlation c) {
        return new SuccessReportedAsError().evaluate(c).findings();
    }

    /**
     * The controller kept time when it created the Pod (its Created pod line 431 ms after the creation, 16:27:10); at 16:33 its
     * node's time daemon, its server gone, moved to a site server 40 s fast and stepped to it. argo stop at 16:40:00 (true time),
     * logged 16:40:40; main answered with exit 0 a second later, written 16:40:01 by its node, which keeps time (a readiness
     * probe's failure stamped 16:39:50 and stored within its second). Read on the Created pod line's bound, thirteen minutes before
     * the stop, main ended 38 s before it: a success the stop did not cause, confirmed. The run's bound holds at the stop only while
     * nothing stepped its clock away since, as a node's does (session 59): at most likely.
     */
    @Test
    void aControllerClockSteppedAheadSinceItsCreatedLineDoesNotConfirm() {
        Correlation c = stopped(succeeded("2026-09-19T16:40:01Z", "2026-09-19T16:40:02Z"), "2026-09-19T16:40:40", "2026-09-19T16:27:10.431Z",
                kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z"),
                kubeletEvent("Unhealthy", "2026-09-19T16:39:50Z", "2026-09-19T16:39:50Z"));
        notConfirmed(c);
    }

    /**
     * Control: the Pod created 40 s before the stop (its Created pod line 431 ms after), main ended 30 s before the stop on a node its
     * start's Event bounds six seconds before, wait still running at the stop: both clocks bounded within the minute of what they
     * order, main's success ended before the stop: confirmed.
     */
    @Test
    void aControllerBoundWithinTheMinuteStillConfirms() {
        String pod = succeededFrom("2026-09-19T16:38:44Z", "2026-09-19T16:38:40Z", "2026-09-19T16:38:50Z", "2026-09-19T16:39:40Z");
        Correlation c = stopped(pod, "2026-09-19T16:39:20", "2026-09-19T16:38:40.431Z",
                kubeletEvent("Started", "2026-09-19T16:38:44Z", "2026-09-19T16:38:44Z"));
        List<Finding> f = af002(c);
        assertEquals(1, f.size());
        assertEquals(Confidence.CONFIRMED, f.get(0).confidence(), f.get(0).confidenceReason());
    }

    /**
     * The node's VM paused by its hypervisor at 16:38:20 for 90 s (a live migration that stalled): the node lifecycle controller,
     * after the 40 s grace period, marked it NotReady and wrote NodeNotReady on the Pod at 16:39:00. argo stop at 16:39:05 (the
     * controller keeping time, its Created pod line 55 s before); the VM resumed at 16:39:50 with its clock where it stopped, 90 s
     * behind, and main answered the stop's SIGTERM with exit 0 at 16:39:51, written 16:38:21. Read on the Started Event's bound seven
     * seconds before (on the node's clock), main ended 43 s before the stop, confirmed. A node that stopped posting its status may
     * have been paused for any time: a bound from before that holds after it only at its own stamp, and 43 s is within the node's
     * minute: the stop stands, and clears the exit 0 as its answer.
     */
    @Test
    void aNodeThatWentNotReadyBetweenTheBoundAndTheEndOrdersNothingOnThatBound() {
        String pod = succeededFrom("2026-09-19T16:38:14Z", "2026-09-19T16:38:10Z", "2026-09-19T16:38:21Z", "2026-09-19T16:38:22Z");
        String started = kubeletEvent("Started", "2026-09-19T16:38:14Z", "2026-09-19T16:38:14Z");
        String notReady = Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:39:00Z", "Node is not ready");
        Correlation c = stopped(pod, "2026-09-19T16:39:05", "2026-09-19T16:38:10.431Z", started, notReady);
        notConfirmed(c);
        assertTrue(af002(c).isEmpty(), () -> af002(c).toString());
        assertTrue(life(c).stoppedByController().isPresent());
        // Control: with nothing showing the node stopped posting, the same records order main's end before the stop on its start's bound.
        Correlation quiet = stopped(pod, "2026-09-19T16:39:05", "2026-09-19T16:38:10.431Z", started);
        List<Finding> f = af002(quiet);
        assertEquals(1, f.size());
        assertEquals(Confidence.CONFIRMED, f.get(0).confidence(), f.get(0).confidenceReason());
    }

    /**
     * Session 62 (s61 breaker's attack (d)): the same pause at 16:38:20, on a cluster whose node-monitor grace period is raised to two
     * minutes: the node lifecycle controller's NodeNotReady comes at 16:40:35, on the Node alone (no Event on the Pod), 90 s after the
     * Pod's last record (the stop's node line, 16:39:05). It still shows the node may have stopped posting while the Pod stood: main's
     * end, read on the Started Event's bound from before the pause, is not ordered before the stop. Control: a NotReady on the Node more
     * than five minutes after the Pod's last record (16:44:30) began after it, and the bound orders the end as without one.
     */
    @Test
    void aNodeNotReadyOnTheNodeAfterThePodsLastRecordOrdersNothingOnThatBound() {
        String pod = succeededFrom("2026-09-19T16:38:14Z", "2026-09-19T16:38:10Z", "2026-09-19T16:38:21Z", "2026-09-19T16:38:22Z");
        String started = kubeletEvent("Started", "2026-09-19T16:38:14Z", "2026-09-19T16:38:14Z");
        Correlation c = stopped(pod, "2026-09-19T16:39:05", "2026-09-19T16:38:10.431Z", started, nodeNotReady("2026-09-19T16:40:35Z"));
        notConfirmed(c);
        assertTrue(af002(c).isEmpty(), () -> af002(c).toString());
        Correlation later = stopped(pod, "2026-09-19T16:39:05", "2026-09-19T16:38:10.431Z", started, nodeNotReady("2026-09-19T16:44:30Z"));
        List<Finding> f = af002(later);
        assertEquals(1, f.size());
        assertEquals(Confidence.CONFIRMED, f.get(0).confidence(), f.get(0).confidenceReason());
    }

    /** The node lifecycle controller's NodeNotReady on the Node of the Pod (ip-10-0-12-34), stamped and stored at {@code at}. */
    static String nodeNotReady(String at) {
        String node = "ip-10-0-12-34.ec2.internal";
        return "apiVersion: v1\nkind: Event\nmetadata: {name: " + node + ".nnr, namespace: default, creationTimestamp: \"" + at + "\"}\n"
                + "involvedObject: {kind: Node, name: " + node + ", uid: " + node + "}\nreason: NodeNotReady\n"
                + "message: \"Node " + node + " status is now: NodeNotReady\"\nsource: {component: node-controller}\n"
                + "firstTimestamp: \"" + at + "\"\nlastTimestamp: \"" + at + "\"\ncount: 1\ntype: Normal\n";
    }

    /** dana's delete at 16:39:55 (audit; grace 30 s, deletionTimestamp 16:40:25): main trapped the SIGTERM and exited 0 at 16:40:20. */
    private static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:40:20Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:21Z").yaml();
    }

    private static String killingMain(String first, String created) {
        return Exports.Event.of("Killing", first).storedAt(created).pod("ns", "p", "u-1").named("p.killing").plainMessage("Stopping container main")
                .from("kubelet", "ip-10-0-12-34.ec2.internal").yaml();
    }

    /**
     * Recall: main's end 25 s after dana's request, read through its node's clock bounded only by its start (13 minutes before): the
     * order rests on no step of that clock since (likely, session 59). The kubelet's Killing of main (stamped 16:39:56, stored by the
     * API server within its second, after the request) is that kubelet's own record that it stopped main running, for the deletion:
     * deleted while main ran on the order of cause, not of two clocks: confirmed, as it is without the export's end.
     */
    @Test
    void theKubeletsKillingOfMainAfterTheRequestConfirmsWhatFarBoundsLeaveLikely() {
        String started = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
        List<Finding> far = new PodDeletedDuringExecution().evaluate(deleted(deletedPod(), started)).findings();
        assertEquals(1, far.size());
        assertEquals(Confidence.LIKELY, far.get(0).confidence(), far.get(0).confidenceReason());
        List<Finding> killed = new PodDeletedDuringExecution().evaluate(deleted(deletedPod(), started,
                killingMain("2026-09-19T16:39:56Z", "2026-09-19T16:39:56Z"))).findings();
        assertEquals(1, killed.size());
        assertEquals(Confidence.CONFIRMED, killed.get(0).confidence(), killed.get(0).confidenceReason());
    }

    /**
     * Negative control: the Killing of main stored by the API server at 16:39:50, five seconds before the request (its stamp 16:40:00,
     * the node ahead): the kubelet was stopping main before the deletion came (its own stop, which this export does not show), so it is
     * not the deletion's kill, whatever its stamp reads; and without it the order stays as far bounds leave it.
     */
    @Test
    void aKillingTheApiServerStoredBeforeTheRequestIsNotTheDeletionsKill() {
        String started = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
        for (Finding f : new PodDeletedDuringExecution().evaluate(deleted(deletedPod(), started,
                killingMain("2026-09-19T16:40:00Z", "2026-09-19T16:39:50Z"))).findings()) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        }
    }
}
