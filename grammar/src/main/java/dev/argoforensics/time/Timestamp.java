package dev.argoforensics.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * A point in time as a source stated it: the instant, how precise the source was, and whether the
 * zone was stated. Two timestamps are ordered only when their precision windows do not overlap.
 *
 * <p>A value held compactly (an incident corpus keeps millions, two per kept line): the epoch second
 * with the zone basis in its two low bits, and the nanosecond with the precision in the two high bits
 * of an int, one object of 24 bytes where an {@link Instant} and its holder took 48. It behaves as the
 * record {@code (Instant instant, TimePrecision precision, ZoneBasis zone)} it replaces: equal when
 * all three are, the same hash, the same order and text.
 */
public final class Timestamp implements Comparable<Timestamp> {
    private static final TimePrecision[] PRECISIONS = TimePrecision.values();
    private static final ZoneBasis[] ZONES = ZoneBasis.values();
    /** Nanoseconds take 30 bits (below 2^30 > 10^9); the precision the two above them. */
    private static final int NANO_BITS = 30;
    private static final int NANO_MASK = (1 << NANO_BITS) - 1;
    private static final int ZONE_BITS = 3;
    private static final long ZONE_MASK = (1L << ZONE_BITS) - 1;
    /**
     * Day 0 of the placeholder dates of times of day ({@link ZoneBasis#TIME_OF_DAY}): 0001-01-01, a date
     * no log or export holds, so a placeholder is never taken for a real time.
     */
    public static final long TIME_OF_DAY_EPOCH_DAY = java.time.LocalDate.of(1, 1, 1).toEpochDay();

    /** Epoch second shifted left by three (Instant's ±3.2 × 10^16 seconds fit in 57 bits), the zone basis below. */
    private final long secondAndZone;
    /** Nanosecond of the second, the precision above it. */
    private final int nanoAndPrecision;

    static {
        if (PRECISIONS.length > 4 || ZONES.length > 8) {
            throw new ExceptionInInitializerError("Timestamp packs precision in two bits and zone in three");
        }
    }

    public Timestamp(Instant instant, TimePrecision precision, ZoneBasis zone) {
        this(Objects.requireNonNull(instant, "instant").getEpochSecond(), instant.getNano(), precision, zone);
    }

    private Timestamp(long epochSecond, int nano, TimePrecision precision, ZoneBasis zone) {
        Objects.requireNonNull(precision, "precision");
        Objects.requireNonNull(zone, "zone");
        this.secondAndZone = (epochSecond << ZONE_BITS) | zone.ordinal();
        this.nanoAndPrecision = nano | (precision.ordinal() << NANO_BITS);
    }

    /** The time {@code epochSecond} + {@code nano} (0 to 999,999,999) as a source stated it, without an {@link Instant} on the way. */
    public static Timestamp of(long epochSecond, int nano, TimePrecision precision, ZoneBasis zone) {
        if (nano < 0 || nano > 999_999_999 || epochSecond < Instant.MIN.getEpochSecond() || epochSecond > Instant.MAX.getEpochSecond()) {
            throw new java.time.DateTimeException("no such instant: " + epochSecond + " s " + nano + " ns");
        }
        return new Timestamp(epochSecond, nano, precision, zone);
    }

    /** The instant the source stated. */
    public Instant instant() {
        return Instant.ofEpochSecond(epochSecond(), nano());
    }

    public TimePrecision precision() {
        return PRECISIONS[nanoAndPrecision >>> NANO_BITS];
    }

    public ZoneBasis zone() {
        return ZONES[(int) (secondAndZone & ZONE_MASK)];
    }

    /** Seconds since the epoch of the instant. */
    public long epochSecond() {
        return secondAndZone >> ZONE_BITS;
    }

    /** Nanosecond of that second. */
    public int nano() {
        return nanoAndPrecision & NANO_MASK;
    }

