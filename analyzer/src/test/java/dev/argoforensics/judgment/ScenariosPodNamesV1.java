package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 40: a controller run with {@code POD_NAMES=v1} (read in {@code workflow/util/pod_name.go} {@code GeneratePodName} and
 * {@code GetWorkflowPodNameVersion}, and {@code operator.go} {@code setWfPodNamesAnnotation}, at v3.4.18, v3.5.4, v3.6.19,
 * v3.7.18 and v4.1.2: every release the model has supports it, v2 the default in all). A Pod node's Pod is named by the node's ID,
 * {@code <workflow>-<fnv32a of the node name>}, with no template in it ({@link Controller#podNamesV1}); the Workflow gets the
 * annotation {@code workflows.argoproj.io/pod-name-format: v1} when the controller starts it. Every line that names a Pod names it
 * so ({@code pod=}, {@code podName=}, {@code key=<ns>/<pod>}, {@code Created pod: <node name> (<pod>)}); the lines that carry a node
 * ID ({@code nodeID=}, the task result's name) now carry the Pod's name too. A retried step's attempts share no prefix: each is its
 * own {@code <workflow>-<hash>}.
 *
 * <ul>
 * <li>{@link #RACE}: #17024's race on a Steps Workflow's first step: the Workflow workers stall 5-6 min, the step finishes 15-60 s
 * in and a user (or PodGC's terminated-Pod collection, grace 0) deletes the Pod 140-200 s later; the pod controller releases the
 * finalizer at once and after the stall the node is marked {@code pod deleted}.</li>
 * <li>{@link #RACE_ATTEMPT}: the same race on attempt (0) of a step with {@code retryStrategy} ({@code Always}): attempt (1)
 * ({@link #AFTER_RACE}) runs under a name that shares nothing with attempt (0)'s but the Workflow's; half the time after a
 * {@code retryStrategy.backoff} of 10, 30 or 90 s (the Retry node's {@code Backoff for …} message, the Workflow requeued).</li>
 * <li>The look-alikes: {@link #DELETED_RUNNING} (a user deletes the step's Pod while main runs: with the status-capture finalizer
 * the node ends {@code Failed} with main's code) and {@link #DELETED_AFTER} (the step finishes, the controller stores its node, and
 * a user deletes the Pod 1-4 minutes later: nothing lost).</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 46,
 * 462, 460), chained after {@link ScenariosRetry}; its release {@link Release#MODERN} one step from the scenario controllers'.
 */
final class ScenariosPodNamesV1 extends OwnFamily {
    static final String RACE = "podnames-v1-race";
    static final String RACE_ATTEMPT = "podnames-v1-race-attempt";
    static final String AFTER_RACE = "podnames-v1-retry-after-race";
    static final String DELETED_RUNNING = "podnames-v1-deleted-running";
    static final String DELETED_AFTER = "podnames-v1-deleted-after-stored";
    private static final String[] NAMESPACES = {"genomics-v1", "warehouse-load", "claims-batch", "archive-jobs"};
    private static final String[] TEMPLATES = {"align", "load-table", "score", "compress", "index"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code podnames-v1-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("podnames-v1-");
    }

    ScenariosPodNamesV1(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 46, sim, start, end);
    }

    /** The controller, with {@code POD_NAMES=v1}; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 462, "pool-podnames-v1", 3, 1, ns, 460, truth, logs);
        main.podNamesV1 = true;
        return main;
    }

    /** Starts the controller and plans its background and two or three episodes, all on our streams. */
    void plan(Controller c) {
        planUpToThree(c, first -> rng.pick(2, 3), (kind, t) -> {
            switch (kind) {
                case 0 -> raceOnFirstStep(c, t, TEMPLATES, RACE, s -> workflow(c, s), ScenariosPodNamesV1::podName);
                case 1 -> raceAttempt(c, t);
                case 2 -> deletedRunningFirstStep(t, TEMPLATES, DELETED_RUNNING, s -> workflow(c, s), ScenariosPodNamesV1::podName);
                default -> deletedAfterStoredFirstStep(t, TEMPLATES, DELETED_AFTER, s -> workflow(c, s), ScenariosPodNamesV1::podName);
            }
        });
    }

    /** A Steps Workflow whose first step is {@code s}, a second (background) step half the time. */
    private Workflow workflow(Controller c, Step s) {
        return stepsWorkflow(c, s, "nightly-load", "reindex", "claims-run", "seq-batch");
    }

    /** {@code GeneratePodName} with v1: the node ID of {@code w}'s first step ({@code a} its attempt, -1 for none). */
    static String podName(Workflow w, Step s, int a) {
        return w.name + "-" + Go.fnv(w.name + "[0]." + s.template + (a < 0 ? "" : "(" + a + ")"));
    }

    /** The race on attempt (0) of a retried step ({@code Always}); attempt (1) succeeds under its own node-ID name. */
    private void raceAttempt(Controller c, long t0) {
        raceOnFirstAttempt(c, t0, TEMPLATES, RACE_ATTEMPT, AFTER_RACE, s -> {
            if (rng.chance(0.5)) {
                // retryStrategy.backoff: attempt (1) waits duration (* factor^0) after attempt (0)'s finishedAt (Controller.retryStep).
                s.backoffSeconds = rng.pick(10L, 30L, 90L);
                s.backoffFactor = rng.pick(0, 2);
            }
        }, s -> workflow(c, s), ScenariosPodNamesV1::podName);
    }
}
