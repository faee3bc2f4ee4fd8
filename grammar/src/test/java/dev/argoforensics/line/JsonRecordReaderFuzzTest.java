package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the JSON-log reader (logrus JSON and slog JSON records, read with Jackson's streaming
 * parser) and its quick read: a record or a reason, never an exception, and the quick read agrees
 * with the full one wherever it answers. Seeds: the JSON lines of the samples and fixtures.
 * {@code JAZZER_FUZZ=1 mvn -pl grammar test -Dtest=JsonRecordReaderFuzzTest} fuzzes for 10 minutes.
 */
class JsonRecordReaderFuzzTest {
    private final JsonRecordReader reader = new JsonRecordReader();

    @FuzzTest(maxDuration = "10m")
    void read(byte[] data) {
        String line = RecordParserFuzzTest.oneLine(data);
        LineParse p = reader.read(line);
        assertNotNull(p);
        if (p instanceof LineParse.Rejected r) {
            assertTrue(r.column() >= 1, r.toString());
        } else {
            LogRecord record = ((LineParse.Parsed) p).record();
            assertNotNull(record.time());
            assertNotNull(record.level());
            assertNotNull(record.message());
        }
        QuickScan.Head head = QuickScan.scanJson(line);
        if (head != null) {
            assertTrue(p instanceof LineParse.Parsed, () -> "the quick read answered where the reader says " + p + ": " + line);
            RecordParserFuzzTest.assertSameHead(((LineParse.Parsed) p).record(), head, line);
        }
    }
}
