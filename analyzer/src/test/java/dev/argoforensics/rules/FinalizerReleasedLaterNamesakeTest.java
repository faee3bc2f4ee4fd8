package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 49: AF004's "released later" clearance and a Pod of the same name. Pod {@code ns/p} (uid u-1, its last condition
 * transition 16:27:47) is deleted at 16:31:04 and held by the finalizer; its release was due at 16:31:04. Replica a, which logged
 * it, has its last line at 16:30; an export with a time of its own (a label set at 17:00) shows the finalizer still on at 17:01:04.
 * Replica b's log is an excerpt from 17:08 ({@code kubectl logs --since}, mid-run: no banner). At 17:10 b handles the deletion of a
 * Pod named p, schedules its release for its deadline, takes it up then, and the Pod leaves the cluster ({@code delete pod event},
 * no labelling before it).
 *
 * <p>The clearance dates the held Pod's release by that exit. The lines name no UID: a Workflow submitted again under its name, its
 * node's Pod created under the same name once u-1 was gone, gives the same lines. What tells them apart is the deadline b computed
 * ({@code queuing pod delay}: the line's time plus the delay), which for u-1 is its export's last transition plus max(pod GC delay,
 * 2m) (16:29:47). Where it is not, the exit is another Pod's (or u-1's conditions changed after the export) and does not date u-1's
 * release: no clearance, a possible finding naming both deadlines. Before, it was cleared "released later at 17:11:40".
 */
class FinalizerReleasedLaterNamesakeTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    private static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml()
                .replace("  labels:", "  managedFields: [{manager: kubectl-label, operation: Update, time: \"2026-09-19T17:00:00Z\"}]\n  labels:");
    }

    /** b's excerpt: a deletion handled at 17:10:00.101 with {@code delay}, the release taken up at 17:11:40.150 and the exit after. */
    private static Evidence evidence(String delay, String... before) {
        List<String> b = new ArrayList<>(List.of(processingOther("2026-09-19T17:08:00.000Z")));
        b.addAll(List.of(before));
        b.addAll(List.of(podEvent("2026-09-19T17:10:00.100Z", "update"), removingFinalizers("2026-09-19T17:10:00.101Z"),
                queuingPodDelay("2026-09-19T17:10:00.101Z", "removeFinalizer", delay),
                queueingAfter("2026-09-19T17:10:00.102Z", "removeFinalizer", delay.startsWith("-") ? "0s" : delay),
                cleaningUp("2026-09-19T17:11:40.150Z", "removeFinalizer"), podEvent("2026-09-19T17:11:40.300Z", "delete"),
                processingOther("2026-09-19T17:20:00.000Z")));
        return new Evidence().takenAt("pod.yaml", "2026-09-19T17:01:04Z", deletedPod())
                .log("a.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                        podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"))
                .log("b.log", b.toArray(String[]::new));
    }

    /**
     * The deadline b computed is 17:11:40 (17:10:00.101 plus 1m39.899s: a transition at 17:09:40), not u-1's 16:29:47: a namesake's
     * release (u-1 gone before it was created, by something the logs do not show), or u-1's conditions changed since the export.
     */
    @Test
    void anExitWhoseDeadlineIsNotTheHeldPodsDoesNotDateItsRelease() {
        Evaluation e = rule.evaluate(evidence("1m39.899s").correlate());
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        Finding f = e.findings().get(0);
        assertEquals("u-1", f.podUid());
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("2026-09-19T17:11:40") && f.confidenceReason().contains("2026-09-19T16:29:47"), f.confidenceReason());
    }

    /** Control: the deadline b computed is u-1's (17:10:00.101 less 40m13.101s: 16:29:47): the held Pod's own release, cleared. */
    @Test
    void anExitWhoseDeadlineIsTheHeldPodsDatesItsRelease() {
        Evaluation e = rule.evaluate(evidence("-40m13.101s").correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        assertTrue(e.cleared().get(0).reason().contains("released it later (2026-09-19T17:11:40.300Z)"), e.cleared().get(0).reason());
    }

    /** Control: no scheduling line before the exit (an excerpt that lost it): nothing recomputes, the exit dates the release as before. */
    @Test
    void anExitWithoutItsSchedulingLineDatesItAsBefore() {
        Evidence ev = new Evidence().takenAt("pod.yaml", "2026-09-19T17:01:04Z", deletedPod())
                .log("a.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                        podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"))
                .log("b.log", processingOther("2026-09-19T17:08:00.000Z"), podEvent("2026-09-19T17:11:40.300Z", "delete"),
                        processingOther("2026-09-19T17:20:00.000Z"));
        Evaluation e = rule.evaluate(ev.correlate());
        assertEquals(1, e.cleared().size(), () -> e.findings().toString());
    }

    /**
     * The namesake's own {@code Created pod} line at 17:09:30 (b's excerpt holds it): the lines after it are the new Pod's
     * (PodInstances), so its exit dates nothing of u-1, which keeps its finding whatever the deadline.
     */
    @Test
    void aNamesakeCreatedInTheLogsTakesItsLinesAndExit() {
        Evaluation e = rule.evaluate(evidence("1m39.899s", createdPod("2026-09-19T17:09:30.000Z")).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("released it later")), () -> e.cleared().toString());
        assertTrue(e.findings().stream().anyMatch(f -> "u-1".equals(f.podUid())), () -> e.findings().toString());
    }
}
