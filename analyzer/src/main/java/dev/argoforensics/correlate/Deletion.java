package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who deleted a Pod, as the API server's audit log or the cluster's Events say: a delete or a granted
 * eviction request names the user; Events name the component (the kubelet evicting under node
 * pressure, the scheduler preempting, the cluster-autoscaler scaling the node down, the taint
 * manager); Events about the Pod's Kubernetes node say what happened to the node meanwhile.
 *
 * @param who     the user or component
 * @param how     what it did, in a few words ("evicted it", "deleted it", "scaled its node down")
 * @param at      when
 * @param audit   the audit record, or null
 * @param event   the Event, or null
 * @param condition the export whose {@code DisruptionTarget} condition says it, or null
 * @param line    for a deleter inferred from the controller's own reading of the Pod ({@link #POD_GC}), that line, else null
 */
public record Deletion(String who, String how, Timestamp at, AuditRecord audit, ClusterEvent event, PodSnapshot condition, LogEvent line) {

    /** Who deletes the Pods of a Node that no longer exists (lifecycle reference A2, {@code DeletionByPodGC}). */
    public static final String POD_GC = "the Pod garbage collector";
    /** The Pod garbage collector's own identity in the audit log (kube-controller-manager with per-controller credentials). */
    static final String POD_GC_USER = "system:serviceaccount:kube-system:pod-garbage-collector";

    Deletion(String who, String how, Timestamp at, AuditRecord audit, ClusterEvent event, PodSnapshot condition) {
        this(who, how, at, audit, event, condition, null);
    }

    /** Event reasons on a Pod that say something removed it, and what. */
    private static final Map<String, String> POD_REASONS = Map.of(
            "Evicted", "evicted it (node pressure)",
            "Preempted", "preempted it for a higher-priority Pod",
            "TaintManagerEviction", "deleted it for a taint on its node",
            "ScaleDown", "deleted it to scale its node down",
            "NodeNotReady", "reported its node not ready");
    /** Event reasons on a Kubernetes node that explain the deletion of the Pods on it. */
    private static final Map<String, String> NODE_REASONS = Map.of(
            "ScaleDown", "scaled its node down",
            "NodeNotSchedulable", "cordoned its node",
            "NodeNotReady", "reported its node not ready",
            "RemovingNode", "removed its node",
            "DeletingNode", "deleted its node (gone from the cloud provider)");
    /**
     * {@code DisruptionTarget} reasons (lifecycle reference A2) of the components that set the condition and then delete
     * the Pod through the API: who, and what it did. {@code TerminationByKubelet} is left out: the kubelet deletes nothing.
     */
    private static final Map<String, List<String>> DISRUPTION_REASONS = Map.of(
            "EvictionByEvictionAPI", List.of("the Eviction API (kubectl drain, or another eviction client)", "evicted it"),
            "DeletionByTaintManager", List.of("the taint manager", "deleted it for a NoExecute taint on its node"),
            "PreemptionByScheduler", List.of("kube-scheduler", "preempted it for a higher-priority Pod"),
            "PreemptionByKubeScheduler", List.of("kube-scheduler", "preempted it for a higher-priority Pod"),
            "DeletionByPodGC", List.of(POD_GC, "deleted it (its node no longer exists)"),
            "DeletionByDeviceTaintManager", List.of("the device taint manager", "deleted it for a device taint"));

