package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When a Pod's deletion was first requested, bounded as tightly as the evidence allows, and the
 * controller's first sight of it: the {@link DeletionRequest} of its lifecycle. The objects (audit
 * records, exports) speak first, with Kubernetes' graceful-deletion semantics; the controller's
 * lines bound the request only where their clock agrees with the objects'.
 */
final class DeletionBounds {
    /**
     * How long after the containers' end the kubelet's own grace-0 delete can still come: it is sent
     * once the containers are gone and their status written (seconds in practice). A grace-0
     * {@code deletionTimestamp} further from the end than this cannot be that delete's, so it is the
     * time of the request itself.
     */
    static final long KUBELET_FINAL_DELETE_NANOS = 60_000_000_000L;

    /**
     * How far two clocks may disagree: a container's {@code finishedAt} and a Killing Event are the
     * node's, {@code deletionTimestamp} and audit times the API server's, log times the controller's.
     * An order across clocks closer than this is not taken as shown.
     */
    static final long CROSS_CLOCK_NANOS = 10_000_000_000L;

    /**
     * How far a node's clock may be off the API server's where nothing checks it (session 52): a Pod export's times are partly its
     * kubelet's ({@link PodSnapshot#nodeWrittenLatest}: its containers' {@code startedAt}, {@code finishedAt}, the kubelet's conditions),
     * on the node's clock, which nothing read here checks against the API server's. The margin an unchecked clock gets elsewhere
     * ({@link ObservedAt#STATED_CLOCK_NANOS}, {@code OtherWorkflowDeletes} for a kubelet's or the controller's times in an export): a
     * node's time places nothing on the API server's clock closer than this. A node's clock off by more than this is not checked.
     * One margin for every reader of a node's times ({@link PodSnapshot#NODE_CLOCK_NANOS}).
     */
    static final long NODE_CLOCK_NANOS = PodSnapshot.NODE_CLOCK_NANOS;

    private DeletionBounds() {
    }

    /**
     * The earliest an export of a Pod can have been taken by the times the cluster wrote in it, on the API server's clock (session 52):
     * its latest time inside ({@link ObservedAt#notEarlierThan}) where the API server or a control-plane component wrote it; where that
     * time is its node's ({@link PodSnapshot#nodeWrittenLatest}), the later of that time less what a node's clock may be off
     * ({@link #NODE_CLOCK_NANOS}) and the cluster's own latest time in it ({@link PodSnapshot#clusterWrittenLatest}). Null where it
     * holds no time. A time only its file states is not read here ({@link ObservedAt#earliest}).
     */
    static Timestamp takenNoEarlierThan(PodSnapshot s) {
        Timestamp inside = s.observed() == null ? null : s.observed().notEarlierThan();
        if (inside == null) {
            return null;
        }
        Timestamp node = s.nodeWrittenLatest();
        if (node == null || node.instant().isBefore(inside.instant())) {
            return inside;
        }
        Timestamp cluster = s.clusterWrittenLatest();
        java.time.Instant moved = inside.instant().minusNanos(NODE_CLOCK_NANOS);
        if (cluster != null && !cluster.instant().isBefore(moved)) {
            return cluster;
        }
        return new Timestamp(moved, inside.precision(), inside.zone());
    }

