package dev.argoforensics.rules;

import dev.argoforensics.time.GoDuration;

/**
 * The thresholds rules decide by, each a duration in nanoseconds; the command line sets them
 * ({@code analyze --stall-threshold …}) and the rule pages document the defaults.
 *
 * @param stallNanos           AF003 (and AF001's context): a Workflow not processed for longer than
 *                             this after its Pod's deletion requeued it is stalled
 * @param finalizerStuckNanos  AF004: the status-capture finalizer still on this long after the
 *                             controller should have released it is stuck
 * @param taskResultNanos      AF006: a task result still incomplete this long after its Pod finished
 *                             will not arrive
 */
public record RuleSettings(long stallNanos, long finalizerStuckNanos, long taskResultNanos) {
    public static final String DEFAULT_STALL = "2m";
    public static final String DEFAULT_FINALIZER_STUCK = "5m";
    public static final String DEFAULT_TASK_RESULT = "10m";

    public RuleSettings {
        if (stallNanos <= 0 || finalizerStuckNanos <= 0 || taskResultNanos <= 0) {
            throw new IllegalArgumentException("thresholds must be positive durations");
        }
    }

    public static RuleSettings defaults() {
        return new RuleSettings(GoDuration.parse(DEFAULT_STALL), GoDuration.parse(DEFAULT_FINALIZER_STUCK), GoDuration.parse(DEFAULT_TASK_RESULT));
    }
}
