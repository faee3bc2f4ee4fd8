package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a controller run was read whole: records naming nothing on both sides of the moment, and no stretch longer than
 * the stats ticker's period without one around it (lines dropped there: a head, a grep and a tail pasted together).
 */
class StreamExtentsTest {
    private static final long BASE = 1_791_036_000L; // 2026-10-03T14:00:00Z

    private static Timestamp at(long seconds) {
        return Timestamp.of(BASE + seconds, 0, TimePrecision.MILLISECOND, ZoneBasis.STATED);
    }

    private static StreamExtents run(List<Timestamp> nameless) {
        return StreamExtents.of(List.of(new ControllerProcess(0, "workflow-controller", ControllerProcess.ReplicaSource.FILE, 1, null,
                ControllerProcess.Leadership.UNKNOWN, List.of(), nameless.get(0), nameless.get(nameless.size() - 1), nameless.size(),
                ControllerProcess.Work.NONE, ControllerProcess.Nameless.of(nameless))));
    }

    /** Seed 8's excerpt of {@code fraud/podgc-5m-6tknt}: 30 start-up lines within a second, the grep, the last 30 lines. */
    @Test
    void aHeadOfManyStartUpLinesDoesNotMakeTheGrepAWholeLog() {
        List<Timestamp> times = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            times.add(Timestamp.of(BASE, i * 20_000_000, TimePrecision.MILLISECOND, ZoneBasis.STATED));
        }
        for (int i = 0; i < 30; i++) {
            times.add(at(3 * 3600 + i * 20));
        }
        StreamExtents e = run(times);
        assertFalse(e.readWholeAround(0, at(13 * 60 + 25)), "the release, in the grep's stretch (the count, 60 for 3 hours, passed)");
        assertFalse(e.readWholeAround(0, times.get(29)), "the gap's first end: the lines after it at that moment were cut");
        assertFalse(e.readWholeAround(0, times.get(30)), "its last end");
        assertTrue(e.readWholeAround(0, Timestamp.of(BASE, 100_000_000, TimePrecision.MILLISECOND, ZoneBasis.STATED)), "inside the head");
        assertTrue(e.readWholeAround(0, at(3 * 3600 + 100)), "inside the tail");
        assertFalse(e.readWholeAround(0, at(3 * 3600 + 30 * 20)), "after the last record");
        assertFalse(e.readWholeAround(0, at(-1)), "before the first");
    }

    @Test
    void aWholeLogWithItsTickerEveryFiveMinutesIsReadWholeEverywhere() {
        List<Timestamp> times = new ArrayList<>();
        times.add(at(0)); // the start-up lines
        for (int i = 1; i <= 36; i++) {
            times.add(at(i * 300L + 1)); // the ticker, three hours
        }
        StreamExtents e = run(times);
        for (long t = 0; t <= 36 * 300L; t += 37) {
            assertTrue(e.readWholeAround(0, at(t)), "at " + t + " s");
        }
    }

    @Test
    void aQuietControllerWhoseTickerLinesAllExistIsReadWhole() {
        // a day without a Workflow: the ticker alone, a few seconds late now and then
        List<Timestamp> times = new ArrayList<>();
        for (int i = 0; i <= 288; i++) {
            times.add(at(i * 300L + (i % 7 == 0 ? 9 : 0)));
        }
        StreamExtents e = run(times);
        assertTrue(e.readWholeAround(0, at(12 * 3600 + 17)));
        assertTrue(e.readWholeAround(0, at(7 * 300L + 9)), "on a late ticker line");
    }

    @Test
    void oneMissingTickerLineIsAGapThereOnly() {
        List<Timestamp> times = new ArrayList<>();
        for (int i = 0; i <= 12; i++) {
            if (i != 6) {
                times.add(at(i * 300L));
            }
        }
        StreamExtents e = run(times);
        assertFalse(e.readWholeAround(0, at(6 * 300L)), "between 25 and 35 minutes: lines were dropped there");
        assertTrue(e.readWholeAround(0, at(3 * 300L + 10)), "before the gap");
        assertTrue(e.readWholeAround(0, at(9 * 300L + 10)), "after it");
    }
}
