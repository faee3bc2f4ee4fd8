package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 51 (s51-gen): v4's automatic restart of a Pod that failed before its main started, and the Pod it creates again, a
 * namesake of the first (the same name, a new UID), which then meets #17024's race, is deleted while main runs, or runs
 * normally. Read at v4.0.0 (#15086, {@code feat(controller): auto-restart pods that failed before starting}), v4.0.9 and v4.1.2:
 * {@code operator.go} {@code assessNodeStatus} ({@code Pod failed}, {@code shouldAutoRestartPod}: {@code Pod restart check:
 * analyzing pod status}, then {@code Pod qualifies for automatic restart - marking as pending}, the node {@code Pending} with
 * {@code Pod auto-restarting due to <reason>: <message>}, {@code RestartingPodUID} the first Pod's, and
 * {@code PodController.DeletePodByUID}), {@code pod_restart.go} ({@code analyzePodForRestart}: phase {@code Failed}, main never
 * running, reason {@code Evicted}, {@code NodeShutdown}, {@code NodeAffinity} or {@code UnexpectedAdmissionError}) and
 * {@code pod/queue.go} ({@code deletePodByUID}: the finalizer patched off, then a delete with a UID precondition). The next pass
 * finds no Pod for the {@code Pending} node ({@code Workflow pod is missing}, {@code nodePhase=Pending}: nothing else) and
 * {@code createWorkflowPod} creates it again under its deterministic name ({@code GeneratePodName}: workflow, node name,
 * template; no restart count in it). On by the controller's {@code failedPodRestart: {enabled: true}} (maxRestarts 3): the
 * family's controller is always v4.1.
 *
 * <ul>
 * <li>{@link #FIRST}: the first Pod, bound and rejected by the kubelet before its containers start ({@code Evicted} for
 * ephemeral storage, {@code NodeAffinity}, {@code UnexpectedAdmissionError}), deleted by UID by the controller. No finding is
 * right.</li>
 * <li>{@link #RACE}: the namesake's main ends during a 5-6 minute stall of the Workflow workers and a user or PodGC deletes it
 * 140-200 s after: the node {@code pod deleted}; AF001/AF002's truth is the namesake's UID only.</li>
 * <li>{@link #DELETED_RUNNING}: a user deletes the namesake 60-240 s after the submission, while main runs (its 20-40 min).</li>
 * <li>{@link #NORMAL}: the namesake runs 60-240 s and succeeds. No finding is right.</li>
 * <li>{@link #UNBOUND}: the negative control of a Pod that fails before it starts and does not qualify. No node fits its
 * requests ({@code FailedScheduling}); a user deletes it 30-100 s after the submission, within 2 minutes of its last condition
 * change, so the status finalizer holds it ({@code Removing finalizers during a delete}, a positive delay). Never bound, no
 * kubelet acts on it: kube-controller-manager's PodGC ({@code gcUnscheduledTerminating}, every 20 s) marks it {@code Failed}
 * (phase only, no container status) and deletes it again with grace 0. The controller's next pass fails the node ({@code can't
 * find failed message for pod <name> namespace <ns>}; the restart check: reason empty, not restartable) and no Pod is created
 * again. No finding is right: no main ever ran.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 58,
 * 582, 580), chained after {@link ScenariosAuditResponses} and before the stress family.
 */
final class ScenariosAutoRestart extends OwnFamily {
    static final String FIRST = "autorestart-first-rejected";
    static final String RACE = "autorestart-race";
    static final String DELETED_RUNNING = "autorestart-deleted-running";
    static final String NORMAL = "autorestart-normal";
    static final String UNBOUND = "autorestart-unbound-deleted";
    private static final String[] NAMESPACES = {"fleet-telemetry", "parcel-routing", "genome-align", "seismic-grid"};
    private static final String[] TEMPLATES = {"align-chunk", "invoice-batch", "sync-shard", "telemetry-roll", "compact"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code autorestart-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("autorestart-");
    }

    ScenariosAutoRestart(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 58, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 582, "pool-autorestart", 3, 0, ns, 580, truth, logs, "true",
                Release.V4_1);
        main.failedPodRestart = true;
        return main;
    }

    /**
     * Starts the controller and plans its background, the unbound control 3-6 minutes in (with chance 0.6), and up to three
     * episodes 14-20 minutes apart from 8-12 minutes in (a race first or second), each with 22 minutes left.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            if (rng.chance(0.6)) {
                unbound(start + rng.between(3, 6) * Go.MINUTE);
            }
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int first = rng.pick(0, 1);
            for (int i = 0; i < 3 && t + 22 * Go.MINUTE < end; i++) {
                int kind = i == 0 ? first : i == 1 ? (first == 0 ? rng.pick(1, 2) : 0) : rng.pick(0, 1, 2, 0);
                episode(c, t, kind == 0 ? RACE : kind == 1 ? NORMAL : DELETED_RUNNING);
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    private void episode(Controller c, long t0, String cls) {
        Step s = host.step(rng.pick(TEMPLATES), 0, FIRST, true);
        s.classAfterReject = cls;
        s.drawRejection(rng);
        long submit = t0 + rng.between(0, 30) * Go.SECOND;
        long exportAt;
        switch (cls) {
            case RACE -> {
                long stall = submit + rng.between(60, 120) * Go.SECOND;
                stallAt(c, stall);
                s.finishAt = stall + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
                exportAt = s.finishAt + 60 * Go.SECOND;
            }
            case DELETED_RUNNING -> {
                s.finishAt = submit + rng.between(20, 40) * Go.MINUTE;
                long del = submit + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L);
                exportAt = del + rng.between(4, 8) * Go.MINUTE;
                Workflow w = submitted(c, s, submit, exportAt);
                userDeletes(del, () -> namesakeOf(w, s));
                return;
            }
            default -> {
                s.finishAt = submit + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L);
                exportAt = s.finishAt + rng.between(2, 6) * Go.MINUTE;
            }
        }
        Workflow w = submitted(c, s, submit, exportAt);
        if (RACE.equals(cls)) {
            deleteFinished(s.finishAt + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> namesakeOf(w, s));
        }
    }

    private Workflow submitted(Controller c, Step s, long submit, long exportAt) {
        Workflow w = stepsWorkflow(c, s, "align-run", "invoice-close", "catalog-refresh", "telemetry-daily");
        host.submit(submit, w);
        host.typicalExports(w, exportAt, 0, 0);
        return w;
    }

    /** The unbound control: deleted while it waits for a node, within 2 minutes of its last condition change. */
    private void unbound(long t0) {
        Step s = host.step(rng.pick(TEMPLATES), 0, UNBOUND, true);
        s.unschedulable = true;
        s.finishAt = t0 + 30 * Go.MINUTE;
        long submit = t0 + rng.between(0, 30) * Go.SECOND;
        long del = submit + rng.between(30, 100) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = submitted(main, s, submit, del + rng.between(40, 90) * Go.SECOND);
        userDeletes(del, () -> podNamed(w, podName(w, s)));
    }

    /** {@code GeneratePodName} (POD_NAMES v2) of {@code w}'s first step: the same for the first Pod and its namesake. */
    static String podName(Workflow w, Step s) {
        return ScenariosNamesake.podName(w, s);
    }

    /** The step's Pod of {@code w} if it is the namesake (not of class {@link #FIRST}), else null. */
    private K8s.Pod namesakeOf(Workflow w, Step s) {
        K8s.Pod p = podNamed(w, podName(w, s));
        if (p == null) {
            return null;
        }
        Truth.PodFacts f = truth.get(p.uid);
        return f != null && !FIRST.equals(f.cls) ? p : null;
    }
}
