package dev.argoforensics.snapshot;

import dev.argoforensics.time.Timestamp;

/** One of {@code status.conditions}. */
public record PodCondition(String type, String status, Timestamp lastTransitionTime) {
}
