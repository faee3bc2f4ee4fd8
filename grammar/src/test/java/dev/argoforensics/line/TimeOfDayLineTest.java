package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.ZoneBasis;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Controller lines as issues quote them: a time of day only, the message, elisions and pairs. */
class TimeOfDayLineTest {

    @Test
    void readsTheMessageUpToTheFirstElisionOrPair() {
        LogRecord r = TimeOfDayLine.read("08:12:40.517 queuing pod delay ... delay=-2m3.004411907s action=removeFinalizer");
        assertEquals(RecordFormat.TIME_OF_DAY, r.format());
        assertEquals("queuing pod delay", r.message());
        assertEquals("-2m3.004411907s", r.value("delay").orElseThrow());
        assertEquals("removeFinalizer", r.value("action").orElseThrow());
        assertEquals("08:12:40.517", r.rawTime());
        assertEquals(ZoneBasis.TIME_OF_DAY, r.time().zone());
        assertEquals(TimePrecision.MILLISECOND, r.time().precision());
        assertEquals("08:12:40.517", r.time().format());
        assertNull(r.level());
    }

    @Test
    void elisionsMayStandAnywhereAfterTheMessageAndAMessageMayStandAlone() {
        LogRecord r = TimeOfDayLine.read("08:12:40.100 Current Worker Numbers … workflowWorkers=0 ... podCleanup=4 ...");
        assertEquals("Current Worker Numbers", r.message());
        assertEquals(List.of("workflowWorkers", "podCleanup"), r.fields().stream().map(Field::key).toList());
        assertEquals("delete pod event", TimeOfDayLine.read("08:12:40.622 delete pod event").message());
        assertEquals("cleaning up pod", TimeOfDayLine.read("08:12:40.600 cleaning up pod ...").message());
    }

    @Test
    void bracketedTimesLevelWordsAndQuotedValues() {
        LogRecord r = TimeOfDayLine.read("[08:12:40] WARN queueing pod for cleanup now, rather than delayed ... after=0s podGC=\"{OnPodSuccess <nil> 5s}\"");
        assertEquals("queueing pod for cleanup now, rather than delayed", r.message());
        assertEquals(Level.WARN, r.level());
        assertEquals(TimePrecision.SECOND, r.time().precision());
        assertEquals("{OnPodSuccess <nil> 5s}", r.value("podGC").orElseThrow());
        assertEquals(ValueStyle.QUOTED, r.field("podGC").orElseThrow().style());
        assertEquals(Level.INFO, TimeOfDayLine.read("08:12:40.517 info delete pod event").level());
    }

    @Test
    void keepsThePrecisionOfTheDigits() {
        assertEquals(TimePrecision.NANOSECOND, TimeOfDayLine.read("08:12:40.517004411 delete pod event").time().precision());
        assertEquals(TimePrecision.MICROSECOND, TimeOfDayLine.read("08:12:40.517004 delete pod event").time().precision());
        assertEquals("08:12:40.517004", TimeOfDayLine.read("08:12:40.517004 delete pod event").time().format());
    }

    @Test
    void rejectsWhatIsNotTheShape() {
        for (String line : List.of(
                "08:12 we restarted the controller",                      // no seconds
                "08:12:40.517",                                           // no message
                "08:12:40.517 INFO",                                      // a level, no message
                "08:12:40.517 WAR",                                       // the start of a level, cut
                "08:12:40.517 ... delay=0s",                              // no message before the elision
                "08:12:40.517 delay=0s action=removeFinalizer",           // pairs only
                "08:12:40.517 queuing pod delay delay=0s and then more",  // a word after the pairs: prose
                "08:12:40.517 said \"hello\" to the controller",          // a quoted word in the message
                "08:12:40.517 cleaning up pod key=\"unclosed",            // a quote left open
                "25:12:40.517 delete pod event",                          // no such hour
                "08:61:40 delete pod event",                              // no such minute
                "08:12:40.5170044119 delete pod event",                   // ten fraction digits
                "08:12:40.delete pod event",                              // a dot without digits
                "08:12:40\tdelete pod event",                             // no space after the time
                "[08:12:40 delete pod event",                             // a bracket left open
                "    startedAt: '2026-11-26T09:40:37Z'",                  // YAML
                "2026-11-26T09:40:37Z delete pod event",                  // a date: not this shape
                "- 08:12:40 the Pod was deleted")) {                      // a list item
            assertNull(TimeOfDayLine.read(line), line);
        }
    }

