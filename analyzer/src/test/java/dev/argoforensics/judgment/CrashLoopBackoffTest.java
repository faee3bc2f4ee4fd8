package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 57: the kubelet's crash-loop back-off as the generator applies it to a controller's container
 * ({@link Controller#crashLoopBackoff}; kuberuntime_manager.go {@code doBackOff} on client-go's {@code flowcontrol.Backoff}).
 */
class CrashLoopBackoffTest {
    private static final long T0 = Go.epochNanos("2026-10-05T08:00:00Z");
    private static final long LATENCY = 3 * Go.SECOND;

    /** The waits of a container that dies {@code runFor} after each restart, {@code n} times. */
    private static List<Long> waits(int n, long runFor) {
        List<Long> waits = new ArrayList<>();
        long[] entry = null;
        long exit = T0;
        for (int i = 0; i < n; i++) {
            long[] b = Controller.crashLoopBackoff(entry, exit, LATENCY);
            waits.add(b[0] / Go.SECOND);
            assertEquals(exit + b[0] + LATENCY, b[1], "the restart: the exit, the wait, the restart's own time");
            entry = new long[] {b[1], b[2]};
            exit = b[1] + runFor;
        }
        return waits;
    }

    /** The first exit restarts at once; each later one within 10 minutes waits 10 s, doubling, never past 5 minutes. */
    @Test
    void aCrashLoopWaitsTenSecondsDoublingToFiveMinutes() {
        assertEquals(List.of(0L, 10L, 20L, 40L, 80L, 160L, 300L, 300L, 300L), waits(9, 30 * Go.SECOND));
    }

    /** A container that ran more than twice the longest back-off (10 min) since its last restart starts afresh: at once, then 10 s. */
    @Test
    void tenQuietMinutesResetTheBackoff() {
        assertEquals(List.of(0L, 0L, 0L), waits(3, 10 * Go.MINUTE + Go.SECOND));
        assertEquals(List.of(0L, 10L, 20L), waits(3, 10 * Go.MINUTE));
        // Deep in the loop (5 min), a long run resets it too.
        long[] deep = {T0, Controller.BACKOFF_MAX};
        long[] b = Controller.crashLoopBackoff(deep, T0 + 11 * Go.MINUTE, LATENCY);
        assertEquals(0, b[0]);
        assertEquals(Controller.BACKOFF_INITIAL, b[2]);
        b = Controller.crashLoopBackoff(deep, T0 + 9 * Go.MINUTE, LATENCY);
        assertEquals(Controller.BACKOFF_MAX, b[0]);
        assertEquals(Controller.BACKOFF_MAX, b[2]);
    }
}
