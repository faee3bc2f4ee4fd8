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
import dev.argoforensics.wording.Message;
import java.util.List;
import java.util.Set;

/**
 * AF006: what the evidence says of whether a node's Pod had finished. A result not synced is what every Pod
 * that still runs has (the executor writes its placeholder {@code "false"} at the start; the controller sets
 * {@code taskResultSynced: false} or {@code taskResultsCompletionStatus} false when it creates the Pod), and a
 * node {@code Running} in the exported Workflow is what a stuck one shows too (a stopped reconcile never
 * stores the Pod's {@code Succeeded}). Only the Pod's own state says which: an export of it, or the
 * controller's readings of it.
 *
 * @param running the latest sign that the Pod had not finished, null if none
 * @param ended   what shows the Pod finished, null if nothing does
 */
record PodProgress(Sign running, Message ended) {
    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");
    private static final Set<String> NOT_STARTED_OR_RUNNING = Set.of("Pending", "Running");

    /** One sign of the Pod's state: when, in words, and the export or line it comes from. */
    record Sign(Timestamp at, Message what, Object cited) {
        /**
         * The latest the sign can be of: its time, but an export's time only its file states plus what a user's clock may be off
         * ({@link dev.argoforensics.snapshot.ObservedAt#takenNoLaterThan}): a Pod seen running by it may have run that late.
         */
        Timestamp noLaterThan() {
            return cited instanceof PodSnapshot p && p.observed() != null ? p.observed().takenNoLaterThan().at() : at;
        }

        SourceRef source() {
            return cited instanceof LogEvent e ? e.source() : ((PodSnapshot) cited).source();
        }
    }

    static PodProgress of(Correlation correlation, Subject s, WorkflowHistory workflow, TaskResultLines lines, List<View> views,
                          Finished finished) {
        Sign running = null;
        Message ended = finished != null ? finished.from() : null;
        if (s.pod() != null) {
            Timestamp attempt = TaskResultNeverSynced.attemptStarted(s, workflow);
            for (PodSnapshot p : s.pod().snapshots()) {
                if (attempt != null && p.containersFinishedAt().isPresent() && p.containersFinishedAt().get().isBefore(attempt)) {
                    continue; // an earlier attempt's Pod (argo retry): it says nothing of the later one
                }
                if (p.terminal()) {
                    ended = ended != null ? ended : Message.of("AF006.progress.podPhase", "phase", p.phase());
                } else if (p.observed() != null && p.containersFinishedAt().isEmpty() && (running == null || !p.observed().time().isBefore(running.at()))) {
                    List<Message> open = p.containers().stream().filter(c -> !c.init() && !c.terminated())
                            .map(c -> Message.of("AF006.progress.container", "name", c.name(),
                                    "state", c.state() == null ? Message.of("AF006.progress.notTerminated") : c.state())).toList();
                    running = new Sign(p.observed().time(), Message.of("AF006.progress.exportShows",
                            "state", p.phase() == null ? Message.of("AF006.progress.notFinished") : p.phase(),
                            "open", open.isEmpty() ? Message.NOTHING : Message.of("AF006.parenthesised", "text",
                                    TaskResultWording.joined(open, "AF006.comma"))), p);
                }
            }
        }
        if (ended == null && views.stream().anyMatch(v -> v.pending() && v.kind().equals(TaskResultNeverSynced.LOG))) {
            ended = Message.of("AF006.progress.waiting");
        }
        if (s.nodeId() != null) {
            for (LogEvent e : correlation.nodes().of(new NodeLink(s.wf(), s.nodeId(), null, null, null))) {
                if (e.event() instanceof NodeChanged c && c.newPhase() != null) {
                    if (COMPLETED.contains(c.newPhase())) {
                        ended = ended != null ? ended : Message.of("AF006.progress.readFinished", "phase", c.newPhase());
                    } else if (NOT_STARTED_OR_RUNNING.contains(c.newPhase()) && (running == null || !e.time().isBefore(running.at()))) {
                        running = new Sign(e.time(), Message.of("AF006.progress.readRunning", "phase", c.newPhase(), "old", c.oldPhase()), e);
                    }
                } else if (e.event() instanceof NodeFinished) {
                    ended = ended != null ? ended : Message.of("AF006.progress.nodeFinished");
                }
            }
        }
        if (ended == null && soleUnfinishedPod(s, workflow, lines)) {
            ended = Message.of("AF006.progress.soleUnfinished");
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
                .noneMatch(n -> !n.id().equals(s.nodeId()) && w.mayHoldResultStop(n));
    }
}
