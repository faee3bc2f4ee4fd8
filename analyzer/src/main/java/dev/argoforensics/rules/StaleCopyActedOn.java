package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.PhaseHistory;
import dev.argoforensics.correlate.PhaseHistory.Copy;
import dev.argoforensics.correlate.PhaseHistory.Outcome;
import dev.argoforensics.correlate.PhaseHistory.Pass;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF015: the controller acted on a stale copy of a Workflow: a pass that worked on a copy older than
 * the stored completion, or any pass after the Workflow completed, created a Pod (a step run again
 * after the Workflow finished) or found the Pod it meant to create already there; or, while the Workflow ran, a pass on a copy
 * older than an update its own controller run had stored created a Pod again under a name an earlier pass had created it under,
 * or found it there (#14833, #13986). Without such an
 * act, the stale-read guard's own lines ({@code Rejecting stale copy of a completed workflow},
 * {@code Skipping outdated workflow event}, {@code Cannot compare workflow resource versions}) and a
 * refused update of a recreated Workflow make the guarded variant. Upstream argoproj/argo-workflows
 * #16294, #16157, #16357, #16774. See docs/rules/AF015.md.
 */
public final class StaleCopyActedOn extends DeclaredRule {
    public static final String ID = "AF015";
    /** How far the API server's clock (creationTimestamp) and the controller's (its lines) may disagree: the rules' cross-clock margin. */
    private static final long CLOCKS_NANOS = FalsePodDeleted.CROSS_CLOCK_NANOS;
    private static final Set<String> GUARD_SIGNALS = Set.of("stale-copy-rejected", "stale-copy-skipped", "stale-check-impossible");

    public StaleCopyActedOn() {
        super(ID, "Controller acted on a stale Workflow copy", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of(EvidenceKind.POD_SNAPSHOT));
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> findings = new ArrayList<>();
        // Session 59: a Workflow of one name in two clusters given together (runs apart, ConcurrentRuns#sides) is read per cluster.
        dev.argoforensics.correlate.ConcurrentRuns atOnce = correlation.runsAtOnce();
        boolean split = atOnce.any();
        for (WorkflowHistory h : correlation.workflows().values().stream().flatMap(w -> split ? atOnce.sides(w).stream()
                : java.util.stream.Stream.of(w)).toList()) {
            List<Pass> passes = correlation.nodes().passes(h);
            List<Act> acts = new ArrayList<>();
            List<Act> behind = new ArrayList<>();
            java.util.Map<String, LogEvent> createdBefore = new java.util.HashMap<>();
            for (Pass p : passes) {
                if (p.afterCompletion() || p.copy() == Copy.STALE) {
                    p.creations().forEach(c -> acts.add(new Act(p, c)));
                } else if (p.storedAhead() != null) {
                    // A copy older than what this controller run had itself stored, no completion in force: a Pod created again
                    // under a name an earlier pass had created it under, or found there, is the stale copy acted on.
                    p.creations().stream().filter(c -> c.event() instanceof Signal || createdBefore.containsKey(podName(c)))
                            .forEach(c -> behind.add(new Act(p, c)));
                }
                p.creations().stream().filter(c -> !(c.event() instanceof Signal) && podName(c) != null)
                        .forEach(c -> createdBefore.putIfAbsent(podName(c), c));
            }
            List<LogEvent> guards = h.events().stream().filter(e -> e.event() instanceof Signal s && GUARD_SIGNALS.contains(s.name())).toList();
            List<Pass> recreated = passes.stream().filter(p -> p.outcome() == Outcome.RECREATED).toList();
            if (!acts.isEmpty()) {
                findings.add(acted(correlation, h, acts, guards, recreated));
            } else if (!behind.isEmpty()) {
                findings.add(actedBehind(correlation, h, behind, guards, createdBefore));
            } else if (!guards.isEmpty() || !recreated.isEmpty()) {
                findings.add(guarded(correlation, h, passes, guards, recreated));
            }
        }
        return new Evaluation(findings, List.of());
    }

