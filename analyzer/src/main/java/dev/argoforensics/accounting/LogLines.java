package dev.argoforensics.accounting;

import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.LineParse;
import java.util.List;

/**
 * Every line of one log file as reading it gives: envelopes peeled, and every record read in full
 * by the grammar. What a {@link LogSource} gives back instead of the file; the analysis decides from
 * it, as from the file, which records to keep.
 *
 * @param lines         the unwrapped lines in file order (joined pieces are one line)
 * @param physicalLines the file's lines
 * @param envelopeHeaders export header rows among them
 * @param sha256        SHA-256 of the file as stored
 * @param newestFirst   pass 1 of an analysis judges the file an export written newest first (it
 *                      judges from a sample of the lines, so this is kept, not recomputed)
 * @param stats         what reading met besides lines (damage, cut lines, encoding trouble)
 */
public record LogLines(List<Line> lines, long physicalLines, long envelopeHeaders, String sha256, boolean newestFirst, ReadStats stats) {

    public LogLines {
        lines = List.copyOf(lines);
        stats = stats == null ? ReadStats.NONE : stats;
    }

    /**
     * One unwrapped line and what the grammar made of it.
     *
     * @param parse null for a blank line
     */
    public record Line(UnwrappedLine line, LineParse parse) {
    }
}
