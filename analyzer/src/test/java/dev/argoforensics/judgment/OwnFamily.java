package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * What every scenario family with a controller of its own holds: the host it plans on, its own random stream (its salt:
 * each family's is distinct, Truth throws on the duplicate UIDs shared streams would make), the simulation and the corpus's
 * span, the controller it builds, and the cluster and truth file it builds on. Each family builds its controller and plans its episodes
 * itself, inside {@link #planOwn} (its streams, the controller's start, its background).
 */
abstract class OwnFamily {
    final ScenariosDeletion.Host host;
    final Sim.Rng rng;
    final Sim sim;
    final long start;
    final long end;
    Controller main;
    Kube kube;
    Truth truth;

    OwnFamily(ScenariosDeletion.Host host, long seed, long salt, Sim sim, long start, long end) {
        this.host = host;
        this.rng = new Sim.Rng(Sim.seed(seed, salt));
        this.sim = sim;
        this.start = start;
        this.end = end;
    }

    /** The cluster and the truth file the family's {@code build} works on. */
    final void bind(Kube kube, Truth truth) {
        this.kube = kube;
        this.truth = truth;
    }

    /**
     * Starts the controller 5-15 s in and plans its background, then an episode 10-16 minutes in and, with chance 0.6, a second
     * {@code gapFrom}-{@code gapTo} minutes after it where {@code tail} minutes are left before the corpus ends; all on the
     * family's own streams, in that order.
     */
    final void planOneOrTwo(Controller c, int gapFrom, int gapTo, int tail, java.util.function.LongConsumer episode) {
        planOneOrTwo(c, s -> {
        }, 10, 16, gapFrom, gapTo, 0.6, tail, (t, nth) -> episode.accept(t));
    }

    /** An episode planned at {@code t}, the family's {@code nth} (1 or 2). */
    interface Episode {
        void at(long t, int nth);
    }

    /**
     * The same with the background's steps given to {@code each} as they are drawn, the first episode {@code firstFrom}-{@code
     * firstTo} minutes in and the second's chance {@code second}: the random draws in the same order as the families that wrote
     * this out themselves (ScenariosNoWait, ScenariosOutputs, ScenariosDataHang).
     */
    final void planOneOrTwo(Controller c, java.util.function.Consumer<Step> each, int firstFrom, int firstTo, int gapFrom, int gapTo,
            double second, int tail, Episode episode) {
        planOwn(c, each, () -> {
            long t1 = start + rng.between(firstFrom, firstTo) * Go.MINUTE;
            episode.at(t1, 1);
            long t2 = t1 + rng.between(gapFrom, gapTo) * Go.MINUTE;
            if (rng.chance(second) && t2 + tail * Go.MINUTE < end) {
                episode.at(t2, 2);
            }
        });
    }

    /**
     * The skeleton of every family's plan: on the family's own streams ({@code sim.stream}, the host's plan stream swapped for
     * {@link #rng}), the controller started 5-15 s in, its background planned, then {@code episodes}.
     */
    final void planOwn(Controller c, Runnable episodes) {
        planOwn(c, s -> {
        }, episodes);
    }

    /** The same with the background's steps given to {@code each} as they are drawn. */
    final void planOwn(Controller c, java.util.function.Consumer<Step> each, Runnable episodes) {
        sim.stream = this;
        host.withPlan(rng, () -> {
            sim.at(start + 5 * Go.SECOND + rng.between(0, 10) * Go.SECOND, () -> c.start(c.normalWorkers, false));
            host.background(c, each);
            episodes.run();
        });
        sim.stream = null;
    }

    /** An episode of kind {@code kind} planned at {@code t}. */
    interface Kinded {
        void at(int kind, long t);
    }

    /**
     * Starts the controller and plans its background, then up to three episodes 14-20 minutes apart from 8-12 minutes in, each
     * with 22 minutes left before the corpus ends: the first of kind 0 or 1, the second of kind {@code second} of the first's,
     * the third of any kind 0-3; the random draws in the order ScenariosRetry and ScenariosPodNamesV1 made them themselves.
     */
    final void planUpToThree(Controller c, IntUnaryOperator second, Kinded episode) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int first = rng.pick(0, 1);
            for (int i = 0; i < 3 && t + 22 * Go.MINUTE < end; i++) {
                int kind = i == 0 ? first : i == 1 ? second.applyAsInt(first) : rng.pick(0, 1, 2, 3);
                episode.at(kind, t);
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    /** #17024's stall: the Workflow workers of {@code c} stall at {@code t0} for 300-360 s. */
    final void stallAt(Controller c, long t0) {
        long stallFor = rng.between(300, 360) * Go.SECOND;
        sim.at(t0, () -> c.stall(t0 + stallFor));
    }

    /**
     * A Steps Workflow named from {@code names} whose first step is {@code s}, a second (background) step half the time, and
     * {@code podGC: OnPodCompletion} three times in ten.
     */
    final Workflow stepsWorkflow(Controller c, Step s, String... names) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        if (rng.chance(0.5)) {
            spec.stepList.add(host.step(rng.pick("report", "notify", "publish"), rng.between(10, 40) * Go.SECOND, "background", false));
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        return host.workflow(c, rng.pick(names), spec);
    }

    /** The Pod of {@code w} named {@code name} (not a later Workflow's of the same name), or null. */
    final Pod podNamed(Workflow w, String name) {
        Pod p = kube.pods.get(w.namespace + "/" + name);
        return p != null && w.uid.equals(p.workflowUid) ? p : null;
    }

    /** A finished Pod deleted at {@code at}: by a user (kubectl, the Pod's own grace: 0 for a terminal Pod) or PodGC (0). */
    final void deleteFinished(long at, Supplier<Pod> pod) {
        boolean byPodGc = rng.chance(0.5);
        sim.at(at, () -> {
            Pod p = pod.get();
            if (p != null) {
                kube.deletePod(p.key(), byPodGc ? 0 : null, null, byPodGc ? "pod-gc" : "user");
            }
        });
    }

    /** A user's {@code kubectl delete pod} at {@code at} (the Pod's own grace period), where the Pod is still there. */
    final void userDeletes(long at, Supplier<Pod> pod) {
        sim.at(at, () -> {
            Pod p = pod.get();
            if (p != null) {
                kube.deletePod(p.key(), null, null, "user");
            }
        });
    }

    /** Whether {@code c} is this family's controller. */
    boolean owns(Controller c) {
        return c == main;
    }
}
