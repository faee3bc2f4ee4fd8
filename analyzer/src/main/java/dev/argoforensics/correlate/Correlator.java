package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.EventType;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.PodRef;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * Joins log events and exported objects: resolves the namespace of Pods that lines name without
 * one, tells Pods with the same name apart by UID, takes each {@code Removing finalizers during a
 * delete} to the Pod of the line it is paired with ({@link CleanupPairing}), ties Pods to Workflow nodes,
 * gives task results, cluster events and audit records to the Pods they are about, and assembles
 * finalizer removals.
 */
public final class Correlator {

    /** Where the per-Pod work runs; the Correlation hands it on to the rules and the timelines. */
    private final Workers workers;

    /** Everything on the calling thread. */
    public Correlator() {
        this(new Workers(1));
    }

    public Correlator(Workers workers) {
        this.workers = workers;
    }

    /** Exports earliest observation first; exports without any time keep input order. */
    private static final Comparator<ObservedAt> OBSERVED = Comparator.nullsFirst(Comparator.comparing(ObservedAt::time));

    public Correlation correlate(List<LogEvent> events, ExportedObjects objects, List<ControllerProcess> processes) {
        return correlate(events, objects, processes, LogCoverage.NONE);
    }

    /**
     * @param coverage what the logs held as a whole, kept or not (the kept {@code events} are only what
     *                 concerns Pods and Workflows of interest): what a rule lacks is said of the inputs
     */
    public Correlation correlate(List<LogEvent> logged, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage) {
        ClusterFacts facts = facts(logged, exported, processes, coverage);
        return correlate(facts, CorrelationGroup.whole(facts));
    }

    /**
     * What only the whole input can tell, derived once (see {@link ClusterFacts}): the cleanup pairing, the namespaces
     * Pod names are seen in, which Pod each line is about, Pod ↔ node links, the controller runs and their extents,
     * the evidence available and the run clocks. {@link #correlate(ClusterFacts, CorrelationGroup)} then joins the
     * histories of any group of Pods and Workflows against them.
     */
    public static ClusterFacts facts(List<LogEvent> logged, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage) {
        return facts(logged, exported, processes, coverage, new Workers(1));
    }

    /**
     * As above, the lines' projection made on {@code workers}: the input cut into consecutive stretches, each projected
     * alone, put together in input order ({@link LineProjection#union}, which gives the table the whole projection gives:
     * ProjectionFactsTest). The projection walks every kept line (2.65 million on an incident corpus) on the main thread.
     */
    public static ClusterFacts facts(List<LogEvent> logged, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage,
                                     Workers workers) {
        return facts(logged, exported, processes, coverage, workers, PROJECTION_STRETCH);
    }

    /** As above, in stretches of no fewer than {@code stretch} lines (tests take a few, to cut small inputs into many). */
    public static ClusterFacts facts(List<LogEvent> logged, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage,
                                     Workers workers, int stretch) {
        Set<String> recreated = LineProjection.recreated(exported);
        // The Workflows' namespaces always: a Workflow exported without one is placed by them, and a Workflow name in two
        // namespaces makes its Pods' namespace-less lines ambiguous (sharedWorkflowNames).
        LineProjection lines;
        if (workers.threads() == 1 || logged.size() < 2L * stretch) {
            lines = LineProjection.of(logged, recreated, new int[0], true);
        } else {
            int parts = (int) Math.min(workers.threads() * 4L, logged.size() / Math.max(1, stretch));
            List<List<LogEvent>> stretches = new ArrayList<>(parts);
            for (int p = 0; p < parts; p++) {
                stretches.add(logged.subList((int) ((long) logged.size() * p / parts), (int) ((long) logged.size() * (p + 1) / parts)));
            }
            lines = LineProjection.union(workers.map(stretches, s -> LineProjection.of(s, recreated, new int[0], true)));
        }
        // The runs' election lines from the projection, as every other fact (ConcurrentRuns: which runs could lead at once, session 57)
        return derive(lines, exported, processes, coverage).facts(logged);
    }

    /** The fewest lines a stretch of the projection made on a worker holds. */
    private static final int PROJECTION_STRETCH = 50_000;

    /**
     * The facts from what the lines' projection holds ({@link LineProjection}: of all kept lines, or the union of each file's,
     * placed), the exports, the runs and the coverage: the one derivation of the facts, whichever way the projection was made.
     * The lines kept whole are completed ({@link CutSchedules}, {@link ElidedNames}) and paired ({@link CleanupPairing}); the
     * namespaces come from every line's, the Pod objects from the exports and the {@code Created pod} lines, the Pods the
     * lines are about from the Pods they name, each Pod's time on its node from its first and last line (and paired handler
     * line), the links from the {@code Created pod} lines and the Workflow nodes lines name, the run clocks from the
     * {@code Created pod} lines.
     */
    public static FactsTable derive(LineProjection lines, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage) {
        // Which runs could lead at once (ConcurrentRuns, session 57) from the runs' election lines the projection carries
        // (session 58: before, only Correlator.facts read them, from all its lines, and the fleet's tables had none).
        List<LogEvent> elections = lines(lines.elections());
        return derive(lines, exported, processes, coverage, () -> HandOvers.of(elections, processes), lines.copies());
    }

    /** The lines of projected places, in their order. */
    static List<LogEvent> lines(List<LineProjection.Special> specials) {
        List<LogEvent> out = new ArrayList<>(specials.size());
        specials.forEach(s -> out.add(s.line()));
        return out;
    }

    /** As above, with the runs' election facts ({@link HandOvers#of} of the projection's election lines). */
    private static FactsTable derive(LineProjection lines, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage,
                             java.util.function.Supplier<HandOvers> elections, RunCopies copies) {
        Completed specials = complete(lines.specials(), coverage);
        // The namespaces every line states, the lines kept whole included: made once, for the Workflows exported without one
        // (objects) and for the Pod names (derive), as the slices' derivation makes each of them.
        NamespaceProjection stated = NamespaceProjection.union(List.of(lines.others(), NamespaceProjection.of(specials.kept(), true)));
        ExportedObjects objects = WorkflowNamespaces.resolve(exported, stated.workflows());
        return derive(lines, specials, objects, stated.pods(), sharedWorkflowNames(stated.workflows(), objects.workflows()), processes,
                available(lines, specials.kept(), coverage, objects), name -> true, elections, copies);
    }

    /**
     * The table of one slice of the input's Pod names ({@link PodSlices}): the same derivation as {@link #derive}, from the
     * slice's projection ({@link LineProjection#slice}: its Pods' lines kept whole and the handler lines paired with them, its
     * Pods' spans, namespaces and the Workflow nodes their names can link to) and what is made once for all slices (the lines
     * kept whole completed and paired, the exports with their Workflows placed, the evidence available). Every fact of each
     * of the slice's Pods is the whole table's; the run clocks are the slice's Pods' pairs only ({@link RunClocks#merge}).
     */
    public static FactsTable deriveSlice(LineProjection slice, PodSlices cross, int index, List<ControllerProcess> processes) {
        List<LineProjection.Special> specials = slice.specials();
        List<LineProjection.Special> placed = new ArrayList<>(specials.size());
        boolean[] dropped = new boolean[specials.size()];
        List<LogEvent> kept = new ArrayList<>(specials.size());
        Map<Long, LogEvent> byPlace = new HashMap<>();
        for (int i = 0; i < specials.size(); i++) {
            LineProjection.Special s = specials.get(i);
            LogEvent e = cross.completed(s.place(), s.line());
            placed.add(new LineProjection.Special(s.place(), e));
            dropped[i] = cross.dropped(s.place());
            if (!dropped[i]) {
                kept.add(e);
            }
            byPlace.put(s.place(), e);
        }
        Map<LogEvent, LogEvent> handlers = new java.util.IdentityHashMap<>();
        for (LineProjection.Special s : placed) {
            long h = cross.handlerPlace(s.place());
            if (h >= 0) {
                LogEvent handler = byPlace.get(h);
                if (handler == null) {
                    throw new IllegalArgumentException("the slice lacks the handler line at " + h + " paired with " + s.line().source());
                }
                handlers.put(s.line(), handler);
            }
        }
        Completed completed = new Completed(placed, dropped, CleanupPairing.ofPairs(handlers), kept);
        Map<String, Set<String>> stated = NamespaceProjection.union(List.of(slice.others(), NamespaceProjection.of(kept, false))).pods();
        return derive(slice, completed, cross.objects(), stated, cross.sharedWorkflows(), processes, cross.available(),
                name -> cross.sliceOf(name) == index, () -> HandOvers.of(cross.elections(), processes), cross.copies());
    }

    /** The lines kept whole, completed ({@link CutSchedules}, {@link ElidedNames}) and paired ({@link CleanupPairing}); the handler lines left out marked. */
    record Completed(List<LineProjection.Special> placed, boolean[] dropped, CleanupPairing pairing, List<LogEvent> kept) {
    }

