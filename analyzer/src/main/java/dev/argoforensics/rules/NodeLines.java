package dev.argoforensics.rules;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** What the operator's lines about one node say of its fate. */
final class NodeLines {
    static final Set<String> FAILED = Set.of("Error", "Failed");
    static final Set<String> COMPLETED = Set.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    private NodeLines() {
    }

    /** The lines that record the node failing: marked as error, phase changed to Error or Failed, a message like "pod deleted". */
    static List<LogEvent> failures(NodeEvents nodes, NodeLink link) {
        List<LogEvent> out = new ArrayList<>();
        for (LogEvent e : nodes.of(link)) {
            ControllerEvent ev = e.event();
            if (ev instanceof NodeMarkedError || ev instanceof WorkflowPodMissing
                    || (ev instanceof NodePhaseChanged p && FAILED.contains(p.toPhase())) || ev instanceof NodeMessageChanged) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The node's last recorded state ({@link NodeOutcome#of}); from the logs, a phase change to Error
     * carries no message of its own, so the error the controller marked the node with stands in.
     */
    static NodeOutcome outcome(NodeEvents nodes, NodeLink link) {
        NodeOutcome o = NodeOutcome.of(nodes.history(link), link).orElse(null);
        if (o == null || o.fromExport() || (o.message() != null && !o.message().isEmpty())) {
            return o;
        }
        String error = null;
        for (LogEvent e : nodes.of(link)) {
            if (e.event() instanceof NodeMarkedError m) {
                error = m.error();
            }
        }
        return error == null ? o : new NodeOutcome(o.phase(), error, false, o.source(), o.time());
    }

    static boolean failed(NodeOutcome o) {
        return o != null && FAILED.contains(o.phase());
    }

    static boolean podDeleted(String message) {
        return message != null && (message.equals("pod deleted") || message.equals("container deleted"));
    }

    /** "Error "pod deleted"", "Failed". */
    static String phaseAndMessage(NodeOutcome o) {
        return o.phase() + (o.message() == null || o.message().isEmpty() ? "" : " \"" + o.message() + "\"");
    }
}
