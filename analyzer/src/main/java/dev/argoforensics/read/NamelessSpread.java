package dev.argoforensics.read;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Gap;
import dev.argoforensics.event.ControllerProcess.Nameless;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's records that name nothing ({@link Nameless}) as they are read: how many, the earliest and the latest, and the
 * stretches longer than {@link Nameless#TICKER} between two consecutive ones in time. Records may come in any order (a
 * line going back in time, a file read newest first) and two spreads may be joined in any order (chunks, pieces of one
 * run stitched across files): the result is that of their records in time order. Joining needs no more than the long
 * gaps: a stretch of the union longer than the ticker holds no record of either side, so it lies within a stretch of each
 * (a gap, or before its first or after its last record) that is at least as long.
 */
final class NamelessSpread {
    /** The shortest stretch kept as a gap: {@link Nameless#TICKER} for nameless records, {@link ControllerProcess.Work#GAP} for a run's passes. */
    private final long gapNanos;
    private long records;
    private Timestamp first;
    private Timestamp last;
    /** The gaps' ends, two per gap ({@code from, to}), earliest gap first; disjoint. */
    private final List<Timestamp> gaps = new ArrayList<>();

    /** A spread of nameless records: gaps longer than the stats ticker's period. */
    NamelessSpread() {
        this(Nameless.TICKER.toNanos());
    }

    /**
     * A spread of other records of a run, its gaps the stretches longer than {@code gapNanos} without one: the run's
     * {@code Processing workflow} lines ({@link ControllerProcess.Work#gaps()}), in the same time order, joined the same way.
     */
    NamelessSpread(long gapNanos) {
        this.gapNanos = gapNanos;
    }

    private boolean longer(Timestamp from, Timestamp to) {
        return from.nanosUntil(to) > gapNanos;
    }

    long records() {
        return records;
    }

    /** One record at {@code t}. */
    void add(Timestamp t) {
        if (records++ == 0) {
            first = t;
            last = t;
        } else if (t.compareInstant(last) >= 0) {
            if (longer(last, t)) {
                gaps.add(last);
                gaps.add(t);
            }
            last = t;
        } else if (t.compareInstant(first) <= 0) {
            if (longer(t, first)) {
                gaps.add(0, first);
                gaps.add(0, t);
            }
            first = t;
        } else {
            split(t);
        }
    }

    /** A record between the first and the last: it ends the gap it falls in, if any. */
    private void split(Timestamp t) {
        int lo = 0;
        int hi = gaps.size() / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Timestamp from = gaps.get(2 * mid);
            Timestamp to = gaps.get(2 * mid + 1);
            if (to.compareInstant(t) <= 0) {
                lo = mid + 1;
            } else if (from.compareInstant(t) >= 0) {
                hi = mid - 1;
            } else {
                List<Timestamp> parts = new ArrayList<>(4);
                if (longer(from, t)) {
                    parts.add(from);
                    parts.add(t);
                }
                if (longer(t, to)) {
                    parts.add(t);
                    parts.add(to);
                }
                gaps.subList(2 * mid, 2 * mid + 2).clear();
                gaps.addAll(2 * mid, parts);
                return;
            }
        }
    }

    /** Adds another's records: the same as adding them one by one, in any order. */
    void add(NamelessSpread o) {
        if (o.records == 0) {
            return;
        }
        if (records == 0) {
            records = o.records;
            first = o.first;
            last = o.last;
            gaps.addAll(o.gaps);
            return;
        }
        List<Timestamp> a = empties();
        List<Timestamp> b = o.empties();
        List<Timestamp> joined = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() && j < b.size()) {
            Timestamp from = later(a.get(i), b.get(j));
            Timestamp aTo = a.get(i + 1);
            Timestamp bTo = b.get(j + 1);
            Timestamp to = earlier(aTo, bTo);
            if (from != null && to != null && longer(from, to)) {
                joined.add(from);
                joined.add(to);
            }
            // the stretch that ends first has no more overlaps
            if (aTo != null && (bTo == null || aTo.compareInstant(bTo) <= 0)) {
                i += 2;
            } else {
                j += 2;
            }
        }
        records += o.records;
        if (o.first.compareInstant(first) < 0) {
            first = o.first;
        }
        if (o.last.compareInstant(last) > 0) {
            last = o.last;
        }
        gaps.clear();
        gaps.addAll(joined);
    }

    /** The stretches without a record of this spread, two ends each, null for no end: before the first, the gaps, after the last. */
    private List<Timestamp> empties() {
        List<Timestamp> e = new ArrayList<>(gaps.size() + 4);
        e.add(null);
        e.add(first);
        e.addAll(gaps);
        e.add(last);
        e.add(null);
        return e;
    }

    /** The later of two stretch starts, null standing for none (no start). */
    private static Timestamp later(Timestamp a, Timestamp b) {
        return a == null ? b : b == null ? a : a.compareInstant(b) >= 0 ? a : b;
    }

    /** The earlier of two stretch ends, null standing for none (no end). */
    private static Timestamp earlier(Timestamp a, Timestamp b) {
        return a == null ? b : b == null ? a : a.compareInstant(b) <= 0 ? a : b;
    }

    Nameless nameless() {
        if (records == 0) {
            return Nameless.NONE;
        }
        return new ControllerProcess.Nameless(records, first, last, gapList());
    }

    /** The gaps, earliest first. */
    List<Gap> gapList() {
        List<Gap> g = new ArrayList<>(gaps.size() / 2);
        for (int i = 0; i < gaps.size(); i += 2) {
            g.add(new Gap(gaps.get(i), gaps.get(i + 1)));
        }
        return g;
    }

    void write(WireOut o, WireSink d) throws IOException {
        d.writeLong(records);
        o.value(first);
        o.value(last);
        o.value(gaps);
    }

    static NamelessSpread read(WireIn in, WireSource d) throws IOException {
        return read(in, d, Nameless.TICKER.toNanos());
    }

    /** What {@link #write} wrote of a spread whose gaps are longer than {@code gapNanos}. */
    @SuppressWarnings("unchecked")
    static NamelessSpread read(WireIn in, WireSource d, long gapNanos) throws IOException {
        NamelessSpread s = new NamelessSpread(gapNanos);
        s.records = d.readLong();
        s.first = (Timestamp) in.value();
        s.last = (Timestamp) in.value();
        s.gaps.addAll((List<Timestamp>) in.value());
        if (s.gaps.size() % 2 != 0 || (s.records == 0) != (s.first == null)) {
            throw new IOException("not a run's nameless records: " + s.records + " records, " + s.gaps.size() + " gap ends");
        }
        return s;
    }
}
