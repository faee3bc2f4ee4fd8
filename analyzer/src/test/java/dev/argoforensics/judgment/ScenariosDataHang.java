package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 35: v3.5.2-v3.5.4's data template whose task result is never completed (read at v3.5.4 in
 * {@code cmd/argoexec/commands/data.go}, {@code workflow/executor/data.go} and {@code taskresult.go}, and
 * {@code workflow/controller/operator.go}). {@code argoexec data} (main itself: the Pod has no {@code wait}) reports
 * {@code outputs.result} through {@code ReportOutputs}, whose {@code createTaskResult} labels the result
 * {@code report-outputs-completed: "false"}; nothing labels it {@code "true"} afterwards ({@code FinalizeOutput} is the wait
 * command's, and the data command defers none before v3.5.5, #12544). The controller (no {@code IsTaskResultIncomplete} stop
 * before v3.5.5) stores the node {@code Succeeded} and the Workflow's next steps run; at the end {@code markWorkflowPhase} sets
 * the phase ({@code Updated phase Running -> Succeeded}, the phase label, the {@code WorkflowSucceeded} Event) and, its
 * {@code checkReconciliationComplete} false ({@code taskResultsCompletionStatus} holds the node {@code false}), never logs
 * {@code Marking workflow completed}: no {@code finishedAt}, label {@code completed: "false"}, the Workflow processed again on
 * every event and resync and never labelled completed (v3.5.6+ return before setting the phase, v3.5.5+ complete the result;
 * the model's v3.5.4 is the only release of that range it writes). No forced completion before v3.5.11.
 *
 * <p>Classes: {@link #NEVER_COMPLETED}, left so to the end of the logs: AF006's truth (a result pending long after its Pod
 * finished; the cause an executor bug, not RBAC or a lost label); {@link #LABELLED_BY_HAND}, #12103's workaround
 * ({@code kubectl label workflowtaskresult … report-outputs-completed=true --overwrite}) 2-25 minutes after the step ended: the
 * next pass marks the Workflow completed ({@code Marking workflow completed} without an {@code Updated phase}, the phase already
 * Succeeded); AF006 where the label came more than 10 minutes after the Pod finished (settled late), none before. Background:
 * container steps (their {@code wait} completes the result) and resource steps (no result without output parameters before
 * v3.5.5): no finding is right for them.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts
 * 43, 432, 430), chained after {@link ScenariosStaleDeleted}, its release v3.5.4 in logrus text, TTY or JSON.
 */
final class ScenariosDataHang extends OwnFamily {
    static final String NEVER_COMPLETED = "data-result-never-completed";
    static final String LABELLED_BY_HAND = "data-result-labelled-by-hand";
    private static final String[] NAMESPACES = {"feature-store", "catalog-sync", "ml-data", "dataset-jobs"};
    private static final String[] DATA_TEMPLATES = {"list-input-files", "filter-manifests", "select-batches"};
    private static final String[] RESOURCE_TEMPLATES = {"create-configmap", "apply-job", "patch-dataset"};

    ScenariosDataHang(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 43, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 7, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 432, "pool-datahang", 3, 0, ns, 430, truth, logs, "true",
                Release.V3_5_4);
        main.phaseBeforeResults = true;
        return main;
    }

    /** Starts the controller and plans its background (a share of it resource steps) and one or two data steps. */
    void plan(Controller c) {
        planOneOrTwo(c, s -> {
            if ("background".equals(s.podClass) && rng.chance(0.3)) {
                s.type = Step.RESOURCE;
                s.template = rng.pick(RESOURCE_TEMPLATES);
                s.podClass = ScenariosNoWait.BACKGROUND_RESOURCE;
            }
        }, 8, 14, 20, 30, 0.7, 35, (t, nth) -> episode(c, t, rng.chance(0.5)));
    }

    /** A Workflow whose first step is a data template, perhaps followed by a container step over its result. */
    private void episode(Controller c, long t0, boolean byHand) {
        String cls = byHand ? LABELLED_BY_HAND : NEVER_COMPLETED;
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        long finish = submitAt + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        Step s = host.step(rng.pick(DATA_TEMPLATES), 0, cls, true);
        s.type = Step.DATA;
        s.finishAt = finish;
        Spec spec = new Spec();
        spec.steps = rng.chance(0.6);
        spec.stepList.add(s);
        if (spec.steps) {
            spec.stepList.add(host.step(rng.pick("process-batch", "load-features", "train-shard"), rng.between(10, 60) * Go.SECOND,
                    "background", false));
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("feature-build", "manifest-scan", "batch-select"), spec);
        host.submit(submitAt, w);
        long labelAt = finish + rng.between(2, 25) * Go.MINUTE + rng.between(0, 999_999_999L);
        if (byHand) {
            // The data step's result (the Workflow's Pod of interest; its Pod may be gone, the result is not).
            sim.at(labelAt, () -> {
                for (Truth.PodFacts f : truth.all()) {
                    if (w.uid.equals(f.workflowUid) && f.ofInterest) {
                        kube.labelTaskResultCompleted(f.namespace, f.nodeId);
                        return;
                    }
                }
            });
        }
        if (rng.chance(0.6)) {
            host.exportWorkflow(finish + rng.between(3, 9) * Go.MINUTE, w);
        }
        if (rng.chance(0.5)) {
            host.exportWorkflow(end - rng.between(10, 120) * Go.SECOND, w);
        }
        if (rng.chance(0.3)) {
            host.exportPod(finish + rng.between(2, 6) * Go.MINUTE, w);
        }
    }
}
