package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;

/**
 * One removal of a Pod's status-capture finalizer by the controller, assembled from the lines of one
 * controller stream.
 *
 * @param onDelete  {@code Removing finalizers during a delete} paired with the scheduling line, or null
 * @param scheduled {@code queuing pod delay} / {@code queuing poddelay…} for removeFinalizer, or null
 * @param queued    {@code queueing pod for cleanup…} for removeFinalizer, or null
 * @param started   {@code cleaning up pod action=removeFinalizer} not followed by a failure, or null
 * @param cause     why the controller removed it
 */
public record FinalizerRemoval(LogEvent onDelete, LogEvent scheduled, LogEvent queued, LogEvent started, RemovalCause cause) {

    /** The moment the finalizer went: the cleanup worker's line, else the scheduling line. */
    public LogEvent decisive() {
        return started != null ? started : scheduled != null ? scheduled : queued;
    }

    public Timestamp time() {
        return decisive().time();
    }

    public Optional<PodCleanupScheduled> schedule() {
        return Optional.ofNullable(scheduled).map(e -> (PodCleanupScheduled) e.event());
    }

    /** Why the controller removes a status-capture finalizer. */
    public enum RemovalCause {
        /** The Pod is being deleted; the pod event handler released it after its deadline (#17024). */
        POD_DELETED,
        /** The Pod's Workflow is missing or being deleted: releasing the Pod is correct. */
        ORPHANED,
        /** {@code queuePodsForCleanup} after a Workflow update: the node was persisted as fulfilled. */
        AFTER_PERSIST,
        /** Only the cleanup worker's line was seen; the lines that would say why are missing. */
        UNKNOWN
    }
}
