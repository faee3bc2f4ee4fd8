package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import dev.argoforensics.judgment.LogSink.Envelope;
import java.nio.file.Path;
import java.util.List;

/**
 * The controller's own stops and restarts of a Pod (lifecycle reference B8, logs §6.1; Argo's {@code exec_control.go},
 * {@code operator.go}, {@code pod_restart.go}), each a look-alike of a lost result or a deletion during execution:
 * <ul>
 *   <li>{@code workflow-stopped}: {@code argo stop} / {@code argo terminate} while the step runs (as in the containers slot
 *       of #14, which never falls on v3.6.19; here the release line cycles with the seed);</li>
 *   <li>{@code workflow-stopped-pending}: the same while the step's Pod is {@code Pending} (no node fits its requests):
 *       {@code Terminating pod as part of workflow shutdown}, the node failed, and the pod controller deletes the Pod
 *       ({@code terminateContainers} finds it Pending and queues {@code deletePod}: its finalizer removed, then the delete,
 *       grace 0 for an unscheduled Pod); no container ever ran;</li>
 *   <li>{@code workflow-deadline}: the Workflow's {@code activeDeadlineSeconds} passes while the step runs: the controller,
 *       requeued at the deadline, logs {@code Terminating pod which has exceeded workflow deadline} (v3: key
 *       {@code " workflowDeadline"}), fails the node {@code Step exceeded its deadline} and signals the containers; the
 *       executor's own deadline monitor in {@code wait} kills main too; main traps SIGTERM and exits 0 (the first), or exits 143
 *       (a second);</li>
 *   <li>{@code pod-auto-restarted} (v4.1.3 only, {@code failedPodRestart} enabled): the kubelet fails the step's Pod
 *       before main starts ({@code Evicted}, {@code NodeAffinity}, {@code UnexpectedAdmissionError}); {@code Pod
 *       qualifies for automatic restart - marking as pending}, {@code deletePodByUID}, and a Pod of the same name runs
 *       the step.</li>
 * </ul>
 * None is AF001, AF002 or AF007: no finished container's result was released unpersisted, the failure is the stop's, and
 * the only deletions are the controller's own, of Pods whose main never ran.
 *
 * <p>On a controller of its own (its own namespace and two nodes), drawing from its own random streams as
 * {@link ScenariosDeletion} does: the rest of the corpus is what it was without it but for resourceVersion numbers.
 */
final class ScenariosExecControl extends OwnFamily {
    private static final String[] NAMESPACES = {"geo-tiles", "risk-models", "ad-bidding", "doc-render"};
    private static final String[] TEMPLATES = {"crawl", "backfill", "train", "render", "reindex"};

    ScenariosExecControl(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 26, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        // Its release line two steps from the scenario controllers' (seed) and one from the deletions' (seed + 1).
        main = OwnController.build(host, this, sim, kube, rng, seed, 262, "pool-exec-control", 2, 2, ns, 260, truth, logs);
        main.failedPodRestart = main.release.slog;
        return main;
    }

    /** Starts the controller and plans its background and the episodes, all on our streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t1 = start + rng.between(10, 16) * Go.MINUTE;
            stops(c, t1);
            long t2 = t1 + rng.between(12, 18) * Go.MINUTE;
            deadlines(c, t2);
            long t3 = t2 + rng.between(25, 30) * Go.MINUTE;
            if (c.failedPodRestart && t3 + 15 * Go.MINUTE < end) {
                restarts(c, t3);
            }
        });
    }

    private Workflow single(Controller c, String prefix, long submitAt, Step s) {
        Spec spec = new Spec();
        spec.steps = rng.chance(0.3);
        spec.stepList.add(s);
        Workflow w = host.workflow(c, prefix, spec);
        host.submit(submitAt, w);
        return w;
    }

    private Step step(String cls, long finishAt) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        if (finishAt > 0) {
            s.finishAt = finishAt + rng.between(0, 999_999_999L);
        }
        return s;
    }

    /** Running steps stopped or terminated (main traps SIGTERM and exits 0, or exits 143), and a Pending one. */
    private void stops(Controller c, long t0) {
        int running = rng.chance(0.5) ? 2 : 1;
        boolean firstTrap = false;
        for (int i = 0; i < running; i++) {
            long stopAt = t0 + rng.between(20, 150) * Go.SECOND;
            Step s = step("workflow-stopped", stopAt + rng.between(15, 40) * Go.MINUTE);
            boolean trap = i == 0 ? rng.chance(0.5) : !firstTrap;
            firstTrap = trap;
            s.onTerm = trap ? K8s.TERM_TRAP_EXIT_0 : 1;
            Workflow w = single(c, rng.pick("backfill", "crawl"), t0 - rng.between(60, 110) * Go.SECOND, s);
            stop(w, stopAt);
            host.typicalExports(w, stopAt + rng.between(2, 8) * Go.MINUTE, 0, 0);
        }
        // Pending: no node fits its requests; a user who sees it waiting stops it.
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Step s = step("workflow-stopped-pending", submitAt + 60 * Go.MINUTE);
        s.unschedulable = true;
        Workflow w = single(c, rng.pick("train", "render"), submitAt, s);
        long stopAt = submitAt + rng.between(40, 180) * Go.SECOND;
        stop(w, stopAt);
        host.typicalExports(w, stopAt - rng.between(5, 30) * Go.SECOND, 0, 0);
    }

    private void stop(Workflow w, long at) {
        String strategy = rng.chance(0.6) ? "Stop" : "Terminate";
        sim.at(at + rng.between(0, 999_999_999L), () -> kube.shutdownWorkflow(w.key(), w.uid, strategy));
    }

    /** Workflows whose activeDeadlineSeconds passes while their step runs. */
    private void deadlines(Controller c, long t0) {
        int n = rng.chance(0.5) ? 2 : 1;
        for (int i = 0; i < n; i++) {
            long submitAt = t0 + rng.between(0, 90) * Go.SECOND;
            long deadline = rng.between(180, 600);
            Step s = step("workflow-deadline", submitAt + (deadline + rng.between(600, 2400)) * Go.SECOND);
            // The first traps SIGTERM and exits 0 (AF002's look-alike: both containers at 0, the node Failed); a second exits 143.
            s.onTerm = i == 0 ? K8s.TERM_TRAP_EXIT_0 : 1;
            Workflow w = single(c, rng.pick("reindex", "crawl", "backfill"), submitAt, s);
            w.spec.activeDeadlineSeconds = deadline;
            host.typicalExports(w, submitAt + (deadline + rng.between(60, 400)) * Go.SECOND, 0, 0);
        }
    }

    /** v4.1.3 with failedPodRestart: the step's first Pod fails before main starts; the controller runs the step again. */
    private void restarts(Controller c, long t0) {
        int n = rng.chance(0.5) ? 2 : 1;
        for (int i = 0; i < n; i++) {
            long submitAt = t0 + rng.between(0, 120) * Go.SECOND;
            Step s = step("pod-auto-restarted", -1);
            s.mainDuration = rng.between(40, 240) * Go.SECOND;
            s.drawRejection(rng);
            Workflow w = single(c, rng.pick("compile", "featurize"), submitAt, s);
            host.typicalExports(w, submitAt + rng.between(5, 9) * Go.MINUTE, 0, 0);
        }
    }
}
