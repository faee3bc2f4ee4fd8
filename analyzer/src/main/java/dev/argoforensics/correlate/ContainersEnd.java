package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodCondition;
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
 * @param kubeletStop how the kubelet ended the Pod itself (a graceful node shutdown, a node-pressure eviction, the Pod's
 *                   {@code activeDeadlineSeconds}), as that export says it, or null: the containers then ended because the
 *                   kubelet stopped them, and an exit code 0 is their answer to its SIGTERM, no success ({@link #kubeletStop(PodSnapshot)})
 * @param clock      what bounds the clock of the export's node, on which the containers' times are written ({@link NodeClock}, session 56)
 */
public record ContainersEnd(Timestamp at, boolean allZero, Integer mainExit, String mainReason, PodSnapshot snapshot, String kubeletStop,
                            NodeClock clock) {
    /** Exit codes of a process ended by a signal: 137 (the emissary's code for any signal, or SIGKILL), 143 (SIGTERM). */
    static final Set<Integer> SIGNAL_EXITS = Set.of(137, 143);

    /**
     * The main container's exit code is one a signal gives (never proof on its own: a process may exit 137 itself), and not by the
     * kernel's OOM killer: reason {@code OOMKilled} is the runtime's word that an OOM event killed it (lifecycle reference A2), a
     * kill no deletion sent.
     */
    /**
     * Main had ended before {@code t}, a time on another clock than its node's (the controller's line, the API server's), by more
     * than its node's clock may be off ({@link DeletionBounds#nodeClearlyBefore}: its own {@code finishedAt}, else every container's
     * end, are its kubelet's times): a stop of the Pod logged then reached {@code wait} or a sidecar, not main (review s26: {@code argo
     * stop} while {@code wait} still saved main's outputs). Session 55: by two clocks' 10 s, a node 17 s behind made a deadline's stop
     * that main answered with exit 0 a second later read as a stop after main's end, and AF002 confirmed a lost success (the
     * judgment's node clocks, {@code ControllerStopLinesTest.af002KeepsADeadlineStopMainsNodeClockPutsAfterItsEnd}).
     */
    public boolean mainEndedBefore(Timestamp t) {
        return mainEndOrder(t).ordered();
    }

    /**
     * How main's end orders before {@code t}, a controller's line (session 56): by its node's clock bounded from the Pod's own records
     * ({@link NodeClock}; the controller's clock against the API server's within two clocks' {@link DeletionBounds#CROSS_CLOCK_NANOS}),
     * else only past the node's margin ({@link NodeClock.NodeOrder#MARGIN}: an order that rests on the node's clock agreeing).
     */
    public NodeClock.NodeOrder mainEndOrder(Timestamp t) {
        return mainEndOrder(t, null);
    }

    /**
     * As {@link #mainEndOrder(Timestamp)}, for a line of the controller run {@code stream} (null: a controller's time in an export, its
     * run not known): bounded only where that run's clock is bounded too ({@link NodeClock#nodeBeforeController}; session 56 breaker).
     */
    public NodeClock.NodeOrder mainEndOrder(Timestamp t, Integer stream) {
        Timestamp end = mainAt();
        if (t == null || end == null || !end.comparable(t)) {
            return NodeClock.NodeOrder.NONE;
        }
        NodeClock c = clock == null ? NodeClock.unknown(snapshot == null ? null : snapshot.nodeName()) : clock;
        return c.nodeBeforeController(end, t, stream);
    }

    /** The same end with what bounds its node's clock. */
    ContainersEnd withClock(NodeClock c) {
        return new ContainersEnd(at, allZero, mainExit, mainReason, snapshot, kubeletStop, c);
    }

    /**
     * Main had ended before {@code t}, a time its own node's kubelet wrote (a Killing Event's): one clock, by more than two clocks
     * may disagree ({@link DeletionBounds#clearlyBefore}), as {@link #mainEndedBefore} did before session 55.
     */
    public boolean mainEndedBeforeOnItsNode(Timestamp t) {
        Timestamp end = mainAt();
        return t != null && end != null && end.comparable(t) && DeletionBounds.clearlyBefore(end, t);
    }

    /**
     * When main ended: its own {@code finishedAt}, else every container's end. A sidecar (or {@code wait}) may end long after main,
     * stopped by a deletion that came once main had exited: the last container's end says when the Pod finished, not main.
     */
    public Timestamp mainAt() {
        ContainerState main = snapshot == null ? null : PodLifecycle.main(snapshot);
        return main != null && main.terminated() && main.finishedAt() != null ? main.finishedAt() : at;
    }

    /** "the containers ended at T", or, where main ended before the last of them, "main ended at T". */
    public String mainEnded() {
        Timestamp m = mainAt();
        ContainerState main = snapshot == null ? null : PodLifecycle.main(snapshot);
        return (m == at || main == null ? "the containers ended at " : main.name() + " ended at ") + m.format();
    }

    public boolean mainSignalled() {
        return mainExit != null && SIGNAL_EXITS.contains(mainExit) && !"Completed".equals(mainReason) && !"OOMKilled".equals(mainReason);
    }

    /** Every container exited 0 and the kubelet did not stop the Pod: the containers ended on their own, each with success. */
    public boolean succeeded() {
        return allZero && kubeletStop == null;
    }

    /**
     * How the kubelet ended the Pod itself, from one export, or null. With {@code restartPolicy: Never} the kubelet writes phase
     * {@code Failed} only when a container failed or when it stopped the Pod itself: a graceful node shutdown ({@code reason:
     * Terminated}), a node-pressure eviction ({@code Evicted}), the Pod's deadline ({@code DeadlineExceeded}); the first two also set a
     * {@code DisruptionTarget} condition of reason {@code TerminationByKubelet}, and none is an API deletion (lifecycle reference A2).
     * So a {@code Failed} Pod with a {@code status.reason}, with that condition, or whose containers all exited 0, was stopped by the
     * kubelet. Not where PodGC wrote the phase ({@code DisruptionTarget} {@code DeletionByPodGC}, no reason): it patches {@code
     * Failed} onto a Pod whose node is gone.
     */
    static String kubeletStop(PodSnapshot s) {
        if (!"Failed".equals(s.phase())) {
            return null;
        }
        PodCondition byKubelet = null;
        boolean byPodGc = false;
        for (PodCondition c : s.conditions()) {
            if ("DisruptionTarget".equals(c.type()) && "True".equals(c.status())) {
                byKubelet = "TerminationByKubelet".equals(c.reason()) ? c : byKubelet;
                byPodGc |= "DeletionByPodGC".equals(c.reason());
            }
        }
        String reason = s.statusReason();
        String message = !s.statusMessage().isBlank() ? s.statusMessage().strip() : byKubelet != null ? byKubelet.message().strip() : "";
        if (!reason.isEmpty() || byKubelet != null) {
            String why = !reason.isEmpty() ? "reason " + reason : "condition DisruptionTarget TerminationByKubelet";
            return "the kubelet ended the Pod Failed (" + why + (message.isEmpty() ? "" : ": " + message) + ")";
        }
        if (s.allContainersSucceeded() && !byPodGc) {
            return "the kubelet ended the Pod Failed although every container exited 0 (the export gives no reason)";
        }
        return null;
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
        return new ContainersEnd(at, s.allContainersSucceeded(), main == null ? null : main.exitCode(), main == null ? "" : main.reason(), s, kubeletStop(s), null);
    }
}
