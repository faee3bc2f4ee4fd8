package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 46: two shapes other families have, on a controller whose config map sets {@code nodeEvents: {sendAsPod: true}}
 * (v4.1.3, whose event broadcaster logs each event; {@code Controller.nodeEventsSendAsPod}): a Pod node's {@code
 * WorkflowNode<Phase>} event is logged with the Pod as its object ({@code kind=Pod}, {@code apiVersion=v1}) while the pod informer
 * holds the Pod, the Workflow's otherwise, and every other node's event follows {@code Error getting pod from workflow node}.
 *
 * <ul>
 * <li>{@link #RACE}, {@link #DELETED_RUNNING}, {@link #DELETED_AFTER_STORED}: #17024's race on a Steps Workflow's first step, a
 * user's delete while main runs, a delete 1-4 min after the node was stored (as {@link ScenariosPodNamesV1} and {@link
 * ScenariosV40} draw them, through {@link OwnFamily}).</li>
 * <li>An earlier Pod's {@code Killing} Events: a step retried {@code Always} whose attempt (0) a user deletes while main runs
 * ({@link #KILLED_ATTEMPT}: the kubelet's {@code Killing} Events for its containers; the node {@code Failed} with main's code
 * or {@code pod deleted}), then attempt (1), another Pod (another name and UID under the same prefix), either meets #17024's
 * race ({@link #RETRY_RACE}: the workers stall 5-6 min from 30-60 s after the first delete, it finishes 15-60 s in, a user or
 * PodGC deletes it 140-200 s later) or is deleted by the user while its main runs ({@link #RETRY_DELETED_RUNNING}, 60-150 s
 * after the first delete); where the limit allows, attempt (2) ({@link #RETRY_AFTER}) runs 20-90 s and succeeds. The
 * namespace's Events are exported after each such episode (the last hour's): attempt (0)'s {@code Killing} Events are not
 * attempt (1)'s.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 53,
 * 532, 530), chained after {@link ScenariosDagGate}. Not modelled: {@code sendAsPod} on v3 releases (their events are not in
 * the controller's log), the event broadcaster's own drops.
 */
final class ScenariosPodEvents extends OwnFamily {
    static final String RACE = "podevents-race";
    static final String DELETED_RUNNING = "podevents-deleted-running";
    static final String DELETED_AFTER_STORED = "podevents-deleted-after-stored";
    static final String KILLED_ATTEMPT = "podevents-killed-attempt";
    static final String RETRY_RACE = "podevents-retry-race";
    static final String RETRY_DELETED_RUNNING = "podevents-retry-deleted-running";
    static final String RETRY_AFTER = "podevents-retry-after";
    private static final String[] NAMESPACES = {"event-audit", "ops-events", "job-events", "pipeline-ops"};
    private static final String[] TEMPLATES = {"load-events", "run-suite", "compact", "score-batch", "sync-store"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code podevents-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("podevents-");
    }

    ScenariosPodEvents(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 53, sim, start, end);
    }

    /** The controller (v4.1.3, {@code sendAsPod}); the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 7, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 532, "pool-pod-events", 3, 0, ns, 530, truth, logs, "true",
                Release.V4_1);
        main.nodeEventsSendAsPod = true;
        return main;
    }

    /**
     * Starts the controller and plans its background and up to five episodes 14-20 minutes apart from 8-12 minutes in, each
     * with 22 minutes left: a killed attempt then a race, a killed attempt then a delete while running, the race, a delete while
     * running, a delete after the node was stored, in an order drawn.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int rot = rng.between(0, 4);
            for (int i = 0; i < 5 && t + 22 * Go.MINUTE < end; i++) {
                int kind = (i + rot) % 5;
                switch (kind) {
                    case 0 -> killedThen(c, t, true);
                    case 1 -> killedThen(c, t, false);
                    case 2 -> raceOnFirstStep(c, t, TEMPLATES, RACE, this::workflow, (w, s, a) -> firstPodName(w, s));
                    case 3 -> deletedRunningFirstStep(t, TEMPLATES, DELETED_RUNNING, this::workflow, (w, s, a) -> firstPodName(w, s));
                    default -> deletedAfterStoredFirstStep(t, TEMPLATES, DELETED_AFTER_STORED, this::workflow, (w, s, a) -> firstPodName(w, s));
                }
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    private Workflow workflow(Step s) {
        return stepsWorkflow(main, s, "event-load", "suite-run", "compactor", "scorer");
    }

    /** GeneratePodName (POD_NAMES v2) of the first step's node {@code <wf>[0].<template>}. */
    private static String firstPodName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }

    /** Attempt {@code a}'s Pod of the first step ({@code <wf>[0].<template>(a)}). */
    private Pod attemptPod(Workflow w, Step s, int a) {
        return podNamed(w, ScenariosRetry.attemptPodName(w, s, a));
    }

    /**
     * Attempt (0) deleted by a user while main runs, then attempt (1) raced ({@code race}) or deleted while running; attempt (2)
     * where the limit (1 or 2) allows.
     */
    private void killedThen(Controller c, long t0, boolean race) {
        int limit = rng.between(1, 2);
        Step s = host.step(rng.pick(TEMPLATES), 0, KILLED_ATTEMPT, true);
        s.retryLimit = limit;
        s.retryPolicy = "Always";
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(20, 40) * Go.MINUTE;
        Workflow[] wf = new Workflow[1];
        long del0 = submit + rng.between(60, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        userDeletes(del0, () -> attemptPod(wf[0], s, 0));
        Step second = host.step(s.template, 0, race ? RETRY_RACE : RETRY_DELETED_RUNNING, true);
        s.attempts.add(second);
        long exportsAt;
        long podExportAt;
        if (race) {
            long stallAt = del0 + rng.between(30, 60) * Go.SECOND;
            long stallFor = rng.between(300, 360) * Go.SECOND;
            sim.at(stallAt, () -> c.stall(stallAt + stallFor));
            second.finishAt = stallAt + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
            deleteFinished(second.finishAt + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> attemptPod(wf[0], s, 1));
            exportsAt = stallAt + stallFor + rng.between(2, 6) * Go.MINUTE;
            // Attempt (1)'s Pod by name during the stall, finished and not yet deleted (as the other race families' exports).
            podExportAt = second.finishAt + rng.between(30, 90) * Go.SECOND;
        } else {
            second.finishAt = del0 + rng.between(15, 30) * Go.MINUTE;
            long del1 = del0 + rng.between(60, 150) * Go.SECOND + rng.between(0, 999_999_999L);
            userDeletes(del1, () -> attemptPod(wf[0], s, 1));
            exportsAt = del1 + rng.between(3, 6) * Go.MINUTE;
            // Attempt (1)'s Pod by name while it runs, shortly before the user's delete.
            podExportAt = del1 - rng.between(5, 40) * Go.SECOND;
        }
        Step third = host.step(s.template, rng.between(20, 90) * Go.SECOND, RETRY_AFTER, true);
        third.exitCode = 0;
        s.attempts.add(third);
        Workflow w = workflow(s);
        wf[0] = w;
        host.submit(submit, w);
        host.typicalExports(w, exportsAt, 0, 0);
        if (rng.chance(0.5)) {
            host.exportPodNamed(podExportAt, w.namespace, ScenariosRetry.attemptPodName(w, s, 1));
        }
        // The namespace's Events after the episode (the last hour's): attempt (0)'s Killing Events beside attempt (1)'s story.
        host.exportEvents(w.namespace, exportsAt + rng.between(10, 90) * Go.SECOND);
    }
}
