package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The hand-written logfmt reader against the grammar ({@link LogfmtAgreement}): on every line of the
 * grammar's fixtures and the fuzz tests' saved inputs, on well-formed lines it must read itself, on
 * lines it must leave to the grammar, and on random mutations of all of those (fixed seed).
 */
class LogfmtReaderTest {
    private static final String[] FIXTURES = {"logrus-text.txt", "logrus-tty.txt", "slog-text.txt", "klog.txt", "rejected.txt"};
    private static final String T = "time=2026-09-19T10:00:00.123Z level=INFO msg=";
    private static final String L = "time=\"2026-09-19T10:00:00.123Z\" level=info msg=";

    /** Well-formed slog-text and logrus-text records of every shape the reader must read itself. */
    static final List<String> WELL_FORMED = List.of(
            T + "\"Processing workflow\" namespace=argo workflow=wf-1",
            T + "Processing namespace=argo",
            T + "\"\"",
            T + "\"\" key=\"\" other=",
            T + "\"say \\\"hi\\\"\\n\\tdone \\\\ \\x41\\u00e9\\U0001F600 \\101\" error=\"a\\\\b\"",
            T + "\"x\" \"Workflow Size\"=1786 \"quoted \\\"key\\\"\"=v",
            T + "\"x\" a=1 a=2 a=",
            T + "\"x\" delay=-1m24.257168224s phase=Running",
            T + "\"x\" value=µs[1]{a:b}/c node=\"a b=c\"",
            T + "\"x\" bare=a\"b tab=a\tb",
            "time=2026-09-19T10:00:00+02:00 level=WARN msg=\"x\" k=v",
            "time=2026-09-19T10:00:00.123456789-05:30 level=ERROR msg=\"x\" k=v",
            "time=2026-09-19T10:00:00 level=DEBUG msg=\"no zone\"",
            "time=2026-09-19T10:00:00.5Z level=Info msg=\"mixed case level\"",
            L + "\"Processing workflow\" namespace=argo workflow=wf-1",
            L + "\"node wf-1 phase Running -> Error\" Workflow Size=1786 namespace=argo",
            L + "Processing key= next=v",
            "time=\"2026-09-19T10:00:00Z\" level=warning msg=\"x\" error=\"pods \\\"p\\\" not found\"",
            "time=\"2026-09-19T10:00:00Z\" level=fatal msg=x",
            "time=\"2026-09-19T10:00:00Z\" level=panic msg=x",
            "time=\"2026-09-19T10:00:00Z\" level=trace msg=x",
            "time=\"2026-09-19T10:00:00Z\" level=error msg= k=v",
            L + "x msg=again level=again time=again",
            L + "\"x\" k=" + "v".repeat(6000),
            L + "\"x\"   ",
            T + "\"x\" a=1  b=2",
            L + "\"Terminating pod which has exceeded workflow deadline\"  workflowDeadline=\"2026-11-02 15:30:00 +0000 UTC\" namespace=etl");

    /** Lines the reader must leave to the grammar: cut, odd, or no logfmt record at all. */
    static final List<String> LEFT_TO_THE_GRAMMAR = List.of(
            T + "\"Processing wor",
            T + "\"x\" ke\"y=1",
            T + "\"bad \\q escape\"",
            T + "\"short \\x4\"",
            T + "\"x\" trailing",
            T + "\"x\" =v",
            T + "\"x\" a=\"1\"b=2",
            T + "a\rb",
            T + "\"x\" \"quoted key\" =v",
            "time=2026-09-19T10:00:00.123Z level=verbose msg=x",
            "time=2026-09-19T10:00:00.123Z level=INFO2 msg=x",
            "time=2026-02-30T10:00:00.123Z level=INFO msg=x",
            "time=2026-09-19T25:00:00.123Z level=INFO msg=x",
            "time=2026-09-19T10:00:00.123z level=INFO msg=x",
            "time=2026-09-19T10:00:00.Z level=INFO msg=x",
            "time=2026-09-19T10:00:00.123Z+01:00 level=INFO msg=x",
            "time=2026-09-19 10:00:00.123Z level=INFO msg=x",
            "time=\"2026-09-19T10:00:00.123Z level=info msg=x",
            "time=2026-09-19T10:00:00.123Z  level=INFO msg=x",
            "time=2026-09-19T10:00:00.123Z level=INFO",
            "time=2026-09-19T10:00:00.123Z level=INFO foo=bar msg=x",
            "I0919 10:00:00.123456       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
            "INFO[2026-09-19T10:00:01.000Z] Processing workflow                           namespace=argo workflow=wf-1",
            "{\"time\":\"2026-09-19T10:00:00Z\",\"level\":\"INFO\",\"msg\":\"x\"}",
            "2026-09-19T10:00:00.000000000Z stdout F " + T + "x",
            "10:00:00 " + T + "x");

    @Test
    void readsEveryWellFormedShapeItself() {
        LogfmtAgreement agreement = new LogfmtAgreement();
        for (String line : WELL_FORMED) {
            assertNotNull(agreement.check(line), () -> "left to the grammar: " + line);
        }
    }

    @Test
    void leavesWhatItDoesNotKnowToTheGrammar() {
        LogfmtAgreement agreement = new LogfmtAgreement();
        for (String line : LEFT_TO_THE_GRAMMAR) {
            assertNull(agreement.check(line), () -> "read by hand: " + line);
        }
    }

