package dev.argoforensics.rules;

import dev.argoforensics.correlate.ContainersEnd;
import dev.argoforensics.correlate.ControllerStop;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.RecordedMainExit;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF002: every container of a Pod exited 0 (by an export of the Pod, or by a Workflow worker's own
 * assessment of the Pod as Succeeded in the controller log), or main's exit 0 as the controller recorded it on
 * the node (an export of the Workflow), yet its node ended Error or Failed. A task result says nothing of how a
 * container ended: no release with task results writes {@code outputs.exitCode} into one (session 43). The symptom of #17024, #5126 and #686; AF001 looks for
 * one cause. See docs/rules/AF002.md.
 */
public final class SuccessReportedAsError extends NodeRule {
    /** The words for what excludes a foreground deletion of the Workflow ({@link WorkflowStandingCap}). */
    private static final WorkflowStandingCap.Words STANDING = new WorkflowStandingCap.Words("AF002.reason.stoodByLines",
            "AF002.reason.stoodByStatedTime", "AF002.reason.workflowDeletionOpen");

    public static final String ID = "AF002";

    /** The longest the controller may go without processing a Workflow for its lines to count as watched throughout. */
    private final long stall;

    public SuccessReportedAsError() {
        this(RuleSettings.defaults());
    }

    public SuccessReportedAsError(RuleSettings settings) {
        super(ID, "Successful Pod reported as failed", Severity.HIGH);
        this.stall = settings.stallNanos();
    }

