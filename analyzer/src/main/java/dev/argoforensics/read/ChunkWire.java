package dev.argoforensics.read;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.ReadStats;
import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One chunk's pass 1 ({@link ScanResult}) or pass 2 ({@link ChunkResult}, or what it gave before a
 * failure and the failure) as deflated bytes and back, for a plain file whose chunks are read in tasks
 * of their own and assembled in another (the fleet scan). Every item the assembler takes goes as it is:
 * a {@link CountedRun} by its counts, a counted record's catalog entry by its id (looked up again in the
 * same catalog), the other items as records ({@link WireValues}).
 */
final class ChunkWire {
    private static final int VERSION = 7;
    private static final byte BLANK = 0;
    private static final byte COUNTED = 1;
    private static final byte KEPT = 2;
    private static final byte REJECTED = 3;
    private static final byte OTHER = 4;
    private static final byte RUN = 5;
    private static final byte READ = 0;
    private static final byte FAULT = 1;
    private static final byte IO = 2;

    private ChunkWire() {
    }

    /** A chunk's pass 1 as bytes: the names it makes of interest, how its times run and the run state it leaves (pass 1b). */
    static byte[] scan(ScanResult r) {
        return deflated(o -> {
            o.string(r.interest.encode());
            o.value(r.first);
            o.value(r.last);
            o.value(r.backwards);
            o.value(r.forwards);
            o.value(r.storeFirst);
            o.value(r.storeLast);
            o.value(r.storeBackwards);
            o.value(r.storeForwards);
            o.value(r.idleAtEnd);
            o.value(r.idleSeen);
            o.value(r.controller);
        });
    }

    static ScanResult scan(byte[] bytes) throws IOException {
        return inflated(bytes, in -> {
            ScanResult r = new ScanResult();
            r.interest.add(FileScan.decode(in.string()));
            r.first = (Timestamp) in.value();
            r.last = (Timestamp) in.value();
            r.backwards = (Long) in.value();
            r.forwards = (Long) in.value();
            r.storeFirst = (Timestamp) in.value();
            r.storeLast = (Timestamp) in.value();
            r.storeBackwards = (Long) in.value();
            r.storeForwards = (Long) in.value();
            r.idleAtEnd = (Boolean) in.value();
            r.idleSeen = (Boolean) in.value();
            r.controller = (Boolean) in.value();
            return r;
        });
    }

    /** A chunk's pass 2 as bytes. */
    static byte[] read(ChunkResult r) {
        return deflated(o -> {
            o.out().writeByte(READ);
            result(o, r);
        });
    }

    /** A chunk whose reading met a fault of the analyzer: what it gave before, and the fault in words. */
    static byte[] fault(ChunkFault f) {
        return deflated(o -> {
            o.out().writeByte(FAULT);
            result(o, f.before());
            o.string(f.getCause().toString());
        });
    }

    /** A chunk that could not be read: the I/O failure in words. */
    static byte[] failed(IOException e) {
        return deflated(o -> {
            o.out().writeByte(IO);
            o.string(Unreadable.ioReason(e));
        });
    }

    /**
     * The chunk's result from its bytes, or its failure thrown as the reading threw it ({@link ChunkFault}
     * with what came before, or an {@link IOException}), for the assembler to take as it takes a worker's.
     */
    static ChunkResult read(byte[] bytes, MessageCatalog catalog) throws IOException {
        Object r = inflated(bytes, in -> {
            byte kind = in.in().readByte();
            if (kind == IO) {
                return new IOException(in.string());
            }
            ChunkResult result = result(in, catalog);
            return kind == FAULT ? new ChunkFault(result, new Failed(in.string())) : result;
        });
        if (r instanceof IOException io) {
            throw io;
        } else if (r instanceof ChunkFault fault) {
            throw fault;
        }
        return (ChunkResult) r;
    }

