package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
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
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Workflow deleted in the foreground (lifecycle reference A3) against the #17024 race, when no export of the Workflow and no
 * audit record says which it was: the controller's lines are the race's, line for line, while the garbage collector holds the
 * Workflow; but the collector lets it go as soon as its last Pod is gone. A Workflow written (update accepted) well after its
 * only Pod left the cluster was not being deleted: likely. A Workflow written moments after, or while another of its Pods
 * was still going: a foreground deletion is not excluded, possible. Real-shaped v4 lines for Workflow {@code ns/p}: its Pod
 * {@code p} finished at 16:27:44 (an export at 16:29 shows it), was deleted at 16:31:04 and released at once.
 */
class ForegroundDeletionLinesTest {
    private static final String POD_BEFORE = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
            .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();

    /** The Pod's deletion handled and released at once (negative delay), the Pod gone 36 ms after the release. */
    private static String[] releasedAndGone() {
        return new String[] {
            podEvent("2026-09-19T16:31:04.250Z", "update"),
            removingFinalizers("2026-09-19T16:31:04.251Z"),
            queuingPodDelay("2026-09-19T16:31:04.251Z", "removeFinalizer", "-1m17.251s"),
            queueing("2026-09-19T16:31:04.252Z", "removeFinalizer"),
            cleaningUp("2026-09-19T16:31:04.254Z", "removeFinalizer"),
            podEvent("2026-09-19T16:31:04.290Z", "delete")};
    }

    /** The Workflow worker's pass that finds the Pod missing and writes the node Error "pod deleted". */
    private static String[] lostAndWritten(String t, String written) {
        return new String[] {podMissing(t), markingError(t), nodePhaseChanged(t, "Running", "Error"), workflowUpdated(written, "Running")};
    }

    private static Evidence evidence(String[] pod, String[] loss) {
        return new Evidence()
                .log("1.log", processing("2026-09-19T16:27:10.402Z", "\"\""), createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", pod)
                .log("3.log", loss)
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", POD_BEFORE);
    }

    private static Finding ofPodP(Evaluation e) {
        return e.findings().stream().filter(f -> f.pod().name().equals("p")).findFirst()
                .orElseThrow(() -> new AssertionError("no finding for p: " + e.findings() + ", cleared " + e.cleared()));
    }

    private static Finding only(Evaluation e) {
        assertEquals(1, e.findings().size(), () -> "findings " + e.findings() + ", cleared " + e.cleared());
        return e.findings().get(0);
    }

    /**
     * Positive control, the race: the Workflow workers stalled; the pass that records the Pod lost comes four minutes after it
     * was gone, and its write is accepted. A Workflow held by foregroundDeletion would have gone with its Pod: likely.
     */
    @Test
    void aWriteAcceptedLongAfterTheOnlyPodWasGoneLeavesNoRoomForAForegroundDeletion() {
        Evidence race = evidence(releasedAndGone(), lostAndWritten("2026-09-19T16:35:10.401Z", "2026-09-19T16:35:10.420Z"));
        Finding f = only(new PrematureFinalizerRemoval().evaluate(race.correlate()));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the controller's lines leave no room for a deletion of the Workflow itself then"),
                f.confidenceReason());
        assertTrue(f.confidenceReason().contains("delete pod event at 2026-09-19T16:31:04.290"), f.confidenceReason());
        Finding symptom = only(new SuccessReportedAsError().evaluate(evidence(releasedAndGone(),
                lostAndWritten("2026-09-19T16:35:10.401Z", "2026-09-19T16:35:10.420Z")).correlate()));
        assertEquals(Confidence.LIKELY, symptom.confidence(), symptom.confidenceReason());
    }

