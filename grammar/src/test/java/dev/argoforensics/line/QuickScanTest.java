package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The quick read of a text record's head must never disagree with the full parse: where it answers,
 * time, level, message and format are the parser's; where it cannot be sure, it answers null. Run on
 * every grammar fixture line here; the analyzer's {@code catalog.CatalogQuickScanTest} runs it on every
 * catalog sample line and JSON fixture, and {@link RecordParserFuzzTest} on any line at all.
 */
class QuickScanTest {
    private static final String[] FIXTURES = {"logrus-text.txt", "slog-text.txt", "rejected.txt", "logrus-tty.txt", "klog.txt"};

    @TestFactory
    Stream<DynamicTest> agreesWithTheFullParseWhereverItAnswers() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String f : FIXTURES) {
            for (String l : Files.readAllLines(Path.of("src/test/resources/fixtures", f), StandardCharsets.UTF_8)) {
                if (l.startsWith("> ")) {
                    lines.add(l.substring(2));
                }
            }
        }
        assertTrue(lines.size() > 50, "fixture lines: " + lines.size());
        RecordParser parser = new RecordParser();
        return lines.stream().map(line -> DynamicTest.dynamicTest(line.length() > 120 ? line.substring(0, 120) + "…" : line,
                () -> {
                    QuickScan.Head head = QuickScan.head(line, 2026);
                    LineParse full = parser.parse(line, 2026);
                    if (head != null) {
                        LogRecord r = assertInstanceOf(LineParse.Parsed.class, full, "the quick read took a line the parser rejects").record();
                        RecordParserFuzzTest.assertSameHead(r, head, line);
                    }
                }));
    }

    @Test
    void linesItCannotBeSureOfAreLeftToTheParser() {
        assertNull(QuickScan.scan("time=\"2026-09-19T10:00:00Z\" msg=\"no level\" level=info"), "keys out of order");
        assertNull(QuickScan.scan("time=\"2026-09-19T10:00:00Z\" level=info msg=\"unterminated"), "open quote");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=LOUD msg=x extra=1"), "unknown level");
        assertNull(QuickScan.scan("time=not-a-time level=info msg=x extra=1 more=2"), "bad time");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=\"a\"b x=1"), "text after the quote");
        // logrus writes a key as given, leading spaces too (Argo v3's " workflowDeadline"): the grammar reads the key with its space.
        assertNotNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=x  workflowDeadline=\"2026-11-02 15:30:00 +0000 UTC\""),
                "a key that starts with a space");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=x  =removeFinalizer"), "spaces and no key");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=x  \"a\"=1"), "spaces before a quoted key");
        assertNull(QuickScan.scan("time=2026-09-19t10:00:00z level=info msg=x action=removeFinalizer"), "lower-case t and z");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=x error=\"bad \\q escape\""), "an escape Go never writes, in a value");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=x \"a \\U00110000\"=1"), "no such code point, in a key");
        assertNotNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=x error=\"pods \\\"a\\\" \\xe2\\x80\\x94 \\u00e9\""), "Go's escapes");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00Z level=info msg=\"a\u001b[31mb\" action=removeFinalizer"),
                "an ANSI code in the message: the full read removes it");
        assertNull(QuickScan.scanKlog("I0919 10:00:00.123456       1 leaderelection.go:257] \u001b[1mattempting\u001b[0m", 2026), "klog with ANSI");
        assertNull(QuickScan.scan("time=\"2026-09-19T10:00\" level=info msg=x action=removeFinalizer"), "no seconds");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00.Z level=info msg=x action=removeFinalizer"), "a point without digits");
        assertNull(QuickScan.scan("time=2026-09-19T10:00:00+0100 level=info msg=x action=removeFinalizer"), "an offset without its colon");
        assertNotNull(QuickScan.scan("time=2026-09-19T10:00:00.123456789+02:00 level=info msg=x action=removeFinalizer"));
        assertNotNull(QuickScan.scan("time=\"2026-09-19T10:00:00\" level=info msg=x action=removeFinalizer"), "logrus v4.0.0: no zone");
        assertNotNull(QuickScan.scan("time=\"2026-09-19T10:00:00Z\" level=info msg=\"x\" a=1   b=2"), "a later key that starts with spaces");
        assertNull(QuickScan.scan("time=\"2026-09-19T10:00:00Z\" level=info msg=\"x\" a=1 b =2"), "a key that ends with a space");
        assertNull(QuickScan.scan("{\"time\":\"2026-09-19T10:00:00Z\",\"level\":\"info\",\"msg\":\"x\"}"), "JSON is not text");
        assertNull(QuickScan.scanJson("{\"time\":\"2026-09-19T10:00:00Z\",\"level\":\"info\",\"msg\":\"x\"} trailing"), "text after the object");
        assertNull(QuickScan.scanJson("{\"time\":\"2026-09-19T10:00:00Z\",\"level\":\"info\",\"msg\":\"x\",\"a\":{\"b\":}"), "broken nested value");
        assertNull(QuickScan.scanJson("{\"time\":\"2026-09-19T10:00:00Z\",\"msg\":\"x\"}"), "no level");
        assertNull(QuickScan.scanJson("{\"time\":\"yesterday\",\"level\":\"INFO\",\"msg\":\"x\"}"), "bad time");
        assertNull(QuickScan.scanKlog("I1319 10:00:00.123456       1 leaderelection.go:257] month 13", 2026), "no such month");
        assertNull(QuickScan.scanKlog("I0919 10:00:00.123456       1 leader election.go:257] x", 2026), "a space in the source");
        assertNull(QuickScan.scanKlog("I0919 10:00:00.       1 leaderelection.go:257] x", 2026), "a point without digits");
        assertNull(QuickScan.scanKlog("I0919 10:00:00.123456       1 leaderelection.go:] x", 2026), "no line number");
        assertNull(QuickScan.scanKlog("X0919 10:00:00.123456       1 leaderelection.go:257] x", 2026), "no such severity");
        assertNull(QuickScan.scanKlog("I0919 24:00:00.123456       1 leaderelection.go:257] x", 2026), "no hour 24");
        assertNull(QuickScan.scanKlog("I0919 10:60:00       1 leaderelection.go:257] x", 2026), "no minute 60");
        assertNull(QuickScan.scanKlog("I0919 10:00:00.1234567891       1 leaderelection.go:257] x", 2026), "ten fraction digits");
        assertNull(QuickScan.scanKlog("I0230 10:00:00       1 leaderelection.go:257] x", 2026), "no 30 February");
    }

    /**
     * Argo's v4 handler is slog's own TextHandler with a level only (no AddSource), and every field, the inherited
     * {@code component} too, is an attribute written after {@code msg} (util/logging/slog.go, v4.0.0 and v4.1.2): a slog line
     * with a key between its level and {@code msg=} is no controller's. The quick read of pass 2 gives it no head and the full
     * read rejects it with the same words, so a selective and a whole reading count it unparsed alike; the control, the same
     * fields after {@code msg} as slog writes them, is read by both, with the same head.
     */
    @Test
    void aSlogLineWithAKeyBeforeMsgIsNoControllersForEitherRead() {
        RecordParser parser = new RecordParser();
        for (String line : List.of(
                "time=2026-11-03T08:10:00.020Z level=INFO component=pod_controller msg=\"update pod event\" pod=nightly-q2w9e-run-204881733",
                "time=2026-11-03T08:10:00.021Z level=INFO source=/go/src/workflow/controller/pod/controller.go:301 msg=\"Removing finalizers"
                        + " during a delete\" pod.Finalizers=[workflows.argoproj.io/status]")) {
            assertNull(QuickScan.head(line, 2026), line);
            LineParse.Rejected r = assertInstanceOf(LineParse.Rejected.class, parser.parse(line, 2026), line);
            assertEquals("column 41: expected \" msg=\" after the level (slog always writes it)", r.toString());
        }
        String ordinary = "time=2026-11-03T08:10:00.020Z level=INFO msg=\"update pod event\" component=pod_controller pod=nightly-q2w9e-run-204881733";
        QuickScan.Head head = QuickScan.head(ordinary, 2026);
        assertNotNull(head);
        assertEquals("update pod event", head.message());
        RecordParserFuzzTest.assertSameHead(assertInstanceOf(LineParse.Parsed.class, parser.parse(ordinary, 2026)).record(), head, ordinary);
    }

    @Test
    void klogTimesAreReadInPlaceWithTheirPrecision() {
        RecordParser parser = new RecordParser();
        for (String clock : new String[] {"10:00:00", "23:59:59.5", "00:00:01.000001", "12:34:56.123456789"}) {
            String line = "W0229 " + clock + "       1 leaderelection.go:257] x";
            QuickScan.Head head = QuickScan.scanKlog(line, 2028);
            LogRecord full = assertInstanceOf(LineParse.Parsed.class, parser.parse(line, 2028)).record();
            assertEquals(full.time(), head.time(), line);
            assertEquals(java.time.Instant.parse("2028-02-29T" + clock + "Z"), head.time().instant(), line);
        }
    }
}