    /**
     * The time of a klog header ({@code I0919 10:00:00.123456 ...}): month and day at columns 1–4, the
     * clock from column 6 to {@code clockEnd}, in {@code year} (klog prints none), read as UTC. Read
     * in place, with {@code LocalTime}'s limits (hour 23, minute and second 59, at most nine fraction
     * digits): java.time's parser costs more than the rest of a klog line.
     *
     * @throws IllegalArgumentException if a part is not digits or out of range
     */
    public static Timestamp klog(String header, int clockEnd, int year) {
        int fraction = clockEnd > 14 ? clockEnd - 15 : 0;
        if (clockEnd < 14 || header.charAt(8) != ':' || header.charAt(11) != ':' || (clockEnd > 14 && header.charAt(14) != '.')
                || (clockEnd > 14 && fraction == 0) || fraction > 9) {
            throw new IllegalArgumentException("not a klog clock: " + header.substring(6, Math.max(6, clockEnd)));
        }
        int month = digits(header, 1, 3);
        int day = digits(header, 3, 5);
        int hour = digits(header, 6, 8);
        int minute = digits(header, 9, 11);
        int second = digits(header, 12, 14);
        int nanos = fraction == 0 ? 0 : digits(header, 15, clockEnd);
        if (hour > 23 || minute > 59 || second > 59) {
            throw new IllegalArgumentException("no such time of day: " + header.substring(6, clockEnd));
        }
        for (int k = fraction; k < 9; k++) {
            nanos *= 10;
        }
        long day0;
        try {
            day0 = java.time.LocalDate.of(year, month, day).toEpochDay();
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return new Timestamp(day0 * 86_400L + hour * 3600L + minute * 60L + second, nanos, TimePrecision.ofFractionDigits(fraction),
                ZoneBasis.ASSUMED_UTC);
    }

    /**
     * A time of day with no date and no zone ({@link ZoneBasis#TIME_OF_DAY}), on placeholder day
     * {@code day} (0 for the first day an excerpt shows, 1 after it went past midnight once…).
     */
    public static Timestamp timeOfDay(int hour, int minute, int second, int nano, TimePrecision precision, int day) {
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || nano < 0 || nano > 999_999_999 || day < 0) {
            throw new IllegalArgumentException("no such time of day: " + hour + ":" + minute + ":" + second + "." + nano);
        }
        return new Timestamp((TIME_OF_DAY_EPOCH_DAY + day) * 86_400L + hour * 3600L + minute * 60L + second, nano, precision, ZoneBasis.TIME_OF_DAY);
    }

    /** True for a time of day with no date ({@link ZoneBasis#TIME_OF_DAY}). */
    public boolean undated() {
        return zone() == ZoneBasis.TIME_OF_DAY;
    }

    /** The placeholder day of an undated time (0 for the first day an excerpt shows); 0 for a dated one. */
    public int placeholderDay() {
        return undated() ? (int) Math.floorDiv(epochSecond(), 86_400L) - (int) TIME_OF_DAY_EPOCH_DAY : 0;
    }

    /** The same time of day on another placeholder day (an excerpt that went past midnight). */
    public Timestamp onPlaceholderDay(int day) {
        if (!undated()) {
            throw new IllegalStateException("a dated time has no placeholder day: " + this);
        }
        long secondOfDay = Math.floorMod(epochSecond(), 86_400L);
        return new Timestamp((TIME_OF_DAY_EPOCH_DAY + day) * 86_400L + secondOfDay, nano(), precision(), ZoneBasis.TIME_OF_DAY);
    }

