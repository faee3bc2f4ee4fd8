package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.LookAlikes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AF007: a Pod deleted while its main container ran, its node ended Error "pod deleted"; and a Pod deleted after it finished (AF001's case). */
class PodDeletedDuringExecutionTest {
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String GC = "system:serviceaccount:kube-system:pod-garbage-collector";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    @Test
    void theExportOfTheDeletedPodWithMainRunningAndTheAuditRecordConfirmItAndNameWho() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING)
                .object("audit.log", Exports.audit("delete", "", GC, "2026-09-19T16:40:00.212345Z", 200))
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z")).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF007", f.rule());
        assertEquals(Severity.MEDIUM, f.severity());
        // The Pod garbage collector deletes a Pod not finished only where its node is gone: the export shows main as the lost node's
        // kubelet last reported it, which a main that ended in the seconds before the loss shows too (session 42): likely.
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("main's state is the lost node's kubelet's last report"), f.confidenceReason());
        assertEquals(GC, f.fact("deletedBy").orElseThrow().value());
        assertEquals("deleted it", f.fact("howDeleted").orElseThrow().value());
        assertEquals("2026-09-19T16:40:00.212345Z", f.fact("deletedAt").orElseThrow().value());
        assertEquals("Deleted at", f.fact("deletedAt").orElseThrow().label(), "one audit record dates the delete itself");
        assertTrue(f.fact("mainContainer").orElseThrow().value().toString().startsWith("an export of the deleted Pod shows main running; but its "
                + "node was lost (the Pod garbage collector deleted it at 2026-09-19T16:40:00.212345Z (audit record)"),
                () -> f.fact("mainContainer").orElseThrow().value().toString());
        assertTrue(f.summary().startsWith("Pod ns/p was deleted by " + GC), f.summary());
        assertEquals(List.of("audit.log:1", "c.log:2", "c.log:3", "c.log:4", "c.log:5", "pod.yaml:1", "wf.yaml:1"),
                f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    /**
     * Session 42: the Pod garbage collector's {@code DisruptionTarget} {@code DeletionByPodGC} on an export of the deleted Pod showing
     * main running: the Pod of a node that no longer exists, its containers as its kubelet last reported them. An exported Workflow's
     * "pod deleted" does not make that confirmed; the same export without the condition (nothing says the node was lost) still does.
     */
    @Test
    void aLostNodesLastReportDoesNotConfirmMainRunningAtTheDeletion() {
        String lost = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:00Z", 0)
                .condition("DisruptionTarget", "True", "DeletionByPodGC", "2026-09-19T16:40:00Z").running("main").running("wait").yaml();
        dev.argoforensics.correlate.Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", lost).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate();
        dev.argoforensics.correlate.Execution x = c.lifecycle(c.pods().keySet().iterator().next()).execution();
        assertTrue(x.frozenReport(), x.reason());
        Finding f = rule.evaluate(c).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("its DisruptionTarget condition DeletionByPodGC"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("and the exported Workflow records the node Error \"pod deleted\"; but main's state is the lost "
                + "node's kubelet's last report"), f.confidenceReason());
        // Control: nothing says the node was lost.
        Finding live = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, live.confidence(), live.confidenceReason());
    }

    /**
     * Session 42 control: a user deletes the running Pod (audit record, grace 30 s) on a live node, and the kubelet reports after the
     * request (wait's end, 20 s later, main still running in that report); the node is lost after that (NodeNotReady on the Pod). The
     * report read was written after the request, so it shows main running at it: confirmed. Without the kubelet's later report the
     * same export may be the last one from before the request: likely.
     */
    @Test
    void aReportTheKubeletWroteAfterTheRequestStillConfirmsThoughTheNodeWasLostLater() {
        String user = "alice@example.com";
        Exports.Pod reported = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").terminated("wait", 143, "Error", "2026-09-19T16:40:20Z");
        Exports.Pod silent = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait");
        for (boolean after : new boolean[] {true, false}) {
            Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", (after ? reported : silent).yaml())
                    .object("audit.log", Exports.audit("delete", "", user, "2026-09-19T16:40:00.212345Z", 200))
                    .object("ev.yaml", Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:40:50Z", "Node is not ready"))
                    .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
            assertEquals(1, e.findings().size(), () -> e.cleared().toString());
            Finding f = e.findings().get(0);
            assertEquals(user, f.fact("deletedBy").orElseThrow().value());
            // Session 54: wait's end 20 s after the request is its node's clock, within the minute that clock may be off: not shown
            // written after the request, so the lost node's last report stands (likely). Session 57 (reconcile): the containers' start,
            // written 4 s after the Pod's creation, bounds that node to 5 s ahead (NodeClock, s57-bounds): wait's end came at least 15 s
            // after the request, the report was written after it and shows main running: confirmed, as session 42 read it. Without
            // wait's end the export may still be the lost node's last report from before the request: likely.
            // Session 59 (s59-away): the bound is the Pod's start, minutes before the time ordered: FAR, at most likely (NodeClock.NodeOrder.FAR).
            assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        }
        // The same report on a Pod created two hours before (its start beyond a bound's hour of wait's end: nothing bounds the node
        // near it): within the minute, the lost node's last report stands, likely.
        Evaluation aged = rule.evaluate(new Evidence().log("c.log", java.util.Arrays.stream(lines()).map(l -> l.replace("T16:27:1", "T14:27:1"))
                        .toArray(String[]::new)).pod("pod.yaml", reported.yaml().replace("T16:27:1", "T14:27:1"))
                .object("audit.log", Exports.audit("delete", "", user, "2026-09-19T16:40:00.212345Z", 200))
                .object("ev.yaml", Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:40:50Z", "Node is not ready"))
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(Confidence.LIKELY, aged.findings().get(0).confidence(), aged.findings().get(0).confidenceReason());
        Exports.Pod late = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").terminated("wait", 143, "Error", "2026-09-19T16:41:20Z");
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", late.yaml())
                .object("audit.log", Exports.audit("delete", "", user, "2026-09-19T16:40:00.212345Z", 200))
                .object("ev.yaml", Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:41:50Z", "Node is not ready"))
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        // Session 57: wait's end 80 s after the request is after it past the node's minute only, nothing bounding that clock: the
        // report is not the lost node's last (not frozen), but the order rests on the node's clock: likely. Session 57 (reconcile):
        // the containers' start 4 s after the Pod's creation bounds the node to 5 s ahead: after the request on that bound, confirmed
        // (NodeClockReadersTest.aLostNodesLaterReportThroughTheNodesClock keeps the margin's likely for a node nothing bounds).
        // Session 59 (s59-away, reviewed by the lead): that bound is the start's, 14 minutes before wait's end; a time daemon that followed
        // a wrong server in between may have stepped the clock 80 s ahead, which no record shows: FAR, likely (the report still not the
        // lost node's last).
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
    }

    @Test
    void theKubeletStoppingTheRunningMainContainerShowsItToo() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines())
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .object("ev2.yaml", Exports.podEvent("Evicted", "kubelet", "", "2026-09-19T16:39:59Z", "The node was low on resource: memory."))
                .correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), "only the controller log records the node's end");
        assertEquals("kubelet", f.fact("deletedBy").orElseThrow().value());
        assertEquals("evicted it (node pressure)", f.fact("howDeleted").orElseThrow().value());
        assertEquals("the kubelet stopped the running container main at 2026-09-19T16:40:00Z (Killing event)", f.fact("mainContainer").orElseThrow().value());
    }

    /**
     * Negative control for the stated clock: the kubelet's Killing Event with its own timestamp as {@code -o yaml} prints it (its
     * {@code metadata.creationTimestamp} within its stamp's second) and an exported Workflow that recorded the node's end confirm a
     * deletion while main ran. Session 61: the same Event trimmed of its creationTimestamp (a hand-cut paste, kubectl-neat) is its
     * node's stamp alone, which nothing places on the API server's clock: likely, not confirmed.
     */
    @Test
    void aKillingEventWithItsOwnTimestampConfirms() {
        Finding f = rule.evaluate(new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEventStored("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        Finding trimmed = rule.evaluate(new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, trimmed.confidence(), trimmed.confidenceReason());
    }

    /**
     * The same Killing in a {@code kubectl get events -o wide} table: its time is the stated export time less its age, on the clock
     * of whoever took it. Its order with the deletion is read at the end of its 60 s window least favourable to it, and never
     * confirms alone: likely, however close the stated clock (here 30 s off the controller's: the Event reads as 16:40:30, the
     * deletion is at 16:40:01) and whether or not it reads after the deletion.
     */
    @Test
    void aKillingEventDatedByAStatedClockIsOnlyLikely(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        for (String takenAt : List.of("2026-09-19T16:40:45Z", "2026-09-19T16:40:15Z")) {
            java.nio.file.Path file = dir.resolve("events.txt");
            java.nio.file.Files.write(file, List.of("# taken-at: " + takenAt, "$ kubectl get events -n ns -o wide",
                    "LAST SEEN   TYPE     REASON    OBJECT   SUBOBJECT               SOURCE          MESSAGE",
                    "15s         Normal   Killing   pod/p    spec.containers{main}   kubelet, n-4    Stopping container main"));
            List<dev.argoforensics.snapshot.ExportedObject> table = new dev.argoforensics.snapshot.PasteFileReader().read(
                    new dev.argoforensics.source.InputFile("events.txt", file, dev.argoforensics.source.InputKind.SNAPSHOT, false,
                            dev.argoforensics.source.PasteShape.KUBECTL_EVENTS.label()),
                    dev.argoforensics.source.PasteShape.KUBECTL_EVENTS, null, null, dev.argoforensics.wording.Message.NOTHING).objects();
            assertEquals(1, table.size(), table.toString());
            assertTrue(((dev.argoforensics.snapshot.ClusterEvent) table.get(0)).statedClock());
            Evidence evidence = new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW);
            Finding f = rule.evaluate(evidence.exported(table.get(0)).correlate()).findings().get(0);
            assertEquals(Confidence.LIKELY, f.confidence(), takenAt + ": " + f.confidenceReason());
            assertTrue(f.confidenceReason().startsWith("only a record dated by an export's stated time (an Event's age"), f.confidenceReason());
            String main = String.valueOf(f.fact("mainContainer").orElseThrow().value());
            assertTrue(main.contains("(Killing event, dated by the export's stated time less its age)"), main);
        }
    }

    @Test
    void aPodDeletedAfterItsContainersFinishedIsAf001sCaseAndIsCleared() {
        String finished = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", finished).workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().startsWith("its containers had finished before the deletion was requested (the containers ended at "
                + "2026-09-19T16:27:44Z (main exit 0, wait exit 0), before the deletion was requested at 2026-09-19T16:31:04Z"), e.cleared().get(0).reason());
    }

    /**
     * Session 22 (case right2-c06): main OOMKilled (exit 137) three seconds before a grace-0 deletion of the finished Pod (pod GC
     * OnPodCompletion): the kernel's kill, not the deletion's. Before, AF007 was likely ("main was ended by a signal ... moments
     * apart: most likely the kill of that deletion"). Its twin, main ended 137 with reason Error moments before the deletion,
     * stays the deletion's kill.
     */
    @Test
    void anOomKillMomentsBeforeTheDeletionIsNotTheDeletionsKill() {
        String oom = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:31:04Z", 0).terminated("main", 137, "OOMKilled", "2026-09-19T16:31:01Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:31:02Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", oom).workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        String killed = oom.replace("OOMKilled", "Error");
        Evaluation k = rule.evaluate(new Evidence().pod("pod.yaml", killed).workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(1, k.findings().size(), k.cleared().toString());
        assertTrue(k.findings().get(0).confidenceReason().contains("most likely the kill of that deletion"), k.findings().get(0).confidenceReason());
    }

    @Test
    void aNodeThatFailedForAnotherReasonIsNotThisRule() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", DELETED_RUNNING)
                .workflow("wf.yaml", Exports.workflow("Failed", "Failed", "Pod was active on the node longer than the specified deadline", null, true, null))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty());
    }

    @Test
    void anExportFromBeforeTheDeletionLeavesRoomForTheContainerToHaveFinished() {
        String running = Exports.Pod.of().running("main").running("wait").yaml();
        Finding f = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", running).workflow("wf.yaml", ERRORED_WORKFLOW).correlate())
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), "main may have finished between the export and the deletion");
        assertEquals("2026-09-19T16:40:01.100Z", f.fact("deletedAt").orElseThrow().value(), "the informer's delete event");
        assertEquals("Deleted no later than", f.fact("deletedAt").orElseThrow().label(),
                "the delete event only bounds the deletion from above: the label must not state it as its time");
        assertEquals(null, f.fact("deletedBy").orElseThrow().value());
        assertTrue(f.explanation().contains("Neither audit records nor Events in the inputs name who deleted it"), f.explanation());
    }

    /**
     * Review (issue 13): no logs, only a Pod export from before the deletion (main running) and a later
     * Workflow export with the node Error "pod deleted". Nothing dates the deletion, so the lifecycle has
     * no {@code DeletionRequest}; the "order not established" branch still reaches {@code finding()},
     * which dereferences it: {@code NullPointerException: Cannot invoke
     * "DeletionRequest.notAfter()" because "request" is null} (the CLI ends with "internal error").
     * The docs say this case is a {@code possible} AF007.
     */
    @Test
    void aPodLostWithNoEvidenceOfWhenItWasDeletedDoesNotCrash() {
        String running = Exports.Pod.of().running("main").running("wait").yaml();
        Evidence ev = new Evidence().takenAt("pod.yaml", "2026-09-19T16:30:00Z", running).workflow("wf.yaml", ERRORED_WORKFLOW);
        Evaluation e = assertDoesNotThrow(() -> rule.evaluate(ev.correlate()));
        assertTrue(e.findings().stream().allMatch(f -> f.confidence() == Confidence.POSSIBLE), () -> e.findings().toString());
    }

    /** Review (issue 13): the same Pod is a deletion during execution for AF007 (the controller's lines only: possible). */
    @Test
    void aRunningPodDeletedWithAPositiveDelayIsReported() {
        List<String> lines = new java.util.ArrayList<>(List.of(createdPod("2026-09-19T16:27:10.431Z")));
        lines.addAll(dev.argoforensics.testing.LookAlikes.runningPodDeletedWithAPositiveDelay());
        lines.addAll(List.of(podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error")));
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
    }

    /**
     * Review (issue 13): a Pod whose main and wait containers had exited 0 but whose sidecar still ran
     * (so the Pod was not terminal) is deleted: the API server gives it its grace period (30 s). The
     * lifecycle reads "grace > 1" as "main was running" before it looks at main's state in the same
     * export, and AF007 says likely: "deleted ... while its main container was still running", which
     * the export it cites contradicts. A grace period proves the Pod had not finished, not that main ran.
     */
    @Test
    void aGracePeriodGivenForARunningSidecarDoesNotMakeMainRunning() {
        String pod = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:30:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").running("istio-proxy").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:40:10Z", pod)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() != Confidence.POSSIBLE),
                () -> e.findings().stream().map(f -> f.confidence() + ": " + f.summary()).toList().toString());
    }

    /**
     * Session 39 (judgment seed 1808, a drain bystander): main exited 0 at 16:39:59, wait at 16:40:00, and the drain's eviction was
     * requested at 16:40:00 (deletionTimestamp 16:40:30 minus grace 30 s). The grace period shows the Pod unfinished at the request,
     * which wait still running makes it; main's end and the request are one second apart on two clocks (the kubelet's, the API
     * server's) that may disagree by more. AF007 said confirmed: "main had not ended before it". Nothing orders them: not decided.
     */
    @Test
    void aGracePeriodWithMainEndingOnItsOwnMomentsBeforeTheRequestDoesNotMakeMainRunning() {
        String pod = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:39:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:00Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:40:10Z", pod)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() != Confidence.POSSIBLE),
                () -> e.findings().stream().map(f -> f.confidence() + ": " + f.confidenceReason()).toList().toString());
        String said = e.findings().isEmpty() ? e.cleared().get(0).reason() : e.findings().get(0).confidenceReason();
        assertTrue(said.contains("main ended at 2026-09-19T16:39:59Z (exit 0) and the deletion was requested at 2026-09-19T16:40:00Z"), said);

        // Exit 0 one second after the request (a main that trapped the SIGTERM, or finished on its own, on clocks a second apart): the
        // order rests on the two clocks agreeing within a second, likely and saying so.
        String after = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:40:01Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:02Z").yaml();
        Evaluation a = rule.evaluate(new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:40:10Z", after)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(1, a.findings().size(), a::toString);
        assertEquals(Confidence.LIKELY, a.findings().get(0).confidence(), () -> a.findings().get(0).confidenceReason());
        // Session 54: likely on the grace period's ground (wait 1 s after main on the same clock), not on the clocks agreeing.
        assertTrue(a.findings().get(0).confidenceReason().contains("the grace period says the API server did not hold the Pod finished at the request"),
                () -> a.findings().get(0).confidenceReason());

        // The control: main ended by SIGTERM (143) within a second of the request is most likely the deletion's kill (session 54:
        // likely, its node's clock may be a minute off); main ending more than that minute after the request ran when it was made.
        String near = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 143, "Error", "2026-09-19T16:40:01Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:26Z").yaml();
        Evaluation n = rule.evaluate(new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:40:28Z", near)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(Confidence.LIKELY, n.findings().get(0).confidence(), () -> n.findings().get(0).confidenceReason());
        for (String[] end : new String[][] {{"143", "Error", "2026-09-19T16:41:05Z"}, {"0", "Completed", "2026-09-19T16:41:05Z"}}) {
            String killed = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", Integer.parseInt(end[0]), end[1], end[2])
                    .terminated("wait", 0, "Completed", "2026-09-19T16:41:06Z").yaml();
            Evaluation k = rule.evaluate(new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:41:10Z", killed)
                    .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
            assertEquals(1, k.findings().size(), () -> String.join(",", end) + ": " + k);
            // Session 56: main's end more than the node's minute after the request orders it on that minute alone, nothing bounding the
            // node's clock: likely, saying so (was confirmed). Session 57: the containers' start, written 4 s after the Pod's creation,
            // bounds the node to 5.4 s ahead at most: main's end 65 s after the request is after it on that bound, confirmed.
            // Session 59 (s59-away): the bound is the Pod's start, minutes before the time ordered: FAR, at most likely (NodeClock.NodeOrder.FAR).
            assertEquals(Confidence.LIKELY, k.findings().get(0).confidence(), () -> k.findings().get(0).confidenceReason());
        }
    }

    /**
     * s41 breaker: main exited 0 on its own at 16:39:59, and a drain's eviction was requested at 16:40:00 (grace 30 s). The version
     * the deletion wrote (a {@code kubectl get -w} capture) still shows main running: the kubelet reports a container's end a second
     * or two late. A later export shows main terminated at 16:39:59. The running version confirmed "main still running"; main's own
     * end, read against the request, decides instead (here: nothing, on clocks that may disagree by more than a second). Controls:
     * the running version alone still confirms, and beside main's later kill by a signal after the request it confirms too.
     */
    @Test
    void theDeletionsOwnVersionShowingMainRunningDoesNotOutweighMainsReportedEnd() {
        String atDeletion = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml();
        String later = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:39:59Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:01Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod-w.yaml", atDeletion).takenAt("pod.yaml", "2026-09-19T16:40:10Z", later)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() != Confidence.POSSIBLE),
                () -> e.findings().stream().map(f -> f.confidence() + ": " + f.confidenceReason()).toList().toString());

        Evaluation alone = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod-w.yaml", atDeletion).workflow("wf.yaml", ERRORED_WORKFLOW)
                .correlate());
        assertEquals(Confidence.CONFIRMED, alone.findings().get(0).confidence(), () -> alone.findings().get(0).confidenceReason());
        String killed = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 143, "Error", "2026-09-19T16:40:03Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:04Z").yaml();
        Evaluation k = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod-w.yaml", atDeletion).takenAt("pod.yaml", "2026-09-19T16:40:10Z", killed)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        // Session 54: main's kill 3 s after the request on its node's clock may be before it on a node ahead (the running version then
        // the kubelet's late report): most likely the deletion's kill, likely.
        assertEquals(Confidence.LIKELY, k.findings().get(0).confidence(), () -> k.findings().get(0).confidenceReason());
    }

    /**
     * Review (s17): a Workflow deleted in the foreground; the garbage collector deletes its running Pod and the controller,
     * still reconciling the Workflow, marks the node "pod deleted". The only record of the Workflow's deletion is
     * {@code argo get -o yaml} with its {@code deletionTimestamp}. That is the Workflow's deletion, not a disruption of the
     * step: AF007 said likely.
     */
    @Test
    void aPodTakenByTheForegroundDeletionOfItsWorkflowIsNotADisruption() {
        String deleting = ERRORED_WORKFLOW.replace("metadata: {name: p, namespace: ns, uid: w-1}",
                "metadata: {name: p, namespace: ns, uid: w-1, deletionTimestamp: \"2026-09-19T16:39:59Z\", finalizers: [foregroundDeletion]}");
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", deleting).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("was being deleted")), () -> e.cleared().toString());
    }

    private static String updateRefused(String t, String reason, String error) {
        return "time=" + t + " level=WARN msg=\"Error updating workflow\" component=workflow_worker workflow=p namespace=ns reason=" + reason
                + " error=\"" + error + "\"";
    }

    private static final String NOT_FOUND = "workflows.argoproj.io \\\"p\\\" not found";

    /**
     * Judgment seed 139 (unseen): a Workflow deleted in the background while its step ran. The garbage collector deletes the
     * running Pod; a worker still holding the Workflow's copy marks the node "pod deleted" and its update is refused as not
     * found. The node's end was never recorded anywhere: the Workflow was gone. No export of the Workflow, no audit log.
     */
    @Test
    void aNodeMarkedInAnUpdateRefusedAsNotFoundWentWithItsWorkflow() {
        String[] withRefusal = java.util.stream.Stream.concat(java.util.Arrays.stream(lines()),
                java.util.stream.Stream.of(updateRefused("2026-09-19T16:40:02.009Z", "NotFound", NOT_FOUND))).toArray(String[]::new);
        Evaluation e = rule.evaluate(new Evidence().log("c.log", withRefusal).pod("pod.yaml", DELETED_RUNNING).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("was being deleted") && c.reason().contains("not found")),
                () -> e.cleared().toString());
    }

    @Test
    void aConflictOrALaterSuccessfulUpdateIsNoWorkflowGone() {
        String[] conflict = java.util.stream.Stream.concat(java.util.Arrays.stream(lines()), java.util.stream.Stream.of(
                updateRefused("2026-09-19T16:40:02.009Z", "Conflict", "the object has been modified"))).toArray(String[]::new);
        assertEquals(1, rule.evaluate(new Evidence().log("c.log", conflict).pod("pod.yaml", DELETED_RUNNING).correlate()).findings().size());
        String[] recovered = java.util.stream.Stream.concat(java.util.Arrays.stream(lines()), java.util.stream.Stream.of(
                updateRefused("2026-09-19T16:40:02.009Z", "NotFound", NOT_FOUND),
                dev.argoforensics.testing.V4.workflowUpdated("2026-09-19T16:40:12.100Z", "Error"))).toArray(String[]::new);
        assertEquals(1, rule.evaluate(new Evidence().log("c.log", recovered).pod("pod.yaml", DELETED_RUNNING).correlate()).findings().size(),
                "the Workflow was written after the refusal: it was there");
    }

    /**
     * Review (s17): a drain evicts the running Pod through the Eviction API; no Events, no audit log, only an export taken
     * during the grace period, whose {@code DisruptionTarget} condition ({@code EvictionByEvictionAPI}, set by the API server
     * just before the delete) says what removed it. The report said "Deleted by unknown".
     */
    @Test
    void theDisruptionTargetConditionOfAnExportNamesWhatDeletedThePod() {
        String evicted = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml()
                .replace("  conditions:\n", "  conditions:\n  - {type: DisruptionTarget, status: \"True\", reason: EvictionByEvictionAPI,"
                        + " message: \"Eviction API: evicting\", lastTransitionTime: \"2026-09-19T16:40:00Z\"}\n");
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", evicted).workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("the Eviction API (kubectl drain, or another eviction client)", f.fact("deletedBy").orElseThrow().value());
        assertEquals("evicted it", f.fact("howDeleted").orElseThrow().value());
        assertTrue(f.evidence().stream().anyMatch(x -> x.role().contains("DisruptionTarget")), () -> f.evidence().toString());
    }

    /**
     * Review (s17): a controller older than the pod-event lines (v3.5) logs nothing when a Pod is deleted; a NoExecute taint
     * makes the taint manager delete the running Pod (its TaintManagerEviction Event, then the kubelet's Killing of main), and the
     * Workflow worker marks the node "pod deleted". Nothing dated the deletion but those Events, which were not read as
     * one: AF007 said nothing at all, not even that it could not decide.
     */
    @Test
    void theDeletingComponentsEventDatesTheDeletionWhenNoControllerLineDoes() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:40:30.000Z"),
                markingError("2026-09-19T16:40:30.000Z"), nodePhaseChanged("2026-09-19T16:40:30.001Z", "Running", "Error"))
                .object("ev1.yaml", Exports.podEvent("TaintManagerEviction", "taint-controller", "", "2026-09-19T16:40:00Z", "Marking for deletion Pod ns/p"))
                .object("ev2.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), "the Killing Event shows main running; only the controller log records the node's end");
        assertEquals("taint-controller", f.fact("deletedBy").orElseThrow().value());
    }

    /**
     * Evicted (DisruptionTarget at 16:31:11), main ended by a signal at 16:31:12, deletionTimestamp 16:31:11 with grace 0: the
     * objects alone leave the end and the request a second apart, and the signal is read only weakly as the kill. The first
     * deleting handler run's delay dates the first deleted version's latest condition transition to 16:31:11; Ready went False
     * at 16:31:12, after it: the containers were still running when the deletion came, stated by the Pod's own times.
     */
    @Test
    void readinessLostAfterTheFirstDeletedVersionConfirmsADeletionWhileMainRan() {
        Evaluation e = rule.evaluate(new Evidence().pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:14Z", 137, "2026-09-19T16:31:14Z"))
                .workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("1.log", LookAlikes.deletionSeenArriving("update", "1m59.743s", podEvent("2026-09-19T16:31:14.900Z", "update"))
                        .toArray(String[]::new)).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        // Session 54: Ready's flip 3 s after the eviction is its kubelet's, on its node's clock: within that clock's minute it may be
        // the late report of a main that ended just before; the signal moments apart stays, likely.
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        Evaluation late = rule.evaluate(new Evidence().pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:32:20Z", 137, "2026-09-19T16:32:20Z"))
                .workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("1.log", LookAlikes.deletionSeenArriving("update", "1m59.743s", podEvent("2026-09-19T16:32:20.900Z", "update"))
                        .toArray(String[]::new)).correlate());
        Finding g = late.findings().get(0);
        // Session 57: 69 s after the eviction is past the node's minute only, nothing bounding its clock: likely, saying so. Session 57
        // (reconcile): the containers' start, written 4 s after the Pod's creation, bounds the node to 5 s ahead: the flip came at least
        // 64 s after the eviction on that bound, confirmed (NodeClockReadersTest keeps the margin's likely for a node nothing bounds).
        // Session 59 (s59-away): the bound is the Pod's start, minutes before the time ordered: FAR, at most likely (NodeClock.NodeOrder.FAR).
        assertEquals(Confidence.LIKELY, g.confidence(), g.confidenceReason());
        assertTrue(g.confidenceReason().contains("an export shows Ready False since 2026-09-19T16:32:20Z: the containers' readiness changed after "
                + "the deletion was requested"), g.confidenceReason());
        assertEquals("the Eviction API (kubectl drain, or another eviction client)", f.fact("deletedBy").orElseThrow().value());
        // Session 46 (s46-breaker10): Ready False a second after, within the kubelet's report lag, does not confirm it: the signal moments
        // apart stays, likely.
        Finding withinLag = rule.evaluate(new Evidence().pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:12Z", 137)).workflow("wf.yaml", ERRORED_WORKFLOW)
                .log("1.log", LookAlikes.deletionSeenArriving("update", "1m59.743s", podEvent("2026-09-19T16:31:12.900Z", "update"))
                        .toArray(String[]::new)).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, withinLag.confidence(), withinLag.confidenceReason());
    }

    /** Its negative control: readiness lost at 16:31:10, before the first deleted version: only the signal moments apart, possible at most. */
    @Test
    void readinessLostBeforeTheFirstDeletedVersionLeavesOnlyTheSignal() {
        Finding f = rule.evaluate(new Evidence().pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:10Z", 137))
                .log("1.log", LookAlikes.deletionSeenArriving("update", "1m59.743s", podEvent("2026-09-19T16:31:12.900Z", "update"))
                        .toArray(String[]::new)).log("2.log", podMissing("2026-09-19T16:40:02.246Z"), markingError("2026-09-19T16:40:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:40:02.247Z", "Running", "Error")).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /**
     * AF001 says of a Pod whose order it cannot establish that "it may have been deleted while it ran (AF007)": AF007, which
     * reports nothing then, now says so in its clearances, with what was lacking and what would settle it.
     */
    @Test
    void aDeletionTheEvidenceCannotOrderWithTheEndIsSaidUndecidedWithWhatWouldSettleIt() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", LookAlikes.deletionSeenArriving("add", "-1m0s").toArray(String[]::new))
                .log("2.log", podMissing("2026-09-19T16:40:02.246Z"), markingError("2026-09-19T16:40:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:40:02.247Z", "Running", "Error")).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        assertTrue(e.cleared().get(0).reason().startsWith("not decided: the Pod was deleted and its node ended Error \"pod deleted\", but no export "
                + "of the Pod shows how its containers ended, so whether main still ran"), e.cleared().get(0).reason());
    }


    /**
     * Session 38 breaker: a drain during a Workflow-worker stall reaches a Pod whose main had exited 0 and whose {@code wait} had
     * saved its outputs, while its sidecar still ran (nothing signals a sidecar until a Workflow worker reconciles the Pod). The
     * kubelet's Killing Event names the sidecar, not main: it shows the Pod unfinished, not main running (it read as AF007
     * confirmed, "the kubelet stopped the running container log-shipper"). Control: main's own Killing, main ending 137.
     */
    @Test
    void aSidecarsKillingAfterMainExitedDoesNotShowMainRunning() {
        String sidecarKilled = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:30Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:39:40Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:39:42Z").terminated("log-shipper", 137, "Error", "2026-09-19T16:40:01Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", sidecarKilled).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{log-shipper}", "2026-09-19T16:40:00Z", "Stopping container log-shipper"))
                .correlate());
        assertEquals(List.of(), e.findings(), "main had exited 0 twenty seconds before the deletion");
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        assertTrue(e.cleared().get(0).reason().contains("main had ended at 2026-09-19T16:39:40Z"), e.cleared().get(0).reason());
        // The kubelet's final delete (grace 0) leaves no grace period to read; the Killing Event then says it.
        String finalDelete = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:01Z", 0).terminated("main", 0, "Completed", "2026-09-19T16:39:40Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:39:42Z").terminated("log-shipper", 137, "Error", "2026-09-19T16:40:01Z").yaml();
        Evaluation graceZero = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", finalDelete).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{log-shipper}", "2026-09-19T16:40:00Z", "Stopping container log-shipper"))
                .correlate());
        assertEquals(List.of(), graceZero.findings());
        assertTrue(graceZero.cleared().get(0).reason().contains("main had ended at 2026-09-19T16:39:40Z (main exit 0, wait exit 0, log-shipper exit 137), "
                + "but the kubelet stopped the running container log-shipper at 2026-09-19T16:40:00Z (Killing event): another container (a sidecar) "
                + "still ran"), graceZero.cleared().get(0).reason());

        String mainKilled = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:30Z", 30).terminated("main", 137, "Error", "2026-09-19T16:40:01Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:02Z").terminated("log-shipper", 137, "Error", "2026-09-19T16:40:01Z").yaml();
        Evaluation control = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", mainKilled).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEventStored("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .correlate());
        assertEquals(1, control.findings().size());
        assertEquals(Confidence.CONFIRMED, control.findings().get(0).confidence());

        // Without an export of the Pod: the sidecar's Killing alone says nothing of main; main's own does.
        Evaluation alone = rule.evaluate(new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{log-shipper}", "2026-09-19T16:40:00Z", "Stopping container log-shipper"))
                .correlate());
        assertEquals(List.of(), alone.findings());
        Evaluation mainAlone = rule.evaluate(new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .correlate());
        assertEquals("the kubelet stopped the running container main at 2026-09-19T16:40:00Z (Killing event)",
                mainAlone.findings().get(0).fact("mainContainer").orElseThrow().value());
    }

    /**
     * Session 38 breaker: a Killing Event for main that is a failed liveness probe (restartPolicy Never: main killed, the Pod
     * Failed), twenty minutes before the Pod's deletion. The kubelet's kill for a deletion says "Stopping container"; a probe's
     * says the probe failed: main's own failure, not the deletion's kill (it read as "the kubelet stopped the running container
     * main", AF007 confirmed). Control: the same Event saying "Stopping container main".
     */
    @Test
    void aLivenessProbeKillIsNotTheDeletionsKill() {
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:20:00Z",
                        "Container main failed liveness probe, will be restarted"))
                .correlate());
        assertEquals(List.of(), e.findings());
        Evaluation control = rule.evaluate(new Evidence().log("c.log", lines()).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("ev.yaml", Exports.podEventStored("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:00Z", "Stopping container main"))
                .correlate());
        assertEquals(Confidence.CONFIRMED, control.findings().get(0).confidence());
    }

    /**
     * Session 38 breaker: the same Pod whose sidecar ignored the SIGTERM and was killed at the end of the grace period. The last
     * container's end came long after the deletion, main's 20 s before it: the containers' end read as main's ("the containers
     * ended at 16:40:30, after the deletion was requested", AF007 confirmed). Control: main itself ending then.
     */
    @Test
    void aSidecarEndingLongAfterTheDeletionDoesNotShowMainRunning() {
        String sidecarLate = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:30Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:39:40Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:39:42Z").terminated("log-shipper", 137, "Error", "2026-09-19T16:40:30Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", sidecarLate).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", Exports.audit("delete", "", GC, "2026-09-19T16:40:00.212345Z", 200)).correlate());
        assertEquals(List.of(), e.findings(), "main had exited 0 twenty seconds before the deletion");

        String mainLate = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:30Z", 30).terminated("main", 137, "Error", "2026-09-19T16:40:30Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:01Z").terminated("log-shipper", 0, "Completed", "2026-09-19T16:39:42Z").yaml();
        Evaluation control = rule.evaluate(new Evidence().log("c.log", lines()).pod("pod.yaml", mainLate).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", Exports.audit("delete", "", GC, "2026-09-19T16:40:00.212345Z", 200)).correlate());
        assertEquals(1, control.findings().size());
        // Session 54: main's kill 30 s after the request on its node's clock, within the minute it may be off: most likely the
        // deletion's kill, likely. Session 57 (reconcile): the containers' start, written 4 s after the Pod's creation, bounds the
        // node to 5 s ahead (NodeClock, s57-bounds): main was killed at least 25 s after the request, running at it: confirmed.
        // Session 59 (s59-away): the bound is the Pod's start, minutes before the time ordered: FAR, at most likely (NodeClock.NodeOrder.FAR).
        assertEquals(Confidence.LIKELY, control.findings().get(0).confidence(), control.findings().get(0).confidenceReason());
    }

    /**
     * Session 39 breaker: main ended by SIGTERM (143) five seconds before the deletion was requested (deletionTimestamp minus its
     * grace), on the kubelet's clock against the API server's. The executor's own kill (activeDeadlineSeconds, argo stop) ends main
     * so with wait still uploading (the grace period then shows wait running), and so does the deletion's kill on clocks five seconds
     * apart: nothing orders them, so main running at the request is no more than likely.
     */
    @Test
    void aSignalExitSecondsBeforeTheRequestIsNotConfirmedRunning() {
        String pod = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 143, "Error", "2026-09-19T16:39:55Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:05Z").yaml();
        Evaluation e = rule.evaluate(new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:40:10Z", pod)
                .workflow("wf.yaml", ERRORED_WORKFLOW).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED),
                () -> e.findings().stream().map(f -> f.confidence() + ": " + f.confidenceReason()).toList().toString());
        assertEquals(1, e.findings().size(), e::toString);
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), () -> e.findings().get(0).confidenceReason());
        assertTrue(e.findings().get(0).confidenceReason().contains("the executor's own kill"), () -> e.findings().get(0).confidenceReason());
        // The control (143 a second after the request, confirmed) is in the test of main ending on its own moments before it.
    }
}