    @Override
    public EvidenceNeeds needs() {
        // From the logs alone only a Pod the controller itself saw Succeeded can be judged: an export of the Pod says how every
        // container ended, an export of the Workflow how main ended (the code the controller stored on the node).
        return new EvidenceNeeds(Set.of(), List.of(EnumSet.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.WORKFLOW_SNAPSHOT,
                        EvidenceKind.CONTROLLER_LOG), EnumSet.of(EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.CONTROLLER_LOG)),
                EnumSet.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.AUDIT_LOG, EvidenceKind.CLUSTER_EVENTS));
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        PodLifecycle life = scope.correlation().lifecycle(pod.key());
        PodSnapshot finished = life.containersEnd().map(ContainersEnd::snapshot).orElse(null);
        // An export trimmed of its container statuses, in phase Succeeded before any deletion: every container exited 0 (the lifecycle's fact).
        PodSnapshot phase = finished != null ? null : life.succeededWithoutStatuses().orElse(null);
        LogEvent seen = life.succeededAsSeenByController().orElse(null);
        // From Info lines alone: a reconcile that stopped on an incomplete result while this node was the Workflow's only
        // unfinished Pod node (an export shows it so), before the Pod's deletion.
        WorkflowHistory workflow = seen != null ? null : scope.correlation().workflow(pod.link().workflow()).orElse(null);
        TaskResultLines.SoleStop sole = seen != null || workflow == null ? null : TaskResultLines.seenSucceededBySoleStop(pod, life,
                workflow, scope.nodes().taskResultLines(workflow), stall).orElse(null);
        if (sole != null && pod.latestCreated() != null
                && scope.correlation().runsAtOnce().apart(sole.stop().stream(), pod.latestCreated().stream())) {
            // Session 58: a stop logged by a run that led at once with the Pod's creating run under one Lease held twice (another
            // cluster's controller, ConcurrentRuns#apart) is of that cluster's Workflow of the name, whose node is not this Pod's.
            sole = null;
        }
        if (sole != null) {
            seen = sole.stop();
        }
        // Else main's exit 0 as the controller recorded it on the node before the node was lost (an export of the Workflow holds it).
        RecordedMainExit recorded = finished == null && phase == null && seen == null ? life.mainExitRecorded().orElse(null) : null;
        if (finished == null && phase == null && seen == null && recorded == null) {
            return; // nothing says how the containers ended
        }
        // Nothing records the node's end: a Workflow of one Pod states its root node's end in its own phase and message (a kubectl
        // get workflows row's MESSAGE), with no time.
        NodeOutcome outcome = NodeOutcome.orWorkflowMessage(life.outcome(), scope.correlation().workflow(pod.link().workflow()).orElse(null),
                pod.link());
        if (!NodeLines.failed(outcome)) {
            return;
        }
        Optional<Known> withWorkflow = life.deletedWithWorkflow();
        if (withWorkflow.isPresent() && NodeLines.podDeleted(outcome.message())) {
            scope.clear(pod, Message.of("AF002.cleared.workflowDeleted", "outcome", outcome(outcome), "workflow", pod.link().workflow().toString(),
                    "how", withWorkflow.get().how(), "at", withWorkflow.get().at().format()), withWorkflow.get().evidence());
        } else if (outcome.daemonEnded()) {
            // A daemon's node ends Failed when its Pod ends, exit 0 too (v3.7+, by design; #14790 after the controller's teardown).
            scope.clear(pod, Message.of("AF002.cleared.daemonEnded", "outcome", outcome(outcome),
                    "exits", stopExits(finished, phase, seen, recorded)), outcome.source());
        } else if (outcome.controllerStop() != null && !(outcome.time() != null
                && life.containersEnd().map(c -> c.mainEndedBefore(outcome.time())).orElse(false))) {
            // The controller failed the node itself as it stopped the Workflow (argo stop/terminate, its deadline), then signalled the
            // containers: an exit 0 after that is their answer to the stop (or work ending within its grace period), no lost success.
            String stop = outcome.controllerStop();
            scope.clear(pod, Message.of("AF002.cleared.controllerStopped", "outcome", outcome(outcome), "how", "deadline".equals(stop)
                    ? Message.of("AF002.stop.deadline") : Message.of("AF002.stop.shutdown", "strategy", stop),
                    "exits", stopExits(finished, phase, seen, recorded)), outcome.source());
        } else if (life.stoppedByController().isPresent()) {
            // The same stop read from the controller's own line (a log without the node's message, an excerpt of the Pod's lines).
            ControllerStop stop = life.stoppedByController().get();
            scope.clear(pod, Message.of("AF002.cleared.controllerStopLine", "outcome", outcome(outcome), "at", stop.line().time().format(),
                    "how", StopWords.how(stop), "exits", stopExits(finished, phase, seen, recorded)), stop.line().source());
        } else if (life.containersEnd().map(ContainersEnd::kubeletStop).isPresent()) {
            // Exit 0 after the kubelet's own SIGTERM (a node shutdown, an eviction, the Pod's deadline) is no success: the Pod failed.
            scope.clear(pod, Message.of("AF002.cleared.kubeletStopped", "outcome", outcome(outcome), "stop", life.containersEnd().get().kubeletStop(),
                    "exits", finished.exitCodeSummary()), finished.source());
        } else if (finished != null && !finished.allContainersSucceeded()) {
            scope.clear(pod, Message.of("AF002.cleared.containersFailed", "outcome", outcome(outcome), "exits", finished.exitCodeSummary()),
                    finished.source());
        } else {
            scope.findings().add(finding(scope, pod, outcome, finished, phase, seen, sole, recorded, endedAtDeletion(life)));
        }
    }

    /** What said the containers exited 0: the export's exit codes, its phase, the controller's assessment, or main's code on the node. */
    private static Message stopExits(PodSnapshot finished, PodSnapshot phase, LogEvent seen, RecordedMainExit recorded) {
        return finished != null ? Message.of("AF002.stop.exits", "exits", finished.exitCodeSummary())
                : phase != null ? Message.of("AF002.stop.phase")
                : seen != null ? Message.of("AF002.stop.seen", "at", seen.time().format())
                : Message.of("AF002.stop.recorded");
    }

    /**
     * The containers' end as the objects give it, when it is not before the deletion's latest bound (by the objects' clocks) and
     * the lifecycle could not order the two (closer than two clocks may disagree): the exit codes may be main's answer to the
     * deletion's SIGTERM. Null otherwise.
     */
    private static ContainersEnd endedAtDeletion(PodLifecycle life) {
        ContainersEnd end = life.containersEnd().orElse(null);
        DeletionRequest deletion = life.deletionRequest().orElse(null);
        if (end == null || deletion == null || life.execution() == null || life.execution().state() != Execution.State.UNDETERMINED
                || deletion.notAfter().fromLogs()) {
            return null;
        }
        // Before a grace-0 deletionTimestamp that may be the kubelet's final delete (Kubernetes 1.33+), the end is no earlier than the
        // request either: the request is lost from the object.
        return end.at().compareInstant(deletion.notAfter().at()) >= 0 || deletion.latestMayBeKubeletsFinalDelete(end) ? end : null;
    }

    private Finding finding(Scope scope, PodHistory pod, NodeOutcome outcome, PodSnapshot finished, PodSnapshot phase, LogEvent seen,
                            TaskResultLines.SoleStop sole, RecordedMainExit mainExit, ContainersEnd atDeletion) {
        NodeLink link = pod.link();
        Correlation correlation = scope.correlation();
        WorkflowHistory workflow = correlation.workflow(link.workflow()).orElse(null);
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        facts.add(new Fact("finalNodePhase", "Final node phase", outcome.phase()));
        Cite.workflowNotFound(correlation.lifecycle(pod.key()).workflow(), facts, cite);
        facts.add(new Fact("finalNodeMessage", "Final node message", outcome.message()));
        facts.add(new Fact("outcomeFrom", "Final state recorded in", outcome.fromExport() ? "the exported Workflow"
                : outcome.fromWorkflowMessage() ? "the Workflow's own phase and message (its root node's; no time)" : "the controller log"));
        if (finished != null) {
            facts.add(new Fact("containersFinishedAt", "Containers finished at", finished.containersFinishedAt().get().format()));
            facts.add(new Fact("containerExitCodes", "Container exit codes", finished.exitCodeSummary()));
            cite.pod(finished, "exported Pod: every container exited 0");
        }
        if (phase != null) {
            facts.add(new Fact("podSucceededAt", "Pod exported Succeeded at", phase.observed().time().format()));
            cite.pod(phase, "exported Pod: phase Succeeded, its container statuses trimmed");
        }
        if (seen != null) {
            facts.add(new Fact("seenSucceededAt", "Controller assessed the Pod Succeeded at", seen.time().format()));
            cite.line(seen, sole == null ? "a Workflow worker assessed the Pod Succeeded" : sole.held()
                    ? "a Workflow worker assessed a Pod Succeeded and kept its node's phase for its outputs, this node the only one it could be"
                    : "a Workflow worker's reconcile stopped on an incomplete task result, this node the only one it could be");
        }
        if (sole != null && sole.export() != null) {
            cite.node(sole.export(), "exported Workflow: the node its only unfinished Pod node");
        }
        if (sole != null && sole.firstPass() != null) {
            cite.line(sole.firstPass(), "the Workflow's first reconcile: every write since, to the copy the reconcile worked on, in the lines");
        }
        if (mainExit != null) {
            facts.add(new Fact("recordedMainExitCode", "Main's exit code recorded on the node", mainExit.export().node().exitCode()));
            if (mainExit.ordered()) {
                facts.add(new Fact("recordedBeforeDeletion", "Recorded in an export taken at",
                        mainExit.before().snapshot().observed().time().format()));
                cite.node(mainExit.before(), "exported Workflow: main's exit code 0 recorded on the node before the Pod's deletion");
            }
        }
        // A release whose cleanup worker took the item after the Pod had left its own informer removed nothing (AF001 says
        // so, possible): it is not stated here as the release, which is not in the evidence. Nor one whose Pod stayed in that
        // informer minutes after the worker's line (session 39): the worker's patch left something holding it.
        FinalizerRemoval removal = pod.removals().isEmpty() || !correlation.lifecycle(pod.key()).releaseShownRemoving()
                || pod.removals().get(0).unworked() != null ? null : pod.removals().get(0);
        if (removal != null) {
            facts.add(new Fact("finalizerReleasedAt", "Status-capture finalizer released at", removal.time().format()));
            cite.line(removal.decisive(), "status-capture finalizer released (see AF001)");
        }
        Optional<Deletion> deletion = scope.correlation().lifecycle(pod.key()).deleter();
        deletion.ifPresent(d -> {
            facts.add(new Fact("removedBy", "Pod removed by", d.who()));
            cite.deletion(d);
        });
        for (LogEvent e : NodeLines.failures(scope.nodes(), link, pod.identity())) {
            cite.line(e, "node recorded as failed");
        }
        if (workflow != null) {
            // This Pod's run of the node only: after argo retry a later export records the node's run in a new Pod (session 43).
            PodLifecycle own = correlation.lifecycle(pod.key());
            workflow.nodeObservations(link.nodeId()).stream().filter(o -> own.ofOwnRun(o.snapshot())).forEach(o -> cite.node(o, "exported Workflow"));
        }
        if (outcome.fromWorkflowMessage() && workflow != null) {
            workflow.snapshots().stream().filter(s -> s.source().equals(outcome.source())).findFirst()
                    .ifPresent(s -> cite.workflowMessage(s, "the Workflow's phase and message: its root node's, this Pod's node"));
        }

        int strong = (finished != null || phase != null ? 1 : 0) + (outcome.fromExport() ? 1 : 0);
        // The assessment and the failure logged by two runs writing about the Workflow at once may be of two clusters' namesakes.
        List<LogEvent> failures = NodeLines.failures(scope.nodes(), link, pod.identity());
        PhaseHistory.ConcurrentRuns apart = seen == null || failures.isEmpty() || workflow == null ? null
                : PhaseHistory.concurrent(workflow, seen, failures.get(failures.size() - 1));
        Confidence confidence = strong == 2 ? Confidence.CONFIRMED
                : strong == 1 || (seen != null && apart == null) ? Confidence.LIKELY : Confidence.POSSIBLE;
        // Main's exit 0 recorded by the controller says nothing of when main ended: only an export holding it before the deletion
        // orders the two (a main that answers the deletion's SIGTERM with exit 0 is recorded the same way). Even ordered it shows
        // main's end, not the Pod's: a node kept unfinished with main's code is one whose wait had not ended, and a deletion that
        // reaches wait saving main's outputs (or a sidecar) cut the step short, a true "pod deleted" (session 39 recheck: was likely).
        if (mainExit != null) {
            confidence = Confidence.POSSIBLE;
        }
        Message reason;
        DeletionRequest request = correlation.lifecycle(pod.key()).deletionRequest().orElse(null);
        Execution execution = correlation.lifecycle(pod.key()).execution();
        if (execution != null && execution.state() == Execution.State.RUNNING) {
            // Deleted while main ran (AF007): an exit 0 then is main's finishing its work within the grace period (a success), or its
            // answer to the deletion's SIGTERM (a trap, a graceful shutdown: the deletion ended the step and "pod deleted" is true).
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF002.reason.deletedWhileRunning", "why", execution.reason());
        } else if (execution != null && execution.state() == Execution.State.FINISHED_BEFORE && execution.weak() && (finished != null || phase != null)) {
            // The objects alone leave the end and the deletion unordered; only the controller's lines order them (a watch that
            // broke at the wrong moment would have missed what they rest on): likely at most.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF002.reason.orderFromLines", "recorded", outcome.fromExport()
                    ? Message.of("AF002.reason.recordedExport", "phase", outcome.phase()) : Message.of("AF002.reason.loggedFailure", "phase", outcome.phase()),
                    "why", execution.reason());
        } else if (execution != null && execution.state() == Execution.State.FINISHED_BEFORE && execution.graceGuess() && finished != null) {
            // Session 41: the order of the end and the deletion rests on the grace-0 deletionTimestamp read as the request (AF001's
            // Execution#graceGuess, the one derived fact). A main that exited 0 on the deletion's SIGTERM, its kubelet slow to tear
            // the Pod down (1.33+: the timestamp is then that delete's own time), reads the same: a Pod deleted while it ran, whose
            // "pod deleted" is true (AF007), not a success reported as failure. Likely at most.
            confidence = confidence == Confidence.CONFIRMED ? Confidence.LIKELY : confidence;
            reason = Message.of("AF002.reason.graceGuess", "recorded", outcome.fromExport()
                    ? Message.of("AF002.reason.recordedExport", "phase", outcome.phase()) : Message.of("AF002.reason.loggedFailure", "phase", outcome.phase()),
                    "why", execution.reason());
        } else if (atDeletion != null && request != null && request.latestMayBeKubeletsFinalDelete(atDeletion)
                && atDeletion.at().compareInstant(request.notAfter().at()) < 0) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF002.reason.kubeletsFinalDelete", "at", atDeletion.at().format(), "exits", atDeletion.exitSummary(),
                    "ts", request.notAfter().at().format(), "after", GoDuration.format(atDeletion.at().nanosUntil(request.notAfter().at())));
        } else if (atDeletion != null && request != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF002.reason.endedAtDeletion", "at", atDeletion.at().format(), "exits", atDeletion.exitSummary(),
                    "deletion", request.when());
        } else if (strong == 2 && phase != null) {
            reason = Message.of("AF002.reason.bothExportsPhase", "phase", outcome.phase());
        } else if (strong == 2) {
            reason = Message.of("AF002.reason.bothExports", "phase", outcome.phase());
        } else if (phase != null) {
            reason = Message.of("AF002.reason.podExportPhase", "phase", outcome.phase());
        } else if ((finished != null || phase != null) && outcome.fromWorkflowMessage()) {
            reason = Message.of("AF002.reason.workflowMessage", "how", finished != null ? Message.of("AF002.reason.howExits")
                    : Message.of("AF002.reason.howPhase"), "phase", outcome.phase(), "message", outcome.message());
        } else if (finished != null) {
            reason = Message.of("AF002.reason.podExport", "phase", outcome.phase());
        } else if (seen != null && apart != null) {
            reason = Message.of("AF002.reason.concurrent", "first", correlation.processes().get(apart.first()).label(),
                    "second", correlation.processes().get(apart.second()).label(), "wf", link.workflow().toString(),
                    "from", apart.from().format(), "to", apart.to().format());
        } else if (sole != null) {
            Message recorded = outcome.fromExport() ? Message.of("AF002.reason.recordedExport", "phase", outcome.phase())
                    : Message.of("AF002.reason.recordedLog", "phase", outcome.phase());
            String export = sole.export() == null ? null : sole.export().snapshot().observed().time().format();
            reason = sole.firstPass() != null
                    ? Message.of(sole.held() ? "AF002.reason.seenFirstPassHeld" : "AF002.reason.seenFirstPassStop", "at", sole.stop().time().format(),
                            "first", sole.firstPass().time().format(), "recorded", recorded)
                    : sole.copy() != null
                    ? Message.of("AF002.reason.seenSoleCopy", "at", sole.stop().time().format(), "rv", sole.copy(), "export", export, "recorded", recorded)
                    : Message.of("AF002.reason.seenSole", "at", sole.stop().time().format(), "export", export, "recorded", recorded);
        } else if (seen != null) {
            reason = Message.of("AF002.reason.seen", "recorded", outcome.fromExport()
                    ? Message.of("AF002.reason.recordedExport", "phase", outcome.phase()) : Message.of("AF002.reason.recordedLog", "phase", outcome.phase()));
        } else {
            // Main's code on the node is all that is left (assess returns where nothing says how the containers ended).
            Message recordedIn = outcome.fromExport() ? Message.of("AF002.reason.recordedExport", "phase", outcome.phase())
                    : Message.of("AF002.reason.loggedFailure", "phase", outcome.phase());
            reason = mainExit.ordered()
                    ? Message.of(mainExit.stated() ? "AF002.reason.recordedExitStated" : "AF002.reason.recordedExitOrdered",
                            "at", mainExit.before().snapshot().observed().time().format(), "recorded", recordedIn)
                    : Message.of("AF002.reason.recordedExitUnordered", "recorded", recordedIn);
        }
        // The objects give the containers' end, but nothing orders it with the deletion (its only bound a controller's sighting, as
        // after a restart's listing): a deletion while main ran would have ended it with the same exit 0 if main traps SIGTERM (review s26).
        if (NodeLines.podDeleted(outcome.message()) && confidence != Confidence.POSSIBLE && execution != null
                && execution.state() == Execution.State.UNDETERMINED && correlation.lifecycle(pod.key()).containersEnd().isPresent()) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF002.reason.orderUnknown", "reason", reason, "why", execution.reason());
        }
        // "pod deleted" is also what a Workflow deleted in the foreground records for its Pods, still reconciled while the garbage
        // collector deletes them (lifecycle reference A3): then no result the Workflow needed was lost. The lifecycle says what
        // excludes that: an object or a record (as sure as the rest), or the controller's lines (likely at most), else nothing.
        Optional<Known> stood = correlation.lifecycle(pod.key()).workflowNotDeleted();
        if (NodeLines.podDeleted(outcome.message())) {
            WorkflowStandingCap cap = WorkflowStandingCap.of(confidence, reason, stood, Confidence.POSSIBLE, STANDING);
            confidence = cap.confidence();
            reason = WorkflowStandingCap.unlogged(cap.reason(), correlation.lifecycle(pod.key()), stood);
        }
        // Session 56: an order of main's end against the deletion or the controller's stop that rests on its node's clock alone.
        NodeMarginCap nodeCap = NodeMarginCap.of(confidence, reason, execution);
        confidence = nodeCap.confidence();
        reason = nodeCap.reason();
        PodLifecycle life = correlation.lifecycle(pod.key());
        ContainersEnd marginEnd = life.containersEnd().orElse(null);
        Timestamp marginStop = marginEnd == null ? null : outcome.controllerStop() != null && outcome.time() != null
                && marginEnd.mainEndOrder(outcome.time()).capped() ? outcome.time()
                : life.stopSetAsideOnNodeMargin().map(LogEvent::time).orElse(null);
        if (marginStop != null && confidence == Confidence.CONFIRMED) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF002.reason.stopOnNodeMargin", "reason", reason, "at", marginStop.format(), "end", marginEnd.mainEnded(),
                    "margin", GoDuration.format(PodSnapshot.NODE_CLOCK_NANOS));
        }
        Message success = finished != null
                ? Message.of("AF002.success.exported", "pod", pod.key().toString(), "exits", finished.exitCodeSummary(),
                        "at", finished.containersFinishedAt().get().format())
                : phase != null
                ? Message.of("AF002.success.exportedPhase", "pod", pod.key().toString(), "at", phase.observed().time().format())
                : seen != null
                ? Message.of("AF002.success.seen", "pod", pod.key().toString(), "at", seen.time().format())
                : Message.of("AF002.success.recorded", "pod", pod.key().toString());
        Message summary = Message.of("AF002.summary", "success", success, "outcome", outcome(outcome));
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(success, outcome, finished, removal, deletion.orElse(null), confidence,
                        PossibleDeleterWords.of(correlation.lifecycle(pod.key()))),
                facts, cite.evidence());
    }

    /** The node's final phase and its message: {@code Error "pod deleted"}, {@code Failed}. */
    private static Message outcome(NodeOutcome o) {
        return Message.of("AF002.outcome", "phase", o.phase(), "message",
                o.message() == null || o.message().isEmpty() ? Message.NOTHING : Message.of("common.quoted", "text", o.message()));
    }

    private static Message explain(Message success, NodeOutcome outcome, PodSnapshot finished, FinalizerRemoval removal, Deletion deletion,
                                   Confidence confidence, Message possibleDeleter) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of("AF002.explain.recorded", "success", success, "outcome", outcome(outcome)));
        if (NodeLines.podDeleted(outcome.message())) {
            // A possible finding has not shown the containers finished before the Pod went: the explanation says "if", not "after".
            m.add(Message.of(confidence == Confidence.POSSIBLE ? "AF002.explain.podGoneUnordered" : "AF002.explain.podGone", "message", outcome.message()));
            if (removal != null) {
                m.add(Message.of("AF002.explain.released", "at", removal.time().format()));
            } else if (finished != null && finished.finalizersKnown() && !finished.hasStatusFinalizer()) {
                m.add(Message.of("AF002.explain.noFinalizer"));
            }
            if (deletion != null) {
                m.add(Message.of("AF002.explain.removedBy", "who", deletion.describe()));
            } else {
                m.add(possibleDeleter); // session 51: a deletecollection that may have deleted it, where no record names the deleter
            }
        } else {
            m.add(Message.of("AF002.explain.otherCause"));
        }
        m.add(Message.of("AF002.explain.consequence"));
        return Message.sequence(m);
    }
}
