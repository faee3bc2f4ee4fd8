package dev.argoforensics.fleet;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.Partitioner;

/**
 * The split logs' partitions where their chunks' results meet: one partition per split log (up to a bound, then
 * neighbouring logs share one), so that the grouping of a log's chunk results and their join with the log take one
 * task per split log, not one per chunk of the stage before (which left most of them empty). Keys are
 * {@link ScannedFile#key()}.
 */
final class SplitPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;

    private final Map<String, Integer> index;
    private final int partitions;

    /** @param keys the split logs' keys, in the order their partitions are to run */
    SplitPartitioner(List<String> keys, int maxPartitions) {
        Map<String, Integer> at = new HashMap<>();
        for (String k : keys) {
            at.putIfAbsent(k, at.size());
        }
        this.index = Map.copyOf(at);
        this.partitions = Math.max(1, Math.min(index.size(), maxPartitions));
    }

    @Override
    public int numPartitions() {
        return partitions;
    }

    @Override
    public int getPartition(Object key) {
        Integer at = index.get((String) key);
        return at == null ? Math.floorMod(key.hashCode(), partitions) : (int) ((long) at * partitions / Math.max(1, index.size()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SplitPartitioner p && p.index.equals(index) && p.partitions == partitions;
    }

    @Override
    public int hashCode() {
        return index.hashCode() * 31 + partitions;
    }
}
