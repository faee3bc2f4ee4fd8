package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.time.GoDuration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF003: a controller run without workflow workers, or a Workflow left unprocessed after its Pod's
 * deletion requeued it; and the look-alikes where workers picked the Workflow up in time.
 */
class ReconciliationStalledTest {
    private final ReconciliationStalled rule = new ReconciliationStalled(RuleSettings.defaults());

    private static Evidence created() {
        return new Evidence().log("1.log", processing("2026-09-19T16:27:10.402Z", "Running"), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"));
    }

    /** The pod controller handles the deletion of the aged Pod. */
    private static String[] deletion(int workflowWorkers) {
        return new String[] {workers("2026-09-19T16:31:11.132Z", workflowWorkers), podEvent("2026-09-19T16:31:11.256Z", "add"),
            removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
            queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
            podEvent("2026-09-19T16:31:11.363Z", "delete")};
    }

    @Test
    void aRunWithoutWorkflowWorkersThatHandlesThePodIsConfirmed() {
        Evaluation e = rule.evaluate(created().log("2.log", deletion(0)).log("3.log", processing("2026-09-19T16:33:02.240Z", "Running"))
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF003", f.rule());
        assertEquals(Severity.MEDIUM, f.severity());
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals(0, f.fact("workflowWorkers").orElseThrow().value());
        assertEquals(4, f.fact("podCleanupWorkers").orElseThrow().value());
        assertEquals("2026-09-19T16:27:10.402Z", f.fact("lastProcessedBefore").orElseThrow().value());
        assertEquals("2026-09-19T16:31:11.256Z", f.fact("podControllerFrom").orElseThrow().value());
        assertEquals("2026-09-19T16:31:11.363Z", f.fact("podControllerTo").orElseThrow().value());
        assertEquals("2026-09-19T16:33:02.240Z", f.fact("nextProcessed").orElseThrow().value());
        assertEquals("1m50.984s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals(List.of("1.log:1", "2.log:1", "2.log:2", "2.log:4", "2.log:5", "2.log:6", "2.log:7", "3.log:1"),
                f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    @Test
    void theSameDeletionWithWorkersThatProcessTheWorkflowAtOnceIsSilent() {
        String[] lines = deletion(2);
        Evaluation e = rule.evaluate(created().log("2.log", lines[0], lines[1], lines[2], lines[3], processing("2026-09-19T16:31:11.300Z", "Running"),
                lines[4], lines[5], lines[6]).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    @Test
    void processingInTheZeroWorkerRunContradictsTheWorkerNumbersForThatWorkflow() {
        String[] lines = deletion(0);
        Evaluation e = rule.evaluate(created().log("2.log", lines[0], processing("2026-09-19T16:31:11.200Z", "Running"), lines[1], lines[2],
                lines[3], lines[4], lines[5], lines[6], processing("2026-09-19T16:31:11.400Z", "Running")).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Busy workers: the deletion requeues the Workflow, but no worker takes it up for 3m10s. */
    private static Evidence busy(String nextProcessing) {
        return created().log("2.log", workers("2026-09-19T16:30:00.000Z", 2), podEvent("2026-09-19T16:31:30.101Z", "update"),
                removingFinalizers("2026-09-19T16:31:30.102Z"), queuingPodDelay("2026-09-19T16:31:30.102Z", "removeFinalizer", "17.898s"),
                queueingAfter("2026-09-19T16:31:30.103Z", "removeFinalizer", "17.898s"), processingOther("2026-09-19T16:32:00.000Z"),
                processingOther("2026-09-19T16:34:45.000Z"), processing(nextProcessing, "Running"));
    }

    @Test
    void aWorkflowNotProcessedForLongerThanTheThresholdAfterTheDeletionIsLikely() {
        Finding f = rule.evaluate(busy("2026-09-19T16:34:40.500Z").correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(null, f.fact("workflowWorkers").map(Fact::value).orElse(null), "workers there were");
        assertEquals("3m10.398s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals("2026-09-19T16:31:30.102Z", f.fact("podControllerFrom").orElseThrow().value());
        assertTrue(f.explanation().contains("it handled the Pod's deletion, which also puts the Workflow back on the workers' queue"),
                f.explanation());
    }

    @Test
    void theThresholdIsASetting() {
        ReconciliationStalled lenient = new ReconciliationStalled(new RuleSettings(GoDuration.parse("5m"), 1, 1));
        assertTrue(lenient.evaluate(busy("2026-09-19T16:34:40.500Z").correlate()).findings().isEmpty());
    }

    @Test
    void processingWithinTheThresholdIsSilent() {
        assertTrue(rule.evaluate(busy("2026-09-19T16:32:10.000Z").correlate()).findings().isEmpty());
    }

    @Test
    void whenTheLogsEndFirstItIsOnlyPossible() {
        Evidence ev = created().log("2.log", workers("2026-09-19T16:30:00.000Z", 2), podEvent("2026-09-19T16:31:30.101Z", "update"),
                removingFinalizers("2026-09-19T16:31:30.102Z"), queuingPodDelay("2026-09-19T16:31:30.102Z", "removeFinalizer", "17.898s"),
                processingOther("2026-09-19T16:36:00.000Z"));
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("at least 4m29.898s", f.fact("unreconciledFor").orElseThrow().value());
        assertEquals(null, f.fact("nextProcessed").orElseThrow().value());
    }

    @Test
    void aLaterLogThatNeverNamesTheWorkflowDoesNotStretchTheStall() {
        // The Pod's controller log ends right after the deletion; another controller's log (another installation, or an
        // excerpt grepped for other names) goes on for twenty minutes without ever processing this Workflow: it says
        // nothing about whether this Workflow was reconciled, so it must not turn into "at least 18m" unreconciled.
        Evidence ev = created().log("2.log", workers("2026-09-19T16:30:00.000Z", 2), podEvent("2026-09-19T16:31:30.101Z", "update"),
                removingFinalizers("2026-09-19T16:31:30.102Z"), queuingPodDelay("2026-09-19T16:31:30.102Z", "removeFinalizer", "17.898s"),
                queueingAfter("2026-09-19T16:31:30.103Z", "removeFinalizer", "17.898s"))
                .log("other-controller.log", processingOther("2026-09-19T16:35:00.000Z"), processingOther("2026-09-19T16:50:00.000Z"));
        assertTrue(rule.evaluate(ev.correlate()).findings().isEmpty(), () -> rule.evaluate(ev.correlate()).findings().toString());
        // The same later log in the Pod's own controller run does say the Workflow went unprocessed.
        Evidence own = created().log("2.log", workers("2026-09-19T16:30:00.000Z", 2), podEvent("2026-09-19T16:31:30.101Z", "update"),
                removingFinalizers("2026-09-19T16:31:30.102Z"), queuingPodDelay("2026-09-19T16:31:30.102Z", "removeFinalizer", "17.898s"),
                queueingAfter("2026-09-19T16:31:30.103Z", "removeFinalizer", "17.898s"), processingOther("2026-09-19T16:35:00.000Z"),
                processingOther("2026-09-19T16:50:00.000Z"));
        Finding f = rule.evaluate(own.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("at least 18m29.898s", f.fact("unreconciledFor").orElseThrow().value());
    }

    @Test
    void aCompletedWorkflowIsNotStalled() {
        Evidence ev = created().log("2.log", workers("2026-09-19T16:30:00.000Z", 2), workflowUpdated("2026-09-19T16:30:10.000Z", "Succeeded", "8"),
                podEvent("2026-09-19T16:31:30.101Z", "update"), removingFinalizers("2026-09-19T16:31:30.102Z"),
                queuingPodDelay("2026-09-19T16:31:30.102Z", "removeFinalizer", "-10s"), processingOther("2026-09-19T16:40:00.000Z"));
        assertTrue(rule.evaluate(ev.correlate()).findings().isEmpty());
    }

    /**
     * Review (s17): the controller run that handled the Pod's deletion logs nothing more (it was killed), and the Workflow is
     * next processed by another run, begun 2m50s later. The finding said only that no Processing workflow line named the
     * Workflow, and told of Workflow workers; the gap was the controller's absence, and the reason now says so.
     */
    @Test
    void aStallAcrossARestartSaysNoControllerWasRunning() {
        Evaluation e = rule.evaluate(created().log("2.log", deletion(32)).log("3.log", processing("2026-09-19T16:34:02.240Z", "Running"))
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        String reason = f.confidenceReason();
        assertTrue(reason.contains("logged its last line at 2026-09-19T16:31:11.363Z") && reason.contains("a restart or a hand-over"), reason);
    }
}
