package dev.argoforensics.rules;

import dev.argoforensics.correlate.ContainersEnd;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.RunScopes;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EarlierLife;
import dev.argoforensics.correlate.ElidedNames;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.RemovalDeadline;
import dev.argoforensics.correlate.ControllerStop;
import dev.argoforensics.correlate.StayedAfterWorker;
import dev.argoforensics.correlate.WorkflowAbsent;
import dev.argoforensics.correlate.WorkflowFate;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.EventRecorded;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * AF001: the status-capture finalizer {@code workflows.argoproj.io/status} was removed from a
 * deleted Pod before the Workflow had persisted the Pod's node as fulfilled (argoproj/argo-workflows
 * #17024). See docs/rules/AF001.md.
 *
 * <p>A removal counts when the pod-controller released the finalizer because the Pod was being
 * deleted (or for a reason its lines do not show). It is premature unless the evidence shows the
 * node persisted first: a cleanup the controller queues only after persisting a fulfilled node
 * ({@code labelPodCompleted}, a delayed {@code deletePod}, a {@code removeFinalizer} from
 * {@code queuePodsForCleanup}), a {@code node changed} to a completed phase followed by
 * {@code Workflow update successful}, or an export showing the node fulfilled. A negative delay
 * alone is not a defect.
 *
 * <p>Longer than the house's ~300 lines on purpose: one removal's examination (the nine look-alikes it
 * clears, in order, the facts, the evidence it cites and the confidence) is one decision, read top to
 * bottom; what the finding says is assembled in {@link PrematureRemovalAccount}, its words are in
 * en.yaml.
 */
public final class PrematureFinalizerRemoval extends DeclaredRule {
    public static final String ID = "AF001";

    private final long stallThreshold;
    /** Node phases that record a result taken from the Pod (Error too, unless it is the loss itself). */
    private static final java.util.Set<String> CAPTURED = java.util.Set.of("Succeeded", "Failed", "Error");

    /** @param settings its stall threshold decides when the explanation says AF003 reports the stall */
    public PrematureFinalizerRemoval(RuleSettings settings) {
        super(ID, "Status-capture finalizer removed before the node result was persisted", Severity.HIGH);
        this.stallThreshold = settings.stallNanos();
    }

    public PrematureFinalizerRemoval() {
        this(RuleSettings.defaults());
    }

