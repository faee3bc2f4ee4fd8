package dev.argoforensics.judgment;

/**
 * What every scenario family with a controller of its own holds: the host it plans on, its own random stream (its salt:
 * each family's is distinct, Truth throws on the duplicate UIDs shared streams would make), the simulation and the corpus's
 * span, the controller it builds, and the cluster and truth file it builds on. Each family builds its controller and plans its episodes itself.
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
        sim.stream = this;
        host.withPlan(rng, () -> {
            sim.at(start + 5 * Go.SECOND + rng.between(0, 10) * Go.SECOND, () -> c.start(c.normalWorkers, false));
            host.background(c);
            long t1 = start + rng.between(10, 16) * Go.MINUTE;
            episode.accept(t1);
            long t2 = t1 + rng.between(gapFrom, gapTo) * Go.MINUTE;
            if (rng.chance(0.6) && t2 + tail * Go.MINUTE < end) {
                episode.accept(t2);
            }
        });
        sim.stream = null;
    }

    /** Whether {@code c} is this family's controller. */
    boolean owns(Controller c) {
        return c == main;
    }
}
