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

    private Grouping(ClusterFacts facts) {
        this.facts = facts;
        this.lineComponent = new int[facts.events.size()];
    }

    public static Grouping of(ClusterFacts facts, GroupBindings bindings) {
        Grouping g = new Grouping(facts);
        List<List<String>> keys = new ArrayList<>(facts.events.size());
        for (LogEvent e : facts.events) {
            List<String> k = keysOf(e, bindings);
            keys.add(k);
            g.unionAll(k);
        }
        for (PodKey pod : facts.podKeys) {
            NodeLink link = facts.links.get(pod);
            g.unionAll(link == null ? List.of("p:" + pod.name()) : List.of("p:" + pod.name(), "w:" + link.workflow().name()));
        }
        for (PodSnapshot p : facts.objects.pods()) {
            g.unionAll(p.workflowName().map(w -> List.of("p:" + p.name(), "w:" + w)).orElse(List.of("p:" + p.name())));
        }
        for (WorkflowRef w : facts.wfSnaps.keySet()) {
            g.find("w:" + w.name());
        }
        for (WorkflowSnapshot w : facts.objects.workflows()) {
            List<String> k = new ArrayList<>(List.of("w:" + w.name()));
            bindings.tags(w).forEach(t -> k.add("#" + t));
            g.unionAll(k);
        }
        for (AuditRecord a : facts.objects.auditRecords()) {
            if ("workflows".equals(a.resource()) && a.name() != null && !a.name().isEmpty()) {
                g.find("w:" + a.name());
            }
        }
        g.number();
        for (int i = 0; i < facts.events.size(); i++) {
            LogEvent e = facts.events.get(i);
            List<String> k = keys.get(i);
            if (k.isEmpty() && facts.pairOf(e) != null) {
                k = keysOf(facts.pairOf(e), bindings);
            }
            boolean context = k.isEmpty() || bindings.context(e) || e.event() instanceof LeaderElection || e.event() instanceof ControllerStarted;
            g.lineComponent[i] = context ? -1 : g.componentOf.get(g.find(k.get(0)));
        }
        return g;
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
