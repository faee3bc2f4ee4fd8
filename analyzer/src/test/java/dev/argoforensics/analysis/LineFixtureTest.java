package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.Field;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden fixtures for what the grammar module cannot hold: the JSON record formats (read with
 * Jackson) and every envelope, each case read through the real {@link EnvelopeDecoder} and
 * {@link RecordParser} and shown with every decoded field.
 *
 * <p>Notation: one or more {@code > line} lines form one input file (lines numbered from 1); the
 * lines after them until a blank line are the expected {@link #render} output; {@code #} lines are
 * comments.
 *
 * <p>After an intended change, {@code -Dfixtures.update=true} rewrites the expected blocks from the
 * current output; review the diff before committing it.
 */
class LineFixtureTest {
    private static final String[] FIXTURES = {"logrus-json.txt", "slog-json.txt", "envelopes.txt", "envelopes-consoles.txt"};

    @TestFactory
    Stream<DynamicTest> fixtures() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        if (Boolean.getBoolean("fixtures.update")) {
            for (String name : FIXTURES) {
                update(Path.of("analyzer/src/test/resources/fixtures", name));
            }
        }
        for (String name : FIXTURES) {
            List<Case> cases = read(name);
            assertFalse(cases.isEmpty(), name + " holds no cases");
            for (Case c : cases) {
                tests.add(DynamicTest.dynamicTest(name + ":" + c.line, () -> assertEquals(String.join("\n", c.expected),
                        String.join("\n", render(c.input)), String.join("\n", c.input))));
            }
        }
        return tests.stream();
    }

    /** Reads the lines as one file and shows what came out, record by record. */
    static List<String> render(List<String> lines) {
        EnvelopeDecoder envelopes = new EnvelopeDecoder();
        RecordParser parser = new RecordParser();
        List<UnwrappedLine> unwrapped = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            UnwrappedLine u = envelopes.decode(lines.get(i), i + 1);
            if (u != null) {
                unwrapped.add(u);
            }
        }
        UnwrappedLine open = envelopes.flush();
        if (open != null) {
            unwrapped.add(open);
        }
        List<String> out = new ArrayList<>();
        if (envelopes.envelopeHeaders() > 0) {
            out.add("headers       " + envelopes.envelopeHeaders());
        }
        for (UnwrappedLine u : unwrapped) {
            out.add("lines         " + u.firstLine() + (u.lastLine() != u.firstLine() ? "-" + u.lastLine() : ""));
            out.add("envelope      " + u.envelope().label());
            if (u.envelopeTime() != null) {
                out.add("envelopeTime  " + time(u.envelopeTime()));
            }
            if (u.origin() != null) {
                out.add("origin        " + u.origin());
            }
            if (u.container() != null) {
                out.add("container     " + u.container());
            }
            if (u.prefix() != null) {
                out.add("prefix        " + u.prefix());
            }
            LineParse p = dev.argoforensics.read.LineFrontEnd.placeholderDropped(u, parser.parse(u.record(), 2026, u.cut()));
            if (p instanceof LineParse.Rejected r) {
                out.add("rejected      " + r);
                continue;
            }
            LogRecord rec = ((LineParse.Parsed) p).record();
            out.add("format        " + rec.format().label());
            out.add("time          " + time(rec.time()));
            out.add("level         " + rec.level());
            out.add("msg           " + rec.message());
            for (Field f : rec.fields()) {
                out.add("field         " + f.key() + " = " + f.value() + " (" + f.style().name().toLowerCase(Locale.ROOT) + ")");
            }
            if (rec.isCut()) {
                out.add("cut           " + rec.cut().describe());
            }
        }
        return out;
    }

    private static String time(Timestamp t) {
        return t.format() + " (" + t.precision().name().toLowerCase(Locale.ROOT) + ", " + t.zone().name().toLowerCase(Locale.ROOT) + ")";
    }

    private record Case(int line, List<String> input, List<String> expected) {
    }

    /** Rewrites a fixture file's expected blocks with what {@link #render} gives now. */
    private static void update(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < lines.size()) {
            if (!lines.get(i).startsWith("> ")) {
                b.append(lines.get(i)).append('\n');
                i++;
                continue;
            }
            List<String> input = new ArrayList<>();
            while (i < lines.size() && lines.get(i).startsWith("> ")) {
                b.append(lines.get(i)).append('\n');
                input.add(lines.get(i).substring(2));
                i++;
            }
            while (i < lines.size() && !lines.get(i).isEmpty()) {
                i++;
            }
            render(input).forEach(x -> b.append(x).append('\n'));
        }
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }

    private static List<Case> read(String name) throws IOException {
        List<String> lines;
        try (InputStream in = LineFixtureTest.class.getResourceAsStream("/fixtures/" + name)) {
            assertTrue(in != null, "missing fixture " + name);
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<Case> cases = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (!lines.get(i).startsWith("> ")) {
                i++;
                continue;
            }
            int start = i;
            List<String> input = new ArrayList<>();
            while (i < lines.size() && lines.get(i).startsWith("> ")) {
                input.add(lines.get(i).substring(2));
                i++;
            }
            List<String> expected = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).isEmpty()) {
                if (!lines.get(i).startsWith("#")) {
                    expected.add(lines.get(i));
                }
                i++;
            }
            cases.add(new Case(start + 1, input, expected));
        }
        return cases;
    }
}
