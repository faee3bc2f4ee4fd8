package dev.argoforensics.testing;

/**
 * v4 slog text lines for one Pod {@code ns/p} whose Workflow {@code p} runs it as its root node,
 * shaped exactly as the reference's section 4 shows them.
 */
public final class V4 {
    private V4() {
    }

    /**
     * A replica taking its Lease (session 57): client-go's attempt and acquisition (v4.1's words, the lock key) and the controller's
     * {@code new leader} naming itself, the lines {@code main.go} logs before {@code Run}'s banner.
     */
    public static String[] acquired(String t, String lease, String identity) {
        return new String[] {"time=" + t + " level=INFO msg=\"Attempting to acquire leader lease...\" lock=" + lease,
                "time=" + t + " level=INFO msg=\"Successfully acquired lease\" lock=" + lease,
                "time=" + t + " level=INFO msg=\"new leader\" leader=" + identity};
    }

    /**
     * A replica standing by for a Lease another holds, then taking it (session 57): the holder named first (client-go reports the
     * record's holder after its first failed try), the acquisition at {@code later} (past the lease duration on its own clock).
     */
    public static String[] handedOver(String t, String later, String lease, String holder, String identity) {
        return new String[] {"time=" + t + " level=INFO msg=\"Attempting to acquire leader lease...\" lock=" + lease,
                "time=" + t + " level=INFO msg=\"new leader\" leader=" + holder,
                "time=" + later + " level=INFO msg=\"Successfully acquired lease\" lock=" + lease,
                "time=" + later + " level=INFO msg=\"new leader\" leader=" + identity};
    }

    /** {@code election} (its lines) put before the run's {@code lines}, as {@code main.go} logs them before {@code Run}. */
    public static java.util.List<String> led(String[] election, java.util.List<String> lines) {
        java.util.List<String> out = new java.util.ArrayList<>(java.util.List.of(election));
        out.addAll(lines);
        return out;
    }

    /** Leader election off ({@code LEADER_ELECTION_DISABLE=true}): {@code main.go}'s two lines before {@code Run}. */
    public static String[] singleInstance(String t) {
        return new String[] {"time=" + t + " level=INFO msg=\"Leader election is turned off. Running in single-instance mode\"",
                "time=" + t + " level=INFO msg=\"starting leading\" id=single-instance"};
    }

    public static String workers(String t, int workflowWorkers) {
        return "time=" + t + " level=INFO msg=\"Current Worker Numbers\" workflowWorkers=" + workflowWorkers
                + " podCleanup=4 workflowTtlWorkers=4 cronWorkflowWorkers=8 workflowArchive=8";
    }

    public static String createdPod(String t) {
        return "time=" + t + " level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns nodeName=p nodeID=p podName=p";
    }

    public static String workflowUpdated(String t, String phase) {
        return "time=" + t + " level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=p namespace=ns resourceVersion=7 phase="
                + phase;
    }

    public static String podEvent(String t, String action) {
        return "time=" + t + " level=INFO msg=\"" + action + " pod event\" component=pod_controller pod=p";
    }

    public static String removingFinalizers(String t) {
        return "time=" + t + " level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]";
    }

    public static String queuingPodDelay(String t, String action, String delay) {
        return "time=" + t + " level=INFO msg=\"queuing pod delay\" component=pod_controller action=" + action
                + " namespace=ns podName=p podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=" + delay;
    }

    public static String queueing(String t, String action) {
        return "time=" + t + " level=INFO msg=\"queueing pod for cleanup\" component=pod_controller namespace=ns podName=p action=" + action;
    }

    public static String cleaningUp(String t, String action) {
        return "time=" + t + " level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/" + action + " action=" + action
                + " namespace=ns podName=p";
    }

    public static String cleanupFailed(String t, String action) {
        return "time=" + t + " level=WARN msg=\"failed to clean-up pod\" component=pod_controller key=ns/p/" + action + " action=" + action
                + " namespace=ns podName=p error=\"Operation cannot be fulfilled on pods \\\"p\\\": the object has been modified\"";
    }

    public static String podMissing(String t) {
        return podMissing(t, "Running", false);
    }

    public static String podMissing(String t, String nodePhase, boolean recentlyStarted) {
        return "time=" + t + " level=INFO msg=\"Workflow pod is missing\" component=workflow_worker workflow=p namespace=ns nodeName=p nodePhase="
                + nodePhase + " recentlyStarted=" + recentlyStarted;
    }

