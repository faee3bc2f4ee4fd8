package dev.argoforensics.read;

import dev.argoforensics.time.Timestamp;
import java.util.List;

/** What pass 1 learnt from one chunk: names of interest, and how its times run (for reversed exports). */
public final class ScanResult {
    final Interest interest = Interest.none();
    Timestamp first;
    Timestamp last;
    long backwards;
    long forwards;
    /**
     * The same for the times of lines a log store printed sorted by its own time (Loki's {@code logcli}, a Grafana Explore copy):
     * the store's time, never the record's, which a goroutine may have written a little out of the store's order.
     */
    Timestamp storeFirst;
    Timestamp storeLast;
    long storeBackwards;
    long storeForwards;
    /**
     * The run state the chunk's last {@code Current Worker Numbers} (stating a count of Workflow workers) or start banner leaves
     * (session 50, pass 1b): true where it said {@code workflowWorkers=0}, false after one with workers or a banner, null where the
     * chunk holds neither (the state of the chunks before goes on). Crosses machines with the chunk's scan ({@link ChunkWire}).
     * Since session 51 pass 1b keeps the state per replica from the lines it walks ({@link IdleRun}) and decides which chunks to
     * walk by {@link #idleSeen} alone: this one is not read (a chunk not walked leaves every replica with workers either way).
     */
    Boolean idleAtEnd;
    /** Whether a {@code Current Worker Numbers} of the chunk said {@code workflowWorkers=0}: the chunk is walked in pass 1b. */
    boolean idleSeen;
    /**
     * Whether a line the chunk's pass read is a statement of the controller's catalog, no other container's (session 55): the file
     * holds the controller's lines ({@link dev.argoforensics.accounting.FileScan#controller()}).
     */
    boolean controller;

    /** Notes a run line pass 1 read (a count of Workflow workers stated, or a start banner; anything else changes nothing). */
    void runLine(dev.argoforensics.event.ControllerEvent event) {
        if (event instanceof dev.argoforensics.event.ControllerEvent.WorkerNumbers w && w.workflowWorkers() != null) {
            idleAtEnd = w.workflowWorkers() == 0;
            idleSeen |= idleAtEnd;
        } else if (event instanceof dev.argoforensics.event.ControllerEvent.ControllerStarted) {
            idleAtEnd = false;
        }
    }

    /** Whether a file whose chunks gave these results, in order, runs mostly backwards in time: an export written newest first. */
    static boolean newestFirst(List<ScanResult> chunksInOrder) {
        long backwards = 0;
        long forwards = 0;
        Timestamp last = null;
        for (ScanResult r : chunksInOrder) {
            backwards += r.backwards;
            forwards += r.forwards;
            if (last != null && r.first != null) {
                backwards += r.first.isBefore(last) ? 1 : 0;
                forwards += last.isBefore(r.first) ? 1 : 0;
            }
            last = r.last != null ? r.last : last;
        }
        if (backwards >= 3 && backwards > 4 * forwards) {
            return true;
        }
        // A log store's output (Loki's logcli, whose default direction is backward; a Grafana Explore copy, newest first by
        // default) is sorted by the store's time: any step back with none forward is its order, however many lines tie (logcli
        // prints seconds; old logrus records too, so a copy of 40 lines over 3 seconds steps back twice). Lines of one second
        // decide nothing either way: a tie is neither a step back nor forward. The records' own times must not say otherwise.
        long storeBackwards = 0;
        long storeForwards = 0;
        Timestamp storeLast = null;
        for (ScanResult r : chunksInOrder) {
            storeBackwards += r.storeBackwards;
            storeForwards += r.storeForwards;
            if (storeLast != null && r.storeFirst != null) {
                storeBackwards += r.storeFirst.isBefore(storeLast) ? 1 : 0;
                storeForwards += storeLast.isBefore(r.storeFirst) ? 1 : 0;
            }
            storeLast = r.storeLast != null ? r.storeLast : storeLast;
        }
        return storeBackwards >= 1 && storeForwards == 0 && forwards <= backwards;
    }

    /** A time the log store sorted its output by (see {@link #newestFirst}). */
    void storeTime(Timestamp t) {
        if (storeLast != null) {
            if (t.isBefore(storeLast)) {
                storeBackwards++;
            } else if (storeLast.isBefore(t)) {
                storeForwards++;
            }
        }
        if (storeFirst == null) {
            storeFirst = t;
        }
        storeLast = t;
    }

    void time(Timestamp t) {
        if (last != null) {
            if (t.isBefore(last)) {
                backwards++;
            } else if (last.isBefore(t)) {
                forwards++;
            }
        }
        if (first == null) {
            first = t;
        }
        last = t;
    }
}
