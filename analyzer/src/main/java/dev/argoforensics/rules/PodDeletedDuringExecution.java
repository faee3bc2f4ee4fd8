package dev.argoforensics.rules;

import dev.argoforensics.correlate.ControllerStop;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.MainStart;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.RecordedMainExit;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF007: a Pod was deleted before its main container finished, and its node ended Error
 * {@code pod deleted}: an outside deletion (node drain, eviction, autoscaler, a user), not a lost
 * result. Names who deleted it when audit records or Events say. What AF001 and AF002 must not be
 * confused with. Upstream #13152, #1038, #5321, #13581. See docs/rules/AF007.md.
 */
public final class PodDeletedDuringExecution extends NodeRule {
    /** The words for what excludes a foreground deletion of the Workflow ({@link WorkflowStandingCap}). */
    private static final WorkflowStandingCap.Words STANDING = new WorkflowStandingCap.Words("AF007.reason.stoodByLines",
            "AF007.reason.stoodByStatedTime", "AF007.reason.workflowDeletionOpen");

    public static final String ID = "AF007";

    public PodDeletedDuringExecution() {
        super(ID, "Pod deleted during execution", Severity.MEDIUM);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.CLUSTER_EVENTS, EvidenceKind.AUDIT_LOG,
                EvidenceKind.POD_CONTROLLER_LINES), Set.of(EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.CONTROLLER_LOG)), Set.of());
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        PodLifecycle life = scope.correlation().lifecycle(pod.key());
        NodeOutcome outcome = life.lostToDeletion() ? life.outcome() : failedByPodGc(pod, life);
        boolean byKill = outcome == null;
        outcome = outcome != null ? outcome : killedByDeletion(pod, life);
        if (outcome == null) {
            if (byKill) {
                clearKillLookAlike(pod, life, scope);
            }
            return;
        }
        Execution execution = life.execution();
        // Session 46: the kill path taken on the controller's lines alone (main's state at the deletion from them, or not shown at all,
        // with the signal exit reported after the deletion was seen): possible, naming what would settle it.
        boolean killOnLines = byKill && !(execution.state() == Execution.State.RUNNING && !execution.weak());
        if (life.deletion() == null) {
            return; // nothing shows when (or that) the Pod was deleted
        }
        // The controller deleted or stopped the Pod itself (v4's automatic restart, a shutdown, the Workflow's deadline), no later than
        // the deletion is known: the deleter is the controller, not a disruption from outside.
        Optional<ControllerStop> own = life.restartedByController().or(life::stoppedByController)
                .filter(c -> c.notAfter(life.deletion().notAfter().at()));
        if (own.isPresent()) {
            scope.clear(pod, Message.of("AF007.cleared.controller", "who", own.get().restart() ? StopWords.restart(own.get()) : StopWords.how(own.get()),
                    "at", own.get().line().time().format()), own.get().line().source());
            return;
        }
        if (life.deletedWithWorkflow().isPresent()) {
            Known wf = life.deletedWithWorkflow().get();
            scope.clear(pod, Message.of("AF007.cleared.workflowDeleted", "workflow", pod.link().workflow().toString(), "how", wf.how(),
                    "at", wf.at().format()), wf.evidence());
            return;
        }
        // On the kill path, the look-alike of a deleted Workflow: its Pods go with it and its node is recorded Failed on that kill as
        // on any other. A Workflow deletion known by any record no later than the recorded failure (as far as two clocks disagree)
        // names it, even where the Pod's own deletion bound came from another cluster's delete of the name that no record sets
        // apart (session 45: the unseen checks' seeds 2401 and 2436, a user's foreground delete of the Workflow read as its Pod
        // deleted by another cluster's controller, AF007 likely).
        if (byKill && pod.link() != null && outcome.time() != null) {
            dev.argoforensics.correlate.WorkflowFate ownFate = scope.correlation().lifecycle(pod.key()) == null ? null
                    : scope.correlation().lifecycle(pod.key()).workflow();
            dev.argoforensics.correlate.WorkflowFate fate = ownFate != null ? ownFate : scope.correlation().fates().get(pod.link().workflow());
            Known wf = fate == null ? null : fate.deleted();
            if (wf != null && wf.at() != null && !wf.at().instant().isAfter(outcome.time().instant().plusNanos(WORKFLOW_CLOCKS_NANOS))
                    && !stoppedBefore(pod, wf.at())) {
                scope.clear(pod, Message.of("AF007.cleared.workflowDeleted", "workflow", pod.link().workflow().toString(), "how", wf.how(),
                        "at", wf.at().format()), wf.evidence());
                return;
            }
        }
        // The warning for main reads the Pod the controller's informer last held, whose container states are the kubelet's last report
        // (the Pod garbage collector's Failed leaves them as they were). The controller copies main's exit code into the node only once
        // its informer showed main terminated (getExitCode, s39), and a terminated container never runs again: an export of the
        // Workflow holding that code for the unfinished node says main HAD ended, so "main never ended" is contradicted, and AF007,
        // which needs main running at the deletion, cannot stand on the warning (s41; the two records disagree, AF002 reads the code).
        LogEvent warned = pod.failedWithMainRunning();
        NodeObservation stored = warned == null ? null : storedExit(scope.correlation().workflow(pod.link().workflow()).orElse(null), pod.link());
        if (execution.state() == Execution.State.RUNNING && stored != null && warned.source().equals(execution.evidence())) {
            scope.clear(pod, Message.of("AF007.cleared.exitRecorded", "code", stored.node().exitCode().trim(), "phase", stored.node().phase(),
                    "at", warned.time().format()), stored.source());
            return;
        }
        switch (execution.state()) {
            case FINISHED_BEFORE -> scope.clear(pod, Message.of(execution.weak() ? "AF007.cleared.finishedBeforeWeak" : "AF007.cleared.finishedBefore",
                    "reason", execution.reason()), execution.evidence());
            case RUNNING, MAIN_NEVER_STARTED -> scope.findings().add(finding(scope, pod, life, outcome, null, killOnLines));
            default -> {
                // No WorkflowTaskResult speaks for main's exit: no executor from v3.3 (the first with task results) to v4.1.2 writes
                // outputs.exitCode (it reports the template's outputs: parameters, artifacts, result); the controller copies main's
                // code from its informer's Pod into the node (getExitCode), which storedExit above and the lifecycle read (s43).
                // An export of the Workflow taken before the deletion was requested, holding that code on the node still unfinished,
                // says main had ended by then: the deletion did not end it (RecordedMainExit, ordered).
                Optional<RecordedMainExit> ended = life.mainExitRecorded().filter(RecordedMainExit::ordered);
                Optional<PodSnapshot> before = runningBefore(pod);
                if (ended.isPresent()) {
                    NodeObservation b = ended.get().before();
                    scope.clear(pod, Message.of(ended.get().stated() ? "AF007.cleared.exitRecordedBeforeStated" : "AF007.cleared.exitRecordedBefore",
                            "code", b.node().exitCode().trim(), "phase", b.node().phase(), "at", b.snapshot().observed().time().format()), b.source());
                } else if (before.isPresent()) {
                    scope.findings().add(finding(scope, pod, life, outcome, before.get(), killOnLines));
                } else if (killOnLines) {
                    scope.findings().add(finding(scope, pod, life, outcome, null, true));
                } else if (execution.state() == Execution.State.UNDETERMINED) {
                    // Nothing to report, but AF001 points here ("it may have been deleted while it ran"): say what was lacking.
                    // An audit record of the delete already given dates the request, not main's state: not named as what would settle it.
                    boolean audited = life.deleter().map(d -> d.audit() != null).orElse(false);
                    scope.clear(pod, Message.of(audited ? "AF007.cleared.undeterminedAudited" : "AF007.cleared.undetermined", "outcome", outcome.message() == null || outcome.message().isEmpty()
                            ? outcome.phase() : outcome.phase() + " \"" + outcome.message() + "\"", "reason", execution.reason()),
                            execution.evidence() != null ? execution.evidence() : life.deletion().notAfter().evidence());
                }
            }
        }
    }

    /**
     * The latest export of the Pod's node, where it holds main's exit code ({@code outputs.exitCode}) on the node still unfinished
     * ({@code Pending}, {@code Running}): the controller wrote it there from its informer's copy of the Pod showing main terminated.
     * The controller never clears the code, so a latest export without it (another instance of the node, reset by argo retry) gives
     * null, as does an export of the node ended (its end decides elsewhere). Null: no such export.
     */
    private static NodeObservation storedExit(WorkflowHistory workflow, NodeLink link) {
        if (workflow == null || link == null) {
            return null;
        }
        List<NodeObservation> observed = workflow.nodeObservations(link.nodeId());
        if (observed.isEmpty()) {
            return null;
        }
        NodeObservation latest = observed.get(observed.size() - 1);
        String code = latest.node().exitCode();
        String phase = latest.node().phase();
        return code == null || code.isBlank() || !("Pending".equals(phase) || "Running".equals(phase)) ? null : latest;
    }

    /**
     * Where the order is not established: the last export from before the deletion that shows main
     * still running, when no export shows the containers ended. It may have finished in between.
     */
    private static Optional<PodSnapshot> runningBefore(PodHistory pod) {
        PodSnapshot last = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() != null || s.containersFinishedAt().isPresent()) {
                return Optional.empty();
            }
            // An export trimmed where a deletionTimestamp would stand is not known to be from before the deletion. A main still waiting
            // had not started, which says nothing of running later (s40).
            last = MainStart.of(s) == MainStart.RUNNING && s.deletionShown() ? s : last;
        }
        return Optional.ofNullable(last);
    }

    /**
     * The messages {@code inferFailedReason} gives from #15150 (v3.6.16+, v3.7.7+, v4.0.0) a {@code Failed} Pod without a status
     * message whose main never terminated (wait neither, or wait having exited 0): the Pod garbage collector's {@code Failed} over
     * the running containers of a lost node. Before the fix it fell through to {@code Succeeded} with no message.
     */
    private static final Set<String> FAILED_WHILE_MAIN_RAN = Set.of("pod failed: neither main nor wait container completed successfully",
            "pod failed: main container did not complete successfully");

    /**
     * The node's end where the controller never marked it {@code pod deleted}: recorded {@code Failed} with the message
     * {@code inferFailedReason} gives a Pod the Pod garbage collector failed over a running main ({@link #FAILED_WHILE_MAIN_RAN}),
     * where the lifecycle shows main running at the deletion and names the Pod garbage collector (the controller's warning
     * {@code Pod phase was Failed but main did not have terminated state}, a {@code DisruptionTarget} {@code DeletionByPodGC}, its
     * audit identity). Argo v3.6.16-v3.6.19 count a node fulfilled by its phase alone: the node is stored {@code Failed} at once and
     * the Pod, gone a moment later (PodGC deletes right after it fails, with grace 0; without the status-capture finalizer nothing
     * holds it), is never looked for again. From v3.7.1 an unsynced task result keeps the node unfulfilled and it ends
     * {@code pod deleted} as before. The record: an export of the Workflow, else this Pod's {@code Pod failed} line when no later
     * forced change of the node is logged. Null: not that.
     */
    private static NodeOutcome failedByPodGc(PodHistory pod, PodLifecycle life) {
        if (life.execution() == null || life.execution().state() != Execution.State.RUNNING || life.deleter().filter(Deletion::podGc).isEmpty()) {
            return null;
        }
        NodeOutcome recorded = life.outcome();
        LogEvent failed = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-failed".equals(s.name()) && FAILED_WHILE_MAIN_RAN.contains(s.attribute("message"))) {
                failed = e;
            }
        }
        if (recorded != null && recorded.fromExport()) {
            if (!exportedBefore(recorded, failed)) {
                return "Failed".equals(recorded.phase()) && FAILED_WHILE_MAIN_RAN.contains(recorded.message()) ? recorded : null;
            }
            // An export from before the Pod failed line showing the node still running says nothing of its end (session 32: a
            // Workflow exported while its step ran, none after the loss): the line records it.
            recorded = null;
        }
        if (failed == null || (recorded != null && !recorded.time().isBefore(failed.time()))) {
            return null;
        }
        return new NodeOutcome("Failed", ((Signal) failed.event()).attribute("message"), false, failed.source(), failed.time(), false);
    }

    /**
     * "Error (exit code 137)" or "(exit code 143)", as the controller words a failed Pod from its failing container ({@code
     * inferFailedReason}: {@code <reason> (exit code N)}, from v3.7.0 with {@code <container>: } before it): the exit of a process
     * ended by a signal (the emissary reports 137 for any signal's death, 143 where the process exits so on SIGTERM itself). Not
     * {@code OOMKilled}, the kernel's kill.
     */
    private static final java.util.regex.Pattern KILL_EXIT = java.util.regex.Pattern.compile("^(?:[^:]+: )?Error \\(exit code (?:137|143)\\)(?::.*)?$");

    /**
     * The node recorded {@code Failed} on main's exit from the deletion's kill (session 45, a hand-written incident: a v3.5 DAG
     * shard evicted by a drain). From Kubernetes 1.27 the kubelet writes a deleted Pod's terminal phase before its final delete, so a
     * controller that reads the Pod in that moment records the failure ({@code Pod failed: Error (exit code 137)}) and never finds the
     * Pod missing: no {@code pod deleted}, though the deletion ended the step (an exit 137 a user reads as an OOM kill). Taken only
     * where an object or a record shows main running when the deletion was requested (the kubelet's Killing Event for main, an
     * export, an audit record against the containers' end), and the recorded failure is a signal's exit: the deletion killed main;
     * session 46: also on the controller's lines alone (a possible finding), unless they show the Pod Failed before the deletion was
     * seen ({@link #failedBeforeSeen}). A message naming wait or init is not main's ({@link #argoContainer}). Null otherwise.
     */
    /** As far as the controller's clock and the API server's may disagree. */
    private static final long WORKFLOW_CLOCKS_NANOS = 10_000_000_000L;

    private static NodeOutcome killedByDeletion(PodHistory pod, PodLifecycle life) {
        Execution execution = life.execution();
        if (execution == null || life.deletion() == null || killedLongAfter(pod, life.deletion().notAfter().at())) {
            return null;
        }
        // Main running at the deletion as an object or a record shows it; or (session 46, a possible finding) as the controller's lines
        // alone show it, or not shown either way but the signal exit reported only after the controller saw the deletion arrive: the
        // lines then connect main's end to the deletion, and what would settle it is named. An exit reported before the deletion was
        // seen is main's own (or another kill's) and is not read so.
        boolean running = execution.state() == Execution.State.RUNNING;
        if (!running && execution.state() != Execution.State.UNDETERMINED) {
            return null;
        }
        LogEvent seen = life.deletion().firstSeen();
        LogEvent failed = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-failed".equals(s.name()) && killExit(s.attribute("message")) && pod.ofThisInstance(e)) {
                failed = e;
            }
        }
        boolean reportedAfterSeen = failed != null && seen != null && failed.time().isAfter(seen.time());
        if (!running && !reportedAfterSeen) {
            return null;
        }
        // Session 46 (breaker9): on the lines alone, the Pod recorded Failed before the controller saw the deletion arrive was not
        // failed by it. The controller logs "Pod failed" at every reconcile that lists the Failed Pod (assessNodeStatus runs for each
        // Pod of a Workflow still running), so a line after the deletion may only repeat an earlier one; the first says when.
        if (!(running && !execution.weak()) && failedBeforeSeen(pod, life) != null) {
            return null;
        }
        NodeOutcome recorded = life.outcome();
        if (recorded != null && ("Failed".equals(recorded.phase()) || "Error".equals(recorded.phase())) && killExit(recorded.message())) {
            return recorded;
        }
        return failed == null ? null : new NodeOutcome("Failed", ((Signal) failed.event()).attribute("message"), false, failed.source(), failed.time(), false);
    }

    /**
     * The kubelet stops a deleted Pod's containers as soon as it sees the deletionTimestamp (its Killing Event, {@code Stopping
     * container}, opens the grace period): a Killing of a container other than wait more than a minute (as far as an Event's and the request's clocks
     * may be read apart) after the latest moment the deletion can have been requested is not that deletion's kill, or that
     * moment is not this Pod's deletion (a delete of the name in another cluster's audit file, which no record sets apart: session
     * 45, unseen seed 2401, a Workflow deleted by a user read as its Pod deleted 100 s earlier by another cluster's controller). The
     * exit cannot then be read as the deletion's kill. Not where the Pod's node was out of reach (NodeNotReady, a taint eviction):
     * that kubelet sees the deletion only when it comes back (judgment class {@code node-unreachable-evicted}). Nor where an export
     * of the Pod itself dates its deletion's request at that moment ({@link PodHistory#deletionRequestedAt}, s47): the deletion is
     * then this Pod's, and a kill more than a minute after it is its kubelet's late sight of it (a busy kubelet, a slow pod
     * lifecycle event generator, its node Ready all along), not another deletion's. Only a kill worded as a deletion's stop
     * ({@code Stopping container X}) is read so: a probe's kill ({@code Container main failed liveness probe, will be restarted})
     * is the kubelet's own decision, made while it had not yet seen the deletion, and main's exit is that probe's (s47-breaker15).
     */
    private static boolean killedLongAfter(PodHistory pod, Timestamp requestNotAfter) { // any container but wait: main, or a sidecar killed with it
        if (requestNotAfter == null) {
            return false;
        }
        boolean ownRequest = pod.deletionRequestedAt(requestNotAfter);
        java.time.Instant bound = requestNotAfter.instant().plusNanos(KILL_LAG_NANOS);
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("Killing".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && e.first() != null
                    && e.regarding().fieldPath() != null && e.regarding().fieldPath().startsWith("spec.containers{")
                    && !e.regarding().fieldPath().equals("spec.containers{wait}")
                    && e.first().instant().minusNanos(e.statedClock() ? dev.argoforensics.snapshot.ObservedAt.STATED_CLOCK_NANOS : 0).isAfter(bound)) {
                if (ownRequest && e.note() != null && e.note().startsWith("Stopping container ")) {
                    continue; // worded as a deletion's stop: this Pod's own deletion, seen late
                }
                if (outOfReachBefore(pod, e)) {
                    continue;
                }
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the Pod's kubelet may have been out of reach before it killed {@code kill} (the node controller's NodeNotReady on the
     * Pod or its node, the taint manager's eviction), so that it saw the deletion only when it came back: its kill may then come any
     * time after the request. Session 62 breaker (s62-node gives a Pod its node's NotReady up to five minutes after the Pod's last
     * record): a NotReady written more than the node's clock may be off after the kill is a later outage (a spot instance reclaimed, a
     * scale-down after the Pod was gone): the kubelet killing on a deletion had received it, so it was in touch by then, and an outage
     * covering the time from the request to its receipt would have been reported while it lasted, before the kill.
     */
    private static boolean outOfReachBefore(PodHistory pod, ClusterEvent kill) {
        long nodeClock = dev.argoforensics.snapshot.PodSnapshot.NODE_CLOCK_NANOS
                + (kill.statedClock() ? dev.argoforensics.snapshot.ObservedAt.STATED_CLOCK_NANOS : 0);
        java.time.Instant killLatest = kill.first().windowEnd().plusNanos(nodeClock);
        for (ClusterEvent e : pod.clusterEvents()) {
            if (("NodeNotReady".equals(e.reason()) || "TaintManagerEviction".equals(e.reason()))
                    && (e.first() == null || !killLatest.isBefore(e.first().instant().minusNanos(e.statedClock() ? dev.argoforensics.snapshot.ObservedAt.STATED_CLOCK_NANOS : 0)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the kubelet began stopping a container of this Pod (its Killing {@code Stopping container X}, not a probe's kill;
     * of this Pod's UID where both say) clearly before {@code workflowDeleted}: the Workflow's deletion deletes its Pods only after
     * it (the garbage collector, lifecycle-and-failures.md A3), so the Pod's own deletion had come first and killed main, whatever
     * befell the Workflow after (session 46 breaker: a drain's kill, main's clean-up exiting 143 25 s later, the Workflow deleted
     * in between was read as the kill's cause and the race cleared). Clearly: beyond the Event's second and two clocks' margin.
     */
    private static boolean stoppedBefore(PodHistory pod, Timestamp workflowDeleted) {
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("Killing".equals(e.reason()) && "Pod".equals(e.regarding().kind()) && e.first() != null && e.note() != null
                    && e.note().startsWith("Stopping container ") && e.regarding().fieldPath() != null
                    && e.regarding().fieldPath().startsWith("spec.containers{")
                    && (pod.uid().isEmpty() || e.regarding().uid() == null || e.regarding().uid().isEmpty() || pod.uid().equals(e.regarding().uid()))
                    && e.first().windowEnd().plusNanos(WORKFLOW_CLOCKS_NANOS
                            + (e.statedClock() ? dev.argoforensics.snapshot.ObservedAt.STATED_CLOCK_NANOS : 0)).isBefore(workflowDeleted.instant())) {
                return true;
            }
        }
        return false;
    }

    /** How long after a deletion's request the kubelet's kill of main may still be read as that deletion's. */
    private static final long KILL_LAG_NANOS = 60_000_000_000L;

    static boolean killExit(String message) {
        return message != null && KILL_EXIT.matcher(message.strip()).matches() && argoContainer(message) == null;
    }

    /**
     * The container of Argo's own (wait, init) a node's end names, or null. The controller's message for a failed Pod names the first
     * container that exited non-zero, init first, then main, then wait, skipping a zero exit (inferFailedReason, v3.5 to v4.1): a
     * message naming wait says main exited 0, one naming init that main never started. Neither is main's exit from a kill.
     */
    static String argoContainer(String message) {
        String m = message == null ? "" : message.strip();
        return m.startsWith("wait: ") ? "wait" : m.startsWith("init: ") ? "init" : null;
    }

    /**
     * On the controller's lines alone (main's state at the deletion not shown by an object or a record), the controller's first
     * {@code Pod failed} line for the Pod, where it comes before the controller saw the deletion arrive: a Pod never leaves Failed,
     * so the deletion did not fail it. Null otherwise.
     */
    private static LogEvent failedBeforeSeen(PodHistory pod, PodLifecycle life) {
        Execution execution = life.execution();
        LogEvent seen = life.deletion() == null ? null : life.deletion().firstSeen();
        if (execution == null || seen == null || (execution.state() == Execution.State.RUNNING && !execution.weak())) {
            return null;
        }
        LogEvent first = null;
        for (LogEvent e : pod.events()) {
            // An earlier Pod of the name (v4's automatic restart, argo retry) failed on its own: its line says nothing of this one (s47).
            if (e.event() instanceof Signal s && "pod-failed".equals(s.name()) && pod.ofThisInstance(e) && (first == null || EventOrder.before(e, first))) {
                first = e;
            }
        }
        return first != null && EventOrder.before(first, seen) ? first : null;
    }

    /**
     * Names the look-alikes of the kill path on the controller's lines alone (session 46, breaker9) where a deleted Pod's node was
     * recorded on a signal's exit: the Pod recorded Failed before the deletion was seen, or the exit of wait (main had exited 0).
     */
    private static void clearKillLookAlike(PodHistory pod, PodLifecycle life, Scope scope) {
        Execution execution = life.execution();
        if (execution == null || life.deletion() == null || (execution.state() != Execution.State.RUNNING
                && execution.state() != Execution.State.UNDETERMINED)) {
            return;
        }
        LogEvent before = failedBeforeSeen(pod, life);
        if (before != null && killExit(((Signal) before.event()).attribute("message"))) {
            scope.clear(pod, Message.of("AF007.cleared.failedBeforeSeen", "message", ((Signal) before.event()).attribute("message"),
                    "at", before.time().format(), "seen", life.deletion().firstSeen().time().format()), before.source());
            return;
        }
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-failed".equals(s.name()) && "wait".equals(argoContainer(s.attribute("message")))
                    && KILL_EXIT.matcher(s.attribute("message").strip()).matches()) {
                scope.clear(pod, Message.of("AF007.cleared.waitKilled", "message", s.attribute("message"), "at", e.time().format()), e.source());
                return;
            }
        }
    }

    /** The exported node is not ended ({@code Pending}, {@code Running}) and was taken before the {@code Pod failed} line. */
    private static boolean exportedBefore(NodeOutcome exported, LogEvent failed) {
        return failed != null && exported.time() != null && ("Pending".equals(exported.phase()) || "Running".equals(exported.phase()))
                && exported.time().isBefore(failed.time());
    }

    /**
     * The label of {@code deletedAt}, whose value is the latest bound of the request: "Deleted at" only where the evidence dates the
     * request itself (one exact statement, or both bounds at one time), "Deleted at about" for the Pod garbage collector's implied
     * delete, else "Deleted no later than" (a delete event or a later line only bounds it; a report pasted under one's name must not
     * state that bound as the time of the deletion).
     */
    static String deletedAtLabel(DeletionRequest request) {
        if (request.implied()) {
            return "Deleted at about";
        }
        String when = request.when();
        return when.startsWith("at ") || (request.exact() && request.notBefore() == null) ? "Deleted at" : "Deleted no later than";
    }

    /**
     * @param outcome the node's end: {@code Error} {@code pod deleted}, or {@link #failedByPodGc}
     * @param before  for a Pod whose order is not established: the export from before the deletion showing main running
     */
    private Finding finding(Scope scope, PodHistory pod, PodLifecycle life, NodeOutcome outcome, PodSnapshot before, boolean killOnLines) {
        NodeLink link = pod.link();
        Execution running = life.execution();
        DeletionRequest request = life.deletion();
        Correlation correlation = scope.correlation();
        WorkflowHistory workflow = correlation.workflow(link.workflow()).orElse(null);
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        Optional<Deletion> deletion = scope.correlation().lifecycle(pod.key()).deleter();
        // The request's one date where the evidence gives one (an audit record's receipt), as the summary says; else its latest bound.
        Timestamp deleted = request.dated() != null ? request.dated().at() : request.notAfter().at();
        boolean notStarted = running.state() == Execution.State.MAIN_NEVER_STARTED;
        facts.add(new Fact("deletedAt", deletedAtLabel(request), deleted.format()));
        facts.add(new Fact("deletionRequested", "Deletion requested", request.describe()));
        Cite.workflowNotFound(life.workflow(), facts, cite);
        facts.add(new Fact("deletedBy", "Deleted by", deletion.map(Deletion::who).orElse(null)));
        facts.add(new Fact("howDeleted", "How", deletion.map(Deletion::how).orElse(null)));
        if (deletion.isEmpty() && !life.collectionDeletes().isEmpty()) {
            // Session 50: no record names its deleter, but a deletecollection of its namespace's Pods came at the right time: named as
            // a possible deleter (its selector's match is not in the record), never as the deleter.
            dev.argoforensics.snapshot.AuditRecord a = life.collectionDeletes().get(0);
            facts.add(new Fact("possibleDeleter", "Possibly deleted by", a.user() + "'s deletecollection of the Pods of namespace " + a.namespace()
                    + " at " + a.requestTime().format() + (a.selector().isEmpty() ? " (no selector in the record)" : " (" + a.selector() + ")")
                    + ": " + dev.argoforensics.correlate.CollectionSelection.wordsFor(life, a)));
            cite.audit(a, "a deletecollection of the namespace's Pods: it may have deleted this Pod");
        }
        // How main stood at the deletion: the model's reason, or what the last export before it shows (a fact too, in the same words).
        Object how = before == null ? running.reason() : Message.of("AF007.exportBefore", "taken", before.observed() == null ? Message.NOTHING
                : Message.of("AF007.exportTaken", "at", before.observed().time().format()), "state", PodLifecycle.main(before).state());
        facts.add(new Fact("mainContainer", "Main container at the deletion", how instanceof Message m ? Words.english().render(m) : how));
        life.containersEnd().ifPresent(end -> facts.add(new Fact("containerExitCodes", "Container exit codes", end.exitSummary())));
        facts.add(new Fact("finalNodePhase", "Final node phase", outcome.phase()));
        facts.add(new Fact("finalNodeMessage", "Final node message", outcome.message()));

        deletion.ifPresent(cite::deletion);
        scope.correlation().lifecycle(pod.key()).deleters().stream().filter(d -> d.event() != null && deletion.map(x -> x.event() != d.event()).orElse(true))
                .forEach(d -> cite.event(d.event(), "what happened around the deletion"));
        for (ClusterEvent e : pod.clusterEvents()) {
            if (e.source().equals(running.evidence())) {
                cite.event(e, "the kubelet stops the running container");
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (s.source().equals(running.evidence()) || s.source().equals(request.notAfter().evidence())) {
                cite.pod(s, notStarted ? "exported Pod: deleted before main started" : "exported Pod: deleted while main ran");
            }
        }
        if (request.firstSeen() != null) {
            cite.line(request.firstSeen(), "the controller handles the deletion");
        }
        for (LogEvent e : pod.events()) {
            if (e.source().equals(running.evidence())) {
                cite.line(e, "the Pod still changing after the deletion");
            }
        }
        if (life.informerExit() != null && life.informerExit().kind() == InformerExit.Kind.REMOVED) {
            cite.line(life.informerExit().event(), "the Pod leaves the controller's informer");
        }
        NodeLines.failures(scope.nodes(), link, pod.identity()).forEach(e -> cite.line(e, "node recorded as failed"));
        pod.events().stream().filter(e -> !life.lostToDeletion() && e.source().equals(outcome.source()))
                .forEach(e -> cite.line(e, killExit(outcome.message()) ? "the node recorded Failed on main's exit from the deletion's kill"
                        : "the node recorded Failed from the Pod garbage collector's phase"));
        if (workflow != null) {
            workflow.nodeObservations(link.nodeId()).forEach(o -> cite.node(o, "exported Workflow"));
        }

        if (before != null) {
            cite.pod(before, "exported Pod before the deletion");
        }
        Confidence confidence;
        Message reason;
        String execution = running.reason();
        if (notStarted) {
            // Deleted before main started (s40): a deletion during the step, not while main ran; and Argo leaves a Pending node's
            // missing Pod unmarked (it creates it again), so the node's "pod deleted" may be another Pod's of the name.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF007.reason.mainNeverStarted", "execution", execution);
        } else if (before != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF007.reason.exportBefore", "how", how, "execution", execution);
        } else if (killOnLines) {
            // Session 46: the node recorded Failed on a signal's exit, connected to the deletion by the controller's lines alone.
            confidence = Confidence.POSSIBLE;
            reason = Message.of(running.state() == Execution.State.RUNNING ? "AF007.reason.killOnLines" : "AF007.reason.killAfterSeen",
                    "execution", execution, "message", outcome.message());
        } else if (!running.weak() && running.frozenReport()) {
            // Main's state is a lost node's kubelet's last report (session 42): nothing after it is known, and a main that ended in
            // the kubelet's report delay before its node went reads the same. Likely, whether the node's end is exported or logged;
            // confirmed needs a record written after the request by a kubelet still reporting, which ExecutionOrder reads first.
            confidence = Confidence.LIKELY;
            // The same where main's state is the Pod an audit record returned at the deletion (session 46 breaker): the kubelet's
            // report then, not yet one written after the request.
            String key = running.reportLag() ? "AF007.reason.reportLag" : "AF007.reason.frozenReport";
            String logEnd = running.reportLag() ? "AF007.reason.reportLagLogEnd" : "AF007.reason.frozenReportLogEnd";
            reason = outcome.fromExport() ? Message.of(key, "execution", execution, "phase", outcome.phase(),
                    "message", outcome.message()) : Message.of(logEnd, "execution", execution);
        } else if (!running.weak() && outcome.fromExport()) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF007.reason.confirmed", "execution", execution, "phase", outcome.phase(), "message", outcome.message());
        } else if (running.weak() && exportWithLines(pod, running)) {
            // An export shows main running before the deletion and the controller's lines carry it to the deletion (session 34): not
            // the lines alone, not an object at the deletion; likely, whether the node's end is exported or only logged. Unless the
            // controller wrote the Workflow while the Pod's kubelet was silent (recheck s34): see workflowWriteWhileSilent.
            LogEvent write = workflowWriteWhileSilent(pod, workflow, request, correlation);
            confidence = write == null ? Confidence.LIKELY : Confidence.POSSIBLE;
            reason = write != null ? Message.of("AF007.reason.exportWithLinesWorkflowWritten", "execution", execution, "at", write.time().format())
                    : Message.of(outcome.fromExport() ? "AF007.reason.exportWithLinesShowRunning" : "AF007.reason.exportWithLinesLogEnd",
                    "execution", execution);
            if (write != null) {
                cite.line(write, "the controller writes the Workflow, no change of the Pod logged");
            }
        } else if (running.crossClock()) {
            // main's end after the request rests on the kubelet's and the API server's clocks agreeing within a second (session 39).
            confidence = outcome.fromExport() ? Confidence.LIKELY : Confidence.POSSIBLE;
            reason = Message.of("AF007.reason.crossClock", "execution", execution);
        } else if (running.podOnly() && outcome.fromExport()) {
            // The lines show the Pod unfinished, not main running: main may have ended before the deletion while wait still saved its
            // outputs or a sidecar still ran (session 38 breaker; it read as likely beside an exported Workflow's "pod deleted").
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF007.reason.podOnlyLines", "execution", execution);
        } else if (!running.weak() || outcome.fromExport()) {
            confidence = Confidence.LIKELY;
            reason = Message.of(!running.weak() ? "AF007.reason.logRecordsEnd" : running.statedClock() ? "AF007.reason.statedClockShowsRunning"
                    : "AF007.reason.linesShowRunning", "execution", execution);
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of(running.statedClock() ? "AF007.reason.statedClockOnly" : "AF007.reason.linesOnly", "execution", execution);
        }
        // The garbage collector of a Workflow deleted in the foreground deletes its running Pods too, and the controller, still
        // reconciling it, may record them "pod deleted" (lifecycle reference A3): not a disruption of the step. The lifecycle says
        // what excludes that: an object or a record (as sure as the rest), or the controller's lines (likely at most), else nothing.
        // A record of another component ending the Pod (the kubelet's node-pressure eviction, a drain) says the step was disrupted
        // whatever became of the Workflow after: the garbage collector writes no such record.
        Optional<Known> stood = life.workflowNotDeleted();
        boolean endedByAnother = deletion.filter(d -> !d.garbageCollector()).isPresent();
        if (!endedByAnother) {
            WorkflowStandingCap cap = WorkflowStandingCap.of(confidence, reason, stood, Confidence.POSSIBLE, STANDING);
            confidence = cap.confidence();
            reason = cap.reason();
            if (killOnLines && stood.isEmpty()) {
                // Session 46 (breaker9): the kill path on the lines alone is possible already, which the cap leaves as it is; a
                // Workflow deleted in the foreground kills its running Pods the same way (judgment seeds 1-5: 11 of its Pods reported
                // on this path): named as what is not excluded.
                reason = Message.of("AF007.reason.killWorkflowDeletionOpen", "reason", reason);
            }
            reason = WorkflowStandingCap.unlogged(reason, life, stood);
        }
        NodeMarginCap nodeCap = NodeMarginCap.of(confidence, reason, life.execution());
        confidence = nodeCap.confidence();
        reason = nodeCap.reason();
        Message summary = Message.of(notStarted ? "AF007.summaryNeverStarted" : "AF007.summary", "pod", pod.key().toString(),
                "by", deletion.map(d -> Message.of("AF007.summaryBy", "who", d.who())).orElse(Message.NOTHING), "when", request.when(),
                "phase", outcome.phase(), "message", outcome.message());
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(life, pod, outcome, how, deletion.orElse(null), request, killOnLines),
                facts, cite.evidence());
    }

    /**
     * A weak execution whose evidence is an export of the Pod: the export shows main running before the deletion and only the
     * controller's lines (its dated first deleted version, no change after it) carry that to the deletion (session 34).
     */
    private static boolean exportWithLines(PodHistory pod, Execution running) {
        return pod.snapshots().stream().anyMatch(s -> s.source().equals(running.evidence()) && s.notDeleting()
                && MainStart.of(s) == MainStart.RUNNING);
    }

    /**
     * The controller wrote the Pod's Workflow after the Pod's last significant change it logged (and that change's own processing,
     * a second; the update that carried the deletion excepted) and before it saw the deletion (recheck s34). The export-and-dated-version reading shows only what the kubelet
     * reported: a kubelet that stopped reporting (crashed, its credentials refused, its node cut off from the API server while the
     * Pod's own network still reaches it) never reports main's end, and nothing transitions. The wait container, though, writes
     * through the API server itself: main's end reported as its task result (outputs, completed) changes the Workflow with no
     * change of the Pod, and the controller writes the Workflow. Another Pod's change or a task result's progress looks the same
     * here, so the reading then gives possible. Null: no such write, on the stream that saw the deletion.
     */
    static LogEvent workflowWriteWhileSilent(PodHistory pod, WorkflowHistory workflow, DeletionRequest request, Correlation correlation) {
        LogEvent seen = request.firstSeen();
        if (workflow == null || seen == null) {
            return null;
        }
        // The Pod's changes before the deletion's sight; the last is the update that carried the deletion, not a change of the run.
        List<LogEvent> changes = new ArrayList<>();
        for (LogEvent e : pod.events()) {
            if (e.stream() == seen.stream() && e != seen && e.event() instanceof ControllerEvent.PodInformerEvent
                    && EventOrder.before(e, seen)) {
                changes.add(e);
            }
        }
        LogEvent lastChange = changes.size() < 2 ? null : changes.get(changes.size() - 2);
        // The Workflow's updates (the node index's, in the order of its lines), not all its lines.
        for (LogEvent e : correlation.nodes().ofKind(workflow.ref(), ControllerEvent.WorkflowUpdated.class)) {
            if (e.stream() == seen.stream() && e.event() instanceof ControllerEvent.WorkflowUpdated
                    && EventOrder.before(e, seen)
                    && (lastChange == null || EventOrder.before(lastChange, e)
                        && e.time().instant().isAfter(lastChange.time().instant().plusSeconds(1)))) {
                return e;
            }
        }
        return null;
    }

    private static Message explain(PodLifecycle life, PodHistory pod, NodeOutcome outcome, Object how, Deletion deletion, DeletionRequest request,
                                   boolean killOnLines) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of(life.execution().state() == Execution.State.MAIN_NEVER_STARTED ? "AF007.explain.deletedNotStarted"
                : killOnLines ? "AF007.explain.deletedMaybeRunning" : "AF007.explain.deleted", "pod", pod.key().toString(), "when", request.when(), "how", how));
        if (deletion != null) {
            m.add(deletion.implied() ? Message.of("AF007.explain.impliedNames", "who", deletion.describe())
                    : deletion.byController() ? Message.of("AF007.explain.controllerNames", "who", deletion.describe())
                    : deletion.condition() != null ? Message.of("AF007.explain.conditionNames", "who", deletion.describe())
                    : deletion.audit() == null ? Message.of("AF007.explain.eventsName", "who", deletion.describe())
                    : deletion.audit().exporter().isEmpty() ? Message.of("AF007.explain.auditNames", "who", deletion.describe())
                    : Message.of("AF007.explain.auditOfNames", "exporter", deletion.audit().exporter(), "who", deletion.describe()));
            // In time order, as a reader follows them (the deleters are ranked by how specific they are, Pod events before node events).
            List<String> around = life.deleters().stream().filter(d -> d.event() != null && d.event() != deletion.event())
                    .sorted(java.util.Comparator.comparing(Deletion::at, java.util.Comparator.nullsLast(
                            java.util.Comparator.comparing(t -> t.instant()))))
                    .map(Deletion::describe).toList();
            if (!around.isEmpty()) {
                m.add(Message.of("AF007.explain.around", "events", String.join("; ", around)));
            }
        } else {
            m.add(Message.of("AF007.explain.nobodyNamed"));
        }
        // A node that was lost (a spot or preemptible machine reclaimed, a host that died): the Pod garbage collector's deletion of its
        // Pods is no voluntary disruption that a PodDisruptionBudget or a do-not-disrupt annotation holds off.
        boolean lostNode = deletion != null && deletion.podGc();
        m.add(Message.of(life.execution().state() == Execution.State.MAIN_NEVER_STARTED ? "AF007.explain.neverStarted"
                : !life.lostToDeletion() && killExit(outcome.message()) && !lostNode ? (killOnLines ? "AF007.explain.killedFailedIfLines" : "AF007.explain.killedFailed")
                : !life.lostToDeletion() ? "AF007.explain.neverFinishedNodeLostFailed" : lostNode ? "AF007.explain.neverFinishedNodeLost"
                : "AF007.explain.neverFinished", "message", outcome.message()));
        return Message.sequence(m);
    }
}