    /**
     * Whether a Pod export is of the cluster whose view {@code h} is (session 60). Where clusters are given together
     * ({@link dev.argoforensics.correlate.ConcurrentRuns#sides}: {@code h} is one cluster's side of the Workflow's history) an export
     * names no cluster, and the other cluster's namesake creates Pods of the same names (the node names are the same): the export
     * is this cluster's only where one of this side's {@code Created pod} lines of its name lies within two clocks' disagreement of
     * its {@code creationTimestamp} and none of the other side's does. Where no cluster is apart (nearly always) every export is.
     */
    private static boolean ofThisCluster(Correlation correlation, WorkflowHistory h, PodSnapshot s) {
        WorkflowHistory whole = correlation.workflows().get(h.ref());
        if (whole == null || whole == h) {
            return true;
        }
        java.util.Set<LogEvent> own = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        own.addAll(h.events());
        boolean here = false;
        for (LogEvent e : whole.events()) {
            if (e.event() instanceof ControllerEvent.PodCreated && s.name().equals(podName(e))
                    && Math.abs(s.creationTimestamp().nanosUntil(e.time())) <= CLOCKS_NANOS + 1_000_000_000L) {
                if (!own.contains(e)) {
                    return false; // the other cluster created a Pod of the name then too
                }
                here = true;
            }
        }
        return here;
    }

    private static String podName(LogEvent line) {
        return line.event().pod().map(p -> p.name()).orElse(null);
    }

    /**
     * A pass of a running Workflow on a copy older than an update its own controller run had stored, which created a Pod again
     * under the name an earlier pass had created it under, or found it there (argoproj/argo-workflows#13986, #14833: informer
     * copies replayed under load). The resourceVersions say the copy was stale; no completion is involved, so an export of the
     * Pod adds nothing the lines do not say: likely at most.
     */
    private Finding actedBehind(Correlation correlation, WorkflowHistory h, List<Act> acts, List<LogEvent> guards,
                                java.util.Map<String, LogEvent> firstCreations) {
        // Only a node the run had shown past Pending before the pass makes the re-creation the stale copy's doing: a Pending node's
        // missing Pod (deleted while Pending, or gone from the Pod informer) is created again from a current copy too.
        List<Act> progressed = acts.stream().filter(a -> pastPending(h, a)).toList();
        boolean shown = !progressed.isEmpty();
        List<Act> ranked = shown ? progressed : acts;
        Act first = ranked.stream().filter(a -> !a.exists()).findFirst().orElse(ranked.get(0));
        Pass pass = first.pass();
        boolean created = acts.stream().anyMatch(a -> !a.exists());
        long createdCount = acts.stream().filter(a -> !a.exists()).count();
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        LogEvent progress = shown ? progressLine(h, first) : null;
        if (progress != null) {
            cite.line(progress, "the run shows the node past Pending");
        }
        facts.add(new Fact("storedAt", "Stored by the controller at", pass.storedAhead().time().format()));
        facts.add(new Fact("copy", "Copy the controller worked on", "stale (resourceVersion " + pass.resourceVersion()
                + ", older than the " + pass.storedAheadVersion() + " it had stored)"));
        facts.add(new Fact("podsCreated", "Pods created again", (int) createdCount));
        facts.add(new Fact("podsFoundExisting", "Creations that found the Pod already there", (int) acts.stream().filter(Act::exists).count()));
        facts.add(new Fact("createdForNode", "Node", first.node()));
        Optional<PodHistory> podHistory = correlation.podIndex().holding(first.line());
        PodKey pod = podHistory.map(PodHistory::key).orElseGet(() -> RegressionWords.subject(correlation, h.ref(), null));
        LogEvent firstCreation = first.pod() == null ? null : firstCreations.get(first.pod());
        if (firstCreation != null && firstCreation != first.line()) {
            cite.line(firstCreation, "the Pod's first creation");
        }
        cite.line(pass.storedAhead(), "the controller stores the Workflow");
        cite.line(pass.processing(), "a later pass works on a copy older than that");
        acts.stream().limit(6).forEach(a -> cite.line(a.line(), a.exists() ? "the Pod it means to create already exists"
                : "the Pod created again under the name an earlier pass created it under"));
        if (pass.outcomeLine() != null) {
            cite.line(pass.outcomeLine(), pass.outcome() == Outcome.STORED ? "the pass's update is stored" : "the persist guard refuses the pass's update");
        }
        guards.stream().limit(3).forEach(g -> cite.line(g, "the stale-read guard"));
        Message summary = Message.of("AF015.summary.actedBehind", "workflow", h.ref().toString(), "act", created
                ? Message.of("AF015.summary.created", "pod", first.pod(), "node", first.node())
                : Message.of("AF015.summary.foundExisting", "pod", first.pod()));
        List<Message> explanation = new ArrayList<>();
        explanation.add(Message.of("AF015.explain.behindCopy", "workflow", h.ref().toString(), "version", String.valueOf(pass.resourceVersion()),
                "stored", String.valueOf(pass.storedAheadVersion()), "at", pass.storedAhead().time().format()));
        explanation.add(created ? Message.of("AF015.explain.createdAgain", "count", createdCount) : Message.of("AF015.explain.foundExisting"));
        explanation.add(Message.of("AF015.explain.releaseGuards"));
        Finding.NodeRef node = first.node() == null ? null
                : new Finding.NodeRef(first.line().event().nodeId().orElse(NodeNaming.nodeId(h.ref().name(), first.node())), first.node());
        return new Finding(ID, title(), created ? severity() : Severity.MEDIUM, shown ? Confidence.LIKELY : Confidence.POSSIBLE,
                shown ? Message.of("AF015.reason.behind") : Message.of("AF015.reason.behindPending", "node", String.valueOf(first.node())), pod,
                pod.uid() == null ? "" : pod.uid(), h.ref(), node, summary, Message.sequence(explanation), facts, cite.evidence());
    }

