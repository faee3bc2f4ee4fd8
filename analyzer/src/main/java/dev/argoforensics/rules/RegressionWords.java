package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PhaseHistory.Change;
import dev.argoforensics.correlate.PhaseHistory.Completion;
import dev.argoforensics.correlate.PhaseHistory.Copy;
import dev.argoforensics.correlate.PhaseHistory.Kind;
import dev.argoforensics.correlate.PhaseHistory.Outcome;
import dev.argoforensics.correlate.PhaseHistory.Pass;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.List;

/** AF009's wording: the Pod a Workflow-level finding is filed under, its facts, evidence and explanation. */
final class RegressionWords {
    private RegressionWords() {
    }

    /**
     * The Pod a finding about the Workflow is filed under: the changed node's Pod, else the Workflow's
     * first Pod, else the Workflow's own name (its root node's Pod name in both naming formats).
     */
    static PodKey subject(Correlation correlation, WorkflowRef wf, String nodeId) {
        List<PodHistory> own = correlation.podIndex().ofWorkflow(wf);
        return own.stream().filter(p -> nodeId != null && nodeId.equals(p.link().nodeId())).reduce((a, b) -> b).map(PodHistory::key)
                .or(() -> own.stream().findFirst().map(PodHistory::key))
                .orElseGet(() -> new PodKey(wf.namespace(), wf.name()));
    }

    static Finding finding(Correlation correlation, WorkflowHistory h, PodKey pod, Completion completion, List<Pass> passes, Change key, Copy copy,
                           Outcome outcome, Pass stored, Pass guarded, WorkflowSnapshot export, Severity severity, Confidence confidence,
                           String reason, String title) {
        Pass first = passes.get(0);
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        if (completion != null) {
            facts.add(new Fact("completedPhase", "Completed as", completion.phase()));
            facts.add(new Fact("completedAt", "Completed at", completion.line().time().format()));
            facts.add(new Fact("completionResourceVersion", "Stored at resourceVersion",
                    completion.resourceVersion() == null ? null : completion.resourceVersion().toString()));
            cite.line(completion.marked(), "the controller marks the Workflow completed");
            cite.line(completion.stored(), "the completion is stored");
        }
        facts.add(new Fact("copy", "Copy the controller worked on", copy(first, copy, completion)));
        facts.add(new Fact("changed", "Changed", what(key)));
        facts.add(new Fact("fromPhase", "From phase", key.fromPhase()));
        facts.add(new Fact("toPhase", "To phase", key.toPhase()));
        facts.add(new Fact("outcome", "Outcome", switch (outcome) {
            case STORED -> "stored";
            case GUARDED -> "refused by the persist guard";
            default -> "not in the logs";
        }));
        if (stored != null) {
            facts.add(new Fact("storedPhase", "Stored with Workflow phase", stored.storedPhase()));
        }
        if (guarded != null) {
            facts.add(new Fact("guard", "Guard", guarded.guardError()));
        }
        facts.add(new Fact("passes", "Passes that changed it", passes.size()));
        int created = passes.stream().mapToInt(p -> p.creations().size()).sum();
        facts.add(new Fact("podsCreatedAfterCompletion", "Pods created (or found existing) after the completion", created));

        if (first.processing() != null) {
            cite.line(first.processing(), first.copy() == Copy.STALE ? "the pass works on a copy older than the stored completion"
                    : "the pass that changed it begins");
        }
        for (Pass p : passes) {
            p.podLines().stream().limit(2).forEach(e -> cite.line(e, "the copy shows the node unfinished and its Pod gone"));
            p.creations().stream().limit(2).forEach(e -> cite.line(e, "a Pod created for the Workflow after it completed (see AF015)"));
            p.changes().stream().limit(6).forEach(c -> cite.line(c.line(), role(c)));
        }
        if (stored != null) {
            cite.line(stored.outcomeLine(), "the change is stored");
        }
        if (guarded != null) {
            cite.line(guarded.outcomeLine(), "the persist guard refuses it");
        }
        if (export != null) {
            cite.workflow(export, key.nodeId(), "exported Workflow, taken after the change");
        }
        String was = completion == null ? "fulfilled" : "completed " + completion.phase() + " at " + completion.line().time().format();
        String fate = switch (outcome) {
            case STORED -> "the change was stored";
            case GUARDED -> "the persist guard refused it, so the stored Workflow kept its completed state";
            default -> "whether it was stored is not in the logs";
        };
        String summary = "Workflow " + h.ref() + " was " + was + ", and a later pass changed " + what(key)
                + (key.toPhase() == null ? " (completing it again)" : " to " + key.toPhase()) + "; " + fate + ".";
        return new Finding(PhaseRegression.ID, title, severity, confidence, reason, pod, pod.uid() == null ? "" : pod.uid(), h.ref(),
                key.nodeId() == null ? null : new Finding.NodeRef(key.nodeId(), key.nodeName()), summary,
                explain(h, completion, passes, key, copy, outcome, created), facts, cite.evidence());
    }

