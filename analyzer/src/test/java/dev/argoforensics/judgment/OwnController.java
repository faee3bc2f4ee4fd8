package dev.argoforensics.judgment;

import dev.argoforensics.judgment.LogSink.Envelope;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A scenario family's controller of its own (the deletions', the controller's own stops and restarts, the node-side
 * look-alikes): a pool of nodes no other controller schedules on, and random streams swapped in while the simulation runs
 * the family's events, so that adding a family leaves every other family's corpus as it was. The calls are made in one
 * order for every family: the streams a corpus draws depend on it.
 */
final class OwnController {
    private Sim.Rng corpusPlan;

    private OwnController() {
    }

    /**
     * Builds the family's controller. {@code token} is what the family's events carry on the simulation's stream; {@code rng}
     * its own plan; {@code kubeSalt} and {@code controllerSalt} salt the seed for its Kubernetes stream and its controller;
     * {@code releaseStep} how many steps its release line stands from the scenario controllers' ({@code seed}'s).
     */
    static Controller build(ScenariosDeletion.Host host, Object token, Sim sim, Kube kube, Sim.Rng rng, long seed, long kubeSalt,
            String pool, int poolNodes, int releaseStep, String ns, long controllerSalt, Truth truth, Path logs) {
        return build(host, token, sim, kube, rng, seed, kubeSalt, pool, poolNodes, releaseStep, ns, controllerSalt, truth, logs, "true");
    }

    /** The same, with the controller's {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} ({@code ""}: unset, no finalizer). */
    static Controller build(ScenariosDeletion.Host host, Object token, Sim sim, Kube kube, Sim.Rng rng, long seed, long kubeSalt,
            String pool, int poolNodes, int releaseStep, String ns, long controllerSalt, Truth truth, Path logs, String finalizerEnv) {
        return build(host, token, sim, kube, rng, seed, kubeSalt, pool, poolNodes, releaseStep, ns, controllerSalt, truth, logs, finalizerEnv,
                null);
    }

    /** The same, with a release of the family's choosing ({@code null}: {@code releaseStep} from the seed's among {@link Release#MODERN}). */
    static Controller build(ScenariosDeletion.Host host, Object token, Sim sim, Kube kube, Sim.Rng rng, long seed, long kubeSalt,
            String pool, int poolNodes, int releaseStep, String ns, long controllerSalt, Truth truth, Path logs, String finalizerEnv,
            Release release) {
        return build(host, token, sim, kube, rng, seed, kubeSalt, pool, poolNodes, releaseStep, ns, controllerSalt, truth, logs, finalizerEnv,
                release, false);
    }

    /** The same; {@code standby}: leader election on and a standby replica beside the leader (session 45's hand-overs). */
    static Controller build(ScenariosDeletion.Host host, Object token, Sim sim, Kube kube, Sim.Rng rng, long seed, long kubeSalt,
            String pool, int poolNodes, int releaseStep, String ns, long controllerSalt, Truth truth, Path logs, String finalizerEnv,
            Release release, boolean standby) {
        OwnController own = new OwnController();
        Sim.Rng corpusKube = kube.rng;
        Sim.Rng ourKube = new Sim.Rng(Sim.seed(seed, kubeSalt));
        Consumer<Object> others = sim.onStream;
        sim.onStream = s -> {
            // Undo ours first, then the others' (which restore the corpus's streams for any token but theirs), then ours.
            if (own.corpusPlan != null) {
                host.swapPlan(own.corpusPlan);
                own.corpusPlan = null;
            }
            others.accept(s);
            if (s == token) {
                kube.rng = ourKube;
                own.corpusPlan = host.swapPlan(rng);
            }
        };
        kube.rng = ourKube;
        kube.addPool(pool, poolNodes);
        kube.nodes.removeAll(kube.pools.get(pool));
        kube.rng = corpusKube;
        Release r = release != null ? release : Release.MODERN.get((int) Math.floorMod(seed + releaseStep, Release.MODERN.size()));
        LogFormat f = LogFormat.of(r, rng);
        Envelope env = rng.pick(Envelope.RAW, Envelope.KUBECTL_TIMESTAMPS, Envelope.CRI, Envelope.DOCKER_JSON);
        String name = "wfc-" + ns;
        boolean leader = rng.chance(0.5) || standby;
        Controller c = new Controller(name, r, f, env, ns, List.of(ns), finalizerEnv, rng.pick(4, 8, 16), leader, standby, rng.pick(0L, 0L, 60_000L),
                false, sim, kube, truth, Sim.seed(seed, controllerSalt), logs.resolve(name));
        c.nodePool = pool;
        return c;
    }
}
