package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 45 (a hand-written incident, samples/handover-webhook-refused): a v3.6 leader whose Workflow writes a validating webhook
 * refused assessed the finished Pod Succeeded ({@code node changed}, Info up to v3.6), then saw the user's delete arrive on an
 * update; it died before its delayed release, and the next leader released the Pod at its start-up before any worker stored the
 * result. The worker's reading of the Pod Succeeded, logged by the same run well before its handler saw the deletion, orders the
 * end and the deletion: no lost node's Pod is ever read Succeeded. Before, AF001 was {@code possible}, its reason saying that a
 * Pod whose node was lost looks the same in the lines, while AF002 on the same reading was {@code likely}.
 */
class AssessedBeforeDeletionTest {
    static final String NS = "etl";
    static final String WF = "nightly-load-q8v2x";
    static final String NODE = WF + "[0].extract";
    static final String NID = WF + "-1655159056";
    static final String POD = WF + "-extract-1655159056";
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    static String line(String time, String level, String msg, String fields) {
        // logrus JSON: every key in alphabetical order, level, msg and time among them
        java.util.TreeMap<String, String> m = new java.util.TreeMap<>();
        m.put("level", "\"" + level + "\"");
        m.put("msg", "\"" + msg.replace("\"", "\\\"") + "\"");
        m.put("time", "\"2026-12-01T" + time + "Z\"");
        if (!fields.isEmpty()) {
            for (String kv : fields.split(";")) {
                int eq = kv.indexOf('=');
                m.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        StringBuilder b = new StringBuilder("{");
        m.forEach((k, v) -> b.append(b.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        return b.append('}').toString();
    }

    static String wf(String time, String msg, String fields) {
        return line(time, "info", msg, "namespace=\"" + NS + "\";workflow=\"" + WF + "\"" + (fields.isEmpty() ? "" : ";" + fields));
    }

    static String nodeChanged(String time, String from, String to) {
        return wf(time, "node changed", "nodeID=\"" + NID + "\";new.message=\"\";new.phase=\"" + to + "\";new.progress=\"1/1\";"
                + "old.message=\"\";old.phase=\"" + from + "\";old.progress=\"0/1\"");
    }

    /** The leader: the Pod created and Running (stored), then read Succeeded at {@code succeeded}, the deletion seen at {@code deleted}. */
    private static String[] leader(String succeeded, String deleted, String delay) {
        List<String> l = new ArrayList<>(List.of(
                line("01:58:02.141", "info", "Current Worker Numbers", "cronWorkflowWorkers=8;podCleanup=4;workflowArchive=8;workflowTtlWorkers=4;workflowWorkers=32"),
                wf("02:10:00.412", "Processing workflow", "Phase=\"\";ResourceVersion=\"88120431\""),
                wf("02:10:00.430", "Pod node " + NID + " initialized Pending", ""),
                wf("02:10:00.471", "Created pod: " + NODE + " (" + POD + ")", ""),
                wf("02:10:00.497", "Workflow update successful", "phase=\"Running\";resourceVersion=\"88120437\""),
                wf("02:10:05.224", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120437\""),
                nodeChanged("02:10:05.229", "Pending", "Running"),
                wf("02:10:05.251", "Workflow update successful", "phase=\"Running\";resourceVersion=\"88120502\"")));
        List<String> assessed = List.of(wf(succeeded.substring(0, 9) + "300", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120502\""),
                nodeChanged(succeeded, "Running", "Succeeded"),
                line(succeeded.substring(0, 9) + "990", "warning", "Error updating workflow: Internal error occurred: failed calling webhook "
                        + "\"validate.kyverno.svc-fail\": context deadline exceeded InternalError", "namespace=\"" + NS + "\";workflow=\"" + WF + "\""));
        List<String> deletion = List.of(line(deleted, "info", "update pod event", "pod=\"" + POD + "\""),
                line(deleted, "info", "Removing finalizers during a delete", "pod.Finalizers=[\"workflows.argoproj.io/status\"]"),
                line(deleted, "info", "queuing poddelay" + delay, "action=\"removeFinalizer\";namespace=\"" + NS + "\";podGC={};podName=\"" + POD + "\""));
        l.addAll(assessed);
        l.addAll(deletion);
        return l.toArray(String[]::new);
    }

    /** The next leader, started after the first died: it releases the Pod at once, then its worker finds it missing. */
    private static String[] next(String delay) {
        return new String[] {
            line("02:14:52.871", "info", "Current Worker Numbers", "cronWorkflowWorkers=8;podCleanup=4;workflowArchive=8;workflowTtlWorkers=4;workflowWorkers=32"),
            line("02:14:52.902", "info", "add pod event", "pod=\"" + POD + "\""),
            line("02:14:52.903", "info", "Removing finalizers during a delete", "pod.Finalizers=[\"workflows.argoproj.io/status\"]"),
            line("02:14:52.903", "info", "queuing poddelay" + delay, "action=\"removeFinalizer\";namespace=\"" + NS + "\";podGC={};podName=\"" + POD + "\""),
            line("02:14:52.904", "info", "queueing pod for cleanup", "action=\"removeFinalizer\";namespace=\"" + NS + "\";podName=\"" + POD + "\""),
            line("02:14:52.910", "info", "cleaning up pod", "action=\"removeFinalizer\";key=\"" + NS + "/" + POD + "/removeFinalizer\";namespace=\"" + NS
                    + "\";podName=\"" + POD + "\""),
            line("02:14:52.987", "info", "delete pod event", "pod=\"" + POD + "\""),
            wf("02:14:53.301", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120502\""),
            wf("02:14:53.309", "Workflow pod is missing", "nodeName=\"" + NODE + "\";nodePhase=\"Running\";recentlyStarted=false"),
            line("02:14:53.310", "error", "Mark error node", "error=\"pod deleted\";namespace=\"" + NS + "\";nodeName=\"" + NODE + "\";workflow=\"" + WF + "\""),
            wf("02:14:53.311", "node " + NID + " phase Running -> Error", ""),
            wf("02:14:53.312", "node " + NID + " message: pod deleted", ""),
            wf("02:14:53.362", "Workflow update successful", "phase=\"Failed\";resourceVersion=\"88121190\"")};
    }

    static final String WORKFLOW_AFTER = """
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata:
              name: nightly-load-q8v2x
              namespace: etl
              resourceVersion: "88121190"
              uid: 4b1f0c2e-7a93-4d0b-8e55-2f6c1d9a7e40
            status:
              phase: Failed
              nodes:
                nightly-load-q8v2x-1655159056:
                  id: nightly-load-q8v2x-1655159056
                  name: nightly-load-q8v2x[0].extract
                  displayName: extract
                  type: Pod
                  templateName: extract
                  phase: Error
                  message: pod deleted
                  startedAt: "2026-12-01T02:10:00Z"
                  finishedAt: "2026-12-01T02:14:53Z"
            """;

    /**
     * The run's lines with the stats ticker's records (every 5 minutes from its start, naming nothing: reference §3.7) among them, in
     * time order: what shows a run's log whole between two of its lines.
     */
    static String[] withTicks(String[] lines, String... ticks) {
        List<String> all = new ArrayList<>(List.of(lines));
        for (String t : ticks) {
            all.add(line(t, "info", "Alloc=7122 TotalAlloc=1893410 Sys=48311 NumGC=402 Goroutines=231", ""));
        }
        all.sort(java.util.Comparator.comparing(x -> x.substring(x.indexOf("\"time\":\""))));
        return all.toArray(String[]::new);
    }

    private static Correlation incident(String succeeded, String deleted, String delay) {
        return new Evidence().log("workflow-controller-6jx4k.log", withTicks(leader(succeeded, deleted, delay), "02:03:02.141", "02:08:02.141", "02:13:02.141"))
                .log("workflow-controller-q2m9t.log", next("-11.903884517s")).workflow("argo-get.yaml", WORKFLOW_AFTER).correlate();
    }

    private static Execution execution(Correlation c) {
        return c.lifecycle(new PodKey(NS, POD)).execution();
    }

    @Test
    void aSuccessReadByTheSameRunLongBeforeItSawTheDeletionOrdersTheEndFirst() {
        Correlation c = incident("02:12:41.327", "02:13:30.119", "1m10.880112407s");
        Execution e = execution(c);
        assertEquals(Execution.State.FINISHED_BEFORE, e.state(), e.reason());
        assertTrue(e.weak() && e.endShown(), e.toString());
        assertEquals("workflow-controller-6jx4k.log:12", e.evidence().toString());
        assertTrue(e.reason().startsWith("a Workflow worker assessed the Pod Succeeded at 2026-12-01T02:12:41.327Z (every container had exited 0), "
                + "before the same controller run saw the deletion arrive (update pod event at 2026-12-01T02:13:30.119Z)"), e.reason());
        Finding f = rule.evaluate(c).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("AF001.reason.assessedOrderedByLines", f.reason().code());
        assertFalse(f.confidenceReason().contains("a Pod whose node was lost looks the same"), f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(x -> x.role().startsWith("a Workflow worker assessed the Pod Succeeded")), () -> f.evidence().toString());
        // The order rests on the run read whole between the two, which only the stats ticker shows: a cut shorter than its period
        // would not show, and the finding says so (session 46: the limit was silent).
        String caveat = "(that no line of the run was cut between the two rests on its stats ticker, an Alloc= line at least every 5m10s:"
                + " a cut shorter than that would not show)";
        assertTrue(e.reason().endsWith(caveat), e.reason());
        assertTrue(f.reason().toString().contains(caveat), f.reason().toString());
    }

    /**
     * Negative control: the worker read the Pod (finished at 02:12:41) Succeeded only 2.8 s before the handler's line, within what a
     * lagging handler may trail the informer's store by: the reading orders nothing (the race is still there, possible).
     */
    @Test
    void aSuccessReadJustBeforeTheDeletionOrdersNothing() {
        Correlation c = incident("02:13:27.327", "02:13:30.119", "1m10.880112407s");
        assertTrue(execution(c).state() != Execution.State.FINISHED_BEFORE || !execution(c).reason().startsWith("a Workflow worker assessed"),
                execution(c).reason());
        Finding f = rule.evaluate(c).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /**
     * Negative control, the look-alike: deleted while it ran (its last transition its Ready at 02:10:05, so the leader released it at
     * once), main answering the deletion's SIGTERM with exit 0, the Pod read Succeeded 1.4 s after the deletion was seen: deleted while
     * it ran, never the race from these lines.
     */
    @Test
    void aSuccessReadAfterTheDeletionOrdersNothing() {
        String[] lines = {
            line("01:58:02.141", "info", "Current Worker Numbers", "cronWorkflowWorkers=8;podCleanup=4;workflowArchive=8;workflowTtlWorkers=4;workflowWorkers=32"),
            wf("02:10:00.412", "Processing workflow", "Phase=\"\";ResourceVersion=\"88120431\""),
            wf("02:10:00.430", "Pod node " + NID + " initialized Pending", ""),
            wf("02:10:00.471", "Created pod: " + NODE + " (" + POD + ")", ""),
            wf("02:10:00.497", "Workflow update successful", "phase=\"Running\";resourceVersion=\"88120437\""),
            wf("02:10:05.224", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120437\""),
            nodeChanged("02:10:05.229", "Pending", "Running"),
            wf("02:10:05.251", "Workflow update successful", "phase=\"Running\";resourceVersion=\"88120502\""),
            line("02:13:30.119", "info", "update pod event", "pod=\"" + POD + "\""),
            line("02:13:30.119", "info", "Removing finalizers during a delete", "pod.Finalizers=[\"workflows.argoproj.io/status\"]"),
            line("02:13:30.120", "info", "queuing poddelay-1m25.119884517s", "action=\"removeFinalizer\";namespace=\"" + NS + "\";podGC={};podName=\"" + POD + "\""),
            line("02:13:30.120", "info", "queueing pod for cleanup", "action=\"removeFinalizer\";namespace=\"" + NS + "\";podName=\"" + POD + "\""),
            line("02:13:30.125", "info", "cleaning up pod", "action=\"removeFinalizer\";key=\"" + NS + "/" + POD + "/removeFinalizer\";namespace=\"" + NS
                    + "\";podName=\"" + POD + "\""),
            line("02:13:31.480", "info", "update pod event", "pod=\"" + POD + "\""),
            wf("02:13:31.500", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120502\""),
            nodeChanged("02:13:31.505", "Running", "Succeeded"),
            line("02:13:31.620", "info", "delete pod event", "pod=\"" + POD + "\""),
            line("02:13:41.510", "warning", "Error updating workflow: Internal error occurred: failed calling webhook "
                    + "\"validate.kyverno.svc-fail\": context deadline exceeded InternalError", "namespace=\"" + NS + "\";workflow=\"" + WF + "\""),
            wf("02:13:51.601", "Processing workflow", "Phase=\"Running\";ResourceVersion=\"88120502\""),
            wf("02:13:51.609", "Workflow pod is missing", "nodeName=\"" + NODE + "\";nodePhase=\"Running\";recentlyStarted=false"),
            line("02:13:51.610", "error", "Mark error node", "error=\"pod deleted\";namespace=\"" + NS + "\";nodeName=\"" + NODE + "\";workflow=\"" + WF + "\""),
            wf("02:13:51.611", "node " + NID + " phase Running -> Error", ""),
            wf("02:13:51.612", "node " + NID + " message: pod deleted", ""),
            wf("02:13:51.662", "Workflow update successful", "phase=\"Failed\";resourceVersion=\"88121190\"")};
        Correlation c = new Evidence().log("workflow-controller-6jx4k.log", lines).workflow("argo-get.yaml", WORKFLOW_AFTER).correlate();
        assertFalse(execution(c).reason().startsWith("a Workflow worker assessed"), execution(c).reason());
        rule.evaluate(c).findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason()));
    }

    /** Negative control: the success read by one run, the deletion first seen by another as it started (two clocks, an add): unchanged. */
    @Test
    void aSuccessReadByAnotherRunOrdersNothing() {
        String[] first = leader("02:12:41.327", "02:13:30.119", "1m10.880112407s");
        Correlation c = new Evidence().log("workflow-controller-6jx4k.log", java.util.Arrays.copyOf(first, first.length - 3))
                .log("workflow-controller-q2m9t.log", next("-11.903884517s")).workflow("argo-get.yaml", WORKFLOW_AFTER).correlate();
        assertFalse(execution(c).reason().startsWith("a Workflow worker assessed"), execution(c).reason());
        assertEquals(Confidence.POSSIBLE, rule.evaluate(c).findings().get(0).confidence());
    }

    /**
     * Negative control: the same log without the stats ticker's records (a {@code grep} of the Workflow and Pod names keeps none):
     * nothing shows that no earlier sighting of the deletion was dropped between the reading and the one kept, so the lines order
     * nothing (s45-breaker7's cut log).
     */
    @Test
    void withoutTheTickerNothingShowsTheLogWhole() {
        Correlation c = new Evidence().log("workflow-controller-6jx4k.log", leader("02:12:41.327", "02:13:30.119", "1m10.880112407s"))
                .log("workflow-controller-q2m9t.log", next("-11.903884517s")).workflow("argo-get.yaml", WORKFLOW_AFTER).correlate();
        assertFalse(execution(c).reason().startsWith("a Workflow worker assessed"), execution(c).reason());
        assertEquals(Confidence.POSSIBLE, rule.evaluate(c).findings().get(0).confidence());
    }
}
