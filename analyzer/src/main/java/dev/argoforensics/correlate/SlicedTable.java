package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A cluster's facts as the tables of its slices of Pod names ({@link Correlator#deriveSlice}) and what they share
 * ({@link PodSlices}): what {@link FactsTable} gives the fleet's third round (each line's place, Pod, handler line and
 * component; a group's share; the context), each Pod's facts read from its own slice's table. The run clocks are the
 * slices' merged ({@link RunClocks#merge}). Equal to the whole table's, line for line (SlicedFactsTest).
 */
public final class SlicedTable implements AssignedFacts {
    private final PodSlices cross;
    private final List<FactsTable> slices;
    private final RunClocks clocks;

    /** @param slices the table of each slice, in slice order */
    public SlicedTable(PodSlices cross, List<FactsTable> slices) {
        if (slices.size() != cross.slices()) {
            throw new IllegalArgumentException(slices.size() + " tables for " + cross.slices() + " slices");
        }
        this.cross = cross;
        this.slices = List.copyOf(slices);
        List<RunClocks> clocks = new ArrayList<>();
        slices.forEach(t -> clocks.add(t.clocks()));
        this.clocks = RunClocks.merge(clocks);
    }

    /** The run clocks of the whole cluster. */
    public RunClocks clocks() {
        return clocks;
    }

    /** The table of the slice holding this Pod name. */
    public FactsTable slice(String podName) {
        return slices.get(cross.sliceOf(podName));
    }

    /**
     * The components from the files' edges ({@link LineProjection#edges} and {@link LineProjection#settledEdges}), those of the
     * lines kept whole whose names completion decides ({@link PodSlices#edges}) and each slice's links.
     */
    public Grouping grouping(Collection<List<String>> fileEdges, GroupBindings bindings) {
        Set<List<String>> edges = new LinkedHashSet<>(fileEdges);
        edges.addAll(cross.edges());
        return Grouping.ofSlices(slices, edges, bindings);
    }

    /** The Pod a line naming a Pod is about, from its slice's table, or null. */
    public PodKey podOf(LogEvent line) {
        return line.event().pod().map(p -> slice(p.name()).podOf(line)).orElse(null);
    }

    /** As {@link FactsTable#assign}: a stretch of the cluster's lines (a file's, placed), each given what the whole cluster decides of it. */
    @Override
    public List<FactsTable.Assigned> assign(List<LogEvent> lines, long offset, Grouping grouping, GroupBindings bindings) {
        List<FactsTable.Assigned> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            long place = offset + i;
            if (cross.dropped(place)) {
                continue;
            }
            LogEvent line = cross.completed(place, lines.get(i));
            int at = cross.sliceOfLine(place, line);
            LogEvent pair = null;
            if (at >= 0) {
                // a line kept whole: the object its slice's facts hold (which of a recreated Pod's objects a line is about reads it)
                LogEvent held = slices.get(at).specialAt(place);
                line = held != null ? held : line;
                // a handler line: its pair, completed, as its pair's slice holds it (a pair naming no Pod joins no names)
                long p = cross.pairPlace(place);
                pair = p < 0 ? null : slices.get(at).specialAt(p);
            }
            PodKey pod = podOf(line);
            long h = pod == null ? -1 : cross.handlerPlace(place);
            out.add(new FactsTable.Assigned(line, cross.correlated(place), pod, h < 0 ? -1 : cross.correlated(h),
                    grouping.componentOf(line, pair, bindings)));
        }
        return out;
    }

    /** As {@link FactsTable#share}: the group of these components, its Pods' facts from their slices' tables. */
    @Override
    public GroupShare share(Grouping grouping, Collection<Integer> components, List<FactsTable.Assigned> lines) {
        GroupShare some = slices.get(0).share(grouping, components, lines);
        Set<String> podNames = some.podNames();
        Map<PodKey, GroupFacts.PodFacts> podFacts = new TreeMap<>();
        for (FactsTable t : slices) {
            for (PodKey key : t.podKeys) {
                if (podNames.contains(key.name())) {
                    podFacts.put(key, t.podFacts(key));
                }
            }
        }
        return new GroupShare(some.events(), some.places(), some.podOfLine(), some.handlerOfLine(), podNames, podFacts, some.workflowNames(),
                some.workflowSnapshots(), some.workflowAudit(), 0);
    }

    /** As {@link FactsTable#context}: the context lines, with the cluster's evidence available and run clocks. */
    @Override
    public GroupContext context(List<FactsTable.Assigned> lines) {
        GroupContext some = slices.get(0).context(lines);
        return new GroupContext(some.events(), some.places(), some.podOfLine(), some.handlerOfLine(), cross.objects().podTables(), cross.available(),
                some.processes(), clocks);
    }
}
