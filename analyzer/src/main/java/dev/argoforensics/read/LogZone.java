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
        return apply(t, zone, ZoneBasis.CONFIGURED);
    }

    /** The time read in {@code zone}, marked {@code basis} (configured or measured), or unchanged as {@link #apply(Timestamp, ZoneId)}. */
    static Timestamp apply(Timestamp t, ZoneId zone, ZoneBasis basis) {
        if (zone == null || (t.zone() != ZoneBasis.LITERAL_Z && t.zone() != ZoneBasis.ASSUMED_UTC)) {
            return t;
        }
        LocalDateTime wall = LocalDateTime.ofInstant(t.instant(), ZoneOffset.UTC);
        return new Timestamp(wall.atZone(zone).toInstant(), t.precision(), basis);
    }

    /**
     * The zone one file's wall-clock times are read in: {@code --log-tz}'s (configured), the one its head measured
     * ({@link ZoneProbe}), or none (read as UTC).
     *
     * @param samples the records that measured it (0 unless measured)
     * @param ownOffset measured from the records' own stated offsets (the pod controller's own logger, {@link ZoneProbe}), not from
     *     a collector's times
     * @param copiedFrom the file whose records this file's are, shifted by whole quarter hours, and whose zone (measured or stated)
     *     gave this one ({@link ZoneCopies}); null otherwise
     * @param shiftNanos the wall-clock shift from that file's records to this file's (0 where both print the same wall clock)
     * @param unmeasured why no zone was measured where the collector's times gave one over some records and not others; or null
     */
    record FileZone(ZoneId zone, ZoneBasis basis, int samples, boolean ownOffset, String copiedFrom, long shiftNanos,
                    dev.argoforensics.wording.Message unmeasured) {
        static final FileZone NONE = new FileZone(null, ZoneBasis.CONFIGURED, 0);

        FileZone(ZoneId zone, ZoneBasis basis, int samples, boolean ownOffset, String copiedFrom, long shiftNanos) {
            this(zone, basis, samples, ownOffset, copiedFrom, shiftNanos, null);
        }

        /** No zone, where the collector's times measured one over some records and not over others: {@code why} says where. */
        static FileZone unmeasured(dev.argoforensics.wording.Message why) {
            return new FileZone(null, ZoneBasis.CONFIGURED, 0, false, null, 0, why);
        }

        FileZone(ZoneId zone, ZoneBasis basis, int samples) {
            this(zone, basis, samples, false);
        }

        FileZone(ZoneId zone, ZoneBasis basis, int samples, boolean ownOffset) {
            this(zone, basis, samples, ownOffset, null, 0);
        }

        /** {@code --log-tz}'s zone, or none. */
        static FileZone given(ZoneId zone) {
            return zone == null ? NONE : new FileZone(zone, ZoneBasis.CONFIGURED, 0);
        }

        boolean measured() {
            return zone != null && basis == ZoneBasis.MEASURED;
        }

        Timestamp apply(Timestamp t) {
            return LogZone.apply(t, zone, basis);
        }
    }
}
