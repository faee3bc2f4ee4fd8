package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The quick read ({@code QuickScan}, tested against the grammar in the grammar module) on the analyzer's
 * own lines: on every catalog sample line and every JSON fixture line it answers with the full parse's
 * format, time, level and message or not at all, and every text or JSON sample of the catalog takes the
 * quick path to its entry (a counted line is recognised as a kept one would be).
 */
class CatalogQuickScanTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @TestFactory
    Stream<DynamicTest> agreesWithTheFullParseWhereverItAnswers() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String f : new String[] {"logrus-json.txt", "slog-json.txt"}) {
            Files.readAllLines(Path.of("analyzer/src/test/resources/fixtures", f), StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("> ")).map(l -> l.substring(2)).forEach(lines::add);
        }
        CATALOG.entries().forEach(e -> e.samples().stream().map(CatalogSample::line).forEach(lines::add));
        RecordParser parser = new RecordParser();
        return lines.stream().map(line -> DynamicTest.dynamicTest(line.length() > 120 ? line.substring(0, 120) + "…" : line, () -> {
            QuickScan.Head head = QuickScan.head(line, 2026);
            LineParse full = parser.parse(line, 2026);
            if (head != null) {
                LogRecord r = assertInstanceOf(LineParse.Parsed.class, full, "the quick read took a line the parser rejects").record();
                assertEquals(new QuickScan.Head(r.format(), r.time(), r.level(), r.message()), head);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyTextSampleOfTheCatalogTakesTheQuickPathToItsEntry() {
        List<DynamicTest> tests = new ArrayList<>();
        for (CatalogEntry e : CATALOG.entries()) {
            for (CatalogSample s : e.samples()) {
                if (s.line().startsWith("time=") || s.line().startsWith("{")) {
                    tests.add(DynamicTest.dynamicTest(e.id() + ": " + s.line(), () -> {
                        QuickScan.Head head = s.line().startsWith("{") ? QuickScan.scanJson(s.line()) : QuickScan.scan(s.line());
                        assertNotNull(head, "a well-formed text record is read quickly");
                        assertEquals(e.id(), CATALOG.entryFor(head.message(), head.format()).id());
                    }));
                }
            }
        }
        assertTrue(tests.size() > 50, "the catalog has text samples: " + tests.size());
        return tests.stream();
    }
}
