package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;

/**
 * A Pod leaving the controller's pod informer ({@code delete pod event}), and what that was. The
 * informer watches only Pods labelled {@code workflows.argoproj.io/completed=false}, so a Pod the
 * controller labels completed leaves it while it still exists, and a Pod held by the status-capture
 * finalizer cannot leave the cluster before the finalizer goes.
 *
 * @param event the {@code delete pod event} line
 * @param cause the controller's own {@code labelPodCompleted} before it, for {@link Kind#LABELLED}, else null
 */
public record InformerExit(LogEvent event, Kind kind, LogEvent cause) {

    /** What the delete event meant. */
    public enum Kind {
        /** The Pod left the watch's selector after the controller labelled it completed: it still exists. */
        LABELLED,
        /** The Pod left the cluster: its finalizer (if any) was already gone. */
        REMOVED
    }
}
