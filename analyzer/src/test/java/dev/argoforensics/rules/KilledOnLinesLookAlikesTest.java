package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 46, breaker9: look-alikes of AF007's kill path on the controller's lines alone (KilledOnLinesTest), v4 slog lines.
 */
class KilledOnLinesLookAlikesTest {
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static String podFailed(String t, String message) {
        return "time=" + t + " level=INFO msg=\"Pod failed\" component=workflow_worker workflow=p namespace=ns displayName=p templateName=p pod=p"
                + " message=\"" + message + "\"";
    }

    private static String cleaning(String t, String action) {
        return "time=" + t + " level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/" + action + " action=" + action
                + " namespace=ns podName=p";
    }

    private static String shutdown(String t) {
        return "time=" + t + " level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker workflow=p namespace=ns "
                + "podName=p shutdownStrategy=Stop";
    }

    private static String deadline(String t) {
        return "time=" + t + " level=INFO msg=\"Terminating pod which has exceeded workflow deadline\" component=workflow_worker workflow=p"
                + " namespace=ns podName=p";
    }

    private static String updateRefused(String t) {
        return "time=" + t + " level=WARN msg=\"Error updating workflow\" component=workflow_worker workflow=p namespace=ns reason=NotFound"
                + " error=\"workflows.argoproj.io \\\"p\\\" not found\"";
    }

    /** The Pod created at 07:33:00, running from 07:33:02 (KilledOnLinesTest's). */
    private static List<String> head() {
        return KilledOnLinesTest.head();
    }

    /** The kubelet reports main's end at {@code t} (07:36:ss.mmmZ): the controller's reconcile records the node. */
    private static List<String> report(String t, String message, String wfPhase) {
        return List.of(podEvent("2026-10-08T07:36:" + t, "update"), processing("2026-10-08T07:36:" + t, "Running"),
                podFailed("2026-10-08T07:36:" + t, message), workflowUpdated("2026-10-08T07:36:" + t, wfPhase, "4785199"));
    }

    /** A user's delete seen at {@code t}: the deleting handler releases the finalizer at once (its deadline long past). */
    private static List<String> userDelete(String t) {
        return List.of(podEvent("2026-10-08T07:36:" + t, "update"), removingFinalizers("2026-10-08T07:36:" + t),
                queuingPodDelay("2026-10-08T07:36:" + t, "removeFinalizer", "-59.087142386s"), queueing("2026-10-08T07:36:" + t, "removeFinalizer"),
                cleaning("2026-10-08T07:36:" + t, "removeFinalizer"));
    }

    private Evaluation evaluate(List<String> lines) {
        return rule.evaluate(new Evidence().log("workflow-controller.log", lines.toArray(String[]::new)).correlate());
    }

    private static boolean cleared(Evaluation e, String code) {
        return e.cleared().stream().anyMatch(c -> c.why().toString().contains(code));
    }

    private static String show(Evaluation e) {
        return "findings=" + e.findings().stream().map(f -> f.confidence() + " " + f.reason().code() + " " + f.confidenceReason()).toList()
                + " cleared=" + e.cleared();
    }

