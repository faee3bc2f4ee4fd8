package dev.argoforensics.correlate;

import dev.argoforensics.correlate.WorkflowFate.PodGoing;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Evidence that a Pod's Workflow was not being deleted when the Pod's deletion was requested, so the Pod did not go with it.
 * A Workflow deleted in the foreground stays, with {@code metadata.deletionTimestamp} and the finalizer
 * {@code foregroundDeletion}, while the garbage collector deletes its Pods; the controller keeps reconciling it, and its lines
 * (the deleting branch's release, {@code Workflow pod is missing}, {@code pod deleted}) are the #17024 race's, line for line
 * (lifecycle reference A3). No one line the controller logs at Info tells the two apart; these do:
 *
 * <ul>
 *   <li>an export of that Workflow object, as the API server gives it (its UID shown: not {@code argo get}'s text, not a
 *       quoted {@code status:}), taken after the Pod's deletion was requested, without a {@code deletionTimestamp} or with one
 *       after the request (where no deletion of the Pod is known, after the controller's last marking of its node lost: the
 *       Workflow was not being deleted when the node was lost, as AF008 asks): a deletionTimestamp, once set, is never removed. "Taken after" is read from the export itself when
 *       it records this Pod's node lost ({@code pod deleted}: written only once the Pod had gone), else from its time, after
 *       the request's latest bound by more than two clocks may disagree: the latest time inside it, or the controller's write
 *       of its resourceVersion. A time its file states ({@code # taken-at:}, {@code --snapshot-time}) is the clock of whoever
 *       took it, which nothing checks from above (an object holds no time later than its taking, so a laptop's clock 40 s
 *       ahead puts an export taken before the request after it): such an export counts, as weakly as the controller's lines
 *       ({@link Known#statedClock}), only when its time is after the request by more than a user's clock may be off
 *       ({@link dev.argoforensics.snapshot.ObservedAt#STATED_CLOCK_NANOS}). "That object" is the Pod's owner by UID, or, where
 *       no export gives the owner's UID, a Workflow whose node for this Pod had started before the request (a Workflow
 *       submitted again under the name after the deletion starts its nodes later), or, where no deletion of the Pod is known
 *       at all, the export recording its node lost that the rules read its outcome from;</li>
 *   <li>the audit log, where the same audit file shows that its policy logs the Workflow over the whole span, from its
 *       {@code create} (or a write clearly before the Pod's creation) to past the time in question, and holds no delete of it
 *       nor of its namespace's Workflows ({@link WorkflowAudit}, session 34): a record, as strong as an export;</li>
 *   <li>the record of who requested the Pod's deletion naming someone other than the garbage collector: an audit record of
 *       the delete (or eviction) by another user, or a component's own mark ({@code DisruptionTarget}, an Event it writes
 *       before it deletes).</li>
 *   <li>the controller's own lines, where they leave no room for it: the Pod left the cluster ({@code delete pod event}
 *       after its deletion), the controller recorded its node lost ({@code Workflow pod is missing}, {@code pod deleted})
 *       more than {@link #COLLECTOR_LAG_NANOS} later, and then wrote the Workflow and the API server accepted it
 *       ({@code Workflow update successful}); and no other Pod of the Workflow was being deleted and not yet gone as long
 *       before that write. A Workflow held by {@code foregroundDeletion} is let go by the garbage collector as soon as its
 *       last blocking Pod is gone (it watches them), so it could not still have been there to be written. Lines, not an
 *       object: weaker than the two above ({@link Known#fromLogs}).</li>
 * </ul>
 *
 * <p>Limits: an audit record of a user's delete does not exclude a foreground deletion of the Workflow requested before it
 * (the user's request then comes first); no audit record of the Workflow's delete is taken to mean none happened unless the
 * audit file is shown to log the Workflow's requests over the span (audit policies often log Pods and not custom resources). The lines' evidence assumes the collector lets the Workflow go within
 * {@link #COLLECTOR_LAG_NANOS} of its last Pod (it usually takes well under a second), and that nothing else held it: a
 * Workflow that also carries the {@code workflows.argoproj.io/artifact-gc} finalizer stays, reconciled, until its artifacts
 * are collected: where the controller logged adding it ({@code adding artifact GC finalizer}, the Workflow's first pass) before
 * the write, the lines exclude nothing (session 33 review); a log that starts after that pass does not show the finalizer.
 */
final class WorkflowStanding {
    /** The users the garbage collector's requests carry: its own service account, or the controller manager's identity. */
    static final Set<String> GARBAGE_COLLECTOR_USERS = Set.of("system:serviceaccount:kube-system:generic-garbage-collector",
            "system:kube-controller-manager");

    /** How long after a Workflow's last blocking Pod is gone the garbage collector may still hold it, at most (usually under a second). */
    static final long COLLECTOR_LAG_NANOS = 60_000_000_000L;

    private WorkflowStanding() {
    }

    /** The garbage collector's own service account: its request names the collector and no other component (session 43). */
    static final String GARBAGE_COLLECTOR_ACCOUNT = "system:serviceaccount:kube-system:generic-garbage-collector";

    /**
     * The evidence that the Workflow stood when the Pod's deletion was requested, or null when nothing shows it; contested
     * ({@link Known#contested}) where the record of who requested the Pod's deletion names the garbage collector's own account
     * (session 43). The garbage collector deletes a dependent only when it finds its owner absent (by UID) or being deleted in the
     * foreground (lifecycle reference A3), so its delete says the Workflow was going while the evidence here says it stood: two
     * records of the API server disagree, and which is wrong (an owner lookup that failed, a Workflow recreated or restored under
     * its UID, an export of another cluster's object) is not in them. The evidence is kept and named, but confirms nothing.
     * {@code system:kube-controller-manager} is not taken for it: with shared credentials every controller of the manager (the
     * taint manager, the Pod garbage collector) deletes under that name.
     */
    static Known of(PodHistory pod, WorkflowHistory workflow, NodeLink link, DeletionRequest deletion, List<Deletion> deleters,
                    ContainersEnd containers, InformerExit exit, List<LogEvent> nodeLines, WorkflowFate fate, WorkflowAudit.Reading audit) {
        Known stood = standing(pod, workflow, link, deletion, deleters, containers, exit, nodeLines, fate, audit);
        if (stood == null || deleters.isEmpty()) {
            return stood;
        }
        Deletion first = deleters.get(0);
        if (first.audit() == null || !first.requestsDeletion() || !GARBAGE_COLLECTOR_ACCOUNT.equals(first.who())) {
            return stood;
        }
        return stood.contested("the Pod's deletion was requested by the garbage collector (" + first.describe() + ", its audit record), which deletes a Workflow's Pods only once it finds "
                + "the Workflow gone or being deleted in the foreground: the two records disagree, and which is wrong is not in the evidence "
                + "(the Pod's ownerReferences against the Workflow's UID, or an audit log of the Workflow's own requests over the span, "
                + "would settle it)");
    }

    private static Known standing(PodHistory pod, WorkflowHistory workflow, NodeLink link, DeletionRequest deletion, List<Deletion> deleters,
                                  ContainersEnd containers, InformerExit exit, List<LogEvent> nodeLines, WorkflowFate fate, WorkflowAudit.Reading audit) {
        // With no deletion known, only an export that records the node lost (so taken after the Pod went) can show it.
        Instant latest = deletion == null ? null : deletion.notAfter().at().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        Known byStatedTime = null;
        if (workflow != null && link != null) {
            // Without a lower bound of the deletion (before v3.6.5 only the controller's "Workflow pod is missing" dates it, from above)
            // its upper bound serves: the Workflow whose worker then looked for the Pod still existed, so no namesake of it could, and a
            // node that started by then is this Workflow's.
            Timestamp before = deletion != null && deletion.notBefore() != null ? deletion.notBefore().at() : containers != null ? containers.at()
                    : deletion != null ? deletion.notAfter().at() : null;
            String owner = pod.ownerWorkflowUid();
            for (WorkflowSnapshot s : workflow.snapshots()) {
                NodeStatus node = s.node(link.nodeId()).orElse(null);
                if (s.fromArgoGetText() || s.uid() == null || s.uid().isEmpty() || node == null || pod.ownedByAnother(s)) {
                    continue;
                }
                // Its deletion requested after the Pod's, or, where no deletion of the Pod is known, after the controller's last marking of
                // the node lost (more than two clocks may disagree): the Workflow was not being deleted when the node was lost.
                Instant deletionAfter = latest != null ? latest : lastMarking(nodeLines);
                if (s.deletionTimestamp() != null && (deletionAfter == null || !s.deletionTimestamp().instant().isAfter(deletionAfter))) {
                    continue;
                }
                if (s.deletionTimestamp() == null && !s.notDeleting()) {
                    continue; // trimmed where a deletionTimestamp would stand: it shows nothing either way
                }
                boolean timed = latest != null && s.observed() != null && !s.observed().contradicted();
                // After the request by the object's own times or the controller's write of it, or only by the time its file states:
                // the clock of whoever took it (a laptop's), which a clock running ahead would put after a request it preceded.
                ObservedAt.Order order = timed ? s.observed().after(latest) : ObservedAt.Order.OPEN;
                boolean takenAfter = node.podDeletedError() || order == ObservedAt.Order.SHOWN;
                boolean statedAfter = !takenAfter && order == ObservedAt.Order.STATED;
                // With no deletion of the Pod known, nothing dates a namesake's start against it: the export whose node record the
                // rules read as this Pod's outcome is taken as its Workflow, as they take it.
                boolean sameObject = s.uid().equals(owner) || (owner == null && (deletion == null || before != null && node.startedAt() != null
                        && !node.startedAt().instant().isAfter(before.instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))));
                Timestamp at = s.observed() != null ? s.observed().time() : deletion != null ? deletion.notAfter().at() : node.finishedAt();
                String shows = s.deletionTimestamp() == null ? "without a deletionTimestamp"
                        : "with a deletionTimestamp of " + s.deletionTimestamp().format() + ", after it";
                if (takenAfter && sameObject && at != null) {
                    String when = node.podDeletedError() ? "recording the node \"" + node.message() + "\"" : "taken at " + s.observed().time().format();
                    return new Known(at,
                            "an export of the Workflow " + when + " shows it " + shows + ": it was not being deleted when the Pod's deletion was requested",
                            s.source(), false);
                }
                if (statedAfter && sameObject && byStatedTime == null) {
                    byStatedTime = new Known(s.observed().time(), "an export of the Workflow its file states was taken at " + s.observed().time().format()
                            + " (" + s.observed().statedBy().description() + ", on the clock of whoever took it) shows it " + shows, s.source(), false, true);
                }
            }
        }
        if (audit != null && audit.kind() == WorkflowAudit.Kind.STOOD) {
            return audit.stood();
        }
        if (!deleters.isEmpty()) {
            Deletion first = deleters.get(0);
            if (first.requestsDeletion() && !GARBAGE_COLLECTOR_USERS.contains(first.who())) {
                var source = first.audit() != null ? first.audit().source() : first.condition() != null ? first.condition().source() : first.event().source();
                return new Known(first.at(), first.describe() + ", not the garbage collector", source, false);
            }
        }
        Known lines = fromLines(pod, workflow, exit, nodeLines, fate);
        return lines != null ? lines : byStatedTime;
    }

    /**
     * What the audit log shows of the Workflow from the Pod's creation to the time in question: the Pod's deletion request's latest
     * bound where one is known, else the controller's last marking of the node lost (each widened by as much as two clocks may
     * disagree), as {@link #of} asks it. Null without a Workflow.
     */
    static WorkflowAudit.Reading audit(PodHistory pod, DeletionRequest deletion, List<LogEvent> nodeLines, WorkflowFate fate) {
        if (fate == null) {
            return null;
        }
        Instant until = deletion != null ? deletion.notAfter().at().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS) : lastMarking(nodeLines);
        LogEvent created = pod.latestCreated();
        return fate.audit().read(created == null ? null : created.time(), until, pod.auditRecords());
    }

    /** The latest line marking the node lost ({@code pod deleted}), plus as much as two clocks may disagree; null if none. */
    private static Instant lastMarking(List<LogEvent> nodeLines) {
        LogEvent last = null;
        for (LogEvent e : nodeLines) {
            boolean marks = e.event() instanceof NodeMarkedError m && PodLifecycle.podDeleted(m.error())
                    || e.event() instanceof NodeMessageChanged c && PodLifecycle.podDeleted(c.message());
            if (marks && (last == null || EventOrder.after(e, last))) {
                last = e;
            }
        }
        return last == null ? null : last.time().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
    }

    /** The controller's lines: the node recorded lost long after the Pod was gone, then the Workflow written (see the class). */
    private static Known fromLines(PodHistory pod, WorkflowHistory workflow, InformerExit exit, List<LogEvent> nodeLines, WorkflowFate fate) {
        if (workflow == null || exit == null || exit.kind() != InformerExit.Kind.REMOVED) {
            return null;
        }
        LogEvent gone = exit.event();
        LogEvent lost = null;
        for (LogEvent e : nodeLines) {
            boolean marks = e.event() instanceof WorkflowPodMissing
                    || e.event() instanceof NodeMarkedError m && PodLifecycle.podDeleted(m.error());
            if (marks && EventOrder.after(e, gone)) {
                lost = e;
                break;
            }
        }
        if (lost == null || !longBefore(gone, lost)) {
            return null;
        }
        LogEvent written = null;
        for (LogEvent e : workflow.events()) {
            if (e.event() instanceof WorkflowUpdated && EventOrder.after(e, lost)) {
                written = e;
                break;
            }
        }
        if (written == null) {
            return null;
        }
        for (LogEvent e : workflow.events()) {
            if (e.event() instanceof Signal s && "artifact-gc-finalizer-added".equals(s.name()) && EventOrder.before(e, written)) {
                return null; // the artifact-gc finalizer holds a Workflow being deleted, reconciled, until its artifacts are collected
            }
        }
        if (firstPassPersisted(workflow, written) == null) {
            return null; // the pass that would have added (and logged) the artifact-gc finalizer is not in the lines
        }
        for (PodGoing other : fate == null ? List.<PodGoing>of() : fate.podsGoing()) {
            boolean same = other.pod().namespace().equals(pod.key().namespace()) && other.pod().name().equals(pod.key().name());
            if (same || EventOrder.after(other.deleting(), written)) {
                continue;
            }
            if (other.removed() == null || !longBefore(other.removed(), written)) {
                return null; // another Pod of it, deleted and maybe not yet gone, could have held it
            }
        }
        return new Known(written.time(), "the controller recorded the node lost at " + lost.time().format() + ", well after the Pod had left "
                + "the cluster (delete pod event at " + gone.time().format() + "), and then wrote the Workflow (update accepted at "
                + written.time().format() + "), with no other Pod of it still going: a Workflow deleted in the foreground goes with its "
                + "last Pod", written.source(), true);
    }

    /**
     * The Workflow's first pass, persisted, before {@code until}: a {@code Processing workflow} of a Workflow with no phase yet,
     * whose next line of the Workflow's passes in its stream is a {@code Workflow update successful}. The controller adds the
     * {@code artifact-gc} finalizer, logging {@code adding artifact GC finalizer}, only in passes over a Workflow that has neither
     * it nor a status saying none is needed ({@code addArtifactGCFinalizer}, v3.4 to v4.1); the first persisted pass leaves one or
     * the other, so from it on no pass adds it. Without that pass in the lines (a log cut at its start, a later run's log only)
     * the finalizer may be on the Workflow unlogged. Null when the lines do not show it.
     */
    static LogEvent firstPassPersisted(WorkflowHistory workflow, LogEvent until) {
        List<LogEvent> events = workflow.events();
        for (int i = 0; i < events.size(); i++) {
            LogEvent e = events.get(i);
            if (!(e.event() instanceof WorkflowProcessing p) || !noPhaseYet(p.phase()) || !EventOrder.before(e, until)) {
                continue;
            }
            for (int j = i + 1; j < events.size(); j++) {
                LogEvent next = events.get(j);
                if (next.stream() != e.stream() || !(next.event() instanceof WorkflowProcessing || next.event() instanceof WorkflowUpdated)) {
                    continue;
                }
                if (next.event() instanceof WorkflowUpdated && EventOrder.notAfter(next, until)) {
                    return e;
                }
                break;
            }
        }
        return null;
    }

    /** A Workflow phase that no pass has stored yet ({@code ""}, or {@code Unknown}, the controller's name for it). */
    private static boolean noPhaseYet(String phase) {
        return phase == null || phase.isBlank() || "Unknown".equals(phase) || "\"\"".equals(phase);
    }

    /** {@code a} certainly more than {@link #COLLECTOR_LAG_NANOS} before {@code b} (by their clocks, with the cross-clock tolerance between two runs). */
    private static boolean longBefore(LogEvent a, LogEvent b) {
        if (!a.time().comparable(b.time())) {
            return false;
        }
        long margin = COLLECTOR_LAG_NANOS + (a.stream() == b.stream() ? 0 : DeletionBounds.CROSS_CLOCK_NANOS);
        return a.time().windowEnd().plusNanos(margin).isBefore(b.time().instant());
    }
}
