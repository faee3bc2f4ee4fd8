package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PhaseHistory.ConcurrentRuns;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.wording.Message;

/**
 * Two controller runs writing about one Workflow at the same time ({@link PhaseHistory#concurrent}),
 * as a message: which runs, which Workflow, from when to when. Shared by the rules that lower their
 * confidence for it (AF008, AF009, AF015), so that none calls another's class.
 */
final class RunsAtOnce {
    private RunsAtOnce() {
    }

    /** The runs as the message {@code key} words them ({first}, {second}, {workflow}, {from}, {to}). */
    static Message of(String key, Correlation correlation, ConcurrentRuns r, WorkflowRef workflow) {
        return Message.of(key, "first", correlation.processes().get(r.first()).label(), "second", correlation.processes().get(r.second()).label(),
                "workflow", workflow.toString(), "from", r.from().format(), "to", r.to().format());
    }

    /** The runs that logged a Workflow's completion and a later change of it, when two did at once; else null. */
    static Message completionAndChange(Correlation correlation, WorkflowHistory h, LogEvent completed, LogEvent changed) {
        ConcurrentRuns c = PhaseHistory.concurrent(h, completed, changed);
        return c == null ? null : of("common.runsCompletionAndChange", correlation, c, h.ref());
    }
}
