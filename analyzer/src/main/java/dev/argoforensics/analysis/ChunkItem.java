package dev.argoforensics.analysis;

import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.time.Timestamp;

/** What one line (or joined line) of a chunk turned out to be; line numbers are within the chunk. */
sealed interface ChunkItem permits ChunkItem.Blank, ChunkItem.Counted, ChunkItem.Kept, ChunkItem.Rejected, CountedRun {

    /** An empty line. */
    record Blank(long line) implements ChunkItem {
    }

    /**
     * A record read up to its message and counted, but not kept: it concerns nothing of interest.
     *
     * @param entry the catalog entry its message belongs to, or null
     */
    record Counted(long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin, boolean prefixed,
                   Timestamp time, RecordFormat format, Level level, CatalogEntry entry) implements ChunkItem {
    }

    /**
     * A record parsed in full and kept: it concerns a Pod or Workflow of interest, or the controller itself.
     *
     * @param match what the catalog makes of it, or null for a message it does not know
     */
    record Kept(UnwrappedLine line, LogRecord record, CatalogMatch match, ReleaseEvidence releases) implements ChunkItem {
    }

    /** A line that is not a record (or a piece of a Go panic; the assembler decides). */
    record Rejected(UnwrappedLine line, String reason) implements ChunkItem {
    }
}
