package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
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
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * AF009's finding assembled: the Pod a Workflow-level finding is filed under, its facts, evidence,
 * summary and explanation (as messages: their words are in en.yaml).
 */
final class RegressionWords {
    private RegressionWords() {
    }

    /**
     * The Pod a finding about the Workflow is filed under: the changed node's Pod, else the Workflow's
     * first Pod, else the Workflow's own name (its root node's Pod name in both naming formats).
     */
    /**
     * The Pod whose run of the node the change's line is of (session 42 breaker): created before the line, the node not run again
     * in a later Pod of another name by then ({@code PodLifecycle#ofOwnRun}); else as {@link #subject(Correlation, WorkflowRef, String)}.
     * The last of the node's Pods was named though the node changed in an earlier Pod's run, before the later Pod existed.
     */
    static PodKey subject(Correlation correlation, WorkflowRef wf, String nodeId, LogEvent at) {
        if (nodeId != null && at != null) {
            Optional<PodKey> ofRun = correlation.podIndex().ofWorkflow(wf).stream()
                    .filter(p -> nodeId.equals(p.link().nodeId()))
                    .filter(p -> (p.latestCreated() == null || EventOrder.before(p.latestCreated(), at))
                            && correlation.lifecycle(p.key()) != null && correlation.lifecycle(p.key()).ofOwnRun(at))
                    .reduce(RegressionWords::later).map(PodHistory::key);
            if (ofRun.isPresent()) {
                return ofRun.get();
            }
        }
        return subject(correlation, wf, nodeId);
    }

    static PodKey subject(Correlation correlation, WorkflowRef wf, String nodeId) {
        List<PodHistory> own = correlation.podIndex().ofWorkflow(wf);
        return own.stream().filter(p -> nodeId != null && nodeId.equals(p.link().nodeId())).reduce(RegressionWords::later).map(PodHistory::key)
                .or(() -> own.stream().findFirst().map(PodHistory::key))
                .orElseGet(() -> new PodKey(wf.namespace(), wf.name()));
    }

    /**
     * Of two Pods of the node in key order, the later one: of the lifetimes of one name the lines told apart ({@link PodKey#printed},
     * session 51; the latest keyed first, as the name alone), the later created; else {@code b}, the last in key order, as before.
     */
    static PodHistory later(PodHistory a, PodHistory b) {
        PodKey.Lifetime la = a.key().printed();
        PodKey.Lifetime lb = b.key().printed();
        return la != null && lb != null && a.key().named().equals(b.key().named()) && la.number() > lb.number() ? a : b;
    }

    static Finding finding(Correlation correlation, WorkflowHistory h, PodKey pod, Completion completion, List<Pass> passes, Change key, Copy copy,
                           Outcome outcome, Pass stored, Pass guarded, WorkflowSnapshot export, Severity severity, Confidence confidence,
                           Message reason, String title) {
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
        facts.add(new Fact("changed", "Changed", Words.english().render(what(key))));
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
        Message summary = Message.of("AF009.summary", "workflow", h.ref().toString(), "was", completion == null ? Message.of("AF009.wasFulfilled")
                        : Message.of("AF009.wasCompleted", "phase", completion.phase(), "at", completion.line().time().format()),
                "what", what(key), "to", key.toPhase() == null ? Message.of("AF009.completingAgain") : Message.of("AF009.toPhase", "phase", key.toPhase()),
                "fate", Message.of(switch (outcome) {
                    case STORED -> "AF009.fateStored";
                    case GUARDED -> "AF009.fateGuarded";
                    default -> "AF009.fateUnknown";
                }));
        return new Finding(PhaseRegression.ID, title, severity, confidence, reason, pod, pod.uid() == null ? "" : pod.uid(), h.ref(),
                key.nodeId() == null ? null : new Finding.NodeRef(key.nodeId(), key.nodeName()), summary,
                explain(h, completion, passes, key, copy, outcome, created), facts, cite.evidence());
    }

    private static Message explain(WorkflowHistory h, Completion completion, List<Pass> passes, Change key, Copy copy, Outcome outcome, int created) {
        List<Message> m = new ArrayList<>();
        if (completion != null) {
            m.add(Message.of("AF009.explain.completed", "workflow", h.ref().toString(), "phase", completion.phase(), "at",
                    completion.line().time().format(), "stored", completion.stored() != null ? Message.of("AF009.explain.andStored") : Message.NOTHING));
        }
        m.add(Message.of("AF009.explain.changed", "passes", passes.size() == 1 ? Message.of("AF009.explain.onePass")
                        : Message.of("AF009.explain.passes", "count", passes.size()), "what", what(key),
                "from", key.fromPhase() == null ? Message.NOTHING : Message.of("AF009.explain.fromPhase", "phase", key.fromPhase()),
                "to", key.toPhase() == null ? Message.of("AF009.explain.completedOnceMore") : Message.of("AF009.toPhase", "phase", key.toPhase())));
        if (key.asserted()) {
            m.add(Message.of(key.kind() == Kind.NODE_ASSERTED ? "AF009.explain.assertedNode" : "AF009.explain.assertedWorkflow"));
        }
        switch (copy) {
            case STALE -> m.add(Message.of("AF009.explain.staleCopy"));
            case COMPLETED -> m.add(Message.of("AF009.explain.completedCopy"));
            case UNKNOWN -> m.add(Message.of("AF009.explain.unknownCopy"));
            default -> {
            }
        }
        if (created > 0) {
            m.add(Message.of(passes.size() > 1 ? "AF009.explain.createdByPasses" : "AF009.explain.createdByPass", "count", created));
        }
        m.add(Message.of(switch (outcome) {
            case STORED -> "AF009.explain.stored";
            case GUARDED -> "AF009.explain.guarded";
            default -> "AF009.explain.outcomeUnknown";
        }));
        m.add(Message.of("AF009.explain.upstream"));
        return Message.sequence(m);
    }

    private static String copy(Pass first, Copy copy, Completion completion) {
        return switch (copy) {
            case STALE -> "stale (resourceVersion " + first.resourceVersion() + ", older than the completion's " + completion.resourceVersion() + ")";
            case COMPLETED -> "the completed Workflow";
            case NONE -> "the current one (no completion in the logs)";
            default -> "unknown (no resourceVersion to compare)";
        };
    }

    private static Message what(Change c) {
        if (c.nodeId() == null) {
            return Message.of("AF009.whatWorkflow");
        }
        return c.nodeName() != null ? Message.of("AF009.whatNamedNode", "name", c.nodeName(), "id", c.nodeId()) : Message.of("AF009.whatNode", "id", c.nodeId());
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
