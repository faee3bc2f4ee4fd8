package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * v4's {@code Event occurred} lines of node events sent as the Pod's ({@code nodeEvents.sendAsPod: true} in the controller's
 * config map, v3.2 on): {@code recordNodePhaseEvent} (operator.go, read at v3.4.0, v3.7.0, v4.0.0 and v4.1.2) names the Pod
 * as the event's object, where the informer holds it, instead of the Workflow, with the same reason
 * ({@code WorkflowNode<Phase>}) and message ({@code "<Phase> node <name>[: <message>]"}), and records it at the same place:
 * in {@code recordNodePhaseChangeEvents}, after {@code wfClient.Update} (or its re-apply) returned. So a Pod-kind
 * {@code WorkflowNode<completed phase>} line is as much a persisted node result as a Workflow-kind one, for the node of the
 * Pod it names: read as such where the Pod's link names that node. The same excerpt as {@link NodeEventLinesTest}: a Steps
 * Workflow's first step, deleted three minutes after it ended and released on the delete path.
 */
class PodKindNodeEventsTest {
    private static final String POD = "etl-7xk2p-extract-939371728";
    private static final String NODE = "etl-7xk2p[0].extract";

    private static String podEvent(String t, String object, String reason, String type, String message) {
        return "time=2026-10-20T" + t + "Z level=INFO msg=\"Event occurred\" component=workflow_worker object=" + object
                + " fieldPath=\"\" kind=Pod apiVersion=v1 type=" + type + " reason=" + reason + " message=\"" + message + "\"";
    }

    private static String succeeded(String t, String object, String node) {
        return podEvent(t, object, "WorkflowNodeSucceeded", "Normal", "Succeeded node " + node);
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

    @Test
    void aPodKindNodeResultEventBeforeTheReleaseClearsIt() {
        Correlation c = correlate(NodeEventLinesTest.run(succeeded("09:03:00.352", "etl/" + POD, NODE)));
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        PodLifecycle life = life(c);
        assertNotNull(life.persisted());
        assertEquals("controller.log:13", life.persisted().evidence().toString());
        assertEquals("2026-10-20T09:03:00.352Z", life.persisted().at().format());
        assertEquals("Succeeded", life.outcome().phase());
        assertTrue(e.cleared().stream().anyMatch(x -> x.evidence().toString().equals("controller.log:13")), e.cleared().toString());
    }

    /** slog JSON writes the object as {"name","namespace"}: the same Pod, the same reading. */
    @Test
    void theSlogJsonLineIsReadTheSame() {
        String json = "{\"time\":\"2026-10-20T09:03:00.352Z\",\"level\":\"INFO\",\"msg\":\"Event occurred\",\"component\":\"workflow_worker\","
                + "\"object\":{\"name\":\"" + POD + "\",\"namespace\":\"etl\"},\"fieldPath\":\"\",\"kind\":\"Pod\",\"apiVersion\":\"v1\","
                + "\"type\":\"Normal\",\"reason\":\"WorkflowNodeSucceeded\",\"message\":\"Succeeded node " + NODE + "\"}";
        Correlation c = correlate(NodeEventLinesTest.run(json));
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals("controller.log:13", life(c).persisted().evidence().toString());
    }

    /**
     * Negative controls: each Pod-kind line is about another Pod or node, proves no stored result, or is of an earlier run; the
     * finding stays possible, and nothing is read as this Pod's persisted result.
     */
    @Test
    void podKindEventsAboutAnotherPodNodeOrRunPersistNothingOfThisPod() {
        List<List<String>> cases = new ArrayList<>();
        // the Workflow's other Pod, its own node
        cases.add(NodeEventLinesTest.run(succeeded("09:03:00.352", "etl/etl-7xk2p-load-1749298168", "etl-7xk2p[1].load")));
        // this Pod's name, another node's (no controller writes it: the event's node is the Pod's own)
        cases.add(NodeEventLinesTest.run(succeeded("09:03:00.352", "etl/" + POD, "etl-7xk2p[1].load")));
        // a Pod of the same name in another namespace
        cases.add(NodeEventLinesTest.run(succeeded("09:03:00.352", "staging/" + POD, NODE)));
        // Running is no stored result (a node going from Pending to an end gets an ephemeral one)
        cases.add(NodeEventLinesTest.run(podEvent("09:03:00.352", "etl/" + POD, "WorkflowNodeRunning", "Normal", "Running node " + NODE)));
        // the kubelet's events about the Pod are never logged by the controller; a reason of theirs names no node
        cases.add(NodeEventLinesTest.run(podEvent("09:03:00.352", "etl/" + POD, "Completed", "Normal", "Succeeded node " + NODE)));
        // an earlier Workflow of the same name: its node's event is logged before this Pod was created
        List<String> namesake = NodeEventLinesTest.run();
        namesake.add(2, succeeded("09:00:30.020", "etl/" + POD, NODE));
        cases.add(namesake);
        NodeEventLinesTest.assertEachPersistsNothing(cases);
    }

    /**
     * After the release the Pod is gone from the informer: the controller then names the Workflow, not the Pod, in the node's
     * events (sendAsPod falls back when {@code getPodByNode} finds none). A Pod-kind line after the release therefore shows the
     * Pod was still in the informer when the result was stored: captured, as with the Workflow-kind line. Its control, the
     * node stored {@code Error: pod deleted} (named by the Workflow, the Pod being gone), stays a finding.
     */
    @Test
    void aPodKindResultStoredAfterTheReleaseLostNothing() {
        List<String> lines = NodeEventLinesTest.run();
        int gone = lines.size() - 1;
        String w = " component=workflow_worker workflow=etl-7xk2p namespace=etl";
        lines.addAll(gone, List.of(
                "time=2026-10-20T09:06:00.231Z level=INFO msg=\"Processing workflow\"" + w + " phase=Running resourceVersion=160",
                "time=2026-10-20T09:06:00.236Z level=INFO msg=\"Workflow update successful\"" + w + " phase=Running resourceVersion=163",
                succeeded("09:06:00.238", "etl/" + POD, NODE)));
        Correlation c = correlate(lines);
        assertNull(life(c).persisted(), "stored after the release, not before");
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals("controller.log:20", e.cleared().get(0).evidence().toString());
    }
}
