package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.OfPod;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.PodRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pod-controller lines of a quoted excerpt whose Pod names the author left out
 * ({@code 16:31:11.257 queuing pod delay ... delay=-1m24.257168224s action=removeFinalizer}): the
 * lifecycle model keys on Pods, so such lines are given a Pod that says what it is, never a made-up
 * name: {@code (name omitted; released at issue.txt:72)} (the file's display path), a text no Kubernetes name can be (it holds
 * spaces and parentheses), with the line of its release.
 *
 * <p>Only the lines of an excerpt (times of day only, {@link dev.argoforensics.time.ZoneBasis#TIME_OF_DAY})
 * are looked at, file by file. Where the nameless lines form <b>a single chain</b> (at most one line of
 * each kind: handler, scheduling, queueing, cleanup, one informer event of each action, every cleanup
 * line of one action) and no line of the excerpt names a Pod, nothing in the excerpt could be another
 * Pod: they are one Pod's lines. Otherwise each nameless scheduling line stands alone, a Pod of its
 * own (its handler line still pairs with it, {@link CleanupPairing}), and the other nameless lines stay
 * unassigned: which Pod a {@code cleaning up pod} or a {@code delete pod event} was about cannot be
 * told.
 */
public final class ElidedNames {
    /** The namespace of such a Pod: the excerpt names none either. */
    static final String NAMESPACE = "(namespace omitted)";
    private static final String PREFIX = "(name omitted; released at ";

    private ElidedNames() {
    }

    /** True for a Pod made here: one whose name an excerpt left out (no line, export or record can name it). */
    public static boolean isElided(String podName) {
        return podName.startsWith(PREFIX);
    }

    static List<LogEvent> assign(List<LogEvent> events) {
        Map<String, List<Integer>> byFile = new LinkedHashMap<>();
        Set<String> named = new HashSet<>();
        Map<String, Integer> handlers = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            LogEvent e = events.get(i);
            if (!e.undated()) {
                continue;
            }
            String file = e.source().file();
            if (e.event() instanceof FinalizersOnDelete) {
                handlers.merge(file, 1, Integer::sum); // names no Pod by design: the pairing gives it its scheduling line's
            } else if (e.event() instanceof OfPod p && p.podRef() != null) {
                named.add(file);
            } else if (nameless(e.event())) {
                byFile.computeIfAbsent(file, k -> new ArrayList<>()).add(i);
            }
        }
        if (byFile.isEmpty()) {
            return events;
        }
        List<LogEvent> out = new ArrayList<>(events);
        byFile.forEach((file, at) -> {
            List<LogEvent> lines = at.stream().map(events::get).toList();
            if (!named.contains(file) && handlers.getOrDefault(file, 0) <= 1 && singleChain(lines)) {
                PodRef pod = placeholder(releaseLine(lines));
                for (int i : at) {
                    out.set(i, named(events.get(i), pod));
                }
            } else {
                for (int i : at) {
                    LogEvent e = events.get(i);
                    if (e.event() instanceof PodCleanupScheduled) {
                        out.set(i, named(e, placeholder(e)));
                    }
                }
            }
        });
        return out;
    }

    /** A Pod line naming no Pod (not the handler line, which pairs with its scheduling line, {@link CleanupPairing}). */
    private static boolean nameless(ControllerEvent ev) {
        return ev instanceof OfPod p && p.podRef() == null
                && (ev instanceof PodCleanupScheduled || ev instanceof PodCleanupQueued || ev instanceof PodCleanupStarted
                || ev instanceof PodCleanupFailed || ev instanceof PodInformerEvent);
    }

    /** At most one line of each kind, every cleanup line of one action: nothing here could be a second Pod. */
    static boolean singleChain(List<LogEvent> lines) {
        Set<String> kinds = new HashSet<>();
        String action = null;
        for (LogEvent e : lines) {
            ControllerEvent ev = e.event();
            String kind = ev.getClass().getSimpleName() + (ev instanceof PodInformerEvent i ? "/" + i.action() : "");
            if (!kinds.add(kind)) {
                return false;
            }
            if (ev instanceof ControllerEvent.Cleanup c && c.action() != null) {
                if (action != null && !action.equals(c.action())) {
                    return false;
                }
                action = c.action();
            }
        }
        return true;
    }

    /** The line that released the finalizer (the cleanup worker's), else the one that scheduled it, else the first. */
    private static LogEvent releaseLine(List<LogEvent> lines) {
        for (LogEvent e : lines) {
            if (e.event() instanceof PodCleanupStarted s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                return e;
            }
        }
        for (LogEvent e : lines) {
            if (e.event() instanceof PodCleanupScheduled) {
                return e;
            }
        }
        return lines.get(0);
    }

    private static PodRef placeholder(LogEvent release) {
        // The whole display path: two excerpts' releases on the same line of same-named files are two Pods.
        return new PodRef(NAMESPACE, PREFIX + release.source() + ")");
    }

    private static LogEvent named(LogEvent e, PodRef pod) {
        ControllerEvent ev = e.event();
        ControllerEvent withPod;
        if (ev instanceof PodCleanupScheduled s) {
            withPod = new PodCleanupScheduled(pod, s.action(), s.delayNanos(), s.delayText(), s.podGC());
        } else if (ev instanceof PodCleanupQueued q) {
            withPod = new PodCleanupQueued(pod, q.action(), q.timing(), q.afterNanos(), q.uid());
        } else if (ev instanceof PodCleanupStarted s) {
            withPod = new PodCleanupStarted(pod, s.action(), s.key());
        } else if (ev instanceof PodCleanupFailed f) {
            withPod = new PodCleanupFailed(pod, f.action(), f.key(), f.error());
        } else if (ev instanceof PodInformerEvent i) {
            withPod = new PodInformerEvent(i.action(), pod);
        } else {
            return e;
        }
        return e.withEvent(withPod);
    }
}
