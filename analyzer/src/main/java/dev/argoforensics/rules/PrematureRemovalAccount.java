package dev.argoforensics.rules;

import dev.argoforensics.correlate.ContainersEnd;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.RemovalDeadline;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * What AF001 ({@link PrematureFinalizerRemoval}) says about one premature removal: which of its
 * sentences apply and with what values (the words are in en.yaml under {@code AF001}). The rule
 * decides; this class only assembles the summary and the explanation from what it decided.
 */
final class PrematureRemovalAccount {
    private PrematureRemovalAccount() {
    }

    static Message summary(PodHistory pod, LogEvent decisive, PodCleanupScheduled schedule, String phaseAt, NodeOutcome fin) {
        return Message.of("AF001.summary", "pod", pod.key().toString(), "at", decisive.time().format(),
                "delay", schedule == null ? Message.NOTHING : Message.of("AF001.summaryDelay", "delay", schedule.delayText()),
                "state", dev.argoforensics.correlate.ElidedNames.isElided(pod.key().name()) ? Message.of("AF001.stateUntied")
                        : phaseAt == null ? Message.of("AF001.stateUnpersisted") : Message.of("AF001.stateStill", "phase", phaseAt),
                "ending", fin == null ? Message.NOTHING : Message.of("AF001.ending", "phase", fin.phase(), "message", quoted(fin.message())));
    }

    /**
     * The headline where the releasing controller's worker took the item after the Pod had left its informer
     * ({@link PodLifecycle#goneBeforeTheWorker}): the release queued, the Pod gone, the worker's line after it, and no removal
     * time, since who removed the finalizer is not in the evidence.
     */
    static Message summaryGone(PodHistory pod, FinalizerRemoval removal, LogEvent gone, PodCleanupScheduled schedule, String phaseAt, NodeOutcome fin) {
        LogEvent queued = removal.scheduled() != null ? removal.scheduled() : removal.queued() != null ? removal.queued() : removal.decisive();
        return Message.of(removal.started() == null ? "AF001.summaryGoneNoWorker" : "AF001.summaryGone", "pod", pod.key().toString(), "queued", queued.time().format(),
                "delay", schedule == null ? Message.NOTHING : Message.of("AF001.summaryDelay", "delay", schedule.delayText()),
                "gone", gone.time().format(), "worker", removal.decisive().time().format(),
                "state", phaseAt == null ? Message.of("AF001.stateUnpersisted") : Message.of("AF001.stateStill", "phase", phaseAt),
                "ending", fin == null ? Message.NOTHING : Message.of("AF001.ending", "phase", fin.phase(), "message", quoted(fin.message())));
    }

    /**
     * The headline where no cleanup worker of the releasing run took the item while it could remove anything
     * ({@link FinalizerRemoval#unworked}): the release queued, why it was not taken, and no removal time.
     */
    static Message summaryNotTaken(PodHistory pod, FinalizerRemoval removal, String why, PodCleanupScheduled schedule, String phaseAt, NodeOutcome fin) {
        LogEvent queued = removal.scheduled() != null ? removal.scheduled() : removal.queued() != null ? removal.queued() : removal.decisive();
        return Message.of("AF001.summaryNotTaken", "pod", pod.key().toString(), "queued", queued.time().format(),
                "delay", schedule == null ? Message.NOTHING : Message.of("AF001.summaryDelay", "delay", schedule.delayText()),
                "why", why,
                "state", phaseAt == null ? Message.of("AF001.stateUnpersisted") : Message.of("AF001.stateStill", "phase", phaseAt),
                "ending", fin == null ? Message.NOTHING : Message.of("AF001.ending", "phase", fin.phase(), "message", quoted(fin.message())));
    }

    /** What shows that no worker of the releasing run took the item, in words (a fact's value and a clause of the account). */
    static String unworkedWords(FinalizerRemoval.Unworked u) {
        return switch (u.kind()) {
            case LEASE_LOST -> "its run lost the Lease at " + u.at().format() + " (" + u.where() + ", stopped leading) with no line of its cleanup worker "
                    + "taking the item before; its queue shut down with the context the run led on, and the process exited";
            case RUN_ENDED -> "its run ended with no line of its cleanup worker taking the item: the next process of the same controller starts at "
                    + u.at().format() + " in " + u.where() + ", and a process keeps no queue across a restart";
            case GONE_BEFORE -> "the Pod was seen gone at " + u.at().format() + " (" + u.where() + ", "
                    + (u.line() != null && u.line().event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowPodMissing
                            ? "its node's \"Workflow pod is missing\"" : "another controller run's \"delete pod event\"")
                    + ") while the log of the run that queued the item, read whole, went on past it with no line of its cleanup worker taking "
                    + "the item; a worker patches only a Pod its informer holds";
        };
    }

