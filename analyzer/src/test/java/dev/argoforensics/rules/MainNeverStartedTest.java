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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * s40: a Pod deleted after it was scheduled but before its main container started (main {@code waiting}: ImagePullBackOff,
 * ErrImagePull, CreateContainerConfigError, ContainerCreating). An export of the deleted Pod with main {@code waiting} was read as
 * "an export of the deleted Pod shows main waiting", main running at the deletion, AF007 confirmed. It is its own state
 * ({@link Execution.State#MAIN_NEVER_STARTED}), told from a Pod never scheduled, one running, and one that ended before the delete.
 */
class MainNeverStartedTest {
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:42:02Z", true, null);
    private static final String PULL = "Back-off pulling image \"registry.example.com/ml/train:2.4.1\"";

    /** The deletion at 16:40:00 with grace 30, the finalizer's release on the delete path, the Pod gone, the node marked. */
    private static String[] lines() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.460Z", "add"),
            podEvent("2026-09-19T16:40:00.120Z", "update"), removingFinalizers("2026-09-19T16:40:00.121Z"),
            queuingPodDelay("2026-09-19T16:40:00.121Z", "removeFinalizer", "1m59.879s"), queueing("2026-09-19T16:40:00.122Z", "removeFinalizer"),
            cleaningUp("2026-09-19T16:42:00.003Z", "removeFinalizer"), podEvent("2026-09-19T16:42:00.020Z", "delete"),
            podMissing("2026-09-19T16:42:02.000Z"), markingError("2026-09-19T16:42:02.000Z"),
            nodePhaseChanged("2026-09-19T16:42:02.001Z", "Running", "Error")};
    }

    private static Correlation correlate(String podYaml) {
        return new Evidence().log("c.log", lines()).pod("pod.yaml", podYaml).workflow("wf.yaml", ERRORED_WORKFLOW).correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    private static String waitingPod(String reason, String message) {
        return Exports.Pod.of().phase("Pending").deleted("2026-09-19T16:40:30Z", 30).lastTransition("2026-09-19T16:40:00Z")
                .waiting("main", reason, message).running("wait").yaml();
    }

    @Test
    void aScheduledPodDeletedWithMainWaitingIsNotDeletedWhileRunning() {
        Correlation c = correlate(waitingPod("ImagePullBackOff", PULL));
        Execution x = life(c).execution();
        assertEquals(Execution.State.MAIN_NEVER_STARTED, x.state(), x.reason());
        assertTrue(x.reason().contains("scheduled on ip-10-0-12-34.ec2.internal and main still waiting (ImagePullBackOff: " + PULL + "): main never started"),
                x.reason());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.summary().contains("before its main container had started"), f.summary());
        assertFalse(f.summary().contains("still running"), f.summary());
        assertTrue(f.confidenceReason().contains("not while main ran"), f.confidenceReason());
        assertTrue(f.explanation().contains("before its main container started"), f.explanation());
        assertTrue(String.valueOf(f.fact("mainContainer").orElseThrow().value()).contains("never started"));
        // AF001: the finalizer released from a Pod whose main never ran lost no result of main's.
        Evaluation af001 = new PrematureFinalizerRemoval().evaluate(c);
        assertTrue(af001.findings().isEmpty(), af001.findings().toString());
        assertTrue(af001.cleared().stream().anyMatch(k -> k.reason().contains("whose main container never started")), af001.cleared().toString());
    }

    /** Every waiting reason of a scheduled Pod reads the same: the reason is named, not judged. */
    @Test
    void otherWaitingReasonsReadTheSame() {
        for (String[] w : new String[][] {{"ErrImagePull", "rpc error: code = NotFound"}, {"CreateContainerConfigError", "secret \"s3-creds\" not found"},
            {"ContainerCreating", ""}}) {
            Execution x = life(correlate(waitingPod(w[0], w[1]))).execution();
            assertEquals(Execution.State.MAIN_NEVER_STARTED, x.state(), x.reason());
            assertTrue(x.reason().contains("(" + w[0]), x.reason());
        }
    }

    /** Control: the same deleted export with main running is a deletion while main ran, confirmed by the export and the Workflow. */
    @Test
    void controlMainRunningIsConfirmed() {
        String running = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).lastTransition("2026-09-19T16:40:00Z").running("main").running("wait").yaml();
        Correlation c = correlate(running);
        assertEquals(Execution.State.RUNNING, life(c).execution().state());
        Finding f = new PodDeletedDuringExecution().evaluate(c).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertTrue(f.summary().contains("while its main container was still running"), f.summary());
    }

    /** Control: never scheduled (no node, PodScheduled False) is the older state, and AF007 reports nothing. */
    @Test
    void controlNeverScheduledStaysItsOwnState() {
        String unscheduled = Exports.Pod.of().unscheduled().phase("Pending").deleted("2026-09-19T16:40:00Z", 0).lastTransition("2026-09-19T16:27:10Z")
                .condition("PodScheduled", "False", "Unschedulable", "2026-09-19T16:27:10Z").yaml();
        Correlation c = correlate(unscheduled);
        Execution x = life(c).execution();
        assertEquals(Execution.State.NEVER_SCHEDULED, x.state(), x.reason());
        assertTrue(new PodDeletedDuringExecution().evaluate(c).findings().isEmpty());
    }

    /** Control: main terminated before the deletion is a finished Pod (AF001's case), cleared by AF007. */
    @Test
    void controlTerminatedBeforeTheDeleteIsCleared() {
        String finished = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:00Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:31:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:45Z").yaml();
        Correlation c = correlate(finished);
        assertEquals(Execution.State.FINISHED_BEFORE, life(c).execution().state(), life(c).execution().reason());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        assertFalse(e.cleared().isEmpty());
    }

    /**
     * A deleted export with main waiting beside another export of the name showing main running: the two disagree (restartPolicy
     * Never never takes a started container back to waiting), so neither "never started" nor the waiting export's "running" holds.
     */
    @Test
    void aWaitingExportBesideOneShowingMainRunningDecidesNothing() {
        String before = Exports.Pod.of().lastTransition("2026-09-19T16:28:00Z").running("main").running("wait").yaml();
        Correlation c = new Evidence().log("c.log", lines()).pod("before.yaml", before).pod("pod.yaml", waitingPod("ImagePullBackOff", PULL))
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate();
        Execution x = life(c).execution();
        assertFalse(x.state() == Execution.State.MAIN_NEVER_STARTED, x.reason());
        assertFalse(x.reason().contains("shows main waiting"), x.reason());
        for (Finding f : new PodDeletedDuringExecution().evaluate(c).findings()) {
            assertFalse(f.confidence() == Confidence.CONFIRMED, f.confidenceReason());
        }
    }

    /**
     * The kubelet stopping main (its Killing Event, which it writes only for a container it started) beside a deleted export showing
     * main waiting: the two disagree, and neither "never started" nor "running" is read.
     */
    @Test
    void mainsKillingEventBesideAWaitingExportDecidesNothing() {
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", waitingPod("ImagePullBackOff", PULL)).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:01Z", "Stopping container main"))
                .correlate();
        Execution x = life(c).execution();
        assertEquals(Execution.State.UNDETERMINED, x.state(), x.reason());
        assertTrue(x.reason().startsWith("the evidence disagrees: "), x.reason());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertTrue(e.findings().isEmpty(), e.findings().toString());
    }

    /** An export from before the deletion with main waiting is not "main running before the deletion": AF007 has no finding from it. */
    @Test
    void anExportBeforeTheDeletionWithMainWaitingIsNoRunningMain() {
        String before = Exports.Pod.of().phase("Pending").lastTransition("2026-09-19T16:27:12Z").waiting("main", "ImagePullBackOff", PULL).running("wait").yaml();
        Evaluation e = new PodDeletedDuringExecution().evaluate(correlate(before));
        assertTrue(e.findings().isEmpty(), e.findings().toString());
    }
}
