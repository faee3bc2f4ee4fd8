package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * Which controller runs led at once (session 56): both took Workflows up ({@code Processing workflow}) through a common stretch
 * longer than {@link #OVERLAP_NANOS}. A controller's workers run only while its replica leads (or with leader election off), and
 * at a hand-over the old holder's last pass comes before the new holder's first, apart only by how far the two replicas' clocks
 * disagree ({@link HandOvers}); a restart of one replica is two runs one after the other. Two runs whose passes interleave for
 * minutes are two controllers at once: two clusters' logs given together, or a split brain. Their namesakes (the same
 * namespace/name) are different objects as far as the lines tell, and a line of one run is about the Pod its own run (or a run of
 * its cluster) created, never one the other run created ({@link PodInstances}).
 *
 * <p>Session 57: the overlap is read on two clocks that may disagree by minutes (a replica's node behind), so it alone is no
 * evidence: a hand-over between replicas of one cluster whose new holder's clock is five minutes behind reads as a 3-minute
 * overlap. Two runs are at once only where their election lines say both could lead in the same period ({@link #bothCouldLead}):
 * neither saw the other hold its Lease, and no hand-over ties them (one Lease identity after the other, {@link HandOvers#tie}). A run
 * whose lines hold no election line (a grep, an excerpt) gives no such evidence: it is at once with none, read by time as before.
 *
 * <p>Derived once per correlation from the runs read whole ({@link ControllerProcess#work()}: the same in every group of lines),
 * their election lines (context every group holds, {@link HandOvers#of}) and which runs are one run's lines given twice
 * ({@link RunCopies}: derived once from the whole input's records, before any slicing or grouping, carried in the facts). Session 61:
 * one reading per correlation ({@link Correlation#runsAtOnce}), the lifecycles' and every rule's; no rule derives it. Runs of one
 * replica are never at once, nor two runs with the same passes at the same instants (one run's log given twice: two copies of one
 * incident, two collectors); a run with fewer than two passes, or none dated, is at once with none (undecided: read as before, by time).
 */
public final class ConcurrentRuns {
    /**
     * The common stretch of two runs' passes beyond which they are not a hand-over: more than two replicas' clocks are seen to
     * disagree by (nodes drift by tens of seconds), and more than a Lease's hand-over takes ({@link HandOvers#MAX_LAG_NANOS}).
     */
    static final long OVERLAP_NANOS = 120_000_000_000L;

    static final ConcurrentRuns NONE = new ConcurrentRuns(List.of(), () -> HandOvers.NONE, RunCopies.NONE);

    private final List<ControllerProcess> runs;
    /** The runs' election facts, asked only for two runs whose passes overlap (rare): derived from the election lines on first use. */
    private final java.util.function.Supplier<HandOvers> handOvers;
    private HandOvers elections;
    /** Which runs are one run's lines given twice (session 57 breaker; session 61: the whole input's, {@link RunCopies}). */
    private final RunCopies copies;

    private ConcurrentRuns(List<ControllerProcess> runs, java.util.function.Supplier<HandOvers> handOvers, RunCopies copies) {
        this.runs = List.copyOf(runs);
        this.handOvers = handOvers;
        this.copies = copies == null ? RunCopies.NONE : copies;
    }

    /** As {@link #of(List, java.util.function.Supplier, RunCopies)} where no two runs are known to be one run given twice (tests). */
    static ConcurrentRuns of(List<ControllerProcess> runs, java.util.function.Supplier<HandOvers> handOvers) {
        return of(runs, handOvers, RunCopies.NONE);
    }

    /**
     * @param handOvers the election facts of the same correlation's lines ({@link HandOvers#of})
     * @param copies    which runs are one run's log given twice ({@link RunCopies}: the whole input's), never at once (session 57
     *                  breaker: an excerpt of a log given beside the whole log has fewer passes than it, so it was not "the same
     *                  passes at the same instants", and read as another controller at once: its release lines became a second Pod
     *                  of the name)
     */
    static ConcurrentRuns of(List<ControllerProcess> runs, java.util.function.Supplier<HandOvers> handOvers, RunCopies copies) {
        return runs == null || runs.size() < 2 ? NONE : new ConcurrentRuns(runs, handOvers, copies);
    }

    /** The runs at once of a correlation: its one reading ({@link Correlation#runsAtOnce}), derived with it, never again here. */
    public static ConcurrentRuns of(Correlation correlation) {
        return correlation.runsAtOnce();
    }

    /** The runs' election facts this reading reads, made once on first need (the lifecycles' hand-overs read the same). */
    java.util.function.Supplier<HandOvers> handOvers() {
        return this::elections;
    }

    /** Whether runs {@code a} and {@code b} are one run's lines given twice ({@link RunCopies}). */
    private boolean givenTwice(int a, int b) {
        return copies.givenTwice(a, b);
    }

    /** Whether some run led at once with another ({@link #atOnce}): where none did, every line is every Pod's of its name as before. */
    public boolean any() {
        for (int a = 0; a < runs.size(); a++) {
            for (int b = a + 1; b < runs.size(); b++) {
                if (atOnce(a, b)) {
                    return true;
                }
            }
        }
        return false;
    }

    private synchronized HandOvers elections() {
        if (elections == null) {
            elections = handOvers.get();
        }
        return elections;
    }

    /**
     * Whether runs {@code a} and {@code b} led at once under two Leases (session 57): both took a Lease and neither names the other
     * as a holder, so each ran its own controller's Workflows (two clusters, or two installs apart by instance ID or namespace), and
     * a Workflow's passes of one are no passes of the other's Workflow of the name. Not two runs with election off: a split brain in
     * one cluster, whose replicas both process the one Workflow, reads the same.
     */
    public boolean apart(int a, int b) {
        if (!atOnce(a, b)) {
            return false;
        }
        HandOvers.Election ea = elections().election(a).orElse(null);
        return ea != null && !ea.single();
    }

    /**
     * The runs of the other clusters: those that led at once with run {@code run}, or with a run of its cluster, under one Lease held
     * twice ({@link #apart}: another cluster's controllers), and every run of their clusters (a cluster: runs tied by hand-overs of
     * its Lease or one replica's, {@link #cluster}), in stream order; empty for nearly every run. A Workflow-level record of such a run (a lock acquired or released, a completion,
     * a wait) is of its own cluster's Workflow of the name, never of this run's (session 59: the lock of cluster b's namesake released
     * at its completion freed nothing in cluster a). The one reading of "the other cluster" every Workflow-level reader takes.
     */
    public synchronized java.util.Set<Integer> apartFrom(int run) {
        // Session 59 breaker (b-twins): by cluster, not pairwise. A run's cluster is every run tied to it along hand-overs of its Lease
        // (either way) or of its replica (a restarted container): one Lease identity after the other. Both clusters' controllers rolled
        // at 08:30 (one upgrade from one GitOps source): b's new run led at once with a's new run only, never with a's old run that
        // acquired the lock, and pairwise its release of b's namesake cleared a's holding. Every run of a cluster one of whose runs
        // led at once with one of this run's cluster is the other cluster's.
        return apartFrom.computeIfAbsent(run, r -> {
            java.util.Set<Integer> mine = cluster(r);
            java.util.Set<Integer> out = new java.util.TreeSet<>();
            for (int x : mine) {
                for (int o = 0; o < runs.size(); o++) {
                    if (!mine.contains(o) && !out.contains(o) && apart(x, o)) {
                        out.addAll(cluster(o));
                    }
                }
            }
            out.removeAll(mine);
            return java.util.Collections.unmodifiableSet(out);
        });
    }

    /** {@link #apartFrom} per run, found on first need. */
    private final java.util.Map<Integer, java.util.Set<Integer>> apartFrom = new java.util.HashMap<>();

    /**
     * The Workflow's history as each cluster's runs wrote it (session 59): where runs that wrote of it led apart ({@link #apartFrom}:
     * two clusters' namesakes, one Lease key held twice), one history per side, each without the lines of the runs apart from its
     * own (a run apart from none, an excerpt without election lines, is in every side's); the exports in each (nothing in an export
     * says which cluster it came from). The history itself, alone, where no two of its runs are apart (nearly always). Cluster b's
     * pass of its own Workflow after cluster a's completed is no pass of a completed Workflow, nor b's Pod created then a's.
     */
    public java.util.List<WorkflowHistory> sides(WorkflowHistory h) {
        java.util.Set<Integer> writers = new java.util.TreeSet<>();
        h.events().forEach(e -> writers.add(e.stream()));
        java.util.List<java.util.Set<Integer>> keys = new java.util.ArrayList<>();
        for (int r : writers) {
            java.util.Set<Integer> k = new java.util.TreeSet<>(apartFrom(r));
            k.retainAll(writers);
            if (!k.isEmpty() && !keys.contains(k)) {
                keys.add(k);
            }
        }
        if (keys.isEmpty()) {
            return java.util.List.of(h);
        }
        java.util.List<WorkflowHistory> out = new java.util.ArrayList<>();
        for (java.util.Set<Integer> k : keys) {
            out.add(new WorkflowHistory(h.ref(), h.events().stream().filter(e -> !k.contains(e.stream())).toList(), h.snapshots()));
        }
        return java.util.List.copyOf(out);
    }

    /** Run {@code run} and the runs tied to it, transitively, by a hand-over of the Lease either way or by one replica's name. */
    private java.util.Set<Integer> cluster(int run) {
        java.util.Set<Integer> seen = new java.util.TreeSet<>(java.util.List.of(run));
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(seen);
        if (run < 0 || run >= runs.size()) {
            return seen;
        }
        HandOvers h = elections();
        while (!queue.isEmpty()) {
            int x = queue.poll();
            String rx = runs.get(x).replica();
            for (int o = 0; o < runs.size(); o++) {
                if (!seen.contains(o) && ((rx != null && rx.equals(runs.get(o).replica())) || h.tie(x, o).isPresent() || h.tie(o, x).isPresent())) {
                    seen.add(o);
                    queue.add(o);
                }
            }
        }
        return seen;
    }

    /**
     * Whether runs {@code a} and {@code b} each led under a Lease of its own (session 58): both took a Lease, no Lease key is common
     * to the two, neither names the other as a holder and no hand-over ties them, and they are not one run's lines given twice.
     * Argo's {@code main.go} (v3.4 to v4.1) names the Lease {@code workflow-controller}, or {@code workflow-controller-<instanceID>},
     * in the namespace the controller is installed in: two such runs are two installations, each leading its own Lease for its whole
     * run, whatever their clocks say (no hand-over between them, so their overlap needs no margin). Whether they held the same
     * Workflows the Leases do not say: an install managing namespace N ({@code --namespaced --managed-namespace N}) beside a
     * cluster-wide install, both without an instance ID (the label selector {@code !workflows.argoproj.io/controller-instanceid},
     * {@code util/instanceid}), both list, watch and reconcile every Workflow of N and its Pods (a misconfiguration Argo's docs warn
     * of); two clusters' installs under Leases of different namespaces hold namesakes. A rule that rests on one run's passes alone
     * ("no worker took it up", "zero workers until the next pass") cannot decide where such a run wrote of the Workflow.
     */
    public boolean ownLeases(int a, int b) {
        if (!twoRuns(a, b)) {
            return false;
        }
        ControllerProcess ra = runs.get(a);
        ControllerProcess rb = runs.get(b);
        HandOvers h = elections();
        HandOvers.Election ea = h.election(a).orElse(null);
        HandOvers.Election eb = h.election(b).orElse(null);
        if (ea == null || eb == null || ea.single() || eb.single() || ea.leases().isEmpty() || eb.leases().isEmpty()
                || !java.util.Collections.disjoint(ea.leases(), eb.leases())) {
            return false;
        }
        return h.tie(a, b).isEmpty() && h.tie(b, a).isEmpty() && !names(ea, rb, eb) && !names(eb, ra, ea) && !givenTwice(a, b);
    }

    /**
     * How the lines leave runs {@code a} and {@code b} free to have reconciled one Workflow at once (session 58 breaker), where a
     * rule rests on one run's passes being the only ones ("zero workers until the next pass"). {@link Sharing#OWN_LEASES}: each led
     * a Lease of its own ({@link #ownLeases}). {@link Sharing#ELECTION_OFF}: both ran with leader election off and at once
     * ({@link #atOnce}): two installs over one namespace (the namespaced one beside the cluster-wide one, each with
     * {@code LEADER_ELECTION_DISABLE}) or a split brain of one install, whose replicas both reconcile every Workflow they hold.
     * {@link Sharing#UNSHOWN}: one of them logged no election line (a collector that kept the controller's own lines and not
     * client-go's klog ones, an excerpt) while their passes interleave longer than {@link #OVERLAP_NANOS} on the clocks as written:
     * nothing says one led after the other (a hand-over whose new holder's clock is minutes behind reads the same, and is not told
     * apart here). Empty where the lines tie or part them: one replica's runs, one run's lines given twice, a hand-over or a named
     * holder between them, two runs that held one Lease at once ({@link #apart}: two clusters, the other's Workflow another object).
     */
    public java.util.Optional<Sharing> mayShare(int a, int b) {
        if (ownLeases(a, b)) {
            return java.util.Optional.of(Sharing.OWN_LEASES);
        }
        if (!twoRuns(a, b)) {
            return java.util.Optional.empty();
        }
        HandOvers h = elections();
        HandOvers.Election ea = h.election(a).orElse(null);
        HandOvers.Election eb = h.election(b).orElse(null);
        if (ea != null && eb != null && ea.single() && eb.single()) {
            return atOnce(a, b) ? java.util.Optional.of(Sharing.ELECTION_OFF) : java.util.Optional.empty();
        }
        if ((ea != null && eb != null) || !overlapping(a, b) || h.tie(a, b).isPresent() || h.tie(b, a).isPresent() || givenTwice(a, b)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Sharing.UNSHOWN);
    }

    /** What leaves two runs free to have reconciled one Workflow at once ({@link #mayShare}). */
    public enum Sharing { OWN_LEASES, ELECTION_OFF, UNSHOWN }

    /** Whether the two runs' passes share a stretch longer than {@link #OVERLAP_NANOS} on their clocks as written. */
    private boolean overlapping(int a, int b) {
        ControllerProcess.Work wa = runs.get(a).work();
        ControllerProcess.Work wb = runs.get(b).work();
        if (wa.processed() < 2 || wb.processed() < 2 || wa.first() == null || wb.first() == null || wa.last() == null || wb.last() == null
                || !wa.first().comparable(wb.first())) {
            return false;
        }
        Timestamp from = wa.first().isAfter(wb.first()) ? wa.first() : wb.first();
        Timestamp to = wa.last().isBefore(wb.last()) ? wa.last() : wb.last();
        return from.isBefore(to) && from.nanosUntil(to) > OVERLAP_NANOS;
    }

    /** Whether {@code a} and {@code b} are two runs this reading holds, of different replicas, neither a quote of the other's lines. */
    private boolean twoRuns(int a, int b) {
        if (a == b || a < 0 || b < 0 || a >= runs.size() || b >= runs.size()) {
            return false;
        }
        ControllerProcess ra = runs.get(a);
        ControllerProcess rb = runs.get(b);
        return !(ra.replica() != null && ra.replica().equals(rb.replica()) || quoted(ra, rb));
    }

    /** Whether runs {@code a} and {@code b} (stream numbers) led at once. */
    public boolean atOnce(int a, int b) {
        if (!twoRuns(a, b)) {
            return false;
        }
        ControllerProcess ra = runs.get(a);
        ControllerProcess rb = runs.get(b);
        ControllerProcess.Work wa = ra.work();
        ControllerProcess.Work wb = rb.work();
        if (wa.processed() < 2 || wb.processed() < 2 || wa.first() == null || wb.first() == null || wa.last() == null || wb.last() == null
                || !wa.first().comparable(wb.first())) {
            return false;
        }
        if (wa.processed() == wb.processed() && wa.first().equals(wb.first()) && wa.last().equals(wb.last())) {
            return false; // one run's log given twice (two copies, two collectors): the same passes at the same instants
        }
        Timestamp from = wa.first().isAfter(wb.first()) ? wa.first() : wb.first();
        Timestamp to = wa.last().isBefore(wb.last()) ? wa.last() : wb.last();
        return from.isBefore(to) && from.nanosUntil(to) > OVERLAP_NANOS && bothCouldLead(a, b) && !givenTwice(a, b);
    }

    /**
     * Whether the two runs' election lines say both could lead in the same period, whatever their clocks (session 57). client-go's
     * election reports the holder it first reads ({@code new leader}, OnNewLeader) before it takes the Lease, so a replica started
     * while another held the Lease, or after it died (the record stays: {@code ReleaseOnCancel} is false in {@code main.go}), names
     * it: one run naming the other's identity, or a hand-over tying them ({@link HandOvers#tie}), is one Lease identity after the
     * other, never at once. Evidence both could lead at once: both took one Lease (the same namespace/name) and neither names the
     * other (one Lease held twice at once: two clusters), or both ran with leader election off (each led its whole run; a restart of such a
     * controller is told from a split brain only by the overlap, see {@link #OVERLAP_NANOS}). One with election off and one under
     * a Lease, or a run without any election line, is no evidence: a restart that changed the setting, an excerpt.
     */
    private boolean bothCouldLead(int a, int b) {
        HandOvers h = elections();
        HandOvers.Election ea = h.election(a).orElse(null);
        HandOvers.Election eb = h.election(b).orElse(null);
        if (ea == null || eb == null || ea.single() != eb.single()) {
            return false;
        }
        if (ea.single()) {
            return true;
        }
        if (h.tie(a, b).isPresent() || h.tie(b, a).isPresent() || names(ea, runs.get(b), eb) || names(eb, runs.get(a), ea)) {
            return false;
        }
        // Both held one Lease (namespace/name) at once, which one cluster's API server never grants twice: two clusters (session 57
        // lead, after s57-b-namesakes' attack 10). Two Leases of different keys held at once may be one cluster's two controllers (a
        // managed-namespace install beside a cluster-wide one, both without an instance ID) that process the same Workflows: no
        // evidence that their Pods of a name are different objects, so they are read by time as before.
        return !ea.leases().isEmpty() && !eb.leases().isEmpty() && !java.util.Collections.disjoint(ea.leases(), eb.leases());
    }

    /**
     * Whether either run is lines quoted in Markdown ({@code > }, {@link ControllerProcess.ReplicaSource#QUOTE}): a few lines pasted
     * in an issue, another comment's or the reporter's own log quoted again beside the whole of it (session 59). Which it is the
     * lines do not say, and "one run given twice" was read from the lines some readings hold and not others (the correlation's
     * own reading held none, so a quote of the log given beside it was another controller at once there, one run given twice in
     * a group's): a quote is at once with no run, under no Lease of its own beside one, in every reading (read by time as before).
     */
    private static boolean quoted(ControllerProcess a, ControllerProcess b) {
        return a.replicaFrom() == ControllerProcess.ReplicaSource.QUOTE || b.replicaFrom() == ControllerProcess.ReplicaSource.QUOTE;
    }

    /** Whether run {@code x}'s election lines name a holder that is run {@code y} (an identity it gives itself, or its replica's name). */
    private static boolean names(HandOvers.Election x, ControllerProcess y, HandOvers.Election ey) {
        for (String n : x.named()) {
            if (ey.own().contains(n) || n.equals(y.replica())) {
                return true;
            }
        }
        return false;
    }
}
