package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * One Pod's life as every source together tells it, derived once by {@link LifecycleBuilder} and
 * read by the rules, the timeline and the reports: how its containers ended, when its deletion was
 * requested and whether its containers had finished by then, when it left the controller's informer
 * and why, how its status-capture finalizer was released, what its node's persisted state was and
 * what became of its Workflow. Each fact carries its evidence; absent facts are null.
 *
 * @param containers        how the containers ended (null: no export shows them all terminated)
 * @param deletion          when the deletion was requested (null: no evidence of a deletion)
 * @param deleters          who deleted it, as audit records and Events tell, the most specific first (empty: they do not say)
 * @param execution         whether the containers had finished when the deletion was requested
 * @param informerExit      the first {@code delete pod event} and what it meant (null: none logged)
 * @param labelled          the controller's {@code cleaning up pod action=labelPodCompleted}, else its queueing line
 *                          (null: neither), whose patch also removes the finalizer
 * @param release           the first controller removal of the finalizer that could have acted (null: none)
 * @param heldWhileDeleted  the latest export of the Pod deleted and still holding the finalizer (null: none)
 * @param persisted         the first evidence that the node was persisted fulfilled before the release; without a release
 *                          (none logged, or a controller before v3.6), the first at all (null: none)
 * @param persistedLine     the log line behind {@code persisted}, when it is one
 * @param persistedAfter    the controller labelling the Pod completed after the release (or, by another run, within two clocks'
 *                          disagreement of it) and before the Pod left the cluster (null: none): it was still in the informer,
 *                          and its node persisted fulfilled; or, within that disagreement, another run's update of the pass that
 *                          changed the node to a completed phase from the Pod's status (stored, whichever came first)
 * @param phaseAtRelease    the node's phase when the finalizer went, from the first line after it that
 *                          states it, else from the latest export that shows it unfulfilled (null: unknown)
 * @param phaseAtReleaseLine the line that states it, null if from an export
 * @param outcome           the node's last recorded state (null: no Workflow line or export names the node)
 * @param workflow          the Pod's Workflow's fate (null: the Pod is tied to no Workflow)
 * @param seenSucceeded     the first controller line showing that a Workflow worker assessed the Pod
 *                          {@code Succeeded} (every container exited 0): {@code Taskresult of the node not yet
 *                          completed}, which the operator logs only for a node it assessed Succeeded, or
 *                          {@code node changed} to Succeeded (null: no such line for this Pod's node)
 * @param instanceUid       the UID of the Pod this life is of (its latest {@code Created pod}): "" when no export of that
 *                          instance gives it (an export of an earlier Pod of the same name does not)
 * @param namesakeCleanup   a cleanup item queued for an earlier Pod of the same name that ran on this one (null: none shown)
 * @param succeededExport   an export trimmed of its container statuses ({@code yq 'del(.status.containerStatuses)'}), taken
 *                          before any deletion (no {@code deletionTimestamp}), in phase {@code Succeeded}: the kubelet writes
 *                          that phase only once every container has terminated with exit code 0 (lifecycle reference A2); it
 *                          gives no exit codes and no end time (null: none). Derived once, for the execution order and AF002
 * @param earlierRelease    a finalizer release on the deletion path (not the orphan path, not after a persisted node) logged
 *                          before this Pod's {@code Created pod}: of an earlier Pod of the same name (a Workflow run again
 *                          under its name, #8022) that no export tells apart from this one (null: none). Its lines are not
 *                          this Pod's, and are not assessed as the earlier Pod's either: AF001 says so
 * @param workflowDeleted   its Workflow's deletion as an object records it (an audit record, an export being deleted), when
 *                          it came no later than the Pod's deletion was requested (within the clocks' tolerance) or no
 *                          deletion of the Pod is known, and the Pod was not created after it: the Pod went with its
 *                          Workflow (null: nothing shows that)
 * @param workflowStood     evidence that its Workflow was not being deleted when the Pod's deletion was requested (an export of
 *                          the Workflow taken after it without a {@code deletionTimestamp}, or who deleted the Pod if not the
 *                          garbage collector): {@link WorkflowStanding}. Without it a foreground deletion of the Workflow, whose
 *                          lines are the race's, is not excluded (null: nothing shows it)
 * @param earlierPersisted  the earlier Pod's release ({@code earlierRelease}) came after its Workflow's completion was stored
 *                          and while it was in force: the release left nothing to record (null: not shown)
 * @param rerun             the Workflow pass that created this Pod when an earlier Pod of the name was released
 *                          ({@code earlierRelease}): on a reset copy ({@code argo retry}) or a new Workflow of the name (null: none)
 * @param releaseClock      the clock of the controller run that released the finalizer, where pairs of its lines with exported
 *                          objects ({@link RunClocks}) put it more than two clocks may disagree (10 s) off the objects' clock:
 *                          the delay it logged was computed on its own clock against the API server's times (null: not shown)
 * @param controllerStop    the controller's own stop of this Pod while it could still run ({@link ControllerStop#stopOf}): a
 *                          shutdown of its Workflow (with the strategy), its deadline, an on-exit Pod during a shutdown (null: none)
 * @param restart           v4's automatic restart of this Pod ({@link ControllerStop#restartOf}): the controller deleted it by its
 *                          UID and put the node back to Pending; no result of the step existed (null: none)
 * @param earlierRestart    the automatic restart of the earlier Pod of this name whose release is {@code earlierRelease}, logged
 *                          before that release: the node ran again under the same Pod name because the controller restarted it
 *                          (null: none)
 * @param workflowAudit     what the audit log shows of its Workflow from the Pod's creation to its loss ({@link WorkflowAudit#read}):
 *                          whether one was given, covered the Workflow, recorded its delete or its standing (null: no Workflow)
 * @param goneBeforeWorker  the releasing stream's own {@code delete pod event} logged before the cleanup worker took the release's
 *                          item ({@code cleaning up pod}): the worker patches the Pod as its informer holds it, so with the Pod gone
 *                          it patched nothing, and something else had removed the finalizer (null: none, or no worker line)
 * @param stayedAfterWorker the Pod still in the releasing run's informer more than a minute after its cleanup worker took the item
 *                          ({@link StayedAfterWorker}): kept by something the worker's patch did not remove (null: not shown)
 * @param secondRelease     another controller's worker line taking the Pod's release within two clocks' disagreement of the
 *                          release's, both runs working unconditionally ({@link SecondReleaser}): which removed it is not known
 *                          (null: none)
 * @param recordedExit      main's exit 0 as the controller recorded it on the node ({@code outputs.exitCode}) before the node was
 *                          lost {@code pod deleted}, and whether an export orders it before the deletion ({@link RecordedMainExit};
 *                          null: not shown)
 * @param laterRun          the first {@code Created pod} of this Pod's node, after its own, naming another Pod: the node run again
 *                          in that Pod (a Workflow submitted again under its name with the other pod-name format); the node's lines
 *                          from it on are that Pod's ({@code LifecycleBuilder.laterRun}; null: none); or the first node event
 *                          sent as a Pod of this name that its controller logged after this Pod left its informer: a later Pod
 *                          of the name
 * @param nodeExports       the exports of its Workflow whose record of its node is of this Pod's run of it: of its owner (by UID,
 *                          where an export of the Pod names it), not finished before the Pod started, and taken before a later Pod
 *                          of the name was created (the node reset and run again, {@code argo retry}) or before a later run of the
 *                          node in another Pod ({@code laterRun}); the outcome is read from these ({@code LifecycleBuilder.nodeExports})
 * @param earlierLife       the life of the Pod of this name before this one, run again by {@code argo retry}, as the lines between the
 *                          two {@code Created pod} lines show it: released on its deletion, its node then recorded {@code pod deleted}
 *                          ({@link EarlierLife}; null: none, or not shown so)
 * @param workflowAbsent    its Workflow not taken up again after the Pod's release by a run whose workers came round their queue
 *                          ({@link WorkflowAbsent}: not there to reconcile; null: not shown)
 * @param workflowDeleteRequested where no deletion of its Workflow is known ({@code workflowDeleted}), a delete of it whose outcome the
 *                          audit log does not hold ({@link WorkflowFate#requested}), timed as a deletion would be: "a delete was
 *                          requested at T; its outcome is not in the audit log". Granted, the Pod went with its Workflow; refused,
 *                          nothing changed: it clears nothing, and contests {@code workflowStood} (session 49; null: none)
 * @param workflowRecreateRequested where neither is known, a granted delete of its Workflow's name not taken for its Workflow's deletion
 *                          only because a create of the name whose outcome the audit log does not hold came between it and the Pod's
 *                          create ({@link WorkflowFate#undecidedFor}): granted, the delete was an earlier Workflow's; refused, the
 *                          Pod's Workflow was the one being deleted. It clears nothing, and contests {@code workflowStood} (session 50;
 *                          null: none)
 * @param collectionSelections the granted deletecollections of Pods in its namespace that may have deleted it (session 50): not clearly
 *                          before it was created, nor clearly after the latest its deletion was requested or clearly before the
 *                          earliest, where those are known, nor provably not selecting it; each with what its selectors show of the Pod
 *                          ({@link CollectionSelection}: matched, or what was lacking; session 52). The record names no Pod: possible
 *                          deleters, never its deleter ({@code deleters})
 * @param staleRelease      the finalizer's release ({@code removeFinalizer}) as a cleanup item queued for an earlier Pod of the name
 *                          that ran on this one ({@link NamesakeCleanup#release}, session 53; null: not shown)
 * @param staleReleaseWhole whether the worker's stream was read whole from this Pod's {@code Created pod} to that worker line
 *                          ({@link StreamExtents#readWholeThrough}): then no line of this Pod's own release can be missing between
 * @param nodeMarginStop    the controller's first stop line of the Pod ({@link ControllerStop#setAsideOnNodeMargin}) where it
 *                          was set aside only because main's end, on its node's clock, came before it by more than that clock may be
 *                          off, nothing bounding the clock (session 56): main had finished before the stop only if the node's clock
 *                          agreed (null: none, or the stop stands, or the clock is bounded)
 * @param nodeClocks        the clocks of the Pod's nodes, each bounded once from the Pod's own records ({@link NodeClocks}, session 57):
 *                          the rules order a node's time against a controller's line through it, never by a margin of their own
 * @param releaseOutlivedBy the export of the deleted Pod still holding the finalizer taken after the release's line, no view of the
 *                          deleted Pod without it given ({@code LifecycleBuilder.releaseOutlivedBy}; session 60): the release did not
 *                          remove it (null: not shown)
 * @param releaseDatedEarly the release read as this Pod's whose delay dates the transition it read more than a node's minute before
 *                          the only creation of the name shown ({@link DatedBeforeCreation}, {@code ReleaseLifetime.datedBeforeCreation};
 *                          session 61): an earlier Pod's whose lines are not given, or this Pod's on clocks off (null: not so)
 * @param lifetimeEvents    the Pod's lines as its lifetime reads them ({@code LifecycleBuilder.latestInstance}: from its latest
 *                          {@code Created pod} on, without an earlier Pod's delete by UID or release; session 61): the view every rule
 *                          reads a line of this Pod's own from, not the name's whole history
 * @param lifetimeRemovals  the releases of that view
 */
public record PodLifecycle(PodKey key, ContainersEnd containers, DeletionRequest deletion, List<Deletion> deleters, Execution execution, InformerExit informerExit,
                           LogEvent labelled, FinalizerRemoval release, PodSnapshot heldWhileDeleted, Known persisted, LogEvent persistedLine,
                           LogEvent persistedAfter,
                           String phaseAtRelease, LogEvent phaseAtReleaseLine, NodeOutcome outcome, WorkflowFate workflow,
                           LogEvent seenSucceeded, NamesakeCleanup namesakeCleanup, String instanceUid, PodSnapshot succeededExport,
                           FinalizerRemoval earlierRelease, Known workflowDeleted, Known workflowStood, Known earlierPersisted,
                           PhaseHistory.Pass rerun, RunClocks.RunClock releaseClock, ControllerStop controllerStop, ControllerStop restart,
                           ControllerStop earlierRestart, WorkflowAudit.Reading workflowAudit, LogEvent goneBeforeWorker,
                           StayedAfterWorker stayedAfterWorker, FinalizerRemoval secondRelease,
                           RecordedMainExit recordedExit, LogEvent laterRun, List<WorkflowSnapshot> nodeExports, EarlierLife earlierLife,
                           WorkflowAbsent workflowAbsent, Known workflowDeleteRequested, Known workflowRecreateRequested,
                           List<CollectionSelection> collectionSelections, NamesakeCleanup staleRelease, boolean staleReleaseWhole,
                           LogEvent nodeMarginStop, NodeClocks nodeClocks, PodSnapshot releaseOutlivedBy,
                           DatedBeforeCreation releaseDatedEarly, List<LogEvent> lifetimeEvents, List<FinalizerRemoval> lifetimeRemovals) {

    public PodLifecycle {
        lifetimeEvents = lifetimeEvents == null ? List.of() : lifetimeEvents;
        lifetimeRemovals = lifetimeRemovals == null ? List.of() : lifetimeRemovals;
        deleters = List.copyOf(deleters);
        collectionSelections = collectionSelections == null ? List.of() : List.copyOf(collectionSelections);
        nodeExports = List.copyOf(nodeExports);
    }

    /** The deletecollections that may have deleted it ({@link #collectionSelections}), as records. */
    public List<dev.argoforensics.snapshot.AuditRecord> collectionDeletes() {
        return collectionSelections.stream().map(CollectionSelection::record).toList();
    }

    /** What {@code a}'s selectors show of this Pod, or null where {@code a} is none of its possible deleters. */
    public CollectionSelection selection(dev.argoforensics.snapshot.AuditRecord a) {
        for (CollectionSelection c : collectionSelections) {
            if (c.record() == a || c.record().equals(a)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Whether an export's record of the node is of this Pod's run of it ({@code nodeExports}; session 43): an export taken after
     * {@code argo retry} reset the node and ran it again in a new Pod of the same name records that run, not this Pod's.
     */
    public boolean ofOwnRun(WorkflowSnapshot export) {
        return nodeExports.stream().anyMatch(w -> w == export);
    }

    /** The controller's own stop of the Pod while it could still run ({@code controllerStop}). */
    public Optional<ControllerStop> stoppedByController() {
        return Optional.ofNullable(controllerStop);
    }

    /**
     * The controller's stop line set aside only because main's end came before it by more than its node's clock may be off, nothing
     * bounding that clock ({@code nodeMarginStop}, {@link ControllerStop#setAsideOnNodeMargin}; session 56).
     */
    public Optional<LogEvent> stopSetAsideOnNodeMargin() {
        return Optional.ofNullable(nodeMarginStop);
    }

    /** v4's automatic restart of this Pod ({@code restart}). */
    public Optional<ControllerStop> restartedByController() {
        return Optional.ofNullable(restart);
    }

    /** The automatic restart of the earlier Pod of the name whose release is {@code earlierRelease} ({@code earlierRestart}). */
    public Optional<ControllerStop> earlierInstanceRestart() {
        return Optional.ofNullable(earlierRestart);
    }

    /** The Pod gone from the releasing controller's informer before its cleanup worker took the item ({@code goneBeforeWorker}). */
    public Optional<LogEvent> goneBeforeTheWorker() {
        return Optional.ofNullable(goneBeforeWorker);
    }

    /**
     * Whether the controller labelled the Pod completed after its own pod event handler had handled the Pod's deletion
     * ({@code Removing finalizers during a delete} or the scheduling line of the release on the deletion path), in the same run
     * (session 47). The label's merge-patch removes the status-capture finalizer with it (reference, logs 6.1: where
     * {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} is {@code "true"}, the only setting under which the controller puts the finalizer
     * on its Pods), so a Pod being deleted that is labelled leaves the cluster with that patch (or at the kubelet's final delete,
     * if its containers were still stopping): its {@code delete pod event} is no sign that it still exists.
     */
    public boolean labelledWhileDeleted() {
        if (labelled == null || release == null || release.cause() != FinalizerRemoval.RemovalCause.POD_DELETED) {
            return false;
        }
        LogEvent handled = release.onDelete() != null ? release.onDelete() : release.scheduled() != null ? release.scheduled() : release.queued();
        return handled != null && handled.stream() == labelled.stream() && EventOrder.before(handled, labelled);
    }

    /**
     * The controller's {@code cleaning up pod action=labelPodCompleted} that removed the finalizer before the release's own worker
     * took its item ({@code goneBeforeWorker}), where the Pod was labelled while being deleted ({@link #labelledWhileDeleted}) and
     * left that run's informer at or after the labelling (session 47: the drained Pod recorded Failed, labelled, then its delayed
     * {@code removeFinalizer} item taken after it had gone). The finalizer's remover is then in the lines, not unknown. Empty
     * otherwise, and where only the labelling's queueing line is logged (its worker's line, which the patch follows, is not shown).
     */
    public Optional<LogEvent> removedWithLabel() {
        if (goneBeforeWorker == null || !labelledWhileDeleted()
                || !(labelled.event() instanceof dev.argoforensics.event.ControllerEvent.PodCleanupStarted)
                || labelled.stream() != goneBeforeWorker.stream() || !EventOrder.before(labelled, goneBeforeWorker)) {
            return Optional.empty();
        }
        return Optional.of(labelled);
    }

    /**
     * The export showing the release did not remove the finalizer ({@code releaseOutlivedBy}, {@code LifecycleBuilder.releaseOutlivedBy};
     * session 60: one fact, read by AF001 wherever it words a release, its premature-release examination and a cleanup the controller
     * queued itself alike).
     */
    public Optional<PodSnapshot> heldAfterRelease() {
        return Optional.ofNullable(releaseOutlivedBy);
    }

    /** The release read as this Pod's dating the transition it read before the Pod's only creation shown ({@code releaseDatedEarly}). */
    public Optional<DatedBeforeCreation> releaseDatedBeforeCreation() {
        return Optional.ofNullable(releaseDatedEarly);
    }

    /** The Pod still in the releasing controller's informer more than a minute after its cleanup worker took the item ({@code stayedAfterWorker}). */
    public Optional<StayedAfterWorker> stayedAfterTheWorker() {
        return Optional.ofNullable(stayedAfterWorker);
    }

    /**
     * Whether the lines show the release's cleanup worker removing the finalizer: one fact for the finding, AF002 and the timeline
     * (session 40). Not where the Pod had left that worker's informer before its line ({@code goneBeforeWorker}), where it stayed
     * there more than a minute after it ({@code stayedAfterWorker}: the patch left something holding it, the finalizer or a graceful
     * deletion), nor where no worker of the run took the item ({@link FinalizerRemoval#unworked}).
     */
    public boolean releaseShownRemoving() {
        return release != null && goneBeforeWorker == null && stayedAfterWorker == null && (release.started() != null || release.unworked() == null);
    }

    /**
     * Another controller's cleanup worker taking this Pod's release within two clocks' disagreement of the release's, both runs
     * working unconditionally (leader election off, or no election line): which removed the finalizer is not known
     * ({@code secondRelease}, {@link SecondReleaser}).
     */
    public Optional<FinalizerRemoval> alsoReleasedBy() {
        return Optional.ofNullable(secondRelease);
    }

    /** Whether a line of this Pod's node is of this Pod's run of it: not at or after a later Pod's run of the node ({@code laterRun}). */
    public boolean ofOwnRun(LogEvent nodeLine) {
        return laterRun == null || EventOrder.before(nodeLine, laterRun);
    }

    /** Main's exit 0 recorded on the node before it was lost ({@code recordedExit}). */
    public Optional<RecordedMainExit> mainExitRecorded() {
        return Optional.ofNullable(recordedExit);
    }

    /** Who deleted the Pod: the earliest of the most specific kind the records hold (audit, then Events on the Pod, then on its node). */
    public Optional<Deletion> deleter() {
        // Session 62 breaker: an Event that deletes nothing, written after the request, is listed but names no deleter (Deletion#afterRequest).
        return deleters.isEmpty() || Deletion.afterRequest(deleters.get(0), deletion) ? Optional.empty() : Optional.of(deleters.get(0));
    }

    public Optional<ContainersEnd> containersEnd() {
        return Optional.ofNullable(containers);
    }

    public Optional<DeletionRequest> deletionRequest() {
        return Optional.ofNullable(deletion);
    }

    public Optional<FinalizerRemoval> finalizerRelease() {
        return Optional.ofNullable(release);
    }

    /** The Pod by name and by the UID of this instance (none when no export of it gives one). */
    public PodKey instanceKey() {
        return new PodKey(key.namespace(), key.name(), instanceUid);
    }

    /**
     * Whether {@link #persistedAfter()} is shown after the release: in the release's own run by its order, another run's only by
     * more than two clocks can disagree (within that it is "about then", session 46: the two used to be told apart by the merged
     * time line, so another run's line 2 s after the release on its clock read "afterwards").
     */
    public boolean persistedShownAfterRelease() {
        if (persistedAfter == null || release == null) {
            return false;
        }
        LogEvent r = release.decisive();
        return persistedAfter.stream() == r.stream() ? EventOrder.after(persistedAfter, r) : DeletionBounds.clearlyBefore(r.time(), persistedAfter.time());
    }

    /** Its Workflow not taken up again after the release by a run that came round its queue ({@code workflowAbsent}). */
    public Optional<WorkflowAbsent> workflowAbsentAfterRelease() {
        return Optional.ofNullable(workflowAbsent);
    }

    /** Its Workflow was deleted first: the Pod went with it ({@code workflowDeleted}). */
    public Optional<Known> deletedWithWorkflow() {
        return Optional.ofNullable(workflowDeleted);
    }

    /** A delete of its Workflow whose outcome is not logged, where no deletion of it is known ({@code workflowDeleteRequested}). */
    public Optional<Known> workflowDeleteUnlogged() {
        return Optional.ofNullable(workflowDeleteRequested);
    }

    /** A delete of its Workflow's name whose recreation before the Pod is a create whose outcome is not logged ({@code workflowRecreateRequested}). */
    public Optional<Known> workflowRecreateUnlogged() {
        return Optional.ofNullable(workflowRecreateRequested);
    }

    /** Its Workflow was not being deleted when the Pod's deletion was requested ({@code workflowStood}). */
    public Optional<Known> workflowNotDeleted() {
        return Optional.ofNullable(workflowStood);
    }

    /** A deletion-path release of an earlier Pod of the same name that no export tells apart from this one. */
    public Optional<FinalizerRemoval> earlierInstanceRelease() {
        return Optional.ofNullable(earlierRelease);
    }

    /** The earlier Pod's life before {@code argo retry} ran the node again in this Pod ({@code earlierLife}). */
    public Optional<EarlierLife> earlierInstanceLife() {
        return Optional.ofNullable(earlierLife);
    }

    /** The earlier Pod's release came after its Workflow's completion was stored ({@code earlierPersisted}). */
    public Optional<Known> earlierInstancePersisted() {
        return Optional.ofNullable(earlierPersisted);
    }

    /** The releasing controller run's clock, where it is known to be off the objects' clock ({@code releaseClock}). */
    public Optional<RunClocks.RunClock> releaseRunClock() {
        return Optional.ofNullable(releaseClock);
    }

    /** An export without container statuses, taken before any deletion, in phase Succeeded (every container exited 0). */
    public Optional<PodSnapshot> succeededWithoutStatuses() {
        return Optional.ofNullable(succeededExport);
    }

    public Optional<LogEvent> succeededAsSeenByController() {
        return Optional.ofNullable(seenSucceeded);
    }

    public Optional<NodeOutcome> nodeOutcome() {
        return Optional.ofNullable(outcome);
    }

    /** The node ended Error with the message the controller gives a node whose Pod vanished before its result was recorded. */
    public boolean lostToDeletion() {
        return outcome != null && "Error".equals(outcome.phase()) && podDeleted(outcome.message());
    }

    /** "pod deleted" or, for a ContainerSet child, "container deleted" ({@link NodeStatus#podDeletedMessage}). */
    public static boolean podDeleted(String message) {
        return NodeStatus.podDeletedMessage(message);
    }

    /** The container named main, else the first that is neither an init container nor the executor's wait. */
    public static ContainerState main(PodSnapshot s) {
        ContainerState fallback = null;
        for (ContainerState c : s.containers()) {
            if ("main".equals(c.name())) {
                return c;
            }
            if (!c.init() && !"wait".equals(c.name()) && fallback == null) {
                fallback = c;
            }
        }
        return fallback;
    }
}
