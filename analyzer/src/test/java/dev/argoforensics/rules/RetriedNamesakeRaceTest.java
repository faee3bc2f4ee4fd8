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
 * entirely; now it is the earlier Pod's own finding, keyed by the name alone (no export gives its UID), possible at most.
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

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(POD)).findFirst().orElseThrow();
    }

    @Test
    void theRacedPodBeforeArgoRetryIsItsOwnPossibleFinding() {
        Correlation c = correlate(true);
        PodLifecycle life = life(c);
        assertTrue(life.earlierInstanceLife().isPresent(), "the earlier life is derived once, in the correlation");
        assertNull(life.release(), "the second Pod's own lines hold no release: its assessment is its own");
        Evaluation e = rule.evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertNull(f.pod().uid());
        assertEquals("", f.podUid());
        assertEquals("nightly-load-303989626", f.node().id());
        assertEquals("2026-10-14T12:01:10.331Z", f.fact("earlierPodCreatedAt").orElseThrow().value());
        assertEquals("2026-10-14T12:04:47.415Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertEquals("-1m3.412345678s", f.fact("delay").orElseThrow().value());
        assertEquals("Running", f.fact("nodePhaseAtRemoval").orElseThrow().value());
        assertEquals("pod deleted", f.fact("finalNodeMessage").orElseThrow().value());
        assertEquals("2026-10-14T12:10:07.478Z", f.fact("laterPodCreatedAt").orElseThrow().value());
        assertTrue(f.summary().startsWith("The earlier Pod of this name (etl/" + POD + "), created at 2026-10-14T12:01:10.331Z, lost its"
                + " status-capture finalizer at 2026-10-14T12:04:47.415Z (delay=-1m3.412345678s) while its node was still Running"), f.summary());
        assertTrue(f.explanation().contains("argo retry: processed at resourceVersion 881502, newer than its completion at 880301"), f.explanation());
        assertTrue(f.confidenceReason().contains("its containers had finished"), f.confidenceReason());
        assertTrue(e.cleared().stream().noneMatch(x -> x.reason().contains("not decided")), e.cleared().toString());
        assertTrue(f.evidence().size() >= 6, f.evidence().toString());
    }

    /**
     * The control: the earlier Pod's own lines show main not terminated when the Pod garbage collector failed it (a lost node) before
     * its deletion: AF007's, not the race, so nothing is derived and the release stays not decided (node-lost-then-retried's shape).
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
        assertTrue(e.cleared().stream().anyMatch(x -> x.reason().startsWith("not decided:")), e.cleared().toString());
    }

    /** The control: the second Pod created by a new Workflow of the name (its first pass never started): stays not decided. */
    @Test
    void aNewWorkflowOfTheSameNameStaysNotDecided() {
        Correlation c = correlate(false);
        assertTrue(life(c).earlierInstanceLife().isEmpty());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().stream().anyMatch(x -> x.reason().startsWith("not decided: the finalizer release at 2026-10-14T12:04:47.415Z"
                + " is of an earlier Pod of this name")), e.cleared().toString());
    }

    /** The control: the node's loss not in the lines before the reset (the earlier life's pass cut away): stays not decided. */
    @Test
    void withoutTheNodesLossBeforeTheResetItStaysNotDecided() {
        List<String> lines = raced().subList(0, 13);
        List<String> all = new ArrayList<>(lines);
        all.add(l("12:06:30.220", "\"Workflow update successful\" namespace=etl phase=Error resourceVersion=880301 workflow=nightly-load"));
        all.addAll(runAgain(true));
        Correlation c = new Evidence().log("controller.log", all.toArray(new String[0])).correlate();
        assertTrue(life(c).earlierInstanceLife().isEmpty());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().stream().anyMatch(x -> x.reason().startsWith("not decided:")), e.cleared().toString());
    }
}
