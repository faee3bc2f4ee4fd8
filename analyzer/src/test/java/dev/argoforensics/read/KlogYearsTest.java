package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class KlogYearsTest {
    private static Timestamp at(String instant) {
        return new Timestamp(Instant.parse(instant), TimePrecision.NANOSECOND, ZoneBasis.ASSUMED_UTC);
    }

    @Test
    void theYearIsTheOneThatPutsTheLineNearestItsReference() {
        // klog read with a placeholder year: only month, day and clock count
        Timestamp klog = at("2000-09-19T10:15:02.004588Z");
        assertEquals(at("2026-09-19T10:15:02.004588Z"), KlogYears.near(klog, at("2026-09-19T10:15:03Z")));
        assertEquals(Instant.parse("2026-09-19T10:15:02.004588Z"), KlogYears.near(klog, at("2026-09-19T10:15:01.5Z")).instant(),
                "the reference just after or just before: the same year");
    }

    @Test
    void aroundNewYearTheLineMayBelongToTheYearBeforeOrAfterItsReference() {
        assertEquals(Instant.parse("2025-12-31T23:59:59.900Z"), KlogYears.near(at("2000-12-31T23:59:59.900Z"), at("2026-01-01T00:00:00.100Z")).instant());
        assertEquals(Instant.parse("2027-01-01T00:00:00.050Z"), KlogYears.near(at("2000-01-01T00:00:00.050Z"), at("2026-12-31T23:59:59.950Z")).instant());
        assertEquals(Instant.parse("2026-12-31T23:59:59.999999999Z"),
                KlogYears.near(at("2000-12-31T23:59:59.999999999Z"), at("2026-12-31T23:59:59.999999998Z")).instant(), "a nanosecond apart");
    }

    @Test
    void theLinesPrecisionAndZoneAreKept() {
        Timestamp klog = new Timestamp(Instant.parse("2000-03-01T08:00:00Z"), TimePrecision.SECOND, ZoneBasis.ASSUMED_UTC);
        Timestamp moved = KlogYears.near(klog, at("2026-02-28T23:00:00Z"));
        assertEquals(TimePrecision.SECOND, moved.precision());
        assertEquals(klog.zone(), moved.zone());
        assertEquals(Instant.parse("2026-03-01T08:00:00Z"), moved.instant());
    }
}
