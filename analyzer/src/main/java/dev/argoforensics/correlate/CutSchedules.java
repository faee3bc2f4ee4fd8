package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code queuing pod delay} line pasted cut short after its delay names no Pod, no action, or a
 * Pod name the cut may have shortened (a bare {@code podName=} that ends the line). The controller
 * logs it and its own {@code queueing pod for cleanup[ after]} line in one call
 * ({@code queuePodForCleanupAfter}): that next line of the same stream, with the same action and
 * within a second, names the Pod and the action whole. Only a name the cut line shows a prefix of (or
 * none) is taken from it; nothing the cut line holds whole is changed.
 */
final class CutSchedules {
    private static final long WITHIN_NANOS = 1_000_000_000L;

    private CutSchedules() {
    }

    static List<LogEvent> complete(List<LogEvent> events) {
        List<LogEvent> out = null;
        Map<Integer, Integer> pending = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            LogEvent e = events.get(i);
            if (e.event() instanceof PodCleanupScheduled s) {
                if (incomplete(e, s)) {
                    pending.put(e.stream(), i);
                } else {
                    pending.remove(e.stream());
                }
            } else if (e.event() instanceof PodCleanupQueued q && q.podRef() != null && q.action() != null) {
                Integer at = pending.remove(e.stream());
                if (at == null) {
                    continue;
                }
                LogEvent se = events.get(at);
                PodCleanupScheduled whole = completion(se, e);
                if (whole == null) {
                    continue;
                }
                if (out == null) {
                    out = new ArrayList<>(events);
                }
                out.set(at, se.withEvent(whole));
            }
        }
        return out == null ? events : out;
    }

    /**
     * The whole event of a cut scheduling line ({@link #incomplete}) from the next queueing line of its stream that names a Pod
     * and an action, or null if that line is not of the same call. One decision for {@link #complete} and {@link PodSlices.Builder}.
     */
    static PodCleanupScheduled completion(LogEvent se, LogEvent e) {
        PodCleanupScheduled s = (PodCleanupScheduled) se.event();
        PodCleanupQueued q = (PodCleanupQueued) e.event();
        long gap = se.time().nanosUntil(e.time());
        String tail = lastBareValue(se.text());
        boolean sameCall = gap >= 0 && gap <= WITHIN_NANOS && agrees(s.action(), q.action(), tail)
                && (s.podRef() == null || agrees(s.podRef().name(), q.podRef().name(), tail))
                && (s.podRef() == null || agrees(s.podRef().namespace(), q.podRef().namespace(), tail));
        return sameCall ? new PodCleanupScheduled(q.podRef(), q.action(), s.delayNanos(), s.delayText(), s.podGC()) : null;
    }

    /**
     * Whether completion may change the names a scheduling line joins (its Pod name): it names none, or its Pod name is the
     * bare value ending the line (which a cut may have shortened). Any other line's names are its own ({@link #agrees}).
     */
    static boolean mayRename(LogEvent e, PodCleanupScheduled s) {
        return s.podRef() == null || s.podRef().name().equals(lastBareValue(e.text()));
    }

    /** The cut line's value agrees with the whole line's: equal, absent, or the bare value ending the line and a prefix of it. */
    private static boolean agrees(String cut, String whole, String tail) {
        return cut == null || cut.equals(whole) || cut.equals(tail) && whole != null && whole.startsWith(cut);
    }

    /** No Pod, namespace or action (the line was cut before them), or a bare value that ends a text line (it may be cut). */
    static boolean incomplete(LogEvent e, PodCleanupScheduled s) {
        if (s.podRef() == null || s.action() == null || s.podRef().namespace() == null) {
            return true;
        }
        return lastBareValue(e.text()) != null;
    }

    /** The bare value of a text record's last {@code key=value} when it ends the line, or null. */
    private static String lastBareValue(String text) {
        String t = text.stripTrailing();
        int space = t.lastIndexOf(' ');
        int eq = t.indexOf('=', space + 1);
        if (t.isEmpty() || t.endsWith("\"") || t.endsWith("}") || eq < 0) {
            return null;
        }
        return t.substring(eq + 1);
    }
}
