package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;

/**
 * Session 46: a DAG whose template limits its active children ({@code parallelism}) and, half the time, sets the template-level
 * {@code failFast: true}: the case session 45's fan-out ({@link ScenariosRerun}) left out, where {@code failFast} decides what is
 * scheduled. Read in {@code workflow/controller/operator.go} {@code checkParallelism}, {@code workflow/controller/node_counters.go}
 * and {@code workflow/controller/dag.go} ({@code executeDAG}, {@code executeDAGTask}, {@code assessDAGPhase}) at v3.6.19, v3.7.18
 * and v4.1.2; the controller's side is {@code Controller.advanceGated}.
 *
 * <p>The DAG: a first task ({@link #FIRST}, 20-40 s, succeeds), then 4-6 tasks that depend on it ({@code dependencies: [<first>]}),
 * {@code parallelism} 2 or 3. The tasks start in order as slots free (a slot frees when a child node is no longer {@code Pending}
 * or {@code Running}); the others wait, each pass logging {@code template (node <dag>) active children parallelism exceeded <n>}.
 * With the template's {@code failFast}, once a child node is {@code Failed} or {@code Error} nothing more of the DAG runs: the
 * tasks not started never are (no node, no Pod), and once no child Pod is active the DAG is marked {@code Failed} {@code template
 * has failed or errored children and failFast enabled} (the Workflow too). Without it ({@code dag.failFast} at its default only
 * decides the assessment) every task runs, and the DAG fails after the last with the first failed target's phase.
 *
 * <p>Per Workflow, one of (the truth of each Pod is what happened to it):
 * <ul>
 * <li>{@link #FAILED}: a task of the first batch exits 1 40-120 s after the first task ended;</li>
 * <li>{@link #RACE}: #17024's race on a task of the first batch: the workers stall 5-6 min from 20-60 s after the first task
 * ended, the task finishes 15-60 s into the stall and a user or PodGC (grace 0) deletes its Pod 140-200 s later; released at
 * once; after the stall its node is marked {@code pod deleted} ({@code Error}), which with {@code failFast} stops the DAG;</li>
 * <li>{@link #DELETED_RUNNING}: a user deletes a running task's Pod (its main would run 6-15 min) 60-200 s after the first
 * task ended, the workers running: the node {@code Failed} on the kill's exit or {@code pod deleted};</li>
 * <li>{@link #NORMAL}: every task succeeds.</li>
 * </ul>
 * The other tasks ({@link #TASK}) run 40-150 s and succeed. {@link #FF} is appended to every class of a Workflow with the
 * template's {@code failFast}.
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 52,
 * 522, 520), chained after {@link ScenariosRetryUnseen} and before the stress family; its release {@link Release#MODERN} one step
 * from the scenario controllers'. Not modelled: a failed first task (its dependents omitted), {@code depends} expressions,
 * {@code continueOn}, a Workflow-level {@code parallelism}, {@code dag.failFast: false}, retries.
 */
final class ScenariosDagGate extends OwnFamily {
    static final String FIRST = "dag-gate-first-task";
    static final String TASK = "dag-gate-task";
    static final String FAILED = "dag-gate-failed-task";
    static final String RACE = "dag-gate-race";
    static final String DELETED_RUNNING = "dag-gate-deleted-running";
    static final String NORMAL = "dag-gate-normal";
    static final String FF = "-failfast";
    private static final String[] NAMESPACES = {"shard-jobs", "render-queue", "bulk-import", "index-build"};
    private static final String[] FIRSTS = {"plan-shards", "fetch-manifest", "list-inputs"};
    private static final String[] TEMPLATES = {"process-shard", "render-tile", "import-batch", "build-segment"};

