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
    /** What the facts were derived as, from the lines' projection (everything here but the lines). */
    final FactsTable table;
    /** Each paired handler line's scheduling (or queueing) line. */
    private final Map<LogEvent, LogEvent> pairOfHandler = new IdentityHashMap<>();
    /** Each paired handler line's place in {@link #events}. */
    private final Map<LogEvent, Integer> placeOfHandler = new IdentityHashMap<>();

    /** The facts the table holds (read there, never copied or derived again), with the lines as correlated. */
    ClusterFacts(List<LogEvent> events, FactsTable table) {
        this.table = table;
        this.events = List.copyOf(events);
        for (LogEvent e : this.events) {
            LogEvent handler = table.pairing.handlerOf(e);
            if (handler != null) {
                pairOfHandler.put(handler, e);
            }
        }
        for (int i = 0; i < this.events.size(); i++) {
            if (pairOfHandler.containsKey(this.events.get(i))) {
                placeOfHandler.put(this.events.get(i), i);
            }
        }
    }

    /** Every line as correlated, in input order (a group's lines are a subsequence of these). */
    public List<LogEvent> events() {
        return events;
    }

    public List<ControllerProcess> processes() {
        return table.processes;
    }

    public Set<EvidenceKind> available() {
        return table.available;
    }

    public RunClocks clocks() {
        return table.clocks;
    }

    public ExportedObjects objects() {
        return table.objects;
    }

    /** Every namespace each Pod name is seen in (lines and exports: {@link Correlator#namespaces}). */
    public Map<String, Set<String>> namespacesByPod() {
        return Collections.unmodifiableMap(table.namespacesByPod);
    }

    /** Every Pod the input knows, by key (namespace, name, UID), in key order. */
    public Set<PodKey> podKeys() {
        return table.podKeys;
    }

    /** The Workflow the Pod is tied to (by the strongest evidence), or null. */
    public NodeLink link(PodKey pod) {
        return table.links.get(pod);
    }

    /** Every Workflow an export shows, in key order. */
    public Set<WorkflowRef> exportedWorkflows() {
        return table.wfSnaps.keySet();
    }

    /** The Pod's exports, earliest observation first. */
    public List<PodSnapshot> podSnapshots(PodKey pod) {
        return table.podSnaps.getOrDefault(pod, List.of());
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
                    .map(p -> table.instances.forLine(Correlator.resolve(e, p, table.namespacesByPod), e)).orElse(null);
            podOfLine.add(pod);
            LogEvent handler = pod == null ? null : table.pairing.handlerOf(e);
            Integer at = handler == null ? null : index.get(handler);
            if (handler != null && at == null) {
                throw new IllegalStateException("the group lacks the handler line paired with " + e.source());
            }
            handlerOfLine[i] = at == null ? -1 : at;
        }
        Map<PodKey, GroupFacts.PodFacts> pods = new TreeMap<>();
        for (PodKey key : table.podKeys) {
            if (group.holdsPod(key.name())) {
                pods.put(key, podFacts(key));
            }
        }
        return new GroupFacts(lines, podOfLine, handlerOfLine, pods, group.workflows(), workflowSnapshots(group::holdsWorkflow),
                workflowAudit(group::holdsWorkflow), table.objects.podTables(), table.available, table.processes, table.clocks, 0, table.objects.unread(),
                table.copies);
    }

    /**
     * What every group of the grouping holds alike: its context lines with their places, Pods and handler lines' places,
     * and the runs, clocks, evidence available and Pod tables. Made once; {@link GroupFacts#of} joins it with each
     * group's {@link #share}.
     */
    public GroupContext context(Grouping grouping) {
        List<LogEvent> lines = new ArrayList<>();
        List<Integer> places = new ArrayList<>();
        List<PodKey> pods = new ArrayList<>();
        List<Integer> handlers = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            if (grouping.componentOfLine(i) < 0) {
                LogEvent e = events.get(i);
                PodKey pod = podOf(e);
                lines.add(e);
                places.add(i);
                pods.add(pod);
                handlers.add(pod == null ? -1 : handlerPlace(e));
            }
        }
        return new GroupContext(lines, ints(places), pods, ints(handlers), table.objects.podTables(), table.available, table.processes, table.clocks, table.objects.unread(),
                table.copies);
    }

    /**
     * The group of these components' own part: its own lines (not the context's) with their places, Pods and handler
     * lines' places, its Pods' and Workflows' facts. With {@link #context}, what {@link #slice} gives for the group.
     */
    public GroupShare share(Grouping grouping, java.util.Collection<Integer> components) {
        java.util.BitSet in = new java.util.BitSet();
        components.forEach(in::set);
        Set<String> podNames = grouping.names(components, "p:");
        Set<String> workflowNames = grouping.names(components, "w:");
        List<LogEvent> lines = new ArrayList<>();
        List<Integer> places = new ArrayList<>();
        List<PodKey> pods = new ArrayList<>();
        List<Integer> handlers = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            int c = grouping.componentOfLine(i);
            if (c >= 0 && in.get(c)) {
                LogEvent e = events.get(i);
                PodKey pod = e.event().pod().filter(p -> podNames.contains(p.name())).isPresent() ? podOf(e) : null;
                lines.add(e);
                places.add(i);
                pods.add(pod);
                handlers.add(pod == null ? -1 : handlerPlace(e));
            }
        }
        Map<PodKey, GroupFacts.PodFacts> podFacts = new TreeMap<>();
        for (PodKey key : table.podKeys) {
            if (podNames.contains(key.name())) {
                podFacts.put(key, podFacts(key));
            }
        }
        return new GroupShare(lines, ints(places), pods, ints(handlers), podNames, podFacts, workflowNames, workflowSnapshots(workflowNames::contains),
                workflowAudit(workflowNames::contains), 0);
    }

    /** The place of the line's paired handler line, -1 if it has none. */
    private int handlerPlace(LogEvent line) {
        LogEvent handler = table.pairing.handlerOf(line);
        if (handler == null) {
            return -1;
        }
        Integer at = placeOfHandler.get(handler);
        if (at == null) {
            throw new IllegalStateException("the input lacks the handler line paired with " + line.source());
        }
        return at;
    }

    private GroupFacts.PodFacts podFacts(PodKey key) {
        return table.podFacts(key);
    }

    private Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots(java.util.function.Predicate<String> holds) {
        return table.workflowSnapshots(holds);
    }

    private List<AuditRecord> workflowAudit(java.util.function.Predicate<String> holds) {
        return table.workflowAudit(holds);
    }

    private static int[] ints(List<Integer> values) {
        return FactsTable.ints(values);
    }

    /** The Pod a line naming a Pod is about (its namespace resolved, the Pod object by its lifetime), or null. */
    public PodKey podOf(LogEvent line) {
        return line.event().pod().map(p -> table.instances.forLine(Correlator.resolve(line, p, table.namespacesByPod), line)).orElse(null);
    }
}