    static Message explain(PodHistory pod, PodLifecycle life, LogEvent decisive, PodCleanupScheduled schedule, NodeOutcome fin,
                           ContainersEnd end, LogEvent workers, LogEvent lastUpdate, RemovalDeadline recomputed, LogEvent lastProcessed,
                           boolean stalled) {
        FinalizerRemoval removal = life.release();
        List<Message> m = new ArrayList<>();
        LogEvent gone = life.goneBeforeTheWorker().orElse(null);
        dev.argoforensics.correlate.RunClocks.RunClock clock = life.releaseRunClock().orElse(null);
        // The delay is the deadline on the API server's clock minus the controller's now: a drifting controller clock shifts it.
        Long objectsDelay = clock == null || schedule == null ? null : schedule.delayNanos() - clock.driftNanos();
        FinalizerRemoval.Unworked unworked = gone == null && removal.started() == null ? removal.unworked() : null;
        if (unworked != null) {
            // No worker of the releasing run took the item while it could remove anything: the release was queued, nothing more.
            LogEvent queued = removal.scheduled() != null ? removal.scheduled() : removal.queued() != null ? removal.queued() : decisive;
            m.add(Message.of("AF001.explain.queuedNotTaken", "finalizer", PodSnapshot.STATUS_FINALIZER, "pod", pod.key().toString(),
                    "queued", queued.time().format(),
                    "because", removal.cause() == RemovalCause.POD_DELETED ? Message.of("AF001.explain.becauseDeleted") : Message.NOTHING,
                    "due", schedule == null ? Message.NOTHING : Message.of(schedule.delayNanos() > 0 ? "AF001.explain.dueLater" : "AF001.explain.dueAtOnce",
                            "delay", schedule.delayText()),
                    "why", unworkedWords(unworked)));
        } else if (gone != null) {
            // The worker came after the Pod had left the informer: the release was queued, and something else removed the finalizer.
            LogEvent queued = removal.scheduled() != null ? removal.scheduled() : removal.queued() != null ? removal.queued() : decisive;
            m.add(Message.of(removal.started() == null ? "AF001.explain.queuedGoneNoWorker" : "AF001.explain.queuedGone", "finalizer", PodSnapshot.STATUS_FINALIZER, "pod", pod.key().toString(),
                    "queued", queued.time().format(),
                    "because", removal.cause() == RemovalCause.POD_DELETED ? Message.of("AF001.explain.becauseDeleted") : Message.NOTHING,
                    "due", schedule == null ? Message.NOTHING : Message.of(schedule.delayNanos() > 0 ? "AF001.explain.dueLater" : "AF001.explain.dueAtOnce",
                            "delay", schedule.delayText()),
                    "gone", gone.time().format(), "goneLine", gone.source().toString(),
                    "worker", decisive.time().format(), "workerLine", decisive.source().toString()));
        } else {
            m.add(Message.of("AF001.explain.removed", "finalizer", PodSnapshot.STATUS_FINALIZER, "pod", pod.key().toString(), "at", decisive.time().format()));
            if (removal.cause() == RemovalCause.POD_DELETED) {
                m.add(Message.of("AF001.explain.becauseDeleted"));
            }
        }
        if (gone != null || unworked != null) {
            // told above, with its due time
        } else if (schedule != null && schedule.delayNanos() <= 0 && objectsDelay != null && objectsDelay > 0) {
            m.add(Message.of("AF001.explain.atOnceClockEarly", "passed", GoDuration.format(-schedule.delayNanos()), "delay", schedule.delayText(),
                    "clock", clockWords(clock), "left", GoDuration.format(objectsDelay)));
        } else if (schedule != null && schedule.delayNanos() <= 0) {
            m.add(Message.of("AF001.explain.atOnce", "passed", GoDuration.format(-schedule.delayNanos()), "delay", schedule.delayText()));
            if (objectsDelay != null) {
                m.add(Message.of("AF001.explain.atOnceClock", "clock", clockWords(clock), "passed", GoDuration.format(-objectsDelay)));
            }
        } else if (schedule != null) {
            m.add(Message.of("AF001.explain.waited", "delay", schedule.delayText()));
            if (objectsDelay != null) {
                m.add(Message.of(objectsDelay > 0 ? "AF001.explain.waitedClockAway" : "AF001.explain.waitedClockPassed", "clock", clockWords(clock),
                        "left", GoDuration.format(Math.abs(objectsDelay))));
            }
        } else if (removal.onDelete() != null && removal.queued() != null) {
            m.add(Message.of("AF001.explain.delayMissing"));
        }
        if (gone == null && unworked == null) {
            m.add(Message.of("common.stop"));
        }
        if (recomputed != null) {
            m.add(Message.of("AF001.explain.recomputed", "transition", recomputed.lastTransition().format(), "deadline", recomputed.deadline().format(),
                    "delay", GoDuration.format(recomputed.nanos()),
                    "agreement", Message.of(recomputed.agrees() ? "AF001.explain.recomputedAgrees" : "AF001.explain.recomputedDisagrees")));
        }
        Execution execution = life.execution();
        if (execution.state() == Execution.State.FINISHED_BEFORE) {
            m.add(Message.of("AF001.explain.finishedBefore", "reason", execution.reason()));
        } else if (end != null) {
            m.add(Message.of("AF001.explain.finishedWhenUnknown", "at", end.at().format(), "exits", end.exitSummary(), "reason", execution.reason()));
        }
        // Session 51: where no record names the deleter and a deletecollection of the namespace's Pods may have deleted it, said so.
        m.add(PossibleDeleterWords.of(life));
        boolean elided = dev.argoforensics.correlate.ElidedNames.isElided(pod.key().name());
        if (elided) {
            m.add(Message.of("AF001.explain.notTiedToNode"));
        } else {
            m.add(Message.of("AF001.explain.notPersisted",
                "state", life.phaseAtRelease() != null ? Message.of("AF001.explain.nodeStill", "phase", life.phaseAtRelease())
                        : Message.of("AF001.explain.noFulfilledState"),
                "lastUpdate", lastUpdate == null ? Message.NOTHING : Message.of("AF001.explain.lastUpdate", "at", lastUpdate.time().format())));
        }
        if (workers != null) {
            m.add(Message.of("AF001.explain.noWorkers"));
        }
        if (lastProcessed != null) {
            // With no removal time known, the idle time runs to the Pod's leaving the informer, by when the finalizer had gone.
            long idle = lastProcessed.time().nanosUntil((gone != null ? gone : decisive).time());
            m.add(Message.of(workers != null ? "AF001.explain.unprocessedToo" : "AF001.explain.unprocessed", "since", lastProcessed.time().format(),
                    "idle", GoDuration.format(idle), "until", Message.of(gone != null ? "AF001.explain.untilGone" : "AF001.explain.untilRemoval")));
        }
        if (workers != null || lastProcessed != null) {
            m.add(Message.of(stalled ? "AF001.explain.stalled" : "common.stop"));
        }
        if (fin != null) {
            m.add(Message.of("AF001.explain.ended", "phase", fin.phase(), "message", quoted(fin.message()),
                    "close", end != null && end.kubeletStop() != null ? Message.of("AF001.explain.kubeletStopped", "stop", end.kubeletStop(), "exits", end.exitSummary())
                            : Message.of(end != null && end.allZero() ? "AF001.explain.allExitedZero" : "common.stop")));
        }
        boolean clockEarly = schedule != null && schedule.delayNanos() <= 0 && objectsDelay != null && objectsDelay > 0;
        m.add(gone != null || unworked != null ? Message.of("AF001.explain.raceUnknown")
                : elided ? Message.of("AF001.explain.raceIfNotPersisted")
                : removal.cause() == RemovalCause.EITHER_BRANCH ? Message.of("AF001.explain.raceIfDeleted")
                : clockEarly ? Message.of("AF001.explain.raceClock", "clock", Message.of(clock.driftNanos() < 0 ? "AF001.clock.aheadShort"
                        : "AF001.clock.behindShort", "by", GoDuration.format(Math.abs(clock.driftNanos()))))
                : Message.of("AF001.explain.race"));
        return Message.sequence(m);
    }

