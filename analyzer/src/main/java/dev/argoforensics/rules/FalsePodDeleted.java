package dev.argoforensics.rules;

import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NamesakeCleanup;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodIndex;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.UidBoundDeletes;
import dev.argoforensics.correlate.WorkflowAudit;
import dev.argoforensics.correlate.WorkflowFate;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * AF008: the controller declared a Pod missing and marked its node Error {@code pod deleted}, yet
 * nothing deleted the Pod: it left the controller's informer because the controller itself labelled
 * it completed (a cleanup item of an earlier Workflow of the same name, upstream #8022, or a
 * reconcile of an outdated copy of the Workflow, #16294), or a release with the regression marked a
 * {@code Pending} node (#5811). Where a deletion is evidenced it clears the Pod (AF007, AF001). See
 * docs/rules/AF008.md.
 */
public final class FalsePodDeleted extends NodeRule {
    public static final String ID = "AF008";

    /** How far the controller's clock and the API server's may disagree (as the lifecycle model allows). */
    static final long CROSS_CLOCK_NANOS = 10_000_000_000L;

    /**
     * How soon after the Pod's departure from the informer ({@code delete pod event}, which queues its Workflow) a free Workflow
     * worker takes the Workflow up: milliseconds; a second allows for a loaded controller. Later, the workers were busy, and the
     * Workflow may have been deleted in between (session 34).
     */
    static final long AT_ONCE_NANOS = 1_000_000_000L;

    public FalsePodDeleted() {
        super(ID, "Pod declared deleted that nobody deleted", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        // The declaration is in the log; an export of the Pod or the audit log only confirms, and a finding names which would.
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of());
    }

    /** Why the controller's informer lost the Pod, as the lines tell. */
    enum Cause {
        /** A cleanup item queued for an earlier Pod of the same name labelled this one completed. */
        NAMESAKE,
        /** The controller labelled the Pod after its node completed; a later reconcile found it missing. */
        STALE_COPY,
        /** The controller labelled the Pod completed before its node was recorded completed; the lines do not say why. */
        LABELLED,
        /** The node was Pending when found missing, and was marked deleted all the same. */
        PENDING,
        /** The log shows the Pod's informer events but no departure from the informer. */
        NEVER_LEFT
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        PodLifecycle life = scope.correlation().lifecycle(pod.key());
        NodeLink link = pod.link();
        LogEvent created = pod.latestCreated();
        // Not the node's lines from a later Pod's run of it on (another Pod name, the lifecycle's laterRun): that Pod's missing line
        // and marking were read as this one's (session 42 breaker: AF008 likely on a Pod of the earlier object, labelled completed,
        // for the later Pod's real deletion).
        // Session 59: not another cluster's node of the name either (its runs apart from the creating run, NodeEvents#ofPod).
        List<LogEvent> own = scope.nodes().ofPod(link, created).stream().filter(e -> (created == null || EventOrder.after(e, created)) && life.ofOwnRun(e)).toList();
        List<LogEvent> missing = own.stream().filter(e -> e.event() instanceof WorkflowPodMissing).toList();
        if (missing.isEmpty()) {
            return; // the controller never said it: nothing of this rule's
        }
        // The node's lines come in input order: file by file, so two replicas' lines are not in time order. The marking is the
        // earliest one after the earliest missing line, whatever file holds either (two runs' lines at one instant by themselves).
        LogEvent firstMissing = EventOrder.earliest(missing);
        LogEvent marked = EventOrder.earliest(own.stream().filter(e -> EventOrder.after(e, firstMissing) && marksDeleted(e.event())).toList());
        // The marking is the declaration; an outcome recorded later that is not "pod deleted" (a retried node) takes it back. Not
        // one recorded before it, where the persist guard refused the marking's pass (a stale copy's pass after a restart,
        // judgment phase-regression): the node's stored outcome stayed what it was, the marking was made and never stored.
        // Only while no later marking of the node went unrefused (stored, or its outcome not logged): then the refusal no longer
        // says what the stored node holds (the Workflow reset meanwhile, argo retry, and the marking stored after all; recheck3).
        LogEvent refusal = marked == null ? null : scope.correlation().workflow(link.workflow())
                .filter(h -> own.stream().noneMatch(e -> EventOrder.after(e, marked) && marksDeleted(e.event()) && PhaseHistory.refusalOf(h, e) == null))
                .map(h -> PhaseHistory.refusalOf(h, marked)).orElse(null);
        boolean keptBefore = refusal != null && life.outcome() != null && life.outcome().time() != null
                && !life.outcome().time().instant().isAfter(marked.time().instant());
        if (marked == null || (life.outcome() != null && !life.lostToDeletion() && !keptBefore)) {
            clearWaiting(pod, scope, missing);
            return;
        }
        LogEvent declared = lastBefore(missing, marked);
        // Audit files that contradict each other about the Workflow's name (two objects holding it at once: one file is another
        // cluster's, and nothing tells which): a deletion only such a file records may be the other cluster's object's.
        WorkflowAudit.Contest contest = life.workflow() == null ? null : life.workflow().audit().contest();
        Known[] setAside = {null};
        if (clearedAsRealDeletion(pod, scope, life, created, declared, contest, setAside)) {
            return;
        }
        WorkflowPodMissing said = (WorkflowPodMissing) declared.event();
        LogEvent labelled = life.labelled() != null && EventOrder.before(life.labelled(), declared) ? life.labelled() : null;
        NamesakeCleanup namesake = life.namesakeCleanup() != null && !life.namesakeCleanup().deletes()
                && EventOrder.before(life.namesakeCleanup().ran(), declared) ? life.namesakeCleanup() : null;
        LogEvent completion = labelled == null ? null : completedBefore(own, labelled);
        InformerExit exit = life.informerExit();
        boolean informerLines = pod.events().stream().anyMatch(e -> e.event() instanceof PodInformerEvent
                && (created == null || EventOrder.after(e, created)) && EventOrder.before(e, declared));
        Cause cause;
        if (namesake != null) {
            cause = Cause.NAMESAKE;
        } else if (labelled != null && completion != null) {
            cause = Cause.STALE_COPY;
        } else if (labelled != null) {
            cause = Cause.LABELLED;
        } else if ("Pending".equals(said.nodePhase())) {
            cause = Cause.PENDING;
        } else if (informerLines && (exit == null || !EventOrder.before(exit.event(), declared))) {
            cause = Cause.NEVER_LEFT;
        } else {
            return; // no telltale: a `pod deleted` with nothing to say it was false (a deletion the inputs do not show)
        }
        FalsePodDeletedReport.Case c = new FalsePodDeletedReport.Case(pod, life, cause, created, declared, marked, labelled, namesake, completion,
                exit != null && exit.kind() == InformerExit.Kind.LABELLED && EventOrder.before(exit.event(), declared) ? exit.event() : null,
                informerLines, aliveAfter(pod, created, declared), auditClean(scope, pod, created, declared), laterDeletion(life, declared),
                sameMillisecond(scope, link, marked), listedAfter(pod, created, declared), life.workflowNotDeleted().orElse(null),
                goneUnstored(scope, life, created, marked), refusal, contest, setAside[0]);
        // The look-alikes' evidence comes after the declaration (the Workflow's update refused as not found, its Pods released on
        // the orphan path, the node's later outcome): where the Workflow's lines stop in a rotated piece whose later piece is not
        // given, before the Workflow is seen to end, what they would have said is unknown.
        scope.findings().add(TailCaps.capped(new FalsePodDeletedReport(scope.correlation(), this).finding(c), scope.correlation(), marked.time(),
                Message.of("caveat.tailCutCould.AF008")));
    }

    /**
     * The look-alikes where something did remove the Pod (or its Workflow): the controller's `pod deleted` was true. A deletion only
     * an audit file of {@code contest} records is not taken for this Pod's or its Workflow's: it is put in {@code setAside} and
     * the finding says so (session 38).
     */
    private static boolean clearedAsRealDeletion(PodHistory pod, Scope scope, PodLifecycle life, LogEvent created, LogEvent declared,
                                                 WorkflowAudit.Contest contest, Known[] setAside) {
        WorkflowFate fate = life.workflow();
        Known wfDeleted = fate == null ? null : fate.deletedFor(pod.auditRecords(), created == null ? null : created.time(), WorkflowFate.ownerUid(pod));
        boolean wfInWindow = wfDeleted != null && (created == null || !clearlyAfter(created.time(), wfDeleted.at()))
                && !clearlyAfter(wfDeleted.at(), declared.time());
        if (wfInWindow && contested(contest, wfDeleted)) {
            setAside[0] = wfDeleted;
        } else if (wfInWindow) {
            scope.clear(pod, Message.of("AF008.cleared.workflowDeleted", "workflow", fate.ref().toString(), "how", wfDeleted.how(),
                    "at", wfDeleted.at().format()), wfDeleted.evidence());
            return true;
        }
        NamesakeCleanup namesake = life.namesakeCleanup();
        if (namesake != null && namesake.deletes() && EventOrder.before(namesake.ran(), declared)) {
            scope.clear(pod, Message.of("AF008.cleared.namesakeDeleted", "at", namesake.ran().time().format()), namesake.ran().source());
            return true;
        }
        DeletionRequest d = life.deletion();
        // Before v3.6.5 the missing line itself may be all that bounds the deletion: the claim AF008 weighs, not a witness of it.
        if (d != null && !d.boundByMissingLine() && laterDeletion(life, declared) == null && contested(contest, d.notAfter())) {
            setAside[0] = setAside[0] == null ? d.notAfter() : setAside[0];
        } else if (d != null && !d.boundByMissingLine() && laterDeletion(life, declared) == null) {
            scope.clear(pod, Message.of("AF008.cleared.deleted", "how", d.describe()), d.notAfter().evidence());
            return true;
        }
        return false;
    }

    /** {@code k} rests on a record of one of the contested audit files ({@link WorkflowAudit#contest}). */
    private static boolean contested(WorkflowAudit.Contest contest, Known k) {
        return contest != null && k != null && !k.fromLogs() && contest.involves(k.evidence().file());
    }

    /**
     * Its Workflow gone before the marking could be stored: the controller's update of it refused as not found
     * ({@link WorkflowFate#gone}, no accepted update after it), and no update accepted between the marking and that refusal, the
     * Pod created before it. A Workflow deleted (in the background, or let go by the garbage collector after a foreground
     * deletion) while a worker held its copy: the node was never recorded {@code pod deleted}, the Workflow was thrown away,
     * and its Pods go with it. Null if not shown.
     */
    static Known goneUnstored(Scope scope, PodLifecycle life, LogEvent created, LogEvent marked) {
        WorkflowFate fate = life.workflow();
        Known gone = fate == null ? null : fate.gone();
        WorkflowHistory h = gone == null ? null : scope.correlation().workflow(fate.ref()).orElse(null);
        if (h == null || created != null && clearlyAfter(created.time(), gone.at())) {
            return null;
        }
        LogEvent refused = h.events().stream().filter(e -> e.source().equals(gone.evidence())).findFirst().orElse(null);
        if (refused == null) {
            return null;
        }
        boolean stored = h.events().stream().anyMatch(e -> e.event() instanceof WorkflowUpdated && EventOrder.after(e, marked)
                && EventOrder.before(e, refused));
        return stored ? null : gone;
    }

    /** {@code Workflow pod is missing} only while the node was Pending or recently started, and no error: the controller waits, nothing is lost. */
    private static void clearWaiting(PodHistory pod, Scope scope, List<LogEvent> missing) {
        boolean waiting = missing.stream().map(e -> (WorkflowPodMissing) e.event())
                .allMatch(m -> "Pending".equals(m.nodePhase()) || Boolean.TRUE.equals(m.recentlyStarted()));
        if (waiting) {
            LogEvent last = EventOrder.latest(missing);
            scope.clear(pod, Message.of("AF008.cleared.waiting", "times", Message.of(missing.size() == 1 ? "AF008.cleared.once" : "AF008.cleared.times",
                    "count", missing.size())), last.source());
        }
    }

    /** A deletion the records show only after the declaration (it cannot have caused it), or null. */
    static DeletionRequest laterDeletion(PodLifecycle life, LogEvent declared) {
        DeletionRequest d = life.deletion();
        if (d == null) {
            return null;
        }
        if (d.notBefore() != null && clearlyAfter(d.notBefore().at(), declared.time())) {
            return d;
        }
        boolean sightedLater = d.notBefore() == null && d.notAfter().fromLogs() && life.informerExit() != null
                && life.informerExit().kind() == InformerExit.Kind.REMOVED && EventOrder.after(life.informerExit().event(), declared);
        return sightedLater ? d : null;
    }

    /**
     * The missing line of the reconcile that marked the node: the last one before the marking in the marking's own stream
     * (one worker writes both, in that order), else the latest before it by time in any stream.
     */
    static LogEvent lastBefore(List<LogEvent> missing, LogEvent marked) {
        List<LogEvent> before = missing.stream().filter(m -> EventOrder.before(m, marked)).toList();
        LogEvent own = EventOrder.latest(before.stream().filter(m -> m.stream() == marked.stream()).toList());
        LogEvent any = own != null ? own : EventOrder.latest(before);
        return any != null ? any : EventOrder.earliest(missing);
    }

    private static boolean marksDeleted(ControllerEvent ev) {
        return (ev instanceof NodeMarkedError m && NodeLines.podDeleted(m.error())) || (ev instanceof NodeMessageChanged c && NodeLines.podDeleted(c.message()));
    }

    /** The node's first line recording it completed before the labelling, or null. */
    private static LogEvent completedBefore(List<LogEvent> own, LogEvent labelled) {
        for (LogEvent e : own) {
            ControllerEvent ev = e.event();
            boolean completed = (ev instanceof NodeChanged c && NodeLines.COMPLETED.contains(c.newPhase()))
                    || (ev instanceof NodePhaseChanged p && NodeLines.COMPLETED.contains(p.toPhase()));
            if (completed && EventOrder.before(e, labelled)) {
                return e;
            }
        }
        return null;
    }

    /**
     * An export of this Pod taken clearly after the declaration, showing it not deleted, or null. Of this Pod: created no earlier
     * than its {@code Created pod} line, and no later than the declaration (session 36 breaker, as {@link #listedAfter} asks of a
     * listed row): a Pod of the name created after the controller declared this one deleted is a later Pod ({@code argo retry} of
     * the failed node, the Workflow submitted again) whose line the log lacks, and its being alive says nothing of this one. Both
     * within what two clocks may disagree (10 s); a controller whose clock runs further behind the API server's loses the export's
     * confirmation (the finding stays as its lines make it), not the reverse.
     */
    private static PodSnapshot aliveAfter(PodHistory pod, LogEvent created, LogEvent declared) {
        PodSnapshot alive = null;
        for (PodSnapshot s : pod.snapshots()) {
            boolean ours = s.creationTimestamp() == null
                    || ((created == null || !s.creationTimestamp().windowEnd().plusNanos(CROSS_CLOCK_NANOS).isBefore(created.time().instant()))
                    && !s.creationTimestamp().instant().minusNanos(CROSS_CLOCK_NANOS).isAfter(declared.time().windowEnd()));
            if (ours && s.observed() != null && s.observed().after(declared.time().windowEnd().plusNanos(CROSS_CLOCK_NANOS)).known()) {
                if (s.deletionTimestamp() != null) {
                    return null; // deleted by the time of a later export: that export cannot show it alive
                }
                if (s.deletionShown()) {
                    alive = alive == null ? s : alive; // not one trimmed where a deletionTimestamp would stand: it shows nothing either way
                }
            }
        }
        return alive;
    }

    /**
     * A pasted kubectl get pods row printed clearly after the declaration that lists the Pod, not
     * Terminating, whose AGE puts its creation before the declaration (and not before this Pod's
     * Created line): the Pod the controller declared deleted was still there. Only a row whose STATUS
     * shows whether a deletion was requested ({@code PodTable.Row#deletionShown}): kubectl 1.31 and later
     * list a completed Pod being deleted {@code Completed} or {@code Error}, not Terminating. Null if none.
     */
    private static PodListing listedAfter(PodHistory pod, LogEvent created, LogEvent declared) {
        for (PodListing l : pod.listings()) {
            PodTable.Row r = l.row();
            if (r == null || !r.deletionShown() || r.terminating() || l.table().observed() == null || r.createdLatest() == null
                    || !l.table().observed().after(declared.time().windowEnd().plusNanos(CROSS_CLOCK_NANOS)).known()) {
                continue;
            }
            // The row's Pod created before the declaration by its AGE's latest creation, to the end of its second
            // (PodTable#createdNoLaterThan). Read at the second's start, a table stated 01:15:00 with AGE 8m23s put the creation
            // at 01:06:37, more than the 10 s two clocks may disagree before a declaration at 01:06:47.543, though the Pod may
            // have been created as late as 01:06:37.999: not shown to have existed across the declaration.
            Instant latest = l.table().createdNoLaterThan(r);
            boolean before = latest.plusNanos(CROSS_CLOCK_NANOS).isBefore(declared.time().instant());
            boolean ours = created == null || !latest.plusNanos(CROSS_CLOCK_NANOS).isBefore(created.time().instant());
            if (before && ours) {
                return l;
            }
        }
        return null;
    }

    /**
     * Audit records of this Pod (its creation or a change) while the audit log spans the Pod's
     * creation to the declaration, and no delete or eviction of it in that window: the API server
     * saw no deletion. Null if the audit log does not cover the window.
     */
    private static AuditRecord auditClean(Scope scope, PodHistory pod, LogEvent created, LogEvent declared) {
        if (created == null) {
            return null;
        }
        Instant from = created.time().instant().minusNanos(CROSS_CLOCK_NANOS);
        Instant to = declared.time().windowEnd().plusNanos(CROSS_CLOCK_NANOS);
        PodIndex.Span audit = scope.correlation().podIndex().auditSpan().orElse(null);
        Instant first = audit == null ? null : audit.first();
        Instant last = audit == null ? null : audit.last();
        // The audit log must start by the Pod's creation and go on past the declaration (by as much as two clocks may disagree).
        if (first == null || first.isAfter(created.time().windowEnd().plusNanos(CROSS_CLOCK_NANOS)) || last.isBefore(to)) {
            return null;
        }
        // Its silence counts only where it shows that Pod deletes are logged at all (session 41 breaker; as the Workflow's reading
        // asks a delete of a Workflow, WorkflowAudit): a policy by verb logs creates and patches and no delete.
        if (!scope.correlation().podIndex().podDeletesLogged(pod.key().namespace())) {
            return null;
        }
        AuditRecord seen = null;
        // A delete whose UID precondition the controller's lines give to an earlier Pod of the name deletes no other (session 39).
        java.util.Set<String> earlierUids = UidBoundDeletes.earlierUids(pod, created);
        for (AuditRecord a : pod.auditRecords()) {
            if (a.time() == null || a.time().instant().isBefore(from) || a.time().instant().isAfter(to) || !"pods".equals(a.resource())) {
                continue;
            }
            if (a.deletesPodCollection()) {
                if (a.effective()) {
                    return null; // the namespace's Pods deleted by collection (or requested so): it may have been this one (session 50)
                }
                continue;
            }
            if (UidBoundDeletes.deletesAnother(a, earlierUids)) {
                continue;
            }
            boolean removes = ("delete".equals(a.verb()) && a.subresource().isEmpty()) || "eviction".equals(a.subresource());
            if (removes && !createdAfterInSameFile(pod, a, created)) {
                return null;
            }
            if (removes) {
                continue; // an earlier Pod of the name: a create of the name was granted after it, on the same API server's clock
            }
            seen = seen == null ? a : seen;
        }
        return seen;
    }

    /**
     * The same audit file records, after {@code removal}, a granted create of the Pod's name no later than (clearly) the controller's
     * {@code Created pod}: the removal was an earlier Pod's of the name (#8022's resubmission, its Pods garbage-collected seconds
     * before this run's were created). A create granted means no Pod of the name existed then; one file is one clock.
     */
    private static boolean createdAfterInSameFile(PodHistory pod, AuditRecord removal, LogEvent created) {
        for (AuditRecord c : pod.auditRecords()) {
            // Granted as its response shows: a create only received may have been refused (409 while the name was held), and dates
            // no recreation (session 50).
            if ("pods".equals(c.resource()) && "create".equals(c.verb()) && c.subresource().isEmpty() && c.granted() && c.time() != null
                    && c.source().file().equals(removal.source().file()) && c.time().instant().isAfter(removal.time().instant())
                    && !clearlyAfter(c.time(), created.time())) {
                return true;
            }
        }
        return false;
    }

    /** How many of the Workflow's nodes were marked deleted in the same millisecond as this one (this one included). */
    private static int sameMillisecond(Scope scope, NodeLink link, LogEvent marked) {
        long ms = marked.time().instant().toEpochMilli();
        return (int) scope.correlation().workflow(link.workflow()).map(w -> scope.correlation().nodes()
                .ofKind(link.workflow(), NodeMarkedError.class, NodeMessageChanged.class).stream()
                .filter(e -> marksDeleted(e.event()) && e.time().instant().toEpochMilli() == ms && e.stream() == marked.stream())
                .map(e -> e.event().nodeId().orElseGet(() -> NodeNaming.nodeId(link.workflow().name(), e.event().nodeName().orElse(""))))
                .distinct().count()).orElse(1L).longValue();
    }

    private static boolean clearlyAfter(Timestamp a, Timestamp b) {
        return a.instant().isAfter(b.windowEnd().plusNanos(CROSS_CLOCK_NANOS));
    }
}
