package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Parallel steps (session 30): Workflows whose step group runs 2-4 Pods at once ({@code steps: [[a, b, c]]}, each its own
 * template, so its own node and Pod name; the group ends when every one has, failed if one did). One Pod of the group meets
 * what a single-step Workflow meets elsewhere in the corpus and its siblings run on beside it and end normally:
 * <ul>
 *   <li>{@code parallel-race}: the Workflow workers stall; the Pod finishes during the stall and a user deletes it 140-200 s
 *       later (grace 0): the pod controller, which does not stall, releases the finalizer at once (its delay negative) and
 *       the Pod goes before its node was persisted: the #17024 race on that Pod (AF001, AF002), the stall's
 *       {@code race-stall-user-delete} on one Pod of a group. Its siblings finish after it, some within the stall, and are
 *       taken up when it ends;</li>
 *   <li>{@code parallel-deleted-running}: a user deletes the Pod while main runs ({@code kubectl delete pod}, the spec's
 *       grace): SIGTERM, main 137 or 143; AF007 where the node then ended {@code pod deleted};</li>
 *   <li>{@code parallel-sibling}: the other Pods of those groups, each ending normally (none expected).</li>
 * </ul>
 * The truth is per Pod, as everywhere: a finding must land on the Pod it is about and on its node, never on a sibling
 * (whose Pod name shares the Workflow's prefix and whose node shares the group's).
 *
 * <p>On a controller of its own (its own namespace and two nodes), drawing from its own random streams as
 * {@link ScenariosNodes} does: the rest of the corpus is what it was without it but for resourceVersion numbers.
 */
final class ScenariosParallel extends OwnFamily {
    static final String RACE = "parallel-race";
    static final String DELETED_RUNNING = "parallel-deleted-running";
    static final String SIBLING = "parallel-sibling";
    private static final String[] NAMESPACES = {"variant-calls", "render-farm", "etl-shards", "backtests"};
    private static final String[] TEMPLATES = {"shard-a", "shard-b", "shard-c", "shard-d", "merge-left", "merge-right", "lint", "unit"};

    ScenariosParallel(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 32, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 2, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 322, "pool-parallel", 3, 1, ns, 320, truth, logs);
        return main;
    }

    /** Starts the controller and plans its background and the two episodes, all on our streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t1 = start + rng.between(12, 20) * Go.MINUTE;
            long stall = rng.between(6, 9) * Go.MINUTE;
            race(c, t1, stall);
            long t2 = t1 + stall + rng.between(8, 14) * Go.MINUTE;
            if (t2 + 20 * Go.MINUTE < end) {
                deletedRunning(c, t2);
            }
        });
    }

    /** A Steps Workflow whose first group runs {@code first} and 1-3 siblings at once; the siblings end by {@code siblingsEnd}. */
    private Workflow group(Controller c, String prefix, long submitAt, Step first, long siblingsFrom, long siblingsTo) {
        List<String> templates = new ArrayList<>(List.of(TEMPLATES));
        java.util.Collections.shuffle(templates, new java.util.Random(rng.r.nextLong()));
        first.template = templates.get(0);
        int siblings = rng.between(1, 3);
        for (int i = 1; i <= siblings; i++) {
            Step s = host.step(templates.get(i), 0, SIBLING, true);
            s.finishAt = rng.between(siblingsFrom, siblingsTo);
            first.parallel.add(s);
        }
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(first);
        if (rng.chance(0.4)) {
            // A step after the group (a merge): started once every Pod of the group has succeeded.
            Step after = host.step(templates.get(siblings + 1), rng.between(20, 90) * Go.SECOND, "background", false);
            spec.stepList.add(after);
        }
        Workflow w = host.workflow(c, prefix, spec);
        host.submit(submitAt, w);
        return w;
    }

    /** The Pod of {@code w} that runs {@code template}, or null. */
    private Pod podOf(Workflow w, String template) {
        for (Pod p : kube.pods.values()) {
            if (w.uid.equals(p.workflowUid) && p.name.startsWith(w.name + "-" + template + "-")) {
                return p;
            }
        }
        return null;
    }

    /** The race on one Pod of a group: the workers stall, it finishes, a user deletes it; its siblings run on. */
    private void race(Controller c, long t0, long length) {
        sim.at(t0, () -> c.stall(t0 + length));
        int n = rng.between(1, 2);
        for (int i = 0; i < n; i++) {
            long finish = t0 + rng.between(15, 60) * Go.SECOND;
            Step target = host.step("x", 0, RACE, true);
            target.finishAt = finish + rng.between(0, 999_999_999L);
            // Siblings end within the stall (after the target) or after it.
            Workflow w = group(c, rng.pick("fanout", "shards", "matrix"), t0 - rng.between(45, 100) * Go.SECOND, target,
                    finish + 5 * Go.SECOND, t0 + length + rng.between(1, 6) * Go.MINUTE);
            long del = finish + rng.between(140, 200) * Go.SECOND;
            String template = target.template;
            sim.at(del + rng.between(0, 999_999_999L), () -> {
                Pod p = podOf(w, template);
                if (p != null) {
                    kube.deletePod(p.key(), null, null, "user");
                }
            });
            host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
        }
    }

    /** One Pod of a group deleted by a user while main runs; its siblings end normally. */
    private void deletedRunning(Controller c, long t0) {
        long submitAt = t0 + rng.between(0, 60) * Go.SECOND;
        Step target = host.step("x", 0, DELETED_RUNNING, true);
        target.finishAt = submitAt + rng.between(20, 40) * Go.MINUTE;
        target.onTerm = rng.pick(0, 1);
        long del = submitAt + rng.between(90, 240) * Go.SECOND;
        Workflow w = group(c, rng.pick("fanout", "sweep", "render"), submitAt, target, del - rng.between(30, 80) * Go.SECOND,
                del + rng.between(1, 8) * Go.MINUTE);
        String template = target.template;
        sim.at(del + rng.between(0, 999_999_999L), () -> {
            Pod p = podOf(w, template);
            if (p != null) {
                kube.deletePod(p.key(), null, null, "user");
            }
        });
        host.typicalExports(w, del - rng.between(10, 40) * Go.SECOND, del + 2 * Go.SECOND, del + 30 * Go.SECOND);
    }
}
