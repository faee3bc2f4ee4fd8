package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.rules.FinalizerStuck.Attempt;
import dev.argoforensics.rules.FinalizerStuck.Held;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.List;

/** AF004's finding for one Pod: what shows the finalizer held, the controller's last attempt, and what it says. */
final class FinalizerStuckFinding {
    private FinalizerStuckFinding() {
    }

    /**
     * @param downSince where every run of the Pod's controller stopped before the release was due and none came back: the last line, else null
     * @param untimed   the controller's release where it is known to have no timed release of a deleted Pod's finalizer (by its
     *                  runs' banners, else by the export's executor image), else null
     * @param namesake  the release on the controller's return that would clear the hold but gives a deadline not the held export's
     *                  ({@link FinalizerStuck.Restart#otherDeadline}), else null
     * @param laterExit a Pod of the name leaving the informer after the export whose deadline is not this Pod's, else null
     * @param onlyStandbys where the Pod's replicas only stood by between the due time and the export (session 49): their last line
     *                  before and the stand-bys, else null
     */
    static Finding of(FinalizerStuck rule, Correlation correlation, PodHistory pod, Held held, Attempt attempt, Timestamp downSince,
                      FinalizerStuck.Untimed untimed, FinalizerStuck.Restart namesake, FinalizerStuck.Silence onlyStandbys,
                      FinalizerStuck.LaterExit laterExit, Message goneUndecided) {
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        Timestamp due = held != null ? held.due() : attempt.due();
        if (held != null) {
            facts.add(new Fact("deletionRequestedAt", "Deletion requested no later than", held.requested().format()));
        }
        facts.add(new Fact("releaseDueAt", "Release due at", due.format()));
        if (held != null) {
            facts.add(new Fact("stillHeldAt", "Finalizer still on at", held.snapshot().observed().time().format()));
            facts.add(new Fact("heldPastDue", "Held past the release", (held.snapshot().observed().lowerBound() ? "at least " : "")
                    + GoDuration.format(held.nanos())));
            cite.pod(held.snapshot(), "exported Pod: deleted, finalizer still on");
        }
        if (attempt != null) {
            cite.line(attempt.onDelete(), "Pod deletion handled while it had the finalizer");
            cite.line(attempt.scheduled(), "removal scheduled");
            cite.line(attempt.started(), "cleanup worker takes the removal");
            cite.line(attempt.failed(), "the removal failed");
            facts.add(new Fact("lastAttempt", "Controller's last attempt", Words.english().render(outcome(attempt))));
            if (attempt.failed() != null) {
                facts.add(new Fact("cleanupError", "Cleanup error", ((PodCleanupFailed) attempt.failed().event()).error()));
            }
            facts.add(new Fact("logsGoOnUntil", "Logs go on until", attempt.logsEnd().format()));
        }
        Confidence confidence;
        Message reason;
        if (held != null && downSince != null && (attempt == null || attempt.failed() == null)) {
            // Session 50: as with only standbys after the due time (below), no run of the Pod's controller is shown that could release
            // it: the hold is the export's fact, but a log that ends is not a controller that stopped (its later lines not collected,
            // and it kept the finalizer) nor one that ran on; "held while no controller ran" is AF004's look-alike. Not decided: possible.
            facts.add(new Fact("controllerLastLine", "Controller's last line before the release was due", downSince.format()));
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF004.reason.exportShowsHeldControllerDown", "held", GoDuration.format(held.nanos()), "last", downSince.format());
        } else if (held != null && downSince != null) {
            facts.add(new Fact("controllerLastLine", "Controller's last line before the release was due", downSince.format()));
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF004.reason.exportShowsHeldControllerDown", "held", GoDuration.format(held.nanos()), "last", downSince.format());
        } else if (held != null) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF004.reason.exportShowsHeld", "held", GoDuration.format(held.nanos()));
        } else if (attempt.failed() != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF004.reason.removalFailed");
        } else {
            confidence = Confidence.POSSIBLE;
            // Session 55: an export without the finalizer that clears nothing says why (not tied to this Pod, another's hand after).
            reason = goneUndecided != null ? Message.of("AF004.reason.notGoneUndecided", "why", goneUndecided) : Message.of("AF004.reason.notGone");
        }
        if (held != null && held.stated() && confidence == Confidence.CONFIRMED) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF004.reason.stated", "reason", reason, "at", held.snapshot().observed().time().format(),
                    "off", GoDuration.format(ObservedAt.STATED_CLOCK_NANOS));
        }
        if (held != null && held.hidden() != null) {
            // The export was cut where the release's delay stands (session 41 breaker): the due time is only the earliest it can be.
            // The controller's own failed removal still says what it says; the export alone decides nothing.
            Message cut = Message.of("AF004.reason.dueHidden", "field", held.hidden(), "due", held.due().format(), "trimmed",
                    held.snapshot().trimmed().describe());
            if (attempt != null && attempt.failed() != null) {
                confidence = Confidence.LIKELY;
                reason = Message.of("AF004.reason.failedDueHidden", "cut", cut);
            } else {
                confidence = Confidence.POSSIBLE;
                reason = cut;
            }
        }
        if (held != null && namesake != null && (attempt == null || attempt.failed() == null)) {
            // Session 48: held while no run of its controller was logging, and the run after released a Pod of its name whose deadline
            // is not this Pod's: another Pod of the name, or this one's conditions changed. Whether it was held while a controller ran
            // (the one that made the namesake, whose logs are not given) is not shown.
            dev.argoforensics.event.ControllerEvent.PodCleanupScheduled s =
                    (dev.argoforensics.event.ControllerEvent.PodCleanupScheduled) namesake.otherDeadline().event();
            Timestamp at = namesake.otherDeadline().time();
            Timestamp logged = new Timestamp(at.instant().plusNanos(s.delayNanos()), at.precision(), at.zone());
            cite.line(namesake.otherDeadline(), "a Pod of the name scheduled for release on the return, its deadline not this Pod's");
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF004.reason.namesakeRelease", "held", GoDuration.format(held.nanos()), "last", namesake.lastBefore().format(),
                    "next", namesake.nextStart().format(), "at", namesake.worker().time().format(), "logged", logged.format(),
                    "delay", GoDuration.format(s.delayNanos()), "exported", exportedDeadline(held));
        }
        Message standbys = held != null && onlyStandbys != null ? standbys(onlyStandbys) : null;
        if (standbys != null) {
            facts.add(new Fact("controllerLastLine", "Controller's last line before the release was due", onlyStandbys.lastBefore().format()));
            facts.add(new Fact("onlyStandbys", "Only standing by after it", Words.english().render(standbys)));
            for (FinalizerStuck.Standby sb : onlyStandbys.standbys()) {
                cite.line(sb.stoodBy().named() != null ? sb.stoodBy().named() : sb.stoodBy().first(), "a replica that logged the Pod standing by");
            }
        }
        if (standbys != null && (attempt == null || attempt.failed() == null)) {
            // Session 49: a standby runs no pod controller (main.go starts it from OnStartedLeading): the release was the Lease holder's,
            // whose log is not given (or none led). Neither that a running controller kept the finalizer nor that none could release it
            // is shown.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF004.reason.onlyStandbys", "held", GoDuration.format(held.nanos()), "last", onlyStandbys.lastBefore().format(),
                    "standbys", standbys);
        }
        if (held != null && laterExit != null && (attempt == null || attempt.failed() == null)) {
            // Session 49: the Pod of the name that left the informer after the export is not shown to be this one (its deadline is
            // another's): when this Pod's finalizer went, and what held it, is not shown.
            dev.argoforensics.event.ControllerEvent.PodCleanupScheduled s =
                    (dev.argoforensics.event.ControllerEvent.PodCleanupScheduled) laterExit.scheduled().event();
            Timestamp at = laterExit.scheduled().time();
            cite.line(laterExit.scheduled(), "a Pod of the name scheduled for release after the export, its deadline not this Pod's");
            cite.line(laterExit.exit(), "a Pod of the name leaving the informer");
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF004.reason.namesakeLeftLater", "held", GoDuration.format(held.nanos()), "gone", laterExit.exit().time().format(),
                    "logged", new Timestamp(at.instant().plusNanos(s.delayNanos()), at.precision(), at.zone()).format(),
                    "delay", GoDuration.format(s.delayNanos()), "exported", exportedDeadline(held));
        }
        if (held != null && untimed != null && (attempt == null || attempt.failed() == null)) {
            // A release without #15164 (session 41 breaker): nothing was due at the 2-minute mark; the hold may be the Workflow's
            // reconciliation not yet done (AF003) or its result pending (AF006), which the finalizer is there to wait for.
            confidence = Confidence.POSSIBLE;
            reason = untimed.executorImage() == null
                    ? Message.of("AF004.reason.noTimedRelease", "release", untimed.release(), "held", GoDuration.format(held.nanos()))
                    : Message.of("AF004.reason.noTimedReleaseImage", "release", untimed.release(), "image", untimed.executorImage(),
                            "held", GoDuration.format(held.nanos()));
        }
        Message summary = held != null && untimed != null && confidence == Confidence.POSSIBLE
                ? Message.of(untimed.executorImage() == null ? "AF004.summaryHeldUntimed" : "AF004.summaryHeldUntimedImage", "pod",
                        pod.key().toString(), "held", GoDuration.format(held.nanos()), "due", due.format(), "release", untimed.release(),
                        "image", String.valueOf(untimed.executorImage()))
                : standbys != null
                ? Message.of("AF004.summaryHeldOnlyStandbys", "pod", pod.key().toString(), "atLeast", atLeast(held), "held",
                        GoDuration.format(held.nanos()), "due", due.format(), "last", onlyStandbys.lastBefore().format(), "standbys", standbys)
                : held != null && downSince != null
                ? Message.of("AF004.summaryHeldControllerDown", "pod", pod.key().toString(), "atLeast", atLeast(held), "held",
                        GoDuration.format(held.nanos()), "due", due.format(), "last", downSince.format())
                : held != null && held.hidden() != null
                ? Message.of("AF004.summaryHeldDueHidden", "pod", pod.key().toString(), "held", GoDuration.format(held.nanos()), "due", due.format(),
                        "field", held.hidden())
                : held != null
                ? Message.of("AF004.summaryHeld", "pod", pod.key().toString(), "atLeast", atLeast(held), "held", GoDuration.format(held.nanos()),
                        "due", due.format())
                : Message.of("AF004.summaryAttempt", "pod", pod.key().toString(), "due", due.format(), "outcome", outcome(attempt));
        return new Finding(FinalizerStuck.ID, rule.title(), rule.severity(), confidence, reason, pod.key(), pod.uid(), pod.workflow(),
                pod.link() == null ? null : new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary,
                explain(pod, held, attempt, due, downSince, untimed != null && confidence == Confidence.POSSIBLE ? untimed.release() : null,
                        standbys == null ? null : Message.of("AF004.explain.onlyStandbys", "last", onlyStandbys.lastBefore().format(), "standbys", standbys)),
                facts, cite.evidence());
    }

    /** The stand-bys of the Pod's replicas after the due time: each run, from when, the holder it named, its acquisition after. */
    private static Message standbys(FinalizerStuck.Silence s) {
        List<Message> parts = new ArrayList<>();
        for (FinalizerStuck.Standby sb : s.standbys()) {
            if (!parts.isEmpty()) {
                parts.add(Message.of("AF004.standbys.and"));
            }
            String holder = sb.stoodBy().holder();
            parts.add(Message.of("AF004.standbys.one", "run", sb.run().label(), "from", sb.stoodBy().first().time().format(),
                    "holder", holder != null ? Message.of("AF004.standbys.holder", "holder", holder) : Message.of("AF004.standbys.noHolder"),
                    "took", sb.stoodBy().acquired() != null ? Message.of("AF004.standbys.took", "at", sb.stoodBy().acquired().time().format())
                            : Message.of("AF004.standbys.never")));
        }
        return Message.sequence(parts);
    }

    /** The held export's deadline: its last condition transition plus max(pod GC delay, 2m). */
    private static String exportedDeadline(Held held) {
        PodSnapshot p = held.snapshot();
        Timestamp last = p.lastConditionTransition().orElse(null);
        if (last == null) {
            return "?";
        }
        long delay = Math.max(dev.argoforensics.correlate.RemovalDeadline.podGcDelay(p.annotations().get(PodSnapshot.POD_GC_ANNOTATION)),
                dev.argoforensics.correlate.RemovalDeadline.MINIMUM_DELAY_NANOS);
        return new Timestamp(last.instant().plusNanos(delay), last.precision(), last.zone()).format();
    }

    private static Message atLeast(Held held) {
        return held.snapshot().observed().lowerBound() ? Message.of("AF004.atLeast") : Message.NOTHING;
    }

    private static Message explain(PodHistory pod, Held held, Attempt attempt, Timestamp due, Timestamp downSince, String untimed,
                                   Message onlyStandbys) {
        List<Message> m = new ArrayList<>();
        m.add(untimed != null ? Message.of("AF004.explain.deletingUntimed", "release", untimed, "pod", pod.key().toString(), "finalizer",
                PodSnapshot.STATUS_FINALIZER, "due", due.format())
                : Message.of(held != null && held.hidden() != null ? "AF004.explain.deletingDueHidden" : "AF004.explain.deleting", "pod",
                pod.key().toString(), "finalizer", PodSnapshot.STATUS_FINALIZER, "due", due.format()));
        if (held != null) {
            String taken = held.snapshot().observed().time().format();
            m.add(Message.of("AF004.explain.stillShows", "when", held.snapshot().observed().lowerBound()
                    ? Message.of("AF004.explain.takenNoEarlier", "at", taken) : Message.of("AF004.explain.takenAt", "at", taken),
                    "held", GoDuration.format(held.nanos())));
        }
        if (downSince != null) {
            m.add(Message.of("AF004.explain.controllerDown", "last", downSince.format()));
        }
        if (onlyStandbys != null) {
            m.add(onlyStandbys);
        }
        if (attempt != null) {
            m.add(explain(attempt));
        }
        m.add(Message.of("AF004.explain.consequence"));
        return Message.sequence(m);
    }

    /**
     * Session 55 (#15164's shape): the hold the controller's lines show on a release without the timed release: the export at the
     * deletion, the update pod event at it, the Pod in the informer without a delete pod event until the run's last line. Possible
     * only, saying what would settle it.
     */
    static Finding ofLogsHold(FinalizerStuck rule, Correlation correlation, PodHistory pod, FinalizerStuck.LogsHold h) {
        Held held = h.held();
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        facts.add(new Fact("deletionRequestedAt", "Deletion requested no later than", held.requested().format()));
        facts.add(new Fact("releaseDueAt", "Release due at", held.due().format()));
        facts.add(new Fact("stillHeldAt", "Finalizer still on at", held.snapshot().observed().time().format()));
        facts.add(new Fact("inInformerUntil", "Pod still in the controller's informer until", h.until().format()));
        facts.add(new Fact("heldPastDue", "Held past the release", "at least " + GoDuration.format(held.nanos()) + " as the logs show"));
        cite.pod(held.snapshot(), "exported Pod: deleted, finalizer still on");
        cite.line(h.seen(), "the controller's update of the Pod at its deletion");
        Message reason = Message.of("AF004.reason.heldByLogs", "release", h.release(), "seen", h.seen().time().format(), "until", h.until().format());
        Message summary = Message.of("AF004.summaryLogsHold", "pod", pod.key().toString(), "held", GoDuration.format(held.nanos()), "due",
                held.due().format(), "until", h.until().format(), "release", h.release());
        Message explain = Message.sequence(List.of(Message.of("AF004.explain.deletingUntimed", "release", h.release(), "pod", pod.key().toString(),
                "finalizer", PodSnapshot.STATUS_FINALIZER, "due", held.due().format()), Message.of("AF004.explain.logsHold", "seen",
                h.seen().time().format(), "until", h.until().format()), Message.of("AF004.explain.consequence")));
        return new Finding(FinalizerStuck.ID, rule.title(), rule.severity(), Confidence.POSSIBLE, reason, pod.key(), pod.uid(), pod.workflow(),
                pod.link() == null ? null : new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary, explain, facts,
                cite.evidence());
    }

    /**
     * Session 60: the export shows the deleted Pod labelled completed and still holding the finalizer ({@code FinalizerStuck#keptThroughLabel}):
     * the label's patch kept it, the Pod left the informer holding it, and no pod event will release it. Possible: the hold is shown at
     * the export, whose time (no later than the latest time in it, where no time is stated) does not put it past the due release by
     * the threshold; an export with its time stated, or taken later, or the audit log of the Pod through that span, would tell.
     *
     * @param shape the export with its deletion request and due release ({@code FinalizerStuck#heldShape})
     * @param exit  the Pod leaving the controller's informer after the label
     */
    static Finding ofLabelKept(FinalizerStuck rule, Correlation correlation, PodHistory pod, Held shape,
                               dev.argoforensics.correlate.InformerExit exit) {
        PodSnapshot still = shape.snapshot();
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        Timestamp labelled = exit.cause() != null ? exit.cause().time() : null;
        facts.add(new Fact("deletionRequestedAt", "Deletion requested no later than", shape.requested().format()));
        facts.add(new Fact("releaseDueAt", "Release due at", shape.due().format()));
        facts.add(new Fact("stillHeldAt", "Finalizer still on at", still.observed().time().format()));
        facts.add(new Fact("leftInformerAt", "Left the controller's informer (labelled completed) at", exit.event().time().format()));
        facts.add(new Fact("keptThroughLabel", "Label completed=true shown with the finalizer", "yes"));
        cite.pod(still, "exported Pod: deleted, labelled completed, finalizer still on");
        if (exit.cause() != null) {
            cite.line(exit.cause(), "the controller labels the Pod completed");
        }
        cite.line(exit.event(), "the Pod leaves the controller's informer");
        String left = exit.event().time().format();
        Message reason = Message.of("AF004.reason.labelKept", "left", left, "taken", still.observed().time().format());
        Message summary = Message.of("AF004.summaryLabelKept", "pod", pod.key().toString(), "left", left, "taken", still.observed().time().format());
        Message explain = Message.sequence(List.of(Message.of("AF004.explain.labelKept", "pod", pod.key().toString(), "finalizer",
                PodSnapshot.STATUS_FINALIZER, "left", left, "labelled", labelled == null ? left : labelled.format(),
                "requested", shape.requested().format()), Message.of("AF004.explain.consequence")));
        return new Finding(FinalizerStuck.ID, rule.title(), rule.severity(), Confidence.POSSIBLE, reason, pod.key(), pod.uid(), pod.workflow(),
                pod.link() == null ? null : new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary, explain, facts,
                cite.evidence());
    }

    private static Message outcome(Attempt a) {
        if (a.failed() != null) {
            return Message.of("AF004.outcome.failed", "at", a.failed().time().format());
        }
        if (a.started() != null) {
            return Message.of("AF004.outcome.ran", "at", a.started().time().format());
        }
        return Message.of("AF004.outcome.scheduled", "at", a.scheduled().time().format());
    }

private static Message explain(Attempt a) {
        Message until = Message.of("AF004.explain.until", "end", a.logsEnd().format());
        if (a.failed() != null) {
            return Message.of("AF004.explain.failed", "at", (a.started() != null ? a.started() : a.failed()).time().format(),
                    "error", ((PodCleanupFailed) a.failed().event()).error(), "until", until);
        }
        if (a.started() != null) {
            return Message.of("AF004.explain.ranNoFailure", "at", a.started().time().format(), "until", until);
        }
        return Message.of("AF004.explain.neverTaken", "at", a.scheduled().time().format(), "until", until);
    }
}
