package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.OwnElectionIdentity;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How far two controller runs' clocks may disagree, from a Lease hand-over between them: derived once from the runs' own
 * leader-election lines, each duration read on one run's clock.
 *
 * <p>client-go's election (the controller's {@code leaderelection.RunOrDie}, {@code ReleaseOnCancel: false}, lease, renew
 * deadline and retry period 15 s, 10 s, 5 s unless {@code LEADER_ELECTION_LEASE_DURATION}, {@code …_RENEW_DEADLINE},
 * {@code …_RETRY_PERIOD} say otherwise): a standby takes the Lease only once its own clock has seen the holder's record unchanged
 * for the lease duration, counted from when <em>it</em> read the record (its {@code observedTime}), never from times written by
 * the other replica. The holder's last successful renewal R is therefore at least the lease duration before the acquisition T.
 * The holder stops ({@code stopped leading}) at most the retry period plus the renew deadline after R (the renewal loop waits the
 * retry period, then retries until the renew deadline), or at once when its process is told to stop; a holder that dies without
 * the line logged its last line before it died, while it still renewed. So in real time every line the holder wrote while it
 * held the Lease, its {@code stopped leading} included, comes no later than {@code T − (lease − renew deadline − retry period)}:
 * with the defaults, before the acquisition ({@link #MIN_LAG_NANOS}, less a second for the API calls). A third replica that held
 * the Lease between the two only adds its own lease duration. Hence the new holder's clock is ahead of the old one's by at most
 * {@code acquired − released − MIN_LAG} (both lines read on their own clocks): {@link HandOver#aheadAtMostNanos}.
 *
 * <p>The other way is weaker. A standby polls every retry period stretched by client-go's jitter (up to 2.2 times, 11 s), so if it
 * was already waiting when the holder last renewed it saw that renewal within 11 s and acquired within another lease duration and
 * 11 s: T at most {@link #MAX_LAG_NANOS} (37 s, plus a second) after the holder's stop. That holds only when the standby's own
 * lines show it waiting longer than the lease duration and one poll before it acquired (it was there before the holder's last
 * renewal) and the holder logged {@code stopped leading} (a holder that died may have done so long after its last line), and
 * no other replica held the Lease between them: {@link HandOver#aheadAtLeastNanos}.
 *
 * <p>What the lines cannot show: election settings changed by flags or environment (a longer renew deadline or retry period
 * lowers the first bound), and a holder frozen past its renew deadline that logged {@code stopped leading} late. The bounds
 * assume the defaults; a rule that uses them says so.
 */
public final class HandOvers {
    public static final long LEASE_DURATION_NANOS = 15_000_000_000L;
    public static final long RENEW_DEADLINE_NANOS = 10_000_000_000L;
    public static final long RETRY_PERIOD_NANOS = 5_000_000_000L;
    /** client-go's JitterFactor: a standby's next poll comes up to (1 + 1.2) retry periods after the last. */
    static final long POLL_MAX_NANOS = 11_000_000_000L;
    /** Room for the API calls of a renewal and an acquisition (the record is written before the call returns). */
    static final long CALLS_NANOS = 1_000_000_000L;
    /** The least real time from the old holder's stop (or last line while leading) to the new holder's acquisition. */
    public static final long MIN_LAG_NANOS = LEASE_DURATION_NANOS - RENEW_DEADLINE_NANOS - RETRY_PERIOD_NANOS - CALLS_NANOS;
    /** The most, for a standby that waited through the holder's last renewal and a holder that logged its stop. */
    public static final long MAX_LAG_NANOS = LEASE_DURATION_NANOS + 2 * POLL_MAX_NANOS + CALLS_NANOS;
    /** How long a standby must have waited, on its own clock, to have been polling before the holder's last renewal. */
    static final long WAITED_NANOS = LEASE_DURATION_NANOS + POLL_MAX_NANOS + CALLS_NANOS;

    public static final HandOvers NONE = new HandOvers(List.of());

    /**
     * One hand-over: run {@code to} acquired the Lease from run {@code from}.
     *
     * @param from     the run that held it
     * @param to       the run that acquired it
     * @param released the holder's {@code stopped leading}, null when it logged none (it died)
     * @param releasedAt when the holder released by its clock: its {@code stopped leading}, else its run's last line (read whole,
     *                 {@link ControllerProcess#last()}: the same whatever group of lines a correlation holds)
     * @param acquired the new holder's acquisition ({@code successfully acquired lease} or {@code starting leading})
     * @param named    the new holder's {@code new leader} line naming the old one before it acquired
     * @param stopped  {@code released} is a {@code stopped leading} line
     * @param waited   the new holder's own lines show it waiting for the Lease longer than {@link #WAITED_NANOS} before it acquired
     */
    public record HandOver(int from, int to, LogEvent released, Timestamp releasedAt, LogEvent acquired, LogEvent named, boolean waited) {
        /** The holder logged {@code stopped leading}. */
        public boolean stopped() {
            return released != null;
        }

        /** The acquisition minus the release, each on its run's clock. */
        public long readNanos() {
            return releasedAt.nanosUntil(acquired.time());
        }

        /** How far {@code to}'s clock may at most be ahead of {@code from}'s. */
        public long aheadAtMostNanos() {
            return readNanos() - MIN_LAG_NANOS;
        }

        /**
         * Whether the Lease may have been renewed under the old holder's identity after {@code t} (read on the new holder's clock):
         * the new holder waited through the old one's last renewal ({@link #waited}) and acquired more than {@link #MAX_LAG_NANOS}
         * after {@code t}. Such a standby acquires at most that long after the last renewal, so a later acquisition means the
         * identity renewed after {@code t} (the holder ran on past its last given line: its log collector stopped, or its container restarted under the same identity, which no
         * {@code new leader} line shows), or the standby could not see the Lease (the API server unreachable, the standby frozen).
         * The lines do not say which (session 48 breaker). Assumes the default election settings.
         */
        public boolean mayHaveHeldPast(Timestamp t) {
            return waited && t.nanosUntil(acquired.time()) > MAX_LAG_NANOS;
        }

        /** How far {@code to}'s clock is at least ahead of {@code from}'s (negative: behind), {@link Long#MIN_VALUE} if unbounded. */
        public long aheadAtLeastNanos() {
            return stopped() && waited ? readNanos() - MAX_LAG_NANOS : Long.MIN_VALUE;
        }
    }

    /**
     * The disagreement of two runs' clocks along a chain of hand-overs, later run minus earlier run.
     *
     * @param chain        the hand-overs from the earlier run to the later, in order
     * @param aheadAtMost  how far the later run's clock may at most be ahead of the earlier's
     * @param aheadAtLeast how far it is at least ahead (negative: behind), {@link Long#MIN_VALUE} if unbounded
     */
    public record Tie(List<HandOver> chain, long aheadAtMost, long aheadAtLeast) {
        public Tie {
            chain = List.copyOf(chain);
        }
    }

    /**
     * A run's own stand-by (session 49): its election lines wait for the Lease ({@code attempting to acquire}, {@code new leader}
     * naming another) and it either never takes it in its lines or takes it only after naming another holder. {@code main.go} runs
     * the controller (its informers, its Workflow and pod-cleanup workers) only from {@code OnStartedLeading}, so up to
     * {@code acquired} (to its last line where null) the run did no work: it removed no finalizer, whatever its lines' times.
     * Never a run that logged Workflow work or lost the Lease without taking it in its lines (it led before they begin), nor one
     * whose acquisition follows its start without another holder named (a fresh process reading its own or an expired record).
     *
     * @param run        the run
     * @param first      its first waiting line
     * @param named      the last {@code new leader} line naming another holder before {@code acquired} (through its lines where
     *                   null), null if none: what held the Lease while it waited is then not named
     * @param acquired   its first acquisition, null if its lines show none
     * @param holderSeen the holder {@code named} names is an identity a run of the input gives itself, or its replica's name (the
     *                   install's manifests set {@code LEADER_ELECTION_IDENTITY} to the Pod's name): its log is given; a holder named
     *                   by no run of the input, or none named, is a controller whose log is not in the input, or none
     */
    public record Wait(int run, LogEvent first, LogEvent named, LogEvent acquired, boolean holderSeen) {
        /** The holder it named last, or null. */
        public String holder() {
            return named == null ? null : ((LeaderElection) named.event()).identity();
        }
    }

    /**
     * What one run's election lines say of the Lease it ran under (session 57), for {@link ConcurrentRuns}: whether another run could
     * have held the same Lease before or after it.
     *
     * @param own    the identities the run gives itself ({@link OwnElectionIdentity})
     * @param named  the holders its {@code new leader} lines name other than itself: a replica it saw hold its Lease
     * @param leases the Leases ({@code namespace/name}) its attempt and acquisition lines name; empty where they name none
     * @param single leader election was off ({@code Leader election is turned off}, {@code starting leading id=single-instance})
     */
    public record Election(Set<String> own, Set<String> named, Set<String> leases, boolean single) {
        public Election {
            own = Set.copyOf(own);
            named = Set.copyOf(named);
            leases = Set.copyOf(leases);
        }
    }

    private final List<HandOver> all;
    private final Map<Integer, List<HandOver>> byFrom = new HashMap<>();
    private final Map<Integer, Wait> waits;
    private final Map<Integer, Election> elections;

    HandOvers(List<HandOver> all) {
        this(all, Map.of());
    }

    HandOvers(List<HandOver> all, Map<Integer, Wait> waits) {
        this(all, waits, Map.of());
    }

    HandOvers(List<HandOver> all, Map<Integer, Wait> waits, Map<Integer, Election> elections) {
        this.all = List.copyOf(all);
        this.waits = Map.copyOf(waits);
        this.elections = Map.copyOf(elections);
        for (HandOver h : this.all) {
            byFrom.computeIfAbsent(h.from(), k -> new ArrayList<>()).add(h);
        }
    }

    /** What the run's election lines say ({@link Election}); empty where it logged none. */
    public Optional<Election> election(int run) {
        return Optional.ofNullable(elections.get(run));
    }

    /** The run's own stand-by ({@link Wait}), if its lines show one. */
    public Optional<Wait> waitOf(int run) {
        return Optional.ofNullable(waits.get(run));
    }

    public List<HandOver> all() {
        return all;
    }

    /**
     * The hand-over by which run {@code run} took the Lease, if its lines show it: its first acquisition, after its own lines stood
     * by naming the holder (a {@code new leader} line), that holder one run of the input. Argo's {@code main.go} runs the controller
     * (its informers and workers) only from {@code OnStartedLeading}, and a run that loses the Lease exits, so such a run did no work
     * before this acquisition. Empty otherwise (its acquisition not in the input, or the holder it named not one run of the input).
     */
    public Optional<HandOver> into(int run) {
        for (HandOver h : all) {
            if (h.to() == run) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    /**
     * The tie from run {@code earlier} to run {@code later} along hand-overs (each run handing the Lease to the next), the
     * shortest chain, empty if none leads there. A run never ties to itself here (its lines share one clock).
     */
    public Optional<Tie> tie(int earlier, int later) {
        if (earlier == later) {
            return Optional.empty();
        }
        Map<Integer, HandOver> via = new LinkedHashMap<>();
        List<Integer> queue = new ArrayList<>(List.of(earlier));
        Set<Integer> seen = new HashSet<>(queue);
        for (int i = 0; i < queue.size(); i++) {
            for (HandOver h : byFrom.getOrDefault(queue.get(i), List.of())) {
                if (seen.add(h.to())) {
                    via.put(h.to(), h);
                    queue.add(h.to());
                }
            }
        }
        if (!via.containsKey(later)) {
            return Optional.empty();
        }
        List<HandOver> chain = new ArrayList<>();
        for (int at = later; at != earlier; at = via.get(at).from()) {
            chain.add(0, via.get(at));
        }
        long most = 0;
        long least = 0;
        for (HandOver h : chain) {
            most += h.aheadAtMostNanos();
            least = least == Long.MIN_VALUE || h.aheadAtLeastNanos() == Long.MIN_VALUE ? Long.MIN_VALUE : least + h.aheadAtLeastNanos();
        }
        return Optional.of(new Tie(chain, most, least));
    }

    /**
     * How far run {@code y}'s clock is ahead of run {@code x}'s (negative: behind), as the hand-overs tie them either way: a chain
     * from {@code x} to {@code y} bounds it from above (and from below where each step's {@link HandOver#aheadAtLeastNanos} does),
     * a chain from {@code y} to {@code x} the other way round. Empty if no hand-over ties the two runs.
     *
     * @param atLeast  the least ({@link Long#MIN_VALUE}: unbounded)
     * @param atMost   the most ({@link Long#MAX_VALUE}: unbounded)
     * @param forward  the chain from {@code x} to {@code y}, or null
     * @param backward the chain from {@code y} to {@code x}, or null
     */
    public record Skew(long atLeast, long atMost, Tie forward, Tie backward) {
        /** Whether the hand-overs bound how far y's clock may be behind x's. */
        public boolean boundedBelow() {
            return atLeast != Long.MIN_VALUE;
        }

        /** Whether they bound how far y's clock may be ahead of x's. */
        public boolean boundedAbove() {
            return atMost != Long.MAX_VALUE;
        }
    }

    /** The skew of run {@code y}'s clock against run {@code x}'s along the hand-overs (see {@link Skew}); empty if none ties them. */
    public Optional<Skew> skew(int x, int y) {
        Tie forward = tie(x, y).orElse(null);
        Tie backward = tie(y, x).orElse(null);
        if (forward == null && backward == null) {
            return Optional.empty();
        }
        long least = Long.MIN_VALUE;
        long most = Long.MAX_VALUE;
        if (forward != null) {
            most = forward.aheadAtMost();
            least = forward.aheadAtLeast();
        }
        if (backward != null) {
            // x's clock is at most backward.aheadAtMost ahead of y's: y's at least its negation ahead of x's; and the other way.
            least = Math.max(least, -backward.aheadAtMost());
            if (backward.aheadAtLeast() != Long.MIN_VALUE) {
                most = Math.min(most, -backward.aheadAtLeast());
            }
        }
        return Optional.of(new Skew(least, most, forward, backward));
    }

    /** The hand-overs the runs' election lines show (see the class comment); the correlation's events in input order. */
    public static HandOvers of(Correlation correlation) {
        return of(correlation.events(), correlation.processes());
    }

    static HandOvers of(List<LogEvent> events, List<ControllerProcess> processes) {
        // Only election lines: context every group of a correlation holds (GroupBindings), so the fact is the same in each.
        Map<Integer, List<LogEvent>> election = new java.util.TreeMap<>();
        for (LogEvent e : events) {
            if (e.event() instanceof LeaderElection) {
                election.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            }
        }
        // Per run: the identities it gives itself, whether it led (not single-instance), its first acquisition, its stop.
        Map<Integer, Set<String>> own = new HashMap<>();
        Map<Integer, LogEvent> acquired = new HashMap<>();
        Map<Integer, LogEvent> stopped = new HashMap<>();
        Set<Integer> single = new HashSet<>();
        Map<Integer, Set<String>> leases = new HashMap<>();
        for (Map.Entry<Integer, List<LogEvent>> run : election.entrySet()) {
            int stream = run.getKey();
            Set<String> ids = new HashSet<>();
            Set<String> locks = new HashSet<>();
            OwnElectionIdentity self = new OwnElectionIdentity();
            for (LogEvent e : run.getValue()) {
                LeaderElection le = (LeaderElection) e.event();
                LeaderChange c = le.change();
                if (le.lease() != null && !le.lease().isEmpty()) {
                    locks.add(le.lease());
                }
                // client-go reports the new holder, itself, with its acquisition (before or after the acquired line)
                String named = self.accept(le, e.time());
                if (named != null) {
                    ids.add(named);
                }
                if (c == LeaderChange.DISABLED || (c == LeaderChange.STARTED_LEADING && "single-instance".equals(le.identity()))) {
                    single.add(stream);
                } else if (c == LeaderChange.STARTED_LEADING) {
                    acquired.putIfAbsent(stream, e);
                } else if (c == LeaderChange.STOPPED_LEADING && le.identity() != null && !single.contains(stream)) {
                    // Only a holder logs it: the run led, whether or not its acquisition is in the input (an excerpt starting later).
                    stopped.putIfAbsent(stream, e);
                }
            }
            own.put(stream, ids);
            leases.put(stream, locks);
        }
        List<HandOver> out = new ArrayList<>();
        for (Map.Entry<Integer, LogEvent> a : acquired.entrySet()) {
            int to = a.getKey();
            LogEvent acq = a.getValue();
            if (single.contains(to)) {
                continue;
            }
            LogEvent named = null;
            LogEvent firstWait = null;
            for (LogEvent e : election.get(to)) {
                if (e.ordinal() >= acq.ordinal()) {
                    break;
                }
                LeaderElection le = (LeaderElection) e.event();
                if (le.change() == LeaderChange.ACQUIRING || le.change() == LeaderChange.NEW_LEADER) {
                    firstWait = firstWait == null ? e : firstWait;
                }
                if (le.change() == LeaderChange.NEW_LEADER && le.identity() != null && !own.get(to).contains(le.identity())) {
                    named = e;
                }
            }
            if (named == null) {
                continue; // the run never named the holder it waited for: nothing ties it to another run
            }
            String holder = ((LeaderElection) named.event()).identity();
            List<Integer> holders = new ArrayList<>();
            for (Map.Entry<Integer, Set<String>> r : own.entrySet()) {
                if (r.getKey() != to && r.getValue().contains(holder) && (acquired.containsKey(r.getKey()) || stopped.containsKey(r.getKey()))
                        && !single.contains(r.getKey())) {
                    holders.add(r.getKey());
                }
            }
            if (holders.size() != 1) {
                continue; // no run of that replica in the inputs, or several (a restarted container): which one held it is not known
            }
            int from = holders.get(0);
            LogEvent stop = stopped.get(from);
            Timestamp releasedAt = stop != null ? stop.time() : from < processes.size() ? processes.get(from).last() : null;
            if (releasedAt == null) {
                continue;
            }
            boolean waited = firstWait != null && firstWait.time().nanosUntil(acq.time()) > WAITED_NANOS;
            out.add(new HandOver(from, to, stop, releasedAt, acq, named, waited));
        }
        out.sort((x, y) -> x.to() != y.to() ? Integer.compare(x.to(), y.to()) : Integer.compare(x.from(), y.from()));
        Map<Integer, Election> elections = new HashMap<>();
        for (Map.Entry<Integer, List<LogEvent>> run : election.entrySet()) {
            int stream = run.getKey();
            Set<String> named = new HashSet<>();
            for (LogEvent e : run.getValue()) {
                LeaderElection le = (LeaderElection) e.event();
                if (le.change() == LeaderChange.NEW_LEADER && le.identity() != null && !own.get(stream).contains(le.identity())) {
                    named.add(le.identity());
                }
            }
            elections.put(stream, new Election(own.get(stream), named, leases.get(stream), single.contains(stream)));
        }
        return new HandOvers(out, waits(election, own, acquired, stopped, single, processes), elections);
    }

    /** The runs' stand-bys ({@link Wait}), from their election lines and the identities the runs give themselves. */
    private static Map<Integer, Wait> waits(Map<Integer, List<LogEvent>> election, Map<Integer, Set<String>> own, Map<Integer, LogEvent> acquired,
                                            Map<Integer, LogEvent> stopped, Set<Integer> single, List<ControllerProcess> processes) {
        Map<Integer, Wait> out = new HashMap<>();
        for (Map.Entry<Integer, List<LogEvent>> run : election.entrySet()) {
            int stream = run.getKey();
            LogEvent acq = acquired.get(stream);
            ControllerProcess p = stream < processes.size() ? processes.get(stream) : null;
            if (single.contains(stream) || p == null || p.id() != stream) {
                continue;
            }
            if (acq == null && (stopped.containsKey(stream) || p.work().processed() > 0
                    || p.leadership() != ControllerProcess.Leadership.STANDBY)) {
                continue; // it led before its lines begin, or its lines do not say it only stood by
            }
            LogEvent first = null;
            LogEvent named = null;
            for (LogEvent e : run.getValue()) {
                if (acq != null && e.ordinal() >= acq.ordinal()) {
                    break;
                }
                LeaderElection le = (LeaderElection) e.event();
                if (le.change() == LeaderChange.ACQUIRING || le.change() == LeaderChange.NEW_LEADER) {
                    first = first == null ? e : first;
                }
                if (le.change() == LeaderChange.NEW_LEADER && le.identity() != null && !own.get(stream).contains(le.identity())) {
                    named = e;
                }
            }
            if (first == null || (acq != null && named == null)) {
                continue; // no wait of its own, or it took the Lease without another holder named (a fresh start)
            }
            boolean seen = false;
            if (named != null) {
                String holder = ((LeaderElection) named.event()).identity();
                for (Map.Entry<Integer, Set<String>> r : own.entrySet()) {
                    seen |= r.getKey() != stream && r.getValue().contains(holder);
                }
                for (ControllerProcess q : processes) {
                    seen |= q.id() != stream && holder.equals(q.replica()); // a Pod's name, its identity by default (the manifests)
                }
            }
            out.put(stream, new Wait(stream, first, named, acq, seen));
        }
        return out;
    }
}
