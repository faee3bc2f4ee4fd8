package dev.argoforensics.judgment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.judgment.K8s.Node;
import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Workflow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What really happened to every Pod, recorded by the simulation as it happened (never derived from
 * log lines or rule logic), and the four expected verdicts computed from it at the end of the
 * evidence.
 */
final class Truth {
    static final long STUCK_AFTER = 5 * Go.MINUTE;
    static final long MINIMUM_DELAY = 2 * Go.MINUTE;
    /** How long a finished Pod's task result may stay incomplete (the controller's TASK_RESULT_TIMEOUT_DURATION, AF006's default). */
    static final long TASK_RESULT_PENDING = 10 * Go.MINUTE;
    /** AF014: a Workflow still refused a lock this long after its completed holder was stored completed is not a hand-over. */
    static final long LOCK_HELD_AFTER_COMPLETION = 5 * Go.MINUTE;

    /** The facts of one Pod. */
    static final class PodFacts {
        String namespace;
        String name;
        String uid;
        String workflow;
        String workflowUid;
        String nodeId;
        String nodeName;
        /** The node it was bound to (null: never bound) and that node's clock offset, ns (session 55, {@link NodeClocks}). */
        String hostNode;
        long nodeClockOffsetNanos;
        /** Session 58: the node's clock correction in the corpus ({@link NodeClocks.Correction}), null if its offset stays. */
        NodeClocks.Correction nodeClockCorrection;
        String cls;
        String controller;
        String release;
        boolean ofInterest;
        /** The template's type: {@code container}, or {@code resource} / {@code data}, whose Pod has no wait (session 32). */
        String template;
        String podGcAnnotation;
        long createdAt;
        long mainStartedAt = -1;
        long mainFinishedAt = -1;
        long waitFinishedAt = -1;
        Integer mainExit;
        Integer waitExit;
        long firstDeletionAt = -1;
        String firstDeletionBy;
        int firstDeletionGrace = -1;
        final List<String> deletions = new ArrayList<>();
        boolean hadStatusFinalizer;
        long finalizerRemovedAt = -1;
        String finalizerRemovedBy;
        Long removalDelayNanos;
        List<Long> removalSameDueDelays = List.of();
        boolean workflowExistedAtRemoval;
        boolean nodePersistedFulfilledAtRemoval;
        String nodePersistedPhaseAtRemoval;
        long goneAt = -1;
        long nodeFirstPersistedFulfilledAt = -1;
        boolean nodePersistedFulfilled;
        String persistedPhase;
        String persistedMessage;
        long workflowDeletedAt = -1;
        /** When its Workflow's deletion was requested while the finalizers held it (foreground, lifecycle A3), or -1. */
        long workflowDeletionRequestedAt = -1;
        // Verdicts, at the end of the evidence.
        boolean af001;
        boolean af002;
        boolean af004;
        boolean af007;
        /**
         * AF016 (session 31), a false success: deleted while main ran, main never ended with exit 0, and the node persisted
         * {@code Succeeded} (v3.4.0-v3.5.4:
         * PodGC's {@code Failed} over a running main assessed {@code Succeeded} and stored for a Pod without a running {@code wait}, which
         * keeps the phase up to v3.6.4; docs/rules/AF016.md). Session 32: a resource or data template's Pod (no {@code wait}) lost on
         * v3.4.18 or v3.5.4 ({@code ScenariosNoWait}).
         */
        boolean af016;
        long releaseDueAt = -1;
        boolean finalizerHeldAtEnd;
        /** Some export (Pod, List, watch stream or task result) shows main's exit code. */
        boolean exitCodesExported;
        // The node's WorkflowTaskResult, in the API, and what the controller made of it.
        long resultCreatedAt = -1;
        long resultLabelTrueAt = -1;
        long resultGoneAt = -1;
        long resultForcedAt = -1;
        String resultForcedBy;
        long resultBlockedFirstAt = -1;
        int resultBlockedPasses;
        /** Session 34: the controller kept the node in its phase for outputs not on it (first pass, count). */
        long outputsHeldFirstAt = -1;
        int outputsHeldPasses;
        /** Times a controller marked the node Error "pod deleted", with whether the Pod then existed undeleted. */
        final List<String> podDeletedMarks = new ArrayList<>();
        long falsePodDeletedAt = -1;
        boolean af006;
        boolean af008;
        /** When the API server refused the executor's WorkflowTaskResult write and wait exited 64 for it (AF011), or -1. */
        long resultWriteRefusedAt = -1;
        /** When the controller's SIGKILL round (killContainers) found a container other than main still running (AF010), or -1. */
        long killRoundFoundRunningAt = -1;
        String killRoundFoundRunning;
        /** When a controller's SIGTERM round ({@code terminateContainers}: a stop of the Workflow) reached main still running, or -1. */
        long mainSignalledByControllerAt = -1;
        /** The kubelet stopped main while it ran, with no API delete (a node-pressure eviction, a graceful node shutdown). */
        long mainSignalledByKubeletAt = -1;
        /**
         * Session 46: when main, running at an API deletion, exited 0 answering the SIGTERM the kubelet sent for it (a trap, a
         * graceful shutdown), or -1: the deletion stopped the step (docs/judgment.md, AF002).
         */
        long mainAnsweredDeletionAt = -1;
        /** When the executor's deadline monitor ({@code ARGO_DEADLINE}: the Workflow's activeDeadlineSeconds) killed main still running, or -1. */
        long mainSignalledAtDeadlineAt = -1;
        /** When a v4 controller took this Pod for its automatic restart (its node back to Pending, the Pod deleted by UID), or -1. */
        long restartedByControllerAt = -1;
        boolean af010;
        boolean af011;
        /**
         * AF005: when a controller pass found the node unfulfilled with no Pod in its informer and left it as it was (the
         * {@code Pending} branch of lifecycle B2: nothing but an attempt to create the Pod again), and how many passes did; -1.
         */
        long leftMissingFirstAt = -1;
        int leftMissingPasses;
        /** Whether the Pod was still out of its controller's informer at the end (gone from the API, or labelled completed). */
        boolean outOfInformerAtEnd;
        boolean af005;

        String key() {
            return namespace + "/" + name;
        }
    }

    private final Map<String, PodFacts> byUid = new LinkedHashMap<>();
    /** Workflow key -> pod node ID -> the Pod's facts (the latest Pod for that node). */
    private final Map<String, Map<String, PodFacts>> byNode = new HashMap<>();

