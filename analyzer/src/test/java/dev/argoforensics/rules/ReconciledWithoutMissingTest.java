package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Review s25: a controller log cut at its start ({@code kubectl logs --since}) holds the release of a finished Pod's finalizer on
 * the deleting branch and the Pod leaving the informer, but not the earlier pass that had persisted its node Succeeded (its
 * {@code labelPodCompleted} still queued behind busy cleanup workers). The Workflow is processed again after the Pod has gone and
 * no {@code Workflow pod is missing} is logged: {@code podReconciliation} logs it (Info, every release) for every started Pod node
 * not yet fulfilled whose Pod its informer lacks, so the node was fulfilled. Before, AF001 was {@code likely} ("the evidence ends
 * before the controller recorded what became of the node", the Workflow seen after the release).
 */
class ReconciledWithoutMissingTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    /** The release and the Pod gone, in a log that starts at 16:31:00 (the stats ticker's nameless lines make it read whole). */
    private static List<String> released() {
        return new ArrayList<>(List.of(
                "time=2026-09-19T16:31:00.000Z level=INFO msg=Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123",
                podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete")));
    }

    private static List<String> then(String... lines) {
        List<String> out = released();
        out.addAll(Arrays.asList(lines));
        out.add("time=2026-09-19T16:36:00.000Z level=INFO msg=Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123");
        return out;
    }

    private Evaluation evaluate(List<String> log) {
        return rule.evaluate(new Evidence().pod("pod.yaml", V4.podYaml(true)).log("c.log", log.toArray(String[]::new)).correlate());
    }

    @Test
    void aPassAfterThePodLeftThatDidNotFindItMissingReadTheNodeFulfilled() {
        Evaluation e = evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"), workflowUpdated("2026-09-19T16:31:21.330Z", "Running")));
        assertEquals(List.of(), e.findings());
        assertEquals(1, e.cleared().size());
        assertEquals("AF001.cleared.reconciledWithoutMissing", e.cleared().get(0).why().code());
        assertEquals("c.log:8", e.cleared().get(0).evidence().toString());
        assertTrue(e.cleared().get(0).reason().contains("did not log \"Workflow pod is missing\""), e.cleared().get(0).reason());
    }

    /** The pass closed by the Workflow's next processing (nothing to write): the same. */
    @Test
    void aPassClosedByTheNextOneCountsToo() {
        Evaluation e = evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"), processing("2026-09-19T16:33:21.300Z", "Running")));
        assertEquals(List.of(), e.findings());
        assertEquals("AF001.cleared.reconciledWithoutMissing", e.cleared().get(0).why().code());
    }

    /** The negative control: the pass finds the Pod missing and records the loss. */
    @Test
    void aPassThatFindsThePodMissingIsTheRace() {
        Evaluation e = evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"), podMissing("2026-09-19T16:31:21.310Z"),
                markingError("2026-09-19T16:31:21.310Z"), workflowUpdated("2026-09-19T16:31:21.330Z", "Running")));
        assertEquals(1, e.findings().size());
        assertTrue(e.cleared().isEmpty());
    }

    /** A pass stopped before the check (another node's task result incomplete) says nothing of this node: the finding stays. */
    @Test
    void aPassThatStoppedBeforeTheCheckSaysNothing() {
        Evaluation e = evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"),
                "time=2026-09-19T16:31:21.310Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" component=workflow_worker "
                        + "workflow=p namespace=ns", workflowUpdated("2026-09-19T16:31:21.330Z", "Running")));
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());

        // A new Workflow's first pass runs no pod reconciliation, nor does a pass that never closes in the log.
        assertEquals(1, evaluate(then(processing("2026-09-19T16:31:21.300Z", "Pending"), workflowUpdated("2026-09-19T16:31:21.330Z",
                "Running"))).findings().size());
        assertEquals(1, evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"))).findings().size());
    }

    /** Another controller run's pass: its informer never held the Pod's exit line, and the first run may have written meanwhile. */
    @Test
    void aPassOfAnotherRunDoesNotCount() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", V4.podYaml(true)).log("c.log", then().toArray(String[]::new))
                .log("d.log", processing("2026-09-19T16:31:21.300Z", "Running"), workflowUpdated("2026-09-19T16:31:21.330Z", "Running"))
                .correlate());
        assertEquals(1, e.findings().size());
    }

    private static final String ALLOC = " level=INFO msg=Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123";

    /**
     * Review s26: a log with lines cut between the pass and the line that closed it ({@code head} and {@code tail} pasted together: the
     * stats ticker's {@code Alloc=} lines, every 5 minutes in a whole log, stop for 19 minutes). The pass's {@code Workflow pod is
     * missing} may have been among the lines dropped, so its absence shows nothing: the finding stays (likely, as before session 25).
     */
    @Test
    void aPassWhoseLinesMayHaveBeenCutSaysNothing() {
        List<String> cut = released();
        cut.addAll(List.of(processing("2026-09-19T16:31:21.300Z", "Running"), processing("2026-09-19T16:45:00.000Z", "Running"),
                "time=2026-09-19T16:50:00.000Z" + ALLOC));
        Evaluation e = evaluate(cut);
        assertEquals(1, e.findings().size(), e.cleared().toString());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());

        // The negative control: the same passes in a log whose ticker lines show nothing dropped between them.
        List<String> whole = released();
        whole.addAll(List.of(processing("2026-09-19T16:31:21.300Z", "Running"), "time=2026-09-19T16:36:00.000Z" + ALLOC,
                "time=2026-09-19T16:41:00.000Z" + ALLOC, processing("2026-09-19T16:45:00.000Z", "Running"),
                "time=2026-09-19T16:46:00.000Z" + ALLOC, "time=2026-09-19T16:50:00.000Z" + ALLOC));
        Evaluation w = evaluate(whole);
        assertEquals(List.of(), w.findings());
        assertEquals("AF001.cleared.reconciledWithoutMissing", w.cleared().get(0).why().code());
    }

    /**
     * Review s26: the pass's write fails the Workflow. The controller also leaves a pass before pod reconciliation with no warning when it
     * cannot read the Workflow's artifact repository (markWorkflowError: its lines at Info), so the missing line's absence does not show
     * the node fulfilled: not cleared, and possible, not likely (the node may as well have been fulfilled before a log cut at its start).
     */
    @Test
    void aPassThatFailsTheWorkflowDoesNotShowTheNodeFulfilled() {
        for (String phase : List.of("Error", "Failed")) {
            Evaluation e = evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"), workflowUpdated("2026-09-19T16:31:21.330Z", phase)));
            assertTrue(e.cleared().isEmpty(), phase + ": " + e.cleared());
            assertEquals(1, e.findings().size());
            assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
            assertTrue(e.findings().get(0).confidenceReason().contains("ended the Workflow " + phase), e.findings().get(0).confidenceReason());
        }
        // The negative control: a pass that completes the Workflow Succeeded read every node fulfilled (one lost would have failed it).
        Evaluation s = evaluate(then(processing("2026-09-19T16:31:21.300Z", "Running"), workflowUpdated("2026-09-19T16:31:21.330Z", "Succeeded")));
        assertEquals(List.of(), s.findings());
        assertEquals("AF001.cleared.reconciledWithoutMissing", s.cleared().get(0).why().code());
    }

    /** v3.7 logrus text, the same two cases: the pass's own missing line is read in v3's words too (review s26). */
    @Test
    void logrusLinesReadTheSame() {
        List<String> v3 = new ArrayList<>(List.of(
                "time=\"2026-09-19T16:31:00.000Z\" level=info msg=\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\"",
                "time=\"2026-09-19T16:31:11.256Z\" level=info msg=\"update pod event\" pod=p",
                "time=\"2026-09-19T16:31:11.257Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"",
                "time=\"2026-09-19T16:31:11.257Z\" level=info msg=\"queuing poddelay-1m24.257168224s\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=p",
                "time=\"2026-09-19T16:31:11.258Z\" level=info msg=\"queueing pod for cleanup\" action=removeFinalizer namespace=ns podName=p",
                "time=\"2026-09-19T16:31:11.350Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=ns/p/removeFinalizer namespace=ns podName=p",
                "time=\"2026-09-19T16:31:11.363Z\" level=info msg=\"delete pod event\" pod=p",
                "time=\"2026-09-19T16:31:21.300Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=7 namespace=ns workflow=p"));
        List<String> missing = new ArrayList<>(v3);
        missing.addAll(List.of(
                "time=\"2026-09-19T16:31:21.310Z\" level=info msg=\"Workflow pod is missing\" namespace=ns nodeName=p nodePhase=Running recentlyStarted=false workflow=p",
                "time=\"2026-09-19T16:31:21.311Z\" level=error msg=\"Mark error node\" error=\"pod deleted\" namespace=ns nodeName=p workflow=p"));
        String write = "time=\"2026-09-19T16:31:21.330Z\" level=info msg=\"Workflow update successful\" namespace=ns phase=Running resourceVersion=8 workflow=p";
        String tick = "time=\"2026-09-19T16:36:00.000Z\" level=info msg=\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\"";
        v3.addAll(List.of(write, tick));
        missing.addAll(List.of(write, tick));
        Evaluation quiet = evaluate(v3);
        assertEquals(List.of(), quiet.findings());
        assertEquals("AF001.cleared.reconciledWithoutMissing", quiet.cleared().get(0).why().code());
        assertEquals(1, evaluate(missing).findings().size());
    }

    /** A Workflow of the name created again (a new object's first pass: phase "", no pod reconciliation) shows nothing of the node. */
    @Test
    void aNewWorkflowOfTheNameShowsNothing() {
        Evaluation e = evaluate(then("time=2026-09-19T16:31:21.300Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p "
                + "namespace=ns phase=\"\" resourceVersion=9", workflowUpdated("2026-09-19T16:31:21.330Z", "Running"),
                processing("2026-09-19T16:31:31.300Z", "Running"), workflowUpdated("2026-09-19T16:31:31.330Z", "Running")));
        assertEquals(1, e.findings().size(), e.cleared().toString());
    }
}