    /** Whether {@code cls} is one of this family's classes (all begin {@code dag-gate-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("dag-gate-");
    }

    ScenariosDagGate(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 52, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 5, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 522, "pool-dag-gate", 3, 1, ns, 520, truth, logs);
        return main;
    }

    /**
     * Starts the controller and plans its background and up to five gated DAGs 14-20 minutes apart from 8-12 minutes in, each
     * with 25 minutes left: a race, a failed task, a deletion while running and a normal run in an order drawn, then any.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int rot = rng.between(0, 3);
            for (int i = 0; i < 5 && t + 25 * Go.MINUTE < end; i++) {
                int kind = i < 4 ? (i + rot) % 4 : rng.pick(0, 1, 2);
                gated(c, t, kind);
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    /** One gated DAG of {@code kind} (0 race, 1 failed task, 2 deleted while running, 3 normal) submitted 0-60 s after {@code t0}. */
    private void gated(Controller c, long t0, int kind) {
        boolean failFast = rng.chance(0.5);
        int parallelism = rng.between(2, 3);
        int tasks = parallelism + rng.between(2, 3);
        String ff = failFast ? FF : "";
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        long firstEnds = submit + rng.between(20, 40) * Go.SECOND + rng.between(0, 999_999_999L);
        K8s.Spec spec = new K8s.Spec();
        spec.steps = true;
        spec.dag = true;
        spec.gate = new K8s.Gate(parallelism, failFast);
        Step first = host.step(rng.pick(FIRSTS), 0, FIRST + ff, true);
        first.task = first.template;
        first.finishAt = firstEnds;
        spec.stepList.add(first);
        String template = rng.pick(TEMPLATES);
        int special = kind == 3 ? -1 : rng.between(0, parallelism - 1);
        String specialCls = kind == 0 ? RACE : kind == 1 ? FAILED : kind == 2 ? DELETED_RUNNING : NORMAL;
        Step head = null;
        Step chosen = null;
        for (int i = 0; i < tasks; i++) {
            boolean isSpecial = i == special;
            Step s = host.step(template, rng.between(40, 150) * Go.SECOND, (isSpecial ? specialCls : kind == 3 ? NORMAL : TASK) + ff, true);
            s.task = template.substring(0, template.indexOf('-') + 1) + i;
            if (isSpecial) {
                chosen = s;
            }
            if (head == null) {
                head = s;
                spec.stepList.add(s);
            } else {
                head.parallel.add(s);
            }
        }
        spec.podGc = rng.chance(0.3) ? new K8s.PodGc("OnPodCompletion", "") : K8s.PodGc.NONE;
        Workflow w = host.workflow(c, rng.pick("shard-run", "fan-gate", "batch-dag"), spec);
        host.submit(submit, w);
        long exportsAt = firstEnds + rng.between(8, 12) * Go.MINUTE;
        long deleteAt = -1;
        if (chosen != null) {
            Step s = chosen;
            String pod = w.name + "-" + s.template + "-" + Go.fnv(w.name + "." + s.task);
            switch (kind) {
                case 0 -> {
                    long stallAt = firstEnds + rng.between(20, 60) * Go.SECOND;
                    long stallFor = rng.between(300, 360) * Go.SECOND;
                    sim.at(stallAt, () -> c.stall(stallAt + stallFor));
                    s.finishAt = stallAt + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
                    deleteFinished(s.finishAt + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L), () -> podNamed(w, pod));
                    exportsAt = stallAt + stallFor + rng.between(3, 8) * Go.MINUTE;
                }
                case 1 -> {
                    s.finishAt = firstEnds + rng.between(40, 120) * Go.SECOND + rng.between(0, 999_999_999L);
                    s.exitCode = 1;
                }
                default -> {
                    s.finishAt = firstEnds + rng.between(6, 15) * Go.MINUTE + rng.between(0, 999_999_999L);
                    deleteAt = firstEnds + rng.between(60, 200) * Go.SECOND + rng.between(0, 999_999_999L);
                    userDeletes(deleteAt, () -> podNamed(w, pod));
                }
            }
        }
        host.typicalExports(w, exportsAt, 0, 0);
        if (chosen != null && kind != 1 && rng.chance(0.6)) {
            // The raced or deleted task's Pod by name (kubectl get pod <name>), 20-90 s after its end or the delete's request:
            // typicalExports' Pod is the first task's.
            String pod = w.name + "-" + chosen.template + "-" + Go.fnv(w.name + "." + chosen.task);
            long at = (kind == 0 ? chosen.finishAt : deleteAt) + rng.between(20, 90) * Go.SECOND;
            host.exportPodNamed(at, w.namespace, pod);
        }
    }
}
