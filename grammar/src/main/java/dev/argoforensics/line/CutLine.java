package dev.argoforensics.line;

import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads what is certainly whole of a logrus-text, slog-text or logrus-TTY line that stops short: a
 * line pasted from a terminal, a log console or by hand, cut at the terminal's width or anywhere.
 * The value rules are the grammar's ({@code ControllerLogLexer}); what counts as whole is stricter:
 * <ul>
 * <li>time and level must be whole (a slog time or a level followed by a space, a logrus time with
 * its closing quote), else there is no record;</li>
 * <li>a quoted value is whole with its closing quote; a bare value only when a space follows it: a
 * bare value at the very end of a cut line may itself be cut ({@code delay=-1m24.2} of
 * {@code -1m24.257168224s}) and is dropped;</li>
 * <li>a cut message is kept as the prefix it is and marked cut.</li>
 * </ul>
 * Nothing is ever read differently from the whole line: only fewer fields.
 */
public final class CutLine {
    private static final Pattern TTY_HEADER = Pattern.compile(
            "(DEBU|INFO|WARN|ERRO|FATA|PANI|TRAC)\\[(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)?)] ");
    /** The start of a Go duration as {@code Duration.String} writes one, or a prefix of it. */
    private static final Pattern DURATION_SHAPE = Pattern.compile("[-+]?(\\d+(\\.\\d*)?([hmsunµμ]+(\\d+(\\.\\d*)?)?)*)?");

    private CutLine() {
    }

    /**
     * True if a bare value that ends a line is no whole value as the controller writes it: the
     * start of a Go duration that {@code Duration.String} never prints ({@code -1m24.2}, {@code -1m},
     * {@code -1}); the controller writes every duration that way, so such a value was cut. (Public for
     * the analyzer's test of cut lines inside envelopes.)
     */
    public static boolean stoppedInsideDuration(String value) {
        return stoppedInsideDuration(value, 0, value.length());
    }

    /**
     * {@link #stoppedInsideDuration(String)} for {@code s[from, to)}. The quick read asks it of every
     * line's last value: a value that starts with neither a sign nor a digit, or is all digits, is
     * answered without a regex or a copy.
     */
    static boolean stoppedInsideDuration(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        char c = s.charAt(from);
        if (c != '-' && c != '+' && !isAsciiDigit(c)) {
            return false; // DURATION_SHAPE: a sign or a digit first
        }
        int i = from;
        while (i < to && isAsciiDigit(s.charAt(i))) {
            i++;
        }
        if (i == to) {
            return false; // a plain integer is a whole value
        }
        String value = s.substring(from, to);
        if (!DURATION_SHAPE.matcher(value).matches()) {
            return false;
        }
        return !GoDuration.isValid(value) || !GoDuration.format(GoDuration.parse(value)).equals(value);
    }

    /** {@code \d} of a regex without UNICODE_CHARACTER_CLASS. */
    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * The record before the cut, or null if the line does not read as a record that stops short
     * (something other than the end of the line is wrong with it, or its time and level are not whole).
     *
     * @param known the line is known to be cut (its envelope says so, or its last value stops inside a
     *              duration): read it as cut even where every part looks whole
     * @param why   what shows the cut, in words
     */
    static LogRecord read(String line, boolean known, String why) {
        try {
            if (line.startsWith("time=")) {
                return new CutLine.Reader(line, known, why).logfmt();
            }
            if (line.length() > 5 && line.charAt(4) == '[') {
                return new CutLine.Reader(line, known, why).tty();
            }
        } catch (IllegalArgumentException e) {
            return null; // an escape or a time that does not decode: not a cut, a malformed line
        }
        return null;
    }

    private static final class Reader {
        private final String s;
        private final int end;
        private final boolean known;
        private final String why;
        private final List<Field> fields = new ArrayList<>();
        private RecordFormat format;
        private Timestamp time;
        private String rawTime;
        private Level level;
        private String message;

