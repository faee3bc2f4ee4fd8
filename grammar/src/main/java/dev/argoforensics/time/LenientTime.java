package dev.argoforensics.time;

import java.time.Instant;

/**
 * Times as log stores and exports write them: RFC 3339 (with 'T' or a space), a zone-less
 * {@code yyyy-MM-dd HH:mm:ss[.f]} (read as UTC, marked assumed), or an epoch number whose digit
 * count says its unit (10 s, 13 ms, 16 µs, 19 ns). Precision follows the digits written: exports
 * that trim zeros only ever look coarser than they are, which makes more entries concurrent, never
 * wrongly ordered.
 */
public final class LenientTime {
    private LenientTime() {
    }

    /** The time, or null when the text is none of the accepted forms. */
    public static Timestamp parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        if (t.chars().allMatch(Character::isDigit)) {
            return epoch(t);
        }
        if (t.length() < 19 || t.charAt(4) != '-' || t.charAt(7) != '-' || (t.charAt(10) != 'T' && t.charAt(10) != ' ')) {
            return null;
        }
        String iso = t.charAt(10) == ' ' ? t.substring(0, 10) + 'T' + t.substring(11) : t;
        iso = iso.replace(" +", "+").replace(" -", "-").replace(" UTC", "Z");
        try {
            return Timestamp.parseRfc3339(iso, null, false);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Timestamp epoch(String digits) {
        try {
            long v = Long.parseLong(digits);
            return switch (digits.length()) {
                case 10 -> new Timestamp(Instant.ofEpochSecond(v), TimePrecision.SECOND, ZoneBasis.STATED);
                case 13 -> new Timestamp(Instant.ofEpochMilli(v), TimePrecision.MILLISECOND, ZoneBasis.STATED);
                case 16 -> new Timestamp(Instant.ofEpochSecond(v / 1_000_000, (v % 1_000_000) * 1_000), TimePrecision.MICROSECOND,
                        ZoneBasis.STATED);
                case 19 -> new Timestamp(Instant.ofEpochSecond(v / 1_000_000_000, v % 1_000_000_000), TimePrecision.NANOSECOND,
                        ZoneBasis.STATED);
                default -> null;
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
