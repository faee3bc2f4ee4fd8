package dev.argoforensics.correlate;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent.EventRecorded;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import dev.argoforensics.source.SourceRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.function.Supplier;
import java.util.Map;
import java.util.Set;

/**
 * Derives each Pod's {@link PodLifecycle} from its history: the one place where the facts of a Pod's
 * life are decided. It scopes the history to the Pod's latest instance, then asks
 * {@link DeletionBounds} when the deletion was requested and {@link ExecutionOrder} whether the
 * containers had finished by then, and decides itself what a {@code delete pod event} meant, which
 * removal released the finalizer, and the node's persisted state and outcome. Per Pod it reads only
 * that Pod's records and its own node's lines ({@link NodeIndex}); {@link WorkflowFates} decides
 * each Workflow's fate.
 */
final class LifecycleBuilder {

    static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error", "Skipped", "Omitted");

    private final NodeIndex nodes;
    /** The runs that led at once (session 56). */
    private final ConcurrentRuns atOnce;
    /** Each controller run's clock against the objects' (derived once, before any Pod's lifecycle). */
    private final RunClocks clocks;
    /** The least drift any run's pairs measure ({@link #leastDrift(RunClocks)}), found once: the same for every Pod. */
    private final Long leastDrift;
    /** Per Workflow, the lines of its passes whose update the persist guard refused (computed once per Workflow; Pods are built on several threads). */
    private final Map<WorkflowRef, Set<LogEvent>> refused = new java.util.concurrent.ConcurrentHashMap<>();

    /** The controller runs, {@link LogEvent#stream()} indexing them: where each was read whole ({@link StreamExtents}). */
    private final List<ControllerProcess> processes;

    /** The hand-overs between the runs, made the first time a Pod asks ({@link WorkflowAbsent}): most never do. */
    private final Supplier<HandOvers> handOvers;
    /** The runs' start banners and requeue delays, made the first time a Pod asks ({@link WorkflowAbsent}). */
    private final Supplier<RequeueDelays> requeues;
    /** The runs' namespaces and instance IDs, made the first time a Pod asks ({@link WorkflowAbsent}). */
    private final Supplier<RunScopes> scopes;

    LifecycleBuilder(NodeIndex nodes, RunClocks clocks, List<ControllerProcess> processes) {
        this(nodes, clocks, processes, () -> HandOvers.NONE, () -> RequeueDelays.of(List.of()), () -> RunScopes.of(List.of()));
    }

    LifecycleBuilder(NodeIndex nodes, RunClocks clocks, List<ControllerProcess> processes, Supplier<HandOvers> handOvers,
                     Supplier<RequeueDelays> requeues, Supplier<RunScopes> scopes) {
        this(nodes, clocks, processes, handOvers, requeues, scopes, null);
    }

    /** @param atOnce the correlation's one reading of the runs that led at once ({@link Correlation#runsAtOnce}); null: of the runs alone */
    LifecycleBuilder(NodeIndex nodes, RunClocks clocks, List<ControllerProcess> processes, Supplier<HandOvers> handOvers,
                     Supplier<RequeueDelays> requeues, Supplier<RunScopes> scopes, ConcurrentRuns atOnce) {
        this.nodes = nodes;
        this.clocks = clocks;
        this.processes = List.copyOf(processes);
        this.leastDrift = leastDrift(clocks);
        HandOvers[] made = new HandOvers[1];
        this.handOvers = () -> {
            synchronized (made) {
                if (made[0] == null) {
                    made[0] = handOvers.get();
                }
                return made[0];
            }
        };
        this.atOnce = atOnce != null ? atOnce : ConcurrentRuns.of(processes, this.handOvers, RunCopies.NONE);
        RequeueDelays[] delays = new RequeueDelays[1];
        this.requeues = () -> {
            synchronized (delays) {
                if (delays[0] == null) {
                    delays[0] = requeues.get();
                }
                return delays[0];
            }
        };
        RunScopes[] scoped = new RunScopes[1];
        this.scopes = () -> {
            synchronized (scoped) {
                if (scoped[0] == null) {
                    scoped[0] = scopes.get();
                }
                return scoped[0];
            }
        };
    }

    /**
     * For a controller run that logs no pod event (a release before v3.6.5, named by its start banner or the whole range its lines'
     * shapes point to, {@link PodEventLines#notLogged}: no {@code delete pod event}
     * ever says when a Pod left its informer), the first {@code Workflow pod is missing} for the node while it was {@code Running},
     * after the Pod's {@code Created pod} in the same run, with no cleanup item for the Pod before it (the controller's
     * {@code labelPodCompleted} or {@code deletePod} would have taken it out itself): the Pod had been deleted by then. Null otherwise.
     */
    private LogEvent missingWithoutPodEvents(PodHistory pod, List<LogEvent> nodeLines) {
        LogEvent created = pod.latestCreated();
        if (created == null || !PodEventLines.notLogged(processes.get(created.stream()))) {
            return null;
        }
        for (LogEvent e : nodeLines) {
            if (e.event() instanceof WorkflowPodMissing m && "Running".equals(m.nodePhase()) && e.stream() == created.stream()
                    && EventOrder.before(created, e)) {
                for (LogEvent c : pod.events()) {
                    if (c.event() instanceof PodCleanupStarted s && (s.cleanup() == CleanupAction.LABEL_POD_COMPLETED
                            || s.cleanup() == CleanupAction.DELETE_POD) && EventOrder.before(c, e)) {
                        return null;
                    }
                }
                return e;
            }
        }
        return null;
    }

    PodLifecycle build(PodHistory all, WorkflowHistory workflow, WorkflowFate fate) {
        return build(all, workflow, fate, List.of());
    }

    /**
     * @param earlierOfName the lines of the earlier Pods of the name that the lines told apart from this one ({@link Lifetimes}): read
     *                      only for a cleanup item queued for one of them that ran on this Pod ({@link NamesakeCleanup}); empty: none
     */
    PodLifecycle build(PodHistory all, WorkflowHistory workflow, WorkflowFate fate, List<LogEvent> earlierOfName) {
        return build(all, workflow, fate, earlierOfName, null);
    }

    /**
     * @param previous the Pod of the name right before this one, where the lines told them apart ({@link Lifetimes}; null: none):
     *                 then the pass that created this Pod ({@code rerun}: argo retry's reset copy, a new Workflow of the name) is read
     *                 for the words of the earlier Pod's release left not decided (AF001, session 52)
     */
    /**
     * The Workflow's updates refused as stale ({@link PhaseHistory#refusedLines}), read over the lines of the runs that could be about
     * the Pod created at {@code created}: another controller's at once (session 56, {@link ConcurrentRuns}) wrote another object's
     * Workflow of the name, whose resource versions are not this one's. Once per Workflow where no such run wrote of it.
     */
    private Set<LogEvent> unstored(WorkflowHistory workflow, LogEvent created) {
        List<LogEvent> own = ofItsRuns(workflow.events(), created);
        if (own == workflow.events()) {
            return refused.computeIfAbsent(workflow.ref(), r -> PhaseHistory.refusedLines(workflow));
        }
        return PhaseHistory.refusedLines(new WorkflowHistory(workflow.ref(), own, workflow.snapshots()));
    }

    /**
     * The fate with its completion and last line read from {@code own} lines alone, where the completion the fate holds was another
     * run's line (session 56); an export's completion stays as it was.
     */
    private static WorkflowFate ownFate(WorkflowFate fate, List<LogEvent> own, List<LogEvent> every) {
        // Session 56 breaker: so is its deletion where the fate holds another run's line of it (the gc controller's delete of the other
        // cluster's Workflow of the name): the earliest delete its own runs logged, else none from the lines.
        Known deleted = fate.deleted();
        Known otherwise = fate.deletedOtherwise();
        if (deleted != null && deleted.fromLogs() && othersLine(deleted.evidence(), own, every)) {
            Known mine = ownGcDelete(own);
            otherwise = otherwise == deleted ? mine : otherwise;
            deleted = mine;
        }
        if (otherwise != null && otherwise.fromLogs() && othersLine(otherwise.evidence(), own, every)) {
            otherwise = ownGcDelete(own);
        }
        Known completed = fate.completed();
        SourceRef stored = completed == null ? null : completed.evidence();
        if (completed != null && completed.fromLogs() && own.stream().noneMatch(e -> e.source().equals(stored))) {
            completed = null;
            for (LogEvent e : own) {
                if (e.event() instanceof ControllerEvent.WorkflowUpdated u && u.phase() != null && COMPLETED.contains(u.phase())) {
                    completed = new Known(e.time(), "Workflow update successful, phase " + u.phase(), e.source(), true);
                    break;
                }
            }
        }
        LogEvent last = own.isEmpty() ? null : own.get(own.size() - 1);
        return new WorkflowFate(fate.ref(), deleted, completed, last, fate.gone(), fate.podsGoing(), fate.notFound(), fate.listed(),
                fate.audit(), otherwise, fate.foregroundOnLines(), fate.requested(), fate.deletes());
    }

    /** Whether {@code line} is one of the Workflow's lines ({@code every}) that a run at once with the Pod's wrote (not in {@code own}). */
    private static boolean othersLine(SourceRef line, List<LogEvent> own, List<LogEvent> every) {
        return every.stream().anyMatch(e -> e.source().equals(line)) && own.stream().noneMatch(e -> e.source().equals(line));
    }

    /** The gc controller's delete of the Workflow in {@code own} lines, as {@link WorkflowFates} reads it; null if none. */
    private static Known ownGcDelete(List<LogEvent> own) {
        for (LogEvent e : own) {
            if (e.event() instanceof ControllerEvent.Signal s && WorkflowFates.GC_DELETING.equals(s.name()) && e.time() != null) {
                return new Known(e.time(), "the workflow-controller's gc (TTL/retention) controller requested its "
                        + "deletion (Deleting garbage collected workflow)", e.source(), true);
            }
        }
        return null;
    }

    /** {@code lines} less those of a run that led at once with the run of {@code created} ({@link ConcurrentRuns}); all without it. */
    private List<LogEvent> ofItsRuns(List<LogEvent> lines, LogEvent created) {
        if (created == null) {
            return lines;
        }
        List<LogEvent> out = null;
        for (int i = 0; i < lines.size(); i++) {
            boolean other = atOnce.atOnce(lines.get(i).stream(), created.stream());
            if (other && out == null) {
                out = new ArrayList<>(lines.subList(0, i));
            } else if (!other && out != null) {
                out.add(lines.get(i));
            }
        }
        return out == null ? lines : out;
    }

