package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;

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
}
