package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.wording.Words;
import org.junit.jupiter.api.Test;

/**
 * Session 60 (s59's env-rollout family, `env-rollout-user-delete`): a controller whose {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} is
 * not {@code "true"} (a rollout turned it off) labels an older Pod completed; its patch sets the label and keeps the finalizer
 * ({@code getPodCleanupPatch} drops it only where the env is exactly {@code "true"}, in the same request). The Pod leaves the informer
 * holding it, the deleting handler's release patches nothing, and a user's later delete leaves it Terminating, with no controller line
 * at the deletion. AF004 cleared it as the label look-alike ("left the informer"); the export showing the label and the finalizer
 * together on the deleted Pod says the label kept it: a finding, possible where the export dates no hold past the due release.
 */
class FinalizerKeptThroughLabelTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    /** The controller's lines: the Pod made, labelled completed at 16:27:50, leaving the informer, its no-op release, the run going on. */
    static Evidence lines() {
        return new Evidence().log("c.log",
                createdPod("2026-09-19T16:27:10.431Z"),
                queueing("2026-09-19T16:27:50.101Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T16:27:50.150Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:27:50.170Z", "delete"),
                removingFinalizers("2026-09-19T16:27:50.171Z"),
                queuingPodDelay("2026-09-19T16:27:50.171Z", "removeFinalizer", "1m58.829s"),
                queueingAfter("2026-09-19T16:27:50.172Z", "removeFinalizer", "1m58.829s"),
                cleaningUp("2026-09-19T16:29:49.010Z", "removeFinalizer"),
                processingOther("2026-09-19T16:50:00.000Z"),
                processingOther("2026-09-19T17:05:00.000Z"));
    }

    /** The Pod ended at 16:27:48, deleted at 16:35:00 (grace 0): its labels {@code completed=true} where {@code labelled}. */
    private static String deletedExport(boolean labelled, boolean finalizer) {
        Exports.Pod p = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:48Z")
                .lastTransition("2026-09-19T16:27:49Z").deleted("2026-09-19T16:35:00Z", 0);
        String yaml = (finalizer ? p : p.withoutFinalizer()).yaml();
        return labelled ? yaml.replace("labels: {workflows.argoproj.io/workflow: p}",
                "labels: {workflows.argoproj.io/workflow: p, workflows.argoproj.io/completed: \"true\"}") : yaml;
    }

    @Test
    void theLabelShownWithTheFinalizerOnTheDeletedPodIsAPossibleHoldNotTheLookAlike() {
        Evaluation e = rule.evaluate(lines().pod("pod.yaml", deletedExport(true, true)).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("AF004.reason.labelKept", f.reason().code());
        String why = Words.english().render(f.reason());
        assertTrue(why.contains("2026-09-19T16:27:50.170Z") && why.contains("ARGO_POD_STATUS_CAPTURE_FINALIZER"), why);
        assertTrue(f.summary().contains("left the controller's informer labelled completed"), f.summary());
    }

    /** Control, the look-alike: the label's patch removed the finalizer; the deleted Pod exported in its grace period shows none. */
    @Test
    void theLabelWithoutTheFinalizerIsStillTheLookAlike() {
        Evaluation e = rule.evaluate(lines().pod("pod.yaml", deletedExport(true, false).replace("deletionGracePeriodSeconds: 0",
                "deletionGracePeriodSeconds: 30")).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals("AF004.cleared.leftInformer", e.cleared().get(0).why().code());
    }

    /**
     * Control: an export that does not show the label (taken before it, or its labels cut) does not say the label kept the finalizer:
     * with the setting on, the label's patch took it off. Cleared as before.
     */
    @Test
    void anExportWithoutTheLabelSaysNothingOfWhatTheLabelKept() {
        Evaluation e = rule.evaluate(lines().pod("pod.yaml", deletedExport(false, true)).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals("AF004.cleared.leftInformer", e.cleared().get(0).why().code());
    }

    /**
     * Control: an export of a Pod of the name made after the label (16:30:00, a later Pod made once the labelled one had gone) says
     * nothing of what the label kept: cleared as before.
     */
    @Test
    void anExportOfAPodMadeAfterTheLabelSaysNothingOfIt() {
        Evaluation e = rule.evaluate(lines().pod("pod.yaml", deletedExport(true, true).replace("creationTimestamp: \"2026-09-19T16:27:10Z\"",
                "creationTimestamp: \"2026-09-19T16:30:00Z\"")).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals("AF004.cleared.leftInformer", e.cleared().get(0).why().code());
    }

    /** Control: the same export with a stated time 26 minutes past the deletion dates the hold as any export does (likely). */
    @Test
    void aStatedTimePastTheDueReleaseDatesTheHoldAsBefore() {
        Evaluation e = rule.evaluate(lines().takenAt("pod.yaml", "2026-09-19T17:01:04Z", deletedExport(true, true)).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence());
        assertEquals("AF004.reason.stated", e.findings().get(0).reason().code());
    }
}
