package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Round 2a of the slices' flow, one cluster: its accounting and runs ({@code prep}; with a failure, the cluster is reported),
 * what its slices share ({@link SliceShared} as bytes, to broadcast) and what its task after the slices reads ({@code rest}:
 * {@link Rest} as bytes).
 *
 * @param objects every object of the cluster (display paths), for the rows of a cluster refused after its slices
 * @param kept    each log's kept lines
 * @param held    each readable log's skeletons
 */
record SlicedCluster(ClusterPrep prep, byte[] shared, byte[] rest, List<String> objects, Map<String, Long> kept, Map<String, Long> held)
        implements Serializable {
    SlicedCluster {
        objects = List.copyOf(objects);
        kept = Map.copyOf(kept);
        held = Map.copyOf(held);
    }

    /**
     * @param inputs     the per-input accounting in display-path order (what the excerpt caveats read)
     * @param filesOfRun the files each controller run's correlated lines stand in
     * @param linesDated whether a correlated line has a date
     * @param files      each log file's place, in stitch order
     */
    record Rest(List<dev.argoforensics.accounting.InputSummary> inputs, Map<Integer, java.util.Set<String>> filesOfRun,
                boolean linesDated, List<ClusterTable.FilePlace> files) {
    }
}
