package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every sample line in the catalog parses to the entry and the attributes it promises. */
class CatalogSamplesTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @TestFactory
    Stream<DynamicTest> everySampleYieldsItsEntryAndExactlyItsAttributes() {
        RecordParser parser = new RecordParser();
        List<DynamicTest> tests = new ArrayList<>();
        for (CatalogEntry entry : CATALOG.entries()) {
            for (CatalogSample sample : entry.samples()) {
                tests.add(DynamicTest.dynamicTest(entry.id() + ": " + sample.line(), () -> {
                    LineParse p = parser.parse(sample.line(), 2026);
                    LogRecord record = assertInstanceOf(LineParse.Parsed.class, p, p::toString).record();
                    Optional<CatalogMatch> match = CATALOG.match(record);
                    assertTrue(match.isPresent(), "no entry matched");
                    assertEquals(entry.id(), match.get().entry().id());
                    assertEquals(sample.expect(), match.get().attributes().asMap());
                    assertEquals(entry.event().create(match.get().attributes()), match.get().event());
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void everyEntryHasASample() {
        for (CatalogEntry e : CATALOG.entries()) {
            assertFalse(e.samples().isEmpty(), e.id() + " has no sample line");
        }
    }

    @Test
    void patternsKnowTheirLiteralPrefix() {
        assertEquals("queuing poddelay", MessageCatalog.literalPrefix("^queuing poddelay(?<delay>\\S+)$"));
        assertEquals("Created pod: ", MessageCatalog.literalPrefix("^Created pod: (?<nodeName>.+) \\((?<pod>\\S+)\\)$"));
        assertEquals("", MessageCatalog.literalPrefix("^(?<nodeType>\\S+) node"));
        assertEquals("ab", MessageCatalog.literalPrefix("^abc?d"));
    }

    @Test
    void patternsKnowTheLiteralTextEveryMatchContains() {
        assertEquals(" initialized ", MessageCatalog.requiredLiteral(
                "^(?<nodeType>\\S+) node (?<nodeId>\\S+) initialized (?<phase>\\S+)(?: \\(message: (?<message>.*)\\))?$"));
        assertEquals("Created pod: ", MessageCatalog.requiredLiteral("^Created pod: (?<nodeName>.+) \\((?<pod>\\S+)\\)$"));
        assertEquals("queuing poddelay", MessageCatalog.requiredLiteral("^queuing poddelay(?<delay>\\S+)$"));
        assertEquals("ab", MessageCatalog.requiredLiteral("^abc?d"), "a quantified character is not required");
        assertEquals("", MessageCatalog.requiredLiteral("^a|b$"), "alternation: nothing is required");
        assertEquals(" (x)", MessageCatalog.requiredLiteral("^[ab]+ \\(x\\)"));
    }

    @Test
    void everyTriggerSampleLineHoldsAnAnchorInItsRawText() {
        List<String> anchors = CATALOG.triggerAnchors().orElseThrow(() -> new AssertionError("some trigger entry has no anchor"));
        int checked = 0;
        for (CatalogEntry e : CATALOG.entries()) {
            if (e.interest() != CatalogEntry.Interest.TRIGGER) {
                continue;
            }
            for (CatalogSample sample : e.samples()) {
                // A conditional trigger's sample that does not meet the condition is no trigger line: it need hold no anchor.
                boolean meets = e.triggerWhen().entrySet().stream().allMatch(w -> w.getValue().contains(sample.expect().get(w.getKey())));
                assertEquals(meets, e.mayTrigger(sample.line()), e.id() + ": the raw check disagrees with the condition on " + sample.line());
                if (meets) {
                    assertTrue(anchors.stream().anyMatch(sample.line()::contains), e.id() + ": no anchor of " + anchors + " in " + sample.line());
                    checked++;
                }
            }
        }
        assertTrue(checked > 10, "trigger samples checked: " + checked);
    }

    @Test
    void unknownMessagesMatchNothing() {
        LogRecord r = ((LineParse.Parsed) new RecordParser().parse(
                // (session 58 catalogued TaskSet Reconciliation, this test's example before: a start-up message stands for unknown ones)
                "time=2026-09-19T10:00:00.000Z level=INFO msg=\"Memoization caches will be garbage-collected if they have not been hit after\" gcAfterNotHitDuration=30s", 2026)).record();
        assertTrue(CATALOG.match(r).isEmpty());
    }
}
