package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * One group of a cluster, after the cluster's stitch: its share of the cluster's facts with its lines
 * ({@link dev.argoforensics.correlate.GroupFacts} as bytes), keyed by (cluster, group) for the shuffle.
 *
 * @param home whether the rules that read the whole cluster's runs (AF012) run in this group
 */
record GroupTask(String cluster, int index, boolean home, byte[] facts) implements Serializable {
    String key() {
        return cluster + "\u0000" + index;
    }
}
