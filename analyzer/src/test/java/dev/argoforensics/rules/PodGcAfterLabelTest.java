package dev.argoforensics.rules;

import static dev.argoforensics.rules.NodeLostFinalizerOffTest.NEITHER;
import static dev.argoforensics.rules.NodeLostFinalizerOffTest.WF;
import static dev.argoforensics.rules.NodeLostFinalizerOffTest.markedDeleted;
import static dev.argoforensics.rules.NodeLostFinalizerOffTest.failedUnterminated;
import static dev.argoforensics.rules.NodeLostFinalizerOffTest.podFailed;
import static dev.argoforensics.rules.NodeLostFinalizerOffTest.v3;
import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Pod garbage collector's delete of a Pod the controller had already labelled completed (session 32). A lost node's Pod without
 * the status-capture finalizer: PodGC patches it {@code Failed} and deletes it with grace 0 in the same call; the worker reads the
 * {@code Failed} over a running main (its warning), records the node {@code Failed} (v3.6.16-v3.6.19 by its phase alone; v3.7.1+
 * and v4 only a node whose task result needs no syncing, a daemon's) and, with no pod GC that deletes, queues
 * {@code labelPodCompleted}. Where the label reached the Pod before PodGC's delete reached the informer, the Pod left the informer's
 * {@code completed=false} watch by the label: the {@code delete pod event} is the label's, and PodGC's delete is never seen. The
 * lifecycle now holds that delete as implied, at about the warning (PodGC deletes right after its patch), so AF007 reports the Pod
 * {@code likely} as it does where the delete event shows the Pod gone. Negative controls: a Pod that ended by itself and was labelled
 * (no warning), the warning for wait alone, a namesake's stale label before any warning (AF008's), and the Workflow deleted before
 * PodGC's {@code Failed} (its garbage collector's delete came first).
 */
class PodGcAfterLabelTest {

    private static final String POD = "w-s-1776813075";

    private static String v3Cleanup(String t, String msg, String action) {
        return v3(t, "info", msg, "action=" + action + (msg.equals("cleaning up pod") ? " key=ns/" + POD + "/" + action : "")
                + " namespace=ns podName=" + POD);
    }

    /** v3.6.19, no finalizer: the Pod created and running, then PodGC's Failed read with the warnings, the node stored Failed. */
    private static List<String> v3Failed(boolean mainWarning) {
        List<String> lines = new ArrayList<>(List.of(
                v3("2026-09-19T16:27:00.000Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.19"),
                v3("2026-09-19T16:27:10.430Z", "info", "Pod node w-1776813075 initialized Pending", WF),
                v3("2026-09-19T16:27:10.431Z", "info", "Created pod: w[0].s (" + POD + ")", WF),
                v3("2026-09-19T16:27:10.440Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=7 workflow=w"),
                v3("2026-09-19T16:31:11.250Z", "info", "update pod event", "pod=" + POD),
                v3("2026-09-19T16:31:11.251Z", "info", "Processing workflow", "Phase=Running ResourceVersion=7 " + WF)));
        if (mainWarning) {
            lines.add(v3("2026-09-19T16:31:11.252Z", "warning", "Pod " + POD + " phase was Failed but main did not have terminated state", ""));
        }
        lines.addAll(List.of(v3("2026-09-19T16:31:11.252Z", "warning", "Pod " + POD + " phase was Failed but wait did not have terminated state", ""),
                v3("2026-09-19T16:31:11.252Z", "info", "Pod failed: " + (mainWarning ? NEITHER : "main: Error (exit code 1)"),
                        "displayName=s namespace=ns pod=" + POD + " templateName=s workflow=w"),
                v3("2026-09-19T16:31:11.253Z", "info", "node changed", "namespace=ns new.message=\"" + (mainWarning ? NEITHER : "main: Error (exit code 1)")
                        + "\" new.phase=Failed nodeID=w-1776813075 old.message= old.phase=Running workflow=w"),
                v3("2026-09-19T16:31:11.262Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=8 workflow=w")));
        return lines;
    }

