package dev.argoforensics.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
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

    /**
     * A logrus time that states an offset states it (session 61): the pod controller's own logger of v3.6.5-v3.6.10 and v3.7.0-v3.7.1
     * wrote logrus's default RFC 3339, local time with its real offset, beside the controller's literal Z. Read as a literal Z it was
     * shifted again by --log-tz (or a measured zone): an hour off for a controller in +01:00. Only a Z can be logrus's literal one.
     */
    @Test
    void aLogrusTimeWithAnOffsetStatesItsZone() {
        Timestamp berlin = Timestamp.parseRfc3339("2026-03-02T13:20:04+01:00", null, true);
        assertEquals(ZoneBasis.STATED, berlin.zone());
        assertEquals("2026-03-02T12:20:04Z", berlin.instant().toString());
        assertEquals(ZoneBasis.STATED, Timestamp.parseRfc3339("2026-03-02T07:20:04-05:00", null, true).zone());
        // the slow path (a form the fast parser leaves to java.time) says the same
        assertEquals(ZoneBasis.STATED, Timestamp.parseRfc3339("2026-03-02T13:20:04+01:00", 0, "2026-03-02T13:20:04+01:00".length(), null, true)
                .zone());
        // control: logrus's literal Z stays literal
        assertEquals(ZoneBasis.LITERAL_Z, Timestamp.parseRfc3339("2026-03-02T13:20:04Z", null, true).zone());
        assertEquals(ZoneBasis.LITERAL_Z, Timestamp.parseRfc3339("2026-03-02T13:20:04.113Z", null, true).zone());
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
        Timestamp far = Timestamp.parseRfc3339("9999-09-19T16:31:11.300Z", null, false);
        assertEquals(Long.MAX_VALUE, a.nanosUntil(far), "saturates instead of overflowing");
        assertEquals(Long.MIN_VALUE, far.nanosUntil(a));
    }

    @Test
    void timesOfDayOrderAmongThemselvesAndNeverAgainstADatedTime() {
        Timestamp handler = Timestamp.timeOfDay(16, 31, 11, 257_000_000, TimePrecision.MILLISECOND, 0);
        Timestamp cleanup = Timestamp.timeOfDay(16, 31, 11, 350_000_000, TimePrecision.MILLISECOND, 0);
        assertTrue(handler.undated());
        assertTrue(handler.isBefore(cleanup));
        assertEquals(93_000_000L, handler.nanosUntil(cleanup));
        assertEquals("16:31:11.257", handler.format(), "no date is printed, and none is made up");
        // The same clock reading on a dated line: refused both ways, never answered.
        Timestamp dated = Timestamp.parseRfc3339("2026-09-19T16:31:11.300Z", null, false);
        assertFalse(handler.comparable(dated));
        assertFalse(handler.isBefore(dated));
        assertFalse(dated.isBefore(handler));
        assertFalse(dated.isAfter(cleanup));
        assertTrue(dated.isConcurrentWith(handler));
        assertEquals(Long.MAX_VALUE, handler.nanosUntil(dated), "no near gap is stated across the two, either way");
        assertEquals(Long.MAX_VALUE, dated.nanosUntil(handler));
    }

    @Test
    void aTimeOfDayPastMidnightIsOnTheNextPlaceholderDay() {
        Timestamp late = Timestamp.timeOfDay(23, 59, 59, 900_000_000, TimePrecision.MILLISECOND, 0);
        Timestamp early = Timestamp.timeOfDay(0, 0, 0, 100_000_000, TimePrecision.MILLISECOND, 0).onPlaceholderDay(1);
        assertEquals(1, early.placeholderDay());
        assertTrue(late.isBefore(early));
        assertEquals(200_000_000L, late.nanosUntil(early));
        assertEquals("00:00:00.100 (day +1)", early.format());
        assertEquals(ZoneBasis.TIME_OF_DAY, early.zone());
        assertEquals(TimePrecision.MILLISECOND, early.precision());
        assertThrows(IllegalArgumentException.class, () -> Timestamp.timeOfDay(24, 0, 0, 0, TimePrecision.SECOND, 0));
        assertThrows(IllegalStateException.class, () -> Timestamp.parseRfc3339("2026-09-19T16:31:11Z", null, false).onPlaceholderDay(1));
    }

    @Test
    void everyZoneBasisSurvivesThePackingAtTheEndsOfTime() {
        for (ZoneBasis z : ZoneBasis.values()) {
            for (Instant i : List.of(Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.parse("0001-01-01T16:31:11.257Z"))) {
                Timestamp t = new Timestamp(i, TimePrecision.NANOSECOND, z);
                assertEquals(i, t.instant(), z + " " + i);
                assertEquals(z, t.zone());
            }
        }
    }

    /** The fast path and java.time agree on every shape, including offsets and the odd digit counts. */
    @Test
    void fastPathAgreesWithJavaTime() {
        for (String text : new String[] {"2026-09-19T16:31:11Z", "2026-09-19T16:31:11.2Z", "2026-09-19T16:31:11.257Z",
            "2026-09-19T16:31:11.257168224Z", "2026-09-19T11:01:30.001+01:00", "2026-09-19T11:01:30.001-05:30", "2024-02-29T23:59:59.999999Z",
            "1999-12-31T23:59:59+14:00"}) {
            Timestamp fast = Rfc3339.parse(text, null, false);
            assertEquals(java.time.OffsetDateTime.parse(text).toInstant(), fast.instant(), text);
            assertEquals(TimePrecision.ofFractionDigits(text.indexOf('.') < 0 ? 0
                    : (int) text.substring(text.indexOf('.') + 1).chars().takeWhile(Character::isDigit).count()), fast.precision(), text);
        }
        for (String notFast : new String[] {"2026-02-30T00:00:00Z", "2026-09-19T24:00:00Z", "2026-09-19T16:31:11", "2026-09-19T16:31:11.Z",
            "2026-09-19T16:31:11.1234567890Z", "2026-09-19 16:31:11Z"}) {
            assertEquals(null, Rfc3339.parse(notFast, null, false), notFast);
        }
    }

    @Test
    void epochDaysAgreeWithJavaTimeAcrossCenturiesAndLeapDays() {
        for (java.time.LocalDate d = java.time.LocalDate.of(1599, 12, 25); d.isBefore(java.time.LocalDate.of(2401, 1, 5)); d = d.plusDays(1)) {
            assertEquals(d.toEpochDay(), Rfc3339.epochDay(d.getYear(), d.getMonthValue(), d.getDayOfMonth()), d.toString());
        }
        assertEquals(null, Rfc3339.parse("2100-02-29T00:00:00Z", null, false), "2100 is not a leap year");
        assertEquals(java.time.Instant.parse("2000-02-29T00:00:00Z"), Rfc3339.parse("2000-02-29T00:00:00Z", null, false).instant());
    }

    @Test
    void aTimeInsideALineIsReadInPlace() {
        String line = "time=2026-09-19T16:31:11.257168224Z level=INFO";
        assertEquals(Timestamp.parseRfc3339("2026-09-19T16:31:11.257168224Z", null, false), Timestamp.parseRfc3339(line, 5, 35, null, false));
        assertEquals(Timestamp.parseRfc3339("2026-09-19T16:31", null, false).instant(),
                Timestamp.parseRfc3339("x=2026-09-19T16:31 y", 2, 18, null, false).instant(), "the slow path gets the same slice");
    }

    @Test
    void rejectsWhatIsNotATime() {
        assertThrows(IllegalArgumentException.class, () -> Timestamp.parseRfc3339("yesterday", null, false));
    }

    @Test
    void aKlogHeaderTimeIsReadInTheGivenYearWithItsPrecision() {
        String header = "I0229 16:31:11.350123       1 leaderelection.go:257]";
        Timestamp t = Timestamp.klog(header, header.indexOf(' ', 6), 2028);
        assertEquals(Instant.parse("2028-02-29T16:31:11.350123Z"), t.instant());
        assertEquals(TimePrecision.MICROSECOND, t.precision());
        assertEquals(ZoneBasis.ASSUMED_UTC, t.zone());
        Timestamp whole = Timestamp.klog("W0919 10:00:00 1 x.go:1]", 14, 2026);
        assertEquals(Instant.parse("2026-09-19T10:00:00Z"), whole.instant());
        assertEquals(TimePrecision.SECOND, whole.precision());
        for (String bad : new String[] {"I0229 16:31:11.350 1 x.go:1]", "I0919 23:60:00 1 x.go:1]", "I0919 10:00:00. 1 x.go:1]",
                "I0919 10:00:00.1234567890 1 x.go:1]", "I09x9 10:00:00 1 x.go:1]"}) {
            assertThrows(IllegalArgumentException.class, () -> Timestamp.klog(bad, bad.indexOf(' ', 6), 2026), bad);
        }
    }
}
