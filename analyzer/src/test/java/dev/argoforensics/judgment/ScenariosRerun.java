package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;
import java.util.Set;

/**
 * Session 45: what follows a Workflow's failure, on one controller of its own: the Workflow run again by a user, and a DAG fan-out
 * one of whose tasks fails ({@link #fanOut}, classes {@code dag-failfast-*}).
 *
 * <p>Run again (read in {@code workflow/util/util.go} at v4.1.2: {@code FormulateRetryWorkflow}, {@code FormulateResubmitWorkflow}):
 *
 * <ul>
 * <li>{@code argo retry} ({@link ArgoServer#retry}; a Failed or Error Workflow): the same Workflow (the same UID) keeps its
 * succeeded nodes; the failed or errored Pod nodes are dropped and their Pods deleted by the server (a {@code NotFound} for one
 * already gone), their ancestors reset to {@code Running}, the completed label removed. The controller runs the dropped step
 * again under the same node name, so its new Pod has the same name as the old one (POD_NAMES v2 hashes the node name) and a
 * new UID: {@link #RETRY_NEW}.</li>
 * <li>{@code argo resubmit} (not memoized): a new Workflow from the old one's {@code generateName} (here its prefix), labelled
 * {@code workflows.argoproj.io/resubmitted-from-workflow: <old>}; its nodes and Pods carry its own name: {@link #RESUBMIT_NEW}.
 * The old Workflow and its Pods are left as they were.</li>
 * </ul>
 *
 * What the first run met: its step failed on its own (main exits 1; {@link #RETRY_FAILED}, {@link #RESUBMIT_FAILED}: no rule's
 * truth), or #17024's race (the workers stall 5-6 min, the step finishes 15-60 s in and a user or PodGC deletes its Pod 140-200 s
 * later, the finalizer released at once, the node marked {@code pod deleted} after the stall, the Workflow {@code Error}:
 * {@link #RETRY_RACE}, {@link #RESUBMIT_RACE}; the Pod's truth is the race's whatever the user did after). The user runs the
 * Workflow again 1-8 minutes after it ended; the run again succeeds (no rule's truth). The exports are taken after it.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 50,
 * 502, 500), chained after {@link ScenariosPreempt} and before the stress family; its release {@link Release#MODERN} two steps
 * from the scenario controllers'. The two session-45 families have two salts between them (50 and 51), so the DAG fan-out shares
 * this one's controller and stream. Not modelled: a DAG's dependencies and {@code parallelism} (where {@code failFast} decides
 * what is not scheduled), the template-level {@code failFast} (which fails a Steps or DAG template once its active Pods are
 * done), a retry of a Workflow whose Pods podGC deleted, {@code --restart-successful}, {@code --node-field-selector}, memoized
 * resubmission, a retry while a Pod of the failed run still runs.
 */
final class ScenariosRerun extends OwnFamily {
    static final String RETRY_FAILED = "rerun-retry-failed-run";
    static final String RETRY_RACE = "rerun-retry-race";
    static final String RETRY_NEW = "rerun-retry-new-pod";
    static final String RESUBMIT_FAILED = "rerun-resubmit-failed-run";
    static final String RESUBMIT_RACE = "rerun-resubmit-race";
    static final String RESUBMIT_NEW = "rerun-resubmitted-run";
    static final String RESUBMITTED_FROM = "workflows.argoproj.io/resubmitted-from-workflow";
    /** The DAG fan-out's task that fails on its own, and the other tasks; {@link #STALL} added where the workers stalled. */
    static final String FAN_FAILED = "dag-failfast-failed-task";
    static final String FAN_SIBLING = "dag-failfast-sibling";
    static final String STALL = "-stall";
    private static final String[] FAN_TEMPLATES = {"shard-process", "tile-render", "part-score", "chunk-index"};
    private static final String[] NAMESPACES = {"report-builds", "dq-reruns", "ml-eval", "release-ci"};
    private static final String[] TEMPLATES = {"build-report", "validate", "evaluate", "package", "smoke-test"};
    private static final String[] PREFIXES = {"weekly-report", "dq-check", "eval-run", "release-build"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code rerun-} or {@code dag-failfast-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("rerun-") || cls.startsWith("dag-failfast-");
    }

