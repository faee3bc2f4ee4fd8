package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.CutLine;
import dev.argoforensics.line.Field;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.line.Terminal;
import dev.argoforensics.line.ValueStyle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Cutting any line of the samples and of the grammar fixtures short never reads a value different
 * from the whole line's: the record read from the cut line has the whole line's time and level, its
 * message or a prefix of it marked cut, and its fields are the whole line's first fields, value for
 * value. Cut at every offset of a short line, and of a long one at up to 10 offsets at a separator
 * (space, '=', quote, comma, colon, backslash) and 4 others, drawn with a fixed seed.
 */
class CutLinePropertiesTest {
    private static final String[] FIXTURES = {"logrus-text.txt", "slog-text.txt", "logrus-tty.txt", "klog.txt"};

    private final RecordParser parser = new RecordParser();

    private static List<String> lines() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String f : FIXTURES) {
            for (String l : Files.readAllLines(Path.of("grammar/src/test/resources/fixtures", f), StandardCharsets.UTF_8)) {
                if (l.startsWith("> ")) {
                    lines.add(l.substring(2));
                }
            }
        }
        try (Stream<Path> files = Files.walk(Path.of("samples"))) {
            for (Path p : files.filter(p -> Files.isRegularFile(p) && p.toString().contains("/logs/") && !p.toString().endsWith(".gz"))
                    .sorted().toList()) {
                // samples/broken holds bytes that are not UTF-8: read as U+FFFD, as the line reader does
                for (String l : new String(Files.readAllBytes(p), StandardCharsets.UTF_8).split("\n")) {
                    lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
                }
            }
        }
        return lines;
    }

    @Test
    void aCutLineNeverReadsAValueTheWholeLineDoesNotHave() throws IOException {
        Random random = new Random(17024);
        int wholeRecords = 0;
        int cutsRead = 0;
        int readAsCut = 0;
        int indistinguishable = 0;
        for (String line : new java.util.LinkedHashSet<>(lines())) {
            LogRecord whole = read(line);
            if (whole == null || whole.isCut()) {
                continue;
            }
            wholeRecords++;
            for (int k : offsets(line, random)) {
                String prefix = line.substring(0, k);
                LogRecord cut = read(prefix);
                if (cut == null) {
                    continue;
                }
                cutsRead++;
                String where = "cut at " + k + ": " + prefix;
                assertEquals(whole.format(), cut.format(), where);
                assertEquals(whole.rawTime(), cut.rawTime(), where);
                assertEquals(whole.time(), cut.time(), where);
                assertEquals(whole.level(), cut.level(), where);
                if (cut.isCut() && cut.cut().message()) {
                    assertTrue(whole.message().startsWith(cut.message()), where + " → message " + cut.message());
                } else if (!cut.isCut() && (cut.format() == RecordFormat.KLOG || cut.fields().isEmpty() && (cut.format() == RecordFormat.LOGRUS_TTY
                        || cut.format() == RecordFormat.TIME_OF_DAY
                        || Terminal.clean(prefix).endsWith("msg=" + cut.message())))) {
                    // klog text, a TTY message, a message quoted after a time of day and a bare logrus message with nothing
                    // after them run to the end of the line: cut, they read as a shorter message, and nothing in the line says so
                    // (a quoted time of day's is then accepted only if the catalog knows the shorter message)
                    // A quoted time of day's message ends at its first key: cut inside that key, the key's start reads as one
                    // more word of the message, which the catalog then does not know (the reader refuses the line).
                    assertTrue(whole.message().startsWith(cut.message())
                            || cut.format() == RecordFormat.TIME_OF_DAY && cut.message().startsWith(whole.message() + " ") && !cut.message().contains("="),
                            where);
                    indistinguishable++;
                } else {
                    assertEquals(whole.message(), cut.message(), where);
                }
                readAsCut += cut.isCut() ? 1 : 0;
                assertTrue(cut.fields().size() <= whole.fields().size(), where);
                for (int i = 0; i < cut.fields().size(); i++) {
                    Field c = cut.fields().get(i);
                    Field w = whole.fields().get(i);
                    assertEquals(w.key(), c.key(), where);
                    boolean last = i == cut.fields().size() - 1;
                    if (!c.value().equals(w.value()) && last && !cut.isCut() && endsWithBareValue(prefix, c)) {
                        // Nothing in the line says it was cut: a bare value that ends a line reads as whole (docs/formats.md, "Lines cut short").
                        // It is a prefix of the whole value and never a Go duration the controller would not print.
                        assertTrue(w.value().startsWith(c.value()), where);
                        assertTrue(!CutLine.stoppedInsideDuration(c.value()), where);
                        indistinguishable++;
                        continue;
                    }
                    assertEquals(w.value(), c.value(), where);
                    assertEquals(w.style(), c.style(), where);
                }
            }
        }
        assertTrue(wholeRecords > 1500, "records read whole: " + wholeRecords);
        assertTrue(readAsCut > cutsRead / 3, readAsCut + " of " + cutsRead + " cut lines read as cut");
        System.out.println("cut lines read: " + cutsRead + ", read as cut: " + readAsCut + ", reading as whole (nothing shows the cut): "
                + indistinguishable);
    }

    /** The line through a fresh envelope decoder and the parser, or null if it is no record. */
    private LogRecord read(String line) {
        UnwrappedLine u = new EnvelopeDecoder().decode(line, 1);
        if (u == null || u.record().isBlank()) {
            return null;
        }
        return parser.parse(u.record(), 2026, u.cut()) instanceof LineParse.Parsed p ? p.record() : null;
    }

    private static boolean endsWithBareValue(String prefix, Field f) {
        return (f.style() == ValueStyle.BARE || f.style() == ValueStyle.EMPTY) && Terminal.clean(prefix).endsWith("=" + f.value());
    }

    private static TreeSet<Integer> offsets(String line, Random random) {
        TreeSet<Integer> at = new TreeSet<>();
        int n = line.length();
        if (n <= 64) {
            for (int k = 1; k < n; k++) {
                at.add(k);
            }
            return at;
        }
        List<Integer> separators = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            char c = line.charAt(k);
            if (c == ' ' || c == '=' || c == '"' || c == ',' || c == ':' || c == '\\') {
                separators.add(k);
                separators.add(k + 1);
            }
        }
        // at most 14 cuts a line (a few seconds for all): separators drawn with a fixed seed, then any offset
        java.util.Collections.shuffle(separators, random);
        for (int k : separators) {
            if (at.size() >= 10) {
                break;
            }
            at.add(k);
        }
        for (int i = 0; i < 4; i++) {
            at.add(1 + random.nextInt(n - 1));
        }
        at.removeIf(k -> k < 1 || k >= n || Character.isLowSurrogate(line.charAt(k)));
        return at;
    }
}
