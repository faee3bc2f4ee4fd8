package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Docker json-file lines pasted each only up to the end of its record, the {@code \n}, stream and time left off and the opening
 * brace too (the shape of argoproj/argo-workflows#11354's controller lines; a reference, these lines are this test's own). Before
 * session 33 a line without its brace was unparsed, and with it every line was read as cut short, its last value (the
 * Workflow's name) dropped: no finding could name the Workflow.
 */
class JsonFileEndsTest {
    private static final List<String> RECORDS = List.of(
            "time=\"2025-04-09T11:20:01.114Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88120 namespace=etl"
                    + " workflow=nightly-load-q7d2m",
            "time=\"2025-04-09T11:20:01.116Z\" level=info msg=\"Task-result reconciliation\" namespace=etl numObjs=1"
                    + " workflow=nightly-load-q7d2m",
            "time=\"2025-04-09T11:20:01.117Z\" level=info msg=\"Workflow pod is missing\" namespace=etl"
                    + " nodeName=\"nightly-load-q7d2m[0].extract\" nodePhase=Running recentlyStarted=false workflow=nightly-load-q7d2m",
            "time=\"2025-04-09T11:20:01.117Z\" level=info msg=\"node nightly-load-q7d2m-3104983417 message: pod deleted\" namespace=etl"
                    + " workflow=nightly-load-q7d2m",
            "time=\"2025-04-09T11:20:01.125Z\" level=info msg=\"Workflow update successful\" namespace=etl phase=Running"
                    + " resourceVersion=88131 workflow=nightly-load-q7d2m");

    /** A record as json-file's {@code log} string holds it, its end left off: {@code "log":"time=\"…\" …}. */
    private static String member(String record) {
        return "\"log\":\"" + record.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static List<String> members() {
        return RECORDS.stream().map(JsonFileEndsTest::member).toList();
    }

    @Test
    void linesEachStoppingWhereTheirRecordEndsAreReadWhole() {
        assertTrue(JsonFileEnds.leftOff(members()));
        assertTrue(JsonFileEnds.leftOff(members().stream().map(l -> "{" + l).toList()), "with the opening brace kept too");
        EnvelopeDecoder decoder = new EnvelopeDecoder().logEndsLeftOff(true);
        UnwrappedLine u = decoder.decode(members().get(2), 3);
        assertEquals(EnvelopeKind.DOCKER_JSON_LOG_ONLY, u.envelope());
        assertFalse(u.cut());
        assertEquals(RECORDS.get(2), u.record());
        LogRecord r = ((LineParse.Parsed) new RecordParser().parse(u.record(), 2025, u.cut())).record();
        assertEquals("nightly-load-q7d2m", r.value("workflow").orElseThrow(), "the last value, the Workflow's name, kept");
    }

    @Test
    void oneSuchLineAloneIsReadAsCutShort() {
        // Nothing tells one line that stops where its record ends from one cut there: its last value is not trusted.
        assertFalse(JsonFileEnds.leftOff(members().subList(0, 2)));
        UnwrappedLine u = new EnvelopeDecoder().decode(members().get(0), 1);
        assertNotNull(u.record(), "without its brace it is still a json-file line (it was unparsed before session 33)");
        assertEquals(EnvelopeKind.DOCKER_JSON, u.envelope());
        assertTrue(u.cut());
        LogRecord r = ((LineParse.Parsed) new RecordParser().parse(u.record(), 2025, u.cut())).record();
        assertTrue(r.value("workflow").isEmpty(), "the value a cut may have shortened is dropped");
    }

    @Test
    void aLineThatLostOnlyItsBraceKeepsItsStreamAndTime() {
        String line = member(RECORDS.get(0)) + "\\n\",\"stream\":\"stderr\",\"time\":\"2025-04-09T11:20:01.11452114Z\"}";
        UnwrappedLine u = new EnvelopeDecoder().decode(line, 1);
        assertEquals(EnvelopeKind.DOCKER_JSON, u.envelope());
        assertFalse(u.cut());
        assertEquals(RECORDS.get(0), u.record());
        assertEquals("2025-04-09T11:20:01.114521140Z", u.envelopeTime().instant().toString());
        List<String> mixed = new ArrayList<>(members());
        mixed.add(line);
        assertFalse(JsonFileEnds.leftOff(mixed), "a line with its end shows the others lost theirs otherwise: a cut");
    }

    @Test
    void linesCutAtOneWidthAreNoToolsWork() {
        // a terminal or console column cut the same lines at 150 characters: the longest length shared, every line cut
        List<String> cut = members().stream().map(l -> l.length() > 150 ? l.substring(0, 150) : l).toList();
        assertTrue(cut.stream().filter(l -> l.length() == 150).count() >= 2);
        assertFalse(JsonFileEnds.leftOff(cut));
        // equal lengths among many: a third or more at one length is a width's mark too
        List<String> same = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            same.add(member(RECORDS.get(i % 2)).substring(0, 100));
        }
        assertFalse(JsonFileEnds.leftOff(same));
    }

    @Test
    void aLineLeftInsideAQuotedValueOrOnAnEllipsisIsCut() {
        List<String> open = new ArrayList<>(members());
        open.add(member("time=\"2025-04-09T11:20:02.001Z\" level=info msg=\"Processing wor"));
        assertFalse(JsonFileEnds.leftOff(open), "a quote left open: cut inside the message");
        List<String> ellipsis = new ArrayList<>(members());
        ellipsis.add(member("time=\"2025-04-09T11:20:02.001Z\" level=info msg=\"Processing workflow\" Phase=Running namespace=etl …"));
        assertFalse(JsonFileEnds.leftOff(ellipsis), "a viewer's ellipsis says it left something out");
        List<String> json = new ArrayList<>(members());
        json.add(member("{\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"etl\""));
        assertFalse(JsonFileEnds.leftOff(json), "a JSON record without its closing brace");
    }
}
