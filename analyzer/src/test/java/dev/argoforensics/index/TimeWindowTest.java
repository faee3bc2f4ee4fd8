package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimeWindowTest {
    private static long at(String instant) {
        return StoredTime.epochNanos(Instant.parse(instant));
    }

    @Test
    void theDigitsGivenNameTheWindow() {
        assertEquals(new TimeWindow(at("2026-09-19T00:00:00Z"), at("2026-09-20T00:00:00Z")), TimeWindow.parse("2026-09-19"));
        assertEquals(new TimeWindow(at("2026-09-19T16:00:00Z"), at("2026-09-19T17:00:00Z")), TimeWindow.parse("2026-09-19T16"));
        assertEquals(new TimeWindow(at("2026-09-19T16:30:00Z"), at("2026-09-19T16:31:00Z")), TimeWindow.parse("2026-09-19T16:30"));
        assertEquals(new TimeWindow(at("2026-09-19T16:30:05Z"), at("2026-09-19T16:30:06Z")), TimeWindow.parse("2026-09-19 16:30:05"));
        assertEquals(new TimeWindow(at("2026-09-19T16:31:11.257Z"), at("2026-09-19T16:31:11.258Z")), TimeWindow.parse("2026-09-19T16:31:11.257"));
        TimeWindow nano = TimeWindow.parse("2026-09-19T16:31:11.257190002Z");
        assertEquals(at("2026-09-19T16:31:11.257190002Z"), nano.start());
        assertEquals(nano.start(), nano.last());
    }

    @Test
    void aZoneMayBeNamed() {
        assertEquals(TimeWindow.parse("2026-09-19T16:30Z"), TimeWindow.parse("2026-09-19T18:30+02:00"));
        assertEquals(TimeWindow.parse("2026-09-19T16:30"), TimeWindow.parse("2026-09-19T11:30-0500"));
    }

    @Test
    void anythingElseSaysWhatWasExpected() {
        assertEquals("expected a UTC time such as 2026-09-19T16:30, 2026-09-19T16:31:11.257 or 2026-09-19T18:31+02:00; found \"16:30\"",
                assertThrows(IllegalArgumentException.class, () -> TimeWindow.parse("16:30")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimeWindow.parse("2026-02-30T10:00"));
    }
}
