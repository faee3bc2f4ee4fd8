package dev.argoforensics.line;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.util.Locale;

/**
 * Reads a logrus-text or slog-text record only up to its message: time, level and msg, without the
 * grammar. Used to account for and classify the many lines of large inputs that concern nothing of
 * interest; lines that are kept are parsed in full by {@link RecordParser}. A line this scan cannot
 * read with certainty returns null, and the caller parses it in full (which also says what is wrong).
 */
public final class QuickScan {
    private QuickScan() {
    }

    /** The first three parts of a text record. */
    public record Head(RecordFormat format, Timestamp time, Level level, String message) {
    }

    /**
     * The head of any record the quick read knows (slog or logrus text, slog or logrus JSON, klog with
     * {@code year}), or null where only the full read can tell. The analysis asks this of every line.
     */
    public static Head head(String text, int year) {
        if (text.isEmpty()) {
            return null;
        }
        char c = text.charAt(0);
        if (c == 't' && text.startsWith("time=")) {
            return scan(text);
        }
        if (c == '{') {
            return scanJson(text);
        }
        if ((c == 'I' || c == 'W' || c == 'E' || c == 'F') && text.length() > 1 && Character.isDigit(text.charAt(1))) {
            return scanKlog(text, year);
        }
        return null;
    }

    public static Head scan(String line) {
        int end = line.length();
        while (end > 0 && (line.charAt(end - 1) == ' ' || line.charAt(end - 1) == '\r' || line.charAt(end - 1) == '\t')) {
            end--;
        }
        if (!line.startsWith("time=") || end < 30 || hasEscape(line)) {
            return null;
        }
        TimeField timeField = TimeField.of(line);
        if (timeField == null) {
            return null;
        }
        RecordFormat format = timeField.format();
        int timeFrom = timeField.from();
        int timeTo = timeField.to();
        int i = timeField.next();
        if (!line.startsWith(" level=", i)) {
            return null;
        }
        int levelStart = i + 7;
        int levelEnd = line.indexOf(' ', levelStart);
        if (levelEnd < 0) {
            return null;
        }
        Level level = level(line, levelStart, levelEnd);
        if (level == null || !line.startsWith(" msg=", levelEnd)) {
            return null;
        }
        int v = levelEnd + 5;
        String message;
        int after;
        if (v < end && line.charAt(v) == '"') {
            int close = closingQuote(line, v + 1, end);
            if (close < 0) {
                return null;
            }
            try {
                message = GoQuote.unescape(line, v + 1, close);
            } catch (IllegalArgumentException e) {
                return null;
            }
            after = close + 1;
        } else {
            int space = line.indexOf(' ', v);
            after = space < 0 || space > end ? end : space;
            message = line.substring(v, after);
            if (message.indexOf('\r') >= 0 || message.indexOf('"') >= 0) {
                return null;
            }
        }
        if (after != end && line.charAt(after) != ' ') {
            return null;
        }
        if (!wellFormedFields(line, after, end)) {
            return null;
        }
        if (!grammarTimestamp(line, timeFrom, timeTo) || stopsShort(line, after, end, format)) {
            return null;
        }
        Timestamp time;
        try {
            time = Timestamp.parseRfc3339(line, timeFrom, timeTo, null, format == RecordFormat.LOGRUS_TEXT);
        } catch (IllegalArgumentException e) {
            return null;
        }
        return new Head(format, time, level, message);
    }

    /**
     * True if {@code [from, end)} is a run of {@code " key=value"} fields: a key up to its '=' (a
     * logrus key may hold spaces; a slog key may be quoted), then a quoted value or a bare one without
     * spaces. A line that fails is left to the full parse, which says what is wrong, so that the
     * selective reading counts a malformed line as unparsed exactly as the full reading does.
     */
    private static boolean wellFormedFields(String s, int from, int end) {
        int i = from;
        while (i < end) {
            if (s.charAt(i) != ' ' || i + 1 >= end) {
                return false;
            }
            i++;
            if (s.charAt(i) == '"') {
                int close = closingQuote(s, i + 1, end);
                if (close < 0 || close + 1 >= end || s.charAt(close + 1) != '=') {
                    return false;
                }
                i = close + 2;
            } else {
                // After the separator and any spaces that start the key itself (logrus writes a key as given: Argo v3's
                // " workflowDeadline"), a key starts with neither a space nor '=' (the grammar's KEY_START)
                int k = i;
                while (k < end && s.charAt(k) == ' ') {
                    k++;
                }
                int eq = s.indexOf('=', k);
                if (eq < 0 || eq >= end || eq == k || s.charAt(eq - 1) == ' ' || hasQuote(s, i, eq)) {
                    return false;
                }
                i = eq + 1;
            }
            if (i < end && s.charAt(i) == '"') {
                int close = closingQuote(s, i + 1, end);
                if (close < 0) {
                    return false;
                }
                i = close + 1;
            } else {
                while (i < end && s.charAt(i) != ' ') {
                    char c = s.charAt(i);
                    if (c == '"' || c == '\r') {
                        return false;
                    }
                    i++;
                }
            }
        }
        return true;
    }

