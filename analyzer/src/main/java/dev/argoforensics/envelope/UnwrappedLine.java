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
 * @param origin       the Pod (controller replica) the wrapper names, or null
 * @param prefix       text before the record that no known wrapper explains, or null
 * @param cut          the envelope was cut inside the record: the record stops short, whatever it looks like
 */
public record UnwrappedLine(String record, long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin,
                            String prefix, boolean cut) {

    public UnwrappedLine(String record, long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime, String origin,
                         String prefix) {
        this(record, firstLine, lastLine, envelope, envelopeTime, origin, prefix, false);
    }

    /** The same line, its record known to stop short. */
    UnwrappedLine cutShort() {
        return new UnwrappedLine(record, firstLine, lastLine, envelope, envelopeTime, origin, prefix, true);
    }

    /** A line as it is, before any envelope was looked for. */
    public static UnwrappedLine raw(String line, long lineNumber) {
        return new UnwrappedLine(line, lineNumber, lineNumber, EnvelopeKind.NONE, null, null, null);
    }

    UnwrappedLine withRecord(String newRecord, EnvelopeKind kind, Timestamp time, String newOrigin, String newPrefix) {
        return new UnwrappedLine(newRecord, firstLine, lastLine, kind, time != null ? time : envelopeTime,
                newOrigin != null ? newOrigin : origin, newPrefix, cut);
    }
}
