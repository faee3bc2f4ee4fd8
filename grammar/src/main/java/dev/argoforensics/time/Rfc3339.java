package dev.argoforensics.time;


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
        return parse(s, 0, s.length(), precision, literalZ);
    }

    /** As {@link #parse(String, TimePrecision, boolean)} for the time written in {@code s[from, to)}. */
    static Timestamp parse(String s, int from, int to, TimePrecision precision, boolean literalZ) {
        int n = to - from;
        if (n < 20 || s.charAt(from + 4) != '-' || s.charAt(from + 7) != '-'
                || (s.charAt(from + 10) != 'T' && s.charAt(from + 10) != 't') || s.charAt(from + 13) != ':' || s.charAt(from + 16) != ':') {
            return null;
        }
        int year = digits(s, from, 4);
        int month = digits(s, from + 5, 2);
        int day = digits(s, from + 8, 2);
        int hour = digits(s, from + 11, 2);
        int minute = digits(s, from + 14, 2);
        int second = digits(s, from + 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59
                || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
            return null;
        }
        int i = from + 19;
        int nanos = 0;
        int fractionDigits = 0;
        if (i < to && s.charAt(i) == '.') {
            i++;
            while (i < to && isDigit(s.charAt(i))) {
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
        if (i == to - 1 && (s.charAt(i) == 'Z' || s.charAt(i) == 'z')) {
            offsetSeconds = 0;
            zone = literalZ ? ZoneBasis.LITERAL_Z : ZoneBasis.STATED;
        } else if (i == to - 6 && (s.charAt(i) == '+' || s.charAt(i) == '-') && s.charAt(i + 3) == ':') {
            int oh = digits(s, i + 1, 2);
            int om = digits(s, i + 4, 2);
            if (oh < 0 || om < 0 || oh > 18 || om > 59) {
                return null;
            }
            offsetSeconds = (oh * 3600 + om * 60) * (s.charAt(i) == '-' ? -1 : 1);
            // An offset is stated whatever the format: logrus writes one where its own default layout (RFC 3339) prints local time,
            // as the pod controller's own logger of v3.6.5-v3.6.10 and v3.7.0-v3.7.1 did; only a Z can be logrus's literal one.
            zone = ZoneBasis.STATED;
        } else {
            return null;
        }
        long epochSecond = epochDay(year, month, day) * 86_400L + hour * 3600L + minute * 60L + second - offsetSeconds;
        TimePrecision p = precision != null ? precision : TimePrecision.ofFractionDigits(fractionDigits);
        return Timestamp.of(epochSecond, nanos, p, zone);
    }

    private static int daysInMonth(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse, no objects). */
    static long epochDay(int year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097 + doe - 719_468;
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
