package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;

/**
 * A cluster prepared: its own part, and its groups to shuffle (the stitch flow); or, in the rounds' flow, its table to
 * broadcast (null if the cluster failed or was too large), its groups' lines coming from its files in round 3.
 */
record PreparedCluster(ClusterPrep prep, List<GroupTask> groups, ClusterTable table) implements Serializable {
    PreparedCluster {
        groups = List.copyOf(groups);
    }
}
