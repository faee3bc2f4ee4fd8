package dev.argoforensics.snapshot;

import dev.argoforensics.time.Timestamp;

/**
 * One of {@code status.conditions}.
 *
 * @param reason  its {@code reason} ("" when absent): for {@code DisruptionTarget}, what is about to delete the Pod
 *                ({@code EvictionByEvictionAPI}, {@code DeletionByTaintManager}, {@code PreemptionByScheduler},
 *                {@code DeletionByPodGC}, {@code TerminationByKubelet}...)
 * @param message its {@code message} ("" when absent)
 */
public record PodCondition(String type, String status, Timestamp lastTransitionTime, String reason, String message) {

    public PodCondition {
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
    }

    /** A condition without a reason or message. */
    public PodCondition(String type, String status, Timestamp lastTransitionTime) {
        this(type, status, lastTransitionTime, "", "");
    }
}
