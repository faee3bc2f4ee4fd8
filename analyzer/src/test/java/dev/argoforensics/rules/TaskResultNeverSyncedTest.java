package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.taskResultForced;
import static dev.argoforensics.testing.V4.taskResultIncomplete;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.V4;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** AF006: a task result still not synced long after the Pod finished; and results pending briefly, or completed by the controller. */
class TaskResultNeverSyncedTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static final String FINISHED_POD = Exports.Pod.of().phase("Succeeded")
            .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:45Z").yaml();
    private static final String UNSYNCED = Exports.workflow("Running", "Running", "", null, false, null);

    /**
     * Session 58: a kubelet Event of Pod p near its finish, stored a second after its node stamped it: its node's clock in step, so the
     * finish (the node's time) orders against the exports' times by that bound, not by the node's minute alone (at most likely).
     */
    private static final String NODE_IN_STEP = Exports.Event.of("Unhealthy", "2026-09-19T16:27:40Z").storedAt("2026-09-19T16:27:41Z")
            .message("Readiness probe failed: connection refused").from("kubelet", "ip-10-0-12-34.ec2.internal").yaml();

    /** The Workflow export not synced, with a time of its own (a label set then, on the API server's clock). */
    private static String unsyncedLabelledAt(String at) {
        return UNSYNCED.replace("uid: w-1}", "uid: w-1, managedFields: [{manager: kubectl-label, operation: Update, time: \"" + at + "\"}]}");
    }

    /** The task result labelled "false", with a time of its own (a label set then). */
    private static String pendingResultLabelledAt(String at) {
        return Exports.taskResult("false", null).replace("  labels:\n", "  managedFields: [{manager: kubectl-label, operation: Update, time: \""
                + at + "\"}]\n  labels:\n");
    }

    @Test
    void theWorkflowAndTheTaskResultAgreeingLongAfterThePodFinishedIsConfirmed() {
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:28:00Z", FINISHED_POD)
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", unsyncedLabelledAt("2026-09-19T16:50:00Z"))
                .takenAt("tr.yaml", "2026-09-19T16:55:01Z", pendingResultLabelledAt("2026-09-19T16:50:00Z")).object("events.yaml", NODE_IN_STEP)
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF006", f.rule());
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals("2026-09-19T16:27:45Z", f.fact("podFinishedAt").orElseThrow().value());
        assertEquals("2026-09-19T16:55:01Z", f.fact("pendingAt").orElseThrow().value());
        assertEquals("27m16s", f.fact("pendingFor").orElseThrow().value());
        assertEquals("the exported Workflow, the exported WorkflowTaskResult", f.fact("pendingIn").orElseThrow().value());
        assertEquals("exit 0", f.fact("waitContainer").orElseThrow().value());
        assertEquals(List.of("wf.yaml:1", "tr.yaml:1", "pod.yaml:1"), f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    /**
     * Session 32: the Workflow and the task result agree, but only the times their files state (a user's clock) put them after the
     * Pod finished: likely, said why (it was confirmed). With one of them dated by its own time, still likely: two sources agree
     * only where both are shown after the finish. Negative control above: both dated by their own times, confirmed.
     */
    @Test
    void exportsAfterThePodFinishedOnlyByTheirStatedTimesDoNotConfirm() {
        for (String wf : List.of(UNSYNCED, unsyncedLabelledAt("2026-09-19T16:50:00Z"))) {
            Finding f = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:28:00Z", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:55:00Z", wf)
                    .takenAt("tr.yaml", "2026-09-19T16:55:01Z", Exports.taskResult("false", null)).correlate()).findings().get(0);
            assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
            assertTrue(f.confidenceReason().endsWith("but only the time an export's file states (the clock of whoever took it, unchecked from above, "
                    + "which may be off by 1m0s) puts it after the Pod finished, so it does not confirm"), f.confidenceReason());
            assertEquals("27m16s", f.fact("pendingFor").orElseThrow().value());
        }
    }

    /**
     * Session 32: the only view of the result pending is an export its file states was taken 10m30s after the Pod finished, 30 s
     * past the threshold (10m), within what a user's clock may be off: it does not show the result pending past it (it was
     * possible). Negative control: 12 min after, reported.
     */
    @Test
    void aStatedExportTimeWithinAUsersClockOfTheThresholdShowsNothingPastIt() {
        Evaluation near = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:38:15Z", UNSYNCED).correlate());
        assertTrue(near.findings().isEmpty(), near.findings().toString());
        assertTrue(near.cleared().get(0).reason().startsWith("the task result was seen pending 10m30s after the Pod finished by an export its file "
                + "states was taken at 2026-09-19T16:38:15Z"), near.cleared().toString());
        Finding far = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:39:45Z", UNSYNCED).correlate())
                .findings().get(0);
        assertEquals("12m0s", far.fact("pendingFor").orElseThrow().value(), "reported, as the export alone allows");
    }

    @Test
    void aWaitContainerThatWasOomKilledIsCalledOut() {
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 137, "OOMKilled", "2026-09-19T16:27:46Z").yaml();
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", pod).takenAt("wf.yaml", "2026-09-19T16:55:00Z", UNSYNCED).correlate())
                .findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("exit 137 (OOMKilled)", f.fact("waitContainer").orElseThrow().value());
        assertTrue(f.explanation().contains("The wait container exited 137 (OOMKilled) at 2026-09-19T16:27:46Z"), f.explanation());
        assertTrue(f.summary().endsWith("; its wait container exited 137 (OOMKilled)."), f.summary());
    }

    /**
     * Session 41 breaker: the executor's label alone, after a wait container that exited 137: from v3.5.11 the controller marks such
     * a result completed itself in the Workflow's status and leaves the label "false" (samples/task-result-never-synced's
     * {@code archive}), so the label does not show the controller still waiting. It was likely; now possible, saying what would
     * decide. Controls: the same label after wait exit 0 stays likely; the Workflow's own flag after the OOMKill (above) stays likely.
     */
    @Test
    void theLabelAloneAfterAWaitContainerThatExitedNonZeroDoesNotShowTheControllerWaiting() {
        String oomKilled = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 137, "OOMKilled", "2026-09-19T16:27:46Z").yaml();
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", oomKilled).takenAt("tr.yaml", "2026-09-19T16:55:01Z",
                pendingResultLabelledAt("2026-09-19T16:50:00Z")).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("its wait container exited 137 (OOMKilled): from v3.5.11 the controller marks such a node's "
                + "result completed itself"), f.confidenceReason());
        Finding control = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("tr.yaml", "2026-09-19T16:55:01Z",
                pendingResultLabelledAt("2026-09-19T16:50:00Z")).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, control.confidence(), control.confidenceReason());
    }

    @Test
    void aResultPendingBrieflyAfterThePodFinishedIsClearedAsWithinTheThreshold() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .takenAt("tr.yaml", "2026-09-19T16:28:05Z", Exports.taskResult("false", null)).log("c.log", createdPod("2026-09-19T16:27:10.431Z"))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("the task result was still pending 20s after the Pod finished, within the threshold of 10m0s", e.cleared().get(0).reason());
    }

    @Test
    void theControllerCompletingTheResultItselfWithinTheThresholdClearsIt() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), taskResultIncomplete("2026-09-19T16:27:50.000Z"),
                        taskResultIncomplete("2026-09-19T16:33:00.000Z"), taskResultForced("2026-09-19T16:33:00.100Z"))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("the controller marked it complete itself"), e.cleared().get(0).reason());
    }

    @Test
    void aResultPendingPastTheThresholdIsReportedThoughTheControllerCompletedItLater() {
        // Seen not synced 12m after the Pod finished, then completed by the controller, not by the executor's report: the node
        // was held back past the threshold and its outputs never came. Reported, with how it ended.
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), taskResultIncomplete("2026-09-19T16:27:50.000Z"),
                        taskResultIncomplete("2026-09-19T16:40:00.000Z"), taskResultForced("2026-09-19T16:40:00.100Z"))
                .correlate());
        Finding f = e.findings().get(0);
        assertTrue(f.summary().contains("It settled only after that, at 2026-09-19T16:40:00.100Z: the controller marked it complete itself"),
                f.summary());
        assertEquals("2026-09-19T16:40:00.100Z", f.fact("settledAt").orElseThrow().value());
        assertTrue(f.evidence().stream().anyMatch(l -> "settled after the threshold".equals(l.role()) && l.source().toString().equals("c.log:4")),
                () -> f.evidence().toString());
    }

    @Test
    void theControllersDebugLinesAloneArePossible() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                taskResultIncomplete("2026-09-19T16:27:50.000Z"), taskResultIncomplete("2026-09-19T16:33:50.000Z"),
                taskResultIncomplete("2026-09-19T16:39:50.000Z")).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("12m0s", f.fact("pendingFor").orElseThrow().value());
        assertEquals("Not synced for at least", f.fact("pendingFor").orElseThrow().label());
        assertEquals(List.of("c.log:2", "c.log:4"), f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    @Test
    void theCompletionStatusMapOfOlderReleasesCountsToo() {
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", Exports.workflow("Running", "Running", "", null, null, false)).correlate())
                .findings().get(0);
        assertTrue(f.explanation().contains("taskResultsCompletionStatus false at 2026-09-19T16:55:00Z"), f.explanation());
    }

    // ---- a Pod that had not finished: its result is not synced while it runs, and its node is Running either way ----

    private static final String RUNNING_POD = Exports.Pod.of().phase("Running").running("main").running("wait").yaml();

    @Test
    void aPodExportedRunningAfterTheLastUnsyncedViewClearsIt() {
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf-1.yaml", "2026-09-19T16:28:00Z", UNSYNCED)
                .takenAt("wf-2.yaml", "2026-09-19T16:55:00Z", UNSYNCED).takenAt("pod.yaml", "2026-09-19T16:55:02Z", RUNNING_POD).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size());
        String reason = e.cleared().get(0).reason();
        assertTrue(reason.startsWith("Pod ns/p had not finished: an export of the Pod shows it Running (main running, wait running) at "
                + "2026-09-19T16:55:02Z, at or after the last view of its result not synced (2026-09-19T16:55:00Z)"), reason);
        assertEquals("pod.yaml:1", e.cleared().get(0).evidence().toString());
    }

    /**
     * Session 32: the controller waited for the result from 16:28 to 16:55 (Debug lines), and an export of the Pod its file states
     * was taken at 16:54:30 shows it running. A user's clock may be off by 60 s: the Pod may have run at 16:55, so nothing shows the
     * result pending after it finished (it was reported: the stated time read as exact put the running Pod before the last
     * wait). Negative control: the same export stated at 16:53:00, more than 60 s before.
     */
    @Test
    void aPodExportedRunningWithinAUsersClockOfTheLastWaitClearsIt() {
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"), taskResultIncomplete("2026-09-19T16:28:00.000Z"),
            taskResultIncomplete("2026-09-19T16:41:30.000Z"), taskResultIncomplete("2026-09-19T16:55:00.000Z")};
        Evaluation near = rule.evaluate(new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:54:30Z", RUNNING_POD).correlate());
        assertTrue(near.findings().isEmpty(), () -> near.findings().toString());
        assertTrue(near.cleared().get(0).reason().startsWith("Pod ns/p had not finished: an export of the Pod shows it Running (main running, "
                + "wait running) at 2026-09-19T16:54:30Z, a time its file states (the clock of whoever took it, which may be off by 1m0s), so "
                + "possibly at or after the last view"), near.cleared().get(0).reason());
        Evaluation far = rule.evaluate(new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:53:00Z", RUNNING_POD).correlate());
        assertEquals(1, far.findings().size(), () -> far.cleared().toString());
    }

    @Test
    void aSucceededPodWhoseNodeTheExportStillShowsRunningStillFires() {
        // The stuck case itself: the reconcile stops before storing the Pod's Succeeded, so the node stays Running.
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf-1.yaml", "2026-09-19T16:20:00Z", UNSYNCED)
                .takenAt("pod.yaml", "2026-09-19T16:40:00Z", FINISHED_POD).takenAt("wf-2.yaml", "2026-09-19T16:55:00Z", UNSYNCED).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("2026-09-19T16:27:45Z", f.fact("podFinishedAt").orElseThrow().value());
        assertEquals("27m15s", f.fact("pendingFor").orElseThrow().value());
    }

    @Test
    void aPodExportedRunningBeforeItFinishedDoesNotClearIt() {
        Evaluation e = rule.evaluate(new Evidence().takenAt("pod-1.yaml", "2026-09-19T16:20:00Z", RUNNING_POD)
                .takenAt("pod-2.yaml", "2026-09-19T16:40:00Z", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:55:00Z", UNSYNCED).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
    }

    @Test
    void nothingShowingThePodFinishedClearsItSayingWhatWouldSettleIt() {
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf-1.yaml", "2026-09-19T16:28:00Z", UNSYNCED)
                .takenAt("wf-2.yaml", "2026-09-19T16:55:00Z", UNSYNCED)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), V4.processing("2026-09-19T16:47:10.100Z", "Running"))
                .correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        String reason = e.cleared().get(0).reason();
        assertEquals("nothing shows Pod ns/p finished: the exported Workflow (taskResultSynced: false) says the result was not "
                + "synced, which is so for every Pod still running (the node stays Running in the exported Workflow either way); an export "
                + "of the Pod (its containers' states) or the controller's lines about it after 2026-09-19T16:55:00Z would settle it", reason);
    }

    /**
     * Session 33: the clearance says the Workflow was exported completed (Failed) before the last view of its result not synced only
     * where the two exports' stated times order them whatever their takers' clocks: wf-2 stated 30 s before the task result's export
     * may have been taken after it (each may be off by 60 s), and the clearance says nothing of it (it did). Negative control: wf-2
     * stated at 16:50:00, 5 min before: said.
     */
    @Test
    void aWorkflowExportedCompletedWithinAUsersClockOfTheLastViewIsNotSaidToComeBeforeIt() {
        String failed = Exports.workflow("Failed", "Failed", "Pod was active on the node longer than the specified deadline", null, false, null);
        java.util.function.Function<String, String> reason = at -> {
            Evaluation e = rule.evaluate(new Evidence().takenAt("wf-1.yaml", "2026-09-19T16:28:00Z", UNSYNCED).takenAt("wf-2.yaml", at, failed)
                    .takenAt("tr.yaml", "2026-09-19T16:55:00Z", Exports.taskResult("false", null))
                    .log("c.log", createdPod("2026-09-19T16:27:10.431Z")).correlate());
            assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
            return e.cleared().get(0).reason();
        };
        String near = reason.apply("2026-09-19T16:54:30Z");
        assertTrue(near.startsWith("nothing shows Pod ns/p finished"), near);
        assertFalse(near.contains("exported completed"), near);
        String far = reason.apply("2026-09-19T16:50:00Z");
        assertTrue(far.contains("; the Workflow was exported completed (Failed), after which the controller updates none "
                + "of its nodes"), far);
    }

    @Test
    void theControllersReadingOfThePodRunningAfterTheLastViewClearsIt() {
        String running = "time=\"2026-09-19T16:56:00.100Z\" level=info msg=\"node changed\" namespace=ns new.message= new.phase=Running "
                + "new.progress=0/1 nodeID=p old.message= old.phase=Pending old.progress=0/1 workflow=p";
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf-1.yaml", "2026-09-19T16:28:00Z", UNSYNCED)
                .takenAt("wf-2.yaml", "2026-09-19T16:55:00Z", UNSYNCED).log("c.log", createdPod("2026-09-19T16:27:10.431Z"), running).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("had not finished: the controller read the Pod Running (node changed from Pending to "
                + "Running) at 2026-09-19T16:56:00.100Z"), e.cleared().get(0).reason());
    }

    @Test
    void infoStopsOfTheWorkflowShowItsOnlyUnfinishedPodFinished() {
        // v3.7+ at Info: the stops name no node, but the Workflow has no other Pod node they could be about.
        List<String> lines = new ArrayList<>(List.of(createdPod("2026-09-19T16:27:10.431Z")));
        for (int m = 30; m <= 54; m += 4) {
            String t = "2026-09-19T16:" + m + ":00.1";
            lines.add(V4.processing(t + "00Z", "Running"));
            lines.add("time=" + t + "05Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" component=workflow_worker "
                    + "workflow=p namespace=ns");
        }
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf-1.yaml", "2026-09-19T16:28:00Z", UNSYNCED)
                .takenAt("wf-2.yaml", "2026-09-19T16:55:00Z", UNSYNCED).log("c.log", lines.toArray(String[]::new)).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals("p", e.findings().get(0).node().id());
    }

    // ---- from the controller's lines alone (issue #14): Workflow "w" in "ns", node "w-1180342716", no line names its Pod ----

    private static final String NODE = "w-1180342716";

    /** One v3 (logrus text) reconcile that stops on the node's incomplete result; the Debug lines only when asked. */
    private static List<String> stopped(String hhmmss, boolean debug, boolean nodeChangedAtInfo) {
        List<String> out = new ArrayList<>();
        String t = "2026-10-03T" + hhmmss;
        out.add("time=\"" + t + ".100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=9912001 namespace=ns workflow=w");
        out.add("time=\"" + t + ".102Z\" level=info msg=\"Task-result reconciliation\" namespace=ns numObjs=1 workflow=w");
        if (nodeChangedAtInfo || debug) {
            out.add("time=\"" + t + ".103Z\" level=" + (debug ? "debug" : "info") + " msg=\"node changed\" namespace=ns new.message= "
                    + "new.phase=Succeeded new.progress=1/1 nodeID=" + NODE + " old.message= old.phase=Running old.progress=0/1 workflow=w");
        }
        if (debug) {
            out.add("time=\"" + t + ".104Z\" level=debug msg=\"Taskresult of the node not yet completed\" namespace=ns nodeID=" + NODE + " workflow=w");
        }
        out.add("time=\"" + t + ".105Z\" level=info msg=\"pod reconciliation didn't complete, will retry\" namespace=ns workflow=w");
        return out;
    }

    /** Stopped reconciles once a minute from 02:10 for the given number of minutes. */
    private static List<String> stoppedEveryMinute(int minutes, boolean debug, boolean nodeChangedAtInfo) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i <= minutes; i++) {
            out.addAll(stopped(String.format("%02d:%02d:00", 2 + (10 + i) / 60, (10 + i) % 60), debug, nodeChangedAtInfo));
        }
        return out;
    }

    private static String v3(String hhmmssms, String level, String msg, String keys) {
        return "time=\"2026-10-03T" + hhmmssms + "Z\" level=" + level + " msg=\"" + msg + "\" " + keys;
    }

    private Evaluation logsOnly(List<String> lines) {
        return rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).correlate());
    }

    @Test
    void aWorkflowHeldBackReconcileAfterReconcileAtInfoLevelIsFoundThoughNoLineNamesTheNodeOrItsPod() {
        Evaluation e = logsOnly(stoppedEveryMinute(40, false, false));
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals(null, f.node());
        assertEquals("ns/w", f.workflow().toString());
        assertEquals(null, f.pod(), "no line names the Pod: the finding is about the Workflow");
        assertEquals("40m0s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("Taskresult of the node not yet completed"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("would settle it"), f.confidenceReason());
        assertTrue(f.summary().startsWith("A task result of Workflow ns/w was still not synced"), f.summary());
    }

    @Test
    void v36InfoLinesNameTheNodeAndAreLikelyWhenTheControllerKeptLooking() {
        Evaluation e = logsOnly(stoppedEveryMinute(15, false, true));
        Finding f = e.findings().get(0);
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(NODE, f.node().id());
        assertEquals("16", f.fact("reconciles").orElseThrow().value());
        assertEquals("1m0s", f.fact("longestUnprocessed").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("its Debug lines, where a completion would show, are not in the logs"), f.confidenceReason());
        assertTrue(f.explanation().contains("\"pod reconciliation didn't complete, will retry, after node changed to Succeeded\" 16 times"),
                f.explanation());
    }

    @Test
    void debugLinesWithTheControllerLookingAtEveryReconcileAreLikely() {
        Finding f = logsOnly(stoppedEveryMinute(12, true, false)).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(NODE, f.node().id());
        assertEquals(null, f.pod(), "no line names the Pod: the finding is about its node");
        assertEquals("w-1180342716", f.node().id());
        assertEquals("12m0s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.confidenceReason().startsWith("only the controller's lines show it, at each of its 13 reconciles"), f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(l -> "the reconcile stops on it; the Workflow is requeued".equals(l.role())));
    }

    @Test
    void aStretchWithoutProcessingLongerThanTheStallThresholdIsOnlyPossible() {
        List<String> lines = new ArrayList<>(stopped("02:10:00", true, false));
        lines.addAll(stopped("02:11:00", true, false));
        lines.addAll(stopped("02:40:00", true, false));
        Finding f = logsOnly(lines).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().startsWith("the controller was not seen processing the Workflow from 2026-10-03T02:11:00.100Z to "
                + "2026-10-03T02:40:00.100Z (29m0s, longer than the stall threshold of 2m0s)"), f.confidenceReason());
    }

    /**
     * Session 36 breaker: another cluster's controller log read beside this one's, its own Workflow of the same name processed every
     * minute through this controller's silent stretch. Its reconciles say nothing of whether this controller kept looking; before,
     * they filled the gap and the finding was likely. The control: the same reconciles logged by a run that took over after this one
     * (a restart, a hand-over) fill it.
     */
    @Test
    void anotherRunsReconcilesAtTheSameTimeDoNotFillTheWaitingControllersGap() {
        List<String> lines = new ArrayList<>(stopped("02:10:00", true, false));
        lines.addAll(stopped("02:11:00", true, false));
        lines.addAll(stopped("02:40:00", true, false));
        List<String> other = new ArrayList<>();
        for (int m = 5; m <= 45; m++) {
            other.add(v3(String.format("02:%02d:20.300", m), "info", "Processing workflow",
                    "Phase=Running ResourceVersion=" + (7700000 + m) + " namespace=ns workflow=w"));
        }
        Finding f = rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).log("other-cluster.log", other.toArray(String[]::new))
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().startsWith("the controller was not seen processing the Workflow from 2026-10-03T02:11:00.100Z"),
                f.confidenceReason());
        // The control: a run one after the other, processing from 02:11:30 on, after this run's last line about the Workflow.
        List<String> first = new ArrayList<>(stopped("02:10:00", true, false));
        first.addAll(stopped("02:11:00", true, false));
        List<String> next = new ArrayList<>();
        for (int m = 12; m <= 39; m++) {
            next.add(v3(String.format("02:%02d:20.300", m), "info", "Processing workflow",
                    "Phase=Running ResourceVersion=" + (7700000 + m) + " namespace=ns workflow=w"));
        }
        next.addAll(stopped("02:40:00", true, false));
        Finding handedOver = rule.evaluate(new Evidence().log("c.log", first.toArray(String[]::new)).log("next.log", next.toArray(String[]::new))
                .correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, handedOver.confidence(), handedOver.confidenceReason());
    }

    @Test
    void aReconcileThatGoesPastThePodsPastTheThresholdIsReportedAsSettledLate() {
        List<String> lines = new ArrayList<>(stoppedEveryMinute(12, false, false));
        lines.add(v3("02:23:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:23:00.102", "info", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=w"));
        lines.add(v3("02:23:00.140", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9912050 workflow=w"));
        lines.add(v3("02:23:10.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912050 namespace=ns workflow=w"));
        Finding f = logsOnly(lines).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), "the lines do not say whose result");
        assertEquals("12m0s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.summary().endsWith("It settled only after that, at 2026-10-03T02:23:00.100Z: the controller's next reconcile went past the Pods "
                + "without stopping on a task result."), f.summary());
    }

    @Test
    void aReconcileThatGoesPastThePodsAfterwardsSettlesIt() {
        List<String> lines = new ArrayList<>(stoppedEveryMinute(8, false, false));
        lines.add(v3("02:23:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:23:00.102", "info", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=w"));
        lines.add(v3("02:23:00.140", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9912050 workflow=w"));
        lines.add(v3("02:23:10.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912050 namespace=ns workflow=w"));
        Evaluation e = logsOnly(lines);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().endsWith("the controller's next reconcile went past the Pods without stopping on a task result"),
                e.cleared().get(0).reason());
    }

    @Test
    void aReconcileCutOffByTheEndOfTheLogsSettlesNothing() {
        List<String> lines = new ArrayList<>(stoppedEveryMinute(12, false, false));
        lines.add(v3("02:23:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:23:00.102", "info", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=w"));
        assertEquals(1, logsOnly(lines).findings().size());
    }

    @Test
    void releasesThatNeverStopOnAResultAreNotSettledByTheirReconciles() {
        // v3.5.3/v3.5.4: taskResultsCompletionStatus exists, the reconcile does not stop on it; reconciles after the export settle nothing.
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), V4.processing("2026-09-19T17:00:00.100Z", "Running"),
                        "time=2026-09-19T17:00:00.102Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=p namespace=ns numObjs=1",
                        V4.processing("2026-09-19T17:00:10.100Z", "Running"))
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", Exports.workflow("Running", "Running", "", null, null, false)).correlate());
        assertEquals(1, e.findings().size(), "not settled by the reconciles after the export");
        // No Workflow worker looked at the Workflow between the Pod's end (16:27:44) and the export (16:55): the export's
        // taskResultSynced=false may be the controller's lag, so the finding stays possible (race-logs-end in the benchmark).
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).confidenceReason().contains("controller's own flag"), e.findings().get(0).confidenceReason());
    }

    // ---- session 35: an export dated at the controller's write, its status read again by later passes of the same version ----

    /** v3.5.4's data template: the node Succeeded, its result false in the completion map, the export at resourceVersion 5001. */
    private static final String DATA_HANG = Exports.workflow("Running", "Succeeded", "", "2026-09-19T16:27:45Z", null, false)
            .replace("uid: w-1}", "uid: w-1, resourceVersion: \"5001\"}");

    private static String v354(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String processed(String t, String rv) {
        return v354(t, "Processing workflow", "Phase=Running ResourceVersion=" + rv + " namespace=ns workflow=p");
    }

    private static String created() {
        return v354("16:27:10.200", "Created pod: p (p)", "namespace=ns workflow=p");
    }

    private static String updated(String t, String rv) {
        return v354(t, "Workflow update successful", "namespace=ns phase=Running resourceVersion=" + rv + " workflow=p");
    }

    @Test
    void laterPassesOverTheExportsResourceVersionShowItsStatusStillStood() {
        // Seed 2's feature-build-vza3n, reduced: the export has no time of its own and is placed at the write of 5001, seconds
        // after the step; the 20-minute resyncs read 5001 again, so its completion map still said false 40 minutes on.
        Evaluation e = rule.evaluate(new Evidence().log("c.log", processed("16:27:10.100", "4990"), created(), updated("16:27:46.100", "5001"),
                processed("16:47:46.200", "5001"), processed("17:07:46.200", "5001")).workflow("wf.json", DATA_HANG).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        // The last pass of 5001 begins over a status it may be about to change: the one before it, followed by another of 5001, counts.
        assertEquals("2026-09-19T16:47:46.200Z", f.fact("pendingAt").orElseThrow().value());
        assertTrue(f.explanation().contains("still the stored status when the controller began a pass over resourceVersion 5001"), f.explanation());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("c.log:4")), () -> f.evidence().toString());
    }

    @Test
    void aLaterResourceVersionInTheLinesEndsWhatTheExportShows() {
        // Controls: the pass at 16:50 read 5001 a last time but wrote 5002: it began over a status it then changed (a stalled
        // controller's lag looks so), so it shows nothing pending, and the passes after it read 5002, not the export's status.
        // The last pass of 5001 followed by another of 5001 began at 16:29:59, 2m14s after the step: within the threshold.
        Evaluation e = rule.evaluate(new Evidence().log("c.log", processed("16:27:10.100", "4990"), created(), updated("16:27:46.100", "5001"),
                processed("16:28:30.000", "5001"), processed("16:29:59.900", "5001"), processed("16:50:00.000", "5001"), updated("16:50:00.100", "5002"), processed("16:50:10.000", "5002"),
                processed("17:10:00.000", "5002")).workflow("wf.json", DATA_HANG).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("within the threshold"), e.cleared().get(0).reason());
    }

    @Test
    void anExportedUnsyncedFlagAfterTheControllerLookedIsLikely() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), V4.processing("2026-09-19T16:40:00.100Z", "Running"),
                        V4.processing("2026-09-19T16:54:00.100Z", "Running"))
                .takenAt("wf.yaml", "2026-09-19T16:55:00Z", Exports.workflow("Running", "Running", "", null, null, false)).correlate());
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), "the controller looked after the Pod ended and still had it unsynced");
    }

    @Test
    void theResultCompletingWithinTheThresholdIsCleared() {
        List<String> lines = new ArrayList<>(stoppedEveryMinute(3, true, false));
        lines.add(v3("02:14:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:14:00.102", "info", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=w"));
        lines.add(v3("02:14:00.103", "debug", "Marking task result complete " + NODE, "namespace=ns workflow=w"));
        Evaluation e = logsOnly(lines);
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().endsWith("the controller saw the executor's report completed (\"Marking task result complete\")")),
                () -> e.cleared().toString());
    }

    @Test
    void theForcedCompletionAfterItsTimeoutClearsWithoutClaimingThePodWasDeleted() {
        // v3.7.1+: a completed node whose result stays "false" waits 10m from its finishedAt, then the controller completes it.
        List<String> lines = new ArrayList<>();
        for (int i = 0; i <= 10; i++) {
            lines.add(v3(String.format("02:%02d:00.100", 10 + i), "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
            lines.add(v3(String.format("02:%02d:00.102", 10 + i), "debug", "Wait for marking task result as completed because pod is recently deleted.",
                    "namespace=ns nodeID=" + NODE + " workflow=w"));
        }
        lines.add(v3("02:21:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:21:00.102", "info", "Marking task result as completed because pod has been deleted for a while.", "namespace=ns nodeID=" + NODE + " workflow=w"));
        Evaluation e = logsOnly(lines);
        assertTrue(e.findings().isEmpty());
        String reason = e.cleared().get(0).reason();
        assertTrue(reason.contains("whether the Pod was deleted or not"), reason);
        assertTrue(!reason.contains("had been deleted"), reason);
    }

    @Test
    void theWaitContainersExitIsNamedAsTheCauseWhenItLetsTheReconcilePass() {
        List<String> lines = new ArrayList<>(stoppedEveryMinute(8, false, false));
        lines.add(v3("02:23:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:23:00.102", "info", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=w"));
        lines.add(v3("02:23:00.103", "warning", "marking its taskResult as completed since wait container did not exit normally",
                "exitCode=137 namespace=ns nodeID=" + NODE + " reason=OOMKilled workflow=w"));
        lines.add(v3("02:23:10.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912060 namespace=ns workflow=w"));
        Evaluation e = logsOnly(lines);
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("the wait container did not exit normally (exit 137, OOMKilled)")),
                () -> e.cleared().toString());
    }

    @Test
    void aDevelopmentBuildsPodAbsentTimeoutSettlesItAndIsNamedAsSuch() {
        List<String> lines = new ArrayList<>(stoppedEveryMinute(8, true, false));
        lines.add(v3("02:23:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:23:00.102", "info", "Determined controller should timeout for " + NODE, "namespace=ns workflow=w"));
        Evaluation e = logsOnly(lines);
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("a development build's Pod-absent timeout"), e.cleared().get(0).reason());
        assertTrue(e.cleared().get(0).reason().contains("in no release"), e.cleared().get(0).reason());
    }

    /** Info-level reconciles of Workflow p (v4 slog text) once a minute from 16:28 to 16:{@code last}, each stopping on a result without naming it. */
    private static List<String> stoppedInfoOfP(int last) {
        List<String> out = new ArrayList<>();
        for (int m = 28; m <= last; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            out.add("time=" + t + ".100Z level=INFO msg=\"Processing workflow\" namespace=ns workflow=p phase=Running resourceVersion=1201");
            out.add("time=" + t + ".102Z level=INFO msg=\"Task-result reconciliation\" namespace=ns workflow=p numObjs=1");
            out.add("time=" + t + ".105Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" namespace=ns workflow=p");
        }
        return out;
    }

    private static List<String> completedOfPAt(String hhmm) {
        String t = "2026-09-19T16:" + hhmm + ":00";
        return List.of("time=" + t + ".100Z level=INFO msg=\"Processing workflow\" namespace=ns workflow=p phase=Running resourceVersion=1201",
                "time=" + t + ".102Z level=INFO msg=\"Task-result reconciliation\" namespace=ns workflow=p numObjs=1",
                "time=" + t + ".140Z level=INFO msg=\"Workflow update successful\" namespace=ns workflow=p phase=Succeeded resourceVersion=1290");
    }

    @Test
    void stopsThatNameNoNodeAreTheNodesFromAnExportShowingItTheOnlyUnfinishedPodNode() {
        // Info lines name no node; the export taken at 16:28:30, amid the stops, shows p as the Workflow's only unfinished Pod
        // node: a stopped reconcile creates no Pod node, so every later stop until a reconcile goes on stopped on p. Pending
        // 17m15s after the Pod finished (its export dates that), then the Workflow completed at 16:46.
        List<String> lines = new ArrayList<>(stoppedInfoOfP(45));
        lines.addAll(completedOfPAt("46"));
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:28:30Z", unsyncedLabelledAt("2026-09-19T16:28:30Z"))
                .log("c.log", lines.toArray(String[]::new)).correlate());
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        Finding f = e.findings().get(0);
        assertEquals("ns/p", f.pod().toString());
        assertEquals("17m15.105s", f.fact("pendingFor").orElseThrow().value());
        // Session 58: the finish is the node's time, the last view a controller's line: nothing bounds the node's clock (no kubelet
        // Events) nor the controller's (no Created pod line), so the order past the threshold rests on the node's minute: likely (it
        // was confirmed).
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("common.nodeMargin", f.reason().code());
        // Session 32: the same export dated only by its file's 16:28:30, 45 s after the Pod finished (a user's clock may be off by
        // 60 s): it does not show the result pending after the finish, so the two sources do not confirm (it was confirmed).
        Finding stated = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:28:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, stated.confidence(), stated.confidenceReason());
        assertTrue(f.summary().endsWith("It settled only after that, at 2026-09-19T16:46:00.140Z: the Workflow completed (Workflow update successful)."),
                f.summary());
    }

    @Test
    void stopsBeforeTheExportThatShowsTheNodeAloneAreNotGivenToIt() {
        // The export at 16:42:30 shows p alone, but the stops before it may have been another node's, finished since (a stopped
        // reconcile stores the other Pods' states): only the stops from 16:44 are p's by it (16:43's is within what the clock of
        // whoever took the export may be off, below), and p's export-dated finish at 16:27:45 is followed by its result pending
        // until 16:45 by the last, 17m15s: still reported, from the stops after the export.
        List<String> lines = new ArrayList<>(stoppedInfoOfP(45));
        lines.addAll(completedOfPAt("46"));
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:42:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        Finding f = e.findings().stream().filter(x -> x.pod() != null).findFirst().orElseThrow(() -> new AssertionError(e.findings()));
        assertEquals("17m15.105s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.source().toString().equals("c.log:3")), "the first stop (16:28) is not p's by that export");
        // Without the Pod's export nothing dates p's finish before the stops given to it: no claim about p.
        Evaluation alone = rule.evaluate(new Evidence().takenAt("wf.yaml", "2026-09-19T16:42:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        assertTrue(alone.findings().stream().noneMatch(x -> x.node() != null), () -> alone.findings().toString());
    }

    /**
     * Session 33: the export that shows p the only unfinished Pod node is dated only by its file (16:44:30, the clock of whoever
     * took it, which may be off by 60 s), and the last stop, 16:45:00.105, is 30 s after that: the export may have been taken after
     * it, when the stop may still have been another node's. The stop is not given to p (it was, and dated the claim 17m15.105s):
     * the claim rests on the export alone, 16m45s, and cites no stop. Negative control above: from an export stated 16:42:30 the
     * stops from 16:44 on, more than 60 s after it, are p's; 16:43's, 30.105 s after it, is not.
     */
    @Test
    void aStopWithinAUsersClockOfTheStatedExportIsNotGivenToTheNode() {
        List<String> lines = new ArrayList<>(stoppedInfoOfP(45));
        lines.addAll(completedOfPAt("46"));
        Evaluation near = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:44:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        Finding f = near.findings().stream().filter(x -> x.pod() != null).findFirst().orElseThrow(() -> new AssertionError(near.findings()));
        assertEquals("16m45s", f.fact("pendingFor").orElseThrow().value());
        assertEquals("the exported Workflow", f.fact("pendingIn").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.source().toString().equals("c.log:54")), "16:45's stop is not p's: " + f.evidence());
        Finding far = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:42:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate()).findings().stream().filter(x -> x.pod() != null).findFirst().orElseThrow();
        List<String> cited = far.evidence().stream().map(l -> l.source().toString()).toList();
        assertTrue(cited.contains("c.log:54") && !cited.contains("c.log:48"), "16:45's stop is p's, 16:43's is not: " + cited);
    }

    @Test
    void stopsThatNameNoNodeStayTheWorkflowsWhenTheExportShowsAnotherUnfinishedPodNode() {
        String two = UNSYNCED + "    q:\n      id: q\n      name: q\n      type: Pod\n      templateName: main\n      phase: Running\n"
                + "      startedAt: \"2026-09-19T16:27:10Z\"\n";
        List<String> lines = new ArrayList<>(stoppedInfoOfP(45));
        lines.addAll(completedOfPAt("46"));
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:28:30Z", two)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.pod() != null), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.pod() != null && c.pod().toString().equals("ns/p")), () -> e.cleared().toString());
    }

    @Test
    void stopsThatNameNoNodeAreNotTheNodesAcrossAReconcileThatWentOn() {
        // The export at 16:28:30 shows p the only unfinished Pod node, but a reconcile at 16:36 did not stop (it could create new
        // Pod nodes): the stops after it are not p's by that export; those before it span 7m after the Pod finished.
        List<String> lines = new ArrayList<>(stoppedInfoOfP(35));
        lines.add("time=2026-09-19T16:36:00.100Z level=INFO msg=\"Processing workflow\" namespace=ns workflow=p phase=Running resourceVersion=1201");
        lines.add("time=2026-09-19T16:36:00.140Z level=INFO msg=\"Workflow update successful\" namespace=ns workflow=p phase=Running resourceVersion=1250");
        for (int m = 37; m <= 45; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            lines.add("time=" + t + ".100Z level=INFO msg=\"Processing workflow\" namespace=ns workflow=p phase=Running resourceVersion=1250");
            lines.add("time=" + t + ".105Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" namespace=ns workflow=p");
        }
        lines.addAll(completedOfPAt("46"));
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:28:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.pod() != null), () -> e.findings().toString());
    }

    @Test
    void anExportTakenWhileThePodRanDoesNotDateTheWait() {
        // taskResultsCompletionStatus false at 16:27:20 is what a running Pod shows (the controller sets it at the Pod's
        // creation); one stop at 16:38:00, given to the node by that export, says the result was pending then, not for 11 minutes.
        Evaluation e = rule.evaluate(new Evidence().takenAt("wf.yaml", "2026-09-19T16:27:20Z", Exports.workflow("Running", "Running", "", null, null, false))
                .log("c.log", Stream.concat(Stream.of(createdPod("2026-09-19T16:27:10.431Z")), stoppedInfoOfP(38).subList(30, 33).stream())
                        .toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.node() != null), () -> e.findings().toString());
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("pendingFor").isPresent() && String.valueOf(f.fact("pendingFor").get().value()).startsWith("10m")),
                () -> e.findings().toString());
    }
    private static final String POD_FINISHED_1629 = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:28:58Z")
            .terminated("wait", 0, "Completed", "2026-09-19T16:29:00Z").yaml();

    @Test
    void stopsPastedAloneAreNotTheNodesByAnEarlierExport() {
        // The user pasted only the stops (grep "didn't complete"): 16:40 on. The export at 16:28:30 shows p the only unfinished
        // Pod node, but p finished at 16:29 and a reconcile not in the paste may have gone on and created the node stopped on
        // later. Nothing gives those stops to p: no claim that p's result was held back.
        List<String> lines = new ArrayList<>();
        for (int m = 40; m <= 55; m++) {
            lines.add("time=2026-09-19T16:" + m + ":00.105Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" namespace=ns workflow=p");
        }
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", POD_FINISHED_1629).takenAt("wf.yaml", "2026-09-19T16:28:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.node() != null), () -> e.findings().toString());
    }

    @Test
    void stopsAfterAGapInTheLinesAreNotTheNodesByAnExportBeforeTheGap() {
        // Whole reconciles, but none seen from 16:28:30 to 16:40 (the lines are missing, or the controller was down): one that
        // went on may have created another Pod node. The stops from 16:40 are the Workflow's, not p's; the same stops with the
        // reconciles seen throughout are p's (the control).
        String pod = POD_FINISHED_1629;
        List<String> gap = new ArrayList<>();
        for (int m = 40; m <= 55; m++) {
            String t = "2026-09-19T16:" + m + ":00";
            gap.add("time=" + t + ".100Z level=INFO msg=\"Processing workflow\" namespace=ns workflow=p phase=Running resourceVersion=1201");
            gap.add("time=" + t + ".102Z level=INFO msg=\"Task-result reconciliation\" namespace=ns workflow=p numObjs=2");
            gap.add("time=" + t + ".105Z level=INFO msg=\"pod reconciliation didn't complete, will retry\" namespace=ns workflow=p");
        }
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", pod).takenAt("wf.yaml", "2026-09-19T16:28:30Z", UNSYNCED)
                .log("c.log", gap.toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.node() != null), () -> e.findings().toString());
        List<String> watched = new ArrayList<>(stoppedInfoOfP(55));
        Evaluation control = rule.evaluate(new Evidence().pod("pod.yaml", pod).takenAt("wf.yaml", "2026-09-19T16:28:30Z", UNSYNCED)
                .log("c.log", watched.toArray(String[]::new)).correlate());
        Finding f = control.findings().stream().filter(x -> x.node() != null).findFirst().orElseThrow(() -> new AssertionError(control.findings()));
        assertEquals("26m0.105s", f.fact("pendingFor").orElseThrow().value());
    }

    @Test
    void aReconcileUnderWayAtTheExportThatWentOnBoundsTheStopsGivenToTheNode() {
        // The reconcile that began at 16:28:29.900 was still under way when the Workflow was exported at 16:28:30 and went on
        // (it may have created another Pod node after the export's read): the stops after it are not p's by that export.
        List<String> lines = new ArrayList<>();
        lines.add("time=2026-09-19T16:28:29.900Z level=INFO msg=\"Processing workflow\" namespace=ns workflow=p phase=Running resourceVersion=1201");
        lines.add("time=2026-09-19T16:28:30.300Z level=INFO msg=\"Workflow update successful\" namespace=ns workflow=p phase=Running resourceVersion=1250");
        List<String> stops = stoppedInfoOfP(55);
        lines.addAll(stops.subList(3, stops.size()));
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:28:30Z", UNSYNCED)
                .log("c.log", lines.toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.node() != null), () -> e.findings().toString());
    }
    @Test
    void aFinishOfAnAttemptBeforeArgoRetryDoesNotDateTheRetriedNodesResult() {
        // Attempt 1 of node p failed at 16:05 (its Pod and the Workflow exported then); argo retry reset p, which started again
        // at 16:20:10 under the same ID and Pod name. At 16:29 its new result is pending (the Workflow, the label): nothing
        // dates the new Pod's finish, and the old one's says nothing of it. Settled at 16:30 or not, no claim of 24m.
        String failed = Exports.workflow("Failed", "Failed", "Error (exit code 1)", "2026-09-19T16:05:00Z", true, null)
                .replace("startedAt: \"2026-09-19T16:27:10Z\"\n      finishedAt", "startedAt: \"2026-09-19T16:00:10Z\"\n      finishedAt");
        String retried = UNSYNCED.replace("startedAt: \"2026-09-19T16:27:10Z\"\n      taskResultSynced",
                "startedAt: \"2026-09-19T16:20:10Z\"\n      taskResultSynced");
        String oldPod = Exports.Pod.of().phase("Failed").terminated("main", 1, "Error", "2026-09-19T16:04:58Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:05:00Z").yaml();
        Evidence before = new Evidence().takenAt("pod.yaml", "2026-09-19T16:10:00Z", oldPod).takenAt("wf-1.yaml", "2026-09-19T16:10:00Z", failed)
                .takenAt("wf-2.yaml", "2026-09-19T16:29:00Z", retried).takenAt("tr.yaml", "2026-09-19T16:29:01Z", Exports.taskResult("false", null));
        Evaluation pending = rule.evaluate(before.correlate());
        assertTrue(pending.findings().isEmpty(), () -> pending.findings().toString());
        Evaluation settled = rule.evaluate(before.takenAt("wf-3.yaml", "2026-09-19T16:30:00Z",
                Exports.workflow("Running", "Succeeded", "", "2026-09-19T16:27:45Z", true, null)).correlate());
        assertTrue(settled.findings().isEmpty(), () -> settled.findings().toString());
        assertTrue(settled.cleared().get(0).reason().contains("settled at 2026-09-19T16:30:00Z"), settled.cleared().get(0).reason());
        // The control: the same Workflow exported pending at 16:40 too, after the new attempt's finish (16:27:45) that wf-3 dates.
        Evaluation late = rule.evaluate(new Evidence().takenAt("pod.yaml", "2026-09-19T16:10:00Z", oldPod).takenAt("wf-1.yaml", "2026-09-19T16:10:00Z", failed)
                .takenAt("wf-2.yaml", "2026-09-19T16:40:00Z", retried).takenAt("tr.yaml", "2026-09-19T16:40:01Z", Exports.taskResult("false", null))
                .takenAt("wf-3.yaml", "2026-09-19T16:41:00Z", Exports.workflow("Running", "Succeeded", "", "2026-09-19T16:27:45Z", true, null))
                .correlate());
        Finding f = late.findings().get(0);
        assertEquals("12m15s", f.fact("pendingFor").orElseThrow().value(), () -> late.findings().toString());
        assertEquals("2026-09-19T16:27:45Z", f.fact("podFinishedAt").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.source().toString().equals("pod.yaml:1")), "the earlier attempt's Pod is not cited");
        // Settled as an export shows, which bounds the settlement and does not date it.
        assertTrue(f.summary().endsWith("It settled only after that, by 2026-09-19T16:41:00Z: the exported Workflow records the node Succeeded."),
                f.summary());
        assertEquals("Settled no later than", f.fact("settledAt").orElseThrow().label());
    }
    @Test
    void viewsOfTheResultPendingBeforeThePodFinishedDoNotConfirmTheClaim() {
        // An export taken at 16:20, while the Pod ran (it finished at 16:27:45), shows the result not synced as every running Pod
        // does: it agrees with nothing about after the finish. The Debug lines alone, with a 12m stretch the controller was not
        // seen processing, stay possible; so does a late export of the Workflow with an early label beside it.
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"), taskResultIncomplete("2026-09-19T16:27:50.000Z"),
                taskResultIncomplete("2026-09-19T16:39:50.000Z")};
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf.yaml", "2026-09-19T16:20:00Z", UNSYNCED)
                .log("c.log", lines).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("the controller log", f.fact("pendingIn").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.source().toString().equals("wf.yaml:1")), () -> f.evidence().toString());
        Finding g = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf-1.yaml", "2026-09-19T16:20:00Z", UNSYNCED)
                .takenAt("tr.yaml", "2026-09-19T16:20:01Z", Exports.taskResult("false", null)).takenAt("wf-2.yaml", "2026-09-19T16:45:00Z", UNSYNCED)
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, g.confidence(), g.confidenceReason());
        // The control: the label exported after the finish agrees with the Workflow.
        Finding h = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD).takenAt("wf-1.yaml", "2026-09-19T16:20:00Z", UNSYNCED)
                .takenAt("tr.yaml", "2026-09-19T16:44:59Z", pendingResultLabelledAt("2026-09-19T16:44:00Z"))
                .takenAt("wf-2.yaml", "2026-09-19T16:45:00Z", unsyncedLabelledAt("2026-09-19T16:44:00Z")).object("events.yaml", NODE_IN_STEP)
                .correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, h.confidence(), h.confidenceReason());
    }
    @Test
    void aReconcileGoingPastThePodsBetweenTwoStretchesOfStopsEndsTheFirstWait() {
        // Stops 02:10-02:16, a reconcile that went past the Pods at 02:16:30 (that result settled), then stops 02:17-02:22 and a
        // pass at 02:23: two waits of 6m each, maybe of two results, not one of 12m.
        List<String> lines = new ArrayList<>(stoppedEveryMinute(6, false, false));
        lines.add(v3("02:16:30.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
        lines.add(v3("02:16:30.102", "info", "Task-result reconciliation", "namespace=ns numObjs=2 workflow=w"));
        lines.add(v3("02:16:30.140", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9912020 workflow=w"));
        for (int m = 17; m <= 22; m++) {
            lines.addAll(stopped(String.format("02:%02d:00", m), false, false));
        }
        lines.add(v3("02:23:00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912030 namespace=ns workflow=w"));
        lines.add(v3("02:23:00.102", "info", "Task-result reconciliation", "namespace=ns numObjs=2 workflow=w"));
        lines.add(v3("02:23:00.140", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9912050 workflow=w"));
        lines.add(v3("02:23:10.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912050 namespace=ns workflow=w"));
        Evaluation e = logsOnly(lines);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        // Without the pass at 02:23, the second wait (02:17 on) is still pending at 02:40: reported from its own first stop.
        List<String> open = new ArrayList<>(lines.subList(0, lines.size() - 4));
        for (int m = 23; m <= 40; m++) {
            open.addAll(stopped(String.format("02:%02d:00", m), false, false));
        }
        Finding f = logsOnly(open).findings().get(0);
        assertEquals("23m0s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(l -> l.time() != null && l.time().format().startsWith("2026-10-03T02:1") && !l.time().format().startsWith("2026-10-03T02:17")),
                () -> f.evidence().toString());
    }

    @Test
    void aForcingLineBeforeTheLastWaitDoesNotNameHowThisWaitEnded() {
        // The controller forced a result complete at 16:27:55 (an earlier wait's), then waited on it from 16:28:00 to 16:40:00,
        // and the executor's label came at 16:41:00: the finding says the label settled it, not the earlier forcing.
        String complete = "time=2026-09-19T16:41:00.000Z level=DEBUG msg=\"Marking task result complete\" component=workflow_worker workflow=p "
                + "namespace=ns resultName=p";
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", FINISHED_POD)
                .log("c.log", createdPod("2026-09-19T16:27:10.431Z"), taskResultForced("2026-09-19T16:27:55.000Z"),
                        taskResultIncomplete("2026-09-19T16:28:00.000Z"), taskResultIncomplete("2026-09-19T16:40:00.000Z"), complete)
                .correlate());
        Finding f = e.findings().get(0);
        assertTrue(f.summary().contains("It settled only after that, at 2026-09-19T16:41:00.000Z: the controller saw the executor's report completed"),
                f.summary());
    }
}
