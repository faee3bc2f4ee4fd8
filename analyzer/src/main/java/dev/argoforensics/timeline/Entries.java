package dev.argoforensics.timeline;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The entries of one timeline while it is built: each log line once, each fact that several exports
 * repeat once (the first export's), then sorted by time with concurrency marked.
 *
 * <p>Order: the controller runs are merged by time, each kept in its own input order (within a run
 * the input order is the truth, also where a coarser time, like a v4.0.0 logrus line's whole second,
 * would sort a line before the one written ahead of it); entries from exports and cluster records are
 * merged in by time. Equal times keep one run's log lines in input order (an entry derived from a line right
 * after it), two runs' lines by their text and their files' names (never by which file was read first), and
 * put entries from exports and cluster records after them, by file and line.
 */
final class Entries {
    private static final Comparator<Item> ORDER = Comparator
            .comparing((Item i) -> i.entry.time(), Timestamp::compareInstant)
            .thenComparingLong(i -> i.ordinal)
            .thenComparing(i -> i.entry.source());

    /**
     * The next entries of two runs (or of a run and the exports): by time; at the same instant log lines before exports and
     * records, two runs' lines by their text, their files' names (not the folders, not the reading order) and line numbers
     * as {@link dev.argoforensics.correlate.EventOrder#merged} orders them, never by which file was read first.
     */
    private static final Comparator<Item> HEADS = Comparator
            .comparing((Item i) -> i.entry.time(), Timestamp::compareInstant)
            .thenComparing(i -> i.line == null)
            .thenComparing(i -> i.line == null ? "" : i.line.text())
            .thenComparing(i -> i.line == null ? "" : baseName(i.line.file()))
            .thenComparingLong(i -> i.line == null ? 0 : i.line.line())
            .thenComparing(ORDER);

    /** {@code log:<catalog id>}, one String per catalog entry rather than one per entry of every timeline. */
    private static final Map<String, String> LOG_KINDS = new java.util.concurrent.ConcurrentHashMap<>();

    private final Function<LogEvent, String> controllerOf;
    private final List<Item> items = new ArrayList<>();
    private final Set<LogEvent> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<String> facts = new HashSet<>();

    /**
     * @param controllerOf the label of the controller run that wrote a line
     */
    Entries(Function<LogEvent, String> controllerOf) {
        this.controllerOf = controllerOf;
    }

    /** A log line, as written. */
    void log(LogEvent e) {
        if (seen.add(e)) {
            String kind = LOG_KINDS.computeIfAbsent(e.catalogId() != null ? e.catalogId() : "other", id -> "log:" + id);
            items.add(new Item(new TimelineEntry(e.time(), e.source(), kind, null, false, false, controllerOf.apply(e), e), e.ordinal(),
                    e.stream(), e));
        }
    }

    /** What a log line (or a group of lines ending with it) means, placed right after it. */
    void derived(LogEvent line, String kind, String text) {
        items.add(new Item(new TimelineEntry(line.time(), line.source(), kind, text, false, false, controllerOf.apply(line)), line.ordinal(),
                line.stream(), line));
    }

    /** A fact from an export or a cluster record; nothing if the time is unknown or the same fact is already in. */
    void fact(Timestamp t, SourceRef src, String kind, String text, boolean lowerBound) {
        if (t == null) {
            return;
        }
        String fingerprint = kind + '|' + t.instant() + '|' + text;
        if (facts.add(fingerprint)) {
            items.add(new Item(new TimelineEntry(t, src, kind, text, lowerBound, false, null), Long.MAX_VALUE, NO_STREAM, null));
        }
    }

    /** The earliest and latest time so far; empty if there is no entry. */
    Optional<Span> span() {
        Timestamp first = null;
        Timestamp last = null;
        for (Item i : items) {
            Timestamp t = i.entry.time();
            first = first == null || t.compareTo(first) < 0 ? t : first;
            last = last == null || t.compareTo(last) > 0 ? t : last;
        }
        return first == null ? Optional.empty() : Optional.of(new Span(first, last));
    }

    /** From the earliest entry to the latest. */
    record Span(Timestamp first, Timestamp last) {
        boolean covers(Timestamp t) {
            return !t.instant().isBefore(first.instant()) && !t.instant().isAfter(last.instant());
        }
    }

    /** Sorted, each entry marked concurrent when its window overlaps the previous entry's. */
    List<TimelineEntry> sorted() {
        Map<Integer, List<Item>> byStream = new TreeMap<>();
        for (Item i : items) {
            byStream.computeIfAbsent(i.stream, k -> new ArrayList<>()).add(i);
        }
        PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> HEADS.compare(a.list.get(a.next), b.list.get(b.next)));
        byStream.forEach((stream, list) -> {
            // a run in input order (stable: a derived entry stays after its line); exports and records by time
            list.sort(stream == NO_STREAM ? ORDER : Comparator.comparingLong((Item i) -> i.ordinal));
            heads.add(new Head(list));
        });
        List<Item> copy = new ArrayList<>(items.size());
        while (!heads.isEmpty()) {
            Head h = heads.poll();
            copy.add(h.list.get(h.next++));
            if (h.next < h.list.size()) {
                heads.add(h);
            }
        }
        List<TimelineEntry> entries = new ArrayList<>(copy.size());
        TimelineEntry previous = null;
        for (Item i : copy) {
            TimelineEntry e = i.entry;
            if (previous != null) {
                e = e.withConcurrent(e.time().isConcurrentWith(previous.time()));
            }
            entries.add(e);
            previous = e;
        }
        return entries;
    }

    /** An entry with its tie-break: log lines by input ordinal, exports and cluster records after them; the line it is, or follows, or null. */
    private record Item(TimelineEntry entry, long ordinal, int stream, LogEvent line) {
    }

    private static String baseName(String file) {
        return file.substring(file.lastIndexOf('/') + 1);
    }

    /** Entries of exports and cluster records, which belong to no controller run. */
    private static final int NO_STREAM = Integer.MIN_VALUE;

    /** The next entry of one run (or of the exports) still to merge. */
    private static final class Head {
        final List<Item> list;
        int next;

        Head(List<Item> list) {
            this.list = list;
        }
    }
}
