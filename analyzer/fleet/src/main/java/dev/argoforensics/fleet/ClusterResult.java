package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;

/** What one cluster's task gave: its findings in report order and its per-input accounting. */
public record ClusterResult(String cluster, List<FindingRow> findings, List<InputRow> inputs) implements Serializable {
    public ClusterResult {
        findings = List.copyOf(findings);
        inputs = List.copyOf(inputs);
    }
}
