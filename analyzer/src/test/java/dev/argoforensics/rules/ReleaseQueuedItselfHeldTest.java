package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.queueing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 60: AF001 clears a release the controller queued itself ({@code queuePodsForCleanup} after persisting the node, or the
 * Workflow's delete handler: no scheduling line) as "finalizer released at T". Where a later export still shows the finalizer on the
 * deleted Pod (the cleanup patched nothing: a controller whose {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} a rollout turned off), the
 * clearance stands but its words follow the export ({@code PodLifecycle#heldAfterRelease}, the fact AF001's stillHeld reads too).
 */
class ReleaseQueuedItselfHeldTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static Evidence lines() {
        return new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                queueing("2026-09-19T16:28:00.101Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:28:00.150Z", "removeFinalizer"));
    }

    private static String deletedExport(String deletionTimestamp) {
        return Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:48Z")
                .lastTransition("2026-09-19T16:27:49Z").deleted(deletionTimestamp, 0).yaml();
    }

    private List<Clearance> cleared(Evidence ev) {
        Evaluation e = rule.evaluate(ev.correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        return e.cleared();
    }

    @Test
    void anExportAfterTheCleanupStillShowingTheFinalizerIsNotCalledAReleaseThatHappened() {
        List<Clearance> c = cleared(lines().takenAt("pod.yaml", "2026-09-19T16:55:00Z", deletedExport("2026-09-19T16:40:00Z")));
        assertEquals(1, c.size(), c::toString);
        assertEquals("AF001.cleared.afterPersistHeld", c.get(0).why().code());
        assertTrue(c.get(0).reason().contains("did not remove it") && c.get(0).reason().contains("2026-09-19T16:55:00Z"), c.get(0).reason());
        // The export's own time (its deletion, 16:40) is past the cleanup too.
        List<Clearance> own = cleared(lines().pod("pod.yaml", deletedExport("2026-09-19T16:40:00Z")));
        assertEquals("AF001.cleared.afterPersistHeld", own.get(0).why().code());
    }

    /** Controls: no export, or one whose times do not put it after the cleanup (deleted just before it), keep the words of before. */
    @Test
    void withoutAnExportPastTheCleanupTheReleaseIsWordedAsBefore() {
        assertEquals("AF001.cleared.afterPersist", cleared(lines()).get(0).why().code());
        assertEquals("AF001.cleared.afterPersist", cleared(lines().pod("pod.yaml", deletedExport("2026-09-19T16:27:55Z"))).get(0).why().code());
        assertEquals("AF001.cleared.afterPersist", cleared(lines().pod("pod.yaml", deletedExport("2026-09-19T16:40:00Z")
                .replace("finalizers: [workflows.argoproj.io/status]", "finalizers: []"))).get(0).why().code());
    }

    /**
     * Control: a view of the deleted Pod without the finalizer (a watch's later event) was taken after every view with it, whatever
     * their times say (no finalizer is added to an object being deleted): the finalizer went after the held view, maybe by this very
     * release. Worded as before.
     */
    @Test
    void aLaterViewOfTheDeletedPodWithoutTheFinalizerLeavesTheReleaseWordedAsBefore() {
        List<Clearance> c = cleared(lines().takenAt("pod.yaml", "2026-09-19T16:55:00Z", deletedExport("2026-09-19T16:40:00Z"))
                .pod("later.yaml", deletedExport("2026-09-19T16:40:00Z").replace("finalizers: [workflows.argoproj.io/status]", "finalizers: []")));
        assertEquals("AF001.cleared.afterPersist", c.get(0).why().code());
    }
}
