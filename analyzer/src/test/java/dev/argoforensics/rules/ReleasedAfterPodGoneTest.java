package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 35 (breaker): the Pod left the releasing controller's informer ({@code delete pod event}) before that controller's
 * cleanup worker took the removeFinalizer item ({@code cleaning up pod}). The worker patches the Pod as its informer holds it, so
 * with the Pod gone it patched nothing: something else had removed the finalizer (someone's {@code kubectl patch} of a Pod stuck
 * Terminating, or another controller whose log is not among the inputs). Before, AF001 was {@code confirmed}, naming the worker's
 * line as the removal and the deadline as what authorised it.
 */
class ReleasedAfterPodGoneTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private Evaluation evaluate(String... log) {
        return rule.evaluate(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"))
                .log("c.log", log).correlate());
    }

    private static String[] race(List<String> release) {
        List<String> lines = new java.util.ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 2), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running"), workers("2026-09-19T16:31:11.132Z", 0)));
        lines.addAll(release);
        lines.addAll(List.of(workers("2026-09-19T16:33:02.236Z", 2), podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                workflowUpdated("2026-09-19T16:33:02.271Z", "Error")));
        return lines.toArray(String[]::new);
    }

    /** The negative control: the worker's line, then the Pod leaving the informer (its patch let the Pod go): the race, confirmed. */
    @Test
    void theWorkerBeforeThePodLeftIsTheRace() {
        Evaluation e = evaluate(race(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"))));
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        // Session 40: the release stands; likely, not confirmed, as the order rests on the export's grace-0 deletionTimestamp.
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        // Its account tells the worker's line as the removal: here it was one.
        assertTrue(f.summary().startsWith("Pod ns/p lost its status-capture finalizer at 2026-09-19T16:31:11.350Z"), f.summary());
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertTrue(f.fact("finalizerGoneBy").isEmpty(), f.facts().toString());
        assertTrue(f.explanation().startsWith("The controller removed the status-capture finalizer"), f.explanation());
    }

    /**
     * Session 36: the headline, the facts and the account say what the evidence says: the release was queued, the Pod left this
     * controller's informer before the worker took the item, and who removed the finalizer (before the Pod left) is not known.
     */
    @Test
    void theAccountOfAWorkerAfterThePodLeftNamesNoRemoval() {
        Evaluation e = evaluate(race(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "35.742831776s"),
                queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "35.742831776s"),
                podEvent("2026-09-19T16:31:25.120Z", "delete"), cleaningUp("2026-09-19T16:31:47.001Z", "removeFinalizer"))));
        Finding f = e.findings().get(0);
        assertFalse(f.summary().contains("lost its status-capture finalizer at 2026-09-19T16:31:47.001Z"), f.summary());
        assertTrue(f.summary().contains("queued at 2026-09-19T16:31:11.257Z"), f.summary());
        assertTrue(f.summary().contains("had left this controller's informer at 2026-09-19T16:31:25.120Z"), f.summary());
        assertTrue(f.summary().contains("not in the evidence"), f.summary());
        assertTrue(f.fact("finalizerRemovedAt").isPresent() && f.fact("finalizerRemovedAt").get().value() == null, f.facts().toString());
        assertEquals("2026-09-19T16:31:25.120Z", f.fact("finalizerGoneBy").orElseThrow().value());
        assertEquals("2026-09-19T16:31:47.001Z", f.fact("cleanupWorkerAt").orElseThrow().value());
        assertFalse(f.explanation().contains("The controller removed"), f.explanation());
        assertFalse(f.explanation().contains("Elapsed time alone authorised the removal"), f.explanation());
        assertTrue(f.explanation().contains("removed nothing"), f.explanation());
    }

    /** A removal scheduled for its deadline, 36 s away; the Pod left the cluster 14 s in, 22 s before the worker took the item. */
    @Test
    void aWorkerThatTookTheItemAfterThePodLeftRemovedNothing() {
        Evaluation e = evaluate(race(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "35.742831776s"),
                queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "35.742831776s"),
                podEvent("2026-09-19T16:31:25.120Z", "delete"), cleaningUp("2026-09-19T16:31:47.001Z", "removeFinalizer"))));
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("had left this controller's informer at 2026-09-19T16:31:25.120Z (c.log:9)"), f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(l -> l.source().toString().equals("c.log:9")), f.evidence().toString());
    }

    /** The same with a negative delay: the item ran at once, but its worker line came after the Pod had gone. */
    @Test
    void theSameWithANegativeDelay() {
        Evaluation e = evaluate(race(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.300Z", "delete"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
    }

    /** Another controller's log seeing the Pod go earlier (its clock, its informer) says nothing of this worker's patch. */
    @Test
    void anotherStreamsDeleteEventDoesNotCount() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"))
                .log("c.log", race(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"))))
                .log("d.log", podEvent("2026-09-19T16:31:05.000Z", "delete")).correlate());
        // Session 40: the release stands; likely, not confirmed, as the order rests on the export's grace-0 deletionTimestamp.
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
    }
}