    @Test
    void aLogrusLineWithItsDateCutOffKeepsItsZAndItsMsgKey() {
        // Session 58, upstream #13937's shape: logrus text lines quoted from the clock on, the date and the level cut off, the
        // literal Z left after the clock and the message still under msg= (own names, times and values).
        LogRecord r = TimeOfDayLine.read("07:44:19.208Z msg=\"Processing workflow\" Phase=Running ResourceVersion=88120 namespace=etl workflow=nightly-q2x7p");
        assertEquals(RecordFormat.TIME_OF_DAY, r.format());
        assertEquals("Processing workflow", r.message());
        assertEquals("07:44:19.208", r.rawTime(), "the clock as quoted, the Z no zone it states (logrus prints local time with it)");
        assertEquals(ZoneBasis.TIME_OF_DAY, r.time().zone());
        assertEquals("etl", r.value("namespace").orElseThrow());
        assertEquals("nightly-q2x7p", r.value("workflow").orElseThrow());
        assertNull(r.level());
        // a bare msg value, a level key kept before it, the Z without msg=, and the Z in brackets
        assertEquals("reconcileAgentPod", TimeOfDayLine.read("07:44:19.209Z msg=reconcileAgentPod namespace=etl workflow=nightly-q2x7p").message());
        LogRecord leveled = TimeOfDayLine.read("07:44:19.210Z level=warning msg=\"Deadline exceeded\" namespace=etl workflow=nightly-q2x7p");
        assertEquals("Deadline exceeded", leveled.message());
        assertEquals(Level.WARN, leveled.level());
        assertEquals("delete pod event", TimeOfDayLine.read("07:44:19.211Z delete pod event").message());
        assertEquals("delete pod event", TimeOfDayLine.read("[07:44:19Z] delete pod event").message());
    }

    @Test
    void theMsgKeyFormRejectsWhatIsNotItsShape() {
        for (String line : List.of(
                "07:44:19.208Z msg=",                                                  // no message
                "07:44:19.208Z msg=\"Processing workflow namespace=etl",               // a quote left open
                "07:44:19.208Z msg=\"Processing workflow\" namespace=etl and more",    // a word after the pairs
                "07:44:19.208Z level=info",                                            // a level key alone
                "07:44:19.208Z level=loud msg=\"Processing workflow\"",                // no level logrus prints
                "07:44:19.208ZZ msg=\"Processing workflow\"",                          // two zones
                "07:44:19.208X msg=\"Processing workflow\"")) {                        // another letter after the clock
            assertNull(TimeOfDayLine.read(line), line);
        }
    }

    @Test
    void theParserReadsTheShapeOnlyWhereTheGrammarRejectsAndTheQuickReadLeavesItToTheParser() {
        String line = "08:12:40.517 queuing pod delay ... delay=-2m3.004411907s action=removeFinalizer";
        LineParse p = new RecordParser().parse(line, 2000);
        assertEquals(RecordFormat.TIME_OF_DAY, assertInstanceOf(LineParse.Parsed.class, p).record().format());
        assertNull(QuickScan.head(line, 2000), "the quick read never answers for a quoted time of day");
        // A record of a known format keeps its format, even when its message could be read after a time.
        LineParse slog = new RecordParser().parse("time=2026-09-19T10:01:30.100Z level=INFO msg=\"delete pod event\" pod=p", 2000);
        assertEquals(RecordFormat.SLOG_TEXT, assertInstanceOf(LineParse.Parsed.class, slog).record().format());
        // Known cut (an envelope cut inside the record): no quoted-excerpt reading of what is left.
        assertTrue(new RecordParser().parse(line, 2000, true) instanceof LineParse.Rejected);
    }
}
