package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An event holds its two times as nanoseconds and a code, not as {@link Timestamp}s: what it gives
 * back, how it orders, compares and hashes must be what the {@link Timestamp}s it was made from give,
 * for every precision and zone basis, times of day, times before the epoch, and times no long of
 * nanoseconds holds (the year 9999, the placeholder dates of times of day pushed far).
 */
class LogEventTimesTest {

    private static final ControllerEvent EVENT = new ControllerEvent.Unrecognized("m");

    private static List<Timestamp> times() {
        List<Timestamp> out = new ArrayList<>();
        long[] seconds = {0L, 1L, -1L, 1_789_800_000L, 1_789_800_000L, -5_000_000_000L, 9_000_000_000L, 253_402_300_799L /* 9999-12-31 */,
            -62_135_596_800L /* 0001-01-01 */, 9_223_372_035L, 9_223_372_036L, -9_223_372_036L, -9_223_372_037L};
        int[] nanos = {0, 1, 999_999_999, 257_000_000, 123_456_789};
        for (TimePrecision p : TimePrecision.values()) {
            for (ZoneBasis z : ZoneBasis.values()) {
                if (z == ZoneBasis.TIME_OF_DAY) {
                    continue;
                }
                for (long s : seconds) {
                    for (int n : nanos) {
                        out.add(Timestamp.of(s, n, p, z));
                    }
                }
            }
            for (int day : new int[] {0, 1, 2, 400_000}) {
                out.add(Timestamp.timeOfDay(16, 31, 11, 257_000_000, p, day));
                out.add(Timestamp.timeOfDay(0, 0, 0, 0, p, day));
                out.add(Timestamp.timeOfDay(23, 59, 59, 999_999_999, p, day));
            }
        }
        return out;
    }

    private static LogEvent event(Timestamp time, Timestamp envelopeTime, long line, long lastLine) {
        return new LogEvent(new SourceRef("c.log", line), lastLine, time, envelopeTime, EnvelopeKind.CRI, RecordFormat.SLOG_TEXT, Level.INFO,
                "id", EVENT, "text", 3, 7);
    }

    /** The hash the event had when it held its times and its SourceRef as objects. */
    private static int oldHash(LogEvent e, Timestamp time, Timestamp envelopeTime, long lastLine) {
        int h = e.source().hashCode();
        h = 31 * h + Long.hashCode(lastLine);
        h = 31 * h + time.hashCode();
        h = 31 * h + Objects.hashCode(envelopeTime);
        h = 31 * h + Objects.hashCode(e.catalogId());
        h = 31 * h + e.event().hashCode();
        h = 31 * h + e.stream();
        return 31 * h + Long.hashCode(e.ordinal());
    }

    @Test
    void givesBackTheTimesItWasMadeFrom() {
        List<Timestamp> times = times();
        for (int i = 0; i < times.size(); i++) {
            Timestamp t = times.get(i);
            Timestamp env = i % 3 == 0 ? null : times.get((i * 7) % times.size());
            LogEvent e = event(t, env, 10, 12);
            assertEquals(t, e.time(), "time " + t);
            assertEquals(t.precision(), e.time().precision());
            assertEquals(env, e.envelopeTime(), "envelope time " + env);
            assertEquals(t.zone(), e.timeZone());
            assertEquals(t.undated(), e.undated());
            assertEquals(12, e.lastLine());
            assertEquals(EnvelopeKind.CRI, e.envelope());
            assertEquals(RecordFormat.SLOG_TEXT, e.format());
            assertEquals(Level.INFO, e.level());
            assertEquals(oldHash(e, t, env, 12), e.hashCode(), "hash of " + e);
            assertEquals(e, event(t, env, 10, 12));
            assertEquals(e, e.withPlace(3, 7));
            assertEquals(t, e.withEvent(EVENT).time());
            assertEquals(env, e.withTime(times.get(0)).envelopeTime());
            assertEquals(times.get(0), e.withTime(times.get(0)).time());
        }
    }

