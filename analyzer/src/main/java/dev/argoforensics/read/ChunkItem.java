package dev.argoforensics.read;

import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.time.Timestamp;

/** What one line (or joined line) of a chunk turned out to be; line numbers are within the chunk. */
sealed interface ChunkItem permits ChunkItem.Blank, ChunkItem.Counted, ChunkItem.Kept, ChunkItem.Rejected, ChunkItem.OtherContainer,
        CountedRun {

    /** The first line the item holds (within its chunk). */
    static long firstLine(ChunkItem item) {
        if (item instanceof Blank b) {
            return b.line();
        } else if (item instanceof Counted c) {
            return c.firstLine();
        } else if (item instanceof Kept k) {
            return k.line().firstLine();
        } else if (item instanceof Rejected r) {
            return r.line().firstLine();
        } else if (item instanceof OtherContainer o) {
            return o.firstLine();
        }
        return ((CountedRun) item).firstLine;
    }

    /** The last line the item holds (within its chunk). */
    static long lastLine(ChunkItem item) {
        if (item instanceof Blank b) {
            return b.line();
        } else if (item instanceof Counted c) {
            return c.lastLine();
        } else if (item instanceof Kept k) {
            return k.line().lastLine();
        } else if (item instanceof Rejected r) {
            return r.line().lastLine();
        } else if (item instanceof OtherContainer o) {
            return o.lastLine();
        }
        return ((CountedRun) item).lastLine;
    }

    /** An empty line. */
    record Blank(long line) implements ChunkItem {
    }

    /**
     * A record read up to its message and counted, but not kept: it concerns nothing of interest.
     * {@code cut}: what the line lost, for a line cut short (read in full then); null for a whole one.
     *
     * @param entry        the catalog entry its message belongs to, or null
     * @param namesNothing its message names no Pod, Workflow or namespace ({@link dev.argoforensics.catalog.NamelessMessages})
     */
    record Counted(long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin, boolean prefixed,
                   Timestamp time, RecordFormat format, Level level, CatalogEntry entry, String cut, boolean namesNothing) implements ChunkItem {
        /** A record read from a whole line. */
        Counted(long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin, boolean prefixed,
                Timestamp time, RecordFormat format, Level level, CatalogEntry entry, boolean namesNothing) {
            this(firstLine, lastLine, envelope, envelopeTime, origin, prefixed, time, format, level, entry, null, namesNothing);
        }
    }

    /**
     * A record parsed in full and kept: it concerns a Pod or Workflow of interest, or the controller
     * itself. Only what the assembler needs: its fields were read into {@code event} by the worker,
     * and the rest of the parse is garbage before the item waits for its turn.
     *
     * @param catalogId the catalog entry it matched, or null for a message the catalog does not know
     * @param event     the typed event ({@link ControllerEvent.Unrecognized} for an unknown message)
     * @param cut       what the line lost, for a line cut short; null for a whole one
     * @param namesNothing its message names no Pod, Workflow or namespace ({@link dev.argoforensics.catalog.NamelessMessages})
     * @param redacted     a name of it the user redacted ({@link dev.argoforensics.event.RedactedNames}), or null
     * @param parsed       the record and its match, for a reading with a sink ({@link EventSink}); null otherwise
     * @param text         where the reading thread put the record's text ({@code line}'s record is then empty), or null:
     *                     the record's text is {@code line}'s, and the assembler packs it
     */
    record Kept(UnwrappedLine line, Timestamp time, RecordFormat format, Level level, String catalogId, ControllerEvent event,
                ReleaseEvidence releases, String cut, boolean namesNothing, String redacted, ParsedRecord parsed, PackedText text) implements ChunkItem {
        /** A kept record whose parse is not kept. */
        Kept(UnwrappedLine line, Timestamp time, RecordFormat format, Level level, String catalogId, ControllerEvent event,
             ReleaseEvidence releases, String cut, boolean namesNothing, String redacted) {
            this(line, time, format, level, catalogId, event, releases, cut, namesNothing, redacted, null, null);
        }

        /** A kept record whose text is in {@code line}. */
        Kept(UnwrappedLine line, Timestamp time, RecordFormat format, Level level, String catalogId, ControllerEvent event,
             ReleaseEvidence releases, String cut, boolean namesNothing, String redacted, ParsedRecord parsed) {
            this(line, time, format, level, catalogId, event, releases, cut, namesNothing, redacted, parsed, null);
        }

        /** The record's text, wherever it is held. */
        String recordText() {
            return text == null ? line.record() : text.block().text(text.index());
        }

        /** The same item, its text put into {@code packer} (the line keeps no copy of it). */
        Kept packedInto(TextBlock.Packer packer) {
            if (text != null) {
                return this;
            }
            packer.add(line.record());
            return new Kept(line.withoutRecord(), time, format, level, catalogId, event, releases, cut, namesNothing, redacted, parsed,
                    new PackedText(packer.block(), packer.index()));
        }

        /** The same item with its text in {@code line}, as the assembler is given it on another machine ({@link ChunkWire}). */
        Kept unpacked() {
            return text == null ? this : new Kept(line.withRecord(recordText()), time, format, level, catalogId, event, releases, cut,
                    namesNothing, redacted, parsed, null);
        }
    }

    /** A kept record's text, packed by the reading thread: its block and its place there. */
    record PackedText(TextBlock block, int index) {
    }

    /**
     * A line of another container than the controller's (dev.argoforensics.envelope.OtherContainers): counted apart, not read.
     *
     * @param executorPod the Pod the executor's start-up line ({@code Executor initialized}) names where no wrapper named the
     *                    line's Pod, else null: the executor's later lines of the file are that Pod's ({@link FileAssembler})
     */
    record OtherContainer(long firstLine, long lastLine, String container, EnvelopeKind envelope, dev.argoforensics.event.PodRef executorPod)
            implements ChunkItem {
        OtherContainer(long firstLine, long lastLine, String container, EnvelopeKind envelope) {
            this(firstLine, lastLine, container, envelope, null);
        }
    }

    /** A line that is not a record (or a piece of a Go panic; the assembler decides). */
    record Rejected(UnwrappedLine line, String reason) implements ChunkItem {
    }
}
