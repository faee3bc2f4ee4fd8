package dev.argoforensics.correlate;

import dev.argoforensics.source.SourceRef;

/**
 * Whether a Pod's containers had finished when its deletion was requested, or were still running
 * (and so were ended by it), and what shows it.
 *
 * @param reason   the evidence in plain words ("main exited 137 at 13:40:46Z, 1s after the deletion was requested at 13:40:45Z")
 * @param evidence the decisive line or object, null for {@link State#NOT_DELETED} and {@link State#UNDETERMINED} without any
 * @param weak     only the controller's lines show it (they see the deletion, not the containers), or it is inferred
 *                 from an object rather than stated by one: weaker than an object that shows it
 * @param statedClock weak because an Event dated by a stated clock shows it ({@link dev.argoforensics.snapshot.ClusterEvent#statedClock}),
 *                    not the controller's lines
 * @param endShown   weak, but an object shows every container terminated in a version of the Pod that already carried its
 *                   deletion, and the controller's lines place that end in the first such version: only the order of the end and
 *                   the request rests on the lines. A kubelet that stopped reporting while main ran (a lost node) never writes
 *                   main terminated, so such a Pod's containers did end; what the lines alone cannot exclude is a change the
 *                   controller missed (a watch that broke and relisted just as the Pod went)
 * @param podOnly    running, but what shows it is the Pod's, not main's: the controller's lines showing the Pod changing after it saw
 *                   the deletion. A Pod whose main had ended changes the same while {@code wait} still saves main's outputs or a sidecar
 *                   is being stopped (nothing signals a sidecar while no Workflow worker reconciles the Pod), so it says the Pod had not
 *                   finished, not that main still ran (session 38 breaker)
 * @param crossClock running, shown by an export of the deleted Pod whose main ended within its node's minute of the request (session
 *                   39; session 54: that minute, {@code DeletionBounds#nodeClearlyBefore}): main's end is the kubelet's node clock, the
 *                   request the API server's (deletionTimestamp minus the grace period), so the two times do not order them; read as
 *                   running on what one clock says (a signal's exit, most likely the deletion's kill; main's own exit with every container
 *                   ended moments after it, which the API server's grace period bounds from below), never shown
 * @param graceGuess finished before, but only because a grace-0 {@code deletionTimestamp} long after the containers' end was taken
 *                   for the request ({@link DeletionRequest#inferredLower}): the analyzer's own inference that the kubelet's final
 *                   delete comes within a minute of the end, not a statement of any object. On Kubernetes 1.33+ that delete sets its own
 *                   time, so a main that exited 0 on the deletion's SIGTERM, its kubelet slow to tear the Pod down, reads the same
 *                   (session 40)
 * @param frozenReport running, but read from the Pod's status as the kubelet of a lost node last reported it (the controller's
 *                   warning over the Pod garbage collector's {@code Failed}, the node controller's {@code NotReady} on a ready Pod, an
 *                   export of the deleted Pod of a lost node): nothing after that report is known, and the kubelet reports a
 *                   container's end a second or two late (its relist and status sync), so a main that ended just before its node was
 *                   lost reads as running. Says main had not ended by the kubelet's last report, not that it ran when the deletion was
 *                   requested; no record written after the request by a kubelet still reporting (a container's start or end dated
 *                   after it, the kubelet's {@code Killing} of main) stands beside it (session 42)
 * @param reportLag  running and {@link #frozenReport}, read from the Pod the API server returned to a request (an audit record at
 *                   level {@code RequestResponse}) less than the kubelet's report lag after the deletion was requested: the Pod as
 *                   stored then holds main as the kubelet last reported it, and a main that ended a second before the deletion is not
 *                   reported yet. Says main had not been reported ended, not that it ran when the deletion came (session 46 breaker:
 *                   Argo's own finalizer patch, sent on seeing the deletion, returns such a Pod within milliseconds of it)
 * @param nodeMayReturn {@link #frozenReport}, but only the node's not-ready state shows it lost (the node controller's
 *                   {@code NodeNotReady}), nothing shows it gone (its deletion, the Pod garbage collector's delete or {@code Failed}):
 *                   a node that comes back has its kubelet report what the containers did meanwhile (main's end during the
 *                   partition) after the deletion was requested, a report a held finalizer keeps for the controller (session 48)
 * @param nodeMargin the order rests on a node's time (a container's {@code finishedAt}) against the API server's or the controller's
 *                   past {@link DeletionBounds#NODE_CLOCK_NANOS} alone, nothing bounding that node's clock ({@link NodeClock}): a node
 *                   whose clock is off by more reads the same, so the order is likely at most (session 56; session 55's unseen
 *                   {@code workflow-stopped} on a node 82 s behind)
 */
