package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 59 (s59-af004): the controller's Role loses {@code patch} on pods for a while (a GitOps sync of an older Role, a namespaced
 * install's Role edited by hand), or for good. Every cleanup patch the pod controller sends then is refused, 403 Forbidden: the label
 * patch, a finalizer release, PodGC's patch before its delete. {@code processNextPodCleanupItem} logs {@code failed to clean-up pod}
 * with the error and re-queues only a transient error or a Conflict ({@code IsTransientErr}: a Forbidden is transient only for an
 * exceeded quota; read at v3.6.19, v3.7.18, v4.0.10, v4.1.2): the item is dropped. A deleted Pod whose release was refused keeps the
 * finalizer, and no later event of it comes (its containers are done, a deleted Pod's finalizer list is all that may change), so it
 * stays {@code Terminating} for good, even once the Role is mended.
 *
 * <ul>
 * <li>{@link #REFUSED}: a step ends 1-3 min into the window and a user deletes its Pod 2-5 min later, inside the window: the label
 * patch and the release (due 2 min after its last transition) are refused.</li>
 * <li>{@link #AFTER}: the same, deleted once the Role is mended (where it is): the label patch was refused, the release succeeds.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 5963,
 * 5964, 5965), chained after {@link ScenariosEnvRollout}. Not modelled: the {@code Non-transient error: …} warning the error check
 * logs after the failure line (the model logs it for no refused or timed-out patch), the other writes a lost Role would refuse.
 */
final class ScenariosPatchForbidden extends OwnFamily {
    static final String REFUSED = "patch-forbidden-deleted";
    static final String AFTER = "patch-forbidden-deleted-after";
    private static final String[] NAMESPACES = {"quant-research", "doc-indexing", "fraud-scoring", "asset-render"};
    private static final String[] TEMPLATES = {"backtest", "index", "score", "render"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code patch-forbidden-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("patch-forbidden-");
    }

    ScenariosPatchForbidden(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 5963, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 5964, "pool-patch-forbidden", 3, 1, ns, 5965, truth, logs, "true");
        return main;
    }

    /** Starts the controller, plans its background and the one window 10-16 minutes in. */
    void plan(Controller c) {
        planOwn(c, () -> window(c, start + rng.between(10, 16) * Go.MINUTE));
    }

    private void window(Controller c, long t0) {
        boolean forGood = rng.chance(0.3);
        long until = forGood ? Long.MAX_VALUE : t0 + rng.between(10, 16) * Go.MINUTE;
        sim.at(t0, () -> c.patchForbidden(until));
        int n = rng.between(1, 2);
        for (int i = 0; i < n; i++) {
            Step s = host.step(rng.pick(TEMPLATES), 0, REFUSED, true);
            s.finishAt = t0 + rng.between(60, 180) * Go.SECOND + rng.between(0, 999_999_999L);
            Workflow w = single(s);
            host.submit(t0 - rng.between(60, 240) * Go.SECOND, w);
            long deleteAt = s.finishAt + rng.between(120, 300) * Go.SECOND;
            userDeletes(deleteAt, () -> podNamed(w, podName(w, s)));
            host.typicalExports(w, deleteAt + rng.between(8, 20) * Go.MINUTE, 0, 0);
            exportHeld(w, deleteAt + rng.between(9, 25) * Go.MINUTE);
        }
        if (!forGood) {
            Step a = host.step(rng.pick(TEMPLATES), 0, AFTER, true);
            a.finishAt = t0 + rng.between(60, 180) * Go.SECOND + rng.between(0, 999_999_999L);
            Workflow w = single(a);
            host.submit(t0 - rng.between(60, 240) * Go.SECOND, w);
            long deleteAt = until + rng.between(1, 4) * Go.MINUTE + rng.between(0, 999_999_999L);
            userDeletes(deleteAt, () -> podNamed(w, podName(w, a)));
            host.typicalExports(w, deleteAt + rng.between(8, 20) * Go.MINUTE, 0, 0);
            exportHeld(w, deleteAt + rng.between(9, 25) * Go.MINUTE);
        }
    }

    /** {@code kubectl get pod -o yaml} of {@code w}'s Pod at {@code at} (8 times in 10, where the corpus still runs then). */
    private void exportHeld(Workflow w, long at) {
        if (rng.chance(0.8) && at < end - Go.MINUTE) {
            host.exportPod(at, w);
        }
    }

    /** A Steps Workflow of the one step {@code s}, no podGC. */
    private Workflow single(Step s) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.podGc = K8s.PodGc.NONE;
        return host.workflow(main, rng.pick("factor-backtest", "corpus-index", "txn-score", "scene-render"), spec);
    }

    /** GeneratePodName (POD_NAMES v2) of the node {@code <wf>[0].<template>}. */
    private static String podName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }
}
