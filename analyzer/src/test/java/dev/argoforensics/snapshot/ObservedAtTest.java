package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The one reading of a time stated for an export (session 31 review): the object's own times and the controller's write of it
 * order it (shown); a time its file or the command line states is a user's clock, which orders it only past
 * {@link ObservedAt#STATED_CLOCK_NANOS}, and then as likely (stated); within that, nothing.
 */
class ObservedAtTest {
    private static Timestamp t(String s) {
        return Timestamp.parseRfc3339(s, null, false);
    }

    private static Instant i(String s) {
        return Instant.parse(s);
    }

    private static ObservedAt stated(String at, String latestInside) {
        return ObservedAt.of(ObservedAt.stated(t(at), ObservationBasis.TAKEN_AT_COMMENT), latestInside == null ? null : t(latestInside));
    }

    @Test
    void aStatedTimeOrdersOnlyPastAUsersClocksErrorAndThenAsStated() {
        ObservedAt o = stated("2026-09-19T16:31:00Z", "2026-09-19T16:20:00Z");
        assertTrue(o.statedTime());
        assertEquals(ObservedAt.Order.OPEN, o.after(i("2026-09-19T16:30:01Z")), "59 s before the stated time");
        assertEquals(ObservedAt.Order.STATED, o.after(i("2026-09-19T16:29:59Z")), "61 s before it");
        assertEquals(ObservedAt.Order.SHOWN, o.after(i("2026-09-19T16:19:00Z")), "before a time the object holds");
        assertEquals(ObservedAt.Order.OPEN, o.before(i("2026-09-19T16:31:59Z")));
        assertEquals(ObservedAt.Order.STATED, o.before(i("2026-09-19T16:32:02Z")), "past the stated second's end and 60 s");
        assertEquals("2026-09-19T16:30:00Z", o.earliest().at().format());
        assertTrue(o.earliest().stated());
        assertEquals("2026-09-19T16:32:00Z", o.latest().at().format());
        assertTrue(o.latest().stated());
    }

    /**
     * Session 36 review: a stated time that names no zone is the local time of a place anywhere from -12:00 to +14:00, read as UTC;
     * two hours after a moment it orders nothing (a +02:00 local time read as UTC is two hours ahead), past 14 h and a minute it is
     * stated, and its bounds widen alike. One with its zone is a user's clock, as before.
     */
    @Test
    void aStatedTimeWithoutAZoneIsOffByTheWorldsOffsets() {
        ObservedAt o = stated("2026-09-19T18:30:00", "2026-09-19T02:00:00Z");
        assertTrue(o.statedTime());
        assertEquals(ObservedAt.Order.OPEN, o.after(i("2026-09-19T16:31:00Z")), "two hours before the time read as UTC");
        assertEquals(ObservedAt.Order.OPEN, o.before(i("2026-09-19T20:31:00Z")), "two hours after it");
        assertEquals(ObservedAt.Order.STATED, o.after(i("2026-09-19T04:28:59Z")), "14 h, a minute and a second before it");
        assertEquals("2026-09-19T04:29:00Z", o.earliest().at().format());
        assertEquals("2026-09-20T08:31:00Z", o.latest().at().format());
        ObservedAt zoned = stated("2026-09-19T18:30:00+02:00", "2026-09-19T16:20:00Z");
        assertEquals(ObservedAt.Order.STATED, zoned.after(i("2026-09-19T16:28:00Z")));
        assertEquals(ObservedAt.Order.OPEN, zoned.after(i("2026-09-19T16:31:00Z")));
    }

    @Test
    void theObjectsOwnTimeBoundsItFromBelowWhereItIsTighter() {
        ObservedAt o = stated("2026-09-19T16:31:00Z", "2026-09-19T16:30:40Z");
        assertEquals("2026-09-19T16:30:40Z", o.earliest().at().format());
        assertFalse(o.earliest().stated());
        assertEquals(ObservedAt.Order.SHOWN, o.after(i("2026-09-19T16:30:30Z")));
    }

    @Test
    void aContradictedStatedTimeOrNoneGivesOnlyTheObjectsLowerBound() {
        ObservedAt contradicted = stated("2026-09-19T16:31:00Z", "2026-09-19T16:40:00Z");
        assertFalse(contradicted.statedTime());
        assertEquals(ObservedAt.Order.OPEN, contradicted.after(i("2026-09-19T16:45:00Z")), "its stated time cannot be right: not even stated");
        assertEquals(ObservedAt.Order.SHOWN, contradicted.after(i("2026-09-19T16:39:00Z")), "the time the object holds");
        assertNull(contradicted.latest());
        ObservedAt inside = ObservedAt.of(null, t("2026-09-19T16:20:00Z"));
        assertFalse(inside.statedTime());
        assertEquals(ObservedAt.Order.OPEN, inside.before(i("2026-09-19T18:00:00Z")), "an object's times bound its taking from below only");
        assertNull(inside.latest());
        assertEquals("2026-09-19T16:20:00Z", inside.earliest().at().format());
    }

    @Test
    void aWriteOfItsResourceVersionBoundsItOnTheControllersClock() {
        SourceRef line = new SourceRef("c.log", 7);
        ObservedAt own = stated("2026-09-19T16:31:00Z", null);
        ObservedAt w = ObservedAt.written(t("2026-09-19T16:30:50Z"), "4711", line, t("2026-09-19T16:33:00Z"), own);
        assertTrue(w.statedTime(), "its stated time lies between the two writes, and is kept");
        assertEquals("2026-09-19T16:30:50Z", w.earliest().at().format(), "the write, tighter than the stated time less 60 s");
        assertFalse(w.earliest().stated());
        assertEquals("2026-09-19T16:32:00Z", w.latest().at().format(), "the stated time plus 60 s, tighter than the next write");
        assertTrue(w.latest().stated());
        assertEquals(ObservedAt.Order.SHOWN, w.before(i("2026-09-19T16:33:02Z")), "before the controller's next write");
        ObservedAt atWrite = ObservedAt.written(t("2026-09-19T16:30:50Z"), "4711", line, null, null);
        assertFalse(atWrite.statedTime());
        assertEquals(ObservedAt.Order.SHOWN, atWrite.after(i("2026-09-19T16:30:49Z")));
        assertNull(atWrite.latest());
    }

    /** Session 32: the bounds the rules measure from, and the order against a source's time (a time of day orders nothing). */
    @Test
    void theBoundsARuleMeasuresFromAndTheOrderAgainstASourcesTime() {
        ObservedAt o = stated("2026-09-19T16:31:00Z", "2026-09-19T16:20:00Z");
        assertEquals("2026-09-19T16:30:00Z", o.takenNoEarlierThan().at().format());
        assertTrue(o.takenNoEarlierThan().stated());
        assertEquals("2026-09-19T16:32:00Z", o.takenNoLaterThan().at().format());
        assertTrue(o.takenNoLaterThan().stated());
        assertEquals(ObservedAt.Order.OPEN, o.after(t("2026-09-19T16:30:30.000Z")), "30 s before the stated time");
        assertEquals(ObservedAt.Order.STATED, o.after(t("2026-09-19T16:29:30.000Z")));
        assertEquals(ObservedAt.Order.SHOWN, o.after(t("2026-09-19T16:19:59Z")));
        assertEquals(ObservedAt.Order.OPEN, o.after(Timestamp.timeOfDay(16, 0, 0, 0, dev.argoforensics.time.TimePrecision.SECOND, 0)),
                "a time of day without a date orders nothing");
        ObservedAt inside = ObservedAt.of(null, t("2026-09-19T16:20:00Z"));
        assertEquals("2026-09-19T16:20:00Z", inside.takenNoEarlierThan().at().format());
        assertFalse(inside.takenNoEarlierThan().stated());
        assertEquals("2026-09-19T16:20:00Z", inside.takenNoLaterThan().at().format(), "its time, as read before");
        assertFalse(inside.takenNoLaterThan().stated());
    }
}
