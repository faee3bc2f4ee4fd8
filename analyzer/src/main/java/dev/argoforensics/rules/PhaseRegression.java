package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PhaseHistory.Change;
import dev.argoforensics.correlate.PhaseHistory.Completion;
import dev.argoforensics.correlate.PhaseHistory.Copy;
import dev.argoforensics.correlate.PhaseHistory.Kind;
import dev.argoforensics.correlate.PhaseHistory.Outcome;
import dev.argoforensics.correlate.PhaseHistory.Pass;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * AF009: a phase that goes back after completion. The Workflow was completed (its persist logged
 * with a completed phase), and a later pass of the controller turned a node Error or Failed, changed
 * the Workflow's phase or completed it again; or the controller itself asserted that it changed a
 * fulfilled Workflow or node ({@code workflow is already fulfilled}, {@code node is already
 * fulfilled}). A retry ({@code argo retry}: a newer copy, not completed) or a new Workflow of the same
 * name ends the completion and is cleared. The persist guard's refusal makes the guarded variant.
 * Upstream argoproj/argo-workflows#4798, #16294, #16774. See docs/rules/AF009.md.
 */
public final class PhaseRegression extends DeclaredRule {
    public static final String ID = "AF009";

    public PhaseRegression() {
        super(ID, "Phase went back after completion", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of(EvidenceKind.WORKFLOW_SNAPSHOT));
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> findings = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        // Session 59: a Workflow of one name in two clusters given together (runs apart, ConcurrentRuns#sides) is read per cluster.
        dev.argoforensics.correlate.ConcurrentRuns atOnce = correlation.runsAtOnce();
        boolean split = atOnce.any();
        for (WorkflowHistory h : correlation.workflows().values().stream().flatMap(w -> split ? atOnce.sides(w).stream()
                : java.util.stream.Stream.of(w)).toList()) {
            List<Pass> passes = correlation.nodes().passes(h);
            Map<Completion, List<Pass>> byCompletion = new LinkedHashMap<>();
            List<Pass> asserted = new ArrayList<>();
            for (int i = 0; i < passes.size(); i++) {
                Pass p = passes.get(i);
                if (p.afterCompletion() && !p.changes().isEmpty()) {
                    byCompletion.computeIfAbsent(p.completion(), k -> new ArrayList<>()).add(p);
                } else if (p.completion() == null && p.changes().stream().anyMatch(Change::asserted)) {
                    asserted.add(p);
                } else if (p.completion() != null && !p.afterCompletion() && failsLater(passes, i)) {
                    clear(correlation, h, p, cleared);
                }
            }
            byCompletion.forEach((c, ps) -> regression(correlation, h, c, ps, findings, cleared));
            if (!asserted.isEmpty()) {
                regression(correlation, h, null, asserted, findings, cleared);
            }
        }
        findings.sort(Comparator.comparing((Finding f) -> f.evidence().isEmpty() ? null : f.evidence().get(0).time(),
                Comparator.nullsLast(Comparator.naturalOrder())));
        return new Evaluation(findings, cleared);
    }

