package dev.argoforensics.rules;

import static dev.argoforensics.rules.TaskResultNeverSynced.LOG;
import static dev.argoforensics.rules.TaskResultNeverSynced.TASK_RESULT;
import static dev.argoforensics.rules.TaskResultNeverSynced.WORKFLOW;

import dev.argoforensics.catalog.ArgoVersion;
import dev.argoforensics.catalog.ReleaseRange;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.TaskResultLines.Reconcile;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.ControllerEvent.TaskResultIncomplete;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.TaskResultNeverSynced.Subject;
import dev.argoforensics.rules.TaskResultNeverSynced.View;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * AF006: what each source says of a node's task result, and when: the exported Workflow's flags, the
 * controller's lines about the node and its Workflow's reconciles, the WorkflowTaskResult's label.
 */
final class TaskResultViews {
    private TaskResultViews() {
    }

    /** @param stall the longest the controller may go without processing the Workflow for its lines to count as watched throughout */
    static List<View> of(Correlation correlation, Subject s, WorkflowHistory workflow, TaskResultLines lines, long stall) {
        List<View> views = new ArrayList<>();
        if (workflow != null && s.nodeId() != null) {
            Set<LogEvent> stored = new HashSet<>();
            for (NodeObservation o : workflow.nodeObservations(s.nodeId())) {
                if (o.snapshot().observed() == null) {
                    continue;
                }
                Timestamp at = o.snapshot().observed().time();
                Boolean complete = o.snapshot().taskResultsCompletion().get(s.nodeId());
                if (Boolean.FALSE.equals(o.node().taskResultSynced()) || Boolean.FALSE.equals(complete)) {
                    Message what = Message.of(Boolean.FALSE.equals(o.node().taskResultSynced()) ? "AF006.view.syncedFalse" : "AF006.view.completionFalse");
                    views.add(new View(at, true, WORKFLOW, written(what, o), o));
                    // The same status read again by a later pass (its resourceVersion unchanged): still pending then.
                    correlation.nodes().stillStoredUntil(workflow, o.snapshot()).filter(p -> p.time().isAfter(at) && stored.add(p)).ifPresent(p -> views.add(
                            new View(p.time(), true, WORKFLOW, Message.of("AF006.view.stillStored", "what", what, "rv",
                                    o.snapshot().resourceVersion().trim()), new TaskResultNeverSynced.Stored(o, p))));
                } else if (o.node().fulfilled() || Boolean.TRUE.equals(complete)) {
                    views.add(new View(at, false, WORKFLOW, written(Message.of("AF006.view.recorded", "export", o.snapshot().what(), "phase",
                            o.node().phase()), o), o));
                }
            }
            for (LogEvent e : correlation.nodes().of(new NodeLink(s.wf(), s.nodeId(), null, null, null))) {
                View v = line(e);
                if (v != null) {
                    views.add(v);
                }
            }
        }
        if (lines != null) {
            for (Reconcile r : lines.stopped()) {
                if (Objects.equals(r.stoppedOn().orElse(null), s.nodeId()) && !r.named()) {
                    views.add(new View(r.retry().get().time(), true, LOG, Message.of(s.nodeId() == null ? "AF006.view.retry"
                            : "AF006.view.retryAfterSucceeded"), r.retry().get()));
                }
            }
        }
        if (lines != null && workflow != null && s.nodeId() != null) {
            List<View> sole = soleStops(s, workflow, lines, stall);
            views.addAll(sole);
            views.addAll(firstPassStops(correlation, s, workflow, lines, sole));
        }
        if (lines != null && s.nodeId() == null) {
            views.addAll(heldCompletion(correlation, lines, stall));
            views.addAll(rootDoneHeld(correlation, workflow, lines, stall));
        }
        if (s.pod() != null) {
            for (TaskResultSnapshot t : s.pod().taskResults()) {
                if (t.observed() == null || t.outputsCompleted() == null) {
                    continue;
                }
                boolean pending = "false".equals(t.outputsCompleted());
                views.add(new View(t.observed().time(), pending, TASK_RESULT, Message.of("AF006.view.label", "value", t.outputsCompleted()), t));
            }
        }
        if (lines != null && views.stream().anyMatch(View::pending)) {
            for (Reconcile r : lines.passedAfterStop()) {
                if (s.nodeId() == null) {
                    // What let it pass, when the controller completed a result itself in that reconcile.
                    r.lines().stream().map(TaskResultViews::line).filter(v -> v != null && forced(v)).forEach(views::add);
                }
                LogEvent at = r.completion().orElse(r.first());
                views.add(new View(at.time(), false, LOG, Message.of(r.completion().isPresent() ? "AF006.view.workflowCompleted"
                        : "AF006.view.passedPods"), at));
            }
        }
        return views;
    }

