package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.HandOvers;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowThere;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF003: the pod controller acted on a Pod of an active Workflow that no Workflow worker reconciled:
 * the controller run had {@code workflowWorkers=0}, or, after the Pod's deletion requeued the
 * Workflow, no {@code Processing workflow} for it followed within the threshold. Context for AF001
 * and AF002. See docs/rules/AF003.md.
 */
public final class ReconciliationStalled extends DeclaredRule {
    public static final String ID = "AF003";
    static final String TITLE = "Workflow reconciliation stalled while the pod controller acted";

    private final long threshold;

    public ReconciliationStalled(RuleSettings settings) {
        super(ID, TITLE, Severity.MEDIUM);
        this.threshold = settings.stallNanos();
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(EnumSet.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.POD_CONTROLLER_LINES), List.of(), Set.of());
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        return evaluate(new RuleContext(correlation));
    }

    @Override
    public Evaluation evaluate(RuleContext context) {
        Correlation correlation = context.correlation();
        Reconciliation all = context.reconciliation();
        List<Finding> out = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        // The exported Pods by their Workflow owner's UID, made at most once (WorkflowThere.keptSibling reads it; most inputs never ask).
        java.util.concurrent.atomic.AtomicReference<java.util.Map<String, List<PodHistory>>> byOwner = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.function.Supplier<java.util.Map<String, List<PodHistory>>> owners =
                () -> byOwner.updateAndGet(m -> m != null ? m : WorkflowThere.byOwnerUid(correlation.pods().values()));
        for (PodHistory pod : correlation.pods().values()) {
            if (pod.link() == null) {
                continue;
            }
            // Session 57: the Workflow as the Pod's own runs wrote it (another cluster's run at once wrote of its own Workflow of the name)
            Reconciliation rec = all.forPod(pod);
            Optional<Stall> stall = rec.stall(pod, threshold);
            // The Workflow's deletion as the Pod's own lifecycle holds it (session 56 breaker: not another cluster's namesake's).
            dev.argoforensics.correlate.WorkflowFate ownFate = correlation.lifecycle(pod.key()) == null ? null
                    : correlation.lifecycle(pod.key()).workflow();
            Optional<Known> deleted = ownFate != null ? Optional.ofNullable(ownFate.deleted()) : rec.deleted(pod.link().workflow());
            if (stall.isPresent() && stall.get().untiedStartUp()) {
                cleared.add(untiedStartUp(stall.get(), correlation, pod, rec));
            } else if (stall.isPresent() && stall.get().within()) {
                cleared.add(withinClocks(stall.get(), correlation, pod));
            } else if (stall.isPresent() && stall.get().excerpt()) {
                cleared.add(undecided(stall.get(), correlation, pod));
            } else if (stall.isPresent() && deleted.isPresent() && !deleted.get().at().isAfter(stall.get().end())) {
                cleared.add(new Clearance(pod.key(), Message.of("AF003.cleared.deleted", "at", deleted.get().at().format(),
                        "how", deleted.get().how()), deleted.get().evidence()));
            } else if (stall.isPresent() && leftInformer(stall.get(), pod, rec) != null) {
                LogEvent queued = leftInformer(stall.get(), pod, rec);
                cleared.add(new Clearance(pod.key(), Message.of("AF003.cleared.leftInformer", "at", queued.time().format(),
                        "run", correlation.process(queued).label()), queued.source()));
            } else if (stall.isPresent() && stall.get().zeroWorkers() != null
                    && rec.otherInstallPass(stall.get().wf(), stall.get().podLines().get(0)).isPresent()) {
                cleared.add(otherInstall(stall.get(), correlation, pod, rec));
            } else {
                stall.ifPresent(s -> out.add(finding(s, correlation, pod, rec, threshold, owners)));
            }
        }
        return new Evaluation(out, cleared);
    }

    /**
     * Session 41 breaker: in a controller run without Workflow workers, the release of one of the Workflow's Pods' finalizers
     * queued with no scheduling line of the pod event handler before it ({@code queueing pod for cleanup action=removeFinalizer}
     * alone, cause {@code AFTER_PERSIST}). Two callers queue it so: {@code queuePodsForCleanup} after a worker's write, which a
     * run without workers never makes, and the Workflow informer's delete handler, which runs whatever the workers (it lists the
     * Workflow's Pods that carry the finalizer and queues each). So the Workflow had left the run's informer by then: deleted, or
     * labelled completed by another writer. Nothing was waiting for a worker of that run, which a stall claims; it was
     * {@code confirmed}, "not reconciled until the logs end". The queueing line, where it comes at or before the stall's end;
     * null otherwise.
     */
    private static LogEvent leftInformer(Stall stall, PodHistory pod, Reconciliation rec) {
        if (stall.zeroWorkers() == null) {
            return null;
        }
        for (dev.argoforensics.correlate.FinalizerRemoval r : pod.removals()) {
            LogEvent queued = r.queued();
            if (r.cause() == dev.argoforensics.correlate.FinalizerRemoval.RemovalCause.AFTER_PERSIST && queued != null
                    && queued.stream() == stall.zeroWorkers().stream() && rec.zeroWorkers(queued).isPresent()
                    && !queued.time().isAfter(stall.end())) {
                return queued;
            }
        }
        return null;
    }

    /**
     * A stall that rests on the silence of the deletion's own run, an excerpt that would not show the Workflow's processing
     * (grepped for the Pod's name or several Pods': no record naming nothing around the deletion, no line of the Workflow's
     * processing anywhere in the run). The rule cannot decide: it says what it lacked instead of claiming the Workflow went
     * unprocessed.
     */
    private static Clearance undecided(Stall stall, Correlation correlation, PodHistory pod) {
        LogEvent deletion = stall.podLines().get(0);
        return new Clearance(pod.key(), Message.of("AF003.cleared.excerpt", "wf", stall.wf().toString(),
                "at", deletion.time().format(), "run", correlation.process(deletion).label(),
                "until", stall.next() != null ? Message.of("AF003.cleared.excerptNext", "at", stall.next().time().format())
                        : Message.of("AF003.cleared.excerptEnd", "at", stall.end().format())), deletion.source());
    }

    /**
     * Session 58: a run without Workflow workers acted on the Pod while another installation's controller, leading a Lease of its own
     * ({@link dev.argoforensics.correlate.ConcurrentRuns#ownLeases}) and stating no other instance ID, was running and processed a
     * Workflow of the name. A stall for want of workers rests on the acting run being the only one to reconcile the Workflow. Two
     * installs over one namespace without instance IDs (a managed-namespace one beside a cluster-wide one) both hold and reconcile
     * its Workflows: the other's workers reconciled it, and the acting run's lack of them stalled nothing. Two clusters' installs
     * hold namesakes: the other's pass shows nothing of this Workflow. The lines do not say which, so the rule does not decide.
     */
    private static Clearance otherInstall(Stall stall, Correlation correlation, PodHistory pod, Reconciliation rec) {
        LogEvent first = stall.podLines().get(0);
        LogEvent other = rec.otherInstallPass(stall.wf(), first).orElseThrow();
        dev.argoforensics.correlate.ConcurrentRuns.Sharing sharing = rec.sharing(other.stream(), first.stream()).orElseThrow();
        if (sharing != dev.argoforensics.correlate.ConcurrentRuns.Sharing.OWN_LEASES) {
            // Session 58 breaker: both with leader election off (two installs, or a split brain of one), or one run without election
            // lines whose passes interleave with the acting run's: nothing says the other run was not reconciling this Workflow.
            return new Clearance(pod.key(), Message.of("AF003.cleared.otherRun", "wf", stall.wf().toString(), "run", correlation.process(first).label(),
                    "at", first.time().format(), "zero", stall.zeroWorkers().time().format(), "other", correlation.process(other).label(),
                    "when", other.time().format(), "why", Message.of(sharing == dev.argoforensics.correlate.ConcurrentRuns.Sharing.ELECTION_OFF
                            ? "AF003.reason.otherRunElectionOff" : "AF003.reason.otherRunUnshown")), other.source());
        }
        List<String> leases = rec.leasesApart(first.stream(), other.stream()).orElse(List.of("?", "?"));
        return new Clearance(pod.key(), Message.of("AF003.cleared.otherInstall", "wf", stall.wf().toString(), "run", correlation.process(first).label(),
                "at", first.time().format(), "zero", stall.zeroWorkers().time().format(), "lease", leases.get(0),
                "other", correlation.process(other).label(), "otherLease", leases.get(1), "when", other.time().format()), other.source());
    }

    /**
     * A gap read across a Lease hand-over that the two runs' clocks may account for: read over the threshold, but the later run's
     * clock may be so far ahead of the deletion's run's that the Workflow was processed within it. Not decided: the rule says how
     * far the clocks may disagree and how short the gap may have been.
     */
    private static Clearance withinClocks(Stall stall, Correlation correlation, PodHistory pod) {
        LogEvent deletion = stall.podLines().get(0);
        return new Clearance(pod.key(), Message.of("AF003.cleared.clocks", "wf", stall.wf().toString(), "at", deletion.time().format(),
                "next", stall.next().time().format(), "read", GoDuration.format(stall.readNanos()),
                "handOver", handOver(stall.tie(), correlation), "least", GoDuration.format(Math.max(0, stall.leastNanos()))),
                deletion.source());
    }

    /**
     * A wait counted from the start-up of the run that logged the deletion, which nothing ties to the Workflow's pass before: the
     * run's own clock shows its first pass of the Workflow long after its start-up, but whether the Workflow was active and queued
     * at the start-up rests on that pass coming before it, which no hand-over in the logs shows (or no pass before is in them).
     */
    private static Clearance untiedStartUp(Stall stall, Correlation correlation, PodHistory pod, Reconciliation rec) {
        LogEvent deletion = stall.podLines().get(0);
        String run = correlation.process(deletion).label();
        List<String> apart = stall.before() == null ? null : rec.leasesApart(stall.next().stream(), stall.before().stream()).orElse(null);
        Message missing = stall.before() == null ? Message.of("AF003.cleared.startUpNoPass", "run", run)
                : apart != null ? Message.of("AF003.cleared.startUpOtherLease", "at", stall.before().time().format(),
                        "earlier", correlation.process(stall.before()).label(), "run", run, "lease", apart.get(0), "earlierLease", apart.get(1))
                : Message.of("AF003.cleared.startUpUntiedPass", "at", stall.before().time().format(),
                        "earlier", correlation.process(stall.before()).label(), "run", run);
        return new Clearance(pod.key(), Message.of("AF003.cleared.startUp", "wf", stall.wf().toString(), "run", run,
                "start", stall.startUp().time().format(), "next", stall.next().time().format(),
                "waited", GoDuration.format(stall.leastNanos()), "at", deletion.time().format(), "missing", missing), deletion.source());
    }

    /** The hand-over chain in words: each run that gave the Lease up, when by its clock, and the run that took it, when by its own. */
    static Message handOver(HandOvers.Tie tie, Correlation correlation) {
        List<Message> steps = new ArrayList<>();
        for (HandOvers.HandOver h : tie.chain()) {
            Message step = Message.of(h.stopped() ? "AF003.handOver.stopped" : "AF003.handOver.lastLine", "from",
                    correlation.processes().get(h.from()).label(), "released", h.releasedAt().format(),
                    "to", correlation.processes().get(h.to()).label(), "acquired", h.acquired().time().format());
            steps.add(steps.isEmpty() ? step : Message.of("AF003.handOver.then", "step", step));
        }
        return Message.of("AF003.handOver.bound", "steps", Message.sequence(steps), "most", signed(tie.aheadAtMost()));
    }

    /**
     * What places the Workflow before the start-up where no hand-over does: the run's first pass read the version another run wrote
     * ({@link dev.argoforensics.correlate.StartUps#carriedOver}).
     */
    private static Message carriedOver(Stall stall, Correlation correlation) {
        LogEvent write = stall.carried();
        return Message.of("AF003.startUpVersion", "run", correlation.process(stall.next()).label(),
                "version", ((WorkflowUpdated) write.event()).resourceVersion(), "writer", correlation.process(write).label(),
                "written", write.time().format());
    }

    /** Across a hand-over: the deletion to the first holder's stop (or last line while leading), on the deletion's run's clock. */
    private static long earlierPart(Stall stall) {
        return Math.max(0, stall.podLines().get(0).time().nanosUntil(stall.tie().chain().get(0).releasedAt()));
    }

    /** Across a hand-over: the last run's acquisition to its processing of the Workflow, on its own clock. */
    private static long laterPart(Stall stall) {
        HandOvers.HandOver last = stall.tie().chain().get(stall.tie().chain().size() - 1);
        return Math.max(0, last.acquired().time().nanosUntil(stall.end()));
    }

    static String signed(long nanos) {
        return nanos < 0 ? "-" + GoDuration.format(-nanos) : GoDuration.format(nanos);
    }

    /** The finding for one stall of the Pod's Workflow. */
    private static Finding finding(Stall stall, Correlation correlation, PodHistory pod, Reconciliation reconciliation, long threshold,
                                   java.util.function.Supplier<java.util.Map<String, List<PodHistory>>> owners) {
        LogEvent zeroWorkers = stall.zeroWorkers();
        LogEvent before = stall.before();
        LogEvent next = stall.next();
        List<LogEvent> podLines = stall.podLines();
        WorkflowRef wf = stall.wf();
        LogEvent first = podLines.get(0);
        // Across a hand-over, what the two clocks cannot account for (HandOvers); as read elsewhere.
        long unreconciled = stall.tie() != null || stall.startUp() != null ? stall.leastNanos() : first.time().nanosUntil(stall.end());
        boolean atLeast = next == null || stall.tie() != null;
        List<Fact> facts = new ArrayList<>();
        if (zeroWorkers != null) {
            facts.add(new Fact("workflowWorkers", "Workflow workers", ((WorkerNumbers) zeroWorkers.event()).workflowWorkers()));
            facts.add(new Fact("podCleanupWorkers", "Pod cleanup workers", ((WorkerNumbers) zeroWorkers.event()).podCleanupWorkers()));
        }
        facts.add(new Fact("lastProcessedBefore", "Workflow last processed before", before == null ? null : before.time().format()));
        facts.add(new Fact("podControllerFrom", "Pod controller acted from", first.time().format()));
        facts.add(new Fact("podControllerTo", "Pod controller acted until", podLines.get(podLines.size() - 1).time().format()));
        facts.add(new Fact("nextProcessed", "Workflow next processed", next == null ? null : next.time().format()));
        facts.add(new Fact("unreconciledFor", "Not reconciled for", (atLeast ? "at least " : "") + GoDuration.format(unreconciled)));
        if (stall.tie() != null) {
            facts.add(new Fact("readAcrossHandOver", "Read across the Lease hand-over", GoDuration.format(stall.readNanos())));
            facts.add(new Fact("clockAheadAtMost", "Later run's clock ahead at most", signed(stall.tie().aheadAtMost())));
            facts.add(new Fact("unreconciledUnderEarlierRun", "Not reconciled under the run that logged the deletion (to its stop)",
                    GoDuration.format(earlierPart(stall))));
            facts.add(new Fact("unreconciledUnderLaterRun", "Not reconciled under the run that took over (from its acquisition)",
                    GoDuration.format(laterPart(stall))));
        }
        if (stall.startUp() != null) {
            facts.add(new Fact("queuedAtStartUp", "Queued at the run's start-up", stall.startUp().time().format()));
            facts.add(new Fact("unreconciledUnderLaterRun", "Not reconciled under the run that took over (from its start-up)",
                    GoDuration.format(unreconciled)));
            if (stall.carried() != null) {
                facts.add(new Fact("versionCarriedOver", "Version first read by the run, written before it took the Lease",
                        ((WorkflowUpdated) stall.carried().event()).resourceVersion()));
            }
            if (before != null) {
                facts.add(new Fact("handOverGap", "Hand-over gap (last pass to start-up, across two clocks)",
                        GoDuration.format(before.time().nanosUntil(stall.startUp().time()))));
            }
        }
        facts.add(new Fact("unreconciledNanos", "Not reconciled for (ns)", unreconciled));

        // The Workflow taken up and postponed for the controller's parallelism limit meanwhile: the limit held it back, not the workers.
        List<LogEvent> postponed = reconciliation.postponedForParallelism(wf, first, stall.end());
        if (!postponed.isEmpty()) {
            facts.add(new Fact("postponedForParallelism", "Postponed for the parallelism limit", postponed.size() + " times, from "
                    + postponed.get(0).time().format() + " to " + postponed.get(postponed.size() - 1).time().format()));
        }

        Cite cite = new Cite(correlation);
        cite.line(zeroWorkers, "controller run without workflow workers");
        cite.line(before, "the Workflow's last processing before");
        for (LogEvent e : podLines) {
            cite.line(e, e.event() instanceof PodCleanupScheduled ? "the pod controller handles the Pod's deletion (requeues the Workflow)"
                    : "the pod controller acts on the Pod");
        }
        if (!postponed.isEmpty()) {
            cite.line(postponed.get(0), "the Workflow postponed for the controller's parallelism limit");
            if (postponed.size() > 1) {
                cite.line(postponed.get(postponed.size() - 1), "the Workflow postponed for the controller's parallelism limit");
            }
        }
        cite.line(stall.startUp(), "the run that took the Lease over starts (its informer queues every active Workflow)");
        cite.line(next, "the Workflow processed again");
        cite.line(stall.carried(), "the version the run that took over read first, written by another run before it took the Lease");
        if (stall.carried() != null) {
            cite.line(reconciliation.acquisition(stall.next().stream()).orElse(null), "the run that took over acquires the Lease (it led from here)");
        }
        HandOvers.Tie chain = stall.tie() != null ? stall.tie() : stall.takeOver();
        if (chain != null) {
            for (HandOvers.HandOver h : chain.chain()) {
                cite.line(h.released(), "the run that held the Lease stops leading");
                cite.line(h.acquired(), "the next run acquires the Lease (its clock tied to the other's)");
            }
        }

        String run = correlation.process(first).label();
        Message summary = Message.of(zeroWorkers != null ? "AF003.summaryZeroWorkers" : "AF003.summary", "wf", wf.toString(),
                "atLeast", atLeast ? Message.of("AF003.atLeast") : Message.NOTHING, "duration", GoDuration.format(unreconciled),
                "from", stall.since().format(), "pod", pod.key().toString(), "run", run);
        Confidence confidence;
        Message reason;
        if (zeroWorkers != null) {
            // Session 48: a run without workers logs nothing about Workflows, so that the Workflow was there and waiting rests on
            // evidence outside it: a later pass of the same Workflow (a first pass is a namesake's, below), or an export taken after
            // the act without a deletionTimestamp. A Workflow deleted while no controller ran, or in the foreground, waits for no
            // worker and its Pods' lines in such a run read the same (WorkflowThere).
            Known there = next != null ? null : WorkflowThere.exportedAfter(correlation.workflow(wf).orElse(null), pod, first);
            // Session 49: another Pod of the same Workflow object exported well after the act, kept and still owned by it: no way of
            // deleting the Workflow (background, foreground, orphan) leaves that, so it was there; a cluster's garbage collector
            // that was not running is the limit, hence likely, not confirmed.
            WorkflowThere.Kept kept = next != null || there != null ? null : WorkflowThere.keptSibling(owners.get(), pod, first);
            if (next != null && firstPass(next)) {
                // A namesake's first pass: shows nothing of this Workflow (lowered to possible below, naming it).
                confidence = Confidence.CONFIRMED;
                reason = Message.of("AF003.reason.zeroWorkers");
            } else if (next != null || there != null) {
                // An export placed after the act only by a time its file states (a user's clock): likely, not shown.
                confidence = next == null && there.statedClock() ? Confidence.LIKELY : Confidence.CONFIRMED;
                reason = next != null ? Message.of("AF003.reason.zeroWorkersNext", "at", next.time().format(),
                        "next", correlation.process(next).label())
                        : Message.of(there.statedClock() ? "AF003.reason.zeroWorkersExportStated" : "AF003.reason.zeroWorkersExport",
                                "there", there.how());
                if (there != null) {
                    facts.add(new Fact("workflowThereAfter", "Workflow shown there after the act", there.how()));
                    correlation.workflow(wf).ifPresent(h -> h.snapshots().stream().filter(x -> x.source().equals(there.evidence()))
                            .findFirst().ifPresent(x -> cite.workflow(x, "the Workflow exported after the pod controller acted, not being deleted")));
                }
            } else if (kept != null) {
                confidence = Confidence.LIKELY;
                reason = Message.of("AF003.reason.zeroWorkersSibling", "kept", kept.how(), "margin", GoDuration.format(WorkflowThere.GC_MARGIN_NANOS));
                facts.add(new Fact("siblingKeptAfter", "Another Pod of the Workflow kept after the act", kept.how()));
                cite.pod(kept.export(), "another Pod of the Workflow exported after the pod controller acted, still owned by it, not being deleted");
            } else {
                LogEvent listed = WorkflowThere.listedDeleting(pod, first, correlation.process(first),
                        correlation.lifecycle(pod.key()).deletionRequest().orElse(null));
                confidence = Confidence.POSSIBLE;
                reason = listed != null ? Message.of("AF003.reason.zeroWorkersDeletedWhileDown", "run", run, "at", listed.time().format())
                        : pod.events().stream().anyMatch(e -> e.stream() == first.stream() && e.event() instanceof PodCleanupScheduled
                                && !EventOrder.before(e, first))
                                ? Message.of("AF003.reason.zeroWorkersForeground", "run", run)
                                : Message.of("AF003.reason.zeroWorkersUnshown", "run", run);
            }
        } else if (stall.startUp() != null) {
            // The run that took the Lease over had the Workflow queued from its start-up and processed it first much later, by its own
            // clock; the pass before came before the start-up (the hand-overs place it), the hand-over between named, not counted.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF003.reason.startUp", "wf", wf.toString(), "before", before.time().format(),
                    "earlier", correlation.process(before).label(), "handOver", stall.takeOver() != null ? handOver(stall.takeOver(), correlation)
                            : carriedOver(stall, correlation), "run", run,
                    "start", stall.startUp().time().format(), "next", next.time().format(), "waited", GoDuration.format(unreconciled),
                    "at", first.time().format(), "sinceDeletion", GoDuration.format(first.time().nanosUntil(next.time())));
        } else if (stall.tie() != null) {
            // The next processing is another run's, which took the Lease over: the gap counted is what its clock cannot make.
            confidence = Confidence.LIKELY;
            long earlier = earlierPart(stall);
            long later = laterPart(stall);
            HandOvers.HandOver firstStep = stall.tie().chain().get(0);
            HandOvers.HandOver lastStep = stall.tie().chain().get(stall.tie().chain().size() - 1);
            Message parts = Message.of("AF003.reason.parts", "earlier", GoDuration.format(earlier),
                    "from", correlation.processes().get(firstStep.from()).label(), "later", GoDuration.format(later),
                    "to", correlation.processes().get(lastStep.to()).label(),
                    "which", later > threshold ? Message.of("AF003.reason.partsLater")
                            : earlier > threshold ? Message.of("AF003.reason.partsEarlier", "to", correlation.processes().get(lastStep.to()).label(),
                                    "later", GoDuration.format(later))
                            : Message.of("AF003.reason.partsBoth"));
            reason = Message.of("AF003.reason.handOver", "at", next.time().format(), "handOver", handOver(stall.tie(), correlation),
                    "read", GoDuration.format(stall.readNanos()), "least", GoDuration.format(unreconciled), "parts", parts);
            if (stall.tie().aheadAtMost() < 0 && stall.readNanos() <= threshold) {
                // Found only because the hand-over puts the later clock behind: a holder that logged its stop late (frozen past its
                // renew deadline) or election settings longer than the defaults give the same lines with that clock ahead.
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF003.reason.handOverBehind", "reason", reason, "read", GoDuration.format(stall.readNanos()));
            }
        } else if (next != null && restart(correlation, first, next)) {
            // The run that acted ended, and another run, begun after it, processed the Workflow: no controller was there between.
            ControllerProcess acted = correlation.process(first);
            ControllerProcess resumed = correlation.process(next);
            confidence = Confidence.LIKELY;
            reason = Message.of("AF003.reason.restart", "run", acted.label(), "end", acted.last().format(), "next", resumed.label(),
                    "start", resumed.first().format(), "at", next.time().format());
        } else if (next != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF003.reason.gap", "next", next.time().format());
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF003.reason.logsEnd");
        }
        WorkflowSnapshot done = completedBefore(correlation, wf, pod, first);
        if (done != null && confidence != Confidence.POSSIBLE) {
            // A completed Workflow is not reconciled again (until argo retry or a new Workflow of the name resets it): an export that
            // shows it completed before the pod controller acted, with nothing in the lines showing it running again, leaves no stall.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF003.reason.completedExport", "export", done.source().toString(), "phase", done.phase(),
                    "finished", done.finishedAt().format(), "reason", reason);
        }
        if (next != null && firstPass(next) && confidence != Confidence.POSSIBLE) {
            // Session 40 breaker: the next Processing workflow of the name is a Workflow's first pass (phase ""): a Workflow never
            // processed before, so not the one whose Pod the pod controller acted on (its Pod came from a pass). The name was taken
            // again, so that Workflow had been deleted by then (its Pod's deletion may have been the garbage collector's): when, the
            // lines do not say, and a deleted Workflow needs no reconciling. The gap up to the new Workflow's pass is not this one's.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF003.reason.namesake", "at", next.time().format(), "reason", reason);
        }
        Optional<dev.argoforensics.correlate.WorkflowAbsent> absent = next != null ? Optional.empty()
                : correlation.lifecycle(pod.key()).workflowAbsentAfterRelease().filter(a -> podLines.contains(a.release().decisive())
                        || a.release().decisive().stream() == first.stream());
        if (absent.isPresent()) {
            // Session 49: a run whose workers came round their first-in, first-out queue after the release never took the Workflow up
            // (WorkflowAbsent, the model's fact, not derived again here): it was not in that run's informer when it started, deleted
            // (or completed by a run whose log was not given). A Workflow that is gone waits for no worker: whatever wait there was
            // ended by then, at a time the lines do not give.
            dev.argoforensics.correlate.WorkflowAbsent a = absent.get();
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF003.reason.workflowAbsent", "base", zeroWorkers != null ? Message.of("AF003.reason.zeroWorkers") : reason,
                    "run", a.run().label(),
                    "round", a.cameRound().format(),
                    "how", Message.of(a.releasingRun() ? "AF003.reason.absentReleasing" : a.tied() ? "AF003.reason.absentTied" : "AF003.reason.absentUntied"));
            facts.add(new Fact("workflowAbsentFrom", "Workflow not taken up by a run that came round its queue", a.run().label() + " at " + a.cameRound().format()));
        }
        if (zeroWorkers == null && next != null && stall.tie() == null && next.stream() != first.stream()
                && (correlation.clocks().of(first.stream()) == null || correlation.clocks().of(next.stream()) == null)) {
            // Read across two runs' clocks that nothing ties: say so rather than let the gap pass for one clock's.
            reason = Message.of("AF003.reason.untied", "reason", reason, "run", run, "next", correlation.process(next).label());
        }
        return new Finding(ID, TITLE, Severity.MEDIUM, confidence, reason,
                pod.key(), pod.uid(), wf, new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary,
                explain(stall, run, first, unreconciled, postponed), facts, cite.evidence());
    }

    /**
     * An export of the Workflow (this Pod's owner, where both give a UID) in a completed phase whose {@code finishedAt} (the
     * controller's write at completion) came more than two clocks may disagree (10 s) before the pod controller's first line,
     * where no line of the Workflow between the two shows it not completed (a pass or a write of a reset copy: {@code argo retry})
     * and the Pod was not created after that completion (a rerun's Pod): the Workflow was completed, not waiting to be reconciled.
     * Session 39 (breaker): a controller run with {@code workflowWorkers=0} releasing a completed Workflow's unlabelled Pod was a
     * confirmed stall. Null where none.
     */
    private static WorkflowSnapshot completedBefore(Correlation correlation, WorkflowRef wf, PodHistory pod, LogEvent first) {
        WorkflowHistory history = correlation.workflow(wf).orElse(null);
        if (history == null) {
            return null;
        }
        String owner = pod.ownerWorkflowUid();
        for (WorkflowSnapshot s : history.snapshots()) {
            Timestamp fin = s.finishedAt();
            if (!s.completed() || fin == null || !fin.comparable(first.time()) || fin.nanosUntil(first.time()) <= CROSS_CLOCK_NANOS
                    || (owner != null && s.uid() != null && !s.uid().isEmpty() && !owner.equals(s.uid()))) {
                continue;
            }
            boolean reset = false;
            for (LogEvent e : history.events()) {
                String phase = e.event() instanceof WorkflowProcessing p ? p.phase() : e.event() instanceof WorkflowUpdated u ? u.phase() : null;
                if (phase != null && !COMPLETED.contains(phase) && e.time().comparable(fin) && fin.nanosUntil(e.time()) > -CROSS_CLOCK_NANOS
                        && EventOrder.before(e, first)) {
                    reset = true;
                    break;
                }
            }
            for (LogEvent e : pod.events()) {
                if (e.event() instanceof PodCreated && e.time().comparable(fin) && fin.nanosUntil(e.time()) > -CROSS_CLOCK_NANOS) {
                    reset = true;
                    break;
                }
            }
            if (!reset) {
                return s;
            }
        }
        return null;
    }

    /**
     * A {@code Processing workflow} that gives the phase as empty ({@code phase=""}, v3.5.3 and later print it): the Workflow had
     * never been processed, a new Workflow object. v3.4 and v3.5.0-v3.5.2 print no phase (null): not told.
     */
    private static boolean firstPass(LogEvent processing) {
        return processing.event() instanceof WorkflowProcessing p && p.phase() != null && p.phase().isEmpty();
    }

    private static final long CROSS_CLOCK_NANOS = 10_000_000_000L;
    private static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");

    /**
     * The stall spans a restart or a hand-over: the controller run whose pod controller acted logged its last line before the
     * run that next processed the Workflow logged its first. Between the two no log shows a controller running at all.
     */
    private static boolean restart(Correlation correlation, LogEvent first, LogEvent next) {
        ControllerProcess acted = correlation.process(first);
        ControllerProcess resumed = correlation.process(next);
        return acted != null && resumed != null && acted != resumed && acted.last() != null && resumed.first() != null
                && acted.last().isBefore(resumed.first());
    }

    private static Message explain(Stall stall, String run, LogEvent first, long unreconciled, List<LogEvent> postponed) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of("AF003.explain.workers"));
        LogEvent zeroWorkers = stall.zeroWorkers();
        if (zeroWorkers != null) {
            WorkerNumbers w = (WorkerNumbers) zeroWorkers.event();
            m.add(Message.of("AF003.explain.zeroWorkers", "run", run, "at", zeroWorkers.time().format(), "cleanupWorkers",
                    w.podCleanupWorkers() == null ? Message.NOTHING : Message.of("AF003.explain.cleanupWorkers", "count", w.podCleanupWorkers())));
        }
        if (stall.startUp() != null) {
            m.add(Message.of("AF003.explain.startUp", "run", run, "at", stall.startUp().time().format(), "wf", stall.wf().toString()));
        }
        m.add(Message.of("AF003.explain.acted", "from", first.time().format(), "pod", first.event().pod().get().name(),
                "deletion", first.event() instanceof PodCleanupScheduled ? Message.of("AF003.explain.deletion") : Message.NOTHING,
                "wf", stall.wf().toString(),
                "before", stall.before() == null ? Message.NOTHING : Message.of("AF003.explain.lastProcessed", "at", stall.before().time().format()),
                "until", stall.next() != null ? Message.of("AF003.explain.until", "at", stall.next().time().format())
                        : Message.of("AF003.explain.untilLogsEnd", "at", stall.end().format()),
                "duration", GoDuration.format(stall.startUp() != null ? first.time().nanosUntil(stall.end()) : unreconciled)));
        if (!postponed.isEmpty()) {
            m.add(Message.of("AF003.explain.postponed", "count", postponed.size(), "first", postponed.get(0).time().format(),
                    "last", postponed.get(postponed.size() - 1).time().format()));
        }
        m.add(Message.of("AF003.explain.consequence"));
        return Message.sequence(m);
    }
}
