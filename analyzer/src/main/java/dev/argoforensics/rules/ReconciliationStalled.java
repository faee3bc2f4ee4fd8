package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
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
        Reconciliation rec = new Reconciliation(correlation);
        List<Finding> out = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        for (PodHistory pod : correlation.pods().values()) {
            if (pod.link() == null) {
                continue;
            }
            Optional<Stall> stall = stall(rec, pod, threshold);
            Optional<Known> deleted = rec.deleted(pod.link().workflow());
            if (stall.isPresent() && deleted.isPresent() && !deleted.get().at().isAfter(stall.get().end())) {
                cleared.add(new Clearance(pod.key(), "the Workflow was deleted at " + deleted.get().at().format() + " (" + deleted.get().how()
                        + "), before reconciliation was due: nothing reconciles a deleted Workflow", deleted.get().evidence()));
            } else {
                stall.ifPresent(s -> out.add(s.finding(correlation, pod)));
            }
        }
        return new Evaluation(out, cleared);
    }

    /**
     * The Pod's first stall: a run without workflow workers, else a deletion not followed by processing
     * within the threshold. Empty for a Pod tied to no Workflow.
     */
    static Optional<Stall> stall(Reconciliation rec, PodHistory pod, long threshold) {
        if (pod.link() == null) {
            return Optional.empty();
        }
        WorkflowRef wf = pod.link().workflow();
        List<LogEvent> podLines = pod.events().stream().filter(e -> podController(e.event())).toList();
        for (LogEvent e : podLines) {
            Optional<LogEvent> zero = rec.zeroWorkers(e);
            if (zero.isEmpty() || rec.processedInStreamBetween(wf, zero.get(), e) || !rec.active(wf, e)) {
                continue;
            }
            List<LogEvent> window = podLines.stream().filter(x -> x.stream() == e.stream() && x.ordinal() >= e.ordinal()
                    && !rec.processedInStreamBetween(wf, zero.get(), x)).toList();
            LogEvent last = window.get(window.size() - 1);
            LogEvent next = rec.firstProcessedAfter(wf, last).orElse(null);
            return Optional.of(new Stall(wf, zero.get(), rec.lastProcessedBefore(wf, e).orElse(null), window, next,
                    next != null ? next.time() : rec.evidenceEnd().orElse(last.time())));
        }
        for (LogEvent e : podLines) {
            if (!(e.event() instanceof PodCleanupScheduled) || !rec.active(wf, e)) {
                continue;
            }
            LogEvent next = rec.firstProcessedAfter(wf, e).orElse(null);
            Timestamp end = next != null ? next.time() : rec.evidenceEnd().orElse(e.time());
            if (e.time().nanosUntil(end) > threshold) {
                return Optional.of(new Stall(wf, null, rec.lastProcessedBefore(wf, e).orElse(null), List.of(e), next, end));
            }
        }
        return Optional.empty();
    }

    /**
     * One stall of one Workflow as its Pod's lines show it.
     *
     * @param zeroWorkers the {@code Current Worker Numbers … workflowWorkers=0} line, or null for a stall with workers
     * @param before      the Workflow's last processing before the Pod lines, or null
     * @param podLines    the Pod's lines while nothing reconciled the Workflow (at least one)
     * @param next        the Workflow's next processing, or null if the logs end first
     * @param end         when the stall ended: the next processing, else the end of the logs
     */
    record Stall(WorkflowRef wf, LogEvent zeroWorkers, LogEvent before, List<LogEvent> podLines, LogEvent next, Timestamp end) {

        Finding finding(Correlation correlation, PodHistory pod) {
            LogEvent first = podLines.get(0);
            long unreconciled = first.time().nanosUntil(end);
            List<Fact> facts = new ArrayList<>();
            if (zeroWorkers != null) {
                facts.add(new Fact("workflowWorkers", "Workflow workers", ((WorkerNumbers) zeroWorkers.event()).workflowWorkers()));
                facts.add(new Fact("podCleanupWorkers", "Pod cleanup workers", ((WorkerNumbers) zeroWorkers.event()).podCleanupWorkers()));
            }
            facts.add(new Fact("lastProcessedBefore", "Workflow last processed before", before == null ? null : before.time().format()));
            facts.add(new Fact("podControllerFrom", "Pod controller acted from", first.time().format()));
            facts.add(new Fact("podControllerTo", "Pod controller acted until", podLines.get(podLines.size() - 1).time().format()));
            facts.add(new Fact("nextProcessed", "Workflow next processed", next == null ? null : next.time().format()));
            facts.add(new Fact("unreconciledFor", "Not reconciled for", (next == null ? "at least " : "") + GoDuration.format(unreconciled)));
            facts.add(new Fact("unreconciledNanos", "Not reconciled for (ns)", unreconciled));

            Cite cite = new Cite(correlation);
            cite.line(zeroWorkers, "controller run without workflow workers");
            cite.line(before, "the Workflow's last processing before");
            for (LogEvent e : podLines) {
                cite.line(e, e.event() instanceof PodCleanupScheduled ? "the pod controller handles the Pod's deletion (requeues the Workflow)"
                        : "the pod controller acts on the Pod");
            }
            cite.line(next, "the Workflow processed again");

            String run = correlation.process(first).label();
            String summary = "Workflow " + wf + " was not reconciled for " + (next == null ? "at least " : "") + GoDuration.format(unreconciled)
                    + " from " + first.time().format() + " while the pod controller acted on its Pod " + pod.key()
                    + (zeroWorkers != null ? ": controller run " + run + " had workflowWorkers=0." : ".");
            Confidence confidence;
            String reason;
            if (zeroWorkers != null) {
                confidence = Confidence.CONFIRMED;
                reason = "the controller run logged workflowWorkers=0 and its pod controller acted on the Pod";
            } else if (next != null) {
                confidence = Confidence.LIKELY;
                reason = "no Processing workflow line names the Workflow between the Pod's deletion and " + next.time().format()
                        + "; if lines are missing from the logs the gap may be shorter";
            } else {
                confidence = Confidence.POSSIBLE;
                reason = "the logs end before the Workflow was processed again";
            }
            return new Finding(ID, TITLE, Severity.MEDIUM, confidence, reason,
                    pod.key(), pod.uid(), wf, new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary,
                    explain(run, first, unreconciled), facts, cite.evidence());
        }

        private String explain(String run, LogEvent first, long unreconciled) {
            StringBuilder b = new StringBuilder("The workflow-controller has two kinds of workers: Workflow workers reconcile Workflows "
                    + "(each time logging \"Processing workflow\") and record what became of their Pods; pod-cleanup workers act on Pods "
                    + "(release the status-capture finalizer, label or delete them). ");
            if (zeroWorkers != null) {
                WorkerNumbers w = (WorkerNumbers) zeroWorkers.event();
                b.append("Controller run ").append(run).append(" logged workflowWorkers=0 at ").append(zeroWorkers.time().format())
                        .append(": it had no Workflow worker at all, while its pod controller")
                        .append(w.podCleanupWorkers() == null ? "" : " and " + w.podCleanupWorkers() + " pod-cleanup workers")
                        .append(" went on working. ");
            }
            b.append("From ").append(first.time().format()).append(" the pod controller acted on Pod ").append(first.event().pod().get().name());
            if (first.event() instanceof PodCleanupScheduled) {
                b.append(" (it handled the Pod's deletion, which also puts the Workflow back on the workers' queue)");
            }
            b.append(", and no Workflow worker processed Workflow ").append(wf);
            if (before != null) {
                b.append(" (last processed at ").append(before.time().format()).append(')');
            }
            b.append(next != null ? " until " + next.time().format() : " until the logs end at " + end.format()).append(", ")
                    .append(GoDuration.format(unreconciled)).append(" later. ");
            b.append("While a Workflow is not reconciled, what happens to its Pods is not recorded: a Pod that finishes and then "
                    + "disappears is later found missing and its node marked Error \"pod deleted\" (AF001, AF002). This is the window "
                    + "argoproj/argo-workflows#17024 describes.");
            return b.toString();
        }
    }

    /** A line of the pod controller (informer events, cleanup scheduling and work), not a Workflow worker's. */
    private static boolean podController(ControllerEvent e) {
        return e instanceof PodInformerEvent || e instanceof PodCleanupScheduled || e instanceof PodCleanupQueued
                || e instanceof PodCleanupStarted || e instanceof PodCleanupFailed;
    }
}
