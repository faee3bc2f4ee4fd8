package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.UnreadExport;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The evidence joined up: every retained log event in input order, and per Pod and per Workflow
 * what the logs and the exports say about it.
 *
 * @param available which kinds of evidence the inputs held at all (rules say what they lacked)
 * @param processes the controller streams; {@code LogEvent.stream()} indexes this list
 * @param clocks    each controller run's clock against the objects' (from every Created pod line paired with an export)
 * @param requeues  each controller run's requeue delay, from its start banner (null: derived here from the events, once)
 * @param runsAtOnce which controller runs led at once ({@link ConcurrentRuns}, session 61): the one reading the lifecycles were built
 *                  on and every rule reads, of the whole input's copies ({@link RunCopies}) and the election lines; null (a
 *                  correlation made by hand): of the runs and their election lines among the events, no two runs known given twice
 */
public record Correlation(List<LogEvent> events, Map<PodKey, PodHistory> pods, Map<WorkflowRef, WorkflowHistory> workflows,
                         Set<EvidenceKind> available, List<ControllerProcess> processes, Map<PodKey, PodLifecycle> lifecycles,
                         Map<WorkflowRef, WorkflowFate> fates, NodeIndex nodes, PodIndex podIndex, Workers workers, RunClocks clocks,
                         List<UnreadExport> unread, RequeueDelays requeues, ConcurrentRuns runsAtOnce) {

    public Correlation(List<LogEvent> events, Map<PodKey, PodHistory> pods, Map<WorkflowRef, WorkflowHistory> workflows,
                       Set<EvidenceKind> available, List<ControllerProcess> processes, Map<PodKey, PodLifecycle> lifecycles,
                       Map<WorkflowRef, WorkflowFate> fates, NodeIndex nodes, PodIndex podIndex, Workers workers, RunClocks clocks,
                       List<UnreadExport> unread, RequeueDelays requeues) {
        this(events, pods, workflows, available, processes, lifecycles, fates, nodes, podIndex, workers, clocks, unread, requeues, null);
    }

    public Correlation(List<LogEvent> events, Map<PodKey, PodHistory> pods, Map<WorkflowRef, WorkflowHistory> workflows,
                       Set<EvidenceKind> available, List<ControllerProcess> processes, Map<PodKey, PodLifecycle> lifecycles,
                       Map<WorkflowRef, WorkflowFate> fates, NodeIndex nodes, PodIndex podIndex, Workers workers, RunClocks clocks,
                       List<UnreadExport> unread) {
        this(events, pods, workflows, available, processes, lifecycles, fates, nodes, podIndex, workers, clocks, unread, null);
    }

    public Correlation(List<LogEvent> events, Map<PodKey, PodHistory> pods, Map<WorkflowRef, WorkflowHistory> workflows,
                       Set<EvidenceKind> available, List<ControllerProcess> processes, Map<PodKey, PodLifecycle> lifecycles,
                       Map<WorkflowRef, WorkflowFate> fates, NodeIndex nodes, PodIndex podIndex, Workers workers, RunClocks clocks) {
        this(events, pods, workflows, available, processes, lifecycles, fates, nodes, podIndex, workers, clocks, List.of());
    }

    /**
     * The objects exports held that could not be read and that may be the Pod {@code pod} ({@link UnreadExport#names}), in input
     * order: evidence about it that was given but not read. Empty when any export of it was read (what was read is its evidence).
     */
    public List<UnreadExport> unreadExportsOf(PodKey pod) {
        if (unread.isEmpty()) {
            return List.of();
        }
        for (PodHistory h : pods.values()) {
            if (h.key().name().equals(pod.name()) && java.util.Objects.equals(h.key().namespace(), pod.namespace()) && !h.snapshots().isEmpty()) {
                return List.of(); // an export of a Pod of this name was read: that is its evidence
            }
        }
        return unread.stream().filter(u -> u.names("Pod", pod.namespace(), pod.name())).toList();
    }

    /** As {@link #unreadExportsOf(PodKey)}, for a Workflow: empty when any export of it was read. */
    public List<UnreadExport> unreadExportsOf(WorkflowRef workflow) {
        WorkflowHistory h = workflows.get(workflow);
        if (h != null && !h.snapshots().isEmpty() || unread.isEmpty()) {
            return List.of();
        }
        return unread.stream().filter(u -> u.names("Workflow", workflow.namespace(), workflow.name())).toList();
    }

    public Correlation(List<LogEvent> events, Map<PodKey, PodHistory> pods, Map<WorkflowRef, WorkflowHistory> workflows,
                       Set<EvidenceKind> available, List<ControllerProcess> processes, Map<PodKey, PodLifecycle> lifecycles,
                       Map<WorkflowRef, WorkflowFate> fates, NodeIndex nodes) {
        this(events, pods, workflows, available, processes, lifecycles, fates, nodes, null, new Workers(1), RunClocks.of(pods.values()));
    }

    /**
     * @param podIndex null: made here from the Pods (the Pods by Workflow, by name, by line)
     * @param workers  the worker threads ({@code --threads}) the rules and timelines run their independent work on
     */
    public Correlation {
        events = List.copyOf(events);
        processes = List.copyOf(processes);
        // In key order, as a TreeMap would hold them, in two arrays each (SortedTable: the four live until the report is written).
        pods = SortedTable.of(pods);
        workflows = SortedTable.of(workflows);
        available = Set.copyOf(available);
        lifecycles = SortedTable.of(lifecycles);
        fates = SortedTable.of(fates);
        unread = List.copyOf(unread);
        podIndex = podIndex != null ? podIndex : new PodIndex(pods);
        clocks = clocks != null ? clocks : RunClocks.of(pods.values());
        requeues = requeues != null ? requeues : RequeueDelays.of(events);
        if (runsAtOnce == null) {
            List<LogEvent> lines = events;
            List<ControllerProcess> runs = processes;
            runsAtOnce = ConcurrentRuns.of(runs, () -> HandOvers.of(lines, runs), RunCopies.NONE);
        }
    }

    /**
     * The next Pod of the name after one of the earlier lifetimes the lines told apart ({@link PodKey#printed}): the next lifetime,
     * the name's own key for the latest, or, where an export gives the later Pod its UID (session 53), that Pod, whose lifetime starts
     * where this one's ends ({@link PodIdentity#from}, {@link PodIdentity#until}). Null for a Pod whose name was not split, or the last.
     */
    public PodKey nextLifetime(PodKey key) {
        PodKey.Lifetime l = key.printed();
        if (l == null || l.number() == l.of()) {
            return null;
        }
        // The lifetime that starts where this one ends (PodIdentity#until): session 56, a Pod another controller created at once is
        // numbered among the name's lifetimes but ends none of them.
        PodHistory h = pods.get(key);
        dev.argoforensics.time.Timestamp until = h == null ? null : h.identity().until();
        if (until == null) {
            return null;
        }
        for (int n = l.number() + 1; n < l.of(); n++) {
            PodHistory next = pods.get(key.named().withLifetime(n));
            if (next != null && until.equals(next.identity().from())) {
                return key.named().withLifetime(n);
            }
        }
        PodHistory latest = pods.get(key.named());
        if (latest != null && until.equals(latest.identity().from())) {
            return key.named();
        }
        for (Map.Entry<PodKey, PodHistory> e : pods.entrySet()) {
            PodKey k = e.getKey();
            if (k.uid() != null && k.named().equals(key.named()) && until.equals(e.getValue().identity().from())) {
                return k;
            }
        }
        return null;
    }

    /** The Pod's lifecycle: every fact about it derived once (one exists for every Pod in {@link #pods()}). */
    public PodLifecycle lifecycle(PodKey key) {
        return lifecycles.get(key);
    }

    /** The controller stream (replica run) that logged the event. */
    public ControllerProcess process(LogEvent e) {
        return processes.get(e.stream());
    }

    /**
     * Whether the event's controller stream was read whole at its time: it holds records that name no Pod, no Workflow
     * and no namespace at or before it and at or after it ({@link StreamExtents}). Only there is a line missing from the
     * stream evidence that the controller did not write it; elsewhere the stream may be an excerpt grepped for names
     * (one Pod, several, a Workflow, a namespace), which drops every line that does not name what it asked for.
     */
    public boolean readWholeAt(LogEvent e) {
        return StreamExtents.readWholeAround(processes, e.stream(), e.time());
    }

    /**
     * Where the controller run {@code stream} may have lines missing from {@code from} to {@code to} ({@link StreamExtents#cutOver}: its
     * records that name nothing, its gaps, its later log not given), or empty where it was read whole over its part of the stretch. A
     * claim that a line is absent over the stretch rests on this. Null {@code from}: the run's first line; null {@code to}: the end of
     * its evidence.
     */
    public Optional<ReadCut> cutOver(int stream, dev.argoforensics.time.Timestamp from, dev.argoforensics.time.Timestamp to) {
        return Optional.ofNullable(StreamExtents.cutOver(processes, stream, from, to));
    }

    /**
     * Whether the controller stream of two of its lines shows no line dropped from the one to the other, as far as its records naming
     * nothing can ({@link StreamExtents#wholeFromTo}: one at or before {@code from}, no gap of theirs over the stretch, the latest no
     * more than the stats ticker's period before {@code to}). A line missing between the two then shows that the run did not write it;
     * a grep for names (no such record) or head, a grep and tail pasted together (a gap) shows nothing. False for two streams.
     */
    public boolean readWholeFromTo(LogEvent from, LogEvent to) {
        return from.stream() == to.stream() && StreamExtents.wholeFromTo(processes, from.stream(), from.time(), to.time());
    }

    /**
     * Whether lines may have been cut from the controller stream between two of its lines: a gap of its nameless records (the stats
     * ticker's {@code Alloc=…} every 5 minutes, {@link StreamExtents#cutWithin}) overlaps the stretch between them. A line missing
     * between the two is then no evidence that the controller did not write it.
     */
    public boolean cutBetween(LogEvent from, LogEvent to) {
        return from.stream() != to.stream() || StreamExtents.cutWithin(processes, from.stream(), from.time(), to.time());
    }

    /**
     * As {@link #cutBetween} before session 56: only a gap between two of the stream's records naming nothing counts, not a run holding
     * none over more than the ticker's period nor a stretch before its first or after its last ({@code StreamExtents.cutAtEdges}). For
     * the one reading where a cut raises the confidence instead of lowering it (AF005's Pod never shown leaving the informer: where
     * lines may be cut, that it was not shown leaving is not claimed, and the missing lines stand): taking more stretches as cut there
     * would let an excerpt with no such record (a grep) skip that look-alike, which it did not before.
     */
    public boolean gapBetween(LogEvent from, LogEvent to) {
        return from.stream() != to.stream() || StreamExtents.gapWithin(processes, from.stream(), from.time(), to.time());
    }

    /**
     * Where the Workflow's evidence stops while its story goes on after {@code after}: its latest line is in a run whose later log
     * the inputs lack (a rotated piece without its successor), and nothing shows the Workflow ended since ({@link TailCut}).
     */
    public Optional<TailCut> tailCut(WorkflowRef ref, dev.argoforensics.time.Timestamp after) {
        return ref == null ? Optional.empty() : TailCut.of(processes, workflows.get(ref), fates.get(ref), after);
    }

    public Optional<WorkflowHistory> workflow(WorkflowRef ref) {
        return ref == null ? Optional.empty() : Optional.ofNullable(workflows.get(ref));
    }

    /**
     * Every Pod with this name (several if it was recreated with a new UID, or if namespaces differ),
     * in key order.
     *
     * @param namespace null for any namespace
     */
    public List<PodHistory> podsNamed(String namespace, String name) {
        return podIndex.named(name).stream().filter(p -> namespace == null || namespace.equals(p.key().namespace())).toList();
    }
}
