package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.time.GoDuration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 36: AF002 from a controller logging at Info (v3.7+, v4: no {@code Taskresult of the node not yet completed}, no
 * {@code node changed} at Info), where the only sight of the Pod's success is the Workflow's reconciles stopping on an incomplete
 * task result ({@code pod reconciliation didn't complete, will retry}, which names no node), and an export of the Workflow shows
 * the Pod's node as its only unfinished Pod node (AF006's attribution, {@code TaskResultLines.soleStops}). The Pod is then deleted
 * (a user, minutes later), its finalizer released at once, and the node marked {@code pod deleted}: judgment's
 * {@code task-result-pod-deleted}. Before, no finding (nothing said how the containers ended).
 */
class SuccessSeenBySoleStopTest {
    private final SuccessReportedAsError rule = new SuccessReportedAsError();

    /** The Workflow while it ran: its one Pod node Running, its result not synced. */
    private static final String RUNNING = Exports.workflow("Running", "Running", "", null, false, null);
    /** The Workflow after the Pod's deletion: no deletionTimestamp (not deleted in the foreground), the node Error "pod deleted". */
    private static final String ERRORED = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:30Z", true, null);
    /** Another unfinished Pod node beside p: the stops may be that node's. */
    private static final String RUNNING_WITH_SIBLING = RUNNING.replace("      taskResultSynced: false\n", "      taskResultSynced: false\n"
            + "    q:\n      id: q\n      name: q\n      type: Pod\n      templateName: main\n      phase: Running\n"
            + "      startedAt: \"2026-09-19T16:27:12Z\"\n");

    /** Reconciles of p once a minute, 16:{@code from} to 16:{@code to}, each stopping on a result without naming it. */
    private static List<String> stops(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int m = from; m <= to; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            out.add(processing(t + ".100Z", "Running"));
            out.add("time=" + t + ".102Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=p namespace=ns numObjs=1");
            out.add("time=" + t + ".105Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" component=workflow_worker workflow=p namespace=ns");
        }
        return out;
    }

    /** The user's delete at 16:40:30 seen by the controller, the finalizer released at once, the node marked lost. */
    private static List<String> deleted() {
        return List.of(podEvent("2026-09-19T16:40:30.200Z", "update"), removingFinalizers("2026-09-19T16:40:30.201Z"), queuingPodDelay("2026-09-19T16:40:30.201Z", "removeFinalizer", "-13m0s"),
                queueing("2026-09-19T16:40:30.202Z", "removeFinalizer"), cleaningUp("2026-09-19T16:40:30.205Z", "removeFinalizer"),
                podEvent("2026-09-19T16:40:30.230Z", "delete"), processing("2026-09-19T16:40:30.300Z", "Running"),
                podMissing("2026-09-19T16:40:30.301Z"), markingError("2026-09-19T16:40:30.302Z"),
                nodePhaseChanged("2026-09-19T16:40:30.303Z", "Running", "Error"), workflowUpdated("2026-09-19T16:40:30.320Z", "Error"));
    }

    private static List<String> lines(List<String> stops) {
        List<String> out = new ArrayList<>();
        out.add(processing("2026-09-19T16:27:10.100Z", ""));
        out.add(createdPod("2026-09-19T16:27:10.431Z"));
        out.add(podEvent("2026-09-19T16:27:10.440Z", "add"));
        out.addAll(stops);
        out.addAll(deleted());
        return out;
    }

    private Evaluation evaluate(String running, List<String> lines) {
        return rule.evaluate(new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:29:30Z", running)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("c.log", lines.toArray(String[]::new)).correlate());
    }

    @Test
    void stopsGivenToTheOnlyUnfinishedPodNodeBeforeTheDeletionShowTheSuccess() {
        Evaluation e = evaluate(RUNNING, lines(stops(28, 39)));
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals("ns/p", f.pod().toString());
        // The lines alone say the Pod Succeeded (the executor's or the kubelet's own word would confirm the exit codes): likely.
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().startsWith("a Workflow worker's reconcile stopped at 2026-09-19T16:31:00.105Z on a task result not yet"
                + " completed"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("its export at 2026-09-19T16:29:30Z"), f.confidenceReason());
        assertEquals("2026-09-19T16:31:00.105Z", f.fact("seenSucceededAt").orElseThrow().value());
        assertTrue(f.evidence().stream().anyMatch(l -> l.source().toString().equals("wf-running.yaml:1")), () -> f.evidence().toString());
    }

    /** A v4 run's start under Lease argo/workflow-controller as {@code main.go} logs it, then a pass of another Workflow each minute. */
    private static List<String> underLease(String pod, int fromMinute, int toMinute) {
        List<String> out = new ArrayList<>(List.of(
                "time=2026-09-19T16:26:00.000Z level=INFO msg=\"attempting to acquire leader lease argo/workflow-controller...\"",
                "time=2026-09-19T16:26:00.006Z level=INFO msg=\"successfully acquired lease argo/workflow-controller\"",
                "time=2026-09-19T16:26:00.007Z level=INFO msg=\"new leader\" leader=" + pod,
                "time=2026-09-19T16:26:00.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s",
                dev.argoforensics.testing.V4.workers("2026-09-19T16:26:00.100Z", 2)));
        for (int m = fromMinute; m <= toMinute; m++) {
            out.add(dev.argoforensics.testing.V4.processingOther("2026-09-19T16:" + m + ":30.000Z"));
        }
        return out;
    }

    /**
     * Session 58: two clusters' logs given together, each run under its cluster's Lease argo/workflow-controller held at once (one
     * Lease key held twice: two clusters, ConcurrentRuns#apart). Cluster a created Pod p and the user deleted it at 16:40:30; cluster
     * b's own Workflow ns/p stopped its reconciles on an incomplete task result every minute. b's stops are of b's Workflow, whose
     * node is not a's Pod's: they say nothing of how a's containers ended. a's piece holds no pass of ns/p after the Pod's creation
     * (so no two runs wrote of the name at once: PhaseHistory.concurrentStreams leaves b's stops in). Before: likely, a's Pod seen
     * Succeeded at 16:31:00.105 by b's stops (measured with the rule's check taken out).
     * Control: the same stops in a's own log give it (the first test).
     */
    @Test
    void anotherClustersStopsAreNotGivenToThePod() {
        List<String> a = new ArrayList<>(underLease("workflow-controller-5c8e2f7d1-aaaaa", 27, 39));
        a.add(processing("2026-09-19T16:27:10.100Z", ""));
        a.add(createdPod("2026-09-19T16:27:10.431Z"));
        a.add(podEvent("2026-09-19T16:27:10.440Z", "add"));
        a.addAll(deleted().subList(0, 6)); // cluster a's release and the Pod's leaving; its passes after are not in this piece
        a.sort(java.util.Comparator.comparing(l -> l.substring(0, 29)));
        List<String> b = new ArrayList<>(underLease("workflow-controller-7d9f8b6c5d-bbbbb", 27, 41));
        b.addAll(stops(28, 39));
        b.sort(java.util.Comparator.comparing(l -> l.substring(0, 29)));
        Correlation c = new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:29:30Z", RUNNING)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("a.log", a.toArray(String[]::new))
                .log("b.log", b.toArray(String[]::new)).correlate();
        assertTrue(dev.argoforensics.correlate.ConcurrentRuns.of(c).apart(0, 1), () -> c.processes().toString());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }

    /**
     * Negative control: the same stops, but the export shows another unfinished Pod node beside p (a parallel step): the stops may
     * be that node's. Nothing says how p's containers ended, and AF002 says nothing (as before).
     */
    @Test
    void stopsWithAnotherUnfinishedPodNodeInTheExportAreNotGivenToThePod() {
        Evaluation e = evaluate(RUNNING_WITH_SIBLING, lines(stops(28, 39)));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /**
     * An export in the {@code taskResultsCompletionStatus} form (v3.5.3 to v3.7.0) with a second Pod node q beside p: q ended
     * {@code Failed} by the controller's own act while its Pod still ran (here {@code argo stop}: the node marked
     * {@code workflow shutdown with strategy:  Stop}, its containers signalled; p, the exit handler, created next), and its result
     * {@code false} in the map.
     */
    private static String runningBesideStopped(boolean stoppedResultComplete) {
        return RUNNING.replace("      taskResultSynced: false\n", "")
                + "    q:\n      id: q\n      name: q\n      type: Pod\n      templateName: main\n      phase: Failed\n"
                + "      message: \"workflow shutdown with strategy:  Stop\"\n      startedAt: \"2026-09-19T16:20:02Z\"\n"
                + "      finishedAt: \"2026-09-19T16:27:05Z\"\n"
                + "  taskResultsCompletionStatus:\n    p: false\n    q: " + stoppedResultComplete + "\n";
    }

    /**
     * Session 40 breaker. A Pod node the controller fulfilled itself while its Pod ran (a stop, the Workflow's deadline, a daemon's
     * teardown) is not checked again for that: {@code assessNodeStatus} has no guard for a fulfilled node, and
     * {@code podReconciliation} stops on {@code newState.Succeeded() && IsTaskResultIncomplete(node.ID)} for any Pod its informer
     * still holds (v3.5.5, v3.6.10, v3.7.3, v4.0.9 read); the Pod is labelled completed (and leaves the informer) only by
     * {@code queuePodsForCleanup}, which a stopped pass never reaches. So q's Pod ending {@code Succeeded} (main answering the stop's
     * SIGTERM with exit 0) with its result still {@code false} stops the passes, while p, the only unfinished Pod node, runs on.
     * The export states q's result incomplete: the stops may be q's. Before: likely (p seen Succeeded at 16:31:00.105) for a p
     * deleted while it ran.
     */
    @Test
    void stopsWithAFulfilledPodNodeWhoseResultTheExportShowsIncompleteAreNotGivenToThePod() {
        Evaluation e = evaluate(runningBesideStopped(false), lines(stops(28, 39)));
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }

    /**
     * Controls: the same with q's result complete in the map (q cannot stop a pass), and with q marked {@code pod deleted}, its
     * result still {@code false} (the controller marks it so only where its informer holds no Pod for it: nothing left to assess):
     * the stops are p's, likely, as before.
     */
    @Test
    void stopsBesideAFulfilledPodNodeWhoseResultIsCompleteOrWhosePodIsGoneAreStillThePods() {
        Evaluation e = evaluate(runningBesideStopped(true), lines(stops(28, 39)));
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
        String lost = runningBesideStopped(false).replace("      phase: Failed\n      message: \"workflow shutdown with strategy:  Stop\"",
                "      phase: Error\n      message: \"pod deleted\"");
        Evaluation gone = evaluate(lost, lines(stops(28, 39)));
        assertEquals(1, gone.findings().size(), () -> gone.findings() + " " + gone.cleared());
        assertEquals(Confidence.LIKELY, gone.findings().get(0).confidence(), gone.findings().get(0).confidenceReason());
    }

    /**
     * Negative control, the look-alike: the Pod deleted while main ran, main answering SIGTERM with exit 0. The Pod ends Succeeded
     * after the deletion, and its reconciles stop on its result only from then on: a stop after the controller saw the deletion is
     * no success before it, and gives nothing.
     */
    @Test
    void stopsOnlyAfterTheDeletionWasSeenGiveNothing() {
        List<String> lines = new ArrayList<>();
        lines.add(processing("2026-09-19T16:27:10.100Z", ""));
        lines.add(createdPod("2026-09-19T16:27:10.431Z"));
        lines.add(podEvent("2026-09-19T16:27:10.440Z", "add"));
        lines.add(podEvent("2026-09-19T16:40:30.200Z", "update"));
        lines.add(removingFinalizers("2026-09-19T16:40:30.201Z"));
        lines.add(queuingPodDelay("2026-09-19T16:40:30.201Z", "removeFinalizer", "-2m0s"));
        lines.add(queueing("2026-09-19T16:40:30.202Z", "removeFinalizer"));
        for (String s : stops(40, 40)) {
            lines.add(s.replace("16:40:00", "16:40:31"));
        }
        lines.add(podEvent("2026-09-19T16:40:33.000Z", "update"));
        lines.add(cleaningUp("2026-09-19T16:40:33.005Z", "removeFinalizer"));
        lines.add(podEvent("2026-09-19T16:40:33.030Z", "delete"));
        lines.add(processing("2026-09-19T16:40:33.300Z", "Running"));
        lines.add(podMissing("2026-09-19T16:40:33.301Z"));
        lines.add(markingError("2026-09-19T16:40:33.302Z"));
        lines.add(nodePhaseChanged("2026-09-19T16:40:33.303Z", "Running", "Error"));
        lines.add(workflowUpdated("2026-09-19T16:40:33.320Z", "Error"));
        // The export of the running Workflow stated at 16:38:00, and no reconcile between it and the stop: with the stall threshold
        // at 10m (analyze --stall-threshold) the lines count as watched throughout, and the stop is given to p as its only
        // unfinished Pod node; only its coming after the controller saw the deletion keeps it from showing a success.
        Correlation c = new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:38:00Z", RUNNING)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("c.log", lines.toArray(String[]::new)).correlate();
        long tenMinutes = GoDuration.parse("10m");
        WorkflowHistory w = c.workflow(new WorkflowRef("ns", "p")).orElseThrow();
        assertEquals(1, TaskResultLines.of(w).soleStops(w, "p", tenMinutes).size(), "the stop is p's by the export");
        Evaluation e = new SuccessReportedAsError(new RuleSettings(tenMinutes, GoDuration.parse("5m"), GoDuration.parse("10m"))).evaluate(c);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }
    /**
     * Negative control, the look-alike (session 36 recheck): the only unfinished Pod node runs a daemon template. Up to v3.6 the
     * controller assesses a daemon's {@code Failed} Pod as {@code Succeeded} ("ignore pod failure for daemoned steps"), so a stop on
     * its incomplete result follows a main killed or failed with a non-zero exit as well; from v3.7 a daemon's Pod is never
     * assessed {@code Succeeded}, so no stop is its. Either way the stops show no exit 0 of main, and AF002 says nothing from them.
     */
    @Test
    void stopsGivenToADaemonNodeShowNoSuccess() {
        String daemon = "spec:\n  templates:\n  - name: main\n    daemon: true\n    container: {image: redis}\nstatus:\n";
        String running = RUNNING.replaceFirst("status:\n", daemon).replace("      taskResultSynced: false\n",
                "      taskResultSynced: false\n      daemoned: true\n");
        Correlation c = new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:29:30Z", running)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED.replaceFirst("status:\n", daemon))
                .log("c.log", lines(stops(28, 39)).toArray(String[]::new)).correlate();
        WorkflowHistory w = c.workflow(new WorkflowRef("ns", "p")).orElseThrow();
        assertTrue(w.nodeObservations("p").stream().anyMatch(o -> o.node().daemon()), "the export shows p a daemon's node");
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }

    /**
     * Negative control, the look-alike (session 36 recheck): the stops are another run's, read beside this controller's log (another
     * cluster's namesake, or another replica), while this run was not seen processing the Workflow from the Pod's creation to its
     * deletion. Its silence is not filled by the other run's passes, and their stops are not this Pod's success.
     */
    @Test
    void anotherRunsStopsAreNotThePodsSuccess() {
        List<String> own = new ArrayList<>();
        own.add(processing("2026-09-19T16:27:10.100Z", ""));
        own.add(createdPod("2026-09-19T16:27:10.431Z"));
        own.add(podEvent("2026-09-19T16:27:10.440Z", "add"));
        own.addAll(deleted());
        Correlation c = new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:29:30Z", RUNNING)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("c.log", own.toArray(String[]::new))
                .log("other-cluster.log", stops(28, 39).toArray(String[]::new)).correlate();
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }

    /**
     * Session 37: the export of the running Workflow stated at 16:39:50 by a person's clock, which may be a minute off either way:
     * read by its time alone it may have been taken after the deletion (16:40:30), and gives no stop. It shows resourceVersion
     * {@code rv}; the stopped reconciles' {@code Processing workflow} lines name version 7, the copy they worked on.
     */
    private Evaluation statedLate(String rv) {
        String running = RUNNING.replace("metadata: {name: p, namespace: ns, uid: w-1}", "metadata: {name: p, namespace: ns, uid: w-1, resourceVersion: \"" + rv + "\"}");
        assertTrue(running.contains("resourceVersion: \"" + rv + "\""), running);
        List<String> lines = lines(stops(28, 39)).stream().map(l -> l.replace("resourceVersion=7 phase=Error", "resourceVersion=8 phase=Error")).toList();
        return rule.evaluate(new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:39:50Z", running)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("c.log", lines.toArray(String[]::new)).correlate());
    }

    @Test
    void stopsOfReconcilesThatWorkedOnTheExportedCopyAreThePodsWhenTheExportWasTaken() {
        // The reconciles' copy is the export's (version 7): p was its only unfinished Pod node, whenever the export was taken.
        Evaluation e = statedLate("7");
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("2026-09-19T16:28:00.105Z", f.fact("seenSucceededAt").orElseThrow().value());
    }

    /**
     * Negative control: the export shows version 6, a copy older than the one the reconciles worked on (7), and its stated time
     * may be after the deletion: nothing says p was the only unfinished Pod node of the copy they stopped on. No finding.
     */
    @Test
    void stopsOfReconcilesOnAnotherCopyThanTheExportedOneAreNotGivenByIt() {
        Evaluation e = statedLate("6");
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** {@code Processing workflow} of p's copy {@code rv}. */
    private static String processingAt(String t, String phase, String rv) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=" + rv;
    }

    /**
     * Session 37, no export of the running Workflow: its first reconcile (phase "", version 5) creates p and writes version 6;
     * {@code between} follow; then one reconcile a minute, 16:28 to 16:39, on copy {@code rv}, each ending in {@code line}
     * (a stop, or a held line); then the deletion.
     */
    private static List<String> firstPass(List<String> between, String rv, String line) {
        List<String> out = new ArrayList<>();
        out.add(processingAt("2026-09-19T16:27:10.100Z", "", "5"));
        out.add(createdPod("2026-09-19T16:27:10.431Z"));
        out.add(workflowUpdated("2026-09-19T16:27:10.450Z", "Running", "6"));
        out.add(podEvent("2026-09-19T16:27:10.460Z", "add"));
        out.addAll(between);
        for (int m = 28; m <= 39; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            out.add(processingAt(t + ".100Z", "Running", rv));
            out.add("time=" + t + ".102Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=p namespace=ns numObjs=1");
            out.add("time=" + t + ".105Z level=INFO msg=\"" + line + "\" component=workflow_worker workflow=p namespace=ns"
                    + (line.startsWith("leaving") ? " updated.phase=Succeeded" : ""));
        }
        out.addAll(deleted().stream().map(l -> l.replace("resourceVersion=7 phase=Error", "resourceVersion=8 phase=Error")).toList());
        return out;
    }

    private static final String STOP = "pod reconciliation didn't complete, will retry";
    private static final String HELD = "leaving phase un-changed: required outputs are not yet set";

    private Evaluation withoutRunningExport(List<String> lines) {
        return rule.evaluate(new Evidence().takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("c.log", lines.toArray(String[]::new))
                .correlate());
    }

    @Test
    void stopsOnACopyWhoseEveryWriteSinceTheFirstReconcileIsInTheLinesAreTheOnlyPodsCreatedInThem() {
        // Copy 6 is the first reconcile's write, which created p alone: p was its only Pod node, and the stops on it are p's.
        Evaluation e = withoutRunningExport(firstPass(List.of(), "6", STOP));
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("2026-09-19T16:28:00.105Z", f.fact("seenSucceededAt").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("whose every write since its first reconcile at 2026-09-19T16:27:10.100Z is in the same run's"
                + " lines"), f.confidenceReason());
    }

    @Test
    void heldLinesOnSuchACopyAreTheOnlyPodsSightOfSuccessToo() {
        // The pass that keeps a node's phase for its outputs goes on, but it assessed the copy's Pods before creating any.
        Evaluation e = withoutRunningExport(firstPass(List.of(), "6", HELD));
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().startsWith("a Workflow worker assessed a Pod of the Workflow Succeeded at 2026-09-19T16:28:00.105Z"),
                f.confidenceReason());
    }

    /** Negative control: a reconcile of the chain also created q (copy 7): the stops may be q's. Nothing. */
    @Test
    void stopsOnACopyWithAnotherPodCreatedSinceTheFirstReconcileAreNotGiven() {
        List<String> between = List.of(processingAt("2026-09-19T16:27:20.100Z", "Running", "6"),
                "time=2026-09-19T16:27:20.130Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns nodeName=p.q nodeID=p-2255146911 podName=p-q-2255146911",
                workflowUpdated("2026-09-19T16:27:20.150Z", "Running", "7"));
        Evaluation e = withoutRunningExport(firstPass(between, "7", STOP));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /**
     * Negative control: the stops' copy (9) was written by no reconcile in the lines (another writer, a piece of the log
     * missing): what Pod nodes it held is unknown. Nothing; and the same chain with its write in the lines gives the stops.
     */
    @Test
    void stopsOnACopyNoLoggedWriteLeadsToAreNotGiven() {
        Evaluation e = withoutRunningExport(firstPass(List.of(), "9", STOP));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        List<String> written = List.of(processingAt("2026-09-19T16:27:20.100Z", "Running", "6"), workflowUpdated("2026-09-19T16:27:20.150Z", "Running", "9"));
        assertEquals(1, withoutRunningExport(firstPass(written, "9", STOP)).findings().size());
    }

    /**
     * Negative control, the look-alike (session 37 recheck): the chain gives the stops to p, but the lines themselves say p's node
     * runs a daemon ({@code Node became daemoned}, Info, v3.4+, logged when a daemon's Pod is running and ready). Up to v3.6 the
     * controller assesses a daemon's {@code Failed} Pod as {@code Succeeded}, so a stop follows a main that died with a non-zero
     * exit as well: no success. With the same chain and no such line, the stops are given (control).
     */
    @Test
    void stopsOnAChainWhoseLinesShowThePodsNodeDaemonedShowNoSuccess() {
        String daemoned = "time=\"2026-09-19T16:27:20.120Z\" level=info msg=\"Node became daemoned\" namespace=ns nodeId=p workflow=p";
        List<String> written = List.of(processingAt("2026-09-19T16:27:20.100Z", "Running", "6"), daemoned,
                workflowUpdated("2026-09-19T16:27:20.150Z", "Running", "7"));
        Evaluation e = withoutRunningExport(firstPass(written, "7", STOP));
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
        List<String> control = List.of(written.get(0), written.get(2));
        assertEquals(1, withoutRunningExport(firstPass(control, "7", STOP)).findings().size());
    }

    /**
     * Negative control, the look-alike (session 37 recheck): the Workflow's first pass was begun by an earlier run, which created q
     * and ended (OOMKilled, leadership lost) before writing the Workflow; the next run's first pass (phase "" again, the same copy)
     * finds q's Pod already there and skips its creation at Debug, creates p and writes. From that run's lines p looks like the
     * only Pod created since the first reconcile, but q is a Pod node of the copy too, and the stops may be q's. The earlier run's
     * lines of the Workflow are in the evidence (its log read beside): nothing given.
     */
    @Test
    void stopsOnAChainWhoseFirstPassAnEarlierRunBeganAreNotGiven() {
        List<String> earlier = List.of(processingAt("2026-09-19T16:27:05.100Z", "", "5"),
                "time=2026-09-19T16:27:05.130Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns nodeName=p.q nodeID=p-2255146911 podName=p-q-2255146911");
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED)
                .log("c-previous.log", earlier.toArray(String[]::new)).log("c.log", firstPass(List.of(), "6", STOP).toArray(String[]::new))
                .correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }

    /**
     * Session 38: this cluster's run, which never processed copy 7: its first pass (copy 5) creates p and writes 6, and the next
     * line of the Workflow is the deletion's pass (copy 6, writing 8). No stop of its own.
     */
    private static List<String> ownRunWithoutCopy7() {
        List<String> out = new ArrayList<>();
        out.add(processingAt("2026-09-19T16:27:10.100Z", "", "5"));
        out.add(createdPod("2026-09-19T16:27:10.431Z"));
        out.add(workflowUpdated("2026-09-19T16:27:10.450Z", "Running", "6"));
        out.add(podEvent("2026-09-19T16:27:10.460Z", "add"));
        out.addAll(deleted().stream().map(l -> l.replace("resourceVersion=7 phase=Error", "resourceVersion=8 phase=Error")
                .replace("phase=Running resourceVersion=7", "phase=Running resourceVersion=6")).toList());
        return out;
    }

    /**
     * Another installation's run of the same pipeline five hours earlier (its etcd's numbers are its own): with {@code firstPass},
     * its first pass (copy 5) creates a Pod p of its own and is written as 7; then its reconciles of 11:28 to 11:39 stop on copy 7.
     */
    private static List<String> otherInstallationsStops(boolean firstPass) {
        List<String> out = new ArrayList<>();
        if (firstPass) {
            out.add(processingAt("2026-09-19T11:27:10.100Z", "", "5"));
            out.add(createdPod("2026-09-19T11:27:10.431Z"));
            out.add(workflowUpdated("2026-09-19T11:27:10.450Z", "Running", "7"));
        }
        out.addAll(stops(28, 39).stream().map(l -> l.replace("T16:", "T11:")).toList());
        return out;
    }

    private Evaluation besideAnotherInstallation(boolean firstPass) {
        String running = RUNNING.replace("metadata: {name: p, namespace: ns, uid: w-1}", "metadata: {name: p, namespace: ns, uid: w-1, resourceVersion: \"7\"}");
        return rule.evaluate(new Evidence().takenAt("wf-running.yaml", "2026-09-19T16:39:50Z", running)
                .takenAt("wf-after.yaml", "2026-09-19T16:45:00Z", ERRORED).log("c.log", ownRunWithoutCopy7().toArray(String[]::new))
                .log("other-installation.log", otherInstallationsStops(firstPass).toArray(String[]::new)).correlate());
    }

    /**
     * Negative control, the look-alike (session 38): the export shows copy 7 with p its only unfinished Pod node, and another
     * installation's reconciles of five hours before stop on a copy of that number (per etcd, not the world's); the two runs never
     * write about p at the same time. The export holds p's node started at 16:27:10 on the controller's clock: a copy a reconcile
     * worked on at 11:28 holds no node started at 16:27. Not given (before: likely, seen Succeeded at 11:28:00.105).
     */
    @Test
    void anotherInstallationsStopsOnACopyOfTheExportsNumberAtAnotherTimeAreNotThePods() {
        Evaluation e = besideAnotherInstallation(false);
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }

    /**
     * Negative control, the look-alike (session 38): the other installation's own lines show the whole making of the copy its
     * stops worked on (its first pass created its Pod p alone), so its stops are the success of its Pod p; but this Pod p was
     * created at 16:27:10.431, five hours after them: a sight of a Pod Succeeded before the Pod was created is an earlier Pod's of
     * the name (another installation's, a namesake Workflow's, the Pod {@code argo retry} replaced), as the lifecycle reads the
     * Debug sightings. Not given (before: likely).
     */
    @Test
    void anotherInstallationsStopsFromItsOwnFirstPassBeforeThisPodWasCreatedAreNotItsSuccess() {
        Evaluation e = besideAnotherInstallation(true);
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("seenSucceededAt").isPresent()), () -> e.findings().toString());
    }
}