public record Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown, boolean podOnly,
                        boolean crossClock, boolean graceGuess, boolean frozenReport, boolean reportLag, boolean nodeMayReturn,
                        boolean nodeMargin) {

    /** An execution whose order rests on no node's clock agreeing within the margin ({@link #nodeMargin}). */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown, boolean podOnly,
                     boolean crossClock, boolean graceGuess, boolean frozenReport, boolean reportLag, boolean nodeMayReturn) {
        this(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, graceGuess, frozenReport, reportLag, nodeMayReturn, false);
    }

    /**
     * The same execution, its order resting on a node's time against another clock's past {@link DeletionBounds#NODE_CLOCK_NANOS}
     * alone, nothing bounding that node's clock ({@link NodeClock.NodeOrder#MARGIN}; session 56): at most likely.
     */
    Execution onNodeMargin() {
        return new Execution(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, graceGuess, frozenReport, reportLag,
                nodeMayReturn, true);
    }

    /** An execution that rests on no report of a node that may have come back ({@link #nodeMayReturn}). */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown, boolean podOnly,
                     boolean crossClock, boolean graceGuess, boolean frozenReport, boolean reportLag) {
        this(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, graceGuess, frozenReport, reportLag, false);
    }

    /** An execution that rests on no report returned at the deletion ({@link #reportLag}). */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown, boolean podOnly,
                     boolean crossClock, boolean graceGuess, boolean frozenReport) {
        this(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, graceGuess, frozenReport, false);
    }

    /** An execution that rests on no lost node's last report. */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown, boolean podOnly,
                     boolean crossClock, boolean graceGuess) {
        this(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, graceGuess, false);
    }

    /** The same execution, read from a lost node's last report ({@link #frozenReport}). */
    Execution frozen() {
        return new Execution(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, graceGuess, true, false, false, nodeMargin);
    }

    /** An execution that rests on no grace-0 inference. */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown, boolean podOnly,
                     boolean crossClock) {
        this(state, reason, evidence, weak, statedClock, endShown, podOnly, crossClock, false);
    }

    /** An execution shown by main's own evidence. */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock, boolean endShown) {
        this(state, reason, evidence, weak, statedClock, endShown, false, false);
    }

    /** An execution no stated clock dates. */
    public Execution(State state, String reason, SourceRef evidence, boolean weak) {
        this(state, reason, evidence, weak, false, false);
    }

    /** An execution whose end no object shows in the deleted version. */
    public Execution(State state, String reason, SourceRef evidence, boolean weak, boolean statedClock) {
        this(state, reason, evidence, weak, statedClock, false);
    }

    /** The order of the containers' end and the deletion request. */
    public enum State {
        /** Every container had terminated before the deletion was requested: a finished result was at stake. */
        FINISHED_BEFORE,
        /** The main container was still running when the deletion was requested: the deletion ended the step. */
        RUNNING,
        /**
         * No container ever started: an export of the deleted Pod shows it never scheduled ({@code Pending}, no node), and a
         * Pod being deleted is never scheduled (the scheduler skips it), so it had no result to lose.
         */
        NEVER_SCHEDULED,
        /**
         * Scheduled, but main never started: an export of the deleted Pod shows it bound to a node with main still {@code waiting}
         * ({@link MainStart#NOT_STARTED}: an image that would not pull, a missing Secret or ConfigMap, a volume not yet mounted), and
         * no export shows main started. A Pod being deleted starts no container, so main had not run when the deletion came: a
         * deletion during the step, but not while main ran, and no result of main's was lost.
         */
        MAIN_NEVER_STARTED,
        /** The evidence cannot order the two. */
        UNDETERMINED,
        /** No evidence that the Pod was deleted at all. */
        NOT_DELETED
    }

    static Execution notDeleted() {
        return new Execution(State.NOT_DELETED, "no evidence that the Pod was deleted", null, false);
    }
}
