package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Laws of Go quoting, on generated text (QuickTheories, a fixed seed: the same cases every run). */
class GoQuotePropertiesTest {
    private static final long SEED = 17024L;

    @Test
    void unquotingWhatGoQuotesGivesTheTextBack() {
        qt().withFixedSeed(SEED).withExamples(5000).forAll(GoStrings.text(40))
                .checkAssert(s -> assertEquals(s, GoQuote.unquote(GoStrings.quote(s)), GoStrings.quote(s)));
    }

    @Test
    void hexEscapedUtf8BytesFormTheirCharacterTogether() {
        // logrus and slog quote invalid UTF-8 bytes as \xNN; consecutive ones that are valid UTF-8 make one character
        qt().withFixedSeed(SEED).withExamples(5000).forAll(GoStrings.text(12))
                .checkAssert(s -> assertEquals(s, GoQuote.unquote(byteEscaped(s, "\\x%02x"))));
    }

    @Test
    void octalEscapesAreBytesToo() {
        qt().withFixedSeed(SEED).withExamples(2000).forAll(GoStrings.text(12))
                .checkAssert(s -> assertEquals(s, GoQuote.unquote(byteEscaped(s, "\\%03o"))));
    }

    /** The text quoted with every UTF-8 byte escaped in the given format. */
    private static String byteEscaped(String s, String format) {
        StringBuilder escaped = new StringBuilder("\"");
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            escaped.append(String.format(format, b & 0xff));
        }
        return escaped.append('"').toString();
    }
}
