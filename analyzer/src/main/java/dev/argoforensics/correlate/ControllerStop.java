package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.PodRestartQualified;
import dev.argoforensics.event.ControllerEvent.PodStopping;
import dev.argoforensics.event.ControllerEvent.StopCause;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * The workflow controller ending a Pod itself, as its own line says: its execution control stopping the Pod while it was
 * Pending or Running (a shutdown of the Workflow, its deadline, an on-exit Pod during a shutdown: {@code terminateContainers},
 * which deletes a Pending Pod and signals a Running one), or v4's automatic restart (the Pod failed before its main container
 * ran; the node goes back to {@code Pending}, the controller deletes the Pod by its UID and creates a new one for the node).
 * Derived once per Pod by {@link LifecycleBuilder}; the rules read it, never the lines.
 *
 * @param kind         what the controller did
 * @param strategy     the shutdown strategy ({@code Stop}, {@code Terminate}) for {@link Kind#SHUTDOWN}, else null
 * @param reason       for {@link Kind#RESTART}: the Pod's {@code status.reason} ({@code Evicted}, {@code NodeShutdown}...), else null
 * @param restartCount for {@link Kind#RESTART}: the node's restarts so far, this one included (null: not logged)
 * @param line         the controller's line
 */
public record ControllerStop(Kind kind, String strategy, String reason, Integer restartCount, LogEvent line) {

    /** What the controller did to the Pod. */
    public enum Kind {
        /** {@code Terminating pod as part of workflow shutdown}: {@code argo stop} / {@code argo terminate}. */
        SHUTDOWN,
        /** {@code Terminating pod which has exceeded workflow deadline}: the Workflow's {@code activeDeadlineSeconds}. */
        DEADLINE,
        /** {@code Terminating on-exit pod}: an on-exit Pod during a shutdown. */
        ON_EXIT,
        /** {@code Pod qualifies for automatic restart - marking as pending} (v4): deleted by UID so the node runs again. */
        RESTART
    }

    /** v4's automatic restart. */
    public boolean restart() {
        return kind == Kind.RESTART;
    }

    /** The line came no later than {@code t}, within what two clocks may disagree (the line is on the controller's clock). */
    public boolean notAfter(Timestamp t) {
        return !line.time().instant().isAfter(t.windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS));
    }

    /** A stop (not a restart): the controller failed or ended the step itself. */
    public boolean stop() {
        return kind != Kind.RESTART;
    }

    /**
     * The first stop line ({@link PodStopping}) of this Pod instance's own Workflow that came while main could still be running:
     * not after an export shows main ended (beyond what its node's clock may be off, {@link ContainersEnd#mainEndedBefore}; a Pod
     * still Running for its {@code wait} container is stopped too, but the step's work was done), not after a Workflow worker assessed it
     * {@code Succeeded}, not after the controller labelled it completed. The controller logs the line only for a Pod it sees
     * Pending or Running and a node not fulfilled; a line after the Pod's end comes from a stale informer copy and stopped nothing.
     *
     * @param events    the instance's lines (from its latest {@code Created pod} on)
     * @param workflow  the Pod's Workflow, or null if not known
     * @param ended     the containers' end by an export, or null
     * @param succeeded the first worker line assessing the Pod Succeeded, or null
     * @param labelled  the controller labelling the Pod completed, or null
     */
    static ControllerStop stopOf(List<LogEvent> events, WorkflowRef workflow, ContainersEnd ended, LogEvent succeeded, LogEvent labelled) {
        for (LogEvent e : events) {
            if (!(e.event() instanceof PodStopping s) || !sameWorkflow(s, workflow)) {
                continue;
            }
            if (ended != null && ended.mainEndOrder(e.time(), e.stream()).ordered()) {
                return null; // main had ended before: the line stopped nothing of the step (at most wait saving its outputs; review s26)
            }
            if ((succeeded != null && EventOrder.before(succeeded, e)) || (labelled != null && EventOrder.before(labelled, e))) {
                return null;
            }
            Kind kind = s.cause() == StopCause.SHUTDOWN ? Kind.SHUTDOWN : s.cause() == StopCause.DEADLINE ? Kind.DEADLINE : Kind.ON_EXIT;
            return new ControllerStop(kind, s.cause() == StopCause.SHUTDOWN ? s.strategy() : null, null, null, e);
        }
        return null;
    }

    /**
     * The first stop line of the instance's own Workflow, where {@link #stopOf} set it aside only because main's end came before it by
     * more than its node's clock may be off ({@link NodeClock.NodeOrder#MARGIN}: nothing bounds that clock), or null (session 56): a
     * node whose clock is behind by more puts an end that answered the stop before it, so a reading that main had finished rests on
     * the node's clock agreeing.
     */
    static LogEvent setAsideOnNodeMargin(List<LogEvent> events, WorkflowRef workflow, ContainersEnd ended) {
        if (ended == null) {
            return null;
        }
        for (LogEvent e : events) {
            if (e.event() instanceof PodStopping s && sameWorkflow(s, workflow)) {
                return ended.mainEndOrder(e.time(), e.stream()).capped() ? e : null;
            }
        }
        return null;
    }

    /**
     * The automatic restart of a Pod instance: the first {@link PodRestartQualified} line of its Workflow among {@code events}
     * (an instance's lines: a restart is logged once per Pod UID), or null.
     */
    static ControllerStop restartOf(List<LogEvent> events, WorkflowRef workflow) {
        for (LogEvent e : events) {
            if (e.event() instanceof PodRestartQualified r && sameWorkflow(r, workflow)) {
                return new ControllerStop(Kind.RESTART, null, r.reason(), r.restartCount(), e);
            }
        }
        return null;
    }

    /**
     * The latest automatic restart among {@code events} logged before both {@code release} and {@code created}: the restart of the
     * earlier Pod of a name whose release came before the latest Pod of the name was created (null: none).
     */
    static ControllerStop lastRestartBefore(List<LogEvent> events, WorkflowRef workflow, LogEvent release, LogEvent created) {
        ControllerStop out = null;
        for (LogEvent e : events) {
            if (e.event() instanceof PodRestartQualified r && sameWorkflow(r, workflow) && EventOrder.before(e, release)
                    && (created == null || EventOrder.before(e, created))) {
                out = new ControllerStop(Kind.RESTART, null, r.reason(), r.restartCount(), e);
            }
        }
        return out;
    }

    /** The line names no Workflow, or this one (same namespace and name where both are known). */
    private static boolean sameWorkflow(ControllerEvent.OfWorkflow line, WorkflowRef workflow) {
        WorkflowRef named = line.wf();
        return named == null || workflow == null || (named.name().equals(workflow.name())
                && (named.namespace() == null || workflow.namespace() == null || named.namespace().equals(workflow.namespace())));
    }
}
