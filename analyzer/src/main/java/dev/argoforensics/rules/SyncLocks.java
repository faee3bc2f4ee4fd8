package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.Synchronization;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the controller's lines and the Workflow exports say about synchronization locks (AF014): who
 * acquired which lock, who waited for it, what was released, and when each Workflow was completed.
 * Reference lifecycle-and-failures.md B6. What a waiting message says is read by {@link LockWaiting}.
 */
final class SyncLocks {
    static final Set<String> DONE = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");

    final List<Acquisition> acquisitions = new ArrayList<>();
    final List<Wait> waits = new ArrayList<>();
    final List<Release> releases = new ArrayList<>();
    /** {@code Released all acquired locks}, per Workflow name. */
    final Map<String, List<LogEvent>> releasedAll = new HashMap<>();
    /** Every persisted update to Succeeded, Failed or Error, per Workflow name: a retried Workflow completes again. */
    final Map<String, List<LogEvent>> allCompletions = new HashMap<>();
    /** {@code Node … acquired synchronization lock}, per Workflow name. */
    final Map<String, List<LogEvent>> nodeAcquired = new HashMap<>();
    /** {@code Starting Workflow Controller} lines: a new controller rebuilds its locks from the Running Workflows only. */
    final List<LogEvent> starts = new ArrayList<>();
    /** Completed Workflow exports that still list a holder, per lock. */
    final List<ExportedHold> exportedHolds = new ArrayList<>();
    private final Map<String, WorkflowRef> byName = new HashMap<>();

    /** A holder key resolved: the Workflow, and the node for a template-level lock. */
    record Holder(String key, String namespace, String workflow, String nodeId) {
        boolean sameAs(Holder o) {
            return workflow.equals(o.workflow) && Objects.equals(nodeId, o.nodeId)
                    && (namespace == null || o.namespace == null || namespace.equals(o.namespace));
        }

        WorkflowRef ref() {
            return new WorkflowRef(namespace, workflow);
        }
    }

    /** {@code Lock status: n/limit}: n is free slots, or held ones for a database lock. */
    record LockStatus(int count, int limit, boolean database) {
        int held() {
            return database ? count : limit - count;
        }

        String text() {
            return count + "/" + limit + (database ? " (held/limit)" : " (free/limit)");
        }
    }

    /** @param limit the lock's limit as the line gives it, or null */
    record Acquisition(LogEvent line, String lock, Holder holder, Integer limit) {
    }

    /**
     * A Workflow seen waiting for a lock: a log line, or an export.
     *
     * @param lock   null when the line does not say and no message of the Workflow names it
     * @param status null when no message gives it
     */
    record Wait(LogEvent line, WorkflowSnapshot export, Timestamp at, WorkflowRef waiter, String lock, LockStatus status) {
        /**
         * Whether the wait was seen after {@code moment}: a line by its time; an export by its own times or the controller's
         * writes of it (shown), or by a time only its file states, which counts only past what a user's clock may be off and then
         * as likely ({@link ObservedAt#after}).
         */
        ObservedAt.Order after(Timestamp moment) {
            return export != null ? export.observed().after(moment) : at.isAfter(moment) ? ObservedAt.Order.SHOWN : ObservedAt.Order.OPEN;
        }

        /** Whether the wait was seen at least {@code nanos} after {@code moment}, read as {@link #after}. */
        ObservedAt.Order past(Timestamp moment, long nanos) {
            return export != null ? export.observed().after(moment.instant().plusNanos(nanos - 1))
                    : moment.nanosUntil(at) >= nanos ? ObservedAt.Order.SHOWN : ObservedAt.Order.OPEN;
        }
    }

    /** @param lock null when the line does not name it (v4 {@code Lock has been released}) */
    record Release(LogEvent line, String lock, Holder holder) {
    }

    record ExportedHold(WorkflowSnapshot export, String lock, Holder holder) {
    }

