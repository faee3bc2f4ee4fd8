package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.function.Supplier;

/**
 * A Pod's Workflow that no controller took up again after the Pod's release on its deletion, because it was no longer there to
 * reconcile (session 48): the shape a Workflow deleted while no controller ran leaves in the lines of the run that comes back.
 *
 * <p>What the returning controller does (Argo v3.5-v4.1, read in {@code workflow/controller/controller.go} and
 * {@code pod/controller.go}): its informers list the cluster before its workers start; the Workflow informer's first listing puts
 * every Workflow it holds and keeps (not labelled completed) on the workers' queue; the Pod informer delivers each Pod as an add,
 * and a Pod the garbage collector is deleting (its deletionTimestamp set, held by the status finalizer) goes down the deleting
 * branch ({@code Removing finalizers during a delete}, {@code queuing pod delay}, released at once when its last transition is
 * more than two minutes old). The add also queues the Pod's Workflow by its label; a key no longer in the informer is dropped by
 * {@code getWorkflowByKey} without a line. So a Workflow deleted while the controller was down leaves no line in the returning
 * run, while one that is still there gets its {@code Processing workflow} (late under a backlog: the #17024 race across a
 * restart). The queue is first in, first out (client-go's workqueue): a Workflow the run takes up a second time was queued again
 * after its first pass began, behind every key of the first listing. So once a run's workers came round to a Workflow again
 * ({@link ControllerProcess.Work#cameRound()}), every Workflow its informer held at its start-up had been taken up, and one not
 * labelled completed had its {@code Processing workflow} then (a throttled one its {@code postponed} line; a fresh process has
 * written nothing, so none is skipped as outdated).
 *
 * <p>Required: the Pod released on its deletion (the deleting branch); the Workflow's lines show it active (no completed phase
 * written or exported) and none of its lines comes after the release (in the releasing run by order, in another run by more
 * than two clocks may disagree); a run R whose workers came round, with no line of the Workflow at all, its lines going on
 * {@link #MARGIN_NANOS} past that point with nothing said to be cut from them and no stretch without nameless records longer
 * than the stats ticker (lines dropped) up to there, and that started after the release (R is the releasing run, or its first
 * line is more than two clocks' disagreement after the release). Then the Workflow was not in R's informer when R started.
 *
 * <p>Decides that no pass recorded the node after the release only where nothing could have led between the release and R
 * ({@link #tied()}): R is the releasing run, or a chain of hand-overs ({@link HandOvers#tie}) ties R to it, each run in the chain
 * naming the holder it waited for, and none of them has a line of the Workflow after the release. A controller scaled to zero and
 * started again has no such chain: a run whose log was not given could have led between, taken the Workflow up and recorded the
 * loss, then completed it (the completed label keeps it from R's queue). That case is {@code tied == false}: the rules keep what
 * they say and name what was missing. Limits: the default workqueue (Argo sets no other); a leader whose whole tenure fell
 * between two polls of the next standby is not seen by the chain.
 *
 * @param release   the Pod's release on its deletion
 * @param run       R, the run whose workers came round without taking the Workflow up
 * @param cameRound where R's queue came round ({@link ControllerProcess.Work#cameRound()})
 * <p>Session 49: R's scope. A run lists only the Workflows of its managed namespace and instance ID ({@link RunScopes}): a run
 * started with {@code --namespaced} or {@code --managed-namespace}, or with another {@code instanceID}, never holds the Workflow, and
 * its queue coming round without it says nothing. The releasing run held the Pod, so its scope held the Workflow (its Pod informer
 * lists the same namespace, and the Pod carries the instance ID of the controller that created it, the Workflow's). A later run
 * counts only where its own lines show it held the Workflow's namespace (its {@code managedNamespace} empty or that namespace, or
 * a pass of a Workflow of that namespace) and the releasing run's instance ID: both runs' stated and equal, or the two tied by
 * hand-overs of one Lease, whose name carries the instance ID, with no stated IDs that differ: {@link #scope()}.
 *
 * @param tied      R is the releasing run or tied to it by hand-overs
 * @param scope     whether R's scope is shown to hold the Workflow ({@link RunScopes.Coverage#COVERED} for the releasing run)
 */
