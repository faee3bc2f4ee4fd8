package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The facts of one input (one cluster) as derived from its lines' projection ({@link Correlator#derive}, from one
 * {@link LineProjection} of all its lines or the union of its files'): everything {@link ClusterFacts} holds but the lines
 * themselves. The lines kept whole come back completed ({@link CutSchedules}, {@link ElidedNames}) with their places, the
 * handler lines a selective read left unpaired marked to be left out, the cleanup pairs by place; with the namespaces, Pod
 * objects, links, records, run clocks and evidence available, that is the table the rest of the lines need nothing else
 * from: a line's Pod is {@link #podOf} it, its handler line the pair of its place. {@link #facts} puts the lines back.
 */
public final class FactsTable implements AssignedFacts {
    /** The specials completed, each with its place; {@link #dropped} says which the facts leave out. */
    final List<LineProjection.Special> specials;
    /** Per special, whether it is a handler line whose scheduling line was only counted (left out of the facts). */
    final boolean[] dropped;
    final CleanupPairing pairing;
    final Map<String, Set<String>> namespacesByPod;
    final PodInstances instances;
    final Set<PodKey> podKeys;
    final Map<PodKey, List<PodSnapshot>> podSnaps;
    final Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps;
    final Map<PodKey, NodeLink> links;
    final PodRecords records;
    final StreamExtents extents;
    final Set<EvidenceKind> available;
    final List<ControllerProcess> processes;
    final RunClocks clocks;
    final ExportedObjects objects;
    /** Which runs are one run's lines given twice ({@link RunCopies}, session 61): derived once, from the whole input's records. */
    final RunCopies copies;

    FactsTable(List<LineProjection.Special> specials, boolean[] dropped, CleanupPairing pairing, Map<String, Set<String>> namespacesByPod,
               PodInstances instances, Set<PodKey> podKeys, Map<PodKey, List<PodSnapshot>> podSnaps, Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps,
               Map<PodKey, NodeLink> links, PodRecords records, StreamExtents extents, Set<EvidenceKind> available,
               List<ControllerProcess> processes, RunClocks clocks, ExportedObjects objects, RunCopies copies) {
        this.specials = List.copyOf(specials);
        this.dropped = dropped.clone();
        this.pairing = pairing;
        this.namespacesByPod = namespacesByPod;
        this.instances = instances;
        this.podKeys = Collections.unmodifiableSet(podKeys);
        this.podSnaps = podSnaps;
        this.wfSnaps = wfSnaps;
        this.links = links;
        this.records = records;
        this.extents = extents;
        this.available = Set.copyOf(available);
        this.processes = List.copyOf(processes);
        this.clocks = clocks;
        this.objects = objects;
        this.copies = copies;
    }

