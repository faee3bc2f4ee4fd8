package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Session 47 (s47-gen): another controller run's node events within seconds of a run's finalizer release, the edge session 46
 * (s46-consist) read as "persisted about then" (docs/rules/AF001.md, 3). A v4.1.3 controller (its v4 node events are logged:
 * {@code Event occurred} {@code WorkflowNode<Phase>}, recorded by {@code persistUpdates} only after the update that stored the
 * phase returned; {@link Controller#nodeEvents}) whose process dies and restarts in its Pod (the model's panic in a pod-cleanup
 * worker, {@link Controller#crash}: the container restarts 2-9 s later, another run, its start-up queue holding every Workflow
 * not labelled completed and its informer listing every Pod not labelled completed). Two shapes, both single-step Workflows
 * (a Steps Workflow whose one step is the Pod of interest):
 *
 * <ul>
 * <li>{@link #RACE}: #17024's race, then the restart. The Workflow workers stall 5-6 min; the step finishes 15-60 s in; a user
 * or PodGC deletes the finished Pod 140-200 s later and the pod controller (not stalled) releases the finalizer at once (the
 * delay long past); the process dies 0.3-4 s after the deletion. The restarted run's first pass of the Workflow finds the Pod
 * missing and marks the node {@code pod deleted}, and records that pass's node events: the loss's own ({@code
 * WorkflowNodeError} {@code pod deleted}) and its parents' ({@code Error}/{@code Failed} of the step group and the root) 2.5-13 s
 * after the release, on the next run's log. AF001 and AF002 (the result was lost).</li>
 * <li>{@link #PERSISTED}: the workers busy from 5-20 s before the step ends to 130-240 s after it (so that the Pod is past the
 * pod controller's two minutes when the node is stored and a release on the delete path is due at once), then a CI pipeline's {@code argo submit --wait} followed by {@code kubectl delete pods -l
 * workflows.argoproj.io/workflow=<wf>} once the Workflow is completed (0.5-3 s after the update that stored it: the watch, the
 * CLI's exit, the next command). The run that stored the node and the Workflow {@code Succeeded} (and recorded their events)
 * dies right after that update, before its pod-cleanup workers labelled the Pod completed (the item in memory, lost with the
 * process: {@code crashAfterCompletionOf}); the restarted run's pod controller finds the Pod being deleted with the finalizer
 * (in its start-up list, or the delete's update after its start) and releases it on the delete path within 10 s of the other
 * run's node events. The result was persisted before the release: no rule's truth. The exports are taken 3-6 min after the
 * step's end half the time (the Workflow shows the node stored), otherwise 20-100 s after it, while the workers are busy (the
 * node {@code Running} in the export: only the lines show it stored).</li>
 * </ul>
 *
 * <p>The truth of every Pod is what happened to it (Truth reads the model, not the lines): the class names the shape planned, the
 * verdicts come from the release, the stored phase and the containers as everywhere. A family of its own (its own controller,
 * namespace, three nodes and random streams through {@link OwnController}, salts 54, 542, 540), chained after {@link
 * ScenariosPodEvents} and before the stress family. Not modelled: two replicas active at once around the release (leader
 * election off: {@link ScenariosControllers}' window), a persist from a read taken before the release landing after it (a pass
 * that read the Pod in the milliseconds before its release), a restart slower than the CrashLoopBackOff's first 10 s; by the
 * family's choice (session 58), its pool's node clocks more than 5 s off or corrected mid-corpus, and slow image pulls on its
 * nodes ({@link Kube#keepSteady}): both move the release the script times.
 */
final class ScenariosNearEvent extends OwnFamily {
    static final String RACE = "nearevent-race";
    static final String PERSISTED = "nearevent-persisted";
    private static final String[] NAMESPACES = {"pr-builds", "merge-queue", "integration-ci", "e2e-suites"};
    private static final String[] TEMPLATES = {"build", "unit-tests", "lint", "package", "e2e"};

    /** The Workflows whose completion the pipeline waits for, then deletes their Pods by label (key to class). */
    private final Set<String> waitedFor = new HashSet<>();

    /** Whether {@code cls} is one of this family's classes (all begin {@code nearevent-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("nearevent-");
    }

    ScenariosNearEvent(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 54, sim, start, end);
    }

    /** The controller (v4.1.3, whose node events are logged); the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 11, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 542, "pool-near-event", 3, 0, ns, 540, truth, logs, "true",
                Release.V4_1);
        // Session 58 (s58-smoke): the script times the releases against the two minutes after the Pod's last condition
        // transition, which the kubelet stamps on its node's clock: a node clock 20 s or more ahead (a 30-90 s offset, or one of
        // session 58's corrected clocks, 10-120 s) made the race's release wait past the crash (seed 4: the restarted run stored the
        // node and the workflow-delete-handler released it), and a slow pull (session 58) would move the step's start past its
        // planned end. The family keeps its own pool steady: its nodes within 5 s of the cluster's clock, its images present.
        kube.keepSteady("pool-near-event");
        // argo wait: the pipeline sees the Workflow completed (its watch) and deletes its Pods by label 0.5-3 s later.
        kube.workflowWatches.add(new Kube.WorkflowWatch() {
            @Override
            public boolean matches(Workflow w) {
                return waitedFor.contains(w.key());
            }

            @Override
            public void event(char type, Workflow old, Workflow cur) {
                if (type == 'D' || cur == null || !cur.status.completed() || !waitedFor.remove(cur.key())) {
                    return;
                }
                String uid = cur.uid;
                String ns = cur.namespace;
                String wf = cur.name;
                sim.after(rng.between(500, 3_000) * Go.MILLI + rng.between(0, 999_999L), () -> {
                    for (Pod p : new java.util.ArrayList<>(kube.pods.values())) {
                        if (p.namespace.equals(ns) && wf.equals(p.workflow) && uid.equals(p.workflowUid) && p.deletionTimestamp == null) {
                            kube.deletePod(p.key(), null, null, "user");
                        }
                    }
                });
            }
        });
        return main;
    }

    /**
     * Starts the controller and plans its background and up to four episodes 14-20 minutes apart from 8-12 minutes in, each
     * with 22 minutes left: the race and the persisted shape in turn, the first drawn.
     */
    void plan(Controller c) {
        planOwn(c, () -> {
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int rot = rng.between(0, 1);
            for (int i = 0; i < 4 && t + 22 * Go.MINUTE < end; i++) {
                if ((i + rot) % 2 == 0) {
                    race(c, t);
                } else {
                    persisted(c, t);
                }
                t += rng.between(14, 20) * Go.MINUTE;
            }
        });
    }

    /** A Steps Workflow of the one step {@code s}, no podGC strategy. */
    private Workflow single(Step s) {
        Spec spec = new Spec();
        spec.steps = true;
        spec.stepList.add(s);
        spec.podGc = K8s.PodGc.NONE;
        return host.workflow(main, rng.pick("pr-check", "merge-build", "nightly-e2e", "release-candidate"), spec);
    }

    /** GeneratePodName (POD_NAMES v2) of the step's node {@code <wf>[0].<template>}. */
    private static String podName(Workflow w, Step s) {
        return w.name + "-" + s.template + "-" + Go.fnv(w.name + "[0]." + s.template);
    }

    /** #17024's race; the process dies 0.3-4 s after the deletion and the restarted run records the loss. */
    private void race(Controller c, long t0) {
        stallAt(c, t0);
        Step s = host.step(rng.pick(TEMPLATES), 0, RACE, true);
        s.finishAt = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(s);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        long del = s.finishAt + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        deleteFinished(del, () -> podNamed(w, podName(w, s)));
        long crashAt = del + rng.between(300, 4_000) * Go.MILLI;
        sim.at(crashAt, c::crash);
        host.typicalExports(w, s.finishAt + 60 * Go.SECOND, 0, 0);
    }

    /** The pipeline's wait and delete; the run that stored the completion dies before labelling the Pod. */
    private void persisted(Controller c, long t0) {
        Step s = host.step(rng.pick(TEMPLATES), 0, PERSISTED, true);
        long submit = t0 + rng.between(0, 60) * Go.SECOND;
        s.finishAt = submit + rng.between(40, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(s);
        host.submit(submit, w);
        // The workers busy from 5-20 s before the end to 130-240 s after it: the node is stored once the Pod is past the pod
        // controller's two minutes, so the restarted run's release on the delete path is due at once.
        long stallFrom = s.finishAt - rng.between(5, 20) * Go.SECOND;
        long stallUntil = s.finishAt + rng.between(130, 240) * Go.SECOND;
        sim.at(stallFrom, () -> c.stall(stallUntil));
        sim.at(submit + Go.SECOND, () -> {
            c.crashAfterCompletionOf.add(w.key());
            waitedFor.add(w.key());
        });
        // Half the time the exports come after the end (the Workflow shows the node stored), half while the workers are busy (the
        // node Running in the export: only the lines show it stored).
        long exportsAt = rng.chance(0.5) ? s.finishAt + rng.between(3, 6) * Go.MINUTE : s.finishAt + rng.between(20, 100) * Go.SECOND;
        host.typicalExports(w, exportsAt, 0, 0);
    }
}
