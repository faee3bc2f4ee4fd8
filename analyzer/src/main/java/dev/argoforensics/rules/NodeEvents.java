package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Workflow's operator lines by the node they name (by ID, or by a name hashed to its ID), indexed
 * once per evaluation: a rule looking at each of a Workflow's thousands of Pods reads only its own
 * node's lines, not all of the Workflow's.
 */
final class NodeEvents {
    private final Correlation correlation;
    private final Map<WorkflowRef, Map<String, List<LogEvent>>> byWorkflow = new HashMap<>();
    private final Map<WorkflowRef, List<LogEvent>> completions = new HashMap<>();

    NodeEvents(Correlation correlation) {
        this.correlation = correlation;
    }

    /** The lines naming the node, in input order. */
    List<LogEvent> of(NodeLink link) {
        return byWorkflow.computeIfAbsent(link.workflow(), this::index).getOrDefault(link.nodeId(), List.of());
    }

    /** The Workflow's {@code Workflow update successful} lines with a completed phase. */
    List<LogEvent> completions(WorkflowRef ref) {
        return completions.computeIfAbsent(ref, r -> correlation.workflow(r).map(WorkflowHistory::events).orElse(List.of()).stream()
                .filter(e -> e.event() instanceof WorkflowUpdated u && NodeLines.COMPLETED.contains(u.phase())).toList());
    }

    /** The node's history: its own lines, and every export of the Workflow (for {@code NodeOutcome}). */
    WorkflowHistory history(NodeLink link) {
        return correlation.workflow(link.workflow()).map(w -> new WorkflowHistory(w.ref(), of(link), w.snapshots())).orElse(null);
    }

    private Map<String, List<LogEvent>> index(WorkflowRef ref) {
        Map<String, List<LogEvent>> out = new HashMap<>();
        for (LogEvent e : correlation.workflow(ref).map(WorkflowHistory::events).orElse(List.of())) {
            ControllerEvent ev = e.event();
            String id = ev.nodeId().orElseGet(() -> ev.nodeName().map(n -> NodeNaming.nodeId(ref.name(), n)).orElse(null));
            if (id != null) {
                out.computeIfAbsent(id, k -> new ArrayList<>()).add(e);
            }
        }
        return out;
    }
}