    /** {@link #v3Failed} with the label queued and run before the Pod leaves the informer. */
    private static List<String> v3Labelled(boolean mainWarning) {
        List<String> lines = v3Failed(mainWarning);
        lines.addAll(List.of(v3Cleanup("2026-09-19T16:31:11.262Z", "queueing pod for cleanup", "labelPodCompleted"),
                v3Cleanup("2026-09-19T16:31:11.268Z", "cleaning up pod", "labelPodCompleted"),
                v3("2026-09-19T16:31:11.275Z", "info", "delete pod event", "pod=" + POD),
                v3("2026-09-19T16:31:11.276Z", "info", "Processing workflow", "Phase=Running ResourceVersion=8 " + WF)));
        return lines;
    }

    private static Correlation correlate(List<String> lines, String... audit) {
        Evidence e = new Evidence().log("1.log", lines.toArray(String[]::new));
        for (int i = 0; i < audit.length; i++) {
            e.object("audit-" + i + ".log", audit[i]);
        }
        return e.correlate();
    }

    private static PodLifecycle life(Correlation c, String pod) {
        return c.pods().keySet().stream().filter(k -> k.name().equals(pod)).map(c::lifecycle).findFirst().orElseThrow();
    }

    private static void noOtherRule(Correlation c) {
        assertEquals(List.of(), new PrematureFinalizerRemoval().evaluate(c).findings(), "no finalizer to release");
        assertEquals(List.of(), new SuccessReportedAsError().evaluate(c).findings(), "main never ended: no success to lose");
        assertEquals(List.of(), new FalsePodDeleted().evaluate(c).findings(), "nothing declared the Pod deleted");
    }

    /**
     * v3.6.19: the label ran (16:31:11.268) before the Pod left the informer (16:31:11.275). The delete event is the label's; the
     * lifecycle holds PodGC's delete as implied at about the warning, and AF007 reports it likely, as it does the same Pod whose delete
     * event came first. Before session 32 the lifecycle held no deletion and nothing was reported, not even a clearance.
     */
    @Test
    void v3_6LabelledBeforeThePodGarbageCollectorsDeleteArrivedIsReported() {
        Correlation c = correlate(v3Labelled(true));
        PodLifecycle life = life(c, POD);
        assertEquals(InformerExit.Kind.LABELLED, life.informerExit().kind());
        DeletionRequest d = life.deletion();
        assertTrue(d != null && d.implied(), () -> String.valueOf(d));
        assertEquals("2026-09-19T16:31:11.252Z", d.notAfter().at().format(), "the warning: PodGC deletes right after the Failed read there");
        assertNull(d.notBefore());
        assertEquals(Execution.State.RUNNING, life.execution().state(), life.execution().reason());
        assertTrue(life.deleter().map(Deletion::implied).orElse(false), () -> life.deleters().toString());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals(Deletion.POD_GC, f.fact("deletedBy").orElseThrow().value());
        String requested = String.valueOf(f.fact("deletionRequested").orElseThrow().value());
        assertTrue(requested.startsWith("at about 2026-09-19T16:31:11.252Z (the Pod garbage collector's grace-0 delete"), requested);
        assertTrue(requested.contains("labelPodCompleted (2026-09-19T16:31:11.268Z)"), requested);
        assertEquals("Failed", f.fact("finalNodePhase").orElseThrow().value());
        assertEquals(NEITHER, f.fact("finalNodeMessage").orElseThrow().value());
        assertTrue(f.summary().contains("by the Pod garbage collector at about 2026-09-19T16:31:11.252Z"), f.summary());
        noOtherRule(c);
    }

    /**
     * The same Pod whose delete event came before the label's run (PodGC's delete reached the informer first; the label then found
     * nothing to patch): the delete event bounds the deletion, as before session 32, and nothing is implied.
     */
    @Test
    void v3_6DeleteEventBeforeTheLabelStillBoundsTheDeletion() {
        List<String> lines = v3Failed(true);
        lines.addAll(List.of(v3("2026-09-19T16:31:11.258Z", "info", "delete pod event", "pod=" + POD),
                v3Cleanup("2026-09-19T16:31:11.262Z", "queueing pod for cleanup", "labelPodCompleted"),
                v3Cleanup("2026-09-19T16:31:11.268Z", "cleaning up pod", "labelPodCompleted")));
        Correlation c = correlate(lines);
        PodLifecycle life = life(c, POD);
        assertEquals(InformerExit.Kind.REMOVED, life.informerExit().kind());
        assertFalse(life.deletion().implied());
        assertEquals("2026-09-19T16:31:11.258Z", life.deletion().notAfter().at().format());
        Finding f = only(new PodDeletedDuringExecution().evaluate(c));
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("2026-09-19T16:31:11.258Z", f.fact("deletedAt").orElseThrow().value());
    }

