package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 48: a Workflow deleted while no controller ran ({@code WorkflowAbsent}). The garbage collector deletes its Pod, held
 * by the status finalizer; the controller that comes back releases the Pod from its first listing and never takes the Workflow
 * up, while its workers come round their first-in, first-out queue to another Workflow a second time. AF001 clears the release
 * where nothing could have led unseen between the release and that run (the releasing run itself); where a later run, tied to
 * the releasing one by nothing, came round, the finding stays possible and says what was missing. Controls: the returning run
 * takes the Workflow up late (the #17024 race across a restart), its lines end before its queue came round or too soon after.
 * Real-shaped v4 slog lines (the sample workflow-deleted-while-controller-down's): Workflow {@code billing/invoice-rollup-h3k8d}
 * and its Pod, another Workflow {@code ledger-sync-p2m6w} running throughout.
 */
class WorkflowAbsentTest {
    private static final String W = "invoice-rollup-h3k8d";
    private static final String OTHER = "ledger-sync-p2m6w";

    private static String line(String t, String msg, String fields) {
        return "time=" + t + " level=INFO msg=\"" + msg + "\" " + fields;
    }

    private static String pass(String t, String wf, String phase, String rv) {
        return line(t, "Processing workflow", "component=workflow_worker workflow=" + wf + " namespace=billing phase=" + phase
                + " resourceVersion=" + rv);
    }

    private static String updated(String t, String wf, String phase, String rv) {
        return line(t, "Workflow update successful", "component=workflow_worker namespace=billing workflow=" + wf + " phase=" + phase
                + " resourceVersion=" + rv);
    }

    private static String podEvent(String t, String kind, String pod) {
        return line(t, kind + " pod event", "component=pod_controller pod=" + pod);
    }

    private static String alloc(String t) {
        return "time=\"" + t + "\" level=info msg=\"Alloc=9630 TotalAlloc=29115 Sys=37947 NumGC=8 Goroutines=129\"";
    }

    private static List<String> start(String t, int workers) {
        return List.of(line(t + "27Z", "Leader election is turned off. Running in single-instance mode", ""),
                line(t + "28Z", "starting leading", "id=single-instance"),
                line(t + "29Z", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"),
                line(t + "101Z", "Current Worker Numbers", "cronWorkflowWorkers=8 workflowArchive=8 workflowWorkers=" + workers
                        + " podCleanup=4 workflowTtlWorkers=4"));
    }

    /** The first run: both Workflows submitted, the Pod of {@code W} running; the run is OOM-killed at 14:21:40.512. */
    private static String[] firstRun() {
        List<String> l = new ArrayList<>(start("2026-10-14T14:00:00.", 32));
        l.add(pass("2026-10-14T14:08:30.214Z", OTHER, "\"\"", "48119020"));
        l.add(line("2026-10-14T14:08:30.241Z", "Created pod", "component=workflow_worker namespace=billing workflow=" + OTHER
                + " nodeName=" + OTHER + " nodeID=" + OTHER + " podName=" + OTHER));
        l.add(updated("2026-10-14T14:08:30.252Z", OTHER, "Running", "48119031"));
        l.add(pass("2026-10-14T14:20:01.104Z", W, "\"\"", "48120511"));
        l.add(line("2026-10-14T14:20:01.131Z", "Created pod", "component=workflow_worker namespace=billing workflow=" + W
                + " nodeName=" + W + " nodeID=" + W + " podName=" + W));
        l.add(podEvent("2026-10-14T14:20:01.137Z", "add", W));
        l.add(updated("2026-10-14T14:20:01.142Z", W, "Running", "48120519"));
        l.add(pass("2026-10-14T14:20:11.150Z", W, "Running", "48120519"));
        l.add(line("2026-10-14T14:20:11.154Z", "node phase changed", "component=workflow_worker namespace=billing workflow=" + W
                + " node=" + W + " fromPhase=Pending toPhase=Running"));
        l.add(updated("2026-10-14T14:20:11.171Z", W, "Running", "48120604"));
        l.add(pass("2026-10-14T14:21:11.180Z", W, "Running", "48120604"));
        l.add(podEvent("2026-10-14T14:21:40.512Z", "update", W));
        return l.toArray(String[]::new);
    }

    /** The returning run's first listing: the deleted Pod released at once. */
    private static List<String> release() {
        return List.of(podEvent("2026-10-14T14:38:00.116Z", "add", OTHER), podEvent("2026-10-14T14:38:00.118Z", "add", W),
                line("2026-10-14T14:38:00.118Z", "Removing finalizers during a delete", "component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"),
                line("2026-10-14T14:38:00.118Z", "queuing pod delay", "component=pod_controller podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\""
                        + " delay=-13m48.118s action=removeFinalizer namespace=billing podName=" + W),
                line("2026-10-14T14:38:00.119Z", "queueing pod for cleanup", "component=pod_controller action=removeFinalizer namespace=billing podName=" + W),
                line("2026-10-14T14:38:00.180Z", "cleaning up pod", "component=pod_controller namespace=billing key=billing/" + W
                        + "/removeFinalizer podName=" + W + " action=removeFinalizer"),
                podEvent("2026-10-14T14:38:00.204Z", "delete", W));
    }

    /** The returning run, releasing the Pod, then {@code after} (its workers, where it has any). */
    private static String[] returning(int workers, List<String> after) {
        List<String> l = new ArrayList<>(start("2026-10-14T14:38:00.0", workers));
        l.addAll(release());
        l.addAll(after);
        return l.toArray(String[]::new);
    }

    /** The returning run under election with no workers ({@code --workflow-workers=0}), releasing the Pod. */
    private static String[] zeroWorkers() {
        List<String> l = new ArrayList<>(elected("2026-10-14T14:37:59.900Z", null, "2026-10-14T14:38:00.020Z", "workflow-controller-1", 0));
        l.addAll(release());
        return l.toArray(String[]::new);
    }

    /**
     * The run restarted with its workers, under election: {@code waitedFor} named as the holder before it acquired at 14:41:20 (null:
     * none named, it waited for no one), then {@code after}.
     */
    private static String[] restarted(String waitedFor, List<String> after) {
        List<String> l = new ArrayList<>(elected("2026-10-14T14:41:05.000Z", waitedFor, "2026-10-14T14:41:20.010Z", "workflow-controller-2", 32));
        l.add(podEvent("2026-10-14T14:41:20.116Z", "add", OTHER));
        l.addAll(after);
        return l.toArray(String[]::new);
    }

    /** The other Workflow taken up at 14:41:20.131, again at 14:41:30.140 (the queue came round), lines on to 14:46:30. */
    private static List<String> cameRound() {
        return List.of(pass("2026-10-14T14:41:20.131Z", OTHER, "Running", "48119031"), pass("2026-10-14T14:41:30.140Z", OTHER, "Running", "48119031"),
                alloc("2026-10-14T14:46:20.101Z"), pass("2026-10-14T14:46:30.151Z", OTHER, "Running", "48119031"));
    }

    /** The Pod as {@code kubectl get pod -o yaml} showed it at 14:35:00: Terminating (grace 0, Succeeded), the finalizer on. */
    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata:
              name: invoice-rollup-h3k8d
              namespace: billing
              uid: 3e5a7c9b-1d2f-4b6a-8c0e-2a4c6e8b0d13
              creationTimestamp: "2026-10-14T14:20:01Z"
              deletionGracePeriodSeconds: 0
              deletionTimestamp: "2026-10-14T14:23:05Z"
              finalizers:
              - workflows.argoproj.io/status
              labels:
                workflows.argoproj.io/completed: "false"
                workflows.argoproj.io/workflow: invoice-rollup-h3k8d
              annotations:
                workflows.argoproj.io/node-id: invoice-rollup-h3k8d
                workflows.argoproj.io/node-name: invoice-rollup-h3k8d
              ownerReferences:
              - apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                name: invoice-rollup-h3k8d
                uid: 5b8d0f2a-4c6e-4a1b-9d3f-1a3c5e7b9d24
                controller: true
                blockOwnerDeletion: true
            spec:
              nodeName: ip-10-0-17-41.ec2.internal
              containers:
              - name: wait
              - name: main
            status:
              phase: Succeeded
              conditions:
              - type: Ready
                status: "False"
                reason: PodCompleted
                lastTransitionTime: "2026-10-14T14:22:12Z"
              containerStatuses:
              - name: main
                state:
                  terminated:
                    exitCode: 0
                    reason: Completed
                    startedAt: "2026-10-14T14:20:04Z"
                    finishedAt: "2026-10-14T14:22:10Z"
              - name: wait
                state:
                  terminated:
                    exitCode: 0
                    reason: Completed
                    startedAt: "2026-10-14T14:20:03Z"
                    finishedAt: "2026-10-14T14:22:11Z"
            """;

    private static Evaluation af001(String[]... runs) {
        return af001("2026-10-14T14:35:00Z", POD, runs);
    }

    /** The Pod exported at {@code takenAt} as {@code pod} shows it, beside the runs. */
    private static Evaluation af001(String takenAt, String pod, String[]... runs) {
        Evidence ev = new Evidence();
        for (int i = 0; i < runs.length; i++) {
            ev.log("workflow-controller-" + i + ".log", runs[i]);
        }
        ev.takenAt("pod.yaml", takenAt, pod);
        return new PrematureFinalizerRemoval().evaluate(ev.correlate());
    }

    /** The Pod exported at 14:22:40, its containers ended, before anyone deleted it. */
    private static final String POD_BEFORE_DELETION = POD.replace("  deletionGracePeriodSeconds: 0\n  deletionTimestamp: \"2026-10-14T14:23:05Z\"\n", "");

    private static boolean cleared(Evaluation e, String code) {
        return e.cleared().stream().anyMatch(c -> c.why().toString().contains(code));
    }

    private static String show(Evaluation e) {
        return "findings=" + e.findings().stream().map(f -> f.confidence() + " " + f.reason().code() + " " + f.confidenceReason()).toList()
                + " cleared=" + e.cleared();
    }

    private static List<String> elected(String acquiring, String waitedFor, String acquired, String self, int workers) {
        List<String> l = new ArrayList<>();
        l.add(line(acquiring, "Attempting to acquire leader lease...", "lock=billing/workflow-controller"));
        if (waitedFor != null) {
            l.add(line(acquiring.replace("Z", "1Z"), "new leader", "leader=" + waitedFor));
        }
        l.add(line(acquired, "Successfully acquired lease", "lock=billing/workflow-controller"));
        l.add(line(acquired.replace("Z", "1Z"), "new leader", "leader=" + self));
        l.add(line(acquired.replace("Z", "2Z"), "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"));
        l.add(line(acquired.replace("Z", "3Z"), "Current Worker Numbers", "cronWorkflowWorkers=8 workflowArchive=8 workflowWorkers=" + workers
                + " podCleanup=4 workflowTtlWorkers=4"));
        return l;
    }

    private static String absentWhy(Evaluation e) {
        return e.cleared().stream().filter(c -> c.why().toString().contains("AF001.cleared.workflowAbsent")).findFirst()
                .map(c -> c.why().toString()).orElse("");
    }

    /**
     * #17024's reproduction's shape under leader election as client-go runs it (Argo's {@code ReleaseOnCancel: false}): the
     * controller back with no workers releases the Pod; restarted with its workers, the next run finds the stopped run's record in
     * the Lease, names it as the holder and acquires once the record has not changed for the lease duration. The hand-over ties the
     * two: no run could have led between, and the later run came round its queue without the Workflow: cleared.
     */
    @Test
    void aLaterRunTiedToTheReleasingRunByAHandOverClearsIt() {
        Evaluation e = af001(firstRun(), zeroWorkers(), restarted("workflow-controller-1", cameRound()));
        assertEquals(List.of(), e.findings(), () -> show(e));
        String why = absentWhy(e);
        assertTrue(why.contains("AF001.cleared.absentTied") && why.contains("round=2026-10-14T14:41:30.140Z")
                && why.contains("run=workflow-controller-2.log"), () -> show(e));
    }

    /**
     * The same later run, which names no holder it waited for: nothing ties it to the releasing run (a run whose log was not given
     * could have led between, taken the Workflow up, recorded the loss and completed it). Possible, the reason saying what was missing.
     */
    @Test
    void aLaterRunNothingTiesToTheReleaseOnlyNamesTheAbsence() {
        assertFalse(POD_BEFORE_DELETION.contains("deletionTimestamp"));
        Evaluation e = af001("2026-10-14T14:22:40Z", POD_BEFORE_DELETION, firstRun(), zeroWorkers(), restarted(null, cameRound()));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertEquals("AF001.reason.endsBeforeOutcomeAbsentUntied", e.findings().get(0).reason().code(), () -> show(e));
        String why = e.findings().get(0).confidenceReason().toString();
        assertTrue(why.contains("workflow-controller-2.log") && why.contains("2026-10-14T14:41:30.140Z"), why);
    }

    /** Control (#17024 across a restart): the restarted run takes the Workflow up, late, and finds its Pod missing. */
    @Test
    void aLatePassOfTheWorkflowIsTheRaceNotAnAbsence() {
        List<String> after = List.of(pass("2026-10-14T14:41:20.131Z", OTHER, "Running", "48119031"),
                pass("2026-10-14T14:41:29.700Z", W, "Running", "48120604"),
                line("2026-10-14T14:41:29.702Z", "Workflow pod is missing", "component=workflow_worker namespace=billing workflow=" + W
                        + " nodeName=" + W + " nodePhase=Running recentlyStarted=false"),
                pass("2026-10-14T14:41:30.140Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:46:20.101Z"));
        Evaluation e = af001(firstRun(), zeroWorkers(), restarted("workflow-controller-1", after));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
    }

    /** Control: the restarted run's log ends before its queue came round (the other Workflow taken up once). */
    @Test
    void aLogThatEndsBeforeTheQueueCameRoundDecidesNothing() {
        Evaluation e = af001(firstRun(), zeroWorkers(), restarted("workflow-controller-1",
                List.of(pass("2026-10-14T14:41:20.131Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:46:20.101Z"))));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertFalse(e.findings().get(0).reason().code().contains("Absent"), () -> show(e));
    }

    /** Control: the lines stop 20 s after the queue came round: a worker's pass of the Workflow could still have been on its way. */
    @Test
    void tooFewLinesAfterTheQueueCameRoundDecideNothing() {
        Evaluation e = af001(firstRun(), zeroWorkers(), restarted("workflow-controller-1", List.of(pass("2026-10-14T14:41:20.131Z", OTHER, "Running", "48119031"),
                pass("2026-10-14T14:41:30.140Z", OTHER, "Running", "48119031"), pass("2026-10-14T14:41:50.150Z", OTHER, "Running", "48119031"))));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
    }

    /** The releasing run itself came round without the Workflow (its workers at once): cleared, by passedOver's reading or this. */
    @Test
    void theReleasingRunCameRoundWithoutTheWorkflow() {
        Evaluation e = af001(firstRun(), returning(32, List.of(pass("2026-10-14T14:38:00.131Z", OTHER, "Running", "48119031"),
                pass("2026-10-14T14:38:10.140Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:43:00.101Z"),
                pass("2026-10-14T14:43:10.151Z", OTHER, "Running", "48119031"))));
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertEquals(1, e.cleared().size(), () -> show(e));
    }

    /**
     * Breaker (session 48): the restarted run under a configured {@code initialDelay} (the controller ConfigMap's, for a cluster with
     * mutating webhooks; no v4 line states it). Its Pod listing no longer holds the released Pod, so the Workflow is queued only by
     * the Workflow informer's add, which waits the delay ({@code AddAfter}); the other Workflow's Pod add queues it with the requeue
     * delay ({@code AddRateLimited}, 10 s): first pass 14:41:30.131, its update's requeue another at 14:41:40.140, both before the
     * listing's keys are due (here at 14:51:20, after the log's end). The queue seems to come round without a Workflow that is
     * there. A first pass no sooner after the banner than the requeue delay says nothing of the listing: no clearance.
     */
    @Test
    void aLaterRunWhoseFirstPassCameAfterTheRequeueDelayDecidesNothing() {
        List<String> after = List.of(pass("2026-10-14T14:41:30.131Z", OTHER, "Running", "48119031"),
                updated("2026-10-14T14:41:30.160Z", OTHER, "Running", "48121077"),
                pass("2026-10-14T14:41:40.140Z", OTHER, "Running", "48121077"), alloc("2026-10-14T14:46:20.101Z"),
                pass("2026-10-14T14:46:30.151Z", OTHER, "Running", "48121077"));
        Evaluation e = af001(firstRun(), zeroWorkers(), restarted("workflow-controller-1", after));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertFalse(e.findings().get(0).reason().code().contains("Absent"), () -> show(e));
    }

    /**
     * Breaker control (session 48): the restarted run (v4.0.6: a Running Workflow is still postponed before v4.0.9) takes the
     * Workflow's key up and declines it for the parallelism limit. No {@code Processing workflow} of it, but its postponed line is a
     * line of the Workflow in that run: it was there, so its queue coming round says nothing of an absence.
     */
    @Test
    void aWorkflowPostponedForParallelismIsThereNotAbsent() {
        List<String> after = List.of(pass("2026-10-14T14:41:20.131Z", OTHER, "Running", "48119031"),
                line("2026-10-14T14:41:20.135Z", "Workflow processing has been postponed due to max parallelism limit",
                        "component=workflow_worker workflow=" + W + " namespace=billing key=billing/" + W),
                pass("2026-10-14T14:41:30.140Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:46:20.101Z"),
                pass("2026-10-14T14:46:30.151Z", OTHER, "Running", "48119031"));
        Evaluation e = af001(firstRun(), zeroWorkers(), restarted("workflow-controller-1", after));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
    }

    /**
     * Breaker (session 48): the same tied run whose banner, cut in the excerpt, does not state its requeue delay (every release's
     * does: {@code DEFAULT_REQUEUE_TIME} may have been set to a second). A first pass 121 ms after the banner may then have been a
     * Pod's add: nothing shows the listing was due, no clearance.
     */
    @Test
    void aLaterRunWhoseBannerDoesNotStateTheRequeueDelayDecidesNothing() {
        String[] run = restarted("workflow-controller-1", cameRound());
        for (int i = 0; i < run.length; i++) {
            run[i] = run[i].replace(" defaultRequeueTime=10s", "");
        }
        assertTrue(String.join("\n", run).contains("Starting Workflow Controller") && !String.join("\n", run).contains("defaultRequeueTime"));
        Evaluation e = af001(firstRun(), zeroWorkers(), run);
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
    }

    /** AF003 over the runs, the Pod exported at 14:35:00 (Terminating). */
    private static Evaluation af003(String[]... runs) {
        Evidence ev = new Evidence();
        for (int i = 0; i < runs.length; i++) {
            ev.log("workflow-controller-" + i + ".log", runs[i]);
        }
        ev.takenAt("pod.yaml", "2026-10-14T14:35:00Z", POD);
        return new ReconciliationStalled(RuleSettings.defaults()).evaluate(ev.correlate());
    }

    /** AF003's findings for the Pod of {@code W} (the other Workflow's Pod, listed by the run without workers, is a stall of its own). */
    private static List<Finding> ofW(Evaluation e) {
        return e.findings().stream().filter(f -> f.pod().toString().equals("billing/" + W)).toList();
    }

    private static String af003Show(Evaluation e) {
        return "findings=" + e.findings().stream().map(f -> f.confidence() + " " + f.confidenceReason() + " " + f.facts()).toList()
                + " cleared=" + e.cleared();
    }

    /**
     * Session 49: AF003 on the same shape. The run without workers released the Pod and reconciled nothing; the restarted run, tied
     * to it by the hand-over, came round its queue without the Workflow (WorkflowAbsent): the Workflow was gone when it started, so
     * no stall is claimed past possible, and the reason names that run and where its queue came round, not only the look-alike.
     */
    @Test
    void af003NamesTheAbsenceAndStaysPossible() {
        Evaluation e = af003(firstRun(), zeroWorkers(), restarted("workflow-controller-1", cameRound()));
        assertEquals(1, ofW(e).size(), () -> af003Show(e));
        Finding f = ofW(e).get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), () -> af003Show(e));
        assertTrue(f.confidenceReason().contains("run workflow-controller-2.log #1 (tied to the releasing run by hand-overs of the Lease")
                && f.confidenceReason().contains("came round its first-in, first-out queue at 2026-10-14T14:41:30.140Z"), () -> af003Show(e));
        assertEquals("workflow-controller-2.log #1 at 2026-10-14T14:41:30.140Z", f.fact("workflowAbsentFrom").orElseThrow().value());
        // Nothing ties the later run: still named, as one a run whose log was not given may have preceded.
        Evaluation untied = af003(firstRun(), zeroWorkers(), restarted(null, cameRound()));
        assertTrue(ofW(untied).get(0).confidenceReason().contains("a later run that nothing ties to the releasing run"), () -> af003Show(untied));
        // Busy workers: the releasing run itself came round without it; the stall to the logs' end is named the same way.
        Evaluation busy = af003(firstRun(), returning(32, List.of(pass("2026-10-14T14:38:00.131Z", OTHER, "Running", "48119031"),
                pass("2026-10-14T14:38:10.140Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:43:00.101Z"),
                pass("2026-10-14T14:43:10.151Z", OTHER, "Running", "48119031"))));
        assertEquals(1, ofW(busy).size(), () -> af003Show(busy));
        assertTrue(ofW(busy).stream().allMatch(x -> x.confidence() == Confidence.POSSIBLE
                && x.confidenceReason().contains("(the run that released the Pod) came round")), () -> af003Show(busy));
    }

    /** Control: the restarted run takes the Workflow up late (#17024 across a restart): that pass shows it there, confirmed. */
    @Test
    void af003ConfirmsTheStallWhereTheLaterRunTookTheWorkflowUp() {
        List<String> after = List.of(pass("2026-10-14T14:41:20.131Z", OTHER, "Running", "48119031"),
                pass("2026-10-14T14:41:29.700Z", W, "Running", "48120604"),
                pass("2026-10-14T14:41:30.140Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:46:20.101Z"));
        Evaluation e = af003(firstRun(), zeroWorkers(), restarted("workflow-controller-1", after));
        assertEquals(1, ofW(e).size(), () -> af003Show(e));
        assertEquals(Confidence.CONFIRMED, ofW(e).get(0).confidence(), () -> af003Show(e));
        assertTrue(ofW(e).get(0).fact("workflowAbsentFrom").isEmpty(), () -> af003Show(e));
    }

    /** A pass of {@code wf} in namespace {@code ns}. */
    private static String passIn(String t, String ns, String wf, String rv) {
        return line(t, "Processing workflow", "component=workflow_worker workflow=" + wf + " namespace=" + ns + " phase=Running resourceVersion=" + rv);
    }

    /** updateConfig's line (every release, before the election): the run's managed namespace, empty for every namespace. */
    private static String scopeLine(String t, String managed) {
        return "time=" + t + " level=INFO msg=\"\" executorImage=quay.io/argoproj/argoexec:v4.0.6 executorImagePullPolicy=\"\" managedNamespace="
                + (managed.isEmpty() ? "\"\"" : managed) + " initlessPod=false";
    }

    /** The restarted run, tied by its hand-over, whose workers come round on a Workflow of namespace {@code ns}. */
    private static String[] restartedIn(String ns, String scope) {
        List<String> l = new ArrayList<>();
        if (scope != null) {
            l.add(scopeLine("2026-10-14T14:41:04.900Z", scope));
        }
        l.addAll(List.of(restarted("workflow-controller-1", List.of(passIn("2026-10-14T14:41:20.131Z", ns, "audit-export-q7z4c", "7710211"),
                passIn("2026-10-14T14:41:30.140Z", ns, "audit-export-q7z4c", "7710211"), alloc("2026-10-14T14:46:20.101Z"),
                passIn("2026-10-14T14:46:30.151Z", ns, "audit-export-q7z4c", "7710211")))));
        return l.toArray(String[]::new);
    }

    /**
     * Session 49: the controller brought back with {@code --namespaced} in namespace {@code ops} (its updateConfig line states
     * {@code managedNamespace=ops}): its informers never listed {@code billing}, so its queue coming round without the Workflow says
     * nothing of it. Possible, the reason naming the run's scope.
     */
    @Test
    void aTiedRunWatchingAnotherNamespaceDoesNotClearIt() {
        Evaluation e = af001("2026-10-14T14:22:40Z", POD_BEFORE_DELETION, firstRun(), zeroWorkers(), restartedIn("ops", "ops"));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertEquals("AF001.reason.endsBeforeOutcomeAbsentOutOfScope", e.findings().get(0).reason().code(), () -> show(e));
    }

    /** Session 49: the same run restarted with another instance ID (v4's banner states it): its informers hold only that ID's Workflows. */
    @Test
    void aTiedRunWithAnotherInstanceIdDoesNotClearIt() {
        String[] run = restarted("workflow-controller-1", cameRound());
        for (int i = 0; i < run.length; i++) {
            run[i] = run[i].replace("instanceID=\"\"", "instanceID=team-b");
        }
        assertTrue(String.join("\n", run).contains("instanceID=team-b"));
        Evaluation e = af001("2026-10-14T14:22:40Z", POD_BEFORE_DELETION, firstRun(), zeroWorkers(), run);
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals("AF001.reason.endsBeforeOutcomeAbsentOutOfScope", e.findings().get(0).reason().code(), () -> show(e));
    }

    /**
     * Session 49: the restarted run's workers come round on a Workflow of another namespace, and its lines hold no updateConfig line:
     * it may watch {@code ops} alone. Not cleared; the reason says its scope is not shown.
     */
    @Test
    void aTiedRunWhoseLinesDoNotShowItsNamespaceDecidesNothing() {
        Evaluation e = af001("2026-10-14T14:22:40Z", POD_BEFORE_DELETION, firstRun(), zeroWorkers(), restartedIn("ops", null));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals("AF001.reason.endsBeforeOutcomeAbsentScopeUnshown", e.findings().get(0).reason().code(), () -> show(e));
    }

    /** Session 49, positive: the same run stating {@code managedNamespace} empty (every namespace): its listing held billing. Cleared. */
    @Test
    void aTiedRunWatchingEveryNamespaceClearsIt() {
        Evaluation e = af001(firstRun(), zeroWorkers(), restartedIn("ops", ""));
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(absentWhy(e).contains("AF001.cleared.absentTied"), () -> show(e));
    }

    /**
     * Session 49: the releasing run's banner cut from the excerpt (its instance ID not stated). The later run waited for it on the
     * Lease {@code workflow-controller}, whose name carries the instance ID ({@code workflow-controller-<id>} with one): the two share
     * it, and the later run took up a Workflow of billing. Cleared, as with both banners.
     */
    @Test
    void aHandOverOfTheLeaseShowsTheInstanceIdShared() {
        List<String> z = new ArrayList<>(List.of(zeroWorkers()));
        z.removeIf(l -> l.contains("Starting Workflow Controller"));
        Evaluation e = af001(firstRun(), z.toArray(String[]::new), restarted("workflow-controller-1", cameRound()));
        assertEquals(List.of(), e.findings(), () -> show(e));
        assertTrue(absentWhy(e).contains("AF001.cleared.absentTied"), () -> show(e));
    }

    /**
     * Session 49: a later run nothing ties to the release (it names no holder), watching another namespace: the untied reason would
     * say the Workflow was gone; the scope reason is said instead.
     */
    @Test
    void anUntiedRunWatchingAnotherNamespaceNamesItsScope() {
        String[] run = restartedIn("ops", "ops");
        List<String> l = new ArrayList<>(List.of(run));
        l.removeIf(x -> x.contains("leader=workflow-controller-1"));
        Evaluation e = af001("2026-10-14T14:22:40Z", POD_BEFORE_DELETION, firstRun(), zeroWorkers(), l.toArray(String[]::new));
        assertEquals("", absentWhy(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        assertEquals("AF001.reason.endsBeforeOutcomeAbsentOutOfScope", e.findings().get(0).reason().code(), () -> show(e));
    }

    /** AF001's outcome for the Pod of this key: its findings' confidence and reason, its clearances' reason codes. */
    private static List<String> outcomeOf(Evaluation e, dev.argoforensics.correlate.PodKey key) {
        List<String> out = new ArrayList<>();
        e.findings().stream().filter(f -> key.equals(f.pod())).forEach(f -> out.add(f.confidence() + " " + f.reason().code()));
        e.cleared().stream().filter(c -> key.equals(c.pod())).forEach(c -> out.add("cleared " + c.why().code()));
        return out;
    }

    /**
     * Session 51: the same, from the logs alone (no export gives the Pod's UID), and the Workflow submitted again under its name at
     * 14:50, its first pass creating the Pod again: the lines tell the two Pods apart (the release between the creations). The
     * earlier Pod's outcome should be what it is without the resubmission (cleared: the Workflow absent), as the new Workflow's lines
     * are no pass of the deleted one. Not yet: WorkflowAbsent reads every line of the Workflow's name, the new Workflow's included,
     * so it does not decide, and AF001 stays possible on the earlier Pod (the safe side: never confirmed or likely; the next test
     * holds that). Left for the next session: bound WorkflowAbsent's lines at the pass that created the next Pod, as passedOver is.
     */
    @Test
    void anEarlierLifetimeOfTheNameIsReadByItsOwnLines() {
        List<String> resubmitted = new ArrayList<>(cameRound());
        resubmitted.addAll(List.of(pass("2026-10-14T14:50:00.100Z", W, "\"\"", "48130001"),
                line("2026-10-14T14:50:00.131Z", "Created pod", "component=workflow_worker namespace=billing workflow=" + W + " nodeName=" + W
                        + " nodeID=" + W + " podName=" + W),
                podEvent("2026-10-14T14:50:00.137Z", "add", W), updated("2026-10-14T14:50:00.142Z", W, "Running", "48130010"),
                pass("2026-10-14T14:50:10.151Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:55:00.101Z")));
        Evidence alone = new Evidence();
        Evidence again = new Evidence();
        String[][] before = {firstRun(), zeroWorkers(), restarted("workflow-controller-1", cameRound())};
        String[][] after = {firstRun(), zeroWorkers(), restarted("workflow-controller-1", resubmitted)};
        for (int i = 0; i < before.length; i++) {
            alone.log("workflow-controller-" + i + ".log", before[i]);
            again.log("workflow-controller-" + i + ".log", after[i]);
        }
        dev.argoforensics.correlate.Correlation split = again.correlate();
        dev.argoforensics.correlate.PodKey named = new dev.argoforensics.correlate.PodKey("billing", W);
        assertEquals(List.of(named, named.withLifetime(1)), new java.util.TreeMap<>(split.pods()).keySet().stream().filter(k -> k.name().equals(W)).toList());
        Evaluation one = new PrematureFinalizerRemoval().evaluate(alone.correlate());
        Evaluation two = new PrematureFinalizerRemoval().evaluate(split);
        List<String> expected = outcomeOf(one, named);
        assertFalse(expected.isEmpty(), () -> show(one));
        assertEquals(expected, outcomeOf(two, named.withLifetime(1)), () -> show(one) + " / " + show(two));
        assertEquals(List.of(), outcomeOf(two, named), () -> show(two));
    }

    /**
     * What holds today of the same (the test above, disabled): the earlier Pod of the name, released while its Workflow was deleted,
     * is never more than possible, and the later Pod, never released, has no AF001 outcome.
     */
    @Test
    void anEarlierLifetimeWithTheWorkflowSubmittedAgainStaysPossibleAtMost() {
        List<String> resubmitted = new ArrayList<>(cameRound());
        resubmitted.addAll(List.of(pass("2026-10-14T14:50:00.100Z", W, "\"\"", "48130001"),
                line("2026-10-14T14:50:00.131Z", "Created pod", "component=workflow_worker namespace=billing workflow=" + W + " nodeName=" + W
                        + " nodeID=" + W + " podName=" + W),
                podEvent("2026-10-14T14:50:00.137Z", "add", W), updated("2026-10-14T14:50:00.142Z", W, "Running", "48130010"),
                pass("2026-10-14T14:50:10.151Z", OTHER, "Running", "48119031"), alloc("2026-10-14T14:55:00.101Z")));
        Evidence again = new Evidence();
        String[][] after = {firstRun(), zeroWorkers(), restarted("workflow-controller-1", resubmitted)};
        for (int i = 0; i < after.length; i++) {
            again.log("workflow-controller-" + i + ".log", after[i]);
        }
        Evaluation two = new PrematureFinalizerRemoval().evaluate(again.correlate());
        dev.argoforensics.correlate.PodKey named = new dev.argoforensics.correlate.PodKey("billing", W);
        assertTrue(two.findings().stream().filter(f -> named.withLifetime(1).equals(f.pod())).allMatch(f -> f.confidence() == Confidence.POSSIBLE),
                () -> show(two));
        assertEquals(List.of(), outcomeOf(two, named), () -> show(two));
    }
}
