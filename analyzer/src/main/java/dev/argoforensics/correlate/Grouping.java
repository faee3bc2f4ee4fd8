package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The input cut into its smallest groups (components): every Pod name and Workflow name, joined when a line names
 * both, when a Pod is tied to a Workflow ({@link ClusterFacts#link}) or labelled with it, and when a tag of the
 * {@link GroupBindings} joins them. A {@code Removing finalizers during a delete} line goes with the line it is paired
 * with; a line naming nothing, and any line the bindings call context, goes to every group. Components merged in any
 * way are groups whose correlation, rule by rule, gives what the whole input's gives (GroupingInvarianceTest).
 */
public final class Grouping {
    private final ClusterFacts facts;
    private final Map<String, String> parent = new HashMap<>();
    /** Each component's keys ({@code p:} Pod name, {@code w:} Workflow name, {@code #} tag), components by their least key. */
    private final List<Set<String>> components = new ArrayList<>();
    private final Map<String, Integer> componentOf = new HashMap<>();
    /** Per line of the facts: its component, or -1 for a context line (every group). */
    private final int[] lineComponent;

    private Grouping(ClusterFacts facts, int lines) {
        this.facts = facts;
        this.lineComponent = new int[lines];
    }

    public static Grouping of(ClusterFacts facts, GroupBindings bindings) {
        Grouping g = components(facts, facts.table, edges(facts.events, bindings), bindings);
        for (int i = 0; i < facts.events.size(); i++) {
            LogEvent e = facts.events.get(i);
            g.lineComponent[i] = g.componentOf(e, facts.pairOf(e), bindings);
        }
        return g;
    }

    /**
     * The components from the names lines join ({@code edges}: {@link #edges} of all the lines, or the union of each file's
     * and the completed specials', {@link FactsTable#edges}) and what the table ties: each Pod to its linked Workflow, each
     * exported Pod to the Workflow it is labelled with, the exported Workflows with their tags, the Workflows audit records
     * name. Union-find with the lesser key as root: the components and their numbering do not depend on the edges' order.
     * Without {@code facts}, the lines' components are {@link #componentOf} each line (where the line is).
     */
    public static Grouping of(FactsTable table, java.util.Collection<List<String>> edges, GroupBindings bindings) {
        return components(null, table, edges, bindings);
    }

    /**
     * As {@link #of(FactsTable, java.util.Collection, GroupBindings)}, from the tables of a cluster's slices of Pod names
     * ({@link SlicedTable}): each Pod tied to its Workflow by its slice's table, the exports read once.
     */
    static Grouping ofSlices(List<FactsTable> slices, java.util.Collection<List<String>> edges, GroupBindings bindings) {
        return components(null, slices, edges, bindings);
    }

    private static Grouping components(ClusterFacts facts, FactsTable table, java.util.Collection<List<String>> edges, GroupBindings bindings) {
        return components(facts, List.of(table), edges, bindings);
    }

    private static Grouping components(ClusterFacts facts, List<FactsTable> tables, java.util.Collection<List<String>> edges, GroupBindings bindings) {
        List<List<String>> all = new ArrayList<>(edges);
        for (FactsTable t : tables) {
            all.addAll(t.componentEdges());
        }
        return components(facts, tables.get(0).objects, all, bindings);
    }

    /**
     * The components from names joined alone: {@code edges} holds the names the lines join (the files' and the completed
     * specials') and every slice's {@link FactsTable#componentEdges} (its Pods' links, the Workflows exported), and the
     * exports ({@code objects}, each Workflow exported without a namespace placed) add what they tie. What
     * {@link SlicedTable#grouping} gives, without holding the slices' tables in one place: the fleet's slices flow sends
     * each slice's edges to its cluster's task (union-find with the lesser key as root: the numbering does not depend on
     * the edges' order or on which task found them).
     */
    public static Grouping ofEdges(dev.argoforensics.snapshot.ExportedObjects objects, java.util.Collection<List<String>> edges, GroupBindings bindings) {
        return components(null, objects, edges, bindings);
    }

    private static Grouping components(ClusterFacts facts, dev.argoforensics.snapshot.ExportedObjects objects, java.util.Collection<List<String>> edges,
                                       GroupBindings bindings) {
        Grouping g = new Grouping(facts, facts == null ? 0 : facts.events.size());
        edges.forEach(g::unionAll);
        for (PodSnapshot p : objects.pods()) {
            g.unionAll(p.workflowName().map(w -> List.of("p:" + p.name(), "w:" + w)).orElse(List.of("p:" + p.name())));
        }
        for (WorkflowSnapshot w : objects.workflows()) {
            List<String> k = new ArrayList<>(List.of("w:" + w.name()));
            bindings.tags(w).forEach(t -> k.add("#" + t));
            g.unionAll(k);
        }
        for (AuditRecord a : objects.auditRecords()) {
            if ("workflows".equals(a.resource()) && a.name() != null && !a.name().isEmpty()) {
                g.find("w:" + a.name());
            }
        }
        g.number();
        return g;
    }

    /** The names each line joins ({@link #keysOf}), each distinct list once: what a stretch of lines gives the components. */
    public static java.util.Set<List<String>> edges(List<LogEvent> lines, GroupBindings bindings) {
        java.util.Set<List<String>> out = new java.util.LinkedHashSet<>();
        for (LogEvent e : lines) {
            List<String> k = keysOf(e, bindings);
            if (k.size() > 1) {
                out.add(k);
            } else if (k.size() == 1) {
                out.add(List.of(k.get(0)));
            }
        }
        return out;
    }

    /**
     * The component of a line (-1: the context, every group reads it): that of its first name, or its pair's for a
     * {@code Removing finalizers during a delete} line, which names nothing ({@code pair}: the line it is paired with, or null).
     */
    public int componentOf(LogEvent line, LogEvent pair, GroupBindings bindings) {
        List<String> k = keysOf(line, bindings);
        if (k.isEmpty() && pair != null) {
            k = keysOf(pair, bindings);
        }
        boolean context = k.isEmpty() || bindings.context(line) || line.event() instanceof LeaderElection || line.event() instanceof ControllerStarted;
        return context ? -1 : componentOf.get(find(k.get(0)));
    }

    private static List<String> keysOf(LogEvent e, GroupBindings bindings) {
        List<String> k = new ArrayList<>(2);
        e.event().pod().ifPresent(p -> k.add("p:" + p.name()));
        e.event().workflow().ifPresent(w -> k.add("w:" + w.name()));
        bindings.workflows(e).forEach(w -> k.add("w:" + w));
        bindings.tags(e).forEach(t -> k.add("#" + t));
        return k;
    }

    /** How many components the input falls into (at least one). */
    public int size() {
        return Math.max(1, components.size());
    }

    /** The component's keys: {@code p:}Pod name, {@code w:}Workflow name, {@code #}tag. */
    public Set<String> keys(int component) {
        return components.isEmpty() ? Set.of() : components.get(component);
    }

    /** The group made of these components (indexes in 0..size()-1). */
    public CorrelationGroup group(Collection<Integer> of) {
        BitSet in = new BitSet();
        of.forEach(in::set);
        Set<String> pods = names(of, "p:");
        Set<String> workflows = names(of, "w:");
        List<LogEvent> lines = new ArrayList<>();
        for (int i = 0; i < lineComponent.length; i++) {
            if (lineComponent[i] < 0 || in.get(lineComponent[i])) {
                lines.add(facts.events.get(i));
            }
        }
        return new CorrelationGroup(lines, pods, workflows);
    }

    /** The Pod ({@code p:}) or Workflow ({@code w:}) names the components hold, sorted. */
    Set<String> names(Collection<Integer> of, String prefix) {
        Set<String> names = new TreeSet<>();
        for (int c : of) {
            for (String k : keys(c)) {
                if (k.startsWith(prefix)) {
                    names.add(k.substring(prefix.length()));
                }
            }
        }
        return names;
    }

    /** The component a line belongs to, -1 for a line of the context (every group reads it). */
    public int componentOfLine(int index) {
        return lineComponent[index];
    }

    /** The component holding a Workflow name, -1 if the input never names it. */
    public int componentOfWorkflow(String name) {
        String k = "w:" + name;
        return parent.containsKey(k) ? componentOf.get(find(k)) : -1;
    }

    /** The component holding a Pod name, -1 if the input never names it. */
    public int componentOfPod(String name) {
        String k = "p:" + name;
        return parent.containsKey(k) ? componentOf.get(find(k)) : -1;
    }

    /** The component holding a tag, -1 if no line or export bears it. */
    public int componentOfTag(String tag) {
        String k = "#" + tag;
        return parent.containsKey(k) ? componentOf.get(find(k)) : -1;
    }

    private void unionAll(List<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        String first = find(keys.get(0));
        for (int i = 1; i < keys.size(); i++) {
            String other = find(keys.get(i));
            if (!other.equals(first)) {
                // the lesser key is the root: the numbering below does not depend on the order of the unions
                if (other.compareTo(first) < 0) {
                    parent.put(first, other);
                    first = other;
                } else {
                    parent.put(other, first);
                }
            }
        }
    }

    private String find(String k) {
        String p = parent.putIfAbsent(k, k);
        if (p == null || p.equals(k)) {
            return k;
        }
        String root = find(p);
        parent.put(k, root);
        return root;
    }

    /** Components numbered by their least key, each with its keys sorted. */
    private void number() {
        Map<String, Set<String>> byRoot = new TreeMap<>();
        for (String k : List.copyOf(parent.keySet())) {
            byRoot.computeIfAbsent(find(k), r -> new TreeSet<>()).add(k);
        }
        for (Map.Entry<String, Set<String>> c : byRoot.entrySet()) {
            componentOf.put(c.getKey(), components.size());
            components.add(c.getValue());
        }
    }
}
