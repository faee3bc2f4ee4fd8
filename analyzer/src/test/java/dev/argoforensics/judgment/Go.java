package dev.argoforensics.judgment;

import dev.argoforensics.time.GoDuration;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * How Go prints the values the controller logs: durations ({@code time.Duration.String}), times
 * (logrus, slog, RFC 3339 nano, {@code time.Time.String}), {@code strconv.Quote}, JSON strings, and
 * FNV-1a for node IDs. Written from the Go documentation of those functions, not from the
 * analyzer's own parsers, so that the generator checks them rather than agrees with them; durations
 * are the exception: {@code time.GoDuration.format} (grammar module), which {@code GoDurationTest}
 * holds to the strings Go prints, as the benchmark generator uses it too.
 */
final class Go {
    static final long SECOND = 1_000_000_000L;
    static final long MINUTE = 60 * SECOND;
    static final long MILLI = 1_000_000L;

    private Go() {
    }

    /** {@code time.Duration.String()}: {@code -1m24.257168224s}, {@code 0s}, {@code 500ms}, {@code 1.5µs}, {@code 2m0s}. */
    static String duration(long d) {
        return GoDuration.format(d);
    }

    private static LocalDateTime utc(long nanos) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, SECOND), (int) Math.floorMod(nanos, SECOND), ZoneOffset.UTC);
    }

    private static void pad(StringBuilder b, int v, int width) {
        String s = Integer.toString(v);
        for (int i = s.length(); i < width; i++) {
            b.append('0');
        }
        b.append(s);
    }

    private static StringBuilder date(StringBuilder b, LocalDateTime t, char sep) {
        pad(b, t.getYear(), 4);
        b.append('-');
        pad(b, t.getMonthValue(), 2);
        b.append('-');
        pad(b, t.getDayOfMonth(), 2);
        b.append(sep);
        pad(b, t.getHour(), 2);
        b.append(':');
        pad(b, t.getMinute(), 2);
        b.append(':');
        pad(b, t.getSecond(), 2);
        return b;
    }

    private static String date(LocalDateTime t, char sep) {
        return date(new StringBuilder(32), t, sep).toString();
    }

    /** {@code 2006-01-02T15:04:05.000Z}: logrus with Argo's layout, and slog's text handler, both with milliseconds. */
    static String millis(long nanos) {
        LocalDateTime t = utc(nanos);
        StringBuilder b = date(new StringBuilder(24), t, 'T').append('.');
        pad(b, t.getNano() / 1_000_000, 3);
        return b.append('Z').toString();
    }

    /** RFC 3339 with nanoseconds, trailing zeros trimmed ({@code time.RFC3339Nano}): slog JSON, kubectl, CRI, Docker. */
    static String rfc3339Nano(long nanos) {
        LocalDateTime t = utc(nanos);
        StringBuilder b = date(new StringBuilder(32), t, 'T');
        trimmedFraction(b, t.getNano());
        return b.append('Z').toString();
    }

    /** A Kubernetes {@code metav1.Time}: whole seconds. */
    static String k8s(long seconds) {
        return date(utc(seconds * SECOND), 'T') + "Z";
    }

    /** {@code time.Time.String()} in UTC: {@code 2026-09-19 10:01:30.204123456 +0000 UTC}, fraction trimmed. */
    static String goTimeString(long nanos) {
        LocalDateTime t = utc(nanos);
        StringBuilder b = new StringBuilder(date(t, ' '));
        trimmedFraction(b, t.getNano());
        return b.append(" +0000 UTC").toString();
    }

    /** klog's header time: {@code 0919 10:00:00.123456}. */
    static String klogTime(long nanos) {
        LocalDateTime t = utc(nanos);
        return String.format("%02d%02d %02d:%02d:%02d.%06d", t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond(),
                t.getNano() / 1000);
    }

    /** {@code date -u +%Y%m%d-%H%M%S}, the kubelet's rotation suffix. */
    static String compact(long nanos) {
        LocalDateTime t = utc(nanos);
        return String.format("%04d%02d%02d-%02d%02d%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                t.getSecond());
    }

    private static void trimmedFraction(StringBuilder b, int nano) {
        if (nano != 0) {
            StringBuilder f = new StringBuilder(9);
            pad(f, nano, 9);
            int end = 9;
            while (f.charAt(end - 1) == '0') {
                end--;
            }
            b.append('.').append(f, 0, end);
        }
    }

    static long epochNanos(String rfc3339) {
        Instant i = Instant.parse(rfc3339);
        return i.getEpochSecond() * SECOND + i.getNano();
    }

    /** {@code strconv.Quote}: printable runes as they are, the rest escaped. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        s.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case 0x07 -> b.append("\\a");
                case 0x08 -> b.append("\\b");
                case 0x0c -> b.append("\\f");
                case 0x0b -> b.append("\\v");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02x", c));
                    } else if (!printable(c)) {
                        b.append(c < 0x10000 ? String.format("\\u%04x", c) : String.format("\\U%08x", c));
                    } else {
                        b.appendCodePoint(c);
                    }
                }
            }
        });
        return b.append('"').toString();
    }

    private static boolean printable(int c) {
        int type = Character.getType(c);
        return !(type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE || type == Character.UNASSIGNED
                || type == Character.PRIVATE_USE || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || (Character.isSpaceChar(c) && c != ' '));
    }

    /** A JSON string as Go's encoding/json writes it; {@code html} also escapes {@code < > &} (encoding/json's default). */
    static void json(StringBuilder b, String s, boolean html) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || (html && (c == '<' || c == '>' || c == '&')) || c == '\u2028' || c == '\u2029') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }

    static String json(String s, boolean html) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        json(b, s, html);
        return b.toString();
    }

    /** FNV-1a, 32 bits, over the UTF-8 bytes, as an unsigned decimal: the suffix of node IDs and v2 Pod names. */
    static String fnv(String s) {
        int h = 0x811c9dc5;
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= (x & 0xff);
            h *= 16777619;
        }
        return Integer.toUnsignedString(h);
    }
}
