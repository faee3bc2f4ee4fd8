package dev.argoforensics.rules;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The operator's lines about one node: what the rules cite for a node's fate. */
final class NodeLines {
    static final Set<String> FAILED = Set.of("Error", "Failed");
    static final Set<String> COMPLETED = Set.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    private NodeLines() {
    }

    /** The line names the node: by ID, by name, or by a name that hashes to its ID. */
    static boolean about(NodeLink link, ControllerEvent e) {
        if (link.isAbout(e)) {
            return true;
        }
        return e.nodeName().map(n -> NodeNaming.nodeId(link.workflow().name(), n).equals(link.nodeId())).orElse(false);
    }

    /** The lines that record the node failing: marked as error, phase changed to Error or Failed, a message like "pod deleted". */
    static List<LogEvent> failures(WorkflowHistory workflow, NodeLink link) {
        List<LogEvent> out = new ArrayList<>();
        if (workflow == null) {
            return out;
        }
        for (LogEvent e : workflow.events()) {
            ControllerEvent ev = e.event();
            if (!about(link, ev)) {
                continue;
            }
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
    static NodeOutcome outcome(WorkflowHistory workflow, NodeLink link) {
        NodeOutcome o = NodeOutcome.of(workflow, link).orElse(null);
        if (o == null || o.fromExport() || (o.message() != null && !o.message().isEmpty())) {
            return o;
        }
        String error = null;
        for (LogEvent e : workflow.events()) {
            if (e.event() instanceof NodeMarkedError m && about(link, m)) {
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
