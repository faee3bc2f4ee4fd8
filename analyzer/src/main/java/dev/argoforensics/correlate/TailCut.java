package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Optional;

/**
 * A Workflow whose evidence ends before the Workflow is seen to end: its latest line in the inputs is in a controller run whose
 * later log was not given ({@link ControllerProcess#continuesIn()}: a rotated piece, {@code controller.log.2}, without
 * {@code controller.log.1} or the live file), and no line or export after the moment asked about shows it completed or gone.
 * The run went on writing past its last line given (a rotated piece is a file its writer went on past), and what it wrote
 * about the Workflow then (a node's later outcome, the Workflow deleted, its update refused as not found, the pod controller
 * releasing its Pods on the orphan path) is unknown, not absent. So too where the run's lines were selected or cut
 * ({@link ControllerProcess#selectedBy()}: a live file under a recorded {@code | grep} or {@code head}, a file named so): the
 * run's later lines were written and not all given. A log that simply ends (a live file, the user's whole log) is no such cut:
 * nothing tells that the run went on.
 *
 * @param run  the run the Workflow's latest line is in, cut at its end
 * @param last the Workflow's latest line in the inputs
 */
public record TailCut(ControllerProcess run, LogEvent last) {

    /**
     * Where the evidence of the Workflow stops while its story goes on, after {@code after} (the moment the caller's verdict
     * rests on), or empty: the Workflow's latest line is in a run cut at its end, and neither a {@code Workflow update successful}
     * with a completed phase, nor an export in a completed phase, nor a refused update (gone) at or after {@code after} shows it
     * ended. An export counts as at or after it only at the earliest it can have been taken: a time its file or the command line
     * states ({@code # taken-at:}, {@code --snapshot-time}) less {@link dev.argoforensics.snapshot.ObservedAt#STATED_CLOCK_NANOS}
     * (the clock of whoever took it), so that a stated time within that of the moment leaves the cut, and the cap, in place.
     */
    static Optional<TailCut> of(List<ControllerProcess> processes, WorkflowHistory workflow, WorkflowFate fate, Timestamp after) {
        if (workflow == null || workflow.events().isEmpty() || after == null) {
            return Optional.empty();
        }
        LogEvent last = EventOrder.latest(workflow.events());
        if (last == null || last.stream() < 0 || last.stream() >= processes.size() || !processes.get(last.stream()).cutAtEnd()) {
            return Optional.empty();
        }
        for (LogEvent e : workflow.events()) {
            if (e.event() instanceof WorkflowUpdated u && u.phase() != null && LifecycleBuilder.COMPLETED.contains(u.phase())
                    && !e.time().isBefore(after)) {
                return Optional.empty();
            }
        }
        for (WorkflowSnapshot s : workflow.snapshots()) {
            // An export at or after the moment by its own times or a write; by a time only its file states, only where that time
            // less what a user's clock may be off is (ObservedAt.takenNoEarlierThan): nearer, it may have been taken before.
            if (s.phase() != null && LifecycleBuilder.COMPLETED.contains(s.phase()) && s.observed() != null
                    && !s.observed().takenNoEarlierThan().at().isBefore(after)) {
                return Optional.empty();
            }
        }
        if (fate != null && fate.gone() != null && !fate.gone().at().isBefore(after)) {
            return Optional.empty();
        }
        return Optional.of(new TailCut(processes.get(last.stream()), last));
    }
}
