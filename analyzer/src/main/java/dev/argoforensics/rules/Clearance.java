package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.source.SourceRef;

/**
 * A candidate a rule examined and cleared, with the evidence that cleared it: a report says what
 * was checked, not only what was found.
 *
 * @param pod null when the candidate was a Workflow or a pair of controller runs rather than a Pod
 */
public record Clearance(PodKey pod, String reason, SourceRef evidence) {
}
