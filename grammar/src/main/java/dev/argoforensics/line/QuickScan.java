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

    /** What a quick read with a {@link NameWatch} saw of its names. */
    public enum Names {
        /** Not watched for: no watch was given, or the record is no logfmt text record (JSON, klog). */
        UNWATCHED,
        /** Watched for from the message on, and none was seen. */
        ABSENT,
        /** Watched for, and one was seen (the walk stopped telling the watch then). */
        MENTIONED
    }

    /**
     * The first three parts of a text record, and, if the read was given a {@link NameWatch}, whether a name it looks for
     * occurs from the separator before {@code msg=} to the end of the line.
     */
    public record Head(RecordFormat format, Timestamp time, Level level, String message, Names names) {
        public Head(RecordFormat format, Timestamp time, Level level, String message) {
            this(format, time, level, message, Names.UNWATCHED);
        }
    }

    /** The characters names are made of (see {@link NameWatch}): ASCII letters and digits, '-', '.', '_'. */
    public static boolean isNameChar(char c) {
        return c < 128 && NAME_CHARS[c];
    }

    private static final boolean[] NAME_CHARS = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            NAME_CHARS[c] = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || c == '-' || c == '.' || c == '_';
        }
    }

    /**
     * A walk's watch while it has seen no name: told each run of name characters the walk meets (the validation of the
     * fields never needs to look inside one: its quotes, spaces, '=' and escapes are no name characters).
     */
    private static final class Watching {
        private final NameWatch watch;
        private boolean named;

        Watching(NameWatch watch) {
            this.watch = watch;
        }

        /** The index after the run of name characters at {@code from}; once one is a name, {@link #named}. */
        int token(String s, int from, int end) {
            int t = watch.token(s, from, end);
            if (t < 0) {
                named = true;
                return ~t;
            }
            return t;
        }

        /**
         * Every run of name characters in {@code [from, to)}, where no run crosses {@code to}; after a control character's
         * escape ({@code \n}, ...) also the run after its letter (as {@link #closingQuote} tells a quoted string's).
         */
        void tokens(String s, int from, int to, int end) {
            int i = from;
            while (i < to && !named) {
                char c = s.charAt(i);
                i = isNameChar(c) ? token(s, i, end) : c == '\\' ? backslash(s, i, to) : i + 1;
            }
        }

        /**
         * The index after the backslash at {@code i} outside a quoted string (or after both of a doubled one), having told
         * the run after a control character's escape ({@code \n}, ...) written there (the run from its letter is told next as
         * any other): the same tokens as the interest filter's walk of the text by itself.
         */
        int backslash(String s, int i, int to) {
            if (i + 1 < to && s.charAt(i + 1) == '\\') {
                return i + 2;
            }
            if (i + 2 < to && isEscapeLetter(s.charAt(i + 1)) && isNameChar(s.charAt(i + 2))) {
                token(s, i + 2, to);
            }
            return i + 1;
        }

        /** The watch to go on telling: none once a name was seen. */
        Watching live() {
            return named ? null : this;
        }
    }

    /**
     * The head of any record the quick read knows (slog or logrus text, slog or logrus JSON, klog with
     * {@code year}), or null where only the full read can tell. The analysis asks this of every line.
     */
    public static Head head(String text, int year) {
        return head(text, year, null);
    }

    /**
     * As {@link #head(String, int)}, and a logfmt text record's head also says whether {@code watch} (if not null) saw one of
     * its names from the separator before {@code msg=} on ({@link Head#names()}), found in the same walk of the line that
     * checks its fields: the same tokens that {@code watch} would be told by a walk of that part of the line by itself.
     */
    public static Head head(String text, int year, NameWatch watch) {
        if (text.isEmpty()) {
            return null;
        }
        char c = text.charAt(0);
        if (c == 't' && text.startsWith("time=")) {
            return scan(text, watch);
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
        return scan(line, null);
    }

    /** A logfmt text record's head, watched for {@code watch}'s names as {@link #head(String, int, NameWatch)} says. */
    public static Head scan(String line, NameWatch watch) {
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
        // Names are watched for from the space before "msg" on: the key "msg" is a token of that part too
        Watching w = watch == null ? null : new Watching(watch);
        if (w != null) {
            w.token(line, levelEnd + 1, end);
        }
        String message;
        int after;
        if (v < end && line.charAt(v) == '"') {
            int close = closingQuote(line, v + 1, end, w == null ? null : w.live());
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
            if (w != null) {
                w.tokens(line, v, after, end);
            }
        }
        if (after != end && line.charAt(after) != ' ') {
            return null;
        }
        if (!wellFormedFields(line, after, end, w == null ? null : w.live())) {
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
        return new Head(format, time, level, message, w == null ? Names.UNWATCHED : w.named ? Names.MENTIONED : Names.ABSENT);
    }

    /**
     * True if {@code [from, end)} is a run of {@code " key=value"} fields: a key up to its '=' (a
     * logrus key may hold spaces; a slog key may be quoted), then a quoted value or a bare one without
     * spaces. A line that fails is left to the full parse, which says what is wrong, so that the
     * selective reading counts a malformed line as unparsed exactly as the full reading does.
     */
    private static boolean wellFormedFields(String s, int from, int end, Watching watching) {
        Watching w = watching;
        int i = from;
        while (i < end) {
            if (s.charAt(i) != ' ' || i + 1 >= end) {
                return false;
            }
            i++;
            if (s.charAt(i) == '"') {
                int close = closingQuote(s, i + 1, end, w);
                if (close < 0 || close + 1 >= end || s.charAt(close + 1) != '=') {
                    return false;
                }
                w = w == null ? null : w.live();
                i = close + 2;
            } else {
                // After the separator and any spaces that start the key itself (logrus writes a key as given: Argo v3's
                // " workflowDeadline"), a key starts with neither a space nor '=' (the grammar's KEY_START), and holds
                // neither a '"' nor a raw CR up to its '=' (it may hold spaces)
                int k = i;
                while (k < end && s.charAt(k) == ' ') {
                    k++;
                }
                int eq = k;
                while (true) {
                    if (eq >= end) {
                        return false;
                    }
                    char c = s.charAt(eq);
                    if (c == '=') {
                        break;
                    }
                    if (w != null && isNameChar(c)) {
                        eq = w.token(s, eq, end);
                        w = w.live();
                        continue;
                    }
                    if (w != null && c == '\\') {
                        eq = w.backslash(s, eq, end);
                        w = w.live();
                        continue;
                    }
                    if (c == '"' || c == '\r') {
                        return false;
                    }
                    eq++;
                }
                if (eq == k || s.charAt(eq - 1) == ' ') {
                    return false;
                }
                i = eq + 1;
            }
            if (i < end && s.charAt(i) == '"') {
                int close = closingQuote(s, i + 1, end, w);
                if (close < 0) {
                    return false;
                }
                w = w == null ? null : w.live();
                i = close + 1;
            } else {
                while (i < end) {
                    char c = s.charAt(i);
                    if (c == ' ') {
                        break;
                    }
                    if (w != null && isNameChar(c)) {
                        i = w.token(s, i, end);
                        w = w.live();
                        continue;
                    }
                    if (w != null && c == '\\') {
                        i = w.backslash(s, i, end);
                        w = w.live();
                        continue;
                    }
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

    /** A letter Go's and JSON's quoting write after a backslash for a control character (\\n, \\t, \\r, \\a, \\b, \\f, \\v). */
    private static boolean isEscapeLetter(char c) {
        return c == 'n' || c == 't' || c == 'r' || c == 'a' || c == 'b' || c == 'f' || c == 'v';
    }

    /**
     * Index of the quote closing a Go-quoted string that starts at {@code from}, or -1, also where an
     * escape inside would not decode: the full read unquotes every quoted key and value and rejects
     * the line then (found by RecordParserFuzzTest). Only strings holding a backslash are decoded. Tells {@code watching}
     * (if not null) the runs of name characters inside the raw text, escapes as written (the character after a backslash
     * starts a run if it is a name character) and, after a control character's escape ({@code \n}, ...), as decoded too
     * (the run after its letter).
     */
    private static int closingQuote(String s, int from, int end, Watching watching) {
        Watching w = watching;
        boolean escaped = false;
        for (int i = from; i < end; i++) {
            char c = s.charAt(i);
            if (w != null && isNameChar(c)) {
                i = w.token(s, i, end) - 1;
                w = w.live();
                continue;
            }
            if (c == '\\') {
                escaped = true;
                if (++i < end && s.charAt(i) == '\r') {
                    return -1;
                }
                if (w != null && i < end && isNameChar(s.charAt(i))) {
                    if (isEscapeLetter(s.charAt(i)) && i + 1 < end && isNameChar(s.charAt(i + 1))) {
                        // The decoded text's run starts after the escape ("\nwf-a-1" holds wf-a-1 on a line of its own): told too
                        w.token(s, i + 1, end);
                        w = w.live();
                    }
                    if (w != null) {
                        i = w.token(s, i, end) - 1;
                        w = w.live();
                    }
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
