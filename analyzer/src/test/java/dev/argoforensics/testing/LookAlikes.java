package dev.argoforensics.testing;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;

import java.util.ArrayList;
import java.util.List;

/** Controller lines for ns/p of look-alikes of the #17024 race found in review (issue 13), shared by the rule and lifecycle tests. */
public final class LookAlikes {
    private LookAlikes() {
    }

    /**
     * A running Pod deleted (grace 30) shortly after its last condition transition: the deleting handler
     * schedules the release for later (delay > 0). Every significant update of a Pod with a
     * deletionTimestamp runs the handler again (reference logs 6.3, #15164): the kubelet's kill and its
     * final delete each log {@code update pod event} + {@code Removing finalizers during a delete} +
     * {@code queuing pod delay}. The work queue keeps the earliest due time, and one worker line
     * releases the finalizer; the Pod, already stopped and deleted with grace 0, vanishes at once.
     */
    public static List<String> runningPodDeletedWithAPositiveDelay() {
        return new ArrayList<>(List.of(
                podEvent("2026-09-19T16:28:30.000Z", "update"),
                removingFinalizers("2026-09-19T16:28:30.001Z"),
                queuingPodDelay("2026-09-19T16:28:30.001Z", "removeFinalizer", "1m0s"),
                queueingAfter("2026-09-19T16:28:30.002Z", "removeFinalizer", "1m0s"),
                podEvent("2026-09-19T16:28:31.500Z", "update"),
                removingFinalizers("2026-09-19T16:28:31.501Z"),
                queuingPodDelay("2026-09-19T16:28:31.501Z", "removeFinalizer", "1m59.5s"),
                queueingAfter("2026-09-19T16:28:31.502Z", "removeFinalizer", "1m59.5s"),
                podEvent("2026-09-19T16:28:32.500Z", "update"),
                removingFinalizers("2026-09-19T16:28:32.501Z"),
                queuingPodDelay("2026-09-19T16:28:32.501Z", "removeFinalizer", "1m58.5s"),
                queueingAfter("2026-09-19T16:28:32.502Z", "removeFinalizer", "1m58.5s"),
                cleaningUp("2026-09-19T16:29:30.010Z", "removeFinalizer"),
                podEvent("2026-09-19T16:29:30.060Z", "delete")));
    }
}
