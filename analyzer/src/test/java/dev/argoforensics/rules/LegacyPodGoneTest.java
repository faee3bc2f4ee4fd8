package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Pod deleted while main ran, on a controller from before the pod package (v3.4, v3.5: no {@code add/update/delete pod event},
 * no queuing line, no status-capture finalizer; argo-controller-logs.md §5.3). Nothing in its lines says when the Pod left the
 * informer but the operator's {@code Workflow pod is missing} for the node it still held {@code Running}; with no cleanup item of
 * the controller's for the Pod before it (a {@code labelPodCompleted}, #8022's stale item among them, takes a Pod out of the
 * informer without a deletion), that line bounds the deletion. v3.5.4 logs no {@code Mark error node} (v3.5.6+), only the node's
 * phase, message and finished lines. Negative controls: the stale cleanup item; the same lines from a v3.6.19 run (which would have
 * logged the delete event: an excerpt without it shows no deletion); a run whose release is not known.
 */
class LegacyPodGoneTest {

    private static String v3(String t, String level, String msg, String keys) {
        return "time=\"" + t + "\" level=" + level + " msg=\"" + msg + "\"" + (keys.isEmpty() ? "" : " " + keys);
    }

    private static final String WF = "namespace=ns workflow=w";
    private static final String POD = "w-s-1776813075";

    /** Workflow ns/w's node w[0].s (ID w-1776813075), Pod w-s-1776813075, created at 16:27:10, found missing at 16:31:40. */
    private static List<String> lost(String version, String... before) {
        List<String> lines = new ArrayList<>(List.of(
                v3("2026-09-19T16:27:00.000Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=" + version),
                v3("2026-09-19T16:27:00.001Z", "info", "Current Worker Numbers", "podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"),
                v3("2026-09-19T16:27:10.430Z", "info", "Pod node w-1776813075 initialized Pending", WF),
                v3("2026-09-19T16:27:10.431Z", "info", "Created pod: w[0].s (" + POD + ")", WF),
                v3("2026-09-19T16:27:10.440Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=7 workflow=w"),
                v3("2026-09-19T16:27:14.100Z", "info", "node changed", "namespace=ns new.message= new.phase=Running new.progress=0/1 "
                        + "nodeID=w-1776813075 old.message= old.phase=Pending old.progress=0/1 workflow=w"),
                v3("2026-09-19T16:27:14.120Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=8 workflow=w"),
                v3("2026-09-19T16:30:10.000Z", "info", "insignificant pod change", "key=ns/" + POD)));
        lines.addAll(List.of(before));
        lines.addAll(List.of(
                v3("2026-09-19T16:31:40.000Z", "info", "Processing workflow", "Phase=Running ResourceVersion=8 " + WF),
                v3("2026-09-19T16:31:40.001Z", "info", "Workflow pod is missing", "namespace=ns nodeName=\"w[0].s\" nodePhase=Running recentlyStarted=false workflow=w"),
                v3("2026-09-19T16:31:40.001Z", "info", "node w-1776813075 phase Running -> Error", WF),
                v3("2026-09-19T16:31:40.001Z", "info", "node w-1776813075 message: pod deleted", WF),
                v3("2026-09-19T16:31:40.002Z", "info", "node w-1776813075 finished: 2026-09-19 16:31:40.001234567 +0000 UTC", WF),
                v3("2026-09-19T16:31:40.020Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9 workflow=w"),
                v3("2026-09-19T16:35:00.000Z", "info", "Current Worker Numbers", "podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32")));
        return lines;
    }

    /** The Pod exported at 16:29:00, main and wait running, no deletion and no finalizer (these releases never add one). */
    private static final String RUNNING = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + POD + "\n  namespace: ns\n  uid: u-1\n"
            + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
            + "  labels: {workflows.argoproj.io/workflow: w, workflows.argoproj.io/completed: \"false\"}\n"
            + "  annotations: {workflows.argoproj.io/node-id: w-1776813075, workflows.argoproj.io/node-name: \"w[0].s\"}\n"
            + "status:\n  phase: Running\n"
            + "  conditions:\n  - {type: Ready, status: \"True\", lastTransitionTime: \"2026-09-19T16:27:14Z\"}\n"
            + "  containerStatuses:\n  - name: main\n    state:\n      running: {startedAt: \"2026-09-19T16:27:13Z\"}\n"
            + "  - name: wait\n    state:\n      running: {startedAt: \"2026-09-19T16:27:13Z\"}\n";

    private static Correlation correlate(String release, List<String> lines) {
        Evidence e = new Evidence().log("1.log", lines.toArray(String[]::new)).takenAt("pod.yaml", "2026-09-19T16:29:00Z", RUNNING);
        return (release == null ? e : e.release(release + " (start banner)")).correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals(POD)).map(c::lifecycle).findFirst().orElseThrow();
    }

    @Test
    void v3_5_4TheMissingLineBoundsTheDeletionAndAf007ReportsIt() {
        Correlation c = correlate("v3.5.4", lost("v3.5.4"));
        PodLifecycle life = life(c);
        assertTrue(life.lostToDeletion(), () -> String.valueOf(life.outcome()));
        assertTrue(life.deletionRequest().isPresent(), "the missing line shows the Pod gone by then");
        assertEquals("2026-09-19T16:31:40.001Z", life.deletion().notAfter().at().format());
        assertTrue(life.deletion().notAfter().how().contains("missing from its informer"), life.deletion().notAfter().how());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals("Error", e.findings().get(0).fact("finalNodePhase").orElseThrow().value());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), "main's state at the deletion only from an export taken before it");
        assertTrue(new FalsePodDeleted().evaluate(c).cleared().stream().noneMatch(x -> x.toString().contains("missing from its informer")),
                "the missing line is the claim AF008 weighs, not a witness that clears it");
        assertEquals(List.of(), new PrematureFinalizerRemoval().evaluate(c).findings(), "no finalizer in these releases");
        assertEquals(List.of(), new SuccessReportedAsError().evaluate(c).findings(), "main never ended");
    }

    /** Negative control (#8022): the controller's own labelPodCompleted for the Pod before the missing line took it out of the informer. */
    @Test
    void aCleanupItemBeforeTheMissingLineIsNoDeletion() {
        Correlation c = correlate("v3.5.4", lost("v3.5.4", v3("2026-09-19T16:30:20.000Z", "info", "cleaning up pod",
                "action=labelPodCompleted key=ns/" + POD + "/labelPodCompleted")));
        assertTrue(life(c).deletionRequest().isEmpty(), () -> String.valueOf(life(c).deletion()));
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
    }

    /** Negative control: v3.6.5+ logs the delete event; lines without it (an excerpt) show no deletion, nor does a run of unknown release. */
    @Test
    void onlyAReleaseThatLogsNoPodEventReadsTheMissingLineSo() {
        for (String release : new String[] {"v3.6.19", null}) {
            Correlation c = correlate(release, lost(release == null ? "v3.5.4" : release));
            assertTrue(life(c).deletionRequest().isEmpty(), () -> release + ": " + life(c).deletion());
            assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings(), release);
        }
    }
}
