package dev.argoforensics.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoDurationTest {

    @ParameterizedTest
    @CsvSource({
        "-1m24.257168224s, -84257168224",
        "0s, 0",
        "0, 0",
        "5s, 5000000000",
        "500ms, 500000000",
        "1.5µs, 1500",
        "1.5us, 1500",
        "1.5μs, 1500",
        "2m0s, 120000000000",
        "1h0m0s, 3600000000000",
        "1h2m3.004s, 3723004000000",
        "+3ns, 3",
        "1.s, 1000000000",
        ".5s, 500000000",
        "1h30m, 5400000000000",
        "2562047h47m16.854775807s, 9223372036854775807",
        "-2562047h47m16.854775808s, -9223372036854775808"})
    void parsesGoDurationsToExactNanoseconds(String text, long nanos) {
        assertEquals(nanos, GoDuration.parse(text));
    }

    @ParameterizedTest
    @CsvSource({
        "-84257168224, -1m24.257168224s",
        "0, 0s",
        "1, 1ns",
        "1500, 1.5µs",
        "500000000, 500ms",
        "1000000, 1ms",
        "120000000000, 2m0s",
        "3600000000000, 1h0m0s",
        "5000000000, 5s",
        "-1, -1ns",
        "9223372036854775807, 2562047h47m16.854775807s",
        "-9223372036854775808, -2562047h47m16.854775808s"})
    void formatsLikeGoDurationString(long nanos, String text) {
        assertEquals(text, GoDuration.format(nanos));
    }

    @ParameterizedTest
    @CsvSource({"''", "-", "s", "1", "1x", "1.5", ".s", "--1s", "1s2", "9223372036854775808ns", "2562047h47m16.854775808s"})
    void rejectsWhatGoRejects(String text) {
        assertThrows(IllegalArgumentException.class, () -> GoDuration.parse(text));
    }

    /** Law: parsing what format printed gives the same nanoseconds, for any 64-bit value. */
    @Test
    void formatThenParseIsIdentity() {
        SplittableRandom random = new SplittableRandom(17024);
        for (int i = 0; i < 20_000; i++) {
            long n = switch (i % 4) {
                case 0 -> random.nextLong();
                case 1 -> random.nextLong(-1_000_000_000L, 1_000_000_000L);
                case 2 -> random.nextLong(-10_000L, 10_000L);
                default -> random.nextLong(-86_400_000_000_000L, 86_400_000_000_000L);
            };
            assertEquals(n, GoDuration.parse(GoDuration.format(n)), () -> "round trip of " + n + " via " + GoDuration.format(n));
        }
    }
}
