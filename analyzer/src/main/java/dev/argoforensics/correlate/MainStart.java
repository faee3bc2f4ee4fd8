package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.PodSnapshot;

/**
 * How one export of a Pod shows its main container ({@link PodLifecycle#main(PodSnapshot)}), read once for every rule and the
 * timeline: never scheduled, scheduled with main not yet started, running, or terminated. Under {@code restartPolicy: Never} (every
 * Argo Pod) a container goes from waiting to running to terminated and never back, and the kubelet neither schedules nor starts
 * anything of a Pod being deleted. So a Pod bound to a node whose main is still {@code waiting} ({@code ContainerCreating},
 * {@code PodInitializing}, {@code ImagePullBackOff}, {@code ErrImagePull}, {@code CreateContainerConfigError}...) had not started main
 * when the export was taken; it is not "running" (s40: an export of a deleted Pod with main {@code waiting} read as main running at
 * the deletion, AF007 confirmed). Argo's own test is the same ({@code mainContainerNeverStarted}, v4: neither running nor terminated
 * with a {@code startedAt}); a terminated main without {@code startedAt} (the kubelet's {@code ContainerStatusUnknown}, written for
 * a running container as for a waiting one) is left {@link #TERMINATED}: it does not say whether main had started.
 */
public enum MainStart {
    /** No node: {@code spec.nodeName} empty and no {@code PodScheduled} {@code True}; main has no started state. */
    UNSCHEDULED,
    /** Bound to a node (or {@code PodScheduled} {@code True}) and main {@code waiting}: it had not started. */
    NOT_STARTED,
    /** main {@code running}. */
    RUNNING,
    /** main {@code terminated}. */
    TERMINATED,
    /** The export has no state for main (no container statuses, a state it does not name). */
    UNKNOWN;

    /** How the export shows main. */
    public static MainStart of(PodSnapshot s) {
        ContainerState main = PodLifecycle.main(s);
        if (main != null && main.terminated()) {
            return TERMINATED;
        }
        if (main != null && ("running".equals(main.state()) || main.startedAt() != null)) {
            return RUNNING;
        }
        if (!scheduled(s)) {
            return UNSCHEDULED;
        }
        return main != null && "waiting".equals(main.state()) ? NOT_STARTED : UNKNOWN;
    }

    /** Bound to a node: {@code spec.nodeName} set, or the {@code PodScheduled} condition {@code True}. */
    public static boolean scheduled(PodSnapshot s) {
        if (s.nodeName() != null && !s.nodeName().isEmpty()) {
            return true;
        }
        for (PodCondition c : s.conditions()) {
            if ("PodScheduled".equals(c.type()) && "True".equals(c.status())) {
                return true;
            }
        }
        return false;
    }

    /** main's waiting reason and message as the export gives them ("ImagePullBackOff: Back-off pulling image ..."), "" if none. */
    public static String waitingReason(PodSnapshot s) {
        ContainerState main = PodLifecycle.main(s);
        if (main == null || !"waiting".equals(main.state()) || main.reason() == null || main.reason().isEmpty()) {
            return "";
        }
        return main.message().isEmpty() ? main.reason() : main.reason() + ": " + main.message();
    }
}
