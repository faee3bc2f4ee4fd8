package dev.argoforensics.correlate;

import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Derives each Pod's {@link PodLifecycle} and each Workflow's {@link WorkflowFate} from its history:
 * the one place where the order of a Pod's deletion and its containers' end, the meaning of a
 * {@code delete pod event}, the path that released a finalizer and the persisted state of a node are
 * decided. Per Pod it reads only that Pod's records and its own node's lines.
 */
final class LifecycleBuilder {
    /**
     * How long after the containers' end the kubelet's own grace-0 delete can still come: it is sent
     * once the containers are gone and their status written (seconds in practice). A grace-0
     * {@code deletionTimestamp} further from the end than this cannot be that delete's, so it is the
     * time of the request itself.
     */
    static final long KUBELET_FINAL_DELETE_NANOS = 60_000_000_000L;
    /** The pod informer delivers the deletion that fast or the Pod vanishes at the finalizer's release. */
    static final long PROMPT_NANOS = 5_000_000_000L;

    static final Set<String> COMPLETED = Set.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    private final NodeIndex nodes;

    LifecycleBuilder(NodeIndex nodes) {
        this.nodes = nodes;
    }

    /** Every Workflow's fate: from audit records of its deletion, orphan-path releases of its Pods, its completion. */
    static Map<WorkflowRef, WorkflowFate> fates(Map<WorkflowRef, WorkflowHistory> workflows, Map<PodKey, PodHistory> pods,
                                                List<AuditRecord> audit) {
        Map<WorkflowRef, Known> deleted = new HashMap<>();
        for (AuditRecord a : audit) {
            boolean granted = a.responseCode() == null || a.responseCode() / 100 == 2;
            Timestamp at = a.time();
            if ("workflows".equals(a.resource()) && "delete".equals(a.verb()) && a.subresource().isEmpty() && granted && at != null) {
                deleted.merge(new WorkflowRef(a.namespace(), a.name()),
                        new Known(at, "deleted by " + a.user() + " (audit record)", a.source(), false), LifecycleBuilder::earlier);
            }
        }
        for (PodHistory p : pods.values()) {
            if (p.link() == null) {
                continue;
            }
            for (FinalizerRemoval r : p.removals()) {
                if (r.cause() == RemovalCause.ORPHANED) {
                    deleted.merge(p.link().workflow(), new Known(r.scheduled().time(), "the pod controller found it missing or being deleted "
                            + "when it released Pod " + p.key().name() + " on the orphan path", r.scheduled().source(), true), LifecycleBuilder::earlier);
                }
            }
        }
        Map<WorkflowRef, WorkflowFate> out = new HashMap<>();
        for (WorkflowHistory w : workflows.values()) {
            Known completed = null;
            for (LogEvent e : w.events()) {
                if (e.event() instanceof WorkflowUpdated u && u.phase() != null && COMPLETED.contains(u.phase())) {
                    completed = new Known(e.time(), "Workflow update successful, phase " + u.phase(), e.source(), true);
                    break;
                }
            }
            if (completed == null) {
                for (WorkflowSnapshot s : w.snapshots()) {
                    if (s.phase() != null && COMPLETED.contains(s.phase()) && s.observed() != null) {
                        completed = new Known(s.observed().time(), "exported in phase " + s.phase(), s.source(), false);
                        break;
                    }
                }
            }
            LogEvent last = w.events().isEmpty() ? null : w.events().get(w.events().size() - 1);
            out.put(w.ref(), new WorkflowFate(w.ref(), deleted.get(w.ref()), completed, last));
        }
        deleted.forEach((ref, k) -> out.putIfAbsent(ref, new WorkflowFate(ref, k, null, null)));
        return out;
    }

    private static Known earlier(Known a, Known b) {
        return b.at().instant().isBefore(a.at().instant()) ? b : a;
    }

