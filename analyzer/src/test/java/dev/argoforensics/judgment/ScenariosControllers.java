package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import dev.argoforensics.judgment.LogSink.Envelope;
import java.nio.file.Path;
import java.util.List;

/**
 * The scenarios of AF012 (two controllers active at once) and AF013 (a Workflow too large to store), on a controller of
 * their own: two active controllers touch every Workflow of their namespaces, so they must not share a controller with
 * the other incidents. Everything here draws from its own random stream, so the rest of the corpus is planned as before.
 *
 * <p>The controller runs with leader election and a standby replica (which stays silent: the negative control of
 * B4). In order: a leader hand-over (the leader fails to renew, logs {@code stopped leading} and exits; the standby
 * acquires the Lease after it expired and starts its workers: {@code leader-handover}, no overlap); then the
 * Deployment is edited to {@code LEADER_ELECTION_DISABLE=true} with 2 replicas: both log {@code Leader election is
 * turned off} and process the same Workflows for 8-14 min ({@code two-controllers}: refused updates, re-applies,
 * {@code already exists}), until someone scales it back to one and turns election on again; then Workflows whose
 * status grows past the size limit ({@code workflow-too-large}) and one that stays under it or compresses
 * ({@code workflow-large-ok}); then the locks of AF014 ({@link ScenariosLocks}).
 */
final class ScenariosControllers {
    /** What the scenarios use of the corpus (its plan stream is swapped for ours around each call). */
    interface Host {
        Workflow workflow(Controller c, String prefix, Spec spec);

        void submit(long at, Workflow w);

        Step step(String template, long duration, String cls, boolean interest);

        void background(Controller c);

        /**
         * The same, with {@code each} given every step as it is drawn (session 32: a family that makes some of them resource or
         * data templates, drawing from its own stream; {@link #background(Controller)} draws nothing more).
         */
        void background(Controller c, java.util.function.Consumer<Step> each);

        void typicalExports(Workflow w, long during, long terminatingFrom, long terminatingTo);

        /** Runs {@code r} with the corpus's plan stream replaced by {@code rng}. */
        void withPlan(Sim.Rng rng, Runnable r);

        /** Replaces the corpus's plan stream (what its callbacks draw from while they run); returns the one it had. */
        Sim.Rng swapPlan(Sim.Rng rng);
    }

    private static final String[] NAMESPACES = {"platform-batch", "ops-jobs", "nightly-reports", "data-quality"};
    private static final String[] TEMPLATES = {"crunch", "merge", "validate", "summarize", "fan-in"};

    private final Host host;
    private final Sim.Rng rng;
    private final Sim sim;
    private final long start;
    private final long end;
    private final long seed;
    private Controller main;
    private Controller twin;
    private Sim.Rng corpusPlan;

    ScenariosControllers(Host host, long seed, Sim sim, long start, long end) {
        this.host = host;
        this.rng = new Sim.Rng(Sim.seed(seed, 15));
        this.sim = sim;
        this.start = start;
        this.end = end;
        this.seed = seed;
    }

