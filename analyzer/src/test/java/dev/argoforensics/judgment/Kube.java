package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Ctr;
import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.TaskResult;
import dev.argoforensics.judgment.K8s.Workflow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The cluster: the API server's semantics that matter here (lifecycle-and-failures.md A1-A4), the
 * scheduler, each node's kubelet and the garbage collector.
 *
 * <ul>
 *   <li>Graceful deletion: {@code deletionTimestamp} = request + grace; grace forced to 0 for a
 *       terminal or unscheduled Pod; a later shorter grace moves it ({@code old - g + g2} up to
 *       1.32, never into the past from 1.33, with grace 1 if clamped and g2 > 0).</li>
 *   <li>Finalizers hold the object; an update that empties them deletes it only if
 *       {@code deletionTimestamp} is set and the grace is 0 or unset.</li>
 *   <li>Patches with a resourceVersion fail with Conflict when it is stale.</li>
 *   <li>Watches: ADDED / MODIFIED / DELETED per watcher's selector, leaving the selector is a
 *       DELETED with the previous content.</li>
 *   <li>Kubelet: SIGTERM at deletion, SIGKILL at grace, main's exit code per the emissary caveat,
 *       wait exits 0, the phase written before the final grace-0 delete with a UID precondition. A Pod never bound
 *       to a node has no kubelet: its deletion is PodGC's ({@code gcUnscheduledTerminating}, every 20 s).</li>
 *   <li>Garbage collector: background deletion of a deleted Workflow's Pods (UID precondition,
 *       spec grace), or orphaning them.</li>
 * </ul>
 */
final class Kube {
    enum Result {
        OK, CONFLICT, NOT_FOUND
    }

    /**
     * Who released the status finalizer, for the truth file: the path, and the delay of the
     * {@code queuing pod delay} line whose add made the cleanup item due. {@code sameDue} holds the
     * delays of later lines for the same key that the queue merged into it (same due time, or an
     * immediate add while the item already waited to be processed).
     */
    record Origin(String path, Long delayNanos, long queuedAt, List<Long> sameDue) {
        static final Origin NONE = new Origin("other", null, -1, List.of());

        Origin(String path, Long delayNanos, long queuedAt) {
            this(path, delayNanos, queuedAt, List.of());
        }

        Origin merged(Origin later) {
            if (later == null || later.delayNanos() == null || !path.equals(later.path())) {
                return this;
            }
            List<Long> all = new ArrayList<>(sameDue);
            all.add(later.delayNanos());
            return new Origin(path, delayNanos, queuedAt, all);
        }
    }

    interface PodWatch {
        boolean matches(Pod p);

        /** type A, M or D; {@code old} is null for A. Called at the write; the watcher adds its own latency. */
        void event(char type, Pod old, Pod cur);
    }

    interface WorkflowWatch {
        boolean matches(Workflow w);

        void event(char type, Workflow old, Workflow cur);
    }

    interface TaskResultWatch {
        boolean matches(TaskResult t);

        void event(char type, TaskResult cur);
    }

    /** What the kubelet knows of a Pod it runs. */
    private static final class Running {
        final String uid;
        final String key;
        final K8s.Step step;
        final Ctr main = new Ctr("main");
        /** The executor's container, or null for a resource or data template's Pod (session 32: main is the executor). */
        final Ctr wait;
        /** The sidecar, or null (ScenariosContainers). */
        final Ctr sidecar;
        boolean started;
        /** The node it was bound to (its kubelet's clock: {@link NodeClocks}), or null before binding. */
        String node;
        boolean deletionSeen;
        boolean finalDeleteSent;
        boolean statusTerminalPosted;
        long mainStartNanos;
        /** Its node is gone (the machine lost): nothing of this kubelet runs or writes any more. */
        boolean lost;
        /**
         * Its kubelet is down for a while (session 30, {@link #kubeletDown}): the containers run on and end as they would, the
         * executor in {@code wait} still writes its task result, but nothing of the kubelet's reaches the API server (status,
         * the sandbox, the final delete) and it does not act on a deletion until it is back ({@link #kubeletBack}).
         */
        boolean paused;
        /**
         * The kubelet stopping the Pod on its own account (a node-pressure eviction, a graceful node shutdown): the terminal
         * status it writes ({@code Failed}, {@code status.reason}, {@code status.message}, {@code DisruptionTarget}
         * {@code TerminationByKubelet}), else null.
         */
        String endReason;
        String endMessage;
        /** The {@code DisruptionTarget} condition's message where it is not {@link #endMessage} (the kubelet's preemption), else null. */
        String endConditionMessage;

        Running(Pod p, K8s.Step step) {
            this.uid = p.uid;
            this.key = p.key();
            this.step = step;
            this.sidecar = step.sidecar == null ? null : new Ctr(step.sidecar);
            this.wait = step.noWait() ? null : new Ctr("wait");
        }

        /** main and wait (wait absent for a resource or data template's Pod). */
        List<Ctr> execCtrs() {
            return wait == null ? List.of(main) : List.of(main, wait);
        }

        List<Ctr> containers() {
            List<Ctr> all = new ArrayList<>(execCtrs());
            if (sidecar != null) {
                all.add(sidecar);
            }
            return all;
        }

        boolean allTerminated() {
            return main.terminated() && (wait == null || wait.terminated()) && (sidecar == null || sidecar.terminated());
        }

        /** wait is there and has not ended. */
        boolean waitOn() {
            return wait != null && !wait.terminated();
        }
    }

    final Sim sim;
    /** Swapped for a scenario's own stream while its events run (Sim.stream). */
    Sim.Rng rng;
    final int minor;
    final Truth truth;
    private long rv;
    final Map<String, Pod> pods = new LinkedHashMap<>();
    /** Workflow UID -> keys of the Pods it owns (an index for the garbage collector). */
    final Map<String, List<String>> podsOfWorkflow = new HashMap<>();
    final Map<String, Workflow> workflows = new LinkedHashMap<>();
    /** Workflow UID -> the size of its last stored update request, as the controller sent it (AF013 scenarios). */
    final Map<String, Long> workflowBytes = new HashMap<>();
    final Map<String, TaskResult> taskResults = new HashMap<>();
    final List<PodWatch> podWatches = new ArrayList<>();
    final List<WorkflowWatch> workflowWatches = new ArrayList<>();
    final List<TaskResultWatch> taskResultWatches = new ArrayList<>();
    private final Map<String, Running> kubelet = new HashMap<>();
    final List<String> nodes = new ArrayList<>();
    /** Node pool -> its nodes (a team with its own nodes gets a pool; everyone else shares "general"). */
    final Map<String, List<String>> pools = new LinkedHashMap<>();
    /**
     * The node pool whose kubelets report a container's exit 0.1-1.4 s after it (the generic PLEG's 1 s relist, then the sync and
     * the status patch) rather than the 0.1-0.9 s every other pool keeps; null for none (session 42, {@link ScenariosLostAtExit}).
     */
    String wholeRelistPool;
    final Map<String, Boolean> cordoned = new HashMap<>();
    /** Nodes whose kubelet is down ({@link #kubeletDown}) -> the kubelets of their Pods, waiting for it to come back. */
    private final Map<String, List<Running>> kubeletsDown = new HashMap<>();
    /**
     * A core/v1 Event as the scheduler, the kubelet or the node controller records it (about a Pod, or a Node in "default"):
     * {@code time} when the API server stored it (its creationTimestamp, the hour it keeps it), {@code reported} the
     * recorder's own clock (first/last timestamps, the name's suffix): a kubelet's is its node's ({@link NodeClocks}).
     */
    record Event(String namespace, String name, String kind, String objectName, String objectUid, String fieldPath, String reason,
                 String message, String component, String host, long time, boolean eventTime, long reported) {
    }

    /** Events by namespace, in time order (the API server keeps them an hour). */
    final Map<String, List<Event>> events = new HashMap<>();

    private void event(Pod p, String fieldPath, String reason, String message, String component) {
        long t = now();
        boolean scheduler = component.equals("default-scheduler");
        long reported = component.equals("kubelet") ? clocks.at(p.hostNode, t) : t;
        events.computeIfAbsent(p.namespace, k -> new ArrayList<>()).add(new Event(p.namespace, p.name + "." + Long.toHexString(reported / 1000),
                "Pod", p.name, p.uid, fieldPath, reason, message, component, scheduler ? null : p.hostNode, t, scheduler, reported));
    }

    /**
     * Each node's clock (session 55): the kubelet's times are written on it. {@link NodeClocks#NONE} unless the corpus draws
     * them ({@link Corpus}).
     */
    NodeClocks clocks = NodeClocks.NONE;

    /** Seconds on the kubelet's clock of the Pod's node, now. */
    private long nodeSec(Running r) {
        return K8s.sec(clocks.at(r.node, now()));
    }

    /** Every write to a Pod, for kubectl get -w exports: pod key -> snapshots in order. */
    final Map<String, List<Pod>> podHistory = new HashMap<>();
    final java.util.Set<String> watchedPods = new java.util.HashSet<>();
    /** {@code namespace/serviceAccount} pairs with no Role granting create/patch on workflowtaskresults (B5): the executor's writes are refused. */
    final java.util.Set<String> executorForbidden = new java.util.HashSet<>();

    private boolean resultWritesForbidden(Pod p) {
        return executorForbidden.contains(p.namespace + "/" + p.serviceAccount);
    }

    Kube(Sim sim, Sim.Rng rng, int minor, Truth truth, long startRv, int nodeCount) {
        this.sim = sim;
        this.rng = rng;
        this.minor = minor;
        this.truth = truth;
        this.rv = startRv;
        addPool("general", nodeCount);
    }

    void addPool(String pool, int count) {
        for (int i = 0; i < count; i++) {
            String n;
            do {
                n = "ip-10-0-" + rng.between(1, 63) + "-" + rng.between(2, 250) + ".ec2.internal";
            } while (cordoned.containsKey(n));
            nodes.add(n);
            pools.computeIfAbsent(pool, k -> new ArrayList<>()).add(n);
            cordoned.put(n, false);
        }
    }

    private long nextRv() {
        rv += 1 + rng.between(0, 6);
        return rv;
    }

