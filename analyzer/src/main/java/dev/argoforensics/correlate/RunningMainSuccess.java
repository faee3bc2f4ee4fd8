package dev.argoforensics.correlate;

import dev.argoforensics.catalog.ArgoVersion;
import dev.argoforensics.catalog.ReleaseRange;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ObservedAt;
import java.util.List;
import java.util.Optional;

/**
 * A node assessed {@code Succeeded} from a Pod whose main container never ended (session 31, AF016). Argo's
 * {@code inferFailedReason} before #15150 warned {@code Pod <pod> phase was Failed but main did not have terminated state} for a
 * running main of a {@code Failed} Pod without a status message (the Pod garbage collector's mark on the Pods of a lost node,
 * {@link ExecutionOrder#failedUnterminated}), skipped it and fell through to {@code Succeeded} with no message ({@code Pod failed: }).
 * Whether that was stored depends on the Pod and the release (read at v3.4.0-v3.6.19, {@code assessNodeStatus},
 * {@code podReconciliation}): up to v3.6.4 a {@code wait} container still running keeps the node's phase ({@code leaving phase
 * un-changed: wait container is not yet terminated }), so only a Pod without one, a {@code resource} or {@code data} template's, is
 * assessed {@code Succeeded} there; v3.4.0-v3.5.4 store it (no task-result check), from v3.5.5 an incomplete task result stops the
 * pass (every Pod then has a placeholder result). The node's line {@code node changed} {@code new.phase=Succeeded} in the same
 * pass (Info up to v3.6), and the {@code Workflow update successful} that follows it, or an export of the Workflow with the node
 * {@code Succeeded}, record it.
 *
 * @param warning   the warning naming main
 * @param assessed  the node's {@code node changed} to {@code Succeeded} in the warning's pass, or null
 * @param stored    the Workflow's {@code Workflow update successful} that ends that pass, or null
 * @param exported  the latest export of the node, where it shows it {@code Succeeded}, or null
 * @param run       the controller run that logged the warning (null: none known)
 * @param laterRun  the latest export of the node where it shows a later run of it (its {@code startedAt} after the warning: a
 *                  namesake Workflow resubmitted under the name, or {@code argo retry}'s rerun), set aside; or null
 */
