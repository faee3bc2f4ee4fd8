package dev.argoforensics.read;

import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogLines.Line;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.SourceStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A whole log file as {@link LogLines}: what a {@code LogSource} that keeps lines (the index) stores. */
public final class WholeFile {
    private WholeFile() {
    }

    /**
     * Reads the whole file and parses every record (an analysis parses only what it keeps: this is
     * for keeping a file's lines, as the index does), and judges its time direction as pass 1 of an
     * analysis with the same catalog and chunk size does.
     */
    public static LogLines lines(InputFile file, MessageCatalog catalog, long chunkBytes) throws IOException {
        LineFrontEnd frontEnd = new LineFrontEnd(catalog);
        String firstLine = PlannedFile.firstContentLine(file);
        List<ScanResult> scans = new ArrayList<>();
        for (LineChunk c : HardWrap.planner(chunkBytes, ChunkLineReader.MAX_LINE_BYTES).plan(file)) {
            scans.add(frontEnd.scan(c, firstLine, Progress.NONE));
        }
        RecordParser parser = new RecordParser();
        List<Line> lines = new ArrayList<>();
        LineFrontEnd.Walked walked = LineFrontEnd.walk(new LineChunk(file, 0, 0, -1), null, u -> lines.add(new Line(u,
                u.record().isBlank() ? null : LineFrontEnd.placeholderDropped(u, parser.parse(u.record(), FileAssembler.UNKNOWN_YEAR, u.cut())))),
                (u, why) -> lines.add(new Line(u, new LineParse.Rejected(1, why))), Progress.NONE, ChunkLineReader.MAX_LINE_BYTES);
        String sha256;
        try (SourceStream s = SourceStream.stored(file)) {
            sha256 = s.sha256();
        }
        return new LogLines(lines, walked.lines(), walked.envelopeHeaders(), sha256, ScanResult.newestFirst(scans), walked.stats());
    }
}
