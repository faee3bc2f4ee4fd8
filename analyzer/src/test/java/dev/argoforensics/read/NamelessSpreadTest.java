package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.ControllerProcess.Gap;
import dev.argoforensics.event.ControllerProcess.Nameless;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A run's nameless records as the reading sums them up: the gaps longer than the stats ticker's period are those of
 * the records in time order, however the records came (line order, a line going back in time, a file read newest
 * first) and however the pieces were joined (chunks, rotated files).
 */
class NamelessSpreadTest {
    private static final long BASE = 1_790_000_000L;

    private static Timestamp at(long seconds) {
        return Timestamp.of(BASE + seconds, 0, TimePrecision.MILLISECOND, ZoneBasis.STATED);
    }

    private static NamelessSpread of(long... seconds) {
        NamelessSpread s = new NamelessSpread();
        for (long t : seconds) {
            s.add(at(t));
        }
        return s;
    }

    private static List<Gap> gaps(long... ends) {
        List<Gap> g = new ArrayList<>();
        for (int i = 0; i < ends.length; i += 2) {
            g.add(new Gap(at(ends[i]), at(ends[i + 1])));
        }
        return g;
    }

    @Test
    void aHeadAGrepAndATailHoldOneGapBetweenHeadAndTail() {
        // 30 start-up records within one second, nothing for two hours (the grep kept only named lines), 30 at the end.
        NamelessSpread s = new NamelessSpread();
        for (int i = 0; i < 30; i++) {
            s.add(Timestamp.of(BASE, i * 30_000_000, TimePrecision.MILLISECOND, ZoneBasis.STATED));
        }
        for (int i = 0; i < 30; i++) {
            s.add(at(7200 + i));
        }
        Nameless n = s.nameless();
        assertEquals(60, n.records());
        assertEquals(List.of(new Gap(Timestamp.of(BASE, 29 * 30_000_000, TimePrecision.MILLISECOND, ZoneBasis.STATED), at(7200))), n.gaps());
        assertEquals(n.gaps().get(0), n.longest());
        assertEquals(n.gaps().get(0), n.gapAt(at(3600)), "the grep's stretch");
        assertEquals(n.gaps().get(0), n.gapAt(at(7200)), "an end of the gap: the cut may have taken its moment's other lines");
        assertNull(n.gapAt(at(7210)), "inside the tail");
        assertNull(n.gapAt(at(-1)), "before the first record: no gap (nor read whole)");
    }

    @Test
    void theTickerEveryFiveMinutesLeavesNoGap() {
        long[] ticks = new long[25];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = i * 300L + (i % 3); // 5 minutes, a second or two late now and then
        }
        Nameless n = of(ticks).nameless();
        assertEquals(List.of(), n.gaps(), "two hours of ticker lines");
        assertNull(n.longest());
        assertEquals(gaps(), of(0, 310).nameless().gaps(), "the ticker's period and its 10 s of delay");
        assertEquals(gaps(0, 311), of(0, 311).nameless().gaps(), "one second more: a ticker line is missing");
    }

    @Test
    void aRecordGoingBackInTimeSplitsTheGapItFallsIn() {
        assertEquals(gaps(0, 1000, 1000, 2000), of(0, 2000, 1000).nameless().gaps());
        assertEquals(gaps(), of(0, 600, 300).nameless().gaps(), "both halves shorter than the ticker");
        assertEquals(gaps(0, 700), of(0, 900, 700).nameless().gaps(), "only the long half stays");
        assertEquals(gaps(0, 1000, 1000, 2000), of(2000, 1000, 0).nameless().gaps(), "newest first");
        assertEquals(at(0), of(2000, 1000, 0).nameless().first());
        assertEquals(at(2000), of(2000, 1000, 0).nameless().last());
    }

    @Test
    void joiningPiecesInAnyOrderIsTakingTheirRecordsOneByOne() throws IOException {
        Random random = new Random(21);
        for (int round = 0; round < 400; round++) {
            int n = 1 + random.nextInt(30);
            long[] times = new long[n];
            for (int i = 0; i < n; i++) {
                // sparse enough to leave gaps, dense enough to close some
                times[i] = random.nextInt(round % 2 == 0 ? 4000 : 20_000);
            }
            NamelessSpread whole = new NamelessSpread();
            List<Timestamp> listed = new ArrayList<>();
            for (long t : times) {
                whole.add(at(t));
                listed.add(at(t));
            }
            Nameless expected = Nameless.of(listed);
            assertEquals(expected, whole.nameless(), "one by one, round " + round);
            // cut into pieces at random places, joined in a random order, each piece through its bytes
            List<NamelessSpread> pieces = new ArrayList<>();
            int from = 0;
            while (from < n) {
                int to = from + 1 + random.nextInt(n - from);
                NamelessSpread p = new NamelessSpread();
                for (int i = from; i < to; i++) {
                    p.add(at(times[i]));
                }
                pieces.add(wire(p));
                from = to;
            }
            java.util.Collections.shuffle(pieces, random);
            NamelessSpread joined = new NamelessSpread();
            if (random.nextBoolean()) {
                joined.add(new NamelessSpread());
            }
            for (NamelessSpread p : pieces) {
                joined.add(p);
            }
            assertEquals(expected, joined.nameless(), "joined from " + pieces.size() + " pieces, round " + round);
        }
    }

    @Test
    void noRecordIsNone() throws IOException {
        assertEquals(Nameless.NONE, new NamelessSpread().nameless());
        assertEquals(Nameless.NONE, wire(new NamelessSpread()).nameless());
        assertEquals(Nameless.NONE, Nameless.of(List.of()));
    }

    private static NamelessSpread wire(NamelessSpread s) throws IOException {
        WireSink out = new WireSink();
        s.write(new WireOut(out), out);
        WireSource in = WireSource.inflated(out.deflated());
        NamelessSpread back = NamelessSpread.read(new WireIn(in), in);
        assertTrue(in.atEnd(), "read to its end");
        return back;
    }
}
