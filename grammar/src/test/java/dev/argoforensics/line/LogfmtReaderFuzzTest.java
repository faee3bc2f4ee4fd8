package dev.argoforensics.line;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the hand-written logfmt reader against the grammar ({@link LogfmtAgreement}): on any line, it
 * either leaves the line to the grammar or reads the grammar's very record, and the parser that uses it
 * gives what a grammar-only parser gives.
 *
 * <p>{@code mvn verify} replays the saved inputs in
 * {@code src/test/resources/dev/argoforensics/line/LogfmtReaderFuzzTestInputs/agrees} (the logfmt lines among
 * {@code RecordParserFuzzTest}'s seeds); {@code JAZZER_FUZZ=1 mvn -pl grammar test -Dtest=LogfmtReaderFuzzTest}
 * fuzzes for 10 minutes (docs/robustness.md).
 */
class LogfmtReaderFuzzTest {
    private final LogfmtAgreement agreement = new LogfmtAgreement();

    @FuzzTest(maxDuration = "10m")
    void agrees(byte[] data) {
        agreement.check(RecordParserFuzzTest.oneLine(data));
    }
}
