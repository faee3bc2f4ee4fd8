package dev.argoforensics.envelope;

import dev.argoforensics.time.Timestamp;

/**
 * A controller record with its envelopes peeled off.
 *
 * @param record       the line the controller wrote
 * @param firstLine    the file line where it starts
 * @param lastLine     the file line where it ends (after joined CRI partial pieces)
 * @param envelope     the outermost wrapper found
 * @param envelopeTime the collector's own time for the line, or null without a time-stamping wrapper
 */
public record UnwrappedLine(String record, long firstLine, long lastLine, EnvelopeKind envelope, Timestamp envelopeTime) {
}
