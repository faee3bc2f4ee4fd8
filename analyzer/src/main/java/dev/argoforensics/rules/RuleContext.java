package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.WorkflowRef;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run of the rules over one correlation, with what several rules read derived once for all of them: the
 * Workflows' reconciliation ({@link Reconciliation}: AF003 decides on it, AF001 explains a removal with it), which
 * each of the two built for itself before (14 MB each on an incident corpus, at once on two worker threads), and each
 * Workflow's task-result lines ({@link TaskResultLines}: AF006 reads them for every Workflow, AF002 for the Workflows of the
 * Pods it asks about). Made by {@link RuleEngine#run} for each correlation and dropped with it; safe to read from the worker
 * threads the rules run on (the first to ask builds, the others wait for it).
 */
public final class RuleContext {
    private final Correlation correlation;
    private Reconciliation reconciliation;
    private final ConcurrentHashMap<WorkflowRef, TaskResultLines> taskResults = new ConcurrentHashMap<>();

    public RuleContext(Correlation correlation) {
        this.correlation = correlation;
    }

    public Correlation correlation() {
        return correlation;
    }

    /** When Workflow workers reconciled each Workflow of the correlation: built at the first call, then the same object. */
    synchronized Reconciliation reconciliation() {
        if (reconciliation == null) {
            reconciliation = new Reconciliation(correlation);
        }
        return reconciliation;
    }

    /**
     * The Workflow's task-result lines ({@link TaskResultLines#of}), made once per Workflow of the correlation for every rule of the
     * run (session 61, issue #17: AF006 made them twice per Workflow, once for its Pods and again for the Workflow after them, and
     * AF002 a third time; 37,169 makings for 15,228 Workflows of an incident slice). A history that is not the correlation's own
     * for its reference (a view of some of its lines) is read as given, each time.
     */
    TaskResultLines taskResultLines(WorkflowHistory workflow) {
        if (correlation.workflows().get(workflow.ref()) != workflow) {
            return TaskResultLines.of(workflow);
        }
        return taskResults.computeIfAbsent(workflow.ref(), r -> TaskResultLines.of(workflow));
    }
}
