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

    // Session 57: finishedNoLaterThan (the end's second plus a node's minute) is gone from here: the order of a container's end
    // against another clock is correlation's (correlate.NodeClocks#endBefore), through the node's clock the Pod's records bound.
}