    PodFacts podCreated(Pod p, String cls, boolean ofInterest, String controller, String release, String nodeName) {
        PodFacts f = new PodFacts();
        f.namespace = p.namespace;
        f.name = p.name;
        f.uid = p.uid;
        f.workflow = p.workflow;
        f.workflowUid = p.workflowUid;
        f.nodeId = p.nodeId();
        f.nodeName = nodeName;
        f.cls = cls;
        f.ofInterest = ofInterest;
        f.template = p.template;
        f.controller = controller;
        f.release = release;
        f.createdAt = 0;
        f.hadStatusFinalizer = p.hasStatusFinalizer();
        f.podGcAnnotation = p.annotations.get(K8s.ANN_POD_GC);
        // Two scenario families drawing from one stream (the same salts) make the same UIDs: one Pod's truth would silently replace
        // the other's and its findings would score as "not in truth" (session 30's merge of two families on salt 31/312/310).
        if (byUid.put(p.uid, f) != null) {
            throw new IllegalStateException("two Pods with UID " + p.uid + " in the truth (" + p.namespace + "/" + p.name
                    + "): a scenario family shares another's random streams");
        }
        byNode.computeIfAbsent(p.namespace + "/" + p.workflow, k -> new HashMap<>()).put(f.nodeId, f);
        return f;
    }

    PodFacts get(String uid) {
        return byUid.get(uid);
    }

    /** The facts of the Pod of a Workflow's node (the latest Pod created for it), or null. */
    PodFacts forNode(String namespace, String workflow, String workflowUid, String nodeId) {
        Map<String, PodFacts> nodes = byNode.get(namespace + "/" + workflow);
        PodFacts f = nodes == null ? null : nodes.get(nodeId);
        return f != null && f.workflowUid.equals(workflowUid) ? f : null;
    }

    // ---- task results -------------------------------------------------------------------------

    void taskResultWritten(K8s.TaskResult t, boolean created, long now) {
        PodFacts f = forNode(t.namespace, t.workflow, t.workflowUid, t.name);
        if (f == null) {
            return;
        }
        if (created && f.resultCreatedAt < 0) {
            f.resultCreatedAt = now;
        }
        if (t.completed && f.resultLabelTrueAt < 0) {
            f.resultLabelTrueAt = now;
        }
    }

    void taskResultGone(K8s.TaskResult t, long now) {
        PodFacts f = forNode(t.namespace, t.workflow, t.workflowUid, t.name);
        if (f != null && f.resultGoneAt < 0) {
            f.resultGoneAt = now;
        }
    }

    /** A controller completed the node's result in its own view without the executor's label ({@code how}: the line's gist). */
    void taskResultForced(String namespace, String workflow, String workflowUid, String nodeId, long now, String how) {
        PodFacts f = forNode(namespace, workflow, workflowUid, nodeId);
        if (f != null && f.resultForcedAt < 0) {
            f.resultForcedAt = now;
            f.resultForcedBy = how;
        }
    }

    /** A controller's pod reconciliation saw the node's Pod finished and its result incomplete, and stopped there. */
    /** {@code leaving phase un-changed: required outputs are not yet set}: the Pod's success seen and refused (session 34). */
    void heldForOutputs(String podUid, long now) {
        PodFacts f = byUid.get(podUid);
        if (f != null) {
            if (f.outputsHeldFirstAt < 0) {
                f.outputsHeldFirstAt = now;
            }
            f.outputsHeldPasses++;
        }
    }

    void taskResultBlocked(String podUid, long now) {
        PodFacts f = byUid.get(podUid);
        if (f != null) {
            if (f.resultBlockedFirstAt < 0) {
                f.resultBlockedFirstAt = now;
            }
            f.resultBlockedPasses++;
        }
    }

    /** A controller marked the node Error "pod deleted"; the Pod object as the API has it now (null: gone). */
    void nodeMarkedPodDeleted(String namespace, String workflow, String workflowUid, String nodeId, long now, Pod live) {
        PodFacts f = forNode(namespace, workflow, workflowUid, nodeId);
        if (f == null) {
            return;
        }
        boolean undeleted = live != null && live.uid.equals(f.uid) && live.deletionTimestamp == null && f.firstDeletionAt < 0;
        f.podDeletedMarks.add(Go.rfc3339Nano(now) + (undeleted ? " while the Pod existed, no deletion requested" : " after a deletion"));
        if (undeleted && f.falsePodDeletedAt < 0) {
            f.falsePodDeletedAt = now;
        }
    }

    /**
     * A controller's pod reconciliation found the node unfulfilled, its Pod not in the informer, and left the node as it was
     * (B2 case 1, {@code nodePhase=Pending}: the pass only tries to create the Pod again, which fails with
     * {@code already exists} when the Pod is still in the API but out of the informer).
     */
    void nodeLeftWithPodMissing(String namespace, String workflow, String workflowUid, String nodeId, long now) {
        PodFacts f = forNode(namespace, workflow, workflowUid, nodeId);
        if (f == null) {
            return;
        }
        if (f.leftMissingFirstAt < 0) {
            f.leftMissingFirstAt = now;
        }
        f.leftMissingPasses++;
    }

    // ---- Workflows ----------------------------------------------------------------------------

    /** The facts of one Workflow (the unit of the Workflow-level rules). */
    static final class WorkflowFacts {
        String namespace;
        String name;
        String uid;
        String cls;
        String controller;
        String release;
        long createdAt;
        long completedPersistedAt = -1;
        String completedPhase;
        long regressedAt = -1;
        final List<String> regressions = new ArrayList<>();
        long deletedAt = -1;
        long deletionRequestedAt = -1;
        String deletionRequestedBy;
        boolean af009;
        /** AF012: controller process -> {first, last} {@code Processing workflow} of this Workflow. */
        final Map<String, long[]> processedBy = new LinkedHashMap<>();
        String overlap;
        boolean af012;
        /** AF013: the moments the controller could not store the status for its size. */
        final List<String> sizeFailures = new ArrayList<>();
        boolean af013;
        /** AF014 (as holder): its lock's release at completion was lost; the moments a waiter was refused the lock while it held it. */
        String lockReleaseLostAt;
        final List<Long> lockRefusedWhileCompleted = new ArrayList<>();
        final List<String> lockRefused = new ArrayList<>();
        boolean af014;
        /** AF015: Pods created (or found existing) for it after its completion was stored; stale copies of it the guard caught. */
        final List<String> actedAfterCompletion = new ArrayList<>();
        final List<String> staleCopiesGuarded = new ArrayList<>();
        boolean af015;
        /** AF003: every take-up of the Workflow by a Workflow worker, any process, in order. */
        final List<Long> passes = new ArrayList<>();
        /**
         * AF003: the moments a pod event handler saw one of its Pods deleted while it needed reconciling (in a process without
         * Workflow workers, any event of one of its Pods then).
         */
        final List<DeletionSeen> deletionsSeen = new ArrayList<>();
        String stall;
        /** Session 49: when the wait {@link #stall} names ended (a take-up, the Workflow's deletion, its completion stored); -1: not before the evidence ends. */
        long stallEndedAt = -1;
        /** Session 49: where the gap AF003 reads begins: the deletion seen; -1: no stall. */
        long stallFrom = -1;
        boolean af003;

