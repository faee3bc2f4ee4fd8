package dev.argoforensics.event;

import java.util.EnumSet;
import java.util.Set;

/**
 * What the controller logs held as a whole, kept or not: how many records were read and which kinds
 * of statement were among them. The selective reading keeps only the lines of Pods and Workflows of
 * interest, so the kept events cannot say whether, for instance, the inputs had any cleanup lines;
 * this can, and a rule that could not decide says what the inputs truly lacked.
 *
 * @param records records read from controller logs (kept or only counted)
 * @param types   the catalog's event types among them
 */
public record LogCoverage(long records, Set<EventType> types) {

    public static final LogCoverage NONE = new LogCoverage(0, Set.of());

    public LogCoverage {
        types = types.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(types));
    }

    public boolean has(EventType type) {
        return types.contains(type);
    }
}
