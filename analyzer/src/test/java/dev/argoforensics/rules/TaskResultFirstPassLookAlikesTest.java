package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 38 recheck of AF006's lines-only first-pass stops ({@code AF006.view.retryFirstPass}): look-alikes of the chain
 * {@link TaskResultFirstPassStopsTest} gives {@code likely}.
 */
class TaskResultFirstPassLookAlikesTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static final String STOP = "pod reconciliation didn't complete, will retry";

    private static String processingAt(String t, String phase, String rv) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=" + rv;
    }

    /** The first pass creates p and writes 6; then reconciles on 6 from 16:{from} to 16:{to}, each a stop. */
    private static List<String> chain(List<String> afterAdd, int from, int to) {
        List<String> out = new ArrayList<>();
        out.add(processingAt("2026-09-19T16:27:10.100Z", "", "5"));
        out.add(createdPod("2026-09-19T16:27:10.431Z"));
        out.add(workflowUpdated("2026-09-19T16:27:10.450Z", "Running", "6"));
        out.add(podEvent("2026-09-19T16:27:10.460Z", "add"));
        out.addAll(afterAdd);
        for (int m = from; m <= to; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            out.add(processingAt(t + ".100Z", "Running", "6"));
            out.add("time=" + t + ".105Z level=INFO msg=\"" + STOP + "\" component=workflow_worker workflow=p namespace=ns");
        }
        return out;
    }

    private Evaluation eval(Evidence e) {
        return rule.evaluate(e.correlate());
    }

    private static boolean nodeLikely(Evaluation e) {
        return e.findings().stream().anyMatch(f -> f.node() != null && f.confidence() != Confidence.POSSIBLE);
    }

    @Test
    void aDaemonedNode() {
        // The node became daemoned (its Pod running and ready) in the first pass's wake: up to v3.6 a daemon's Failed Pod is
        // assessed Succeeded, so the stop is on a daemon's ended Pod.
        Evaluation e = eval(new Evidence().log("c.log", chain(List.of(
                "time=2026-09-19T16:27:20.120Z level=INFO msg=\"Node became daemoned\" component=workflow_worker workflow=p namespace=ns nodeId=p"),
                28, 45).toArray(String[]::new)));
        assertTrue(!nodeLikely(e), () -> "DAEMON " + e.findings());
        // Session 39: its stops are still its result pending after its Pod ended (a daemon's Pod is assessed Succeeded only once
        // ended), so the node is found, possible, saying what the lines lack: how the Pod ended, whether the wait container died too.
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        Finding f = e.findings().get(0);
        assertEquals("p", f.node().id());
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("but the node became daemoned at 2026-09-19T16:27:20.120Z")
                && f.confidenceReason().contains("an export of the Pod (its containers' exits), the wait container's log or the WorkflowTaskResult's "
                        + "report-outputs-completed label would decide"), f.confidenceReason());
        // Control: the same chain without the daemon line is likely for the node.
        assertTrue(nodeLikely(eval(new Evidence().log("c.log", chain(List.of(), 28, 45).toArray(String[]::new)))));
    }

    @Test
    void aFirstPassAnotherRunBegan() {
        Evaluation e = eval(new Evidence().log("a.log", processingAt("2026-09-19T16:27:00.100Z", "", "5"))
                .log("c.log", chain(List.of(), 28, 45).toArray(String[]::new)));
        assertTrue(!nodeLikely(e), () -> "HANDOVER " + e.findings());
    }

    @Test
    void aShortHoldUnderTheStallThresholdThenCompleted() {
        List<String> l = chain(List.of(), 28, 28);
        l.add(processingAt("2026-09-19T16:28:10.100Z", "Running", "6"));
        l.add("time=2026-09-19T16:28:10.105Z level=INFO msg=\"" + STOP + "\" component=workflow_worker workflow=p namespace=ns");
        l.add(processingAt("2026-09-19T16:28:20.100Z", "Running", "6"));
        l.add(workflowUpdated("2026-09-19T16:28:20.450Z", "Succeeded", "8"));
        Evaluation e = eval(new Evidence().log("c.log", l.toArray(String[]::new)));
        assertTrue(!nodeLikely(e), () -> "SHORT " + e.findings());
    }

    @Test
    void anotherClustersNamesakeLater() {
        // Cluster A's chain, then cluster B's Workflow p (same name, same Pod name) an hour later, completing.
        List<String> b = new ArrayList<>();
        b.add(processingAt("2026-09-19T17:27:10.100Z", "", "905"));
        b.add(createdPod("2026-09-19T17:27:10.431Z"));
        b.add(workflowUpdated("2026-09-19T17:27:10.450Z", "Running", "906"));
        b.add(processingAt("2026-09-19T17:28:10.100Z", "Running", "906"));
        b.add(workflowUpdated("2026-09-19T17:28:10.450Z", "Succeeded", "907"));
        Evaluation e = eval(new Evidence().log("c.log", chain(List.of(), 28, 45).toArray(String[]::new))
                .log("b.log", b.toArray(String[]::new)));
        // Held: cluster A's chain is unchanged by a namesake that ran later elsewhere (its lines come after the chain's first pass).
        assertTrue(nodeLikely(e), () -> "CLUSTERS " + e.findings());
    }
}
