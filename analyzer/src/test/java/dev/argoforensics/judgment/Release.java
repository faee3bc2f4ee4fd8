package dev.argoforensics.judgment;

import java.util.List;

/**
 * The Argo release lines simulated, with what differs between them in the logs (reference argo-controller-logs.md §2.2,
 * §5.3, §5.4, §5.6, §6; docs/rules/AF007.md "Releases before #15150"). v3.6.19, v3.7.18 and v4.1.3 have the pod event and
 * queuing lines and treat an add or update with a deletionTimestamp as a delete (v3.6.16+, v3.7.7+, v4.0.0-rc2+).
 * Session 31 adds three releases from before the pod package (v3.6.5) and the status-capture finalizer (v3.6.0):
 * v3.5.15, v3.5.4 and v3.4.18, whose pod controller logs only {@code insignificant pod change} and {@code cleaning up pod}
 * ({@code key}, {@code action}), and whose {@code inferFailedReason} (before #15150) assesses a {@code Failed} Pod with a
 * container still running {@code Succeeded}: v3.5.5+ then stops the pass on the incomplete result
 * ({@code IsTaskResultIncomplete}), v3.4.0-v3.5.4 store the success.
 */
enum Release {
    V3_6("v3.6.19", false, true, false, false, Legacy.NONE), V3_7("v3.7.18", false, false, true, true, Legacy.NONE),
    V4_1("v4.1.3", true, false, true, true, Legacy.NONE),
    V3_5_15("v3.5.15", false, true, false, false, Legacy.V3_5_15), V3_4_18("v3.4.18", false, true, false, false, Legacy.V3_4_18),
    V3_5_4("v3.5.4", false, true, false, false, Legacy.V3_5_4),
    V3_7_1("v3.7.1", false, false, true, true, Legacy.V3_7_1),
    V4_0("v4.0.10", true, false, true, true, Legacy.NONE);

    /** The releases of the corpora before session 31, in the order the scenario families cycle through them. */
    static final List<Release> MODERN = List.of(V3_6, V3_7, V4_1);
    /** The releases from before the pod package and the status-capture finalizer (session 31's family). */
    static final List<Release> LEGACY = List.of(V3_5_15, V3_4_18, V3_5_4);
    /**
     * Session 37's family ({@code ScenariosOutputShapes}): the modern lines and v3.7.1, whose held line lacks "required". Its
     * controller alone runs v3.7.1: without #15164's delete handling ({@link #deletingUpdateIsDelete}), and the stale-copy guard
     * it lacks too (v3.7.8+) throws if met rather than write what v3.7.1 would not.
     */
    static final List<Release> OUTPUT_SHAPES = List.of(V3_6, V3_7, V4_1, V3_7_1);
    /**
     * Session 43's family ({@code ScenariosV40}): v4.0.10 alone. A v4 release whose operator and pod controller are v4.1's but
     * for the words of the wait container's lines ({@link #auxContainer}) and the leader election's ({@link #leaseLockKey}).
     */
    static final List<Release> V40 = List.of(V4_0);
    /** Every release, in the order session 32's family (resource and data templates, {@code ScenariosNoWait}) cycles through them. */
    static final List<Release> NO_WAIT = List.of(V3_6, V3_7, V3_4_18, V3_5_4, V4_1, V3_5_15);

