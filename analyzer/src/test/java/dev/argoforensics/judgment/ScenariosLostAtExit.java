package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;
import java.util.List;

/**
 * Session 42: a machine lost in the seconds around a step's end ({@link Kube#loseNode}: a spot reclaim, a terminated instance;
 * lifecycle reference A2). Nothing ties a loss to a step's end, so the other node families put it anywhere in a long step and
 * rarely draw the moments that matter here; this family draws them on purpose, both ways, from 5 s before main's exit to 5 s
 * after it.
 *
 * <p>The kubelet learns of main's exit from its pod lifecycle event generator (the generic PLEG relists the containers every
 * second: 0-1 s to notice) and then syncs the Pod and patches its status (0.1-0.4 s more); on this family's nodes the model posts
 * it 0.1-1.4 s after the exit ({@link Kube#wholeRelistPool}; elsewhere 0.1-0.9 s, left so that the other families' draws stay as
 * they were), and wait, which saves the outputs, writes the completed task result and exits 0.3-1.5 s after main. A machine that dies inside that
 * window leaves the last report as it was: main shown running, though it ended 0 (s41's unseen seeds 2007 and 2018 drew two
 * such bystanders by chance). The task result is left as the executor left it: the placeholder, or completed where wait got
 * its write out before the machine went (evidence that main ended that no container status shows). What follows is every lost
 * node's: {@code NotReady} 40-55 s later, the Node deleted, PodGC's {@code Failed} (from Kubernetes 1.26, half the time here) and
 * its grace-0 delete.
 *
 * <p>The class is read off the simulation at the moment of the loss, for every Pod of the node still running there (the
 * episode's step and any background step beside it): {@link #UNREPORTED} main had exited and the API still shows it running,
 * {@link #REPORTED} main's exit was posted (wait or the Pod's phase not yet), {@link #RUNNING} main still ran (the look-alike
 * no evidence tells from the first: AF007's truth where the node ends so), {@link #NOT_STARTED} main had not started. A step
 * whose Pod ended and was reported before the loss keeps {@link #ENDED} (PodGC deletes it all the same).
 *
 * <p>A family of its own (its own controller, namespace, six nodes (one lost per episode) and random streams through {@link OwnController}, salts
 * 47, 472, 470), chained after {@link ScenariosPodNamesV1}; its release cycles with the seed over {@link Release#NO_WAIT}'s six,
 * three steps from the no-wait family's, and its controller runs without the status-capture finalizer on every third seed
 * (seed mod 3 = 1; the legacy releases have none whatever it says).
 */
final class ScenariosLostAtExit extends OwnFamily {
    static final String UNREPORTED = "lost-at-exit-unreported";
    static final String REPORTED = "lost-at-exit-reported";
    static final String RUNNING = "lost-at-exit-main-running";
    static final String NOT_STARTED = "lost-at-exit-not-started";
    static final String ENDED = "lost-at-exit-ended-before";
    private static final String[] NAMESPACES = {"spotfleet-jobs", "sim-farm", "preempt-etl", "reclaim-jobs"};
    private static final String[] TEMPLATES = {"simulate", "aggregate", "convert", "train-shard", "export"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code lost-at-exit-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("lost-at-exit-");
    }

    ScenariosLostAtExit(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 47, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        Release r = Release.NO_WAIT.get((int) Math.floorMod(seed + 3, Release.NO_WAIT.size()));
        String finalizerEnv = Math.floorMod(seed, 3) == 1 ? "" : "true";
        main = OwnController.build(host, this, sim, kube, rng, seed, 472, "pool-lost-at-exit", 6, 0, ns, 470, truth, logs, finalizerEnv, r);
        kube.wholeRelistPool = "pool-lost-at-exit";
        return main;
    }

    /** Starts the controller and plans its background and two to four losses 12-18 minutes apart, all on our streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            for (int i = 0; i < 4 && t + 18 * Go.MINUTE < end; i++) {
                lost(c, t);
                t += rng.between(12, 18) * Go.MINUTE;
            }
        });
    }

    /** A step whose main exits 3-9 minutes in; its machine is lost from 5 s before that exit to 5 s after it. */
    private void lost(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Step s = host.step(rng.pick(TEMPLATES), 0, ENDED, true);
        long exitAt = submitAt + rng.between(3, 9) * Go.MINUTE + rng.between(0, 999_999_999L);
        s.finishAt = exitAt;
        Spec spec = new Spec();
        spec.steps = rng.chance(0.4);
        spec.stepList.add(s);
        if (spec.steps && rng.chance(0.5)) {
            spec.stepList.add(host.step(rng.pick(TEMPLATES), rng.between(10, 40) * Go.SECOND, "background", false));
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("spot-run", "shard-sim", "nightly-convert"), spec);
        host.submit(submitAt, w);
        // Half inside the kubelet's report of main's exit or just past it, a fifth when it was posted a while ago (wait's end,
        // the phase perhaps too), the rest while main still ran.
        double u = rng.nextDouble();
        long offset = u < 0.5 ? rng.between(20_000_000L, 1_300_000_000L)
                : u < 0.7 ? rng.between(1_300_000_000L, 5_000_000_000L)
                : -rng.between(20_000_000L, 5_000_000_000L);
        boolean failFirst = rng.chance(0.5);
        long lossAt = exitAt + offset;
        sim.at(lossAt, () -> {
            Pod p = kube.podOf(w);
            if (p == null || p.hostNode == null) {
                return;
            }
            List<String> there = kube.loseNode(p.hostNode, failFirst);
            for (String key : there) {
                Pod other = kube.pods.get(key);
                if (other != null) {
                    truth.reclassify(other.uid, classAtLoss(other));
                }
            }
        });
        // Before the loss, and while PodGC's delete may be held by the finalizer (its release is due 2m after PodGC's patch).
        host.typicalExports(w, lossAt - rng.between(10, 60) * Go.SECOND, lossAt + 110 * Go.SECOND, lossAt + 200 * Go.SECOND);
        if (rng.chance(0.5)) {
            host.exportNodeEvents();
        }
    }

    /** What the Pod's containers had done when its machine went, and what its last report shows of it. */
    private String classAtLoss(Pod p) {
        Truth.PodFacts f = truth.get(p.uid);
        if (f == null || f.mainStartedAt < 0) {
            return NOT_STARTED;
        }
        if (f.mainFinishedAt < 0) {
            return RUNNING;
        }
        return p.main != null && p.main.terminated() ? REPORTED : UNREPORTED;
    }
}
