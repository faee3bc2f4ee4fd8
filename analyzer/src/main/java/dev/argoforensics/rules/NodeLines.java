package dev.argoforensics.rules;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodLifecycle;
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

    static boolean failed(NodeOutcome o) {
        return o != null && FAILED.contains(o.phase());
    }

    static boolean podDeleted(String message) {
        return PodLifecycle.podDeleted(message);
    }

    /** "Error "pod deleted"", "Failed". */
    static String phaseAndMessage(NodeOutcome o) {
        return o.phase() + (o.message() == null || o.message().isEmpty() ? "" : " \"" + o.message() + "\"");
    }
}
