package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.ZoneBasis;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decoded record model: unquoted values, typed times and levels, every field in order. */
class RecordParserTest {
    private final RecordParser parser = new RecordParser();

    private LogRecord parsed(String line) {
        LineParse p = parser.parse(line, 2026);
        return assertInstanceOf(LineParse.Parsed.class, p, () -> p.toString()).record();
    }

    @Test
    void slogText() {
        LogRecord r = parsed("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller "
                + "podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-1m24.257168224s action=removeFinalizer "
                + "namespace=status-capture-test podName=status-capture-repro");
        assertEquals(RecordFormat.SLOG_TEXT, r.format());
        assertEquals("2026-09-19T16:31:11.257Z", r.time().format());
        assertEquals(TimePrecision.MILLISECOND, r.time().precision());
        assertEquals(ZoneBasis.STATED, r.time().zone());
        assertEquals("2026-09-19T16:31:11.257Z", r.rawTime());
        assertEquals(Level.INFO, r.level());
        assertEquals("queuing pod delay", r.message());
        assertEquals(List.of(
                new Field("component", "pod_controller", ValueStyle.BARE),
                new Field("podGC", "{Strategy: LabelSelector:<nil> DeleteDelayDuration:}", ValueStyle.QUOTED),
                new Field("delay", "-1m24.257168224s", ValueStyle.BARE),
                new Field("action", "removeFinalizer", ValueStyle.BARE),
                new Field("namespace", "status-capture-test", ValueStyle.BARE),
                new Field("podName", "status-capture-repro", ValueStyle.BARE)), r.fields());
    }

    @Test
    void logrusTextWithEscapesEmptyValuesAndAKeyWithASpace() {
        LogRecord r = parsed("time=\"2026-09-19T10:01:30.010Z\" level=warning msg=\"failed to clean-up pod\" "
                + "error=\"Operation cannot be fulfilled on pods \\\"p\\\": the object has been modified\" new.message= Workflow Size=1786");
        assertEquals(RecordFormat.LOGRUS_TEXT, r.format());
        assertEquals(ZoneBasis.LITERAL_Z, r.time().zone());
        assertEquals(Level.WARN, r.level());
        assertEquals(List.of(
                new Field("error", "Operation cannot be fulfilled on pods \"p\": the object has been modified", ValueStyle.QUOTED),
                new Field("new.message", "", ValueStyle.EMPTY),
                new Field("Workflow Size", "1786", ValueStyle.BARE)), r.fields());
    }

    @Test
    void slogQuotedKeyAndMicroSign() {
        LogRecord r = parsed("time=2024-08-30T15:38:49.906Z level=INFO msg=\"Workflow to be dehydrated\" \"Workflow Size\"=1786 after=1.5µs");
        assertEquals("1786", r.value("Workflow Size").orElseThrow());
        assertEquals("1.5µs", r.value("after").orElseThrow());
    }

    @Test
    void logrusSecondsFromV400() {
        LogRecord r = parsed("time=\"2026-09-19T10:05:00Z\" level=info msg=\"Alloc=6215 TotalAlloc=27810\"");
        assertEquals(TimePrecision.SECOND, r.time().precision());
        assertEquals("Alloc=6215 TotalAlloc=27810", r.message());
        assertTrue(r.fields().isEmpty());
    }

    @Test
    void klogTakesTheYearFromItsNeighbours() {
        LogRecord r = parsed("I0919 10:00:00.123456       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...");
        assertEquals(RecordFormat.KLOG, r.format());
        assertEquals("2026-09-19T10:00:00.123456Z", r.time().format());
        assertEquals(ZoneBasis.ASSUMED_UTC, r.time().zone());
        assertEquals(Level.INFO, r.level());
        assertEquals("attempting to acquire leader lease argo/workflow-controller...", r.message());
        assertEquals("leaderelection.go:257", r.value("source").orElseThrow());
    }

