package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Map;
import java.util.Optional;

/**
 * A Workflow as one export showed it.
 *
 * @param nodesOffloaded the export has no {@code status.nodes} because they were offloaded or
 *                       compressed: the nodes are unknown, not absent
 * @param taskResultsCompletion {@code status.taskResultsCompletionStatus}: node ID to whether its task
 *                       result is complete (v3.5.3 and later; empty when absent)
 * @param observed       when the export was taken, and how that is known (null if unknown)
 * @param finishedAt     {@code status.finishedAt}, or null while the Workflow runs (or when the export lacks it)
 * @param synchronization {@code status.synchronization}: the locks it holds and waits for ({@link Synchronization#NONE} if none)
 * @param printed        "" for an object export; for a pasted {@code argo get} text, what that text lacks
 *                       (no UID, no node times, a node filter may have left nodes out): the report says it
 * @param deletionTimestamp {@code metadata.deletionTimestamp}: the Workflow is being deleted (a foreground deletion,
 *                       or a finalizer such as {@code workflows.argoproj.io/artifact-gc} holding it); a Workflow has no
 *                       grace period, so this is when the deletion was requested (null: not being deleted, or not shown)
 * @param resourceVersion {@code metadata.resourceVersion} ("" when the export does not show one): the version of the object
 *                       it shows, which the controller logs when it writes it ({@code Workflow update successful})
 * @param trimmed        where lines were left out of a pasted export ({@link Trimmed#NONE}: whole): what they held is unknown
 * @param message        {@code status.message} ("" when none is shown): why the Workflow ended as it did, in the controller's
 *                       words ({@code child 'W-123' failed}, {@code pod deleted}); a {@code kubectl get workflows} table's MESSAGE
 * @param creationTimestamp {@code metadata.creationTimestamp}, null where the export shows none: when the API server stored the
 *                       object, on its own clock, the clock its audit log keeps (session 48: a delete of the name that API server
 *                       logged before it was of an earlier object of the name). {@code argo get}'s {@code Created:} is the same time
 *                       printed in the reader's zone to the second, with no UID beside it; a table's AGE is no time
 * @param suspended      whether the export shows the Workflow suspended as {@code argo} reads it ({@code IsWorkflowSuspended},
 *                       workflow/util, v3.4 to v4.1): {@code spec.suspend: true} ({@code argo suspend}), or a node of type
 *                       {@code Suspend} still {@code Running} (a suspend template waiting); {@code argo get}'s and {@code argo list}'s
 *                       {@code Running (Suspended)} print the same test. TRUE: shown suspended; FALSE: shown not (a spec without
 *                       {@code suspend: true} and no suspend node running, or {@code argo get}'s plain {@code Running}); null: not
 *                       shown (no spec, a cut where {@code spec.suspend} would stand, a table or a pasted status). A suspended
 *                       Workflow's passes return before its entry template and {@code markWorkflowPhase} ({@code ShouldSuspend}), so
 *                       it stays {@code Running} with every node ended whatever its results (session 54)
 */
