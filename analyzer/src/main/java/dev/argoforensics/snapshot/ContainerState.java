package dev.argoforensics.snapshot;

import dev.argoforensics.time.Timestamp;

/**
 * A container's state from {@code status.containerStatuses} (or {@code initContainerStatuses}).
 *
 * @param state    running, terminated or waiting
 * @param exitCode for terminated containers, else null
 * @param message  the terminated state's message (the container's termination message), "" if none
 */
public record ContainerState(String name, boolean init, String state, Integer exitCode, String reason, Timestamp startedAt,
                             Timestamp finishedAt, String message) {

    public ContainerState {
        message = message == null ? "" : message;
    }

    /** A state without a termination message. */
    public ContainerState(String name, boolean init, String state, Integer exitCode, String reason, Timestamp startedAt, Timestamp finishedAt) {
        this(name, init, state, exitCode, reason, startedAt, finishedAt, "");
    }

    public boolean terminated() {
        return "terminated".equals(state);
    }

    public boolean succeeded() {
        return terminated() && exitCode != null && exitCode == 0;
    }

    /**
     * The latest the container can have ended on another clock of the cluster (the controller's, the API server's), or null without a
     * {@code finishedAt}: that time is its kubelet's, on its node's clock, truncated to the second (lifecycle reference A2,
     * {@code metav1.Time}), so the end lies before the end of its second plus what a node's clock may be off
     * ({@link PodSnapshot#NODE_CLOCK_NANOS}). Session 53: an order of the end before a controller's line holds only past this.
     */
    public java.time.Instant finishedNoLaterThan() {
        return finishedAt == null ? null : finishedAt.windowEnd().plusNanos(PodSnapshot.NODE_CLOCK_NANOS);
    }
}
