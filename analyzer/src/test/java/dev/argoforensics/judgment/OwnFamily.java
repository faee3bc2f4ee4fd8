package dev.argoforensics.judgment;

/**
 * What every scenario family with a controller of its own holds: the host it plans on, its own random stream (its salt:
 * each family's is distinct, Truth throws on the duplicate UIDs shared streams would make), the simulation and the corpus's
 * span, and the controller it builds. Each family builds its controller and plans its episodes itself.
 */
abstract class OwnFamily {
    final ScenariosDeletion.Host host;
    final Sim.Rng rng;
    final Sim sim;
    final long start;
    final long end;
    Controller main;
    Kube kube;

    OwnFamily(ScenariosDeletion.Host host, long seed, long salt, Sim sim, long start, long end) {
        this.host = host;
        this.rng = new Sim.Rng(Sim.seed(seed, salt));
        this.sim = sim;
        this.start = start;
        this.end = end;
    }

    /** Whether {@code c} is this family's controller. */
    boolean owns(Controller c) {
        return c == main;
    }
}
