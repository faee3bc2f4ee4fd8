package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 45: #17024's race on a step, then {@code argo retry}. The retry resets the errored node and the controller creates its Pod
 * again under the same name (same Workflow UID, same node ID), a new UID; the exports, taken after, show only the new Pod. Every line
 * of the name between the two {@code Created pod} lines is the earlier Pod's: its release on the deletion path with a negative
 * delay, and its node recorded {@code pod deleted}, the Workflow stored Error, before the reset copy (a newer resourceVersion, not
 * completed) created the second Pod. Before, AF001 left that release not decided ({@code earlierInstance}) and the race was missed
 * entirely; session 45 made it the earlier Pod's own finding, keyed by the name alone (no export gives its UID), possible at most.
 * Session 50: the lines tell the two Pods apart ({@code Lifetimes}: the second creation comes after the first Pod's release was
 * scheduled), so the earlier one is a Pod of its own (lifetime 1) and every rule reads it as any Pod.
 */
class RetriedNamesakeRaceTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static String l(String time, String rest) {
        return "time=\"2026-10-14T" + time + "Z\" level=" + (rest.startsWith("\"Mark error") ? "error" : "info") + " msg=" + rest;
    }

    private static final String W = " namespace=etl workflow=nightly-load";
    private static final String POD = "nightly-load-transform-303989626";
    private static final String NODE = " nodeName=\"nightly-load[1].transform\"";

    /** The first run: the step finishes during a stall, the Pod is deleted and released at once, the node then recorded lost. */
    private static List<String> raced() {
        return new ArrayList<>(List.of(
                l("12:00:00.002", "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.9"),
                l("12:01:10.300", "\"Processing workflow\" Phase=Running ResourceVersion=880131" + W),
                l("12:01:10.310", "\"Pod node nightly-load-303989626 initialized Pending\"" + W),
                l("12:01:10.331", "\"Created pod: nightly-load[1].transform (" + POD + ")\"" + W),
                l("12:01:10.346", "\"Workflow update successful\" namespace=etl phase=Running resourceVersion=880140 workflow=nightly-load"),
                l("12:01:10.356", "\"add pod event\" pod=" + POD),
                l("12:01:40.870", "\"update pod event\" pod=" + POD),
                l("12:04:47.412", "\"update pod event\" pod=" + POD),
                l("12:04:47.413", "\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\""),
                l("12:04:47.413", "\"queuing poddelay-1m3.412345678s\" action=removeFinalizer namespace=etl podGC=\"{ <nil> }\" podName=" + POD),
                l("12:04:47.414", "\"queueing pod for cleanup\" action=removeFinalizer namespace=etl podName=" + POD),
                l("12:04:47.415", "\"cleaning up pod\" action=removeFinalizer key=etl/" + POD + "/removeFinalizer namespace=etl podName=" + POD),
                l("12:04:47.431", "\"delete pod event\" pod=" + POD),
                l("12:06:30.200", "\"Processing workflow\" Phase=Running ResourceVersion=880140" + W),
                l("12:06:30.201", "\"Workflow pod is missing\"" + NODE + " nodePhase=Running recentlyStarted=false" + W),
                l("12:06:30.201", "\"Mark error node\" error=\"pod deleted\"" + NODE + W),
                l("12:06:30.202", "\"node nightly-load-303989626 phase Running -> Error\"" + W),
                l("12:06:30.203", "\"node nightly-load-303989626 message: pod deleted\"" + W),
                l("12:06:30.204", "\"node nightly-load phase Running -> Error\"" + W),
                l("12:06:30.205", "\"Updated phase Running -> Error\"" + W),
                l("12:06:30.205", "\"Marking workflow completed\"" + W),
                l("12:06:30.220", "\"Workflow update successful\" namespace=etl phase=Error resourceVersion=880301 workflow=nightly-load")));
    }

    /** The pass that created the second Pod: argo retry's reset copy (newer, not completed), or a new Workflow of the name. */
    private static List<String> runAgain(boolean reset) {
        return List.of(
                l("12:10:07.452", "\"Processing workflow\" Phase=" + (reset ? "Running" : "") + " ResourceVersion=881502" + W),
                l("12:10:07.456", "\"Pod node nightly-load-303989626 initialized Pending\"" + W),
                l("12:10:07.478", "\"Created pod: nightly-load[1].transform (" + POD + ")\"" + W),
                l("12:10:07.492", "\"Workflow update successful\" namespace=etl phase=Running resourceVersion=881506 workflow=nightly-load"),
                l("12:10:07.497", "\"add pod event\" pod=" + POD));
    }

    private static Correlation correlate(boolean reset) {
        List<String> lines = raced();
        lines.addAll(runAgain(reset));
        return new Evidence().log("controller.log", lines.toArray(new String[0])).correlate();
    }

    /** The latest Pod of the name's lifecycle. */
    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(POD) && x.key().lifetime() == 0).findFirst().orElseThrow();
    }

    /**
     * Session 50: the second {@code Created pod} comes after the earlier Pod's release was scheduled (its cleanup), so the lines tell
     * the two Pods apart (Lifetimes): the earlier one is a Pod of its own (lifetime 1, no UID), with its own lifecycle, and AF001
     * assesses its release as any Pod's (before, the earlier life was read from the later Pod's lines, EarlierLife). Possible: no
     * export shows how its containers ended.
     */
    @Test
    void theRacedPodBeforeArgoRetryIsItsOwnPossibleFinding() {
        Correlation c = correlate(true);
        PodLifecycle life = life(c);
        assertEquals(0, life.key().lifetime(), life.key()::toString);
        assertTrue(life.earlierInstanceLife().isEmpty(), "the earlier Pod is its own, not an earlier life of this one");
        assertNull(life.release(), "the second Pod's own lines hold no release: its assessment is its own");
        PodLifecycle earlier = c.lifecycles().get(life.key().withLifetime(1));
        assertEquals("2026-10-14T12:04:47.415Z", earlier.release().decisive().time().format());
        Evaluation e = rule.evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals(1, f.pod().lifetime());
        assertNull(f.pod().uid());
        assertEquals("", f.podUid());
        assertEquals("nightly-load-303989626", f.node().id());
        assertEquals("2026-10-14T12:04:47.415Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertEquals("-1m3.412345678s", f.fact("delay").orElseThrow().value());
        assertTrue(e.cleared().stream().noneMatch(x -> x.reason().contains("not decided")), e.cleared().toString());
    }

    /**
     * The control: the earlier Pod's own lines show main not terminated when the Pod garbage collector failed it (a lost node) before
     * its deletion: AF007's, not the race. Now the earlier Pod's own assessment clears it as running.
     */
    @Test
    void anEarlierPodWhoseMainRanOnIsNotReportedAsTheRace() {
        List<String> lines = raced();
        lines.add(7, l("12:04:47.410", "\"Pod " + POD + " phase was Failed but main did not have terminated state\""));
        lines.addAll(runAgain(true));
        Correlation c = new Evidence().log("controller.log", lines.toArray(new String[0])).correlate();
        assertTrue(life(c).earlierInstanceLife().isEmpty());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().stream().anyMatch(x -> x.pod().lifetime() == 1 && x.why().code().equals("AF001.cleared.running")), e.cleared().toString());
    }

    /** The second Pod created by a new Workflow of the name (its first pass never started): the earlier Pod assessed as its own. */
    @Test
    void aNewWorkflowOfTheSameNameAssessesTheEarlierPodApart() {
        Correlation c = correlate(false);
        assertTrue(life(c).earlierInstanceLife().isEmpty());
        Evaluation e = rule.evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        assertEquals(1, e.findings().get(0).pod().lifetime());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * The node's loss not in the lines before the reset (the earlier life's pass cut away): the pass that created the second Pod (argo
     * retry's reset copy, closed after it was created) read the node reset, so it does not clear the earlier Pod's release as
     * "reconciled without finding it missing" (session 50); possible, no export showing how its containers ended.
     */
    @Test
    void withoutTheNodesLossBeforeTheResetThePassThatCreatedTheNextPodClearsNothing() {
        List<String> lines = raced().subList(0, 13);
        List<String> all = new ArrayList<>(lines);
        all.add(l("12:06:30.220", "\"Workflow update successful\" namespace=etl phase=Error resourceVersion=880301 workflow=nightly-load"));
        all.addAll(runAgain(true));
        Correlation c = new Evidence().log("controller.log", all.toArray(new String[0])).correlate();
        assertTrue(life(c).earlierInstanceLife().isEmpty());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.why().code().equals("AF001.cleared.reconciledWithoutMissing")), e.cleared().toString());
        assertEquals(1, e.findings().size(), e.toString());
        assertEquals(1, e.findings().get(0).pod().lifetime());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }
}
