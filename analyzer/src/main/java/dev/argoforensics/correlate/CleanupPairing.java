package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogCoverage.CountedLine;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pod event handler's {@code Removing finalizers during a delete} names no Pod: it belongs to the
 * next scheduling line ({@code queuing pod delay…}) of the same controller stream, both written by one
 * handler call (other workers may log in between). This is the one place that pairs them; the Pod's
 * history holds each paired handler line right before its line, and everything else reads that.
 *
 * <p>Three cases beside the plain one. A handler line whose scheduling line was only counted by a
 * selective read (the reader says where, {@link CountedLine}) is paired with that unseen line: it
 * concerns no Pod of interest and is left out, never paired with a later line of another Pod. A
 * handler line followed, within the handler call, by a removeFinalizer queueing line and no
 * scheduling line is paired with that queueing line (its scheduling line was cut short or left out of
 * an excerpt), unless a scheduling line follows for the handler (a Workflow worker's queueing line for
 * another Pod may come in between). A handler line followed by another handler line first stays
 * unpaired.
 */
final class CleanupPairing {
    /** How long one pod event handler call may take between its first line and its queueing line. */
    static final long HANDLER_CALL_NANOS = 10_000_000L;

    /** The handler line of each scheduling or queueing line paired with one. */
    private final Map<LogEvent, LogEvent> handlerByLine = new IdentityHashMap<>();
    /** Handler lines whose scheduling line was only counted. */
    private final Set<LogEvent> ofUnkeptLines = Collections.newSetFromMap(new IdentityHashMap<>());

    private final Map<Integer, LogEvent> pending = new HashMap<>();
    /** A handler's queueing line seen with no scheduling line yet: taken only if no scheduling line follows for that handler. */
    private final Map<Integer, LogEvent> queuedCandidate = new HashMap<>();

    private CleanupPairing() {
    }

    /**
     * @param events  the kept lines, each stream's in its order
     * @param counted where scheduling lines were only counted ({@link dev.argoforensics.event.LogCoverage#countedSchedules()})
     */
    static CleanupPairing of(List<LogEvent> events, List<CountedLine> counted) {
        CleanupPairing p = new CleanupPairing();
        Map<Integer, List<CountedLine>> countedByStream = new HashMap<>();
        for (CountedLine c : counted) {
            countedByStream.computeIfAbsent(c.stream(), k -> new ArrayList<>()).add(c);
        }
        countedByStream.values().forEach(l -> l.sort(Comparator.comparingLong(CountedLine::ordinal)));
        Map<Integer, Integer> nextCounted = new HashMap<>();
        for (LogEvent e : events) {
            List<CountedLine> unseen = countedByStream.get(e.stream());
            if (unseen != null) {
                int i = nextCounted.getOrDefault(e.stream(), 0);
                for (; i < unseen.size() && unseen.get(i).ordinal() < e.ordinal(); i++) {
                    p.unkeptSchedule(e.stream());
                }
                nextCounted.put(e.stream(), i);
            }
            p.line(e);
        }
        countedByStream.forEach((stream, unseen) -> {
            for (int i = nextCounted.getOrDefault(stream, 0); i < unseen.size(); i++) {
                p.unkeptSchedule(stream);
            }
        });
        for (Integer stream : List.copyOf(p.pending.keySet())) {
            p.settle(stream);
        }
        return p;
    }

    /** The pairs as found on the whole input ({@link ClusterFacts}): each scheduling or queueing line's handler line. */
    static CleanupPairing ofPairs(Map<LogEvent, LogEvent> handlerByLine) {
        CleanupPairing p = new CleanupPairing();
        p.handlerByLine.putAll(handlerByLine);
        return p;
    }

    /** The handler line paired with this scheduling or queueing line, or null. */
    LogEvent handlerOf(LogEvent line) {
        return handlerByLine.get(line);
    }

    /** A handler line whose scheduling line was only counted: it concerns no Pod of interest and is left out. */
    boolean ofUnkeptLine(LogEvent handler) {
        return ofUnkeptLines.contains(handler);
    }

    /** The lines without the handler lines whose scheduling line was only counted (they concern no Pod of interest). */
    List<LogEvent> withoutUnkeptPairs(List<LogEvent> events) {
        return ofUnkeptLines.isEmpty() ? events : events.stream().filter(e -> !ofUnkeptLines.contains(e)).toList();
    }

    private void line(LogEvent e) {
        int stream = e.stream();
        if (e.event() instanceof FinalizersOnDelete) {
            settle(stream);
            pending.put(stream, e);
        } else if (e.event() instanceof PodCleanupScheduled) {
            queuedCandidate.remove(stream);
            LogEvent handler = pending.remove(stream);
            if (handler != null) {
                handlerByLine.put(e, handler);
            }
        } else if (e.event() instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.REMOVE_FINALIZER) {
            LogEvent handler = pending.get(stream);
            if (handler != null && !queuedCandidate.containsKey(stream) && handler.time().nanosUntil(e.time()) >= 0
                    && handler.time().nanosUntil(e.time()) <= HANDLER_CALL_NANOS) {
                queuedCandidate.put(stream, e);
            }
        }
    }

    /** A scheduling line only counted: the waiting handler line is its. */
    private void unkeptSchedule(int stream) {
        queuedCandidate.remove(stream);
        LogEvent handler = pending.remove(stream);
        if (handler != null) {
            ofUnkeptLines.add(handler);
        }
    }

    /** A handler line whose scheduling line never came: paired with its candidate queueing line, if it had one. */
    private void settle(int stream) {
        LogEvent queued = queuedCandidate.remove(stream);
        LogEvent handler = pending.get(stream);
        if (queued != null && handler != null) {
            pending.remove(stream);
            handlerByLine.put(queued, handler);
        }
    }
}
