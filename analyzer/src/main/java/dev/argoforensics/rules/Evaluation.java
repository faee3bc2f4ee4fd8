package dev.argoforensics.rules;

import java.util.List;

/** What one rule found, and which candidates it examined and cleared. */
public record Evaluation(List<Finding> findings, List<Clearance> cleared) {
    public Evaluation {
        findings = List.copyOf(findings);
        cleared = List.copyOf(cleared);
    }
}
