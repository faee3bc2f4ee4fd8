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
