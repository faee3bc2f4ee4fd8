package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static dev.argoforensics.testing.V4.podEvent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 57 breaker (s57-b-minute) of the node-clock readers s57-minute moved onto {@code correlate.NodeClock}: records that bound
 * a node's clock wrongly rather than loosely, Events of another object or another host, and a lost node's last report.
 */
class NodeClockReadersBreakerTest {
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String NODE = "ip-10-0-12-34.ec2.internal";

    private static String[] deletedLines() {
        return deletedWhileRunning();
    }

    /** A kubelet Event about Pod ns/p of {@code uid}, written on {@code host}, stamped {@code first}, stored at {@code created}. */
    static String kubeletEvent(String reason, String uid, String host, String first, String created, String container) {
        return Exports.Event.of(reason, first).storedAt(created).pod("ns", "p", uid).container(container).named("p." + uid + reason.toLowerCase())
                .from("kubelet", host).yaml();
    }

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    /**
     * The deleted Pod (uid u-1) on a lost node: the export shows main running and wait ended 10 s after the request (16:40:00.212), as
     * the kubelet last reported before its node went NotReady; within the node's minute, so nothing the lost kubelet wrote is known to
     * be after the request. Session 57 (reconcile2): the containers started 16:28:09 on the node's clock, 59 s after the Pod's
     * creation, as a node up to a minute ahead (or an image pull that long) writes it; the default start (16:27:14) bounds the node
     * within 5 s of the API server's, and then wait's end 10 s after the request is known after it: not the premise.
     */
    private static Evidence lostNode() {
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:28:09Z").deleted("2026-09-19T16:40:30Z", 30).running("main").terminated("wait", 143, "Error", "2026-09-19T16:40:10Z").yaml();
        return new Evidence().log("c.log", deletedLines()).pod("pod.yaml", pod)
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:40:00.212345Z", 200))
                .object("ev.yaml", Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:41:50Z", "Node is not ready"))
                .workflow("wf.yaml", ERRORED_WORKFLOW);
    }

    /**
     * Attack: {@code argo retry} (or the Workflow submitted again under its name) makes a later Pod of the name (uid u-2) on another
     * node; the namespace's Events, exported for the incident, hold its kubelet's Pulled/Started Events minutes after the request. They
     * are another object's, written by another kubelet: they say nothing of what the lost node's kubelet reported. The lost node's last
     * report stays the frozen one (AF007 likely, its caveat), as without those Events.
     */
    @Test
    void aLaterNamesakesKubeletEventsOnAnotherNodeAreNotTheLostKubeletsReport() {
        Execution alone = life(lostNode().correlate()).execution();
        assertTrue(alone.frozenReport(), alone.toString());
        Correlation c = lostNode()
                .object("later-1.yaml", kubeletEvent("Pulled", "u-2", "ip-10-0-77-7.ec2.internal", "2026-09-19T16:47:04Z", "2026-09-19T16:47:04Z", "main"))
                .object("later-2.yaml", kubeletEvent("Started", "u-2", "ip-10-0-77-7.ec2.internal", "2026-09-19T16:47:05Z", "2026-09-19T16:47:05Z", "main"))
                .correlate();
        Execution x = life(c).execution();
        assertTrue(x.frozenReport(), x.toString());
        Finding f = new PodDeletedDuringExecution().evaluate(c).findings().get(0);
        assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
    }

    /**
     * Attack: the lost node's own kubelet, its container runtime no longer answering (PLEG not healthy), still posts its Node's status
     * and records {@code NodeNotReady} on the Node (uid: the node's name, as the kubelet writes it) a minute and a half after the
     * request; the node controller then marks the Pod not ready. That Event is about the Node: the containers' report stays the last
     * one the kubelet made, frozen.
     */
    @Test
    void theLostKubeletsOwnNodeNotReadyIsNoReportOfTheContainers() {
        String nodeEvent = """
                apiVersion: v1
                kind: Event
                count: 1
                firstTimestamp: "2026-09-19T16:41:35Z"
                lastTimestamp: "2026-09-19T16:41:35Z"
                involvedObject: {kind: Node, name: %s, uid: %s}
                message: "Node %s status is now: NodeNotReady"
                metadata: {creationTimestamp: "2026-09-19T16:41:35Z", name: %s.1, namespace: default}
                reason: NodeNotReady
                source: {component: kubelet, host: %s}
                type: Normal
                """.formatted(NODE, NODE, NODE, NODE, NODE);
        Correlation c = lostNode().object("node-ev.yaml", nodeEvent).correlate();
        Execution x = life(c).execution();
        assertTrue(x.frozenReport(), x.toString());
    }

    /** The Pod export {@code yaml} with PodScheduled at {@code scheduled} and {@code status.startTime} at {@code startTime}. */
    private static String started(String yaml, String scheduled, String startTime) {
        String phase = yaml.substring(yaml.indexOf("status:\n  phase: ") + "status:\n  phase: ".length());
        phase = phase.substring(0, phase.indexOf('\n'));
        return yaml.replace("status:\n  phase: " + phase + "\n", "status:\n  phase: " + phase + "\n  startTime: \"" + startTime + "\"\n")
                .replace("  conditions:\n", "  conditions:\n  - {type: PodScheduled, status: \"True\", lastTransitionTime: \"" + scheduled + "\"}\n");
    }

    /**
     * Attack: a Pod created with {@code spec.nodeName} set (a podSpecPatch pinning the node): no scheduler binds it, so its kubelet
     * writes {@code PodScheduled} itself, on its node's clock, the same second as {@code status.startTime}; read against the API
     * server's clock it "bounds" the node to within a second of it whatever the node's clock reads. The namespace's Events hold the
     * scheduler's {@code Scheduled} Event of an earlier Pod of the name (uid u-0, the Workflow's earlier run), not of this one. The
     * node here is 90 s ahead: main's 137 written 16:41:31 came at the request (16:40:00). No bound: not confirmed. Session 57
     * (reconcile2): the containers' start is written on that clock too (16:28:44, after the start 16:28:41); the default 16:27:14
     * would bound the node within 5 s of the API server's, against the premise. The starts bound it below 94 s ahead only.
     */
    @Test
    void aKubeletWrittenPodScheduledBoundsNothingEvenBesideANamesakesScheduledEvent() {
        String running = Exports.Pod.of().startedAt("2026-09-19T16:28:44Z").phase("Running").deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml();
        String ended = Exports.Pod.of().startedAt("2026-09-19T16:28:44Z").phase("Failed").deleted("2026-09-19T16:40:00Z", 0).terminated("main", 137, "Error", "2026-09-19T16:41:31Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:41:31Z").yaml();
        String scheduled = kubeletEvent("Scheduled", "u-0", "", "2026-09-19T16:05:11Z", "2026-09-19T16:05:11Z", "main")
                .replace("component: kubelet", "component: default-scheduler").replace("  host: \n", "");
        Correlation c = new Evidence().log("c.log", deletedLines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .takenAt("a-running.yaml", "2026-09-19T16:40:05Z", started(running, "2026-09-19T16:28:41Z", "2026-09-19T16:28:41Z"))
                .takenAt("b-ended.yaml", "2026-09-19T16:45:00Z", started(ended, "2026-09-19T16:28:41Z", "2026-09-19T16:28:41Z"))
                .object("audit.log", Exports.audit("delete", "", "dana@example.com", "2026-09-19T16:40:00.000000Z", 200))
                .object("events.yaml", scheduled).correlate();
        new PodDeletedDuringExecution().evaluate(c).findings()
                .forEach(f -> assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason()));
    }

    // ---- AF010: an exported 137 at/after the SIGKILL round on a node known ahead ----------------------------------------------------

    private static String signaled(String t, String container, String error) {
        return "time=" + t + " level=INFO msg=\"signaled container\" component=pod_controller namespace=ns pod=p container=" + container
                + " stdout=\"\" stderr=\"\" error=" + error;
    }

    private static Evaluation killRound(String proxyEnd, String roundError, String... events) {
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"), dev.argoforensics.testing.V4.cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.200Z", "wait", "<nil>"), signaled("2026-09-19T16:30:00.300Z", "proxy", "<nil>"),
            dev.argoforensics.testing.V4.queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s"),
            dev.argoforensics.testing.V4.cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy", roundError), dev.argoforensics.testing.V4.workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:30:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", proxyEnd).yaml();
        Evidence e = new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod);
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return new ContainerWouldNotStop().evaluate(e.correlate());
    }

    /**
     * Attack on AF010's confirmed branch (s57-minute's note (3): not read through the clock): proxy's 137 written 16:30:45, after the
     * SIGKILL round's line (16:30:30.400), on a node its kubelet Event shows at least 38 s ahead: as the API server's clock reads, the
     * 137 came no later than 16:30:07, before the round, as if another's SIGKILL had ended it and the round found it gone. It holds:
     * the round's exec of the kill command into proxy returned no error, and the API server's exec into a container that is no longer
     * running fails ({@code container not found}, #13627's shape, which the rounds read as stopped): proxy ran at the round, whatever
     * the node's clock; the node's bound can only be the one that is off. Confirmed stands. Control: the round's exec failing with
     * {@code container not found} finds nothing running: no finding.
     */
    @Test
    void anExported137AfterTheRoundOnANodeKnownAheadStillConfirmsWhereTheRoundsExecRan() {
        String ahead = kubeletEvent("Started", "u-1", NODE, "2026-09-19T16:27:54Z", "2026-09-19T16:27:15Z", "main");
        Evaluation ran = killRound("2026-09-19T16:30:45Z", "<nil>", ahead);
        assertEquals(1, ran.findings().size(), ran.cleared().toString());
        assertEquals(Confidence.CONFIRMED, ran.findings().get(0).confidence(), ran.findings().get(0).confidenceReason());
        Evaluation gone = killRound("2026-09-19T16:30:45Z", "\"unable to upgrade connection: container not found (\\\"proxy\\\")\"", ahead);
        gone.findings().forEach(f -> assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason()));
    }

    /**
     * Attack: a clock stepped between the record that bounds it and the time it orders. A node the autoscaler just added starts its
     * kubelet before its time daemon's first sync: its Started Event stamped 16:27:54 is stored at 16:27:15 (the node at least 38 s
     * ahead), then chrony steps the clock back by 39 s. main's end written 16:29:45 is the API server's 16:29:45; the excerpt lost the
     * first SIGTERM round, which ran no later than 16:30:00.302 (a grace period before the SIGKILL round) and may have found main
     * still running (the controller stopping the Pod: cleared). Read through the stale bound main ended by 16:29:07, a grace period
     * before that round: confirmed, on a bound no longer true. Nothing in these records shows the step (one bound from below, none
     * from above to cross it). Session 57 (reconcile2): the containers' start is written on the clock as it was then (16:27:53, a
     * second before the Started Event; the default 16:27:14 would cross the Event's bound and drop both); s57-b-bounds' step rule
     * ({@code NodeClock.STEP_FREE_NANOS}) answers it: main's end is two minutes after the bounding records, so the 38 s ahead holds
     * only as "at least in step". main's end is 16:29:58 (the breaker wrote 16:29:45): a true 16:29:45 is 15 s before the cut
     * round's due time (16:30:00.302), and a node known in step confirms that too (the rule's reading of the round's time from the
     * SIGKILL line, not the clock's); at a true 16:29:58 only the stale bound (ended by 16:29:21) orders main's end a grace period
     * before the SIGKILL round, which is what this attack is about.
     */
    @Test
    void aClockSteppedAfterItsBoundingEventDoesNotConfirmTheCutRound() {
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"), dev.argoforensics.testing.V4.cleaningUp("2026-09-19T16:30:00.900Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.950Z", "wait", "<nil>"), signaled("2026-09-19T16:30:00.960Z", "proxy", "<nil>"),
            dev.argoforensics.testing.V4.queueingAfter("2026-09-19T16:30:00.961Z", "killContainers", "30s"),
            dev.argoforensics.testing.V4.cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy", "<nil>"), dev.argoforensics.testing.V4.workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:27:53Z").phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:29:58Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z").yaml();
        Evidence e = new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod)
                .object("events.yaml", kubeletEvent("Started", "u-1", NODE, "2026-09-19T16:27:54Z", "2026-09-19T16:27:15Z", "main"));
        Evaluation ev = new ContainerWouldNotStop().evaluate(e.correlate());
        ev.findings().forEach(f -> assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason()));
    }
}
