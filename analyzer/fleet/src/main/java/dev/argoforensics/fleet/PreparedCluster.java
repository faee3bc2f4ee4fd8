package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;

/** A cluster prepared: its own part, and its groups to shuffle. */
record PreparedCluster(ClusterPrep prep, List<GroupTask> groups) implements Serializable {
    PreparedCluster {
        groups = List.copyOf(groups);
    }
}
