package dev.argoforensics.envelope;

/**
 * Where a controller record begins (reference, section 10): {@code {"} (JSON), {@code time="}
 * (logrus text), {@code time=} and a digit (slog text), a logrus TTY level and bracket, or a klog
 * header. Used to find a record behind a prefix no known wrapper explains.
 */
public final class RecordStart {
    private static final String[] TTY = {"DEBU[", "INFO[", "WARN[", "ERRO[", "FATA[", "PANI[", "TRAC["};

    private RecordStart() {
    }

    /** True if a record starts at {@code text[at]}. */
    public static boolean at(String text, int at) {
        if (at >= text.length()) {
            return false;
        }
        char c = text.charAt(at);
        if (c == '{') {
            return at + 1 < text.length() && text.charAt(at + 1) == '"';
        }
        if (c == 't' && text.startsWith("time=", at) && at + 5 < text.length()) {
            char v = text.charAt(at + 5);
            return v == '"' || (v >= '0' && v <= '9');
        }
        for (String t : TTY) {
            if (text.startsWith(t, at)) {
                return true;
            }
        }
        return isKlogHeader(text, at);
    }

    /**
     * The first position after the start of the text, at a word boundary, where a record begins;
     * -1 if there is none. A {@code -} is a boundary too: {@code grep -n} and {@code grep -H} with {@code -A}/{@code -B}/{@code -C}
     * put it between the line number or file name and a context line ({@code 120-time=…}, {@code controller.log-time=…}), where
     * the matching lines get a {@code :}.
     */
    public static int find(String text) {
        for (int i = 1; i < text.length(); i++) {
            char before = text.charAt(i - 1);
            if ((before == ' ' || before == '\t' || before == '|' || before == ',' || before == '"' || before == ']' || before == ':'
                    || before == '-' || (before == 'm' && afterColour(text, i))) && at(text, i) && !inFlag(text, i)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether the text just before {@code i} is a colour sequence ({@code ESC [ 0 m}): kubetail resets its colour between its
     * {@code [pod] } and the line, so the record follows the sequence with no space (session 51: before, such a line was unparsed).
     */
    private static boolean afterColour(String text, int i) {
        int j = i - 2;
        while (j >= 0 && (Character.isDigit(text.charAt(j)) || text.charAt(j) == ';')) {
            j--;
        }
        return j >= 1 && text.charAt(j) == '[' && text.charAt(j - 1) == '\u001b';
    }

    /**
     * Whether the record start at {@code at} is only the tail of a command-line flag's name ({@code --since-time=2026-11-24T16:20:00Z}
     * on a {@code kubectl logs} prompt): the word holding it begins with {@code -} and holds nothing but letters and hyphens before
     * it. A record pasted onto such a flag's value without a line break ({@code --since-time=2026-…Ztime="…"}) is still found.
     */
    static boolean inFlag(String text, int at) {
        int start = at;
        while (start > 0 && !Character.isWhitespace(text.charAt(start - 1))) {
            start--;
        }
        if (start >= at || text.charAt(start) != '-') {
            return false;
        }
        for (int i = start; i < at; i++) {
            char c = text.charAt(i);
            if (c != '-' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z')) {
                return false;
            }
        }
        return true;
    }

    /**
     * A command that prints logs, with or without a prompt, at the start of a line: Argo's bug report form words its
     * log fields so ("kubectl logs -n argo deploy/workflow-controller | grep ${workflow}"), and a paste right after it
     * glues the first record to the command's last word.
     */
    private static final java.util.regex.Pattern LOG_COMMAND = java.util.regex.Pattern.compile(
            "(?:[$%#]\\s+)?(?:(?:kubectl|k|oc)\\s+(?:\\S+\\s+)*?logs|stern|kubetail|argo\\s+logs)\\s");

    /**
     * Where a record begins right after a log command it was pasted onto without a line break
     * ({@code … | grep my-wftime="2026-…" level=info …}): the first record start after the command's first words,
     * wherever it is; -1 if the text does not begin with such a command or holds no record.
     */
    public static int afterLogCommand(String text) {
        java.util.regex.Matcher m = LOG_COMMAND.matcher(text);
        if (!m.lookingAt()) {
            return -1;
        }
        for (int i = m.end(); i < text.length(); i++) {
            if (at(text, i) && !inFlag(text, i)) {
                return i;
            }
        }
        return -1;
    }

    /** A record's time as the controller writes it: date, time to the second, an optional fraction and zone. */
    private static final java.util.regex.Pattern WHOLE_TIME = java.util.regex.Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}:?\\d{2})?");

    /**
     * Whether the record that starts at {@code at} ({@link #at}) reads on past its time: a text record's level or message right after
     * it, a JSON object's level or message; a logrus TTY or klog header always does. A command's argument shaped as a time
     * ({@code grep time=2026-10-14T09:12}, {@code grep -E "time=2026-10-14T09:1[23]"}) holds the time alone, and where a record was
     * pasted onto such an argument without a break ({@code grep time=2026-10-14T09:12time="…" level=info …}) the argument's time runs
     * into the record's quote, which no unquoted time holds.
     */
    public static boolean beyondTime(String text, int at) {
        char c = text.charAt(at);
        if (c == 't') {
            int i = at + 5;
            int from;
            int to;
            if (text.charAt(i) == '"') {
                from = i + 1;
                i = text.indexOf('"', i + 1);
                if (i < 0) {
                    return false;
                }
                to = i;
                i++;
            } else {
                from = i;
                while (i < text.length() && text.charAt(i) != ' ' && text.charAt(i) != '"') {
                    i++;
                }
                to = i;
            }
            // The value must be a whole time, to the second: a pattern that only starts as one ({@code grep "time=2026-10-14T09:12.*
            // level=error"}) reads on past it too, but its value is no time (session 52's breaker).
            return WHOLE_TIME.matcher(text).region(from, to).matches() && (text.startsWith(" level=", i) || text.startsWith(" msg=", i));
        }
        if (c == '{') {
            return text.indexOf("\"level\"", at) > 0 || text.indexOf("\"msg\"", at) > 0 || text.indexOf("\"message\"", at) > 0;
        }
        return true;
    }

    /** The first position from {@code from} on where a record starts ({@link #at}) that is no flag's tail; -1 if none. */
    public static int next(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (at(text, i) && !inFlag(text, i)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code I0919 10:00:00.123456} */
    private static boolean isKlogHeader(String s, int at) {
        if (at + 14 > s.length() || "IWEF".indexOf(s.charAt(at)) < 0) {
            return false;
        }
        for (int i = 1; i <= 4; i++) {
            if (!Character.isDigit(s.charAt(at + i))) {
                return false;
            }
        }
        return s.charAt(at + 5) == ' ' && Character.isDigit(s.charAt(at + 6)) && s.charAt(at + 8) == ':';
    }
}
