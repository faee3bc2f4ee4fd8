package dev.argoforensics.correlate;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.source.SourceRef;

/**
 * A Pod's Workflow node, and how that was established.
 *
 * @param nodeName null when only the ID is known
 * @param source   the line or object that established it
 */
public record NodeLink(WorkflowRef workflow, String nodeId, String nodeName, LinkBasis basis, SourceRef source) {
}
