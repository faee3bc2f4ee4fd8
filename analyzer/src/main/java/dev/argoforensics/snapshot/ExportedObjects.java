package dev.argoforensics.snapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * Every exported object read, by kind, each list in input order; {@code podTables} are pasted {@code kubectl get pods} tables;
 * {@code unread} the objects exports held that could not be read ({@link UnreadExport}: no observation, only where to look).
 */
public record ExportedObjects(List<PodSnapshot> pods, List<WorkflowSnapshot> workflows, List<TaskResultSnapshot> taskResults,
                              List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords, List<NodeLogEntry> nodeLogs,
                              List<PodTable> podTables, List<UnreadExport> unread) {

    public ExportedObjects {
        pods = List.copyOf(pods);
        workflows = List.copyOf(workflows);
        taskResults = List.copyOf(taskResults);
        clusterEvents = List.copyOf(clusterEvents);
        auditRecords = List.copyOf(auditRecords);
        nodeLogs = List.copyOf(nodeLogs);
        podTables = List.copyOf(podTables);
        unread = List.copyOf(unread);
    }

    public ExportedObjects(List<PodSnapshot> pods, List<WorkflowSnapshot> workflows, List<TaskResultSnapshot> taskResults,
                           List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords, List<NodeLogEntry> nodeLogs,
                           List<PodTable> podTables) {
        this(pods, workflows, taskResults, clusterEvents, auditRecords, nodeLogs, podTables, List.of());
    }

    /** The same objects with other {@code podTables}. */
    public ExportedObjects withPodTables(List<PodTable> tables) {
        return new ExportedObjects(pods, workflows, taskResults, clusterEvents, auditRecords, nodeLogs, tables, unread);
    }

    /** The same objects with other {@code workflows}. */
    public ExportedObjects withWorkflows(List<WorkflowSnapshot> others) {
        return new ExportedObjects(pods, others, taskResults, clusterEvents, auditRecords, nodeLogs, podTables, unread);
    }

    public ExportedObjects(List<PodSnapshot> pods, List<WorkflowSnapshot> workflows, List<TaskResultSnapshot> taskResults,
                           List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords) {
        this(pods, workflows, taskResults, clusterEvents, auditRecords, List.of(), List.of());
    }

    /** Node-log entries without a time (plain journal lines whose year was never found) are left out: the reader counts them. */
    public static ExportedObjects of(List<? extends ExportedObject> objects) {
        List<PodSnapshot> pods = new ArrayList<>();
        List<WorkflowSnapshot> workflows = new ArrayList<>();
        List<TaskResultSnapshot> taskResults = new ArrayList<>();
        List<ClusterEvent> clusterEvents = new ArrayList<>();
        List<AuditRecord> auditRecords = new ArrayList<>();
        List<NodeLogEntry> nodeLogs = new ArrayList<>();
        List<PodTable> podTables = new ArrayList<>();
        List<UnreadExport> unread = new ArrayList<>();
        for (ExportedObject o : objects) {
            if (o instanceof PodSnapshot p) {
                pods.add(p);
            } else if (o instanceof WorkflowSnapshot w) {
                workflows.add(w);
            } else if (o instanceof TaskResultSnapshot t) {
                taskResults.add(t);
            } else if (o instanceof ClusterEvent e) {
                clusterEvents.add(e);
            } else if (o instanceof AuditRecord a) {
                auditRecords.add(a);
            } else if (o instanceof NodeLogEntry n && n.time() != null) {
                nodeLogs.add(n);
            } else if (o instanceof PodTable t) {
                podTables.add(t);
            } else if (o instanceof UnreadExport u) {
                unread.add(u);
            }
        }
        return new ExportedObjects(pods, workflows, taskResults, clusterEvents, auditRecords, nodeLogs, podTables, unread);
    }

    public static ExportedObjects none() {
        return new ExportedObjects(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }
}
