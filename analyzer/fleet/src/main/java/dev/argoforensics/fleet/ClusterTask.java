package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;

/** One cluster's objects, ordered by their path below {@code cluster=NAME}: the unit of work of v1 (one task per cluster). */
public record ClusterTask(String cluster, List<FleetObject> objects) implements Serializable {
    public ClusterTask {
        objects = List.copyOf(objects);
    }

    /** What {@code analyze cluster=NAME} run from the corpus root calls the object. */
    public String display(FleetObject o) {
        return o.relative().isEmpty() ? FleetListing.PREFIX + cluster : FleetListing.PREFIX + cluster + "/" + o.relative();
    }
}
