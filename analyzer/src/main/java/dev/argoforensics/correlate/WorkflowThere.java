package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.OwnerRef;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.time.Instant;
import java.util.Collection;

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
     * How long after the act another Pod of the Workflow must be seen kept for its Workflow's deletion to be ruled out: the
     * garbage collector (kube-controller-manager) acts on a deleted owner's dependents within seconds of learning of it (the
     * graph builder's watch, then its attempt-to-delete or orphan queues), so two minutes is a wide allowance for a busy one. A
     * collector that is not running or not synced (a discovery error in the cluster) allows none: the limit the rule names.
     */
    public static final long GC_MARGIN_NANOS = 120_000_000_000L;

    /**
     * Another Pod of the same Workflow object, kept (session 49): its export, taken more than {@link #GC_MARGIN_NANOS} after the
     * line {@code act} and after its own creation, and two clocks' disagreement beyond (by its own times, or likely by a time its
     * file states), from the namespace of this Pod (s49-breaker23), shows it not being deleted (no
     * {@code deletionTimestamp}, none cut away) and still owned by the Workflow whose UID this Pod's export names. Deleting the
     * Workflow rules out all three: in the background the Workflow goes at once and the garbage collector deletes every Pod it
     * owns (the other Pod would carry a {@code deletionTimestamp}, or be gone); in the foreground the collector deletes every
     * dependent before the Workflow (the same); with orphan propagation it strips every dependent's owner reference before the
     * Workflow goes (the other Pod would no longer name it). So the Workflow was there, not being deleted, some time after the act;
     * {@link PodHistory#ownerWorkflowUid()} ties the two Pods to one object (a Workflow deleted and submitted again under its name
     * is another object, its Pods of the same names). Null where this Pod's owner UID is not known or no such export is there; a
     * shown order is preferred to a stated one.
     */
    public static Kept keptSibling(java.util.Map<String, java.util.List<PodHistory>> byOwner, PodHistory pod, LogEvent act) {
        String owner = pod.ownerWorkflowUid();
        if (owner == null || act == null || act.time() == null) {
            return null;
        }
        Instant actEnd = act.time().windowEnd();
        Kept stated = null;
        for (PodHistory other : byOwner.getOrDefault(owner, java.util.List.of())) {
            if (other == pod || other.key().equals(pod.key()) || (pod.uid() != null && pod.uid().equals(other.uid()))) {
                continue;
            }
            for (PodSnapshot s : other.snapshots()) {
                if (s.described() || !s.notDeleting() || !ownedBy(s, owner) || (pod.uid() != null && pod.uid().equals(s.uid()))
                        || !java.util.Objects.equals(s.namespace(), pod.key().namespace())) {
                    continue; // another namespace's Pod is no dependent of it: the collector resolves an owner in the dependent's namespace
                }
                // The collector can reach the other Pod only once it exists: the margin runs from the later of the act and its
                // creation (a Pod written with the owner reference after the act, exported seconds later, shows nothing of it);
                // its times are the API server's or a node's clock, not the log's.
                Instant from = s.creationTimestamp() != null && s.creationTimestamp().instant().isAfter(actEnd)
                        ? s.creationTimestamp().windowEnd() : actEnd;
                Instant after = from.plusNanos(GC_MARGIN_NANOS + DeletionBounds.CROSS_CLOCK_NANOS);
                ObservedAt o = s.observed();
                ObservedAt.Order order = o == null || o.contradicted() ? ObservedAt.Order.OPEN : o.after(after);
                if (order == ObservedAt.Order.SHOWN) {
                    return new Kept(other, s, false);
                }
                if (order == ObservedAt.Order.STATED && stated == null) {
                    stated = new Kept(other, s, true);
                }
            }
        }
        return stated;
    }

    /** The Pods whose exports name a Workflow owner, by that owner's UID (each Pod once per UID): what {@link #keptSibling} reads. */
    public static java.util.Map<String, java.util.List<PodHistory>> byOwnerUid(Collection<PodHistory> pods) {
        java.util.Map<String, java.util.List<PodHistory>> byOwner = new java.util.HashMap<>();
        for (PodHistory p : pods) {
            java.util.Set<String> owners = new java.util.HashSet<>();
            for (PodSnapshot s : p.snapshots()) {
                for (OwnerRef o : s.owners()) {
                    if ("Workflow".equals(o.kind()) && o.uid() != null && !o.uid().isEmpty() && owners.add(o.uid())) {
                        byOwner.computeIfAbsent(o.uid(), k -> new java.util.ArrayList<>()).add(p);
                    }
                }
            }
        }
        return byOwner;
    }

    private static boolean ownedBy(PodSnapshot s, String workflowUid) {
        for (OwnerRef o : s.owners()) {
            if ("Workflow".equals(o.kind()) && workflowUid.equals(o.uid())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Another Pod of the Workflow seen kept after the act ({@link #keptSibling}).
     *
     * @param sibling     the other Pod
     * @param export      its export: not being deleted, owned by the Workflow
     * @param statedClock placed after the act only by a time its file states (a user's clock): likely, not shown
     */
    public record Kept(PodHistory sibling, PodSnapshot export, boolean statedClock) {
        /** In a few words a report can quote. */
        public String how() {
            return "an export of its Pod " + sibling.key() + (statedClock ? " its file states was taken at " : " taken at ")
                    + export.observed().time().format() + " shows it still owned by the Workflow (uid " + ownerUid() + ") and not being deleted";
        }

        private String ownerUid() {
            for (OwnerRef o : export.owners()) {
                if ("Workflow".equals(o.kind()) && o.uid() != null) {
                    return o.uid();
                }
            }
            return "";
        }
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
