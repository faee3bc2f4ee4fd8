package dev.argoforensics.snapshot;

import dev.argoforensics.source.PasteShape;
import java.util.List;
import java.util.regex.Matcher;

/**
 * The line loop the pasted-table readers ({@code kubectl get pods}, {@code kubectl get workflows} and {@code argo list},
 * {@code kubectl get events}) share: colour codes and trailing blanks taken off, a prompt line handed over as the command that
 * printed what follows, blank lines, {@code #} comments, Markdown fences and {@code date}'s prompt and answer passed over, kubectl's {@code No resources found}
 * answer handed over as such, every other line handed to the reader with its number in the file.
 */
final class TableLines {
    private TableLines() {
    }

    /** What a reader does with each kind of line. */
    interface Reader {
        /** A prompt line: {@code command} printed the lines after it (up to the next prompt). */
        void prompt(long lineNo, String command);

        /** kubectl's {@code No resources found} answer ({@code answer}, as printed); {@code namespace} the one it names, "" when it names none. */
        default void noResources(long lineNo, String namespace, String answer) {
        }

        /** Any other line: {@code line} without colour codes and trailing blanks, {@code t} that stripped at both ends. */
        void line(long lineNo, String line, String t);

        /** After the last line. */
        default void end() {
        }
    }

    /** Hands each of {@code lines} (the first being line 1) to {@code reader}. */
    static void read(List<String> lines, Reader reader) {
        for (int i = 0; i < lines.size(); i++) {
            long lineNo = i + 1;
            String line = PasteShape.stripped(lines.get(i));
            String t = line.strip();
            String command = PasteShape.command(t); // a prompt's, or one pasted without its prompt
            if (command != null) {
                reader.prompt(lineNo, command);
                continue;
            }
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("```") || PasteShape.DATE_PROMPT.matcher(t).matches()
                    || PasteShape.DATE_OUTPUT.matcher(t).matches()) {
                // date's prompt and answer before the command ($ date -u; kubectl get events -A): the table's time, not a row
                // (PasteFileReader reads it as such).
                continue;
            }
            Matcher none = PasteShape.NO_RESOURCES.matcher(t);
            if (none.matches()) {
                reader.noResources(lineNo, none.group(1) == null ? "" : none.group(1), t);
                continue;
            }
            reader.line(lineNo, line, t);
        }
        reader.end();
    }
}