    @Test
    void aKlogLineWithAnImpossibleDateIsRejectedNotThrown() {
        Map<String, String> reasons = new LinkedHashMap<>();
        reasons.put("I0269 10:00:00.123456       1 leaderelection.go:257] no 69 February",
                "column 1: Invalid value for DayOfMonth (valid values 1 - 28/31): 69");
        reasons.put("I0919 25:00:00.123456       1 leaderelection.go:257] no hour 25", "column 1: no such time of day: 25:00:00.123456");
        reasons.put("I0231 10:00:00       1 x.go:1] no 31 February", "column 1: Invalid date 'FEBRUARY 31'");
        reasons.forEach((line, reason) ->
                assertEquals(reason, assertInstanceOf(LineParse.Rejected.class, parser.parse(line, 2026), line).toString(), line));
    }

    @Test
    void rejectedLinesSayWhereAndWhat() {
        LineParse.Rejected r = assertInstanceOf(LineParse.Rejected.class,
                parser.parse("time=2026-09-19T10:00:00.000Z level=INFO msg=ok trailing \"words\" x=1", 2026));
        assertEquals(48, r.column());
        assertEquals("column 48: expected \" <key>=<value>\" or the end of the line, found \" trailing \"words\" x=1\"", r.toString());
        // Words without '=' at the end are what a line cut inside a key leaves (logrus keys may hold spaces): read in part
        LineParse.Parsed cut = assertInstanceOf(LineParse.Parsed.class,
                parser.parse("time=2026-09-19T10:00:00.000Z level=INFO msg=ok trailing words", 2026));
        assertEquals("cut after msg; the rest of the line is missing (the line ends before its last field is whole)",
                cut.record().cut().describe());

        // slog always writes msg (msg="" for an empty message): a line without it is none of slog's.
        LineParse.Rejected noMsg = assertInstanceOf(LineParse.Rejected.class,
                parser.parse("time=2026-09-19T10:00:00.000Z level=INFO podName=wf-x-12", 2026));
        assertEquals("column 41: expected \" msg=\" after the level (slog always writes it)", noMsg.toString());

        LineParse.Rejected garbage = assertInstanceOf(LineParse.Rejected.class, parser.parse("panic: runtime error", 2026));
        assertEquals("column 1: expected one of time=\"<RFC 3339>\", time=<RFC 3339>, LEVL[<RFC 3339>] (logrus TTY), a klog header,"
                + " found \"panic: runtime error\"",
                garbage.toString());
    }

    @Test
    void aLogrusLineWithoutMsgIsReadWithAnEmptyMessage() {
        // logrus leaves msg out when the message is empty (log.WithField(...).Info()): level and time, then the fields.
        LogRecord r = parsed("time=\"2024-08-30T15:07:43.312Z\" level=info Workflow Size=1445 namespace=argo");
        assertEquals(RecordFormat.LOGRUS_TEXT, r.format());
        assertEquals("", r.message());
        assertEquals(List.of(new Field("Workflow Size", "1445", ValueStyle.BARE), new Field("namespace", "argo", ValueStyle.BARE)), r.fields());
        assertFalse(r.isCut());
        // A time and a level alone are what a line cut after its level leaves: not read as a record with an empty message.
        assertInstanceOf(LineParse.Rejected.class, parser.parse("time=\"2024-08-30T15:07:43.312Z\" level=warning", 2026));
        LogRecord quotedFirst = parsed("time=\"2024-08-30T15:07:43.312Z\" level=error error=\"pods \\\"x\\\" not found\"");
        assertEquals("", quotedFirst.message());
        assertEquals("pods \"x\" not found", quotedFirst.fields().get(0).value());
        // A key that merely starts with msg is a key, not the message.
        LogRecord msgLike = parsed("time=\"2024-08-30T15:07:43.312Z\" level=info msgCount=3");
        assertEquals("", msgLike.message());
        assertEquals("msgCount", msgLike.fields().get(0).key());
    }

