package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;

/**
 * A Pod still in the releasing controller's informer more than a minute after that controller's cleanup worker took the release
 * (session 39). The worker merge-patches the finalizer away; the update that empties the finalizers of a Pod whose deletion is
 * due removes it (lifecycle reference A1), and the watch tells the informer within moments. So the Pod was kept by something the
 * worker's patch did not remove: the patch left the finalizer (the controller's {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} not
 * exactly {@code "true"}), or the Pod was still being deleted gracefully.
 *
 * @param gone  the run's own {@code delete pod event} for the Pod, more than the minute after the worker's line (null: none in
 *              the run after the worker's line)
 * @param until the latest moment the run shows the Pod still in its informer: the {@code delete pod event}'s time, else the
 *              run's last line, its log read whole from the worker's line past the minute with no delete event of the Pod
 */
public record StayedAfterWorker(LogEvent gone, Timestamp until) {
}
