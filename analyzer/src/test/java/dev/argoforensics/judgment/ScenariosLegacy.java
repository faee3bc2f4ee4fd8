package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 31: a controller of a release from before the pod package and the status-capture finalizer (v3.5.15, v3.4.18 or
 * v3.5.4, cycling with the seed; {@link Release#LEGACY}), in logrus text, TTY or JSON. Its deployment sets
 * {@code ARGO_POD_STATUS_CAPTURE_FINALIZER=true} as the newer ones do, but these releases never put the finalizer on a Pod
 * (argo-controller-logs.md §2.2, §7.1): no AF001 race is possible, and the truth says so (no Pod had the finalizer). Its pod
 * controller logs only {@code insignificant pod change} and {@code cleaning up pod} ({@code key}, {@code action}; §5.3).
 *
 * <p>Besides its background Workflows, a running step's node is lost (a spot reclaim, as in {@link ScenariosNodes}): PodGC
 * patches the Pod {@code Failed} over the containers' last reports (running) and deletes it. {@code inferFailedReason} before
 * #15150 warns for each running container and ends {@code Succeeded} (logged {@code Pod failed: }), but up to v3.6.4 a running
 * {@code wait} keeps the node's phase ({@code leaving phase un-changed: wait container is not yet terminated}; read at v3.4.18
 * and v3.5.4, {@code assessNodeStatus}): every Pod of this family has a wait (resource and data templates, which have none, are
 * {@link ScenariosNoWait}'s), so on all three releases the node stays {@code Running}
 * and is marked {@code pod deleted}
 * once the Pod is gone (AF007's; docs/rules/AF007.md, "Releases before #15150"). Half the losses meet PodGC as it was before
 * Kubernetes 1.26 (deleted, never failed: {@code pod deleted} on every release), and now and then a user deletes a running Pod.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts
 * 35, 352, 350), so that the rest of a corpus is what it was without it but for resourceVersion numbers.
 */
final class ScenariosLegacy extends OwnFamily {
    static final String LOST = "legacy-node-lost";
    static final String LOST_FORCE_DELETED = "legacy-node-lost-force-deleted";
    static final String USER_DELETED = "legacy-pod-deleted-running";
    private static final String[] NAMESPACES = {"etl-legacy", "batch-v3", "ml-old", "jobs-classic"};
    private static final String[] TEMPLATES = {"ingest", "crunch", "aggregate", "export"};

    ScenariosLegacy(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 35, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        Release r = Release.LEGACY.get((int) Math.floorMod(seed, Release.LEGACY.size()));
        main = OwnController.build(host, this, sim, kube, rng, seed, 352, "pool-legacy", 3, 0, ns, 350, truth, logs, "true", r);
        return main;
    }

    /** Starts the controller and plans its background, one or two lost nodes and perhaps a user's delete, all on our streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t1 = start + rng.between(10, 16) * Go.MINUTE;
            lost(c, t1, rng.chance(0.7));
            long t2 = t1 + rng.between(14, 20) * Go.MINUTE;
            if (rng.chance(0.6) && t2 + 15 * Go.MINUTE < end) {
                lost(c, t2, rng.chance(0.5));
            }
            long t3 = t2 + rng.between(12, 18) * Go.MINUTE;
            if (rng.chance(0.5) && t3 + 10 * Go.MINUTE < end) {
                userDeletes(c, t3);
            }
        });
    }

    private Workflow longStep(Controller c, long submitAt, String cls) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.finishAt = submitAt + rng.between(30, 60) * Go.MINUTE + rng.between(0, 999_999_999L);
        Spec spec = new Spec();
        spec.steps = rng.chance(0.4);
        spec.stepList.add(s);
        if (spec.steps && rng.chance(0.5)) {
            // A later step that runs on what the first wrote: after a false success it runs on outputs that never were.
            spec.stepList.add(host.step(rng.pick(TEMPLATES), rng.between(10, 40) * Go.SECOND, "background", false));
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("nightly-etl", "rollup", "feature-build"), spec);
        host.submit(submitAt, w);
        return w;
    }

    /** The machine running the step is lost; PodGC deletes its Pods once the Node is gone, failing them first from 1.26. */
    private void lost(Controller c, long t0, boolean failFirst) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        String cls = failFirst ? LOST : LOST_FORCE_DELETED;
        Workflow w = longStep(c, submitAt, cls);
        loseNodeOf(w, submitAt + rng.between(90, 300) * Go.SECOND, failFirst, cls, host, sim, rng, kube, truth);
    }

    /**
     * The machine running {@code w}'s Pod is lost a moment after {@code lossAt} (its Pods, and those of the same node, reclassified
     * {@code cls}); the Workflow exported before it, the node's Events perhaps. Also {@link ScenariosNoWait}'s.
     */
    static void loseNodeOf(Workflow w, long lossAt, boolean failFirst, String cls, ScenariosDeletion.Host host, Sim sim, Sim.Rng rng,
            Kube kube, Truth truth) {
        sim.at(lossAt + rng.between(0, 999_999_999L), () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            for (String key : kube.loseNode(p.hostNode, failFirst)) {
                Pod other = kube.pods.get(key);
                if (other != null) {
                    truth.reclassify(other.uid, cls);
                }
            }
        });
        host.typicalExports(w, lossAt - rng.between(10, 60) * Go.SECOND, 0, 0);
        if (rng.chance(0.5)) {
            host.exportNodeEvents();
        }
    }

    /** {@code kubectl delete pod} of a running step (grace 30): SIGTERM, the Pod gone after main and wait end. */
    private void userDeletes(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Workflow w = longStep(c, submitAt, USER_DELETED);
        long at = submitAt + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L);
        sim.at(at, () -> {
            Pod p = kube.podOf(w);
            if (p != null && "Running".equals(p.phase)) {
                kube.deletePod(p.key(), null, null, "user");
            }
        });
        host.typicalExports(w, at - rng.between(10, 60) * Go.SECOND, at + Go.SECOND, at + 20 * Go.SECOND);
    }
}
