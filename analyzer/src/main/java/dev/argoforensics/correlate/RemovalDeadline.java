package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;

/**
 * The release deadline the pod event handler ({@code commonPodEvent}) computes for a deleted Pod that
 * still has the status-capture finalizer, recomputed from an export of the Pod: latest
 * {@code status.conditions[].lastTransitionTime} + max(pod GC delay, 2m), and the delay that gives at
 * the time of the controller's {@code queuing pod delay} line.
 *
 * @param lastTransition the latest condition transition in the export (the base)
 * @param deadline       lastTransition + max(pod GC delay, 2m)
 * @param nanos          deadline minus the time of the scheduling line (negative: already passed)
 * @param agrees         the logged delay equals it within the two times' precision
 */
public record RemovalDeadline(Timestamp lastTransition, Timestamp deadline, long nanos, boolean agrees) {
    /** {@code commonPodEvent}'s minimum delay for a deleted Pod with the finalizer. */
    public static final long MINIMUM_DELAY_NANOS = 120_000_000_000L;

    /** Empty without a Pod export with conditions, or without the scheduling line. */
    public static Optional<RemovalDeadline> recompute(PodSnapshot pod, PodCleanupScheduled schedule, LogEvent scheduledLine) {
        if (pod == null || schedule == null || scheduledLine == null || !pod.podGcKnown()) {
            return Optional.empty();
        }
        Optional<Timestamp> last = pod.lastConditionTransition();
        if (last.isEmpty() || !last.get().comparable(scheduledLine.time())) {
            return Optional.empty(); // a line quoted with a time of day only: no delay can be recomputed against a dated export
        }
        long podGc = podGcDelay(pod.annotations().get(PodSnapshot.POD_GC_ANNOTATION));
        long effective = Math.max(podGc, MINIMUM_DELAY_NANOS);
        Timestamp deadline = new Timestamp(last.get().instant().plusNanos(effective), last.get().precision(), last.get().zone());
        long nanos = scheduledLine.time().nanosUntil(deadline);
        long tolerance = last.get().precision().windowNanos() + scheduledLine.time().precision().windowNanos();
        boolean agrees = Math.abs(nanos - schedule.delayNanos()) <= tolerance;
        return Optional.of(new RemovalDeadline(last.get(), deadline, nanos, agrees));
    }

    /**
     * Whether the logged delay is what the handler's orphan branch (the Workflow missing from the informer or being deleted) gives for
     * this export: its minimum delay is 0, so {@code max(podGC delay, 0)} after the latest condition transition, and a delay of
     * exactly 0 where that is 0 (no podGC delay: the release at once). Such a line states no deleting-branch deadline, so a
     * disagreement of {@link #recompute} with it says nothing about whose Pod it was. False without the export's podGC or, for a
     * positive podGC delay, its conditions.
     */
    public static boolean fitsOrphanBranch(PodSnapshot pod, PodCleanupScheduled schedule, LogEvent scheduledLine) {
        if (pod == null || schedule == null || scheduledLine == null || !pod.podGcKnown()) {
            return false;
        }
        long effective = Math.max(podGcDelay(pod.annotations().get(PodSnapshot.POD_GC_ANNOTATION)), 0);
        if (effective == 0) {
            return schedule.delayNanos() == 0;
        }
        Optional<Timestamp> last = pod.lastConditionTransition();
        if (last.isEmpty() || !last.get().comparable(scheduledLine.time())) {
            return false;
        }
        long nanos = scheduledLine.time().nanosUntil(new Timestamp(last.get().instant().plusNanos(effective), last.get().precision(), last.get().zone()));
        long tolerance = last.get().precision().windowNanos() + scheduledLine.time().precision().windowNanos();
        return Math.abs(nanos - schedule.delayNanos()) <= tolerance;
    }

    /** The duration after the first '/' of {@code <strategy>/<duration>}; -1 if absent or unreadable. */
    public static long podGcDelay(String annotation) {
        if (annotation == null) {
            return -1;
        }
        int slash = annotation.indexOf('/');
        if (slash < 0) {
            return -1;
        }
        try {
            return GoDuration.parse(annotation.substring(slash + 1));
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }
}
