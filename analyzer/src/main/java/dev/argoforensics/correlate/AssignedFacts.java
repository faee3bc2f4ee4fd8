package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import java.util.Collection;
import java.util.List;

/**
 * What the fleet's third round reads of a cluster's facts: each line's correlated place, Pod, handler line and component,
 * a group's share and the context. A whole table ({@link FactsTable}) and its slices' ({@link SlicedTable}) give the same
 * answers (SlicedFactsTest).
 */
public interface AssignedFacts {
    List<FactsTable.Assigned> assign(List<LogEvent> lines, long offset, Grouping grouping, GroupBindings bindings);

    GroupShare share(Grouping grouping, Collection<Integer> components, List<FactsTable.Assigned> lines);

    GroupContext context(List<FactsTable.Assigned> lines);
}
