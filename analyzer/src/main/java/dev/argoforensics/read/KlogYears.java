package dev.argoforensics.read;

import dev.argoforensics.time.Timestamp;
import java.time.Duration;
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
            if (best == null || distance(candidate, reference.instant()).compareTo(distance(best, reference.instant())) < 0) {
                best = candidate;
            }
        }
        return new Timestamp(best, klog.precision(), klog.zone());
    }

    private static Duration distance(Instant a, Instant b) {
        return Duration.between(a, b).abs();
    }
}
