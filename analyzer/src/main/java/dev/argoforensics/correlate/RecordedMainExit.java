package dev.argoforensics.correlate;

import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.List;
import java.util.Set;

/**
 * Main's exit 0 as the controller recorded it on the Pod's node while the node was still unfinished (session 39). Each
 * assessment of a Pod ({@code assessNodeStatus}, read at v3.4.0 to v4.1) copies the exit code of the Pod's {@code main} container,
 * once the controller's informer shows it terminated, into the node's {@code outputs.exitCode} ({@code getExitCode}), whatever
 * phase it gives the node; the task-result reconciliation keeps it. The executor writes none (it reports the template's outputs).
 * A node whose Pod is still {@code Running} (main ended, {@code wait} saving outputs) is assessed {@code Running} and stored with
 * main's exit code (no line says so: {@code leaving phase un-changed: … not yet terminated} is logged only where the assessment
 * gave a completed phase, never for a {@code Running} Pod; read at v3.4.0, v3.6.10, v4.1.2); a node assessed {@code Succeeded} with its task result incomplete is not stored (v3.5.5+),
 * so it carries main's exit code only from such an earlier pass.
 *
 * <p>It is read where the node was lost unfinished: an export of the Workflow holds the node with {@code outputs.exitCode} "0" (the
 * latest export that holds a code), and nothing shows the node completed by its own Pod before it was marked lost. Up to v3.7 a
 * completed node is never marked {@code pod deleted}; from v4.0 one whose task result is unsynced is, so a node failed for another
 * container (a sidecar, with main's exit 0 recorded) could end {@code pod deleted} too: an export of it {@code Failed} (or
 * {@code Error} with another message), a {@code Workflow pod is missing} line with a completed {@code nodePhase}, or a phase change
 * from a completed phase refuses it. Main's exit 0 says nothing of the other containers; a main that answers a deletion's SIGTERM
 * with exit 0 is recorded the same way, so the record orders main's end before the deletion only where an export holding it was
 * taken before the deletion's earliest bound ({@link #before}).
 *
 * @param export the latest export of the Workflow's node (of this Pod's instance, {@code LifecycleBuilder#nodeExports}), holding main's
 *               exit code "0"
 * @param before an export holding the code "0" for the unfinished node, taken before the deletion was requested by more than two
 *               clocks' 10 s (by its own times or a write; a stated time counts, flagged by {@link #stated}), or null
 * @param stated {@code before} is placed before the deletion only by a time its file or the command line states
 */
public record RecordedMainExit(NodeObservation export, NodeObservation before, boolean stated) {

    private static final Set<String> FAILED = Set.of("Failed", "Error");

    /** Main's exit code 0 recorded on the node, ordered before the deletion or not; null where the exports do not show it. */
    static RecordedMainExit of(List<WorkflowSnapshot> exports, NodeLink link, List<LogEvent> nodeLines, DeletionRequest deletion) {
        if (link == null || exports.isEmpty()) {
            return null;
        }
        NodeObservation latest = null;
        for (WorkflowSnapshot w : exports) {
            NodeStatus n = w.node(link.nodeId()).orElse(null);
            if (n == null) {
                continue;
            }
            if (FAILED.contains(n.phase()) && !n.podDeletedError()) {
                return null; // the node completed failed by its own Pod: main's exit 0 is not the Pod's success
            }
            latest = new NodeObservation(w, n);
        }
        // The latest export of the node must hold it: the controller never clears the code, so a later export without it is of
        // another instance of the node (argo retry resets it and runs it again in a Pod of the same name).
        if (latest == null || latest.node().exitCode() == null || !"0".equals(latest.node().exitCode().trim()) || !podNode(latest.node())) {
            return null;
        }
        for (LogEvent e : nodeLines) {
            String completed = e.event() instanceof WorkflowPodMissing m ? m.nodePhase()
                    : e.event() instanceof NodePhaseChanged p && "Error".equals(p.toPhase()) ? p.fromPhase()
                    : e.event() instanceof NodeChanged c && FAILED.contains(c.newPhase()) && !NodeStatus.podDeletedMessage(c.newMessage())
                    ? c.newPhase() : null;
            if (completed != null && FAILED.contains(completed)) {
                return null; // the node was completed failed before it was marked lost (v4: a completed node with an unsynced result)
            }
        }
        NodeObservation before = null;
        boolean stated = false;
        // A bound with no date (an excerpt's time of day) orders nothing against an export's dated time.
        if (deletion != null && deletion.notBefore() != null && !deletion.notBefore().at().undated()) {
            java.time.Instant bound = deletion.notBefore().at().instant().minusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
            for (WorkflowSnapshot w : exports) {
                NodeStatus n = w.node(link.nodeId()).orElse(null);
                // The same instance of the node (its start time): not an earlier attempt's, reset by argo retry since.
                if (n == null || w.observed() == null || !w.observed().time().comparable(deletion.notBefore().at())
                        || !"0".equals(n.exitCode() == null ? null : n.exitCode().trim())
                        || !java.util.Objects.equals(n.startedAt(), latest.node().startedAt())) {
                    continue;
                }
                ObservedAt.Order order = w.observed().before(bound);
                if (order == ObservedAt.Order.SHOWN || (order == ObservedAt.Order.STATED && before == null)) {
                    before = new NodeObservation(w, n);
                    stated = order == ObservedAt.Order.STATED;
                    if (!stated) {
                        break;
                    }
                }
            }
        }
        return new RecordedMainExit(latest, before, stated);
    }

    /** A Pod node (an export names its type; one that names none is taken as the node the Pod was linked to). */
    private static boolean podNode(NodeStatus n) {
        return n.type() == null || n.type().isEmpty() || "Pod".equals(n.type());
    }

    /** Main's end is ordered before the deletion by an export of the Workflow. */
    public boolean ordered() {
        return before != null;
    }
}
