package dev.argoforensics.event;

import java.util.List;
import java.util.Optional;

/**
 * What one controller log record means, typed. The catalog decides which record becomes which
 * event; the records here only hold the values. Correlation asks every event the same questions
 * (which Pod, Workflow and node it is about) through the default methods.
 */
public sealed interface ControllerEvent {

    /** The Pod the line names, if any (namespace may be unknown). */
    default Optional<PodRef> pod() {
        return Optional.empty();
    }

    /** The Workflow the line belongs to, if it says. */
    default Optional<WorkflowRef> workflow() {
        return Optional.empty();
    }

    /** The node ID the line names, if any. */
    default Optional<String> nodeId() {
        return Optional.empty();
    }

    /** The node name the line names, if any. */
    default Optional<String> nodeName() {
        return Optional.empty();
    }

    /** {@code Starting Workflow Controller}. */
    record ControllerStarted(String version, String instanceId) implements ControllerEvent {
    }

    /** {@code Current Worker Numbers}: null where the release does not print the number. */
    record WorkerNumbers(Integer workflowWorkers, Integer podCleanupWorkers) implements ControllerEvent {
    }

    /** {@code Processing workflow}: a workflow worker picked the Workflow up. */
    record WorkflowProcessing(WorkflowRef ref, String phase, String resourceVersion) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code Workflow update successful}: the Workflow status, with its nodes, was persisted. */
    record WorkflowUpdated(WorkflowRef ref, String phase, String resourceVersion) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code Created pod}: links a Pod to its node (v3 prints no node ID). */
    record PodCreated(WorkflowRef ref, String node, String id, PodRef created) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<PodRef> pod() {
            return Optional.ofNullable(created);
        }

        @Override
        public Optional<String> nodeName() {
            return Optional.ofNullable(node);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** {@code Task-result reconciliation}. */
    record TaskResultReconciliation(WorkflowRef ref, Integer objects) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code Taskresult of the node not yet completed} (Debug): the node stays unfulfilled. */
    record TaskResultIncomplete(WorkflowRef ref, String id) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** {@code Workflow pod is missing}: an unfulfilled node whose Pod the informer no longer has. */
    record WorkflowPodMissing(WorkflowRef ref, String node, String nodePhase, Boolean recentlyStarted) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeName() {
            return Optional.ofNullable(node);
        }
    }

    /** {@code Mark error node} (v3) / {@code marking node as error} (v4). */
    record NodeMarkedError(WorkflowRef ref, String node, String error) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeName() {
            return Optional.ofNullable(node);
        }
    }

    /** A node initialized (v3 also names its type). */
    record NodeInitialized(WorkflowRef ref, String id, String nodeType, String phase, String message) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** A forced node phase change ({@code node X phase A -> B} / {@code node phase changed}). */
    record NodePhaseChanged(WorkflowRef ref, String id, String fromPhase, String toPhase) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** {@code node X message: m} / {@code node message changed}. */
    record NodeMessageChanged(WorkflowRef ref, String id, String message) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** {@code node X finished: t} / {@code node finished}; the time as printed. */
    record NodeFinished(WorkflowRef ref, String id, String finishedAt) implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** {@code node changed}: the operator's view of a node before and after a reconcile. */
    record NodeChanged(WorkflowRef ref, String id, String oldPhase, String newPhase, String oldMessage, String newMessage)
            implements ControllerEvent {
        @Override
        public Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(ref);
        }

        @Override
        public Optional<String> nodeId() {
            return Optional.ofNullable(id);
        }
    }

    /** {@code add pod event}, {@code update pod event}, {@code delete pod event}. */
    record PodInformerEvent(InformerAction action, PodRef ref) implements ControllerEvent {
        @Override
        public Optional<PodRef> pod() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code Removing finalizers during a delete}: names no Pod; paired with the next queuing line. */
    record FinalizersOnDelete(List<String> finalizers) implements ControllerEvent {
        public FinalizersOnDelete {
            finalizers = List.copyOf(finalizers);
        }
    }

    /**
     * {@code queuing pod delay} (v4) / {@code queuing poddelay<d>} (v3): cleanup computed by the pod
     * event handler, {@code delay} = deadline - now (negative: the deadline had passed).
     */
    record PodCleanupScheduled(PodRef ref, String action, long delayNanos, String delayText, String podGC) implements ControllerEvent {
        @Override
        public Optional<PodRef> pod() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code queueing pod for cleanup[ after| now, rather than delayed| by UID]}. */
    record PodCleanupQueued(PodRef ref, String action, QueueTiming timing, Long afterNanos, String uid) implements ControllerEvent {
        @Override
        public Optional<PodRef> pod() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code cleaning up pod}: a cleanup worker took the item off the queue (no success line follows). */
    record PodCleanupStarted(PodRef ref, String action, String key) implements ControllerEvent {
        @Override
        public Optional<PodRef> pod() {
            return Optional.ofNullable(ref);
        }
    }

    /** {@code failed to clean-up pod}: the cleanup failed and is retried if transient. */
    record PodCleanupFailed(PodRef ref, String action, String key, String error) implements ControllerEvent {
        @Override
        public Optional<PodRef> pod() {
            return Optional.ofNullable(ref);
        }
    }

    /** A record whose message the catalog does not list: counted, kept for search, not interpreted. */
    record Unrecognized(String message) implements ControllerEvent {
    }

    /** Which informer callback logged a pod event. */
    enum InformerAction {
        ADD, UPDATE, DELETE;

        static InformerAction parse(String text) {
            return valueOf(text.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** How {@code queueing pod for cleanup…} scheduled the work. */
    enum QueueTiming {
        IMMEDIATE, AFTER, NOW;

        static QueueTiming parse(String text) {
            return valueOf(text.toUpperCase(java.util.Locale.ROOT));
        }
    }
}