    public static String processing(String t, String phase) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=7";
    }

    /**
     * The Workflow's first pass and its write, as a controller run's log that holds the Workflow from its submission shows it
     * (session 37: without it the lines cannot show the Workflow free of the {@code artifact-gc} finalizer, which only that pass
     * adds and logs).
     */
    public static String[] firstPass() {
        return new String[] {processing("2026-09-19T16:27:10.402Z", "\"\""), workflowUpdated("2026-09-19T16:27:10.448Z", "Running")};
    }

    /**
     * The controller's lines of Pod p created at 16:27:10.431 and deleted while it ran: the informer's delete at 16:40:01.100, the
     * next pass finding the Pod missing and marking its node Error at 16:40:02.
     */
    public static String[] deletedWhileRunning() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:40:01.100Z", "delete"),
            podMissing("2026-09-19T16:40:02.000Z"), markingError("2026-09-19T16:40:02.000Z"), nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error")};
    }

    /** Another Workflow's processing: a controller run that goes on logging. */
    public static String processingOther(String t) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=other namespace=ns phase=Running"
                + " resourceVersion=9";
    }

    public static String taskResultIncomplete(String t) {
        return "time=" + t + " level=DEBUG msg=\"Taskresult of the node not yet completed\" component=workflow_worker workflow=p namespace=ns nodeID=p";
    }

    public static String taskResultForced(String t) {
        return "time=" + t + " level=WARN msg=\"marking its taskResult as completed since aux container did not exit normally\""
                + " component=workflow_worker workflow=p namespace=ns nodeID=p container=wait exitCode=137 reason=OOMKilled";
    }

    public static String queueingAfter(String t, String action, String after) {
        return "time=" + t + " level=INFO msg=\"queueing pod for cleanup after\" component=pod_controller namespace=ns podName=p action="
                + action + " after=" + after;
    }

    public static String cleanupForbidden(String t, String action) {
        return "time=" + t + " level=WARN msg=\"failed to clean-up pod\" component=pod_controller key=ns/p/" + action + " action=" + action
                + " namespace=ns podName=p error=\"pods \\\"p\\\" is forbidden: User \\\"system:serviceaccount:argo:argo\\\" cannot patch"
                + " resource \\\"pods\\\" in API group \\\"\\\" in the namespace \\\"ns\\\"\"";
    }

    public static String workflowUpdated(String t, String phase, String rv) {
        return "time=" + t + " level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=p namespace=ns resourceVersion="
                + rv + " phase=" + phase;
    }

    public static String markingError(String t) {
        return "time=" + t + " level=ERROR msg=\"marking node as error\" component=workflow_worker workflow=p namespace=ns nodeName=p error=\"pod deleted\"";
    }

    public static String nodePhaseChanged(String t, String from, String to) {
        return "time=" + t + " level=INFO msg=\"node phase changed\" component=workflow_worker workflow=p namespace=ns node=p fromPhase=" + from
                + " toPhase=" + to;
    }

    /**
     * The Pod {@code ns/p} exported while its deletion is held by the finalizer: finished long before
     * (grace 0, as the API server gives a terminal Pod) or still running (grace 30).
     */
    public static String podYaml(boolean finished) {
        String state = finished
                ? "      terminated: {exitCode: 0, reason: Completed, startedAt: \"2026-09-19T16:27:14Z\", finishedAt: \"2026-09-19T16:27:44Z\"}\n"
                : "      running: {startedAt: \"2026-09-19T16:27:14Z\"}\n";
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n"
                + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n  deletionTimestamp: \"2026-09-19T16:31:04Z\"\n"
                + "  deletionGracePeriodSeconds: " + (finished ? 0 : 30) + "\n"
                + "  finalizers: [workflows.argoproj.io/status]\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "status:\n  phase: " + (finished ? "Succeeded" : "Running") + "\n"
                + "  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"2026-09-19T16:27:45Z\"}\n"
                + "  - {type: PodReadyToStartContainers, status: \"False\", lastTransitionTime: \"2026-09-19T16:27:47Z\"}\n"
                + "  containerStatuses:\n  - name: main\n    state:\n" + state
                + "  - name: wait\n    state:\n" + state;
    }

    /** A Workflow export with its root Pod node in the given phase. */
    public static String workflowYaml(String phase, String message, String finishedAt) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n"
                + "status:\n  phase: " + phase + "\n  nodes:\n    p:\n      id: p\n      name: p\n      type: Pod\n      templateName: main\n"
                + "      phase: " + phase + "\n      message: \"" + message + "\"\n      startedAt: \"2026-09-19T16:27:10Z\"\n"
                + (finishedAt == null ? "" : "      finishedAt: \"" + finishedAt + "\"\n") + "      taskResultSynced: true\n";
    }

    /**
     * The #17024 race for {@code ns/p}, with a cleanup failure whose error holds {@code hostile} (Go-quoted,
     * as slog writes it) and {@code hostile} again as a line of its own: a log written to attack a report.
     */
    public static String raceWithHostileText(String hostile) {
        return String.join("\n",
                createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:31:11.256Z", "add"),
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                "time=2026-09-19T16:31:11.300Z level=WARN msg=\"failed to clean-up pod\" component=pod_controller key=ns/p/removeFinalizer"
                        + " action=removeFinalizer namespace=ns podName=p error=\"" + hostile.replace("\"", "\\\"") + "\"",
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"),
                hostile, "");
    }
}
