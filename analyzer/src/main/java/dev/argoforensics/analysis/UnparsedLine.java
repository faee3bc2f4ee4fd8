package dev.argoforensics.analysis;

import dev.argoforensics.source.SourceRef;

/**
 * A line the analyzer could not read as a record, kept as a sample for the report.
 *
 * @param reason what was expected and what was found
 * @param text   the line (shortened if very long)
 */
public record UnparsedLine(SourceRef source, String reason, String text) {
    static final int MAX_TEXT = 200;

    /** Long lines are shortened with a count; control characters are shown as {@code \xNN}, never written raw. */
    static UnparsedLine of(SourceRef source, String reason, String text) {
        String t = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "… (" + text.length() + " characters)" : text;
        return new UnparsedLine(source, visible(reason), visible(t));
    }

    static String visible(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = (c < 0x20 && c != '\t') || c == 0x7f;
            if (control && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (control) {
                    b.append(String.format("\\x%02x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
