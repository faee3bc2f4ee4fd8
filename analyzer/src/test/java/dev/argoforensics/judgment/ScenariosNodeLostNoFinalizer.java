package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 30: {@code node-lost-no-finalizer}, the lost node of {@link ScenariosNodes} on a controller without the status-capture
 * finalizer ({@code ARGO_POD_STATUS_CAPTURE_FINALIZER} unset: the default in v3.6 and v3.7, and in v4 unless configured). The
 * machine under a running step goes away; the node lifecycle controller marks the Pod not ready, the Node is deleted, and PodGC
 * patches the Pod {@code Failed} ({@code DisruptionTarget} {@code DeletionByPodGC}) and deletes it with grace 0 (Kubernetes 1.26
 * and later; lifecycle reference A2). Nothing holds the Pod: it leaves the API at once, so the pod controller logs only {@code
 * delete pod event} (no {@code Removing finalizers during a delete}, no queuing line). A worker that took the Workflow up between
 * the two reads the {@code Failed} ({@code Pod phase was Failed but main did not have terminated state}, {@code Pod failed: pod
 * failed: neither main nor wait container completed successfully}); one that came after finds the Pod missing. v3.7.18 and v4.1
 * keep the node unfulfilled (wait's result never synced) and mark it {@code pod deleted}; v3.6.19 counts it fulfilled by its
 * phase and leaves it {@code Failed}. The truth follows the simulation: PodGC deleted the Pod while main ran, and the node's
 * persisted end is {@code pod deleted} or PodGC's {@code Failed} ({@link Truth}).
 *
 * <p>A family of its own, as {@link ScenariosNodes} is (its own controller, namespace, three nodes and random streams through
 * {@link OwnController}), so that the rest of a corpus is what it was without it but for resourceVersion numbers.
 */
final class ScenariosNodeLostNoFinalizer extends OwnFamily {
    static final String LOST = "node-lost-no-finalizer";
    private static final String[] NAMESPACES = {"tile-farm", "lidar-proc", "geo-etl", "render-spot"};
    private static final String[] TEMPLATES = {"rasterize", "extract", "merge", "tile"};

    ScenariosNodeLostNoFinalizer(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 31, sim, start, end);
    }

    /** The controller, its finalizer variable unset; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 312, "pool-bare", 3, 1, ns, 310, truth, logs, "");
        return main;
    }

    /** Starts the controller and plans its background and one or two losses, all on our streams. */
    void plan(Controller c) {
        planOneOrTwo(c, 14, 20, 15, t -> lost(c, t));
    }

    /** The machine running the step is lost; PodGC fails and deletes its Pods once the Node is deleted; nothing holds them. */
    private void lost(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Step s = host.step(rng.pick(TEMPLATES), 0, LOST, true);
        s.finishAt = submitAt + rng.between(30, 60) * Go.MINUTE + rng.between(0, 999_999_999L);
        Spec spec = new Spec();
        spec.steps = rng.chance(0.3);
        spec.stepList.add(s);
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("tiles", "lidar", "merge"), spec);
        host.submit(submitAt, w);
        long lossAt = submitAt + rng.between(90, 300) * Go.SECOND;
        sim.at(lossAt + rng.between(0, 999_999_999L), () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            for (String key : kube.loseNode(p.hostNode, true)) {
                Pod other = kube.pods.get(key);
                if (other != null) {
                    truth.reclassify(other.uid, LOST);
                }
            }
        });
        // Before the loss only: nothing holds the Pod once PodGC deletes it.
        host.typicalExports(w, lossAt - rng.between(10, 60) * Go.SECOND, 0, 0);
        if (rng.chance(0.5)) {
            host.exportNodeEvents();
        }
    }
}