    /** The Workflow's stops given to the node as its only unfinished Pod node ({@link TaskResultLines#soleStops}), as views. */
    private static List<View> soleStops(Subject s, WorkflowHistory workflow, TaskResultLines lines, long stall) {
        return lines.soleStops(workflow, s.nodeId(), stall).stream().map(st -> new View(st.stop().time(), true, LOG,
                st.copy() != null ? Message.of("AF006.view.retrySoleCopy", "rv", st.copy(), "at", st.export().snapshot().observed().time().format())
                        : Message.of("AF006.view.retrySole", "at", st.export().snapshot().observed().time().format()), st.stop())).toList();
    }

    /**
     * The Workflow's stops given to the Pod's node from the lines alone ({@link TaskResultLines#firstPassSightings}, session 38):
     * the reconcile worked on a copy every write of which since the Workflow's first reconcile is in the same run's lines, and
     * those reconciles created this Pod alone, so it was the copy's only Pod node and the stop (a Pod seen Succeeded, its result
     * incomplete) is its. The held lines the sightings also give are not taken: a node held for its outputs does not show its
     * result pending. Only the Workflow's first Pod created can be such a copy's only Pod (another created before it in the run
     * is in the chain, one created by an earlier run refuses it), so the chain is walked for one Pod per Workflow, not for each.
     * Stops a sole-stop view already gives are not given twice.
     */
    private static List<View> firstPassStops(Correlation correlation, Subject s, WorkflowHistory workflow, TaskResultLines lines,
                                             List<View> already) {
        if (s.pod() == null) {
            return List.of();
        }
        // A node the lines show daemoned (Node became daemoned, Info, v3.4+; session 38 recheck, decided in session 39 by
        // podReconciliation and assessNodeStatus at v3.5.5-v3.6): a stop needs the node's new state Succeeded, and a daemon's Pod
        // gets it when it ended Succeeded or, up to v3.6, Failed (a daemon's failure is ignored; from v3.7 its Pod is never assessed
        // Succeeded so), never while it runs. So the stop is still the node's result pending after its Pod ended (AF006's claim),
        // but the Pod may have died with its wait container (its outputs never reported: the daemon's end, not a label lost), which
        // the lines cannot tell. Taken, marked so, and the finding lowered to possible, naming what would decide (AF002 refuses
        // such a stop: a failure assessed Succeeded is no success).
        String nodeId = s.nodeId();
        LogEvent daemoned = workflow.events().stream().filter(e -> e.event() instanceof Signal d && TaskResultLines.NODE_DAEMONED.equals(d.name())
                && nodeId.equals(d.id())).findFirst().orElse(null);
        List<LogEvent> fromFirst = correlation.nodes().fromFirst(workflow, PodCreated.class, e -> true);
        if (fromFirst.isEmpty() || !(fromFirst.get(0).event() instanceof PodCreated c) || c.podRef() == null
                || !s.pod().key().name().equals(c.podRef().name())) {
            return List.of();
        }
        Set<Object> given = new HashSet<>();
        already.forEach(v -> given.add(v.cited()));
        return lines.firstPassSightings(workflow, s.nodeId(), s.pod().key().name()).stream().filter(st -> !st.held() && given.add(st.stop()))
                .map(st -> new View(st.stop().time(), true, LOG, daemoned == null
                        ? Message.of("AF006.view.retryFirstPass", "at", st.firstPass().time().format())
                        : Message.of("AF006.view.retryFirstPassDaemon", "at", st.firstPass().time().format(), "daemonAt",
                                daemoned.time() == null ? "?" : daemoned.time().format()), st.stop())).toList();
    }

