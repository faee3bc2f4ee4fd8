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

    /**
     * How far a stated time that names no zone may be off besides a user's clock: read as UTC, it is the local time of some
     * place whose offset runs from -12:00 to +14:00, so hours either way (a local time east of UTC read as UTC lies ahead by
     * the offset, and would put an export taken before a moment after it). The readers refuse such a time ({@code # taken-at:},
     * {@code --snapshot-time} ask for a zone); this keeps any that reach here from ordering anything within the world's offsets.
     */
    public static final long UNZONED_NANOS = 14L * 3_600_000_000_000L;

    /**
     * What the time stated for this export may be off by: a user's clock ({@link #STATED_CLOCK_NANOS}) where it names its zone
     * (or the inputs fixed it), else that and the world's offsets ({@link #UNZONED_NANOS}).
     */
    public long statedMarginNanos() {
        return switch (time.zone()) {
            case STATED, CONFIGURED, MEASURED -> STATED_CLOCK_NANOS;
            default -> STATED_CLOCK_NANOS + UNZONED_NANOS;
        };
    }

    /**
     * What places an export (or a pasted table) on one side of a moment. The one reading of a time stated for it, shared by every
     * rule and bound (session 31 review): the object's own times and the controller's write of it show the order; a time only its
     * file or the command line states is the clock of whoever took it, which counts only past {@link #STATED_CLOCK_NANOS} and
     * then as a likely order, never a shown one.
     */
    public enum Order {
        /** By the object's own times or the controller's writes (cluster clocks). */
        SHOWN,
        /** Only by a stated time, further from the moment than a user's clock may be off: likely, not shown. */
        STATED,
        /** Nothing places it on that side. */
        OPEN;

        public boolean known() {
            return this != OPEN;
        }
    }

    /**
     * A bound on when the export was taken: {@code stated} when only a time its file or the command line states gives it (then
     * already widened by {@link #STATED_CLOCK_NANOS}), else from the object's own times or the controller's writes.
     */
    public record Bound(Timestamp at, boolean stated) {
        public Bound {
            Objects.requireNonNull(at, "at");
        }
    }

    /** A stated time that the object does not contradict, as the time the export is placed at (not a write, not a lower bound). */
    public boolean statedTime() {
        if (written != null) {
            return !atWrite() && !written.taken().lowerBound() && !written.taken().contradicted();
        }
        return !lowerBound() && !contradicted();
    }

    /** Where its time was stated or found: its file's comment or the command line, also for one placed by its resourceVersion. */
    public ObservationBasis statedBy() {
        return written != null && written.taken() != null ? written.taken().basis() : basis;
    }

    /** Whether the export was taken after {@code moment}: shown by its own times or a write, likely by a stated time, or open. */
    public Order after(java.time.Instant moment) {
        Timestamp shown = notEarlierThan();
        if (shown != null && shown.instant().isAfter(moment)) {
            return Order.SHOWN;
        }
        return statedTime() && time.instant().minusNanos(statedMarginNanos()).isAfter(moment) ? Order.STATED : Order.OPEN;
    }

    /**
     * {@link #after(java.time.Instant)} against a time read from a source: after its window; open where the two cannot be
     * ordered (a time of day without a date).
     */
    public Order after(Timestamp moment) {
        return time.comparable(moment) ? after(moment.windowEnd().minusNanos(1)) : Order.OPEN;
    }

    /**
     * Whether the export was taken before {@code moment}: shown only by the controller's next write of the Workflow (an object
     * holds no time later than its taking, so nothing inside it bounds the taking from above), likely by a stated time, or open.
     */
    public Order before(java.time.Instant moment) {
        if (written != null && written.next() != null && written.next().windowEnd().isBefore(moment)) {
            return Order.SHOWN;
        }
        return statedTime() && time.windowEnd().plusNanos(statedMarginNanos()).isBefore(moment) ? Order.STATED : Order.OPEN;
    }

    /**
     * The earliest the export can have been taken: the tighter of what its own times or a write show and its stated time less
     * what a user's clock may be off (flagged stated); null if neither.
     */
    public Bound earliest() {
        Timestamp shown = notEarlierThan();
        if (statedTime()) {
            Timestamp s = new Timestamp(time.instant().minusNanos(statedMarginNanos()), time.precision(), time.zone());
            if (shown == null || s.instant().isAfter(shown.instant())) {
                return new Bound(s, true);
            }
        }
        return shown == null ? null : new Bound(shown, false);
    }

    /**
     * The latest the export can have been taken: the tighter of the controller's next write of the Workflow and its stated time
     * plus what a user's clock may be off (flagged stated); null if neither (the object's own times bound it only from below).
     */
    public Bound latest() {
        Timestamp shown = written != null ? written.next() : null;
        if (statedTime()) {
            Timestamp s = new Timestamp(time.instant().plusNanos(statedMarginNanos()), time.precision(), time.zone());
            if (shown == null || s.instant().isBefore(shown.instant())) {
                return new Bound(s, true);
            }
        }
        return shown == null ? null : new Bound(shown, false);
    }

    /**
     * The time an export is read as taken at where a claim measures from it forward (held this long past a due time, seen after
     * a line): its time, except that a time only its file or the command line states counts less what a user's clock may be
     * off, flagged stated ({@link #earliest}: the object's own times or a write where tighter, not flagged). A claim past a
     * moment by this bound is then shown, or likely where the bound is stated; nearer, the stated time decides nothing.
     */
    public Bound takenNoEarlierThan() {
        return statedTime() ? earliest() : new Bound(time, false);
    }

    /**
     * The time an export is read as taken at where a claim measures from it backward (still running as late as this): its time,
     * except that a time only its file or the command line states counts plus what a user's clock may be off, flagged stated
     * ({@link #latest}: the controller's next write where tighter, not flagged).
     */
    public Bound takenNoLaterThan() {
        return statedTime() ? latest() : new Bound(time, false);
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
