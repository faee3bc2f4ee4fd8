package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import java.time.Instant;
import java.util.List;

/**
 * Whether a release's scheduling line describes the Pod whose lifetime holds it (session 60). The deleting handler logs
 * {@code delay = lastTransition + max(podGC delay, 2m) - now} (reference, the delay formula), and stamps its line with that
 * {@code now}: the line's time plus its delay, less the effective delay, is the Pod's latest condition transition as the handler read
 * it. That transition was stamped by the scheduler or the kubelet, on their clocks, and a Pod has no condition before it exists: a
 * line dating it well before the Pod's own {@code Created pod} line describes an earlier Pod of the name, whatever its place in the
 * lines (a replica whose clock runs ahead stamps an earlier Pod's release after a later Pod's creation by another replica, within the
 * margin two controllers' clocks may disagree, and the name is then not split: {@link Lifetimes}).
 *
 * <p>The transition is on a node's or the control plane's clock and the {@code Created pod} line on the controller's: they are
 * compared only beyond {@link #MARGIN_NANOS}, the one-minute margin the correlation allows a node's clock (plus the second the API
 * server cuts both times to), only across runs (in one run the order decides), and only where the lines show an earlier Pod of the
 * name ({@link #earlierPodShown}) that the line could describe.
 */
final class ReleaseLifetime {
    private ReleaseLifetime() {
    }

    /** A node's clock against the controller's, and the whole second a condition's lastTransitionTime is cut to. */
    static final long MARGIN_NANOS = 61_000_000_000L;

    /**
     * The latest condition transition the handler read, as its line dates it: the line's time plus the logged delay less the effective
     * delay (the podGC delay its line logs, at least the deleting branch's 2 minutes).
     */
    static Instant datedTransition(Instant lineTime, long delayNanos, String podGc) {
        long effective = Math.max(ExecutionOrder.podGcDelay(podGc), RemovalDeadline.MINIMUM_DELAY_NANOS);
        return lineTime.plusNanos(delayNanos).minusNanos(effective);
    }

    /**
     * This Pod's creation as every reader of its lifetime dates a release against it (session 62: derived once, in
     * {@code LifecycleBuilder.build}, before the lifetime's lines are chosen). The API server's {@code creationTimestamp} where the
     * exports of the lifetime (those not made clearly before its {@code Created pod} line) give exactly one; else the {@code Created
     * pod} line put on the objects' clock by the least offset its run's {@link RunClocks} pairs of other Pods show (s61 breaker: a
     * run 100 s ahead or 90 s behind); else the line as stamped.
     *
     * @param at       the creation
     * @param exported {@code at} is the export's {@code creationTimestamp}
     * @param paired   where {@code at} is the line shifted by its run's pairs: those pairs and the offset, for the words (else null)
     * @param line     the lifetime's {@code Created pod} line
     */
    record Creation(dev.argoforensics.time.Timestamp at, boolean exported, String paired, LogEvent line) {
        /** Whether {@code at} is on the objects' clock (the export's, or the line shifted by its run's pairs). */
        boolean onObjectsClock() {
            return exported || paired != null;
        }
    }

