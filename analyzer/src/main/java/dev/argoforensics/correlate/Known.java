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
 */
public record Known(Timestamp at, String how, SourceRef evidence, boolean fromLogs) {
    public Known {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(evidence, "evidence");
    }
}
