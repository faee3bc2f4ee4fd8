package dev.argoforensics.read;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.event.EventType;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A {@link FileReading} as bytes and back ({@link WireValues}, deflated): the kept events with their
 * local numbering, the run pieces with what the stitch adds up, the counts, the marks and the summary.
 */
final class ReadingWire {
    private static final int VERSION = 11;

    private ReadingWire() {
    }

    static byte[] encode(FileReading r) {
        WireSink d = new WireSink();
        try {
            WireOut o = new WireOut(d);
            d.writeInt(VERSION);
            o.value(r.file());
            o.string(r.setName());
            d.writeBoolean(r.newestFirst());
            o.value(r.events());
            o.value(r.undated());
            d.writeUnsigned(r.pieces().size());
            for (FileRuns.Piece p : r.pieces()) {
                d.writeByte(p.start().ordinal());
                d.writeBoolean(p.atBanner());
                d.writeByte(p.aside().ordinal());
                d.writeInt(p.seam());
                piece(o, d, p.part());
            }
            d.writeLong(r.ordinals());
            d.writeLong(r.records());
            o.value(r.types());
            o.value(r.marks().pieces());
            o.value(r.marks().ordinals());
            o.value(r.summary());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return d.deflated();
    }

    private static void piece(WireOut o, WireSink d, ControllerRun p) throws IOException {
        o.string(p.key);
        o.value(p.from);
        d.writeLong(p.count);
        d.writeLong(p.backwards);
        o.value(p.first);
        o.value(p.last);
        o.value(p.earliest);
        o.value(p.latest);
        o.string(p.firstRecord);
        o.string(p.firstBackwards);
        d.writeLong(p.processed);
        o.value(p.firstProcessed);
        o.value(p.lastProcessed);
        p.nameless.write(o, d);
        p.work.write(o, d);
        d.writeBoolean(p.roundUnknown);
        o.value(p.cameRound);
        d.writeUnsigned(p.passed.size());
        for (java.util.Map.Entry<String, Timestamp> e : p.passed.entrySet()) {
            o.string(e.getKey());
            o.value(e.getValue());
        }
        o.value(new ArrayList<>(p.passNamespaces));
        o.value(new ArrayList<>(p.files));
        o.value(p.evidence);
        o.value(p.elections);
        o.value(p.electionTimes);
        d.writeByte(p.bannerDue == null ? 0 : p.bannerDue ? 2 : 1);
        d.writeByte(p.loadOnly == null ? 0 : p.loadOnly ? 2 : 1);
        d.writeBoolean(p.quiet);
        d.writeInt(p.startStep);
    }

    @SuppressWarnings("unchecked")
    static FileReading decode(byte[] bytes) throws IOException {
        try {
            WireSource d = WireSource.inflated(bytes);
            WireIn in = new WireIn(d);
            int version = d.readInt();
            if (version != VERSION) {
                throw new IOException("a file reading of version " + version + ", expected " + VERSION);
            }
            InputFile file = (InputFile) in.value();
            String setName = in.string();
            boolean newestFirst = d.readBoolean();
            List<LogEvent> events = (List<LogEvent>) in.value();
            int[] undated = (int[]) in.value();
            int n = d.readUnsigned();
            d.mayHold(n);
            List<FileRuns.Piece> pieces = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                FileRuns.Start start = FileRuns.Start.values()[d.readByte()];
                boolean atBanner = d.readBoolean();
                FileRuns.Aside aside = FileRuns.Aside.values()[d.readByte()];
                int seam = d.readInt();
                pieces.add(new FileRuns.Piece(start, piece(in, d, i), atBanner, aside, seam));
            }
            long ordinals = d.readLong();
            long records = d.readLong();
            Set<EventType> types = (Set<EventType>) in.value();
            ScheduleMarks marks = new ScheduleMarks((int[]) in.value(), (long[]) in.value());
            InputSummary summary = (InputSummary) in.value();
            if (!d.atEnd()) {
                throw new IOException("not a file reading: bytes left after it");
            }
            return new FileReading(file, setName, newestFirst, events, undated, pieces, ordinals, records, types, marks, summary);
        } catch (ClassCastException | IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new IOException("not a file reading: " + e, e);
        }
    }

    @SuppressWarnings("unchecked")
    private static ControllerRun piece(WireIn in, WireSource d, int id) throws IOException {
        ControllerRun p = new ControllerRun(id, in.string(), (ReplicaSource) in.value(), 0);
        p.count = d.readLong();
        p.backwards = d.readLong();
        p.first = (Timestamp) in.value();
        p.last = (Timestamp) in.value();
        p.earliest = (Timestamp) in.value();
        p.latest = (Timestamp) in.value();
        p.firstRecord = in.string();
        p.firstBackwards = in.string();
        p.processed = d.readLong();
        p.firstProcessed = (Timestamp) in.value();
        p.lastProcessed = (Timestamp) in.value();
        p.nameless = NamelessSpread.read(in, d);
        p.work = NamelessSpread.read(in, d, dev.argoforensics.event.ControllerProcess.Work.GAP.toNanos());
        p.roundUnknown = d.readBoolean();
        p.cameRound = (Timestamp) in.value();
        int passed = d.readUnsigned();
        d.mayHold(passed);
        for (int i = 0; i < passed; i++) {
            p.passed.put(in.string(), (Timestamp) in.value());
        }
        p.passNamespaces.addAll((List<String>) in.value());
        p.files.addAll((List<String>) in.value());
        ((List<ReleaseEvidence>) in.value()).forEach(p::evidence);
        p.elections.addAll((List<LeaderElection>) in.value());
        p.electionTimes.addAll((List<Timestamp>) in.value());
        int due = d.readByte();
        p.bannerDue = due == 0 ? null : due == 2;
        int loadOnly = d.readByte();
        p.loadOnly = loadOnly == 0 ? null : loadOnly == 2; // before session 62 not sent: a cached reading lost onlyALoad
        p.quiet = d.readBoolean();
        p.startStep = d.readInt();
        return p;
    }
}
