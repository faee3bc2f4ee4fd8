package dev.argoforensics.snapshot;

import dev.argoforensics.time.Timestamp;
import java.util.Objects;

/**
 * When an export was taken. Objects carry no "taken at" field: unless the user said when
 * ({@code # taken-at:} or {@code --snapshot-time}), the time is a lower bound, the latest time inside
 * the object.
 *
 * @param latestInside the latest time inside the object (null if it holds none); with an explicit
 *                     time, a later one here means the stated time is wrong
 */
public record ObservedAt(Timestamp time, ObservationBasis basis, Timestamp latestInside) {

    public ObservedAt {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(basis, "basis");
    }

    /** The explicit time if the file or the command line gave one, else the latest time inside; null if neither. */
    static ObservedAt of(ObservedAt explicit, Timestamp latestInside) {
        if (explicit != null) {
            return new ObservedAt(explicit.time(), explicit.basis(), latestInside);
        }
        return latestInside == null ? null : new ObservedAt(latestInside, ObservationBasis.LATEST_INSIDE, latestInside);
    }

    /** An explicit time stated for a whole file. */
    public static ObservedAt stated(Timestamp time, ObservationBasis basis) {
        return new ObservedAt(time, basis, null);
    }

    /** Only the lower bound is known: the export was taken at this time or later. */
    public boolean lowerBound() {
        return basis == ObservationBasis.LATEST_INSIDE;
    }

    /** The stated time lies before a time the object itself holds: the statement cannot be right. */
    public boolean contradicted() {
        return !lowerBound() && latestInside != null && latestInside.isAfter(time);
    }

    /** "no earlier than the latest time inside the object", "taken at this time (the file's # taken-at comment)". */
    public String describe() {
        if (lowerBound()) {
            return basis.description();
        }
        String said = "taken at this time (" + basis.description() + ")";
        return contradicted() ? said + ", although the object holds a later time, " + latestInside.format() : said;
    }
}
