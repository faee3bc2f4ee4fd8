package dev.argoforensics.analysis;

import dev.argoforensics.source.InputFile;
import java.util.List;

/**
 * What reading one input gave: every line is counted as part of an event, blank, or unparsed.
 *
 * @param format     what was detected, in words ("slog text", "slog text, logrus text; CRI log file")
 * @param lines      physical lines
 * @param events     records read as events (for snapshots: objects read)
 * @param recognised events whose message the catalog knows (for snapshots: objects of a known kind)
 * @param blank      empty lines
 * @param unparsed   lines that are not a record (for snapshots: objects that could not be read)
 * @param samples    the first unparsed lines, with the reason
 */
public record InputSummary(
        InputFile file,
        String format,
        String sha256,
        long lines,
        long events,
        long recognised,
        long blank,
        long unparsed,
        List<UnparsedLine> samples) {

    public InputSummary {
        samples = List.copyOf(samples);
    }
}
