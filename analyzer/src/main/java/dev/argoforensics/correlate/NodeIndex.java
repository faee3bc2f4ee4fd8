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
    /**
     * Per Workflow, the positions of its lines (in {@link WorkflowHistory#events()}) by the node ID they
     * state, and by the node name they state: what {@link NodeLink#isAbout} looks at.
     */
    private final Map<WorkflowRef, Map<String, List<Integer>>> byStatedId = new HashMap<>();
    private final Map<WorkflowRef, Map<String, List<Integer>>> byStatedName = new HashMap<>();
    private final Map<WorkflowRef, List<LogEvent>> lines = new HashMap<>();
    /** Per Workflow, its lines by the kind of event they are, in input order. */
    private final Map<WorkflowRef, Map<Class<?>, List<LogEvent>>> byKind = new HashMap<>();

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
            Map<String, List<Integer>> ids = new HashMap<>();
            Map<String, List<Integer>> names = new HashMap<>();
            Map<Class<?>, List<LogEvent>> kinds = new HashMap<>();
            for (int i = 0; i < w.events().size(); i++) {
                Integer at = i;
                ControllerEvent stated = w.events().get(i).event();
                kinds.computeIfAbsent(stated.getClass(), k -> new ArrayList<>()).add(w.events().get(i));
                stated.nodeId().ifPresent(id -> ids.computeIfAbsent(id, k -> new ArrayList<>()).add(at));
                stated.nodeName().ifPresent(n -> names.computeIfAbsent(n, k -> new ArrayList<>()).add(at));
            }
            lines.put(w.ref(), w.events());
            byKind.put(w.ref(), kinds);
            for (LogEvent e : w.events()) {
                ControllerEvent ev = e.event();
                String id = ev.nodeId().orElseGet(() -> ev.nodeName().map(n -> NodeNaming.nodeId(w.ref().name(), n)).orElse(null));
                if (id != null) {
                    byNode.computeIfAbsent(id, k -> new ArrayList<>()).add(e);
                }
            }
            byWorkflow.put(w.ref(), byNode);
            byStatedId.put(w.ref(), ids);
            byStatedName.put(w.ref(), names);
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

    /**
     * The Workflow's lines {@link NodeLink#isAbout about} the node (its ID stated, or its name), in
     * input order: what a walk of all the Workflow's lines with {@code isAbout} finds, from the node's
     * own lines only.
     */
    public List<LogEvent> about(NodeLink link) {
        if (link == null) {
            return List.of();
        }
        List<Integer> byId = byStatedId.getOrDefault(link.workflow(), Map.of()).getOrDefault(link.nodeId(), List.of());
        List<Integer> byName = link.nodeName() == null ? List.of()
                : byStatedName.getOrDefault(link.workflow(), Map.of()).getOrDefault(link.nodeName(), List.of());
        List<LogEvent> all = lines.getOrDefault(link.workflow(), List.of());
        List<LogEvent> out = new ArrayList<>(byId.size() + byName.size());
        int i = 0;
        int j = 0;
        while (i < byId.size() || j < byName.size()) { // both ascending: merged, a line in both once
            int a = i < byId.size() ? byId.get(i) : Integer.MAX_VALUE;
            int b = j < byName.size() ? byName.get(j) : Integer.MAX_VALUE;
            int next = Math.min(a, b);
            i += a == next ? 1 : 0;
            j += b == next ? 1 : 0;
            out.add(all.get(next));
        }
        return out;
    }

    /**
     * The Workflow's lines of these kinds of event (one kind: in input order; several: by ordinal): a
     * Pod's look at its Workflow's updates or signals reads those, not the Workflow's every line.
     */
    @SafeVarargs
    public final List<LogEvent> ofKind(WorkflowRef wf, Class<? extends ControllerEvent>... kinds) {
        Map<Class<?>, List<LogEvent>> all = byKind.getOrDefault(wf, Map.of());
        if (kinds.length == 1) {
            return all.getOrDefault(kinds[0], List.of());
        }
        List<LogEvent> out = new ArrayList<>();
        for (Class<? extends ControllerEvent> k : kinds) {
            out.addAll(all.getOrDefault(k, List.of()));
        }
        out.sort(Comparator.comparingLong(LogEvent::ordinal));
        return out;
    }
}