    static Completed complete(List<LineProjection.Special> specials, LogCoverage coverage) {
        List<LogEvent> raw = new ArrayList<>(specials.size());
        specials.forEach(s -> raw.add(s.line()));
        List<LogEvent> completed = ElidedNames.assign(CutSchedules.complete(raw));
        CleanupPairing pairing = CleanupPairing.of(completed, coverage.countedSchedules());
        List<LineProjection.Special> placed = new ArrayList<>(specials.size());
        boolean[] dropped = new boolean[specials.size()];
        List<LogEvent> kept = new ArrayList<>(specials.size());
        for (int i = 0; i < specials.size(); i++) {
            LogEvent e = completed.get(i);
            placed.add(new LineProjection.Special(specials.get(i).place(), e));
            dropped[i] = pairing.ofUnkeptLine(e);
            if (!dropped[i]) {
                kept.add(e);
            }
        }
        return new Completed(placed, dropped, pairing, kept);
    }

    /** The exports with each Workflow exported without a namespace placed by what the lines state ({@link WorkflowNamespaces}). */
    static ExportedObjects objects(NamespaceProjection others, List<LogEvent> kept, ExportedObjects exported) {
        return WorkflowNamespaces.resolve(exported, NamespaceProjection.union(List.of(others, NamespaceProjection.of(kept, true))).workflows());
    }

