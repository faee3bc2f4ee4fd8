package dev.argoforensics.line;

import dev.argoforensics.time.Timestamp;
import java.util.Arrays;

/**
 * Reads a whole, well-formed logrus-text or slog-text record ({@code time=… level=… msg=… key=value…})
 * by hand, into the very {@link LogRecord} the grammar's path builds; anything it is not certain of
 * gives null, and {@link RecordParser} reads the line with the grammar, which also says what is wrong.
 * The grammar costs about five times per line what this does (docs/performance.md, "Session 21").
 *
 * <p>It follows {@code ControllerLogLexer}'s modes character by character: the time ({@code TIMESTAMP},
 * quoted for logrus), {@code " level="} and letters, {@code " msg="}; then values and keys in turn. A
 * value is quoted ({@code QUOTED_CHAR}: a backslash and any character but CR or LF, or anything but
 * '"', '\', CR, LF), bare (a first character other than space, '"', CR, LF, then anything to the next
 * space) or absent (a key follows at once). A key is a space and then either a quoted key closed by
 * {@code "=} or, after any further spaces (part of the key), a first character other than space, '=', '"',
 * CR, LF and anything but '=', '"', CR, LF up to its '='; after a value only a key may follow. Where the grammar would also decode and fail
 * (a bad escape, an impossible date, an unknown level), this gives null rather than the failure: the
 * grammar's path reports it in its own words. {@code LogfmtReaderDifferentialTest} and
 * {@code LogfmtReaderFuzzTest} hold the two to the same record on every line where this one answers.
 */
final class LogfmtReader {
    /** Where a quoted string ends: the closing quote's index, and whether a backslash came before it. */
    private int closeAt;
    private boolean escaped;
    private Field[] fields = new Field[16];

