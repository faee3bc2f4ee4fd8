package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 44: a step's Pod preempted by kube-scheduler for a higher-priority Pod while main runs (lifecycle reference A2,
 * {@code PreemptionByScheduler}; {@link Kube#preempt}): the scheduler writes the victim's {@code DisruptionTarget} condition,
 * deletes it with its own grace period (30 s) and records the {@code Preempted} Event ({@code Preempted by pod <uid> on node
 * <node>}, related to the preemptor). The kubelet stops main with SIGTERM: main dies of it (the emissary reports 137), exits
 * 143 itself, ignores it until the SIGKILL at the grace, or, half the time here, traps it, cleans up and exits 0 (a batch job's
 * graceful shutdown handler). The preemptor is no Argo Pod: only its UID is seen.
 *
 * <ul>
 * <li>{@link #RUNNING}: no stall. The controller sees the Pod end (the deletion, then the terminal phase, the finalizer
 * released after it) and stores its node: {@code Failed} with main's code, or {@code Succeeded} where main trapped the
 * SIGTERM and exited 0 (a stopped step recorded as a success: true of what its containers did). No rule's truth.</li>
 * <li>{@link #DURING_STALL}: #17024's stall (the Workflow workers stall 5-6 min) and the preemption 20-120 s into it: the pod
 * controller releases the finalizer, the Pod is gone before any worker sees its end, and after the stall the node is marked
 * {@code pod deleted}: AF007's truth (deleted while main ran), and AF002's where main trapped the SIGTERM and exited 0 (every
 * container at 0, the node {@code Error}). Never AF001's: no container had ended when the deletion was requested. From the
 * controller's lines alone it reads like the race (a deletion during a stall, the finalizer released, {@code pod deleted});
 * the Pod export's {@code DisruptionTarget}, the {@code Preempted} Event and main's {@code finishedAt} after the deletion
 * tell it apart where the corpus has them.</li>
 * <li>{@link #BY_KUBELET}: the kubelet preempts the running Pod to admit a critical Pod (no API delete; {@code Preempting},
 * {@code Preempted in order to admit critical pod}, {@code DisruptionTarget} {@code TerminationByKubelet}): the Pod and its node
 * end {@code Failed} whatever main exits with. No rule's truth.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 49,
 * 492, 490), chained after {@link ScenariosV40} and before the stress family. Not modelled: a Pod preempted while {@code Pending}
 * (bound, its images still pulling: the model starts containers seconds after binding), other Pods of the node preempted with
 * it, the preemptor's own scheduling, a Pod's {@code priorityClassName}.
 */
final class ScenariosPreempt extends OwnFamily {
    static final String RUNNING = "preempted-running";
    static final String DURING_STALL = "preempted-during-stall";
    static final String BY_KUBELET = "preempted-by-kubelet";
    private static final String[] NAMESPACES = {"bulk-inference", "low-prio-batch", "backfill-jobs", "opportunistic-etl"};
    private static final String[] TEMPLATES = {"score-batch", "backfill", "embed", "compact", "reindex"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code preempted-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("preempted-");
    }

    ScenariosPreempt(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 49, sim, start, end);
    }

    /** The controller (its release line one step from the scenario controllers'); the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 492, "pool-preempt", 3, 1, ns, 490, truth, logs);
        return main;
    }

    /**
     * Starts the controller and plans its background and up to three episodes, all on our streams: a preemption during a stall
     * first, then the scheduler's or the kubelet's with the workers running, then any of the three.
     */
    void plan(Controller c) {
        planUpToThree(c, first -> rng.pick(2, 3), (kind, t) -> {
            switch (kind) {
                case 0, 1 -> duringStall(c, t);
                case 2 -> running(c, t);
                default -> byKubelet(c, t);
            }
        });
    }

    /** What main does on SIGTERM: traps it and exits 0 half the time, else dies of it, exits 143 or ignores it. */
    private void onTerm(Step s) {
        s.onTerm = rng.chance(0.5) ? K8s.TERM_TRAP_EXIT_0 : rng.pick(0, 1, 2);
    }

    /** The scheduler preempts the Workflow's first Pod at {@code at} (if it is still there, bound and not ending). */
    private void preemptAt(long at, Workflow w) {
        String preemptor = rng.uuid();
        sim.at(at, () -> {
            Pod p = kube.podOf(w);
            if (p != null) {
                kube.preempt(p.key(), preemptor);
            }
        });
    }

    private Workflow workflow(Controller c, Step s) {
        return stepsWorkflow(c, s, "nightly-score", "backfill-run", "embed-corpus", "compact-shards");
    }

    /** A running step's Workflow submitted, and the moment its Pod is to be preempted (the draws in this order). */
    private record Started(Workflow workflow, long at) {
    }

    /** A step of class {@code klass} that would run 20 to 40 minutes, submitted, its preemption due 90 s to 4 min later. */
    private Started startRunning(Controller c, long t0, String klass) {
        Step s = host.step(rng.pick(TEMPLATES), 0, klass, true);
        onTerm(s);
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(20, 40) * Go.MINUTE;
        Workflow w = workflow(c, s);
        host.submit(submit, w);
        return new Started(w, submit + rng.between(90, 240) * Go.SECOND + rng.between(0, 999_999_999L));
    }

    /** Preempted while main runs, the controller working: the node stored as the Pod ended (no finding is right). */
    private void running(Controller c, long t0) {
        Started started = startRunning(c, t0, RUNNING);
        Workflow w = started.workflow();
        long at = started.at();
        preemptAt(at, w);
        host.typicalExports(w, at + rng.between(4, 8) * Go.MINUTE, at + Go.SECOND, at + 25 * Go.SECOND);
    }

    /**
     * The kubelet preempts the running Pod for a critical Pod ({@link Kube#kubeletPreempt}; no API delete, the workers running):
     * the Pod ends {@code Failed} with reason {@code Preempting} whatever main exits with, and so does its node (no finding is
     * right: an exit 0 there answers the SIGTERM).
     */
    private void byKubelet(Controller c, long t0) {
        Started started = startRunning(c, t0, BY_KUBELET);
        Workflow w = started.workflow();
        long at = started.at();
        sim.at(at, () -> {
            Pod p = kube.podOf(w);
            if (p != null) {
                kube.kubeletPreempt(p.key(), p.uid);
            }
        });
        host.typicalExports(w, at + rng.between(4, 8) * Go.MINUTE, 0, 0);
    }

    /** Preempted while main runs during a stall of the Workflow workers: the node marked {@code pod deleted} after it. */
    private void duringStall(Controller c, long t0) {
        stallAt(c, t0);
        Step s = host.step(rng.pick(TEMPLATES), 0, DURING_STALL, true);
        onTerm(s);
        s.finishAt = t0 + rng.between(20, 40) * Go.MINUTE;
        Workflow w = workflow(c, s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        long at = t0 + rng.between(20, 120) * Go.SECOND + rng.between(0, 999_999_999L);
        preemptAt(at, w);
        host.typicalExports(w, at - 5 * Go.SECOND, at + 35 * Go.SECOND, at + 110 * Go.SECOND);
    }
}
