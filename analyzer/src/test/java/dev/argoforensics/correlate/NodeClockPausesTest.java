package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 61 (s61-killing), redone in session 62 (s62-node): a node that stopped posting its status (the node lifecycle controller's
 * {@code NodeNotReady}) may have been a VM paused past the node-monitor grace period, behind by the pause when it resumed. Session 60
 * loosened a bound on the pause's side over the Pod's whole life; the pause begins no earlier than five minutes before the
 * {@code NodeNotReady} (the grace period after the last Lease renewal), and nothing places its end: session 61 closed it at the
 * kubelet's {@code NodeReady} on the Node, and its breaker showed a {@code NodeReady} stamped before the pause stored after the
 * NotReady (the event recorder's retry). A bound whose record and the time read both lie before the span's start has no pause between
 * them and holds as any other; any other holds on the pause's side only at its own stamp.
 *
 * <p>The Pod {@code ns/p} created 16:27:10 on ip-10-0-12-34, main started 16:27:14 (its Started Event stored in the same second), a
 * readiness probe's failure stamped 16:38:40 and stored in its second (its node then at most a second behind), main's exit 0 written
 * 16:39:20, the Pod deleted at 16:39:55 (grace 0). Read on the probe's bound, main ended at least 33 s before the deletion.
 */
class NodeClockPausesTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";
    private static final long SECOND = 1_000_000_000L;

    private static final String POD = Exports.Pod.of().startedAt("2026-09-19T16:27:14Z").phase("Succeeded").deleted("2026-09-19T16:39:55Z", 0)
            .terminated("main", 0, "Completed", "2026-09-19T16:39:20Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:21Z").yaml();

    private static String kubelet(String reason, String first, String created) {
        return Exports.Event.of(reason, first).storedAt(created).pod("ns", "p", "u-1").named("p." + reason.toLowerCase())
                .from("kubelet", NODE).yaml();
    }

    private static final String STARTED = kubelet("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
    private static final String UNHEALTHY = kubelet("Unhealthy", "2026-09-19T16:38:40Z", "2026-09-19T16:38:40Z");

    /** The node lifecycle controller's NodeNotReady on the Pod at {@code at} (the control plane's clock). */
    private static String notReady(String at) {
        return Exports.podEvent("NodeNotReady", "node-controller", "", at, "Node is not ready").replace("name: p.1", "name: p.notready");
    }

    /** The kubelet's NodeReady on its Node, stamped {@code first} on the node's clock and stored at {@code created} (null: none given). */
    private static String nodeReady(String first, String created) {
        return "apiVersion: v1\nkind: Event\nmetadata: {name: " + NODE + ".ready, namespace: default"
                + (created == null ? "" : ", creationTimestamp: \"" + created + "\"") + "}\n"
                + "involvedObject: {kind: Node, name: " + NODE + ", uid: " + NODE + "}\nreason: NodeReady\n"
                + "message: \"Node " + NODE + " status is now: NodeReady\"\nsource: {component: kubelet, host: " + NODE + "}\n"
                + "firstTimestamp: \"" + first + "\"\nlastTimestamp: \"" + first + "\"\ncount: 1\ntype: Normal\n";
    }

    private static NodeClock clock(String... objects) {
        Evidence e = new Evidence().log("c.log", deletedWhileRunning()).pod("pod.yaml", POD);
        for (int i = 0; i < objects.length; i++) {
            e.object("o-" + i + ".yaml", objects[i]);
        }
        return NodeClock.of(e.correlate().podsNamed("ns", "p").get(0), NODE);
    }

    private static Timestamp at(String rfc3339) {
        return Timestamp.parseRfc3339(rfc3339, TimePrecision.SECOND, true);
    }

    /** Whether main's end (16:39:20 on the node's clock) came before the deletion (16:39:55, the API server's). */
    private static NodeClock.NodeOrder endBeforeDeletion(NodeClock c) {
        return c.nodeBefore(at("2026-09-19T16:39:20Z"), at("2026-09-19T16:39:55Z"), 0);
    }

    @Test
    void withoutANotReadyTheProbesBoundOrdersTheEnd() {
        assertEquals(NodeClock.NodeOrder.BOUNDED, endBeforeDeletion(clock(STARTED, UNHEALTHY)));
    }

    /**
     * Precision, session 62: the node NotReady at 16:31:00 and a kubelet's NodeReady stamped 16:32:30 (stored in its second, after the
     * NotReady). Session 61 closed the span there (the probe's record, 16:38:40, and main's end, 16:39:20, both after it: BOUNDED); but
     * a NodeReady shows no return (the recorder retries a post from before the pause, {@code NodeClockPausesS61BreakerTest}), and a
     * second pause after it would show as the same NotReady still open. The span only opens: the probe's bound holds only at its stamp,
     * and main's end 35 s before the deletion, within the node's minute, orders nothing.
     */
    @Test
    void aNodeReadyAfterTheNotReadyDoesNotCloseTheSpan() {
        NodeClock c = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:31:00Z"), nodeReady("2026-09-19T16:32:30Z", "2026-09-19T16:32:30Z"));
        assertNotNull(c.notReady());
        assertEquals(1, c.pauses().size(), c.pauses().toString());
        assertNull(c.pauses().get(0).beforeNode(), "the Started Event was stored after 16:26:00, five minutes before the NotReady");
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c));
    }

    /** Precision: a NotReady whose end nothing shows (no NodeReady) stays open to the end of the evidence: the bound holds only at its stamp. */
    @Test
    void aNotReadyWithNoReturnShownStaysOpen() {
        NodeClock c = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:31:00Z"));
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c));
    }

    /**
     * Precision: the node NotReady at 16:39:00 and a NodeReady stamped 16:39:10 (stored at 16:39:50, or in its own second): the pause
     * may lie between the probe's record (16:38:40) and main's end (16:39:20), which may then have been written on a clock behind by the
     * pause: the probe's bound does not reach the end. Session 62: a NodeReady stored in its second bounds the clock at its own stamp
     * only; 10 s later a pause may have begun again (the span stays open), so it does not order the end either (session 61: BOUNDED).
     */
    @Test
    void aNotReadyBetweenTheRecordAndTheEndStillLoosensTheBound() {
        NodeClock c = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:39:00Z"), nodeReady("2026-09-19T16:39:10Z", "2026-09-19T16:39:50Z"));
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c));
        NodeClock prompt = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:39:00Z"), nodeReady("2026-09-19T16:39:10Z", "2026-09-19T16:39:10Z"));
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(prompt));
    }

    /**
     * Precision: a NodeReady with no creationTimestamp (its stamp alone, on the node's clock) is not placed after the NotReady: it may be
     * an earlier return's. The span stays open.
     */
    @Test
    void aNodeReadyWithoutItsStorageDoesNotCloseTheSpan() {
        NodeClock c = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:31:00Z"), nodeReady("2026-09-19T16:32:30Z", null));
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c));
    }

    /**
     * Precision: a NodeReady stored before the NotReady is an earlier return's, and does not close this span; nor does one stored in the
     * NotReady's own second (not clearly after it).
     */
    @Test
    void aNodeReadyStoredBeforeTheNotReadyDoesNotCloseIt() {
        for (String stored : List.of("2026-09-19T16:30:30Z", "2026-09-19T16:31:00Z")) {
            NodeClock c = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:31:00Z"), nodeReady("2026-09-19T16:30:30Z", stored));
            assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c), stored);
        }
    }

    /**
     * Session 62, the span's start placed end to end: the NotReady on the Pod at 16:50:00 (the node stopped posting after 16:45:00 at the
     * earliest), and a kubelet's probe warning stamped 16:39:30, stored at 16:44:00 (a slow post, bounding nothing near), before then:
     * the node ran at 16:39:30 on its clock, so the probe's record (16:38:40) and main's end (16:39:20) both lie before any pause, and
     * the probe's bound orders the end. Precision: without that warning the span may have begun right after the probe's record (the
     * latest kubelet record stored before 16:45:00): main's end is not ordered.
     */
    @Test
    void aSpanBegunAfterTheRecordAndTheEndLeavesTheBound() {
        String warning = kubelet("ProbeWarning", "2026-09-19T16:39:30Z", "2026-09-19T16:44:00Z");
        NodeClock c = clock(STARTED, UNHEALTHY, warning, notReady("2026-09-19T16:50:00Z"));
        assertEquals(Instant.parse("2026-09-19T16:39:30Z"), c.pauses().get(0).beforeNode(), c.pauses().toString());
        assertEquals(NodeClock.NodeOrder.BOUNDED, endBeforeDeletion(c));
        NodeClock unwritten = clock(STARTED, UNHEALTHY, notReady("2026-09-19T16:50:00Z"));
        assertEquals(Instant.parse("2026-09-19T16:38:40Z"), unwritten.pauses().get(0).beforeNode(), unwritten.pauses().toString());
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(unwritten));
    }

    /** Precision: shown only by the taint manager's eviction, the span is not placed at all (the taint follows the NotReady by a toleration). */
    @Test
    void aTaintManagerEvictionAloneIsNotPlaced() {
        String eviction = Exports.podEvent("TaintManagerEviction", "taint-eviction-controller", "", "2026-09-19T16:39:50Z",
                "Marking for deletion Pod ns/p").replace("name: p.1", "name: p.taint");
        NodeClock c = clock(STARTED, UNHEALTHY, eviction, nodeReady("2026-09-19T16:32:30Z", "2026-09-19T16:32:30Z"));
        assertEquals(1, c.pauses().size(), c.pauses().toString());
        assertNull(c.pauses().get(0).beforeNode());
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c));
    }

    /**
     * The span's other side: a record the API server stored more than five minutes before the NotReady bounds times up to its stamp on
     * the node's clock. A lower bound recorded at 16:20:00 read at 16:20:30 (both before a span begun after 16:25:10) holds; read at
     * 16:40:00, after the span, on the pause's side, it holds only at its own stamp.
     */
    @Test
    void aBoundAndATimeBothBeforeTheSpanHold() {
        Instant rec = Instant.parse("2026-09-19T16:20:00Z");
        NodeClock.Bound lower = new NodeClock.Bound(true, -SECOND, rec, "an Event stored in its second");
        NodeClock.Pause pause = new NodeClock.Pause("NodeNotReady", Instant.parse("2026-09-19T16:25:10Z"));
        NodeClock c = new NodeClock("n", -SECOND, "an Event stored in its second", null, null, List.of(lower), java.util.Map.of(),
                "its NodeNotReady Event on the Pod", List.of(pause));
        assertEquals(NodeClock.NodeOrder.BOUNDED, c.nodeBefore(at("2026-09-19T16:20:30Z"), at("2026-09-19T16:20:45Z"), 0));
        assertEquals(NodeClock.NodeOrder.NONE, c.nodeBefore(at("2026-09-19T16:40:00Z"), at("2026-09-19T16:40:15Z"), 0));
        // Session 60's reading, the span not placed: the bound holds at its stamp only, before as after.
        NodeClock whole = new NodeClock("n", -SECOND, "an Event stored in its second", null, null, List.of(lower), java.util.Map.of(),
                "its NodeNotReady Event on the Pod");
        assertEquals(NodeClock.NodeOrder.NONE, whole.nodeBefore(at("2026-09-19T16:20:30Z"), at("2026-09-19T16:20:45Z"), 0));
    }
}
