package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.processing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * AF006 is about a result left unsynced after its Pod finished. A lost node's Pod never finishes: the Pod garbage collector fails
 * it over running containers and deletes it. Before #15150 the controller assessed that Pod {@code Succeeded} (v3.4.0-v3.5.4
 * stored it: the node {@code Succeeded}, finished, with wait's placeholder result {@code false} in
 * {@code taskResultsCompletionStatus} for good). The node's finish and its phase are the fall-through's, not the containers':
 * the warning that main had not terminated says the step never ended. Negative control: the same export and warning with an
 * export of the Pod showing its containers ended (the warning then named a sidecar's Pod, not this one's main: the finding stays).
 */
class TaskResultOfUnendedStepTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static String mainUnterminated(String t) {
        return "time=" + t + " level=WARN msg=\"Pod phase was Failed but container did not have terminated state\" component=workflow_worker "
                + "workflow=p namespace=ns podName=p containerName=main";
    }

    /** Stored Succeeded at 16:31:11, exported at 16:55 with its result still false in the completion map. */
    private Evidence lostThenStoredSucceeded() {
        return new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), processing("2026-09-19T16:31:11.251Z", "Running"),
                mainUnterminated("2026-09-19T16:31:11.252Z"), processing("2026-09-19T16:40:00.100Z", "Succeeded"),
                processing("2026-09-19T16:54:00.100Z", "Succeeded"))
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", Exports.workflow("Succeeded", "Succeeded", "", "2026-09-19T16:31:11Z", null, false));
    }

    @Test
    void aResultTheLostStepNeverCompletedIsNotAResultLeftUnsynced() {
        Evaluation e = rule.evaluate(lostThenStoredSucceeded().correlate());
        assertEquals(0, e.findings().size(), () -> e.findings().get(0).explanation());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("the Pod never finished")), () -> e.cleared().toString());
    }

    @Test
    void anExportShowingTheContainersEndedKeepsTheFinding() {
        String finished = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:45Z").yaml();
        Evaluation e = rule.evaluate(lostThenStoredSucceeded().pod("pod.yaml", finished).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
    }
}
