package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 57 breaker: how a bound on a node's clock reads at a node time further than {@link NodeClock#STEP_FREE_NANOS} from its
 * record, a time daemon possibly having come back in between (a correction brings the clock to the API server's, never past it).
 * The record at 16:28:00 on the node's clock; the times read 16:40:00 (after it) and 16:16:00 (before it), 12 minutes away (drift
 * 500 ppm of 720 s: 0.36 s).
 */
class NodeClockStepTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long DRIFT = 360_000_000L;
    private static final Instant RECORD = Instant.parse("2026-09-19T16:28:00Z");
    private static final Timestamp AFTER = Timestamp.parseRfc3339("2026-09-19T16:40:00Z", TimePrecision.SECOND, true);
    private static final Timestamp BEFORE = Timestamp.parseRfc3339("2026-09-19T16:16:00Z", TimePrecision.SECOND, true);
    private static final Timestamp NEAR = Timestamp.parseRfc3339("2026-09-19T16:28:40Z", TimePrecision.SECOND, true);

    private static NodeClock clock(NodeClock.Bound b) {
        return new NodeClock("n", b.lower() ? b.nanos() : null, b.lower() ? b.why() : null, b.lower() ? null : b.nanos(),
                b.lower() ? null : b.why(), List.of(b));
    }

    private static NodeClock.Bound lower(long seconds) {
        return new NodeClock.Bound(true, seconds * SECOND, RECORD, "lower");
    }

    private static NodeClock.Bound upper(long seconds) {
        return new NodeClock.Bound(false, seconds * SECOND, RECORD, "upper");
    }

    @Test
    void afterItsRecordABoundShowingTheClockOffHoldsOnlyAsFarAsInStep() {
        // Behind at least 85 s at 16:28: corrected since perhaps, so at 16:40 no more than in step (and the drift) ahead.
        NodeClock behind = clock(upper(-85)).near(AFTER);
        assertEquals(DRIFT, behind.upperNanos(), behind.describe());
        assertTrue(behind.describe().contains("1m25s behind then, 12m0s before, and a time daemon coming back since"), behind.describe());
        // Ahead at least 87 s at 16:28: at 16:40 at least in step, less the drift and a pause since (session 58 breaker: a VM
        // paused no longer than the node-monitor grace period is behind by the pause, nothing showing it).
        assertEquals(-DRIFT - PAUSE, clock(lower(87)).near(AFTER).lowerNanos());
        // Bounds showing the clock near hold (a correction only tightens them), a lower one less a pause since.
        assertEquals(5 * SECOND + DRIFT, clock(upper(5)).near(AFTER).upperNanos());
        assertEquals(-2 * SECOND - DRIFT - PAUSE, clock(lower(-2)).near(AFTER).lowerNanos());
        assertTrue(clock(lower(-2)).near(AFTER).describe().contains("a VM paused in between"), clock(lower(-2)).near(AFTER).describe());
    }

    @Test
    void beforeItsRecordABoundShowingTheClockOffHoldsAndOneShowingItNearBoundsNothing() {
        // Off at 16:28: it was off at 16:16 too (a correction in between would have left it in step at 16:28), behind by less a
        // pause in between; behind by no more than a pause makes, it may have been in step (or anything) before.
        assertEquals(-85 * SECOND + DRIFT + PAUSE, clock(upper(-85)).near(BEFORE).upperNanos());
        assertNull(clock(upper(-45)).near(BEFORE).upperNanos());
        assertEquals(87 * SECOND - DRIFT, clock(lower(87)).near(BEFORE).lowerNanos());
        // In step at 16:28: corrected in between perhaps, from anything.
        assertNull(clock(upper(5)).near(BEFORE).upperNanos());
        assertNull(clock(lower(-2)).near(BEFORE).lowerNanos());
    }

    /**
     * Session 58 (s58-clocks): within a minute of its record a bound showing the clock off is loosened by a slew's rate
     * ({@link NodeClock#MAX_SLEW_PER_MILLION}) of the time between, on the side a correction toward the API server's clock moves it;
     * one showing it near holds at its value. 40 s from the record: 3.33 s.
     */
    @Test
    void withinAMinuteOfItsRecordABoundShowingTheClockOffIsLoosenedByASlew() {
        long drift = 40_000L * DRIFT_PER_MILLION_FOR_TEST;
        long slew = 40_000L * NodeClock.MAX_SLEW_PER_MILLION;
        // After the record: behind or ahead then, nearer now.
        NodeClock behind = clock(upper(-85)).near(NEAR);
        assertEquals(-85 * SECOND + drift + slew, behind.upperNanos(), behind.describe());
        assertTrue(behind.describe().contains("1m25s behind there, 40s away, within which a time daemon slewing the clock"), behind.describe());
        assertEquals(87 * SECOND - drift - slew, clock(lower(87)).near(NEAR).lowerNanos());
        // Not past in step: 2 s behind then, no more than the drift ahead now.
        assertEquals(drift, clock(upper(-2)).near(NEAR).upperNanos());
        assertEquals(-drift, clock(lower(1)).near(NEAR).lowerNanos());
        // Near then: a correction only brings it nearer.
        assertEquals(5 * SECOND + drift, clock(upper(5)).near(NEAR).upperNanos());
        assertEquals(-2 * SECOND - drift, clock(lower(-2)).near(NEAR).lowerNanos());
        // Before the record: off then, further off before only if it was near (or ahead, further ahead).
        assertEquals(-85 * SECOND + drift, clock(upper(-85)).near(NEAR_BEFORE).upperNanos());
        assertEquals(87 * SECOND - drift, clock(lower(87)).near(NEAR_BEFORE).lowerNanos());
        assertEquals(5 * SECOND + drift + slew, clock(upper(5)).near(NEAR_BEFORE).upperNanos());
        assertEquals(-2 * SECOND - drift - slew, clock(lower(-2)).near(NEAR_BEFORE).lowerNanos());
    }

    /**
     * Session 58: the order a slew's loosening takes away. Main started at 16:28:00 on a node then at least 100 s behind (the
     * start's bound); the node's time daemon slews it toward the API server's at chrony's 83 ms/s, so main's end, stamped 16:28:55
     * on it, came 95.4 s later in the API server's time (16:30:30.4), before a deletion stamped 16:30:32 there. Read at the start's
     * offset the end came after 16:30:34.97, after the deletion: the order given as one clock's was wrong. Loosened, no order;
     * a deletion at 16:30:20 is still ordered before the end (the negative control).
     */
    @Test
    void aSlewingClockTakesTheOrderAStaleBoundWouldGive() {
        NodeClock behind = clock(upper(-100));
        Timestamp end = Timestamp.parseRfc3339("2026-09-19T16:28:55Z", TimePrecision.SECOND, true);
        Timestamp deletedAfterTheEnd = Timestamp.parseRfc3339("2026-09-19T16:30:32Z", TimePrecision.SECOND, true);
        Timestamp deletedBeforeIt = Timestamp.parseRfc3339("2026-09-19T16:30:20Z", TimePrecision.SECOND, true);
        assertEquals(NodeClock.NodeOrder.NONE, behind.otherBefore(deletedAfterTheEnd, end, 0), behind.near(end).describe());
        assertEquals(NodeClock.NodeOrder.BOUNDED, behind.otherBefore(deletedBeforeIt, end, 0), behind.near(end).describe());
    }

    /** Negative control: at its record's own time a bound reads at its value, whatever it shows. */
    @Test
    void atItsRecordABoundHoldsAtItsValue() {
        Timestamp at = Timestamp.parseRfc3339("2026-09-19T16:28:00Z", TimePrecision.SECOND, true);
        assertEquals(-85 * SECOND, clock(upper(-85)).near(at).upperNanos());
        assertEquals(87 * SECOND, clock(lower(87)).near(at).lowerNanos());
    }

    /**
     * Session 59 (s59-away): a clock stepped away from the API server's (a time daemon following a wrong server) after a bound's
     * record moves by any amount, and nothing marks it. The start's bound (no more than 5 s ahead at 16:28:00) read at 16:40:00, 12
     * minutes on, orders a deletion at 16:39:50 before main's end stamped 16:40:00 only on no such step in between: FAR (at most
     * likely), not BOUNDED. A second bound whose record is within the minute of the end (an Event at 16:39:30, the node no more than 3 s
     * ahead there) agreeing makes it BOUNDED; one that does not give the order leaves it FAR; and an order none gives stays NONE.
     */
    @Test
    void anOrderOnlyABoundReadFarFromItsRecordGivesIsFar() {
        Timestamp end = Timestamp.parseRfc3339("2026-09-19T16:40:00Z", TimePrecision.SECOND, true);
        Timestamp deleted = Timestamp.parseRfc3339("2026-09-19T16:39:50Z", TimePrecision.SECOND, true);
        NodeClock start = clock(upper(5));
        assertEquals(NodeClock.NodeOrder.FAR, start.otherBefore(deleted, end, 0), start.near(end).describe());
        assertTrue(NodeClock.NodeOrder.FAR.capped() && NodeClock.NodeOrder.MARGIN.capped() && !NodeClock.NodeOrder.BOUNDED.capped());
        Instant nearEnd = Instant.parse("2026-09-19T16:39:30Z");
        NodeClock agreeing = new NodeClock("n", null, null, 3 * SECOND, "near", List.of(upper(5), new NodeClock.Bound(false, 3 * SECOND, nearEnd, "near")));
        assertEquals(NodeClock.NodeOrder.BOUNDED, agreeing.otherBefore(deleted, end, 0), agreeing.near(end).describe());
        NodeClock loose = new NodeClock("n", null, null, 5 * SECOND, "start", List.of(upper(5), new NodeClock.Bound(false, 9 * SECOND, nearEnd, "near")));
        assertEquals(NodeClock.NodeOrder.FAR, loose.otherBefore(deleted, end, 0), loose.near(end).describe());
        Timestamp deletedJustBefore = Timestamp.parseRfc3339("2026-09-19T16:39:57Z", TimePrecision.SECOND, true);
        assertEquals(NodeClock.NodeOrder.NONE, start.otherBefore(deletedJustBefore, end, 0), start.near(end).describe());
        // The mirror, from below: in step within 2 s at 16:28:00, main's end stamped 16:40:00 before a line at 16:41:10 (a pause since
        // loosens it by 50 s): far; with the same bound 30 s before the end, one clock's order.
        Timestamp line = Timestamp.parseRfc3339("2026-09-19T16:41:10Z", TimePrecision.SECOND, true);
        assertEquals(NodeClock.NodeOrder.FAR, clock(lower(-2)).nodeBefore(end, line, 0));
        NodeClock.Bound close = new NodeClock.Bound(true, -2 * SECOND, nearEnd, "near");
        assertEquals(NodeClock.NodeOrder.BOUNDED, new NodeClock("n", -2 * SECOND, "near", null, null, List.of(lower(-2), close)).nodeBefore(end, line, 0));
    }

    /**
     * Session 59: bounds that cross (the clock moved over the Pod's life: in step at its start, 40 s ahead at a Killing Event 35 s
     * before the time read) bound nothing together; those within the minute of the time read still hold there.
     */
    @Test
    void crossingBoundsLeaveThoseWithinTheMinute() {
        Timestamp end = Timestamp.parseRfc3339("2026-09-19T16:40:05Z", TimePrecision.SECOND, true);
        NodeClock.Bound killing = new NodeClock.Bound(true, 39 * SECOND, Instant.parse("2026-09-19T16:40:36Z"), "killing");
        NodeClock moved = new NodeClock("n", null, null, null, null, List.of(upper(5), killing));
        assertEquals(39 * SECOND - 31_000L * DRIFT_PER_MILLION_FOR_TEST, moved.near(end).lowerNanos(), moved.near(end).describe());
        assertNull(moved.near(end).upperNanos(), moved.near(end).describe());
        // At the start's own time the two cross (the Killing Event's bound read 12 minutes before its record holds, the clock ahead
        // then too, or a correction in between would have left it in step), and nothing within the minute of it is left but the start's.
        NodeClock atStart = moved.near(Timestamp.parseRfc3339("2026-09-19T16:28:00Z", TimePrecision.SECOND, true));
        assertEquals(5 * SECOND, atStart.upperNanos(), atStart.describe());
    }

    private static final Timestamp NEAR_BEFORE = Timestamp.parseRfc3339("2026-09-19T16:27:20Z", TimePrecision.SECOND, true);
    private static final long DRIFT_PER_MILLION_FOR_TEST = NodeClock.DRIFT_PER_MILLION;
    private static final long PAUSE = NodeClock.PAUSE_NANOS;
}