    final String version;
    /** slog (v4) rather than logrus. */
    final boolean slog;
    /** {@code node changed} at Info (up to v3.6; Debug later, so not in an Info log). */
    final boolean nodeChangedAtInfo;
    /** {@code node.taskResultSynced} and {@code Fulfilled(taskResultSynced)} (v3.7.1+). */
    final boolean taskResultSynced;
    /** A failed node's message names the container: {@code main: Error (exit code 1)} (v3.7.0+). */
    final boolean containerPrefix;
    /** The pod package's event and queuing lines and {@code commonPodEvent} (v3.6.5+, §5.2); before, §5.3's lines only. */
    final boolean podEvents;
    /** The status-capture finalizer on Pods when {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} is {@code "true"} (v3.6.0+). */
    final boolean statusFinalizer;
    /** Pod reconciliation stops on a node assessed {@code Succeeded} whose result is incomplete (v3.5.5+). */
    final boolean incompleteCheck;
    /** E {@code Mark error node} on the pod-deleted path (v3.5.6+; before, only the phase, message and finished lines). */
    final boolean markErrorLine;
    /** {@code Processing workflow} with {@code Phase} and {@code ResourceVersion} (v3.5.3+; none before). */
    final boolean processingKeys;
    /** {@code inferFailedReason} skips a running container of a {@code Failed} Pod and ends {@code Succeeded} (before #15150). */
    final boolean failedFallsThrough;
    /** The executor creates a placeholder result labelled {@code report-outputs-completed=false} (v3.5.2+). */
    final boolean placeholderResult;
    /**
     * A resource or data template's executor (main itself: no {@code wait}) creates a placeholder result and labels it completed
     * when it returns (v3.5.5+, #12544: {@code InitializeOutput}, deferred {@code FinalizeOutput} in {@code cmd/argoexec/commands/
     * resource.go} and {@code data.go}). Before, the data executor writes its result once on success ({@code ReportOutputs};
     * from v3.5.2 labelled {@code "false"} and never completed) and the resource executor only with output parameters.
     */
    final boolean noWaitPlaceholder;
    /** The controller forces a result complete (deleted for a while; wait did not exit normally) (v3.5.11+). */
    final boolean forcedCompletion;
    /** {@code Current Worker Numbers} has {@code cronWorkflowWorkers} (v3.5.12+) and {@code workflowArchive} (v3.6.0+). */
    final boolean cronWorkersKey;
    final boolean archiveKey;
    /** {@code status.taskResultsCompletionStatus} written (v3.5.3+, §2.2). */
    final boolean completionStatusMap;
    /** The Pod annotation {@code workflows.argoproj.io/pod-gc-strategy} (v3.6.5+). */
    final boolean podGcAnnotation;
    /**
     * {@code assessNodeStatus} keeps a Succeeded Pod's node in its phase while outputs its template declares (parameters, a
     * required artifact, the result) are not on the node, at Info {@code leaving phase un-changed: required outputs are not yet
     * set} (session 34, read in {@code operator.go} at the tags: v3.6.11-v3.6.19, v3.7.2+ and v4; v3.7.1 words it without
     * "required"; none in v3.6.0-v3.6.10, v3.7.0 or any v3.5/v3.4). Of the releases modelled: v3.6.19, v3.7.18 and v4.1.3.
     */
    final boolean outputsCheck;
    /**
     * The data executor ({@code argoexec data}) creates its result labelled {@code report-outputs-completed: "false"} in
     * {@code ReportOutputs} and nothing completes it (v3.5.2-v3.5.4: read at v3.5.4 in {@code workflow/executor/data.go} and
     * {@code taskresult.go}; v3.5.5+ complete it in the data command's deferred {@code FinalizeOutput}, #12544). Of the releases
     * modelled: v3.5.4 (session 35, {@code ScenariosDataHang}).
     */
    final boolean dataResultNeverCompleted;
    /**
     * {@code markWorkflowPhase} sets a completed phase ({@code Updated phase}, the phase label) before it checks the task results,
     * and skips only {@code Marking workflow completed} while one is incomplete (v3.5.3-v3.5.5, read at v3.5.4 {@code operator.go};
     * v3.5.6+ return first with D {@code taskresults of workflow are incomplete…}, v3.4 has no completion map). Of the releases
     * modelled: v3.5.4, and only where a controller asks for it ({@link Controller#phaseBeforeResults}).
     */
    final boolean phaseBeforeResults;

    /**
     * The words of {@code assessNodeStatus}'s held line (Info): {@code leaving phase un-changed: required outputs are not yet set}
     * (v3.6.11+, v3.7.2+, v4), {@code leaving phase un-changed: outputs are not yet set} in v3.7.1 (#14625 as first released;
     * v3.7.2 reworded it when optional artifacts stopped holding the node: read in {@code operator.go} at v3.7.0, v3.7.1, v3.7.2).
     */
    final String outputsHeldLine;
    /**
     * The pod controller treats an add or update with a {@code deletionTimestamp} as a delete (#15164: v3.6.16+, v3.7.7+, v4);
     * before, {@code Removing finalizers during a delete} only follows {@code delete pod event} (reference §4): an add or update
     * goes to {@code commonPodEvent} as not deleting (read at v3.7.1 {@code workflow/controller/pod/controller.go}), so a deleted
     * Pod's status finalizer stays until the node is done and the Pod labelled (or the Pod is orphaned). Of the modelled releases
     * only v3.7.1 lacks it.
     */
    final boolean deletingUpdateIsDelete;
    /** A guard against stale copies of a Workflow (v3.6.17+, v3.7.8+, v4; reference B3). None in v3.7.1: must never meet one. */
    final boolean staleCopyGuard;

