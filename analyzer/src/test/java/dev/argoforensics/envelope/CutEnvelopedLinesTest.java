package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.Field;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.line.ValueStyle;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Envelopes around a record cut short (the grammar module's {@code line.CutLineTest} has the records
 * alone): whether the envelope or the record inside lost its end, and what is read of the record.
 */
class CutEnvelopedLinesTest {
    private final RecordParser parser = new RecordParser();

    @Test
    void dockerJsonFileLinesThatLostTheirEnd() {
        // the envelope lost its end after the log string: the record inside is whole
        var whole = new EnvelopeDecoder().decode(
                "{\"log\":\"time=2026-09-19T16:31:11.350Z level=INFO msg=\\\"cleaning up pod\\\" podName=x\\n\",\"stream\":\"stderr\",\"ti", 1);
        assertEquals(EnvelopeKind.DOCKER_JSON, whole.envelope());
        assertFalse(whole.cut());
        LogRecord r = ((LineParse.Parsed) parser.parse(whole.record(), 2026, whole.cut())).record();
        assertFalse(r.isCut());
        assertEquals("x", r.value("podName").orElseThrow());
        // cut inside the log string: the record inside is cut, its last bare value dropped though it reads as whole
        var cut = new EnvelopeDecoder().decode(
                "{\"log\":\"time=2026-09-19T16:31:11.350Z level=INFO msg=\\\"cleaning up pod\\\" namespace=argo podName=wf-x-12", 1);
        assertTrue(cut.cut());
        LogRecord c = ((LineParse.Parsed) parser.parse(cut.record(), 2026, cut.cut())).record();
        assertEquals("cleaning up pod", c.message());
        assertEquals(List.of(new Field("namespace", "argo", ValueStyle.BARE)), c.fields());
        assertEquals("podName", c.cut().lost());
        // a JSON object that is no Docker line stays what it was
        assertNull(new EnvelopeDecoder().decode("{\"message\":\"time=2026", 1).envelopeTime());
    }

    @Test
    void criLinesWhoseRecordIsCut() {
        var u = new EnvelopeDecoder().decode(
                "2026-09-19T16:31:11.350412345Z stderr F time=2026-09-19T16:31:11.350Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer podName=\"wf", 1);
        assertEquals(EnvelopeKind.CRI, u.envelope());
        LogRecord r = ((LineParse.Parsed) parser.parse(u.record(), 2026, u.cut())).record();
        assertEquals(List.of(new Field("action", "removeFinalizer", ValueStyle.BARE)), r.fields());
        assertEquals("podName", r.cut().lost());
    }
}