public record WorkflowAbsent(FinalizerRemoval release, ControllerProcess run, Timestamp cameRound, boolean tied, RunScopes.Coverage scope) {
    /** How long R's lines must go on after its queue came round: a worker logs its pass moments after taking the key. */
    static final long MARGIN_NANOS = 60_000_000_000L;

    /** Whether R is tied to the release and its scope is shown to hold the Workflow: what decides AF001. */
    public boolean decides() {
        return tied && scope == RunScopes.Coverage.COVERED;
    }

    /** Whether R is the run that released the Pod. */
    public boolean releasingRun() {
        return run.id() == release.decisive().stream();
    }

    /**
     * The fact for a Pod, or null.
     *
     * @param release   the Pod's release (null: none)
     * @param workflow  its Workflow's history (null: none)
     * @param fate      its Workflow's fate (null: none)
     * @param processes the input's runs, by id
     * @param handOvers the hand-overs between them, asked for only where a later run is a candidate
     * @param requeues  the runs' start banners and requeue delays, asked for only where a later run is a candidate
     * @param scopes    the runs' namespaces and instance IDs, asked for only where a later run is a candidate
     */
    static WorkflowAbsent of(FinalizerRemoval release, WorkflowHistory workflow, WorkflowFate fate, List<ControllerProcess> processes,
                             Supplier<HandOvers> handOvers, Supplier<RequeueDelays> requeues, Supplier<RunScopes> scopes) {
        return of(release, workflow, fate, processes, handOvers, requeues, scopes, null);
    }