    /**
     * True when the two times can be ordered or subtracted at all: both dated, or both times of day
     * of one excerpt. A time of day and a dated time cannot: the day is unknown.
     */
    public boolean comparable(Timestamp other) {
        return undated() == other.undated();
    }

    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("expected digits, found \"" + s.substring(from, to) + "\"");
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * Parses an RFC 3339 time ({@code 2026-09-19T16:31:11.257Z}, {@code ...+01:00}); a missing zone
     * is read as UTC and marked {@link ZoneBasis#ASSUMED_UTC}.
     *
     * @param precision the precision the writer guarantees; {@code null} to derive it from the
     *                  fraction digits (right for writers that never trim trailing zeros)
     * @param literalZ  true for logrus, whose 'Z' is printed whatever the zone
     */
    /** As {@link #parseRfc3339(String, TimePrecision, boolean)} for the time written in {@code text[from, to)}. */
    public static Timestamp parseRfc3339(String text, int from, int to, TimePrecision precision, boolean literalZ) {
        Timestamp fast = Rfc3339.parse(text, from, to, precision, literalZ);
        return fast != null ? fast : parseRfc3339(text.substring(from, to), precision, literalZ);
    }

    public static Timestamp parseRfc3339(String text, TimePrecision precision, boolean literalZ) {
        Timestamp fast = Rfc3339.parse(text, precision, literalZ);
        if (fast != null) {
            return fast;
        }
        TimePrecision p = precision != null ? precision : TimePrecision.ofFractionDigits(fractionDigits(text));
        try {
            if (hasZone(text)) {
                Instant instant = OffsetDateTime.parse(text).toInstant();
                boolean z = text.endsWith("Z") || text.endsWith("z");
                return new Timestamp(instant, p, literalZ && z ? ZoneBasis.LITERAL_Z : ZoneBasis.STATED);
            }
            Instant instant = LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            return new Timestamp(instant, p, ZoneBasis.ASSUMED_UTC);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an RFC 3339 time: " + text, e);
        }
    }

    private static boolean hasZone(String text) {
        int t = text.indexOf('T');
        if (text.endsWith("Z") || text.endsWith("z")) {
            return true;
        }
        int plus = text.indexOf('+', t);
        int minus = text.indexOf('-', t);
        return plus > 0 || minus > 0;
    }

    private static int fractionDigits(String text) {
        int dot = text.indexOf('.');
        if (dot < 0) {
            return 0;
        }
        int n = 0;
        for (int i = dot + 1; i < text.length() && Character.isDigit(text.charAt(i)); i++) {
            n++;
        }
        return n;
    }

    /** First nanosecond after the window in which the true instant lies. */
    public Instant windowEnd() {
        return instant().plusNanos(precision().windowNanos());
    }

    /** True only when this window ends before the other's begins: the order is certain. */
    public boolean isBefore(Timestamp other) {
        if (!comparable(other)) {
            return false; // a time of day and a dated time: the order is unknown, never guessed
        }
        // windowEnd() <= other.instant, without the two Instants
        long window = precision().windowNanos();
        long endSecond = epochSecond() + window / 1_000_000_000L;
        long endNano = nano() + window % 1_000_000_000L;
        if (endNano >= 1_000_000_000L) {
            endSecond++;
            endNano -= 1_000_000_000L;
        }
        long otherSecond = other.epochSecond();
        return endSecond < otherSecond || endSecond == otherSecond && endNano <= other.nano();
    }

    public boolean isAfter(Timestamp other) {
        return other.isBefore(this);
    }

    /** Neither before nor after: the windows overlap and the sources cannot order the two. */
    public boolean isConcurrentWith(Timestamp other) {
        return !isBefore(other) && !isAfter(other);
    }

    /**
     * Nanoseconds from this instant to the other's (positive if the other is later); beyond the
     * ±292 years a long holds (a record that claims the year 9999), {@link Long#MAX_VALUE} or
     * {@link Long#MIN_VALUE}, never an overflow.
     */
    public long nanosUntil(Timestamp other) {
        if (!comparable(other)) {
            // A time of day and a dated time: no gap can be stated. The caller asks comparable() first; a
            // caller that did not gets a gap no rule takes for near, either way or in absolute value (Long.MAX_VALUE).
            return Long.MAX_VALUE;
        }
        java.time.Duration d = java.time.Duration.ofSeconds(other.epochSecond() - epochSecond(), (long) other.nano() - nano());
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** ISO 8601 in UTC with exactly the fraction digits the source's precision allows. */
    public String format() {
        if (undated()) {
            String clock = TimeFormat.utc(instant(), precision());
            String time = clock.substring(clock.indexOf('T') + 1, clock.length() - 1);
            int day = placeholderDay();
            return day == 0 ? time : time + " (day +" + day + ")";
        }
        return TimeFormat.utc(instant(), precision());
    }

    /** Orders by instant, then by coarser precision first; use {@link #isBefore} for causality. */
    @Override
    public int compareTo(Timestamp o) {
        int c = compareInstant(o);
        if (c != 0) {
            return c;
        }
        return Long.compare(o.precision().windowNanos(), precision().windowNanos());
    }

    /** Orders by the instant alone (as {@code instant().compareTo(o.instant())}, without making the two Instants). */
    public int compareInstant(Timestamp o) {
        int c = Long.compare(epochSecond(), o.epochSecond());
        return c != 0 ? c : Integer.compare(nano(), o.nano());
    }

    /** Equal when the instant, the precision and the zone basis are. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Timestamp t && t.secondAndZone == secondAndZone && t.nanoAndPrecision == nanoAndPrecision;
    }

    /** The hash the record of the same three components had. */
    @Override
    public int hashCode() {
        return hash(epochSecond(), nano(), precision(), zone());
    }

    /** The {@link #hashCode} of the time these four make, without making it (for holders that keep a time in fields of their own). */
    public static int hash(long epochSecond, int nano, TimePrecision precision, ZoneBasis zone) {
        int instantHash = ((int) (epochSecond ^ (epochSecond >>> 32))) + 51 * nano;
        return (31 * instantHash + precision.hashCode()) * 31 + zone.hashCode();
    }

    @Override
    public String toString() {
        return format();
    }
}
