package dev.argoforensics.rules;

import dev.argoforensics.correlate.ConcurrentRuns;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.HandOvers;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.RunScopes;
import dev.argoforensics.correlate.WorkflowFate;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * When Workflow workers reconciled each Workflow, which controller runs had none, and when a Pod's
 * Workflow went unreconciled while the pod controller acted on the Pod (a {@link Stall}): what AF003
 * decides on and what AF001 explains a removal with. A {@code Processing workflow} line is a worker
 * taking the Workflow up; {@code Current Worker Numbers … workflowWorkers=0} says a run has no worker
 * at all until it restarts.
 */
final class Reconciliation {
    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");

    private static final Comparator<LogEvent> BY_TIME = ((Comparator<LogEvent>) LogEvent::compareInstant)
            .thenComparingLong(LogEvent::ordinal);
    private static final Comparator<LogEvent> AT = (a, b) -> a.time().compareInstant(b.time());

    /** Per stream, its worker-number and start lines in input order. */
    private final Map<Integer, List<LogEvent>> lifecycle = new HashMap<>();
    /** Per Workflow, its {@code Processing workflow} lines by time. */
    private final Map<WorkflowRef, List<LogEvent>> processing = new HashMap<>();
    /**
     * Per controller run (one process: {@link LogEvent#stream()}), every {@code Processing workflow} line of any Workflow, by time. By
     * run, not by replica name: a restarted container of the same controller Pod is another process under the same name, with
     * informers listed anew and, between the two, a leader that may have gone unlogged (session 49).
     */
    private final Map<Integer, List<LogEvent>> processingByRun = new HashMap<>();
    /** Per Workflow, the lines that state its phase ({@code Processing workflow}, {@code Workflow update successful}), by time. */
    private final Map<WorkflowRef, List<LogEvent>> phases = new HashMap<>();
    /**
     * Per Workflow, the controller runs its {@code Processing workflow} lines are in, and the latest end of those runs: what
     * {@link #showsProcessing} and {@link #evidenceEnd} ask per Pod line, made once instead of walking the Workflow's processing
     * lines for each of its Pods (#17).
     */
    private final Map<WorkflowRef, ProcessedIn> processedIn = new HashMap<>();
    private final List<ControllerProcess> processes;
    private final Map<WorkflowRef, WorkflowFate> fates;
    private final Correlation correlation;
    /** How far two runs' clocks may disagree where a Lease hand-over ties them: derived once from the election lines. */
    private final HandOvers handOvers;
    /** Where each run's queue took every active Workflow in (its start-up): derived once. */
    private final dev.argoforensics.correlate.StartUps startUps;

