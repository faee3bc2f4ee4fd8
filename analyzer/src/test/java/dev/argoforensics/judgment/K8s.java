package dev.argoforensics.judgment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects of the simulated cluster: Pods, Workflows (with their persisted node status) and
 * WorkflowTaskResults, as mutable records with a copy for every watch event and export. Times of
 * Kubernetes fields are whole seconds (metav1.Time); the simulation's own times are nanoseconds.
 */
final class K8s {
    static final String STATUS_FINALIZER = "workflows.argoproj.io/status";
    static final String LABEL_WORKFLOW = "workflows.argoproj.io/workflow";
    static final String LABEL_COMPLETED = "workflows.argoproj.io/completed";
    static final String LABEL_INSTANCE = "workflows.argoproj.io/controller-instanceid";
    static final String ANN_NODE_NAME = "workflows.argoproj.io/node-name";
    static final String ANN_NODE_ID = "workflows.argoproj.io/node-id";
    static final String ANN_POD_GC = "workflows.argoproj.io/pod-gc-strategy";

    private K8s() {
    }

    static long sec(long nanos) {
        return Math.floorDiv(nanos, Go.SECOND);
    }

    static boolean terminal(String phase) {
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    static final class Cond {
        final String type;
        String status;
        String reason;
        String message;
        long lastTransition;

        Cond(String type, String status, String reason, String message, long lastTransition) {
            this.type = type;
            this.status = status;
            this.reason = reason;
            this.message = message;
            this.lastTransition = lastTransition;
        }

        Cond copy() {
            return new Cond(type, status, reason, message, lastTransition);
        }
    }

    /** A container's status: waiting, running or terminated. */
    static final class Ctr {
        final String name;
        String state = "waiting";
        String waitingReason = "ContainerCreating";
        Long startedAt;
        Long finishedAt;
        Integer exitCode;
        String reason;
        String containerId;
        /** The termination message (terminated only), or null. */
        String message;
        /** Simulation only: when it finished, in ns, on its node's clock (session 55, NodeClocks; the truth keeps the true time). */
        long finishedNanos = -1;

        Ctr(String name) {
            this.name = name;
        }

        Ctr copy() {
            Ctr c = new Ctr(name);
            c.state = state;
            c.waitingReason = waitingReason;
            c.startedAt = startedAt;
            c.finishedAt = finishedAt;
            c.exitCode = exitCode;
            c.reason = reason;
            c.containerId = containerId;
            c.message = message;
            c.finishedNanos = finishedNanos;
            return c;
        }

        boolean terminated() {
            return "terminated".equals(state);
        }

        boolean running() {
            return "running".equals(state);
        }
    }

    static final class Pod {
        String namespace;
        String name;
        String uid;
        String workflow;
        String workflowUid;
        boolean ownerRef = true;
        final Map<String, String> labels = new TreeMap<>();
        final Map<String, String> annotations = new TreeMap<>();
        final List<String> finalizers = new ArrayList<>();
        String hostNode;
        String nodePool = "general";
        String hostIp;
        String podIp;
        Long deletionTimestamp;
        Long deletionGrace;
        String phase = "Pending";
        final Map<String, Cond> conditions = new LinkedHashMap<>();
        /**
         * The executor's container, or null: a {@code resource} or {@code data} template's Pod has none (its main container is
         * the executor, {@code argoexec resource} or {@code argoexec data}; {@code workflowpod.go} adds {@code wait} only to the
         * other templates' Pods, v3.4.0-v4.1).
         */
        Ctr wait = new Ctr("wait");
        Ctr main = new Ctr("main");
        /** The template's type: {@code container} (every Pod before session 32), {@code resource} or {@code data}. */
        String template = Step.CONTAINER;
        /** A resource template's action, main's {@code argoexec resource <action>} (session 37: {@code get} as well). */
        String resourceAction = "create";
        /** A sidecar container (a second, non-main container), or null. */
        Ctr sidecar;
        String sidecarImage;
        long resourceVersion;
        long creation;
        long startTime = -1;
        /**
         * Session 57: when the kubelet last wrote the Pod's status (the model's time, the API server's clock), -1 before: the time of
         * the {@code kubelet} entry ({@code subresource: status}) of {@code metadata.managedFields}, which an export shows only when
         * asked ({@code --show-managed-fields}; {@code kubectl get} leaves them out since 1.21). Every write counts (the API server
         * moves an entry's time only when the write changes a value the manager owns: the model's time is no earlier, only looser).
         */
        long kubeletWrite = -1;
        int terminationGrace = 30;
        String image = "busybox:1.37";
        String executorImage;
        String serviceAccount = "workflow-runner";
        List<String> args = List.of();
        /** {@code status.reason} and {@code status.message} (the kubelet's, for a Pod it failed: {@code Evicted}, ...), or null. */
        String statusReason;
        String statusMessage;
        /** The executor's {@code ARGO_DEADLINE} (ns; the Workflow's deadline when it has one), or -1. */
        long argoDeadline = -1;

        String key() {
            return namespace + "/" + name;
        }

        boolean hasStatusFinalizer() {
            return finalizers.contains(STATUS_FINALIZER);
        }

        /** max(status.conditions[*].lastTransitionTime) in seconds, or -1 without conditions. */
        long lastTransition() {
            long max = -1;
            for (Cond c : conditions.values()) {
                max = Math.max(max, c.lastTransition);
            }
            return max;
        }

        String nodeId() {
            return annotations.get(ANN_NODE_ID);
        }

        /** main and, when the Pod has one, wait (the containers {@code inferFailedReason} weighs besides sidecars). */
        List<Ctr> execCtrs() {
            return wait == null ? List.of(main) : List.of(main, wait);
        }

        Pod copy() {
            Pod p = new Pod();
            p.namespace = namespace;
            p.name = name;
            p.uid = uid;
            p.workflow = workflow;
            p.workflowUid = workflowUid;
            p.ownerRef = ownerRef;
            p.labels.putAll(labels);
            p.annotations.putAll(annotations);
            p.finalizers.addAll(finalizers);
            p.hostNode = hostNode;
            p.nodePool = nodePool;
            p.hostIp = hostIp;
            p.podIp = podIp;
            p.deletionTimestamp = deletionTimestamp;
            p.deletionGrace = deletionGrace;
            p.phase = phase;
            conditions.forEach((k, c) -> p.conditions.put(k, c.copy()));
            p.wait = wait == null ? null : wait.copy();
            p.main = main.copy();
            p.template = template;
            p.resourceAction = resourceAction;
            p.sidecar = sidecar == null ? null : sidecar.copy();
            p.sidecarImage = sidecarImage;
            p.resourceVersion = resourceVersion;
            p.creation = creation;
            p.startTime = startTime;
            p.kubeletWrite = kubeletWrite;
            p.terminationGrace = terminationGrace;
            p.image = image;
            p.executorImage = executorImage;
            p.serviceAccount = serviceAccount;
            p.args = args;
            p.statusReason = statusReason;
            p.statusMessage = statusMessage;
            p.argoDeadline = argoDeadline;
            return p;
        }

        void condition(String type, String status, String reason, String message, long atSec) {
            Cond c = conditions.get(type);
            if (c == null) {
                conditions.put(type, new Cond(type, status, reason, message, atSec));
            } else {
                if (!c.status.equals(status)) {
                    c.lastTransition = atSec;
                }
                c.status = status;
                c.reason = reason;
                c.message = message;
            }
        }
    }

    /** A Workflow's podGC: strategy and deleteDelayDuration as written in the spec (both may be empty). */
    record PodGc(String strategy, String deleteDelay) {
        static final PodGc NONE = new PodGc("", "");

        boolean set() {
            return !strategy.isEmpty();
        }

        /** The Pod annotation {@code <strategy>/<delay>}, written only when spec.podGC is set. */
        String annotation() {
            return strategy + "/" + deleteDelay;
        }
    }

    /** One step of a Workflow: what its Pod's main container will do. */
    static final class Step {
        /** {@link #type}: a container (or script) template, whose Pod has {@code wait}. */
        static final String CONTAINER = "container";
        /** {@link #type}: a resource template ({@code argoexec resource <action>} as main, no {@code wait}). */
        static final String RESOURCE = "resource";
        /** {@link #type}: a data template ({@code argoexec data} as main, no {@code wait}). */
        static final String DATA = "data";

        String template;
        /** The template's type (session 32): {@link #CONTAINER}, {@link #RESOURCE} or {@link #DATA}. */
        String type = CONTAINER;
        long mainDuration;
        /** Absolute time main should finish at (for Pods of interest), or -1 to use the duration. */
        long finishAt = -1;
        int exitCode;
        /**
         * What main does on SIGTERM: 0 dies of it (emissary reports 137), 1 exits 143 itself, 2 ignores it (SIGKILL at grace),
         * 3 traps it, cleans up and exits 0 ({@link #TERM_TRAP_EXIT_0}).
         */
        int onTerm;
        /** What the executor (wait) does once main has exited: {@link #WAIT_NORMAL}, {@link #WAIT_REPORT_LOST}, {@link #WAIT_OOM_KILLED}. */
        int waitFate = WAIT_NORMAL;
        /**
         * Session 34: the template declares a required (non-optional) output artifact its executor never reports: a data template's
         * ({@code argoexec data} reports {@code outputs.result} alone), as in argoproj/argo-workflows#14990's example. The result is
         * completed without it, and from v3.6.11 ({@link Release#outputsCheck}) the controller keeps the node in its phase for good.
         */
        boolean missingOutputArtifact;
        /**
         * Session 37: the template declares output parameters (a container's {@code valueFrom.path}, a resource template's
         * {@code valueFrom.jsonPath}); its executor reports them with the result, so they are on the node once the completed result
         * reaches the controller's task-result informer, and from v3.6.11 ({@link Release#outputsCheck}) a Succeeded Pod's node is
         * kept in its phase until then (argoproj/argo-workflows#14625).
         */
        boolean declaresOutputParameters;
        /** A resource template's {@code resource.action} ({@code argoexec resource <action>}): {@code create} unless set. */
        String resourceAction = "create";
        /** A sidecar: null for none, else its name; {@link #sidecarIgnoresTerm} whether it ignores SIGTERM (SIGKILL at the grace). */
        String sidecar;
        boolean sidecarIgnoresTerm;
        /** The Pod's service account (the Workflow's spec.serviceAccountName), or null for the default. */
        String serviceAccount;
        String podClass;
        /** Session 45: the DAG task's name (its node {@code <workflow>.<task>}); null: the template's name, as a step's. */
        String task;
        boolean ofInterest;
        /** The scheduler finds no node for the Pod (insufficient resources): it stays {@code Pending}, unscheduled. */
        boolean unschedulable;
        /** With {@link #unschedulable}: when room is made for it (the scheduler binds it at its next try after), or -1 for never. */
        long schedulableAt = -1;
        /**
         * Session 51: the kubelet's reading of the step's first Pod is rejected ({@link #rejectReason}), this class is the step's
         * from then on: the Pod v4's automatic restart creates again under the same name is of it ({@link ScenariosAutoRestart}).
         * Null: the class stays.
         */
        String classAfterReject;
        /**
         * The kubelet fails the step's first Pod before its containers start, with this {@code status.reason}
         * ({@code Evicted}, {@code NodeAffinity}, {@code UnexpectedAdmissionError}) and {@link #rejectMessage}; null for none.
         * A Pod created again for the node (v4's automatic restart) runs normally.
         */
        String rejectReason;
        String rejectMessage;

        /**
         * Draws a kubelet rejection of the step's first Pod before its containers start: a node affinity no longer met, a device
         * plugin's admission error, or an eviction for ephemeral storage (the last with the available quantity drawn too).
         */
        void drawRejection(Sim.Rng rng) {
            switch (rng.between(0, 4)) {
                case 0 -> {
                    rejectReason = "NodeAffinity";
                    rejectMessage = "Pod Predicate NodeAffinity failed";
                }
                case 1 -> {
                    rejectReason = "UnexpectedAdmissionError";
                    rejectMessage = "Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, "
                            + "which is unexpected";
                }
                default -> {
                    rejectReason = "Evicted";
                    rejectMessage = "The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: "
                            + rng.between(2_000_000, 9_900_000) + "Ki. ";
                }
            }
        }
        /**
         * Session 30: the other steps of its parallel group (Steps only; each its own template, so its own node and Pod name),
         * started with it and run at once; the group ends when all have.
         */
        final List<Step> parallel = new ArrayList<>();
        /**
         * Session 39: the template's {@code retryStrategy.limit} (-1: no retryStrategy). The step's node is then a {@code Retry}
         * node whose attempts {@code <node>(0)}, {@code <node>(1)}... are Pod nodes, each with its own Pod
         * ({@code GeneratePodName} over the attempt's node name: the same {@code <workflow>-<template>-} prefix).
         */
        int retryLimit = -1;
        /** {@code retryStrategy.retryPolicy}: {@code ""} (unset: {@code OnFailure}), {@code Always}, {@code OnError}, {@code OnFailure}. */
        String retryPolicy = "";
        /**
         * Session 40: {@code retryStrategy.backoff.duration} in seconds (0: no backoff) and {@code factor} (0: none): the next attempt
         * waits {@code duration * factor^(attempts - 1)} after the last one finished ({@code processNodeRetries}).
         */
        long backoffSeconds;
        int backoffFactor;
        /**
         * Session 43: {@code retryStrategy.backoff.maxDuration} in seconds (0: unset): no attempt after the first attempt's
         * {@code startedAt} + maxDuration, and no backoff that would end after it ({@code processNodeRetries}, every release).
         */
        long backoffMaxDurationSeconds;
        /** Session 43: {@code retryStrategy.backoff.cap} in seconds (0: unset): the wait's ceiling (v3.7.0+; v3.6 ignores it). */
        long backoffCapSeconds;
        /** What attempt 1, 2, ... do (this step is attempt 0's; the last one given stands for any later attempt). */
        final List<Step> attempts = new ArrayList<>();

        /** The step attempt {@code a} runs: this one for 0, else {@link #attempts}' (the last for any beyond them). */
        Step attempt(int a) {
            if (a <= 0 || attempts.isEmpty()) {
                return this;
            }
            return attempts.get(Math.min(a, attempts.size()) - 1);
        }

        /** {@code RetryPolicyActual}: unset is {@code OnFailure} (no expression is modelled). */
        String retryPolicyActual() {
            return retryPolicy.isEmpty() ? "OnFailure" : retryPolicy;
        }

        /** A resource or data template: its Pod runs main alone, with no {@code wait} container (session 32). */
        boolean noWait() {
            return !CONTAINER.equals(type);
        }
    }

    /** main traps SIGTERM and exits 0 (a graceful shutdown handler): the step ends "successfully" because it was stopped. */
    static final int TERM_TRAP_EXIT_0 = 3;

    /** wait labels its task result {@code report-outputs-completed: "true"} and exits 0. */
    static final int WAIT_NORMAL = 0;
    /** wait exits 0 but its deferred label patch was lost: the task result keeps {@code "false"} (#12103, #15034; cause inferred). */
    static final int WAIT_REPORT_LOST = 1;
    /** wait is OOMKilled (137) while it saves the outputs: the task result keeps {@code "false"}, the Pod ends Failed. */
    static final int WAIT_OOM_KILLED = 2;
    /**
     * wait labels its result completed (its deferred patch), but saving an output artifact failed: it exits 64 with that
     * error as its termination message (#14919's shape: exit 64 for a reason other than RBAC).
     */
    static final int WAIT_UPLOAD_FAILED = 3;

    static final class Spec {
        boolean steps;
        /**
         * Session 45: with {@link #steps}, the entrypoint is a DAG template instead: the first step and its {@code parallel} ones
         * are its tasks, none depending on another (a fan-out), all started in the first pass ({@link ScenariosRerun}).
         */
        boolean dag;
        /**
         * Session 46: with {@link #dag}, a DAG whose template sets {@code parallelism} and, or not, the template-level {@code failFast}
         * ({@link ScenariosDagGate}): the first step is a task the others depend on, the second and its {@code parallel} ones the
         * fan-out, started as the parallelism lets them. Null for every other Workflow.
         */
        Gate gate;
        final List<Step> stepList = new ArrayList<>();
        PodGc podGc = PodGc.NONE;
        long ttlAfterCompletion = -1;
        String entrypoint = "main";
        /** AF013 scenarios: bytes the status grows per second of the Workflow's run (outputs kept in the nodes), 0 for none. */
        long statusGrowthPerSecond;
        /** AF013 scenarios: the gzip ratio of the nodes' JSON (random outputs compress badly). */
        double compressionRatio = 0.15;
        /**
         * AF014 scenarios: the Workflow-level lock ({@code spec.synchronization}), {@code <ns>/Mutex/<name>} or
         * {@code <ns>/ConfigMap/<cm>/<key>}, null for none; its limit (1 for a mutex).
         */
        String lock;
        int lockLimit = 1;
        /** AF014's positive: the release at completion is lost (no release line; the holder stays in memory and in status). */
        boolean lockReleaseLost;
        /** {@code spec.activeDeadlineSeconds}, or -1 for none. */
        long activeDeadlineSeconds = -1;
    }

    /** Session 46: a gated DAG's template: its {@code parallelism} and whether it sets {@code failFast: true} (template-level). */
    static final class Gate {
        final int parallelism;
        final boolean failFast;

        Gate(int parallelism, boolean failFast) {
            this.parallelism = parallelism;
            this.failFast = failFast;
        }
    }

    static final class Node {
        String id;
        String name;
        String displayName;
        String type;
        String templateName;
        String phase;
        String message = "";
        Long startedAt;
        Long finishedAt;
        /** Simulation only: the finish in ns, for the v3 "finished:" line. */
        long finishedNanos;
        Boolean taskResultSynced;
        String boundaryId;
        final List<String> children = new ArrayList<>();
        String podName;
        String hostNode;
        Integer exitCode;
        int stepIndex = -1;
        /** Which step of its parallel group (0 the group's first, i its {@code parallel[i - 1]}). */
        int siblingIndex;
        /** Session 39: a retry attempt's number ({@code <retry node>(n)}), -1 for a node that is none. */
        int attempt = -1;
        boolean podCreated;
        /** v4's automatic restart: {@code failedPodRestarts}, {@code restartingPodUID} (null when none). */
        int failedPodRestarts;
        String restartingPodUid;

        Node copy() {
            Node n = new Node();
            n.id = id;
            n.name = name;
            n.displayName = displayName;
            n.type = type;
            n.templateName = templateName;
            n.phase = phase;
            n.message = message;
            n.startedAt = startedAt;
            n.finishedAt = finishedAt;
            n.finishedNanos = finishedNanos;
            n.taskResultSynced = taskResultSynced;
            n.boundaryId = boundaryId;
            n.children.addAll(children);
            n.podName = podName;
            n.hostNode = hostNode;
            n.exitCode = exitCode;
            n.stepIndex = stepIndex;
            n.siblingIndex = siblingIndex;
            n.attempt = attempt;
            n.podCreated = podCreated;
            n.failedPodRestarts = failedPodRestarts;
            n.restartingPodUid = restartingPodUid;
            return n;
        }

        boolean completedPhase() {
            return "Succeeded".equals(phase) || "Failed".equals(phase) || "Error".equals(phase) || "Skipped".equals(phase)
                    || "Omitted".equals(phase);
        }
    }

    static final class Status {
        String phase = "";
        String message = "";
        Long startedAt;
        Long finishedAt;
        final LinkedHashMap<String, Node> nodes = new LinkedHashMap<>();
        int currentStep = -1;
        /** {@code status.synchronization}: the lock this Workflow holds, or waits for (its own key is the holder). */
        String lockHeld;
        String lockWaiting;

        Status copy() {
            Status s = new Status();
            s.phase = phase;
            s.lockHeld = lockHeld;
            s.lockWaiting = lockWaiting;
            s.message = message;
            s.startedAt = startedAt;
            s.finishedAt = finishedAt;
            nodes.forEach((k, n) -> s.nodes.put(k, n.copy()));
            s.currentStep = currentStep;
            return s;
        }

        boolean completed() {
            return "Succeeded".equals(phase) || "Failed".equals(phase) || "Error".equals(phase);
        }
    }

    static final class Workflow {
        String namespace;
        String name;
        String uid;
        String instanceId;
        final Map<String, String> labels = new TreeMap<>();
        long resourceVersion;
        long creation;
        long generation = 1;
        Spec spec;
        Status status = new Status();
        /** Simulation only, not copied: the size of the update request this copy would make (AF013 scenarios). */
        long requestBytes;
        /** Seconds; set by a deletion the object's finalizers hold ({@code foregroundDeletion}, lifecycle A3), else null. */
        Long deletionTimestamp;
        final List<String> finalizers = new ArrayList<>();
        /** {@code spec.shutdown} ({@code Stop} after {@code argo stop}, {@code Terminate} after {@code argo terminate}), else null. */
        String shutdown;
        /**
         * The annotation {@code workflows.argoproj.io/pod-name-format} ({@code setWfPodNamesAnnotation} when the controller starts
         * the Workflow), written only by a controller with {@code POD_NAMES=v1} (session 40; the model leaves v2's out: null).
         */
        String podNameFormat;

        String key() {
            return namespace + "/" + name;
        }

        boolean completedLabel() {
            return "true".equals(labels.get(LABEL_COMPLETED));
        }

        /**
         * A Workflow of this one's name, namespace, instance and labels under {@code newUid}, nothing else carried over (spec and
         * status are the caller's): a later one of the name (a resubmission after this one was deleted), or the start of a copy.
         */
        Workflow namesake(String newUid) {
            Workflow w = new Workflow();
            w.namespace = namespace;
            w.name = name;
            w.uid = newUid;
            w.instanceId = instanceId;
            w.labels.putAll(labels);
            return w;
        }

        Workflow copy() {
            Workflow w = namesake(uid);
            w.resourceVersion = resourceVersion;
            w.creation = creation;
            w.generation = generation;
            w.spec = spec;
            w.status = status.copy();
            w.deletionTimestamp = deletionTimestamp;
            w.finalizers.addAll(finalizers);
            w.shutdown = shutdown;
            w.podNameFormat = podNameFormat;
            return w;
        }
    }

    static final class TaskResult {
        String namespace;
        String name;
        String workflow;
        String instanceId;
        String workflowUid;
        boolean completed;
        long resourceVersion;
        long creation;

        String key() {
            return namespace + "/" + name;
        }

        TaskResult copy() {
            TaskResult t = new TaskResult();
            t.workflowUid = workflowUid;
            t.creation = creation;
            t.namespace = namespace;
            t.name = name;
            t.workflow = workflow;
            t.instanceId = instanceId;
            t.completed = completed;
            t.resourceVersion = resourceVersion;
            return t;
        }
    }
}
