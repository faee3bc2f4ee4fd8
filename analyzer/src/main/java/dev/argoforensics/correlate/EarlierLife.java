package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;

/**
 * The life of the Pod of this name right before this one, where {@code argo retry} reset its Workflow and the controller ran the
 * node again in a new Pod of the same name (the same Workflow UID and node ID, so the same name; a new Pod UID) and no export
 * gives the earlier Pod's UID (the exports were taken after the retry). Its lines are the ones between its own
 * {@code Created pod} and this Pod's: the controller can neither release nor find missing a Pod it has not created, and a create
 * of the name succeeds only once the earlier Pod is gone, so every line of the name in between is the earlier Pod's.
 *
 * <p>Derived only where the lines themselves decide what they can: the release on the deletion path (not the orphan path, not
 * one after a persisted node), no stored completion of the Workflow in force at it ({@code earlierPersisted}: then it lost
 * nothing), no automatic restart before it ({@code earlierRestart}), the node recorded lost ({@code pod deleted}) after the
 * release and before the Workflow's reset, and the pass that created this Pod a reset copy of the same Workflow (a newer
 * resourceVersion than its completion, not completed: {@link PhaseHistory.Copy#NEWER}), and its own lines not showing main
 * running at its deletion or never started (AF007's, or nobody's); a new Workflow of the name (#8022) or a
 * reset the lines cannot tell from one stays not decided. What the lines cannot give: the earlier Pod's UID, and whether its
 * containers had ended before its deletion.
 *
 * @param created        the earlier Pod's own {@code Created pod}
 * @param release        its finalizer release, on the deletion path
 * @param execution      its containers at its deletion as its own lines order them ({@link ExecutionOrder}): never running,
 *                       never started or never scheduled (those are no race), most often undetermined
 * @param phaseAtRelease the node's phase as the first node line after the release states it (null: no line states it)
 * @param phaseLine      that line (null with it)
 * @param outcome        the node's recorded end in the earlier life: {@code Error}, {@code pod deleted}
 * @param lost           the line recording the node lost (the marking or its phase change)
 * @param retry          the pass of the Workflow that created this Pod: a reset copy ({@code argo retry})
 * @param laterCreated   this Pod's {@code Created pod}
 */
public record EarlierLife(LogEvent created, FinalizerRemoval release, Execution execution, String phaseAtRelease, LogEvent phaseLine, NodeOutcome outcome,
                          LogEvent lost, PhaseHistory.Pass retry, LogEvent laterCreated) {
}
