package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 56 breaker of the node-clock bound ({@code correlate.NodeClock}): a node's time ordered against the controller's or the
 * API server's by a bound read from the Pod's kubelet Events. Each case is one a real cluster produces; each asserts the right
 * answer (no {@code confirmed} where the evidence does not order the two clocks).
 */
class NodeClockBoundBreakerTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";

    private static String shutdown(String t) {
        return "time=" + t + " level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker workflow=p namespace=ns "
                + "podName=p shutdownStrategy=Stop";
    }

    /** A kubelet Event of Pod p (uid, host given) stamped {@code first} on its node's clock and stored at {@code created}. */
    static String kubeletEvent(String reason, String first, String created, String uid, String host, int count) {
        return Exports.Event.of(reason, first).storedAt(created).count(count).pod("ns", "p", uid).named("p." + reason.toLowerCase() + uid)
                .from("kubelet", host).yaml();
    }

    static String kubeletEvent(String reason, String first, String created) {
        return kubeletEvent(reason, first, created, "u-1", NODE, 1);
    }

    static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    private static Correlation correlate(String pod, String workflow, List<String> lines, String... events) {
        Evidence e = new Evidence().pod("pod.yaml", pod).workflow("wf.yaml", workflow).log("1.log", lines.toArray(String[]::new));
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return e.correlate();
    }

    /** Pod p Succeeded, main and wait ended (exit 0) at the given times on its node's clock. */
    static String succeeded(String mainEnd, String waitEnd) {
        return Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", mainEnd).terminated("wait", 0, "Completed", waitEnd).yaml();
    }

    /**
     * {@code argo stop} of Workflow p at the controller's {@code stop} (whole seconds: its shutdown line 101 ms after, the node marked
     * Failed 4 ms later, the Workflow finished at {@code stop}), the controller's Created pod line at {@code created} (null: none in
     * its log), with the Pod's Events.
     */
    static Correlation stopped(String pod, String stop, String created, String... events) {
        String wf = Exports.workflow("Failed", "Failed", "workflow shutdown with strategy:  Stop", stop + "Z", true, null);
        List<String> lines = new java.util.ArrayList<>();
        if (created != null) {
            lines.add(createdPod(created));
        }
        lines.add(shutdown(stop + ".101Z"));
        lines.add(nodePhaseChanged(stop + ".105Z", "Running", "Failed"));
        return correlate(pod, wf, lines, events);
    }

    static void notConfirmed(Correlation c) {
        List<Finding> f = new SuccessReportedAsError().evaluate(c).findings();
        for (Finding x : f) {
            assertNotEquals(Confidence.CONFIRMED, x.confidence(), x.confidenceReason());
        }
    }

    /**
     * argo stop on a controller whose node's clock is 82 s ahead (its Created pod line reads 82 s after the Pod's creationTimestamp);
     * the Pod's node keeps time (its Events stored within a second of their stamps). main answered the stop's SIGTERM with exit 0 a
     * second after it (true time), wait after. Read on the controller's clock the stop is 81 s after main's end: the node's clock is
     * bounded against the API server's, but the controller's is not (it is 82 s off, as its own Created pod line shows), so main's
     * end does not order before the stop: no confirmed "success reported as error".
     */
    @Test
    void controllerClockAheadOfTheApiServerDoesNotConfirm() {
        Correlation c = stopped(succeeded("2026-09-19T16:30:01Z", "2026-09-19T16:30:02Z"), "2026-09-19T16:31:22", "2026-09-19T16:28:32.431Z",
                kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z"));
        notConfirmed(c);
    }

    /**
     * The same stop on a controller whose node's clock is 30 s ahead (its Created pod line 30 s after the Pod's creationTimestamp):
     * main answered the stop a second after it (true time), read 29 s before the stop line. The node's clock is bounded (its Events
     * stored within a second of their stamps), the controller's is not within the 10 s two clocks are allowed (its own Created pod
     * line shows it up to 31 s ahead): main's end does not order before the stop, which stands and clears the exit 0.
     */
    @Test
    void controllerClock30sAheadLetsTheStopStand() {
        Correlation c = stopped(succeeded("2026-09-19T16:30:02Z", "2026-09-19T16:30:03Z"), "2026-09-19T16:30:31", "2026-09-19T16:27:40.431Z",
                kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z"));
        notConfirmed(c);
    }

    /**
     * The stop logged by a controller run elected on a node whose clock is 30 s ahead, its log holding none of the Pod's creation (the
     * Pod was created by the run before the failover): main answered the stop a second after it (true time), read 29 s before the stop
     * line. The Pod's node is bounded by its Events, the controller's clock by nothing: the 10 s two clocks are allowed is no bound,
     * so main's end orders before the stop only past the node's minute, which 29 s is not. Broke before (AF002 confirmed on the
     * node's bound and the controller's assumed 10 s; without the Event, cleared as the stop's answer): the stop stands.
     */
    @Test
    void aControllerRunWithoutTheCreationLineIsNotBoundedByTheNodesEvents() {
        Correlation c = stopped(succeeded("2026-09-19T16:30:02Z", "2026-09-19T16:30:03Z"), "2026-09-19T16:30:31", null,
                kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z"));
        assertTrue(life(c).stoppedByController().isPresent());
        Evaluation e = new SuccessReportedAsError().evaluate(c);
        assertEquals(List.of(), e.findings());
        assertEquals(List.of("AF002.cleared.controllerStopped"), e.cleared().stream().map(x -> x.why().code()).toList());
    }

    /**
     * Control: the same Pod, the controller keeping time (its Created pod line within a second of the creation) and main's end 70 s
     * before its stop: the bounded order confirms. Session 59: where the node's Event within the minute of main's end bounds it (a
     * readiness probe's failure stamped 16:28:30, stored within its second); the start's Event alone, 96 s before the end, bounds the
     * clock there only while nothing stepped it away since: likely. Session 60: the controller's clock too is bounded only by its
     * Created pod line, 170 s before the stop: likely (NodeClockS60Test has the run bounded within the minute, confirmed).
     */
    @Test
    void controllerKeepingTimeByAFarCreatedLineIsLikely() {
        String probe = kubeletEvent("Unhealthy", "2026-09-19T16:28:30Z", "2026-09-19T16:28:30Z", "u-1", NODE, 1);
        Correlation c = stopped(succeeded("2026-09-19T16:28:50Z", "2026-09-19T16:30:02Z"), "2026-09-19T16:30:00", "2026-09-19T16:27:10.431Z",
                kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z"), probe);
        List<Finding> f = new SuccessReportedAsError().evaluate(c).findings();
        assertEquals(1, f.size());
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
        Correlation far = stopped(succeeded("2026-09-19T16:28:50Z", "2026-09-19T16:30:02Z"), "2026-09-19T16:30:00", "2026-09-19T16:27:10.431Z",
                kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z"));
        List<Finding> g = new SuccessReportedAsError().evaluate(far).findings();
        assertEquals(1, g.size());
        assertEquals(Confidence.LIKELY, g.get(0).confidence(), g.get(0).confidenceReason());
    }

    /**
     * A four-hour step on a node 88 s ahead at its start (its Started Event stamped 88 s after the API server stored it); between
     * the start and the stop, the node's time daemon came back and stepped its clock back to true time (systemd-timesyncd steps past
     * 0.4 s). argo stop at 20:30:00.1; main answered it with exit 0 at 20:30:00.9 on the now-true clock. A bound taken four hours
     * before does not bound the clock at main's end: no confirmed.
     */
    @Test
    void aBoundFromHoursBeforeTheEndDoesNotConfirm() {
        String pod = succeeded("2026-09-19T20:30:00Z", "2026-09-19T20:30:02Z")
                .replace("startedAt: \"2026-09-19T16:27:14Z\"", "startedAt: \"2026-09-19T16:28:42Z\"");
        Correlation c = stopped(pod, "2026-09-19T20:30:00", "2026-09-19T16:27:10.431Z",
                kubeletEvent("Started", "2026-09-19T16:28:42Z", "2026-09-19T16:27:14Z"));
        notConfirmed(c);
        // The far bound takes the order away (it shows the node ahead, not behind), and the node's minute does not give it: the stop stands.
        assertTrue(life(c).stoppedByController().isPresent());
        assertTrue(life(c).stopSetAsideOnNodeMargin().isEmpty());
    }

    /**
     * A namesake Pod's Events (the Pod's predecessor, another uid, rescheduled from another node whose clock is 5 min ahead) bound
     * nothing of this Pod's node; this Pod's own node is unbounded, so main's end 70 s before the stop is at most likely.
     */
    @Test
    void aPredecessorsEventsOnAnotherNodeBoundNothing() {
        Correlation c = stopped(succeeded("2026-09-19T16:28:50Z", "2026-09-19T16:30:02Z"), "2026-09-19T16:30:00", "2026-09-19T16:27:10.431Z",
                kubeletEvent("Started", "2026-09-19T16:20:14Z", "2026-09-19T16:15:14Z", "u-0", "ip-10-0-99-1.ec2.internal", 1));
        NodeClock clock = life(c).containersEnd().orElseThrow().clock();
        assertNull(clock.lowerNanos(), clock.toString());
        notConfirmed(c);
    }
}
