package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 56: a node's time ordered against the API server's or the controller's by the node's minute alone is at most likely; with
 * the node's clock bounded from the Pod's own kubelet Events ({@code firstTimestamp} against {@code metadata.creationTimestamp}) it
 * orders by the bounded offset, and that can be confirmed, or not ordered at all where the Events show the node far behind (session
 * 55's unseen seed 2909: {@code argo stop} answered by main's exit 0 on a node 82 s behind, read as a stop after main's end, AF002
 * confirmed).
 */
class NodeEventsClockTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";

    /** Pod p: main exited 0 at 16:28:50 on its node's clock, wait at 16:30:02 (the stop's SIGTERM), never deleted. */
    private static final String MAIN_DONE = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:28:50Z")
            .terminated("wait", 0, "Completed", "2026-09-19T16:30:02Z").yaml();

    private static String shutdown(String t) {
        return "time=" + t + " level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker workflow=p namespace=ns "
                + "podName=p shutdownStrategy=Stop";
    }

    /** A kubelet Event of Pod p stamped {@code first} on its node's clock and stored by the API server at {@code created}. */
    static String kubeletEvent(String reason, String first, String created) {
        return Exports.Event.of(reason, first).storedAt(created).message("Started container main").from("kubelet", NODE).yaml();
    }

    /** The Workflow's export: the node failed by the stop at 16:30:00 (its message the controller's shutdown). */
    private static final String STOPPED_NODE = Exports.workflow("Failed", "Failed", "workflow shutdown with strategy:  Stop",
            "2026-09-19T16:30:00Z", true, null);

    private static Correlation stopped(String... events) {
        Evidence e = new Evidence().pod("pod.yaml", MAIN_DONE).workflow("wf.yaml", STOPPED_NODE).log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                shutdown("2026-09-19T16:30:00.101Z"), nodePhaseChanged("2026-09-19T16:30:00.105Z", "Running", "Failed"));
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return e.correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    /** Nothing bounds the node's clock: main's end 70 s before the stop orders only past the node's minute, likely, saying so. */
    @Test
    void aStopAfterMainsEndByTheNodesMarginAloneIsLikely() {
        Correlation c = stopped();
        assertTrue(life(c).stoppedByController().isEmpty());
        assertNotNull(life(c).stopSetAsideOnNodeMargin().orElse(null));
        List<Finding> f = new SuccessReportedAsError().evaluate(c).findings();
        assertEquals(1, f.size());
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
        assertEquals("AF002.reason.stopOnNodeMargin", f.get(0).reason().code());
        assertTrue(f.get(0).confidenceReason().contains("stopped the Pod at 2026-09-19T16:30:00Z"), f.get(0).confidenceReason());
    }

    /** The Pod's kubelet Events stored within a second of their stamps bound the node's clock: the order is one clock's, confirmed. */
    @Test
    void aNodeClockBoundedByItsEventsConfirms() {
        Correlation c = stopped(kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"));
        // Session 59 (s59-away): the bound is the Pod's start, minutes before the time ordered: FAR, at most likely (NodeClock.NodeOrder.FAR).
        assertTrue(life(c).stopSetAsideOnNodeMargin().isPresent());
        NodeClock clock = life(c).containersEnd().orElseThrow().clock();
        assertEquals(-2_000_000_000L, clock.lowerNanos(), clock.toString());
        List<Finding> f = new SuccessReportedAsError().evaluate(c).findings();
        assertEquals(1, f.size());
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
    }

    /**
     * Seed 2909's shape: the node's Events were stored 82 s after their stamps (its clock 82 s behind), so main's end read 70 s before
     * the stop may be after it: the stop stands and clears the exit 0 as its answer.
     */
    @Test
    void aNodeFarBehindByItsEventsLetsTheStopStand() {
        Correlation c = stopped(kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:28:36Z"));
        assertTrue(life(c).stoppedByController().isPresent());
        assertTrue(life(c).stopSetAsideOnNodeMargin().isEmpty());
        Evaluation e = new SuccessReportedAsError().evaluate(c);
        assertEquals(List.of(), e.findings());
        assertEquals(List.of("AF002.cleared.controllerStopped"), e.cleared().stream().map(x -> x.why().code()).toList());
    }

    /** An Event without a time of its own (its first time read from its creation) bounds nothing; nor a scheduler's Event. */
    @Test
    void eventsWithoutAKubeletStampBoundNothing() {
        String noStamp = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z").replace("firstTimestamp: \"2026-09-19T16:27:14Z\"\n", "")
                .replace("lastTimestamp: \"2026-09-19T16:27:14Z\"\n", "");
        String scheduler = kubeletEvent("Scheduled", "2026-09-19T16:27:11Z", "2026-09-19T16:27:11Z").replace("component: kubelet", "component: default-scheduler");
        Correlation c = stopped(noStamp, scheduler);
        assertNull(life(c).containersEnd().orElseThrow().clock().lowerNanos());
        assertEquals(Confidence.LIKELY, new SuccessReportedAsError().evaluate(c).findings().get(0).confidence());
        // Control: the stamped Event alone bounds it.
        assertNotNull(life(stopped(kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"))).containersEnd().orElseThrow()
                .clock().lowerNanos());
    }

    /**
     * A deleted export whose main ended more than a minute after the request (deletionTimestamp less the grace period) on its node's
     * clock: running at the deletion. Its kubelet's {@code status.startTime} a second after the binding ({@code PodScheduled}, the API
     * server's, the scheduler's {@code Scheduled} Event showing the Pod went through it) bounds the node's clock from above (no more
     * than 2 s ahead): the order is bounded, not the margin's. Without the scheduler's Event, the same order rests on the margin.
     * Session 57: without it, the Pod's own creation (16:27:10) still bounds the node, less tightly (3.4 s ahead at most): a start is
     * after the creation whoever bound the Pod. The margin is left for an export whose start is over an hour from the end it orders.
     */
    @Test
    void mainEndedAfterTheRequestByABoundedClockIsNotOnTheMargin() {
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:30Z", 30).terminated("main", 143, "Error", "2026-09-19T16:41:30Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:41:31Z").condition("PodScheduled", "True", "", "2026-09-19T16:27:11Z").yaml()
                .replace("status:\n  phase: Failed\n", "status:\n  phase: Failed\n  startTime: \"2026-09-19T16:27:12Z\"\n");
        String scheduled = kubeletEvent("Scheduled", "2026-09-19T16:27:11Z", "2026-09-19T16:27:11Z").replace("component: kubelet", "component: default-scheduler");
        Execution x = life(new Evidence().pod("pod.yaml", pod).object("events.yaml", scheduled).log("1.log", createdPod("2026-09-19T16:27:10.431Z"))
                .correlate()).execution();
        assertEquals(Execution.State.RUNNING, x.state(), x.reason());
        assertTrue(x.nodeMargin(), x.reason()); // Session 59 (s59-away): the bound is the Pod's start, minutes before the time ordered: FAR, at most likely (NodeClock.NodeOrder.FAR).
        assertTrue(x.reason().contains("no more than 2.429s ahead"), x.reason()); // 2 s and 14 min 18 s of drift at 500 ppm (breaker)
        Execution created = life(new Evidence().pod("pod.yaml", pod).log("1.log", createdPod("2026-09-19T16:27:10.431Z")).correlate()).execution();
        assertEquals(Execution.State.RUNNING, created.state(), created.reason());
        assertTrue(created.nodeMargin(), created.reason());
        assertTrue(created.reason().contains("no more than 3.429s ahead of it (its kubelet's status.startTime 2026-09-19T16:27:12Z, after the Pod was "
                + "created at 2026-09-19T16:27:10Z)"), created.reason());
        // The same Pod started two hours before the request (its records beyond a bound's hour of main's end): on the margin.
        String early = pod.replace("16:27:1", "14:27:1");
        Execution margin = life(new Evidence().pod("pod.yaml", early).log("1.log", createdPod("2026-09-19T14:27:10.431Z")).correlate()).execution();
        assertEquals(Execution.State.RUNNING, margin.state(), margin.reason());
        assertTrue(margin.nodeMargin(), margin.reason());
    }
}
