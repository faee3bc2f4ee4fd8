package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one Workflow.
 *
 * @param events    operator lines naming the Workflow, by time across runs, each run's in its input order ({@link EventOrder#merged})
 * @param snapshots exports of the Workflow, earliest observation first
 */
public record WorkflowHistory(WorkflowRef ref, List<LogEvent> events, List<WorkflowSnapshot> snapshots) {

    public WorkflowHistory {
        events = List.copyOf(events);
        snapshots = List.copyOf(snapshots);
    }

    /** The latest export that lists the node. */
    public Optional<WorkflowSnapshot> latestWith(String nodeId) {
        for (int i = snapshots.size() - 1; i >= 0; i--) {
            if (snapshots.get(i).nodes().containsKey(nodeId)) {
                return Optional.of(snapshots.get(i));
            }
        }
        return Optional.empty();
    }

    /** Every export's view of the node, earliest first. */
    public List<NodeObservation> nodeObservations(String nodeId) {
        return snapshots.stream()
                .flatMap(s -> s.node(nodeId).map(n -> new NodeObservation(s, n)).stream())
                .toList();
    }

    /** One export's view of one node. */
    public record NodeObservation(WorkflowSnapshot snapshot, NodeStatus node) {
    }
}
