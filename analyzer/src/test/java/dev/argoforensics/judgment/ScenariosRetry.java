package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 39: steps whose template has a {@code retryStrategy} (read in {@code workflow/controller/operator.go}
 * {@code executeTemplate} and {@code processNodeRetries}, {@code workflow/util/pod_name.go} {@code GeneratePodName} and
 * {@code workflow_types.go} {@code RetryPolicyActual} at v3.6.19, v3.7.18, v4.0.10 and v4.1.2). The step's node is a {@code Retry}
 * node under the step's name ({@code wf[0].tmpl}); each attempt is a Pod node {@code wf[0].tmpl(0)}, {@code wf[0].tmpl(1)}, ...
 * whose Pod is named {@code <workflow>-<template>-<fnv32a of the attempt's node name>} (POD_NAMES v2, the default): every attempt's
 * Pod shares the prefix, and the Pods of one Workflow's attempts live one after the other. When an attempt is fulfilled
 * failed or errored, the same pass logs the policy ({@code Retry Policy: <p> (onFailed: <b>, onError <b>)}, v4 {@code Retry
 * Policy} {@code policy}, {@code onFailed}, {@code onError}) and either creates the next attempt ({@code <n> child nodes of <name>
 * failed. Trying again...}, v4 {@code child nodes failed, trying again} {@code count}, {@code nodeName}), or ends the Retry node
 * with the attempt's phase ({@code Node not set to be retried after status: <phase>}; {@code No more retries left. Failing...}).
 * An unset policy is {@code OnFailure}: an attempt marked {@code pod deleted} is an {@code Error} and is not retried.
 *
 * <ul>
 * <li>{@link #RACE_FIRST}: #17024's race on attempt (0): the Workflow workers stall 5-6 min, the attempt finishes 15-60 s in and a user
 * (or PodGC's terminated-Pod collection, grace 0) deletes it 140-200 s later; the pod controller releases the finalizer at once,
 * and after the stall the node is marked {@code pod deleted}: the lost result fails the attempt. With {@code retryPolicy: Always}
 * or {@code OnError} the step is retried and attempt (1) ({@link #AFTER_RACE}) runs and succeeds; unset ({@code OnFailure}) it is
 * not ({@code -not-retried}) and the Workflow ends {@code Error}.</li>
 * <li>{@link #RACE_LATER}: attempt (0) fails on its own (exit 1, {@link #FAILED}) and is retried; attempt (1) then meets the race;
 * with limit 1 the Workflow ends ({@code No more retries left}), with limit 2 attempt (2) runs and succeeds.</li>
 * <li>The look-alikes: {@link #FAILED} attempts (main exits 1, retried) before one that succeeds ({@link #SUCCEEDED}), and
 * {@link #DELETED_RUNNING}: a user deletes attempt (0)'s Pod while main runs (SIGTERM; the node {@code Failed} with main's code,
 * retried), its attempt (1) created moments later under the same prefix.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts
 * 45, 452, 450), chained after {@link ScenariosOutputShapes}; its release {@link Release#MODERN} two steps from the scenario
 * controllers'. Not modelled: {@code retryStrategy.backoff} (the next attempt waits for nothing), {@code expression},
 * {@code OnTransientError}, {@code affinity.nodeAntiAffinity}, retries of Steps or DAG templates, a workflow-level
 * {@code spec.retryStrategy}, POD_NAMES v1 (the Pod named by the node ID).
 */
final class ScenariosRetry extends OwnFamily {
    static final String RACE_FIRST = "retry-race-first-attempt";
    static final String NOT_RETRIED = "-not-retried";
    static final String AFTER_RACE = "retry-after-race";
    static final String RACE_LATER = "retry-race-later-attempt";
    static final String FAILED = "retry-attempt-failed";
    static final String SUCCEEDED = "retry-attempt-succeeded";
    static final String DELETED_RUNNING = "retry-attempt-deleted-running";
    private static final String[] NAMESPACES = {"flaky-tests", "ingest-retry", "model-train", "api-sync"};
    private static final String[] TEMPLATES = {"fetch-data", "run-tests", "train-shard", "sync-api", "upload"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code retry-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("retry-");
    }

    ScenariosRetry(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 45, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 452, "pool-retry", 3, 2, ns, 450, truth, logs);
        return main;
    }

    /** Starts the controller and plans its background and two or three episodes, all on our streams. */
    void plan(Controller c) {
        planUpToThree(c, first -> 1 - first, (kind, t) -> {
            switch (kind) {
                case 0 -> raceFirst(c, t);
                case 1 -> raceLater(c, t);
                case 2 -> failedThenSucceeded(c, t);
                default -> deletedRunning(c, t);
            }
        });
    }

    /** A step with a retryStrategy: attempt (0) is {@code s} itself, later attempts as {@code attempts} adds them. */
    private Step retryStep(String cls, int limit, String policy) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.retryLimit = limit;
        s.retryPolicy = policy;
        return s;
    }

    /** A later attempt of {@code s}: runs {@code seconds} and exits {@code exitCode}. */
    private Step attempt(Step s, String cls, long seconds, int exitCode) {
        Step a = host.step(s.template, seconds * Go.SECOND, cls, true);
        a.exitCode = exitCode;
        s.attempts.add(a);
        return a;
    }

    private Workflow workflow(Controller c, Step s) {
        return stepsWorkflow(c, s, "nightly-etl", "ci-suite", "sync-job", "batch-train");
    }

    /** The name the controller gives attempt {@code a}'s Pod of {@code w}'s first step (GeneratePodName, POD_NAMES v2). */
    static String attemptPodName(Workflow w, Step s, int a) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template + "(" + a + ")");
    }

    /** The Pod of attempt {@code a} of {@code w}'s first step, or null. */
    private Pod attemptPod(Workflow w, Step s, int a) {
        return podNamed(w, attemptPodName(w, s, a));
    }

    /** The race on attempt (0); retried (Always, OnError) or not (unset). */
    private void raceFirst(Controller c, long t0) {
        stallAt(c, t0);
        String policy = rng.pick("Always", "OnError", "");
        Step s = retryStep(RACE_FIRST + (policy.isEmpty() ? NOT_RETRIED : ""), rng.between(1, 3), policy);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        s.finishAt = finish;
        attempt(s, AFTER_RACE, rng.between(20, 90), 0);
        Workflow w = workflow(c, s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        deleteFinished(finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> attemptPod(w, s, 0));
        // As the other race families: the exports taken during the stall (the attempt's Pod finished, not yet deleted), the
        // Workflow's again near the end.
        host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
    }

    /** Attempt (0) fails on its own before the stall; attempt (1) meets the race; limit 1 ends there, limit 2 runs (2). */
    private void raceLater(Controller c, long t0) {
        stallAt(c, t0);
        int limit = rng.between(1, 2);
        // Always or unset (OnFailure): both retry attempt (0)'s failure; OnFailure does not retry attempt (1)'s pod-deleted Error.
        Step s = retryStep(FAILED, limit, rng.pick("Always", ""));
        long submit = t0 - rng.between(110, 130) * Go.SECOND;
        s.finishAt = submit + rng.between(30, 45) * Go.SECOND + rng.between(0, 999_999_999L);
        s.exitCode = 1;
        attempt(s, RACE_LATER, rng.between(90, 130), 0);
        attempt(s, AFTER_RACE, rng.between(20, 90), 0);
        Workflow w = workflow(c, s);
        host.submit(submit, w);
        deleteFinished(t0 + 60 * Go.SECOND + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> attemptPod(w, s, 1));
        // The Workflow's first Pod is attempt (0)'s (exported if still there); attempt (1)'s exported by its own name, sometimes.
        long during = t0 + 120 * Go.SECOND;
        host.typicalExports(w, during, 0, 0);
        if (rng.chance(0.35)) {
            host.exportPodNamed(during, w.namespace, attemptPodName(w, s, 1));
        }
    }

    /** One or two attempts exit 1 and are retried; the next succeeds (no finding is right). */
    private void failedThenSucceeded(Controller c, long t0) {
        int failures = rng.between(1, 2);
        Step s = retryStep(FAILED, failures + rng.between(0, 1), rng.pick("", "OnFailure", "Always"));
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(20, 90) * Go.SECOND + rng.between(0, 999_999_999L);
        s.exitCode = rng.pick(1, 2, 137);
        for (int i = 1; i < failures; i++) {
            attempt(s, FAILED, rng.between(15, 90), 1);
        }
        attempt(s, SUCCEEDED, rng.between(15, 120), 0);
        Workflow w = workflow(c, s);
        host.submit(submit, w);
        host.typicalExports(w, s.finishAt + rng.between(4, 8) * Go.MINUTE, 0, 0);
    }

    /** A user deletes attempt (0)'s Pod while main runs: the node fails with main's code and is retried. */
    private void deletedRunning(Controller c, long t0) {
        Step s = retryStep(DELETED_RUNNING, rng.between(1, 3), rng.pick("", "Always"));
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(20, 40) * Go.MINUTE;
        attempt(s, SUCCEEDED, rng.between(20, 120), 0);
        Workflow w = workflow(c, s);
        host.submit(submit, w);
        long del = submit + rng.between(90, 240) * Go.SECOND + rng.between(0, 999_999_999L);
        userDeletes(del, () -> attemptPod(w, s, 0));
        host.typicalExports(w, del + rng.between(4, 8) * Go.MINUTE, 0, 0);
    }
}
