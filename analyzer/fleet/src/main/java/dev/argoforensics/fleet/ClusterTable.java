package dev.argoforensics.fleet;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.GroupedAnalysis;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.read.Placement;
import dev.argoforensics.snapshot.ExportedObjects;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What round 2 of the fleet's flow makes of one cluster, broadcast once per cluster: what an executor derives the cluster's
 * {@code FactsTable} from, once, as round 2 did ({@link Input} as bytes: {@code FactsTable} has no byte form, it holds
 * identity maps), and how the cluster's lines go to their groups ({@link Plan} as bytes). In the slices' flow
 * ({@code --flow slices}) {@code derivation} is what the slices share ({@link SliceShared} as bytes), {@code slices} each slice's
 * part of the cluster's projection (a {@code LineProjection} as bytes, in slice order) and {@code edges} the names the
 * components are made of (a list of name lists as bytes): an executor derives each slice's table and puts them together
 * ({@code SlicedTable}), the components from the edges ({@code Grouping.ofEdges}) as the cluster's task made them.
 */
record ClusterTable(String cluster, byte[] derivation, byte[] plan, java.util.List<byte[]> slices, byte[] edges) implements Serializable {

    /** The rounds' flow: one table, derived from {@code derivation} ({@link Input} as bytes). */
    ClusterTable(String cluster, byte[] derivation, byte[] plan) {
        this(cluster, derivation, plan, null, null);
    }

    /** What an executor is sent of this cluster's table, in bytes. */
    long bytes() {
        long n = derivation.length + plan.length + (edges == null ? 0 : edges.length);
        if (slices != null) {
            for (byte[] b : slices) {
                n += b.length;
            }
        }
        return n;
    }

    /**
     * What {@code Correlator.derive} takes: the union of the cluster's files' projections, placed; the exports; the runs
     * and the coverage of the stitched thin readings (equal to the full stitch's: ProjectionFactsTest).
     */
    record Input(LineProjection lines, ExportedObjects exported, List<ControllerProcess> processes, LogCoverage coverage) {
    }

    /**
     * @param groups     the components of each group, the home group and their names ({@code GroupedAnalysis.plan})
     * @param files      each log file read, in stitch order: where its lines go
     * @param inputs     the per-input accounting in display-path order (what the excerpt caveats read)
     * @param filesOfRun the files each controller run's correlated lines stand in (the clock caveats')
     * @param linesDated whether a correlated line has a date (the time-of-day caveats')
     */
    record Plan(GroupedAnalysis.Plan groups, List<FilePlace> files, List<InputSummary> inputs, Map<Integer, Set<String>> filesOfRun,
                boolean linesDated) {
    }

    /** One file's lines' places: its first line's place among the cluster's lines as read, and its run pieces' runs. */
    record FilePlace(String display, long offset, Placement placement) {
    }
}
