package dev.argoforensics.envelope;

import dev.argoforensics.text.JsonStringPrefix;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Docker json-file lines pasted each only up to the end of the record its {@code log} string carries: the {@code \n} that ends
 * every such string, its closing quote, the stream and the time left off, often the opening brace too
 * ({@code "log":"time=\"…\" level=info msg=\"…\" namespace=ns workflow=w}, as argoproj/argo-workflows#11354 pastes them). One
 * such line alone cannot be told from a line cut short, whose last value the reading must not trust. Many of them can: a cut
 * (a terminal's width, a console's column) leaves lines of one length, or a quoted value open, while a tool that took each
 * line's tail off leaves lines of as many lengths as the records have, each record whole.
 */
public final class JsonFileEnds {
    /** Fewer such lines are no evidence of a tool. */
    static final int MIN_LINES = 3;

    private JsonFileEnds() {
    }

    /**
     * Whether {@code head}'s json-file lines all stop where their records end: at least {@link #MIN_LINES} lines that start a
     * json-file object (with or without its brace), none whose {@code log} string closes or ends with its {@code \n}, none
     * left with a quoted value open or ending in an ellipsis, no length shared by more than a third of them (by more than two
     * among fewer than nine), and one line alone at the longest length (lines cut at a width share it). A
     * file with one whole json-file line is not such a file.
     */
    public static boolean leftOff(List<String> head) {
        int lines = 0;
        Map<Integer, Integer> byLength = new HashMap<>();
        for (String line : head) {
            int from = line.startsWith("{" + JsonEnvelope.MEMBER_START) ? JsonEnvelope.MEMBER_START.length() + 1
                    : line.startsWith(JsonEnvelope.MEMBER_START) ? JsonEnvelope.MEMBER_START.length() : -1;
            if (from < 0) {
                continue;
            }
            JsonStringPrefix.Decoded d = JsonStringPrefix.decode(line, from);
            if (d.closed() || d.end() != line.length() || d.text().endsWith("\n") || !recordEnds(d.text())) {
                return false;
            }
            lines++;
            byLength.merge(line.length(), 1, Integer::sum);
        }
        if (lines < MIN_LINES) {
            return false;
        }
        int most = byLength.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        // Lines cut at a width all stop at it, the longest length of the file: two lines at the longest is a width's mark.
        int longest = byLength.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        return most <= Math.max(2, lines / 3) && byLength.get(longest) == 1;
    }

    /** Whether a record's text could end here: no quoted value left open, no ellipsis a viewer put for what it left out, a JSON
     * record closed. */
    private static boolean recordEnds(String text) {
        if (text.isBlank() || text.endsWith("…") || text.endsWith("...") || text.endsWith("\\")
                || text.startsWith("{") && !text.endsWith("}")) {
            return false; // a JSON record ends with its brace
        }
        boolean open = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && open) {
                i++;
            } else if (c == '"') {
                open = !open;
            }
        }
        return !open;
    }
}
