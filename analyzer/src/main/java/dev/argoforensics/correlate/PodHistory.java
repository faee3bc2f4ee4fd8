package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one Pod.
 *
 * @param events    log events naming the Pod (plus the {@code Removing finalizers during a delete}
 *                  lines paired with them), in input order
 * @param snapshots exports of the Pod, earliest observation first
 * @param link      its Workflow node, or null if nothing established it
 * @param removals  status-capture finalizer removals, in input order
 */
public record PodHistory(PodKey key, List<LogEvent> events, List<PodSnapshot> snapshots, NodeLink link,
                         List<FinalizerRemoval> removals) {

    public PodHistory {
        events = List.copyOf(events);
        snapshots = List.copyOf(snapshots);
        removals = List.copyOf(removals);
    }

    public Optional<NodeLink> node() {
        return Optional.ofNullable(link);
    }

    /** The UID from the exports, or "" if there is none. */
    public String uid() {
        return snapshots.stream().map(PodSnapshot::uid).filter(u -> !u.isEmpty()).reduce((a, b) -> b).orElse("");
    }

    /** The export observed last. */
    public Optional<PodSnapshot> latestSnapshot() {
        return snapshots.isEmpty() ? Optional.empty() : Optional.of(snapshots.get(snapshots.size() - 1));
    }
}
