package dev.argoforensics.read;

import dev.argoforensics.time.Timestamp;

/**
 * The placeholder days of one file's quoted times of day ({@link dev.argoforensics.time.ZoneBasis#TIME_OF_DAY}):
 * the lines of an excerpt are in the order they were logged, so a time of day that goes back by an
 * hour or more from the line before is on the next day (the excerpt went past midnight); a smaller
 * step back is two workers' lines in the order they were written, and stays on the same day. No date
 * is ever made up: the days are counted from the excerpt's first, which stays unknown.
 */
final class ExcerptDays {
    /** A step back this large is the clock going past midnight, not lines of two workers out of order. */
    static final long WRAP_NANOS = 3_600_000_000_000L;
    private Timestamp last;
    private int day;

    /** The time on its placeholder day, given the times of the lines before it in the file. */
    Timestamp place(Timestamp timeOfDay) {
        Timestamp t = timeOfDay.onPlaceholderDay(day);
        if (last != null && t.nanosUntil(last) >= WRAP_NANOS) {
            day++;
            t = timeOfDay.onPlaceholderDay(day);
        }
        last = t;
        return t;
    }
}
