package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the line grammar ({@link RecordParser}: ANTLR lexer and parser, the record builder, Go
 * unquoting, times) with any line at all. A line must give a record or say, at a column, why it is
 * none: never an exception. And the quick read ({@link QuickScan}) must never answer where the
 * grammar would not, nor answer differently: that is what lets counted lines skip the grammar.
 *
 * <p>{@code mvn verify} replays the saved inputs (seeds from the samples and fixtures, and any
 * finding) in {@code src/test/resources/dev/argoforensics/line/RecordParserFuzzTestInputs/parse};
 * {@code JAZZER_FUZZ=1 mvn -pl grammar test -Dtest=RecordParserFuzzTest} fuzzes for 10 minutes
 * (docs/robustness.md).
 */
class RecordParserFuzzTest {
    /** The year klog lines are read in before a neighbour dates them (as the analysis does). */
    private static final int YEAR = 2000;
    private final RecordParser parser = new RecordParser();

    @FuzzTest(maxDuration = "10m")
    void parse(byte[] data) {
        String line = oneLine(data);
        LineParse p = parser.parse(line, YEAR);
        assertNotNull(p);
        if (p instanceof LineParse.Parsed parsed) {
            LogRecord r = parsed.record();
            assertNotNull(r.format());
            assertNotNull(r.time());
            assertNotNull(r.level());
            assertNotNull(r.message());
            r.fields().forEach(f -> {
                assertNotNull(f.key());
                assertNotNull(f.value());
            });
        } else {
            LineParse.Rejected rejected = (LineParse.Rejected) p;
            assertTrue(rejected.column() >= 1, rejected.toString());
            assertFalse(rejected.reason().isBlank());
        }
        QuickScan.Head head = QuickScan.head(line, YEAR);
        if (head != null) {
            assertTrue(p instanceof LineParse.Parsed, () -> "the quick read answered where the grammar says " + p + ": " + line);
            assertSameHead(((LineParse.Parsed) p).record(), head, line);
        }
    }

    /** The bytes as the line reader would give them: UTF-8 with replacement characters, no line break. */
    static String oneLine(byte[] data) {
        String s = new String(data, StandardCharsets.UTF_8);
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** The quick read agrees with the full one where it answers: the same format, time, level and message. */
    static void assertSameHead(LogRecord r, QuickScan.Head head, String line) {
        assertEquals(r.format(), head.format(), line);
        assertEquals(r.time(), head.time(), line);
        assertEquals(r.level(), head.level(), line);
        assertEquals(r.message(), head.message(), line);
    }
}
