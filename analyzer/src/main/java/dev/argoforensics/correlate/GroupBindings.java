package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.List;

/**
 * What must be correlated together beyond a line's own names, as the readers of the correlation (the rules) say: lines
 * every group reads from {@link Correlation#events()} (the context), and tags that put the names of every line or
 * export bearing one into one group (all Workflows whose updates were contended; every Workflow a lock's lines
 * name, its holder included).
 */
public interface GroupBindings {
    /** Nothing beyond names. */
    GroupBindings NONE = new GroupBindings() {
    };

    /** A line every group reads from {@link Correlation#events()} (it also stays in its own group). */
    default boolean context(LogEvent line) {
        return false;
    }

    /** Tags binding the line with every other line or export of the same tag. */
    default List<String> tags(LogEvent line) {
        return List.of();
    }

    /** Workflow names the line binds beyond the one it names (a lock's holder, named in an attribute). */
    default List<String> workflows(LogEvent line) {
        return List.of();
    }

    /** Tags binding the export with every line or export of the same tag. */
    default List<String> tags(WorkflowSnapshot export) {
        return List.of();
    }
}
