package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A node's operator lines (from the correlation's {@link dev.argoforensics.correlate.NodeIndex}) and a
 * Workflow's completions, for rules that look at each of a Workflow's Pods.
 */
final class NodeEvents {
    private final Correlation correlation;
    // For the Workflows asked for last (Recent): the rules ask Pod by Pod, a Workflow's Pods together.
    private final Map<WorkflowRef, List<LogEvent>> completions;
    private final Map<WorkflowRef, Derived> taskResults;

    /** A Workflow's task-result lines, and the history they were read from (the table is by name, a history asked for by identity). */
    private record Derived(WorkflowHistory workflow, TaskResultLines lines) {
    }

    /** Where the task-result lines come from when the run of the rules makes them ({@link RuleContext#taskResultLines}); else null. */
    private final Function<WorkflowHistory, TaskResultLines> shared;

    /** Holding what it derives per Workflow for {@code held} Workflows at a time ({@link Recent}). */
    NodeEvents(Correlation correlation, int held) {
        this(correlation, held, null);
    }

    /** As {@link #NodeEvents(Correlation, int)}, the task-result lines read from {@code shared}, made once for every rule. */
    NodeEvents(Correlation correlation, int held, Function<WorkflowHistory, TaskResultLines> shared) {
        this.correlation = correlation;
        this.completions = new Recent<>(held);
        this.taskResults = new Recent<>(held);
        this.shared = shared;
    }

    Correlation correlation() {
        return correlation;
    }

    /** The lines naming the node, in input order. */
    List<LogEvent> of(NodeLink link) {
        return correlation.nodes().of(link);
    }

    /** Which runs led apart from which ({@link dev.argoforensics.correlate.ConcurrentRuns#apartFrom}), found on first need. */
    private dev.argoforensics.correlate.ConcurrentRuns atOnce;
    private Boolean split;

    /**
     * The lines naming the Pod's node written by its own cluster's runs (session 59): without those of the runs apart from the run
     * that created the Pod ({@link dev.argoforensics.correlate.ConcurrentRuns#apartFrom}: another cluster's controller, whose node of
     * the name is its own Workflow's). As {@link #of(NodeLink)} where no run is apart from another, or the creation is not logged.
     */
    List<LogEvent> ofPod(NodeLink link, LogEvent created) {
        List<LogEvent> lines = of(link);
        if (created == null) {
            return lines;
        }
        synchronized (this) {
            if (split == null) {
                atOnce = correlation.runsAtOnce();
                split = atOnce.any();
            }
        }
        if (!split) {
            return lines;
        }
        java.util.Set<Integer> apart = atOnce.apartFrom(created.stream());
        return apart.isEmpty() ? lines : lines.stream().filter(e -> !apart.contains(e.stream())).toList();
    }

    /** The Workflow's {@code Workflow update successful} lines with a completed phase. */
    List<LogEvent> completions(WorkflowRef ref) {
        return completions.computeIfAbsent(ref, r -> correlation.workflow(r).map(WorkflowHistory::events).orElse(List.of()).stream()
                .filter(e -> e.event() instanceof WorkflowUpdated u && u.phase() != null && NodeLines.COMPLETED.contains(u.phase())).toList());
    }

    /**
     * The Workflow's task-result lines ({@link TaskResultLines#of}), read once per Workflow while its Pods are asked about: AF002
     * asks for every Pod, and reading them again per Pod made the first-pass sightings Pods × lines (issue #17, session 38); held
     * for the Workflows asked for last only (session 51: all 26,411 of a busy log's at once, until the evaluation's end). In a run
     * of the rules they come from the run, made once for AF002 and AF006 together (session 61).
     */
    TaskResultLines taskResultLines(WorkflowHistory workflow) {
        if (shared != null) {
            return shared.apply(workflow);
        }
        Derived held = taskResults.get(workflow.ref());
        if (held == null || held.workflow() != workflow) {
            held = new Derived(workflow, TaskResultLines.of(workflow));
            taskResults.put(workflow.ref(), held);
        }
        return held.lines();
    }

    /** The node's history: its own lines, and every export of the Workflow. */
    WorkflowHistory history(NodeLink link) {
        return correlation.workflow(link.workflow()).map(w -> new WorkflowHistory(w.ref(), of(link), w.snapshots())).orElse(null);
    }
}
