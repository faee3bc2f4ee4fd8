package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link CutMarks} takes its text a line at a time from the characters where they are, and makes no String for a plain content
 * line (session 57); before, it took a character at a time and made a String of every line. The parser must get the same text,
 * and the same marks must be noted with the same paths and spans: each input below goes through both ({@link CutMarksBefore} is the
 * old reading) and through readers that hand over their text in pieces of every size, so lines break across chunks.
 */
class CutMarksLinesTest {
    /** What a reading gives: the text the parser gets, the marks after the first content line, the marks before it. */
    private record Reading(String text, List<Trimmed.Cut> cuts, List<Trimmed.Cut> header) {
    }

    /** A reader handing over its text in pieces of random sizes (1 to {@code most} characters), as a decoding reader may. */
    private static Reader pieces(String text, long seed, int most) {
        Random r = new Random(seed);
        return new Reader() {
            private final StringReader in = new StringReader(text);

            @Override
            public int read(char[] buf, int off, int len) throws IOException {
                return in.read(buf, off, Math.min(len, 1 + r.nextInt(most)));
            }

            @Override
            public void close() {
            }
        };
    }

    private static String drain(Reader r, long seed) throws IOException {
        Random sizes = new Random(seed);
        StringBuilder b = new StringBuilder();
        char[] buf = new char[9000];
        int n;
        while ((n = r.read(buf, 0, 1 + sizes.nextInt(buf.length))) >= 0) {
            b.append(buf, 0, n);
        }
        return b.toString();
    }

    private static Reading now(String text, long seed, int most) throws IOException {
        CutMarks m = new CutMarks(pieces(text, seed, most));
        return new Reading(drain(m, seed), m.cuts(), m.header());
    }

    private static Reading before(String text) throws IOException {
        CutMarksBefore m = new CutMarksBefore(new StringReader(text));
        return new Reading(drain(m, 1), m.cuts(), m.header());
    }

    private static void same(String text, String what) throws IOException {
        Reading expected = before(text);
        for (int most : new int[] {1, 7, 700, 8192}) {
            assertEquals(expected, now(text, most * 31L + text.length(), most), what + ", pieces of up to " + most);
        }
    }

