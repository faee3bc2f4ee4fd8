package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.ControllerEvent.TaskResultIncomplete;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * AF006: a node's task result was still not synced long after its Pod finished: the exported Workflow
 * says {@code taskResultSynced: false} or {@code taskResultsCompletionStatus} false, the
 * WorkflowTaskResult is labelled {@code report-outputs-completed: "false"}, or the controller keeps
 * logging {@code Taskresult of the node not yet completed}. Calls out a wait container that was
 * OOMKilled or exited non-zero. Upstream #12103, #12993, #13373. See docs/rules/AF006.md.
 */
public final class TaskResultNeverSynced extends NodeRule {
    public static final String ID = "AF006";
    private static final String WORKFLOW = "the exported Workflow";
    private static final String TASK_RESULT = "the exported WorkflowTaskResult";
    private static final String LOG = "the controller log";

    private final long threshold;

    public TaskResultNeverSynced(RuleSettings settings) {
        super(ID, "Task result never synced", Severity.HIGH);
        this.threshold = settings.taskResultNanos();
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(),
                List.of(Set.of(EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.TASK_RESULT_SNAPSHOT, EvidenceKind.CONTROLLER_LOG)),
                Set.of(EvidenceKind.POD_SNAPSHOT));
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        NodeLink link = pod.link();
        WorkflowHistory workflow = scope.correlation().workflow(link.workflow()).orElse(null);
        List<View> views = views(pod, workflow, scope.nodes());
        View pending = latest(views, true, null);
        if (pending == null) {
            return;
        }
        View settled = settled(views, pending);
        if (settled != null) {
            View why = views.stream().filter(v -> v.cited() instanceof LogEvent e && e.event() instanceof TaskResultForced).findFirst().orElse(settled);
            View controllerPending = latest(views, true, false);
            View was = controllerPending != null ? controllerPending : pending;
            String before = was.at().isBefore(why.at()) ? "the task result was not synced at " + was.at().format() + "; " : "";
            scope.clear(pod, before + "settled at " + why.at().format() + ": " + why.what() + waitNote(pod), why.source());
            return;
        }
        Finished finished = finished(pod, workflow, link);
        Timestamp from = finished != null ? finished.at : views.stream().filter(View::pending).map(View::at).min(Comparator.naturalOrder()).get();
        long nanos = from.nanosUntil(pending.at());
        if (nanos > threshold) {
            scope.findings().add(finding(scope.correlation(), pod, workflow, views, pending, finished, nanos));
        } else if (finished != null) {
            scope.clear(pod, "the task result was still pending " + GoDuration.format(Math.max(nanos, 0)) + " after the Pod finished, within "
                    + "the threshold of " + GoDuration.format(threshold), pending.source());
        }
    }

    /**
     * The view that settles the result, if one does: the controller's view (its Workflow status, its
     * lines) decides; the executor's label only when the controller says nothing.
     */
    private static View settled(List<View> views, View pending) {
        View controllerPending = latest(views, true, false);
        View controllerResolved = latest(views, false, false);
        if (controllerResolved != null) {
            return controllerPending == null || !controllerResolved.at().isBefore(controllerPending.at()) ? controllerResolved : null;
        }
        View labelResolved = controllerPending == null ? latest(views, false, true) : null;
        return labelResolved != null && !labelResolved.at().isBefore(pending.at()) ? labelResolved : null;
    }

    /** The latest view that is pending (or not), from the task result's label only, from the controller only, or (null) from either. */
    private static View latest(List<View> views, boolean pending, Boolean label) {
        return views.stream().filter(v -> v.pending() == pending && (label == null || label == v.kind().equals(TASK_RESULT)))
                .max(Comparator.comparing(View::at)).orElse(null);
    }

    /** "; its wait container exited 137 (OOMKilled)", when an export of the Pod says so. */
    private static String waitNote(PodHistory pod) {
        ContainerState wait = pod.latestSnapshot().map(TaskResultNeverSynced::abnormalWait).orElse(null);
        return wait == null ? "" : "; its wait container exited " + wait.exitCode() + (wait.reason().isEmpty() ? "" : " (" + wait.reason() + ")");
    }

    /** The wait container, if it terminated with a non-zero exit code or was OOMKilled. */
    private static ContainerState abnormalWait(PodSnapshot s) {
        return s.containers().stream()
                .filter(c -> "wait".equals(c.name()) && c.terminated() && (!Integer.valueOf(0).equals(c.exitCode()) || "OOMKilled".equals(c.reason())))
                .findFirst().orElse(null);
    }

    /**
     * What each source says of the node's task result, and when.
     *
     * @param pending true: not synced yet; false: synced, completed or forced complete
     * @param what    the words for the report
     */
    private record View(Timestamp at, boolean pending, String kind, String what, SourceRef source, Object cited) {
    }

    private static List<View> views(PodHistory pod, WorkflowHistory workflow, NodeEvents nodes) {
        List<View> views = new ArrayList<>();
        String nodeId = pod.link().nodeId();
        if (workflow != null) {
            for (NodeObservation o : workflow.nodeObservations(nodeId)) {
                if (o.snapshot().observed() == null) {
                    continue;
                }
                Timestamp at = o.snapshot().observed().time();
                Boolean complete = o.snapshot().taskResultsCompletion().get(nodeId);
                if (Boolean.FALSE.equals(o.node().taskResultSynced()) || Boolean.FALSE.equals(complete)) {
                    String what = Boolean.FALSE.equals(o.node().taskResultSynced()) ? "taskResultSynced: false" : "taskResultsCompletionStatus false";
                    views.add(new View(at, true, WORKFLOW, what, o.snapshot().source(), o));
                } else if (o.node().fulfilled() || Boolean.TRUE.equals(complete)) {
                    views.add(new View(at, false, WORKFLOW, "the exported Workflow records the node " + o.node().phase(), o.snapshot().source(), o));
                }
            }
            for (LogEvent e : nodes.of(pod.link())) {
                if (e.event() instanceof TaskResultIncomplete) {
                    views.add(new View(e.time(), true, LOG, "Taskresult of the node not yet completed", e.source(), e));
                } else if (e.event() instanceof TaskResultForced f) {
                    String why = switch (f.why()) {
                        case "wait-exit" -> "the wait container did not exit normally";
                        case "wait-cleaned-up" -> "the wait container had been cleaned up";
                        default -> "the Pod had been deleted for a while";
                    };
                    views.add(new View(e.time(), false, LOG, "the controller marked it complete itself because " + why, e.source(), e));
                }
            }
        }
        for (TaskResultSnapshot t : pod.taskResults()) {
            if (t.observed() == null || t.outputsCompleted() == null) {
                continue;
            }
            boolean pending = "false".equals(t.outputsCompleted());
            views.add(new View(t.observed().time(), pending, TASK_RESULT, "report-outputs-completed: \"" + t.outputsCompleted() + "\"",
                    t.source(), t));
        }
        return views;
    }

    /** When the Pod finished: its containers' last exit in an export, else the node's finishedAt. */
    private record Finished(Timestamp at, String from, PodSnapshot pod) {
    }

    private static Finished finished(PodHistory pod, WorkflowHistory workflow, NodeLink link) {
        for (int i = pod.snapshots().size() - 1; i >= 0; i--) {
            PodSnapshot s = pod.snapshots().get(i);
            if (s.containersFinishedAt().isPresent()) {
                return new Finished(s.containersFinishedAt().get(), "the exported Pod's containers", s);
            }
        }
        if (workflow != null) {
            for (NodeObservation o : workflow.nodeObservations(link.nodeId())) {
                if (o.node().finishedAt() != null) {
                    return new Finished(o.node().finishedAt(), "the node's finishedAt", null);
                }
            }
        }
        return null;
    }

    private Finding finding(Correlation correlation, PodHistory pod, WorkflowHistory workflow, List<View> views, View pending, Finished finished,
                            long nanos) {
        NodeLink link = pod.link();
        Set<String> kinds = new LinkedHashSet<>();
        List<String> said = new ArrayList<>();
        Cite cite = new Cite(correlation);
        List<View> incomplete = views.stream().filter(v -> v.pending() && v.kind().equals(LOG)).toList();
        for (View v : views) {
            if (!v.pending()) {
                continue;
            }
            kinds.add(v.kind());
            if (v.cited() instanceof NodeObservation o) {
                cite.node(o, "exported Workflow: the result not synced");
                said.add(WORKFLOW + " (" + v.what() + " at " + v.at().format() + ")");
            } else if (v.cited() instanceof TaskResultSnapshot t) {
                cite.taskResult(t, "the executor's report, not completed");
                said.add(TASK_RESULT + " (" + v.what() + " at " + v.at().format() + ")");
            }
        }
        if (!incomplete.isEmpty()) {
            cite.line((LogEvent) incomplete.get(0).cited(), "the controller waits for the task result");
            cite.line((LogEvent) incomplete.get(incomplete.size() - 1).cited(), "still waiting");
            said.add(LOG + " (\"Taskresult of the node not yet completed\" " + incomplete.size() + " times, the last at "
                    + incomplete.get(incomplete.size() - 1).at().format() + ")");
        }
        PodSnapshot podExport = finished != null ? finished.pod : pod.latestSnapshot().orElse(null);
        ContainerState wait = podExport == null ? null : abnormalWait(podExport);
        if (podExport != null) {
            cite.pod(podExport, wait != null ? "exported Pod: the wait container did not exit normally" : "exported Pod");
        }

        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("podFinishedAt", "Pod finished at", finished == null ? null : finished.at.format()));
        facts.add(new Fact("finishedFrom", "Finish time from", finished == null ? null : finished.from));
        facts.add(new Fact("pendingAt", "Still not synced at", pending.at().format()));
        facts.add(new Fact("pendingFor", finished != null ? "Not synced after the Pod finished for" : "Not synced for at least",
                GoDuration.format(nanos)));
        facts.add(new Fact("pendingIn", "Seen not synced in", String.join(", ", kinds)));
        ContainerState waitState = wait != null ? wait : podExport == null ? null
                : podExport.containers().stream().filter(c -> "wait".equals(c.name()) && c.terminated()).findFirst().orElse(null);
        facts.add(new Fact("waitContainer", "Wait container", waitState == null ? null
                : "exit " + waitState.exitCode() + (waitState.reason().isEmpty() || "Completed".equals(waitState.reason()) ? "" : " (" + waitState.reason() + ")")));

        Confidence confidence;
        String reason;
        if (kinds.size() >= 2) {
            confidence = Confidence.CONFIRMED;
            List<String> k = new ArrayList<>(kinds);
            reason = String.join(", ", k.subList(0, k.size() - 1)) + " and " + k.get(k.size() - 1) + " agree that the result was not synced";
        } else if (!kinds.contains(LOG)) {
            confidence = Confidence.LIKELY;
            reason = "only " + kinds.iterator().next() + " shows the result not synced";
        } else {
            confidence = Confidence.POSSIBLE;
            reason = "only the controller's debug lines show the result not synced; no export shows its state";
        }
        String summary = "The task result of node " + link.nodeId() + " was still not synced at " + pending.at().format() + ", "
                + GoDuration.format(nanos) + (finished != null ? " after Pod " + pod.key() + " finished" : " after the controller first waited for it")
                + (wait != null ? "; its wait container exited " + wait.exitCode() + (wait.reason().isEmpty() ? "" : " (" + wait.reason() + ")") : "")
                + ".";
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(pod, finished, said, nanos, wait), facts, cite.evidence());
    }

    private String explain(PodHistory pod, Finished finished, List<String> said, long nanos, ContainerState wait) {
        StringBuilder b = new StringBuilder();
        b.append(finished != null ? "Pod " + pod.key() + " finished at " + finished.at.format() + " (" + finished.from + "), but"
                : "The Pod's finish time is not in the evidence, but");
        b.append(" its node's task result was still not synced ").append(GoDuration.format(nanos)).append(" later, longer than the threshold of ")
                .append(GoDuration.format(threshold)).append(": ").append(String.join("; ", said)).append(". ");
        b.append("The executor's wait container reports a step's outputs in a WorkflowTaskResult named after the node and labels it "
                + "workflows.argoproj.io/report-outputs-completed=\"true\" when done. Until the controller sees that, it does not count "
                + "the node as fulfilled: from v3.7.1 the node keeps taskResultSynced=false, the Workflow cannot complete, and the Pod "
                + "keeps its status-capture finalizer. ");
        if (wait != null) {
            b.append("The wait container exited ").append(wait.exitCode()).append(wait.reason().isEmpty() ? "" : " (" + wait.reason() + ")")
                    .append(wait.finishedAt() == null ? "" : " at " + wait.finishedAt().format())
                    .append(": it could not finish the report. From v3.5.11 the controller then marks the result complete itself "
                            + "(\"marking its taskResult as completed since wait container did not exit normally\"); the evidence shows no "
                            + "such line. Give the wait container more memory (the executor's resources in the controller's configuration). ");
        }
        b.append("Upstream: argoproj/argo-workflows#12103, #12993 and #13373.");
        return b.toString();
    }
}
