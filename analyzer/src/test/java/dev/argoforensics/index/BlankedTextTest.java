package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code text} field's words without the record's own time as printed: read through
 * {@link EventDocuments.Blanked}, they are the characters (and so the words, positions and offsets) the
 * string {@code before + ' ' + after} gave, whatever the reader's buffer size.
 */
class BlankedTextTest {
    private static final String SLOG = "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" action=removeFinalizer "
            + "namespace=status-capture-test podName=status-capture-repro";

    @ParameterizedTest
    @CsvSource({
        "time=2026-09-19T16:31:11.257Z, 1",
        "time=2026-09-19T16:31:11.257Z, 7",
        "time=2026-09-19T16:31:11.257Z, 4096",
        "2026-09-19T16:31:11.257Z, 3",
        "status-capture-repro, 5",
        "podName=status-capture-repro, 8192",
    })
    void readsTheTextWithTheSpanAsOneSpace(String span, int bufferSize) throws IOException {
        int from = SLOG.indexOf(span);
        int to = from + span.length();
        String expected = SLOG.substring(0, from) + ' ' + SLOG.substring(to);
        assertEquals(expected, readAll(new EventDocuments.Blanked(SLOG, from, to), bufferSize));
    }

    @Test
    void theSpanAtEitherEndOrTheWholeText() throws IOException {
        assertEquals("  b", readAll(new EventDocuments.Blanked("a b", 0, 1), 2));
        assertEquals("a  ", readAll(new EventDocuments.Blanked("a b", 2, 3), 1));
        assertEquals(" ", readAll(new EventDocuments.Blanked("abc", 0, 3), 16));
        assertEquals("a  b", readAll(new EventDocuments.Blanked("a b", 1, 1), 3));
    }

    @Test
    void givesTheSameTokensAsTheStringItReplaces() throws IOException {
        String rawTime = "2026-09-19T16:31:11.257Z";
        int from = SLOG.indexOf(rawTime);
        String joined = SLOG.substring(0, from) + ' ' + SLOG.substring(from + rawTime.length());
        Analyzer words = IndexFields.analyzer();
        assertEquals(WordsTokenizerTest.words(words, new StringReader(joined)), WordsTokenizerTest.words(words, new EventDocuments.Blanked(SLOG, from, from + rawTime.length())));
        assertEquals(List.of("1:0-4:time", "1:7-12:level", "1:13-17:info", "1:18-21:msg", "1:23-30:queuing"),
                WordsTokenizerTest.words(words, new EventDocuments.Blanked(SLOG, from, from + rawTime.length())).subList(0, 5));
    }

    private static String readAll(Reader r, int bufferSize) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] buf = new char[bufferSize + 2];
        int n;
        while ((n = r.read(buf, 1, bufferSize)) >= 0) {
            out.append(buf, 1, n);
        }
        assertEquals(-1, r.read(buf, 0, bufferSize), "the end, again");
        return out.toString();
    }
}
