package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import java.util.List;
import java.util.Set;

/**
 * One group of the correlation: the Pods and Workflows whose names it holds, and its lines: every line about them
 * (with the handler lines paired with their lines) and the lines of the whole input's context that rules read
 * from {@link Correlation#events()} ({@link ContextLines}), in input order. Every Pod of one name and every Workflow
 * of one name are in one group, so a name's histories are whole; the {@link ClusterFacts} give the rest.
 *
 * @param events    the group's lines, a subsequence of {@link ClusterFacts#events()}
 * @param pods      the Pod names it holds; null: every name
 * @param workflows the Workflow names it holds; null: every name
 */
public record CorrelationGroup(List<LogEvent> events, Set<String> pods, Set<String> workflows) {

    public CorrelationGroup {
        events = List.copyOf(events);
        pods = pods == null ? null : Set.copyOf(pods);
        workflows = workflows == null ? null : Set.copyOf(workflows);
    }

    /** The whole input as one group: what {@code analyze} correlates. */
    public static CorrelationGroup whole(ClusterFacts facts) {
        return new CorrelationGroup(facts.events(), null, null);
    }

    public boolean holdsPod(String name) {
        return pods == null || pods.contains(name);
    }

    public boolean holdsWorkflow(String name) {
        return workflows == null || workflows.contains(name);
    }

    public boolean whole() {
        return pods == null && workflows == null;
    }
}
