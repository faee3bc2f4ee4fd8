package dev.argoforensics.read;

import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.EventType;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.Collections;

/**
 * Consecutive records of one chunk that were only counted (they concern nothing of interest), and
 * the blank lines among them, summed up by the worker that read them so that the assembler takes
 * them in one step instead of line by line. Dated records only (klog lines, which need a year from
 * their neighbours, stay single items); all from one origin. Filled by one worker, then only read.
 */
final class CountedRun implements ChunkItem {
    final long firstLine;
    long lastLine;
    final String origin;
    long records;
    long recognised;
    long continuation;
    long prefixed;
    long blank;
    /** Records by format, envelope and zone basis, indexed by ordinal (no boxing per line). */
    private final long[] formats = new long[RecordFormat.values().length];
    private final long[] envelopes = new long[EnvelopeKind.values().length];
    private final long[] zones = new long[ZoneBasis.values().length];
    /** Each distinct release evidence of the run's lines once, in order of first appearance. */
    final List<ReleaseEvidence> releases = new ArrayList<>();
    private final Set<ReleaseEvidence> seenReleases = Collections.newSetFromMap(new IdentityHashMap<>());
    private ReleaseEvidence lastEvidence;
    /** Record time minus collector time of the first lines with both (as many as the zone check samples). */
    long[] zoneOffsets = new long[0];
    int zoneOffsetCount;
    /** The first and the last record's time, in the chunk's order (which way the lines run). */
    Timestamp first;
    Timestamp last;
    /** The earliest and the latest record's time: the run's span, whichever way its lines run (an export newest first). */
    Timestamp earliest;
    Timestamp latest;
    long backwards;
    /** Chunk line of the first record earlier than the one before it in the run, or -1. */
    long firstBackwardsLine = -1;
    /** The catalog's event types among the run's records, one bit per {@link EventType#ordinal()}. */
    long types;

    static {
        if (EventType.values().length > Long.SIZE) {
            throw new IllegalStateException("CountedRun.types holds one bit per event type: at most 64");
        }
    }
    /** Per Workflow its first {@code Processing workflow} here, in order ({@link ControllerRun#passed}); where a Workflow came again. */
    final java.util.Map<String, Timestamp> passed = new java.util.LinkedHashMap<>();
    Timestamp cameRound;
    /** A pass whose Workflow its text did not name. */
    boolean roundUnknown;
    /** The run's {@code Processing workflow} records: how many, the first and the last one's time. */
    long processed;
    Timestamp firstProcessed;
    Timestamp lastProcessed;
    /** The run's records that name no Pod, Workflow or namespace: how many, where, and where none were for longer than the ticker. */
    NamelessSpread nameless = new NamelessSpread();
    /** The run's {@code Processing workflow} records' pauses longer than {@link dev.argoforensics.event.ControllerProcess.Work#GAP}. */
    NamelessSpread work = new NamelessSpread(dev.argoforensics.event.ControllerProcess.Work.GAP.toNanos());

    /** As many as the assembler samples in a whole file. */
    static final int ZONE_OFFSET_SAMPLES = FileAssembler.ZONE_OFFSET_SAMPLES;

    CountedRun(ChunkItem.Counted c, Timestamp time, ReleaseEvidence evidence) {
        this.firstLine = c.firstLine();
        this.origin = c.origin();
        add(c, time, evidence);
    }

    /** An empty run of one origin, filled by {@link #read}. */
    private CountedRun(long firstLine, String origin) {
        this.firstLine = firstLine;
        this.origin = origin;
    }

    /** Writes every field the assembler reads, for a chunk read in one task and assembled in another ({@link ChunkWire}). */
    void write(WireOut o, WireSink d) throws IOException {
        d.writeLong(firstLine);
        o.string(origin);
        for (long v : new long[] {lastLine, records, recognised, continuation, prefixed, blank, backwards, firstBackwardsLine, types,
                processed}) {
            d.writeLong(v);
        }
        o.value(formats);
        o.value(envelopes);
        o.value(zones);
        o.value(releases);
        o.value(Arrays.copyOf(zoneOffsets, zoneOffsetCount));
        for (Timestamp t : new Timestamp[] {first, last, earliest, latest, firstProcessed, lastProcessed}) {
            o.value(t);
        }
        nameless.write(o, d);
        work.write(o, d);
        d.writeBoolean(roundUnknown);
        o.value(cameRound);
        d.writeUnsigned(passed.size());
        for (java.util.Map.Entry<String, Timestamp> e : passed.entrySet()) {
            o.string(e.getKey());
            o.value(e.getValue());
        }
    }

