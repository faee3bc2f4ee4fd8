package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One group's share of the {@link ClusterFacts}, as values: what {@link Correlator#correlate(GroupFacts)} reads, and
 * nothing it would have to derive from lines the group does not hold. A record of records, so it crosses machines as
 * bytes ({@code read.WireForm}); {@link ClusterFacts#slice} makes it.
 *
 * @param events            the group's lines, subject and context, in input order
 * @param podOfLine         per line, the Pod it is about when the group holds the Pod's name, else null
 * @param handlerOfLine     per line, the index of its paired {@code Removing finalizers during a delete} line, else -1
 * @param pods              the group's Pods with what the whole input says of each, in key order
 * @param workflowNames     the Workflow names the group holds; null: every name
 * @param workflowSnapshots the exports of the group's Workflows, earliest observation first
 * @param workflowAudit     the audit records of the group's Workflows (their deletions)
 * @param podTables         every {@code kubectl get pods} table (each Pod picks its rows)
 * @param cut               the group's lines left out by a bound (0: none), see {@code analysis.GroupedAnalysis}
 */
public record GroupFacts(List<LogEvent> events, List<PodKey> podOfLine, int[] handlerOfLine, Map<PodKey, PodFacts> pods,
                         Set<String> workflowNames, Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots, List<AuditRecord> workflowAudit,
                         List<PodTable> podTables, Set<EvidenceKind> available, List<ControllerProcess> processes, RunClocks clocks, long cut) {

    /**
     * One Pod of the group. Where its streams were read whole (the runs' records naming nothing, {@link StreamExtents}) is
     * read from {@code processes}, which travel whole with every group: small, one entry per run.
     */
    public record PodFacts(PodIdentity identity, List<PodSnapshot> snapshots, NodeLink link,
                           List<TaskResultSnapshot> taskResults, List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords,
                           List<NodeLogEntry> nodeLogs) {
    }

    public boolean holdsWorkflow(String name) {
        return workflowNames == null || workflowNames.contains(name);
    }

    /** The same group with only its first {@code kept} lines ... see {@code GroupedAnalysis}: set by the caller that cut it. */
    public GroupFacts withCut(List<LogEvent> keptEvents, List<PodKey> keptPods, int[] keptHandlers, long cutLines) {
        return new GroupFacts(keptEvents, keptPods, keptHandlers, pods, workflowNames, workflowSnapshots, workflowAudit, podTables, available,
                processes, clocks, cutLines);
    }
}
