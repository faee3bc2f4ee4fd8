package dev.argoforensics.event;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the controller logs held as a whole, kept or not: how many records were read and which kinds
 * of statement were among them. The selective reading keeps only the lines of Pods and Workflows of
 * interest, so the kept events cannot say whether, for instance, the inputs had any cleanup lines;
 * this can, and a rule that could not decide says what the inputs truly lacked.
 *
 * @param records          records read from controller logs (kept or only counted)
 * @param types            the catalog's event types among them
 * @param countedSchedules where cleanup scheduling lines ({@link EventType#POD_CLEANUP_SCHEDULED}) were only
 *                         counted, not kept: the first of them after each kept line of their stream (the
 *                         next ones add nothing, no kept line stands between them). The correlation pairs
 *                         lines of one stream; this says where a line it cannot see stood among them
 */
public record LogCoverage(long records, Set<EventType> types, List<CountedLine> countedSchedules) {

    public static final LogCoverage NONE = new LogCoverage(0, Set.of());

    public LogCoverage {
        types = types.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(types));
        countedSchedules = List.copyOf(countedSchedules);
    }

    public LogCoverage(long records, Set<EventType> types) {
        this(records, types, List.of());
    }

    public boolean has(EventType type) {
        return types.contains(type);
    }

    /** A record read but only counted: its controller stream and its place ({@link LogEvent#stream()}, {@link LogEvent#ordinal()}). */
    public record CountedLine(int stream, long ordinal) {
    }
}