public record WorkflowSnapshot(
        SourceRef source,
        String namespace,
        String name,
        String uid,
        String phase,
        String podNameFormat,
        Map<String, NodeStatus> nodes,
        boolean nodesOffloaded,
        Map<String, Boolean> taskResultsCompletion,
        ObservedAt observed,
        Timestamp finishedAt,
        Synchronization synchronization,
        String printed,
        Timestamp deletionTimestamp,
        String resourceVersion,
        Trimmed trimmed,
        String message,
        Timestamp creationTimestamp,
        Boolean suspended) implements ExportedObject {

    public WorkflowSnapshot {
        printed = printed == null ? "" : printed;
        message = message == null ? "" : message;
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
        trimmed = trimmed == null ? Trimmed.NONE : trimmed;
        nodes = Map.copyOf(nodes);
        taskResultsCompletion = Map.copyOf(taskResultsCompletion);
        synchronization = synchronization == null ? Synchronization.NONE : synchronization;
    }

    /** An export that says nothing of a suspension (see {@code suspended}). */
    public WorkflowSnapshot(SourceRef source, String namespace, String name, String uid, String phase, String podNameFormat,
            Map<String, NodeStatus> nodes, boolean nodesOffloaded, Map<String, Boolean> taskResultsCompletion, ObservedAt observed,
            Timestamp finishedAt, Synchronization synchronization, String printed, Timestamp deletionTimestamp, String resourceVersion,
            Trimmed trimmed, String message, Timestamp creationTimestamp) {
        this(source, namespace, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, observed, finishedAt,
                synchronization, printed, deletionTimestamp, resourceVersion, trimmed, message, creationTimestamp, null);
    }

    /** An export that shows no {@code metadata.creationTimestamp} (a printed text, a table, a pasted status). */
    public WorkflowSnapshot(SourceRef source, String namespace, String name, String uid, String phase, String podNameFormat,
            Map<String, NodeStatus> nodes, boolean nodesOffloaded, Map<String, Boolean> taskResultsCompletion, ObservedAt observed,
            Timestamp finishedAt, Synchronization synchronization, String printed, Timestamp deletionTimestamp, String resourceVersion,
            Trimmed trimmed, String message) {
        this(source, namespace, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, observed, finishedAt,
                synchronization, printed, deletionTimestamp, resourceVersion, trimmed, message, null, null);
    }

    /** A Workflow export without {@code status.finishedAt} or {@code status.synchronization}. */
    public WorkflowSnapshot(SourceRef source, String namespace, String name, String uid, String phase, String podNameFormat,
            Map<String, NodeStatus> nodes, boolean nodesOffloaded, Map<String, Boolean> taskResultsCompletion, ObservedAt observed) {
        this(source, namespace, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, observed, null,
                Synchronization.NONE, "", null, "", Trimmed.NONE, "");
    }

    /** An export with every field the decoder reads. */
    public WorkflowSnapshot(SourceRef source, String namespace, String name, String uid, String phase, String podNameFormat,
            Map<String, NodeStatus> nodes, boolean nodesOffloaded, Map<String, Boolean> taskResultsCompletion, ObservedAt observed,
            Timestamp finishedAt, Synchronization synchronization) {
        this(source, namespace, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, observed, finishedAt,
                synchronization, "", null, "", Trimmed.NONE, "");
    }

    /** An export with every field the decoder reads, the Workflow being deleted since {@code deletionTimestamp} (null: not). */
    public WorkflowSnapshot(SourceRef source, String namespace, String name, String uid, String phase, String podNameFormat,
            Map<String, NodeStatus> nodes, boolean nodesOffloaded, Map<String, Boolean> taskResultsCompletion, ObservedAt observed,
            Timestamp finishedAt, Synchronization synchronization, Timestamp deletionTimestamp) {
        this(source, namespace, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, observed, finishedAt,
                synchronization, "", deletionTimestamp, "", Trimmed.NONE, "");
    }

    /** The same export, observed as {@code placed} says (an export placed by the controller's write of its resourceVersion). */
    public WorkflowSnapshot withObserved(ObservedAt placed) {
        return new WorkflowSnapshot(source, namespace, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, placed,
                finishedAt, synchronization, printed, deletionTimestamp, resourceVersion, trimmed, message, creationTimestamp, suspended);
    }

    /** The same export, in the namespace the other evidence gives it (a status pasted without its metadata). */
    public WorkflowSnapshot withNamespace(String ns) {
        return new WorkflowSnapshot(source, ns, name, uid, phase, podNameFormat, nodes, nodesOffloaded, taskResultsCompletion, observed,
                finishedAt, synchronization, printed, deletionTimestamp, resourceVersion, trimmed, message, creationTimestamp, suspended);
    }

    /** No deletion requested when the export was taken: no {@code deletionTimestamp}, and no cut where one would stand. */
    public boolean notDeleting() {
        return deletionTimestamp == null && !trimmed.hides("metadata", "deletionTimestamp");
    }

    /**
     * The root node's message as the Workflow's own states it: the controller gives an ended Workflow its root node's phase and
     * message ({@code workflowMessage = node.Message}, operator.go, v3.4 to v4.1), except under a shutdown strategy, whose
     * {@code Stopped with strategy 'Stop'} says nothing of the node. Empty unless the Workflow ended Error or Failed with a message.
     */
    public Optional<String> rootNodeMessage() {
        String m = message.strip();
        return ("Error".equals(phase) || "Failed".equals(phase)) && !m.isEmpty() && !m.startsWith("Stopped with strategy")
                ? Optional.of(m) : Optional.empty();
    }

    /**
     * Whether a Pod of that name is the node's: named as the node's ID (v1 Pod names, or the root node of a Workflow of one Pod),
     * or {@code <workflow>-<template>-<hash>} with the hash the node's ID ends with (v2 Pod names). The one test of it: a pasted
     * completion map's Workflow ({@link WorkflowStatusFragment}), AF006's untimed rows and the namespace placement read it.
     */
    public static boolean podOfNode(String workflow, String nodeId, String pod) {
        if (pod.equals(nodeId)) {
            return true;
        }
        if (!nodeId.startsWith(workflow + "-") || !pod.startsWith(workflow + "-")) {
            return false;
        }
        String hash = nodeId.substring(workflow.length());
        return hash.length() > 1 && hash.substring(1).chars().allMatch(Character::isDigit) && pod.endsWith(hash)
                && pod.length() > workflow.length() + hash.length() + 1;
    }

    /** Read from {@code argo get}'s text, not from an object export. */
    public boolean fromArgoGetText() {
        return !printed.isEmpty();
    }

    /** "exported Workflow", or what printed a pasted text: "argo get output", "kubectl get workflows table". */
    public String what() {
        return fromArgoGetText() ? printed.substring(0, printed.indexOf(':') < 0 ? printed.length() : printed.indexOf(':')) : "exported Workflow";
    }

    /**
     * What an export shows of a suspension ({@code suspended}): TRUE where {@code spec.suspend} is true or a node of type
     * {@code Suspend} is {@code Running}, FALSE where the spec is shown without either, null where the spec is not shown (no spec,
     * or a cut where {@code spec.suspend} would stand) and no suspend node runs. The one reading of it: the object decoder's.
     */
    public static Boolean suspension(boolean specShown, boolean specSuspend, Map<String, NodeStatus> nodes) {
        if (specSuspend || nodes.values().stream().anyMatch(n -> "Suspend".equals(n.type()) && "Running".equals(n.phase()))) {
            return Boolean.TRUE;
        }
        return specShown ? Boolean.FALSE : null;
    }

    /** The export shows the Workflow suspended ({@code suspended} TRUE). */
    public boolean shownSuspended() {
        return Boolean.TRUE.equals(suspended);
    }

    /** Succeeded, Failed or Error: the controller marked the Workflow completed. */
    public boolean completed() {
        return "Succeeded".equals(phase) || "Failed".equals(phase) || "Error".equals(phase);
    }

    /**
     * Whether a pass could stop on this Pod node's task result ({@code pod reconciliation didn't complete}) as the export shows it:
     * the node is not fulfilled, or its {@code taskResultsCompletionStatus} entry is {@code false} (session 40).
     * {@code podReconciliation} stops on {@code newState.Succeeded() && IsTaskResultIncomplete(node.ID)} for every Pod its informer
     * holds, and {@code assessNodeStatus} has no guard for a fulfilled node (v3.5.5, v3.6.10, v3.7.3, v4.0.9 read); a completed
     * node's Pod is labelled completed (and leaves the informer) only by {@code queuePodsForCleanup}, late in {@code operate}, which
     * a stopped pass never reaches. So a node the controller ended itself while its Pod ran (a stop, the Workflow's deadline, a
     * daemon's teardown), whose Pod then ends {@code Succeeded} (main answering the SIGTERM with exit 0) before its label lands,
     * with its result incomplete, stops the passes. The node-level {@code taskResultSynced} of v3.7.1+ is read by
     * {@link NodeStatus#fulfilled()} already. Not a node marked {@code pod deleted}: the controller marks it so only where its
     * informer holds no Pod for it, and a Pod that left the informer (deleted, or labelled completed) is not assessed again.
     */
    public boolean mayHoldResultStop(NodeStatus n) {
        return "Pod".equals(n.type()) && (!n.fulfilled()
                || Boolean.FALSE.equals(taskResultsCompletion.get(n.id())) && !NodeStatus.podDeletedMessage(n.message()));
    }

    public Optional<NodeStatus> node(String id) {
        return Optional.ofNullable(nodes.get(id));
    }

    public Optional<NodeStatus> nodeByName(String nodeName) {
        return nodes.values().stream().filter(n -> nodeName.equals(n.name())).findFirst();
    }
}