        Reader(String s, boolean known, String why) {
            this.s = s;
            this.end = s.length();
            this.known = known;
            this.why = why;
        }

        LogRecord logfmt() {
            int i;
            if (s.startsWith("time=\"")) {
                int close = s.indexOf('"', 6);
                if (close < 0 || !QuickScan.grammarTimestamp(s, 6, close)) {
                    return null;
                }
                format = RecordFormat.LOGRUS_TEXT;
                rawTime = s.substring(6, close);
                time = Timestamp.parseRfc3339(rawTime, null, true);
                i = close + 1;
            } else {
                int space = s.indexOf(' ', 5);
                if (space < 0 || !QuickScan.grammarTimestamp(s, 5, space)) {
                    return null; // a slog time at the end of the line may be cut inside its fraction
                }
                format = RecordFormat.SLOG_TEXT;
                rawTime = s.substring(5, space);
                time = Timestamp.parseRfc3339(rawTime, null, false);
                i = space;
            }
            if (!s.startsWith(" level=", i)) {
                return null;
            }
            int levelEnd = s.indexOf(' ', i + 7);
            if (levelEnd < 0) {
                return null; // the level may be cut
            }
            level = Level.parse(s.substring(i + 7, levelEnd));
            if (level == null) {
                return null;
            }
            i = levelEnd;
            if (end - i < 5) {
                return " msg=".startsWith(s.substring(i)) ? record(new Cut(null, null, true, why), "") : null;
            }
            if (!s.startsWith(" msg=", i)) {
                return null;
            }
            int v = i + 5;
            if (v == end) {
                return record(new Cut(null, null, true, why), "");
            }
            if (s.charAt(v) == '"') {
                int close = closingQuote(v + 1);
                if (close < 0) {
                    return record(new Cut(null, null, true, why), unescapePrefix(v + 1));
                }
                message = GoQuote.unescape(s, v + 1, close);
                return fields(close + 1, "msg", false);
            }
            int space = s.indexOf(' ', v);
            if (space < 0) {
                return record(new Cut(null, null, true, why), s.substring(v));
            }
            message = s.substring(v, space);
            return fields(space, "msg", false);
        }

        LogRecord tty() {
            java.util.regex.Matcher m = TTY_HEADER.matcher(s);
            if (!m.lookingAt()) {
                return null;
            }
            format = RecordFormat.LOGRUS_TTY;
            level = Level.parse(m.group(1));
            rawTime = m.group(2);
            time = Timestamp.parseRfc3339(rawTime, null, true);
            int from = m.end();
            // logrus pads a message shorter than 44 characters to 44 and adds a space: the fields start at column 45 of it
            int padEnd = from + 45;
            if (padEnd < end && s.charAt(padEnd - 1) == ' ' && s.charAt(padEnd - 2) == ' ' && s.charAt(padEnd) != ' ') {
                int pad = padEnd - 2;
                while (pad > from && s.charAt(pad - 1) == ' ') {
                    pad--;
                }
                message = s.substring(from, pad);
                return fields(padEnd - 1, "msg", true);
            }
            int gap = s.indexOf("  ", from);
            if (gap < 0) {
                return known ? record(new Cut(null, null, true, why), s.substring(from)) : null;
            }
            int keyStart = gap;
            while (keyStart < end && s.charAt(keyStart) == ' ') {
                keyStart++;
            }
            message = s.substring(from, gap);
            int eq = s.indexOf('=', keyStart);
            String firstKey = s.substring(keyStart, eq < 0 ? end : eq);
            if (eq < 0 || firstKey.contains("  ")) {
                // What follows the gap may be more of a message that held two spaces (v3's "failed to  list
                // pods in phase"), padded to 44 characters: the message is whole only where the padding is seen.
                boolean padded = keyStart - from >= 45 && !firstKey.contains("  ");
                if (eq < 0 || !padded) {
                    if (eq >= 0) {
                        int cut = firstKey.lastIndexOf("  ");
                        message = message + s.substring(gap, keyStart) + firstKey.substring(0, cut);
                        keyStart = keyStart + cut + 2;
                        return fields(keyStart - 1, "msg", true);
                    }
                    return padded ? record(new Cut("msg", null, false, why), message) : record(new Cut(null, null, true, why), message);
                }
            }
            return fields(keyStart - 1, "msg", true);
        }

