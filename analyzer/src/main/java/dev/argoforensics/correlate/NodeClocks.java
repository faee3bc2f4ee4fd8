package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.time.Timestamp;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The clocks of the nodes a Pod's records were written on, each bounded once per Pod ({@link NodeClock#of} walks the Pod's whole
 * Events and exports), for every reader of a node's time against another clock's (session 57): the containers' end
 * ({@link ContainersEnd#clock}), {@link ExecutionOrder}'s set-asides, {@link DeletionBounds}' grace-0 inference and the rules' orders of
 * a container's end against a controller's line (AF010's kill round). Derived in correlation, read by the rules through
 * {@link PodLifecycle#nodeClocks}; a rule never compares a node's time with another clock itself.
 */
public final class NodeClocks {
    private final PodHistory pod;
    private final Map<String, NodeClock> byNode = new ConcurrentHashMap<>();

    private NodeClocks(PodHistory pod) {
        this.pod = pod;
    }

    /**
     * Equal where the Pod's records are: the clocks are a function of them, bounded when first asked, so two lifecycles derived from the
     * same records (on one thread or several, ParallelCorrelationTest) are equal whatever each was asked so far.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof NodeClocks other && pod.equals(other.pod);
    }

    @Override
    public int hashCode() {
        return pod.hashCode();
    }

    @Override
    public String toString() {
        return "NodeClocks[" + pod.key() + "]";
    }

    /** The clocks of {@code pod}'s nodes, bounded when first asked. */
    static NodeClocks of(PodHistory pod) {
        return new NodeClocks(pod);
    }

    /** What bounds the clock of {@code node} ({@code null} or "": the one node the Pod's kubelet Events came from, if one). */
    public NodeClock of(String node) {
        return byNode.computeIfAbsent(node == null ? "" : node, n -> NodeClock.of(pod, n));
    }

    /**
     * How a container's end, {@code afterNanos} on (a grace period; 0: the end itself), orders before {@code line}, a controller's line:
     * by the node's clock bounded from the Pod's own records and the line's run's clock bounded from its {@code Created pod}
     * ({@link NodeClock#nodeBeforeController}: {@link NodeClock.NodeOrder#BOUNDED}), else only past the node's minute
     * ({@link NodeClock.NodeOrder#MARGIN}: the order rests on the node's clock agreeing), else not ({@link NodeClock.NodeOrder#NONE}).
     * {@code node}: the node of the export that holds the container.
     */
    public NodeClock.NodeOrder endBefore(String node, ContainerState c, long afterNanos, LogEvent line) {
        if (c == null || c.finishedAt() == null || line == null || line.time() == null || !c.finishedAt().comparable(line.time())) {
            return NodeClock.NodeOrder.NONE;
        }
        // Session 59: the node's clock read where it stamped the end (its offset then places the stamp), the grace taken after it, as
        // timeBefore does (a4f04348): end + grace is a moment no clock stamped, and a bound read there may differ from the one at the end
        // (across the minute STEP_FREE_NANOS, a slew, the pause).
        return of(node).nodeBeforeController(c.finishedAt(), afterNanos, line.time(), line.stream());
    }
    /**
     * Session 58: how {@code nodeTime}, a time of {@code node}'s clock (a container's or a node's {@code finishedAt}), {@code afterNanos}
     * on (a threshold), orders before {@code other}: a controller's line of run {@code stream}, or (stream null) a time the API server
     * wrote into an export (its managedFields). As {@link #endBefore}: bounded, only past the node's minute, or not.
     */
    public NodeClock.NodeOrder timeBefore(String node, Timestamp nodeTime, long afterNanos, Timestamp other, Integer stream) {
        return before(of(node), nodeTime, afterNanos, other, stream);
    }

    /** As {@link #timeBefore}, for a time whose Pod is not known (nothing bounds its node's clock): past the node's minute only. */
    public static NodeClock.NodeOrder unboundedBefore(Timestamp nodeTime, long afterNanos, Timestamp other) {
        return before(NodeClock.unknown(""), nodeTime, afterNanos, other, null);
    }

    private static NodeClock.NodeOrder before(NodeClock clock, Timestamp nodeTime, long afterNanos, Timestamp other, Integer stream) {
        if (nodeTime == null || other == null || !nodeTime.comparable(other)) {
            return NodeClock.NodeOrder.NONE;
        }
        // The node's clock read where it stamped nodeTime (its offset then places the stamp), the order taken afterNanos later.
        // A line: the controller's clock, through its run's bound; else a time the API server wrote (an export's own time): no second clock.
        return stream != null ? clock.nodeBeforeController(nodeTime, afterNanos, other, stream) : clock.nodeBefore(nodeTime, afterNanos, other, 0);
    }
}
