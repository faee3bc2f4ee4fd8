package dev.argoforensics.rules;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodIdentity;
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
    static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    private NodeLines() {
    }

    /** The lines that record the node failing: marked as error, phase changed to Error or Failed, a message like "pod deleted". */
    /**
     * As below, of one of the lifetimes of a Pod name the lines told apart ({@link PodIdentity.UidBasis#CREATED_LINES}, session 51):
     * only those from its creation until the next Pod's, as the node's lines after that are the next Pod's run of the node (a
     * Workflow submitted again under its name, {@code argo retry}), and those before it the earlier Pod's. Any other Pod: all.
     */
    static List<LogEvent> failures(NodeEvents nodes, NodeLink link, PodIdentity identity) {
        List<LogEvent> all = failures(nodes, link);
        if (identity == null || identity.basis() != PodIdentity.UidBasis.CREATED_LINES) {
            return all;
        }
        return all.stream().filter(e -> (identity.from() == null || !e.time().isBefore(identity.from()))
                && (identity.until() == null || e.time().isBefore(identity.until()))).toList();
    }

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
