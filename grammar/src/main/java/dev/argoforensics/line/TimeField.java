package dev.argoforensics.line;

/**
 * Where the time of a line that starts {@code time=} lies, as the quick head read and the hand-written logfmt reader
 * both take it: logrus text quotes it ({@code time="…"}), slog text does not ({@code time=… }).
 *
 * @param format what the quoting tells
 * @param from   the value's first character
 * @param to     just past its last (the closing quote, or the space after it)
 * @param next   where the record goes on after it
 */
record TimeField(RecordFormat format, int from, int to, int next) {
    /** The time field of {@code line}, which starts {@code time=} and is longer than 5 characters; null if it does not end. */
    static TimeField of(String line) {
        if (line.charAt(5) == '"') {
            int close = line.indexOf('"', 6);
            return close < 0 ? null : new TimeField(RecordFormat.LOGRUS_TEXT, 6, close, close + 1);
        }
        int space = line.indexOf(' ', 5);
        return space < 0 ? null : new TimeField(RecordFormat.SLOG_TEXT, 5, space, space);
    }
}