    /**
     * The same, for a Pod whose name was used again (session 56): the Workflow's lines from the pass that created the next Pod of the
     * name on ({@link #creatingPass}) are that Pod's Workflow's (a Workflow submitted again under the name, a node run again), not
     * a pass of the Workflow this Pod belonged to; they are left out, and a run counts only where its queue came round before them.
     * The Workflow's completion as its fate reads it may be the later one's: then nothing is decided.
     *
     * @param nextCreated the next Pod of the name's {@code Created pod} line, null: none
     */
    static WorkflowAbsent of(FinalizerRemoval release, WorkflowHistory workflow, WorkflowFate fate, List<ControllerProcess> processes,
                             Supplier<HandOvers> handOvers, Supplier<RequeueDelays> requeues, Supplier<RunScopes> scopes, LogEvent nextCreated) {
        if (release == null || release.cause() != RemovalCause.POD_DELETED || workflow == null || workflow.events().isEmpty()
                || (fate != null && fate.completed() != null)) {
            return null;
        }
        LogEvent released = release.decisive();
        int rel = released.stream();
        LogEvent bound = nextCreated == null ? null : creatingPass(workflow, nextCreated);
        if (bound != null && !EventOrder.after(bound, released)) {
            return null; // the next Pod's pass not shown after this one's release: nothing to bound by
        }
        List<LogEvent> own = bound == null ? workflow.events() : workflow.events().stream().filter(e -> EventOrder.before(e, bound)).toList();
        for (LogEvent e : own) {
            boolean after = e.stream() == rel ? EventOrder.after(e, released)
                    : e.time().instant().isAfter(released.time().instant().minusNanos(DeletionBounds.CROSS_CLOCK_NANOS));
            if (after) {
                return null; // a line of the Workflow about or after the release: it was there, or nothing here says otherwise
            }
        }
        for (dev.argoforensics.snapshot.WorkflowSnapshot s : workflow.snapshots()) {
            if (s.observed() == null || !s.observed().before(released.time().instant().minusNanos(DeletionBounds.CROSS_CLOCK_NANOS)).known()) {
                return null; // an export of the Workflow not shown taken before the release: it may show it there after
            }
        }
        WorkflowAbsent untied = null;
        WorkflowAbsent outOfScope = null; // a tied run whose scope is not shown to hold the Workflow
        for (ControllerProcess p : processes) {
            Timestamp round = p.work().cameRound();
            if (round == null || p.selectedBy() != null || p.last() == null || round.nanosUntil(p.last()) < MARGIN_NANOS
                    || dropped(p, round) || own.stream().anyMatch(e -> e.stream() == p.id())
                    || (bound != null && !round.instant().plusNanos(MARGIN_NANOS).isBefore(bound.time().instant()))) {
                continue;
            }
            boolean same = p.id() == rel;
            if (!same && (p.first() == null || !p.first().instant().isAfter(released.time().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS)))) {
                continue;
            }
            if (!same && !listingFirst(p, requeues.get().of(p.id()))) {
                continue; // its first pass may have come before its listing's keys were due (a configured initialDelay)
            }
            boolean tie = same || handOvers.get().tie(rel, p.id()).isPresent();
            RunScopes.Coverage scope = same ? RunScopes.Coverage.COVERED
                    : scopes.get().covers(p.id(), workflow.ref().namespace(), scopes.get().instanceId(rel), tie);
            if (tie) {
                if (scope == RunScopes.Coverage.COVERED) {
                    return new WorkflowAbsent(release, p, round, true, scope);
                }
                if (outOfScope == null) {
                    outOfScope = new WorkflowAbsent(release, p, round, true, scope);
                }
                continue;
            }
            if (untied == null || p.first().isBefore(untied.run().first())) {
                untied = new WorkflowAbsent(release, p, round, false, scope);
            }
        }
        return outOfScope != null ? outOfScope : untied;
    }

    /** Where the pass that logged {@code created} began: the Workflow's last {@code Processing workflow} before it in its run within 10 s, else the line. */
    private static LogEvent creatingPass(WorkflowHistory workflow, LogEvent created) {
        LogEvent start = null;
        for (LogEvent p : workflow.events()) {
            if (p.event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowProcessing && p.stream() == created.stream()
                    && p.ordinal() < created.ordinal()) {
                start = p;
            }
        }
        return start != null && java.time.Duration.between(start.time().instant(), created.time().instant()).toNanos() <= CREATING_PASS_NANOS
                ? start : created;
    }

    /** How soon after its start a pass creates its Pods, at most (as the rules' reading of the creating pass). */
    static final long CREATING_PASS_NANOS = 10_000_000_000L;

    /**
     * Whether a later run's first pass came from its Workflow informer's first listing (session 48, breaker). A run that did not
     * release the Pod had no Pod of the Workflow in its listing, so the Workflow was queued only by the Workflow informer's add,
     * which waits the configured {@code initialDelay} ({@code AddAfter}; no line of v4 states it), while a Pod's add and a
     * Workflow's update queue their Workflow at once with the fixed requeue delay ({@code AddRateLimited}): under a long
     * {@code initialDelay} another Workflow's Pod and update take it up twice before the listing's keys are due, and the queue
     * seems to come round without a Workflow that is there. A first pass sooner after the start banner (logged before the
     * informers start) than the run's requeue delay came from the listing itself (nothing else queues a key that soon): then
     * every key of the listing was due by it. No banner in the lines, or one not stating the requeue delay: not known.
     */
    private static boolean listingFirst(ControllerProcess p, RequeueDelays.Delay delay) {
        Timestamp first = p.work().first();
        if (delay.banner() == null || !delay.stated() || first == null) { // every release's banner states it: an excerpt's edit
            return false;
        }
        long gap = delay.banner().time().nanosUntil(first); // Long.MAX_VALUE where the two cannot be compared
        // the pass's time window's end: a coarse clock may have logged it up to that much earlier
        return gap >= 0 && gap < delay.nanos() - first.precision().windowNanos();
    }

    /** A stretch of the run without nameless records longer than the stats ticker before {@code to}: lines may have been dropped. */
    private static boolean dropped(ControllerProcess p, Timestamp to) {
        java.time.Instant end = to.instant().plusNanos(MARGIN_NANOS);
        for (ControllerProcess.Gap g : p.nameless().gaps()) {
            if (g.from().instant().isBefore(end)) {
                return true;
            }
        }
        return false;
    }
}
