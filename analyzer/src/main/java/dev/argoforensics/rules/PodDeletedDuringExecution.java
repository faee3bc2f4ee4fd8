package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
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
    private static final String MAIN = "main";

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.CLUSTER_EVENTS, EvidenceKind.AUDIT_LOG),
                Set.of(EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.CONTROLLER_LOG)), Set.of());
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        if (pod.snapshots().isEmpty() && pod.clusterEvents().isEmpty() && pod.taskResults().isEmpty()) {
            return; // nothing could say whether its main container had finished
        }
        NodeOutcome outcome = NodeLines.outcome(scope.nodes(), pod.link());
        if (outcome == null || !"Error".equals(outcome.phase()) || !NodeLines.podDeleted(outcome.message())) {
            return;
        }
        Optional<PodSnapshot> finished = pod.snapshots().stream().filter(s -> s.containersFinishedAt().isPresent()).findFirst();
        Optional<TaskResultSnapshot> reported = pod.taskResults().stream().filter(t -> t.exitCode() != null).findFirst();
        Running running = running(pod);
        if (finished.isPresent()) {
            scope.clear(pod, "its containers had finished (" + finished.get().exitCodeSummary() + ") before the Pod went: a result lost after "
                    + "the fact, not a deletion during execution (see AF001, AF002)", finished.get().source());
        } else if (reported.isPresent()) {
            scope.clear(pod, "the executor reported the main container's exit code " + reported.get().exitCode()
                    + " in its task result: it had finished before the Pod went (see AF002)", reported.get().source());
        } else if (running != null) {
            scope.findings().add(finding(scope, pod, outcome, running));
        }
    }

    /**
     * What shows the main container still running when the Pod was deleted: an export of the deleted
     * Pod, the kubelet stopping the container, or (weaker) an export from before the deletion.
     *
     * @param strong the evidence is from the time of the deletion
     */
    private record Running(PodSnapshot snapshot, ClusterEvent killing, boolean strong, String how) {
    }

    private static Running running(PodHistory pod) {
        PodSnapshot before = null;
        for (PodSnapshot s : pod.snapshots()) {
            ContainerState main = main(s);
            if (main == null || main.terminated()) {
                continue;
            }
            if (s.deletionTimestamp() != null) {
                return new Running(s, null, true, "the export of the deleted Pod shows its main container " + main.state());
            }
            before = s;
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            if ("Killing".equals(e.reason()) && e.regarding().fieldPath().equals("spec.containers{" + MAIN + "}")) {
                return new Running(null, e, true, "the kubelet stopped the running main container at " + e.first().format());
            }
        }
        if (before != null) {
            return new Running(before, null, false, "the last export before the deletion shows its main container " + main(before).state());
        }
        return null;
    }

    /** The container named main, else the first that is not an init container or the executor's wait. */
    private static ContainerState main(PodSnapshot s) {
        ContainerState fallback = null;
        for (ContainerState c : s.containers()) {
            if (MAIN.equals(c.name())) {
                return c;
            }
            if (!c.init() && !"wait".equals(c.name()) && fallback == null) {
                fallback = c;
            }
        }
        return fallback;
    }

    private Finding finding(Scope scope, PodHistory pod, NodeOutcome outcome, Running running) {
        NodeLink link = pod.link();
        Correlation correlation = scope.correlation();
        WorkflowHistory workflow = correlation.workflow(link.workflow()).orElse(null);
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        Optional<Deletion> deletion = Deletion.first(pod);
        Timestamp deleted = deletion.map(Deletion::at).orElse(null);
        if (deleted == null && running.snapshot != null && running.snapshot.deletionTimestamp() != null) {
            deleted = running.snapshot.deletionTimestamp();
        }
        LogEvent informerDelete = pod.events().stream()
                .filter(e -> e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE).findFirst().orElse(null);
        if (deleted == null && informerDelete != null) {
            deleted = informerDelete.time();
        }
        facts.add(new Fact("deletedAt", "Deleted at", deleted == null ? null : deleted.format()));
        facts.add(new Fact("deletedBy", "Deleted by", deletion.map(Deletion::who).orElse(null)));
        facts.add(new Fact("howDeleted", "How", deletion.map(Deletion::how).orElse(null)));
        facts.add(new Fact("mainContainer", "Main container at the deletion", running.how));
        facts.add(new Fact("finalNodePhase", "Final node phase", outcome.phase()));
        facts.add(new Fact("finalNodeMessage", "Final node message", outcome.message()));

        deletion.ifPresent(d -> d.cite(cite));
        Deletion.of(pod).stream().filter(d -> d.event() != null && deletion.map(x -> x.event() != d.event()).orElse(true))
                .forEach(d -> cite.event(d.event(), "what happened around the deletion"));
        if (running.killing != null) {
            cite.event(running.killing, "the kubelet stops the running main container");
        }
        if (running.snapshot != null) {
            cite.pod(running.snapshot, running.strong ? "exported Pod: deleted while main ran" : "exported Pod before the deletion");
        }
        cite.line(informerDelete, "the Pod leaves the controller's informer");
        NodeLines.failures(scope.nodes(), link).forEach(e -> cite.line(e, "node recorded as failed"));
        if (workflow != null) {
            workflow.nodeObservations(link.nodeId()).forEach(o -> cite.node(o, "exported Workflow"));
        }

        Confidence confidence;
        String reason;
        if (running.strong && outcome.fromExport()) {
            confidence = Confidence.CONFIRMED;
            reason = running.how + ", and the exported Workflow records the node Error \"" + outcome.message() + "\"";
        } else if (running.strong || outcome.fromExport()) {
            confidence = Confidence.LIKELY;
            reason = running.strong ? running.how + "; only the controller log records the node's end"
                    : "the main container may have finished between the last export and the deletion";
        } else {
            confidence = Confidence.POSSIBLE;
            reason = "the main container may have finished between the last export and the deletion, and only the controller log records the node's end";
        }
        String who = deletion.map(d -> " by " + d.who()).orElse("");
        String summary = "Pod " + pod.key() + " was deleted" + who + (deleted == null ? "" : " at " + deleted.format())
                + " while its main container was still running; its node ended Error \"" + outcome.message() + "\".";
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(pod, outcome, running, deletion.orElse(null), deleted),
                facts, cite.evidence());
    }

    private static String explain(PodHistory pod, NodeOutcome outcome, Running running, Deletion deletion, Timestamp deleted) {
        StringBuilder b = new StringBuilder("Pod ").append(pod.key()).append(" was deleted")
                .append(deleted == null ? "" : " at " + deleted.format()).append(" before its main container finished: ")
                .append(running.how).append(". ");
        if (deletion != null) {
            b.append(deletion.audit() != null ? "The API server's audit log names who: " : "The cluster's Events name who: ")
                    .append(deletion.describe()).append(". ");
            List<String> around = Deletion.of(pod).stream().filter(d -> d.event() != null && d.event() != deletion.event())
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