    /**
     * The runs that led at once (session 56, {@link ConcurrentRuns}): a Pod's Workflow as its own runs wrote it ({@link #forPod}).
     */
    private final ConcurrentRuns atOnce;
    /** The runs left out of this view ({@link #forPod}); empty in the correlation's own. */
    private final Set<Integer> leftOut;
    /** The views made, by Workflow and the runs they leave out (few: only where runs at once wrote of one Workflow name). */
    private final Map<List<Object>, Reconciliation> views = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The reconciliation as the runs that could be about the Pod read its Workflow (session 57): a run that led at once with the run
     * that created the Pod under another Lease ({@link ConcurrentRuns#apart}: another cluster's controller) wrote of another object's
     * Workflow of the name (a split brain's other replica, election off on both, processed the same Workflow: kept). Its passes, phases and end are left out of the Workflow's here (a pass belongs to its run, the Workflow's
     * reconciliation to the cluster whose run processed it): another cluster's pass of its own Workflow p is no pass of this one, nor
     * is its completion this one's. This view where no such run wrote of the Workflow (nearly always), or the Pod's creating run is
     * not logged.
     */
    Reconciliation forPod(PodHistory pod) {
        LogEvent created = pod.latestCreated();
        if (created == null || pod.link() == null) {
            return this;
        }
        WorkflowRef wf = pod.link().workflow();
        ProcessedIn in = processedIn.get(wf);
        WorkflowHistory w = correlation.workflow(wf).orElse(null);
        if (in == null || w == null) {
            return this;
        }
        Set<Integer> others = new java.util.TreeSet<>();
        for (int run : writers.computeIfAbsent(wf, k -> runsOf(w))) {
            // Session 58: an installation under a Lease of its own whose start banner states another instance ID holds other
            // Workflows (util/instanceid's label selector): its passes of the name are another object's, as another cluster's are.
            if (run != created.stream() && (atOnce.apart(run, created.stream())
                    || (atOnce.ownLeases(run, created.stream()) && instancesDiffer(run, created.stream())))) {
                others.add(run);
            }
        }
        if (others.isEmpty()) {
            return this;
        }
        return views.computeIfAbsent(List.of(wf, List.copyOf(others)), k -> new Reconciliation(this, w, others));
    }

    /**
     * A pass of the Workflow by another installation's controller that was running when the line was logged (session 58): a run
     * under a Lease of its own beside the line's run's ({@link ConcurrentRuns#ownLeases}), not left out of this view, whose lines
     * began before the line and go on after it, and whose start banner does not state another instance ID than the line's run's
     * (two installs of different instance IDs hold disjoint Workflows: its pass is of another object). Such a run may have held and
     * reconciled this very Workflow (one cluster, two installs over its namespace) or another cluster's of the name: the lines do
     * not say which. Its first pass of the Workflow after the line, else its last before; empty where no such run wrote of it.
     */
    Optional<LogEvent> otherInstallPass(WorkflowRef wf, LogEvent line) {
        LogEvent after = null;
        LogEvent before = null;
        LogEvent ownNext = null;
        for (LogEvent p : processing.getOrDefault(wf, List.of())) {
            if (p.stream() == line.stream() && EventOrder.after(p, line)) {
                ownNext = p;
                break;
            }
        }
        for (LogEvent p : processing.getOrDefault(wf, List.of())) {
            int run = p.stream();
            if (run == line.stream() || leftOut.contains(run) || !runningAt(run, line) || instancesDiffer(run, line.stream())) {
                continue;
            }
            ConcurrentRuns.Sharing sharing = atOnce.mayShare(run, line.stream()).orElse(null);
            // Session 58 breaker: two runs with election off, or one without election lines, count only with a pass inside the acting
            // run's own stall (after the act, before its own next pass of the Workflow, on the clocks as written): another controller
            // reconciling it while this run's queue held it. A pass of theirs that is itself the Workflow's next (none of the acting
            // run's after it, or at the same instant: one run's lines given twice) shows the stall as the lines show it (a split
            // brain's other replica marking the loss, NamesakesBreakerTest).
            // Session 59: under Leases of their own too, a pass outside the acting run's stall shows only that the other install held
            // a Workflow of the name (its own, or this one); where its lines were read whole over the stall and hold no pass of it
            // there, it reconciled none in the stall. Its passes elsewhere count only where its lines may be cut over the stall.
            boolean inStall = ownNext != null && EventOrder.after(p, line) && p.time().comparable(ownNext.time())
                    && p.time().isBefore(ownNext.time());
            if (sharing == null || (sharing != ConcurrentRuns.Sharing.OWN_LEASES && !inStall)) {
                continue;
            }
            if (sharing == ConcurrentRuns.Sharing.OWN_LEASES && !inStall && !(ownNext == null && EventOrder.after(p, line))
                    && correlation.cutOver(run, line.time(), ownNext == null ? null : ownNext.time()).isEmpty()) {
                continue;
            }
            if (EventOrder.after(p, line)) {
                after = after == null ? p : after;
            } else {
                before = p;
            }
        }
        return Optional.ofNullable(after != null ? after : before);
    }

    /** What leaves runs {@code a} and {@code b} free to have reconciled one Workflow at once ({@link ConcurrentRuns#mayShare}). */
    Optional<ConcurrentRuns.Sharing> sharing(int a, int b) {
        return atOnce.mayShare(a, b);
    }

    /** Whether run {@code run}'s lines began before the line and went on after it (on the two runs' clocks as written). */
    private boolean runningAt(int run, LogEvent line) {
        ControllerProcess p = run >= 0 && run < processes.size() ? processes.get(run) : null;
        return p != null && p.first() != null && p.last() != null && p.first().comparable(line.time())
                && p.first().isBefore(line.time()) && p.last().isAfter(line.time());
    }

    /**
     * Both runs state an instance ID and the two differ ({@code util/instanceid}: disjoint Workflows). Stated as {@link RunScopes}
     * reads it (session 58 breaker): v4's start banner, or v3's {@code Configuration:} dump (v3's banner prints none; the dump omits
     * an empty one, which states none), or the task-result watch; and neither run reloaded its ConfigMap after without restating the
     * same ID ({@link RunScopes#instanceIdThroughout}, session 59 breaker: the Workflow informer lists by the live ID).
     */
    private boolean instancesDiffer(int a, int b) {
        RunScopes s = scopes.get();
        String ia = s.instanceIdThroughout(a);
        String ib = s.instanceIdThroughout(b);
        return ia != null && ib != null && !ia.equals(ib);
    }

    /** What each run's lines state of the Workflows it holds, read on first need (two installs' runs are rare). */
    private final java.util.function.Supplier<RunScopes> scopes;

    /** What each run's lines state of its scope and instance ID ({@link RunScopes}), derived once for every rule that reads it. */
    RunScopes scopes() {
        return scopes.get();
    }

    /** The runs that wrote of each Workflow, found once per Workflow a Pod asks for ({@link #forPod}). */
    private final Map<WorkflowRef, Set<Integer>> writers = new java.util.concurrent.ConcurrentHashMap<>();

    private static Set<Integer> runsOf(WorkflowHistory w) {
        Set<Integer> runs = new java.util.TreeSet<>();
        for (LogEvent e : w.events()) {
            runs.add(e.stream());
        }
        return Set.copyOf(runs);
    }

    /** {@code base} with the Workflow's lines of runs {@code leftOut} set aside ({@link #forPod}). */
    private Reconciliation(Reconciliation base, WorkflowHistory w, Set<Integer> leftOut) {
        this.correlation = base.correlation;
        this.handOvers = base.handOvers;
        this.processes = base.processes;
        this.startUps = base.startUps;
        this.atOnce = base.atOnce;
        this.leftOut = Set.copyOf(leftOut);
        this.lifecycle.putAll(base.lifecycle);
        this.scopes = base.scopes;
        this.processingByRun.putAll(base.processingByRun);
        this.processing.putAll(base.processing);
        this.phases.putAll(base.phases);
        this.processedIn.putAll(base.processedIn);
        Map<WorkflowRef, WorkflowFate> f = new HashMap<>(base.fates);
        this.fates = f;
        WorkflowRef wf = w.ref();
        List<LogEvent> processed = base.processing.getOrDefault(wf, List.of()).stream().filter(e -> !leftOut.contains(e.stream())).toList();
        processing.put(wf, processed);
        phases.put(wf, base.phases.getOrDefault(wf, List.of()).stream().filter(e -> !leftOut.contains(e.stream())).toList());
        Set<Integer> streams = new java.util.HashSet<>();
        Timestamp end = null;
        for (LogEvent p : processed) {
            streams.add(p.stream());
            end = last(end, p.stream());
        }
        processedIn.put(wf, new ProcessedIn(streams, end));
        // The Workflow's deletion as its own runs read it is the Pod's lifecycle's (LifecycleBuilder's own fate): the caller's to give.
        f.remove(wf);
    }

    Reconciliation(Correlation correlation) {
        this.correlation = correlation;
        this.atOnce = correlation.runsAtOnce();
        this.leftOut = Set.of();
        this.handOvers = HandOvers.of(correlation);
        this.processes = correlation.processes();
        this.fates = correlation.fates();
        RunScopes[] read = new RunScopes[1];
        this.scopes = () -> {
            synchronized (read) {
                if (read[0] == null) {
                    read[0] = RunScopes.of(correlation.events());
                }
                return read[0];
            }
        };
        List<LogEvent> starts = new ArrayList<>();
        for (LogEvent e : correlation.events()) {
            if (e.event() instanceof WorkerNumbers || e.event() instanceof ControllerStarted) {
                lifecycle.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
                starts.add(e);
            } else if (e.event() instanceof ControllerEvent.LeaderElection) {
                starts.add(e);
            }
        }
        this.startUps = dev.argoforensics.correlate.StartUps.of(starts);
        for (WorkflowHistory w : correlation.workflows().values()) {
            List<LogEvent> processed = new ArrayList<>();
            List<LogEvent> phased = new ArrayList<>();
            for (LogEvent e : w.events()) {
                if (e.event() instanceof WorkflowProcessing p) {
                    processed.add(e);
                    if (p.phase() != null && !p.phase().isEmpty()) {
                        phased.add(e);
                    }
                } else if (e.event() instanceof WorkflowUpdated u && u.phase() != null && !u.phase().isEmpty()) {
                    phased.add(e);
                }
            }
            // By time, stable: lines at one instant keep the Workflow's order (EventOrder.merged: a run's own order, two runs' lines
            // by text and file name), not the reading order BY_TIME's ordinals would give them across runs.
            processed.sort(AT);
            phased.sort(AT);
            processing.put(w.ref(), processed);
            phases.put(w.ref(), phased);
            Set<Integer> streams = new java.util.HashSet<>();
            Timestamp end = null;
            for (LogEvent p : processed) {
                streams.add(p.stream());
                end = last(end, p.stream());
            }
            processedIn.put(w.ref(), new ProcessedIn(streams, end));
        }
        // Every Workflow's processing lines, from the lines every group of the correlation holds (GroupBindings): a
        // run passing a Workflow over is seen against the others it processed, whichever group they are in.
        for (LogEvent e : correlation.events()) {
            if (e.event() instanceof WorkflowProcessing && e.event().workflow().isPresent()) {
                processingByRun.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            }
        }
        processingByRun.values().forEach(l -> l.sort(BY_TIME));
    }

    /**
     * The {@code Current Worker Numbers} line in force for the line: the last of its stream before
     * it, unless a controller start came between; present only if it said {@code workflowWorkers=0}.
     */
    Optional<LogEvent> zeroWorkers(LogEvent line) {
        LogEvent inForce = null;
        for (LogEvent e : lifecycle.getOrDefault(line.stream(), List.of())) {
            if (e.ordinal() >= line.ordinal()) {
                break;
            }
            ControllerEvent ev = e.event();
            if (ev instanceof ControllerStarted) {
                inForce = null;
            } else if (((WorkerNumbers) ev).workflowWorkers() != null) {
                inForce = e;
            }
        }
        return inForce != null && ((WorkerNumbers) inForce.event()).workflowWorkers() == 0 ? Optional.of(inForce) : Optional.empty();
    }

    /** The last {@code Processing workflow} certainly before the line. */
    Optional<LogEvent> lastProcessedBefore(WorkflowRef wf, LogEvent line) {
        return Optional.ofNullable(latestBefore(processing.getOrDefault(wf, List.of()), line));
    }

    /** The first {@code Processing workflow} certainly after the line, in any controller run. */
    Optional<LogEvent> firstProcessedAfter(WorkflowRef wf, LogEvent line) {
        List<LogEvent> sorted = processing.getOrDefault(wf, List.of());
        for (int i = firstAtOrAfter(sorted, line.time().instant()); i < sorted.size(); i++) {
            if (EventOrder.after(sorted.get(i), line)) {
                return Optional.of(sorted.get(i));
            }
        }
        return Optional.empty();
    }

    /**
     * As {@link #firstProcessedAfter(WorkflowRef, LogEvent)}, read up to the pass that created the next Pod of the name (session 56):
     * that pass and the ones after it are the later Pod's Workflow's (a Workflow submitted again under the name, a node run again).
     *
     * @param nextCreated the next lifetime's {@code Created pod} line; null: none, as without it
     */
    Optional<LogEvent> firstProcessedBefore(WorkflowRef wf, LogEvent line, LogEvent nextCreated) {
        Optional<LogEvent> taken = firstProcessedAfter(wf, line);
        if (nextCreated == null || taken.isEmpty()) {
            return taken;
        }
        LogEvent bound = creatingPass(wf, nextCreated);
        return taken.get() == bound || EventOrder.after(taken.get(), bound) ? Optional.empty() : taken;
    }

    /**
     * Where the pass that logged a {@code Created pod} line began: the Workflow's last {@code Processing workflow} before it in its
     * run, if within {@link #CREATING_PASS_NANOS} of it (a pass creates its Pods moments after it starts); else the line itself, so
     * no earlier pass of the Workflow is taken for it (its own {@code Processing workflow} line cut from the input).
     */
    private LogEvent creatingPass(WorkflowRef wf, LogEvent created) {
        LogEvent start = null;
        for (LogEvent p : processing.getOrDefault(wf, List.of())) {
            if (p.stream() == created.stream() && p.ordinal() < created.ordinal()) {
                start = p;
            }
        }
        return start != null && java.time.Duration.between(start.time().instant(), created.time().instant()).toNanos() <= CREATING_PASS_NANOS
                ? start : created;
    }

    /**
     * The first line of the Workflow not shown before the line (a release) nor at or after the pass that created the next Pod of the
     * name ({@link #creatingPass} of its {@code Created pod} line): a sign that the Workflow was taken up between the two, its node
     * read with the earlier Pod gone (session 52). Empty: the lines show the Workflow's next pass after the release to be the one
     * that ran the node again under the name (argo retry's reset copy, a new Workflow of the name).
     */
    Optional<LogEvent> seenBetween(WorkflowRef wf, LogEvent line, LogEvent nextCreated) {
        LogEvent bound = creatingPass(wf, nextCreated);
        for (LogEvent e : correlation.workflow(wf).map(WorkflowHistory::events).orElse(List.of())) {
            if (leftOut.contains(e.stream())) {
                continue; // another cluster's Workflow of the name (forPod)
            }
            if (e == line || EventOrder.before(e, line)) {
                continue; // before the release
            }
            if (e == bound || EventOrder.after(e, bound)) {
                continue; // the next Pod's pass on
            }
            return Optional.of(e);
        }
        return Optional.empty();
    }

    /** How long after its {@code Processing workflow} line a pass is taken to log its {@code Created pod} lines. */
    static final long CREATING_PASS_NANOS = 10_000_000_000L;

    /** A {@code Processing workflow} of the same stream between the two lines. */
    boolean processedInStreamBetween(WorkflowRef wf, LogEvent from, LogEvent to) {
        List<LogEvent> sorted = processing.getOrDefault(wf, List.of());
        for (int i = firstAtOrAfter(sorted, from.time().instant()); i < sorted.size(); i++) {
            LogEvent p = sorted.get(i);
            if (p.time().instant().isAfter(to.time().windowEnd())) {
                break;
            }
            if (p.stream() == from.stream() && p.ordinal() > from.ordinal() && p.ordinal() < to.ordinal()) {
                return true;
            }
        }
        return false;
    }

    /**
     * True unless the logs say the Workflow had completed before the line: the phase of its last
     * {@code Processing workflow} or {@code Workflow update successful} before it.
     */
    boolean active(WorkflowRef wf, LogEvent line) {
        LogEvent last = latestBefore(phases.getOrDefault(wf, List.of()), line);
        if (last == null) {
            return true;
        }
        String phase = last.event() instanceof WorkflowUpdated u ? u.phase() : ((WorkflowProcessing) last.event()).phase();
        return phase == null || !COMPLETED.contains(phase); // a line whose phase was not shown (a console's columns) says nothing of it
    }

    /**
     * The latest line of a time-sorted list certainly before the line: lines that start after the
     * line's precision window cannot be, so the search starts below them.
     */
    private static LogEvent latestBefore(List<LogEvent> sorted, LogEvent line) {
        for (int i = firstAtOrAfter(sorted, line.time().windowEnd()) - 1; i >= 0; i--) {
            if (EventOrder.before(sorted.get(i), line)) {
                return sorted.get(i);
            }
        }
        return null;
    }

    /** The index of the first line of a time-sorted list whose time is not before the instant. */
    private static int firstAtOrAfter(List<LogEvent> sorted, Instant t) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).time().instant().isBefore(t)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The Workflow's deletion, if the evidence shows one: nothing reconciles a deleted Workflow, and nothing needs to. */
    Optional<Known> deleted(WorkflowRef wf) {
        WorkflowFate fate = fates.get(wf);
        return fate == null ? Optional.empty() : Optional.ofNullable(fate.deleted());
    }


    /**
     * Evidence that the Workflow was no longer in the informer of the controller that logged the line:
     * after it, that run (the process that logged the line) processed another Workflow twice but never
     * this one. The line (a Pod event of this Workflow, which enqueues it) or the run's start (which
     * enqueues every Workflow it lists) put this one in the queue, which its workers take in order; an
     * item taken whose Workflow the informer no longer holds is dropped without a line. A later process
     * of the same replica (its container restarted) is another run: its informers list anew, and a
     * leader the evidence does not show may have taken the Workflow up and completed it between the
     * two (a completed Workflow is not queued at a start unless its artifact GC is pending), so its passes show nothing. A stopped or busy
     * controller processes nothing, so it shows no such thing. Empty if the Workflow was processed
     * after the line, or the kept lines do not show the queue moving on (only the lines of Workflows
     * of interest are kept).
     *
     * @return the other Workflow's second processing after the line
     */
    Optional<LogEvent> passedOver(WorkflowRef wf, LogEvent line) {
        return passedOver(wf, line, null);
    }

    /**
     * As above, read up to the pass that created a later Pod of the name ({@code nextCreated}, its {@code Created pod} line; session
     * 51): that pass and what follows are the later Pod's (a Workflow submitted again under the name, {@code argo retry} resetting the
     * node), no pass of the Workflow as this Pod knew it. Neither the Workflow's passes nor the other Workflows' count from there.
     *
     * @param nextCreated the {@code Created pod} line of the next lifetime of the Pod's name ({@link PodKey#printed}); null: none
     */
    Optional<LogEvent> passedOver(WorkflowRef wf, LogEvent line, LogEvent nextCreated) {
        LogEvent bound = nextCreated == null ? null : creatingPass(wf, nextCreated);
        Optional<LogEvent> taken = firstProcessedAfter(wf, line);
        // a pass of the Workflow not certainly from the creating pass on is one of this Pod's Workflow: taken up again
        if (taken.isPresent() && (bound == null || (taken.get() != bound && !EventOrder.after(taken.get(), bound)))) {
            return Optional.empty();
        }
        List<LogEvent> sorted = processingByRun.getOrDefault(line.stream(), List.of());
        Map<WorkflowRef, Integer> seen = new HashMap<>();
        for (int i = firstAtOrAfter(sorted, line.time().instant()); i < sorted.size(); i++) {
            LogEvent e = sorted.get(i);
            if (!EventOrder.after(e, line)) {
                continue;
            }
            if (bound != null && !EventOrder.before(e, bound)) {
                break; // the later Pod's era: its pass on
            }
            WorkflowRef other = ((WorkflowProcessing) e.event()).wf();
            if (other != null && !other.equals(wf) && seen.merge(other, 1, Integer::sum) == 2) {
                // That this Workflow was not taken up between the line and the other's second pass is an absence: only a run read whole
                // from the one to the other shows it (records naming nothing from the line on, no gap of them between: session 54). A
                // head and a tail pasted with the grep of another Workflow keep the other's passes in the tail and drop this one's.
                return correlation.readWholeFromTo(line, e) ? Optional.of(e) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The controller's {@code Workflow processing has been postponed due to max parallelism limit} lines for the Workflow from the
     * line on up to the instant (inclusive), in any run: a worker took the Workflow's key and declined to process it for the
     * controller's {@code parallelism} or {@code namespaceParallelism} (a Running Workflow too, before v3.6.11, v3.7.1 and v4.0.9).
     */
    List<LogEvent> postponedForParallelism(WorkflowRef wf, LogEvent from, Timestamp until) {
        List<LogEvent> out = new ArrayList<>();
        // The Workflow's signal lines (the node index's, in the order of its lines), not all its lines: once per AF003 finding.
        for (LogEvent e : correlation.nodes().ofKind(wf, ControllerEvent.Signal.class)) {
            if (e.event() instanceof ControllerEvent.Signal g && "parallelism-postponed".equals(g.name()) && !EventOrder.before(e, from)
                    && (until == null || !e.time().instant().isAfter(until.windowEnd()))) {
                out.add(e);
            }
        }
        out.sort(BY_TIME);
        return out;
    }

    /**
     * A pass of the Workflow that would have found the Pod missing and did not: its {@code Processing workflow} (phase
     * {@code Running}) in the controller run whose informer the Pod had left ({@code gone}, its {@code delete pod event}),
     * after that line, closed in the run by the pass's own write ({@code Workflow update successful}) or the Workflow's next
     * {@code Processing workflow} (a key is never worked on twice at once), with no {@code Workflow pod is missing}, no
     * {@code pod reconciliation didn't complete} and no warning or error of the Workflow between. {@code podReconciliation}
     * checks every Pod node not fulfilled that has started and logs {@code Workflow pod is missing} (Info, every release) for
     * each whose Pod its informer lacks, before it marks any of them {@code pod deleted}; only a pass stopped before it (a
     * task result not yet complete, a lock not acquired, an error) skips the check, and each of those leaves its line. So the
     * Pod's node was fulfilled in the Workflow that pass read. Only where the run would show the pass's lines (read whole
     * there, or holding the Workflow's lines: {@link #showsProcessing}) and no other run in the evidence processed the
     * Workflow meanwhile (it may have written the node), and where no lines may have been cut from the run between the pass's
     * start and its close (a gap of the run's nameless records over that stretch: the pass's {@code Workflow pod is missing} may
     * have been among the lines dropped; review s26), nor between the Pod's exit and the pass (session 45). Empty otherwise.
     *
     * <p>A pass that ends the Workflow {@code Failed} or {@code Error} is told apart ({@link Unmissed#failedAs}): the controller
     * also leaves a pass before pod reconciliation without a warning, when the Workflow's artifact repository cannot be read
     * ({@code markWorkflowError}, its lines at Info), so such a pass does not show that the node was fulfilled.
     *
     * @return the pass's {@code Processing workflow} and the line that closed it
     */
    Optional<Unmissed> reconciledWithoutMissing(WorkflowRef wf, LogEvent gone) {
        WorkflowHistory w = correlation.workflow(wf).orElse(null);
        // The first Processing workflow after the Pod left: of its run, later in the file; of another run, certainly later. Found
        // among the Workflow's processing lines (the node index's), not by walking all its lines from the start for each Pod (#17).
        List<LogEvent> events = w == null ? List.of() : correlation.nodes().fromFirst(w, WorkflowProcessing.class,
                e -> e.stream() == gone.stream() ? e.ordinal() > gone.ordinal() : EventOrder.after(e, gone));
        if (events.isEmpty()) {
            return Optional.empty();
        }
        LogEvent pass = events.get(0);
        if (pass.stream() != gone.stream()) {
            return Optional.empty(); // another run took the Workflow up first
        }
        // The first pass after the Pod left in the excerpt need not be the first after it: lines cut between the two (a head and a
        // tail pasted) may hold the pass that found the Pod missing, or the Workflow deleted and submitted again under its name,
        // the tail's pass the new object's (session 45 breaker).
        if (correlation.cutBetween(gone, pass)) {
            return Optional.empty();
        }
        if (!"Running".equals(((WorkflowProcessing) pass.event()).phase())) {
            return Optional.empty(); // a new Workflow (no pod reconciliation) or a completed copy (aborted before it)
        }
        for (LogEvent e : events.subList(1, events.size())) {
            if (e.stream() != pass.stream()) {
                if (e.event() instanceof WorkflowProcessing && !EventOrder.before(e, pass)) {
                    return Optional.empty();
                }
                continue;
            }
            if (e.ordinal() <= pass.ordinal()) {
                continue;
            }
            ControllerEvent ev = e.event();
            if (ev instanceof WorkflowUpdated || ev instanceof WorkflowProcessing) {
                if (!showsProcessing(wf, pass) || correlation.cutBetween(pass, e)) {
                    return Optional.empty();
                }
                String phase = ev instanceof WorkflowUpdated u ? u.phase() : ((WorkflowProcessing) ev).phase();
                return Optional.of(new Unmissed(pass, e, "Failed".equals(phase) || "Error".equals(phase) ? phase : null));
            }
            if (ev instanceof ControllerEvent.WorkflowPodMissing || (ev instanceof ControllerEvent.Signal g && "pod-reconciliation-incomplete".equals(g.name()))
                    || (e.level() != null && e.level().compareTo(dev.argoforensics.line.Level.WARN) >= 0)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * A pass of the Workflow after its Pod left the informer that logged no {@code Workflow pod is missing}
     * ({@link #reconciledWithoutMissing}).
     *
     * @param pass     its {@code Processing workflow}
     * @param closed   its write ({@code Workflow update successful}) or the Workflow's next {@code Processing workflow}
     * @param failedAs the phase {@code Failed} or {@code Error} the closing line gives the Workflow, else null: such a pass may have
     *                 stopped before pod reconciliation, so it does not show the node fulfilled
     */
    record Unmissed(LogEvent pass, LogEvent closed, String failedAs) {
    }

    /**
     * The Pod's first stall: a run without workflow workers, else a deletion not followed by processing
     * within the threshold. Empty for a Pod tied to no Workflow.
     */
    Optional<Stall> stall(PodHistory pod, long threshold) {
        if (pod.link() == null) {
            return Optional.empty();
        }
        WorkflowRef wf = pod.link().workflow();
        List<LogEvent> podLines = pod.events().stream().filter(e -> podController(e.event())).toList();
        for (LogEvent e : podLines) {
            Optional<LogEvent> zero = zeroWorkers(e);
            if (zero.isEmpty() || processedInStreamBetween(wf, zero.get(), e) || !active(wf, e)) {
                continue;
            }
            List<LogEvent> window = podLines.stream().filter(x -> x.stream() == e.stream() && x.ordinal() >= e.ordinal()
                    && !processedInStreamBetween(wf, zero.get(), x)).toList();
            LogEvent last = window.get(window.size() - 1);
            LogEvent next = firstProcessedAfter(wf, last).orElse(null);
            return Optional.of(new Stall(wf, zero.get(), lastProcessedBefore(wf, e).orElse(null), window, next,
                    next != null ? next.time() : evidenceEnd(wf, last, true).orElse(last.time())));
        }
        Stall undecided = null;
        for (LogEvent e : podLines) {
            if (!(e.event() instanceof PodCleanupScheduled) || !active(wf, e)) {
                continue;
            }
            LogEvent next = firstProcessedAfter(wf, e).orElse(null);
            HandOvers.Tie tie = null;
            if (next != null && next.stream() != e.stream()) {
                tie = handOvers.tie(e.stream(), next.stream()).orElse(null);
                if (tie != null) {
                    // The later run's first processing after it acquired the Lease, by its own clock: its clock behind, that may read
                    // before the deletion, and it still came after the deletion's run stopped leading.
                    next = firstAfter(wf, next.stream(), tie).orElse(next);
                }
            } else if (next == null) {
                // Nothing after the deletion as read: the Workflow may yet have been processed by a run that took the Lease over
                // with its clock behind, its lines read before the deletion.
                next = processedAfterHandOver(wf, e).orElse(null);
                tie = next == null ? null : handOvers.tie(e.stream(), next.stream()).orElse(null);
            }
            boolean shows = showsProcessing(wf, e);
            Timestamp end = next != null ? next.time() : evidenceEnd(wf, e, shows).orElse(e.time());
            LogEvent before = lastProcessedBefore(wf, e).orElse(null);
            if (tie != null && before != null && before.stream() == next.stream()) {
                // The later run's processing after it acquired, read before the deletion on its clock behind, came after it in fact.
                LogEvent acquired = tie.chain().get(tie.chain().size() - 1).acquired();
                int later = next.stream();
                before = processing.getOrDefault(wf, List.of()).stream().filter(p -> EventOrder.after(e, p)
                        && !(p.stream() == later && p.time().compareInstant(acquired.time()) >= 0)).reduce((a, b) -> b).orElse(null);
            }
            long read = e.time().nanosUntil(end);
            if (tie == null && next != null && next.stream() == e.stream()) {
                // The run that logged the deletion processed the Workflow next: where that was its first pass since its start-up, the
                // Workflow had waited in its queue from the start-up, not only from the deletion.
                Stall up = startUpWait(wf, e, next, before, shows, threshold);
                if (up != null && !up.undecided()) {
                    return Optional.of(up);
                }
                if (up != null && read <= threshold && undecided == null) {
                    undecided = up;
                }
            }
            if (tie != null) {
                // Read across a hand-over: only what the later run's clock cannot account for counts (HandOvers).
                Stall s = new Stall(wf, null, before, List.of(e), next, end, !shows, tie, false);
                // A gap the later clock hides (read within the threshold) is found only where every run that processed the Workflow is
                // tied to the deletion's: a run on a clock nothing ties may have processed it in between, its lines read elsewhere.
                boolean placed = read > threshold || allTied(wf, e);
                if (s.leastNanos() > threshold && !s.excerpt() && placed) {
                    return Optional.of(s);
                }
                if ((s.leastNanos() > threshold && placed) || read > threshold) {
                    s = new Stall(wf, null, before, List.of(e), next, end, s.excerpt(), tie, s.leastNanos() <= threshold);
                    undecided = undecided == null ? s : undecided;
                }
            } else if (read > threshold) {
                // Measured up to another run's processing, the deletion's own run an excerpt: its processing may have been dropped.
                Stall s = new Stall(wf, null, before, List.of(e), next, end, !shows && next != null);
                if (!s.excerpt()) {
                    return Optional.of(s);
                }
                undecided = undecided == null ? s : undecided;
            } else if (!shows && next == null && undecided == null) {
                // The run that logged the deletion goes on past the threshold, but as an excerpt that would not show the Workflow's
                // processing: its silence is no evidence.
                Timestamp own = evidenceEnd(wf, e, true).orElse(e.time());
                if (e.time().nanosUntil(own) > threshold) {
                    undecided = new Stall(wf, null, before, List.of(e), null, own, true);
                }
            }
        }
        return Optional.ofNullable(undecided);
    }

    /**
     * A wait counted from the start-up of the deletion's own run (s46, the stall that began under the run before a hand-over): the
     * run that logged the Pod's deletion ({@code deletion}) processed the Workflow next ({@code next}), and that was its first pass
     * of the Workflow since its start-up ({@link dev.argoforensics.correlate.StartUps}: from there every active Workflow was on its
     * queue), more than the threshold after the start-up by the run's own clock. The Workflow was last processed before by another
     * run ({@code before}); where Lease hand-overs lead from that run to this one, that pass came before the start-up, so the
     * Workflow was active and queued all along: a stall from the start-up, the hand-over before it (the last pass to the
     * acquisition) named and not counted. Where no hand-over ties the two runs, the Workflow's version may (the run's first pass
     * read the version another run wrote: {@link dev.argoforensics.correlate.StartUps#carriedOver}, session 47). Where neither
     * does, or no pass before is in the inputs, the stall is returned undecided ({@link Stall#untiedStartUp}). Null where the start-up does not bear on the stall:
     * no start-up line before the deletion, an earlier pass in the same run after it, a wait within the threshold, a log that
     * would not show the passes (an excerpt, or lines cut between the start-up and the pass).
     */
    private Stall startUpWait(WorkflowRef wf, LogEvent deletion, LogEvent next, LogEvent before, boolean shows, long threshold) {
        int run = deletion.stream();
        LogEvent start = startUps.of(run).orElse(null);
        if (start == null || start.ordinal() >= deletion.ordinal() || !shows || correlation.cutBetween(start, next)
                || processedInStreamBetween(wf, start, next) || start.time().nanosUntil(next.time()) <= threshold) {
            return null;
        }
        if (before != null && before.stream() == run) {
            return null; // processed by this run itself before the deletion (before its start-up: the lines disagree)
        }
        HandOvers.Tie takeOver = before == null ? null : handOvers.tie(before.stream(), run).orElse(null);
        // No hand-over in the logs: the version the run's first pass read may still be another run's write, made before the run
        // took the Lease (session 47: a holder that died, a new leader that never named the holder it waited for).
        LogEvent carried = takeOver != null || before == null ? null : carried(wf, run, next);
        return new Stall(wf, null, before, List.of(deletion), next, next.time(), false, null, false, start, takeOver, carried);
    }

    /**
     * Per first pass of a Workflow after a start-up, the write it carried over ({@link #carried}): one look per pass, not per Pod
     * (rules may ask from several threads: a concurrent map, the value a pure function of the lines).
     */
    private final Map<LogEvent, Optional<LogEvent>> carried = new java.util.concurrent.ConcurrentHashMap<>();

    /** The Leases two runs' election lines name, where they share none ({@link dev.argoforensics.correlate.StartUps#leasesApart}). */
    Optional<List<String>> leasesApart(int run, int other) {
        return startUps.leasesApart(run, other);
    }

    /** Whether a Lease hand-over in the lines ties runs {@code a} and {@code b}, one way or the other: one installation's runs. */
    boolean tied(int a, int b) {
        return handOvers.tie(a, b).isPresent() || handOvers.tie(b, a).isPresent();
    }

    /** The run's acquisition of the Lease, where its lines show one ({@link dev.argoforensics.correlate.StartUps#acquisition}). */
    Optional<LogEvent> acquisition(int run) {
        return startUps.acquisition(run);
    }

    /** Another run's write whose version run {@code run}'s pass {@code next} read, placed before the run took the Lease. */
    private LogEvent carried(WorkflowRef wf, int run, LogEvent next) {
        return carried.computeIfAbsent(next, n -> startUps.carriedOver(run, n,
                correlation.workflow(wf).map(WorkflowHistory::events).orElse(List.of()))).orElse(null);
    }

    /**
     * The Workflow's first processing by a run that took the Lease over from the line's run (directly or through others), at or
     * after that run's acquisition by its own clock: every such line came after the line's run had stopped leading, whatever the
     * two clocks say. Empty when no such run processed the Workflow, or when a run the hand-overs do not tie processed it too (its
     * lines could not be placed).
     */
    private Optional<LogEvent> processedAfterHandOver(WorkflowRef wf, LogEvent line) {
        LogEvent first = null;
        for (LogEvent p : processing.getOrDefault(wf, List.of())) {
            if (p.stream() == line.stream()) {
                continue;
            }
            Optional<HandOvers.Tie> tie = handOvers.tie(line.stream(), p.stream());
            if (tie.isEmpty()) {
                return Optional.empty(); // a run on a clock nothing ties processed it too: its lines cannot be placed
            }
            LogEvent f = firstAfter(wf, p.stream(), tie.get()).orElse(null);
            if (f != null && (first == null || f.time().compareInstant(first.time()) < 0)) {
                first = f;
            }
        }
        return Optional.ofNullable(first);
    }

    /** Every run other than the line's that processed the Workflow is tied to the line's run by hand-overs, one way or the other. */
    private boolean allTied(WorkflowRef wf, LogEvent line) {
        return processing.getOrDefault(wf, List.of()).stream().mapToInt(LogEvent::stream).distinct()
                .allMatch(s -> s == line.stream() || handOvers.tie(line.stream(), s).isPresent() || handOvers.tie(s, line.stream()).isPresent());
    }

    /** The Workflow's first processing in run {@code stream} at or after the run's acquisition of the Lease that ends {@code tie}. */
    private Optional<LogEvent> firstAfter(WorkflowRef wf, int stream, HandOvers.Tie tie) {
        LogEvent acquired = tie.chain().get(tie.chain().size() - 1).acquired();
        return processing.getOrDefault(wf, List.of()).stream()
                .filter(p -> p.stream() == stream && p.time().compareInstant(acquired.time()) >= 0).findFirst();
    }

    /**
     * Whether the line's controller run would show the Workflow processed after the line: it was read whole at the line
     * (records that name nothing lie on both sides of it, {@link Correlation#readWholeAt}), or it holds the Workflow's
     * {@code Processing workflow} lines at some time (a grep for the Workflow's name or namespace keeps them). A grep for
     * the Pod's name, or for several Pods, keeps the Pod's lines and drops every line of its Workflow.
     */
    boolean showsProcessing(WorkflowRef wf, LogEvent line) {
        if (correlation.readWholeAt(line)) {
            return true;
        }
        ProcessedIn in = processedIn.get(wf);
        return in != null && in.streams().contains(line.stream());
    }

    /**
     * The runs a Workflow's {@code Processing workflow} lines are in, and the latest of those runs' ends ({@link #last} over its
     * lines by time: on equal ends the earliest line's run gives it), null where none is known.
     */
    private record ProcessedIn(Set<Integer> streams, Timestamp end) {
    }

    /** A line of the pod controller (informer events, cleanup scheduling and work), not a Workflow worker's. */
    private static boolean podController(ControllerEvent e) {
        return e instanceof PodInformerEvent || e instanceof PodCleanupScheduled || e instanceof PodCleanupQueued
                || e instanceof PodCleanupStarted || e instanceof PodCleanupFailed;
    }

    /**
     * How far the logs go that would show the Workflow processed after the line: the line's own
     * controller run (where {@code own}: it would show the processing, {@link #showsProcessing}), and
     * every run that processed the Workflow at some time. A run that never names the Workflow (another
     * controller's log, another installation's, an excerpt grepped for other names, the line's own run
     * grepped for the Pod) says nothing about it, so it does not stretch a stall.
     */
    Optional<Timestamp> evidenceEnd(WorkflowRef wf, LogEvent line, boolean own) {
        Timestamp end = own ? last(null, line.stream()) : null;
        // The same as folding last(end, stream) over the Workflow's processing lines: that fold keeps the first of its latest ends,
        // and replaces the line's own only by a strictly later one.
        ProcessedIn in = processedIn.get(wf);
        Timestamp processed = in == null ? null : in.end();
        return Optional.ofNullable(processed != null && (end == null || processed.compareTo(end) > 0) ? processed : end);
    }

    private Timestamp last(Timestamp end, int stream) {
        Timestamp t = stream >= 0 && stream < processes.size() ? processes.get(stream).last() : null;
        return t != null && (end == null || t.compareTo(end) > 0) ? t : end;
    }
}
