package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.source.SourceRef;

/**
 * A Pod's Workflow node, and how that was established.
 *
 * @param nodeName null when only the ID is known
 * @param source   the line or object that established it
 */
public record NodeLink(WorkflowRef workflow, String nodeId, String nodeName, LinkBasis basis, SourceRef source) {

    /** The line names this node, by ID or by name. */
    public boolean isAbout(ControllerEvent e) {
        return e.nodeId().map(nodeId::equals).orElse(false)
                || (nodeName != null && e.nodeName().map(nodeName::equals).orElse(false));
    }
}
