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
 * Look-alikes of a node event sent as the Pod's ({@code nodeEvents.sendAsPod: true}, session 45 breaker). What the controller
 * does, read in operator.go at v3.7.0 and v4.1.2: {@code recordNodePhaseEvent} asks {@code getPodByNode} for the node's Pod,
 * which is only for a node of type Pod (a retry parent, a Steps or DAG node gets an error, logged at Info as
 * {@code Error getting pod from workflow node}, and the event names the Workflow), by the name {@code getPodName} derives from
 * the node's name (each attempt of a retry its own Pod), looked up in the pod informer by namespace and name (no UID). Where the
 * informer no longer holds a Pod of that name the event names the Workflow. The Pod is attempt (0) of a retried step, deleted
 * three minutes after it ended and released on the delete path ({@link NodeEventLinesBreakerTest#run}).
 */
class PodKindNodeEventsBreakerTest {
    private static final String POD_PREFIX = "etl-7xk2p-extract-";
    private static final String W = " component=workflow_worker workflow=etl-7xk2p namespace=etl";
    private static final String ATTEMPT = "etl-7xk2p[0].extract(0)";

    private static String l(String t, String rest) {
        return "time=2026-10-20T" + t + "Z level=INFO msg=" + rest;
    }

    static String podOf(String nodeName) {
        String id = NodeNaming.nodeId("etl-7xk2p", nodeName);
        return POD_PREFIX + id.substring(id.lastIndexOf('-') + 1);
    }

    /** The event as the controller sends it as the Pod's: object the Pod of the node's name, in the Workflow's namespace. */
    static String asPod(String t, String namespace, String pod, String phase, String name, String message) {
        String type = "Succeeded".equals(phase) || "Running".equals(phase) ? "Normal" : "Warning";
        return l(t, "\"Event occurred\" component=workflow_worker object=" + namespace + "/" + pod + " fieldPath=\"\" kind=Pod"
                + " apiVersion=v1 type=" + type + " reason=WorkflowNode" + phase + " message=\"" + phase + " node " + name
                + (message == null ? "" : ": " + message) + "\"");
    }

    static String asPod(String t, String phase, String name, String message) {
        return asPod(t, "etl", podOf(name), phase, name, message);
    }

    private static PodLifecycle life(Correlation c, String pod) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(pod) && !"staging".equals(x.key().namespace()))
                .findFirst().orElseThrow();
    }

    private static Correlation correlate(List<String> lines) {
        return new Evidence().log("controller.log", lines.toArray(new String[0])).correlate();
    }

    private static Evaluation af001(Correlation c) {
        return new PrematureFinalizerRemoval().evaluate(c);
    }

    /**
     * AF002 and AF007 stay unsure on every case: no export shows how the containers ended, and no line here shows the Pod
     * failed or its containers running when it was deleted.
     */
    private static void othersUnsure(Correlation c) {
        for (Evaluation e : List.of(new SuccessReportedAsError().evaluate(c), new PodDeletedDuringExecution().evaluate(c))) {
            assertTrue(e.findings().stream().allMatch(f -> f.confidence() == Confidence.POSSIBLE), e.toString());
        }
    }

    private static void stillPossible(List<String> lines) {
        Correlation c = correlate(lines);
        othersUnsure(c);
        Evaluation e = af001(c);
        assertEquals(1, e.findings().size(), lines + "\n" + e);
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.toString());
        assertNull(life(c, podOf(ATTEMPT)).persisted(), () -> lines + "\n" + life(c, podOf(ATTEMPT)).persisted());
    }

    private static void clearedBy(List<String> lines, String evidence) {
        Correlation c = correlate(lines);
        othersUnsure(c);
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), lines + "\n" + e);
        assertTrue(e.cleared().stream().anyMatch(x -> x.evidence().toString().equals(evidence)), e.cleared().toString());
    }

    /** The positive control: attempt (0)'s own event, sent as its Pod's, clears it. */
    @Test
    void theAttemptsOwnPodKindEventClearsIt() {
        clearedBy(NodeEventLinesBreakerTest.run(ATTEMPT, asPod("09:03:00.352", "Succeeded", ATTEMPT, null)), "controller.log:12");
    }

    /**
     * Attempt (1)'s event names attempt (1)'s own Pod (another name: the node's name is hashed into it) and attempt (1): nothing
     * of attempt (0)'s Pod. The retry parent has no Pod: its event is the Workflow's, after the Info line.
     */
    @Test
    void anotherAttemptOrTheRetryParentPersistsNothingOfThisPod() {
        String retry = "etl-7xk2p[0].extract(1)";
        stillPossible(NodeEventLinesBreakerTest.run(ATTEMPT, asPod("09:03:00.352", "Succeeded", retry, null)));
        stillPossible(NodeEventLinesBreakerTest.run(ATTEMPT, asPod("09:03:00.352", "Error", retry, "Error (exit code 1)")));
        String parentErr = l("09:03:00.351", "\"Error getting pod from workflow node\"" + W
                + " error=\"expected node type Pod, got Retry\"");
        stillPossible(NodeEventLinesBreakerTest.run(ATTEMPT, parentErr,
                NodeEventLinesBreakerTest.event("09:03:00.352", "WorkflowNodeSucceeded", "Normal", "Succeeded node etl-7xk2p[0].extract")));
        // No controller writes the parent's event as attempt (0)'s Pod's; were one forged so, it names another node.
        stillPossible(NodeEventLinesBreakerTest.run(ATTEMPT, asPod("09:03:00.352", "etl", podOf(ATTEMPT), "Succeeded", "etl-7xk2p[0].extract", null)));
    }

    /** {@code Error node …: pod deleted} sent as the Pod's is the loss stored, whatever the object: never the result persisted. */
    @Test
    void podDeletedSentAsThePodsIsTheLoss() {
        Correlation c = correlate(NodeEventLinesBreakerTest.run(ATTEMPT, asPod("09:03:00.352", "Error", ATTEMPT, "pod deleted")));
        assertNull(life(c, podOf(ATTEMPT)).persisted());
        assertEquals("pod deleted", life(c, podOf(ATTEMPT)).outcome().message());
        othersUnsure(c);
        Evaluation e = af001(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.evidence().toString().equals("controller.log:12")), e.toString());
    }

    /** The other replica's Pod-kind line within two clocks' 10 s of the release is not certainly before it; three minutes before is. */
    @Test
    void anotherReplicasPodKindLineNearTheReleaseIsNotBeforeIt() {
        List<String> own = NodeEventLinesBreakerTest.run(ATTEMPT);
        Correlation near = new Evidence().log("controller.log", own.toArray(new String[0]))
                .log("controller-other.log", asPod("09:06:00.100", "Succeeded", ATTEMPT, null)).correlate();
        assertNull(life(near, podOf(ATTEMPT)).persisted(), String.valueOf(life(near, podOf(ATTEMPT)).persisted()));
        assertFalse(af001(near).findings().stream().anyMatch(f -> f.confidence() == Confidence.CONFIRMED), af001(near).toString());
        Correlation far = new Evidence().log("controller.log", own.toArray(new String[0]))
                .log("controller-other.log", asPod("09:03:00.352", "Succeeded", ATTEMPT, null)).correlate();
        assertTrue(af001(far).findings().isEmpty(), af001(far).toString());
    }

    /**
     * Two namespaces each run a Workflow {@code etl-7xk2p} (a fixed {@code metadata.name}): their Pods share a name. The staging
     * Pod's event is staging's; the etl Pod's release stays possible.
     */
    @Test
    void theNamesakeInAnotherNamespaceIsAnotherPod() {
        List<String> lines = NodeEventLinesBreakerTest.run(ATTEMPT);
        String ws = " component=workflow_worker workflow=etl-7xk2p namespace=staging";
        lines.addAll(2, List.of(
                l("09:00:30.100", "\"Processing workflow\"" + ws + " phase=\"\" resourceVersion=90"),
                l("09:00:30.130", "\"Created pod\"" + ws + " nodeName=" + ATTEMPT + " nodeID=" + NodeNaming.nodeId("etl-7xk2p", ATTEMPT)
                        + " podName=" + podOf(ATTEMPT)),
                l("09:00:30.150", "\"Workflow update successful\"" + ws + " phase=Running resourceVersion=95")));
        lines.add(lines.size() - 6, asPod("09:03:00.352", "staging", podOf(ATTEMPT), "Succeeded", ATTEMPT, null));
        stillPossible(lines);
    }

    private static String ticker(String t) {
        return l(t, "\"Alloc=6930 TotalAlloc=29118 Sys=32853 NumGC=10 Goroutines=131\"");
    }

    /**
     * The Pod left the informer ({@code delete pod event}); later the Workflow was deleted and submitted again under the same
     * name (a fixed {@code metadata.name}), its Pod of the same name created with a new UID. The log is a head and a tail pasted
     * together (the stats ticker's minutes show the cut), the later Pod's {@code Created pod} line in neither. The tail's
     * Pod-kind {@code Succeeded} names a Pod the informer held after this one had gone from it: the later Pod, not this Pod's
     * result captured after the release; and the tail's pass, the first after the exit in the excerpt, need not be the first
     * after it. Truth: the finding stays. Controls: the same line before the informer let go of the Pod (and after the release)
     * is the capture, and so is one logged within the broadcaster's allowance after the exit.
     */
    @Test
    void aPodKindLineAfterThePodLeftTheInformerIsALaterPods() {
        List<String> lines = NodeEventLinesBreakerTest.run(ATTEMPT);
        for (int m = 1; m <= 6; m++) {
            lines.add(ticker("09:0" + m + ":30.000"));
        }
        lines.sort(java.util.Comparator.comparing(x -> x.substring(5, 29)));
        int head = lines.size();
        lines.addAll(List.of(
                ticker("09:30:00.000"),
                l("09:30:00.100", "\"Processing workflow\"" + W + " phase=Running resourceVersion=900"),
                l("09:30:00.150", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=905"),
                asPod("09:30:00.152", "Succeeded", ATTEMPT, null),
                ticker("09:31:00.000")));
        Correlation c = correlate(lines);
        PodLifecycle life = life(c, podOf(ATTEMPT));
        assertEquals("controller.log:" + (head + 4), String.valueOf(life.laterRun() == null ? null : life.laterRun().source()));
        assertTrue(life.outcome() == null || !"Succeeded".equals(life.outcome().phase()), String.valueOf(life.outcome()));
        Evaluation e = af001(c);
        assertEquals(1, e.findings().size(), e.toString());
        othersUnsure(c);

        List<String> control = NodeEventLinesBreakerTest.run(ATTEMPT);
        control.addAll(control.size() - 1, List.of(
                l("09:06:00.231", "\"Processing workflow\"" + W + " phase=Running resourceVersion=160"),
                l("09:06:00.236", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=163"),
                asPod("09:06:00.238", "Succeeded", ATTEMPT, null)));
        clearedBy(control, "controller.log:19");
        List<String> lagged = NodeEventLinesBreakerTest.run(ATTEMPT);
        lagged.addAll(lagged.size() - 1, List.of(
                l("09:06:00.231", "\"Processing workflow\"" + W + " phase=Running resourceVersion=160"),
                l("09:06:00.236", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=163")));
        lagged.add(asPod("09:06:02.240", "Succeeded", ATTEMPT, null));
        clearedBy(lagged, "controller.log:20");
    }

    /**
     * Another replica's Pod-kind line (session 46). Only a leader runs Workflow workers and records node events (a standby has no
     * informer running: {@code Run} starts them when it leads), each process looking the Pod up in its own informer; the line's time
     * is its writer's clock. Two active controllers: B ({@code controller-other.log}) logged its own {@code delete pod event} of
     * the Pod, then three minutes later on its clock a Pod-kind {@code Succeeded} of the node's Pod name: B's informer had let
     * go of this Pod, so it named a later Pod of the name (the Workflow submitted again, its {@code Created pod} in neither
     * excerpt). Before, another stream's line was always this Pod's: the release cleared as captured. Controls: B with no delete
     * event of its own (nothing shows what its informer held) stays this Pod's, as does B's line within the broadcaster's
     * allowance of its own delete event.
     */
    @Test
    void anotherReplicasPodKindLineAfterItsOwnDeleteEventIsALaterPods() {
        List<String> own = NodeEventLinesBreakerTest.run(ATTEMPT);
        String bDelete = "time=2026-10-20T09:06:01.500Z level=INFO msg=\"delete pod event\" component=pod_controller pod=" + podOf(ATTEMPT);
        Correlation c = new Evidence().log("controller.log", own.toArray(new String[0]))
                .log("controller-other.log", bDelete, asPod("09:09:00.352", "Succeeded", ATTEMPT, null)).correlate();
        PodLifecycle life = life(c, podOf(ATTEMPT));
        assertEquals("controller-other.log:2", String.valueOf(life.laterRun() == null ? null : life.laterRun().source()));
        Evaluation e = af001(c);
        assertEquals(1, e.findings().size(), e.toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.toString());

        Correlation unknown = new Evidence().log("controller.log", own.toArray(new String[0]))
                .log("controller-other.log", asPod("09:09:00.352", "Succeeded", ATTEMPT, null)).correlate();
        assertNull(life(unknown, podOf(ATTEMPT)).laterRun());
        assertTrue(af001(unknown).findings().isEmpty(), af001(unknown).toString());
        Correlation lagged = new Evidence().log("controller.log", own.toArray(new String[0]))
                .log("controller-other.log", bDelete, asPod("09:06:05.352", "Succeeded", ATTEMPT, null)).correlate();
        assertNull(life(lagged, podOf(ATTEMPT)).laterRun());
    }

    /**
     * The first pass after the Pod left, with no {@code Workflow pod is missing}, shows the node fulfilled only where no lines
     * were cut between the two: with the stats ticker's minutes whole from the exit to the pass it clears (the control), with
     * them missing over that stretch (a head and a tail pasted) it does not.
     */
    @Test
    void aPassAfterTheExitIsTheFirstOnlyWithNoCutBetween() {
        List<String> whole = NodeEventLinesBreakerTest.run(ATTEMPT);
        for (int m = 1; m <= 30; m++) {
            whole.add(ticker(String.format("09:%02d:30.000", m)));
        }
        whole.sort(java.util.Comparator.comparing(x -> x.substring(5, 29)));
        List<String> pass = List.of(
                l("09:30:40.100", "\"Processing workflow\"" + W + " phase=Running resourceVersion=900"),
                l("09:30:40.150", "\"Workflow update successful\"" + W + " phase=Running resourceVersion=905"));
        whole.addAll(pass);
        Evaluation cleared = af001(correlate(whole));
        assertTrue(cleared.findings().isEmpty(), cleared.toString());
        assertTrue(cleared.cleared().stream().anyMatch(x -> x.why().toString().contains("reconciledWithoutMissing")), cleared.toString());
        List<String> cut = new ArrayList<>(whole.stream().filter(x -> x.compareTo(x.substring(0, 5) + "2026-10-20T09:07") < 0).toList());
        cut.add(ticker("09:30:30.000"));
        cut.addAll(pass);
        Evaluation e = af001(correlate(cut));
        assertEquals(1, e.findings().size(), e.toString());
    }

    /**
     * The informer had already let go of the Pod when the node was stored (its events fall back to the Workflow): the node's
     * Running sent as the Pod's, its end as the Workflow's. Both kinds for one node; the Workflow-kind end before the release
     * clears it, the Pod-kind Running does not.
     */
    @Test
    void bothKindsForOneNode() {
        String running = asPod("09:01:00.152", "Running", ATTEMPT, null);
        List<String> lines = NodeEventLinesBreakerTest.run(ATTEMPT);
        lines.add(6, running);
        stillPossible(lines);
        List<String> ended = NodeEventLinesBreakerTest.run(ATTEMPT,
                NodeEventLinesBreakerTest.event("09:03:00.352", "WorkflowNodeSucceeded", "Normal", "Succeeded node " + ATTEMPT));
        ended.add(6, running);
        clearedBy(ended, "controller.log:13");
    }

    /**
     * No {@code Created pod} line and no export: the Pod known from the pod controller's lines alone, its node only by its name's
     * suffix. The event names the Pod the controller derives from the node's name: the same node, but this Pod's creation unknown,
     * so the line may be an earlier Pod's of the name (a resubmission): not read as this Pod's result persisted.
     */
    @Test
    void aPodLinkedByItsNameAloneIsNotClearedByAnUnboundedLine() {
        List<String> lines = NodeEventLinesBreakerTest.run(ATTEMPT, asPod("09:03:00.352", "Succeeded", ATTEMPT, null));
        lines.remove(4);
        stillPossible(lines);
    }
}
