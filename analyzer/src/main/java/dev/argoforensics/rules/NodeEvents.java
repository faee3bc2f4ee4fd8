package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node's operator lines (from the correlation's {@link dev.argoforensics.correlate.NodeIndex}) and a
 * Workflow's completions, for rules that look at each of a Workflow's Pods.
 */
final class NodeEvents {
    private final Correlation correlation;
    private final Map<WorkflowRef, List<LogEvent>> completions = new HashMap<>();
    private final Map<WorkflowHistory, TaskResultLines> taskResults = new IdentityHashMap<>();

    NodeEvents(Correlation correlation) {
        this.correlation = correlation;
    }

    /** The lines naming the node, in input order. */
    List<LogEvent> of(NodeLink link) {
        return correlation.nodes().of(link);
    }

    /** The Workflow's {@code Workflow update successful} lines with a completed phase. */
    List<LogEvent> completions(WorkflowRef ref) {
        return completions.computeIfAbsent(ref, r -> correlation.workflow(r).map(WorkflowHistory::events).orElse(List.of()).stream()
                .filter(e -> e.event() instanceof WorkflowUpdated u && NodeLines.COMPLETED.contains(u.phase())).toList());
    }

    /**
     * The Workflow's task-result lines ({@link TaskResultLines#of}), read once per Workflow of this evaluation: AF002 asks for every
     * Pod, and reading them again per Pod made the first-pass sightings Pods × lines (issue #17, session 38).
     */
    TaskResultLines taskResultLines(WorkflowHistory workflow) {
        return taskResults.computeIfAbsent(workflow, TaskResultLines::of);
    }

    /** The node's history: its own lines, and every export of the Workflow. */
    WorkflowHistory history(NodeLink link) {
        return correlation.workflow(link.workflow()).map(w -> new WorkflowHistory(w.ref(), of(link), w.snapshots())).orElse(null);
    }
}
