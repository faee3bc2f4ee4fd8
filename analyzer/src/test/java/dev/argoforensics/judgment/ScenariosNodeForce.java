package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;
import java.util.List;

/**
 * Session 33: two shapes of a lost node's Pod that the other families lack (lifecycle reference A1, A2; Argo v3.6.19, v3.7.18
 * and v4.1.2 {@code workflow/controller/pod_cleanup.go}, {@code pod/controller.go}, {@code operator.go}).
 *
 * <p>{@code node-lost-podgc-throttled}: the machine is lost and its Node deleted, and PodGC patches the Pod {@code Failed}
 * ({@code DeletionByPodGC}) but its delete comes late ({@link Kube#loseNode(String, boolean, boolean)}: waiting its turn in
 * PodGC's rate-limited client and the apiserver's queues, 0.3-6 s, or failed and sent again by the next pass, 20 s on). The
 * controller reads the {@code Failed} first: the warnings ({@code Pod … phase was Failed but main did not have terminated
 * state}) and {@code Pod failed} come before the delete. v3.6.19 counts the node fulfilled by its phase, stores {@code Failed},
 * and its {@code queuePodsForCleanup} queues {@code labelPodCompleted} (no pod GC strategy) or {@code deletePod}
 * ({@code OnPodCompletion}) for the Pod: the label (which also drops the status finalizer) can reach the Pod before PodGC's
 * delete, whose own event is then never seen (the Pod left the informer); Argo's {@code deletePod} can even delete it first.
 * v3.7.18 and v4.1.3 keep the node unfulfilled (wait's result never synced), so nothing is queued before the delete, which then
 * takes the deleting path ({@code Removing finalizers during a delete}, 2m after PodGC's {@code DisruptionTarget} transition).
 *
 * <p>{@code node-lost-force-deleted-by-user}, {@code node-lost-evicted-then-force-deleted}: the machine is lost but its Node stays
 * ({@link Kube#loseNodeKept}: no cloud provider removes it), so PodGC never acts. A user force-deletes the Pod ({@code kubectl
 * delete pod --grace-period=0 --force}) 1-4 min after {@code NotReady}, before the taint manager; or the taint manager evicts it at
 * 300 s (grace 30: {@code Terminating} for good, no kubelet to end it; the status finalizer released 2m after the eviction's
 * {@code DisruptionTarget}) and the user force-deletes the stuck Pod 3-14 min later (grace 0: from 1.33 the deletionTimestamp
 * moves to now). No graceful termination, the kubelet never reports: the Pod's phase stays {@code Running}, main and wait never
 * end; the node ends {@code pod deleted}. The truth records who asked (the user, or the taint manager and then the user).
 *
 * <p>A family of its own (its own controller, namespace, four nodes and random streams through {@link OwnController}, salts 38,
 * 382, 380), chained after {@link ScenariosNoWait}, so that the rest of a corpus is what it was without it but for resourceVersion
 * numbers. Its release cycles with the seed over {@link Release#MODERN} (two steps from the scenario controllers'); every fourth
 * seed's controller runs without the status-capture finalizer.
 */
final class ScenariosNodeForce extends OwnFamily {
    static final String THROTTLED = "node-lost-podgc-throttled";
    static final String USER_FORCE = "node-lost-force-deleted-by-user";
    static final String EVICTED_FORCE = "node-lost-evicted-then-force-deleted";
    private static final String[] NAMESPACES = {"batch-farm", "seq-align", "render-nodes", "sim-grid"};
    private static final String[] TEMPLATES = {"align", "render", "reduce", "simulate"};