    /** What {@link #write} wrote. */
    @SuppressWarnings("unchecked")
    static CountedRun read(WireIn in, WireSource d) throws IOException {
        CountedRun r = new CountedRun(d.readLong(), in.string());
        r.lastLine = d.readLong();
        r.records = d.readLong();
        r.recognised = d.readLong();
        r.continuation = d.readLong();
        r.prefixed = d.readLong();
        r.blank = d.readLong();
        r.backwards = d.readLong();
        r.firstBackwardsLine = d.readLong();
        r.types = d.readLong();
        r.processed = d.readLong();
        copy((long[]) in.value(), r.formats);
        copy((long[]) in.value(), r.envelopes);
        copy((long[]) in.value(), r.zones);
        for (ReleaseEvidence e : (List<ReleaseEvidence>) in.value()) {
            r.releases.add(e);
            r.seenReleases.add(e);
        }
        r.zoneOffsets = (long[]) in.value();
        r.zoneOffsetCount = r.zoneOffsets.length;
        r.first = (Timestamp) in.value();
        r.last = (Timestamp) in.value();
        r.earliest = (Timestamp) in.value();
        r.latest = (Timestamp) in.value();
        r.firstProcessed = (Timestamp) in.value();
        r.lastProcessed = (Timestamp) in.value();
        r.nameless = NamelessSpread.read(in, d);
        r.work = NamelessSpread.read(in, d, dev.argoforensics.event.ControllerProcess.Work.GAP.toNanos());
        r.roundUnknown = d.readBoolean();
        r.cameRound = (Timestamp) in.value();
        int passed = d.readUnsigned();
        d.mayHold(passed);
        for (int i = 0; i < passed; i++) {
            r.passed.put(in.string(), (Timestamp) in.value());
        }
        return r;
    }

    private static void copy(long[] from, long[] to) throws IOException {
        if (from.length != to.length) {
            throw new IOException("a counted run of another build: " + from.length + " counts where this one has " + to.length);
        }
        System.arraycopy(from, 0, to, 0, to.length);
    }

    boolean sameOrigin(ChunkItem.Counted c) {
        return Objects.equals(origin, c.origin());
    }

    /** @param time the record's time, read in the log zone */
    void add(ChunkItem.Counted c, Timestamp time, ReleaseEvidence evidence) {
        lastLine = c.lastLine();
        records++;
        continuation += c.lastLine() - c.firstLine();
        if (c.entry() != null) {
            recognised++;
            types |= 1L << c.entry().event().ordinal();
            if (c.entry().event() == EventType.WORKFLOW_PROCESSING) {
                if (c.passKey() == null) {
                    roundUnknown = true;
                } else if (cameRound == null && passed.putIfAbsent(c.passKey(), time) != null) {
                    cameRound = time;
                }
                processed++;
                if (firstProcessed == null) {
                    firstProcessed = time;
                }
                lastProcessed = time;
                work.add(time);
            }
        }
        if (c.namesNothing()) {
            nameless.add(time);
        }
        if (c.prefixed()) {
            prefixed++;
        }
        if (!c.envelope().rebuilt()) {
            formats[c.format().ordinal()]++; // a record rebuilt from columns has the rebuilder's form, not the writer's
        }
        envelopes[c.envelope().ordinal()]++;
        zones[time.zone().ordinal()]++;
        if (evidence != lastEvidence && seenReleases.add(evidence)) {
            releases.add(evidence);
        }
        lastEvidence = evidence;
        if (c.envelopeTime() != null && zoneOffsetCount < ZONE_OFFSET_SAMPLES
                && (time.zone() == ZoneBasis.LITERAL_Z || time.zone() == ZoneBasis.ASSUMED_UTC)) {
            if (zoneOffsetCount == zoneOffsets.length) {
                zoneOffsets = java.util.Arrays.copyOf(zoneOffsets, Math.max(16, zoneOffsetCount * 2));
            }
            zoneOffsets[zoneOffsetCount++] = time.nanosUntil(c.envelopeTime());
        }
        if (last != null && time.isBefore(last)) {
            backwards++;
            if (firstBackwardsLine < 0) {
                firstBackwardsLine = c.firstLine();
            }
        }
        if (first == null) {
            first = time;
        }
        last = time;
        if (earliest == null || time.isBefore(earliest)) {
            earliest = time;
        }
        if (latest == null || latest.isBefore(time)) {
            latest = time;
        }
    }

    /** Adds the run's records by format to {@code into}. */
    void addFormats(Map<RecordFormat, Long> into) {
        addCounts(formats, RecordFormat.values(), into);
    }

    void addEnvelopes(Map<EnvelopeKind, Long> into) {
        addCounts(envelopes, EnvelopeKind.values(), into);
    }

    void addZones(Map<ZoneBasis, Long> into) {
        addCounts(zones, ZoneBasis.values(), into);
    }

    private static <K> void addCounts(long[] counts, K[] keys, Map<K, Long> into) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                into.merge(keys[i], counts[i], Long::sum);
            }
        }
    }

    void addBlank(long line) {
        blank++;
        lastLine = line;
    }
}
