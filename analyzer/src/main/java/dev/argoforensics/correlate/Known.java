package dev.argoforensics.correlate;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Objects;

/**
 * A moment of a Pod's or Workflow's life as one piece of evidence establishes it: when, how that
 * follows from the evidence (in a few words a report can quote), and where the evidence stands.
 *
 * @param at       the time, with the precision its source had
 * @param how      how it was derived ("deletionTimestamp minus deletionGracePeriodSeconds")
 * @param evidence the line or object it rests on
 * @param fromLogs the controller's log established it (else an exported object, event or audit record)
 * @param statedClock an object established it, but only by the time its file states it was taken ({@code # taken-at:},
 *                    {@code --snapshot-time}): the clock of whoever took it, which nothing read checks from above
 * @param contestedBy another record of the same weight says the opposite (in a few words a report can quote, naming it), or
 *                    null: the evidence stands as it is, but a finding must not be confirmed on it alone
 */
public record Known(Timestamp at, String how, SourceRef evidence, boolean fromLogs, boolean statedClock, String contestedBy) {
    public Known {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(evidence, "evidence");
    }

    public Known(Timestamp at, String how, SourceRef evidence, boolean fromLogs, boolean statedClock) {
        this(at, how, evidence, fromLogs, statedClock, null);
    }

    public Known(Timestamp at, String how, SourceRef evidence, boolean fromLogs) {
        this(at, how, evidence, fromLogs, false, null);
    }

    /** The same evidence, with the record that says the opposite ({@code contestedBy}). */
    public Known contested(String by) {
        return new Known(at, how, evidence, fromLogs, statedClock, Objects.requireNonNull(by, "by"));
    }

    /** Another record says the opposite ({@code contestedBy}): no finding is confirmed on this. */
    public boolean contested() {
        return contestedBy != null;
    }

    /** Less sure than an object's or a record's own content: the controller's lines, or a user's clock. */
    public boolean weak() {
        return fromLogs || statedClock;
    }
}
