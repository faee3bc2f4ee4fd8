package dev.argoforensics.correlate;

import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;

/**
 * A Workflow node's last recorded state: the latest export of the Workflow, unless a forced phase or
 * message change in the logs is certainly later.
 *
 * @param fromExport the state comes from an export (else from log lines)
 * @param source     the export or the last log line that says it
 * @param time       the node's finishedAt (else the export's observation time), or the line's time
 */
public record NodeOutcome(String phase, String message, boolean fromExport, SourceRef source, Timestamp time) {

    public static Optional<NodeOutcome> of(WorkflowHistory workflow, NodeLink link) {
        if (workflow == null || link == null) {
            return Optional.empty();
        }
        String logPhase = null;
        String logMessage = null;
        LogEvent last = null;
        for (LogEvent e : workflow.events()) {
            ControllerEvent ev = e.event();
            if (!link.isAbout(ev)) {
                continue;
            }
            if (ev instanceof NodePhaseChanged p) {
                logPhase = p.toPhase();
                last = e;
            } else if (ev instanceof NodeMessageChanged m) {
                logMessage = m.message();
                last = e;
            }
        }
        Optional<NodeObservation> latest = workflow.nodeObservations(link.nodeId()).stream().reduce((a, b) -> b);
        if (latest.isPresent()) {
            ObservedAt observed = latest.get().snapshot().observed();
            if (last == null || observed == null || !observed.time().isBefore(last.time())) {
                NodeStatus n = latest.get().node();
                Timestamp at = n.finishedAt() != null ? n.finishedAt() : observed == null ? null : observed.time();
                return Optional.of(new NodeOutcome(n.phase(), n.message(), true, latest.get().snapshot().source(), at));
            }
        }
        if (last == null) {
            return Optional.empty();
        }
        return Optional.of(new NodeOutcome(logPhase, logMessage, false, last.source(), last.time()));
    }
}