    @Test
    void aWellFormedLineWithAnUndecodableValueIsRejectedWithItsColumn() {
        LineParse.Rejected r = assertInstanceOf(LineParse.Rejected.class,
                parser.parse("time=2026-09-19T10:00:00.000Z level=INFO msg=\"bad \\q escape\"", 2026));
        assertEquals(46, r.column());
        assertTrue(r.reason().contains("unknown escape \\q"), r.reason());
    }

    @Test
    void aRecordWithoutItsLevelIsRejectedNotACrash() {
        LineParse.Rejected r = assertInstanceOf(LineParse.Rejected.class,
                parser.parse("time=2026-09-19T10:00:00.000Z msg=\"no level\"", 2026));
        assertEquals(30, r.column(), r.toString());
        assertEquals("x", parsed("time=2026-09-19T10:00:00.000Z level=INFO msg=x").message(), "and the parser still works");
    }

    @Test
    void theParserIsReusableAfterARejectedLine() {
        parser.parse("garbage", 2026);
        assertEquals("x", parsed("time=2026-09-19T10:00:00.000Z level=INFO msg=x").message());
    }

    /**
     * One parser reads every line of a worker: what it read before must not change what it says
     * about the next line. The parser once kept the ATN state of its last parse, and error recovery
     * on a later rejected line then failed inside ANTLR with a ClassCastException (found by
     * RecordParserFuzzTest: its saved inputs in size order, as the fuzzer ran them, reproduce it).
     */
    @Test
    void aParserThatReadOtherLinesSaysWhatAFreshOneSays() throws java.io.IOException {
        List<java.nio.file.Path> inputs;
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("src/test/resources/dev/argoforensics/line/RecordParserFuzzTestInputs/parse"))) {
            inputs = new java.util.ArrayList<>(files.toList());
        }
        inputs.sort(java.util.Comparator.comparingLong((java.nio.file.Path p) -> p.toFile().length()).thenComparing(java.nio.file.Path::toString));
        RecordParser reused = new RecordParser();
        for (java.nio.file.Path p : inputs) {
            String line = RecordParserFuzzTest.oneLine(java.nio.file.Files.readAllBytes(p));
            assertEquals(new RecordParser().parse(line, 2000).toString(), reused.parse(line, 2000).toString(), p.toString());
        }
    }

    /** A JSON record without its own time is read at the collector's time only where the caller gives one; its own time always wins. */
    @Test
    void aJsonRecordWithoutTimeTakesTheCollectorsTimeOnlyWhenGiven() {
        String line = "{\"level\":\"info\",\"msg\":\"delete pod event\",\"pod\":\"wf-1-step-12\"}";
        dev.argoforensics.time.Timestamp collector = dev.argoforensics.time.Timestamp.parseRfc3339("2026-11-20T09:07:10.301Z",
                TimePrecision.NANOSECOND, false);
        RecordParser p = new RecordParser();
        assertInstanceOf(LineParse.Rejected.class, p.parse(line, 2026));
        LogRecord r = ((LineParse.Parsed) p.parse(line, 2026, false, collector)).record();
        assertEquals(RecordFormat.LOGRUS_JSON, r.format());
        assertEquals(collector, r.time());
        assertEquals("", r.rawTime(), "no time was printed in the record");
        assertEquals("wf-1-step-12", r.value("pod").orElseThrow());
        String timed = line.replace("{\"level\"", "{\"time\":\"2026-11-20T09:07:10.300Z\",\"level\"");
        assertEquals("2026-11-20T09:07:10.300Z", ((LineParse.Parsed) p.parse(timed, 2026, false, collector)).record().rawTime());
        assertInstanceOf(LineParse.Rejected.class, p.parse("{\"msg\":\"delete pod event\"}", 2026, false, collector), "no level: no record");
    }
}
