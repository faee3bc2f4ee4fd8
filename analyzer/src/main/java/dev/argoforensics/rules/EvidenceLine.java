package dev.argoforensics.rules;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * A line or object a finding rests on.
 *
 * @param time the line's time; null for an exported object, which has no time of its own
 * @param role why it is cited, in a few words
 * @param text the line as written, or a summary of the object's relevant fields
 */
public record EvidenceLine(SourceRef source, Timestamp time, String role, String text) {
}
