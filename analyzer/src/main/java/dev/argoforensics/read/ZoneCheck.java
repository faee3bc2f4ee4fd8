package dev.argoforensics.read;

import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import dev.argoforensics.wording.Message;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * One file's zone check: how far its records' times (logrus and klog print local time, or a literal
 * {@code Z}) are from their collector's times, over the first {@link FileAssembler#ZONE_OFFSET_SAMPLES} lines.
 */
final class ZoneCheck {
    private final List<Long> zoneOffsets = new ArrayList<>();

    /** Offsets a worker sampled from a run of counted records. */
    void addAll(long[] offsets, int count) {
        for (int i = 0; i < count && zoneOffsets.size() < FileAssembler.ZONE_OFFSET_SAMPLES; i++) {
            zoneOffsets.add(offsets[i]);
        }
    }

    void add(Timestamp record, Timestamp envelope) {
        if ((record.zone() == ZoneBasis.LITERAL_Z || record.zone() == ZoneBasis.ASSUMED_UTC) && zoneOffsets.size() < FileAssembler.ZONE_OFFSET_SAMPLES) {
            zoneOffsets.add(record.nanosUntil(envelope));
        }
    }

    /** The note that the records' clock looks like local time, if it does (and no --log-tz says what it is). */
    Optional<Message> mismatch(ZoneId logZone) {
        if (logZone != null || zoneOffsets.size() < 3) {
            return Optional.empty();
        }
        // A klog line is sampled before it has its year (klog prints none), which puts it decades
        // from its collector's time: no zone is that far, and such samples say nothing about one.
        long maxZone = 18L * 3600 * 1_000_000_000L;
        List<Long> sorted = new ArrayList<>();
        for (long o : zoneOffsets) {
            if (Math.abs(o) <= maxZone) {
                sorted.add(o);
            }
        }
        if (sorted.size() < 3) {
            return Optional.empty();
        }
        Collections.sort(sorted);
        long median = sorted.get(sorted.size() / 2);
        long quarter = 15L * 60 * 1_000_000_000L;
        long rounded = Math.round((double) median / quarter) * quarter;
        if (rounded == 0 || Math.abs(median - rounded) > 2L * 60 * 1_000_000_000L) {
            return Optional.empty();
        }
        ZoneOffset offset = ZoneOffset.ofTotalSeconds((int) (-rounded / 1_000_000_000L));
        return Optional.of(Message.of("note.read.localZone", "offset", offset.getId().replace("Z", "+00:00"),
                "lag", GoDuration.format(median), "samples", sorted.size()));
    }

}
