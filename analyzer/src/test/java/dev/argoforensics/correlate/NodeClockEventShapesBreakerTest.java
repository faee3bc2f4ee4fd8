package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.createdPod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * Session 58 breaker (s58-b-clocks): the kubelet's Events in the shapes an aggregated or re-created Event and the events.k8s.io/v1 view
 * give them, each bounding the node's clock by its first stamp (the kubelet's, when it first saw what it reports) against its
 * object's creation, never by its last. The Pod {@code ns/p} created at 16:27:10 on ip-10-0-12-34, its node 88 s ahead.
 */
class NodeClockEventShapesBreakerTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";
    private static final long SECOND = 1_000_000_000L;

    private static PodHistory pod(String yaml, String... objects) {
        Evidence e = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).pod("pod.yaml", yaml);
        for (int i = 0; i < objects.length; i++) {
            e.object("o-" + i + ".yaml", objects[i]);
        }
        return e.correlate().podsNamed("ns", "p").get(0);
    }

    private static Timestamp at(String rfc3339) {
        return Timestamp.parseRfc3339(rfc3339, TimePrecision.SECOND, true);
    }

    /**
     * {@code kubectl get events.v1.events.k8s.io -o yaml}: a core Event the kubelet wrote (its recorder is the legacy one) shows its
     * times as {@code deprecatedFirstTimestamp}/{@code deprecatedLastTimestamp}, {@code eventTime: null}, its count as
     * {@code deprecatedCount}. The readiness probe failed three times, first at 16:28:50 on the node (stored 16:27:22), last at
     * 16:39:50: the node at least 87 s ahead at 16:28:50, read from the first stamp and its creation.
     */
    @Test
    void anEventsK8sIoViewOfAnAggregatedKubeletEventBoundsByItsFirstStamp() {
        String event = """
                apiVersion: events.k8s.io/v1
                kind: Event
                eventTime: null
                deprecatedCount: 3
                deprecatedFirstTimestamp: "2026-09-19T16:28:50Z"
                deprecatedLastTimestamp: "2026-09-19T16:39:50Z"
                deprecatedSource: {component: kubelet, host: %s}
                metadata: {creationTimestamp: "2026-09-19T16:27:22Z", name: p.unhealthy, namespace: ns}
                note: "Readiness probe failed: connection refused"
                reason: Unhealthy
                regarding: {apiVersion: v1, kind: Pod, name: p, namespace: ns, uid: u-1, fieldPath: "spec.containers{main}"}
                reportingController: kubelet
                reportingInstance: %s
                type: Warning
                """.formatted(NODE, NODE);
        String yaml = Exports.Pod.of().startedAt("2026-09-19T16:28:42Z").phase("Succeeded")
                .terminated("main", 0, "Completed", "2026-09-19T16:40:30Z").terminated("wait", 0, "Completed", "2026-09-19T16:40:32Z").yaml();
        NodeClock c = NodeClock.of(pod(yaml, event), NODE);
        NodeClock near = c.near(at("2026-09-19T16:28:50Z"));
        assertEquals(87 * SECOND, near.lowerNanos(), near.describe());
        assertTrue(near.describe().contains("Unhealthy Event stamped 2026-09-19T16:28:50Z"), near.describe());
    }

    /**
     * An Event re-created after the API server's TTL dropped it (an hour): the kubelet's correlator keeps the first stamp and count, its
     * patch finds nothing, and it creates the Event again with them. First stamped 16:28:50 on the node (88 s ahead), created again at
     * 17:40:00: its first stamp is 71 min before its creation, which bounds the node only loosely from below, never more than it is.
     */
    @Test
    void anEventCreatedAgainAfterItsTtlOnlyLoosens() {
        String event = NodeClockEventShapesBreakerTest.coreEvent("Unhealthy", "2026-09-19T16:28:50Z", "2026-09-19T17:41:20Z", "2026-09-19T17:40:00Z", 41);
        String yaml = Exports.Pod.of().startedAt("2026-09-19T16:28:42Z").phase("Running").running("main").running("wait").yaml();
        NodeClock c = NodeClock.of(pod(yaml, event), NODE);
        NodeClock near = c.near(at("2026-09-19T16:28:50Z"));
        assertTrue(near.lowerNanos() == null || near.lowerNanos() <= 88 * SECOND, near.describe());
        assertEquals(-(71 * 60 + 11) * SECOND, near.lowerNanos(), near.describe());
    }

    static String coreEvent(String reason, String first, String last, String created, int count) {
        return """
                apiVersion: v1
                kind: Event
                count: %d
                firstTimestamp: "%s"
                lastTimestamp: "%s"
                involvedObject: {apiVersion: v1, fieldPath: "spec.containers{main}", kind: Pod, name: p, namespace: ns, uid: u-1}
                message: "Readiness probe failed"
                metadata: {creationTimestamp: "%s", name: p.%s, namespace: ns}
                reason: %s
                source: {component: kubelet, host: %s}
                type: Warning
                """.formatted(count, first, last, created, reason.toLowerCase(), reason, NODE);
    }
}
