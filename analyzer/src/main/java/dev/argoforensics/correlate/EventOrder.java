package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Order between log events. Within one stream the input order is the truth (one process wrote the
 * lines in that order); across streams only non-overlapping time windows order two events.
 */
public final class EventOrder {
    private EventOrder() {
    }

    /** Certainly before. */
    public static boolean before(LogEvent a, LogEvent b) {
        if (a.stream() == b.stream()) {
            return a.ordinal() < b.ordinal();
        }
        return a.time().isBefore(b.time());
    }

    /** Before, or too close in time to tell (different streams, overlapping windows). */
    public static boolean notAfter(LogEvent a, LogEvent b) {
        if (a.stream() == b.stream()) {
            return a.ordinal() < b.ordinal();
        }
        return !b.time().isBefore(a.time());
    }

    /** Certainly after. */
    public static boolean after(LogEvent a, LogEvent b) {
        return before(b, a);
    }

    /** After, or too close in time to tell (different streams, overlapping windows). */
    public static boolean notBefore(LogEvent a, LogEvent b) {
        return notAfter(b, a);
    }

    /**
     * {@link #merged} of lines given in any order (several lists put together, a map's values): each stream's lines are put
     * back in their input order first, so what comes out depends on the lines, not on the order they were collected in.
     */
    public static <T> List<T> inTimeOrder(Collection<T> items, Function<T, LogEvent> line) {
        List<T> byOrdinal = new ArrayList<>(items);
        byOrdinal.sort(Comparator.comparingLong(t -> line.apply(t).ordinal()));
        return merged(byOrdinal, line);
    }

    /** {@link #inTimeOrder(Collection, Function)} of lines. */
    public static List<LogEvent> inTimeOrder(Collection<LogEvent> lines) {
        return inTimeOrder(lines, Function.identity());
    }

    /**
     * Sorted by instant, lines at one instant in their {@link #inTimeOrder} order (one run's in input order; two runs' as the
     * merge placed them, which is by their text and file names where nothing else decides): what a sort by instant, then
     * ordinal, gave, but for two runs' lines at one instant, which went by reading order.
     */
    public static List<LogEvent> byInstant(Collection<LogEvent> lines) {
        List<LogEvent> out = new ArrayList<>(inTimeOrder(lines));
        out.sort(LogEvent::compareInstant);
        return out;
    }

    /** The earliest of the lines by {@link #inTimeOrder}, or null if there is none. */
    public static LogEvent earliest(Collection<LogEvent> lines) {
        return lines.isEmpty() ? null : inTimeOrder(lines).get(0);
    }

    /** The latest of the lines by {@link #inTimeOrder}, or null if there is none. */
    public static LogEvent latest(Collection<LogEvent> lines) {
        List<LogEvent> ordered = inTimeOrder(lines);
        return ordered.isEmpty() ? null : ordered.get(ordered.size() - 1);
    }

    /**
     * The lines in time order across streams, each stream's lines in the order the list gives them (one process wrote them
     * in that order, whatever their clocks say): a merge of the streams by the time of each one's next line. Input order
     * (file by file) is not time order when several controller runs wrote about the same Pod or Workflow; a reader taking
     * "the first" or "the last" of such a list then takes whichever file was read first. Two streams' lines at the same
     * instant go by their text, then their files' names (not the folders, not the reading order), then by stream: only the
     * same record at the same instant in two files of the same name still goes by reading order. One stream: the list itself.
     */
    public static List<LogEvent> merged(List<LogEvent> lines) {
        return merged(lines, Function.identity());
    }

    /** {@link #merged(List)} of items that each stand for a line. */
    public static <T> List<T> merged(List<T> items, Function<T, LogEvent> line) {
        if (items.size() < 2) {
            return items;
        }
        int first = line.apply(items.get(0)).stream();
        boolean one = true;
        for (T t : items) {
            if (line.apply(t).stream() != first) {
                one = false;
                break;
            }
        }
        if (one) {
            return items;
        }
        Map<Integer, List<T>> byStream = new LinkedHashMap<>();
        for (T t : items) {
            byStream.computeIfAbsent(line.apply(t).stream(), k -> new ArrayList<>()).add(t);
        }
        List<List<T>> streams = new ArrayList<>(byStream.values());
        int[] next = new int[streams.size()];
        List<T> out = new ArrayList<>(items.size());
        while (out.size() < items.size()) {
            int best = -1;
            for (int s = 0; s < streams.size(); s++) {
                if (next[s] < streams.get(s).size()
                        && (best < 0 || earlier(line.apply(streams.get(s).get(next[s])), line.apply(streams.get(best).get(next[best]))))) {
                    best = s;
                }
            }
            out.add(streams.get(best).get(next[best]++));
        }
        return out;
    }

    private static boolean earlier(LogEvent a, LogEvent b) {
        int c = a.time().instant().compareTo(b.time().instant());
        if (c != 0) {
            return c < 0;
        }
        c = a.text().compareTo(b.text());
        if (c != 0) {
            return c < 0;
        }
        c = baseName(a.file()).compareTo(baseName(b.file()));
        return c != 0 ? c < 0 : a.stream() < b.stream();
    }

    private static String baseName(String file) {
        return file.substring(file.lastIndexOf('/') + 1);
    }
}
