package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Optional;

/**
 * A WorkflowTaskResult as one export showed it: the executor's report of a node's outputs, named
 * after the node ID. The result sits at the top level (no spec, no status). Its {@code outputs.exitCode} is not read: no
 * release with task results writes main's exit code there (the controller stores it on the node; session 43).
 *
 * @param workflow          label {@code workflows.argoproj.io/workflow}, "" if absent
 * @param outputsCompleted  label {@code workflows.argoproj.io/report-outputs-completed}
 *                          ({@code "true"}/{@code "false"}), null if absent (before v3.5.2)
 * @param outputParameters  names of {@code outputs.parameters}
 * @param observed          when the export was taken, and how that is known (null if unknown)
 */
public record TaskResultSnapshot(
        SourceRef source,
        String namespace,
        String name,
        String uid,
        String workflow,
        String outputsCompleted,
        List<OwnerRef> owners,
        String phase,
        String message,
        List<String> outputParameters,
        String progress,
        Timestamp creationTimestamp,
        ObservedAt observed) implements ExportedObject {

    public static final String OUTPUTS_COMPLETED_LABEL = "workflows.argoproj.io/report-outputs-completed";

    public TaskResultSnapshot {
        owners = List.copyOf(owners);
        outputParameters = List.copyOf(outputParameters);
    }

    /** The node ID this result reports on: the object's name. */
    public String nodeId() {
        return name;
    }

    /** The Workflow by label, else by owner (v3.5.2 and later own results by the Workflow). */
    public Optional<String> workflowName() {
        if (!workflow.isEmpty()) {
            return Optional.of(workflow);
        }
        return owners.stream().filter(o -> "Workflow".equals(o.kind())).map(OwnerRef::name).findFirst();
    }

    /** Before v3.5.2 the Pod owned its task result. */
    public Optional<OwnerRef> podOwner() {
        return owners.stream().filter(o -> "Pod".equals(o.kind())).findFirst();
    }
}
