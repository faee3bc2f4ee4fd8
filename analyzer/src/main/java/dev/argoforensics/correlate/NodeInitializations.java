package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.NodeInitialized;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Workflow's {@code node initialized} lines by node ID, made once from its lines: what {@link WorkflowWrites#notHeldBy} asks of
 * each node of an export (session 57). Before, it walked every line of the Workflow for every node of the export, for every write
 * or reconcile it was asked about: on the incident corpus's slice that walk was four fifths of the rules' CPU (AF006's and
 * AF016's sole stops, JFR).
 */
final class NodeInitializations {
    private final List<LogEvent> lines;
    private final Map<String, List<LogEvent>> byId = new HashMap<>();

    private NodeInitializations(List<LogEvent> lines) {
        this.lines = lines;
        for (LogEvent e : lines) {
            if (e.event() instanceof NodeInitialized i && i.id() != null) {
                byId.computeIfAbsent(i.id(), k -> new ArrayList<>()).add(e);
            }
        }
    }

    /** The initializations among {@code lines}. */
    static NodeInitializations of(List<LogEvent> lines) {
        return new NodeInitializations(lines);
    }

    /** The lines these were made from (the very list, for a caller that holds one made earlier). */
    List<LogEvent> lines() {
        return lines;
    }

    /** The lines initializing node {@code id}, in the order of the lines; empty if none. */
    List<LogEvent> of(String id) {
        return byId.getOrDefault(id, List.of());
    }
}
