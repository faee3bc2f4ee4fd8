package dev.argoforensics.rules;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * One stall of one Workflow as its Pod's lines show it ({@link Reconciliation#stall}): what AF003 reports and AF001 tells.
 *
 * @param zeroWorkers the {@code Current Worker Numbers … workflowWorkers=0} line, or null for a stall with workers
 * @param before      the Workflow's last processing before the Pod lines, or null
 * @param podLines    the Pod's lines while nothing reconciled the Workflow (at least one)
 * @param next        the Workflow's next processing, or null if the logs end first
 * @param end         when the stall ended: the next processing, else the end of the logs
 * @param excerpt     the stall rests on the silence of a run that would not show the Workflow's processing (an excerpt
 *                    grepped for other names, {@link Reconciliation#showsProcessing}): undecided, not a stall
 */
record Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end,
             boolean excerpt) {
    Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end) {
        this(wf, zeroWorkers, before, podLines, next, end, false);
    }
}