    /**
     * The derivation from the specials completed and paired and the exports placed, for the Pod names {@code names} holds.
     *
     * @param stated the namespaces the lines state for each Pod name: the projection's and the lines kept whole's
     * @param shared the Workflow names stated or exported in two or more namespaces ({@link #sharedWorkflowNames})
     */
    private static FactsTable derive(LineProjection lines, Completed specials, ExportedObjects objects, Map<String, Set<String>> stated,
                                     Map<String, Set<String>> shared, List<ControllerProcess> processes, Set<EvidenceKind> available,
                                     java.util.function.Predicate<String> names,
                                     java.util.function.Supplier<HandOvers> elections, RunCopies copies) {
        List<LineProjection.Special> placed = specials.placed();
        boolean[] dropped = specials.dropped();
        CleanupPairing pairing = specials.pairing();
        List<LogEvent> kept = specials.kept();
        Map<String, Set<String>> namespacesByPod = namespacesByPod(stated, objects.pods(), objects.workflows(), shared);
        namespacesByPod.keySet().removeIf(name -> !names.test(name));
        List<PodSnapshot> podSnapshots = objects.pods().stream().filter(p -> names.test(p.name())).toList();
        // ConcurrentRuns' "one run given twice" (RunCopies, session 61) is the whole input's, derived once from every run's records
        // the projection carries (its passes included), the same here, in every slice and in every group's correlation.
        PodInstances instances = new PodInstances(podSnapshots, createdLines(kept, namespacesByPod), cleanupLines(kept, namespacesByPod),
                ConcurrentRuns.of(processes, elections, copies));
        // The Pods the lines are about, each with its first and last time (a paired handler line's included) and its Created pod lines.
        Map<PodKey, LineProjection.Span> spans = new TreeMap<>();
        Map<PodKey, List<LogEvent>> created = new TreeMap<>();
        // the projection's spans in order of the Pod as named (they are held in a hash map): merged in the same order on every run
        List<Map.Entry<PodKey, LineProjection.Span>> asNamed = new ArrayList<>(lines.spans().entrySet());
        asNamed.sort(Map.Entry.comparingByKey());
        for (Map.Entry<PodKey, LineProjection.Span> n : asNamed) {
            if (names.test(n.getKey().name())) {
                spans.merge(instances.forTime(resolve(new PodRef(n.getKey().namespace(), n.getKey().name()), namespacesByPod), null), n.getValue(),
                        LineProjection.Span::with);
            }
        }
        for (LogEvent e : kept) {
            PodRef ref = e.event().pod().orElse(null);
            if (ref == null || !names.test(ref.name())) {
                continue;
            }
            PodKey key = instances.forLine(resolve(e, ref, namespacesByPod), e);
            LogEvent onDelete = pairing.handlerOf(e);
            LineProjection.Span span = new LineProjection.Span(null, null).with(onDelete == null ? null : onDelete.time()).with(e.time());
            spans.merge(key, span, LineProjection.Span::with);
            if (e.event() instanceof PodCreated) {
                created.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
            }
        }
        dev.argoforensics.read.PhaseTimes.mark("facts: the lines of each Pod");

        Map<PodKey, List<PodSnapshot>> podSnaps = new TreeMap<>();
        for (PodSnapshot p : podSnapshots) {
            PodKey named = new PodKey(p.namespace(), p.name());
            PodKey key = p.uid().isEmpty() ? instances.forExport(named, p) : named.withUid(p.uid());
            podSnaps.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        podSnaps.values().forEach(l -> l.sort(Comparator.comparing(PodSnapshot::observed, OBSERVED)));

        Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps = workflowSnapshots(objects);

        PodRecords records = new PodRecords(objects, instances, namespacesByPod);
        Set<PodKey> podKeys = new TreeSet<>(spans.keySet());
        podKeys.addAll(podSnaps.keySet());
        podKeys.addAll(records.podKeys());
        podKeys.addAll(PodListings.printedPods(objects, podKeys));
        podKeys.removeIf(k -> !names.test(k.name()));
        // Each Pod's key as reports print it (a lifetime of a name the lines told apart carries which, session 51): whichever equal
        // key a map above kept first, the histories, findings and timelines are keyed by this one.
        Set<PodKey> labelled = new TreeSet<>();
        podKeys.forEach(k -> labelled.add(instances.labelled(k)));
        podKeys = labelled;
        NodeLinker linker = new NodeLinker(kept, lines.nodeNames().stream().map(LineProjection.Special::line).toList(), wfSnaps, namespacesByPod,
                stream -> stream >= 0 && stream < processes.size() ? processes.get(stream).first() : null);
        Map<PodKey, NodeLink> links = new TreeMap<>();
        Map<PodKey, PodRecords.HostSpan> hosts = new TreeMap<>();
        for (PodKey key : podKeys) {
            List<PodSnapshot> snaps = podSnaps.getOrDefault(key, List.of());
            links.put(key, linker.link(key.named(), snaps));
            hostSpan(spans.get(key), snaps).ifPresent(h -> hosts.put(key, h));
        }
        records.byNode(links);
        records.byHost(hosts);
        records.byCollection(podKeys, creations(podKeys, created, podSnaps), boundNodes(podSnaps), podSnaps);
        RunClocks clocks = RunClocks.of(podKeys, created, podSnaps);
        return new FactsTable(placed, dropped, pairing, namespacesByPod, instances, podKeys, podSnaps, wfSnaps, links, records,
                StreamExtents.of(processes), available, processes, clocks, objects, copies);
    }

    /** Each Pod's earliest creation its exports ({@code creationTimestamp}) or the controller's {@code Created pod} lines give; none: absent. */
    private static Map<PodKey, Timestamp> creations(Set<PodKey> keys, Map<PodKey, List<LogEvent>> created, Map<PodKey, List<PodSnapshot>> podSnaps) {
        Map<PodKey, Timestamp> out = new HashMap<>();
        for (PodKey key : keys) {
            Timestamp first = null;
            for (LogEvent e : created.getOrDefault(key, List.of())) {
                first = first == null || e.time().instant().isBefore(first.instant()) ? e.time() : first;
            }
            for (PodSnapshot p : podSnaps.getOrDefault(key, List.of())) {
                Timestamp t = p.creationTimestamp();
                first = t != null && (first == null || t.instant().isBefore(first.instant())) ? t : first;
            }
            if (first != null) {
                out.put(key, first);
            }
        }
        return out;
    }

    /** The nodes each Pod's exports show it bound to ({@code spec.nodeName}, none unbound): for {@code PodRecords#byCollection}. */
    private static Map<PodKey, Set<String>> boundNodes(Map<PodKey, List<PodSnapshot>> podSnaps) {
        Map<PodKey, Set<String>> out = new HashMap<>();
        podSnaps.forEach((key, snaps) -> snaps.stream().map(PodSnapshot::nodeName).filter(n -> n != null && !n.isEmpty())
                .forEach(n -> out.computeIfAbsent(key, k -> new java.util.TreeSet<>()).add(n)));
        return out;
    }

    /** Each Workflow exported, its snapshots in the order observed: the same in the whole table and in every slice's. */
    static Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots(ExportedObjects objects) {
        Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps = new TreeMap<>();
        for (WorkflowSnapshot w : objects.workflows()) {
            wfSnaps.computeIfAbsent(new WorkflowRef(w.namespace(), w.name()), k -> new ArrayList<>()).add(w);
        }
        wfSnaps.values().forEach(l -> l.sort(Comparator.comparing(WorkflowSnapshot::observed, OBSERVED)));
        return wfSnaps;
    }

    /**
     * The correlation of one group of Pods and Workflows: their histories from the group's lines, joined against the
     * facts of the whole input. With {@link CorrelationGroup#whole} it is the correlation of everything.
     */
    public Correlation correlate(ClusterFacts facts, CorrelationGroup group) {
        return correlate(facts.slice(group));
    }

    /** The correlation of one group from its share of the facts, wherever those were derived ({@link ClusterFacts#slice}). */
    public Correlation correlate(GroupFacts given) {
        List<LogEvent> events = given.events();
        Map<LogEvent, LogEvent> handlers = new java.util.IdentityHashMap<>();
        // Each run's "stopped leading" lines, and the lines of its leading (election lines are kept on every reading): from a stop to
        // the next start, its pod controller's context was cancelled (a start after a stop is a new process whose banner was cut).
        Map<Integer, List<LogEvent>> leaseLost = new HashMap<>();
        for (LogEvent e : events) {
            if (e.event() instanceof ControllerEvent.LeaderElection le && (le.change() == ControllerEvent.LeaderChange.STOPPED_LEADING
                    || le.change() == ControllerEvent.LeaderChange.STARTED_LEADING || le.change() == ControllerEvent.LeaderChange.DISABLED)) {
                leaseLost.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
            }
        }
        // Looked up by key only (the Pods come in the group's order): hashed, not a tree of a compare per level for each line.
        Map<PodKey, List<LogEvent>> podEvents = new HashMap<>();
        Map<LogEvent, WorkflowRef> sentAsPod = new java.util.IdentityHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            PodKey key = given.podOfLine().get(i);
            if (key == null) {
                continue;
            }
            WorkflowRef ofPod = sentAsPod(events.get(i), given.pods().get(key));
            if (ofPod != null) {
                sentAsPod.put(events.get(i), ofPod);
            }
            List<LogEvent> list = podEvents.computeIfAbsent(key, k -> new ArrayList<>());
            if (given.handlerOfLine()[i] >= 0) {
                LogEvent onDelete = events.get(given.handlerOfLine()[i]);
                handlers.put(events.get(i), onDelete);
                list.add(onDelete);
            }
            list.add(events.get(i));
        }
        CleanupPairing pairing = CleanupPairing.ofPairs(handlers);
        // The group's Pod and handler place of every line (two arrays of the input's length, 21 MB on an incident corpus) are
        // read: let them go before the histories and lifecycles are built (the caller keeps no reference to the group).
        GroupFacts group = withoutLinePlaces(given);
        given = null;
        dev.argoforensics.read.PhaseTimes.mark("group: the lines of each Pod");
        Map<WorkflowRef, List<LogEvent>> workflowEvents = new HashMap<>();
        for (LogEvent e : events) {
            e.event().workflow().or(() -> Optional.ofNullable(sentAsPod.get(e))).filter(w -> group.holdsWorkflow(w.name()))
                    .ifPresent(w -> workflowEvents.computeIfAbsent(w, k -> new ArrayList<>()).add(e));
        }
        // Each Workflow's history and each Pod's read their own lines and exports only (and the pairing, the runs and the Pod
        // tables, read-only): independent, so on the worker threads, put back in key order (the same maps, whatever the threads).
        Set<WorkflowRef> refs = new TreeSet<>(workflowEvents.keySet());
        refs.addAll(group.workflowSnapshots().keySet());
        List<WorkflowRef> workflowRefs = List.copyOf(refs);
        Map<String, Set<Integer>> runsOfOwner = runsOfOwner(group, podEvents);
        // By time across runs, each run's lines in its own order: not file by file (see EventOrder.merged).
        // Each export of the Workflow on the controller's clock where the logs show the write of its resourceVersion.
        List<WorkflowHistory> madeWorkflows = workers.map(workflowRefs, ref -> {
            List<LogEvent> lines = EventOrder.merged(workflowEvents.getOrDefault(ref, List.of()));
            return new WorkflowHistory(ref, lines, WorkflowWrites.placed(group.workflowSnapshots().getOrDefault(ref, List.of()), lines, runsOfOwner));
        });
        Map<WorkflowRef, WorkflowHistory> workflows = new TreeMap<>();
        for (int i = 0; i < workflowRefs.size(); i++) {
            workflows.put(workflowRefs.get(i), madeWorkflows.get(i));
        }

        // The audit files shown to be another cluster's for each Workflow: their records of its Pods' names are that cluster's
        // Pods' (a delete by its PodGC is no deletion of this one), so each Pod's history leaves them out (session 37).
        WorkflowAudit.Index auditIndex = new WorkflowAudit.Index(group.workflowAudit());
        Map<WorkflowRef, Set<String>> foreignAudit = WorkflowFates.foreign(workflows, auditIndex);
        List<Map.Entry<PodKey, GroupFacts.PodFacts>> podFacts = List.copyOf(group.pods().entrySet());
        // The node lines of each Pod (a dropped release item is read against its node's "Workflow pod is missing", see removals).
        NodeIndex nodeIndex = new NodeIndex(workflows, workers);
        PodListings.Tables podTables = new PodListings.Tables(group.podTables());
        List<PodHistory> madePods = workers.map(podFacts, entry -> {
            PodKey key = entry.getKey();
            GroupFacts.PodFacts f = entry.getValue();
            Set<String> foreign = f.link() == null ? Set.of() : foreignAudit.getOrDefault(f.link().workflow(), Set.of());
            List<AuditRecord> audit = foreign.isEmpty() ? f.auditRecords()
                    : f.auditRecords().stream().filter(a -> !foreign.contains(a.source().file())).toList();
            List<LogEvent> evs = EventOrder.merged(podEvents.getOrDefault(key, List.of()));
            // A description of a later Pod under the name is no state of this one (session 49): set apart before anything reads it.
            LaterNamesakes.Split split = LaterNamesakes.split(evs, f.snapshots(), group.clocks());
            List<PodSnapshot> snapshots = split.kept();
            return new PodHistory(key, f.identity(), evs, snapshots, f.link(),
                    removals(evs, pairing, snapshots, (stream, at) -> !StreamExtents.readWholeAround(group.processes(), stream, at), leaseLost,
                            group.processes(), f.link() == null ? List.of() : nodeIndex.of(f.link()),
                            f.link() == null ? null : laterNodeStart(snapshots, workflows.get(f.link().workflow()), f.link().nodeId())),
                    f.taskResults(), f.clusterEvents().stream().filter(e -> !e.minuteDated()).toList(), audit, f.nodeLogs(),
                    PodListings.of(key, f.link(), evs, podTables), f.clusterEvents().stream().filter(ClusterEvent::minuteDated).toList(),
                    split.setApart());
        });
        Map<PodKey, PodHistory> pods = new LinkedHashMap<>();
        for (int i = 0; i < podFacts.size(); i++) {
            pods.put(podFacts.get(i).getKey(), madePods.get(i));
        }
        // A file that records a granted delete of a Pod's name while that Pod existed undeleted is another cluster's (session 46,
        // OtherObjectDeletes#foreignFiles): set apart with that Pod's Workflow's, as the files above, before the fates read them.
        Map<WorkflowRef, Set<String>> shownByPods = new HashMap<>();
        for (PodHistory p : pods.values()) {
            Set<String> files = p.link() == null ? Set.of() : OtherObjectDeletes.foreignFiles(p);
            if (!files.isEmpty()) {
                shownByPods.computeIfAbsent(p.link().workflow(), w -> new TreeSet<>(foreignAudit.getOrDefault(w, Set.of()))).addAll(files);
            }
        }
        Map<WorkflowRef, Set<String>> fatesForeign = foreignAudit;
        if (!shownByPods.isEmpty()) {
            fatesForeign = new HashMap<>(foreignAudit);
            fatesForeign.putAll(shownByPods);
            for (Map.Entry<PodKey, PodHistory> e : pods.entrySet()) {
                PodHistory p = e.getValue();
                Set<String> files = p.link() == null ? null : shownByPods.get(p.link().workflow());
                if (files != null && p.auditRecords().stream().anyMatch(a -> files.contains(a.source().file()))) {
                    e.setValue(new PodHistory(p.key(), p.identity(), p.events(), p.snapshots(), p.link(), p.removals(), p.taskResults(),
                            p.clusterEvents(), p.auditRecords().stream().filter(a -> !files.contains(a.source().file())).toList(), p.nodeLogs(),
                            p.listings(), p.minuteEvents(), p.laterDescribed()));
                }
            }
        }
        Map<WorkflowRef, WorkflowFate> fates = WorkflowFates.of(workflows, pods, group.workflowAudit(), auditIndex, fatesForeign, group.podTables(),
                group.available().contains(EvidenceKind.AUDIT_LOG));
        fates.keySet().removeIf(w -> !group.holdsWorkflow(w.name()));
        RunClocks clocks = group.clocks();
        List<LogEvent> groupLines = events;
        // Which runs led at once (ConcurrentRuns): one reading per correlation, of the whole input's copies (RunCopies), for the
        // lifecycles here and for every rule (Correlation#runsAtOnce), the election facts made on first need.
        ConcurrentRuns atOnce = ConcurrentRuns.of(group.processes(), () -> HandOvers.of(groupLines, group.processes()), group.copies());
        LifecycleBuilder builder = new LifecycleBuilder(nodeIndex, clocks, group.processes(), atOnce.handOvers(),
                () -> RequeueDelays.of(groupLines), () -> RunScopes.of(groupLines, group.processes()), atOnce);
        // Each Pod's lifecycle reads its own history and its own node's lines: independent, so on the worker threads.
        List<PodHistory> histories = List.copyOf(pods.values());
        dev.argoforensics.read.PhaseTimes.mark("group: histories");
        // The earlier Pods of each name the lines told apart (Lifetimes, session 50): their lines for the later ones' stale cleanup items.
        Map<PodKey, List<PodHistory>> earlierPods = new HashMap<>();
        for (PodHistory h : histories) {
            if (h.key().lifetime() != 0) {
                earlierPods.computeIfAbsent(h.key().named(), k -> new ArrayList<>()).add(h);
            }
        }
        // Every Pod of a name the lines told apart, by the name: where each lifetime's next starts (session 56, WorkflowAbsent's bound).
        Map<PodKey, List<PodHistory>> ofSplitNames = new HashMap<>();
        for (PodHistory h : histories) {
            if (earlierPods.containsKey(h.key().named())) {
                ofSplitNames.computeIfAbsent(h.key().named(), k -> new ArrayList<>()).add(h);
            }
        }
        List<PodLifecycle> built = workers.map(histories, h -> {
            WorkflowRef wf = h.link() == null ? null : h.link().workflow();
            LogEvent own = h.latestCreated();
            // A Pod an export gives its UID reads the earlier lifetimes before it too (session 53: PodInstances#withEarlierPods).
            // Session 56: only the lifetimes before it in its own controller's chain (a Pod another controller at once created is
            // no earlier Pod of this one: PodIdentity#until, ConcurrentRuns).
            List<LogEvent> earlier = own == null || (h.key().uid() != null && h.identity().from() == null) ? List.of()
                    : chainBefore(h, pods, earlierPods).stream().filter(e -> EventOrder.before(e, own)).toList();
            return builder.build(h, wf == null ? null : workflows.get(wf), wf == null ? null : fates.get(wf), earlier, previousLifetime(h, pods, earlierPods),
                    nextLifetimeCreated(h, ofSplitNames));
        });
        Map<PodKey, PodLifecycle> lifecycles = new TreeMap<>();
        for (int i = 0; i < histories.size(); i++) {
            lifecycles.put(histories.get(i).key(), built.get(i));
        }
        return new Correlation(events, pods, workflows, group.available(), group.processes(), lifecycles, fates, nodeIndex,
                null, workers, clocks, group.unread(), null, atOnce);
    }

