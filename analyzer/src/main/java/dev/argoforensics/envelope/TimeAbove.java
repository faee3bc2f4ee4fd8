package dev.argoforensics.envelope;

import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.Timestamp;

import java.util.regex.Pattern;

/**
 * A line that holds only a time, as a log viewer's rows come out when copied as text: each row's time on a line of its own and
 * the line it logged under it ({@code 2026-05-11 14:20:07.311}, then {@code time="…" level=info msg="…"}). The decoder holds
 * such a line until the next one shows what it was: the time of the record under it (kept as the collector's, the record's own
 * time staying the record's), or a line of its own, given back as it was.
 */
final class TimeAbove {
    private TimeAbove() {
    }

    /**
     * A date and time with a space or {@code T}, 0 to 9 fraction digits, an optional zone ({@code Z}, an offset, or a console's
     * abbreviation such as {@code UTC}, {@code CEST}), or an epoch number of 10, 13, 16 or 19 digits; nothing else on the line.
     */
    private static final Pattern ALONE = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|\\s?[+-]\\d{2}:?\\d{2}|\\s[A-Z]{2,5})?|\\d{10}|\\d{13}|\\d{16}|\\d{19}");

    /** The time the line holds alone (surrounding spaces allowed), or null: a line with anything else, or a zone named ambiguously. */
    static Timestamp alone(String line) {
        if (line.length() < 10 || line.length() > 48) {
            return null;
        }
        if (PrefixTimes.rfc3339PrefixEnd(line) > 0) {
            return null; // kubectl --timestamps before an empty line: "<time> ", the line's own envelope
        }
        String t = line.strip();
        if (t.isEmpty() || !Character.isDigit(t.charAt(0)) || !ALONE.matcher(t).matches()) {
            return null;
        }
        String dotted = t.replace(',', '.');
        char last = dotted.charAt(dotted.length() - 1);
        // A console's zone abbreviation names one offset or several (then no time: never the time read as UTC); a time
        // without one, with Z or with an offset, is read as exports write it (an offset without its colon is not read).
        return Character.isLetter(last) && last != 'Z' ? PrefixTimes.timeIn(dotted) : LenientTime.parse(dotted);
    }
}
