package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 50 (s50-gen): a step's Pod deleted while its node is still {@code Pending}, and the Pod the controller creates again
 * for the node under the same name with a new UID (a namesake), which then meets #17024's race, is deleted while main runs, or
 * runs normally. Read in {@code workflow/controller/operator.go} ({@code podReconciliation}) and {@code workflowpod.go}
 * ({@code createWorkflowPod}, {@code podExists}) at v3.6.19, v3.7.18 and v4.1.2: a pass that finds no Pod in its informer for an
 * unfulfilled node logs {@code Workflow pod is missing} ({@code nodePhase=Pending}) and, for a {@code Pending} node, leaves it as it
 * is (no {@code pod deleted}); the steps that follow call {@code executeTemplate} for it, whose {@code createWorkflowPod} finds no
 * Pod for the node ID and creates one of the deterministic name again ({@code Created pod}). The first Pod is unschedulable (no
 * node fits its requests: {@code FailedScheduling}), so a user deletes it to have it retried; with no node bound the API server
 * sets grace 0, the status-capture finalizer holds it until the pod controller releases it ({@code Removing finalizers during a
 * delete}, due 2 minutes after its last condition change), and the next pass creates the namesake, which is scheduled once room
 * is made 190-230 s after the submission.
 *
 * <ul>
 * <li>{@link #FIRST}: every episode's first Pod (deleted while {@code Pending}, unscheduled; main never ran). No finding is right.</li>
 * <li>{@link #RACE}: the namesake's main ends during a 5-6 minute stall of the Workflow workers and a user or PodGC deletes it
 * 140-200 s after: the finalizer is released at once, the node marked {@code pod deleted} (AF001/AF002's truth, for the namesake's
 * UID only, not the first Pod's of the same name).</li>
 * <li>{@link #DELETED_RUNNING}: a user deletes the namesake 60-240 s after room is made, while main runs (its 20-40 min): the node
 * ends as the model ends a running Pod's deletion.</li>
 * <li>{@link #NORMAL}: the namesake runs 60-240 s and succeeds. No finding is right.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 56,
 * 562, 560), chained after {@link ScenariosStall} and before the stress family; its release line {@link Release#MODERN} one step
 * from the scenario controllers'. Not modelled: v4's automatic restart making the namesake ({@link ScenariosExecControl} has it), a
 * namesake of a Pod that ran (a node still {@code Pending} in the stored status while its Pod ran, the workers stalled).
 */
final class ScenariosNamesake extends OwnFamily {
    static final String FIRST = "namesake-first-deleted-pending";
    static final String RACE = "namesake-race";
    static final String DELETED_RUNNING = "namesake-deleted-running";
    static final String NORMAL = "namesake-normal";
    private static final String[] NAMESPACES = {"vector-search", "quote-pricing", "loyalty-points", "map-routing"};
    private static final String[] TEMPLATES = {"embed-shard", "price-grid", "route-solve", "points-accrue", "rebuild"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code namesake-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("namesake-");
    }

    ScenariosNamesake(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 56, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 5, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 562, "pool-namesake", 3, 1, ns, 560, truth, logs);
        return main;
    }

    /** Starts the controller and plans its background and two or three episodes, all on our streams. */
    void plan(Controller c) {
        planUpToThree(c, first -> first == 0 ? rng.pick(1, 2) : rng.pick(0, 2), (kind, t) -> {
            switch (kind) {
                case 0, 3 -> episode(c, t, RACE);
                case 1 -> episode(c, t, NORMAL);
                default -> episode(c, t, DELETED_RUNNING);
            }
        });
    }

    /** {@code GeneratePodName} (POD_NAMES v2) of {@code w}'s first step: the same for the first Pod and its namesake. */
    static String podName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }

    private void episode(Controller c, long t0, String cls) {
        Step s = host.step(rng.pick(TEMPLATES), 0, FIRST, true);
        long submit = t0 + rng.between(0, 30) * Go.SECOND;
        s.unschedulable = true;
        long del = submit + rng.between(125, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        s.schedulableAt = submit + rng.between(230, 280) * Go.SECOND + rng.between(0, 999_999_999L);
        long exportAt;
        long namesakeDel = -1;
        switch (cls) {
            case RACE -> {
                long stall = submit + rng.between(310, 370) * Go.SECOND;
                stallAt(c, stall);
                s.finishAt = stall + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
                exportAt = s.finishAt + 60 * Go.SECOND;
            }
            case DELETED_RUNNING -> {
                s.finishAt = s.schedulableAt + rng.between(20, 40) * Go.MINUTE;
                namesakeDel = s.schedulableAt + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L);
                exportAt = namesakeDel + rng.between(4, 8) * Go.MINUTE;
            }
            default -> {
                s.finishAt = s.schedulableAt + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L);
                exportAt = s.finishAt + rng.between(2, 6) * Go.MINUTE;
            }
        }
        Workflow w = stepsWorkflow(c, s, "embed-refresh", "quote-batch", "route-plan", "points-close");
        host.submit(submit, w);
        sim.at(del, () -> {
            // kubectl delete pod on the unscheduled Pod (grace 0: no node); the Pod the controller creates again for the node is
            // the namesake, its class set before the controller sees the first one gone.
            var p = podNamed(w, podName(w, s));
            if (p != null) {
                kube.deletePod(p.key(), null, null, "user");
                s.podClass = cls;
            }
        });
        if (RACE.equals(cls)) {
            deleteFinished(s.finishAt + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> namesakeOf(w, s));
        } else if (namesakeDel >= 0) {
            userDeletes(namesakeDel, () -> namesakeOf(w, s));
        }
        host.typicalExports(w, exportAt, 0, 0);
    }

    /** The step's Pod of {@code w} if it is the namesake (a Pod of the class set at the first one's deletion), else null. */
    private K8s.Pod namesakeOf(Workflow w, Step s) {
        K8s.Pod p = podNamed(w, podName(w, s));
        if (p == null) {
            return null;
        }
        Truth.PodFacts f = truth.get(p.uid);
        return f != null && !FIRST.equals(f.cls) ? p : null;
    }
}