    /** A holder of one lock: its first acquisition line and the completed export that still lists it, either may be missing. */
    record Held(Holder holder, Acquisition acquired, ExportedHold exported) {
    }

    static SyncLocks of(Correlation c) {
        return of(c, e -> true);
    }

    /**
     * As {@link #of(Correlation)} from the lines {@code keep} takes only (session 59: one cluster's view, the lines of runs that led
     * at once with its runs under one Lease held twice left out, {@link dev.argoforensics.correlate.ConcurrentRuns#apartFrom}); the
     * exports are every view's (nothing in an export says which cluster it came from).
     */
    static SyncLocks of(Correlation c, java.util.function.Predicate<LogEvent> keep) {
        SyncLocks s = new SyncLocks();
        c.workflows().keySet().forEach(w -> s.byName.merge(w.name(), w, (a, b) -> a.namespace() == null ? b : a));
        Map<String, List<LogEvent>> messages = new HashMap<>();
        List<LogEvent> postponed = new ArrayList<>();
        for (LogEvent e : c.events()) {
            if (!keep.test(e)) {
                continue;
            }
            if (e.event() instanceof WorkflowUpdated u && u.wf() != null && u.phase() != null && DONE.contains(u.phase())) {
                s.allCompletions.computeIfAbsent(u.wf().name(), k -> new ArrayList<>()).add(e);
            } else if (e.event() instanceof NodeMessageChanged m && m.wf() != null) {
                LockWaiting w = LockWaiting.parse(m.message());
                if (w != null) {
                    s.waits.add(new Wait(e, null, e.time(), m.wf(), w.lock(), w.status()));
                }
            } else if (e.event() instanceof ControllerStarted) {
                s.starts.add(e);
            } else if (e.event() instanceof Signal g) {
                s.signal(e, g, messages, postponed);
            }
        }
        messages.replaceAll((wf, lines) -> EventOrder.inTimeOrder(lines));
        for (LogEvent e : postponed) {
            WorkflowRef wf = ((Signal) e.event()).wf();
            LockWaiting w = LockWaiting.nearest(messages.getOrDefault(wf.name(), List.of()), e);
            s.waits.add(new Wait(e, null, e.time(), wf, w == null ? null : w.lock(), w == null ? null : w.status()));
        }
        for (WorkflowHistory h : c.workflows().values()) {
            for (WorkflowSnapshot snap : h.snapshots()) {
                s.export(snap);
            }
        }
        s.inTimeOrder();
        return s;
    }

    /**
     * Every list by time across controller runs, each run's lines in their own order ({@link EventOrder#inTimeOrder}):
     * the input order is file by file, and "the first release after", "the first completion after" or "the next
     * acquisition" taken from it would be whichever run's file was named first. Waits by the time they were seen, lines
     * at one instant in that order, exports after them by file and line.
     */
    private void inTimeOrder() {
        List<Acquisition> a = EventOrder.inTimeOrder(acquisitions, Acquisition::line);
        acquisitions.clear();
        acquisitions.addAll(a);
        List<Release> r = EventOrder.inTimeOrder(releases, Release::line);
        releases.clear();
        releases.addAll(r);
        releasedAll.replaceAll((wf, lines) -> EventOrder.inTimeOrder(lines));
        allCompletions.replaceAll((wf, lines) -> EventOrder.inTimeOrder(lines));
        nodeAcquired.replaceAll((wf, lines) -> EventOrder.inTimeOrder(lines));
        Map<LogEvent, Integer> place = new IdentityHashMap<>();
        for (Wait w : EventOrder.inTimeOrder(waits.stream().filter(w -> w.line() != null).toList(), Wait::line)) {
            place.put(w.line(), place.size());
        }
        waits.sort(Comparator.comparing(Wait::at)
                .thenComparingInt(w -> w.line() == null ? Integer.MAX_VALUE : place.get(w.line()))
                .thenComparing(w -> w.export() == null ? null : w.export().source(), Comparator.nullsFirst(Comparator.naturalOrder())));
    }

