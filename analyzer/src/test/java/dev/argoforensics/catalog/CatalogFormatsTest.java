package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Entries keyed by the format their lines are written in, where two release lines print the same message with different
 * meanings: v2.12's logrus {@code Pod failed} (no message logged) is not v4's slog {@code Pod failed} (its message in a key).
 */
class CatalogFormatsTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    private static LogRecord record(String line) {
        LineParse p = new RecordParser().parse(line, 2026);
        return assertInstanceOf(LineParse.Parsed.class, p, p::toString).record();
    }

    @Test
    void aLogrusPodFailedWithoutItsMessageIsV212sNotV4s() {
        for (String line : new String[] {
                "time=\"2026-10-14T09:31:27.540Z\" level=info msg=\"Pod failed\" displayName=train namespace=ml pod=train-x-1 templateName=train workflow=train-x",
                "INFO[2026-10-14T09:31:27.540Z] Pod failed                                    displayName=train namespace=ml pod=train-x-1 workflow=train-x",
                "{\"displayName\":\"train\",\"level\":\"info\",\"msg\":\"Pod failed\",\"namespace\":\"ml\",\"pod\":\"train-x-1\",\"time\":\"2026-10-14T09:31:27.540Z\",\"workflow\":\"train-x\"}"}) {
            LogRecord r = record(line);
            CatalogMatch m = CATALOG.match(r).orElseThrow(() -> new AssertionError("no entry: " + line));
            assertEquals("pod-failed-v2", m.entry().id(), line);
            assertFalse(m.attributes().asMap().containsKey("message"), "v2.12 logs no message: none is read, not an empty one");
            ReleaseEvidence e = CATALOG.releases(r, m);
            assertTrue(e.range().intersect(ReleaseRange.exactly(ArgoVersion.exact("v4.0.0"))).isEmpty(), "a logrus Pod failed is no v4 line: " + e.describe());
            assertFalse(e.range().intersect(ReleaseRange.exactly(ArgoVersion.exact("v2.12.13"))).isEmpty(), e.describe());
        }
        LogRecord rebuilt = record("time=\"2026-10-14T09:31:27.540Z\" level=info msg=\"Pod failed\" message=\"main: Error (exit code 1)\" pod=train-x-1");
        assertTrue(CATALOG.match(rebuilt, dev.argoforensics.event.Interner.NONE, false).isEmpty(),
                "rebuilt from an export's columns, its format is the rebuilder's: which release line wrote it is not known");
        assertEquals("pod-failed-v3", CATALOG.match(record("time=\"2026-10-14T09:31:27.540Z\" level=info msg=\"Pod failed: x\""),
                dev.argoforensics.event.Interner.NONE, false).orElseThrow().entry().id(), "a message no other entry shares is read");
        LogRecord v4 = record("time=2026-10-14T09:31:27.540Z level=INFO msg=\"Pod failed\" component=workflow_worker namespace=ml workflow=train-x pod=train-x-1 message=\"main: Error (exit code 1)\"");
        assertEquals("pod-failed-v4", CATALOG.match(v4).orElseThrow().entry().id());
        LogRecord v3 = record("time=\"2026-10-14T09:31:27.540Z\" level=info msg=\"Pod failed: main: Error (exit code 1)\" namespace=ml pod=train-x-1 workflow=train-x");
        assertEquals("pod-failed-v3", CATALOG.match(v3).orElseThrow().entry().id());
    }

    @Test
    void entriesMayShareAMessageOnlyWhereTheirFormatsTellThemApart() throws Exception {
        String one = "  - id: a\n    event: SIGNAL\n    releases: v4\n    msg: Same words\n    set: {signal: a}\n";
        String two = "  - id: b\n    event: SIGNAL\n    releases: v2.12\n    msg: Same words\n    set: {signal: b}\n";
        assertThrows(CatalogException.class, () -> load(one + two), "no formats: which entry a line is cannot be told");
        assertThrows(CatalogException.class, () -> load(one.replace("    msg:", "    formats: [slog text, logrus text]\n    msg:")
                + two.replace("    msg:", "    formats: [logrus text]\n    msg:")), "logrus text in both");
        assertThrows(CatalogException.class, () -> load(one.replace("    msg:", "    formats: [slog]\n    msg:")), "no such format");
        MessageCatalog c = load(one.replace("    msg:", "    formats: [slog text]\n    msg:") + two.replace("    msg:", "    formats: [logrus text]\n    msg:"));
        assertEquals("b", c.match(record("time=\"2026-10-14T09:31:27.540Z\" level=info msg=\"Same words\"")).orElseThrow().entry().id());
        assertEquals("a", c.match(record("time=2026-10-14T09:31:27.540Z level=INFO msg=\"Same words\"")).orElseThrow().entry().id());
        assertTrue(c.match(record("{\"level\":\"info\",\"msg\":\"Same words\",\"time\":\"2026-10-14T09:31:27.540Z\"}")).isEmpty(),
                "a format neither lists: not guessed");
    }

    private static MessageCatalog load(String entries) throws Exception {
        return MessageCatalog.load(new ByteArrayInputStream(("messages:\n" + entries).getBytes(StandardCharsets.UTF_8)));
    }
}
