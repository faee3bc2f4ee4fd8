package dev.argoforensics.accounting;

import dev.argoforensics.line.Terminal;
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
    public static UnparsedLine of(SourceRef source, String reason, String text) {
        String t = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "… (" + text.length() + " characters)" : text;
        return new UnparsedLine(source, Terminal.visible(reason), Terminal.visible(t));
    }
}
