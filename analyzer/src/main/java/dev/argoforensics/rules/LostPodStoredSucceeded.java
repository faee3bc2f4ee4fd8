package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.RunningMainSuccess;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF016: a step whose Pod was lost while its main container ran recorded {@code Succeeded} (argo-workflows #15150's false
 * success, v3.4.0-v3.5.4). The Pod garbage collector failed the Pod of a node that no longer exists over a running main; the
 * controller's {@code inferFailedReason} warned and fell through to {@code Succeeded} with no message, and with no {@code wait}
 * container keeping the phase (a {@code resource} or {@code data} template's Pod) and no task-result check in these releases the
 * pass stored it: the Workflow went on as if the step had done its work. Decided only where the release is known; see
 * docs/rules/AF016.md.
 */
public final class LostPodStoredSucceeded extends NodeRule {
    public static final String ID = "AF016";

    public LostPodStoredSucceeded() {
        super(ID, "Lost Pod's step recorded Succeeded", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of(EvidenceKind.WORKFLOW_SNAPSHOT));
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        Correlation correlation = scope.correlation();
        Optional<RunningMainSuccess> found = RunningMainSuccess.of(correlation, pod, scope.nodes().of(pod.link()));
        if (found.isEmpty()) {
            return;
        }
        RunningMainSuccess success = found.get();
        PodLifecycle life = correlation.lifecycle(pod.key());
        LogEvent warning = success.warning();
        dev.argoforensics.snapshot.PodSnapshot ended = RunningMainSuccess.mainEnded(pod);
        if (ended != null || (life.execution() != null && life.execution().state() == Execution.State.FINISHED_BEFORE)) {
            // An export shows main ended: the two disagree and neither decides (AF007's reading of the same warning).
            scope.clear(pod, Message.of("AF016.cleared.disagree", "at", warning.time().format(), "reason", ended != null
                    ? "an export of the Pod shows main terminated" : life.execution().reason()), ended != null ? ended.source() : warning.source());
            return;
        }
        // The controller's own stop of the Pod, or its Workflow deleted first: the containers were signalled or deleted with it, not
        // left running on a lost node (AF007 clears the same Pods the same way).
        Optional<dev.argoforensics.correlate.ControllerStop> own = life.stoppedByController();
        if (own.isPresent()) {
            scope.clear(pod, Message.of("AF016.cleared.controller", "who", StopWords.how(own.get()), "at", own.get().line().time().format()),
                    own.get().line().source());
            return;
        }
        if (life.deletedWithWorkflow().isPresent()) {
            Known wf = life.deletedWithWorkflow().get();
            scope.clear(pod, Message.of("AF016.cleared.workflowDeleted", "workflow", pod.link().workflow().toString(), "how", wf.how(),
                    "at", wf.at().format()), wf.evidence());
            return;
        }
        if (success.release() == RunningMainSuccess.Release.DOES_NOT_STORE) {
            scope.clear(pod, Message.of("AF016.cleared.release", "release", success.releaseName(), "at", warning.time().format()),
                    warning.source());
            return;
        }
        scope.findings().add(finding(correlation, pod, life, success, success.mainRunning(pod)));
    }

    private Finding finding(Correlation correlation, PodHistory pod, PodLifecycle life, RunningMainSuccess success, Execution running) {
        NodeLink link = pod.link();
        LogEvent warning = success.warning();
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        Optional<Deletion> deleter = life.deleter();
        facts.add(new Fact("release", "Controller release", success.releaseName() == null ? "not known" : success.releaseName()));
        facts.add(new Fact("mainRunningAt", "Main not terminated at", warning.time().format()));
        facts.add(new Fact("recordedSucceeded", "Node recorded Succeeded", success.assessed() != null ? success.assessed().time().format()
                : success.exported().snapshot().observed() != null ? success.exported().snapshot().observed().time().format() : "in an export"));
        facts.add(new Fact("recordedBy", "Recorded by", success.exported() != null ? "an export of the Workflow"
                : success.stored() != null ? "the controller's node changed line and the Workflow update that stored it" : "the controller's node changed line"));
        facts.add(new Fact("deletedBy", "Deleted by", deleter.map(Deletion::who).orElse(null)));
        facts.add(new Fact("howDeleted", "How", deleter.map(Deletion::how).orElse(null)));
        List<LogEvent> later = laterPods(correlation, link, success);
        facts.add(new Fact("podsCreatedAfter", "Pods of the Workflow created after", later.size()));
        LogEvent ended = workflowEnd(correlation, link, success);
        if (ended != null) {
            facts.add(new Fact("workflowPhase", "Workflow ended", ((WorkflowUpdated) ended.event()).phase()));
        }

        cite.line(warning, "the Pod found Failed with main still running: the Pod garbage collector's mark");
        pod.events().stream().filter(e -> e.event() instanceof dev.argoforensics.event.ControllerEvent.Signal s && "pod-failed".equals(s.name())
                && EventOrder.notBefore(e, warning) && (success.assessed() == null || EventOrder.notAfter(e, success.assessed())))
                .findFirst().ifPresent(e -> cite.line(e, "no failure found: the fall-through to Succeeded with no message"));
        cite.line(success.assessed(), "the node assessed Succeeded");
        cite.line(success.stored(), "the pass stored it");
        if (!later.isEmpty()) {
            cite.line(later.get(0), "the Workflow goes on after the step");
        }
        cite.line(ended, "the Workflow completed");
        if (success.exported() != null) {
            cite.node(success.exported(), "exported Workflow: the node Succeeded");
        }
        deleter.ifPresent(cite::deletion);

        Confidence confidence;
        Message reason;
        boolean recorded = success.exported() != null || success.stored() != null;
        if (success.release() == RunningMainSuccess.Release.UNKNOWN) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF016.reason.releaseUnknown", "release", success.releaseName() == null ? Message.of("AF016.reason.noRelease")
                    : Message.of("AF016.reason.rangeOnly", "range", success.releaseName()));
        } else if (!recorded) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF016.reason.notStored", "at", success.assessed().time().format());
        } else if (success.exported() != null && !running.weak() && !statedOnly(success) && !running.frozenReport()) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF016.reason.exported", "release", success.releaseName());
        } else if (success.exported() != null && !running.weak() && !statedOnly(success)) {
            // The export shows the node stored Succeeded, but that main still ran rests on the lost node's kubelet's last report
            // (the warning, Execution.frozenReport), as AF007's reading of it does (s43). A resource or data template's main is the
            // executor itself, which saves the step's outputs before it exits: one that exited 0 in the kubelet's report delay before
            // its machine went left a true success, recorded the same way. Likely, as the lines give it.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF016.reason.exportedFrozen", "release", success.releaseName());
        } else if (success.exported() != null && !running.weak()) {
            // The export shows the node Succeeded after the warning only by the time its file states: a user's clock, likely.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF016.reason.exportedStated", "release", success.releaseName(), "at",
                    success.exported().snapshot().observed().time().format(), "off", GoDuration.format(ObservedAt.STATED_CLOCK_NANOS));
        } else if (success.laterRun() != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF016.reason.linesLaterRun", "release", success.releaseName(), "started",
                    success.laterRun().node().startedAt().format());
        } else {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF016.reason.linesOnly", "release", success.releaseName());
        }
        // A delete of its Workflow whose outcome the audit log does not hold (session 49), or one a create of the name whose outcome it
        // does not hold may date before the Pod (session 50): granted (or the create refused), the Pod went with its Workflow, which
        // clears it as above. Named, and possible: nothing AF016 reads tells the two apart (session 50: its reason did not say it).
        if (life.workflowDeleteUnlogged().isPresent() || life.workflowRecreateUnlogged().isPresent()) {
            confidence = Confidence.POSSIBLE;
            reason = WorkflowStandingCap.unlogged(reason, life, Optional.empty());
        }
        Message summary = Message.of("AF016.summary", "pod", pod.key().toString(), "at", warning.time().format(),
                "node", link.nodeName() != null ? link.nodeName() : link.nodeId());
        List<Message> explain = new ArrayList<>();
        explain.add(Message.of("AF016.explain.what", "pod", pod.key().toString(), "at", warning.time().format(), "execution", running.reason()));
        explain.add(Message.of("AF016.explain.why"));
        if (!later.isEmpty()) {
            explain.add(Message.of("AF016.explain.wentOn", "count", later.size(), "first", later.get(0).time().format(),
                    "ended", ended == null ? Message.NOTHING : Message.of("AF016.explain.ended", "phase", ((WorkflowUpdated) ended.event()).phase())));
        }
        explain.add(Message.of("AF016.explain.advice"));
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, Message.sequence(explain), facts, cite.evidence());
    }

    /**
     * Whether the export showing the node Succeeded is after the warning only by a time its file or the command line states
     * ({@link ObservedAt#after}: not by its own times or a write).
     */
    private static boolean statedOnly(RunningMainSuccess success) {
        ObservedAt taken = success.exported().snapshot().observed();
        return taken != null && taken.statedTime() && taken.after(success.warning().time()) != ObservedAt.Order.SHOWN;
    }

    /** The Workflow's {@code Created pod} lines after the success was assessed (or warned about), in time order. */
    private static List<LogEvent> laterPods(Correlation correlation, NodeLink link, RunningMainSuccess success) {
        LogEvent from = success.assessed() != null ? success.assessed() : success.warning();
        return correlation.workflow(link.workflow()).map(WorkflowHistory::events).orElse(List.of()).stream()
                .filter(e -> e.event() instanceof PodCreated && EventOrder.after(e, from)).sorted(java.util.Comparator.comparing(LogEvent::time)).toList();
    }

    /** The Workflow's first completed {@code Workflow update successful} after the success, or null. */
    private static LogEvent workflowEnd(Correlation correlation, NodeLink link, RunningMainSuccess success) {
        LogEvent from = success.assessed() != null ? success.assessed() : success.warning();
        return EventOrder.earliest(correlation.workflow(link.workflow()).map(WorkflowHistory::events).orElse(List.of()).stream()
                .filter(e -> e.event() instanceof WorkflowUpdated u && u.phase() != null && NodeLines.COMPLETED.contains(u.phase()) && EventOrder.after(e, from)).toList());
    }
}