public record RunningMainSuccess(LogEvent warning, LogEvent assessed, LogEvent stored, NodeObservation exported, ControllerProcess run,
        NodeObservation laterRun) {

    /** The releases that store the pass-through success: no task-result check in pod reconciliation before v3.5.5. */
    public static final ReleaseRange STORING = new ReleaseRange(ArgoVersion.exact("v3.4.0"), ArgoVersion.exact("v3.5.4"));

    /** What the release says about storing: it does, it does not, or it is not known. */
    public enum Release { STORES, DOES_NOT_STORE, UNKNOWN }

    /**
     * The pass over the Pod's warning for main, where the node came out of it {@code Succeeded} (its {@code node changed} line
     * there, or an export of the node {@code Succeeded} after the warning); empty otherwise.
     *
     * @param nodeLines the node's lines ({@link NodeIndex})
     */
    public static Optional<RunningMainSuccess> of(Correlation correlation, PodHistory pod, List<LogEvent> nodeLines) {
        LogEvent warning = ExecutionOrder.failedUnterminated(pod);
        NodeLink link = pod.link();
        if (warning == null || link == null) {
            return Optional.empty();
        }
        ControllerProcess run = correlation.process(warning);
        WorkflowHistory workflow = correlation.workflow(link.workflow()).orElse(null);
        LogEvent nextPass = null;
        if (workflow != null) {
            // The Workflow's processing lines from its node index (the same lines in the same order as a walk of all its lines
            // keeps): a Pod with the warning reads those, not every line of a Workflow of thousands of Pods.
            nextPass = EventOrder.earliest(correlation.nodes().ofKind(link.workflow(), WorkflowProcessing.class).stream()
                    .filter(e -> e.stream() == warning.stream() && EventOrder.after(e, warning)).toList());
        }
        LogEvent assessed = null;
        for (LogEvent e : EventOrder.inTimeOrder(nodeLines)) {
            if (e.stream() != warning.stream() || !EventOrder.after(e, warning) || (nextPass != null && !EventOrder.before(e, nextPass))) {
                continue;
            }
            if (e.event() instanceof NodeChanged c) {
                assessed = "Succeeded".equals(c.newPhase()) ? e : null;
                break;
            }
            if (e.event() instanceof NodePhaseChanged) {
                break; // a forced change of the node in the pass: not the pod's assessment
            }
        }
        LogEvent stored = null;
        if (assessed != null && workflow != null) {
            LogEvent from = assessed;
            LogEvent limit = nextPass;
            stored = EventOrder.earliest(correlation.nodes().ofKind(link.workflow(), WorkflowUpdated.class).stream()
                    .filter(e -> e.stream() == from.stream() && EventOrder.after(e, from) && (limit == null || EventOrder.before(e, limit))).toList());
        }
        NodeObservation exported = null;
        NodeObservation laterRun = null;
        if (workflow != null) {
            List<NodeObservation> obs = workflow.nodeObservations(link.nodeId()).stream().filter(o -> !pod.ownedByAnother(o.snapshot())).toList();
            NodeObservation latest = obs.isEmpty() ? null : obs.get(obs.size() - 1);
            // After the warning: a time only the export's file states counts past what a user's clock may be off (ObservedAt#after),
            // else the export may show a success recorded before the warning, of a main that had ended.
            ObservedAt taken = latest == null ? null : latest.snapshot().observed();
            boolean afterWarning = latest != null && (taken == null || (taken.statedTime() ? taken.after(warning.time()).known()
                    : !taken.time().isBefore(warning.time())));
            // A node started after the warning is a later run of it: node IDs hash the Workflow's and the node's names, so a
            // namesake Workflow resubmitted under the name (or argo retry's rerun) shows the same node, and its phase says nothing
            // of the pass over the lost Pod (session 39 breaker: a namesake's Succeeded confirmed the finding).
            if (latest != null && latest.node().startedAt() != null && latest.node().startedAt().isAfter(warning.time())) {
                laterRun = latest;
                latest = null;
            }
            // A node that finished before the warning is an earlier run of it (s41 breaker: an argo get of a namesake Workflow run the
            // day before, quoted from status: on with no time of its own, confirmed a success over a container template's lost Pod whose
            // node ended pod deleted). The pass's success is assessed after the warning, and the controller stamps finishedAt on the
            // clock it logs with; the margin leaves a collector's re-stamped log times and the second finishedAt is cut to.
            if (latest != null && finishedBefore(latest.node().finishedAt(), warning)) {
                latest = null;
            }
            exported = latest != null && afterWarning && "Succeeded".equals(latest.node().phase()) ? latest : null;
        }
        if (assessed == null && exported == null) {
            return Optional.empty();
        }
        return Optional.of(new RunningMainSuccess(warning, assessed, stored, exported, run, laterRun));
    }

    /** Past the finishedAt's own window, how much earlier than the warning a node's end must be to be another run's. */
    static final long EARLIER_RUN_MARGIN_NANOS = 2_000_000_000L;

    private static boolean finishedBefore(dev.argoforensics.time.Timestamp finished, LogEvent warning) {
        return finished != null && finished.isBefore(warning.time())
                && finished.nanosUntil(warning.time()) > finished.precision().windowNanos() + EARLIER_RUN_MARGIN_NANOS;
    }

    /** The release of the run that logged the warning, as its start banner (or the user) states it, else as its lines' shapes point. */
    public Release release() {
        String name = run == null ? null : run.releaseName();
        if (name == null || ReleaseRange.beforeFloor(name)) {
            return Release.UNKNOWN; // v2.x, v3.0-v3.3: not read at their tags
        }
        ArgoVersion exact = ArgoVersion.exact(name);
        if (exact != null) {
            return STORING.low().compareTo(exact) <= 0 && exact.compareTo(STORING.high()) <= 0 ? Release.STORES : Release.DOES_NOT_STORE;
        }
        try {
            return ReleaseRange.parse(name).intersect(STORING).isEmpty() ? Release.DOES_NOT_STORE : Release.UNKNOWN;
        } catch (IllegalArgumentException notARelease) {
            return Release.UNKNOWN;
        }
    }

    /** The release's name as the run gives it ({@code v3.5.4}), or null. */
    public String releaseName() {
        return run == null ? null : run.releaseName();
    }

    /**
     * What the warning says of main: still running when the Pod was failed ({@link ExecutionOrder#failedWhileRunning}, the same
     * reading the execution order and AF007 make of it), whether or not anything shows the deletion (v3.4 and v3.5 log none).
     */
    public Execution mainRunning(PodHistory pod) {
        return ExecutionOrder.failedWhileRunning(pod);
    }

    /**
     * An export of the Pod showing main terminated, or null: a terminated container never runs again, so the export and the warning
     * disagree (one of them is not this Pod's) and neither decides.
     */
    public static dev.argoforensics.snapshot.PodSnapshot mainEnded(PodHistory pod) {
        for (dev.argoforensics.snapshot.PodSnapshot s : pod.snapshots()) {
            dev.argoforensics.snapshot.ContainerState main = PodLifecycle.main(s);
            if (main != null && main.terminated()) {
                return s;
            }
        }
        return null;
    }

    /** The warning's container: {@code main}. */
    public String container() {
        return ((Signal) warning.event()).attribute("container");
    }
}
