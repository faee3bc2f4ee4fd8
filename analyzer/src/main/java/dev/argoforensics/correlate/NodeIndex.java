package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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
    /** Per Workflow, its {@code Workflow update successful} lines by time. */
    private final Map<WorkflowRef, List<LogEvent>> updates = new HashMap<>();

    NodeIndex(Map<WorkflowRef, WorkflowHistory> workflows) {
        for (WorkflowHistory w : workflows.values()) {
            List<LogEvent> persisted = new ArrayList<>();
            for (LogEvent e : w.events()) {
                if (e.event() instanceof WorkflowUpdated) {
                    persisted.add(e);
                }
            }
            persisted.sort(Comparator.comparing((LogEvent e) -> e.time().instant()).thenComparingLong(LogEvent::ordinal));
            updates.put(w.ref(), persisted);
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

    /**
     * The first {@code Workflow update successful} of the Workflow that is not before {@code from} and
     * not after {@code to} (by {@link EventOrder#notAfter}), or null. A binary search by time finds
     * where to start: a Pod of a Workflow with thousands reads only the few updates in its window.
     */
    public LogEvent updateBetween(WorkflowRef wf, LogEvent from, LogEvent to) {
        List<LogEvent> sorted = updates.getOrDefault(wf, List.of());
        // Start one precision window early: a line of another stream that close may still be "not after" from.
        Instant start = from.time().instant().minusNanos(from.time().precision().windowNanos());
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).time().instant().isBefore(start)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < sorted.size(); i++) {
            LogEvent e = sorted.get(i);
            if (e.time().instant().isAfter(to.time().windowEnd())) {
                break;
            }
            if (EventOrder.notAfter(from, e) && EventOrder.notAfter(e, to)) {
                return e;
            }
        }
        return null;
    }

    /** The Workflow's last {@code Workflow update successful} certainly before the line, or null. */
    public LogEvent lastUpdateBefore(WorkflowRef wf, LogEvent line) {
        List<LogEvent> sorted = updates.getOrDefault(wf, List.of());
        int lo = 0;
        int hi = sorted.size();
        Instant end = line.time().windowEnd();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).time().instant().isBefore(end)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo - 1; i >= 0; i--) {
            if (EventOrder.before(sorted.get(i), line)) {
                return sorted.get(i); // the latest by time (ties: the later in the input)
            }
        }
        return null;
    }

    /** Whether any line names the node of the Workflow (by ID, or by a name whose ID it is). */
    public boolean named(WorkflowRef wf, String nodeId) {
        return !byWorkflow.getOrDefault(wf, Map.of()).getOrDefault(nodeId, List.of()).isEmpty();
    }

    /** The lines naming the node, in input order. */
    public List<LogEvent> of(NodeLink link) {
        return link == null ? List.of() : byWorkflow.getOrDefault(link.workflow(), Map.of()).getOrDefault(link.nodeId(), List.of());
    }
}
