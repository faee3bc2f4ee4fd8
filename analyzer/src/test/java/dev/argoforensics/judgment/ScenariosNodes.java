package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import dev.argoforensics.judgment.LogSink.Envelope;
import java.nio.file.Path;
import java.util.List;

/**
 * The node-side look-alikes of a lost result (lifecycle reference A2): a Pod that vanished or ended {@code Failed} because
 * of its node, not because the controller lost what it did.
 * <ul>
 *   <li>{@code node-lost}: the machine running the step goes away (a spot reclaim): its kubelet writes nothing more; the
 *       node lifecycle controller marks the Pod not ready, the cloud's deletes the Node, and PodGC patches the Pod
 *       {@code Failed} ({@code DisruptionTarget} {@code DeletionByPodGC} {@code PodGC: node no longer exists}) and deletes
 *       it with grace 0; its containers' last reports (running) stay. The controller sees the update ({@code Pod phase was
 *       Failed but … did not have terminated state}, {@code Pod failed: pod failed: neither main nor wait container
 *       completed successfully}), then the deletion ({@code Removing finalizers during a delete}, the 2m delay from
 *       PodGC's transition), and, once the Pod is gone before the node was fulfilled, {@code pod deleted}. Other Pods
 *       running on the node share the class;</li>
 *   <li>{@code node-lost-force-deleted} (session 28; half the losses, drawn from a stream of their own): the same loss
 *       meeting PodGC as it was before Kubernetes 1.26 (or 1.26-1.30 with {@code PodDisruptionConditions} off), which
 *       force-deletes the Pods of a deleted Node without failing them first (k/k {@code pkg/controller/podgc}
 *       {@code gcOrphaned}; lifecycle reference A2): the Pod keeps phase {@code Running} and its containers' last reports,
 *       so the controller logs no {@code Pod failed} and no {@code did not have terminated state} warning; it sees the
 *       grace-0 deletion, releases the finalizer at the deadline (2m after the not-ready transition) and marks the node
 *       {@code pod deleted} once the Pod is gone. From the controller's lines alone that is a finished Pod's deletion line for
 *       line; the Pod's {@code NodeNotReady} Event, its node's {@code DeletingNode}/{@code RemovingNode} and an export of
 *       the Pod are what tell it apart (the corpus's apiserver version is not changed for it);</li>
 *   <li>{@code node-pressure-evicted}: the kubelet evicts the running Pod ({@code Evicted}, {@code The node was low on
 *       resource: …}, {@code DisruptionTarget} {@code TerminationByKubelet}, no API delete): a hard eviction kills main
 *       and wait at once (both 137), a soft one sends SIGTERM (main answers as it answers any; wait saves the result);
 *       the node {@code Failed} with the eviction message; the Pod labelled completed, or deleted by the Workflow's
 *       podGC (half of them);</li>
 *   <li>{@code node-shutdown}: a graceful node shutdown stops every running Pod of the node ({@code Terminated}, {@code
 *       Pod was terminated in response to imminent node shutdown.}); main traps SIGTERM and exits 0 (the first; AF002's
 *       look-alike: both containers at 0, the node {@code Failed}) or exits 143.</li>
 * </ul>
 * The truth follows what the simulation did: a Pod PodGC deleted while main ran and whose node ended {@code pod deleted}
 * is AF007 by its definition; none is AF001 (no container ended before the deletion) or AF002 (the kubelet's stop ended
 * main, or main never ended).
 *
 * <p>On a controller of its own (its own namespace and four nodes), drawing from its own random streams as
 * {@link ScenariosDeletion} and {@link ScenariosExecControl} do: the rest of the corpus is what it was without it but for
 * resourceVersion numbers.
 */
final class ScenariosNodes {
    static final String LOST = "node-lost";
    /** A lost node whose Pods PodGC force-deletes without failing them first (Kubernetes before 1.26): no phase, no warning. */
    static final String LOST_FORCE_DELETED = "node-lost-force-deleted";
    static final String EVICTED = "node-pressure-evicted";
    static final String SHUTDOWN = "node-shutdown";
    /** Session 30: the node's kubelet stops reporting for 1-4 min past {@code NotReady} and comes back; nothing is deleted. */
    static final String NOT_READY_RECOVERED = "node-not-ready-recovered";
    /** Session 30: the same past the 300 s NoExecute tolerations: the taint manager deletes the Pod, its kubelet kills it once back. */
    static final String UNREACHABLE_EVICTED = "node-unreachable-evicted";
    private static final String[] NAMESPACES = {"spot-batch", "hpc-jobs", "video-encode", "sim-runs"};
    private static final String[] TEMPLATES = {"align", "encode", "simulate", "shard", "transcode"};

    private final ScenariosDeletion.Host host;
    private final Sim.Rng rng;
    /** Which PodGC a lost node meets: a stream of its own, so that every other draw is what it was before session 28. */
    private final Sim.Rng podGcRng;
    /** The kubelet that comes back (session 30): its own plan stream, planned after every other episode. */
    private final Sim.Rng awayRng;
    private final Sim sim;
    private final long start;
    private final long end;
    private Controller main;
    private Kube kube;
    private Truth truth;

