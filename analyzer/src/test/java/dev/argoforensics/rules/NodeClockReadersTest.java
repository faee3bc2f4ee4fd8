package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.LookAlikes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 57: the readers that still ordered a node's time against another clock by the node's minute alone read it through the
 * node's clock as the Pod's own records bound it ({@code correlate.NodeClock}, one {@code NodeClocks} per Pod): {@code ExecutionOrder}'s
 * {@code lagging}, {@code beyondReportLag} and {@code kubeletReportedAfter}, {@code DeletionBounds}' grace-0 inference (and
 * {@code DeletionRequest.latestMayBeKubeletsFinalDelete}), AF010's kill round. With a bound the order is one clock's (confirmed where
 * the rest allows; not ordered where the bound shows the node off by more than the order allows); without one the minute stays and
 * the confidence says the order rests on the node's clock (at most likely). Each reader with the node behind and ahead by 30-90 s,
 * with and without the records that bound it.
 *
 * <p>What bounds a node's clock: a kubelet Event's {@code firstTimestamp} (the node's) against its {@code creationTimestamp} (the API
 * server's, stored after) from below; {@code status.startTime} against the binding ({@code PodScheduled}, the scheduler's
 * {@code Scheduled} Event showing the Pod went through it) from above. An order "the node's time after another's" needs the bound from
 * above, "before" the one from below.
 */