    /** Whether a view is a first-pass stop of a node the lines show daemoned ({@link #firstPassStops}). */
    static boolean daemonFirstPass(View v) {
        return v.pending() && v.what() instanceof Message.Keyed k && k.code().equals("AF006.view.retryFirstPassDaemon");
    }

    /** The releases whose markWorkflowPhase sets a completed phase before it waits for the task results (read at the tags). */
    static final ReleaseRange PHASE_BEFORE_RESULTS = new ReleaseRange(ArgoVersion.exact("v3.5.3"), ArgoVersion.exact("v3.5.5"));

    /** What the release of a run says of {@link #PHASE_BEFORE_RESULTS}: in it, not in it, or not known. */
    enum PhaseFirst { YES, NO, UNKNOWN }

    static PhaseFirst phaseFirst(ControllerProcess run) {
        String name = run == null ? null : run.releaseName();
        if (name == null || ReleaseRange.beforeFloor(name)) {
            return PhaseFirst.UNKNOWN; // v2.x, v3.0-v3.3: not read at their tags
        }
        ArgoVersion exact = ArgoVersion.exact(name);
        if (exact != null) {
            return PHASE_BEFORE_RESULTS.low().compareTo(exact) <= 0 && exact.compareTo(PHASE_BEFORE_RESULTS.high()) <= 0 ? PhaseFirst.YES
                    : PhaseFirst.NO;
        }
        try {
            return ReleaseRange.parse(name).intersect(PHASE_BEFORE_RESULTS).isEmpty() ? PhaseFirst.NO : PhaseFirst.UNKNOWN;
        } catch (IllegalArgumentException notARelease) {
            return PhaseFirst.UNKNOWN;
        }
    }

    /**
     * The Workflow's phase set completed with its completion held ({@link TaskResultLines.HeldCompletion}, session 36): at the
     * pass that set it and at each later pass of the same run that did not mark it completed, a task result of the Workflow was
     * still incomplete (or a node still daemoned: see {@link #daemonMayHold}; where the lines show a daemon, the pass that set a
     * Succeeded phase is not counted, as that pass may have been held by it alone); the marking settles it. Not
     * on a run whose release is known to be outside v3.5.3-v3.5.5 (before, the completion waits for daemoned nodes only; after,
     * the phase is not set while a result is pending). A pass counts when its lines are all there: the run went on to another
     * reconcile of the Workflow, or logged for longer than {@code stall} after it began (a pass over a completed phase takes
     * milliseconds); a pass cut off by the end of the lines shows nothing.
     */
    static List<View> heldCompletion(Correlation correlation, TaskResultLines lines, long stall) {
        List<View> out = new ArrayList<>();
        for (TaskResultLines.HeldCompletion h : lines.heldCompletions()) {
            ControllerProcess run = correlation.process(h.phaseSet());
            if (h.phaseSet().time() == null || phaseFirst(run) == PhaseFirst.NO) {
                continue;
            }
            String phase = ((Signal) h.phaseSet().event()).attribute("toPhase");
            if (daemonMayHold(h)) {
                continue; // a daemon left daemoned under a boundary that never completed holds it until its Pod ends
            }
            LogEvent anchor = null; // the latest pass counted as a view of a result pending
            if (h.daemoned().isEmpty()) {
                // With a daemon, that pass alone may be the daemon's: it ends them (killDaemonedChildren), and the later passes are not.
                out.add(new View(h.phaseSet().time(), true, LOG, Message.of("AF006.view.phaseSetNotCompleted", "phase", phase), h.phaseSet()));
                anchor = h.phaseSet();
            }
            for (Reconcile p : h.passes()) {
                LogEvent first = p.first();
                boolean ended = p.whole() || (run != null && run.last() != null && first.time() != null
                        && first.time().nanosUntil(run.last()) > stall);
                if (first.time() != null && ended) {
                    out.add(new View(first.time(), true, LOG, Message.of("AF006.view.passNotCompleted", "phase", phase), first));
                    anchor = first;
                }
            }
            if (h.marked() != null && h.marked().time() != null) {
                out.add(new View(h.marked().time(), false, LOG, Message.of("AF006.view.markedCompleted"), h.marked()));
                View bound = requeueBound(correlation, lines, h, run, anchor, stall);
                if (bound != null) {
                    out.add(bound);
                }
            }
        }
        return out;
    }

