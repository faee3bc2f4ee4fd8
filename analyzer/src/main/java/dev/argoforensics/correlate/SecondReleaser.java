package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.LogEvent;
import java.util.List;

/**
 * Session 39: the Pod's release taken by the cleanup workers of two controllers working at once. With leader election turned off
 * ({@code LEADER_ELECTION_DISABLE=true}) every replica runs the pod controller: each informer sees the Pod's deletion, each handler
 * queues the release with the delay it computed on its own clock, and each worker takes its own item and patches; one patch removes
 * the finalizer, the other finds nothing to remove. Which was first rests on two clocks nothing relates, so the earlier line on the
 * merged time line is not known to be the removal; and two controllers writing one Workflow's status (AF012) can each record what
 * the other overwrites.
 *
 * <p>Such a second release is another removal of the same Pod name: its own worker line (not an item its run never took, not one
 * whose worker came after its informer had dropped the Pod), on the deleting path, from a run of another replica whose lines say
 * it worked unconditionally or say nothing of an election (a run that logged holding a Lease excludes another holder of the same
 * Lease at that moment: two such runs are a hand-over or two installations), the two worker lines within
 * {@link DeletionBounds#CROSS_CLOCK_NANOS} of each other. Not the same line read twice: a log and its copy, or one log in two
 * formats, give the scheduling line's delay to the nanosecond twice (two handlers reading {@code time.Now()} never do), and
 * without scheduling lines the worker lines at one instant (to the coarser precision) are taken for one line read twice.
 */
public final class SecondReleaser {
    /** How far apart the two worker lines may be: as far as two clocks may disagree ({@link DeletionBounds#CROSS_CLOCK_NANOS}). */
    public static final long MARGIN_NANOS = DeletionBounds.CROSS_CLOCK_NANOS;

    private SecondReleaser() {
    }

    /**
     * The other run's release of the Pod as above, the earliest such, or null; {@code patchedNothing} tells a release whose worker
     * came after its own informer had dropped the Pod (its stream orders the two: it patched nothing, and is no contender).
     */
    static FinalizerRemoval of(List<FinalizerRemoval> removals, FinalizerRemoval release, List<ControllerProcess> processes,
                               java.util.function.Predicate<FinalizerRemoval> patchedNothing) {
        if (release == null || release.started() == null || release.unworked() != null || !deleting(release.cause())) {
            return null;
        }
        ControllerProcess own = run(release.started(), processes);
        if (own == null || !unconditional(own)) {
            return null;
        }
        for (FinalizerRemoval r : removals) {
            if (r == release || r.started() == null || r.unworked() != null || !deleting(r.cause()) || patchedNothing.test(r)) {
                continue;
            }
            ControllerProcess other = run(r.started(), processes);
            if (other == null || other.replica().equals(own.replica()) || !unconditional(other)) {
                continue;
            }
            LogEvent a = release.started();
            LogEvent b = r.started();
            if (!a.time().comparable(b.time()) || Math.abs(a.time().nanosUntil(b.time())) > MARGIN_NANOS) {
                continue;
            }
            if (readTwice(release, r)) {
                continue;
            }
            return r;
        }
        return null;
    }

    /** The same lines read twice: the scheduling lines' delays equal to the nanosecond, else the worker lines at one instant. */
    static boolean readTwice(FinalizerRemoval x, FinalizerRemoval y) {
        if (x.schedule().isPresent() && y.schedule().isPresent()) {
            return x.schedule().get().delayNanos() == y.schedule().get().delayNanos();
        }
        return x.started().time().isConcurrentWith(y.started().time());
    }

    private static boolean deleting(RemovalCause c) {
        return c == RemovalCause.POD_DELETED || c == RemovalCause.EITHER_BRANCH || c == RemovalCause.UNKNOWN;
    }

    /** Its lines say it ran with leader election turned off, or say nothing of an election; not a quoted excerpt. */
    private static boolean unconditional(ControllerProcess p) {
        return p.replica() != null && p.replicaFrom() != ControllerProcess.ReplicaSource.QUOTE
                && (p.leadership() == Leadership.SINGLE_INSTANCE || p.leadership() == Leadership.UNKNOWN);
    }

    private static ControllerProcess run(LogEvent e, List<ControllerProcess> processes) {
        return e.stream() < 0 || e.stream() >= processes.size() ? null : processes.get(e.stream());
    }
}
