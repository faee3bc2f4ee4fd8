package dev.argoforensics.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The fast path of {@link Timestamp#parseRfc3339} for the shape every log line has,
 * {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±hh:mm)}: digits read in place, no formatter, no
 * intermediate objects. Anything else (or anything out of range) returns null and the caller falls
 * back to {@code java.time}'s parser, which also produces the error message.
 */
final class Rfc3339 {
    private Rfc3339() {
    }

    static Timestamp parse(String s, TimePrecision precision, boolean literalZ) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || (s.charAt(10) != 'T' && s.charAt(10) != 't') || s.charAt(13) != ':'
                || s.charAt(16) != ':') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        int i = 19;
        int nanos = 0;
        int fractionDigits = 0;
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                if (fractionDigits == 9) {
                    return null;
                }
                nanos = nanos * 10 + (s.charAt(i) - '0');
                fractionDigits++;
                i++;
            }
            if (fractionDigits == 0) {
                return null;
            }
            for (int k = fractionDigits; k < 9; k++) {
                nanos *= 10;
            }
        }
        int offsetSeconds;
        ZoneBasis zone;
        if (i == n - 1 && (s.charAt(i) == 'Z' || s.charAt(i) == 'z')) {
            offsetSeconds = 0;
            zone = literalZ ? ZoneBasis.LITERAL_Z : ZoneBasis.STATED;
        } else if (i == n - 6 && (s.charAt(i) == '+' || s.charAt(i) == '-') && s.charAt(i + 3) == ':') {
            int oh = digits(s, i + 1, 2);
            int om = digits(s, i + 4, 2);
            if (oh < 0 || om < 0 || oh > 18 || om > 59) {
                return null;
            }
            offsetSeconds = (oh * 3600 + om * 60) * (s.charAt(i) == '-' ? -1 : 1);
            zone = literalZ ? ZoneBasis.LITERAL_Z : ZoneBasis.STATED;
        } else {
            return null;
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
        long epochSecond = epochDay * 86_400L + hour * 3600L + minute * 60L + second - offsetSeconds;
        TimePrecision p = precision != null ? precision : TimePrecision.ofFractionDigits(fractionDigits);
        return new Timestamp(Instant.ofEpochSecond(epochSecond, nanos), p, zone);
    }

    /** The number written in {@code s[from, from+count)}, or -1 if one of them is not a digit. */
    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (!isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
