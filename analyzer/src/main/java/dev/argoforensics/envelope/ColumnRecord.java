package dev.argoforensics.envelope;

import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.Locale;

/**
 * A controller record rebuilt from an export's columns, for exports whose message column holds only
 * the message ({@code cleaning up pod}) or the message and its keys ({@code msg="cleaning up pod"
 * action=removeFinalizer}) while time and level sit in columns of their own. The time keeps the
 * precision its column has; a time with a stated zone gives a slog text record, a zone-less one a
 * logrus text record (read as UTC unless {@code --log-tz} says otherwise, as logrus' own times are).
 * Without a time or a level the export does not give, nothing is built: a level is never guessed. An export with no level
 * column at all gives a record whose level is unknown ({@link #buildWithoutLevel}, session 56).
 */
final class ColumnRecord {
    private ColumnRecord() {
    }

    /** The record's text, or null when the columns do not give a time and a level. */
    static String build(String timeText, Timestamp time, String levelText, String message) {
        if (time == null || timeText == null || levelText == null) {
            return null;
        }
        String level = logrusLevel(levelText.strip().toLowerCase(Locale.ROOT));
        if (level == null) {
            return null;
        }
        String body = message.startsWith("msg=") ? message : "msg=" + quoted(message);
        String slogLevel = switch (level) {
            case "debug", "info", "error" -> level.toUpperCase(Locale.ROOT);
            case "warning" -> "WARN";
            default -> null; // slog has no trace, fatal or panic
        };
        if (time.zone() == ZoneBasis.STATED && slogLevel != null) {
            return "time=" + time.format() + " level=" + slogLevel + " " + body;
        }
        return "time=\"" + time.format() + "\" level=" + level + " " + body;
    }

    /**
     * The record's text where the export has no level column ({@link EnvelopeKind#CSV_MESSAGES}), or null without a time. Its level
     * word is a placeholder the grammar needs ({@code INFO}, {@code info}): the reader drops it ({@link EnvelopeKind#levelUnstated}),
     * so the record's level is unknown, never this word.
     */
    static String buildWithoutLevel(String timeText, Timestamp time, String message) {
        return time == null || timeText == null ? null : build(timeText, time, "info", message);
    }

    /** The logrus name of a level as log stores spell it ({@code INFO}, {@code warn}, {@code E}), or null (Cloud Logging's DEFAULT, NOTICE…). */
    private static String logrusLevel(String text) {
        return switch (text) {
            case "trace", "trac" -> "trace";
            case "debug", "debu", "d" -> "debug";
            case "info", "i" -> "info";
            case "warn", "warning", "w" -> "warning";
            case "error", "erro", "e" -> "error";
            case "fatal", "fata", "f" -> "fatal";
            case "panic", "pani" -> "panic";
            default -> null;
        };
    }

    /** A key or value as slog's text handler writes it: quoted when empty or holding a space, {@code =}, {@code "} or a control character. */
    static String slogText(String s) {
        boolean quote = s.isEmpty();
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c <= ' ' || c == '=' || c == '"' || c == 0x7f || Character.isSpaceChar(c);
        }
        return quote ? ColumnRecord.quoted(s) : s;
    }

    /** As Go's %q writes a string a log line quotes. */
    static String quoted(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
