package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.NodeStatus;
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
 * (lifecycle reference A3). Nothing the controller logs at Info tells the two apart; these do:
 *
 * <ul>
 *   <li>an export of that Workflow object, as the API server gives it (its UID shown: not {@code argo get}'s text, not a
 *       quoted {@code status:}), taken after the Pod's deletion was requested, without a {@code deletionTimestamp} or with one
 *       after the request: a deletionTimestamp, once set, is never removed. "Taken after" is read from the export itself when
 *       it records this Pod's node lost ({@code pod deleted}: written only once the Pod had gone), else from its time, after
 *       the request's latest bound by more than two clocks may disagree. "That object" is the Pod's owner by UID, or, where
 *       no export gives the owner's UID, a Workflow whose node for this Pod had started before the request (a Workflow
 *       submitted again under the name after the deletion starts its nodes later);</li>
 *   <li>the record of who requested the Pod's deletion naming someone other than the garbage collector: an audit record of
 *       the delete (or eviction) by another user, or a component's own mark ({@code DisruptionTarget}, an Event it writes
 *       before it deletes).</li>
 * </ul>
 *
 * <p>Limits: an audit record of a user's delete does not exclude a foreground deletion of the Workflow requested before it
 * (the user's request then comes first); no audit record of the Workflow's delete is taken to mean none happened (audit
 * policies often log Pods and not custom resources).
 */
final class WorkflowStanding {
    /** The users the garbage collector's requests carry: its own service account, or the controller manager's identity. */
    static final Set<String> GARBAGE_COLLECTOR_USERS = Set.of("system:serviceaccount:kube-system:generic-garbage-collector",
            "system:kube-controller-manager");

    private WorkflowStanding() {
    }

    /** The evidence that the Workflow stood when the Pod's deletion was requested, or null when nothing shows it. */
    static Known of(PodHistory pod, WorkflowHistory workflow, NodeLink link, DeletionRequest deletion, List<Deletion> deleters,
                    ContainersEnd containers) {
        if (deletion == null) {
            return null;
        }
        Instant latest = deletion.notAfter().at().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        if (workflow != null && link != null) {
            Timestamp before = deletion.notBefore() != null ? deletion.notBefore().at() : containers != null ? containers.at() : null;
            String owner = pod.ownerWorkflowUid();
            for (WorkflowSnapshot s : workflow.snapshots()) {
                NodeStatus node = s.node(link.nodeId()).orElse(null);
                if (s.fromArgoGetText() || s.uid() == null || s.uid().isEmpty() || node == null || pod.ownedByAnother(s)) {
                    continue;
                }
                if (s.deletionTimestamp() != null && !s.deletionTimestamp().instant().isAfter(latest)) {
                    continue;
                }
                boolean takenAfter = node.podDeletedError()
                        || (s.observed() != null && !s.observed().contradicted() && s.observed().time().instant().isAfter(latest));
                boolean sameObject = s.uid().equals(owner) || (owner == null && before != null && node.startedAt() != null
                        && !node.startedAt().instant().isAfter(before.instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS)));
                if (takenAfter && sameObject) {
                    String shows = s.deletionTimestamp() == null ? "without a deletionTimestamp"
                            : "with a deletionTimestamp of " + s.deletionTimestamp().format() + ", after it";
                    String when = node.podDeletedError() ? "recording the node \"" + node.message() + "\"" : "taken at " + s.observed().time().format();
                    return new Known(s.observed() != null ? s.observed().time() : deletion.notAfter().at(),
                            "an export of the Workflow " + when + " shows it " + shows + ": it was not being deleted when the Pod's deletion was requested",
                            s.source(), false);
                }
            }
        }
        if (!deleters.isEmpty()) {
            Deletion first = deleters.get(0);
            if (first.requestsDeletion() && !GARBAGE_COLLECTOR_USERS.contains(first.who())) {
                var source = first.audit() != null ? first.audit().source() : first.condition() != null ? first.condition().source() : first.event().source();
                return new Known(first.at(), first.describe() + ", not the garbage collector", source, false);
            }
        }
        return null;
    }
}
