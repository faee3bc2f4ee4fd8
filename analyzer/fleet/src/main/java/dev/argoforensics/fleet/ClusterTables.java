package dev.argoforensics.fleet;

import dev.argoforensics.correlate.AssignedFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.FactsTable;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.correlate.PodSlices;
import dev.argoforensics.correlate.SlicedTable;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.rules.RuleBindings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.LongAccumulator;

/**
 * On an executor, each cluster's {@code FactsTable} and components derived once from its broadcast ({@link ClusterTable})
 * and handed to the cluster's round-3 tasks that run there (its files' assignment, its context, its groups), as
 * {@link GroupContexts} keeps the contexts; the last {@value #KEEP} clusters used.
 */
final class ClusterTables {
    /**
     * Tables kept per executor: a table is about 0.3 KB per kept line of its cluster (docs/fleet.md, step 2h), 0.8 GB for a
     * cluster at the default {@code --cluster-held}, so an executor keeps two.
     */
    static final int KEEP = 2;
    static final RuleBindings BINDINGS = new RuleBindings();

    private static final Map<String, Holder> BY_CLUSTER = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Holder> eldest) {
            return size() > KEEP;
        }
    };

    private ClusterTables() {
    }

    /**
     * A cluster's table, components and plan, as round 2 derived them.
     *
     * @param groupOf each component's group (-1: none)
     * @param files   each file's place, by display path
     */
    record Derived(FactsTable table, AssignedFacts facts, Grouping grouping, ClusterTable.Plan plan, int[] groupOf, Map<String, ClusterTable.FilePlace> files) {
    }

    /** The table and its components from round 2's input: {@code Correlator.derive}, then {@code Grouping.of} with the files' edges. */
    static Derived derive(ClusterTable.Input in, ClusterTable.Plan plan) {
        FactsTable table = Correlator.derive(in.lines(), in.exported(), in.processes(), in.coverage());
        Grouping grouping = Grouping.of(table, table.edges(in.lines(), BINDINGS), BINDINGS);
        return derived(table, table, grouping, plan);
    }

    /**
     * The slices' flow: each slice's table from its part of the projection ({@code Correlator.deriveSlice}), put together
     * ({@code SlicedTable}); the components from the edges the cluster's task made them from ({@code Grouping.ofEdges}).
     */
    @SuppressWarnings("unchecked")
    static Derived deriveSliced(Shared shared, List<byte[]> slices, byte[] edges, ClusterTable.Plan plan) throws IOException {
        List<FactsTable> tables = new ArrayList<>(slices.size());
        for (int s = 0; s < slices.size(); s++) {
            tables.add(Correlator.deriveSlice((LineProjection) WireForm.decode(slices.get(s)), shared.cross(), s, shared.input().processes()));
        }
        SlicedTable sliced = new SlicedTable(shared.cross(), tables);
        Grouping grouping = Grouping.ofEdges(shared.cross().objects(), (List<List<String>>) WireForm.decode(edges), BINDINGS);
        return derived(null, sliced, grouping, plan);
    }

    private static Derived derived(FactsTable table, AssignedFacts facts, Grouping grouping, ClusterTable.Plan plan) {
        if (plan == null) {
            return new Derived(table, facts, grouping, null, null, Map.of());
        }
        int[] groupOf = new int[grouping.size()];
        java.util.Arrays.fill(groupOf, -1);
        List<List<Integer>> groups = plan.groups().groups();
        for (int g = 0; g < groups.size(); g++) {
            for (int c : groups.get(g)) {
                groupOf[c] = g;
            }
        }
        Map<String, ClusterTable.FilePlace> files = new HashMap<>();
        plan.files().forEach(f -> files.put(f.display(), f));
        return new Derived(table, facts, grouping, plan, groupOf, files);
    }

    /** The broadcast's table decoded and derived here, once ({@code derivations} counts them). */
    static Derived of(String scan, Broadcast<ClusterTable> table, LongAccumulator derivations) {
        Holder h;
        synchronized (BY_CLUSTER) {
            h = BY_CLUSTER.computeIfAbsent(scan + "\u0000" + table.value().cluster(), k -> new Holder());
        }
        return h.get(table.value(), derivations);
    }

    private static final Map<String, Derived[]> ROUTING = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Derived[]> eldest) {
            return size() > KEEP;
        }
    };

    /**
     * The slices' flow, round 3: a cluster's components ({@code Grouping.ofEdges}, the names alone) and plan from its broadcast,
     * once per executor (the last {@value #KEEP} clusters), no slice's table derived: each slice's is derived in its own task
     * ({@code shared}: what the slices share, {@link #shared}).
     */
    static Derived routing(String scan, Broadcast<ClusterTable> table, Shared shared) {
        Derived[] holder;
        synchronized (ROUTING) {
            holder = ROUTING.computeIfAbsent(scan + "\u0000" + table.value().cluster(), k -> new Derived[1]);
        }
        synchronized (holder) {
            if (holder[0] == null) {
                ClusterTable t = table.value();
                try {
                    ClusterTable.Plan plan = (ClusterTable.Plan) WireForm.decode(t.plan());
                    @SuppressWarnings("unchecked")
                    List<List<String>> edges = (List<List<String>>) WireForm.decode(t.edges());
                    holder[0] = derived(null, null, Grouping.ofEdges(shared.cross().objects(), edges, BINDINGS), plan);
                } catch (IOException e) {
                    throw new IllegalStateException("cluster " + t.cluster() + ": its table's bytes: " + e, e);
                }
            }
            return holder[0];
        }
    }

    /**
     * The slices' flow: what a cluster's slices share, from round 2a's broadcast ({@code PodSlices.of} its form),
     * with each file's place by display path and index.
     */
    record Shared(SliceShared input, PodSlices cross, Map<String, Integer> fileIndex) {
        static Shared of(byte[] bytes) throws IOException {
            SliceShared in = (SliceShared) WireForm.decode(bytes);
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < in.files().size(); i++) {
                index.put(in.files().get(i).display(), i);
            }
            return new Shared(in, PodSlices.of(in.cross()), index);
        }
    }

    private static final Map<String, Shared[]> SHARED = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Shared[]> eldest) {
            return size() > KEEP;
        }
    };

    /** A cluster's {@link Shared}, derived from its broadcast once per executor (the last {@value #KEEP} clusters). */
    static Shared shared(String scan, String cluster, Broadcast<byte[]> bytes) {
        Shared[] holder;
        synchronized (SHARED) {
            holder = SHARED.computeIfAbsent(scan + "\u0000" + cluster, k -> new Shared[1]);
        }
        synchronized (holder) {
            if (holder[0] == null) {
                try {
                    holder[0] = Shared.of(bytes.value());
                } catch (IOException e) {
                    throw new IllegalStateException("cluster " + cluster + ": its slices' shared bytes: " + e, e);
                }
            }
            return holder[0];
        }
    }

    private static final class Holder {
        private Derived value;

        synchronized Derived get(ClusterTable t, LongAccumulator derivations) {
            if (value == null) {
                try {
                    ClusterTable.Plan plan = (ClusterTable.Plan) WireForm.decode(t.plan());
                    value = t.slices() == null ? derive((ClusterTable.Input) WireForm.decode(t.derivation()), plan)
                            : deriveSliced(Shared.of(t.derivation()), t.slices(), t.edges(), plan);
                } catch (IOException e) {
                    throw new IllegalStateException("cluster " + t.cluster() + ": its table's bytes: " + e, e);
                }
                derivations.add(1);
            }
            return value;
        }
    }
}