class NodeClockReadersTest {
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);

    /** A kubelet Event of Pod p stamped {@code first} on its node's clock, stored at {@code created} by the API server. */
    private static String kubeletEvent(String first, String created) {
        return NodeEventsClockTest.kubeletEvent("Started", first, created);
    }

    /**
     * A readiness probe's failure the kubelet reported near the time ordered (a bound showing a clock off holds at its value only
     * within a minute of its record, NodeClock.STEP_FREE_NANOS: a node known ahead at the start may have been corrected since).
     */
    private static String probeEvent(String first, String created) {
        return NodeEventsClockTest.kubeletEvent("Unhealthy", first, created).replace("Started container main", "Readiness probe failed: connection refused");
    }

    /** The scheduler's Scheduled Event of Pod p: the Pod went through the scheduler, so PodScheduled is the binding's time. */
    private static String scheduledEvent() {
        return NodeEventsClockTest.kubeletEvent("Scheduled", "2026-09-19T16:27:11Z", "2026-09-19T16:27:11Z")
                .replace("component: kubelet", "component: default-scheduler");
    }

    /**
     * The Pod export {@code yaml} with the binding at 16:27:11 (PodScheduled, the API server's clock) and its kubelet's
     * {@code status.startTime} at {@code startTime} (the node's): the node's clock is no more than startTime + 1 s - 16:27:11 ahead.
     */
    private static String started(String yaml, String startTime) {
        // Session 57 (reconcile): the containers start after status.startTime on the same clock; the default start (16:27:14, 4 s after
        // the creation) would bound a node the premise puts elsewhere (NodeClock's start-after-creation bound), so they start 2 s after it.
        String containersStart = java.time.Instant.parse(startTime).plusSeconds(2).toString();
        yaml = yaml.replace("startedAt: \"2026-09-19T16:27:14Z\"", "startedAt: \"" + containersStart + "\"");
        String phase = yaml.substring(yaml.indexOf("status:\n  phase: ") + "status:\n  phase: ".length());
        phase = phase.substring(0, phase.indexOf('\n'));
        return yaml.replace("status:\n  phase: " + phase + "\n", "status:\n  phase: " + phase + "\n  startTime: \"" + startTime + "\"\n")
                .replace("  conditions:\n", "  conditions:\n  - {type: PodScheduled, status: \"True\", lastTransitionTime: \"2026-09-19T16:27:11Z\"}\n");
    }

    /**
     * Session 57 (reconcile): the Pod created two hours earlier (its creation, its containers' start, the Created pod line and the
     * Workflow's start at 14:27:1x instead of 16:27:1x: a Pod created before its Workflow started is not that Workflow's). A start a few seconds after the creation bounds the node's clock from above (NodeClock, s57-bounds); two
     * hours before the times ordered it is beyond a bound's hour, so nothing bounds the node near them: the minute alone orders.
     */
    private static String old(String s) {
        return s.replace("T16:27:1", "T14:27:1");
    }

    /** The controller's lines of {@link #old(String)}'s Pod: those of its creation's minute (the workers' start, Created pod) moved with it. */
    private static String[] old(String[] lines) {
        return java.util.Arrays.stream(lines).map(l -> l.replace("T16:27:", "T14:27:")).toArray(String[]::new);
    }

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    // ---- AF010: the kill round against main's and the signalled container's end -------------------------------------------------

    private static String signaled(String t, String container) {
        return "time=" + t + " level=INFO msg=\"signaled container\" component=pod_controller namespace=ns pod=p container=" + container
                + " stdout=\"\" stderr=\"\" error=<nil>";
    }

    /** An excerpt that lost the first SIGTERM round (the SIGKILL round at 16:30:30.302 came due early), the Pod's creation kept. */
    private static String[] cutRounds() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"), cleaningUp("2026-09-19T16:30:00.900Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.950Z", "wait"), signaled("2026-09-19T16:30:00.960Z", "proxy"),
            queueingAfter("2026-09-19T16:30:00.961Z", "killContainers", "30s"), cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy"), workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
    }

    private static Evaluation af010(String[] lines, String pod, String... events) {
        Evidence e = new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod);
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return new ContainerWouldNotStop().evaluate(e.correlate());
    }

    private static String mainEnded(String at) {
        return Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", at).terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z")
                .terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z").yaml();
    }

    /**
     * The cut SIGTERM round ran no later than 16:30:00.302 (a grace period before the kill). main's end written at 16:29:40 is 20 s
     * before it, within a node's minute: without a bound possible (the round may have stopped a running main). Its node's kubelet Event
     * stored within a second of its stamp (the node no more than 2 s behind) and the controller's Created pod a half second after the
     * API server stored the Pod (its clock no more than that ahead): main's end written at 16:28:55, 65 s before the round (the
     * margin's likely without the Event), ended before it on one clock's ground: confirmed. Session 58 breaker: the Event 2 min 26 s before an end written 16:29:40 no longer
     * confirms it (a VM paused in between, no longer than the node-monitor grace period, leaves no trace and puts the end up to 50 s
     * later than it reads: NodeClock.PAUSE_NANOS): possible, as without the Event.
     */
    @Test
    void af010ACutRoundSettledByMainsEndWhereTheNodesClockIsBounded() {
        Finding free = af010(cutRounds(), mainEnded("2026-09-19T16:29:40Z")).findings().get(0);
        assertEquals(Confidence.POSSIBLE, free.confidence(), free.confidenceReason());
        Finding paused = af010(cutRounds(), mainEnded("2026-09-19T16:29:40Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"))
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, paused.confidence(), paused.confidenceReason());
        Finding freeEarlier = af010(cutRounds(), mainEnded("2026-09-19T16:28:55Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, freeEarlier.confidence(), freeEarlier.confidenceReason());
        // Session 59: the Event 101 s before that end bounds the clock there only while nothing stepped it away since (a time daemon
        // following a wrong server, NodeClock.NodeOrder.FAR): likely, as the margin; an Event of the kubelet's within the minute of
        // the end, stored within a second of its stamp, agreeing makes it one clock's order again: confirmed.
        Finding bounded = af010(cutRounds(), mainEnded("2026-09-19T16:28:55Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"))
                .findings().get(0);
        assertEquals(Confidence.LIKELY, bounded.confidence(), bounded.confidenceReason());
        assertTrue(bounded.confidenceReason().contains("more than a minute away"), bounded.confidenceReason());
        // Session 60: the controller's clock is bounded by its Created pod line only, 200 s before the round (a step of that clock
        // away since goes unseen as a node's does): likely.
        Finding near = af010(cutRounds(), mainEnded("2026-09-19T16:28:55Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"),
                probeEvent("2026-09-19T16:28:30Z", "2026-09-19T16:28:31Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, near.confidence(), near.confidenceReason());
        // Past the minute without a bound: the order rests on the node's clock, likely, saying so.
        Finding margin = af010(cutRounds(), mainEnded("2026-09-19T16:28:59Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, margin.confidence(), margin.confidenceReason());
        assertTrue(margin.confidenceReason().contains("not confirmed: that order rests on the node's clock"), margin.confidenceReason());
    }

    /**
     * Session 59 (s59-away): the grace period is taken after main's end, the node's clock read where it stamped that end (as
     * {@code NodeClocks.timeBefore}, a4f04348), not at end + grace, a moment no clock stamped. main's end written 16:29:40; its node's
     * readiness probe failure stamped 16:29:05 and stored at 16:29:06 (the node no more than 2 s behind there, 35 s before the end).
     * Read at the end: main ended by 16:29:43 on the API server's clock, a grace period before the SIGKILL round (16:30:30.302) with
     * the controller's clock bounded by its Created pod line: the cut SIGTERM round signalled no main, confirmed. Read at end + grace
     * (16:30:10, 65 s from the Event: past the minute, where a VM paused since puts the clock up to 50 s further behind) it was not
     * ordered (possible). Controls: the same end with only the start's Event (146 s away) stays possible; the probe's Event stored
     * 40 s after its stamp (the node 40 s behind) keeps the round open.
     */
    @Test
    void af010TheGraceIsTakenAfterTheEndOnTheClockThatStampedIt() {
        // Session 60: likely, not confirmed: the controller's clock is bounded by its Created pod line only, 200 s before the round.
        Finding near = af010(cutRounds(), mainEnded("2026-09-19T16:29:40Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"),
                probeEvent("2026-09-19T16:29:05Z", "2026-09-19T16:29:06Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, near.confidence(), near.confidenceReason());
        Finding far = af010(cutRounds(), mainEnded("2026-09-19T16:29:40Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"))
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, far.confidence(), far.confidenceReason());
        Finding behind = af010(cutRounds(), mainEnded("2026-09-19T16:29:40Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:15Z"),
                probeEvent("2026-09-19T16:29:05Z", "2026-09-19T16:29:45Z")).findings().get(0);
        assertEquals(Confidence.POSSIBLE, behind.confidence(), behind.confidenceReason());
    }

    /**
     * Negative control: the node's Event stored 71 s after its stamp (the node more than a minute behind): main's end written at
     * 16:28:59 came after 16:30:10 on the API server's clock, after the cut round may have run: possible, not the margin's likely.
     */
    @Test
    void af010ANodeKnownFarBehindKeepsTheCutRoundOpen() {
        Finding behind = af010(cutRounds(), mainEnded("2026-09-19T16:28:59Z"), kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:28:25Z"))
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, behind.confidence(), behind.confidenceReason());
    }

    /** The whole rounds kept (the kill a grace period after the first SIGTERM round), proxy exported with {@code exit} at {@code at}. */
    private static Evaluation wholeWithProxy(String at, String... events) {
        return wholeWithProxy(at, "2026-09-19T16:27:14Z", events);
    }

    /** The same, the containers started at {@code startedAt} on the node's clock. */
    private static Evaluation wholeWithProxy(String at, String startedAt, String[] events) {
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"), cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.200Z", "wait"), signaled("2026-09-19T16:30:00.300Z", "proxy"),
            queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s"), cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy"), workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
        String pod = Exports.Pod.of().startedAt(startedAt).phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:30:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", at).yaml();
        return af010(lines, pod, events);
    }

    /**
     * proxy SIGKILLed (137) written at 16:29:20, 70 s before the round: past the minute, read as another's kill before the round (a
     * stale cache: cleared). Its node's Event shows the clock more than a minute behind (stored 71 s after its stamp): the kill may be
     * the round's own, so it is not cleared: found, likely (the order rests on the node's clock, another's SIGKILL just before reads
     * the same).
     */
    @Test
    void af010AKilledSidecarOnANodeKnownBehindIsNotClearedByItsWrittenEnd() {
        Evaluation free = wholeWithProxy("2026-09-19T16:29:20Z");
        assertTrue(free.findings().isEmpty(), free.findings().toString());
        assertEquals(List.of("AF010.cleared.exportedEnded"), free.cleared().stream().map(x -> x.why().code()).toList());
        Evaluation behind = wholeWithProxy("2026-09-19T16:29:20Z", kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:28:25Z"));
        assertEquals(1, behind.findings().size(), behind.cleared().toString());
        assertEquals(Confidence.LIKELY, behind.findings().get(0).confidence(), behind.findings().get(0).confidenceReason());
    }

    /**
     * Negative control, a node ahead: proxy's 137 written 2 s before the round is, without a bound, most likely the round's own kill on
     * a node behind (likely). Its node's Event stamped 39 s after the API server stored it shows the clock at least 38 s ahead: the kill
     * came half a minute before the round, another's, and the round signalled a container already gone (a stale cache): cleared.
     * Session 57 (reconcile): on that node the containers' start is written as late (16:27:53, a second before its Started Event): the
     * default 16:27:14, 4 s after the creation, would bound the node to 5 s ahead, crossing the Event's bound (NodeClock drops both).
     * Session 57 (lead, after s57-b-bounds' step rule): a readiness probe's Event 8 s before the kill shows the node still 38 s ahead
     * then; the start's Event alone, 2.5 min earlier, no longer does.
     */
    @Test
    void af010AKilledSidecarOnANodeKnownAheadIsAnotherKill() {
        Evaluation free = wholeWithProxy("2026-09-19T16:30:28Z");
        assertEquals(Confidence.LIKELY, free.findings().get(0).confidence(), free.findings().get(0).confidenceReason());
        Evaluation ahead = wholeWithProxy("2026-09-19T16:30:28Z", "2026-09-19T16:27:53Z",
                new String[] {kubeletEvent("2026-09-19T16:27:54Z", "2026-09-19T16:27:15Z"), probeEvent("2026-09-19T16:30:20Z", "2026-09-19T16:29:41Z")});
        assertTrue(ahead.findings().isEmpty(), ahead.findings().toString());
        // The start's Event alone, 2.5 min before the kill: the node may have been corrected since (the step rule): the free reading
        Evaluation startOnly = wholeWithProxy("2026-09-19T16:30:28Z", "2026-09-19T16:27:53Z",
                new String[] {kubeletEvent("2026-09-19T16:27:54Z", "2026-09-19T16:27:15Z")});
        assertEquals(Confidence.LIKELY, startOnly.findings().get(0).confidence(), startOnly.findings().get(0).confidenceReason());
        assertEquals(List.of("AF010.cleared.exportedEnded"), ahead.cleared().stream().map(x -> x.why().code()).toList());
    }

    // ---- DeletionBounds' grace-0 inference -------------------------------------------------------------------------------------

    private static String[] deletedLines() {
        return deletedWhileRunning();
    }

    /** Containers completed (exit 0) at {@code finishedAt} on the node's clock; deletionTimestamp 16:40:00, grace 0. */
    private static Correlation completed(String finishedAt, String... events) {
        return completed(finishedAt, "2026-09-19T16:27:14Z", events);
    }

    /** The same, the containers started at {@code startedAt} on the node's clock. */
    private static Correlation completed(String finishedAt, String startedAt, String[] events) {
        String pod = Exports.Pod.of().startedAt(startedAt).phase("Succeeded").deleted("2026-09-19T16:40:00Z", 0).terminated("main", 0, "Completed", finishedAt)
                .terminated("wait", 0, "Completed", finishedAt).yaml();
        Evidence e = new Evidence().log("c.log", deletedLines()).workflow("wf.yaml", ERRORED_WORKFLOW).pod("pod.yaml", pod);
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return e.correlate();
    }

    /**
     * A node at least 28 s ahead (its Event stamped 29 s after the API server stored it): containers written as ended at 16:39:20 ended
     * no later than 16:38:53 on the API server's clock, more than the kubelet's final delete may take before the grace-0 16:40:00: the
     * timestamp is read as the request (the inference, likely at most). Without the Event 41 s is within that minute: not read so.
     * Session 57 (reconcile): on that node the containers' start is written as late (16:27:43, a second before its Event), not 4 s
     * after the creation (which would bound the node to 5 s ahead and cross the Event's bound). Session 57 (lead, after s57-b-bounds'
     * step rule): a readiness probe's Event 10 s before the end shows the node still 28 s ahead then; the start's Event alone no longer.
     */
    @Test
    void graceZeroInferenceOnANodeKnownAhead() {
        DeletionRequest free = life(completed("2026-09-19T16:39:20Z")).deletion();
        assertFalse(free.inferredLower(), free.toString());
        PodLifecycle ahead = life(completed("2026-09-19T16:39:20Z", "2026-09-19T16:27:43Z",
                new String[] {kubeletEvent("2026-09-19T16:27:44Z", "2026-09-19T16:27:15Z"), probeEvent("2026-09-19T16:39:10Z", "2026-09-19T16:38:41Z")}));
        assertTrue(ahead.deletion().inferredLower(), ahead.deletion().toString());
        // The start's Event alone, 12 min before the end: the node may have been corrected since (the step rule): not drawn
        PodLifecycle startOnly = life(completed("2026-09-19T16:39:20Z", "2026-09-19T16:27:43Z",
                new String[] {kubeletEvent("2026-09-19T16:27:44Z", "2026-09-19T16:27:15Z")}));
        assertFalse(startOnly.deletion().inferredLower(), startOnly.deletion().toString());
        assertEquals("2026-09-19T16:40:00Z", ahead.deletion().notBefore().at().format());
        assertFalse(ahead.deletion().latestMayBeKubeletsFinalDelete(ahead.containersEnd().orElseThrow()), ahead.deletion().toString());
        // The order of the end and the request rests on the inference (graceGuess: likely at most), not on the node's margin.
        assertEquals(State.FINISHED_BEFORE, ahead.execution().state(), ahead.execution().reason());
        assertTrue(ahead.execution().graceGuess() && !ahead.execution().nodeMargin(), ahead.execution().toString());
        assertTrue(free.latestMayBeKubeletsFinalDelete(life(completed("2026-09-19T16:39:20Z")).containersEnd().orElseThrow()));
    }

    /**
     * A node at least 31 s behind (its Event stored 31 s after its stamp): containers written as ended at 16:38:50, 70 s before the
     * grace-0 timestamp, ended as late as 16:39:23: the timestamp may be the kubelet's own final delete (Kubernetes 1.33+), and the
     * inference is not drawn. Without the Event the written 70 s read past the minute: drawn, and the end before the request rests on
     * the node's margin.
     */
    @Test
    void graceZeroInferenceNotDrawnOnANodeKnownBehind() {
        PodLifecycle free = life(completed("2026-09-19T16:38:50Z"));
        assertTrue(free.deletion().inferredLower(), free.deletion().toString());
        assertTrue(free.execution().nodeMargin(), free.execution().toString());
        assertFalse(free.deletion().latestMayBeKubeletsFinalDelete(free.containersEnd().orElseThrow()));
        PodLifecycle behind = life(completed("2026-09-19T16:38:50Z", kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:45Z")));
        assertFalse(behind.deletion().inferredLower(), behind.deletion().toString());
        assertTrue(behind.deletion().latestMayBeKubeletsFinalDelete(behind.containersEnd().orElseThrow()), behind.deletion().toString());
        assertNotEquals(State.FINISHED_BEFORE, behind.execution().state(), behind.execution().reason());
        new SuccessReportedAsError().evaluate(completed("2026-09-19T16:38:50Z", kubeletEvent("2026-09-19T16:27:14Z", "2026-09-19T16:27:45Z")))
                .findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason()));
    }

    // ---- ExecutionOrder.lagging: a deleted export showing main running beside another export of main's end ----------------------

    /**
     * Pod p deleted with grace 30 (requested at 16:40:00): an export of the deleted Pod showing main running, and a later one (the
     * kubelet's final grace-0 delete) showing main killed (137) at {@code mainEnd} on its node's clock.
     */
    private static Correlation runningThenEnded(String mainEnd, String startTime) {
        return runningThenEnded(mainEnd, startTime, false);
    }

    /** The same, the Pod created two hours earlier ({@link #old(String)}: nothing bounds its node near main's end) where {@code aged}. */
    private static Correlation runningThenEnded(String mainEnd, String startTime, boolean aged) {
        String running = Exports.Pod.of().phase("Running").deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml();
        String ended = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:00Z", 0).terminated("main", 137, "Error", mainEnd)
                .terminated("wait", 0, "Completed", mainEnd).yaml();
        if (aged) {
            running = old(running);
            ended = old(ended);
        }
        Evidence e = new Evidence().log("c.log", aged ? old(deletedLines()) : deletedLines()).workflow("wf.yaml", aged ? old(ERRORED_WORKFLOW) : ERRORED_WORKFLOW)
                .takenAt("a-running.yaml", "2026-09-19T16:40:05Z", startTime == null ? running : started(running, startTime))
                .takenAt("b-ended.yaml", "2026-09-19T16:45:00Z", startTime == null ? ended : started(ended, startTime))
                .object("audit.log", Exports.audit("delete", "", "dana@example.com", "2026-09-19T16:40:00.000000Z", 200));
        if (startTime != null) {
            e.object("events.yaml", scheduledEvent());
        }
        return e.correlate();
    }

    /**
     * main's end written 90 s after the request: the running export is no late report, past the node's minute only (nothing bounds the
     * clock): running, on the margin, AF007 likely. With startTime a second after the binding (the node no more than 2 s ahead): the end
     * is after the request on one clock's ground: confirmed. Session 57 (reconcile): the containers' start written 4 s after the Pod's
     * creation already bounds the node to 5 s ahead (NodeClock, s57-bounds): confirmed without startTime too; the margin is left for a
     * Pod created two hours before (its start beyond a bound's hour of main's end).
     * Session 59 (s59-away): every bound here is a record of the Pod's start, 13 minutes or more before the time it orders; a clock
     * stepped away since (a time daemon following a wrong server) leaves no trace in the Pod's records, so those orders rest on no such
     * step (NodeClock.NodeOrder.FAR), as the margin's on the clock agreeing: likely where they were confirmed.
     */
    @Test
    void laggingPastTheMinuteRestsOnTheNodesClockUnlessBounded() {
        Correlation started = runningThenEnded("2026-09-19T16:41:30Z", null);
        assertEquals(State.RUNNING, life(started).execution().state(), life(started).execution().reason());
        assertTrue(life(started).execution().nodeMargin(), life(started).execution().toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(started).findings().get(0).confidence());
        Correlation free = runningThenEnded("2026-09-19T16:41:30Z", null, true);
        assertEquals(State.RUNNING, life(free).execution().state(), life(free).execution().reason());
        assertTrue(life(free).execution().nodeMargin(), life(free).execution().toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(free).findings().get(0).confidence());
        Correlation bounded = runningThenEnded("2026-09-19T16:41:30Z", "2026-09-19T16:27:12Z");
        assertEquals(State.RUNNING, life(bounded).execution().state(), life(bounded).execution().reason());
        assertTrue(life(bounded).execution().nodeMargin(), life(bounded).execution().toString());
        Finding f = new PodDeletedDuringExecution().evaluate(bounded).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    /**
     * A node known at least 37 s behind (startTime written 38 s before the binding): main's end written 50 s after the request came
     * 87 s after it: the running export is read, on one clock's ground. Without the bound 50 s is within the minute: set aside as a
     * possible late report, and nothing confirms. Session 57 (reconcile): "without the bound" is a Pod created two hours before; the
     * containers' start 4 s after a recent creation bounds the node to 5 s ahead, and the end 45 s after the request confirms.
     * Session 59 (s59-away): every bound here is a record of the Pod's start, 13 minutes or more before the time it orders; a clock
     * stepped away since (a time daemon following a wrong server) leaves no trace in the Pod's records, so those orders rest on no such
     * step (NodeClock.NodeOrder.FAR), as the margin's on the clock agreeing: likely where they were confirmed.
     */
    @Test
    void laggingOnANodeKnownBehindReadsTheRunningExport() {
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(runningThenEnded("2026-09-19T16:40:50Z", null))
                .findings().get(0).confidence());
        Correlation free = runningThenEnded("2026-09-19T16:40:50Z", null, true);
        assertNotEquals(Confidence.CONFIRMED, new PodDeletedDuringExecution().evaluate(free).findings().get(0).confidence());
        Correlation behind = runningThenEnded("2026-09-19T16:40:50Z", "2026-09-19T16:26:33Z");
        assertEquals(State.RUNNING, life(behind).execution().state(), life(behind).execution().reason());
        assertTrue(life(behind).execution().nodeMargin(), life(behind).execution().toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(behind).findings().get(0).confidence());
    }

    /**
     * Negative control, a node that may be far ahead (startTime written 94 s after the binding: up to 95 s ahead): main's end written 90 s
     * after the request may have come before it, so the running export may be a late report: set aside, nothing confirmed, where the
     * minute alone read it (likely).
     */
    @Test
    void laggingOnANodeThatMayBeFarAheadSetsTheRunningExportAside() {
        Correlation ahead = runningThenEnded("2026-09-19T16:41:30Z", "2026-09-19T16:28:45Z");
        Execution x = life(ahead).execution();
        assertFalse(x.state() == State.RUNNING && !x.weak() && !x.nodeMargin(), x.toString());
        new PodDeletedDuringExecution().evaluate(ahead).findings()
                .forEach(f -> assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason()));
    }

    // ---- ExecutionOrder.beyondReportLag: readiness lost after the first deleted version ---------------------------------------------

    private static Evaluation evicted(String readySince, String startTime) {
        return evicted(readySince, startTime, false);
    }

    /** The same, the Pod created two hours earlier ({@link #old(String)}: nothing bounds its node near the flip) where {@code aged}. */
    private static Evaluation evicted(String readySince, String startTime, boolean aged) {
        String pod = LookAlikes.evicted(readySince, 137, readySince);
        String[] lines = LookAlikes.deletionSeenArriving("update", "1m59.743s", podEvent(readySince.replace("Z", ".900Z"), "update"))
                .toArray(String[]::new);
        if (aged) {
            pod = old(pod);
            lines = old(lines);
        }
        Evidence e = new Evidence().pod("pod.yaml", startTime == null ? pod : started(pod, startTime))
                .workflow("wf.yaml", aged ? old(ERRORED_WORKFLOW) : ERRORED_WORKFLOW).log("1.log", lines);
        if (startTime != null) {
            e.object("events.yaml", scheduledEvent());
        }
        return new PodDeletedDuringExecution().evaluate(e.correlate());
    }

    /**
     * Ready lost at 16:32:20, 69 s after the eviction (16:31:11): past the minute only, nothing bounding the node's clock: likely. The
     * node no more than 2 s ahead (startTime against the binding): after the request by its report lag on one clock's ground:
     * confirmed. A node up to 95 s ahead: the flip may be the late report of a main that ended before: not confirmed. Session 57
     * (reconcile): the containers' start 4 s after the Pod's creation bounds the node to 5 s ahead without startTime (confirmed); the
     * margin's likely is for a Pod created two hours before.
     * Session 59 (s59-away): every bound here is a record of the Pod's start, 13 minutes or more before the time it orders; a clock
     * stepped away since (a time daemon following a wrong server) leaves no trace in the Pod's records, so those orders rest on no such
     * step (NodeClock.NodeOrder.FAR), as the margin's on the clock agreeing: likely where they were confirmed.
     */
    @Test
    void readinessAfterTheDeletionThroughTheNodesClock() {
        Finding started = evicted("2026-09-19T16:32:20Z", null).findings().get(0);
        assertEquals(Confidence.LIKELY, started.confidence(), started.confidenceReason());
        Finding free = evicted("2026-09-19T16:32:20Z", null, true).findings().get(0);
        assertEquals(Confidence.LIKELY, free.confidence(), free.confidenceReason());
        Finding bounded = evicted("2026-09-19T16:32:20Z", "2026-09-19T16:27:12Z").findings().get(0);
        assertEquals(Confidence.LIKELY, bounded.confidence(), bounded.confidenceReason());
        assertTrue(bounded.confidenceReason().contains("the containers' readiness changed after the deletion was requested"), bounded.confidenceReason());
        Finding ahead = evicted("2026-09-19T16:32:20Z", "2026-09-19T16:28:45Z").findings().get(0);
        assertNotEquals(Confidence.CONFIRMED, ahead.confidence(), ahead.confidenceReason());
        // Within the kubelet's report lag of the eviction, bounded or not: not read as running.
        Finding lag = evicted("2026-09-19T16:31:12Z", "2026-09-19T16:27:12Z").findings().get(0);
        assertNotEquals(Confidence.CONFIRMED, lag.confidence(), lag.confidenceReason());
    }

    /**
     * A node known at least 37 s behind: Ready lost at 16:31:40 as written, 29 s after the eviction (within the minute), came more than
     * a minute after it: the containers were running at the request: confirmed. Without the bound: not. Session 57 (reconcile):
     * "without the bound" is a Pod created two hours before; the containers' start 4 s after a recent creation bounds the node to 5 s
     * ahead, and the flip at least 24 s after the eviction, past the kubelet's report lag, confirms.
     * Session 59 (s59-away): every bound here is a record of the Pod's start, 13 minutes or more before the time it orders; a clock
     * stepped away since (a time daemon following a wrong server) leaves no trace in the Pod's records, so those orders rest on no such
     * step (NodeClock.NodeOrder.FAR), as the margin's on the clock agreeing: likely where they were confirmed.
     */
    @Test
    void readinessOnANodeKnownBehind() {
        Finding started = evicted("2026-09-19T16:31:40Z", null).findings().get(0);
        assertEquals(Confidence.LIKELY, started.confidence(), started.confidenceReason());
        Finding free = evicted("2026-09-19T16:31:40Z", null, true).findings().get(0);
        assertNotEquals(Confidence.CONFIRMED, free.confidence(), free.confidenceReason());
        Finding behind = evicted("2026-09-19T16:31:40Z", "2026-09-19T16:26:33Z").findings().get(0);
        assertEquals(Confidence.LIKELY, behind.confidence(), behind.confidenceReason());
    }

    // ---- ExecutionOrder.kubeletReportedAfter: a lost node's report ----------------------------------------------------------------

    private static Correlation lostAfterReport(String waitEnded, String startTime) {
        return lostAfterReport(waitEnded, startTime, false);
    }

    /** The same, the Pod created two hours earlier ({@link #old(String)}: nothing bounds its node near the report) where {@code aged}. */
    private static Correlation lostAfterReport(String waitEnded, String startTime, boolean aged) {
        return lostAfterReport(waitEnded, startTime, aged, Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:41:50Z", "Node is not ready"));
    }

    /** The same, the node lifecycle controller's NotReady given as {@code notReady}. */
    private static Correlation lostAfterReport(String waitEnded, String startTime, boolean aged, String notReady) {
        String pod = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").terminated("wait", 143, "Error", waitEnded).yaml();
        if (aged) {
            pod = old(pod);
        }
        Evidence e = new Evidence().log("c.log", aged ? old(deletedLines()) : deletedLines()).pod("pod.yaml", startTime == null ? pod : started(pod, startTime))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:40:00.212345Z", 200))
                .object("ev.yaml", notReady)
                .workflow("wf.yaml", aged ? old(ERRORED_WORKFLOW) : ERRORED_WORKFLOW);
        if (startTime != null) {
            e.object("events.yaml", scheduledEvent());
        }
        return e.correlate();
    }

    /**
     * The kubelet reported wait's end 80 s after the request, then its node was lost: past the minute only, the report is read as after
     * the request on the node's margin (not the lost node's last report, likely). Bounded (no more than 2 s ahead): after it on one
     * clock's ground, main running at the request: confirmed. Up to 95 s ahead: the report may be from before the request, the lost
     * node's last: frozen, likely. Session 57 (reconcile): the containers' start 4 s after the Pod's creation bounds the node to 5 s
     * ahead without startTime (not frozen, not on the margin); the margin is for a Pod created two hours before.
     * Session 59 (s59-away): every bound here is a record of the Pod's start, 13 minutes or more before the time it orders; a clock
     * stepped away since (a time daemon following a wrong server) leaves no trace in the Pod's records, so those orders rest on no such
     * step (NodeClock.NodeOrder.FAR), as the margin's on the clock agreeing: likely where they were confirmed.
     */
    @Test
    void aLostNodesLaterReportThroughTheNodesClock() {
        Execution started = life(lostAfterReport("2026-09-19T16:41:20Z", null)).execution();
        assertTrue(!started.frozenReport() && started.nodeMargin(), started.toString());
        Execution free = life(lostAfterReport("2026-09-19T16:41:20Z", null, true)).execution();
        assertTrue(!free.frozenReport() && free.nodeMargin(), free.toString());
        Correlation bounded = lostAfterReport("2026-09-19T16:41:20Z", "2026-09-19T16:27:12Z");
        assertTrue(!life(bounded).execution().frozenReport() && life(bounded).execution().nodeMargin(), life(bounded).execution().toString());
        Finding f = new PodDeletedDuringExecution().evaluate(bounded).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        Execution ahead = life(lostAfterReport("2026-09-19T16:41:20Z", "2026-09-19T16:28:45Z")).execution();
        assertTrue(ahead.frozenReport(), ahead.toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(lostAfterReport("2026-09-19T16:41:20Z", "2026-09-19T16:28:45Z"))
                .findings().get(0).confidence());
    }

    /**
     * Session 62 (s61 breaker's attack (d)): the node lifecycle controller's NotReady on the Node alone (the Pod, deleted by then, got none
     * of its own), stamped 16:41:50, 80 s after the Pod's deletionTimestamp (16:40:30), its last record: the kubelet may have stopped
     * posting up to a grace period and more before it, while the Pod stood. It reads as the Pod's own NotReady: a lost node, whose report
     * up to 95 s ahead may be its last (frozen, likely). Before, the Node's Event was given to the Pod only within its span, and the same
     * report, read as the kubelet's after the request, was confirmed. Control: a NotReady more than five minutes after the Pod's last
     * record (16:50:00; the Pod's span reaches past its deletionTimestamp, to its last line) is not the Pod's.
     */
    @Test
    void aLostNodesNotReadyOnTheNodeAfterThePodsEndReadsAsThePods() {
        Correlation ahead = lostAfterReport("2026-09-19T16:41:20Z", "2026-09-19T16:28:45Z", false, NodeClockS60Test.nodeNotReady("2026-09-19T16:41:50Z"));
        assertTrue(life(ahead).execution().frozenReport(), life(ahead).execution().toString());
        Finding f = new PodDeletedDuringExecution().evaluate(ahead).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        Correlation later = lostAfterReport("2026-09-19T16:41:20Z", "2026-09-19T16:28:45Z", false, NodeClockS60Test.nodeNotReady("2026-09-19T16:50:00Z"));
        assertFalse(life(later).execution().frozenReport(), life(later).execution().toString());
    }

    /**
     * A node known at least 37 s behind: wait's end written 30 s after the request came after it by more than a minute: confirmed.
     * Session 57 (reconcile): the containers' start 4 s after the Pod's creation bounds the node to 5 s ahead: the end at least 25 s
     * after the request, confirmed too; without a bound (a Pod created two hours before) the report may be the lost node's last.
     * Session 59 (s59-away): every bound here is a record of the Pod's start, 13 minutes or more before the time it orders; a clock
     * stepped away since (a time daemon following a wrong server) leaves no trace in the Pod's records, so those orders rest on no such
     * step (NodeClock.NodeOrder.FAR), as the margin's on the clock agreeing: likely where they were confirmed.
     */
    @Test
    void aLostNodesReportOnANodeKnownBehind() {
        Correlation started = lostAfterReport("2026-09-19T16:40:30Z", null);
        assertFalse(life(started).execution().frozenReport(), life(started).execution().toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(started).findings().get(0).confidence());
        Execution free = life(lostAfterReport("2026-09-19T16:40:30Z", null, true)).execution();
        assertTrue(free.frozenReport(), free.toString());
        Correlation behind = lostAfterReport("2026-09-19T16:40:30Z", "2026-09-19T16:26:33Z");
        assertFalse(life(behind).execution().frozenReport(), life(behind).execution().toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(behind).findings().get(0).confidence());
    }
}
