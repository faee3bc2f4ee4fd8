package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.ControllerStop;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The controller's own stop (workflow shutdown, deadline, on-exit) and v4's automatic restart of a Pod, read from its lines
 * (exec_control.go, operator.go), derived once in the lifecycle and read by AF001, AF002 and AF007; with their negative controls:
 * the line for another Pod of the same Workflow, and a stop line after the Pod had already ended.
 */
class ControllerStopLinesTest {
    /** Pod p's lifecycle (its key carries the UID an export gives). */
    private static dev.argoforensics.correlate.PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    /** Pod p's containers exited 0 at 16:30:02, two seconds after the controller's SIGTERM; never deleted. */
    private static final String STOPPED_POD = Exports.Pod.of().phase("Succeeded")
            .terminated("main", 0, "Completed", "2026-09-19T16:30:02Z").terminated("wait", 0, "Completed", "2026-09-19T16:30:02Z").yaml();

    private static String shutdown(String t, String pod, String strategy) {
        return "time=" + t + " level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker workflow=p namespace=ns "
                + "podName=" + pod + " shutdownStrategy=" + strategy;
    }

    private static String deadline(String t) {
        return "{\"time\":\"" + t + "\",\"level\":\"INFO\",\"msg\":\"Terminating pod which has exceeded workflow deadline\",\"component\":\"workflow_worker\","
                + "\"workflow\":\"p\",\"namespace\":\"ns\",\"podName\":\"p\",\"workflowDeadline\":\"2026-09-19T16:30:00Z\"}";
    }

    private static String restart(String t, String pod) {
        return "time=" + t + " level=INFO msg=\"Pod qualifies for automatic restart - marking as pending\" component=workflow_worker workflow=p "
                + "namespace=ns podName=" + pod + " nodeID=p restartCount=1 reason=Evicted message=\"The node was low on resource: memory. \"";
    }

    private static String deleteByUid(String t) {
        return "time=" + t + " level=INFO msg=\"queueing pod for cleanup by UID\" component=workflow_worker namespace=ns podName=p "
                + "uid=0b6d7a51-3f0e-4c1e-9a43-8f4a2cd1e7b2 action=deletePodByUID";
    }

    /** The node failed at the stop, the log recording only its phase (no message line: a grep of the Pod's lines drops node lines). */
    private static Evidence stoppedStep(String... stopLines) {
        List<String> lines = new ArrayList<>(List.of(createdPod("2026-09-19T16:27:10.431Z")));
        lines.addAll(List.of(stopLines));
        lines.add(nodePhaseChanged("2026-09-19T16:30:00.105Z", "Running", "Failed"));
        return new Evidence().pod("pod.yaml", STOPPED_POD).log("1.log", lines.toArray(String[]::new));
    }

    // ---- the lifecycle's fact -------------------------------------------------------------------------------------------------

    @Test
    void theLifecycleDerivesTheStopWithItsStrategyAndTheRestartWithItsReason() {
        Correlation c = stoppedStep(shutdown("2026-09-19T16:30:00.101Z", "p", "Terminate")).correlate();
        ControllerStop stop = life(c).stoppedByController().orElseThrow();
        assertEquals(ControllerStop.Kind.SHUTDOWN, stop.kind());
        assertEquals("Terminate", stop.strategy());
        assertEquals("1.log:2", stop.line().source().toString());
        assertTrue(life(c).restartedByController().isEmpty());

        ControllerStop byDeadline = life(stoppedStep(deadline("2026-09-19T16:30:00.101Z")).correlate()).stoppedByController().orElseThrow();
        assertEquals(ControllerStop.Kind.DEADLINE, byDeadline.kind());

        Correlation r = restarted(restart("2026-09-19T16:31:10.000Z", "p")).correlate();
        ControllerStop re = life(r).restartedByController().orElseThrow();
        assertEquals(ControllerStop.Kind.RESTART, re.kind());
        assertEquals("Evicted", re.reason());
        assertEquals(1, re.restartCount());
    }

    // ---- AF002 ------------------------------------------------------------------------------------------------------------------