    PodLifecycle build(PodHistory pod, WorkflowHistory workflow, WorkflowFate fate) {
        ContainersEnd containers = null;
        for (PodSnapshot s : pod.snapshots()) {
            containers = ContainersEnd.of(s);
            if (containers != null) {
                break;
            }
        }
        // The cleanup worker's line, else the queueing line (the item runs at once; its worker line may be cut off).
        LogEvent labelled = null;
        LogEvent labelQueued = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCleanupStarted s && "labelPodCompleted".equals(s.action())) {
                labelled = e;
                break;
            }
            if (labelQueued == null && e.event() instanceof PodCleanupQueued q && "labelPodCompleted".equals(q.action())) {
                labelQueued = e;
            }
        }
        labelled = labelled != null ? labelled : labelQueued;
        FinalizerRemoval release = null;
        for (FinalizerRemoval r : pod.removals()) {
            if (r.cause() != RemovalCause.LEFT_INFORMER) {
                release = r;
                break;
            }
        }
        InformerExit exit = informerExit(pod, labelled);
        DeletionRequest deletion = deletion(pod, containers, exit);
        Execution execution = execution(pod, containers, deletion, exit);
        PodSnapshot held = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() != null && s.hasStatusFinalizer() && s.observed() != null) {
                held = s;
            }
        }
        NodeLink link = pod.link();
        List<LogEvent> nodeLines = nodes.of(link);
        LogEvent persistedLine = null;
        Known persisted = null;
        String phaseAtRelease = null;
        LogEvent phaseLine = null;
        if (release != null) {
            persistedLine = persistedBefore(pod, workflow, nodeLines, link, release.decisive());
            if (persistedLine != null) {
                persisted = new Known(persistedLine.time(), persistedHow(persistedLine), persistedLine.source(), true);
            }
            for (LogEvent e : nodeLines) {
                if (!EventOrder.after(e, release.decisive())) {
                    continue;
                }
                ControllerEvent ev = e.event();
                String phase = ev instanceof WorkflowPodMissing m ? m.nodePhase()
                        : ev instanceof NodePhaseChanged p ? p.fromPhase()
                        : ev instanceof NodeChanged c ? c.oldPhase() : null;
                if (phase != null && !phase.isEmpty()) {
                    phaseAtRelease = phase;
                    phaseLine = e;
                    break;
                }
            }
            if (phaseAtRelease == null && workflow != null && link != null) {
                List<NodeObservation> obs = workflow.nodeObservations(link.nodeId());
                for (int i = obs.size() - 1; i >= 0; i--) {
                    if (!obs.get(i).node().fulfilled()) {
                        phaseAtRelease = obs.get(i).node().phase();
                        break;
                    }
                }
            }
        }
        NodeOutcome outcome = outcome(workflow, link, nodeLines);
        List<Deletion> deleters = new ArrayList<>();
        Deletion.first(pod).ifPresent(first -> {
            deleters.add(first);
            Deletion.of(pod).stream().filter(d -> d != first).forEach(deleters::add);
        });
        return new PodLifecycle(pod.key(), containers, deletion, deleters, execution, exit, labelled, release, held, persisted, persistedLine,
                phaseAtRelease, phaseLine, outcome, fate);
    }

    /** The first {@code delete pod event}; the Pod left the selector if the controller had labelled it, or if it still had its finalizer. */
    private static InformerExit informerExit(PodHistory pod, LogEvent labelled) {
        LogEvent first = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE) {
                first = e;
                break;
            }
        }
        if (first == null) {
            return null;
        }
        if (labelled != null && EventOrder.notAfter(labelled, first)) {
            return new InformerExit(first, InformerExit.Kind.LABELLED, labelled);
        }
        boolean deletionBefore = pod.snapshots().stream().anyMatch(s -> s.deletionTimestamp() != null);
        for (FinalizerRemoval r : pod.removals()) {
            deletionBefore |= r.cause() == RemovalCause.POD_DELETED && EventOrder.before(r.decisive(), first);
        }
        if (!deletionBefore) {
            for (FinalizerRemoval r : pod.removals()) {
                // The handler found the finalizer in the Pod the delete event carried, and nothing shows a deletion: the Pod
                // left the watch's selector still holding it (a Pod being deleted cannot leave the cluster with a finalizer).
                if (r.cause() == RemovalCause.LEFT_INFORMER && r.trigger() == first) {
                    return new InformerExit(first, InformerExit.Kind.LABELLED, null);
                }
            }
        }
        return new InformerExit(first, InformerExit.Kind.REMOVED, null);
    }

    /** The bounds on the first deletion request from audit records, exports and the controller's first sight of it. */
    private static DeletionRequest deletion(PodHistory pod, ContainersEnd containers, InformerExit exit) {
        Known exact = null;
        String by = null;
        for (AuditRecord a : pod.auditRecords()) {
            boolean granted = a.responseCode() == null || a.responseCode() / 100 == 2;
            Timestamp at = a.time();
            if (!"pods".equals(a.resource()) || !a.name().equals(pod.key().name()) || !granted || at == null) {
                continue;
            }
            boolean delete = "delete".equals(a.verb()) && a.subresource().isEmpty();
            boolean evict = "create".equals(a.verb()) && "eviction".equals(a.subresource());
            if ((delete || evict) && (exact == null || at.instant().isBefore(exact.at().instant()))) {
                exact = new Known(at, (evict ? "eviction by " : "delete by ") + a.user() + " (audit record)", a.source(), false);
                by = a.user();
            }
        }
        Known upper = exact;
        Known lower = exact;
        Long grace = null;
        PodSnapshot firstDeleted = null;
        Known lastUndeleted = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() == null) {
                if (firstDeleted == null && s.observed() != null) {
                    lastUndeleted = new Known(s.observed().time(), "an export taken then shows no deletion", s.source(), false);
                }
            } else if (firstDeleted == null) {
                firstDeleted = s;
            }
        }
        boolean exactFromExport = false;
        if (firstDeleted != null) {
            Timestamp ts = firstDeleted.deletionTimestamp();
            Long g = firstDeleted.deletionGracePeriodSeconds();
            if (g != null && g > 1) {
                grace = g;
                Timestamp requested = new Timestamp(ts.instant().minusSeconds(g), ts.precision(), ts.zone());
                Known k = new Known(requested, "deletionTimestamp " + ts.format() + " minus the grace period " + g + "s", firstDeleted.source(), false);
                upper = min(upper, k);
                lower = max(lower, k);
                exactFromExport = exact == null;
            } else {
                upper = min(upper, new Known(ts, g == null ? "deletionTimestamp" : "deletionTimestamp, grace period " + g + "s", firstDeleted.source(), false));
                if (g != null && g == 0) {
                    grace = 0L;
                    if (containers != null && containers.at().windowEnd().plusNanos(KUBELET_FINAL_DELETE_NANOS).isBefore(ts.instant())) {
                        lower = max(lower, new Known(ts, "deletionTimestamp with grace period 0s, " + GoDuration.format(containers.at().nanosUntil(ts))
                                + " after the containers ended: too late to be the kubelet's own final delete", firstDeleted.source(), false));
                    }
                }
            }
        }
        if (lastUndeleted != null && (lower == null || lastUndeleted.at().isAfter(lower.at()))) {
            lower = lastUndeleted;
        }
        LogEvent firstSeen = null;
        for (FinalizerRemoval r : pod.removals()) {
            if (r.cause() == RemovalCause.POD_DELETED && r.onDelete() != null) {
                firstSeen = r.onDelete();
                break;
            }
        }
        if (firstSeen != null) {
            upper = min(upper, new Known(firstSeen.time(), "the controller handled the deletion", firstSeen.source(), true));
        }
        if (exit != null && exit.kind() == InformerExit.Kind.REMOVED) {
            upper = min(upper, new Known(exit.event().time(), "the Pod left the controller's informer", exit.event().source(), true));
        }
        if (upper == null) {
            return null;
        }
        if (lower != null && lower.at().isAfter(upper.at())) {
            lower = null; // the clocks disagree: keep the upper bound only
        }
        boolean isExact = exact != null || exactFromExport;
        return new DeletionRequest(lower, upper, isExact, grace, firstSeen, by);
    }

    /** The earlier bound; of two the sources cannot order, the first (the more exact, by the order of the calls). */
    private static Known min(Known a, Known b) {
        return a == null || b.at().isBefore(a.at()) ? b : a;
    }

    /** The later bound; of two the sources cannot order, the first. */
    private static Known max(Known a, Known b) {
        return a == null || b.at().isAfter(a.at()) ? b : a;
    }

    /** The order of the containers' end and the deletion request: objects first, the controller's lines where no object says. */
    private static Execution execution(PodHistory pod, ContainersEnd end, DeletionRequest deletion, InformerExit exit) {
        if (deletion == null) {
            return Execution.notDeleted();
        }
        Execution running = null;
        Execution finished = null;
        for (PodSnapshot s : pod.snapshots()) {
            ContainerState main = PodLifecycle.main(s);
            if (s.deletionTimestamp() != null && main != null && !main.terminated()) {
                running = new Execution(State.RUNNING, "an export of the deleted Pod shows " + main.name() + " " + main.state(), s.source(), false);
                break;
            }
            if (s.deletionTimestamp() != null && s.deletionGracePeriodSeconds() != null && s.deletionGracePeriodSeconds() > 1) {
                running = new Execution(State.RUNNING, "the API server gave the deletion a grace period of " + s.deletionGracePeriodSeconds()
                        + "s, which it gives only to a Pod that has not finished", s.source(), false);
                break;
            }
            if (s.deletionTimestamp() == null && s.containersFinishedAt().isPresent() && s.observed() != null) {
                finished = new Execution(State.FINISHED_BEFORE, "an export taken before the deletion (" + s.observed().time().format()
                        + ") already shows every container terminated (" + s.exitCodeSummary() + ")", s.source(), false);
            }
        }
        if (running == null) {
            for (ClusterEvent e : pod.clusterEvents()) {
                if ("Killing".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && e.regarding().fieldPath().startsWith("spec.containers{")
                        && !e.regarding().fieldPath().equals("spec.containers{wait}") && (end == null || !e.first().isAfter(end.at()))
                        && (deletion.notBefore() == null || !e.first().isBefore(deletion.notBefore().at()))) {
                    running = new Execution(State.RUNNING, "the kubelet stopped the running container " + e.regarding().fieldPath()
                            .substring("spec.containers{".length(), e.regarding().fieldPath().length() - 1) + " at " + e.first().format()
                            + " (Killing event)", e.source(), false);
                    break;
                }
            }
        }
        if (running == null && end != null && deletion.notAfter().at().isBefore(end.at()) && !deletion.notAfter().fromLogs()) {
            running = new Execution(State.RUNNING, "the containers ended at " + end.at().format() + " (" + end.exitSummary()
                    + "), after the deletion was requested " + deletion.when(), deletion.notAfter().evidence(), false);
        }
        if (finished == null && end != null && deletion.notBefore() != null && end.at().isBefore(deletion.notBefore().at())) {
            finished = new Execution(State.FINISHED_BEFORE, "the containers ended at " + end.at().format() + " (" + end.exitSummary()
                    + "), before the deletion was requested " + deletion.when(), deletion.notBefore().evidence(), false);
        }
        if (running != null && finished != null) {
            return new Execution(State.UNDETERMINED, "the exports disagree: " + running.reason() + ", but " + finished.reason(), running.evidence(), false);
        }
        if (running != null || finished != null) {
            return running != null ? running : finished;
        }
        // The containers finished after the controller saw the deletion: they were running then.
        if (end != null && deletion.firstSeen() != null && deletion.firstSeen().time().isBefore(end.at())) {
            return new Execution(State.RUNNING, "the controller handled the deletion at " + deletion.firstSeen().time().format()
                    + ", before the containers ended at " + end.at().format() + " (" + end.exitSummary() + ")", deletion.firstSeen().source(), true);
        }
        Execution fromLogs = fromLogs(pod, exit);
        if (fromLogs != null) {
            return fromLogs;
        }
        StringBuilder why = new StringBuilder();
        if (end == null) {
            why.append("no export of the Pod shows how its containers ended");
        } else {
            why.append("the containers ended at ").append(end.at().format()).append(" (").append(end.exitSummary()).append(") and the deletion was requested ")
                    .append(deletion.when()).append(", which does not order them");
            if (end.mainSignalled()) {
                why.append("; main's exit code ").append(end.mainExit()).append(" is one a signal gives");
            }
        }
        return new Execution(State.UNDETERMINED, why.toString(), deletion.notAfter().evidence(), deletion.notAfter().fromLogs());
    }

    /**
     * What the pod informer's lines say. The deletion of a finished Pod is one change (grace 0); once
     * the finalizer goes it vanishes. A running Pod goes on changing while the kubelet stops its
     * containers: significant updates after the deletion was seen mean it had not finished. Only a
     * deletion the controller saw arrive (an {@code update pod event}, not the {@code add} of a
     * start-up listing) dates the request.
     */
    private static Execution fromLogs(PodHistory pod, InformerExit exit) {
        FinalizerRemoval first = null;
        for (FinalizerRemoval r : pod.removals()) {
            if (r.cause() == RemovalCause.POD_DELETED && r.onDelete() != null) {
                first = r;
                break;
            }
        }
        if (first == null) {
            return null;
        }
        LogEvent seen = first.onDelete();
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && e.ordinal() > seen.ordinal() && e.event() instanceof PodInformerEvent p) {
                if (p.action() == InformerAction.UPDATE) {
                    return new Execution(State.RUNNING, "after the controller handled the deletion at " + seen.time().format()
                            + " the Pod kept changing (update pod event at " + e.time().format() + "): it had not finished", e.source(), true);
                }
                if (p.action() == InformerAction.DELETE) {
                    break;
                }
            }
        }
        boolean watched = first.trigger() != null && ((PodInformerEvent) first.trigger().event()).action() == InformerAction.UPDATE;
        LogEvent gone = exit != null && exit.kind() == InformerExit.Kind.REMOVED ? exit.event() : null;
        LogEvent released = first.started() != null ? first.started() : first.decisive();
        if (watched && gone != null && !EventOrder.before(gone, released)
                && released.time().nanosUntil(gone.time()) <= PROMPT_NANOS) {
            return new Execution(State.FINISHED_BEFORE, "the controller saw the deletion arrive (update pod event at " + first.trigger().time().format()
                    + ") and the Pod changed no more until it vanished at its finalizer's release (" + gone.time().format()
                    + "): it had already finished, with no grace period", gone.source(), true);
        }
        return null;
    }

    /**
     * The first line showing the node persisted fulfilled before the release: a cleanup the controller
     * queues only after persisting a fulfilled node ({@code labelPodCompleted}, a {@code deletePod} not
     * announced by the pod event handler), or a change of the node to a completed phase followed by a
     * {@code Workflow update successful}.
     */
    private static LogEvent persistedBefore(PodHistory pod, WorkflowHistory workflow, List<LogEvent> nodeLines, NodeLink link, LogEvent release) {
        Map<Integer, String> announced = new HashMap<>();
        for (LogEvent e : pod.events()) {
            if (!EventOrder.notAfter(e, release)) {
                continue;
            }
            ControllerEvent ev = e.event();
            if (ev instanceof PodCleanupScheduled s) {
                announced.put(e.stream(), s.action());
            } else if (ev instanceof PodCleanupQueued q) {
                String action = announced.remove(e.stream());
                boolean fromHandler = q.action() != null && q.action().equals(action);
                if (!fromHandler && ("labelPodCompleted".equals(q.action()) || "deletePod".equals(q.action()))) {
                    return e;
                }
            } else if (ev instanceof PodCleanupStarted s && "labelPodCompleted".equals(s.action())) {
                return e;
            }
        }
        if (workflow == null || link == null) {
            return null;
        }
        LogEvent completedChange = null;
        for (LogEvent e : nodeLines) {
            ControllerEvent ev = e.event();
            if (EventOrder.notAfter(e, release) && ((ev instanceof NodeChanged c && COMPLETED.contains(c.newPhase()))
                    || (ev instanceof NodePhaseChanged p && COMPLETED.contains(p.toPhase())))) {
                completedChange = e;
                break;
            }
        }
        if (completedChange == null) {
            return null;
        }
        for (LogEvent e : workflow.events()) {
            if (e.event() instanceof WorkflowUpdated && EventOrder.notAfter(completedChange, e) && EventOrder.notAfter(e, release)) {
                return e;
            }
        }
        return null;
    }

    private static String persistedHow(LogEvent e) {
        ControllerEvent ev = e.event();
        if (ev instanceof PodCleanupQueued q) {
            return q.action() + " was queued at " + e.time().format() + ", which the controller does only after persisting a fulfilled node";
        }
        if (ev instanceof PodCleanupStarted s) {
            return s.action() + " ran at " + e.time().format() + ", which the controller queues only after persisting a fulfilled node";
        }
        return "the node changed to a completed phase and the Workflow update at " + e.time().format() + " persisted it";
    }

    /**
     * The node's last recorded state ({@link NodeOutcome#of}); from the logs, a phase change to Error
     * carries no message of its own, so the error the controller marked the node with stands in.
     */
    private static NodeOutcome outcome(WorkflowHistory workflow, NodeLink link, List<LogEvent> nodeLines) {
        if (workflow == null || link == null) {
            return null;
        }
        NodeOutcome o = NodeOutcome.of(new WorkflowHistory(workflow.ref(), nodeLines, workflow.snapshots()), link).orElse(null);
        if (o == null || o.fromExport() || (o.message() != null && !o.message().isEmpty())) {
            return o;
        }
        String error = null;
        for (LogEvent e : nodeLines) {
            if (e.event() instanceof NodeMarkedError m) {
                error = m.error();
            }
        }
        return error == null ? o : new NodeOutcome(o.phase(), error, false, o.source(), o.time());
    }

    /** A node export fulfilled with a result of its own (not the error of a vanished Pod). */
    static boolean persistedResult(NodeStatus n) {
        return n.fulfilled() && !n.podDeletedError();
    }
}
