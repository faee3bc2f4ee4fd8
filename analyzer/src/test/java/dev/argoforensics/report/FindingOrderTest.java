package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.wording.Message;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Findings come grouped by Workflow and Pod, the most severe group first; possible findings after those told in full. */
class FindingOrderTest {

    private static Finding finding(String rule, Severity severity, String workflow, String pod) {
        return finding(rule, severity, Confidence.LIKELY, workflow, pod);
    }

    private static Finding finding(String rule, Severity severity, Confidence confidence, String workflow, String pod) {
        return new Finding(rule, "t", severity, confidence, Message.literal("r"), new PodKey("ns", pod), "",
                workflow == null ? null : new WorkflowRef("ns", workflow), null, Message.literal("s"), Message.literal("e"), List.of(), List.of());
    }

    private static String key(Finding f) {
        return f.rule() + " " + (f.workflow() == null ? "-" : f.workflow().name()) + "/" + f.pod().name();
    }

    @Test
    void byWorkflowThenPodMostSevereGroupFirst() {
        List<Finding> in = List.of(
                finding("AF003", Severity.MEDIUM, "wf-a", "a-1"),
                finding("AF004", Severity.MEDIUM, null, "loose"),
                finding("AF007", Severity.MEDIUM, "wf-b", "b-2"),
                finding("AF001", Severity.HIGH, "wf-b", "b-1"),
                finding("AF002", Severity.HIGH, "wf-a", "a-2"),
                finding("AF003", Severity.MEDIUM, "wf-b", "b-1"),
                finding("AF005", Severity.HIGH, "wf-c", "c-1"),
                finding("AF002", Severity.HIGH, "wf-b", "b-1"));
        assertEquals(List.of(
                "AF002 wf-a/a-2", "AF003 wf-a/a-1",
                "AF001 wf-b/b-1", "AF002 wf-b/b-1", "AF003 wf-b/b-1", "AF007 wf-b/b-2",
                "AF005 wf-c/c-1",
                "AF004 -/loose"), ReportBuilder.grouped(in).stream().map(FindingOrderTest::key).toList());
    }

    @Test
    void aPossibleFindingRanksBelowEveryFindingToldInFull() {
        List<Finding> in = List.of(
                finding("AF001", Severity.CRITICAL, Confidence.POSSIBLE, "wf-a", "a-1"),
                finding("AF003", Severity.MEDIUM, Confidence.CONFIRMED, "wf-b", "b-1"),
                finding("AF001", Severity.HIGH, Confidence.POSSIBLE, "wf-b", "b-1"),
                finding("AF004", Severity.LOW, Confidence.LIKELY, "wf-b", "b-1"),
                finding("AF006", Severity.HIGH, Confidence.POSSIBLE, "wf-c", "c-1"),
                finding("AF002", Severity.LOW, Confidence.CONFIRMED, "wf-c", "c-2"));
        // wf-b and wf-c lead with findings told in full (medium before low); wf-a, possible only, comes last whatever its severity.
        // Within b-1 the possible high finding follows the medium and low ones told in full; within wf-c, c-2 (told in full) leads c-1.
        assertEquals(List.of(
                "AF003 wf-b/b-1", "AF004 wf-b/b-1", "AF001 wf-b/b-1",
                "AF002 wf-c/c-2", "AF006 wf-c/c-1",
                "AF001 wf-a/a-1"), ReportBuilder.grouped(in).stream().map(FindingOrderTest::key).toList());
    }
}