    /** A fault raised in another task, said as it was said there. */
    static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed(String said) {
            super(said);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    private static void result(Out o, ChunkResult r) throws IOException {
        WireSink d = o.out();
        WireOut w = o.wire();
        w.value(r.chunk());
        d.writeLong(r.lines());
        d.writeLong(r.envelopeHeaders());
        w.value(r.stats());
        d.writeUnsigned(r.quotes().blocks());
        d.writeByte((r.quotes().opens() ? 1 : 0) | (r.quotes().ends() ? 2 : 0));
        d.writeUnsigned(r.items().size());
        for (ChunkItem item : r.items()) {
            if (item instanceof CountedRun run) {
                d.writeByte(RUN);
                run.write(w, d);
            } else if (item instanceof ChunkItem.Counted c) {
                d.writeByte(COUNTED);
                d.writeLong(c.firstLine());
                d.writeLong(c.lastLine());
                w.value(c.envelope());
                w.value(c.envelopeTime());
                w.string(c.origin());
                d.writeBoolean(c.prefixed());
                w.value(c.time());
                w.value(c.format());
                w.value(c.level());
                w.string(c.entry() == null ? null : c.entry().id());
                w.string(c.cut());
                d.writeBoolean(c.namesNothing());
                w.string(c.passKey());
            } else if (item instanceof ChunkItem.Kept packed) {
                ChunkItem.Kept k = packed.unpacked();
                if (k.parsed() != null) {
                    throw new IllegalArgumentException("a kept record's parse is for a reading with a sink, which reads on one machine");
                }
                d.writeByte(KEPT);
                w.value(k.line());
                w.value(k.time());
                w.value(k.format());
                w.value(k.level());
                w.string(k.catalogId());
                w.value(k.event());
                w.value(k.releases());
                w.string(k.cut());
                d.writeBoolean(k.namesNothing());
                w.string(k.redacted());
            } else {
                d.writeByte(item instanceof ChunkItem.Blank ? BLANK : item instanceof ChunkItem.Rejected ? REJECTED : OTHER);
                w.value(item);
            }
        }
    }

    private static ChunkResult result(In in, MessageCatalog catalog) throws IOException {
        WireSource d = in.in();
        WireIn w = in.wire();
        LineChunk chunk = (LineChunk) w.value();
        long lines = d.readLong();
        long headers = d.readLong();
        ReadStats stats = (ReadStats) w.value();
        int blocks = d.readUnsigned();
        int quoted = d.readByte();
        ChunkResult.Quotes quotes = new ChunkResult.Quotes(blocks, (quoted & 1) != 0, (quoted & 2) != 0);
        int n = d.readUnsigned();
        d.mayHold(n);
        List<ChunkItem> items = new ArrayList<>(n);
        java.util.Map<String, CatalogEntry> entries = new java.util.HashMap<>();
        for (int i = 0; i < n; i++) {
            byte kind = d.readByte();
            switch (kind) {
                case RUN -> items.add(CountedRun.read(w, d));
                case COUNTED -> {
                    long first = d.readLong();
                    long last = d.readLong();
                    EnvelopeKind envelope = (EnvelopeKind) w.value();
                    Timestamp envelopeTime = (Timestamp) w.value();
                    String origin = w.string();
                    boolean prefixed = d.readBoolean();
                    Timestamp time = (Timestamp) w.value();
                    RecordFormat format = (RecordFormat) w.value();
                    Level level = (Level) w.value();
                    String id = w.string();
                    CatalogEntry entry = id == null ? null : entries.computeIfAbsent(id, x -> entry(catalog, x));
                    String cut = w.string();
                    boolean namesNothing = d.readBoolean();
                    items.add(new ChunkItem.Counted(first, last, envelope, envelopeTime, origin, prefixed, time, format, level, entry,
                            cut, namesNothing, w.string()));
                }
                case KEPT -> items.add(new ChunkItem.Kept((dev.argoforensics.envelope.UnwrappedLine) w.value(), (Timestamp) w.value(),
                        (RecordFormat) w.value(), (Level) w.value(), w.string(), (dev.argoforensics.event.ControllerEvent) w.value(),
                        (dev.argoforensics.catalog.ReleaseEvidence) w.value(), w.string(), d.readBoolean(), w.string()));
                case BLANK, REJECTED, OTHER -> items.add((ChunkItem) w.value());
                default -> throw new IOException("unknown chunk item " + kind);
            }
        }
        return new ChunkResult(chunk, lines, headers, items, stats, quotes);
    }

    private static CatalogEntry entry(MessageCatalog catalog, String id) {
        for (CatalogEntry e : catalog.entries()) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("a catalog entry this catalog does not have: " + id);
    }

    private record Out(WireSink out, WireOut wire) {
        void string(String s) throws IOException {
            wire.string(s);
        }

        void value(Object v) throws IOException {
            wire.value(v);
        }
    }

    private record In(WireSource in, WireIn wire) {
        String string() throws IOException {
            return wire.string();
        }

        Object value() throws IOException {
            return wire.value();
        }
    }

    private interface Writing {
        void to(Out o) throws IOException;
    }

    private interface Reading<T> {
        T from(In in) throws IOException;
    }

    private static byte[] deflated(Writing writing) {
        WireSink d = new WireSink();
        try {
            d.writeInt(VERSION);
            writing.to(new Out(d, new WireOut(d)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return d.deflated();
    }

    private static <T> T inflated(byte[] bytes, Reading<T> reading) throws IOException {
        try {
            WireSource d = WireSource.inflated(bytes);
            int version = d.readInt();
            if (version != VERSION) {
                throw new IOException("a chunk's bytes of version " + version + ", expected " + VERSION);
            }
            T value = reading.from(new In(d, new WireIn(d)));
            if (!d.atEnd()) {
                throw new IOException("not a chunk's bytes: bytes left after them");
            }
            return value;
        } catch (ClassCastException | IllegalArgumentException | IndexOutOfBoundsException | NullPointerException e) {
            throw new IOException("not a chunk's bytes: " + e, e);
        }
    }
}
