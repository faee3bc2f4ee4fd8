package dev.argoforensics.snapshot;

import dev.argoforensics.time.Timestamp;

/**
 * A container's state from {@code status.containerStatuses} (or {@code initContainerStatuses}).
 *
 * @param state    running, terminated or waiting
 * @param exitCode for terminated containers, else null
 */
public record ContainerState(String name, boolean init, String state, Integer exitCode, String reason, Timestamp startedAt,
                             Timestamp finishedAt) {

    public boolean terminated() {
        return "terminated".equals(state);
    }

    public boolean succeeded() {
        return terminated() && exitCode != null && exitCode == 0;
    }
}
