package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.V4;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Session 60 breaker (s60-af004): the export that AF004's "kept through the label" and AF001's {@code heldAfterRelease} read is the
 * latest export of the name deleted and holding the finalizer ({@code PodLifecycle.heldWhileDeleted}); neither asked whether it is
 * the Pod the lines speak of. A name is taken while its Pod exists, so a Pod of the name made after this one's release or label (a
 * Workflow submitted again under a fixed name, its root Pod named as the Workflow; made by a run whose log is not given, so no
 * {@code Created pod} line starts a new lifetime) is another Pod: its {@code creationTimestamp} (the API server's clock) after the line
 * by more than two cluster clocks disagree says so. Its hold is its own, and says nothing of what this Pod's release or label did.
 */
class HeldExportNamesakeS60BreakerTest {

    /**
     * A later Pod of the name ({@code uid u-2}), made at 17:10, deleted at 17:20 (grace 0) and still holding the finalizer: completed,
     * and, where {@code labelled}, labelled completed as an env-off controller leaves it (the label kept, the finalizer on).
     */
    private static String laterNamesake(boolean labelled) {
        String yaml = Exports.Pod.of().phase("Succeeded").startedAt("2026-09-19T17:10:04Z")
                .terminated("main", 0, "Completed", "2026-09-19T17:10:40Z").terminated("wait", 0, "Completed", "2026-09-19T17:10:41Z")
                .lastTransition("2026-09-19T17:10:42Z").deleted("2026-09-19T17:20:00Z", 0).yaml()
                .replace("uid: u-1", "uid: u-2").replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T17:10:00Z\"");
        return labelled ? yaml.replace("labels: {workflows.argoproj.io/workflow: p}",
                "labels: {workflows.argoproj.io/workflow: p, workflows.argoproj.io/completed: \"true\"}") : yaml;
    }

    // ---------------------------------------------------------------------------------------------------------------------------
    // AF001: a real #17024 race, its release at 16:31:11 before the node was persisted; the later namesake's held export must not
    // clear it as "the release did not remove the finalizer" (fixed in {@code LifecycleBuilder.releaseOutlivedBy}).

    private static Evidence race() {
        return new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "add"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"))
                .log("3.log", podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"))
                .pod("pod.yaml", V4.podYaml(true))
                .takenAt("pod-before.yaml", "2026-09-19T16:30:00Z", Exports.Pod.of().phase("Succeeded")
                        .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml())
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
    }

    private static String brief(Evaluation e) {
        return e.findings().stream().map(f -> f.pod() + " " + f.confidence() + " " + f.reason().code()).collect(Collectors.joining("; "))
                + " | cleared: " + e.cleared().stream().map(c -> c.pod() + " " + c.why().code() + " " + c.reason()).collect(Collectors.joining("; "));
    }

    /** Control: the race as it stands, confirmed. */
    @Test
    void theRaceWithItsOwnExportsIsConfirmed() {
        Evaluation e = new PrematureFinalizerRemoval().evaluate(race().correlate());
        assertEquals(1, e.findings().size(), () -> brief(e));
        assertEquals(Confidence.CONFIRMED, e.findings().get(0).confidence(), () -> brief(e));
    }

    /**
     * Attack: the later namesake's export, made 39 minutes after the release, deleted and held, beside the race's own exports. Held:
     * the race stays found; the fact AF001 reads ({@code heldAfterRelease}) does not take the namesake's hold for this release's.
     */
    @Test
    void aLaterNamesakesHeldExportDoesNotClearTheRace() {
        Correlation corr = race().pod("pod-later.yaml", laterNamesake(false)).correlate();
        assertTrue(corr.lifecycle(corr.pods().keySet().iterator().next()).heldAfterRelease().isEmpty());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(corr);
        assertEquals(1, e.findings().size(), () -> brief(e));
        assertTrue(e.findings().get(0).confidence() == Confidence.CONFIRMED || e.findings().get(0).confidence() == Confidence.LIKELY,
                () -> brief(e));
        assertTrue(e.cleared().stream().noneMatch(c -> c.why().code().equals("AF001.cleared.stillHeld")), () -> brief(e));
    }

    /**
     * Attack (#17024's own shape, a controller clock 30 s behind the API server's): a Pod whose main failed (exit 1: no grace-0
     * inference, so the deletion is bounded from above only and {@code logsAgree} has nothing to disagree with) is deleted at 16:31:26
     * while the controller is down; the user exports it then, deleted and held, and scales the controller up: its run, 30 s behind
     * (its first run's {@code Created pod} line 30 s before the Pod's {@code creationTimestamp}), releases it at once at 16:31:11
     * on its clock (16:31:41 on the API server's) and the Pod leaves its informer 13 ms later; the node is recorded lost at
     * 16:33:02. The export read as taken 15 s after the release cleared the race as "the release did not remove the finalizer";
     * but the controller's own lines show the Pod gone 13 ms after the release, before that export by more than two clocks may
     * disagree: the export cannot be after the Pod had left, so the two clocks (or the two Pods) disagree, and the export orders
     * nothing against the release. Fixed in {@code LifecycleBuilder.releaseOutlivedBy} (the fact {@code heldAfterRelease} reads).
     */
    @Test
    void aStaleExportOnAClockAheadOfTheControllersDoesNotClearTheRace() {
        String failedHeld = Exports.Pod.of().phase("Failed").terminated("main", 1, "Error", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:45Z").deleted("2026-09-19T16:31:26Z", 0).yaml();
        Evidence ev = new Evidence()
                .log("1.log", createdPod("2026-09-19T16:26:40.431Z"), workflowUpdated("2026-09-19T16:26:50.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "add"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"))
                .log("3.log", podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"))
                .pod("pod.yaml", failedHeld)
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
        Correlation corr = ev.correlate();
        assertTrue(corr.lifecycle(corr.pods().keySet().iterator().next()).heldAfterRelease().isEmpty());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(corr);
        assertTrue(e.cleared().stream().noneMatch(c -> c.why().code().equals("AF001.cleared.stillHeld")), () -> brief(e));
        assertEquals(1, e.findings().size(), () -> brief(e));
    }

    // ---------------------------------------------------------------------------------------------------------------------------
    // AF004: the label look-alike (an env-true controller's label drops the finalizer: the Pod left the informer released); the
    // later namesake labelled by an env-off controller and held is not this Pod kept through its label at 16:27:50.

    /** The controller's lines of the label at 16:27:50 and the no-op release ({@link FinalizerKeptThroughLabelTest#lines()}). */
    private static Evidence labelledLines() {
        return FinalizerKeptThroughLabelTest.lines();
    }

    /**
     * Attack (broke: possible, "the label kept the finalizer", citing this Pod's label line for a Pod made 42 minutes after it):
     * the later namesake's export, labelled completed and held. Broke at 0f3c8d1a; fixed by s60-af004's 065fbaab (the export tied to the label line), merged; the Pod that
     * left the informer is cleared as the look-alike, as without the export.
     */
    @Test
    void aLaterNamesakeLabelledAndHeldIsNotThisPodKeptThroughItsLabel() {
        Evaluation e = new FinalizerStuck(RuleSettings.defaults()).evaluate(labelledLines().pod("pod-later.yaml", laterNamesake(true)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.reason().code().equals("AF004.reason.labelKept")), () -> brief(e));
        assertEquals("AF004.cleared.leftInformer", e.cleared().get(0).why().code(), () -> brief(e));
    }

    /** Control: the same export made before the label (this Pod's own, uid u-1) is the hold through the label, possible. */
    @Test
    void theOwnExportLabelledAndHeldIsStillKeptThroughTheLabel() {
        String own = laterNamesake(true).replace("uid: u-2", "uid: u-1").replace("creationTimestamp: \"2026-09-19T17:10:00Z\"",
                "creationTimestamp: \"2026-09-19T16:27:10Z\"");
        Evaluation e = new FinalizerStuck(RuleSettings.defaults()).evaluate(labelledLines().pod("pod.yaml", own).correlate());
        assertEquals(1, e.findings().size(), () -> brief(e));
        assertEquals("AF004.reason.labelKept", e.findings().get(0).reason().code(), () -> brief(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * Attack: a Pod of the name in another namespace ({@code ns2/p}, another install's Workflow of the name), labelled and held at
     * once; the lines name {@code ns}. Held: nothing is said of {@code ns/p} from the other Pod's label and hold.
     */
    @Test
    void aPodOfTheNameInAnotherNamespaceLabelledAndHeldSaysNothingOfThisOne() {
        String other = laterNamesake(true).replace("namespace: ns", "namespace: ns2").replace("creationTimestamp: \"2026-09-19T17:10:00Z\"",
                "creationTimestamp: \"2026-09-19T16:27:00Z\"");
        Evaluation e = new FinalizerStuck(RuleSettings.defaults()).evaluate(labelledLines().pod("pod-other.yaml", other).correlate());
        // The namespace-less delete pod event of a name seen in two namespaces is left to neither (session 36, Correlator#resolve):
        // ns/p's exit is then not shown, and its release taken with the Pod not shown gone is possible (notGone), as before s60.
        assertTrue(e.findings().stream().noneMatch(f -> f.reason().code().equals("AF004.reason.labelKept")), () -> brief(e));
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                () -> brief(e));
    }

    /**
     * Attack: a release the controller queued itself (after persisting the node), and the later namesake's held export. The
     * clearance was worded "took the release up ... but did not remove it" from another Pod's hold; fixed by the same fact.
     */
    @Test
    void aLaterNamesakesHoldDoesNotSayASelfQueuedReleaseRemovedNothing() {
        Evidence lines = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                queueing("2026-09-19T16:28:00.101Z", "removeFinalizer"), cleaningUp("2026-09-19T16:28:00.150Z", "removeFinalizer"));
        Evaluation e = new PrematureFinalizerRemoval().evaluate(lines.pod("pod-later.yaml", laterNamesake(false)).correlate());
        assertTrue(e.findings().isEmpty(), () -> brief(e));
        assertEquals("AF001.cleared.afterPersist", e.cleared().get(0).why().code(), () -> brief(e));
    }
}