    @Test
    void af002ClearsTheStopReadFromTheControllersLineAsFromTheNodesMessage() {
        SuccessReportedAsError rule = new SuccessReportedAsError();
        Evaluation control = rule.evaluate(stoppedStep().correlate());
        assertEquals(1, control.findings().size(), "the control: without the stop line the exit 0 reads as a lost success");

        for (String line : List.of(shutdown("2026-09-19T16:30:00.101Z", "p", "Stop"), deadline("2026-09-19T16:30:00.101Z"))) {
            Evaluation e = rule.evaluate(stoppedStep(line).correlate());
            assertEquals(List.of(), e.findings(), line);
            assertEquals("AF002.cleared.controllerStopLine", e.cleared().get(0).why().code());
            assertEquals("1.log:2", e.cleared().get(0).evidence().toString());
            String reason = e.cleared().get(0).reason();
            assertTrue(reason.contains("that it was stopping the step while it still saw the Pod Pending or Running"), reason);
            assertTrue(reason.contains(line.contains("shutdown") ? "Terminating pod as part of workflow shutdown: its Workflow was shut down with "
                    + "strategy Stop" : "Terminating pod which has exceeded workflow deadline"), reason);
            assertTrue(reason.contains("exit 0 as the exported Pod shows it (main exit 0, wait exit 0)"), reason);
        }
    }

    /** Negative control: the controller stopped another Pod of the same Workflow; this one's exit 0 and failed node stay reported. */
    @Test
    void af002IgnoresTheStopOfAnotherPodOfTheSameWorkflow() {
        Evaluation e = new SuccessReportedAsError().evaluate(stoppedStep(shutdown("2026-09-19T16:30:00.101Z", "p-other-1234", "Stop")).correlate());
        assertEquals(1, e.findings().size());
    }

    /**
     * Negative control: a stop line logged more than a minute after the containers had ended (a stale informer copy) stopped nothing.
     * Session 55: the containers' {@code finishedAt} is their node's clock, off the controller's by as much as a minute unchecked
     * (DeletionBounds.nodeClearlyBefore); half a minute after it no longer places the line after the end (the test below).
     */
    @Test
    void af002IgnoresAStopLineAfterThePodHadEnded() {
        Correlation c = stoppedStep(shutdown("2026-09-19T16:31:10.101Z", "p", "Stop")).correlate();
        assertTrue(life(c).stoppedByController().isEmpty());
        assertEquals(1, new SuccessReportedAsError().evaluate(c).findings().size());
    }

    /**
     * Session 55, the judgment's node clocks (seed 2, {@code workflow-deadline}, a node 17.3 s behind the cluster): the deadline's stop
     * line, then main's answer to its SIGTERM, exit 0, 1.1 s later, which its kubelet wrote 17 s before the line. Read by two clocks'
     * 10 s, main had ended before the stop and AF002 confirmed a lost success; within a minute of a node's time nothing orders it
     * against the controller's line, so the stop stands and clears the exit 0 (past the minute, reported: the control above and below).
     */
    @Test
    void af002KeepsADeadlineStopMainsNodeClockPutsAfterItsEnd() {
        String behind = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:29:43Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:29:44Z").yaml();
        for (String stopAt : List.of("2026-09-19T16:30:00.101Z", "2026-09-19T16:30:40.101Z")) {
            List<String> lines = List.of(createdPod("2026-09-19T16:27:10.431Z"), deadline(stopAt),
                    nodePhaseChanged(stopAt.replace(".101Z", ".105Z"), "Running", "Failed"));
            Correlation c = new Evidence().pod("pod.yaml", behind).log("1.log", lines.toArray(String[]::new)).correlate();
            assertEquals(ControllerStop.Kind.DEADLINE, life(c).stoppedByController().orElseThrow().kind(), stopAt);
            Evaluation e = new SuccessReportedAsError().evaluate(c);
            assertEquals(List.of(), e.findings(), stopAt);
            assertEquals(List.of("AF002.cleared.controllerStopLine"), e.cleared().stream().map(x -> x.why().code()).toList(), stopAt);
        }
        // The negative control: the same stop more than a minute after main's end is past what a node's clock may be off: it stopped nothing.
        List<String> late = List.of(createdPod("2026-09-19T16:27:10.431Z"), deadline("2026-09-19T16:30:44.600Z"),
                nodePhaseChanged("2026-09-19T16:30:44.705Z", "Running", "Failed"));
        Correlation c = new Evidence().pod("pod.yaml", behind).log("1.log", late.toArray(String[]::new)).correlate();
        assertTrue(life(c).stoppedByController().isEmpty());
        assertEquals(1, new SuccessReportedAsError().evaluate(c).findings().size());
    }

