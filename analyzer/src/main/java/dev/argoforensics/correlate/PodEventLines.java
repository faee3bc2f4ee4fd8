package dev.argoforensics.correlate;

import dev.argoforensics.catalog.ArgoVersion;
import dev.argoforensics.catalog.ReleaseRange;
import dev.argoforensics.event.ControllerProcess;

/**
 * Whether a controller run logs its pod informer's events ({@code add pod event}, {@code delete pod event}: Info, the pod
 * package of v3.6.5 and later; reference argo-controller-logs.md §5.2, §5.3). Before it the pod informer logs only
 * {@code insignificant pod change}: a Pod leaving the informer (deleted, or labelled completed) leaves no line of its own.
 */
public final class PodEventLines {
    static final ArgoVersion SINCE = ArgoVersion.exact("v3.6.5");

    private PodEventLines() {
    }

    /**
     * The run logs them: its release as read over all its lines (the start banner, or the range its lines' shapes point to, an
     * {@code add pod event} among them) is v3.6.5 or later. False when the release is not known.
     */
    public static boolean logged(ControllerProcess run) {
        if (run == null || run.release() == null) {
            return false;
        }
        try {
            ArgoVersion low = ReleaseRange.parse(run.release().split(" ", 2)[0] + "+").low();
            return low != null && low.compareTo(SINCE) >= 0;
        } catch (IllegalArgumentException notARelease) {
            return false;
        }
    }

    /**
     * Every release the run may be is before v3.6.5: it does not log them. Its start banner names one, or its lines' shapes point
     * to a range whose last release is before v3.6.5 ({@code v3.5.6 to v3.5.x}); a range reaching v3.6.5 ({@code v3.5.6 to
     * v3.6.x}) holds releases that do, so its first bound says nothing. False when the release is not known.
     */
    public static boolean notLogged(ControllerProcess run) {
        return run != null && notLogged(run.release());
    }

    /** {@link #notLogged(ControllerProcess)} of a run's {@link ControllerProcess#release()} text. */
    public static boolean notLogged(String release) {
        return allBefore(release, SINCE);
    }

    /**
     * Every release a run's release text may be (a start banner's, or the whole range its lines' shapes point to) is before
     * {@code version}; false when the release is not known, or its range reaches {@code version}.
     */
    static boolean allBefore(String release, ArgoVersion version) {
        if (release == null) {
            return false;
        }
        try {
            ArgoVersion high = ReleaseRange.parse(ControllerProcess.releaseName(release)).high();
            return high != null && high.compareTo(version) < 0;
        } catch (IllegalArgumentException notARelease) {
            return false;
        }
    }
}
