package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 39: the gc controller's TTL (or retention) delete of a Workflow ({@code Deleting garbage collected workflow}, read into the
 * Workflow's fate since session 38) beside AF002, AF001 and AF007. The gc controller deletes only a completed Workflow, and the
 * Workflow workers' informer holds only Workflows not labelled completed (v3.4 to v4.1): no node of a Workflow is marked
 * {@code pod deleted} after it completed, so a TTL delete logged after the marking says nothing of the marking, and the rules read
 * the Pod as without it. A TTL delete logged before the marking cannot be of the Workflow the marking was written for (it was still
 * running); the rules take nothing from it either (it is the controller's line alone; the deleted-Workflow clearing needs an object
 * or an audit record, {@code LifecycleBuilder.deletedWithWorkflow}).
 */
class TtlDeletionTest {
    private static final String SUCCEEDED_POD = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
            .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:33:02Z", true, null);

    private static String gcDeleting(String t) {
        return "time=" + t + " level=INFO msg=\"Deleting garbage collected workflow\" component=gc_controller workflow=ns/p";
    }

    private static String[] lines(String gcAt) {
        List<String> l = new ArrayList<>(List.of(createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error")));
        if (gcAt != null) {
            l.add(gcAt.compareTo("2026-09-19T16:33:02.247Z") > 0 ? l.size() : 1, gcDeleting(gcAt));
        }
        return l.toArray(String[]::new);
    }

    private static Correlation evidence(String gcAt, boolean workflowExport) {
        Evidence e = new Evidence().pod("pod.yaml", SUCCEEDED_POD).log("1.log", lines(gcAt));
        return (workflowExport ? e.workflow("wf.yaml", ERRORED_WORKFLOW) : e).correlate();
    }

    /** What each rule says of the Pod: its findings' confidence and reason, and its clearances. */
    private static String said(Rule rule, Correlation c) {
        Evaluation e = rule.evaluate(c);
        StringBuilder b = new StringBuilder();
        e.findings().forEach(f -> b.append(f.rule()).append(' ').append(f.confidence()).append(": ").append(f.confidenceReason()).append('\n'));
        e.cleared().forEach(x -> b.append("cleared: ").append(x.reason()).append('\n'));
        return b.toString();
    }

    private static final List<Rule> RULES = List.of(new SuccessReportedAsError(), new PrematureFinalizerRemoval(), new PodDeletedDuringExecution());

    /** The TTL delete after the marking (the Workflow completed Error, then its TTL ran): every rule says what it says without it. */
    @Test
    void aTtlDeleteAfterTheMarkingChangesNothing() {
        for (boolean export : List.of(true, false)) {
            for (Rule rule : RULES) {
                assertEquals(said(rule, evidence(null, export)), said(rule, evidence("2026-09-19T16:40:00.000Z", export)), rule.id());
            }
        }
        // AF002 finds it, as without the line: likely with the Workflow's export (session 41: the order of the end and the deletion
        // rests on the Pod export's grace-0 deletionTimestamp read as the request, which the TTL line does not change), possible
        // from the lines.
        Finding f = new SuccessReportedAsError().evaluate(evidence("2026-09-19T16:40:00.000Z", true)).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("and no object states that order"), f.confidenceReason());
    }

    /**
     * The TTL delete logged between the Pod's creation and the marking: the gc controller deletes only completed Workflows, and a
     * completed Workflow is no longer reconciled, so it is not the Workflow that was still marking its node; AF002 takes nothing
     * from it, as from any line of the controller alone naming the Workflow's deletion.
     */
    @Test
    void aTtlDeleteBeforeTheMarkingIsNotTakenForTheWorkflowsDeletion() {
        assertEquals(said(new SuccessReportedAsError(), evidence(null, true)),
                said(new SuccessReportedAsError(), evidence("2026-09-19T16:30:00.000Z", true)));
    }
}