    /**
     * The Pod's first line, where its lines come from runs no two of which led at once ({@link ConcurrentRuns}): its runs' Workflow
     * lines are its own, those of a run at once with them another cluster's (session 57 breaker). Null where it has no line, or
     * lines of runs at once (nothing says whose Pod it is: every line read, as before).
     */
    private LogEvent oneClustersLine(PodHistory pod) {
        List<LogEvent> events = pod.events();
        if (events.isEmpty()) {
            return null;
        }
        java.util.Set<Integer> streams = new java.util.TreeSet<>();
        for (LogEvent e : events) {
            streams.add(e.stream());
        }
        for (int a : streams) {
            for (int b : streams) {
                if (atOnce.atOnce(a, b)) {
                    return null;
                }
            }
        }
        return events.get(0);
    }

    PodLifecycle build(PodHistory all, WorkflowHistory workflow, WorkflowFate fate, List<LogEvent> earlierOfName, PodHistory previous) {
        return build(all, workflow, fate, earlierOfName, previous, null);
    }

    /** @param nextCreated the {@code Created pod} line of the next Pod of the name (its lifetime starts where this one's ends), or null */
    PodLifecycle build(PodHistory all, WorkflowHistory workflow, WorkflowFate fate, List<LogEvent> earlierOfName, PodHistory previous,
                       LogEvent nextCreated) {
        LogEvent created = all.latestCreated();
        // Session 57 breaker: a Pod whose creation is not in the input (PodInstances: another cluster's controller's Pod, its
        // creating run not given) is its lines' run's, where no two of them led at once.
        LogEvent anchor = created != null ? created : oneClustersLine(all);
        // Session 56: the Workflow of the name as the runs that could be about this Pod wrote it. A run that led at once with the one
        // that created the Pod (ConcurrentRuns: another cluster's controller, or a split brain's) wrote of another object's Workflow
        // of the name: its passes, updates and completion are not this Pod's Workflow's.
        if (workflow != null && anchor != null) {
            List<LogEvent> own = ofItsRuns(workflow.events(), anchor);
            if (own != workflow.events()) {
                List<LogEvent> every = workflow.events();
                workflow = new WorkflowHistory(workflow.ref(), own, workflow.snapshots());
                fate = fate == null ? null : ownFate(fate, own, every);
            }
        }
        // Session 62: the creation every reader of the lifetime dates a release against, derived once (ReleaseLifetime.Creation).
        ReleaseLifetime.Creation creation = ReleaseLifetime.creation(created, all, clocks);
        PodHistory pod = latestInstance(all, created, creation, clocks);
        ContainersEnd containers = null;
        // The clocks of the Pod's nodes, each bounded once from its whole records (session 57: every reader of a node's time).
        NodeClocks nodeClocks = NodeClocks.of(pod);
        for (PodSnapshot s : pod.snapshots()) {
            containers = ContainersEnd.of(s);
            if (containers != null) {
                containers = containers.withClock(nodeClocks.of(s.nodeName()));
                break;
            }
        }
        // The cleanup worker's line, else the queueing line (the item runs at once; its worker line may be cut off).
        LogEvent labelled = null;
        LogEvent labelQueued = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCleanupStarted s && s.cleanup() == CleanupAction.LABEL_POD_COMPLETED) {
                labelled = e;
                break;
            }
            if (labelQueued == null && e.event() instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.LABEL_POD_COMPLETED) {
                labelQueued = e;
            }
        }
        labelled = labelled != null ? labelled : labelQueued;
        FinalizerRemoval release = null;
        for (FinalizerRemoval r : pod.removals()) {
            if (r.cause() == RemovalCause.LEFT_INFORMER) {
                continue;
            }
            if (release == null) {
                release = r;
            } else if (removedNothing(release, r)) {
                release = r; // session 53 breaker: the handler found the finalizer still on the Pod after the lone worker line
                break;
            } else {
                break;
            }
        }
        InformerExit exit = informerExit(pod, labelled);
        // Session 56: the node's lines of the runs that could be about this Pod: none of a run that led at once with the run that
        // created it (ConcurrentRuns: another cluster's Workflow of the name, or a split brain's), whose node is another object's.
        List<LogEvent> ownNodeLines = pod.link() == null ? List.of() : ofItsRuns(nodes.of(pod.link()), anchor);
        LogEvent missing = exit == null && pod.link() != null ? missingWithoutPodEvents(pod, ownNodeLines) : null;
        DeletionRequest deletion = DeletionBounds.of(pod, containers, exit, missing, clocks, labelled);
        PodSnapshot succeeded = ExecutionOrder.succeededWithoutStatuses(pod);
        Execution execution = ExecutionOrder.of(pod, containers, succeeded, deletion, exit, processes, clocks, nodeClocks);
        PodSnapshot held = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() != null && s.hasStatusFinalizer() && s.observed() != null) {
                held = s;
            }
        }
        NodeLink link = pod.link();
        LogEvent laterRun = laterRun(ownNodeLines, created, pod.key().name(), exit, pod.events());
        List<LogEvent> nodeLines = laterRun == null ? ownNodeLines : ownNodeLines.stream().filter(l -> EventOrder.before(l, laterRun)).toList();
        LogEvent persistedLine = null;
        Known persisted = null;
        String phaseAtRelease = null;
        LogEvent phaseLine = null;
        if (release != null) {
            persistedLine = persistedBefore(pod, workflow, nodeLines, link, release.decisive());
            if (persistedLine != null) {
                persisted = new Known(persistedLine.time(), persistedHow(persistedLine), persistedLine.source(), true);
            } else {
                // The Workflow completed before the node's run in a later Pod began (laterRun) completed this Pod's run: the pass
                // that made the later Pod is of a new Workflow of the name, whose first pass would otherwise void that completion.
                LogEvent bound = release.decisive();
                if (laterRun != null && workflow != null && EventOrder.before(laterRun, bound)) {
                    PhaseHistory.Pass p = PhaseHistory.passOf(passesOf(workflow), laterRun);
                    bound = p != null && p.processing() != null ? p.processing() : laterRun;
                }
                PhaseHistory.Completion c = completedBefore(workflow, pod.latestCreated(), bound);
                persisted = c == null ? null : completionKnown(c);
                persistedLine = c == null ? null : c.stored();
            }
            for (LogEvent e : nodeLines) {
                if (!EventOrder.after(e, release.decisive())) {
                    continue;
                }
                String phase = phaseLeft(e.event());
                if (phase != null && !phase.isEmpty()) {
                    phaseAtRelease = phase;
                    phaseLine = e;
                    break;
                }
            }
            if (phaseAtRelease == null && workflow != null && link != null) {
                List<NodeObservation> obs = workflow.nodeObservations(link.nodeId());
                for (int i = obs.size() - 1; i >= 0; i--) {
                    if (obs.get(i).node().notFulfilled()) {
                        phaseAtRelease = obs.get(i).node().phase();
                        break;
                    }
                }
            }
        }
        Set<LogEvent> unstored = workflow == null ? Set.of() : unstored(workflow, anchor);
        Instant podStart = podStart(pod, created);
        List<WorkflowSnapshot> nodeExports = nodeExports(workflow, link, all.identity(), pod.ownerWorkflowUid(), podStart, laterRun,
                createdUtc(created, podStart));
        NodeOutcome outcome = outcome(workflow, link, unstored.isEmpty() ? nodeLines
                : nodeLines.stream().filter(e -> !unstored.contains(e)).toList(), all.identity(), podStart, nodeExports);
        if (release == null && (outcome == null || !PodLifecycle.podDeleted(outcome.message()))) {
            // No release logged (a controller before v3.6, which has no finalizer, or logs without it): the node's result persisted
            // as the lines show it, whenever; not a node recorded lost ("pod deleted"), whose stored Error is no result of the step.
            // Read by the timeline and its swimlane; AF001 assesses releases only.
            persistedLine = persistedBefore(pod, workflow, nodeLines, link, null);
            if (persistedLine != null) {
                persisted = new Known(persistedLine.time(), persistedHow(persistedLine), persistedLine.source(), true);
            }
        }
        RecordedMainExit recordedExit = outcome == null || !PodLifecycle.podDeleted(outcome.message()) ? null
                : RecordedMainExit.of(nodeExports, link, nodeLines, deletion);
        LogEvent persistedAfter = release == null ? null : labelledAfter(pod, release.decisive(), exit);
        if (persistedAfter == null && persisted == null && release != null && workflow != null && link != null) {
            persistedAfter = storedAboutRelease(pod, workflow, nodeLines, link, release.decisive());
        }
        if (persistedAfter != null && workflow != null && lossStoredAfter(workflow, nodeLines, release.decisive())) {
            persistedAfter = null;
        }
        List<LogEvent> ofName = earlierOfName.isEmpty() ? all.events() : EventOrder.merged(concat(earlierOfName, all.events()));
        NamesakeCleanup namesake = NamesakeCleanup.of(ofName, created, nodeLines);
        // Session 53: the release itself a stale item of the earlier Pod's, read the same way and from the same lines as the label's.
        NamesakeCleanup staleRelease = release == null || earlierOfName.isEmpty() ? null : NamesakeCleanup.release(ofName, created, nodeLines);
        if (staleRelease != null && !staleRelease.ran().equals(release.started())) {
            staleRelease = null; // not the release this Pod's lifecycle reads
        }
        boolean staleWhole = staleRelease != null && StreamExtents.readWholeThrough(processes, staleRelease.ran().stream(),
                created.time(), staleRelease.ran().time());
        List<Deletion> deleters = Deletion.ordered(pod, deletion);
        FinalizerRemoval earlier = earlierRelease(all, created, creation);
        PhaseHistory.Completion earlierCompletion = earlier == null ? null
                : completedBefore(workflow, createdBefore(all, earlier.decisive()), earlier.decisive());
        Known earlierPersisted = earlierCompletion == null ? null : completionKnown(earlierCompletion);
        PhaseHistory.Pass rerun = (earlier == null && previous == null) || workflow == null || created == null ? null
                : PhaseHistory.passOf(passesOf(workflow), created);
        RunClocks.RunClock releaseClock = release == null ? null : clocks.of(release.decisive().stream());
        WorkflowRef wf = link == null ? null : link.workflow();
        // Before #15150 (v3.5.5-v3.6.15, v3.7.0-v3.7.6) inferFailedReason fell through to Succeeded, logging "Pod failed: " with no
        // message, for a Failed Pod whose containers it only warned about: the Pod garbage collector's Failed over a running main is
        // assessed Succeeded there. With the warning naming main, an assessed success is that fall-through, not main's exit 0.
        LogEvent seen = ExecutionOrder.failedUnterminated(pod) != null ? null : seenSucceeded(nodeLines, created, all.identity());
        execution = deletion == null ? execution : ExecutionOrder.assessedBeforeDeletion(pod, execution, seen, processes);
        ControllerStop stop = ControllerStop.stopOf(pod.events(), wf, containers, seen, labelled);
        ControllerStop restart = ControllerStop.restartOf(pod.events(), wf);
        ControllerStop earlierRestart = earlier == null ? null : ControllerStop.lastRestartBefore(all.events(), wf, earlier.decisive(), created);
        EarlierLife earlierLife = earlier == null || earlierRestart != null || earlierPersisted != null || rerun == null
                || rerun.copy() != PhaseHistory.Copy.NEWER ? null : earlierLife(all, workflow, link, earlier, created, rerun);
        WorkflowAudit.Reading workflowAudit = WorkflowStanding.audit(pod, deletion, nodeLines, fate);
        Known withWorkflow = deletedWithWorkflow(fate, deletion, created, pod, deleters);
        Known requested = withWorkflow != null || fate == null ? null : withPod(fate.requested(), deletion, created, pod);
        // Session 50: a granted delete of the name set aside only for a create of it whose outcome is not logged (WorkflowFate#undecidedFor):
        // whose the delete was is not known, and it is read as a delete whose outcome is not logged (it clears nothing, contests the standing).
        Known recreateUnlogged = requested != null || withWorkflow != null || fate == null ? null
                : withPod(fate.undecidedFor(pod.auditRecords(), created == null ? null : created.time()), deletion, created, pod);
        Known stood = WorkflowStanding.of(pod, workflow, link, deletion, deleters, containers, exit, nodeLines, fate, workflowAudit);
        if (stood != null && requested != null && !stood.contested()) {
            // Session 49: a delete of the Workflow whose outcome the audit log does not hold, in the Pod's time: granted, the Workflow
            // was being deleted; refused, it stood. The evidence that it stood is kept, and confirms nothing.
            stood = stood.contested(requested.how() + ": granted, the Workflow was being deleted when the Pod was; refused, it stood");
        } else if (stood != null && recreateUnlogged != null && !stood.contested()) {
            stood = stood.contested(recreateUnlogged.how());
        }
        return new PodLifecycle(pod.key(), containers, deletion, deleters, execution, exit, labelled, release, held, persisted,
                persistedLine, persistedAfter, phaseAtRelease, phaseLine, outcome, fate, seen,
                namesake, instanceUid(all, pod), succeeded, earlier, withWorkflow,
                stood, earlierPersisted, rerun,
                releaseClock != null && Math.abs(releaseClock.driftNanos()) > DeletionBounds.CROSS_CLOCK_NANOS ? releaseClock : null,
                stop, restart, earlierRestart, workflowAudit, goneBeforeWorker(pod, release), stayedAfterWorker(pod, release),
                goneBeforeWorker(pod, release) == null ? SecondReleaser.of(pod.removals(), release, processes, r -> goneBeforeWorker(pod, r) != null) : null,
                recordedExit, laterRun, nodeExports, earlierLife, WorkflowAbsent.of(release, workflow, fate, processes, handOvers, requeues, scopes, nextCreated),
                requested, recreateUnlogged, collectionDeletes(pod, deletion), staleRelease, staleWhole,
                stop == null ? ControllerStop.setAsideOnNodeMargin(pod.events(), wf, containers) : null, nodeClocks,
                releaseOutlivedBy(pod, held, release, deletion, exit, clocks), ReleaseLifetime.datedBeforeCreation(release, creation, all, pod, nodeClocks),
                pod.events(), pod.removals());
    }

    /**
     * The latest export of the deleted Pod still holding the status-capture finalizer ({@code held}) where it was taken after the
     * release's decisive line by more than that line's precision and 10 s, the controller's times agreeing with the objects'
     * ({@link DeletionRequest#logsAgree}), and no export shows the deleted Pod without the finalizer (session 60): the release did not
     * remove it. A finalizer cannot be added to an object being deleted, so a view of the deleted Pod without it was taken after
     * every view with it, whatever the times read from them say (a watch's event read later than it was sent, as one whose latest
     * time is the deletionTimestamp a grace period puts in the future): the finalizer went after the held view, maybe by this very
     * release, and nothing is said. Null otherwise. Null too (session 60 breaker) where the export is of a Pod made after the release
     * (its {@code creationTimestamp} past the line by more than two cluster clocks disagree: a name is taken while its Pod exists, so
     * that is another Pod of the name, made by a run whose log is not given), or where it is read as taken after the Pod left the
     * cluster as the controller's own lines show it (a REMOVED exit): a Pod gone is exported no more, so its time and the
     * controller's disagree by more than that margin (a controller clock behind, #17024's export taken while it was down), or it is
     * another Pod's; either way it orders nothing against the release.
     */
    static PodSnapshot releaseOutlivedBy(PodHistory pod, PodSnapshot held, FinalizerRemoval release, DeletionRequest deletion,
                                         InformerExit exit, RunClocks clocks) {
        if (release == null || held == null || (deletion != null && !deletion.logsAgree())) {
            return null;
        }
        // Session 61: the line on the objects' clock where its run's clock is dated against them (RunClocks: its Created pod lines
        // against the exports' creationTimestamp): a run 30 s behind stamps the release 30 s early, and an export taken before it
        // would read 20 s after it (the release then said to have removed nothing); one ahead the reverse. Widened by the pairs'
        // spread. A run no pair dates keeps the 10 s two clocks are allowed everywhere else.
        dev.argoforensics.time.Timestamp stamp = release.decisive().time();
        dev.argoforensics.time.Timestamp at = onObjectsClock(release.decisive(), clocks, pod.key());
        if (at == null || !held.observed().time().comparable(at) || !held.observed().after(at.windowEnd().plusSeconds(10)).known()) {
            return null;
        }
        // The creation against the line as stamped (a pair may be of another object of the name: RunClocks pairs this Pod's line with
        // a later namesake's export, whose creation its offset would move the line to; s60 breaker, HeldExportNamesakeS60BreakerTest).
        at = stamp;
        dev.argoforensics.time.Timestamp made = held.creationTimestamp();
        if (made != null && made.comparable(at) && made.instant().isAfter(at.windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
            return null;
        }
        dev.argoforensics.time.Timestamp gone = exit == null || exit.kind() != InformerExit.Kind.REMOVED ? null : exit.event().time();
        if (gone != null && held.observed().time().comparable(gone) && held.observed().after(gone.windowEnd().plusSeconds(10)).known()) {
            return null;
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (s.deletionTimestamp() != null && s.finalizersKnown() && !s.hasStatusFinalizer()) {
                return null;
            }
        }
        return held;
    }

    /**
     * {@code line}'s time on the objects' clock as far as {@link RunClocks} dates its run against the exports (session 61; objects minus
     * run), read only where that cannot make a later export of another object of the name read as after it: a run shown behind by any
     * pair (a positive offset) puts the line later, by the largest (the latest the line can be; a pair of this Pod's line with a later
     * namesake's export only puts it later still, and so claims less); a run shown ahead by every pair, earlier, by the smallest lead
     * its pairs of other Pods show (this Pod's own pair may be an earlier namesake's export, which would put the line too early). As
     * stamped where no pair dates it. Null without a time.
     */
    static dev.argoforensics.time.Timestamp onObjectsClock(LogEvent line, RunClocks clocks, PodKey self) {
        dev.argoforensics.time.Timestamp t = line == null ? null : line.time();
        RunClocks.RunClock run = t == null || clocks == null ? null : clocks.of(line.stream());
        if (run == null) {
            return t;
        }
        long behind = run.pairs().stream().mapToLong(RunClocks.Pair::offsetNanos).max().orElse(0);
        long shift = 0;
        if (behind > 0) {
            shift = behind;
        } else {
            java.util.OptionalLong others = run.pairs().stream().filter(p -> !p.pod().named().equals(self.named()))
                    .mapToLong(RunClocks.Pair::offsetNanos).max();
            shift = others.isPresent() ? Math.min(0, others.getAsLong()) : 0;
        }
        return shift == 0 ? t : new dev.argoforensics.time.Timestamp(t.instant().plusNanos(shift), t.precision(), t.zone());
    }

    /**
     * The granted deletecollections of Pods in the Pod's namespace that may have deleted it ({@link PodLifecycle#collectionDeletes};
     * session 50): given to it by {@code PodRecords#byCollection} (not clearly before its creation), and neither clearly after the
     * latest its deletion is known to have been requested nor clearly before the earliest, where those are known. One whose outcome
     * is not logged is no deleter either (session 49), a dry run deleted nothing; both stay in its timeline.
     */
    private static List<CollectionSelection> collectionDeletes(PodHistory pod, DeletionRequest deletion) {
        List<CollectionSelection> out = new ArrayList<>();
        // Its selectors as read against the Pod's exports (session 52): the same reading PodRecords#byCollection kept it by, with the
        // same inputs (the earliest creation its lines or exports give, the nodes its exports show).
        Timestamp created = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof dev.argoforensics.event.ControllerEvent.PodCreated && (created == null || e.time().instant().isBefore(created.instant()))) {
                created = e.time();
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            Timestamp t = s.creationTimestamp();
            created = t != null && (created == null || t.instant().isBefore(created.instant())) ? t : created;
        }
        List<PodSnapshot> own = PodRecords.CollectionSpan.ofThisPod(pod.snapshots(), created);
        java.util.Set<String> nodes = CollectionSelection.nodes(pod.snapshots());
        for (dev.argoforensics.snapshot.AuditRecord a : pod.auditRecords()) {
            if (!a.deletesPodCollection() || !a.granted() || a.time() == null) {
                continue;
            }
            Instant t = a.time().instant();
            if (deletion != null && deletion.notAfter() != null
                    && t.isAfter(deletion.notAfter().at().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
                continue; // the Pod's deletion was requested clearly before it
            }
            if (deletion != null && deletion.notBefore() != null
                    && t.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS).isBefore(deletion.notBefore().at().instant())) {
                continue; // the Pod was shown undeleted clearly after it
            }
            out.add(CollectionSelection.of(pod.key(), own, nodes, a, pod.auditRecords()));
        }
        return out;
    }

    /**
     * The earlier Pod's life ({@link EarlierLife}) from the lines between its own {@code Created pod} and this Pod's, where they
     * show it released on its deletion and its node then recorded {@code pod deleted} before {@code argo retry}'s reset copy
     * created this Pod (the caller checks the release, the completion, the restart and the reset). Null when another
     * {@code Created pod} of the name lies between the two (more lives than one; not told apart here), or the node's end in
     * that window is not {@code pod deleted} after the release, or the earlier Pod's own lines show its main running at its
     * deletion or never started ({@link ExecutionOrder}, as for any Pod).
     */
    private EarlierLife earlierLife(PodHistory all, WorkflowHistory workflow, NodeLink link, FinalizerRemoval release, LogEvent created,
                                    PhaseHistory.Pass retry) {
        LogEvent own = createdBefore(all, release.decisive());
        if (own == null || workflow == null || link == null || !EventOrder.before(own, created)) {
            return null;
        }
        for (LogEvent e : all.events()) {
            if (e.event() instanceof ControllerEvent.PodCreated && e != own && EventOrder.after(e, own) && EventOrder.before(e, created)) {
                return null;
            }
        }
        // The earlier Pod's own records (no export, no audit record is known to be its): what its lines show of its containers at
        // its deletion, as for any Pod. One that ran on (the Pod garbage collector's Failed over a running main), never started or
        // never ran main is AF007's or nobody's, not the race: then nothing is derived and the release stays not decided.
        List<LogEvent> ownLines = all.events().stream().filter(e -> !EventOrder.before(e, own) && EventOrder.before(e, created)).toList();
        List<FinalizerRemoval> removals = all.removals().stream()
                .filter(r -> !EventOrder.before(r.decisive(), own) && EventOrder.before(r.decisive(), created)).toList();
        PodHistory earlierPod = new PodHistory(all.key().named(), PodIdentity.none(), ownLines, List.of(), link, removals, List.of(), List.of(), List.of());
        InformerExit exit = informerExit(earlierPod, null);
        Execution execution = ExecutionOrder.of(earlierPod, null, null, DeletionBounds.of(earlierPod, null, exit, null, clocks, null), exit,
                processes, clocks);
        if (execution.state() == Execution.State.RUNNING || execution.state() == Execution.State.NEVER_SCHEDULED
                || execution.state() == Execution.State.MAIN_NEVER_STARTED) {
            return null;
        }
        List<LogEvent> lines = nodes.of(link).stream().filter(e -> !EventOrder.before(e, own) && EventOrder.before(e, created)).toList();
        NodeOutcome end = outcome(workflow, link, lines, null, own.time().instant(), List.of());
        if (end == null || !"Error".equals(end.phase()) || !PodLifecycle.podDeleted(end.message())) {
            return null;
        }
        LogEvent lost = null;
        String phase = null;
        LogEvent phaseLine = null;
        for (LogEvent e : lines) {
            if (!EventOrder.after(e, release.decisive())) {
                continue;
            }
            ControllerEvent ev = e.event();
            String was = phaseLeft(ev);
            if (phase == null && was != null && !was.isEmpty()) {
                phase = was;
                phaseLine = e;
            }
            String message = ev instanceof NodeMarkedError m ? m.error()
                    : ev instanceof ControllerEvent.NodeMessageChanged m ? m.message()
                    : ev instanceof NodeChanged c ? c.newMessage()
                    : ev instanceof EventRecorded r && link.isAbout(r) ? r.nodeMessage() : null;
            if (lost == null && message != null && PodLifecycle.podDeleted(message)) {
                lost = e;
            }
        }
        return lost == null ? null : new EarlierLife(own, release, execution, phase, phaseLine, end, lost, retry, created);
    }

    /** The phase a node line shows the node in before it (a missing Pod's node phase, a change's old phase), or null. */
    private static String phaseLeft(ControllerEvent ev) {
        return ev instanceof WorkflowPodMissing m ? m.nodePhase()
                : ev instanceof NodePhaseChanged p ? p.fromPhase()
                : ev instanceof NodeChanged c ? c.oldPhase() : null;
    }

    /**
     * The first {@code Created pod} for the node, after this Pod's own, that names another Pod, or null (session 41): the node's
     * lines from it on are not this Pod's.
     * In one Workflow object a node's ID names one Pod: the pod-name format is fixed by the object's
     * {@code workflows.argoproj.io/pod-name-format} annotation and the template by the node, and a retried step's attempts are
     * nodes of their own. So the node created again under another name is a later run of it: a Workflow deleted and submitted
     * again under its name after the controller's {@code POD_NAMES} changed (v1, the node ID, against v2, with the template), the
     * two Pods' names sharing only the node's hash, by which both are linked to the node. What the node did from then on (its
     * {@code Workflow pod is missing}, {@code pod deleted}) is that Pod's: read as this one's, a Pod of the earlier object, released
     * when the garbage collector deleted it, took the later run's loss as its own. Without this Pod's own {@code Created pod} line
     * the two are not ordered and every line is kept, as before.
     * Also (session 45 breaker) the first node event sent as a Pod of this name ({@code nodeEvents.sendAsPod}) that this Pod's
     * controller logged after the Pod left its informer ({@code delete pod event}): {@code recordNodePhaseEvent} names the Pod
     * only where {@code getPodByNode} finds one of the node's Pod name in that process's informer store (namespace and name, no
     * UID; v3.7.0, v4.1.2), and a Pod that left it (deleted, or labelled completed out of the watch's selector) does not come
     * back: the Pod it found is a later one of the name (the Workflow deleted and submitted again under its name, or the node
     * reset), its {@code Created pod} line perhaps not in the excerpt. Read as this Pod's, a later Pod's {@code Succeeded} was
     * this Pod's result "captured" after an early release. Another process's line says nothing of this one's informer, but of its
     * own: after that process's own {@code delete pod event} of this Pod it is a later Pod's in the same way (session 46). The
     * broadcaster logs an event after it was recorded, asynchronously: a line written just after the exit may be of an event
     * whose Pod was looked up just before it, so only a line more than {@link #EVENT_LOG_LAG_NANOS} after the exit counts
     * (within it the line stays this Pod's, as before).
     */
    /**
     * How long after its recording the event broadcaster's {@code Event occurred} line may come (session 45 breaker): the
     * analyzer's allowance, not a bound of client-go's (its watcher logs each queued event in turn; a starved process may lag
     * more). Ten seconds, as the margin between two clocks.
     */
    static final long EVENT_LOG_LAG_NANOS = 10_000_000_000L;

    static LogEvent laterRun(List<LogEvent> nodeLines, LogEvent created, String podName, InformerExit exit, List<LogEvent> podEvents) {
        // Each process's own informer (session 46): the first delete pod event of this Pod in each stream. A line of another
        // replica (two active controllers, a new leader after a hand-over; a standby runs no workers and records no node event)
        // is about the Pod its own informer held: after that process's own delete event of this Pod, by its own clock (the
        // line's and the exit's, one stream), the Pod it found is a later one. Where that process logged no delete event of
        // this Pod, nothing shows what its informer held, and the line stays this Pod's (a process that started after the Pod
        // had gone never held it, but a log's first line is no start: not decided here).
        Map<Integer, LogEvent> gone = new HashMap<>();
        if (exit != null) {
            gone.put(exit.event().stream(), exit.event());
        }
        for (LogEvent e : podEvents) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE && (created == null || EventOrder.after(e, created))) {
                gone.putIfAbsent(e.stream(), e);
            }
        }
        for (LogEvent e : nodeLines) {
            if (created != null && e.event() instanceof ControllerEvent.PodCreated c && c.podRef() != null && !c.podRef().name().equals(podName)
                    && EventOrder.after(e, created)) {
                return e;
            }
            LogEvent left = gone.get(e.stream());
            if (left != null && e.event() instanceof ControllerEvent.EventRecorded r && r.podRef() != null && r.node() != null
                    && r.podRef().name().equals(podName) && EventOrder.after(e, left)
                    && left.time().windowEnd().plusNanos(EVENT_LOG_LAG_NANOS).isBefore(e.time().instant())) {
                return e;
            }
        }
        return null;
    }

    /**
     * Whether {@code first}, a lone worker line of the key (no handler, scheduling or queueing line of its own: a stale item of an
     * earlier Pod of the name, or one whose lines are missing), removed nothing: a later release of the Pod's opens with the deleting
     * handler's {@code Removing finalizers during a delete} after it, which the handler logs only while the Pod still carries the
     * finalizer (the controller never adds it back to a Pod). The patch found no Pod in its informer's cache (created a moment
     * before), or failed; the later release is the Pod's (session 53 breaker: a true race read as the earlier Pod's stale item).
     * Only where the handler's line comes {@link #INFORMER_LAG_NANOS} or more after the worker's: the handler may run on an informer
     * copy older than the patch (a deletion just before it, delivered late), whose finalizer the patch had already removed.
     */
    private static boolean removedNothing(FinalizerRemoval first, FinalizerRemoval later) {
        return first.cause() == RemovalCause.UNKNOWN && first.onDelete() == null && first.scheduled() == null && first.queued() == null
                && first.started() != null && later.onDelete() != null && EventOrder.after(later.onDelete(), first.started())
                && java.time.Duration.between(first.started().time().windowEnd(), later.onDelete().time().instant()).toNanos() >= INFORMER_LAG_NANOS;
    }

    /** How late an informer may deliver a Pod's version to the handler, taken generously: two minutes. */
    private static final long INFORMER_LAG_NANOS = 120_000_000_000L;

    /**
     * The releasing stream's own {@code delete pod event} before its cleanup worker's line for the release: the informer had
     * dropped the Pod before the worker took the item (the informer's store changes before its handlers log), and the worker
     * merge-patches the Pod as its informer holds it, a Pod it does not hold not at all (reference, logs 5.2 and 6.1). Only one
     * stream's lines order the two: another controller's informer says nothing of this one's. Only a delete event after the item
     * was queued (one before it, the handler's own trigger, is a Pod that left the selector). Where no worker line took the item
     * (session 37), the stream's {@code delete pod event} after the item was queued: a worker logs {@code cleaning up pod} before
     * it patches, so none of this stream's removed the finalizer before the Pod left, and one after patched nothing (the
     * correlator keeps such an item only where it is the Pod's only release). Null when the worker's line came first, or when
     * it is missing and the stream shows the Pod no more (the item due at once, its worker's line cut off with the log).
     */
    private static LogEvent goneBeforeWorker(PodHistory pod, FinalizerRemoval release) {
        if (release == null) {
            return null;
        }
        LogEvent worker = release.started();
        LogEvent queued = release.scheduled() != null ? release.scheduled() : release.queued();
        if (worker == null && queued == null) {
            return null;
        }
        int stream = worker != null ? worker.stream() : queued.stream();
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE && e.stream() == stream
                    && (worker == null || EventOrder.before(e, worker)) && (queued == null || EventOrder.after(e, queued))) {
                return e;
            }
        }
        return null;
    }

    /**
     * The releasing stream's first {@code delete pod event} after its cleanup worker's line for the release, where it came more than
     * {@link #STAYED_AFTER_WORKER_NANOS} after it. The worker merge-patches the finalizer away (reference, logs 6.1); for a Pod whose
     * deletion is due (grace 0: it had finished, or the kubelet's final delete came) the update that empties its finalizers removes
     * it (lifecycle reference A1), and the watch tells the informer within moments. A Pod still in that informer a minute later
     * was kept by what the patch did not remove: the patch left the finalizer (the controller's
     * {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} not exactly {@code "true"}: it patches nothing), and someone's patch of a Pod stuck
     * Terminating removed it later; or the Pod was still being deleted gracefully (its containers running). Only one stream's lines
     * order the two. Null where the worker's line is missing, or the Pod left within the minute or not in this stream's lines.
     */
    private StayedAfterWorker stayedAfterWorker(PodHistory pod, FinalizerRemoval release) {
        if (release == null || release.started() == null) {
            return null;
        }
        LogEvent worker = release.started();
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE && e.stream() == worker.stream()
                    && EventOrder.after(e, worker)) {
                return worker.time().comparable(e.time()) && worker.time().nanosUntil(e.time()) > STAYED_AFTER_WORKER_NANOS
                        ? new StayedAfterWorker(e, e.time()) : null;
            }
        }
        // No delete event of the Pod in the worker's run after its line: where that run logs pod events and was read whole from the
        // worker's line to its last line, more than the minute later, the Pod was still in its informer then.
        int stream = worker.stream();
        if (stream < 0 || stream >= processes.size() || PodEventLines.notLogged(processes.get(stream))) {
            return null;
        }
        Timestamp last = processes.get(stream).last();
        if (last == null || !worker.time().comparable(last) || worker.time().nanosUntil(last) <= STAYED_AFTER_WORKER_NANOS) {
            return null;
        }
        return StreamExtents.readWholeThrough(processes, stream, worker.time(), last) ? new StayedAfterWorker(null, last) : null;
    }

    /**
     * How long after the cleanup worker's line a Pod may still leave the informer as that worker's doing: the patch, slowed by the
     * client's rate limit, and the watch's delivery take seconds, and a Pod deleted while it ran waits for the kubelet's final
     * delete (its grace period, volumes torn down: tens of seconds).
     */
    static final long STAYED_AFTER_WORKER_NANOS = 60_000_000_000L;

    /** The latest {@code Created pod} of the name logged before {@code line} (the earlier Pod's own), or null. */
    private static LogEvent createdBefore(PodHistory all, LogEvent line) {
        LogEvent out = null;
        for (LogEvent e : all.events()) {
            if (e.event() instanceof ControllerEvent.PodCreated && EventOrder.before(e, line)) {
                out = e;
            }
        }
        return out;
    }

    /**
     * The Workflow's completion, stored before the release and still in force at it ({@link PhaseHistory#storedAt}), of a Pod
     * created before that completion (or whose creation is not logged): the stored Workflow holds the node as it ended, and a
     * completed Workflow is not reconciled again until a retry or a new Workflow of the name, so the release left nothing for
     * the controller to record. Null if none.
     */
    private PhaseHistory.Completion completedBefore(WorkflowHistory workflow, LogEvent created, LogEvent release) {
        if (workflow == null) {
            return null;
        }
        PhaseHistory.Completion c = PhaseHistory.storedAt(passesOf(workflow), release);
        return c == null || (created != null && !EventOrder.before(created, c.stored())) || takenOverAfter(release, c.stored()) ? null : c;
    }

    /**
     * Whether {@code e} is a line of a run that took the Lease over from the run of {@code release} (along hand-overs the election
     * lines show, {@link HandOvers#tie}), written after its acquisition (session 57). The pod controller and the Workflow workers run
     * only while their replica leads, and every line a holder wrote while it held the Lease comes before the next holder's
     * acquisition ({@link HandOvers}): {@code e} came after the release whatever the two clocks read (a new holder's node five
     * minutes behind dates its completion of the Workflow minutes before the old holder's release).
     */
    private boolean takenOverAfter(LogEvent release, LogEvent e) {
        if (release == null || e == null || e.stream() == release.stream()) {
            return false;
        }
        HandOvers.Tie tie = handOvers.get().tie(release.stream(), e.stream()).orElse(null);
        if (tie == null || tie.chain().isEmpty()) {
            return false;
        }
        LogEvent acquired = tie.chain().get(tie.chain().size() - 1).acquired();
        return acquired.stream() == e.stream() && acquired.ordinal() < e.ordinal();
    }

    private List<PhaseHistory.Pass> passesOf(WorkflowHistory workflow) {
        return nodes.passes(workflow); // derived once per Workflow, kept with its index: the rules read the same passes
    }

    private static Known completionKnown(PhaseHistory.Completion c) {
        return new Known(c.stored().time(), "its Workflow's completion (" + c.phase() + ") was stored at " + c.stored().time().format()
                + (c.resourceVersion() == null ? "" : " (resourceVersion " + c.resourceVersion() + ")")
                + ", and a completed Workflow is not reconciled again: nothing of the node was left to record", c.stored().source(), true);
    }

    /**
     * Its Workflow's deletion as an object records it (an audit record, an export with {@code deletionTimestamp}), if the Pod's
     * own deletion came with it or after it: requested no earlier than the Workflow's (within the cross-clock tolerance), or not
     * known at all; and the Pod was not created clearly after it (a later Workflow of the same name). The garbage collector
     * deletes a deleted Workflow's Pods; in a foreground deletion the controller still reconciles the Workflow and records them
     * {@code pod deleted} (lifecycle reference A3). The orphan path's inference is not such a record: its timing is loose. A
     * worker's update of the Workflow refused as not found is one (the Workflow was gone by then): a background deletion while
     * a worker held the Workflow's copy, which marked the node {@code pod deleted} and could not write it.
     */
    private static Known deletedWithWorkflow(WorkflowFate fate, DeletionRequest deletion, LogEvent created, PodHistory pod,
                                             List<Deletion> deleters) {
        Known deleted = fate == null ? null : fate.deletedFor(pod.auditRecords(), created == null ? null : created.time(), WorkflowFate.ownerUid(pod));
        if (deleted == null || deleted.fromLogs()) {
            // An update refused as not found bounds the Workflow's deletion from above, as tightly as the object records do
            // from their side: the Workflow was gone at that line, and the tests below tie it to the Pod's own deletion.
            deleted = fate == null ? null : fate.gone();
            if (deleted == null && fate != null && fate.foregroundOnLines() != null
                    && deleters.stream().allMatch(Deletion::garbageCollector)) {
                // Session 47: the controller's lines show the Workflow deleted in the foreground and this Pod taken in the garbage
                // collector's sweep (ForegroundOnLines), unless a record names another deleter of the Pod (a drain, a user).
                deleted = fate.foregroundOnLines().of(pod.key()).orElse(null);
            }
            if (deleted == null) {
                return null;
            }
        }
        return withPod(deleted, deletion, created, pod);
    }

    /**
     * {@code deleted}, a deletion of the Pod's Workflow (or a delete of it requested, {@link WorkflowFate#requested}), where the Pod's
     * own deletion came with it or after it and the Pod was not created clearly after it ({@link #deletedWithWorkflow}); else null.
     */
    private static Known withPod(Known deleted, DeletionRequest deletion, LogEvent created, PodHistory pod) {
        if (deleted == null) {
            return null;
        }
        Instant at = deleted.at().instant();
        if (created != null && created.time().instant().isAfter(at.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
            return null;
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (s.creationTimestamp() != null && s.creationTimestamp().instant().isAfter(at.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
                return null;
            }
        }
        return deletion == null || !at.isAfter(deletion.notAfter().at().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS)) ? deleted : null;
    }

    /**
     * The first release on the deletion path logged before this Pod's {@code Created pod}: the controller cannot have released a
     * Pod it had not yet created, so it was an earlier Pod of the same name whose lines no export's UID set apart (with one it
     * would be in that Pod's own history). A release on the orphan path or after a persisted node is no candidate for AF001.
     */
    private static FinalizerRemoval earlierRelease(PodHistory all, LogEvent created, ReleaseLifetime.Creation creation) {
        if (created == null) {
            return null;
        }
        for (FinalizerRemoval r : all.removals()) {
            if ((shownBefore(r.decisive(), created) || (ReleaseLifetime.earlierPodShown(all, created) && ReleaseLifetime.describesAnEarlierPod(r, creation)))
                    && r.cause() != RemovalCause.LEFT_INFORMER && r.cause() != RemovalCause.ORPHANED
                    && r.cause() != RemovalCause.AFTER_PERSIST) {
                return r;
            }
        }
        return null;
    }

    /**
     * Before, as the lines show it: in one stream by its order; across two controllers' streams (a leader handover, a replica
     * whose clock runs behind) only by more than two clocks may disagree, else a short Pod's own release logged by a replica
     * whose clock is behind would read as an earlier Pod's.
     */
    private static boolean shownBefore(LogEvent a, LogEvent b) {
        if (a.stream() == b.stream()) {
            return EventOrder.before(a, b);
        }
        return a.time().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS).isBefore(b.time().instant());
    }

    /**
     * The UID of the Pod the scoped history is of: the one every record speaks of when nothing was
     * scoped away, else that of the latest export left in scope ("" when none: the exported UIDs belong
     * to earlier Pods of the same name).
     */
    private static String instanceUid(PodHistory all, PodHistory scoped) {
        if (scoped == all) {
            return all.uid();
        }
        String uid = "";
        for (PodSnapshot s : scoped.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uid = s.uid();
            }
        }
        return uid;
    }

    /**
     * The first line of this Pod's node (after its own {@code Created pod}, before a namesake Pod took the
     * name over) by which a Workflow
     * worker shows it assessed the Pod Succeeded: the operator logs {@code Taskresult of the node not yet
     * completed} only for a node whose new state is Succeeded, and {@code node changed} states the
     * assessed phase. Pod phase Succeeded means every container terminated with exit code 0.
     */
    private static LogEvent seenSucceeded(List<LogEvent> nodeLines, LogEvent created, PodIdentity identity) {
        Timestamp until = identity == null ? null : identity.until();
        for (LogEvent e : nodeLines) {
            if ((until != null && !e.time().isBefore(until)) || (created != null && !EventOrder.after(e, created))) {
                continue; // a namesake's: before this Pod was created, or after a later one took the name
            }
            if (e.event() instanceof ControllerEvent.TaskResultIncomplete
                    || (e.event() instanceof NodeChanged c && "Succeeded".equals(c.newPhase()))) {
                return e;
            }
        }
        return null;
    }

    /**
     * The controller's labelPodCompleted (queued or run) after the release and before the Pod left the
     * cluster: it is queued only for a Pod still in the informer whose node was persisted fulfilled.
     */
    private static LogEvent labelledAfter(PodHistory pod, LogEvent release, InformerExit exit) {
        LogEvent gone = exit != null && exit.kind() == InformerExit.Kind.REMOVED ? exit.event() : null;
        for (LogEvent e : pod.events()) {
            // Another run's line within two clocks' disagreement of the release is not shown before it (persistedBefore): it
            // counts here, the node persisted fulfilled about then (session 45).
            boolean notBefore = e.stream() == release.stream() ? EventOrder.after(e, release) : !DeletionBounds.clearlyBefore(e.time(), release.time());
            if (!notBefore || (gone != null && !EventOrder.before(e, gone))) {
                continue; // before the release, or after the Pod had left the cluster: nothing it says is of this Pod
            }
            ControllerEvent ev = e.event();
            if ((ev instanceof PodCleanupStarted s && s.cleanup() == CleanupAction.LABEL_POD_COMPLETED)
                    || (ev instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.LABEL_POD_COMPLETED)) {
                return e;
            }
        }
        return null;
    }

    private static List<LogEvent> concat(List<LogEvent> a, List<LogEvent> b) {
        List<LogEvent> out = new java.util.ArrayList<>(a.size() + b.size());
        out.addAll(a);
        out.addAll(b);
        return out;
    }

    /** The first {@code delete pod event}; the Pod left the selector if the controller had labelled it, or if it still had its finalizer. */
    private static InformerExit informerExit(PodHistory pod, LogEvent labelled) {
        LogEvent first = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodInformerEvent p && p.action() == InformerAction.DELETE) {
                first = e;
                break;
            }
        }
        if (first == null) {
            return null;
        }
        if (labelled != null && EventOrder.notAfter(labelled, first)) {
            return new InformerExit(first, InformerExit.Kind.LABELLED, labelled);
        }
        boolean deletionBefore = pod.snapshots().stream().anyMatch(s -> s.deletionTimestamp() != null);
        for (FinalizerRemoval r : pod.removals()) {
            deletionBefore |= r.cause() == RemovalCause.POD_DELETED && EventOrder.before(r.decisive(), first);
        }
        if (!deletionBefore) {
            for (FinalizerRemoval r : pod.removals()) {
                // The handler found the finalizer in the Pod the delete event carried, and nothing shows a deletion: the Pod
                // left the watch's selector still holding it (a Pod being deleted cannot leave the cluster with a finalizer).
                if (r.cause() == RemovalCause.LEFT_INFORMER && r.trigger() == first) {
                    return new InformerExit(first, InformerExit.Kind.LABELLED, null);
                }
            }
        }
        return new InformerExit(first, InformerExit.Kind.REMOVED, null);
    }

    /**
     * The Pod's lines from its latest {@code Created pod} on. Pods are named after their Workflow
     * and node, so a Workflow run again under the same name makes a Pod of the same name; without an
     * export to tell them apart by UID, the lines of an earlier one (its labelling, its cleanup) must
     * not speak for the later one (argoproj/argo-workflows#8022).
     */
    private static PodHistory latestInstance(PodHistory pod, LogEvent created, ReleaseLifetime.Creation creation, RunClocks runs) {
        if (created == null) {
            return pod;
        }
        LogEvent from = created;
        // A delete by UID the controller's lines name before this Pod existed is an earlier Pod's: its worker's later lines (a retry
        // after the API server refused it for this Pod, 409) and an audit record of a delete with that precondition are not this
        // Pod's (session 39, UidBoundDeletes).
        java.util.Set<String> earlierUids = UidBoundDeletes.earlierUids(pod, from);
        // Session 60: a release another run logged that dates the transition it read well before this Pod's creation is an earlier
        // Pod's, whatever its stamp (a replica whose clock runs ahead): its lines are not this Pod's (ReleaseLifetime). Only where
        // the lines show an earlier Pod of the name (another Created pod line, or a later lifetime of a split name): a Pod whose
        // name was created once has no other Pod its release could describe, only a kubelet clock behind the controller's.
        // Session 61: the name created once in the lines, but the lifetime holds a release of its own that dates no transition before
        // its creation (ReleaseLifetime#ownReleaseShown): one dating it there is no release of this Pod, which was still there to be
        // released by the other, and its lines are not this Pod's either (an earlier Pod's, its creation not in the lines given).
        List<FinalizerRemoval> earlierPods = ReleaseLifetime.earlierPodShown(pod, from) || ReleaseLifetime.ownReleaseShown(pod, creation, runs)
                ? pod.removals().stream().filter(r -> ReleaseLifetime.describesAnEarlierPod(r, creation)).toList() : List.of();
        java.util.Set<LogEvent> theirs = ReleaseLifetime.linesOf(earlierPods, pod.events());
        List<LogEvent> events = pod.events().stream().filter(e -> !EventOrder.before(e, from))
                .filter(e -> !earlierUids.contains(UidBoundDeletes.uidOf(e))).filter(e -> !theirs.contains(e)).toList();
        // An export of a Pod created clearly before that line is of an earlier Pod of the same name. Without a creationTimestamp
        // (an export trimmed of it), one taken clearly before: where only its file or the command line states when, by the
        // earliest that time allows (ObservedAt#takenNoEarlierThan: a user's clock may be off by a minute), since a trimmed export
        // stated a few seconds after the line may have been taken before it, of the earlier Pod (its containers' ends read as this
        // Pod's). Its creationTimestamp, where it has one, is the API server's and decides alone.
        Instant start = from.time().instant().minusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        List<PodSnapshot> snapshots = pod.snapshots().stream().filter(s -> s.creationTimestamp() != null
                ? !s.creationTimestamp().windowEnd().isBefore(start)
                : s.observed() == null || !s.observed().takenNoEarlierThan().at().windowEnd().isBefore(start)).toList();
        // Likewise an audit record clearly older than that line: a request about an earlier Pod (its garbage collection). And one
        // before this Pod's own create in the same audit file (one API server's clock), however close: a create of the name was
        // granted after it, so no Pod of the name existed then (#8022's resubmission, the earlier Pod deleted seconds before).
        AuditRecord own = ownCreate(pod.auditRecords(), from.time());
        List<AuditRecord> audit = pod.auditRecords().stream().filter(a -> a.time() == null || !a.time().windowEnd().isBefore(start))
                .filter(a -> own == null || a.time() == null || !a.source().file().equals(own.source().file())
                        || !a.time().instant().isBefore(own.time().instant()))
                .filter(a -> !UidBoundDeletes.deletesAnother(a, earlierUids))
                .toList();
        if (events.size() == pod.events().size() && snapshots.size() == pod.snapshots().size() && audit.size() == pod.auditRecords().size()) {
            return pod;
        }
        List<FinalizerRemoval> removals = pod.removals().stream().filter(r -> !EventOrder.before(r.decisive(), from))
                .filter(r -> !earlierPods.contains(r)).toList();
        return new PodHistory(pod.key(), pod.identity(), events, snapshots, pod.link(), removals, pod.taskResults(), pod.clusterEvents(),
                audit, pod.nodeLogs().stream().filter(n -> !n.time().windowEnd().isBefore(start)).toList(), pod.listings(), pod.minuteEvents(),
                pod.laterDescribed());
    }

    /**
     * The Pod's own create as the API server recorded it: the latest granted {@code create} of the name not clearly after the
     * controller's {@code Created pod} line ({@code created}); an earlier one is an earlier Pod's of the name. Null if none.
     */
    private static AuditRecord ownCreate(List<AuditRecord> audit, Timestamp created) {
        AuditRecord own = null;
        for (AuditRecord a : audit) {
            if ("pods".equals(a.resource()) && "create".equals(a.verb()) && a.subresource().isEmpty() && a.effective() && a.time() != null
                    && !a.time().instant().isAfter(created.windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))
                    && (own == null || a.time().instant().isAfter(own.time().instant()))) {
                own = a;
            }
        }
        return own;
    }

    /**
     * The first line showing the node persisted fulfilled before the release: a cleanup the controller
     * queues only after persisting a fulfilled node ({@code labelPodCompleted}, a {@code deletePod} not
     * announced by the pod event handler), or a change of the node to a completed phase followed by a
     * {@code Workflow update successful}. With no release (null), the first such line at all.
     */
    private LogEvent persistedBefore(PodHistory pod, WorkflowHistory workflow, List<LogEvent> nodeLines, NodeLink link, LogEvent release) {
        Map<Integer, String> announced = new HashMap<>();
        LogEvent latest = release == null ? pod.latestCreated() : null; // without a release, of this Pod's own object only
        for (LogEvent e : pod.events()) {
            if (release != null ? !EventOrder.notAfter(e, release) : latest != null && EventOrder.before(e, latest)) {
                continue;
            }
            ControllerEvent ev = e.event();
            if (ev instanceof PodCleanupScheduled s) {
                announced.put(e.stream(), s.action());
            } else if (ev instanceof PodCleanupQueued q) {
                String action = announced.remove(e.stream());
                boolean fromHandler = q.action() != null && q.action().equals(action);
                if (!fromHandler && (q.cleanup() == CleanupAction.LABEL_POD_COMPLETED || q.cleanup() == CleanupAction.DELETE_POD)
                        && beforeRelease(e, release) && !takenOverAfter(release, e)) {
                    return e;
                }
            } else if (ev instanceof PodCleanupStarted s && s.cleanup() == CleanupAction.LABEL_POD_COMPLETED && beforeRelease(e, release)
                    && !takenOverAfter(release, e)) {
                return e;
            }
        }
        if (workflow == null || link == null) {
            return null;
        }
        // A node completed before this Pod was created is an earlier Pod's run of the node (argo retry, a resubmission under the
        // same name reset it): its persist says nothing of the result of the Pod released here.
        LogEvent created = pod.latestCreated();
        LogEvent update = null;
        for (int i = 0; i < nodeLines.size(); i++) {
            LogEvent e = nodeLines.get(i);
            ControllerEvent ev = e.event();
            if (created != null && EventOrder.before(e, created)) {
                continue;
            }
            if (release != null && !EventOrder.notAfter(e, release)) {
                continue;
            }
            // A change that stores the loss ("pod deleted") persisted no result (as for the node events, session 44); nor, in another
            // run than the release's, a forced Error whose own error line the input left out (session 48: it may be the loss).
            if (((ev instanceof NodeChanged c && COMPLETED.contains(c.newPhase())) || (ev instanceof NodePhaseChanged p && COMPLETED.contains(p.toPhase())))
                    && !storesLoss(nodeLines, i) && (release == null || e.stream() == release.stream() || !errorUnshown(nodeLines, i))) {
                // The update of the pass that made the change (its run's next, before the run processed the Workflow again): a pass
                // whose write failed is followed by a later one that read the status again, and another run's update wrote what its
                // own pass read (session 45 breaker).
                LogEvent u = nodes.updateOfPass(workflow.ref(), e, release);
                if (u != null && beforeRelease(u, release) && !takenOverAfter(release, u)) {
                    update = u;
                    break;
                }
            }
        }
        LogEvent recorded = recordedResultBefore(pod, nodeLines, link, created, release);
        return recorded != null && (update == null || EventOrder.before(recorded, update)) ? recorded : update;
    }

    /**
     * Another run's update, within two clocks' disagreement of the release, of the pass that changed the node to a completed phase
     * (session 45), or its {@code WorkflowNode<completed phase>} event, logged after that update returned (session 46), or null: not shown before the release, but that pass read the Pod finished in its own informer and the update
     * stored what it read, whichever came first. The node's result was captured. A change before this Pod's {@code Created pod}
     * is an earlier Pod's.
     */
    private LogEvent storedAboutRelease(PodHistory pod, WorkflowHistory workflow, List<LogEvent> nodeLines, NodeLink link, LogEvent release) {
        LogEvent created = pod.latestCreated();
        for (int i = 0; i < nodeLines.size(); i++) {
            LogEvent e = nodeLines.get(i);
            ControllerEvent ev = e.event();
            if (e.stream() == release.stream() || (created != null && EventOrder.before(e, created))
                    || DeletionBounds.clearlyBefore(release.time(), e.time())) {
                continue;
            }
            // v4's event of the node's completed phase (not the loss stored): recorded only after the update of its pass returned
            // (persistUpdates, then recordNodePhaseChangeEvents, v4.0 to v4.1.3), so it is that update's stand-in, on the same
            // terms (session 46: recordedResultBefore takes it before the release beyond the margin, and within it nothing did).
            if (ev instanceof EventRecorded r && r.persistedResult() && link.isAbout(r) && !PodLifecycle.podDeleted(r.nodeMessage())
                    && !DeletionBounds.clearlyBefore(e.time(), release.time())) {
                return e;
            }
            // Another run's forced Error whose own error line is not in the input may be the loss itself (session 48).
            if (((ev instanceof NodeChanged c && COMPLETED.contains(c.newPhase())) || (ev instanceof NodePhaseChanged p && COMPLETED.contains(p.toPhase())))
                    && !storesLoss(nodeLines, i) && !errorUnshown(nodeLines, i)) {
                LogEvent u = nodes.updateOfPass(workflow.ref(), e, release);
                if (u != null && !DeletionBounds.clearlyBefore(u.time(), release.time()) && !DeletionBounds.clearlyBefore(release.time(), u.time())) {
                    return u;
                }
            }
        }
        return null;
    }

    /**
     * Whether the release's run, after the release, marked the node lost ({@code Workflow pod is missing}, {@code pod deleted}) in
     * a pass whose Workflow update succeeded (session 46 breaker). A node stored fulfilled is never marked lost again: the operator
     * reads it fulfilled, and a write from a stale read is refused on its conflict ({@code reapplyUpdate}: "must never update
     * completed node", v3.4.0 to v4.1.2); nor is a write of it fulfilled taken over a stored loss. So a stored loss contradicts any
     * line read as the node persisted fulfilled about or after the release (another run's, on a clock that may be off, or of
     * another object of the name): that line is not taken as the result captured.
     */
    private boolean lossStoredAfter(WorkflowHistory workflow, List<LogEvent> nodeLines, LogEvent release) {
        for (LogEvent e : nodeLines) {
            ControllerEvent ev = e.event();
            boolean loss = ev instanceof WorkflowPodMissing || (ev instanceof NodeMarkedError m && PodLifecycle.podDeleted(m.error()))
                    || (ev instanceof ControllerEvent.NodeMessageChanged c && PodLifecycle.podDeleted(c.message()));
            if (loss && e.stream() == release.stream() && EventOrder.after(e, release) && nodes.updateOfPass(workflow.ref(), e, null) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the change at {@code i} of the node's lines stores the loss, not a result: its run's node line just before it marks
     * the node lost ({@code Workflow pod is missing}, {@code Mark error node} / {@code marking node as error} "pod deleted"), or
     * one just after it sets the message "pod deleted" (v3 logs the phase change between the two).
     */
    private static boolean storesLoss(List<LogEvent> nodeLines, int i) {
        LogEvent change = nodeLines.get(i);
        for (int j = i - 1; j >= 0; j--) {
            LogEvent e = nodeLines.get(j);
            if (e.stream() == change.stream()) {
                if (e.event() instanceof WorkflowPodMissing || (e.event() instanceof NodeMarkedError m && PodLifecycle.podDeleted(m.error()))) {
                    return true;
                }
                break;
            }
        }
        for (int j = i + 1; j < nodeLines.size(); j++) {
            LogEvent e = nodeLines.get(j);
            if (e.stream() == change.stream()) {
                return e.event() instanceof ControllerEvent.NodeMessageChanged m && PodLifecycle.podDeleted(m.message());
            }
        }
        return false;
    }

    /**
     * Whether the change at {@code i} of the node's lines is a forced {@code Error} whose error the input does not show (session 48).
     * A Pod node's phase-change line ({@code node X phase Running -> Error}, v4 {@code node phase changed}) is a forced phase, never
     * the assessed result (that is {@code node changed}, reference logs §5.5); to {@code Error} it is {@code markNodeError}, which
     * logs its error ({@code Mark error node}, v4 {@code marking node as error}) just before. Without that line (a grep for the Pod
     * and {@code phase} keeps the change and its update, and drops the error, {@code Workflow pod is missing} and the message line,
     * none of which names the Pod) the change may be the loss ("pod deleted") as well as another error. The loss is stored only once
     * the Pod has left the informer: in the release's own run, before the release, never; in another run it may be, whatever that
     * run's clock reads. So such a change of another run shows no result captured.
     */
    private static boolean errorUnshown(List<LogEvent> nodeLines, int i) {
        LogEvent change = nodeLines.get(i);
        if (!(change.event() instanceof NodePhaseChanged p) || !"Error".equals(p.toPhase())) {
            return false;
        }
        for (int j = i - 1; j >= 0; j--) {
            LogEvent e = nodeLines.get(j);
            if (e.stream() == change.stream()) {
                return !(e.event() instanceof NodeMarkedError);
            }
        }
        return true;
    }

    /**
     * Whether a line showing the node persisted is before the release (null: none, any line is): in the release's own run by its
     * order, another run's only by more than two clocks can disagree (a replica's line 1 ms before it on its own clock may have been
     * written after it; session 44 breaker for the node events, session 45 for the cleanups and updates).
     */
    private static boolean beforeRelease(LogEvent e, LogEvent release) {
        return release == null || (e.stream() == release.stream() ? EventOrder.before(e, release)
                : DeletionBounds.clearlyBefore(e.time(), release.time()));
    }

    /**
     * v4's {@code Event occurred} line of a {@code WorkflowNode<completed phase>} event about the node, certainly before the release
     * (any, where no release is logged: the timeline's persisted marker) and not before this Pod existed, or null. The operator records the event only after the Workflow update that persisted the
     * node in that phase returned ({@code persistUpdates}, then {@code recordNodePhaseChangeEvents}, v4.0.10 and v4.1.2), and the
     * broadcaster logs it later still: the update came before the line. The line names the Workflow by namespace and name only (no
     * UID): one before this Pod's {@code Created pod} line (else before its earliest {@code creationTimestamp}) is of an earlier
     * run of the node, or of an earlier Workflow of the same name. Not a node stored lost ({@code Error node …: pod deleted}: the
     * loss itself), and not another stream's line within two clocks' disagreement of the release.
     */
    private static LogEvent recordedResultBefore(PodHistory pod, List<LogEvent> nodeLines, NodeLink link, LogEvent created, LogEvent release) {
        Instant start = created == null ? podStart(pod, null) : null;
        for (LogEvent e : nodeLines) {
            // A node stored lost ("pod deleted", "container deleted") persisted the loss, not the Pod's result (session 44 breaker).
            if (!(e.event() instanceof EventRecorded r) || !r.persistedResult() || !link.isAbout(r) || PodLifecycle.podDeleted(r.nodeMessage())) {
                continue;
            }
            if (created != null ? !EventOrder.after(e, created) : start != null && e.time().instant().isBefore(start)) {
                continue;
            }
            // Another stream's line (the other replica of a hand-over) is before the release only by more than two clocks can
            // disagree: a replica's line 1 ms before it on its own clock may have been written after it (session 44 breaker).
            if (beforeRelease(e, release)) {
                return e;
            }
        }
        return null;
    }

    private static String persistedHow(LogEvent e) {
        ControllerEvent ev = e.event();
        if (ev instanceof PodCleanupQueued q) {
            return q.action() + " was queued at " + e.time().format() + ", which the controller does only after persisting a fulfilled node";
        }
        if (ev instanceof PodCleanupStarted s) {
            return s.action() + " ran at " + e.time().format() + ", which the controller queues only after persisting a fulfilled node";
        }
        if (ev instanceof EventRecorded r) {
            return "the controller logged its event " + r.reason() + " at " + e.time().format()
                    + ", which it records only after a Workflow update has persisted the node " + r.phase();
        }
        return "the node changed to a completed phase and the Workflow update at " + e.time().format() + " persisted it";
    }

    /**
     * The node's last recorded state ({@link NodeOutcome#of}); from the logs, a phase change to Error
     * carries no message of its own, so the error the controller marked the node with stands in.
     */
    /**
     * When this Pod came to exist, for {@link #outcome}: its own {@code Created pod} line (the controller's clock, the one that
     * stamps the node's end), else the earliest {@code creationTimestamp} of its exports (the API server's), else null.
     */
    private static Instant podStart(PodHistory pod, LogEvent created) {
        if (created != null) {
            return created.time().instant();
        }
        Instant start = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.creationTimestamp() != null && (start == null || s.creationTimestamp().instant().isBefore(start))) {
                start = s.creationTimestamp().instant();
            }
        }
        return start;
    }

    private static NodeOutcome outcome(WorkflowHistory workflow, NodeLink link, List<LogEvent> nodeLines, PodIdentity identity,
                                       Instant podStart, List<WorkflowSnapshot> exports) {
        if (workflow == null || link == null) {
            return null;
        }
        // A Pod recreated under the same name (a Workflow run again): its node's later fate is the later Pod's.
        Timestamp until = identity == null ? null : identity.until();
        List<LogEvent> lines = until == null ? nodeLines : nodeLines.stream().filter(e -> e.time().isBefore(until)).toList();
        // And the node's earlier fate is an earlier Pod's (session 36 breaker): a record of the node's end clearly before this Pod
        // existed (more than two clocks' 10 s before its creation) is of a Pod of the same name before it, the node reset since
        // (argo retry, a retried run of the same Workflow object, so its UID does not tell them apart) and the record an older
        // export's or an older line's. No node ends before its Pod is created: what the Pod did after cannot have been lost then.
        Instant bound = podStart == null ? null : podStart.minusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        if (bound != null) {
            lines = lines.stream().filter(e -> !(e.time().windowEnd().isBefore(bound) && (e.event() instanceof NodePhaseChanged
                    || e.event() instanceof ControllerEvent.NodeMessageChanged || e.event() instanceof NodeMarkedError
                    || e.event() instanceof EventRecorded))).toList();
        }
        // And a node stored lost (v4's event "Error node …: pod deleted", logged after the update that stored it) ends only by a
        // reset (argo retry, a resubmission): a later end of the node is a later run's, its Pod's Created pod line perhaps not in
        // the excerpt (session 44 breaker: a retry's Succeeded event was read as this Pod's result captured after the release).
        LogEvent storedLost = null;
        for (LogEvent e : lines) {
            if (e.event() instanceof EventRecorded r && r.persistedResult() && link.isAbout(r) && PodLifecycle.podDeleted(r.nodeMessage())) {
                storedLost = e;
                break;
            }
        }
        if (storedLost != null) {
            LogEvent lost = storedLost;
            lines = lines.stream().filter(e -> !(EventOrder.after(e, lost) && (e.event() instanceof NodePhaseChanged
                    || e.event() instanceof ControllerEvent.NodeMessageChanged || e.event() instanceof NodeMarkedError
                    || e.event() instanceof EventRecorded))).toList();
        }
        NodeOutcome o = NodeOutcome.of(new WorkflowHistory(workflow.ref(), lines, exports), link).orElse(null);
        if (o == null || o.fromExport()) {
            return o;
        }
        // markNodeError logs the error, then sets the phase Error and the message to that error in the same call (v3.4 to v4.1), so
        // the error marked is the node's message unless a later line states one: an excerpt that keeps the marking and the phase
        // change but not "node message changed" still ends "pod deleted", not with an older message (a quota's, logged by
        // markNodePending before the Pod was created; s46-breaker11: that older message read as a result captured).
        LogEvent marked = null;
        LogEvent said = null;
        for (LogEvent e : lines) {
            if (e.event() instanceof NodeMarkedError) {
                marked = e;
            } else if (e.event() instanceof ControllerEvent.NodeMessageChanged
                    || (e.event() instanceof EventRecorded r && r.persistedResult() && link.isAbout(r))) {
                said = e;
            }
        }
        boolean stated = o.message() != null && !o.message().isEmpty();
        if (marked == null || ((NodeMarkedError) marked.event()).error() == null || (stated && said != null && !EventOrder.after(marked, said))) {
            return errorByPhaseLine(o, lines, link);
        }
        return new NodeOutcome(o.phase(), ((NodeMarkedError) marked.event()).error(), false, o.source(), o.time(), o.daemon());
    }

    /**
     * The outcome where its last line is a phase change to {@code Error} with no line after it stating what the change stored (s47).
     * Only the operator's forced phases log a Pod node's phase (v3.7+ and v4 store the phases {@code assessNodeStatus} reads from
     * the Pod without a line; logs §5.5), and {@code markNodePhase} logs the message after the phase when it changes. So the
     * change's own run says what it was where it keeps the line before it: {@code Workflow pod is missing} of the node, not
     * {@code Pending} and not recently started, leads to {@code markNodeError("pod deleted")} and to nothing else
     * ({@code podReconciliation}, v3.4 to v4.1): the loss, its marking line not kept. Where no such line is kept either (an excerpt,
     * a level filter that drops the E line and the message), nothing tells the loss from a result taken from the Pod: the outcome
     * says so ({@link NodeOutcome#errorUnexplained}), with no message (an older one, a quota's from {@code markNodePending}, is not
     * this change's).
     */
    private static NodeOutcome errorByPhaseLine(NodeOutcome o, List<LogEvent> lines, NodeLink link) {
        if (!"Error".equals(o.phase())) {
            return o;
        }
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            LogEvent e = lines.get(i);
            if (link.isAbout(e.event()) && (e.event() instanceof NodePhaseChanged || e.event() instanceof ControllerEvent.NodeMessageChanged
                    || (e.event() instanceof EventRecorded r && r.persistedResult()))) {
                last = i;
            }
        }
        if (last < 0 || !(lines.get(last).event() instanceof NodePhaseChanged change) || !"Error".equals(change.toPhase())
                || !lines.get(last).source().equals(o.source())) {
            return o;
        }
        LogEvent changed = lines.get(last);
        for (int j = last - 1; j >= 0; j--) {
            LogEvent e = lines.get(j);
            if (e.stream() != changed.stream() || !link.isAbout(e.event())) {
                continue;
            }
            if (e.event() instanceof WorkflowPodMissing m && m.nodePhase() != null && !"Pending".equals(m.nodePhase())
                    && Boolean.FALSE.equals(m.recentlyStarted())) {
                return new NodeOutcome(o.phase(), "pod deleted", false, o.source(), o.time(), o.daemon());
            }
            if (e.event() instanceof NodeMarkedError m && m.error() != null) {
                return new NodeOutcome(o.phase(), m.error(), false, o.source(), o.time(), o.daemon());
            }
            break;
        }
        return new NodeOutcome(o.phase(), null, false, o.source(), o.time(), o.daemon(), false, true);
    }

    /**
     * The exports of the Workflow that may hold this Pod's node (derived once, read for the node's outcome and main's recorded
     * exit): taken before a later Pod of the name was created, of the Pod's owner by UID, and not recording the node's end clearly
     * before this Pod existed. Empty without a Workflow or a node.
     */
    /**
     * When the Pod was created, on the UTC clock a Workflow export's node times are written in (the controller's, which writes
     * {@code startedAt} with {@code time.Now().UTC()}): its {@code Created pod} line where the line's zone is stated or configured,
     * or where its run's pairs show the zone its literal-Z times were written in; else, when there is no such line, the Pod's exported
     * {@code creationTimestamp} moved onto the controller's clock by the drift the runs' pairs measure (session 44 breaker: that time
     * is the API server's, and a controller clock 30 s ahead wrote its own run's {@code startedAt} 30 s "after" it; of several runs,
     * the one whose clock is furthest ahead, so that no run's own record is taken for a later one). Null where none of these holds:
     * a logrus line in an unknown zone may be hours off UTC, and an unmeasured controller clock may be any seconds off the API
     * server's.
     */
    private Instant createdUtc(LogEvent created, Instant podStart) {
        if (created == null) {
            return podStart == null ? null : onControllersClock(podStart);
        }
        ZoneBasis zone = created.time().zone();
        if (zone == ZoneBasis.STATED || zone == ZoneBasis.CONFIGURED || zone == ZoneBasis.MEASURED) {
            return created.time().instant();
        }
        RunClocks.RunClock run = clocks.of(created.stream());
        Long shift = run == null || zone == ZoneBasis.TIME_OF_DAY ? null : run.zoneNanos();
        return shift == null ? null : created.time().instant().plusNanos(shift);
    }

    /**
     * An API server time moved onto the controller's clock: minus the least drift (objects minus run, a zone taken out) any run's
     * pairs measure, the latest the controller's clock may have read then. Null if no run's drift is known (no pairs, or a run
     * writing literal-{@code Z} times whose pairs agree on no zone).
     */
    private Instant onControllersClock(Instant objectsTime) {
        return leastDrift == null ? null : objectsTime.minusNanos(leastDrift);
    }

    /**
     * The least drift (objects minus run, a zone taken out) any pair of any run measures, or null if none is known. Each pair's,
     * not each run's median: a pair whose export is of a later Pod of the name (argo retry re-creates a failed node's Pod under its
     * name; a Workflow resubmitted under its name) reads the controller's clock minutes behind, and the median of two such pairs
     * is the later one; the least is the latest the controller's clock may have read, which such a pair never moves later (session
     * 45: a run's two disagreeing pairs moved a Pod's creation 9.5 minutes early, its own run's record of the node was taken for a
     * later run's and a wrong AF001 confirmed appeared).
     */
    private static Long leastDrift(RunClocks clocks) {
        Long least = null;
        for (RunClocks.RunClock run : clocks.runs().values()) {
            boolean stated = run.pairs().stream().allMatch(p -> p.created().time().zone() == ZoneBasis.STATED
                    || p.created().time().zone() == ZoneBasis.CONFIGURED || p.created().time().zone() == ZoneBasis.MEASURED);
            Long zone = run.zoneNanos();
            if (!stated && zone == null) {
                continue;
            }
            for (RunClocks.Pair p : run.pairs()) {
                long drift = p.offsetNanos() - (zone == null ? 0 : zone);
                least = least == null ? drift : Math.min(least, drift);
            }
        }
        return least;
    }

    private static List<WorkflowSnapshot> nodeExports(WorkflowHistory workflow, NodeLink link, PodIdentity identity, String ownerUid,
                                                      Instant podStart, LogEvent laterRun, Instant createdUtc) {
        if (workflow == null || link == null) {
            return List.of();
        }
        Timestamp until = identity == null ? null : identity.until();
        Instant bound = podStart == null ? null : podStart.minusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        // An export is of this Pod's node only if taken before the later Pod was created: where only its file or the command line
        // states when, by the latest that time allows (ObservedAt#takenNoLaterThan, a user's clock may be off by a minute), else
        // an export stated a few seconds before the later Pod's Created pod line gave that Pod's node to this one.
        List<WorkflowSnapshot> exports = until == null ? workflow.snapshots() : workflow.snapshots().stream()
                .filter(w -> w.observed() != null && w.observed().takenNoLaterThan().at().isBefore(until)).toList();
        // An export of another Workflow object of the same name (a Workflow deleted and run again: a new UID, the same node IDs)
        // records that Workflow's node, not the one this Pod ran for: its owner reference names the Workflow by UID.
        if (ownerUid != null) {
            exports = exports.stream().filter(w -> w.uid() == null || w.uid().isEmpty() || w.uid().equals(ownerUid)).toList();
        }
        if (bound != null) {
            exports = exports.stream().filter(w -> w.node(link.nodeId()).map(n -> n.finishedAt() == null
                    || !n.finishedAt().windowEnd().isBefore(bound)).orElse(true)).toList();
        }
        // And one whose node started no earlier than two clocks' 10 s before the node's later run in another Pod (session 41,
        // laterRun): it records that run, where the Pod export that would name the owner by UID is missing.
        if (laterRun != null) {
            Instant later = laterRun.time().instant().minusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
            exports = exports.stream().filter(w -> w.node(link.nodeId()).map(n -> n.startedAt() == null
                    || n.startedAt().windowEnd().isBefore(later)).orElse(true)).toList();
        }
        // And one whose record of the node started more than two clocks' 10 s after this Pod was created (session 44, AF001's open
        // case): the controller initializes a Pod node (its startedAt) before it creates the node's Pod, so such a record is of a
        // later run of the node. argo retry deletes a failed Pod node from the status (the controller creates it again, under the
        // same ID and Pod name, with a new startedAt) and resets its ancestors' startedAt, so an export taken after the retry records
        // the rerun, where neither its Created pod line nor an export of its Pod is in the input.
        if (createdUtc != null) {
            Instant after = createdUtc.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
            exports = exports.stream().filter(w -> w.node(link.nodeId()).map(n -> n.startedAt() == null
                    || !n.startedAt().instant().isAfter(after)).orElse(true)).toList();
        }
        return exports;
    }
}