    /**
     * The bounds on the first deletion request. The objects (audit records, exports) are read first:
     * their clock is the API server's. The controller's first sight of the deletion is an upper bound
     * too, unless it falls before what the objects show (its clock is then off, as logrus lines
     * written in local time with a literal Z are), and then the controller's times are not compared
     * with the objects' at all. {@code missing}: for a controller whose release logs no pod event (before v3.6.5), its first
     * {@code Workflow pod is missing} for the Pod's {@code Running} node, which shows the Pod gone from its informer by then
     * (null: none, or not such a controller). {@code labelled}: the controller's own {@code labelPodCompleted} of the Pod (run, else
     * queued), or null; where nothing else shows the deletion, a label after the Pod garbage collector's {@code Failed} leaves its
     * delete implied ({@link #podGcDeleteUnseen}).
     */
    static DeletionRequest of(PodHistory pod, ContainersEnd containers, InformerExit exit, LogEvent missing, RunClocks clocks, LogEvent labelled) {
        // An audit record of the first granted delete (or eviction) brackets the request: received, then completed.
        Known received = null;
        Known completed = null;
        String by = null;
        AuditRecord earliest = null;
        for (Deletion d : Deletion.of(pod)) {
            AuditRecord a = d.audit();
            if (a == null || (completed != null && !a.time().instant().isBefore(completed.at().instant()))) {
                continue;
            }
            String what = ("eviction".equals(a.subresource()) ? "eviction by " : "delete by ") + (a.user().isEmpty() ? "an unnamed user" : a.user());
            // The request is dated by its receipt wherever it is shown (AuditRecord#requestTime); its completion stays the upper bound.
            completed = new Known(a.time(), what + " (audit record, stage " + a.stage() + ")", a.source(), false);
            received = a.requestReceived() == null ? completed : new Known(a.requestReceived(), what + ", received by the API server (audit record)", a.source(), false);
            by = a.user().isEmpty() ? null : a.user();
            earliest = a;
        }
        if (earliest != null && !auditShowsFirst(pod, earliest, containers)) {
            // Session 42 breaker: the earliest delete an audit excerpt holds is the first request only where the excerpt shows it would
            // hold an earlier one. A Pod stuck Terminating is deleted again (kubectl delete --force, Kubernetes 1.33+ moving its
            // deletionTimestamp to that request); an excerpt that starts later, or keeps one user's records, holds only that repeat.
            // It still bounds the request from above: the first came before this one was received (the time every request is dated by).
            completed = received;
            received = null;
        }
        Known exact = received == null ? null : completed;
        Known upper = completed;
        Known lower = received;
        // The kubelet's own final delete (system:node:<node>) follows a request once the containers have stopped: the request came
        // no later than it was received, and it says nothing of how much earlier (an excerpt of the audit log may lack the request,
        // as a grep for "verb":"delete" drops an eviction).
        for (AuditRecord a : pod.auditRecords()) {
            if (a.kubeletFinalDelete() && a.effective() && a.name().equals(pod.key().name()) && OtherObjectDeletes.why(pod, a) == null) {
                upper = min(upper, new Known(a.requestReceived() != null ? a.requestReceived() : a.time(),
                        "the kubelet's final delete by " + a.user() + " (audit record), which follows the request", a.source(), false));
            }
        }
        Long grace = null;
        PodSnapshot firstDeleted = null;
        Known lastUndeleted = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() == null) {
                // The earliest it can have been taken: a time its file states is a user's clock, so the bound is that time less what
                // such a clock may be off, and a bound it gives is as weak as that clock (ObservedAt#earliest).
                // Session 53 review: not less a node's clock margin (#earliest(PodSnapshot)) here. This bound is one time for two uses:
                // against the API server's request and the controller's sighting, and against the containers' end (ExecutionOrder), often
                // the same node's clock, where a node's time orders without any margin (LifecycleBuilderTest: an export whose kubelet
                // condition is after main's end shows the end before the request). Moved a minute earlier, it lost that order; kept as
                // the node's time, a node ahead may make it disagree with the request the objects state, which drops it (nothing
                // tighter than the upper bound is claimed, never a wrong order). A bound on two clocks is left for a later session.
                ObservedAt.Bound taken = firstDeleted == null && s.observed() != null && s.deletionShown() ? s.observed().earliest() : null;
                if (taken != null) {
                    lastUndeleted = new Known(taken.at(), taken.stated() ? "an export its file states was taken at " + s.observed().time().format()
                            + " (on the clock of whoever took it, which may be off by " + GoDuration.format(ObservedAt.STATED_CLOCK_NANOS)
                            + ") shows no deletion" : "an export taken then shows no deletion", s.source(), false, taken.stated());
                }
            } else if (firstDeleted == null) {
                firstDeleted = s;
            }
        }
        boolean exactFromExport = false;
        Known inferred = null;
        Known lowerStated = null; // the lower bound before any grace-0 inference
        if (firstDeleted != null) {
            Timestamp ts = firstDeleted.deletionTimestamp();
            Long g = firstDeleted.deletionGracePeriodSeconds();
            if (g != null && g > 1) {
                grace = g;
                Timestamp requested = new Timestamp(ts.instant().minusSeconds(g), ts.precision(), ts.zone());
                Known k = new Known(requested, "deletionTimestamp " + ts.format() + " minus the grace period " + g + "s", firstDeleted.source(), false);
                upper = min(upper, k);
                lower = max(lower, k);
                exactFromExport = exact == null;
            } else {
                upper = min(upper, new Known(ts, g == null ? "deletionTimestamp" : "deletionTimestamp, grace period " + g + "s", firstDeleted.source(), false));
                // The kubelet's own grace-0 delete, which moves deletionTimestamp from Kubernetes 1.33 on, comes when it has stopped
                // the containers of a Pod being deleted: within moments of their end, and after a kill that ends main by a signal. A
                // Pod whose containers all completed with exit 0 long before a grace-0 deletionTimestamp was requested then.
                if (g != null && g == 0) {
                    grace = 0L;
                    // Session 53 review: the containers' end is the node's clock, the deletionTimestamp the API server's; the minute the
                    // kubelet's final delete is given ("seconds in practice") already holds the seconds two clocks of one cluster disagree
                    // by (CROSS_CLOCK_NANOS), and the inference only ever gives likely. A node's unchecked minute on top (session 52's
                    // branch) lowered three samples' likely where the evidence orders the end first, and without the inference a
                    // controller logging local time with a literal Z had its race cleared (PrematureFinalizerRemovalTest).
                    // Session 57: the end placed on the API server's clock by its node's clock where the Pod's records bound it
                    // (NodeClock: a node known behind puts the end later, closer to the timestamp); else as written, the minute already
                    // holding what two clocks disagree by (ContainersEnd#finalDeleteOrder).
                    if (containers != null && containers.allZero() && "Completed".equals(containers.mainReason())
                            && containers.finalDeleteOrder(ts).ordered()) {
                        // Session 40: say what this rests on. No object states it; a kubelet slow to tear the Pod down on 1.33+ breaks it.
                        inferred = new Known(ts, "deletionTimestamp with grace period 0s, " + GoDuration.format(containers.at().nanosUntil(ts))
                                + " after the containers completed with exit 0, read as the request (an inference: the kubelet's final delete usually "
                                + "comes within seconds of the end)",
                                firstDeleted.source(), false);
                        lowerStated = lower;
                        lower = max(lower, inferred);
                    }
                }
            }
        }
        // A component's condition or Event dates its status patch or Event, sent before its delete; where the controller's own delete
        // took the Pod first (Deletion.controllerTookFirst, session 42) it dates no request.
        boolean controllerFirst = Deletion.controllerTookFirst(pod) != null;
        if (upper != null && !controllerFirst) {
            // An eviction, a preemption or a taint manager's delete that an audit excerpt lacks (a grep for "verb":"delete" drops the
            // eviction's create): the component's own record, earlier than what the objects give, bounds the first request too.
            for (Deletion d : Deletion.of(pod)) {
                if (d.audit() == null && d.requestsDeletion() && d.at() != null && d.at().isBefore(upper.at())) {
                    upper = min(upper, new Known(d.at(), d.who() + " " + d.how() + " (" + (d.event() != null ? "its Event " + d.event().reason()
                            : "the Pod's DisruptionTarget condition") + ")", d.event() != null ? d.event().source() : d.condition().source(), false));
                }
            }
        }
        if (upper == null && !controllerFirst) {
            // No audit record and no export of the deletion: the deleting component's own record (an Event it writes just before deleting, the Pod's
            // DisruptionTarget condition) dates the request on the API server's clock, to its second.
            for (Deletion d : Deletion.of(pod)) {
                if (d.audit() == null && d.requestsDeletion() && d.at() != null) {
                    Known k = new Known(d.at(), d.who() + " " + d.how() + " (" + (d.event() != null ? "its Event " + d.event().reason()
                            : "the Pod's DisruptionTarget condition") + ")", d.event() != null ? d.event().source() : d.condition().source(), false);
                    upper = min(upper, k);
                    lower = max(lower, k);
                }
            }
        }
        if (lastUndeleted != null && (lower == null || lastUndeleted.at().isAfter(lower.at()))) {
            lower = lastUndeleted;
        }
        LogEvent[] sighting = firstDeletingHandler(pod);
        LogEvent firstSeen = sighting == null ? null : sighting[0];
        boolean logsAgree = true;
        ClockSkew skew = null;
        List<Known> fromLogs = new ArrayList<>();
        Map<Known, Integer> streamOf = new HashMap<>();
        if (firstSeen != null) {
            fromLogs.add(new Known(firstSeen.time(), "the controller handled the deletion", firstSeen.source(), true));
            streamOf.put(fromLogs.get(fromLogs.size() - 1), firstSeen.stream());
        }
        if (exit != null && exit.kind() == InformerExit.Kind.REMOVED) {
            fromLogs.add(new Known(exit.event().time(), "the Pod left the controller's informer", exit.event().source(), true));
            streamOf.put(fromLogs.get(fromLogs.size() - 1), exit.event().stream());
        }
        if (missing != null) {
            fromLogs.add(new Known(missing.time(), DeletionRequest.MISSING_FROM_INFORMER, missing.source(), true));
            streamOf.put(fromLogs.get(fromLogs.size() - 1), missing.stream());
        }
        if (inferred != null && lower == inferred) {
            // Session 40: the controller saw the deletion well before the grace-0 deletionTimestamp taken for the request. That contradicts
            // the inference (the request came earlier; the timestamp is the kubelet's final delete, 1.33+), not the controller's clock,
            // unless a pair of facts shows that clock off by enough to explain it.
            for (Known k : fromLogs) {
                if (k.at().comparable(inferred.at()) && k.at().instant().plusNanos(CROSS_CLOCK_NANOS).isBefore(inferred.at().instant())) {
                    ClockSkew measured = ClockSkew.of(pod, k, inferred, clocks.of(streamOf.get(k)), streamOf.get(k));
                    boolean clockExplains = measured.offsetNanos() != null && !k.at().instant().plusNanos(measured.offsetNanos())
                            .plusNanos(CROSS_CLOCK_NANOS).isBefore(inferred.at().instant());
                    if (!clockExplains) {
                        lower = lowerStated;
                        break;
                    }
                }
            }
        }
        for (Known k : fromLogs) {
            if (lower != null && k.at().comparable(lower.at()) && k.at().instant().plusNanos(CROSS_CLOCK_NANOS).isBefore(lower.at().instant())) {
                logsAgree = false; // the controller cannot have seen the deletion before it was requested: its clock is off
                skew = skew != null ? skew : ClockSkew.of(pod, k, lower, clocks.of(streamOf.get(k)), streamOf.get(k));
            }
        }
        if (logsAgree) {
            for (Known k : fromLogs) {
                if (lower == null || !k.at().isBefore(lower.at())) {
                    upper = min(upper, k); // a bound no earlier than what the objects show; an earlier one is the clocks' difference
                }
            }
        }
        if (upper == null && skew != null) {
            // Only the controller saw the deletion, on a clock that disagrees with the objects': the deletion is no less
            // shown. Its sighting bounds the request on the objects' clock where a pair of facts gives the offset; else
            // on its own clock only, which orders it with no object.
            Known moved = skew.seenOnObjectsClock();
            upper = moved != null && (lower == null || !moved.at().isBefore(lower.at())) ? moved : skew.seen();
        }
        if (upper == null) {
            Known implied = podGcDeleteUnseen(pod, exit, labelled, lower);
            return implied == null ? null : DeletionRequest.impliedByPodGc(implied);
        }
        if (lower != null && lower.at().isAfter(upper.at())) {
            lower = null; // the objects disagree among themselves: keep the upper bound only
        }
        return new DeletionRequest(lower, upper, exact != null || exactFromExport, grace, firstSeen, by, logsAgree, lower != null && lower == inferred,
                skew, false);
    }

    /**
     * Where {@code s} is the Pod the API server returned to the Pod's first deletion request (session 55), already finished: what it
     * shows, in words; else null. One clock, the API server's: a {@code delete} audited at level {@code RequestResponse} logs the
     * object as that request stored it ({@link dev.argoforensics.snapshot.EventDecoder#responsePod}), its status as the kubelet had
     * last written it before the API server acted on the request. A scheduled Pod ({@code spec.nodeName}) in a terminal phase, every
     * container terminated with a {@code finishedAt} the kubelet wrote, and the grace period 0 the API server forces on a Pod it holds
     * terminal (lifecycle reference A1, {@code CheckGracefulDelete}) had finished when that request came, whatever the node's clock:
     * the kubelet reports an end a second or two after it, never before. Read only where the request is the first: the record is the
     * one {@link #of} took for the first request, shown first ({@link DeletionRequest#exact}, {@link #auditShowsFirst}), its returned
     * {@code deletionTimestamp} at that request's own time (a Pod already being deleted keeps the earlier request's, Kubernetes
     * 1.33+ moves it only to a later, shorter request's time), and not the kubelet's own final delete (it follows a request).
     *
     * <p>Not read, and why (negative controls in {@code TerminalAtFirstDeleteTest}): a Pod returned running (a forced grace-0 delete of
     * a running Pod, or one whose end the kubelet had not reported yet: the report lag reads as running, never as finished); a later
     * delete's returned Pod (the kubelet's final grace-0 delete after a graceful one, a user's second delete); the Pod garbage
     * collector's delete of a lost node's Pod (it patches {@code Failed} first, the containers stay as the kubelet last reported
     * them, running); an unscheduled Pod (grace 0 for want of a node: no container ran). An export of the deleted Pod taken later
     * with grace 0 at the request's second is not this: up to Kubernetes 1.32 the kubelet's final grace-0 delete after a graceful
     * one moves {@code deletionTimestamp} back to the request's second too (A1, "Recovering T0"), no evidence read gives the API
     * server's version, and a {@code Metadata}-level record shows neither the phase nor the grace the request asked for.
     */
    static String terminalAtFirstDelete(PodHistory pod, PodSnapshot s, DeletionRequest deletion) {
        // Session 55 breaker: the controller that saw the Pod being deleted clearly before this request (logsAgree false) saw an earlier
        // request the audit log given lacks (another API server's log, a policy's level None), or runs on a clock that is off; on
        // Kubernetes 1.33+ a later delete of a Pod the kubelet has just reported terminal returns exactly this Pod (the grace forced to
        // 0, shorter than the stored one, moves deletionTimestamp to its own second: lifecycle reference A1). Not read then.
        if (deletion == null || !deletion.exact() || !deletion.logsAgree() || deletion.notBefore() == null || deletion.implied() || s.deletionTimestamp() == null
                || s.nodeName() == null || s.nodeName().isEmpty() || !s.terminal() || s.deletionGracePeriodSeconds() == null
                || s.deletionGracePeriodSeconds() != 0) {
            return null;
        }
        AuditRecord returnedBy = null;
        AuditRecord first = null;
        for (AuditRecord a : pod.auditRecords()) {
            if (a.source().equals(s.source())) {
                returnedBy = a;
            }
            if (a.source().equals(deletion.notBefore().evidence())) {
                first = a;
            }
        }
        if (returnedBy == null || first == null || !"delete".equals(returnedBy.verb()) || !"pods".equals(returnedBy.resource())
                || !returnedBy.subresource().isEmpty() || returnedBy.kubeletFinalDelete() || !returnedBy.granted()
                || !returnedBy.name().equals(pod.key().name()) || returnedBy.requestReceived() == null
                || !returnedBy.auditId().equals(first.auditId()) || !returnedBy.sameRequest().equals(first.sameRequest())) {
            return null;
        }
        // Grace 0 sets deletionTimestamp to the request's own time (whole seconds): from the second it was received to its completion.
        java.time.Instant received = returnedBy.requestReceived().instant();
        java.time.Instant ts = s.deletionTimestamp().instant();
        Timestamp done = returnedBy.time();
        if (ts.isBefore(received.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)) || ts.isAfter(done.windowEnd())) {
            return null;
        }
        // Session 55 breaker: the controller sees a deletion through its watch, after the API server received the request. Its first
        // sighting before this request's receipt, even by less than the 10 s the model lets its clock be off (so its lines "agree"), is
        // an earlier request or a clock it cannot tell from one: a forced delete seconds after a graceful one, the containers ended on
        // the first's SIGTERM, returns this same Pod on 1.33+. Not read then (a controller's clock a little behind costs the reading).
        // Session 55 breaker: a deletecollection of the namespace's Pods that may have selected this one (PodRecords#byCollection gives
        // the Pod only those its selectors and span do not exclude) names no Pod, so it is no delete of the name (Deletion#of); received
        // before this request, it may have been the first request to delete the Pod, and this one a later delete of a Pod its SIGTERM ended.
        for (AuditRecord a : pod.auditRecords()) {
            if (a.deletesPodCollection() && a.effective() && a.requestTime() != null && a.requestTime().instant().isBefore(received)) {
                return null;
            }
        }
        LogEvent seen = deletion.firstSeen();
        if (seen != null && seen.time() != null && seen.time().comparable(returnedBy.requestReceived())
                && seen.time().windowEnd().isBefore(received)) {
            return null;
        }
        List<String> ends = new ArrayList<>();
        boolean any = false;
        for (dev.argoforensics.snapshot.ContainerState c : s.containers()) {
            if (c.init()) {
                continue;
            }
            if (!c.terminated() || c.finishedAt() == null) {
                return null;
            }
            any = true;
            ends.add(c.name() + " exit " + (c.exitCode() == null ? "?" : c.exitCode()) + " at " + c.finishedAt().format());
        }
        // Session 55 breaker: "every container" is every container the Pod has, main included; a status list without main (a lost node's
        // kubelet that reported wait's end only, PodGC's Failed over it) says nothing of main's end.
        if (!any || PodLifecycle.main(s) == null || s.trimmed().hides("status", "containerStatuses")) {
            return null;
        }
        // Session 55 breaker: the executor's wait ends after main unless it is signalled (it waits for main, then saves its outputs; it
        // traps SIGTERM and exits: lifecycle reference A2). Both ends are the same kubelet's, on one clock: wait ended before main is a
        // deletion's SIGTERM before main's end, so an earlier request than this one, which the audit log given lacks.
        dev.argoforensics.snapshot.ContainerState main = PodLifecycle.main(s);
        for (dev.argoforensics.snapshot.ContainerState c : s.containers()) {
            if (!c.init() && "wait".equals(c.name()) && c != main && c.finishedAt() != null
                    && c.finishedAt().instant().isBefore(main.finishedAt().instant())) {
                return null;
            }
        }
        return "the API server returned the Pod to " + (returnedBy.user().isEmpty() ? "an unnamed user" : returnedBy.user()) + "'s delete received at "
                + returnedBy.requestReceived().format() + " (the first request; audit record at level RequestResponse) already " + s.phase()
                + ", every container terminated (" + String.join(", ", ends) + "), and gave the deletion grace 0, which it gives a "
                + "scheduled Pod only when it holds it finished: the kubelet had reported the end before the request, on the API server's "
                + "own clock, whatever the node's";
    }

    /**
     * Whether the audit records show that {@code delete}, the earliest delete or eviction of the Pod they hold, was its first: they hold
     * a record of the Pod by another user (its creation by the controller, the scheduler's binding, the kubelet's status writes) more
     * than two clocks may disagree before the containers ended ({@code containers}; else before the delete), so the log ran then and
     * was not cut to the deleter's requests, and a request while the containers still ran would be in it. An audit log holds what its
     * policy, its retention and the user's filter left: one delete alone is a delete, not the first (the Pod's deletionTimestamp, on
     * Kubernetes 1.33+ moved to a later shorter-grace request's time, does not tell either).
     */
    static boolean auditShowsFirst(PodHistory pod, AuditRecord delete, ContainersEnd containers) {
        boolean nodeClock = containers != null && containers.at() != null;
        Timestamp ref = nodeClock ? containers.at() : delete.requestReceived() != null ? delete.requestReceived() : delete.time();
        for (AuditRecord a : pod.auditRecords()) {
            if (a == delete || a.time() == null || !"pods".equals(a.resource()) || !a.name().equals(pod.key().name())
                    || a.user().equals(delete.user()) || !a.time().comparable(ref)) {
                continue;
            }
            // Session 52: the containers' end is the node's clock; another record's time is before it only by more than that clock may
            // be off too. The Pod's own create precedes its containers whatever the clocks say, and is read as before, as is the
            // scheduler's binding (before the kubelet starts anything). Session 53 breaker: an eviction is a create too (of
            // pods/eviction: a drain's, refused by a PodDisruptionBudget, any time), and is no more before the end than a status patch.
            boolean beforeContainers = "create".equals(a.verb()) && (a.subresource().isEmpty() || "binding".equals(a.subresource()));
            long margin = nodeClock && !beforeContainers ? NODE_CLOCK_NANOS : 0;
            if (a.time().windowEnd().plusNanos(CROSS_CLOCK_NANOS + margin).isBefore(ref.instant())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The Pod garbage collector's delete of a Pod the controller had labelled completed, which nothing shows (session 32; Argo v3.6.19
     * {@code workflow/controller/pod_cleanup.go} {@code queuePodsForCleanup}, {@code pod/cleanup.go} {@code determinePodCleanupAction},
     * {@code pod/controller.go} {@code newWorkflowPodWatch}): the controller read PodGC's {@code Failed} over a running main (its
     * warning, {@link Deletion#podGcFailed}), recorded the node {@code Failed} (a node fulfilled by its phase, v3.6.16-v3.6.19; from
     * v3.7.1 only a node whose task result needs no syncing, a daemon's) and, with no pod GC strategy that deletes, queued
     * {@code labelPodCompleted}. The label takes the Pod out of the informer's {@code completed=false} watch, so where it came before
     * PodGC's delete reached the informer the {@code delete pod event} is the label's and the delete is never seen. PodGC sends its
     * grace-0 delete right after its {@code Failed} patch, in the same call ({@code markFailedAndDeletePodWithCondition}, k/k
     * {@code pkg/controller/podgc/gc_controller.go}; a failed delete is retried on its next pass while the Node stays gone): about when
     * the controller read that {@code Failed}, not a bound a record states. Argo's own pod GC never deletes a Pod it labelled (the
     * label is its "never to be deleted" action, and a labelled Pod leaves the informer its queue is fed from). Not where the label
     * came before the warning (a labelled Pod is no longer in the informer the worker reads: not this Pod's), where no label explains the
     * missing delete event, or where an export shows the Pod not deleted clearly after the warning. Null: none of it.
     */
    private static Known podGcDeleteUnseen(PodHistory pod, InformerExit exit, LogEvent labelled, Known undeletedUntil) {
        LogEvent failed = Deletion.podGcFailed(pod);
        if (failed == null) {
            return null;
        }
        LogEvent label = exit == null ? labelled : exit.kind() == InformerExit.Kind.LABELLED ? exit.cause() : null;
        if (label == null || !EventOrder.before(failed, label)) {
            return null;
        }
        if (undeletedUntil != null && failed.time().comparable(undeletedUntil.at()) && clearlyBefore(failed.time(), undeletedUntil.at())) {
            return null;
        }
        return new Known(failed.time(), "the Pod garbage collector's grace-0 delete, which it sends right after the Failed the controller read then "
                + "(\"Pod phase was Failed but main did not have terminated state\"), in the same call; the controller's own labelPodCompleted ("
                + label.time().format() + ") took the Pod out of its informer, so no delete event shows the delete", failed.source(), true);
    }

    /** The earlier bound; of two the sources cannot order, the first (the more exact, by the order of the calls). */
    private static Known min(Known a, Known b) {
        return a == null || b.at().isBefore(a.at()) ? b : a;
    }

    /** The later bound; of two the sources cannot order, the first. */
    private static Known max(Known a, Known b) {
        return a == null || b.at().isAfter(a.at()) ? b : a;
    }

    /** Certainly before, by more than two clocks can disagree. */
    static boolean clearlyBefore(Timestamp a, Timestamp b) {
        return a.windowEnd().plusNanos(CROSS_CLOCK_NANOS).isBefore(b.instant());
    }

    /**
     * Certainly before, where one of the two is a node's time (its kubelet's: a container's {@code startedAt} or {@code finishedAt},
     * a kubelet condition's transition) and the other is on another clock (the API server's: an audit time, {@code deletionTimestamp},
     * a control-plane component's condition or Event; the controller's: a log line): by more than the node's clock may be off
     * ({@link #NODE_CLOCK_NANOS}), which nothing read checks (session 54, {@link ExecutionOrder}'s list of node-against-other orders).
     * Two times of the same node's clock are ordered by {@link #clearlyBefore}.
     */
    static boolean nodeClearlyBefore(Timestamp a, Timestamp b) {
        return a.windowEnd().plusNanos(NODE_CLOCK_NANOS).isBefore(b.instant());
    }

    /**
     * The pod event handler's first sight of the Pod's deletion: its first {@code Removing finalizers
     * during a delete} (whether or not a removal was assembled from it: a delayed removal item queued
     * again by each later event runs once), and the informer event it ran on, in the same stream. A
     * handler run on a {@code delete pod event} is no sight of a deletion (the Pod left the informer).
     *
     * @return {handler line, trigger (null if not logged)}, or null
     */
    static LogEvent[] firstDeletingHandler(PodHistory pod) {
        Map<Integer, LogEvent> lastInformer = new HashMap<>();
        LogEvent[] first = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent) {
                lastInformer.put(e.stream(), e);
            } else if (e.event() instanceof FinalizersOnDelete) {
                LogEvent trigger = lastInformer.get(e.stream());
                boolean deleting = trigger == null || ((PodInformerEvent) trigger.event()).action() != InformerAction.DELETE;
                // Files come in input order, not time order: the earliest sighting of any controller run.
                if (deleting && (first == null || e.time().instant().isBefore(first[0].time().instant()))) {
                    first = new LogEvent[] {e, trigger};
                }
            }
        }
        return first;
    }
}
