package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 48 (s48-gen): AF003's stalls and their look-alikes, for the truth {@link Truth} now writes per Workflow (a pod event
 * handler saw one of the Workflow's Pods deleted while it needed reconciling, and it waited on the workers' queue longer than the
 * threshold, or in a run without Workflow workers). A controller of its own with leader election and a standby replica (its release
 * line from {@link Release#MODERN} by the seed: v3.6.19 logrus, v3.7.18 logrus or JSON, v4.1.3 slog), whose episodes, one Workflow
 * of interest each (a Steps Workflow, its one step the Pod of interest), rotate over:
 *
 * <ul>
 * <li>{@link #BACKLOG}: the process dies (a panic in a pod-cleanup worker) and its container restarts 2-9 s later; the new run's
 * Workflow workers work through a backlog for 150-300 s from its start-up, under client-side throttling ({@code Waited for … due to
 * client-side throttling} / v4's {@code Waited for K8S request}); the Workflow, queued at the start-up, is first taken up after it.
 * Its step ends 15-50 s after the crash and a user or PodGC deletes the Pod 20-100 s later, during the backlog.</li>
 * <li>{@link #HANDOVER_BACKLOG}: the same across a Lease hand-over (the leader cannot renew, {@code stopped leading}; the standby
 * acquires 5-12 s later): the new leader's workers busy 150-300 s from its start-up.</li>
 * <li>{@link #RESTART_QUICK} and {@link #HANDOVER_QUICK}: the same restart or hand-over with no backlog: the new run takes the
 * Workflow up at its start-up and again at once after the Pod's deletion. No stall.</li>
 * <li>{@link #WORKFLOW_DELETED}: the workers stall 4-5 min; the step ends 10-30 s in, a user deletes its Pod 10-40 s later and the
 * Workflow 20-60 s after that: the Workflow waited less than the threshold before it went, and nothing waited for a worker after.
 * No stall by the truth.</li>
 * <li>{@link #LOGS_END} (once, at the end, where the episodes leave room): a two-step Workflow, its first step done and stored, its
 * second running; the workers stall from 75-95 s before the end of the logs and a user deletes the running Pod 20-60 s before it.
 * The wait is cut by the end of the evidence within the threshold: no stall is known.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 55, 552,
 * 550), chained after {@link ScenariosNearEvent} and before the stress family. Not modelled: a sharded or namespaced controller that
 * does not own the Workflow (another installation's log naming its Pods), {@code Skipped processing}-style requeues of a Workflow with
 * nothing to do, a backlog without a restart (a large Workflow's long reconcile), the informers' cache sync lengthening a start-up.
 */
final class ScenariosStall extends OwnFamily {
    static final String BACKLOG = "recon-startup-backlog";
    static final String HANDOVER_BACKLOG = "recon-handover-backlog";
    static final String RESTART_QUICK = "recon-restart-quick";
    static final String HANDOVER_QUICK = "recon-handover-quick";
    static final String WORKFLOW_DELETED = "recon-workflow-deleted";
    static final String LOGS_END = "recon-logs-end";
    private static final String[] NAMESPACES = {"etl-nightly", "ml-batch", "billing-jobs", "reindex-jobs"};
    private static final String[] TEMPLATES = {"extract", "transform", "score", "reindex", "export"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code recon-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("recon-");
    }

    ScenariosStall(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 55, sim, start, end);
    }

    /** The controller (election on, a standby beside it); the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 13, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 552, "pool-stall", 3, 0, ns, 550, truth, logs, "true", null, true);
        return main;
    }

    /**
     * Starts the controller and plans its background and up to four episodes 14-20 minutes apart from 8-12 minutes in, each with
     * 22 minutes left, the kinds rotating from a drawn one; then the logs-end shape where the last episode leaves room.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int rot = rng.between(0, 4);
            long last = -1;
            for (int i = 0; i < 4 && t + 22 * Go.MINUTE < end; i++) {
                switch ((i + rot) % 5) {
                    case 0 -> restart(c, t, true, BACKLOG);
                    case 1 -> handOver(c, t, true, HANDOVER_BACKLOG);
                    case 2 -> restart(c, t, false, RESTART_QUICK);
                    case 3 -> handOver(c, t, false, HANDOVER_QUICK);
                    default -> workflowDeleted(c, t);
                }
                last = t;
                t += rng.between(14, 20) * Go.MINUTE;
            }
            if (last >= 0 && last + 15 * Go.MINUTE < end - 8 * Go.MINUTE) {
                logsEnd(c);
            }
        });
    }

    /** A Steps Workflow of the one step {@code s}, no podGC strategy. */
    private Workflow single(Step s) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.podGc = K8s.PodGc.NONE;
        return host.workflow(main, rng.pick("nightly-load", "feature-build", "invoice-run", "index-refresh"), spec);
    }

    /** GeneratePodName (POD_NAMES v2) of the node {@code <wf>[i].<template>}. */
    private static String podName(Workflow w, int i, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[" + i + "]." + s.template);
    }

    /** The episode's Workflow: submitted 60-150 s before {@code t0}, its step ending 15-50 s after {@code after}, deleted 20-100 s later. */
    private void finishedAndDeleted(long t0, long after, String cls) {
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.finishAt = after + rng.between(15, 50) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(s);
        host.submit(t0 - rng.between(60, 150) * Go.SECOND, w);
        deleteFinished(s.finishAt + rng.between(20, 60) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, podName(w, 0, s)));
        host.typicalExports(w, s.finishAt + rng.between(4, 8) * Go.MINUTE, 0, 0);
    }

    /** The process dies at {@code t0} and its container restarts; with {@code backlog}, the new run's workers busy 150-300 s. */
    private void restart(Controller c, long t0, boolean backlog, String cls) {
        long length = rng.between(150, 300) * Go.SECOND;
        finishedAndDeleted(t0, t0 + 9 * Go.SECOND, cls);
        sim.at(t0, () -> {
            c.backlogAtNextStart = backlog ? length : 0;
            c.crash();
        });
        // The restart comes 2-9 s later; a backlog not taken (the controller was not up) is not left for a later start.
        sim.at(t0 + 30 * Go.SECOND, () -> c.backlogAtNextStart = 0);
    }

    /** A Lease hand-over at {@code t0} (the standby acquires 5-12 s later); with {@code backlog}, the new leader's workers busy 150-300 s. */
    private void handOver(Controller c, long t0, boolean backlog, String cls) {
        long length = rng.between(150, 300) * Go.SECOND;
        long gap = rng.between(5_000, 12_000) * Go.MILLI;
        finishedAndDeleted(t0, t0 + gap, cls);
        sim.at(t0, () -> {
            c.backlogAtNextStart = backlog && c.hasStandby() ? length : 0;
            c.handOver(gap);
        });
        sim.at(t0 + 30 * Go.SECOND, () -> c.backlogAtNextStart = 0);
    }

    /** The workers stall 4-5 min; the Pod's deletion, then the Workflow's, within the threshold of its wait. */
    private void workflowDeleted(Controller c, long t0) {
        long stallFor = rng.between(240, 300) * Go.SECOND;
        sim.at(t0, () -> c.stall(t0 + stallFor));
        Step s = host.step(rng.pick(TEMPLATES), 0, WORKFLOW_DELETED, true);
        s.finishAt = t0 + rng.between(10, 30) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(s);
        host.submit(t0 - rng.between(60, 150) * Go.SECOND, w);
        long podDeleted = s.finishAt + rng.between(10, 40) * Go.SECOND + rng.between(0, 999_999_999L);
        userDeletes(podDeleted, () -> podNamed(w, podName(w, 0, s)));
        long wfDeleted = podDeleted + rng.between(20, 60) * Go.SECOND;
        sim.at(wfDeleted, () -> {
            Workflow live = kube.workflows.get(w.key());
            if (live != null && live.uid.equals(w.uid)) {
                kube.deleteWorkflow(w.key(), false, "user");
            }
        });
        host.typicalExports(w, s.finishAt - rng.between(20, 60) * Go.SECOND, 0, 0);
    }

    /** The workers stall from 75-95 s before the end; a user deletes the running second step's Pod 20-60 s before it. */
    private void logsEnd(Controller c) {
        long stallFrom = end - rng.between(75, 95) * Go.SECOND;
        sim.at(stallFrom, () -> c.stall(end + 10 * Go.MINUTE));
        Step first = host.step(rng.pick(TEMPLATES), rng.between(30, 60) * Go.SECOND, LOGS_END, false);
        Step second = host.step(rng.pick(TEMPLATES), 30 * Go.MINUTE, LOGS_END, true);
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(first);
        spec.stepList.add(second);
        spec.podGc = K8s.PodGc.NONE;
        Workflow w = host.workflow(main, rng.pick("nightly-load", "feature-build", "invoice-run", "index-refresh"), spec);
        host.submit(end - rng.between(6, 8) * Go.MINUTE, w);
        long del = end - rng.between(20, 60) * Go.SECOND;
        userDeletes(del, () -> {
            Pod p = podNamed(w, podName(w, 1, second));
            return p;
        });
        host.typicalExports(w, end - rng.between(3, 4) * Go.MINUTE, 0, 0);
    }
}
