package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines cut short, as pasted: what is certainly whole is read, the rest dropped, the record marked cut. */
class CutLineTest {
    private final RecordParser parser = new RecordParser();

    private LogRecord parsed(String line) {
        LineParse p = parser.parse(line, 2026);
        return assertInstanceOf(LineParse.Parsed.class, p, () -> p.toString()).record();
    }

    private LineParse.Rejected rejected(String line) {
        LineParse p = parser.parse(line, 2026);
        return assertInstanceOf(LineParse.Rejected.class, p, () -> p.toString());
    }

    @Test
    void logrusTextCutInsideAKeyKeepsEveryWholePair() {
        LogRecord r = parsed("time=\"2026-09-19T10:01:30.002Z\" level=info msg=\"node changed\" nodePhase=Running podName=\"wf-x[1].step\" recen");
        assertEquals(RecordFormat.LOGRUS_TEXT, r.format());
        assertEquals("2026-09-19T10:01:30.002Z", r.time().format());
        assertEquals(Level.INFO, r.level());
        assertEquals("node changed", r.message());
        assertEquals(List.of(new Field("nodePhase", "Running", ValueStyle.BARE), new Field("podName", "wf-x[1].step", ValueStyle.QUOTED)),
                r.fields());
        assertTrue(r.isCut());
        assertFalse(r.cut().message());
        assertEquals("cut after podName; the rest of the line is missing (the line ends before its last field is whole)", r.cut().describe());
    }

    @Test
    void aBareValueAtTheEndOfACutLineIsDropped() {
        // cut inside the quoted value after it: podName=wf-x-12 is followed by a space, so it is whole
        LogRecord r = parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" podName=wf-x-12 podGC=\"{Strategy: Lab");
        assertEquals(List.of(new Field("podName", "wf-x-12", ValueStyle.BARE)), r.fields());
        assertEquals("podGC", r.cut().lost());
        // a key cut after its '=': the value may have been anything
        LogRecord eq = parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller delay=\"x\" action=");
        assertEquals(List.of("component", "delay"), eq.fields().stream().map(Field::key).toList());
        assertEquals("action", eq.cut().lost());
    }

    @Test
    void aDelayCutInsideItsValueIsNoDelay() {
        String whole = "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller delay=-1m24.257168224s";
        assertFalse(parsed(whole).isCut());
        assertEquals("-1m24.257168224s", parsed(whole).value("delay").orElseThrow());
        for (String cut : List.of("-1m24.2", "-1m", "-1", "-", "-1m24.257168224")) {
            LogRecord r = parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller delay=" + cut);
            assertTrue(r.isCut(), cut);
            assertTrue(r.value("delay").isEmpty(), cut);
            assertEquals("delay", r.cut().lost());
            assertEquals("pod_controller", r.value("component").orElseThrow());
        }
        // whole values the controller writes stay whole
        for (String value : List.of("0s", "5m0s", "1.5µs", "500ms", "4", "10.0.1.23", "5fdad0fe")) {
            assertFalse(parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"x\" after=" + value).isCut(), value);
        }
    }

    @Test
    void aCutMessageIsKeptOnlyWithTimeAndLevelWholeAndMarkedCut() {
        LogRecord r = parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod del");
        assertEquals("queuing pod del", r.message());
        assertTrue(r.cut().message());
        assertTrue(r.fields().isEmpty());
        LogRecord escape = parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"say \\\"hi\\");
        assertEquals("say \"hi", escape.message());
        LogRecord noMsg = parsed("time=2026-09-19T16:31:11.257Z level=INFO ms");
        assertEquals("", noMsg.message());
        assertTrue(noMsg.cut().message());
        rejected("time=2026-09-19T16:31:11.257Z level=IN");
        rejected("time=2026-09-19T16:31:11.25");
        rejected("time=\"2026-09-19T10:01:30.002Z");
    }

    @Test
    void logrusTtyCutInItsFields() {
        LogRecord r = parsed("INFO[2026-09-19T10:01:30.002Z] queuing poddelay-1m24.257168224s              action=removeFinalizer namespace=argo podGC=\"{ <ni");
        assertEquals(RecordFormat.LOGRUS_TTY, r.format());
        assertEquals("queuing poddelay-1m24.257168224s", r.message());
        assertEquals(List.of(new Field("action", "removeFinalizer", ValueStyle.BARE), new Field("namespace", "argo", ValueStyle.BARE)), r.fields());
        assertEquals("podGC", r.cut().lost());
        // the padding is there and the first key is cut: the message is whole
        LogRecord padded = parsed("INFO[2026-09-19T10:01:30.002Z] queuing poddelay-1m24.257168224s              acti");
        assertEquals("queuing poddelay-1m24.257168224s", padded.message());
        assertFalse(padded.cut().message());
        // a whole TTY message with two spaces in a row and no fields is no cut line
        LogRecord twoSpaces = parsed("WARN[2026-09-19T10:01:30.002Z] failed to  list pods in phase");
        assertFalse(twoSpaces.isCut());
        assertEquals("failed to  list pods in phase", twoSpaces.message());
    }

    @Test
    void jsonCutMidWayKeepsCompletedMembers() {
        LogRecord r = parsed("{\"time\":\"2026-09-19T16:31:11.257190002Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"component\":\"pod_controller\",\"delay\":-8425");
        assertEquals(RecordFormat.SLOG_JSON, r.format());
        assertEquals("queuing pod delay", r.message());
        assertEquals(List.of(new Field("component", "pod_controller", ValueStyle.JSON_STRING)), r.fields());
        assertEquals("delay", r.cut().lost());
        LogRecord comma = parsed("{\"time\":\"2026-09-19T16:31:11.257190002Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"delay\":-84257168224,");
        assertEquals("-84257168224", comma.value("delay").orElseThrow());
        assertNull(comma.cut().lost());
        LogRecord object = parsed("{\"time\":\"2026-09-19T16:31:11.257Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"podGC\":{\"strategy\":\"OnPod");
        assertTrue(object.fields().isEmpty());
        assertEquals("podGC", object.cut().lost());
        LogRecord msg = parsed("{\"time\":\"2026-09-19T16:31:11.257Z\",\"level\":\"INFO\",\"msg\":\"queuing pod \\u0064el");
        assertEquals("queuing pod del", msg.message());
        assertTrue(msg.cut().message());
        // logrus JSON sorts its keys: cut before its time, no record
        rejected("{\"action\":\"removeFinalizer\",\"level\":\"info\",\"msg\":\"queuing poddelay-1m24.257168224s\",\"namespace\":\"ar");
        // wrong before the end: malformed, not cut
        rejected("{\"time\":\"2026-09-19T16:31:11.257Z\",\"level\":\"INFO\",\"msg\":\"x\" \"a\":1");
    }

    @Test
    void malformedLinesAreNoCutLines() {
        rejected("time=2026-09-19T16:31:11.257Z level=INFO msg=\"x\"y a=1");
        rejected("time=2026-09-19T16:31:11.257Z level=INFO msg=\"x\" a\"b=1 c");
        rejected("time=2026-09-19T16:31:11.257Z level=NOPE msg=\"x\" a=");
        rejected("hello world");
    }
}
