package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 48: AF004 and a Pod of the same name (a namesake: {@code argo retry} recreating a node's Pod under its name, a Workflow
 * submitted again under a fixed name). Pod {@code ns/p} (uid u-1, created 16:27:10, its last condition transition 16:27:47) is
 * deleted at 16:31:04 and held by the finalizer; the release was due at 16:31:04 (its deadline, 16:29:47, before the deletion).
 * Replica a, which logged it, has its last line at 16:30; an export with a time of its own (a label set at 17:00) shows the
 * finalizer still on at 17:01:04. Replica b starts at 17:05 and releases a Pod named {@code p} at once, within the threshold.
 *
 * <p>A name is taken while a Pod of it exists (a Terminating one too): a namesake exists only once the held Pod is gone, and
 * b's lines, which name no UID, may be the held Pod's return release or a namesake's. What tells them apart: a {@code Created pod}
 * line of the namesake (PodInstances gives the lines after it to the new Pod), and, without it, the deadline the controller
 * computed from the Pod's own conditions ({@code queuing pod delay}: its time plus the delay), which for the held Pod is its
 * export's last transition plus max(pod GC delay, 2m) ({@code RemovalDeadline}).
 */
class FinalizerStuckNamesakeTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    private static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml()
                .replace("  labels:", "  managedFields: [{manager: kubectl-label, operation: Update, time: \"2026-09-19T17:00:00Z\"}]\n  labels:");
    }

    private static String banner(String t) {
        return "time=" + t + " level=INFO msg=\"Starting Workflow Controller\" version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s";
    }

    /** b's release of a Pod named p, scheduled at 17:05:00.101 with {@code delay}; positive: queued after it, taken at {@code takenAt}. */
    private static List<String> release(String delay, String takenAt) {
        List<String> b = new ArrayList<>(List.of(removingFinalizers("2026-09-19T17:05:00.101Z"),
                queuingPodDelay("2026-09-19T17:05:00.101Z", "removeFinalizer", delay)));
        b.add(delay.startsWith("-") ? queueing("2026-09-19T17:05:00.102Z", "removeFinalizer")
                : queueingAfter("2026-09-19T17:05:00.102Z", "removeFinalizer", delay));
        b.addAll(List.of(cleaningUp(takenAt + ".150Z", "removeFinalizer"), workflowUpdated(takenAt + ".160Z", "Succeeded"),
                queueing(takenAt + ".161Z", "labelPodCompleted"), cleaningUp(takenAt + ".190Z", "labelPodCompleted"),
                podEvent(takenAt + ".200Z", "delete")));
        return b;
    }

    private static Evidence evidence(List<String> b) {
        List<String> all = new ArrayList<>(List.of(banner("2026-09-19T17:05:00.000Z"), processingOther("2026-09-19T17:05:00.000Z")));
        all.addAll(b);
        all.add(processingOther("2026-09-19T17:20:00.000Z"));
        return new Evidence().takenAt("pod.yaml", "2026-09-19T17:01:04Z", deletedPod())
                .log("a.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                        podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"))
                .log("b.log", all.toArray(String[]::new));
    }

    /**
     * Control: b's first list holds the held Pod, its deadline as the export gives it (16:29:47: 17:05:00.101 less 35m13.101s), and
     * b releases it at once: held while no controller ran, released on the return.
     */
    @Test
    void theHeldPodReleasedOnTheReturnIsCleared() {
        List<String> b = new ArrayList<>(List.of(podEvent("2026-09-19T17:05:00.100Z", "add")));
        b.addAll(release("-35m13.101s", "2026-09-19T17:05:00"));
        Evaluation e = rule.evaluate(evidence(b).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
    }

    /**
     * b creates a namesake at 17:05:00.050 (its own {@code Created pod} line) and releases that one: the lines after the creation
     * are the new Pod's, and nothing shows the held Pod's release. AF004 stays on u-1.
     */
    @Test
    void aNamesakeCreatedOnTheReturnIsNotTheHeldPodsRelease() {
        List<String> b = new ArrayList<>(List.of(createdPod("2026-09-19T17:05:00.050Z"), podEvent("2026-09-19T17:05:00.100Z", "add")));
        b.addAll(release("-2m0.101s", "2026-09-19T17:05:00"));
        Evaluation e = rule.evaluate(evidence(b).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals("u-1", e.findings().get(0).podUid());
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
    }

    /**
     * Without a {@code Created pod} line (the namesake made by a run whose log is not given): b's first list holds a Pod named p
     * whose deadline is 17:06:30 (a transition at 17:04:30), not the held Pod's 16:29:47: another Pod, and the held one was gone by
     * then (a name is taken while its Pod exists). Its release is not the held Pod's: no clearance, and AF004 names what is missing.
     */
    @Test
    void aNamesakesReleaseWhoseDeadlineIsNotTheHeldPodsDoesNotClear() {
        List<String> b = new ArrayList<>(List.of(podEvent("2026-09-19T17:05:00.100Z", "add")));
        b.addAll(release("1m29.899s", "2026-09-19T17:06:30"));
        Evaluation e = rule.evaluate(evidence(b).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("2026-09-19T17:06:30"), f.confidenceReason());
    }
}
