package dev.argoforensics.rules;

import dev.argoforensics.correlate.ControllerLeadership;
import dev.argoforensics.correlate.RunScopes;
import dev.argoforensics.correlate.ControllerLeadership.State;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.HandOvers;
import dev.argoforensics.correlate.VersionOrder;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * AF012: two workflow controllers worked at once on the same Workflows: leader election turned off
 * with more than one replica, or two installations with the same instance ID. Decided per pair of
 * controller runs (different replicas) on the Workflows whose updates met contention (a Conflict, a
 * re-applied update, a Pod that already existed): both runs wrote lines about such a Workflow over a
 * window longer than a leader hand-over allows. See docs/rules/AF012.md.
 *
 * <p>Only contended Workflows are examined: their lines are kept whatever the reading (the contention
 * lines are signatures of the rule), so the finding is the same on a selective reading as on a full one.
 */
public final class TwoActiveControllers extends DeclaredRule {
    public static final String ID = "AF012";
    /**
     * How long two runs may both write about one Workflow at a hand-over: the lease duration (15s by
     * default). The old holder stops within the renew deadline (10s) of its last renewal and the new one
     * acquires no earlier than the lease duration after it, so with sound clocks they do not overlap at
     * all; an old holder's reconcile in flight, a stalled process or skewed node clocks can make them
     * overlap by seconds, never by more than a lease.
     */
    static final long HANDOVER_TOLERANCE_NANOS = dev.argoforensics.correlate.PhaseHistory.HANDOVER_TOLERANCE_NANOS;
    /** Signals that show an update contended: a write refused as stale, re-applied, or a Pod already there. */
    static final Set<String> CONTENTION = Set.of("workflow-update-error", "update-reapplying", "update-reapply-failed", "pod-create-exists");

    public TwoActiveControllers() {
        super(ID, "Two workflow controllers active at once", Severity.HIGH);
    }

