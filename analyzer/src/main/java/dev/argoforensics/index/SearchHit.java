package dev.argoforensics.index;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * One event found in the index, as search results show it.
 *
 * @param time       null for an exported object that gives no time
 * @param lowerBound the time is only a lower bound (an export)
 * @param controller the controller run that logged it; null for observations
 * @param level      null for observations and records without a level
 * @param evidence   {@code log} or {@code snapshot}
 * @param text       the record as written, or the observation in words
 */
public record SearchHit(Timestamp time, boolean lowerBound, SourceRef source, String controller, String level, String kind,
                        String evidence, String text) {
}