    /** The releases whose markWorkflowPhase returns before it sets a completed phase while a task result is incomplete. */
    static final ReleaseRange RESULTS_BEFORE_PHASE = new ReleaseRange(ArgoVersion.exact("v3.5.6"), null);

    /** What the release of a run says of {@link #RESULTS_BEFORE_PHASE}: in it, not in it, or not known. */
    static PhaseFirst resultsFirst(ControllerProcess run) {
        String name = run == null ? null : run.releaseName();
        if (name == null) {
            return PhaseFirst.UNKNOWN;
        }
        if (ReleaseRange.beforeFloor(name)) {
            return PhaseFirst.NO; // v2.x, v3.0-v3.3: no task-result wait in markWorkflowPhase
        }
        ArgoVersion exact = ArgoVersion.exact(name);
        if (exact != null) {
            return RESULTS_BEFORE_PHASE.low().compareTo(exact) <= 0 ? PhaseFirst.YES : PhaseFirst.NO;
        }
        try {
            return ReleaseRange.parse(name).intersect(RESULTS_BEFORE_PHASE).isEmpty() ? PhaseFirst.NO : PhaseFirst.UNKNOWN;
        } catch (IllegalArgumentException notARelease) {
            return PhaseFirst.UNKNOWN;
        }
    }

    /**
     * The Workflow's entry node fulfilled and the Workflow not marked completed ({@link TaskResultLines.RootDoneHeld}, session 53):
     * the pass that ended the root node and each later pass of the same run that did not mark the Workflow completed, where its
     * lines are all there, are views of a result of the Workflow pending (or a node still daemoned: where the lines show a daemon
     * before the root node ended, not counted at all, as the daemon may have held every pass until its Pod ended); and an export
     * or {@code argo get} of the Workflow after the root line showing it Running with its root node ended and every node of it
     * ended (no exit handler, hook or retry still running) is one too, as long as nothing in the lines marked it completed before.
     * Not on a run whose release is known to be outside v3.5.6 and later (v3.5.3-v3.5.5 set the phase first; earlier releases wait
     * for daemoned nodes only).
     */
    static List<View> rootDoneHeld(Correlation correlation, WorkflowHistory workflow, TaskResultLines lines, long stall) {
        List<View> out = new ArrayList<>();
        for (TaskResultLines.RootDoneHeld h : lines.rootDoneHeld()) {
            ControllerProcess run = correlation.process(h.rootDone());
            if (h.rootDone().time() == null || resultsFirst(run) == PhaseFirst.NO || !h.daemoned().isEmpty()) {
                continue;
            }
            if (h.next() != null && lines.rootDoneHeld().stream().anyMatch(o -> o != h && o.rootDone().time() != null
                    && o.rootDone().time().isAfter(h.rootDone().time()))) {
                // Another hold of the name follows (a new Workflow of the name, or its entry node run again and ended): the views of
                // both are of one Workflow's result only by name, and pooled they would span the time between them (session 53
                // breaker); the later one is read alone.
                continue;
            }
            String node = h.rootDone().event().nodeId().orElse("?");
            out.add(new View(h.rootDone().time(), true, LOG, Message.of("AF006.view.rootDoneNotCompleted", "node", node, "phase", h.phase()),
                    h.rootDone()));
            for (Reconcile p : h.passes()) {
                LogEvent first = p.first();
                boolean ended = p.whole() || (run != null && run.last() != null && first.time() != null
                        && first.time().nanosUntil(run.last()) > stall);
                if (first.time() != null && ended) {
                    out.add(new View(first.time(), true, LOG, Message.of("AF006.view.rootPassNotCompleted", "node", node, "phase", h.phase()), first));
                }
            }
            if (h.marked() != null && h.marked().time() != null) {
                out.add(new View(h.marked().time(), false, LOG, Message.of("AF006.view.markedCompleted"), h.marked()));
            }
            if (workflow == null) {
                continue;
            }
            for (dev.argoforensics.snapshot.WorkflowSnapshot w : workflow.snapshots()) {
                dev.argoforensics.snapshot.NodeStatus rootNode = h.shownHeld(w).orElse(null);
                // Suspended after its entry node ended (workflow suspended) when the export was taken, or maybe: it stays Running with
                // every node ended whatever its results, so an export showing it so says nothing of them (session 53 breaker); taken
                // after a resumed pass it is a view again (session 54 breaker).
                if (rootNode == null || h.suspendedAt(w.observed().time())) {
                    continue;
                }
                out.add(new View(w.observed().time(), true, WORKFLOW, Message.of("AF006.view.runningRootDone", "export", w.what(),
                        "node", node, "phase", rootNode.phase()), new NodeObservation(w, rootNode)));
            }
        }
        return out;
    }

