package dev.argoforensics.envelope;

import dev.argoforensics.time.Timestamp;

/**
 * A controller record with its envelopes peeled off.
 *
 * @param record       the line the controller wrote
 * @param firstLine    the file line where it starts
 * @param lastLine     the file line where it ends (after joined partial pieces)
 * @param envelope     the wrapper found (the innermost one that said something about the line)
 * @param envelopeTime the collector's own time for the line, or null
 * @param origin       the Pod the wrapper names (a controller replica, or the Pod of another container), or null
 * @param prefix       text before the record that no known wrapper explains (or a host an export names), or null
 * @param container    the container the wrapper (or the CRI log path) names, or null
 * @param cut          the envelope was cut inside the record: the record stops short, whatever it looks like
 */
public record UnwrappedLine(String record, long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin,
                            String prefix, String container, boolean cut) {

    /** A whole line without a container named. */
    public UnwrappedLine(String record, long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin,
                         String prefix) {
        this(record, firstLine, lastLine, envelope, envelopeTime, origin, prefix, null, false);
    }

    /** A whole line. */
    public UnwrappedLine(String record, long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin,
                         String prefix, String container) {
        this(record, firstLine, lastLine, envelope, envelopeTime, origin, prefix, container, false);
    }

    /**
     * The same line without its record's text (an empty one), once the text is held elsewhere: a kept line's text packed
     * by the reading thread, so that the String dies young instead of waiting for the assembler in the old generation.
     */
    public UnwrappedLine withoutRecord() {
        return record.isEmpty() ? this : new UnwrappedLine("", firstLine, lastLine, envelope, envelopeTime, origin, prefix, container, cut);
    }

    /** The same line with {@code text} as its record. */
    public UnwrappedLine withRecord(String text) {
        return new UnwrappedLine(text, firstLine, lastLine, envelope, envelopeTime, origin, prefix, container, cut);
    }

    /** The same line, its record known to stop short. */
    UnwrappedLine cutShort() {
        return new UnwrappedLine(record, firstLine, lastLine, envelope, envelopeTime, origin, prefix, container, true);
    }

    /** A line as it is, before any envelope was looked for. */
    public static UnwrappedLine raw(String line, long lineNumber) {
        return new UnwrappedLine(line, lineNumber, lineNumber, EnvelopeKind.NONE, null, null, null, null, false);
    }

    UnwrappedLine withRecord(String newRecord, EnvelopeKind kind, Timestamp time, String newOrigin, String newPrefix) {
        return withRecord(newRecord, kind, time, newOrigin, newPrefix, null);
    }

    UnwrappedLine withRecord(String newRecord, EnvelopeKind kind, Timestamp time, String newOrigin, String newPrefix, String newContainer) {
        return new UnwrappedLine(newRecord, firstLine, lastLine, kind, time != null ? time : envelopeTime,
                newOrigin != null ? newOrigin : origin, newPrefix, newContainer != null ? newContainer : container, cut);
    }

    /** The same line, from {@code pathContainer} (a CRI log path's) unless its wrapper named a container. */
    public UnwrappedLine inContainer(String pathContainer) {
        return pathContainer == null || container != null ? this
                : new UnwrappedLine(record, firstLine, lastLine, envelope, envelopeTime, origin, prefix, pathContainer, cut);
    }

    /** The same line, ending at file line {@code last} (pieces of a hard-wrapped terminal copy joined to it). */
    public UnwrappedLine through(long last) {
        return last == lastLine ? this : new UnwrappedLine(record, firstLine, last, envelope, envelopeTime, origin, prefix, container, cut);
    }

    /** The same line without the Pod the wrapper named (a Pod that is no controller replica must not name a controller run). */
    public UnwrappedLine withoutOrigin() {
        return withOrigin(null);
    }

    /** The same line with another origin. */
    public UnwrappedLine withOrigin(String newOrigin) {
        return new UnwrappedLine(record, firstLine, lastLine, envelope, envelopeTime, newOrigin, prefix, container, cut);
    }
}
