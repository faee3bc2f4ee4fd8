package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One group's own part of the {@link ClusterFacts} ({@link ClusterFacts#share}): its own lines (the context's are in the
 * input's {@link GroupContext}, sent once), each with its place among the input's lines, and the facts of its Pods and
 * Workflows. {@link GroupFacts#of} joins it with the context into what {@link ClusterFacts#slice} gives for the group.
 *
 * @param events        the group's own lines, in input order
 * @param places        per line, its index in {@link ClusterFacts#events()}
 * @param podOfLine     per line, the Pod it is about (the group holds its name), else null
 * @param handlerOfLine per line, the place of its paired {@code Removing finalizers during a delete} line, else -1
 * @param podNames      the Pod names the group holds; null: every name
 * @param workflowNames the Workflow names the group holds; null: every name
 * @param cut           the group's own lines left out by a bound (0: none), see {@code analysis.GroupedAnalysis}
 */
public record GroupShare(List<LogEvent> events, int[] places, List<PodKey> podOfLine, int[] handlerOfLine, Set<String> podNames,
                         Map<PodKey, GroupFacts.PodFacts> pods, Set<String> workflowNames, Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots,
                         List<AuditRecord> workflowAudit, long cut) {

    public boolean holdsPod(String name) {
        return podNames == null || podNames.contains(name);
    }

    /** The group with only its first {@code bound} own lines (context lines are never cut); itself if it has no more. */
    public GroupShare firstLines(long bound) {
        if (events.size() <= bound) {
            return this;
        }
        int kept = (int) bound;
        // podOfLine holds nulls (lines about no Pod of the group): copied as a list that takes them
        return new GroupShare(List.copyOf(events.subList(0, kept)), Arrays.copyOf(places, kept), new ArrayList<>(podOfLine.subList(0, kept)),
                Arrays.copyOf(handlerOfLine, kept), podNames, pods, workflowNames, workflowSnapshots, workflowAudit, events.size() - bound);
    }
}
