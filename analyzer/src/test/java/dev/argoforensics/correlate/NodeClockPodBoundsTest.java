package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.TimePrecision;
import org.junit.jupiter.api.Test;

/**
 * Session 57: the bounds on a node's clock that every export from the server holds, or holds when asked. The Pod {@code ns/p} is
 * created at 16:27:10 (the API server's clock) on node ip-10-0-12-34; its node runs about 64 s ahead in the cases that say so (the
 * shape of the lead's unseen seed 2960: {@code race-positive-delay}, AF007 likely on the minute for a main that ended before the
 * deletion).
 * <ul>
 * <li>upper: a container's {@code startedAt} and {@code status.startTime} (the node's clock) are after the Pod's
 *     {@code creationTimestamp}; a kubelet Event about the Pod is stamped after the Pod was created;</li>
 * <li>lower: the kubelet's {@code managedFields} entry ({@code subresource: status}) is stamped by the API server after the node
 *     times the kubelet's status carried.</li>
 * </ul>
 */
class NodeClockPodBoundsTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";
    private static final long SECOND = 1_000_000_000L;

    private static String[] lines() {
        return deletedWhileRunning();
    }

    private static PodHistory pod(String yaml, String... objects) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", yaml);
        for (int i = 0; i < objects.length; i++) {
            e.object("o-" + i + ".yaml", objects[i]);
        }
        return e.correlate().podsNamed("ns", "p").get(0);
    }

    private static Timestamp at(String rfc3339) {
        return Timestamp.parseRfc3339(rfc3339, TimePrecision.SECOND, true);
    }

    /** The Pod's export with {@code entries} as its {@code metadata.managedFields} (YAML flow mappings, one a line). */
    private static String withManagedFields(String yaml, String... entries) {
        StringBuilder b = new StringBuilder("  managedFields:\n");
        for (String m : entries) {
            b.append("  - ").append(m).append('\n');
        }
        return yaml.replace("  finalizers:", b + "  finalizers:");
    }

    /** The node 64 s ahead: main started 4 s after the creation (written 16:28:18) and ended at 16:39:30 (written 16:40:34). */
    private static String aheadPod() {
        return Exports.Pod.of().startedAt("2026-09-19T16:28:18Z").phase("Succeeded").deleted("2026-09-19T16:40:00Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:40:34Z").terminated("wait", 0, "Completed", "2026-09-19T16:40:36Z").yaml();
    }

    @Test
    void theContainersStartBoundsTheNodeFromAboveAgainstThePodsCreation() {
        NodeClock c = NodeClock.of(pod(aheadPod()), NODE);
        // 16:28:18 written, its second's end 16:28:19, after a creation at 16:27:10: the node at most 69 s ahead.
        assertEquals(69 * SECOND, c.upperNanos(), c.describe());
        assertTrue(c.describe().contains("no more than 1m9s ahead of it (its kubelet's main's startedAt 2026-09-19T16:28:18Z, after the Pod was "
                + "created at 2026-09-19T16:27:10Z)"), c.describe());
        assertNull(c.lowerNanos(), c.describe());
        // main's end written 34 s after the request (16:40:00): read on the minute that is before it; on the bound, neither order holds.
        assertEquals(NodeClock.NodeOrder.NONE, c.otherBefore(at("2026-09-19T16:40:00Z"), at("2026-09-19T16:40:34Z"), 0));
        assertEquals(NodeClock.NodeOrder.NONE, c.nodeBefore(at("2026-09-19T16:40:34Z"), at("2026-09-19T16:40:00Z"), 0));
        // Control: a node in step, main started 4 s after the creation as written: bounded to 5 s ahead, a main's end written 65 s
        // after a request is after it on that bound. Session 59: the start 13 minutes before the end bounds the clock there only while
        // nothing stepped it away since (a time daemon following a wrong server): FAR, at most likely; at the start's own minute, one
        // clock's order.
        NodeClock inStep = NodeClock.of(pod(Exports.Pod.of().running("main").yaml()), NODE);
        assertEquals(5 * SECOND, inStep.upperNanos(), inStep.describe());
        assertEquals(NodeClock.NodeOrder.FAR, inStep.otherBefore(at("2026-09-19T16:40:00Z"), at("2026-09-19T16:41:05Z"), 0));
        assertEquals(NodeClock.NodeOrder.BOUNDED, inStep.otherBefore(at("2026-09-19T16:27:30Z"), at("2026-09-19T16:27:50Z"), 0));
        // A start beyond the bound's hour of the time it orders gives no order of its own (the node may have been stepped since).
        assertEquals(NodeClock.NodeOrder.MARGIN, inStep.otherBefore(at("2026-09-19T18:40:00Z"), at("2026-09-19T18:41:05Z"), 0));
    }

    @Test
    void theKubeletsManagedFieldsEntryBoundsTheNodeFromBelow() {
        // The kubelet posted main's and wait's end at 16:39:33 (the API server's clock): the node's 16:40:36 was written before it.
        String yaml = withManagedFields(aheadPod(),
                "{manager: workflow-controller, operation: Update, apiVersion: v1, time: \"2026-09-19T16:27:10Z\"}",
                "{manager: kubelet, operation: Update, apiVersion: v1, subresource: status, time: \"2026-09-19T16:39:33Z\"}");
        NodeClock c = NodeClock.of(pod(yaml), NODE);
        // wait's finishedAt 16:40:36 less the entry's second's end 16:39:34: at least 62 s ahead.
        assertEquals(62 * SECOND, c.lowerNanos(), c.describe());
        assertTrue(c.describe().contains("at least 1m2s ahead of the API server's (its kubelet's wait's finishedAt 2026-09-19T16:40:36Z, written "
                + "before the API server stored the kubelet's status at 2026-09-19T16:39:33Z (managedFields))"), c.describe());
        // main's end written 34 s after the request: on the two bounds, before it (the race, not a Pod deleted while main ran).
        assertEquals(NodeClock.NodeOrder.BOUNDED, c.nodeBefore(at("2026-09-19T16:40:34Z"), at("2026-09-19T16:40:00Z"), 0));
        assertEquals(NodeClock.NodeOrder.NONE, c.otherBefore(at("2026-09-19T16:40:00Z"), at("2026-09-19T16:40:34Z"), 0));
    }

    @Test
    void otherManagersAndTheKubeletsOwnMetadataEntryBoundNothing() {
        // The controller's entry, and a kubelet entry without the status subresource (a mirror Pod's metadata): not the status write.
        String yaml = withManagedFields(aheadPod(),
                "{manager: workflow-controller, operation: Update, apiVersion: v1, time: \"2026-09-19T16:39:33Z\"}",
                "{manager: kubelet, operation: Update, apiVersion: v1, time: \"2026-09-19T16:39:33Z\"}",
                "{manager: kube-controller-manager, operation: Update, apiVersion: v1, subresource: status, time: \"2026-09-19T16:39:33Z\"}");
        assertNull(NodeClock.of(pod(yaml), NODE).lowerNanos());
    }

    @Test
    void theKubeletsEventsAreStampedAfterThePodWasCreated() {
        // No start in the export (main never reported one: ContainerStatusUnknown), a Pulling Event stamped 16:28:20 on the node with
        // its own creation at 16:27:17: the Event's stamp bounds the node from above against the Pod's creation, from below against its
        // own creation.
        String unknown = Exports.Pod.of().phase("Failed").yaml() + "  - name: main\n    state:\n      terminated: {exitCode: 137, reason: "
                + "ContainerStatusUnknown, startedAt: null, finishedAt: null}\n";
        NodeClock c = NodeClock.of(pod(unknown, event("Pulling", "2026-09-19T16:28:20Z", "2026-09-19T16:27:17Z")), NODE);
        assertEquals(71 * SECOND, c.upperNanos(), c.describe());
        assertTrue(c.describe().contains("its kubelet's Pulling Event stamped 2026-09-19T16:28:20Z, after the Pod was created at 2026-09-19T16:27:10Z"),
                c.describe());
        assertEquals(62 * SECOND, c.lowerNanos(), c.describe());
        // Control: an Event without a creation of its own (its first time may be the API server's) bounds nothing.
        NodeClock none = NodeClock.of(pod(unknown, event("Pulling", "2026-09-19T16:28:20Z", "2026-09-19T16:27:17Z")
                .replace("  creationTimestamp: \"2026-09-19T16:27:17Z\"\n", "")), NODE);
        assertNull(none.upperNanos(), none.describe());
        assertNull(none.lowerNanos(), none.describe());
        // Control: an Event of another Pod of the name (an earlier one, its own UID) is not read against this one's creation.
        NodeClock other = NodeClock.of(pod(unknown, event("Pulling", "2026-09-19T16:26:20Z", "2026-09-19T16:26:20Z").replace("uid: u-1", "uid: u-0")), NODE);
        assertNull(other.upperNanos(), other.describe());
    }

    @Test
    void aMirrorPodsStartIsNotReadAgainstItsCreation() {
        // A static Pod runs before its kubelet creates the mirror object: its start may read before the mirror's creation.
        String mirror = Exports.Pod.of().startedAt("2026-09-19T16:20:00Z").running("main").yaml()
                .replace("annotations: {", "annotations: {kubernetes.io/config.mirror: 4f1c3a, ");
        assertNull(NodeClock.of(pod(mirror), NODE).upperNanos());
    }

    private static String event(String reason, String first, String created) {
        return Exports.Event.of(reason, first).storedAt(created).yaml();
    }
}
