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
 *     startTime + its second - PodScheduled. Session 57: whatever made the Pod, everything its kubelet stamps about it comes after the
 *     API server stored it: {@code status.startTime} and each container's {@code startedAt} against the export's own
 *     {@code creationTimestamp} (offset &lt; nodeTime + its second - creationTimestamp; every export from the server holds both), and
 *     the kubelet's Events about the Pod ({@code firstTimestamp}, with a creation of their own) against the creation of the Pod they
 *     regard. These are as loose as the Pod was slow to start (a long image pull loosens them), never wrong.</li>
 * <li>Lower bound, session 57: the kubelet's {@code metadata.managedFields} entry ({@code manager: kubelet}, {@code subresource:
 *     status}) is stamped by the API server as it stores the kubelet's last status write that changed a value, after every node time
 *     the status shown carries (the containers' {@code startedAt}/{@code finishedAt}, {@code status.startTime}; not the conditions, the
 *     node lifecycle controller writes {@code Ready} on its own clock): offset &gt; nodeTime - (entry's time + its second). Exports show
 *     it only when asked ({@code --show-managed-fields}).</li>
 * </ul>
 * The bounds hold while the node's offset stays the same over the Pod's life (a clock stepped in between breaks them; bounds that
 * cross each other show it, and are then dropped; session 59: but for those within {@link #STEP_FREE_NANOS} of the time read, which
 * hold there if they do not cross each other). With a bound, a node time orders against another clock's by the bounded offset
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
                        java.util.Map<Integer, Bound> controllerAhead, String notReady, java.util.List<Pause> pauses) {

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
     * How near (on the node's clock) a bound's record must be to the time it orders to hold there at its value whatever the node's
     * time daemon did in between (session 57 breaker, {@code NodeClockPodBoundsBreakerTest}). A node's clock that is off is one whose
     * time daemon has lost its server (or never had one); the daemon coming back corrects it at any moment (systemd-timesyncd steps
     * past 0.4 s, chrony steps at its start or slews a minute and a half in under 20 minutes), and nothing in the exports shows when.
     * A correction brings the clock to the API server's (true time, which a control plane keeps), toward it, never past it. Further
     * than this from its record a bound holds so:
     * <ul>
     * <li>after its record: one showing the clock near (an upper bound at or above zero, a lower at or below) holds, a correction only
     *     tightens it; one showing it off (behind: an upper bound below zero; ahead: a lower above) holds only as far as zero;</li>
     * <li>before its record: one showing the clock off holds (a correction in between would have left it in step at the record), one
     *     showing it near bounds nothing (the clock may have been corrected in between from anything).</li>
     * </ul>
     * Each loosened by the drift. A node 90 s behind at main's start, corrected six minutes into its run, wrote main's end in true time
     * 30 s before the deletion; read on the start's bound the end was 55 s after it: AF007 confirmed for a Pod deleted after main ended.
     * The records the kubelet writes in the same round as an end (the other containers' ends, the status write that carried them) are
     * within this of it; a correction within the minute between is the coincidence read past. A VM paused and resumed (its clock behind
     * by the pause) moves a clock away from the API server's: by no more than {@link #PAUSE_NANOS} without the node going NotReady
     * (session 58 breaker). A clock stepped away (session 59, {@code NodeClockAwayBreakerTest}): a time daemon whose server is
     * wrong (a site server off, a pool member falsetickering, a daemon moved to the next server in its list) steps the clock to it
     * (systemd-timesyncd past 0.4 s, chrony at its start or past {@code makestep}'s threshold, ntpd past 128 ms), by whatever that
     * server is off, ahead or behind. Nothing bounds that size, and the kubelet's records carry no mark of it: its Events' stamps and
     * the containers' times just move against the API server's. So an order a bound gives only from further than this from its record
     * ({@link NodeOrder#FAR}) rests on no such step in between, as the margin rests on the clock agreeing: at most likely; a bound
     * whose record is within this of the time agreeing makes it one-clock grade again.
     */
    static final long STEP_FREE_NANOS = 60_000_000_000L;

    /**
     * How far a node's clock may fall behind the API server's between a bound's record and a time further than
     * {@link #STEP_FREE_NANOS} from it with nothing in the Pod's records showing it (session 58 breaker, s58-b-clocks,
     * {@code NodeClockAwayBreakerTest}): a VM its hypervisor pauses resumes with its clock where it stopped (QEMU stops the guest's
     * kvmclock with the guest; libvirt's {@code domtime --sync} exists to set it after), behind by the pause, which its time daemon
     * then corrects as it corrects any offset. A pause longer than the node-monitor grace period (50 s since Kubernetes 1.32, 40 s
     * before) leaves the node NotReady (the node lifecycle controller's {@code NodeNotReady} Event on each of its Pods); a shorter one
     * leaves nothing. So far from its record a bound holds loosened by this on the side a pause moves the clock: after its record, a
     * lower bound (the clock may be this much further behind since); before it, an upper bound (it may have been this much less
     * behind, or ahead, before). A node in step at its Pod's start (its Started Event stored within a second), frozen 35 s mid-run, wrote
     * main's answer to argo stop 34 s before the stop's line: read on the start's bound, AF002 confirmed a success lost that was the
     * stop's answer.
     */
    static final long PAUSE_NANOS = 50_000_000_000L;

    /**
     * How long before the node lifecycle controller's {@code NodeNotReady} its node may have stopped posting (session 62; s61's
     * {@code NodeClock.Pause} placed its span so): the node-monitor grace period (50 s since Kubernetes 1.32, 40 s before; a
     * kube-controller-manager flag operators raise to minutes) after the kubelet's last Lease renewal (every 10 s by default), at the
     * controller's next monitor pass (5 s). Five minutes covers a grace raised to four. A NotReady that came this much after a Pod's last
     * record may lie over its end ({@code PodRecords.byHost}); one later began after it.
     */
    static final long NOT_READY_LEAD_NANOS = 300_000_000_000L;

    /**
     * How fast a time daemon slewing a node's clock moves it, in parts per million (session 58, s58-clocks): chrony's default
     * {@code maxslewrate}, 83333.333 ppm (a second every 12 s; ntpd slews at 500 ppm at most, and steps past 128 ms). Within
     * {@link #STEP_FREE_NANOS} of its record a bound showing the clock off holds only as loosened by this much of the time between,
     * on the side a correction toward the API server's clock moves it: after its record, a clock ahead (a lower bound above zero) or
     * behind (an upper bound below zero) may have come this much nearer, not past in step; before it, one ahead (an upper bound
     * above zero) or behind (a lower bound below zero) may have been this much further off. A bound showing the clock near holds
     * (a correction only brings it nearer). A node at least 100 s behind at main's start, slewed at 83 ms/s, is 4.6 s nearer 55 s
     * later at main's end: read at the start's offset, the end came after a deletion 1.6 s after it ({@code NodeClockStepTest}).
     * The judgment's slewed clocks (session 58, seeds 1-20) moved no finding with it: the second-precision stamps' own slack
     * covered them there, nothing covers them in general.
     */
    static final long MAX_SLEW_PER_MILLION = 83_334;

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
        pauses = pauses == null ? java.util.List.of() : java.util.List.copyOf(pauses);
    }

    /** As the canonical constructor with {@code notReady}'s span not placed: open over the Pod's whole life (session 60's reading). */
    public NodeClock(String node, Long lowerNanos, String lowerWhy, Long upperNanos, String upperWhy, java.util.List<Bound> bounds,
                     java.util.Map<Integer, Bound> controllerAhead, String notReady) {
        this(node, lowerNanos, lowerWhy, upperNanos, upperWhy, bounds, controllerAhead, notReady,
                notReady == null ? java.util.List.of() : java.util.List.of(new Pause(notReady, null)));
    }

    /**
     * Session 62: where a span in which the node stopped posting its status ({@link #notReady}) may have begun, on the node's own clock.
     * A VM paused there resumes behind by the pause: a bound whose record and the time it is read at both lie before the span's start
     * has no such pause between them (one shorter than the node-monitor grace period is {@link #PAUSE_NANOS}'s) and holds as any other;
     * one whose record or time lies at or after it holds on the pause's side only at its own stamp. The span only opens: nothing the
     * kubelet posts closes it (session 61 placed its end at the stamp of the kubelet's {@code NodeReady} stored after the NotReady, and
     * its breaker showed the event recorder's retry store a {@code NodeReady} stamped before the pause after the NotReady: a wrong
     * one-clock order; a stamp of the kubelet's after the resume is on a clock behind by the pause, so no stamp places the return).
     *
     * @param why        what shows the node stopped posting
     * @param beforeNode a time of the node's clock no later than the span's start (the stamp of the latest kubelet record the API server
     *                   stored before {@link #NOT_READY_LEAD_NANOS} ahead of the NotReady), or null: nothing places its start, which may
     *                   lie before anything read
     */
    public record Pause(String why, java.time.Instant beforeNode) {

        /** Whether a bound recorded at {@code record} (the node's clock) is read at {@code read} with both before this span's start. */
        boolean clear(java.time.Instant record, java.time.Instant read) {
            return beforeNode != null && !record.isAfter(beforeNode) && !read.isAfter(beforeNode);
        }
    }

    /** Whether no span of {@link #pauses} may lie between a bound's record at {@code record} and the time read at {@code read}. */
    private boolean clearOfPauses(java.time.Instant record, java.time.Instant read) {
        if (pauses.isEmpty()) {
            return notReady == null;
        }
        for (Pause p : pauses) {
            if (!p.clear(record, read)) {
                return false;
            }
        }
        return true;
    }

    public NodeClock(String node, Long lowerNanos, String lowerWhy, Long upperNanos, String upperWhy, java.util.List<Bound> bounds,
                     java.util.Map<Integer, Bound> controllerAhead) {
        this(node, lowerNanos, lowerWhy, upperNanos, upperWhy, bounds, controllerAhead, null);
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
        return new NodeClock(node, lowerNanos, lowerWhy, upperNanos, upperWhy, bounds, ahead, notReady, pauses);
    }

    /**
     * Whether {@code nodeTime}, this node's, came before {@code line}, a controller's line of run {@code stream} (null: a time the
     * controller wrote into an export, its run not known): by the node's bound and the run's {@link #controllerAhead}, both near
     * ({@link NodeOrder#BOUNDED}); else as far as the node's minute and the two clocks' 10 s go ({@link NodeOrder#MARGIN} or
     * {@link NodeOrder#NONE}), never as one clock's.
     */
    public NodeOrder nodeBeforeController(Timestamp nodeTime, Timestamp line, Integer stream) {
        return nodeBeforeController(nodeTime, 0, line, stream);
    }

    /**
     * As {@link #nodeBeforeController(Timestamp, Timestamp, Integer)} for the moment {@code afterNanos} (of the API server's time) after
     * {@code nodeTime}: the clock is read where its stamp was written, at {@code nodeTime} (its offset then is what places the stamp), not
     * at the shifted time, which no clock stamped.
     */
    public NodeOrder nodeBeforeController(Timestamp nodeTime, long afterNanos, Timestamp line, Integer stream) {
        NodeOrder byNode = nodeBefore(nodeTime, afterNanos, line, DeletionBounds.CROSS_CLOCK_NANOS);
        if (byNode != NodeOrder.BOUNDED && byNode != NodeOrder.FAR) {
            return byNode;
        }
        Bound ahead = stream == null ? (controllerAhead.size() == 1 ? controllerAhead.values().iterator().next() : null) : controllerAhead.get(stream);
        Long aheadNanos = ahead == null ? null : controllerAheadAt(ahead, line);
        if (aheadNanos != null) {
            if (!nodeTime.windowEnd().plusNanos(afterNanos).minusNanos(near(nodeTime).lowerNanos).plusNanos(aheadNanos).isBefore(line.instant())) {
                return NodeOrder.NONE;
            }
            // Session 60: the run's clock bounded only by a record more than a minute from the line rests, as the node's does, on no
            // step of that clock away from the API server's in between (a controller's node has a time daemon too): at most far.
            return byNode == NodeOrder.BOUNDED && Math.abs(nanosBetween(ahead.at(), line.instant())) > STEP_FREE_NANOS ? NodeOrder.FAR : byNode;
        }
        // The controller's clock bounded by nothing near: the node's bound orders the end before the line within the two clocks' 10 s
        // only; past the node's minute that is the margin's order, within it none.
        return DeletionBounds.nodeClearlyBefore(shifted(nodeTime, afterNanos), line) ? NodeOrder.MARGIN : NodeOrder.NONE;
    }

    /**
     * How far ahead of the API server's the controller run's clock can be at {@code line}, by its {@code Created pod} bound
     * {@code ahead} (null: the bound says nothing there). Session 60: read as a node's upper bound is ({@link #near}): within an hour
     * of its record, loosened by the drift; a clock behind at the record counted in step (a correction brings it toward the API
     * server's, not past); a line more than {@link #STEP_FREE_NANOS} before its record, further ahead by a VM's pause
     * ({@link #PAUSE_NANOS}: the clock falls behind by the pause, so it was that much further ahead before), and where that leaves
     * it possibly in step or behind, bounded by nothing (a correction in between may have followed a clock off by anything).
     */
    private static Long controllerAheadAt(Bound ahead, Timestamp line) {
        long apart = Math.abs(nanosBetween(ahead.at(), line.instant()));
        if (apart > BOUND_SPAN_NANOS) {
            return null;
        }
        long raw = ahead.nanos() + apart / 1_000_000 * DRIFT_PER_MILLION;
        boolean lineBefore = line.instant().isBefore(ahead.at());
        if (lineBefore && apart > STEP_FREE_NANOS) {
            return raw + PAUSE_NANOS >= 0 ? null : 0L;
        }
        if (lineBefore && ahead.nanos() > 0) {
            raw += apart / 1_000_000 * MAX_SLEW_PER_MILLION; // ahead at its record, further ahead before while slewed toward it
        }
        return Math.max(0, raw);
    }

    private static Timestamp shifted(Timestamp nodeTime, long afterNanos) {
        return afterNanos == 0 ? nodeTime : new Timestamp(nodeTime.instant().plusNanos(afterNanos), nodeTime.precision(), nodeTime.zone());
    }

    /**
     * The bounds that hold at {@code nodeTime}, a time of this node's clock: those whose record is within {@link #BOUND_SPAN_NANOS}
     * of it, each loosened by {@link #DRIFT_PER_MILLION} of the time between.
     */
    public NodeClock near(Timestamp nodeTime) {
        return near(nodeTime, BOUND_SPAN_NANOS);
    }

    /**
     * The bounds whose record is within {@link #STEP_FREE_NANOS} of {@code nodeTime} (session 59): those no step of the node's clock
     * away from the API server's between the record and the time read can have moved, short of the coincidence within the minute.
     */
    NodeClock close(Timestamp nodeTime) {
        // Session 59 breaker (s59-b-away, NodeClockCrossingBreakerTest): where the bounds of the hour cross, the clock was stepped
        // between their records, and nothing places the step before or after the time read: a close record on the other side of it
        // gives a stepped bound. Then only a record at the time read itself (within its stamp's second) is free of the step.
        return near(nodeTime, stepShown(nodeTime) ? STAMP_NANOS : STEP_FREE_NANOS);
    }

    /** A stamp's own second: a record within it of the time read has no step between. */
    private static final long STAMP_NANOS = 1_000_000_000L;

    /** Whether the bounds within {@link #BOUND_SPAN_NANOS} of {@code nodeTime} cross (as read there): the clock was stepped between. */
    private boolean stepShown(Timestamp nodeTime) {
        if (nodeTime == null) {
            return false;
        }
        Long rawLower = null;
        Long rawUpper = null;
        for (Bound b : bounds) {
            long apart = Math.abs(nanosBetween(b.at(), nodeTime.instant()));
            if (apart > BOUND_SPAN_NANOS) {
                continue;
            }
            long drift = apart / 1_000_000 * DRIFT_PER_MILLION;
            if (b.lower()) {
                rawLower = rawLower == null ? b.nanos() - drift : Math.max(rawLower, b.nanos() - drift);
            } else {
                rawUpper = rawUpper == null ? b.nanos() + drift : Math.min(rawUpper, b.nanos() + drift);
            }
        }
        return rawLower != null && rawUpper != null && rawLower >= rawUpper;
    }

    private NodeClock near(Timestamp nodeTime, long span) {
        if (nodeTime == null || bounds.isEmpty()) {
            return bounds.isEmpty() ? this : new NodeClock(node, null, null, null, null, bounds, controllerAhead, notReady, pauses);
        }
        Long lower = null;
        String lowerWhy = null;
        Long upper = null;
        String upperWhy = null;
        Long rawLower = null;
        Long rawUpper = null;
        for (Bound b : bounds) {
            long apart = Math.abs(nanosBetween(b.at(), nodeTime.instant()));
            if (apart > span) {
                continue;
            }
            long drift = apart / 1_000_000 * DRIFT_PER_MILLION;
            // Session 57 breaker (STEP_FREE_NANOS): further than a minute from its record, a time daemon coming back in between may
            // have brought the clock to the API server's (a step, or a slew toward it, never past it).
            boolean far = apart > STEP_FREE_NANOS;
            boolean recordBefore = b.at().isBefore(nodeTime.instant());
            if (notReady != null && apart > STAMP_NANOS && (b.lower() == recordBefore) && !clearOfPauses(b.at(), nodeTime.instant())) {
                // Session 60: the node stopped posting its status while the Pod lived ({@link #notReady}): a VM paused past the
                // node-monitor grace period resumes behind by the whole pause, which nothing bounds. On the side a pause moves the
                // clock (after its record, further behind: a lower bound; before it, less behind: an upper bound) a bound holds only
                // at its own stamp. Session 62: only where the span may have begun by the later of the record and the time read
                // ({@link Pause}).
                continue;
            }
            if (b.lower()) {
                long raw = b.nanos() - drift;
                rawLower = rawLower == null ? raw : Math.max(rawLower, raw);
                Long l = raw;
                String why = b.why();
                if (far && recordBefore && b.nanos() > 0) {
                    // Ahead at its record, corrected since perhaps: at least in step (less a pause since, PAUSE_NANOS).
                    l = -drift - PAUSE_NANOS;
                    why = b.why() + "; " + GoDuration.format(b.nanos()) + " ahead then, " + GoDuration.format(apart) + " before, and a time "
                            + "daemon coming back since brings a clock to the API server's, not past it" + PAUSED;
                } else if (far && recordBefore) {
                    // Session 58 breaker: a VM paused since (no longer than the node-monitor grace period) is behind by the pause.
                    l = raw - PAUSE_NANOS;
                    why = b.why() + "; " + GoDuration.format(apart) + " before" + PAUSED;
                } else if (far && !recordBefore && raw <= 0) {
                    l = null; // in step at its record: a correction in between may have followed a clock off by anything
                } else if (!far && (recordBefore ? b.nanos() > 0 : b.nanos() < 0)) {
                    // Session 58: a slewing clock moves toward the API server's by up to MAX_SLEW_PER_MILLION in the minute too:
                    // ahead at its record, less ahead since (not past in step); behind at it, further behind before.
                    long slew = apart / 1_000_000 * MAX_SLEW_PER_MILLION;
                    l = recordBefore ? Math.max(raw - slew, -drift) : raw - slew;
                    why = slewed(b, apart, l);
                }
                if (l != null && (lower == null || l > lower)) {
                    lower = l;
                    lowerWhy = why;
                }
            } else {
                long raw = b.nanos() + drift;
                rawUpper = rawUpper == null ? raw : Math.min(rawUpper, raw);
                Long u = raw;
                String why = b.why();
                if (far && recordBefore && b.nanos() < 0) {
                    // Behind at its record, corrected since perhaps: at most in step.
                    u = drift;
                    why = b.why() + "; " + GoDuration.format(-b.nanos()) + " behind then, " + GoDuration.format(apart) + " before, and a time "
                            + "daemon coming back since brings a clock to the API server's, not past it";
                } else if (far && !recordBefore && raw + PAUSE_NANOS >= 0) {
                    u = null; // in step at its record, or behind by no more than a pause since: before it, anything
                } else if (far && !recordBefore) {
                    // Session 58 breaker: behind at its record by more than a pause since can make: behind by the rest before it.
                    u = raw + PAUSE_NANOS;
                    why = b.why() + "; " + GoDuration.format(apart) + " after" + PAUSED;
                } else if (!far && (recordBefore ? b.nanos() < 0 : b.nanos() > 0)) {
                    // Session 58: behind at its record, less behind since (not past in step); ahead at it, further ahead before.
                    long slew = apart / 1_000_000 * MAX_SLEW_PER_MILLION;
                    u = recordBefore ? Math.min(raw + slew, drift) : raw + slew;
                    why = slewed(b, apart, u);
                }
                if (u != null && (upper == null || u < upper)) {
                    upper = u;
                    upperWhy = why;
                }
            }
        }
        if (rawLower != null && rawUpper != null && rawLower >= rawUpper) {
            // The bounds cross: the clock moved between their records. Session 59: those within the minute of the time read hold there
            // (a step within it is the coincidence read past); if they cross too, nothing does.
            return span > STEP_FREE_NANOS ? near(nodeTime, STEP_FREE_NANOS) : new NodeClock(node, null, null, null, null, bounds, controllerAhead, notReady, pauses);
        }
        return new NodeClock(node, lower, lowerWhy, upper, upperWhy, bounds, controllerAhead, notReady, pauses);
    }

    private static final String PAUSED = ", and a VM paused in between (no longer than the node-monitor grace period, "
            + GoDuration.format(PAUSE_NANOS) + ", which leaves no trace) is behind by the pause";

    private static String slewed(Bound b, long apart, long now) {
        if (apart == 0 || now == b.nanos()) {
            return b.why();
        }
        return b.why() + "; " + GoDuration.format(Math.abs(b.nanos())) + (b.nanos() > 0 ? " ahead" : " behind") + " there, "
                + GoDuration.format(apart) + " away, within which a time daemon slewing the clock toward the API server's moves it by "
                + "up to " + GoDuration.format(apart / 1_000_000 * MAX_SLEW_PER_MILLION);
    }

    /** How a node's time orders against a time on another clock. */
    public enum NodeOrder {
        /** Ordered by the node's offset bounded from its own records: as good as one clock's order. */
        BOUNDED,
        /** Ordered only because the two are further apart than {@link DeletionBounds#NODE_CLOCK_NANOS}: rests on the node's clock. */
        MARGIN,
        /**
         * Session 59: ordered by the node's offset, but only as bounded by records more than {@link #STEP_FREE_NANOS} from the time
         * ordered, none within it agreeing: rests on the node's clock not stepped away from the API server's in between (a time daemon
         * following a bad server steps a clock by any amount, and nothing in a Pod's records shows it), as {@link #MARGIN} rests on it
         * agreeing: at most likely ({@link #capped}).
         */
        FAR,
        /** Not ordered. */
        NONE;

        public boolean ordered() {
            return this != NONE;
        }

        /** Ordered, but on an assumption about the node's clock that nothing near the time checks ({@link #MARGIN}, {@link #FAR}). */
        public boolean capped() {
            return this == MARGIN || this == FAR;
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
        // Session 57: the Pod's creation (the API server's clock) comes before anything its kubelet stamps about it.
        java.util.Map<String, Timestamp> createdByUid = new java.util.HashMap<>();
        for (PodSnapshot s : pod.snapshots()) {
            if (!s.described() && s.creationTimestamp() != null && !s.annotations().containsKey("kubernetes.io/config.mirror")) {
                if (!s.uid().isEmpty()) {
                    createdByUid.putIfAbsent(s.uid(), s.creationTimestamp());
                }
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            if (!"kubelet".equals(e.reportedBy()) || !node.equals(e.host()) || e.statedClock() || e.minuteDated() || e.first() == null
                    || e.created() == null) {
                continue; // without its own creation, the Event's first time may be the API server's, not the kubelet's stamp
            }
            // By the Pod's UID only: an Event of an earlier Pod of the name, read against a later one's creation, bounds nothing.
            Timestamp podCreated = createdByUid.get(e.regarding().uid());
            if (podCreated != null && podCreated.comparable(e.first())) {
                long u = nanosBetween(podCreated.instant(), e.first().windowEnd());
                String why = "its kubelet's " + e.reason() + " Event stamped " + e.first().format() + ", after the Pod was created at "
                        + podCreated.format();
                bounds.add(new Bound(false, u, e.first().instant(), why));
                if (upper == null || u < upper) {
                    upper = u;
                    upperWhy = why;
                }
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (!node.equals(s.nodeName()) && !(s.nodeName() == null || s.nodeName().isEmpty())) {
                continue;
            }
            if (!s.described() && s.creationTimestamp() != null && (s.nodeName() != null && !s.nodeName().isEmpty())
                    && !s.annotations().containsKey("kubernetes.io/config.mirror")) {
                // status.startTime and the containers' startedAt, on the node's clock, are after the Pod's creation on the API
                // server's: offset < nodeTime + its second - creationTimestamp. (Only where the export names the node: a time
                // in an export without spec.nodeName may be another node's, an earlier namesake's. A mirror Pod's object is created by
                // its kubelet after the static Pod it mirrors started: its start may precede its creation.)
                Timestamp created = s.creationTimestamp();
                java.util.List<Object[]> stamps = new java.util.ArrayList<>();
                if (s.startTime() != null) {
                    stamps.add(new Object[]{s.startTime(), "status.startTime"});
                }
                for (dev.argoforensics.snapshot.ContainerState c : s.containers()) {
                    if (c.startedAt() != null) {
                        stamps.add(new Object[]{c.startedAt(), c.name() + "'s startedAt"});
                    }
                }
                for (Object[] st : stamps) {
                    Timestamp t = (Timestamp) st[0];
                    if (!t.comparable(created)) {
                        continue;
                    }
                    long u = nanosBetween(created.instant(), t.windowEnd());
                    String why = "its kubelet's " + st[1] + " " + t.format() + ", after the Pod was created at " + created.format();
                    bounds.add(new Bound(false, u, t.instant(), why));
                    if (upper == null || u < upper) {
                        upper = u;
                        upperWhy = why;
                    }
                }
            }
            if (s.kubeletStatusWrite() != null && s.nodeName() != null && !s.nodeName().isEmpty()) {
                // The kubelet's managedFields entry: the API server stamped it as it stored the kubelet's last status write, after the
                // node times that write carried (the containers' start and end, status.startTime): offset > nodeTime - (write + its
                // second). The conditions are left out: the node lifecycle controller writes Ready on the API server's clock.
                Timestamp w = s.kubeletStatusWrite();
                Timestamp latest = null;
                String what = null;
                java.util.List<Object[]> written = new java.util.ArrayList<>();
                if (s.startTime() != null && s.startTime().comparable(w)) {
                    latest = s.startTime();
                    what = "status.startTime";
                    written.add(new Object[] {latest, what});
                }
                for (dev.argoforensics.snapshot.ContainerState c : s.containers()) {
                    for (Timestamp t : new Timestamp[] {c.startedAt(), c.finishedAt()}) {
                        if (t != null && t.comparable(w)) {
                            written.add(new Object[] {t, c.name() + (t == c.finishedAt() ? "'s finishedAt" : "'s startedAt")});
                        }
                        if (t != null && t.comparable(w) && (latest == null || latest.instant().isBefore(t.instant()))) {
                            latest = t;
                            what = c.name() + (t == c.finishedAt() ? "'s finishedAt" : "'s startedAt");
                        }
                    }
                }
                // Session 57 breaker: each node time the write carried bounds the clock at that time (a bound showing the clock ahead
                // holds at its value only near its record, STEP_FREE_NANOS), the latest the tightest.
                for (Object[] t : written) {
                    Timestamp at = (Timestamp) t[0];
                    if (at != latest) {
                        bounds.add(new Bound(true, nanosBetween(w.windowEnd(), at.instant()), at.instant(), "its kubelet's " + t[1] + " "
                                + at.format() + ", written before the API server stored the kubelet's status at " + w.format() + " (managedFields)"));
                    }
                }
                if (latest != null) {
                    long l = nanosBetween(w.windowEnd(), latest.instant());
                    String why = "its kubelet's " + what + " " + latest.format() + ", written before the API server stored the kubelet's status at "
                            + w.format() + " (managedFields)";
                    bounds.add(new Bound(true, l, latest.instant(), why));
                    if (lower == null || l > lower) {
                        lower = l;
                        lowerWhy = why;
                    }
                }
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
        String notReady = notReady(pod, node);
        java.util.List<Pause> pauses = notReady == null ? java.util.List.of() : pauses(pod, node);
        if (lower != null && upper != null && lower >= upper) {
            // The bounds cross: the node's clock moved over the Pod's life, and they bound nothing as a whole. Session 59: each time read
            // keeps the bounds near it ({@link #near}: those within the minute, where the far ones cross them).
            return new NodeClock(node, null, null, null, null, bounds, controllerAhead(pod), notReady, pauses);
        }
        return new NodeClock(node, lower, lowerWhy, upper, upperWhy, bounds, controllerAhead(pod), notReady, pauses);
    }

    /**
     * What shows {@code node} stopped posting its status while the Pod lived, or null (session 60): the node lifecycle controller's
     * {@code NodeNotReady} on the Pod (it writes it on each Pod of a node whose {@code Ready} it turns {@code Unknown}, "Kubelet stopped
     * posting node status", after the node-monitor grace period) or on the Node, the taint manager's {@code TaintManagerEviction} (a
     * {@code node.kubernetes.io/unreachable} or {@code not-ready} NoExecute taint) or the Pod's {@code DisruptionTarget}
     * {@code DeletionByTaintManager}. A kubelet cut off by the network keeps its clock; one on a VM paused past the grace period (a
     * hypervisor's pause, a live migration) resumes behind by the whole pause, and nothing in the exports says which. So a bound on
     * the pause's side ({@link #near}) holds only at its record's own stamp.
     */
    static String notReady(PodHistory pod, String node) {
        java.util.Set<String> uids = new java.util.HashSet<>();
        for (PodSnapshot s : pod.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
            }
            for (PodCondition c : s.conditions()) {
                if ("DisruptionTarget".equals(c.type()) && "True".equals(c.status()) && "DeletionByTaintManager".equals(c.reason())
                        && (s.nodeName() == null || s.nodeName().isEmpty() || node.equals(s.nodeName()))) {
                    return "the Pod's DisruptionTarget condition DeletionByTaintManager (its node tainted unreachable or not ready)";
                }
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            boolean onPod = "Pod".equals(e.regarding().kind()) && (uids.isEmpty() || e.regarding().uid().isEmpty() || uids.contains(e.regarding().uid()));
            boolean onNode = "Node".equals(e.regarding().kind()) && node.equals(e.regarding().name());
            if ((onPod && ("NodeNotReady".equals(e.reason()) || "TaintManagerEviction".equals(e.reason())))
                    || (onNode && "NodeNotReady".equals(e.reason()))) {
                return "its " + e.reason() + " Event on the " + e.regarding().kind() + (e.first() == null ? "" : " at " + e.first().format());
            }
        }
        return null;
    }

    /**
     * Where the spans {@link #notReady} shows may have begun on {@code node}'s clock (session 62): one per {@code NodeNotReady} on the Pod
     * or its Node, begun no earlier than {@link #NOT_READY_LEAD_NANOS} before it (the earlier of its stamp and its storage, the control
     * plane's clock): before then, up to the stamp of the latest kubelet record of that node the API server stored by then (an Event's
     * {@code creationTimestamp}, a status write's managedFields time; the kubelet stamped it while it ran, before the pause). Not placed
     * (it may lie anywhere in the Pod's life): one shown only by the taint manager ({@code TaintManagerEviction},
     * {@code DeletionByTaintManager}: the taint comes a toleration after the node went), by a stated clock or a minute's precision, or
     * by a kubelet's own {@code NodeNotReady} whose storage is not shown (its stamp is the node's clock).
     */
    static java.util.List<Pause> pauses(PodHistory pod, String node) {
        java.util.Set<String> uids = new java.util.HashSet<>();
        java.util.List<Pause> out = new java.util.ArrayList<>();
        for (PodSnapshot s : pod.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
            }
            for (PodCondition c : s.conditions()) {
                if ("DisruptionTarget".equals(c.type()) && "True".equals(c.status()) && "DeletionByTaintManager".equals(c.reason())
                        && (s.nodeName() == null || s.nodeName().isEmpty() || node.equals(s.nodeName()))) {
                    out.add(new Pause("the Pod's DisruptionTarget condition DeletionByTaintManager", null));
                }
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            boolean onPod = "Pod".equals(e.regarding().kind()) && (uids.isEmpty() || e.regarding().uid().isEmpty() || uids.contains(e.regarding().uid()));
            boolean onNode = "Node".equals(e.regarding().kind()) && node.equals(e.regarding().name());
            String why = "its " + e.reason() + " Event on the " + e.regarding().kind() + (e.first() == null ? "" : " at " + e.first().format());
            if (onPod && "TaintManagerEviction".equals(e.reason())) {
                out.add(new Pause(why, null));
            } else if ((onPod || onNode) && "NodeNotReady".equals(e.reason())) {
                java.time.Instant at = controlPlaneTime(e);
                out.add(new Pause(why, at == null ? null : storedBefore(pod, node, at.minusNanos(NOT_READY_LEAD_NANOS))));
            }
        }
        return out;
    }

    /** The earliest time of the control plane's clock a {@code NodeNotReady} shows, or null: its stamp (the node lifecycle controller's) and its storage. */
    private static java.time.Instant controlPlaneTime(ClusterEvent e) {
        if (e.statedClock() || e.minuteDated()) {
            return null;
        }
        java.time.Instant stored = e.created() == null ? null : e.created().instant();
        java.time.Instant stamped = e.first() == null || "kubelet".equals(e.reportedBy()) ? null : e.first().instant();
        return stored == null ? stamped : stamped == null || stored.isBefore(stamped) ? stored : stamped;
    }

    /** The latest stamp of a kubelet record of {@code node} the API server stored before {@code began}, or null. */
    private static java.time.Instant storedBefore(PodHistory pod, String node, java.time.Instant began) {
        java.time.Instant latest = null;
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("kubelet".equals(e.reportedBy()) && node.equals(e.host()) && !e.statedClock() && !e.minuteDated() && e.first() != null
                    && e.created() != null && e.created().windowEnd().isBefore(began)) {
                latest = latest == null || e.first().instant().isAfter(latest) ? e.first().instant() : latest;
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            Timestamp w = s.kubeletStatusWrite();
            if (w == null || !node.equals(s.nodeName()) || !w.windowEnd().isBefore(began)) {
                continue;
            }
            java.util.List<Timestamp> carried = new java.util.ArrayList<>();
            carried.add(s.startTime());
            for (dev.argoforensics.snapshot.ContainerState c : s.containers()) {
                carried.add(c.startedAt());
                carried.add(c.finishedAt());
            }
            for (Timestamp t : carried) {
                if (t != null && t.comparable(w) && (latest == null || t.instant().isAfter(latest))) {
                    latest = t.instant();
                }
            }
        }
        return latest;
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
        return nodeBefore(nodeTime, 0, other, otherMarginNanos);
    }

    /** As {@link #nodeBefore(Timestamp, Timestamp, long)} for the moment {@code afterNanos} after {@code nodeTime}, the clock read at {@code nodeTime}. */
    public NodeOrder nodeBefore(Timestamp nodeTime, long afterNanos, Timestamp other, long otherMarginNanos) {
        NodeClock near = near(nodeTime);
        Timestamp at = shifted(nodeTime, afterNanos);
        if (near.lowerNanos != null) {
            if (!near.lowerBefore(at, other, otherMarginNanos)) {
                return NodeOrder.NONE;
            }
            // Session 59: a bound read more than a minute from its record holds only while the clock was not stepped away since.
            NodeClock close = close(nodeTime);
            return close.lowerNanos != null && close.lowerBefore(at, other, otherMarginNanos) ? NodeOrder.BOUNDED : NodeOrder.FAR;
        }
        if (!DeletionBounds.nodeClearlyBefore(at, other)) {
            return NodeOrder.NONE;
        }
        // A bound from further than its span: it cannot give the order, but where it shows the node's clock off by more than the order
        // allows, the margin's assumption is what the evidence contradicts.
        if (knownBehindPastMargin()) {
            return NodeOrder.NONE;
        }
        return lowerNanos != null && !lowerBefore(at, other, otherMarginNanos) ? NodeOrder.NONE : NodeOrder.MARGIN;
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
            if (!near.upperAfter(other, nodeTime, otherMarginNanos)) {
                return NodeOrder.NONE;
            }
            NodeClock close = close(nodeTime);
            return close.upperNanos != null && close.upperAfter(other, nodeTime, otherMarginNanos) ? NodeOrder.BOUNDED : NodeOrder.FAR;
        }
        if (!DeletionBounds.nodeClearlyBefore(other, nodeTime)) {
            return NodeOrder.NONE;
        }
        if (knownAheadPastMargin()) {
            return NodeOrder.NONE;
        }
        return upperNanos != null && !upperAfter(other, nodeTime, otherMarginNanos) ? NodeOrder.NONE : NodeOrder.MARGIN;
    }

    /**
     * Session 59 (unseen {@code workflow-deadline}: a node's {@code status.startTime} 65 s before its Pod's creation, main's exit 0 read
     * 64 s before the controller's stop on the margin, {@code likely}, where it answered the stop): the margin ({@link NodeOrder#MARGIN})
     * assumes the node's clock within {@link DeletionBounds#NODE_CLOCK_NANOS} of the API server's because nothing checks it. A bound read
     * at its own record showing the clock behind by more than that is the evidence against the assumption, on this node, over the
     * Pod's life: a time daemon may have corrected it since or not, and nothing says which. A node time then orders before another
     * clock's only by a bound near it, never by the margin.
     */
    private boolean knownBehindPastMargin() {
        // Every bound at its record, not the whole-life summary: bounds that cross (the clock moved over the Pod's life) leave no summary
        // (s59-away), and one of them still shows the clock off.
        if (upperNanos != null && upperNanos < -DeletionBounds.NODE_CLOCK_NANOS) {
            return true;
        }
        for (Bound b : bounds) {
            if (!b.lower() && b.nanos() < -DeletionBounds.NODE_CLOCK_NANOS) {
                return true;
            }
        }
        return false;
    }

    /** The mirror of {@link #knownBehindPastMargin()}: a bound showing the clock ahead by more than the margin at its record. */
    private boolean knownAheadPastMargin() {
        if (lowerNanos != null && lowerNanos > DeletionBounds.NODE_CLOCK_NANOS) {
            return true;
        }
        for (Bound b : bounds) {
            if (b.lower() && b.nanos() > DeletionBounds.NODE_CLOCK_NANOS) {
                return true;
            }
        }
        return false;
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