    @Override
    public boolean aboutStatusFinalizer() {
        return true;
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(EnumSet.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.POD_CONTROLLER_LINES), List.of(),
                // The audit log and the Events date and name the deletion (DeletionBounds, Deletion), which orders it with the end.
                EnumSet.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.WORKFLOW_SNAPSHOT, EvidenceKind.AUDIT_LOG, EvidenceKind.CLUSTER_EVENTS));
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        return evaluate(new RuleContext(correlation));
    }

    @Override
    public Evaluation evaluate(RuleContext context) {
        Correlation correlation = context.correlation();
        List<Finding> out = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        Reconciliation reconciliation = context.reconciliation();
        for (PodHistory pod : correlation.pods().values()) {
            PodLifecycle life = correlation.lifecycle(pod.key());
            // A release of an earlier Pod of this name that nothing tells apart from this one: not decided, and said (#8022).
            // An earlier Pod of the name that the controller itself deleted for v4's automatic restart: its release lost nothing.
            life.earlierInstanceRelease().filter(r -> life.earlierInstanceRestart().isPresent()).ifPresent(r -> cleared.add(new Clearance(pod.key(),
                    Message.of("AF001.cleared.earlierRestart", "at", r.time().format(), "created", pod.latestCreated().time().format(),
                            "restart", StopWords.restart(life.earlierInstanceRestart().get())), life.earlierInstanceRestart().get().line().source())));
            // argo retry's reset of the earlier Pod's Workflow, its release and its node's loss all in the lines between the two Created
            // pod lines: that Pod's race is assessed as its own (possible: its UID and its containers' end are in no export).
            life.earlierInstanceLife().ifPresent(el -> out.add(earlierLifeFinding(correlation, pod, el)));
            life.earlierInstanceRelease().filter(r -> life.earlierInstanceRestart().isEmpty() && life.earlierInstanceLife().isEmpty()).ifPresent(r -> cleared.add(new Clearance(pod.key(), life.earlierInstancePersisted()
                    .map(k -> Message.of("AF001.cleared.earlierPersisted", "at", r.time().format(), "how", k.how(),
                            "created", pod.latestCreated().time().format(), "line", pod.latestCreated().source().toString(), "rerun", rerun(life)))
                    .orElseGet(() -> Message.of("AF001.cleared.earlierInstance", "at", r.time().format(), "created", pod.latestCreated().time().format(),
                            "line", pod.latestCreated().source().toString(), "rerun", rerun(life))),
                    r.decisive().source())));
            FinalizerRemoval release = life.release();
            if (release == null) {
                boolean labelled = life.informerExit() != null && life.informerExit().kind() == InformerExit.Kind.LABELLED;
                pod.removals().stream().filter(r -> r.cause() == RemovalCause.LEFT_INFORMER).findFirst().ifPresent(r -> {
                    // The handler's own line names no Pod, so a grep of the Pod's name drops it: its scheduling line then shows the run.
                    LogEvent handler = r.onDelete() != null ? r.onDelete() : r.scheduled() != null ? r.scheduled() : r.queued() != null ? r.queued() : r.decisive();
                    cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.leftInformer", "at", handler.time().format(), "why",
                            Message.of(!labelled ? "AF001.cleared.leftRemoved" : life.labelled() != null ? "AF001.cleared.leftLabelled" : "AF001.cleared.leftSelector")),
                            handler.source()));
                });
                continue;
            }
            if (release.cause() == RemovalCause.UNKNOWN && life.staleRelease() != null) {
                // Session 53: the worker line is the earlier Pod's item, queued before this Pod was created and run on it by its key
                // (no UID): not the deleting handler's release after the deadline. Said of what it is, never "lines missing".
                cleared.add(staleRelease(pod, life));
                continue;
            }
            switch (release.cause()) {
                case ORPHANED -> cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.orphaned", "at", release.time().format()),
                        release.decisive().source()));
                // Session 60: a later export still showing the finalizer says the cleanup removed nothing (a controller whose
                // ARGO_POD_STATUS_CAPTURE_FINALIZER is not "true" patches nothing): the release is then not said to have happened.
                case AFTER_PERSIST -> cleared.add(new Clearance(pod.key(), life.heldAfterRelease()
                        .map(still -> Message.of("AF001.cleared.afterPersistHeld", "at", release.time().format(),
                                "taken", still.observed().time().format(), "export", still.source().toString()))
                        .orElseGet(() -> Message.of("AF001.cleared.afterPersist", "at", release.time().format())),
                        release.decisive().source()));
                // Session 57: the Workflow's passes as the Pod's own runs wrote them (Reconciliation#forPod), as its lifecycle reads them
                default -> {
                    dev.argoforensics.correlate.DatedBeforeCreation early = life.releaseDatedBeforeCreation().orElse(null);
                    if (early != null && early.notItsOwn()) {
                        // Session 61: the release dates a transition before this Pod existed, by clocks its records bound: an earlier
                        // Pod's of the name, whose lines are not given; this Pod's own release is not shown.
                        cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.datedBeforeCreation", "dating", Message.of("AF001.datingWords", datedWords(early))),
                                early.release().source()));
                    } else if (early != null) {
                        List<Finding> found = new ArrayList<>();
                        List<Clearance> reasons = new ArrayList<>();
                        new Case(correlation, reconciliation.forPod(pod), pod, life).assess(found, reasons);
                        // Session 62 (s61-b-lifetime 1b): a clearance of the release read as this Pod's rests on this Pod's node (its
                        // result captured then persisted...), while the release may be an earlier Pod's: said only with the dating.
                        for (Clearance c : reasons) {
                            cleared.add(new Clearance(c.pod(), Message.of("AF001.cleared.ifItsOwn", "clearance", c.why(),
                                    "dating", Message.of("AF001.datingWords", datedWords(early))), c.evidence()));
                        }
                        for (Finding f : found) {
                            // Possible at most, and said of every finding on the release (one already possible for another lack too).
                            out.add(f.withConfidence(f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY
                                    ? Confidence.POSSIBLE : f.confidence(), Message.of("AF001.reason.datedBeforeCreation", "reason", f.reason(),
                                            "dating", Message.of("AF001.datingWords", datedWords(early)))));
                        }
                    } else {
                        new Case(correlation, reconciliation.forPod(pod), pod, life).assess(out, cleared);
                    }
                }
            }
        }
        return new Evaluation(out, cleared);
    }

    /** The values of a release dated before the Pod's only creation shown ({@link dev.argoforensics.correlate.DatedBeforeCreation}). */
    private static Object[] datedWords(dev.argoforensics.correlate.DatedBeforeCreation d) {
        String delay = d.release().event() instanceof PodCleanupScheduled s ? s.delayText() : "?";
        return new Object[] {"at", d.release().time().format(), "line", d.release().source().toString(), "delay", delay,
                "dated", d.dated().format(), "before", GoDuration.format(d.beforeNanos()), "creation", d.creation().format(),
                "how", d.exported() ? Message.of("AF001.dating.exported") : d.paired() != null
                        ? Message.of("AF001.dating.pairedLine", "line", d.created().source().toString(), "pairing", d.paired())
                        : Message.of("AF001.dating.createdLine", "line", d.created().source().toString()),
                "lack", d.notItsOwn() ? Message.of("AF001.dating.bounded", "clock", d.clock())
                        : Message.of(d.exported() ? "AF001.dating.nodeUnbounded" : d.paired() != null ? "AF001.dating.runPaired" : "AF001.dating.noExport")};
    }

    /**
     * The release read as a cleanup item queued for the earlier Pod of the name ({@link PodLifecycle#staleRelease}): cleared where the
     * worker's stream was read whole from this Pod's creation to the worker line (no line of this Pod's own release is missing, so the
     * item was in the queue before this Pod existed), else not decided, naming what would decide it.
     */
    private static Clearance staleRelease(PodHistory pod, PodLifecycle life) {
        dev.argoforensics.correlate.NamesakeCleanup item = life.staleRelease();
        PodKey.Lifetime lifetime = pod.key().printed();
        String earlier = lifetime != null && lifetime.number() > 1 ? "lifetime " + (lifetime.number() - 1) + " of " + lifetime.of() : "earlier";
        return new Clearance(pod.key(), Message.of(life.staleReleaseWhole() ? "AF001.cleared.staleRelease" : "AF001.cleared.staleReleaseUnsure",
                "at", item.ran().time().format(), "line", item.ran().source().toString(), "queued", item.queued().time().format(),
                "queuedLine", item.queued().source().toString(), "earlier", earlier, "created", item.created().time().format()),
                item.ran().source());
    }

    /**
     * The earlier Pod of this name's release, as its own finding ({@link EarlierLife}): keyed by the name alone, with no UID (no
     * export gives it), so that it is not this Pod's. Possible at most: the lines show the release on the deletion path and the node
     * recorded lost before the reset, as they show any Pod's; but no export shows whether the earlier Pod's containers had ended
     * before its deletion (the race, AF001) or it was deleted while it ran (AF007), nor whether the Workflow was deleted in the
     * foreground (it was not reset then, but the lines do not exclude it before).
     */
    private Finding earlierLifeFinding(Correlation correlation, PodHistory pod, EarlierLife el) {
        FinalizerRemoval r = el.release();
        LogEvent decisive = r.decisive();
        Optional<PodCleanupScheduled> schedule = r.schedule();
        String delay = schedule.map(PodCleanupScheduled::delayText).orElse(null);
        NodeLink link = pod.link();
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("podInstance", "Pod instance", "the earlier Pod of this name, created at " + el.created().time().format()
                + ", before argo retry ran the node again in the Pod created at " + el.laterCreated().time().format()));
        facts.add(new Fact("earlierPodCreatedAt", "Earlier Pod created at", el.created().time().format()));
        facts.add(new Fact("finalizerRemovedAt", "Finalizer removed at", decisive.time().format()));
        facts.add(new Fact("delay", "Logged delay", delay));
        facts.add(new Fact("delayNanos", "Logged delay (ns)", schedule.map(PodCleanupScheduled::delayNanos).orElse(null)));
        facts.add(new Fact("nodePhaseAtRemoval", "Node phase when removed", el.phaseAtRelease()));
        facts.add(new Fact("finalNodePhase", "Final node phase", el.outcome().phase()));
        facts.add(new Fact("finalNodeMessage", "Final node message", el.outcome().message()));
        facts.add(new Fact("removalCause", "Why the controller removed it", r.cause() == RemovalCause.POD_DELETED
                ? "Pod deletion (pod event handler, after its deadline)" : r.cause().name()));
        facts.add(new Fact("containersAtDeletion", "Containers at the deletion", el.execution().state() == Execution.State.FINISHED_BEFORE
                ? "finished before it (the controller's lines only): " + el.execution().reason() : "not established: " + el.execution().reason()));
        facts.add(new Fact("workflowResetAt", "Workflow reset (argo retry) processed at", el.retry().processing() == null ? null
                : el.retry().processing().time().format()));
        facts.add(new Fact("laterPodCreatedAt", "Pod of this name created again at", el.laterCreated().time().format()));
        Cite cite = new Cite(correlation);
        cite.line(el.created(), "the earlier Pod of this name created");
        cite.line(r.onDelete(), "Pod deletion handled while it still had the finalizer");
        cite.line(r.scheduled(), schedule.map(x -> x.delayNanos() <= 0).orElse(false)
                ? "removal scheduled; negative delay = deadline already passed" : "removal scheduled for its deadline");
        cite.line(r.started(), "cleanup worker removes the finalizer");
        cite.line(el.phaseLine(), "node still unfulfilled after the removal");
        cite.line(el.lost(), "node recorded as failed");
        cite.line(el.retry().processing(), "the Workflow processed again after argo retry reset it");
        cite.line(el.laterCreated(), "the node run again in a new Pod of the same name");
        String state = el.phaseAtRelease() == null ? "not yet persisted as fulfilled" : "still " + el.phaseAtRelease();
        Message about = Message.of("AF001.earlierLife.summary", "pod", pod.key().toString(), "created", el.created().time().format(),
                "at", decisive.time().format(), "delay", delay == null ? Message.NOTHING : Message.of("AF001.summaryDelay", "delay", delay),
                "state", state, "message", el.outcome().message(), "later", el.laterCreated().time().format());
        Message account = Message.of("AF001.earlierLife.explain", "created", el.created().time().format(), "createdLine", el.created().source().toString(),
                "at", decisive.time().format(), "lost", el.lost().time().format(), "lostLine", el.lost().source().toString(),
                "rerun", rerunWords(el.retry()), "later", el.laterCreated().time().format(), "laterLine", el.laterCreated().source().toString());
        return new Finding(ID, title(), severity(), Confidence.POSSIBLE, Message.of("AF001.reason.earlierLife"), pod.key().named(), "",
                link == null ? null : link.workflow(), link == null ? null : new Finding.NodeRef(link.nodeId(), link.nodeName()),
                about, account, facts, cite.evidence());
    }

    private static Message rerunWords(dev.argoforensics.correlate.PhaseHistory.Pass p) {
        return Message.of("AF001.rerun.retry", "rv", String.valueOf(p.resourceVersion()), "completedRv",
                p.completion() == null || p.completion().resourceVersion() == null ? "?" : String.valueOf(p.completion().resourceVersion()));
    }

    /**
     * How the Pod's name came to be used again, from the pass that created this Pod: a reset copy of the completed Workflow
     * ({@code argo retry}), a new Workflow of the name, or not told by the lines.
     */
    private static Message rerun(PodLifecycle life) {
        dev.argoforensics.correlate.PhaseHistory.Pass p = life.rerun();
        if (p != null && p.copy() == dev.argoforensics.correlate.PhaseHistory.Copy.NEWER) {
            return Message.of("AF001.rerun.retry", "rv", String.valueOf(p.resourceVersion()), "completedRv",
                    p.completion() == null || p.completion().resourceVersion() == null ? "?" : String.valueOf(p.completion().resourceVersion()));
        }
        return Message.of(p != null && p.copy() == dev.argoforensics.correlate.PhaseHistory.Copy.NEW_RUN ? "AF001.rerun.newRun" : "AF001.rerun.unknown");
    }

    /** As {@link #rerun}, told of an earlier Pod of the name: the node ran again in the next one ({@code life}'s). */
    private static Message rerunInNext(PodLifecycle life) {
        dev.argoforensics.correlate.PhaseHistory.Pass p = life == null ? null : life.rerun();
        if (p != null && p.copy() == dev.argoforensics.correlate.PhaseHistory.Copy.NEWER) {
            return Message.of("AF001.rerunNext.retry", "rv", String.valueOf(p.resourceVersion()), "completedRv",
                    p.completion() == null || p.completion().resourceVersion() == null ? "?" : String.valueOf(p.completion().resourceVersion()));
        }
        return Message.of(p != null && p.copy() == dev.argoforensics.correlate.PhaseHistory.Copy.NEW_RUN ? "AF001.rerunNext.newRun" : "AF001.rerun.unknown");
    }

    /** One removal under examination. */
    private final class Case {
        private final PodHistory pod;
        private final PodLifecycle life;
        private final FinalizerRemoval removal;
        private final LogEvent decisive;
        private final NodeLink link;
        private final WorkflowHistory workflow;
        private final Correlation correlation;
        private final Reconciliation reconciliation;
        /** A pass after the Pod left that ended the Workflow Failed or Error without finding it missing (null: none). */
        private Reconciliation.Unmissed failedWithoutMissing;

        Case(Correlation correlation, Reconciliation reconciliation, PodHistory pod, PodLifecycle life) {
            this.correlation = correlation;
            this.reconciliation = reconciliation;
            this.pod = pod;
            this.life = life;
            this.removal = life.release();
            this.decisive = removal.decisive();
            this.link = pod.link();
            this.workflow = link == null ? null : correlation.workflow(link.workflow()).orElse(null);
        }

        /**
         * Session 58: the assessment, read again where the Pod's name was created in two runs with no cleanup between
         * ({@link dev.argoforensics.correlate.PodIdentity#unsplit}) that no Lease hand-over ties. One cluster's controller logs
         * {@code Created pod} only once the API server granted the create, so the second creation is a second Pod, the first gone
         * unlogged (its lines cut, a pre-finalizer release); two clusters' controllers each create their own Pod of the name, and
         * with no election line naming a Lease nothing in the lines says which (session 57 breaker: two clusters' rotated pieces
         * without election lines). A line of the other creation's run is then this Pod's (one cluster) or another object's (two
         * clusters): a clearance or a confirmed or likely finding resting on one is not decided, and says so.
         */
        void assess(List<Finding> findings, List<Clearance> cleared) {
            List<Finding> found = new ArrayList<>();
            List<Clearance> clears = new ArrayList<>();
            assessMixed(found, clears);
            java.util.Set<Integer> others = otherCreators();
            if (others.isEmpty()) {
                findings.addAll(found);
                cleared.addAll(clears);
                return;
            }
            java.util.Map<dev.argoforensics.source.SourceRef, Integer> runOf = new java.util.HashMap<>();
            for (LogEvent e : pod.events()) {
                runOf.putIfAbsent(e.source(), e.stream());
            }
            if (workflow != null) {
                for (LogEvent e : workflow.events()) {
                    runOf.putIfAbsent(e.source(), e.stream());
                }
            }
            Message undecided = Message.of("AF001.reason.unsplitRuns", "created", pod.identity().unsplitWords(),
                    "run", runLabel(decisive), "others", String.join(", ", others.stream().map(r -> correlation.processes().get(r).label()).toList()));
            for (Clearance c : clears) {
                Integer run = c.evidence() == null ? null : runOf.get(c.evidence());
                if (run != null && others.contains(run)) {
                    findings.add(finding().withConfidence(Confidence.POSSIBLE, Message.of("AF001.reason.unsplitCleared", "clearance", c.why(),
                            "line", c.evidence().toString(), "undecided", undecided)));
                } else {
                    cleared.add(c);
                }
            }
            for (Finding f : found) {
                // A cited line of neither the Pod nor its Workflow (the workers' numbers) has no run here: it leans on no creation
                // (session 60: a TreeSet asked for null threw, and the whole AF001 evaluation with it).
                boolean leans = f.evidence().stream().anyMatch(l -> l.source() != null && runOf.get(l.source()) != null
                        && others.contains(runOf.get(l.source())));
                if (leans && (f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY)) {
                    findings.add(f.withConfidence(Confidence.POSSIBLE, Message.of("AF001.reason.unsplitFinding", "reason", f.reason(), "undecided", undecided)));
                } else {
                    findings.add(f);
                }
            }
        }

        /**
         * The runs other than the release's that logged a creation of the name left undecided with another run's ({@link #assess}):
         * empty where the undecided creations are one run's, or runs a Lease hand-over ties (one installation's, one cluster's).
         */
        private java.util.Set<Integer> otherCreators() {
            List<dev.argoforensics.correlate.PodIdentity.Creation> unsplit = pod.identity().unsplit();
            if (unsplit.isEmpty()) {
                return java.util.Set.of();
            }
            java.util.Set<dev.argoforensics.source.SourceRef> lines = new java.util.HashSet<>();
            unsplit.forEach(c -> lines.add(c.source()));
            java.util.Set<Integer> runs = new java.util.TreeSet<>();
            for (LogEvent e : pod.events()) {
                if (e.event() instanceof ControllerEvent.PodCreated && lines.contains(e.source())) {
                    runs.add(e.stream());
                }
            }
            if (runs.size() < 2) {
                return java.util.Set.of();
            }
            int own = decisive.stream();
            runs.removeIf(r -> r == own || reconciliation.tied(r, own));
            if (runs.isEmpty()) {
                return java.util.Set.of();
            }
            // Runs tied to one another by hand-overs, each of which logged a creation: one installation, the creations one cluster's.
            return runs;
        }

        private void assessMixed(List<Finding> findings, List<Clearance> cleared) {
            String at = decisive.time().format();
            Optional<ControllerStop> restart = life.restartedByController().filter(r -> EventOrder.before(r.line(), decisive));
            if (restart.isPresent()) {
                // v4's automatic restart: the Pod failed before its main container ran, the node went back to Pending and the
                // controller deleted the Pod by its UID; the release on that deletion had no result to lose.
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.restart", "at", at, "restart", StopWords.restart(restart.get())),
                        restart.get().line().source()));
                return;
            }
            if (life.persisted() != null) {
                // Session 47: a Pod labelled while being deleted lost its finalizer with the label, before the release's own worker ran.
                String gone = life.removedWithLabel().map(l -> l.time().format()).orElse(at);
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.persisted", "at", gone, "how", life.persisted().how()),
                        life.persisted().evidence()));
                return;
            }
            if (workflow != null) {
                for (NodeObservation o : workflow.nodeObservations(link.nodeId())) {
                    // Only a record of this Pod's run of the node: after argo retry the node's later run in a new Pod of the name
                    // (session 43) is fulfilled in an export taken later, which says nothing of this Pod's result.
                    if (o.node().fulfilled() && !o.node().podDeletedError() && !pod.ownedByAnother(o.snapshot()) && life.ofOwnRun(o.snapshot())) {
                        cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.exportFulfilled", "export", o.snapshot().what(),
                                "phase", o.node().phase()), o.source()));
                        return;
                    }
                }
            }
            if (life.heldAfterRelease().isPresent()) {
                PodSnapshot still = life.heldAfterRelease().get();
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.stillHeld", "at", at,
                        "taken", still.observed().time().format()), still.source()));
                return;
            }
            LogEvent persistedLater = life.persistedAfter();
            if (persistedLater != null) {
                // Another run's line within two clocks' disagreement of the release (a cleanup, its pass's update, the node's event):
                // persisted about then (the lifecycle's persistedAfter).
                // A node the controller failed as it stopped the Workflow (argo stop or terminate, activeDeadlineSeconds) was
                // stored with the stop's message, not the step's result: name the stop, not a result captured (session 47 breaker:
                // another run's WorkflowNodeFailed "workflow shutdown with strategy:  Stop" within the margin read "captured").
                String stop = persistedLater.event() instanceof EventRecorded r ? NodeOutcome.controllerStop(r.phase(), r.nodeMessage())
                        : life.outcome() == null ? null : life.outcome().controllerStop();
                if (stop != null) {
                    cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.stoppedAbout", "at", at, "cleanup", cleanupAction(persistedLater),
                            "when", persistedLater.time().format(), "stop", Message.of("deadline".equals(stop) ? "AF001.cleared.stopDeadline"
                                    : "AF001.cleared.stopStrategy", "strategy", stop)), persistedLater.source()));
                    return;
                }
                String key = life.persistedShownAfterRelease() ? "AF001.cleared.persistedLater" : "AF001.cleared.persistedAbout";
                cleared.add(new Clearance(pod.key(), Message.of(key, "at", at, "cleanup", cleanupAction(persistedLater),
                        "when", persistedLater.time().format()), persistedLater.source()));
                return;
            }
            LogEvent[] captured = capturedThenPersisted();
            if (captured != null && captured[1].event() instanceof EventRecorded r) {
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.capturedByEvent", "at", at, "phase", r.phase(),
                        "reason", r.reason(), "write", captured[1].time().format()), captured[1].source()));
                return;
            }
            if (captured != null) {
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.capturedThenPersisted", "at", at, "phase", life.outcome() == null ? "Failed" : life.outcome().phase(),
                        "changed", captured[0].time().format(), "write", captured[1].time().format(),
                        "how", Message.of(captured[1].event() instanceof WorkflowUpdated ? "AF001.cleared.byUpdate" : "AF001.cleared.byRetry")),
                        captured[1].source()));
                return;
            }
            WorkflowFate fate = life.workflow();
            Known withWorkflow = life.deletedWithWorkflow().filter(k -> life.deletion() != null || !life.lostToDeletion())
                    .or(() -> fate != null && fate.deleted() != null && fate.deleted().fromLogs() && workflowDeletionCaused(fate.deleted())
                            ? Optional.of(fate.deleted()) : Optional.empty())
                    .orElse(null);
            if (withWorkflow != null) {
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.workflowDeleted", "at", at, "how", withWorkflow.how(),
                        "when", withWorkflow.at().format()), withWorkflow.evidence()));
                return;
            }
            Execution execution = life.execution();
            if (execution.state() == Execution.State.NEVER_SCHEDULED) {
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.neverStarted", "at", at, "reason", execution.reason()), execution.evidence()));
                return;
            }
            if (execution.state() == Execution.State.MAIN_NEVER_STARTED) {
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.mainNeverStarted", "at", at, "reason", execution.reason()), execution.evidence()));
                return;
            }
            // Not on the Pod the API server returned within the kubelet's report lag of the request alone (Execution#reportLag): it
            // holds main as last reported, and a main that ended a second before the deletion, its result then lost to the release
            // (a true #17024 race), reads the same; AF007 is only likely on it, so AF001 stays a finding naming it (s47-breaker15).
            // Nor on a lost node's last report where nothing shows the node gone rather than not ready (Execution#nodeMayReturn): a
            // kubelet that came back reports main's end, which ended during the partition, after the deletion, and the held
            // finalizer would have kept that report for the controller; the release may have lost it (session 48).
            if (execution.state() == Execution.State.RUNNING && !execution.reportLag() && !execution.nodeMayReturn()) {
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.running", "reason", execution.reason()), execution.evidence()));
                return;
            }
            if (!life.lostToDeletion() && link != null) {
                LogEvent after = life.informerExit() != null && EventOrder.after(life.informerExit().event(), decisive) ? life.informerExit().event() : decisive;
                Optional<LogEvent> passedOver = reconciliation.passedOver(link.workflow(), after, nextLifetimeCreated());
                if (passedOver.isPresent()) {
                    cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.passedOver", "at", at, "when", passedOver.get().time().format()),
                            passedOver.get().source()));
                    return;
                }
                // Session 48: passedOver's reading across runs. No controller took the Workflow up after the release, and nothing could
                // have led unseen between: the releasing run itself, or a run tied to it by hand-overs of the Lease, came round its
                // first-in, first-out queue without it (WorkflowAbsent). No pass recorded the loss.
                Optional<WorkflowAbsent> absent = life.workflowAbsentAfterRelease().filter(a -> a.decides() && a.release() == removal && !workflowSeenAfter());
                if (absent.isPresent()) {
                    WorkflowAbsent a = absent.get();
                    cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.workflowAbsent", "at", at, "run", a.run().replica(),
                            "how", Message.of(a.releasingRun() ? "AF001.cleared.absentReleasing" : "AF001.cleared.absentTied"),
                            "round", a.cameRound().format()), decisive.source()));
                    return;
                }
                // A pass after the Pod left the informer that did not find it missing read the node fulfilled: nothing was lost (review s25).
                Optional<Reconciliation.Unmissed> unmissed = life.informerExit() != null && life.informerExit().kind() == InformerExit.Kind.REMOVED
                        && EventOrder.after(life.informerExit().event(), decisive) && laterErrors().isEmpty()
                        ? reconciliation.reconciledWithoutMissing(link.workflow(), life.informerExit().event()) : Optional.empty();
                // Session 50: a pass not closed before a later Pod of the name was created (its lifetime's end) may be the pass that
                // created it (argo retry's reset copy, a new Workflow of the name), which read the node reset, not this Pod's.
                java.util.Optional<dev.argoforensics.time.Timestamp> until = java.util.Optional.ofNullable(pod.identity().until());
                if (unmissed.isPresent() && until.isPresent() && !unmissed.get().closed().time().isBefore(until.get())) {
                    unmissed = Optional.empty();
                }
                if (unmissed.isPresent() && unmissed.get().failedAs() == null) {
                    cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.reconciledWithoutMissing", "at", at,
                            "gone", life.informerExit().event().time().format(), "when", unmissed.get().pass().time().format(),
                            "closed", unmissed.get().closed().time().format()), unmissed.get().pass().source()));
                    return;
                }
                // A pass that failed the Workflow without finding the Pod missing: the node fulfilled, or the pass left before pod
                // reconciliation (review s26). Neither cleared nor likely.
                failedWithoutMissing = unmissed.orElse(null);
            }
            // Session 52: an earlier Pod of a name the lines told apart, its node's loss not recorded, and no line of its Workflow
            // between its release and the pass that ran the node again under the name: that pass (argo retry's reset copy, which the
            // server makes only of a completed Workflow after deleting the reset nodes' Pods; a new Workflow of the name, the earlier
            // one deleted with its Pods) is the Workflow's next in the lines, so none is shown reading the node with this Pod gone,
            // and the reset or the Workflow's deletion may be what deleted it. Not decided, as before the split (then said on the later
            // Pod, whose lines held the release); said on this Pod, whose release it is.
            LogEvent next = nextLifetimeCreated();
            if (next != null && link != null && !life.lostToDeletion() && reconciliation.seenBetween(link.workflow(), decisive, next).isEmpty()) {
                PodLifecycle nextLife = correlation.lifecycle(nextLifetimeKey());
                cleared.add(new Clearance(pod.key(), Message.of("AF001.cleared.earlierLifetime", "at", at, "created", next.time().format(),
                        "line", next.source().toString(), "rerun", rerunInNext(nextLife)), decisive.source()));
                return;
            }
            findings.add(finding());
        }

        /** The key of the next lifetime of this Pod's name ({@link #nextLifetimeCreated}), or null. */
        private PodKey nextLifetimeKey() {
            return correlation.nextLifetime(pod.key());
        }

        /**
         * The {@code Created pod} line of the next lifetime of this Pod's name the lines told apart ({@link PodKey#printed}, session
         * 51): where this Pod's lines end. Null for the latest, or a Pod whose name was not split.
         */
        private LogEvent nextLifetimeCreated() {
            PodKey.Lifetime l = pod.key().printed();
            if (l == null || l.number() == l.of()) {
                return null;
            }
            PodKey next = nextLifetimeKey();
            PodHistory h = next == null ? null : correlation.pods().get(next);
            return h == null ? null : h.latestCreated();
        }

        private Finding finding() {
            List<EvidenceLine> evidence = new ArrayList<>();
            List<Fact> facts = new ArrayList<>();
            Optional<PodCleanupScheduled> schedule = removal.schedule();
            ContainersEnd end = life.containers();
            Execution execution = life.execution();
            DeletionRequest deletion = life.deletion();

            // A worker that took the item after the Pod had left its informer removed nothing: no removal time is known, only that the
            // finalizer had gone by the time the Pod left, and when that worker came.
            LogEvent goneFirst = life.goneBeforeTheWorker().orElse(null);
            // An item no worker line of its run took while it could remove the finalizer (session 38): its run lost the Lease or ended,
            // or ran on, read whole, past a line showing the Pod gone. Nothing it did removed the finalizer: no removal time is known.
            FinalizerRemoval.Unworked unworked = goneFirst == null && removal.started() == null ? removal.unworked() : null;
            // Session 40: the Pod that stayed in the worker's informer a minute after its line (StayedAfterWorker) was not shown released
            // by it either: the same fact (PodLifecycle#releaseShownRemoving) the timeline and AF002 read.
            StayedAfterWorker stayedFact = goneFirst == null && unworked == null ? life.stayedAfterTheWorker().orElse(null) : null;
            facts.add(new Fact("finalizerRemovedAt", "Finalizer removed at", goneFirst != null || unworked != null || stayedFact != null ? null
                    : decisive.time().format()));
            if (stayedFact != null) {
                facts.add(new Fact("cleanupWorkerAt", "Cleanup worker took the item at", decisive.time().format()));
                facts.add(new Fact("podStayedUntil", "Pod still in the controller's informer until", stayedFact.until().format()));
            }
            if (unworked != null) {
                facts.add(new Fact("releaseNotTaken", "Release item not taken", PrematureRemovalAccount.unworkedWords(unworked)));
                if (unworked.kind() == FinalizerRemoval.Unworked.Kind.GONE_BEFORE) {
                    facts.add(new Fact("finalizerGoneBy", "Finalizer gone by (the Pod seen gone)", unworked.at().format()));
                }
            }
            if (goneFirst == null && unworked == null) {
                // Session 39: another controller's worker took the same release; which removed the finalizer rests on two clocks.
                life.alsoReleasedBy().ifPresent(o -> facts.add(new Fact("alsoReleasedAt", "Also released by another controller run at",
                        o.decisive().time().format() + " (" + runLabel(o.decisive()) + ")")));
            }
            if (goneFirst != null) {
                facts.add(new Fact("finalizerGoneBy", "Finalizer gone by (the Pod left the informer)", goneFirst.time().format()));
                facts.add(new Fact("cleanupWorkerAt", "Cleanup worker took the item at", removal.started() == null ? null : decisive.time().format()));
            }
            facts.add(new Fact("delay", "Logged delay", schedule.map(PodCleanupScheduled::delayText).orElse(null)));
            facts.add(new Fact("delayNanos", "Logged delay (ns)", schedule.map(PodCleanupScheduled::delayNanos).orElse(null)));
            facts.add(new Fact("nodePhaseAtRemoval", "Node phase when removed", life.phaseAtRelease()));
            NodeOutcome fin = life.outcome();
            facts.add(new Fact("finalNodePhase", "Final node phase", fin == null ? null : fin.phase()));
            facts.add(new Fact("finalNodeMessage", "Final node message", fin == null ? null : fin.message()));
            facts.add(new Fact("removalCause", "Why the controller removed it", goneFirst != null
                    ? "none by this controller: its release was queued (" + cause() + "), but " + (removal.started() == null
                    ? "the Pod left its informer with no line of its cleanup worker taking the item before" : "its cleanup worker took the item after the Pod "
                    + "had left its informer") + "; who removed the finalizer is not in the evidence"
                    : unworked != null ? "none that this controller's lines show: its release was queued (" + cause() + "), but "
                    + PrematureRemovalAccount.unworkedWords(unworked) + "; who removed the finalizer is not in the evidence" : cause()));
            facts.add(new Fact("deletionRequested", "Deletion requested", deletion == null ? null : deletion.describe()));
            if (deletion != null && deletion.skew() != null) {
                facts.add(new Fact("controllerClock", "Controller clock", deletion.skew().describe()));
            }
            facts.add(new Fact("containersAtDeletion", "Containers at the deletion", execution.state() == Execution.State.FINISHED_BEFORE
                    ? "finished before it: " + execution.reason() : "not established: " + execution.reason()));

            PodSnapshot latest = pod.latestSnapshot().orElse(null);
            RemovalDeadline recomputed = RemovalDeadline.recompute(latest, schedule.orElse(null), removal.scheduled()).orElse(null);
            life.releaseRunClock().ifPresent(c -> {
                facts.add(new Fact("releasingControllerClock", "Releasing controller's clock", dev.argoforensics.wording.Words.english().render(PrematureRemovalAccount.clockWords(c))));
                schedule.ifPresent(sc -> facts.add(new Fact("delayOnObjectsClock", "Delay on the API server's clock",
                        GoDuration.format(sc.delayNanos() - c.driftNanos()))));
            });
            if (recomputed != null) {
                facts.add(new Fact("recomputedDeadline", "Deadline from the Pod export", recomputed.deadline().format()));
                facts.add(new Fact("recomputedDelay", "Delay recomputed from the Pod export", GoDuration.format(recomputed.nanos())));
                facts.add(new Fact("recomputedDelayNanos", "Delay recomputed (ns)", recomputed.nanos()));
                facts.add(new Fact("delayAgrees", "Logged and recomputed delay agree", recomputed.agrees()));
            }
            if (end != null) {
                facts.add(new Fact("containersFinishedAt", "Containers finished at", end.at().format()));
                facts.add(new Fact("containerExitCodes", "Container exit codes", end.exitSummary()));
            }
            Optional<LogEvent> workers = reconciliation.zeroWorkers(decisive);
            workers.ifPresent(w -> facts.add(new Fact("workflowWorkersAtRemoval", "Workflow workers at removal",
                    ((WorkerNumbers) w.event()).workflowWorkers())));
            Optional<LogEvent> lastUpdate = lastWorkflowUpdateBefore();
            lastUpdate.ifPresent(u -> facts.add(new Fact("lastWorkflowUpdateBeforeRemoval", "Last Workflow update before removal",
                    u.time().format())));
            Optional<LogEvent> lastProcessed = link == null ? Optional.empty() : reconciliation.lastProcessedBefore(link.workflow(), decisive);
            lastProcessed.ifPresent(p -> {
                facts.add(new Fact("lastProcessedBeforeRemoval", "Workflow last processed before removal", p.time().format()));
                facts.add(new Fact("unprocessedForAtRemoval", "Not processed for, at removal", GoDuration.format(p.time().nanosUntil(decisive.time()))));
            });

            // Evidence, in time order: how the finalizer went, what was persisted, what followed.
            Cite cite = new Cite(correlation);
            Cite.workflowNotFound(life.workflow(), facts, cite);
            workers.ifPresent(w -> cite.line(w, "controller running without workflow workers"));
            lastUpdate.ifPresent(u -> cite.line(u, "last Workflow update persisted before the removal"));
            life.succeededAsSeenByController().filter(e -> e.source().equals(execution.evidence()))
                    .ifPresent(e -> cite.line(e, "a Workflow worker assessed the Pod Succeeded, before its run saw the deletion"));
            cite.line(removal.onDelete(), "Pod deletion handled while it still had the finalizer");
            cite.line(removal.scheduled(), schedule.map(s -> s.delayNanos() <= 0).orElse(false)
                    ? "removal scheduled; negative delay = deadline already passed" : "removal scheduled for its deadline");
            cite.line(removal.started(), goneFirst != null ? "cleanup worker takes the item, the Pod no longer in its informer: it removes nothing"
                    : stayedFact != null ? "cleanup worker takes the item; the Pod stays in its informer more than a minute after: not shown removing the finalizer"
                    : life.alsoReleasedBy().isPresent() && unworked == null ? "one controller's cleanup worker takes the release; another's did too, which removed it rests on two clocks"
                    : "cleanup worker removes the finalizer");
            if (goneFirst == null && unworked == null) {
                life.alsoReleasedBy().ifPresent(o -> {
                    cite.line(o.scheduled(), "another controller run schedules the same release");
                    cite.line(o.started(), "another controller run's cleanup worker takes the same release");
                });
            }
            if (unworked != null && unworked.line() != null) {
                cite.line(unworked.line(), switch (unworked.kind()) {
                    case LEASE_LOST -> "the releasing run lost the Lease with no cleanup worker line for the item before it";
                    case GONE_BEFORE -> "the Pod seen gone, the releasing run's log going on with no cleanup worker line for the item";
                    case RUN_ENDED -> "the releasing run ended with no cleanup worker line for the item";
                });
            }
            if (life.informerExit() != null && life.informerExit().kind() == InformerExit.Kind.REMOVED
                    && EventOrder.after(life.informerExit().event(), decisive)) {
                cite.line(life.informerExit().event(), "Pod gone from the controller's informer");
            }
            life.stayedAfterTheWorker().map(StayedAfterWorker::gone).filter(g -> g != null)
                    .ifPresent(g -> cite.line(g, "Pod gone from the controller's informer more than a minute after its cleanup worker took the item"));
            life.goneBeforeTheWorker().ifPresent(g -> cite.line(g, removal.started() == null
                    ? "Pod gone from the controller's informer with no cleanup worker line for the item before it"
                    : "Pod gone from the controller's informer before its cleanup worker took the item"));
            if (life.phaseAtReleaseLine() != null) {
                cite.line(life.phaseAtReleaseLine(), "node still unfulfilled after the removal");
            }
            List<LogEvent> errors = laterErrors();
            errors.forEach(e -> cite.line(e, "node recorded as failed"));
            if (deletion != null && deletion.notAfter() != null && !deletion.notAfter().fromLogs()) {
                for (AuditRecord a : pod.auditRecords()) {
                    if (a.source().equals(deletion.notAfter().evidence())) {
                        cite.audit(a, "the deletion request");
                    }
                }
            }
            // Exports have no time of their own (only a lower bound): they follow the log lines.
            if (end != null) {
                cite.pod(end.snapshot(), "exported Pod");
            }
            if (workflow != null) {
                for (NodeObservation o : workflow.nodeObservations(link.nodeId())) {
                    if (life.ofOwnRun(o.snapshot())) {
                        cite.node(o, "exported Workflow");
                    }
                }
            }
            evidence.addAll(cite.evidence());

            boolean exportShowsLoss = fin != null && fin.fromExport() && life.lostToDeletion();
            boolean lossRecorded = life.lostToDeletion() || !errors.isEmpty();
            boolean finishedFirst = execution.state() == Execution.State.FINISHED_BEFORE;
            Confidence confidence;
            Message reason;
            String how = execution.reason();
            if (removal.cause() == RemovalCause.UNKNOWN) {
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.unknownCause");
            } else if (removal.cause() == RemovalCause.EITHER_BRANCH) {
                confidence = Confidence.POSSIBLE;
                reason = PrematureRemovalAccount.eitherBranch(schedule.orElse(null), reconciledAfter(errors));
            } else if (fin != null && fin.errorUnexplained()) {
                // s47: the node's Error is recorded by its phase line alone (an excerpt, a level filter): the loss ("pod deleted")
                // and a result taken from the Pod read the same, so neither a loss nor a result captured is shown.
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.errorUnexplained", "at", fin.time() == null ? "?" : fin.time().format(),
                        "line", fin.source().toString(), "execution", how);
            } else if (!finishedFirst) {
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.notFinishedFirst", "execution", how);
            } else if ((!execution.weak() || execution.endShown()) && lossRecorded) {
                // A Workflow deleted in the foreground leaves these very lines (lifecycle reference A3): confirmed only where an
                // object or a record shows it was not being deleted when the Pod's deletion was requested, likely where the
                // controller's lines leave no room for it, possible where nothing excludes it. An end that an export of the
                // deleted Pod shows, ordered before the deletion by the controller's lines only, is no lost node's Pod (its
                // kubelet never reports main terminated) but rests on the lines' silence: likely at most.
                Message loss = exportShowsLoss ? Message.of("AF001.reason.exportShowsLoss", "message", fin.message()) : Message.of("AF001.reason.logsShowLoss");
                Optional<Known> stood = life.workflowNotDeleted();
                if (stood.isPresent() && execution.weak()) {
                    confidence = Confidence.LIKELY;
                    // The end shown by a Workflow worker's reading of the Pod Succeeded before the run saw the deletion (session 45), or
                    // by an export of the deleted Pod placed in the first deleted version by the handler's lines.
                    boolean assessed = life.succeededAsSeenByController().map(e -> e.source().equals(execution.evidence())).orElse(false);
                    reason = Message.of(assessed ? "AF001.reason.assessedOrderedByLines" : "AF001.reason.endShownOrderedByLines", "loss", loss,
                            "execution", how, "stood", stood.get().how());
                } else if (stood.isPresent() && !stood.get().weak() && execution.graceGuess()) {
                    // Session 40: the order rests on a grace-0 deletionTimestamp taken for the request, an inference the kubelet's final
                    // delete on Kubernetes 1.33+ can break: a confirmed finding must not rest on it.
                    confidence = Confidence.LIKELY;
                    reason = Message.of("AF001.reason.graceGuess", "loss", loss, "execution", how, "stood", stood.get().how());
                } else if (stood.isPresent() && !stood.get().weak()) {
                    confidence = Confidence.CONFIRMED;
                    reason = Message.of("AF001.reason.confirmed", "loss", loss, "execution", how, "stood", stood.get().how());
                } else if (stood.isPresent()) {
                    confidence = Confidence.LIKELY;
                    reason = Message.of(stood.get().statedClock() ? "AF001.reason.stoodByStatedTime" : "AF001.reason.stoodByLines",
                            "loss", loss, "execution", how, "stood", stood.get().how());
                } else {
                    confidence = Confidence.POSSIBLE;
                    reason = WorkflowStandingCap.unlogged(Message.of("AF001.reason.workflowDeletionOpen", "loss", loss, "execution", how), life, stood);
                }
                if (stood.isPresent() && stood.get().contested()) {
                    // Session 43: the record of the Pod's delete names the garbage collector, which says the Workflow was going: the
                    // evidence that it stood is contested, so the finding names the disagreement and is not confirmed on it.
                    confidence = confidence == Confidence.CONFIRMED ? Confidence.LIKELY : confidence;
                    reason = Message.of("common.stoodContested", "reason", reason, "contest", stood.get().contestedBy());
                }
            } else if (lossRecorded) {
                // The lines alone cannot tell a Pod that had finished from one whose node was lost (its kubelet gone, nothing
                // changes after the deletion either: the pod-deleted-during-execution sample): possible, not likely.
                confidence = Confidence.POSSIBLE;
                // Session 46: where a Metadata-level audit record of the delete is given, it names who deleted the Pod and when, not the
                // Pod's phase nor the grace the request asked for: a forced delete (or the Pod garbage collector's, once the node was
                // gone) of a Pod on a lost node also vanishes at the release. The reason says what the record lacks, not that an
                // audit log would settle it.
                // s47: a record with the request's body (level Request, or RequestResponse where the API server returned no Pod: a
                // returned Pod is read as an export of it and decides before this) is read for the grace period it asked for.
                Optional<Deletion> audited = life.deleters().stream()
                        .filter(d -> d.audit() != null && d.requestsDeletion()).findFirst();
                reason = audited.isEmpty() ? Message.of("AF001.reason.linesOnly", "execution", how)
                        : !audited.get().audit().requestBodyLogged()
                        ? Message.of("AF001.reason.linesOnlyAudited", "execution", how, "deleter", audited.get().describe())
                        : Message.of("AF001.reason.linesOnlyAuditedBody", "execution", how, "deleter", audited.get().describe(),
                                "grace", graceAsked(audited.get().audit().gracePeriodSeconds()));
            } else if (!execution.weak() && failedWithoutMissing != null) {
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.failedWithoutMissing", "execution", how, "phase", failedWithoutMissing.failedAs(),
                        "when", failedWithoutMissing.pass().time().format(), "closed", failedWithoutMissing.closed().time().format());
            } else if (!execution.weak() && workflowSeenAfter()) {
                confidence = Confidence.LIKELY;
                reason = Message.of("AF001.reason.endsBeforeOutcomeWorkflowSeen", "execution", how);
            } else if (!execution.weak() && life.workflowAbsentAfterRelease().filter(a -> a.release() == removal).isPresent()) {
                // Session 48: a later run came round without the Workflow, but nothing ties it to the releasing run.
                WorkflowAbsent a = life.workflowAbsentAfterRelease().get();
                confidence = Confidence.POSSIBLE;
                if (a.scope() == RunScopes.Coverage.COVERED) {
                    reason = Message.of("AF001.reason.endsBeforeOutcomeAbsentUntied", "execution", how, "run", a.run().replica(),
                            "round", a.cameRound().format());
                } else {
                    // Session 49: the run's scope (namespace, instance ID) did not hold the Workflow, or its lines do not show that it did.
                    reason = Message.of(a.scope() == RunScopes.Coverage.OUTSIDE ? "AF001.reason.endsBeforeOutcomeAbsentOutOfScope"
                                    : "AF001.reason.endsBeforeOutcomeAbsentScopeUnshown", "execution", how, "run", a.run().replica(),
                            "round", a.cameRound().format(), "namespace", link == null ? "" : link.workflow().namespace());
                }
            } else if (!execution.weak()) {
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.endsBeforeOutcome", "execution", how);
            } else {
                confidence = Confidence.POSSIBLE;
                reason = Message.of(workflowSeenAfter() ? "AF001.reason.endsBeforeOutcomeWeak" : "AF001.reason.endsBeforeOutcomeWeakUnseen");
            }

            if (ElidedNames.isElided(pod.key().name())) {
                // An excerpt that left the names out: no line of it can be tied to a Workflow node, none is dated, no
                // export can be the Pod's. Whether the node's result was persisted first is never in it: possible at most.
                confidence = Confidence.POSSIBLE;
                reason = elidedExcerpt(schedule.orElse(null), workers.orElse(null));
            }
            Optional<LogEvent> gone = life.goneBeforeTheWorker();
            if (gone.isPresent()) {
                // The worker patches the Pod its informer holds: gone from it, the Pod was patched by nothing of this controller's.
                confidence = Confidence.POSSIBLE;
                reason = removal.started() == null
                        ? Message.of("AF001.reason.goneNoWorker", "gone", gone.get().time().format(), "goneLine", gone.get().source().toString(),
                                "queuedLine", decisive.source().toString())
                        : Message.of("AF001.reason.goneBeforeWorker", "gone", gone.get().time().format(), "goneLine", gone.get().source().toString(),
                                "worker", decisive.time().format(), "workerLine", decisive.source().toString());
            }
            Optional<StayedAfterWorker> stayed = life.stayedAfterTheWorker();
            if (stayed.isPresent() && gone.isEmpty() && confidence != Confidence.POSSIBLE) {
                // The patch that empties a due Pod's finalizers removes it at once: still in the informer a minute after the worker's
                // line, it was kept by something that patch did not remove, and whoever removed that is not in the evidence.
                StayedAfterWorker st = stayed.get();
                String after = GoDuration.format(decisive.time().nanosUntil(st.until()));
                reason = st.gone() != null
                        ? Message.of("AF001.reason.stayedAfterWorker", "worker", decisive.time().format(), "workerLine", decisive.source().toString(),
                                "gone", st.until().format(), "goneLine", st.gone().source().toString(), "after", after, "was", reason)
                        : Message.of("AF001.reason.stayedNoDeleteEvent", "worker", decisive.time().format(), "workerLine", decisive.source().toString(),
                                "until", st.until().format(), "after", after, "was", reason);
                confidence = Confidence.POSSIBLE;
            }
            if (unworked != null) {
                // The item's own run shows that none of its workers took it while it could remove anything.
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.notTaken", "queuedLine", decisive.source().toString(), "why", PrematureRemovalAccount.unworkedWords(unworked));
            }
            Optional<FinalizerRemoval> second = gone.isEmpty() && unworked == null ? life.alsoReleasedBy() : Optional.empty();
            if (second.isPresent() && !instancesDiffer(decisive, second.get().decisive())) {
                // Two controllers working at once both took the release (session 39): the earlier line on the merged time line is not
                // known to be the removal, and two writers of the Workflow's status may have made the loss.
                LogEvent other = second.get().decisive();
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF001.reason.twoControllers", "worker", decisive.time().format(), "workerLine", decisive.source().toString(),
                        "run", runLabel(decisive), "other", other.time().format(), "otherLine", other.source().toString(), "otherRun", runLabel(other),
                        "margin", GoDuration.format(dev.argoforensics.correlate.SecondReleaser.MARGIN_NANOS), "reason", reason);
            }
            if (deletion != null && deletion.skew() != null) {
                reason = Message.of("AF001.reason.skewed", "reason", reason, "skew", deletion.skew().offset());
            }
            NodeMarginCap nodeCap = NodeMarginCap.of(confidence, reason, execution);
            confidence = nodeCap.confidence();
            reason = nodeCap.reason();
            Message summary = goneFirst != null
                    ? PrematureRemovalAccount.summaryGone(pod, removal, goneFirst, schedule.orElse(null), life.phaseAtRelease(), fin)
                    : unworked != null ? PrematureRemovalAccount.summaryNotTaken(pod, removal, PrematureRemovalAccount.unworkedWords(unworked), schedule.orElse(null),
                            life.phaseAtRelease(), fin)
                    : PrematureRemovalAccount.summary(pod, decisive, schedule.orElse(null), life.phaseAtRelease(), fin);
            // The stall is only told beside the idle workers or the unprocessed Workflow: measured only then.
            boolean stalled = (workers.isPresent() || lastProcessed.isPresent()) && reconciliation.stall(pod, stallThreshold)
                    .filter(s -> !s.undecided()).isPresent();
            Message explanation = PrematureRemovalAccount.explain(pod, life, decisive, schedule.orElse(null), fin, end, workers.orElse(null),
                    lastUpdate.orElse(null), recomputed, lastProcessed.orElse(null), stalled);
            return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(),
                    link == null ? null : link.workflow(), link == null ? null : new Finding.NodeRef(link.nodeId(), link.nodeName()),
                    summary, explanation, facts, evidence);
        }

        /** What an excerpt with its names left out shows of this release, line by line (as text, which redaction rewrites), and what it cannot. */
        private Message elidedExcerpt(PodCleanupScheduled schedule, LogEvent workers) {
            List<Message> shows = new ArrayList<>();
            if (removal.onDelete() != null) {
                shows.add(Message.of("AF001.reason.elided.handler", "at", removal.onDelete().source().toString()));
            }
            if (schedule != null) {
                shows.add(Message.of("AF001.reason.elided.delay", "delay", schedule.delayText(), "at", removal.scheduled().source().toString()));
            }
            if (removal.started() != null) {
                shows.add(Message.of(schedule != null && schedule.delayNanos() <= 0 ? "AF001.reason.elided.atOnce" : "AF001.reason.elided.released",
                        "at", removal.started().source().toString()));
            }
            if (life.informerExit() != null && life.informerExit().kind() == InformerExit.Kind.REMOVED
                    && EventOrder.after(life.informerExit().event(), decisive)) {
                shows.add(Message.of("AF001.reason.elided.gone", "at", life.informerExit().event().source().toString()));
            }
            if (workers != null) {
                shows.add(Message.of("AF001.reason.elided.workers", "workers", ((WorkerNumbers) workers.event()).workflowWorkers(),
                        "at", workers.source().toString()));
            }
            List<Message> listed = new ArrayList<>();
            for (int i = 0; i < shows.size(); i++) {
                if (i > 0) {
                    listed.add(Message.of(i == shows.size() - 1 ? "AF001.reason.elided.and" : "AF001.reason.elided.comma"));
                }
                listed.add(shows.get(i));
            }
            return Message.of("AF001.reason.elidedExcerpt", "shows", Message.sequence(listed));
        }

        /** What a delete's logged body says of the grace period it asked for, and what that leaves of a lost node's Pod. */
        private static Message graceAsked(Long seconds) {
            return seconds == null ? Message.of("AF001.reason.graceAsked.none")
                    : seconds <= 0 ? Message.of("AF001.reason.graceAsked.forced")
                    : Message.of("AF001.reason.graceAsked.graceful", "seconds", seconds);
        }

        private String cause() {
            return switch (removal.cause()) {
                case POD_DELETED -> "Pod deletion (pod event handler, after its deadline)";
                case EITHER_BRANCH -> "not told by this excerpt: the Pod's deletion, or its Workflow missing or being deleted (pod event handler)";
                case UNKNOWN -> "not logged (only the cleanup worker's line was found)";
                default -> removal.cause().name();
            };
        }

        /**
         * From the logs, the pod controller finding the Workflow gone near the release explains the Pod's deletion when no
         * loss was ever recorded. (A deletion of the Workflow that an audit record, an export being deleted or an update
         * refused as not found shows no later than the Pod's deletion is the lifecycle's {@code deletedWithWorkflow}.)
         */
        private boolean workflowDeletionCaused(Known deleted) {
            return !life.lostToDeletion() && Math.abs(decisive.time().nanosUntil(deleted.at())) <= 600_000_000_000L;
        }

        /**
         * The node's result captured and persisted, whenever the finalizer went: the controller's last word on the node is a change
         * to a completed phase other than the loss ({@code pod deleted}), and a write of the Workflow succeeded after that change
         * ({@code Workflow update successful}, or {@code Update retry attempt successful} when the first write was refused as stale
         * and re-applied). A worker takes the Pod's state from its informer while the Pod is there; once the Pod has gone unrecorded it
         * marks the node {@code pod deleted}, never fulfilled. So a release between the change and the write (a refused update
         * re-applied moments later) lost nothing. Returns the change and the write, or null.
         */
        private LogEvent[] capturedThenPersisted() {
            NodeOutcome fin = life.outcome();
            if (fin == null && link != null && !life.lostToDeletion()) {
                return failedReadAfter();
            }
            // An Error its phase line alone records (s47) may be the loss itself: no result is shown captured.
            if (link == null || fin == null || fin.fromExport() || fin.errorUnexplained() || life.lostToDeletion() || !CAPTURED.contains(fin.phase())) {
                return null;
            }
            LogEvent change = null;
            for (LogEvent e : correlation.nodes().of(link)) {
                ControllerEvent ev = e.event();
                if ((ev instanceof NodePhaseChanged p && fin.phase().equals(p.toPhase())) || (ev instanceof NodeChanged c && fin.phase().equals(c.newPhase()))) {
                    change = e;
                }
            }
            if (change == null) {
                // v4's event of the node's end, the controller's last word on it: recorded only after the update that stored that
                // phase (persistUpdates, then recordNodePhaseChangeEvents, v4.0.10 and v4.1.2), so the line is the change and the
                // write at once.
                for (LogEvent e : correlation.nodes().of(link)) {
                    if (e.event() instanceof EventRecorded r && r.persistedResult() && fin.phase().equals(r.phase()) && e.source().equals(fin.source())) {
                        return new LogEvent[] {e, e};
                    }
                }
            }
            if (change == null || workflow == null) {
                return null;
            }
            for (LogEvent e : workflow.events()) {
                if (e.stream() == change.stream() && e.ordinal() > change.ordinal()
                        && (e.event() instanceof WorkflowUpdated || (e.event() instanceof Signal g && "update-reapplied".equals(g.name())))) {
                    return new LogEvent[] {change, e};
                }
            }
            return null;
        }

        /**
         * Session 53: where no line or export records the node's end, this Pod's {@code Pod failed} line after the release (v3.7+ and
         * v4 log no Info line of a Pod node's phase read from the Pod: {@code assessNodeStatus} logs {@code Pod failed} for a Pod it
         * reads {@code Failed}, and {@code podReconciliation} stores the node so; logs §5.5) and its run's next {@code Workflow update
         * successful}: the Pod was still there (a graceful deletion keeps it after its finalizer's release until the kubelet ends its
         * containers) and the controller recorded its end from it, so the release lost nothing. Not where the node's loss is marked after
         * the release (a later {@code pod deleted}). The pair, else null.
         */
        private LogEvent[] failedReadAfter() {
            if (workflow == null || !laterErrors().isEmpty()) {
                return null;
            }
            LogEvent failed = null;
            for (LogEvent e : pod.events()) {
                if (e.event() instanceof dev.argoforensics.event.ControllerEvent.Signal g && "pod-failed".equals(g.name())
                        && EventOrder.after(e, decisive) && e.stream() == decisive.stream() && life.ofOwnRun(e)) {
                    failed = e;
                    break;
                }
            }
            if (failed == null) {
                return null;
            }
            for (LogEvent e : workflow.events()) {
                if (e.stream() == failed.stream() && e.ordinal() > failed.ordinal() && e.event() instanceof WorkflowUpdated) {
                    return new LogEvent[] {failed, e};
                }
            }
            return null;
        }

        /** The Workflow was processed after the release, or exported after it with the node still unfulfilled: it still existed. */
        /** The controller run a line is of, as the report names runs. */
        private String runLabel(LogEvent e) {
            return e.stream() >= 0 && e.stream() < correlation.processes().size() ? correlation.processes().get(e.stream()).label() : "?";
        }

        /**
         * Both runs' instance IDs in force at their release lines are stated and differ: two installations, disjoint Workflows by
         * construction. Read from {@link RunScopes#instanceIdAt} (session 60; before, v4's start banner alone, which a ConfigMap
         * reload does not restate): a reload that changed the ID counts from it on, one that omitted it leaves it open (not differing).
         */
        private boolean instancesDiffer(LogEvent x, LogEvent y) {
            RunScopes s = reconciliation.scopes();
            return s.instanceIdsDiffer(x.stream(), x.time(), x.time(), y.stream(), y.time(), y.time());
        }

        private boolean workflowSeenAfter() {
            if (link == null) {
                return false;
            }
            // Session 56: the pass that created the next Pod of the name, and the passes after it, are that Pod's Workflow's.
            if (reconciliation.firstProcessedBefore(link.workflow(), decisive, nextLifetimeCreated()).isPresent()) {
                return true;
            }
            // After the release by the object's own times or the controller's write of it, or by a time its file only states when
            // that is later by more than a user's clock may be off: a laptop's clock running ahead puts an export taken before a
            // Workflow's deletion after the release its garbage collector caused (session 30 review).
            return workflow != null && workflow.nodeObservations(link.nodeId()).stream().anyMatch(o -> o.snapshot().observed() != null
                    && !o.snapshot().observed().contradicted() && o.node().notFulfilled()
                    && o.snapshot().observed().after(decisive.time().windowEnd()).known());
        }

        /** The first line after the release that shows a Workflow worker reconciling the Workflow, or null. */
        private LogEvent reconciledAfter(List<LogEvent> errors) {
            List<LogEvent> seen = new ArrayList<>(errors);
            if (life.phaseAtReleaseLine() != null && EventOrder.after(life.phaseAtReleaseLine(), decisive)) {
                seen.add(life.phaseAtReleaseLine());
            }
            if (link != null) {
                reconciliation.firstProcessedAfter(link.workflow(), decisive).ifPresent(seen::add);
            }
            // The earliest by time across runs: a comparator that calls lines too close to tell equal kept whichever came first in the list.
            return EventOrder.earliest(seen);
        }

        private Message cleanupAction(LogEvent e) {
            if (e.event() instanceof WorkflowUpdated) {
                return Message.of("AF001.cleared.passUpdate");
            }
            if (e.event() instanceof EventRecorded r) {
                return Message.of("AF001.cleared.nodeEvent", "reason", r.reason(), "phase", r.phase());
            }
            return e.event() instanceof PodCleanupStarted s ? Message.of("AF001.cleared.cleanupRan", "action", s.action())
                    : Message.of("AF001.cleared.cleanupQueued", "action", ((PodCleanupQueued) e.event()).action());
        }

        private List<LogEvent> laterErrors() {
            List<LogEvent> out = new ArrayList<>();
            for (LogEvent e : correlation.nodes().of(link)) {
                if (!EventOrder.after(e, decisive) || !life.ofOwnRun(e)) {
                    continue; // before the release, or the node's run in a later Pod (session 41)
                }
                ControllerEvent ev = e.event();
                if ((ev instanceof NodeMarkedError m && PodLifecycle.podDeleted(m.error()))
                        || (ev instanceof NodePhaseChanged p && "Error".equals(p.toPhase()))
                        || (ev instanceof NodeMessageChanged c && PodLifecycle.podDeleted(c.message()))) {
                    out.add(e);
                }
            }
            return out;
        }

        private Optional<LogEvent> lastWorkflowUpdateBefore() {
            return link == null ? Optional.empty() : Optional.ofNullable(correlation.nodes().lastUpdateBefore(link.workflow(), decisive));
        }
    }
}
