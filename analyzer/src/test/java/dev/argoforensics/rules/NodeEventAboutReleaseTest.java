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
 * Another controller run's node event within two clocks' 10 s of the release (session 46, an edge session 45 left). What the
 * controller does, read in {@code operator.go} at v3.3.0 to v4.1.2: {@code persistUpdates} calls {@code wfClient.Update} (or, on
 * a conflict, {@code reapplyUpdate}) and returns on a failure; only after the write returned does it call
 * {@code recordNodePhaseChangeEvents}, which records a {@code WorkflowNode<phase>} event for each node whose phase the pass
 * changed. So the event of a completed phase is logged after the update that stored that phase: it stands for that update. Within
 * the 10 s the order against the release is not shown, but the pass read the Pod finished in its own informer and the update
 * stored it, whichever came first: "persisted about then", as another run's update of that pass or its {@code labelPodCompleted}
 * (PersistedAcrossRunsTest). Before, the event counted only as the node's last record; followed by a later line of the node it
 * counted for nothing, and the lifecycle said "not persisted" where the update it stands for said "persisted about then".
 * The releasing run is {@link NodeEventLinesBreakerTest#run} (v4.1.3, release at 09:06:00.230); the other run's clock is unknown.
 */
class NodeEventAboutReleaseTest {
    private static final String ATTEMPT = "etl-7xk2p[0].extract(0)";
    private static final String W = " component=workflow_worker workflow=etl-7xk2p namespace=etl";

    private static String l(String t, String level, String rest) {
        return "time=2026-10-20T" + t + "Z level=" + level + " msg=" + rest;
    }

    private static String nodeEvent(String t, String phase, String message) {
        return NodeEventLinesBreakerTest.event(t, "WorkflowNode" + phase, "Succeeded".equals(phase) ? "Normal" : "Warning",
                phase + " node " + ATTEMPT + (message == null ? "" : ": " + message));
    }

    /**
     * The releasing run's next pass finds the Pod missing and marks the node lost; its write conflicts with the other run's and
     * the re-apply is refused by the guard against changing a completed node ({@code reapplyUpdate}: {@code must never update
     * completed node}): what the other run stored stands.
     */
    private static List<String> lossRefused() {
        return List.of(
                l("09:06:10.300", "INFO", "\"Processing workflow\"" + W + " phase=Running resourceVersion=170"),
                l("09:06:10.302", "INFO", "\"Workflow pod is missing\"" + W + " nodeName=\"" + ATTEMPT + "\" nodePhase=Running recentlyStarted=false"),
                l("09:06:10.303", "ERROR", "\"Mark error node\"" + W + " error=\"pod deleted\" nodeName=\"" + ATTEMPT + "\""),
                l("09:06:10.320", "WARN", "\"Error updating workflow\"" + W + " error=\"Operation cannot be fulfilled on workflows.argoproj.io"
                        + " \\\"etl-7xk2p\\\": the object has been modified; please apply your changes to the latest version and try again\""
                        + " reason=Conflict"),
                l("09:06:10.321", "INFO", "\"Re-applying updates on latest version and retrying update\"" + W),
                l("09:06:10.330", "INFO", "\"Failed to re-apply update\"" + W + " error=\"must never update completed node etl-7xk2p-4142634355\""));
    }

    private static Correlation correlate(List<String> own, String... other) {
        Evidence ev = new Evidence().log("controller.log", own.toArray(new String[0]));
        return other.length == 0 ? ev.correlate() : ev.log("controller-other.log", other).correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(PodKindNodeEventsBreakerTest.podOf(ATTEMPT)))
                .findFirst().orElseThrow();
    }

    private static Evaluation af001(Correlation c) {
        return new PrematureFinalizerRemoval().evaluate(c);
    }

    /** The model: the event 2 s after the release on the other run's clock is the persist about then, as that run's update would be. */
    @Test
    void anotherRunsNodeEventWithinTheMarginIsPersistedAboutThen() {
        for (String t : List.of("09:06:02.100", "09:05:55.100")) {
            Correlation c = correlate(NodeEventLinesBreakerTest.run(ATTEMPT), nodeEvent(t, "Succeeded", null));
            assertNull(life(c).persisted(), t);
            assertNotNull(life(c).persistedAfter(), t + ": the event stands for its pass's update");
            assertEquals("controller-other.log:1", life(c).persistedAfter().source().toString());
            Evaluation e = af001(c);
            assertTrue(e.findings().isEmpty(), e::toString);
            assertTrue(e.cleared().get(0).reason().contains("another controller run persisted the node fulfilled within what two clocks may disagree"
                    + " of it (its event WorkflowNodeSucceeded, which the controller records only after the Workflow update that stored the"
                    + " node Succeeded at 2026-10-20T" + t + "Z)"), e.cleared().get(0).reason());
        }
    }

    /**
     * Not the node's last record: the releasing run marked the node lost afterwards, its write refused by the guard. The event
     * still shows the phase stored about the release; before session 46 this stayed a finding.
     */
    @Test
    void itCountsWhenTheNodesLastRecordIsAnotherLine() {
        List<String> own = new ArrayList<>(NodeEventLinesBreakerTest.run(ATTEMPT));
        own.addAll(lossRefused());
        Correlation c = correlate(own, nodeEvent("09:06:03.100", "Succeeded", null));
        assertNotNull(life(c).persistedAfter());
        Evaluation e = af001(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertEquals("controller-other.log:1", e.cleared().get(0).evidence().toString());
    }

    /** Controls: the loss's own event, another attempt's, and one 15 s after the release (beyond the margin) are no persist about then. */
    @Test
    void theLossAnotherNodeOrALaterLineIsNot() {
        assertNull(life(correlate(NodeEventLinesBreakerTest.run(ATTEMPT), nodeEvent("09:06:02.100", "Error", "pod deleted"))).persistedAfter());
        String other = NodeEventLinesBreakerTest.event("09:06:02.100", "WorkflowNodeSucceeded", "Normal", "Succeeded node etl-7xk2p[0].extract(1)");
        assertNull(life(correlate(NodeEventLinesBreakerTest.run(ATTEMPT), other)).persistedAfter());
        assertNull(life(correlate(NodeEventLinesBreakerTest.run(ATTEMPT), nodeEvent("09:06:15.300", "Succeeded", null))).persistedAfter());
        // and nothing at all: the release stays possible
        Evaluation none = af001(correlate(NodeEventLinesBreakerTest.run(ATTEMPT)));
        assertEquals(1, none.findings().size(), none::toString);
        assertEquals(Confidence.POSSIBLE, none.findings().get(0).confidence());
    }

    /**
     * Session 47 breaker: another run's event of the node failed by the controller's own stop ({@code argo stop}, {@code argo
     * terminate}, the Workflow's {@code activeDeadlineSeconds}: {@code applyExecutionControl} fails a node whose Pod it still sees
     * running) within the margin is the stop stored, not the step's result: the clearance names the stop instead of saying the
     * result was captured.
     */
    @Test
    void aStopsEventWithinTheMarginIsNamedAsTheStop() {
        for (String[] stop : List.of(new String[] {"workflow shutdown with strategy:  Stop", "shutdown strategy Stop"},
                new String[] {"workflow shutdown with strategy:  Terminate", "shutdown strategy Terminate"},
                new String[] {"Step exceeded its deadline", "its activeDeadlineSeconds had passed"})) {
            Correlation c = correlate(NodeEventLinesBreakerTest.run(ATTEMPT), nodeEvent("09:06:02.100", "Failed", stop[0]));
            assertNotNull(life(c).persistedAfter(), stop[0]);
            Evaluation e = af001(c);
            assertTrue(e.findings().isEmpty(), e::toString);
            String reason = e.cleared().get(0).reason();
            assertTrue(reason.contains("stored the node Failed as it stopped the Workflow (" + stop[1] + ")"), reason);
            assertTrue(!reason.contains("result was captured"), reason);
        }
        // control: the step's own failure (its exit) stored about then is still a result captured
        Correlation failed = correlate(NodeEventLinesBreakerTest.run(ATTEMPT), nodeEvent("09:06:02.100", "Failed", "Error (exit code 1)"));
        String reason = af001(failed).cleared().get(0).reason();
        assertTrue(reason.contains("the result was captured"), reason);
    }

    /** Three minutes before the release the event is before it whatever the clocks: persisted before, as it was. */
    @Test
    void beyondTheMarginBeforeItIsPersistedBefore() {
        Correlation c = correlate(NodeEventLinesBreakerTest.run(ATTEMPT), nodeEvent("09:03:00.352", "Succeeded", null));
        assertNotNull(life(c).persisted());
        assertNull(life(c).persistedAfter());
    }
}
