package dev.argoforensics.read;

import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.KindBits;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.event.TimeCodes;
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
            return k.firstLine();
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
            return k.lastLine();
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
                   Timestamp time, RecordFormat format, Level level, CatalogEntry entry, String cut, boolean namesNothing,
                   String passKey) implements ChunkItem {
        /** A record read from a whole line. */
        Counted(long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin, boolean prefixed,
                Timestamp time, RecordFormat format, Level level, CatalogEntry entry, boolean namesNothing, String passKey) {
            this(firstLine, lastLine, envelope, envelopeTime, origin, prefixed, time, format, level, entry, null, namesNothing, passKey);
        }
    }

    /**
     * A record parsed in full and kept: it concerns a Pod or Workflow of interest, or the controller
     * itself. Only what the assembler needs: its fields were read into {@code event} by the worker,
     * and the rest of the parse is garbage before the item waits for its turn.
     *
     * <p>Held compactly, as {@link dev.argoforensics.event.LogEvent} holds its times: a chunk's items wait for the assembler
     * longer than a young collection (the chunk's own reading, then the chunks before it), so each is promoted, and is
     * garbage in the old generation once the assembler made its event. Held as a record of its line ({@link UnwrappedLine}),
     * two {@link Timestamp}s and its packed text's place, a kept line waited as five objects, about 200 bytes, for an
     * event of 80 (docs/performance.md, session 25: 39% of the heap's garbage 6 s into pass 2 on an incident corpus); here
     * it waits as one of 80, its times as nanoseconds and codes ({@link TimeCodes}), its kinds in a few bits, its text (the
     * line's, or the block the reading thread packed it in) in one field, and what few lines have (a prefix, a cut, a
     * redacted name, the parse for a sink, a time no long holds) in {@link Rest}; packing it copies the fields, making
     * nothing else. {@link #line()} and {@link #time()} make the objects when asked; equality is over them, as the
     * record's was.
     */
    final class Kept implements ChunkItem {
        /**
         * What few kept lines have: a prefix, the line cut inside its envelope, what the record lost, a redacted name, the parse
         * for a sink, and times no long of nanoseconds holds (or a line span beyond an int), then held as they are.
         */
        private record Rest(String prefix, boolean lineCut, String cut, String redacted, ParsedRecord parsed, Timestamp time,
                            Timestamp envelopeTime, long lastLine) {
        }

        private final long firstLine;
        private final long timeNanos;
        private final long envelopeNanos;
        private final int lineSpan;
        private final int kinds;
        private final int textIndex;
        private final String origin;
        private final String container;
        private final String catalogId;
        private final ControllerEvent event;
        private final ReleaseEvidence releases;
        /** The record's text: a String while it is in the line (not packed), else the {@link TextBlock} it was packed in. */
        private final Object text;
        private final Rest rest;
        private final boolean namesNothing;

        /**
         * @param catalogId the catalog entry it matched, or null for a message the catalog does not know
         * @param event     the typed event ({@link ControllerEvent.Unrecognized} for an unknown message)
         * @param cut       what the line lost, for a line cut short; null for a whole one
         * @param namesNothing its message names no Pod, Workflow or namespace ({@link dev.argoforensics.catalog.NamelessMessages})
         * @param redacted     a name of it the user redacted ({@link dev.argoforensics.event.RedactedNames}), or null
         * @param parsed       the record and its match, for a reading with a sink ({@link EventSink}); null otherwise
         * @param text         where the reading thread put the record's text ({@code line}'s record is then empty), or null:
         *                     the record's text is {@code line}'s, and the assembler packs it
         */
        Kept(UnwrappedLine line, Timestamp time, RecordFormat format, Level level, String catalogId, ControllerEvent event,
             ReleaseEvidence releases, String cut, boolean namesNothing, String redacted, ParsedRecord parsed, PackedText text) {
            java.util.Objects.requireNonNull(time, "time");
            Timestamp envelopeTime = line.envelopeTime();
            long span = line.lastLine() - line.firstLine();
            boolean fits = span >= 0 && span <= Integer.MAX_VALUE && TimeCodes.fits(time) && (envelopeTime == null || TimeCodes.fits(envelopeTime));
            this.firstLine = line.firstLine();
            this.lineSpan = fits ? (int) span : 0;
            this.timeNanos = fits ? TimeCodes.nanos(time) : 0L;
            this.envelopeNanos = fits && envelopeTime != null ? TimeCodes.nanos(envelopeTime) : 0L;
            int kinds = KindBits.of(line.envelope(), format, level);
            this.kinds = fits ? KindBits.withTimes(kinds, TimeCodes.code(time), TimeCodes.code(envelopeTime)) : kinds;
            this.origin = line.origin();
            this.container = line.container();
            this.catalogId = catalogId;
            this.event = event;
            this.releases = releases;
            this.text = text == null ? line.record() : text.block();
            this.textIndex = text == null ? 0 : text.index();
            this.namesNothing = namesNothing;
            this.rest = fits && line.prefix() == null && !line.cut() && cut == null && redacted == null && parsed == null
                    ? null
                    : new Rest(line.prefix(), line.cut(), cut, redacted, parsed, fits ? null : time, fits ? null : envelopeTime,
                    line.lastLine());
        }

        /** {@code k} with its text packed at {@code index} of {@code block}: the same fields, no object made on the way. */
        private Kept(Kept k, TextBlock block, int index) {
            this.firstLine = k.firstLine;
            this.lineSpan = k.lineSpan;
            this.timeNanos = k.timeNanos;
            this.envelopeNanos = k.envelopeNanos;
            this.kinds = k.kinds;
            this.origin = k.origin;
            this.container = k.container;
            this.catalogId = k.catalogId;
            this.event = k.event;
            this.releases = k.releases;
            this.text = block;
            this.textIndex = index;
            this.namesNothing = k.namesNothing;
            this.rest = k.rest;
        }

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

        private boolean packedTimes() {
            return KindBits.timeCode(kinds) != 0;
        }

        /** The file line (within the chunk) where it starts. */
        long firstLine() {
            return firstLine;
        }

        /** The line (within the chunk) where it ends. */
        long lastLine() {
            return packedTimes() ? firstLine + lineSpan : rest.lastLine();
        }

        /** The wrapper found ({@link UnwrappedLine#envelope()}). */
        EnvelopeKind envelope() {
            return KindBits.envelope(kinds);
        }

        /** The collector's time, or null ({@link UnwrappedLine#envelopeTime()}). */
        Timestamp envelopeTime() {
            if (!packedTimes()) {
                return rest.envelopeTime();
            }
            int code = KindBits.envelopeTimeCode(kinds);
            return code == 0 ? null : TimeCodes.timestamp(envelopeNanos, code);
        }

        /** The Pod the wrapper names, or null ({@link UnwrappedLine#origin()}). */
        String origin() {
            return origin;
        }

        /** The line as read, its envelopes peeled off (its record empty once the text is packed: {@link #recordText()}). */
        UnwrappedLine line() {
            String record = text instanceof String t ? t : "";
            return new UnwrappedLine(record, firstLine, lastLine(), envelope(), envelopeTime(), origin, rest == null ? null : rest.prefix(),
                    container, rest != null && rest.lineCut());
        }

        /** The controller's own time. */
        Timestamp time() {
            return packedTimes() ? TimeCodes.timestamp(timeNanos, KindBits.timeCode(kinds)) : rest.time();
        }

        RecordFormat format() {
            return KindBits.format(kinds);
        }

        Level level() {
            return KindBits.level(kinds);
        }

        String catalogId() {
            return catalogId;
        }

        ControllerEvent event() {
            return event;
        }

        ReleaseEvidence releases() {
            return releases;
        }

        String cut() {
            return rest == null ? null : rest.cut();
        }

        boolean namesNothing() {
            return namesNothing;
        }

        String redacted() {
            return rest == null ? null : rest.redacted();
        }

        ParsedRecord parsed() {
            return rest == null ? null : rest.parsed();
        }

        /** Where the reading thread packed the record's text, or null (the text is in the line). */
        PackedText text() {
            return text instanceof TextBlock b ? new PackedText(b, textIndex) : null;
        }

        /** The block of the packed text, or null; {@link #textIndex()} is its place there. */
        TextBlock textBlock() {
            return text instanceof TextBlock b ? b : null;
        }

        int textIndex() {
            return textIndex;
        }

        /** The record's text, wherever it is held. */
        String recordText() {
            return text instanceof TextBlock b ? b.text(textIndex) : (String) text;
        }

        /** The same item, its text put into {@code packer} (the item keeps no copy of it). */
        Kept packedInto(TextBlock.Packer packer) {
            if (text instanceof TextBlock) {
                return this;
            }
            packer.add((String) text);
            return new Kept(this, packer.block(), packer.index());
        }

        /** The same item with its text in {@code line}, as the assembler is given it on another machine ({@link ChunkWire}). */
        Kept unpacked() {
            return !(text instanceof TextBlock) ? this : new Kept(line().withRecord(recordText()), time(), format(), level(), catalogId, event, releases,
                    cut(), namesNothing, redacted(), parsed(), null);
        }

        /** Equal when every component of the record it was is: the line, the time, …, where the text was packed. */
        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Kept k && line().equals(k.line()) && time().equals(k.time()) && format() == k.format()
                    && level() == k.level() && java.util.Objects.equals(catalogId, k.catalogId) && event.equals(k.event)
                    && java.util.Objects.equals(releases, k.releases) && java.util.Objects.equals(cut(), k.cut())
                    && namesNothing == k.namesNothing && java.util.Objects.equals(redacted(), k.redacted())
                    && java.util.Objects.equals(parsed(), k.parsed()) && java.util.Objects.equals(text(), k.text());
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(line(), time(), format(), level(), catalogId, event, releases, cut(), namesNothing, redacted(),
                    parsed(), text());
        }

        @Override
        public String toString() {
            return "Kept[line=" + line() + ", time=" + time() + ", format=" + format() + ", level=" + level() + ", catalogId=" + catalogId
                    + ", event=" + event + ", cut=" + cut() + ", namesNothing=" + namesNothing + ", redacted=" + redacted() + ", text="
                    + text() + "]";
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