    /**
     * The Workflow of a node event the controller sent as the Pod's, or null: v4's {@code Event occurred} line of a
     * {@code WorkflowNode<Phase>} event whose object is a Pod ({@code nodeEvents.sendAsPod: true}, v3.2 on) names the Pod and the
     * node, not the Workflow. {@code recordNodePhaseEvent} (operator.go, read at v3.4.0, v3.7.0, v4.0.0 and v4.1.2) sends it as
     * the Pod's only where the informer holds the Pod of the node, with the reason and message it gives the Workflow's, and
     * records either in {@code recordNodePhaseChangeEvents} after the Workflow update returned: the same evidence of a stored
     * node as the Workflow-kind line. So it joins the history of the Workflow the Pod's link names, where that link is to the
     * node the event names (a Pod runs one node); a Pod without a link, or a node that is not its own, keeps it on its own
     * lines only.
     */
    private static WorkflowRef sentAsPod(LogEvent e, GroupFacts.PodFacts pod) {
        if (pod == null || pod.link() == null || !(e.event() instanceof ControllerEvent.EventRecorded r) || r.wf() != null
                || r.podRef() == null || r.node() == null || !pod.link().isAbout(r)) {
            return null;
        }
        return pod.link().workflow();
    }

    /**
     * The controller runs (streams) that logged lines of a Pod whose export names its owner Workflow by UID, by that UID: the runs
     * that worked that object ({@link WorkflowWrites}).
     */
    private static Map<String, Set<Integer>> runsOfOwner(GroupFacts group, Map<PodKey, List<LogEvent>> podEvents) {
        Map<String, Set<Integer>> out = new HashMap<>();
        for (Map.Entry<PodKey, GroupFacts.PodFacts> p : group.pods().entrySet()) {
            List<LogEvent> evs = podEvents.get(p.getKey());
            if (evs == null || evs.isEmpty()) {
                continue;
            }
            String owner = null;
            for (PodSnapshot s : p.getValue().snapshots()) {
                for (dev.argoforensics.snapshot.OwnerRef o : s.owners()) {
                    if (owner == null && "Workflow".equals(o.kind()) && o.uid() != null && !o.uid().isEmpty()) {
                        owner = o.uid();
                    }
                }
            }
            if (owner != null) {
                Set<Integer> runs = out.computeIfAbsent(owner, k -> new TreeSet<>());
                evs.forEach(e -> runs.add(e.stream()));
            }
        }
        return out;
    }

    /** The group without its per-line Pods and handler places: what the correlation reads once its Pods' lines are gathered. */
    private static GroupFacts withoutLinePlaces(GroupFacts g) {
        return new GroupFacts(g.events(), List.of(), new int[0], g.pods(), g.workflowNames(), g.workflowSnapshots(), g.workflowAudit(),
                g.podTables(), g.available(), g.processes(), g.clocks(), g.cut(), g.unread(), g.copies());
    }

    /** "Created pod" lines by the Pod they name: where a Pod recreated with the same name starts. */
    private static Map<PodKey, List<LogEvent>> createdLines(List<LogEvent> events, Map<String, Set<String>> namespacesByPod) {
        Map<PodKey, List<LogEvent>> out = new HashMap<>();
        for (LogEvent e : events) {
            if (e.event() instanceof PodCreated c && c.podRef() != null) {
                out.computeIfAbsent(resolve(c.podRef(), namespacesByPod), k -> new ArrayList<>()).add(e);
            }
        }
        return out;
    }

    /**
     * The history of the Pod of the name right before this one, where the lines told the name's lifetimes apart ({@link Lifetimes},
     * {@link PodKey#printed}); null for the first, or a name not split. Its release, logged before this Pod's {@code Created pod},
     * is read as it was before the split (session 52): an earlier Pod's release, by the node's reset or a new Workflow of the name.
     */
    private static PodHistory previousLifetime(PodHistory own, Map<PodKey, PodHistory> pods, Map<PodKey, List<PodHistory>> earlierPods) {
        PodKey key = own.key();
        PodKey.Lifetime l = key.printed();
        if (l == null && key.uid() != null) {
            // An exported Pod after earlier Pods of the name the lines told apart (session 53): the one whose lifetime ends at its start.
            Timestamp from = own.identity().from();
            for (PodHistory h : from == null ? List.<PodHistory>of() : earlierPods.getOrDefault(key.named(), List.of())) {
                if (from.equals(h.identity().until())) {
                    return h;
                }
            }
            return null;
        }
        if (l == null || l.number() < 2) {
            return null;
        }
        // The lifetime whose end is this one's start (session 56: not merely the one numbered before it, which may be a Pod another
        // controller created at once, PodInstances#identity).
        Timestamp from = own.identity().from();
        for (PodHistory h : from == null ? List.<PodHistory>of() : earlierPods.getOrDefault(key.named(), List.of())) {
            if (from.equals(h.identity().until()) && h.key().printed() != null && h.key().printed().number() < l.number()) {
                return h;
            }
        }
        return null;
    }

    /**
     * The {@code Created pod} line of the Pod of the name whose lifetime starts where this one's ends ({@link PodIdentity#until}), or
     * null: the pass that made it and what follows are that Pod's (a Workflow submitted again under the name, a node run again).
     */
    private static LogEvent nextLifetimeCreated(PodHistory own, Map<PodKey, List<PodHistory>> ofSplitNames) {
        Timestamp until = own.identity().until();
        if (until == null) {
            return null;
        }
        for (PodHistory h : ofSplitNames.getOrDefault(own.key().named(), List.of())) {
            if (h != own && until.equals(h.identity().from())) {
                return h.latestCreated();
            }
        }
        return null;
    }

    /** The lines of the lifetimes before {@code own} in its chain ({@link #previousLifetime}, followed back), in the order the name's lifetimes are held. */
    private static List<LogEvent> chainBefore(PodHistory own, Map<PodKey, PodHistory> pods, Map<PodKey, List<PodHistory>> earlierPods) {
        List<PodHistory> all = earlierPods.getOrDefault(own.key().named(), List.of());
        Set<PodKey> chain = new java.util.HashSet<>();
        PodHistory p = previousLifetime(own, pods, earlierPods);
        while (p != null && chain.add(p.key())) {
            p = previousLifetime(p, pods, earlierPods);
        }
        List<LogEvent> out = new ArrayList<>();
        for (PodHistory h : all) {
            if (chain.contains(h.key())) {
                out.addAll(h.events());
            }
        }
        return out;
    }

    /** The lines that show a Pod's cleanup under way ({@link Lifetimes#ends}) by the Pod they name: where a Pod's lifetime ends. */
    private static Map<PodKey, List<LogEvent>> cleanupLines(List<LogEvent> events, Map<String, Set<String>> namespacesByPod) {
        Map<PodKey, List<LogEvent>> out = new HashMap<>();
        for (LogEvent e : events) {
            if (Lifetimes.ends(e)) {
                e.event().pod().ifPresent(p -> out.computeIfAbsent(resolve(p, namespacesByPod), k -> new ArrayList<>()).add(e));
            }
        }
        return out;
    }

