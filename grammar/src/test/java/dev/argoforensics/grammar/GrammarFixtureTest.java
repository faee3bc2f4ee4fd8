package dev.argoforensics.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden fixtures: every line shape of the reference's example sections (sections 3.9 and 4) for
 * logrus text and slog text, plus tricky shapes, each with every field the grammar must split out.
 *
 * <p>Fixture notation: {@code > line} starts a case; the lines after it until a blank line are the
 * expected {@link FixtureParse#render} output; {@code #} lines are comments.
 */
class GrammarFixtureTest {
    private static final String[] FIXTURES = {"logrus-text.txt", "logrus-tty.txt", "slog-text.txt", "klog.txt", "rejected.txt"};

    @TestFactory
    Stream<DynamicTest> fixtures() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : FIXTURES) {
            List<Case> cases = read(name);
            assertFalse(cases.isEmpty(), name + " holds no cases");
            for (Case c : cases) {
                tests.add(DynamicTest.dynamicTest(name + ":" + c.line, () -> assertEquals(
                        String.join("\n", c.expected), String.join("\n", FixtureParse.render(c.input)), c.input)));
            }
        }
        return tests.stream();
    }

    /** The rejected fixtures must all be rejected, the others never: a typo in a fixture cannot flip a case. */
    @TestFactory
    Stream<DynamicTest> fixtureFilesAreConsistent() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : FIXTURES) {
            boolean rejectedFile = name.equals("rejected.txt");
            for (Case c : read(name)) {
                tests.add(DynamicTest.dynamicTest(name + ":" + c.line, () -> assertEquals(rejectedFile,
                        c.expected.get(0).startsWith("@error"), "case at line " + c.line)));
            }
        }
        return tests.stream();
    }

    private record Case(int line, String input, List<String> expected) {
    }

    private static List<Case> read(String name) throws IOException {
        List<String> lines;
        try (InputStream in = GrammarFixtureTest.class.getResourceAsStream("/fixtures/" + name)) {
            assertTrue(in != null, "missing fixture " + name);
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (!l.startsWith("> ")) {
                continue;
            }
            List<String> expected = new ArrayList<>();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).isEmpty() && !lines.get(j).startsWith("> ")) {
                if (!lines.get(j).startsWith("#")) {
                    expected.add(lines.get(j));
                }
                j++;
            }
            cases.add(new Case(i + 1, l.substring(2), expected));
            i = j - 1;
        }
        return cases;
    }
}