    /**
     * The wait container's lines name the "aux" container (v4.1.0+, with the init-less supervisor): {@code leaving phase un-changed:
     * aux container is not yet terminated }, W {@code marking its taskResult as completed since aux container did not exit normally}
     * with a {@code container} key and {@code …since aux container has been cleaned up.}; v4.0.10 and every v3 say {@code wait}
     * and have no {@code container} key (read in {@code operator.go} {@code assessNodeStatus} at v4.0.10 and v4.1.2).
     */
    final boolean auxContainer;
    /**
     * The leader election's client-go lines (lifecycle-and-failures.md B4): v4.1 (client-go v0.35) {@code Attempting to acquire
     * leader lease...}, {@code Successfully acquired lease}, {@code Failed to renew lease} with a {@code lock} key; v3.4-v4.0
     * (up to v0.33) the lease in the text, {@code attempting to acquire leader lease <ns>/<lease>...}. v4 routes klog through its
     * own logger ({@code workflow/events/event_recorder_logger.go}, set up before the election: {@code cmd/workflow-controller/
     * main.go} builds the lock's event recorder first, read at v4.0.10), so v4.0's are slog lines with the v0.33 text and no key.
     */
    final boolean leaseLockKey;
    /** {@code retryStrategy.backoff.cap} caps the wait (v3.7.0+, #13782; read at v3.6.19, v3.7.18, v4.0.10, v4.1.2). */
    final boolean backoffCap;
    /**
     * {@code IsTransientErr} takes a {@code Timeout} status (a 504, {@code the server was unable to return a response in the time
     * allotted}) as transient ({@code apierr.IsTimeout}, in {@code util/errors/errors.go} from v4.0.0; absent at v3.7.18), so the
     * pod cleanup worker puts a timed-out try back; v3.4-v3.7 drop the item after logging {@code failed to clean-up pod}.
     */
    final boolean timeoutTransient;
    /**
     * The forced completion of a result needs the node {@code Completed()}, {@code taskResultSynced} not false (v4.0-v4.1.2,
     * lifecycle-and-failures.md B1); v3.7 needs the phase only.
     */
    final boolean forcedNeedsSynced;

    private enum Legacy {
        NONE, V3_5_15, V3_5_4, V3_4_18, V3_7_1
    }

    Release(String version, boolean slog, boolean nodeChangedAtInfo, boolean taskResultSynced, boolean containerPrefix, Legacy legacy) {
        this.version = version;
        this.slog = slog;
        this.nodeChangedAtInfo = nodeChangedAtInfo;
        this.taskResultSynced = taskResultSynced;
        this.containerPrefix = containerPrefix;
        boolean modern = legacy == Legacy.NONE || legacy == Legacy.V3_7_1;
        this.podEvents = modern;
        this.statusFinalizer = modern;
        this.podGcAnnotation = modern;
        this.outputsCheck = modern;
        this.archiveKey = modern;
        this.failedFallsThrough = !modern;
        this.incompleteCheck = modern || legacy == Legacy.V3_5_15;
        this.noWaitPlaceholder = modern || legacy == Legacy.V3_5_15;
        this.markErrorLine = modern || legacy == Legacy.V3_5_15;
        this.forcedCompletion = modern || legacy == Legacy.V3_5_15;
        this.cronWorkersKey = modern || legacy == Legacy.V3_5_15;
        this.processingKeys = legacy != Legacy.V3_4_18;
        this.placeholderResult = legacy != Legacy.V3_4_18;
        this.completionStatusMap = legacy != Legacy.V3_4_18;
        this.dataResultNeverCompleted = legacy == Legacy.V3_5_4;
        this.phaseBeforeResults = legacy == Legacy.V3_5_4;
        this.outputsHeldLine = legacy == Legacy.V3_7_1 ? "leaving phase un-changed: outputs are not yet set"
                : "leaving phase un-changed: required outputs are not yet set";
        this.deletingUpdateIsDelete = legacy != Legacy.V3_7_1;
        this.staleCopyGuard = legacy != Legacy.V3_7_1;
        this.auxContainer = version.startsWith("v4.") && !version.startsWith("v4.0.");
        this.leaseLockKey = auxContainer;
        this.backoffCap = version.startsWith("v4.") || version.startsWith("v3.7.");
        this.timeoutTransient = version.startsWith("v4.");
        this.forcedNeedsSynced = slog;
    }

    String line() {
        return version.substring(0, version.lastIndexOf('.'));
    }

    /** The release of a version string ({@code v3.5.15}), as the truth and the executor image carry it. */
    static Release of(String version) {
        for (Release r : values()) {
            if (r.version.equals(version)) {
                return r;
            }
        }
        throw new IllegalArgumentException("release " + version);
    }
}
