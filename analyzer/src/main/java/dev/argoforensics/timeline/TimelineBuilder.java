package dev.argoforensics.timeline;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Rebuilds one Pod's story from every source: the lines naming it, its node's and its Workflow's
 * operator lines, controller restarts within its span, and what each export of the Pod and of its
 * Workflow shows.
 *
 * <p>Order: by time; equal times keep log lines in input order and put exports after log lines, by
 * file and line. Entries whose precision windows overlap are flagged concurrent, never "before".
 */
public final class TimelineBuilder {
    private static final Comparator<Item> ORDER = Comparator
            .comparing((Item i) -> i.entry.time().instant())
            .thenComparingLong(i -> i.ordinal)
            .thenComparing(i -> i.entry.source());

    private final Correlation correlation;

    public TimelineBuilder(Correlation correlation) {
        this.correlation = correlation;
    }

    public Timeline build(PodHistory pod) {
        List<Item> items = new ArrayList<>();
        Set<LogEvent> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (LogEvent e : pod.events()) {
            addLog(items, seen, e);
        }
        NodeLink link = pod.link();
        WorkflowHistory wf = link == null ? null : correlation.workflow(link.workflow()).orElse(null);
        if (wf != null) {
            for (LogEvent e : wf.events()) {
                if (aboutNode(e.event(), link) || isWorkflowLevel(e.event())) {
                    addLog(items, seen, e);
                }
            }
        }
        addControllerLifecycle(items, seen);
        Set<String> dedupe = new HashSet<>();
        for (PodSnapshot s : pod.snapshots()) {
            addPodSnapshot(items, dedupe, s);
        }
        if (wf != null) {
            for (WorkflowSnapshot s : wf.snapshots()) {
                s.node(link.nodeId()).ifPresent(n -> addNode(items, dedupe, s, n));
            }
        }
        items.sort(ORDER);
        List<TimelineEntry> entries = new ArrayList<>(items.size());
        TimelineEntry previous = null;
        for (Item i : items) {
            TimelineEntry e = i.entry;
            if (previous != null) {
                e = e.withConcurrent(e.time().isConcurrentWith(previous.time()));
            }
            entries.add(e);
            previous = e;
        }
        return new Timeline(pod.key(), pod.uid(), link, entries);
    }

    private static boolean aboutNode(ControllerEvent e, NodeLink link) {
        return e.nodeId().map(link.nodeId()::equals).orElse(false)
                || (link.nodeName() != null && e.nodeName().map(link.nodeName()::equals).orElse(false));
    }

    private static boolean isWorkflowLevel(ControllerEvent e) {
        return e instanceof ControllerEvent.WorkflowProcessing || e instanceof ControllerEvent.WorkflowUpdated
                || e instanceof ControllerEvent.TaskResultReconciliation;
    }

    /** Controller starts and worker numbers between the Pod's first and last log line. */
    private void addControllerLifecycle(List<Item> items, Set<LogEvent> seen) {
        Timestamp first = null;
        Timestamp last = null;
        for (Item i : items) {
            Timestamp t = i.entry.time();
            first = first == null || t.compareTo(first) < 0 ? t : first;
            last = last == null || t.compareTo(last) > 0 ? t : last;
        }
        if (first == null) {
            return;
        }
        for (LogEvent e : correlation.events()) {
            boolean lifecycle = e.event() instanceof ControllerEvent.ControllerStarted || e.event() instanceof ControllerEvent.WorkerNumbers;
            if (lifecycle && !e.time().instant().isBefore(first.instant()) && !e.time().instant().isAfter(last.instant())) {
                addLog(items, seen, e);
            }
        }
    }

    private void addLog(List<Item> items, Set<LogEvent> seen, LogEvent e) {
        if (seen.add(e)) {
            String kind = "log:" + (e.catalogId() != null ? e.catalogId() : "other");
            items.add(new Item(new TimelineEntry(e.time(), e.source(), kind, e.text(), false, false, correlation.process(e).label()),
                    e.ordinal()));
        }
    }

    private static void addPodSnapshot(List<Item> items, Set<String> dedupe, PodSnapshot s) {
        SourceRef src = s.source();
        add(items, dedupe, s.creationTimestamp(), src, "pod:created", "Pod " + s.name() + " created (uid " + s.uid() + ")", false);
        for (ContainerState c : s.containers()) {
            String which = (c.init() ? "init container " : "container ") + c.name();
            add(items, dedupe, c.startedAt(), src, "pod:container-started", which + " started", false);
            if (c.terminated()) {
                add(items, dedupe, c.finishedAt(), src, "pod:container-finished",
                        which + " terminated: exit code " + c.exitCode() + (c.reason().isEmpty() ? "" : " (" + c.reason() + ")"), false);
            }
        }
        for (PodCondition c : s.conditions()) {
            add(items, dedupe, c.lastTransitionTime(), src, "pod:condition", "condition " + c.type() + "=" + c.status(), false);
        }
        add(items, dedupe, s.deletionTimestamp(), src, "pod:deletion-requested",
                "deletion requested; finalizers " + s.finalizers(), false);
        if (s.observed() != null) {
            add(items, dedupe, s.observed().time(), src, "pod:exported",
                    "Pod exported: phase " + s.phase() + ", finalizers " + s.finalizers(), s.observed().lowerBound());
        }
    }

    private static void addNode(List<Item> items, Set<String> dedupe, WorkflowSnapshot s, NodeStatus n) {
        SourceRef src = s.source();
        add(items, dedupe, n.startedAt(), src, "node:started", "node " + n.id() + " started", false);
        if (n.finishedAt() != null) {
            add(items, dedupe, n.finishedAt(), src, "node:finished",
                    "node " + n.id() + " finished " + n.phase() + (n.message().isEmpty() ? "" : ": " + n.message()), false);
        }
        String synced = n.taskResultSynced() == null ? "" : ", taskResultSynced=" + n.taskResultSynced();
        if (s.observed() != null) {
            add(items, dedupe, s.observed().time(), src, "node:exported", "Workflow exported: node " + n.id() + " " + n.phase()
                    + (n.message().isEmpty() ? "" : " (" + n.message() + ")") + synced, s.observed().lowerBound());
        }
    }

    private static void add(List<Item> items, Set<String> dedupe, Timestamp t, SourceRef src, String kind, String text, boolean lowerBound) {
        if (t == null) {
            return;
        }
        // Several exports repeat the same facts (a container's exit): keep the first export's entry.
        String fingerprint = kind + '|' + t.instant() + '|' + text;
        if (dedupe.add(fingerprint)) {
            items.add(new Item(new TimelineEntry(t, src, kind, text, lowerBound, false, null), Long.MAX_VALUE));
        }
    }

    /** An entry with its tie-break: log lines by input ordinal, exports after them. */
    private record Item(TimelineEntry entry, long ordinal) {
    }
}
