package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
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
 * Session 47: a Workflow deleted in the foreground, read from the controller's lines alone ({@code ForegroundOnLines}). The
 * delete writes the Workflow (deletionTimestamp, finalizer {@code foregroundDeletion}); the controller's next pass names a
 * resourceVersion none of its own updates wrote; the garbage collector deletes every Pod of it within moments, and the pod
 * controller handles each deletion. AF001, AF002 and AF007 clear those Pods, naming the lines. Controls each way: the same Pod
 * lines with no such pass (a user's delete), the pass after the Pod's deletion (a Workflow deleted after the race), the
 * controller's own retried write, a stop of the controller's own, a sweep that took one Pod of two, a deletion long after.
 * Real-shaped v4 slog lines of Workflow {@code ns/p}, its Pod {@code p}.
 */
class ForegroundOnLinesTest {
    /** {@code Processing workflow} naming resourceVersion {@code rv}. */
    private static String pass(String t, String phase, String rv) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=" + rv;
    }

    private static String reapplying(String t) {
        return "time=" + t + " level=INFO msg=\"Re-applying updates on latest version and retrying update\" component=workflow_worker"
                + " workflow=p namespace=ns";
    }

    private static String podFailed(String t, String message) {
        return "time=" + t + " level=INFO msg=\"Pod failed\" component=workflow_worker workflow=p namespace=ns displayName=p templateName=p pod=p"
                + " message=\"" + message + "\"";
    }

    private static String shutdown(String t) {
        return "time=" + t + " level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker workflow=p namespace=ns "
                + "podName=p shutdownStrategy=Stop";
    }

    private static boolean cleared(Evaluation e, String code) {
        return e.cleared().stream().anyMatch(c -> c.why().toString().contains(code));
    }

    private static String show(Evaluation e) {
        return "findings=" + e.findings().stream().map(f -> f.confidence() + " " + f.reason().code() + " " + f.confidenceReason()).toList()
                + " cleared=" + e.cleared();
    }

    // ---- AF007: a running Pod, its node recorded Failed on the kill ----

    /** The running Pod's deletion seen at 07:36:{@code seen} (released at once); main's 137 reported at 07:36:31.204; the Pod gone. */
    private static List<String> deletedRunning(String seen) {
        List<String> l = new ArrayList<>();
        l.add(podEvent("2026-10-08T07:36:" + seen, "update"));
        l.add(removingFinalizers("2026-10-08T07:36:" + seen));
        l.add(queuingPodDelay("2026-10-08T07:36:" + seen, "removeFinalizer", "-59.087142386s"));
        l.add(queueing("2026-10-08T07:36:" + seen, "removeFinalizer"));
        l.add(cleaningUp("2026-10-08T07:36:" + seen, "removeFinalizer"));
        l.add(podEvent("2026-10-08T07:36:31.203Z", "update"));
        l.add(pass("2026-10-08T07:36:31.204Z", "Running", "4785101"));
        l.add(podFailed("2026-10-08T07:36:31.204Z", "main: Error (exit code 137)"));
        l.add(workflowUpdated("2026-10-08T07:36:31.228Z", "Failed", "4785130"));
        l.add(podEvent("2026-10-08T07:36:31.254Z", "delete"));
        return l;
    }

    private static Evaluation af007(List<String> lines) {
        return new PodDeletedDuringExecution().evaluate(new Evidence().log("workflow-controller.log", lines.toArray(String[]::new)).correlate());
    }

    /** The Pod created and running (KilledOnLinesTest's head), then {@code between}, then its deletion seen at 07:36:{@code seen}. */
    private static List<String> running(List<String> between, String seen) {
        List<String> l = KilledOnLinesTest.head();
        l.addAll(between);
        l.addAll(deletedRunning(seen));
        return l;
    }

    @Test
    void aPassOverAVersionSomeoneElseWroteThenItsOnlyPodDeletedClearsAf007() {
        Evaluation e = af007(running(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4785077")), "01.086Z"));
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(cleared(e, "AF007.cleared.workflowDeleted"), () -> show(e));
        String why = e.cleared().get(0).why().toString();
        assertTrue(why.contains("resourceVersion 4785077, which none of its own updates wrote"), why);
        assertTrue(why.contains("its one Pod in the informer"), why);
    }

    /** Control: the same Pod lines with no write of the Workflow before them (a user's delete of the Pod): possible, as before. */
    @Test
    void withoutTheWorkflowsChangeTheKillStaysPossible() {
        Evaluation e = af007(running(List.of(), "01.086Z"));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertEquals("AF007.reason.killWorkflowDeletionOpen", e.findings().get(0).reason().code());
    }

    /** Control: the Workflow written after the Pod's deletion was handled (deleted after the Pod had gone): nothing cleared. */
    @Test
    void aWorkflowChangedAfterThePodsDeletionDoesNotClearIt() {
        List<String> l = KilledOnLinesTest.head();
        List<String> d = deletedRunning("01.086Z");
        l.addAll(d.subList(0, 5));
        l.add(pass("2026-10-08T07:36:01.640Z", "Running", "4785077"));
        l.addAll(d.subList(5, d.size()));
        Evaluation e = af007(l);
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /** Control: the new version follows a conflict the controller re-applied: its own retried write, whose version it never logs. */
    @Test
    void theControllersOwnRetriedWriteIsNoOneElses() {
        Evaluation e = af007(running(List.of(reapplying("2026-10-08T07:35:40.100Z"), pass("2026-10-08T07:36:00.631Z", "Running", "4785077")),
                "01.086Z"));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertFalse(cleared(e, "AF007.cleared.workflowDeleted"), () -> show(e));
    }

    /** Control: argo stop writes the Workflow too, and the controller then stops the Pod itself: not the collector's sweep. */
    @Test
    void aStopOfTheControllersOwnIsNotAForegroundDeletion() {
        Evaluation e = af007(running(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4785077"), shutdown("2026-10-08T07:36:00.640Z")),
                "01.086Z"));
        assertFalse(cleared(e, "AF007.cleared.workflowDeleted"), () -> show(e));
    }

    /** Control: the deletion handled 20 s after the Workflow's change: not the collector's sweep of its dependents. */
    @Test
    void aDeletionLongAfterTheChangeIsNotTheSweep() {
        Evaluation e = af007(running(List.of(pass("2026-10-08T07:35:40.631Z", "Running", "4785077")), "01.086Z"));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /** Control: a second Pod of the Workflow in the informer, never deleted: not every dependent went (one Pod drained or deleted). */
    @Test
    void aSweepThatLeftAnotherPodOfTheWorkflowIsNotTheCollectors() {
        String created = "time=2026-10-08T07:33:00.901Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns"
                + " nodeName=p.q nodeID=p-q podName=p-q";
        String added = "time=2026-10-08T07:33:00.910Z level=INFO msg=\"add pod event\" component=pod_controller pod=p-q";
        Evaluation e = af007(running(List.of(created, added, pass("2026-10-08T07:36:00.631Z", "Running", "4785077")), "01.086Z"));
        assertEquals(1, e.findings().stream().filter(f -> f.pod().name().equals("p")).count(), () -> show(e));
        assertFalse(cleared(e, "AF007.cleared.workflowDeleted"), () -> show(e));
    }

    /**
     * Pod {@code p-q} of the same Workflow, running beside {@code p}, and its deletion handled 40 ms before {@code p}'s: the
     * garbage collector's sweep, a drain of their node, or a user's {@code kubectl delete pods -l} alike.
     */
    private static List<String> twoPods(List<String> between) {
        List<String> l = KilledOnLinesTest.head();
        l.add("time=2026-10-08T07:33:00.901Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns"
                + " nodeName=p.q nodeID=p-q podName=p-q");
        l.add("time=2026-10-08T07:33:00.910Z level=INFO msg=\"add pod event\" component=pod_controller pod=p-q");
        l.addAll(between);
        l.add("time=2026-10-08T07:36:01.046Z level=INFO msg=\"update pod event\" component=pod_controller pod=p-q");
        l.add(removingFinalizers("2026-10-08T07:36:01.046Z"));
        l.add("time=2026-10-08T07:36:01.046Z level=INFO msg=\"queuing pod delay\" component=pod_controller namespace=ns action=removeFinalizer"
                + " podName=p-q podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-1m1.204s");
        l.addAll(deletedRunning("01.086Z"));
        return l;
    }

    @Test
    void bothPodsSweptAfterTheWorkflowsChangeAreTakenWithIt() {
        Evaluation e = af007(twoPods(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4785077"))));
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(e.cleared().stream().anyMatch(c -> c.why().toString().contains("all 2 of its Pods in the informer")), () -> show(e));
    }

    /** Control: a drain or a label-selector delete takes both Pods at once too, but writes no Workflow first: possible, as before. */
    @Test
    void twoPodsDeletedAtOnceWithoutTheWorkflowsChangeStayPossible() {
        Evaluation e = af007(twoPods(List.of()));
        assertEquals(1, e.findings().stream().filter(f -> f.pod().name().equals("p") && f.confidence() == Confidence.POSSIBLE).count(),
                () -> show(e));
        assertFalse(cleared(e, "AF007.cleared.workflowDeleted"), () -> show(e));
    }

    // ---- AF001 and AF002: a finished Pod released on its deletion, its node recorded "pod deleted" ----

    private static final String POD_BEFORE = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
            .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();

    /** Pod p finished at 16:27:44 (an export at 16:29 shows it); {@code change} before its deletion at 16:31:04 (released at once). */
    private static Evidence finished(String... change) {
        List<String> l = new ArrayList<>(List.of(pass("2026-09-19T16:27:10.402Z", "\"\"", "4781001"), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.470Z", "Running", "4781013"), podEvent("2026-09-19T16:27:10.480Z", "add"),
                podEvent("2026-09-19T16:27:45.120Z", "update"), pass("2026-09-19T16:27:45.121Z", "Running", "4781013")));
        l.addAll(List.of(change));
        l.addAll(List.of(podEvent("2026-09-19T16:31:04.250Z", "update"), removingFinalizers("2026-09-19T16:31:04.251Z"),
                queuingPodDelay("2026-09-19T16:31:04.251Z", "removeFinalizer", "-3m20.251s"), queueing("2026-09-19T16:31:04.252Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.254Z", "removeFinalizer"), podEvent("2026-09-19T16:31:04.290Z", "delete"),
                pass("2026-09-19T16:31:04.400Z", "Running", change.length == 0 ? "4781013" : "4781377"), podMissing("2026-09-19T16:31:04.401Z"),
                markingError("2026-09-19T16:31:04.401Z"), nodePhaseChanged("2026-09-19T16:31:04.401Z", "Running", "Error"),
                workflowUpdated("2026-09-19T16:31:04.420Z", "Error", "4781390")));
        return new Evidence().log("workflow-controller.log", l.toArray(String[]::new)).takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", POD_BEFORE);
    }

    @Test
    void aFinishedPodSweptWithItsWorkflowIsNotTheRace() {
        Evaluation race = new PrematureFinalizerRemoval().evaluate(finished(pass("2026-09-19T16:31:03.910Z", "Running", "4781377")).correlate());
        assertEquals(List.of(), race.findings(), () -> show(race));
        assertTrue(cleared(race, "AF001.cleared.workflowDeleted"), () -> show(race));
        Evaluation symptom = new SuccessReportedAsError().evaluate(finished(pass("2026-09-19T16:31:03.910Z", "Running", "4781377")).correlate());
        assertEquals(List.of(), symptom.findings(), () -> show(symptom));
        assertTrue(cleared(symptom, "AF002.cleared.workflowDeleted"), () -> show(symptom));
    }

    /** Control: the same lines with no change of the Workflow before the deletion: AF001 and AF002 stay possible, naming the look-alike. */
    @Test
    void withoutTheWorkflowsChangeTheRaceStaysPossible() {
        Evaluation race = new PrematureFinalizerRemoval().evaluate(finished().correlate());
        assertEquals(1, race.findings().size(), () -> show(race));
        assertEquals(Confidence.POSSIBLE, race.findings().get(0).confidence());
        assertTrue(race.findings().get(0).confidenceReason().contains("nothing shows that the Workflow itself was not being deleted then"),
                race.findings().get(0).confidenceReason());
        Evaluation symptom = new SuccessReportedAsError().evaluate(finished().correlate());
        assertEquals(1, symptom.findings().size(), () -> show(symptom));
        assertEquals(Confidence.POSSIBLE, symptom.findings().get(0).confidence());
    }
}
