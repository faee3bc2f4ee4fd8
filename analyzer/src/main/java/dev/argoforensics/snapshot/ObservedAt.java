package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.Objects;

/**
 * When an export was taken. Objects carry no "taken at" field: unless the user said when
 * ({@code # taken-at:} or {@code --snapshot-time}), the time is a lower bound, the latest time inside
 * the object. A Workflow export whose resourceVersion the controller logged writing is placed at that write, on the
 * controller's clock ({@link #written}).
 *
 * @param latestInside the latest time inside the object (null if it holds none); with an explicit
 *                     time, a later one here means the stated time is wrong
 * @param written      the controller's write of the export's resourceVersion, when the logs have it (null otherwise); the
 *                     time is then that write's
 */
public record ObservedAt(Timestamp time, ObservationBasis basis, Timestamp latestInside, Written written) {

    public ObservedAt {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(basis, "basis");
        if ((basis == ObservationBasis.RESOURCE_VERSION) != (written != null)) {
            throw new IllegalArgumentException("a placement by resourceVersion, and only it, names the write");
        }
    }

    public ObservedAt(Timestamp time, ObservationBasis basis, Timestamp latestInside) {
        this(time, basis, latestInside, null);
    }

    /**
     * The controller's write of the resourceVersion an export shows ({@code Workflow update successful}): the export's status
     * is what the controller stored then, and it was taken before the controller's next write (or anyone else's, which the
     * controller does not log), so it sits between this write and {@code next}.
     *
     * @param resourceVersion the export's {@code metadata.resourceVersion}
     * @param at              the update line's time, on the controller's clock
     * @param line            the update line
     * @param next            the controller's next {@code Workflow update successful} of the Workflow, null if the logs have none
     * @param taken           when the export says it was taken, by its own evidence (the stated time or the latest inside), null if
     *                        it says nothing
     */
    public record Written(String resourceVersion, Timestamp at, SourceRef line, Timestamp next, ObservedAt taken) {
        public Written {
            Objects.requireNonNull(resourceVersion, "resourceVersion");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(line, "line");
        }
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

    /**
     * An export whose resourceVersion the controller logged writing at {@code at}, current until {@code next}: it was taken
     * in between, on the controller's clock. Its own time is kept where it lies in between (the export then shows the status
     * still stood then); where it lies outside (its clock and the controller's disagree) or the export states none, it is
     * placed at the write.
     *
     * @param own what the export says of its own time (null: nothing)
     */
    public static ObservedAt written(Timestamp at, String resourceVersion, SourceRef line, Timestamp next, ObservedAt own) {
        Written w = new Written(resourceVersion, at, line, next, own);
        boolean keep = own != null && !own.time().isBefore(at) && (next == null || own.time().isBefore(next));
        return new ObservedAt(keep ? own.time() : at, ObservationBasis.RESOURCE_VERSION, own == null ? null : own.latestInside(), w);
    }

    /** Placed by its resourceVersion, at the controller's write of it rather than at the export's own time. */
    public boolean atWrite() {
        return written != null && (written.taken() == null || !written.taken().time().equals(time));
    }

    /** Only the lower bound is known: the export was taken at this time or later. */
    public boolean lowerBound() {
        return written != null ? !atWrite() && written.taken().lowerBound() : basis == ObservationBasis.LATEST_INSIDE;
    }

    /**
     * How far a time stated for an export ({@code # taken-at:}, {@code --snapshot-time}) may be off: the clock of whoever took
     * it (a laptop's, a bastion's), which nothing read checks from above, as the object holds no time later than its taking.
     * Machines' clocks in a cluster agree to seconds; a user's machine need not be synchronised at all. A stated time counts as
     * after a moment only when it is after it by more than this, and then only as a likely order, never a confirmed one.
     */
    public static final long STATED_CLOCK_NANOS = 60_000_000_000L;

