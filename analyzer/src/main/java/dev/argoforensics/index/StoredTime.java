package dev.argoforensics.index;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;

/**
 * A {@link Timestamp} as the index keeps it: exactly (seconds, nanoseconds, precision and zone
 * basis, as text) for reuse and display, and as epoch nanoseconds for points and sorting.
 */
final class StoredTime {
    private StoredTime() {
    }

    /** {@code 1789834271 257190002 NANOSECOND STATED}. */
    static String encode(Timestamp t) {
        return t.instant().getEpochSecond() + " " + t.instant().getNano() + " " + t.precision().name() + " " + t.zone().name();
    }

    /**
     * @throws IllegalArgumentException if the text was not written by {@link #encode}
     */
    static Timestamp decode(String text) {
        String[] p = text.split(" ");
        if (p.length != 4) {
            throw new IllegalArgumentException("not a stored time: " + text);
        }
        return new Timestamp(Instant.ofEpochSecond(Long.parseLong(p[0]), Long.parseLong(p[1])), TimePrecision.valueOf(p[2]),
                ZoneBasis.valueOf(p[3]));
    }

    /** Nanoseconds since the epoch; instants outside 1677–2262 are held at the nearest end. */
    static long epochNanos(Instant instant) {
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
        } catch (ArithmeticException e) {
            return instant.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