    @Test
    void everyYamlExportOfTheSamplesReadsAsBefore() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("samples"))) {
            files = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList();
        }
        assertTrue(files.size() > 100, "the samples' YAML exports: " + files.size());
        int marked = 0;
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8); // a UTF-16 sample as the replaced characters it decodes to
            same(text, f.toString());
            marked += before(text).cuts().isEmpty() && before(text).header().isEmpty() ? 0 : 1;
        }
        assertTrue(marked > 0, "some sample is trimmed, so marks were compared too");
    }

    @Test
    void marksAndKeysAroundThemAsBefore() throws IOException {
        String trimmed = String.join("\n",
                "# trimmed with yq 'del(.status.containerStatuses)'",
                "\uFEFFapiVersion: v1",
                "kind: Pod",
                "metadata:",
                "  annotations:",
                "    ...",
                "  finalizers: [...]",
                "  \"quoted: key\" : value",
                "  'single' : x",
                "  spaced   : y",
                "  tabbed\t: z",
                "  managedFields:",
                "  - ...",
                "  - apiVersion: v1",
                "    manager: kubectl",
                "  # snipped the rest",
                "\u2003 wide: space before",
                "spec:",
                "  containers:",
                "  - - name: nested",
                "  <snip>",
                "status: … ",
                "  phase: Succeeded\r",
                "  reason: x ... (truncated)\r",
                "--- ",
                "--- next",
                "kind: Pod",
                "  a: b # c: d",
                "  key:value",
                "  # taken-at 2026-09-19T16:27:10Z",
                "…",
                "");
        Reading r = before(trimmed);
        assertFalse(r.cuts().isEmpty(), "the oracle notes marks here");
        assertFalse(r.header().isEmpty(), "and one before the object");
        same(trimmed, "marks");
        same(trimmed.replace("\n", "\r\n"), "marks, Windows line ends");
        same(trimmed.substring(0, trimmed.length() - 1), "marks, no last newline");
    }

    @Test
    void linesAroundTheHeadLengthAsBefore() throws IOException {
        // A line longer than HEAD (512) passes as it is, its head read as content; at 511, 512, 513 and 514 characters, with and without
        // a carriage return, a mark after it.
        StringBuilder b = new StringBuilder("metadata:\n");
        for (int len = 505; len < 520; len++) {
            b.append("  k").append(len).append(": ").append("v".repeat(len - 6 - String.valueOf(len).length())).append(len % 2 == 0 ? "\r\n" : "\n");
            b.append("  ...\n");
        }
        b.append("  long: ").append("w".repeat(20_000)).append("\n  after: x\n  ...\n");
        b.append("x".repeat(600));
        same(b.toString(), "long lines");
    }

    @Test
    void randomLinesAsBefore() throws IOException {
        // Lines made of the pieces the readings look at: indentation (spaces, tabs, a byte-order mark, Unicode white space), list
        // dashes, bare and quoted keys, comments, every kind of mark, document separators, long lines; more distinct keys than the
        // key table holds, so keys meet in its slots.
        String[] indents = {"", " ", "  ", "    ", "\t", "\uFEFF", " \uFEFF", "\u2003", "\u00A0"};
        String[] dashes = {"", "- ", "-  ", "- - ", "-", "-x"};
        String[] keys = {"name", "namespace", "\"a:b\"", "'it''s'", "\"es\\\"c\"", "k ", "k\u2003", "#no", "[x", "-dash", "", "ö", "key:"};
        String[] afters = {": v", ":", ": ", ":\tv", " : v", ":v", " # c: d", ": [...]", ": ...", ": <snip>", ": a ... b", ": snippet",
            ": …", ": '...'"};
        String[] wholes = {"...", "…", "[...]", "( … )", "<snip>", "... (omitted)", "# trimmed", "# ...", "# cut here", "#taken-at x",
            "# del(.spec.x) del(.status)", "---", "--- !x", "----", "- ...", "- [snip]", "", "   ", "\r"};
        for (long seed = 1; seed <= 300; seed++) {
            Random r = new Random(seed);
            StringBuilder b = new StringBuilder();
            int lines = 1 + r.nextInt(120);
            for (int i = 0; i < lines; i++) {
                b.append(indents[r.nextInt(indents.length)]);
                if (r.nextInt(5) == 0) {
                    b.append(wholes[r.nextInt(wholes.length)]);
                } else {
                    b.append(dashes[r.nextInt(dashes.length)]);
                    String k = keys[r.nextInt(keys.length)];
                    b.append(r.nextInt(3) == 0 ? k + r.nextInt(2000) : k);
                    b.append(afters[r.nextInt(afters.length)]);
                    if (r.nextInt(40) == 0) {
                        b.append("y".repeat(490 + r.nextInt(40)));
                    }
                }
                if (i < lines - 1 || r.nextBoolean()) {
                    b.append(r.nextInt(6) == 0 ? "\r\n" : "\n");
                }
            }
            same(b.toString(), "seed " + seed + ":\n" + b);
        }
    }

    @Test
    void aPlainLinesKeyIsFoundAsBefore() {
        // The key the mark's path is made of: bare (stripped), quoted (without its quotes), none.
        assertEquals("name", CutMarks.key("  name  : x", 2));
        assertEquals("a:b", CutMarks.key("\"a:b\": x", 0));
        assertEquals(null, CutMarks.key("a: b # c: d", 3));
        assertEquals(null, CutMarks.key("key:value", 0));
        assertEquals(null, CutMarks.key("  \u2003 : x", 2));
        List<String> keys = new ArrayList<>();
        for (String line : List.of("x: 1", "'y' : 2", "z:", "#z: 3", "-w: 4")) {
            keys.add(CutMarks.key(line, 0));
        }
        assertEquals(java.util.Arrays.asList("x", "y", "z", null, "-w"), keys);
    }
}
