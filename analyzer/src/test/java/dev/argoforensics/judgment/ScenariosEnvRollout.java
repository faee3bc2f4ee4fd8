package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 59 (s59-af004): a rollout of the controller's Deployment that turns {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} off
 * ({@code true} to unset or {@code false}) while Pods the old controller made with the finalizer still exist. Every release reads
 * the env in the process that patches, not in the one that made the Pod: the cleanup patch ({@code getPodCleanupPatch},
 * pod/queue.go, read at v3.6.5, v3.6.19, v3.7.6, v3.7.18, v4.0.10 and v4.1.2) drops {@code workflows.argoproj.io/status} only where
 * its own env is exactly {@code "true"}; the deleting handler still sees the finalizer ({@code hasOurFinalizer}, from the Pod) and
 * logs {@code Removing finalizers during a delete} and the queuing lines, and the worker's {@code cleaning up pod} patches nothing
 * (a nil patch, no request, no failure). A Pod of the old controller's whose node ends under the new one is labelled completed with
 * the finalizer kept (the same patch), and a Pod it deletes by PodGC is deleted with it kept: both stay {@code Terminating} once
 * deleted, for good. A Pod whose node the old controller labelled completed lost the finalizer in that patch.
 *
 * <ul>
 * <li>{@link #PODGC}: {@code podGC: OnPodCompletion}, its step running across the rollout; the new controller deletes the Pod,
 * which the finalizer then holds ({@code Removing finalizers during a delete}, a removal that patches nothing).</li>
 * <li>{@link #USER_DELETE}: no podGC, its step running across the rollout; a user deletes the Pod after it finished (labelled
 * completed by the new controller, the finalizer kept: out of the informer, no controller line of the deletion) or while it runs.</li>
 * <li>{@link #FINISHED_BEFORE}: the step ends 2-5 min before the rollout; the old controller labels the Pod completed and drops the
 * finalizer in the same patch; a user deletes it after the rollout and it goes. No AF004.</li>
 * <li>{@link #MADE_AFTER}: submitted after the rollout: its Pod carries no finalizer; deleted by PodGC or a user, it goes.</li>
 * </ul>
 *
 * <p>The truth is the simulation's (AF004 where the finalizer is held at the end past its due release plus the threshold). A family of
 * its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 596, 5961, 5962),
 * chained after {@link ScenariosCrashLoop} and before the stress family. Not modelled: a rollout back to {@code true} (whose
 * informer would list the held Pods that are still {@code completed=false} and release them), a surge Pod running beside the old
 * one (the model stops the old process, then starts the new one; with election on, the new one waits for the Lease as it would).
 */
final class ScenariosEnvRollout extends OwnFamily {
    static final String PODGC = "env-rollout-podgc";
    static final String USER_DELETE = "env-rollout-user-delete";
    static final String FINISHED_BEFORE = "env-rollout-finished-before";
    static final String MADE_AFTER = "env-rollout-made-after";
    private static final String[] NAMESPACES = {"risk-calc", "sensor-rollup", "payroll-runs", "ocr-batch"};
    private static final String[] TEMPLATES = {"score", "rollup", "payslips", "ocr"};

    /** Whether {@code name} is this family's controller ({@code wfc-<namespace>}, its namespaces no other family's). */
    static boolean isController(String name) {
        return java.util.Arrays.stream(NAMESPACES).anyMatch(ns -> name.equals("wfc-" + ns));
    }

    /** Whether {@code cls} is one of this family's classes (all begin {@code env-rollout-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("env-rollout-");
    }

    ScenariosEnvRollout(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 596, sim, start, end);
    }

    /** The controller, its finalizer env {@code "true"} until the rollout; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 5961, "pool-env-rollout", 3, 2, ns, 5962, truth, logs, "true");
        return main;
    }

    /** Starts the controller, plans its background and the one rollout 14-20 minutes in, with its Workflows. */
    void plan(Controller c) {
        planOwn(c, () -> rollout(c, start + rng.between(14, 20) * Go.MINUTE));
    }

    private void rollout(Controller c, long t0) {
        // The Deployment edited: the env removed or set to "false" (the Pod template changes: a new ReplicaSet, a new Pod name).
        String after = rng.pick("", "false");
        long gap = rng.between(4, 15) * Go.SECOND + rng.between(0, 999) * Go.MILLI;
        sim.at(t0, () -> {
            c.stop();
            c.setFinalizerEnv(after, "ARGO_POD_STATUS_CAPTURE_FINALIZER=" + after);
        });
        sim.at(t0 + gap, () -> c.start(c.normalWorkers, false));
        long up = t0 + gap;

        // Running across the rollout, PodGC on completion: the new controller deletes the Pod with the finalizer on.
        int n = rng.between(1, 2);
        for (int i = 0; i < n; i++) {
            Step s = host.step(rng.pick(TEMPLATES), 0, PODGC, true);
            s.finishAt = up + rng.between(30, 240) * Go.SECOND + rng.between(0, 999_999_999L);
            Workflow w = single(s, new K8s.PodGc("OnPodCompletion", rng.pick("", "", "30s")));
            host.submit(t0 - rng.between(60, 240) * Go.SECOND, w);
            host.typicalExports(w, s.finishAt + rng.between(8, 20) * Go.MINUTE, 0, 0);
            exportHeld(w, s.finishAt + rng.between(9, 25) * Go.MINUTE);
        }

        // Running across the rollout, no podGC: a user deletes the Pod after it ended (or, one time in three, while it runs).
        Step u = host.step(rng.pick(TEMPLATES), 0, USER_DELETE, true);
        u.finishAt = up + rng.between(60, 300) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow uw = single(u, K8s.PodGc.NONE);
        host.submit(t0 - rng.between(60, 240) * Go.SECOND, uw);
        long deleteAt = rng.chance(1 / 3.0) ? up + rng.between(20, 50) * Go.SECOND : u.finishAt + rng.between(1, 6) * Go.MINUTE;
        userDeletes(deleteAt + rng.between(0, 999_999_999L), () -> podNamed(uw, podName(uw, u)));
        host.typicalExports(uw, deleteAt + rng.between(8, 20) * Go.MINUTE, 0, 0);
        exportHeld(uw, deleteAt + rng.between(9, 25) * Go.MINUTE);

        // Ended and labelled completed before the rollout: the old controller's patch took the finalizer off with the label.
        Step f = host.step(rng.pick(TEMPLATES), 0, FINISHED_BEFORE, true);
        f.finishAt = t0 - rng.between(120, 300) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow fw = single(f, K8s.PodGc.NONE);
        host.submit(f.finishAt - rng.between(60, 180) * Go.SECOND, fw);
        long fDelete = up + rng.between(1, 5) * Go.MINUTE + rng.between(0, 999_999_999L);
        userDeletes(fDelete, () -> podNamed(fw, podName(fw, f)));
        host.typicalExports(fw, fDelete + rng.between(8, 20) * Go.MINUTE, 0, 0);
        exportHeld(fw, fDelete + rng.between(9, 25) * Go.MINUTE);

        // Made after the rollout: no finalizer on its Pod; PodGC or a user deletes it and it goes.
        Step m = host.step(rng.pick(TEMPLATES), 0, MADE_AFTER, true);
        long submitted = up + rng.between(2, 6) * Go.MINUTE;
        m.finishAt = submitted + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L);
        boolean podGc = rng.chance(0.5);
        Workflow mw = single(m, podGc ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE);
        host.submit(submitted, mw);
        long mDelete = m.finishAt + rng.between(1, 4) * Go.MINUTE + rng.between(0, 999_999_999L);
        if (!podGc) {
            userDeletes(mDelete, () -> podNamed(mw, podName(mw, m)));
        }
        host.typicalExports(mw, mDelete + rng.between(8, 20) * Go.MINUTE, 0, 0);
    }

    /** {@code kubectl get pod -o yaml} of {@code w}'s Pod at {@code at} (8 times in 10, where the corpus still runs then). */
    private void exportHeld(Workflow w, long at) {
        if (rng.chance(0.8) && at < end - Go.MINUTE) {
            host.exportPod(at, w);
        }
    }

    /** A Steps Workflow of the one step {@code s}. */
    private Workflow single(Step s, K8s.PodGc podGc) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.podGc = podGc;
        return host.workflow(main, rng.pick("var-scores", "sensor-hourly", "payroll-close", "scan-ocr"), spec);
    }

    /** GeneratePodName (POD_NAMES v2) of the node {@code <wf>[0].<template>}. */
    private static String podName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }
}
