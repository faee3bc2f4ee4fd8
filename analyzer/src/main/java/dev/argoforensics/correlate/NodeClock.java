package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
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
public record NodeClock(String node, Long lowerNanos, String lowerWhy, Long upperNanos, String upperWhy, java.util.List<Bound> bounds,
                        java.util.Map<Integer, Bound> controllerAhead) {

    /**
     * How long a bound holds on either side of the record that gives it (session 56 breaker, {@code NodeClockBoundBreakerTest}): a
     * node's offset is the same over a Pod's life only while nothing steps its clock, and a time daemon that comes back (or a VM
     * resumed, migrated) steps it by the whole offset at once, which no record shows. A bound is read for node times within an hour
     * of its record's own stamp (the API server's default {@code --event-ttl}: the Events an export holds beside a Pod's end are of
     * its last hour), loosened by {@link #DRIFT_PER_MILLION} of the time between; a bound from further away only takes an order
     * away (it shows the node's clock off by more than the order allows), never gives one.
     */
    static final long BOUND_SPAN_NANOS = 3_600_000_000_000L;

    /** How fast an unsynchronized node's clock may drift, in parts per million (a poor oscillator's 100, five times over). */
    static final long DRIFT_PER_MILLION = 500;

    /**
     * One bound on the node's offset.
     *
     * @param lower whether it bounds the offset from below (else from above)
     * @param nanos the bound
     * @param at    the record's own stamp on the node's clock (the Event's first time, {@code status.startTime})
     * @param why   what gives it
     */
    public record Bound(boolean lower, long nanos, java.time.Instant at, String why) {
    }

    public NodeClock {
        bounds = bounds == null ? java.util.List.of() : java.util.List.copyOf(bounds);
        controllerAhead = controllerAhead == null ? java.util.Map.of() : java.util.Map.copyOf(controllerAhead);
    }

    public NodeClock(String node, Long lowerNanos, String lowerWhy, Long upperNanos, String upperWhy) {
        this(node, lowerNanos, lowerWhy, upperNanos, upperWhy, java.util.List.of(), java.util.Map.of());
    }

    NodeClock(String node, Long lowerNanos, String lowerWhy, Long upperNanos, String upperWhy, java.util.List<Bound> bounds) {
        this(node, lowerNanos, lowerWhy, upperNanos, upperWhy, bounds, java.util.Map.of());
    }

    /**
     * How far ahead of the API server's the clock of the controller run that wrote the Pod's {@code Created pod} line can be (session
     * 56 breaker): the controller logs the creation after the API server stored the Pod, so its clock less the API server's is below
     * that line's time less the Pod's {@code creationTimestamp} (its second's start). One bound per run ({@code LogEvent.stream()}),
     * where the Pod's lines hold its name's {@code Created pod} once and its exports one creation (a name created again pairs a line
     * with another Pod, as {@link RunClocks} says). A controller's line orders after a node's time by a bound on the node's clock only
     * with this bound on the controller's: the two clocks' 10 s ({@link DeletionBounds#CROSS_CLOCK_NANOS}) is an assumption, and a
     * controller elected on a node whose clock is 30 s ahead read a stop's answer as ended 29 s before the stop
     * ({@code NodeClockBoundBreakerTest}).
     */
    static java.util.Map<Integer, Bound> controllerAhead(PodHistory pod) {
        LogEvent created = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof dev.argoforensics.event.ControllerEvent.PodCreated) {
                if (created != null) {
                    return java.util.Map.of();
                }
                created = e;
            }
        }
        java.util.Set<Timestamp> creations = new java.util.HashSet<>();
        Timestamp creation = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (!s.described() && s.creationTimestamp() != null) {
                creations.add(s.creationTimestamp());
                creation = s.creationTimestamp();
            }
        }
        if (created == null || creations.size() != 1 || created.time() == null || !created.time().comparable(creation)) {
            return java.util.Map.of();
        }
        long ahead = nanosBetween(creation.instant(), created.time().windowEnd());
        return java.util.Map.of(created.stream(), new Bound(false, ahead, created.time().instant(), "its Created pod line at "
                + created.time().format() + ", after the API server stored the Pod at " + creation.format()));
    }

    /** The same bounds with the controller runs' ({@link #controllerAhead(PodHistory)}). */
    NodeClock withController(java.util.Map<Integer, Bound> ahead) {
        return new NodeClock(node, lowerNanos, lowerWhy, upperNanos, upperWhy, bounds, ahead);
    }

    /**
     * Whether {@code nodeTime}, this node's, came before {@code line}, a controller's line of run {@code stream} (null: a time the
     * controller wrote into an export, its run not known): by the node's bound and the run's {@link #controllerAhead}, both near
     * ({@link NodeOrder#BOUNDED}); else as far as the node's minute and the two clocks' 10 s go ({@link NodeOrder#MARGIN} or
     * {@link NodeOrder#NONE}), never as one clock's.
     */
    public NodeOrder nodeBeforeController(Timestamp nodeTime, Timestamp line, Integer stream) {
        NodeOrder byNode = nodeBefore(nodeTime, line, DeletionBounds.CROSS_CLOCK_NANOS);
        if (byNode != NodeOrder.BOUNDED) {
            return byNode;
        }
        Bound ahead = stream == null ? (controllerAhead.size() == 1 ? controllerAhead.values().iterator().next() : null) : controllerAhead.get(stream);
        if (ahead != null) {
            long apart = Math.abs(nanosBetween(ahead.at(), line.instant()));
            if (apart <= BOUND_SPAN_NANOS) {
                long aheadNanos = ahead.nanos() + apart / 1_000_000 * DRIFT_PER_MILLION;
                return nodeTime.windowEnd().minusNanos(near(nodeTime).lowerNanos).plusNanos(Math.max(0, aheadNanos)).isBefore(line.instant())
                        ? NodeOrder.BOUNDED : NodeOrder.NONE;
            }
        }
        // The controller's clock bounded by nothing near: the node's bound orders the end before the line within the two clocks' 10 s
        // only; past the node's minute that is the margin's order, within it none.
        return DeletionBounds.nodeClearlyBefore(nodeTime, line) ? NodeOrder.MARGIN : NodeOrder.NONE;
    }

    /**
     * The bounds that hold at {@code nodeTime}, a time of this node's clock: those whose record is within {@link #BOUND_SPAN_NANOS}
     * of it, each loosened by {@link #DRIFT_PER_MILLION} of the time between.
     */
    public NodeClock near(Timestamp nodeTime) {
        if (nodeTime == null || bounds.isEmpty()) {
            return bounds.isEmpty() ? this : new NodeClock(node, null, null, null, null, bounds, controllerAhead);
        }
        Long lower = null;
        String lowerWhy = null;
        Long upper = null;
        String upperWhy = null;
        for (Bound b : bounds) {
            long apart = Math.abs(nanosBetween(b.at(), nodeTime.instant()));
            if (apart > BOUND_SPAN_NANOS) {
                continue;
            }
            long drift = apart / 1_000_000 * DRIFT_PER_MILLION;
            if (b.lower() && (lower == null || b.nanos() - drift > lower)) {
                lower = b.nanos() - drift;
                lowerWhy = b.why();
            } else if (!b.lower() && (upper == null || b.nanos() + drift < upper)) {
                upper = b.nanos() + drift;
                upperWhy = b.why();
            }
        }
        if (lower != null && upper != null && lower >= upper) {
            return new NodeClock(node, null, null, null, null, bounds, controllerAhead);
        }
        return new NodeClock(node, lower, lowerWhy, upper, upperWhy, bounds, controllerAhead);
    }

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
        java.util.List<Bound> bounds = new java.util.ArrayList<>();
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
                bounds.add(new Bound(true, l, first.instant(), "its kubelet's " + e.reason() + " Event stamped " + first.format()
                        + " and stored by the API server at " + e.created().format()));
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
                        bounds.add(new Bound(false, u, s.startTime().instant(), "its kubelet's status.startTime " + s.startTime().format()
                                + ", after the binding (PodScheduled at " + c.lastTransitionTime().format() + ")"));
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
        return new NodeClock(node, lower, lowerWhy, upper, upperWhy, bounds).withController(controllerAhead(pod));
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
        NodeClock near = near(nodeTime);
        if (near.lowerNanos != null) {
            return near.lowerBefore(nodeTime, other, otherMarginNanos) ? NodeOrder.BOUNDED : NodeOrder.NONE;
        }
        if (!DeletionBounds.nodeClearlyBefore(nodeTime, other)) {
            return NodeOrder.NONE;
        }
        // A bound from further than its span: it cannot give the order, but where it shows the node's clock off by more than the order
        // allows, the margin's assumption is what the evidence contradicts.
        return lowerNanos != null && !lowerBefore(nodeTime, other, otherMarginNanos) ? NodeOrder.NONE : NodeOrder.MARGIN;
    }

    private boolean lowerBefore(Timestamp nodeTime, Timestamp other, long otherMarginNanos) {
        return nodeTime.windowEnd().minusNanos(lowerNanos).plusNanos(otherMarginNanos).isBefore(other.instant());
    }

    private boolean upperAfter(Timestamp other, Timestamp nodeTime, long otherMarginNanos) {
        return other.windowEnd().plusNanos(otherMarginNanos).isBefore(nodeTime.instant().minusNanos(upperNanos));
    }

    /** Whether {@code other}, a time of another clock, came before {@code nodeTime}, this node's, as {@link #nodeBefore} does. */
    public NodeOrder otherBefore(Timestamp other, Timestamp nodeTime, long otherMarginNanos) {
        NodeClock near = near(nodeTime);
        if (near.upperNanos != null) {
            return near.upperAfter(other, nodeTime, otherMarginNanos) ? NodeOrder.BOUNDED : NodeOrder.NONE;
        }
        if (!DeletionBounds.nodeClearlyBefore(other, nodeTime)) {
            return NodeOrder.NONE;
        }
        return upperNanos != null && !upperAfter(other, nodeTime, otherMarginNanos) ? NodeOrder.NONE : NodeOrder.MARGIN;
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