    /**
     * The Kubernetes node an exported Pod ran on, and the time it is known to have existed: from its
     * creation (or first line) to its last line, export or deletion.
     */
    private static Optional<PodRecords.HostSpan> hostSpan(LineProjection.Span lines, List<PodSnapshot> snaps) {
        String host = snaps.stream().map(PodSnapshot::nodeName).filter(h -> !h.isEmpty()).reduce((a, b) -> b).orElse("");
        if (host.isEmpty()) {
            return Optional.empty();
        }
        LineProjection.Span span = lines == null ? new LineProjection.Span(null, null) : lines;
        // An export shows the Pod existing when it was taken: where only its file or the command line states when, no later than
        // that time less what a user's clock may be off (ObservedAt#takenNoEarlierThan), so that a Kubernetes node's event in the
        // minute before a stated time is not given to a Pod that may have been gone by then.
        for (PodSnapshot s : snaps) {
            span = span.with(s.creationTimestamp()).with(s.deletionTimestamp()).with(s.observed() == null ? null : s.observed().takenNoEarlierThan().at());
        }
        if (span.first() == null) {
            return Optional.empty();
        }
        return Optional.of(new PodRecords.HostSpan(host, span.first(), span.last()));
    }

    /**
     * The facts' namespaces, derived once from what the lines say of them ({@link NamespaceProjection}: of all kept lines,
     * or the union of each file's) and the exports.
     *
     * @param objects the exports, each Workflow exported without a namespace given the one the evidence places it in
     * @param byPod   every namespace a Pod name is seen in
     */
    public record Namespaces(ExportedObjects objects, Map<String, Set<String>> byPod) {
    }

    /** The facts' namespaces from the lines' projection and the exports: what {@link #facts} takes, however the projection was made. */
    public static Namespaces namespaces(NamespaceProjection lines, ExportedObjects exported) {
        ExportedObjects objects = WorkflowNamespaces.resolve(exported, lines.workflows());
        return new Namespaces(objects, namespacesByPod(lines.pods(), objects.pods(), objects.workflows(),
                sharedWorkflowNames(lines.workflows(), objects.workflows())));
    }

    /**
     * The Workflow names that lines state or exports hold in two or more namespaces, each with those namespaces (a Workflow
     * named by hand, or a CronWorkflow of the same name in two namespaces: {@code nightly-1733270400} in both). Their Pods have
     * the same names in each namespace (a Pod's name is its Workflow's and its node's, reference §7.4), so a line that names
     * such a Pod without a namespace may be about either ({@link #namespacesByPod}). Made once from the whole input's
     * namespaces and exports; the slices carry it ({@link PodSlices#sharedWorkflows}).
     */
    public static Map<String, Set<String>> sharedWorkflowNames(Map<String, Set<String>> stated, List<WorkflowSnapshot> workflows) {
        Map<String, Set<String>> all = new TreeMap<>();
        stated.forEach((name, namespaces) -> all.computeIfAbsent(name, k -> new TreeSet<>()).addAll(namespaces));
        for (WorkflowSnapshot w : workflows) {
            if (!w.namespace().isEmpty() && !w.name().isEmpty()) {
                all.computeIfAbsent(w.name(), k -> new TreeSet<>()).add(w.namespace());
            }
        }
        all.values().removeIf(namespaces -> namespaces.size() < 2);
        all.replaceAll((name, namespaces) -> Collections.unmodifiableSet(namespaces));
        return Collections.unmodifiableMap(all);
    }

    /**
     * Every namespace a Pod name may be in, for a line that names it without one: the namespaces lines state for the name and
     * exports hold it in, and, where the name starts with a Workflow's name ({@code <wf>-…}) that is in one of those and also in
     * other namespaces ({@code shared}), those too. Session 36: a {@code delete pod event} (its {@code pod=} has no namespace)
     * of a Workflow named alike in two namespaces went to the one namespace the other lines stated, though the other
     * Workflow's Pod has the same name; now such a line has no namespace, and {@link #resolve(PodRef, Map)} says so.
     */
    private static Map<String, Set<String>> namespacesByPod(Map<String, Set<String>> stated, List<PodSnapshot> pods,
                                                            List<WorkflowSnapshot> workflows, Map<String, Set<String>> shared) {
        Map<String, Set<String>> out = podNamespaces(stated, pods, workflows);
        if (shared.isEmpty()) {
            return out;
        }
        for (Map.Entry<String, Set<String>> e : out.entrySet()) {
            String name = e.getKey();
            Set<String> more = new TreeSet<>();
            for (int dash = name.indexOf('-'); ; dash = name.indexOf('-', dash + 1)) {
                Set<String> namespaces = shared.get(dash < 0 ? name : name.substring(0, dash));
                if (namespaces != null && !Collections.disjoint(namespaces, e.getValue())) {
                    more.addAll(namespaces);
                }
                if (dash < 0) {
                    break;
                }
            }
            e.getValue().addAll(more);
        }
        return out;
    }

    /** Every namespace a Pod name is seen in, from the namespaces lines state for Pod names and from exports. */
    private static Map<String, Set<String>> podNamespaces(Map<String, Set<String>> stated, List<PodSnapshot> pods,
                                                          List<WorkflowSnapshot> workflows) {
        Map<String, Set<String>> out = new HashMap<>();
        // A Workflow export places the Pods of its Pod nodes (their names derived as the controller names them, reference §7.4),
        // so a line naming such a Pod without a namespace (a wait container's log under kubectl --prefix) is placed too.
        for (WorkflowSnapshot w : workflows) {
            if (w.namespace().isEmpty() || w.name().isEmpty()) {
                continue;
            }
            w.nodes().values().stream().filter(n -> "Pod".equals(n.type()) && !n.name().isEmpty()).forEach(n -> out
                    .computeIfAbsent(!n.podName().isEmpty() ? n.podName() : NodeNaming.podName(w.podNameFormat(), w.name(), n.name(),
                            n.templateRefTemplate().isEmpty() ? n.templateName() : n.templateRefTemplate()), k -> new TreeSet<>())
                    .add(w.namespace()));
        }
        stated.forEach((name, namespaces) -> out.computeIfAbsent(name, k -> new TreeSet<>()).addAll(namespaces));
        for (PodSnapshot p : pods) {
            if (!p.namespace().isEmpty()) {
                out.computeIfAbsent(p.name(), k -> new TreeSet<>()).add(p.namespace());
            }
        }
        return out;
    }

    /**
     * The Pod a line names, its namespace resolved: a line that states none takes the namespace its own text gives (an
     * executor's refused task result write names the namespace it wrote in, which is its own Pod's: {@link #statedNamespace}),
     * else the only namespace the Pod name is seen in, if there is one.
     */
    static PodKey resolve(LogEvent line, PodRef ref, Map<String, Set<String>> namespacesByPod) {
        if (ref.namespace() == null) {
            String stated = statedNamespace(line);
            if (stated != null) {
                return new PodKey(stated, ref.name());
            }
        }
        return resolve(ref, namespacesByPod);
    }

    /**
     * The namespace a line without one states of its own Pod: the executor creates and patches its task result in its
     * Pod's namespace (a task result lives beside its Workflow and Pods, reference §7.3), so the API server's refusal of that
     * write ({@link ForbiddenWrite#target}), in a wait container's line, names the Pod's namespace. Null when it states none.
     */
    static String statedNamespace(LogEvent line) {
        if (line.event() instanceof ControllerEvent.Signal s && s.podRef() != null && s.podRef().namespace() == null && s.attribute("error") != null) {
            return ForbiddenWrite.parse(s.attribute("error")).map(ForbiddenWrite::target).filter(t -> !t.isEmpty()).orElse(null);
        }
        return null;
    }

    /** A line without a namespace gets the only namespace the Pod name is seen in, if there is one. */
    static PodKey resolve(PodRef ref, Map<String, Set<String>> namespacesByPod) {
        if (ref.namespace() != null) {
            return new PodKey(ref.namespace(), ref.name());
        }
        Set<String> candidates = namespacesByPod.getOrDefault(ref.name(), Set.of());
        return new PodKey(candidates.size() == 1 ? candidates.iterator().next() : null, ref.name());
    }

    /**
     * Assembles removeFinalizer work items from one Pod's lines, per stream (one controller run, one
     * work queue), as the queue does: an item (key {@code <ns>/<pod>/removeFinalizer}) waiting in the
     * queue absorbs later adds of the same key and keeps the earliest due time (every significant
     * update of a Pod being deleted runs the deleting handler again, and the Workflow delete handler
     * may have queued the Pod already); a cleanup worker's line takes the waiting item; a failure puts
     * it back for a retry. The handler line of an item is its line's pair ({@link CleanupPairing}), placed
     * right before it, so the informer event last seen in the stream is the one the handler ran on.
     */
    static List<FinalizerRemoval> removals(List<LogEvent> podEvents, CleanupPairing pairing) {
        return removals(podEvents, pairing, List.of(), (stream, at) -> false, Map.of());
    }

