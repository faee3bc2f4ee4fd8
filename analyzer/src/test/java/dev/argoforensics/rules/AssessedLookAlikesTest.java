package dev.argoforensics.rules;

import static dev.argoforensics.rules.AssessedBeforeDeletionTest.NID;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.NODE;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.NS;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.POD;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.WF;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.WORKFLOW_AFTER;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.line;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.nodeChanged;
import static dev.argoforensics.rules.AssessedBeforeDeletionTest.wf;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 45 breaker (s45-breaker7): a look-alike of AF001's order read from a Workflow worker's Succeeded logged well before the
 * same run's first sighting of the deletion on an update (AssessedBeforeDeletionTest). Truth: the Pod was deleted while main ran
 * (02:13:30, its release deferred), main answered the SIGTERM with exit 0 and the worker read it Succeeded at 02:13:31.5; a later
 * deleting update (02:13:44, the kubelet's status) comes 13 s after that reading. The order is the first sighting's, not the
 * later update's. (With the 02:13:30 lines cut from the log, the 02:13:44 update would be taken for the first sighting: the reading
 * orders only where the stats ticker shows the log whole between, AssessedBeforeDeletionTest.withoutTheTickerNothingShowsTheLogWhole.)
 */
class AssessedLookAlikesTest {
    // The Workflow, Pod and line builders of AssessedBeforeDeletionTest: the same incident's shape.
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static String[] deletedWhileRunning(boolean firstSighting) {
        List<String> l = new java.util.ArrayList<>(List.of(
            line("01:58:02.141", "info", "Current Worker Numbers", "cronWorkflowWorkers=8;podCleanup=4;workflowArchive=8;workflowTtlWorkers=4;workflowWorkers=32"),
            wf("02:10:00.412", "Processing workflow", "Phase=\"\";ResourceVersion=\"88120431\""),
            wf("02:10:00.430", "Pod node " + NID + " initialized Pending", ""),
            wf("02:10:00.471", "Created pod: " + NODE + " (" + POD + ")", ""),
            wf("02:10:00.497", "Workflow update successful", "phase=\"Running\";resourceVersion=\"88120437\""),
            wf("02:10:05.224", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120437\""),
            nodeChanged("02:10:05.229", "Pending", "Running"),
            wf("02:10:05.251", "Workflow update successful", "phase=\"Running\";resourceVersion=\"88120502\"")));
        if (firstSighting) {
            l.addAll(List.of(line("02:13:30.119", "info", "update pod event", "pod=\"" + POD + "\""),
                line("02:13:30.119", "info", "Removing finalizers during a delete", "pod.Finalizers=[\"workflows.argoproj.io/status\"]"),
                line("02:13:30.120", "info", "queuing poddelay1m10.880112407s", "action=\"removeFinalizer\";namespace=\"" + NS + "\";podGC={};podName=\"" + POD + "\"")));
        }
        l.addAll(List.of(
            wf("02:13:31.500", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120502\""),
            nodeChanged("02:13:31.505", "Running", "Succeeded"),
            line("02:13:41.510", "warning", "Error updating workflow: Internal error occurred: failed calling webhook "
                    + "\"validate.kyverno.svc-fail\": context deadline exceeded InternalError", "namespace=\"" + NS + "\";workflow=\"" + WF + "\""),
            // the kubelet's status after main ended (ContainersReady false, Succeeded): a later update, still deleting
            line("02:13:44.480", "info", "update pod event", "pod=\"" + POD + "\""),
            line("02:13:44.480", "info", "Removing finalizers during a delete", "pod.Finalizers=[\"workflows.argoproj.io/status\"]"),
            line("02:13:44.481", "info", "queuing poddelay56.519112407s", "action=\"removeFinalizer\";namespace=\"" + NS + "\";podGC={};podName=\"" + POD + "\""),
            line("02:14:41.001", "info", "queueing pod for cleanup", "action=\"removeFinalizer\";namespace=\"" + NS + "\";podName=\"" + POD + "\""),
            line("02:14:41.010", "info", "cleaning up pod", "action=\"removeFinalizer\";key=\"" + NS + "/" + POD + "/removeFinalizer\";namespace=\"" + NS
                    + "\";podName=\"" + POD + "\""),
            line("02:14:41.087", "info", "delete pod event", "pod=\"" + POD + "\""),
            wf("02:14:51.601", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120502\""),
            wf("02:14:51.609", "Workflow pod is missing", "nodeName=\"" + NODE + "\";nodePhase=\"Running\";recentlyStarted=false"),
            line("02:14:51.610", "error", "Mark error node", "error=\"pod deleted\";namespace=\"" + NS + "\";nodeName=\"" + NODE + "\";workflow=\"" + WF + "\""),
            wf("02:14:51.611", "node " + NID + " phase Running -> Error", ""),
            wf("02:14:51.612", "node " + NID + " message: pod deleted", ""),
            wf("02:14:51.662", "Workflow update successful", "phase=\"Failed\";resourceVersion=\"88121190\"")));
        return l.toArray(String[]::new);
    }

    private static Correlation correlate(boolean firstSighting) { // false: the cut described above
        return new Evidence().log("workflow-controller-6jx4k.log", deletedWhileRunning(firstSighting)).workflow("argo-get.yaml", WORKFLOW_AFTER).correlate();
    }

    /** Control: with the first sighting in the lines, the Succeeded read after it orders nothing. */
    @Test
    void withTheFirstSightingNothingIsOrdered() {
        Correlation c = correlate(true);
        Execution e = c.lifecycle(new PodKey(NS, POD)).execution();
        assertTrue(!e.reason().startsWith("a Workflow worker assessed"), e.reason());
        // the execution's order is what the cut variant gets wrong (FINISHED_BEFORE from the worker's reading, AF001 likely)
        assertFalse(e.state() == Execution.State.FINISHED_BEFORE && e.endShown(), e.toString());
        rule.evaluate(c).findings().forEach(f -> assertTrue(f.confidence() != Confidence.LIKELY && f.confidence() != Confidence.CONFIRMED, f.confidenceReason()));
    }
}
