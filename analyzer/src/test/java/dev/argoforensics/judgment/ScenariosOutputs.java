package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 34: a node kept in its phase for outputs its template declares and its step never reports. From v3.6.11 (v3.7.1
 * without "required", v3.7.2+, v4; read in {@code operator.go} {@code assessNodeStatus} at the tags) the controller drops a
 * Succeeded Pod's new phase for the node's old one while a declared output parameter, a required (non-optional) output artifact
 * or the result is not on the node, and logs {@code leaving phase un-changed: required outputs are not yet set} at every pass
 * (argoproj/argo-workflows#14625, for a result the task-result informer had not synced yet). The outputs come only from the
 * step's task result ({@code taskResultReconciliation}); a data template's executor ({@code argoexec data}) reports
 * {@code outputs.result} alone, so a data template that declares an output artifact (argoproj/argo-workflows#14990's example,
 * until #15004 took the artifact out of it) is kept for good: its result is labelled completed, {@code Task-result
 * reconciliation numObjs=1}, the held line every pass, the Workflow {@code Running}. The check sits in {@code assessNodeStatus},
 * before {@code podReconciliation}'s task-result check, and the new state is not Succeeded, so no pass stops on it; the node is
 * never completed, so the forced task-result completion (it needs a completed phase) never applies, and the Pod keeps its
 * status finalizer and its {@code completed} label off.
 *
 * <p>Classes: {@link #HELD}, kept to the end of the logs (AF006's not decided; no finding is right: the result is complete);
 * {@link #HELD_POD_DELETED}, the user deletes the stuck Pod 8-20 min after it finished: the delete handler's timed removal takes
 * the finalizer at once (the Pod finished long ago) and the next pass marks the node {@code pod deleted}: the status-capture
 * finalizer released on a deleted Pod before the node's result was persisted, #17024's mechanism, labelled AF001 as
 * {@code task-result-pod-deleted} is (and AF002: a success reported as an error). What differs is why the node was not persisted:
 * not a delayed reconcile but the controller's own refusal at every pass ({@code outputsHeldPasses} in the truth), so a finalizer
 * kept until the persist (#17024's fix) would have kept the Pod and the Workflow waiting, not stored the success. {@link #HELD}
 * is the look-alike of a pending result (AF006's symptom, a Workflow left Running on a Succeeded Pod) with the result complete:
 * no finding is right. Background: a share of the steps are data templates whose outputs are the result only
 * ({@code background-data}), never held.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts
 * 39, 392, 390), its release cycling over {@link Release#MODERN} one step from the scenario controllers', all of which have the
 * check. The transient hold of #14625, v3.7.1's wording and a resource template's output parameters are session 37's
 * {@link ScenariosOutputShapes}.
 */
final class ScenariosOutputs extends OwnFamily {
    static final String HELD = "outputs-held";
    static final String HELD_POD_DELETED = "outputs-held-pod-deleted";
    private static final String[] NAMESPACES = {"etl", "data-prep", "ingest", "lakehouse"};
    private static final String[] DATA_TEMPLATES = {"list-log-files", "filter-objects", "select-partitions"};

    ScenariosOutputs(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 39, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 392, "pool-outputs", 3, 1, ns, 390, truth, logs);
        return main;
    }

    /** Starts the controller and plans its background (a share of it data steps) and one or two held nodes. */
    void plan(Controller c) {
        planOneOrTwo(c, s -> {
            if ("background".equals(s.podClass) && rng.chance(0.25)) {
                s.type = Step.DATA;
                s.template = rng.pick(DATA_TEMPLATES);
                s.podClass = ScenariosNoWait.BACKGROUND_DATA;
            }
        }, 8, 14, 20, 30, 0.7, 30, (t, nth) -> held(c, t, rng.chance(0.5)));
    }

    /**
     * A Steps Workflow whose first step is a data template declaring an output artifact, the second a container step over its
     * result; the node is kept {@code Running} for good, and perhaps the user deletes its Pod.
     */
    private void held(Controller c, long t0, boolean userDeletes) {
        String cls = userDeletes ? HELD_POD_DELETED : HELD;
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        long finish = submitAt + rng.between(20, 90) * Go.SECOND + rng.between(0, 999_999_999L);
        Step s = host.step(rng.pick(DATA_TEMPLATES), 0, cls, true);
        s.type = Step.DATA;
        s.missingOutputArtifact = true;
        s.finishAt = finish;
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.stepList.add(host.step(rng.pick("process-logs", "load-rows", "index-files"), rng.between(10, 40) * Go.SECOND, "background", false));
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("data-transformations", "log-scan", "partition-pick"), spec);
        host.submit(submitAt, w);
        long deleteAt = finish + rng.between(8, 20) * Go.MINUTE + rng.between(0, 999_999_999L);
        if (userDeletes) {
            // kubectl delete pod: the only way out (labelling the result completed by hand brings no artifact).
            sim.at(deleteAt, () -> {
                Pod p = kube.podOf(w);
                if (p != null) {
                    kube.deletePod(p.namespace + "/" + p.name, null, null, "user");
                }
            });
        }
        if (rng.chance(0.5)) {
            host.exportWorkflow(finish + rng.between(3, 7) * Go.MINUTE, w);
        }
        if (rng.chance(0.5)) {
            host.exportWorkflow(end - rng.between(10, 120) * Go.SECOND, w);
        }
        if (rng.chance(0.4)) {
            host.exportPod(finish + rng.between(2, 6) * Go.MINUTE, w);
        }
    }
}
