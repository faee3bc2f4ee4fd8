package dev.argoforensics.fleet;

import java.util.Map;
import org.apache.spark.Partitioner;

/**
 * The group tasks' partitions: every cluster's groups on consecutive partitions, clusters one after another (in the
 * order given), so that the tasks, which run in partition order, take up a few clusters at a time and each executor
 * decodes a cluster's context once ({@link GroupContexts}). With more groups than partitions, neighbouring groups share
 * a partition. Keys are {@link GroupTask#key()}.
 */
final class GroupPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;

    /** Per cluster, the number of groups before its first. */
    private final Map<String, Integer> offsets;
    private final int groups;
    private final int partitions;

    GroupPartitioner(Map<String, Integer> offsets, int groups, int partitions) {
        this.offsets = Map.copyOf(offsets);
        this.groups = Math.max(1, groups);
        this.partitions = Math.max(1, partitions);
    }

    @Override
    public int numPartitions() {
        return partitions;
    }

    @Override
    public int getPartition(Object key) {
        String k = (String) key;
        int cut = k.indexOf('\u0000');
        long at = offsets.get(k.substring(0, cut)) + Integer.parseInt(k.substring(cut + 1));
        return (int) (at * partitions / groups);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GroupPartitioner p && p.offsets.equals(offsets) && p.groups == groups && p.partitions == partitions;
    }

    @Override
    public int hashCode() {
        return offsets.hashCode() * 31 + groups * 7 + partitions;
    }
}