    ScenariosNodeForce(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 38, sim, start, end);
    }

    /** The controller (every fourth seed without the status-capture finalizer); the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 4, NAMESPACES.length)];
        String finalizerEnv = Math.floorMod(seed, 4) == 2 ? "" : "true";
        main = OwnController.build(host, this, sim, kube, rng, seed, 382, "pool-force", 4, 2, ns, 380, truth, logs, finalizerEnv);
        return main;
    }

    /** Starts the controller and plans its background, a throttled PodGC and one or two force-deleted Pods of lost nodes. */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t1 = start + rng.between(8, 14) * Go.MINUTE;
            throttled(c, t1);
            long t2 = t1 + rng.between(12, 18) * Go.MINUTE;
            forced(c, t2, rng.chance(0.5));
            long t3 = t2 + rng.between(24, 30) * Go.MINUTE;
            if (rng.chance(0.7) && t3 + 25 * Go.MINUTE < end) {
                if (rng.chance(0.4)) {
                    throttled(c, t3);
                } else {
                    forced(c, t3, rng.chance(0.5));
                }
            }
        });
    }

    /** A Workflow whose first step would run 30-60 min (a Steps Workflow 30% of the time). */
    private Workflow longStep(Controller c, long submitAt, String cls) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.finishAt = submitAt + rng.between(30, 60) * Go.MINUTE + rng.between(0, 999_999_999L);
        Spec spec = new Spec();
        spec.steps = rng.chance(0.3);
        spec.stepList.add(s);
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("align", "render", "sim"), spec);
        host.submit(submitAt, w);
        return w;
    }

    /** The machine is lost and its Node deleted; PodGC fails its Pods and deletes them late. */
    private void throttled(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Workflow w = longStep(c, submitAt, THROTTLED);
        long lossAt = submitAt + rng.between(90, 300) * Go.SECOND;
        sim.at(lossAt + rng.between(0, 999_999_999L), () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            reclassify(kube.loseNode(p.hostNode, true, true), THROTTLED);
        });
        host.typicalExports(w, lossAt - rng.between(10, 60) * Go.SECOND, lossAt + 110 * Go.SECOND, lossAt + 200 * Go.SECOND);
        if (rng.chance(0.5)) {
            host.exportNodeEvents();
        }
    }

    /**
     * The machine is lost, its Node stays; a user force-deletes the Pod 60-240 s after {@code NotReady}, or ({@code evictedFirst})
     * 3-14 min after the taint manager's eviction has left it {@code Terminating}.
     */
    private void forced(Controller c, long t0, boolean evictedFirst) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        String cls = evictedFirst ? EVICTED_FORCE : USER_FORCE;
        Workflow w = longStep(c, submitAt, cls);
        long lossAt = submitAt + rng.between(90, 300) * Go.SECOND + rng.between(0, 999_999_999L);
        // From NotReady: before the taint manager (300 s), or after its eviction and the finalizer's 2m.
        long after = evictedFirst ? 302 * Go.SECOND + rng.between(3 * 60, 14 * 60) * Go.SECOND : rng.between(60, 240) * Go.SECOND;
        after += rng.between(0, 999_999_999L);
        long forceAfter = after;
        sim.at(lossAt, () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            long[] notReady = new long[1];
            List<String> there = kube.loseNodeKept(p.hostNode, notReady);
            reclassify(there, cls);
            for (String key : there) {
                Pod q = kube.pods.get(key);
                String uid = q.uid;
                sim.after(notReady[0] + forceAfter, () -> {
                    Pod now = kube.pods.get(key);
                    if (now != null && now.uid.equals(uid)) {
                        kube.deletePod(key, 0, null, "user-force");
                    }
                });
            }
        });
        // Before the loss; while it is Terminating on the dead node (after the eviction) or not yet force-deleted.
        long from = evictedFirst ? lossAt + 420 * Go.SECOND : lossAt + 60 * Go.SECOND;
        host.typicalExports(w, lossAt - rng.between(10, 60) * Go.SECOND, from, lossAt + 40 * Go.SECOND + forceAfter);
        if (rng.chance(0.5)) {
            host.exportNodeEvents();
        }
    }

    private void reclassify(List<String> keys, String cls) {
        for (String key : keys) {
            Pod other = kube.pods.get(key);
            if (other != null) {
                truth.reclassify(other.uid, cls);
            }
        }
    }
}
