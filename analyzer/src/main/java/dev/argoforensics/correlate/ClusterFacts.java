package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.snapshot.AuditRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.TreeMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link Correlator} derives from every line and export of one input (one cluster), once, before any Pod's or
 * Workflow's history is joined: the lines as correlated (cut scheduling lines completed, handler lines whose scheduling
 * line was only counted left out), the cleanup pairing ({@link CleanupPairing}), every namespace each Pod name is seen
 * in, which Pod object (UID) each line is about, every Pod key with its exports, records and Pod ↔ node link, the
 * controller runs with what each held beyond the kept lines ({@link StreamExtents}), the evidence available and the
 * run clocks ({@link RunClocks}). A group ({@link CorrelationGroup}) reads these and never derives them again: a
 * group's own lines would give another namespace, another link, another pairing.
 */
public final class ClusterFacts {
    final List<LogEvent> events;
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
    /** Each paired handler line's scheduling (or queueing) line. */
    private final Map<LogEvent, LogEvent> pairOfHandler = new IdentityHashMap<>();

    ClusterFacts(List<LogEvent> events, CleanupPairing pairing, Map<String, Set<String>> namespacesByPod, PodInstances instances,
                 Set<PodKey> podKeys, Map<PodKey, List<PodSnapshot>> podSnaps, Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps,
                 Map<PodKey, NodeLink> links, PodRecords records, StreamExtents extents, Set<EvidenceKind> available,
                 List<ControllerProcess> processes, RunClocks clocks, ExportedObjects objects) {
        this.events = List.copyOf(events);
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
        for (LogEvent e : this.events) {
            LogEvent handler = pairing.handlerOf(e);
            if (handler != null) {
                pairOfHandler.put(handler, e);
            }
        }
    }

    /** Every line as correlated, in input order (a group's lines are a subsequence of these). */
    public List<LogEvent> events() {
        return events;
    }

    public List<ControllerProcess> processes() {
        return processes;
    }

    public Set<EvidenceKind> available() {
        return available;
    }

    public RunClocks clocks() {
        return clocks;
    }

    public ExportedObjects objects() {
        return objects;
    }

    /** Every Pod the input knows, by key (namespace, name, UID), in key order. */
    public Set<PodKey> podKeys() {
        return podKeys;
    }

    /** The Workflow the Pod is tied to (by the strongest evidence), or null. */
    public NodeLink link(PodKey pod) {
        return links.get(pod);
    }

    /** Every Workflow an export shows, in key order. */
    public Set<WorkflowRef> exportedWorkflows() {
        return wfSnaps.keySet();
    }

    /** The Pod's exports, earliest observation first. */
    public List<PodSnapshot> podSnapshots(PodKey pod) {
        return podSnaps.getOrDefault(pod, List.of());
    }

    /** The scheduling or queueing line a {@code Removing finalizers during a delete} line is paired with, or null. */
    public LogEvent pairOf(LogEvent handler) {
        return pairOfHandler.get(handler);
    }

    /** The group's share of the facts, as values ({@link GroupFacts}). */
    public GroupFacts slice(CorrelationGroup group) {
        List<LogEvent> lines = group.events();
        // Where each handler line stands: only those are looked up (an index of every line was 2.65 M boxed positions,
        // ~75 MB, on an incident corpus: the correlation's peak).
        Map<LogEvent, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            if (pairOfHandler.containsKey(lines.get(i))) {
                index.put(lines.get(i), i);
            }
        }
        List<PodKey> podOfLine = new ArrayList<>(lines.size());
        int[] handlerOfLine = new int[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            LogEvent e = lines.get(i);
            PodKey pod = e.event().pod().filter(p -> group.holdsPod(p.name()))
                    .map(p -> instances.forLine(Correlator.resolve(p, namespacesByPod), e)).orElse(null);
            podOfLine.add(pod);
            LogEvent handler = pod == null ? null : pairing.handlerOf(e);
            Integer at = handler == null ? null : index.get(handler);
            if (handler != null && at == null) {
                throw new IllegalStateException("the group lacks the handler line paired with " + e.source());
            }
            handlerOfLine[i] = at == null ? -1 : at;
        }
        Map<PodKey, GroupFacts.PodFacts> pods = new TreeMap<>();
        for (PodKey key : podKeys) {
            if (!group.holdsPod(key.name())) {
                continue;
            }
            pods.put(key, new GroupFacts.PodFacts(instances.identity(key), podSnaps.getOrDefault(key, List.of()), links.get(key),
                    records.taskResults(key), records.clusterEvents(key), records.auditRecords(key), records.nodeLogs(key)));
        }
        Map<WorkflowRef, List<WorkflowSnapshot>> workflows = new TreeMap<>();
        wfSnaps.forEach((ref, snaps) -> {
            if (group.holdsWorkflow(ref.name())) {
                workflows.put(ref, snaps);
            }
        });
        List<AuditRecord> audit = objects.auditRecords().stream()
                .filter(a -> "workflows".equals(a.resource()) && a.name() != null && group.holdsWorkflow(a.name())).toList();
        return new GroupFacts(lines, podOfLine, handlerOfLine, pods, group.workflows(), workflows, audit, objects.podTables(), available,
                processes, clocks, 0);
    }

    /** The Pod a line naming a Pod is about (its namespace resolved, the Pod object by its lifetime), or null. */
    public PodKey podOf(LogEvent line) {
        return line.event().pod().map(p -> instances.forLine(Correlator.resolve(p, namespacesByPod), line)).orElse(null);
    }
}
