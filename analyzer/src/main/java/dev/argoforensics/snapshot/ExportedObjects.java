package dev.argoforensics.snapshot;

import java.util.ArrayList;
import java.util.List;

/** Every exported object read, by kind, each list in input order; {@code podTables} are pasted {@code kubectl get pods} tables. */
public record ExportedObjects(List<PodSnapshot> pods, List<WorkflowSnapshot> workflows, List<TaskResultSnapshot> taskResults,
                              List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords, List<NodeLogEntry> nodeLogs,
                              List<PodTable> podTables) {

    public ExportedObjects {
        pods = List.copyOf(pods);
        workflows = List.copyOf(workflows);
        taskResults = List.copyOf(taskResults);
        clusterEvents = List.copyOf(clusterEvents);
        auditRecords = List.copyOf(auditRecords);
        nodeLogs = List.copyOf(nodeLogs);
        podTables = List.copyOf(podTables);
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
            }
        }
        return new ExportedObjects(pods, workflows, taskResults, clusterEvents, auditRecords, nodeLogs, podTables);
    }

    public static ExportedObjects none() {
        return new ExportedObjects(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }
}