    /** The controller (first) and its second replica of the two-controllers window; the caller adds both to the corpus. */
    List<Controller> build(long seed, Kube kube, Truth truth, Path logs) {
        // The cluster draws from a stream of ours while our events run, and our Pods run on nodes of their own (no other
        // incident drains them): the rest of the corpus is the same as without these scenarios.
        Sim.Rng corpusKube = kube.rng;
        Sim.Rng ourKube = new Sim.Rng(Sim.seed(seed, 152));
        sim.onStream = s -> {
            // Our events draw from our streams, the cluster's and the plan's (exports decided when taken).
            if (s == this) {
                kube.rng = ourKube;
                if (corpusPlan == null) {
                    corpusPlan = host.swapPlan(rng);
                }
            } else {
                kube.rng = corpusKube;
                if (corpusPlan != null) {
                    host.swapPlan(corpusPlan);
                    corpusPlan = null;
                }
            }
        };
        kube.rng = ourKube;
        String pool = "pool-scenarios";
        kube.addPool(pool, 2);
        // Not among the nodes the other controllers' own Pods are placed on (their log paths stay as they were).
        kube.nodes.removeAll(kube.pools.get(pool));
        kube.rng = corpusKube;
        Release r = Release.MODERN.get((int) Math.floorMod(seed, Release.MODERN.size()));
        LogFormat f = LogFormat.of(r, rng);
        Envelope env = rng.pick(Envelope.RAW, Envelope.KUBECTL_TIMESTAMPS, Envelope.CRI, Envelope.DOCKER_JSON);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        String name = "wfc-" + ns;
        int workers = rng.pick(4, 8, 16, 32);
        long rotate = rng.pick(0L, 0L, 60_000L);
        main = new Controller(name, r, f, env, ns, List.of(ns), "true", workers, true, true, rotate, false, sim, kube, truth, Sim.seed(seed, 150),
                logs.resolve(name));
        twin = new Controller(name, r, f, env, ns, List.of(ns), "true", workers, true, false, rotate, false, sim, kube, truth, Sim.seed(seed, 151),
                logs.resolve(name));
        main.nodePool = pool;
        twin.nodePool = pool;
        if (rng.chance(0.3)) {
            // MAX_WORKFLOW_SIZE raised above etcd's limit: no compression before etcd refuses the update.
            main.maxWorkflowSize = rng.pick(2_097_152L, 3_145_728L);
            twin.maxWorkflowSize = main.maxWorkflowSize;
        }
        return List.of(main, twin);
    }

    boolean owns(Controller c) {
        return c == main;
    }

    boolean isTwin(Controller c) {
        return c == twin;
    }

    /** Starts the controller and plans its background and the three episodes, all on the scenario's streams. */
    void plan(Controller c) {
        sim.stream = this;
        host.withPlan(rng, () -> {
            sim.at(start + 5 * Go.SECOND, () -> c.start(c.normalWorkers, false));
            host.background(c);
            handOver(c, start + rng.between(12, 20) * Go.MINUTE);
            long window = rng.between(8, 14) * Go.MINUTE;
            long t0 = start + rng.between(30, 40) * Go.MINUTE;
            twoControllers(c, t0, window);
            long large = t0 + window + rng.between(12, 18) * Go.MINUTE;
            tooLarge(c, large);
            // AF014 (ScenariosLocks), after the last restart, from a stream of its own.
            ScenariosLocks.plan(host, new Sim.Rng(Sim.seed(seed, 154)), c, large + 2 * Go.MINUTE, end);
        });
        sim.stream = null;
    }

    private Workflow single(Controller c, String cls, String prefix, long submitAt, long duration) {
        Spec spec = new Spec();
        Step s = host.step(rng.pick(TEMPLATES), duration + rng.between(0, 999) * Go.MILLI, cls, true);
        spec.stepList.add(s);
        Workflow w = host.workflow(c, prefix, spec);
        host.submit(submitAt, w);
        return w;
    }

    /** B4's negative control: the Lease changes hands with a gap; Workflows running across it are worked by one at a time. */
    private void handOver(Controller c, long at) {
        int n = rng.between(1, 2);
        for (int i = 0; i < n; i++) {
            Workflow w = single(c, "leader-handover", rng.pick("rollup", "compact"), at - rng.between(60, 150) * Go.SECOND,
                    rng.between(150, 330) * Go.SECOND);
            host.typicalExports(w, at + rng.between(30, 90) * Go.SECOND, 0, 0);
        }
        // Renew deadline 10s, lease 15s, retry 5s: the standby acquires 5-12 s after the old leader gave up.
        long gap = rng.between(5_000, 12_000) * Go.MILLI;
        sim.at(at, () -> c.handOver(gap));
    }

