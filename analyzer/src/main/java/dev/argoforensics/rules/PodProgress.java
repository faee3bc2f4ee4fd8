package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeFinished;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.TaskResultNeverSynced.Finished;
import dev.argoforensics.rules.TaskResultNeverSynced.Subject;
import dev.argoforensics.rules.TaskResultNeverSynced.View;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * AF006: what the evidence says of whether a node's Pod had finished. A result not synced is what every Pod
 * that still runs has (the executor writes its placeholder {@code "false"} at the start; the controller sets
 * {@code taskResultSynced: false} or {@code taskResultsCompletionStatus} false when it creates the Pod), and a
 * node {@code Running} in the exported Workflow is what a stuck one shows too (a stopped reconcile never
 * stores the Pod's {@code Succeeded}). Only the Pod's own state says which: an export of it, or the
 * controller's readings of it.
 *
 * @param running the latest sign that the Pod had not finished, null if none
 * @param ended   what shows the Pod finished (its words), null if nothing does
 */
record PodProgress(Sign running, String ended) {
    private static final Set<String> COMPLETED = Set.of("Succeeded", "Failed", "Error");
    private static final Set<String> NOT_STARTED_OR_RUNNING = Set.of("Pending", "Running");

    /** One sign of the Pod's state: when, in words, and the export or line it comes from. */
    record Sign(Timestamp at, String what, Object cited) {
        SourceRef source() {
            return cited instanceof LogEvent e ? e.source() : ((PodSnapshot) cited).source();
        }
    }

    static PodProgress of(Correlation correlation, Subject s, WorkflowHistory workflow, TaskResultLines lines, List<View> views,
                          Finished finished) {
        Sign running = null;
        String ended = finished != null ? finished.from() : null;
        if (s.pod() != null) {
            for (PodSnapshot p : s.pod().snapshots()) {
                if (p.terminal()) {
                    ended = ended != null ? ended : "the exported Pod's phase " + p.phase();
                } else if (p.observed() != null && p.containersFinishedAt().isEmpty() && (running == null || !p.observed().time().isBefore(running.at()))) {
                    String open = p.containers().stream().filter(c -> !c.init() && !c.terminated())
                            .map(c -> c.name() + " " + (c.state() == null ? "not terminated" : c.state())).collect(Collectors.joining(", "));
                    running = new Sign(p.observed().time(), "an export of the Pod shows it " + (p.phase() == null ? "not finished" : p.phase())
                            + (open.isEmpty() ? "" : " (" + open + ")"), p);
                }
            }
        }
        if (ended == null && views.stream().anyMatch(v -> v.pending() && v.kind().equals(TaskResultNeverSynced.LOG))) {
            ended = "the controller's lines waiting on its result (it waits only for a Pod it has seen Succeeded)";
        }
        if (s.nodeId() != null) {
            for (LogEvent e : correlation.nodes().of(new NodeLink(s.wf(), s.nodeId(), null, null, null))) {
                if (e.event() instanceof NodeChanged c && c.newPhase() != null) {
                    if (COMPLETED.contains(c.newPhase())) {
                        ended = ended != null ? ended : "the controller's reading of the Pod (node changed to " + c.newPhase() + ")";
                    } else if (NOT_STARTED_OR_RUNNING.contains(c.newPhase()) && (running == null || !e.time().isBefore(running.at()))) {
                        running = new Sign(e.time(), "the controller read the Pod " + c.newPhase() + " (node changed from " + c.oldPhase()
                                + " to " + c.newPhase() + ")", e);
                    }
                } else if (e.event() instanceof NodeFinished) {
                    ended = ended != null ? ended : "the controller's line that the node finished";
                }
            }
        }
        if (ended == null && soleUnfinishedPod(s, workflow, lines)) {
            ended = "the controller's reconciles stopping on a task result of the Workflow (\"pod reconciliation didn't complete, will retry\": "
                    + "a Pod seen Succeeded with its result incomplete), this node being the Workflow's only unfinished Pod node";
        }
        return new PodProgress(running, ended);
    }

    /**
     * True when the Workflow's reconciles stopped on a result without saying whose (Info), after the node
     * started, and the latest export of the Workflow holds no other unfinished Pod node it could be.
     */
    private static boolean soleUnfinishedPod(Subject s, WorkflowHistory workflow, TaskResultLines lines) {
        if (workflow == null || lines == null || s.nodeId() == null) {
            return false;
        }
        List<NodeObservation> seen = workflow.nodeObservations(s.nodeId());
        if (seen.isEmpty()) {
            return false;
        }
        NodeObservation last = seen.get(seen.size() - 1);
        Timestamp started = last.node().startedAt();
        boolean stops = lines.stopped().stream().filter(r -> r.stoppedOn().isEmpty())
                .map(r -> r.retry().get().time()).anyMatch(t -> started == null || !t.isBefore(started));
        WorkflowSnapshot w = last.snapshot();
        return stops && w.nodes().values().stream()
                .noneMatch(n -> "Pod".equals(n.type()) && !n.id().equals(s.nodeId()) && !n.fulfilled());
    }
}
