package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;

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

    /** Whether {@code c} is this family's controller. */
    boolean owns(Controller c) {
        return c == main;
    }
}
