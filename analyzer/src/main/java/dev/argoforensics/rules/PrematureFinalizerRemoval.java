package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.RemovalDeadline;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 */
public final class PrematureFinalizerRemoval extends DeclaredRule {
    public static final String ID = "AF001";

    private final long stallThreshold;

    /** @param settings its stall threshold decides when the explanation says AF003 reports the stall */
    public PrematureFinalizerRemoval(RuleSettings settings) {
        super(ID, "Status-capture finalizer removed before the node result was persisted", Severity.HIGH);
        this.stallThreshold = settings.stallNanos();
    }

    public PrematureFinalizerRemoval() {
        this(RuleSettings.defaults());
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(EnumSet.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.POD_CONTROLLER_LINES), List.of(),
                EnumSet.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.WORKFLOW_SNAPSHOT));
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> out = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        Reconciliation reconciliation = new Reconciliation(correlation);
        for (PodHistory pod : correlation.pods().values()) {
            if (pod.removals().isEmpty()) {
                continue;
            }
            // Once the first removal has happened the finalizer is gone; later ones change nothing.
            FinalizerRemoval first = pod.removals().get(0);
            switch (first.cause()) {
                case ORPHANED -> cleared.add(new Clearance(pod.key(), "finalizer released at " + first.time().format()
                        + " because the Pod's Workflow was missing or being deleted", first.decisive().source()));
                case AFTER_PERSIST -> cleared.add(new Clearance(pod.key(), "finalizer released at " + first.time().format()
                        + " by the cleanup queued after a Workflow update", first.decisive().source()));
                default -> new Case(correlation, reconciliation, pod, first).assess(out, cleared);
            }
        }
        return new Evaluation(out, cleared);
    }

    /** One removal under examination. */
    private final class Case {
        private final PodHistory pod;
        private final FinalizerRemoval removal;
        private final LogEvent decisive;
        private final NodeLink link;
        private final WorkflowHistory workflow;
        private final Correlation correlation;
        private final Reconciliation reconciliation;

        Case(Correlation correlation, Reconciliation reconciliation, PodHistory pod, FinalizerRemoval removal) {
            this.correlation = correlation;
            this.reconciliation = reconciliation;
            this.pod = pod;
            this.removal = removal;
            this.decisive = removal.decisive();
            this.link = pod.link();
            this.workflow = link == null ? null : correlation.workflow(link.workflow()).orElse(null);
        }

        void assess(List<Finding> findings, List<Clearance> cleared) {
            Optional<Clearance> persisted = persistedFirst();
            if (persisted.isPresent()) {
                cleared.add(persisted.get());
                return;
            }
            Optional<PodSnapshot> completedIn = pod.snapshots().stream().filter(s -> s.containersFinishedAt().isPresent()).findFirst();
            Optional<PodSnapshot> latest = pod.latestSnapshot();
            if (completedIn.isEmpty() && latest.isPresent() && latest.get().deletionTimestamp() != null) {
                // Deleted while its containers ran: a Pod deleted during execution (AF007), not this race.
                cleared.add(new Clearance(pod.key(), "the exported Pod was deleted before its containers finished: no result to lose",
                        latest.get().source()));
                return;
            }
            findings.add(finding(completedIn, latest));
        }

        private Finding finding(Optional<PodSnapshot> completedIn, Optional<PodSnapshot> latest) {
            List<EvidenceLine> evidence = new ArrayList<>();
            List<Fact> facts = new ArrayList<>();
            Optional<PodCleanupScheduled> schedule = removal.schedule();

            facts.add(new Fact("finalizerRemovedAt", "Finalizer removed at", decisive.time().format()));
            facts.add(new Fact("delay", "Logged delay", schedule.map(PodCleanupScheduled::delayText).orElse(null)));
            facts.add(new Fact("delayNanos", "Logged delay (ns)", schedule.map(PodCleanupScheduled::delayNanos).orElse(null)));
            PhaseAt phaseAt = phaseAtRemoval();
            facts.add(new Fact("nodePhaseAtRemoval", "Node phase when removed", phaseAt == null ? null : phaseAt.phase));
            NodeOutcome fin = NodeOutcome.of(workflow, link).orElse(null);
            facts.add(new Fact("finalNodePhase", "Final node phase", fin == null ? null : fin.phase()));
            facts.add(new Fact("finalNodeMessage", "Final node message", fin == null ? null : fin.message()));
            facts.add(new Fact("removalCause", "Why the controller removed it", cause()));

            RemovalDeadline recomputed = RemovalDeadline.recompute(latest.orElse(null), schedule.orElse(null), removal.scheduled()).orElse(null);
            if (recomputed != null) {
                facts.add(new Fact("recomputedDeadline", "Deadline from the Pod export", recomputed.deadline().format()));
                facts.add(new Fact("recomputedDelay", "Delay recomputed from the Pod export", GoDuration.format(recomputed.nanos())));
                facts.add(new Fact("recomputedDelayNanos", "Delay recomputed (ns)", recomputed.nanos()));
                facts.add(new Fact("delayAgrees", "Logged and recomputed delay agree", recomputed.agrees()));
            }
            completedIn.ifPresent(s -> {
                facts.add(new Fact("containersFinishedAt", "Containers finished at", s.containersFinishedAt().get().format()));
                facts.add(new Fact("containerExitCodes", "Container exit codes", s.exitCodeSummary()));
            });
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
            workers.ifPresent(w -> cite.line(w, "controller running without workflow workers"));
            lastUpdate.ifPresent(u -> cite.line(u, "last Workflow update persisted before the removal"));
            cite.line(removal.onDelete(), "Pod deletion handled while it still had the finalizer");
            cite.line(removal.scheduled(), schedule.map(s -> s.delayNanos() <= 0).orElse(false)
                    ? "removal scheduled; negative delay = deadline already passed" : "removal scheduled for its deadline");
            cite.line(removal.started(), "cleanup worker removes the finalizer");
            podGoneAfter().ifPresent(e -> cite.line(e, "Pod gone from the controller's informer"));
            if (phaseAt != null) {
                cite.line(phaseAt.event, "node still unfulfilled after the removal");
            }
            List<LogEvent> errors = laterErrors();
            errors.forEach(e -> cite.line(e, "node recorded as failed"));
            // Exports have no time of their own (only a lower bound): they follow the log lines.
            completedIn.ifPresent(s -> cite.pod(s, "exported Pod"));
            if (workflow != null) {
                for (NodeObservation o : workflow.nodeObservations(link.nodeId())) {
                    cite.node(o, "exported Workflow");
                }
            }
            evidence.addAll(cite.evidence());

            Confidence confidence;
            String reason;
            boolean exportShowsLoss = fin != null && fin.fromExport() && "Error".equals(fin.phase()) && NodeLines.podDeleted(fin.message());
            boolean logsShowLoss = !errors.isEmpty();
            if (exportShowsLoss && completedIn.isPresent()) {
                confidence = Confidence.CONFIRMED;
                reason = "the exported Workflow records the node as Error \"" + fin.message() + "\" and the exported Pod shows its containers had finished";
            } else if (exportShowsLoss || logsShowLoss) {
                confidence = Confidence.LIKELY;
                reason = exportShowsLoss
                        ? "the exported Workflow records the loss, but no exported Pod shows that its containers had finished"
                        : "the controller later logged the node as failed because the Pod was gone; no export backs it";
            } else {
                confidence = Confidence.POSSIBLE;
                reason = "the evidence ends before the controller recorded what became of the node";
            }
            if (removal.cause() == RemovalCause.UNKNOWN && confidence != Confidence.POSSIBLE) {
                confidence = Confidence.POSSIBLE;
                reason = "the lines saying why the controller released the finalizer are missing";
            }

            String delayText = schedule.map(s -> " (delay=" + s.delayText() + ")").orElse("");
            String summary = "Pod " + pod.key() + " lost its status-capture finalizer at " + decisive.time().format() + delayText
                    + " while its node was " + (phaseAt == null ? "not yet persisted as fulfilled" : "still " + phaseAt.phase)
                    + (fin != null ? "; the node ended " + fin.phase() + (fin.message() == null || fin.message().isEmpty() ? "" : " \"" + fin.message() + "\"") : "")
                    + ".";
            String explanation = explain(schedule.orElse(null), phaseAt, fin, completedIn.orElse(null), workers.orElse(null),
                    lastUpdate.orElse(null), recomputed, lastProcessed.orElse(null));
            return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(),
                    link == null ? null : link.workflow(), link == null ? null : new Finding.NodeRef(link.nodeId(), link.nodeName()),
                    summary, explanation, facts, evidence);
        }

        private String cause() {
            return switch (removal.cause()) {
                case POD_DELETED -> "Pod deletion (pod event handler, after its deadline)";
                case UNKNOWN -> "not logged (only the cleanup worker's line was found)";
                default -> removal.cause().name();
            };
        }

        /** Evidence that the node was persisted as fulfilled before the removal. */
        private Optional<Clearance> persistedFirst() {
            String at = "finalizer released at " + decisive.time().format() + " after the node was persisted: ";
            for (LogEvent e : persistDrivenCleanups(pod.events())) {
                if (EventOrder.notAfter(e, decisive)) {
                    return Optional.of(new Clearance(pod.key(), at + cleanupAction(e) + " at " + e.time().format()
                            + ", which the controller queues only after persisting a fulfilled node", e.source()));
                }
            }
            if (workflow == null) {
                return Optional.empty();
            }
            LogEvent completedNodeChange = null;
            for (LogEvent e : workflow.events()) {
                if (!EventOrder.notAfter(e, decisive)) {
                    continue;
                }
                ControllerEvent ev = e.event();
                if (aboutNode(ev) && ((ev instanceof NodeChanged c && NodeLines.COMPLETED.contains(c.newPhase()))
                        || (ev instanceof NodePhaseChanged p && NodeLines.COMPLETED.contains(p.toPhase())))) {
                    completedNodeChange = completedNodeChange == null ? e : completedNodeChange;
                } else if (ev instanceof WorkflowUpdated && completedNodeChange != null && EventOrder.notAfter(completedNodeChange, e)) {
                    return Optional.of(new Clearance(pod.key(), at + "the node changed to a completed phase and the Workflow update at "
                            + e.time().format() + " persisted it", e.source()));
                }
            }
            for (NodeObservation o : workflow.nodeObservations(link.nodeId())) {
                if (o.node().fulfilled() && !o.node().podDeletedError()) {
                    return Optional.of(new Clearance(pod.key(), "the exported Workflow records the node as " + o.node().phase()
                            + ": its result was persisted", o.snapshot().source()));
                }
            }
            return Optional.empty();
        }

        private boolean aboutNode(ControllerEvent ev) {
            return link.isAbout(ev);
        }

        /** The node's phase when the finalizer went, from the first line after it that states it, else from an export. */
        private PhaseAt phaseAtRemoval() {
            if (workflow == null) {
                return null;
            }
            for (LogEvent e : workflow.events()) {
                if (!EventOrder.after(e, decisive) || !aboutNode(e.event())) {
                    continue;
                }
                ControllerEvent ev = e.event();
                String phase = ev instanceof WorkflowPodMissing m ? m.nodePhase()
                        : ev instanceof NodePhaseChanged p ? p.fromPhase()
                        : ev instanceof NodeChanged c ? c.oldPhase() : null;
                if (phase != null && !phase.isEmpty()) {
                    return new PhaseAt(phase, e);
                }
            }
            List<NodeObservation> obs = workflow.nodeObservations(link.nodeId());
            for (int i = obs.size() - 1; i >= 0; i--) {
                if (!obs.get(i).node().fulfilled()) {
                    return new PhaseAt(obs.get(i).node().phase(), null);
                }
            }
            return null;
        }

        private List<LogEvent> laterErrors() {
            if (workflow == null) {
                return List.of();
            }
            List<LogEvent> out = new ArrayList<>();
            for (LogEvent e : workflow.events()) {
                if (!EventOrder.after(e, decisive) || !aboutNode(e.event())) {
                    continue;
                }
                ControllerEvent ev = e.event();
                if ((ev instanceof NodeMarkedError m && NodeLines.podDeleted(m.error()))
                        || (ev instanceof NodePhaseChanged p && "Error".equals(p.toPhase()))
                        || (ev instanceof NodeMessageChanged c && NodeLines.podDeleted(c.message()))) {
                    out.add(e);
                }
            }
            return out;
        }

        private Optional<LogEvent> podGoneAfter() {
            return pod.events().stream()
                    .filter(e -> e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE)
                    .filter(e -> EventOrder.after(e, decisive))
                    .findFirst();
        }

        private Optional<LogEvent> lastWorkflowUpdateBefore() {
            if (workflow == null) {
                return Optional.empty();
            }
            LogEvent found = null;
            for (LogEvent e : workflow.events()) {
                if (e.event() instanceof WorkflowUpdated && EventOrder.before(e, decisive)) {
                    found = e;
                }
            }
            return Optional.ofNullable(found);
        }

        private String explain(PodCleanupScheduled schedule, PhaseAt phaseAt, NodeOutcome fin, PodSnapshot completed, LogEvent workers,
                               LogEvent lastUpdate, RemovalDeadline recomputed, LogEvent lastProcessed) {
            StringBuilder b = new StringBuilder();
            b.append("The controller removed the status-capture finalizer ").append(PodSnapshot.STATUS_FINALIZER).append(" from Pod ")
                    .append(pod.key()).append(" at ").append(decisive.time().format());
            if (removal.cause() == RemovalCause.POD_DELETED) {
                b.append(" because the Pod was being deleted");
            }
            if (schedule != null && schedule.delayNanos() <= 0) {
                b.append(", and it did so at once: the release deadline (last Pod condition transition + max(pod GC delay, 2m)) had passed ")
                        .append(GoDuration.format(-schedule.delayNanos())).append(" earlier (delay=").append(schedule.delayText()).append(")");
            } else if (schedule != null) {
                b.append(" after waiting ").append(schedule.delayText())
                        .append(" for its release deadline (last Pod condition transition + max(pod GC delay, 2m))");
            }
            b.append(". ");
            if (recomputed != null) {
                b.append("Recomputed from the exported Pod (latest condition transition ").append(recomputed.lastTransition().format())
                        .append(") the deadline is ").append(recomputed.deadline().format()).append(" and the delay ")
                        .append(GoDuration.format(recomputed.nanos())).append(recomputed.agrees() ? ", agreeing with the log. "
                                : ", which does NOT agree with the log: the export may show a later condition change, or the clocks differ. ");
            }
            if (completed != null) {
                b.append("Its containers had finished at ").append(completed.containersFinishedAt().get().format()).append(" (")
                        .append(completed.exitCodeSummary()).append("). ");
            }
            b.append("At that moment the Workflow had not persisted the Pod's result: ");
            b.append(phaseAt != null ? "its node was still " + phaseAt.phase : "no persisted fulfilled state of its node was found");
            if (lastUpdate != null) {
                b.append(", and the last Workflow update before the removal was at ").append(lastUpdate.time().format());
            }
            b.append(". ");
            if (workers != null) {
                b.append("The controller was running with workflowWorkers=0, so nothing reconciled the Workflow while pod cleanup went on");
            }
            if (lastProcessed != null) {
                long idle = lastProcessed.time().nanosUntil(decisive.time());
                b.append(workers != null ? "; " : "").append(workers != null ? "no" : "No")
                        .append(" Workflow worker had processed the Workflow since ").append(lastProcessed.time().format()).append(", ")
                        .append(GoDuration.format(idle)).append(" before the removal");
            }
            if (workers != null || lastProcessed != null) {
                boolean stalled = ReconciliationStalled.stall(reconciliation, pod, stallThreshold).isPresent();
                b.append(stalled ? " (a stalled reconciliation by AF003's measure). " : ". ");
            }
            if (fin != null) {
                b.append("With the finalizer gone the Pod disappeared, and the node ended ").append(fin.phase());
                if (fin.message() != null && !fin.message().isEmpty()) {
                    b.append(" \"").append(fin.message()).append("\"");
                }
                b.append(completed != null && completed.allContainersSucceeded() ? " although every container had exited 0. " : ". ");
            }
            b.append("Elapsed time alone authorised the removal; this is the race reported in argoproj/argo-workflows#17024.");
            return b.toString();
        }
    }

    /**
     * Cleanups the controller queues only from {@code queuePodsForCleanup}, after persisting a
     * fulfilled node: a {@code queueing pod for cleanup…} line not announced by a {@code queuing pod
     * delay} line of the pod event handler for the same action, and not a shutdown action.
     */
    static List<LogEvent> persistDrivenCleanups(List<LogEvent> podEvents) {
        List<LogEvent> out = new ArrayList<>();
        Map<Integer, String> announced = new HashMap<>();
        for (LogEvent e : podEvents) {
            ControllerEvent ev = e.event();
            if (ev instanceof PodCleanupScheduled s) {
                announced.put(e.stream(), s.action());
            } else if (ev instanceof PodCleanupQueued q) {
                String action = announced.remove(e.stream());
                boolean fromHandler = q.action() != null && q.action().equals(action);
                if (!fromHandler && isPersistAction(q.action())) {
                    out.add(e);
                }
            } else if (ev instanceof PodCleanupStarted s && "labelPodCompleted".equals(s.action())) {
                out.add(e);
            }
        }
        return out;
    }

    private static String cleanupAction(LogEvent e) {
        if (e.event() instanceof PodCleanupQueued q) {
            return q.action() + " was queued";
        }
        return ((PodCleanupStarted) e.event()).action() + " ran";
    }

    private static boolean isPersistAction(String action) {
        return "labelPodCompleted".equals(action) || "deletePod".equals(action) || "removeFinalizer".equals(action);
    }

    private record PhaseAt(String phase, LogEvent event) {
    }
}