    /** Pairs of runs over every contended Workflow, and the standby runs: the group of {@link RuleBindings#CONTENTION}. */
    @Override
    public boolean clusterWide() {
        return true;
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of());
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        ControllerLeadership leadership = new ControllerLeadership(correlation);
        RunScopes scopes = RunScopes.of(correlation.events());
        HandOvers handOvers = HandOvers.of(correlation);
        Map<String, Pair> pairs = new TreeMap<>();
        dev.argoforensics.correlate.ConcurrentRuns atOnce = correlation.runsAtOnce();
        for (WorkflowHistory w : correlation.workflows().values()) {
            if (w.events().stream().noneMatch(TwoActiveControllers::contention)) {
                continue;
            }
            Map<Integer, List<LogEvent>> byStream = new TreeMap<>();
            w.events().forEach(e -> byStream.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e));
            List<Integer> streams = List.copyOf(byStream.keySet());
            for (int i = 0; i < streams.size(); i++) {
                for (int j = i + 1; j < streams.size(); j++) {
                    ControllerProcess x = correlation.processes().get(streams.get(i));
                    ControllerProcess y = correlation.processes().get(streams.get(j));
                    boolean swap = startsFirst(y, x); // the run that started first is A, whichever file was read first
                    ControllerProcess a = swap ? y : x;
                    ControllerProcess b = swap ? x : y;
                    if (a.replica().equals(b.replica())) {
                        continue; // one replica's runs follow each other: a restart
                    }
                    if (a.replicaFrom() == ControllerProcess.ReplicaSource.QUOTE || b.replicaFrom() == ControllerProcess.ReplicaSource.QUOTE) {
                        continue; // lines quoted from another comment: kept apart as pasted, which says nothing of two controllers at once
                    }
                    if (atOnce.apart(a.id(), b.id())) {
                        // Session 59: both held one Lease key at once, neither naming the other (ConcurrentRuns#apart): two clusters'
                        // controllers, each working its own cluster's Workflow of the name (a DR twin), not two on one Workflow.
                        continue;
                    }
                    pairs.computeIfAbsent(a.id() + "/" + b.id(), k -> new Pair(a, b, handOvers.skew(a.id(), b.id()).orElse(null)))
                            .add(w.ref(), byStream.get(a.id()), byStream.get(b.id()));
                }
            }
        }
        Map<String, Pair> quiet = quietPairs(correlation, pairs.keySet(), handOvers);
        List<Finding> out = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        for (Pair p : pairs.values()) {
            p.decide();
        }
        for (Pair p : quiet.values()) {
            p.decide();
            // Only what reads as two at once is said of such a pair: a copy, a rollout one after the other, a short Workflow
            // were never examined before (a pair with no contention) and are not named as cleared either.
            if (p.duplicate == null && !p.overlaps.isEmpty()) {
                pairs.put(p.a.id() + "/" + p.b.id(), p);
            }
        }
        for (Pair p : pairs.values()) {
            if (p.duplicate != null) {
                cleared.add(new Clearance(null, Message.of("AF012.cleared.readTwice", "a", p.a.label(), "b", p.b.label(), "lines", p.duplicate),
                        p.duplicateLine.source()));
            } else if (p.overlaps.isEmpty()) {
                Sequence s = p.sequential.stream().filter(q -> q.clockMost() == Long.MIN_VALUE).findFirst().orElse(p.sequential.get(0));
                cleared.add(new Clearance(null, s.clockMost() != Long.MIN_VALUE
                        ? Message.of(p.untied ? "AF012.cleared.clocksVersions" : "AF012.cleared.clocks", "a", p.a.label(), "b", p.b.label(),
                                "workflow", s.workflow.toString(), "read", GoDuration.format(s.overlapNanos()), "handOver", ties(p, correlation),
                                "onOneClock", s.clockMost() > 0 ? Message.of("AF012.cleared.clocksMost", "most", GoDuration.format(s.clockMost()),
                                        "tolerance", GoDuration.format(HANDOVER_TOLERANCE_NANOS))
                                        : Message.of("AF012.cleared.clocksApart", "gap", GoDuration.format(-s.clockMost())),
                                "tolerance", GoDuration.format(HANDOVER_TOLERANCE_NANOS))
                        : Message.of("AF012.cleared.oneAfterOther", "a", p.a.label(), "b", p.b.label(),
                        "workflow", s.workflow.toString(), "sequence", s.describe(), "verdict", s.overlapNanos > 0
                                ? Message.of("AF012.cleared.withinHandover", "tolerance", GoDuration.format(HANDOVER_TOLERANCE_NANOS))
                                : Message.of("AF012.cleared.handover")), s.firstOfLater.source()));
            } else {
                String[] ids = instanceIdsDiffer(scopes, p);
                if (ids != null) {
                    cleared.add(new Clearance(null, Message.of("AF012.cleared.instanceIds", "a", p.a.label(), "idA", ids[0], "b", p.b.label(), "idB", ids[1],
                            "workflow", p.overlaps.get(0).workflow.toString()), p.overlaps.get(0).fromA.get(0).source()));
                } else {
                    out.add(TwoActiveControllersFinding.of(correlation, leadership, p));
                }
            }
        }
        standbys(correlation, leadership, cleared);
        return new Evaluation(out, cleared);
    }

    /**
     * The two runs' instance IDs over each overlap, each at its own lines' moments ({@link RunScopes#instanceIdOver}: the first
     * statement, then what each ConfigMap reload stated; session 60, before: v4's start banner alone): {@code [idA, idB]} of the first
     * overlap where every overlap's pair is stated and differs (two installations, disjoint Workflows), else null. A reload that
     * changes one run's ID splits the scopes from it on; one that omits it leaves it open, and the pair is not cleared there.
     */
    static String[] instanceIdsDiffer(RunScopes scopes, Pair p) {
        String[] first = null;
        for (Overlap o : p.overlaps) {
            if (o.fromA().isEmpty() || o.fromB().isEmpty()) {
                return null;
            }
            String ia = scopes.instanceIdOver(p.a.id(), first(o.fromA()), last(o.fromA()));
            String ib = scopes.instanceIdOver(p.b.id(), first(o.fromB()), last(o.fromB()));
            if (ia == null || ib == null || ia.equals(ib)) {
                return null;
            }
            first = first == null ? new String[] {ia, ib} : first;
        }
        return first;
    }

    /**
     * Session 40: pairs of runs that each worked unconditionally (leader election turned off, or no election line though their
     * start is read) and both processed a Workflow none of whose updates met contention, from the {@code Processing workflow}
     * lines alone: the context every group holds (RuleBindings), so the pair is found in whichever group this rule runs. Pairs
     * already formed over contended Workflows are decided there.
     */
    static Map<String, Pair> quietPairs(Correlation correlation, Set<String> contendedPairs, HandOvers handOvers) {
        Set<WorkflowRef> contended = new HashSet<>();
        for (WorkflowHistory w : correlation.workflows().values()) {
            if (w.events().stream().anyMatch(TwoActiveControllers::contention)) {
                contended.add(w.ref());
            }
        }
        Set<Integer> started = new HashSet<>();
        // By the Workflow's printed name, in its order, the first reference of a name standing for it (as a map ordered by a
        // comparator of printed names keeps it); each reference printed once, not twice in every comparison of every look-up
        // (a String per comparison was a fifth of this rule's CPU on a corpus of thousands of Workflows, session 59).
        Map<WorkflowRef, String> printed = new HashMap<>();
        Map<String, Map.Entry<WorkflowRef, Map<Integer, List<LogEvent>>>> byWorkflow = new TreeMap<>();
        for (LogEvent e : correlation.events()) {
            if (e.event() instanceof ControllerStarted) {
                started.add(e.stream());
            } else if (e.event() instanceof WorkflowProcessing p && p.wf() != null && !contended.contains(p.wf())) {
                byWorkflow.computeIfAbsent(printed.computeIfAbsent(p.wf(), WorkflowRef::toString), k -> Map.entry(p.wf(), new TreeMap<>()))
                        .getValue().computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            }
        }
        Map<String, Pair> out = new TreeMap<>();
        for (Map.Entry<WorkflowRef, Map<Integer, List<LogEvent>>> w : byWorkflow.values()) {
            List<Integer> streams = List.copyOf(w.getValue().keySet());
            for (int i = 0; i < streams.size(); i++) {
                for (int j = i + 1; j < streams.size(); j++) {
                    ControllerProcess x = correlation.processes().get(streams.get(i));
                    ControllerProcess y = correlation.processes().get(streams.get(j));
                    boolean swap = startsFirst(y, x);
                    ControllerProcess a = swap ? y : x;
                    ControllerProcess b = swap ? x : y;
                    String key = a.id() + "/" + b.id();
                    if (a.replica().equals(b.replica()) || contendedPairs.contains(key) || !unconditional(a, started) || !unconditional(b, started)
                            || handOvers.skew(a.id(), b.id()).isPresent()) {
                        continue;
                    }
                    Pair p = out.computeIfAbsent(key, k -> new Pair(a, b, null));
                    p.quiet = true;
                    p.add(w.getKey(), w.getValue().get(a.id()), w.getValue().get(b.id()));
                }
            }
        }
        return out;
    }

    /**
     * It ran Workflow workers whatever other replicas did: its lines say leader election was turned off, or say nothing of an
     * election though its start was read (a run that never logged a Lease); not a quoted excerpt (as {@code SecondReleaser}).
     */
    private static boolean unconditional(ControllerProcess p, Set<Integer> started) {
        return p.replica() != null && p.replicaFrom() != ControllerProcess.ReplicaSource.QUOTE
                && (p.leadership() == Leadership.SINGLE_INSTANCE || (p.leadership() == Leadership.UNKNOWN && started.contains(p.id())));
    }

    /**
     * Session 50: the Workflows both runs wrote about at once for no longer than the tolerance, inside a span in which the pair is
     * shown to run at once, named with the pair's finding ({@code workflowsBothTouched}). Once two runs are found at once, the
     * tolerance (a Lease hand-over's edge) no longer explains a short overlap between them; the same short overlap at a real
     * hand-over between them, before or after, still reads as one. The span, per run and around an overlap {@code o} of the pair:
     * <ul>
     *   <li>its role the same over {@code o} by its own election lines, else none (a run that lost its Lease in the window);</li>
     *   <li>where that role is stated working (leading, or election off), {@code o} is beyond the tolerance on one clock and the
     *   pair's tie bounds the two clocks both ways: from the line that set the role to the next line that changes it (a loss of the
     *   Lease, another holder, a second acquisition), else to the run's last line. Both runs worked unconditionally over the whole
     *   of it, and a window of the Workflow's lines must lie in both on one clock whatever skew the tie allows;</li>
     *   <li>otherwise (its role not stated: an excerpt; or the clocks as read): from the first to the last moment both wrote
     *   about any Workflow of the pair beyond the tolerance, as written, cut at its own election lines.</li>
     * </ul>
     * Each Workflow's window must be an overlap on one clock (at least, where the tie bounds the clocks both ways): two runs
     * at once may still take one Workflow up one after the other.
     */
    static List<Sequence> shortOnesAtOnce(Pair p, ControllerLeadership leadership, Timestamp from, Timestamp to) {
        HandOvers.Skew tie = p.untied ? p.versionSkew : p.skew;
        boolean tied = tie != null && tie.boundedBelow() && tie.boundedAbove();
        List<long[][]> spans = new ArrayList<>(); // per overlap: a's and b's span as offsets from `from`, each on its own clock
        for (Overlap o : p.overlaps) {
            boolean established = tied && !o.clocksMayExplain();
            long[] sa = span(leadership, p.a, o, established, from, to);
            long[] sb = span(leadership, p.b, o, established, from, to);
            if (sa != null && sb != null) {
                spans.add(new long[][] {sa, sb});
            }
        }
        List<Sequence> out = new ArrayList<>();
        for (Sequence q : p.sequential) {
            if (q.overlapNanos() <= 0 || (tied && q.clockLeast() <= 0)) {
                continue;
            }
            boolean startByA = q.firstOfLater().stream() == p.a.id();
            boolean endByA = last(q.fromA()).compareTo(last(q.fromB())) <= 0;
            long ws = from.nanosUntil(q.start());
            long we = from.nanosUntil(q.end());
            long lo = tied ? tie.atLeast() : 0;
            long hi = tied ? tie.atMost() : 0;
            for (long[][] sp : spans) {
                // A line of the other run, on this run's clock: b's time less b's lead (a's span), a's time plus it (b's span).
                boolean inA = within(startByA ? ws : ws - hi, startByA ? ws : ws - lo, sp[0]) && within(endByA ? we : we - hi, endByA ? we : we - lo, sp[0]);
                boolean inB = within(startByA ? ws + lo : ws, startByA ? ws + hi : ws, sp[1]) && within(endByA ? we + lo : we, endByA ? we + hi : we, sp[1]);
                if (inA && inB) {
                    out.add(q);
                    break;
                }
            }
        }
        return out;
    }

    private static boolean within(long least, long most, long[] span) {
        return least >= span[0] && most <= span[1];
    }

    /** A run's span around an overlap, as offsets from {@code from} on its own clock (see {@link #shortOnesAtOnce}); null if none. */
    private static long[] span(ControllerLeadership leadership, ControllerProcess run, Overlap o, boolean established, Timestamp from, Timestamp to) {
        State s = leadership.at(run.id(), o.start());
        if (!s.equals(leadership.at(run.id(), o.end()))) {
            return null; // its own lines say its role changed while both wrote about the Workflow
        }
        LogEvent next = leadership.until(run.id(), s);
        long roleFrom = s.line() == null ? Long.MIN_VALUE : from.nanosUntil(s.line().time());
        long roleTo = next != null ? from.nanosUntil(next.time()) : Long.MAX_VALUE;
        boolean working = s.role() == ControllerLeadership.Role.LEADING || s.role() == ControllerLeadership.Role.SINGLE_INSTANCE;
        if (established && working) {
            return new long[] {roleFrom, next != null ? roleTo : run.last() == null ? from.nanosUntil(o.end()) : from.nanosUntil(run.last())};
        }
        return new long[] {Math.max(0, roleFrom), Math.min(from.nanosUntil(to), roleTo)};
    }

    /** What ties the two runs' clocks, in words: the Lease hand-overs (AF003's words), else the resource versions, or nothing. */
    static Message ties(Pair p, Correlation correlation) {
        if (!p.untied) {
            return handOver(p.skew, correlation);
        }
        HandOvers.Skew v = p.versionSkew;
        if (!v.boundedBelow() && !v.boundedAbove()) {
            return Message.of(p.quiet ? "AF012.ties.quiet" : p.versionsContradict ? "AF012.ties.contradict" : "AF012.ties.none",
                    "a", p.a.label(), "b", p.b.label());
        }
        if (v.boundedBelow() && v.boundedAbove()) {
            return Message.of("AF012.ties.versionsBoth", "a", p.a.label(), "b", p.b.label(), "least", ReconciliationStalled.signed(v.atLeast()),
                    "most", ReconciliationStalled.signed(v.atMost()));
        }
        return v.boundedAbove()
                ? Message.of("AF012.ties.versionsAbove", "a", p.a.label(), "b", p.b.label(), "most", ReconciliationStalled.signed(v.atMost()))
                : Message.of("AF012.ties.versionsBelow", "a", p.a.label(), "b", p.b.label(), "least", ReconciliationStalled.signed(v.atLeast()));
    }

    /** The Lease hand-overs that tie two runs' clocks, in words (AF003's): the chain from the earlier run, else the one back. */
    static Message handOver(HandOvers.Skew skew, Correlation correlation) {
        return ReconciliationStalled.handOver(skew.forward() != null ? skew.forward() : skew.backward(), correlation);
    }

    /** A replica that only waited for the lease is the ordinary standby, named as examined when there are several. */
    private static void standbys(Correlation correlation, ControllerLeadership leadership, List<Clearance> cleared) {
        Set<String> replicas = new HashSet<>();
        correlation.processes().forEach(p -> replicas.add(p.replica()));
        if (replicas.size() < 2) {
            return;
        }
        for (ControllerProcess p : correlation.processes()) {
            if (p.leadership() != Leadership.STANDBY || p.work().processed() > 0 || p.last() == null) {
                continue;
            }
            State s = leadership.at(p.id(), p.last());
            if (s.line() == null) {
                continue;
            }
            String named = leadership.leaderNamed(p.id());
            cleared.add(new Clearance(null, Message.of("AF012.cleared.standby", "run", p.label(), "leader", named == null
                    ? Message.of("AF012.cleared.notLeading") : Message.of("AF012.cleared.leaderNamed", "leader", named)), s.line().source()));
        }
    }

    /** Whether run x started before run y (same start: by replica name, then by run id, the reading order's last word). */
    static boolean startsFirst(ControllerProcess x, ControllerProcess y) {
        if (x.first() != null && y.first() != null && !x.first().instant().equals(y.first().instant())) {
            return x.first().instant().isBefore(y.first().instant());
        }
        if (x.first() == null != (y.first() == null)) {
            return x.first() != null;
        }
        int c = x.replica().compareTo(y.replica());
        return c != 0 ? c < 0 : x.id() < y.id();
    }

    /** The earliest of lines of several runs (each run's in its order): by time, not by which file was read first. */
    static LogEvent earliestOf(List<LogEvent> lines) {
        if (lines.isEmpty()) {
            return null;
        }
        List<LogEvent> byOrdinal = new ArrayList<>(lines);
        byOrdinal.sort(Comparator.comparingLong(LogEvent::ordinal));
        return EventOrder.merged(byOrdinal).get(0);
    }

    static boolean contention(LogEvent e) {
        if (!(e.event() instanceof Signal s) || !CONTENTION.contains(s.name())) {
            return false;
        }
        return !"workflow-update-error".equals(s.name()) || VersionOrder.refused(e);
    }

    /** The resource version a line states the Workflow had (read or written), or null. */
    static String resourceVersion(LogEvent e) {
        String rv = e.event() instanceof WorkflowProcessing p ? p.resourceVersion() : e.event() instanceof WorkflowUpdated u ? u.resourceVersion() : null;
        return rv == null || rv.isEmpty() ? null : rv;
    }

    /** Two runs and what their lines say about the contended Workflows both wrote about. */
    static final class Pair {
        final ControllerProcess a;
        final ControllerProcess b;
        /** How far b's clock is ahead of a's, as Lease hand-overs between them bound it; null if none ties them. */
        final HandOvers.Skew skew;
        final List<Overlap> overlaps = new ArrayList<>();
        final List<Sequence> sequential = new ArrayList<>();
        Message duplicate;
        LogEvent duplicateLine;

        Pair(ControllerProcess a, ControllerProcess b, HandOvers.Skew skew) {
            this.a = a;
            this.b = b;
            this.skew = skew;
        }

        /** The Workflows' own lines of each run (not twins), kept until {@link #decide()}: the clocks' tie reads all of them. */
        private final List<Object[]> entries = new ArrayList<>();
        /** No Lease hand-over ties the two runs: the skew is what the resource versions bound ({@link VersionOrder}). */
        boolean untied;
        /** Only {@code Processing workflow} lines were compared: none of the pair's Workflows met contention (session 40). */
        boolean quiet;

        void add(WorkflowRef wf, List<LogEvent> fromA, List<LogEvent> fromB) {
            // A line of one run with a twin in the other (same instant, same statement, same values) is one line read twice.
            Map<String, LogEvent> keysB = new LinkedHashMap<>();
            fromB.forEach(e -> keysB.putIfAbsent(twinKey(e), e));
            Set<String> twins = new HashSet<>();
            for (LogEvent e : fromA) {
                if (keysB.containsKey(twinKey(e))) {
                    twins.add(twinKey(e));
                }
            }
            if (!twins.isEmpty() && twins.size() * 2 >= Math.min(fromA.size(), fromB.size())) {
                if (duplicate == null) {
                    duplicate = Message.of("AF012.cleared.twinLines", "twins", twins.size(), "of", Math.min(fromA.size(), fromB.size()),
                            "workflow", wf.toString());
                    duplicateLine = fromA.stream().filter(e -> twins.contains(twinKey(e))).findFirst().orElseThrow();
                }
                return;
            }
            List<LogEvent> ownA = fromA.stream().filter(e -> !twins.contains(twinKey(e))).toList();
            List<LogEvent> ownB = fromB.stream().filter(e -> !twins.contains(twinKey(e))).toList();
            if (ownA.isEmpty() || ownB.isEmpty()) {
                return;
            }
            entries.add(new Object[] {wf, ownA, ownB});
        }

        /**
         * Each Workflow's overlap, once every Workflow is added. Across a Lease hand-over its bound on the clocks; else (session 40)
         * what the Workflows' resource versions bound (one wrote, the other read; one's update applied, the other's refused on the
         * same version): two runs no hand-over ties, read on their clocks as written, may be one after the other with a clock off.
         */
        @SuppressWarnings("unchecked")
        void decide() {
            HandOvers.Skew tie = skew;
            if (tie == null) {
                List<VersionOrder.Before> orders = new ArrayList<>();
                for (Object[] en : entries) {
                    List<LogEvent> lines = new ArrayList<>((List<LogEvent>) en[1]);
                    lines.addAll((List<LogEvent>) en[2]);
                    orders.addAll(VersionOrder.of(lines));
                }
                long[] v = VersionOrder.bounds(orders, a.id(), b.id());
                boolean contradictory = v[0] != Long.MIN_VALUE && v[1] != Long.MAX_VALUE && v[0] > v[1];
                tie = contradictory ? new HandOvers.Skew(Long.MIN_VALUE, Long.MAX_VALUE, null, null) : new HandOvers.Skew(v[0], v[1], null, null);
                untied = true;
                versionsContradict = contradictory;
                versionSkew = tie;
            }
            for (Object[] en : entries) {
                classify((WorkflowRef) en[0], (List<LogEvent>) en[1], (List<LogEvent>) en[2], tie);
            }
        }

        /** The versions' bounds contradict each other (drifting clocks, or a precondition not as modelled): not used. */
        boolean versionsContradict;
        /** How far b's clock is ahead of a's as the resource versions bound it (untied pairs), else null. */
        HandOvers.Skew versionSkew;

        private void classify(WorkflowRef wf, List<LogEvent> ownA, List<LogEvent> ownB, HandOvers.Skew tie) {
            Timestamp firstA = first(ownA);
            Timestamp firstB = first(ownB);
            Timestamp start = firstA.compareTo(firstB) >= 0 ? firstA : firstB;
            Timestamp lastA = last(ownA);
            Timestamp lastB = last(ownB);
            Timestamp end = lastA.compareTo(lastB) <= 0 ? lastA : lastB;
            long nanos = start.nanosUntil(end);
            // b's lines on a's clock are b's times less how far b's clock is ahead, which the hand-overs (or the versions) bound.
            long[] onOneClock = onOneClock(firstA, lastA, firstB, lastB, tie);
            if (nanos > HANDOVER_TOLERANCE_NANOS && onOneClock[1] > HANDOVER_TOLERANCE_NANOS) {
                boolean clocks = onOneClock[0] == Long.MIN_VALUE || onOneClock[0] <= HANDOVER_TOLERANCE_NANOS;
                overlaps.add(new Overlap(wf, ownA, ownB, start, end, clocks, clocks ? onOneClock[0] : 0));
            } else {
                boolean aFirst = firstA.compareTo(firstB) <= 0;
                List<LogEvent> earlier = aFirst ? ownA : ownB;
                List<LogEvent> later = aFirst ? ownB : ownA;
                sequential.add(new Sequence(wf, latest(earlier), earliest(later), nanos,
                        nanos > HANDOVER_TOLERANCE_NANOS ? onOneClock[1] : Long.MIN_VALUE, ownA, ownB, start, end, onOneClock[0]));
            }
        }

        /**
         * The least and the most the two runs' windows about one Workflow overlap on one clock (a's), b's clock ahead of a's by
         * anything the skew allows ({@link Long#MIN_VALUE} as the least where it is unbounded that way). The overlap against the
         * skew d is min(lastA, lastB - d) - max(firstA, firstB - d): concave, so its most is at a bound or where a term turns, and
         * its least at a bound.
         */
        static long[] onOneClock(Timestamp firstA, Timestamp lastA, Timestamp firstB, Timestamp lastB, HandOvers.Skew skew) {
            long la = firstA.nanosUntil(lastA);
            long fb = firstA.nanosUntil(firstB);
            long lb = firstA.nanosUntil(lastB);
            long lo = skew.atLeast();
            long hi = skew.atMost();
            long most = Long.MIN_VALUE;
            for (long d : new long[] {lo, hi, lb - la, fb}) {
                if (d == Long.MIN_VALUE || d == Long.MAX_VALUE) {
                    continue;
                }
                most = Math.max(most, overlapAt(Math.min(Math.max(d, lo), hi), la, fb, lb));
            }
            long least = skew.boundedBelow() && skew.boundedAbove() ? Math.min(overlapAt(lo, la, fb, lb), overlapAt(hi, la, fb, lb)) : Long.MIN_VALUE;
            return new long[] {least, most};
        }

        private static long overlapAt(long d, long la, long fb, long lb) {
            return Math.min(la, lb - d) - Math.max(0, fb - d);
        }

        private static String twinKey(LogEvent e) {
            return e.time().instant() + " " + e.event();
        }
    }

    static Timestamp first(List<LogEvent> lines) {
        return earliest(lines).time();
    }

    static Timestamp last(List<LogEvent> lines) {
        return latest(lines).time();
    }

    static LogEvent earliest(List<LogEvent> lines) {
        LogEvent best = lines.get(0);
        for (LogEvent e : lines) {
            best = e.time().compareTo(best.time()) < 0 ? e : best;
        }
        return best;
    }

    static LogEvent latest(List<LogEvent> lines) {
        LogEvent best = lines.get(0);
        for (LogEvent e : lines) {
            best = e.time().compareTo(best.time()) >= 0 ? e : best;
        }
        return best;
    }

    /** Both runs wrote about the Workflow from {@code start} to {@code end}, longer than a hand-over allows. */
    /**
     * {@code clocksMayExplain}: a Lease hand-over ties the runs and, on one clock, the overlap may be within the tolerance;
     * {@code clockLeast} is then the least it may be ({@link Long#MIN_VALUE}: unbounded, the clocks tied one way only).
     */
    record Overlap(WorkflowRef workflow, List<LogEvent> fromA, List<LogEvent> fromB, Timestamp start, Timestamp end,
                   boolean clocksMayExplain, long clockLeast) {

        /** Lines of either run inside the window, by time. */
        List<LogEvent> within(List<LogEvent> lines) {
            return lines.stream().filter(e -> e.time().compareTo(start) >= 0 && e.time().compareTo(end) <= 0).toList();
        }

        /**
         * A resource version one run wrote ({@code Workflow update successful}) that the other then read
         * ({@code Processing workflow}), else one both read: both acted on one object in one cluster (two
         * clusters' Workflows of the same name have unrelated versions). The two lines, earlier first;
         * null if none.
         */
        LogEvent[] sharedVersion() {
            // The earliest such pair, whichever run wrote: not the first met in the run read first. Each run's lines are grouped by
            // version once, so the cost grows with the Workflow's lines, not with their square (RuleVisitsLinearTest).
            Map<String, List<LogEvent>> readA = byVersion(fromA, WorkflowProcessing.class);
            Map<String, List<LogEvent>> readB = byVersion(fromB, WorkflowProcessing.class);
            LogEvent[] written = earlier(writtenThenRead(fromA, readB), writtenThenRead(fromB, readA));
            if (written != null) {
                return written;
            }
            LogEvent[] both = null;
            for (Map.Entry<String, List<LogEvent>> v : readA.entrySet()) {
                List<LogEvent> bs = readB.get(v.getKey());
                if (bs == null) {
                    continue;
                }
                List<LogEvent> as = v.getValue();
                // The earliest pair starts at the earliest read of either run, paired with the other run's earliest read at
                // another instant; when that line has no partner, at the other run's earliest read.
                both = earlier(both, pairAt(as.get(0), bs));
                both = earlier(both, pairAt(bs.get(0), as));
            }
            return both;
        }

        /** A run's lines of one kind by the resource version they state, each list by time (stable: the run's order on ties). */
        private static Map<String, List<LogEvent>> byVersion(List<LogEvent> lines, Class<?> kind) {
            Map<String, List<LogEvent>> out = new TreeMap<>();
            for (LogEvent e : lines) {
                String rv = kind.isInstance(e.event()) ? resourceVersion(e) : null;
                if (rv != null) {
                    out.computeIfAbsent(rv, k -> new ArrayList<>()).add(e);
                }
            }
            out.values().forEach(l -> l.sort((x, y) -> x.time().instant().compareTo(y.time().instant())));
            return out;
        }

        /** {@code x} with the earliest of {@code others} at another instant, earlier first; null if none. */
        private static LogEvent[] pairAt(LogEvent x, List<LogEvent> others) {
            for (LogEvent y : others) {
                if (!x.time().instant().equals(y.time().instant())) {
                    return x.time().compareTo(y.time()) <= 0 ? new LogEvent[] {x, y} : new LogEvent[] {y, x};
                }
            }
            return null;
        }

        /** The earliest write of one run that the other run then read (a later instant): by the writer's time, then the reader's. */
        private static LogEvent[] writtenThenRead(List<LogEvent> writer, Map<String, List<LogEvent>> reads) {
            LogEvent[] out = null;
            for (LogEvent x : writer) {
                if (!(x.event() instanceof WorkflowUpdated)) {
                    continue;
                }
                String rv = resourceVersion(x);
                List<LogEvent> rs = rv == null ? null : reads.get(rv);
                if (rs == null) {
                    continue;
                }
                int lo = 0;
                int hi = rs.size();
                while (lo < hi) { // the first read at a later instant than the write
                    int mid = (lo + hi) >>> 1;
                    if (rs.get(mid).time().instant().compareTo(x.time().instant()) > 0) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                if (lo < rs.size()) {
                    out = earlier(out, new LogEvent[] {x, rs.get(lo)});
                }
            }
            return out;
        }

        /** Of two pairs (either may be null), the one whose first line is earlier, then whose second is. */
        private static LogEvent[] earlier(LogEvent[] p, LogEvent[] q) {
            if (p == null || q == null) {
                return p == null ? q : p;
            }
            int c = p[0].time().instant().compareTo(q[0].time().instant());
            c = c != 0 ? c : p[1].time().instant().compareTo(q[1].time().instant());
            return c <= 0 ? p : q;
        }
    }

    /**
     * The two runs wrote about the Workflow one after the other (or overlapping within the tolerance); {@code clockMost}: read as
     * overlapping longer, the most the overlap was on one clock by a Lease hand-over's bound, else {@link Long#MIN_VALUE}.
     * {@code fromA}, {@code fromB}: each run's own lines about it; {@code start}, {@code end}: the window both wrote about it in, as
     * written (empty or reversed: a gap); {@code clockLeast}: the least that window was on one clock as the pair's tie bounds the
     * clocks ({@link Long#MIN_VALUE} where it does not bound them both ways).
     */
    record Sequence(WorkflowRef workflow, LogEvent lastOfEarlier, LogEvent firstOfLater, long overlapNanos, long clockMost,
                    List<LogEvent> fromA, List<LogEvent> fromB, Timestamp start, Timestamp end, long clockLeast) {
        Message describe() {
            return Message.of("AF012.cleared.sequence", "last", lastOfEarlier.time().format(), "first", firstOfLater.time().format(),
                    "overlap", overlapNanos > 0 ? Message.of("AF012.cleared.sequenceOverlap", "overlap", GoDuration.format(overlapNanos)) : Message.NOTHING);
        }
    }

    static boolean known(State s) {
        return s.role().stated();
    }
}
