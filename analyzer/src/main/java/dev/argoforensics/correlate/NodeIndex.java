package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every Workflow's operator lines by the node they name (by ID, or by a name hashed to its ID),
 * indexed once: whoever looks at one of a Workflow's thousands of Pods reads only its own node's
 * lines, not all of the Workflow's.
 */
public final class NodeIndex {
    private final Map<WorkflowRef, Map<String, List<LogEvent>>> byWorkflow = new HashMap<>();

    NodeIndex(Map<WorkflowRef, WorkflowHistory> workflows) {
        for (WorkflowHistory w : workflows.values()) {
            Map<String, List<LogEvent>> byNode = new HashMap<>();
            for (LogEvent e : w.events()) {
                ControllerEvent ev = e.event();
                String id = ev.nodeId().orElseGet(() -> ev.nodeName().map(n -> NodeNaming.nodeId(w.ref().name(), n)).orElse(null));
                if (id != null) {
                    byNode.computeIfAbsent(id, k -> new ArrayList<>()).add(e);
                }
            }
            byWorkflow.put(w.ref(), byNode);
        }
    }

    /** The lines naming the node, in input order. */
    public List<LogEvent> of(NodeLink link) {
        return link == null ? List.of() : byWorkflow.getOrDefault(link.workflow(), Map.of()).getOrDefault(link.nodeId(), List.of());
    }
}
