package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.WorkflowFate.PodGoing;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What became of each Workflow: deleted (audit records, an export being deleted, the gc controller's TTL delete, the orphan path), completed, its last line,
 * and gone when an update of it was refused as not found.
 */
final class WorkflowFates {
    /** The signal of the gc controller's {@code Deleting garbage collected workflow} (catalog gc-deleting-workflow-v3/-v4). */
    static final String GC_DELETING = "gc-deleting-workflow";

    private WorkflowFates() {
    }

    /**
     * The audit files shown to be another cluster's for each Workflow ({@link WorkflowAudit#foreignFiles}, by the UIDs its exports
     * show): their deletes of the name are of that cluster's Workflow, not this one, and their records of its Pods' names are of
     * that cluster's Pods (session 37: set apart from the Pods' histories before anything reads them). Workflows with none left out.
     */
    static Map<WorkflowRef, Set<String>> foreign(Map<WorkflowRef, WorkflowHistory> workflows, WorkflowAudit.Index auditIndex) {
        Map<WorkflowRef, Set<String>> foreign = new HashMap<>();
        for (WorkflowHistory w : workflows.values()) {
            Set<String> files = new TreeSet<>(WorkflowAudit.foreignFiles(w.ref(), auditIndex, uids(w)));
            // A file that granted a delete of its name while it existed undeleted (session 47, OtherWorkflowDeletes).
            files.addAll(OtherWorkflowDeletes.foreignFiles(w, WorkflowAudit.namedIn(auditIndex, w.ref())));
            if (!files.isEmpty()) {
                foreign.put(w.ref(), files);
            }
        }
        return foreign;
    }

    /**
     * Every Workflow's fate: from audit records of its deletion, exports showing it being deleted, orphan-path releases
     * of its Pods, its completion. The group's Workflow audit ({@code audit}) comes indexed too ({@code auditIndex}), with the
     * files {@link #foreign} found for each Workflow.
     */
    static Map<WorkflowRef, WorkflowFate> of(Map<WorkflowRef, WorkflowHistory> workflows, Map<PodKey, PodHistory> pods,
                                                List<AuditRecord> audit, WorkflowAudit.Index auditIndex, Map<WorkflowRef, Set<String>> foreign, List<PodTable> tables,
                                                boolean auditGiven) {
        Map<WorkflowRef, Known> deleted = new HashMap<>();
        Map<WorkflowRef, Known> requested = new HashMap<>();
        Map<WorkflowRef, List<AuditRecord>> deletes = new HashMap<>();
        for (AuditRecord a : audit) {
            boolean granted = a.effective();
            Timestamp at = a.requestTime(); // dated as every audit record is (AuditRecord#requestTime)
            WorkflowRef named = new WorkflowRef(a.namespace(), a.name());
            if ("workflows".equals(a.resource()) && "delete".equals(a.verb()) && a.subresource().isEmpty() && granted && at != null
                    && !foreign.getOrDefault(named, Set.of()).contains(a.source().file())
                    && (!workflows.containsKey(named) || OtherWorkflowDeletes.why(workflows.get(named), a, () -> WorkflowAudit.namedIn(auditIndex, named)) == null)) {
                if (a.outcomeUnlogged()) {
                    // Its RequestReceived record alone (omitStages, a rotation, a grep): it may have been refused, so it is no
                    // deletion; kept as a request, which clears nothing and confirms nothing (session 49, WorkflowFate#requested).
                    requested.merge(named, new Known(at, a.unloggedDelete() + " (by " + a.user() + ", audit record)", a.source(), false),
                            WorkflowFates::earlier);
                    continue;
                }
                String untied = OtherWorkflowDeletes.untied(workflows.get(named), a, WorkflowAudit.namedIn(auditIndex, named));
                deleted.merge(named,
                        new Known(at, "deleted by " + a.user() + " (audit record" + untied + ")", a.source(), false), WorkflowFates::earlier);
                deletes.computeIfAbsent(named, k -> new ArrayList<>()).add(a);
            }
        }
        Map<WorkflowRef, Known> byAudit = new HashMap<>(deleted);
        deleted.clear();
        for (WorkflowHistory w : workflows.values()) {
            // A Workflow being deleted (foreground, or held by a finalizer such as artifact-gc): no grace period, so the
            // deletionTimestamp is the request's time. The garbage collector then deletes its Pods while the controller may
            // still reconcile it and record them "pod deleted" (lifecycle reference A3).
            for (WorkflowSnapshot s : w.snapshots()) {
                if (s.deletionTimestamp() != null) {
                    deleted.merge(w.ref(), new Known(s.deletionTimestamp(), "an export shows it being deleted (metadata.deletionTimestamp)",
                            s.source(), false), WorkflowFates::earlier);
                }
            }
        }
        for (WorkflowHistory w : workflows.values()) {
            // The gc controller's own delete of a completed Workflow (its ttlStrategy expired, or max retention): logged just before
            // the request, with the propagation policy of WF_DEL_PROPAGATION_POLICY. In the foreground the Workflow lingers, being
            // deleted, while the garbage collector deletes its Pods: the deleted-Workflow look-alike from the controller's own line.
            for (LogEvent e : w.events()) {
                if (e.event() instanceof Signal s && GC_DELETING.equals(s.name()) && e.time() != null) {
                    deleted.merge(w.ref(), new Known(e.time(), "the workflow-controller's gc (TTL/retention) controller requested its "
                            + "deletion (Deleting garbage collected workflow)", e.source(), true), WorkflowFates::earlier);
                    break;
                }
            }
        }
        for (PodHistory p : pods.values()) {
            if (p.link() == null) {
                continue;
            }
            for (FinalizerRemoval r : p.removals()) {
                if (r.cause() == RemovalCause.ORPHANED) {
                    deleted.merge(p.link().workflow(), new Known(r.scheduled().time(), "the pod controller found it missing or being deleted "
                            + "when it released Pod " + p.key().name() + " on the orphan path", r.scheduled().source(), true), WorkflowFates::earlier);
                }
            }
        }
        Map<WorkflowRef, Known> otherwise = new HashMap<>(deleted);
        byAudit.forEach((ref, k) -> deleted.merge(ref, k, (other, audited) -> earlier(audited, other)));
        Map<WorkflowRef, List<PodGoing>> going = new HashMap<>();
        for (PodHistory p : pods.values()) {
            if (p.link() == null) {
                continue;
            }
            for (FinalizerRemoval r : p.removals()) {
                if (r.cause() != RemovalCause.POD_DELETED) {
                    continue;
                }
                LogEvent deleting = r.onDelete() != null ? r.onDelete() : r.decisive();
                LogEvent removed = null;
                for (LogEvent e : p.events()) {
                    if (e.event() instanceof PodInformerEvent i && i.action() == InformerAction.DELETE && EventOrder.after(e, deleting)) {
                        removed = e;
                        break;
                    }
                }
                going.computeIfAbsent(p.link().workflow(), k -> new ArrayList<>()).add(new PodGoing(p.key(), deleting, removed));
                break;
            }
        }
        Map<WorkflowRef, List<PodHistory>> podsOf = new HashMap<>();
        for (PodHistory p : pods.values()) {
            if (p.link() != null) {
                podsOf.computeIfAbsent(p.link().workflow(), k -> new ArrayList<>()).add(p);
            }
        }
        Map<WorkflowRef, WorkflowFate> out = new HashMap<>();
        PodRowIndex rows = new PodRowIndex(tables);
        for (WorkflowHistory w : workflows.values()) {
            Known completed = null;
            for (LogEvent e : w.events()) {
                if (e.event() instanceof WorkflowUpdated u && u.phase() != null && LifecycleBuilder.COMPLETED.contains(u.phase())) {
                    completed = new Known(e.time(), "Workflow update successful, phase " + u.phase(), e.source(), true);
                    break;
                }
            }
            if (completed == null) {
                for (WorkflowSnapshot s : w.snapshots()) {
                    if (s.phase() != null && LifecycleBuilder.COMPLETED.contains(s.phase()) && s.observed() != null) {
                        // Completed no later than the export was taken: where only its file or the command line states when, that
                        // is the clock of whoever took it (ObservedAt#statedTime), said so and flagged, never a cluster's time.
                        ObservedAt o = s.observed();
                        completed = new Known(o.time(), "exported in phase " + s.phase() + (o.statedTime() ? " at a time stated for it ("
                                + o.statedBy().description() + ", on the clock of whoever took it, which may be off by "
                                + GoDuration.format(ObservedAt.STATED_CLOCK_NANOS) + ")" : ""), s.source(), false, o.statedTime());
                        break;
                    }
                }
            }
            LogEvent last = w.events().isEmpty() ? null : w.events().get(w.events().size() - 1);
            out.put(w.ref(), new WorkflowFate(w.ref(), deleted.get(w.ref()), completed, last, gone(w.events()),
                    going.getOrDefault(w.ref(), List.of()), notFound(w.ref(), tables), listed(w, rows, workflows.keySet()),
                    WorkflowAudit.of(w.ref(), auditIndex, auditGiven, uids(w), foreign.getOrDefault(w.ref(), Set.of()),
                            a -> OtherWorkflowDeletes.why(w, a, () -> WorkflowAudit.namedIn(auditIndex, w.ref())) != null), otherwise.get(w.ref()),
                    ForegroundOnLines.of(w.events(), podsOf.getOrDefault(w.ref(), List.of()), going.getOrDefault(w.ref(), List.of())),
                    requested.get(w.ref()), deletes.get(w.ref())));
        }
        deleted.forEach((ref, k) -> out.putIfAbsent(ref, new WorkflowFate(ref, k, null, null, null, going.getOrDefault(ref, List.of()),
                List.of(), List.of(), WorkflowAudit.of(ref, auditIndex, auditGiven), otherwise.get(ref), null, requested.get(ref), deletes.get(ref))));
        requested.forEach((ref, k) -> out.putIfAbsent(ref, new WorkflowFate(ref, null, null, null, null, going.getOrDefault(ref, List.of()),
                List.of(), List.of(), WorkflowAudit.of(ref, auditIndex, auditGiven), otherwise.get(ref), null, k)));
        return out;
    }

    /** The UIDs the Workflow's exports show. */
    private static Set<String> uids(WorkflowHistory w) {
        Set<String> out = new TreeSet<>();
        for (WorkflowSnapshot s : w.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                out.add(s.uid());
            }
        }
        return out;
    }

    /**
     * The earliest update of the Workflow the API server refused as not found ({@code Error updating workflow}, reason
     * {@code NotFound}) that no successful update follows: a worker still held a copy of a Workflow that was gone. An update
     * written after it takes it back (a refusal the line misreports), unless a new object's first pass came between: a
     * {@code Processing workflow} of a Workflow never processed (phase empty), which only a Workflow submitted again under the
     * name can be once the object the refusal was about is gone (session 46: that namesake's first update took back the deletion
     * of the object the released Pod belonged to, which then went unexplained).
     */
    private static Known gone(List<LogEvent> events) {
        LogEvent refused = null;
        for (LogEvent e : events) {
            if (e.event() instanceof Signal s && "workflow-update-error".equals(s.name()) && "NotFound".equals(s.attribute("reason"))
                    && (refused == null || EventOrder.before(e, refused))) {
                refused = e;
            }
        }
        if (refused == null) {
            return null;
        }
        LogEvent namesake = null;
        for (LogEvent e : events) {
            if (e.event() instanceof WorkflowProcessing p && (p.phase() == null || p.phase().isEmpty()) && EventOrder.after(e, refused)
                    && (namesake == null || EventOrder.before(e, namesake))) {
                namesake = e;
            }
        }
        for (LogEvent e : events) {
            if (e.event() instanceof WorkflowUpdated && EventOrder.after(e, refused) && (namesake == null || EventOrder.before(e, namesake))) {
                return null;
            }
        }
        return new Known(refused.time(), "the controller's update of it was refused: not found", refused.source(), true);
    }

    /**
     * The rows pasted kubectl get pods tables of its namespace give its nodes' Pods, by the node IDs its exports show (a Pod named
     * as a node, {@link WorkflowNamespaces#nodesPod}): the Pods nothing else names, as a #12103 paste gives them beside the
     * Workflow's task-result status. Where no export shows a node of it (a {@code kubectl get workflows} row, as #13335 pastes it
     * above {@code kubectl get pods | grep W}), by the names Argo gives its Pods, {@code <workflow>-<template>-<hash>} or
     * {@code <workflow>-<hash>} (session 32), unless another Workflow of the paste has a longer name the Pod's also starts with.
     */
    private static List<PodTable.Row> listed(WorkflowHistory w, PodRowIndex rows, Set<WorkflowRef> all) {
        if (w.snapshots().isEmpty()) {
            return List.of();
        }
        boolean noNodes = w.snapshots().stream().allMatch(s -> s.nodes().isEmpty() && s.taskResultsCompletion().isEmpty());
        return rows.nodesPods(w.ref().name(), w.snapshots(), name -> noNodes && namedAsItsPod(w.ref(), name, all)).stream()
                .filter(r -> r.namespace().equals(w.ref().namespace())).toList();
    }

    private static final java.util.regex.Pattern POD_AFTER_WORKFLOW = java.util.regex.Pattern.compile("(?:[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?-)?\\d{1,10}");

    /**
     * A Pod name of the Workflow's shape, no other Workflow of the paste (in its namespace) a closer match. A closer match is a
     * Workflow whose name is a longer prefix of the Pod's ending at one of its dashes, so the dashes past the Workflow's own name
     * are looked up in {@code all}: as many look-ups as the Pod's name has dashes, not a walk of every Workflow per row (#17).
     */
    static boolean namedAsItsPod(WorkflowRef wf, String pod, Set<WorkflowRef> all) {
        String prefix = wf.name() + "-";
        if (!pod.startsWith(prefix) || !POD_AFTER_WORKFLOW.matcher(pod.substring(prefix.length())).matches()) {
            return false;
        }
        for (int dash = pod.indexOf('-', prefix.length()); dash >= 0; dash = pod.indexOf('-', dash + 1)) {
            if (all.contains(new WorkflowRef(wf.namespace(), pod.substring(0, dash)))) {
                return false;
            }
        }
        return true;
    }

    /** kubectl's answers that the Workflow did not exist, from tables of its namespace or of none named. */
    private static List<PodTable.NotFound> notFound(WorkflowRef ref, List<PodTable> tables) {
        List<PodTable.NotFound> out = new ArrayList<>();
        for (PodTable t : tables) {
            t.notFound(PodTable.Resource.WORKFLOW, ref.namespace(), ref.name()).ifPresent(out::add);
        }
        return out;
    }

    private static Known earlier(Known a, Known b) {
        return b.at().instant().isBefore(a.at().instant()) ? b : a;
    }
}
