package dev.argoforensics.line;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * A controller line as people quote it in an issue or a postmortem: a time of day only, the message,
 * then some {@code key=value} pairs, unquoted as slog prints them or Go-quoted, with {@code ...} or
 * {@code …} where the author left keys out:
 *
 * <pre>
 * 16:31:11.257 queuing pod delay ... delay=-1m24.257168224s action=removeFinalizer
 * [16:31:11] INFO cleaning up pod ... action=removeFinalizer
 * </pre>
 *
 * <p>The time is {@code HH:MM:SS} with an optional fraction of one to nine digits, bare or in brackets,
 * then optionally a level word ({@code INFO}, {@code info}, {@code WARN}, {@code ERRO}…). The message
 * runs to the first elision mark or {@code key=} token; after it only elision marks and pairs may
 * follow. Anything else (prose that starts with a time, a container's output) is no such line. The
 * shape alone proves nothing: the reader accepts the record only if its message is a known controller
 * message (the catalog decides, above this package). There is no date and no zone: the time is a
 * {@link dev.argoforensics.time.ZoneBasis#TIME_OF_DAY} on placeholder day 0 (the reader moves it to a
 * later day where the excerpt went past midnight), with the precision its digits state.
 */
public final class TimeOfDayLine {
    private TimeOfDayLine() {
    }

    /**
     * Marks people put where they left something out ({@code ...}, {@code …}, {@code [...]}); dots alone count as one
     * too ({@code ..}, a mark cut short at the end of a pasted line): no controller message holds a word of dots.
     */
    static boolean isElision(String token) {
        return token.chars().allMatch(c -> c == '.' || c == '…') || token.equals("[...]") || token.equals("[…]");
    }

    /** The record, or null if the line does not have the shape. */
    public static LogRecord read(String line) {
        int at = 0;
        boolean bracket = line.startsWith("[");
        if (bracket) {
            at = 1;
        }
        int clockEnd = clockEnd(line, at);
        if (clockEnd < 0) {
            return null;
        }
        String rawTime = line.substring(at, clockEnd);
        at = clockEnd;
        if (at < line.length() && line.charAt(at) == 'Z') {
            at++; // logrus's literal Z kept after the clock when the date was cut off (upstream #13937's shape): no zone it states
        }
        if (bracket) {
            if (at >= line.length() || line.charAt(at) != ']') {
                return null;
            }
            at++;
        }
        if (at >= line.length() || line.charAt(at) != ' ') {
            return null;
        }
        Timestamp time;
        try {
            time = time(rawTime);
        } catch (IllegalArgumentException e) {
            return null;
        }
        List<String> tokens = tokens(line.substring(at));
        if (tokens == null || tokens.isEmpty()) {
            return null;
        }
        int i = 0;
        Level level = null;
        if (tokens.size() == 1 && levelPrefix(tokens.get(0))) {
            return null; // a level, or the start of one, and no message: a line cut in or after its level
        }
        if (tokens.size() > 1 && isLevelWord(tokens.get(0))) {
            level = Level.parse(tokens.get(0));
            i = 1;
        } else if (tokens.size() > 1 && tokens.get(0).startsWith("level=") && tokens.get(1).startsWith("msg=")
                && Level.parse(tokens.get(0).substring(6)) != null) {
            level = Level.parse(tokens.get(0).substring(6));
            i = 1;
        }
        StringBuilder message = new StringBuilder();
        boolean msgKey = tokens.get(i).startsWith("msg=");
        if (msgKey) {
            // A logrus text line with its date (and maybe its level) cut off: HH:MM:SS.fffZ [level=info] msg="…" key=value… The
            // message is msg's value, bare or Go-quoted; the pairs follow as in the other form (session 58).
            String raw = tokens.get(i).substring(4);
            if (raw.isEmpty()) {
                return null;
            }
            if (raw.startsWith("\"")) {
                try {
                    message.append(GoQuote.unquote(raw));
                } catch (IllegalArgumentException e) {
                    return null;
                }
            } else {
                message.append(raw);
            }
            i++;
        }
        for (; !msgKey && i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (isElision(t) || pairKeyEnd(t) > 0) {
                break;
            }
            if (t.startsWith("\"")) {
                return null; // a quoted word in a message: prose, or a record of another shape
            }
            if (!message.isEmpty()) {
                message.append(' ');
            }
            message.append(t);
        }
        if (message.isEmpty()) {
            return null;
        }
        List<Field> fields = new ArrayList<>();
        for (; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (isElision(t)) {
                continue;
            }
            int eq = pairKeyEnd(t);
            if (eq <= 0) {
                return null; // a word after the pairs began: not a controller line's shape
            }
            String key = t.substring(0, eq);
            String raw = t.substring(eq + 1);
            if (raw.isEmpty()) {
                fields.add(new Field(key, "", ValueStyle.EMPTY));
            } else if (raw.startsWith("\"")) {
                String value;
                try {
                    value = GoQuote.unquote(raw);
                } catch (IllegalArgumentException e) {
                    return null;
                }
                fields.add(new Field(key, value, ValueStyle.QUOTED));
            } else {
                fields.add(new Field(key, raw, ValueStyle.BARE));
            }
        }
        if (!fields.isEmpty()) {
            Field last = fields.get(fields.size() - 1);
            if (last.style() == ValueStyle.BARE && line.endsWith(last.value()) && CutLine.stoppedInsideDuration(last.value())) {
                // Cut inside a Go duration (a line pasted cut short): the value is dropped, never read as a shorter delay.
                List<Field> whole = fields.subList(0, fields.size() - 1);
                String lastWhole = whole.isEmpty() ? "msg" : whole.get(whole.size() - 1).key();
                return new LogRecord(RecordFormat.TIME_OF_DAY, time, rawTime, level, message.toString(), whole,
                        new Cut(lastWhole, last.key(), false, last.key() + "=" + last.value() + " stops inside a Go duration"));
            }
        }
        return new LogRecord(RecordFormat.TIME_OF_DAY, time, rawTime, level, message.toString(), fields);
    }

    /** The time of {@code HH:MM:SS[.fraction]} on placeholder day 0, with the precision its digits state. */
    static Timestamp time(String raw) {
        int hour = Integer.parseInt(raw.substring(0, 2));
        int minute = Integer.parseInt(raw.substring(3, 5));
        int second = Integer.parseInt(raw.substring(6, 8));
        int nano = 0;
        int digits = 0;
        if (raw.length() > 8) {
            String fraction = raw.substring(9);
            digits = fraction.length();
            nano = Integer.parseInt((fraction + "000000000").substring(0, 9));
        }
        return Timestamp.timeOfDay(hour, minute, second, nano, TimePrecision.ofFractionDigits(digits), 0);
    }

    /** Where {@code HH:MM:SS[.f{1,9}]} starting at {@code from} ends, or -1. */
    private static int clockEnd(String s, int from) {
        if (s.length() < from + 8 || !digits(s, from, 2) || s.charAt(from + 2) != ':' || !digits(s, from + 3, 2) || s.charAt(from + 5) != ':'
                || !digits(s, from + 6, 2)) {
            return -1;
        }
        int end = from + 8;
        if (end < s.length() && s.charAt(end) == '.') {
            int f = end + 1;
            while (f < s.length() && f - end - 1 < 10 && Character.isDigit(s.charAt(f))) {
                f++;
            }
            int n = f - end - 1;
            if (n == 0 || n > 9) {
                return -1;
            }
            end = f;
        }
        return end;
    }

    private static boolean digits(String s, int from, int n) {
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** The level words logrus, its TTY form and slog print (not klog's single letters, which are words too). */
    private static boolean isLevelWord(String t) {
        return t.length() >= 4 && Level.parse(t) != null;
    }

    private static final java.util.List<String> LEVEL_WORDS = java.util.List.of("trace", "debug", "info", "warning", "error", "fatal", "panic");

    /** A level word or the start of one ({@code I}, {@code WAR}), any case. */
    private static boolean levelPrefix(String t) {
        String lower = t.toLowerCase(java.util.Locale.ROOT);
        return LEVEL_WORDS.stream().anyMatch(w -> w.startsWith(lower));
    }

    /** The index of the '=' ending a key at the token's start ({@code key=}, {@code pod.Finalizers=}), or -1. */
    static int pairKeyEnd(String t) {
        int eq = t.indexOf('=');
        if (eq <= 0) {
            return -1;
        }
        char first = t.charAt(0);
        if (!Character.isLetter(first) && first != '_') {
            return -1;
        }
        for (int i = 1; i < eq; i++) {
            char c = t.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_' && c != '.' && c != '-') {
                return -1;
            }
        }
        return eq;
    }

    /** Space-separated tokens, a Go-quoted value kept whole with its spaces; null if a quote is not closed. */
    private static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && s.charAt(i) == ' ') {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            boolean quoted = false;
            while (i < n && (quoted || s.charAt(i) != ' ')) {
                char c = s.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                } else if (c == '\\' && quoted) {
                    i++;
                }
                i++;
            }
            if (quoted) {
                return null;
            }
            out.add(s.substring(start, Math.min(i, n)));
        }
        return out;
    }
}
