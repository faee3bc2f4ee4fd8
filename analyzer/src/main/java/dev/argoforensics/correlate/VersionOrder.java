package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one Workflow's resource versions say of the real order of two controller runs' lines, whatever their clocks: derived once
 * from the lines of the Workflow, each run's in its own order. A version is opaque (only equality is used, never its number).
 *
 * <ul>
 * <li>A run wrote version V ({@code Workflow update successful resourceVersion=V}) and another run then read V
 * ({@code Processing workflow} with V): the write came before the read; a controller's informer holds only what was written.</li>
 * <li>A run read V and its next update of the Workflow succeeded with nothing in between (no refused or re-applied update): the
 * update was applied on V (the controller updates with the version it read as the precondition, so the object was still at V
 * then). Only the update of the reconcile that logged the read: each reconcile reads the informer anew, and some reconciles
 * update with no Processing line of their own. Another run that read V and whose next update was refused as stale
 * ({@code Conflict}) was refused at a moment the object had moved past V: after the first run's update, the only one applied on
 * V.</li>
 * </ul>
 *
 * <p>Each line is logged after its API call returned, so the write's line may come up to the call's room
 * ({@link HandOvers#CALLS_NANOS}) after the write itself; each line's time is truncated to its precision. Hence
 * {@link #bounds}: how far one run's clock may be ahead of the other's, as these orders bound it, like
 * {@link HandOvers#skew} does from a Lease hand-over. A rollout with leader election off (the new Pod started only after the
 * old one stopped) gives orders one way only (the new run read what the old one wrote), which bound the new clock from above
 * alone; two controllers at once read each other's writes and refuse each other's updates, both ways.
 */
public final class VersionOrder {
    private VersionOrder() {
    }

    /**
     * Reconciles that update the Workflow with no {@code Processing workflow} line first (processNextItem: the offloaded nodes not
     * found, postponed by the parallelism limit, or, session 41, a Workflow that does not unmarshal): their update's precondition
     * is the informer's version then, unknown here.
     */
    private static final Set<String> RECONCILE_WITHOUT_READ = Set.of("hydration-failed", "parallelism-postponed", "unmarshal-failed");

    /** Line {@code earlier} (less the call's room) came before line {@code later} in real time; they are of different runs. */
    public record Before(LogEvent earlier, LogEvent later) {
    }

    /** A Workflow update refused as stale: {@code reason=Conflict}, or "the object has been modified". */
    public static boolean refused(LogEvent e) {
        if (!(e.event() instanceof Signal s) || !"workflow-update-error".equals(s.name())) {
            return false;
        }
        String error = s.attribute("error");
        return "Conflict".equals(s.attribute("reason")) || (error != null && error.contains("the object has been modified"));
    }

    /** The orders the versions give between lines of different runs about one Workflow ({@code lines}: any order). */
    public static List<Before> of(List<LogEvent> lines) {
        List<LogEvent> byOrdinal = new ArrayList<>(lines);
        byOrdinal.sort(Comparator.comparingLong(LogEvent::ordinal));
        Map<String, List<LogEvent>> written = new HashMap<>();
        Map<String, List<LogEvent>> read = new HashMap<>();
        Map<String, List<LogEvent>> applied = new HashMap<>();
        Map<String, List<LogEvent>> refusedOn = new HashMap<>();
        Map<Integer, String> current = new HashMap<>(); // per run: the version its next update has as precondition, if known
        for (LogEvent e : byOrdinal) {
            int run = e.stream();
            if (e.event() instanceof WorkflowProcessing p && p.resourceVersion() != null && !p.resourceVersion().isEmpty()) {
                current.put(run, p.resourceVersion());
                read.computeIfAbsent(p.resourceVersion(), k -> new ArrayList<>()).add(e);
            } else if (e.event() instanceof WorkflowUpdated u) {
                String on = current.get(run);
                if (on != null) {
                    applied.computeIfAbsent(on, k -> new ArrayList<>()).add(e);
                }
                String rv = u.resourceVersion() == null || u.resourceVersion().isEmpty() ? null : u.resourceVersion();
                if (rv != null) {
                    written.computeIfAbsent(rv, k -> new ArrayList<>()).add(e);
                }
                // One update per reconcile (persistUpdates, deferred in operate): the next update is another reconcile's, applied on
                // what that one read. A reconcile that logs no Processing line (hydration failed, postponed, a Workflow that does not
                // unmarshal) updates on whatever the informer then held, not on this version.
                current.remove(run);
            } else if (e.event() instanceof Signal s && RECONCILE_WITHOUT_READ.contains(s.name())) {
                current.remove(run); // a reconcile that reads no version in the lines, and may update on one not read here
            } else if (e.event() instanceof Signal s && (s.name().equals("workflow-update-error") || s.name().startsWith("update-reapply"))) {
                String on = current.remove(run); // after a refusal or a re-applied update the precondition is no longer known
                if (on != null && refused(e)) {
                    refusedOn.computeIfAbsent(on, k -> new ArrayList<>()).add(e);
                }
            }
        }
        List<Before> out = new ArrayList<>();
        pairs(written, read, out);
        pairs(applied, refusedOn, out);
        return out;
    }

    /**
     * The orders {@link #bounds} can use, per version and per two runs: only the latest line of the one and the soonest (with its
     * room) of the other, which give the tightest bound of all their pairs (a version read on every requeue, lines of a pass
     * repeated: each pair would make the cost grow with the square of a Workflow's lines; RuleVisitsLinearTest).
     */
    private static void pairs(Map<String, List<LogEvent>> first, Map<String, List<LogEvent>> then, List<Before> out) {
        first.keySet().stream().sorted().forEach(v -> {
            List<LogEvent> ys = then.get(v);
            if (ys == null) {
                return;
            }
            Map<Integer, LogEvent> latest = new java.util.TreeMap<>();
            for (LogEvent x : first.get(v)) {
                latest.merge(clazz(x), x, (a, b) -> b.time().compareInstant(a.time()) > 0 ? b : a);
            }
            Map<Integer, LogEvent> soonest = new java.util.TreeMap<>();
            for (LogEvent y : ys) {
                soonest.merge(clazz(y), y, (a, b) -> reach(b, a) < 0 ? b : a);
            }
            latest.forEach((cx, x) -> soonest.forEach((cy, y) -> {
                if (x.stream() != y.stream() && x.time().comparable(y.time())) {
                    out.add(new Before(x, y));
                }
            }));
        });
    }

    /** A run's lines and whether their times are dated: only lines of one class compare (Timestamp.comparable). */
    private static int clazz(LogEvent e) {
        return e.stream() * 2 + (e.time().undated() ? 1 : 0);
    }

    /** {@code (b + room(b)) − (a + room(a))}'s sign: b's time with its room is sooner than a's when negative (one class). */
    private static long reach(LogEvent b, LogEvent a) {
        long gap = a.time().nanosUntil(b.time()); // b − a
        return Long.signum(gap) == Long.signum(room(b.time()) - room(a.time())) ? Long.signum(gap)
                : Long.compare(gap, room(a.time()) - room(b.time()));
    }

    /**
     * How far run {@code y}'s clock is ahead of run {@code x}'s (negative: behind) as {@code orders} bound it: {@code [least,
     * most]}, {@link Long#MIN_VALUE} or {@link Long#MAX_VALUE} where nothing bounds it that way. A line e of x before a line f of
     * y makes y's clock ahead by less than {@code f − e} plus the call's room and f's precision; the other way round, by more.
     */
    public static long[] bounds(List<Before> orders, int x, int y) {
        long least = Long.MIN_VALUE;
        long most = Long.MAX_VALUE;
        for (Before b : orders) {
            LogEvent e = b.earlier();
            LogEvent f = b.later();
            if (e.stream() == x && f.stream() == y) {
                most = Math.min(most, e.time().nanosUntil(f.time()) + room(f.time()));
            } else if (e.stream() == y && f.stream() == x) {
                least = Math.max(least, -(e.time().nanosUntil(f.time()) + room(f.time()))); // x's clock ahead by less than f − e
            }
        }
        return new long[] {least, most};
    }

    private static long room(Timestamp later) {
        return HandOvers.CALLS_NANOS + later.precision().windowNanos();
    }
}