    /**
     * The record of {@code line} (already {@link Terminal#clean clean}), or null where only the grammar
     * can tell: not a logfmt record, or one the grammar rejects, or one this reader does not know.
     */
    LogRecord read(String line) {
        int n = line.length();
        if (n < 30 || !line.startsWith("time=")) {
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
        // TIMESTAMP holds neither a space nor a quote: where its longest match ends is where the span ends.
        if (!QuickScan.grammarTimestamp(line, timeFrom, timeTo) || !line.startsWith(" level=", i)) {
            return null;
        }
        int levelFrom = i + 7;
        int levelTo = levelFrom;
        while (levelTo < n && isAsciiLetter(line.charAt(levelTo))) {
            levelTo++;
        }
        if (levelTo == levelFrom || !line.startsWith(" msg=", levelTo)) {
            return null;
        }
        Level level = level(line, levelFrom, levelTo);
        if (level == null) {
            return null;
        }
        String rawTime = line.substring(timeFrom, timeTo);
        Timestamp time;
        String message;
        int count = 0;
        try {
            time = Timestamp.parseRfc3339(rawTime, null, format == RecordFormat.LOGRUS_TEXT);
            // VALUE_MODE after " msg=": the message, or none when a key or the end follows.
            i = levelTo + 5;
            message = "";
            if (i < n && line.charAt(i) != ' ') {
                int end = value(line, i, n);
                if (end < 0) {
                    return null;
                }
                message = valueText(line, i, end);
                i = end;
            }
            // FIELD_MODE (after a value) and VALUE_MODE (after a key) in turn: " key=" and at most one value.
            while (i < n) {
                if (line.charAt(i) != ' ' || i + 1 >= n) {
                    return null;
                }
                char c = line.charAt(i + 1);
                String key;
                if (c == '"') {
                    if (!quoted(line, i + 2, n) || closeAt + 1 >= n || line.charAt(closeAt + 1) != '=') {
                        return null;
                    }
                    key = escaped ? GoQuote.unescape(line, i + 2, closeAt) : line.substring(i + 2, closeAt);
                    i = closeAt + 2;
                } else {
                    // A key may itself start with spaces (logrus writes it as given: Argo v3's " workflowDeadline").
                    int first = i + 1;
                    while (first < n && line.charAt(first) == ' ') {
                        first++;
                    }
                    char f = first < n ? line.charAt(first) : '=';
                    if (f == '=' || f == '"' || f == '\r' || f == '\n') {
                        return null;
                    }
                    int eq = first;
                    while (true) {
                        if (eq >= n) {
                            return null;
                        }
                        char k = line.charAt(eq);
                        if (k == '=') {
                            break;
                        }
                        if (k == '"' || k == '\r' || k == '\n') {
                            return null;
                        }
                        eq++;
                    }
                    key = key(line, i + 1, eq);
                    i = eq + 1;
                }
                Field field;
                if (i >= n || line.charAt(i) == ' ') {
                    field = new Field(key, "", ValueStyle.EMPTY);
                } else {
                    int end = value(line, i, n);
                    if (end < 0) {
                        return null;
                    }
                    field = new Field(key, valueText(line, i, end), line.charAt(i) == '"' ? ValueStyle.QUOTED : ValueStyle.BARE);
                    i = end;
                }
                if (count == fields.length) {
                    fields = Arrays.copyOf(fields, count * 2);
                }
                fields[count++] = field;
            }
        } catch (IllegalArgumentException | java.time.DateTimeException e) {
            return null; // the grammar's path rejects the line, in its own words
        }
        // The record copies its fields into a list of its own (once), as it copies the grammar path's.
        LogRecord record = new LogRecord(format, time, rawTime, level, message, Arrays.asList(fields).subList(0, count));
        Arrays.fill(fields, 0, count, null);
        return record;
    }

    /**
     * The end of the value that starts at {@code from} (not a space, not the end): after the closing
     * quote of a quoted value, at the space or end after a bare one; -1 where the grammar has no value.
     */
    private int value(String line, int from, int n) {
        char c = line.charAt(from);
        if (c == '"') {
            return quoted(line, from + 1, n) ? closeAt + 1 : -1;
        }
        escaped = false;
        for (int i = from; i < n; i++) {
            c = line.charAt(i);
            if (c == ' ') {
                return i;
            }
            if (c == '\r' || c == '\n') {
                return -1;
            }
        }
        return n;
    }

    /** The value's text: a quoted one without its quotes, unescaped ({@link #escaped} from {@link #value}). */
    /**
     * The keys the controller writes on most of its lines, handed out as they are rather than copied out of each line: a
     * substring (a String and its bytes) per key per line was about 3% of what an incident corpus's reading allocated
     * (docs/performance.md, session 36). Any other key is copied as before.
     */
    private static final String[] COMMON_KEYS = {"component", "namespace", "workflow", "phase", "resourceVersion", "numObjs", "pod",
        "podName", "action", "node", "key", "toPhase", "fromPhase", "message", "nodeName", "nodeID", "finishedAt", "error"};

    private static String key(String line, int from, int to) {
        int length = to - from;
        for (String k : COMMON_KEYS) {
            if (k.length() == length && line.startsWith(k, from)) {
                return k;
            }
        }
        return line.substring(from, to);
    }

    private String valueText(String line, int from, int end) {
        if (line.charAt(from) != '"') {
            return line.substring(from, end);
        }
        return escaped ? GoQuote.unescape(line, from + 1, end - 1) : line.substring(from + 1, end - 1);
    }

    /** Finds the quote closing a string whose text starts at {@code from} ({@link #closeAt}); false where none does. */
    private boolean quoted(String line, int from, int n) {
        boolean backslash = false;
        for (int i = from; i < n; i++) {
            char c = line.charAt(i);
            if (c == '"') {
                closeAt = i;
                escaped = backslash;
                return true;
            }
            if (c == '\\') {
                backslash = true;
                if (++i >= n) {
                    return false;
                }
                c = line.charAt(i);
            }
            if (c == '\r' || c == '\n') {
                return false;
            }
        }
        return false;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** {@link Level#parse}, without a copy for the spellings logrus and slog print. */
    private static Level level(String s, int from, int to) {
        switch (to - from) {
            case 4:
                if (s.startsWith("info", from) || s.startsWith("INFO", from)) {
                    return Level.INFO;
                }
                if (s.startsWith("WARN", from) || s.startsWith("warn", from)) {
                    return Level.WARN;
                }
                break;
            case 5:
                if (s.startsWith("debug", from) || s.startsWith("DEBUG", from)) {
                    return Level.DEBUG;
                }
                if (s.startsWith("error", from) || s.startsWith("ERROR", from)) {
                    return Level.ERROR;
                }
                break;
            case 7:
                if (s.startsWith("warning", from)) {
                    return Level.WARN;
                }
                break;
            default:
                break;
        }
        return Level.parse(s.substring(from, to));
    }
}
