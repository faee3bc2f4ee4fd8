package dev.argoforensics.event;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.Objects;

/**
 * One controller log record with everything a report needs to cite it: where it stands, both
 * clocks, what the catalog made of it and the record text itself, so nothing downstream re-reads a
 * file to quote it.
 *
 * <p>The two clocks are held in the event itself, not as {@link Timestamp} objects: nanoseconds since
 * a base (the epoch, or for a time of day the placeholder day 0) in a long each, their precision and
 * zone basis as a small code in {@code kinds}. An incident corpus keeps 2.65 M lines: their
 * {@link Timestamp} objects (24 bytes each) were 92 MB of its heap after the rules
 * (docs/performance.md, session 22), and every object kept is one the collector copies. {@link #time()} and {@link #envelopeTime()} make the {@link Timestamp} when
 * asked; {@link #compareTime}, {@link #compareInstant} and {@link #timeEquals} compare without one.
 * A time no long of nanoseconds holds (beyond ±292 years of its base: a record claiming the year
 * 9999) or a record spanning more lines than an int counts is held as it was, in {@code rare}.
 *
 * <p>The first line and the ordinal are held as ints ({@link #line()} and {@link #ordinal()} give them as the longs they
 * are everywhere else): with two longs an event was 80 bytes, with two ints 72, and {@code --timelines all} keeps every
 * line of an incident corpus (3.8 M lines: 30 MB; docs/performance.md, session 28). A line or ordinal beyond an int
 * (two thousand million lines) is held in {@code rare} with the rest.
 *
 * @param file         the file it stands in, as {@link SourceRef#file()}
 * @param lineNumber   its first line there ({@link #line()}, {@link #source()}: the two together, made when asked: a
 *                     reference object per kept line was 64 MB of the 2.65 M lines an incident corpus keeps)
 * @param lineSpan     last line minus first ({@link #lastLine()}; more than 0 for joined CRI partial pieces)
 * @param timeNanos    the controller's own time ({@link #time()}), as nanoseconds since its base
 * @param envelopeNanos the collector's time (kubectl --timestamps, CRI) ({@link #envelopeTime()}), likewise; 0 when none
 * @param kinds        its envelope, record format and level ({@link #envelope()}, {@link #format()}, {@link #level()})
 *                     and the two times' precision and zone basis, a few bits each
 * @param catalogId    the catalog entry that recognised the message, or null
 * @param textBlock    the record as the controller wrote it (envelopes removed), held with its neighbours' in a block: see {@link #text()}
 * @param textIndex    its place in that block
 * @param stream       index of the file it came from: lines of one stream keep their order
 * @param position     {@link #ordinal()}: its place in the input (files in input order, lines in file order), the tie-break
 * @param rare         null, or both times, the lines and the ordinal when one of them does not fit the fields above
 */
