package dev.argoforensics.rules;

import dev.argoforensics.correlate.ContainersEnd;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF002: every container of a Pod exited 0 (by an export of the Pod, by the executor's task result,
 * or by a Workflow worker's own assessment of the Pod as Succeeded in the controller log), yet its
 * node ended Error or Failed. The symptom of #17024, #5126 and #686; AF001 looks for
 * one cause. See docs/rules/AF002.md.
 */
public final class SuccessReportedAsError extends NodeRule {
    public static final String ID = "AF002";

    public SuccessReportedAsError() {
        super(ID, "Successful Pod reported as failed", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        // From the logs alone only a Pod the controller itself saw Succeeded can be judged: the exports say how every container ended.
        return new EvidenceNeeds(Set.of(), List.of(EnumSet.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.TASK_RESULT_SNAPSHOT,
                        EvidenceKind.CONTROLLER_LOG), EnumSet.of(EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.CONTROLLER_LOG)),
                EnumSet.of(EvidenceKind.POD_SNAPSHOT));
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        PodLifecycle life = scope.correlation().lifecycle(pod.key());
        PodSnapshot finished = life.containersEnd().map(ContainersEnd::snapshot).orElse(null);
        Optional<TaskResultSnapshot> reported = pod.taskResults().stream().filter(t -> t.exitCode() != null).reduce((a, b) -> b);
        LogEvent seen = life.succeededAsSeenByController().orElse(null);
        if (finished == null && reported.isEmpty() && seen == null) {
            return; // nothing says how the containers ended
        }
        NodeOutcome outcome = life.outcome();
        if (!NodeLines.failed(outcome)) {
            return;
        }
        if (finished != null && !finished.allContainersSucceeded()) {
            scope.clear(pod, "the node ended " + NodeLines.phaseAndMessage(outcome) + " and the exported Pod shows " + finished.exitCodeSummary()
                    + ": the failure is the containers' own", finished.source());
        } else if (finished == null && reported.isPresent() && !"0".equals(reported.get().exitCode())) {
            scope.clear(pod, "the node ended " + NodeLines.phaseAndMessage(outcome) + " and the executor reported exit code "
                    + reported.get().exitCode() + " in its task result: the failure is the container's own", reported.get().source());
        } else {
            scope.findings().add(finding(scope, pod, outcome, finished, reported.orElse(null), seen));
        }
    }

    private Finding finding(Scope scope, PodHistory pod, NodeOutcome outcome, PodSnapshot finished, TaskResultSnapshot reported, LogEvent seen) {
        NodeLink link = pod.link();
        Correlation correlation = scope.correlation();
        WorkflowHistory workflow = correlation.workflow(link.workflow()).orElse(null);
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        facts.add(new Fact("finalNodePhase", "Final node phase", outcome.phase()));
        facts.add(new Fact("finalNodeMessage", "Final node message", outcome.message()));
        facts.add(new Fact("outcomeFrom", "Final state recorded in", outcome.fromExport() ? "the exported Workflow" : "the controller log"));
        if (finished != null) {
            facts.add(new Fact("containersFinishedAt", "Containers finished at", finished.containersFinishedAt().get().format()));
            facts.add(new Fact("containerExitCodes", "Container exit codes", finished.exitCodeSummary()));
            cite.pod(finished, "exported Pod: every container exited 0");
        }
        if (seen != null) {
            facts.add(new Fact("seenSucceededAt", "Controller assessed the Pod Succeeded at", seen.time().format()));
            cite.line(seen, "a Workflow worker assessed the Pod Succeeded");
        }
        if (reported != null) {
            facts.add(new Fact("executorExitCode", "Exit code in the task result", reported.exitCode()));
            cite.taskResult(reported, "the executor's report");
        }
        FinalizerRemoval removal = pod.removals().isEmpty() ? null : pod.removals().get(0);
        if (removal != null) {
            facts.add(new Fact("finalizerReleasedAt", "Status-capture finalizer released at", removal.time().format()));
            cite.line(removal.decisive(), "status-capture finalizer released (see AF001)");
        }
        Optional<Deletion> deletion = scope.correlation().lifecycle(pod.key()).deleter();
        deletion.ifPresent(d -> {
            facts.add(new Fact("removedBy", "Pod removed by", d.who()));
            cite.deletion(d);
        });
        for (LogEvent e : NodeLines.failures(scope.nodes(), link)) {
            cite.line(e, "node recorded as failed");
        }
        if (workflow != null) {
            workflow.nodeObservations(link.nodeId()).forEach(o -> cite.node(o, "exported Workflow"));
        }

        int strong = (finished != null ? 1 : 0) + (outcome.fromExport() ? 1 : 0);
        // The assessment and the failure logged by two runs writing about the Workflow at once may be of two clusters' namesakes.
        List<LogEvent> failures = NodeLines.failures(scope.nodes(), link);
        PhaseHistory.ConcurrentRuns apart = seen == null || failures.isEmpty() || workflow == null ? null
                : PhaseHistory.concurrent(workflow, seen, failures.get(failures.size() - 1));
        Confidence confidence = strong == 2 ? Confidence.CONFIRMED
                : strong == 1 || (seen != null && apart == null) ? Confidence.LIKELY : Confidence.POSSIBLE;
        String reason;
        if (strong == 2) {
            reason = "an exported Pod shows every container exited 0 and the exported Workflow records the node " + outcome.phase();
        } else if (finished != null) {
            reason = "an exported Pod shows every container exited 0; only the controller log records the node " + outcome.phase();
        } else if (seen != null && apart != null) {
            reason = "a Workflow worker assessed a Pod of this name Succeeded, but that line was logged by "
                    + correlation.processes().get(apart.first()).label() + " and the failure by " + correlation.processes().get(apart.second()).label()
                    + ", both writing about " + link.workflow() + " at the same time (from " + apart.from().format() + " to " + apart.to().format()
                    + "): two controllers (AF012), or two clusters' Workflows of one name read together; an export of the Pod would settle it";
        } else if (seen != null) {
            reason = "the controller itself assessed the Pod Succeeded and " + (outcome.fromExport()
                    ? "the exported Workflow records the node " + outcome.phase() : "then recorded the node " + outcome.phase())
                    + "; an export of the Pod would confirm its exit codes";
        } else if (outcome.fromExport()) {
            reason = "the exported Workflow records the node " + outcome.phase() + "; only the executor's task result says the main container exited 0";
        } else {
            reason = "only the executor's task result says the main container exited 0, and only the controller log records the failure";
        }
        String success = finished != null
                ? "every container of Pod " + pod.key() + " had exited 0 (" + finished.exitCodeSummary() + ", the last at "
                        + finished.containersFinishedAt().get().format() + ")"
                : seen != null
                ? "a Workflow worker saw Pod " + pod.key() + " Succeeded at " + seen.time().format() + " (every container had exited 0)"
                : "the executor reported exit code 0 for the main container of Pod " + pod.key() + " in its task result";
        String summary = Character.toUpperCase(success.charAt(0)) + success.substring(1) + ", yet its node ended "
                + NodeLines.phaseAndMessage(outcome) + ".";
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(success, outcome, finished, removal, deletion.orElse(null)),
                facts, cite.evidence());
    }

    private static String explain(String success, NodeOutcome outcome, PodSnapshot finished, FinalizerRemoval removal, Deletion deletion) {
        StringBuilder b = new StringBuilder();
        b.append(Character.toUpperCase(success.charAt(0))).append(success.substring(1)).append(", yet the Workflow recorded its node as ")
                .append(NodeLines.phaseAndMessage(outcome)).append(". ");
        if (NodeLines.podDeleted(outcome.message())) {
            b.append("The controller records \"").append(outcome.message()).append("\" when it looks for the Pod of a node it has not yet "
                    + "recorded as finished and the Pod is gone: this Pod disappeared after its containers had finished and before a "
                    + "Workflow worker recorded its result. ");
            if (removal != null) {
                b.append("Its status-capture finalizer, which is there to keep the Pod until its result is recorded, was released at ")
                        .append(removal.time().format()).append(" (AF001 examines that release). ");
            } else if (finished != null && !finished.hasStatusFinalizer()) {
                b.append("The exported Pod carries no status-capture finalizer, so nothing held it until its result was recorded "
                        + "(the controller adds one from v3.6 when ARGO_POD_STATUS_CAPTURE_FINALIZER is \"true\"). ");
            }
            if (deletion != null) {
                b.append("The records name who removed it: ").append(deletion.describe()).append(". ");
            }
        } else {
            b.append("The node's message does not come from the containers' exit codes: the controller decided the failure from "
                    + "something else, after the step itself had succeeded. ");
        }
        b.append("Retries, exit handlers and alerts then act on a failure that did not happen, and the step's outputs may be missing. "
                + "Upstream reports of this symptom: argoproj/argo-workflows#17024, #5126 and #686.");
        return b.toString();
    }
}