    /**
     * A stale-copy reconcile (#16294) after the label finds the node Running and the Pod missing, and marks it pod deleted: AF008
     * would say nobody deleted the Pod, but PodGC did; the implied delete clears it as a deletion, and AF007 reports the Pod.
     */
    @Test
    void aPodGcDeletionIsNotNobodysForAf008() {
        List<String> lines = v3Labelled(true);
        lines.add(v3("2026-09-19T16:31:21.300Z", "info", "Processing workflow", "Phase=Running ResourceVersion=7 " + WF));
        lines.addAll(markedDeleted("2026-09-19T16:31:21.301Z"));
        Correlation c = correlate(lines);
        Evaluation af008 = new FalsePodDeleted().evaluate(c);
        assertEquals(List.of(), af008.findings());
        assertTrue(af008.cleared().stream().anyMatch(x -> x.reason().contains("the Pod garbage collector's grace-0 delete")), () -> af008.cleared().toString());
        assertEquals(1, new PodDeletedDuringExecution().evaluate(c).findings().size());
    }

    /** Negative control: a Pod whose main exited 1 (the kubelet's Failed: no warning), labelled and gone from the informer. */
    @Test
    void aPodThatEndedByItselfAndWasLabelledIsNotDeleted() {
        Correlation c = correlate(v3Labelled(false));
        PodLifecycle life = life(c, POD);
        assertNull(life.deletion(), "no deletion shown or implied");
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        assertTrue(life.deleter().isEmpty(), () -> life.deleters().toString());
        noOtherRule(c);
    }

    /**
     * Negative control (#8022, a namesake's item): a labelPodCompleted left queued by an earlier Workflow of the name runs on the new
     * running Pod before anything fails it; it leaves the informer and the node is marked pod deleted. No warning: nothing is implied,
     * and AF008 still reports the false "pod deleted".
     */
    @Test
    void aNamesakesStaleLabelImpliesNoDeletion() {
        List<String> lines = new ArrayList<>(List.of(
                v3("2026-09-19T16:27:00.000Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.19"),
                v3Cleanup("2026-09-19T16:27:05.000Z", "queueing pod for cleanup", "labelPodCompleted"),
                v3("2026-09-19T16:27:10.430Z", "info", "Pod node w-1776813075 initialized Pending", WF),
                v3("2026-09-19T16:27:10.431Z", "info", "Created pod: w[0].s (" + POD + ")", WF),
                v3("2026-09-19T16:27:10.440Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=7 workflow=w"),
                v3Cleanup("2026-09-19T16:27:15.002Z", "cleaning up pod", "labelPodCompleted"),
                v3("2026-09-19T16:27:15.010Z", "info", "delete pod event", "pod=" + POD),
                v3("2026-09-19T16:27:15.011Z", "info", "Processing workflow", "Phase=Running ResourceVersion=7 " + WF)));
        lines.addAll(markedDeleted("2026-09-19T16:27:15.012Z"));
        lines.add(v3("2026-09-19T16:27:15.020Z", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=8 workflow=w"));
        Correlation c = correlate(lines);
        assertNull(life(c, POD).deletion());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        assertEquals(1, new FalsePodDeleted().evaluate(c).findings().size());
    }

    /**
     * v4.1 at Info, no finalizer, a daemon step (its node has no task result to sync, so {@code Failed} fulfils it at once): PodGC's
     * Failed read at 16:31:11.252, the node Failed ({@code Pod failed}; pod reconciliation logs {@code node changed} only at Debug in
     * v4), the label queued and run, and the Pod leaving the informer by it.
     */
    private static List<String> v4Daemon(boolean mainWarning) {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.440Z", "Running"), podEvent("2026-09-19T16:31:11.250Z", "update"),
                processing("2026-09-19T16:31:11.251Z", "Running")));
        if (mainWarning) {
            lines.add(failedUnterminated("2026-09-19T16:31:11.252Z", "main"));
        }
        lines.addAll(List.of(failedUnterminated("2026-09-19T16:31:11.252Z", "wait"),
                podFailed("2026-09-19T16:31:11.252Z", mainWarning ? NEITHER : "pod failed: wait container did not complete successfully"),
                workflowUpdated("2026-09-19T16:31:11.262Z", "Running"),
                queueing("2026-09-19T16:31:11.262Z", "labelPodCompleted"), cleaningUp("2026-09-19T16:31:11.268Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:31:11.275Z", "delete"), processing("2026-09-19T16:31:11.276Z", "Running"),
                workers("2026-09-19T16:40:00.000Z", 16)));
        return lines;
    }