    private void signal(LogEvent e, Signal g, Map<String, List<LogEvent>> messages, List<LogEvent> postponed) {
        switch (g.name()) {
            case "lock-acquired" -> {
                Holder h = holder(g.attribute("holder"), g.attribute("lock"));
                if (h != null && g.attribute("lock") != null) {
                    String limit = g.attribute("limit");
                    acquisitions.add(new Acquisition(e, g.attribute("lock"), h, limit == null ? null : Integer.valueOf(limit)));
                }
            }
            case "lock-released" -> {
                Holder h = holder(g.attribute("holder"), g.attribute("lock"));
                if (h != null && g.attribute("lock") == null && !h.key().contains("/")) {
                    // A bare key on a line that names no lock: any namespace's holder of the name (a release clears, so it may
                    // not miss the acquisition's, whose namespace comes from its lock's name).
                    h = new Holder(h.key(), null, h.workflow(), h.nodeId());
                }
                if (h != null) {
                    releases.add(new Release(e, g.attribute("lock"), h));
                }
            }
            case "locks-released-all" -> {
                if (g.wf() != null) {
                    releasedAll.computeIfAbsent(g.wf().name(), k -> new ArrayList<>()).add(e);
                }
            }
            case "lock-acquired-node" -> {
                if (g.wf() != null) {
                    nodeAcquired.computeIfAbsent(g.wf().name(), k -> new ArrayList<>()).add(e);
                }
            }
            case "lock-wait-node" -> {
                if (g.wf() != null && g.attribute("lock") != null) {
                    waits.add(new Wait(e, null, e.time(), g.wf(), g.attribute("lock"), null));
                }
            }
            case "lock-wait-workflow" -> {
                if (g.wf() != null) {
                    postponed.add(e);
                }
            }
            case "workflow-message" -> {
                LockWaiting w = LockWaiting.parse(g.attribute("message"));
                if (g.wf() != null && w != null) {
                    messages.computeIfAbsent(g.wf().name(), k -> new ArrayList<>()).add(e);
                    waits.add(new Wait(e, null, e.time(), g.wf(), w.lock(), w.status()));
                }
            }
            default -> {
            }
        }
    }

    private void export(WorkflowSnapshot snap) {
        Synchronization sync = snap.synchronization();
        WorkflowRef ref = new WorkflowRef(snap.namespace().isEmpty() ? null : snap.namespace(), snap.name());
        // The export's time as it states it, for the wait's place in the list and its wording only: every order a claim rests on
        // reads it through ObservedAt (Wait#after, Wait#past), which counts a stated time only past what a user's clock may be
        // off, and then as likely (session 34: checked, not an exact read).
        Timestamp at = snap.observed() == null ? null : snap.observed().time();
        if (snap.completed()) {
            for (Synchronization.Lock l : sync.holding()) {
                Holder h = holder(l.holder(), l.lock());
                if (h != null && h.workflow().equals(snap.name())) {
                    exportedHolds.add(new ExportedHold(snap, l.lock(), h));
                }
            }
            return;
        }
        if (at == null) {
            return;
        }
        for (Synchronization.Lock l : sync.waiting()) {
            waits.add(new Wait(null, snap, at, ref, l.lock(), null));
        }
        for (NodeStatus n : snap.nodes().values()) {
            LockWaiting w = "Pending".equals(n.phase()) ? LockWaiting.parse(n.message()) : null;
            if (w != null) {
                waits.add(new Wait(null, snap, at, ref, w.lock(), w.status()));
            }
        }
    }

    /**
     * A holder key as written: {@code <ns>/<wf>[/<nodeID>]} from v3.5.11, before that the last element
     * alone, resolved against the Workflows the evidence names (a node ID is {@code <wf>-<digits>}).
     */
    Holder holder(String key) {
        return holder(key, null);
    }

