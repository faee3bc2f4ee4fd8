package dev.argoforensics.correlate;

import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.TimeFormat;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.event.ControllerProcess;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a Pod's containers had finished when its deletion was requested, were still running, or
 * the evidence cannot tell: the {@link Execution} of its lifecycle, from what the objects state,
 * then what they imply, then the controller's lines.
 *
 * <p><b>A node's times against other clocks</b> (session 54). A container's {@code startedAt}/{@code finishedAt}, a kubelet
 * condition's transition and the kubelet's Events are its node's clock (whole seconds), which nothing read checks: against the API
 * server's (audit times, {@code deletionTimestamp}, a control-plane component's condition or Event) or the controller's (log lines)
 * they order only past {@link DeletionBounds#NODE_CLOCK_NANOS} ({@link DeletionBounds#nodeClearlyBefore}); closer, only what one
 * clock orders (the API server's grace period, the order of the Pod's versions, the same node's other times, the controller's own
 * lines), else the order is undetermined and says so. Where each is read:
 * <ul>
 * <li>deleted export with grace above 1: main's end against the request (deletionTimestamp less the grace). Was two clocks' 10 s,
 *     exit 0 within 10 s after the request's second read likely. Now: before by more than the minute, another container ran
 *     (undetermined); a signal's exit from 10 s before to a minute after, most likely the deletion's kill (weak); main's own exit
 *     after the request's second within the minute, every container ended within 8 s of it: likely, on one clock's ground (the
 *     grace says the API server did not hold the Pod terminal, so the last end came no earlier than the kubelet's report lag before
 *     the request, main that same-node gap before it); any other end within the minute, undetermined naming the node's clock; after
 *     by more than the minute, main ran (confirmed).</li>
 * <li>{@code lagging}: another export's main end against the request's second (was 0): a deleted export showing main running is set
 *     aside where that end may be before the request, up to the minute after it. Session 57: through the node's clock the Pod's
 *     records bound ({@link NodeClocks}); read past the minute alone, the running reading is on the node's margin.</li>
 * <li>main's end after the deletion's upper bound (objects'), and the containers' end before its lower bound: 10 s, now the minute;
 *     a lower bound that is the same node's time (an undeleted export's kubelet condition) keeps 10 s ({@code sameNodeClock}). Ended
 *     before a request the API server gave a grace period to (it gives none to a Pod it holds terminal, and the kubelet writes that
 *     phase within seconds of the end): the two disagree, undetermined.</li>
 * <li>the controller's sighting before main's end: 10 s, now the minute. A signal's exit "moments apart": up to the minute after the
 *     upper bound (was 10 s), a minute before it (as before; weak).</li>
 * <li>{@code kubeletReportedAfter} (a lost node's report set aside only where its kubelet wrote after the request) and
 *     {@code beyondReportLag} (a readiness flip after the first deleted version read as main running): 10 s and 0, now the minute.
 *     Session 57: through the node's clock the Pod's records bound; past the minute alone, the reading is on the node's margin.</li>
 * <li>Kept: a Killing Event against the containers' end (one node's clock, 10 s); against the request's lower bound and the Pod's
 *     creation (10 s: these only set an Event aside); {@code notTheVersionSeen} (only sets an export aside); the last transition the
 *     logged delay dates (recovered as the Pod holds it, the controller's clock cancelling) against the sighting (10 s: it sets apart
 *     an author's DisruptionTarget, the API server's clock; the order rests on the controller's silence after) and the creation
 *     ({@link #START_UP_NANOS}); the grace-0 inference in {@link DeletionBounds} (its minute already holds the node's, session 53; session
 *     57: through the node's clock where the Pod's records bound it, {@link ContainersEnd#finalDeleteOrder});
 *     node lifecycle Events against the kubelet's {@code NodeReady} (10 s; not revisited).</li>
 * </ul>
 * <p>What one clock says of a finished Pod (session 55): the Pod the API server returned to the first delete (an audit record at level
 * {@code RequestResponse}) in a terminal phase, every container terminated, grace 0 ({@link DeletionBounds#terminalAtFirstDelete}):
 * finished before the request on the API server's own clock, whatever the node's. Not an export taken later with grace 0 at the
 * request's second (up to Kubernetes 1.32 the kubelet's final delete leaves the same), nor a {@code Metadata}-level record.
 * <p>{@link DeletionBounds#auditShowsFirst} and {@link DeletionBounds#takenNoEarlierThan} (hence {@link OtherObjectDeletes}) read a
 * kubelet's times less the node's minute already (session 53); OtherObjectDeletes compares no other node time.
 */
final class ExecutionOrder {
    /** The pod informer delivers the deletion that fast or the Pod vanishes at the finalizer's release. */
    static final long PROMPT_NANOS = 5_000_000_000L;
    /** A last condition transition this soon after the Pod's creation may be its start-up (Ready) rather than its end. */
    static final long START_UP_NANOS = 60_000_000_000L;
    /** A last condition transition this soon before the deletion was seen was made by the deletion's author (DisruptionTarget). */
    static final long AT_DELETION_NANOS = 10_000_000_000L;
    /**
     * How late the kubelet may report a container's end: its pod lifecycle event generator relists the runtime every second
     * (k/k {@code pkg/kubelet/pleg/generic.go}) and the status manager then writes the status; twice the relist period. A Pod
     * changing this soon after its deletion may be the kubelet reporting containers that had ended before it.
     */
    static final long KUBELET_REPORT_LAG_NANOS = 2_000_000_000L;
    /**
     * How closely a release delay recomputed from an export through a run's clock offset must match the logged one to show the
     * export's conditions were the released Pod's: the condition time and the creationTimestamp the offset comes from are each
     * truncated to the second.
     */
    static final long SAME_CONDITIONS_NANOS = 2_100_000_000L;
    /**
     * How long before a condition-only change of a Pod no significant change may have been logged for it to be read as no
     * container's end: a Pod whose containers end changes significantly (container states and readiness, its phase) and the
     * kubelet's sandbox condition goes false seconds after (a condition-only change, the last transition of a finished Pod on
     * Kubernetes 1.29 and later). A minute covers a slow kubelet many times over; a Pod started less than that before the change
     * is not read.
     */
    static final long CONDITION_ONLY_QUIET_NANOS = 60_000_000_000L;
    /** The catalog's signal for {@code insignificant pod change}. */
    static final String INSIGNIFICANT = "insignificant-pod-change";

    private ExecutionOrder() {
    }

    /**
     * The order of the containers' end and the deletion request, as {@link #of(PodHistory, ContainersEnd, PodSnapshot,
     * DeletionRequest, InformerExit, List)} gives it, unless the Pod's exports may be of a later Pod of the same name
     * ({@link #laterNamesake}): then an order that rests on an export (finished before the deletion, running at it, or main never started) may be
     * another Pod's, and only the controller's lines order the two, or nothing does.
     */
    static Execution of(PodHistory pod, ContainersEnd end, PodSnapshot succeeded, DeletionRequest deletion, InformerExit exit,
                        List<ControllerProcess> processes, RunClocks clocks) {
        return of(pod, end, succeeded, deletion, exit, processes, clocks, NodeClocks.of(pod));
    }

    /** As above, the Pod's nodes' clocks bounded once for the whole lifecycle ({@link NodeClocks}; session 57). */
    static Execution of(PodHistory pod, ContainersEnd end, PodSnapshot succeeded, DeletionRequest deletion, InformerExit exit,
                        List<ControllerProcess> processes, RunClocks clocks, NodeClocks nodeClocks) {
        Execution execution = kubeletStayedAway(pod, exit, processes, of(pod, end, succeeded, deletion, exit, processes, nodeClocks));
        if (execution.state() != State.FINISHED_BEFORE && execution.state() != State.RUNNING && execution.state() != State.MAIN_NEVER_STARTED) {
            return execution;
        }
        String later = laterNamesake(pod, clocks);
        if (later == null) {
            return execution;
        }
        // The controller's lines alone still order the two where they can (weak); what rests on an export, or on an export's
        // times against the lines, may be another Pod's.
        Execution lines = deletion == null ? null : fromLogs(pod, exit, processes);
        if (lines != null && pod.events().stream().anyMatch(e -> e.source().equals(lines.evidence()))) {
            return lines;
        }
        return new Execution(State.UNDETERMINED, execution.reason() + "; but " + later, execution.evidence(), false);
    }

    /**
     * Why the Pod's exports may be of a later Pod of the same name, or null. The API server sets {@code creationTimestamp} as it
     * admits the controller's create call, within milliseconds of the controller's {@code Created pod} line; an export created
     * certainly later than the Pod's own line (by more than two clocks may disagree) is either this Pod seen through a controller
     * clock that far behind, or another Pod created under the name afterwards ({@code argo retry} runs a failed node's Pod again
     * under its name; a Workflow submitted again under its name creates its Pods again), whose {@code Created pod} line the
     * evidence lacks (a log taken with {@code --previous}, or cut before the retry). Only another Pod's pair of the same controller
     * run agreeing on that offset says it is the clock ({@link RunClocks}), or the run's logged release delay agreeing, through it,
     * with the export's own condition times (a controller writing local time with a literal {@code Z}, review c08); one pair
     * cannot both tie the export to the line and date the run's clock by it (review s33: a drained Pod's lines read with the succeeded export of its retry, 30 min later, were
     * AF001 and AF002 confirmed, the offset taken for a zone).
     */
    static String laterNamesake(PodHistory pod, RunClocks clocks) {
        List<Timestamp> creations = pod.snapshots().stream().map(PodSnapshot::creationTimestamp).filter(Objects::nonNull).distinct().toList();
        if (creations.size() != 1) {
            return null;
        }
        LogEvent created = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCreated && (created == null || EventOrder.before(e, created))) {
                created = e;
            }
        }
        if (created == null) {
            return null;
        }
        Timestamp creation = creations.get(0);
        long offset = created.time().nanosUntil(creation);
        if (offset <= DeletionBounds.CROSS_CLOCK_NANOS) {
            return null;
        }
        // The export's own conditions tie it to the released Pod where the run's logged release delay, read through that offset,
        // is the one the handler computed from them: deadline (the export's latest condition transition + max(pod GC delay, 2m))
        // minus the line's time on the objects' clock. A later Pod of the name has transitions of its own (its start-up, its end).
        for (LogEvent e : pod.events()) {
            if (e.stream() == created.stream() && e.event() instanceof PodCleanupScheduled s) {
                for (PodSnapshot snap : pod.snapshots()) {
                    java.util.Optional<RemovalDeadline> d = RemovalDeadline.recompute(snap, s, e);
                    if (d.isPresent() && Math.abs(d.get().nanos() - offset - s.delayNanos()) <= SAME_CONDITIONS_NANOS) {
                        return null;
                    }
                }
            }
        }
        RunClocks.RunClock run = clocks == null ? null : clocks.of(created.stream());
        if (run != null) {
            for (RunClocks.Pair p : run.pairs()) {
                if (!p.pod().named().equals(pod.key().named()) && Math.abs(p.offsetNanos() - offset) <= DeletionBounds.CROSS_CLOCK_NANOS) {
                    return null;
                }
            }
        }
        return "the exported Pod was created at " + creation.format() + ", " + GoDuration.format(offset) + " after the controller's Created pod "
                + "line for the name at " + created.time().format() + ", and no other Pod's line and export from that controller run say its clock "
                + "was that far behind: the export may be of a later Pod of the same name (argo retry, a Workflow submitted again under its name), "
                + "which says nothing of how this Pod's containers ended; an export naming this Pod's UID, or the controller log that created "
                + "the later Pod, would settle it";
    }

    /**
     * The order of the containers' end and the deletion request: what the objects state first, then
     * what they imply, then the controller's lines.
     */
    static Execution of(PodHistory pod, ContainersEnd end, PodSnapshot succeeded, DeletionRequest deletion, InformerExit exit,
                        List<ControllerProcess> processes, NodeClocks clocks) {
        if (deletion == null) {
            return Execution.notDeleted();
        }
        // A node's clock is bounded from the whole Pod's records (NodeClock.of walks them): once per node per Pod (NodeClocks).
        Execution never = neverStarted(pod, end);
        if (never != null && never.state() == State.MAIN_NEVER_STARTED) {
            // What says main ran disagrees with an export of the deleted Pod showing it waiting (a started container never waits
            // again, and nothing of a Pod being deleted is started): the controller's warning that main had not terminated (it is
            // logged only for a container not waiting), or the kubelet stopping main (it stops only a container it started).
            String ran = mainRanBy(pod);
            if (ran != null) {
                return new Execution(State.UNDETERMINED, "the evidence disagrees: " + never.reason() + ", but " + ran, never.evidence(), false);
            }
        }
        if (never != null) {
            return never;
        }
        Execution running = null;
        Execution atRequest = null;
        Execution finished = null;
        String othersRan = null;
        String nearRequest = null;
        for (PodSnapshot s : pod.snapshots()) {
            ContainerState main = PodLifecycle.main(s);
            NodeClock.NodeOrder lagOrder = lagging(pod, s, main, clocks);
            if (lagOrder == null) {
                continue;
            }
            // Read past another export's end only because that end came more than the node's minute after the request, nothing
            // bounding the node's clock: a running reading of this export rests on that clock agreeing (session 57).
            boolean lagMargin = lagOrder.capped();
            if (s.deletionTimestamp() != null && main != null && !main.terminated() && MainStart.of(s) != MainStart.NOT_STARTED) {
                Execution shown = frozenIfLost(pod, deletion, clocks, new Execution(State.RUNNING, "an export of the deleted Pod shows " + main.name() + " "
                        + main.state(), s.source(), false));
                String lag = shown.frozenReport() ? null : returnedAtRequest(pod, s);
                if (lag != null) {
                    // Not decisive alone: the rest may show main's end after the request (a later status patch), or before it.
                    if (atRequest == null) {
                        atRequest = new Execution(State.RUNNING, shown.reason() + lag, s.source(), false, false, false, false, false, false,
                                true, true);
                    }
                    continue;
                }
                running = lagMargin ? shown.onNodeMargin() : shown;
                break;
            }
            Long g = s.deletionGracePeriodSeconds();
            // The API server gives a grace period to any scheduled Pod not finished, main waiting or not: it says main had not ended,
            // not that it ran (s40). A waiting main in a deleted export that neverStarted did not read (another export shows main
            // started) leaves the order to the rest.
            if (s.deletionTimestamp() != null && g != null && g > 1 && MainStart.of(s) != MainStart.NOT_STARTED) {
                Timestamp requested = new Timestamp(s.deletionTimestamp().instant().minusSeconds(g), s.deletionTimestamp().precision(),
                        s.deletionTimestamp().zone());
                // main's finishedAt is its node's clock (the kubelet's), the request the API server's: they are ordered only past what
                // the node's clock may be off (DeletionBounds#nodeClearlyBefore, session 54); within it, only what one clock orders.
                Timestamp mainEnd = main == null ? null : main.finishedAt();
                // Session 56: by the node's clock bounded from the Pod's own records where they bound it (NodeClock), else past the margin.
                NodeClock clock = clocks.of(s.nodeName());
                NodeClock.NodeOrder endBefore = mainEnd == null ? NodeClock.NodeOrder.NONE : clock.nodeBefore(mainEnd, requested, 0);
                NodeClock.NodeOrder requestBefore = mainEnd == null ? NodeClock.NodeOrder.NONE : clock.otherBefore(requested, mainEnd, 0);
                if (mainEnd != null && endBefore.ordered()) {
                    othersRan = main.name() + " had ended at " + mainEnd.format() + ", but the API server gave the deletion a grace "
                            + "period of " + g + "s, which it gives only to a Pod that has not finished: another container still ran";
                } else if (mainEnd != null && !requestBefore.ordered() && signalExit(main)
                        && !DeletionBounds.clearlyBefore(mainEnd, requested)) {
                    // main ended by a signal from moments before the request (two clocks' disagreement) to a node's minute after it: the
                    // deletion's kill, most likely, but the executor's own kill (activeDeadlineSeconds, argo stop) ends main so too, wait
                    // still running making the grace period, and a node's clock ahead puts such a kill after the request (s39 breaker:
                    // exit 143 five seconds before the request was confirmed; session 54: 30 s after it on a node's clock, confirmed).
                    // On a lost node (s54 breaker) the kubelet did not hear of the deletion while cut off: its last report stands.
                    running = frozenIfLost(pod, deletion, clocks, new Execution(State.RUNNING, main.name() + " was ended by a signal (exit " + main.exitCode() + ") at "
                            + mainEnd.format() + " and the deletion was requested at " + requested.format() + " (deletionTimestamp "
                            + "minus the grace period " + g + "s), " + GoDuration.format(Math.abs(requested.nanosUntil(mainEnd)))
                            + (mainEnd.isAfter(requested) ? " after" : " before") + " it, within what " + nodeClock(s) + " may be off the API "
                            + "server's (" + GoDuration.format(DeletionBounds.NODE_CLOCK_NANOS) + "): most likely the kill of that deletion, but "
                            + "the executor's own kill (activeDeadlineSeconds, argo stop) before it, wait still running, reads the same",
                            s.source(), true, false, false, false, true));
                    break;
                } else if (mainEnd != null && !signalExit(main) && !mainEnd.instant().isBefore(requested.windowEnd())
                        && !requestBefore.ordered() && lastEndedSoonAfter(s, mainEnd) && !byTaintManager(pod)) {
                    // main's own exit written after the request's second, within the node's minute, and every container ended within
                    // moments of main on the same clock. The grace period is the API server's own word that it did not hold the Pod
                    // terminal at the request, and the kubelet writes that phase within its report lag of the last end: so the last
                    // container ended no earlier than the lag before the request, and main (the gap before it on the one node clock) no
                    // earlier than the lag and that gap before it, whatever the node's clock. Ending on its own just then, rather than on
                    // the deletion's SIGTERM, is the coincidence this reads past: likely (session 39's reading of a main that trapped the
                    // SIGTERM and exited 0, samples/deleted-sigterm-exit-zero; session 54: on that ground, not the clocks agreeing).
                    // On a lost node (s54 breaker) the API server's phase is the kubelet's last report, so the grace period bounds
                    // nothing of the end: the lost node's caveat, as for any other reading of the grace.
                    long gap = mainEnd.nanosUntil(lastEnd(s).get());
                    running = frozenIfLost(pod, deletion, clocks, new Execution(State.RUNNING, main.name() + " ended at " + mainEnd.format() + " (exit " + main.exitCode()
                            + "), after the deletion was requested at " + requested.format() + " (deletionTimestamp minus the grace period "
                            + g + "s) as " + nodeClock(s) + " reads it; that clock may be off, but the grace period says the API server did "
                            + "not hold the Pod finished at the request, and the last container ended " + GoDuration.format(gap) + " after "
                            + main.name() + " on the same clock, so " + main.name() + " ended no more than that and the kubelet's report lag "
                            + "before the request: most likely on the deletion's SIGTERM, unless it ended on its own just then",
                            s.source(), true, false, false, false, true));
                    break;
                } else if (mainEnd != null && !requestBefore.ordered()) {
                    // main ended within what its node's clock may be off the request (session 54; before, two clocks' 10 s and, after
                    // the request's second, likely): exit 0 read after the request is a main that answered the deletion's SIGTERM, or
                    // one that ended before it on a node whose clock is ahead, wait (it ends after main), a sidecar or a kubelet not yet
                    // reporting the phase making the grace period (s39: a drain bystander whose main exited 0 one second before the
                    // eviction, wait one second later, was AF007 confirmed); read before it, a signal's exit may be the deletion's kill
                    // on a node behind. The grace period shows the Pod unfinished, not main running. Later evidence may decide.
                    if (nearRequest == null) {
                        nearRequest = main.name() + " ended at " + mainEnd.format() + " (exit " + main.exitCode() + ") and the deletion "
                                + "was requested at " + requested.format() + " (deletionTimestamp minus the grace period " + g + "s), "
                                + GoDuration.format(Math.abs(requested.nanosUntil(mainEnd))) + (mainEnd.isAfter(requested) ? " after" : " before")
                                + " it as " + nodeClock(s) + " reads it, within what that clock may be off the API server's ("
                                + GoDuration.format(DeletionBounds.NODE_CLOCK_NANOS) + "; nothing given checks it): the grace period shows the "
                                + "Pod not finished then, which the wait container or a sidecar still running after " + main.name()
                                + " makes it too; the node's clock against the API server's (its kubelet's records in an audit log), or "
                                + "the kubelet's Killing Event, would settle it";
                    }
                } else {
                    // The API server judges "not finished" by the Pod's phase, which on a lost node is the kubelet's last report too.
                    Execution shown = new Execution(State.RUNNING, "the API server gave the deletion a grace period of " + g
                            + "s, which it gives only to a Pod that has not finished, and " + (main == null ? "no container" : main.name())
                            + " had not ended before it" + (mainEnd == null ? "" : " (it ended at " + mainEnd.format() + ", "
                            + (requestBefore != NodeClock.NodeOrder.MARGIN ? "after the request by " + clock.near(mainEnd).describe() : "more than "
                            + GoDuration.format(DeletionBounds.NODE_CLOCK_NANOS) + " after the request as " + nodeClock(s) + " reads it") + ")"),
                            s.source(), false);
                    running = frozenIfLost(pod, deletion, clocks,
                            requestBefore.capped() || lagMargin ? shown.onNodeMargin() : shown);
                    break;
                }
            }
            // Session 55: the Pod the API server returned to the first delete, held finished by it then (one clock, the API server's).
            String terminal = finished == null ? DeletionBounds.terminalAtFirstDelete(pod, s, deletion) : null;
            if (terminal != null) {
                finished = new Execution(State.FINISHED_BEFORE, terminal, s.source(), false);
            } else if (s.notDeleting() && s.containersFinishedAt().isPresent() && s.observed() != null) {
                finished = new Execution(State.FINISHED_BEFORE, "an export taken before the deletion (" + s.observed().time().format()
                        + ") already shows every container terminated (" + s.exitCodeSummary() + ")", s.source(), false);
            } else if (finished == null && s.notDeleting() && s.observed() != null
                    && (s == succeeded || (trimmed(s) && failedByKubelet(s, deletion)))) {
                // An export trimmed of its container statuses: a terminal phase (restartPolicy Never) the kubelet writes only once
                // every container has terminated (lifecycle reference A2), and no deletionTimestamp means it was taken before the deletion.
                finished = new Execution(State.FINISHED_BEFORE, "an export taken before the deletion (" + s.observed().time().format()
                        + ") shows the Pod " + s.phase() + ", a phase the kubelet writes only once every container has terminated (the "
                        + "export holds no container statuses, so no exit codes or end time)", s.source(), false);
            }
        }
        if (finished == null) {
            finished = completedRow(pod, deletion);
        }
        // A lost node's report is set aside for the kubelet's own stop of main, which it writes only while it still runs; so is a
        // running main read from its end within its node's minute of the request (weak, session 54): the kubelet's Killing of main
        // is on the same node's clock as main's end, and it stops only a running container.
        // Session 60: so is a running main read past its node's minute or on bounds far from the time (nodeMargin, likely at most): the
        // kubelet's Killing of main is that node's own record of main running when it stopped it for the deletion, an order of cause,
        // not of two clocks, which reads the same with or without the export's end.
        if (running == null || running.frozenReport() || (running.state() == State.RUNNING && running.weak() && running.crossClock())
                || (running.state() == State.RUNNING && running.nodeMargin())) {
            String mainName = mainName(pod);
            for (ClusterEvent e : pod.clusterEvents()) {
                String path = e.regarding().fieldPath();
                // An Event dated by a stated clock (an age in a kubectl table) is read at the end of its window least favourable to
                // the order: the containers may have ended just before it, and it may have come just before the deletion.
                if ("Killing".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && path.startsWith("spec.containers{")
                        && !path.equals("spec.containers{wait}") && stopsContainer(e) && !ofAnotherPod(pod, e) && !ownStopUpgrade(running, end, e)
                        && (end == null || !DeletionBounds.clearlyBefore(end.at(), latest(e, e.first())))
                        && (deletion.notBefore() == null || deletion.inferredLower()
                            || (!DeletionBounds.clearlyBefore(earliest(e, e.first()), deletion.notBefore().at())
                                && !killingBefore(pod, clocks, e, deletion.notBefore())))) {
                    String container = path.substring("spec.containers{".length(), path.length() - 1);
                    if (!container.equals(mainName)) {
                        // The kubelet writes a Killing Event for each container it stops, so main's own would be there had it run;
                        // a sidecar's (or a ContainerSet's other container) alone shows the Pod unfinished, not main running: a
                        // sidecar outlives main until the controller signals it, and not at all while no Workflow worker runs.
                        if (othersRan == null) {
                            String killed = "the kubelet stopped the running container " + container + " at " + e.first().format() + " (Killing event"
                                    + datedBy(e) + ")";
                            othersRan = end != null && end.mainEndedBeforeOnItsNode(earliest(e, e.first()))
                                    ? mainName + " had ended at " + end.mainAt().format() + " (" + end.exitSummary() + "), but " + killed
                                            + ": another container (a sidecar) still ran"
                                    : killed + ", which is not " + mainName + ": a sidecar still running says nothing of whether " + mainName
                                            + " still ran";
                        }
                        continue;
                    }
                    running = new Execution(State.RUNNING, "the kubelet stopped the running container " + container
                            + " at " + e.first().format() + " (Killing event" + datedBy(e) + ")", e.source(), e.statedClock(), e.statedClock());
                    // Session 60 breaker (KillingS60BreakerTest): the Killing shows main running when the kubelet began that kill, at its
                    // node's stamp; the API server's creationTimestamp bounds that moment from above only (the recorder retries a failed
                    // post for minutes). It is the deletion's kill only if it came after the request, which its stamp says on its node's
                    // clock: a kubelet's own stop the export does not show (a sandbox lost under restartPolicy Never stops every
                    // container, no status reason, no Event but the Killing) is otherwise the same record. Ordered after the request
                    // only on far bounds, the margin or not at all: likely at most.
                    running = killingAfterRequest(clocks, e, deletion.notBefore()) ? running : running.onNodeMargin();
                    break;
                }
            }
        }
        if (running == null) {
            running = failedWhileRunning(pod);
        }
        if (running == null) {
            running = lostWhileReady(pod, end, deletion);
        }
        if (running == null) {
            running = readyAfterDeletion(pod, deletion, clocks);
        }
        if (running == null) {
            running = runningThroughDatedVersion(pod, deletion, exit, processes, clocks);
        }
        // The containers' end is their node's clock, the deletion's bounds the API server's (an audit record, deletionTimestamp, a
        // control-plane component's record) or, for an undeleted export's time its node wrote, the same node's (session 54).
        NodeClock.NodeOrder requestBeforeEnd = running != null || end == null || deletion.notAfter().fromLogs() ? NodeClock.NodeOrder.NONE
                : clockOf(clocks, end).otherBefore(deletion.notAfter().at(), end.mainAt(), 0);
        if (requestBeforeEnd.ordered()) {
            running = new Execution(State.RUNNING, end.mainEnded() + " (" + end.exitSummary()
                    + "), after the deletion was requested " + deletion.when() + (requestBeforeEnd != NodeClock.NodeOrder.MARGIN
                    ? ", by " + clockOf(clocks, end).near(end.mainAt()).describe() : ""), deletion.notAfter().evidence(), false);
            running = requestBeforeEnd.capped() ? running.onNodeMargin() : running;
        }
        String graceDisagrees = null;
        boolean sameNode = finished == null && end != null && deletion.notBefore() != null && sameNodeClock(pod, end, deletion.notBefore());
        NodeClock.NodeOrder endBeforeRequest = finished == null && end != null && deletion.notBefore() != null && !sameNode
                ? clockOf(clocks, end).nodeBefore(end.at(), deletion.notBefore().at(), 0) : NodeClock.NodeOrder.NONE;
        boolean endedBefore = sameNode ? DeletionBounds.clearlyBefore(end.at(), deletion.notBefore().at()) : endBeforeRequest.ordered();
        if (endedBefore) {
            if (deletion.grace() != null && deletion.grace() > 1) {
                // Session 54: the API server gave the deletion a grace period, which it gives only to a Pod whose phase it holds not
                // terminal (lifecycle reference A1), and the kubelet writes the terminal phase within seconds of the last container's
                // end: on the API server's own clock the Pod had not been reported finished at the request. Containers that ended
                // before it as their node wrote it say so only on a node whose clock is behind by more than its minute or whose kubelet
                // was not reporting then (a node cut off, which nothing given shows): the two disagree, and neither decides.
                graceDisagrees = "the containers ended at " + end.at().format() + " (" + end.exitSummary() + ") as their node's clock reads it, "
                        + "before the deletion was requested " + deletion.when() + ", but the API server gave the deletion a grace period of "
                        + deletion.grace() + "s, which it gives only to a Pod whose phase it does not hold terminal, and the kubelet writes the "
                        + "terminal phase within seconds of the end: the node's clock behind the API server's by more than a minute, or its "
                        + "kubelet not reporting then, would explain it, and nothing given shows either";
            } else {
                finished = new Execution(State.FINISHED_BEFORE, "the containers ended at " + end.at().format() + " (" + end.exitSummary()
                        + "), before the deletion was requested " + deletion.when() + (deletion.inferredLower()
                        ? " (the grace-0 deletionTimestamp read as the request: an inference, not what an object states)" : ""),
                        deletion.notBefore().evidence(), deletion.notBefore().statedClock(), false, false, false, false, deletion.inferredLower());
                finished = endBeforeRequest.capped() ? finished.onNodeMargin() : finished;
            }
        }
        if (running == null) {
            running = atRequest;
        }
        if (running != null && finished != null) {
            return new Execution(State.UNDETERMINED, "the evidence disagrees: " + running.reason() + ", but " + finished.reason(), running.evidence(), false);
        }
        if (running != null || finished != null) {
            return running != null ? running : finished;
        }
        if (graceDisagrees != null) {
            return new Execution(State.UNDETERMINED, graceDisagrees, deletion.notBefore().evidence(), false);
        }
        if (othersRan != null) {
            return new Execution(State.UNDETERMINED, othersRan, deletion.notAfter().evidence(), false);
        }
        // The containers ended after the controller saw the deletion (its clock agreeing with the objects', the end's node's clock
        // past what it may be off): they ran then.
        if (end != null && deletion.firstSeen() != null && deletion.logsAgree()
                && clockOf(clocks, end).otherBefore(deletion.firstSeen().time(), end.mainAt(), DeletionBounds.CROSS_CLOCK_NANOS).ordered()) {
            return new Execution(State.RUNNING, "the controller handled the deletion at " + deletion.firstSeen().time().format()
                    + ", before " + end.mainEnded() + " (" + end.exitSummary() + ")", deletion.firstSeen().source(), true);
        }
        // A main container ended by a signal moments before the deletion is recorded, or after it within what its node's clock may be
        // off: the kill of that deletion, most likely.
        if (end != null && end.mainSignalled() && nearRequest == null && !DeletionBounds.nodeClearlyBefore(deletion.notAfter().at(), end.mainAt())
                && end.mainAt().windowEnd().plusNanos(DeletionBounds.KUBELET_FINAL_DELETE_NANOS).isAfter(deletion.notAfter().at().instant())) {
            return new Execution(State.RUNNING, "main was ended by a signal (exit " + end.mainExit() + ", " + end.mainReason() + ") at "
                    + end.mainAt().format() + " and the deletion was requested " + deletion.when() + ", moments apart: most likely the kill of that "
                    + "deletion", end.snapshot().source(), true);
        }
        Execution fromLogs = fromLogs(pod, exit, processes);
        if (fromLogs != null) {
            return fromLogs;
        }
        StringBuilder why = new StringBuilder();
        if (nearRequest != null) {
            why.append(nearRequest);
        } else if (end == null) {
            why.append("no export of the Pod shows how its containers ended");
            String quiet = noKillingAmongItsEvents(pod);
            if (quiet != null) {
                why.append("; ").append(quiet);
            }
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
     * What the Events given say where they hold the kubelet's {@code Started} of this Pod's main container but no {@code Killing} of
     * any of its containers, or null: a live kubelet writes {@code Killing} ({@code Stopping container <name>}) for each container it
     * stops when the Pod is deleted, so a listing that reached this Pod's own start and holds no stop leans towards containers that
     * had ended before the deletion. It is said, not weighed: Events are best effort (the kubelet's recorder drops some under its
     * rate limits, they expire after an hour), a lost node's kubelet writes none, and a listing says nothing of when it was taken.
     * Before, the undecided reason named "the kubelet's Killing Events" as what would settle it beside a listing that held the Pod's
     * Events and none of them (author incident s43, samples/drain-during-controller-restart).
     */
    private static String noKillingAmongItsEvents(PodHistory pod) {
        String mainName = mainName(pod);
        ClusterEvent started = null;
        for (ClusterEvent e : pod.clusterEvents()) {
            if (!"Pod".equals(e.regarding().kind())) {
                continue;
            }
            if ("Killing".equals(e.reason())) {
                return null;
            }
            if ("Started".equals(e.reason()) && ("spec.containers{" + mainName + "}").equals(e.regarding().fieldPath())
                    && (started == null || started.first() == null
                        || (e.first() != null && e.first().instant().isBefore(started.first().instant())))) {
                started = e;
            }
        }
        if (started == null) {
            return null;
        }
        return "the Events given hold the kubelet's start of " + mainName + " (Started" + (started.first() == null ? "" : " at "
                + started.first().format()) + ") but no Killing of "
                + "any of its containers, which a live kubelet writes when it stops a running one: not read as proof (Events are best effort, "
                + "and a lost node's kubelet writes none)";
    }

    /** main's exit code is one a signal gives (137 SIGKILL, 143 SIGTERM, …), not its own exit. */
    /**
     * An export of the deleted Pod showing main not terminated, where another export of the Pod reports main's end at or before the
     * request's second (deletionTimestamp, less the grace period where above 1). An export shows main as the kubelet last reported
     * it, which lags main's end by a second or two (its relist and status sync): the version the deletion itself wrote can show main
     * running though it had ended just before. Main's reported end, read against the request by the other export, decides; this one
     * says nothing (s41 breaker: main exited 0 a second before an eviction, the deletion's own version showing it running beside a
     * later export showing it terminated, was AF007 confirmed "main still running"). An end reported after the request's second
     * leaves the running version as it was read (it agrees).
     */
    /**
     * Where an export of the deleted Pod is the Pod the API server returned to a request (an audit record at level
     * {@code RequestResponse}, {@link dev.argoforensics.snapshot.EventDecoder#responsePod}) that completed less than the kubelet's
     * report lag after the deletion was requested, what to add to its reading; else null. Such a Pod is exactly as stored at the
     * request, so its containers are as the kubelet last reported them: a main that ended just before the deletion, not yet reported
     * (the kubelet's relist and status sync), reads as running. Argo's own finalizer patch, sent on seeing the deletion, returns
     * such a Pod within milliseconds of it (session 46 breaker). An export taken by hand carries no such time and is read as before.
     * The request is read at the end of its second (deletionTimestamp less a grace period above 1, else deletionTimestamp), the
     * record by its receipt (its completion where it states none).
     */
    private static String returnedAtRequest(PodHistory pod, PodSnapshot s) {
        dev.argoforensics.snapshot.AuditRecord record = null;
        for (dev.argoforensics.snapshot.AuditRecord a : pod.auditRecords()) {
            if (a.source().equals(s.source())) {
                record = a;
            }
        }
        // The stored Pod was read somewhere between the receipt and the completion (a slow validating webhook runs after the read):
        // the receipt is the earliest, and the one that never overstates the gap.
        Timestamp at = record == null ? null : record.requestReceived() != null ? record.requestReceived() : record.stageTimestamp();
        if (at == null) {
            return null;
        }
        Long g = s.deletionGracePeriodSeconds();
        Timestamp requested = g != null && g > 1 ? new Timestamp(s.deletionTimestamp().instant().minusSeconds(g), s.deletionTimestamp().precision(),
                s.deletionTimestamp().zone()) : s.deletionTimestamp();
        if (!at.instant().isBefore(requested.windowEnd().plusNanos(KUBELET_REPORT_LAG_NANOS))) {
            return null;
        }
        return "; but that is the Pod the API server returned to " + record.user() + "'s " + record.verb() + " received at " + at.format()
                + ", less than the kubelet's report lag (" + GoDuration.format(KUBELET_REPORT_LAG_NANOS) + ") after the deletion was requested ("
                + requested.format() + "): it shows " + PodLifecycle.main(s).name() + " as the kubelet last reported it, and one that ended just "
                + "before the deletion, not yet reported, reads the same";
    }

    /**
     * Whether a deleted export showing main running ({@code s}) lags behind another export's end of main: null where that end may
     * have come before the request (the running export a report the kubelet had not caught up with), so {@code s} is set aside;
     * else how the request orders before every such end: {@link NodeClock.NodeOrder#BOUNDED} (none, or each by its node's clock
     * bounded from the Pod's records), {@link NodeClock.NodeOrder#MARGIN} (one only past the node's minute, nothing bounding its
     * clock: reading {@code s} rests on that clock agreeing). Session 54 read every end so, past the minute; session 57 reads the
     * node's clock where the Pod's records bound it ({@link NodeClock#otherBefore}): a node known behind no longer sets aside a running
     * export whose end, as it reads, is within the minute of the request, and a node known ahead sets aside one past it.
     */
    private static NodeClock.NodeOrder lagging(PodHistory pod, PodSnapshot s, ContainerState main, NodeClocks clocks) {
        if (s.deletionTimestamp() == null || main == null || main.terminated()) {
            return NodeClock.NodeOrder.BOUNDED;
        }
        Long g = s.deletionGracePeriodSeconds();
        Timestamp requested = g != null && g > 1 ? new Timestamp(s.deletionTimestamp().instant().minusSeconds(g), s.deletionTimestamp().precision(),
                s.deletionTimestamp().zone()) : s.deletionTimestamp();
        NodeClock.NodeOrder out = NodeClock.NodeOrder.BOUNDED;
        for (PodSnapshot other : pod.snapshots()) {
            ContainerState m = PodLifecycle.main(other);
            if (other == s || m == null || !m.terminated() || m.finishedAt() == null) {
                continue;
            }
            // main's end is its node's clock, the request the API server's: an end read up to a node's minute after the request's
            // second may be one before it on a node ahead (session 54), reported late as the running export shows.
            NodeClock.NodeOrder after = clocks.of(other.nodeName()).otherBefore(requested, m.finishedAt(), 0);
            if (after == NodeClock.NodeOrder.NONE) {
                return null;
            }
            out = after.capped() ? after : out;
        }
        return out;
    }

    /**
     * Whether a bound on the deletion is a time the containers' own node wrote (an undeleted export's latest time, where that is one
     * of its kubelet's: a condition's transition, a container's start or end), so that it and the containers' end are one clock and
     * order without the node's margin (LifecycleBuilderTest: an undeleted export whose kubelet condition is after main's end).
     */
    private static boolean sameNodeClock(PodHistory pod, ContainersEnd end, Known bound) {
        if (bound.statedClock() || bound.fromLogs() || end.snapshot() == null) {
            return false;
        }
        for (PodSnapshot s : pod.snapshots()) {
            Timestamp node = s.nodeWrittenLatest();
            if (s.source().equals(bound.evidence()) && node != null && node.instant().equals(bound.at().instant())
                    && Objects.equals(s.nodeName(), end.snapshot().nodeName())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every container of the export had ended within moments of main's end on their one node clock: no more than two clocks'
     * disagreement ({@link DeletionBounds#CROSS_CLOCK_NANOS}) less the kubelet's report lag after it, so that the window in which main
     * would have had to end on its own before a request the API server still graced is no wider than the one session 39 read past.
     */
    private static boolean lastEndedSoonAfter(PodSnapshot s, Timestamp mainEnd) {
        Optional<Timestamp> last = lastEnd(s);
        return last.isPresent() && last.get().comparable(mainEnd)
                && mainEnd.nanosUntil(last.get()) <= DeletionBounds.CROSS_CLOCK_NANOS - KUBELET_REPORT_LAG_NANOS;
    }

    /**
     * The latest end of every container of the export, init containers included: a native sidecar (an init container with
     * {@code restartPolicy: Always}, istio's native mode) keeps the Pod's phase Running after the regular containers ended, until the
     * kubelet has stopped it (s54 breaker: a sidecar draining 35 s after main's own exit made the grace period, read as main's
     * SIGTERM). Empty where one has not terminated or the statuses were cut.
     */
    private static Optional<Timestamp> lastEnd(PodSnapshot s) {
        Optional<Timestamp> last = s.containersFinishedAt();
        if (last.isEmpty()) {
            return last;
        }
        Timestamp latest = last.get();
        for (ContainerState c : s.containers()) {
            if (c.init()) {
                if (!c.terminated() || c.finishedAt() == null) {
                    return Optional.empty();
                }
                latest = c.finishedAt().isAfter(latest) ? c.finishedAt() : latest;
            }
        }
        return Optional.of(latest);
    }

    /**
     * Whether a Killing Event would raise a reading of main's end within its node's minute of the request (weak, cross-clock) on a Pod
     * the kubelet stopped itself ({@link ContainersEnd#kubeletStop}: the Pod's deadline, a node-pressure eviction, a node shutdown):
     * that stop writes Killing of main too, before any deletion, so its Event no more shows main running at the request (s54 breaker:
     * a DeadlineExceeded kill 6 s before a graced request, main's 143 a second later, read as confirmed); nor does one from another
     * node's kubelet.
     */
    private static boolean ownStopUpgrade(Execution running, ContainersEnd end, ClusterEvent e) {
        if (running == null || running.state() != State.RUNNING || !((running.weak() && running.crossClock()) || running.nodeMargin())
                || end == null) {
            return false;
        }
        // The reading rests on the Event being the same node's clock as main's end: a kubelet of another node (another Pod of the name,
        // its UID not given) is neither that clock nor this Pod's kill (s54 breaker).
        String node = end.snapshot() == null ? "" : Objects.requireNonNullElse(end.snapshot().nodeName(), "");
        boolean otherNode = !e.host().isBlank() && !node.isBlank() && !e.host().equals(node);
        return end.kubeletStop() != null || otherNode;
    }

    /**
     * Whether the taint manager deleted the Pod (a {@code DisruptionTarget} condition {@code DeletionByTaintManager}): for a NoExecute
     * taint, most often {@code node.kubernetes.io/unreachable} or {@code not-ready} after the default 300 s toleration, its kubelet cut
     * off and not reporting, so the API server's phase at the request was its last report and the grace period bounds nothing of the
     * containers' end (s54 breaker; the condition does not name the taint).
     */
    private static boolean byTaintManager(PodHistory pod) {
        for (PodSnapshot s : pod.snapshots()) {
            for (PodCondition c : s.conditions()) {
                if ("DisruptionTarget".equals(c.type()) && "True".equals(c.status()) && "DeletionByTaintManager".equals(c.reason())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** "its node's clock" or "node n1's clock": whose clock wrote the containers' times in an export. */
    /** What bounds the clock of the node the containers' end was read on ({@link NodeClock}; session 56). */
    private static NodeClock clockOf(NodeClocks clocks, ContainersEnd end) {
        return end.clock() != null ? end.clock() : clocks.of(end.snapshot() == null ? null : end.snapshot().nodeName());
    }

    private static String nodeClock(PodSnapshot s) {
        return s.nodeName() == null || s.nodeName().isEmpty() ? "its node's clock" : "node " + s.nodeName() + "'s clock";
    }

    private static boolean signalExit(ContainerState main) {
        return main.exitCode() != null && ContainersEnd.SIGNAL_EXITS.contains(main.exitCode()) && !"Completed".equals(main.reason())
                && !"OOMKilled".equals(main.reason());
    }

    /**
     * A Killing Event about an earlier (or another) Pod of the name: dated clearly before this Pod was created (its {@code Created
     * pod} line, else an export's creationTimestamp), or naming a UID other than this Pod's exports give. A name is free again only
     * once the earlier Pod's object is gone, after its kubelet stopped its containers, so its Killing says nothing of this Pod's
     * main (session 45 breaker: an earlier Pod's Killing of main 40 minutes before this one was created read as main running at the
     * deletion, AF007 likely on this Pod's own 137; where the deletion is known only from above, nothing else bounded the Event).
     */
    private static boolean ofAnotherPod(PodHistory pod, ClusterEvent e) {
        String uid = e.regarding().uid();
        java.util.Set<String> uids = pod.snapshots().stream().map(PodSnapshot::uid).filter(u -> u != null && !u.isBlank())
                .collect(java.util.stream.Collectors.toSet());
        if (uid != null && !uid.isBlank() && uids.size() == 1 && !uids.contains(uid)) {
            return true; // every export of the name is one other Pod
        }
        Timestamp created = creation(pod);
        return created != null && DeletionBounds.clearlyBefore(latest(e, e.first()), created);
    }

    /**
     * Whether a kubelet's Killing Event came before {@code request}, the deletion's earliest time, on more than its stamp's own
     * reading with two clocks' 10 s (session 60): the API server stored it (its {@code creationTimestamp}, the request's clock) before
     * the request's second, or its stamp orders before the request by its node's clock as the Pod's records bound it, or past that
     * node's minute ({@link NodeClock#nodeBefore}, any grade: an Event that may be of a kill before the deletion is not read as the
     * deletion's). A node ahead puts a kubelet's own stop (the Pod's {@code activeDeadlineSeconds}, a node-pressure eviction) after a
     * deletion that followed it.
     */
    private static boolean killingBefore(PodHistory pod, NodeClocks clocks, ClusterEvent e, Known request) {
        if (request.fromLogs() || request.statedClock() || e.statedClock()) {
            return false; // the request on the controller's or a user's clock: as before, two clocks' reading
        }
        if (e.created() != null && e.created().comparable(request.at()) && e.created().windowEnd().isBefore(request.at().instant())) {
            return true;
        }
        String node = e.host() == null || e.host().isBlank() ? null : e.host();
        return clocks != null && e.first() != null && e.first().comparable(request.at()) && clocks.of(node).nodeBefore(e.first(), request.at(), 0).ordered();
    }

    /**
     * Whether a kubelet's Killing Event came after {@code request}, the deletion's earliest time, by its node's clock bounded near its
     * stamp ({@link NodeClock.NodeOrder#BOUNDED}; session 60 breaker), or by its storage where its stamp agrees with it. A request on the controller's or a stated clock, an Event dated
     * by a stated clock, or no request known: as before, the two clocks' reading the caller made.
     */
    private static boolean killingAfterRequest(NodeClocks clocks, ClusterEvent e, Known request) {
        if (e.statedClock()) {
            return true; // dated by a stated clock (an age in a kubectl table or describe): the caller's reading is weak already
        }
        if (e.created() == null || e.first() == null || !e.created().comparable(e.first())) {
            // Session 61: no creationTimestamp (an Event trimmed of its metadata, or one whose only time is its creation, which
            // then stands in for its first time): the kill is bounded by nothing on the API server's clock, neither by a prompt
            // storage nor, where its only time is that creation, by its node's clock (the decoder does not say which of the two
            // it is). It says main ran when the kubelet began that kill, not that the deletion caused it: never an upgrade.
            return false;
        }
        if (request == null || request.fromLogs() || request.statedClock() || clocks == null || !e.first().comparable(request.at())) {
            return true;
        }
        String node = e.host() == null || e.host().isBlank() ? null : e.host();
        if (clocks.of(node).otherBefore(request.at(), e.first(), 0) == NodeClock.NodeOrder.BOUNDED) {
            return true;
        }
        // Its stamp and its creationTimestamp within a second of each other: a prompt post from a node in step (a late post from a
        // node ahead by just the delay is the coincidence read past), so the kill came when the API server stored it, which
        // killingBefore puts not before the request. Apart by more: a late post (the recorder retrying) or a node off, and the kill's
        // moment is bounded from above only.
        return Math.abs(java.time.Duration.between(e.first().instant(), e.created().instant()).toMillis()) <= 1_000;
    }

    /**
     * A Killing Event the kubelet writes when it stops a container because the Pod is going (a deletion, an eviction, its own stop):
     * {@code Stopping container <name>}. The kubelet writes Killing too when a probe fails ({@code Container main failed liveness
     * probe, will be restarted}, startup likewise) or the container's spec changed: the container's own failure, at any time before a
     * deletion, which says nothing of main running when the Pod was deleted (session 38 breaker: a liveness kill 21 minutes before
     * the deletion read as "the kubelet stopped the running container main", AF007 confirmed). An Event without a message is not read.
     */
    private static boolean stopsContainer(ClusterEvent e) {
        String m = e.note() == null ? "" : e.note().strip();
        return m.regionMatches(true, 0, "Stopping container", 0, "Stopping container".length());
    }

    /**
     * The name of the Pod's main container: as its exports give it ({@link PodLifecycle#main(PodSnapshot)}: {@code main}, else the
     * first that is neither an init container nor {@code wait}), else {@code main}, the name Argo gives it.
     */
    private static String mainName(PodHistory pod) {
        for (PodSnapshot s : pod.snapshots()) {
            ContainerState main = PodLifecycle.main(s);
            if (main != null) {
                return main.name();
            }
        }
        return "main";
    }

    /** A Pod deleted before it was ever scheduled ({@link #neverScheduled}), or scheduled but before main started ({@link #mainNeverStarted}). */
    private static Execution neverStarted(PodHistory pod, ContainersEnd end) {
        if (end != null) {
            return null;
        }
        Execution unscheduled = neverScheduled(pod);
        return unscheduled != null ? unscheduled : mainNeverStarted(pod);
    }

    /**
     * A Pod deleted after it was scheduled but before its main container started ({@link MainStart#NOT_STARTED}): an export showing
     * the deletion ({@code deletionTimestamp}) with the Pod bound to a node and main still {@code waiting}, and no export of this Pod
     * showing main started (running, or terminated with a {@code startedAt}; the evidence then disagrees, and the order is read as
     * before). Under {@code restartPolicy: Never} a started container never waits again, and the kubelet starts nothing of a Pod
     * being deleted, so main had not started when the deletion came (within the kubelet's report lag: a main started a second or two
     * before the deletion may not be reported yet; nothing here reads the export's time against it, which is one reason AF007 reports
     * such a Pod as possible only). The deletion came during the
     * step, not while main ran. The grace period the API server gave says nothing here: it gives one to any scheduled Pod that has
     * not finished. An export from before the deletion says nothing of later.
     */
    private static Execution mainNeverStarted(PodHistory pod) {
        PodSnapshot waiting = null;
        for (PodSnapshot s : pod.snapshots()) {
            MainStart m = MainStart.of(s);
            if (m == MainStart.RUNNING || (m == MainStart.TERMINATED && PodLifecycle.main(s).startedAt() != null)) {
                return null;
            }
            if (waiting == null && s.deletionTimestamp() != null && m == MainStart.NOT_STARTED) {
                waiting = s;
            }
        }
        if (waiting == null) {
            return null;
        }
        String why = MainStart.waitingReason(waiting);
        String node = waiting.nodeName() == null || waiting.nodeName().isEmpty() ? "scheduled (PodScheduled True)" : "scheduled on " + waiting.nodeName();
        return new Execution(State.MAIN_NEVER_STARTED, "an export of the deleted Pod (deletionTimestamp " + waiting.deletionTimestamp().format()
                + ") shows it " + node + " and " + PodLifecycle.main(waiting).name() + " still waiting" + (why.isEmpty() ? "" : " (" + why + ")")
                + ": " + PodLifecycle.main(waiting).name() + " never started, and a Pod being deleted starts no container", waiting.source(), false);
    }

    /** What, beside the exports, says main had started: the controller's warning naming it, or main's Killing Event; null if nothing. */
    private static String mainRanBy(PodHistory pod) {
        Execution warned = failedWhileRunning(pod);
        if (warned != null) {
            return warned.reason();
        }
        String mainName = mainName(pod);
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("Killing".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && e.regarding().fieldPath().equals("spec.containers{" + mainName + "}")
                    && stopsContainer(e)) {
                return "the kubelet stopped the container " + mainName + " at " + e.first().format() + " (Killing event" + datedBy(e) + ")";
            }
        }
        return null;
    }

    /**
     * A Pod deleted before it was ever scheduled: an export showing the deletion ({@code deletionTimestamp}) with no node
     * ({@code spec.nodeName} empty), phase {@code Pending} and no container that ever ran. A binding is never undone and the
     * scheduler skips a Pod being deleted, so no container of it ever started: nothing it could have produced was lost. Only
     * an export of the object (not {@code kubectl describe} text) counts, and not where any export of this Pod shows a node
     * or a container that ran (the evidence then disagrees). An export from before the deletion says nothing of later: the
     * Pod could still have been scheduled and run.
     */
    private static Execution neverScheduled(PodHistory pod) {
        PodSnapshot unscheduled = null;
        for (PodSnapshot s : pod.snapshots()) {
            boolean ran = s.containers().stream().anyMatch(c -> c.startedAt() != null || c.terminated() || "running".equals(c.state()));
            if (ran || MainStart.scheduled(s) || s.described()) {
                return null;
            }
            if (unscheduled == null && s.deletionTimestamp() != null && "Pending".equals(s.phase()) && s.nodeName() != null) {
                unscheduled = s;
            }
        }
        return unscheduled == null ? null : new Execution(State.NEVER_SCHEDULED, "an export of the deleted Pod (deletionTimestamp "
                + unscheduled.deletionTimestamp().format() + ") shows it Pending and never scheduled (no node): no container of it ever "
                + "started, and a Pod being deleted is not scheduled", unscheduled.source(), false);
    }

    /**
     * What the pod informer's lines say. A running Pod goes on changing while the kubelet stops its
     * containers: significant updates after the deletion was seen mean it had not finished, but only those later than the
     * kubelet's report lag ({@link #KUBELET_REPORT_LAG_NANOS}): an earlier one may be the kubelet reporting, late, containers
     * that had ended just before the deletion (the deletion then came before their terminal phase, with its full grace), and
     * with nothing later the lines cannot tell. The
     * other way round is weaker, as a grace-0 deletion of a running Pod (a forced delete, the Pod
     * garbage collector after its node was lost) also makes it vanish at the release; so a finished
     * Pod is read from the lines only when all of these hold: the controller saw the deletion arrive
     * (an {@code update pod event}, not the {@code add} of a start-up listing); the Pod changed no
     * more and vanished at its finalizer's release; and its last condition transition, which the
     * logged delay dates (deadline - max(pod GC delay, 2m)), came long after its creation (not its
     * start-up) and well before the deletion (not a DisruptionTarget set by the deletion's author).
     */
    /**
     * The order read from a Workflow worker's assessment of the Pod as Succeeded, where the objects and the pod controller's lines
     * left it open or only inferred it (session 45, a hand-written incident: a leader whose Workflow writes a validating webhook
     * refused saw the Pod Succeeded, then the user's delete arrive, and the next leader released the Pod at its start-up). The
     * worker reads the Pod from the same informer the pod controller's handler is called from: {@code node changed} to
     * Succeeded (or {@code Taskresult of the node not yet completed}, logged only for a node assessed Succeeded) means the Pod in
     * that informer had phase Succeeded, every container terminated with exit 0, which no lost node's Pod ever shows (its kubelet
     * is gone; the Pod garbage collector writes Failed, and the fall-through that assessed such a Pod Succeeded before #15150 is
     * excluded by the caller through the controller's own warning). A deletionTimestamp set before that would have reached the
     * same run's handler first, as the update that carried it ({@code significantPodChange} counts it), and its deleting branch
     * runs on such an update from #15164 on: so where that run's first sighting of the deletion is such an update, logged later
     * than the assessment by more than a handler may lag behind the store ({@link #PROMPT_NANOS}), the containers had ended
     * before the deletion was requested. Weak (the controller's lines order the two; no object states it), with the end shown:
     * not a lost node's Pod. An object that shows main running at the deletion is not overridden; where the two sightings are of
     * different runs (two clocks), or the first sighting is an add (a run starting on a Pod already deleting), nothing changes.
     */
    static Execution assessedBeforeDeletion(PodHistory pod, Execution execution, LogEvent assessed, List<ControllerProcess> processes) {
        if (assessed == null || execution == null) {
            return execution;
        }
        boolean open = execution.state() == State.UNDETERMINED
                || (execution.state() == State.FINISHED_BEFORE && execution.weak() && !execution.endShown());
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        if (!open || sighting == null || sighting[1] == null) {
            return execution;
        }
        LogEvent trigger = sighting[1];
        if (((PodInformerEvent) trigger.event()).action() != InformerAction.UPDATE || trigger.stream() != assessed.stream()
                || trigger.ordinal() < assessed.ordinal()
                || assessed.time().windowEnd().plusNanos(PROMPT_NANOS).isAfter(trigger.time().instant())
                // The order rests on no deleting sighting logged between the two: only a run whose nameless records (the stats
                // ticker's) show no cut from one to the other shows that none was written; a grep, or a head and a tail pasted
                // together, may have dropped the first sighting (s45-breaker7's cut log: a later sighting read as the first).
                || !StreamExtents.wholeFromTo(processes, assessed.stream(), assessed.time(), trigger.time())) {
            return execution;
        }
        return new Execution(State.FINISHED_BEFORE, "a Workflow worker assessed the Pod Succeeded at " + assessed.time().format()
                + " (every container had exited 0), before the same controller run saw the deletion arrive (update pod event at "
                + trigger.time().format() + "): it had already finished" + StreamExtents.TICKER_CAVEAT, assessed.source(), true, false, true);
    }

    private static Execution fromLogs(PodHistory pod, InformerExit exit, List<ControllerProcess> processes) {
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        if (sighting == null) {
            return null;
        }
        LogEvent seen = sighting[0];
        LogEvent trigger = sighting[1];
        LogEvent schedule = null;
        LogEvent left = null;
        LogEvent early = null;
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && e.ordinal() > seen.ordinal()) {
                if (e.event() instanceof PodInformerEvent p) {
                    if (p.action() == InformerAction.UPDATE) {
                        if (!seen.time().windowEnd().plusNanos(KUBELET_REPORT_LAG_NANOS).isBefore(e.time().instant())) {
                            if (early == null) {
                                early = e;
                            }
                            continue;
                        }
                        return new Execution(State.RUNNING, "after the controller handled the deletion at " + seen.time().format()
                                + " the Pod kept changing (update pod event at " + e.time().format() + "): it had not finished", e.source(), true,
                                false, false, true, false);
                    }
                    if (p.action() == InformerAction.DELETE) {
                        left = e;
                        break;
                    }
                } else if (schedule == null && e.event() instanceof PodCleanupScheduled) {
                    schedule = e;
                }
            }
        }
        if (early != null) {
            return new Execution(State.UNDETERMINED, "after the controller handled the deletion at " + seen.time().format() + " the Pod changed "
                    + "only within the kubelet's report lag (update pod event at " + early.time().format() + "): the kubelet reporting containers "
                    + "that had ended before the deletion looks the same as their end at its kill; what settles it is when they ended against "
                    + "when the deletion was requested: an export of the Pod showing both (its containers' finishedAt, its deletionTimestamp "
                    + "and grace period), the kubelet's Killing Event or an audit record of the delete", early.source(), true);
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
        if (!watched || gone == null || released == null || schedule == null || EventOrder.before(gone, released)
                || released.time().nanosUntil(gone.time()) > PROMPT_NANOS) {
            return null;
        }
        Execution unchanged = endedInFirstDeletedVersion(pod, seen, trigger, left, gone, processes);
        if (unchanged != null || created == null) {
            return unchanged;
        }
        PodCleanupScheduled s = (PodCleanupScheduled) schedule.event();
        long effective = Math.max(podGcDelay(s.podGC()), RemovalDeadline.MINIMUM_DELAY_NANOS);
        Instant lastTransition = schedule.time().instant().plusNanos(s.delayNanos()).minusNanos(effective);
        boolean afterStartUp = lastTransition.isAfter(created.windowEnd().plusNanos(START_UP_NANOS));
        boolean beforeDeletion = lastTransition.plusNanos(AT_DELETION_NANOS).isBefore(seen.time().instant());
        if (!afterStartUp || !beforeDeletion) {
            return null;
        }
        Execution conditionOnly = conditionOnlyTransition(pod, seen, trigger, lastTransition, processes);
        if (conditionOnly != null) {
            return conditionOnly;
        }
        return new Execution(State.FINISHED_BEFORE, "the controller saw the deletion arrive (update pod event at " + trigger.time().format()
                + ") and the Pod changed no more until it vanished at its finalizer's release (" + gone.time().format() + "); its last condition "
                + "transition, which the logged delay dates to " + TimeFormat.utc(lastTransition, TimePrecision.MILLISECOND) + ", came long after "
                + "its creation and before the deletion: it had already finished", gone.source(), true);
    }

    /**
     * The containers' end was already in the first version of the Pod that carried its deletion. From #15164 (v3.6.16+, v3.7.7+,
     * v4) the pod event handler takes its deleting branch on every add or update of a Pod with a {@code deletionTimestamp}, and
     * a {@code deletionTimestamp}, once set, is never removed: so a deleting branch run on an update is the controller's sight of
     * the first deleted version, when the Pod was in its informer before without one. A container that ends changes the Pod's
     * container statuses, a significant change the informer delivers as an {@code update pod event} (so does the kubelet's own
     * final delete, which comes only after that status is written, lifecycle reference A1), and the Pod cannot leave the cluster
     * before that final delete unless the deletion itself was forced with grace 0. Where the controller, its log read whole from
     * that sight to the Pod leaving its informer at its finalizer's release, saw no update in between, and an export of the
     * deleted Pod shows every container terminated, that export shows what the first deleted version already held: the
     * containers had ended before the deletion was requested. Weak: only the controller's lines order the two, and a watch that
     * broke and relisted after the Pod had gone would have missed the changes.
     */
    private static Execution endedInFirstDeletedVersion(PodHistory pod, LogEvent seen, LogEvent trigger, LogEvent left, LogEvent gone,
                                                        List<ControllerProcess> processes) {
        if (left != gone || !StreamExtents.readWholeThrough(processes, seen.stream(), trigger.time(), gone.time())) {
            return null;
        }
        PodSnapshot shown = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() == null || s.containersFinishedAt().isEmpty() || s.described()) {
                continue;
            }
            String other = notTheVersionSeen(s, trigger);
            if (other != null) {
                return new Execution(State.UNDETERMINED, "an export of the deleted Pod shows every container terminated (" + s.exitCodeSummary()
                        + ", the last at " + s.containersFinishedAt().get().format() + ") and the controller saw no change of the Pod after the "
                        + "deletion arrived (update pod event at " + trigger.time().format() + "), but " + other + ": what the lines saw is not what "
                        + "that export shows, so neither orders the containers' end and the deletion; an export of the Pod taken before its "
                        + "deletion, naming its UID, the kubelet's Killing Event or the audit record of the delete would", s.source(), true);
            }
            if (shown == null) {
                shown = s;
            }
        }
        if (shown == null) {
            return null;
        }
        return new Execution(State.FINISHED_BEFORE, "an export of the deleted Pod shows every container terminated (" + shown.exitCodeSummary()
                + ", the last at " + shown.containersFinishedAt().get().format() + "), and the controller, which saw the deletion arrive on a Pod "
                + "it was watching (update pod event at " + trigger.time().format() + "), saw the Pod change no more until it left the "
                + "informer at its finalizer's release (" + gone.time().format() + "): the containers' end was already in the first "
                + "version that carried the deletion" + StreamExtents.TICKER_CAVEAT, shown.source(), true, false, true);
    }

    /**
     * Why an export of the deleted Pod showing its containers ended cannot be the first deleted version the controller saw (session
     * 35 recheck), or null. With no change logged after that sight, the export would hold that version's deletion: its
     * {@code deletionTimestamp} less a grace above 1 is the request's own time (lifecycle reference A1; with grace 0 or 1 the
     * timestamp itself, and a later, shorter delete moving it would have been a change), which the controller cannot have seen before
     * it was made; and an end that version already held was written before that request. So not where that time is later than the
     * controller's sight by more than two clocks disagree (a later Pod of the same name, run again by {@code argo retry} and deleted
     * in turn, whose {@code Created pod} line the evidence lacks; or a later delete the lines missed), nor where a container's
     * {@code finishedAt} is after it (the containers ended after the request: a Pod deleted while it ran, its kill written in changes
     * the lines did not show, as a watch that broke and relisted would miss them).
     */
    private static String notTheVersionSeen(PodSnapshot s, LogEvent trigger) {
        Timestamp ts = s.deletionTimestamp();
        Long grace = s.deletionGracePeriodSeconds();
        Timestamp requested = grace != null && grace > 1 ? new Timestamp(ts.instant().minusSeconds(grace), ts.precision(), ts.zone()) : ts;
        String what = grace != null && grace > 1 ? "its deletionTimestamp less its grace period (" + requested.format() + ")"
                : "its deletionTimestamp (" + ts.format() + (grace == null ? "" : ", grace period " + grace + "s") + ")";
        if (requested.comparable(trigger.time()) && DeletionBounds.clearlyBefore(trigger.time(), requested)) {
            return what + " is later than that sight by more than two clocks disagree: it is not the version the controller saw (a later "
                    + "Pod of the same name, an argo retry's, or a later delete the lines missed)";
        }
        Timestamp end = s.containersFinishedAt().get();
        if (end.isAfter(requested)) {
            return "its containers ended (" + end.format() + ") after " + what + ", no earlier than the request: they ended after the "
                    + "deletion, in changes the lines did not show";
        }
        return null;
    }

    /**
     * The first deleted version the controller saw, dated by its deleting branch's logged delay: the sight, the scheduling line,
     * and the window on the Pod's own clock in which that version's latest condition transition lies (deadline - max(pod GC
     * delay, 2m), the controller's clock cancelling out). No later than {@code latest}: the line is written after the delay was
     * computed; no earlier than {@code earliest}, half a second before the line's own time (computing the delay and writing the
     * line take far less). Null where nothing dates it: the controller's times disagree with the objects', no deleting branch or
     * scheduling line, a delay of 0 (no condition), or a podGC annotation an export may have lost.
     */
    private record DatedVersion(LogEvent seen, LogEvent schedule, Instant earliest, Instant latest) {
    }

    private static DatedVersion datedVersion(PodHistory pod, DeletionRequest deletion) {
        if (!deletion.logsAgree()) {
            return null; // the controller's times disagree with the objects' (local time with a literal Z): its delay dates nothing of theirs
        }
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        if (sighting == null) {
            return null;
        }
        LogEvent seen = sighting[0];
        LogEvent schedule = null;
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && e.ordinal() > seen.ordinal()) {
                if (e.event() instanceof PodInformerEvent) {
                    break;
                }
                if (e.event() instanceof PodCleanupScheduled s && "removeFinalizer".equals(s.action())) {
                    schedule = e;
                    break;
                }
            }
        }
        if (schedule == null || ((PodCleanupScheduled) schedule.event()).delayNanos() == 0) {
            return null; // no condition to date (a delay of 0), or no scheduling line
        }
        long effective = RemovalDeadline.MINIMUM_DELAY_NANOS;
        for (PodSnapshot p : pod.snapshots()) {
            if (!p.podGcKnown()) {
                return null; // the podGC annotation may have been cut from a trimmed export: its delay is unknown
            }
            effective = Math.max(effective, RemovalDeadline.podGcDelay(p.annotations().get(PodSnapshot.POD_GC_ANNOTATION)));
        }
        long delay = ((PodCleanupScheduled) schedule.event()).delayNanos();
        Instant latest = schedule.time().windowEnd().plusNanos(delay).minusNanos(effective);
        Instant earliest = schedule.time().instant().plusNanos(delay).minusNanos(effective).minusMillis(500);
        return new DatedVersion(seen, schedule, earliest, latest);
    }

    /**
     * Main still ran through the first deleted version (session 34: a lost node's Pod force-deleted by a user). An export taken
     * before the deletion (no {@code deletionTimestamp}) whose latest condition transition is the one the deleting branch's delay
     * dates in the first deleted version, the only whole second the dating window holds (condition times are whole seconds), shows
     * main running and {@code ContainersReady} {@code True}. No condition transitioned between that export and the deletion then.
     * Main's end, reported by the kubelet, turns {@code ContainersReady} {@code False} (a terminated container is never ready
     * again, restartPolicy Never): a later transition, which the dated version would hold. So main had not ended by the kubelet's
     * reports when the deletion was requested. A main that ended just before the deletion and was reported after it (the kubelet's
     * report lag) would change the Pod after the deletion, as would a live kubelet killing a running main: the controller, its log
     * read whole from its sight of the deletion to the Pod leaving its informer (held by the status finalizer until then), must
     * have seen no change of the Pod in between. Weak: that silence is the controller's lines', and a main that ended while its
     * kubelet stopped reporting for good is never known to have ended (as for every lost node's Pod, the step's work is lost).
     * Null: not all of it.
     */
    private static Execution runningThroughDatedVersion(PodHistory pod, DeletionRequest deletion, InformerExit exit,
                                                        List<ControllerProcess> processes, NodeClocks clocks) {
        DatedVersion dated = datedVersion(pod, deletion);
        LogEvent gone = exit != null && exit.kind() == InformerExit.Kind.REMOVED ? exit.event() : null;
        if (dated == null || gone == null || gone.stream() != dated.seen().stream() || EventOrder.before(gone, dated.seen())
                || !StreamExtents.readWholeThrough(processes, dated.seen().stream(), dated.seen().time(), gone.time())) {
            return null;
        }
        for (LogEvent e : pod.events()) {
            if (e.stream() == gone.stream() && e.ordinal() > dated.seen().ordinal() && e.ordinal() < gone.ordinal()
                    && e.event() instanceof PodInformerEvent) {
                return null; // the Pod changed after the deletion: the lines then say more, or leave it open
            }
        }
        Execution row = runningRow(pod, dated, gone);
        if (row != null) {
            return frozenIfLost(pod, deletion, clocks, row);
        }
        long first = dated.earliest().getEpochSecond() + (dated.earliest().getNano() > 0 ? 1 : 0);
        long last = dated.latest().plusMillis(500).getEpochSecond();
        if (first != last) {
            return null; // the window holds no whole second, or two: the dated transition is not pinned to one
        }
        Instant second = Instant.ofEpochSecond(first);
        for (PodSnapshot p : pod.snapshots()) {
            // As for readyAfterDeletion: an export before the deletion with a later transition, or one created after the dated
            // transition, disagrees with the line (a time misread, another Pod's export): nothing is read.
            if (p.creationTimestamp() != null && p.creationTimestamp().instant().isAfter(second)) {
                return null;
            }
            if (p.notDeleting() && p.lastConditionTransition().map(t -> t.instant().isAfter(second)).orElse(false)) {
                return null;
            }
        }
        for (PodSnapshot p : pod.snapshots()) {
            if (p.described() || !p.notDeleting()) {
                continue;
            }
            ContainerState main = PodLifecycle.main(p);
            Optional<Timestamp> transition = p.lastConditionTransition();
            boolean containersReady = p.conditions().stream().anyMatch(c -> "ContainersReady".equals(c.type()) && "True".equals(c.status()));
            if (main != null && !main.terminated() && "running".equals(main.state()) && containersReady && transition.isPresent()
                    && transition.get().comparable(dated.schedule().time()) && transition.get().instant().equals(second)) {
                return new Execution(State.RUNNING, "an export taken before the deletion" + (p.observed() == null ? "" : " (" + p.observed().time().format()
                        + ")") + " shows " + main.name() + " running and ContainersReady True, and its latest condition transition ("
                        + transition.get().format() + ") is the one the controller's first sight of the deletion (" + dated.seen().time().format()
                        + ") dates in the deleted Pod (its logged delay): no condition changed between that export and the deletion, and "
                        + main.name() + "'s end would have turned ContainersReady False; the Pod changed no more until it left the informer ("
                        + gone.time().format() + "), so no end was reported late either: " + main.name() + " had not ended when the deletion "
                        + "was requested" + StreamExtents.TICKER_CAVEAT, p.source(), true);
            }
        }
        return null;
    }

    /**
     * A pasted {@code kubectl get pods} row of the Pod, {@code Running} with every container ready ({@code READY 2/2}), in a table
     * whose stated time is after the latest condition transition the controller's first sight of the deletion dates (its logged
     * delay) by more than a user's clock may be off (session 44's datadog-csv-two-pods-deleted). At the table's time every container
     * was running and ready; main's end would have turned {@code ContainersReady} {@code False}, a transition after the table's time,
     * which the deleted version would date; the latest it dates is earlier, so main had not ended by the kubelet's reports when the
     * deletion was requested, and the Pod changed no more until it left the informer (checked by the caller), so no end was reported
     * late either. The row is this Pod's: listed after this Pod's own transition (so not an earlier Pod of the name), and its AGE
     * or its time puts it before this Pod left (not a later one). Weak, dated by a stated clock: the row has no exit codes or times
     * of its own. Null: not all of it.
     */
    private static Execution runningRow(PodHistory pod, DatedVersion dated, LogEvent gone) {
        for (PodListing l : pod.listings()) {
            if (!l.listed() || !"Running".equals(l.row().status()) || !allReady(l.row().ready()) || l.table().observed() == null
                    || l.table().observed().after(dated.latest().plusMillis(500)) == ObservedAt.Order.OPEN) {
                continue;
            }
            if (!agedAsThisPod(pod, dated, l.row())) {
                continue;
            }
            Timestamp created = l.row().createdLatest();
            boolean beforeGone = (created != null && DeletionBounds.clearlyBefore(created, gone.time()))
                    || l.table().observed().before(gone.time().instant()) != ObservedAt.Order.OPEN;
            if (!beforeGone) {
                continue; // maybe listed after the Pod left: a later Pod of the same name
            }
            return new Execution(State.RUNNING, "a kubectl get pods table taken at " + l.table().observed().time().format() + " lists the Pod "
                    + "Running, READY " + l.row().ready() + ": every container running and ready then, after the latest condition transition "
                    + "the controller's first sight of the deletion (" + dated.seen().time().format() + ") dates in the deleted Pod ("
                    + TimeFormat.utc(dated.latest(), TimePrecision.MILLISECOND) + " at the latest, its logged delay); main's end would have "
                    + "turned ContainersReady False later than that, and the Pod changed no more until it left the informer ("
                    + gone.time().format() + "), so main had not ended when the deletion was requested (the row holds no exit codes, and "
                    + "its time is the clock of whoever took the table)" + StreamExtents.TICKER_CAVEAT, l.row().source(), true, true);
        }
        return null;
    }

    /**
     * Whether the row's AGE allows its Pod to be this one (session 46 breaker): a Pod of the name created clearly after this one
     * existed (its export's creationTimestamp, else its controller's Created pod line, else the deletion's first sight) is another
     * object, a later Pod of the name or another namespace's or cluster's where the table does not say whose; one created clearly
     * before this Pod's creation is an earlier Pod of the name. AGE and the table's stated time are one machine's clock, whose offset
     * cancels (PodTable#createdNoLaterThan), leaving the creation on the API server's clock. A row whose AGE dates nothing is not
     * shown to be this Pod's: a watch's ({@code -w}, {@code --watch-only}: each row printed when its change came, at no stated
     * time, the name's last row perhaps a later Pod's printed after this one left), or AGE {@code <invalid>}.
     */
    private static boolean agedAsThisPod(PodHistory pod, DatedVersion dated, PodTable.Row row) {
        if (row.createdEarliest() == null || row.createdLatest() == null) {
            return false;
        }
        Timestamp created = pod.snapshots().stream().map(PodSnapshot::creationTimestamp).filter(Objects::nonNull).findFirst()
                .orElse(pod.latestCreated() == null ? null : pod.latestCreated().time());
        Timestamp existed = created != null ? created : dated.seen().time();
        if (DeletionBounds.clearlyBefore(existed, row.createdEarliest())) {
            return false;
        }
        return created == null || !DeletionBounds.clearlyBefore(row.createdLatest(), created);
    }

    /** READY {@code n/n}, n at least 1: every container ready. */
    private static boolean allReady(String ready) {
        int slash = ready == null ? -1 : ready.indexOf('/');
        if (slash <= 0) {
            return false;
        }
        String n = ready.substring(0, slash);
        return n.equals(ready.substring(slash + 1)) && n.chars().allMatch(Character::isDigit) && !n.chars().allMatch(c -> c == '0');
    }

    /**
     * The last condition transition the deleting branch's delay dates was a condition-only change (session 34): the controller
     * logged an {@code insignificant pod change} of the Pod at that time (the transition's whole second, to a second and the
     * informer's delivery after it), and, its log read whole, no significant change ({@code update pod event}) of the Pod from
     * {@link #CONDITION_ONLY_QUIET_NANOS} before it until the update that carried the deletion. A container's end changes its
     * state and readiness, always significant (Argo {@code significantPodChange}); so that transition was not the containers'
     * end, nor the sandbox condition's fall seconds after it. The node lifecycle controller turning {@code Ready} {@code False}
     * on a node that stopped reporting ({@code NodeNotReady}) is such a change: a lost node's Pod, force-deleted as it stood,
     * reads like a finished one in every other line. The lines then say nothing of the end. Null: not that.
     */
    private static Execution conditionOnlyTransition(PodHistory pod, LogEvent seen, LogEvent trigger, Instant lastTransition,
                                                     List<ControllerProcess> processes) {
        LogEvent change = null;
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && EventOrder.before(e, seen) && e.event() instanceof Signal s && INSIGNIFICANT.equals(s.name())
                    && !e.time().windowEnd().isBefore(lastTransition.minusMillis(500))
                    && !e.time().instant().isAfter(lastTransition.plusNanos(1_000_000_000L + PROMPT_NANOS))) {
                change = e;
            }
        }
        if (change == null) {
            return null;
        }
        Timestamp quietFrom = new Timestamp(change.time().instant().minusNanos(CONDITION_ONLY_QUIET_NANOS), change.time().precision(), change.time().zone());
        if (!StreamExtents.readWholeThrough(processes, seen.stream(), quietFrom, seen.time())) {
            return null;
        }
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && e != trigger && e.event() instanceof PodInformerEvent && EventOrder.before(e, seen)
                    && !e.time().instant().isBefore(quietFrom.instant())) {
                return null;
            }
        }
        return new Execution(State.UNDETERMINED, "its last condition transition before the deletion, which the logged delay dates to "
                + TimeFormat.utc(lastTransition, TimePrecision.MILLISECOND) + ", was a condition-only change (insignificant pod change at "
                + change.time().format() + "), and the controller logged no significant change of the Pod (its containers or phase) in the "
                + GoDuration.format(CONDITION_ONLY_QUIET_NANOS) + " before it nor after it until the deletion arrived (" + trigger.time().format()
                + "): no end of the containers was seen; a finished Pod and a Pod whose node stopped reporting (the node controller turning it "
                + "not ready) look the same here; an export of the Pod taken after that change and before the deletion (main's state and its "
                + "ContainersReady), the Pod's NodeNotReady Event, the kubelet's Killing Event or an audit record of the delete would settle it"
                + StreamExtents.TICKER_CAVEAT, change.source(), true);
    }

    /**
     * A readiness condition ({@code Ready}, {@code ContainersReady}) that changed after the first deleted version the controller
     * saw: main still ran when the deletion was requested. The deleting branch's logged delay dates that version's latest condition
     * transition (deadline - max(pod GC delay, 2m), the deadline being the line's time plus the delay: the controller's clock
     * cancels out, and the result is a time the Pod itself holds); an export whose {@code Ready} or {@code ContainersReady}
     * transitioned later shows the containers' readiness changing after the deletion, which only running containers do (a
     * terminated container is never ready again, restartPolicy Never). Other conditions say nothing of main: the sandbox
     * condition goes false seconds after the end, and DisruptionTarget is the deletion's author's. Only a transition more than the
     * kubelet's report lag after the deletion's latest possible time reads so ({@link #beyondReportLag}).
     */
    private static Execution readyAfterDeletion(PodHistory pod, DeletionRequest deletion, NodeClocks clocks) {
        DatedVersion dated = datedVersion(pod, deletion);
        if (dated == null) {
            return null;
        }
        LogEvent seen = dated.seen();
        LogEvent schedule = dated.schedule();
        Instant latest = dated.latest();
        Instant after = latest.plusMillis(500);
        for (PodSnapshot p : pod.snapshots()) {
            // The dated version is a deleted one: no export taken before the deletion can hold a later transition, and every Pod's
            // conditions come after its creation. Where one does, or the date falls before the creation, the line and the objects
            // disagree (a time misread, an export of another Pod): nothing is read from them.
            if (p.creationTimestamp() != null && p.creationTimestamp().instant().isAfter(latest)) {
                return null;
            }
            if (p.notDeleting() && p.lastConditionTransition().map(t -> t.instant().isAfter(after)).orElse(false)) {
                return null;
            }
        }
        Execution onMargin = null;
        for (PodSnapshot p : pod.snapshots()) {
            if (p.described()) {
                continue;
            }
            for (PodCondition c : p.conditions()) {
                if (("Ready".equals(c.type()) || "ContainersReady".equals(c.type())) && c.lastTransitionTime() != null
                        && c.lastTransitionTime().comparable(schedule.time()) && c.lastTransitionTime().instant().isAfter(after)) {
                    NodeClock.NodeOrder beyond = beyondReportLag(c.lastTransitionTime(), deletion, clocks.of(p.nodeName()));
                    if (!beyond.ordered()) {
                        continue;
                    }
                    Execution running = new Execution(State.RUNNING, "the controller's first sight of the deletion (" + seen.time().format() + ") dates the latest "
                            + "condition transition of the deleted Pod it saw to no later than " + TimeFormat.utc(latest, TimePrecision.MILLISECOND)
                            + " (its logged delay), and an export shows " + c.type() + " " + c.status() + " since " + c.lastTransitionTime().format()
                            + ": the containers' readiness changed after the deletion was requested, which only running containers do", p.source(), false);
                    if (beyond == NodeClock.NodeOrder.BOUNDED) {
                        return running;
                    }
                    // Session 57: later than the request only past the node's minute, nothing bounding its clock: another export's
                    // flip that its node's records bound may still say so on one clock's ground.
                    onMargin = onMargin != null ? onMargin : running.onNodeMargin();
                }
            }
        }
        return onMargin;
    }

    /**
     * A readiness transition the kubelet wrote more than its report lag after the latest time the deletion may have been requested.
     * The kubelet dates a condition's transition when its status sync notices the change, up to its report lag (relist and sync)
     * after the containers' end: a main that ended just before the deletion, its end reported just after it, flips Ready then
     * (session 46 breaker: the Pods audit records returned held such a flip in the request's second, beside a version the
     * controller saw at the deletion that did not have it yet, and it read as AF007 confirmed). Where the two times cannot be
     * compared, true as before.
     */
    private static NodeClock.NodeOrder beyondReportLag(Timestamp transition, DeletionRequest deletion, NodeClock clock) {
        Timestamp requested = deletion.notAfter().at();
        if (!transition.comparable(requested)) {
            return NodeClock.NodeOrder.BOUNDED; // as before: nothing to compare, the dated version's own order stands
        }
        // The transition is its kubelet's, on its node's clock; the request the API server's (or the controller's, two clocks' 10 s on
        // top): later by the node's clock bounded from the Pod's records (session 57), else only past what it may be off (session 54).
        Timestamp lagged = new Timestamp(requested.instant().plusNanos(KUBELET_REPORT_LAG_NANOS), requested.precision(), requested.zone());
        return clock.otherBefore(lagged, transition, deletion.notAfter().fromLogs() ? DeletionBounds.CROSS_CLOCK_NANOS : 0);
    }

    /**
     * The controller's own reading of the Pod's status: {@code inferFailedReason} found the Pod {@code Failed} while its main
     * container's last reported state was neither waiting (that gives {@code Pod failed before main container starts}) nor
     * terminated, and logged {@code Pod phase was Failed but main did not have terminated state} (v3 {@code Pod <pod> phase was
     * Failed but main did not have terminated state}). The kubelet writes a terminal phase only once the containers have ended
     * (lifecycle reference A2); the Pod garbage collector writes {@code Failed} over the running containers of a Pod whose Node no
     * longer exists (or is out of service), right before deleting it with grace 0, and nothing reports them ended after that. So
     * main had not ended by the dead kubelet's last report: whenever the deletion was requested, it still ran, unless it ended in
     * the kubelet's report delay before the node was lost (session 41: the generator's seeds 2007 and 2018; nothing in the lines
     * tells that apart, the reason says so). Where an export shows every container terminated
     * before that line, the two disagree (a terminal phase is never left, a terminated container never runs again: an export of
     * another Pod of the name, a line of another, an edited paste) and neither decides: {@link #of} reports the disagreement
     * (session 28 review; the export's order decided before, and a pasted Pod {@code Succeeded} made AF001 confirmed over the
     * controller's warning). Null: no such line of this Pod instance.
     */
    static Execution failedWhileRunning(PodHistory pod) {
        LogEvent line = failedUnterminated(pod);
        if (line == null) {
            return null;
        }
        String container = ((Signal) line.event()).attribute("container");
        return new Execution(State.RUNNING, "the controller found the Pod Failed while " + container + " had not terminated (\"Pod phase was "
                + "Failed but " + container + " did not have terminated state\" at " + line.time().format() + "): a phase the kubelet never "
                + "writes over a running container, but the Pod garbage collector does on the Pods of a node that no longer exists, right "
                + "before deleting them; " + container + " had not ended by its kubelet's last report (one that ended in the seconds before its "
                + "node was lost, before the kubelet reported it, reads the same)", line.source(), false).frozen();
    }

    /**
     * A Pod whose node was lost while its containers ran, from the Events alone (session 28: PodGC before Kubernetes 1.26
     * force-deletes such a Pod without failing it first, so the controller logs no warning and its lines read as a finished Pod's;
     * lifecycle reference A2). The node lifecycle controller's {@code NodeNotReady} Event on the Pod is written only where it turns
     * the Pod's {@code Ready} condition from {@code True} to {@code False} (k/k {@code MarkPodsNotReady}: a finished Pod is not ready
     * already, and gets none): its containers were running and ready by the kubelet's last report. Its node's {@code DeletingNode}
     * or {@code RemovingNode} after that says the node never came back, so nothing could report them ended, and the Pod garbage
     * collector deleted the Pod. Read only where the node went no later than the deletion is known, and no export shows the
     * containers ended (the objects then decide). Null: not all of it.
     */
    private static Execution lostWhileReady(PodHistory pod, ContainersEnd end, DeletionRequest deletion) {
        if (end != null) {
            return null;
        }
        ClusterEvent notReady = null;
        ClusterEvent nodeGone = null;
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("NodeNotReady".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && (notReady == null || e.first().isBefore(notReady.first()))) {
                notReady = e;
            }
        }
        if (notReady == null) {
            return null;
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("Node".equals(e.regarding().kind()) && ("DeletingNode".equals(e.reason()) || "RemovingNode".equals(e.reason()))
                    && !DeletionBounds.clearlyBefore(earliest(e, e.first()), latest(notReady, notReady.first()))
                    && !DeletionBounds.clearlyBefore(deletion.notAfter().at(), latest(e, e.first()))
                    && (nodeGone == null || e.first().isBefore(nodeGone.first()))) {
                nodeGone = e;
            }
        }
        if (nodeGone == null || kubeletBack(pod, notReady, nodeGone)) {
            return null;
        }
        return new Execution(State.RUNNING, "its node went not ready while the Pod was ready (NodeNotReady on the Pod at " + notReady.first().format()
                + datedBy(notReady)
                + ", which the node controller writes only on a Pod it turns from ready to not ready: its containers ran by the kubelet's last "
                + "report) and the node was deleted after (" + nodeGone.reason() + " at " + nodeGone.first().format() + datedBy(nodeGone)
                + "): nothing could report them ended, and the Pod garbage collector deleted the Pod of a node that no longer exists; "
                + "but the NotReady reads the kubelet's last report, and a main that ended in the second or two before its node was lost, "
                + "before the kubelet reported it, reads the same", notReady.source(), notReady.statedClock() || nodeGone.statedClock(),
                notReady.statedClock() || nodeGone.statedClock()).frozen();
    }

    /**
     * An export's reading of main running, as {@link Execution#frozenReport} where the Pod's node was lost ({@link #lostNode}) and
     * nothing the kubelet wrote is dated after the deletion was requested ({@link #kubeletReportedAfter}): the export then shows main
     * as the dead kubelet last reported it, and so does the grace period the API server gave (it judges "not finished" by the Pod's
     * phase, the kubelet's report too). Else as it was.
     */
    private static Execution frozenIfLost(PodHistory pod, DeletionRequest deletion, NodeClocks clocks, Execution running) {
        String lost = lostNode(pod);
        if (lost == null) {
            return running;
        }
        NodeClock.NodeOrder reported = kubeletReportedAfter(pod, deletion, clocks);
        if (reported == NodeClock.NodeOrder.BOUNDED) {
            return running;
        }
        if (reported.capped()) {
            // Session 57: the kubelet's later report is after the request only past its node's minute, nothing bounding that clock.
            return running.onNodeMargin();
        }
        boolean mayReturn = !nodeShownGone(pod);
        return new Execution(running.state(), running.reason() + "; but its node was lost (" + lost + "), so the export shows the containers "
                + "as the kubelet last reported them, and a main that ended in the second or two before the node went, before the kubelet "
                + "reported it, reads the same" + (mayReturn ? "; and nothing shows the node gone rather than not ready: a kubelet that came "
                + "back would have reported afterwards what its containers did meanwhile" : ""), running.evidence(), running.weak(),
                running.statedClock(), running.endShown(), running.podOnly(), running.crossClock(), running.graceGuess(), true, false, mayReturn,
                running.nodeMargin());
    }

    /** How long a Pod must outlive its finalizer's release for its removal to be another's delete, not the release itself. */
    static final long STOOD_NANOS = 5_000_000_000L;
    /** How soon the release's own patch comes back through the informer (the API server's write and the watch's delivery). */
    static final long PATCH_ECHO_NANOS = 2_000_000_000L;

    /**
     * A lost node's last report ({@link Execution#nodeMayReturn}) where the controller's own lines show that its kubelet did not come
     * back while the Pod stood (session 49). A kubelet back from a partition writes the Pod's status (the containers' state, its
     * {@code Ready} condition, from 1.27 a terminal phase) before its own final delete, and the controller's informer delivers each
     * such write as an update ({@code significantPodChange}: phase, conditions, container statuses; its handler logs
     * {@code update pod event} from v3.6.5). Its test of the deletion compares the two versions' {@code GetDeletionTimestamp()}
     * pointers (v3.6.5, v4.1.2), so every update of a Pod being deleted may read as significant (inferred): the release's own patch,
     * which changes only the finalizers, comes back as one delivery logged either way ({@code insignificant pod change} or
     * {@code update pod event}), within {@link #PATCH_ECHO_NANOS} of the release's {@code cleaning up pod}, and is allowed once.
     * So where one run saw the deletion arrive, released the finalizer, and saw the Pod leave its informer more than
     * {@link #STOOD_NANOS} later ({@code delete pod event}: a deletion, not the completed label), with no {@code update pod event}
     * of the Pod from the sighting to its leaving and its log whole between (the stats ticker, {@link StreamExtents#wholeFromTo}),
     * nothing reported after the deletion was requested, and the Pod outlived the release: its removal was another's delete (the
     * kubelet's comes only after its report), which the release did not bring forward. Session 48's look-alike (a kubelet back after
     * the release reporting main's end, then deleting the Pod before a worker read it) would have logged that report. The
     * execution then stands as the frozen report it is, the node's return no longer open.
     *
     * <p>Not read: any update of the Pod between the two, whoever wrote it (the line does not say: a kubelet back, or the node
     * controller's {@code Ready=False}, the taint manager's or the Pod garbage collector's {@code DisruptionTarget}, the garbage
     * collector's {@code Failed}, a user's shorter grace); a Pod that left within {@link #STOOD_NANOS} of the release (a forced
     * delete before it: the release removed the Pod, and a held finalizer would have kept it for a kubelet coming back later); a
     * sighting, release and leaving not all of one run; a sighting that is no update (a run that started on the Pod already being
     * deleted lists it with an add: a kubelet's report before that is in no line); a log that does not show itself whole. Limits: a watch that broke and
     * relisted between the two delivers only the last state (client-go logs the expired watch at verbosity 4 only), as for the
     * other readings of the first deleted version.
     */
    static Execution kubeletStayedAway(PodHistory pod, InformerExit exit, List<ControllerProcess> processes, Execution execution) {
        if (execution == null || !execution.nodeMayReturn() || exit == null || exit.kind() != InformerExit.Kind.REMOVED
                || !(exit.event().event() instanceof PodInformerEvent gone) || gone.action() != InformerAction.DELETE) {
            return execution;
        }
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        if (sighting == null) {
            return execution;
        }
        LogEvent left = exit.event();
        LogEvent seen = sighting[1];
        int stream = left.stream();
        // The run must have watched the deletion arrive (session 49 breaker): an update delivering it, after a line of the Pod in the
        // same run before it (its creation or an earlier delivery). A run that listed the Pod already deleted (an add: a restart after
        // the deletion) or shows no delivery got the Pod as it then stood: a kubelet's report between the deletion and the listing
        // (main's end) left no line, and its final delete of the then terminal Pod comes only once its volumes are reclaimed.
        if (seen == null || !(seen.event() instanceof PodInformerEvent trigger) || trigger.action() != InformerAction.UPDATE
                || seen.stream() != stream || seen.ordinal() > left.ordinal()) {
            return execution;
        }
        LogEvent held = null;
        for (LogEvent e : pod.events()) {
            if (e.stream() == stream && e.ordinal() < seen.ordinal() && (e.event() instanceof PodInformerEvent || e.event() instanceof PodCreated)
                    && (held == null || e.ordinal() > held.ordinal())) {
                held = e; // the latest: the run read whole from it on
            }
        }
        if (held == null) {
            return execution;
        }
        LogEvent released = null;
        boolean echoed = false;
        for (LogEvent e : pod.events()) {
            if (e.stream() != stream || e.ordinal() <= seen.ordinal() || e.ordinal() >= left.ordinal()) {
                continue;
            }
            boolean update = e.event() instanceof PodInformerEvent p && p.action() == InformerAction.UPDATE;
            if (update || (e.event() instanceof Signal sig && INSIGNIFICANT.equals(sig.name()))) {
                if (released != null && !echoed && !released.time().windowEnd().plusNanos(PATCH_ECHO_NANOS).isBefore(e.time().instant())) {
                    echoed = true; // the release's own patch delivered back (one delivery, whichever line it logged)
                    continue;
                }
                if (update) {
                    return execution; // the Pod changed after the deletion: who wrote it the line does not say
                }
                continue;
            }
            if (e.event() instanceof dev.argoforensics.event.ControllerEvent.PodCleanupStarted c && "removeFinalizer".equals(c.action())) {
                released = e;
            } else if (e.event() instanceof dev.argoforensics.event.ControllerEvent.PodCleanupFailed f && "removeFinalizer".equals(f.action())) {
                released = null;
            }
        }
        if (released == null || !released.time().windowEnd().plusNanos(STOOD_NANOS).isBefore(left.time().instant())
                || !StreamExtents.wholeFromTo(processes, stream, held.time(), left.time())) {
            return execution;
        }
        return new Execution(execution.state(), execution.reason() + "; but the controller saw no change of the Pod from its sight of the "
                + "deletion at " + seen.time().format() + " until the Pod left its informer at " + left.time().format() + ", "
                + GoDuration.format(released.time().nanosUntil(left.time())) + " after the finalizer's release at " + released.time().format()
                + StreamExtents.TICKER_CAVEAT + ": a kubelet back from its node's loss writes the Pod's status before its own delete, so "
                + "none reported after the deletion, and the Pod's removal was another's delete, not the release", execution.evidence(),
                execution.weak(), execution.statedClock(), execution.endShown(), execution.podOnly(), execution.crossClock(),
                execution.graceGuess(), execution.frozenReport(), execution.reportLag(), false, execution.nodeMargin());
    }

    /**
     * Whether something shows the Pod's node gone, not only not ready (session 48): the controller's warning over the Pod garbage
     * collector's {@code Failed} (written only for the Pods of a Node that no longer exists or is out of service), the node's
     * {@code DeletingNode} or {@code RemovingNode} with no {@code NodeReady} after it, an audit record of the Pod garbage collector's
     * delete, or an export's {@code DisruptionTarget} {@code DeletionByPodGC}. A node only {@code NotReady} (a partition, a kubelet
     * restarting) may come back, and its kubelet then reports the containers' end after the deletion was requested.
     */
    static boolean nodeShownGone(PodHistory pod) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && FAILED_UNTERMINATED.equals(s.name())) {
                return true;
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("Node".equals(e.regarding().kind()) && ("DeletingNode".equals(e.reason()) || "RemovingNode".equals(e.reason()))) {
                boolean back = false;
                for (ClusterEvent r : pod.clusterEvents()) {
                    if ("Node".equals(r.regarding().kind()) && "NodeReady".equals(r.reason())
                            && DeletionBounds.clearlyBefore(latest(e, e.last()), earliest(r, r.last()))) {
                        back = true;
                    }
                }
                if (!back) {
                    return true;
                }
            }
        }
        for (dev.argoforensics.snapshot.AuditRecord a : pod.auditRecords()) {
            if ("pods".equals(a.resource()) && a.name().equals(pod.key().name()) && a.effective() && "delete".equals(a.verb())
                    && a.subresource().isEmpty() && Deletion.POD_GC_USER.equals(a.user())) {
                return true;
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            for (PodCondition c : s.conditions()) {
                if ("DisruptionTarget".equals(c.type()) && "True".equals(c.status()) && "DeletionByPodGC".equals(c.reason())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * What shows the Pod's node was lost (its kubelet no longer reporting), or null: the controller's warning that the Pod was
     * {@code Failed} while a container had not terminated (the Pod garbage collector's phase over the Pods of a Node that no longer
     * exists; any container), the node lifecycle controller's {@code NodeNotReady} on the Pod or its node, the node's
     * {@code DeletingNode} or {@code RemovingNode}, an audit record of the Pod garbage collector's delete (it deletes a Pod not
     * terminal only on a Node that no longer exists or is out of service), or an export's {@code DisruptionTarget}
     * {@code DeletionByPodGC}. Not a node
     * whose kubelet's {@code NodeReady} follows the last of these (it came back and reported again).
     */
    static String lostNode(PodHistory pod) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && FAILED_UNTERMINATED.equals(s.name())) {
                return "the controller found the Pod Failed while " + s.attribute("container") + " had not terminated at " + e.time().format();
            }
        }
        ClusterEvent first = null;
        ClusterEvent last = null;
        for (ClusterEvent e : pod.clusterEvents()) {
            boolean onPod = "Pod".equals(e.regarding().kind()) && "NodeNotReady".equals(e.reason());
            boolean onNode = "Node".equals(e.regarding().kind()) && LOST_NODE_REASONS.contains(e.reason());
            if (onPod || onNode) {
                first = first == null || e.first().isBefore(first.first()) ? e : first;
                last = last == null || last.last().isBefore(e.last()) ? e : last;
            }
        }
        if (last != null) {
            for (ClusterEvent e : pod.clusterEvents()) {
                if ("Node".equals(e.regarding().kind()) && "NodeReady".equals(e.reason()) && DeletionBounds.clearlyBefore(latest(last, last.last()),
                        earliest(e, e.last()))) {
                    first = null;
                    break;
                }
            }
        }
        if (first != null) {
            return first.reason() + " on its " + ("Pod".equals(first.regarding().kind()) ? "Pod" : "node") + " at " + first.first().format() + datedBy(first);
        }
        for (dev.argoforensics.snapshot.AuditRecord a : pod.auditRecords()) {
            // The Pod garbage collector deletes a Pod not terminal only where its node is gone (or out of service): a lost node.
            if ("pods".equals(a.resource()) && a.name().equals(pod.key().name()) && a.effective() && "delete".equals(a.verb())
                    && a.subresource().isEmpty() && Deletion.POD_GC_USER.equals(a.user())) {
                return "the Pod garbage collector deleted it at " + a.requestTime().format() + " (audit record), which it does to a Pod not finished "
                        + "only where its node no longer exists";
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            for (PodCondition c : s.conditions()) {
                if ("DisruptionTarget".equals(c.type()) && "True".equals(c.status()) && "DeletionByPodGC".equals(c.reason())) {
                    return "its DisruptionTarget condition DeletionByPodGC: the Pod garbage collector's, for the Pods of a node that no longer exists";
                }
            }
        }
        return null;
    }

    /** The node lifecycle controller's and the cloud node lifecycle controller's Events on a Node that stopped reporting or is gone. */
    private static final java.util.Set<String> LOST_NODE_REASONS = java.util.Set.of("NodeNotReady", "DeletingNode", "RemovingNode");

    /**
     * Whether a kubelet Event may be this Pod's own kubelet's report on its containers: about the Pod (not its Node: a kubelet whose
     * runtime stopped answering still posts its Node's NotReady while the containers' report stays its last), about this object (its
     * uid one of the Pod's exports', where both are known) and written on the Pod's node (its {@code source.host} the exports' node,
     * where both are known). Session 57 breaker.
     */
    static boolean ownKubelet(PodHistory pod, ClusterEvent e) {
        java.util.Set<String> uids = new java.util.HashSet<>();
        java.util.Set<String> nodes = new java.util.HashSet<>();
        for (PodSnapshot s : pod.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
            }
            if (s.nodeName() != null && !s.nodeName().isEmpty()) {
                nodes.add(s.nodeName());
            }
        }
        if (e.regarding() != null && e.regarding().kind() != null && !e.regarding().kind().isEmpty() && !"Pod".equals(e.regarding().kind())) {
            return false; // the kubelet's Events on its Node (NodeNotReady when its runtime stopped answering) report no container
        }
        String uid = e.regarding() == null ? "" : e.regarding().uid();
        if (!uids.isEmpty() && uid != null && !uid.isEmpty() && !uids.contains(uid)) {
            return false;
        }
        return nodes.isEmpty() || e.host() == null || e.host().isEmpty() || nodes.contains(e.host());
    }

    /**
     * Whether the Pod's kubelet wrote something dated clearly after the latest the deletion can have been requested (two clocks and
     * its report delay apart): a container's start or end in an export, or an Event it reported (its {@code Killing} of a container).
     * A kubelet still reporting then reports a main that ended before the request within its delay, so a later report of main
     * running shows main running at the request, whatever became of the node after.
     * <p>Session 57 breaker: only this Pod's kubelet. An Event about another object of the name (a later Pod {@code argo retry} or the
     * Workflow submitted again made, its uid another) or written on another node (its {@code source.host}) is another kubelet's: the
     * later Pod's {@code Pulled}/{@code Started} minutes after the request had dropped the lost node's caveat
     * ({@code NodeClockReadersBreakerTest}).
     */
    private static NodeClock.NodeOrder kubeletReportedAfter(PodHistory pod, DeletionRequest deletion, NodeClocks clocks) {
        if (deletion == null || deletion.notAfter() == null) {
            return NodeClock.NodeOrder.NONE;
        }
        Timestamp requested = deletion.notAfter().at();
        Timestamp after = new Timestamp(requested.instant().plusNanos(KUBELET_REPORT_LAG_NANOS), requested.precision(), requested.zone());
        long margin = deletion.notAfter().fromLogs() ? DeletionBounds.CROSS_CLOCK_NANOS : 0;
        NodeClock.NodeOrder out = NodeClock.NodeOrder.NONE;
        for (PodSnapshot s : pod.snapshots()) {
            NodeClock clock = clocks.of(s.nodeName());
            for (ContainerState c : s.containers()) {
                // The kubelet's times are its node's clock: after the request by that clock bounded from the Pod's records (session
                // 57), else only past what it may be off (session 54).
                for (Timestamp t : new Timestamp[] {c.startedAt(), c.finishedAt()}) {
                    if (t != null) {
                        NodeClock.NodeOrder o = clock.otherBefore(after, t, margin);
                        if (o == NodeClock.NodeOrder.BOUNDED) {
                            return o;
                        }
                        out = o.capped() ? o : out;
                    }
                }
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            if (!"kubelet".equals(e.reportedBy()) || e.last() == null || !ownKubelet(pod, e)) {
                continue;
            }
            // An Event dated by a stated clock (a kubectl age) is the user's clock, not the node's: its minute only.
            NodeClock.NodeOrder o = e.statedClock() ? (DeletionBounds.nodeClearlyBefore(after, earliest(e, e.last())) ? NodeClock.NodeOrder.MARGIN
                    : NodeClock.NodeOrder.NONE) : clocks.of(e.host()).otherBefore(after, e.last(), margin);
            if (o == NodeClock.NodeOrder.BOUNDED) {
                return o;
            }
            out = o.capped() ? o : out;
        }
        return out;
    }

    /**
     * The earliest an Event's time may be: an Event dated by a stated clock ({@link ClusterEvent#statedClock}) may have come as
     * much as that clock may be off before it (the cross-clock margin of {@link DeletionBounds#clearlyBefore} comes on top).
     */
    private static Timestamp earliest(ClusterEvent e, Timestamp t) {
        return e.statedClock() ? new Timestamp(t.instant().minusNanos(ObservedAt.STATED_CLOCK_NANOS), t.precision(), t.zone()) : t;
    }

    /** The latest an Event's time may be, as {@link #earliest}. */
    private static Timestamp latest(ClusterEvent e, Timestamp t) {
        return e.statedClock() ? new Timestamp(t.instant().plusNanos(ObservedAt.STATED_CLOCK_NANOS), t.precision(), t.zone()) : t;
    }

    /** How an Event's time was read, when not from the Event itself. */
    private static String datedBy(ClusterEvent e) {
        return e.statedClock() ? ", dated by the export's stated time less its age" : "";
    }

    /**
     * Whether the node's kubelet reported again after the NotReady, before the node went: its node Ready again (the kubelet's
     * {@code NodeReady} Event on the Node, written when it sets the node's Ready condition back to True), or the Pod changed
     * significantly (an {@code update pod event}: its phase or containers, which only the kubelet writes then) before the
     * controller saw the deletion arrive. A node that came back, ran the Pod to its end and was scaled down later is deleted
     * as well (the Pod garbage collector then deletes a finished Pod): the Events say nothing of the order (session 29 review).
     * Either time is read as possibly after the NotReady unless clearly before it (two clocks).
     */
    private static boolean kubeletBack(PodHistory pod, ClusterEvent notReady, ClusterEvent nodeGone) {
        for (ClusterEvent e : pod.clusterEvents()) {
            // Read so that the kubelet may have come back wherever the stated clocks' windows allow it.
            if ("Node".equals(e.regarding().kind()) && "NodeReady".equals(e.reason())
                    && !DeletionBounds.clearlyBefore(latest(e, e.last()), earliest(notReady, notReady.first()))
                    && !DeletionBounds.clearlyBefore(latest(nodeGone, nodeGone.first()), earliest(e, e.first()))) {
                return true;
            }
        }
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        LogEvent arrival = sighting == null ? null : sighting[1] != null ? sighting[1] : sighting[0];
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.UPDATE && e != arrival
                    && (arrival == null || EventOrder.before(e, arrival)) && !DeletionBounds.clearlyBefore(e.time(), earliest(notReady, notReady.first()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first {@code Pod phase was Failed but <container> did not have terminated state} of this Pod instance naming its main
     * container, {@code main}, or null. The execution order reads it, and so does the naming of who deleted the Pod
     * ({@link Deletion#ordered}). Argo logs the warning for every container of the Pod neither waiting nor terminated, in the order
     * init containers, main, {@code wait}, sidecars, and returns at the first that exited non-zero: a warning naming {@code wait},
     * {@code init} or a sidecar ({@code istio-proxy}, a log shipper) says nothing of main, and one naming a sidecar with none naming
     * main is logged for a Pod whose main had already terminated with exit code 0 (the sidecar still running when the Pod
     * garbage collector failed the Pod). A ContainerSet's own container names are not told from sidecars' by the line alone and
     * are not read.
     */
    static LogEvent failedUnterminated(PodHistory pod) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && FAILED_UNTERMINATED.equals(s.name()) && MAIN.equals(s.attribute("container"))) {
                return e;
            }
        }
        return null;
    }

    /** The main container's name in every template but a ContainerSet. */
    private static final String MAIN = "main";

    /** The catalog's signal for {@code Pod phase was Failed but <container> did not have terminated state}. */
    static final String FAILED_UNTERMINATED = "failed-unterminated";

    /** When the Pod was created: its {@code Created pod} line, else an export's creationTimestamp. */
    private static Timestamp creation(PodHistory pod) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCreated) {
                return e.time();
            }
        }
        return pod.snapshots().stream().map(PodSnapshot::creationTimestamp).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** The pod GC delay a {@code queuing pod delay} line's podGC value names (any release's rendering), or -1. */
    static long podGcDelay(String podGc) {
        if (podGc == null) {
            return -1;
        }
        Matcher m = GO_DURATION.matcher(podGc);
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
    private static final Pattern GO_DURATION = Pattern.compile(
            "[0-9][0-9.]*(?:ns|µs|us|ms|h|m|s)(?:[0-9][0-9.]*(?:ns|µs|us|ms|h|m|s))*");

    /**
     * A terminal phase the kubelet wrote once every container had ended (lifecycle reference A2): {@code Succeeded} always.
     * {@code Failed} is also what PodGC patches onto a Pod of a deleted Node right before deleting it with grace 0, its
     * containers never seen to end (A2, {@code DeletionByPodGC}): it counts only where no {@code DisruptionTarget} names PodGC
     * and the export is older than the deletion's first sign by more than the informer takes to deliver it.
     */
    /**
     * The first export trimmed of its container statuses ({@code yq 'del(.status.containerStatuses)'}), taken before any
     * deletion (no {@code deletionTimestamp}, which is never removed), in phase {@code Succeeded}: the kubelet writes it only
     * once every container has terminated with exit code 0 (lifecycle reference A2). Null: none. Derived once per Pod
     * ({@link PodLifecycle#succeededExport}): it orders the end before the deletion here, and states AF002's success.
     */
    static PodSnapshot succeededWithoutStatuses(PodHistory pod) {
        for (PodSnapshot s : pod.snapshots()) {
            if (s.notDeleting() && s.observed() != null && trimmed(s) && "Succeeded".equals(s.phase())) {
                return s;
            }
        }
        return null;
    }

    /** No container status but those of init containers: the export was trimmed of them. */
    private static boolean trimmed(PodSnapshot s) {
        return s.containers().stream().allMatch(ContainerState::init);
    }

    /** A trimmed export's {@code Failed}, where PodGC cannot have written it (see AF001.md, pasted evidence). */
    private static boolean failedByKubelet(PodSnapshot s, DeletionRequest deletion) {
        if (!"Failed".equals(s.phase()) || s.trimmed().hides("status", "conditions") || s.conditions().stream()
                .anyMatch(c -> "DisruptionTarget".equals(c.type()) && "DeletionByPodGC".equals(c.reason()))) {
            return false;
        }
        // Taken well before the deletion: a stated time only where it is before it by more than a user's clock may be off too.
        ObservedAt.Bound taken = s.observed().statedTime() ? s.observed().latest() : null;
        return (taken != null ? taken.at() : s.observed().time()).windowEnd().plusNanos(PROMPT_NANOS).isBefore(deletion.notAfter().at().instant());
    }

    /**
     * A pasted {@code kubectl get pods} row whose STATUS is {@code Completed}: every container had terminated with exit 0. That
     * it is not {@code Terminating} does not show that no deletion had been requested: kubectl 1.31 and later print a Pod whose
     * phase is {@code Succeeded} or {@code Failed} by its summary while it is being deleted ({@code PodTable.Row#deletionShown}),
     * and a Pod deleted while main ran, main exiting 0 on the SIGTERM and the finalizer holding the Pod, is then listed
     * {@code Completed}. So the row orders the containers' end before the deletion only where the table was printed clearly
     * before the deletion's earliest bound (session 42; before, before its latest). Read only in a table whose time the user
     * stated ({@code # taken-at:}, {@code --snapshot-time}), not before this Pod's creation
     * (its export, else the controller's {@code Created pod} line) and, where AGE dates the row, of this Pod (not an earlier one
     * of the same name); a table nobody dated places nothing in time.
     */
    private static Execution completedRow(PodHistory pod, DeletionRequest deletion) {
        for (PodListing l : pod.listings()) {
            if (!l.listed() || !"Completed".equals(l.row().status()) || l.table().observed() == null) {
                continue;
            }
            Timestamp taken = l.table().observed().time();
            if (deletion.notAfter() != null && DeletionBounds.clearlyBefore(deletion.notAfter().at(), taken)) {
                continue; // printed after the deletion: a later Pod of the same name
            }
            if (!l.row().deletionShown() && (deletion.notBefore() == null || !DeletionBounds.clearlyBefore(taken, deletion.notBefore().at()))) {
                continue; // maybe printed after the request: kubectl 1.31+ lists a completed Pod being deleted Completed, not Terminating
            }
            Timestamp created = pod.snapshots().stream().map(PodSnapshot::creationTimestamp).filter(Objects::nonNull).findFirst()
                    .orElse(pod.latestCreated() == null ? null : pod.latestCreated().time());
            if (created != null && DeletionBounds.clearlyBefore(taken, created)) {
                continue; // printed before this Pod was created (its export, or the controller's Created pod line): an earlier Pod of the same name
            }
            if (created != null && l.row().createdLatest() != null && DeletionBounds.clearlyBefore(l.row().createdLatest(), created)) {
                continue; // AGE dates the row's Pod before this one's creation: an earlier Pod of the same name
            }
            // The row is this Pod's only if printed before its deletion (not Terminating): a time the user stated within what their
            // clock may be off of the deletion leaves it open whether a later Pod of the name was listed, so only likely.
            boolean near = deletion.notAfter() != null && l.table().observed().statedTime()
                    && !l.table().observed().before(deletion.notAfter().at().instant()).known();
            // The same of the earliest bound, where only it orders the row before the request (its STATUS shows no deletion).
            near |= !l.row().deletionShown() && l.table().observed().statedTime()
                    && !l.table().observed().before(deletion.notBefore().at().instant()).known();
            // Nor, on the other side, whether it was printed after this Pod's creation, where only its stated time says so and that
            // time is within what a user's clock may be off of the creation: printed earlier, the row was an earlier Pod of the
            // name, Completed. Its AGE settles it where it dates the row's Pod no earlier than this one (AGE and the stated time
            // are one machine's clock, whose offset cancels: PodTable#createdNoLaterThan); AGE <invalid> dates nothing.
            boolean ageOurs = created != null && l.row().createdEarliest() != null
                    && !DeletionBounds.clearlyBefore(l.row().createdEarliest(), created);
            near |= created != null && l.table().observed().statedTime() && !ageOurs && !l.table().observed().after(created).known();
            return new Execution(State.FINISHED_BEFORE, "a kubectl get pods table taken before the deletion (" + taken.format()
                    + ") lists the Pod Completed: every container had terminated with exit 0 (no exit codes or end time)", l.row().source(), near);
        }
        return null;
    }
}
