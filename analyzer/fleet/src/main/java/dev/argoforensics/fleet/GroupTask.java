package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * One group of a cluster, after the cluster's stitch: its own share of the cluster's facts with its own lines
 * ({@link dev.argoforensics.correlate.GroupShare} as bytes; the context lines every group reads travel once per
 * cluster, in {@link ClusterPrep#context()}), keyed by (cluster, group) for the shuffle.
 *
 * @param home whether the rules that read the whole cluster's runs (AF012) run in this group
 */
record GroupTask(String cluster, int index, boolean home, byte[] facts) implements Serializable {
    String key() {
        return cluster + "\u0000" + index;
    }
}