    @Test
    void v4DaemonLabelledBeforeThePodGarbageCollectorsDeleteArrivedIsReported() {
        Correlation c = correlate(v4Daemon(true));
        PodLifecycle life = life(c, "p");
        assertTrue(life.deletion() != null && life.deletion().implied(), () -> String.valueOf(life.deletion()));
        Finding f = only(new PodDeletedDuringExecution().evaluate(c));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals(Deletion.POD_GC, f.fact("deletedBy").orElseThrow().value());
        assertEquals("Failed", f.fact("finalNodePhase").orElseThrow().value());
        noOtherRule(c);
    }

    /** Negative control: the warning for wait alone (main had exited 0, the sidecar stopping): main's state unknown, nothing implied. */
    @Test
    void v4WarningForWaitAloneImpliesNothing() {
        Correlation c = correlate(v4Daemon(false));
        assertNull(life(c, "p").deletion());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
    }

    /**
     * Look-alike: the Workflow deleted (alice's delete on record at 16:31:05) before PodGC failed its Pod: its garbage collector's
     * delete came first, PodGC's only repeated it, and AF007 clears the Pod as taken with its Workflow. The same delete five minutes
     * after the label is no look-alike: PodGC's delete had come long before, and the finding stands.
     */
    @Test
    void theWorkflowDeletedFirstTookThePodItDeletedLaterDidNot() {
        Evaluation first = new PodDeletedDuringExecution().evaluate(correlate(v4Daemon(true),
                Exports.workflowDeleteAudit("2026-09-19T16:31:05.100000Z", "2026-09-19T16:31:05.110000Z")));
        assertEquals(List.of(), first.findings());
        assertTrue(first.cleared().stream().anyMatch(x -> x.reason().contains("was being deleted")), () -> first.cleared().toString());
        Evaluation later = new PodDeletedDuringExecution().evaluate(correlate(v4Daemon(true),
                Exports.workflowDeleteAudit("2026-09-19T16:36:20.100000Z", "2026-09-19T16:36:20.110000Z")));
        assertEquals(1, later.findings().size(), () -> later.cleared().toString());
    }

    /**
     * Negative control: an export of the Pod taken well after the warning (16:50, by its stated time) shows it there, Failed with main
     * running, labelled completed and not deleted: no Pod garbage collector deleted it (a client patching the status by hand, a virtual
     * kubelet that reports no terminations: Argo's comment on #3879). Nothing is implied, and AF007 says nothing.
     */
    @Test
    void anExportShowingThePodUndeletedAfterTheWarningImpliesNothing() {
        String alive = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  labels: {workflows.argoproj.io/workflow: p, workflows.argoproj.io/completed: \"true\"}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "status:\n  phase: Failed\n  containerStatuses:\n  - name: main\n    state:\n      running: {startedAt: \"2026-09-19T16:27:14Z\"}\n"
                + "  - name: wait\n    state:\n      running: {startedAt: \"2026-09-19T16:27:14Z\"}\n";
        Correlation c = new Evidence().log("1.log", v4Daemon(true).toArray(String[]::new)).takenAt("pod.yaml", "2026-09-19T16:50:00Z", alive).correlate();
        assertNull(life(c, "p").deletion(), () -> String.valueOf(life(c, "p").deletion()));
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        // Without the export the same lines imply the delete (the guard is what stops it).
        assertTrue(life(correlate(v4Daemon(true)), "p").deletion().implied());
    }

    private static Finding only(Evaluation e) {
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        return e.findings().get(0);
    }
}
