package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
 */
final class WorkflowWrites {
    private WorkflowWrites() {
    }

    /**
     * @param exports the Workflow's exports
     * @param lines   the Workflow's lines, by time ({@link EventOrder#merged})
     * @return the exports, those the logs date by their resourceVersion placed at that write, earliest first
     */
    static List<WorkflowSnapshot> placed(List<WorkflowSnapshot> exports, List<LogEvent> lines) {
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
        List<WorkflowSnapshot> out = new ArrayList<>(exports.size());
        boolean moved = false;
        for (WorkflowSnapshot w : exports) {
            WorkflowSnapshot p = place(w, updates);
            moved |= p != w;
            out.add(p);
        }
        if (!moved) {
            return exports;
        }
        out.sort(Comparator.comparing(WorkflowSnapshot::observed, Comparator.nullsFirst(Comparator.comparing(ObservedAt::time))));
        return List.copyOf(out);
    }

    private static WorkflowSnapshot place(WorkflowSnapshot w, List<LogEvent> updates) {
        String rv = w.resourceVersion().trim();
        if (rv.isEmpty() || w.fromArgoGetText()) {
            return w;
        }
        for (int i = 0; i < updates.size(); i++) {
            LogEvent u = updates.get(i);
            if (rv.equals(((WorkflowUpdated) u.event()).resourceVersion().trim())) {
                LogEvent next = null;
                for (int j = i + 1; j < updates.size() && next == null; j++) {
                    LogEvent n = updates.get(j);
                    if (!rv.equals(((WorkflowUpdated) n.event()).resourceVersion().trim()) && !n.time().isBefore(u.time())) {
                        next = n;
                    }
                }
                return w.withObserved(ObservedAt.written(u.time(), rv, u.source(), next == null ? null : next.time(), w.observed()));
            }
        }
        return w;
    }
}
