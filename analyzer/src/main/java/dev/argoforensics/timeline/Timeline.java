package dev.argoforensics.timeline;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodIdentity;
import dev.argoforensics.correlate.PodKey;
import java.util.List;

/**
 * A Pod's entries from every source, in time order.
 *
 * @param identity how the Pod's UID was chosen
 * @param node     its Workflow node, or null
 */
public record Timeline(PodKey pod, String uid, PodIdentity identity, NodeLink node, List<TimelineEntry> entries) {
    public Timeline {
        entries = List.copyOf(entries);
    }
}
