package dev.argoforensics.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The packed {@link Timestamp} (epoch second and zone in a long, nanosecond and precision in an int)
 * behaves as the record {@code (Instant, TimePrecision, ZoneBasis)} it replaced: the same components
 * back, the same equality, hash, order and text, at the ends of the range and before 1970.
 */
class CompactTimestampTest {

    private static final List<Instant> INSTANTS = List.of(Instant.parse("2026-09-19T16:31:11.257391520Z"), Instant.EPOCH,
            Instant.parse("1969-12-31T23:59:59.999999999Z"), Instant.parse("1900-01-01T00:00:00.5Z"),
            Instant.parse("9999-12-31T23:59:59.999999999Z"), Instant.MIN, Instant.MAX, Instant.ofEpochSecond(-1, 1));

    @Test
    void givesBackEveryComponentItWasMadeOf() {
        for (Instant i : INSTANTS) {
            for (TimePrecision p : TimePrecision.values()) {
                for (ZoneBasis z : ZoneBasis.values()) {
                    Timestamp t = new Timestamp(i, p, z);
                    assertEquals(i, t.instant(), i + " " + p + " " + z);
                    assertEquals(p, t.precision());
                    assertEquals(z, t.zone());
                    assertEquals(i.getEpochSecond(), t.epochSecond());
                    assertEquals(i.getNano(), t.nano());
                    assertEquals(t, Timestamp.of(i.getEpochSecond(), i.getNano(), p, z));
                }
            }
        }
    }

    @Test
    void equalAndHashedAsTheRecordWas() {
        Instant i = Instant.parse("2026-09-19T16:31:11.257Z");
        Timestamp t = new Timestamp(i, TimePrecision.MILLISECOND, ZoneBasis.STATED);
        assertEquals(t, new Timestamp(i, TimePrecision.MILLISECOND, ZoneBasis.STATED));
        assertEquals(t.hashCode(), new Timestamp(i, TimePrecision.MILLISECOND, ZoneBasis.STATED).hashCode());
        assertNotEquals(t, new Timestamp(i, TimePrecision.NANOSECOND, ZoneBasis.STATED), "another precision");
        assertNotEquals(t, new Timestamp(i, TimePrecision.MILLISECOND, ZoneBasis.LITERAL_Z), "another zone basis");
        assertNotEquals(t, new Timestamp(i.plusNanos(1), TimePrecision.MILLISECOND, ZoneBasis.STATED), "another instant");
        // java.lang.Record's hash of (instant, precision, zone): 31 × (31 × h(instant) + h(precision)) + h(zone)
        int recordHash = 31 * (31 * i.hashCode() + Objects.hashCode(TimePrecision.MILLISECOND)) + Objects.hashCode(ZoneBasis.STATED);
        assertEquals(recordHash, t.hashCode());
    }

    @Test
    void ordersByInstantThenCoarserPrecisionFirst() {
        List<Timestamp> all = new ArrayList<>();
        for (Instant i : INSTANTS) {
            for (TimePrecision p : TimePrecision.values()) {
                all.add(new Timestamp(i, p, ZoneBasis.STATED));
            }
        }
        for (Timestamp a : all) {
            for (Timestamp b : all) {
                int byInstant = a.instant().compareTo(b.instant());
                int expected = byInstant != 0 ? byInstant : Long.compare(b.precision().windowNanos(), a.precision().windowNanos());
                assertEquals(Integer.signum(expected), Integer.signum(a.compareTo(b)), a.instant() + " vs " + b.instant());
                assertEquals(Integer.signum(byInstant), Integer.signum(a.compareInstant(b)), "by the instant alone");
            }
        }
    }

    @Test
    void beforeAndAfterAsTheWindowsSay() {
        for (Instant i : INSTANTS.subList(0, 5)) {
            for (TimePrecision p : TimePrecision.values()) {
                Timestamp t = new Timestamp(i, p, ZoneBasis.STATED);
                Timestamp atEnd = new Timestamp(t.windowEnd(), TimePrecision.NANOSECOND, ZoneBasis.STATED);
                Timestamp justInside = new Timestamp(t.windowEnd().minusNanos(1), TimePrecision.NANOSECOND, ZoneBasis.STATED);
                assertTrue(t.isBefore(atEnd), "the window [t, t + " + p + ") ends where the next begins");
                assertFalse(t.isBefore(justInside));
                assertTrue(t.isConcurrentWith(justInside));
                assertTrue(atEnd.isAfter(t));
            }
        }
    }

    @Test
    void printsAsBefore() {
        Timestamp t = new Timestamp(Instant.parse("1969-12-31T23:59:59.123456789Z"), TimePrecision.MICROSECOND, ZoneBasis.ASSUMED_UTC);
        assertEquals("1969-12-31T23:59:59.123456Z", t.format());
        assertEquals(t.format(), t.toString());
        assertEquals("2026-09-19T16:31:11Z", Timestamp.klog("I0919 16:31:11", 14, 2026).format());
        assertEquals("2026-09-19T16:31:11.000001Z", Timestamp.klog("I0919 16:31:11.000001", 21, 2026).format());
    }

    @Test
    void refusesWhatNoInstantHolds() {
        assertThrows(DateTimeException.class, () -> Timestamp.of(0, 1_000_000_000, TimePrecision.SECOND, ZoneBasis.STATED));
        assertThrows(DateTimeException.class, () -> Timestamp.of(0, -1, TimePrecision.SECOND, ZoneBasis.STATED));
        assertThrows(DateTimeException.class, () -> Timestamp.of(Instant.MAX.getEpochSecond() + 1, 0, TimePrecision.SECOND, ZoneBasis.STATED));
        assertThrows(NullPointerException.class, () -> new Timestamp(Instant.EPOCH, null, ZoneBasis.STATED));
    }
}