    ScenariosNodes(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        this.host = host;
        this.rng = new Sim.Rng(Sim.seed(seed, 27));
        this.podGcRng = new Sim.Rng(Sim.seed(seed, 28));
        this.awayRng = new Sim.Rng(Sim.seed(seed, 30));
        this.sim = sim;
        this.start = start;
        this.end = end;
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        this.kube = kube;
        this.truth = truth;
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        // Four nodes of its own; its release line the scenario controllers' (one step from the deletions', two from the exec-control one's).
        main = OwnController.build(host, this, sim, kube, rng, seed, 272, "pool-nodes", 4, 0, ns, 270, truth, logs);
        return main;
    }

    boolean owns(Controller c) {
        return c == main;
    }

    /** Starts the controller and plans its background and the episodes, all on our streams. */
    void plan(Controller c) {
        sim.stream = this;
        host.withPlan(rng, () -> {
            sim.at(start + 5 * Go.SECOND + rng.between(0, 10) * Go.SECOND, () -> c.start(c.normalWorkers, false));
            host.background(c);
            long t1 = start + rng.between(10, 16) * Go.MINUTE;
            lost(c, t1);
            long t2 = t1 + rng.between(12, 18) * Go.MINUTE;
            evictions(c, t2);
            long t3 = t2 + rng.between(12, 18) * Go.MINUTE;
            shutdown(c, t3);
            long t4 = t3 + rng.between(12, 18) * Go.MINUTE;
            if (rng.chance(0.5) && t4 + 15 * Go.MINUTE < end) {
                lost(c, t4);
            }
            // Session 30, after every other episode and on a stream of its own: the others are planned and run as before.
            long t5 = t4 + awayRng.between(12, 18) * Go.MINUTE;
            if (t5 + 16 * Go.MINUTE < end) {
                host.withPlan(awayRng, () -> kubeletAway(c, t5));
            }
        });
        sim.stream = null;
    }

    private Workflow single(Controller c, String prefix, long submitAt, Step s, K8s.PodGc gc) {
        Spec spec = new Spec();
        spec.steps = rng.chance(0.3);
        spec.stepList.add(s);
        spec.podGc = gc;
        Workflow w = host.workflow(c, prefix, spec);
        host.submit(submitAt, w);
        return w;
    }

