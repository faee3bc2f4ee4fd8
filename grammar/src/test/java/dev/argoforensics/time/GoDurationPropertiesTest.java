package dev.argoforensics.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** Laws of Go durations, text and nanoseconds, on generated values (fixed seed). */
class GoDurationPropertiesTest {
    private static final long SEED = 17024L;

    /** Every long, and the small and round values logs are full of. */
    private static Gen<Long> nanos() {
        Gen<Long> round = integers().between(-100_000, 100_000).zip(integers().between(0, 5),
                (n, unit) -> (long) n * new long[] {1L, 1_000L, 1_000_000L, 1_000_000_000L, 60_000_000_000L, 3_600_000_000_000L}[unit]);
        return integers().between(0, 2).zip(longs().all(), round, (pick, any, r) -> pick == 0 ? any : r);
    }

    @Test
    void parsingWhatIsFormattedGivesTheSameNanoseconds() {
        qt().withFixedSeed(SEED).withExamples(20000).forAll(nanos())
                .checkAssert(n -> assertEquals(n, GoDuration.parse(GoDuration.format(n)), GoDuration.format(n)));
        assertEquals(Long.MIN_VALUE, GoDuration.parse(GoDuration.format(Long.MIN_VALUE)));
        assertEquals(Long.MAX_VALUE, GoDuration.parse(GoDuration.format(Long.MAX_VALUE)));
    }

    @Test
    void aLoggedDurationReadsTheSameAsTextOrAsJsonNanoseconds() {
        qt().withFixedSeed(SEED).withExamples(20000).forAll(nanos()).checkAssert(n -> {
            assertEquals(n, GoDuration.parseLogged(Long.toString(n)));
            assertEquals(n, GoDuration.parseLogged(GoDuration.format(n)));
        });
    }

    @Test
    void theTextIsCanonicalAndOrdered() {
        qt().withFixedSeed(SEED).withExamples(20000).forAll(nanos()).checkAssert(n -> {
            String text = GoDuration.format(n);
            assertEquals(text, GoDuration.format(GoDuration.parse(text)));
            assertEquals(n < 0, text.startsWith("-"), text);
            assertTrue(GoDuration.isValid(text));
        });
    }
}