    /** "3m30.4s ahead of the objects' clock (1 pair only (…))": the releasing run's clock against the exported objects'. */
    static Message clockWords(dev.argoforensics.correlate.RunClocks.RunClock clock) {
        long drift = clock.driftNanos();
        return Message.of(drift < 0 ? "AF001.clock.ahead" : "AF001.clock.behind", "by", GoDuration.format(Math.abs(drift)),
                "pairing", clock.pairing());
    }

    /**
     * Why a release whose handler branch an excerpt cannot tell is only possible: the missing handler line, the delay
     * both branches can give, what the Workflow's later reconciliation does and does not rule out, and what settles it.
     *
     * @param reconciled a Workflow worker's line about the Workflow after the release, or null
     */
    static Message eitherBranch(PodCleanupScheduled schedule, LogEvent reconciled) {
        return Message.of("AF001.reason.eitherBranch", "delay", schedule == null ? "?" : schedule.delayText(),
                "podGC", schedule == null || schedule.podGC() == null ? Message.of("AF001.reason.podGcUnlogged")
                        : Message.of("AF001.reason.podGcLogged", "podGC", schedule.podGC()),
                "reconciled", reconciled == null ? Message.NOTHING : Message.of("AF001.reason.reconciledAfter", "at", reconciled.time().format()));
    }

    private static Message quoted(String text) {
        return text == null || text.isEmpty() ? Message.NOTHING : Message.of("common.quoted", "text", text);
    }
}
