package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Workflow;

/**
 * AF014's scenarios (lifecycle-and-failures.md B6), on the controller of {@link ScenariosControllers} after its last
 * restart (a restart rebuilds the locks from the Workflows not completed, which would free a lost holding): Workflows
 * with a Workflow-level mutex or semaphore ({@code spec.synchronization}) acquire it, wait for it ({@code Workflow
 * processing has been postponed due to concurrency limit}, Pending with {@code Waiting for <lock> lock. Lock status:
 * <free>/<limit>}) and release it at completion ({@code Released all acquired locks}), which wakes the waiters.
 *
 * <ul>
 *   <li>{@code lock-held-by-finished}: the holder's release at completion is lost (no line; the holding stays in memory
 *       and in {@code status.synchronization}); one Workflow already waits, another is submitted 6-14 min later, and the
 *       resync takes them up again every 20 min. Sometimes a semaphore of limit 2 whose other holder runs to the end
 *       ({@code lock-co-holder}).</li>
 *   <li>{@code lock-contention-normal}: released at completion and passed on to the waiter at once.</li>
 *   <li>{@code lock-holder-running}: the holder runs past the end of the logs; its waiters wait as long.</li>
 *   <li>{@code lock-held-logs-end}: a lost release 1-4 min before the logs end: nobody was refused for 5 min yet.</li>
 * </ul>
 * Waiters are {@code lock-waiter}. The model does not say how a release is lost (the upstream reports vary); it only
 * loses it.
 */
final class ScenariosLocks {
    private static final String[] TEMPLATES = {"load", "export", "migrate", "rollup", "sync"};

    private final ScenariosControllers.Host host;
    private final Sim.Rng rng;
    private final Controller c;
    private final long end;

    private ScenariosLocks(ScenariosControllers.Host host, Sim.Rng rng, Controller c, long end) {
        this.host = host;
        this.rng = rng;
        this.c = c;
        this.end = end;
    }

    /** Plans the episodes from {@code t0}; draws from {@code rng} only (the corpus's plan stream is swapped for it). */
    static void plan(ScenariosControllers.Host host, Sim.Rng rng, Controller c, long t0, long end) {
        host.withPlan(rng, () -> new ScenariosLocks(host, rng, c, end).episodes(t0));
    }

    private void episodes(long t0) {
        String ns = c.namespaces.get(0);
        String mutexA = ns + "/Mutex/" + rng.pick("warehouse-load", "nightly-export", "db-migrate");
        String semA = ns + "/ConfigMap/" + rng.pick("job-locks", "sync-limits") + "/" + rng.pick("warehouse", "reports", "gpu");
        // The positive: a mutex or a semaphore of limit 1, or of limit 2 with a second holder running to the end.
        int variant = rng.between(0, 9);
        String lockA = variant < 5 ? mutexA : semA;
        int limitA = variant < 7 ? 1 : 2;
        long holderRun = rng.between(120, 300) * Go.SECOND;
        Workflow h = workflow(lockA, limitA, "lock-held-by-finished", t0, holderRun);
        h.spec.lockReleaseLost = true;
        long finish = t0 + holderRun + 2 * Go.SECOND;
        if (limitA == 2) {
            workflow(lockA, limitA, "lock-co-holder", t0 + rng.between(5, 40) * Go.SECOND, end - t0 + rng.between(30, 60) * Go.MINUTE);
        }
        workflow(lockA, limitA, "lock-waiter", t0 + rng.between(30, 90) * Go.SECOND, rng.between(60, 180) * Go.SECOND);
        workflow(lockA, limitA, "lock-waiter", finish + rng.between(6, 14) * Go.MINUTE, rng.between(60, 180) * Go.SECOND);
        host.typicalExports(h, finish + rng.between(1, 4) * Go.MINUTE, 0, 0);

        // Ordinary contention on another lock: released at completion, the waiter takes it at once.
        String lockB = variant < 5 ? semA : mutexA;
        long tb = t0 + rng.between(60, 180) * Go.SECOND;
        Workflow b = workflow(lockB, 1, "lock-contention-normal", tb, rng.between(120, 300) * Go.SECOND);
        int waiters = rng.between(1, 2);
        for (int i = 0; i < waiters; i++) {
            workflow(lockB, 1, "lock-contention-normal", tb + rng.between(20, 90) * Go.SECOND, rng.between(60, 180) * Go.SECOND);
        }
        host.typicalExports(b, tb + 6 * Go.MINUTE, 0, 0);

        // A holder still running at the end of the logs: its waiters wait for it.
        String lockC = ns + "/Mutex/" + rng.pick("report-publish", "index-rebuild");
        long tc = t0 + rng.between(2, 5) * Go.MINUTE;
        Workflow r = workflow(lockC, 1, "lock-holder-running", tc, end - tc + rng.between(30, 90) * Go.MINUTE);
        workflow(lockC, 1, "lock-waiter", tc + rng.between(60, 180) * Go.SECOND, rng.between(60, 180) * Go.SECOND);
        workflow(lockC, 1, "lock-waiter", tc + rng.between(10, 20) * Go.MINUTE, rng.between(60, 180) * Go.SECOND);
        host.typicalExports(r, tc + 8 * Go.MINUTE, 0, 0);

        // A release lost 1-4 min before the logs end: nobody was refused for 5 minutes by then.
        String lockD = ns + "/ConfigMap/" + rng.pick("job-locks", "sync-limits") + "/" + rng.pick("nightly", "backfill");
        long finishD = end - rng.between(60, 240) * Go.SECOND;
        long runD = rng.between(120, 240) * Go.SECOND;
        Workflow d = workflow(lockD, 1, "lock-held-logs-end", finishD - runD, runD);
        d.spec.lockReleaseLost = true;
        workflow(lockD, 1, "lock-waiter", finishD - runD + rng.between(20, 60) * Go.SECOND, rng.between(60, 180) * Go.SECOND);
        host.typicalExports(d, finishD - 30 * Go.SECOND, 0, 0);
    }

    /** A one-step Workflow with a Workflow-level lock, submitted at {@code at}; its Pod runs {@code duration}. */
    private Workflow workflow(String lock, int limit, String cls, long at, long duration) {
        Spec spec = new Spec();
        spec.stepList.add(host.step(rng.pick(TEMPLATES), duration + rng.between(0, 999) * Go.MILLI, cls, true));
        spec.lock = lock;
        spec.lockLimit = lock.contains("/Mutex/") ? 1 : limit;
        String prefix = switch (cls) {
            case "lock-waiter" -> rng.pick("adhoc-backfill", "weekly-rollup", "hourly-sync");
            case "lock-contention-normal" -> rng.pick("hourly-sync", "refresh");
            default -> rng.pick("nightly-load", "warehouse-export", "migrate");
        };
        Workflow w = host.workflow(c, prefix, spec);
        host.submit(at - Go.SECOND, w);
        return w;
    }
}
