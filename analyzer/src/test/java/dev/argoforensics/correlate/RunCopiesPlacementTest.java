package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Session 62 (s62-once): a record's key ({@link RunCopies#key}) reconciles the s61 helper's and breaker's. It is what the record says
 * (its statement and parsed values: one pass's logrus text and its JSON rebuilt by a log store share it) at the time its file states,
 * so that it is the same as read (the fleet projects each file alone) and as placed (the stitch gives a klog line that no record of
 * its file dates the year of the whole input, {@code UndatedKlog}, after the fleet's projection): a klog line states month, day and
 * time, no year, and its key holds no year. A dated record's key holds its instant: a year apart is another record.
 */
class RunCopiesPlacementTest {
    private static final ControllerEvent PASS = new ControllerEvent.WorkflowProcessing(new WorkflowRef("argo", "wf-a"), "Running", "4711");

    private static LogEvent event(Instant at, TimePrecision precision, ZoneBasis zone, RecordFormat format, String text) {
        return new LogEvent(new SourceRef("c.log", 3), 3, new Timestamp(at, precision, zone), null, EnvelopeKind.NONE, format, Level.INFO,
                "processing-workflow", PASS, text, 0, 2);
    }

    @Test
    void aKlogRecordsKeyIsTheSameWithThePlaceholderYearAndTheYearTheStitchGives() {
        // as read: the reader's placeholder year (2000), as UndatedKlog dates it once every file is read: 2026
        LogEvent asRead = event(Instant.parse("2000-10-08T14:00:01.000123Z"), TimePrecision.MICROSECOND, ZoneBasis.ASSUMED_UTC, RecordFormat.KLOG,
                "I1008 14:00:01.000123       1 operator.go:123] Processing workflow");
        LogEvent placed = asRead.withTime(new Timestamp(Instant.parse("2026-10-08T14:00:01.000123Z"), TimePrecision.MICROSECOND, ZoneBasis.ASSUMED_UTC));
        assertEquals(RunCopies.key(asRead), RunCopies.key(placed));
        // another second, or another millisecond, of the same day: another record
        LogEvent later = asRead.withTime(new Timestamp(Instant.parse("2026-10-08T14:00:02.000123Z"), TimePrecision.MICROSECOND, ZoneBasis.ASSUMED_UTC));
        LogEvent apart = asRead.withTime(new Timestamp(Instant.parse("2026-10-08T14:00:01.001123Z"), TimePrecision.MICROSECOND, ZoneBasis.ASSUMED_UTC));
        assertNotEquals(RunCopies.key(placed), RunCopies.key(later));
        assertNotEquals(RunCopies.key(placed), RunCopies.key(apart));
        // session 62 breaker: the same millisecond kept at milliseconds by a log store is the same record (was: 1 us apart another)
        LogEvent cut = asRead.withTime(new Timestamp(Instant.parse("2026-10-08T14:00:01.000Z"), TimePrecision.MILLISECOND, ZoneBasis.ASSUMED_UTC));
        assertEquals(RunCopies.key(placed), RunCopies.key(cut));
        // the second within the year orders a klog run's records
        assertEquals(RunCopies.second(RunCopies.key(placed)) + 1, RunCopies.second(RunCopies.key(later)));
    }

    @Test
    void aDatedRecordsKeyIsWhatItSaysAtItsInstant() {
        Instant at = Instant.parse("2026-10-08T14:00:01.123Z");
        LogEvent text = event(at, TimePrecision.MILLISECOND, ZoneBasis.LITERAL_Z, RecordFormat.LOGRUS_TEXT,
                "time=\"2026-10-08T14:00:01.123Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=4711 namespace=argo workflow=wf-a");
        LogEvent json = event(at, TimePrecision.MILLISECOND, ZoneBasis.STATED, RecordFormat.LOGRUS_JSON,
                "{\"Phase\":\"Running\",\"ResourceVersion\":\"4711\",\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"argo\","
                        + "\"time\":\"2026-10-08T14:00:01.123Z\",\"workflow\":\"wf-a\"}");
        assertEquals(RunCopies.key(text), RunCopies.key(json), "one record in two renderings");
        assertEquals(at.getEpochSecond(), RunCopies.second(RunCopies.key(text)));
        // a year apart is another record: only a klog line's year is the stitch's to give
        LogEvent yearLater = text.withTime(new Timestamp(Instant.parse("2027-10-08T14:00:01.123Z"), TimePrecision.MILLISECOND, ZoneBasis.LITERAL_Z));
        assertNotEquals(RunCopies.key(text), RunCopies.key(yearLater));
        // another Workflow's pass at the same instant: another record
        LogEvent other = new LogEvent(new SourceRef("c.log", 4), 4, text.time(), null, EnvelopeKind.NONE, RecordFormat.LOGRUS_TEXT, Level.INFO,
                "processing-workflow", new ControllerEvent.WorkflowProcessing(new WorkflowRef("argo", "wf-b"), "Running", "4711"), "x", 0, 3);
        assertNotEquals(RunCopies.key(text), RunCopies.key(other));
    }
}
