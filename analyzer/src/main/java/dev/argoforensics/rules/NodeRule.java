package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;

/** A rule that looks at each Pod tied to a Workflow node, one at a time. */
abstract class NodeRule extends DeclaredRule {

    NodeRule(String id, String title, Severity severity) {
        super(id, title, severity);
    }

    @Override
    public final Evaluation evaluate(Correlation correlation) {
        return evaluate(correlation, Recent.HELD);
    }

    /** As {@link #evaluate(Correlation)}, each Workflow's task-result lines made once for every rule of the run (the outcome is the same). */
    @Override
    public final Evaluation evaluate(RuleContext context) {
        return evaluate(new NodeEvents(context.correlation(), Recent.HELD, context::taskResultLines));
    }

    /** As {@link #evaluate(Correlation)}, holding what is derived per Workflow for {@code held} Workflows at a time (the outcome is the same). */
    final Evaluation evaluate(Correlation correlation, int held) {
        return evaluate(new NodeEvents(correlation, held));
    }

    private Evaluation evaluate(NodeEvents nodes) {
        Correlation correlation = nodes.correlation();
        Scope scope = new Scope(correlation, nodes, new ArrayList<>(), new ArrayList<>());
        for (PodHistory pod : correlation.pods().values()) {
            if (pod.link() != null) {
                assess(pod, scope);
            }
        }
        return new Evaluation(scope.findings(), scope.cleared());
    }

    /** Looks at one Pod (its {@code link()} is set), adding what it finds or clears to the scope. */
    abstract void assess(PodHistory pod, Scope scope);

    /** One evaluation: the evidence, its node lines indexed once, and what the rule found and cleared so far. */
    record Scope(Correlation correlation, NodeEvents nodes, List<Finding> findings, List<Clearance> cleared) {

        void clear(PodHistory pod, Message why, SourceRef evidence) {
            cleared.add(new Clearance(pod.key(), why, evidence));
        }
    }
}
