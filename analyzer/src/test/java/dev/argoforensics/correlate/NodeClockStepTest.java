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

    @Test
    void withinAMinuteOfItsRecordABoundHoldsAtItsValue() {
        long drift = 40_000L * DRIFT_PER_MILLION_FOR_TEST;
        assertEquals(-85 * SECOND + drift, clock(upper(-85)).near(NEAR).upperNanos());
        assertEquals(87 * SECOND - drift, clock(lower(87)).near(NEAR).lowerNanos());
    }

    private static final long DRIFT_PER_MILLION_FOR_TEST = NodeClock.DRIFT_PER_MILLION;
    private static final long PAUSE = NodeClock.PAUSE_NANOS;
}
