package dev.argoforensics.rules;

import dev.argoforensics.catalog.ArgoVersion;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.correlate.NodeClocks;
import dev.argoforensics.correlate.NodeIndex;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodIdentity;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.TaskResultLines.Reconcile;
import dev.argoforensics.correlate.WorkflowFate;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * AF006: a node's task result was still not synced long after its Pod finished: the exported Workflow
 * says {@code taskResultSynced: false} or {@code taskResultsCompletionStatus} false, the
 * WorkflowTaskResult is labelled {@code report-outputs-completed: "false"}, or the controller's own
 * lines show it waiting reconcile after reconcile ({@code Taskresult of the node not yet completed},
 * {@code pod reconciliation didn't complete, will retry}) with no completion. Decides from the logs
 * alone, also when no line names the Pod. Upstream #12103, #12733, #12993, #13335, #13373. See
 * docs/rules/AF006.md.
 */
public final class TaskResultNeverSynced extends DeclaredRule {
    public static final String ID = "AF006";
    /** The kinds of source a {@link View} comes from (their words: {@link TaskResultWording#source}). */
    static final String WORKFLOW = "workflow";
    static final String TASK_RESULT = "taskResult";
    static final String LOG = "log";

    /** The Workflow informer's resync period (v3.x {@code workflowResyncPeriod}): every Workflow not completed is processed again. */
    static final long RESYNC_NANOS = 20L * 60 * 1_000_000_000L;
    /** A release number as upstream tags it, nothing after the patch number. */
    private static final java.util.regex.Pattern UPSTREAM_RELEASE = java.util.regex.Pattern.compile("v?\\d+\\.\\d+\\.\\d+");

    private final long threshold;
    private final long stall;

    /** Releases with the completion map that never requeue a Workflow for a pending result: v3.5.3-v3.5.4 (the stop came in v3.5.5). */
    static boolean noRequeue(ControllerProcess run) {
        String name = run.releaseName();
        if (name == null || !UPSTREAM_RELEASE.matcher(name.strip()).matches()) {
            // A suffixed tag (v3.5.4-rc1, a fork's v3.5.4-acme.1) is not known to lack v3.5.5's requeue: it may carry it.
            return false;
        }
        ArgoVersion exact = name == null ? null : ArgoVersion.exact(name);
        return exact != null && ArgoVersion.exact("v3.5.3").compareTo(exact) <= 0 && exact.compareTo(ArgoVersion.exact("v3.5.4")) <= 0;
    }

    public TaskResultNeverSynced(RuleSettings settings) {
        super(ID, "Task result never synced", Severity.HIGH);
        this.threshold = settings.taskResultNanos();
        this.stall = settings.stallNanos();
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(),
                List.of(Set.of(EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.TASK_RESULT_SNAPSHOT, EvidenceKind.CONTROLLER_LOG)),
                Set.of(EvidenceKind.POD_SNAPSHOT));
    }

    /** A node whose task result is looked at: its Pod when one is known, its ID when the lines say which node (null: they do not). */
    record Subject(WorkflowRef wf, String nodeId, String nodeName, PodHistory pod) {
        /**
         * The Pod, or null when no line or export names it (the finding is then about the Workflow's node, or
         * the Workflow): a root node's Pod alone is known by name, the Workflow's.
         */
        PodKey key() {
            if (pod != null) {
                return pod.key();
            }
            return nodeId != null && nodeId.equals(wf.name()) ? new PodKey(wf.namespace(), wf.name()) : null;
        }
    }

    /**
     * What one source says of the node's task result, and when.
     *
     * @param pending true: not synced yet; false: synced, completed or forced complete
     * @param what    what it says, for the report
     */
    record View(Timestamp at, boolean pending, String kind, Message what, Object cited) {
        SourceRef source() {
            return cited instanceof LogEvent e ? e.source() : cited instanceof NodeObservation o ? o.source()
                    : cited instanceof Stored st ? st.export().snapshot().source() : ((TaskResultSnapshot) cited).source();
        }

        /** The export of the Workflow the view reads, directly or as still stored at a later pass; null for other sources. */
        NodeObservation export() {
            return cited instanceof NodeObservation o ? o : cited instanceof Stored st ? st.export() : null;
        }
    }

    /**
     * An export's status still the stored one when a later pass began: {@code processing} names the export's resourceVersion
     * ({@link WorkflowHistory#stillStoredUntil}). Dated by that line, on the controller's clock.
     */
    record Stored(NodeObservation export, LogEvent processing) {
    }

    /** When the Pod finished: its containers' last exit in an export, else the node's finishedAt. */
    record Finished(Timestamp at, Message from, PodSnapshot pod) {
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        return evaluate(correlation, Recent.HELD);
    }

    /** As {@link #evaluate(Correlation)}, each Workflow's task-result lines made once for every rule of the run (the outcome is the same). */
    @Override
    public Evaluation evaluate(RuleContext context) {
        return evaluate(context.correlation(), context::taskResultLines);
    }

    /** As {@link #evaluate(Correlation)}, holding the task-result lines of {@code held} Workflows at a time (the outcome is the same). */
    Evaluation evaluate(Correlation correlation, int held) {
        // Each Workflow's task-result lines for the Workflows looked at last, not all of them at once (derived again if asked for later).
        Map<WorkflowRef, TaskResultLines> recent = new Recent<>(held);
        return evaluate(correlation, w -> recent.computeIfAbsent(w.ref(), r -> TaskResultLines.of(w)));
    }

    /** The evaluation, reading each Workflow's task-result lines from {@code lines}. */
    private Evaluation evaluate(Correlation correlation, Function<WorkflowHistory, TaskResultLines> lines) {
        List<Finding> findings = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        // Each seen key's prefixes that end at a space: whether any key starts with "W " is one look-up, not a walk of every
        // key for every Workflow (quadratic: on an incident corpus that walk and its strings were 72% of the run's allocation).
        Set<String> seenPrefixes = new HashSet<>();
        // Whether a Workflow has a finding yet: an index kept up with the list, not a walk of every finding for every Workflow.
        FindingWorkflows withFindings = new FindingWorkflows(findings);
        for (PodHistory pod : correlation.pods().values()) {
            NodeLink link = pod.link();
            if (link != null) {
                see(seen, seenPrefixes, link.workflow() + " " + link.nodeId());
                assess(correlation, new Subject(link.workflow(), link.nodeId(), link.nodeName(), pod), lines, findings, cleared);
            }
        }
        for (WorkflowHistory w : correlation.workflows().values()) {
            TaskResultLines t = lines.apply(w);
            // The nodes the lines name that no Pod stood for: named by a task-result line, or stopped on.
            Set<String> named = new LinkedHashSet<>(t.nodes());
            t.stopped().forEach(r -> r.stoppedOn().ifPresent(named::add));
            for (String nodeId : named) {
                if (see(seen, seenPrefixes, w.ref() + " " + nodeId)) {
                    assess(correlation, new Subject(w.ref(), nodeId, null, null), lines, findings, cleared);
                }
            }
            // Stops that name no node, or a completed phase set with the completion held (v3.5.3-v3.5.5): about the Workflow.
            boolean unnamed = t.stopped().stream().anyMatch(r -> r.stoppedOn().isEmpty()) || !t.heldCompletions().isEmpty()
                    || !t.rootDoneHeld().isEmpty();
            if (unnamed && !withFindings.about(w.ref())) {
                assess(correlation, new Subject(w.ref(), null, null, null), lines, findings, cleared);
            }
            for (WorkflowSnapshot snapshot : w.snapshots()) {
                if (snapshot.observed() == null) {
                    snapshot.taskResultsCompletion().forEach((nodeId, complete) -> {
                        if (!complete && see(seen, seenPrefixes, w.ref() + " " + nodeId)) {
                            untimed(correlation, w, snapshot, nodeId, lines, findings, cleared);
                        }
                    });
                }
            }
            if (named.isEmpty() && !unnamed && !seenPrefixes.contains(w.ref() + " ")) {
                runningWithEndedPods(correlation, w, cleared);
            }
            if (!withFindings.about(w.ref())) {
                heldForOutputs(w, t, cleared);
                heldByDaemon(w, t, cleared);
                rootHeldByDaemon(correlation, w, t, cleared);
            }
        }
        return new Evaluation(findings, cleared);
    }

    /**
     * The Workflows that the findings so far are about. The list only grows: each look-up first takes in the findings added
     * since the last, so every finding is looked at once over the whole run.
     */
    private static final class FindingWorkflows {
        private final List<Finding> findings;
        private final Set<WorkflowRef> workflows = new HashSet<>();
        private int taken;

        FindingWorkflows(List<Finding> findings) {
            this.findings = findings;
        }

        boolean about(WorkflowRef workflow) {
            for (; taken < findings.size(); taken++) {
                WorkflowRef of = findings.get(taken).workflow();
                if (of != null) {
                    workflows.add(of);
                }
            }
            return workflows.contains(workflow);
        }
    }

    /** {@code seen.add(key)}, and when the key is new, each of its prefixes that ends at a space into {@code prefixes}. */
    private static boolean see(Set<String> seen, Set<String> prefixes, String key) {
        if (!seen.add(key)) {
            return false;
        }
        for (int i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
            prefixes.add(key.substring(0, i + 1));
        }
        return true;
    }

    /**
     * A Workflow shown Running whose Pods the paste lists have all ended, and nothing else of its task results: #13335's paste
     * ({@code kubectl get wf} Running, {@code kubectl get pods | grep W} Completed). It is the picture of a task result never
     * synced, and also of a Workflow whose next node the controller had not yet created, or one it had not yet reconciled:
     * the rule does not decide, and says what would (session 32; before, it said nothing of the Workflow).
     */
    private static void runningWithEndedPods(Correlation correlation, WorkflowHistory w, List<Clearance> cleared) {
        WorkflowSnapshot running = w.snapshots().isEmpty() ? null : w.snapshots().get(w.snapshots().size() - 1);
        WorkflowFate fate = correlation.fates().get(w.ref());
        if (running == null || !"Running".equals(running.phase()) || fate == null || fate.listed().isEmpty()
                || !fate.listed().stream().allMatch(r -> ENDED.contains(r.status()))) {
            return;
        }
        List<PodTable.Row> rows = fate.listed();
        PodTable.Row last = rows.get(rows.size() - 1);
        cleared.add(new Clearance(null, Message.of("AF006.cleared.runningPodsEnded", "wf", w.ref().toString(), "what", running.what(),
                "pods", rows.size() == 1 ? "its Pod " + last.name() + " is listed " + last.status()
                        : "the " + rows.size() + " Pods of it listed are all " + String.join(" or ", rows.stream().map(PodTable.Row::status)
                        .distinct().sorted().toList()) + " (" + last.name() + " last)"), running.source()));
    }

    /**
     * A Workflow a node of which the controller kept in its phase, its Pod seen Succeeded, because the outputs its template declares
     * are not set ({@code leaving phase un-changed: required outputs are not yet set}, v3.6.11+; argoproj/argo-workflows#14990's
     * paste, every pass of a Workflow left Running). The outputs come with the step's task result: either it is still pending (this
     * rule's case; on these releases a template with outputs shows this line, not {@code pod reconciliation didn't complete}) or it
     * was synced without them (an output the step never wrote). The line names no node and tells not which: not decided, saying
     * what would decide (session 33; before, such passes counted as reconciles that went past the Pods unhindered). Nothing is
     * said where a later pass went past the Pods or completed the Workflow: the node was let go.
     */
    private static void heldForOutputs(WorkflowHistory w, TaskResultLines lines, List<Clearance> cleared) {
        List<Reconcile> held = lines.heldForOutputs();
        if (held.isEmpty()) {
            return;
        }
        List<Reconcile> all = lines.reconciles();
        if (all.subList(all.indexOf(held.get(held.size() - 1)) + 1, all.size()).stream()
                .anyMatch(r -> r.passed() || r.completion().isPresent())) {
            return; // a later pass went past the Pods, or completed the Workflow: the node was let go
        }
        LogEvent first = held.get(0).heldForOutputs().get();
        LogEvent last = held.get(held.size() - 1).heldForOutputs().get();
        cleared.add(new Clearance(null, Message.of("AF006.cleared.heldForOutputs", "wf", w.ref().toString(), "count", held.size(),
                "first", at(first), "last", at(last)), first.source()));
    }

    /**
     * A Workflow whose completion was held past the pass that set its phase {@code Failed} or {@code Error} while the lines show a
     * node of it daemoned before ({@link TaskResultViews#daemonMayHold}): a daemon under a boundary that never completed holds it as
     * a pending result would, until its Pod ends; not decided, saying what would decide (session 37).
     */
    private static void heldByDaemon(WorkflowHistory w, TaskResultLines lines, List<Clearance> cleared) {
        for (TaskResultLines.HeldCompletion h : lines.heldCompletions()) {
            if (!TaskResultViews.daemonMayHold(h) || h.passes().isEmpty()) {
                continue;
            }
            LogEvent daemon = h.daemoned().get(h.daemoned().size() - 1);
            cleared.add(new Clearance(null, Message.of("AF006.cleared.heldByDaemon", "wf", w.ref().toString(),
                    "phase", ((Signal) h.phaseSet().event()).attribute("toPhase"), "at", at(h.phaseSet()), "passes", h.passes().size(),
                    "node", daemon.event().nodeId().orElse("?"), "daemonAt", at(daemon)), h.phaseSet().source()));
        }
    }

    /**
     * A Workflow whose entry node ended and that later passes did not mark completed ({@link TaskResultLines.RootDoneHeld}, session
     * 53) while the lines show a node of it daemoned before: from v3.5.6 markWorkflowPhase waits for daemoned nodes as for pending
     * results (it ends them, killDaemonedChildren, and a daemon stays daemoned until its Pod ends); not decided, saying what would.
     */
    private static void rootHeldByDaemon(Correlation correlation, WorkflowHistory w, TaskResultLines lines, List<Clearance> cleared) {
        for (TaskResultLines.RootDoneHeld h : lines.rootDoneHeld()) {
            if (h.daemoned().isEmpty() || h.passes().isEmpty()
                    || TaskResultViews.resultsFirst(correlation.process(h.rootDone())) == TaskResultViews.PhaseFirst.NO) {
                continue;
            }
            LogEvent daemon = h.daemoned().get(h.daemoned().size() - 1);
            cleared.add(new Clearance(null, Message.of("AF006.cleared.rootHeldByDaemon", "wf", w.ref().toString(), "phase", h.phase(),
                    "at", at(h.rootDone()), "passes", h.passes().size(), "node", daemon.event().nodeId().orElse("?"), "daemonAt", at(daemon)),
                    h.rootDone().source()));
        }
    }

    private static String at(LogEvent e) {
        return e.time() == null ? "line " + e.line() : e.time().format();
    }

    /** What a pasted {@code kubectl get pods} row says of a Pod that has ended (its containers all exited; READY shows none ready). */
    private static final Set<String> ENDED = Set.of("Completed", "Error", "OOMKilled");

    /**
     * A node's result not complete in a Workflow status that states no time, nothing else saying anything of it (#12103's paste: a
     * piece of {@code taskResultsCompletionStatus} with a {@code kubectl get pods | grep} row after it): with a row of its Pod
     * that shows it ended, a possible finding (how long the result had been pending after the Pod finished is unknown, and the
     * threshold is about that); else cleared, saying why.
     */
    private void untimed(Correlation correlation, WorkflowHistory w, WorkflowSnapshot snapshot, String nodeId,
                         Function<WorkflowHistory, TaskResultLines> lines, List<Finding> findings, List<Clearance> cleared) {
        Subject s = new Subject(w.ref(), nodeId, null, null);
        if (!TaskResultViews.of(correlation, s, w, lines.apply(w), stall).isEmpty()) {
            // A dated view of the node (another export, the controller's lines): the dated evidence decides.
            assess(correlation, s, lines, findings, cleared);
            return;
        }
        WorkflowFate fate = correlation.fates().get(w.ref());
        List<PodTable.Row> rows = fate == null ? List.of()
                : fate.listed().stream().filter(r -> WorkflowSnapshot.podOfNode(w.ref().name(), nodeId, r.name())).toList();
        PodTable.Row ended = rows.stream().filter(r -> ENDED.contains(r.status())).reduce((a, b) -> b).orElse(null);
        if (ended == null) {
            PodTable.Row last = rows.isEmpty() ? null : rows.get(rows.size() - 1);
            cleared.add(new Clearance(last == null ? null : new PodKey(last.namespace(), last.name()), last == null
                    ? Message.of("AF006.cleared.untimedNoPod", "node", nodeId)
                    : Message.of("AF006.cleared.untimedNotEnded", "node", nodeId, "pod", last.name(), "status", last.status()),
                    last == null ? snapshot.source() : last.source()));
            return;
        }
        Cite cite = new Cite(correlation);
        cite.workflow(snapshot, nodeId, "Workflow status: the result not complete (no time stated)");
        cite.row(ended, "kubectl get pods: the Pod ended (no time stated)");
        List<Fact> facts = List.of(new Fact("taskResultsCompletionStatus", "taskResultsCompletionStatus", false),
                new Fact("podStatus", "Pod listed", ended.status() + ", READY " + ended.ready() + ", AGE " + ended.age()),
                new Fact("threshold", "Threshold", GoDuration.format(threshold)),
                new Fact("pendingFor", "Pending after the Pod finished", "unknown: nothing states a time"));
        findings.add(new Finding(ID, title(), severity(), Confidence.POSSIBLE, Message.of("AF006.reason.untimed", "threshold",
                GoDuration.format(threshold)), new PodKey(ended.namespace(), ended.name()), "", w.ref(), new Finding.NodeRef(nodeId, null),
                Message.of("AF006.summary.untimed", "node", nodeId, "pod", ended.name(), "status", ended.status()),
                Message.of("AF006.explain.untimed", "node", nodeId, "pod", ended.name(), "status", ended.status(), "age", ended.age(),
                        "mechanism", Message.of("AF006.explain.mechanism"), "upstream", Message.of("AF006.explain.upstream")),
                facts, cite.evidence()));
    }

    private void assess(Correlation correlation, Subject s, Function<WorkflowHistory, TaskResultLines> all, List<Finding> findings,
                        List<Clearance> cleared) {
        WorkflowHistory workflow = correlation.workflow(s.wf()).orElse(null);
        TaskResultLines lines = workflow == null ? null : all.apply(workflow);
        List<View> views = withinLifetime(s, TaskResultViews.of(correlation, s, workflow, lines, stall));
        View pending = latest(views, true, null);
        if (pending == null) {
            return;
        }
        View settled = settled(views, pending);
        if (settled != null) {
            View controllerPending = latest(views, true, false);
            View was = controllerPending != null ? controllerPending : pending;
            // What settled it: the controller's forcing line, else the first resolution after it was last seen pending.
            // A forcing line at or after the controller's last view pending (one before it settled an earlier wait, or an earlier
            // attempt; the executor's label may stay "false" after the controller forced the result, so it does not bound this).
            View why = views.stream().filter(v -> TaskResultViews.forced(v) && (controllerPending == null || !v.at().isBefore(controllerPending.at())))
                    .min(Comparator.comparing(View::at))
                    .orElse(views.stream()
                    .filter(v -> !v.pending() && v.kind().equals(settled.kind()) && !v.at().isBefore(was.at()))
                    .min(Comparator.comparing(View::at)).orElse(settled));
            if (late(correlation, s, workflow, lines, views, was, why, findings)) {
                return;
            }
            if (s.nodeId() == null && views.stream().filter(View::pending).allMatch(TaskResultViews::rootHeld)) {
                // Only the entry node's passes held, then marked within the threshold: a result or a daemon held the completion a
                // while (whose, the lines do not say), as every Workflow whose last result comes after its last Pod's end; nothing to
                // clear by name (session 53).
                return;
            }
            Message before = was.at().isBefore(why.at()) ? Message.of("AF006.cleared.notSyncedAt", "at", was.at().format()) : Message.NOTHING;
            cleared.add(new Clearance(s.key(), Message.of("AF006.cleared.settled", "before", before, "at", why.at().format(), "what", why.what(),
                    "wait", TaskResultViews.namesWaitExit(why) ? Message.NOTHING : TaskResultWording.waitNote(s.pod())), why.source()));
            return;
        }
        if (neverFinished(correlation, s, views, cleared, pending)) {
            return;
        }
        Finished finished = finished(s, workflow);
        // Without a finish time, from the controller's first wait (it waits only for a Pod it has seen Succeeded), not from an
        // export's taskResultSynced: false or a label "false", which a running Pod shows too.
        View first = views.stream().filter(View::pending).min(Comparator.comparing((View v) -> !v.kind().equals(LOG)).thenComparing(View::at)).get();
        Timestamp waited = firstWait(views, pending.at());
        Timestamp from = finished != null ? finished.at : waited != null ? waited : first.at();
        long nanos = from.nanosUntil(pending.at());
        if (nanos > threshold && !statedPast(pending, from, threshold)) {
            // Past the threshold only by a time the export's file states, by less than such a clock may be off: not shown.
            cleared.add(new Clearance(s.key(), Message.of("AF006.cleared.statedNear", "pending", GoDuration.format(nanos), "at", pending.at().format(),
                    "threshold", GoDuration.format(threshold), "off", GoDuration.format(ObservedAt.STATED_CLOCK_NANOS)), pending.source()));
        } else if (nanos > threshold) {
            // The claim is about a Pod that finished: cleared when it still ran at the last view, or nothing shows it ended.
            PodProgress progress = PodProgress.of(correlation, s, workflow, lines, views, finished);
            if (progress.ended() == null || (progress.running() != null && !progress.running().noLaterThan().isBefore(pending.at()))) {
                cleared.add(new Clearance(s.key(), TaskResultWording.unfinished(s, workflow, views, pending, progress),
                        progress.running() != null ? progress.running().source() : pending.source()));
                return;
            }
            findings.add(finding(correlation, s, lines, finished == null ? thisWait(views, from) : views, pending, finished, nanos));
        } else if (finished != null) {
            cleared.add(new Clearance(s.key(), Message.of("AF006.cleared.withinThreshold", "pending", GoDuration.format(Math.max(nanos, 0)),
                    "threshold", GoDuration.format(threshold)), pending.source()));
        }
    }

    /**
     * The Pod never finished, and nothing the controller did shows otherwise: no export shows its containers ended and the
     * controller never waited on its result (it waits only for a Pod it has seen Succeeded), while it read the Pod {@code Failed}
     * with main never ended ({@code Pod phase was Failed but main did not have terminated state}: the Pod garbage collector's
     * phase over a lost node's Pod, which releases before #15150 assess {@code Succeeded}, v3.4.0-v3.5.4 storing it), or the node
     * ended {@code pod deleted}. A result left incomplete by a step that never ended is the loss of the step (AF007, AF016), not
     * a result left unsynced after its Pod finished: cleared, true.
     */
    private static boolean neverFinished(Correlation correlation, Subject s, List<View> views, List<Clearance> cleared, View pending) {
        if (s.pod() == null || views.stream().anyMatch(v -> v.pending() && v.kind().equals(LOG))
                || s.pod().snapshots().stream().anyMatch(p -> p.containersFinishedAt().isPresent() || p.terminal() && !p.phase().equals("Failed"))) {
            return false;
        }
        LogEvent failed = s.pod().failedWithMainRunning();
        PodLifecycle life = correlation.lifecycle(s.pod().key());
        if (failed != null) {
            cleared.add(new Clearance(s.key(), Message.of("AF006.cleared.mainNeverEnded", "at", failed.time().format()), failed.source()));
            return true;
        }
        // Not where the lines order the deletion after the containers' end (the Pod finished, then was deleted: that result is AF006's).
        boolean finishedFirst = life != null && life.execution() != null
                && life.execution().state() == Execution.State.FINISHED_BEFORE;
        if (life != null && life.lostToDeletion() && life.outcome() != null && !finishedFirst) {
            cleared.add(new Clearance(s.key(), Message.of("AF006.cleared.podDeletedUnfinished", "pending", pending.at().format()),
                    life.outcome().source()));
            return true;
        }
        return false;
    }

    /**
     * A result that settled, but only after it had been seen not synced longer than the threshold after the Pod finished: the
     * node was held back all that while (every reconcile stopped on it), and a settlement by the node's loss ("pod deleted") or
     * by the controller's own completion brings no outputs. Reported, with how it settled; the claim needs a view of the
     * result pending past the threshold, from a finish the evidence dates: the exported Pod's containers, the node's
     * finishedAt (not a node the controller ended because its Pod vanished: that finishedAt is the marking's), else the
     * controller's first waiting line (it waits only for a Pod it has seen Succeeded). Otherwise (no such view) the
     * settlement clears it.
     */
    private boolean late(Correlation correlation, Subject s, WorkflowHistory workflow, TaskResultLines lines, List<View> views, View was,
                         View why, List<Finding> findings) {
        if (!was.at().isBefore(why.at())) {
            return false;
        }
        Finished finished = finished(s, workflow, true);
        Timestamp from = finished != null ? finished.at : firstWait(views, was.at());
        if (from == null) {
            return false;
        }
        long nanos = from.nanosUntil(was.at());
        if (nanos <= threshold || !statedPast(was, from, threshold)) {
            return false;
        }
        List<View> before = views.stream().filter(v -> !v.at().isAfter(was.at())).toList();
        before = finished == null ? thisWait(before, from) : before;
        PodProgress progress = PodProgress.of(correlation, s, workflow, lines, before, finished);
        if (progress.ended() == null || (progress.running() != null && !progress.running().noLaterThan().isBefore(was.at()))) {
            return false;
        }
        // The first sign of the settlement (a forcing line names how), whatever its source.
        View by = TaskResultViews.forced(why) ? why : views.stream().filter(v -> !v.pending() && !v.at().isBefore(was.at()))
                .min(Comparator.comparing(View::at)).orElse(why);
        findings.add(finding(correlation, s, lines, before, was, finished, nanos, by));
        return true;
    }

    /**
     * The controller's first waiting line of the wait that lasted to {@code upTo}: the first after the latest view before it that
     * shows a result settled (a reconcile that went past the Pods ends a wait; for a Workflow whose lines name no node, the
     * next stops may be another result's). Null if no waiting line.
     */
    private static Timestamp firstWait(List<View> views, Timestamp upTo) {
        Timestamp after = views.stream().filter(v -> !v.pending() && v.at().isBefore(upTo)).map(View::at).max(Comparator.naturalOrder()).orElse(null);
        return views.stream().filter(v -> v.pending() && v.kind().equals(LOG) && (after == null || v.at().isAfter(after)) && !v.at().isAfter(upTo))
                .map(View::at).min(Comparator.naturalOrder()).orElse(null);
    }

    /** Without a finish time: the views, less the waiting lines of an earlier wait (before {@code from}, the dated one's first). */
    private static List<View> thisWait(List<View> views, Timestamp from) {
        return views.stream().filter(v -> !(v.pending() && v.kind().equals(LOG) && v.at().isBefore(from))).toList();
    }

    /**
     * The view that settles the result, if one does: the controller's view (its Workflow status, its
     * lines) decides; the executor's label only when the controller says nothing.
     */
    private static View settled(List<View> views, View pending) {
        View controllerPending = latest(views, true, false);
        View controllerResolved = latest(views, false, false);
        if (controllerResolved != null) {
            return controllerPending == null || !controllerResolved.at().isBefore(controllerPending.at()) ? controllerResolved : null;
        }
        View labelResolved = controllerPending == null ? latest(views, false, true) : null;
        return labelResolved != null && !labelResolved.at().isBefore(pending.at()) ? labelResolved : null;
    }

    /** The latest view that is pending (or not), from the task result's label only, from the controller only, or (null) from either. */
    private static View latest(List<View> views, boolean pending, Boolean label) {
        return views.stream().filter(v -> v.pending() == pending && (label == null || label == v.kind().equals(TASK_RESULT)))
                .max(Comparator.comparing(View::at)).orElse(null);
    }

    private static Finished finished(Subject s, WorkflowHistory workflow) {
        return finished(s, workflow, false);
    }

    /**
     * The views of the node's result within the Pod's own lifetime, where the Pod is one of several of its name
     * ({@link PodIdentity#from}, {@link PodIdentity#until}; session 53 breaker): a view before the Pod was created is of an earlier Pod
     * of the name (the node's earlier run, or an earlier Workflow of the name), one from the next Pod's creation on is of that one's.
     * Before, the earlier Workflow's export and the later run's waiting line were joined into one wait, told of both Pods.
     */
    private static List<View> withinLifetime(Subject s, List<View> views) {
        PodIdentity id = s.pod() == null ? null : s.pod().identity();
        if (id == null || (id.from() == null && id.until() == null)) {
            return views;
        }
        return views.stream().filter(v -> (id.from() == null || !v.at().isBefore(id.from())) && (id.until() == null || v.at().isBefore(id.until())))
                .toList();
    }

    /** Where the Pod's own lifetime starts when it is one of several of its name ({@link PodIdentity#from}), else null. */
    private static Timestamp lifetimeStart(Subject s) {
        return s.pod() == null ? null : s.pod().identity().from();
    }

    /** As above; {@code notMarked}: not from the finishedAt of a node the controller ended because its Pod vanished (the marking's time). */
    private static Finished finished(Subject s, WorkflowHistory workflow, boolean notMarked) {
        Timestamp attempt = attemptStarted(s, workflow);
        // Nothing that finished before the Pod was created is its finish (an earlier Pod's of the name, session 53 breaker).
        Timestamp created = lifetimeStart(s);
        attempt = created != null && (attempt == null || attempt.isBefore(created)) ? created : attempt;
        if (s.pod() != null) {
            for (int i = s.pod().snapshots().size() - 1; i >= 0; i--) {
                PodSnapshot p = s.pod().snapshots().get(i);
                if (p.containersFinishedAt().isPresent() && !before(p.containersFinishedAt().get(), attempt)) {
                    return new Finished(p.containersFinishedAt().get(), Message.of("AF006.finished.containers"), p);
                }
            }
        }
        if (workflow != null && s.nodeId() != null) {
            for (NodeObservation o : workflow.nodeObservations(s.nodeId())) {
                if (o.node().finishedAt() != null && !before(o.node().finishedAt(), attempt)
                        && !(notMarked && NodeStatus.podDeletedMessage(o.node().message()))) {
                    return new Finished(o.node().finishedAt(), Message.of("AF006.finished.finishedAt"), null);
                }
            }
        }
        return null;
    }

    /**
     * When the node's latest attempt started: its latest startedAt in the exports. {@code argo retry} resets a failed node and
     * runs it again under the same ID (a new Pod, of the same name under v2 Pod names, new startedAt): a finish before that is
     * an earlier attempt's, and says nothing of the result the later views show pending. Null when no export dates a start.
     */
    static Timestamp attemptStarted(Subject s, WorkflowHistory workflow) {
        if (workflow == null || s.nodeId() == null) {
            return null;
        }
        return workflow.nodeObservations(s.nodeId()).stream().map(o -> o.node().startedAt()).filter(t -> t != null)
                .max(Comparator.naturalOrder()).orElse(null);
    }

    private static boolean before(Timestamp t, Timestamp attempt) {
        return attempt != null && t.isBefore(attempt);
    }

    /** The export a view is read from (its Workflow's, its task result's), or null for a line. */
    static ObservedAt observed(View v) {
        return v.cited() instanceof NodeObservation o ? o.snapshot().observed() : v.cited() instanceof TaskResultSnapshot t ? t.observed() : null;
    }

    /**
     * The {@code Processing workflow} lines that show the controller that waited looking at the Workflow (session 36 breaker): those
     * of the runs that logged the waiting lines, and of runs one after another with them (a restart, a leader hand-over), not those
     * of a run that wrote about a Workflow of the name at the same time as a waiting run, beyond what a hand-over allows
     * ({@link PhaseHistory#concurrent}): two clusters' logs read together, or two controllers at once (AF012). Another cluster's
     * reconciles of its own Workflow of the name say nothing of whether this controller kept looking; before, they filled its gaps
     * and kept a logs-only finding {@code likely}.
     */
    private static List<LogEvent> watching(Correlation correlation, Subject s, List<LogEvent> processing, List<View> logged) {
        WorkflowHistory h = correlation.workflow(s.wf()).orElse(null);
        List<LogEvent> waiting = new ArrayList<>();
        for (View v : logged) {
            LogEvent e = v.cited() instanceof LogEvent l ? l
                    : v.cited() instanceof Reconcile r ? r.retry().orElse(r.processing()) : null;
            if (e != null) {
                waiting.add(e);
            }
        }
        if (h == null || waiting.isEmpty()) {
            return processing;
        }
        // Whether a run is concurrent with a waiting line depends on the two runs only: each run's span found once, each run of
        // the processing lines weighed once against one waiting line of each waiting run (was every pair, each walking the lines).
        java.util.Map<Integer, LogEvent> streams = new java.util.LinkedHashMap<>();
        waiting.forEach(e -> streams.putIfAbsent(e.stream(), e));
        PhaseHistory.Spans spans = PhaseHistory.spans(h);
        java.util.Map<Integer, Boolean> apart = new java.util.HashMap<>();
        return processing.stream().filter(p -> streams.containsKey(p.stream()) || apart.computeIfAbsent(p.stream(),
                k -> streams.values().stream().noneMatch(w -> spans.concurrent(p, w) != null))).toList();
    }

    /**
     * The latest two passes that read the export's resourceVersion one after the other ({@link NodeIndex#readTwice}: the first
     * began over the status the export holds, the second shows it wrote nothing, so the controller's view was still pending),
     * when the first is past {@code past} and both were made while the controller was at work and looking: the second is of the
     * same run, within {@code --stall-threshold} of the first, or within the 20-minute resync and the stall threshold on a
     * release that never requeues for a pending result (v3.5.3-v3.5.4) whose run's workers took up a Workflow at or after the
     * second. Null if none. Such a pair dates the claim by the controller's own passes, so the export's time (which may come
     * after the run's lines end) does not decide whether it was looking then (session 38, seed 1's feature-build-yvhby).
     */
    /** The signals of a Workflow update that stored nothing: an error, the size error, a conflict's re-apply and its refusal. */
    private static final Set<String> FAILED_WRITE = Set.of("workflow-update-error", "size-error-not-stored", "update-reapplying",
            "update-reapply-failed");

    private List<LogEvent> readTwiceWhileLooking(Correlation correlation, Subject s, NodeObservation export, java.time.Instant past) {
        WorkflowHistory h = export == null ? null : correlation.workflow(s.wf()).orElse(null);
        List<LogEvent> pair = h == null ? null : correlation.nodes().readTwice(h, export.snapshot()).orElse(null);
        if (pair == null || !pair.get(0).time().instant().isAfter(past) || pair.get(1).time().isBefore(pair.get(0).time())) {
            return null;
        }
        ControllerProcess run = correlation.process(pair.get(0));
        if (run == null || correlation.process(pair.get(1)) != run) {
            return null;
        }
        // A write the first pass tried and failed (too large, a conflict, refused) stored nothing either: that pass may have seen
        // the result and failed to store it (AF013's look-alike), so the pair shows no view pending (recheck s38).
        Timestamp first = pair.get(0).time();
        Timestamp next = pair.get(1).time();
        if (h.events().stream().anyMatch(e -> e.time() != null && !e.time().isBefore(first) && !e.time().isAfter(next)
                && e.event() instanceof Signal sg && FAILED_WRITE.contains(sg.name()))) {
            return null;
        }
        long allowed = noRequeue(run) && run.work().last() != null && !run.work().last().isBefore(next) ? RESYNC_NANOS + stall : stall;
        return pair.get(0).time().nanosUntil(next) <= allowed ? pair : null;
    }

    /**
     * Whether the view shows the result pending more than {@code threshold} after {@code from}: a line by its time, an export by
     * its own times or the controller's writes, or by a time only its file states where past by more than a user's clock may be
     * off ({@link ObservedAt#after}). Called where its time is past already.
     */
    private static boolean statedPast(View v, Timestamp from, long threshold) {
        ObservedAt o = observed(v);
        return o == null || o.after(from.instant().plusNanos(threshold)).known();
    }

    private Finding finding(Correlation correlation, Subject s, TaskResultLines lines, List<View> views, View pending, Finished finished,
                            long nanos) {
        return finding(correlation, s, lines, views, pending, finished, nanos, null);
    }

    /** @param settled what settled the result after the threshold (cited, told in the summary), or null: it never did in the evidence */
    private Finding finding(Correlation correlation, Subject s, TaskResultLines lines, List<View> views, View pending, Finished finished,
                            long nanos, View settled) {
        if (finished != null) {
            // An export showing the result not synced before the Pod finished shows what every running Pod shows (the executor's
            // placeholder "false", the flag set when the Pod was created): no source of the claim, which is about after the finish.
            // The controller's waiting lines come only for a Pod it has seen finished.
            views = views.stream().filter(v -> !v.pending() || v.kind().equals(LOG) || !v.at().isBefore(finished.at())).toList();
        }
        Set<String> kinds = new LinkedHashSet<>();
        // The kinds that show the result pending after the Pod finished by more than a time an export's file states.
        Set<String> shown = new LinkedHashSet<>();
        java.time.Instant finishedFrom = pending.at().instant().minusNanos(nanos);
        List<Message> said = new ArrayList<>();
        Cite cite = new Cite(correlation);
        List<View> logged = views.stream().filter(v -> v.pending() && v.kind().equals(LOG)).sorted(Comparator.comparing(View::at)).toList();
        for (View v : views) {
            if (!v.pending()) {
                continue;
            }
            kinds.add(v.kind());
            ObservedAt exported = observed(v);
            if (exported == null || exported.after(finishedFrom) == ObservedAt.Order.SHOWN) {
                shown.add(v.kind());
            }
            if (v.cited() instanceof Stored st) {
                cite.node(st.export(), "exported Workflow: the result not synced");
                cite.line(st.processing(), "a later pass reads the same resourceVersion: that status still stood");
                said.add(Message.of("AF006.said.at", "source", TaskResultWording.source(WORKFLOW), "what", v.what(), "at", v.at().format()));
            } else if (v.cited() instanceof NodeObservation o) {
                cite.node(o, TaskResultViews.rootHeld(v) ? "the Workflow still Running, its entry node and every node of it ended"
                        : "exported Workflow: the result not synced");
                said.add(Message.of("AF006.said.at", "source", TaskResultWording.source(WORKFLOW), "what", v.what(), "at", v.at().format()));
            } else if (v.cited() instanceof TaskResultSnapshot t) {
                cite.taskResult(t, "the executor's report, not completed");
                said.add(Message.of("AF006.said.at", "source", TaskResultWording.source(TASK_RESULT), "what", v.what(), "at", v.at().format()));
            }
        }
        TaskResultWording.Looks looks = logged.isEmpty() ? null
                : TaskResultWording.Looks.of(lines == null ? List.of() : watching(correlation, s, lines.processing(), logged),
                logged.get(0), logged.get(logged.size() - 1));
        if (!logged.isEmpty()) {
            View last = logged.get(logged.size() - 1);
            // In file order on ties: the Pod's new state, the waiting line, the stop (cited once each).
            Reconcile stop = lines == null ? null
                    : lines.stopped().stream().filter(r -> !r.retry().get().time().isBefore(logged.get(0).at())).findFirst().orElse(null);
            if (stop != null) {
                stop.lines().stream().filter(e -> e.event() instanceof NodeChanged c && "Succeeded".equals(c.newPhase()) && s.nodeId() != null
                        && s.nodeId().equals(c.id())).findFirst().ifPresent(e -> cite.line(e, "the Pod seen Succeeded, a state the reconcile does not store"));
            }
            cite.line((LogEvent) logged.get(0).cited(), TaskResultViews.rootHeld(logged.get(0))
                    ? "the Workflow's entry node ended, and the pass did not mark the Workflow completed" : "the controller waits for the task result");
            if (TaskResultViews.requeueBound(last)) {
                cite.line((LogEvent) last.cited(), "the pass that marked it completed: less the requeue delay and the stall threshold, when the"
                        + " controller last held the result pending");
                correlation.requeues().of(((LogEvent) last.cited()).stream()).bannerIfStated()
                        .ifPresent(b -> cite.line(b, "the run's start banner states the requeue delay"));
            } else {
                cite.line((LogEvent) last.cited(), "still waiting");
            }
            if (stop != null) {
                cite.line(stop.retry().get(), "the reconcile stops on it; the Workflow is requeued");
            }
            said.add(Message.of("AF006.said.logged", "source", TaskResultWording.source(LOG), "counted", TaskResultWording.counted(logged),
                    "at", last.at().format()));
        }
        PodSnapshot podExport = finished != null && finished.pod != null ? finished.pod
                : s.pod() == null ? null : s.pod().latestSnapshot().filter(p -> p.containersFinishedAt().isEmpty()
                        || !before(p.containersFinishedAt().get(), attemptStarted(s, correlation.workflow(s.wf()).orElse(null)))).orElse(null);
        ContainerState wait = podExport == null ? null : TaskResultWording.abnormalWait(podExport);
        if (podExport != null) {
            cite.pod(podExport, wait != null ? "exported Pod: the wait container did not exit normally" : "exported Pod");
        }
        if (settled != null) {
            String role = "settled after the threshold";
            if (settled.cited() instanceof LogEvent e) {
                cite.line(e, role);
            } else if (settled.cited() instanceof NodeObservation o) {
                cite.node(o, role);
            } else if (settled.cited() instanceof TaskResultSnapshot t) {
                cite.taskResult(t, role);
            }
        }
        TaskResultWording w = new TaskResultWording(threshold, stall);
        TaskResultWording.Judgment judged = w.confidence(kinds, s, looks, lines, settled);
        if (judged.confidence() == Confidence.CONFIRMED && shown.size() < 2) {
            // The sources agree, but one of them is after the Pod's finish only by the time its file states (a user's clock).
            judged = new TaskResultWording.Judgment(Confidence.LIKELY, Message.of("AF006.reason.statedAgree", "reason", judged.reason(),
                    "off", GoDuration.format(ObservedAt.STATED_CLOCK_NANOS)));
        }
        if (kinds.equals(Set.of(TASK_RESULT)) && wait != null && wait.exitCode() != null && wait.exitCode() != 0
                && judged.confidence() != Confidence.POSSIBLE) {
            // The executor's label alone, after a wait container that ended with a non-zero exit code (session 41 breaker): from
            // v3.5.11 the controller marks such a node's result completed itself in the Workflow's status as soon as it reads the
            // Pod so ("marking its taskResult as completed since wait container did not exit normally"), and leaves the label
            // "false": the label then says nothing of what the controller waits for. Without its status or its lines, not decided.
            judged = new TaskResultWording.Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.labelAfterWaitExit", "reason", judged.reason(),
                    "code", wait.exitCode(), "why", TaskResultWording.waitReason(wait)));
        }
        View daemonStop = logged.stream().filter(TaskResultViews::daemonFirstPass).findFirst().orElse(null);
        if (daemonStop != null && kinds.equals(Set.of(LOG)) && judged.confidence() != Confidence.POSSIBLE) {
            // From the lines alone, a daemoned node's stops (session 39): its result pending after its Pod ended, but the Pod may have
            // died with its wait container, which the lines do not tell (TaskResultViews.firstPassStops).
            LogEvent daemon = s.wf() == null ? null : correlation.workflow(s.wf()).flatMap(h -> h.events().stream()
                    .filter(e -> e.event() instanceof Signal d && TaskResultLines.NODE_DAEMONED.equals(d.name()) && s.nodeId().equals(d.id()))
                    .findFirst()).orElse(null);
            judged = new TaskResultWording.Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.daemonFirstPass", "reason", judged.reason(),
                    "at", daemon == null || daemon.time() == null ? "?" : daemon.time().format()));
            if (daemon != null) {
                cite.line(daemon, "the node became daemoned");
            }
        }
        if (kinds.equals(Set.of(WORKFLOW)) && wait == null && lines != null && judged.confidence() == Confidence.LIKELY) {
            // taskResultSynced is the controller's own flag: unless a Workflow worker was looking at the Workflow shortly before
            // the export, false there may be the controller's lag (a stall, a controller down: AF003), not the result's. A wait
            // container that did not exit normally is the result's own cause; without the controller's lines nothing says either way.
            Timestamp exported = views.stream().filter(v -> v.pending() && v.cited() instanceof NodeObservation).map(View::at)
                    .max(Comparator.naturalOrder()).orElse(null);
            LogEvent lastLook = exported == null ? null : lines.processing().stream().filter(p -> p.time().isBefore(exported))
                    .max(Comparator.comparing(LogEvent::time)).orElse(null);
            // v3.5.3-v3.5.4 never requeue a Workflow for a pending result (no stop before v3.5.5): the 20-minute resync, or an
            // event, takes it up again. Where the run's release is known to be one of them and the run was up at the export, a
            // gap up to that period is how it looks at work, not a sign of a stall (session 36). Up means its workers took up a
            // Workflow at or after the export: the stats ticker's Alloc= lines go on while the workers stall (recheck).
            long allowed = stall;
            ControllerProcess run = lastLook == null ? null : correlation.process(lastLook);
            if (exported != null && run != null && noRequeue(run) && run.work().last() != null && !run.work().last().isBefore(exported)) {
                allowed = RESYNC_NANOS + stall;
            }
            NodeObservation export = views.stream().filter(v -> v.pending() && v.cited() instanceof NodeObservation)
                    .max(Comparator.comparing(View::at)).map(v -> (NodeObservation) v.cited()).orElse(null);
            List<LogEvent> looked = exported == null || lastLook == null || lastLook.time().nanosUntil(exported) <= allowed ? null
                    : readTwiceWhileLooking(correlation, s, export, finishedFrom.plusNanos(threshold));
            if (looked != null) {
                // Judged at the latest pair of passes that read the export's status unchanged, past the threshold (session 38).
                judged = new TaskResultWording.Judgment(judged.confidence(), Message.of("AF006.reason.storedLooked", "reason", judged.reason(),
                        "rv", export.snapshot().resourceVersion().trim(), "from", looked.get(0).time().format(),
                        "to", looked.get(1).time().format(), "export", exported.format(), "gap", GoDuration.format(lastLook.time().nanosUntil(exported))));
                cite.line(looked.get(0), "a pass reads the exported status (its resourceVersion)");
                cite.line(looked.get(1), "the next pass reads it again: nothing was written between");
            } else if (exported != null && (lastLook == null || lastLook.time().nanosUntil(exported) > allowed)) {
                judged = new TaskResultWording.Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.exportOnly", "when", lastLook == null
                        ? Message.of("AF006.reason.beforeExport") : Message.of(allowed > stall ? "AF006.reason.sinceLookResync" : "AF006.reason.sinceLook",
                                "from", lastLook.time().format(), "gap", GoDuration.format(lastLook.time().nanosUntil(exported)),
                                "stall", GoDuration.format(allowed), "release", run == null ? "" : run.releaseName())));
            } else if (allowed > stall && lastLook.time().nanosUntil(exported) > stall) {
                judged = new TaskResultWording.Judgment(judged.confidence(), Message.of("AF006.reason.resyncGap", "reason", judged.reason(),
                        "release", run.releaseName(), "gap", GoDuration.format(lastLook.time().nanosUntil(exported))));
            }
        }
        if (s.nodeId() == null && logged.stream().anyMatch(TaskResultViews::held)) {
            // The completed phase set and the completion held: which result (or a node still daemoned) the lines do not say.
            ControllerProcess run = correlation.process((LogEvent) logged.get(0).cited());
            TaskResultViews.PhaseFirst release = TaskResultViews.phaseFirst(run);
            TaskResultLines.HeldCompletion h = lines.heldCompletions().stream()
                    .filter(c -> logged.stream().anyMatch(v -> v.cited() == c.phaseSet() || c.passes().stream().anyMatch(p -> p.first() == v.cited())))
                    .findFirst().orElse(null);
            String phase = h == null ? null : ((Signal) h.phaseSet().event()).attribute("toPhase");
            Message daemon = "Succeeded".equals(phase)
                    ? Message.of("AF006.reason.daemonSucceeded", "counted", h.daemoned().isEmpty() ? Message.NOTHING
                            : Message.of("AF006.reason.daemonSeen", "node", h.daemoned().get(0).event().nodeId().orElse("?"), "at", at(h.daemoned().get(0))))
                    : Message.of("AF006.reason.daemonNotRuledOut", "phase", phase == null ? "completed" : phase);
            judged = new TaskResultWording.Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.heldCompletion",
                    "passes", logged.stream().filter(TaskResultViews::held).count(), "daemon", daemon,
                    "release", release == TaskResultViews.PhaseFirst.YES ? Message.of("AF006.reason.releaseKnown", "release", run.releaseName())
                            : Message.of("AF006.reason.releaseUnknown", "release", run == null || run.releaseName() == null ? "not stated"
                                    : run.releaseName()),
                    "bound", logged.stream().filter(TaskResultViews::requeueBound).findFirst().map(v -> (Message) Message.of(
                            "AF006.reason.requeueBound", "view", v.what())).orElse(Message.NOTHING),
                    "settle", Message.of("AF006.reason.settle")));
        }
        if (s.nodeId() == null && views.stream().anyMatch(TaskResultViews::rootHeld)) {
            // The entry node ended and the Workflow not marked completed (v3.5.6+): which result (or a daemoned node) the lines do not
            // say, and the line that would say the completion waited is Debug (session 53).
            LogEvent root = views.stream().filter(v -> TaskResultViews.rootHeld(v) && v.cited() instanceof LogEvent)
                    .map(v -> (LogEvent) v.cited()).min(Comparator.comparing(LogEvent::time)).orElse(null);
            ControllerProcess run = root == null ? null : correlation.process(root);
            TaskResultLines.RootDoneHeld h = lines == null || root == null ? null
                    : lines.rootDoneHeld().stream().filter(c -> c.rootDone() == root).findFirst().orElse(null);
            View running = views.stream().filter(v -> TaskResultViews.rootHeld(v) && v.cited() instanceof NodeObservation)
                    .max(Comparator.comparing(View::at)).orElse(null);
            judged = new TaskResultWording.Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.rootDoneHeld",
                    "node", root == null ? "?" : root.event().nodeId().orElse("?"), "phase", h == null ? "completed" : h.phase(),
                    "at", root == null || root.time() == null ? "?" : root.time().format(),
                    "passes", logged.stream().filter(TaskResultViews::rootHeld).count(),
                    "shown", running == null ? Message.NOTHING : Message.of("AF006.reason.rootShownRunning",
                            "export", ((NodeObservation) running.cited()).snapshot().what(), "at", running.at().format()),
                    "release", TaskResultViews.resultsFirst(run) == TaskResultViews.PhaseFirst.YES
                            ? Message.of("AF006.reason.rootReleaseKnown", "release", run.releaseName())
                            : Message.of("AF006.reason.rootReleaseUnknown", "release", run == null || run.releaseName() == null ? "not stated"
                                    : run.releaseName()),
                    "settle", Message.of("AF006.reason.settle")));
        }
        if (finished != null && judged.confidence() != Confidence.POSSIBLE) {
            // Session 58: the finish is a node's time (the containers' finishedAt, or the node's, which the controller copies from
            // them), the view pending a controller's line or an export's time: past the threshold only as far as the node's clock,
            // bounded from the Pod's own records (NodeClocks), orders it; past the node's minute alone at most likely; else not.
            NodeClock.NodeOrder order = finishOrder(correlation, s, finished, pending);
            if (order == NodeClock.NodeOrder.NONE) {
                NodeClocks clocks = clocks(correlation, s);
                judged = new TaskResultWording.Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.nodeClock", "reason", judged.reason(),
                        "finished", finished.at().format(), "threshold", GoDuration.format(threshold), "at", pending.at().format(),
                        "clock", clocks == null ? "nothing given bounds the node's clock" : clocks.of(finishNode(s, finished)).describe()));
            } else if (order.capped() && judged.confidence() == Confidence.CONFIRMED) {
                judged = new TaskResultWording.Judgment(Confidence.LIKELY, Message.of("common.nodeMargin", "reason", judged.reason(),
                        "margin", GoDuration.format(PodSnapshot.NODE_CLOCK_NANOS)));
            }
        }
        return new Finding(ID, title(), severity(), judged.confidence(), judged.reason(), s.key(), s.pod() == null ? "" : s.pod().uid(),
                s.wf(), s.nodeId() == null ? null : new Finding.NodeRef(s.nodeId(), s.nodeName()), w.summary(s, pending, finished, nanos, wait, settled),
                w.explain(s, finished, said, nanos, wait), w.facts(finished, pending, nanos, kinds, podExport, wait, looks, settled), cite.evidence());
    }
    /**
     * How the Pod's finish, the threshold on, orders before {@code pending}'s time (a controller's line, of its run; an export's time):
     * through the node's clock as the Pod's lifecycle bounded it ({@link NodeClocks#timeBefore}); without the Pod, past the minute only.
     */
    private NodeClock.NodeOrder finishOrder(Correlation correlation, Subject s, Finished finished, View pending) {
        // A line, or an export's status a later pass shows still stood (dated by that line): the controller's clock, of its run.
        Integer stream = pending.cited() instanceof LogEvent e ? Integer.valueOf(e.stream())
                : pending.cited() instanceof Stored st ? Integer.valueOf(st.processing().stream()) : null;
        NodeClocks clocks = clocks(correlation, s);
        return clocks == null ? NodeClocks.unboundedBefore(finished.at(), threshold, pending.at())
                : clocks.timeBefore(finishNode(s, finished), finished.at(), threshold, pending.at(), stream);
    }

    /** The Pod's nodes' clocks as its lifecycle bounded them, or null. */
    private static NodeClocks clocks(Correlation correlation, Subject s) {
        PodLifecycle life = s.pod() == null ? null : correlation.lifecycle(s.pod().key());
        return life == null ? null : life.nodeClocks();
    }

    /** The node whose clock dated the finish: the export's that held the containers, else the Pod's latest export's, else null. */
    private static String finishNode(Subject s, Finished finished) {
        if (finished.pod() != null) {
            return finished.pod().nodeName();
        }
        return s.pod() == null ? null : s.pod().latestSnapshot().map(PodSnapshot::nodeName).orElse(null);
    }
}
