package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

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
            if (!cross.dropped(place)) {
                out.add(assign(cross, place, lines.get(i), slices::get, grouping, bindings));
            }
        }
        return out;
    }

    /**
     * One line as {@link #assign} gives it, each slice's table it reads from {@code tableOf}: a line naming a Pod reads its Pod's
     * slice, a handler line its pair's, a line naming neither none.
     */
    private static FactsTable.Assigned assign(PodSlices cross, long place, LogEvent read, IntFunction<FactsTable> tableOf, Grouping grouping,
                                              GroupBindings bindings) {
        LogEvent line = cross.completed(place, read);
        int at = cross.sliceOfLine(place, line);
        LogEvent pair = null;
        if (at >= 0) {
            // a line kept whole: the object its slice's facts hold (which of a recreated Pod's objects a line is about reads it)
            FactsTable table = tableOf.apply(at);
            LogEvent held = table.specialAt(place);
            line = held != null ? held : line;
            // a handler line: its pair, completed, as its pair's slice holds it (a pair naming no Pod joins no names)
            long p = cross.pairPlace(place);
            pair = p < 0 ? null : table.specialAt(p);
        }
        LogEvent about = line;
        PodKey pod = about.event().pod().map(p -> tableOf.apply(cross.sliceOf(p.name())).podOf(about)).orElse(null);
        long h = pod == null ? -1 : cross.handlerPlace(place);
        return new FactsTable.Assigned(line, cross.correlated(place), pod, h < 0 ? -1 : cross.correlated(h), grouping.componentOf(line, pair, bindings));
    }

    /**
     * A stretch of the cluster's lines (a file's, placed) routed so that no task needs every slice's table (the fleet's third
     * round, {@code --flow slices}): the lines no slice's table decides (naming no Pod and no handler line), assigned as
     * {@link #assign} assigns them, and the others by the slice whose table decides them ({@link #assign(PodSlices, FactsTable,
     * int, SliceLines, Grouping, GroupBindings)}), as read, with their places. The handler lines left out are left out.
     */
    public static Routed route(PodSlices cross, List<LogEvent> lines, long offset, Grouping grouping, GroupBindings bindings) {
        List<FactsTable.Assigned> assigned = new ArrayList<>();
        Map<Integer, List<Integer>> bySlice = new TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            long place = offset + i;
            if (cross.dropped(place)) {
                continue;
            }
            int at = cross.sliceOfLine(place, cross.completed(place, lines.get(i)));
            if (at < 0) {
                assigned.add(assign(cross, place, lines.get(i), s -> {
                    throw new IllegalStateException("the line at " + place + " reads slice " + s + " but is routed to none");
                }, grouping, bindings));
            } else {
                bySlice.computeIfAbsent(at, k -> new ArrayList<>()).add(i);
            }
        }
        List<SliceLines> out = new ArrayList<>(bySlice.size());
        bySlice.forEach((s, at) -> {
            long[] places = new long[at.size()];
            List<LogEvent> of = new ArrayList<>(at.size());
            for (int j = 0; j < places.length; j++) {
                places[j] = offset + at.get(j);
                of.add(lines.get(at.get(j)));
            }
            out.add(new SliceLines(s, places, of));
        });
        return new Routed(assigned, out);
    }

    /** A stretch routed ({@link #route}): the lines assigned without a slice's table, and those each slice's table decides. */
    public record Routed(List<FactsTable.Assigned> assigned, List<SliceLines> bySlice) {
    }

    /**
     * The lines of a stretch one slice's table decides, as read (placed, not completed), with their places among the cluster's
     * lines as read, in place order.
     */
    public record SliceLines(int slice, long[] places, List<LogEvent> lines) {
        public SliceLines {
            if (places.length != lines.size()) {
                throw new IllegalArgumentException(places.length + " places for " + lines.size() + " lines");
            }
            places = places.clone();
            lines = List.copyOf(lines);
        }
    }

    /**
     * The lines routed to one slice ({@link #route}), assigned from that slice's table alone, as {@link #assign} assigns them;
     * with the lines the route assigned, in place order ({@link FactsTable.Assigned#place}), they are {@link #assign}'s.
     */
    public static List<FactsTable.Assigned> assign(PodSlices cross, FactsTable table, int index, SliceLines lines, Grouping grouping,
                                                   GroupBindings bindings) {
        if (lines.slice() != index) {
            throw new IllegalArgumentException("slice " + lines.slice() + "'s lines given to slice " + index + "'s table");
        }
        List<FactsTable.Assigned> out = new ArrayList<>(lines.lines().size());
        for (int j = 0; j < lines.places().length; j++) {
            long place = lines.places()[j];
            out.add(assign(cross, place, lines.lines().get(j), s -> {
                if (s != index) {
                    throw new IllegalStateException("the line at " + place + " reads slice " + s + ", routed to slice " + index);
                }
                return table;
            }, grouping, bindings));
        }
        return out;
    }

    /**
     * The facts of one slice's Pods, by the group their name's component is dealt into ({@code groupOf}: a component's group, -1
     * for none); a Pod whose name is in no component in none. Every slice's together give each group's share the facts of its
     * Pods ({@link #share(PodSlices, Grouping, Collection, List, Map)}).
     */
    public static Map<Integer, Map<PodKey, GroupFacts.PodFacts>> podFactsByGroup(FactsTable table, Grouping grouping, IntUnaryOperator groupOf) {
        Map<Integer, Map<PodKey, GroupFacts.PodFacts>> out = new TreeMap<>();
        for (PodKey key : table.podKeys) {
            int c = grouping.componentOfPod(key.name());
            int g = c < 0 ? -1 : groupOf.applyAsInt(c);
            if (g >= 0) {
                out.computeIfAbsent(g, k -> new TreeMap<>()).put(key, table.podFacts(key));
            }
        }
        return out;
    }

    /** As {@link FactsTable#share}: the group of these components, its Pods' facts from their slices' tables. */
    @Override
    public GroupShare share(Grouping grouping, Collection<Integer> components, List<FactsTable.Assigned> lines) {
        return FactsTable.share(grouping, components, lines, podNames -> {
            Map<PodKey, GroupFacts.PodFacts> podFacts = new TreeMap<>();
            for (FactsTable t : slices) {
                for (PodKey key : t.podKeys) {
                    if (podNames.contains(key.name())) {
                        podFacts.put(key, t.podFacts(key));
                    }
                }
            }
            return podFacts;
        }, Correlator.workflowSnapshots(cross.objects()), cross.objects());
    }

    /**
     * As {@link #share(Grouping, Collection, List)} with no slice's table: the group's Pods' facts as the slices gave them
     * ({@link #podFactsByGroup}, every slice's for this group put together).
     */
    public static GroupShare share(PodSlices cross, Grouping grouping, Collection<Integer> components, List<FactsTable.Assigned> lines,
                                   Map<PodKey, GroupFacts.PodFacts> podFacts) {
        return FactsTable.share(grouping, components, lines, podNames -> {
            Map<PodKey, GroupFacts.PodFacts> of = new TreeMap<>();
            podFacts.forEach((key, facts) -> {
                if (podNames.contains(key.name())) {
                    of.put(key, facts);
                }
            });
            return of;
        }, Correlator.workflowSnapshots(cross.objects()), cross.objects());
    }

    /** As {@link FactsTable#context}: the context lines, with the cluster's evidence available and run clocks. */
    @Override
    public GroupContext context(List<FactsTable.Assigned> lines) {
        return context(cross, slices.get(0).processes, clocks, lines);
    }

    /** As {@link #context(List)} with no slice's table: the runs and the run clocks merged from every slice's ({@link RunClocks#merge}). */
    public static GroupContext context(PodSlices cross, List<ControllerProcess> processes, RunClocks clocks, List<FactsTable.Assigned> lines) {
        return FactsTable.context(lines, cross.objects(), cross.available(), processes, clocks, cross.copies());
    }
}
