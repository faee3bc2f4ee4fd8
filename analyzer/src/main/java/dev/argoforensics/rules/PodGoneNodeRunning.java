package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodEventLines;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF005: a node stays Running (or Pending) although its Pod no longer exists: the controller logs
 * {@code Workflow pod is missing} again and again without finishing the node, or an export taken
 * after the Pod was gone still shows the node unfinished. Upstream #13152, #13533, #13951. See
 * docs/rules/AF005.md.
 */
public final class PodGoneNodeRunning extends NodeRule {
    public static final String ID = "AF005";

    public PodGoneNodeRunning() {
        super(ID, "Pod gone, node left running", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.WORKFLOW_SNAPSHOT)), Set.of());
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        NodeLink link = pod.link();
        WorkflowHistory workflow = scope.correlation().workflow(link.workflow()).orElse(null);
        if (workflow == null) {
            return;
        }
        PodLifecycle life = scope.correlation().lifecycle(pod.key());
        // The node's lines from a later Pod's run of it on (another Pod name, the lifecycle's laterRun) are that Pod's (session 42).
        List<LogEvent> nodeLines = ofThisPod(scope.nodes().of(link), pod).stream().filter(life::ofOwnRun).toList();
        LogEvent existing = lastSeenExisting(pod);
        List<LogEvent> missing = lastEpisode(nodeLines, existing);
        Gone gone = gone(life, missing, pod, existing);
        if (gone == null) {
            untimedAbsence(pod, scope, workflow, life, nodeLines, existing);
            return;
        }
        if (life.laterRun() != null && life.laterRun().event() instanceof PodCreated laterPod) {
            // Session 42 breaker: the node was run again in a later Pod of another name (a Workflow deleted and submitted again
            // under its name with the other pod-name format): as for a later Pod of the same name (below), this Pod's absence did
            // not leave the node for good, and what the node did from the later run on (missing again, finished, exported
            // unfinished) is the later Pod's. It was AF005 likely on the earlier Pod from the later Pod's missing lines.
            if (missing.size() > 1) {
                scope.clear(pod, Message.of("AF005.cleared.nodeRunAgain", "count", missing.size(), "at", life.laterRun().time().format(),
                        "pod", laterPod.podRef().name()), life.laterRun().source());
            }
            return;
        }
        PodHistory later = laterOfTheName(scope.correlation(), pod, gone.at);
        if (later != null) {
            if (missing.size() > 1) {
                LogEvent first = later.events().get(0);
                scope.clear(pod, Message.of("AF005.cleared.nameUsedAgain", "count", missing.size(), "at", first.time().format()), first.source());
            }
            return;
        }
        List<LogEvent> ends = new ArrayList<>(nodeLines);
        ends.addAll(scope.nodes().completions(workflow.ref()));
        Optional<LogEvent> finished = finishedAfter(ends, gone);
        NodeObservation unfinished = unfinishedAfter(workflow, link, gone.at, gone.table != null, pod);
        if (finished.isPresent() && missing.size() > 1) {
            scope.clear(pod, Message.of("AF005.cleared.finishedLater", "count", missing.size(), "at", finished.get().time().format()),
                    finished.get().source());
        } else if (finished.isEmpty() && (missing.size() >= 2 || unfinished != null)) {
            scope.findings().add(finding(scope.correlation(), pod, missing, gone, unfinished, workflow, endBefore(nodeLines, missing), existing));
        }
    }

    /**
     * The controller was logging after the Pod was gone, yet no Workflow worker took the Workflow up: a run that had processed
     * this Workflow (so it is its controller) has lines after the time, and no {@code Processing workflow} of it follows. A node
     * seen unfinished then was not left by the controller: it had not looked yet (a stall, busy or no workers, AF003), and
     * when it does it finds the Pod missing and marks the node {@code Error}. The first such run's last line, or null.
     */
    private static LogEvent notLookedAfter(Correlation correlation, WorkflowHistory workflow, Timestamp goneAt) {
        LogEvent lastProcessed = null;
        for (LogEvent e : workflow.events()) {
            if (e.event() instanceof WorkflowProcessing) {
                if (e.time().isAfter(goneAt)) {
                    return null;
                }
                lastProcessed = e;
            }
        }
        if (lastProcessed == null) {
            return null;
        }
        ControllerProcess run = correlation.process(lastProcessed);
        return run != null && run.last() != null && run.last().isAfter(goneAt) ? lastProcessed : null;
    }

    /**
     * The Pod is known gone only from the controller's missing lines, and the controller's lines, whole from the Pod's
     * {@code Created pod} to the first of them, would have shown it leave: the run logs its pod informer's events ({@code add pod event}, {@code delete pod event}: v3.6.5 and
     * later), yet none shows this Pod leaving, and no record shows it deleted. The informer may never have had it: a watch
     * that stopped delivering leaves every Pod created after it missing while the Pod exists and runs (a controller restart
     * lists them again). Not a Pod gone, so not AF005's claim; said, at most, as possible.
     */
    private static boolean neverSeenLeaving(Correlation correlation, PodHistory pod, List<LogEvent> missing, LogEvent rerun) {
        // Only what came after the node's earlier end (rerun) is this episode's: a node finished and then found missing again was
        // run again (argo retry resets it, and the controller creates its Pod again under the name), so a delete event or a
        // deletion before that end was the earlier Pod's leaving, not this one's (session 31 review: an excerpt that cut the
        // retried Pod's Created pod line read the first Pod's delete pod event as the second's, AF005 likely while the API
        // server answered "already exists").
        if (missing.isEmpty() || correlation.lifecycle(pod.key()).deleters().stream()
                .anyMatch(d -> rerun == null || d.at() == null || d.at().isAfter(rerun.time()))) {
            return false;
        }
        LogEvent first = missing.get(0);
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent p && p.action() == ControllerEvent.InformerAction.DELETE
                    && (rerun == null || EventOrder.after(e, rerun))) {
                return false;
            }
        }
        // The controller's own attempt to create the Pod again, after finding it missing, answered "already exists": the API server
        // had the Pod then. Whatever the release or the cuts, the lines state the Pod existed while the informer lacked it; with
        // nothing showing it leave the informer (a labelled Pod's delete event) or deleted, that is the informer's gap, not a Pod gone.
        LogEvent exists = existsAfter(pod, first);
        if (exists != null) {
            // Before v3.6.5 no delete event is logged: the cleanup worker's labelPodCompleted for this Pod before the answer (#8022's
            // stale item labelling it) shows it leave the informer all the same.
            for (LogEvent e : pod.events()) {
                if (e.event() instanceof PodCleanupStarted c && c.cleanup() == CleanupAction.LABEL_POD_COMPLETED && EventOrder.before(e, exists)
                        && (rerun == null || EventOrder.after(e, rerun))) {
                    return false;
                }
            }
            return true;
        }
        // The run that created the Pod logged its missing lines, and nothing was cut from it in between: its lines there are
        // whole (a log that starts after the Pod left, or an excerpt, would not show the delete event either).
        LogEvent created = pod.latestCreated();
        if (created == null || created.stream() != first.stream() || !EventOrder.before(created, first) || correlation.gapBetween(created, first)) {
            return false;
        }
        return PodEventLines.logged(correlation.process(first));
    }

    /**
     * The latest {@code Failed to create pod} line of this Pod (refused for another reason than "already exists") after it was last
     * seen existing ({@code existing}: its {@code Created pod}, an add or update by the informer; null: never seen), or null.
     */
    private static LogEvent creationRefused(PodHistory pod, LogEvent existing) {
        LogEvent last = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-create-failed".equals(s.name()) && (existing == null || EventOrder.after(e, existing))
                    && (last == null || EventOrder.after(e, last))) {
                last = e;
            }
        }
        return last;
    }

    /** The first {@code Failed pod creation: already exists} line of this Pod after the given missing line, or null. */
    private static LogEvent existsAfter(PodHistory pod, LogEvent missing) {
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-create-exists".equals(s.name()) && EventOrder.before(missing, e)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The node's last end (marked {@code Error}, or changed to a completed phase) before the episode's first missing line: the
     * node was run again after it (see {@link #lastEpisode}). Null: none, or no episode.
     */
    private static LogEvent endBefore(List<LogEvent> nodeLines, List<LogEvent> missing) {
        LogEvent last = null;
        for (LogEvent e : nodeLines) {
            if (!missing.isEmpty() && ends(e) && EventOrder.before(e, missing.get(0)) && (last == null || EventOrder.after(e, last))) {
                last = e;
            }
        }
        return last;
    }

    private static boolean ends(LogEvent e) {
        return e.event() instanceof NodeMarkedError || (e.event() instanceof NodePhaseChanged p && NodeLines.COMPLETED.contains(p.toPhase()));
    }

    /**
     * The node's {@code Workflow pod is missing} lines since the node was last finished after one: a node finished (marked
     * Error, or changed to a completed phase) is not looked up again unless it was reset (an {@code argo retry}, which creates
     * its Pod again under the same name), so a missing line after that finish is about the new Pod. The earlier episode,
     * closed by its finish, says nothing about the new Pod, neither clearing nor counting for it.
     */
    private static List<LogEvent> lastEpisode(List<LogEvent> nodeLines, LogEvent existing) {
        List<LogEvent> episode = new ArrayList<>();
        boolean closed = false;
        for (LogEvent e : EventOrder.inTimeOrder(nodeLines)) {
            if (existing != null && !EventOrder.after(e, existing)) {
                continue; // the Pod was seen existing after it: a missing line of an earlier Pod of the name, or of the informer's lag
            }
            if (e.event() instanceof WorkflowPodMissing) {
                if (closed) {
                    episode.clear();
                    closed = false;
                }
                episode.add(e);
            } else if (!episode.isEmpty() && ends(e)) {
                closed = true;
            }
        }
        return List.copyOf(episode);
    }

    /**
     * The latest line showing the Pod exist: the controller's {@code Created pod} line, or the pod informer's add or update of it.
     * Whatever said it gone before that (a missing line, a table not listing it, kubectl's NotFound) was about an earlier Pod
     * of the same name ({@code argo retry} creates the node's Pod again under its name, a Workflow deleted and submitted again
     * under its name has the same node IDs) or about a moment before this one was created; it says nothing of this Pod.
     */
    private static LogEvent lastSeenExisting(PodHistory pod) {
        return EventOrder.latest(pod.events().stream().filter(e -> e.event() instanceof PodCreated
                || (e.event() instanceof PodInformerEvent p && p.action() != InformerAction.DELETE)).toList());
    }

    /**
     * Whether a table's stated time is clearly after the Pod was last seen existing: the user's clock against the controller's,
     * as far apart as the lifecycle model lets them be.
     */
    private static boolean afterSeenExisting(PodListing listing, LogEvent existing) {
        // A stated time counts as after only past what a user's clock may be off (ObservedAt#after, the one reading of it).
        return existing == null || listing.table().observed().after(existing.time().windowEnd().plusNanos(FalsePodDeleted.CROSS_CLOCK_NANOS)).known();
    }

    /**
     * The Pod of the same name created after this one was gone (session 30), or null. A Pod's name is its Workflow's name and
     * its node's, so a later Pod of the name is either the node given a Pod again (executeTemplate for a Pending node,
     * {@code argo retry}) or the Workflow deleted and submitted again under its name (a name is unique while its object
     * exists): either way this Pod's absence did not leave its node for good. Known only where this Pod's history is cut by
     * the later one's (this Pod exported with its UID); without an export both are one Pod of the name, last seen existing at
     * the later {@code Created pod} line, and nothing is found either: the verdict does not hang on the export.
     */
    private static PodHistory laterOfTheName(Correlation correlation, PodHistory pod, Timestamp goneAt) {
        Timestamp until = pod.identity().until();
        if (until == null || until.isBefore(goneAt)) {
            return null;
        }
        return correlation.podsNamed(pod.key().namespace(), pod.key().name()).stream()
                .filter(p -> p != pod && !p.events().isEmpty() && !p.events().get(0).time().isBefore(until))
                .min(Comparator.comparing(p -> p.events().get(0).time())).orElse(null);
    }

    /**
     * The node's lines of this Pod's time: a Workflow submitted again under the same name has the same node IDs, and its node's
     * lines (which name no Pod object) from the later Pod's creation on are that Pod's, not this one's.
     */
    private static List<LogEvent> ofThisPod(List<LogEvent> nodeLines, PodHistory pod) {
        Timestamp until = pod.identity().until();
        return until == null ? nodeLines : nodeLines.stream().filter(e -> e.time().isBefore(until)).toList();
    }

    /** When the Pod is known to be gone, and by what: the first missing line, else its deletion as the records or the informer show it. */
    private static Gone gone(PodLifecycle life, List<LogEvent> missing, PodHistory pod, LogEvent existing) {
        if (!missing.isEmpty()) {
            return new Gone(missing.get(0).time(), missing.get(0), null, Message.of("AF005.gone.missingLogged"), null);
        }
        Optional<Deletion> deletion = life.deleters().stream().filter(d -> d.audit() != null).findFirst();
        if (deletion.isPresent()) {
            return new Gone(deletion.get().at(), null, deletion.get(), Message.of("AF005.gone.deleted", "deletion", deletion.get().describe()), null);
        }
        InformerExit exit = life.informerExit();
        if (exit != null && exit.kind() == InformerExit.Kind.REMOVED) {
            // A Pod labelled completed leaves the informer's watch too: that delete event is no deletion.
            return new Gone(exit.event().time(), exit.event(), null, Message.of("AF005.gone.leftInformer"), null);
        }
        // A pasted kubectl get pods table, printed at a stated time, that lists other Pods of the Workflow but not this one.
        PodListing absent = pod.listings().stream().filter(l -> l.leftOut() && afterSeenExisting(l, existing))
                .min(Comparator.comparing(l -> l.table().observed().time().instant())).orElse(null);
        if (absent != null) {
            return new Gone(absent.table().observed().time(), null, null, Message.of("AF005.gone.notListed", "table", absent.table().describe(),
                    "siblings", absent.siblings()), absent);
        }
        // kubectl's own answer that the Pod did not exist, at a time the user stated for the paste. Without one it has no time of
        // its own (the paste's order only says it ran after some lines): nothing can be placed after it, so AF005 cannot use it.
        // Stated before the Pod was last seen existing, it is of an earlier Pod of the name, or of a moment before this one.
        PodListing notFound = pod.listings().stream().filter(l -> l.notFound() != null && l.table().observed() != null
                        && afterSeenExisting(l, existing))
                .min(Comparator.comparing(l -> l.table().observed().time().instant())).orElse(null);
        if (notFound != null) {
            return new Gone(notFound.table().observed().time(), null, null, notFound.notFound().userDelete()
                    ? Message.of("AF005.gone.userDeleted", "command", "`" + notFound.table().command() + "`", "force",
                            notFound.notFound().forced() ? Message.of("AF005.gone.forced") : Message.NOTHING)
                    : Message.of("AF005.gone.notFound", "command",
                    notFound.table().command().isEmpty() ? "kubectl" : "`" + notFound.table().command() + "`"), notFound);
        }
        return null;
    }

    /**
     * Session 53: kubectl's answer that the Pod did not exist, or the user's delete of it ({@code pod "X" force deleted}), pasted with no
     * time of its own (no {@code # taken-at:}, {@code --snapshot-time} or {@code date} the paste states): nothing can be placed after it,
     * so it bounds nothing the other findings need. What it can say: the Pod, once created, was gone by the time the command ran, and
     * nothing in the inputs finishes its node or its Workflow after the Pod was last seen existing, while the Workflow was taken up again
     * and again with the node unfinished, or an export of its owner shows the node unfinished. The answer may have come after the last
     * of those (the node finished later, or the Workflow deleted, beyond the inputs), or before (the node left for good, #13152's and
     * #13533's shape): possible, saying that the answer's time is what it lacked. Nothing where the answer may be of another Pod of
     * the name (the Pod never seen existing, its name created twice, a later run of the node), where the Workflow is shown deleted
     * (its Pods go with it: the look-alike, named) or completed, or where the node was seen finished.
     */
    /**
     * Session 53 breaker: the Workflow shown deleted only by the user's own deletes of it, pasted in the same transcript after the
     * answer that the Pod was gone (the user cleaning up a Workflow left running): the Workflow existed until its delete, so the Pod
     * was gone before it, and its garbage collector did not take the Pod. A NotFound of the Workflow says nothing of when it went,
     * whatever its place in the paste.
     */
    private static boolean deletedAfter(List<PodTable.NotFound> workflowAnswers, PodTable.NotFound podAnswer) {
        return !workflowAnswers.isEmpty() && workflowAnswers.stream().allMatch(w -> w.userDelete()
                && w.source().file().equals(podAnswer.source().file()) && w.source().line() > podAnswer.source().line());
    }

    private void untimedAbsence(PodHistory pod, Scope scope, WorkflowHistory workflow, PodLifecycle life, List<LogEvent> nodeLines,
                                LogEvent existing) {
        PodListing answer = pod.listings().stream()
                .filter(l -> l.notFound() != null && l.notFound().listing() == null && l.table().observed() == null)
                .min(Comparator.comparing((PodListing l) -> !l.notFound().userDelete())).orElse(null);
        if (answer == null || existing == null || life.laterRun() != null || pod.identity().until() != null
                || pod.events().stream().filter(e -> e.event() instanceof PodCreated).count() > 1) {
            return;
        }
        dev.argoforensics.correlate.WorkflowFate fate = life.workflow();
        if (fate != null && (fate.completed() != null)) {
            return;
        }
        if (fate != null && (fate.deleted() != null || fate.gone() != null || !fate.notFound().isEmpty())
                && !(fate.deleted() == null && fate.gone() == null && deletedAfter(fate.notFound(), answer.notFound()))) {
            // The Workflow deleted: its garbage collector deletes its Pods, and the node goes with the Workflow (not left running).
            scope.clear(pod, Message.of("AF005.cleared.workflowDeleted", "answer", answer.notFound().answer()), answer.notFound().source());
            return;
        }
        List<LogEvent> ends = new ArrayList<>(nodeLines);
        ends.addAll(scope.nodes().completions(workflow.ref()));
        Optional<LogEvent> finished = Optional.ofNullable(EventOrder.earliest(ends.stream()
                .filter(e -> EventOrder.after(e, existing))
                .filter(e -> e.event() instanceof WorkflowUpdated || e.event() instanceof NodeMarkedError
                        || NodeLines.COMPLETED.contains(String.valueOf(toPhase(e))))
                .toList()));
        if (finished.isPresent()) {
            return;
        }
        // The node seen unfinished: an export of its owner, taken once the Pod existed, or the controller's last word on the node.
        NodeLink link = pod.link();
        NodeObservation exported = workflow.nodeObservations(link.nodeId()).stream().filter(o -> !pod.ownedByAnother(o.snapshot()))
                .filter(o -> o.node().startedAt() == null || !o.node().startedAt().isAfter(existing.time()))
                .reduce((a, b) -> b).orElse(null);
        if (exported != null && NodeLines.COMPLETED.contains(exported.node().phase())) {
            return;
        }
        String phase = exported != null ? exported.node().phase() : null;
        Timestamp lastSeen = exported != null && exported.snapshot().observed() != null ? exported.snapshot().observed().time() : null;
        if (phase == null) {
            for (LogEvent e : EventOrder.inTimeOrder(nodeLines)) {
                if (toPhase(e) != null && EventOrder.after(e, existing)) {
                    phase = toPhase(e);
                }
            }
        }
        // The controller took the Workflow up again and again once the node had its Pod, never finishing it.
        List<LogEvent> passes = workflow.events().stream().filter(e -> e.event() instanceof WorkflowProcessing && EventOrder.after(e, existing))
                .toList();
        if (phase == null || NodeLines.COMPLETED.contains(phase) || (exported == null && passes.size() < 2)) {
            return;
        }
        LogEvent lastPass = EventOrder.latest(passes);
        if (lastPass != null && (lastSeen == null || lastPass.time().isAfter(lastSeen))) {
            lastSeen = lastPass.time();
        }
        if (lastSeen == null) {
            return;
        }
        PodTable.NotFound n = answer.notFound();
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(scope.correlation());
        Message how = n.userDelete() ? Message.of("AF005.gone.userDeleted", "command", "`" + answer.table().command() + "`", "force",
                n.forced() ? Message.of("AF005.gone.forced") : Message.NOTHING)
                : Message.of("AF005.gone.notFound", "command", answer.table().command().isEmpty() ? "kubectl" : "`" + answer.table().command() + "`");
        facts.add(new Fact("podGoneBy", "Pod known gone by", Words.english().render(how)));
        facts.add(new Fact("podGoneAt", "Pod gone no later than", n.after() != null ? "a time the paste does not state, after "
                + n.after().format() : "a time the paste does not state"));
        facts.add(new Fact("podLastSeenExisting", "Pod last seen existing", existing.time().format()));
        facts.add(new Fact("nodePhaseLastSeen", "Node phase last seen", phase));
        facts.add(new Fact("lastSeenAt", "Last seen at", lastSeen.format()));
        if (n.userDelete()) {
            facts.add(new Fact("removedBy", "Pod removed by", "a user (" + n.answer() + ")"));
        }
        cite.listing(answer, n.userDelete() ? "a user's delete of the Pod (its transcript)" : "kubectl: the Pod did not exist");
        cite.line(existing, "the Pod last seen existing");
        if (exported != null) {
            cite.node(exported, "exported Workflow: the node unfinished");
        }
        if (lastPass != null) {
            cite.line(lastPass, "the Workflow taken up again, the node not finished");
        }
        Message reason = Message.of("AF005.reason.untimedAbsence", "how", how, "existing", existing.time().format(), "phase", phase,
                "lastSeen", lastSeen.format(), "seen", exported != null ? Message.of("AF005.reason.untimedExport", "export", export(exported),
                        "phase", phase, "passes", passes.isEmpty() ? Message.NOTHING : Message.of("AF005.reason.untimedPasses", "count", passes.size()))
                        : Message.of("AF005.reason.theLines", "count", passes.size(), "phase", phase));
        Message summary = Message.of("AF005.summaryUntimed", "pod", pod.key().toString(), "how", how, "phase", phase, "lastSeen", lastSeen.format());
        Message explain = Message.sequence(List.of(Message.of("AF005.explain.untimed", "pod", pod.key().toString(),
                "node", link.nodeName() != null ? link.nodeName() : link.nodeId(), "wf", link.workflow().toString(), "phase", phase,
                "lastSeen", lastSeen.format()), Message.of("AF005.explain.consequence")));
        scope.findings().add(new Finding(ID, title(), severity(), Confidence.POSSIBLE, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain, facts, cite.evidence()));
    }

    /** The phase a node line gives the node ({@code node phase changed}, {@code node changed}'s new phase), or null. */
    private static String toPhase(LogEvent e) {
        if (e.event() instanceof NodePhaseChanged p) {
            return p.toPhase();
        }
        return e.event() instanceof ControllerEvent.NodeChanged c && c.newPhase() != null && !c.newPhase().isEmpty() ? c.newPhase() : null;
    }

    /**
     * The first line after the Pod was gone that finished the node or the whole Workflow.
     *
     * @param lines the node's lines and the Workflow's completed updates
     */
    private static Optional<LogEvent> finishedAfter(List<LogEvent> lines, Gone gone) {
        // The earliest by time across runs (input order within one): not the first of whichever file was named first.
        return Optional.ofNullable(EventOrder.earliest(lines.stream()
                .filter(e -> gone.line != null ? EventOrder.after(e, gone.line) : e.time().isAfter(gone.at))
                .filter(e -> e.event() instanceof WorkflowUpdated || e.event() instanceof NodeMarkedError
                        || (e.event() instanceof NodePhaseChanged p && NodeLines.COMPLETED.contains(p.toPhase())))
                .toList()));
    }

    /**
     * The latest export of the node, if taken after the Pod was gone and it shows the node unfinished. Not an export of another
     * Workflow object than the Pod's owner: a Workflow submitted again under the same name has the same node IDs, and its
     * node says nothing of the earlier run's Pod. Nor one taken once a later Pod of the name was created (as {@link #ofThisPod}
     * cuts the lines): the node then had that Pod (a Pending node's Pod created again by executeTemplate, a retry, a Workflow
     * submitted again), and showed unfinished it says nothing of this one. Nor one whose node was started after the Pod was gone.
     */
    private static NodeObservation unfinishedAfter(WorkflowHistory workflow, NodeLink link, Timestamp goneAt, boolean goneStated, PodHistory pod) {
        Timestamp until = pod.identity().until();
        List<NodeObservation> obs = workflow.nodeObservations(link.nodeId()).stream().filter(o -> !pod.ownedByAnother(o.snapshot()))
                .filter(o -> until == null || o.snapshot().observed() == null || o.snapshot().observed().takenNoLaterThan().at().isBefore(until))
                // Nor a node started after the Pod was gone: a later run of it (a namesake whose Pod's creation the lines do not show
                // and no export of the Pod gives the owner of, or argo retry's reset node), session 39 breaker.
                .filter(o -> o.node().startedAt() == null || !o.node().startedAt().isAfter(goneAt))
                .toList();
        if (obs.isEmpty()) {
            return null;
        }
        NodeObservation latest = obs.get(obs.size() - 1);
        ObservedAt taken = latest.snapshot().observed();
        // After the Pod was gone: by the export's own times or a write, or a stated time past what a user's clock may be off (the
        // one reading of a stated time, ObservedAt#after); against a table's stated time (goneStated), both are a user's clock,
        // as a paste's own order is, and their order is read as stated (Timestamp#isAfter: each to the end of its second, so a
        // time stated to the second is not after another stated in the same second). Session 34, checked: the two are one user's
        // clock only if one machine took both; the finding this opens is likely at most (AF005 from a pasted table).
        boolean after = taken != null && (goneStated && taken.statedTime() ? taken.time().isAfter(goneAt) : taken.after(goneAt.windowEnd()).known());
        return after && !NodeLines.COMPLETED.contains(latest.node().phase()) ? latest : null;
    }

    private Finding finding(Correlation correlation, PodHistory pod, List<LogEvent> missing, Gone gone, NodeObservation unfinished,
                            WorkflowHistory workflow, LogEvent rerun, LogEvent existing) {
        NodeLink link = pod.link();
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        facts.add(new Fact("podGoneAt", "Pod gone no later than", gone.at.format()));
        facts.add(new Fact("podGoneBy", "Pod known gone by", Words.english().render(gone.how)));
        facts.add(new Fact("missingLogged", "\"Workflow pod is missing\" logged", missing.size()));
        String phase = unfinished != null ? unfinished.node().phase() : ((WorkflowPodMissing) missing.get(missing.size() - 1).event()).nodePhase();
        Timestamp lastSeen = unfinished != null ? unfinished.snapshot().observed().time() : missing.get(missing.size() - 1).time();
        facts.add(new Fact("nodePhaseLastSeen", "Node phase last seen", phase));
        facts.add(new Fact("lastSeenAt", "Last seen at", lastSeen.format()));
        long nanos = gone.at.nanosUntil(lastSeen);
        facts.add(new Fact("unfinishedFor", "Unfinished after the Pod was gone for", GoDuration.format(nanos)));
        if (gone.deletion != null) {
            cite.deletion(gone.deletion);
        } else if (gone.table != null) {
            cite.listing(gone.table, gone.table.notFound() != null ? "kubectl: the Pod did not exist" : "the Pod no longer listed");
        } else {
            cite.line(gone.line, "the Pod is gone");
        }
        correlation.lifecycle(pod.key()).deleter().filter(d -> gone.deletion == null).ifPresent(d -> {
            facts.add(new Fact("removedBy", "Pod removed by", d.who()));
            cite.deletion(d);
        });
        missing.forEach(e -> cite.line(e, "the controller finds the Pod missing and leaves the node as it is"));
        if (unfinished != null) {
            cite.node(unfinished, "exported Workflow: the node still unfinished");
        }
        Confidence confidence;
        Message reason;
        LogEvent notLooked = missing.isEmpty() ? notLookedAfter(correlation, workflow, gone.at) : null;
        LogEvent suspendedAt;
        LogEvent createFailed = "Pending".equals(phase) ? creationRefused(pod, existing) : null;
        if (createFailed != null) {
            // Session 42 breaker: the controller's own attempt to create the Pod was refused (a ResourceQuota exceeded, an admission
            // webhook): the Pod could not be created, it did not go. A transient refusal leaves the node Pending and every pass
            // logs it missing and tries again (operator.go: a Pending node is left to executeTemplate); the node waits on the
            // creation, it is not left. It was likely on three missing lines and an argo get showing the node Pending.
            confidence = Confidence.POSSIBLE;
            String error = ((Signal) createFailed.event()).attribute("error");
            reason = Message.of("AF005.reason.creationRefused", "count", missing.size(), "at", createFailed.time().format(),
                    "error", error == null ? "" : error);
            cite.line(createFailed, "the controller's attempt to create the Pod refused");
        } else if (neverSeenLeaving(correlation, pod, missing, rerun)) {
            confidence = Confidence.POSSIBLE;
            LogEvent exists = existsAfter(pod, missing.get(0));
            if (exists != null) {
                reason = Message.of("AF005.reason.existsInApi", "count", missing.size(), "at", exists.time().format());
                cite.line(exists, "the controller's attempt to create the Pod again: it already exists");
            } else {
                reason = Message.of("AF005.reason.neverSeenLeaving", "count", missing.size());
            }
        } else if (waitingOutStart(missing)) {
            // Session 37 breaker: the controller leaves a Running node whose Pod is missing alone only while the node counts as
            // recently started (RECENTLY_STARTED_POD_DURATION, 10s by default); its first pass after that marks it Error "pod
            // deleted". Missing lines all inside that window are the wait, not the node left: a log that ends (or a controller
            // that stops taking the Workflow up) before the window is over shows nothing of what came after it.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF005.reason.waitingOutStart", "count", missing.size(), "last", missing.get(missing.size() - 1).time().format(),
                    "export", unfinished == null ? Message.NOTHING : Message.of("AF005.reason.waitingExport", "export", export(unfinished),
                            "at", unfinished.snapshot().observed().time().format(), "phase", phase));
        } else if ((suspendedAt = suspendedAfter(correlation, workflow, missing)) != null) {
            // Session 41 breaker: the pass that last found the Pod missing returned at the suspension check (the Workflow suspended:
            // argo suspend): no template runs while it is, so the Pending node is not given its Pod again until it is resumed. The
            // node is held by the suspension, not left by the controller.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF005.reason.suspended", "count", missing.size(), "at", suspendedAt.time().format());
            cite.line(suspendedAt, "the pass stops at the Workflow's suspension: no template runs");
        } else if (notLooked != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF005.reason.notLooked", "export", export(unfinished), "phase", phase, "last", notLooked.time().format());
            cite.line(notLooked, "the last time a Workflow worker took the Workflow up");
        } else if (missing.size() >= 2 && unfinished != null && unfinished.node().startedAt() == null) {
            // Session 40 breaker: the exported node gives no startedAt (a trimmed paste), so nothing tells it from a later run of
            // the node (a namesake submitted again under the name, argo retry's reset node: the same node ID) started after the
            // Pod went, which the check above sets aside by that time. It does not confirm; the lines alone give likely.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF005.reason.missingAndUnplacedExport", "count", missing.size(), "export", export(unfinished), "phase", phase);
        } else if (missing.size() >= 2 && unfinished != null
                && unfinished.snapshot().observed().after(gone.at.windowEnd()) == ObservedAt.Order.SHOWN) {
            // The export after the missing lines by its own times or a write: a time its file only states is likely at most.
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF005.reason.missingAndExport", "count", missing.size(), "phase", phase);
        } else if (missing.size() >= 2) {
            confidence = Confidence.LIKELY;
            reason = unfinished != null ? Message.of("AF005.reason.missingAndStatedExport", "count", missing.size(),
                    "at", unfinished.snapshot().observed().time().format(), "phase", phase)
                    : Message.of("AF005.reason.missingOnly", "count", missing.size());
        } else if (gone.table != null && gone.table.leftOut() && !gone.table.table().unfiltered()) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF005.reason.filteredTable", "export", export(unfinished), "phase", phase);
        } else {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF005.reason.notNoticed", "seen", gone.table != null && gone.table.notFound() != null
                    ? Message.of("AF005.reason.seenNotFound", "how", gone.how, "export", export(unfinished))
                    : gone.table != null
                    ? Message.of("AF005.reason.seenUnlisted", "command", gone.table.table().command(), "export", export(unfinished))
                    : Message.of("AF005.reason.seenExport"), "phase", phase);
        }
        Message summary = Message.of("AF005.summary", "pod", pod.key().toString(), "how", gone.how, "at", gone.at.format(), "phase", phase,
                "lastSeen", lastSeen.format(), "duration", GoDuration.format(nanos));
        // The verdict is that nothing finished the node after the Pod went: where the Workflow's lines stop in a rotated piece whose
        // later piece is not given, before the Workflow is seen to end, a line finishing the node may be there (an export of the
        // Workflow taken after the lines stop still shows it unfinished then: at the earliest it can have been taken, a time its
        // file states less what a user's clock may be off).
        Finding f = TailCaps.capped(new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(pod, missing, phase, lastSeen, nanos), facts, cite.evidence()),
                correlation, gone.at, unfinished == null ? null : unfinished.snapshot().observed().takenNoEarlierThan().at(),
                Message.of("caveat.tailCutCould.AF005"));
        return f.confidence() == Confidence.LIKELY && unfinished == null && missing.size() >= 2 ? readWholeAfter(correlation, f, missing) : f;
    }

    /**
     * The lines-alone reading ({@code AF005.reason.missingOnly}) rests on nothing finishing the node after the last
     * {@code Workflow pod is missing}, to the end of the evidence: every controller run that logged the Workflow must be read whole over
     * its part of that span ({@link Correlation#cutOver}: its records naming nothing, their gaps, its later log known missing; a run
     * holding no line of the Workflow is another controller's, as in a folder of several clusters' logs, or one whose lines of the
     * Workflow were all cut, which this does not see), as a line marking the node
     * (a later pass's {@code pod deleted}, a new Pod created for it, the Workflow finished) may be among lines cut there. Where one
     * may be, {@code possible}, saying which run and where (session 56; before, only a rotated piece without its successor or a
     * recorded selection was checked, by {@link TailCaps}, which, where it already capped the finding, keeps its words).
     */
    private static Finding readWholeAfter(Correlation correlation, Finding f, List<LogEvent> missing) {
        LogEvent last = missing.get(missing.size() - 1);
        java.util.Set<Integer> runs = new java.util.TreeSet<>();
        runs.add(last.stream());
        correlation.workflow(f.workflow()).ifPresent(w -> w.events().forEach(e -> runs.add(e.stream())));
        for (int stream : runs) {
            Optional<dev.argoforensics.correlate.ReadCut> cut = correlation.cutOver(stream, last.time(), null);
            if (cut.isPresent()) {
                Message why = Message.of("AF005.reason.missingOnlyCut", "count", missing.size(), "last", last.time().format(),
                        "where", ReadCutWords.where(cut.get()));
                List<Fact> facts = new ArrayList<>(f.facts());
                facts.add(new Fact("notReadWhole", "Lines may be cut", Words.english().render(ReadCutWords.where(cut.get()))));
                return new Finding(f.rule(), f.title(), f.severity(), Confidence.POSSIBLE, why, f.pod(), f.podUid(), f.workflow(), f.node(),
                        f.about(), f.account(), facts, f.evidence());
            }
        }
        return f;
    }

    /**
     * The Workflow's {@code workflow suspended} line that closed the pass which last found the Pod missing, where that line gave the
     * node {@code Pending}: the same controller run's next line of the Workflow's processing after the missing line is the
     * suspension ({@code operate} returns there, every release, before any template runs), not another {@code Processing workflow}.
     * A suspended Workflow's Pending node is given its Pod again (executeTemplate) only once the Workflow is resumed: the node is
     * held by the suspension, not left. A Running node whose Pod is missing is marked {@code Error} whether or not the Workflow is
     * suspended (pod reconciliation comes first), so only a Pending one is held. Null otherwise.
     */
    private static LogEvent suspendedAfter(Correlation correlation, WorkflowHistory workflow, List<LogEvent> missing) {
        if (missing.isEmpty()) {
            return null;
        }
        LogEvent last = missing.get(missing.size() - 1);
        if (!"Pending".equals(((WorkflowPodMissing) last.event()).nodePhase())) {
            return null;
        }
        LogEvent closing = null;
        for (LogEvent e : workflow.events()) {
            if (e.stream() != last.stream() || e.ordinal() <= last.ordinal()) {
                continue;
            }
            if (e.event() instanceof WorkflowProcessing || (e.event() instanceof Signal s && "workflow-suspended".equals(s.name()))) {
                if (closing == null || e.ordinal() < closing.ordinal()) {
                    closing = e;
                }
            }
        }
        return closing != null && closing.event() instanceof Signal ? closing : null;
    }

    /**
     * Whether every missing line of the episode was logged while the controller waits on purpose: the node {@code Running} (not
     * {@code Pending}, which the controller leaves whatever its age) and counted as recently started ({@code recentlyStarted=true}).
     * Such lines show the controller waiting out the window, after which it marks the node {@code Error}, not the node left.
     */
    private static boolean waitingOutStart(List<LogEvent> missing) {
        return !missing.isEmpty() && missing.stream().map(e -> (WorkflowPodMissing) e.event())
                .allMatch(m -> Boolean.TRUE.equals(m.recentlyStarted()) && !"Pending".equals(m.nodePhase()));
    }

    /** What showed the node unfinished after the Pod was gone: argo get output, or an export. */
    private static Message export(NodeObservation unfinished) {
        return Message.of(unfinished.snapshot().fromArgoGetText() ? "AF005.reason.argoGet" : "AF005.reason.anExport");
    }

    private static Message explain(PodHistory pod, List<LogEvent> missing, String phase, Timestamp lastSeen, long nanos) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of("AF005.explain.gone", "pod", pod.key().toString(),
                "node", pod.link().nodeName() != null ? pod.link().nodeName() : pod.link().nodeId(), "wf", pod.link().workflow().toString(),
                "phase", phase, "lastSeen", lastSeen.format(), "duration", GoDuration.format(nanos)));
        if (missing.size() >= 2) {
            WorkflowPodMissing last = (WorkflowPodMissing) missing.get(missing.size() - 1).event();
            m.add(Message.of("AF005.explain.missing", "count", missing.size(), "from", missing.get(0).time().format(),
                    "to", missing.get(missing.size() - 1).time().format()));
            if ("Pending".equals(last.nodePhase())) {
                m.add(Message.of("AF005.explain.pending"));
            } else if (Boolean.TRUE.equals(last.recentlyStarted())) {
                m.add(Message.of("AF005.explain.recentlyStarted"));
            } else {
                m.add(Message.of("AF005.explain.noMarking", "phase", last.nodePhase()));
            }
        }
        m.add(Message.of("AF005.explain.consequence"));
        return Message.sequence(m);
    }

    /**
     * @param line     the line that shows the Pod gone, or null when an audit record does
     * @param deletion the audit record's deletion, or null
     */
    /** @param table the table that no longer lists the Pod, when that is all that shows it gone */
    private record Gone(Timestamp at, LogEvent line, Deletion deletion, Message how, PodListing table) {
    }
}
