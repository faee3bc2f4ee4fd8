package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF016 on v3.4/v3.5 logrus lines (read at v3.4.18, v3.5.4, v3.5.5 and v3.6.15, {@code assessNodeStatus}, {@code inferFailedReason},
 * {@code podReconciliation}): the Pod garbage collector failed a lost node's Pod over a running main; {@code inferFailedReason} warned
 * and fell through to {@code Succeeded} with no message; with no {@code wait} container keeping the phase (a resource template's Pod)
 * v3.4.0-v3.5.4 stored it. Negative controls: a later release (the pass stops on the incomplete task result, AF007's), a container
 * template whose running wait kept the phase (then {@code pod deleted}), the warning for {@code wait} alone, a true success (no warning),
 * {@code argo stop}, a deleted Workflow.
 */
class LostPodStoredSucceededTest {
    private static final String WF = "fs-r2k9p";
    private static final String NODE = WF + "-295472815";
    private static final String POD = WF + "-load-295472815";

    private static String v3(String t, String level, String msg, String keys) {
        return "time=\"" + t + "\" level=" + level + " msg=\"" + msg + "\"" + (keys.isEmpty() ? "" : " " + keys);
    }

    private static String wf(String t, String msg, String keys) {
        return v3(t, "info", msg, "namespace=ns " + keys + (keys.isEmpty() ? "" : " ") + "workflow=" + WF);
    }

    private static String nodeChanged(String t, String from, String to) {
        return wf(t, "node changed", "new.message= new.phase=" + to + " new.progress=0/1 nodeID=" + NODE + " old.message= old.phase=" + from
                + " old.progress=0/1");
    }

    private static String warning(String t, String container) {
        return v3(t, "warning", "Pod " + POD + " phase was Failed but " + container + " did not have terminated state", "");
    }

    private static String podFailed(String t) {
        return v3(t, "info", "Pod failed: ", "displayName=load namespace=ns pod=" + POD + " templateName=load workflow=" + WF);
    }

    /** A run of {@code release} (no banner when null) that created the Pod, saw it Running, then {@code lines}. */
    private static List<String> run(String release, List<String> lines) {
        List<String> all = new ArrayList<>();
        if (release != null) {
            all.add(v3("2026-11-20T01:00:00.000Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=" + release));
        }
        all.add(v3("2026-11-20T01:00:00.002Z", "info", "Current Worker Numbers", "podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"));
        all.add(wf("2026-11-20T01:05:00.100Z", "Processing workflow", "Phase= ResourceVersion=100"));
        all.add(wf("2026-11-20T01:05:00.131Z", "Created pod: " + WF + "[0].load (" + POD + ")", ""));
        all.add(wf("2026-11-20T01:05:00.146Z", "Workflow update successful", "phase=Running resourceVersion=104"));
        all.add(wf("2026-11-20T01:05:04.310Z", "Processing workflow", "Phase=Running ResourceVersion=104"));
        all.add(nodeChanged("2026-11-20T01:05:04.311Z", "Pending", "Running"));
        all.add(wf("2026-11-20T01:05:04.325Z", "Workflow update successful", "phase=Running resourceVersion=110"));
        all.add(v3("2026-11-20T01:41:37.880Z", "info", "insignificant pod change", "key=ns/" + POD));
        all.addAll(lines);
        all.add(v3("2026-11-20T01:55:00.002Z", "info", "Alloc=10288 TotalAlloc=54101 Sys=48662 NumGC=121 Goroutines=103", ""));
        return all;
    }

    /** PodGC's Failed over a running main of a resource template's Pod (no wait): the pass goes through to Succeeded and stores it. */
    private static List<String> resourcePodLost() {
        return List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                warning("2026-11-20T01:47:10.413Z", "main"), podFailed("2026-11-20T01:47:10.413Z"),
                nodeChanged("2026-11-20T01:47:10.413Z", "Running", "Succeeded"),
                wf("2026-11-20T01:47:10.414Z", "node " + WF + " phase Running -> Succeeded", ""),
                wf("2026-11-20T01:47:10.414Z", "Updated phase Running -> Succeeded", ""),
                wf("2026-11-20T01:47:10.414Z", "Marking workflow completed", ""),
                wf("2026-11-20T01:47:10.431Z", "Workflow update successful", "phase=Succeeded resourceVersion=180"));
    }

    /** The lines of a run of {@code release} (null: no banner), read as the reading reads that run's banner. */
    private static Correlation correlate(String release, List<String> lines, String... workflowYaml) {
        Evidence e = new Evidence().release(release).log("controller.log", lines.toArray(String[]::new));
        for (String y : workflowYaml) {
            e.workflow("workflow.yaml", y);
        }
        return e.correlate();
    }

    private static Evaluation af016(Correlation c) {
        return new LostPodStoredSucceeded().evaluate(c);
    }

    @Test
    void v354ResourcePodLostIsStoredSucceededFromTheLinesLikely() {
        Correlation c = correlate("v3.5.4", run("v3.5.4", resourcePodLost()));
        Evaluation e = af016(c);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), "only the controller's lines record the node's end");
        assertEquals("v3.5.4", f.fact("release").orElseThrow().value());
        assertEquals("2026-11-20T01:47:10.413Z", f.fact("recordedSucceeded").orElseThrow().value());
        assertEquals(Deletion.POD_GC, f.fact("deletedBy").orElseThrow().value(), "PodGC implied by its Failed over a running main");
        assertEquals("Succeeded", f.fact("workflowPhase").orElseThrow().value());
        assertTrue(f.explanation().contains("stored Succeeded though main never finished"), f.explanation());
        // One fact derived once: no other rule reads the same Pod as a success lost or a finished Pod deleted.
        assertEquals(List.of(), new SuccessReportedAsError().evaluate(c).findings());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        assertEquals(List.of(), new PrematureFinalizerRemoval().evaluate(c).findings());
    }

    @Test
    void v34ReleaseStoresItToo() {
        assertEquals(1, af016(correlate("v3.4.18", run("v3.4.18", resourcePodLost()))).findings().size());
    }

    /**
     * Session 43: the export shows the node stored Succeeded, by its own times after the warning; that main still ran when the node
     * went rests on the warning, the lost node's kubelet's last report (Execution.frozenReport). A resource Pod's main is the executor,
     * which saves the outputs before it exits: one that exited 0 in the kubelet's report delay before the loss left a true success
     * recorded the same way. It was confirmed; it is likely now, saying why (AF007 gives the same reading likely at most).
     */
    @Test
    void anExportOfTheWorkflowWithTheNodeSucceededRecordsItButMainRunningRestsOnTheLastReport() {
        String yaml = """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: %s, namespace: ns, uid: 6f0a1c2e-1111-4c1d-9a3e-5b7c9d0e1f2a,
                  managedFields: [{manager: kubectl-label, operation: Update, time: "2026-11-20T01:48:00Z"}]}
                status:
                  phase: Succeeded
                  nodes:
                    %s: {id: %s, name: "%s[0].load", displayName: load, type: Pod, phase: Succeeded, templateName: load,
                      startedAt: "2026-11-20T01:05:00Z", finishedAt: "2026-11-20T01:47:10Z"}
                """.formatted(WF, NODE, NODE, WF);
        Evaluation e = af016(correlate("v3.5.4", run("v3.5.4", resourcePodLost()), yaml));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().startsWith(EXPORTED_FROZEN), f.confidenceReason());
        assertEquals("an export of the Workflow", f.fact("recordedBy").orElseThrow().value());
    }

    /** The reason an export read as the pass's record gives (s43: likely, main's state being the lost node's last report). */
    private static final String EXPORTED_FROZEN = "the controller found the Pod Failed while main had not terminated, and an export of the "
            + "Workflow shows the node Succeeded, on v3.5.4, a release that stores that pass; but the warning reads the lost node's kubelet's "
            + "last report";

    /**
     * Session 39 breaker: the export is of a namesake Workflow resubmitted under the name after the warning (its own
     * creationTimestamp 01:50:00, after the warning at 01:47:10): node IDs hash the Workflow's and the node's names, so the namesake's
     * node has the same ID and its Succeeded says nothing of the lost Pod's pass. It must not confirm.
     */
    @Test
    void anExportOfANamesakeCreatedAfterTheWarningDoesNotConfirm() {
        String yaml = """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: %s, namespace: ns, uid: 9d1e2f3a-2222-4b5c-8d7e-1a2b3c4d5e6f, creationTimestamp: "2026-11-20T01:50:00Z",
                  managedFields: [{manager: workflow-controller, operation: Update, time: "2026-11-20T01:52:00Z"}]}
                status:
                  phase: Succeeded
                  startedAt: "2026-11-20T01:50:00Z"
                  finishedAt: "2026-11-20T01:52:00Z"
                  nodes:
                    %s: {id: %s, name: "%s[0].load", displayName: load, type: Pod, phase: Succeeded, templateName: load,
                      startedAt: "2026-11-20T01:50:01Z", finishedAt: "2026-11-20T01:51:58Z"}
                """.formatted(WF, NODE, NODE, WF);
        Evaluation e = af016(correlate("v3.5.4", run("v3.5.4", resourcePodLost()), yaml));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("a later run of the node (started 2026-11-20T01:50:01"), f.confidenceReason());
        assertEquals("the controller's node changed line and the Workflow update that stored it", f.fact("recordedBy").orElseThrow().value());
    }

    /**
     * Session 33: the export of the Workflow with the node Succeeded is dated only by its file's {@code # taken-at:} (the clock of
     * whoever took it, which may be off by 60 s). Stated 30 s after the warning, it may show a success recorded before it: it is not
     * read as the pass's record, and the finding rests on the lines (likely; it was confirmed). Stated 2m50s after: after the
     * warning, but only by a user's clock, so likely, saying so. Negative control: the same export holding a time of its own after
     * the warning (a label set at 01:48:00, the API server's clock) confirms, whatever its stated time.
     */
    @Test
    void anExportAfterTheWarningOnlyByAStatedTimeDoesNotConfirm() {
        String yaml = """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: %s, namespace: ns, uid: 6f0a1c2e-1111-4c1d-9a3e-5b7c9d0e1f2a%s}
                status:
                  phase: Succeeded
                  nodes:
                    %s: {id: %s, name: "%s[0].load", displayName: load, type: Pod, phase: Succeeded, templateName: load}
                """;
        String plain = yaml.formatted(WF, "", NODE, NODE, WF);
        String labelled = yaml.formatted(WF, ", managedFields: [{manager: kubectl-label, operation: Update, time: \"2026-11-20T01:48:00Z\"}]",
                NODE, NODE, WF);
        java.util.function.BiFunction<String, String, Finding> at = (taken, export) -> {
            Evaluation e = af016(new Evidence().release("v3.5.4").log("controller.log", run("v3.5.4", resourcePodLost()).toArray(String[]::new))
                    .takenAt("workflow.yaml", taken, export).correlate());
            assertEquals(1, e.findings().size(), () -> e.cleared().toString());
            return e.findings().get(0);
        };
        Finding near = at.apply("2026-11-20T01:47:40Z", plain);
        assertEquals(Confidence.LIKELY, near.confidence(), near.confidenceReason());
        assertEquals("the controller's node changed line and the Workflow update that stored it", near.fact("recordedBy").orElseThrow().value());
        Finding far = at.apply("2026-11-20T01:50:00Z", plain);
        assertEquals(Confidence.LIKELY, far.confidence(), far.confidenceReason());
        assertTrue(far.confidenceReason().endsWith("but only the time its file states (2026-11-20T01:50:00Z, the clock of whoever took it, which "
                + "may be off by 1m0s) puts the export after the warning, so it does not confirm"), far.confidenceReason());
        Finding own = at.apply("2026-11-20T01:47:40Z", labelled);
        // Read as the pass's record (s43: likely at most, main's state being the lost node's last report).
        assertEquals(Confidence.LIKELY, own.confidence(), own.confidenceReason());
        assertTrue(own.confidenceReason().startsWith(EXPORTED_FROZEN), own.confidenceReason());
        assertEquals("an export of the Workflow", own.fact("recordedBy").orElseThrow().value());
    }

    @Test
    void withoutAStartBannerTheReleaseIsUnknownPossible() {
        Evaluation e = af016(correlate(null, run(null, resourcePodLost())));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).confidenceReason().contains("start banner"), e.findings().get(0).confidenceReason());
    }

    /**
     * Without a banner, a run whose lines' shapes alone place it in v3.5.5 or later (here: {@code pod reconciliation didn't complete},
     * v3.5.5+) is read from the range the reading prints ({@code v3.5.5 to v3.5.11 (…)}): not a storing release, cleared. Session 31
     * (verify16): the range's printed form was not read back, so such a run counted as unknown and gave a possible finding.
     */
    @Test
    void aReleaseRangeFromTheLinesShapesAfterV354Clears() {
        String shapes = "v3.5.5 to v3.5.11 (worker-numbers-without-cron, pod-reconciliation-incomplete)";
        Evaluation e = af016(correlate(shapes, run(null, resourcePodLost())));
        assertEquals(List.of(), e.findings());
        assertEquals(1, e.cleared().size());
        assertEquals("AF016.cleared.release", e.cleared().get(0).why().code());
        assertTrue(e.cleared().get(0).reason().contains("v3.5.5 to v3.5.11"), e.cleared().get(0).reason());
        for (String later : List.of("v3.6.5 or later (pod-phase-changed)", "v3.7.x (node-changed-at-debug)")) {
            assertEquals(List.of(), af016(correlate(later, run(null, resourcePodLost()))).findings(), later);
        }
    }

    /** Negative control for the above: a range from the shapes that reaches into v3.4.0-v3.5.4 leaves the release unknown: possible. */
    @Test
    void aReleaseRangeOverlappingTheStoringReleasesStaysPossible() {
        for (String overlapping : List.of("v3.4.13 to v3.5.11 (worker-numbers-without-cron)", "v3.5.4 or earlier (x)", "v3.5.3 or later (x)")) {
            Evaluation e = af016(correlate(overlapping, run(null, resourcePodLost())));
            assertEquals(1, e.findings().size(), overlapping);
            assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), overlapping);
        }
    }

    /** Negative control: from v3.5.5 the incomplete task result stops the pass; the same lines say nothing for AF016. */
    @Test
    void v355AndLaterDoNotStoreIt() {
        for (String release : List.of("v3.5.5", "v3.5.15", "v3.6.15", "v3.7.6")) {
            Evaluation e = af016(correlate(release, run(release, resourcePodLost())));
            assertEquals(List.of(), e.findings(), release);
            assertEquals(1, e.cleared().size(), release);
        }
    }

    /**
     * Negative control: a container template's Pod on v3.5.4. The warnings for main and wait; wait still running keeps the node's phase
     * ({@code leaving phase un-changed}), and once the Pod is gone the node is marked {@code pod deleted}: AF007's loss, no success.
     */
    @Test
    void aRunningWaitKeepsThePhaseNoSuccess() {
        // v3.5.4 marks the node pod deleted through markNodePhase: no "Mark error node" line (that is v3.5.6+).
        List<String> lines = List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                warning("2026-11-20T01:47:10.413Z", "main"), warning("2026-11-20T01:47:10.413Z", "wait"), podFailed("2026-11-20T01:47:10.413Z"),
                wf("2026-11-20T01:47:10.413Z", "leaving phase un-changed: wait container is not yet terminated ", "new.phase=Succeeded"),
                wf("2026-11-20T01:47:10.413Z", "node unchanged", "nodeID=" + NODE),
                wf("2026-11-20T01:47:20.500Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                wf("2026-11-20T01:47:20.501Z", "Workflow pod is missing", "nodeName=\"" + WF + "[0].load\" nodePhase=Running recentlyStarted=false"),
                wf("2026-11-20T01:47:20.502Z", "node " + NODE + " phase Running -> Error", ""),
                wf("2026-11-20T01:47:20.502Z", "node " + NODE + " message: pod deleted", ""),
                wf("2026-11-20T01:47:20.520Z", "Workflow update successful", "phase=Error resourceVersion=190"));
        Evaluation e = af016(correlate("v3.5.4", run("v3.5.4", lines)));
        assertEquals(List.of(), e.findings());
        assertEquals(List.of(), e.cleared(), "nothing assessed Succeeded: nothing to clear");
    }

    /**
     * s41 breaker: the container template's Pod of {@link #aRunningWaitKeepsThePhaseNoSuccess} (its node ended {@code pod deleted},
     * AF007's), beside an {@code argo get -o yaml} quoted from {@code status:} on (no time of its own) of an earlier Workflow of the
     * same name, whose node (same ID: it hashes the names) had Succeeded the day before. It confirmed a success recorded over the
     * lost Pod. A node that finished before the warning's second is not the pass's record: its success came before main was found
     * still running. Control: the same quote finishing at the warning's second confirms the resource Pod's finding.
     */
    @Test
    void anExportOfANodeFinishedBeforeTheWarningIsAnEarlierRun() {
        List<String> lines = List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                warning("2026-11-20T01:47:10.413Z", "main"), warning("2026-11-20T01:47:10.413Z", "wait"), podFailed("2026-11-20T01:47:10.413Z"),
                wf("2026-11-20T01:47:10.413Z", "leaving phase un-changed: wait container is not yet terminated ", "new.phase=Succeeded"),
                wf("2026-11-20T01:47:10.413Z", "node unchanged", "nodeID=" + NODE),
                wf("2026-11-20T01:47:20.500Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                wf("2026-11-20T01:47:20.501Z", "Workflow pod is missing", "nodeName=\"" + WF + "[0].load\" nodePhase=Running recentlyStarted=false"),
                wf("2026-11-20T01:47:20.502Z", "node " + NODE + " phase Running -> Error", ""),
                wf("2026-11-20T01:47:20.502Z", "node " + NODE + " message: pod deleted", ""),
                wf("2026-11-20T01:47:20.520Z", "Workflow update successful", "phase=Error resourceVersion=190"));
        String earlier = """
                status:
                  phase: Succeeded
                  startedAt: "2026-11-19T01:05:00Z"
                  finishedAt: "2026-11-19T01:31:40Z"
                  nodes:
                    %s: {id: %s, name: %s, displayName: %s, type: Steps, phase: Succeeded, templateName: main,
                      startedAt: "2026-11-19T01:05:00Z", finishedAt: "2026-11-19T01:31:40Z", children: [%s]}
                    %s: {id: %s, name: "%s[0].load", displayName: load, type: Pod, phase: Succeeded, templateName: load,
                      boundaryID: %s, startedAt: "2026-11-19T01:05:00Z", finishedAt: "2026-11-19T01:31:38Z"}
                """.formatted(WF, WF, WF, WF, NODE, NODE, NODE, WF, WF);
        Evaluation e = af016(correlate("v3.5.4", run("v3.5.4", lines), earlier));
        assertEquals(List.of(), e.findings(), () -> e.findings().get(0).confidenceReason());
        // Control: finished at the warning's own second, the quote may be the pass's record; the resource Pod's finding confirmed.
        String same = earlier.replace("2026-11-19T01:31:38Z", "2026-11-20T01:47:10Z").replace("2026-11-19T01:31:40Z", "2026-11-20T01:47:10Z")
                .replace("2026-11-19T01:05:00Z", "2026-11-20T01:05:00Z");
        Evaluation c = af016(correlate("v3.5.4", run("v3.5.4", resourcePodLost()), same));
        assertTrue(c.findings().get(0).confidenceReason().startsWith(EXPORTED_FROZEN), c.findings().get(0).confidenceReason());
    }

    /** Negative control: the warning for wait alone (main had exited 0): the success is main's own. */
    @Test
    void theWaitWarningAloneSaysNothing() {
        List<String> lines = List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                warning("2026-11-20T01:47:10.413Z", "wait"), podFailed("2026-11-20T01:47:10.413Z"),
                nodeChanged("2026-11-20T01:47:10.413Z", "Running", "Succeeded"),
                wf("2026-11-20T01:47:10.431Z", "Workflow update successful", "phase=Succeeded resourceVersion=180"));
        assertEquals(List.of(), af016(correlate("v3.5.4", run("v3.5.4", lines))).findings());
    }

    /** Negative control: main and wait ended 0 before the node was lost: no warning, the success is true. */
    @Test
    void aTrueSuccessSaysNothing() {
        List<String> lines = List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                nodeChanged("2026-11-20T01:47:10.413Z", "Running", "Succeeded"),
                wf("2026-11-20T01:47:10.431Z", "Workflow update successful", "phase=Succeeded resourceVersion=180"));
        Evaluation e = af016(correlate("v3.5.4", run("v3.5.4", lines)));
        assertEquals(List.of(), e.findings());
        assertEquals(List.of(), e.cleared());
    }

    /** Negative control: argo stop signals the containers (they terminate: no warning) and fails the node itself. */
    @Test
    void argoStopSaysNothing() {
        List<String> lines = List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                wf("2026-11-20T01:47:10.413Z", "Terminating pod as part of workflow shutdown", "podName=" + POD + " shutdownStrategy=Stop"),
                wf("2026-11-20T01:47:10.414Z", "node " + NODE + " phase Running -> Failed", ""),
                wf("2026-11-20T01:47:10.414Z", "node " + NODE + " message: workflow shutdown with strategy:  Stop", ""),
                wf("2026-11-20T01:47:10.431Z", "Workflow update successful", "phase=Running resourceVersion=180"),
                wf("2026-11-20T01:47:42.100Z", "Processing workflow", "Phase=Running ResourceVersion=180"),
                wf("2026-11-20T01:47:42.120Z", "Workflow update successful", "phase=Failed resourceVersion=195"));
        assertEquals(List.of(), af016(correlate("v3.5.4", run("v3.5.4", lines))).findings());
    }

    /** Negative control: a Workflow deleted under the worker (its update refused as not found): its Pods went with it. */
    @Test
    void aDeletedWorkflowSaysNothing() {
        List<String> lines = List.of(wf("2026-11-20T01:47:10.412Z", "Processing workflow", "Phase=Running ResourceVersion=110"),
                v3("2026-11-20T01:47:10.430Z", "warning", "Error updating workflow: workflows.argoproj.io \\\"" + WF + "\\\" not found NotFound",
                        "namespace=ns workflow=" + WF));
        assertEquals(List.of(), af016(correlate("v3.5.4", run("v3.5.4", lines))).findings());
    }

    /**
     * Session 50 (left from session 49): a delete of the Workflow whose outcome the audit log does not hold (its RequestReceived record
     * alone) before the Pod was lost. Granted, the Pod went with its Workflow, which clears it (as the control shows); refused, it
     * changed nothing. AF016's reason did not name it, and the finding stayed likely: it is possible now, the request named.
     */
    @Test
    void aWorkflowDeleteWhoseOutcomeIsNotLoggedIsNamedAndLeavesItPossible() {
        String delete = dev.argoforensics.testing.Exports.workflowAudit("delete", WF, "dana@example.com", "2026-11-20T01:46:00.000000Z", 200);
        String received = delete.replace("\"stage\":\"ResponseComplete\"", "\"stage\":\"RequestReceived\"").replace("\"responseStatus\":{\"code\":200},", "");
        Evaluation e = af016(new Evidence().release("v3.5.4").log("controller.log", run("v3.5.4", resourcePodLost()).toArray(String[]::new))
                .object("audit.log", received).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("of its Workflow, a delete was requested at 2026-11-20T01:46:00.000000Z; its outcome is not in the "
                + "audit log"), f.confidenceReason());
        // Control: its ResponseComplete (200) given, the Workflow's deletion clears the Pod.
        Evaluation granted = af016(new Evidence().release("v3.5.4").log("controller.log", run("v3.5.4", resourcePodLost()).toArray(String[]::new))
                .object("audit.log", received).object("audit.log", delete).correlate());
        assertEquals(List.of(), granted.findings());
        // Control: refused (403), nothing is named and the finding is as without it.
        Evaluation refused = af016(new Evidence().release("v3.5.4").log("controller.log", run("v3.5.4", resourcePodLost()).toArray(String[]::new))
                .object("audit.log", received.replace("\"stage\":\"RequestReceived\"", "\"stage\":\"ResponseComplete\",\"responseStatus\":{\"code\":403}"))
                .correlate());
        assertEquals(Confidence.LIKELY, refused.findings().get(0).confidence(), refused.findings().get(0).confidenceReason());
        assertTrue(!refused.findings().get(0).confidenceReason().contains("outcome is not in the audit log"), refused.findings().get(0).confidenceReason());
    }
}
