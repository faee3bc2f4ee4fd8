package dev.argoforensics.rules;

import dev.argoforensics.correlate.HandOvers;
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
 * @param tie         where {@code next} is another run's line tied to the deletion's run by Lease hand-overs, how far their
 *                    clocks may disagree ({@link HandOvers}); null otherwise
 * @param within      the gap as read is over the threshold, but the hand-over allows the later run's clock to be ahead by so much
 *                    that the real gap may be within it: undecided, not a stall
 * @param startUp     where the stall is counted from the start-up of the run that logged the deletion and processed the Workflow
 *                    next ({@link dev.argoforensics.correlate.StartUps}: a run that took the Lease over queues every active Workflow
 *                    there), its start-up line; null otherwise
 * @param takeOver    with {@code startUp}: the hand-overs from the run of the Workflow's last pass before to that run, which place
 *                    the pass before the start-up; null where nothing ties the two
 * @param carried     with {@code startUp} and no {@code takeOver}: another run's write of the Workflow whose version the run's first
 *                    pass read ({@link dev.argoforensics.correlate.StartUps#carriedOver}), which places the Workflow there before the
 *                    run took the Lease; null where none (then, without {@code takeOver}, the stall is undecided)
 */
record Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end,
             boolean excerpt, HandOvers.Tie tie, boolean within, LogEvent startUp, HandOvers.Tie takeOver, LogEvent carried) {
    Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end) {
        this(wf, zeroWorkers, before, podLines, next, end, false, null, false, null, null, null);
    }

    Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end, boolean excerpt) {
        this(wf, zeroWorkers, before, podLines, next, end, excerpt, null, false, null, null, null);
    }

    Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end,
          boolean excerpt, HandOvers.Tie tie, boolean within) {
        this(wf, zeroWorkers, before, podLines, next, end, excerpt, tie, within, null, null, null);
    }

    /** Not decided: an excerpt's silence, a gap the two runs' clocks may account for, or a start-up wait nothing ties to the pass before. */
    boolean undecided() {
        return excerpt || within || untiedStartUp();
    }

    /**
     * Counted from the run's start-up, but neither a hand-over nor the Workflow's version places its pass before it: whether it was
     * waiting then is not shown.
     */
    boolean untiedStartUp() {
        return startUp != null && takeOver == null && carried == null;
    }

    /** When the Workflow's wait began as counted: the run's start-up, else the Pod line that started the stall. */
    Timestamp since() {
        return startUp != null ? startUp.time() : podLines.get(0).time();
    }

    /** The gap as read, from the first Pod line to the end, each end on its own run's clock. */
    long readNanos() {
        return podLines.get(0).time().nanosUntil(end);
    }

    /**
     * The least the gap can have lasted: as read, less the most the hand-over lets the later run's clock be ahead of the
     * deletion's run (more where it was behind); as read where no hand-over ties the two.
     */
    long leastNanos() {
        if (startUp != null) {
            return startUp.time().nanosUntil(end); // one run's clock: its start-up to its first pass
        }
        return tie == null ? readNanos() : readNanos() - tie.aheadAtMost();
    }
}
