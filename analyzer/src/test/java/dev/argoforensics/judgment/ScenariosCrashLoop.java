package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 57 (s57-gen): a controller that crash-loops, its restarts following the kubelet's back-off, and its standby taking the
 * Lease over where a restart outlasts the Lease. Each episode: the leading process dies (a panic in a pod-cleanup worker) 3-5 times,
 * each next time 15-60 s after the controller is up again with no restart to come. The kubelet restarts a container at once the
 * first time and then after its crash-loop back-off (10 s doubling to 5 min, reset after 10 min without a restart; per container:
 * {@link Controller#crashLoopBackoff}); with election on and a standby (70% of corpora), a restart later than the standby's take-over
 * ({@code LEADER_ELECTION_LEASE_DURATION} 15 s from its own sight of the last renewal, its tries 5-11 s apart: 10-27 s after the
 * death) finds the Lease taken: the standby logs {@code successfully acquired lease}, {@code new leader} naming itself and Run's
 * lines, and the old container restarts as the standby naming it. The next crash is the new leader's, whose own container starts its
 * back-off afresh. Read at main.go (v3.6.19, v3.7.18, v4.0.10, v4.1.2: {@code ReleaseOnCancel: false}, the defaults 15 s, 10 s, 5 s).
 *
 * <ul>
 * <li>{@link #DELETED_DURING}: a Steps Workflow's one step ends 15-40 s after the loop's first crash; a user or PodGC deletes its Pod
 * 20-60 s later, while the loop goes on (the finalizer holds it until a run releases it). The truth is the simulation's.</li>
 * <li>{@link #RUNNING_THROUGH}: a step that runs through the loop and ends after it. No finding is right.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 597,
 * 5971, 5972), chained after {@link ScenariosStaleLabelV4} and before the stress family. Not modelled: a crash in the start-up itself
 * (before the informers sync), a liveness probe's kill, KEP-4603's shorter back-off (alpha in Kubernetes 1.33, off by default).
 */
final class ScenariosCrashLoop extends OwnFamily {
    static final String DELETED_DURING = "crashloop-deleted-during";
    static final String RUNNING_THROUGH = "crashloop-running-through";
    private static final String[] NAMESPACES = {"feature-jobs", "ledger-batch", "media-transcode", "crawl-jobs"};
    private static final String[] TEMPLATES = {"encode", "crawl", "ledger", "features"};

    /** Whether {@code name} is this family's controller ({@code wfc-<namespace>}, its namespaces no other family's). */
    static boolean isController(String name) {
        return java.util.Arrays.stream(NAMESPACES).anyMatch(ns -> name.equals("wfc-" + ns));
    }

    /** Whether {@code cls} is one of this family's classes (all begin {@code crashloop-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("crashloop-");
    }

    ScenariosCrashLoop(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 597, sim, start, end);
    }

    /** The controller (a standby beside it in 70% of corpora); the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        boolean standby = rng.chance(0.7);
        main = OwnController.build(host, this, sim, kube, rng, seed, 5971, "pool-crash-loop", 3, 1, ns, 5972, truth, logs, "true", null,
                standby);
        return main;
    }

    /** Starts the controller, plans its background, an episode 10-16 minutes in and, with chance 0.6, another 20-26 minutes later. */
    void plan(Controller c) {
        planOneOrTwo(c, 20, 26, 25, t -> episode(c, t));
    }

    private void episode(Controller c, long t0) {
        Step s = host.step(rng.pick(TEMPLATES), 0, DELETED_DURING, true);
        s.finishAt = t0 + rng.between(15, 40) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(s);
        host.submit(t0 - rng.between(60, 150) * Go.SECOND, w);
        deleteFinished(s.finishAt + rng.between(20, 60) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, podName(w, s)));
        host.typicalExports(w, s.finishAt + rng.between(6, 10) * Go.MINUTE, 0, 0);

        Step r = host.step(rng.pick(TEMPLATES), 0, RUNNING_THROUGH, true);
        r.finishAt = t0 + rng.between(8, 12) * Go.MINUTE + rng.between(0, 999_999_999L);
        Workflow through = single(r);
        host.submit(t0 - rng.between(30, 120) * Go.SECOND, through);
        host.typicalExports(through, r.finishAt + rng.between(1, 3) * Go.MINUTE, 0, 0);

        int crashes = rng.between(3, 5);
        long[] runFor = new long[crashes];
        for (int i = 1; i < crashes; i++) {
            runFor[i] = rng.between(15, 60) * Go.SECOND + rng.between(0, 999) * Go.MILLI;
        }
        sim.at(t0, () -> crashWhenSettled(c, runFor, 0));
    }

    /** Crash {@code k} of the loop: {@code runFor[k]} after the controller is settled (up, no restart to come); then the next. */
    private void crashWhenSettled(Controller c, long[] runFor, int k) {
        if (k >= runFor.length) {
            return;
        }
        if (!c.settled()) {
            sim.after(Go.SECOND, () -> crashWhenSettled(c, runFor, k));
            return;
        }
        sim.after(runFor[k], () -> {
            if (!c.settled()) {
                crashWhenSettled(c, runFor, k);
                return;
            }
            c.crash();
            crashWhenSettled(c, runFor, k + 1);
        });
    }

    /** A Steps Workflow of the one step {@code s}, no podGC strategy. */
    private Workflow single(Step s) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.podGc = K8s.PodGc.NONE;
        return host.workflow(main, rng.pick("encode-batch", "crawl-shard", "ledger-close", "feature-refresh"), spec);
    }

    /** GeneratePodName (POD_NAMES v2) of the node {@code <wf>[0].<template>}. */
    private static String podName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }
}
