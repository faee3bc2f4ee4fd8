package dev.argoforensics.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * {@link TimeFormat#utc} writes the fraction by hand (zero-padded nanoseconds cut to the precision's digits): the same text
 * {@code String.format("%09d")} gave, for every precision, nanoseconds with leading and trailing zeros, and the ends of the range.
 */
class TimeFormatTest {
    /** The fraction as it was written before: "%09d" of the nanoseconds, its first digits. */
    private static String formatted(Instant i, TimePrecision p) {
        LocalDateTime t = LocalDateTime.ofInstant(i, ZoneOffset.UTC);
        String head = String.format("%04d-%02d-%02dT%02d:%02d:%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(),
                t.getMinute(), t.getSecond());
        return head + (p.fractionDigits() == 0 ? "" : "." + String.format("%09d", t.getNano()).substring(0, p.fractionDigits())) + "Z";
    }

    @Test
    void theFractionIsTheZeroPaddedNanosecondsCut() {
        int[] nanos = {0, 1, 9, 10, 999, 1_000, 5_000, 100_000, 123_456, 999_999, 1_000_000, 12_345_678, 100_000_000, 123_456_789,
            500_000_001, 999_999_999};
        for (long second : new long[] {0L, 1_764_547_200L, 1_790_000_000L, -86_400L, 253_402_300_799L}) {
            for (int n : nanos) {
                Instant i = Instant.ofEpochSecond(second, n);
                for (TimePrecision p : TimePrecision.values()) {
                    assertEquals(formatted(i, p), TimeFormat.utc(i, p), i + " " + p);
                }
            }
        }
        assertEquals("2026-12-04T15:16:07.000123Z", TimeFormat.utc(Instant.parse("2026-12-04T15:16:07.000123456Z"), TimePrecision.MICROSECOND));
        assertEquals("2026-12-04T15:16:07Z", TimeFormat.utc(Instant.parse("2026-12-04T15:16:07.999Z"), TimePrecision.SECOND));
    }
}
