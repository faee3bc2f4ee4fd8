package dev.argoforensics.event;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one controller log record means, typed. The catalog decides which record becomes which
 * event; the records here only hold the values. Correlation asks every event the same questions
 * (which Pod, Workflow and node it is about); an event answers them by naming its components
 * {@code wf}, {@code podRef}, {@code id} (node ID) or {@code node} (node name) and implementing the
 * matching {@code Of…} interface.
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

    /** An operator line: it names its Workflow (null when the line lacks the keys). */
    sealed interface OfWorkflow extends ControllerEvent {
        WorkflowRef wf();

        @Override
        default Optional<WorkflowRef> workflow() {
            return Optional.ofNullable(wf());
        }
    }

    /** A line naming a Pod. */
    sealed interface OfPod extends ControllerEvent {
        PodRef podRef();

        @Override
        default Optional<PodRef> pod() {
            return Optional.ofNullable(podRef());
        }
    }

    /** A line naming a node by ID. */
    sealed interface OfNodeId extends ControllerEvent {
        String id();

        @Override
        default Optional<String> nodeId() {
            return Optional.ofNullable(id());
        }
    }

    /** A line naming a node by name. */
    sealed interface OfNodeName extends ControllerEvent {
        String node();

        @Override
        default Optional<String> nodeName() {
            return Optional.ofNullable(node());
        }
    }

    /**
     * {@code Starting Workflow Controller}.
     *
     * @param requeueNanos the workflow queue's requeue delay the banner states ({@code defaultRequeueTime}: {@code DEFAULT_REQUEUE_TIME},
     *                     10 s when unset), in nanoseconds; null where the banner does not state it or states no duration
     */
    record ControllerStarted(String version, String instanceId, Long requeueNanos) implements ControllerEvent {
        /** A banner that states no requeue delay. */
        public ControllerStarted(String version, String instanceId) {
            this(version, instanceId, null);
        }
    }

    /** {@code Current Worker Numbers}: null where the release does not print the number. */
    record WorkerNumbers(Integer workflowWorkers, Integer podCleanupWorkers) implements ControllerEvent {
    }

    /** {@code Processing workflow}: a workflow worker picked the Workflow up. */
    record WorkflowProcessing(WorkflowRef wf, String phase, String resourceVersion) implements OfWorkflow {
    }

    /** {@code Workflow update successful}: the Workflow status, with its nodes, was persisted. */
    record WorkflowUpdated(WorkflowRef wf, String phase, String resourceVersion) implements OfWorkflow {
    }

    /** {@code Created pod}: links a Pod to its node (v3 prints no node ID). */
    record PodCreated(WorkflowRef wf, String node, String id, PodRef podRef) implements OfWorkflow, OfNodeName, OfNodeId, OfPod {
    }

    /** {@code Task-result reconciliation}. */
    record TaskResultReconciliation(WorkflowRef wf, Integer objects) implements OfWorkflow {
    }

    /** {@code Taskresult of the node not yet completed} (Debug): the node stays unfulfilled. */
    record TaskResultIncomplete(WorkflowRef wf, String id) implements OfWorkflow, OfNodeId {
    }

    /**
     * The controller marked a node's task result complete without the executor's report: the wait
     * (v4.1+: aux) container did not exit normally or was cleaned up, or the Pod was deleted a while ago.
     *
     * @param why       {@code wait-exit}, {@code wait-cleaned-up} or {@code pod-deleted}
     * @param exitCode  the wait container's exit code, when the line gives it
     * @param container the container (v4.1+), when the line gives it
     */
    record TaskResultForced(WorkflowRef wf, String id, String why, String exitCode, String reason, String container)
            implements OfWorkflow, OfNodeId {
    }

    /** {@code Workflow pod is missing}: an unfulfilled node whose Pod the informer no longer has. */
    record WorkflowPodMissing(WorkflowRef wf, String node, String nodePhase, Boolean recentlyStarted) implements OfWorkflow, OfNodeName {
    }

    /**
     * The Workflow operator's execution control stopping a Pod itself (exec_control.go, every release): it found the Pod
     * Pending or Running while the Workflow was being shut down ({@code Terminating pod as part of workflow shutdown},
     * {@code shutdownStrategy}), past the Workflow's deadline ({@code Terminating pod which has exceeded workflow deadline}), or
     * an on-exit Pod during a shutdown ({@code Terminating on-exit pod}). It then queues {@code terminateContainers} (a Pending
     * Pod is deleted, a Running one signalled) and, for the first two, fails the node with its own message.
     *
     * @param cause    why the controller stopped it
     * @param strategy the shutdown strategy ({@code Stop}, {@code Terminate}) for {@link StopCause#SHUTDOWN}, else null
     */
    record PodStopping(WorkflowRef wf, PodRef podRef, StopCause cause, String strategy) implements OfWorkflow, OfPod {
    }

    /** Why the controller's execution control stopped a Pod ({@link PodStopping}). */
    enum StopCause {
        /** {@code argo stop} / {@code argo terminate}: the Workflow's {@code spec.shutdown}. */
        SHUTDOWN,
        /** The Workflow's {@code activeDeadlineSeconds} had passed. */
        DEADLINE,
        /** An on-exit Pod, stopped by a shutdown whose strategy does not let on-exit Pods run. */
        ON_EXIT;

        static StopCause parse(String text) {
            return valueOf(text.toUpperCase(Locale.ROOT).replace('-', '_'));
        }

        /** The name a catalog entry and a report use: {@code shutdown}, {@code deadline}, {@code on-exit}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * v4's {@code Pod qualifies for automatic restart - marking as pending} (operator.go, v4.0.0-rc2+): the Pod failed before its
     * main container ran, for a reason the controller restarts ({@code Evicted}, {@code NodeShutdown}, {@code NodeAffinity},
     * {@code UnexpectedAdmissionError}); the node goes back to {@code Pending}, the controller deletes this Pod by its UID
     * ({@code deletePodByUID}) and creates a new one for the node. Logged once per Pod instance.
     *
     * @param restartCount the node's restarts so far, this one included
     * @param reason       the Pod's {@code status.reason}
     * @param message      the Pod's {@code status.message}
     */
    record PodRestartQualified(WorkflowRef wf, PodRef podRef, String id, Integer restartCount, String reason, String message)
            implements OfWorkflow, OfPod, OfNodeId {
    }

    /** {@code Mark error node} (v3) / {@code marking node as error} (v4). */
    record NodeMarkedError(WorkflowRef wf, String node, String error) implements OfWorkflow, OfNodeName {
    }

    /** A node initialized (v3 also names its type). */
    record NodeInitialized(WorkflowRef wf, String id, String nodeType, String phase, String message) implements OfWorkflow, OfNodeId {
    }

    /** A forced node phase change ({@code node X phase A -> B} / {@code node phase changed}). */
    record NodePhaseChanged(WorkflowRef wf, String id, String fromPhase, String toPhase) implements OfWorkflow, OfNodeId {
    }

    /** {@code node X message: m} / {@code node message changed}. */
    record NodeMessageChanged(WorkflowRef wf, String id, String message) implements OfWorkflow, OfNodeId {
    }

    /** {@code node X finished: t} / {@code node finished}; the time as printed. */
    record NodeFinished(WorkflowRef wf, String id, String finishedAt) implements OfWorkflow, OfNodeId {
    }

    /** {@code node changed}: the operator's view of a node before and after a reconcile. */
    record NodeChanged(WorkflowRef wf, String id, String oldPhase, String newPhase, String oldMessage, String newMessage)
            implements OfWorkflow, OfNodeId {
    }

    /**
     * v4 {@code Event occurred}: the controller's event broadcaster logging a Kubernetes Event the controller recorded
     * ({@code eventBroadcaster.StartStructuredLogging(0)} in {@code workflow/events/event_recorder_manager.go}, v4.0 and v4.1; client-go's
     * keys {@code object} (namespace/name), {@code kind}, {@code apiVersion}, {@code fieldPath}, {@code type}, {@code reason},
     * {@code message}). The object is the Workflow ({@code wf}), or the Pod ({@code podRef}) under {@code nodeEvents.sendAsPod}.
     * For a {@code WorkflowNode<Phase>} reason, {@code node} and {@code phase} are read from its message
     * ({@code "<Phase> node <name>[: <node message>]"}, {@code recordNodePhaseEvent}, operator.go) and {@code nodeMessage} is the
     * node's message ({@code ""} where the event gives none); null for any other reason. The operator records these only after a
     * Workflow update succeeded ({@code persistUpdates}), for each node whose phase differs from the copy the pass started from:
     * see {@link #persistedResult()}.
     */
    record EventRecorded(WorkflowRef wf, PodRef podRef, String node, String reason, String type, String phase, String nodeMessage)
            implements OfWorkflow, OfPod, OfNodeName {
        private static final String NODE_REASON = "WorkflowNode";
        private static final java.util.Set<String> COMPLETED = Phases.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");
        private static final java.util.regex.Pattern JSON_NAME = java.util.regex.Pattern.compile("\"name\"\\s*:\\s*\"([^\"]*)\"");
        private static final java.util.regex.Pattern JSON_NAMESPACE =
                java.util.regex.Pattern.compile("\"namespace\"\\s*:\\s*\"([^\"]*)\"");

        /**
         * True where the line is a node's completed phase ({@code Succeeded}, {@code Failed}, {@code Error}, {@code Skipped},
         * {@code Omitted}): a Workflow update had persisted the node so before the line was written. Not {@code Running}: a node
         * going from {@code Pending} straight to an end also gets a {@code WorkflowNodeRunning} event that no update persisted
         * ({@code recordNodePhaseChangeEvents}' ephemeral node).
         */
        public boolean persistedResult() {
            return phase != null && COMPLETED.contains(phase);
        }

        /**
         * The namespace and name (either null where not given) of a line's {@code object} value: {@code namespace/name} in slog
         * text (klog's {@code ObjectRef} printed with its {@code String()}, {@code name} alone for a cluster-scoped object), a JSON
         * object {@code {"name":…,"namespace":…}} in slog JSON. Also what {@code --redact} learns the names from, whatever the kind.
         */
        public static String[] objectRef(String object) {
            String namespace = null;
            String name = null;
            if (object != null && object.startsWith("{")) {
                java.util.regex.Matcher n = JSON_NAME.matcher(object);
                java.util.regex.Matcher ns = JSON_NAMESPACE.matcher(object);
                name = n.find() ? n.group(1) : null;
                namespace = ns.find() ? ns.group(1) : null;
            } else if (object != null) {
                int slash = object.indexOf('/');
                namespace = slash < 0 ? null : object.substring(0, slash);
                name = slash < 0 ? object : object.substring(slash + 1);
            }
            return new String[] {namespace, name};
        }

        /**
         * Where the node's name ends in {@code rest} ({@code name} or {@code name: message}): the first {@code ": "} outside the
         * name's brackets and parentheses, or -1. A loop item's value, written into the name as {@code (i:value)}, may itself hold
         * {@code ": "} ({@code withItems: ["k: v"]}), and the node's message is free text (session 44 breaker).
         */
        static int nameEnd(String rest) {
            int depth = 0;
            for (int i = 0; i < rest.length(); i++) {
                char c = rest.charAt(i);
                if (c == '(' || c == '[') {
                    depth++;
                } else if ((c == ')' || c == ']') && depth > 0) {
                    depth--;
                } else if (c == ':' && depth == 0 && i + 1 < rest.length() && rest.charAt(i + 1) == ' ') {
                    return i;
                }
            }
            return -1;
        }

        /**
         * The event from a line's keys. {@code object} is {@code namespace/name} in slog text (klog's {@code ObjectRef} printed
         * with its {@code String()}), a JSON object {@code {"name":…,"namespace":…}} in slog JSON.
         */
        static EventRecorded of(Interner names, String object, String kind, String reason, String type, String message) {
            String[] ref = objectRef(object);
            String namespace = ref[0];
            String name = ref[1];
            name = name == null || name.isEmpty() || RedactedNames.isPlaceholder(name) ? null : name;
            namespace = namespace == null || namespace.isEmpty() || RedactedNames.isPlaceholder(namespace) ? null : namespace;
            WorkflowRef wf = name != null && "Workflow".equals(kind) ? names.workflow(namespace, name) : null;
            PodRef pod = name != null && "Pod".equals(kind) ? names.pod(namespace, name) : null;
            String node = null;
            String phase = null;
            String nodeMessage = null;
            if (reason != null && reason.startsWith(NODE_REASON) && reason.length() > NODE_REASON.length() && message != null) {
                String p = reason.substring(NODE_REASON.length());
                String prefix = p + " node ";
                if (message.startsWith(prefix) && message.length() > prefix.length()) {
                    String rest = message.substring(prefix.length());
                    int colon = nameEnd(rest);
                    node = names.name(colon < 0 ? rest : rest.substring(0, colon));
                    nodeMessage = colon < 0 ? "" : rest.substring(colon + 2);
                    phase = names.name(p);
                }
            }
            return new EventRecorded(wf, pod, node, names.name(reason), names.name(type), phase, nodeMessage);
        }
    }

    /** {@code add pod event}, {@code update pod event}, {@code delete pod event}. */
    record PodInformerEvent(InformerAction action, PodRef podRef) implements OfPod {
    }

    /** {@code Removing finalizers during a delete}: names no Pod; the correlation pairs it with its stream's next queuing line. */
    record FinalizersOnDelete(List<String> finalizers) implements ControllerEvent {
        public FinalizersOnDelete {
            finalizers = List.copyOf(finalizers);
        }
    }

    /** A line of the pod-cleanup queue: its {@code action} as logged, and what the analysis makes of it. */
    interface Cleanup {
        String action();

        default CleanupAction cleanup() {
            return CleanupAction.of(action());
        }
    }

    /**
     * {@code queuing pod delay} (v4) / {@code queuing poddelay<d>} (v3): cleanup computed by the pod
     * event handler, {@code delay} = deadline - now (negative: the deadline had passed).
     */
    record PodCleanupScheduled(PodRef podRef, String action, long delayNanos, String delayText, String podGC) implements OfPod, Cleanup {
    }

    /** {@code queueing pod for cleanup[ after| now, rather than delayed| by UID]}. */
    record PodCleanupQueued(PodRef podRef, String action, QueueTiming timing, Long afterNanos, String uid) implements OfPod, Cleanup {
    }

    /** {@code cleaning up pod}: a cleanup worker took the item off the queue (no success line follows). */
    record PodCleanupStarted(PodRef podRef, String action, String key) implements OfPod, Cleanup {
    }

    /** {@code failed to clean-up pod}: the cleanup failed and is retried if transient. */
    record PodCleanupFailed(PodRef podRef, String action, String key, String error) implements OfPod, Cleanup {
    }

    /**
     * Leader election: {@code starting leading} ({@code id}), {@code new leader} ({@code leader}),
     * {@code stopped leading}, {@code Leader election is turned off}, and client-go's klog lines.
     *
     * @param identity the replica the line names (the leader election identity is the Pod name), or null
     * @param lease    the Lease a client-go line names ({@code <namespace>/<name>}: {@code workflow-controller}, suffixed with the
     *                 instance ID where one is set, in the controller's namespace), or null (Argo's own lines name none)
     */
    record LeaderElection(LeaderChange change, String identity, String lease) implements ControllerEvent {
        public LeaderElection(LeaderChange change, String identity) {
            this(change, identity, null);
        }
    }

    /**
     * A Go panic or fatal error with its goroutine stack, read as one event over several lines.
     *
     * @param message   the first line ({@code panic: …})
     * @param lineCount how many file lines the block spans
     */
    record GoPanic(String message, int lineCount) implements ControllerEvent {
    }

    /**
     * A statement of the long tail of failure classes, named by its catalog entry ({@code set:
     * {signal: …}}) rather than typed in Java: a rule asks for it by name and reads its attributes, so
     * a message, key or release line is added by editing the catalog alone.
     *
     * @param name       the signal's name (the catalog's {@code signal} attribute)
     * @param attributes every attribute the entry produced, by name
     */
    record Signal(String name, WorkflowRef wf, PodRef podRef, String node, String id, java.util.Map<String, String> attributes)
            implements OfWorkflow, OfPod, OfNodeName, OfNodeId {
        public Signal {
            attributes = AttributeMap.of(attributes); // immutable, compact: a table per kept signal line was 180 bytes
        }

        /** The attribute's value, or null. */
        public String attribute(String key) {
            return attributes.get(key);
        }
    }

    /** A record whose message the catalog does not list: counted, kept for search, not interpreted. */
    record Unrecognized(String message) implements ControllerEvent {
    }

    /** Which informer callback logged a pod event. */
    enum InformerAction {
        ADD, UPDATE, DELETE;

        static InformerAction parse(String text) {
            return valueOf(text.toUpperCase(Locale.ROOT));
        }
    }

    /** What a leader-election line says. */
    enum LeaderChange {
        /** Trying to acquire the lease (client-go). */
        ACQUIRING,
        /** This replica leads ({@code starting leading}, client-go's "successfully acquired lease"). */
        STARTED_LEADING,
        /** Another replica leads ({@code new leader}). */
        NEW_LEADER,
        /** This replica lost the lease ({@code stopped leading}). */
        STOPPED_LEADING,
        /** Leader election is off: a single instance. */
        DISABLED;

        static LeaderChange parse(String text) {
            return valueOf(text.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    /** How {@code queueing pod for cleanup…} scheduled the work. */
    enum QueueTiming {
        IMMEDIATE, AFTER, NOW;

        static QueueTiming parse(String text) {
            return valueOf(text.toUpperCase(Locale.ROOT));
        }
    }
}
