package dev.argoforensics.correlate;

/** Kinds of evidence a rule may need; the report names the ones that were missing. */
public enum EvidenceKind {
    CONTROLLER_LOG("workflow-controller log lines"),
    POD_CONTROLLER_LINES("pod-controller queuing and cleanup lines (Argo v3.6.5 and later)"),
    POD_SNAPSHOT("an exported Pod"),
    WORKFLOW_SNAPSHOT("an exported Workflow"),
    TASK_RESULT_SNAPSHOT("an exported WorkflowTaskResult"),
    CLUSTER_EVENTS("Kubernetes Events"),
    AUDIT_LOG("API server audit records");

    private final String description;

    EvidenceKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
