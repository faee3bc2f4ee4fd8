package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;

/**
 * A cluster after its stitch and its facts, before its groups run: what the groups' rules read besides their own
 * share ({@code analysis.GroupedAnalysis.Prepared#contextBytes()}: the context lines and the caveats' inputs, broadcast once per
 * cluster and decoded once per executor), the controller runs the findings' rows name (as bytes), the per-input accounting (the cut groups included), and how many groups
 * there are; or, with {@code failure}, the accounting that says the cluster's analysis failed.
 */
record ClusterPrep(String cluster, byte[] context, byte[] processes, List<InputRow> inputs, int groups, String failure) implements Serializable {
    ClusterPrep {
        inputs = List.copyOf(inputs);
    }

    /** The same without the context, which the groups' tasks have had by broadcast: what the cluster's last task reads. */
    ClusterPrep withoutContext() {
        return new ClusterPrep(cluster, null, processes, inputs, groups, failure);
    }
}