    /** Whether a view is one of {@link #rootDoneHeld}'s pending ones. */
    static boolean rootHeld(View v) {
        return v.pending() && v.what() instanceof Message.Keyed k && (k.code().equals("AF006.view.rootDoneNotCompleted")
                || k.code().equals("AF006.view.rootPassNotCompleted") || k.code().equals("AF006.view.runningRootDone"));
    }

    /**
     * What the pass that marked the Workflow completed says of when the controller last held a result pending (session 39).
     * From v3.5.3 the task-result informer queues the Workflow on every add or update of a result ({@code AddRateLimited}; the
     * queue's limiter gives the run's requeue delay, {@link dev.argoforensics.correlate.RequeueDelays}), so the update that
     * completed the result (the executor's label, or one set by hand) was followed by a pass within that delay and a worker's
     * wait; the first pass that marked the Workflow completed is no later. So the controller's informer got the completing
     * update no earlier than that pass's {@code Processing workflow} less the delay and the wait, and held the result pending
     * until then: a view at that time. The worker's wait is bounded by the stall threshold only where the run's workers took
     * Workflows up throughout, from the last pass counted pending to the marking pass, with no pause longer than the threshold
     * ({@link ControllerProcess.Work#takingUpThroughout}, from every line read, kept or not): a pause may be workers stalled, or
     * lines dropped. Only within one run (another run's marking follows a restart, whose first listing queues everything), after
     * a pass that counts as a view of a result pending (not where a daemon alone may have held the pass that set the phase and
     * no later pass counts: the marking may then follow the daemon's end, not a result's update), and where the view falls
     * after that pass (a long requeue delay may put it before: nothing new). Null otherwise.
     */
    private static View requeueBound(Correlation correlation, TaskResultLines lines, TaskResultLines.HeldCompletion h, ControllerProcess run,
                                     LogEvent anchor, long stall) {
        if (run == null || anchor == null || anchor.time() == null || h.marked().stream() != h.phaseSet().stream()) {
            return null;
        }
        LogEvent pickup = lines.reconciles().stream().filter(r -> r.processing() != null && r.lines().contains(h.marked()))
                .map(Reconcile::processing).findFirst().orElse(null);
        if (pickup == null || pickup.time() == null || !run.work().takingUpThroughout(anchor.time(), pickup.time(), stall)) {
            return null;
        }
        dev.argoforensics.correlate.RequeueDelays.Delay delay = correlation.requeues().of(h.marked().stream());
        Timestamp at = new Timestamp(pickup.time().instant().minusNanos(delay.nanos() + stall), pickup.time().precision(), pickup.time().zone());
        if (!at.isAfter(anchor.time())) {
            return null;
        }
        return new View(at, true, LOG, Message.of("AF006.view.requeueBound", "pickup", pickup.time().format(),
                "delay", dev.argoforensics.time.GoDuration.format(delay.nanos()),
                "stated", delay.stated() ? Message.of("AF006.view.requeueStated", "at", delay.banner().time().format())
                        : Message.of(delay.banner() == null ? "AF006.view.requeueNoBanner" : "AF006.view.requeueNotStated"),
                "stall", dev.argoforensics.time.GoDuration.format(stall)), pickup);
    }

