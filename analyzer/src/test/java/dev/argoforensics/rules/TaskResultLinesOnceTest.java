package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.Visits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 (issue #17): a Workflow's task-result lines ({@link TaskResultLines}) are made once in a run of the rules, for AF002
 * and AF006 together ({@link RuleContext#taskResultLines}). Before, AF006 made them for its Pods and again for the Workflow after
 * them (its table of recent Workflows had let go of them by then), and AF002 a third time: on an incident slice 37,169 makings
 * for 15,228 Workflows, 1.5% of the run's CPU. Counted in {@link Visits} (reads of the kept lines, not a clock): a run of both
 * rules reads each Workflow's lines to make them once, and otherwise as much as both rules given every Workflow's lines made
 * beforehand.
 */
class TaskResultLinesOnceTest {
    @TempDir
    Path dir;

    private static Correlation twenty(Path dir) throws IOException {
        List<String> inputs = RuleVisitsLinearTest.requeued(20, 3, true, dir);
        return Analysis.standard(AnalysisOptions.defaults().withThreads(1)).run(inputs).correlation();
    }

    @Test
    void aRunOfTheRulesMakesEachWorkflowsLinesOnce() throws IOException {
        Correlation c = twenty(dir.resolve("twenty"));
        assertTrue(c.workflows().size() >= 20, "Workflows: " + c.workflows().size());
        long made = 0;
        for (WorkflowHistory w : c.workflows().values()) {
            made += Visits.count(() -> TaskResultLines.of(w)).visits();
        }
        assertTrue(made > 0, "making the lines reads them");
        TaskResultNeverSynced af006 = new TaskResultNeverSynced(RuleSettings.defaults());
        SuccessReportedAsError af002 = new SuccessReportedAsError(RuleSettings.defaults());
        RuleContext before = new RuleContext(c);
        c.workflows().values().forEach(before::taskResultLines);
        long read = Visits.count(() -> {
            af002.evaluate(before);
            return af006.evaluate(before);
        }).visits();
        RuleContext run = new RuleContext(c);
        long both = Visits.count(() -> {
            af002.evaluate(run);
            return af006.evaluate(run);
        }).visits();
        assertEquals(read + made, both, "each Workflow's lines made once (" + made + " visits to make them all)");
        // Negative control: each rule evaluated on its own (a table of its own) makes them again.
        long apart = Visits.count(() -> {
            af002.evaluate(c);
            return af006.evaluate(c);
        }).visits();
        assertTrue(apart > both, "apart " + apart + ", together " + both);
    }

    @Test
    void theRunsLinesAreTheCorrelationsWorkflowsOnly() throws IOException {
        Correlation c = twenty(dir.resolve("twenty"));
        RuleContext context = new RuleContext(c);
        WorkflowHistory own = c.workflows().values().iterator().next();
        TaskResultLines lines = context.taskResultLines(own);
        assertSame(lines, context.taskResultLines(own));
        assertFalse(lines.reconciles().isEmpty(), "the sample's Workflow is reconciled");
        // A history of the same reference that is not the correlation's (a view of some of its lines) is read as given, not shared.
        WorkflowHistory view = new WorkflowHistory(own.ref(), own.events().subList(0, own.events().size() / 2), own.snapshots());
        TaskResultLines ofView = context.taskResultLines(view);
        assertNotSame(lines, ofView);
        assertTrue(ofView.reconciles().size() < lines.reconciles().size(), ofView.reconciles().size() + " of " + lines.reconciles().size());
        assertSame(lines, context.taskResultLines(own), "the view did not replace the Workflow's own");
    }
}
