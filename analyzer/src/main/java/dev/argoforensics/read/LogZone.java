package dev.argoforensics.read;

import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** logrus and klog print wall-clock time without a zone: read it in {@code --log-tz} when given. */
final class LogZone {
    private LogZone() {
    }

    /** The time read in {@code zone}, or unchanged if no zone was given or the time states its own. */
    static Timestamp apply(Timestamp t, ZoneId zone) {
        if (zone == null || (t.zone() != ZoneBasis.LITERAL_Z && t.zone() != ZoneBasis.ASSUMED_UTC)) {
            return t;
        }
        LocalDateTime wall = LocalDateTime.ofInstant(t.instant(), ZoneOffset.UTC);
        return new Timestamp(wall.atZone(zone).toInstant(), t.precision(), ZoneBasis.CONFIGURED);
    }
}
