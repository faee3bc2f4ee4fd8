package dev.argoforensics.testing;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;

import java.util.ArrayList;
import java.util.List;

/**
 * Controller lines for ns/p of look-alikes of the #17024 race found in review (issue 13), and the exports that go with them,
 * shared by the rule and lifecycle tests.
 */
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

    /**
     * A controller log read whole (its start-up numbers before, a later one after) in which the deletion of ns/p arrives on an
     * update at 16:31:11.256 and is released at its deadline 16:33:05, when the Pod leaves the informer; {@code after} goes
     * between the handler run and the release.
     */
    public static List<String> deletionSeenArriving(String trigger, String delay, String... after) {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:31:11.256Z", trigger), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", delay),
                queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", delay)));
        lines.addAll(List.of(after));
        lines.addAll(List.of(cleaningUp("2026-09-19T16:33:05.001Z", "removeFinalizer"), podEvent("2026-09-19T16:33:05.014Z", "delete"),
                workers("2026-09-19T16:35:00.000Z", 16)));
        return lines;
    }

    /** Every container ended at 16:31:05 with exit 0, and deletionTimestamp 16:31:11 with grace 0: 6s after, as the kubelet's own delete could be. */
    public static final String ENDED_JUST_BEFORE = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:11Z", 0)
            .lastTransition("2026-09-19T16:31:05Z").terminated("main", 0, "Completed", "2026-09-19T16:31:05Z")
            .terminated("wait", 0, "Completed", "2026-09-19T16:31:05Z").yaml();

    /** Evicted at 16:31:11 (DisruptionTarget), main killed: 137 at 16:31:12, deletionTimestamp 16:31:11 with grace 0 (Kubernetes 1.32). */
    public static String evicted(String readySince, int mainExit) {
        return evicted(readySince, mainExit, "2026-09-19T16:31:12Z");
    }

    /** The same, the containers ended at {@code endedAt} (the sandbox's condition a second after the later of the two). */
    public static String evicted(String readySince, int mainExit, String endedAt) {
        String sandbox = endedAt.compareTo("2026-09-19T16:31:14Z") < 0 ? "2026-09-19T16:31:14Z" : "2026-09-19T16:31:15Z";
        return Exports.Pod.of().phase(mainExit == 0 ? "Succeeded" : "Failed").deleted("2026-09-19T16:31:11Z", 0).lastTransition(readySince)
                .condition("ContainersReady", "False", "PodCompleted", readySince)
                .condition("PodReadyToStartContainers", "False", "", sandbox)
                .condition("DisruptionTarget", "True", "EvictionByEvictionAPI", "2026-09-19T16:31:11Z")
                .terminated("main", mainExit, mainExit == 0 ? "Completed" : "Error", endedAt)
                .terminated("wait", 0, "Completed", endedAt).yaml();
    }
}
