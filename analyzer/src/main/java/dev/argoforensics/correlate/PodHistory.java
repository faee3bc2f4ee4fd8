package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one Pod.
 *
 * @param identity      how its UID was chosen, and so which records without a UID it holds
 * @param events        log events naming the Pod (plus the {@code Removing finalizers during a delete}
 *                      lines paired with them), by time across runs, each run's in its input order
 *                      ({@link EventOrder#merged})
 * @param snapshots     exports of the Pod, earliest observation first
 * @param link          its Workflow node, or null if nothing established it
 * @param removals      status-capture finalizer removals, by time across runs, each run's in its input order
 * @param taskResults   exports of its node's WorkflowTaskResult
 * @param clusterEvents events about the Pod, about its node (the Argo controller's node events) and
 *                      about the Kubernetes node it ran on while it existed
 * @param auditRecords  API requests that changed the Pod, its task result or its Workflow (the most
 *                      complete stage of each)
 * @param nodeLogs      kubelet lines naming the Pod (container stopped, deletion seen, eviction, shutdown); shown
 *                      in its timeline, read by no rule
 * @param listings      what pasted {@code kubectl get pods} tables say of it (listed, or left out), in input order
 * @param minuteEvents  events as {@code clusterEvents}, dated only to the minute (an age of 10 minutes or more in a
 *                      {@code kubectl get events} table, {@link ClusterEvent#minuteDated}): shown in its timeline with
 *                      their window, read by no rule
 * @param laterDescribed descriptions ({@code kubectl describe pod}, no UID) of the name that show a later Pod, set apart from
 *                      {@code snapshots} ({@link LaterNamesakes}): shown in its timeline, read as no state of this Pod's
 */
public record PodHistory(PodKey key, PodIdentity identity, List<LogEvent> events, List<PodSnapshot> snapshots, NodeLink link,
                         List<FinalizerRemoval> removals, List<TaskResultSnapshot> taskResults, List<ClusterEvent> clusterEvents,
                         List<AuditRecord> auditRecords, List<NodeLogEntry> nodeLogs, List<PodListing> listings,
                         List<ClusterEvent> minuteEvents, List<LaterNamesakes.SetApart> laterDescribed) {

    public PodHistory {
        laterDescribed = List.copyOf(laterDescribed);
        minuteEvents = List.copyOf(minuteEvents);
        listings = List.copyOf(listings);
        events = List.copyOf(events);
        snapshots = List.copyOf(snapshots);
        removals = List.copyOf(removals);
        taskResults = List.copyOf(taskResults);
        clusterEvents = List.copyOf(clusterEvents);
        auditRecords = List.copyOf(auditRecords);
        nodeLogs = List.copyOf(nodeLogs);
    }

    public PodHistory(PodKey key, PodIdentity identity, List<LogEvent> events, List<PodSnapshot> snapshots, NodeLink link,
                      List<FinalizerRemoval> removals, List<TaskResultSnapshot> taskResults, List<ClusterEvent> clusterEvents,
                      List<AuditRecord> auditRecords) {
        this(key, identity, events, snapshots, link, removals, taskResults, clusterEvents, auditRecords, List.of(), List.of(), List.of());
    }

    public PodHistory(PodKey key, PodIdentity identity, List<LogEvent> events, List<PodSnapshot> snapshots, NodeLink link,
                      List<FinalizerRemoval> removals, List<TaskResultSnapshot> taskResults, List<ClusterEvent> clusterEvents,
                      List<AuditRecord> auditRecords, List<NodeLogEntry> nodeLogs, List<PodListing> listings, List<ClusterEvent> minuteEvents) {
        this(key, identity, events, snapshots, link, removals, taskResults, clusterEvents, auditRecords, nodeLogs, listings, minuteEvents, List.of());
    }

    public Optional<NodeLink> node() {
        return Optional.ofNullable(link);
    }

    /**
     * The Pod's Workflow: its node's, else the one its exports name (the {@code workflows.argoproj.io/workflow} label,
     * else the controlling owner reference) when every export that names one names the same, else null. A Pod whose
     * node-id annotation was trimmed from a pasted export still says whose it is.
     */
    public WorkflowRef workflow() {
        if (link != null) {
            return link.workflow();
        }
        List<String> named = snapshots.stream().map(PodSnapshot::workflowName).flatMap(Optional::stream).distinct().toList();
        return named.size() == 1 && key.namespace() != null ? new WorkflowRef(key.namespace(), named.get(0)) : null;
    }

    /** The UID from the exports, or "" if there is none. */
    public String uid() {
        return key.uid() == null ? "" : key.uid();
    }

    /**
     * The pod event handler's {@code Removing finalizers during a delete} paired with this cleanup line of
     * the Pod ({@link CleanupPairing}; the correlation places it right before the line), or null.
     */
    public LogEvent handlerLine(LogEvent line) {
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i) == line) {
                LogEvent before = events.get(i - 1);
                return before.event() instanceof FinalizersOnDelete ? before : null;
            }
        }
        return null;
    }

    /**
     * Whether an export of this Pod (of its UID where both give one) states a deletion request at {@code request}: its
     * {@code deletionTimestamp} less a {@code deletionGracePeriodSeconds} above 1 (the request's time, whole seconds, on the API
     * server's clock; a grace of 0 may be the kubelet's final delete, and 1 a shortened one clamped by Kubernetes 1.33+: lifecycle
     * reference A1) within the second before it and the spread of an audit record's receipt and completion (2 s) after it. Such a
     * request is this Pod's own: a record that only names the Pod (an audit record of a delete, which carries no UID) may be another
     * object's of the name (s47).
     */
    public boolean deletionRequestedAt(dev.argoforensics.time.Timestamp request) {
        if (request == null) {
            return false;
        }
        for (PodSnapshot s : snapshots) {
            Long g = s.deletionGracePeriodSeconds();
            if (s.deletionTimestamp() == null || g == null || g <= 1 || (!uid().isEmpty() && s.uid() != null && !s.uid().isEmpty() && !uid().equals(s.uid()))) {
                continue;
            }
            java.time.Instant t0 = s.deletionTimestamp().instant().minusSeconds(g);
            if (!request.instant().isBefore(t0.minusSeconds(1)) && !request.instant().isAfter(t0.plusSeconds(2))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a line about the Pod's name is of this Pod, not of an earlier Pod of the name: not before this Pod's own {@code Created
     * pod} line ({@link #latestCreated}; any line where there is none). v4's automatic restart (v4.0.0+) deletes a Pod that failed
     * before main ran and creates the node's Pod again under the same name (the name is the node ID's, which the restart keeps); argo
     * retry and a resubmitted Workflow do the same: the earlier Pod's {@code Pod failed} is not this one's (s47).
     */
    public boolean ofThisInstance(LogEvent line) {
        LogEvent created = latestCreated();
        return created == null || !EventOrder.before(line, created);
    }

    /** The export observed last. */
    public Optional<PodSnapshot> latestSnapshot() {
        return snapshots.isEmpty() ? Optional.empty() : Optional.of(snapshots.get(snapshots.size() - 1));
    }

    /**
     * The latest {@code Created pod} line for the Pod's name, or null: where this instance's own lines begin
     * (the lifecycle and AF008 both start there).
     */
    /**
     * The UID of the Workflow that owns the Pod, from its exports' owner reference of kind Workflow (null: none gives it). A
     * Workflow deleted and run again under its name is another object with the same node IDs: only an export of the owner
     * records this Pod's node.
     */
    public String ownerWorkflowUid() {
        for (PodSnapshot s : snapshots) {
            for (dev.argoforensics.snapshot.OwnerRef o : s.owners()) {
                if ("Workflow".equals(o.kind()) && o.uid() != null && !o.uid().isEmpty()) {
                    return o.uid();
                }
            }
        }
        return null;
    }

    /** Whether a Workflow export is of another object than the Pod's owner (both UIDs known and different). */
    public boolean ownedByAnother(dev.argoforensics.snapshot.WorkflowSnapshot w) {
        String owner = ownerWorkflowUid();
        return owner != null && w.uid() != null && !w.uid().isEmpty() && !w.uid().equals(owner);
    }

    /**
     * The controller's first {@code Pod phase was Failed but main did not have terminated state} for this Pod: it read the Pod
     * {@code Failed} while main had never ended (the Pod garbage collector's phase over a lost node's Pod), or null.
     */
    public LogEvent failedWithMainRunning() {
        return ExecutionOrder.failedUnterminated(this);
    }

    public LogEvent latestCreated() {
        LogEvent created = null;
        for (LogEvent e : events) {
            if (e.event() instanceof PodCreated && (created == null || e.time().instant().isAfter(created.time().instant()))) {
                created = e;
            }
        }
        return created;
    }
}
