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
    /** Offsets between records that state their zone and a collector's time that states one too (a console's zone label). */
    private final List<Long> statedOffsets = new ArrayList<>();

    /** Offsets a worker sampled from a run of counted records. */
    void addAll(long[] offsets, int count) {
        for (int i = 0; i < count && zoneOffsets.size() < FileAssembler.ZONE_OFFSET_SAMPLES; i++) {
            zoneOffsets.add(offsets[i]);
        }
    }

    /** One record's time and its collector's; {@code prefix}: the collector's time is an unrecognised prefix's (a console's). */
    void add(Timestamp record, Timestamp envelope, boolean prefix) {
        if ((record.zone() == ZoneBasis.LITERAL_Z || record.zone() == ZoneBasis.ASSUMED_UTC) && zoneOffsets.size() < FileAssembler.ZONE_OFFSET_SAMPLES) {
            zoneOffsets.add(record.nanosUntil(envelope));
        } else if (prefix && record.zone() == ZoneBasis.STATED && envelope.zone() == ZoneBasis.STATED
                && statedOffsets.size() < FileAssembler.ZONE_OFFSET_SAMPLES) {
            statedOffsets.add(record.nanosUntil(envelope));
        }
    }

    /**
     * The note that the records' clock looks like local time, if it does (and no --log-tz says what it is); else the note that a
     * collector's times, which state a zone (a console's {@code 2026-11-09 21:14:52.309 CET}), are a whole zone offset away from
     * the records' own, which state theirs: one of the two labels does not name the zone its clock printed. The records' own time
     * is the one read (the controller wrote it with its offset); the collector's is kept as its metadata, and the note says so.
     */
    Optional<Message> mismatch(LogZone.FileZone zone) {
        if (zone.measured() && zone.copiedFrom() != null) {
            return Optional.of(Message.of("note.read.copiedZone", "offset", zone.zone().getId().replace("Z", "+00:00"),
                    "samples", zone.samples(), "file", zone.copiedFrom(), "shift", GoDuration.format(zone.shiftNanos())));
        }
        if (zone.measured()) {
            return Optional.of(Message.of(zone.ownOffset() ? "note.read.ownOffsetZone" : "note.read.measuredZone", "offset",
                    zone.zone().getId().replace("Z", "+00:00"),
                    "samples", zone.samples()));
        }
        if (zone.unmeasured() != null) {
            return Optional.of(zone.unmeasured());
        }
        Optional<Message> local = localZone(zone.zone());
        if (local.isPresent()) {
            return local;
        }
        // Only a steady offset is a zone's: every sample within two minutes of the median (a collector catching up on a backlog
        // lags by varying amounts, some of them near a quarter hour).
        return wholeOffset(statedOffsets).filter(median -> statedOffsets.stream().allMatch(o -> Math.abs(o - median) <= 2L * 60 * 1_000_000_000L))
                .map(median -> Message.of("note.read.statedZonesDisagree", "lag", GoDuration.format(Math.abs(median)),
                "dir", median > 0 ? "ahead of" : "behind", "samples", samplesWithin(statedOffsets)));
    }

    private Optional<Message> localZone(ZoneId logZone) {
        if (logZone != null) {
            return Optional.empty();
        }
        return wholeOffset(zoneOffsets).map(median -> {
            long quarter = 15L * 60 * 1_000_000_000L;
            long rounded = Math.round((double) median / quarter) * quarter;
            ZoneOffset offset = ZoneOffset.ofTotalSeconds((int) (-rounded / 1_000_000_000L));
            return Message.of("note.read.localZone", "offset", offset.getId().replace("Z", "+00:00"), "lag", GoDuration.format(median),
                    "samples", samplesWithin(zoneOffsets));
        });
    }

    /** The samples a zone's offset may explain (a klog line sampled before it has its year is decades away). */
    private static int samplesWithin(List<Long> offsets) {
        long maxZone = 18L * 3600 * 1_000_000_000L;
        return (int) offsets.stream().filter(o -> Math.abs(o) <= maxZone).count();
    }

    /** The median offset, where it is within two minutes of a nonzero multiple of 15 minutes (a zone's offset); empty otherwise. */
    private static Optional<Long> wholeOffset(List<Long> offsets) {
        if (offsets.size() < 3) {
            return Optional.empty();
        }
        // A klog line is sampled before it has its year (klog prints none), which puts it decades
        // from its collector's time: no zone is that far, and such samples say nothing about one.
        long maxZone = 18L * 3600 * 1_000_000_000L;
        List<Long> sorted = new ArrayList<>();
        for (long o : offsets) {
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
        return Optional.of(median);
    }

}
