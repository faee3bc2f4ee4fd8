package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 56 (s56-gen): #8022's stale {@code labelPodCompleted} item meeting a new Pod of the same name, where it can happen
 * with the cleanup queue as Argo runs it (session 55, {@link Controller}'s class comment): a v4 controller (v4.0.10 or v4.1.3 by
 * the seed), whose pod cleanup worker takes a {@code Timeout} answer as transient ({@link Release#timeoutTransient}) and puts
 * the item back 5 ms later, and whose Pods carry no status-capture finalizer ({@code ARGO_POD_STATUS_CAPTURE_FINALIZER} unset or
 * {@code false}: {@code workflowpod.go} adds it only for exactly {@code "true"}, read at v4.0.10 and v4.1.2), so that the earlier
 * run's Pod can be deleted, and the name used again, while its item still waits. A CI job deletes a Workflow and submits it
 * again under its name while Pod patches time out (a slow webhook on Pod updates): the earlier run's item fails try after try;
 * the Workflow's deletion lets the garbage collector delete its Pod at once (nothing holds it); the new run's Pod has the same
 * name (a single-template Workflow's Pod is named after it), and once the patches go through again the old item labels it
 * completed: it leaves the informer, and its node is marked {@code pod deleted} (AF008), or, when the new Pod was still
 * waiting unscheduled, the node stays {@code Pending} for good (lifecycle B2: AF005). The classes are those of Corpus's
 * {@code sameName} with {@code v4bare-} before them (so that no other family's excerpt or table moves); Corpus's meets them only
 * where a main controller is v4 without the finalizer (none now):
 *
 * <ul>
 * <li>{@link #STALE}: the timeouts last until 20-90 s after the new Pod's creation; the new Pod runs. AF008.</li>
 * <li>{@link #PENDING}: the same with the new Pod unschedulable (the nodes full) until 40-150 s after the item comes due.
 * AF005.</li>
 * <li>{@link #RESUBMITTED}: no timeouts, the name used again with the old item long done. No finding is right.</li>
 * <li>{@link #HARMLESS}: the timeouts end 3-12 s before the Workflow's deletion: the old item's last try (its request waiting up
 * to the request timeout) is answered either before the new Pod is created (this class) or after (then {@link #STALE}: the class is
 * the queue's, read when the new run is created).</li>
 * </ul>
 * The earlier run of each is {@link #FIRST}.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 590,
 * 5901, 5902), chained after {@link ScenariosAutoRestart} and before the stress family, so that every other family draws what it
 * drew before.
 */
final class ScenariosStaleLabelV4 extends OwnFamily {
    static final String FIRST = "v4bare-same-name-first-run";
    static final String STALE = "v4bare-stale-cleanup-same-name";
    static final String PENDING = "v4bare-stale-cleanup-pending";
    static final String RESUBMITTED = "v4bare-same-name-resubmitted";
    static final String HARMLESS = "v4bare-same-name-timeouts-harmless";
    private static final String[] NAMESPACES = {"ci-resubmit", "books-close", "nightly-rebuild", "batch-rerun"};
    private static final String[] TEMPLATES = {"build", "reconcile", "snapshot", "transform"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code v4bare-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("v4bare-");
    }

    ScenariosStaleLabelV4(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 590, sim, start, end);
    }

    /** The controller (v4.1.3 on odd seeds, v4.0.10 on even ones; the finalizer env unset or {@code false}); the caller adds it. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        Release r = Math.floorMod(seed, 2) == 0 ? Release.V4_0 : Release.V4_1;
        String env = rng.pick("", "", "false");
        main = OwnController.build(host, this, sim, kube, rng, seed, 5901, "pool-stale-v4", 3, 0, ns, 5902, truth, logs, env, r);
        return main;
    }

    /**
     * Starts the controller and plans its background, then up to five episodes 17-21 minutes apart from 8-12 minutes in, each
     * with 22 minutes left: a stale label on a running Pod and one on a Pending Pod (in a drawn order), then the two look-alikes
     * (in a drawn order), then any kind.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int first = rng.pick(0, 1);
            int third = rng.pick(2, 3);
            for (int i = 0; i < 5 && t + 22 * Go.MINUTE < end; i++) {
                int kind = switch (i) {
                    case 0 -> first;
                    case 1 -> 1 - first;
                    case 2 -> third;
                    case 3 -> 5 - third;
                    default -> rng.pick(0, 1, 2, 3);
                };
                episode(c, kind, t);
                t += rng.between(17, 21) * Go.MINUTE;
            }
        });
    }

    /** One run and its namesake: kind 0 {@link #STALE}, 1 {@link #PENDING}, 2 {@link #RESUBMITTED}, 3 the timeouts ended first. */
    private void episode(Controller c, int kind, long t0) {
        boolean timeouts = kind != 2;
        boolean lasting = kind == 0 || kind == 1;
        long finish = t0 + rng.between(20, 40) * Go.SECOND;
        Step s1 = host.step(rng.pick(TEMPLATES), 0, FIRST, true);
        s1.finishAt = finish + rng.between(0, 999_999_999L);
        Spec spec1 = new Spec();
        spec1.stepList.add(s1);
        Workflow first = host.workflow(c, rng.pick("rebuild", "close-books", "refresh"), spec1);
        host.submit(t0 - rng.between(60, 100) * Go.SECOND, first);
        long until = finish + rng.between(175, 240) * Go.SECOND;
        if (timeouts) {
            sim.at(t0 + rng.between(0, 10) * Go.SECOND, () -> c.patchBrownout(lasting ? Long.MAX_VALUE : until));
        }
        long deleteAt = (timeouts ? until : finish + rng.between(30, 120) * Go.SECOND) + rng.between(3, 12) * Go.SECOND;
        // The second run: same name, same template (so the same Pod name), a new UID.
        Workflow second = first.namesake(rng.uuid());
        Spec spec = new Spec();
        Step s = host.step(s1.template, 0, timeouts ? HARMLESS : RESUBMITTED, true);
        s.finishAt = deleteAt + rng.between(3, 8) * Go.MINUTE;
        spec.stepList.add(s);
        second.spec = spec;
        long resubmitDelay = rng.between(2, 8) * Go.SECOND + rng.between(0, 999_999_999L);
        long lastFor = rng.between(20, 90) * Go.SECOND + rng.between(0, 999_999_999L);
        long room = rng.between(40, 150) * Go.SECOND;
        long runFor = rng.between(60, 240) * Go.SECOND;
        if (lasting) {
            // Should the new run never come, the timeouts end all the same.
            sim.at(deleteAt + 10 * Go.MINUTE, () -> c.endBrownoutAt(Math.min(c.brownoutUntil(), sim.now())));
        }
        String oldItem = first.namespace + "/" + first.name + "/" + Controller.LABEL_POD_COMPLETED;
        Runnable beforeCreate = !timeouts ? null : () -> {
            if (lasting) {
                c.endBrownoutAt(sim.now() + lastFor);
            }
            long next = c.cleanupNext(oldItem);
            if (next < 0) {
                s.podClass = HARMLESS; // the old item's last try was answered before the new run
                return;
            }
            s.podClass = STALE;
            // Its first try answered after the timeouts labels the new Pod, at the latest a request timeout after them.
            long due = Math.max(next, c.brownoutUntil()) + Controller.REQUEST_TIMEOUT;
            if (kind == 1) {
                s.podClass = PENDING;
                s.unschedulable = true;
                s.schedulableAt = due + room;
                s.finishAt = Math.max(s.finishAt, s.schedulableAt + runFor);
            }
        };
        sim.at(deleteAt + rng.between(0, 999_999_999L), () -> {
            Workflow live = kube.workflows.get(first.key());
            if (live != null && live.uid.equals(first.uid)) {
                kube.deleteWorkflow(first.key(), false, "user");
                Corpus.whenGone(sim, kube, first, resubmitDelay, 0, () -> {
                    if (beforeCreate != null) {
                        beforeCreate.run();
                    }
                    host.submit(sim.now(), second);
                });
            }
        });
        host.typicalExports(second, deleteAt + rng.between(2, 4) * Go.MINUTE, 0, 0);
        if (rng.chance(0.4)) {
            host.exportPod(finish + rng.between(10, 60) * Go.SECOND, first);
        }
    }
}
