package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a stretch of kept lines (one file's, or all of an input's) says of namespaces, the part of the facts' namespaces
 * that comes from lines: each Pod name with the namespaces lines state for it (a line's own namespace, or the one an
 * executor's refused task result write names: {@link Correlator#statedNamespace}), and each Workflow name with the
 * namespaces lines state for it ({@link WorkflowNamespaces}). A set of pairs, so the projections of an input's files put
 * together in any order ({@link #union}) are the projection of all its lines; {@link Correlator#namespaces} makes the
 * facts' namespaces from it and the exports. This is the first of the per-file projections the fleet scan needs to derive
 * a cluster's facts without holding every kept line in one task (docs/fleet.md, "Left"); {@code Correlator.facts} derives
 * its namespaces through it, and ProjectionFactsTest holds the union of per-file projections equal to them.
 *
 * @param pods      Pod name → the namespaces lines state for it
 * @param workflows Workflow name → the namespaces lines state for it (lines naming a Workflow with a namespace)
 */
public record NamespaceProjection(Map<String, Set<String>> pods, Map<String, Set<String>> workflows) {
    public NamespaceProjection {
        pods = frozen(pods);
        workflows = frozen(workflows);
    }

    /** The projection of lines already completed as the facts complete them (cut scheduling lines, excerpts' nameless lines): the facts' own. */
    public static NamespaceProjection of(List<LogEvent> events) {
        return of(events, true);
    }

    /**
     * The projection of one file's kept lines as its reading gives them, before the stitch: completed as the facts complete
     * all lines ({@link CutSchedules}, then {@link ElidedNames}, both within the file), then projected. A cut scheduling
     * line whose completing queueing line is the first of the next file (a paste cut short at a file's end) is not
     * completed here; no sample or judgment corpus has one.
     */
    public static NamespaceProjection ofFile(List<LogEvent> fileEvents) {
        return of(ElidedNames.assign(CutSchedules.complete(fileEvents)), true);
    }

    /**
     * As {@link #of(List)}; without the Workflows' pairs unless {@code workflows} (the facts take them for a Workflow exported
     * without a namespace, and for the Workflow names in two namespaces: {@link Correlator#sharedWorkflowNames}).
     */
    static NamespaceProjection of(List<LogEvent> events, boolean workflows) {
        // hash maps per line (a look-up costs no comparisons of names); the record sorts the names once
        Map<String, Set<String>> pods = new HashMap<>();
        Map<String, Set<String>> wfs = new HashMap<>();
        for (LogEvent e : events) {
            e.event().pod().ifPresent(p -> {
                String ns = p.namespace() != null ? p.namespace() : Correlator.statedNamespace(e);
                if (ns != null) {
                    add(pods, p.name(), ns);
                }
            });
            if (workflows) {
                e.event().workflow().filter(r -> r.namespace() != null && !r.namespace().isEmpty())
                        .ifPresent(r -> add(wfs, r.name(), r.namespace()));
            }
        }
        return new NamespaceProjection(pods, wfs);
    }

    /** The projections of several stretches of lines (an input's files) as one: the union of their pairs. */
    public static NamespaceProjection union(Collection<NamespaceProjection> parts) {
        Map<String, Set<String>> pods = new HashMap<>();
        Map<String, Set<String>> wfs = new HashMap<>();
        for (NamespaceProjection p : parts) {
            p.pods().forEach((k, v) -> v.forEach(ns -> add(pods, k, ns)));
            p.workflows().forEach((k, v) -> v.forEach(ns -> add(wfs, k, ns)));
        }
        return new NamespaceProjection(pods, wfs);
    }

    /**
     * Adds a namespace to a name's set: a name stated in one namespace (nearly every one) holds a singleton, not a tree of one
     * (a {@code TreeSet} and its map, entry and views were ~130 bytes a Pod name, and a log of 370,000 Pod names holds several
     * such projections at once: docs/performance.md, session 49); a second namespace makes it a sorted set.
     */
    private static void add(Map<String, Set<String>> m, String name, String namespace) {
        Set<String> s = m.get(name);
        if (s == null) {
            m.put(name, Collections.singleton(namespace));
        } else if (!s.contains(namespace)) {
            if (!(s instanceof TreeSet)) {
                s = new TreeSet<>(s);
                m.put(name, s);
            }
            s.add(namespace);
        }
    }

    private static Map<String, Set<String>> frozen(Map<String, Set<String>> m) {
        Map<String, Set<String>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.size() == 1 ? Collections.singleton(v.iterator().next()) : Collections.unmodifiableSet(new TreeSet<>(v))));
        return Collections.unmodifiableMap(out);
    }
}
