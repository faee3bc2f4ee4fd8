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
 * server cuts both times to), and only to choose between two releases the lifetime holds, never to drop its one release.
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
     * Whether {@code r}'s scheduling line, logged by another controller run than the one that logged {@code created} and on the
     * deleting branch with a nonzero delay (a zero delay dates nothing: the handler logs 0
     * when the Pod has no condition), dates the transition it read more than {@link #MARGIN_NANOS} before {@code created}: the line
     * describes a Pod of the name older than the one created there. In one run the lines' order decides alone: a release its run
     * logged after the Pod's creation is of that Pod (the earlier Pod was gone before the create succeeded), a transition dated before
     * the creation then the kubelet's clock behind the controller's.
     */
    static boolean describesAnEarlierPod(FinalizerRemoval r, LogEvent created) {
        if (created == null || r.scheduled() == null || r.scheduled().stream() == created.stream() || r.cause() != RemovalCause.POD_DELETED
                || !(r.scheduled().event() instanceof PodCleanupScheduled s) || s.delayNanos() == 0 || r.scheduled().time() == null) {
            return false;
        }
        Instant dated = datedTransition(r.scheduled().time().instant(), s.delayNanos(), s.podGC());
        return dated.plusNanos(MARGIN_NANOS).isBefore(created.time().instant());
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

    /**
     * The release of the lifetime created at {@code created} among {@code candidates} (its releases in order, the first the one the
     * lifecycle would read): the first, unless its line describes an earlier Pod ({@link #describesAnEarlierPod}) and a later one's
     * does not, which is then this Pod's. A lone release stays, whatever it dates.
     */
    static FinalizerRemoval ofItsPod(List<FinalizerRemoval> candidates, LogEvent created) {
        if (candidates.isEmpty()) {
            return null;
        }
        FinalizerRemoval first = candidates.get(0);
        if (candidates.size() < 2 || !describesAnEarlierPod(first, created)) {
            return first;
        }
        for (FinalizerRemoval r : candidates.subList(1, candidates.size())) {
            if (r.scheduled() != null && r.cause() == RemovalCause.POD_DELETED && !describesAnEarlierPod(r, created)) {
                return r;
            }
        }
        return first;
    }
}
