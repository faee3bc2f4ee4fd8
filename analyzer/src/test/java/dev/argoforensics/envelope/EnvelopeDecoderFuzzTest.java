package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the envelope decoders (CRI with P/F pieces, kubectl --timestamps, Docker json-file and
 * log-store JSON, CSV exports, stern and unknown prefixes) with any file: every line gives an
 * unwrapped record or is held, never an exception; a record cites lines that exist, first before
 * last; joined pieces never hold more than the limit. A small limit makes the fuzzer reach it.
 * {@code JAZZER_FUZZ=1 mvn -pl analyzer test -Dtest=EnvelopeDecoderFuzzTest} fuzzes for 10 minutes.
 */
class EnvelopeDecoderFuzzTest {
    private static final int MAX_JOINED = 256;

    @FuzzTest(maxDuration = "10m")
    void decode(byte[] data) {
        String[] lines = new String(data, StandardCharsets.UTF_8).split("\n", -1);
        EnvelopeDecoder decoder = new EnvelopeDecoder(MAX_JOINED);
        // The same lines as a chunk that does not start the file (its first line is the CSV header, if any).
        EnvelopeDecoder continuing = EnvelopeDecoder.continuing(lines[0], MAX_JOINED);
        for (int i = 0; i < lines.length; i++) {
            check(decoder, decoder.decode(lines[i], i + 1), i + 1);
            check(continuing, continuing.decode(lines[i], i + 1), i + 1);
        }
        check(decoder, decoder.flush(), lines.length);
        check(continuing, continuing.flush(), lines.length);
        assertTrue(decoder.envelopeHeaders() <= 1);
    }

    private static void check(EnvelopeDecoder decoder, UnwrappedLine u, long lineNumber) {
        if (u == null) {
            return;
        }
        assertNotNull(u.record());
        assertNotNull(u.envelope());
        assertTrue(1 <= u.firstLine() && u.firstLine() <= u.lastLine() && u.lastLine() <= lineNumber, u.toString());
        // Joined pieces (a record that spans lines, or one the decoder says it cut) never hold more than the limit.
        if (u.firstLine() < u.lastLine() || decoder.cut() != null) {
            assertTrue(u.record().length() <= MAX_JOINED, "joined pieces beyond the limit: " + u.record().length() + " " + u);
        }
    }
}