    /** Whether the act's node was shown past Pending by its pass's controller run before the pass began. */
    private static boolean pastPending(WorkflowHistory h, Act a) {
        return progressLine(h, a) != null;
    }

    /**
     * The first line of the act's pass's controller run, before the pass, that shows the act's node past Pending ({@code node
     * changed} to another phase, a forced phase change, {@code node finished}), or null.
     */
    private static LogEvent progressLine(WorkflowHistory h, Act a) {
        LogEvent start = a.pass().processing();
        String id = a.line().event().nodeId().orElse(a.node() == null ? null : NodeNaming.nodeId(h.ref().name(), a.node()));
        if (start == null || id == null) {
            return null;
        }
        // After the Pod's latest creation by the run before the pass: progress shown before it (a node failed, then reset by argo
        // retry and its Pod created again) says nothing of the Pod created since.
        long after = -1;
        for (LogEvent e : h.events()) {
            if (e.stream() == start.stream() && e.ordinal() < start.ordinal() && e.event() instanceof ControllerEvent.PodCreated
                    && a.pod() != null && a.pod().equals(podName(e))) {
                after = Math.max(after, e.ordinal());
            }
        }
        for (LogEvent e : h.events()) {
            if (e.stream() != start.stream() || e.ordinal() >= start.ordinal() || e.ordinal() <= after
                    || !id.equals(e.event().nodeId().orElse(null))) {
                continue;
            }
            String phase = e.event() instanceof ControllerEvent.NodeChanged c ? c.newPhase()
                    : e.event() instanceof ControllerEvent.NodePhaseChanged c ? c.toPhase()
                    : e.event() instanceof ControllerEvent.NodeFinished ? "finished" : null;
            if (phase != null && !phase.isEmpty() && !"Pending".equals(phase)) {
                return e;
            }
        }
        return null;
    }

    /** A Pod created (or found existing) by a pass on a stale copy or after the completion. */
    private record Act(Pass pass, LogEvent line) {
        boolean exists() {
            return line.event() instanceof Signal;
        }

