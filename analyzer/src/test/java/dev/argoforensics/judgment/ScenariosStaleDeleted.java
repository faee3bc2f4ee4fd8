package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 34: {@code stale-cleanup-workflow-deleted}, #8022's stale cleanup item labelling a new run's Pod, whose Workflow is then
 * deleted before a worker takes it up. A CI job deletes a Workflow and submits it again under its name while the earlier run's
 * {@code labelPodCompleted} item is still in the cleanup queue (Pod patches time out for a few minutes; session 55: on v4 the
 * item is put back 5 ms after each failing try, each try waiting the request timeout, so it is still in the queue when the new
 * run is created only while its last failing try waits for its answer; v3.6/v3.7 drop a timed-out item, and the name is then
 * reused with no overlap). The Workflow workers are all busy (a slow API, throttling: {@link Controller#stall}) from just before the item
 * comes due: it labels the new run's Pod completed, the Pod leaves the informer ({@code delete pod event}), and the Workflow waits
 * in the queue. Seconds later the pipeline is cancelled and the Workflow deleted in the foreground: the garbage collector deletes
 * the Pod, and holds the Workflow until it is gone. When the workers come back, one reconciles the Workflow being deleted, finds no
 * Pod for the running node and marks it {@code pod deleted}: the deleted-Workflow look-alike of AF008 (the Pod was labelled by
 * a stale item, and then really deleted with its Workflow). If the Pod is gone and the Workflow let go first, no worker sees it
 * again. Truth: no AF008 (the Pod's deletion came before the marking, and the marking was of a Workflow being deleted).
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 41,
 * 412, 410), chained after {@link ScenariosNodeForce}, so that the rest of a corpus is what it was without it but for
 * resourceVersion numbers.
 */
final class ScenariosStaleDeleted extends OwnFamily {
    static final String LABELLED_DELETED = "stale-cleanup-workflow-deleted";
    static final String FIRST_RUN = "stale-cleanup-earlier-run";
    static final String NO_OVERLAP = "same-name-rerun-no-overlap";
    private static final String[] NAMESPACES = {"nightly-ci", "report-jobs", "etl-cron", "data-export"};
    private static final String[] TEMPLATES = {"export", "publish", "extract", "package"};

    ScenariosStaleDeleted(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 41, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 5, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 412, "pool-rerun", 3, 1, ns, 410, truth, logs);
        return main;
    }

    /** Starts the controller and plans its background and one or two episodes, all on our streams. */
    void plan(Controller c) {
        planOneOrTwo(c, 22, 28, 25, t -> episode(c, t));
    }

    private void episode(Controller c, long t0) {
        long finish = t0 + rng.between(20, 40) * Go.SECOND;
        Step s1 = host.step(rng.pick(TEMPLATES), 0, FIRST_RUN, false);
        s1.finishAt = finish + rng.between(0, 999_999_999L);
        Spec spec1 = new Spec();
        spec1.stepList.add(s1);
        Workflow first = host.workflow(c, rng.pick("nightly", "ledger", "report"), spec1);
        host.submit(t0 - rng.between(60, 100) * Go.SECOND, first);
        long until = finish + rng.between(175, 240) * Go.SECOND;
        sim.at(t0 + rng.between(0, 10) * Go.SECOND, () -> c.patchBrownout(until));
        long deleteAt = until + rng.between(3, 12) * Go.SECOND;
        // The second run: same name, same template (so the same Pod name), a new UID.
        Workflow second = first.namesake(rng.uuid());
        Spec spec = new Spec();
        Step s = host.step(s1.template, 0, NO_OVERLAP, true);
        s.finishAt = deleteAt + rng.between(4, 12) * Go.MINUTE;
        spec.stepList.add(s);
        second.spec = spec;
        long resubmitDelay = rng.between(2, 8) * Go.SECOND + rng.between(0, 999_999_999L);
        long gap = rng.between(1_000, 6_000) * Go.MILLI;
        long stallFor = gap + rng.between(2_000, 15_000) * Go.MILLI;
        long lead = rng.between(200, 900) * Go.MILLI;
        String key = first.namespace + "/" + first.name + "/" + Controller.LABEL_POD_COMPLETED;
        Runnable beforeCreate = () -> {
            // The old item's next try (v4: the answer of its last failing try, then the put-back 5 ms later; v3.6/v3.7 drop a
            // timed-out item, so the name is reused with no overlap).
            long due = c.cleanupNext(key);
            if (due > sim.now() + 20 * Go.SECOND) {
                // The old item still waits: the workers stall from just before it comes due, the CI cancels gap after it.
                s.podClass = LABELLED_DELETED;
                sim.at(due - lead, () -> c.stall(due + stallFor));
                sim.at(due + gap, () -> kube.deleteWorkflowForeground(second.key(), "user"));
            }
        };
        sim.at(deleteAt + rng.between(0, 999_999_999L), () -> {
            Workflow live = kube.workflows.get(first.key());
            if (live != null && live.uid.equals(first.uid)) {
                kube.deleteWorkflow(first.key(), false, "user");
                resubmitWhenGone(first, second, resubmitDelay, beforeCreate);
            }
        });
        // Before the cancellation only, as a user looking at the running step takes them.
        host.typicalExports(second, deleteAt + rng.between(20, 60) * Go.SECOND, 0, 0);
    }

    /** The user waits until the old run's Pod is gone (a new Pod of the same name could not be created before), then creates the new run. */
    private void resubmitWhenGone(Workflow first, Workflow second, long delay, Runnable beforeCreate) {
        Corpus.whenGone(sim, kube, first, delay, 0, () -> {
            beforeCreate.run();
            host.submit(sim.now(), second);
        });
    }
}
