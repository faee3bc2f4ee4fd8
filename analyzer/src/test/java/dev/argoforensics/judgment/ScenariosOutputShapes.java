package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 37: shapes of declared outputs the other families never generate (read in {@code workflow/controller/operator.go}
 * {@code assessNodeStatus} at v3.7.0, v3.7.1, v3.7.2 and v3.6.11, {@code cmd/argoexec/commands/resource.go} at v3.7.2, and
 * argoproj/argo-workflows#14625).
 *
 * <ul>
 * <li>A resource template with {@code action: get} and output parameters from {@code jsonPath} ({@code argoexec resource get} as
 * main, no {@code wait}; its executor creates the placeholder result, reads the object, saves the parameters
 * ({@code SaveResourceParameters}) and labels the result completed in its deferred {@code FinalizeOutput}): {@link #GET} completes
 * normally (no finding is right); {@link #GET_RACE} meets #17024's race (the Workflow workers stall 5-6 min, the Pod finishes
 * 15-60 s in and a user deletes it, or PodGC's terminated-Pod collection with grace 0, 140-200 s later: the finalizer released at
 * once, the node marked {@code pod deleted} after the stall, the parameters lost: AF001 and AF002 by the truth's facts).</li>
 * <li>#14625's short hold: a step declaring output parameters (a container step's {@code valueFrom.path} or the resource
 * {@code get}) finishes while the controller's task-result informer runs behind ({@link Controller#taskResultWatchLag} 4-15 s for
 * a while; #14625's "task result cache has not been synced in time"): the pass that sees the Pod {@code Succeeded} finds no
 * outputs on the node and keeps its phase ({@code leaving phase un-changed: required outputs are not yet set}, once or a few
 * times), the Pod keeps its status finalizer, and the pass after the result arrives stores {@code Succeeded} as usual
 * ({@link #SHORT_HOLD}: no finding is right; the look-alike of the race, whose node is never stored before the finalizer goes).</li>
 * <li>v3.7.1's words for the held line, {@code leaving phase un-changed: outputs are not yet set} (v3.7.2 added "required"
 * when optional artifacts stopped holding a node): every fourth seed's controller runs v3.7.1 ({@link Release#OUTPUT_SHAPES}),
 * its first episode a short hold; its classes carry the suffix {@link #V3_7_1}. v3.7.1 has no #15164 (v3.7.7+): an update of a Pod with a
 * {@code deletionTimestamp} is no delete to its pod controller, so {@link #GET_RACE}{@code -v3.7.1}'s deleted Pod keeps its
 * status finalizer until the stall ends, the node is stored {@code Succeeded} and the Pod labelled: the race's look-alike, no
 * AF001 or AF002. It has no stale-copy guard either (v3.7.8+); the model throws if its controller meets a stale copy.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts
 * 44, 442, 440), chained after {@link ScenariosAudit}. Not modelled: the parameters' values in the task result and the node
 * (the exports show the templates' declarations, not the values); a result whose outputs are patched and whose label comes
 * later (the model's result brings its outputs with its completed label); v3.7.1's holding for an optional artifact.
 */
final class ScenariosOutputShapes extends OwnFamily {
    static final String GET = "resource-get-outputs";
    static final String GET_RACE = "resource-get-outputs-race";
    static final String SHORT_HOLD = "outputs-short-hold";
    static final String V3_7_1 = "-v3.7.1";
    private static final String[] NAMESPACES = {"release-gates", "deploy-checks", "rollouts", "canary-ops"};
    private static final String[] GET_TEMPLATES = {"get-job-status", "read-rollout", "fetch-config"};
    private static final String[] CONTAINER_TEMPLATES = {"compute-digest", "pick-version", "count-rows"};

    ScenariosOutputShapes(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 44, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 5, NAMESPACES.length)];
        Release r = Release.OUTPUT_SHAPES.get((int) Math.floorMod(seed, Release.OUTPUT_SHAPES.size()));
        main = OwnController.build(host, this, sim, kube, rng, seed, 442, "pool-shapes", 3, 0, ns, 440, truth, logs, "true", r);
        return main;
    }

    /** Starts the controller and plans its background and one or two episodes. */
    void plan(Controller c) {
        boolean v371 = c.release == Release.V3_7_1;
        planOneOrTwo(c, s -> {
        }, 8, 14, 18, 26, 0.8, 25, (t, nth) -> {
            // On v3.7.1 the first episode is the short hold: its held line's words are why the release is here.
            int kind = v371 && nth == 1 ? 2 : rng.pick(0, 1, 2, 2);
            switch (kind) {
                case 0 -> get(c, t, v371);
                case 1 -> getRace(c, t);
                default -> shortHold(c, t, v371);
            }
        });
    }

    private Step getStep(String cls) {
        Step s = host.step(rng.pick(GET_TEMPLATES), 0, cls, true);
        s.type = Step.RESOURCE;
        s.resourceAction = "get";
        s.declaresOutputParameters = true;
        return s;
    }

    /** A Steps Workflow: the resource {@code get} with output parameters, then a container step over them. */
    private Workflow getWorkflow(Controller c, Step s) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.stepList.add(host.step(rng.pick("gate-release", "report-status", "promote"), rng.between(10, 40) * Go.SECOND, "background", false));
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        return host.workflow(c, rng.pick("release-check", "rollout-gate", "config-probe"), spec);
    }

    private void get(Controller c, long t0, boolean v371) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        long finish = submitAt + rng.between(5, 30) * Go.SECOND + rng.between(0, 999_999_999L);
        Step s = getStep(GET + (v371 ? V3_7_1 : ""));
        s.finishAt = finish;
        Workflow w = getWorkflow(c, s);
        host.submit(submitAt, w);
        host.typicalExports(w, finish + rng.between(20, 90) * Go.SECOND, 0, 0);
    }

    private void getRace(Controller c, long t0) {
        stallAt(c, t0);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        Step s = getStep(GET_RACE + (c.release == Release.V3_7_1 ? V3_7_1 : ""));
        s.finishAt = finish;
        Workflow w = getWorkflow(c, s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        long del = finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        deleteFinished(del, () -> kube.podOf(w));
        host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
    }

    /** A step declaring output parameters that finishes while the task-result watch runs 4-15 s behind. */
    private void shortHold(Controller c, long t0, boolean v371) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        long finish = submitAt + rng.between(20, 90) * Go.SECOND + rng.between(0, 999_999_999L);
        String cls = SHORT_HOLD + (v371 ? V3_7_1 : "");
        Step s;
        if (rng.chance(0.5)) {
            s = getStep(cls);
        } else {
            s = host.step(rng.pick(CONTAINER_TEMPLATES), 0, cls, true);
            s.declaresOutputParameters = true;
        }
        s.finishAt = finish;
        Workflow w = getWorkflow(c, s);
        host.submit(submitAt, w);
        long lag = rng.between(4, 15) * Go.SECOND;
        long from = finish - rng.between(1, 5) * Go.SECOND;
        long to = finish + rng.between(10, 40) * Go.SECOND;
        sim.at(from, () -> c.taskResultWatchLag = lag);
        sim.at(to, () -> c.taskResultWatchLag = 0);
        host.typicalExports(w, finish + rng.between(20, 90) * Go.SECOND, 0, 0);
    }
}
