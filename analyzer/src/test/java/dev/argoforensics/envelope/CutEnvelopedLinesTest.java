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
    void aCollectorsLineWhoseLineFieldComesLastAndLostItsEnd() {
        // fluent-bit's CRI parser writes time, stream and _p before log; pasted (#12103) each line without its closing quote and brace.
        String head = "{\"time\":\"2026-10-14T13:12:03.437551903Z\",\"stream\":\"stderr\",\"_p\":\"F\",\"kubernetes\":{\"pod_name\":"
                + "\"workflow-controller-6c9d7f8b4-mq2zt\"},\"log\":\"time=\\\"2026-10-14T13:12:03.437Z\\\" level=error msg=\\\"Mark error node\\\" "
                + "error=\\\"pod deleted\\\" namespace=reports nodeName=\\\"report-gen-7hx4d[0].render\\\" workflow=report-gen-7hx4d";
        var cut = new EnvelopeDecoder().decode(head, 1);
        assertEquals(EnvelopeKind.LOG_STORE_JSON, cut.envelope());
        assertEquals("2026-10-14T13:12:03.437551903Z", cut.envelopeTime().format());
        assertEquals("workflow-controller-6c9d7f8b4-mq2zt", cut.origin());
        assertTrue(cut.cut(), "nothing shows where the line ended: its last bare value may be cut");
        LogRecord r = ((LineParse.Parsed) parser.parse(cut.record(), 2026, cut.cut())).record();
        assertEquals("Mark error node", r.message());
        assertEquals("report-gen-7hx4d[0].render", r.value("nodeName").orElseThrow());
        assertEquals("workflow", r.cut().lost());
        // The line's own \n before the cut: only the closing quote and brace were lost, the record is whole.
        var whole = new EnvelopeDecoder().decode(head + "\\n", 1);
        assertFalse(whole.cut());
        assertEquals("report-gen-7hx4d", ((LineParse.Parsed) parser.parse(whole.record(), 2026, whole.cut())).record().value("workflow").orElseThrow());
        // Negative controls: a member before the line field not whole; the controller's own JSON record cut short; no line field.
        assertEquals(EnvelopeKind.NONE, new EnvelopeDecoder().decode("{\"time\":\"2026-10-14T13:12:03.43", 1).envelope());
        assertEquals(EnvelopeKind.NONE, new EnvelopeDecoder().decode("{\"level\":\"info\",\"msg\":\"Mark error node\",\"namespace\":\"rep", 1).envelope());
        assertEquals(EnvelopeKind.NONE, new EnvelopeDecoder().decode("{\"time\":\"2026-10-14T13:12:03Z\",\"note\":\"time=x", 1).envelope());
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
