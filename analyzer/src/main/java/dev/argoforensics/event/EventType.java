package dev.argoforensics.event;

import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeFinished;
import dev.argoforensics.event.ControllerEvent.NodeInitialized;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.QueueTiming;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.ControllerEvent.TaskResultIncomplete;
import dev.argoforensics.event.ControllerEvent.TaskResultReconciliation;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.time.GoDuration;
import java.util.function.Function;

/** The event kinds a catalog entry may name, each with how to build it from the entry's attributes. */
public enum EventType {
    CONTROLLER_STARTED(a -> new ControllerStarted(a.textOrNull("version"), a.textOrNull("instanceId"), requeue(a))),
    WORKER_NUMBERS(a -> new WorkerNumbers(a.integerOrNull("workflowWorkers"), a.integerOrNull("podCleanupWorkers"))),
    WORKFLOW_PROCESSING(a -> a.names().event(new WorkflowProcessing(a.workflowOrNull(), a.textOrNull("phase"), a.textOrNull("resourceVersion")))),
    WORKFLOW_UPDATED(a -> new WorkflowUpdated(a.workflowOrNull(), a.textOrNull("phase"), a.textOrNull("resourceVersion"))),
    POD_CREATED(a -> new PodCreated(a.workflowOrNull(), a.textOrNull("nodeName"), a.textOrNull("nodeId"), a.podOrNull())),
    TASK_RESULT_RECONCILIATION(a -> a.names().event(new TaskResultReconciliation(a.workflowOrNull(), a.integerOrNull("objects")))),
    TASK_RESULT_INCOMPLETE(a -> new TaskResultIncomplete(a.workflowOrNull(), a.textOrNull("nodeId"))),
    TASK_RESULT_FORCED(a -> new TaskResultForced(a.workflowOrNull(), a.textOrNull("nodeId"), a.text("why").orElseThrow(),
            a.textOrNull("exitCode"), a.textOrNull("reason"), a.textOrNull("container"))),
    WORKFLOW_POD_MISSING(a -> new WorkflowPodMissing(a.workflowOrNull(), a.textOrNull("nodeName"), a.textOrNull("nodePhase"),
            a.booleanOrNull("recentlyStarted"))),
    POD_STOPPING(a -> new ControllerEvent.PodStopping(a.workflowOrNull(), a.podOrNull(),
            ControllerEvent.StopCause.parse(a.text("stopCause").orElseThrow()), a.textOrNull("shutdownStrategy"))),
    POD_RESTART_QUALIFIED(a -> new ControllerEvent.PodRestartQualified(a.workflowOrNull(), a.podOrNull(), a.textOrNull("nodeId"),
            a.integerOrNull("restartCount"), a.textOrNull("reason"), a.textOrNull("message"))),
    NODE_MARKED_ERROR(a -> new NodeMarkedError(a.workflowOrNull(), a.textOrNull("nodeName"), a.textOrNull("error"))),
    NODE_INITIALIZED(a -> new NodeInitialized(a.workflowOrNull(), a.textOrNull("nodeId"), a.textOrNull("nodeType"),
            a.textOrNull("phase"), a.textOrNull("message"))),
    NODE_PHASE_CHANGED(a -> new NodePhaseChanged(a.workflowOrNull(), a.textOrNull("nodeId"), a.textOrNull("fromPhase"),
            a.textOrNull("toPhase"))),
    NODE_MESSAGE_CHANGED(a -> new NodeMessageChanged(a.workflowOrNull(), a.textOrNull("nodeId"), a.textOrNull("message"))),
    NODE_FINISHED(a -> new NodeFinished(a.workflowOrNull(), a.textOrNull("nodeId"), a.textOrNull("finishedAt"))),
    NODE_CHANGED(a -> new NodeChanged(a.workflowOrNull(), a.textOrNull("nodeId"), a.textOrNull("oldPhase"), a.textOrNull("newPhase"),
            a.textOrNull("oldMessage"), a.textOrNull("newMessage"))),
    POD_INFORMER_EVENT(a -> a.names().event(new PodInformerEvent(InformerAction.parse(a.text("informerAction").orElseThrow()), a.podOrNull()))),
    FINALIZERS_ON_DELETE(a -> new FinalizersOnDelete(a.list("finalizers"))),
    POD_CLEANUP_SCHEDULED(a -> {
        Long nanos = a.durationOrNull("delay");
        if (nanos == null) {
            throw new IllegalArgumentException("no delay");
        }
        return new PodCleanupScheduled(a.podOrNull(), a.textOrNull("action"), nanos, a.names().name(GoDuration.format(nanos)),
                a.textOrNull("podGC"));
    }),
    POD_CLEANUP_QUEUED(a -> a.names().event(new PodCleanupQueued(a.podOrNull(), a.textOrNull("action"),
            QueueTiming.parse(a.text("timing").orElseThrow()), a.durationOrNull("after"), a.textOrNull("uid")))),
    POD_CLEANUP_STARTED(a -> a.names().event(new PodCleanupStarted(a.podOrNull(), a.textOrNull("action"), a.textOrNull("key")))),
    LEADER_ELECTION(a -> new ControllerEvent.LeaderElection(ControllerEvent.LeaderChange.parse(a.text("change").orElseThrow()),
            a.textOrNull("identity"), a.textOrNull("lease"))),
    POD_CLEANUP_FAILED(a -> new PodCleanupFailed(a.podOrNull(), a.textOrNull("action"), a.textOrNull("key"), a.textOrNull("error"))),
    EVENT_RECORDED(a -> ControllerEvent.EventRecorded.of(a.names(), a.textOrNull("object"), a.textOrNull("kind"), a.textOrNull("reason"),
            a.textOrNull("eventType"), a.textOrNull("eventMessage"))),
    /** A named statement read by the rules through its attributes (see {@link ControllerEvent.Signal}). */
    SIGNAL(a -> new ControllerEvent.Signal(a.text("signal").orElseThrow(), a.workflowOrNull(), a.podOrNull(), a.textOrNull("nodeName"),
            a.textOrNull("nodeId"), a.asMap()));

    private final Function<Attributes, ControllerEvent> factory;


    EventType(Function<Attributes, ControllerEvent> factory) {
        this.factory = factory;
    }

    /**
     * @throws IllegalArgumentException if an attribute does not hold what the event needs
     */
    public ControllerEvent create(Attributes attributes) {
        return factory.apply(attributes);
    }

    /**
     * The start banner's {@code defaultRequeueTime}: a Go duration in text formats, integer nanoseconds in JSON ones; null where
     * absent, or not a duration (the banner's other facts are still read: a value mangled in a paste only loses the delay).
     */
    private static Long requeue(Attributes a) {
        try {
            Long nanos = a.durationOrNull("requeueTime");
            return nanos == null || nanos < 0 ? null : nanos;
        } catch (IllegalArgumentException notADuration) {
            return null;
        }
    }
}
