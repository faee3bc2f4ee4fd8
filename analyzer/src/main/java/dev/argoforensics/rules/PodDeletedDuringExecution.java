package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.time.Timestamp;
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
        if (!life.lostToDeletion()) {
            return;
        }
        Execution execution = life.execution();
        if (life.deletion() == null) {
            return; // nothing shows when (or that) the Pod was deleted
        }
        switch (execution.state()) {
            case FINISHED_BEFORE -> scope.clear(pod, execution.weak()
                    ? "only the controller's lines suggest its containers had finished before the deletion was requested (" + execution.reason()
                            + "); not conclusive, as a Pod whose node was lost looks the same in them: an export of the Pod or the node's "
                            + "Events would settle it (see AF001)"
                    : "its containers had finished before the deletion was requested (" + execution.reason()
                            + "): a result lost after the fact, not a deletion during execution (see AF001, AF002)", execution.evidence());
            case RUNNING -> scope.findings().add(finding(scope, pod, life, null));
            default -> {
                Optional<TaskResultSnapshot> reported = pod.taskResults().stream().filter(t -> "0".equals(t.exitCode())).findFirst();
                if (reported.isPresent()) {
                    scope.clear(pod, "the executor reported exit code 0 for the main container in its task result: it completed, and was not "
                            + "ended by a signal (see AF002)", reported.get().source());
                } else {
                    runningBefore(pod).ifPresent(s -> scope.findings().add(finding(scope, pod, life, s)));
                }
            }
        }
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
            ContainerState main = PodLifecycle.main(s);
            last = main != null && !main.terminated() ? s : last;
        }
        return Optional.ofNullable(last);
    }

    /** @param before for a Pod whose order is not established: the export from before the deletion showing main running */
    private Finding finding(Scope scope, PodHistory pod, PodLifecycle life, PodSnapshot before) {
        NodeLink link = pod.link();
        NodeOutcome outcome = life.outcome();
        Execution running = life.execution();
        DeletionRequest request = life.deletion();
        Correlation correlation = scope.correlation();
        WorkflowHistory workflow = correlation.workflow(link.workflow()).orElse(null);
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        Optional<Deletion> deletion = scope.correlation().lifecycle(pod.key()).deleter();
        Timestamp deleted = request.notAfter().at();
        facts.add(new Fact("deletedAt", "Deleted at", deleted.format()));
        facts.add(new Fact("deletionRequested", "Deletion requested", request.describe()));
        facts.add(new Fact("deletedBy", "Deleted by", deletion.map(Deletion::who).orElse(null)));
        facts.add(new Fact("howDeleted", "How", deletion.map(Deletion::how).orElse(null)));
        String how = before == null ? running.reason() : "the last export before the deletion" + (before.observed() == null ? ""
                : " (" + before.observed().time().format() + ")") + " shows main " + PodLifecycle.main(before).state() + "; it may have finished before the deletion";
        facts.add(new Fact("mainContainer", "Main container at the deletion", how));
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
                cite.pod(s, "exported Pod: deleted while main ran");
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
        NodeLines.failures(scope.nodes(), link).forEach(e -> cite.line(e, "node recorded as failed"));
        if (workflow != null) {
            workflow.nodeObservations(link.nodeId()).forEach(o -> cite.node(o, "exported Workflow"));
        }

        if (before != null) {
            cite.pod(before, "exported Pod before the deletion");
        }
        Confidence confidence;
        String reason;
        if (before != null) {
            confidence = Confidence.POSSIBLE;
            reason = how + " (" + running.reason() + ")";
        } else if (!running.weak() && outcome.fromExport()) {
            confidence = Confidence.CONFIRMED;
            reason = running.reason() + ", and the exported Workflow records the node Error \"" + outcome.message() + "\"";
        } else if (!running.weak() || outcome.fromExport()) {
            confidence = Confidence.LIKELY;
            reason = !running.weak() ? running.reason() + "; only the controller log records the node's end"
                    : "only the controller's lines show the Pod still running at its deletion: " + running.reason();
        } else {
            confidence = Confidence.POSSIBLE;
            reason = "only the controller's lines show the Pod running at its deletion (" + running.reason() + ") and the node's end";
        }
        String who = deletion.map(d -> " by " + d.who()).orElse("");
        String summary = "Pod " + pod.key() + " was deleted" + who + " " + request.when() + " while its main container was "
                + "still running; its node ended Error \"" + outcome.message() + "\".";
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(life, pod, outcome, how, deletion.orElse(null), request),
                facts, cite.evidence());
    }

    private static String explain(PodLifecycle life, PodHistory pod, NodeOutcome outcome, String how, Deletion deletion, DeletionRequest request) {
        StringBuilder b = new StringBuilder("Pod ").append(pod.key()).append(" was deleted ").append(request.when())
                .append(" before its main container finished: ").append(how).append(". ");
        if (deletion != null) {
            b.append(deletion.audit() == null ? "The cluster's Events name who: "
                            : deletion.audit().exporter().isEmpty() ? "The API server's audit log names who: "
                            : "The API server's audit log (" + deletion.audit().exporter() + ") names who: ")
                    .append(deletion.describe()).append(". ");
            List<String> around = life.deleters().stream().filter(d -> d.event() != null && d.event() != deletion.event())
                    .map(Deletion::describe).toList();
            if (!around.isEmpty()) {
                b.append("Around it, the Events say: ").append(String.join("; ", around)).append(". ");
            }
        } else {
            b.append("Neither audit records nor Events in the inputs name who deleted it. ");
        }
        b.append("The step never finished, so when the controller found the Pod gone it marked the node Error \"").append(outcome.message())
                .append("\". The step failed because its Pod was taken away, not because of its own code, and no finished result was "
                        + "lost (that would be AF001 and AF002). Give the step a retryStrategy (retryPolicy OnError or Always) so that "
                        + "the Workflow runs it again, and keep voluntary disruptions away from running steps (a PodDisruptionBudget, the "
                        + "annotation cluster-autoscaler.kubernetes.io/safe-to-evict: \"false\", or karpenter.sh/do-not-disrupt: \"true\"). "
                        + "Upstream: argoproj/argo-workflows#13152, #1038, #5321 and #13581.");
        return b.toString();
    }
}
