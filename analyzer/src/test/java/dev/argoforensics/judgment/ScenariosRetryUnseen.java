package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Session 45: a step retried ({@code retryStrategy}, as {@link ScenariosRetry}) whose next attempt's Pod is absent from the logs
 * as collected, though the cluster ran it and the exports, taken later, show it. Once per corpus the controller's log stops
 * being collected around the moment an attempt (0) ends (the one controller of the family; everything after is gone from its
 * log, the process going on):
 *
 * <ul>
 * <li>the log ends ({@code kubectl logs} taken then; {@link Controller#collectedUntil}): 0-5 s before or up to 1.5 s after main
 * of attempt (0) exits 1 or 2 ({@link #FAILED_LOG_ENDS}); and half the time, in the same corpus, #17024's race on an attempt
 * (0) ({@link #RACE_LOG_ENDS}: the workers stall 5-6 min, the attempt finishes 15-60 s in, a user or PodGC deletes it 140-200 s
 * later, the finalizer released at once), the log ending 5-40 s after that deletion, so the {@code pod deleted} marking after
 * the stall and the next attempt are not in it;</li>
 * <li>a leader hand-over ({@link Controller#handOver}: the leader fails to renew the Lease, the standby acquires it 15-30 s
 * later) 0-5 s before or up to 1.5 s after main of attempt (0) exits, and the new leader's log is not collected (only
 * the old leader's Pod's, which restarts as the standby): {@link #FAILED_HANDOVER}. The new leader fails attempt (0) and
 * creates attempt (1).</li>
 * </ul>
 *
 * Attempt (1) ({@link #NEW_POD}) runs 20-90 s and succeeds. The truth of every Pod is what happened to it, as everywhere: an
 * attempt that failed on its own has no rule's truth whether or not the log shows its end, and the race's Pod has the race's;
 * a rule that cannot see the end of a Pod's story in the log must not tell one of its own (a finalizer never released, a result
 * never completed). The exports are taken 3-8 minutes after the cut (the Workflow, its first Pod, and attempt (1)'s Pod half
 * the time).
 *
 * <p>A family of its own (its own controller, with a standby replica for the hand-over, namespace, three nodes and random
 * streams through {@link OwnController}, salts 51, 512, 510), chained after {@link ScenariosRerun}; its release {@link
 * Release#MODERN} one step from the scenario controllers'. Not modelled: a hand-over during a stall, an attempt's Pod
 * created by the old leader and ended under the new, the new leader's log collected but not the old one's.
 */
final class ScenariosRetryUnseen extends OwnFamily {
    static final String FAILED_LOG_ENDS = "unseen-retry-failed-log-ends";
    static final String RACE_LOG_ENDS = "unseen-retry-race-log-ends";
    static final String FAILED_HANDOVER = "unseen-retry-failed-handover";
    static final String NEW_POD = "unseen-retry-new-pod";
    private static final String[] NAMESPACES = {"nightly-sync", "etl-retry", "table-reloads", "crawler"};
    private static final String[] TEMPLATES = {"pull-source", "load-table", "export-features", "crawl-shard", "push-index"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code unseen-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("unseen-");
    }

    ScenariosRetryUnseen(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 51, sim, start, end);
    }

    /** The controller, with a standby replica; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 512, "pool-unseen", 3, 1, ns, 510, truth, logs, "true", null, true);
        // The collected log is the first leader's Pod's (kubectl logs of the Pod the user found): the standby's never.
        main.firstStandbyUncollected = true;
        return main;
    }

    /** Starts the controller and plans its background and the one cut, 25-70 minutes in, all on our streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            long drawn = start + rng.between(25, 70) * Go.MINUTE + rng.between(0, 999_999_999L);
            boolean handOver = rng.chance(0.5);
            List<Workflow> ws = new ArrayList<>();
            List<Step> steps = new ArrayList<>();
            long cut = !handOver && rng.chance(0.5) ? race(c, drawn, ws, steps) : drawn;
            int failed = rng.between(1, 2);
            for (int i = 0; i < failed; i++) {
                Step s = retryStep(handOver ? FAILED_HANDOVER : FAILED_LOG_ENDS, rng.between(1, 2), rng.pick("", "OnFailure", "Always"));
                // main of attempt (0) exits up to 1.5 s before the cut or 0-5 s after it.
                s.finishAt = cut + rng.between(-1500, 5000) * Go.MILLI + rng.between(0, 999_999L);
                s.exitCode = rng.pick(1, 2);
                attempt(s);
                Workflow w = workflow(c, s);
                host.submit(s.finishAt - rng.between(320, 420) * Go.SECOND, w); // before a race's stall began
                ws.add(w);
                steps.add(s);
            }
            if (handOver) {
                long gap = rng.between(15, 30) * Go.SECOND + rng.between(0, 999_999_999L);
                sim.at(cut, () -> c.handOver(gap));
            } else {
                sim.at(cut, () -> c.collectedUntil = cut);
            }
            long during = cut + rng.between(3, 8) * Go.MINUTE;
            for (int i = 0; i < ws.size(); i++) {
                Workflow w = ws.get(i);
                host.typicalExports(w, during, 0, 0);
                if (rng.chance(0.5)) {
                    host.exportPodNamed(during, w.namespace, ScenariosRetry.attemptPodName(w, steps.get(i), 1));
                }
            }
        });
    }

    /**
     * #17024's race on an attempt (0) whose stall begins 200-240 s before {@code drawn}; returns the moment the log ends: 5-40 s
     * after the Pod's deletion (before the stall ends).
     */
    private long race(Controller c, long drawn, List<Workflow> ws, List<Step> steps) {
        long t0 = drawn - rng.between(200, 240) * Go.SECOND;
        long stallFor = rng.between(300, 360) * Go.SECOND;
        sim.at(t0, () -> c.stall(t0 + stallFor));
        Step s = retryStep(RACE_LOG_ENDS, rng.between(1, 3), "Always");
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        s.finishAt = finish;
        attempt(s);
        Workflow w = workflow(c, s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        long del = finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        deleteFinished(del, () -> podNamed(w, ScenariosRetry.attemptPodName(w, s, 0)));
        ws.add(w);
        steps.add(s);
        return Math.min(del + rng.between(5, 40) * Go.SECOND, t0 + stallFor - Go.SECOND);
    }

    /** A step with a retryStrategy (limit, policy); attempt (0) is the step itself. */
    private Step retryStep(String cls, int limit, String policy) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.retryLimit = limit;
        s.retryPolicy = policy;
        return s;
    }

    /** Attempt (1): runs 20-90 s and exits 0. */
    private void attempt(Step s) {
        Step a = host.step(s.template, rng.between(20, 90) * Go.SECOND, NEW_POD, true);
        a.exitCode = 0;
        s.attempts.add(a);
    }

    private Workflow workflow(Controller c, Step s) {
        return stepsWorkflow(c, s, "sync-tables", "load-daily", "crawl-batch", "feature-export");
    }
}
