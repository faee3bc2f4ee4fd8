package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Session 36: the API server's audit log beside the controller's ({@link AuditLog}), so that the rules that read it (AF008 above
 * all; AF001, AF002 and AF007, which name who deleted a Pod) are measured with it. Its own controller, namespace, three nodes and
 * random streams (salts 42, 422, 420), chained after {@link ScenariosDataHang}; its release {@link Release#MODERN} two steps
 * from the scenario controllers'. The policy logs the writes of Pods and Workflows in the family's namespace only (no other
 * family's requests), so every other family's corpus is what it was but for resourceVersion numbers.
 *
 * <p>Episodes, up to six (the race twice) in a shuffled order, 11-14 minutes apart while 14 minutes are left:
 * <ul>
 *   <li>{@link #RACE}: #17024's race. The Workflow workers stall (throttled, busy); the step ends; 140-200 s later its completed Pod
 *       is deleted, by a user ({@code kubectl delete pod}) or by PodGC's terminated-Pod collection (grace 0); the pod controller, which
 *       does not stall, releases the finalizer at once (the deadline long past), the Pod goes, and the worker marks the node
 *       {@code pod deleted}. The audit log holds the Pod's create, the delete, the controller's finalizer patch and nothing
 *       else of the Pod (the kubelet sends no final delete for a Pod that had already ended).</li>
 *   <li>{@link #USER_DELETE}: a user's {@code kubectl delete pod} while main runs (AF007's truth): the delete, the kubelet's final
 *       delete once the containers stopped, the finalizer patch.</li>
 *   <li>{@link #ARGO_POD_GC}: {@code spec.podGC.strategy: OnPodCompletion} (half with a {@code deleteDelayDuration} of 30 s): the
 *       controller deletes its completed Pod itself, the audit log naming its service account. No finding is right.</li>
 *   <li>{@link #WORKFLOW_DELETED}: a user deletes the running Workflow with {@code --cascade=foreground}: the Workflow's delete,
 *       the garbage collector's delete of the Pod (and its patch of the Workflow's finalizer), the kubelet's final delete.</li>
 *   <li>{@link #SAME_NAME}: #8022. The first run's {@code labelPodCompleted} item is retried while Pod patches time out (the
 *       audit log records each with 504); the pipeline deletes the Workflow and creates it again under its name; the old item
 *       labels the new run's Pod completed, which leaves the informer, and its node is marked {@code pod deleted} (AF008's truth)
 *       while nobody deleted it: the audit log shows the earlier Workflow's delete before the new create, the new Pod's create and
 *       the label patch, and no delete of the new Pod. Where the old item had already run, the name is reused harmlessly
 *       ({@link #SAME_NAME_HARMLESS}).</li>
 *   <li>{@link #NAMESAKE}: any of the above (its class with this suffix) where the user also gave the audit log of another
 *       cluster (staging) that runs the same pipeline: a Workflow of the same name with its own UID (its controller's
 *       {@code update}s carry it, and the export shows this cluster's), its Pod of the same name created, labelled, deleted by
 *       its controller's PodGC, and the Workflow deleted by its TTL. That file says nothing about this cluster's objects.</li>
 * </ul>
 * The truth is the model's (nothing here labels a Pod by hand): AF008's where the Pod was marked deleted while it existed undeleted
 * and its Workflow was not being deleted; AF007's for the user's delete of a running Pod; AF001/AF002's for the race.
 */
final class ScenariosAudit extends OwnFamily {
    static final String RACE = "audit-race";
    static final String USER_DELETE = "audit-user-delete-running";
    static final String ARGO_POD_GC = "audit-argo-podgc";
    static final String WORKFLOW_DELETED = "audit-workflow-deleted-foreground";
    static final String SAME_NAME = "audit-same-name-stale-label";
    static final String SAME_NAME_HARMLESS = "audit-same-name-harmless";
    static final String NAMESAKE = "-namesake-audit";
    private static final String[] NAMESPACES = {"payments-batch", "claims-intake", "media-encode", "ledger-close"};
    private static final String[] TEMPLATES = {"settle", "score", "transcode", "render", "reconcile"};

    private AuditLog audit;
    private AuditLog other;

    ScenariosAudit(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 42, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. Without {@code audited} (the slope benchmark's knobs) nothing is recorded. */
    Controller build(long seed, Kube kube, Truth truth, Path logs, boolean audited) {
        bind(kube, truth);
        String ns = NAMESPACES[(int) Math.floorMod(seed / 3, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 422, "pool-audit", 3, 2, ns, 420, truth, logs);
        audit = new AuditLog(Set.of(ns), seed, "42", kube.minor);
        other = new AuditLog(Set.of(ns), seed, "420", kube.minor);
        if (audited) {
            kube.audit = audit;
        }
        return main;
    }

    /** Starts the controller and plans its background and its episodes, all on the family's streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            List<String> kinds = new ArrayList<>(List.of(RACE, USER_DELETE, ARGO_POD_GC, WORKFLOW_DELETED, SAME_NAME, RACE));
            java.util.Collections.shuffle(kinds, new java.util.Random(rng.r.nextLong()));
            long t = start + rng.between(8, 12) * Go.MINUTE;
            int namesake = (int) rng.between(0, kinds.size() - 1);
            for (int i = 0; i < kinds.size() && t + 14 * Go.MINUTE < end; i++) {
                episode(c, kinds.get(i), t, i == namesake);
                t += rng.between(11, 14) * Go.MINUTE;
            }
        });
    }

    private void episode(Controller c, String kind, long t0, boolean namesake) {
        String suffix = namesake ? NAMESAKE : "";
        switch (kind) {
            case RACE -> race(c, t0, suffix);
            case USER_DELETE -> userDelete(c, t0, suffix);
            case ARGO_POD_GC -> argoPodGc(c, t0, suffix);
            case WORKFLOW_DELETED -> workflowDeleted(c, t0, suffix);
            default -> sameName(c, t0, suffix);
        }
    }

    private Workflow single(Controller c, String cls, long finishAt, long duration) {
        Spec spec = new Spec();
        Step s = host.step(rng.pick(TEMPLATES), duration, cls, true);
        s.finishAt = finishAt;
        spec.stepList.add(s);
        return host.workflow(c, rng.pick("nightly", "ledger", "batch", "tiles"), spec);
    }

    private Truth.PodFacts firstPod(Workflow w) {
        for (Truth.PodFacts f : truth.all()) {
            if (w.uid.equals(f.workflowUid) && f.ofInterest) {
                return f;
            }
        }
        return null;
    }

    private void race(Controller c, long t0, String suffix) {
        stallAt(c, t0);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, RACE + suffix, finish, 0);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        long del = finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        boolean byPodGc = rng.chance(0.5);
        sim.at(del, () -> {
            Truth.PodFacts f = firstPod(w);
            if (f != null) {
                // PodGC's terminated-Pod collection deletes with grace 0; kubectl with the Pod's own (0 for a terminal Pod).
                kube.deletePod(f.key(), byPodGc ? 0 : null, null, byPodGc ? "pod-gc" : "user");
            }
        });
        host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
        after(w, t0, suffix);
    }

    private void userDelete(Controller c, long t0, String suffix) {
        long del = t0 + rng.between(40, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, USER_DELETE + suffix, del + rng.between(3, 8) * Go.MINUTE, 0);
        host.submit(t0 - rng.between(10, 30) * Go.SECOND, w);
        sim.at(del, () -> {
            Truth.PodFacts f = firstPod(w);
            if (f != null) {
                kube.deletePod(f.key(), null, null, "user");
            }
        });
        host.typicalExports(w, del - rng.between(10, 30) * Go.SECOND, del + 2 * Go.SECOND, del + 20 * Go.SECOND);
        after(w, t0, suffix);
    }

    private void argoPodGc(Controller c, long t0, String suffix) {
        long finish = t0 + rng.between(30, 120) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, ARGO_POD_GC + suffix, finish, 0);
        w.spec.podGc = new K8s.PodGc("OnPodCompletion", rng.chance(0.5) ? "30s" : "");
        host.submit(t0 - rng.between(10, 30) * Go.SECOND, w);
        host.typicalExports(w, finish - rng.between(5, 20) * Go.SECOND, 0, 0);
        after(w, t0, suffix);
    }

    private void workflowDeleted(Controller c, long t0, String suffix) {
        long del = t0 + rng.between(40, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, WORKFLOW_DELETED + suffix, del + rng.between(3, 8) * Go.MINUTE, 0);
        host.submit(t0 - rng.between(10, 30) * Go.SECOND, w);
        sim.at(del, () -> kube.deleteWorkflowForeground(w.key(), "user"));
        host.typicalExports(w, del - rng.between(10, 30) * Go.SECOND, 0, 0);
        after(w, t0, suffix);
    }

    /**
     * As {@code Corpus.sameName}: with the Pod patches timing out (70%) the first run's label item is still retried when the
     * new run's Pod exists; without, the name is reused harmlessly.
     */
    private void sameName(Controller c, long t0, String suffix) {
        boolean timeouts = rng.chance(0.7);
        long finish = t0 + rng.between(20, 40) * Go.SECOND;
        Step s1 = host.step(rng.pick(TEMPLATES), 0, SAME_NAME_HARMLESS + "-first-run", false);
        s1.finishAt = finish + rng.between(0, 999_999_999L);
        Spec spec1 = new Spec();
        spec1.stepList.add(s1);
        Workflow first = host.workflow(c, rng.pick("nightly", "ledger", "report"), spec1);
        host.submit(t0 - rng.between(60, 100) * Go.SECOND, first);
        long until = finish + rng.between(175, 240) * Go.SECOND;
        if (timeouts) {
            sim.at(t0 + rng.between(0, 10) * Go.SECOND, () -> c.patchBrownout(until));
        }
        long deleteAt = (timeouts ? until : finish + rng.between(30, 120) * Go.SECOND) + rng.between(3, 12) * Go.SECOND;
        // The second run: same name, same template (so the same Pod name), a new UID.
        Workflow second = first.namesake(rng.uuid());
        Spec spec = new Spec();
        Step s = host.step(s1.template, 0, SAME_NAME_HARMLESS + suffix, true);
        s.finishAt = deleteAt + rng.between(4, 8) * Go.MINUTE;
        spec.stepList.add(s);
        second.spec = spec;
        long resubmitDelay = rng.between(2, 8) * Go.SECOND + rng.between(0, 999_999_999L);
        String key = first.namespace + "/" + first.name + "/" + Controller.LABEL_POD_COMPLETED;
        sim.at(deleteAt + rng.between(0, 999_999_999L), () -> {
            Workflow live = kube.workflows.get(first.key());
            if (live != null && live.uid.equals(first.uid)) {
                kube.deleteWorkflow(first.key(), false, "user");
                Corpus.whenGone(sim, kube, first, resubmitDelay, 0, () -> {
                    if (c.cleanupNext(key) > sim.now()) {
                        // The old item is still in the queue (v4: its last failing try not yet answered; v3.6/v3.7 drop a
                        // timed-out item): its next try will label this run's Pod.
                        s.podClass = SAME_NAME + suffix;
                    }
                    host.submit(sim.now(), second);
                });
            }
        });
        host.typicalExports(second, deleteAt + rng.between(2, 4) * Go.MINUTE, 0, 0);
        after(second, t0, suffix);
    }

    /** Exports taken near the end; and for a namesake episode, the other cluster's records of a Workflow of this name. */
    private void after(Workflow w, long t0, String suffix) {
        if (rng.chance(0.5)) {
            host.exportWorkflow(t0 + rng.between(7, 10) * Go.MINUTE, w);
        }
        if (suffix.isEmpty()) {
            return;
        }
        // Staging runs the same pipeline a few minutes apart: its own Workflow of the name, its own UID, drawn now.
        String uid = rng.uuid();
        long at = t0 - rng.between(60, 240) * Go.SECOND;
        long run = rng.between(40, 200) * Go.SECOND;
        int updates = (int) rng.between(3, 6);
        long[] times = new long[updates];
        for (int i = 0; i < updates; i++) {
            times[i] = at + (run + 20 * Go.SECOND) * (i + 1) / updates + rng.between(0, 999_999_999L);
        }
        long podAt = at + rng.between(200, 900) * Go.MILLI;
        long label = at + run + rng.between(2, 6) * Go.SECOND;
        long podGc = label + rng.between(30, 90) * Go.SECOND;
        long ttl = at + run + rng.between(5, 10) * Go.MINUTE;
        namesakes.add(() -> {
            // Its Pod has the name this cluster's Pod of the step has (the same Workflow name and template).
            Truth.PodFacts f = firstPod(w);
            String pod = f != null ? f.name : w.name;
            String ns = w.namespace;
            String name = w.name;
            AuditLog.Who ctl = other.who("controller", null);
            other.request(at, "create", "workflows", ns, name, null, other.who("submitter", null), 201);
            other.request(podAt, "create", "pods", ns, pod, null, ctl, 201);
            for (long u : times) {
                other.request(u, "update", "workflows", ns, name, uid, ctl, 200);
            }
            other.request(label, "patch", "pods", ns, pod, null, ctl, 200);
            other.request(podGc, "delete", "pods", ns, pod, null, ctl, 200);
            other.request(ttl, "delete", "workflows", ns, name, null, ctl, 200);
        });
    }

    private final List<Runnable> namesakes = new ArrayList<>();

    /** The audit files: this cluster's, and staging's where an episode has one; returns how many files and records were written. */
    int[] writeAudit(Path exports) throws IOException {
        for (Runnable r : namesakes) {
            r.run();
        }
        audit.write(exports.resolve("audit/kube-apiserver-audit.log"));
        if (other.isEmpty()) {
            return new int[] {1, audit.size()};
        }
        other.write(exports.resolve("audit/staging/kube-apiserver-audit.log"));
        return new int[] {2, audit.size() + other.size()};
    }
}
