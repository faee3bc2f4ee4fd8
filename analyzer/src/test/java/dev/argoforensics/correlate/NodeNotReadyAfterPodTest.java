package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 62 (s61 breaker's attack (d), pre-existing on main): a Node's {@code NodeNotReady} stored after the Pod's last record.
 *
 * <p>The Pod {@code ns/p} on ip-10-0-12-34: main started 16:27:14 (Started stored in its second), a readiness probe's failure stamped
 * 16:38:40 and stored in its second (the node then at most a second behind), main's exit written 16:39:20 on the node's clock, the Pod
 * deleted at 16:39:55 (API server). Read on the probe's bound alone, main ended 35 s before the deletion. The node lifecycle controller
 * writes {@code NodeNotReady} a node-monitor grace period (40 s before Kubernetes 1.32, 50 s since; operators raise it) after the
 * kubelet's last Lease renewal (every 10 s), at its next monitor pass (5 s): a VM paused at 16:39:00 on its clock, before main's end was
 * written, shows up as a NotReady stored after the Pod's deletion, on the Node only (the Pod, deleted, gets none of its own).
 */
class NodeNotReadyAfterPodTest {
    static final String NODE = "ip-10-0-12-34.ec2.internal";

    static final String POD = Exports.Pod.of().startedAt("2026-09-19T16:27:14Z").phase("Succeeded").deleted("2026-09-19T16:39:55Z", 0)
            .terminated("main", 0, "Completed", "2026-09-19T16:39:20Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:21Z").yaml();

    static String kubelet(String reason, String first, String created) {
        return Exports.Event.of(reason, first).storedAt(created).pod("ns", "p", "u-1").named("p." + reason.toLowerCase())
                .from("kubelet", NODE).yaml();
    }

    static final String STARTED = kubelet("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
    static final String UNHEALTHY = kubelet("Unhealthy", "2026-09-19T16:38:40Z", "2026-09-19T16:38:40Z");

    /** The node lifecycle controller's {@code NodeNotReady} on the Node {@code node}, stamped and stored at {@code at}. */
    static String nodeNotReady(String node, String at) {
        return "apiVersion: v1\nkind: Event\nmetadata: {name: " + node + ".nnr, namespace: default, creationTimestamp: \"" + at + "\"}\n"
                + "involvedObject: {kind: Node, name: " + node + ", uid: " + node + "}\nreason: NodeNotReady\n"
                + "message: \"Node " + node + " status is now: NodeNotReady\"\nsource: {component: node-controller}\n"
                + "firstTimestamp: \"" + at + "\"\nlastTimestamp: \"" + at + "\"\ncount: 1\ntype: Normal\n";
    }

    static Correlation correlate(String... objects) {
        Evidence e = new Evidence().log("c.log", deletedWhileRunning()).pod("pod.yaml", POD);
        for (int i = 0; i < objects.length; i++) {
            e.object("o-" + i + ".yaml", objects[i]);
        }
        return e.correlate();
    }

    static PodHistory pod(String... objects) {
        return correlate(objects).podsNamed("ns", "p").get(0);
    }

    static Timestamp at(String rfc3339) {
        return Timestamp.parseRfc3339(rfc3339, TimePrecision.SECOND, true);
    }

    static NodeClock.NodeOrder endBeforeDeletion(NodeClock c) {
        return c.nodeBefore(at("2026-09-19T16:39:20Z"), at("2026-09-19T16:39:55Z"), 0);
    }

    /** The control: no NotReady, the probe's bound 40 s before the end orders it before the deletion, one-clock grade. */
    @Test
    void withoutANotReadyTheProbesBoundOrdersTheEnd() {
        NodeClock c = NodeClock.of(pod(STARTED, UNHEALTHY), NODE);
        assertNull(c.notReady());
        assertEquals(NodeClock.NodeOrder.BOUNDED, endBeforeDeletion(c));
    }

    /** The NotReady 7 s after the deletion (a pause from 16:39:00 on, the default grace after it) is the Pod's: the bound does not reach the end. */
    @Test
    void aNodeNotReadyStoredJustAfterThePodsLastRecordStillLoosens() {
        NodeClock c = NodeClock.of(pod(STARTED, UNHEALTHY, nodeNotReady(NODE, "2026-09-19T16:40:02Z")), NODE);
        assertNotNull(c.notReady());
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c), String.valueOf(c.notReady()));
    }

    /** A grace raised to minutes (a NotReady 4 min 50 s after the deletion): the pause may still have begun before main's end. */
    @Test
    void aRaisedGracePeriodStillReachesThePod() {
        NodeClock c = NodeClock.of(pod(STARTED, UNHEALTHY, nodeNotReady(NODE, "2026-09-19T16:44:45Z")), NODE);
        assertNotNull(c.notReady());
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c));
    }

    /**
     * The deletion readers: the Node's NotReady after the Pod's end is listed as what surrounded the Pod (the node controller
     * "reported its node not ready", as one within the Pod's span was), never as what requested its deletion, and the deletion's
     * request reads as without it (nothing here names who deleted the Pod).
     */
    @Test
    void theDeletionReadsTheSameWithTheLateNotReady() {
        Correlation quiet = correlate(STARTED, UNHEALTHY);
        Correlation late = correlate(STARTED, UNHEALTHY, nodeNotReady(NODE, "2026-09-19T16:40:02Z"));
        PodLifecycle q = quiet.lifecycle(quiet.podsNamed("ns", "p").get(0).key());
        PodLifecycle l = late.lifecycle(late.podsNamed("ns", "p").get(0).key());
        assertEquals(q.deletion(), l.deletion());
        assertEquals(List.of(), q.deleters());
        assertEquals(1, l.deleters().size(), l.deleters().toString());
        Deletion nodeController = l.deleters().get(0);
        assertEquals("NodeNotReady", nodeController.event().reason());
        assertEquals("node-controller reported its node not ready at 2026-09-19T16:40:02Z", nodeController.describe());
        assertFalse(nodeController.requestsDeletion());
    }

    /**
     * Negative controls: a NotReady more than NodeClock.NOT_READY_LEAD_NANOS (5 min) after the Pod's last record began after it (the
     * node was posting then), and another node's NotReady is not this Pod's: the bound holds.
     */
    @Test
    void aNotReadyLongAfterOrOfAnotherNodeIsNotThePods() {
        NodeClock late = NodeClock.of(pod(STARTED, UNHEALTHY, nodeNotReady(NODE, "2026-09-19T16:45:10Z")), NODE);
        assertNull(late.notReady());
        assertEquals(NodeClock.NodeOrder.BOUNDED, endBeforeDeletion(late));
        NodeClock other = NodeClock.of(pod(STARTED, UNHEALTHY, nodeNotReady("ip-10-0-99-9.ec2.internal", "2026-09-19T16:40:02Z")), NODE);
        assertNull(other.notReady());
        assertEquals(NodeClock.NodeOrder.BOUNDED, endBeforeDeletion(other));
    }
}