    ScenariosRerun(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 50, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 502, "pool-wf-again", 3, 2, ns, 500, truth, logs);
        return main;
    }

    /**
     * Starts the controller and plans its background and up to five episodes 14-20 minutes apart from 8-12 minutes in, each with
     * 22 minutes left: a run again after the race, a DAG fan-out, a run again after a failure, a DAG fan-out, then any of them.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            for (int i = 0; i < 5 && t + 22 * Go.MINUTE < end; i++) {
                int kind = i < 4 ? i % 4 : rng.pick(0, 1, 2);
                boolean retry = rng.chance(0.5);
                switch (kind) {
                    case 0 -> race(c, t, retry);
                    case 2 -> failed(c, t, retry);
                    default -> fanOut(c, t);
                }
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    private Workflow workflow(Controller c, Step s, String prefix) {
        return stepsWorkflow(c, s, prefix);
    }

    /** The first run's step fails on its own (exit 1 or 2) 30-120 s after the submission; the user runs it again. */
    private void failed(Controller c, long t0, boolean retry) {
        Step s = host.step(rng.pick(TEMPLATES), 0, retry ? RETRY_FAILED : RESUBMIT_FAILED, true);
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(30, 120) * Go.SECOND + rng.between(0, 999_999_999L);
        s.exitCode = rng.pick(1, 2);
        String prefix = rng.pick(PREFIXES);
        Workflow w = workflow(c, s, prefix);
        host.submit(submit, w);
        again(c, w, s, prefix, s.finishAt + rng.between(1, 8) * Go.MINUTE, retry);
    }

    /** #17024's race on the first run's step; the user runs the Workflow again after the stall. */
    private void race(Controller c, long t0, boolean retry) {
        long stallFor = rng.between(300, 360) * Go.SECOND;
        sim.at(t0, () -> c.stall(t0 + stallFor));
        Step s = host.step(rng.pick(TEMPLATES), 0, retry ? RETRY_RACE : RESUBMIT_RACE, true);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        s.finishAt = finish;
        String prefix = rng.pick(PREFIXES);
        Workflow w = workflow(c, s, prefix);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        deleteFinished(finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, firstPodName(w, s)));
        again(c, w, s, prefix, t0 + stallFor + rng.between(1, 8) * Go.MINUTE, retry);
    }

    /**
     * A DAG fan-out of 3-5 tasks of one template (no dependencies; {@code failFast} at its default): one task's main exits 1
     * 60-150 s after the submission, the others end 40 s after the submission to 6 minutes after that failure. Nothing stops
     * them: {@code dag.failFast} only makes the DAG's assessment stop at the first failed target, and it returns Running while
     * any task node is unfulfilled (dag.go {@code assessDAGPhase}); the DAG and the Workflow fail once every task has ended.
     * Half the time the Workflow workers stall 5-6 min from 5 s before to 20 s after the failure. A user who saw the failed
     * task then deletes the Workflow's Pods by its label ({@code kubectl delete pods -l workflows.argoproj.io/workflow=<wf>}):
     * during the stall always, 140-200 s after the failure (a finished task not yet stored races the finalizer; a running one
     * is deleted while main runs, its node marked {@code pod deleted} after the stall); without one, 7 times in 10, 30-120 s
     * after it (the controller working: each node stored as its Pod ends).
     */
    private void fanOut(Controller c, long t0) {
        boolean stall = rng.chance(0.5);
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        long failAt = submit + rng.between(60, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        long stallAt = failAt + rng.between(-5, 20) * Go.SECOND;
        long stallFor = rng.between(300, 360) * Go.SECOND;
        String template = rng.pick(FAN_TEMPLATES);
        int tasks = rng.between(3, 5);
        int failing = rng.between(0, tasks - 1);
        K8s.Spec spec = new K8s.Spec();
        spec.steps = true;
        spec.dag = true;
        Step first = null;
        for (int i = 0; i < tasks; i++) {
            boolean fails = i == failing;
            Step s = host.step(template, 0, (fails ? FAN_FAILED : FAN_SIBLING) + (stall ? STALL : ""), true);
            s.task = template.substring(0, template.indexOf('-') + 1) + i;
            if (fails) {
                s.finishAt = failAt;
                s.exitCode = 1;
            } else {
                s.finishAt = rng.between(submit + 40 * Go.SECOND, failAt + 6 * Go.MINUTE) + rng.between(0, 999_999_999L);
            }
            if (first == null) {
                first = s;
                spec.stepList.add(s);
            } else {
                first.parallel.add(s);
            }
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("shard-fanout", "batch-fanout", "split-run"), spec);
        host.submit(submit, w);
        long del = -1;
        if (stall) {
            sim.at(stallAt, () -> c.stall(stallAt + stallFor));
            del = failAt + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        } else if (rng.chance(0.7)) {
            del = failAt + rng.between(30, 120) * Go.SECOND + rng.between(0, 999_999_999L);
        }
        if (del > 0) {
            sim.at(del, () -> {
                for (K8s.Pod p : new java.util.ArrayList<>(kube.pods.values())) {
                    if (w.uid.equals(p.workflowUid) && p.deletionTimestamp == null) {
                        kube.deletePod(p.key(), null, null, "user");
                    }
                }
            });
        }
        long during = failAt + rng.between(60, 120) * Go.SECOND;
        host.typicalExports(w, during, 0, 0);
        // The task Pods by name (kubectl get pod <name>), some of them, after the deletion.
        long after = (del > 0 ? del : failAt) + rng.between(20, 90) * Go.SECOND;
        String prefix = w.name + "-" + template + "-";
        for (Step s : spec.stepList.get(0).parallel) {
            if (rng.chance(0.3)) {
                host.exportPodNamed(after, w.namespace, prefix + Go.fnv(w.name + "." + s.task));
            }
        }
    }

    /** GeneratePodName (POD_NAMES v2) of the first step's node {@code <wf>[0].<template>}. */
    private static String firstPodName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }

    /**
     * {@code argo retry} or {@code argo resubmit} of {@code w} at {@code at} (plus up to a second), the step run again 20-90 s;
     * the exports taken 1-4 minutes after it.
     */
    private void again(Controller c, Workflow w, Step s, String prefix, long at, boolean retry) {
        long again = rng.between(20, 90) * Go.SECOND;
        long when = at + rng.between(0, 999_999_999L);
        long exportAt = when + again + rng.between(60, 240) * Go.SECOND;
        if (retry) {
            sim.at(when, () -> {
                // The Pod the controller creates for the reset node is the run again's (its class set before the controller sees it).
                String was = s.podClass;
                s.podClass = RETRY_NEW;
                if (!ArgoServer.retry(kube, c, w, again, Set.of("Failed", "Error"))) {
                    s.podClass = was;
                }
            });
            host.typicalExports(w, exportAt, 0, 0);
            return;
        }
        // The resubmitted Workflow has the old one's spec: the same steps (run anew) and podGC.
        K8s.Spec spec = new K8s.Spec();
        spec.steps = true;
        spec.stepList.add(host.step(s.template, again, RESUBMIT_NEW, true));
        for (Step b : w.spec.stepList.subList(1, w.spec.stepList.size())) {
            spec.stepList.add(host.step(b.template, b.mainDuration, b.podClass, false));
        }
        spec.podGc = w.spec.podGc;
        Workflow n = host.workflow(c, prefix, spec);
        n.labels.put(RESUBMITTED_FROM, w.name);
        host.submit(when, n);
        host.typicalExports(w, exportAt, 0, 0);
        host.typicalExports(n, exportAt, 0, 0);
    }
}