    @Test
    void holdsWhatNoLongHoldsAsItWas() {
        Timestamp year9999 = Timestamp.of(253_402_300_799L, 5, TimePrecision.NANOSECOND, ZoneBasis.STATED);
        Timestamp ordinary = Timestamp.of(1_789_800_000L, 5, TimePrecision.NANOSECOND, ZoneBasis.STATED);
        assertNotNull(event(year9999, null, 1, 1).rare(), "the year 9999 is beyond a long of nanoseconds");
        assertNotNull(event(ordinary, year9999, 1, 1).rare(), "so is an envelope time in it");
        assertNotNull(event(ordinary, null, 1, 1L + Integer.MAX_VALUE + 1).rare(), "a span beyond an int");
        assertNull(event(ordinary, ordinary, 1, 1L + Integer.MAX_VALUE).rare());
        assertEquals(1L + Integer.MAX_VALUE + 1, event(ordinary, null, 1, 1L + Integer.MAX_VALUE + 1).lastLine());
        assertNull(event(Timestamp.timeOfDay(1, 2, 3, 4, TimePrecision.MILLISECOND, 3), null, 1, 1).rare(),
                "a time of day counts from its placeholder day 0, not from the epoch");
        // Retimed into range, the event is packed again, and equal to one made so.
        LogEvent back = event(year9999, null, 1, 1).withTime(ordinary);
        assertNull(back.rare());
        assertEquals(event(ordinary, null, 1, 1), back);
        assertNotEquals(event(ordinary, null, 1, 1), event(ordinary, ordinary, 1, 1), "an envelope time or none");
        assertNotEquals(event(ordinary, null, 1, 1), event(ordinary, null, 1, 2), "another last line");
    }

    private static LogEvent placed(Timestamp time, long line, long lastLine, long ordinal) {
        return new LogEvent(new SourceRef("c.log", line), lastLine, time, null, EnvelopeKind.CRI, RecordFormat.SLOG_TEXT, Level.INFO,
                "id", EVENT, "text", 3, ordinal);
    }

    @Test
    void holdsLinesAndOrdinalsBeyondAnIntAsTheyWere() {
        Timestamp t = Timestamp.of(1_789_800_000L, 5, TimePrecision.NANOSECOND, ZoneBasis.STATED);
        long big = 1L + Integer.MAX_VALUE;
        assertNull(placed(t, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE).rare(), "the largest int still fits");
        for (long[] c : new long[][] {{big, big, 7}, {big + 5, big + 9, 7}, {12, 14, big}, {big, big + 1, 3L * Integer.MAX_VALUE},
                {1, 1, Integer.MIN_VALUE - 1L}}) {
            LogEvent e = placed(t, c[0], c[1], c[2]);
            assertNotNull(e.rare(), "line " + c[0] + ", ordinal " + c[2]);
            assertEquals(c[0], e.line());
            assertEquals(c[1], e.lastLine());
            assertEquals(c[2], e.ordinal());
            assertEquals(new SourceRef("c.log", c[0]), e.source());
            assertEquals(t, e.time());
            assertEquals(e, placed(t, c[0], c[1], c[2]));
            assertEquals(e.hashCode(), placed(t, c[0], c[1], c[2]).hashCode());
            assertEquals(oldHash(e, t, null, c[1]), e.hashCode(), "the hash it had with its places as longs");
            assertEquals(c[2], e.withEvent(EVENT).ordinal());
            assertEquals(c[0], e.withTime(t).line());
        }
        // Moved to an ordinal beyond an int and back: held in rare, then packed again, equal to one made so.
        LogEvent e = placed(t, 12, 14, 7);
        LogEvent far = e.withPlace(4, big);
        assertNotNull(far.rare());
        assertEquals(big, far.ordinal());
        assertEquals(4, far.stream());
        assertEquals(14, far.lastLine());
        LogEvent near = far.withPlace(3, 7);
        assertEquals(e, near);
        assertEquals(e.hashCode(), near.hashCode());
        assertNotEquals(e, placed(t, 12, 14, 8), "another ordinal");
        assertNotEquals(e, placed(t, 13, 14, 7), "another first line");
    }

    @Test
    void ordersAndComparesAsItsTimes() {
        List<Timestamp> times = times();
        Random random = new Random(17024);
        List<LogEvent> events = new ArrayList<>();
        for (Timestamp t : times) {
            events.add(event(t, null, 1, 1));
        }
        for (int k = 0; k < 50_000; k++) {
            int i = random.nextInt(times.size());
            int j = k < times.size() ? k : random.nextInt(times.size());
            Timestamp a = times.get(i);
            Timestamp b = times.get(j);
            LogEvent ea = events.get(i);
            LogEvent eb = events.get(j);
            assertEquals(a.compareTo(b), ea.compareTime(eb), a + " against " + b);
            assertEquals(a.compareInstant(b), ea.compareInstant(eb), a + " against " + b);
            assertEquals(a.equals(b), ea.timeEquals(eb), a + " against " + b);
            assertEquals(a.equals(b), ea.timeEquals(b), a + " against " + b);
        }
    }
}
