package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
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

    /**
     * The last pass that began over the export's status and left it as it was: its {@code Processing workflow} line names the
     * export's resourceVersion ({@code ResourceVersion=}, the version the controller's informer held when the pass began), the
     * next pass's names it too, and no line from the export's time up to that next pass names another (a {@code Workflow update
     * successful} or a {@code Processing workflow} of a different version: a write, the controller's or anyone's, changes the
     * version). A resourceVersion is the object's whole state, so the export's view of its nodes still stood when that pass
     * began, and the pass, having written nothing, found nothing to change in it. The last pass of the version is not it:
     * it begins over the stored status, which may lag what it is about to store (a stalled or stopped controller's). Empty
     * when the export has no resourceVersion, no time, or no such pass. An export placed at the controller's write of its version
     * is read from that write on ({@link #readFrom}). This is the walk that defines it; the rules read it from the node index
     * ({@link NodeIndex#stillStoredUntil}), which gives the same answer from the Workflow's versioned lines indexed once instead
     * of reading all its lines for every pending node of every export.
     */
    public Optional<LogEvent> stillStoredUntil(WorkflowSnapshot export) {
        String rv = export.resourceVersion() == null ? "" : export.resourceVersion().trim();
        if (rv.isEmpty() || export.observed() == null || export.fromArgoGetText()) {
            return Optional.empty();
        }
        var from = readFrom(export, rv);
        LogEvent last = null;
        LogEvent open = null;
        for (LogEvent e : events) {
            if (e.time() == null || e.undated() || e.time().isBefore(from)) {
                continue;
            }
            String seen = e.event() instanceof WorkflowProcessing p ? p.resourceVersion()
                    : e.event() instanceof WorkflowUpdated u ? u.resourceVersion() : null;
            if (seen == null || seen.isBlank()) {
                continue;
            }
            if (!rv.equals(seen.trim())) {
                break;
            }
            if (e.event() instanceof WorkflowProcessing) {
                // The pass before this one began over the same version and wrote nothing: it found the status as it was.
                if (open != null) {
                    last = open;
                }
                open = e;
            }
        }
        return last == null || !last.time().isAfter(from) ? Optional.empty() : Optional.of(last);
    }

    /**
     * Where the lines that still show {@code export}'s version begin: its time, or, placed by the write of its version
     * ({@code ObservedAt#written}), that write when later. An export dated only to the second (the latest time inside it) may begin
     * before the write in that second, and a pass over the version before it there names an older state, not a later one
     * (session 36: seed 2's feature-build-vza3n, cleared as within the threshold). The walk and the node index both start here.
     */
    static Timestamp readFrom(WorkflowSnapshot export, String rv) {
        var from = export.observed().time();
        var written = export.observed().written();
        if (written != null && rv.equals(written.resourceVersion()) && written.at() != null && written.at().instant().isAfter(from.instant())) {
            return written.at();
        }
        return from;
    }

    /** One export's view of one node. */
    public record NodeObservation(WorkflowSnapshot snapshot, NodeStatus node) {
        /** The line that states the node: argo get's row for it; an export's node, inside its object, is cited at the object. */
        public SourceRef source() {
            return node.source() != null ? node.source() : snapshot.source();
        }
    }
}