    /**
     * Argo's podGC (OnPodCompletion, 5 s) deletes a Pod whose main a liveness probe killed (137) in a Workflow still running its other
     * steps: every reconcile logs "Pod failed" again for a Failed Pod still listed (assessNodeStatus runs for each Pod), so one falls
     * after the deletion was seen. Main had ended 5 s before the delete: nothing of AF007.
     */
    @Test
    void podGcAfterAProbesKillIsNotReported() {
        List<String> l = head();
        l.addAll(report("00.512Z", "main: Error (exit code 137)", "Running"));
        l.add(queuingPodDelay("2026-10-08T07:36:00.540Z", "deletePod", "4.972s"));
        l.add(queueingAfter("2026-10-08T07:36:00.540Z", "deletePod", "4.972s"));
        l.add(cleaning("2026-10-08T07:36:05.515Z", "deletePod"));
        l.addAll(report("05.541Z", "main: Error (exit code 137)", "Running"));
        l.add(podEvent("2026-10-08T07:36:05.602Z", "delete"));
        Evaluation e = evaluate(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
    }

    /** A user deletes a Pod whose main a probe had killed 20 s before; the reconcile the deletion triggers logs "Pod failed" again. */
    @Test
    void aUsersDeleteAfterMainsOwnSignalExitIsNotReadAsItsKill() {
        List<String> l = head();
        l.addAll(report("00.512Z", "main: Error (exit code 137)", "Running"));
        l.addAll(userDelete("20.101Z"));
        l.addAll(report("20.130Z", "main: Error (exit code 137)", "Running"));
        l.add(podEvent("2026-10-08T07:36:20.180Z", "delete"));
        Evaluation e = evaluate(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(cleared(e, "AF007.cleared.failedBeforeSeen"), () -> show(e));
    }

    /**
     * The wait container's signal exit: the controller names a container other than main only when main exited 0 (inferFailedReason
     * ranks main first and skips a zero exit), so main had finished: not "deleted before its main container finished".
     */
    @Test
    void waitsSignalExitAfterTheDeletionIsNotMainStillRunning() {
        List<String> l = head();
        l.addAll(userDelete("01.086Z"));
        l.addAll(report("02.372Z", "wait: Error (exit code 143)", "Error"));
        l.add(podEvent("2026-10-08T07:36:02.422Z", "delete"));
        Evaluation e = evaluate(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(cleared(e, "AF007.cleared.waitKilled"), () -> show(e));
    }

    /** argo stop: the controller signals main (terminateContainers, no delete), then the Workflow's podGC deletes the Pod. */
    @Test
    void theControllersStopThenPodGcIsNotAnOutsideDeletion() {
        List<String> l = head();
        l.add(shutdown("2026-10-08T07:36:00.100Z"));
        l.add(queueing("2026-10-08T07:36:00.101Z", "terminateContainers"));
        l.add(cleaning("2026-10-08T07:36:00.102Z", "terminateContainers"));
        l.addAll(report("01.372Z", "main: Error (exit code 143)", "Failed"));
        l.add(queuingPodDelay("2026-10-08T07:36:01.400Z", "deletePod", "4.972s"));
        l.add(cleaning("2026-10-08T07:36:06.400Z", "deletePod"));
        l.add(podEvent("2026-10-08T07:36:06.420Z", "update"));
        l.add(podEvent("2026-10-08T07:36:06.470Z", "delete"));
        Evaluation e = evaluate(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
    }

    /**
     * argo stop, or the Workflow's activeDeadlineSeconds, and a user's delete within the same second: the controller's own stop, logged
     * before the deletion was seen, is named (AF007.cleared.controller), not an outside deletion.
     */
    @Test
    void theControllersStopOrDeadlineWithADeleteIsClearedAsTheControllers() {
        for (String stop : List.of(shutdown("2026-10-08T07:36:00.100Z"), deadline("2026-10-08T07:36:00.100Z"))) {
            List<String> l = head();
            l.add(stop);
            l.add(queueing("2026-10-08T07:36:00.101Z", "terminateContainers"));
            l.add(cleaning("2026-10-08T07:36:00.102Z", "terminateContainers"));
            l.addAll(userDelete("00.900Z"));
            l.addAll(report("01.372Z", "main: Error (exit code 143)", "Failed"));
            l.add(podEvent("2026-10-08T07:36:01.420Z", "delete"));
            Evaluation e = evaluate(l);
            assertEquals(List.of(), e.findings(), () -> show(e));
            assertTrue(cleared(e, "AF007.cleared.controller"), () -> show(e));
        }
    }

    /** A Workflow deleted with --cascade=foreground, known from the lines only: its update refused NotFound once its Pods are gone. */
    @Test
    void aForegroundWorkflowDeleteOnTheLinesIsClearedAsTheWorkflows() {
        List<String> l = head();
        l.addAll(userDelete("01.086Z"));
        l.addAll(report("02.372Z", "main: Error (exit code 143)", "Running"));
        l.add(podEvent("2026-10-08T07:36:02.422Z", "delete"));
        l.add(processing("2026-10-08T07:36:02.430Z", "Running"));
        l.add(updateRefused("2026-10-08T07:36:02.460Z"));
        Evaluation e = evaluate(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(cleared(e, "AF007.cleared.workflowDeleted"), () -> show(e));
    }

    /**
     * A pasted excerpt with the deleting handler's lines cut out (only its release and the delete left): nothing dates when the
     * controller saw the deletion against the report, so no claim.
     */
    @Test
    void anExcerptWithoutTheDeletingHandler() {
        List<String> l = head();
        l.add(cleaning("2026-10-08T07:36:01.089Z", "removeFinalizer"));
        l.addAll(report("02.372Z", "main: Error (exit code 143)", "Failed"));
        l.add(podEvent("2026-10-08T07:36:02.422Z", "delete"));
        Evaluation e = evaluate(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
    }

    /** Controls: the kubelet's node-pressure eviction's message, and a sidecar's ignored 137 (message empty), are no kill exit. */
    @Test
    void anEvictionOrAnEmptyMessageIsNotReported() {
        for (String m : List.of("The node was low on resource: memory. Threshold quantity: 100Mi, available: 52Mi. ", "")) {
            List<String> l = head();
            l.addAll(userDelete("01.086Z"));
            l.addAll(report("02.372Z", m, "Failed"));
            l.add(podEvent("2026-10-08T07:36:02.422Z", "delete"));
            Evaluation e = evaluate(l);
            assertEquals(List.of(), e.findings(), () -> show(e));
        }
    }
}