        /**
         * The fields from {@code i} on, each {@code " key=value"}; the first of a TTY record without its
         * separating space ({@code i} then points at the last space of the gap).
         */
        private LogRecord fields(int start, String lastWhole, boolean ttyFirst) {
            int i = start;
            String last = lastWhole;
            boolean first = ttyFirst;
            while (true) {
                if (i >= end) {
                    // Everything up to the end is whole: a cut only if it is known to be one.
                    return known ? record(new Cut(last, null, false, why), message) : null;
                }
                if (s.charAt(i) != ' ') {
                    return null; // stray text after a value: malformed, not cut
                }
                int k = i + 1;
                if (k >= end) {
                    return record(new Cut(last, null, false, why), message);
                }
                String key;
                int eq;
                if (s.charAt(k) == '"') {
                    int close = closingQuote(k + 1);
                    if (close < 0 || close + 1 >= end) {
                        return record(new Cut(last, null, false, why), message);
                    }
                    if (s.charAt(close + 1) != '=') {
                        return null;
                    }
                    key = GoQuote.unescape(s, k + 1, close);
                    eq = close + 1;
                } else {
                    char c = s.charAt(k);
                    if (c == ' ' && !first || c == '=') {
                        return null;
                    }
                    eq = k;
                    while (eq < end && s.charAt(eq) != '=') {
                        if (s.charAt(eq) == '"' || s.charAt(eq) == '\r') {
                            return null;
                        }
                        eq++;
                    }
                    if (eq >= end) {
                        return record(new Cut(last, null, false, why), message); // a key without "=value"
                    }
                    key = s.substring(k, eq);
                }
                first = false;
                int v = eq + 1;
                if (v >= end) {
                    return record(new Cut(last, key, false, why), message); // "key=" and the value may follow
                }
                char c = s.charAt(v);
                if (c == ' ') {
                    fields.add(new Field(key, "", ValueStyle.EMPTY));
                    i = v;
                } else if (c == '"') {
                    int close = closingQuote(v + 1);
                    if (close < 0) {
                        return record(new Cut(last, key, false, why), message);
                    }
                    fields.add(new Field(key, GoQuote.unescape(s, v + 1, close), ValueStyle.QUOTED));
                    i = close + 1;
                } else {
                    int space = v;
                    while (space < end && s.charAt(space) != ' ') {
                        if (s.charAt(space) == '\r') {
                            return null;
                        }
                        space++;
                    }
                    if (space >= end) {
                        return record(new Cut(last, key, false, why), message); // a bare value at the end may be cut
                    }
                    fields.add(new Field(key, s.substring(v, space), ValueStyle.BARE));
                    i = space;
                }
                last = key;
            }
        }

        private LogRecord record(Cut cut, String msg) {
            return new LogRecord(format, time, rawTime, level, msg, fields, cut);
        }

        /** Index of the quote closing a Go-quoted string that starts at {@code from}, or -1 if the line ends first. */
        private int closingQuote(int from) {
            return GoQuote.closingQuote(s, from, end);
        }

        /** The Go-quoted text from {@code from} to the end of the line, less an escape the cut left unfinished. */
        private String unescapePrefix(int from) {
            for (int to = end; to >= Math.max(from, end - 10); to--) {
                try {
                    return GoQuote.unescape(s, from, to);
                } catch (IllegalArgumentException e) {
                    // an escape cut short (hex or Unicode digits missing, a lone backslash): try without its last characters
                }
            }
            throw new IllegalArgumentException("an escape that does not decode");
        }
    }
}
