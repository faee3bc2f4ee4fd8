package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF015: a Pod created from a stale copy or after the Workflow completed; the guarded variant (the
 * stale-read guard's own lines); and the look-alikes: argo retry re-creating a failed node's Pod, a new
 * Workflow of the same name, a Pod recreated within a run.
 */
class StaleCopyActedOnTest {
    private final StaleCopyActedOn rule = new StaleCopyActedOn();

    /** v3.7 logrus text for Workflow ns/wf, one Pod node (the root: node ID and Pod name wf). */
    static String op(String t, String level, String msg, String attrs) {
        return "time=\"" + t + "\" level=" + level + " msg=\"" + msg + "\" " + attrs + (attrs.isEmpty() ? "" : " ") + "namespace=ns workflow=wf";
    }

    static List<String> completed() {
        return new ArrayList<>(List.of(
                op("2026-06-24T13:27:50.118Z", "info", "Processing workflow", "Phase= ResourceVersion=120"),
                op("2026-06-24T13:27:50.120Z", "info", "Updated phase  -> Running", ""),
                op("2026-06-24T13:27:50.161Z", "info", "Created pod: wf (wf)", ""),
                op("2026-06-24T13:27:50.175Z", "info", "Workflow update successful", "phase=Running resourceVersion=181"),
                op("2026-06-24T13:28:39.236Z", "info", "Processing workflow", "Phase=Running ResourceVersion=812"),
                op("2026-06-24T13:28:39.249Z", "info", "Updated phase Running -> Succeeded", ""),
                op("2026-06-24T13:28:39.250Z", "info", "Marking workflow completed", ""),
                op("2026-06-24T13:28:39.268Z", "info", "Workflow update successful", "phase=Succeeded resourceVersion=960")));
    }

    static Evaluation run(List<String> lines, String... more) {
        List<String> all = new ArrayList<>(lines);
        all.addAll(List.of(more));
        return new StaleCopyActedOn().evaluate(new Evidence().log("c.log", all.toArray(String[]::new)).correlate());
    }

    @Test
    void aPodCreatedFromACopyOlderThanTheCompletionIsHighAndLikely() {
        Evaluation e = run(completed(),
                op("2026-06-24T13:30:21.125Z", "info", "Processing workflow", "Phase= ResourceVersion=120"),
                op("2026-06-24T13:30:21.126Z", "info", "Updated phase  -> Running", ""),
                op("2026-06-24T13:30:21.171Z", "info", "Created pod: wf (wf)", ""),
                op("2026-06-24T13:30:22.104Z", "info", "Failed to re-apply update", "error=\"must never update completed workflows\""));
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF015", f.rule());
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(1, f.fact("podsCreated").orElseThrow().value());
        assertEquals("stale (resourceVersion 120, older than the completion's 960)", f.fact("copy").orElseThrow().value());
        assertTrue(f.explanation().contains("refused by the persist guard"), f.explanation());
        assertEquals("wf", f.node().id());
    }

    @Test
    void aNamesakeInAnotherClustersLogReadTogetherIsNotALikelyStaleCopy() {
        // Production's controller (a.log) completes wf at resourceVersion 960; staging's (b.log) runs its own wf from 13:27:40, at its
        // own lower versions, and creates its second step's Pod after production's wf completed. Read together, staging's pass looks
        // like a stale copy of the completed Workflow acted on.
        List<String> staging = List.of(
                op("2026-06-24T13:27:40.031Z", "info", "Processing workflow", "Phase= ResourceVersion=41"),
                op("2026-06-24T13:27:40.033Z", "info", "Updated phase  -> Running", ""),
                op("2026-06-24T13:27:40.070Z", "info", "Created pod: wf[0].extract (wf-extract-1270138352)", ""),
                op("2026-06-24T13:27:40.084Z", "info", "Workflow update successful", "phase=Running resourceVersion=57"),
                op("2026-06-24T13:29:12.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=88"),
                op("2026-06-24T13:29:12.452Z", "info", "Created pod: wf[1].load (wf-load-3315626018)", ""),
                op("2026-06-24T13:29:12.470Z", "info", "Workflow update successful", "phase=Running resourceVersion=93"));
        Evaluation e = rule.evaluate(new Evidence().log("a.log", completed().toArray(String[]::new)).log("b.log", staging.toArray(String[]::new))
                .correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                () -> e.findings().toString());
    }

    @Test
    void anExportedPodCreatedAfterTheCompletionConfirmsIt() {
        List<String> lines = new ArrayList<>(completed());
        lines.add(op("2026-06-24T13:30:21.125Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"));
        lines.add(op("2026-06-24T13:30:21.171Z", "info", "Created pod: wf (wf)", ""));
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: wf\n  namespace: ns\n  uid: u-2\n  creationTimestamp: \"2026-06-24T13:30:21Z\"\n"
                + "  labels: {workflows.argoproj.io/workflow: wf}\n  annotations: {workflows.argoproj.io/node-id: wf, workflows.argoproj.io/node-name: wf}\n"
                + "status:\n  phase: Running\n";
        Finding f = rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).takenAt("pod.yaml", "2026-06-24T13:40:00Z", pod)
                .correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertTrue(f.confidenceReason().contains("created at 2026-06-24T13:30:21Z"), f.confidenceReason());
    }

    @Test
    void anArgoRetryRecreatingTheFailedNodesPodIsSilent() {
        List<String> lines = new ArrayList<>(completed());
        lines.replaceAll(l -> l.replace("Succeeded", "Failed"));
        Evaluation e = run(lines,
                op("2026-06-24T13:41:03.611Z", "info", "Processing workflow", "Phase=Running ResourceVersion=1377"),
                op("2026-06-24T13:41:03.614Z", "info", "Pod node wf initialized Pending", ""),
                op("2026-06-24T13:41:03.637Z", "info", "Created pod: wf (wf)", ""));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /**
     * Session 37 breaker: v3.4.18 logrus, no Phase or ResourceVersion on "Processing workflow". After the Failed completion a pass
     * creates the node's Pod again and its update is stored: {@code argo retry} (which the controller's lines do not show) reads the
     * same, and the rerun's exported Pod is created after the completion too. It was AF015 {@code confirmed} by that export
     * ({@code likely} without it); now possible, naming argo retry. The control: the same pass whose update the persist guard refuses
     * (the stored Workflow still completed: no reset before it) is confirmed by the export, as before.
     */
    @Test
    void withoutResourceVersionsAnArgoRetrysPodIsNotAStaleCopy() {
        String w = " namespace=ns workflow=wf";
        List<String> lines = new ArrayList<>(List.of(
                "time=\"2026-06-24T13:27:50.118Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-06-24T13:27:50.120Z\" level=info msg=\"Updated phase  -> Running\"" + w,
                "time=\"2026-06-24T13:27:50.161Z\" level=info msg=\"Created pod: wf (wf)\"" + w,
                "time=\"2026-06-24T13:27:50.175Z\" level=info msg=\"Workflow update successful\" phase=Running resourceVersion=181" + w,
                "time=\"2026-06-24T13:28:39.236Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-06-24T13:28:39.249Z\" level=info msg=\"Updated phase Running -> Failed\"" + w,
                "time=\"2026-06-24T13:28:39.250Z\" level=info msg=\"Marking workflow completed\"" + w,
                "time=\"2026-06-24T13:28:39.268Z\" level=info msg=\"Workflow update successful\" phase=Failed resourceVersion=960" + w,
                "time=\"2026-06-24T13:41:03.611Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-06-24T13:41:03.614Z\" level=info msg=\"Pod node wf initialized Pending\"" + w,
                "time=\"2026-06-24T13:41:03.637Z\" level=info msg=\"Created pod: wf (wf)\"" + w));
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: wf\n  namespace: ns\n  uid: u-2\n  creationTimestamp: \"2026-06-24T13:41:03Z\"\n"
                + "  labels: {workflows.argoproj.io/workflow: wf}\n  annotations: {workflows.argoproj.io/node-id: wf, workflows.argoproj.io/node-name: wf}\n"
                + "status:\n  phase: Running\n";
        List<String> stored = new ArrayList<>(lines);
        stored.add("time=\"2026-06-24T13:41:03.650Z\" level=info msg=\"Workflow update successful\" phase=Running resourceVersion=1380" + w);
        Finding retried = rule.evaluate(new Evidence().log("c.log", stored.toArray(String[]::new)).takenAt("pod.yaml", "2026-06-24T13:50:00Z", pod)
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, retried.confidence());
        assertTrue(retried.confidenceReason().contains("an argo retry") && retried.confidenceReason().contains("created at 2026-06-24T13:41:03Z"),
                retried.confidenceReason());
        assertEquals(Confidence.POSSIBLE, run(stored).findings().get(0).confidence(), "from the lines alone too");

        List<String> refused = new ArrayList<>(lines);
        refused.add("time=\"2026-06-24T13:41:04.104Z\" level=info msg=\"Failed to re-apply update\" error=\"must never update completed workflows\"" + w);
        Finding guarded = rule.evaluate(new Evidence().log("c.log", refused.toArray(String[]::new)).takenAt("pod.yaml", "2026-06-24T13:50:00Z", pod)
                .correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, guarded.confidence(), guarded.confidenceReason());
        assertEquals(Confidence.LIKELY, run(refused).findings().get(0).confidence());
    }

    @Test
    void aNewWorkflowOfTheSameNameIsSilent() {
        Evaluation e = run(completed(),
                op("2026-06-24T14:00:00.100Z", "info", "Processing workflow", "Phase= ResourceVersion=2210"),
                op("2026-06-24T14:00:00.102Z", "info", "Updated phase  -> Running", ""),
                op("2026-06-24T14:00:00.140Z", "info", "Created pod: wf (wf)", ""));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    @Test
    void aPodRecreatedWithinARunIsNotAStaleCopy() {
        // A Pending node whose Pod was deleted gets a new Pod: same name, same run, no completion between.
        List<String> lines = new ArrayList<>(completed().subList(0, 4));
        lines.add(op("2026-06-24T13:28:01.000Z", "info", "Processing workflow", "Phase=Running ResourceVersion=300"));
        lines.add(op("2026-06-24T13:28:01.002Z", "info", "Workflow pod is missing", "nodeName=wf nodePhase=Pending recentlyStarted=false"));
        lines.add(op("2026-06-24T13:28:11.000Z", "info", "Processing workflow", "Phase=Running ResourceVersion=310"));
        lines.add(op("2026-06-24T13:28:11.040Z", "info", "Created pod: wf (wf)", ""));
        assertTrue(run(lines).findings().isEmpty());
    }

    /**
     * A running Workflow (no completion): the node's Pod created at 13:27:50 (stored at 181), the node done and stored at 530 (its Pod
     * deleted by pod GC), then the run passes over an older copy and creates it again.
     */
    private static List<String> runningThenDone() {
        List<String> lines = new ArrayList<>(completed().subList(0, 4));
        lines.add(op("2026-06-24T13:28:39.236Z", "info", "Processing workflow", "Phase=Running ResourceVersion=512"));
        lines.add(op("2026-06-24T13:28:39.241Z", "info", "node changed",
                "new.message= new.phase=Succeeded new.progress=1/1 nodeID=wf old.message= old.phase=Running old.progress=0/1"));
        lines.add(op("2026-06-24T13:28:39.260Z", "info", "Workflow update successful", "phase=Running resourceVersion=530"));
        return lines;
    }

    /**
     * The look-alike of a Pod deleted while Pending: the node's Pod created (stored at 181), the node still Pending when the run
     * stores 205 (only its message changed: unschedulable), the Pod deleted (preempted, or by hand), then a pass on the older copy
     * 181 finds it missing and creates it again. A pass on the current copy 205 would have done the same (the controller re-creates
     * a Pending node's missing Pod): nothing shows the stale copy made anything run twice.
     */
    @Test
    void aPendingNodesPodRecreatedOnAStaleCopyIsNotLikely() {
        List<String> lines = new ArrayList<>(completed().subList(0, 4));
        lines.add(op("2026-06-24T13:28:10.100Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"));
        lines.add(op("2026-06-24T13:28:10.104Z", "info", "node changed", "new.message=\"Unschedulable: 0/3 nodes are available\" "
                + "new.phase=Pending new.progress=0/1 nodeID=wf old.message= old.phase=Pending old.progress=0/1"));
        lines.add(op("2026-06-24T13:28:10.120Z", "info", "Workflow update successful", "phase=Running resourceVersion=205"));
        Evaluation e = run(lines,
                op("2026-06-24T13:29:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"),
                op("2026-06-24T13:29:02.412Z", "info", "Workflow pod is missing", "nodeName=wf nodePhase=Pending recentlyStarted=false"),
                op("2026-06-24T13:29:02.452Z", "info", "Created pod: wf (wf)", ""),
                op("2026-06-24T13:29:02.470Z", "info", "Re-applying updates on latest version and retrying update", ""),
                op("2026-06-24T13:29:02.501Z", "info", "Workflow update successful", "phase=Running resourceVersion=241"));
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                () -> e.findings().toString());
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        assertTrue(e.findings().get(0).confidenceReason().contains("Pending"), () -> e.findings().get(0).confidenceReason());
    }

    /**
     * Upstream #13986 and #14833 (v3.5.13, v3.6.2): under load the informer hands a copy older than the controller's own last write,
     * the pass runs a node again and its Pod is created a second time under the same name. No completion is in force, so before this
     * was silent ("a Pod recreated within a run"); the resourceVersions show the copy was stale.
     */
    @Test
    void aPodCreatedAgainFromACopyOlderThanTheRunsOwnWriteIsLikely() {
        Evaluation e = run(runningThenDone(),
                op("2026-06-24T13:33:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"),
                op("2026-06-24T13:33:02.452Z", "info", "Created pod: wf (wf)", ""),
                op("2026-06-24T13:33:02.470Z", "info", "Re-applying updates on latest version and retrying update", ""),
                op("2026-06-24T13:33:02.501Z", "info", "Workflow update successful", "phase=Running resourceVersion=571"));
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        Finding f = e.findings().get(0);
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("stale (resourceVersion 181, older than the 530 it had stored)", f.fact("copy").orElseThrow().value());
        assertEquals(1, f.fact("podsCreated").orElseThrow().value());
        assertTrue(f.summary().startsWith("While Workflow ns/wf ran, the controller created Pod wf for node wf again"), f.summary());
        assertTrue(f.evidence().stream().anyMatch(l -> l.role().equals("the Pod's first creation") && l.text().contains("13:27:50.161Z")),
                () -> f.evidence().toString());
    }

    /**
     * argo retry after the node failed (its progress past Pending is the first run's), the node's Pod created again on the retried
     * copy 600 (stored 610), deleted while Pending, then a pass on the older copy 600 creates it again: the node's progress shown
     * before the retry says nothing of the retried node, which a current copy would also have re-created.
     */
    @Test
    void progressShownBeforeTheLastCreationDoesNotMakeItLikely() {
        List<String> lines = new ArrayList<>(completed().subList(0, 4));
        lines.add(op("2026-06-24T13:28:39.236Z", "info", "Processing workflow", "Phase=Running ResourceVersion=512"));
        lines.add(op("2026-06-24T13:28:39.241Z", "info", "node changed",
                "new.message= new.phase=Failed new.progress=1/1 nodeID=wf old.message= old.phase=Running old.progress=0/1"));
        lines.add(op("2026-06-24T13:28:39.249Z", "info", "Updated phase Running -> Failed", ""));
        lines.add(op("2026-06-24T13:28:39.250Z", "info", "Marking workflow completed", ""));
        lines.add(op("2026-06-24T13:28:39.268Z", "info", "Workflow update successful", "phase=Failed resourceVersion=530"));
        lines.add(op("2026-06-24T13:31:00.100Z", "info", "Processing workflow", "Phase=Running ResourceVersion=600"));
        lines.add(op("2026-06-24T13:31:00.140Z", "info", "Created pod: wf (wf)", ""));
        lines.add(op("2026-06-24T13:31:00.160Z", "info", "Workflow update successful", "phase=Running resourceVersion=610"));
        Evaluation e = run(lines,
                op("2026-06-24T13:32:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=600"),
                op("2026-06-24T13:32:02.412Z", "info", "Workflow pod is missing", "nodeName=wf nodePhase=Pending recentlyStarted=false"),
                op("2026-06-24T13:32:02.452Z", "info", "Created pod: wf (wf)", ""));
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                () -> e.findings().toString());
    }

    @Test
    void aStaleCopyThatFindsThePodThereIsMedium() {
        Evaluation e = run(runningThenDone(),
                op("2026-06-24T13:33:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"),
                op("2026-06-24T13:33:02.452Z", "info", "Failed pod wf (wf) creation: already exists", ""));
        Finding f = e.findings().get(0);
        assertEquals(Severity.MEDIUM, f.severity());
        assertEquals(1, f.fact("podsFoundExisting").orElseThrow().value());
    }

    @Test
    void aStaleCopyThatCreatesAPodNeverCreatedBeforeIsSilent() {
        // The copy is older than the run's own write, but what it created is new: nothing ran twice.
        Evaluation e = run(runningThenDone(),
                op("2026-06-24T13:33:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"),
                op("2026-06-24T13:33:02.452Z", "info", "Created pod: wf[1].load (wf-load-3315626018)", ""));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    @Test
    void aPendingNodesPodRecreatedOnACurrentCopyIsSilent() {
        Evaluation e = run(runningThenDone(),
                op("2026-06-24T13:33:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=540"),
                op("2026-06-24T13:33:02.412Z", "info", "Workflow pod is missing", "nodeName=wf nodePhase=Pending recentlyStarted=false"),
                op("2026-06-24T13:33:12.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=548"),
                op("2026-06-24T13:33:12.452Z", "info", "Created pod: wf (wf)", ""));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    @Test
    void anotherControllerRunsOlderCopyIsNotThisVariant() {
        // The write at 530 is run a's; run b (another replica at once: AF012's) passes over 181 and creates the Pod: nothing says b's
        // informer was behind its own writes, and two controllers' copies are AF012's to tell.
        List<String> b = List.of(
                op("2026-06-24T13:33:02.410Z", "info", "Processing workflow", "Phase=Running ResourceVersion=181"),
                op("2026-06-24T13:33:02.452Z", "info", "Created pod: wf (wf)", ""));
        Evaluation e = rule.evaluate(new Evidence().log("a.log", runningThenDone().toArray(String[]::new)).log("b.log", b.toArray(String[]::new))
                .correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** The stats ticker's line, which names nothing: every run writes one each 5 minutes. */
    static String ticker(String t) {
        return "time=\"" + t + "\" level=info msg=\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\"";
    }

    private static final String REJECTED_1 = "time=\"2026-06-24T13:30:21.120Z\" level=warning msg=\"Rejecting stale copy of a completed workflow\" key=ns/wf";
    private static final String REJECTED_2 = "time=\"2026-06-24T13:30:31.120Z\" level=warning msg=\"Rejecting stale copy of a completed workflow\" key=ns/wf";

    @Test
    void theGuardsOwnLinesAloneMakeTheGuardedVariant() {
        List<String> lines = new ArrayList<>(List.of(ticker("2026-06-24T13:26:00.000Z")));
        lines.addAll(completed());
        Evaluation e = run(lines, ticker("2026-06-24T13:31:00.000Z"), REJECTED_1, REJECTED_2, ticker("2026-06-24T13:36:00.000Z"));
        Finding f = e.findings().get(0);
        assertEquals(Severity.INFO, f.severity());
        assertEquals(Confidence.LIKELY, f.confidence(), "the log read whole around the guard's lines: nothing acted on the copies");
        assertEquals(2, f.fact("staleCopiesRejected").orElseThrow().value());
        assertTrue(f.summary().contains("its guard kept it from acting on them"), f.summary());
    }

    /**
     * Session 22 (judgment seeds 61-100, excerpts): that nothing acted on the copies is a negative, which a log cut around the
     * guard's lines cannot show: a grep for names (no line naming nothing at all), or head, a grep and tail pasted together (the
     * guard's line in a gap of the stats ticker). Possible, saying what was lacking; before, likely.
     */
    @Test
    void theGuardsLinesInAnExcerptArePossibleOnly() {
        Finding grep = run(completed(), REJECTED_1, REJECTED_2).findings().get(0);
        assertEquals(Confidence.POSSIBLE, grep.confidence());
        assertTrue(grep.confidenceReason().contains("not whole (no line naming nothing on one side of it, or none at all"), grep.confidenceReason());
        List<String> head = new ArrayList<>(List.of(ticker("2026-06-24T13:26:00.000Z")));
        head.addAll(completed());
        Finding cut = run(head, REJECTED_1, REJECTED_2, ticker("2026-06-24T13:56:00.000Z")).findings().get(0);
        assertEquals(Confidence.POSSIBLE, cut.confidence());
        assertTrue(cut.confidenceReason().contains("at 2026-06-24T13:30:21.120Z is not whole (no line naming nothing from 2026-06-24T13:26:00.000Z"
                + " to 2026-06-24T13:56:00.000Z"), cut.confidenceReason());
    }

    static String rejected(String t) {
        return "time=\"" + t + "\" level=warning msg=\"Rejecting stale copy of a completed workflow\" key=ns/wf";
    }

    /** Another Workflow's line: what a grep for a name keeps of the run's later minutes. */
    static String other(String t) {
        return "time=\"" + t + "\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5000 namespace=ns workflow=other";
    }

    /**
     * Session 53's unseen excerpt (seed 2840): head, a grep and tail pasted together, the guard's line in the tail with records naming
     * nothing on both sides of it, the Workflow's completion in the head and everything between cut. That nothing acted on the copies
     * is a claim about every line from the completion on, and the grep's stretch after it is a gap of the stats ticker: possible,
     * naming the gap; before, likely (the guard's line alone was read whole around).
     */
    @Test
    void theGuardsLineInATailAfterACutSinceTheCompletionIsPossible() {
        List<String> lines = new ArrayList<>(List.of(ticker("2026-06-24T13:20:00.000Z"), ticker("2026-06-24T13:25:00.000Z")));
        lines.addAll(completed());
        Finding f = run(lines, ticker("2026-06-24T13:45:00.000Z"), rejected("2026-06-24T13:45:21.120Z"), ticker("2026-06-24T13:50:00.000Z"))
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("every line from the Workflow's completion, stored at 2026-06-24T13:28:39.268Z, to the end of the"
                + " evidence, and c.log #1 holds no line naming nothing from 2026-06-24T13:25:00.000Z to 2026-06-24T13:45:00.000Z"), f.confidenceReason());
        assertEquals(1, f.fact("staleCopiesRejected").orElseThrow().value());
    }

    /** Negative control: the same excerpt cut before the completion only; from the completion on, the run was read whole. Likely. */
    @Test
    void aCutBeforeTheCompletionOnlyStaysLikely() {
        List<String> lines = new ArrayList<>(List.of(ticker("2026-06-24T13:00:00.000Z"), ticker("2026-06-24T13:26:00.000Z")));
        lines.addAll(completed());
        Finding f = run(lines, ticker("2026-06-24T13:29:00.000Z"), REJECTED_1, REJECTED_2, ticker("2026-06-24T13:31:00.000Z"),
                ticker("2026-06-24T13:36:00.000Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    /**
     * The Workflow's completion cut with everything else of it but the guard's line in the tail: the copies' span begins before the
     * guard's line, no later than the run's first line given, and the run is cut between. Possible, saying the completion is not in
     * the lines.
     */
    @Test
    void theGuardsLineAloneInATailIsPossible() {
        Finding f = run(List.of(ticker("2026-06-24T13:00:00.000Z"), ticker("2026-06-24T13:05:00.000Z")), ticker("2026-06-24T13:45:00.000Z"),
                rejected("2026-06-24T13:45:21.120Z"), ticker("2026-06-24T13:50:00.000Z")).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("of the run from its first line given, to the end of the evidence (the Workflow's completion is"
                + " not in the lines"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("from 2026-06-24T13:05:00.000Z to 2026-06-24T13:45:00.000Z"), f.confidenceReason());
    }

    /**
     * Head and a grep without the tail: the guard's lines lie in the head, read whole around, but the run's lines go on twenty minutes
     * past its last record naming nothing (what the grep kept of others). A Pod created then would have been cut with the rest. Possible.
     */
    @Test
    void aHeadAndAGrepWithoutTheTailIsPossible() {
        List<String> lines = new ArrayList<>(List.of(ticker("2026-06-24T13:26:00.000Z")));
        lines.addAll(completed());
        Finding f = run(lines, ticker("2026-06-24T13:29:00.000Z"), REJECTED_1, REJECTED_2, ticker("2026-06-24T13:31:00.000Z"),
                other("2026-06-24T13:40:00.000Z"), other("2026-06-24T13:51:00.000Z")).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("c.log #1 holds no line naming nothing after 2026-06-24T13:31:00.000Z while its lines go on to"
                + " 2026-06-24T13:51:00.000Z"), f.confidenceReason());
    }

    /** Negative control: the same run read whole, its stats ticker going on to its last line. Likely. */
    @Test
    void theSameRunReadWholeToItsEndStaysLikely() {
        List<String> lines = new ArrayList<>(List.of(ticker("2026-06-24T13:26:00.000Z")));
        lines.addAll(completed());
        Finding f = run(lines, ticker("2026-06-24T13:29:00.000Z"), REJECTED_1, REJECTED_2, ticker("2026-06-24T13:31:00.000Z"),
                ticker("2026-06-24T13:36:00.000Z"), other("2026-06-24T13:40:00.000Z"), ticker("2026-06-24T13:41:00.000Z"),
                ticker("2026-06-24T13:46:00.000Z"), other("2026-06-24T13:51:00.000Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    /**
     * Negative control: a cut after a new Workflow of the name took the name over (its first pass at a newer resourceVersion, phase
     * empty) ends the completion's span: a Pod created after it is the new Workflow's. The guard's lines and the span before were read
     * whole. Likely.
     */
    @Test
    void aCutAfterTheCompletionEndedStaysLikely() {
        List<String> lines = new ArrayList<>(List.of(ticker("2026-06-24T13:26:00.000Z")));
        lines.addAll(completed());
        Finding f = run(lines, ticker("2026-06-24T13:29:00.000Z"), REJECTED_1, REJECTED_2, ticker("2026-06-24T13:31:00.000Z"),
                op("2026-06-24T13:32:00.000Z", "info", "Processing workflow", "Phase= ResourceVersion=3000"),
                ticker("2026-06-24T13:33:00.000Z"), ticker("2026-06-24T13:53:00.000Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    /** The run of {@link #theSameRunReadWholeToItsEndStaysLikely}, as a file under {@code logs/}, after {@code prompt} (none if null). */
    private com.fasterxml.jackson.databind.JsonNode pasted(java.nio.file.Path dir, String prompt) throws java.io.IOException {
        List<String> lines = new ArrayList<>();
        if (prompt != null) {
            lines.add(prompt);
        }
        lines.add(ticker("2026-06-24T13:26:00.000Z"));
        lines.addAll(completed());
        lines.addAll(List.of(ticker("2026-06-24T13:29:00.000Z"), REJECTED_1, REJECTED_2, ticker("2026-06-24T13:31:00.000Z"),
                ticker("2026-06-24T13:36:00.000Z")));
        java.nio.file.Path logs = java.nio.file.Files.createDirectories(dir.resolve("logs"));
        java.nio.file.Files.write(logs.resolve("workflow-controller.log"), lines);
        dev.argoforensics.testing.Cli run = dev.argoforensics.testing.Cli.run("analyze", dir.toString(), "--now", "2026-06-25T00:00:00Z",
                "--format", "json");
        com.fasterxml.jackson.databind.JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out());
        for (com.fasterxml.jackson.databind.JsonNode f : report.get("findings")) {
            if (ID.equals(f.get("rule").asText())) {
                return f;
            }
        }
        throw new AssertionError(report.toString());
    }

    private static final String ID = StaleCopyActedOn.ID;

    /**
     * A paste whose prompt records a command that drops the lines after those it kept ({@code | head}): its lines end at 13:36 and
     * the run went on writing, so a Pod created after that would not be in them however whole the lines given are. Possible, naming
     * the command; the same lines with a prompt that selected nothing stay likely.
     */
    @Test
    void aHeadRecordedInThePasteIsPossibleAndAPlainPromptStaysLikely(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        com.fasterxml.jackson.databind.JsonNode head = pasted(dir.resolve("head"), "$ kubectl logs -n argo deploy/workflow-controller | head -n 13");
        assertEquals("possible", head.get("confidence").asText(), head.toString());
        assertTrue(head.get("confidenceReason").asText().contains("lines given end at 2026-06-24T13:36:00.000Z and it went on writing (its lines"
                + " were selected or cut: `kubectl logs -n argo deploy/workflow-controller | head -n 13`)"), head.toString());
        com.fasterxml.jackson.databind.JsonNode plain = pasted(dir.resolve("plain"), "$ kubectl logs -n argo deploy/workflow-controller");
        assertEquals("likely", plain.get("confidence").asText(), plain.toString());
    }
}
