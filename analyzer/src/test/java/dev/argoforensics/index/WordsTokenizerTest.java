package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.generator.LogGenerator;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The words the writer makes by hand are the words Lucene's StandardAnalyzer (with which queries are
 * read) makes of the same text: terms, offsets, positions and the final offset, on every line of the
 * samples and of a generated log of three formats, on the marks that join or split words, and on
 * random text over an alphabet heavy in those marks (a seeded stream: the same strings every run).
 */
class WordsTokenizerTest {
    private final Analyzer standard = new StandardAnalyzer();
    private final Analyzer byHand = WordsTokenizer.analyzer();

    @ParameterizedTest
    @ValueSource(strings = {
        "", " ", "a", "A", "_", "__", "_a", "a_", "a__b", "_1_", "a.b", "a..b", "a.", ".a", "a.1", "1.a", "1.2", "1..2", "v4.1.3",
        "a:b", "a::b", "1:2", "a:1", "16:31:11.257", "a'b", "1'2", "'a'", "a,b", "1,000", "1;2", "a;b", "1,a", "a_.b", "a._b",
        "1_.2", "wf-1-mo2q[0].main", "10.0.12.34", "ip-10-0-12-34", "status=ok", "msg=\"queuing pod delay\"", "podGC=\"{Strategy: "
            + "LabelSelector:<nil> DeleteDelayDuration:}\"", "delay=-1m24.257168224s", "pod_controller", "Workflow Size",
        "x\ty", "a.b.c.d", "a.b.1", "1.2.a", "a'1", "e.g.", "S:t", "a:b:c", "a_:b", "__init__", "3.14_15", "a-b_c.d:e'f,g;h",
        "ünïcode wörds", "日本語のテキスト", "emoji 🙂 x", "a\u00a0b", "caf\u00e9.b", "tab\u0001ctl", "del\u007fx"})
    void theSameWordsAsTheStandardAnalyzer(String text) throws IOException {
        assertEquals(words(standard, text), words(byHand, text), text);
    }

    @Test
    void aWordLongerThanTheScannerTakesGoesThroughTheScanner() throws IOException {
        String longWord = "a".repeat(WordsTokenizer.MAX_WORD + 40) + " b " + "1".repeat(600);
        char[] chars = longWord.toCharArray();
        assertFalse(WordsTokenizer.byHand(chars, chars.length));
        assertEquals(words(standard, longWord), words(byHand, longWord));
        char[] ascii = "level=info msg=\"x\"".toCharArray();
        assertTrue(WordsTokenizer.byHand(ascii, ascii.length));
    }

    @Test
    void everyLineOfTheSamples() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("samples"))) {
            files = s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".gz")).sorted().toList();
        }
        int lines = 0;
        for (Path f : files) {
            for (String line : new String(Files.readAllBytes(f), StandardCharsets.UTF_8).split("\n", -1)) {
                assertEquals(words(standard, line), words(byHand, line), f + ": " + line);
                lines++;
            }
        }
        assertTrue(lines > 1000, "samples read: " + lines);
    }

    @Test
    void everyLineOfAGeneratedLog() throws IOException {
        StringWriter w = new StringWriter();
        new LogGenerator(17024, 1_000_000, LogGenerator.Mix.UPGRADE, 5).write(w);
        String[] lines = w.toString().split("\n");
        assertTrue(lines.length > 3000);
        for (String line : lines) {
            assertEquals(words(standard, line), words(byHand, line), line);
        }
    }

    @Test
    void randomTextOverTheMarksThatJoinWords() throws IOException {
        String alphabet = "aZq09_.:',;-= \"\t/[]{}()<>@#$%\\`~!?|+*&^";
        Random random = new Random(22);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = random.nextInt(24);
            for (int k = 0; k < n; k++) {
                b.append(random.nextInt(10) < 5 ? alphabet.charAt(random.nextInt(5)) : alphabet.charAt(random.nextInt(alphabet.length())));
            }
            if (random.nextInt(50) == 0) {
                b.append('\u00e9');
            }
            String text = b.toString();
            assertEquals(words(standard, text), words(byHand, text), text);
        }
    }

    @Test
    void oneTokenizerReusedAcrossValuesOfEitherKind() throws IOException {
        // The analyzer reuses its tokenizer per thread: a value through the scanner, then one by hand, then the scanner again.
        for (String text : List.of("caf\u00e9 au lait", "plain ascii.words here", "日本 x", "a_b 1,2")) {
            assertEquals(words(standard, text), words(byHand, text), text);
        }
    }

    private static List<String> words(Analyzer a, String text) throws IOException {
        return words(a, new StringReader(text));
    }

    /** Each word as {@code increment:start-end:term}, then the final offset and increment. */
    static List<String> words(Analyzer a, java.io.Reader text) throws IOException {
        List<String> out = new ArrayList<>();
        try (TokenStream ts = a.tokenStream(IndexFields.TEXT, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(inc.getPositionIncrement() + ":" + offset.startOffset() + "-" + offset.endOffset() + ":" + term);
            }
            ts.end();
            out.add("end " + inc.getPositionIncrement() + ":" + offset.endOffset());
        }
        return out;
    }
}
