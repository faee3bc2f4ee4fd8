package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 46 (the lead's unseen check 2501-2520: every Pod a user deleted while main ran, whose node the controller recorded Failed
 * on main's signal exit, had no AF007 finding at all, not even a possible one). A v4 controller sees the deletion arrive (the
 * deleting update, "Removing finalizers during a delete", its immediate release of the status-capture finalizer), then the kubelet's report of main's end by a signal
 * ({@code main: Error (exit code 143)} a second later, or 137 thirty seconds later at the grace period's end), and records the node
 * Failed; the Pod goes at the kubelet's final delete. Only the controller's lines connect main's end to the deletion: AF007 is
 * possible and names what would settle it (the kubelet's Killing Event of main, an export, an audit record against the end), never
 * likely on them. Controls: main's signal exit reported before the deletion was seen (its own, or a probe's kill), an OOM kill,
 * main's own exit code, and a Workflow deleted by a user (its Pods go with it).
 */
class KilledOnLinesTest {
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static String podFailed(String t, String message) {
        return "time=" + t + " level=INFO msg=\"Pod failed\" component=workflow_worker workflow=p namespace=ns displayName=p templateName=p pod=p"
                + " message=\"" + message + "\"";
    }

    private static String insignificant(String t) {
        return "time=" + t + " level=INFO msg=\"insignificant pod change\" component=pod_controller key=ns/p";
    }

    private static String cleaning(String t) {
        return "time=" + t + " level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/removeFinalizer action=removeFinalizer"
                + " namespace=ns podName=p";
    }

    /**
     * The Pod created at 07:33:00, running from 07:33:02; the deletion arrives at {@code seen} (released at once, its deadline long
     * past); the kubelet reports main's {@code exit} at {@code reported}; the Pod goes 50 ms after that report (the final delete).
     */
    private static String[] lines(String seen, String reported, String exit, boolean exitFirst) {
        List<String> l = head();
        List<String> deletion = List.of(
                podEvent("2026-10-08T07:36:" + seen, "update"),
                removingFinalizers("2026-10-08T07:36:" + seen),
                queuingPodDelay("2026-10-08T07:36:" + seen, "removeFinalizer", "-59.087142386s"),
                queueing("2026-10-08T07:36:" + seen, "removeFinalizer"),
                cleaning("2026-10-08T07:36:" + plusMillis(seen, 3)),
                insignificant("2026-10-08T07:36:" + plusMillis(seen, 16)));
        List<String> report = List.of(
                podEvent("2026-10-08T07:36:" + reported, "update"),
                processing("2026-10-08T07:36:" + plusMillis(reported, 1), "Running"),
                podFailed("2026-10-08T07:36:" + plusMillis(reported, 1), exit),
                workflowUpdated("2026-10-08T07:36:" + plusMillis(reported, 24), "Failed", "4785199"));
        if (exitFirst) {
            l.addAll(report);
            l.addAll(deletion);
        } else {
            l.addAll(deletion);
            l.addAll(report);
        }
        String gone = plusMillis(exitFirst ? seen : reported, 50);
        l.add(podEvent("2026-10-08T07:36:" + gone, "delete"));
        return l.toArray(String[]::new);
    }

    /** The Pod created at 07:33:00, running from 07:33:02 (KilledOnLinesLookAlikesTest builds on it too). */
    static List<String> head() {
        return new ArrayList<>(List.of(
                workers("2026-10-08T07:20:00.000Z", 8),
                processing("2026-10-08T07:33:00.863Z", ""),
                createdPod("2026-10-08T07:33:00.864Z"),
                workflowUpdated("2026-10-08T07:33:00.873Z", "Running", "4783774"),
                podEvent("2026-10-08T07:33:00.878Z", "add"),
                podEvent("2026-10-08T07:33:02.122Z", "update"),
                processing("2026-10-08T07:33:02.123Z", "Running"),
                workflowUpdated("2026-10-08T07:33:02.250Z", "Running", "4783821")));
    }

    /** "01.086Z" + 3 ms: "01.089Z" (seconds and milliseconds of the minute 07:36). */
    private static String plusMillis(String secondsZ, int millis) {
        double s = Double.parseDouble(secondsZ.substring(0, secondsZ.length() - 1)) + millis / 1000.0;
        return String.format(java.util.Locale.ROOT, "%06.3fZ", s);
    }

    private Evaluation evaluate(String... lines) {
        return rule.evaluate(new Evidence().log("workflow-controller.log", lines).correlate());
    }

    @Test
    void mainsSignalExitReportedWithinTheReportLagAfterTheDeletionWasSeenIsPossible() {
        Evaluation e = evaluate(lines("01.086Z", "02.372Z", "main: Error (exit code 143)", false));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        // breaker9: nothing in these lines shows the Workflow standing, so a foreground delete of it is named as not excluded.
        assertEquals("AF007.reason.killWorkflowDeletionOpen", f.reason().code());
        assertTrue(f.confidenceReason().contains("a Workflow deleted in the foreground (--cascade=foreground) deletes its running Pods the same way"),
                f.confidenceReason());
        assertTrue(f.confidenceReason().contains("reported only after the controller saw the deletion arrive, but main's own death by a signal "
                + "reported late reads the same"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the kubelet's Killing Event of main"), f.confidenceReason());
        assertTrue(f.summary().contains("its node ended Failed \"main: Error (exit code 143)\""), f.summary());
        assertTrue(f.explanation().contains("If the deletion's kill ended main, as the timing suggests but the evidence does not show"), f.explanation());
        assertFalse(f.explanation().contains("The deletion's kill ended main,"), f.explanation());
    }

    @Test
    void aKillAtTheGracePeriodsEndShowsThePodRunningOnTheLinesAloneAndIsStillOnlyPossible() {
        Evaluation e = evaluate(lines("01.086Z", "31.204Z", "main: Error (exit code 137)", false));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        // breaker9: nothing in these lines shows the Workflow standing, so a foreground delete of it is named as not excluded.
        assertEquals("AF007.reason.killWorkflowDeletionOpen", f.reason().code());
        assertTrue(f.confidenceReason().contains("a Workflow deleted in the foreground (--cascade=foreground) deletes its running Pods the same way"),
                f.confidenceReason());
        assertTrue(f.confidenceReason().contains("main's own death by a signal (or a probe's kill) while wait still ran reads the same"),
                f.confidenceReason());
    }

    /**
     * s47, v4's automatic restart (v4.0.0+, {@code FailedPodRestart}): the node's first Pod {@code p} failed before main ran (evicted),
     * the controller marked the node Pending and deleted that Pod by its UID, and created the node's Pod again under the same name (the
     * name is the node ID's, which the restart keeps). The first Pod's deletion is seen at 07:33:05; the second Pod's main later dies
     * of a signal of its own (137 at 07:36:02), no deletion of it in the lines. The earlier Pod's deletion is not read as the kill of
     * the later one's main: nothing. Control: the later Pod deleted by someone and main's 137 reported a second after: possible, as for
     * a Pod never restarted; before, the earlier Pod's own "Pod failed" (its eviction) was read as this Pod failing before the
     * deletion was seen, and nothing was reported.
     */
    @Test
    void anEarlierPodOfTheNameRestartedByTheControllerIsNotTheLaterOnesKill() {
        List<String> restarted = new ArrayList<>(head().subList(0, 6));
        restarted.addAll(List.of(
                podEvent("2026-10-08T07:33:05.000Z", "update"),
                processing("2026-10-08T07:33:05.001Z", "Running"),
                podFailed("2026-10-08T07:33:05.002Z", "The node was low on resource: memory. "),
                "time=2026-10-08T07:33:05.003Z level=INFO msg=\"Pod qualifies for automatic restart - marking as pending\" component=workflow_worker "
                        + "workflow=p namespace=ns podName=p nodeID=p restartCount=1 reason=Evicted message=\"The node was low on resource: memory. \"",
                "time=2026-10-08T07:33:05.004Z level=INFO msg=\"queueing pod for cleanup by UID\" component=pod_controller namespace=ns podName=p "
                        + "uid=0b6d7a51-3f0e-4c1e-9a43-8f4a2cd1e7b2 action=deletePodByUID",
                workflowUpdated("2026-10-08T07:33:05.020Z", "Running", "4783850"),
                "time=2026-10-08T07:33:05.030Z level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/deletePodByUID/"
                        + "0b6d7a51-3f0e-4c1e-9a43-8f4a2cd1e7b2 action=deletePodByUID namespace=ns podName=p",
                podEvent("2026-10-08T07:33:05.040Z", "update"),
                removingFinalizers("2026-10-08T07:33:05.040Z"),
                queuingPodDelay("2026-10-08T07:33:05.040Z", "removeFinalizer", "-2m0s"),
                queueing("2026-10-08T07:33:05.041Z", "removeFinalizer"),
                cleaning("2026-10-08T07:33:05.044Z"),
                podEvent("2026-10-08T07:33:05.060Z", "delete"),
                processing("2026-10-08T07:33:06.000Z", "Running"),
                createdPod("2026-10-08T07:33:06.100Z"),
                podEvent("2026-10-08T07:33:06.110Z", "add"),
                workflowUpdated("2026-10-08T07:33:06.200Z", "Running", "4783870"),
                podEvent("2026-10-08T07:33:08.000Z", "update"),
                processing("2026-10-08T07:33:08.001Z", "Running"),
                workflowUpdated("2026-10-08T07:33:08.100Z", "Running", "4783890")));
        List<String> ownEnd = new ArrayList<>(restarted);
        ownEnd.addAll(List.of(
                podEvent("2026-10-08T07:36:02.372Z", "update"),
                processing("2026-10-08T07:36:02.373Z", "Running"),
                podFailed("2026-10-08T07:36:02.373Z", "main: Error (exit code 137)"),
                workflowUpdated("2026-10-08T07:36:02.396Z", "Failed", "4785199")));
        Evaluation own = evaluate(ownEnd.toArray(String[]::new));
        assertEquals(List.of(), own.findings(), () -> own.findings().toString());

        List<String> deleted = new ArrayList<>(restarted);
        String[] full = lines("01.086Z", "02.372Z", "main: Error (exit code 137)", false);
        deleted.addAll(List.of(java.util.Arrays.copyOfRange(full, head().size(), full.length)));
        Evaluation killed = evaluate(deleted.toArray(String[]::new));
        assertEquals(1, killed.findings().size(), () -> killed.cleared().toString());
        assertEquals(Confidence.POSSIBLE, killed.findings().get(0).confidence());
    }

    /** Control: the signal exit reported before the controller saw the deletion is main's own end (or a probe's kill): nothing. */
    @Test
    void aSignalExitReportedBeforeTheDeletionWasSeenIsNotReadAsItsKill() {
        Evaluation e = evaluate(lines("01.086Z", "00.512Z", "main: Error (exit code 137)", true));
        assertEquals(List.of(), e.findings());
    }

    /** Controls: the kernel's OOM kill and main's own exit code are not a signal's exit from the deletion. */
    @Test
    void anOomKillOrMainsOwnCodeIsNotReported() {
        assertEquals(List.of(), evaluate(lines("01.086Z", "02.372Z", "main: OOMKilled (exit code 137)", false)).findings());
        assertEquals(List.of(), evaluate(lines("01.086Z", "02.372Z", "main: Error (exit code 1)", false)).findings());
    }

    /** Control: a user deleted the Workflow just before (its audit record): its Pod went with it, cleared as the deleted Workflow's. */
    @Test
    void aPodOfADeletedWorkflowIsClearedNotReported() {
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log", lines("01.086Z", "02.372Z", "main: Error (exit code 143)", false))
                .object("audit.log", Exports.workflowAudit("delete", "p", "bob@corp.example", "2026-10-08T07:36:00.802114Z", 200)).correlate());
        assertEquals(List.of(), e.findings());
        assertTrue(e.cleared().stream().anyMatch(c -> c.why().toString().contains("AF007.cleared.workflowDeleted")), e.cleared().toString());
    }
}