    long now() {
        return sim.now();
    }

    /** Session 36: the API server's audit log of some namespaces ({@link ScenariosAudit}), or null: no request is recorded. */
    AuditLog audit;

    /** Statuses are the subresource {@code pods/status}, which the audit policy does not log; these actors write only those. */
    private static final java.util.Set<String> STATUS_WRITERS = java.util.Set.of("kubelet", "scheduler", "node-controller", "pod-gc",
            "taint-eviction-controller");

    /**
     * Session 50: audit logs whose policy logs deletes with their bodies and every stage ({@link ScenariosAuditResponses}), each of
     * its own namespaces; empty unless that family runs.
     */
    final List<AuditLog> bodyAudits = new ArrayList<>();

    private List<AuditLog.Req> audit(String verb, String resource, String namespace, String name, String uid, String actor, String node, int code) {
        if (audit != null && audit.covers(namespace)) {
            audit.request(now(), verb, resource, namespace, name, uid, audit.who(actor, node), code);
        }
        if (bodyAudits.isEmpty()) {
            return List.of();
        }
        List<AuditLog.Req> out = new ArrayList<>();
        for (AuditLog a : bodyAudits) {
            if (a.covers(namespace)) {
                out.add(a.request(now(), verb, resource, namespace, name, uid, a.who(actor, node), code));
            }
        }
        return out;
    }

    /** A user without the RBAC to delete Pods tries to ({@code kubectl delete pod}): refused with 403, nothing changes. */
    void refusedPodDelete(String namespace, String name, String actor) {
        audit("delete", "pods", namespace, name, null, actor, null, 403);
    }

