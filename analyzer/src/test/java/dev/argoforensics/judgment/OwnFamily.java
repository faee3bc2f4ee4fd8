package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

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

    /** An episode of kind {@code kind} planned at {@code t}. */
    interface Kinded {
        void at(int kind, long t);
    }

    /**
     * Starts the controller and plans its background, then up to three episodes 14-20 minutes apart from 8-12 minutes in, each
     * with 22 minutes left before the corpus ends: the first of kind 0 or 1, the second of kind {@code second} of the first's,
     * the third of any kind 0-3; the random draws in the order ScenariosRetry and ScenariosPodNamesV1 made them themselves.
     */
    final void planUpToThree(Controller c, IntUnaryOperator second, Kinded episode) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int first = rng.pick(0, 1);
            for (int i = 0; i < 3 && t + 22 * Go.MINUTE < end; i++) {
                int kind = i == 0 ? first : i == 1 ? second.applyAsInt(first) : rng.pick(0, 1, 2, 3);
                episode.at(kind, t);
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    /** #17024's stall: the Workflow workers of {@code c} stall at {@code t0} for 300-360 s. */
    final void stallAt(Controller c, long t0) {
        long stallFor = rng.between(300, 360) * Go.SECOND;
        sim.at(t0, () -> c.stall(t0 + stallFor));
    }

    /**
     * A Steps Workflow named from {@code names} whose first step is {@code s}, a second (background) step half the time, and
     * {@code podGC: OnPodCompletion} three times in ten.
     */
    final Workflow stepsWorkflow(Controller c, Step s, String... names) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        if (rng.chance(0.5)) {
            spec.stepList.add(host.step(rng.pick("report", "notify", "publish"), rng.between(10, 40) * Go.SECOND, "background", false));
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        return host.workflow(c, rng.pick(names), spec);
    }

    /** The Pod of {@code w} named {@code name} (not a later Workflow's of the same name), or null. */
    final Pod podNamed(Workflow w, String name) {
        Pod p = kube.pods.get(w.namespace + "/" + name);
        return p != null && w.uid.equals(p.workflowUid) ? p : null;
    }

    /** A finished Pod deleted at {@code at}: by a user (kubectl, the Pod's own grace: 0 for a terminal Pod) or PodGC (0). */
    final void deleteFinished(long at, Supplier<Pod> pod) {
        boolean byPodGc = rng.chance(0.5);
        sim.at(at, () -> {
            Pod p = pod.get();
            if (p != null) {
                kube.deletePod(p.key(), byPodGc ? 0 : null, null, byPodGc ? "pod-gc" : "user");
            }
        });
    }

    /** A user's {@code kubectl delete pod} at {@code at} (the Pod's own grace period), where the Pod is still there. */
    final void userDeletes(long at, Supplier<Pod> pod) {
        sim.at(at, () -> {
            Pod p = pod.get();
            if (p != null) {
                kube.deletePod(p.key(), null, null, "user");
            }
        });
    }

    /** How a family names its first step's Pod ({@code a} the attempt, -1 for a step that is not retried). */
    interface PodNaming {
        String name(Workflow w, Step s, int a);
    }

    /**
     * #17024's race on the first step's Pod of the Workflow {@code workflow} makes: the workers stall at {@code t0} for 5-6 min,
     * the step (a template of {@code templates}, class {@code cls}) finishes 15-60 s in, and a user or PodGC deletes the Pod
     * 140-200 s after that. Shared by ScenariosPodNamesV1 and ScenariosV40 (duplicates D1), the draws in the order each made them.
     */
    final void raceOnFirstStep(Controller c, long t0, String[] templates, String cls, Function<Step, Workflow> workflow, PodNaming naming) {
        stallAt(c, t0);
        Step s = host.step(rng.pick(templates), 0, cls, true);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        s.finishAt = finish;
        Workflow w = workflow.apply(s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        deleteFinished(finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, naming.name(w, s, -1)));
        host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
    }

    /**
     * The same race on attempt (0) of a step retried {@code Always} up to 1-3 times, {@code backoff} drawing the family's
     * {@code retryStrategy.backoff}; attempt (1) (class {@code afterCls}) runs 20-90 s and succeeds.
     */
    final void raceOnFirstAttempt(Controller c, long t0, String[] templates, String cls, String afterCls, Consumer<Step> backoff,
            Function<Step, Workflow> workflow, PodNaming naming) {
        stallAt(c, t0);
        Step s = host.step(rng.pick(templates), 0, cls, true);
        s.retryLimit = rng.between(1, 3);
        s.retryPolicy = "Always";
        backoff.accept(s);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        s.finishAt = finish;
        Step next = host.step(s.template, rng.between(20, 90) * Go.SECOND, afterCls, true);
        next.exitCode = 0;
        s.attempts.add(next);
        Workflow w = workflow.apply(s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        deleteFinished(finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, naming.name(w, s, 0)));
        host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
    }

    /** A user deletes the first step's Pod 90-240 s after the submission while main runs (its 20-40 min): no finding is right. */
    final void deletedRunningFirstStep(long t0, String[] templates, String cls, Function<Step, Workflow> workflow, PodNaming naming) {
        Step s = host.step(rng.pick(templates), 0, cls, true);
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(20, 40) * Go.MINUTE;
        Workflow w = workflow.apply(s);
        host.submit(submit, w);
        long del = submit + rng.between(90, 240) * Go.SECOND + rng.between(0, 999_999_999L);
        userDeletes(del, () -> podNamed(w, naming.name(w, s, -1)));
        host.typicalExports(w, del + rng.between(4, 8) * Go.MINUTE, 0, 0);
    }

    /** The first step finishes and is stored; a user or PodGC deletes its Pod 1-4 minutes later: no finding is right. */
    final void deletedAfterStoredFirstStep(long t0, String[] templates, String cls, Function<Step, Workflow> workflow, PodNaming naming) {
        Step s = host.step(rng.pick(templates), 0, cls, true);
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(30, 120) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = workflow.apply(s);
        host.submit(submit, w);
        deleteFinished(s.finishAt + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, naming.name(w, s, -1)));
        host.typicalExports(w, s.finishAt + rng.between(5, 8) * Go.MINUTE, 0, 0);
    }

    /** Whether {@code c} is this family's controller. */
    boolean owns(Controller c) {
        return c == main;
    }
}