    /**
     * Whether a node still daemoned, not a task result, may have held the completion past the pass that set the phase (session 37,
     * read in {@code operator.go}, {@code exec_control.go}, {@code steps.go}, {@code dag.go} at v3.5.4-v3.5.5): a daemon stays
     * daemoned until its boundary (the steps or DAG node) is fulfilled ({@code killDaemonedChildren(boundary)}), the Workflow is
     * fulfilled (the deferred {@code killDaemonedChildren("")}, for daemons at its top only) or its Pod ends. A Workflow
     * {@code Succeeded} has fulfilled every boundary, so by the end of the pass that set the phase no node is daemoned; one that
     * ended {@code Failed} or {@code Error} (a deadline, a stop) may leave a daemon under a boundary that never completed daemoned
     * while its Pod runs. So: a daemon the lines show before the phase was set, and a phase other than Succeeded.
     */
    static boolean daemonMayHold(TaskResultLines.HeldCompletion h) {
        return !h.daemoned().isEmpty() && !"Succeeded".equals(((Signal) h.phaseSet().event()).attribute("toPhase"));
    }

    /** Whether a view is {@link #requeueBound}'s. */
    static boolean requeueBound(View v) {
        return v.pending() && v.what() instanceof Message.Keyed k && k.code().equals("AF006.view.requeueBound");
    }

    /** Whether a view is one of {@link #heldCompletion}'s pending ones. */
    static boolean held(View v) {
        return v.pending() && v.what() instanceof Message.Keyed k
                && (k.code().equals("AF006.view.phaseSetNotCompleted") || k.code().equals("AF006.view.passNotCompleted"));
    }

    /**
     * What an export says, and, where it is placed at the controller's write of its resourceVersion rather than at its own time
     * (its own lies outside the span that version was current in, or it has none), that write: its time is the one the view
     * is ordered by.
     */
    private static Message written(Message what, NodeObservation o) {
        var observed = o.snapshot().observed();
        return observed != null && observed.atWrite()
                ? Message.of("AF006.view.written", "what", what, "rv", observed.written().resourceVersion()) : what;
    }

    /** What a line naming the node says of its task result, or null if nothing. */
    static View line(LogEvent e) {
        if (e.event() instanceof TaskResultIncomplete) {
            return new View(e.time(), true, LOG, Message.of("AF006.view.incomplete"), e);
        }
        if (e.event() instanceof TaskResultForced f) {
            Message why = switch (f.why()) {
                case "wait-exit" -> Message.of("AF006.view.waitExit", "exit", f.exitCode() == null ? Message.NOTHING
                        : Message.of("AF006.view.exit", "code", f.exitCode(), "reason", f.reason() == null || f.reason().isEmpty() ? Message.NOTHING
                                : Message.of("AF006.view.exitReason", "reason", f.reason())));
                case "wait-cleaned-up" -> Message.of("AF006.view.waitCleanedUp");
                default -> Message.of("AF006.view.timeout");
            };
            return new View(e.time(), false, LOG, Message.of("AF006.view.forced", "why", why), e);
        }
        if (e.event() instanceof Signal s) {
            return switch (s.name()) {
                case TaskResultLines.COMPLETE -> new View(e.time(), false, LOG, Message.of("AF006.view.complete"), e);
                case TaskResultLines.FORCED_WAITS -> new View(e.time(), true, LOG, Message.of("AF006.view.forcedWaits"), e);
                case TaskResultLines.DEV_TIMEOUT -> new View(e.time(), false, LOG, Message.of("AF006.view.devTimeout"), e);
                default -> null;
            };
        }
        return null;
    }

    /** A line by which the controller completed the result itself, without the executor's report. */
    static boolean forced(View v) {
        return v.cited() instanceof LogEvent e && (e.event() instanceof TaskResultForced
                || (e.event() instanceof Signal s && TaskResultLines.DEV_TIMEOUT.equals(s.name())));
    }

    /** The controller's line completing the result because the wait container exited abnormally, with its exit code. */
    static boolean namesWaitExit(View v) {
        return v.cited() instanceof LogEvent e && e.event() instanceof TaskResultForced f && "wait-exit".equals(f.why()) && f.exitCode() != null;
    }
}