    @Test
    void aRecordReadByHandIsTheGrammarsFieldForField() {
        LogRecord r = new LogfmtAgreement().check(L + "\"a \\\"b\\\"\" Workflow Size=1786 k= \"q k\"=\"v w\" k=2");
        assertNotNull(r);
        assertEquals(RecordFormat.LOGRUS_TEXT, r.format());
        assertEquals("2026-09-19T10:00:00.123Z", r.rawTime());
        assertEquals("a \"b\"", r.message());
        assertEquals(List.of(new Field("Workflow Size", "1786", ValueStyle.BARE), new Field("k", "", ValueStyle.EMPTY),
                new Field("q k", "v w", ValueStyle.QUOTED), new Field("k", "2", ValueStyle.BARE)), r.fields());
    }

    /**
     * logrus writes a key as the code gave it: Argo v3.4 - v3.7 log the deadline under " workflowDeadline" (a leading space), which
     * sorts first and follows the message after two spaces. The key keeps its space, by hand as in the grammar.
     */
    @Test
    void aKeyThatStartsWithASpaceIsReadWithIt() {
        LogRecord r = new LogfmtAgreement().check(L + "\"Terminating pod which has exceeded workflow deadline\"  workflowDeadline=\"2026-11-02 "
                + "15:30:00 +0000 UTC\" namespace=etl podName=orders-sync-7tq4m-load-1902273355 workflow=orders-sync-7tq4m");
        assertNotNull(r);
        assertEquals("Terminating pod which has exceeded workflow deadline", r.message());
        assertEquals(List.of(new Field(" workflowDeadline", "2026-11-02 15:30:00 +0000 UTC", ValueStyle.QUOTED), new Field("namespace", "etl", ValueStyle.BARE),
                new Field("podName", "orders-sync-7tq4m-load-1902273355", ValueStyle.BARE), new Field("workflow", "orders-sync-7tq4m", ValueStyle.BARE)),
                r.fields());
        // Spaces and then no key (a quote, an '=', the end) stay the grammar's to reject.
        assertNull(new LogfmtAgreement().check(L + "\"x\"  \"k\"=v"));
        assertNull(new LogfmtAgreement().check(L + "\"x\"  =v"));
    }

    @Test
    void agreesOnEveryFixtureAndSavedFuzzInput() throws IOException, URISyntaxException {
        LogfmtAgreement agreement = new LogfmtAgreement();
        List<String> lines = fixtureAndSeedLines();
        lines.forEach(agreement::check);
        assertTrue(lines.size() > 150, "lines: " + lines.size());
        // Most are logfmt records it reads itself; the klog, TTY, rejected and odd ones it leaves.
        assertTrue(agreement.answered > 80 && agreement.fellBack > 20, agreement.answered + " answered, " + agreement.fellBack + " left");
    }

    /** Characters that change how a logfmt line reads, and a few that must not. */
    private static final char[] ALPHABET = {' ', ' ', '"', '"', '=', '=', '\\', '\r', '\n', '\t', 'x', 'Z', '0', '9', ':', '-', '+', '.',
        'T', 'n', 'u', 'U', 'é', '\u0000', '\u001b', '\ud83d', '\u00b5', '\u2028'};

    @Test
    void agreesOnRandomMutationsOfEveryLine() throws IOException, URISyntaxException {
        List<String> bases = new ArrayList<>(WELL_FORMED);
        bases.addAll(LEFT_TO_THE_GRAMMAR);
        for (String line : fixtureAndSeedLines()) {
            if (line.startsWith("time=") && line.length() < 2000) {
                bases.add(line);
            }
        }
        LogfmtAgreement agreement = new LogfmtAgreement();
        Random random = new Random(17024);
        for (int n = 0; n < 30_000; n++) {
            StringBuilder b = new StringBuilder(bases.get(random.nextInt(bases.size())));
            for (int k = 1 + random.nextInt(3); k > 0 && b.length() > 0; k--) {
                int at = random.nextInt(b.length());
                switch (random.nextInt(5)) {
                    case 0 -> b.setCharAt(at, ALPHABET[random.nextInt(ALPHABET.length)]);
                    case 1 -> b.insert(at, ALPHABET[random.nextInt(ALPHABET.length)]);
                    case 2 -> b.deleteCharAt(at);
                    case 3 -> b.setLength(Math.max(at, 1));
                    default -> b.insert(at, b.substring(at, Math.min(b.length(), at + 1 + random.nextInt(12))));
                }
            }
            agreement.check(b.toString());
        }
        assertTrue(agreement.answered > 5_000 && agreement.fellBack > 5_000, agreement.answered + " answered, " + agreement.fellBack + " left");
    }

    /** The lines of every grammar fixture (after {@code "> "}) and every saved input of {@code RecordParserFuzzTest}. */
    static List<String> fixtureAndSeedLines() throws IOException, URISyntaxException {
        List<String> lines = new ArrayList<>();
        for (String name : FIXTURES) {
            try (InputStream in = LogfmtReaderTest.class.getResourceAsStream("/fixtures/" + name)) {
                assertNotNull(in, name);
                new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("> ")).forEach(l -> lines.add(l.substring(2)));
            }
        }
        Path seeds = Path.of(LogfmtReaderTest.class.getResource("RecordParserFuzzTestInputs/parse").toURI());
        try (Stream<Path> files = Files.list(seeds)) {
            for (Path f : files.sorted().toList()) {
                lines.add(RecordParserFuzzTest.oneLine(Files.readAllBytes(f)));
            }
        }
        return lines;
    }
}
