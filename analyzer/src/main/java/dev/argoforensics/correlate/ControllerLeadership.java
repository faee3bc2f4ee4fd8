package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each controller run's own leader-election lines say about it at a given moment (its instance
 * ID: {@link RunScopes#instanceIdOver}, which follows ConfigMap reloads; session 60). Leader-election and start lines are always kept, whatever else
 * is read selectively, so this is the same on every reading.
 *
 * <p>Semantics (reference: lifecycle-and-failures.md B4): with {@code LEADER_ELECTION_DISABLE=true}
 * a run logs {@code Leader election is turned off} and {@code starting leading id=single-instance}
 * and works from then on; with election, workers start on {@code starting leading} (client-go:
 * {@code successfully acquired lease}) and stop with {@code stopped leading} (client-go: a failed
 * renewal), after which the process exits. {@code new leader} is logged by every replica, naming the
 * holder; {@code healthz: current pod is not the leader} only by one that does not hold the lease.
 */
public final class ControllerLeadership {
    private static final String SINGLE_INSTANCE = "single-instance";

    /** Per stream, its election and start lines in input order. */
    private final Map<Integer, List<LogEvent>> byStream = new HashMap<>();

    public ControllerLeadership(Correlation correlation) {
        for (LogEvent e : correlation.events()) {
            if (e.event() instanceof LeaderElection || e.event() instanceof ControllerStarted) {
                byStream.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            }
        }
    }

    /** What a run's lines say of it at a moment. */
    public enum Role {
        /** It had acquired the lease, and logged neither losing it nor another holder since. */
        LEADING("leading: it had acquired the lease"),
        /** Leader election was turned off: it works unconditionally. */
        SINGLE_INSTANCE("leader election turned off: single-instance mode"),
        /** It had led, then logged losing the lease (or another holder); a loss of the lease says it had led even where its acquisition is not in the input. */
        STOPPED("no longer leading: it had logged losing the lease"),
        /** It logged waiting for the lease or another holder, and never that it led. */
        STANDBY("standby: it had logged waiting for the lease or another holder"),
        /** No leader-election line of this run before that moment: the log starts after them, or lacks them. */
        UNKNOWN("not stated: no leader-election line of this run before then");

        private final String description;

        Role(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }

        /** True if the run's own lines state that it ran workers (it led, or election was off), now or before. */
        public boolean stated() {
            return this == LEADING || this == SINGLE_INSTANCE || this == STOPPED;
        }
    }

    /**
     * The run's role at time {@code t}, and the election line that set it (null for {@link Role#UNKNOWN}).
     */
    public record State(Role role, LogEvent line) {
    }

    /** The role of the run (stream) at {@code t}, from its election lines at or before {@code t}. */
    public State at(int stream, Timestamp t) {
        List<LogEvent> lines = byStream.getOrDefault(stream, List.of());
        List<State> after = states(stream);
        State s = new State(Role.UNKNOWN, null);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).time().instant().isAfter(t.instant())) {
                break;
            }
            s = after.get(i);
        }
        return s;
    }

    /**
     * The first of the run's election lines after the one that set {@code s} (in the run's order) that does more than restate it:
     * any but a {@code new leader} line that leaves what its lines say of it as it was (a leader naming itself). A loss of the
     * Lease, another holder, a second acquisition, an attempt to acquire, or an election line at all after election was turned off
     * (a later start of the process its start banner did not separate): null if none, or if {@code s} was set by no line. With
     * {@link #at}, the span over which one role held without a doubt: from its line to this one, else to the run's last line.
     */
    public LogEvent until(int stream, State s) {
        if (s.line() == null) {
            return null;
        }
        List<LogEvent> lines = byStream.getOrDefault(stream, List.of());
        List<State> after = states(stream);
        boolean seen = false;
        for (int i = 0; i < lines.size(); i++) {
            LogEvent e = lines.get(i);
            if (!seen) {
                seen = e == s.line();
            } else if (e.event() instanceof LeaderElection le && (!after.get(i).equals(s) || le.change() != LeaderChange.NEW_LEADER
                    || s.role() == Role.SINGLE_INSTANCE)) {
                return e;
            }
        }
        return null;
    }

    /** Per stream, what its lines say of it after each of its election and start lines (in input order), computed once. */
    private final Map<Integer, List<State>> states = new HashMap<>();

    private List<State> states(int stream) {
        return states.computeIfAbsent(stream, k -> {
            List<State> out = new ArrayList<>();
            Role role = Role.UNKNOWN;
            LogEvent setBy = null;
            boolean disabled = false;
            String own = null;
            for (LogEvent e : byStream.getOrDefault(stream, List.of())) {
                if (e.event() instanceof LeaderElection le && !(disabled && !disabling(le))) {
                    LeaderChange change = le.change();
                    if (disabling(le)) {
                        disabled = true;
                        role = Role.SINGLE_INSTANCE;
                        setBy = e;
                    } else if (change == LeaderChange.STARTED_LEADING) {
                        role = Role.LEADING;
                        setBy = e;
                        own = le.identity() != null ? le.identity() : own;
                    } else if (change == LeaderChange.STOPPED_LEADING) {
                        // Only a holder loses the Lease: a run not stated to lead (its acquisition not in the input) had led too.
                        if (role == Role.LEADING || role == Role.UNKNOWN || role == Role.STANDBY) {
                            role = Role.STOPPED;
                            setBy = e;
                        }
                    } else if (change == LeaderChange.NEW_LEADER) {
                        boolean other = le.identity() == null || (own != null && !own.equals(le.identity()));
                        if (role == Role.LEADING && other && le.identity() != null) {
                            role = Role.STOPPED;
                            setBy = e;
                        } else if (role == Role.UNKNOWN || role == Role.STANDBY) {
                            role = Role.STANDBY;
                            setBy = e;
                        }
                    } else if (change == LeaderChange.ACQUIRING && (role == Role.UNKNOWN || role == Role.STANDBY)) {
                        role = Role.STANDBY;
                        setBy = e;
                    }
                }
                out.add(new State(role, setBy));
            }
            return out;
        });
    }

    private static boolean disabling(LeaderElection le) {
        return le.change() == LeaderChange.DISABLED || (le.change() == LeaderChange.STARTED_LEADING && SINGLE_INSTANCE.equals(le.identity()));
    }

    /** The identity another replica was named by in the run's {@code new leader} lines, the last one; null if none. */
    public String leaderNamed(int stream) {
        String named = null;
        for (LogEvent e : byStream.getOrDefault(stream, List.of())) {
            if (e.event() instanceof LeaderElection le && le.change() == LeaderChange.NEW_LEADER && le.identity() != null) {
                named = le.identity();
            }
        }
        return named;
    }
}
