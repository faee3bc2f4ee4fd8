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
 * AF006 (session 38): at Info (v3.7+, v4) the stops name no node; with no export of the Workflow, a stop is given to the Pod's
 * node where the lines show the copy the reconcile worked on made write by write in the same run since the Workflow's first
 * reconcile, which created this Pod alone ({@code TaskResultLines.firstPassSightings}, AF002's since session 37). Before, such a
 * Workflow had only a Workflow-level {@code possible} finding ("not whose"): judgment's {@code task-result-never-completes}.
 */
class TaskResultFirstPassStopsTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static final String STOP = "pod reconciliation didn't complete, will retry";
    private static final String HELD = "leaving phase un-changed: required outputs are not yet set";

    private static String processingAt(String t, String phase, String rv) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=" + rv;
    }

    /** The first reconcile (phase "", version 5) creates p ({@code also}: more lines of it), writes 6; then a reconcile a minute on 6, 16:28 to 16:45, each ending in {@code line}. */
    private static List<String> lines(List<String> also, String line) {
        List<String> out = new ArrayList<>();
        out.add(processingAt("2026-09-19T16:27:10.100Z", "", "5"));
        out.add(createdPod("2026-09-19T16:27:10.431Z"));
        out.addAll(also);
        out.add(workflowUpdated("2026-09-19T16:27:10.450Z", "Running", "6"));
        out.add(podEvent("2026-09-19T16:27:10.460Z", "add"));
        for (int m = 28; m <= 45; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            out.add(processingAt(t + ".100Z", "Running", "6"));
            out.add("time=" + t + ".102Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=p namespace=ns numObjs=1");
            out.add("time=" + t + ".105Z level=INFO msg=\"" + line + "\" component=workflow_worker workflow=p namespace=ns"
                    + (line.startsWith("leaving") ? " updated.phase=Succeeded" : ""));
        }
        return out;
    }

    private Evaluation logs(List<String> lines) {
        return rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).correlate());
    }

    @Test
    void stopsOnACopyThatHeldThisPodAloneAreItsNodesFromTheLinesAlone() {
        Evaluation e = logs(lines(List.of(), STOP));
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals("p", f.node().id());
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("17m0s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.explanation().contains("since the Workflow's first reconcile at 2026-09-19T16:27:10.100Z"), f.explanation());
    }

    @Test
    void controlsStayAtTheWorkflowOrSayNothing() {
        // Another Pod created in the first pass: the stops may be q's. Not given: the Workflow-level finding, possible.
        Evaluation two = logs(lines(List.of("time=2026-09-19T16:27:10.440Z level=INFO msg=\"Created pod\" component=workflow_worker "
                + "workflow=p namespace=ns nodeName=q nodeID=q podName=q"), STOP));
        assertTrue(two.findings().stream().allMatch(f -> f.node() == null && f.confidence() == Confidence.POSSIBLE), () -> two.findings().toString());
        assertEquals(1, two.findings().size(), () -> two.findings().toString());
        // Held lines on the same copy: the node's outputs missing, not its result pending. No finding about the node.
        Evaluation held = logs(lines(List.of(), HELD));
        assertTrue(held.findings().stream().noneMatch(f -> f.node() != null), () -> held.findings().toString());
    }
}