    /**
     * The facts of the input whose projection this table was derived from: its lines (as read and placed, in input order)
     * with each special put back completed and the unpaired handler lines left out.
     */
    public ClusterFacts facts(List<LogEvent> lines) {
        List<LogEvent> events = new ArrayList<>(lines.size());
        int next = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (next < specials.size() && specials.get(next).place() == i) {
                if (!dropped[next]) {
                    events.add(specials.get(next).line());
                }
                next++;
            } else {
                events.add(lines.get(i));
            }
        }
        if (next != specials.size()) {
            throw new IllegalArgumentException("the lines are not the ones projected: " + (specials.size() - next) + " special line(s) past their end");
        }
        return new ClusterFacts(events, this);
    }

    /**
     * The names the lines join, for the components ({@link Grouping#of(FactsTable, java.util.Collection, GroupBindings)}): those
     * the projection's other lines join ({@link LineProjection#edges}, made with the same bindings) and those the specials join
     * completed (a cut scheduling line's Pod, an excerpt's placeholder), the handler lines left out not among them.
     */
    public Set<List<String>> edges(LineProjection lines, GroupBindings bindings) {
        Set<List<String>> out = new java.util.LinkedHashSet<>(lines.edges());
        List<LogEvent> kept = new ArrayList<>();
        for (int i = 0; i < specials.size(); i++) {
            if (!dropped[i]) {
                kept.add(specials.get(i).line());
            }
        }
        out.addAll(Grouping.edges(kept, bindings));
        return out;
    }

    /**
     * One kept line as the table places it (the fleet's third round: per file, each line given what the whole input decides
     * of it, then sent to its group).
     *
     * @param line      the line as correlated (a special completed)
     * @param place     its place among the input's correlated lines ({@link ClusterFacts#events()})
     * @param pod       the Pod it is about, or null
     * @param handler   the place of its paired handler line if it is about a Pod, else -1
     * @param component its component ({@link Grouping#componentOf}), -1 for the context
     */
    public record Assigned(LogEvent line, int place, PodKey pod, int handler, int component) {
    }

    /**
     * A stretch of the input's lines (a file's, placed by the stitch), each given its place, Pod, handler line and component
     * from this table and the components alone: what {@link ClusterFacts#share} and {@link ClusterFacts#context} read of
     * each line, without the other files' lines. The handler lines left out are left out here too.
     *
     * @param offset the place of the stretch's first line among the input's lines as read (before any is left out)
     */
    @Override
    public List<Assigned> assign(List<LogEvent> lines, long offset, Grouping grouping, GroupBindings bindings) {
        Places at = places();
        List<Assigned> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            long place = offset + i;
            LogEvent line = lines.get(i);
            int k = java.util.Arrays.binarySearch(at.special, place);
            if (k >= 0) {
                if (dropped[k]) {
                    continue;
                }
                line = specials.get(k).line();
            }
            PodKey pod = podOf(line);
            LogEvent onDelete = pod == null ? null : pairing.handlerOf(line);
            int handler = -1;
            if (onDelete != null) {
                Integer h = at.indexOf.get(onDelete);
                if (h == null) {
                    throw new IllegalStateException("the table lacks the handler line paired with " + line.source());
                }
                handler = at.correlated(specials.get(h).place());
            }
            out.add(new Assigned(line, at.correlated(place), pod, handler, grouping.componentOf(line, at.pairOf.get(line), bindings)));
        }
        return out;
    }

    /**
     * The group of these components' own part, from the assigned lines (any stretches of them, in place order): what
     * {@link ClusterFacts#share} gives for the group from all the lines.
     */
    @Override
    public GroupShare share(Grouping grouping, java.util.Collection<Integer> components, List<Assigned> lines) {
        return share(grouping, components, lines, podNames -> {
            Map<PodKey, GroupFacts.PodFacts> podFacts = new TreeMap<>();
            for (PodKey key : podKeys) {
                if (podNames.contains(key.name())) {
                    podFacts.put(key, podFacts(key));
                }
            }
            return podFacts;
        }, wfSnaps, objects);
    }

    /**
     * A group's share from its assigned lines and the facts of its Pods ({@code podFacts}: given the group's Pod names, those
     * of its Pods), the Workflows exported ({@code wfSnaps}) and the exports: what {@link #share} gives from a table.
     */
    static GroupShare share(Grouping grouping, java.util.Collection<Integer> components, List<Assigned> lines,
                            java.util.function.Function<Set<String>, Map<PodKey, GroupFacts.PodFacts>> podFacts,
                            Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps, ExportedObjects objects) {
        java.util.BitSet in = new java.util.BitSet();
        components.forEach(in::set);
        Set<String> podNames = grouping.names(components, "p:");
        Set<String> workflowNames = grouping.names(components, "w:");
        List<LogEvent> events = new ArrayList<>();
        List<Integer> places = new ArrayList<>();
        List<PodKey> pods = new ArrayList<>();
        List<Integer> handlers = new ArrayList<>();
        for (Assigned a : lines) {
            if (a.component() >= 0 && in.get(a.component())) {
                PodKey pod = a.line().event().pod().filter(p -> podNames.contains(p.name())).isPresent() ? a.pod() : null;
                events.add(a.line());
                places.add(a.place());
                pods.add(pod);
                handlers.add(pod == null ? -1 : a.handler());
            }
        }
        return new GroupShare(events, ints(places), pods, ints(handlers), podNames, podFacts.apply(podNames), workflowNames,
                workflowSnapshots(wfSnaps, workflowNames::contains), workflowAudit(objects, workflowNames::contains), 0);
    }

    /** The context every group reads, from the assigned lines (in place order): what {@link ClusterFacts#context} gives. */
    @Override
    public GroupContext context(List<Assigned> lines) {
        return context(lines, objects, available, processes, clocks, copies);
    }

    /** The context from the assigned lines (in place order), the exports, the evidence available, the runs and their clocks. */
    static GroupContext context(List<Assigned> lines, ExportedObjects objects, Set<EvidenceKind> available, List<ControllerProcess> processes,
                                RunClocks clocks, RunCopies copies) {
        List<LogEvent> events = new ArrayList<>();
        List<Integer> places = new ArrayList<>();
        List<PodKey> pods = new ArrayList<>();
        List<Integer> handlers = new ArrayList<>();
        for (Assigned a : lines) {
            if (a.component() < 0) {
                events.add(a.line());
                places.add(a.place());
                pods.add(a.pod());
                handlers.add(a.handler());
            }
        }
        return new GroupContext(events, ints(places), pods, ints(handlers), objects.podTables(), available, processes, clocks, objects.unread(), copies);
    }

    /**
     * What this table ties for the components ({@link Grouping}): each of its Pods with the Workflow its link names (or alone),
     * each Workflow exported (as a name alone). A slice's table gives its own Pods' ({@link Correlator#deriveSlice}).
     */
    public List<List<String>> componentEdges() {
        List<List<String>> out = new ArrayList<>(podKeys.size() + wfSnaps.size());
        for (PodKey pod : podKeys) {
            NodeLink link = links.get(pod);
            out.add(link == null ? List.of("p:" + pod.name()) : List.of("p:" + pod.name(), "w:" + link.workflow().name()));
        }
        for (WorkflowRef w : wfSnaps.keySet()) {
            out.add(List.of("w:" + w.name()));
        }
        return out;
    }

    /** The line kept whole at this place as the table holds it (completed; the object its Pod facts were derived from), or null. */
    LogEvent specialAt(long place) {
        int k = java.util.Arrays.binarySearch(places().special, place);
        return k >= 0 ? specials.get(k).line() : null;
    }

    GroupFacts.PodFacts podFacts(PodKey key) {
        return new GroupFacts.PodFacts(instances.identity(key), podSnaps.getOrDefault(key, List.of()), links.get(key),
                records.taskResults(key), records.clusterEvents(key), records.auditRecords(key), records.nodeLogs(key));
    }

    Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots(java.util.function.Predicate<String> holds) {
        return workflowSnapshots(wfSnaps, holds);
    }

    static Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots(Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps, java.util.function.Predicate<String> holds) {
        Map<WorkflowRef, List<WorkflowSnapshot>> workflows = new TreeMap<>();
        wfSnaps.forEach((ref, snaps) -> {
            if (holds.test(ref.name())) {
                workflows.put(ref, snaps);
            }
        });
        return workflows;
    }

    List<AuditRecord> workflowAudit(java.util.function.Predicate<String> holds) {
        return workflowAudit(objects, holds);
    }

    static List<AuditRecord> workflowAudit(ExportedObjects objects, java.util.function.Predicate<String> holds) {
        // With them, every group gets the requests that delete Workflows without naming one (a deletecollection of a namespace's
        // Workflows, the namespace's own deletion, whose controller deletes its Workflows by collection): WorkflowAudit reads them.
        return latestStages(objects.auditRecords().stream().filter(a -> "workflows".equals(a.resource()) && a.name() != null && holds.test(a.name())
                || WorkflowAudit.deletesUnnamed(a)).toList(), AuditExportSets.of(objects.auditRecords()));
    }

    /**
     * The records, each request once: an audit log with stages writes one request as {@code RequestReceived} (no response yet) and
     * again as {@code ResponseComplete} (its code), under one {@code auditID}, in one file or, where the log backend rotated between
     * the two ({@code --audit-log-maxsize}), in two: the rotated {@code audit-<time>.log} and {@code audit.log} (session 48 breaker:
     * keyed by file, the 403's RequestReceived record left alone in the rotated file read as the Workflow's deletion). A request is
     * its auditID with what every stage of it repeats (verb, object, received time; a GKE entry's cluster, {@link AuditRecord#sameRequest}),
     * so a client-supplied Audit-ID met again in another cluster's file joins no other request. Only the most complete stage says whether
     * the request was granted: a delete refused 403 or 404 has a RequestReceived record that, read alone, shows no refusal (session
     * 48). The first record of the most complete stage is kept, in the order given; records without an auditID are all kept. A GKE
     * export that names no cluster joins a request's entries within its file ({@link AuditRecord#sameRequest}), or across the files of
     * one such export split into several ({@link AuditExportSets}, session 51); the same entry
     * (stage, time and outcome) kept from two such files is one log given twice, kept once (session 50).
     */
    static List<AuditRecord> latestStages(List<AuditRecord> records) {
        return latestStages(records, AuditExportSets.of(records));
    }

    /**
     * As {@link #latestStages(List)}, the files of a cluster-less GKE export split into several ({@link AuditExportSets}, from all the
     * audit records given, so that a subset of them is joined as the whole is) joining a request's entries across them (session 51).
     */
    static List<AuditRecord> latestStages(List<AuditRecord> records, Map<String, String> exportSets) {
        Map<String, String> sets = exportSets.isEmpty() ? exportSets : unsplit(records, exportSets);
        Map<String, AuditRecord> best = new HashMap<>();
        // Each record's key made once, not once per loop (session 58: its request time is formatted for it): the same keys.
        String[] keys = new String[records.size()];
        int i = 0;
        for (AuditRecord a : records) {
            if (!a.auditId().isEmpty()) {
                keys[i] = request(a, sets);
                best.merge(keys[i], a, (old, neu) -> neu.stageRank() > old.stageRank() ? neu : old);
            }
            i++;
        }
        if (best.isEmpty()) {
            return records;
        }
        List<AuditRecord> out = new ArrayList<>(records.size());
        java.util.Set<String> entries = new java.util.HashSet<>();
        i = 0;
        for (AuditRecord a : records) {
            String key = keys[i++];
            if (key == null) {
                out.add(a);
            } else if (best.get(key) == a && (!AuditRecord.GKE_EXPORTER.equals(a.exporter()) || entries.add(entry(a)))) {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * The export sets, less the requests they cannot join (s51 breaker): the pieces of one log hold each entry of a request once, so a
     * request with an entry of the same stage in two files of a set (complete in both: two clusters' exports named alike sharing a
     * client-supplied operation id) is two requests, each joined within its own file only. Those requests are keyed by their own
     * file: the returned map gives the set per file and, under {@code request key + "\n" + file}, marks the requests kept apart.
     */
    private static Map<String, String> unsplit(List<AuditRecord> records, Map<String, String> exportSets) {
        Map<String, String> firstFile = new HashMap<>();
        java.util.Set<String> apart = new java.util.TreeSet<>();
        for (AuditRecord a : records) {
            if (a.auditId().isEmpty() || !AuditRecord.GKE_EXPORTER.equals(a.exporter()) || !exportSets.containsKey(a.source().file())) {
                continue;
            }
            String key = request(a, exportSets);
            String prev = firstFile.putIfAbsent(key + "\n" + a.stage(), a.source().file());
            if (prev != null && !prev.equals(a.source().file())) {
                apart.add(key);
            }
        }
        if (apart.isEmpty()) {
            return exportSets;
        }
        Map<String, String> out = new HashMap<>(exportSets);
        apart.forEach(k -> out.put(APART + k, ""));
        return out;
    }

    /** The mark {@link #unsplit} puts on a request its export set does not join. */
    private static final String APART = "\u0000apart\n";

    /** A cluster-less GKE entry as it reads whatever file holds it: its request but for the file, its stage, time and outcome. */
    private static String entry(AuditRecord a) {
        return String.join("\n", a.auditId(), a.verb(), a.resource(), a.subresource(), String.valueOf(a.namespace()), String.valueOf(a.name()),
                a.stage(), String.valueOf(a.time()), String.valueOf(a.outcome()));
    }

    /** One request's key across its stages and the files they were written to ({@link #latestStages}). */
    private static String request(AuditRecord a, Map<String, String> exportSets) {
        String set = exportSets.get(a.source().file());
        String head = String.join("\n", a.auditId(), a.verb(), a.resource(), a.subresource(), String.valueOf(a.namespace()), String.valueOf(a.name()));
        if (set != null && AuditRecord.GKE_EXPORTER.equals(a.exporter())) {
            String joined = head + "\n" + a.exporter() + "\n" + set;
            if (!exportSets.containsKey(APART + joined)) {
                return joined;
            }
        }
        return head + "\n" + a.sameRequest();
    }

    static int[] ints(List<Integer> values) {
        int[] out = new int[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    private Places places;

    private synchronized Places places() {
        if (places == null) {
            places = new Places();
        }
        return places;
    }

    /** Where the specials stand, which are left out, and each handler line's pair: what placing a line needs of them. */
    private final class Places {
        final long[] special = new long[specials.size()];
        final long[] droppedAt;
        final Map<LogEvent, Integer> indexOf = new IdentityHashMap<>();
        final Map<LogEvent, LogEvent> pairOf = new IdentityHashMap<>();

        Places() {
            List<Long> d = new ArrayList<>();
            for (int i = 0; i < specials.size(); i++) {
                special[i] = specials.get(i).place();
                indexOf.put(specials.get(i).line(), i);
                if (dropped[i]) {
                    d.add(special[i]);
                }
                LogEvent handler = pairing.handlerOf(specials.get(i).line());
                if (handler != null) {
                    pairOf.put(handler, specials.get(i).line());
                }
            }
            droppedAt = d.stream().mapToLong(Long::longValue).toArray();
        }

        /** The place among the correlated lines of a line kept at this place as read: less the handler lines left out before it. */
        int correlated(long place) {
            int k = java.util.Arrays.binarySearch(droppedAt, place);
            return (int) (place - (k >= 0 ? k : -k - 1));
        }
    }

    /** The specials, completed, with their places in the input (those left out of the facts included). */
    public List<LineProjection.Special> specials() {
        return specials;
    }

    /** The places of the handler lines the facts leave out (their scheduling line was only counted by a selective read). */
    public List<Long> droppedPlaces() {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < specials.size(); i++) {
            if (dropped[i]) {
                out.add(specials.get(i).place());
            }
        }
        return out;
    }

    /** Each paired scheduling or queueing line's place → its handler line's place, in place order. */
    public Map<Long, Long> pairsByPlace() {
        Map<LogEvent, Long> placeOf = new IdentityHashMap<>();
        specials.forEach(s -> placeOf.put(s.line(), s.place()));
        Map<Long, Long> out = new TreeMap<>();
        for (LineProjection.Special s : specials) {
            LogEvent handler = pairing.handlerOf(s.line());
            if (handler != null) {
                out.put(s.place(), placeOf.get(handler));
            }
        }
        return out;
    }

    public Map<String, Set<String>> namespacesByPod() {
        return Collections.unmodifiableMap(namespacesByPod);
    }

    public ExportedObjects objects() {
        return objects;
    }

    public Set<PodKey> podKeys() {
        return podKeys;
    }

    public NodeLink link(PodKey pod) {
        return links.get(pod);
    }

    public PodIdentity identity(PodKey pod) {
        return instances.identity(pod);
    }

    public List<PodSnapshot> podSnapshots(PodKey pod) {
        return podSnaps.getOrDefault(pod, List.of());
    }

    public Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots() {
        return Collections.unmodifiableMap(wfSnaps);
    }

    public List<TaskResultSnapshot> taskResults(PodKey pod) {
        return records.taskResults(pod);
    }

    public List<ClusterEvent> clusterEvents(PodKey pod) {
        return records.clusterEvents(pod);
    }

    public List<AuditRecord> auditRecords(PodKey pod) {
        return records.auditRecords(pod);
    }

    public List<NodeLogEntry> nodeLogs(PodKey pod) {
        return records.nodeLogs(pod);
    }

    public Set<EvidenceKind> available() {
        return available;
    }

    public RunClocks clocks() {
        return clocks;
    }

    /** The Pod a line naming a Pod is about (its namespace resolved, the Pod object by its place), or null: round 3 of the fleet's flow. */
    public PodKey podOf(LogEvent line) {
        return line.event().pod().map(p -> instances.forLine(Correlator.resolve(line, p, namespacesByPod), line)).orElse(null);
    }
}
