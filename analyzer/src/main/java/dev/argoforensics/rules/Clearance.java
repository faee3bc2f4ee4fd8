package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.source.SourceRef;

/**
 * A candidate a rule examined and cleared, with the evidence that cleared it: a report says what
 * was checked, not only what was found.
 */
public record Clearance(PodKey pod, String reason, SourceRef evidence) {
}
