package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * v4's {@code Event occurred} lines as evidence of what the controller persisted about a node (session 44): a
 * {@code WorkflowNode<completed phase>} event is recorded only after the Workflow update that stored the node so
 * ({@code persistUpdates}, then {@code recordNodePhaseChangeEvents}, v4.0.10 and v4.1.2), and logged later still.
 * The Pod is a Steps Workflow's first step, deleted three minutes after it ended and released on the delete path.
 */
class NodeEventLinesTest {
    private static final String POD = "etl-7xk2p-extract-939371728";
    private static final String W = " component=workflow_worker workflow=etl-7xk2p namespace=etl";

    private static String l(String t, String rest) {
        return "time=2026-10-20T" + t + "Z level=INFO msg=" + rest;
    }

    private static String event(String t, String object, String reason, String type, String message) {
        return l(t, "\"Event occurred\" component=workflow_worker object=" + object + " fieldPath=\"\" kind=Workflow"
                + " apiVersion=argoproj.io/v1alpha1 type=" + type + " reason=" + reason + " message=\"" + message + "\"");
    }

    static List<String> run(String... nodeEvents) {
        List<String> lines = new ArrayList<>(List.of(
                l("09:00:00.000", "\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s"),
                l("09:00:00.010", "\"Current Worker Numbers\" workflowWorkers=2 podCleanup=4 workflowTtlWorkers=4 cronWorkflowWorkers=8 workflowArchive=8"),
                l("09:01:00.100", "\"Processing workflow\"" + W + " phase=\"\" resourceVersion=100"),
                l("09:01:00.110", "\"updated phase\"" + W + " fromPhase=\"\" toPhase=Running"),
                l("09:01:00.130", "\"Created pod\"" + W + " nodeName=etl-7xk2p[0].extract nodeID=etl-7xk2p-939371728 podName=" + POD),
                l("09:01:00.150", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=105"),
                l("09:01:00.160", "\"add pod event\" component=pod_controller pod=" + POD),
                l("09:03:00.100", "\"update pod event\" component=pod_controller pod=" + POD),
                l("09:03:00.300", "\"Processing workflow\"" + W + " phase=Running resourceVersion=140"),
                l("09:03:00.310", "\"Task-result reconciliation\"" + W + " numObjs=1"),
                l("09:03:00.330", "\"Created pod\"" + W + " nodeName=etl-7xk2p[1].load nodeID=etl-7xk2p-1749298168 podName=etl-7xk2p-load-1749298168"),
                l("09:03:00.350", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=146")));
        lines.addAll(List.of(nodeEvents));
        lines.addAll(List.of(
                l("09:06:00.200", "\"update pod event\" component=pod_controller pod=" + POD),
                l("09:06:00.201", "\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"),
                l("09:06:00.201", "\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=etl podName=" + POD
                        + " podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-58.101s"),
                l("09:06:00.202", "\"queueing pod for cleanup\" component=pod_controller namespace=etl podName=" + POD + " action=removeFinalizer"),
                l("09:06:00.230", "\"cleaning up pod\" component=pod_controller key=etl/" + POD + "/removeFinalizer action=removeFinalizer namespace=etl podName=" + POD),
                l("09:06:00.240", "\"delete pod event\" component=pod_controller pod=" + POD)));
        return lines;
    }

    static String succeeded(String t, String object, String node) {
        return event(t, object, "WorkflowNodeSucceeded", "Normal", "Succeeded node " + node);
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(POD)).findFirst().orElseThrow();
    }

    private static Correlation correlate(List<String> lines) {
        return new Evidence().log("controller.log", lines.toArray(new String[0])).correlate();
    }

    private static Evaluation af001(Correlation c) {
        return new PrematureFinalizerRemoval().evaluate(c);
    }

    /**
     * Each case (the excerpt of {@link #run}, whose Pod is the node's) keeps one {@code possible} AF001 finding, nothing read as
     * the Pod's persisted result, and no Succeeded outcome: the negative controls of the node-event readings, Workflow- or Pod-kind.
     */
    static void assertEachPersistsNothing(List<List<String>> cases) {
        for (List<String> lines : cases) {
            Correlation c = correlate(lines);
            Evaluation e = af001(c);
            assertEquals(1, e.findings().size(), lines + "\n" + e);
            assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.toString());
            assertNull(life(c).persisted(), lines.toString());
            assertTrue(life(c).outcome() == null || !"Succeeded".equals(life(c).outcome().phase()), () -> String.valueOf(life(c).outcome()));
        }
    }

    /**
     * The node's {@code WorkflowNodeSucceeded} event, logged after the pass's update at 09:03:00.350 and three minutes before the
     * release: the node was persisted fulfilled first, so nothing was lost. The excerpt holds no other line that shows it (v4
     * logs a Pod node's end from pod reconciliation at no level above Debug, and the pass's cleanup queueing is not in it):
     * without the event line the release stays possible.
     */
    @Test
    void aNodeResultEventBeforeTheReleaseClearsIt() {
        Evaluation without = af001(correlate(run()));
        assertEquals(1, without.findings().size(), without.toString());
        assertEquals(Confidence.POSSIBLE, without.findings().get(0).confidence());

        Correlation c = correlate(run(succeeded("09:03:00.352", "etl/etl-7xk2p", "etl-7xk2p[0].extract")));
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        PodLifecycle life = life(c);
        assertNotNull(life.persisted());
        assertEquals("controller.log:13", life.persisted().evidence().toString());
        assertEquals("2026-10-20T09:03:00.352Z", life.persisted().at().format());
        assertEquals("Succeeded", life.outcome().phase());
        assertFalse(life.outcome().fromExport(), "a log line, however persisted, is no export");
        assertTrue(e.cleared().stream().anyMatch(x -> x.evidence().toString().equals("controller.log:13")), e.cleared().toString());
    }

    /** Negative controls: each event line is about something else, or proves no stored result, and the finding stays possible. */
    @Test
    void eventsAboutAnotherNodeWorkflowOrRunPersistNothingOfThisPod() {
        List<List<String>> cases = new ArrayList<>();
        // another node of the same Workflow
        cases.add(run(succeeded("09:03:00.352", "etl/etl-7xk2p", "etl-7xk2p[1].load")));
        // the same node name in a Workflow of the same name in another namespace
        cases.add(run(succeeded("09:03:00.352", "staging/etl-7xk2p", "etl-7xk2p[0].extract")));
        // Running is no stored result (a node going from Pending to an end gets an ephemeral one)
        cases.add(run(event("09:03:00.352", "etl/etl-7xk2p", "WorkflowNodeRunning", "Normal", "Running node etl-7xk2p[0].extract")));
        // a Workflow event is recorded as the phase is set, before any update
        cases.add(run(event("09:03:00.352", "etl/etl-7xk2p", "WorkflowSucceeded", "Normal", "Workflow completed")));
        // a failed update: the operator records no node event, whatever it had changed in memory
        cases.add(run(l("09:03:00.351", "\"Error updating workflow\"" + W + " error=\"Operation cannot be fulfilled\" reason=Conflict"),
                l("09:03:00.352", "\"Re-applying updates on latest version and retrying update\"" + W),
                l("09:03:00.360", "\"Failed to re-apply update\"" + W + " error=\"must never update completed node etl-7xk2p-939371728\"")));
        // an earlier Workflow of the same name: its node's event is logged before this Pod was created
        List<String> namesake = run();
        namesake.add(2, succeeded("09:00:30.020", "etl/etl-7xk2p", "etl-7xk2p[0].extract"));
        cases.add(namesake);
        assertEachPersistsNothing(cases);
    }

    /**
     * The node's end stored just after the release, by a pass that ran while the Pod was still in the informer (its
     * {@code delete pod event} comes after): the worker read the result from the Pod's status, and the event shows the write.
     * The release lost nothing; not {@code persisted()} (that is before the release), but captured then persisted. The control:
     * the node stored {@code Error: pod deleted} after the release, the loss itself, stays a finding.
     */
    @Test
    void aResultStoredAfterTheReleaseFromThePodsStatusLostNothing() {
        List<String> lines = run();
        int gone = lines.size() - 1;
        lines.addAll(gone, List.of(
                l("09:06:00.231", "\"Processing workflow\"" + W + " phase=Running resourceVersion=160"),
                l("09:06:00.236", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=163"),
                succeeded("09:06:00.238", "etl/etl-7xk2p", "etl-7xk2p[0].extract")));
        Correlation c = correlate(lines);
        assertNull(life(c).persisted(), "stored after the release, not before");
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals("finalizer released at 2026-10-20T09:06:00.230Z, but the node's result had been captured: the controller stored the node"
                + " Succeeded from the Pod's status, and logged its event WorkflowNodeSucceeded at 2026-10-20T09:06:00.238Z, which it records"
                + " only after the Workflow update that stored that phase; the loss was never recorded",
                e.cleared().get(0).reason(), e.cleared().toString());
        assertEquals("controller.log:20", e.cleared().get(0).evidence().toString());

        List<String> lost = run();
        lost.addAll(List.of(
                l("09:06:10.300", "\"Processing workflow\"" + W + " phase=Running resourceVersion=170"),
                l("09:06:10.302", "\"Workflow pod is missing\"" + W + " nodeName=etl-7xk2p[0].extract nodePhase=Running recentlyStarted=false"),
                l("09:06:10.320", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=173"),
                event("09:06:10.322", "etl/etl-7xk2p", "WorkflowNodeError", "Warning", "Error node etl-7xk2p[0].extract: pod deleted")));
        Correlation lc = correlate(lost);
        Evaluation le = af001(lc);
        assertEquals(1, le.findings().size(), le.toString());
        assertEquals("Error", life(lc).outcome().phase());
        assertEquals("pod deleted", life(lc).outcome().message());
        assertEquals("controller.log:22", life(lc).outcome().source().toString());
    }
}
