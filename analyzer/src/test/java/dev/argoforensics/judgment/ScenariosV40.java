package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 43: a controller of the v4.0 line (v4.0.10, {@link Release#V4_0}), which real fleets run beside v4.1. Its operator
 * and pod controller are v4.1's (slog, {@code queuing pod delay}, {@code marking node as error}, #15164's delete handling,
 * {@code deletePodByUID}, the forced completion that needs {@code taskResultSynced}); what differs is in words: the wait
 * container's lines say {@code wait} where v4.1 says {@code aux} (no {@code container} key), and the leader election's
 * client-go lines are v0.33's klog text written through Argo's own logger (slog lines, the lease in the message, no {@code lock}
 * key). Its controller always runs with leader election, so every corpus has those lines.
 *
 * <ul>
 * <li>{@link #RACE}: #17024's race on a Steps Workflow's first step: the Workflow workers stall 5-6 min, the step finishes 15-60 s
 * in and a user (or PodGC, grace 0) deletes the Pod 140-200 s later; the finalizer is released at once, and after the stall the
 * node is marked {@code pod deleted}.</li>
 * <li>{@link #RACE_ATTEMPT}: the same race on attempt (0) of a step with {@code retryStrategy} ({@code Always}) and a
 * {@code backoff} with {@code maxDuration} (K8s.Step): a third of the time maxDuration is 2-5 min, passed by the time the stall
 * ends ({@code Max duration limit exceeded}: the Retry node ends {@code Error} with that message, no attempt (1)); a third 10 min
 * with a 5 min backoff that would end after it ({@code Backoff would exceed max duration limit}); a third 30 min with a 2 min
 * backoff capped at 10-30 s ({@code cap}): attempt (1) ({@link #AFTER_RACE}) runs after the capped wait, the execution-deadline
 * line naming the deadline. The lost result is attempt (0)'s in all three.</li>
 * <li>The look-alikes: {@link #DELETED_RUNNING} (a user deletes the step's Pod while main runs: the node ends {@code Failed} with
 * main's code) and {@link #DELETED_AFTER} (the step finishes, its node is stored, a user deletes the Pod 1-4 min later).</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 48,
 * 482, 480), chained after {@link ScenariosPodNamesV1} and before the stress family.
 */
final class ScenariosV40 extends OwnFamily {
    static final String RACE = "v40-race";
    static final String RACE_ATTEMPT = "v40-race-attempt";
    static final String AFTER_RACE = "v40-retry-after-race";
    static final String DELETED_RUNNING = "v40-deleted-running";
    static final String DELETED_AFTER = "v40-deleted-after-stored";
    private static final String[] NAMESPACES = {"pricing-engine", "satellite-ingest", "subtitle-gen", "kyc-checks"};
    private static final String[] TEMPLATES = {"simulate", "encode", "render-tile", "reconcile", "aggregate"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code v40-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("v40-");
    }

    ScenariosV40(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 48, sim, start, end);
    }

    /** The v4.0.10 controller, with leader election; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 482, "pool-v40", 3, 0, ns, 480, truth, logs, "true", Release.V4_0);
        main.leaderElection = true;
        return main;
    }

    /** Starts the controller and plans its background and two or three episodes, all on our streams. */
    void plan(Controller c) {
        planUpToThree(c, first -> rng.pick(2, 3), (kind, t) -> {
            switch (kind) {
                case 0 -> raceOnFirstStep(c, t, TEMPLATES, RACE, s -> workflow(c, s), ScenariosV40::podName);
                case 1 -> raceAttempt(c, t);
                case 2 -> deletedRunningFirstStep(t, TEMPLATES, DELETED_RUNNING, s -> workflow(c, s), ScenariosV40::podName);
                default -> deletedAfterStoredFirstStep(t, TEMPLATES, DELETED_AFTER, s -> workflow(c, s), ScenariosV40::podName);
            }
        });
    }

    private Workflow workflow(Controller c, Step s) {
        return stepsWorkflow(c, s, "risk-run", "encode-batch", "tiles-daily", "recon-job");
    }

    /** {@code GeneratePodName} (POD_NAMES v2) of {@code w}'s first step ({@code a} its attempt, -1 for none). */
    static String podName(Workflow w, Step s, int a) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template + (a < 0 ? "" : "(" + a + ")"));
    }

    /**
     * The race on attempt (0) of a retried step ({@code Always}) with {@code backoff.maxDuration}. The first attempt starts
     * 45-100 s before the stall and the stall lasts 300-360 s, so the pass that marks it {@code pod deleted} comes 345-460 s
     * after its start (and a few seconds): past a maxDuration of 2-5 min, within 10 min but with a 5 min wait past it, well within
     * 30 min (attempt (1) runs 20-90 s after a wait of at most 30 s, long before that deadline: its Pod's activeDeadlineSeconds,
     * not modelled, never matters).
     */
    private void raceAttempt(Controller c, long t0) {
        raceOnFirstAttempt(c, t0, TEMPLATES, RACE_ATTEMPT, AFTER_RACE, s -> {
            switch (rng.pick(0, 1, 2)) {
                case 0 -> {
                    s.backoffSeconds = rng.pick(10L, 30L);
                    s.backoffMaxDurationSeconds = rng.pick(2L, 3L, 5L) * 60;
                }
                case 1 -> {
                    s.backoffSeconds = 300;
                    s.backoffMaxDurationSeconds = 600;
                }
                default -> {
                    s.backoffSeconds = 120;
                    s.backoffFactor = rng.pick(0, 2);
                    s.backoffCapSeconds = rng.pick(10L, 20L, 30L);
                    s.backoffMaxDurationSeconds = 1800;
                }
            }
        }, s -> workflow(c, s), ScenariosV40::podName);
    }
}
