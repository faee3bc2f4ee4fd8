package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A lost node's Pod force-deleted by a user (session 34, docs/rules/AF007.md "A lost node's Pod force-deleted"): the machine
 * stops, its Node stays, the node lifecycle controller turns the Pod's {@code Ready} {@code False} at 16:30:00 (a condition-only
 * change: {@code insignificant pod change}), and {@code kubectl delete pod --grace-period=0 --force} at 16:31:11 deletes it as it
 * stands, phase {@code Running}; the controller dates that transition by its delay ({@code 48.743s}: 16:30:00 + 2m), releases the
 * finalizer at 16:32:00 and marks the node {@code pod deleted}. Its lines read like a finished Pod's. Two readings: an export taken
 * after the dated transition and before the deletion, main running and {@code ContainersReady} {@code True}, carries main's run to
 * the deletion (AF007 likely); from the lines alone, the dated transition was condition-only and no significant change was seen,
 * so nothing says the Pod finished (undecided, not AF001's race as a likelier reading). Negative controls: a Pod that finished
 * just before the force delete (its end's significant changes, then the sandbox condition), the taint manager's {@code NoExecute}
 * eviction after the NotReady (the dated transition is its {@code DisruptionTarget}), and a node that came back and ran main to
 * its end.
 */
class NodeLostForceDeletedTest {

    private static String insignificant(String t) {
        return "time=" + t + " level=INFO msg=\"insignificant pod change\" component=pod_controller key=ns/p";
    }

    /** Start-up, what happened before the deletion ({@code before}), the force delete at 16:31:11.256 dated as {@code delay}, release at 16:32. */
    private static List<String> lines(String delay, String... before) {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:27:11.120Z", "update"), podEvent("2026-09-19T16:27:15.300Z", "update")));
        lines.addAll(List.of(before));
        lines.addAll(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", delay), queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", delay),
                cleaningUp("2026-09-19T16:32:00.001Z", "removeFinalizer"), podEvent("2026-09-19T16:32:00.014Z", "delete"),
                podMissing("2026-09-19T16:32:00.020Z"), markingError("2026-09-19T16:32:00.020Z"),
                nodePhaseChanged("2026-09-19T16:32:00.021Z", "Running", "Error"), workflowUpdated("2026-09-19T16:32:00.040Z", "Running"),
                workers("2026-09-19T16:35:00.000Z", 16)));
        return lines;
    }

    /** The node lost at about 16:29:15: NotReady at 16:30:00, nothing else changes until the force delete. */
    private static final String[] NOT_READY = {insignificant("2026-09-19T16:30:00.380Z")};

    /** The Pod after the NotReady: Ready False since 16:30:00, ContainersReady True, main and wait running. */
    private static final String AFTER_NOT_READY = Exports.Pod.of().phase("Running").lastTransition("2026-09-19T16:30:00Z")
            .condition("ContainersReady", "True", "", "2026-09-19T16:27:15Z").running("main").running("wait").yaml();

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    private static Evidence evidence(List<String> lines) {
        return new Evidence().log("c.log", lines.toArray(String[]::new));
    }

    @Test
    void anExportHoldingTheDatedTransitionCarriesMainsRunToTheDeletion() {
        // The Workflow exported after the loss: the node Error "pod deleted", and the Workflow not being deleted.
        Correlation c = evidence(lines("48.743s", NOT_READY)).takenAt("pod.yaml", "2026-09-19T16:30:40Z", AFTER_NOT_READY)
                .takenAt("wf.yaml", "2026-09-19T16:40:00Z", Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:32:00Z", null, null))
                .correlate();
        Execution x = life(c).execution();
        assertEquals(Execution.State.RUNNING, x.state(), x.reason());
        assertTrue(x.weak(), "the silence after the deletion is the controller's lines'");
        assertEquals("pod.yaml", x.evidence().file());
        assertTrue(x.reason().contains("its latest condition transition (2026-09-19T16:30:00Z) is the one the controller's first sight of the deletion"),
                x.reason());
        Evaluation af007 = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, af007.findings().size(), () -> af007.cleared().toString());
        assertEquals(Confidence.LIKELY, af007.findings().get(0).confidence(), af007.findings().get(0).confidenceReason());
        assertTrue(af007.findings().get(0).confidenceReason().startsWith("an export shows main running before the deletion, and only the "
                + "controller's lines carry that to the deletion"), af007.findings().get(0).confidenceReason());
        assertEquals(List.of(), new PrematureFinalizerRemoval().evaluate(c).findings());
    }

    @Test
    void aWorkflowWriteWhileTheKubeletWasSilentDoesNotCarryIt() {
        // Recheck s34: the kubelet stops reporting (crashed, or its credentials refused) while the Pod's containers and network go
        // on; main ends at 16:30:49 and the wait container, which writes through the API server itself, reports its outputs (the
        // task result completed): the controller processes and writes the Workflow, no Pod change logged. The export still shows
        // main running (the kubelet never reported the end) and nothing transitions: the dated version cannot tell this end.
        List<String> reported = lines("48.743s", insignificant("2026-09-19T16:30:00.380Z"), processing("2026-09-19T16:30:50.110Z", "Running"),
                workflowUpdated("2026-09-19T16:30:50.131Z", "Running"));
        Correlation c = evidence(reported).takenAt("pod.yaml", "2026-09-19T16:30:40Z", AFTER_NOT_READY)
                .takenAt("wf.yaml", "2026-09-19T16:40:00Z", Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:32:00Z", null, null))
                .correlate();
        Evaluation af007 = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, af007.findings().size(), () -> af007.cleared().toString());
        af007.findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason()));
        af007.findings().forEach(f -> assertTrue(f.confidenceReason().contains("but the controller wrote the Workflow at 2026-09-19T16:30:50.131Z"),
                f.confidenceReason()));
    }

    @Test
    void anExportFromBeforeTheDatedTransitionOrWithoutContainersReadyDoesNotCarryIt() {
        // Taken before the NotReady: main may have ended between it and the transition the delay dates.
        String beforeLoss = Exports.Pod.of().phase("Running").lastTransition("2026-09-19T16:27:15Z")
                .condition("ContainersReady", "True", "", "2026-09-19T16:27:15Z").running("main").running("wait").yaml();
        Execution early = life(evidence(lines("48.743s", NOT_READY)).takenAt("pod.yaml", "2026-09-19T16:29:00Z", beforeLoss).correlate()).execution();
        assertEquals(Execution.State.UNDETERMINED, early.state(), early.reason());
        // ContainersReady False already (a readiness probe failing): main's end would make no later transition.
        String unready = Exports.Pod.of().phase("Running").lastTransition("2026-09-19T16:30:00Z")
                .condition("ContainersReady", "False", "ContainersNotReady", "2026-09-19T16:28:00Z").running("main").running("wait").yaml();
        Execution notReady = life(evidence(lines("48.743s", NOT_READY)).takenAt("pod.yaml", "2026-09-19T16:30:40Z", unready).correlate()).execution();
        assertEquals(Execution.State.UNDETERMINED, notReady.state(), notReady.reason());
        // The Pod changed after the deletion within the kubelet's report lag: an end reported late looks so.
        List<String> changed = lines("48.743s", NOT_READY);
        changed.add(changed.indexOf(cleaningUp("2026-09-19T16:32:00.001Z", "removeFinalizer")), podEvent("2026-09-19T16:31:12.100Z", "update"));
        Execution late = life(evidence(changed).takenAt("pod.yaml", "2026-09-19T16:30:40Z", AFTER_NOT_READY).correlate()).execution();
        assertFalse(late.state() == Execution.State.RUNNING && late.reason().contains("is the one the controller's first sight"), late.reason());
    }

    @Test
    void fromTheLinesAloneAConditionOnlyLastTransitionLeavesItUndecided() {
        Correlation c = evidence(lines("48.743s", NOT_READY)).correlate();
        Execution x = life(c).execution();
        assertEquals(Execution.State.UNDETERMINED, x.state(), x.reason());
        assertTrue(x.reason().contains("was a condition-only change (insignificant pod change at 2026-09-19T16:30:00.380Z)"), x.reason());
        assertEquals("c.log:5", x.evidence().toString());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        Evaluation af001 = new PrematureFinalizerRemoval().evaluate(c);
        assertEquals(1, af001.findings().size(), () -> af001.cleared().toString());
        assertEquals(Confidence.POSSIBLE, af001.findings().get(0).confidence());
    }

    @Test
    void aPodThatFinishedJustBeforeTheForceDeleteStillReadsFinishedFromTheLines() {
        // main and wait end at 16:29:58 (significant changes: container states, then phase Succeeded), the sandbox condition falls at
        // 16:30:00 (condition-only, the dated transition); the user's force delete comes at 16:31:11.
        Correlation c = evidence(lines("48.743s", podEvent("2026-09-19T16:29:58.410Z", "update"), podEvent("2026-09-19T16:29:58.900Z", "update"),
                insignificant("2026-09-19T16:30:00.380Z"))).correlate();
        Execution x = life(c).execution();
        assertEquals(Execution.State.FINISHED_BEFORE, x.state(), x.reason());
        assertTrue(x.weak());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        // An export from while main ran does not carry it: its latest transition is not the dated one.
        String running = Exports.Pod.of().phase("Running").lastTransition("2026-09-19T16:27:15Z")
                .condition("ContainersReady", "True", "", "2026-09-19T16:27:15Z").running("main").running("wait").yaml();
        Correlation withExport = evidence(lines("48.743s", podEvent("2026-09-19T16:29:58.410Z", "update"), podEvent("2026-09-19T16:29:58.900Z", "update"),
                insignificant("2026-09-19T16:30:00.380Z"))).takenAt("pod.yaml", "2026-09-19T16:29:30Z", running).correlate();
        assertEquals(Execution.State.FINISHED_BEFORE, life(withExport).execution().state(), life(withExport).execution().reason());
    }

    @Test
    void theTaintManagersEvictionAfterTheNotReadyIsNotReadAsEither() {
        // NotReady at 16:30:00; the taint manager's DisruptionTarget at 16:31:11 (a condition added: significant) and its delete
        // right after, grace 30: the dated transition is its DisruptionTarget, seconds before the deletion.
        List<String> l = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:27:11.120Z", "update"), podEvent("2026-09-19T16:27:15.300Z", "update"), insignificant("2026-09-19T16:30:00.380Z"),
                podEvent("2026-09-19T16:31:11.100Z", "update"), podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "1m59.743s"),
                queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "1m59.743s"), cleaningUp("2026-09-19T16:33:11.001Z", "removeFinalizer"),
                podEvent("2026-09-19T16:33:11.014Z", "delete"), podMissing("2026-09-19T16:33:11.020Z"), markingError("2026-09-19T16:33:11.020Z"),
                nodePhaseChanged("2026-09-19T16:33:11.021Z", "Running", "Error"), workers("2026-09-19T16:35:00.000Z", 16)));
        Execution x = life(evidence(l).takenAt("pod.yaml", "2026-09-19T16:30:40Z", AFTER_NOT_READY).correlate()).execution();
        assertFalse(x.reason().contains("is the one the controller's first sight") || x.reason().contains("condition-only"), x.reason());
        assertFalse(x.state() == Execution.State.FINISHED_BEFORE, x.reason());
    }

    @Test
    void aNodeThatCameBackAndRanMainToItsEndIsNotCarried() {
        // NotReady at 16:30:00, the kubelet back (Ready True at 16:30:30, condition-only), main's end at 16:30:58 (significant), the
        // sandbox condition at 16:31:00 (dated); the force delete at 16:31:11 (delay 1m48.743s).
        Correlation c = evidence(lines("1m48.743s", insignificant("2026-09-19T16:30:00.380Z"), insignificant("2026-09-19T16:30:30.200Z"),
                podEvent("2026-09-19T16:30:58.300Z", "update"), podEvent("2026-09-19T16:30:58.800Z", "update"), insignificant("2026-09-19T16:31:00.400Z")))
                .takenAt("pod.yaml", "2026-09-19T16:30:10Z", AFTER_NOT_READY).correlate();
        Execution x = life(c).execution();
        assertEquals(Execution.State.FINISHED_BEFORE, x.state(), x.reason());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
    }
}
