package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.time.Instant;

/**
 * What a controller run without Workflow workers ({@code workflowWorkers=0}) cannot say about a Pod's Workflow, and what else
 * can (session 48). Such a run logs nothing about Workflows: its pod controller acts on the Pods its informer lists whether their
 * Workflow exists or not. A Workflow deleted while no controller ran (its Pods deleted by the garbage collector, or orphaned), or
 * deleted in the foreground (held, being deleted, until its Pods are gone), waits for no worker, and its Pods' lines in such a run
 * read exactly as those of a Workflow waiting for one. So that the Workflow was there, not being deleted, when the pod controller
 * acted rests on evidence outside the run: an export of that Workflow object taken after the act, without a
 * {@code deletionTimestamp} (or with one after it), by a time the object or the controller's writes give ({@link #exportedAfter});
 * a later pass of the same Workflow by another run is the rule's to read (its next {@code Processing workflow}, not a first pass).
 * And where the Pod was being deleted already when the run listed it ({@link #listedDeleting}), a Workflow deleted while no
 * controller ran is the look-alike.
 */
public final class WorkflowThere {
    private WorkflowThere() {
    }

    /**
     * An export of the Pod's Workflow (its owner by UID where the Pod gives one; else the export holding the Pod's node) taken, by
     * its own times or the controller's write of it, more than two clocks may disagree after the line {@code act}, without a
     * {@code deletionTimestamp} (not trimmed away) or with one after the act: the Workflow object existed then and was not being
     * deleted. {@code argo get} text and exports without a UID do not count (neither shows a deletion). Where only a time its file
     * states places it after (the clock of whoever took it, past {@link ObservedAt#STATED_CLOCK_NANOS}), the answer says so
     * ({@link Known#statedClock}): a likely order, not a shown one. Null where none.
     */
    public static Known exportedAfter(WorkflowHistory workflow, PodHistory pod, LogEvent act) {
        if (workflow == null || pod.link() == null || act == null || act.time() == null) {
            return null;
        }
        Instant after = act.time().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        String owner = pod.ownerWorkflowUid();
        Known stated = null;
        for (WorkflowSnapshot s : workflow.snapshots()) {
            if (s.fromArgoGetText() || s.uid() == null || s.uid().isEmpty() || pod.ownedByAnother(s)
                    || (owner == null && s.node(pod.link().nodeId()).isEmpty())) {
                continue;
            }
            ObservedAt o = s.observed();
            ObservedAt.Order order = o == null || o.contradicted() ? ObservedAt.Order.OPEN : o.after(after);
            if (!order.known()) {
                continue;
            }
            if (s.deletionTimestamp() != null ? !s.deletionTimestamp().instant().isAfter(after) : !s.notDeleting()) {
                continue;
            }
            String shows = s.deletionTimestamp() == null ? "without a deletionTimestamp"
                    : "with a deletionTimestamp of " + s.deletionTimestamp().format() + ", after it";
            if (order == ObservedAt.Order.SHOWN) {
                return new Known(o.time(), "an export of the Workflow taken at " + o.time().format() + " shows it " + shows, s.source(), false);
            }
            if (stated == null) {
                stated = new Known(o.time(), "an export of the Workflow its file states was taken at " + o.time().format() + " ("
                        + o.statedBy().description() + ", on the clock of whoever took it) shows it " + shows, s.source(), false, true);
            }
        }
        return stated;
    }

    /**
     * The Pod was being deleted already when the controller run of {@code act} first had it: the run's first line of the Pod is its
     * informer's {@code add pod event} (the listing at start-up) and the pod event handler's release for the Pod's deletion follows
     * it with no update of the Pod between (a Pod listed with its {@code deletionTimestamp} set); or the Pod's deletion was requested,
     * by the evidence, more than two clocks may disagree before the run's first line. The deletion handler's line that shows it, or
     * the run's first line of the Pod; null where neither shows it.
     */
    public static LogEvent listedDeleting(PodHistory pod, LogEvent act, ControllerProcess run, DeletionRequest deletion) {
        LogEvent firstInRun = null;
        for (LogEvent e : pod.events()) {
            if (e.stream() != act.stream()) {
                continue;
            }
            if (firstInRun == null) {
                firstInRun = e;
                if (!(e.event() instanceof PodInformerEvent i) || i.action() != InformerAction.ADD) {
                    break;
                }
                continue;
            }
            if (e.event() instanceof PodInformerEvent) {
                break;
            }
            if (e.event() instanceof PodCleanupScheduled && deletionRelease(pod, e)) {
                return e;
            }
        }
        if (firstInRun != null && deletion != null && run != null && run.first() != null && deletion.notAfter() != null
                && deletion.notAfter().at() != null && deletion.notAfter().at().comparable(run.first())
                && deletion.notAfter().at().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS).isBefore(run.first().instant())) {
            return firstInRun;
        }
        return null;
    }

    /** The scheduling line is the pod event handler's release for the Pod's deletion (not the orphan path, not after a persist). */
    private static boolean deletionRelease(PodHistory pod, LogEvent scheduled) {
        for (FinalizerRemoval r : pod.removals()) {
            if (r.scheduled() == scheduled) {
                return r.cause() == RemovalCause.POD_DELETED;
            }
        }
        return false;
    }
}
