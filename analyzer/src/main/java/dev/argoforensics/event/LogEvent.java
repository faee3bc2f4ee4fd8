package dev.argoforensics.event;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Objects;

/**
 * One controller log record with everything a report needs to cite it: where it stands, both
 * clocks, what the catalog made of it and the record text itself, so nothing downstream re-reads a
 * file to quote it.
 *
 * @param file         the file it stands in, as {@link SourceRef#file()}
 * @param line         its first line there ({@link #source()}: the two together, made when asked: a
 *                     reference object per kept line was 64 MB of the 2.65 M lines an incident corpus keeps)
 * @param lastLine     last line (differs from the first for joined CRI partial pieces)
 * @param time         the controller's own time
 * @param envelopeTime the collector's time (kubectl --timestamps, CRI), or null
 * @param kinds        its envelope, record format and level ({@link #envelope()}, {@link #format()}, {@link #level()}),
 *                     a byte each: three references were 8 bytes more per kept line
 * @param catalogId    the catalog entry that recognised the message, or null
 * @param textBlock    the record as the controller wrote it (envelopes removed), held with its neighbours' in a block: see {@link #text()}
 * @param textIndex    its place in that block
 * @param stream       index of the file it came from: lines of one stream keep their order
 * @param ordinal      position in the input (files in input order, lines in file order): the tie-break
 */
public record LogEvent(
        String file,
        long line,
        long lastLine,
        Timestamp time,
        Timestamp envelopeTime,
        int kinds,
        String catalogId,
        ControllerEvent event,
        TextBlock textBlock,
        int textIndex,
        int stream,
        long ordinal) {

    public LogEvent {
        Objects.requireNonNull(file, "file");
        if (line < 1) {
            throw new IllegalArgumentException("line numbers start at 1: " + line);
        }
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(textBlock, "textBlock");
    }

    /** An event at this place in its file, its text in a block. */
    public LogEvent(SourceRef source, long lastLine, Timestamp time, Timestamp envelopeTime, EnvelopeKind envelope, RecordFormat format,
                    Level level, String catalogId, ControllerEvent event, TextBlock textBlock, int textIndex, int stream, long ordinal) {
        this(Objects.requireNonNull(source, "source").file(), source.line(), lastLine, time, envelopeTime, kinds(envelope, format, level),
                catalogId, event, textBlock, textIndex, stream, ordinal);
    }

    private static final EnvelopeKind[] ENVELOPES = EnvelopeKind.values();
    private static final RecordFormat[] FORMATS = RecordFormat.values();
    private static final Level[] LEVELS = Level.values();

    /** The three kinds in a byte each: 0 for none, else the ordinal plus one. */
    private static int kinds(EnvelopeKind envelope, RecordFormat format, Level level) {
        return code(envelope) | code(format) << 8 | code(level) << 16;
    }

    private static int code(Enum<?> e) {
        return e == null ? 0 : e.ordinal() + 1;
    }

    private static <E> E decode(E[] values, int code) {
        return code == 0 ? null : values[code - 1];
    }

    /** How the line was wrapped (CRI, Docker json-file, kubectl --timestamps, …). */
    public EnvelopeKind envelope() {
        return decode(ENVELOPES, kinds & 0xff);
    }

    /** The record's format. */
    public RecordFormat format() {
        return decode(FORMATS, kinds >>> 8 & 0xff);
    }

    /** Its level, or null. */
    public Level level() {
        return decode(LEVELS, kinds >>> 16 & 0xff);
    }

    /** An event whose text is held on its own. */
    public LogEvent(SourceRef source, long lastLine, Timestamp time, Timestamp envelopeTime, EnvelopeKind envelope, RecordFormat format,
                    Level level, String catalogId, ControllerEvent event, String text, int stream, long ordinal) {
        this(source, lastLine, time, envelopeTime, envelope, format, level, catalogId, event, TextBlock.of(text), 0, stream, ordinal);
    }

    /** File and first line. */
    public SourceRef source() {
        return new SourceRef(file, line);
    }

    /** The record as the controller wrote it (envelopes removed). */
    public String text() {
        return textBlock.text(textIndex);
    }

    /** The same event at another time (its text stays where it is held). */
    public LogEvent withTime(Timestamp t) {
        return new LogEvent(file, line, lastLine, t, envelopeTime, kinds, catalogId, event, textBlock, textIndex, stream, ordinal);
    }

    /** The same event in another place among the controller runs and the input (its text stays where it is held). */
    public LogEvent withPlace(int newStream, long newOrdinal) {
        return new LogEvent(file, line, lastLine, time, envelopeTime, kinds, catalogId, event, textBlock, textIndex, newStream,
                newOrdinal);
    }

    /** The same event meaning something else (its text stays where it is held). */
    public LogEvent withEvent(ControllerEvent e) {
        return new LogEvent(file, line, lastLine, time, envelopeTime, kinds, catalogId, e, textBlock, textIndex, stream, ordinal);
    }

    /** The message as the catalog knows it, or the raw message for unrecognised records. */
    public boolean recognised() {
        return catalogId != null;
    }

    /** Equal when every component is and the texts are equal, wherever they are held. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof LogEvent e && ordinal == e.ordinal && line == e.line && lastLine == e.lastLine && stream == e.stream && file.equals(e.file)
                && time.equals(e.time) && Objects.equals(envelopeTime, e.envelopeTime) && kinds == e.kinds
                && Objects.equals(catalogId, e.catalogId) && event.equals(e.event)
                && (textBlock == e.textBlock && textIndex == e.textIndex || text().equals(e.text()));
    }

    /** From every component but the text (equal events have equal hashes; a hash needs no text inflated). */
    @Override
    public int hashCode() {
        int h = source().hashCode(); // as when the event held its SourceRef
        h = 31 * h + Long.hashCode(lastLine);
        h = 31 * h + time.hashCode();
        h = 31 * h + Objects.hashCode(envelopeTime);
        h = 31 * h + Objects.hashCode(catalogId);
        h = 31 * h + event.hashCode();
        h = 31 * h + stream;
        return 31 * h + Long.hashCode(ordinal);
    }

    /** As a record prints, with the text in place of where it is held. */
    @Override
    public String toString() {
        return "LogEvent[source=" + source() + ", lastLine=" + lastLine + ", time=" + time + ", envelopeTime=" + envelopeTime
                + ", envelope=" + envelope() + ", format=" + format() + ", level=" + level() + ", catalogId=" + catalogId + ", event=" + event
                + ", text=" + text() + ", stream=" + stream + ", ordinal=" + ordinal + "]";
    }
}
