package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.ControllerEvent.TaskResultIncomplete;
import dev.argoforensics.event.ControllerEvent.TaskResultReconciliation;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.Level;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the controller's own lines say of one Workflow's task results (reference, lifecycle B1): its
 * reconciles one by one, which of them stopped on an incomplete result ({@code pod reconciliation
 * didn't complete, will retry}, Info, v3.5.5+: a Pod seen Succeeded whose result is not complete; the
 * Workflow is requeued), which node each stopped on when the lines say, and the nodes the
 * task-result lines name. A reconcile is a {@code Processing workflow} line and the Workflow's
 * following lines of the same controller run, up to its next {@code Processing workflow}.
 */
public final class TaskResultLines {
    /** {@code pod reconciliation didn't complete, will retry} (Info, v3.5.5+). */
    public static final String RETRY = "pod-reconciliation-incomplete";
    /** {@code Marking task result complete} (Debug, v3.5.2+): the controller saw the executor's label "true". */
    public static final String COMPLETE = "task-result-complete";
    /** {@code Wait for marking task result as completed because pod is recently deleted.} (Debug, v3.5.11+). */
    public static final String FORCED_WAITS = "task-result-forced-completion-waits";
    /**
     * {@code leaving phase un-changed: required outputs are not yet set} (Info, v3.6.11+, v3.7.1 without "required"): a Pod seen
     * Succeeded whose node lacks the outputs its template declares, which come with its task result; the node is kept in its
     * phase. Names no node. The reconcile does not stop on it, but nothing of the node is settled by it.
     */
    public static final String OUTPUTS_NOT_SET = "outputs-not-set";
    /** {@code Updated phase <from> -> <to>} (markWorkflowPhase): the Workflow's own phase. */
    public static final String WORKFLOW_PHASE = "workflow-phase";
    /** {@code Marking workflow completed} (markWorkflowPhase): finishedAt and the completed label set. */
    public static final String MARKED_COMPLETED = "workflow-completed";
    /** {@code Node became daemoned} (Info, v3.4+, {@code nodeId}): a daemon step's Pod running and ready. */
    public static final String NODE_DAEMONED = "node-daemoned";
    /** {@code Running OnExit handler} (operate, every pass once the entry node is fulfilled, v3.4+): the exit node runs first. */
    public static final String ON_EXIT = "workflow-onexit";
    /** {@code Running workflow level hooks} (v3.4+): a Workflow-level hook's node, which operate waits for before the phase. */
    public static final String WORKFLOW_HOOKS = "workflow-hooks";
    /** {@code workflow suspended} (operate, every pass of a suspended Workflow): it returns before the entry template and the phase. */
    public static final String WORKFLOW_SUSPENDED = "workflow-suspended";
    /** {@code Determined controller should timeout for <nodeID>}: development builds of 2024-08 only. */
    public static final String DEV_TIMEOUT = "pod-absent-timeout-dev-build";

    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");

    private final List<Reconcile> reconciles = new ArrayList<>();
    private final Set<String> nodes = new LinkedHashSet<>();
    private final boolean debug;

    /**
     * One reconcile of the Workflow.
     *
     * @param processing  its {@code Processing workflow} line; null for lines before the first one of the run
     * @param lines       the Workflow's lines of the same run after it, up to the next reconcile
     * @param complete    true when the run went on to another reconcile of the Workflow: the lines are all there
     */
    public static final class Reconcile {
        private final LogEvent processing;
        private final List<LogEvent> lines;
        private final LogEvent retry;
        private final LogEvent completion;
        private final LogEvent heldForOutputs;
        private final boolean passed;
        private final String stoppedOn;
        private final boolean named;
        private final boolean whole;

        Reconcile(LogEvent processing, List<LogEvent> lines, boolean complete) {
            this.processing = processing;
            this.whole = complete;
            this.lines = List.copyOf(lines);
            LogEvent stop = null;
            LogEvent done = null;
            LogEvent held = null;
            boolean read = false;
            Set<String> incomplete = new LinkedHashSet<>();
            Set<String> succeeded = new LinkedHashSet<>();
            for (LogEvent e : this.lines) {
                ControllerEvent ev = e.event();
                if (stop == null && signal(e, RETRY)) {
                    stop = e;
                } else if (held == null && signal(e, OUTPUTS_NOT_SET)) {
                    held = e;
                } else if (done == null && ev instanceof WorkflowUpdated u && u.phase() != null && COMPLETED.contains(u.phase())) {
                    done = e;
                } else if (ev instanceof TaskResultReconciliation) {
                    read = true;
                } else if (ev instanceof TaskResultIncomplete t && t.id() != null) {
                    incomplete.add(t.id());
                } else if (ev instanceof NodeChanged c && "Succeeded".equals(c.newPhase()) && c.id() != null) {
                    succeeded.add(c.id());
                }
            }
            retry = stop;
            completion = done;
            heldForOutputs = held;
            // A node kept in its phase for the outputs its result carries is not settled: such a reconcile passed nothing.
            passed = stop == null && held == null && (complete || done != null) && read && incomplete.isEmpty();
            Set<String> from = incomplete.isEmpty() ? succeeded : incomplete;
            stoppedOn = stop != null && from.size() == 1 ? from.iterator().next() : null;
            named = !incomplete.isEmpty();
        }

        /** Its {@code Processing workflow} line; null for lines before the first one of the run. */
        public LogEvent processing() {
            return processing;
        }

        /** The Workflow's lines of the same run after it, up to the next reconcile. */
        public List<LogEvent> lines() {
            return lines;
        }

        /** The first line of the reconcile. */
        public LogEvent first() {
            return processing != null ? processing : lines.get(0);
        }

        /** The {@code pod reconciliation didn't complete, will retry} line: the reconcile stopped on an incomplete result. */
        public Optional<LogEvent> retry() {
            return Optional.ofNullable(retry);
        }

        /** The {@code leaving phase un-changed: required outputs are not yet set} line: a node kept in its phase for its outputs. */
        public Optional<LogEvent> heldForOutputs() {
            return Optional.ofNullable(heldForOutputs);
        }

        /** A {@code Workflow update successful} with a completed phase. */
        public Optional<LogEvent> completion() {
            return Optional.ofNullable(completion);
        }

        /**
         * It read the task results ({@code Task-result reconciliation}) and went on past the Pods: no
         * result held it back. Known only for a reconcile whose lines are all there (the run went on
         * to the next one) or that completed the Workflow.
         */
        public boolean passed() {
            return passed;
        }

        /**
         * The node a stopped reconcile stopped on, when its lines say: the one {@code Taskresult of the
         * node not yet completed} names (Debug), else the only node {@code node changed} to Succeeded in
         * it (Info to v3.6, Debug from v3.7: the Pod's new state, which a stopped reconcile never stores,
         * so it is logged again each time).
         */
        public Optional<String> stoppedOn() {
            return Optional.ofNullable(stoppedOn);
        }

        /** A {@code Taskresult of the node not yet completed} line named the node it stopped on. */
        public boolean named() {
            return named;
        }

        /** The same run went on to another reconcile of the Workflow: every line of this one is there. */
        public boolean whole() {
            return whole;
        }

        /** Its {@code Marking workflow completed} line, or empty. */
        public Optional<LogEvent> markedCompleted() {
            return lines.stream().filter(e -> signal(e, MARKED_COMPLETED)).findFirst();
        }
    }

    /**
     * The Workflow's phase set to a completed one while its completion waited (session 36; read in {@code markWorkflowPhase} at
     * v3.5.2-v3.5.6): v3.5.3 to v3.5.5 set the phase ({@code Updated phase Running -> Succeeded}, the phase label) and only then
     * mark the Workflow completed ({@code Marking workflow completed}, finishedAt, the completed label), where
     * {@code checkReconciliationComplete} (no task result of it still incomplete) holds and no node is still daemoned; v3.5.6 and
     * later return before setting the phase, releases before v3.5.3 wait for daemoned nodes only. Until it is marked completed the
     * Workflow is processed again (every event, the 20-minute resync; no requeue of its own) and each pass calls the same check.
     *
     * @param phaseSet the {@code Updated phase} line whose pass logged no {@code Marking workflow completed}
     * @param passes   the same run's later reconciles of the Workflow, none marking it completed, up to the first that marks it,
     *                 writes another phase or begins over a copy not completed (the last may be cut by the end of the lines)
     * @param marked   the {@code Marking workflow completed} that ended the wait, in any run, or null (none in the lines)
     * @param daemoned the Workflow's {@code Node became daemoned} lines before the phase was set (any run): a daemon that may
     *                 still have been daemoned then, which holds the completion too (session 37)
     */
    public record HeldCompletion(LogEvent phaseSet, List<Reconcile> passes, LogEvent marked, List<LogEvent> daemoned) {
        public HeldCompletion {
            passes = List.copyOf(passes);
            daemoned = List.copyOf(daemoned);
        }
    }

    /**
     * The Workflow's entry node fulfilled while the Workflow was not marked completed (session 53; read in {@code operate} and
     * {@code markWorkflowPhase} at v3.5.6, v3.5.8, v3.5.15, v3.6.19, v3.7.18, v4.1.2). Once the entry node is fulfilled, each pass
     * runs the Workflow-level hooks ({@code Running workflow level hooks}, Info; it returns while a hook's node is not fulfilled),
     * then the exit handler ({@code Running OnExit handler}, Info, every pass; it returns while the exit node is not fulfilled), then
     * {@code markWorkflowPhase}, which from v3.5.6 returns before it sets the phase while a task result of the Workflow is incomplete
     * or a node is still daemoned: its line saying so is Debug ({@code taskresults of workflow are incomplete or still have daemon
     * nodes, so can't mark workflow completed}), and at Info nothing of that pass says it (no {@code Updated phase}, no
     * {@code Marking workflow completed}; its persist writes the phase Running). v3.5.3-v3.5.5 set the phase first
     * ({@link HeldCompletion}); releases before v3.5.3 wait for daemoned nodes only.
     *
     * @param rootDone the root node's completion ({@code node <wf> phase Running -> Failed}, v4 {@code node phase changed}), its
     *                 pass marking nothing and logging neither the exit handler nor a Workflow-level hook, shown whole
     * @param passes   the same run's later reconciles of the Workflow, none marking it completed, up to the first that marks it,
     *                 sets a phase, begins over a copy not Running, runs the root node again, or logs the exit handler or a hook
     * @param marked   the {@code Marking workflow completed} that ended the wait, in any run, or null (none in the lines)
     * @param daemoned the Workflow's {@code Node became daemoned} lines before the root node's completion (any run)
     * @param suspended the stretches after the root node's completion where the Workflow was or may have been suspended (any run):
     *                 each pass of a suspended Workflow logs {@code workflow suspended} and returns before the entry template and
     *                 markWorkflowPhase (ShouldSuspend), so it stays Running with every node ended whatever its results (session 53
     *                 breaker); a pass without the line after one with it was resumed ({@code argo resume}) and reaches
     *                 markWorkflowPhase again (session 54 breaker: one suspended pass hid the hold its resumed passes showed)
     * @param next     the Workflow's first line after the root node's completion that begins another hold or another Workflow of the
     *                 name (its entry node ending again, or a pass over a new Workflow, {@code Processing workflow} with no phase), or
     *                 null: an export after it shows that one, not this (session 53 breaker)
     */
    public record RootDoneHeld(LogEvent rootDone, List<Reconcile> passes, LogEvent marked, List<LogEvent> daemoned, List<Suspension> suspended,
            LogEvent next) {
        public RootDoneHeld {
            passes = List.copyOf(passes);
            daemoned = List.copyOf(daemoned);
            suspended = List.copyOf(suspended);
        }

        /**
         * Whether the Workflow was, or may have been, suspended at {@code t}: inside a {@link Suspension} (its ends excluded), or anywhere
         * where one has a line without a time.
         */
        public boolean suspendedAt(Timestamp t) {
            for (Suspension s : suspended) {
                if (t == null || s.from() == null || s.from().time() == null || (s.resumed() != null && s.resumed().time() == null)) {
                    return true;
                }
                if (t.isAfter(s.from().time()) && (s.resumed() == null || t.isBefore(s.resumed().time()))) {
                    return true;
                }
            }
            return false;
        }

        /** The phase the root node ended in. */
        public String phase() {
            return ((NodePhaseChanged) rootDone.event()).toPhase();
        }

        /**
         * The export's root node where the export shows this hold: taken after the root line, before a marking and before
         * {@code next}, the Workflow {@code Running} with its root node ended in this phase and every node of it ended (no exit
         * handler, hook or retry still running), and not shown suspended ({@link WorkflowSnapshot#suspended}: a suspended Workflow
         * stays Running with every node ended whatever its results; session 54). Empty otherwise.
         */
        public Optional<NodeStatus> shownHeld(WorkflowSnapshot w) {
            if (w.observed() == null || rootDone.time() == null || !"Running".equals(w.phase()) || w.nodes().isEmpty() || w.shownSuspended()
                    || !w.observed().time().isAfter(rootDone.time())
                    || (marked != null && marked.time() != null && !w.observed().time().isBefore(marked.time()))
                    || (next != null && !w.observed().time().isBefore(next.time()))) {
                return Optional.empty();
            }
            NodeStatus root = w.node(rootDone.event().nodeId().orElse("?")).orElse(null);
            if (root == null || !phase().equals(root.phase())
                    || !w.nodes().values().stream().allMatch(n -> n.phase() != null && NODE_DONE.contains(n.phase()))) {
                return Optional.empty();
            }
            return Optional.of(root);
        }
    }

    /**
     * A stretch where a Workflow was or may have been suspended: {@code argo suspend} sets {@code spec.suspend} at a moment the lines do
     * not show, after the Workflow's last pass that did not log {@code workflow suspended} (its pass {@code from}, or the root node's
     * completion), and {@code argo resume} unsets it before the first later pass that does not log it ({@code resumed}; null: none in
     * the lines, it may still be suspended).
     */
    public record Suspension(LogEvent from, LogEvent resumed) {
    }

    private static final Set<String> NODE_DONE = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    private final List<Reconcile> stopped = new ArrayList<>();
    private final List<Reconcile> passedAfterStop = new ArrayList<>();
    private final List<HeldCompletion> held = new ArrayList<>();
    private final List<RootDoneHeld> rootHeld = new ArrayList<>();

    private TaskResultLines(WorkflowHistory workflow) {
        boolean anyDebug = false;
        Map<Integer, List<LogEvent>> byStream = new TreeMap<>();
        for (LogEvent e : workflow.events()) {
            byStream.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            anyDebug |= e.level() == Level.DEBUG;
            ControllerEvent ev = e.event();
            if (ev instanceof TaskResultIncomplete || ev instanceof TaskResultForced
                    || (ev instanceof Signal s && Set.of(COMPLETE, FORCED_WAITS, DEV_TIMEOUT).contains(s.name()))) {
                ev.nodeId().ifPresent(nodes::add);
            }
        }
        debug = anyDebug;
        for (List<LogEvent> stream : byStream.values()) {
            LogEvent processing = null;
            List<LogEvent> lines = new ArrayList<>();
            for (LogEvent e : stream) {
                if (e.event() instanceof WorkflowProcessing) {
                    if (processing != null || !lines.isEmpty()) {
                        reconciles.add(new Reconcile(processing, List.copyOf(lines), true));
                    }
                    processing = e;
                    lines.clear();
                } else {
                    lines.add(e);
                }
            }
            if (processing != null || !lines.isEmpty()) {
                reconciles.add(new Reconcile(processing, List.copyOf(lines), false));
            }
        }
        boolean stoppedBefore = false;
        int stream = -1;
        for (Reconcile r : reconciles) {
            stoppedBefore &= r.first().stream() == stream;
            stream = r.first().stream();
            if (r.retry().isPresent()) {
                stoppedBefore = true;
                stopped.add(r);
            } else if (stoppedBefore && r.passed()) {
                passedAfterStop.add(r);
            }
        }
        List<LogEvent> daemonLines = workflow.events().stream().filter(e -> signal(e, NODE_DAEMONED)).toList();
        findHeld(daemonLines);
        findRootHeld(workflow, daemonLines, workflow.events().stream().filter(e -> signal(e, WORKFLOW_SUSPENDED)).toList());
    }

    /** The {@link RootDoneHeld}s, in the order of their root lines per run. */
    private void findRootHeld(WorkflowHistory workflow, List<LogEvent> daemonLines, List<LogEvent> suspendedLines) {
        String root = workflow.ref().name();
        for (int i = 0; i < reconciles.size(); i++) {
            Reconcile r = reconciles.get(i);
            LogEvent done = rootEnded(r, root);
            if (done == null || r.markedCompleted().isPresent() || completedPhase(r) != null || r.completion().isPresent() || mayBeHeldElse(r)) {
                continue;
            }
            // The pass's end shown: the run went on to another reconcile, or its persist follows the root line.
            int at = r.lines().indexOf(done);
            if (!r.whole() && r.lines().subList(at + 1, r.lines().size()).stream().noneMatch(e -> e.event() instanceof WorkflowUpdated)) {
                continue;
            }
            // A copy not Running, a phase set or a completed phase written, the root node run again, the exit handler or a hook:
            // this wait is over.
            // A pass of the Workflow suspended returns before markWorkflowPhase: it neither shows the hold nor ends it; a resumed pass
            // after it waits again (session 54 breaker).
            Wait wait = waitAfter(i, done, next -> {
                String began = began(next);
                return (began != null && !began.isEmpty() && !"Running".equals(began)) || exitOrHook(next)
                        || next.lines().stream().anyMatch(e -> signal(e, WORKFLOW_PHASE)
                        || (e.event() instanceof WorkflowUpdated u && u.phase() != null && COMPLETED.contains(u.phase()))
                        || (e.event() instanceof NodePhaseChanged c && root.equals(c.id()) && !COMPLETED.contains(c.toPhase())));
            });
            List<Reconcile> passes = wait.passes().stream().filter(p -> !suspendedPass(p)).toList();
            LogEvent marked = wait.marked();
            List<LogEvent> daemoned = daemonLines.stream()
                    .filter(d -> d.time() == null || done.time() == null || !d.time().isAfter(done.time())).toList();
            List<Suspension> suspended = suspensions(done, suspendedLines);
            LogEvent next = workflow.events().stream().filter(e -> e != done && e.time() != null && done.time() != null
                    && e.time().isAfter(done.time()) && ((e.event() instanceof WorkflowProcessing p && (p.phase() == null || p.phase().isEmpty()))
                    || (e.event() instanceof NodePhaseChanged c && root.equals(c.id()) && COMPLETED.contains(c.toPhase()))))
                    .findFirst().orElse(null);
            rootHeld.add(new RootDoneHeld(done, passes, marked, daemoned, suspended, next));
        }
    }

    /**
     * The stretches after {@code done} where the Workflow was or may have been suspended ({@link Suspension}): from the latest pass
     * before a {@code workflow suspended} line that did not log one (or {@code done}) to the first pass after it that did not (the
     * passes of every run, in time order). Lines without a time: one stretch from {@code done} on.
     */
    private List<Suspension> suspensions(LogEvent done, List<LogEvent> suspendedLines) {
        List<LogEvent> after = suspendedLines.stream().filter(e -> e.time() == null || done.time() == null || e.time().isAfter(done.time())).toList();
        if (after.isEmpty()) {
            return List.of();
        }
        if (done.time() == null || after.stream().anyMatch(e -> e.time() == null)) {
            return List.of(new Suspension(done, null));
        }
        // The passes after the root node's completion, by their Processing workflow's time: suspended or not.
        List<Reconcile> passes = reconciles.stream().filter(r -> r.processing() != null && r.processing().time() != null
                && r.processing().time().isAfter(done.time())).sorted((a, b) -> a.processing().time().compareInstant(b.processing().time())).toList();
        List<Suspension> out = new ArrayList<>();
        LogEvent lastFree = done;
        LogEvent from = null;
        for (Reconcile r : passes) {
            if (suspendedPass(r)) {
                if (from == null) {
                    from = lastFree;
                }
            } else {
                if (from != null) {
                    out.add(new Suspension(from, r.processing()));
                    from = null;
                }
                lastFree = r.processing();
            }
        }
        if (from != null) {
            out.add(new Suspension(from, null));
        }
        // A suspended line outside every pass read (its Processing workflow cut): suspended from the last free pass before it on.
        for (LogEvent e : after) {
            boolean inPass = passes.stream().anyMatch(r -> r.lines().contains(e));
            if (!inPass) {
                LogEvent before = done;
                for (Reconcile r : passes) {
                    if (!suspendedPass(r) && r.processing().time().isBefore(e.time())) {
                        before = r.processing();
                    }
                }
                LogEvent resumed = null;
                for (Reconcile r : passes) {
                    if (!suspendedPass(r) && r.processing().time().isAfter(e.time())) {
                        resumed = r.processing();
                        break;
                    }
                }
                out.add(new Suspension(before, resumed));
            }
        }
        return out;
    }

    /** The pass logged {@code workflow suspended}: it returned before the entry template (ShouldSuspend). */
    private static boolean suspendedPass(Reconcile r) {
        return r.lines().stream().anyMatch(e -> signal(e, WORKFLOW_SUSPENDED));
    }

    /** The pass ran the exit handler or a Workflow-level hook, either of which operate waits for before the phase. */
    private static boolean exitOrHook(Reconcile r) {
        return r.lines().stream().anyMatch(e -> signal(e, ON_EXIT) || signal(e, WORKFLOW_HOOKS));
    }

    /** A wait for the Workflow's completion: the passes that did not end it, and the marking that did (null: none in the lines). */
    private record Wait(List<Reconcile> passes, LogEvent marked) {
    }

    /**
     * The wait that began in the {@code i}-th reconcile at {@code from} ({@link HeldCompletion}, {@link RootDoneHeld}): the same run's
     * later reconciles up to the first that marks the Workflow completed (its marking ends the wait) or that {@code over} says ended
     * it another way; where no later pass of the run ended it, the first marking of another run after {@code from} (its own passes are
     * not read as waiting).
     */
    private Wait waitAfter(int i, LogEvent from, java.util.function.Predicate<Reconcile> over) {
        int stream = reconciles.get(i).first().stream();
        List<Reconcile> passes = new ArrayList<>();
        for (int j = i + 1; j < reconciles.size(); j++) {
            Reconcile next = reconciles.get(j);
            if (next.first().stream() != stream) {
                break;
            }
            if (next.markedCompleted().isPresent()) {
                return new Wait(passes, next.markedCompleted().get());
            }
            if (over.test(next)) {
                return new Wait(passes, null);
            }
            passes.add(next);
        }
        for (Reconcile later : reconciles) {
            if (later.first().stream() != stream && later.markedCompleted().isPresent()
                    && later.markedCompleted().get().time() != null && from.time() != null
                    && later.markedCompleted().get().time().isAfter(from.time())) {
                return new Wait(passes, later.markedCompleted().get());
            }
        }
        return new Wait(passes, null);
    }

    /** The phase the reconcile's {@code Processing workflow} names (empty for a new Workflow), or null without one. */
    private static String began(Reconcile r) {
        return r.processing() != null && r.processing().event() instanceof WorkflowProcessing p ? p.phase() : null;
    }

    /** The reconcile's line of the root node ending (its ID is the Workflow's name), or null. */
    private static LogEvent rootEnded(Reconcile r, String root) {
        return r.lines().stream().filter(e -> e.event() instanceof NodePhaseChanged c && root.equals(c.id()) && COMPLETED.contains(c.toPhase()))
                .findFirst().orElse(null);
    }

    /**
     * The pass ran the exit handler or a Workflow-level hook, either of which operate waits for before the phase, or returned before
     * the entry template because the Workflow is suspended ({@code workflow suspended}: it never reached markWorkflowPhase).
     */
    private static boolean mayBeHeldElse(Reconcile r) {
        return r.lines().stream().anyMatch(e -> signal(e, ON_EXIT) || signal(e, WORKFLOW_HOOKS) || signal(e, WORKFLOW_SUSPENDED));
    }

    /** The Workflow's entry node fulfilled while the Workflow was not marked completed ({@link RootDoneHeld}). */
    public List<RootDoneHeld> rootDoneHeld() {
        return rootHeld;
    }

    /** The {@link HeldCompletion}s, in the order of their phase lines per run. */
    private void findHeld(List<LogEvent> daemonLines) {
        for (int i = 0; i < reconciles.size(); i++) {
            Reconcile r = reconciles.get(i);
            LogEvent phase = completedPhase(r);
            if (phase == null || r.markedCompleted().isPresent()) {
                continue;
            }
            // Marking workflow completed follows the phase in the same call; a later line of the pass (its persist) or a later
            // reconcile of the run shows that it did not come.
            int at = r.lines().indexOf(phase);
            boolean shown = r.whole() || r.lines().subList(at + 1, r.lines().size()).stream().anyMatch(e -> e.event() instanceof WorkflowUpdated);
            if (!shown) {
                continue;
            }
            // A copy not completed (an informer behind the write, a reset), another phase written: this wait is over.
            Wait wait = waitAfter(i, phase, next -> {
                String began = began(next);
                return (began != null && !began.isEmpty() && !COMPLETED.contains(began))
                        || next.lines().stream().anyMatch(e -> signal(e, WORKFLOW_PHASE)
                        || (e.event() instanceof WorkflowUpdated u && u.phase() != null && !COMPLETED.contains(u.phase())));
            });
            List<Reconcile> passes = wait.passes().stream().filter(p -> !suspendedPass(p)).toList();
            LogEvent marked = wait.marked();
            List<LogEvent> daemoned = daemonLines.stream()
                    .filter(d -> d.time() == null || phase.time() == null || !d.time().isAfter(phase.time())).toList();
            held.add(new HeldCompletion(phase, passes, marked, daemoned));
        }
    }

    /** The reconcile's {@code Updated phase} to a completed phase, or null. */
    private static LogEvent completedPhase(Reconcile r) {
        return r.lines().stream().filter(e -> e.event() instanceof Signal s && WORKFLOW_PHASE.equals(s.name())
                && COMPLETED.contains(s.attribute("toPhase"))).findFirst().orElse(null);
    }

    /** The Workflow's completed phase set while its completion waited ({@link HeldCompletion}). */
    public List<HeldCompletion> heldCompletions() {
        return held;
    }

    public static TaskResultLines of(WorkflowHistory workflow) {
        return new TaskResultLines(workflow);
    }

    /** The last Workflow's initialization lines by node ID (made on first use; a race makes two equal ones). */
    private NodeInitializations initializations;

    /** {@code workflow}'s initialization lines by node ID, made once per list of lines asked about (session 57). */
    private NodeInitializations initializations(WorkflowHistory workflow) {
        NodeInitializations held = initializations;
        if (held == null || held.lines() != workflow.events()) {
            held = NodeInitializations.of(workflow.events());
            initializations = held;
        }
        return held;
    }

    /** Every reconcile of the Workflow, per controller run in input order. */
    public List<Reconcile> reconciles() {
        return reconciles;
    }

    /** The reconciles that kept a node in its phase for the outputs its task result carries ({@link #OUTPUTS_NOT_SET}). */
    public List<Reconcile> heldForOutputs() {
        return reconciles.stream().filter(r -> r.heldForOutputs().isPresent()).toList();
    }

    /** The reconciles that stopped on an incomplete result. */
    public List<Reconcile> stopped() {
        return stopped;
    }

    /**
     * The reconciles that went past the Pods after the same controller run had been seen stopping on
     * a result: each says the result that held it back no longer did. Releases before v3.5.5 never
     * stop, so their reconciles say nothing of the kind and are not here.
     */
    public List<Reconcile> passedAfterStop() {
        return passedAfterStop;
    }

    /** The node IDs the Workflow's task-result lines name (pending, completed or forced), in input order. */
    public Set<String> nodes() {
        return nodes;
    }

    /** The Workflow's lines include Debug ones: the controller logged at debug level. */
    public boolean debug() {
        return debug;
    }

    /** The {@code Processing workflow} lines, by time. */
    public List<LogEvent> processing() {
        return List.copyOf(EventOrder.byInstant(reconciles.stream().map(Reconcile::processing).filter(p -> p != null).toList()));
    }

    /**
     * A reconcile's stop ({@code pod reconciliation didn't complete, will retry}, naming no node) given to a node: an export of
     * the Workflow showed it as its only unfinished Pod node, and every reconcile from that export to the stop is in the lines.
     *
     * @param stop   the stop's line
     * @param export the export that showed the node as the only unfinished Pod node
     * @param copy   the export's resourceVersion where the stop's reconcile worked on that very copy (its {@code Processing
     *               workflow} line names it), else null: given by the export's time
     * @param firstPass null where an export gives the stop; else the {@code Processing workflow} line of the Workflow's first
     *               reconcile, from which the lines show every write of the copy the stop's reconcile worked on
     *               ({@link #firstPassSightings}): the export is then null, and the stop may be a held line
     *               ({@link #OUTPUTS_NOT_SET}) as well
     */
    public record SoleStop(LogEvent stop, WorkflowHistory.NodeObservation export, String copy, LogEvent firstPass) {
        public SoleStop(LogEvent stop, WorkflowHistory.NodeObservation export, String copy) {
            this(stop, export, copy, null);
        }

        /** The line is a held one ({@code leaving phase un-changed: required outputs are not yet set}), not a stop. */
        public boolean held() {
            return signal(stop, OUTPUTS_NOT_SET);
        }
    }

    /**
     * The reconciles that stopped on a result without saying whose (Info), taken at or after an export of the Workflow that
     * shows the node as its only unfinished Pod node, up to the next reconcile that did not stop: they stopped on it. A
     * stopped reconcile returns before the templates are executed, so it creates no Pod node; it stores the other Pods' new
     * states (only the Pod whose result is incomplete keeps its old one), so the unfinished Pod nodes can only become fewer
     * until a reconcile goes on. A stop needs a Pod seen Succeeded whose result is incomplete: from that export on, only this
     * one, where no other Pod node is unfinished or fulfilled with its result incomplete (a node the controller fulfilled itself
     * while its Pod ran is assessed again while its Pod is watched: {@link dev.argoforensics.snapshot.WorkflowSnapshot#mayHoldResultStop},
     * session 40).
     * Stops before the export are not given to it (another node, finished since, may have held them).
     * That holds only while every reconcile from the export on is in the lines: a reconcile missing from them (a paste of the
     * stops alone, a gap in the logs) may have gone on and created the Pod node stopped on later. So a stop is given only when
     * its reconcile is seen from its {@code Processing workflow} line and the Workflow's reconciles from the export to it are
     * never further apart than {@code stall}; and the bound is a reconcile that went on whose lines reach the export, since one
     * that began before the export may still have gone on after it. An export whose time only its file or the command line states
     * ({@code # taken-at:}, {@code --snapshot-time}: the clock of whoever took it) is read at both ends of what that clock may be
     * off ({@link ObservedAt#STATED_CLOCK_NANOS}): stops from the latest it can have been taken, reconciles that went on from the
     * earliest, so that a stop within that of the stated time is given to no node.
     * Each stop is given once, with the first export that gives it. A stop whose reconcile's {@code Processing workflow} line names
     * the export's resourceVersion (v3.5.3+) is given whatever the times (session 37): that reconcile worked on the very copy the
     * export shows, in which this node was the only unfinished Pod node; the export's own time (a stated one a minute either way)
     * and the lines' gaps do not enter. The stops are returned by time.
     *
     * @param stall the longest the controller may go without processing the Workflow for its lines to count as watched throughout
     */
    public List<SoleStop> soleStops(WorkflowHistory workflow, String nodeId, long stall) {
        if (workflow == null || nodeId == null) {
            return List.of();
        }
        List<Reconcile> unnamed = stopped().stream().filter(r -> r.stoppedOn().isEmpty()).toList();
        if (unnamed.isEmpty()) {
            return List.of();
        }
        // A stop of a run that wrote about the Workflow's name at the same time as another run (two clusters' logs read together,
        // two controllers at once: PhaseHistory.concurrent) may be the other Workflow's, and its passes may fill the gaps of the
        // run that should have been looking: not given (session 36 recheck).
        Set<Integer> overlapping = PhaseHistory.concurrentStreams(workflow.events());
        if (!overlapping.isEmpty()) {
            unnamed = unnamed.stream().filter(r -> !overlapping.contains(r.retry().get().stream())).toList();
            if (unnamed.isEmpty()) {
                return List.of();
            }
        }
        List<Reconcile> others = reconciles().stream().filter(r -> r.retry().isEmpty() && r.first().time() != null).toList();
        List<Timestamp> processing = processing().stream().map(LogEvent::time).filter(Objects::nonNull).toList();
        List<SoleStop> out = new ArrayList<>();
        Set<LogEvent> taken = new HashSet<>();
        for (WorkflowHistory.NodeObservation o : workflow.nodeObservations(nodeId)) {
            if (o.snapshot().observed() == null || o.node().fulfilled() || !"Pod".equals(o.node().type())) {
                continue;
            }
            // Another Pod node a pass could stop on: unfinished, or fulfilled with its result incomplete (session 40).
            boolean sole = o.snapshot().nodes().values().stream()
                    .noneMatch(n -> !n.id().equals(nodeId) && o.snapshot().mayHoldResultStop(n));
            if (!sole) {
                continue;
            }
            // A stopped pass whose Processing workflow line names the export's resourceVersion worked on the very copy the export
            // shows: this node was its only unfinished Pod node, whenever the export was taken and whatever passes the lines lack.
            String rv = o.snapshot().resourceVersion().trim();
            if (!rv.isEmpty()) {
                for (Reconcile r : unnamed) {
                    // Another installation's reconcile of another time may name the same number (per etcd): not where the copy it
                    // worked on cannot be the export's by the times the controller stamps into it (session 38).
                    if (r.processing() != null && r.processing().event() instanceof WorkflowProcessing p && p.resourceVersion() != null
                            && rv.equals(p.resourceVersion().trim())
                            && !WorkflowWrites.notHeldBy(o.snapshot(), r.processing().stream(), r.processing().time(), initializations(workflow))
                            && taken.add(r.retry().get())) {
                        out.add(new SoleStop(r.retry().get(), o, rv));
                    }
                }
            }
            ObservedAt observed = o.snapshot().observed();
            // A time only the export's file states is a user's clock (ObservedAt): a stop counts as after the export only from the
            // latest it can have been taken, and a reconcile that went on counts as after it from the earliest.
            Timestamp from = observed.takenNoLaterThan().at();
            Timestamp since = observed.takenNoEarlierThan().at();
            Timestamp upper = others.stream().filter(r -> !last(r).isBefore(since)).map(r -> r.first().time()).min(Comparator.naturalOrder())
                    .orElse(null);
            Timestamp broken = firstGap(processing, since, stall);
            for (Reconcile r : unnamed) {
                LogEvent stop = r.retry().get();
                Timestamp t = stop.time();
                if (!t.isBefore(from) && (upper == null || t.isBefore(upper)) && r.processing() != null && (broken == null || t.isBefore(broken))
                        && latest(since, r.processing().time()).nanosUntil(t) <= stall && taken.add(stop)) {
                    out.add(new SoleStop(stop, o, null));
                }
            }
        }
        return EventOrder.inTimeOrder(out, SoleStop::stop);
    }

    /**
     * Stops and held lines that name no node, given to a Pod's node from the lines alone (session 37): the reconcile worked on a
     * copy of the Workflow every write of which, since the Workflow's first reconcile, is in the same run's lines, and no Pod but
     * this one was created in them. Each reconcile's {@code Processing workflow} names the resourceVersion of the copy it works on
     * (v3.5.3+), and {@code Workflow update successful} the one its write was given: following them back from the reconcile to
     * a first one (phase "", or its phase set from "") through writes of the same run, the copy's every Pod node was created in
     * one of those reconciles, which log {@code Created pod} (or {@code Failed pod creation: already exists}, and up to v3.7
     * {@code Pod node … initialized}) at Info for each. Where they name this Pod alone, it was the copy's only Pod node: a stop
     * (a Pod seen Succeeded, its result incomplete) or a held line with {@code Succeeded} (a Pod seen Succeeded, its outputs not
     * yet set; the pass goes on, but its Pods are assessed before it creates any) is this Pod's. Runs that wrote about the
     * Workflow's name at the same time as another run are left out (as {@link #soleStops}). Nothing is given where a link is
     * missing (a log that begins later, a rotated piece, another run's write, no resourceVersion keys before v3.5.3).
     * Not given either where another run logged the Workflow before the chain's first reconcile (it may have begun the first
     * pass, {@link #begunBefore}); the Pods created are read from the run's earliest reconcile of the Workflow on.
     * Limit: a daemon's node is known from the lines only once it became daemoned ({@code Node became daemoned}, refused in
     * {@link #seenSucceededBySoleStop}; up to v3.6 a daemon's {@code Failed} Pod is assessed Succeeded); an earlier run whose
     * log is not in the evidence may have begun the first pass.
     *
     * @param nodeId  the Pod's node ID
     * @param podName the Pod's name
     * @return the sightings, by time
     */
    public List<SoleStop> firstPassSightings(WorkflowHistory workflow, String nodeId, String podName) {
        if (workflow == null || nodeId == null || podName == null) {
            return List.of();
        }
        List<SoleStop> out = new ArrayList<>();
        for (FirstPassLine c : firstPassLines(workflow)) {
            if (onlyThisPodCreated(reconciles, c.earliest(), c.at(), c.line(), nodeId, podName)) {
                out.add(new SoleStop(c.line(), null, null, c.firstPass()));
            }
        }
        return EventOrder.inTimeOrder(out, SoleStop::stop);
    }

    /**
     * A stop or held line of {@link #firstPassSightings} that passed every test not about the Pod asked for: the reconcile
     * {@code at} it is in, the first reconcile of the chain of writes it descends from, and the run's earliest reconcile of the
     * Workflow on from which Pods created are read.
     */
    private record FirstPassLine(int earliest, int at, LogEvent line, LogEvent firstPass) {
    }

    /** The history {@link #firstPassLines} were found for, and those lines (found once: AF002 asks for every Pod of the Workflow). */
    private WorkflowHistory firstPassFor;
    private List<FirstPassLine> firstPassLines;

    /**
     * The stops and held lines naming no node whose reconcile descends from the Workflow's first reconcile through logged writes of
     * its run, in a run that did not write about the Workflow's name at the same time as another, with no other run's line before
     * that first reconcile: what {@link #firstPassSightings} then reads for the Pod asked for. The same for every Pod, so found
     * once per history (a history other than the last one asked about is read again).
     */
    private synchronized List<FirstPassLine> firstPassLines(WorkflowHistory workflow) {
        if (firstPassFor == workflow && firstPassLines != null) {
            return firstPassLines;
        }
        Set<Integer> overlapping = null;
        int[] firstPass = null;
        Map<Integer, Boolean> begun = new HashMap<>();
        List<FirstPassLine> out = new ArrayList<>();
        for (int i = 0; i < reconciles.size(); i++) {
            Reconcile r = reconciles.get(i);
            LogEvent line = r.retry().filter(x -> r.stoppedOn().isEmpty()).orElse(null);
            if (line == null && r.heldForOutputs().isPresent() && r.heldForOutputs().get().event() instanceof Signal h
                    && "Succeeded".equals(h.attribute("phase"))) {
                line = r.heldForOutputs().get();
            }
            if (line == null) {
                continue;
            }
            if (overlapping == null) {
                overlapping = PhaseHistory.concurrentStreams(workflow.events());
                firstPass = firstPasses();
            }
            if (overlapping.contains(line.stream())) {
                continue;
            }
            int first = firstPass[i];
            if (first < 0 || begun.computeIfAbsent(first, f -> begunBefore(workflow, reconciles.get(f).processing()))) {
                continue;
            }
            // Every reconcile of the run since its earliest of the Workflow: a first pass whose write failed was followed by
            // another from the same copy (phase "" again), which logs the Pods the failed one created only at Debug ("Skipped pod").
            int earliest = first;
            while (earliest > 0 && reconciles.get(earliest - 1).first().stream() == line.stream()) {
                earliest--;
            }
            out.add(new FirstPassLine(earliest, i, line, reconciles.get(first).processing()));
        }
        firstPassFor = workflow;
        firstPassLines = List.copyOf(out);
        return firstPassLines;
    }

    /**
     * Whether another run logged the Workflow before its first reconcile {@code first} (session 37 recheck): an earlier run may have
     * begun the Workflow's first pass, created Pods and ended before writing it (OOMKilled, leadership lost); the next run's pass
     * from the same copy (phase "" again) finds those Pods there and logs them only at Debug ({@code Skipped pod … creation:
     * already exists}). Its Pods are nodes of the copy too.
     */
    private static boolean begunBefore(WorkflowHistory workflow, LogEvent first) {
        return workflow.events().stream().anyMatch(e -> e.stream() != first.stream() && EventOrder.before(e, first));
    }

    /**
     * For each reconcile {@code i}, the index of the first reconcile of the Workflow from which the copy it worked on descends
     * through writes of the same run, each logged; -1 where a link is missing. A reconcile that begins from nothing (its
     * {@code Processing workflow} over phase "", or its phase set from "") is its own first; else its copy's writer is the latest
     * earlier reconcile of the same unbroken run of reconciles whose {@code Workflow update successful} gave that resourceVersion,
     * and its first is the writer's. One pass: each reconcile's writes are read once, the writers of the run so far held by version.
     */
    private int[] firstPasses() {
        int[] first = new int[reconciles.size()];
        Map<String, Integer> writers = new HashMap<>();
        for (int i = 0; i < reconciles.size(); i++) {
            Reconcile r = reconciles.get(i);
            if (i > 0 && reconciles.get(i - 1).first().stream() != r.first().stream()) {
                writers.clear(); // a writer is looked for in the reconciles of the same run right before this one only
            }
            first[i] = -1;
            if (r.processing() != null && r.processing().event() instanceof WorkflowProcessing p) {
                boolean fromNothing = (p.phase() != null && p.phase().isEmpty()) || r.lines().stream().anyMatch(e -> signal(e, WORKFLOW_PHASE)
                        && (((Signal) e.event()).attribute("fromPhase") == null || ((Signal) e.event()).attribute("fromPhase").isEmpty()));
                String rv = p.resourceVersion() == null ? "" : p.resourceVersion().trim();
                Integer writer = fromNothing || rv.isEmpty() ? null : writers.get(rv);
                first[i] = fromNothing ? i : writer == null ? -1 : first[writer];
            }
            for (LogEvent e : r.lines()) {
                if (e.event() instanceof WorkflowUpdated u && u.resourceVersion() != null) {
                    writers.put(u.resourceVersion().trim(), i);
                }
            }
        }
        return first;
    }


    /** Whether the run's reconciles {@code from} to {@code to} (up to {@code line}) create this Pod and no other. */
    static boolean onlyThisPodCreated(List<Reconcile> reconciles, int from, int to, LogEvent line, String nodeId, String podName) {
        boolean own = false;
        for (int i = from; i <= to; i++) {
            for (LogEvent e : reconciles.get(i).lines()) {
                if (e == line) {
                    break;
                }
                ControllerEvent ev = e.event();
                String pod = null;
                String id = null;
                if (ev instanceof ControllerEvent.PodCreated c) {
                    pod = c.podRef() == null ? null : c.podRef().name();
                    id = c.id();
                } else if (ev instanceof Signal s && "pod-create-exists".equals(s.name())) {
                    pod = s.podRef() != null ? s.podRef().name() : s.attribute("pod");
                    id = s.id();
                } else if (ev instanceof ControllerEvent.NodeInitialized n && "Pod".equals(n.nodeType())) {
                    id = n.id();
                } else {
                    continue;
                }
                if ((pod != null && !pod.equals(podName)) || (id != null && !id.equals(nodeId)) || (pod == null && id == null)) {
                    return false;
                }
                own |= pod != null;
            }
        }
        return own;
    }

    /**
     * A Workflow worker's sight of the Pod as Succeeded from a stop that names no node (Info alone, v3.5.5+): the first of the
     * Workflow's stops given to the Pod's node as its only unfinished Pod node ({@link #soleStops}). A stop means a worker found
     * a Pod of the Workflow whose new state was Succeeded, which the kubelet writes only once every container has exited 0, and
     * whose task result was incomplete ({@code podReconciliation}, lifecycle reference B1); from that export on this node was the
     * only one it could be. Not given: where an export shows the node running a daemon template (up to v3.6 a daemon's Failed Pod
     * is assessed Succeeded, "ignore pod failure for daemoned steps"; from v3.7 a daemon's Pod is never assessed Succeeded);
     * where the export is of another Workflow of the same name (its UID not the Pod's owner's);
     * where the controller's assessment of this Pod may be the fall-through of a {@code Failed} Pod with main unterminated (before
     * #15150: no success); and where it does not come before the Pod's deletion: a main that exits 0 on the deletion's SIGTERM
     * leaves a Succeeded Pod too. The watch delivers a Pod's versions in order, so a Succeeded version the worker read before the
     * controller's informer received the deleted one was written before the deletion: the stop must come before the controller's
     * first sight of the deletion, with {@link ExecutionOrder#KUBELET_REPORT_LAG_NANOS} to spare for the informer's store being
     * ahead of its handlers' lines, and before any object's latest bound of the request by more than two clocks may disagree.
     * Empty when none is given.
     */
    public static Optional<SoleStop> seenSucceededBySoleStop(PodHistory pod, PodLifecycle life, WorkflowHistory workflow, long stall) {
        return seenSucceededBySoleStop(pod, life, workflow, workflow == null ? null : of(workflow), stall);
    }

    /**
     * {@link #seenSucceededBySoleStop(PodHistory, PodLifecycle, WorkflowHistory, long)} with the Workflow's lines read into
     * {@code lines} already ({@link #of} of that very {@code workflow}): a rule asking for every Pod of a Workflow reads them once.
     */
    public static Optional<SoleStop> seenSucceededBySoleStop(PodHistory pod, PodLifecycle life, WorkflowHistory workflow, TaskResultLines lines,
                                                             long stall) {
        if (pod.link() == null || workflow == null || ExecutionOrder.failedUnterminated(pod) != null) {
            return Optional.empty();
        }
        // A daemon's node: up to v3.6 the controller assesses a daemon's Failed Pod as Succeeded (a main killed or failed, non-zero
        // exit), from v3.7 never as Succeeded; a stop shows no exit 0 of its main either way.
        if (workflow.nodeObservations(pod.link().nodeId()).stream().anyMatch(o -> o.node().daemon())) {
            return Optional.empty();
        }
        // The lines say so as well where the daemon's Pod became running and ready ({@code Node became daemoned}, Info, v3.4+), with
        // or without an export (session 37 recheck: the stops given from the lines alone were given to such a node).
        String nodeId = pod.link().nodeId();
        if (workflow.events().stream().anyMatch(e -> signal(e, NODE_DAEMONED) && e.event() instanceof Signal d && nodeId.equals(d.id()))) {
            return Optional.empty();
        }
        String owner = pod.ownerWorkflowUid();
        DeletionRequest deletion = life.deletionRequest().orElse(null);
        List<SoleStop> all = new ArrayList<>(lines.soleStops(workflow, pod.link().nodeId(), stall));
        all.addAll(lines.firstPassSightings(workflow, pod.link().nodeId(), pod.key().name()));
        LogEvent created = pod.latestCreated();
        for (SoleStop s : EventOrder.inTimeOrder(all, SoleStop::stop)) {
            String uid = s.export() == null ? null : s.export().snapshot().uid();
            if (s.export() != null && owner != null && !owner.isEmpty() && (uid == null || !owner.equals(uid))) {
                continue;
            }
            LogEvent stop = s.stop();
            // A sight of a Pod Succeeded before this Pod was created is an earlier Pod's of the name (another installation's run,
            // a namesake Workflow's, the Pod argo retry replaced), as for the Debug sightings (LifecycleBuilder.seenSucceeded).
            if (created != null && !EventOrder.after(stop, created)) {
                continue;
            }
            if (deletion != null) {
                LogEvent seen = deletion.firstSeen();
                if (seen == null || !EventOrder.before(stop, seen)
                        || stop.time().nanosUntil(seen.time()) <= ExecutionOrder.KUBELET_REPORT_LAG_NANOS) {
                    continue;
                }
                if (!deletion.notAfter().fromLogs() && stop.time().nanosUntil(deletion.notAfter().at()) <= DeletionBounds.CROSS_CLOCK_NANOS) {
                    continue;
                }
            }
            return Optional.of(s);
        }
        return Optional.empty();
    }

    /** The time of a reconcile's last line. */
    private static Timestamp last(Reconcile r) {
        Timestamp t = r.first().time();
        for (LogEvent e : r.lines()) {
            if (e.time() != null && e.time().isAfter(t)) {
                t = e.time();
            }
        }
        return t;
    }

    /**
     * The first {@code Processing workflow} after {@code from} that comes more than {@code stall} after the one before it (or
     * after {@code from}): the reconciles are seen watched from {@code from} up to it, not past it. Null if none. One pass.
     */
    private static Timestamp firstGap(List<Timestamp> processing, Timestamp from, long stall) {
        Timestamp prev = from;
        for (Timestamp p : processing) {
            if (p.isAfter(from)) {
                if (prev.nanosUntil(p) > stall) {
                    return p;
                }
                prev = p;
            }
        }
        return null;
    }

    private static Timestamp latest(Timestamp a, Timestamp b) {
        return a.isAfter(b) ? a : b;
    }

    static boolean signal(LogEvent e, String name) {
        return e.event() instanceof Signal s && name.equals(s.name());
    }
}
