package dev.argoforensics.event;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;

/**
 * A {@link Timestamp} as {@link LogEvent} holds it: nanoseconds since a base in a long and a code of
 * five bits for the precision and the zone basis (0 for no time). The base is the epoch, or for a time
 * of day ({@link ZoneBasis#TIME_OF_DAY}) the placeholder day 0, so both fit a long; a time beyond ±292
 * years of its base does not ({@link #fits}), and its event holds the {@link Timestamp} itself. Public for the reading's
 * kept lines, which hold their times the same way while they wait for the assembler (dev.argoforensics.read.ChunkItem).
 */
public final class TimeCodes {
    private static final TimePrecision[] PRECISIONS = TimePrecision.values();
    private static final ZoneBasis[] ZONES = ZoneBasis.values();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long TIME_OF_DAY_BASE = Timestamp.TIME_OF_DAY_EPOCH_DAY * 86_400L;
    /** Seconds from the base whose every nanosecond a long holds. */
    private static final long MIN_SECOND = Long.MIN_VALUE / NANOS_PER_SECOND;
    private static final long MAX_SECOND = Long.MAX_VALUE / NANOS_PER_SECOND - 1;
    /** The largest code: the last precision with the last zone basis. */
    public static final int MAX_CODE = 1 + (PRECISIONS.length - 1) * 8 + ZONES.length - 1;

    static {
        if (ZONES.length > 8) {
            throw new ExceptionInInitializerError("TimeCodes packs the zone basis in three bits");
        }
    }

    private TimeCodes() {
    }

    /** 0 for no time, else one more than the precision's ordinal times 8 plus the zone basis's. */
    public static int code(Timestamp t) {
        return t == null ? 0 : 1 + t.precision().ordinal() * 8 + t.zone().ordinal();
    }

    static ZoneBasis zone(int code) {
        return ZONES[(code - 1) & 7];
    }

    private static TimePrecision precision(int code) {
        return PRECISIONS[(code - 1) >>> 3];
    }

    private static long base(ZoneBasis zone) {
        return zone == ZoneBasis.TIME_OF_DAY ? TIME_OF_DAY_BASE : 0L;
    }

    /** True when {@link #nanos} holds the time. */
    public static boolean fits(Timestamp t) {
        long s = t.epochSecond() - base(t.zone());
        return s >= MIN_SECOND && s <= MAX_SECOND;
    }

    /** Nanoseconds since the time's base (the caller asked {@link #fits} first). */
    public static long nanos(Timestamp t) {
        return (t.epochSecond() - base(t.zone())) * NANOS_PER_SECOND + t.nano();
    }

    /** The time {@code nanos} and {@code code} (not 0) stand for. */
    public static Timestamp timestamp(long nanos, int code) {
        ZoneBasis zone = zone(code);
        return Timestamp.of(Math.floorDiv(nanos, NANOS_PER_SECOND) + base(zone), (int) Math.floorMod(nanos, NANOS_PER_SECOND),
                precision(code), zone);
    }

    /**
     * {@link Timestamp#compareInstant} of the two times, or {@link Integer#MIN_VALUE} when their bases
     * differ (a time of day and a dated time: the caller compares the {@link Timestamp}s).
     */
    static int compareInstant(long a, int codeA, long b, int codeB) {
        if (base(zone(codeA)) != base(zone(codeB))) {
            return Integer.MIN_VALUE;
        }
        return Long.compare(a, b);
    }

    /** The tie-break of {@link Timestamp#compareTo} for equal instants: the coarser precision first. */
    static int compareCoarserFirst(int codeA, int codeB) {
        return Long.compare(precision(codeB).windowNanos(), precision(codeA).windowNanos());
    }

    /** {@link Timestamp#hashCode} of the time, without making it. */
    static int hash(long nanos, int code) {
        ZoneBasis zone = zone(code);
        return Timestamp.hash(Math.floorDiv(nanos, NANOS_PER_SECOND) + base(zone), (int) Math.floorMod(nanos, NANOS_PER_SECOND),
                precision(code), zone);
    }
}