    /**
     * Review s26: {@code argo stop} while main had already exited 0 and {@code wait} was still saving its outputs (the Pod still Running).
     * The controller logs the stop, fails the node and signals wait, which exits 0 too: the stop reached no work of the step, and the
     * success of main is reported as a failure. The stop line then says nothing (as a stop line after the whole Pod had ended), and the
     * node's own shutdown message does not clear it either. The negative control is the test above: main still running at the stop.
     */
    @Test
    void af002ReportsAStopThatCameAfterMainHadEnded() {
        String mainDoneFirst = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:28:50Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:02Z").yaml();
        List<String> lines = List.of(createdPod("2026-09-19T16:27:10.431Z"), shutdown("2026-09-19T16:30:00.101Z", "p", "Stop"),
                nodePhaseChanged("2026-09-19T16:30:00.105Z", "Running", "Failed"));
        Correlation c = new Evidence().pod("pod.yaml", mainDoneFirst).log("1.log", lines.toArray(String[]::new)).correlate();
        assertTrue(life(c).stoppedByController().isEmpty(), "main had ended 70 s before the stop line (past what its node's clock may be off)");
        assertEquals(1, new SuccessReportedAsError().evaluate(c).findings().size());

        String stoppedNode = Exports.workflow("Failed", "Failed", "workflow shutdown with strategy:  Stop", "2026-09-19T16:30:00Z", true, null);
        Evaluation byMessage = new SuccessReportedAsError().evaluate(new Evidence().pod("pod.yaml", mainDoneFirst)
                .workflow("wf.yaml", stoppedNode).correlate());
        assertEquals(1, byMessage.findings().size(), byMessage.cleared().toString());
        // The control: main still running at the stop (exit 0 at 16:30:02, its answer to the SIGTERM) is the stop's, cleared.
        Evaluation control = new SuccessReportedAsError().evaluate(new Evidence().pod("pod.yaml", STOPPED_POD).workflow("wf.yaml", stoppedNode)
                .correlate());
        assertEquals(List.of(), control.findings());
        assertEquals("AF002.cleared.controllerStopped", control.cleared().get(0).why().code());
    }

    // ---- AF001 ------------------------------------------------------------------------------------------------------------------

    /**
     * v4's automatic restart, logs alone: the Pod failed Evicted before main ran, the worker marks the node Pending and deletes the
     * Pod by UID; the deleting handler releases the finalizer with a negative delay (the eviction was long before). The release
     * lines are the race's, but no result existed.
     */
    private static Evidence restarted(String... restartLines) {
        return restarted(List.of(restartLines), List.of());
    }

