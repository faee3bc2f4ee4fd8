package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.Set;

/**
 * How a Pod's containers ended, from the first export that shows every (non-init) container
 * terminated.
 *
 * @param at         the latest {@code finishedAt} (whole seconds)
 * @param allZero    every container exited 0
 * @param mainExit   the main container's exit code, null if unknown
 * @param mainReason its {@code reason} (Completed, Error, OOMKilled, ContainerStatusUnknown, ...)
 * @param snapshot   the export
 */
public record ContainersEnd(Timestamp at, boolean allZero, Integer mainExit, String mainReason, PodSnapshot snapshot) {
    /** Exit codes of a process ended by a signal: 137 (the emissary's code for any signal, or SIGKILL), 143 (SIGTERM). */
    private static final Set<Integer> SIGNAL_EXITS = Set.of(137, 143);

    /**
     * The main container's exit code is one a signal gives (never proof on its own: a process may exit 137 itself), and not by the
     * kernel's OOM killer: reason {@code OOMKilled} is the runtime's word that an OOM event killed it (lifecycle reference A2), a
     * kill no deletion sent.
     */
    public boolean mainSignalled() {
        return mainExit != null && SIGNAL_EXITS.contains(mainExit) && !"Completed".equals(mainReason) && !"OOMKilled".equals(mainReason);
    }

    /** {@code main exit 0, wait exit 0}. */
    public String exitSummary() {
        return snapshot.exitCodeSummary();
    }

    static ContainersEnd of(PodSnapshot s) {
        Timestamp at = s.containersFinishedAt().orElse(null);
        if (at == null) {
            return null;
        }
        ContainerState main = PodLifecycle.main(s);
        return new ContainersEnd(at, s.allContainersSucceeded(), main == null ? null : main.exitCode(), main == null ? "" : main.reason(), s);
    }
}
