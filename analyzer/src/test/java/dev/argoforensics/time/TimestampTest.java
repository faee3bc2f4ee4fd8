package dev.argoforensics.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimestampTest {

    @Test
    void keepsThePrecisionTheSourceHad() {
        assertEquals(TimePrecision.MILLISECOND, Timestamp.parseRfc3339("2026-09-19T16:31:11.257Z", null, false).precision());
        assertEquals(TimePrecision.SECOND, Timestamp.parseRfc3339("2026-09-19T16:27:47Z", null, false).precision());
        assertEquals(TimePrecision.NANOSECOND, Timestamp.parseRfc3339("2026-09-19T16:33:02.247391520Z", null, false).precision());
        // Writers that trim zeros (RFC3339Nano) state their precision explicitly.
        assertEquals(TimePrecision.NANOSECOND, Timestamp.parseRfc3339("2026-09-19T10:00:01.01Z", TimePrecision.NANOSECOND, false).precision());
    }

    @Test
    void printsUtcWithTheSourcesDigits() {
        assertEquals("2026-09-19T16:31:11.257Z", Timestamp.parseRfc3339("2026-09-19T16:31:11.257Z", null, false).format());
        assertEquals("2026-09-19T10:01:30.001Z", Timestamp.parseRfc3339("2026-09-19T11:01:30.001+01:00", null, false).format());
        assertEquals("2026-09-19T16:27:47Z", Timestamp.parseRfc3339("2026-09-19T16:27:47Z", null, false).format());
    }

    @Test
    void recordsWhetherTheZoneWasStated() {
        assertEquals(ZoneBasis.STATED, Timestamp.parseRfc3339("2026-09-19T11:01:30.001+01:00", null, false).zone());
        assertEquals(ZoneBasis.LITERAL_Z, Timestamp.parseRfc3339("2026-09-19T11:01:30.001Z", null, true).zone());
        assertEquals(ZoneBasis.ASSUMED_UTC, Timestamp.parseRfc3339("2026-09-19T11:01:30.001", null, false).zone());
    }

    @Test
    void orderedOnlyWhenPrecisionWindowsDoNotOverlap() {
        Timestamp second = Timestamp.parseRfc3339("2026-09-19T16:27:44Z", null, false);
        Timestamp inside = Timestamp.parseRfc3339("2026-09-19T16:27:44.500Z", null, false);
        Timestamp next = Timestamp.parseRfc3339("2026-09-19T16:27:45.000Z", null, false);
        assertTrue(second.isConcurrentWith(inside));
        assertFalse(second.isBefore(inside));
        assertFalse(inside.isBefore(second));
        assertTrue(second.isBefore(next), "the window [44, 45) ends where 45.000 begins");
        assertTrue(inside.isBefore(next));
        assertTrue(next.isAfter(inside));
    }

    @Test
    void nanosUntilIsSigned() {
        Timestamp a = new Timestamp(Instant.parse("2026-09-19T16:29:47Z"), TimePrecision.SECOND, ZoneBasis.STATED);
        Timestamp b = Timestamp.parseRfc3339("2026-09-19T16:31:11.257Z", null, false);
        assertEquals(-84_257_000_000L, b.nanosUntil(a));
        assertEquals(84_257_000_000L, a.nanosUntil(b));
    }

    @Test
    void rejectsWhatIsNotATime() {
        assertThrows(IllegalArgumentException.class, () -> Timestamp.parseRfc3339("yesterday", null, false));
    }
}
