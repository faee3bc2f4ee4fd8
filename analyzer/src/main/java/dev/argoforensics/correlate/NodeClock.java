package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;

/**
 * How far a Pod's node's clock is off the API server's, bounded from the evidence (session 56): its kubelet writes a container's
 * {@code startedAt}/{@code finishedAt}, its conditions, {@code status.startTime} and its Events' {@code firstTimestamp} on the node's
 * clock, which no fixed margin bounds (a node without NTP drifts by minutes). The offset is the node's clock less the API server's.
 * <ul>
 * <li>Lower bound: the kubelet stamps an Event's {@code firstTimestamp} before it sends it, and the API server stamps its
 *     {@code metadata.creationTimestamp} when it stores it: offset &gt; firstTimestamp - (creationTimestamp + its second). An aggregated
 *     Event ({@code count} &gt; 1) keeps its first stamp and its first creation; one created again after its first expired has a later
 *     creation, which only loosens the bound. An Event whose first time is its creation (no timestamp of its own) bounds nothing.</li>
 * <li>Upper bound: the kubelet acts on a Pod only after the API server bound it to the node: {@code status.startTime} is stamped after
 *     {@code PodScheduled} turned {@code True} (the binding, on the API server's clock, where the scheduler's {@code Scheduled} Event
 *     shows the Pod went through the scheduler: a Pod created with its node set has that condition written by its kubelet): offset &lt;
 *     startTime + its second - PodScheduled. (A container's {@code startedAt} and the kubelet's Events after the Pod's creation bound it
 *     too, more loosely; not read yet: many unit fixtures carry a placeholder {@code startedAt} their node-clock premise contradicts.)</li>
 * </ul>
 * The bounds hold while the node's offset stays the same over the Pod's life (a clock stepped in between breaks them; bounds that
 * cross each other show it, and are then dropped). With a bound, a node time orders against another clock's by the bounded offset
 * ({@link NodeOrder#BOUNDED}: one-clock grade); without, only past {@link DeletionBounds#NODE_CLOCK_NANOS}
 * ({@link NodeOrder#MARGIN}: at most likely, the node's clock agreeing within the margin is an assumption nothing checks).
 *
 * @param node       the node's name, "" if not known
 * @param lowerNanos the offset is above this (null: nothing bounds it from below)
 * @param lowerWhy   what gives the lower bound
 * @param upperNanos the offset is below this (null: nothing bounds it from above)
 * @param upperWhy   what gives the upper bound
 */
public record NodeClock(String node, Long lowerNanos, String lowerWhy, Long upperNanos, String upperWhy) {

    /** How a node's time orders against a time on another clock. */
    public enum NodeOrder {
        /** Ordered by the node's offset bounded from its own records: as good as one clock's order. */
        BOUNDED,
        /** Ordered only because the two are further apart than {@link DeletionBounds#NODE_CLOCK_NANOS}: rests on the node's clock. */
        MARGIN,
        /** Not ordered. */
        NONE;

        public boolean ordered() {
            return this != NONE;
        }
    }

    /** Nothing bounds the node's clock. */
    static NodeClock unknown(String node) {
        return new NodeClock(node == null ? "" : node, null, null, null, null);
    }

