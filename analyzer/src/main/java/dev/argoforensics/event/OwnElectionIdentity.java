package dev.argoforensics.event;

import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.time.Timestamp;

/**
 * The leader-election identity one controller run gives itself, read from its election lines in order.
 *
 * <p>With election on (v3.4.18 to v4.1.2 alike) a run logs no line with its own identity on taking the Lease: client-go's
 * {@code successfully acquired lease <ns>/<name>} names the Lease, not the holder. What names it is the {@code new leader
 * leader=<id>} line of Argo's {@code OnNewLeader}: client-go reports the observed holder after every try
 * ({@code maybeReportTransition}, in a goroutine of its own, so before or after the acquired line), and after the successful try
 * that holder is the run itself. So a {@code new leader} line next to the acquisition (no other election line between, within
 * {@link #NEAR_NANOS}) names the run; one naming the holder it waited for was logged after an earlier, failed try, at least one
 * retry period before (5 s by default), and is not taken. A {@code starting leading id=} or {@code stopped leading id=} line
 * names the run outright ({@code single-instance} names none).
 */
public final class OwnElectionIdentity {
    /**
     * How far the {@code new leader} line of the run's own acquisition may stand from the acquired line: both come from one try,
     * the former through a goroutine. A retry period (the least time between a failed try's report and the next try) is 5 s
     * unless {@code LEADER_ELECTION_RETRY_PERIOD} sets it shorter.
     */
    public static final long NEAR_NANOS = 1_000_000_000L;

    private String identity;
    /** The previous election line, if it is an acquisition without identity or a {@code new leader} line. */
    private LeaderElection previous;
    private Timestamp previousTime;

    /** Takes the run's next election line; returns the identity it gives the run (null if none). */
    public String accept(LeaderElection le, Timestamp time) {
        String named = null;
        LeaderChange c = le.change();
        if ((c == LeaderChange.STARTED_LEADING || c == LeaderChange.STOPPED_LEADING) && le.identity() != null) {
            named = "single-instance".equals(le.identity()) ? null : le.identity();
        } else if (c == LeaderChange.STARTED_LEADING && previous != null && previous.change() == LeaderChange.NEW_LEADER
                && near(previousTime, time)) {
            named = previous.identity();
        } else if (c == LeaderChange.NEW_LEADER && previous != null && previous.change() == LeaderChange.STARTED_LEADING
                && near(previousTime, time)) {
            named = le.identity();
        }
        boolean keep = (c == LeaderChange.NEW_LEADER && le.identity() != null) || (c == LeaderChange.STARTED_LEADING && le.identity() == null);
        previous = keep && named == null ? le : null;
        previousTime = keep && named == null ? time : null;
        if (named != null) {
            identity = named;
        }
        return named;
    }

    /** The last identity the run's lines gave it, or null. */
    public String identity() {
        return identity;
    }

    /**
     * Within {@link #NEAR_NANOS} by the time of day: a klog line at a file's head has no year of its own until a dated record
     * gives it one (it may be read with a guessed one), and the two lines of one try are seconds apart at most, never a day.
     */
    private static boolean near(Timestamp a, Timestamp b) {
        if (a == null || b == null) {
            return false;
        }
        long day = 86_400_000_000_000L;
        long ta = Math.floorMod(a.epochSecond(), 86_400L) * 1_000_000_000L + a.nano();
        long tb = Math.floorMod(b.epochSecond(), 86_400L) * 1_000_000_000L + b.nano();
        long d = Math.abs(ta - tb);
        return Math.min(d, day - d) <= NEAR_NANOS;
    }
}
