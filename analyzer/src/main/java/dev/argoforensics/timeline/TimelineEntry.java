package dev.argoforensics.timeline;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * One line of a Pod's story.
 *
 * @param kind       what happened, as a stable short name ({@code log:cleaning-up-pod}, {@code pod:container-finished})
 * @param lowerBound the time is only a lower bound (when an export was taken)
 * @param concurrent the time window overlaps the previous entry's: the sources cannot order the two
 * @param controller the controller run that logged a log entry; null for export facts
 */
public record TimelineEntry(Timestamp time, SourceRef source, String kind, String text, boolean lowerBound, boolean concurrent,
                            String controller) {

    TimelineEntry withConcurrent(boolean value) {
        return new TimelineEntry(time, source, kind, text, lowerBound, value, controller);
    }
}