    /**
     * The bounds the Pod's own evidence gives on the clock of {@code node} (its Events whose reporter ran there, its exports bound
     * there).
     */
    static NodeClock of(PodHistory pod, String node) {
        if (node == null || node.isEmpty()) {
            // An export that does not name its node (a paste without spec): the one node the Pod's kubelet Events came from, if one.
            java.util.Set<String> hosts = new java.util.TreeSet<>();
            for (ClusterEvent e : pod.clusterEvents()) {
                if ("kubelet".equals(e.reportedBy()) && !e.host().isEmpty()) {
                    hosts.add(e.host());
                }
            }
            if (hosts.size() != 1) {
                return unknown(node);
            }
            node = hosts.iterator().next();
        }
        Long lower = null;
        String lowerWhy = null;
        Long upper = null;
        String upperWhy = null;
        java.util.Set<String> scheduled = new java.util.HashSet<>();
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("default-scheduler".equals(e.reportedBy()) && "Scheduled".equals(e.reason()) && !e.regarding().uid().isEmpty()) {
                scheduled.add(e.regarding().uid());
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            if (!"kubelet".equals(e.reportedBy()) || !node.equals(e.host()) || e.statedClock() || e.minuteDated() || e.first() == null) {
                continue;
            }
            Timestamp first = e.first();
            if (e.created() != null && first.comparable(e.created())) {
                long l = nanosBetween(e.created().windowEnd(), first.instant());
                if (lower == null || l > lower) {
                    lower = l;
                    lowerWhy = "its kubelet's " + e.reason() + " Event stamped " + first.format() + " and stored by the API server at "
                            + e.created().format();
                }
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (!node.equals(s.nodeName()) && !(s.nodeName() == null || s.nodeName().isEmpty())) {
                continue;
            }
            if (scheduled.contains(s.uid()) && s.startTime() != null) {
                for (PodCondition c : s.conditions()) {
                    if ("PodScheduled".equals(c.type()) && "True".equals(c.status()) && c.lastTransitionTime() != null
                            && c.lastTransitionTime().comparable(s.startTime())) {
                        long u = nanosBetween(c.lastTransitionTime().instant(), s.startTime().windowEnd());
                        if (upper == null || u < upper) {
                            upper = u;
                            upperWhy = "its kubelet's status.startTime " + s.startTime().format() + ", after the binding (PodScheduled at "
                                    + c.lastTransitionTime().format() + ")";
                        }
                    }
                }
            }
        }
        if (lower != null && upper != null && lower >= upper) {
            return unknown(node); // the bounds cross: the node's clock moved over the Pod's life, and they bound nothing
        }
        return new NodeClock(node, lower, lowerWhy, upper, upperWhy);
    }

    private static long nanosBetween(java.time.Instant from, java.time.Instant to) {
        return java.time.Duration.between(from, to).toNanos();
    }

    public boolean bounded() {
        return lowerNanos != null || upperNanos != null;
    }

    /**
     * Whether {@code nodeTime}, a time of this node's clock, came before {@code other}, a time of another clock, by more than
     * {@code otherMarginNanos} (0 for the API server's own times; two clocks' {@link DeletionBounds#CROSS_CLOCK_NANOS} for the
     * controller's lines, whose clock is its own node's).
     */
    public NodeOrder nodeBefore(Timestamp nodeTime, Timestamp other, long otherMarginNanos) {
        if (lowerNanos != null) {
            return nodeTime.windowEnd().minusNanos(lowerNanos).plusNanos(otherMarginNanos).isBefore(other.instant()) ? NodeOrder.BOUNDED : NodeOrder.NONE;
        }
        return DeletionBounds.nodeClearlyBefore(nodeTime, other) ? NodeOrder.MARGIN : NodeOrder.NONE;
    }

    /** Whether {@code other}, a time of another clock, came before {@code nodeTime}, this node's, as {@link #nodeBefore} does. */
    public NodeOrder otherBefore(Timestamp other, Timestamp nodeTime, long otherMarginNanos) {
        if (upperNanos != null) {
            return other.windowEnd().plusNanos(otherMarginNanos).isBefore(nodeTime.instant().minusNanos(upperNanos)) ? NodeOrder.BOUNDED : NodeOrder.NONE;
        }
        return DeletionBounds.nodeClearlyBefore(other, nodeTime) ? NodeOrder.MARGIN : NodeOrder.NONE;
    }

    /** What bounds the node's clock, for a reason: "node N's clock read no more than 2s behind the API server's (...)". */
    public String describe() {
        String name = node.isEmpty() ? "its node's clock" : "node " + node + "'s clock";
        StringBuilder b = new StringBuilder(name).append(" read");
        if (lowerNanos != null) {
            b.append(lowerNanos < 0 ? " no more than " + GoDuration.format(-lowerNanos) + " behind" : " at least " + GoDuration.format(lowerNanos) + " ahead of")
                    .append(" the API server's (").append(lowerWhy).append(")");
        }
        if (upperNanos != null) {
            b.append(lowerNanos != null ? " and" : "").append(upperNanos < 0 ? " at least " + GoDuration.format(-upperNanos) + " behind"
                    : " no more than " + GoDuration.format(upperNanos) + " ahead of").append(" it (").append(upperWhy).append(")");
        }
        return b.toString();
    }
}