    private static String explain(WorkflowHistory h, Completion completion, List<Pass> passes, Change key, Copy copy, Outcome outcome, int created) {
        StringBuilder b = new StringBuilder();
        if (completion != null) {
            b.append("The controller completed Workflow ").append(h.ref()).append(' ').append(completion.phase()).append(" at ")
                    .append(completion.line().time().format()).append(completion.stored() != null ? " and stored it" : "").append(". ");
        }
        b.append(passes.size() == 1 ? "A later pass" : passes.size() + " later passes").append(" then changed ").append(what(key));
        if (key.fromPhase() != null) {
            b.append(" from ").append(key.fromPhase());
        }
        b.append(key.toPhase() == null ? " (it completed the Workflow once more)" : " to " + key.toPhase()).append(". ");
        if (key.asserted()) {
            b.append("The controller says so itself: \"").append(key.kind() == Kind.NODE_ASSERTED ? "node" : "workflow")
                    .append(" is already fulfilled\" is logged when a fulfilled ").append(key.kind() == Kind.NODE_ASSERTED ? "node" : "Workflow")
                    .append("'s phase is changed. ");
        }
        b.append(switch (copy) {
            case STALE -> "It worked on a stale copy: its resourceVersion is older than the one the completion was stored at, so it saw the"
                    + " Workflow as it was before it completed; nodes whose Pods had since been cleaned up looked deleted. ";
            case COMPLETED -> "It worked on the completed Workflow itself. ";
            case UNKNOWN -> "The lines do not tell which copy it worked on. ";
            default -> "";
        });
        if (created > 0) {
            b.append("The same pass").append(passes.size() > 1 ? "es" : "").append(" created ").append(created)
                    .append(" Pod(s) for a Workflow that had finished: steps may have run again (AF015). ");
        }
        b.append(switch (outcome) {
            case STORED -> "The update that followed was stored: the Workflow's stored status went back on its completion, and whoever reads"
                    + " it (UI, argo get, archive, exit handlers, CI waiting on the phase) sees the regressed state. ";
            case GUARDED -> "Its update conflicted and, on re-apply, the persist guard refused it (all releases refuse to update a completed"
                    + " Workflow or change a completed node there); the stored Workflow kept its completed state, but anything the pass did"
                    + " outside the Workflow object (Pods created or deleted) was done. ";
            default -> "Neither the stored update nor the guard's refusal is in the logs. ";
        });
        b.append("Upstream: argoproj/argo-workflows#4798 (stale copies of completed Workflows), #16294 and #16357 (stale-read guard),"
                + " #16774 (a recreated Workflow).");
        return b.toString();
    }

    private static String copy(Pass first, Copy copy, Completion completion) {
        return switch (copy) {
            case STALE -> "stale (resourceVersion " + first.resourceVersion() + ", older than the completion's " + completion.resourceVersion() + ")";
            case COMPLETED -> "the completed Workflow";
            case NONE -> "the current one (no completion in the logs)";
            default -> "unknown (no resourceVersion to compare)";
        };
    }

    private static String what(Change c) {
        if (c.nodeId() == null) {
            return "the Workflow's phase";
        }
        return "node " + (c.nodeName() != null ? c.nodeName() + " (" + c.nodeId() + ")" : c.nodeId());
    }

    private static String role(Change c) {
        return switch (c.kind()) {
            case WORKFLOW_ASSERTED -> "the controller changes a fulfilled Workflow's phase";
            case NODE_ASSERTED -> "the controller changes a fulfilled node's phase";
            case NODE_ERROR -> "the node is marked as error" + (c.line().event() instanceof NodeMarkedError m && m.error() != null
                    ? " (" + m.error() + ")" : "");
            case NODE_FAILED -> "the node's phase goes to " + c.toPhase();
            case WORKFLOW_PHASE -> "the Workflow's phase changes " + (c.fromPhase() == null ? "" : c.fromPhase()) + " -> " + c.toPhase();
            case COMPLETED_AGAIN -> "the Workflow is marked completed once more";
        };
    }
}
