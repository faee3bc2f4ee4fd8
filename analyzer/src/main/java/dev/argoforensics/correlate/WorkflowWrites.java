package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Workflow exports placed on the controller's clock by the write of the resourceVersion they show. The controller logs
 * {@code Workflow update successful} with the resourceVersion the API server gave its write (v3 and v4 alike); an export
 * showing that version shows the status the controller stored then, and was taken before the object's next write (the
 * controller's next update, or anyone else's, which the controller does not log): it sits between that update and the
 * next. Ordered that way against the controller's own lines, its status no longer depends on the clock that stamped the
 * export ({@code # taken-at:}, {@code --snapshot-time}, or the times inside it, the API server's), which may run minutes
 * ahead of or behind the controller's. An export whose version no logged update wrote (the logs do not reach it, or
 * another writer's: a label, a deletion) keeps its own time; so does every Pod export, whose resourceVersion the
 * controller never logs. Derived once, here; rules and the timeline read the placed exports.
 *
 * <p>A resourceVersion is a number of one cluster's etcd, not of the world: another cluster's controller, running the same
 * pipeline under the same Workflow name, logs writes of its own object whose numbers may be the export's (session 37). A write
 * dates the export only where its run worked the exported object: the run is tied to the export's UID (it logged lines of a Pod
 * whose export names that UID as its owner, and no other run so tied wrote about the name at the same time), or no other run
 * wrote about the Workflow's name at the same time as it ({@link PhaseHistory#concurrentStreams}: a restart's or a hand-over's
 * runs follow one another). Writes of the number by two runs are two stores' (one store gives a number once): neither dates
 * it unless the UID picks one. A write whose logged phase is not the export's phase is not the write of the version it shows.
 * Otherwise the export keeps its own time. Another installation's run of another time (not overlapping this one) that happens
 * to write the number is refused where the times the controller stamps into the status say the run did not hold that copy then
 * ({@link #notHeldBy}, session 38: a node started after the write, or initialized by the run at another time than the export
 * says). Limit: such a run later than the export's object, which logs no initialization of its nodes, still dates the export:
 * the lines carry no UID of the Workflow to refuse it by. Nor does the tie:
 * a run is tied to the UID through a Pod's name (its lines name the Pod, not its owner), and another cluster's run of the same
 * pipeline names Pods of the same names, so it is tied too (session 37 recheck; harmless within one cluster, whose etcd gives a
 * number once).
 */
final class WorkflowWrites {
    private WorkflowWrites() {
    }

    /**
     * @param exports the Workflow's exports
     * @param lines   the Workflow's lines, by time ({@link EventOrder#merged})
     * @param runsOfOwner the runs (streams) that logged lines of a Pod whose export names the Workflow UID as its owner, by UID
     * @return the exports, those the logs date by their resourceVersion placed at that write, earliest first
     */
    static List<WorkflowSnapshot> placed(List<WorkflowSnapshot> exports, List<LogEvent> lines, Map<String, Set<Integer>> runsOfOwner) {
        if (exports.isEmpty()) {
            return exports;
        }
        List<LogEvent> updates = new ArrayList<>();
        for (LogEvent e : lines) {
            if (e.event() instanceof WorkflowUpdated u && u.resourceVersion() != null && !u.resourceVersion().isBlank()
                    && e.time() != null && !e.time().undated()) {
                updates.add(e);
            }
        }
        if (updates.isEmpty()) {
            return exports;
        }
        Set<Integer> concurrent = PhaseHistory.concurrentStreams(lines);
        NodeInitializations initializations = NodeInitializations.of(lines);
        List<WorkflowSnapshot> out = new ArrayList<>(exports.size());
        boolean moved = false;
        for (WorkflowSnapshot w : exports) {
            WorkflowSnapshot p = place(w, updates, runsOf(w, lines, runsOfOwner), concurrent, initializations);
            moved |= p != w;
            out.add(p);
        }
        if (!moved) {
            return exports;
        }
        out.sort(Comparator.comparing(WorkflowSnapshot::observed, Comparator.nullsFirst(Comparator.comparing(ObservedAt::time))));
        return List.copyOf(out);
    }

    /**
     * The runs tied to the export's object by its UID, where they decide: none of them wrote about the name at the same time as
     * another of them (two runs so tied at once, two controllers or two clusters' Pods of one name, tell nothing apart). Empty
     * where nothing ties a run.
     */
    private static Set<Integer> runsOf(WorkflowSnapshot w, List<LogEvent> lines, Map<String, Set<Integer>> runsOfOwner) {
        Set<Integer> tied = w.uid() == null || w.uid().isEmpty() ? Set.of() : runsOfOwner.getOrDefault(w.uid(), Set.of());
        if (tied.size() < 2) {
            return tied;
        }
        List<LogEvent> theirs = lines.stream().filter(e -> tied.contains(e.stream())).toList();
        return PhaseHistory.concurrentStreams(theirs).isEmpty() ? tied : Set.of();
    }

    private static WorkflowSnapshot place(WorkflowSnapshot w, List<LogEvent> updates, Set<Integer> tied, Set<Integer> concurrent,
            NodeInitializations initializations) {
        String rv = w.resourceVersion().trim();
        if (rv.isEmpty() || w.fromArgoGetText()) {
            return w;
        }
        String phase = w.phase() == null ? "" : w.phase().trim();
        // The writes of the number that may be the export's: of its phase, by a run that worked the exported object.
        Set<Integer> writers = new TreeSet<>();
        LogEvent write = null;
        for (LogEvent u : updates) {
            WorkflowUpdated wu = (WorkflowUpdated) u.event();
            if (!rv.equals(wu.resourceVersion().trim())) {
                continue;
            }
            String logged = wu.phase() == null ? "" : wu.phase().trim();
            if (!phase.isEmpty() && !logged.isEmpty() && !phase.equals(logged)) {
                continue;
            }
            if (notHeldBy(w, u.stream(), u.time(), initializations)) {
                continue;
            }
            if (tied.contains(u.stream()) || (!concurrent.contains(u.stream()) && (tied.isEmpty() || !anyWrite(updates, rv, tied)))) {
                writers.add(u.stream());
                write = write == null ? u : write;
            }
        }
        if (write == null || writers.size() > 1) {
            return w;
        }
        LogEvent next = null;
        for (int j = updates.indexOf(write) + 1; j < updates.size() && next == null; j++) {
            LogEvent n = updates.get(j);
            if (!rv.equals(((WorkflowUpdated) n.event()).resourceVersion().trim()) && !n.time().isBefore(write.time())) {
                next = n;
            }
        }
        return w.withObserved(ObservedAt.written(write.time(), rv, write.source(), next == null ? null : next.time(), w.observed()));
    }

    /**
     * Whether the export's status cannot be the copy of the Workflow that run {@code stream} held at {@code at} (its write of the
     * export's resourceVersion, or a reconcile whose {@code Processing workflow} names it), by the times the controller itself
     * stamps into the status (session 38). A node's {@code startedAt} is the controller's clock when it initialized the node
     * ({@code initializeNode}, v3 and v4), and it logs that at once ({@code <Type> node <id> initialized <phase>}, Info; {@code node
     * initialized} in v4's format). So the copy the run held at {@code at} holds no node started after {@code at} (beyond
     * {@link DeletionBounds#CROSS_CLOCK_NANOS}, another replica's clock); and a node the same run initialized before {@code at}
     * (node IDs come from the Workflow's name and the node's name, so another installation's run of the same pipeline initializes
     * the same IDs) was initialized at its {@code startedAt} by one of its lines, within the same bound (a pass whose write failed
     * initializes it again later, so any one of them will do). Where neither holds, the run worked another object of the name:
     * another installation's, whose etcd gave the same number (resourceVersions are per etcd), at another time than this one's run.
     * Nothing is said where the export's nodes carry no time, or the run neither logged their initialization nor held the copy
     * before they were started (a limit: another installation's run later than this one's that logs no initialization of them).
     * The Workflow's initialization lines are looked up by node ID ({@link NodeInitializations}, session 57), not walked per node.
     */
    static boolean notHeldBy(WorkflowSnapshot w, int stream, Timestamp at, NodeInitializations initializations) {
        if (at == null || at.undated()) {
            return false;
        }
        for (NodeStatus n : w.nodes().values()) {
            Timestamp started = n.startedAt();
            if (started == null || started.undated() || !started.comparable(at)) {
                continue;
            }
            if (at.nanosUntil(started) > DeletionBounds.CROSS_CLOCK_NANOS) {
                return true;
            }
            boolean initialized = false;
            boolean atStarted = false;
            for (LogEvent e : initializations.of(n.id())) {
                if (e.stream() == stream && e.time() != null
                        && e.time().comparable(started) && !e.time().isAfter(at)) {
                    initialized = true;
                    long gap = started.nanosUntil(e.time());
                    atStarted |= gap >= -DeletionBounds.CROSS_CLOCK_NANOS && gap <= DeletionBounds.CROSS_CLOCK_NANOS;
                }
            }
            if (initialized && !atStarted) {
                return true;
            }
        }
        return false;
    }

    /** Whether a run tied to the export's object logged a write of the number. */
    private static boolean anyWrite(List<LogEvent> updates, String rv, Set<Integer> tied) {
        return updates.stream().anyMatch(u -> tied.contains(u.stream()) && rv.equals(((WorkflowUpdated) u.event()).resourceVersion().trim()));
    }
}
