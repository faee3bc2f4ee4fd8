package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 47 breaker16: look-alikes of a foreground deletion read from the controller's lines ({@code ForegroundOnLines}) that
 * must not clear a kill. A pass over a version the controller's updates did not show, then the Pod's deletion, is also: a
 * grep'd log without the controller's {@code Workflow update successful} lines (the version was its own), and a Workflow
 * written by someone else (a label, an annotation, {@code argo suspend}/{@code resume}) just before a user's or a drain's delete
 * of its Pod, which then goes on (a retry's new Pod, updates long after its Pod was gone). Controls: the true sweep of
 * ForegroundOnLinesTest still clears; a Workflow updated shortly after its Pod left (recording the kill) still clears.
 * Real-shaped v4 slog lines of Workflow {@code ns/p}, its Pod {@code p}.
 */
class ForegroundOnLinesLookAlikesTest {
    private static String pass(String t, String phase, String rv) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=" + rv;
    }

    private static String podFailed(String t, String message) {
        return "time=" + t + " level=INFO msg=\"Pod failed\" component=workflow_worker workflow=p namespace=ns displayName=p templateName=p pod=p"
                + " message=\"" + message + "\"";
    }

    /** The running Pod's deletion seen at 07:36:01.086 (released at once); main's 137 at 31.204; {@code phase} recorded; the Pod gone at 31.254. */
    private static List<String> deletedRunning(String phase) {
        String seen = "2026-10-08T07:36:01.086Z";
        return new ArrayList<>(List.of(podEvent(seen, "update"), removingFinalizers(seen), queuingPodDelay(seen, "removeFinalizer", "-59.087142386s"),
                queueing(seen, "removeFinalizer"), cleaningUp(seen, "removeFinalizer"), podEvent("2026-10-08T07:36:31.203Z", "update"),
                pass("2026-10-08T07:36:31.204Z", "Running", "4785101"), podFailed("2026-10-08T07:36:31.204Z", "main: Error (exit code 137)"),
                workflowUpdated("2026-10-08T07:36:31.228Z", phase, "4785130"), podEvent("2026-10-08T07:36:31.254Z", "delete")));
    }

    /** KilledOnLinesTest's head with its second pass naming the version its first update wrote (4783774), then {@code between}. */
    private static List<String> head(List<String> between) {
        List<String> l = KilledOnLinesTest.head();
        l.set(6, pass("2026-10-08T07:33:02.123Z", "Running", "4783774"));
        l.addAll(between);
        return l;
    }

    private static Evaluation af007(List<String> lines) {
        return new PodDeletedDuringExecution().evaluate(new Evidence().log("workflow-controller.log", lines.toArray(String[]::new)).correlate());
    }

    private static boolean cleared(Evaluation e) {
        return e.cleared().stream().anyMatch(c -> c.why().toString().contains("AF007.cleared.workflowDeleted"));
    }

    private static String show(Evaluation e) {
        return "findings=" + e.findings().stream().map(f -> f.confidence() + " " + f.reason().code()).toList() + " cleared=" + e.cleared();
    }

    // ---- a log without the controller's own updates ----

    /** The controller's pass at 07:36:00.631 over 4783821, the version its own update of 07:33:02.250 wrote; then a user's delete. */
    private static List<String> ownVersionThenDelete() {
        List<String> l = head(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4783821")));
        l.addAll(deletedRunning("Failed"));
        return l;
    }

    /** Control: the whole stream shows 4783821 as the controller's own write: no one else wrote the Workflow; possible. */
    @Test
    void aPassOverTheControllersOwnVersionIsNoDeletion() {
        Evaluation e = af007(ownVersionThenDelete());
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertFalse(cleared(e), () -> show(e));
    }

    /**
     * {@code grep -e 'Processing workflow' -e 'pod'} of the same log: no {@code Workflow update successful} line, so the pass over
     * the controller's own version looked written by someone else, and the user's delete of the one Pod was cleared as the sweep.
     */
    @Test
    void aLogWithoutTheControllersUpdatesShowsNoOneElsesWrite() {
        List<String> l = ownVersionThenDelete();
        l.removeIf(s -> s.contains("Workflow update successful"));
        Evaluation e = af007(l);
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertFalse(cleared(e), () -> show(e));
    }

    // ---- someone else's write, then the Pod deleted another way, the Workflow going on ----

    /**
     * {@code kubectl annotate wf p} (or {@code argo suspend}) at 07:36:00.6: the pass over its version; a user's delete of the one
     * Pod 0.5 s later; the node recorded Failed and retried (the Workflow stays Running), its retry's Pod created, and the Workflow
     * updated until 07:37:20: it was never being deleted.
     */
    @Test
    void aWorkflowWrittenBySomeoneElseThatGoesOnAfterItsPodIsNotDeleted() {
        List<String> l = head(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4785077")));
        l.addAll(deletedRunning("Running"));
        l.add(pass("2026-10-08T07:36:41.300Z", "Running", "4785130"));
        l.add(workflowUpdated("2026-10-08T07:36:41.330Z", "Running", "4785160"));
        l.add(pass("2026-10-08T07:37:20.100Z", "Running", "4785160"));
        l.add(workflowUpdated("2026-10-08T07:37:20.140Z", "Running", "4785222"));
        Evaluation e = af007(l);
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertFalse(cleared(e), () -> show(e));
    }

    /** Control: the foreground-deleted Workflow updated once more 2 s after its Pod was gone (the kill recorded late): still cleared. */
    @Test
    void anUpdateMomentsAfterThePodWentStillClears() {
        List<String> l = head(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4785077")));
        l.addAll(deletedRunning("Failed"));
        l.add(pass("2026-10-08T07:36:33.300Z", "Failed", "4785130"));
        l.add(workflowUpdated("2026-10-08T07:36:33.330Z", "Failed", "4785160"));
        Evaluation e = af007(l);
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(cleared(e), () -> show(e));
    }

    /** Control: v3.4 to v3.5.2 log {@code Processing workflow} without a version: no one else's write can be read; possible. */
    @Test
    void passesWithoutVersionsShowNoOneElsesWrite() {
        List<String> l = head(List.of(pass("2026-10-08T07:36:00.631Z", "Running", "4785077")));
        l.addAll(deletedRunning("Failed"));
        l.replaceAll(s -> s.contains("Processing workflow") ? s.replaceAll(" resourceVersion=\\S+", "") : s);
        Evaluation e = af007(l);
        assertEquals(1, e.findings().size(), () -> show(e));
        assertFalse(cleared(e), () -> show(e));
    }
}
