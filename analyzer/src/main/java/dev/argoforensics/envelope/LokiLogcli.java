package dev.argoforensics.envelope;

/**
 * Loki's {@code logcli query} default output: {@code <RFC 3339> {<labels>} <line>}, the time in
 * seconds (or finer) with its zone, the labels that differ between streams in braces (those common
 * to all are printed once above, "Common labels: {…}", and may be left out: {@code {}}). The
 * {@code pod} and {@code container} labels are taken.
 */
final class LokiLogcli {
    private LokiLogcli() {
    }

    /**
     * The line behind the time and labels; null if what follows the time is not a label set (a JSON
     * record behind {@code kubectl --timestamps} starts {@code {"}, a label set {@code {name=} or {@code {}}).
     */
    static JsonEnvelope.Content read(String line, int timeEnd) {
        int open = timeEnd + 1;
        if (open + 1 >= line.length() || line.charAt(open) != '{') {
            return null;
        }
        char first = line.charAt(open + 1);
        if (first != '}' && !(Character.isLetter(first) || first == '_')) {
            return null;
        }
        int close = labelsEnd(line, open);
        if (close < 0 || (close + 1 < line.length() && line.charAt(close + 1) != ' ')) {
            return null;
        }
        String labels = line.substring(open, close + 1);
        if (!labels.equals("{}") && labels.indexOf("=\"") < 0) {
            return null; // braces, but no name="value"
        }
        var time = PrefixTimes.digitsTime(line.substring(0, timeEnd));
        if (time == null) {
            return null;
        }
        int from = close + 1;
        while (from < line.length() && line.charAt(from) == ' ') {
            from++; // logcli pads the label sets to one width
        }
        return new JsonEnvelope.Content(line.substring(from), true, EnvelopeKind.LOKI_LOGCLI, time, label(labels, "pod"),
                label(labels, "container"), labels);
    }

    /** The index of the brace closing a label set, skipping quoted values; -1 if it is not {@code name="value", …}. */
    private static int labelsEnd(String line, int open) {
        boolean quoted = false;
        for (int i = open + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                if (line.charAt(i - 1) != '=') {
                    return -1;
                }
                quoted = true;
            } else if (c == '}') {
                return i;
            }
        }
        return -1;
    }

    /** A label's value, or null. */
    static String label(String labels, String name) {
        int at = labels.indexOf(name + "=\"");
        while (at > 0 && Character.isLetterOrDigit(labels.charAt(at - 1)) || at > 0 && labels.charAt(at - 1) == '_') {
            at = labels.indexOf(name + "=\"", at + 1);
        }
        if (at < 0) {
            return null;
        }
        int start = at + name.length() + 2;
        int end = labels.indexOf('"', start);
        return end < 0 || end == start ? null : labels.substring(start, end);
    }
}
