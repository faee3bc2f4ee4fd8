package dev.argoforensics.correlate;

import dev.argoforensics.catalog.ArgoVersion;

/**
 * Whether a controller release has the status-capture finalizer {@code workflows.argoproj.io/status} at all: Argo adds it to Pods
 * (with {@code ARGO_POD_STATUS_CAPTURE_FINALIZER=true}) from v3.6.0 (reference argo-controller-logs.md §2.2, §7.1). Before it nothing
 * holds a deleted Pod for the controller, so nothing can release one early or keep one too long.
 */
public final class StatusFinalizerRelease {
    static final ArgoVersion SINCE = ArgoVersion.exact("v3.6.0");

    private StatusFinalizerRelease() {
    }

    /**
     * Every release the run may be is before v3.6.0 (its start banner's, or the whole range its lines' shapes point to): it has no
     * status-capture finalizer. False when the release is not known, or a range reaches v3.6.0.
     */
    public static boolean absent(String release) {
        return PodEventLines.allBefore(release, SINCE);
    }
}
