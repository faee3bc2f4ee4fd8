package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AF010: a container still running when the SIGKILL round came; and Pods that stopped in time, or were being stopped while main ran. */
class ContainerWouldNotStopTest {
    private final ContainerWouldNotStop rule = new ContainerWouldNotStop();

    private static String signaled(String t, String container, String error) {
        return "time=" + t + " level=INFO msg=\"signaled container\" component=pod_controller namespace=ns pod=p container=" + container
                + " stdout=\"\" stderr=\"\" error=" + (error == null ? "<nil>" : "\"" + error + "\"");
    }

    /** Main ended at 16:30:00; wait and the sidecar are asked to stop; the sidecar is still there at the SIGKILL round. */
    private static String[] stuck() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:00.200Z", "wait", null),
                signaled("2026-09-19T16:30:00.300Z", "proxy", null),
                queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s"),
                cleaningUp("2026-09-19T16:30:10.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:10.200Z", "proxy", null),
                cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
                signaled("2026-09-19T16:30:30.400Z", "proxy", null),
                workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
    }

    @Test
    void aSidecarSignalledAtTheKillRoundIsLikelyFromTheLogsAlone() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", stuck()).correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals("AF010", f.rule());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("proxy", f.fact("containers").orElseThrow().value());
        assertEquals("30s", f.fact("gracePeriod").orElseThrow().value());
        assertEquals(2, f.fact("terminateRounds").orElseThrow().value());
        assertEquals("2026-09-19T16:30:30.400Z", f.fact("stillRunningAt").orElseThrow().value());
        assertEquals("2026-09-19T16:30:31.500Z", f.fact("stoppedAt").orElseThrow().value());
        assertEquals("31.3s", f.fact("runningAfterSignal").orElseThrow().value());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("c.log:9") && x.role().equals("still running")));
    }

    @Test
    void aContainerSetsOwnContainersStoppedByAWorkflowShutdownAreNoContainerOutlivingMain() {
        // Pod p runs a ContainerSet (containers build and test, each a Container child node p.build, p.test); `argo stop` shuts the
        // Workflow down while both run, and build, which ignores SIGTERM, is still there at the SIGKILL round. No "main" container
        // exists in such a Pod: its main containers are the set's.
        String build = dev.argoforensics.correlate.NodeNaming.nodeId("p", "p.build");
        String test = dev.argoforensics.correlate.NodeNaming.nodeId("p", "p.test");
        String[] lines = withStopRounds(createdPod("2026-09-19T16:27:10.431Z"),
            childPhase("2026-09-19T16:27:14.020Z", build, "Pending", "Running"),
            childPhase("2026-09-19T16:27:14.021Z", test, "Pending", "Running"));
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().get(0).reason().contains("build"), e.cleared().toString());
    }

    /** {@code before}, then the ContainerSet Pod's two stop rounds (SIGTERM to build, test and wait; SIGKILL to build) and the Failed write. */
    private static String[] withStopRounds(String... before) {
        String[] rounds = {cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.200Z", "build", null),
            signaled("2026-09-19T16:30:00.250Z", "test", null),
            signaled("2026-09-19T16:30:00.300Z", "wait", null),
            queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s"),
            cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "build", null),
            workflowUpdated("2026-09-19T16:30:31.500Z", "Failed")};
        return java.util.stream.Stream.concat(java.util.Arrays.stream(before), java.util.Arrays.stream(rounds)).toArray(String[]::new);
    }

    /**
     * Session 40 breaker: the same ContainerSet Pod stopped by `argo stop`, its Container child nodes' lines not in the excerpt
     * (grepped for the Pod, or v3.7+ Info lines, which rarely name them). Nothing tells build from a sidecar; it was likely
     * "a container outliving main". The controller's own stop before the first SIGTERM, with no signal naming main, leaves it
     * possible, naming the look-alike. Control: the same lines with an export showing the Pod's main ended keep it likely.
     */
    @Test
    void aContainerSetStoppedByAShutdownWithoutItsContainerNodesInTheLinesIsOnlyPossible() {
        String[] lines = withStopRounds(createdPod("2026-09-19T16:27:10.431Z"),
            "time=2026-09-19T16:30:00.050Z level=INFO msg=\"Terminating pod as part of workflow shutdown\" component=workflow_worker"
                    + " workflow=p namespace=ns podName=p shutdownStrategy=Stop");
        Finding f = rule.evaluate(new Evidence().log("c.log", lines).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("ContainerSet"), f.confidenceReason());

        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:29:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("build", 137, "Error", "2026-09-19T16:30:31Z").yaml();
        Finding regular = rule.evaluate(new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod).correlate())
                .findings().get(0);
        assertEquals(Confidence.CONFIRMED, regular.confidence(), regular.confidenceReason());
    }

    private static String childPhase(String t, String id, String from, String to) {
        return "time=" + t + " level=INFO msg=\"node phase changed\" component=workflow_worker workflow=p namespace=ns node=" + id
                + " fromPhase=" + from + " toPhase=" + to;
    }

    @Test
    void anExportShowingHowTheSidecarEndedConfirmsIt() {
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:29:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z").yaml();
        Finding f = rule.evaluate(new Evidence().log("c.log", stuck()).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals(137, f.fact("exitCode").orElseThrow().value());
    }

    /**
     * Session 32: an export showing the sidecar still running agrees with the lines only where it was taken after the kill round
     * by its own times. Stated 30 s after the round (a laptop 40 s ahead took it before), and stated 10 min after: likely, from
     * the lines (both were confirmed). Negative control: a condition the kubelet wrote after the round, on the object itself.
     */
    @Test
    void anExportShowingTheSidecarRunningOnlyByItsStatedTimeDoesNotConfirm() {
        Exports.Pod running = Exports.Pod.of().phase("Running").terminated("main", 0, "Completed", "2026-09-19T16:29:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").running("proxy");
        for (String stated : List.of("2026-09-19T16:31:00Z", "2026-09-19T16:40:00Z")) {
            Finding f = rule.evaluate(new Evidence().log("c.log", stuck()).takenAt("pod.yaml", stated, running.yaml()).correlate()).findings().get(0);
            assertEquals(Confidence.LIKELY, f.confidence(), stated + ": " + f.confidenceReason());
        }
        Finding own = rule.evaluate(new Evidence().log("c.log", stuck()).takenAt("pod.yaml", "2026-09-19T16:31:00Z",
                running.lastTransition("2026-09-19T16:30:45Z").yaml()).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, own.confidence(), own.confidenceReason());
    }

    @Test
    void anExportShowingTheSidecarEndedBeforeTheKillRoundClearsIt() {
        String pod = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:29:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 0, "Completed", "2026-09-19T16:30:02Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", stuck()).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().startsWith("the exported Pod shows proxy ended at 2026-09-19T16:30:02Z"), e.cleared().toString());
    }

    @Test
    void aPodThatStopsWithinTheGracePeriodIsCleared() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:00.200Z", "wait", null),
                signaled("2026-09-19T16:30:00.300Z", "redis", null),
                queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s"),
                workflowUpdated("2026-09-19T16:30:01.300Z", "Succeeded"),
                cleaningUp("2026-09-19T16:30:30.302Z", "killContainers")).correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("the Pod stopped within the grace period: the Workflow was persisted Succeeded at 2026-09-19T16:30:01.300Z, 1.1s after "
                + "the first signal (grace 30s)", e.cleared().get(0).reason());
    }

    @Test
    void aKillRoundThatFindsNothingRunningClearsIt() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:00.300Z", "redis", null),
                cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
                signaled("2026-09-19T16:30:30.400Z", "redis", "unable to upgrade connection: container not found (\\\"redis\\\")"),
                workflowUpdated("2026-09-19T16:30:40.000Z", "Running")).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        assertTrue(e.cleared().get(0).reason().startsWith("no container of the Pod was running when the kill round ran"), e.cleared().toString());
    }

    @Test
    void stoppingAPodWhoseMainStillRanIsNotThisRule() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:00.200Z", "main", null),
                signaled("2026-09-19T16:30:00.300Z", "wait", null),
                cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
                signaled("2026-09-19T16:30:30.400Z", "main", null)).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("while main ran"), e.cleared().toString());
    }

    @Test
    void anUndeliveredSigtermWithNothingAfterIsOnlyPossible() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:00.300Z", "proxy", "command terminated with exit code 126")).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("proxy: command terminated with exit code 126", f.fact("signalError").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("would settle it"), f.confidenceReason());
        assertTrue(f.explanation().contains("workflows.argoproj.io/kill-cmd-proxy"), f.explanation());
    }

    @Test
    void theWaitContainerThatWouldNotStopIsNamedWithItsConsequence() {
        List<String> lines = List.of(createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
                signaled("2026-09-19T16:30:00.200Z", "wait", null),
                cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
                signaled("2026-09-19T16:30:30.400Z", "wait", null));
        Finding f = rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).correlate()).findings().get(0);
        assertEquals("30s (assumed: no kill delay logged)", f.fact("gracePeriod").orElseThrow().value());
        assertTrue(f.explanation().contains("the node ends Error"), f.explanation());
        assertEquals("Ran on after the first signal for at least", f.fact("runningAfterSignal").orElseThrow().label());
    }

    /**
     * Session 52 (dev seed 342's head-grep-tail excerpt): the pasted lines start after the Pod's first SIGTERM round; the SIGKILL
     * round that round queued comes 29.35 s after the first signal kept, before any kept round's kill was due. The cut round may have
     * found main still running (the controller stopping the Pod: cleared), so the lines alone give possible, naming it.
     */
    @Test
    void aKillRoundDueFromASigtermRoundCutAwayIsOnlyPossible() {
        String[] cut = {cleaningUp("2026-09-19T16:30:00.900Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.950Z", "wait", null),
            signaled("2026-09-19T16:30:00.960Z", "proxy", null),
            queueingAfter("2026-09-19T16:30:00.961Z", "killContainers", "30s"),
            cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy", null),
            workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
        Finding f = rule.evaluate(new Evidence().log("c.log", cut).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("2026-09-19T16:30:00.950Z") && f.confidenceReason().contains("main"), f.confidenceReason());

        // Control: the same rounds with the first one kept (the kill due 30 s after it): likely, as before.
        String[] whole = java.util.stream.Stream.concat(java.util.Arrays.stream(new String[] {
            cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.200Z", "wait", null),
            signaled("2026-09-19T16:30:00.250Z", "proxy", null),
            queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s")}), java.util.Arrays.stream(cut)).toArray(String[]::new);
        Finding w = rule.evaluate(new Evidence().log("c.log", whole).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, w.confidence(), w.confidenceReason());

        // An export showing main ended before the cut round could have run (a grace period before the kill, less the end of main's
        // second and what its node's clock may be off, session 53): that round signalled no main, and the export shows how proxy
        // ended: confirmed. Control: main ended after that moment: possible still.
        Exports.Pod before = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:28:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z");
        Finding c = rule.evaluate(new Evidence().log("c.log", cut).takenAt("pod.yaml", "2026-09-19T16:40:00Z", before.yaml()).correlate())
                .findings().get(0);
        // Session 57: before it past the node's minute alone, nothing bounding that clock: likely (NodeClockReadersTest: confirmed
        // with the node's and the controller's clocks bounded).
        assertEquals(Confidence.LIKELY, c.confidence(), c.confidenceReason());
        Exports.Pod after = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:30:01Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z");
        Finding p = rule.evaluate(new Evidence().log("c.log", cut).takenAt("pod.yaml", "2026-09-19T16:40:00Z", after.yaml()).correlate())
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, p.confidence(), p.confidenceReason());
    }

    /** The cut excerpt of {@link #aKillRoundDueFromASigtermRoundCutAwayIsOnlyPossible}: its kill round at 16:30:30.302, grace 30 s. */
    private static String[] cutRounds() {
        return new String[] {cleaningUp("2026-09-19T16:30:00.900Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.950Z", "wait", null),
            signaled("2026-09-19T16:30:00.960Z", "proxy", null),
            queueingAfter("2026-09-19T16:30:00.961Z", "killContainers", "30s"),
            cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy", null),
            workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
    }

    /** The Pod exported after it stopped, main's {@code finishedAt} (its kubelet's, on its node's clock) at {@code mainEnded}. */
    private static String stoppedPod(String mainEnded) {
        return Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", mainEnded)
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z").yaml();
    }

    private Finding withExport(String[] lines, String mainEnded) {
        return rule.evaluate(new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:40:00Z", stoppedPod(mainEnded)).correlate())
                .findings().get(0);
    }

    /**
     * Session 53: main's {@code finishedAt} is its kubelet's, on its node's clock and to the second; the SIGKILL round's time is the
     * controller's. The SIGTERM round the excerpt lost ran no later than a grace period before the kill (16:30:00.302); main's end
     * keeps the reading (that round found main ended: confirmed) only where the end of its second and what a node's clock may be off
     * (a minute) still put it before that moment. A node behind the controller writes an end earlier than it came; one ahead, a later
     * one, which never makes the reading stronger.
     */
    @Test
    void mainsEndOnItsNodesClockSettlesACutRoundOnlyPastWhatThatClockMayBeOff() {
        // main ended 16:30:01 by the controller's clock, after the cut round may have run (and may have signalled it: the controller
        // stopping the Pod); its node 2 s behind wrote 16:29:59, a grace period and a second before the kill. Before session 53 this
        // read as main ended before that round: confirmed. Now possible, the reason naming the node's clock.
        Finding behind = withExport(cutRounds(), "2026-09-19T16:29:59Z");
        assertEquals(Confidence.POSSIBLE, behind.confidence(), behind.confidenceReason());
        assertTrue(behind.confidenceReason().contains("2026-09-19T16:29:59Z") && behind.confidenceReason().contains("node's clock")
                && behind.confidenceReason().contains("1m"), behind.confidenceReason());
        // A node 40 s ahead writes 16:29:40 for an end at 16:29:00: no stronger a reading (possible), whichever way the clock is off.
        Finding ahead = withExport(cutRounds(), "2026-09-19T16:29:40Z");
        assertEquals(Confidence.POSSIBLE, ahead.confidence(), ahead.confidenceReason());
        // Whole seconds: 16:29:00 is an end up to 16:29:00.999 on the node: with a minute and the 30 s grace, up to 16:30:30.999, after
        // the kill at 16:30:30.302: possible. Read as the instant written (16:29:00 + 1m30s = 16:30:30) it would have been kept.
        Finding truncated = withExport(cutRounds(), "2026-09-19T16:29:00Z");
        assertEquals(Confidence.POSSIBLE, truncated.confidence(), truncated.confidenceReason());
        // Control, past the margin: an end written at 16:28:59 is before the cut round by more than the end of its second and a
        // node's minute: likely since session 57 (was confirmed): that order rests on the node's clock, which nothing bounds here.
        Finding past = withExport(cutRounds(), "2026-09-19T16:28:59Z");
        assertEquals(Confidence.LIKELY, past.confidence(), past.confidenceReason());
        // Control, one clock: with the first SIGTERM round kept, the kill came a grace period after it by the controller's own lines
        // (no round was cut), and main's end within the node's margin lowers nothing: confirmed, as before session 53.
        String[] whole = java.util.stream.Stream.concat(java.util.Arrays.stream(new String[] {
            cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.200Z", "wait", null),
            signaled("2026-09-19T16:30:00.250Z", "proxy", null),
            queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s")}), java.util.Arrays.stream(cutRounds())).toArray(String[]::new);
        Finding kept = withExport(whole, "2026-09-19T16:29:59Z");
        assertEquals(Confidence.CONFIRMED, kept.confidence(), kept.confidenceReason());
        // Without an export the reason asks for one, as before (not the node-clock wording).
        Finding none = rule.evaluate(new Evidence().log("c.log", cutRounds()).correlate()).findings().get(0);
        assertTrue(none.confidenceReason().contains("an export of the Pod showing when main ended"), none.confidenceReason());
    }
}
