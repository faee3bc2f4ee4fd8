package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF006 (session 36): v3.5.3-v3.5.5's markWorkflowPhase sets a completed phase ({@code Updated phase Running -> Succeeded}) and
 * marks the Workflow completed only when no task result of it is incomplete; from the lines alone, the pass that set the phase
 * and the later passes that did not mark it completed show a result of the Workflow held. And on v3.5.3-v3.5.4, which never
 * requeue a Workflow for a pending result, a gap up to the 20-minute resync before an export is how the controller looks at work.
 */
class TaskResultHeldCompletionTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String banner(String release) {
        return line("16:00:00.000", "Starting Workflow Controller", "defaultRequeueTime=10s version=" + release);
    }

    private static String processing(String t, String phase, String rv) {
        return line(t, "Processing workflow", "Phase=" + phase + " ResourceVersion=" + rv + " namespace=ns workflow=p");
    }

    private static String reconciled(String t) {
        return line(t, "Task-result reconciliation", "namespace=ns numObjs=1 workflow=p");
    }

    private static String updated(String t, String phase, String rv) {
        return line(t, "Workflow update successful", "namespace=ns phase=" + phase + " resourceVersion=" + rv + " workflow=p");
    }

    /** Another Workflow's pass: the run goes on logging. */
    private static String other(String t) {
        return line(t, "Processing workflow", "Phase=Running ResourceVersion=1 namespace=ns workflow=q");
    }

    /** The data step's Pod created, stored Succeeded, the Workflow's phase set Succeeded without its completion at 16:27:46. */
    private static List<String> phaseSet(String release) {
        List<String> l = new ArrayList<>();
        l.add(banner(release));
        l.add(processing("16:27:10.100", "Running", "4990"));
        l.add(reconciled("16:27:10.101"));
        l.add(line("16:27:10.200", "Created pod: p (p)", "namespace=ns workflow=p"));
        l.add(updated("16:27:10.300", "Running", "4991"));
        l.add(processing("16:27:46.000", "Running", "4991"));
        l.add(reconciled("16:27:46.001"));
        l.add(line("16:27:46.002", "node changed", "namespace=ns new.message= new.phase=Succeeded new.progress=1/1 nodeID=p old.message= "
                + "old.phase=Running old.progress=0/1 workflow=p"));
        l.add(line("16:27:46.003", "Updated phase Running -> Succeeded", "namespace=ns workflow=p"));
        l.add(updated("16:27:46.100", "Succeeded", "5001"));
        return l;
    }

    /** Passes over the Succeeded phase at the 20-minute resync, none marking the Workflow completed; the run logs on after. */
    private static List<String> resyncs(List<String> l, String... times) {
        for (String t : times) {
            l.add(processing(t, "Succeeded", "5001"));
            l.add(reconciled(t.substring(0, t.length() - 1) + "1"));
        }
        l.add(other("18:00:00.000"));
        return l;
    }

    /** The lines, read as of the release their start banner states (none: not stated). */
    private Evaluation logs(List<String> lines) {
        return rule.evaluate(evidence(lines).correlate());
    }

    private static Evidence evidence(List<String> lines) {
        Evidence e = new Evidence().log("c.log", lines.toArray(String[]::new));
        String banner = lines.stream().filter(l -> l.contains("Starting Workflow Controller")).findFirst().orElse(null);
        return banner == null ? e : e.release(banner.substring(banner.indexOf("version=") + "version=".length()));
    }

    @Test
    void aCompletedPhaseNeverMarkedCompletedAcrossLaterPassesIsAResultOfTheWorkflowHeld() {
        Evaluation e = logs(resyncs(phaseSet("v3.5.4"), "16:47:46.200", "17:07:46.200"));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(null, f.node(), "the lines do not say whose result");
        assertEquals("ns/p", f.workflow().toString());
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("40m0.197s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("the run's release, v3.5.4, sets the phase before it waits for the results"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("a node still daemoned holds it too, but at the pass that set a Succeeded phase only"),
                f.confidenceReason());
    }

    /** A daemon step of the Workflow, running and ready at 16:20 ({@code Node became daemoned}). */
    private static List<String> withDaemon(List<String> l) {
        l.add(1, line("16:20:00.000", "Node became daemoned", "namespace=ns nodeId=p-2755431108 workflow=p"));
        return l;
    }

    /** The phase set {@code phase} instead of Succeeded. */
    private static List<String> ended(List<String> l, String phase) {
        l.replaceAll(x -> x.replace("Updated phase Running -> Succeeded", "Updated phase Running -> " + phase)
                .replace("phase=Succeeded resourceVersion=5001", "phase=" + phase + " resourceVersion=5001")
                .replace("Phase=Succeeded", "Phase=" + phase));
        return l;
    }

    @Test
    void aDaemonHoldsASucceededWorkflowsCompletionAtThePhasePassOnly() {
        // Session 37 (operator.go, exec_control.go, steps.go, dag.go at v3.5.4): a Succeeded Workflow has completed every steps or DAG
        // node, which ends their daemons, and the pass that set its phase ends its own; the later passes waited on a result.
        Evaluation e = logs(withDaemon(resyncs(phaseSet("v3.5.4"), "16:47:46.200", "17:07:46.200")));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("20m0s", f.fact("pendingFor").orElseThrow().value(), "the phase pass, which the daemon alone may have held, is not counted");
        assertTrue(f.confidenceReason().contains("node p-2755431108 became daemoned at 2026-09-19T16:20:00.000Z: the pass that set the phase is not counted"),
                f.confidenceReason());
    }

    @Test
    void aDaemonMayHoldAFailedWorkflowsCompletionUntilItsPodEnds() {
        // A Workflow that ended Failed (a deadline, a stop) may leave a daemon under a steps node that never completed: not decided.
        Evaluation e = logs(ended(withDaemon(resyncs(phaseSet("v3.5.4"), "16:47:46.200", "17:07:46.200")), "Failed"));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("node p-2755431108 of it became daemoned at 2026-09-19T16:20:00.000Z")),
                () -> e.cleared().toString());
        // Control: no daemon in the lines, the same Failed Workflow: reported, saying a daemon is not ruled out.
        Finding f = logs(ended(resyncs(phaseSet("v3.5.4"), "16:47:46.200", "17:07:46.200"), "Failed")).findings().get(0);
        assertEquals("40m0.197s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("nor that it was not a daemoned node (a Workflow that ended Failed"), f.confidenceReason());
        // Control: the daemon's line after the phase was set is not one that could have held it.
        List<String> late = ended(resyncs(phaseSet("v3.5.4"), "16:47:46.200", "17:07:46.200"), "Failed");
        late.add(10, line("16:30:00.000", "Node became daemoned", "namespace=ns nodeId=p-2755431108 workflow=p"));
        assertEquals(1, logs(late).findings().size(), () -> logs(late).cleared().toString());
    }

    @Test
    void anUnknownReleaseIsSaidSo() {
        List<String> l = resyncs(phaseSet("v3.5.4"), "16:47:46.200", "17:07:46.200");
        l.remove(0);
        Finding f = logs(l).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("is not known to be one that sets the phase before it waits"), f.confidenceReason());
    }

    @Test
    void aMarkingLaterSettlesItWithinTheThresholdOrLate() {
        List<String> l = phaseSet("v3.5.4");
        l.add(processing("16:30:00.000", "Succeeded", "5001"));
        l.add(reconciled("16:30:00.001"));
        l.add(line("16:30:00.002", "Marking workflow completed", "namespace=ns workflow=p"));
        l.add(updated("16:30:00.100", "Succeeded", "5002"));
        l.add(other("18:00:00.000"));
        Evaluation e = logs(l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("marked the Workflow completed"), e.cleared().get(0).reason());
        // Labelled by hand 25 minutes on (#12103's workaround): reported, settled late.
        List<String> late = phaseSet("v3.5.4");
        late.add(processing("16:47:46.200", "Succeeded", "5001"));
        late.add(reconciled("16:47:46.201"));
        late.add(processing("16:52:00.000", "Succeeded", "5001"));
        late.add(reconciled("16:52:00.001"));
        late.add(line("16:52:00.002", "Marking workflow completed", "namespace=ns workflow=p"));
        late.add(updated("16:52:00.100", "Succeeded", "5002"));
        late.add(other("18:00:00.000"));
        Finding f = logs(late).findings().get(0);
        assertTrue(f.summary().contains("It settled only after that, at 2026-09-19T16:52:00.002Z"), f.summary());
    }

    @Test
    void controlsLookingAlikeStaySilent() {
        // Logs that end at the phase pass: nothing after it.
        List<String> ended = phaseSet("v3.5.4");
        assertTrue(logs(ended).findings().isEmpty());
        // The last pass cut off by the end of the lines, the one before it within the threshold.
        List<String> cut = phaseSet("v3.5.4");
        cut.add(processing("16:30:00.000", "Succeeded", "5001"));
        cut.add(reconciled("16:30:00.001"));
        cut.add(other("16:31:00.000"));
        cut.add(processing("16:47:46.200", "Succeeded", "5001"));
        assertTrue(logs(cut).findings().isEmpty(), () -> logs(cut).findings().toString());
        // A node's phase, not the Workflow's: other nodes still ran; the Workflow is not done while any node runs.
        List<String> node = phaseSet("v3.5.4");
        node.set(8, line("16:27:46.003", "node p-1 phase Running -> Succeeded", "namespace=ns workflow=p"));
        node.set(9, updated("16:27:46.100", "Running", "5001"));
        for (String t : List.of("16:47:46.200", "17:07:46.200")) {
            node.add(processing(t, "Running", "5001"));
            node.add(reconciled(t.substring(0, t.length() - 1) + "1"));
        }
        node.add(other("18:00:00.000"));
        assertTrue(logs(node).findings().isEmpty(), () -> logs(node).findings().toString());
        // A release known not to set the phase first (v3.6.19 returns before it): whatever held it, not this shape.
        assertTrue(logs(resyncs(phaseSet("v3.6.19"), "16:47:46.200", "17:07:46.200")).findings().isEmpty());
        // A later phase written (argo retry reset the Workflow to Running): the held completion ended there.
        List<String> retried = phaseSet("v3.5.4");
        retried.add(processing("16:30:00.000", "Succeeded", "5001"));
        retried.add(reconciled("16:30:00.001"));
        retried.add(processing("16:31:00.000", "Running", "5010"));
        retried.add(reconciled("16:31:00.001"));
        retried.add(updated("16:31:00.100", "Running", "5011"));
        resyncs(retried, "16:51:00.200", "17:11:00.200");
        assertTrue(logs(retried).findings().isEmpty(), () -> logs(retried).findings().toString());
    }

    // ---- the export alone on v3.5.3-v3.5.4: the resync, not a stall ----

    /** v3.5.4's data template: the node Succeeded, its result false in the completion map. */
    private static final String DATA_HANG = Exports.workflow("Running", "Succeeded", "", "2026-09-19T16:27:45Z", null, false);

    @Test
    void anExportAfterAResyncGapIsLikelyWhereTheReleaseNeverRequeuesForAPendingResult() {
        List<String> l = new ArrayList<>(List.of(banner("v3.5.4"), processing("16:27:10.100", "Running", "4990"), reconciled("16:27:10.101"),
                line("16:27:10.200", "Created pod: p (p)", "namespace=ns workflow=p"), updated("16:27:46.100", "Running", "5001"),
                processing("16:47:46.200", "Running", "5001"), reconciled("16:47:46.201"), other("17:10:00.000")));
        Finding f = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG)
                .correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("which is how v3.5.4 looks at work"), f.confidenceReason());
        // The control: the same on v3.5.5 (a stop requeues every 10 s) or a release not stated stays possible, naming the gap.
        l.set(0, banner("v3.5.5"));
        Finding g = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG)
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, g.confidence(), g.confidenceReason());
        l.remove(0);
        Finding h = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG)
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, h.confidence(), h.confidenceReason());
        // Nor where the run's lines end before the export (the controller may have been down): possible.
        l.add(0, banner("v3.5.4"));
        l.remove(l.size() - 1);
        Finding k = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG)
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, k.confidence(), k.confidenceReason());
    }

    /**
     * Session 36 recheck, look-alikes of the resync gap: (1) the run's workers took up no Workflow after the export, only the stats
     * ticker's {@code Alloc=} lines go on (workers stalled, or nothing else to do: the lines cannot tell, AF003's case); (2) a
     * release named with a suffix after v3.5.4 (a fork's or a custom build's tag, which may carry v3.5.5's requeue). Both possible.
     */
    @Test
    void theResyncGapNeedsTheRunsWorkersAtWorkAfterTheExportAndAnUpstreamRelease() {
        List<String> l = new ArrayList<>(List.of(banner("v3.5.4"), processing("16:27:10.100", "Running", "4990"), reconciled("16:27:10.101"),
                line("16:27:10.200", "Created pod: p (p)", "namespace=ns workflow=p"), updated("16:27:46.100", "Running", "5001"),
                processing("16:47:46.200", "Running", "5001"), reconciled("16:47:46.201")));
        for (int m = 50; m < 60; m += 5) {
            l.add(line("16:" + m + ":00.000", "Alloc=7420 TotalAlloc=81443 Sys=24165 NumGC=20 Goroutines=172", ""));
        }
        for (int m = 0; m <= 10; m += 5) {
            l.add(line("17:" + String.format("%02d", m) + ":00.000", "Alloc=7420 TotalAlloc=81443 Sys=24165 NumGC=20 Goroutines=172", ""));
        }
        Finding stalled = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, stalled.confidence(), stalled.confidenceReason());
        // The control: another Workflow taken up after the export, the workers at work: likely, as before.
        l.add(other("17:10:00.000"));
        Finding working = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, working.confidence(), working.confidenceReason());
        l.set(0, banner("v3.5.4-acme.1"));
        Finding fork = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:05:00Z", DATA_HANG).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, fork.confidence(), fork.confidenceReason());
    }

    // ---- seed 1's feature-build-yvhby: the export taken after the run's lines end, its status read unchanged past the threshold ----

    /** v3.5.4's data template as stored at resourceVersion 5001, exported with a stated time. */
    private static final String DATA_HANG_5001 = DATA_HANG.replace("uid: w-1}", "uid: w-1, resourceVersion: \"5001\"}");

    /** The pod created, the status 5001 written at 16:27:46, the resyncs over it at 16:47:46 and 17:07:46, another Workflow at 17:10. */
    private static List<String> storedThenLinesEnd(String release) {
        return new ArrayList<>(List.of(banner(release), processing("16:27:10.100", "Running", "4990"), reconciled("16:27:10.101"),
                line("16:27:10.200", "Created pod: p (p)", "namespace=ns workflow=p"), updated("16:27:46.100", "Running", "5001"),
                processing("16:47:46.200", "Running", "5001"), reconciled("16:47:46.201"),
                processing("17:07:46.200", "Running", "5001"), reconciled("17:07:46.201"), other("17:10:00.000")));
    }

    @Test
    void anExportAfterTheLinesEndIsJudgedAtItsStatusStillStoredPastTheThreshold() {
        // Session 38: the export (17:20) comes 12 minutes after the Workflow's last pass and after the run's last line, so a look
        // before the export does not show the controller at work then. But the pass at 16:47:46 read the export's version and
        // the next one (17:07:46, the same run, at the resync's pace on v3.5.4) read it again: the controller's status was pending
        // 20 minutes after the step while it was at work and looking; the claim is dated by that view, not by the export's time.
        Finding f = rule.evaluate(evidence(storedThenLinesEnd("v3.5.4")).takenAt("wf.yaml", "2026-09-19T17:20:00Z", DATA_HANG_5001)
                .correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("read again unchanged at 2026-09-19T16:47:46.200Z and 2026-09-19T17:07:46.200Z"),
                f.confidenceReason());
        // Control: the next pass over the version is the next controller's (the first run's lines end at 16:47:46, a new replica
        // starts at 17:00): nothing shows a controller looking between the two passes: possible.
        List<String> first = storedThenLinesEnd("v3.5.4");
        List<String> next = new ArrayList<>(List.of(line("17:00:00.000", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.4")));
        next.addAll(first.subList(7, first.size()));
        Finding g = rule.evaluate(new Evidence().log("c.log", first.subList(0, 7).toArray(String[]::new)).log("next.log", next.toArray(String[]::new))
                .release("v3.5.4").takenAt("wf.yaml", "2026-09-19T17:20:00Z", DATA_HANG_5001).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, g.confidence(), g.confidenceReason());
        // Control: v3.5.5 requeues a Workflow whose result is pending every 10 s: 20 minutes between its passes is a stall.
        Finding h = rule.evaluate(evidence(storedThenLinesEnd("v3.5.5")).takenAt("wf.yaml", "2026-09-19T17:20:00Z", DATA_HANG_5001)
                .correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, h.confidence(), h.confidenceReason());
        // Control: the status read unchanged only within the threshold (the step finished 16:40, passes at 16:47:46 and 16:49:00):
        // that view does not date the claim, the export's time does: possible.
        String late = DATA_HANG_5001.replace("2026-09-19T16:27:45Z", "2026-09-19T16:40:00Z");
        List<String> l = storedThenLinesEnd("v3.5.4");
        l.set(7, processing("16:49:00.000", "Running", "5001"));
        l.set(8, reconciled("16:49:00.001"));
        Finding k = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:20:00Z", late).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, k.confidence(), k.confidenceReason());
    }

    @Test
    void aPairOfPassesWhoseWriteFailedDatesNoPendingView() {
        // Recheck s38: the pass at 16:47:46 read the export's version and its update failed (the Workflow too large to store, or a
        // conflict); the next pass read the version again. Nothing was written, but that pass may have seen the result and failed to
        // store it (AF013's look-alike): the pair does not show the controller's view pending, the export's time decides: possible.
        List<String> l = storedThenLinesEnd("v3.5.4");
        l.add(7, line("16:47:46.300", "Error updating workflow with size error: etcdserver: request is too large", "namespace=ns workflow=p"));
        Finding f = rule.evaluate(evidence(l).takenAt("wf.yaml", "2026-09-19T17:20:00Z", DATA_HANG_5001).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        List<String> c = storedThenLinesEnd("v3.5.4");
        c.add(7, line("16:47:46.300", "Error updating workflow: Operation cannot be fulfilled on workflows.argoproj.io \\\"p\\\": the object has been "
                + "modified; please apply your changes to the latest version and try again Conflict", "namespace=ns workflow=p"));
        Finding g = rule.evaluate(evidence(c).takenAt("wf.yaml", "2026-09-19T17:20:00Z", DATA_HANG_5001).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, g.confidence(), g.confidenceReason());
        // Control: another Workflow's failed write between the two passes leaves the pair as it was (likely).
        List<String> o = storedThenLinesEnd("v3.5.4");
        o.add(7, line("16:47:46.300", "Error updating workflow with size error: etcdserver: request is too large", "namespace=ns workflow=q"));
        Finding k = rule.evaluate(evidence(o).takenAt("wf.yaml", "2026-09-19T17:20:00Z", DATA_HANG_5001).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, k.confidence(), k.confidenceReason());
    }

    // ---- seed 2's feature-build-vza3n: the export placed at the write of its version, the export's own time a second before ----

    @Test
    void passesOverTheExportsVersionCountFromItsWriteNotFromTheTimeInsideTheExport() {
        // The export has no time of its own: the latest time inside it (the node's finishedAt, 16:27:46Z, whole seconds) dates it,
        // within the second of the write of its resourceVersion 5001 at 16:27:46.100. A pass over the older version 4995 at
        // 16:27:46.050, before that write, is no later version: the resyncs over 5001 40 minutes on still show its completion map.
        String export = Exports.workflow("Running", "Succeeded", "", "2026-09-19T16:27:46Z", null, false)
                .replace("uid: w-1}", "uid: w-1, resourceVersion: \"5001\"}");
        List<String> l = new ArrayList<>(List.of(banner("v3.5.4"), processing("16:27:10.100", "Running", "4990"),
                line("16:27:10.200", "Created pod: p (p)", "namespace=ns workflow=p"), updated("16:27:10.300", "Running", "4995"),
                processing("16:27:46.050", "Running", "4995"), reconciled("16:27:46.051"), updated("16:27:46.100", "Running", "5001"),
                processing("16:47:46.200", "Running", "5001"), processing("17:07:46.200", "Running", "5001"), other("18:00:00.000")));
        Evaluation e = rule.evaluate(evidence(l).workflow("wf.json", export).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals("2026-09-19T16:47:46.200Z", f.fact("pendingAt").orElseThrow().value());
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        // The control: a write of another version after the export's (5002 at 16:30) ends what it shows: within the threshold.
        l.add(7, updated("16:30:00.000", "Running", "5002"));
        Evaluation g = rule.evaluate(evidence(l).workflow("wf.json", export).correlate());
        assertTrue(g.findings().isEmpty(), () -> g.findings().toString());
    }
}