    /**
     * LEADER_ELECTION_DISABLE=true and 2 replicas: a rollout replaces the Pods (a new ReplicaSet), both new replicas
     * log {@code Leader election is turned off} and run their workers; scaled back to 1 and election turned on again
     * after the window.
     */
    private void twoControllers(Controller c, long t0, long window) {
        int n = rng.between(2, 4);
        for (int i = 0; i < n; i++) {
            Workflow w = single(c, "two-controllers", rng.pick("etl", "reindex", "backfill"), t0 + rng.between(30, 240) * Go.SECOND,
                    rng.between(60, 240) * Go.SECOND);
            host.typicalExports(w, t0 + window - rng.between(10, 60) * Go.SECOND, 0, 0);
        }
        long second = rng.between(0, 3_000) * Go.MILLI;
        long gap = rng.between(4, 15) * Go.SECOND;
        sim.at(t0, () -> {
            c.stop();
            c.electionDisabled = true;
            c.templateSalt = "LEADER_ELECTION_DISABLE=true";
        });
        sim.at(t0 + gap, () -> c.start(c.normalWorkers, false));
        sim.at(t0 + gap + second, () -> {
            twin.sameDeploymentAs(c);
            twin.start(twin.normalWorkers, false);
        });
        // kubectl scale --replicas=1: the ReplicaSet removes one Pod.
        sim.at(t0 + window, twin::stop);
        // Election back on (a rollout): one leader and its standby again.
        long back = t0 + window + rng.between(2, 5) * Go.MINUTE;
        sim.at(back, () -> {
            c.stop();
            c.electionDisabled = false;
            c.templateSalt = "";
        });
        sim.at(back + rng.between(4, 15) * Go.SECOND, () -> c.start(c.normalWorkers, false));
    }

    /**
     * B7: three-step Workflows whose status grows (outputs kept in the nodes) past what can be stored: with the default
     * MAX_WORKFLOW_SIZE, compressed still over it ({@code Failed to dehydrate}, marked Error; the uncompressed request
     * may be refused by etcd too); with MAX_WORKFLOW_SIZE raised, refused by etcd ({@code request is too large}, the read
     * version marked Error). The look-alike grows to under the limit, or over it with nodes that compress well.
     */
    private void tooLarge(Controller c, long t0) {
        int n = rng.between(1, 2);
        for (int i = 0; i <= n; i++) {
            boolean positive = i < n;
            Spec spec = new Spec();
            spec.steps = true;
            long total = 0;
            for (int k = 0; k < 3; k++) {
                long d = rng.between(90, 200) * Go.SECOND + rng.between(0, 999) * Go.MILLI;
                total += d;
                spec.stepList.add(host.step(rng.pick(TEMPLATES), d, positive ? "workflow-too-large" : "workflow-large-ok", k == 0));
            }
            long max = c.maxWorkflowSize;
            long limit;
            if (positive) {
                spec.compressionRatio = rng.between(70, 92) / 100.0;
                limit = max > Oversize.ETCD_MAX_REQUEST_BYTES ? Oversize.ETCD_MAX_REQUEST_BYTES : Math.round(max / spec.compressionRatio);
                // Crosses the limit 45-85% of the way through.
                spec.statusGrowthPerSecond = limit * 100 / (rng.between(45, 85) * (total / Go.SECOND));
            } else if (rng.chance(0.5) || max > Oversize.ETCD_MAX_REQUEST_BYTES) {
                // Large, under the limit to the end.
                limit = Math.min(max, Oversize.ETCD_MAX_REQUEST_BYTES);
                spec.statusGrowthPerSecond = limit * rng.between(55, 85) / (100 * (total / Go.SECOND + 60));
            } else {
                // Over MAX_WORKFLOW_SIZE, compressed well under it: status.compressedNodes.
                spec.compressionRatio = rng.between(8, 20) / 100.0;
                spec.statusGrowthPerSecond = max * rng.between(120, 200) / (100 * (total / Go.SECOND));
            }
            Workflow w = host.workflow(c, positive ? rng.pick("fan-out", "sweep") : rng.pick("matrix", "grid"), spec);
            long submit = t0 + rng.between(0, 120) * Go.SECOND;
            host.submit(submit, w);
            host.typicalExports(w, submit + total * 2 / 3, 0, 0);
        }
    }
}
