package dev.argoforensics.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** Formats instants in UTC with a fixed number of fraction digits. */
public final class TimeFormat {
    private TimeFormat() {
    }

    public static String utc(Instant instant, TimePrecision precision) {
        LocalDateTime t = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        StringBuilder b = new StringBuilder(32);
        pad(b, t.getYear(), 4).append('-');
        pad(b, t.getMonthValue(), 2).append('-');
        pad(b, t.getDayOfMonth(), 2).append('T');
        pad(b, t.getHour(), 2).append(':');
        pad(b, t.getMinute(), 2).append(':');
        pad(b, t.getSecond(), 2);
        int digits = precision.fractionDigits();
        if (digits > 0) {
            // The nanoseconds zero-padded to nine digits (what "%09d" gives), cut to the precision's digits: String.format
            // was a tenth of the report writer's CPU with every timeline entry's time formatted (--timelines all, #17).
            pad(b.append('.'), t.getNano(), 9);
            b.setLength(b.length() - (9 - digits));
        }
        return b.append('Z').toString();
    }

    private static StringBuilder pad(StringBuilder b, int value, int width) {
        String s = Integer.toString(value);
        for (int i = s.length(); i < width; i++) {
            b.append('0');
        }
        return b.append(s);
    }
}
