package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Look-alikes of v4's node-end {@code Event occurred} line (session 44 breaker): lines about the retry parent, another attempt,
 * a node lost to the deletion, or at the release's own instant, must not be read as this Pod's node persisted; lines of the
 * node whose name holds {@code ": "} (a loop item's value), or an executor's {@code Error}, must. The Pod is attempt (0) of a
 * retried step, deleted three minutes after it ended and released on the delete path.
 */
class NodeEventLinesBreakerTest {
    private static final String POD_PREFIX = "etl-7xk2p-extract-";
    private static final String W = " component=workflow_worker workflow=etl-7xk2p namespace=etl";
    private static final String ATTEMPT = "etl-7xk2p[0].extract(0)";

    private static String l(String t, String rest) {
        return "time=2026-10-20T" + t + "Z level=INFO msg=" + rest;
    }

    static String event(String t, String reason, String type, String message) {
        return l(t, "\"Event occurred\" component=workflow_worker object=etl/etl-7xk2p fieldPath=\"\" kind=Workflow"
                + " apiVersion=argoproj.io/v1alpha1 type=" + type + " reason=" + reason + " message=\"" + message + "\"");
    }

    private static String node(String phase, String name, String message) {
        String type = "Succeeded".equals(phase) ? "Normal" : "Warning";
        return event("09:03:00.352", "WorkflowNode" + phase, type, phase + " node " + name + (message == null ? "" : ": " + message));
    }

    /** The controller's lines around a Pod of node {@code nodeName}; {@code nodeEvents} go between its end and its deletion. */
    static List<String> run(String nodeName, List<String> nodeEvents, List<String> atRelease) {
        String id = NodeNaming.nodeId("etl-7xk2p", nodeName);
        String POD = POD_PREFIX + id.substring(id.lastIndexOf('-') + 1);
        List<String> lines = new ArrayList<>(List.of(
                l("09:00:00.000", "\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s"),
                l("09:00:00.010", "\"Current Worker Numbers\" workflowWorkers=2 podCleanup=4 workflowTtlWorkers=4 cronWorkflowWorkers=8 workflowArchive=8"),
                l("09:01:00.100", "\"Processing workflow\"" + W + " phase=\"\" resourceVersion=100"),
                l("09:01:00.110", "\"updated phase\"" + W + " fromPhase=\"\" toPhase=Running"),
                l("09:01:00.130", "\"Created pod\"" + W + " nodeName=" + (nodeName.contains(" ") ? "\"" + nodeName + "\"" : nodeName) + " nodeID=" + id + " podName=" + POD),
                l("09:01:00.150", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=105"),
                l("09:01:00.160", "\"add pod event\" component=pod_controller pod=" + POD),
                l("09:03:00.100", "\"update pod event\" component=pod_controller pod=" + POD),
                l("09:03:00.300", "\"Processing workflow\"" + W + " phase=Running resourceVersion=140"),
                l("09:03:00.310", "\"Task-result reconciliation\"" + W + " numObjs=1"),
                l("09:03:00.350", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=146")));
        lines.addAll(nodeEvents);
        lines.addAll(List.of(
                l("09:06:00.200", "\"update pod event\" component=pod_controller pod=" + POD),
                l("09:06:00.201", "\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"),
                l("09:06:00.201", "\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=etl podName=" + POD
                        + " podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-58.101s"),
                l("09:06:00.202", "\"queueing pod for cleanup\" component=pod_controller namespace=etl podName=" + POD + " action=removeFinalizer")));
        lines.addAll(atRelease);
        lines.addAll(List.of(
                l("09:06:00.230", "\"cleaning up pod\" component=pod_controller key=etl/" + POD + "/removeFinalizer action=removeFinalizer namespace=etl podName=" + POD),
                l("09:06:00.240", "\"delete pod event\" component=pod_controller pod=" + POD)));
        return lines;
    }

    static List<String> run(String nodeName, String... nodeEvents) {
        return run(nodeName, List.of(nodeEvents), List.of());
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().startsWith(POD_PREFIX)).findFirst().orElseThrow();
    }

    private static Correlation correlate(List<String> lines) {
        return new Evidence().log("controller.log", lines.toArray(new String[0])).correlate();
    }

    private static void stillPossible(List<String> lines) {
        Correlation c = correlate(lines);
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertEquals(1, e.findings().size(), lines + "\n" + e);
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.toString());
        assertNull(life(c).persisted(), () -> lines + "\n" + life(c).persisted());
    }

    private static void clearedBy(List<String> lines, String evidence) {
        Correlation c = correlate(lines);
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertTrue(e.findings().isEmpty(), lines + "\n" + e);
        assertTrue(e.cleared().stream().anyMatch(x -> x.evidence().toString().equals(evidence)), e.cleared().toString());
    }

    /** The positive control: attempt (0)'s own event clears it. */
    @Test
    void theAttemptsOwnEventClearsIt() {
        stillPossible(run(ATTEMPT));
        clearedBy(run(ATTEMPT, node("Succeeded", ATTEMPT, null)), "controller.log:12");
    }

    /**
     * The retry parent ({@code etl-7xk2p[0].extract}) and another attempt ({@code (1)}) are other nodes: the parent's end follows
     * whichever attempt ended last, and attempt (1)'s own Pod is another Pod.
     */
    @Test
    void theRetryParentOrAnotherAttemptPersistsNothingOfThisPod() {
        stillPossible(run(ATTEMPT, node("Succeeded", "etl-7xk2p[0].extract", null)));
        stillPossible(run(ATTEMPT, node("Failed", "etl-7xk2p[0].extract", "No more retries left")));
        stillPossible(run(ATTEMPT, node("Succeeded", "etl-7xk2p[0].extract(1)", null)));
        stillPossible(run(ATTEMPT, node("Error", "etl-7xk2p[0].extract(1)", "Error (exit code 1)")));
        // a loop's other item of the same step, and a node of the same step name in another template
        stillPossible(run("etl-7xk2p[0].extract(0:a)", node("Succeeded", "etl-7xk2p[0].extract(1:a)", null)));
        stillPossible(run("etl-7xk2p[0].extract(0:a)", node("Succeeded", "etl-7xk2p[1].load[0].extract(0:a)", null)));
    }

    /** An executor's error and a Failed exit are results the node stored from the Pod: persisted, the release lost nothing. */
    @Test
    void anErrorOrFailureFromThePodIsAPersistedResult() {
        clearedBy(run(ATTEMPT, node("Error", ATTEMPT, "Error (exit code 1)")), "controller.log:12");
        clearedBy(run(ATTEMPT, node("Failed", ATTEMPT, "Error (exit code 1)")), "controller.log:12");
        Correlation c = correlate(run(ATTEMPT, node("Failed", ATTEMPT, "Error (exit code 1)")));
        assertEquals("Failed", life(c).outcome().phase());
        assertEquals("Error (exit code 1)", life(c).outcome().message());
    }

    /**
     * A node stored {@code Error: pod deleted} before the release (the Pod already being deleted while it ran) persisted the
     * loss, not a result: never the node's result persisted.
     */
    @Test
    void aNodeStoredPodDeletedIsNoPersistedResult() {
        Correlation c = correlate(run(ATTEMPT, node("Error", ATTEMPT, "pod deleted")));
        assertNull(life(c).persisted(), String.valueOf(life(c).persisted()));
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.evidence().toString().equals("controller.log:12")
                && x.reason().contains("persisted")), e.toString());
        assertEquals("pod deleted", life(c).outcome().message());
    }

    /** A loop item's value may hold ": " ({@code withItems: ["k: v"]}): the node's name then does too. */
    @Test
    void aNodeNameHoldingColonSpaceIsRead() {
        String name = "etl-7xk2p[0].extract(0:k: v)";
        clearedBy(run(name, node("Succeeded", name, null)), "controller.log:12");
        Correlation c = correlate(run(name, node("Failed", name, "Error (exit code 1)")));
        assertEquals("Failed", life(c).outcome().phase());
        assertEquals("Error (exit code 1)", life(c).outcome().message());
        // not a prefix of it: the item "k"'s node is another
        stillPossible(run("etl-7xk2p[0].extract(0:k)", node("Succeeded", name, null)));
    }

    /** An event at the release's instant on another stream is not certainly before it: the release stays possible. */
    @Test
    void anEventAtTheReleasesInstantIsNotBeforeIt() {
        List<String> other = new ArrayList<>(run(ATTEMPT));
        Correlation c = new Evidence().log("controller.log", other.toArray(new String[0]))
                .log("controller-other.log", node("Succeeded", ATTEMPT, null).replace("09:03:00.352", "09:06:00.229")).correlate();
        assertNull(life(c).persisted(), String.valueOf(life(c).persisted()));
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertFalse(e.findings().stream().anyMatch(f -> f.confidence() == Confidence.CONFIRMED), e.toString());
        // the same line on the releasing replica's own stream, written before the release's line: before it
        clearedBy(run(ATTEMPT, List.of(), List.of(node("Succeeded", ATTEMPT, null).replace("09:03:00.352", "09:06:00.230"))), "controller.log:16");
    }

    /** The other replica's line three minutes before the release is before it, whatever the clocks: the control of the margin. */
    @Test
    void theOtherReplicasEventLongBeforeTheReleaseClearsIt() {
        Correlation c = new Evidence().log("controller.log", run(ATTEMPT).toArray(new String[0]))
                .log("controller-other.log", node("Succeeded", ATTEMPT, null)).correlate();
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertTrue(e.findings().isEmpty(), e.toString());
    }

    /**
     * The node stored lost ({@code pod deleted}) after the release, then run again by {@code argo retry} (the node reset, a new Pod
     * of the same name) and ended {@code Succeeded}: that event is the later run's, not this Pod's result captured. With the
     * retry's {@code Created pod} line in the excerpt and without it (an excerpt cut, or filtered on the node's name only).
     */
    @Test
    void aLaterRunsEndAfterTheLossIsNotThisPodsResult() {
        List<String> lost = run(ATTEMPT);
        String pod = lost.get(4).replaceAll(".*podName=", "");
        lost.addAll(List.of(
                l("09:06:10.300", "\"Processing workflow\"" + W + " phase=Running resourceVersion=170"),
                l("09:06:10.302", "\"Workflow pod is missing\"" + W + " nodeName=" + ATTEMPT + " nodePhase=Running recentlyStarted=false"),
                l("09:06:10.320", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=173"),
                node("Error", ATTEMPT, "pod deleted").replace("09:03:00.352", "09:06:10.322")));
        List<String> retried = new ArrayList<>(lost);
        retried.addAll(List.of(
                l("09:20:00.100", "\"Processing workflow\"" + W + " phase=Running resourceVersion=300"),
                l("09:20:00.130", "\"Created pod\"" + W + " nodeName=" + ATTEMPT + " nodeID=" + NodeNaming.nodeId("etl-7xk2p", ATTEMPT) + " podName=" + pod),
                l("09:20:00.150", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=305"),
                node("Succeeded", ATTEMPT, null).replace("09:03:00.352", "09:22:00.352")));
        List<String> cut = new ArrayList<>(retried);
        cut.remove(cut.size() - 3);
        List<List<String>> cases = List.of(lost, retried, cut);
        for (int i = 0; i < cases.size(); i++) {
            Evaluation e = new PrematureFinalizerRemoval().evaluate(correlate(cases.get(i)));
            assertTrue(e.cleared().stream().noneMatch(x -> x.reason().contains("result had been captured")), "case " + i + ": " + e.cleared());
            // Session 52: with the retry's Created pod line after the release, the lines tell the two Pods apart (Lifetimes): the
            // release and the node's loss recorded before the retry are the earlier Pod's (lifetime 1), assessed as any Pod's, and
            // possible as without the retry; before the split the release was an earlier instance's, not decided. The later run's
            // Succeeded is the later Pod's (lifetime 2), never released: no outcome, and no result captured for the earlier one.
            assertEquals(1, e.findings().size(), "case " + i + ": " + e.cleared());
            assertEquals(i == 1 ? 1 : 0, e.findings().get(0).pod().lifetime(), "case " + i + ": " + e.findings().get(0).pod());
            if (i == 1) {
                assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.findings().toString());
            }
        }
    }
}
