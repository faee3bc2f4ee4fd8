package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 46 breaker: AF007's kill path (KilledByDeletionTest) against a Workflow deleted after the Pod's own deletion killed main.
 * Truth from lifecycle-and-failures.md A1-A3: deleting a Workflow deletes its Pods through the garbage collector after the
 * Workflow's delete; the kubelet's Killing "Stopping container main" follows the Pod's deletion. A Killing of main clearly before
 * the Workflow's delete was not that delete's kill: the Pod's own deletion (here alice's drain) killed main, and the race is real
 * whatever happened to the Workflow after. Here main traps the SIGTERM and exits 143 after 25 s of clean-up (its grace is 30 s),
 * the node is recorded Failed at 11:04:26, and bob deletes the Workflow at 11:04:20, seeing the step fail.
 */
class KillPathLookAlikesTest {
    private static final String WF = "fanout-report-2m9qk";
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static String workflowDelete(String at) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"7d21aa90\","
                + "\"stage\":\"ResponseComplete\",\"requestURI\":\"/apis/argoproj.io/v1alpha1/namespaces/batch/workflows/" + WF + "\",\"verb\":\"delete\","
                + "\"user\":{\"username\":\"bob@corp.example\",\"groups\":[\"system:authenticated\"]},\"userAgent\":\"argo/v3.5.15\","
                + "\"objectRef\":{\"resource\":\"workflows\",\"namespace\":\"batch\",\"name\":\"" + WF + "\",\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"},"
                + "\"responseStatus\":{\"metadata\":{},\"code\":200},\"requestReceivedTimestamp\":\"2026-12-04T" + at + "Z\","
                + "\"stageTimestamp\":\"2026-12-04T" + at + "Z\"}";
    }

    /** KilledByDeletionTest's excerpt with the node read Failed at 11:04:26 (main's clean-up after the SIGTERM). */
    private static String[] logs() {
        return Arrays.stream(KilledByDeletionTest.logs("main: Error (exit code 143)")).map(l -> l.replace("T11:04:01.", "T11:04:26."))
                .toArray(String[]::new);
    }

    private Evaluation evaluate(String workflowDeletedAt) {
        Evidence e = new Evidence().log("workflow-controller.log", logs()).object("audit.log", KilledByDeletionTest.EVICTION)
                .object("events.yaml", KilledByDeletionTest.killing("2026-12-04T11:04:00Z"));
        if (workflowDeletedAt != null) {
            e.object("audit-workflows.log", workflowDelete(workflowDeletedAt));
        }
        return rule.evaluate(e.correlate());
    }

    /** Control: the drain alone; main's 143 on its kill is reported, likely. */
    @Test
    void theDrainsKillIsReported() {
        List<Finding> f = evaluate(null).findings();
        assertEquals(1, f.size(), f::toString);
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
    }

    /**
     * The Workflow deleted 20 s after the kubelet's Killing of main (its second's end and two clocks' disagreement are 11 s): the
     * Workflow's deletion did not kill main, the drain did; the race is real and must not be cleared as the deleted Workflow's.
     */
    @Test
    void aWorkflowDeletedAfterMainWasKilledDoesNotClearTheRace() {
        Evaluation ev = evaluate("11:04:20.402114");
        assertEquals(1, ev.findings().size(), () -> ev.findings() + " cleared " + ev.cleared());
        assertEquals(Confidence.LIKELY, ev.findings().get(0).confidence(), ev.findings().get(0).confidenceReason());
    }

    /** Control: the Workflow deleted within the clocks' margin of the Killing may have been the kill's cause: cleared, as in session 45. */
    @Test
    void aWorkflowDeletedAboutTheKillStillClears() {
        Evaluation ev = evaluate("11:04:05.402114");
        assertEquals(List.of(), ev.findings());
        assertTrue(ev.cleared().stream().anyMatch(c -> c.why().toString().contains("AF007.cleared.workflowDeleted")), ev.cleared().toString());
    }
}
