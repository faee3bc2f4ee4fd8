package dev.argoforensics.timeline;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodKey;
import java.util.List;

/** A Pod's entries from every source, in time order. */
public record Timeline(PodKey pod, String uid, NodeLink node, List<TimelineEntry> entries) {
    public Timeline {
        entries = List.copyOf(entries);
    }
}
