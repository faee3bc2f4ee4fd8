package dev.argoforensics.read;

import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** klog prints month and day but no year: the year is the one that puts the line nearest a dated record. */
final class KlogYears {
    private KlogYears() {
    }

    /** The klog time moved into the year (of the reference's, or the one before or after) closest to the reference. */
    static Timestamp near(Timestamp klog, Timestamp reference) {
        LocalDateTime wall = LocalDateTime.ofInstant(klog.instant(), ZoneOffset.UTC);
        int year = reference.instant().atZone(ZoneOffset.UTC).getYear();
        Instant best = null;
        for (int y = year - 1; y <= year + 1; y++) {
            Instant candidate = wall.withYear(y).toInstant(ZoneOffset.UTC);
            if (best == null || distance(candidate, reference.instant()) < distance(best, reference.instant())) {
                best = candidate;
            }
        }
        return new Timestamp(best, klog.precision(), klog.zone());
    }

    /**
     * Nanoseconds between the two, either way round (asked for every klog line: {@code Duration.abs}
     * multiplies through a BigDecimal). Saturates far beyond the three years a candidate can be from
     * its reference, where any order would do.
     */
    private static long distance(Instant a, Instant b) {
        try {
            long nanos = Math.addExact(Math.multiplyExact(a.getEpochSecond() - b.getEpochSecond(), 1_000_000_000L), a.getNano() - b.getNano());
            return nanos == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(nanos);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
