package dev.argoforensics.analysis;

import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The per-line work of both passes, for one worker thread (it owns a {@link RecordParser}): envelopes
 * peeled, then the cheapest reading that decides the line. A text record is first read only up to
 * its message ({@link QuickScan}); it is parsed in full when its message is always kept, when it
 * mentions a name of interest, or when the quick read fails (to say what is wrong).
 */
final class LineFrontEnd {
    private final MessageCatalog catalog;
    private final RecordParser parser = new RecordParser();

    LineFrontEnd(MessageCatalog catalog) {
        this.catalog = catalog;
    }

    /** Pass 2: every line of the chunk, classified; kept only what {@code interest} asks for. */
    ChunkResult read(LineChunk chunk, String csvHeader, Interest interest) throws IOException {
        List<ChunkItem> items = new ArrayList<>();
        long[] counts = walk(chunk, csvHeader, u -> items.add(classify(u, interest)));
        return new ChunkResult(chunk, counts[0], counts[1], items);
    }

    /**
     * Pass 1: the names the chunk's trigger lines make of interest, and which way its times run.
     */
    ScanResult scan(LineChunk chunk, String csvHeader) throws IOException {
        ScanResult result = new ScanResult();
        walk(chunk, csvHeader, u -> {
            String text = u.record();
            if (text.isBlank()) {
                return;
            }
            QuickScan.Head head = text.startsWith("time=") ? QuickScan.scan(text) : null;
            if (head != null) {
                result.time(head.time());
                CatalogEntry entry = catalog.entryFor(head.message());
                if (entry == null || entry.interest() != CatalogEntry.Interest.TRIGGER) {
                    return;
                }
            }
            LineParse p = parser.parse(text, StreamAssembler.UNKNOWN_YEAR);
            if (p instanceof LineParse.Parsed parsed) {
                if (head == null) {
                    result.time(parsed.record().time());
                }
                try {
                    catalog.match(parsed.record())
                            .filter(m -> m.entry().interest() == CatalogEntry.Interest.TRIGGER)
                            .ifPresent(m -> TriggerNames.add(m, result.interest));
                } catch (IllegalArgumentException e) {
                    // Pass 2 reports the line as unparsed.
                }
            }
        });
        return result;
    }

    private ChunkItem classify(UnwrappedLine u, Interest interest) {
        String text = u.record();
        if (text.isBlank()) {
            return new ChunkItem.Blank(u.firstLine());
        }
        if (text.startsWith("time=")) {
            QuickScan.Head head = QuickScan.scan(text);
            if (head != null) {
                CatalogEntry entry = catalog.entryFor(head.message());
                boolean keep = (entry != null && entry.interest() == CatalogEntry.Interest.ALWAYS) || interest.mentions(text);
                if (!keep) {
                    return new ChunkItem.Counted(u.firstLine(), u.lastLine(), u.envelope(), u.envelopeTime(), u.origin(),
                            u.envelope() == EnvelopeKind.PREFIX, head.time(), head.format(), head.level(), entry);
                }
            }
        }
        LineParse p = parser.parse(text, StreamAssembler.UNKNOWN_YEAR);
        if (p instanceof LineParse.Rejected r) {
            return new ChunkItem.Rejected(u, r.toString());
        }
        LogRecord record = ((LineParse.Parsed) p).record();
        Optional<CatalogMatch> match;
        try {
            match = catalog.match(record);
        } catch (IllegalArgumentException e) {
            return new ChunkItem.Rejected(u, "message \"" + record.message() + "\": " + e.getMessage());
        }
        boolean keep = (match.isPresent() && match.get().entry().interest() == CatalogEntry.Interest.ALWAYS) || interest.mentions(text);
        if (!keep) {
            return new ChunkItem.Counted(u.firstLine(), u.lastLine(), u.envelope(), u.envelopeTime(), u.origin(),
                    u.envelope() == EnvelopeKind.PREFIX, record.time(), record.format(), record.level(),
                    match.map(CatalogMatch::entry).orElse(null));
        }
        ReleaseEvidence releases = catalog.releases(record, match.orElse(null));
        return new ChunkItem.Kept(u, record, match.orElse(null), releases);
    }

    /** Reads the chunk's lines through the envelope decoder; returns {lines, envelope header rows}. */
    private static long[] walk(LineChunk chunk, String csvHeader, Consumer<UnwrappedLine> sink) throws IOException {
        EnvelopeDecoder envelopes = chunk.index() == 0 ? new EnvelopeDecoder() : EnvelopeDecoder.continuing(csvHeader);
        long lines = 0;
        try (ChunkLineReader reader = new ChunkLineReader(chunk)) {
            String line;
            while ((line = reader.next()) != null) {
                lines++;
                UnwrappedLine u = envelopes.decode(line, reader.lineNumber());
                if (u != null) {
                    sink.accept(u);
                }
            }
        }
        UnwrappedLine open = envelopes.flush();
        if (open != null) {
            sink.accept(open);
        }
        return new long[] {lines, envelopes.envelopeHeaders()};
    }
}