    /**
     * As above; the Pod's exports may tell which branch of the handler wrote a scheduling line without its handler
     * line, and where the stream may be an excerpt grepped for names at the line's time ({@code excerpt}: no record
     * naming nothing on both sides of it, see {@link StreamExtents}) the missing handler line tells nothing: a delay
     * both branches can give leaves the branch unknown ({@link RemovalCause#EITHER_BRANCH}) rather than the orphan path.
     * A run's leadership does not enter (session 37): the pod controller (its informer, handler, queue and cleanup workers) is
     * started in the same {@code WorkflowController.Run} as the Workflow workers, which a replica calls only once it leads (or
     * with leader election off), in every release: a standby logs no handler line, and a run whose handler logged was running
     * the controller, whatever its election lines say (session 35 had dropped such a run's items without a worker line as a
     * standby's, and session 36 kept them only after its first {@code Processing workflow}, so a leader with
     * {@code workflowWorkers=0} whose election line was cut had its release dropped). What removes an item is read from the pod
     * controller's own order instead (below: an item its stream saw the Pod leave before any worker line).
     * <p>One election line does enter: a run's {@code stopped leading} ({@code leaseLost}, its first per stream). client-go cancels the
     * context it gave {@code OnStartedLeading} before it calls {@code OnStoppedLeading}, which logs that line, cancels the process's
     * context and lets it exit (cmd/workflow-controller/main.go, v3.4.0 to v4.1.2); the pod controller runs on the first context, its
     * queue shuts down with it, and its worker patches with it (a cancelled request is never sent). So a worker line after that
     * line patched nothing, and an item no worker line took before it died with the queue (recheck, session 37).
     */
    static List<FinalizerRemoval> removals(List<LogEvent> podEvents, CleanupPairing pairing, List<PodSnapshot> snapshots,
                                           BiPredicate<Integer, Timestamp> excerpt, Map<Integer, List<LogEvent>> leaseLost) {
        return removals(podEvents, pairing, snapshots, excerpt, leaseLost, List.of(), List.of(), null);
    }

