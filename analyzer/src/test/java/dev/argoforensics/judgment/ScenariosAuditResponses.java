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
 * Session 50 (s50-gen): the API server's audit records of the family's namespace under a policy that logs deletes at level
 * {@code RequestResponse} and keeps every stage ({@link AuditLog}'s {@code deleteBodies}): each request is a {@code RequestReceived}
 * record and a {@code ResponseComplete} one, and a delete's {@code ResponseComplete} carries the DeleteOptions sent
 * ({@code requestObject}) and what the API server returned ({@code responseObject}): a Pod as stored by the request, its UID and
 * {@code deletionTimestamp} (deleted at once, or held by the status-capture finalizer), or for a Workflow a {@code Status} whose
 * {@code details.uid} names it. The log backend runs in batch mode and drops events when its buffer is full, so in some episodes the
 * user's delete is only its {@code RequestReceived} record: the request is known, its outcome is not. Written to
 * {@code exports/audit/<namespace>/kube-apiserver-audit.log} (the namespace's records, as exported from the cluster's log store).
 *
 * <p>Episodes, up to six in a shuffled order, 11-14 minutes apart while 14 minutes are left; each a single-step Workflow:
 * <ul>
 *   <li>{@link #POD_DELETE} and {@link #POD_DELETE_UNLOGGED}: a user's {@code kubectl delete pod} while main runs (the node ends as
 *       the model ends a running Pod's deletion); the second with the delete's outcome unlogged.</li>
 *   <li>{@link #WORKFLOW_DELETE} and {@link #WORKFLOW_DELETE_UNLOGGED}: a user's {@code kubectl delete workflow} (background) while
 *       the step runs: the garbage collector deletes the Pod, the controller releases its finalizer on the orphan path.</li>
 *   <li>{@link #RACE}: #17024's race, the completed Pod deleted by a user 140-200 s after its end while the workers stall; half the
 *       time that delete's outcome is unlogged ({@link #RACE_UNLOGGED}).</li>
 *   <li>{@link #REFUSED_UNLOGGED}: a user without the RBAC to delete Pods tries to while main runs; the 403 is not in the file
 *       (dropped), only the request; the Pod runs on and succeeds. No finding is right: a request received is not a deletion.</li>
 * </ul>
 *
 * <p>A family of its own (its own controller, namespace, three nodes and random streams through {@link OwnController}, salts 57,
 * 572, 570), chained after {@link ScenariosNamesake}; its release line {@link Release#MODERN} two steps from the scenario
 * controllers'. The truth is the model's.
 */
final class ScenariosAuditResponses extends OwnFamily {
    static final String POD_DELETE = "auditresp-pod-delete-running";
    static final String POD_DELETE_UNLOGGED = "auditresp-pod-delete-running-unlogged";
    static final String WORKFLOW_DELETE = "auditresp-workflow-delete";
    static final String WORKFLOW_DELETE_UNLOGGED = "auditresp-workflow-delete-unlogged";
    static final String RACE = "auditresp-race";
    static final String RACE_UNLOGGED = "auditresp-race-unlogged";
    static final String REFUSED_UNLOGGED = "auditresp-refused-unlogged";
    private static final String[] NAMESPACES = {"tax-filing", "chargeback-ops", "invoice-runs", "kyc-review"};
    private static final String[] TEMPLATES = {"file-return", "dispute", "invoice", "verify-id", "collect"};

    private AuditLog audit;
    private String ns;

    /** Whether {@code cls} is one of this family's classes (all begin {@code auditresp-}; no other family's does). */
    static boolean isClass(String cls) {
        return cls.startsWith("auditresp-");
    }

    ScenariosAuditResponses(ScenariosDeletion.Host host, long seed, Sim sim, long start, long end) {
        super(host, seed, 57, sim, start, end);
    }

    /** The controller; the caller adds it to the corpus. */
    Controller build(long seed, Kube kube, Truth truth, Path logs) {
        bind(kube, truth);
        ns = NAMESPACES[(int) Math.floorMod(seed / 7, NAMESPACES.length)];
        main = OwnController.build(host, this, sim, kube, rng, seed, 572, "pool-audit-responses", 3, 2, ns, 570, truth, logs);
        audit = new AuditLog(Set.of(ns), seed, "57", kube.minor, true);
        kube.bodyAudits.add(audit);
        return main;
    }

    /** Starts the controller and plans its background and its episodes, all on the family's streams. */
    void plan(Controller c) {
        planOwn(c, () -> {
            List<String> kinds = new ArrayList<>(List.of(POD_DELETE, POD_DELETE_UNLOGGED, WORKFLOW_DELETE, WORKFLOW_DELETE_UNLOGGED, RACE,
                    REFUSED_UNLOGGED));
            java.util.Collections.shuffle(kinds, new java.util.Random(rng.r.nextLong()));
            long t = start + rng.between(8, 12) * Go.MINUTE;
            for (int i = 0; i < kinds.size() && t + 14 * Go.MINUTE < end; i++) {
                episode(c, kinds.get(i), t);
                t += rng.between(11, 14) * Go.MINUTE;
            }
        });
    }

    private void episode(Controller c, String kind, long t0) {
        switch (kind) {
            case RACE -> race(c, t0, rng.chance(0.5));
            case POD_DELETE -> podDelete(c, t0, POD_DELETE, false);
            case POD_DELETE_UNLOGGED -> podDelete(c, t0, POD_DELETE_UNLOGGED, true);
            case WORKFLOW_DELETE -> workflowDelete(c, t0, WORKFLOW_DELETE, false);
            case WORKFLOW_DELETE_UNLOGGED -> workflowDelete(c, t0, WORKFLOW_DELETE_UNLOGGED, true);
            default -> refused(c, t0);
        }
    }

    private Workflow single(Controller c, String cls, long finishAt) {
        Spec spec = new Spec();
        Step s = host.step(rng.pick(TEMPLATES), 0, cls, true);
        s.finishAt = finishAt;
        spec.stepList.add(s);
        return host.workflow(c, rng.pick("quarterly", "disputes", "invoices", "kyc"), spec);
    }

    /** The Pod of interest of {@code w} (its one step's), or null. */
    private K8s.Pod podOf(Workflow w) {
        for (Truth.PodFacts f : truth.all()) {
            if (w.uid.equals(f.workflowUid) && f.ofInterest) {
                K8s.Pod p = kube.pods.get(f.key());
                return p != null && p.uid.equals(f.uid) ? p : null;
            }
        }
        return null;
    }

    private void race(Controller c, long t0, boolean unlogged) {
        stallAt(c, t0);
        long finish = t0 + rng.between(15, 60) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, unlogged ? RACE_UNLOGGED : RACE, finish);
        host.submit(t0 - rng.between(45, 100) * Go.SECOND, w);
        long del = finish + rng.between(140, 200) * Go.SECOND + rng.between(0, 999_999_999L);
        sim.at(del, () -> {
            K8s.Pod p = podOf(w);
            if (p != null) {
                if (unlogged) {
                    audit.dropResponse("delete", "pods", p.namespace, p.name, "user");
                }
                kube.deletePod(p.key(), null, null, "user");
            }
        });
        host.typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
    }

    private void podDelete(Controller c, long t0, String cls, boolean unlogged) {
        long del = t0 + rng.between(40, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, cls, del + rng.between(3, 8) * Go.MINUTE);
        host.submit(t0 - rng.between(10, 30) * Go.SECOND, w);
        sim.at(del, () -> {
            K8s.Pod p = podOf(w);
            if (p != null) {
                if (unlogged) {
                    audit.dropResponse("delete", "pods", p.namespace, p.name, "user");
                }
                kube.deletePod(p.key(), null, null, "user");
            }
        });
        host.typicalExports(w, del + rng.between(3, 6) * Go.MINUTE, 0, 0);
    }

    private void workflowDelete(Controller c, long t0, String cls, boolean unlogged) {
        long del = t0 + rng.between(40, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, cls, del + rng.between(3, 8) * Go.MINUTE);
        host.submit(t0 - rng.between(10, 30) * Go.SECOND, w);
        sim.at(del, () -> {
            Workflow live = kube.workflows.get(w.key());
            if (live != null && live.uid.equals(w.uid)) {
                if (unlogged) {
                    audit.dropResponse("delete", "workflows", w.namespace, w.name, "user");
                }
                kube.deleteWorkflow(w.key(), false, "user");
            }
        });
        host.typicalExports(w, del - rng.between(10, 30) * Go.SECOND, 0, 0);
    }

    private void refused(Controller c, long t0) {
        long tryAt = t0 + rng.between(40, 150) * Go.SECOND + rng.between(0, 999_999_999L);
        Workflow w = single(c, REFUSED_UNLOGGED, tryAt + rng.between(60, 240) * Go.SECOND + rng.between(0, 999_999_999L));
        host.submit(t0 - rng.between(10, 30) * Go.SECOND, w);
        sim.at(tryAt, () -> {
            K8s.Pod p = podOf(w);
            if (p != null) {
                audit.dropResponse("delete", "pods", p.namespace, p.name, "user-no-rbac");
                kube.refusedPodDelete(p.namespace, p.name, "user-no-rbac");
            }
        });
        host.typicalExports(w, tryAt + rng.between(5, 8) * Go.MINUTE, 0, 0);
    }

    /** The family's audit file; returns {files, records} written. */
    int[] writeAudit(Path exports) throws IOException {
        if (audit.isEmpty()) {
            return new int[] {0, 0};
        }
        audit.write(exports.resolve("audit/" + ns + "/kube-apiserver-audit.log"));
        return new int[] {1, audit.size()};
    }
}
