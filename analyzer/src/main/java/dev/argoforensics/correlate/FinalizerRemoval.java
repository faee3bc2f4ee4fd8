package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;

/**
 * One removal of a Pod's status-capture finalizer by the controller, assembled from the lines of one
 * controller stream.
 *
 * @param trigger   the pod informer event ({@code add}, {@code update} or {@code delete pod event}) of the
 *                  same stream that the deleting handler ran on, or null
 * @param onDelete  {@code Removing finalizers during a delete} paired with the scheduling line, or null
 * @param scheduled {@code queuing pod delay} / {@code queuing poddelay…} for removeFinalizer, or null
 * @param queued    {@code queueing pod for cleanup…} for removeFinalizer, or null
 * @param started   {@code cleaning up pod action=removeFinalizer} not followed by a failure, or null
 * @param cause     why the controller removed it
 * @param unworked  for an item no worker line took: what shows that none of its run's workers took it while it could still remove
 *                  the finalizer (its run lost the Lease, ended, or ran on past the Pod's going), else null; such an item is kept
 *                  only as the Pod's one release, as one that removed nothing its lines show (session 38)
 */
public record FinalizerRemoval(LogEvent trigger, LogEvent onDelete, LogEvent scheduled, LogEvent queued, LogEvent started, RemovalCause cause,
                               Unworked unworked) {

    /** An item whose run's lines do not say why none of its workers took it. */
    public FinalizerRemoval(LogEvent trigger, LogEvent onDelete, LogEvent scheduled, LogEvent queued, LogEvent started, RemovalCause cause) {
        this(trigger, onDelete, scheduled, queued, started, cause, null);
    }

    /** The same item, {@code why} none of its run's workers took it. */
    public FinalizerRemoval unworked(Unworked why) {
        return new FinalizerRemoval(trigger, onDelete, scheduled, queued, started, cause, why);
    }

    /**
     * What shows that no cleanup worker of the item's run took it while it could still remove the finalizer.
     *
     * @param kind  which
     * @param line  the line that shows it ({@code stopped leading}, {@code Workflow pod is missing}, another run's
     *              {@code delete pod event}), null for {@link Kind#RUN_ENDED}
     * @param at    its time: for {@link Kind#RUN_ENDED} the next run's first line
     * @param where the line's place, or for {@link Kind#RUN_ENDED} the file in which the next run starts
     */
    public record Unworked(Kind kind, LogEvent line, Timestamp at, String where) {

        /** Why the item was never worked. */
        public enum Kind {
            /** Its run logged {@code stopped leading} before any worker line: the queue shut down, the process exited. */
            LEASE_LOST,
            /** The next process of the same replica starts in the same file before any worker line: the queue died with the process. */
            RUN_ENDED,
            /**
             * Another line shows the Pod gone (its node's {@code Workflow pod is missing}, another run's {@code delete pod event}) while
             * the item's run, read whole from the item to past that line, logged no worker line: none of its workers patched the Pod
             * before it was gone.
             */
            GONE_BEFORE
        }
    }

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
        /**
         * The deleting handler ran on a {@code delete pod event}: the Pod had left the informer while it
         * still carried the finalizer in the informer's last view, which a Pod being deleted cannot do
         * (the finalizer holds it). It left the watch's selector ({@code labelPodCompleted} sets
         * {@code completed=true}, and with it removes the finalizer), so the removal patches nothing.
         */
        LEFT_INFORMER,
        /** The Pod's Workflow is missing or being deleted: releasing the Pod is correct. */
        ORPHANED,
        /**
         * The scheduling line without its handler line, in an excerpt of the stream that would not have shown that line
         * (a grep for the Pod or its Workflow drops it: it names no Pod), with a delay both branches can log: the Pod
         * being deleted ({@link #POD_DELETED}) or its Workflow missing or being deleted ({@link #ORPHANED}). The Pod
         * export with its conditions, or the unfiltered controller log, tells which.
         */
        EITHER_BRANCH,
        /**
         * Queued without the pod event handler's scheduling line: {@code queuePodsForCleanup} after a
         * Workflow update that persisted the node fulfilled, or the Workflow delete handler.
         */
        AFTER_PERSIST,
        /** Only the cleanup worker's line was seen; the lines that would say why are missing. */
        UNKNOWN
    }
}