    /** {@link Creation} of the lifetime that begins at {@code created} (null: no line, or no time). */
    static Creation creation(LogEvent created, PodHistory all, RunClocks runs) {
        if (created == null || created.time() == null) {
            return null;
        }
        Instant start = created.time().instant().minusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        // Session 62 breaker (ReleaseLifetimeCreationS62BreakerTest): nor an export of a Pod created clearly after this one was seen
        // gone (a later Pod of the name: the Workflow submitted again under its name, its creating run's lines not given). Its
        // creation is no bound of this Pod's, and would date this Pod's own release as an earlier Pod's.
        Instant gone = seenGone(created, all, runs);
        List<dev.argoforensics.time.Timestamp> made = all.snapshots().stream().map(dev.argoforensics.snapshot.PodSnapshot::creationTimestamp)
                .filter(java.util.Objects::nonNull).filter(t -> !t.windowEnd().isBefore(start))
                .filter(t -> gone == null || !t.instant().isAfter(gone.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))).distinct().toList();
        if (made.size() == 1 && made.get(0).comparable(created.time())) {
            return new Creation(made.get(0), true, null, created);
        }
        // s61 breaker (ReleaseLifetimeS61BreakerTest): the line is on the creating run's clock; where RunClocks dates that run against
        // the objects by pairs of other Pods it created (this Pod's own pair needs its export, read above), the line is put on the
        // objects' clock by the smallest offset (the earliest the creation can be). It rests on the run's clock not stepped between
        // its pairs and this line: never bounded so.
        RunClocks.RunClock run = runs == null ? null : runs.of(created.stream());
        if (run != null) {
            java.util.OptionalLong least = run.pairs().stream().filter(p -> !p.pod().named().equals(all.key().named()))
                    .mapToLong(RunClocks.Pair::offsetNanos).min();
            if (least.isPresent()) {
                return new Creation(new dev.argoforensics.time.Timestamp(created.time().instant().plusNanos(least.getAsLong()),
                        created.time().precision(), created.time().zone()), false,
                        run.pairing() + ", the least offset " + dev.argoforensics.time.GoDuration.format(least.getAsLong()), created);
            }
        }
        return new Creation(created.time(), false, null, created);
    }

    /**
     * The latest instant, on the objects' clock as far as its run's pairs date it ({@code LifecycleBuilder.onObjectsClock}: the latest
     * the line can be), by which a controller saw the Pod of the name gone after the {@code Created pod} line: the earliest {@code
     * delete pod event} its informer logged after that line (in the creating run by the lines' order, in another by its stamp). A
     * delete of an earlier Pod stamped late only makes it early: an export then falls back to the line, as before session 62. Null
     * where none is logged.
     */
    private static Instant seenGone(LogEvent created, PodHistory all, RunClocks runs) {
        Instant gone = null;
        for (LogEvent e : all.events()) {
            if (e.time() != null && e.event() instanceof dev.argoforensics.event.ControllerEvent.PodInformerEvent p
                    && p.action() == dev.argoforensics.event.ControllerEvent.InformerAction.DELETE
                    && (e.stream() == created.stream() ? EventOrder.after(e, created) : e.time().instant().isAfter(created.time().instant()))) {
                dev.argoforensics.time.Timestamp t = LifecycleBuilder.onObjectsClock(e, runs, all.key());
                Instant at = t.windowEnd();
                if (gone == null || at.isBefore(gone)) {
                    gone = at;
                }
            }
        }
        return gone;
    }

    /**
     * Whether {@code r}'s scheduling line, logged by another controller run than the one that logged the {@code Created pod} line and
     * on the deleting branch with a nonzero delay (a zero delay dates nothing: the handler logs 0 when the Pod has no condition),
     * dates the transition it read more than {@link #MARGIN_NANOS} before the Pod's creation ({@link Creation}: session 62, the same
     * instant {@link #datedBeforeCreation} reads, where s61 read the line as stamped): the line describes a Pod of the name older
     * than the one created there. In one run the lines' order decides alone: a release its run logged after the Pod's creation is
     * of that Pod (the earlier Pod was gone before the create succeeded), a transition dated before the creation then the kubelet's
     * clock behind the controller's.
     */
    static boolean describesAnEarlierPod(FinalizerRemoval r, Creation creation) {
        if (creation == null || r.scheduled() == null || r.scheduled().stream() == creation.line().stream() || r.cause() != RemovalCause.POD_DELETED
                || !(r.scheduled().event() instanceof PodCleanupScheduled s) || s.delayNanos() == 0 || r.scheduled().time() == null
                || !r.scheduled().time().comparable(creation.at())) {
            return false;
        }
        Instant dated = datedTransition(r.scheduled().time().instant(), s.delayNanos(), s.podGC());
        return dated.plusNanos(MARGIN_NANOS).isBefore(creation.at().instant());
    }

    /**
     * Session 61: the lifetime's own release ({@code r}, as {@link #describesAnEarlierPod} would read it: another run's line on the
     * deleting branch with a nonzero delay) where the lines show no earlier Pod of the name ({@link #earlierPodShown}: the name's only
     * {@code Created pod} line is this Pod's), but the line dates the transition the handler read more than {@link #MARGIN_NANOS}
     * before this Pod's creation. An earlier Pod's lines may be missing from the inputs (a rotated piece, an excerpt, a grep paste),
     * so the only creation shown proves no release is this Pod's. The creation read on the API server's clock where the lifetime's
     * exports give one {@code creationTimestamp} (else its {@code Created pod} line, on the creating run's clock), and the transition
     * on its node's clock as the Pod's own records bound it ({@link NodeClocks#timeBefore}, read where the clock stamped it): ordered
     * before by a bound near it, the delay cannot be this Pod's; only past the node's minute (nothing near checks that clock), it may
     * be. Null where the transition is not ordered before the creation (the release is the Pod's as far as anything shows: a node's
     * clock known behind by that much explains it), and where the lines' order decides (the creating run's own line).
     */
    static DatedBeforeCreation datedBeforeCreation(FinalizerRemoval r, Creation made, PodHistory all, PodHistory lifetime,
                                                   NodeClocks clocks) {
        LogEvent created = made == null ? null : made.line();
        if (r == null || created == null || created.time() == null || r.scheduled() == null || r.scheduled().stream() == created.stream()
                || r.cause() != RemovalCause.POD_DELETED || !(r.scheduled().event() instanceof PodCleanupScheduled s) || s.delayNanos() == 0
                || r.scheduled().time() == null || !r.scheduled().time().comparable(created.time()) || earlierPodShown(all, created)) {
            return null;
        }
        dev.argoforensics.time.Timestamp line = r.scheduled().time();
        // A condition's lastTransitionTime is cut to its whole second: the transition lies within the second after the dated one.
        dev.argoforensics.time.Timestamp dated = new dev.argoforensics.time.Timestamp(datedTransition(line.instant(), s.delayNanos(), s.podGC()),
                dev.argoforensics.time.TimePrecision.SECOND, line.zone());
        // Session 62: the creation derived once for the lifetime (Creation: the export's, else the line on the objects' clock by its
        // run's pairs of other Pods, else as stamped), the instant describesAnEarlierPod reads too.
        boolean exported = made.exported();
        dev.argoforensics.time.Timestamp creation = made.at();
        String paired = made.paired();
        if (!dated.windowEnd().plusNanos(MARGIN_NANOS - 1_000_000_000L).isBefore(creation.instant())) {
            return null;
        }
        String node = lifetime.snapshots().stream().map(dev.argoforensics.snapshot.PodSnapshot::nodeName).filter(n -> n != null && !n.isEmpty())
                .findFirst().orElse(null);
        NodeClock.NodeOrder order = clocks.timeBefore(node, dated, 0, creation, exported || paired != null ? null : created.stream());
        if (order == NodeClock.NodeOrder.NONE) {
            return null;
        }
        if (paired != null && order == NodeClock.NodeOrder.BOUNDED) {
            order = NodeClock.NodeOrder.FAR;
        }
        return new DatedBeforeCreation(r.scheduled(), dated, creation, exported, created, order, clocks.of(node).describe(), paired);
    }

    /**
     * Whether the lines show a Pod of the name before the one created at {@code created} whose release may still be to come: another
     * {@code Created pod} line in its history (a name read as one Pod's, its creations not split for want of the earlier Pod's
     * cleanup between them).
     */
    static boolean earlierPodShown(PodHistory pod, LogEvent created) {
        if (created == null) {
            return false;
        }
        // Not a later lifetime of a split name as such (s60 breaker, ReleaseLifetimeS60BreakerTest): a name is split only where the
        // earlier Pod's cleanup is shown before the later Created pod line (Lifetimes), and a create of the name succeeds only once
        // the earlier Pod is gone: that Pod has no release left for a later line to describe. The namesake's own release, logged by
        // the replica that took over while the kubelet's clock ran behind, was dropped and the race cleared.
        for (LogEvent e : pod.events()) {
            if (e != created && e.event() instanceof dev.argoforensics.event.ControllerEvent.PodCreated && !e.text().equals(created.text())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the lines show a release of the Pod created at {@code created} on the deleting branch that no reading dates before its
     * creation (session 61): logged after the {@code Created pod} line by its own run (where the order decides), or by another run and
     * dating the transition it read within {@link #MARGIN_NANOS} of it. A Pod released and gone is not released again: beside it, a
     * release that dates its transition before the creation is another Pod's, whatever its stamp.
     */
    static boolean ownReleaseShown(PodHistory pod, Creation creation, RunClocks runs) {
        if (creation == null) {
            return false;
        }
        LogEvent created = creation.line();
        for (FinalizerRemoval r : pod.removals()) {
            if (r.cause() == RemovalCause.POD_DELETED && r.scheduled() != null && r.scheduled().event() instanceof PodCleanupScheduled s
                    && s.delayNanos() != 0 && !EventOrder.before(r.decisive(), created) && !describesAnEarlierPod(r, creation)
                    && (r.scheduled().stream() == created.stream() ? EventOrder.after(r.scheduled(), created) : notBeforeCreation(r.scheduled(), creation, runs, pod.key()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Another run's line not stamped before the creation (session 62): on the objects' clock both where the creation is read there
     * ({@link Creation#onObjectsClock}: the line put there by its own run's pairs, {@code LifecycleBuilder.onObjectsClock}), else both
     * as stamped.
     */
    private static boolean notBeforeCreation(LogEvent line, Creation creation, RunClocks runs, PodKey key) {
        dev.argoforensics.time.Timestamp t = creation.onObjectsClock() ? LifecycleBuilder.onObjectsClock(line, runs, key) : line.time();
        return t != null && t.comparable(creation.at()) && !t.instant().isBefore(creation.at().instant());
    }

    /**
     * The lines of the releases given, as the lifetime's history holds them: the informer event the handler ran on, the handler's line,
     * the scheduling, queueing and worker lines, and the releasing run's first {@code delete pod event} after them (the Pod leaving
     * that run's informer once released).
     */
    static java.util.Set<LogEvent> linesOf(List<FinalizerRemoval> releases, List<LogEvent> events) {
        java.util.Set<LogEvent> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (FinalizerRemoval r : releases) {
            for (LogEvent e : new LogEvent[] {r.trigger(), r.onDelete(), r.scheduled(), r.queued(), r.started()}) {
                if (e != null) {
                    out.add(e);
                }
            }
            LogEvent last = r.decisive();
            for (LogEvent e : events) {
                if (e.stream() == last.stream() && e.ordinal() > last.ordinal()
                        && e.event() instanceof dev.argoforensics.event.ControllerEvent.PodInformerEvent p
                        && p.action() == dev.argoforensics.event.ControllerEvent.InformerAction.DELETE) {
                    out.add(e);
                    break;
                }
            }
        }
        return out;
    }
}
