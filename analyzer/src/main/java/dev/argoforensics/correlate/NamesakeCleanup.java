package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.LogEvent;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A cleanup item that ran on a Pod although it was queued for an earlier Pod of the same name
 * (upstream argoproj/argo-workflows#8022). Pod names are made from the Workflow's name and the
 * node's, so a Workflow submitted again under the same name makes Pods of the same names; the
 * cleanup queue's key ({@code <ns>/<pod>/<action>}) carries no UID, and the worker acts on whatever
 * Pod of that name it finds: {@code labelPodCompleted} labels the new Pod completed, which drops it
 * from the controller's informer while it runs on; {@code deletePod} deletes it.
 *
 * <p>The controller queues a Pod's cleanup only once its node is fulfilled, so an item that runs
 * after this Pod's {@code Created pod}, that nothing queued since, while no line shows the node
 * completed, is an earlier Pod's: its queueing line comes before the {@code Created pod} (Argo
 * v3.6.5 and later log it), or, where the release logs no queueing lines, an earlier Pod of the name
 * was created.
 *
 * @param action  {@code labelPodCompleted} or {@code deletePod}
 * @param created this Pod's {@code Created pod} line
 * @param ran     the cleanup worker's {@code cleaning up pod} line for the item, after {@code created}
 * @param queued  the item's queueing line, from before {@code created} (null: not logged)
 * @param earlier the earlier Pod's {@code Created pod} line (null: not logged)
 */
public record NamesakeCleanup(String action, LogEvent created, LogEvent ran, LogEvent queued, LogEvent earlier) {

    private static final Set<CleanupAction> ACTIONS = EnumSet.of(CleanupAction.LABEL_POD_COMPLETED, CleanupAction.DELETE_POD);

    /** Whether the item deleted the Pod (rather than labelling it, which leaves it running). */
    public boolean deletes() {
        return CleanupAction.of(action) == CleanupAction.DELETE_POD;
    }

    /**
     * @param all       every line naming the Pod's namespace and name, of every Pod that bore it
     * @param created   the latest {@code Created pod} line for the name (null: none)
     * @param nodeLines the node's operator lines
     */
    static NamesakeCleanup of(PodHistory all, LogEvent created, List<LogEvent> nodeLines) {
        return of(all.events(), created, nodeLines);
    }

    /** As above, from every line of the name up to this Pod's end, in order (the earlier Pods' the lines told apart included). */
    static NamesakeCleanup of(List<LogEvent> lines, LogEvent created, List<LogEvent> nodeLines) {
        if (created == null) {
            return null;
        }
        LogEvent earlier = null;
        Map<String, LogEvent> queuedBefore = new HashMap<>();
        for (LogEvent e : lines) {
            if (!EventOrder.before(e, created)) {
                continue;
            }
            if (e.event() instanceof PodCreated) {
                earlier = e;
            } else if (e.event() instanceof PodCleanupQueued q && ACTIONS.contains(q.cleanup())) {
                queuedBefore.put(q.action(), e);
            }
        }
        if (earlier == null && queuedBefore.isEmpty()) {
            return null; // nothing shows an earlier Pod of this name
        }
        Set<String> queuedSince = new HashSet<>();
        for (LogEvent e : lines) {
            if (!EventOrder.after(e, created)) {
                continue;
            }
            if (e.event() instanceof PodCleanupQueued q) {
                queuedSince.add(q.action());
            } else if (e.event() instanceof PodCleanupStarted s && ACTIONS.contains(s.cleanup()) && !queuedSince.contains(s.action())) {
                LogEvent queued = queuedBefore.get(s.action());
                if (queued == null && earlier == null) {
                    continue;
                }
                // The node completed before the item ran: the controller may have queued it for this Pod (its line cut off).
                return completedBetween(nodeLines, created, e) ? null : new NamesakeCleanup(s.action(), created, e, queued, earlier);
            }
        }
        return null;
    }