        String node() {
            return line.event().nodeName().orElse(null);
        }

        String pod() {
            return line.event().pod().map(p -> p.name()).orElse(null);
        }
    }

    private Finding acted(Correlation correlation, WorkflowHistory h, List<Act> acts, List<LogEvent> guards, List<Pass> recreated) {
        Act first = acts.stream().filter(a -> !a.exists()).findFirst().orElse(acts.get(0));
        Pass pass = first.pass();
        boolean created = acts.stream().anyMatch(a -> !a.exists());
        Cite cite = new Cite(correlation);
        List<Fact> facts = new ArrayList<>();
        if (pass.completion() != null) {
            facts.add(new Fact("completedPhase", "Completed as", pass.completion().phase()));
            facts.add(new Fact("completedAt", "Completed at", pass.completion().line().time().format()));
            cite.line(pass.completion().line(), "the Workflow's completion");
        }
        facts.add(new Fact("copy", "Copy the controller worked on", switch (pass.copy()) {
            case STALE -> "stale (resourceVersion " + pass.resourceVersion() + ", older than the completion's "
                    + pass.completion().resourceVersion() + ")";
            case COMPLETED -> "the completed Workflow";
            default -> "not told by the lines (no resourceVersion to compare)";
        }));
        facts.add(new Fact("podsCreated", "Pods created after the completion", (int) acts.stream().filter(a -> !a.exists()).count()));
        facts.add(new Fact("podsFoundExisting", "Creations that found the Pod already there", (int) acts.stream().filter(Act::exists).count()));
        facts.add(new Fact("createdForNode", "Node", first.node()));
        Optional<PodHistory> podHistory = correlation.podIndex().holding(first.line());
        PodKey pod = podHistory.map(PodHistory::key).orElseGet(() -> RegressionWords.subject(correlation, h.ref(), null));
        if (pass.processing() != null) {
            cite.line(pass.processing(), pass.copy() == Copy.STALE ? "the pass works on a copy older than the stored completion"
                    : "a pass after the Workflow completed");
        }
        acts.stream().limit(6).forEach(a -> cite.line(a.line(), a.exists() ? "the Pod it means to create already exists"
                : "a Pod created for a Workflow that had completed"));
        if (pass.outcomeLine() != null) {
            cite.line(pass.outcomeLine(), pass.outcome() == Outcome.STORED ? "the pass's update is stored" : "the persist guard refuses the pass's update");
        }
        guards.stream().limit(3).forEach(g -> cite.line(g, "the stale-read guard"));
        recreated.stream().limit(1).forEach(p -> cite.line(p.outcomeLine(), "the Workflow had been recreated under its name"));

        PodSnapshot later = podHistory.flatMap(p -> p.snapshots().stream().filter(s -> s.creationTimestamp() != null && pass.completion() != null
                && s.creationTimestamp().isAfter(pass.completion().line().time()) && ofThisCluster(correlation, h, s)).findFirst()).orElse(null);
        Confidence confidence;
        Message reason;
        PhaseHistory.ConcurrentRuns concurrent = pass.completion() == null ? null : PhaseHistory.concurrent(h, pass.completion().line(), first.line());
        if (concurrent != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF015.reason.concurrentRuns", "completedBy", correlation.processes().get(concurrent.first()).label(),
                    "actedBy", correlation.processes().get(concurrent.second()).label(), "workflow", h.ref().toString(),
                    "from", concurrent.from().format(), "to", concurrent.to().format());
        } else if (pass.resetNotExcluded()) {
            // v3.4-v3.5.2 (or the completion's persist not logged): an argo retry's pass creates the node's Pod again under its
            // name after the completion, and an export of that Pod is created after it too; nothing here tells the two apart.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF015.reason.resetOpen", "export", later == null ? Message.NOTHING
                    : Message.of("AF015.reason.resetOpenExport", "at", later.creationTimestamp().format()));
        } else if (later != null) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF015.reason.podExported", "at", later.creationTimestamp().format());
            cite.pod(later, "exported Pod, created after the completion");
        } else if (pass.copy() == Copy.STALE || pass.completion() != null && pass.completion().stored() != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF015.reason.linesShow", "stale", pass.copy() == Copy.STALE ? Message.of("AF015.reason.onStaleCopy") : Message.NOTHING);
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF015.reason.persistMissing");
        }
        Severity severity = created ? severity() : Severity.MEDIUM;
        boolean stale = pass.copy() == Copy.STALE;
        Message summary = Message.of("AF015.summary.acted", "workflow", h.ref().toString(), "act", created
                ? Message.of("AF015.summary.created", "pod", first.pod(), "node", first.node())
                : Message.of("AF015.summary.foundExisting", "pod", first.pod()),
                "copy", Message.of(stale ? "AF015.summary.staleCopy" : "AF015.summary.finishedCopy"));
        List<Message> explanation = new ArrayList<>();
        explanation.add(Message.of("AF015.explain.tookUp", "workflow", h.ref().toString()));
        if (stale) {
            explanation.add(Message.of("AF015.explain.olderCopy", "version", String.valueOf(pass.resourceVersion()),
                    "stored", String.valueOf(pass.completion().resourceVersion())));
        }
        explanation.add(created ? Message.of("AF015.explain.created", "count", acts.stream().filter(a -> !a.exists()).count())
                : Message.of("AF015.explain.foundExisting"));
        if (pass.outcome() == Outcome.GUARDED) {
            explanation.add(Message.of("AF015.explain.updateRefused"));
        }
        explanation.add(Message.of("AF015.explain.releaseGuards"));
        Finding.NodeRef node = first.node() == null ? null
                : new Finding.NodeRef(first.line().event().nodeId().orElse(NodeNaming.nodeId(h.ref().name(), first.node())), first.node());
        return new Finding(ID, title(), severity, confidence, reason, pod, pod.uid() == null ? "" : pod.uid(), h.ref(), node, summary,
                Message.sequence(explanation), facts, cite.evidence());
    }

    private Finding guarded(Correlation correlation, WorkflowHistory h, List<Pass> passes, List<LogEvent> guards, List<Pass> recreated) {
        Cite cite = new Cite(correlation);
        guards.stream().limit(6).forEach(g -> cite.line(g, role(g.event())));
        recreated.stream().limit(2).forEach(p -> cite.line(p.outcomeLine(), "the update of the old object is refused"));
        long rejected = count(guards, "stale-copy-rejected");
        long skipped = count(guards, "stale-copy-skipped");
        long incomparable = count(guards, "stale-check-impossible");
        List<Fact> facts = List.of(new Fact("staleCopiesRejected", "Stale copies of the completed Workflow dropped", (int) rejected),
                new Fact("staleCopiesSkipped", "Outdated copies skipped and requeued", (int) skipped),
                new Fact("versionsIncomparable", "Copies the guard could not compare", (int) incomparable),
                new Fact("recreatedRefused", "Updates refused because the Workflow was recreated", recreated.size()));
        Severity severity = incomparable > 0 ? Severity.LOW : Severity.INFO;
        Message summary = Message.of("AF015.summary.guarded", "workflow", h.ref().toString(),
                "outcome", Message.of(incomparable > 0 ? "AF015.summary.processedAnyway" : "AF015.summary.kept"));
        Message explanation = Message.of("AF015.explain.guard", "rejected", rejected, "skipped", skipped,
                "incomparable", incomparable > 0 ? Message.of("AF015.explain.incomparable", "count", incomparable) : Message.NOTHING,
                "recreated", recreated.isEmpty() ? Message.NOTHING : Message.of("AF015.explain.recreated", "count", recreated.size()));
        // "Nothing acted on the copies" is a negative: a Pod created from a copy the guard let through is a line of the same stream.
        // Only where the stream was read whole around each guard's line (records naming nothing on both sides, no gap longer than the
        // stats ticker: StreamExtents) does its absence say so; an excerpt (head, a grep, tail) may have dropped it.
        List<LogEvent> guardLines = new ArrayList<>(guards);
        recreated.forEach(p -> guardLines.add(p.outcomeLine()));
        LogEvent cut = guardLines.stream().filter(g -> g != null && !correlation.readWholeAt(g)).findFirst().orElse(null);
        Message reason = cut == null ? spanCut(correlation, h, passes, guardLines) : Message.of("AF015.reason.guardedExcerpt", "at",
                cut.time().format(), "where", notWhole(correlation, cut));
        Confidence confidence = reason == null ? Confidence.LIKELY : Confidence.POSSIBLE;
        reason = reason == null ? Message.of("AF015.reason.guarded") : reason;
        return new Finding(ID, title(), severity, confidence, reason,
                RegressionWords.subject(correlation, h.ref(), null), "", h.ref(), null, summary, explanation, facts, cite.evidence());
    }

    /**
     * Why the lines that would show a copy acted on may be cut, or null where they cannot be. A copy the guard let through, acted on,
     * is a {@code Created pod} or {@code already exists} line of the Workflow in a pass after its completion: anywhere from the
     * completion in force at a guard's line (its persist, else its marking) until a pass on a newer copy ({@code argo retry}) or a
     * new Workflow of the name ends it, else to the end of the evidence; so every controller run must be read whole over its part of
     * that span ({@link Correlation#cutOver}), not only around the guard's lines (session 53's unseen excerpt: the guard's lines in a
     * tail, the completion and the rest in the grep's cut). Each guard line's completion makes a span of its own (s54 breaker: a
     * completion after an {@code argo retry} guarded again, cut after). Every run, not only those holding the Workflow's lines (s54
     * breaker: a restarted run, its in-memory record of written versions empty, whose lines of the span were cut with the
     * Workflow's). Where the completion is not in the lines, it came before the first line given, and the lines between were not
     * read (s54 breaker: a tail beginning after it). An export of the Workflow's Pod created inside the span, no line showing that
     * creation, is the act itself not read (s54 breaker: the log ending before it).
     */
    private static Message spanCut(Correlation correlation, WorkflowHistory h, List<Pass> passes, List<LogEvent> guardLines) {
        List<LogEvent> lines = dev.argoforensics.correlate.EventOrder.inTimeOrder(guardLines.stream().filter(java.util.Objects::nonNull).toList());
        if (h.ref().namespace() == null) {
            // Cannot compare workflow resource versions names the Workflow without its namespace: its passes are those of the one
            // Workflow of that name the lines hold with a namespace (none or several: not known, the completion not in the lines).
            List<WorkflowHistory> named = correlation.workflows().values().stream()
                    .filter(w -> w.ref().namespace() != null && w.ref().name().equals(h.ref().name())).toList();
            passes = named.size() == 1 ? correlation.nodes().passes(named.get(0)) : passes;
        }
        Set<String> spans = new java.util.HashSet<>();
        for (LogEvent g : lines) {
            PhaseHistory.Completion done = completionAt(passes, g);
            dev.argoforensics.time.Timestamp from = done == null ? null : done.line().time();
            if (!spans.add(from == null ? "" : from.format())) {
                continue;
            }
            dev.argoforensics.time.Timestamp to = null;
            if (from != null) {
                for (Pass p : passes) {
                    if ((p.copy() == Copy.NEWER || p.copy() == Copy.NEW_RUN) && p.processing() != null && p.processing().time().isAfter(from)) {
                        to = p.processing().time();
                        break;
                    }
                }
            }
            Message cut = spanCut(correlation, h, g, from, to);
            if (cut != null) {
                return cut;
            }
        }
        return null;
    }

    /** The completion in force at the guard's line {@code g}: its persist ({@link PhaseHistory#storedAt}), else its marking; null if none. */
    private static PhaseHistory.Completion completionAt(List<Pass> passes, LogEvent g) {
        PhaseHistory.Completion done = PhaseHistory.storedAt(passes, g);
        if (done == null) {
            for (Pass p : passes) {
                LogEvent start = p.processing() != null ? p.processing() : p.outcomeLine();
                if (start != null && dev.argoforensics.correlate.EventOrder.before(start, g)) {
                    done = p.completion() != null ? p.completion() : p.copy() == Copy.NEWER || p.copy() == Copy.NEW_RUN ? null : done;
                }
            }
        }
        return done;
    }

    /** {@link #spanCut(Correlation, WorkflowHistory, List, List)} over one span: from {@code from} (null: not in the lines) to {@code to}. */
    private static Message spanCut(Correlation correlation, WorkflowHistory h, LogEvent guard, dev.argoforensics.time.Timestamp from,
                                   dev.argoforensics.time.Timestamp to) {
        if (from != null) {
            for (PodHistory pod : correlation.pods().values()) {
                if (!h.ref().equals(pod.workflow())) {
                    continue;
                }
                for (PodSnapshot s : pod.snapshots()) {
                    dev.argoforensics.time.Timestamp created = s.creationTimestamp();
                    // The API server's clock stamps creationTimestamp (cut to its second), the controller's the lines: only a creation
                    // clearly after the completion, with no Created pod line of the name near it, is a creation no line shows.
                    if (created != null && from.nanosUntil(created) > CLOCKS_NANOS && (to == null || created.nanosUntil(to) > 0)
                            && h.events().stream().noneMatch(e -> e.event() instanceof ControllerEvent.PodCreated
                            && pod.key().name().equals(podName(e)) && Math.abs(created.nanosUntil(e.time())) <= CLOCKS_NANOS + 1_000_000_000L)) {
                        return Message.of("AF015.reason.guardedExport", "pod", pod.key().name(), "at", s.creationTimestamp().format(),
                                "from", from.format());
                    }
                }
            }
        }
        for (int stream = 0; stream < correlation.processes().size(); stream++) {
            Optional<dev.argoforensics.correlate.ReadCut> c = correlation.cutOver(stream, from, to);
            if (c.isPresent()) {
                Message until = to == null ? Message.of("AF015.reason.untilEnd") : Message.of("AF015.reason.untilNext", "to", to.format());
                return Message.of("AF015.reason.guardedCut", "span", from == null ? Message.of("AF015.reason.spanRun", "until", until)
                        : Message.of("AF015.reason.spanCompletion", "from", from.format(), "until", until), "where", ReadCutWords.where(c.get()),
                        "wholeOf", Message.of(from == null ? "AF015.reason.wholeOfRun" : "AF015.reason.wholeOfCompletion"));
            }
        }
        if (from == null) {
            ControllerProcess run = correlation.process(guard);
            return Message.of("AF015.reason.guardedBefore", "run", run == null ? "the controller" : run.label(),
                    "first", run == null || run.first() == null ? guard.time().format() : run.first().format());
        }
        return null;
    }

    /** Why the stream is not read whole at the line: the gap in its nameless records it lies in, or the side that has none. */
    private static Message notWhole(Correlation correlation, LogEvent line) {
        ControllerProcess.Nameless n = line.stream() >= 0 && line.stream() < correlation.processes().size()
                ? correlation.processes().get(line.stream()).nameless() : ControllerProcess.Nameless.NONE;
        ControllerProcess.Gap gap = n.gapAt(line.time());
        if (gap != null) {
            return Message.of("AF015.reason.notWholeGap", "from", gap.from().format(), "to", gap.to().format());
        }
        return Message.of("AF015.reason.notWholeSide");
    }

    private static long count(List<LogEvent> guards, String name) {
        return guards.stream().filter(g -> ((Signal) g.event()).name().equals(name)).count();
    }

    private static String role(ControllerEvent e) {
        return switch (((Signal) e).name()) {
            case "stale-copy-rejected" -> "the guard drops a stale copy of the completed Workflow";
            case "stale-copy-skipped" -> "the guard skips an outdated copy and requeues it";
            default -> "the guard cannot compare the copy's resourceVersion and processes it";
        };
    }
}
