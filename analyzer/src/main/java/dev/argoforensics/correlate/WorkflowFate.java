package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.PodTable;
import java.util.List;

/**
 * What became of a Workflow as a whole: deleted (and how that is known), completed, and the last
 * line the controller logged about it.
 *
 * @param deleted   an audit record of its deletion, or the pod controller releasing one of its Pods
 *                  on the orphan path (the Workflow was missing from the informer or being deleted);
 *                  null if nothing shows it
 * @param completed a {@code Workflow update successful} with a completed phase, or an export in one; null if none
 * @param lastLine  the last operator line about it, null if none
 * @param gone      the controller's update of it refused as not found, with no successful update after: it no longer
 *                  existed then (deleted no later than that line, by whatever means); null if no line shows it
 * @param podsGoing its Pods the pod controller saw being deleted, each with when it left the cluster as far as the lines
 *                  show (a Workflow deleted in the foreground is held until the last of them is gone)
 * @param notFound  kubectl's answers that the Workflow did not exist ({@code workflows.argoproj.io "W" not found}): deleted by
 *                  the time the command ran, at a time nothing states; never a deletion time (a TTL deletes completed
 *                  Workflows hours later as much as a user deletes a running one)
 * @param listed    the rows pasted {@code kubectl get pods} tables of its namespace give its nodes' Pods (named as a node its
 *                  exports show), whatever else names them: no time unless the paste states one
 * @param audit     the audit records about it (requests on it, deletions of its namespace's Workflows by collection), and
 *                  whether any audit log was given ({@link WorkflowAudit})
 */
public record WorkflowFate(WorkflowRef ref, Known deleted, Known completed, LogEvent lastLine, Known gone, List<PodGoing> podsGoing,
                           List<PodTable.NotFound> notFound, List<PodTable.Row> listed, WorkflowAudit audit) {
    public WorkflowFate {
        audit = audit == null ? WorkflowAudit.NONE : audit;
        podsGoing = List.copyOf(podsGoing);
        notFound = List.copyOf(notFound);
        listed = List.copyOf(listed);
    }

    public WorkflowFate(WorkflowRef ref, Known deleted, Known completed, LogEvent lastLine, Known gone, List<PodGoing> podsGoing) {
        this(ref, deleted, completed, lastLine, gone, podsGoing, List.of(), List.of(), WorkflowAudit.NONE);
    }

    /**
     * A Pod of the Workflow being deleted: the pod controller's first line handling its deletion (the deleting branch, which
     * a Pod with the status-capture finalizer always goes through), and its {@code delete pod event} after that, the Pod
     * leaving the cluster (null: no line shows it gone).
     */
    public record PodGoing(PodKey pod, LogEvent deleting, LogEvent removed) {
    }
}
