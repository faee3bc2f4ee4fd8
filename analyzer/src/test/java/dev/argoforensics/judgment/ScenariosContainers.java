package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Workflow;

/**
 * The containers classes of #14 (one slot of Corpus.classesOf14): a sidecar that ignores SIGTERM (AF010, B8) and
 * one that stops on it, an executor forbidden to write its WorkflowTaskResult (AF011, B5) and its look-alike, a {@code wait} that exits 64 because an artifact upload failed.
 * What happened is recorded by the cluster model as it happens ({@link Kube} refuses the writes of a service account
 * with no Role and records the refusal when {@code wait} exits for it), never from the lines.
 */
final class ScenariosContainers {
    private ScenariosContainers() {
    }

    static void plan(Corpus corpus, Controller c, long t0) {
        // A stream of its own, so that the other classes of #14 are planned as without this slot.
        Sim.Rng saved = corpus.plan;
        corpus.plan = new Sim.Rng(Sim.seed(t0, 1410));
        try {
            plan(corpus, c, t0, corpus.plan);
        } finally {
            corpus.plan = saved;
        }
        // The stopped Workflows draw from a stream of their own too, so that the slot's other Workflows are planned as before.
        corpus.plan = new Sim.Rng(Sim.seed(t0, 1411));
        try {
            planStopped(corpus, c, t0, corpus.plan);
        } finally {
            corpus.plan = saved;
        }
    }

    /**
     * A running step whose Workflow a user stops ({@code argo stop}: {@code spec.shutdown: Stop}) or terminates
     * ({@code argo terminate}: {@code Terminate}). The controller logs {@code Terminating pod as part of workflow shutdown},
     * fails the node with {@code workflow shutdown with strategy:  <s>} at once and signals the containers
     * ({@code terminateContainers}, {@code killContainers} after the grace). main traps SIGTERM and exits 0 (a graceful
     * shutdown handler: both containers exit 0, the Pod Succeeded, the node Failed: AF002's look-alike) or exits 143.
     * The Pod is not deleted: never AF001, AF007; the failure is true: not AF002.
     */
    private static void planStopped(Corpus corpus, Controller c, long t0, Sim.Rng plan) {
        boolean firstTrap = false;
        for (int i = 0; i < 2; i++) {
            if (i > 0 && !plan.chance(0.6)) {
                continue;
            }
            long stopAt = t0 + plan.between(20, 150) * Go.SECOND;
            // main would run on for a long while: the stop comes while it runs.
            Workflow w = corpus.single(c, "workflow-stopped", stopAt + plan.between(15, 40) * Go.MINUTE, K8s.PodGc.NONE, K8s.WAIT_NORMAL);
            K8s.Step s = w.spec.stepList.get(0);
            // The second one, when there is one, ends the other way: a trap exiting 0, or 143.
            boolean trap = i == 0 ? plan.chance(0.5) : !firstTrap;
            firstTrap = trap;
            s.onTerm = trap ? K8s.TERM_TRAP_EXIT_0 : 1;
            String strategy = plan.chance(0.6) ? "Stop" : "Terminate";
            corpus.submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            corpus.sim.at(stopAt, () -> corpus.kube.shutdownWorkflow(w.key(), w.uid, strategy));
            corpus.resultExports(w, stopAt);
        }
    }

    private static void plan(Corpus corpus, Controller c, long t0, Sim.Rng plan) {
        // A service account with no Role for workflowtaskresults in its namespace (#15203: the quick-start Role is in one
        // namespace only): every step run with it fails, whatever main did.
        String sa = plan.pick("etl-runner", "trainer", "reporting-sa", "batch-jobs");
        int forbidden = plan.chance(0.5) ? 2 : 1;
        String namespace = null;
        for (int i = 0; i < forbidden; i++) {
            long finish = t0 + plan.between(20, 150) * Go.SECOND;
            Workflow w = corpus.single(c, "taskresult-forbidden", finish, K8s.PodGc.NONE, K8s.WAIT_NORMAL);
            if (namespace == null) {
                namespace = w.namespace;
            }
            w.spec.stepList.get(0).serviceAccount = sa;
            corpus.kube.executorForbidden.add(w.namespace + "/" + sa);
            corpus.submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            corpus.resultExports(w, finish);
        }
        // Sidecars (B8): main ends, the controller's terminateContainers round signals the sidecar, killContainers follows
        // after the grace period. One ignores SIGTERM (AF010: the SIGKILL round finds it running), one stops on it.
        for (boolean stubborn : new boolean[] {true, false}) {
            if (!stubborn && !plan.chance(0.8)) {
                continue;
            }
            long finish = t0 + plan.between(20, 150) * Go.SECOND;
            Workflow w = corpus.single(c, stubborn ? "sidecar-would-not-stop" : "sidecar-stops", finish, K8s.PodGc.NONE, K8s.WAIT_NORMAL);
            K8s.Step s = w.spec.stepList.get(0);
            s.sidecar = plan.pick("log-shipper", "metrics-agent", "proxy");
            s.sidecarIgnoresTerm = stubborn;
            corpus.submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            corpus.resultExports(w, finish);
        }
        if (plan.chance(0.8)) {
            // The look-alike: wait exits 64 because it could not save an output artifact; the result was written.
            long finish = t0 + plan.between(20, 150) * Go.SECOND;
            Workflow w = corpus.single(c, "taskresult-upload-failed", finish, K8s.PodGc.NONE, K8s.WAIT_UPLOAD_FAILED);
            corpus.submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            corpus.resultExports(w, finish);
        }
    }
}