    /** Every deletion the records tell of, the most specific first: audit, then Pod events, then node events. */
    static List<Deletion> of(PodHistory pod) {
        List<Deletion> out = new ArrayList<>();
        for (AuditRecord a : pod.auditRecords()) {
            // Granted as the record shows: a delete or an eviction whose outcome the log does not hold (its RequestReceived record
            // alone: omitStages, a rotation, a grep) may have been refused (RBAC's 403, an eviction's 429 under a disruption budget,
            // a precondition's 409), and names no deleter nor a time of the deletion (session 49; its timeline row says so).
            boolean granted = a.granted();
            if (!"pods".equals(a.resource()) || !a.name().equals(pod.key().name()) || !granted) {
                continue;
            }
            if (OtherObjectDeletes.why(pod, a) != null) {
                continue; // another object's of the name (another cluster's, an earlier Pod's): this Pod's objects say so (session 46)
            }
            if (a.kubeletFinalDelete()) {
                continue; // the kubelet removing a Pod whose deletion was requested before: no deleter (DeletionBounds reads it as a bound)
            }
            if ("delete".equals(a.verb()) && a.subresource().isEmpty()) {
                out.add(new Deletion(a.user(), "deleted it", a.requestTime(), a, null, null));
            } else if ("create".equals(a.verb()) && "eviction".equals(a.subresource())) {
                out.add(new Deletion(a.user(), "evicted it", a.requestTime(), a, null, null));
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            boolean onPod = "Pod".equals(e.regarding().kind());
            String how = (onPod ? POD_REASONS : "Node".equals(e.regarding().kind()) ? NODE_REASONS : Map.<String, String>of()).get(e.reason());
            if (onPod && "Evicted".equals(e.reason()) && !"kubelet".equals(e.reportedBy())) {
                how = "evicted it"; // through the eviction API (a drain, an autoscaler): node pressure is the kubelet's
            }
            if (how != null) {
                out.add(new Deletion(e.reportedBy().isEmpty() ? "an unnamed component" : e.reportedBy(), how, e.first(), null, e, null));
            }
        }
        // The Pod's own DisruptionTarget condition: the component that deletes it through the API sets it just before (the
        // first export that shows it; the condition stays on the Pod).
        for (PodSnapshot s : pod.snapshots()) {
            Optional<PodCondition> target = s.conditions().stream().filter(c -> "DisruptionTarget".equals(c.type()) && "True".equals(c.status())
                    && c.lastTransitionTime() != null && DISRUPTION_REASONS.containsKey(c.reason())).findFirst();
            if (target.isPresent()) {
                List<String> whoHow = DISRUPTION_REASONS.get(target.get().reason());
                out.add(new Deletion(whoHow.get(0), whoHow.get(1), target.get().lastTransitionTime(), null, null, s));
                break;
            }
        }
        return out;
    }

    /**
     * Every deletion the records tell of, the one that says who deleted the Pod first: the earliest of the most specific kind that
     * deletes (an audit record, an Event the deleting component writes just before it deletes, the Pod's DisruptionTarget
     * condition), else the workflow controller's own delete as its cleanup worker logs it ({@link #controllerDelete}), else the Pod
     * garbage collector where the evidence implies it ({@link #podGcImplied}), else the earliest Event on
     * the Pod that deletes nothing (the kubelet's node-pressure eviction, the node controller's NodeNotReady: what ended or
     * surrounded the Pod), else on its node; then the others.
     */
    static List<Deletion> ordered(PodHistory pod, DeletionRequest deletion) {
        List<Deletion> all = new ArrayList<>(of(pod));
        Comparator<Deletion> byTime = Comparator.comparing(Deletion::at);
        Optional<Deletion> first = all.stream().filter(d -> d.audit != null).min(byTime)
                .or(() -> all.stream().filter(d -> d.event != null && "Pod".equals(d.event.regarding().kind()) && d.requestsDeletion()).min(byTime)
                        .map(d -> controllerBefore(pod, deletion, d)))
                .or(() -> all.stream().filter(d -> d.condition != null).min(byTime).map(d -> controllerBefore(pod, deletion, d)))
                .or(() -> Optional.ofNullable(controllerDelete(pod, deletion)))
                .or(() -> Optional.ofNullable(podGcImplied(pod, all)))
                .or(() -> all.stream().filter(d -> d.event != null && "Pod".equals(d.event.regarding().kind()) && !afterRequest(d, deletion)).min(byTime))
                .or(() -> all.stream().filter(d -> !afterRequest(d, deletion)).min(byTime));
        if (first.isEmpty()) {
            return all;
        }
        List<Deletion> out = new ArrayList<>(List.of(first.get()));
        all.stream().filter(d -> d != first.get()).forEach(out::add);
        return out;
    }

    /**
     * Session 62 breaker (s62-node gives a Pod its node's {@code NodeNotReady} up to five minutes after its last record): an Event that
     * deletes nothing, written more than a node's clock may be off after the deletion was requested (at the latest), neither ended
     * nor surrounded the Pod's end: a node reclaimed or scaled down minutes after its Pods were deleted. Listed, never named first
     * (else a Workflow's foreground deletion read "deleted by node-controller", and the step's disruption as another's).
     */
    static boolean afterRequest(Deletion d, DeletionRequest deletion) {
        return d.event != null && !d.requestsDeletion() && deletion != null && d.at != null
                && DeletionBounds.nodeClearlyBefore(deletion.notAfter().at(), d.at);
    }

    /**
     * The deleter a {@code DisruptionTarget} condition or a deleting component's Event names ({@code byRecord}), unless the workflow
     * controller's own delete came first ({@link #controllerTookFirst}; {@link DeletionBounds} then takes no bound from the record
     * either, so the deleter and the request's time agree).
     */
    private static Deletion controllerBefore(PodHistory pod, DeletionRequest deletion, Deletion byRecord) {
        if (controllerTookFirst(pod) == null) {
            return byRecord;
        }
        Deletion controller = controllerDelete(pod, deletion);
        return controller == null ? byRecord : controller;
    }

    /**
     * The workflow controller's own delete ({@code cleaning up pod action=deletePod}, or v4's {@code deletePodByUID}), where its
     * cleanup worker took it while the informer still held the Pod undeleted ({@link #undeletedWhenTaken}): then it was the first
     * delete, whatever a {@code DisruptionTarget} condition or a deleting component's Event says. Those date the component's status
     * patch or Event, which it sends before its delete, and its delete can lag: the Pod garbage collector's is throttled by its
     * client's rate limit, or fails and is sent again at its next pass, 20 s on (session 42, judgment seed 2107: PodGC's
     * {@code Failed} and condition at 15:38:15, Argo's pod GC {@code deletePod} of the node stored {@code Failed} 5 s later took
     * the Pod first). Only from the pod controller's lines (v3.6.5+); null without them, or where the first such delete came
     * after the Pod was seen deleting.
     */
    static LogEvent controllerTookFirst(PodHistory pod) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof ControllerEvent.PodCleanupStarted s
                    && (s.cleanup() == CleanupAction.DELETE_POD || "deletePodByUID".equals(s.action()))) {
                return undeletedWhenTaken(pod, e) ? e : null;
            }
        }
        return null;
    }

    /**
     * The Pod garbage collector, where nothing records the delete itself but the evidence implies it (lifecycle reference A2):
     * the controller found the Pod {@code Failed} while its main container had not terminated ({@code Pod phase was Failed but main
     * did not have terminated state}), a phase the kubelet never writes over a running container and PodGC writes on the Pods of a
     * Node that no longer exists right before deleting them with grace 0; or its node's Events show the Node itself deleted
     * ({@code DeletingNode}, {@code RemovingNode}), whose Pods only PodGC deletes. Null: neither. Not from the warning where the
     * Pod was being deleted before PodGC failed it ({@link #deletedBeforeFailed}): PodGC fails a Pod right before it deletes it,
     * so a deletion already under way was someone else's (a user's {@code kubectl delete} of a Pod stuck on a dead node, the
     * taint manager's NoExecute eviction once the node had been unreachable for its toleration, a Workflow's foreground
     * deletion), and PodGC's later delete of the Pod already being deleted only repeated it.
     */
    private static Deletion podGcImplied(PodHistory pod, List<Deletion> records) {
        LogEvent failed = podGcFailed(pod);
        if (failed != null) {
            return new Deletion(POD_GC, "failed it and deleted it (its node no longer exists; implied by the controller's \"Pod phase was Failed "
                    + "but " + ((dev.argoforensics.event.ControllerEvent.Signal) failed.event()).attribute("container")
                    + " did not have terminated state\")", failed.time(), null, null, null, failed);
        }
        return records.stream().filter(d -> d.event != null && "Node".equals(d.event.regarding().kind())
                        && ("DeletingNode".equals(d.event.reason()) || "RemovingNode".equals(d.event.reason())))
                .min(Comparator.comparing(Deletion::at))
                .map(d -> new Deletion(POD_GC, "deleted it (implied: its node was deleted, " + d.describe() + ", and the Pod garbage collector "
                        + "deletes the Pods of a node that no longer exists)", d.at, null, null, null, null))
                .orElse(null);
    }

    /**
     * The controller's warning that it found the Pod {@code Failed} while main had not terminated ({@code Pod phase was Failed but main
     * did not have terminated state}), read as the Pod garbage collector's {@code Failed}, which it patches right before deleting the
     * Pod with grace 0 in the same call ({@code markFailedAndDeletePodWithCondition}, k/k {@code pkg/controller/podgc}): the first such
     * line of the Pod instance, unless the Pod was being deleted before that ({@link #deletedBeforeFailed}: PodGC's delete then only
     * repeated an earlier one). Null: none.
     */
    static LogEvent podGcFailed(PodHistory pod) {
        LogEvent failed = ExecutionOrder.failedUnterminated(pod);
        return failed != null && !deletedBeforeFailed(pod, failed) ? failed : null;
    }

    /**
     * Whether the Pod was being deleted before the Pod garbage collector failed it, as the controller's warning ({@code failed})
     * tells it was: an export of the deleting Pod with a grace period (PodGC deletes with grace 0, and a later shorter grace
     * replaces a longer one, so a grace above 0 is an earlier deleter's); or the Pod changed ({@code update pod event}) after the
     * pod event handler first saw it deleting and before the warning (PodGC's {@code Failed} arriving later). Not the warning's
     * time against the deletion's: a Workflow worker reads the Pod when it next processes the Workflow, which lags behind the pod
     * event handler's sight of PodGC's delete when the workers are busy.
     */
    private static boolean deletedBeforeFailed(PodHistory pod, LogEvent failed) {
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() != null && s.deletionGracePeriodSeconds() != null && s.deletionGracePeriodSeconds() > 0) {
                return true;
            }
        }
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        if (sighting == null) {
            return false;
        }
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof ControllerEvent.PodInformerEvent p && p.action() == ControllerEvent.InformerAction.UPDATE
                    && EventOrder.before(sighting[0], e) && EventOrder.before(e, failed)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The workflow controller deleting the Pod itself, as its cleanup worker logs it ({@code cleaning up pod action=deletePod}: its
     * pod GC, a stop of a Pending Pod, an item queued for an earlier Pod of the same name, #8022; {@code deletePodByUID}: v4's
     * automatic restart), the first such line of this Pod instance logged no later than the deletion is known (within two clocks'
     * disagreement): a delete that came after the Pod was already being deleted deleted nothing. Not one logged after the
     * controller's warning that the Pod was {@code Failed} with main unterminated: the Pod garbage collector's, whose delete follows
     * its {@code Failed} at once. Null: none.
     */
    private static Deletion controllerDelete(PodHistory pod, DeletionRequest deletion) {
        LogEvent failed = ExecutionOrder.failedUnterminated(pod);
        for (LogEvent e : pod.events()) {
            if (!(e.event() instanceof ControllerEvent.PodCleanupStarted s)
                    || !(s.cleanup() == CleanupAction.DELETE_POD || "deletePodByUID".equals(s.action()))) {
                continue;
            }
            if (failed != null && EventOrder.after(e, failed) && !undeletedWhenTaken(pod, e)) {
                // The Pod garbage collector's Failed, which the warning read, comes with its grace-0 delete in the same call: a delete
                // the controller's pod GC queued once it had stored the node Failed (v3.6.16-v3.6.19, whose nodes are fulfilled by
                // their phase) came after the Pod was already being deleted (session 30, judgment seed 15).
                return null;
            }
            if (deletion != null && deletion.notAfter() != null
                    && e.time().instant().isAfter(deletion.notAfter().at().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
                return null;
            }
            return new Deletion(CONTROLLER, "deleted it (its cleanup worker's " + s.action() + " at " + e.time().format() + ")", e.time(), null,
                    null, null, e);
        }
        return null;
    }

    /**
     * Whether the pod controller's lines show the Pod still in the informer and not being deleted when the cleanup worker took
     * {@code item}: an informer event of the Pod before it (the pod package logs them from v3.6.5), no {@code delete pod event}
     * before it and no sight of its deletion ({@code Removing finalizers during a delete} on an add or update) before it. Then
     * the Pod garbage collector's delete had not come yet (throttled, or failed and sent again at its next pass, 20 s on; session
     * 33): the controller's own delete came first. Without the pod controller's lines nothing says so.
     */
    private static boolean undeletedWhenTaken(PodHistory pod, LogEvent item) {
        boolean inInformer = false;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof ControllerEvent.PodInformerEvent p && EventOrder.before(e, item)) {
                if (p.action() == ControllerEvent.InformerAction.DELETE) {
                    return false;
                }
                inInformer = true;
            }
        }
        LogEvent[] sighting = DeletionBounds.firstDeletingHandler(pod);
        return inInformer && (sighting == null || !EventOrder.before(sighting[0], item));
    }

    /** The workflow controller, deleting a Pod itself. */
    public static final String CONTROLLER = "the workflow controller";

    /** The workflow controller's own cleanup line says it deleted the Pod ({@link #controllerDelete}). */
    public boolean byController() {
        return CONTROLLER.equals(who) && line != null;
    }

    /**
     * The Pod garbage collector deleted the Pod, as a record says (its audit identity, the Pod's {@code DisruptionTarget}
     * {@code DeletionByPodGC}) or as the evidence implies ({@link #podGcImplied}): the Pod of a node that was lost.
     */
    public boolean podGc() {
        return POD_GC.equals(who) || POD_GC_USER.equals(who);
    }

    /** The Pod garbage collector inferred from the evidence ({@link #podGcImplied}): no audit record, Event or condition states it. */
    public boolean implied() {
        return POD_GC.equals(who) && audit == null && event == null && condition == null;
    }

    /** Event reasons on a Pod that the component writes just before it deletes the Pod through the API (or evicts it). */
    private static final java.util.Set<String> DELETING_POD_REASONS = java.util.Set.of("Preempted", "TaintManagerEviction", "ScaleDown");

    /**
     * The record says a delete (or eviction) request of the Pod came at about its time: an audit record of it, the Pod's
     * {@code DisruptionTarget} condition, or an Event the deleting component writes just before it deletes
     * ({@code TaintManagerEviction}, {@code Preempted}, {@code ScaleDown}, {@code Evicted} not by the kubelet). The kubelet's
     * own {@code Evicted} (node pressure) and {@code NodeNotReady} delete nothing.
     */
    public boolean requestsDeletion() {
        if (audit != null || condition != null) {
            return true;
        }
        if (event == null || !"Pod".equals(event.regarding().kind())) {
            return false;
        }
        return DELETING_POD_REASONS.contains(event.reason()) || ("Evicted".equals(event.reason()) && !"kubelet".equals(event.reportedBy()));
    }

    /** The garbage collector's own request (its service account, or the controller manager's identity), which deletes a deleted Workflow's Pods. */
    public boolean garbageCollector() {
        return WorkflowStanding.GARBAGE_COLLECTOR_USERS.contains(who);
    }

    /** "system:serviceaccount:kube-system:cluster-autoscaler evicted it at 2026-…". */
    public String describe() {
        return who + " " + how + " at " + at.format();
    }
}