    /**
     * True if the last field's value ends the line and is no value its writer prints there (see
     * {@link RecordParser}: a line cut inside a duration, a slog {@code key=}): the full read reads
     * such a line as cut, so the quick read leaves it to the full read.
     */
    private static boolean stopsShort(String s, int from, int end, RecordFormat format) {
        if (end == from && format == RecordFormat.SLOG_TEXT && s.charAt(end - 1) == '=') {
            return true; // "msg=": slog quotes an empty message
        }
        if (end <= from || s.charAt(end - 1) == '"') {
            return false;
        }
        if (s.charAt(end - 1) == '=') {
            return format == RecordFormat.SLOG_TEXT;
        }
        int space = s.lastIndexOf(' ', end - 1);
        if (space < from) {
            return false;
        }
        int eq = s.indexOf('=', space);
        return eq > 0 && eq < end && CutLine.stoppedInsideDuration(s, eq + 1, end);
    }

    /** A '"' or a raw CR in a key: the grammar's key allows neither. */
    private static boolean hasQuote(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    /**
     * The head of a klog line ({@code I0919 10:00:00.123456       1 file.go:257] message}): the
     * severity, the time in {@code year} (klog prints none), and the message. Null where the full
     * read would reject the line.
     */
    public static Head scanKlog(String line, int year) {
        int n = line.length();
        if (n < 22 || "IWEF".indexOf(line.charAt(0)) < 0 || !digits(line, 1, 5) || line.charAt(5) != ' ' || hasEscape(line)) {
            return null;
        }
        // hh:mm:ss, then an optional fraction
        if (!digits(line, 6, 8) || line.charAt(8) != ':' || !digits(line, 9, 11) || line.charAt(11) != ':' || !digits(line, 12, 14)) {
            return null;
        }
        int i = 14;
        int fraction = 0;
        if (i < n && line.charAt(i) == '.') {
            int start = ++i;
            while (i < n && isDigit(line.charAt(i))) {
                i++;
            }
            fraction = i - start;
            if (fraction == 0) {
                return null;
            }
        }
        int clockEnd = i;
        if (i >= n || line.charAt(i) != ' ') {
            return null;
        }
        while (i < n && line.charAt(i) == ' ') {
            i++;
        }
        int tid = i;
        while (i < n && isDigit(line.charAt(i))) {
            i++;
        }
        if (i == tid || i >= n || line.charAt(i) != ' ') {
            return null;
        }
        int source = ++i;
        int close = line.indexOf(']', source);
        if (close < 0) {
            return null;
        }
        int colon = line.lastIndexOf(':', close);
        if (colon <= source || colon + 1 == close || !digits(line, colon + 1, close)) {
            return null;
        }
        for (int k = source; k < colon; k++) {
            char c = line.charAt(k);
            if (c == ' ' || c == '\r' || c == '\n') {
                return null;
            }
        }
        for (int k = close + 1; k < n; k++) {
            char c = line.charAt(k);
            if (c == '\r' || c == '\n') {
                return null;
            }
        }
        Level level = Level.parse(line.substring(0, 1));
        try {
            Timestamp time = Timestamp.klog(line, clockEnd, year);
            return new Head(RecordFormat.KLOG, time, level, line.substring(close + 1).strip());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * True if {@code s[from, to)} has the grammar's TIMESTAMP shape, {@code dddd-dd-ddTdd:dd:dd[.d+][Z|±dd:dd]}:
     * java.time, which reads the time afterwards, also takes what the grammar refuses (a lower-case
     * 't' or 'z', minutes without seconds), and the quick read must not count such a line as a record
     * (found by RecordParserFuzzTest).
     */
    /**
     * ANSI colour codes are removed before the full read ({@link Terminal#clean}); a line holding
     * one is left to it, so that both read the same message.
     */
    private static boolean hasEscape(String line) {
        return line.indexOf('\u001b') >= 0;
    }

    static boolean grammarTimestamp(String s, int from, int to) {
        if (to - from < 19 || !digits(s, from, from + 4) || s.charAt(from + 4) != '-' || !digits(s, from + 5, from + 7)
                || s.charAt(from + 7) != '-' || !digits(s, from + 8, from + 10) || s.charAt(from + 10) != 'T'
                || !digits(s, from + 11, from + 13) || s.charAt(from + 13) != ':' || !digits(s, from + 14, from + 16)
                || s.charAt(from + 16) != ':' || !digits(s, from + 17, from + 19)) {
            return false;
        }
        int i = from + 19;
        if (i < to && s.charAt(i) == '.') {
            int start = ++i;
            while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        if (i == to) {
            return true;
        }
        if (s.charAt(i) == 'Z') {
            return i + 1 == to;
        }
        return (s.charAt(i) == '+' || s.charAt(i) == '-') && i + 6 == to && digits(s, i + 1, i + 3) && s.charAt(i + 3) == ':'
                && digits(s, i + 4, i + 6);
    }

    private static boolean digits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) {
                return false;
            }
        }
        return to > from;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * The head of a logrus-JSON or slog-JSON record: its time, level and msg, read with Jackson's
     * streaming parser without building the other fields (they are skipped, still checked to be
     * well-formed). Null where the full read would reject the line or might read it differently.
     */
    public static Head scanJson(String line) {
        String time = null;
        String level = null;
        String msg = null;
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    if (key.equals("msg") || key.equals("time") || key.equals("level")) {
                        // the full read takes a structure here as text (the last of repeated keys wins): leave it to it
                        // (found by JsonRecordReaderFuzzTest: "msg":"","msg":[])
                        return null;
                    }
                    p.skipChildren();
                } else if (t == JsonToken.VALUE_STRING || t.isScalarValue()) {
                    switch (key) {
                        // null reads as "", as the full read has it (found by JsonRecordReaderFuzzTest: "msg":null)
                        case "time" -> time = t == JsonToken.VALUE_NULL ? "" : p.getText();
                        case "level" -> level = t == JsonToken.VALUE_NULL ? "" : p.getText();
                        case "msg" -> msg = t == JsonToken.VALUE_NULL ? "" : p.getText();
                        default -> {
                            // skipped without decoding
                        }
                    }
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        if (time == null || level == null || msg == null) {
            return null;
        }
        Level lvl = Level.parse(level);
        if (lvl == null) {
            return null;
        }
        boolean slog = level.equals(level.toUpperCase(Locale.ROOT));
        try {
            Timestamp ts = slog ? Timestamp.parseRfc3339(time, TimePrecision.NANOSECOND, false) : Timestamp.parseRfc3339(time, null, true);
            return new Head(slog ? RecordFormat.SLOG_JSON : RecordFormat.LOGRUS_JSON, ts, lvl, msg);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Index of the quote closing a Go-quoted string that starts at {@code from}, or -1, also where an
     * escape inside would not decode: the full read unquotes every quoted key and value and rejects
     * the line then (found by RecordParserFuzzTest). Only strings holding a backslash are decoded.
     */
    private static int closingQuote(String s, int from, int end) {
        boolean escaped = false;
        for (int i = from; i < end; i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                escaped = true;
                if (++i < end && s.charAt(i) == '\r') {
                    return -1;
                }
            } else if (c == '"') {
                return !escaped || decodes(s, from, i) ? i : -1;
            } else if (c == '\r') {
                // No record holds a raw CR (the grammar refuses one): leave the line to it (found by RecordParserFuzzTest)
                return -1;
            }
        }
        return -1;
    }

    private static boolean decodes(String s, int from, int to) {
        try {
            GoQuote.unescape(s, from, to);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The common spellings without allocating; anything else through {@link Level#parse}. */
    private static Level level(String s, int from, int to) {
        int n = to - from;
        if (n == 4 && (s.startsWith("INFO", from) || s.startsWith("info", from))) {
            return Level.INFO;
        }
        if (n == 5 && (s.startsWith("DEBUG", from) || s.startsWith("debug", from))) {
            return Level.DEBUG;
        }
        return Level.parse(s.substring(from, to));
    }
}
