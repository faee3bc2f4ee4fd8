package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * When Workflow workers reconciled each Workflow, and which controller runs had none: what AF003
 * decides on and what AF001 explains a removal with. A {@code Processing workflow} line is a worker
 * taking the Workflow up; {@code Current Worker Numbers … workflowWorkers=0} says a run has no worker
 * at all until it restarts.
 */
final class Reconciliation {
    private static final Set<String> COMPLETED = Set.of("Succeeded", "Failed", "Error");

    private final Correlation correlation;
    /** Per stream, its worker-number and start lines in input order. */
    private final Map<Integer, List<LogEvent>> lifecycle = new HashMap<>();
    private final Map<WorkflowRef, List<LogEvent>> processing = new HashMap<>();
    private final Timestamp evidenceEnd;

    Reconciliation(Correlation correlation) {
        this.correlation = correlation;
        for (LogEvent e : correlation.events()) {
            if (e.event() instanceof WorkerNumbers || e.event() instanceof ControllerStarted) {
                lifecycle.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            }
        }
        for (WorkflowHistory w : correlation.workflows().values()) {
            List<LogEvent> list = w.events().stream().filter(e -> e.event() instanceof WorkflowProcessing).toList();
            if (!list.isEmpty()) {
                processing.put(w.ref(), list);
            }
        }
        Timestamp end = null;
        for (ControllerProcess p : correlation.processes()) {
            if (p.last() != null && (end == null || p.last().compareTo(end) > 0)) {
                end = p.last();
            }
        }
        evidenceEnd = end;
    }

    /**
     * The {@code Current Worker Numbers} line in force for the line: the last of its stream before
     * it, unless a controller start came between; present only if it said {@code workflowWorkers=0}.
     */
    Optional<LogEvent> zeroWorkers(LogEvent line) {
        LogEvent inForce = null;
        for (LogEvent e : lifecycle.getOrDefault(line.stream(), List.of())) {
            if (e.ordinal() >= line.ordinal()) {
                break;
            }
            ControllerEvent ev = e.event();
            if (ev instanceof ControllerStarted) {
                inForce = null;
            } else if (((WorkerNumbers) ev).workflowWorkers() != null) {
                inForce = e;
            }
        }
        return inForce != null && ((WorkerNumbers) inForce.event()).workflowWorkers() == 0 ? Optional.of(inForce) : Optional.empty();
    }

    /** The last {@code Processing workflow} certainly before the line. */
    Optional<LogEvent> lastProcessedBefore(WorkflowRef wf, LogEvent line) {
        LogEvent found = null;
        for (LogEvent p : processing.getOrDefault(wf, List.of())) {
            if (EventOrder.before(p, line) && (found == null || p.time().compareTo(found.time()) > 0)) {
                found = p;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The first {@code Processing workflow} certainly after the line, in any controller run. */
    Optional<LogEvent> firstProcessedAfter(WorkflowRef wf, LogEvent line) {
        LogEvent found = null;
        for (LogEvent p : processing.getOrDefault(wf, List.of())) {
            if (EventOrder.after(p, line) && (found == null || p.time().compareTo(found.time()) < 0)) {
                found = p;
            }
        }
        return Optional.ofNullable(found);
    }

    /** A {@code Processing workflow} of the same stream between the two lines. */
    boolean processedInStreamBetween(WorkflowRef wf, LogEvent from, LogEvent to) {
        return processing.getOrDefault(wf, List.of()).stream()
                .anyMatch(p -> p.stream() == from.stream() && p.ordinal() > from.ordinal() && p.ordinal() < to.ordinal());
    }

    /**
     * True unless the logs say the Workflow had completed before the line: the phase of its last
     * {@code Processing workflow} or {@code Workflow update successful} before it.
     */
    boolean active(WorkflowRef wf, LogEvent line) {
        String phase = null;
        Timestamp at = null;
        for (LogEvent e : correlation.workflow(wf).map(WorkflowHistory::events).orElse(List.of())) {
            String p = e.event() instanceof WorkflowUpdated u ? u.phase() : e.event() instanceof WorkflowProcessing w ? w.phase() : null;
            if (p != null && !p.isEmpty() && EventOrder.before(e, line) && (at == null || e.time().compareTo(at) >= 0)) {
                phase = p;
                at = e.time();
            }
        }
        return phase == null || !COMPLETED.contains(phase);
    }

    /** The time of the last line of any controller run: how far the logs go. */
    Optional<Timestamp> evidenceEnd() {
        return Optional.ofNullable(evidenceEnd);
    }
}
