package dev.argoforensics.timeline;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * One line of a Pod's story.
 *
 * @param kind       what happened, as a stable short name ({@code log:cleaning-up-pod}, {@code pod:container-finished})
 * @param text       the entry's text; null for a log line's own text, read from {@code line} when asked for
 * @param lowerBound the time is only a lower bound (when an export was taken)
 * @param concurrent the time window overlaps the previous entry's: the sources cannot order the two
 * @param controller the controller run that logged a log entry; null for export facts
 * @param line       the log line the entry quotes as written, or null: its text stays where the reading holds
 *                   it (deflated with its neighbours) rather than a copy per timeline it appears in
 */
public record TimelineEntry(Timestamp time, SourceRef source, String kind, String text, boolean lowerBound, boolean concurrent,
                            String controller, LogEvent line) {

    public TimelineEntry {
        if ((text == null) == (line == null)) {
            throw new IllegalArgumentException("an entry has its own text or quotes a log line, not both or neither");
        }
    }

    /** An entry with a text of its own. */
    public TimelineEntry(Timestamp time, SourceRef source, String kind, String text, boolean lowerBound, boolean concurrent,
                         String controller) {
        this(time, source, kind, text, lowerBound, concurrent, controller, null);
    }

    /** The entry's text: its own, or the log line's as written. */
    @Override
    public String text() {
        return text != null ? text : line.text();
    }

    TimelineEntry withConcurrent(boolean value) {
        return new TimelineEntry(time, source, kind, text, lowerBound, value, controller, line);
    }
}
