package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * Session 61 breaker of {@link NodeClock.Pause} (s61-killing): where a NotReady span lies on the node's clock.
 *
 * <p>The Pod {@code ns/p} on ip-10-0-12-34 as in {@code NodeClockPausesTest}: main started 16:27:14 (Started stored in its second), a
 * readiness probe's failure stamped 16:38:40 and stored in its second (the node then at most a second behind), main's exit written
 * 16:39:20 on the node's clock, the Pod deleted at 16:39:55 (API server). Read on the probe's bound, main ended 35 s before the deletion.
 */
class NodeClockPausesS61BreakerTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";

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

    /** A kubelet Event on its Node ({@code NodeReady}, {@code NodeNotReady}), stamped {@code first} (node's clock), stored at {@code created}. */
    private static String nodeEvent(String name, String reason, String first, String created) {
        return "apiVersion: v1\nkind: Event\nmetadata: {name: " + NODE + "." + name + ", namespace: default"
                + (created == null ? "" : ", creationTimestamp: \"" + created + "\"") + "}\n"
                + "involvedObject: {kind: Node, name: " + NODE + ", uid: " + NODE + "}\nreason: " + reason + "\n"
                + "message: \"Node " + NODE + " status is now: " + reason + "\"\nsource: {component: kubelet, host: " + NODE + "}\n"
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

    private static NodeClock.NodeOrder endBeforeDeletion(NodeClock c) {
        return c.nodeBefore(at("2026-09-19T16:39:20Z"), at("2026-09-19T16:39:55Z"), 0);
    }

    /**
     * (a) A NodeReady stamped before the pause, stored after the NodeNotReady: the kubelet's own blip (PLEG or the runtime slow: its
     * NodeNotReady at 16:38:10, Ready back at 16:38:30, the NodeReady recorded then) whose post the event recorder still held for a retry
     * (client-go's recordToSink retries a failed post, up to 12 tries, 10 s apart) when the VM paused at 16:38:45. The node lifecycle
     * controller's NodeNotReady at 16:39:40; the VM resumed at 16:44:40 with its clock at 16:38:45, five minutes behind; the recorder's
     * retry stored the old NodeReady at 16:44:41, and the kubelet's new one (Ready was Unknown) stamped 16:38:46, stored at 16:44:42.
     * Main's end written at 16:39:20 on the node's clock was 16:45:15 on the API server's: after the deletion. The probe's record
     * (16:38:40) lies before the pause, the end after it: the probe's bound does not reach the end. The old NodeReady's stamp (before
     * the probe's, stored earlier) cannot be the return's: the clock had passed 16:38:40 before the pause, and a post from after it is
     * stamped later.
     */
    @Test
    void aNodeReadyStampedBeforeThePauseAndRetriedAfterItDoesNotCloseTheSpan() {
        String kubeletNotReady = nodeEvent("blip", "NodeNotReady", "2026-09-19T16:38:10Z", "2026-09-19T16:38:10Z");
        String oldReady = nodeEvent("ready-old", "NodeReady", "2026-09-19T16:38:30Z", "2026-09-19T16:44:41Z");
        String newReady = nodeEvent("ready-new", "NodeReady", "2026-09-19T16:38:46Z", "2026-09-19T16:44:42Z");
        NodeClock c = clock(STARTED, UNHEALTHY, kubeletNotReady, oldReady, newReady, notReady("2026-09-19T16:39:40Z"));
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c), c.pauses().toString());
        // Alone, the retried NodeReady shows no return either (session 62: no NodeReady closes a span).
        NodeClock alone = clock(STARTED, UNHEALTHY, oldReady, notReady("2026-09-19T16:39:40Z"));
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(alone), alone.pauses().toString());
    }

    /**
     * (d) The node lifecycle controller's NodeNotReady on the Node only (the Pod, held by Argo's finalizer past its deletion, got none of
     * its own), stored at 16:40:02, after the Pod's last record (its deletion at 16:39:55): the VM paused at 16:39:00 on its clock, after
     * the probe's record (16:38:40) and before main's end was written (16:39:20 on the node's clock, 16:45 on the API server's after a
     * five-minute pause). The NotReady follows the pause by the grace period (50 s), the monitor period and the last Lease renewal:
     * a pause that lies within the Pod's span shows up to about 70 s after it. Whether the Node's event is given to the Pod decides
     * whether the probe's bound reaches the end. Session 62: given (PodRecords.byHost, up to NodeClock.NOT_READY_LEAD_NANOS after the
     * Pod's last record; NodeNotReadyAfterPodTest reads it through each reader).
     */
    @Test
    void aNodeNotReadyStoredJustAfterThePodsLastRecordStillLoosens() {
        String nodeNotReady = "apiVersion: v1\nkind: Event\nmetadata: {name: " + NODE + ".nnr, namespace: default, creationTimestamp: \"2026-09-19T16:40:02Z\"}\n"
                + "involvedObject: {kind: Node, name: " + NODE + ", uid: " + NODE + "}\nreason: NodeNotReady\n"
                + "message: \"Node " + NODE + " status is now: NodeNotReady\"\nsource: {component: node-controller}\n"
                + "firstTimestamp: \"2026-09-19T16:40:02Z\"\nlastTimestamp: \"2026-09-19T16:40:02Z\"\ncount: 1\ntype: Normal\n";
        NodeClock c = clock(STARTED, UNHEALTHY, nodeNotReady);
        assertEquals(NodeClock.NodeOrder.NONE, endBeforeDeletion(c), String.valueOf(c.notReady()) + c.pauses());
    }
}
