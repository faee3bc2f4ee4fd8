package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The lifetimes of one Pod name that no export gives a UID, as the controller's lines show them (session 50). The controller logs
 * {@code Created pod} only once the API server granted the create (workflowpod.go, v3.4 to v4.1: a create of a name that exists
 * fails {@code AlreadyExists}, logged {@code Failed pod ... creation: already exists}), so two {@code Created pod} records of one
 * name in one cluster are two Pod objects, the earlier gone before the later was created: a Workflow deleted and submitted again
 * under its name, {@code argo retry} running a node again under the name (v3.4-v3.5 names), a Pod created again for its node. Their
 * lines without a UID would be read as one Pod's, the earlier Pod's release and the later Pod's store as one story.
 *
 * <p>The lines of two clusters' Pods of one name (logs given together) show two {@code Created pod} records as well, and their
 * lifetimes overlap: so a later {@code Created pod} starts a lifetime of its own only where the earlier Pod's cleanup is shown
 * between the two (its finalizer's release or its deletion scheduled or queued: {@code queuing pod delay}, {@code queueing pod for
 * cleanup} with {@code removeFinalizer} or {@code deletePod}; lines every reading keeps whole, {@link LineProjection#special}), in
 * the same run by its order, across runs by more than two clocks may disagree. Without it the two are <em>undecided</em>: read as
 * one Pod's as before, and said so ({@link PodIdentity#unsplit}). Two records of one creation are not two lifetimes: the same record
 * read twice (the same text at the same instant), or two runs' lines closer than two clocks may disagree (a hand-over where both
 * replicas logged the Pod).
 */
final class Lifetimes {
    private Lifetimes() {
    }

    /** Two {@code Created pod} lines of the name certainly apart, with no cleanup of the earlier Pod shown between them. */
    record Undecided(LogEvent first, LogEvent second) {
    }

    /**
     * @param starts    the {@code Created pod} line that starts each lifetime, earliest first (one: not split)
     * @param undecided the pairs not split for want of the earlier Pod's cleanup between them
     */
    record Split(List<LogEvent> starts, List<Undecided> undecided) {
    }

    /** Whether a line shows a Pod's cleanup under way: its finalizer's release or its deletion scheduled or queued. */
    static boolean ends(LogEvent e) {
        ControllerEvent ev = e.event();
        if (ev instanceof ControllerEvent.PodCleanupScheduled || ev instanceof ControllerEvent.PodCleanupQueued) {
            CleanupAction a = ((ControllerEvent.Cleanup) ev).cleanup();
            return a == CleanupAction.REMOVE_FINALIZER || a == CleanupAction.DELETE_POD;
        }
        return false;
    }

    /**
     * @param created the name's {@code Created pod} lines, in any order
     * @param ends    the name's cleanup lines ({@link #ends})
     */
    static Split of(List<LogEvent> created, List<LogEvent> ends) {
        return of(created, ends, ConcurrentRuns.NONE);
    }

    /**
     * The same, with the runs that led at once told apart (session 56): a {@code Created pod} line of a run at once with the run
     * of every lifetime so far is another controller's Pod (another cluster's, or a split brain's), a lifetime of its own with no
     * cleanup needed between; a later line is weighed against the latest lifetime its own run's cluster started, and only that
     * lifetime's run's (or a run not at once with it) cleanup lines split them. Without such runs, as {@link #of(List, List)}.
     */
    static Split of(List<LogEvent> created, List<LogEvent> ends, ConcurrentRuns runs) {
        List<LogEvent> starts = new ArrayList<>();
        List<Undecided> undecided = new ArrayList<>();
        for (LogEvent e : EventOrder.inTimeOrder(created)) {
            if (starts.isEmpty()) {
                starts.add(e);
                continue;
            }
            LogEvent latest = starts.get(starts.size() - 1);
            if (sameRecord(e, latest) || (!shownAfter(e, latest) && !runs.atOnce(latest.stream(), e.stream()))) {
                continue; // one creation, logged twice (read again, or by two replicas at a hand-over)
            }
            // Session 57 breaker: two runs at once (two clusters given one Workflow at one moment) create their Pods of the name
            // within seconds of each other: not one creation logged twice, each its own cluster's Pod (weighed below).
            LogEvent current = null;
            for (int i = starts.size() - 1; i >= 0 && current == null; i--) {
                if (!runs.atOnce(starts.get(i).stream(), e.stream())) {
                    current = starts.get(i);
                }
            }
            if (current == null) {
                starts.add(e); // another controller's Pod of the name: its run led at once with every lifetime's so far
                continue;
            }
            if (!shownAfter(e, current)) {
                continue;
            }
            boolean cleanedUp = false;
            for (LogEvent end : ends) {
                if (!runs.atOnce(end.stream(), current.stream()) && shownAfter(end, current) && shownAfter(e, end)) {
                    cleanedUp = true;
                    break;
                }
            }
            if (cleanedUp) {
                starts.add(e);
            } else {
                undecided.add(new Undecided(current, e));
            }
        }
        return new Split(starts, undecided);
    }

    /** {@code a} after {@code b}: in one run by its order; across runs by more than two clocks may disagree. */
    static boolean shownAfter(LogEvent a, LogEvent b) {
        if (a.stream() == b.stream()) {
            return a.ordinal() > b.ordinal();
        }
        return a.time() != null && b.time() != null && a.time().comparable(b.time())
                && a.time().instant().isAfter(b.time().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS));
    }

    /** The same {@code Created pod} record read again (a log appended twice, an excerpt pasted twice): the same text at the same instant. */
    private static boolean sameRecord(LogEvent e, LogEvent other) {
        return e.time().instant().equals(other.time().instant()) && e.text().equals(other.text());
    }
}
