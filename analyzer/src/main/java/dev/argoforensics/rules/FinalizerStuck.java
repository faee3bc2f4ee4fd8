package dev.argoforensics.rules;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.HandOvers;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.PodWrites;
import dev.argoforensics.correlate.RemovalDeadline;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * AF004: a deleted Pod kept the status-capture finalizer {@code workflows.argoproj.io/status} for
 * longer than the threshold after the controller should have released it: exports of the Pod show
 * it still there, or the logs show its removal failing, never taken up, or done without the Pod
 * going away. Upstream #12952. See docs/rules/AF004.md.
 */
public final class FinalizerStuck extends DeclaredRule {
    public static final String ID = "AF004";

    private final long threshold;

    public FinalizerStuck(RuleSettings settings) {
        super(ID, "Status-capture finalizer stuck on a deleted Pod", Severity.MEDIUM);
        this.threshold = settings.finalizerStuckNanos();
    }

    @Override
    public boolean aboutStatusFinalizer() {
        return true;
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.POD_CONTROLLER_LINES)), Set.of());
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> out = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        Starts starts = new Starts(correlation);
        for (PodHistory pod : correlation.pods().values()) {
            PodLifecycle life = correlation.lifecycle(pod.key());
            Held held = held(life);
            Attempt attempt = attempt(correlation, pod);
            // Session 55 (#15164's shape): neither the export's own time nor a release the logs show says anything, but the logs show
            // the Pod staying in the informer long past the due release, on a release whose handler never releases a deleted Pod.
            LogsHold logsHold = held == null && attempt == null ? heldByLogs(correlation, pod, life) : null;
            if (logsHold != null) {
                out.add(FinalizerStuckFinding.ofLogsHold(this, correlation, pod, logsHold));
                continue;
            }
            // The Pod removed after the export was taken: a stated time (a user's clock) counts as early as it may be off.
            LogEvent releasedLater = held == null ? null : releasedAfter(life, held.snapshot().observed().takenNoEarlierThan().at());
            // Session 49: the exit dates this Pod's release only where the deadline the controller computed before it is this Pod's;
            // else it is another Pod of the name's (or this one's conditions changed since the export): no clearance.
            LogEvent otherBefore = releasedLater == null ? null : otherDeadline(life.lifetimeEvents(), releasedLater, held);
            LaterExit laterExit = otherBefore == null ? null : new LaterExit(otherBefore, releasedLater);
            releasedLater = laterExit != null ? null : releasedLater;
            if (releasedLater != null) {
                cleared.add(new Clearance(pod.key(), Message.of("AF004.cleared.releasedLater", "taken", held.snapshot().observed().time().format(),
                        "held", GoDuration.format(held.nanos()), "at", releasedLater.time().format()), releasedLater.source()));
                held = null;
            }
            Restart restart = held == null ? null : releasedOnRestart(correlation, starts, pod, life, held, threshold);
            // Session 48: the release on the return is of another Pod of the name (its deadline not the held Pod's): no clearance.
            Restart namesake = restart != null && restart.otherDeadline() != null ? restart : null;
            restart = namesake != null ? null : restart;
            if (restart != null) {
                boolean afterExport = restart.nextStart().isAfter(held.snapshot().observed().takenNoLaterThan().at());
                boolean takeOver = restart.takeOver();
                cleared.add(new Clearance(pod.key(), afterExport ? Message.of(takeOver ? "AF004.cleared.heldWhileDownTakeOver" : "AF004.cleared.heldWhileDown",
                        "taken", held.snapshot().observed().time().format(),
                        "held", GoDuration.format(held.nanos()), "last", restart.lastBefore().format(), "next", restart.nextStart().format(),
                        "at", restart.worker().time().format(), "gone", restart.exit().time().format())
                        : Message.of(takeOver ? "AF004.cleared.heldUntilTakeOver" : "AF004.cleared.heldUntilReturn",
                        "taken", held.snapshot().observed().time().format(),
                        "held", GoDuration.format(held.nanos()), "last", restart.lastBefore().format(), "next", restart.nextStart().format(),
                        "at", restart.worker().time().format(), "gone", restart.exit().time().format(),
                        "within", GoDuration.format(restart.nextStart().nanosUntil(restart.worker().time()))), restart.worker().source()));
                held = null;
            }
            // Session 54 (shape of #1832 with the finalizer on): from the logs alone the release was taken and the Pod stayed, but an
            // export of the deleted Pod shows its finalizers without the status finalizer, which the deleting handler saw on it: it had
            // been released by then, and what kept the Pod is not it (another finalizer, or no kubelet confirming its containers' end,
            // as on a node that stopped reporting).
            // Only where the worker took the release and logged no failure: a removal that failed, or that no worker took, and an
            // export without the finalizer say someone else removed it (a user's patch), after it was held.
            Gone goneRead = held == null && attempt != null && attempt.started() != null && attempt.failed() == null
                    ? finalizerGone(pod, (attempt.onDelete() != null ? attempt.onDelete() : attempt.started()).time(), attempt.started().time())
                    : null;
            PodSnapshot gone = goneRead == null ? null : goneRead.clearing();
            if (gone != null) {
                List<String> others = gone.finalizers().stream().filter(f -> !PodSnapshot.STATUS_FINALIZER.equals(f)).toList();
                cleared.add(new Clearance(pod.key(), Message.of("AF004.cleared.finalizerGone", "deleted", gone.deletionTimestamp().format(),
                        "source", gone.source().toString(), "holder", others.isEmpty()
                                ? Message.of("AF004.cleared.noFinalizerLeft", "grace", gone.deletionGracePeriodSeconds() == null ? "?"
                                        : String.valueOf(gone.deletionGracePeriodSeconds()))
                                : Message.of("AF004.cleared.otherFinalizers", "finalizers", String.join(", ", others))), gone.source()));
                attempt = null;
            }
            if (held != null || attempt != null) {
                // Held while every run of the Pod's controller had stopped before the release was due, none coming back in the logs:
                // the controller could not release it (the finding says so; it does not say the controller held it).
                Silence silence = held == null ? null : silence(correlation, starts, pod, held, threshold);
                // Session 49: where only stand-bys logged then, what ran is the Lease's holder, whose log is not given (or none).
                Silence onlyStandbys = silence != null && !silence.standbys().isEmpty() ? silence : null;
                Timestamp downSince = silence != null && silence.nextStart() == null && onlyStandbys == null ? silence.lastBefore() : null;
                out.add(FinalizerStuckFinding.of(this, correlation, pod, held, attempt, downSince, held == null ? null : untimedRelease(correlation, life.lifetimeEvents(), held.snapshot()),
                        namesake, onlyStandbys, laterExit, goneRead == null ? null : goneRead.undecided()));
            } else if (life.informerExit() != null && life.informerExit().kind() == InformerExit.Kind.LABELLED
                    && life.lifetimeRemovals().stream().anyMatch(r -> r.cause() == RemovalCause.LEFT_INFORMER)) {
                FinalizerRemoval removal = life.lifetimeRemovals().stream().filter(r -> r.cause() == RemovalCause.LEFT_INFORMER).findFirst().get();
                // Session 60: the export shows the label and the finalizer together, and the Pod deleted: the label's patch kept the
                // finalizer (its process's ARGO_POD_STATUS_CAPTURE_FINALIZER not "true": a rollout that turned it off), so the Pod left
                // the informer holding it and no pod event of the controller's will release it. Not the look-alike (the label removing
                // it), whatever the export's time: a finding, possible, as the hold's length past the due release is not shown.
                PodSnapshot kept = keptThroughLabel(life);
                if (kept != null) {
                    out.add(FinalizerStuckFinding.ofLabelKept(this, correlation, pod, heldShape(life), life.informerExit()));
                    continue;
                }
                // When it was queued (the scheduling line), not when a worker took it: the cited line's time is the queuing's.
                LogEvent queuedAt = removal.scheduled() != null ? removal.scheduled() : removal.queued();
                cleared.add(new Clearance(pod.key(), Message.of(queuedAt != null ? "AF004.cleared.leftInformer" : "AF004.cleared.leftInformerTaken",
                        "at", (queuedAt != null ? queuedAt : removal.decisive()).time().format(),
                        "why", Message.of(life.labelled() != null ? "AF004.cleared.labelled" : "AF004.cleared.outOfSelector")),
                        life.informerExit().event().source()));
            }
        }
        return new Evaluation(out, cleared);
    }

    /**
     * What the exports of the deleted Pod without the status-capture finalizer say (session 54, made sound in session 55).
     *
     * @param clearing  the latest export that clears the release: of the Pod whose release the logs show, and no other hand shown on
     *                  the Pod after the worker took the release; null if none
     * @param undecided why an export without the finalizer clears nothing (not tied to the Pod, another's write after the worker);
     *                  null if there is none or one clears
     */
    record Gone(PodSnapshot clearing, Message undecided) {
    }

    /**
     * The exports of the Pod that show it deleted ({@code deletionTimestamp}) and show its finalizers without the status-capture
     * finalizer: the finalizer had been released by then, where the export is of the Pod the handler saw deleted at {@code seen}
     * ({@link #untied}) and no one else wrote the Pod after the worker took the release at {@code took} ({@link PodWrites}). An export
     * that does not show the finalizers ({@code kubectl describe pod}, a cut where the list stood or the paste ended) says nothing of
     * it. Null if no export shows the finalizers gone.
     */
    private static Gone finalizerGone(PodHistory pod, Timestamp seen, Timestamp took) {
        PodSnapshot clearing = null;
        Message undecided = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() == null || !s.finalizersKnown() || s.hasStatusFinalizer()) {
                continue;
            }
            Message untied = untied(s, seen, pod);
            if (untied != null) {
                undecided = untied;
                continue;
            }
            // Session 55 (s54 breaker): someone else's write of the Pod after the worker took the release (a user's kubectl patch, its
            // finalizer removed by hand once the worker's removal failed below Info) may be what removed it: not the worker's release.
            ObservedAt.Bound latest = s.observed().latest();
            dev.argoforensics.snapshot.AuditRecord other = PodWrites.finalizerByAnother(pod, took, latest == null ? null : latest.at());
            if (other != null) {
                undecided = Message.of("AF004.gone.otherHand", "source", s.source().toString(), "user", other.user(), "verb", other.verb(),
                        "at", other.requestTime().format(), "audit", other.source().toString(), "took", took.format());
                continue;
            }
            clearing = s;
        }
        return clearing != null ? new Gone(clearing, null) : undecided != null ? new Gone(null, undecided) : null;
    }

    /**
     * Why an export is not shown to be of the Pod the deleting handler saw at {@code seen} (on the controller's clock), or null if it
     * is. One Pod of a name exists at a time in a namespace (a create of a name that exists fails), so an export is of the Pod the
     * handler saw where it shows its Pod there then: its deletion requested at the handler's line (a grace above 1: the request's
     * time), or made no later than the line and still there no earlier than it (taken then or later, by its own times or a stated
     * time less a user's clock). Not where it was made, or its deletion requested, after the line (a later Pod of the name, made once
     * the first had gone: session 54 breaker), made before the controller's own {@code Created pod} line for this lifetime (an earlier
     * Pod of the name: the create succeeded once it had gone), or shown only before the line (an earlier Pod deleted and gone before
     * the line, or this one seen before a later deletion: nothing tells; session 55, the s54 breaker's earlier namesake). The
     * export's whole seconds on the API server's clock, {@link PodWrites#CLOCKS_NANOS} allowed.
     */
    private static Message untied(PodSnapshot s, Timestamp seen, PodHistory pod) {
        Timestamp created = s.creationTimestamp();
        String requested = "?";
        Long g = s.deletionGracePeriodSeconds();
        java.time.Instant request = g != null && g > 1 ? s.deletionTimestamp().instant().minusSeconds(g) : null;
        if (request != null) {
            requested = Timestamp.of(request.getEpochSecond(), 0, s.deletionTimestamp().precision(), s.deletionTimestamp().zone()).format();
        }
        Timestamp until = s.observed().takenNoEarlierThan().at();
        Message why = Message.of("AF004.gone.untied", "source", s.source().toString(), "seen", seen == null ? "?" : seen.format(),
                "created", created == null ? "?" : created.format(), "requested", requested, "until", until.format());
        if (seen == null || seen.undated() || !seen.comparable(s.deletionTimestamp())) {
            return why;
        }
        long m = PodWrites.CLOCKS_NANOS;
        java.time.Instant at = seen.instant();
        if (request != null && request.isAfter(at.plusNanos(m))) {
            return why; // requested after the handler saw a deletion: a later Pod of the name
        }
        if (created != null && created.instant().isAfter(at.plusNanos(m))) {
            return why; // made after the handler saw the deletion: a later Pod of the name
        }
        LogEvent own = pod.latestCreated();
        if (created != null && own != null && own.time() != null && own.time().comparable(created) && !own.time().instant().isAfter(at.plusNanos(m))
                && created.instant().isBefore(own.time().instant().minusNanos(m))) {
            return why; // made before this lifetime's own Created pod line: an earlier Pod of the name
        }
        boolean requestedThen = request != null && !request.isBefore(at.minusNanos(m + 1_000_000_000L));
        boolean thereThen = created != null && until.comparable(seen) && !until.instant().isBefore(at.minusNanos(m));
        return requestedThen || thereThen ? null : why;
    }

    /**
     * The export of the deleted Pod holding the status-capture finalizer ({@link PodLifecycle#heldWhileDeleted}) where it also shows the
     * Pod labelled {@code workflows.argoproj.io/completed=true} (session 60), else null. The controller's label patch
     * ({@code labelPodCompleted}, {@code getPodCleanupPatch} in v3.6.0-v4.1.2) sets the label and, where its process's
     * {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} is exactly {@code "true"}, drops the finalizer in the same patch (one request: both or
     * neither), so the two shown together say the label kept it: a process with the env off (a rollout that turned it off after the Pod
     * was made with it), or a label set by hand. Either way the Pod left the pod informer, whose selector is {@code completed=false},
     * holding the finalizer; no pod event of any run reaches it again, and the deleting handler's release that followed its leaving
     * patched nothing. The Workflow informer's delete handler lists the Workflow's Pods from the API server and queues a release for
     * each, but the worker patches the Pod as the pod informer's cache holds it ({@code patchPodForCleanup}, {@code GetPod}; read at
     * v3.6.19, v3.7.18, v4.0.10, v4.1.2), which no longer holds this one: only a hand releases it then (session 60 breaker). An
     * export whose labels do not show {@code completed=true} (cut, or taken before the label) says nothing here.
     */
    private static PodSnapshot keptThroughLabel(PodLifecycle life) {
        PodSnapshot still = life.heldWhileDeleted();
        if (still == null || life.deletion() == null || !"true".equals(still.labels().get(COMPLETED_LABEL))) {
            return null;
        }
        // The export must be of the Pod the controller labelled: one made after the label (a later Pod of the name, made once this
        // one had gone) says nothing of what this label kept. Its creation on the API server's clock, the two clocks' margin allowed.
        LogEvent label = life.informerExit().cause() != null ? life.informerExit().cause() : life.informerExit().event();
        Timestamp created = still.creationTimestamp();
        if (created != null && label.time() != null && !label.time().undated() && label.time().comparable(created)
                && created.instant().isAfter(label.time().instant().plusNanos(PodWrites.CLOCKS_NANOS))) {
            return null;
        }
        return still;
    }

    static final String COMPLETED_LABEL = "workflows.argoproj.io/completed";

    /**
     * The latest export of the deleted Pod that still shows the finalizer, if that is longer than the
     * threshold after the release was due: max(deletion request, last condition transition +
     * max(pod GC delay, 2m)).
     */
    private Held held(PodLifecycle life) {
        Held shape = heldShape(life);
        if (shape == null) {
            return null;
        }
        PodSnapshot still = shape.snapshot();
        Timestamp due = shape.due();
        // Taken more than the threshold past the due release: by its own times (shown), or by a time only its file states, the
        // clock of whoever took it, which counts only past what such a clock may be off and then as likely (ObservedAt#after).
        ObservedAt.Order past = still.observed().after(due.instant().plusNanos(threshold));
        return past.known() ? new Held(still, shape.requested(), due, due.nanosUntil(still.observed().time()), past == ObservedAt.Order.STATED,
                shape.hidden()) : null;
    }

    /** The latest export of the deleted Pod still showing the finalizer, with its request and due release (nanos 0), or null. */
    private static Held heldShape(PodLifecycle life) {
        PodSnapshot still = life.heldWhileDeleted();
        if (still == null || life.deletion() == null) {
            return null;
        }
        Timestamp requested = life.deletion().notAfter().at();
        Timestamp due = requested;
        // A trimmed export whose cut may have held the pod GC annotation or a later condition (session 41 breaker) does not date the
        // release: its delay (max(pod GC delay, 2m) after the last transition) may be later than any the export shows. The due time
        // is then the earliest it can be, from what the export does show, and the hold past it says nothing of a stuck finalizer.
        String hidden = !still.podGcKnown() ? PodSnapshot.POD_GC_ANNOTATION
                : still.trimmed().hides("status", "conditions") ? "status.conditions" : null;
        Timestamp last = hidden != null ? still.conditions().stream().map(c -> c.lastTransitionTime()).filter(java.util.Objects::nonNull)
                .max(Timestamp::compareTo).orElse(null) : still.lastConditionTransition().orElse(null);
        if (last != null) {
            long delay = Math.max(still.podGcKnown() ? RemovalDeadline.podGcDelay(still.annotations().get(PodSnapshot.POD_GC_ANNOTATION)) : -1,
                    RemovalDeadline.MINIMUM_DELAY_NANOS);
            Timestamp deadline = new Timestamp(last.instant().plusNanos(delay), last.precision(), last.zone());
            due = deadline.compareTo(requested) > 0 ? deadline : requested;
        }
        return new Held(still, requested, due, 0, false, hidden);
    }

    /**
     * A hold the controller's own lines show where the export's time does not (session 55, #15164's shape): the export shows the
     * Pod deleted and holding the finalizer, the controller's {@code update pod event} of the Pod at its deletion (the request, on
     * the API server's clock, {@link PodWrites#CLOCKS_NANOS} and its whole second allowed) ties the informer's copy to it, and the
     * run that logged it states a release without the timed release ({@link #untimed}: its handler takes the deleting branch only
     * on a delete event, which a Pod the finalizer holds never gives). After that line the Pod's lines show no {@code delete pod
     * event} (it stayed in the informer: in the cluster, deleted, its finalizers only removable), no cleanup of it queued or taken
     * (the Workflow never recorded the node, which would have queued the release) and no deleting handler, and the run, or a later
     * run of its replica that names the Pod, logs on past the due release by more than the threshold. Possible only: a delete pod
     * event missing from lines that are not whole reads the same, and the run's silence is not the cluster's word.
     */
    private LogsHold heldByLogs(Correlation correlation, PodHistory pod, PodLifecycle life) {
        Held shape = heldShape(life);
        if (shape == null || !shape.snapshot().hasStatusFinalizer() || shape.snapshot().deletionTimestamp() == null) {
            return null;
        }
        PodSnapshot still = shape.snapshot();
        Timestamp dt = still.deletionTimestamp();
        Long g = still.deletionGracePeriodSeconds();
        java.time.Instant request = g != null && g > 1 ? dt.instant().minusSeconds(g) : dt.instant();
        LogEvent seen = null;
        // Session 62: the lifetime's own lines (PodLifecycle#lifetimeEvents): an earlier Pod's release of the name logged by a run whose
        // clock runs ahead, stamped after this Pod's update (its cleanup, its delete pod event), says nothing of this Pod leaving.
        List<LogEvent> lines = life.lifetimeEvents();
        for (LogEvent e : lines) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.UPDATE && e.time() != null && !e.time().undated()
                    && e.time().comparable(dt) && pod.ofThisInstance(e)
                    && !e.time().instant().isBefore(request.minusNanos(PodWrites.CLOCKS_NANOS))
                    && !e.time().instant().isAfter(request.plusNanos(PodWrites.CLOCKS_NANOS + 1_000_000_000L))) {
                seen = e;
                break;
            }
        }
        ControllerProcess run = seen == null ? null : correlation.process(seen);
        if (run == null || run.releaseName() == null) {
            return null;
        }
        String release = run.releaseName().strip();
        if (!UPSTREAM_RELEASE.matcher(release).matches() || !untimed(dev.argoforensics.catalog.ArgoVersion.exact(release))) {
            return null;
        }
        for (LogEvent e : lines) {
            if (!EventOrder.after(e, seen)) {
                continue;
            }
            ControllerEvent ev = e.event();
            if ((ev instanceof PodInformerEvent p && p.action() == InformerAction.DELETE) || ev instanceof ControllerEvent.Cleanup
                    || ev instanceof ControllerEvent.FinalizersOnDelete) {
                return null;
            }
        }
        Timestamp end = podSeenUntil(correlation, lines, run);
        if (end == null || !end.comparable(shape.due())) {
            return null;
        }
        long nanos = shape.due().nanosUntil(end);
        return nanos > threshold ? new LogsHold(new Held(still, shape.requested(), shape.due(), nanos, false, shape.hidden()), seen, end, release) : null;
    }

    /**
     * @param held    the export and its due release; {@code nanos} from the due release to {@code until}
     * @param seen    the controller's update pod event at the export's deletion
     * @param until   the last line of the run (or a later run of its replica naming the Pod) with the Pod still in the informer
     * @param release the run's release, without the timed release
     */
    record LogsHold(Held held, LogEvent seen, Timestamp until, String release) {
    }

    private static final java.util.regex.Pattern UPSTREAM_RELEASE = java.util.regex.Pattern.compile("v?\\d+\\.\\d+\\.\\d+");

    /**
     * The release of the controller that logged the Pod where it is known to lack #15164's timed release (v3.6.0-v3.6.15,
     * v3.7.0-v3.7.6; reference 6.3): its deleting handler runs only on a delete event, which a Pod the finalizer holds never gives,
     * so the finalizer goes when the Workflow records the node (the cleanup queued after its update) and at no time of its own.
     * Every run that logged the Pod and states its release must be such a release (an upstream tag exactly: a suffixed one may
     * carry the change). Where no run states one (an export alone, an excerpt without the start banner), the export's executor
     * image states it (session 42 breaker): the controller sets {@code argoexec} of its own release unless configured otherwise.
     * Null otherwise.
     */
    static Untimed untimedRelease(Correlation correlation, List<LogEvent> lines, PodSnapshot held) {
        String found = null;
        Set<Integer> seen = new java.util.HashSet<>();
        for (LogEvent e : lines) {
            ControllerProcess p = correlation.process(e);
            if (p == null || !seen.add(p.id()) || p.releaseName() == null) {
                continue;
            }
            String name = p.releaseName().strip();
            if (!untimed(UPSTREAM_RELEASE.matcher(name).matches() ? dev.argoforensics.catalog.ArgoVersion.exact(name) : null)) {
                return null;
            }
            found = found == null ? name : found;
        }
        if (found != null) {
            return new Untimed(found, null);
        }
        String image = held.executorRelease().orElse(null);
        return image != null && untimed(dev.argoforensics.catalog.ArgoVersion.exact(image)) ? new Untimed(image, held.executorImage()) : null;
    }

    private static boolean untimed(dev.argoforensics.catalog.ArgoVersion v) {
        return v != null && v.major() == 3 && ((v.minor() == 6 && v.patch() <= 15) || (v.minor() == 7 && v.patch() <= 6));
    }

    /**
     * A release without the timed release of a deleted Pod's finalizer.
     *
     * @param release       the release
     * @param executorImage the export's executor image that states it where no controller line does, else null (a run's banner)
     */
    record Untimed(String release, String executorImage) {
    }

    /**
     * A Pod of the name leaving the informer after the export (session 49), its release's deadline as the controller computed it not
     * the held export's: it does not date the held Pod's release.
     *
     * @param scheduled the controller's {@code queuing pod delay} for it, the last of that run before the exit
     * @param exit      its {@code delete pod event}
     */
    record LaterExit(LogEvent scheduled, LogEvent exit) {
    }

    /**
     * A sign that the finalizer went after the time the export was taken: the Pod leaving the
     * informer removed from the cluster, which the finalizer would have prevented. (A cleanup
     * worker's line is no such sign: its patch omits the finalizer unless the controller's
     * ARGO_POD_STATUS_CAPTURE_FINALIZER is exactly "true".)
     */
    private static LogEvent releasedAfter(PodLifecycle life, Timestamp t) {
        InformerExit exit = life.informerExit();
        return exit != null && exit.kind() == InformerExit.Kind.REMOVED && exit.event().time().isAfter(t) ? exit.event() : null;
    }

    /**
     * The export shows the finalizer held past its due release, but no run of the replicas that logged the Pod was logging
     * between the due time and the export: their runs' last lines lie before it and a run's first line after it (the
     * controller down or restarting, or its lines lost there). Then the hold says nothing of a stuck finalizer: nothing could
     * release it. It is cleared when a run after the export took the release up (a cleanup worker's removeFinalizer) and
     * the Pod then left its informer. Without logs of the Pod's controller on both sides, null: the export decides.
     */
    private static Restart releasedOnRestart(Correlation correlation, Starts starts, PodHistory pod, PodLifecycle life, Held held, long threshold) {
        Timestamp taken = held.snapshot().observed().takenNoLaterThan().at();
        Silence silence = silence(correlation, starts, pod, held, threshold);
        if (silence == null || silence.nextStart() == null || !silence.standbys().isEmpty()) {
            return null; // session 49: a stand-by shows the Lease held by a controller whose log is not given, or it names none
        }
        Timestamp lastBefore = silence.lastBefore();
        InformerExit exit = life.informerExit();
        // Session 62: the lifetime's own worker lines, and the deadline read from its own scheduling lines (an earlier Pod's of the name
        // in the worker's stream is no deadline of the held Pod's).
        for (LogEvent e : life.lifetimeEvents()) {
            ControllerProcess p = correlation.process(e);
            Start start = p == null ? null : starts.of(p, held);
            if (e.event() instanceof PodCleanupStarted st && st.cleanup() == CleanupAction.REMOVE_FINALIZER
                    && start != null && ((start.at().isAfter(taken) && !e.time().isBefore(start.at()))
                    || releasedOnReturn(correlation, pod, p, start, held, threshold) == e)) {
                if (exit == null || !EventOrder.after(exit.event(), e)) {
                    return null;
                }
                return new Restart(lastBefore, silence.next().at(), silence.next().takeOver(), e, exit.event(), otherDeadline(life.lifetimeEvents(), e, held));
            }
        }
        return null;
    }

    /**
     * Session 48: the deadline the controller computed for the Pod it released on its return ({@code queuing pod delay}: the line's
     * time plus its delay, the Pod's last condition transition plus max(pod GC delay, 2m) as it saw them), where it is not the held
     * export's ({@link RemovalDeadline}, within the two times' precision): a Pod's name is taken while it exists, so a Pod of the
     * name released after the held one may be another (a namesake: {@code argo retry}, a Workflow submitted again under its name),
     * which no UID on the lines tells apart; or the held Pod's conditions changed after the export. Either way the release is not
     * shown to be the held Pod's. Null where they agree or nothing recomputes (no scheduling line of that run before the take-up,
     * an export without conditions, or cut where its pod GC annotation or conditions stand).
     */
    private static LogEvent otherDeadline(List<LogEvent> lines, LogEvent worker, Held held) {
        if (held.hidden() != null) {
            return null; // a cut where the delay or a later transition stands: the export's deadline is not known to compare
        }
        LogEvent scheduled = null;
        for (LogEvent e : lines) {
            if (e == worker) {
                break;
            }
            if (e.stream() == worker.stream() && e.event() instanceof PodCleanupScheduled s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                scheduled = e;
            }
        }
        if (scheduled == null) {
            return null;
        }
        RemovalDeadline d = RemovalDeadline.recompute(held.snapshot(), (PodCleanupScheduled) scheduled.event(), scheduled).orElse(null);
        // The orphan branch's line (its Workflow gone from the informer, as on a return: minimum delay 0) states no deadline of the
        // deleting branch's to compare (ReleaseOnReturnWithoutDeleteBranchTest: v3.7.6's release at once, delay 0s).
        return d != null && !d.agrees() && !RemovalDeadline.fitsOrphanBranch(held.snapshot(), (PodCleanupScheduled) scheduled.event(), scheduled)
                ? scheduled : null;
    }

    /**
     * The run's own first take-up of the Pod's release ({@code cleaning up pod … removeFinalizer}) where the run started after the release
     * was due and took it up within {@code threshold} of its start: the finalizer was held while no controller ran and released at the
     * controller's return, not kept by a running one. Null otherwise.
     */
    private static LogEvent releasedOnReturn(Correlation correlation, PodHistory pod, ControllerProcess p, Start start, Held held, long threshold) {
        if (start == null || !start.at().isAfter(held.due())) {
            return null;
        }
        PodLifecycle life = correlation.lifecycle(pod.key());
        for (LogEvent e : life == null ? pod.events() : life.lifetimeEvents()) {
            if (e.event() instanceof PodCleanupStarted st && st.cleanup() == CleanupAction.REMOVE_FINALIZER && correlation.process(e) == p) {
                long after = start.at().nanosUntil(e.time());
                return after >= 0 && after <= threshold ? e : null;
            }
        }
        return null;
    }

    /**
     * Where a run is shown to have begun to work, as a return after the release was due would need: a standby's own acquisition of
     * the Lease ({@link HandOvers#into}), where the holder it named before is a run whose log, read whole, ends before the release
     * was due (session 48: counted from its first line, a standby that took the Lease after the leader died "ran" through the
     * absence); else the run's first line where its banner shows that line to be its start ({@link #startShown}). Null where neither
     * is shown, or the holder the standby named may have led on past the due time (its log ends after it, or is cut at its end).
     *
     * @param at       the moment
     * @param takeOver it is a standby's acquisition of the Lease
     */
    record Start(Timestamp at, boolean takeOver) {
    }

    /** The runs' starts ({@link Start}), from the hand-overs derived once per evaluation and only where a held export asks. */
    private static final class Starts {
        private final Correlation correlation;
        private HandOvers handOvers;

        Starts(Correlation correlation) {
            this.correlation = correlation;
        }

        Start of(ControllerProcess p, Held held) {
            if (p.first() == null) {
                return null;
            }
            if (handOvers == null) {
                handOvers = HandOvers.of(correlation);
            }
            HandOvers.HandOver in = handOvers.into(p.id()).orElse(null);
            if (in != null) {
                ControllerProcess from = in.from() < correlation.processes().size() ? correlation.processes().get(in.from()) : null;
                if (from == null || from.last() == null || !from.last().isBefore(held.due()) || from.cutAtEnd()) {
                    return null; // the holder it waited for is not shown to have stopped before the release was due
                }
                if (in.mayHaveHeldPast(held.due())) {
                    // Session 48 breaker: a log that ends is not a process that ended (a collector stopped, a container restarted under
                    // the same identity); a standby polling takes the Lease within MAX_LAG of the holder's last renewal, so one taken
                    // later says the holder's identity may have renewed after the release was due: not shown to have stopped.
                    return null;
                }
                return new Start(in.acquired().time(), true);
            }
            if (handOvers.waitOf(p.id()).isPresent()) {
                // Session 49: a run that stood by worked from its acquisition only, and the holder it waited for is not shown to
                // have stopped (not one run of the input, or none named): no start of a return (silence() names the stand-by).
                return null;
            }
            return startShown(correlation, p) ? new Start(p.first(), false) : null;
        }

        /**
         * The run's own stand-by through the release's due time (session 49), where nothing else of it counts as working then: it
         * never took the Lease in its lines, or took it after the export, or after the due time and took the release up within
         * {@code threshold} of that (the export, still showing the finalizer, came before: in its wait or its first moments as
         * leader), and the holder it waited for is not a run of the input (whose own lines decide). Null otherwise.
         */
        HandOvers.Wait standingBy(ControllerProcess p, PodHistory pod, Held held, long threshold) {
            if (handOvers == null) {
                handOvers = HandOvers.of(correlation);
            }
            HandOvers.Wait w = handOvers.waitOf(p.id()).orElse(null);
            if (w == null || w.holderSeen() || handOvers.into(p.id()).isPresent()) {
                return null;
            }
            Timestamp acquired = w.acquired() == null ? null : w.acquired().time();
            boolean waiting = acquired == null || acquired.isAfter(held.snapshot().observed().takenNoLaterThan().at())
                    || releasedOnReturn(correlation, pod, p, new Start(acquired, true), held, threshold) != null;
            return waiting ? w : null;
        }
    }

    /**
     * Whether the run's lines show its start, its {@code Starting Workflow Controller} banner (every run logs it as it starts, v3.4
     * to v4.1, after at most its leader-election preamble; a banner begins a run, {@link ControllerProcess#incarnation()}), so that
     * its first line given is its first moment. Without it the first line given is not the run's start (session 47 breaker):
     * {@code kubectl logs} of a long-running controller serves the container's current file only, which after the kubelet rotated it
     * begins mid-run, and {@code --since} or {@code --tail} cut the same way; that replica may have led, and held the finalizer, all
     * along.
     */
    private static boolean startShown(Correlation correlation, ControllerProcess p) {
        return correlation.requeues().of(p.id()).banner() != null;
    }

    /**
     * No run of the replicas that logged the Pod was logging between the release's due time and the export: the last line of
     * their runs before the release was due, and the first of their next run after the export (null: none, the logs end with
     * the controller still down). Null when a run was logging in between, or none before.
     */
    private static Silence silence(Correlation correlation, Starts starts, PodHistory pod, Held held, long threshold) {
        // A run that came back after the export: after the latest a stated time (a user's clock) allows.
        Timestamp taken = held.snapshot().observed().takenNoLaterThan().at();
        Set<String> replicas = new java.util.HashSet<>();
        // The name's whole history here, not the lifetime's (session 62): a replica that logged only an earlier Pod of the name is as
        // much this Pod's controller, and a run of it logging between the due time and the export could have released it.
        for (LogEvent e : pod.events()) {
            ControllerProcess p = correlation.process(e);
            if (p != null) {
                replicas.add(p.replica());
            }
        }
        Timestamp lastBefore = null;
        Start next = null;
        List<Standby> standbys = new ArrayList<>();
        for (ControllerProcess p : correlation.processes()) {
            if (!replicas.contains(p.replica()) || p.first() == null || p.last() == null) {
                continue;
            }
            if (p.last().isBefore(held.due())) {
                if (p.cutAtEnd()) {
                    // Its later log not given, or its lines cut (session 47 breaker): the run may have gone on past the due time,
                    // leading and holding the finalizer; nothing shows it had stopped.
                    return null;
                }
                lastBefore = lastBefore == null || p.last().isAfter(lastBefore) ? p.last() : lastBefore;
                continue;
            }
            Start start = starts.of(p, held);
            if (start != null && (start.at().isAfter(taken) || releasedOnReturn(correlation, pod, p, start, held, threshold) != null)) {
                // Session 46 (the lead's fresh check, seed 2539, drain-while-down): a run that started after the release was due and took
                // the release up within the threshold of its start came back to a finalizer no controller could release before; the
                // export (the finalizer still on, so taken before that release) falls in the absence or in that run's first moments,
                // whatever the time its file states (a user's clock, a minute either way) says.
                // Session 48: a standby that took the Lease after the release was due returns with its acquisition (Start#takeOver).
                next = next == null || start.at().isBefore(next.at()) ? start : next;
            } else if (start == null && starts.standingBy(p, pod, held, threshold) != null) {
                // Session 49: a run that only stood by then (its own lines waiting for the Lease held by a controller whose log is
                // not given, or none named) removed nothing: it is no controller logging, and no return either.
                standbys.add(new Standby(p, starts.standingBy(p, pod, held, threshold)));
            } else {
                return null; // a run logging at some moment between the due time and the export: it could have released it
            }
        }
        return lastBefore == null ? null : new Silence(lastBefore, next, standbys);
    }

    /**
     * A run of the Pod's replicas that only stood by between the release's due time and the export (session 49).
     *
     * @param run  the run
     * @param stoodBy its own stand-by: the holder it named (not in the input) or none, and its acquisition after, if any
     */
    record Standby(ControllerProcess run, HandOvers.Wait stoodBy) {
    }

    /**
     * @param lastBefore the last line of the Pod's replicas before the release was due
     * @param next       the start of their next run to work, after the export: its first line, or a standby's acquisition of the
     *                   Lease; null where the logs end first
     */
    record Silence(Timestamp lastBefore, Start next, List<Standby> standbys) {
        Silence {
            standbys = List.copyOf(standbys);
        }

        Timestamp nextStart() {
            return next == null ? null : next.at();
        }
    }

    /**
     * @param lastBefore the last line of the Pod's replicas before the release was due
     * @param nextStart  the start of their next run to work, after the export: its first line, or a standby's acquisition
     * @param takeOver   that start is a standby's acquisition of the Lease
     * @param worker     that run's cleanup worker taking the release up
     * @param exit       the Pod leaving that run's informer after it
     * @param otherDeadline that run's scheduling line for the release where the deadline it gives is not the held export's (the
     *                   release of another Pod of the name, or the Pod's conditions changed since): no clearance; else null
     */
    record Restart(Timestamp lastBefore, Timestamp nextStart, boolean takeOver, LogEvent worker, LogEvent exit, LogEvent otherDeadline) {
    }

    /**
     * The controller's last attempt to release the finalizer of a Pod being deleted (the deleting
     * handler ran on the Pod while it was in the informer), if the same controller's logs go on for
     * longer than the threshold after it was due without the Pod leaving the informer. A handler run
     * on the Pod leaving the informer (labelled completed) is no deletion; the orphan path releases a
     * Pod that need not be deleted.
     */
    private Attempt attempt(Correlation correlation, PodHistory pod) {
        FinalizerRemoval last = null;
        LogEvent scheduled = null;
        // Session 61: the lifetime's own lines (PodLifecycle#lifetimeEvents), not the name's whole history: a scheduling line of an
        // earlier Pod of the name (before this Pod's Created pod line, or one its delay dates before it beside this Pod's own release)
        // stands for no attempt to release this Pod.
        PodLifecycle life = correlation.lifecycle(pod.key());
        List<LogEvent> lines = life == null ? pod.events() : life.lifetimeEvents();
        List<FinalizerRemoval> removals = life == null ? pod.removals() : life.lifetimeRemovals();
        for (LogEvent e : lines) {
            if (e.event() instanceof PodCleanupScheduled s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                scheduled = e;
            }
        }
        for (FinalizerRemoval r : removals) {
            if (r.cause() == RemovalCause.POD_DELETED) {
                last = r;
            }
        }
        if (scheduled == null) {
            return null;
        }
        // A later scheduling line than the last removal's is a newer attempt. A removal may lack its scheduling line (assembled
        // from the handler's and the queueing line when it is missing from the log): its queueing line stands in.
        LogEvent lastLine = last == null ? null : last.scheduled() != null ? last.scheduled() : last.queued() != null ? last.queued() : last.decisive();
        if (last != null && lastLine != scheduled && EventOrder.after(scheduled, lastLine)) {
            last = null;
        }
        LogEvent onDelete = last != null ? last.onDelete() : null;
        if (onDelete == null) {
            // A removal item without a worker yet is not assembled as a removal: its line's handler line, and the informer event before.
            onDelete = pod.handlerLine(scheduled);
            LogEvent trigger = null;
            for (LogEvent e : lines) {
                if (e == scheduled) {
                    break;
                }
                if (e.event() instanceof PodInformerEvent && e.stream() == scheduled.stream()) {
                    trigger = e;
                }
            }
            if (onDelete == null || (trigger != null && ((PodInformerEvent) trigger.event()).action() == InformerAction.DELETE)) {
                return null;
            }
        }
        Timestamp logsEnd = podSeenUntil(correlation, lines, correlation.process(scheduled));
        if (logsEnd == null) {
            return null;
        }
        PodCleanupScheduled s = (PodCleanupScheduled) scheduled.event();
        Timestamp due = s.delayNanos() > 0
                ? new Timestamp(scheduled.time().instant().plusNanos(s.delayNanos()), scheduled.time().precision(), scheduled.time().zone())
                : scheduled.time();
        LogEvent started = null;
        LogEvent failed = null;
        InformerExit exit = correlation.lifecycle(pod.key()).informerExit();
        for (LogEvent e : lines) {
            ControllerEvent ev = e.event();
            if (!EventOrder.after(e, scheduled)) {
                continue;
            }
            if (ev instanceof PodInformerEvent p && p.action() == InformerAction.DELETE) {
                if (exit == null || exit.event() != e || exit.kind() != InformerExit.Kind.LABELLED) {
                    return null; // the Pod left the cluster
                }
                // Labelled completed: still there, out of the controller's sight from now on.
                logsEnd = e.time();
                break;
            }
            if (e.stream() != scheduled.stream()) {
                continue;
            }
            if (ev instanceof PodCleanupStarted st && st.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                started = e;
                failed = null;
            } else if (ev instanceof PodCleanupFailed f && f.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                failed = e;
            }
        }
        long nanos = due.nanosUntil(logsEnd);
        return nanos > threshold ? new Attempt(onDelete, scheduled, due, started, failed, logsEnd, nanos) : null;
    }

    /**
     * How far the logs of the replica that scheduled the removal would show the Pod: the end of that run, and of each later run of
     * the replica that names the Pod. A later run lists the Pods of its informer's selector as it starts ({@code add pod event},
     * v3.6.5 and later): one that never names the Pod did not have it (gone, or out of the selector), so its going on says nothing
     * of the finalizer (session 40 breaker: a cleanup that failed {@code forbidden}, the finalizer removed by hand and the
     * controller restarted within the threshold, the restarted run logging on for half an hour: it was likely). Null where the
     * run's end is unknown.
     */
    private static Timestamp podSeenUntil(Correlation correlation, List<LogEvent> lines, ControllerProcess own) {
        if (own == null || own.last() == null) {
            return null;
        }
        Timestamp end = own.last();
        Set<Integer> naming = new java.util.HashSet<>();
        for (LogEvent e : lines) {
            ControllerProcess p = correlation.process(e);
            if (p != null) {
                naming.add(p.id());
            }
        }
        for (ControllerProcess p : correlation.processes()) {
            if (naming.contains(p.id()) && p.replica().equals(own.replica()) && p.last() != null && p.last().compareTo(end) > 0) {
                end = p.last();
            }
        }
        return end;
    }

    /**
     * @param nanos  from the due release to the export's time
     * @param stated only a time the export's file states puts it past the threshold (a user's clock): likely, not confirmed
     * @param hidden what a cut in the export may have held that would put the release later (the pod GC annotation, a later
     *               condition), or null: {@code due} is then the earliest the release can have been due
     */
    record Held(PodSnapshot snapshot, Timestamp requested, Timestamp due, long nanos, boolean stated, String hidden) {
    }

    /**
     * @param started the last worker line for the removal, or null if no worker took it
     * @param failed  the failure after that worker line, or null
     */
    record Attempt(LogEvent onDelete, LogEvent scheduled, Timestamp due, LogEvent started, LogEvent failed, Timestamp logsEnd,
                           long nanos) {
    }
}
