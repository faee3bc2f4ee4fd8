package dev.argoforensics.timeline;

import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.RemovalDeadline;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import java.util.Optional;
import java.util.Set;

/**
 * Entries that put two sources side by side: the controller's finalizer removal as one fact, the
 * removeFinalizer deadline recomputed from the Pod export against the logged delay, and the
 * containers' exit codes against the node's final phase.
 */
final class CrossChecks {
    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");

    private CrossChecks() {
    }

    /**
     * Each finalizer removal the controller's lines assemble into, right after its decisive line. The lifecycle's release whose
     * worker took the item after the Pod had left that controller's informer ({@link PodLifecycle#goneBeforeTheWorker}) removed
     * nothing: it is told as the item taken, not as a release.
     */
    static void removals(Entries out, PodHistory pod, PodLifecycle life) {
        for (FinalizerRemoval r : pod.removals()) {
            String delay = r.schedule().map(s -> ", delay=" + s.delayText()).orElse("");
            if (r == life.release() && life.removedWithLabel().isPresent()) {
                // Session 47: the controller's own labelling of the Pod being deleted removed the finalizer before this item ran.
                var gone = life.goneBeforeTheWorker().get();
                var label = life.removedWithLabel().get();
                out.derived(r.decisive(), "finalizer:not-removed", "status-capture finalizer NOT released by this item: its release was queued "
                        + "because " + cause(r, delay) + ", but before its cleanup worker took the item the controller labelled the Pod completed at "
                        + label.time().format() + " (" + label.source() + "), a patch that removes the finalizer with the label, and the Pod left "
                        + "this controller's informer at " + gone.time().format() + " (" + gone.source() + "): the finalizer went with the "
                        + "labelling, and this item patched nothing");
                continue;
            }
            if (r == life.release() && life.goneBeforeTheWorker().isPresent()) {
                var gone = life.goneBeforeTheWorker().get();
                out.derived(r.decisive(), "finalizer:not-removed", "status-capture finalizer NOT released by this controller: its release was queued "
                        + "because " + cause(r, delay) + ", but its cleanup worker took the item after the Pod had left this controller's informer at "
                        + gone.time().format() + " (" + gone.source() + "); it patches a Pod only as its informer holds it, so it removed "
                        + "nothing: the finalizer had gone before, removed by someone these inputs do not show");
                continue;
            }
            if (r == life.release() && life.stayedAfterTheWorker().isPresent() && !life.releaseShownRemoving()) {
                // Session 40: the same fact the finding reads (PodLifecycle#releaseShownRemoving): the worker's line is not the release.
                var st = life.stayedAfterTheWorker().get();
                out.derived(r.decisive(), "finalizer:not-shown-removed", "status-capture finalizer NOT shown released by this controller: its "
                        + "release was queued because " + cause(r, delay) + " and its cleanup worker took the item, but the Pod stayed in this "
                        + "controller's informer " + GoDuration.format(r.decisive().time().nanosUntil(st.until())) + " more, until "
                        + st.until().format() + (st.gone() != null ? " (" + st.gone().source() + ")" : " (the run's last line)") + ": the update "
                        + "that empties a deleted Pod's finalizers removes it at once, so the patch left something holding it (the finalizer, "
                        + "removed later by someone these inputs do not show, or a graceful deletion still under way)");
                continue;
            }
            if (r.started() == null && r.unworked() != null) {
                var u = r.unworked();
                String why = switch (u.kind()) {
                    case LEASE_LOST -> "its run lost the Lease at " + u.at().format() + " (" + u.where() + ") before any line of its cleanup worker "
                            + "taking the item, and its queue shut down with it";
                    case RUN_ENDED -> "its run ended before any line of its cleanup worker taking the item (the next process starts at "
                            + u.at().format() + " in " + u.where() + "), and its queue with it";
                    case GONE_BEFORE -> "the Pod was seen gone at " + u.at().format() + " (" + u.where() + ") while this run's log, read whole, "
                            + "went on with no line of its cleanup worker taking the item";
                };
                out.derived(r.decisive(), "finalizer:not-removed", "status-capture finalizer NOT released by this controller that its lines show: "
                        + "its release was queued because " + cause(r, delay) + ", but " + why + "; who removed the finalizer is not in these inputs");
                continue;
            }
            out.derived(r.decisive(), "finalizer:removed", "status-capture finalizer released by the controller: " + cause(r, delay));
        }
    }

