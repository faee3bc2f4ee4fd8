package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Set;

/**
 * One entry of a Workflow's {@code status.nodes}.
 *
 * @param podName the Pod's name as {@code argo get} printed it (its PODNAME column); "" in an export,
 *                where the pod-name rule gives it
 * @param printed read from {@code argo get}'s text, which shows no task-result state: whether a completed
 *                node is fulfilled is then unknown
 * @param daemon  the node runs a daemon template ({@code daemon: true} in the Workflow's templates, or the node marked
 *                {@code daemoned}): its Pod is meant to run until the controller stops it
 * @param source  the line that states this node ({@code argo get}'s row for it); null where the node has no line of its own
 *                (an export's node lies inside its Workflow's object, which is cited instead)
 * @param exitCode {@code outputs.exitCode} as an export holds it, null where absent. The controller writes it itself: each
 *                assessment of the node's Pod ({@code assessNodeStatus}, v3.4 to v4.1) copies the exit code of the Pod's
 *                {@code main} container, once its informer shows main terminated, into the node it returns
 *                ({@code getExitCode}), whatever the phase; the task-result reconciliation keeps it ({@code prevent overwriting
 *                of ExitCode}). The executor reports the template's outputs, which carry none. Read at the tags, session 39
 */
public record NodeStatus(
        String id,
        String name,
        String displayName,
        String type,
        String templateName,
        String templateRefTemplate,
        String phase,
        String message,
        Timestamp startedAt,
        Timestamp finishedAt,
        Boolean taskResultSynced,
        String podName,
        boolean printed,
        boolean daemon,
        SourceRef source,
        String exitCode) {

    public NodeStatus {
        podName = podName == null ? "" : podName;
    }

    /** A node without a recorded exit code ({@code argo get}'s text shows none). */
    public NodeStatus(String id, String name, String displayName, String type, String templateName, String templateRefTemplate, String phase,
            String message, Timestamp startedAt, Timestamp finishedAt, Boolean taskResultSynced, String podName, boolean printed,
            boolean daemon, SourceRef source) {
        this(id, name, displayName, type, templateName, templateRefTemplate, phase, message, startedAt, finishedAt, taskResultSynced, podName,
                printed, daemon, source, null);
    }

    /** A node as an export holds it. */
    public NodeStatus(String id, String name, String displayName, String type, String templateName, String templateRefTemplate, String phase,
            String message, Timestamp startedAt, Timestamp finishedAt, Boolean taskResultSynced) {
        this(id, name, displayName, type, templateName, templateRefTemplate, phase, message, startedAt, finishedAt, taskResultSynced, "", false, false, null);
    }

    /** This node, known to run a daemon template ({@code daemon}). */
    public NodeStatus asDaemon() {
        return new NodeStatus(id, name, displayName, type, templateName, templateRefTemplate, phase, message, startedAt, finishedAt, taskResultSynced,
                podName, printed, true, source, exitCode);
    }

    /** This node with main's exit code as the export records it ({@code exitCode}; null: none). */
    public NodeStatus withExitCode(String code) {
        return new NodeStatus(id, name, displayName, type, templateName, templateRefTemplate, phase, message, startedAt, finishedAt, taskResultSynced,
                podName, printed, daemon, source, code);
    }

    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    /**
     * The controller's {@code Fulfilled(taskResultSynced)}: the phase is completed and the task result
     * is not known to be unsynced (Skipped and Omitted need no result).
     */
    public boolean fulfilled() {
        return Boolean.TRUE.equals(fulfilledIfKnown());
    }

    /** Known not to be fulfilled: not completed, or its task result not synced. */
    public boolean notFulfilled() {
        return Boolean.FALSE.equals(fulfilledIfKnown());
    }

    /** {@link #fulfilled()}, or null where the source cannot say: a completed node in argo get's text, which shows no task-result state. */
    public Boolean fulfilledIfKnown() {
        if ("Skipped".equals(phase) || "Omitted".equals(phase)) {
            return true;
        }
        if (phase == null || !COMPLETED.contains(phase)) {
            return false;
        }
        if (printed) {
            return null;
        }
        return !Boolean.FALSE.equals(taskResultSynced);
    }

    /** The result was lost: the controller found the Pod gone before recording it. */
    public boolean podDeletedError() {
        return "Error".equals(phase) && podDeletedMessage(message);
    }

    /** The message the controller gives a node whose Pod vanished unrecorded: "pod deleted", or "container deleted" for a ContainerSet child. */
    public static boolean podDeletedMessage(String message) {
        return "pod deleted".equals(message) || "container deleted".equals(message);
    }

    /** The template whose name goes into a v2 pod name. */
    public String podNameTemplate() {
        return templateRefTemplate != null && !templateRefTemplate.isEmpty() ? templateRefTemplate : templateName;
    }
}
