package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where each controller run began its work: the point from which every Workflow not completed was on its Workflow workers'
 * queue. Derived once from the runs' own lines.
 *
 * <p>In every release (v3.4 to v4.1) {@code main.go} calls the controller's {@code Run} only once the run leads (from
 * client-go's {@code OnStartedLeading}, or at once with election off). {@code Run} logs {@code Current Worker Numbers}, then
 * builds and starts its informers; the Workflow informer's first listing delivers an add for every Workflow its filter keeps
 * (not labelled completed), and the add handler puts each key on the workers' queue ({@code AddAfter} with the configured
 * initial delay, 0 by default). The workers start once every cache has synced, and take keys in order. So a run that leads has
 * every active Workflow queued from its start-up: its first {@code Processing workflow} of a Workflow ends a wait that began
 * there, whatever the run before it did (a new leader's memory and queue start empty). The start-up line is the run's
 * {@code Current Worker Numbers}; where the excerpt lacks it, its acquisition of the Lease (before {@code Run} is called).
 *
 * <p>Whether a Workflow was on that queue from the start-up rests on it being there, not completed, when the run took the Lease.
 * Where no hand-over ties the run to the one that processed the Workflow before ({@link HandOvers}), the Workflow's own resource
 * version can ({@link #carriedOver}, session 47).
 */
public final class StartUps {
    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");

    private final Map<Integer, LogEvent> byRun;
    /** Per run, its first acquisition of the Lease (election on); runs that ran without election are left out. */
    private final Map<Integer, LogEvent> acquired;
    /** Per run, its {@code stopped leading} lines. */
    private final Map<Integer, List<LogEvent>> stopped;
    /** Runs that ran without leader election ({@code Leader election is turned off}, {@code starting leading id=single-instance}). */
    private final Set<Integer> single;
    /** Per run, the Leases its client-go election lines name (first named first): one installation's replicas share one. */
    private final Map<Integer, Set<String>> leases;

    private StartUps(Map<Integer, LogEvent> byRun, Map<Integer, LogEvent> acquired, Map<Integer, List<LogEvent>> stopped, Set<Integer> single,
                     Map<Integer, Set<String>> leases) {
        this.byRun = byRun;
        this.acquired = acquired;
        this.stopped = stopped;
        this.single = single;
        this.leases = leases;
    }

    /**
     * The Leases two runs' election lines name where they name none in common (each names one at least): two installations, each
     * electing its leader on a Lease of its own ({@code workflow-controller} in its own namespace, or suffixed with its instance ID),
     * whose leaders lead at the same time. Empty where either names none or they share one. Element 0 is {@code run}'s, 1 {@code other}'s.
     */
    public Optional<List<String>> leasesApart(int run, int other) {
        Set<String> a = leases.getOrDefault(run, Set.of());
        Set<String> b = leases.getOrDefault(other, Set.of());
        if (a.isEmpty() || b.isEmpty() || a.stream().anyMatch(b::contains)) {
            return Optional.empty();
        }
        return Optional.of(List.of(a.iterator().next(), b.iterator().next()));
    }

    /** The run's start-up line: its first {@code Current Worker Numbers}, else its first acquisition of the Lease. */
    public Optional<LogEvent> of(int run) {
        return Optional.ofNullable(byRun.get(run));
    }

    /** The run's first acquisition of the Lease under election, if its lines show one. */
    public Optional<LogEvent> acquisition(int run) {
        return Optional.ofNullable(acquired.get(run));
    }

    /**
     * The start-ups of the runs, from their lines in input order ({@code Current Worker Numbers} and election lines at least: a
     * caller that walks the correlation's events anyway passes those, so no further walk of every line is made, #17).
     */
    public static StartUps of(List<LogEvent> events) {
        Map<Integer, LogEvent> workers = new HashMap<>();
        Map<Integer, LogEvent> acquired = new HashMap<>();
        Map<Integer, List<LogEvent>> stopped = new HashMap<>();
        Set<Integer> single = new HashSet<>();
        Map<Integer, Set<String>> leases = new HashMap<>();
        for (LogEvent e : events) {
            if (e.event() instanceof WorkerNumbers) {
                workers.putIfAbsent(e.stream(), e);
            } else if (e.event() instanceof LeaderElection le) {
                if (le.lease() != null && !le.lease().isEmpty()) {
                    leases.computeIfAbsent(e.stream(), k -> new java.util.LinkedHashSet<>()).add(le.lease());
                }
                if (le.change() == LeaderChange.DISABLED
                        || (le.change() == LeaderChange.STARTED_LEADING && "single-instance".equals(le.identity()))) {
                    single.add(e.stream());
                } else if (le.change() == LeaderChange.STARTED_LEADING) {
                    acquired.putIfAbsent(e.stream(), e);
                } else if (le.change() == LeaderChange.STOPPED_LEADING) {
                    stopped.computeIfAbsent(e.stream(), k -> new java.util.ArrayList<>()).add(e);
                }
            }
        }
        Map<Integer, LogEvent> out = new HashMap<>(acquired);
        out.putAll(workers);
        single.forEach(acquired::remove);
        return new StartUps(out, acquired, stopped, single, leases);
    }

    /**
     * Another run's write of the Workflow whose version run {@code run} read in {@code pass}, its first pass after its start-up,
     * where that places the write before the run took the Lease, whatever the two runs' clocks say (session 47). Empty where it
     * does not.
     *
     * <p>A run's informer holds only what was written, so the write came before the read ({@link VersionOrder}); the same version
     * means nothing wrote the Workflow between the two. The writing run wrote while it led (only a leader's workers write), and
     * {@code run} led from its acquisition of the Lease through the pass (its acquisition in its lines before the pass, no
     * {@code stopped leading} between); one replica holds the Lease at a time, so the write came before that acquisition. So the
     * Workflow was there, in the phase written (not completed), when the run started, and its informer's first listing queued it.
     * Required: both runs led under election (neither logged that it ran without it; {@code run}'s acquisition is in its lines),
     * the write is its run's last of the Workflow (a later one would have been read instead), its phase is the one the pass read
     * and not a completed one, and no version shows the writing run still at work after {@code run} wrote (it read a version
     * {@code run} wrote, or an update of it was refused after one: two controllers at once, where the Lease proves nothing), and
     * the two runs' election lines name no two different Leases ({@link #leasesApart}: two installations managing one namespace,
     * a cluster-wide one and a namespaced one, or two cluster-wide ones without instance IDs, each leading on a Lease of its own;
     * s47-breaker14).
     *
     * <p>Limits, as for {@link HandOvers}: the default election settings and no holder frozen past its renew deadline (either lets
     * two replicas lead at once for a while); two installations managing the same Workflows, each with a Lease of its own, whose
     * lines name no Lease (Argo's own election lines name none; client-go's klog lines do) and show no such version.
     *
     * @param workflowLines the Workflow's lines (any order)
     */
    public Optional<LogEvent> carriedOver(int run, LogEvent pass, List<LogEvent> workflowLines) {
        LogEvent acquisition = acquired.get(run);
        if (!(pass.event() instanceof WorkflowProcessing p) || p.resourceVersion() == null || p.resourceVersion().isEmpty()
                || p.phase() == null || p.phase().isEmpty() || acquisition == null || acquisition.ordinal() > pass.ordinal()
                || stopped.getOrDefault(run, List.of()).stream().anyMatch(s -> s.ordinal() > acquisition.ordinal() && s.ordinal() < pass.ordinal())) {
            return Optional.empty();
        }
        Map<Integer, LogEvent> lastWrite = new HashMap<>();
        for (LogEvent e : workflowLines) {
            if (e.event() instanceof WorkflowUpdated && e.stream() != run) {
                lastWrite.merge(e.stream(), e, (a, b) -> b.ordinal() > a.ordinal() ? b : a);
            }
        }
        LogEvent write = null;
        for (LogEvent w : lastWrite.values()) {
            WorkflowUpdated u = (WorkflowUpdated) w.event();
            if (p.resourceVersion().equals(u.resourceVersion()) && p.phase().equals(u.phase()) && !COMPLETED.contains(u.phase())
                    && !single.contains(w.stream())) {
                write = w;
            }
        }
        if (write == null) {
            return Optional.empty();
        }
        int writer = write.stream();
        if (leasesApart(run, writer).isPresent()) {
            return Optional.empty(); // two installations, each leading on its own Lease: the Lease orders nothing between them
        }
        for (VersionOrder.Before b : VersionOrder.of(workflowLines)) {
            if (b.earlier().stream() == run && b.later().stream() == writer) {
                return Optional.empty(); // the writing run at work after this one wrote: two controllers at once
            }
        }
        return Optional.of(write);
    }
}