    private static String cause(FinalizerRemoval r, String delay) {
        switch (r.cause()) {
            case POD_DELETED:
                return "the Pod was being deleted (pod event handler" + delay + ")";
            case ORPHANED:
                return "the Pod's Workflow was missing or being deleted (pod event handler" + delay + ")";
            case EITHER_BRANCH:
                return "the Pod being deleted, or its Workflow missing or being deleted: this excerpt lacks the handler's line that tells which "
                        + "(pod event handler" + delay + ")";
            case LEFT_INFORMER:
                return "the Pod had left the informer with the finalizer in its last view, so nothing was patched (pod event handler" + delay + ")";
            case AFTER_PERSIST:
                return "cleanup queued by the controller (after a Workflow update, or on the Workflow's deletion)";
            default:
                return "why is not logged (only the cleanup worker's line was found)";
        }
    }

    /** The deadline the pod event handler computed, recomputed from the latest export of the Pod, at the deadline's time. */
    static void removalDeadline(Entries out, PodHistory pod) {
        PodSnapshot latest = pod.latestSnapshot().orElse(null);
        for (FinalizerRemoval r : pod.removals()) {
            Optional<PodCleanupScheduled> schedule = r.schedule();
            Optional<RemovalDeadline> dl = RemovalDeadline.recompute(latest, schedule.orElse(null), r.scheduled());
            if (dl.isEmpty()) {
                continue;
            }
            RemovalDeadline d = dl.get();
            out.fact(d.deadline(), latest.source(), "check:removal-deadline", "removeFinalizer deadline recomputed from this export: latest "
                    + "condition transition " + d.lastTransition().format() + " + max(pod GC delay, 2m) = " + d.deadline().format()
                    + "; at the queuing line " + r.scheduled().source() + " that is a delay of " + GoDuration.format(d.nanos()) + ", which "
                    + (d.agrees() ? "agrees with" : "does NOT agree with") + " the logged delay=" + schedule.get().delayText(), false);
        }
    }

    /**
     * The lifecycle facts that join several sources: when the deletion was requested and how that is
     * known, whether the containers had finished by then, when the node's result was persisted (as the lifecycle shows it:
     * before the release, or by a labelling after it; without a release, when the lines show it), and what the Pod's leaving the informer was.
     */
    static void lifecycle(Entries out, PodLifecycle life) {
        DeletionRequest d = life.deletion();
        if (d != null) {
            // Placed at the request's one date where the evidence gives one (its row then states no second time), else where the deletion
            // had certainly been requested.
            Known at = d.dated() != null ? d.dated() : d.notAfter();
            String requested = d.dated() != null ? "deletion requested (" + d.dated().how() + ")" : "deletion requested " + d.describe();
            out.fact(at.at(), at.evidence(), "lifecycle:deletion-requested", requested
                    + (d.requestedBy() != null && !requested.contains(d.requestedBy()) ? " by " + d.requestedBy() : ""), false);
            Execution x = life.execution();
            String state = switch (x.state()) {
                case FINISHED_BEFORE -> "its containers had finished before the deletion was requested";
                case RUNNING -> "its main container was still running when the deletion was requested";
                case NEVER_SCHEDULED -> "no container of it ever started (never scheduled)";
                case MAIN_NEVER_STARTED -> "it was scheduled but its main container had not started when the deletion was requested";
                default -> "whether its containers had finished before the deletion is not established";
            };
            out.fact(at.at(), x.evidence() != null ? x.evidence() : at.evidence(), "lifecycle:execution",
                    state + ": " + x.reason() + (x.statedClock() ? " (an Event dated by a stated clock only)" : x.weak() ? " (from the controller's lines only)" : ""), false);
        }
        // The node's result persisted (the fact AF001 clears on, derived once in the lifecycle): not any Workflow update after the node
        // appeared, which may store it Pending or Running. Before the release when shown, else no later than a labelling after it.
        Known persisted = life.persisted();
        if (persisted != null) {
            // Without a release (none logged, or a controller before v3.6 and its finalizer) the fact stands on its own.
            String what = life.release() != null ? "the node's result persisted before the finalizer's release: " : "the node's result persisted: ";
            if (life.persistedLine() != null) {
                out.derived(life.persistedLine(), "lifecycle:result-persisted", what + persisted.how());
            } else {
                out.fact(persisted.at(), persisted.evidence(), "lifecycle:result-persisted", what + persisted.how(), false);
            }
        } else if (life.persistedAfter() != null) {
            LogEvent later = life.persistedAfter();
            out.derived(later, "lifecycle:result-persisted-by", "the node's result had been persisted by then, "
                    + (life.persistedShownAfterRelease() ? "after the finalizer's release"
                    : "by another controller run within what two clocks may disagree of the finalizer's release")
                    + (later.event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowUpdated
                    ? ": that run's pass changed the node to a completed phase from the Pod's status, and this update stored it"
                    : later.event() instanceof dev.argoforensics.event.ControllerEvent.EventRecorded
                    ? ": the controller records the node's event only after the Workflow update that stored that phase returned"
                    : ": the controller labels a Pod still in its informer completed only after persisting its node fulfilled"));
        }
        InformerExit exit = life.informerExit();
        if (exit != null && exit.kind() == InformerExit.Kind.LABELLED) {
            out.derived(exit.event(), "lifecycle:left-informer", "the Pod left the controller's informer because it "
                    + (exit.cause() != null ? "was labelled completed (" + exit.cause().source() + ")" : "left the watch's selector")
                    + (d != null && d.implied() ? ": this delete event is not the deletion, which no line shows (the Pod garbage collector's, implied above)"
                    : life.labelledWhileDeleted() ? ": its deletion had been requested before (the controller handled it), and the labelling's "
                    + "patch also removed its status-capture finalizer, so it left the cluster with that patch (or at the kubelet's final delete, "
                    + "if its containers were still stopping); this delete event is the watch's"
                    : ": it still exists; this delete event is no deletion"));
        }
    }

