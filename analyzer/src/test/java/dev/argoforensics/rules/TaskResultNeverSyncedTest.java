package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.taskResultForced;
import static dev.argoforensics.testing.V4.taskResultIncomplete;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AF006: a task result still not synced long after the Pod finished; and results pending briefly, or completed by the controller. */
class TaskResultNeverSyncedTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static final String FINISHED_POD = Exports.Pod.of().phase("Succeeded")
            .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:45Z").yaml();
    private static final String UNSYNCED = Exports.workflow("Running", "Running", "", null, false, null);

    @Test
    void theWorkflowAndTheTaskResultAgreeingLongAfterThePodFinishedIsConfirmed() {
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:28:00Z", FINISHED_POD)
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", UNSYNCED)
                .takenAt("tr.yaml", "2026-09-19T16:55:01Z", Exports.taskResult("false", null)).correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF006", f.rule());
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals("2026-09-19T16:27:45Z", f.fact("podFinishedAt").orElseThrow().value());
        assertEquals("2026-09-19T16:55:01Z", f.fact("pendingAt").orElseThrow().value());
        assertEquals("27m16s", f.fact("pendingFor").orElseThrow().value());
        assertEquals("the exported Workflow, the exported WorkflowTaskResult", f.fact("pendingIn").orElseThrow().value());
        assertEquals("exit 0", f.fact("waitContainer").orElseThrow().value());
        assertEquals(List.of("wf.yaml:1", "tr.yaml:1", "pod.yaml:1"), f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    @Test
    void aWaitContainerThatWasOomKilledIsCalledOut() {
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 137, "OOMKilled", "2026-09-19T16:27:46Z").yaml();
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", pod).takenAt("wf.yaml", "2026-09-19T16:55:00Z", UNSYNCED).correlate())
                .findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("exit 137 (OOMKilled)", f.fact("waitContainer").orElseThrow().value());
        assertTrue(f.explanation().contains("The wait container exited 137 (OOMKilled) at 2026-09-19T16:27:46Z"), f.explanation());
        assertTrue(f.summary().endsWith("; its wait container exited 137 (OOMKilled)."), f.summary());
    }

    @Test
    void aResultPendingBrieflyAfterThePodFinishedIsClearedAsWithinTheThreshold() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .takenAt("tr.yaml", "2026-09-19T16:28:05Z", Exports.taskResult("false", null)).log("c.log", createdPod("2026-09-19T16:27:10.431Z"))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("the task result was still pending 20s after the Pod finished, within the threshold of 10m0s", e.cleared().get(0).reason());
    }

    @Test
    void theControllerCompletingTheResultItselfClearsIt() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), taskResultIncomplete("2026-09-19T16:27:50.000Z"),
                        taskResultIncomplete("2026-09-19T16:40:00.000Z"), taskResultForced("2026-09-19T16:40:00.100Z"))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("the controller marked it complete itself"), e.cleared().get(0).reason());
    }

    @Test
    void theControllersDebugLinesAloneArePossible() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                taskResultIncomplete("2026-09-19T16:27:50.000Z"), taskResultIncomplete("2026-09-19T16:33:50.000Z"),
                taskResultIncomplete("2026-09-19T16:39:50.000Z")).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("12m0s", f.fact("pendingFor").orElseThrow().value());
        assertEquals("Not synced for at least", f.fact("pendingFor").orElseThrow().label());
        assertEquals(List.of("c.log:2", "c.log:4"), f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    @Test
    void theCompletionStatusMapOfOlderReleasesCountsToo() {
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", Exports.workflow("Running", "Running", "", null, null, false)).correlate())
                .findings().get(0);
        assertTrue(f.explanation().contains("taskResultsCompletionStatus false at 2026-09-19T16:55:00Z"), f.explanation());
    }
}
