package dev.argoforensics.correlate;

/** How a Pod was tied to its Workflow node, strongest first; reports say which was used. */
public enum LinkBasis {
    POD_ANNOTATION("the Pod's workflows.argoproj.io/node-id annotation"),
    CREATED_POD_LINE("the controller's \"Created pod\" line"),
    ARGO_GET_POD_NAME("the PODNAME column of argo get output (its hash is the node ID's)"),
    WORKFLOW_NODE_NAME_RULE("the pod-name rule (FNV-1a of the node name) applied to the Workflow's nodes"),
    POD_NAME_SUFFIX("the pod-name suffix (FNV-1a of a node name seen in the logs)");

    private final String description;

    LinkBasis(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
