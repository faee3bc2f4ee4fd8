package dev.argoforensics.fleet;

import dev.argoforensics.analysis.GroupedAnalysis;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.LongAccumulator;

/**
 * On an executor, each cluster's group context ({@link GroupedAnalysis.Prepared#contextBytes()}: its context lines and
 * the values every group reads alike) decoded once and handed to each of the cluster's group tasks that run there, not
 * once per group. Kept for the last {@value #KEEP} clusters used: the group tasks run in partition order and a cluster's
 * groups are on consecutive partitions ({@link GroupPartitioner}), so an executor works on a few clusters at a time.
 */
final class GroupContexts {
    static final int KEEP = 8;
    /**
     * By scan and cluster (a broadcast's id is unique only within one Spark context, and a JVM may run several scans one
     * after another): the decoded context, least recently used first.
     */
    private static final Map<String, Holder> BY_CLUSTER = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Holder> eldest) {
            return size() > KEEP;
        }
    };

    private GroupContexts() {
    }

    /**
     * The cluster's context, decoded here if this executor has not decoded it yet ({@code decodes} counts the decodes).
     *
     * @param scan a name of this scan, unique among scans (the driver's)
     */
    static GroupedAnalysis.Shared of(String scan, String cluster, Broadcast<byte[]> context, LongAccumulator decodes) {
        Holder h;
        synchronized (BY_CLUSTER) {
            h = BY_CLUSTER.computeIfAbsent(scan + "\u0000" + cluster, k -> new Holder());
        }
        return h.get(context, decodes);
    }

    /** One cluster's context, decoded by the first task that asks; the others wait for it. */
    private static final class Holder {
        private GroupedAnalysis.Shared value;

        synchronized GroupedAnalysis.Shared get(Broadcast<byte[]> context, LongAccumulator decodes) {
            if (value == null) {
                value = GroupedAnalysis.shared(context.value());
                decodes.add(1);
            }
            return value;
        }
    }
}