    /**
     * The status-capture finalizer's release ({@code removeFinalizer}) as a cleanup item queued for an earlier Pod of the name that ran on
     * this one (session 53): the same reading as {@link #of} for that action, told apart by the lines of an earlier lifetime of the name
     * ({@link Lifetimes}), and stricter, as AF001 clears or leaves undecided by it. The cleanup queue's key
     * ({@code <ns>/<pod>/removeFinalizer}) carries no UID; an item scheduled for its deadline, or failed and put back
     * ({@code AddRateLimited}), whose Pod went meanwhile by another item's patch with no add of the key, runs when it comes due on
     * whatever Pod of the name the informer then holds (client-go keeps one waiting entry per key: a later add moves it earlier and
     * its worker line takes it, session 53 breaker). Shown only where: the earlier Pod's queueing line of the item comes before this
     * Pod's {@code Created pod} in the worker's own stream (a queue is one process's), no worker line of the key took the item after
     * the key's last add there, nothing in that stream queued or scheduled the key since (this Pod's own release logs its {@code queuing pod
     * delay} or queueing line first), and no line shows the node completed in between (the completion queues this Pod's own).
     *
     * @param lines     every line of the name up to this Pod's end, the earlier lifetimes' included, in order
     * @param created   this Pod's {@code Created pod} line
     * @param nodeLines the node's operator lines
     * @return the item, or null where the lines do not show it
     */
    static NamesakeCleanup release(List<LogEvent> lines, LogEvent created, List<LogEvent> nodeLines) {
        if (created == null) {
            return null;
        }
        LogEvent earlier = null;
        Map<Integer, LogEvent> queuedBefore = new HashMap<>();
        // Session 53 breaker: whether an item of the key can still wait in the stream's queue at this Pod's creation. Every release
        // queues with AddRateLimited or AddAfter (never a plain Add: the default rate limiter gives 5 ms at least), so each add goes
        // through client-go's delaying queue, which holds one waiting entry per key (a later add only moves it earlier), and the worker
        // forgets the key after each run: an item is left only where the key's last add (its queueing or scheduling line, or a failed
        // try requeued) came after its last worker line. A worker line after the last add took the only item.
        Set<Integer> waiting = new HashSet<>();
        for (LogEvent e : lines) {
            if (!EventOrder.before(e, created)) {
                continue;
            }
            ControllerEvent ev = e.event();
            if (ev instanceof PodCreated) {
                earlier = e;
            } else if (ev instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                queuedBefore.put(e.stream(), e);
                waiting.add(e.stream());
            } else if (ev instanceof ControllerEvent.PodCleanupScheduled s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                waiting.add(e.stream());
            } else if (ev instanceof PodCleanupStarted s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                waiting.remove(e.stream());
            } else if (ev instanceof ControllerEvent.PodCleanupFailed f && f.cleanup() == CleanupAction.REMOVE_FINALIZER && requeued(f)) {
                waiting.add(e.stream());
            }
        }
        queuedBefore.keySet().retainAll(waiting);
        if (earlier == null || queuedBefore.isEmpty()) {
            return null; // no earlier Pod of this name shown, or none of its releases queued
        }
        Set<Integer> queuedSince = new HashSet<>();
        for (LogEvent e : lines) {
            if (!EventOrder.after(e, created)) {
                continue;
            }
            ControllerEvent ev = e.event();
            if ((ev instanceof ControllerEvent.PodCleanupScheduled s && s.cleanup() == CleanupAction.REMOVE_FINALIZER)
                    || (ev instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.REMOVE_FINALIZER)) {
                queuedSince.add(e.stream());
            } else if (ev instanceof PodCleanupStarted s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                LogEvent queued = queuedBefore.get(e.stream());
                if (queued == null || queuedSince.contains(e.stream())) {
                    return null; // the first worker line of the key after this Pod's creation: this Pod's own item, or not shown stale
                }
                return completedBetween(nodeLines, created, e) ? null : new NamesakeCleanup(s.action(), created, e, queued, earlier);
            }
        }
        return null;
    }

    /**
     * Whether the worker put a failed item back ({@code AddRateLimited}): on a {@code Conflict} or a transient error, not on one the
     * API server refused for good (forbidden, invalid).
     */
    private static boolean requeued(ControllerEvent.PodCleanupFailed f) {
        String error = f.error() == null ? "" : f.error().toLowerCase(java.util.Locale.ROOT);
        return !(error.contains("forbidden") || error.contains("is invalid"));
    }

    private static boolean completedBetween(List<LogEvent> nodeLines, LogEvent from, LogEvent to) {
        for (LogEvent e : nodeLines) {
            ControllerEvent ev = e.event();
            boolean completed = (ev instanceof NodeChanged c && LifecycleBuilder.COMPLETED.contains(c.newPhase()))
                    || (ev instanceof NodePhaseChanged p && LifecycleBuilder.COMPLETED.contains(p.toPhase()));
            if (completed && EventOrder.after(e, from) && EventOrder.notAfter(e, to)) {
                return true;
            }
        }
        return false;
    }
}
