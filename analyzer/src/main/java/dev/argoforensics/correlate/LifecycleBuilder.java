package dev.argoforensics.correlate;

import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodCreated;
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
import dev.argoforensics.time.TimeFormat;
import dev.argoforensics.time.TimePrecision;
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
    /**
     * How far two clocks may disagree: a container's {@code finishedAt} and a Killing Event are the
     * node's, {@code deletionTimestamp} and audit times the API server's, log times the controller's.
     * An order across clocks closer than this is not taken as shown.
     */
    static final long CROSS_CLOCK_NANOS = 10_000_000_000L;
    /** A last condition transition this soon after the Pod's creation may be its start-up (Ready) rather than its end. */
    static final long START_UP_NANOS = 60_000_000_000L;
    /** A last condition transition this soon before the deletion was seen was made by the deletion's author (DisruptionTarget). */
    static final long AT_DELETION_NANOS = 10_000_000_000L;

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
            boolean granted = a.effective();
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

    PodLifecycle build(PodHistory all, WorkflowHistory workflow, WorkflowFate fate) {
        PodHistory pod = latestInstance(all);
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
        NodeOutcome outcome = outcome(workflow, link, nodeLines, all.identity());
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

    /**
     * The Pod's lines from its latest {@code Created pod} on. Pods are named after their Workflow
     * and node, so a Workflow run again under the same name makes a Pod of the same name; without an
     * export to tell them apart by UID, the lines of an earlier one (its labelling, its cleanup) must
     * not speak for the later one (argoproj/argo-workflows#8022).
     */
    private static PodHistory latestInstance(PodHistory pod) {
        LogEvent created = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCreated && (created == null || e.time().instant().isAfter(created.time().instant()))) {
                created = e;
            }
        }
        if (created == null) {
            return pod;
        }
        LogEvent from = created;
        List<LogEvent> events = pod.events().stream().filter(e -> !EventOrder.before(e, from)).toList();
        // An export of a Pod created (or taken) clearly before that line is of an earlier Pod of the same name.
        java.time.Instant start = from.time().instant().minusNanos(CROSS_CLOCK_NANOS);
        List<PodSnapshot> snapshots = pod.snapshots().stream().filter(s -> (s.creationTimestamp() == null
                || !s.creationTimestamp().windowEnd().isBefore(start)) && (s.observed() == null || !s.observed().time().windowEnd().isBefore(start)))
                .toList();
        if (events.size() == pod.events().size() && snapshots.size() == pod.snapshots().size()) {
            return pod;
        }
        List<FinalizerRemoval> removals = pod.removals().stream().filter(r -> !EventOrder.before(r.decisive(), from)).toList();
        return new PodHistory(pod.key(), pod.identity(), events, snapshots, pod.link(), removals, pod.taskResults(), pod.clusterEvents(),
                pod.auditRecords());
    }

    /**
     * The bounds on the first deletion request. The objects (audit records, exports) are read first:
     * their clock is the API server's. The controller's first sight of the deletion is an upper bound
     * too, unless it falls before what the objects show (its clock is then off, as logrus lines
     * written in local time with a literal Z are), and then the controller's times are not compared
     * with the objects' at all.
     */
    private static DeletionRequest deletion(PodHistory pod, ContainersEnd containers, InformerExit exit) {
        // An audit record of the first granted delete (or eviction) brackets the request: received, then completed.
        Known received = null;
        Known completed = null;
        String by = null;
        for (AuditRecord a : pod.auditRecords()) {
            boolean granted = a.effective();
            Timestamp at = a.time();
            if (!"pods".equals(a.resource()) || !a.name().equals(pod.key().name()) || !granted || at == null) {
                continue;
            }
            boolean delete = "delete".equals(a.verb()) && a.subresource().isEmpty();
            boolean evict = "create".equals(a.verb()) && "eviction".equals(a.subresource());
            if ((delete || evict) && (completed == null || at.instant().isBefore(completed.at().instant()))) {
                String what = (evict ? "eviction by " : "delete by ") + (a.user().isEmpty() ? "an unnamed user" : a.user());
                completed = new Known(at, what + " (audit record)", a.source(), false);
                received = a.requestReceived() == null ? completed : new Known(a.requestReceived(), what + " received (audit record)", a.source(), false);
                by = a.user().isEmpty() ? null : a.user();
            }
        }
        Known exact = completed;
        Known upper = completed;
        Known lower = received;
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
        Known inferred = null;
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
                // The kubelet's own grace-0 delete, which moves deletionTimestamp from Kubernetes 1.33 on, comes when it has stopped
                // the containers of a Pod being deleted: within moments of their end, and after a kill that ends main by a signal. A
                // Pod whose containers all completed with exit 0 long before a grace-0 deletionTimestamp was requested then.
                if (g != null && g == 0) {
                    grace = 0L;
                    if (containers != null && containers.allZero() && "Completed".equals(containers.mainReason())
                            && containers.at().windowEnd().plusNanos(KUBELET_FINAL_DELETE_NANOS).isBefore(ts.instant())) {
                        inferred = new Known(ts, "deletionTimestamp with grace period 0s, " + GoDuration.format(containers.at().nanosUntil(ts))
                                + " after the containers completed with exit 0: too late to be the kubelet's own final delete", firstDeleted.source(), false);
                        lower = max(lower, inferred);
                    }
                }
            }
        }
        if (lastUndeleted != null && (lower == null || lastUndeleted.at().isAfter(lower.at()))) {
            lower = lastUndeleted;
        }
        LogEvent[] sighting = firstDeletingHandler(pod);
        LogEvent firstSeen = sighting == null ? null : sighting[0];
        boolean logsAgree = true;
        List<Known> fromLogs = new ArrayList<>();
        if (firstSeen != null) {
            fromLogs.add(new Known(firstSeen.time(), "the controller handled the deletion", firstSeen.source(), true));
        }
        if (exit != null && exit.kind() == InformerExit.Kind.REMOVED) {
            fromLogs.add(new Known(exit.event().time(), "the Pod left the controller's informer", exit.event().source(), true));
        }
        for (Known k : fromLogs) {
            if (lower != null && k.at().instant().plusNanos(CROSS_CLOCK_NANOS).isBefore(lower.at().instant())) {
                logsAgree = false; // the controller cannot have seen the deletion before it was requested: its clock is off
            }
        }
        if (logsAgree) {
            for (Known k : fromLogs) {
                if (lower == null || !k.at().isBefore(lower.at())) {
                    upper = min(upper, k); // a bound no earlier than what the objects show; an earlier one is the clocks' difference
                }
            }
        }
        if (upper == null) {
            return null;
        }
        if (lower != null && lower.at().isAfter(upper.at())) {
            lower = null; // the objects disagree among themselves: keep the upper bound only
        }
        return new DeletionRequest(lower, upper, exact != null || exactFromExport, grace, firstSeen, by, logsAgree, lower != null && lower == inferred);
    }

    /** The earlier bound; of two the sources cannot order, the first (the more exact, by the order of the calls). */
    private static Known min(Known a, Known b) {
        return a == null || b.at().isBefore(a.at()) ? b : a;
    }

    /** The later bound; of two the sources cannot order, the first. */
    private static Known max(Known a, Known b) {
        return a == null || b.at().isAfter(a.at()) ? b : a;
    }

    /** Certainly before, by more than two clocks can disagree. */
    private static boolean clearlyBefore(Timestamp a, Timestamp b) {
        return a.windowEnd().plusNanos(CROSS_CLOCK_NANOS).isBefore(b.instant());
    }

    /**
     * The order of the containers' end and the deletion request: what the objects state first, then
     * what they imply, then the controller's lines.
     */
    private static Execution execution(PodHistory pod, ContainersEnd end, DeletionRequest deletion, InformerExit exit) {
        if (deletion == null) {
            return Execution.notDeleted();
        }
        Execution running = null;
        Execution finished = null;
        String othersRan = null;
        for (PodSnapshot s : pod.snapshots()) {
            ContainerState main = PodLifecycle.main(s);
            if (s.deletionTimestamp() != null && main != null && !main.terminated()) {
                running = new Execution(State.RUNNING, "an export of the deleted Pod shows " + main.name() + " " + main.state(), s.source(), false);
                break;
            }
            Long g = s.deletionGracePeriodSeconds();
            if (s.deletionTimestamp() != null && g != null && g > 1) {
                Timestamp requested = new Timestamp(s.deletionTimestamp().instant().minusSeconds(g), s.deletionTimestamp().precision(),
                        s.deletionTimestamp().zone());
                if (main != null && main.finishedAt() != null && clearlyBefore(main.finishedAt(), requested)) {
                    othersRan = main.name() + " had ended at " + main.finishedAt().format() + ", but the API server gave the deletion a grace "
                            + "period of " + g + "s, which it gives only to a Pod that has not finished: another container still ran";
                } else {
                    running = new Execution(State.RUNNING, "the API server gave the deletion a grace period of " + g + "s, which it gives only "
                            + "to a Pod that has not finished, and " + (main == null ? "no container" : main.name()) + " had not ended before it",
                            s.source(), false);
                    break;
                }
            }
            if (s.deletionTimestamp() == null && s.containersFinishedAt().isPresent() && s.observed() != null) {
                finished = new Execution(State.FINISHED_BEFORE, "an export taken before the deletion (" + s.observed().time().format()
                        + ") already shows every container terminated (" + s.exitCodeSummary() + ")", s.source(), false);
            }
        }
        if (running == null) {
            for (ClusterEvent e : pod.clusterEvents()) {
                String path = e.regarding().fieldPath();
                if ("Killing".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && path.startsWith("spec.containers{")
                        && !path.equals("spec.containers{wait}") && (end == null || !clearlyBefore(end.at(), e.first()))
                        && (deletion.notBefore() == null || deletion.inferredLower() || !clearlyBefore(e.first(), deletion.notBefore().at()))) {
                    running = new Execution(State.RUNNING, "the kubelet stopped the running container " + path.substring("spec.containers{".length(),
                            path.length() - 1) + " at " + e.first().format() + " (Killing event)", e.source(), false);
                    break;
                }
            }
        }
        if (running == null && end != null && !deletion.notAfter().fromLogs() && clearlyBefore(deletion.notAfter().at(), end.at())) {
            running = new Execution(State.RUNNING, "the containers ended at " + end.at().format() + " (" + end.exitSummary()
                    + "), after the deletion was requested " + deletion.when(), deletion.notAfter().evidence(), false);
        }
        if (finished == null && end != null && deletion.notBefore() != null && clearlyBefore(end.at(), deletion.notBefore().at())) {
            finished = new Execution(State.FINISHED_BEFORE, "the containers ended at " + end.at().format() + " (" + end.exitSummary()
                    + "), before the deletion was requested " + deletion.when(), deletion.notBefore().evidence(), false);
        }
        if (running != null && finished != null) {
            return new Execution(State.UNDETERMINED, "the evidence disagrees: " + running.reason() + ", but " + finished.reason(), running.evidence(), false);
        }
        if (running != null || finished != null) {
            return running != null ? running : finished;
        }
        if (othersRan != null) {
            return new Execution(State.UNDETERMINED, othersRan, deletion.notAfter().evidence(), false);
        }
        // The containers ended after the controller saw the deletion (its clock agreeing with the objects'): they ran then.
        if (end != null && deletion.firstSeen() != null && deletion.logsAgree() && clearlyBefore(deletion.firstSeen().time(), end.at())) {
            return new Execution(State.RUNNING, "the controller handled the deletion at " + deletion.firstSeen().time().format()
                    + ", before the containers ended at " + end.at().format() + " (" + end.exitSummary() + ")", deletion.firstSeen().source(), true);
        }
        // A main container ended by a signal moments before the deletion is recorded: the kill of that deletion, most likely.
        if (end != null && end.mainSignalled() && !clearlyBefore(deletion.notAfter().at(), end.at())
                && end.at().windowEnd().plusNanos(KUBELET_FINAL_DELETE_NANOS).isAfter(deletion.notAfter().at().instant())) {
            return new Execution(State.RUNNING, "main was ended by a signal (exit " + end.mainExit() + ", " + end.mainReason() + ") at "
                    + end.at().format() + " and the deletion was requested " + deletion.when() + ", moments apart: most likely the kill of that "
                    + "deletion", end.snapshot().source(), true);
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
     * What the pod informer's lines say. A running Pod goes on changing while the kubelet stops its
     * containers: significant updates after the deletion was seen mean it had not finished. The
     * other way round is weaker, as a grace-0 deletion of a running Pod (a forced delete, the Pod
     * garbage collector after its node was lost) also makes it vanish at the release; so a finished
     * Pod is read from the lines only when all of these hold: the controller saw the deletion arrive
     * (an {@code update pod event}, not the {@code add} of a start-up listing); the Pod changed no
     * more and vanished at its finalizer's release; and its last condition transition, which the
     * logged delay dates (deadline - max(pod GC delay, 2m)), came long after its creation (not its
     * start-up) and well before the deletion (not a DisruptionTarget set by the deletion's author).
     */
    private static Execution fromLogs(PodHistory pod, InformerExit exit) {
        LogEvent[] sighting = firstDeletingHandler(pod);
        if (sighting == null) {
            return null;
        }
        LogEvent seen = sighting[0];
        LogEvent trigger = sighting[1];
        LogEvent schedule = null;
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && e.ordinal() > seen.ordinal()) {
                if (e.event() instanceof PodInformerEvent p) {
                    if (p.action() == InformerAction.UPDATE) {
                        return new Execution(State.RUNNING, "after the controller handled the deletion at " + seen.time().format()
                                + " the Pod kept changing (update pod event at " + e.time().format() + "): it had not finished", e.source(), true);
                    }
                    if (p.action() == InformerAction.DELETE) {
                        break;
                    }
                } else if (schedule == null && e.event() instanceof PodCleanupScheduled) {
                    schedule = e;
                }
            }
        }
        FinalizerRemoval first = null;
        for (FinalizerRemoval r : pod.removals()) {
            if (r.cause() == RemovalCause.POD_DELETED) {
                first = r;
                break;
            }
        }
        boolean watched = trigger != null && ((PodInformerEvent) trigger.event()).action() == InformerAction.UPDATE;
        LogEvent gone = exit != null && exit.kind() == InformerExit.Kind.REMOVED ? exit.event() : null;
        LogEvent released = first == null ? null : first.started() != null ? first.started() : first.decisive();
        Timestamp created = creation(pod);
        if (!watched || gone == null || released == null || schedule == null || created == null || EventOrder.before(gone, released)
                || released.time().nanosUntil(gone.time()) > PROMPT_NANOS) {
            return null;
        }
        PodCleanupScheduled s = (PodCleanupScheduled) schedule.event();
        long effective = Math.max(podGcDelay(s.podGC()), RemovalDeadline.MINIMUM_DELAY_NANOS);
        java.time.Instant lastTransition = schedule.time().instant().plusNanos(s.delayNanos()).minusNanos(effective);
        boolean afterStartUp = lastTransition.isAfter(created.windowEnd().plusNanos(START_UP_NANOS));
        boolean beforeDeletion = lastTransition.plusNanos(AT_DELETION_NANOS).isBefore(seen.time().instant());
        if (!afterStartUp || !beforeDeletion) {
            return null;
        }
        return new Execution(State.FINISHED_BEFORE, "the controller saw the deletion arrive (update pod event at " + trigger.time().format()
                + ") and the Pod changed no more until it vanished at its finalizer's release (" + gone.time().format() + "); its last condition "
                + "transition, which the logged delay dates to " + TimeFormat.utc(lastTransition, TimePrecision.MILLISECOND) + ", came long after "
                + "its creation and before the deletion: it had already finished", gone.source(), true);
    }

    /** When the Pod was created: its {@code Created pod} line, else an export's creationTimestamp. */
    private static Timestamp creation(PodHistory pod) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCreated) {
                return e.time();
            }
        }
        return pod.snapshots().stream().map(PodSnapshot::creationTimestamp).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** The pod GC delay a {@code queuing pod delay} line's podGC value names (any release's rendering), or -1. */
    static long podGcDelay(String podGc) {
        if (podGc == null) {
            return -1;
        }
        java.util.regex.Matcher m = GO_DURATION.matcher(podGc);
        long found = -1;
        while (m.find()) {
            try {
                found = GoDuration.parse(m.group());
            } catch (IllegalArgumentException e) {
                // not a duration after all
            }
        }
        return found;
    }

    /** A Go duration ({@code 5s}, {@code 5m0s}, {@code 1h0m0s}, {@code 500ms}) anywhere in a value. */
    private static final java.util.regex.Pattern GO_DURATION = java.util.regex.Pattern.compile(
            "[0-9][0-9.]*(?:ns|µs|us|ms|h|m|s)(?:[0-9][0-9.]*(?:ns|µs|us|ms|h|m|s))*");

    /**
     * The pod event handler's first sight of the Pod's deletion: its first {@code Removing finalizers
     * during a delete} (whether or not a removal was assembled from it: a delayed removal item queued
     * again by each later event runs once), and the informer event it ran on, in the same stream. A
     * handler run on a {@code delete pod event} is no sight of a deletion (the Pod left the informer).
     *
     * @return {handler line, trigger (null if not logged)}, or null
     */
    private static LogEvent[] firstDeletingHandler(PodHistory pod) {
        Map<Integer, LogEvent> lastInformer = new HashMap<>();
        LogEvent[] first = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent) {
                lastInformer.put(e.stream(), e);
            } else if (e.event() instanceof FinalizersOnDelete) {
                LogEvent trigger = lastInformer.get(e.stream());
                boolean deleting = trigger == null || ((PodInformerEvent) trigger.event()).action() != InformerAction.DELETE;
                // Files come in input order, not time order: the earliest sighting of any controller run.
                if (deleting && (first == null || e.time().instant().isBefore(first[0].time().instant()))) {
                    first = new LogEvent[] {e, trigger};
                }
            }
        }
        return first;
    }

    /**
     * The first line showing the node persisted fulfilled before the release: a cleanup the controller
     * queues only after persisting a fulfilled node ({@code labelPodCompleted}, a {@code deletePod} not
     * announced by the pod event handler), or a change of the node to a completed phase followed by a
     * {@code Workflow update successful}.
     */
    private LogEvent persistedBefore(PodHistory pod, WorkflowHistory workflow, List<LogEvent> nodeLines, NodeLink link, LogEvent release) {
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
        return nodes.updateBetween(workflow.ref(), completedChange, release);
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
    private static NodeOutcome outcome(WorkflowHistory workflow, NodeLink link, List<LogEvent> nodeLines, PodIdentity identity) {
        if (workflow == null || link == null) {
            return null;
        }
        // A Pod recreated under the same name (a Workflow run again): its node's later fate is the later Pod's.
        Timestamp until = identity == null ? null : identity.until();
        List<LogEvent> lines = until == null ? nodeLines : nodeLines.stream().filter(e -> e.time().isBefore(until)).toList();
        List<WorkflowSnapshot> exports = until == null ? workflow.snapshots() : workflow.snapshots().stream()
                .filter(w -> w.observed() != null && w.observed().time().isBefore(until)).toList();
        NodeOutcome o = NodeOutcome.of(new WorkflowHistory(workflow.ref(), lines, exports), link).orElse(null);
        if (o == null || o.fromExport() || (o.message() != null && !o.message().isEmpty())) {
            return o;
        }
        String error = null;
        for (LogEvent e : lines) {
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