    /** A step whose main would run until {@code finishAt} (plus a fraction of a second). */
    private Step step(String cls, long finishAt) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.finishAt = finishAt + rng.between(0, 999_999_999L);
        return s;
    }

    /** The machine running the step is lost; PodGC fails and deletes its Pods once the Node is deleted. */
    private void lost(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Step s = step(LOST, submitAt + rng.between(30, 60) * Go.MINUTE);
        Workflow w = single(c, rng.pick("align", "simulate", "shard"), submitAt, s, rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE);
        long lossAt = submitAt + rng.between(90, 300) * Go.SECOND;
        // Half the losses meet PodGC as it was before Kubernetes 1.26: force-deleted, never failed (Kube.loseNode).
        boolean failFirst = podGcRng.chance(0.5);
        sim.at(lossAt + rng.between(0, 999_999_999L), () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            reclassify(kube.loseNode(p.hostNode, failFirst), failFirst ? LOST : LOST_FORCE_DELETED);
        });
        // Before the loss, and while PodGC's delete is held by the finalizer (its release is due 2m after PodGC's patch).
        host.typicalExports(w, lossAt - rng.between(10, 60) * Go.SECOND, lossAt + 110 * Go.SECOND, lossAt + 200 * Go.SECOND);
        if (rng.chance(0.5)) {
            host.exportNodeEvents();
        }
    }

    /**
     * The kubelet under a running step stops reporting (it hangs, or restarts in a loop; the machine and its containers are
     * fine) and comes back (lifecycle A2; {@link Kube#kubeletDown}): the node {@code NotReady} 40-55 s later, its Pods marked
     * not ready, then {@code NodeReady} again. Mostly ({@code node-not-ready-recovered}) it is back 1-4 min after
     * {@code NotReady}, within the Pods' 300 s tolerations of the NoExecute taint: nothing is deleted, the step runs on and
     * ends normally, half the time while the kubelet is away (its end reported once it is back, with its real time). Else
     * ({@code node-unreachable-evicted}) it is away past the tolerations: the taint manager deletes the Pod ({@code
     * DeletionByTaintManager}) while main runs, and the kubelet, back 40 s-4 min later, kills main (137 or 143) and sends the
     * final delete. Truth as the simulation has it: AF007 where the node then ended {@code pod deleted}; never AF001 (main
     * runs at the deletion) nor AF002.
     */
    private void kubeletAway(Controller c, long t0) {
        Sim.Rng r = awayRng;
        boolean evicted = r.chance(0.35);
        String cls = evicted ? UNREACHABLE_EVICTED : NOT_READY_RECOVERED;
        long submitAt = t0 + r.between(0, 60) * Go.SECOND;
        long downAt = submitAt + r.between(60, 180) * Go.SECOND;
        // NotReady comes 40-55 s after (Kube.kubeletDown); back 1-4 min after it, or 40 s-4 min past the eviction at 300 s.
        long downFor = (evicted ? r.between(400, 600) : r.between(115, 280)) * Go.SECOND + r.between(0, 999_999_999L);
        long backAt = downAt + downFor;
        long finishAt;
        if (!evicted && r.chance(0.5)) {
            finishAt = downAt + r.between(10, downFor / Go.SECOND - 10) * Go.SECOND;
        } else {
            finishAt = backAt + r.between(evicted ? 5 : 1, evicted ? 20 : 8) * Go.MINUTE;
        }
        Step s = host.step(r.pick(TEMPLATES), 0, cls, true);
        s.finishAt = finishAt + r.between(0, 999_999_999L);
        s.onTerm = r.pick(0, 1);
        Spec spec = new Spec();
        spec.steps = r.chance(0.3);
        spec.stepList.add(s);
        spec.podGc = r.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, r.pick("align", "encode", "shard"), spec);
        host.submit(submitAt, w);
        sim.at(downAt + r.between(0, 999_999_999L), () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            reclassify(kube.kubeletDown(p.hostNode, downFor), cls);
        });
        // While the node is not ready (and, evicted, while the Pod is Terminating before the kubelet is back).
        host.typicalExports(w, downAt + r.between(60, 100) * Go.SECOND, evicted ? downAt + 360 * Go.SECOND : 0, evicted ? backAt : 0);
        if (r.chance(0.5)) {
            host.exportNodeEvents();
        }
    }

    /** The Pods of {@code keys} (those a node-side event reached) take {@code cls}, whatever they were planned for. */
    private void reclassify(List<String> keys, String cls) {
        for (String key : keys) {
            Pod other = kube.pods.get(key);
            if (other != null) {
                truth.reclassify(other.uid, cls);
            }
        }
    }

    /** Running steps evicted by the kubelet under node pressure: hard (both containers SIGKILLed) or soft (SIGTERM). */
    private void evictions(Controller c, long t0) {
        int n = rng.chance(0.5) ? 2 : 1;
        for (int i = 0; i < n; i++) {
            long submitAt = t0 + rng.between(0, 90) * Go.SECOND;
            Step s = step(EVICTED, submitAt + rng.between(20, 50) * Go.MINUTE);
            boolean hard = rng.chance(0.6);
            // A soft eviction's SIGTERM: the first traps it and exits 0 (both containers at 0, the node Failed), or exits 143.
            s.onTerm = !hard && i == 0 && rng.chance(0.5) ? K8s.TERM_TRAP_EXIT_0 : rng.pick(0, 1);
            K8s.PodGc gc = rng.chance(0.5) ? new K8s.PodGc("OnPodCompletion", rng.pick("", "30s")) : K8s.PodGc.NONE;
            Workflow w = single(c, rng.pick("encode", "transcode"), submitAt, s, gc);
            long evictAt = submitAt + rng.between(60, 240) * Go.SECOND;
            String message = evictionMessage();
            sim.at(evictAt + rng.between(0, 999_999_999L), () -> {
                Pod p = kube.podOf(w);
                if (p != null) {
                    kube.kubeletStop(p.key(), p.uid, "Evicted", message, hard ? 0 : 30, hard);
                }
            });
            host.typicalExports(w, evictAt + rng.between(20, 120) * Go.SECOND, 0, 0);
        }
    }

    /** The kubelet's eviction message (eviction helpers: the resource, its threshold, the container using most). */
    private String evictionMessage() {
        if (rng.chance(0.7)) {
            return "The node was low on resource: memory. Threshold quantity: 100Mi, available: " + rng.between(20_000, 99_000)
                    + "Ki. Container main was using " + rng.between(1_500_000, 7_800_000) + "Ki, request is " + rng.pick("512Mi", "1Gi", "2Gi")
                    + ", has larger consumption of memory. ";
        }
        return "The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: " + rng.between(2_000_000, 9_900_000)
                + "Ki. Container main was using " + rng.between(12_000_000, 60_000_000) + "Ki, request is 0, has larger consumption of "
                + "ephemeral-storage. ";
    }

    /** A graceful node shutdown while the step runs on the node: every running Pod there is stopped. */
    private void shutdown(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Step s = step(SHUTDOWN, submitAt + rng.between(25, 50) * Go.MINUTE);
        s.onTerm = rng.chance(0.6) ? K8s.TERM_TRAP_EXIT_0 : 1;
        Workflow w = single(c, rng.pick("simulate", "encode"), submitAt, s, K8s.PodGc.NONE);
        long at = submitAt + rng.between(90, 300) * Go.SECOND;
        // shutdownGracePeriod 30s with 10s (or 5s) for critical Pods: 20 (or 25) s for the others.
        int grace = rng.pick(20, 25);
        sim.at(at + rng.between(0, 999_999_999L), () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            reclassify(kube.shutdownNode(p.hostNode, grace), SHUTDOWN);
        });
        host.typicalExports(w, at + rng.between(30, 120) * Go.SECOND, 0, 0);
    }
}