    private static Evidence restarted(List<String> restartLines, List<String> after) {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:20:00.132Z", 32), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running")));
        lines.addAll(restartLines);
        lines.addAll(List.of(podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete"), podMissing("2026-09-19T16:31:20.246Z", "Pending", false)));
        lines.addAll(after);
        return new Evidence().log("1.log", lines.toArray(String[]::new));
    }

    @Test
    void af001ClearsAReleaseOnTheControllersRestartDeletion() {
        PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();
        Evaluation control = rule.evaluate(restarted(deleteByUid("2026-09-19T16:31:10.001Z")).correlate());
        assertEquals(1, control.findings().size(), "the control: the same release without the restart line is examined as the race");

        Evaluation e = rule.evaluate(restarted(restart("2026-09-19T16:31:10.000Z", "p"), deleteByUid("2026-09-19T16:31:10.001Z")).correlate());
        assertEquals(List.of(), e.findings());
        assertEquals("AF001.cleared.restart", e.cleared().get(0).why().code());
        assertEquals("1.log:4", e.cleared().get(0).evidence().toString());
        assertTrue(e.cleared().get(0).reason().startsWith("finalizer released at 2026-09-19T16:31:11.350Z after the controller's Pod qualifies for "
                + "automatic restart at 2026-09-19T16:31:10.000Z (reason Evicted, restart 1)"), e.cleared().get(0).reason());
    }

    /** Negative control: the restart of another Pod of the same Workflow says nothing of this Pod's release. */
    @Test
    void af001IgnoresTheRestartOfAnotherPod() {
        Evaluation e = new PrematureFinalizerRemoval().evaluate(restarted(restart("2026-09-19T16:31:10.000Z", "p-other-1234")).correlate());
        assertEquals(1, e.findings().size());
    }

    /**
     * The node's next Pod under the same name: the earlier Pod's release is named as the restart's, not as argo retry or #8022.
     * Session 52: the release scheduled between the two {@code Created pod} lines tells the two Pods apart (Lifetimes), so the
     * earlier Pod (lifetime 1) carries its own release and its own restart, and AF001 clears it as any Pod's restart
     * ({@code cleared.restart}, on that Pod) where, read as one Pod's lines, it was the later Pod's "earlier Pod" ({@code
     * cleared.earlierRestart}); the later Pod, never released, has no AF001 outcome.
     */
    @Test
    void af001NamesTheRestartOfAnEarlierPodOfTheName() {
        Evaluation e = new PrematureFinalizerRemoval().evaluate(restarted(List.of(restart("2026-09-19T16:31:10.000Z", "p")),
                List.of(createdPod("2026-09-19T16:31:20.561Z"))).correlate());
        assertEquals(List.of(), e.findings());
        assertEquals(List.of("AF001.cleared.restart"), e.cleared().stream().map(c -> c.why().code()).toList());
        assertEquals(1, e.cleared().get(0).pod().lifetime(), e.cleared().toString());
        assertTrue(e.cleared().get(0).reason().startsWith("finalizer released at 2026-09-19T16:31:11.350Z after the controller's Pod qualifies for "
                + "automatic restart at 2026-09-19T16:31:10.000Z"), e.cleared().get(0).reason());
        assertTrue(e.cleared().get(0).reason().contains("no result of the step existed to lose"), e.cleared().get(0).reason());
    }

    // ---- AF007 ------------------------------------------------------------------------------------------------------------------

    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static Evidence deletedWhileRunning(String... before) {
        List<String> lines = new ArrayList<>(List.of(createdPod("2026-09-19T16:27:10.431Z")));
        lines.addAll(List.of(before));
        lines.addAll(List.of(podEvent("2026-09-19T16:40:01.100Z", "delete"), podMissing("2026-09-19T16:40:02.000Z"),
                markingError("2026-09-19T16:40:02.000Z"), nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error")));
        return new Evidence().log("c.log", lines.toArray(String[]::new)).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", ERRORED_WORKFLOW);
    }

    @Test
    void af007NamesTheControllerAsTheDeleter() {
        PodDeletedDuringExecution rule = new PodDeletedDuringExecution();
        assertEquals(1, rule.evaluate(deletedWhileRunning().correlate()).findings().size(), "the control: an outside deletion");
        Evaluation e = rule.evaluate(deletedWhileRunning(shutdown("2026-09-19T16:39:59.800Z", "p", "Terminate")).correlate());
        assertEquals(List.of(), e.findings());
        assertEquals("AF007.cleared.controller", e.cleared().get(0).why().code());
        assertTrue(e.cleared().get(0).reason().startsWith("the workflow controller itself ended the Pod (the controller's Terminating pod as part of "
                + "workflow shutdown: its Workflow was shut down with strategy Terminate"), e.cleared().get(0).reason());
    }

    /** Negative controls: another Pod's stop, and a stop logged well after the deletion (someone else deleted it first). */
    @Test
    void af007KeepsAnOutsideDeletionWhenTheStopIsAnotherPodsOrLater() {
        PodDeletedDuringExecution rule = new PodDeletedDuringExecution();
        assertEquals(1, rule.evaluate(deletedWhileRunning(shutdown("2026-09-19T16:39:59.800Z", "p-other-1234", "Stop")).correlate()).findings().size());
        // Deletion requested at 16:40:00 with a 30 s grace period; while the Pod terminated, the controller stopped its Workflow (16:40:15):
        // the stop did not delete it.
        String graceful = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml();
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"), shutdown("2026-09-19T16:40:15.800Z", "p", "Stop"),
            podEvent("2026-09-19T16:40:31.100Z", "delete"), podMissing("2026-09-19T16:40:32.000Z"), markingError("2026-09-19T16:40:32.000Z"),
            nodePhaseChanged("2026-09-19T16:40:32.001Z", "Running", "Error")};
        Correlation c = new Evidence().log("c.log", lines).pod("pod.yaml", graceful).workflow("wf.yaml", ERRORED_WORKFLOW).correlate();
        Evaluation e = rule.evaluate(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.why().code().equals("AF007.cleared.controller")), e.cleared().toString());
    }

}
