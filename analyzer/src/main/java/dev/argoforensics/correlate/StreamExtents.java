package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * Where each controller stream was read whole, and where it may be an excerpt grepped for names. A grep
 * for names (one Pod, several with {@code grep -E 'a|b'}, a Workflow family, a namespace) keeps the lines
 * that name what it asks for and drops every record that names no Pod, no Workflow and no namespace, the
 * pod event handler's {@code Removing finalizers during a delete} among them. Another Pod's or Workflow's
 * lines in the stream are no sign of a whole log: a grep for several names keeps them. What only a whole
 * stream holds are the records that name nothing ({@link ControllerProcess.Nameless}: worker numbers,
 * {@code Alloc=…}, {@code Performing periodic GC}, other Pods' handler lines), so a missing handler line is
 * evidence only where the run holds such records at or before the moment and at or after it: a head of
 * the log (its start-up lines) followed by a grep holds them before only, a grep followed by a tail after
 * only. The count is taken over every record the reading saw, kept or only counted. A stream grepped for
 * one Pod is the case of no such record at all. Derived once per correlation; asked per Pod only for a
 * scheduling line that has no handler line.
 *
 * <p>Records on both sides are not enough where the pieces were pasted together: {@code head}, a {@code grep}
 * and {@code tail} of one log hold nameless records before (the start-up lines) and after (the last lines), the
 * grep's stretch between them none. Every run writes the stats ticker's {@code Alloc=…} line every
 * {@link #TICKER} (v3 and v4, reference §3.7), each one nameless: a run read whole holds at least one per period,
 * and a longer stretch without one ({@link ControllerProcess.Gap}) is where lines were dropped. A moment inside such a
 * gap, its ends included, was not read whole around, however many records the head and the tail hold (a head of 30
 * start-up lines within one second counts as many as two hours of ticker lines); a moment outside every gap, between
 * two records less than the ticker apart, was.
 */
final class StreamExtents {
    private final List<ControllerProcess> processes;

    private StreamExtents(List<ControllerProcess> processes) {
        this.processes = List.copyOf(processes);
    }

    /** @param processes the controller runs, {@link LogEvent#stream()} indexing them; a stream not listed is read whole nowhere */
    static StreamExtents of(List<ControllerProcess> processes) {
        return new StreamExtents(processes);
    }

    /** Whether the stream holds records that name nothing on both sides of {@code time}, none of its gaps around it: it was read whole there. */
    boolean readWholeAround(int stream, Timestamp time) {
        return readWholeAround(processes, stream, time);
    }

    /** As {@link #readWholeAround(int, Timestamp)}, over the runs a {@link Correlation} holds. */
    static boolean readWholeAround(List<ControllerProcess> processes, int stream, Timestamp time) {
        if (stream < 0 || stream >= processes.size() || time == null) {
            return false;
        }
        ControllerProcess.Nameless n = processes.get(stream).nameless();
        return n.around(time) && n.gapAt(time) == null;
    }

    /**
     * Whether the stream was read whole over the whole stretch from {@code from} to {@code to}: around both ends, and no gap of
     * its nameless records (where a head, a grep and a tail were pasted together) overlaps the stretch. Only then does a line
     * missing between the two show that the controller did not write it.
     */
    static boolean readWholeThrough(List<ControllerProcess> processes, int stream, Timestamp from, Timestamp to) {
        if (!readWholeAround(processes, stream, from) || !readWholeAround(processes, stream, to)) {
            return false;
        }
        for (ControllerProcess.Gap g : processes.get(stream).nameless().gaps()) {
            if (!g.to().isBefore(from) && !to.isBefore(g.from())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the stream shows no line dropped from {@code from} to {@code to}, as far as its nameless records can: one at or before
     * {@code from}, no gap of theirs overlapping the stretch, and, where the latest comes before {@code to} (a run that ended, or was
     * killed, before its next tick), no more than {@link #TICKER} before it. Looser than {@link #readWholeThrough} at the end only:
     * a log with no nameless record there (a {@code grep} of names) or one cut wider than the ticker's period shows nothing.
     */
    static boolean wholeFromTo(List<ControllerProcess> processes, int stream, Timestamp from, Timestamp to) {
        if (stream < 0 || stream >= processes.size() || from == null || to == null) {
            return false;
        }
        ControllerProcess.Nameless n = processes.get(stream).nameless();
        if (n.records() == 0 || n.first().isAfter(from) || ControllerProcess.Nameless.longerThanTicker(n.last(), to)) {
            return false;
        }
        return !cutWithin(processes, stream, from, to);
    }

    /**
     * Whether a gap of the stream's nameless records (a stretch longer than the stats ticker's period without one: lines dropped
     * there, as where a head, a grep and a tail were pasted together) overlaps the stretch from {@code from} to {@code to}, its ends
     * included. Lines missing between the two may then have been written and cut.
     */
    static boolean cutWithin(List<ControllerProcess> processes, int stream, Timestamp from, Timestamp to) {
        if (stream < 0 || stream >= processes.size() || from == null || to == null) {
            return false;
        }
        return gapWithin(processes, stream, from, to) || cutAtEdges(processes.get(stream), from, to);
    }

    /** Whether a gap between two of the stream's records naming nothing overlaps the stretch (only that: {@link #cutWithin} before session 56). */
    static boolean gapWithin(List<ControllerProcess> processes, int stream, Timestamp from, Timestamp to) {
        if (stream < 0 || stream >= processes.size() || from == null || to == null) {
            return false;
        }
        for (ControllerProcess.Gap g : processes.get(stream).nameless().gaps()) {
            if (!g.to().isBefore(from) && !to.isBefore(g.from())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a stretch of the run's own lines longer than the stats ticker's period without a record naming nothing, outside the
     * {@linkplain ControllerProcess.Nameless#gaps() gaps} between two records, overlaps the stretch from {@code from} to {@code to}:
     * the run's whole span where it holds no such record at all (a grep for names keeps none), from its first line to its first
     * record, or from its latest record to its last line. A whole run writes one at least every period (session 56: a run with no
     * periodic record over a span longer than the period is not known whole there, the same reading as a gap between two records;
     * before, a run holding none, or none after its start-up lines, was taken whole everywhere). A run shorter than the period
     * holding none shows no cut by this (its first tick may not have come).
     */
    static boolean cutAtEdges(ControllerProcess run, Timestamp from, Timestamp to) {
        if (run.first() == null || run.last() == null) {
            return false;
        }
        ControllerProcess.Nameless n = run.nameless();
        if (n.records() == 0) {
            return ControllerProcess.Nameless.longerThanTicker(run.first(), run.last());
        }
        if (ControllerProcess.Nameless.longerThanTicker(run.first(), n.first()) && from.isBefore(n.first())) {
            return true;
        }
        return ControllerProcess.Nameless.longerThanTicker(n.last(), run.last()) && to.isAfter(n.last());
    }

    /**
     * Where the run's lines from {@code from} to {@code to} may not all be there, or null where it was read whole over that stretch.
     * The stretch is the run's own part of it: before the run's first line and after its last there is nothing of the run to read
     * (another run, or none, holds those moments). At an end inside the run, a record naming nothing must lie at or beyond it (as
     * {@link #readWholeThrough}), unless the run's last line is within the stats ticker's period of its latest record (session 56: as
     * at the run's last line); at the run's first or last line, one within the stats ticker's period of it (a whole run writes
     * one at least that often, and a log that starts or ends there shows no cut), and past its last line the run's later lines
     * must not be known missing ({@link ControllerProcess#cutAtEnd()}: a rotated piece without its successor, lines selected).
     * No gap of its records (a stretch longer than the ticker's period without one) may overlap the stretch. A null {@code from}
     * is the run's first line, a null {@code to} the end of its evidence.
     */
    static ReadCut cutOver(List<ControllerProcess> processes, int stream, Timestamp from, Timestamp to) {
        if (stream < 0 || stream >= processes.size()) {
            return null;
        }
        ControllerProcess run = processes.get(stream);
        if (run.first() == null || run.last() == null) {
            return null;
        }
        boolean atStart = from == null || !from.isAfter(run.first());
        boolean atEnd = to == null || !to.isBefore(run.last());
        Timestamp f = atStart ? run.first() : from;
        Timestamp t = atEnd ? run.last() : to;
        if (t.isBefore(f)) {
            return null; // the run holds nothing of the stretch
        }
        ControllerProcess.Nameless n = run.nameless();
        if (n.records() == 0) {
            return new ReadCut(run, ReadCut.Kind.NO_RECORDS, f, t);
        }
        // None at or before the stretch's start: a cut only where the run's first line given is more than the ticker's period before
        // its first record, as at the run's first line itself (s54 breaker: a standby replica started 5 minutes before its first tick,
        // read whole, with the completion in those minutes, was read as cut).
        if (n.first().isAfter(f) && ControllerProcess.Nameless.longerThanTicker(run.first(), n.first())) {
            return new ReadCut(run, ReadCut.Kind.NONE_BEFORE, f, n.first());
        }
        for (ControllerProcess.Gap g : n.gaps()) {
            if (!g.to().isBefore(f) && !t.isBefore(g.from())) {
                return new ReadCut(run, ReadCut.Kind.GAP, g.from(), g.to());
            }
        }
        // After the latest record: a cut only where the run's lines go on for longer than the ticker's period after it, to the stretch's
        // end at the run's last line, or anywhere after it where the stretch ends inside the run (session 56: a stretch ending inside the
        // run's last period, after its latest tick, was cut while the same stretch to the run's last line was not; a run killed or a
        // log taken before its next tick shows no cut there, as at the run's end).
        if (atEnd ? ControllerProcess.Nameless.longerThanTicker(n.last(), t)
                : n.last().isBefore(t) && ControllerProcess.Nameless.longerThanTicker(n.last(), run.last())) {
            return new ReadCut(run, ReadCut.Kind.NONE_AFTER, n.last(), t);
        }
        if (run.cutAtEnd() && (to == null || to.isAfter(run.last()))) {
            return new ReadCut(run, ReadCut.Kind.LATER_LOG_MISSING, run.last(), to == null ? run.last() : to);
        }
        return null;
    }

    /**
     * Said where a decision rests on a run read whole ({@link #wholeFromTo}, {@link #readWholeThrough}): the stats ticker shows a cut
     * only where it is longer than the ticker's period (session 46: that limit was silent).
     */
    static final String TICKER_CAVEAT = " (that no line of the run was cut between the two rests on its stats ticker, an Alloc= line at"
            + " least every " + dev.argoforensics.time.GoDuration.format(ControllerProcess.Nameless.TICKER.toNanos())
            + ": a cut shorter than that would not show)";

    /** The stats ticker's period, with 10 s for the ticker's and the writer's delays: the longest a whole run goes without a nameless record. */
    static final java.time.Duration TICKER = ControllerProcess.Nameless.TICKER;
}
