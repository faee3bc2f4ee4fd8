package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What became of a Workflow as a whole: deleted (and how that is known), completed, and the last
 * line the controller logged about it.
 *
 * @param deleted   an audit record of its deletion, the gc controller's {@code Deleting garbage collected workflow}, or the pod
 *                  controller releasing one of its Pods
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
 * @param deletedOtherwise {@code deleted} from all but audit records (an export being deleted, the gc controller's delete, the orphan
 *                  path); null if none
 * @param foregroundOnLines its deletion in the foreground as the controller's lines show it ({@link ForegroundOnLines}: a version
 *                  someone else wrote, then every Pod of it in the informer deleted at once); null if they do not
 * @param deletes   the granted deletes of it by name read as its deletion ({@code deleted} is the earliest of them or of
 *                  {@code deletedOtherwise}): for {@link #deletedFor(List, Timestamp, String)}, which of them removed the object a Pod
 *                  belongs to (session 49 breaker)
 * @param requested the earliest delete of it (not set apart) whose outcome the audit log does not hold ({@link AuditRecord#outcomeUnlogged}:
 *                  its RequestReceived record alone), "a delete was requested at T; its outcome is not in the audit log": it may
 *                  have been refused, so it is no {@code deleted}, and clears nothing nor confirms anything (session 49); null if none
 */
public record WorkflowFate(WorkflowRef ref, Known deleted, Known completed, LogEvent lastLine, Known gone, List<PodGoing> podsGoing,
                           List<PodTable.NotFound> notFound, List<PodTable.Row> listed, WorkflowAudit audit, Known deletedOtherwise,
                           ForegroundOnLines foregroundOnLines, Known requested, List<AuditRecord> deletes) {
    public WorkflowFate {
        audit = audit == null ? WorkflowAudit.NONE : audit;
        deletes = deletes == null ? List.of() : List.copyOf(deletes);
        podsGoing = List.copyOf(podsGoing);
        notFound = List.copyOf(notFound);
        listed = List.copyOf(listed);
    }

    public WorkflowFate(WorkflowRef ref, Known deleted, Known completed, LogEvent lastLine, Known gone, List<PodGoing> podsGoing) {
        this(ref, deleted, completed, lastLine, gone, podsGoing, List.of(), List.of(), WorkflowAudit.NONE, deleted, null, null);
    }

    /** A fate whose audit deletions are read as {@code deleted} alone ({@link #deletes} empty). */
    public WorkflowFate(WorkflowRef ref, Known deleted, Known completed, LogEvent lastLine, Known gone, List<PodGoing> podsGoing,
                        List<PodTable.NotFound> notFound, List<PodTable.Row> listed, WorkflowAudit audit, Known deletedOtherwise,
                        ForegroundOnLines foregroundOnLines, Known requested) {
        this(ref, deleted, completed, lastLine, gone, podsGoing, notFound, listed, audit, deletedOtherwise, foregroundOnLines, requested, List.of());
    }

    /** A fate with no delete whose outcome is unlogged ({@link #requested}). */
    public WorkflowFate(WorkflowRef ref, Known deleted, Known completed, LogEvent lastLine, Known gone, List<PodGoing> podsGoing,
                        List<PodTable.NotFound> notFound, List<PodTable.Row> listed, WorkflowAudit audit, Known deletedOtherwise,
                        ForegroundOnLines foregroundOnLines) {
        this(ref, deleted, completed, lastLine, gone, podsGoing, notFound, listed, audit, deletedOtherwise, foregroundOnLines, null);
    }

    /**
     * {@link #deleted} as far as it concerns one Pod of the name: an audit record's delete of the Workflow is an earlier Workflow's
     * where the same audit file records, after it, a granted {@code create} of the name and then the Pod's own granted
     * {@code create}. One file is one API server's clock, so that order holds however close the requests came (#8022 as a CI job
     * runs it: the finished run deleted, and submitted again within seconds, nearer the Pod's creation than the controller's clock
     * and the API server's may disagree); a create granted means no Workflow of the name existed then, so the deleted one was gone
     * before this run's began. Then the earliest other deletion counts (a later delete of the name, an export, the orphan path).
     *
     * @param podAudit   the Pod's audit records ({@link PodHistory#auditRecords})
     * @param podCreated the controller's {@code Created pod} line's time, or null: the Pod's own create is the latest granted one not
     *                   clearly after it (an earlier Pod of the name was created before)
     */
    public Known deletedFor(List<AuditRecord> podAudit, Timestamp podCreated) {
        if (deleted == null || deleted.fromLogs()) {
            return deleted;
        }
        AuditRecord podCreate = ownCreate(podAudit, podCreated);
        if (podCreate == null) {
            return deleted;
        }
        boolean earlierOnly = false;
        Known earliest = deletedOtherwise;
        for (AuditRecord a : audit.named()) {
            if (!deletesByName(a)) {
                continue;
            }
            if (recreatedBefore(a, podCreate) != null) {
                // Granted: an earlier Workflow's delete. Only requested (its outcome not logged): not taken for this Pod's Workflow's
                // deletion either, and named where it may be ({@link #undecidedFor}; session 50).
                earlierOnly = true;
                continue;
            }
            Known k = new Known(a.requestTime(), "deleted by " + a.user() + " (audit record)", a.source(), false);
            earliest = earliest == null || k.at().instant().isBefore(earliest.at().instant()) ? k : earliest;
        }
        return earlierOnly ? earliest : deleted;
    }

    /**
     * {@link #deletedFor(List, Timestamp)} for a Pod whose exports name the Workflow object it belongs to ({@code podOwnerUid}, its
     * owner reference's UID; "" where none or several): a delete whose own record names another object it removed
     * ({@link AuditRecord#actedOnUid}: its response's UID) is that object's deletion, not this Pod's Workflow's. A name is held by one
     * object at a time, so such a delete came before the Pod's Workflow existed (a run deleted and submitted again under its name
     * seconds later, nearer the Pod's creation than two clocks may disagree) or was another cluster's; it stays the name's deletion
     * (an earlier run's Pods in the same lines went with it). Then the earliest other deletion counts: a delete naming no object or
     * this one, or one not from an audit record (session 49 breaker: the earlier object's delete explained the new run's Pod's
     * deletion away as the Pod going with its Workflow, and hid the race).
     */
    public Known deletedFor(List<AuditRecord> podAudit, Timestamp podCreated, String podOwnerUid) {
        Known d = deletedFor(podAudit, podCreated);
        if (d == null || d.fromLogs() || podOwnerUid == null || podOwnerUid.isEmpty()) {
            return d;
        }
        AuditRecord from = null;
        for (AuditRecord a : deletes) {
            if (a.source().equals(d.evidence()) && a.requestTime() != null && a.requestTime().instant().equals(d.at().instant())) {
                from = a;
                break;
            }
        }
        if (from == null || from.actedOnUid().isEmpty() || from.actedOnUid().equals(podOwnerUid)) {
            return d;
        }
        Known earliest = deletedOtherwise;
        for (AuditRecord a : deletes) {
            if (a.requestTime() != null && (a.actedOnUid().isEmpty() || a.actedOnUid().equals(podOwnerUid))) {
                Known k = new Known(a.requestTime(), "deleted by " + a.user() + " (audit record)", a.source(), false);
                earliest = earliest == null || k.at().instant().isBefore(earliest.at().instant()) ? k : earliest;
            }
        }
        return earliest;
    }

    /** The UID of the Workflow a Pod's exports name as its owner; "" where none does, or they name several. */
    public static String ownerUid(PodHistory pod) {
        Set<String> uids = new TreeSet<>();
        for (dev.argoforensics.snapshot.PodSnapshot s : pod.snapshots()) {
            for (dev.argoforensics.snapshot.OwnerRef o : s.owners()) {
                if ("Workflow".equals(o.kind()) && o.uid() != null && !o.uid().isEmpty()) {
                    uids.add(o.uid());
                }
            }
        }
        return uids.size() == 1 ? uids.iterator().next() : "";
    }

    /** The Pod's own create in its audit records: the latest effective one not clearly after {@code podCreated}; null if none. */
    private static AuditRecord ownCreate(List<AuditRecord> podAudit, Timestamp podCreated) {
        AuditRecord podCreate = null;
        for (AuditRecord a : podAudit) {
            boolean create = "pods".equals(a.resource()) && "create".equals(a.verb()) && a.subresource().isEmpty() && a.effective() && a.time() != null;
            if (create && (podCreated == null || !a.time().instant().isAfter(podCreated.windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS)))
                    && (podCreate == null || a.time().instant().isAfter(podCreate.time().instant()))) {
                podCreate = a;
            }
        }
        return podCreate;
    }

    /** A granted delete of this Workflow by name, as {@link WorkflowFates} reads one. */
    private boolean deletesByName(AuditRecord a) {
        return "workflows".equals(a.resource()) && "delete".equals(a.verb()) && a.subresource().isEmpty() && a.effective()
                && !a.outcomeUnlogged() && a.time() != null
                && ref.name().equals(a.name()) && Objects.equals(ref.namespace(), a.namespace());
    }

    /**
     * The create of the Workflow's name the same audit file records after {@code delete}, with the Pod's create at or after it: a
     * granted one where there is one, else one whose outcome is not logged ({@link AuditRecord#outcomeUnlogged}); null if none. Only a
     * granted create dates a recreation (session 50): one only received may have been refused (409 while the deleted Workflow was
     * still held by a finalizer, and then the Pod was that Workflow's), so it leaves whose the delete was undecided.
     */
    private AuditRecord recreatedBefore(AuditRecord delete, AuditRecord podCreate) {
        String file = delete.source().file();
        if (!file.equals(podCreate.source().file())) {
            return null;
        }
        AuditRecord unlogged = null;
        for (AuditRecord c : audit.named()) {
            boolean create = "workflows".equals(c.resource()) && "create".equals(c.verb()) && c.subresource().isEmpty() && c.effective()
                    && c.time() != null && ref.name().equals(c.name()) && file.equals(c.source().file());
            if (create && c.time().instant().isAfter(delete.time().instant()) && !c.time().instant().isAfter(podCreate.time().instant())) {
                if (c.granted()) {
                    return c;
                }
                unlogged = unlogged == null ? c : unlogged;
            }
        }
        return unlogged;
    }

    /**
     * A granted delete of the Workflow that {@link #deletedFor(List, Timestamp)} does not take for this Pod's Workflow's deletion only
     * because a create of the name whose outcome is not logged lies between it and the Pod's create in its file ({@link #recreatedBefore}):
     * granted, the delete was an earlier Workflow's; refused (the name still held), the Pod's Workflow was the one being deleted. As a
     * delete whose outcome is not logged (session 49) it clears nothing and confirms nothing: "a delete of workflows/NAME was granted at
     * T, and then a create of workflows/NAME was requested at T2; its outcome is not in the audit log: …" (session 50). The earliest such;
     * null if none.
     */
    public Known undecidedFor(List<AuditRecord> podAudit, Timestamp podCreated) {
        if (deleted == null || deleted.fromLogs()) {
            return null;
        }
        AuditRecord podCreate = ownCreate(podAudit, podCreated);
        if (podCreate == null) {
            return null;
        }
        for (AuditRecord a : audit.named()) {
            AuditRecord create = deletesByName(a) ? recreatedBefore(a, podCreate) : null;
            if (create != null && !create.granted()) {
                return new Known(a.requestTime(), "a delete of " + a.target() + " by " + a.user() + " was granted at " + a.requestTime().format()
                        + ", and then " + create.unloggedRequest() + ": granted, the delete was an earlier Workflow's of the name; refused "
                        + "(the name still held), this Pod's Workflow was the one being deleted", a.source(), false);
            }
        }
        return null;
    }

    /**
     * A Pod of the Workflow being deleted: the pod controller's first line handling its deletion (the deleting branch, which
     * a Pod with the status-capture finalizer always goes through), and its {@code delete pod event} after that, the Pod
     * leaving the cluster (null: no line shows it gone).
     */
    public record PodGoing(PodKey pod, LogEvent deleting, LogEvent removed) {
    }
}
