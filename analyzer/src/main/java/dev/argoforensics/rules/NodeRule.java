package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A rule that looks at each Pod tied to a Workflow node, one at a time. */
abstract class NodeRule extends DeclaredRule {

    NodeRule(String id, String title, Severity severity) {
        super(id, title, severity);
    }

    @Override
    public final Evaluation evaluate(Correlation correlation) {
        Scope scope = new Scope(correlation, new NodeEvents(correlation), new ArrayList<>(), new ArrayList<>(), new HashMap<>());
        for (PodHistory pod : correlation.pods().values()) {
            if (pod.link() != null) {
                assess(pod, scope);
            }
        }
        return new Evaluation(scope.findings(), scope.cleared());
    }

    /** Looks at one Pod (its {@code link()} is set), adding what it finds or clears to the scope. */
    abstract void assess(PodHistory pod, Scope scope);

    /**
     * One evaluation: the evidence, its node lines indexed once, and what the rule found and cleared so far; {@code taskResultLines}
     * holds each Workflow's reconciles read once for all its Pods ({@link #taskResultLines(WorkflowHistory)}).
     */
    record Scope(Correlation correlation, NodeEvents nodes, List<Finding> findings, List<Clearance> cleared,
            Map<WorkflowRef, TaskResultLines> taskResultLines) {

        /** The Workflow's reconciles ({@link TaskResultLines#of}), read once per evaluation. */
        TaskResultLines taskResultLines(WorkflowHistory workflow) {
            return taskResultLines.computeIfAbsent(workflow.ref(), r -> TaskResultLines.of(workflow));
        }

        void clear(PodHistory pod, Message why, SourceRef evidence) {
            cleared.add(new Clearance(pod.key(), why, evidence));
        }
    }
}