        String key() {
            return namespace + "/" + name;
        }
    }

    /**
     * AF003: a controller process's pod event handler saw the Pod {@code pod} being deleted at {@code at} (in a process without
     * Workflow workers, any event of it), the Workflow active;
     * it had waited on that process's queue since {@code queuedSince}; {@code workers}: the process's Workflow workers.
     */
    record DeletionSeen(String pod, String process, int workers, long at, long queuedSince) {
    }

    private final Map<String, WorkflowFacts> workflowsByUid = new LinkedHashMap<>();

    void workflowCreated(Workflow w, String cls, String controller, String release, long now) {
        WorkflowFacts f = new WorkflowFacts();
        f.namespace = w.namespace;
        f.name = w.name;
        f.uid = w.uid;
        f.cls = cls;
        f.controller = controller;
        f.release = release;
        f.createdAt = now;
        workflowsByUid.put(w.uid, f);
    }

    /** A controller process (one replica from one start) took the Workflow up in a Workflow worker. */
    void workflowProcessed(String workflowUid, String process, long now) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f != null) {
            f.processedBy.computeIfAbsent(process, p -> new long[] {now, now})[1] = now;
            f.passes.add(now);
        }
    }

    /** AF003: see {@link DeletionSeen}. */
    void podDeletionSeen(String workflowUid, String pod, String process, int workers, long at, long queuedSince) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f != null) {
            f.deletionsSeen.add(new DeletionSeen(pod, process, workers, at, queuedSince));
        }
    }

    /** The controller could not store the Workflow's status because of its size (dehydration failed, or etcd refused the request). */
    void workflowTooLarge(String workflowUid, long now, String what) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f != null) {
            f.sizeFailures.add(Go.rfc3339Nano(now) + " " + what);
        }
    }

    /** AF014: the controller's release of the Workflow's locks at its completion was lost (nothing logged, the holding kept). */
    void lockReleaseLost(String workflowUid, long now) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f != null && f.lockReleaseLostAt == null) {
            f.lockReleaseLostAt = Go.rfc3339Nano(now);
        }
    }

    /**
     * AF014: a controller process refused {@code waiter} the lock while this Workflow, stored completed, held it in that
     * process's memory.
     */
    void lockRefused(String holderUid, String waiter, String lock, long now) {
        WorkflowFacts f = workflowsByUid.get(holderUid);
        if (f != null && f.completedPersistedAt >= 0) {
            f.lockRefusedWhileCompleted.add(now - f.completedPersistedAt);
            if (f.lockRefused.size() < 6) {
                f.lockRefused.add(Go.rfc3339Nano(now) + " " + waiter + " refused " + lock);
            }
        }
    }

    /** AF015: a controller pass created (or found existing) a Pod for the Workflow while the API held it completed. */
    void actedAfterCompletion(String workflowUid, long now, String what) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f != null) {
            f.actedAfterCompletion.add(Go.rfc3339Nano(now) + " " + what);
        }
    }

    /** AF015's guarded variant: the stale-read guard caught a stale copy of the completed Workflow (dropped, or skipped at Debug). */
    void staleCopyGuarded(String workflowUid, long now, String how) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f != null && f.staleCopiesGuarded.size() < 6) {
            f.staleCopiesGuarded.add(Go.rfc3339Nano(now) + " " + how);
        }
    }

    List<WorkflowFacts> workflows() {
        return new ArrayList<>(workflowsByUid.values());
    }

    /**
     * After the Workflow's completion was persisted, a controller changed the phase of the Workflow or of one of its
     * nodes away from what it had persisted (whether or not that change was then persisted).
     */
    void phaseRegressed(String workflowUid, long now, String what) {
        WorkflowFacts f = workflowsByUid.get(workflowUid);
        if (f == null) {
            return;
        }
        f.regressions.add(Go.rfc3339Nano(now) + " " + what);
        if (f.regressedAt < 0) {
            f.regressedAt = now;
        }
    }

    List<PodFacts> all() {
        return new ArrayList<>(byUid.values());
    }

    /** A Pod caught up in another's incident (a drain of its node) is counted in that class, not its own. */
    void reclassify(String uid, String cls) {
        PodFacts f = byUid.get(uid);
        if (f != null) {
            f.cls = cls;
        }
    }

    void taskResultWriteRefused(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.resultWriteRefusedAt < 0) {
            f.resultWriteRefusedAt = t;
        }
    }

    /** A killContainers round signalled {@code container} (not main), still running in the kubelet's view. */
    void killRoundFoundRunning(String uid, String container, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.killRoundFoundRunningAt < 0) {
            f.killRoundFoundRunningAt = t;
            f.killRoundFoundRunning = container;
        }
    }

    /** A controller's {@code terminateContainers} round signalled main while it ran (B8: a stop of the Workflow). */
    void mainSignalledByController(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.mainSignalledByControllerAt < 0) {
            f.mainSignalledByControllerAt = t;
        }
    }

    /**
     * The kubelet stopped main while it ran on its own account (a node-pressure eviction, a graceful node shutdown; lifecycle
     * A2): no API delete, the Pod ends {@code Failed} with the kubelet's reason and message whatever main exits with.
     */
    void mainSignalledByKubelet(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.mainSignalledByKubeletAt < 0) {
            f.mainSignalledByKubeletAt = t;
        }
    }

    /** v4's automatic restart: the Pod failed before main started; the controller deletes it by UID and creates its node's Pod again. */
    void podRestartedByController(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.restartedByControllerAt < 0) {
            f.restartedByControllerAt = t;
        }
    }

    /** Main, running when its Pod's deletion was requested, exited 0 on the deletion's SIGTERM (session 46). */
    void mainAnsweredDeletion(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.mainAnsweredDeletionAt < 0) {
            f.mainAnsweredDeletionAt = t;
        }
    }

    /** The executor's deadline monitor killed main while it ran (the Workflow's activeDeadlineSeconds passed). */
    void mainSignalledAtDeadline(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.mainSignalledAtDeadlineAt < 0) {
            f.mainSignalledAtDeadlineAt = t;
        }
    }

    /**
     * Argo's own SIGTERM ended main (a trap may exit 0): the controller's round (a stop, the deadline) or the executor's
     * deadline monitor, whichever came first. The step was stopped; the failure is what happened.
     */
    private static boolean stoppedByController(PodFacts f) {
        return signalledWhileRunning(f, f.mainSignalledByControllerAt) || signalledWhileRunning(f, f.mainSignalledAtDeadlineAt)
                || signalledWhileRunning(f, f.mainSignalledByKubeletAt);
    }

    private static boolean signalledWhileRunning(PodFacts f, long at) {
        return at >= 0 && (f.mainFinishedAt < 0 || at <= f.mainFinishedAt);
    }

    /** The scheduler bound the Pod to {@code node}, whose clock is {@code offsetNanos} off the cluster's ({@link NodeClocks}). */
    void podBound(String uid, String node, long offsetNanos, NodeClocks.Correction correction) {
        PodFacts f = byUid.get(uid);
        if (f != null) {
            f.hostNode = node;
            f.nodeClockOffsetNanos = offsetNanos;
            f.nodeClockCorrection = correction;
        }
    }

    void containerStarted(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.mainStartedAt < 0) {
            f.mainStartedAt = t;
        }
    }

    void containerFinished(String uid, String container, long t, int code) {
        PodFacts f = byUid.get(uid);
        if (f == null) {
            return;
        }
        if (container.equals("main")) {
            f.mainFinishedAt = t;
            f.mainExit = code;
        } else {
            f.waitFinishedAt = t;
            f.waitExit = code;
        }
    }

    void deletionRequested(Pod p, long t, int grace, String actor) {
        PodFacts f = byUid.get(p.uid);
        if (f == null) {
            return;
        }
        f.deletions.add(Go.rfc3339Nano(t) + " by " + actor + " grace " + grace);
        if (f.firstDeletionAt < 0) {
            f.firstDeletionAt = t;
            f.firstDeletionBy = actor;
            f.firstDeletionGrace = grace;
        }
    }

    void finalizerRemoved(Pod p, long t, Kube.Origin origin, String actor) {
        PodFacts f = byUid.get(p.uid);
        if (f == null || f.finalizerRemovedAt >= 0) {
            return;
        }
        f.finalizerRemovedAt = t;
        f.finalizerRemovedBy = origin.path();
        f.removalDelayNanos = origin.delayNanos();
        f.removalSameDueDelays = origin.sameDue();
        // Existed and was not being deleted: a Workflow held by foregroundDeletion is being thrown away with its Pods.
        f.workflowExistedAtRemoval = f.workflowDeletedAt < 0 && f.workflowDeletionRequestedAt < 0;
        f.nodePersistedFulfilledAtRemoval = f.nodePersistedFulfilled;
        f.nodePersistedPhaseAtRemoval = f.persistedPhase;
    }

    void gone(Pod p, long t) {
        PodFacts f = byUid.get(p.uid);
        if (f != null && f.goneAt < 0) {
            f.goneAt = t;
        }
    }

    void workflowPersisted(Workflow w, long t, String release) {
        WorkflowFacts wf = workflowsByUid.get(w.uid);
        if (wf != null && wf.completedPersistedAt < 0 && w.status.completed()) {
            wf.completedPersistedAt = t;
            wf.completedPhase = w.status.phase;
        }
        Map<String, PodFacts> nodes = byNode.get(w.key());
        if (nodes == null) {
            return;
        }
        for (Node n : w.status.nodes.values()) {
            if (!"Pod".equals(n.type)) {
                continue;
            }
            PodFacts f = nodes.get(n.id);
            if (f == null || !w.uid.equals(f.workflowUid)) {
                continue;
            }
            boolean fulfilled = fulfilled(n, release);
            f.nodePersistedFulfilled = fulfilled;
            f.persistedPhase = n.phase;
            f.persistedMessage = n.message;
            if (fulfilled && f.nodeFirstPersistedFulfilledAt < 0) {
                f.nodeFirstPersistedFulfilledAt = t;
            }
        }
    }

    /** {@code Fulfilled(taskResultSynced)} from v3.7.1, the phase alone before. */
    static boolean fulfilled(Node n, String release) {
        if (!n.completedPhase()) {
            return false;
        }
        return !Release.of(release).taskResultSynced || !Boolean.FALSE.equals(n.taskResultSynced);
    }

    void workflowDeleted(Workflow w, long t) {
        WorkflowFacts wf = workflowsByUid.get(w.uid);
        if (wf != null && wf.deletedAt < 0) {
            wf.deletedAt = t;
        }
        Map<String, PodFacts> nodes = byNode.get(w.key());
        if (nodes == null) {
            return;
        }
        for (PodFacts f : nodes.values()) {
            if (w.uid.equals(f.workflowUid) && f.workflowDeletedAt < 0) {
                f.workflowDeletedAt = t;
            }
        }
    }

    /**
     * {@code kubectl delete workflow --cascade=foreground}: the Workflow stays, with a deletionTimestamp, while the garbage
     * collector deletes its Pods. A Pod whose own deletion was requested from then on went with its Workflow.
     */
    void workflowDeletionRequested(Workflow w, long t, String actor) {
        WorkflowFacts wf = workflowsByUid.get(w.uid);
        if (wf != null && wf.deletionRequestedAt < 0) {
            wf.deletionRequestedAt = t;
            wf.deletionRequestedBy = actor;
        }
        Map<String, PodFacts> nodes = byNode.get(w.key());
        if (nodes == null) {
            return;
        }
        for (PodFacts f : nodes.values()) {
            if (w.uid.equals(f.workflowUid) && f.workflowDeletionRequestedAt < 0) {
                f.workflowDeletionRequestedAt = t;
            }
        }
    }

    /** The Pod's own deletion was requested no earlier than its Workflow's foreground deletion (or never): it went with it. */
    private static boolean wentWithWorkflow(PodFacts f) {
        return f.workflowDeletionRequestedAt >= 0 && (f.firstDeletionAt < 0 || f.firstDeletionAt >= f.workflowDeletionRequestedAt);
    }

    /** The verdicts as of {@code end}, the end of the evidence; {@code kube} holds the cluster as it is then. */
    void settle(long end, Kube kube) {
        for (WorkflowFacts w : workflowsByUid.values()) {
            w.af009 = w.regressedAt >= 0;
            // AF012: two processes, each working (only a process that believes it is active runs Workflow workers), took
            // the Workflow up at overlapping times: each one's span of Processing lines overlaps the other's.
            List<Map.Entry<String, long[]>> spans = new ArrayList<>(w.processedBy.entrySet());
            for (int i = 0; i < spans.size() && !w.af012; i++) {
                for (int j = i + 1; j < spans.size() && !w.af012; j++) {
                    long from = Math.max(spans.get(i).getValue()[0], spans.get(j).getValue()[0]);
                    long to = Math.min(spans.get(i).getValue()[1], spans.get(j).getValue()[1]);
                    if (from < to) {
                        w.af012 = true;
                        w.overlap = spans.get(i).getKey() + " and " + spans.get(j).getKey() + " from " + Go.rfc3339Nano(from) + " to "
                                + Go.rfc3339Nano(to);
                    }
                }
            }
            af003(w, end);
            w.af013 = !w.sizeFailures.isEmpty();
            w.af014 = w.lockRefusedWhileCompleted.stream().anyMatch(d -> d >= LOCK_HELD_AFTER_COMPLETION);
            w.af015 = !w.actedAfterCompletion.isEmpty() || !w.staleCopiesGuarded.isEmpty();
        }
        for (PodFacts f : byUid.values()) {
            // A resource or data template's Pod has no wait: its containers are done when main is.
            boolean noWait = !K8s.Step.CONTAINER.equals(f.template);
            boolean containersDone = f.mainFinishedAt >= 0 && (noWait || f.waitFinishedAt >= 0);
            f.af001 = "pod-delete-handler".equals(f.finalizerRemovedBy) && f.workflowExistedAtRemoval && !f.nodePersistedFulfilledAtRemoval
                    && f.firstDeletionAt >= 0 && containersDone && Math.max(f.mainFinishedAt, f.waitFinishedAt) < f.firstDeletionAt;
            f.af002 = containersDone && Integer.valueOf(0).equals(f.mainExit) && (noWait || Integer.valueOf(0).equals(f.waitExit))
                    && ("Error".equals(f.persistedPhase) || "Failed".equals(f.persistedPhase)) && !wentWithWorkflow(f)
                    && !stoppedByController(f) && f.mainAnsweredDeletionAt < 0;
            // Deleted while main ran, and the node's end the loss: "pod deleted", or (session 30) Failed where PodGC deleted it, whose
            // Failed over the running main the controller stored (v3.6.19 counts a node fulfilled by its phase alone: without the
            // status-capture finalizer the Pod is gone before anything marks it "pod deleted").
            f.af007 = f.firstDeletionAt >= 0 && f.mainStartedAt >= 0 && f.mainStartedAt < f.firstDeletionAt
                    && (f.mainFinishedAt < 0 || f.mainFinishedAt > f.firstDeletionAt) && !wentWithWorkflow(f)
                    && (("Error".equals(f.persistedPhase) && "pod deleted".equals(f.persistedMessage))
                        || ("Failed".equals(f.persistedPhase) && "pod-gc".equals(f.firstDeletionBy))
                        // Session 45: Failed on main's exit from the deletion's own kill (the kubelet wrote the phase before its final
                        // delete and the controller read it): the deletion ended the step as surely (docs/rules/AF007.md).
                        || ("Failed".equals(f.persistedPhase) && f.persistedMessage != null && KILL_EXIT.matcher(f.persistedMessage).matches()));
            // Not a main that ended 0 within the deletion's grace period (a drained step that finished its work): that success is true.
            f.af016 = f.firstDeletionAt >= 0 && f.mainStartedAt >= 0 && f.mainStartedAt < f.firstDeletionAt
                    && (f.mainFinishedAt < 0 || f.mainFinishedAt > f.firstDeletionAt) && !wentWithWorkflow(f) && "Succeeded".equals(f.persistedPhase)
                    && !(f.mainFinishedAt >= 0 && Integer.valueOf(0).equals(f.mainExit));
            long podFinishedAt = containersDone ? Math.max(f.mainFinishedAt, f.waitFinishedAt) : -1;
            long settled = earliest(f.resultLabelTrueAt, f.resultForcedAt, f.resultGoneAt);
            f.af006 = podFinishedAt >= 0 && f.resultCreatedAt >= 0 && (settled < 0 ? end : settled) - podFinishedAt > TASK_RESULT_PENDING;
            // A marking while the Workflow was being deleted (or gone) is the deleted Workflow's, thrown away with it (lifecycle A3):
            // no step lost to bookkeeping, whatever became of the Pod.
            f.af008 = f.falsePodDeletedAt >= 0 && !(f.workflowDeletionRequestedAt >= 0 && f.workflowDeletionRequestedAt <= f.falsePodDeletedAt)
                    && !(f.workflowDeletedAt >= 0 && f.workflowDeletedAt <= f.falsePodDeletedAt);
            f.af010 = f.killRoundFoundRunningAt >= 0;
            f.af011 = f.resultWriteRefusedAt >= 0 && Integer.valueOf(64).equals(f.waitExit);
            Pod p = kube.pods.get(f.key());
            // AF005: the node's Pod (its latest) went out of the controller's informer, a pass found it missing and left the
            // node unfinished, and it is still unfinished at the end with its Workflow there and not being deleted: nothing
            // the controller does will finish it. A Pod deleted on purpose (its node marked pod deleted), a deleted Workflow's
            // Pods, a Pod that left the informer when labelled completed (its node finished) and a Pod created again for its
            // node are not.
            boolean live = p != null && p.uid.equals(f.uid);
            f.outOfInformerAtEnd = !live || "true".equals(p.labels.get(K8s.LABEL_COMPLETED));
            f.af005 = f.leftMissingFirstAt >= 0 && f.outOfInformerAtEnd && latestForNode(f) && !f.nodePersistedFulfilled
                    && ("Pending".equals(f.persistedPhase) || "Running".equals(f.persistedPhase)) && f.workflowDeletedAt < 0
                    && f.workflowDeletionRequestedAt < 0;
            f.finalizerHeldAtEnd = p != null && p.uid.equals(f.uid) && p.hasStatusFinalizer();
            if (f.firstDeletionAt >= 0 && f.finalizerHeldAtEnd) {
                long last = p.lastTransition();
                long due = f.firstDeletionAt;
                if (last >= 0) {
                    long delay = Math.max(podGcDelay(f.podGcAnnotation), MINIMUM_DELAY);
                    due = Math.max(due, last * Go.SECOND + delay);
                }
                f.releaseDueAt = due;
                f.af004 = end - due > STUCK_AFTER;
            }
        }
    }

    /** AF003's threshold: the rule's default {@code --stall-threshold}. */
    static final long STALL_THRESHOLD = 2 * Go.MINUTE;

    /**
     * AF003 (per Workflow): a pod event handler saw one of the Workflow's Pods deleted while the Workflow needed reconciling
     * (it existed, not being deleted, not completed), and no Workflow worker took it up for too long around it: the Workflow's
     * wait, from when it joined that process's queue (at the latest the deletion's own event) to the next take-up by any
     * process (else its deletion, its completion stored by a pass under way at the deletion, or the end of the evidence), was
     * longer than the threshold; or the process had no Workflow
     * workers at all (no worker could take it up) and no take-up came at the same moment. A wait ended by the Workflow's
     * deletion within the threshold is not one: nothing waited for a worker after it.
     */
    private static void af003(WorkflowFacts w, long end) {
        for (DeletionSeen d : w.deletionsSeen) {
            long next = -1;
            for (long p : w.passes) {
                if (p > d.at()) {
                    next = p;
                    break;
                }
            }
            long stop = next >= 0 ? next : end;
            String until = next >= 0 ? "next taken up " + Go.rfc3339Nano(next) : "not taken up again";
            for (long x : new long[] {w.deletionRequestedAt, w.deletedAt}) {
                if (x >= d.at() && x < stop) {
                    stop = x;
                    until = "the Workflow deleted " + Go.rfc3339Nano(x);
                }
            }
            // A pass under way at the deletion that stored the Workflow completed: nothing waited for a worker after it.
            if (w.completedPersistedAt >= d.at() && w.completedPersistedAt < stop) {
                stop = w.completedPersistedAt;
                until = "the Workflow stored completed " + Go.rfc3339Nano(stop);
            }
            long waited = stop - d.queuedSince();
            if (waited > STALL_THRESHOLD || (d.workers() == 0 && stop > d.at())) {
                w.af003 = true;
                w.stallEndedAt = stop < end ? stop : -1;
                w.stallFrom = d.at();
                w.stall = "pod " + d.pod() + " deletion seen by " + d.process() + " (workflowWorkers=" + d.workers() + ") at "
                        + Go.rfc3339Nano(d.at()) + ", queued since " + Go.rfc3339Nano(d.queuedSince()) + ", " + until + ", waited "
                        + Go.duration(waited);
                return;
            }
        }
    }

    /** The Pod is the latest created for its node (no Pod was created again for the node after it). */
    private boolean latestForNode(PodFacts f) {
        Map<String, PodFacts> nodes = byNode.get(f.namespace + "/" + f.workflow);
        return nodes != null && nodes.get(f.nodeId) == f;
    }

    /** The earliest of the times that are set (>= 0), or -1. */
    private static long earliest(long... times) {
        long min = -1;
        for (long t : times) {
            if (t >= 0 && (min < 0 || t < min)) {
                min = t;
            }
        }
        return min;
    }

    /** The annotation's duration after the first "/"; -1 when the annotation or its duration is absent. */
    static long podGcDelay(String annotation) {
        if (annotation == null) {
            return -1;
        }
        int slash = annotation.indexOf('/');
        if (slash < 0 || slash == annotation.length() - 1) {
            return -1;
        }
        return parseDuration(annotation.substring(slash + 1));
    }

    /** Go duration syntax as written in specs: {@code 5m}, {@code 30s}, {@code 1m30s}, {@code 0s}. */
    static long parseDuration(String s) {
        long total = 0;
        int i = 0;
        while (i < s.length()) {
            int j = i;
            while (j < s.length() && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                j++;
            }
            double v = Double.parseDouble(s.substring(i, j));
            int k = j;
            while (k < s.length() && !Character.isDigit(s.charAt(k))) {
                k++;
            }
            String unit = s.substring(j, k);
            long mult = switch (unit) {
                case "h" -> 3600 * Go.SECOND;
                case "m" -> Go.MINUTE;
                case "s" -> Go.SECOND;
                case "ms" -> Go.MILLI;
                default -> throw new IllegalArgumentException("duration " + s);
            };
            total += (long) (v * mult);
            i = k;
        }
        return total;
    }

    private static String t(long nanos) {
        return nanos < 0 ? null : Go.rfc3339Nano(nanos);
    }

    void write(Path file) {
        ObjectMapper json = new ObjectMapper();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (PodFacts f : byUid.values()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("namespace", f.namespace);
                m.put("name", f.name);
                m.put("uid", f.uid);
                m.put("workflow", f.workflow);
                m.put("workflowUid", f.workflowUid);
                m.put("nodeId", f.nodeId);
                m.put("nodeName", f.nodeName);
                m.put("class", f.cls);
                m.put("ofInterest", f.ofInterest);
                m.put("template", f.template);
                m.put("controller", f.controller);
                m.put("release", f.release);
                if (f.hostNode != null) {
                    m.put("hostNode", f.hostNode);
                    m.put("nodeClockOffsetNanos", f.nodeClockOffsetNanos);
                    if (f.nodeClockCorrection != null) {
                        NodeClocks.Correction c = f.nodeClockCorrection;
                        Map<String, Object> cm = new LinkedHashMap<>();
                        cm.put("at", c.at());
                        cm.put("slewPerMillion", c.slewPerMillion());
                        cm.put("after", c.after());
                        if (c.away()) {
                            cm.put("away", true);
                        }
                        m.put("nodeClockCorrection", cm);
                    }
                }
                Map<String, Object> expected = new LinkedHashMap<>();
                expected.put("AF001", f.af001);
                expected.put("AF002", f.af002);
                expected.put("AF004", f.af004);
                expected.put("AF005", f.af005);
                expected.put("AF006", f.af006);
                expected.put("AF007", f.af007);
                expected.put("AF008", f.af008);
                expected.put("AF010", f.af010);
                expected.put("AF011", f.af011);
                expected.put("AF016", f.af016);
                m.put("expected", expected);
                m.put("af001DelayNanos", f.af001 ? f.removalDelayNanos : null);
                m.put("af001SameDueDelays", f.af001 ? f.removalSameDueDelays : List.of());
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("podGcAnnotation", f.podGcAnnotation);
                facts.put("createdAt", t(f.createdAt));
                facts.put("hadStatusFinalizer", f.hadStatusFinalizer);
                facts.put("mainStartedAt", t(f.mainStartedAt));
                facts.put("mainFinishedAt", t(f.mainFinishedAt));
                facts.put("mainExitCode", f.mainExit);
                facts.put("waitFinishedAt", t(f.waitFinishedAt));
                facts.put("waitExitCode", f.waitExit);
                facts.put("deletionRequestedAt", t(f.firstDeletionAt));
                facts.put("deletionRequestedBy", f.firstDeletionBy);
                facts.put("deletionGrace", f.firstDeletionGrace < 0 ? null : f.firstDeletionGrace);
                facts.put("deletions", f.deletions);
                facts.put("finalizerRemovedAt", t(f.finalizerRemovedAt));
                facts.put("finalizerRemovedBy", f.finalizerRemovedBy);
                facts.put("finalizerRemovalDelayNanos", f.removalDelayNanos);
                facts.put("workflowExistedAtRemoval", f.finalizerRemovedAt < 0 ? null : f.workflowExistedAtRemoval);
                facts.put("nodePersistedPhaseAtRemoval", f.nodePersistedPhaseAtRemoval);
                facts.put("nodeFirstPersistedFulfilledAt", t(f.nodeFirstPersistedFulfilledAt));
                facts.put("finalNodePhase", f.persistedPhase);
                facts.put("finalNodeMessage", f.persistedMessage);
                facts.put("workflowDeletionRequestedAt", t(f.workflowDeletionRequestedAt));
                facts.put("workflowDeletedAt", t(f.workflowDeletedAt));
                facts.put("goneAt", t(f.goneAt));
                facts.put("finalizerHeldAtEnd", f.finalizerHeldAtEnd);
                facts.put("releaseDueAt", t(f.releaseDueAt));
                facts.put("exitCodesExported", f.exitCodesExported);
                facts.put("taskResultCreatedAt", t(f.resultCreatedAt));
                facts.put("taskResultLabelledCompletedAt", t(f.resultLabelTrueAt));
                facts.put("taskResultForcedAt", t(f.resultForcedAt));
                facts.put("taskResultForcedBy", f.resultForcedBy);
                facts.put("taskResultGoneAt", t(f.resultGoneAt));
                facts.put("taskResultBlockedFirstAt", t(f.resultBlockedFirstAt));
                facts.put("taskResultBlockedPasses", f.resultBlockedPasses);
                if (f.outputsHeldPasses > 0) {
                    facts.put("outputsHeldPasses", f.outputsHeldPasses);
                }
                facts.put("podDeletedMarks", f.podDeletedMarks);
                facts.put("falsePodDeletedAt", t(f.falsePodDeletedAt));
                facts.put("taskResultWriteRefusedAt", t(f.resultWriteRefusedAt));
                facts.put("killRoundFoundRunningAt", t(f.killRoundFoundRunningAt));
                facts.put("killRoundFoundRunning", f.killRoundFoundRunning);
                facts.put("mainSignalledByControllerAt", t(f.mainSignalledByControllerAt));
                facts.put("mainSignalledByKubeletAt", t(f.mainSignalledByKubeletAt));
                facts.put("mainSignalledAtDeadlineAt", t(f.mainSignalledAtDeadlineAt));
                if (f.mainAnsweredDeletionAt >= 0) {
                    // Only where it happened, so every other Pod's line stays as it was.
                    facts.put("mainAnsweredDeletionAt", t(f.mainAnsweredDeletionAt));
                }
                facts.put("restartedByControllerAt", t(f.restartedByControllerAt));
                facts.put("leftMissingFirstAt", t(f.leftMissingFirstAt));
                facts.put("leftMissingPasses", f.leftMissingPasses);
                facts.put("outOfInformerAtEnd", f.outOfInformerAtEnd);
                m.put("facts", facts);
                w.write(json.writeValueAsString(m));
                w.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line per Workflow: identity, class, the verdicts of the Workflow-level rules, facts. */
    void writeWorkflows(Path file) {
        ObjectMapper json = new ObjectMapper();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (WorkflowFacts f : workflowsByUid.values()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("namespace", f.namespace);
                m.put("name", f.name);
                m.put("uid", f.uid);
                m.put("class", f.cls);
                m.put("controller", f.controller);
                m.put("release", f.release);
                Map<String, Object> expected = new LinkedHashMap<>();
                expected.put("AF003", f.af003);
                expected.put("AF009", f.af009);
                expected.put("AF012", f.af012);
                expected.put("AF013", f.af013);
                expected.put("AF014", f.af014);
                expected.put("AF015", f.af015);
                m.put("expected", expected);
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("createdAt", t(f.createdAt));
                facts.put("completedPersistedAt", t(f.completedPersistedAt));
                facts.put("completedPhase", f.completedPhase);
                facts.put("regressedAt", t(f.regressedAt));
                facts.put("regressions", f.regressions);
                facts.put("deletionRequestedAt", t(f.deletionRequestedAt));
                facts.put("deletionRequestedBy", f.deletionRequestedBy);
                facts.put("deletedAt", t(f.deletedAt));
                facts.put("processes", f.processedBy.size());
                facts.put("overlap", f.overlap);
                facts.put("stall", f.stall);
                facts.put("stallEndedAt", t(f.stallEndedAt));
                facts.put("stallFrom", t(f.stallFrom));
                facts.put("sizeFailures", f.sizeFailures);
                facts.put("lockReleaseLostAt", f.lockReleaseLostAt);
                facts.put("lockRefusedAfterCompletion", f.lockRefused);
                facts.put("actedAfterCompletion", f.actedAfterCompletion);
                facts.put("staleCopiesGuarded", f.staleCopiesGuarded);
                m.put("facts", facts);
                w.write(json.writeValueAsString(m));
                w.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
    /** The Pod-level rules of the truth; a Pod whose lines an excerpt cut is capped at {@code possible} for all of them. */
    /** A node's message for main ended by a signal: {@code [<container>: ]Error (exit code 137|143)}, as AF007 reads it. */
    private static final java.util.regex.Pattern KILL_EXIT = java.util.regex.Pattern.compile("^(?:[^:]+: )?Error \\(exit code (?:137|143)\\)(?::.*)?$");

    static final List<String> POD_RULES = List.of("AF001", "AF002", "AF004", "AF005", "AF006", "AF007", "AF008", "AF010", "AF011", "AF016");
    static final List<String> WORKFLOW_RULES = List.of("AF003", "AF009", "AF012", "AF013", "AF014", "AF015");

    /**
     * The truth of an excerpt ({@link Excerpt}) of one controller's log, from the whole corpus's truth: what happened
     * did not change, what the evidence shows did.
     *
     * <ul>
     * <li>A Pod (Workflow) of that controller is scored only if a line of the excerpt names it; the others are left out
     * (nothing of them is in the evidence, and the excerpt has no exports).</li>
     * <li>Its expected verdicts are the whole truth's: a race is still a race, and a clearance of it is a miss.</li>
     * <li>Some line of the controller's whole log (every file of it) that is the Pod's or its Workflow's is not in the
     * excerpt: evidence was cut away, the best honest confidence is {@code possible} for every rule
     * ({@code capPossible}); a {@code confirmed} or {@code likely} finding on it goes beyond the evidence. Where the name
     * was used by another Pod (Workflow) before or after it, the lines naming it are told apart by when they were written
     * ({@link OwnLines}): the lines cut of an earlier Pod of the name are not this Pod's.</li>
     * <li>Every such line survives (the grepped incident, its file holding all its lines): AF001 alone is capped, as its
     * verdict also reads the records that name nothing (whether the stall or restart that lets the release go
     * unpersisted is in the log; the gaps StreamExtents reads in them), which the excerpt thinned out.</li>
     * <li>AF004 (a finalizer stuck after its release failed) is capped only where a line from the Pod's deletion request
     * on was cut: its claim is the failing release and no release after it to the end of the log, and the Pod's (or its
     * Workflow's) earlier lines, cut by a {@code head}, do not bear on it.</li>
     * </ul>
     *
     * The class is {@code excerpt-<shape>} for the grepped Workflow's Pods, {@code excerpt-<shape>-edge} for the others
     * (those in the head or tail piece); {@code originalClass} keeps the plan's.
     */
    static void writeExcerpt(Path dir, String shape, JsonNode incident, List<JsonNode> pods, List<JsonNode> workflows, String controller,
                             List<String> whole, List<String> excerpt) {
        String grepped = incident.path("namespace").asText() + "/" + incident.path("workflow").asText();
        OwnLines.Lives lives = new OwnLines.Lives(pods, workflows, controller);
        OwnLines wholeLines = new OwnLines(whole);
        OwnLines excerptLines = new OwnLines(excerpt);
        List<String> podLines = new ArrayList<>();
        for (JsonNode p : pods) {
            if (!controller.equals(p.path("controller").asText())) {
                continue;
            }
            String name = p.path("name").asText();
            String wf = p.path("workflow").asText();
            long kept = excerpt.stream().filter(l -> l.contains(name)).count();
            if (kept == 0) {
                continue;
            }
            OwnLines.Life life = lives.pod(p);
            OwnLines.Life workflowLife = lives.workflowOf(p);
            boolean cut = excerptLines.count(name, life, wf, workflowLife) < wholeLines.count(name, life, wf, workflowLife);
            // AF004's claim (the release failing, and none after it to the log's end) rests on the lines from the
            // deletion's request on; lines of the Pod's earlier life cut away do not take its evidence.
            long requested = OwnLines.nanosOf(p.path("facts").path("deletionRequestedAt"));
            boolean cutSinceDeletion = requested == OwnLines.UNKNOWN || cut && OwnLines.cutSince(excerptLines, wholeLines, requested, name, life, wf, workflowLife);
            boolean own = grepped.equals(p.path("namespace").asText() + "/" + wf);
            ObjectNode o = ((ObjectNode) p).deepCopy();
            o.put("originalClass", p.path("class").asText());
            o.put("class", "excerpt-" + shape + (own ? "" : "-edge"));
            ArrayNode cap = o.putArray("capPossible");
            // Session 49: AF011's claim is a line that states the refusal (the node's message, naming the Pod): where the excerpt
            // keeps such lines, every one of them, the Pod's other lines cut away do not take its evidence.
            boolean refusalCut = cut && !OwnLines.keptAllWith(excerptLines, wholeLines, "forbidden", name, life);
            (cut ? POD_RULES : List.of("AF001")).stream()
                    .filter(rule -> cutSinceDeletion || !"AF004".equals(rule))
                    .filter(rule -> refusalCut || !"AF011".equals(rule))
                    .forEach(cap::add);
            podLines.add(o.toString());
        }
        List<String> wfLines = new ArrayList<>();
        for (JsonNode w : workflows) {
            if (!controller.equals(w.path("controller").asText())) {
                continue;
            }
            String name = w.path("name").asText();
            if (excerpt.stream().noneMatch(l -> l.contains(name))) {
                continue;
            }
            OwnLines.Life life = lives.workflow(w);
            boolean cut = excerptLines.count(name, life, name, life) < wholeLines.count(name, life, name, life);
            // Session 49: AF003's claim (a pod deletion seen, then no take-up of the Workflow until a later one, whose phase shows
            // it still active) rests on the Workflow's lines from the deletion to the wait's end and the take-up's own line: those
            // before (its first passes, in the earlier rotated piece) and after (the rest of that pass and later, in the next
            // piece) do not take its evidence. Lines are stamped at their millisecond, at or after the model's moment: the
            // take-up's line is a `Processing workflow` of the Workflow within a second from the end's millisecond. Either end
            // unknown: the Workflow's whole life. Session 55: lines of the wait cut BEFORE the first one the excerpt kept (a tail
            // starting after the deletion was first seen) do not cap it (its start known): the excerpt's own wait starts at its first line and
            // runs whole to the take-up, a shorter wait than the true one and inside it; a line cut after that first kept one does.
            long stallEnd = OwnLines.nanosOf(w.path("facts").path("stallEndedAt"));
            long stallFrom = OwnLines.nanosOf(w.path("facts").path("stallFrom"));
            long endMs = stallEnd == OwnLines.UNKNOWN ? 0 : Math.floorDiv(stallEnd, 1_000_000L) * 1_000_000L;
            OwnLines.Life wait = new OwnLines.Life(stallFrom == OwnLines.UNKNOWN ? life.from()
                    : Math.max(life.from(), Math.floorDiv(stallFrom, 1_000_000L) * 1_000_000L), life.to());
            OwnLines.Life untilEnd = new OwnLines.Life(wait.from(), Math.min(wait.to(), endMs));
            boolean cutToStallEnd = cut && (stallEnd == OwnLines.UNKNOWN
                    || (stallFrom == OwnLines.UNKNOWN ? OwnLines.cutWithin(excerptLines, wholeLines, untilEnd, name)
                            : OwnLines.cutAfterFirstKept(excerptLines, wholeLines, untilEnd, name))
                    || OwnLines.lostWith(excerptLines, wholeLines, "Processing workflow", name, new OwnLines.Life(endMs, endMs + Go.SECOND)));
            boolean own = grepped.equals(w.path("namespace").asText() + "/" + name);
            ObjectNode o = ((ObjectNode) w).deepCopy();
            o.put("originalClass", w.path("class").asText());
            o.put("class", "excerpt-" + shape + (own ? "" : "-edge"));
            ArrayNode cap = o.putArray("capPossible");
            if (cut) {
                WORKFLOW_RULES.stream().filter(rule -> cutToStallEnd || !"AF003".equals(rule)).forEach(cap::add);
            }
            wfLines.add(o.toString());
        }
        try {
            Files.write(dir.resolve("truth.jsonl"), podLines, StandardCharsets.UTF_8);
            Files.write(dir.resolve("truth-workflows.jsonl"), wfLines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
