package dev.argoforensics.analysis;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.SourceStream;
import java.io.IOException;
import java.util.ArrayList;
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

    /**
     * Reads the whole file and parses every record (an analysis parses only what it keeps: this is
     * for keeping a file's lines, as the index does), and judges its time direction as pass 1 of an
     * analysis with the same catalog and chunk size does.
     */
    public static LogLines read(InputFile file, MessageCatalog catalog, long chunkBytes) throws IOException {
        LineFrontEnd frontEnd = new LineFrontEnd(catalog);
        String firstLine = Analysis.firstContentLine(file);
        List<ScanResult> scans = new ArrayList<>();
        for (LineChunk c : new ChunkPlanner(chunkBytes).plan(file)) {
            scans.add(frontEnd.scan(c, firstLine, Progress.NONE));
        }
        RecordParser parser = new RecordParser();
        List<Line> lines = new ArrayList<>();
        LineFrontEnd.Walked walked = LineFrontEnd.walk(new LineChunk(file, 0, 0, -1), null, u -> lines.add(new Line(u,
                u.record().isBlank() ? null : parser.parse(u.record(), StreamAssembler.UNKNOWN_YEAR, u.cut()))),
                (u, why) -> lines.add(new Line(u, new LineParse.Rejected(1, why))), Progress.NONE, ChunkLineReader.MAX_LINE_BYTES);
        String sha256;
        try (SourceStream s = SourceStream.stored(file)) {
            sha256 = s.sha256();
        }
        return new LogLines(lines, walked.lines(), walked.envelopeHeaders(), sha256, ScanResult.newestFirst(scans), walked.stats());
    }
}