    /**
     * The look-alike: a healthy controller records the Pod lost 111 ms after it was gone and writes the Workflow, which the
     * garbage collector of a foreground deletion was still about to let go. Nothing excludes that: possible, and it says so.
     */
    @Test
    void aWriteMomentsAfterThePodWasGoneDoesNotExcludeAForegroundDeletion() {
        Finding f = only(new PrematureFinalizerRemoval().evaluate(evidence(releasedAndGone(),
                lostAndWritten("2026-09-19T16:31:04.401Z", "2026-09-19T16:31:04.420Z")).correlate()));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("nothing shows that the Workflow itself was not being deleted then"), f.confidenceReason());
        Finding symptom = only(new SuccessReportedAsError().evaluate(evidence(releasedAndGone(),
                lostAndWritten("2026-09-19T16:31:04.401Z", "2026-09-19T16:31:04.420Z")).correlate()));
        assertEquals(Confidence.POSSIBLE, symptom.confidence(), symptom.confidenceReason());
        assertTrue(symptom.confidenceReason().contains("a Workflow deleted in the foreground (--cascade=foreground) is still reconciled"),
                symptom.confidenceReason());
    }

    /** Pod {@code p-q} of the same Workflow: its lines, as {@link dev.argoforensics.testing.V4} writes {@code p}'s. */
    private static String sibling(String line) {
        String l = line.replace("podName=p", "podName=p-q").replace("key=ns/p/", "key=ns/p-q/");
        return l.endsWith(" pod=p") ? l + "-q" : l;
    }

    /**
     * p as above, and its sibling {@code p-q} deleted by the garbage collector 10 ms after it: running (its release due 2m
     * after its containers end: gone at 16:33:04), or finished long before (released at once, gone at 16:31:04.280).
     */
    private static Evidence withSibling(boolean siblingRunning, String lostAt) {
        List<String> pods = new ArrayList<>(Arrays.asList(releasedAndGone()));
        String pDeleted = pods.remove(pods.size() - 1);
        pods.add(sibling(podEvent("2026-09-19T16:31:04.260Z", "update")));
        pods.add(removingFinalizers("2026-09-19T16:31:04.261Z"));
        if (siblingRunning) {
            pods.add(sibling(queuingPodDelay("2026-09-19T16:31:04.261Z", "removeFinalizer", "1m59.739s")));
            pods.add(sibling(queueingAfter("2026-09-19T16:31:04.262Z", "removeFinalizer", "1m59.739s")));
            pods.add(pDeleted);
            pods.add(sibling(cleaningUp("2026-09-19T16:33:04.001Z", "removeFinalizer")));
            pods.add(sibling(podEvent("2026-09-19T16:33:04.040Z", "delete")));
        } else {
            pods.add(sibling(queuingPodDelay("2026-09-19T16:31:04.261Z", "removeFinalizer", "-1m40.261s")));
            pods.add(sibling(queueing("2026-09-19T16:31:04.262Z", "removeFinalizer")));
            pods.add(sibling(cleaningUp("2026-09-19T16:31:04.264Z", "removeFinalizer")));
            pods.add(sibling(podEvent("2026-09-19T16:31:04.280Z", "delete")));
            pods.add(pDeleted);
        }
        return new Evidence()
                .log("1.log", processing("2026-09-19T16:27:10.402Z", "\"\""), createdPod("2026-09-19T16:27:10.431Z"),
                        "time=2026-09-19T16:27:10.502Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns"
                                + " nodeName=p.q nodeID=p-q podName=p-q",
                        workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", pods.toArray(String[]::new))
                .log("3.log", lostAndWritten(lostAt, lostAt.replace(".401Z", ".420Z")))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", POD_BEFORE);
    }

    /**
     * The write comes 86 s after p was gone, but the sibling the collector deleted with it was still going (released at
     * 16:33:04, after the write): a Workflow deleted in the foreground was still held by it. Not excluded: possible.
     */
    @Test
    void anotherPodOfTheWorkflowStillGoingCouldHaveHeldItThen() {
        Finding f = ofPodP(new PrematureFinalizerRemoval().evaluate(withSibling(true, "2026-09-19T16:32:30.401Z")
                .correlate()));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /** The same sibling gone 86 s before the write (released at once, as p was): nothing held the Workflow then. Likely. */
    @Test
    void aSiblingGoneLongBeforeTheWriteHeldNothing() {
        Finding f = ofPodP(new PrematureFinalizerRemoval().evaluate(withSibling(false, "2026-09-19T16:32:30.401Z")
                .correlate()));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    // ---- AF007: a running Pod deleted, its node recorded lost ----

    /** Pod p, running, deleted at 16:40:00 (grace 0: the export shows it held by the finalizer with main running). */
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static Evidence runningPodLost(String lostAt, String writtenAt) {
        return new Evidence()
                .log("c.log", processing("2026-09-19T16:27:10.402Z", "\"\""), createdPod("2026-09-19T16:27:10.431Z"),
                        workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:40:01.100Z", "delete"), podMissing(lostAt),
                        markingError(lostAt), nodePhaseChanged(lostAt, "Running", "Error"), workflowUpdated(writtenAt, "Running"))
                .pod("pod.yaml", DELETED_RUNNING);
    }

    /**
     * The look-alike: the export shows main running at the deletion, and the controller records the node lost 900 ms after the
     * Pod went and writes the Workflow: what the reconciler of a Workflow deleted in the foreground does with the running Pods
     * its garbage collector deletes. Nothing names who deleted the Pod: possible, and it says why.
     */
    @Test
    void aRunningPodLostTheMomentItWentMayHaveGoneWithItsWorkflow() {
        Finding f = only(new PodDeletedDuringExecution().evaluate(runningPodLost("2026-09-19T16:40:02.000Z", "2026-09-19T16:40:02.020Z")
                .correlate()));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the garbage collector of a Workflow deleted in the foreground (--cascade=foreground) deletes "
                + "its running Pods"), f.confidenceReason());
    }

    /** Positive controls: the loss recorded and written minutes after the Pod went (likely), or a user's delete on record (as before). */
    @Test
    void aRunningPodLostLongAfterItWentOrDeletedByAUserIsADisruption() {
        Finding late = only(new PodDeletedDuringExecution().evaluate(runningPodLost("2026-09-19T16:43:30.000Z", "2026-09-19T16:43:30.020Z")
                .correlate()));
        assertEquals(Confidence.LIKELY, late.confidence(), late.confidenceReason());
        assertTrue(late.confidenceReason().contains("the controller's lines leave no room for a deletion of the Workflow itself then"),
                late.confidenceReason());
        Finding byUser = only(new PodDeletedDuringExecution().evaluate(runningPodLost("2026-09-19T16:40:02.000Z", "2026-09-19T16:40:02.020Z")
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:40:00.212345Z", 200)).correlate()));
        assertEquals(Confidence.LIKELY, byUser.confidence(), byUser.confidenceReason());
        // The garbage collector's own delete on record excludes nothing: it is what a foreground deletion sends.
        Finding byCollector = only(new PodDeletedDuringExecution().evaluate(runningPodLost("2026-09-19T16:40:02.000Z", "2026-09-19T16:40:02.020Z")
                .object("audit.log", Exports.audit("delete", "", "system:serviceaccount:kube-system:generic-garbage-collector",
                        "2026-09-19T16:40:00.212345Z", 200)).correlate()));
        assertEquals(Confidence.POSSIBLE, byCollector.confidence(), byCollector.confidenceReason());
    }
}
