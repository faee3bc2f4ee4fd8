package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF009: a Workflow completed, then a later pass changed it (a stale copy, the controller's own
 * "already fulfilled" assertions); the guard's refusal, a stored regression, an excerpt without the
 * outcome; and the look-alikes: argo retry, a new Workflow of the same name, the completing pass itself.
 */
class PhaseRegressionTest {
    private final PhaseRegression rule = new PhaseRegression();

    /** v4 slog text for Workflow ns/wf; its Pod node wf[0].main has ID wf-<hash>, its Pod wf-main-<hash>. */
    private static String op(String t, String level, String msg, String attrs) {
        return "time=" + t + " level=" + level + " msg=\"" + msg + "\" component=workflow_worker workflow=wf namespace=ns " + attrs;
    }

    private static final String NODE = "wf[0].main";
    private static final String ID = "wf-" + dev.argoforensics.correlate.NodeNaming.hash(NODE);

    /** The Workflow runs its one Pod and completes Succeeded, stored at resourceVersion 500. */
    private static List<String> completed() {
        return new ArrayList<>(List.of(
                op("2026-10-02T08:10:00.100Z", "INFO", "Processing workflow", "phase=\"\" resourceVersion=400"),
                op("2026-10-02T08:10:00.102Z", "INFO", "updated phase", "fromPhase=\"\" toPhase=Running"),
                op("2026-10-02T08:10:00.140Z", "INFO", "Created pod", "nodeName=" + NODE + " nodeID=" + ID + " podName=wf-main-1"),
                op("2026-10-02T08:10:00.150Z", "INFO", "Workflow update successful", "resourceVersion=410 phase=Running"),
                op("2026-10-02T08:14:05.720Z", "INFO", "Processing workflow", "phase=Running resourceVersion=480"),
                op("2026-10-02T08:14:05.731Z", "INFO", "updated phase", "fromPhase=Running toPhase=Succeeded"),
                op("2026-10-02T08:14:05.731Z", "INFO", "Marking workflow completed", ""),
                op("2026-10-02T08:14:05.749Z", "INFO", "Workflow update successful", "resourceVersion=500 phase=Succeeded")));
    }

    /** A later pass on a copy at the given resourceVersion finds the Pod gone and fails the node and the Workflow. */
    private static List<String> pass(String t, String rv, String... outcome) {
        List<String> l = new ArrayList<>(List.of(
                op(t + ".012Z", "INFO", "Processing workflow", "phase=Running resourceVersion=" + rv),
                op(t + ".016Z", "INFO", "Workflow pod is missing", "nodeName=" + NODE + " nodePhase=Running recentlyStarted=false"),
                op(t + ".016Z", "ERROR", "marking node as error", "nodeName=" + NODE + " error=\"pod deleted\""),
                op(t + ".017Z", "INFO", "node phase changed", "node=" + ID + " fromPhase=Running toPhase=Error"),
                op(t + ".024Z", "INFO", "updated phase", "fromPhase=Running toPhase=Failed"),
                op(t + ".024Z", "INFO", "Marking workflow completed", "")));
        l.addAll(Arrays.asList(outcome));
        return l;
    }

    private static final String GUARD = op("2026-10-02T08:31:40.402Z", "INFO", "Failed to re-apply update", "error=\"must never update completed workflows\"");

