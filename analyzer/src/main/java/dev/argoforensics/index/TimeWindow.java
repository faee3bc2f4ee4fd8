package dev.argoforensics.index;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time as a user writes it in a query or {@code --since}/{@code --until}, read as the whole window
 * its digits name: {@code 2026-09-19T16:30} is the minute 16:30:00 to 16:30:59.999999999,
 * {@code 2026-09-19T16:31:11.257} the millisecond, {@code 2026-09-19T16:31:11.257190002} one
 * nanosecond. Without a zone the time is UTC; {@code Z}, {@code +02:00} or {@code -0500} may follow.
 *
 * @param start first nanosecond of the window, since the epoch
 * @param end   first nanosecond after it
 */
record TimeWindow(long start, long end) {
    private static final Pattern TIME = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})(?:[Tt ](\\d{2})(?::(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?)?)?([Zz]|[+-]\\d{2}:?\\d{2})?");
    private static final long SECOND = 1_000_000_000L;

    /**
     * @throws IllegalArgumentException with what was expected, if the text is not such a time
     */
    static TimeWindow parse(String text) {
        Matcher m = TIME.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a UTC time such as 2026-09-19T16:30, 2026-09-19T16:31:11.257 or "
                    + "2026-09-19T18:31+02:00; found \"" + text + "\"");
        }
        long window;
        LocalDateTime local;
        try {
            local = LocalDateTime.of(number(m, 1), number(m, 2), number(m, 3), orZero(m, 4), orZero(m, 5), orZero(m, 6));
            if (m.group(4) == null) {
                window = 86_400L * SECOND;
            } else if (m.group(5) == null) {
                window = 3_600L * SECOND;
            } else if (m.group(6) == null) {
                window = 60L * SECOND;
            } else if (m.group(7) == null) {
                window = SECOND;
            } else {
                window = (long) Math.pow(10, 9 - m.group(7).length());
            }
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("not a date and time: \"" + text + "\" (" + e.getMessage() + ")", e);
        }
        ZoneOffset zone = zone(m.group(8));
        long nanos = m.group(7) == null ? 0 : Long.parseLong((m.group(7) + "00000000").substring(0, 9));
        long start = StoredTime.epochNanos(local.toInstant(zone).plusNanos(nanos));
        return new TimeWindow(start, start + window);
    }

    /** The last nanosecond of the window. */
    long last() {
        return end - 1;
    }

    private static int number(Matcher m, int group) {
        return Integer.parseInt(m.group(group));
    }

    private static int orZero(Matcher m, int group) {
        return m.group(group) == null ? 0 : number(m, group);
    }

    private static ZoneOffset zone(String text) {
        if (text == null || text.toUpperCase(Locale.ROOT).equals("Z")) {
            return ZoneOffset.UTC;
        }
        String t = text.length() == 5 ? text.substring(0, 3) + ":" + text.substring(3) : text;
        try {
            return ZoneOffset.of(t);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("not a zone offset: \"" + text + "\"", e);
        }
    }
}