    /** This stated time puts the export after {@code moment} by more than a user's clock may be off ({@link #STATED_CLOCK_NANOS}). */
    public boolean statedAfter(java.time.Instant moment) {
        return !contradicted() && time.instant().isAfter(moment.plusNanos(STATED_CLOCK_NANOS));
    }

    /**
     * The latest time the export is known to have been taken no earlier than without a stated time: the latest time inside the
     * object (the API server's clock) or, placed by its resourceVersion, the controller's write of it (the controller's clock).
     * A {@code # taken-at:} or {@code --snapshot-time} is the clock of whoever took the export, which nothing read here checks
     * from above: the object holds no time later than its taking, so a clock running ahead leaves no trace. Null if there is
     * no such bound.
     */
    public Timestamp notEarlierThan() {
        Timestamp bound = written != null ? written.at() : null;
        Timestamp inside = written != null && written.taken() != null ? written.taken().latestInside() : latestInside;
        if (inside != null && (bound == null || inside.isAfter(bound))) {
            bound = inside;
        }
        return bound;
    }

    /** Placed by the controller's write of its resourceVersion, on the controller's clock. */
    public boolean placedByWrite() {
        return written != null;
    }

    /** The stated time lies before a time the object itself holds: the statement cannot be right. */
    public boolean contradicted() {
        if (written != null) {
            return written.taken() != null && written.taken().contradicted();
        }
        return !lowerBound() && latestInside != null && latestInside.isAfter(time);
    }

    /**
     * "no earlier than the latest time inside the object", "taken at this time (the file's # taken-at comment)"; for an
     * export placed by its resourceVersion, the write, the next one and the export's own time, and whether that own time lies
     * outside the two writes (its clock and the controller's disagree).
     */
    public String describe() {
        if (written != null) {
            ObservedAt own = written.taken();
            String write = "the controller's write of its resourceVersion " + written.resourceVersion() + " (Workflow update successful, "
                    + written.line() + ")";
            String until = written.next() == null ? "and the logs show no later update of the Workflow"
                    : "the next at " + written.next().format() + ", before which it was taken";
            if (!atWrite()) {
                return own.describe() + (written.next() == null ? "; after " + write + ", the Workflow's last update in the logs"
                        : "; between " + write + " and the next update at " + written.next().format());
            }
            StringBuilder b = new StringBuilder("placed at ").append(write).append(", on the controller's clock: it shows the status stored then, ")
                    .append(until);
            if (own != null) {
                b.append("; ").append(own.lowerBound() ? "its own times put it " + own.basis().description() + ", " + own.time().format()
                        : "it says it was taken at " + own.time().format() + " (" + own.basis().description() + ")");
                String off = outside();
                if (off != null) {
                    b.append(", ").append(off);
                }
            }
            return b.toString();
        }
        if (lowerBound()) {
            return basis.description();
        }
        String said = "taken at this time (" + basis.description() + ")";
        return contradicted() ? said + ", although the object holds a later time, " + latestInside.format() : said;
    }

    /**
     * Where the export's own time lies outside the span its resourceVersion was current in on the controller's clock: "3m0s
     * after the next update: that clock runs ahead of the controller's, or the time is wrong"; null when inside (or nothing to
     * compare). A lower bound (the latest time inside the object, on the API server's clock) is outside only past the next update.
     */
    public String outside() {
        if (written == null || written.taken() == null) {
            return null;
        }
        ObservedAt own = written.taken();
        String clock = own.lowerBound() ? "the clock of the times inside it (the API server's) runs ahead of the controller's"
                : "that clock runs ahead of the controller's, or the time is wrong";
        if (!own.lowerBound() && own.time().isBefore(written.at())) {
            return GoDuration.format(own.time().nanosUntil(written.at())) + " before that write: that clock runs behind the controller's,"
                    + " or the time is wrong";
        }
        if (written.next() != null && !own.time().isBefore(written.next())) {
            return GoDuration.format(written.next().nanosUntil(own.time())) + " after the next update: " + clock;
        }
        return null;
    }
}