    private static Evaluation run(List<String> lines) {
        return new PhaseRegression().evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).correlate());
    }

    private static List<String> with(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    @Test
    void aStaleCopyRefusedByThePersistGuardIsTheGuardedVariantLowAndLikely() {
        Evaluation e = run(with(completed(), pass("2026-10-02T08:31:40", "451",
                op("2026-10-02T08:31:40.377Z", "INFO", "Re-applying updates on latest version and retrying update", ""), GUARD)));
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF009", f.rule());
        assertEquals(Severity.LOW, f.severity());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("refused by the persist guard", f.fact("outcome").orElseThrow().value());
        assertEquals("stale (resourceVersion 451, older than the completion's 500)", f.fact("copy").orElseThrow().value());
        assertEquals("Running", f.fact("fromPhase").orElseThrow().value());
        assertEquals("Error", f.fact("toPhase").orElseThrow().value());
        assertEquals(ID, f.node().id());
        assertEquals("ns/wf-main-1", f.pod().toString(), "filed under the changed node's Pod");
    }

    @Test
    void aStoredUpdateWithTheRegressedPhaseIsConfirmedFromLogsAlone() {
        Finding f = run(with(completed(), pass("2026-10-02T08:31:40", "451",
                op("2026-10-02T08:31:40.300Z", "INFO", "Workflow update successful", "resourceVersion=530 phase=Failed")))).findings().get(0);
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals("Failed", f.fact("storedPhase").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("stored phase Failed over the completed Succeeded"), f.confidenceReason());
    }

    @Test
    void anExcerptThatEndsBeforeThePersistIsLikelyAndSaysWhatIsMissing() {
        Finding f = run(with(completed(), pass("2026-10-02T08:31:40", "451"))).findings().get(0);
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("not in the logs", f.fact("outcome").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("no \"Workflow update successful\" or \"Failed to re-apply update\""), f.confidenceReason());
    }

    /** The completed Workflow as exported, its node still Succeeded; {@code own}: a time of its own (a label set then), or null. */
    private static String keptExport(String own) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: wf, namespace: ns, uid: w-1"
                + (own == null ? "" : ", managedFields: [{manager: kubectl-label, operation: Update, time: \"" + own + "\"}]")
                + "}\nstatus:\n  phase: Succeeded\n"
                + "  nodes:\n    " + ID + ":\n      id: " + ID + "\n      name: " + NODE + "\n      type: Pod\n      phase: Succeeded\n";
    }

    private Finding guardedWithExport(String stated, String own) {
        List<String> lines = with(completed(), pass("2026-10-02T08:31:40", "451", GUARD));
        return rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).takenAt("wf.yaml", stated, keptExport(own))
                .correlate()).findings().get(0);
    }

    @Test
    void anExportTakenAfterThatShowsTheNodeStillSucceededConfirmsTheGuard() {
        // After the change (08:31:40) by a time the object holds (a label set at 08:40): confirmed.
        Finding f = guardedWithExport("2026-10-02T09:00:00Z", "2026-10-02T08:40:00Z");
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals(Severity.LOW, f.severity());
        assertTrue(f.confidenceReason().contains("still shows node " + ID + " Succeeded"), f.confidenceReason());
    }

    /**
     * Session 39 breaker: the excerpt ends after the stale pass failed the node (its store not in the lines); the export is of a
     * namesake Workflow resubmitted under the name later (its node started 08:45:01, after the change at 08:31:40: node IDs hash
     * the Workflow's and the node's names, so the namesake's node has the same ID). Its node Succeeded said "the guard kept the
     * completed state" (confirmed, guarded) and its node Error said "the change was stored" (confirmed): that run's phase says
     * nothing of the pass. Both now rest on the lines: likely, the export set aside. Control: the same export with the node
     * started in the first run (08:10:00) still confirms the guard.
     */
    @Test
    void anExportOfALaterRunOfTheNodeDoesNotConfirm() {
        java.util.function.BiFunction<String, String, Finding> at = (started, phase) -> {
            String yaml = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: wf, namespace: ns, uid: w-2, creationTimestamp: \"2026-10-02T08:45:00Z\","
                    + " managedFields: [{manager: workflow-controller, operation: Update, time: \"2026-10-02T08:50:00Z\"}]}\nstatus:\n  phase: Succeeded\n"
                    + "  nodes:\n    " + ID + ":\n      id: " + ID + "\n      name: " + NODE + "\n      type: Pod\n      phase: " + phase
                    + "\n      startedAt: \"" + started + "\"\n";
            List<String> lines = with(completed(), pass("2026-10-02T08:31:40", "451"));
            List<Finding> fs = rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).workflow("wf.yaml", yaml).correlate()).findings();
            assertEquals(1, fs.size(), fs::toString);
            return fs.get(0);
        };
        Finding kept = at.apply("2026-10-02T08:45:01Z", "Succeeded");
        assertEquals(Confidence.LIKELY, kept.confidence(), kept.confidenceReason());
        assertTrue(kept.confidenceReason().contains("a later run of the node (started 2026-10-02T08:45:01Z"), kept.confidenceReason());
        Finding regressed = at.apply("2026-10-02T08:45:01Z", "Error");
        assertEquals(Confidence.LIKELY, regressed.confidence(), regressed.confidenceReason());
        Finding control = at.apply("2026-10-02T08:10:00Z", "Succeeded");
        assertEquals(Confidence.CONFIRMED, control.confidence(), control.confidenceReason());
    }

    /**
     * Session 32: only the time its file states (a user's clock) puts the export after the change. 28 min after: likely, said
     * why (it was confirmed); 30 s after, within what such a clock may be off: the export is not read as taken after (it was
     * confirmed), the guard's line alone gives likely. Negative control: the export's own time 30 s after the change decides.
     */
    @Test
    void anExportAfterTheChangeOnlyByItsStatedTimeDoesNotConfirm() {
        Finding stated = guardedWithExport("2026-10-02T09:00:00Z", null);
        assertEquals(Confidence.LIKELY, stated.confidence(), stated.confidenceReason());
        assertTrue(stated.confidenceReason().startsWith("the exported Workflow, taken after, still shows node " + ID + " Succeeded: the change "
                + "was not stored; only the time its file states (2026-10-02T09:00:00Z, the clock of whoever took it"), stated.confidenceReason());
        Finding near = guardedWithExport("2026-10-02T08:32:10Z", null);
        assertEquals(Confidence.LIKELY, near.confidence(), near.confidenceReason());
        assertTrue(near.confidenceReason().contains("persist guard refused"), near.confidenceReason());
        assertEquals(Confidence.CONFIRMED, guardedWithExport("2026-10-02T08:32:10Z", "2026-10-02T08:32:10Z").confidence());
    }

    @Test
    void aNamesakeInAnotherClustersLogReadTogetherIsNotAConfirmedRegression() {
        // Production's controller (a.log) completes wf at resourceVersion 500. Staging's controller (b.log) runs its own wf, started
        // earlier, at its own (lower) versions; a node's Pod really is deleted there and staging's wf is stored Failed. Read together,
        // staging's pass looks like a stale copy of the completed production wf.
        List<String> staging = new ArrayList<>(List.of(
                op("2026-10-02T08:09:30.100Z", "INFO", "Processing workflow", "phase=\"\" resourceVersion=300"),
                op("2026-10-02T08:09:30.102Z", "INFO", "updated phase", "fromPhase=\"\" toPhase=Running"),
                op("2026-10-02T08:09:30.140Z", "INFO", "Created pod", "nodeName=" + NODE + " nodeID=" + ID + " podName=wf-main-1"),
                op("2026-10-02T08:09:30.150Z", "INFO", "Workflow update successful", "resourceVersion=305 phase=Running"),
                op("2026-10-02T08:20:00.100Z", "INFO", "Processing workflow", "phase=Running resourceVersion=311")));
        staging.addAll(pass("2026-10-02T08:31:40", "318",
                op("2026-10-02T08:31:40.300Z", "INFO", "Workflow update successful", "resourceVersion=330 phase=Failed")));
        Evaluation e = new PhaseRegression().evaluate(new Evidence().log("a.log", completed().toArray(String[]::new))
                .log("b.log", staging.toArray(String[]::new)).correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                () -> e.findings().toString());
        assertTrue(e.findings().stream().allMatch(f -> f.confidenceReason().contains("at the same time")), () -> e.findings().toString());
    }

    @Test
    void anArgoRetryIsANewerCopyAndIsClearedNotReported() {
        List<String> lines = with(completed(), pass("2026-10-02T08:40:00", "612",
                op("2026-10-02T08:40:00.300Z", "INFO", "Workflow update successful", "resourceVersion=615 phase=Failed")));
        Evaluation e = run(lines);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size());
        assertTrue(e.cleared().get(0).reason().contains("newer resourceVersion 612"), e.cleared().get(0).reason());
        assertTrue(e.cleared().get(0).reason().contains("argo retry"), e.cleared().get(0).reason());
        assertEquals("c.log:9", e.cleared().get(0).evidence().toString());
    }

    @Test
    void aNewWorkflowOfTheSameNameIsClearedNotReported() {
        List<String> rerun = new ArrayList<>(completed().subList(0, 4));
        rerun.replaceAll(l -> l.replace("2026-10-02T08:10", "2026-10-02T09:10").replace("resourceVersion=400", "resourceVersion=900")
                .replace("resourceVersion=410", "resourceVersion=910"));
        rerun.addAll(pass("2026-10-02T09:20:00", "950"));
        Evaluation e = run(with(completed(), rerun));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("a new object"), e.cleared().get(0).reason());
    }

    @Test
    void theCompletingPassItselfIsNoRegression() {
        List<String> lines = new ArrayList<>(List.of(op("2026-10-02T08:10:00.100Z", "INFO", "Processing workflow", "phase=Running resourceVersion=400")));
        lines.addAll(pass("2026-10-02T08:31:40", "451", op("2026-10-02T08:31:40.300Z", "INFO", "Workflow update successful",
                "resourceVersion=530 phase=Failed")).subList(1, 7));
        Evaluation e = run(lines);
        assertTrue(e.findings().isEmpty() && e.cleared().isEmpty(), () -> e.findings().toString());
    }

    @Test
    void withoutResourceVersionsTheCopyIsUnknownAndTheFindingOnlyPossible() {
        // v3.5.1 logrus: "Processing workflow" has no Phase or ResourceVersion keys.
        String w = " namespace=ns workflow=wf";
        List<String> lines = List.of(
                "time=\"2026-10-02T08:14:05.720Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-10-02T08:14:05.731Z\" level=info msg=\"Updated phase Running -> Succeeded\"" + w,
                "time=\"2026-10-02T08:14:05.731Z\" level=info msg=\"Marking workflow completed\"" + w,
                "time=\"2026-10-02T08:14:05.749Z\" level=info msg=\"Workflow update successful\" phase=Succeeded resourceVersion=500" + w,
                "time=\"2026-10-02T08:31:40.012Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-10-02T08:31:40.016Z\" level=info msg=\"Workflow pod is missing\" nodeName=\"" + NODE + "\" nodePhase=Running recentlyStarted=false" + w,
                "time=\"2026-10-02T08:31:40.017Z\" level=info msg=\"node " + ID + " phase Running -> Error\"" + w);
        Finding f = run(lines).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("no resourceVersion"), f.confidenceReason());
        assertEquals("unknown (no resourceVersion to compare)", f.fact("copy").orElseThrow().value());
    }

    /**
     * Session 37 breaker: v3.4.18 logrus, no Phase or ResourceVersion on "Processing workflow". The Workflow completes Failed;
     * {@code argo retry} resets it (nothing in the controller's lines shows it), the rerun's pass creates the node's Pod again and
     * stores the Workflow Running, and the rerun succeeds and is stored Succeeded. That stored phase over the completed Failed was
     * AF009 {@code confirmed}; a stale copy would show the same lines, a retry too, so possible, naming argo retry. The control: the
     * same pass refused by the persist guard (the stored Workflow still completed, no reset before it) stays a finding above possible.
     */
    @Test
    void withoutResourceVersionsAStoredRerunAfterArgoRetryIsOnlyPossible() {
        String w = " namespace=ns workflow=wf";
        List<String> completedFailed = List.of(
                "time=\"2026-10-02T08:14:05.720Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-10-02T08:14:05.729Z\" level=info msg=\"node " + ID + " phase Running -> Failed\"" + w,
                "time=\"2026-10-02T08:14:05.731Z\" level=info msg=\"Updated phase Running -> Failed\"" + w,
                "time=\"2026-10-02T08:14:05.731Z\" level=info msg=\"Marking workflow completed\"" + w,
                "time=\"2026-10-02T08:14:05.749Z\" level=info msg=\"Workflow update successful\" phase=Failed resourceVersion=500" + w);
        List<String> rerun = List.of(
                "time=\"2026-10-02T08:31:40.012Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-10-02T08:31:40.014Z\" level=info msg=\"Pod node " + ID + " initialized Pending\"" + w,
                "time=\"2026-10-02T08:31:40.037Z\" level=info msg=\"Created pod: " + NODE + " (wf-main-1)\"" + w,
                "time=\"2026-10-02T08:31:40.050Z\" level=info msg=\"Workflow update successful\" phase=Running resourceVersion=530" + w,
                "time=\"2026-10-02T08:33:02.011Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-10-02T08:33:02.017Z\" level=info msg=\"node " + ID + " phase Pending -> Succeeded\"" + w,
                "time=\"2026-10-02T08:33:02.021Z\" level=info msg=\"Updated phase Running -> Succeeded\"" + w,
                "time=\"2026-10-02T08:33:02.021Z\" level=info msg=\"Marking workflow completed\"" + w,
                "time=\"2026-10-02T08:33:02.040Z\" level=info msg=\"Workflow update successful\" phase=Succeeded resourceVersion=560" + w);
        Finding retried = run(with(completedFailed, rerun)).findings().get(0);
        assertEquals(Confidence.POSSIBLE, retried.confidence());
        assertTrue(retried.confidenceReason().contains("stored phase Succeeded over the completed Failed")
                && retried.confidenceReason().contains("a Workflow reset by argo retry"), retried.confidenceReason());

        List<String> refused = List.of(
                "time=\"2026-10-02T08:31:40.012Z\" level=info msg=\"Processing workflow\"" + w,
                "time=\"2026-10-02T08:31:40.016Z\" level=info msg=\"Workflow pod is missing\" nodeName=\"" + NODE + "\" nodePhase=Running recentlyStarted=false" + w,
                "time=\"2026-10-02T08:31:40.017Z\" level=info msg=\"node " + ID + " phase Running -> Error\"" + w,
                "time=\"2026-10-02T08:31:40.377Z\" level=info msg=\"Re-applying updates on latest version and retrying update\"" + w,
                "time=\"2026-10-02T08:31:40.402Z\" level=info msg=\"Failed to re-apply update\" error=\"must never update completed workflows\"" + w);
        Finding guarded = run(with(completedFailed, refused)).findings().get(0);
        assertEquals(Confidence.LIKELY, guarded.confidence(), guarded.confidenceReason());
    }

    @Test
    void theControllersOwnPanicOnAFulfilledWorkflowIsLikelyEvenWithoutTheCompletionInTheExcerpt() {
        String w = " namespace=ns workflow=wf";
        List<String> lines = List.of(
                "time=\"2026-10-02T08:31:40.012Z\" level=info msg=\"Processing workflow\" Phase=Succeeded ResourceVersion=500" + w,
                "time=\"2026-10-02T08:31:40.018Z\" level=panic msg=\"workflow is already fulfilled\" fromPhase=Succeeded toPhase=Error" + w,
                "time=\"2026-10-02T08:31:40.019Z\" level=error msg=\"Recovered from panic\" r=\"workflow is already fulfilled\" stack=\"goroutine 1\"" + w);
        Finding f = run(lines).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("the Workflow's phase", f.fact("changed").orElseThrow().value());
        assertEquals("Succeeded", f.fact("fromPhase").orElseThrow().value());
        assertNull(f.node());
        assertEquals("ns/wf", f.pod().toString(), "no Pod in the lines: filed under the Workflow's own name");
        assertTrue(f.explanation().contains("\"workflow is already fulfilled\""), f.explanation());
    }

    /**
     * A completion marked in a pass whose write then failed (a Workflow too large for etcd, B7) was never
     * stored: the next pass reads the Workflow still Running, which is no regression but what is there (AF013).
     */
    @Test
    void aCompletionWhoseWriteFailedWasNeverInForce() {
        List<String> lines = new ArrayList<>(List.of(
                op("2026-10-02T08:10:00.100Z", "INFO", "Processing workflow", "phase=Running resourceVersion=400"),
                op("2026-10-02T08:10:00.102Z", "INFO", "updated phase", "fromPhase=Running toPhase=Error"),
                op("2026-10-02T08:10:00.103Z", "INFO", "Marking workflow completed", ""),
                op("2026-10-02T08:10:00.720Z", "WARN", "Error updating workflow", "error=\"etcdserver: request is too large\""),
                op("2026-10-02T08:10:01.340Z", "WARN", "Error updating workflow with size error", "error=\"etcdserver: request is too large\""),
                op("2026-10-02T08:10:30.100Z", "INFO", "Processing workflow", "phase=Running resourceVersion=400"),
                op("2026-10-02T08:10:30.102Z", "INFO", "updated phase", "fromPhase=Running toPhase=Error"),
                op("2026-10-02T08:10:30.103Z", "INFO", "Marking workflow completed", "")));
        Evaluation e = run(lines);
        assertTrue(e.findings().isEmpty(), "the completion was never stored: " + e.findings());
    }

    /**
     * The regressed pass's "pod deleted" was refused by the persist guard: the node stays Succeeded, so
     * AF002 (a successful Pod reported failed) must not read that pass as the node's end. Without the
     * guard's refusal the same lines are AF002's case, which shows the check can fail.
     */
    @Test
    void aRefusedRegressionIsNotTheNodesEnd() {
        List<String> base = completed();
        base.add(5, op("2026-10-02T08:14:05.725Z", "DEBUG", "Taskresult of the node not yet completed", "nodeID=" + ID));
        List<String> refused = new ArrayList<>(base);
        refused.addAll(pass("2026-10-02T08:31:40", "480", GUARD));
        SuccessReportedAsError af002 = new SuccessReportedAsError();
        assertTrue(af002.evaluate(new Evidence().log("c.log", refused.toArray(String[]::new)).correlate()).findings().isEmpty(),
                "the refused pass changed nothing that was stored");
        List<String> stored = new ArrayList<>(base);
        stored.addAll(pass("2026-10-02T08:31:40", "480",
                op("2026-10-02T08:31:40.402Z", "INFO", "Workflow update successful", "resourceVersion=520 phase=Failed")));
        assertEquals(1, af002.evaluate(new Evidence().log("c.log", stored.toArray(String[]::new)).correlate()).findings().size());
    }

    /**
     * A second active controller (AF012) working on a copy from before the completion completes the
     * Workflow again with the same phase; its update is refused. Nothing went back: cleared, not
     * reported. A regression to another phase on the same copy is still reported (the check can fail).
     */
    @Test
    void theSameEndReachedAgainFromAnOlderCopyIsNoRegression() {
        List<String> lines = completed();
        lines.addAll(List.of(
                op("2026-10-02T08:14:06.100Z", "INFO", "Processing workflow", "phase=Running resourceVersion=480"),
                op("2026-10-02T08:14:06.111Z", "INFO", "updated phase", "fromPhase=Running toPhase=Succeeded"),
                op("2026-10-02T08:14:06.111Z", "INFO", "Marking workflow completed", ""),
                op("2026-10-02T08:14:06.130Z", "INFO", "Failed to re-apply update", "error=\"must never update completed workflows\"")));
        Evaluation e = run(lines);
        assertTrue(e.findings().isEmpty(), e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("completed it again with the same phase")), e.cleared().toString());
        List<String> other = completed();
        other.addAll(List.of(
                op("2026-10-02T08:14:06.100Z", "INFO", "Processing workflow", "phase=Running resourceVersion=480"),
                op("2026-10-02T08:14:06.111Z", "INFO", "updated phase", "fromPhase=Running toPhase=Failed"),
                op("2026-10-02T08:14:06.111Z", "INFO", "Marking workflow completed", ""),
                op("2026-10-02T08:14:06.130Z", "INFO", "Failed to re-apply update", "error=\"must never update completed workflows\"")));
        assertEquals(1, run(other).findings().size(), "Succeeded then Failed is a regression, refused or not");
    }

    /**
     * Two active controllers (AF012) take the Workflow up at the same moment: a.log completes it Failed and stores it; b.log's
     * pass began on the same copy before that store, fails the same node and is refused by the guard. Its pass began before the
     * completion, so it is not a pass after it; and a.log's store, logged while b.log's pass ran, belongs to a.log's pass (one
     * run's lines make a pass, not whatever another run logged in between).
     */
    @Test
    void aSecondControllersPassThatBeganBeforeTheCompletionIsNoRegression() {
        String group = "wf-group";
        List<String> a = List.of(
                op("2026-10-02T08:14:05.720Z", "INFO", "Processing workflow", "phase=Running resourceVersion=480"),
                op("2026-10-02T08:14:05.725Z", "INFO", "node phase changed", "node=" + group + " fromPhase=Running toPhase=Failed"),
                op("2026-10-02T08:14:05.731Z", "INFO", "updated phase", "fromPhase=Running toPhase=Failed"),
                op("2026-10-02T08:14:05.731Z", "INFO", "Marking workflow completed", ""),
                op("2026-10-02T08:14:05.749Z", "INFO", "Workflow update successful", "resourceVersion=500 phase=Failed"));
        List<String> b = List.of(
                op("2026-10-02T08:14:05.731Z", "INFO", "Processing workflow", "phase=Running resourceVersion=480"),
                op("2026-10-02T08:14:05.733Z", "INFO", "node phase changed", "node=" + group + " fromPhase=Running toPhase=Failed"),
                op("2026-10-02T08:14:05.734Z", "INFO", "updated phase", "fromPhase=Running toPhase=Failed"),
                op("2026-10-02T08:14:05.735Z", "INFO", "Marking workflow completed", ""),
                op("2026-10-02T08:14:05.760Z", "INFO", "Re-applying updates on latest version and retrying update", ""),
                op("2026-10-02T08:14:05.761Z", "INFO", "Failed to re-apply update", "error=\"must never update completed workflows\""));
        Evaluation e = new PhaseRegression().evaluate(new Evidence().log("a.log", a.toArray(String[]::new))
                .log("b.log", b.toArray(String[]::new)).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        // The same pass of b.log, begun after a.log's store, is a pass after the completion (a stale copy, resourceVersion 480 < 500).
        List<String> late = b.stream().map(l -> l.replace("08:14:05.7", "08:14:06.7")).toList();
        Evaluation after = new PhaseRegression().evaluate(new Evidence().log("a.log", a.toArray(String[]::new))
                .log("b.log", late.toArray(String[]::new)).correlate());
        assertEquals(1, after.findings().size(), () -> after.findings().toString());
    }
}