    /**
     * As above, with the controller runs ({@code processes}, {@link LogEvent#stream()} indexing them) and the Pod's node lines
     * ({@code nodeLines}): an item no worker line took is not taken for a removal where its run's own lines show that none of its
     * workers took it while it could still remove the finalizer (session 38, {@link FinalizerRemoval.Unworked}): the run lost the
     * Lease after it, the next process of the same replica starts in the same file after it, or the run, read whole from the item to
     * past a line that shows the Pod gone (its node's {@code Workflow pod is missing}, another run's {@code delete pod event}),
     * logged no worker line (a worker logs {@code cleaning up pod} before it patches, and patches only a Pod its informer holds: a Pod
     * gone from the cluster none). Such an item, and one its own run saw the Pod leave before any worker line, is kept only where
     * it is the Pod's one release, and then named as removing nothing its lines show.
     */
    static List<FinalizerRemoval> removals(List<LogEvent> podEvents, CleanupPairing pairing, List<PodSnapshot> snapshots,
                                           BiPredicate<Integer, Timestamp> excerpt, Map<Integer, List<LogEvent>> leaseLost,
                                           List<ControllerProcess> processes, List<LogEvent> nodeLines, Timestamp laterNode) {
        List<FinalizerRemoval> out = new ArrayList<>();
        Map<Integer, Builder> pending = new HashMap<>();
        Map<Integer, Builder> lastRequest = new HashMap<>();
        Map<Integer, LogEvent> lastInformer = new HashMap<>();
        for (LogEvent e : podEvents) {
            ControllerEvent ev = e.event();
            int stream = e.stream();
            LogEvent handler = pairing.handlerOf(e);
            if (ev instanceof PodInformerEvent p) {
                LogEvent before = lastInformer.put(stream, e);
                Builder waiting = pending.get(stream);
                if (p.action() == InformerAction.ADD && before != null && waiting != null && waiting.started == null
                        && before.event() instanceof PodInformerEvent b && b.action() != InformerAction.DELETE) {
                    // A second add of a Pod the informer held (no delete between): an informer adds an object it holds only once
                    // (a relist gives updates), so this is a new controller run whose start the lines left out (a grep for the
                    // Pod drops "Starting Workflow Controller"). The waiting item died with the old run's queue; the new run
                    // queues its own, and its line, not the dead one's, scheduled the removal.
                    close(waiting, out);
                    pending.remove(stream);
                    lastRequest.remove(stream);
                }
            } else if (ev instanceof PodCleanupScheduled s && s.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                Builder r = new Builder();
                Boolean byExport = handler != null ? null : branchByTheExport(s, e, snapshots);
                if (handler != null) {
                    r.onDelete = handler;
                    r.trigger = lastInformer.get(stream);
                } else if (deletingByItsDelay(s) || Boolean.TRUE.equals(byExport)) {
                    // The handler's "Removing finalizers during a delete" line is missing (it names no Pod: a grep for the
                    // Pod drops it), yet only the deleting branch gives this delay.
                    r.trigger = lastInformer.get(stream);
                    r.deletingByDelay = true;
                } else if (byExport == null && s.delayNanos() != 0 && excerpt.test(stream, e.time())) {
                    // A grep for names (this Pod, several, its Workflow, a namespace) drops the handler line (it names nothing):
                    // its absence is no evidence of the orphan path, and a nonzero delay fits the deleting branch as well (a
                    // podGC delay, or no podGC logged).
                    r.eitherBranch = true;
                }
                r.scheduled = e;
                r.due = e.time().instant().plusNanos(Math.max(0, s.delayNanos()));
                r.dueLatest = e.time().windowEnd().plusNanos(Math.max(0, s.delayNanos()) + LOGGING_LAG_NANOS);
                lastRequest.put(stream, r);
                add(pending, stream, r, out);
            } else if (ev instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                Builder last = lastRequest.get(stream);
                if (handler == null && last != null && last.scheduled != null && last.queued == null) {
                    last.queued = e; // the scheduling line's own queueing line
                } else {
                    Builder r = new Builder();
                    if (handler != null) {
                        // The handler's line, then its queueing line without the scheduling line between them (cut short or
                        // left out of an excerpt): the handler's own item, not a cleanup queued after a persist.
                        r.onDelete = handler;
                        r.trigger = lastInformer.get(stream);
                    }
                    r.queued = e;
                    long after = q.afterNanos() == null ? 0 : Math.max(0, q.afterNanos());
                    r.due = e.time().instant().plusNanos(after);
                    r.dueLatest = e.time().windowEnd().plusNanos(after + LOGGING_LAG_NANOS);
                    lastRequest.put(stream, r);
                    add(pending, stream, r, out);
                }
            } else if (ev instanceof PodCleanupStarted st && st.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                if (afterLeaseLost(e, leaseLost)) {
                    continue; // logged once the run's context was cancelled: its patch was never sent
                }
                Builder b = pending.get(stream);
                if (b == null) {
                    b = new Builder();
                    pending.put(stream, b);
                } else if (b.started != null && !b.failed) {
                    continue; // a second worker line for an item that did not fail: the first one did the work
                }
                b.started = e;
                b.failed = false;
            } else if (ev instanceof PodCleanupFailed f && f.cleanup() == CleanupAction.REMOVE_FINALIZER && pending.get(stream) != null) {
                Builder b = pending.get(stream);
                b.started = null; // the attempt failed; the retry's worker line will follow
                b.failed = true;
            }
        }
        pending.keySet().stream().sorted().forEach(stream -> close(pending.get(stream), out));
        // An item no worker line took, after which its own run saw the Pod leave its informer: none of that run's workers removed the
        // finalizer (a worker logs "cleaning up pod" before it patches, and patches only a Pod its informer holds). An item no worker
        // line took before its run lost the Lease, or before the next process of its replica started, died with that run's queue; one
        // whose run, read whole, went on past a line showing the Pod gone without a worker line was not taken while the Pod was there.
        // Where another removal remains it is that one's; kept only as the Pod's one release, which the lifecycle and AF001 then name
        // as removing nothing its lines show.
        List<FinalizerRemoval> unworked = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            FinalizerRemoval r = out.get(i);
            if (r.started() != null) {
                continue;
            }
            if (leftBeforeAnyWorker(r, podEvents)) {
                unworked.add(r);
                continue;
            }
            FinalizerRemoval.Unworked why = leaseLostBeforeAnyWorker(r, leaseLost);
            why = why != null ? why : runEndedBeforeAnyWorker(r, processes);
            why = why != null ? why : goneBeforeAnyWorker(r, podEvents, nodeLines, processes, laterNode);
            if (why != null) {
                r = r.unworked(why);
                out.set(i, r);
                unworked.add(r);
            }
        }
        if (unworked.size() < out.size()) {
            out.removeAll(unworked);
        }
        out.sort(Comparator.comparingLong(r -> r.decisive().ordinal()));
        return EventOrder.merged(out, FinalizerRemoval::decisive); // by time across runs: the first is the earliest, whichever file came first
    }

    /** The item's own run logged {@code stopped leading} after the item was queued (see {@link #removals}): that line, else null. */
    private static FinalizerRemoval.Unworked leaseLostBeforeAnyWorker(FinalizerRemoval r, Map<Integer, List<LogEvent>> leaseLost) {
        LogEvent queued = r.scheduled() != null ? r.scheduled() : r.queued();
        if (queued == null) {
            return null;
        }
        for (LogEvent l : leaseLost.getOrDefault(queued.stream(), List.of())) {
            if (EventOrder.after(l, queued) && ((ControllerEvent.LeaderElection) l.event()).change() == ControllerEvent.LeaderChange.STOPPED_LEADING) {
                return new FinalizerRemoval.Unworked(FinalizerRemoval.Unworked.Kind.LEASE_LOST, l, l.time(), l.source().toString());
            }
        }
        return null;
    }

    /**
     * The next process of the item's replica starts in the file where the item's run ends (its start banner, which the reading splits
     * runs at): the run ended there, and its queue with it (a process keeps no queue across a restart). Only a run whose evidence does
     * not end before the run did ({@link ControllerProcess#cutAtEnd}), that holds records naming nothing before the item (not a grep for
     * names) and has no gap of them after it (no stretch cut out, as where a head, a grep and a tail were pasted together): its lines
     * from the item to its end are all it wrote, and no worker line is among them. Null otherwise.
     */
    private static FinalizerRemoval.Unworked runEndedBeforeAnyWorker(FinalizerRemoval r, List<ControllerProcess> processes) {
        LogEvent queued = r.scheduled() != null ? r.scheduled() : r.queued();
        if (queued == null || queued.stream() < 0 || queued.stream() >= processes.size()) {
            return null;
        }
        ControllerProcess run = processes.get(queued.stream());
        if (run.cutAtEnd() || run.files().isEmpty() || run.replica() == null) {
            return null;
        }
        ControllerProcess.Nameless n = run.nameless();
        if (n.records() == 0 || n.first() == null || n.first().isAfter(queued.time())
                || StreamExtents.cutWithin(processes, run.id(), queued.time(), run.last() == null ? queued.time() : run.last())) {
            return null;
        }
        String file = run.files().get(run.files().size() - 1);
        ControllerProcess next = null;
        for (ControllerProcess p : processes) {
            // The run the file opens after this one (ids follow the file's order; incarnations follow time since session 50, and a
            // current container's tail numbered after the previous container's log pasted below it starts at no line of the file). A
            // later run of the file that starts before this one's last line is no run after it: a kubectl logs -p pasted after the
            // current container's tail is the earlier process (session 49).
            if (run.replica().equals(p.replica()) && p.id() > run.id() && p.files().contains(file) && p.first() != null
                    && (run.last() == null || !p.first().isBefore(run.last()))
                    && (next == null || p.id() < next.id())) {
                next = p;
            }
        }
        return next == null ? null : new FinalizerRemoval.Unworked(FinalizerRemoval.Unworked.Kind.RUN_ENDED, null, next.first(), file);
    }

    /**
     * A line that shows the Pod gone (the node's {@code Workflow pod is missing}: the operator no longer finds the Pod in its
     * informer; another run's {@code delete pod event}) no earlier than the item, while the item's run, read whole from the item to
     * past it ({@link StreamExtents#readWholeThrough}; past it by {@link DeletionBounds#CROSS_CLOCK_NANOS} for another run's line,
     * whose clock may disagree), logged no worker line: its workers took the item, if ever, only once the Pod was gone, and patched
     * nothing. The first such line, else null. Another run's line more than that margin before the item is of an earlier moment.
     */
    private static FinalizerRemoval.Unworked goneBeforeAnyWorker(FinalizerRemoval r, List<LogEvent> podEvents, List<LogEvent> nodeLines,
                                                                 List<ControllerProcess> processes, Timestamp laterNode) {
        LogEvent queued = r.scheduled() != null ? r.scheduled() : r.queued();
        if (queued == null || processes.isEmpty()) {
            return null;
        }
        List<LogEvent> gone = new ArrayList<>();
        for (LogEvent e : podEvents) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE && e.stream() != queued.stream()) {
                gone.add(e);
            }
        }
        for (LogEvent e : nodeLines) {
            if (e.event() instanceof ControllerEvent.WorkflowPodMissing) {
                gone.add(e);
            }
        }
        for (LogEvent g : EventOrder.merged(gone)) {
            if (laterNode != null && g.time().comparable(laterNode)
                    && g.time().instant().isAfter(laterNode.instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
                continue; // of the node's run in a later Workflow object of the name: a later Pod's going, not this one's (session 39)
            }
            boolean own = g.stream() == queued.stream();
            long margin = own ? 0 : DeletionBounds.CROSS_CLOCK_NANOS;
            if (own ? !EventOrder.after(g, queued) : g.time().instant().plusNanos(margin).isBefore(queued.time().instant())) {
                continue;
            }
            if (!g.time().comparable(queued.time())) {
                continue;
            }
            Timestamp latest = g.time().isAfter(queued.time()) ? g.time() : queued.time();
            Timestamp to = new Timestamp(latest.instant().plusNanos(margin), latest.precision(), latest.zone());
            if (StreamExtents.readWholeThrough(processes, queued.stream(), queued.time(), to)) {
                return new FinalizerRemoval.Unworked(FinalizerRemoval.Unworked.Kind.GONE_BEFORE, g, g.time(), g.source().toString());
            }
        }
        return null;
    }

    /**
     * Session 39: where the Pod's node ran again in another Workflow object of the same name, the start of that run, else null.
     * A Workflow export whose UID is not the one the Pod's export names as its owner (a Workflow deleted and submitted again under
     * its name: a new object, the same node IDs) records the node started after this Pod's deletion was requested
     * ({@code deletionTimestamp}, no earlier than the request): that run's Pod is a later Pod of the name, and the node's lines
     * from then on (its {@code Workflow pod is missing}, another run's {@code delete pod event}) are of that Pod, not of this one.
     * Needs both UIDs: without them a later object is not told from this one.
     */
    static Timestamp laterNodeStart(List<PodSnapshot> podExports, WorkflowHistory workflow, String nodeId) {
        if (workflow == null || nodeId == null) {
            return null;
        }
        String owner = null;
        Timestamp deleted = null;
        for (PodSnapshot s : podExports) {
            for (dev.argoforensics.snapshot.OwnerRef o : s.owners()) {
                if ("Workflow".equals(o.kind()) && o.uid() != null && !o.uid().isEmpty()) {
                    owner = o.uid();
                }
            }
            if (s.deletionTimestamp() != null && (deleted == null || s.deletionTimestamp().isBefore(deleted))) {
                deleted = s.deletionTimestamp();
            }
        }
        if (owner == null || deleted == null) {
            return null;
        }
        Timestamp out = null;
        for (dev.argoforensics.snapshot.WorkflowSnapshot w : workflow.snapshots()) {
            if (w.uid() == null || w.uid().isEmpty() || w.uid().equals(owner)) {
                continue;
            }
            dev.argoforensics.snapshot.NodeStatus n = w.nodes().get(nodeId);
            if (n == null || n.startedAt() == null || !n.startedAt().isAfter(deleted)) {
                continue;
            }
            out = out == null || n.startedAt().isBefore(out) ? n.startedAt() : out;
        }
        return out;
    }

    /** The last election line of its run before {@code e} is {@code stopped leading}: the run's pod controller had been cancelled. */
    private static boolean afterLeaseLost(LogEvent e, Map<Integer, List<LogEvent>> leaseLost) {
        LogEvent last = null;
        for (LogEvent l : leaseLost.getOrDefault(e.stream(), List.of())) {
            if (EventOrder.after(e, l)) {
                last = l;
            }
        }
        return last != null && ((ControllerEvent.LeaderElection) last.event()).change() == ControllerEvent.LeaderChange.STOPPED_LEADING;
    }

    /** The item's own stream logs the Pod's {@code delete pod event} after the item was queued (see {@link #removals}). */
    private static boolean leftBeforeAnyWorker(FinalizerRemoval r, List<LogEvent> podEvents) {
        LogEvent queued = r.scheduled() != null ? r.scheduled() : r.queued();
        if (queued == null) {
            return false;
        }
        for (LogEvent e : podEvents) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE && e.stream() == queued.stream()
                    && EventOrder.after(e, queued)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How much later than the handler's clock reading its line may be stamped: the handler computes the delay from
     * {@code time.Now()} and the logger stamps the line after it, microseconds later; a millisecond covers it.
     */
    static final long LOGGING_LAG_NANOS = 1_000_000L;

    /**
     * A new add of the item: it waits with the pending one (the earlier due time wins), or follows one a worker already took.
     * Earlier only when surely so: a line's due time is known to its time's precision (a millisecond in most logs) plus the
     * logging lag, and lines for the same due time (every update of a Pod being deleted queues it again, with a delay
     * shorter by the time gone by) differ by that much in either direction; the first of them scheduled the removal.
     */
    private static void add(Map<Integer, Builder> pending, int stream, Builder request, List<FinalizerRemoval> out) {
        Builder p = pending.get(stream);
        if (p == null) {
            pending.put(stream, request);
        } else if (p.started == null) {
            if (p.due == null || request.dueLatest.isBefore(p.due)) {
                pending.put(stream, request); // due earlier: the item now runs at the new time
            }
            // else: the queue already holds the item, due no later; this add changes nothing
        } else {
            close(p, out);
            pending.put(stream, request);
        }
    }

    private static void close(Builder b, List<FinalizerRemoval> out) {
        if (b == null) {
            return;
        }
        FinalizerRemoval r = b.build();
        if (r != null) {
            out.add(r);
        }
    }

    /** A Go duration above zero ({@code 5s}, {@code 1m30s}, {@code 250ms}) anywhere in a logged podGC. */
    private static final java.util.regex.Pattern POSITIVE_DURATION = java.util.regex.Pattern.compile(
            "(?<![0-9A-Za-z.])(?:[0-9]*[1-9][0-9]*(?:\\.[0-9]+)?|0?\\.[0-9]*[1-9][0-9]*)(?:ns|us|µs|ms|s|m|h)");

    /**
     * A scheduling line only the pod event handler's deleting branch can have written: its minimum delay
     * is 2m, the orphan branch's 0, so with no positive podGC delay (the logged podGC names none) the
     * orphan branch logs a delay of exactly 0 (reference, the delay formula). A nonzero delay is the
     * deleting branch's. Without the podGC field (a line cut before it) nothing is inferred.
     */
    static boolean deletingByItsDelay(PodCleanupScheduled s) {
        return s.delayNanos() != 0 && s.podGC() != null && !POSITIVE_DURATION.matcher(s.podGC()).find();
    }

    /**
     * A scheduling line without its handler line whose delay only the deleting branch gives, by an export
     * of the Pod: the handler logs {@code delay = lastTransition + effective - now}, so the delay plus the
     * time from the Pod's latest condition transition to the line is the effective delay it used, which
     * is max(podGC delay, 2m) on the deleting branch and the podGC delay on the orphan branch (minimum 0).
     * With the Pod's podGC delay (its {@code pod-gc-strategy} annotation, which the handler reads) under
     * 2m the two differ; the effective delay then names the branch, within the precision of the two times.
     * Only an export whose latest transition is no later than the line counts (a later one is not the
     * transition the handler saw); any export that fits the orphan branch, or none that fits the deleting
     * one (clocks that disagree, conditions that changed after the export), leaves the line undecided.
     */
    static boolean deletingByTheExport(PodCleanupScheduled s, LogEvent line, List<PodSnapshot> snapshots) {
        return Boolean.TRUE.equals(branchByTheExport(s, line, snapshots));
    }

    /**
     * The branch an export of the Pod names (see {@link #deletingByTheExport}): true for the deleting branch,
     * false for the orphan branch (an export whose transition and the delay give the podGC delay itself), null
     * when no export decides (none with conditions before the line, a podGC delay of 2m or more, clocks that
     * disagree, conditions that changed after the export).
     */
    static Boolean branchByTheExport(PodCleanupScheduled s, LogEvent line, List<PodSnapshot> snapshots) {
        if (s.delayNanos() == 0) {
            return null;
        }
        boolean deleting = false;
        for (PodSnapshot pod : snapshots) {
            Optional<Timestamp> last = pod.lastConditionTransition();
            if (last.isEmpty() || last.get().instant().isAfter(line.time().windowEnd()) || !pod.podGcKnown()) {
                continue;
            }
            long podGc = RemovalDeadline.podGcDelay(pod.annotations().get(PodSnapshot.POD_GC_ANNOTATION));
            if (podGc >= RemovalDeadline.MINIMUM_DELAY_NANOS) {
                return null; // both branches use the podGC delay: nothing to tell them apart
            }
            long effective = last.get().nanosUntil(line.time()) + s.delayNanos();
            long tolerance = last.get().precision().windowNanos() + line.time().precision().windowNanos();
            if (Math.abs(effective - Math.max(podGc, 0)) <= tolerance) {
                return false; // fits the orphan branch
            }
            deleting |= Math.abs(effective - RemovalDeadline.MINIMUM_DELAY_NANOS) <= tolerance;
        }
        return deleting ? true : null;
    }

    /** A removeFinalizer work item being assembled. */
    private static final class Builder {
        LogEvent trigger;
        LogEvent onDelete;
        /** No handler line seen, but the scheduling line's delay says the deleting branch wrote it. */
        boolean deletingByDelay;
        /** No handler line, in an excerpt that would not have shown it, with a delay either branch gives. */
        boolean eitherBranch;
        LogEvent scheduled;
        LogEvent queued;
        LogEvent started;
        /** When the item is due to run: the scheduling (or queueing) time plus its positive delay. */
        Instant due;
        /** The latest the due time can be, from the line's time window and the logging lag. */
        Instant dueLatest;
        /** The last attempt failed and no later worker line took the item again. */
        boolean failed;

        /**
         * A removal happened if a worker took it, or if it was due at once (the worker line may be cut
         * off), unless the only attempt seen failed.
         */
        FinalizerRemoval build() {
            boolean dueNow = (scheduled != null && ((PodCleanupScheduled) scheduled.event()).delayNanos() <= 0)
                    || (scheduled == null && queued != null && (((PodCleanupQueued) queued.event()).afterNanos() == null
                            || ((PodCleanupQueued) queued.event()).afterNanos() <= 0));
            if (started == null && (!dueNow || failed)) {
                return null;
            }
            if (scheduled == null && queued == null && started == null) {
                return null;
            }
            RemovalCause cause;
            boolean leftInformer = trigger != null && ((PodInformerEvent) trigger.event()).action() == InformerAction.DELETE;
            if ((scheduled != null || queued != null) && (onDelete != null || deletingByDelay)) {
                cause = leftInformer ? RemovalCause.LEFT_INFORMER : RemovalCause.POD_DELETED;
            } else if (scheduled != null && eitherBranch) {
                cause = RemovalCause.EITHER_BRANCH;
            } else if (scheduled != null) {
                cause = RemovalCause.ORPHANED;
            } else if (queued != null) {
                cause = RemovalCause.AFTER_PERSIST;
            } else {
                cause = RemovalCause.UNKNOWN;
            }
            boolean handler = (scheduled != null || queued != null) && (onDelete != null || deletingByDelay);
            return new FinalizerRemoval(handler ? trigger : null, handler ? onDelete : null, scheduled, queued,
                    started, cause);
        }
    }

    static Set<EvidenceKind> available(LineProjection lines, List<LogEvent> kept, LogCoverage coverage, ExportedObjects objects) {
        boolean podLines = false;
        for (LogEvent e : kept) {
            if (podControllerLine(e)) {
                podLines = true;
                break;
            }
        }
        return available(lines.lines() > lines.specials().size(), !kept.isEmpty(), lines.informer(), podLines, coverage, objects);
    }

    /** A line kept whole that says the pod controller's lines are in the logs. */
    static boolean podControllerLine(LogEvent e) {
        ControllerEvent ev = e.event();
        return ev instanceof PodCleanupScheduled || ev instanceof PodCleanupQueued || ev instanceof PodInformerEvent;
    }

    /**
     * The evidence available, from what the lines show: whether lines other than those kept whole were read ({@code others}),
     * whether a line kept whole stays among the correlated ones ({@code anyKept}), whether one of the other lines is a Pod
     * informer event, whether one of the lines kept whole is a pod controller line ({@link #podControllerLine}); the
     * coverage and the exports. One decision for the whole input's table and for the slices' ({@link PodSlices.Builder}).
     */
    static Set<EvidenceKind> available(boolean others, boolean anyKept, boolean informer, boolean podLines, LogCoverage coverage,
                                       ExportedObjects objects) {
        Set<EvidenceKind> kinds = EnumSet.noneOf(EvidenceKind.class);
        if (others || anyKept || coverage.records() > 0) {
            kinds.add(EvidenceKind.CONTROLLER_LOG);
        }
        if (coverage.has(EventType.POD_CLEANUP_SCHEDULED) || coverage.has(EventType.POD_CLEANUP_QUEUED)
                || coverage.has(EventType.POD_INFORMER_EVENT) || informer || podLines) {
            kinds.add(EvidenceKind.POD_CONTROLLER_LINES);
        }
        if (!objects.pods().isEmpty()) {
            kinds.add(EvidenceKind.POD_SNAPSHOT);
        }
        if (!objects.workflows().isEmpty()) {
            kinds.add(EvidenceKind.WORKFLOW_SNAPSHOT);
        }
        if (!objects.taskResults().isEmpty()) {
            kinds.add(EvidenceKind.TASK_RESULT_SNAPSHOT);
        }
        if (objects.clusterEvents().stream().anyMatch(e -> !e.minuteDated())) { // a minute-dated Event is read by no rule
            kinds.add(EvidenceKind.CLUSTER_EVENTS);
        }
        if (!objects.auditRecords().isEmpty()) {
            kinds.add(EvidenceKind.AUDIT_LOG);
        }
        return kinds;
    }
}
