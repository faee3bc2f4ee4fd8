package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 32: Pods without a {@code wait} container. {@code workflowpod.go} adds {@code wait} to every template's Pod but a
 * {@code resource} or {@code data} template's (read at v3.4.18, v3.5.4, v3.5.15, v3.6.19; v3.7.18 and v4.1.2 add it back only
 * for a resource template that archives its logs, which these do not): main is the executor itself ({@code argoexec resource
 * <action>}, {@code argoexec data <source>}; {@code operator.go} {@code executeResource}, {@code executeData}). A controller of its
 * own whose release cycles with the seed over every release the generator writes ({@link Release#NO_WAIT}), in that release's
 * format; part of its background steps are resource or data templates (data none on v3.5.4, see below), and a running resource
 * or data step's node is lost once or twice (a spot reclaim, as in {@link ScenariosLegacy}).
 *
 * <p>What the controller makes of the lost Pod (docs/rules/AF016.md, AF007.md): PodGC patches it {@code Failed} over main's last
 * report (running) and deletes it. {@code inferFailedReason} warns for main alone ({@code Pod … phase was Failed but main did not
 * have terminated state}) and, before #15150, ends {@code Succeeded} ({@code Pod failed: }); with no {@code wait} nothing keeps the
 * phase. v3.4.18 and v3.5.4 store that success (no task-result check in {@code podReconciliation} before v3.5.5): AF016's truth.
 * v3.5.15 stops the pass on the placeholder result the executor created at its start (#12537, #12544: {@code pod reconciliation
 * didn't complete, will retry}) and marks the node {@code pod deleted} once the Pod is gone (AF007's). v3.6.19, v3.7.18 and v4.1.3
 * (#15150) fail it at once ({@code pod failed: neither main nor wait container completed successfully}). Half the losses meet
 * PodGC as it was before Kubernetes 1.26 (deleted, never failed: {@code pod deleted} on every release).
 *
 * <p>Task results (read in {@code cmd/argoexec/commands/resource.go}, {@code data.go}, {@code workflow/executor/resource.go},
 * {@code data.go}, {@code taskresult.go}): from v3.5.5 the executor creates a placeholder ({@code "false"}) at its start and labels
 * it {@code "true"} when it returns (deferred {@code FinalizeOutput}); v3.4.18's data executor writes its result once on success,
 * and a resource template without output parameters (these have none) writes no result before v3.5.5. v3.5.2-v3.5.4's data
 * executor creates its result labelled {@code "false"} and never completes it, so the controller never marks the Workflow
 * completed ({@code checkReconciliationComplete}): that hang is not modelled, and the family draws no data template on v3.5.4.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts
 * 37, 372, 370), so that the rest of a corpus is what it was without it but for resourceVersion numbers.
 */
final class ScenariosNoWait extends OwnFamily {
    static final String LOST = "nowait-node-lost";
    static final String LOST_FORCE_DELETED = "nowait-node-lost-force-deleted";
    /** The background's resource and data steps (the class is the template's, so that the scores tell them apart). */
    static final String BACKGROUND_RESOURCE = "background-resource";
    static final String BACKGROUND_DATA = "background-data";
    private static final String[] NAMESPACES = {"platform-ops", "data-sync", "infra-jobs", "k8s-ops"};
    private static final String[] RESOURCE_TEMPLATES = {"submit-spark", "apply-job", "create-snapshot", "scale-cluster"};
    private static final String[] DATA_TEMPLATES = {"list-shards", "filter-keys", "select-files"};

    ScenariosNoWait(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 37, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 6, NAMESPACES.length)];
        Release r = Release.NO_WAIT.get((int) Math.floorMod(seed, Release.NO_WAIT.size()));
        main = OwnController.build(host, this, sim, kube, rng, seed, 372, "pool-nowait", 3, 0, ns, 370, truth, logs, "true", r);
        return main;
    }

    /** Starts the controller and plans its background (a share of it resource and data steps) and one or two lost nodes. */
    void plan(Controller c) {
        planOneOrTwo(c, s -> {
            if (rng.chance(0.4)) {
                noWait(s, c.release, s.podClass);
            }
        }, 10, 16, 14, 20, 0.7, 15, (t, nth) -> lost(c, t, rng.chance(nth == 1 ? 0.7 : 0.6)));
    }

    /**
     * Makes {@code s} a resource or data template's step (mostly resource; no data on v3.5.4, whose data executor leaves its
     * result incomplete for good). {@code cls} {@code "background"} becomes the template's background class.
     */
    private void noWait(Step s, Release r, String cls) {
        boolean data = r != Release.V3_5_4 && rng.chance(0.3);
        s.type = data ? Step.DATA : Step.RESOURCE;
        s.template = rng.pick(data ? DATA_TEMPLATES : RESOURCE_TEMPLATES);
        if ("background".equals(cls)) {
            s.podClass = data ? BACKGROUND_DATA : BACKGROUND_RESOURCE;
        }
    }

    /** A Workflow whose first step is a long resource (or data) step, perhaps followed by a step that uses what it made. */
    private Workflow longStep(Controller c, long submitAt, String cls) {
        Step s = host.step("x", 0, cls, true);
        noWait(s, c.release, cls);
        s.finishAt = submitAt + rng.between(30, 60) * Go.MINUTE + rng.between(0, 999_999_999L);
        Spec spec = new Spec();
        spec.steps = rng.chance(0.4);
        spec.stepList.add(s);
        if (spec.steps && rng.chance(0.6)) {
            // A later step that runs on what the first made: after a false success it runs on an object that never got there.
            spec.stepList.add(host.step(rng.pick("load", "verify", "publish"), rng.between(10, 40) * Go.SECOND, "background", false));
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("spark-submit", "snapshot", "cluster-ops"), spec);
        host.submit(submitAt, w);
        return w;
    }

    /** The machine running the step is lost; PodGC deletes its Pods once the Node is gone, failing them first from 1.26. */
    private void lost(Controller c, long t0, boolean failFirst) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        String cls = failFirst ? LOST : LOST_FORCE_DELETED;
        Workflow w = longStep(c, submitAt, cls);
        ScenariosLegacy.loseNodeOf(w, submitAt + rng.between(90, 300) * Go.SECOND, failFirst, cls, host, sim, rng, kube, truth);
    }
}
