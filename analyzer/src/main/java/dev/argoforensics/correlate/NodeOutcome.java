package dev.argoforensics.correlate;

import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.EventRecorded;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Workflow node's last recorded state: the latest export of the Workflow, unless a forced phase or
 * message change in the logs, or v4's event of the node's end ({@code Event occurred}, logged after the update that stored
 * it), is certainly later.
 *
 * @param fromExport the state comes from an export (else from log lines)
 * @param source     the export or the last log line that says it
 * @param time       the node's finishedAt (else the export's observation time), or the line's time
 * @param daemon     an export of the Workflow shows the node running a daemon template ({@link NodeStatus#daemon()})
 * @param fromWorkflowMessage the state is the Workflow's own phase and {@code status.message} ({@link #orWorkflowMessage}), no
 *                   record of the node: {@code fromExport} is false and {@code time} null (it carries none of its own)
 * @param errorUnexplained the node's {@code Error} is recorded by its phase line alone: no line states what that change stored
 *                   (neither the marking of the error before it nor a message line after it, nor a {@code Workflow pod is missing}
 *                   that leads to the loss), so it may be the loss ({@code pod deleted}) or a result taken from the Pod; {@code message}
 *                   is then null (an older message is not this change's)
 */
public record NodeOutcome(String phase, String message, boolean fromExport, SourceRef source, Timestamp time, boolean daemon,
                          boolean fromWorkflowMessage, boolean errorUnexplained) {

    public NodeOutcome(String phase, String message, boolean fromExport, SourceRef source, Timestamp time, boolean daemon) {
        this(phase, message, fromExport, source, time, daemon, false, false);
    }

    public NodeOutcome(String phase, String message, boolean fromExport, SourceRef source, Timestamp time, boolean daemon,
                       boolean fromWorkflowMessage) {
        this(phase, message, fromExport, source, time, daemon, fromWorkflowMessage, false);
    }

    /**
     * The messages the controller's execution control gives a node whose Pod it finds Pending or Running while it stops the Workflow
     * ({@code applyExecutionControl}, exec_control.go, v3.4 to v4.1): {@code workflow shutdown with strategy:  <strategy>} (two
     * spaces; one where it fails a node before creating its Pod, workflowpod.go) and {@code Step exceeded its deadline}.
     */
    private static final Pattern SHUTDOWN = Pattern.compile("workflow shutdown with strategy: +(\\S+)");
    private static final String DEADLINE = "Step exceeded its deadline";

    /**
     * How the controller itself ended the node, as its message records it, or null: {@code "deadline"} (the Workflow's
     * {@code activeDeadlineSeconds} had passed) or the shutdown strategy ({@code Stop}, {@code Terminate}: {@code argo stop},
     * {@code argo terminate}). The controller writes these only for a Pod it still sees Pending or Running, marking the node
     * {@code Failed} as it sends every running container SIGTERM (then SIGKILL after the grace period): whatever exit codes come
     * after, the failure recorded is the stop, no result of the step that the Workflow lost.
     */
    /**
     * A daemon step's node ended {@code Failed} for its Pod's end: from v3.7 {@code assessNodeStatus} marks the node of a daemon
     * template {@code Failed} when its Pod succeeds (a daemon is meant to run until the controller stops it), also after the
     * controller's own teardown of the daemon had marked it {@code Succeeded} (#14790): an exit 0 there is the daemon ending, not a
     * lost result. Not where the node was lost to a deletion ({@code pod deleted}).
     */
    public boolean daemonEnded() {
        return daemon && "Failed".equals(phase) && !dev.argoforensics.snapshot.NodeStatus.podDeletedMessage(message);
    }

    public String controllerStop() {
        return controllerStop(phase, message);
    }

    /** {@link #controllerStop()} for a phase and message read elsewhere (a node's event of another run, session 47 breaker). */
    public static String controllerStop(String phase, String message) {
        if (!"Failed".equals(phase) || message == null) {
            return null;
        }
        String m = message.strip();
        if (DEADLINE.equals(m)) {
            return "deadline";
        }
        Matcher shutdown = SHUTDOWN.matcher(m);
        return shutdown.matches() ? shutdown.group(1) : null;
    }

    public static Optional<NodeOutcome> of(WorkflowHistory workflow, NodeLink link) {
        if (workflow == null || link == null) {
            return Optional.empty();
        }
        String logPhase = null;
        String logMessage = null;
        LogEvent last = null;
        for (LogEvent e : workflow.events()) {
            ControllerEvent ev = e.event();
            if (!link.isAbout(ev)) {
                continue;
            }
            if (ev instanceof NodePhaseChanged p) {
                logPhase = p.toPhase();
                last = e;
            } else if (ev instanceof NodeMessageChanged m) {
                logMessage = m.message();
                last = e;
            } else if (ev instanceof EventRecorded r && r.persistedResult()) {
                // v4's event of the node's end, logged after the update that persisted it: its phase and message as stored.
                logPhase = r.phase();
                logMessage = r.nodeMessage();
                last = e;
            }
        }
        Optional<NodeObservation> latest = workflow.nodeObservations(link.nodeId()).stream().reduce((a, b) -> b);
        boolean daemon = workflow.nodeObservations(link.nodeId()).stream().anyMatch(o -> o.node().daemon());
        if (latest.isPresent()) {
            ObservedAt observed = latest.get().snapshot().observed();
            if (last == null || observed == null || !observed.time().isBefore(last.time())) {
                NodeStatus n = latest.get().node();
                Timestamp at = n.finishedAt() != null ? n.finishedAt() : observed == null ? null : observed.time();
                return Optional.of(new NodeOutcome(n.phase(), n.message(), true, latest.get().source(), at, daemon));
            }
        }
        if (last == null) {
            return Optional.empty();
        }
        return Optional.of(new NodeOutcome(logPhase, logMessage, false, last.source(), last.time(), daemon));
    }

    /**
     * The root node's end as the Workflow's own phase and message state it, where nothing records the node itself: the latest
     * observation of the Workflow shows no nodes (a {@code kubectl get workflows} or {@code argo list} row, {@code argo get} without
     * its tree, an export whose nodes were offloaded) and ended {@code Error} or {@code Failed} with a message. The controller sets
     * the Workflow's phase from its root node's and its message to the root node's message once the root has ended (operator.go,
     * v3.4 to v4.1: {@code workflowMessage = node.Message}), except under a shutdown strategy ({@code Stopped with strategy
     * 'Stop'}, which says nothing of the node's own message). Only the root node's: {@code link} must be the node named after the
     * Workflow (a Workflow of one Pod, whose Pod has the Workflow's name); a Steps or DAG root's message is its own ({@code child
     * 'W-123' failed}), no Pod node's. No time: the row was printed at some moment after the end.
     */
    /**
     * The node's recorded state ({@code recorded}, null when nothing records it), or, where that is no end (the node last seen
     * {@code Pending} or {@code Running}: a controller excerpt cut before the node ended), the Workflow's own end as
     * {@link #ofWorkflowMessage(WorkflowHistory, NodeLink, Timestamp)} reads it, unless the Workflow was printed before the record: a
     * Workflow that ended after its root node was last seen running says how the root ended.
     */
    public static NodeOutcome orWorkflowMessage(NodeOutcome recorded, WorkflowHistory workflow, NodeLink link) {
        if (recorded != null && !("Pending".equals(recorded.phase()) || "Running".equals(recorded.phase()))) {
            return recorded;
        }
        return ofWorkflowMessage(workflow, link, recorded == null ? null : recorded.time()).orElse(recorded);
    }

    private static Optional<NodeOutcome> ofWorkflowMessage(WorkflowHistory workflow, NodeLink link, Timestamp notBefore) {
        if (workflow == null || link == null || workflow.snapshots().isEmpty()) {
            return Optional.empty();
        }
        String name = workflow.ref().name();
        if (!name.equals(link.nodeId()) && !name.equals(link.nodeName())) {
            return Optional.empty();
        }
        dev.argoforensics.snapshot.WorkflowSnapshot latest = workflow.snapshots().get(workflow.snapshots().size() - 1);
        // Listed before the node's last recorded line, or possibly so by a stated time (a user's clock, ObservedAt#after): it
        // cannot show how the node ended after that line.
        if (!latest.nodes().isEmpty() || !latest.nodesOffloaded() || (notBefore != null && latest.observed() != null
                && (latest.observed().statedTime() ? !latest.observed().after(notBefore.windowEnd()).known()
                : !latest.observed().lowerBound() && latest.observed().time().isBefore(notBefore)))) {
            return Optional.empty();
        }
        return latest.rootNodeMessage().map(m -> new NodeOutcome(latest.phase(), m, false, latest.source(), null, false, true));
    }
}
