package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import dev.argoforensics.judgment.LogSink.Envelope;
import java.nio.file.Path;
import java.util.List;

/**
 * Workflows deleted in the foreground ({@code kubectl delete workflow --cascade=foreground}; lifecycle reference A3,
 * *inferred* there): the Workflow keeps {@code foregroundDeletion} and a {@code deletionTimestamp} until the garbage
 * collector has deleted its blocking Pods (background, UID precondition, the spec's grace) and they are gone, the
 * status finalizer released too; the controller keeps reconciling it meanwhile and may record its Pods lost
 * ({@code Workflow pod is missing}, {@code pod deleted}) and persist that (the update succeeds while the Workflow has a
 * deletionTimestamp, or is refused as not found once the collector let it go). Every Pod is {@code
 * workflow-deleted-foreground}: a look-alike of the #17024 race (AF001, AF002) and of a deletion during execution
 * (AF007), whose Workflow's result was being thrown away.
 *
 * <p>On a controller of their own, with their own namespace and nodes, drawing from their own random streams (the
 * cluster's and the plan's, through {@link Sim#stream}): the rest of the corpus is what it was without them but for
 * resourceVersion numbers. Three episodes:
 * <ul>
 *   <li>healthy: a running Pod's Workflow deleted (SIGTERM, the Pod ends Failed, its release due two minutes after its
 *       last transition); a Pod finished whose task result stays incomplete ({@code wait}'s label patch lost), the
 *       Workflow deleted 2-8 min later as stuck (released at once, the node marked {@code pod deleted}); a two-step
 *       Workflow whose first Pod finished and was labelled completed, the second running;</li>
 *   <li>a Workflow-worker stall: Pods finish during it and their Workflows are deleted before it ends (released by the
 *       pod controller, which does not stall; the Workflow is gone before a worker takes it up again), and a running one;</li>
 *   <li>the controller down: the Pods' finalizers hold them Terminating and the Workflow with them until it returns
 *       (with {@code --workflow-workers=0} first, or its workers at once).</li>
 * </ul>
 * Exports as people take them: some before the deletion, some while the Pod is Terminating, some of the Workflow with its
 * deletionTimestamp while it is held, none of what is gone.
 */
final class ScenariosDeletion {
    static final String CLASS = "workflow-deleted-foreground";
    private static final String[] NAMESPACES = {"data-lake", "ml-serving", "marketing-sync", "edge-builds"};
    private static final String[] TEMPLATES = {"ingest", "featurize", "score", "upload", "compact"};

    /** What the scenarios use of the corpus beyond {@link ScenariosControllers.Host}. */
    interface Host extends ScenariosControllers.Host {
        /** {@code kubectl get workflow -o yaml|json} at {@code at}, if it still exists. */
        void exportWorkflow(long at, Workflow w);

        /** {@code kubectl get pod -o yaml|json} of the Workflow's first Pod at {@code at}, if it still exists. */
        void exportPod(long at, Workflow w);

        /** {@code kubectl get pod -n NAMESPACE NAME} at {@code at} (session 39: a retry attempt's Pod, not the Workflow's first). */
        void exportPodNamed(long at, String namespace, String name);

        /** {@code kubectl get events -n default --field-selector involvedObject.kind=Node}, once, near the end. */
        void exportNodeEvents();

        /** Session 46: {@code kubectl get events -n NAMESPACE -o yaml} at {@code at} (the last hour's Events). */
        void exportEvents(String namespace, long at);
    }

    private final Host host;
    private final Sim.Rng rng;
    private final Sim sim;
    private final long start;
    private final long end;
    private Controller main;
    private Kube kube;