    /**
     * As {@link #holder(String)}, a bare key's namespace taken from the lock's name where it gives one: a Workflow's lock is named
     * in its own namespace ({@code <ns>/ConfigMap/…}, {@code <ns>/Mutex/…}), so a namesake in another namespace is not the holder.
     */
    Holder holder(String key, String lock) {
        if (key == null || key.isEmpty()) {
            return null;
        }
        String[] parts = key.split("/");
        if (parts.length >= 2) {
            return new Holder(key, parts[0], parts[1], parts.length >= 3 ? parts[2] : null);
        }
        String lockNs = lock != null && lock.indexOf('/') > 0 ? lock.substring(0, lock.indexOf('/')) : null;
        WorkflowRef exact = byName.get(key);
        if (exact != null) {
            return new Holder(key, lockNs != null ? lockNs : exact.namespace(), key, null);
        }
        WorkflowRef best = null;
        for (WorkflowRef w : byName.values()) {
            String rest = key.startsWith(w.name() + "-") ? key.substring(w.name().length() + 1) : "";
            if (!rest.isEmpty() && rest.chars().allMatch(Character::isDigit) && (best == null || w.name().length() > best.name().length())) {
                best = w;
            }
        }
        return best == null ? null : new Holder(key, lockNs != null ? lockNs : best.namespace(), best.name(), key);
    }

    /**
     * The holder's Workflow's first completion after the line (its acquisition), by time across runs, or its first at all when
     * {@code after} is null. Not a namesake's in another namespace (session 41 breaker: a CronWorkflow of one name in two
     * namespaces names its runs alike; the completion of the one in {@code reports} made the still running holder in
     * {@code staging} a finished Workflow holding its lock, likely): a completion whose namespace and the holder's are both known
     * and differ is another Workflow's.
     */
    LogEvent completionAfter(Holder holder, LogEvent after) {
        for (LogEvent e : allCompletions.getOrDefault(holder.workflow(), List.of())) {
            String ns = e.event() instanceof WorkflowUpdated u && u.wf() != null ? u.wf().namespace() : null;
            if (ns != null && holder.namespace() != null && !ns.equals(holder.namespace())) {
                continue;
            }
            // Another run's completion counts when certainly after: one too close to tell would report on a guess.
            if (after == null || EventOrder.after(e, after)) {
                return e;
            }
        }
        return null;
    }

    /** The lock's limit: 1 for a mutex, else as an acquisition line or a waiting message gives it; null if unknown. */
    Integer limit(String lock) {
        if (lock.contains("/Mutex/")) {
            return 1;
        }
        for (Acquisition a : acquisitions) {
            if (a.lock().equals(lock) && a.limit() != null) {
                return a.limit();
            }
        }
        return waits.stream().filter(w -> lock.equals(w.lock()) && w.status() != null).map(w -> w.status().limit()).findFirst().orElse(null);
    }

    /**
     * Whether the wait was logged by a controller run that started after {@code t}: a controller that
     * (re)started rebuilds its locks from the Workflows labelled Running, so a completed holder holds
     * nothing there. Only the run that logged the wait counts (a start banner opens a run of its own,
     * so the banner and the wait share a stream); another controller's start, in another cluster or
     * namespace set, says nothing of this one. Database locks live outside the controller.
     */
    boolean loggedAfterRestart(Wait w, Timestamp t, String lock) {
        if (lock.contains("/Database/") || w.line() == null) {
            return false;
        }
        return starts.stream().anyMatch(e -> e.stream() == w.line().stream() && e.time().isAfter(t) && !w.at().isBefore(e.time()));
    }

    /** Every lock any line or export names, in name order. */
    Set<String> locks() {
        Set<String> out = new TreeSet<>();
        acquisitions.forEach(a -> out.add(a.lock()));
        waits.stream().filter(w -> w.lock() != null).forEach(w -> out.add(w.lock()));
        exportedHolds.forEach(h -> out.add(h.lock()));
        return out;
    }
}