    /** The containers' exit codes (first export showing them all terminated) against the node's final phase. */
    static void exitCodes(Entries out, PodLifecycle life) {
        NodeOutcome outcome = life.outcome();
        if (outcome == null || outcome.time() == null || !COMPLETED.contains(outcome.phase()) || life.containers() == null) {
            return;
        }
        PodSnapshot finished = life.containers().snapshot();
        String node = "node ended " + outcome.phase() + (outcome.message() == null || outcome.message().isEmpty() ? "" : " (" + outcome.message() + ")");
        boolean succeeded = life.containers().succeeded();
        String codes = finished.exitCodeSummary() + " (" + finished.source() + ")";
        String verdict;
        if (outcome.daemonEnded()) {
            verdict = "agree: a daemon step's node ends Failed when its Pod ends (v3.7+, #14790), " + codes + ", and the " + node;
        } else if (outcome.controllerStop() != null) {
            // The controller failed the node itself as it stopped the Workflow, then signalled the containers: exit 0 after is no lost result.
            verdict = "agree: the controller failed the node as it stopped the Workflow (" + ("deadline".equals(outcome.controllerStop())
                    ? "its activeDeadlineSeconds passed" : "shutdown strategy " + outcome.controllerStop()) + ") and signalled its containers, "
                    + codes + ", and the " + node;
        } else if (life.containers().kubeletStop() != null && !"Succeeded".equals(outcome.phase())) {
            verdict = "agree: " + life.containers().kubeletStop() + ", " + codes + ", and the " + node;
        } else if (succeeded && !"Succeeded".equals(outcome.phase())) {
            // A Pod deleted while main ran, or with nothing ordering its end and its deletion, may have exited 0 on the deletion's
            // SIGTERM (a trap, a graceful shutdown): then no finished result was lost (review s26).
            Execution ex = life.execution();
            boolean deleted = PodLifecycle.podDeleted(outcome.message());
            String lost = deleted && ex != null && ex.state() == Execution.State.RUNNING
                    ? ": the Pod was deleted while main ran, so its exit 0 may be main's answer to the deletion's SIGTERM (AF007)"
                    : deleted && ex != null && ex.state() == Execution.State.UNDETERMINED
                    ? ": the Pod's result was lost, unless the deletion came while main ran (not established: " + ex.reason() + ")"
                    : ": the Pod's result was lost";
            verdict = "do NOT agree: every container exited 0, " + codes + ", yet the " + node + lost;
        } else if (!succeeded && "Succeeded".equals(outcome.phase())) {
            verdict = "do NOT agree: " + codes + ", yet the " + node;
        } else {
            verdict = "agree: " + codes + ", and the " + node;
        }
        out.fact(outcome.time(), outcome.source(), "check:exit-codes", "exit codes and final node phase " + verdict, false);
    }
}