    ScenariosDeletion(Host host, long seed, Sim sim, long start, long end) {
        this.host = host;
        this.rng = new Sim.Rng(Sim.seed(seed, 23));
        this.sim = sim;
        this.start = start;
        this.end = end;
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        this.kube = kube;
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 232, "pool-deletions", 2, 1, ns, 230, truth, logs);
        return main;
    }

    boolean owns(Controller c) {
        return c == main;
    }

    /** Starts the controller and plans its background and the three episodes, all on our streams. */
    void plan(Controller c) {
        sim.stream = this;
        host.withPlan(rng, () -> {
            sim.at(start + 5 * Go.SECOND + rng.between(0, 10) * Go.SECOND, () -> c.start(c.normalWorkers, false));
            host.background(c);
            long t1 = start + rng.between(12, 20) * Go.MINUTE;
            healthy(c, t1);
            long t2 = t1 + rng.between(14, 20) * Go.MINUTE;
            long stall = rng.between(8, 12) * Go.MINUTE;
            stalled(c, t2, stall);
            long t3 = t2 + stall + rng.between(8, 14) * Go.MINUTE;
            if (t3 + 25 * Go.MINUTE < end) {
                down(c, t3, rng.between(6, 10) * Go.MINUTE);
            }
        });
        sim.stream = null;
    }

    private Workflow workflow(Controller c, String prefix, long submitAt, Step... steps) {
        Spec spec = new Spec();
        spec.steps = steps.length > 1 || rng.chance(0.3);
        spec.stepList.addAll(List.of(steps));
        Workflow w = host.workflow(c, prefix, spec);
        host.submit(submitAt, w);
        return w;
    }

    private Step step(long finishAt, long duration) {
        Step s = host.step(rng.pick(TEMPLATES), duration, CLASS, true);
        if (finishAt > 0) {
            s.finishAt = finishAt + rng.between(0, 999_999_999L);
        }
        return s;
    }

    /** kubectl delete workflow --cascade=foreground at {@code at} (plus a fraction of a second). */
    private void deleteForeground(long at, Workflow w) {
        sim.at(at + rng.between(0, 999_999_999L), () -> kube.deleteWorkflowForeground(w.key(), "user"));
    }

    /**
     * The exports of a Workflow deleted at {@code del}: the usual ones around {@code before} and while its Pod is
     * Terminating, and (half the time) the Workflow as it is held, with its deletionTimestamp, {@code heldFor} after.
     */
    private void exports(Workflow w, long before, long del, long heldFor) {
        host.typicalExports(w, before, del + 2 * Go.SECOND, del + Math.max(5 * Go.SECOND, heldFor));
        if (rng.chance(0.5)) {
            host.exportWorkflow(del + rng.between(2, Math.max(3, heldFor / Go.SECOND)) * Go.SECOND, w);
        }
    }

    private void healthy(Controller c, long t0) {
        // A running Pod: SIGTERM, the Pod ends Failed, its release is due 2m after its last transition.
        int running = rng.between(1, 2);
        for (int i = 0; i < running; i++) {
            Workflow w = workflow(c, rng.pick("stream", "serve"), t0 + rng.between(0, 60) * Go.SECOND, step(t0 + 3 * 60 * Go.MINUTE, 0));
            long del = t0 + rng.between(90, 240) * Go.SECOND;
            deleteForeground(del, w);
            exports(w, del - rng.between(5, 30) * Go.SECOND, del, 150 * Go.SECOND);
        }
        // Finished, its result never labelled completed: the Workflow looks stuck and is deleted.
        long finish = t0 + rng.between(40, 120) * Go.SECOND;
        Step pending = step(finish, 0);
        pending.waitFate = K8s.WAIT_REPORT_LOST;
        Workflow w = workflow(c, rng.pick("collect", "report"), t0 - rng.between(30, 60) * Go.SECOND, pending);
        long del = finish + rng.between(120, 480) * Go.SECOND;
        deleteForeground(del, w);
        exports(w, finish + rng.between(20, 90) * Go.SECOND, del, 5 * Go.SECOND);
        // Two steps: the first finished and labelled completed (its Pod leaves the informer), the second running.
        long first = t0 + rng.between(40, 120) * Go.SECOND;
        Workflow two = workflow(c, rng.pick("pipeline", "chain"), t0 - rng.between(30, 60) * Go.SECOND, step(first, 0),
                step(-1, 3 * 60 * Go.MINUTE));
        long del2 = first + rng.between(60, 300) * Go.SECOND;
        deleteForeground(del2, two);
        exports(two, del2 - rng.between(5, 30) * Go.SECOND, del2, 150 * Go.SECOND);
    }

    private void stalled(Controller c, long t0, long length) {
        sim.at(t0, () -> c.stall(t0 + length));
        int n = rng.between(1, 3);
        for (int i = 0; i < n; i++) {
            long finish = t0 + rng.between(15, 90) * Go.SECOND;
            Workflow w = workflow(c, rng.pick("nightly", "batch"), t0 - rng.between(45, 100) * Go.SECOND, step(finish, 0));
            // A user who sees it stuck deletes it, before the stall ends: released at once, or at the 2m deadline.
            long del = Math.min(finish + rng.between(20, 300) * Go.SECOND, t0 + length - 20 * Go.SECOND);
            deleteForeground(del, w);
            exports(w, finish + rng.between(5, 60) * Go.SECOND, del, 100 * Go.SECOND);
        }
        Workflow w = workflow(c, rng.pick("stream", "serve"), t0 - rng.between(45, 100) * Go.SECOND, step(t0 + 3 * 60 * Go.MINUTE, 0));
        long del = t0 + rng.between(60, 240) * Go.SECOND;
        deleteForeground(del, w);
        exports(w, del - rng.between(5, 30) * Go.SECOND, del, 150 * Go.SECOND);
    }

    private void down(Controller c, long t0, long length) {
        boolean zeroWorkersFirst = rng.chance(0.5);
        long back = t0 + length;
        int n = rng.between(1, 2);
        for (int i = 0; i < n; i++) {
            long finish = t0 + rng.between(20, 90) * Go.SECOND;
            Workflow w = workflow(c, rng.pick("export", "train"), t0 - rng.between(60, 110) * Go.SECOND, step(finish, 0));
            long del = Math.min(finish + rng.between(60, 280) * Go.SECOND, back - 15 * Go.SECOND);
            deleteForeground(del, w);
            // Held until the controller is back: the Workflow and the Pod can be exported Terminating meanwhile.
            exports(w, t0 + rng.between(5, 15) * Go.SECOND, del, back - del);
        }
        Workflow w = workflow(c, rng.pick("stream", "serve"), t0 - rng.between(60, 110) * Go.SECOND, step(t0 + 3 * 60 * Go.MINUTE, 0));
        long del = t0 + rng.between(30, 150) * Go.SECOND;
        deleteForeground(del, w);
        exports(w, del - rng.between(5, 20) * Go.SECOND, del, back - del);
        sim.at(t0, c::stop);
        if (zeroWorkersFirst) {
            sim.at(back, () -> c.start(0, false));
            long restore = back + rng.between(90, 240) * Go.SECOND;
            sim.at(restore, c::stop);
            sim.at(restore + rng.between(5, 20) * Go.SECOND, () -> c.start(c.normalWorkers, false));
        } else {
            sim.at(back, () -> c.start(c.normalWorkers, false));
        }
    }
}
