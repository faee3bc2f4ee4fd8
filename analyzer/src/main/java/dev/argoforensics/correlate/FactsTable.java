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
public final class FactsTable {
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

    FactsTable(List<LineProjection.Special> specials, boolean[] dropped, CleanupPairing pairing, Map<String, Set<String>> namespacesByPod,
               PodInstances instances, Set<PodKey> podKeys, Map<PodKey, List<PodSnapshot>> podSnaps, Map<WorkflowRef, List<WorkflowSnapshot>> wfSnaps,
               Map<PodKey, NodeLink> links, PodRecords records, StreamExtents extents, Set<EvidenceKind> available,
               List<ControllerProcess> processes, RunClocks clocks, ExportedObjects objects) {
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
        return new ClusterFacts(events, pairing, namespacesByPod, instances, podKeys, podSnaps, wfSnaps, links, records, extents, available,
                processes, clocks, objects);
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