    /**
     * The DeleteOptions a delete sends, as the API server logs them: kubectl and the controllers {@code propagationPolicy:
     * Background} (the garbage collector with the dependent's UID as precondition), the kubelet's final delete grace 0 and the
     * Pod's UID, PodGC grace 0.
     */
    private static String deleteOptions(Integer grace, String uidPrecondition, String actor) {
        StringBuilder b = new StringBuilder("{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\"");
        if (grace != null) {
            b.append(",\"gracePeriodSeconds\":").append(grace);
        }
        if (uidPrecondition != null) {
            b.append(",\"preconditions\":{\"uid\":\"").append(uidPrecondition).append("\"}");
        }
        if (!"kubelet".equals(actor) && !"pod-gc".equals(actor)) {
            b.append(",\"propagationPolicy\":\"Background\"");
        }
        return b.append('}').toString();
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper RESPONSE_JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /**
     * The Pod a granted delete returned: as stored by the request, with its {@code deletionTimestamp} (a Pod deleted at once comes
     * back with the request's time and grace 0, as the API server's graceful-deletion step set them before removing it).
     */
    private static String deletedPod(Pod p, long now) {
        Pod q = p.copy();
        if (q.deletionTimestamp == null) {
            q.deletionTimestamp = K8s.sec(now);
            q.deletionGrace = 0L;
        }
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("kind", "Pod");
        m.put("apiVersion", "v1");
        m.putAll(Exports.pod(q));
        try {
            return RESPONSE_JSON.writeValueAsString(m);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A delete's logged bodies on every log that keeps them. */
    private static void bodies(List<AuditLog.Req> reqs, String request, String response) {
        for (AuditLog.Req r : reqs) {
            r.requestObject = request;
            r.responseObject = response;
        }
    }

    /** A request the API server answered with a timeout (a slow webhook): the controller's Pod patch, recorded with 504. */
    void auditTimedOutPatch(String namespace, String name, String actor) {
        audit("patch", "pods", namespace, name, null, actor, null, 504);
    }

    /** Session 59: a patch of the Pod refused by RBAC (the controller's Role lost {@code patch} on pods): 403, nothing changes. */
    void auditForbiddenPatch(String namespace, String name, String actor) {
        audit("patch", "pods", namespace, name, null, actor, null, 403);
    }

    // ---- Pods ---------------------------------------------------------------------------------

    void createPod(Pod p, K8s.Step step) {
        audit("create", "pods", p.namespace, p.name, null, "controller", null, 201);
        p.resourceVersion = nextRv();
        p.creation = K8s.sec(now());
        pods.put(p.key(), p);
        podsOfWorkflow.computeIfAbsent(p.workflowUid, k -> new ArrayList<>()).add(p.key());
        notifyPod('A', null, p);
        Running r = new Running(p, step);
        kubelet.put(p.uid, r);
        sim.after(rng.latency(5_000_000, 150_000_000, 1_500_000_000L), () -> bind(r));
    }

    Pod live(String uid, String key) {
        Pod p = pods.get(key);
        return p != null && p.uid.equals(uid) ? p : null;
    }

    private void notifyPod(char type, Pod old, Pod cur) {
        Pod oldSnap = old;
        Pod curSnap = cur == null ? null : cur.copy();
        if (watchedPods.contains(curSnap != null ? curSnap.key() : old.key())) {
            podHistory.computeIfAbsent(curSnap != null ? curSnap.key() : old.key(), k -> new ArrayList<>()).add(curSnap);
        }
        for (PodWatch w : podWatches) {
            boolean was = oldSnap != null && w.matches(oldSnap);
            boolean is = curSnap != null && type != 'D' && w.matches(curSnap);
            if (!was && is) {
                w.event('A', null, curSnap);
            } else if (was && is) {
                w.event('M', oldSnap, curSnap);
            } else if (was) {
                // Leaving the selector, or removed: a delete with the last content the watcher could see.
                w.event('D', type == 'D' ? (curSnap != null ? curSnap : oldSnap) : oldSnap, null);
            }
        }
    }

    /** Applies a change to a Pod as one write: rv bump, delete-during-update, watch events, truth. */
    private void write(Pod p, Pod before, Origin origin, String actor) {
        boolean hadFinalizer = before.hasStatusFinalizer();
        if (hadFinalizer && !p.hasStatusFinalizer()) {
            truth.finalizerRemoved(p, now(), origin, actor);
        }
        if (p.deletionTimestamp != null && (p.deletionGrace == null || p.deletionGrace == 0) && p.finalizers.isEmpty()) {
            remove(p, before);
            return;
        }
        p.resourceVersion = nextRv();
        notifyPod('M', before, p);
    }

    private void remove(Pod p, Pod before) {
        pods.remove(p.key());
        p.resourceVersion = nextRv();
        truth.gone(p, now());
        Pod last = p.copy();
        notifyPod('D', before, last);
        if (foreground.containsKey(p.workflowUid)) {
            // The collector's graph learns of it through its own informer, then looks at the owner again.
            String uid = p.workflowUid;
            sim.after(rng.latency(20_000_000, 200_000_000, 1_500_000_000L), () -> releaseForeground(uid));
        }
    }

    /** A merge patch; with {@code rvPrecondition} a stale resourceVersion is a Conflict. */
    Result patchPod(String key, String uid, Long rvPrecondition, Consumer<Pod> change, Origin origin, String actor) {
        Pod p = pods.get(key);
        boolean logged = audit != null && !STATUS_WRITERS.contains(actor);
        String ns = key.substring(0, key.indexOf('/'));
        String name = key.substring(key.indexOf('/') + 1);
        if (p == null || (uid != null && !p.uid.equals(uid))) {
            if (logged) {
                audit("patch", "pods", ns, name, null, actor, null, 404);
            }
            return Result.NOT_FOUND;
        }
        if (rvPrecondition != null && rvPrecondition != p.resourceVersion) {
            if (logged) {
                audit("patch", "pods", ns, name, null, actor, null, 409);
            }
            return Result.CONFLICT;
        }
        if (logged) {
            audit("patch", "pods", ns, name, null, actor, null, 200);
        }
        Pod before = p.copy();
        change.accept(p);
        if ("kubelet".equals(actor)) {
            p.kubeletWrite = now();
        }
        write(p, before, origin, actor);
        return Result.OK;
    }

    /**
     * DELETE pods/NAME. {@code grace} null = the Pod's terminationGracePeriodSeconds.
     */
    Result deletePod(String key, Integer grace, String uidPrecondition, String actor) {
        Pod p = pods.get(key);
        String ns = key.substring(0, key.indexOf('/'));
        String name = key.substring(key.indexOf('/') + 1);
        if (p == null) {
            bodies(audit("delete", "pods", ns, name, null, actor, null, 404), deleteOptions(grace, uidPrecondition, actor), null);
            return Result.NOT_FOUND;
        }
        if (uidPrecondition != null && !uidPrecondition.equals(p.uid)) {
            bodies(audit("delete", "pods", ns, name, null, actor, p.hostNode, 409), deleteOptions(grace, uidPrecondition, actor), null);
            return Result.CONFLICT;
        }
        List<AuditLog.Req> logged = audit("delete", "pods", ns, name, null, actor, p.hostNode, 200);
        Result done = deleteGranted(p, grace, actor);
        if (!logged.isEmpty()) {
            bodies(logged, deleteOptions(grace, uidPrecondition, actor), deletedPod(p, now()));
        }
        return done;
    }

    private Result deleteGranted(Pod p, Integer grace, String actor) {
        long t = now();
        Pod before = p.copy();
        int g = grace != null ? grace : p.terminationGrace;
        if (p.deletionTimestamp == null) {
            if (p.hostNode == null || K8s.terminal(p.phase)) {
                g = 0;
            }
            if (g < 0) {
                g = 1;
            }
            truth.deletionRequested(p, t, g, actor);
            if (p.finalizers.isEmpty() && g == 0) {
                remove(p, before);
                return Result.OK;
            }
            p.deletionTimestamp = K8s.sec(t) + g;
            p.deletionGrace = (long) g;
            p.resourceVersion = nextRv();
            notifyPod('M', before, p);
            if (p.hostNode == null) {
                // No node: no kubelet acts on it (kubeletSeesDeletion finds it unbound: the draw below kept, so that the streams stay
                // as they were); PodGC's next loop finds it terminating and unscheduled.
                podGcUnscheduled(p.uid, p.key());
            }
            Running r = kubelet.get(p.uid);
            if (r != null) {
                sim.after(rng.latency(10_000_000, 150_000_000, 900_000_000), () -> kubeletSeesDeletion(r));
            }
            return Result.OK;
        }
        truth.deletionRequested(p, t, g, actor);
        Long stored = p.deletionGrace;
        if (stored == null || stored == 0) {
            if (p.finalizers.isEmpty()) {
                remove(p, before);
            }
            return Result.OK;
        }
        if (g >= stored) {
            return Result.OK;
        }
        long ts = p.deletionTimestamp - stored + g;
        long newGrace = g;
        if (minor >= 33 && ts * Go.SECOND < t) {
            ts = K8s.sec(t);
            newGrace = g > 0 ? 1 : 0;
        }
        p.deletionTimestamp = ts;
        p.deletionGrace = newGrace;
        if (p.finalizers.isEmpty() && newGrace == 0) {
            remove(p, before);
            return Result.OK;
        }
        p.resourceVersion = nextRv();
        notifyPod('M', before, p);
        Running r = kubelet.get(p.uid);
        if (r != null && r.started && !r.main.terminated() && !r.paused) {
            // The kubelet's kill takes the shorter grace: SIGKILL when it runs out.
            sim.after(rng.latency(10_000_000, 150_000_000, 900_000_000) + Math.max(2, newGrace) * Go.SECOND, () -> mainExits(r, 137, true));
        }
        return Result.OK;
    }

    /** The eviction API (kubectl drain): DisruptionTarget first (non-terminal Pods, 1.26+), then a delete with the Pod's grace. */
    void evict(String key, String actor) {
        Pod p = pods.get(key);
        if (p == null || p.deletionTimestamp != null) {
            return;
        }
        if (!K8s.terminal(p.phase)) {
            Pod before = p.copy();
            p.condition("DisruptionTarget", "True", "EvictionByEvictionAPI", "Eviction API: evicting", K8s.sec(now()));
            write(p, before, Origin.NONE, actor);
        }
        deletePod(key, null, null, actor);
    }

    /**
     * kube-scheduler preempting a bound, non-terminal Pod for a pending Pod of higher priority (lifecycle reference A2; k/k
     * {@code pkg/scheduler/framework/preemption}): the victim's {@code DisruptionTarget} condition first ({@code
     * PreemptionByScheduler}, {@code <schedulerName>: preempting to accommodate a higher priority pod}; the reason since 1.27,
     * every apiserver the corpora draw, 1.31-1.36), then a delete with the victim's own grace period, then the {@code Preempted}
     * Event on the victim ({@code Preempted by pod <preemptor's UID> on node <node>}, type Normal).
     */
    void preempt(String key, String preemptorUid) {
        Pod p = pods.get(key);
        if (p == null || p.deletionTimestamp != null || p.hostNode == null || K8s.terminal(p.phase)) {
            return;
        }
        Pod before = p.copy();
        p.condition("DisruptionTarget", "True", "PreemptionByScheduler", "default-scheduler: preempting to accommodate a higher priority pod",
                K8s.sec(now()));
        write(p, before, Origin.NONE, "kube-scheduler");
        deletePod(key, null, null, "kube-scheduler");
        event(p, null, "Preempted", "Preempted by pod " + preemptorUid + " on node " + p.hostNode, "default-scheduler");
    }

    void drain(String node, String actor) {
        cordoned.put(node, true);
        long t = now();
        long reported = clocks.at(node, t);
        events.computeIfAbsent("default", k -> new ArrayList<>()).add(new Event("default", node + "." + Long.toHexString(reported / 1000), "Node",
                node, null, null, "NodeNotSchedulable", "Node " + node + " status is now: NodeNotSchedulable", "kubelet", node, t, false, reported));
        long delay = 0;
        for (Pod p : new ArrayList<>(pods.values())) {
            if (node.equals(p.hostNode) && p.deletionTimestamp == null) {
                delay += rng.between(20_000_000L, 200_000_000L);
                String key = p.key();
                sim.after(delay, () -> evict(key, actor));
            }
        }
        sim.after(rng.between(8 * Go.MINUTE, 25 * Go.MINUTE), () -> cordoned.put(node, false));
    }

    private void nodeEvent(String node, String reason, String message, String component) {
        long t = now();
        long reported = component.equals("kubelet") ? clocks.at(node, t) : t;
        events.computeIfAbsent("default", k -> new ArrayList<>()).add(new Event("default", node + "." + Long.toHexString(reported / 1000)
                + reason.length(), "Node", node, null, null, reason, message, component, node, t, false, reported));
    }

    /** The kubelets of a node's Pods that are still running something (scheduled, not all terminated), in creation order. */
    private List<Running> onNode(String node) {
        List<Running> out = new ArrayList<>();
        for (Pod p : pods.values()) {
            Running r = kubelet.get(p.uid);
            if (r != null && !r.lost && node.equals(p.hostNode)) {
                out.add(r);
            }
        }
        return out;
    }

    /** A Pod of the Workflow (the first the cluster holds; the scenarios that ask run one Pod at a time), or null. */
    Pod podOf(K8s.Workflow w) {
        for (Pod p : pods.values()) {
            if (w.uid.equals(p.workflowUid)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The machine behind {@code node} is gone (a spot reclaim, a terminated instance; lifecycle A2, {@code DeletionByPodGC}):
     * its kubelet stops at once and writes nothing more, its containers' last reported states stay as they were. The node
     * lifecycle controller marks its Pods not ready 40-55 s later ({@code NodeNotReady}; a condition-only change), the
     * cloud node lifecycle controller deletes the Node 1-6 s after that, and the Pod garbage collector, once the Node has
     * been gone its 40 s quarantine (checked every 20 s), patches each non-terminal Pod {@code Failed} with {@code
     * DisruptionTarget} {@code DeletionByPodGC} {@code PodGC: node no longer exists} and deletes every Pod of the node with
     * grace 0, by name. Returns the keys of the Pods that were still running there.
     *
     * <p>{@code failFirst} false: PodGC's orphaned-Pod collection as it was before Kubernetes 1.26
     * (and in 1.26-1.30 with the {@code PodDisruptionConditions} gate off): the Pods of the deleted Node are force-deleted
     * (grace 0) without first being patched {@code Failed} with {@code DisruptionTarget} (k/k {@code pkg/controller/podgc/
     * gc_controller.go}: {@code gcOrphaned} called {@code forcefullyDeletePod} before the gate's
     * {@code markFailedAndDeletePodWithCondition}; lifecycle reference A2). The Pod keeps phase {@code Running} and its
     * containers' last reports to the end.
     */
    List<String> loseNode(String node, boolean failFirst) {
        return loseNode(node, failFirst, false);
    }

    /**
     * The same; {@code throttled} (session 33, {@link ScenariosNodeForce}): PodGC's delete of each Pod comes late after its
     * {@code Failed} patch. PodGC patches and deletes one Pod after the other, in one loop, through its own rate-limited client
     * (kube-controller-manager's {@code --kube-api-qps} 20, {@code --kube-api-burst} 30: a token's 50 ms at most between the two
     * calls) and the apiserver's priority-and-fairness queues and etcd, where under load a request waits seconds: 0.3-6 s here.
     * Or the delete fails (a 429 or a timeout after waiting in a queue): {@code gcOrphaned}
     * only counts the error, and the next pass, 20 s after the one that patched ({@code gcCheckPeriod}), finds the Pod still bound to
     * the missing Node (now terminal: no second patch) and deletes it. Meanwhile the Argo controller reads the {@code Failed} and
     * may finish, persist and label the node's Pod before the delete arrives (the order of AF007's implied PodGC delete).
     */
    List<String> loseNode(String node, boolean failFirst, boolean throttled) {
        List<String> running = new ArrayList<>();
        for (Running r : onNode(node)) {
            Pod p = live(r.uid, r.key);
            if (p != null && !K8s.terminal(p.phase)) {
                running.add(r.key);
            }
            r.lost = true;
        }
        nodes.remove(node);
        for (List<String> pool : pools.values()) {
            pool.remove(node);
        }
        long notReady = rng.between(40_000_000_000L, 55_000_000_000L);
        sim.after(notReady, () -> {
            markNotReady(node);
        });
        long deleted = notReady + rng.between(1_000_000_000L, 6_000_000_000L);
        sim.after(deleted, () -> {
            nodeEvent(node, "DeletingNode", "Deleting node " + node + " because it does not exist in the cloud provider",
                    "cloud-node-lifecycle-controller");
            nodeEvent(node, "RemovingNode", "Node " + node + " event: Removing Node " + node + " from Controller", "node-controller");
        });
        sim.after(deleted + 40 * Go.SECOND + rng.between(0, 20_000_000_000L), () -> podGcOrphaned(node, failFirst, throttled));
        return running;
    }

    /**
     * Session 33 ({@link ScenariosNodeForce}): the machine behind {@code node} is gone but its Node object stays (no cloud
     * provider removes it: a bare-metal or on-premises node, powered off or cut off): the kubelet writes nothing more, the node
     * lifecycle controller marks it {@code NotReady} 40-55 s later (its Pods not ready), and the taint manager evicts each Pod still
     * there once the 300 s toleration of {@code node.kubernetes.io/unreachable} runs out ({@code DeletionByTaintManager}, a delete
     * with the Pod's grace). Nothing ever ends those deletions: no kubelet kills the containers or sends the final delete, and PodGC
     * leaves Pods of a Node that exists. The Pod stays {@code Terminating} (phase {@code Running}) until someone force-deletes it
     * ({@code kubectl delete pod --grace-period=0 --force}). Returns the keys of the Pods still running there and the NotReady delay.
     */
    List<String> loseNodeKept(String node, long[] notReadyAfter) {
        List<String> running = new ArrayList<>();
        for (Running r : onNode(node)) {
            Pod p = live(r.uid, r.key);
            if (p != null && !K8s.terminal(p.phase)) {
                running.add(r.key);
            }
            r.lost = true;
        }
        nodes.remove(node);
        for (List<String> pool : pools.values()) {
            pool.remove(node);
        }
        long notReady = rng.between(40_000_000_000L, 55_000_000_000L);
        notReadyAfter[0] = notReady;
        sim.after(notReady, () -> {
            markNotReady(node);
            sim.after(300 * Go.SECOND + rng.between(0, 2_000_000_000L), () -> {
                for (Pod p : new ArrayList<>(pods.values())) {
                    if (node.equals(p.hostNode) && p.deletionTimestamp == null) {
                        String key = p.key();
                        event(p, null, "TaintManagerEviction", "Marking for deletion Pod " + key, "taint-eviction-controller");
                        if (!K8s.terminal(p.phase)) {
                            long s = K8s.sec(now());
                            patchPod(key, p.uid, null, q -> q.condition("DisruptionTarget", "True", "DeletionByTaintManager",
                                    "Taint manager: deleting due to NoExecute taint", s), Origin.NONE, "taint-eviction-controller");
                        }
                        deletePod(key, null, null, "taint-eviction-controller");
                    }
                }
            });
        });
        return running;
    }

    /** The node lifecycle controller's {@code NotReady}: the node's Event, and each Pod of it not terminal marked not ready. */
    private void markNotReady(String node) {
        nodeEvent(node, "NodeNotReady", "Node " + node + " status is now: NodeNotReady", "node-controller");
        for (Pod p : new ArrayList<>(pods.values())) {
            if (node.equals(p.hostNode) && !K8s.terminal(p.phase)) {
                event(p, null, "NodeNotReady", "Node is not ready", "node-controller");
                long s = K8s.sec(now());
                patchPod(p.key(), p.uid, null, q -> q.condition("Ready", "False", null, null, s), Origin.NONE, "node-controller");
            }
        }
    }

    private void podGcOrphaned(String node, boolean failFirst, boolean throttled) {
        long pass = now();
        long delay = 0;
        for (Pod p : new ArrayList<>(pods.values())) {
            if (!node.equals(p.hostNode)) {
                continue;
            }
            delay += rng.between(5_000_000L, 40_000_000L);
            String key = p.key();
            String uid = p.uid;
            sim.after(delay, () -> {
                Pod q = live(uid, key);
                if (q == null) {
                    return;
                }
                if (failFirst && !K8s.terminal(q.phase)) {
                    long s = K8s.sec(now());
                    patchPod(key, uid, null, x -> {
                        x.phase = "Failed";
                        x.condition("DisruptionTarget", "True", "DeletionByPodGC", "PodGC: node no longer exists", s);
                    }, Origin.NONE, "pod-gc");
                }
                if (!throttled) {
                    sim.after(rng.between(2_000_000L, 15_000_000L), () -> deletePod(key, 0, null, "pod-gc"));
                } else if (rng.chance(0.55)) {
                    sim.after(rng.between(300_000_000L, 6_000_000_000L), () -> deletePod(key, 0, null, "pod-gc"));
                } else {
                    // The delete failed; the next pass (20 s after this one) deletes it, itself perhaps waiting its turn.
                    sim.after(pass + 20 * Go.SECOND - now() + rng.between(5_000_000L, 2_000_000_000L), () -> deletePod(key, 0, null, "pod-gc"));
                }
            });
        }
    }

    /**
     * The kubelet stops a running Pod on its own account, with no API delete (lifecycle A2): a node-pressure eviction
     * ({@code Evicted}; {@code hard}: grace 0, main and wait SIGKILLed at once, both 137) or a graceful node shutdown
     * ({@code Terminated}): SIGTERM, main answers as it answers any, {@code wait} saves the result and exits 0 after it,
     * SIGKILL at {@code grace}. The Pod ends {@code Failed} with the reason and message (and {@code DisruptionTarget}
     * {@code TerminationByKubelet}) whatever main exits with. Returns whether main was running.
     */
    boolean kubeletStop(String key, String uid, String reason, String message, int grace, boolean hard) {
        Running r = kubelet.get(uid);
        Pod p = live(uid, key);
        if (r == null || p == null || r.lost || !r.started || !r.main.running() || p.deletionTimestamp != null) {
            return false;
        }
        r.endReason = reason;
        r.endMessage = message;
        truth.mainSignalledByKubelet(uid, now());
        if ("Evicted".equals(reason) || "Preempting".equals(reason)) {
            event(p, null, reason, message, "kubelet");
        }
        for (Ctr c : r.execCtrs()) {
            if (c.running()) {
                event(p, "spec.containers{" + c.name + "}", "Killing", "Stopping container " + c.name, "kubelet");
            }
        }
        if (hard) {
            long at = rng.between(20_000_000L, 400_000_000L);
            sim.after(at, () -> {
                waitExits(r, 137, "Error");
                mainExits(r, 137, false);
            });
            return true;
        }
        long killAt = now() + Math.max(2, grace) * Go.SECOND;
        switch (r.step.onTerm) {
            case 0 -> sim.after(rng.between(10_000_000L, 300_000_000L), () -> mainExits(r, 137, false));
            case 1 -> sim.after(rng.between(100_000_000L, 2_000_000_000L), () -> mainExits(r, 143, false));
            case K8s.TERM_TRAP_EXIT_0 -> sim.after(rng.between(200_000_000L, Math.min(3_000_000_000L, grace * Go.SECOND - 500_000_000L)),
                    () -> mainExits(r, 0, false));
            default -> sim.at(killAt, () -> mainExits(r, 137, false));
        }
        // wait traps SIGTERM, saves the result once main is gone and exits 0 (mainExits schedules it); SIGKILL at the grace.
        sim.at(killAt + 50_000_000L, () -> waitExits(r, 137, "Error"));
        return true;
    }

    /**
     * The kubelet preempting a running Pod to admit a critical Pod its node has no room for (lifecycle A2; k/k
     * {@code pkg/kubelet/preemption}): the {@code Preempting} Event ({@code Preempted in order to admit critical pod}), then the
     * Pod stopped with its own grace period and written {@code Failed} with reason {@code Preempting} and that message, its
     * {@code DisruptionTarget} {@code TerminationByKubelet} saying {@code Pod was preempted by Kubelet to accommodate a critical
     * pod.}; no API delete. Returns whether main was running.
     */
    boolean kubeletPreempt(String key, String uid) {
        Pod p = live(uid, key);
        if (p == null || !kubeletStop(key, uid, "Preempting", "Preempted in order to admit critical pod", p.terminationGrace, false)) {
            return false;
        }
        kubelet.get(uid).endConditionMessage = "Pod was preempted by Kubelet to accommodate a critical pod.";
        return true;
    }

    /**
     * A graceful node shutdown (lifecycle A2): the kubelet stops every running Pod of the node ({@code Terminated},
     * {@code Pod was terminated in response to imminent node shutdown.}) within its share of {@code shutdownGracePeriod},
     * then the machine goes down: the node leaves the scheduler's choice, {@code NodeNotReady} 40-55 s after the end. The
     * Node object stays (a reboot, or a scale-down that has not deleted it yet). Returns the keys of the Pods it stopped.
     */
    List<String> shutdownNode(String node, int grace) {
        List<String> stopped = new ArrayList<>();
        nodes.remove(node);
        for (List<String> pool : pools.values()) {
            pool.remove(node);
        }
        String message = "Pod was terminated in response to imminent node shutdown.";
        for (Running r : onNode(node)) {
            Pod p = live(r.uid, r.key);
            if (kubeletStop(r.key, r.uid, "Terminated", message, grace, false)) {
                stopped.add(r.key);
            } else if (p != null && !r.started && p.deletionTimestamp == null && !r.allTerminated()) {
                // Not started yet: torn down with the rest, no container ran (as the kubelet reports a Pod it never ran).
                r.endReason = "Terminated";
                r.endMessage = message;
                for (Ctr c : r.execCtrs()) {
                    c.state = "terminated";
                    c.exitCode = 137;
                    c.reason = "ContainerStatusUnknown";
                    c.message = "The container could not be located when the pod was terminated";
                }
                sim.after(rng.between(100_000_000L, 600_000_000L), () -> postStatus(r));
                stopped.add(r.key);
            }
        }
        long down = (grace + 2) * Go.SECOND + rng.between(0, 3_000_000_000L);
        sim.after(down, () -> {
            for (Running r : onNode(node)) {
                r.lost = true;
            }
        });
        sim.after(down + rng.between(40_000_000_000L, 55_000_000_000L),
                () -> nodeEvent(node, "NodeNotReady", "Node " + node + " status is now: NodeNotReady", "node-controller"));
        return stopped;
    }

    /**
     * The kubelet of {@code node} stops reporting for {@code downFor} (session 30: a kubelet that hangs or restarts in a loop,
     * its machine and containers fine; lifecycle A2): its containers run on and end as they would, {@code wait} still writes
     * its task result to the API server, but the kubelet posts nothing. The node lifecycle controller marks the node
     * {@code NotReady} 40-55 s later (node-monitor-grace-period), taints it ({@code node.kubernetes.io/unreachable}, NoSchedule:
     * the scheduler leaves it; NoExecute) and marks its Pods not ready ({@code NodeNotReady}; {@code Ready} {@code False}, a
     * condition-only change). Every Pod tolerates the NoExecute taint for 300 s (the DefaultTolerationSeconds admission
     * plugin's {@code tolerationSeconds: 300}): if the node is still not ready then, the taint manager evicts each Pod still
     * there ({@code TaintManagerEviction} {@code Marking for deletion Pod …}, {@code DisruptionTarget}
     * {@code DeletionByTaintManager} {@code Taint manager: deleting due to NoExecute taint}, then a delete with the Pod's
     * grace); the Pod stays {@code Terminating} until its kubelet is back to kill its containers and send the final delete.
     * Once back ({@link #kubeletBack}) the kubelet posts each Pod's status as it now is ({@code NodeReady}; containers that
     * ended meanwhile with their real times) and acts on a deletion it missed. The Node object stays throughout. Returns the
     * keys of the Pods not terminal on the node.
     */
    List<String> kubeletDown(String node, long downFor) {
        List<String> there = new ArrayList<>();
        List<Running> paused = onNode(node);
        kubeletsDown.put(node, paused);
        for (Running r : paused) {
            Pod p = live(r.uid, r.key);
            if (p != null && !K8s.terminal(p.phase)) {
                there.add(r.key);
            }
            r.paused = true;
        }
        long notReady = rng.between(40_000_000_000L, 55_000_000_000L);
        boolean[] back = {false};
        sim.after(notReady, () -> {
            if (back[0]) {
                return;
            }
            cordoned.put(node, true);
            markNotReady(node);
            // The taint manager evicts what is still there once the tolerations run out (the taint is added with NotReady).
            sim.after(300 * Go.SECOND + rng.between(0, 2_000_000_000L), () -> {
                if (back[0]) {
                    return;
                }
                for (Pod p : new ArrayList<>(pods.values())) {
                    if (node.equals(p.hostNode) && p.deletionTimestamp == null) {
                        String key = p.key();
                        event(p, null, "TaintManagerEviction", "Marking for deletion Pod " + key, "taint-eviction-controller");
                        if (!K8s.terminal(p.phase)) {
                            long s = K8s.sec(now());
                            patchPod(key, p.uid, null, q -> q.condition("DisruptionTarget", "True", "DeletionByTaintManager",
                                    "Taint manager: deleting due to NoExecute taint", s), Origin.NONE, "taint-eviction-controller");
                        }
                        deletePod(key, null, null, "taint-eviction-controller");
                    }
                }
            });
        });
        sim.after(Math.max(downFor, notReady + Go.SECOND), () -> {
            back[0] = true;
            kubeletBack(node, paused);
        });
        return there;
    }

    /** The kubelet is back ({@link #kubeletDown}): the node Ready again, each Pod's status as it is, a missed deletion acted on. */
    private void kubeletBack(String node, List<Running> paused) {
        kubeletsDown.remove(node);
        cordoned.put(node, false);
        nodeEvent(node, "NodeReady", "Node " + node + " status is now: NodeReady", "kubelet");
        long delay = 0;
        for (Running r : paused) {
            delay += rng.between(30_000_000L, 400_000_000L);
            sim.after(delay, () -> {
                r.paused = false;
                Pod p = live(r.uid, r.key);
                if (p == null || r.lost) {
                    return;
                }
                if (r.started) {
                    // The status as it now is: a container that ended meanwhile with its real finish (then the sandbox).
                    postStatus(r);
                }
                Pod now = live(r.uid, r.key);
                if (now != null && now.deletionTimestamp != null) {
                    sim.after(rng.between(50_000_000L, 400_000_000L), () -> kubeletSeesDeletion(r));
                }
            });
        }
    }

    // ---- Workflows and task results -----------------------------------------------------------

    void createWorkflow(Workflow w) {
        audit("create", "workflows", w.namespace, w.name, null, "submitter", null, 201);
        w.resourceVersion = nextRv();
        w.creation = K8s.sec(now());
        workflows.put(w.key(), w);
        firstVersion.put(w.key(), w.copy());
        Workflow snap = w.copy();
        for (WorkflowWatch ww : workflowWatches) {
            if (ww.matches(snap)) {
                ww.event('A', null, snap);
            }
        }
    }

    /** Each Workflow as it was before its latest update: what an apiserver whose watch cache lags still serves. */
    final Map<String, Workflow> previousVersion = new HashMap<>();
    /** Each Workflow as it was created (before it started): what a copy replayed from far back holds (#16294's {@code Phase=}). */
    final Map<String, Workflow> firstVersion = new HashMap<>();

    static final long GONE = -1;
    static final long CONFLICT_RV = -2;

    /**
     * The controller's update of the Workflow (status and labels), with the resourceVersion of the copy it
     * changed as precondition; returns the new resourceVersion, {@link #GONE} if it is gone, {@link #CONFLICT_RV}
     * if the copy was stale.
     */
    long updateWorkflow(String key, String uid, long rvPrecondition, K8s.Status status, Map<String, String> labels, String release) {
        return updateWorkflow(key, uid, rvPrecondition, status, labels, release, null);
    }

    /** The same, the update also carrying the annotation {@code pod-name-format} ({@code null}: none written). */
    long updateWorkflow(String key, String uid, long rvPrecondition, K8s.Status status, Map<String, String> labels, String release,
            String podNameFormat) {
        Workflow w = workflows.get(key);
        String ns = key.substring(0, key.indexOf('/'));
        String name = key.substring(key.indexOf('/') + 1);
        if (w == null || !w.uid.equals(uid)) {
            // An update carries the object, its UID with it: a Workflow of the name with another UID refuses it (Conflict).
            audit("update", "workflows", ns, name, uid, "controller", null, w == null ? 404 : 409);
            return GONE;
        }
        if (rvPrecondition != w.resourceVersion) {
            audit("update", "workflows", ns, name, uid, "controller", null, 409);
            return CONFLICT_RV;
        }
        audit("update", "workflows", ns, name, uid, "controller", null, 200);
        Workflow before = w.copy();
        previousVersion.put(key, before);
        w.status = status.copy();
        w.labels.clear();
        w.labels.putAll(labels);
        if (podNameFormat != null) {
            w.podNameFormat = podNameFormat;
        }
        w.generation++;
        w.resourceVersion = nextRv();
        truth.workflowPersisted(w, now(), release);
        Workflow snap = w.copy();
        for (WorkflowWatch ww : workflowWatches) {
            boolean was = ww.matches(before);
            boolean is = ww.matches(snap);
            if (was && is) {
                ww.event('M', before, snap);
            } else if (is) {
                ww.event('A', null, snap);
            } else if (was) {
                ww.event('D', before, null);
            }
        }
        return w.resourceVersion;
    }

    /** kubectl delete workflow: background propagation (the default) or orphan. */
    /**
     * {@code argo stop} / {@code argo terminate}: the Argo server sets {@code spec.shutdown} (a user's spec update: the
     * generation goes up, a MODIFIED event); the controller does the rest.
     */
    void shutdownWorkflow(String key, String uid, String strategy) {
        Workflow w = workflows.get(key);
        if (w == null || !w.uid.equals(uid) || w.completedLabel()) {
            return;
        }
        audit("update", "workflows", w.namespace, w.name, w.uid, "argo-server", null, 200);
        Workflow before = w.copy();
        previousVersion.put(key, before);
        w.shutdown = strategy;
        w.generation++;
        w.resourceVersion = nextRv();
        Workflow snap = w.copy();
        for (WorkflowWatch ww : workflowWatches) {
            if (ww.matches(before) && ww.matches(snap)) {
                ww.event('M', before, snap);
            }
        }
    }

    void deleteWorkflow(String key, boolean orphan, String actor) {
        Workflow w = workflows.remove(key);
        if (w == null) {
            return;
        }
        // No finalizer, no graceful deletion for a custom resource: removed at once, answered with a Status naming its UID.
        bodies(audit("delete", "workflows", w.namespace, w.name, null, actor, null, 200), deleteOptions(null, null, actor),
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\",\"details\":{\"name\":"
                        + Go.json(w.name, false) + ",\"group\":\"argoproj.io\",\"kind\":\"workflows\",\"uid\":\"" + w.uid + "\"}}");
        previousVersion.remove(key);
        firstVersion.remove(key);
        truth.workflowDeleted(w, now());
        w.resourceVersion = nextRv();
        Workflow last = w.copy();
        for (WorkflowWatch ww : workflowWatches) {
            if (ww.matches(last)) {
                ww.event('D', last, null);
            }
        }
        // The garbage collector notices through its own informer, a little later.
        sim.after(rng.latency(40_000_000, 500_000_000, 2_500_000_000L), () -> collect(last, orphan));
    }

    /** Workflow UID -> its key, for a Workflow the garbage collector holds with {@code foregroundDeletion} until its Pods are gone. */
    private final Map<String, String> foreground = new HashMap<>();

    /**
     * kubectl delete workflow --cascade=foreground (lifecycle A3): the Workflow (no grace period) gets a
     * {@code deletionTimestamp} of the request's time and the finalizer {@code foregroundDeletion}, and stays, still
     * updatable, while the garbage collector deletes its blocking Pods (background, UID precondition, the spec's grace);
     * once the last is gone (the status finalizer released too) the collector removes its finalizer and it vanishes.
     * The generation is bumped by the graceful deletion (*inferred*).
     */
    void deleteWorkflowForeground(String key, String actor) {
        Workflow w = workflows.get(key);
        if (w == null || w.deletionTimestamp != null) {
            return;
        }
        List<AuditLog.Req> logged = audit("delete", "workflows", w.namespace, w.name, null, actor, null, 200);
        Workflow before = w.copy();
        previousVersion.put(key, before);
        w.deletionTimestamp = K8s.sec(now());
        w.finalizers.add("foregroundDeletion");
        w.generation++;
        w.resourceVersion = nextRv();
        if (!logged.isEmpty()) {
            // Held by its finalizer: the API server answers with the object as stored, deletionTimestamp and all.
            StringBuilder fin = new StringBuilder();
            for (String f : w.finalizers) {
                fin.append(fin.length() == 0 ? "" : ",").append(Go.json(f, false));
            }
            bodies(logged, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\",\"propagationPolicy\":\"Foreground\"}",
                    "{\"kind\":\"Workflow\",\"apiVersion\":\"argoproj.io/v1alpha1\",\"metadata\":{\"name\":" + Go.json(w.name, false)
                            + ",\"namespace\":" + Go.json(w.namespace, false) + ",\"uid\":\"" + w.uid + "\",\"resourceVersion\":\""
                            + w.resourceVersion + "\",\"generation\":" + w.generation + ",\"deletionTimestamp\":\"" + Go.k8s(w.deletionTimestamp)
                            + "\",\"deletionGracePeriodSeconds\":0,\"finalizers\":[" + fin + "]}}");
        }
        truth.workflowDeletionRequested(w, now(), actor);
        Workflow snap = w.copy();
        for (WorkflowWatch ww : workflowWatches) {
            if (ww.matches(snap)) {
                ww.event(ww.matches(before) ? 'M' : 'A', before, snap);
            }
        }
        foreground.put(w.uid, key);
        String uid = w.uid;
        sim.after(rng.latency(40_000_000, 500_000_000, 2_500_000_000L), () -> {
            Workflow live = workflows.get(key);
            if (live != null && live.uid.equals(uid)) {
                collect(live.copy(), false);
                sim.after(rng.latency(20_000_000, 200_000_000, 1_500_000_000L), () -> releaseForeground(uid));
            }
        });
    }

    /** The garbage collector's check of a Workflow held by {@code foregroundDeletion}: gone once no Pod of it is left. */
    private void releaseForeground(String uid) {
        String key = foreground.get(uid);
        if (key == null) {
            return;
        }
        for (String podKey : podsOfWorkflow.getOrDefault(uid, List.of())) {
            Pod p = pods.get(podKey);
            if (p != null && p.workflowUid.equals(uid) && p.ownerRef) {
                return; // a blocking dependent is still there: checked again when it goes
            }
        }
        foreground.remove(uid);
        Workflow w = workflows.get(key);
        if (w == null || !w.uid.equals(uid)) {
            return;
        }
        // The collector's patch that takes its finalizer off, after which the API server removes it.
        audit("patch", "workflows", w.namespace, w.name, null, "garbage-collector", null, 200);
        workflows.remove(key);
        previousVersion.remove(key);
        firstVersion.remove(key);
        truth.workflowDeleted(w, now());
        Workflow before = w.copy();
        w.finalizers.remove("foregroundDeletion");
        w.resourceVersion = nextRv();
        for (WorkflowWatch ww : workflowWatches) {
            if (ww.matches(before)) {
                ww.event('D', w.copy(), null);
            }
        }
    }

    private void collect(Workflow w, boolean orphan) {
        long delay = 0;
        List<Pod> owned = new ArrayList<>();
        for (String key : podsOfWorkflow.getOrDefault(w.uid, List.of())) {
            Pod p = pods.get(key);
            if (p != null) {
                owned.add(p);
            }
        }
        for (Pod p : owned) {
            if (w.uid.equals(p.workflowUid) && p.ownerRef) {
                delay += rng.between(2_000_000L, 15_000_000L);
                String key = p.key();
                String uid = p.uid;
                if (orphan) {
                    sim.after(delay, () -> patchPod(key, uid, null, q -> q.ownerRef = false, Origin.NONE, "garbage-collector"));
                } else {
                    sim.after(delay, () -> deletePod(key, null, uid, "garbage-collector"));
                }
            }
        }
        for (Pod p : owned) {
            TaskResult t = taskResults.get(p.namespace + "/" + p.nodeId());
            if (t != null && t.workflow.equals(w.name) && t.namespace.equals(w.namespace)) {
                taskResults.remove(t.key());
                truth.taskResultGone(t, now());
                for (TaskResultWatch tw : taskResultWatches) {
                    if (tw.matches(t)) {
                        tw.event('D', t.copy());
                    }
                }
            }
        }
    }

    /** The controller deletes a fulfilled Workflow's task results as a collection. */
    void deleteTaskResults(String namespace, String workflow) {
        List<TaskResult> owned = new ArrayList<>();
        for (TaskResult t : taskResults.values()) {
            if (t.namespace.equals(namespace) && t.workflow.equals(workflow)) {
                owned.add(t);
            }
        }
        owned.sort((a, b) -> a.name.compareTo(b.name));
        for (TaskResult t : owned) {
            taskResults.remove(t.key());
            truth.taskResultGone(t, now());
            for (TaskResultWatch tw : taskResultWatches) {
                if (tw.matches(t)) {
                    tw.event('D', t.copy());
                }
            }
        }
    }

    void upsertTaskResult(TaskResult t) {
        TaskResult old = taskResults.get(t.key());
        if (old != null && old.completed == t.completed) {
            return;
        }
        if (!workflows.containsKey(t.namespace + "/" + t.workflow)) {
            return; // its owner is gone: the executor's create or patch fails
        }
        t.resourceVersion = nextRv();
        t.creation = old != null ? old.creation : K8s.sec(now());
        taskResults.put(t.key(), t);
        truth.taskResultWritten(t, old == null, now());
        TaskResult snap = t.copy();
        for (TaskResultWatch tw : taskResultWatches) {
            if (tw.matches(snap)) {
                tw.event(old == null ? 'A' : 'M', snap);
            }
        }
    }

    /** {@code kubectl label workflowtaskresult NAME workflows.argoproj.io/report-outputs-completed=true --overwrite} (#12103's workaround). */
    void labelTaskResultCompleted(String namespace, String name) {
        TaskResult old = taskResults.get(namespace + "/" + name);
        if (old == null || old.completed) {
            return;
        }
        TaskResult t = old.copy();
        t.completed = true;
        upsertTaskResult(t);
    }

    // ---- Scheduler and kubelet ----------------------------------------------------------------

    private void bind(Running r) {
        Pod p = live(r.uid, r.key);
        if (p == null || p.deletionTimestamp != null) {
            return;
        }
        List<String> pool = pools.getOrDefault(p.nodePool, nodes);
        List<String> ready = new ArrayList<>();
        for (String n : pool) {
            if (!cordoned.get(n)) {
                ready.add(n);
            }
        }
        if (r.step.unschedulable && (r.step.schedulableAt < 0 || now() < r.step.schedulableAt)) {
            // No node fits (its requests): the scheduler says so and the Pod stays Pending, unscheduled, until deleted.
            String msg = "0/" + pool.size() + " nodes are available: " + pool.size() + " Insufficient cpu. preemption: 0/" + pool.size()
                    + " nodes are available: " + pool.size() + " No preemption victims found for incoming pod.";
            event(p, null, "FailedScheduling", msg, "default-scheduler");
            long s = K8s.sec(now());
            patchPod(r.key, r.uid, null, q -> q.condition("PodScheduled", "False", "Unschedulable", msg, s), Origin.NONE, "scheduler");
            if (r.step.schedulableAt >= 0) {
                // Room is made (another workload ends, or the autoscaler adds a node): the scheduler's retry binds it.
                sim.at(r.step.schedulableAt, () -> bind(r));
            }
            return;
        }
        String node = ready.isEmpty() ? rng.pick(pool) : rng.pick(ready);
        event(p, null, "Scheduled", "Successfully assigned " + p.namespace + "/" + p.name + " to " + node, "default-scheduler");
        List<Running> down = kubeletsDown.get(node);
        if (down != null) {
            // Bound before the node was marked not ready: its kubelet takes it up once back.
            r.paused = true;
            down.add(r);
        }
        r.node = node;
        truth.podBound(r.uid, node, clocks.offset(node), clocks.correction(node));
        patchPod(r.key, r.uid, null, q -> {
            q.hostNode = node;
            q.hostIp = node.substring(3, node.indexOf('.')).replace('-', '.');
            q.condition("PodScheduled", "True", null, null, K8s.sec(now()));
        }, Origin.NONE, "scheduler");
        sim.after(rng.latency(300_000_000, 1_200_000_000L, 3_000_000_000L), () -> initialize(r));
    }

    private void initialize(Running r) {
        if (r.lost || r.endReason != null) {
            return;
        }
        if (r.paused) {
            // Its kubelet is down: it takes the Pod up again once back.
            sim.after(5 * Go.SECOND, () -> initialize(r));
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null) {
            return;
        }
        if (p.deletionTimestamp != null) {
            kubeletSeesDeletion(r);
            return;
        }
        if (r.step.rejectReason != null) {
            rejectBeforeStart(r);
            return;
        }
        long s = nodeSec(r);
        patchPod(r.key, r.uid, null, q -> {
            q.startTime = s;
            q.podIp = "10.0." + rng.between(1, 250) + "." + rng.between(2, 250);
            q.condition("PodReadyToStartContainers", "True", null, null, s);
            q.condition("Initialized", "True", null, null, s);
            String unready = r.wait == null ? "containers with unready status: [main]" : "containers with unready status: [wait main]";
            q.condition("Ready", "False", "ContainersNotReady", unready, s);
            q.condition("ContainersReady", "False", "ContainersNotReady", unready, s);
        }, Origin.NONE, "kubelet");
        long toStart = rng.latency(500_000_000, 3_000_000_000L, 9_000_000_000L);
        ImagePulls.Pull pull = steadyPools.contains(p.nodePool) ? null : pulls.of(r.uid);
        if (pull == null) {
            sim.after(toStart, () -> start(r));
            return;
        }
        // Session 58: the first container's image pulled first (ImagePulls), then the start as before.
        String container = r.wait == null ? "main" : "wait";
        String image = p.executorImage;
        sim.after(pull.pullingAfter(), () -> pullEvent(r, container, "Pulling", "Pulling image \"" + image + "\""));
        sim.after(pull.pullingAfter() + pull.nanos(), () -> pullEvent(r, container, "Pulled", "Successfully pulled image \"" + image + "\" in "
                + Go.duration(pull.nanos()) + " (" + Go.duration(pull.nanos()) + " including waiting). Image size: " + pull.imageBytes() + " bytes."));
        sim.after(pull.pullingAfter() + pull.nanos() + toStart, () -> start(r));
    }

    /** Session 58: each Pod's image pull, if any ({@link ImagePulls}; none unless the corpus draws them). */
    ImagePulls pulls = ImagePulls.NONE;

    /**
     * Session 58 (s58-smoke): pools a family keeps steady ({@link #keepSteady}): their nodes' clocks near the cluster's
     * ({@link NodeClocks#keepSteady}) and their Pods' images present (no pull drawn).
     */
    final java.util.Set<String> steadyPools = new java.util.HashSet<>();

    void keepSteady(String pool) {
        steadyPools.add(pool);
        clocks.keepSteady(pools.get(pool));
    }

    private void pullEvent(Running r, String container, String reason, String message) {
        if (r.lost || r.endReason != null || r.paused) {
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null || p.deletionTimestamp != null) {
            return;
        }
        event(p, "spec.containers{" + container + "}", reason, message, "kubelet");
    }

    private void start(Running r) {
        if (r.lost || r.endReason != null) {
            return;
        }
        if (r.paused) {
            // Its kubelet is down: it takes the Pod up again once back.
            sim.after(5 * Go.SECOND, () -> start(r));
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null) {
            return;
        }
        if (p.deletionTimestamp != null) {
            kubeletSeesDeletion(r);
            return;
        }
        long t = now();
        r.started = true;
        r.mainStartNanos = t;
        truth.containerStarted(r.uid, t);
        for (Ctr c : r.containers()) {
            c.state = "running";
            c.startedAt = K8s.sec(clocks.at(r.node, t));
            c.containerId = "containerd://" + rng.hex(64);
        }
        Pod started = live(r.uid, r.key);
        for (String c : r.wait == null ? List.of("main") : List.of("wait", "main")) {
            event(started, "spec.containers{" + c + "}", "Created", "Created container: " + c, "kubelet");
            event(started, "spec.containers{" + c + "}", "Started", "Started container " + c, "kubelet");
        }
        postStatus(r);
        // The executor's placeholder task result (report-outputs-completed=false; v3.5.2+: v3.4's executor writes its result once).
        // A resource or data template's executor (main itself) creates it only from v3.5.5 (#12544, InitializeOutput).
        long placeholderAfter = rng.between(100_000_000L, 500_000_000L);
        Release executor = Release.of(started.executorImage.substring(started.executorImage.lastIndexOf(':') + 1));
        if (r.wait == null ? executor.noWaitPlaceholder : executor.placeholderResult) {
            sim.after(placeholderAfter, () -> taskResult(r, false));
        }
        long end = r.step.finishAt > 0 ? Math.max(r.step.finishAt, t + Go.SECOND) : t + Math.max(Go.SECOND, r.step.mainDuration);
        if (r.wait == null) {
            // argoexec resource / argoexec data returning: v3.5.5+ its deferred FinalizeOutput labels the placeholder completed
            // whatever the step's outcome (#12544); v3.4's data executor writes its result once, on success (ReportOutputs);
            // a resource template without output parameters writes none before v3.5.5 (SaveResourceParameters returns early).
            boolean writes = executor.noWaitPlaceholder || (K8s.Step.DATA.equals(r.step.type) && r.step.exitCode == 0);
            if (writes) {
                // v3.5.2-v3.5.4's data executor labels the result it creates "false" and never completes it (session 35).
                boolean completes = !(executor.dataResultNeverCompleted && K8s.Step.DATA.equals(r.step.type));
                sim.at(end - rng.between(20_000_000L, 80_000_000L), () -> taskResult(r, completes));
            }
        }
        sim.at(end, () -> mainExits(r, r.step.exitCode, false));
        if (started.argoDeadline > 0 && started.argoDeadline < end) {
            // The executor's deadline monitor (ARGO_DEADLINE: the Workflow's deadline): wait kills main when it passes.
            sim.at(started.argoDeadline + rng.between(MS_1, 40 * MS_1), () -> executorDeadline(r));
        }
    }

    private static final long MS_1 = 1_000_000L;

    /**
     * {@code monitorDeadline} in wait (every release): at {@code ARGO_DEADLINE} it writes {@code Step exceeded its deadline}
     * as its termination message and kills main (the emissary forwards SIGTERM; SIGKILL after the grace). main answers as
     * it answers any SIGTERM; wait then saves the result and exits 0 as usual.
     */
    private void executorDeadline(Running r) {
        if (r.lost) {
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null || !r.main.running() || !r.waitOn()) {
            // (A resource or data template's deadline is not modelled: no scenario gives one a deadline.)
            return;
        }
        r.wait.message = "Step exceeded its deadline";
        truth.mainSignalledAtDeadline(r.uid, now());
        long killAt = now() + Math.max(2, p.terminationGrace) * Go.SECOND;
        switch (r.step.onTerm) {
            case 0 -> sim.after(rng.between(20_000_000L, 400_000_000L), () -> mainExits(r, 137, false));
            case 1 -> sim.after(rng.between(150_000_000L, 2_000_000_000L), () -> mainExits(r, 143, false));
            case K8s.TERM_TRAP_EXIT_0 -> sim.after(rng.between(250_000_000L, 3_000_000_000L), () -> mainExits(r, 0, false));
            default -> sim.at(killAt, () -> mainExits(r, 137, false));
        }
    }

    /**
     * The kubelet fails a Pod before its containers start (a node-pressure eviction, a node affinity no longer met, a
     * device plugin's admission error): phase {@code Failed} with the reason, containers terminated {@code
     * ContainerStatusUnknown} 137 without a start. Once per step: a Pod created again for the node runs.
     */
    private void rejectBeforeStart(Running r) {
        String reason = r.step.rejectReason;
        String message = r.step.rejectMessage;
        r.step.rejectReason = null;
        if (r.step.classAfterReject != null) {
            r.step.podClass = r.step.classAfterReject;
        }
        r.statusTerminalPosted = true;
        long s = nodeSec(r);
        Pod p = live(r.uid, r.key);
        event(p, null, reason, message, "kubelet");
        for (Ctr c : r.execCtrs()) {
            c.state = "terminated";
            c.exitCode = 137;
            c.reason = "ContainerStatusUnknown";
            c.message = "The container could not be located when the pod was terminated";
        }
        patchPod(r.key, r.uid, null, q -> {
            q.startTime = s;
            q.phase = "Failed";
            q.statusReason = reason;
            q.statusMessage = message;
            q.main = r.main.copy();
            q.wait = r.wait == null ? null : r.wait.copy();
            if ("Evicted".equals(reason)) {
                q.condition("DisruptionTarget", "True", "TerminationByKubelet", message, s);
            }
            q.condition("PodReadyToStartContainers", "False", null, null, s);
            q.condition("Initialized", "True", null, null, s);
            q.condition("Ready", "False", "PodFailed", null, s);
            q.condition("ContainersReady", "False", "PodFailed", null, s);
        }, Origin.NONE, "kubelet");
    }

    private void taskResult(Running r, boolean completed) {
        if (r.lost) {
            return;
        }
        Pod p = pods.get(r.key);
        if (p == null || !p.uid.equals(r.uid)) {
            return;
        }
        if (resultWritesForbidden(p)) {
            // Forbidden: the API server refuses the executor's create (and patch); nothing is written.
            return;
        }
        TaskResult t = new TaskResult();
        t.namespace = p.namespace;
        t.name = p.nodeId();
        t.workflow = p.workflow;
        t.instanceId = p.labels.get(K8s.LABEL_INSTANCE);
        t.workflowUid = p.workflowUid;
        t.completed = completed;
        TaskResult old = taskResults.get(t.key());
        if (!completed && old != null) {
            return;
        }
        upsertTaskResult(t);
    }

    private void mainExits(Running r, int code, boolean byDeletion) {
        if (r.lost) {
            return;
        }
        if (r.main.terminated()) {
            return;
        }
        long t = now();
        r.main.state = "terminated";
        r.main.exitCode = code;
        r.main.reason = code == 0 ? "Completed" : "Error";
        r.main.finishedNanos = clocks.at(r.node, t);
        r.main.finishedAt = K8s.sec(r.main.finishedNanos);
        truth.containerFinished(r.uid, "main", t, code);
        // PLEG notices and the kubelet posts the status a little later.
        long post = rng.between(100_000_000L, 900_000_000L);
        Pod live = live(r.uid, r.key);
        if (live != null && live.nodePool.equals(wholeRelistPool)) {
            // The generic PLEG relists every second, and the pod worker's sync and the status patch follow (session 42): up to
            // 1.4 s on that pool's nodes only, so that every other family's draws stay as they were.
            post += rng.between(0L, 500_000_000L);
        }
        sim.after(post, () -> postStatus(r));
        if (r.waitOn() && live != null && resultWritesForbidden(live)) {
            // v3.6+: no fallback to the Pod annotation, Forbidden is not transient: executor error, wait exits 64 (B5, inferred path).
            boolean patch = rng.chance(0.25);
            String msg = "workflowtaskresults.argoproj.io " + (patch ? "\"" + live.nodeId() + "\" " : "") + "is forbidden: User \"system:serviceaccount:"
                    + live.namespace + ":" + live.serviceAccount + "\" cannot " + (patch ? "patch" : "create")
                    + " resource \"workflowtaskresults\" in API group \"argoproj.io\" in the namespace \"" + live.namespace + "\"";
            String uid = r.uid;
            sim.after(rng.between(300_000_000L, 1_200_000_000L), () -> {
                if (!r.wait.terminated()) {
                    truth.taskResultWriteRefused(uid, now());
                }
                waitExits(r, 64, "Error", msg);
            });
            return;
        }
        if (r.waitOn()) {
            long waitDelay = rng.between(300_000_000L, 1_500_000_000L);
            switch (r.step.waitFate) {
                case K8s.WAIT_REPORT_LOST -> sim.after(waitDelay, () -> waitExits(r));
                case K8s.WAIT_OOM_KILLED -> sim.after(waitDelay / 2, () -> waitExits(r, 137, "OOMKilled"));
                case K8s.WAIT_UPLOAD_FAILED -> {
                    String bucket = rng.chance(0.5) ? "ml-artifacts" : "pipeline-outputs";
                    String msg = "failed to put file: Put \"https://s3.amazonaws.com/" + bucket + "/" + r.key + "/main.log\": dial tcp: i/o timeout";
                    sim.after(waitDelay - 50_000_000L, () -> taskResult(r, true));
                    sim.after(waitDelay, () -> waitExits(r, 64, "Error", msg));
                }
                default -> {
                    sim.after(waitDelay - 50_000_000L, () -> taskResult(r, true));
                    sim.after(waitDelay, () -> waitExits(r));
                }
            }
        }
    }

    private void waitExits(Running r) {
        waitExits(r, 0, "Completed");
    }

    private void waitExits(Running r, int code, String reason) {
        waitExits(r, code, reason, null);
    }

    private void waitExits(Running r, int code, String reason, String message) {
        if (r.lost || !r.waitOn()) {
            return;
        }
        r.wait.message = message;
        long t = now();
        r.wait.state = "terminated";
        r.wait.exitCode = code;
        r.wait.reason = reason;
        r.wait.finishedNanos = clocks.at(r.node, t);
        r.wait.finishedAt = K8s.sec(r.wait.finishedNanos);
        truth.containerFinished(r.uid, "wait", t, code);
        sim.after(rng.between(150_000_000L, 900_000_000L), () -> postStatus(r));
    }

    /** The kubelet's status update: container states, phase, conditions. */
    private void postStatus(Running r) {
        if (r.lost || r.paused) {
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null) {
            return;
        }
        boolean done = r.allTerminated();
        if (done && r.statusTerminalPosted) {
            return;
        }
        long s = nodeSec(r);
        patchPod(r.key, r.uid, null, q -> {
            q.main = r.main.copy();
            q.wait = r.wait == null ? null : r.wait.copy();
            q.sidecar = r.sidecar == null ? null : r.sidecar.copy();
            if (done) {
                boolean failed = (r.main.exitCode != null && r.main.exitCode != 0) || (r.wait != null && r.wait.exitCode != null && r.wait.exitCode != 0)
                        || (r.sidecar != null && r.sidecar.exitCode != null && r.sidecar.exitCode != 0);
                q.phase = failed || r.endReason != null ? "Failed" : "Succeeded";
                if (r.endReason != null) {
                    // The kubelet's own stop (A2): Failed with its reason and message, DisruptionTarget first among its conditions.
                    q.statusReason = r.endReason;
                    q.statusMessage = r.endMessage;
                    q.condition("DisruptionTarget", "True", "TerminationByKubelet",
                            r.endConditionMessage != null ? r.endConditionMessage : r.endMessage, s);
                }
                q.condition("Ready", "False", "PodCompleted", null, s);
                q.condition("ContainersReady", "False", "PodCompleted", null, s);
            } else if (r.main.running() && (r.wait == null || r.wait.running())) {
                q.phase = "Running";
                q.condition("Ready", "True", null, null, s);
                q.condition("ContainersReady", "True", null, null, s);
            } else {
                q.phase = "Running";
                q.condition("Ready", "False", "ContainersNotReady", "containers with unready status: [main]", s);
                q.condition("ContainersReady", "False", "ContainersNotReady", "containers with unready status: [main]", s);
            }
        }, Origin.NONE, "kubelet");
        if (done) {
            r.statusTerminalPosted = true;
            // The sandbox goes a couple of seconds later: the last condition transition.
            sim.after(rng.between(1_500_000_000L, 3_000_000_000L), () -> sandboxDown(r));
            Pod now = live(r.uid, r.key);
            if (now != null && now.deletionTimestamp != null) {
                sim.after(rng.between(50_000_000L, 400_000_000L), () -> finalDelete(r));
            }
        }
    }

    private void sandboxDown(Running r) {
        if (r.lost || r.paused) {
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null) {
            return;
        }
        long s = nodeSec(r);
        patchPod(r.key, r.uid, null, q -> q.condition("PodReadyToStartContainers", "False", null, null, s), Origin.NONE, "kubelet");
    }

    /** The kubelet learns of the deletion: SIGTERM now, SIGKILL at the grace period. */
    private void kubeletSeesDeletion(Running r) {
        if (r.lost || r.paused) {
            return;
        }
        if (r.deletionSeen) {
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null) {
            return;
        }
        r.deletionSeen = true;
        if (!r.started && p.hostNode == null) {
            return; // not bound: no kubelet owns it (deleteGranted leaves it to PodGC)
        }
        if (!r.started) {
            // Never started: the sandbox is torn down, no container ran.
            r.main.state = "terminated";
            r.main.exitCode = 137;
            r.main.reason = "ContainerStatusUnknown";
            if (r.wait != null) {
                r.wait.state = "terminated";
                r.wait.exitCode = 137;
                r.wait.reason = "ContainerStatusUnknown";
            }
            sim.after(rng.between(100_000_000L, 600_000_000L), () -> postStatus(r));
            return;
        }
        if (r.allTerminated()) {
            if (r.statusTerminalPosted) {
                sim.after(rng.between(50_000_000L, 400_000_000L), () -> finalDelete(r));
            }
            return;
        }
        long grace = p.deletionGrace == null ? 30 : p.deletionGrace;
        long killAt = now() + Math.max(2, grace) * Go.SECOND;
        if (r.sidecar != null && r.sidecar.running()) {
            Ctr sc = r.sidecar;
            if (r.step.sidecarIgnoresTerm) {
                sim.at(killAt, () -> sidecarExits(r, 137));
            } else {
                sim.after(rng.between(100_000_000L, 2_000_000_000L), () -> sidecarExits(r, 143));
            }
            event(p, "spec.containers{" + sc.name + "}", "Killing", "Stopping container " + sc.name, "kubelet");
        }
        for (Ctr c : r.execCtrs()) {
            if (c.running()) {
                event(p, "spec.containers{" + c.name + "}", "Killing", "Stopping container " + c.name, "kubelet");
            }
        }
        if (!r.main.terminated()) {
            switch (r.step.onTerm) {
                case 0 -> sim.after(rng.between(10_000_000L, 300_000_000L), () -> mainExits(r, 137, true));
                case 1 -> sim.after(rng.between(100_000_000L, 2_000_000_000L), () -> mainExits(r, 143, true));
                case K8s.TERM_TRAP_EXIT_0 -> sim.after(rng.between(200_000_000L, 3_000_000_000L), () -> {
                    // Session 46: main's exit 0 answers the deletion's SIGTERM (where it had not ended on its own first).
                    if (!r.lost && !r.main.terminated()) {
                        truth.mainAnsweredDeletion(r.uid, now());
                    }
                    mainExits(r, 0, true);
                });
                default -> sim.at(killAt, () -> mainExits(r, 137, true));
            }
            // wait traps SIGTERM, finishes its work (the task result) and exits 0 once main is gone.
        } else if (r.waitOn()) {
            sim.after(rng.between(200_000_000L, 1_000_000_000L), () -> waitExits(r));
        }
    }

    /**
     * The controller's kill command in a container ({@code terminateContainers}: SIGTERM, {@code killContainers}: SIGKILL).
     * Returns whether the container was running when the signal came. A SIGKILL that finds a container other than main
     * running is what AF010 reports (recorded here, as it happens).
     */
    boolean signal(String key, String uid, String container, boolean kill) {
        Running r = kubelet.get(uid);
        Pod p = live(uid, key);
        if (r == null || p == null || r.lost || r.paused) {
            return false;
        }
        Ctr c = switch (container) {
            case "main" -> r.main;
            case "wait" -> r.wait;
            default -> r.sidecar;
        };
        if (c == null || !c.running()) {
            return false;
        }
        if (c == r.main) {
            // A stop of the Workflow (B8): the round comes while main runs. SIGKILL ends it; SIGTERM as main handles it.
            if (kill) {
                sim.after(rng.between(50_000_000L, 400_000_000L), () -> mainExits(r, 137, false));
            } else {
                truth.mainSignalledByController(uid, now());
                switch (r.step.onTerm) {
                    case 0 -> sim.after(rng.between(10_000_000L, 300_000_000L), () -> mainExits(r, 137, false));
                    case 1 -> sim.after(rng.between(100_000_000L, 2_000_000_000L), () -> mainExits(r, 143, false));
                    case K8s.TERM_TRAP_EXIT_0 -> sim.after(rng.between(200_000_000L, 3_000_000_000L), () -> mainExits(r, 0, false));
                    default -> {
                    }
                }
            }
        }
        if (c == r.sidecar) {
            if (kill) {
                truth.killRoundFoundRunning(uid, c.name, now());
                sim.after(rng.between(50_000_000L, 400_000_000L), () -> sidecarExits(r, 137));
            } else if (!r.step.sidecarIgnoresTerm) {
                sim.after(rng.between(100_000_000L, 3_000_000_000L), () -> sidecarExits(r, 143));
            }
        }
        // wait finishes its own work once main is gone (it is exiting anyway).
        return true;
    }

    private void sidecarExits(Running r, int code) {
        if (r.lost) {
            return;
        }
        Ctr c = r.sidecar;
        if (c == null || c.terminated()) {
            return;
        }
        long t = now();
        c.state = "terminated";
        c.exitCode = code;
        c.reason = "Error";
        c.finishedNanos = clocks.at(r.node, t);
        c.finishedAt = K8s.sec(c.finishedNanos);
        sim.after(rng.between(150_000_000L, 900_000_000L), () -> postStatus(r));
    }

    /** kube-controller-manager's PodGC loop period ({@code gcCheckPeriod}, pkg/controller/podgc/gc_controller.go). */
    static final long POD_GC_PERIOD = 20 * Go.SECOND;
    /** Where in its 20 s period the loop runs: fixed, so that no random draw is added to the cluster's stream. */
    private static final long POD_GC_PHASE = 7_300_000_000L;

    /**
     * PodGC's {@code gcUnscheduledTerminating} (k/k {@code pkg/controller/podgc/gc_controller.go}, every release the corpora
     * draw): at each loop, a Pod with a {@code deletionTimestamp} and no {@code spec.nodeName} is marked {@code Failed} (a
     * {@code pods/status} patch, phase only: no container statuses, no reason or message; skipped for a terminal Pod) and
     * deleted with grace 0 (a no-op for the stored grace-0 object a finalizer holds, but a request all the same). It repeats
     * every loop while a finalizer holds the Pod. No Event, no kubelet.
     */
    private void podGcUnscheduled(String uid, String key) {
        long t = now();
        long next = (Math.floorDiv(t - POD_GC_PHASE, POD_GC_PERIOD) + 1) * POD_GC_PERIOD + POD_GC_PHASE;
        sim.at(next, () -> {
            Pod p = live(uid, key);
            if (p == null || p.deletionTimestamp == null || p.hostNode != null) {
                return;
            }
            if (!K8s.terminal(p.phase)) {
                patchPod(key, uid, null, q -> q.phase = "Failed", Origin.NONE, "pod-gc");
            }
            deletePod(key, 0, null, "pod-gc");
            if (live(uid, key) != null) {
                podGcUnscheduled(uid, key);
            }
        });
    }

    private void finalDelete(Running r) {
        if (r.lost || r.paused) {
            return;
        }
        if (r.finalDeleteSent) {
            return;
        }
        Pod p = live(r.uid, r.key);
        if (p == null || p.deletionTimestamp == null) {
            return;
        }
        r.finalDeleteSent = true;
        deletePod(r.key, 0, r.uid, "kubelet");
    }
}
