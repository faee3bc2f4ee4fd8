package dev.argoforensics.snapshot;

import java.util.ArrayList;
import java.util.List;

/** Every exported object read, by kind, each list in input order; {@code podTables} are pasted {@code kubectl get pods} tables. */
public record ExportedObjects(List<PodSnapshot> pods, List<WorkflowSnapshot> workflows, List<TaskResultSnapshot> taskResults,
                              List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords, List<PodTable> podTables) {

    public ExportedObjects {
        pods = List.copyOf(pods);
        workflows = List.copyOf(workflows);
        taskResults = List.copyOf(taskResults);
        clusterEvents = List.copyOf(clusterEvents);
        auditRecords = List.copyOf(auditRecords);
        podTables = List.copyOf(podTables);
    }

    public static ExportedObjects of(List<? extends ExportedObject> objects) {
        List<PodSnapshot> pods = new ArrayList<>();
        List<WorkflowSnapshot> workflows = new ArrayList<>();
        List<TaskResultSnapshot> taskResults = new ArrayList<>();
        List<ClusterEvent> clusterEvents = new ArrayList<>();
        List<AuditRecord> auditRecords = new ArrayList<>();
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
            } else if (o instanceof PodTable t) {
                podTables.add(t);
            }
        }
        return new ExportedObjects(pods, workflows, taskResults, clusterEvents, auditRecords, podTables);
    }

    public static ExportedObjects none() {
        return new ExportedObjects(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }
}