    /** Whether the run that a retry or a new object began has a node or Workflow failing in it (else nothing looked like a regression). */
    private static boolean failsLater(List<Pass> passes, int from) {
        for (int i = from; i < passes.size(); i++) {
            if (i > from && passes.get(i).completion() != null) {
                break; // the new run completed: what follows is judged against that completion
            }
            if (!passes.get(i).changes().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static void clear(Correlation correlation, WorkflowHistory h, Pass p, List<Clearance> cleared) {
        Message why = p.copy() == Copy.NEWER
                ? Message.of("AF009.cleared.retried", "phase", p.completion().phase(), "completedAt", String.valueOf(p.completion().resourceVersion()),
                        "version", String.valueOf(p.resourceVersion()))
                : Message.of("AF009.cleared.newObject", "phase", p.completion().phase(), "processed", describePhase(p));
        // The subject: the Pod the reset run created first (the node it ran again), else the Workflow's first Pod.
        String node = p.creations().stream().map(e -> e.event()).filter(e -> e instanceof dev.argoforensics.event.ControllerEvent.PodCreated)
                .map(e -> ((dev.argoforensics.event.ControllerEvent.PodCreated) e).id()).filter(java.util.Objects::nonNull).findFirst()
                .orElseGet(() -> p.creations().stream().map(e -> e.event()).filter(e -> e instanceof dev.argoforensics.event.ControllerEvent.PodCreated)
                        .map(e -> ((dev.argoforensics.event.ControllerEvent.PodCreated) e).node()).filter(java.util.Objects::nonNull)
                        .map(n -> dev.argoforensics.correlate.NodeNaming.nodeId(h.ref().name(), n)).findFirst().orElse(null));
        cleared.add(new Clearance(RegressionWords.subject(correlation, h.ref(), node), why, p.processing().source()));
    }

    private static Object describePhase(Pass p) {
        String phase = p.processing().event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowProcessing w ? w.phase() : null;
        return phase == null || phase.isEmpty() ? Message.of("AF009.cleared.noPhase") : phase;
    }

    private void regression(Correlation correlation, WorkflowHistory h, Completion completion, List<Pass> passes, List<Finding> findings,
                            List<Clearance> cleared) {
        Pass first = passes.get(0);
        Change key = key(passes);
        if (passes.stream().allMatch(p -> p.outcome() == Outcome.RECREATED)) {
            cleared.add(new Clearance(RegressionWords.subject(correlation, h.ref(), key.nodeId(), key.line()), Message.of("AF009.cleared.recreated",
                    "guard", passes.get(0).guardError()), passes.get(0).outcomeLine().source()));
            return;
        }
        if (completion != null && passes.stream().flatMap(p -> p.changes().stream()).allMatch(ch -> ch.kind() == Kind.COMPLETED_AGAIN
                || (ch.kind() == Kind.WORKFLOW_PHASE && completion.phase().equals(ch.toPhase())))) {
            // The same end reached again from an older copy (a second active controller, a stale copy): nothing went back.
            cleared.add(new Clearance(RegressionWords.subject(correlation, h.ref(), null), Message.of("AF009.cleared.completedAgain",
                    "phase", completion.phase()), first.processing() == null ? key.line().source() : first.processing().source()));
            return;
        }
        Pass stored = passes.stream().filter(p -> p.outcome() == Outcome.STORED).findFirst().orElse(null);
        Pass guarded = passes.stream().filter(p -> p.outcome() == Outcome.GUARDED).findFirst().orElse(null);
        Copy copy = passes.stream().map(Pass::copy).filter(c -> c == Copy.STALE).findFirst().orElse(first.copy());
        WorkflowSnapshot[] laterRun = new WorkflowSnapshot[1];
        Export export = export(h, completion, key, laterRun);

        Outcome outcome = stored != null ? Outcome.STORED : guarded != null ? Outcome.GUARDED : Outcome.UNKNOWN;
        Confidence confidence;
        Message reason;
        boolean anyAsserted = passes.stream().flatMap(p -> p.changes().stream()).anyMatch(Change::asserted);
        boolean byExport = false; // confirmed by what the export shows alone
        if (outcome == Outcome.STORED) {
            String phase = stored.storedPhase();
            boolean phaseShows = completion != null && !completion.phase().equals(phase);
            if (phaseShows || (export != null && export.regressed)) {
                confidence = Confidence.CONFIRMED;
                reason = phaseShows ? Message.of("AF009.reason.storedOver", "phase", phase, "completed", completion.phase())
                        : Message.of("AF009.reason.exportShows", "what", export.what);
                byExport = !phaseShows;
            } else {
                confidence = Confidence.LIKELY;
                reason = Message.of("AF009.reason.stored", "phase", phase);
            }
        } else if (outcome == Outcome.GUARDED || (export != null && export.kept)) {
            outcome = Outcome.GUARDED;
            if (export != null && export.kept) {
                confidence = Confidence.CONFIRMED;
                reason = Message.of("AF009.reason.exportKept", "what", export.what);
                byExport = true;
            } else {
                confidence = Confidence.LIKELY;
                reason = Message.of("AF009.reason.guarded", "guard", guarded.guardError());
            }
        } else if (anyAsserted || copy == Copy.STALE) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF009.reason.storeUnknown", "why", Message.of(!anyAsserted ? "AF009.reason.staleCopy"
                    : key.kind() == Kind.WORKFLOW_ASSERTED ? "AF009.reason.assertedWorkflow" : "AF009.reason.assertedNode"));
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of(copy == Copy.UNKNOWN ? "AF009.reason.copyUnknown" : "AF009.reason.outcomeUnknown");
        }
        // v3.4-v3.5.2 (or the completion's persist not logged): a Workflow reset by argo retry, whose rerun ends its nodes and
        // itself again and is stored (or exported), shows the same lines; only a copy told stale, the guard's refusal or the
        // controller's "already fulfilled" excludes it.
        if (confidence != Confidence.POSSIBLE && !passes.isEmpty() && passes.stream().allMatch(Pass::resetNotExcluded)) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF009.reason.resetOpen", "reason", reason);
        }
        if (confidence == Confidence.CONFIRMED && byExport && export.stated) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF009.reason.stated", "reason", reason, "at", export.snapshot.observed().time().format(),
                    "off", dev.argoforensics.time.GoDuration.format(ObservedAt.STATED_CLOCK_NANOS));
        }
        if (export == null && laterRun[0] != null) {
            reason = Message.of("AF009.reason.laterRun", "reason", reason, "started", startedAt(laterRun[0], h, key).format());
        }
        if (completion != null && completion.stored() == null && !anyAsserted && confidence != Confidence.CONFIRMED) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF009.reason.completionUnstored", "reason", reason);
        }
        Message concurrent = completion == null ? null : RunsAtOnce.completionAndChange(correlation, h, completion.line(), key.line());
        if (concurrent != null && confidence != Confidence.POSSIBLE) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF009.reason.concurrent", "runs", concurrent, "reason", reason);
        }
        Severity severity = outcome == Outcome.GUARDED ? Severity.LOW : severity();
        PodKey pod = RegressionWords.subject(correlation, h.ref(), key.nodeId(), key.line());
        findings.add(RegressionWords.finding(correlation, h, pod, completion, passes, key, copy, outcome, stored, guarded, export == null ? null
                : export.snapshot, severity, confidence, reason, title()));
    }

    /** The change the finding is about: the controller's assertion, else a node failing, else the Workflow's phase, else a second completion. */
    private static Change key(List<Pass> passes) {
        List<Change> all = passes.stream().flatMap(p -> p.changes().stream()).toList();
        for (Kind k : List.of(Kind.NODE_ASSERTED, Kind.WORKFLOW_ASSERTED, Kind.NODE_ERROR, Kind.NODE_FAILED, Kind.WORKFLOW_PHASE, Kind.COMPLETED_AGAIN)) {
            Optional<Change> c = all.stream().filter(x -> x.kind() == k).findFirst();
            if (c.isPresent() && k == Kind.NODE_ERROR) {
                // The phase line that follows the error marking says from which phase.
                Change error = c.get();
                return all.stream().filter(x -> x.kind() == Kind.NODE_FAILED && error.nodeId().equals(x.nodeId())).findFirst()
                        .map(x -> new Change(error.line(), Kind.NODE_ERROR, error.nodeId(), error.nodeName(), x.fromPhase(), x.toPhase()))
                        .orElse(error);
            }
            if (c.isPresent()) {
                return c.get();
            }
        }
        return all.get(0);
    }

    /**
     * The latest export of the Workflow taken after the change, and what it shows of it: the change
     * stored (the node or Workflow in the changed phase, where the completion shows it was in another)
     * or the completed state kept.
     */
    private static Export export(WorkflowHistory h, Completion completion, Change key, WorkflowSnapshot[] laterRun) {
        for (int i = h.snapshots().size() - 1; i >= 0; i--) {
            WorkflowSnapshot s = h.snapshots().get(i);
            // A node (for a Workflow's change, the root node) started after the change is a later run of it: node IDs hash the
            // Workflow's and the node's names, so a namesake Workflow resubmitted under the name (or argo retry's rerun) shows the
            // same node, and its phase says nothing of this pass (session 39 breaker: a namesake's confirmed both variants).
            dev.argoforensics.time.Timestamp started = startedAt(s, h, key);
            if (started != null && started.isAfter(key.line().time())) {
                laterRun[0] = laterRun[0] == null ? s : laterRun[0];
                continue;
            }
            // Taken after the change: by its own times or the controller's writes of it (shown), or by a time only its file
            // states, a user's clock, which counts only past what such a clock may be off and then as likely (ObservedAt#after).
            ObservedAt.Order taken = s.observed() == null ? ObservedAt.Order.OPEN : s.observed().after(key.line().time());
            if (!taken.known()) {
                continue;
            }
            String before = key.fromPhase() != null && PhaseHistory.COMPLETED.contains(key.fromPhase()) ? key.fromPhase()
                    : completion != null && "Succeeded".equals(completion.phase()) ? "Succeeded" : null;
            String phase;
            Message what;
            if (key.nodeId() != null) {
                Optional<NodeStatus> n = s.node(key.nodeId());
                if (n.isEmpty()) {
                    return null;
                }
                phase = n.get().phase();
                what = Message.of("AF009.exportNode", "node", key.nodeId(), "phase", phase);
            } else {
                phase = s.phase();
                what = Message.of("AF009.exportPhase", "phase", phase);
                before = completion != null ? completion.phase() : before;
            }
            boolean regressed = before != null && phase.equals(key.toPhase()) && !phase.equals(before);
            boolean kept = PhaseHistory.COMPLETED.contains(phase) && !phase.equals(key.toPhase());
            return new Export(s, regressed, kept, what, taken == ObservedAt.Order.STATED);
        }
        return null;
    }

    /** The exported start of the changed node (for a Workflow's change, its root node), or null. */
    private static dev.argoforensics.time.Timestamp startedAt(WorkflowSnapshot s, WorkflowHistory h, Change key) {
        return s.node(key.nodeId() != null ? key.nodeId() : h.ref().name()).map(NodeStatus::startedAt).orElse(null);
    }

    /** @param stated only a time its file states puts it after the change (a user's clock): it does not confirm */
    private record Export(WorkflowSnapshot snapshot, boolean regressed, boolean kept, Message what, boolean stated) {
    }
}