public record LogEvent(
        String file,
        int lineNumber,
        int lineSpan,
        long timeNanos,
        long envelopeNanos,
        int kinds,
        String catalogId,
        ControllerEvent event,
        TextBlock textBlock,
        int textIndex,
        int stream,
        int position,
        Rare rare) {

    /** The times, lines and ordinal of an event whose values do not fit its compact fields (never seen in a real log). */
    public record Rare(Timestamp time, Timestamp envelopeTime, long line, long lastLine, long ordinal) {
        public Rare {
            Objects.requireNonNull(time, "time");
        }
    }

    public LogEvent {
        Objects.requireNonNull(file, "file");
        if ((rare != null ? rare.line() : lineNumber) < 1) {
            throw new IllegalArgumentException("line numbers start at 1: " + (rare != null ? rare.line() : lineNumber));
        }
        if (rare == null && (timeCode(kinds) == 0 || lineSpan < 0)) {
            throw new IllegalArgumentException("an event has a time and a last line at or after its first");
        }
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(textBlock, "textBlock");
    }

    /** An event at this place in its file, its text in a block. */
    public LogEvent(SourceRef source, long lastLine, Timestamp time, Timestamp envelopeTime, EnvelopeKind envelope, RecordFormat format,
                    Level level, String catalogId, ControllerEvent event, TextBlock textBlock, int textIndex, int stream, long ordinal) {
        this(Objects.requireNonNull(source, "source").file(), source.line(), lastLine, Objects.requireNonNull(time, "time"), envelopeTime,
                kinds(envelope, format, level), catalogId, event, textBlock, textIndex, stream, ordinal);
    }

    /** From the times as {@link Timestamp}s and the kinds without their time codes: packed, or held in {@link Rare}. */
    private LogEvent(String file, long line, long lastLine, Timestamp time, Timestamp envelopeTime, int kindsWithoutTimes, String catalogId,
                     ControllerEvent event, TextBlock textBlock, int textIndex, int stream, long ordinal) {
        this(file, fits(line, lastLine, ordinal, time, envelopeTime) ? (int) line : 0, packedSpan(line, lastLine, ordinal, time, envelopeTime),
                packedNanos(time), packedNanos(envelopeTime),
                fits(line, lastLine, ordinal, time, envelopeTime)
                        ? KindBits.withTimes(kindsWithoutTimes, TimeCodes.code(time), TimeCodes.code(envelopeTime)) : kindsWithoutTimes,
                catalogId, event, textBlock, textIndex, stream, fits(line, lastLine, ordinal, time, envelopeTime) ? (int) ordinal : 0,
                fits(line, lastLine, ordinal, time, envelopeTime) ? null : new Rare(time, envelopeTime, line, lastLine, ordinal));
    }

    /** The three kinds in a few bits each ({@link KindBits}). */
    private static int kinds(EnvelopeKind envelope, RecordFormat format, Level level) {
        return KindBits.of(envelope, format, level);
    }

    private static int timeCode(int kinds) {
        return KindBits.timeCode(kinds);
    }

    private static int envelopeTimeCode(int kinds) {
        return KindBits.envelopeTimeCode(kinds);
    }

    private static boolean fits(long line, long lastLine, long ordinal, Timestamp time, Timestamp envelopeTime) {
        long span = lastLine - line;
        return line <= Integer.MAX_VALUE && ordinal == (int) ordinal && span >= 0 && span <= Integer.MAX_VALUE && TimeCodes.fits(time)
                && (envelopeTime == null || TimeCodes.fits(envelopeTime));
    }

    private static int packedSpan(long line, long lastLine, long ordinal, Timestamp time, Timestamp envelopeTime) {
        return fits(line, lastLine, ordinal, time, envelopeTime) ? (int) (lastLine - line) : 0;
    }

    /** First line in the file. */
    public long line() {
        return rare != null ? rare.line() : lineNumber;
    }

    /** Position in the input (files in input order, lines in file order): the tie-break. */
    public long ordinal() {
        return rare != null ? rare.ordinal() : position;
    }

    private static long packedNanos(Timestamp t) {
        return t != null && TimeCodes.fits(t) ? TimeCodes.nanos(t) : 0L;
    }

    /** How the line was wrapped (CRI, Docker json-file, kubectl --timestamps, …). */
    public EnvelopeKind envelope() {
        return KindBits.envelope(kinds);
    }

    /** The record's format. */
    public RecordFormat format() {
        return KindBits.format(kinds);
    }

    /** Its level, or null. */
    public Level level() {
        return KindBits.level(kinds);
    }

    /** Last line (differs from the first for joined CRI partial pieces). */
    public long lastLine() {
        return rare != null ? rare.lastLine() : (long) lineNumber + lineSpan;
    }

    /** What the catalog made of the record (a {@link Visits visit}). */
    @Override
    public ControllerEvent event() {
        Visits.visit();
        return event;
    }

    /** The controller's own time (made when asked: {@link #compareTime} and the others compare without it). */
    public Timestamp time() {
        Visits.visit();
        return rare != null ? rare.time() : TimeCodes.timestamp(timeNanos, timeCode(kinds));
    }

    /** The collector's time (kubectl --timestamps, CRI), or null. */
    public Timestamp envelopeTime() {
        if (rare != null) {
            return rare.envelopeTime();
        }
        int code = envelopeTimeCode(kinds);
        return code == 0 ? null : TimeCodes.timestamp(envelopeNanos, code);
    }

    /** The zone basis of its time: {@code time().zone()}. */
    public ZoneBasis timeZone() {
        return rare != null ? rare.time().zone() : TimeCodes.zone(timeCode(kinds));
    }

    /** True for a time of day with no date: {@code time().undated()}. */
    public boolean undated() {
        return timeZone() == ZoneBasis.TIME_OF_DAY;
    }

    /** True when the other event's time is equal (instant, precision and zone basis) to this one's: {@code time().equals(o.time())}. */
    public boolean timeEquals(LogEvent o) {
        Visits.visit();
        if (rare == null && o.rare == null) {
            return timeNanos == o.timeNanos && timeCode(kinds) == timeCode(o.kinds);
        }
        return time().equals(o.time());
    }

    /** True when the time is equal to {@code t}: {@code time().equals(t)}. */
    public boolean timeEquals(Timestamp t) {
        Visits.visit();
        if (rare == null && t != null && TimeCodes.fits(t)) {
            return timeNanos == TimeCodes.nanos(t) && timeCode(kinds) == TimeCodes.code(t);
        }
        return time().equals(t);
    }

    /** {@code time().compareTo(o.time())}, without making the two {@link Timestamp}s. */
    public int compareTime(LogEvent o) {
        Visits.visit();
        if (rare == null && o.rare == null) {
            int c = TimeCodes.compareInstant(timeNanos, timeCode(kinds), o.timeNanos, timeCode(o.kinds));
            if (c != Integer.MIN_VALUE) {
                return c != 0 ? c : TimeCodes.compareCoarserFirst(timeCode(kinds), timeCode(o.kinds));
            }
        }
        return time().compareTo(o.time());
    }

    /** {@code time().compareInstant(o.time())}, without making the two {@link Timestamp}s. */
    public int compareInstant(LogEvent o) {
        Visits.visit();
        if (rare == null && o.rare == null) {
            int c = TimeCodes.compareInstant(timeNanos, timeCode(kinds), o.timeNanos, timeCode(o.kinds));
            if (c != Integer.MIN_VALUE) {
                return c;
            }
        }
        return time().compareInstant(o.time());
    }

    /** An event whose text is held on its own. */
    public LogEvent(SourceRef source, long lastLine, Timestamp time, Timestamp envelopeTime, EnvelopeKind envelope, RecordFormat format,
                    Level level, String catalogId, ControllerEvent event, String text, int stream, long ordinal) {
        this(source, lastLine, time, envelopeTime, envelope, format, level, catalogId, event, TextBlock.of(text), 0, stream, ordinal);
    }

    /** File and first line. */
    public SourceRef source() {
        return new SourceRef(file, line());
    }

    /** The record as the controller wrote it (envelopes removed). */
    public String text() {
        return textBlock.text(textIndex);
    }

    /** The same event at another time (its text stays where it is held). */
    public LogEvent withTime(Timestamp t) {
        return new LogEvent(file, line(), lastLine(), Objects.requireNonNull(t, "time"), envelopeTime(), kinds & KindBits.KINDS, catalogId, event,
                textBlock, textIndex, stream, ordinal());
    }

    /** The same event in another place among the controller runs and the input (its text stays where it is held). */
    public LogEvent withPlace(int newStream, long newOrdinal) {
        if (rare == null && newOrdinal == (int) newOrdinal) {
            return new LogEvent(file, lineNumber, lineSpan, timeNanos, envelopeNanos, kinds, catalogId, event, textBlock, textIndex, newStream,
                    (int) newOrdinal, null);
        }
        return new LogEvent(file, line(), lastLine(), time(), envelopeTime(), kinds & KindBits.KINDS, catalogId, event, textBlock, textIndex,
                newStream, newOrdinal);
    }

    /** The same event meaning something else (its text stays where it is held). */
    public LogEvent withEvent(ControllerEvent e) {
        return new LogEvent(file, lineNumber, lineSpan, timeNanos, envelopeNanos, kinds, catalogId, e, textBlock, textIndex, stream, position,
                rare);
    }

    /** The same event with its text held elsewhere ({@code index} in {@code block}). */
    public LogEvent withText(TextBlock block, int index) {
        return new LogEvent(file, lineNumber, lineSpan, timeNanos, envelopeNanos, kinds, catalogId, event, block, index, stream, position, rare);
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
        // Equal times are held alike (packed, or both in rare): the fields compare as the times would.
        return o instanceof LogEvent e && position == e.position && lineNumber == e.lineNumber && lineSpan == e.lineSpan && stream == e.stream
                && file.equals(e.file) && timeNanos == e.timeNanos && envelopeNanos == e.envelopeNanos && kinds == e.kinds
                && Objects.equals(rare, e.rare) && Objects.equals(catalogId, e.catalogId) && event.equals(e.event)
                && (textBlock == e.textBlock && textIndex == e.textIndex || text().equals(e.text()));
    }

    /** From every component but the text (equal events have equal hashes; a hash needs no text inflated), the hash it had with its times as objects. */
    @Override
    public int hashCode() {
        int h = source().hashCode(); // as when the event held its SourceRef
        h = 31 * h + Long.hashCode(lastLine());
        if (rare == null) {
            h = 31 * h + TimeCodes.hash(timeNanos, timeCode(kinds));
            int envelopeCode = envelopeTimeCode(kinds);
            h = 31 * h + (envelopeCode == 0 ? 0 : TimeCodes.hash(envelopeNanos, envelopeCode));
        } else {
            h = 31 * h + rare.time().hashCode();
            h = 31 * h + Objects.hashCode(rare.envelopeTime());
        }
        h = 31 * h + Objects.hashCode(catalogId);
        h = 31 * h + event.hashCode();
        h = 31 * h + stream;
        return 31 * h + Long.hashCode(ordinal());
    }

    /** As a record prints, with the text in place of where it is held. */
    @Override
    public String toString() {
        return "LogEvent[source=" + source() + ", lastLine=" + lastLine() + ", time=" + time() + ", envelopeTime=" + envelopeTime()
                + ", envelope=" + envelope() + ", format=" + format() + ", level=" + level() + ", catalogId=" + catalogId + ", event=" + event
                + ", text=" + text() + ", stream=" + stream + ", ordinal=" + ordinal() + "]";
    }
}
