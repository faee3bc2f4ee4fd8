package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Node persisted before the release" across two controller runs (session 45 breaker). The model's evidence (b) is a change of
 * the node to a completed phase and a {@code Workflow update successful}: {@code persistUpdates} writes the operator's in-memory
 * Workflow at the end of the pass that made the change (v3.6.19, v3.7, v4.0, v4.1 {@code operator.go}), so the update that carries
 * the change is the one of that pass, in that run: the run's next update of the Workflow before it processes the Workflow again.
 * Another run's update writes what <em>its</em> pass read (its own informer's Pod, the stored status), and one of the same run
 * after a later {@code Processing workflow} is a later pass's, which re-reads the stored Workflow: neither carries the change. The
 * truth in each case below is the controller's own later record: a node marked {@code pod deleted} after the release was never
 * stored fulfilled (a fulfilled node is not re-marked), so whatever update came before did not carry its result.
 *
 * <p>v3.6.19 logrus text, {@code node changed} at Info. Replica A ({@code -aaaaa}, its clock right) runs the Workflow; its pass at
 * 10:03:00 changes the node to {@code Succeeded} and its update times out; the Pod is deleted at 10:06:00 (its deadline of 2 minutes
 * past), A releases the finalizer at once and marks the node {@code pod deleted} at 10:06:10. Replica B ({@code -bbbbb}) held the
 * Lease before A, its clock 40 s ahead: its last update (a pass at 10:02:30 real time, the node {@code Running}) reads 10:03:10.
 */
class PersistedAcrossRunsTest {
    private static final String WF = "etl-7xk2p";
    private static final String NODE = WF + "[0].extract";
    private static final String ID = NodeNaming.nodeId(WF, NODE);
    private static final String POD = WF + "-extract-" + ID.substring(ID.lastIndexOf('-') + 1);
    private static final String W = " namespace=etl workflow=" + WF;

    static String l(String t, String level, String msg, String rest) {
        return "time=\"2026-10-20T" + t + "Z\" level=" + level + " msg=\"" + msg + "\"" + rest;
    }

    static String i(String t, String msg, String rest) {
        return l(t, "info", msg, rest);
    }

    static String processing(String t, String phase, int rv) {
        return i(t, "Processing workflow", " Phase=" + phase + " ResourceVersion=" + rv + W);
    }

    static String updated(String t, String phase, int rv) {
        return i(t, "Workflow update successful", W + " phase=" + phase + " resourceVersion=" + rv);
    }

    private static String changed(String t) {
        return i(t, "node changed", W.replace(" workflow=", " new.message= new.phase=Succeeded new.progress=1/1 nodeID=" + ID
                + " old.message= old.phase=Running old.progress=0/1 workflow="));
    }

    private static String timedOut(String t) {
        return l(t, "warning", "Error updating workflow: Put \\\"https://10.96.0.1:443/apis/argoproj.io/v1alpha1/namespaces/etl/workflows/"
                + WF + "\\\": context deadline exceeded ", W);
    }

    /** A's lines up to its pass at 10:03:00: the node changed to Succeeded; {@code afterChange} follow the change. */
    private static List<String> replicaA(String... afterChange) {
        List<String> a = new ArrayList<>(List.of(
                i("09:59:00.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19"),
                i("09:59:00.010", "Current Worker Numbers", " cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2"),
                processing("10:01:00.100", "", 100),
                i("10:01:00.120", "Created pod: " + NODE + " (" + POD + ")", W),
                updated("10:01:00.150", "Running", 105),
                i("10:01:00.160", "add pod event", " pod=" + POD),
                i("10:03:00.100", "update pod event", " pod=" + POD),
                processing("10:03:00.300", "Running", 140),
                i("10:03:00.305", "Task-result reconciliation", " namespace=etl numObjs=1 workflow=" + WF),
                changed("10:03:00.310")));
        a.addAll(Arrays.asList(afterChange));
        return a;
    }

    /** A's release at 10:06:00 (the lines before it given), then its pass marking the node lost. */
    private static List<String> releaseAndLoss(List<String> a, String... beforeRelease) {
        List<String> out = new ArrayList<>(a);
        out.addAll(Arrays.asList(beforeRelease));
        out.addAll(List.of(
                i("10:06:00.200", "update pod event", " pod=" + POD),
                i("10:06:00.201", "Removing finalizers during a delete", " pod.Finalizers=\"[workflows.argoproj.io/status]\""),
                i("10:06:00.202", "queuing poddelay-1m0.1s", " action=removeFinalizer namespace=etl podGC=\"{ <nil> }\" podName=" + POD),
                i("10:06:00.203", "queueing pod for cleanup", " action=removeFinalizer namespace=etl podName=" + POD),
                i("10:06:00.230", "cleaning up pod", " action=removeFinalizer key=etl/" + POD + "/removeFinalizer namespace=etl podName=" + POD),
                i("10:06:00.240", "delete pod event", " pod=" + POD),
                processing("10:06:10.300", "Running", 170),
                i("10:06:10.302", "Workflow pod is missing", " namespace=etl nodeName=\"" + NODE + "\" nodePhase=Running recentlyStarted=false workflow=" + WF),
                l("10:06:10.303", "error", "Mark error node", " error=\"pod deleted\" namespace=etl nodeName=\"" + NODE + "\" workflow=" + WF),
                i("10:06:10.304", "node " + ID + " phase Running -> Error", W),
                i("10:06:10.305", "node " + ID + " message: pod deleted", W),
                updated("10:06:10.320", "Running", 173)));
        return out;
    }

    /** B: it led before A, its clock 40 s ahead; its last pass (10:02:30 real time) wrote the node Running. */
    private static List<String> replicaB() {
        return List.of(
                i("09:55:40.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19"),
                i("09:55:40.010", "Current Worker Numbers", " cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2"),
                processing("10:03:10.100", "Running", 120),
                i("10:03:10.105", "Task-result reconciliation", " namespace=etl numObjs=0 workflow=" + WF),
                updated("10:03:10.150", "Running", 124));
    }

    private static Correlation correlate(List<String> a, List<String> b) {
        Evidence ev = new Evidence().log("workflow-controller-aaaaa.log", a.toArray(String[]::new));
        if (b != null) {
            ev = ev.log("workflow-controller-bbbbb.log", b.toArray(String[]::new));
        }
        return ev.correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(POD)).findFirst().orElseThrow();
    }

    private static Evaluation evaluate(Correlation c) {
        return new PrematureFinalizerRemoval().evaluate(c);
    }

    /** The release stays a finding: nothing shows the node persisted before it. */
    private static void reported(Correlation c) {
        assertNull(life(c).persisted(), () -> String.valueOf(life(c).persisted()));
        Evaluation e = evaluate(c);
        assertEquals(1, e.findings().size(), e::toString);
    }

    /** The control: A's own update of its pass, after the change and before the release, persisted the node. */
    @Test
    void theChangingPasssOwnUpdateBeforeTheReleasePersistedIt() {
        Correlation c = correlate(replicaA(updated("10:03:00.350", "Succeeded", 146)), null);
        assertNotNull(life(c).persisted());
        assertEquals("workflow-controller-aaaaa.log:11", life(c).persisted().evidence().toString());
        // the same on a Workflow whose update came 1 ms before the release's line, in the same stream
        List<String> late = new ArrayList<>(replicaA(i("10:06:00.199", "Workflow update successful", W + " phase=Running resourceVersion=146")));
        c = correlate(releaseAndLoss(late).subList(0, late.size() + 6), null);
        assertNotNull(life(c).persisted(), "a same-stream update 1 ms before the release still counts");
    }

    /**
     * The breaker: A's update timed out; B's update, read 10 s after A's change on B's clock, was written before it (B led
     * first) and carried the node Running. The node's later {@code pod deleted} shows it was never stored fulfilled.
     */
    @Test
    void anotherRunsUpdateDoesNotCarryThisRunsChange() {
        reported(correlate(releaseAndLoss(replicaA(timedOut("10:03:30.320"))), replicaB()));
    }

    /**
     * The same run's update of a later pass: A's update timed out, and its next pass of the Workflow (at 10:04, a resync) re-read
     * the stored status; its update is no write of the change (had that pass found the Pod finished it would have changed the
     * node again, and logged it).
     */
    @Test
    void aLaterPasssUpdateDoesNotCarryAnEarlierPasssChange() {
        reported(correlate(releaseAndLoss(replicaA(timedOut("10:03:30.320")), processing("10:04:00.100", "Running", 141),
                updated("10:04:00.150", "Running", 150)), null));
    }

    /** B, another active controller: its cleanup worker's {@code labelPodCompleted} of the Pod, {@code seconds} before A's release. */
    private static List<String> labelledByB(String t) {
        return List.of(
                i("09:55:40.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19"),
                processing(t.replace("10:05:5", "10:05:4"), "Running", 150),
                updated(t.replace("10:05:5", "10:05:4").replace(".100", ".150"), "Running", 154),
                i(t, "cleaning up pod", " action=labelPodCompleted key=etl/" + POD + "/labelPodCompleted namespace=etl podName=" + POD));
    }

    /**
     * Evidence (a) from another run: B labelled the Pod completed, which it does only after persisting the node fulfilled with the
     * Pod in its informer. Three minutes before A's release it is before it whatever the clocks; 2 s before on B's clock it may have
     * come after it, and still shows the result captured: cleared, as about then.
     */
    @Test
    void anotherRunsLabelPodCompletedIsBeforeTheReleaseOnlyBeyondTheClocksMargin() {
        List<String> a = releaseAndLoss(replicaA(timedOut("10:03:30.320"))).subList(0, replicaA(timedOut("10:03:30.320")).size() + 6);
        Correlation early = correlate(a, labelledByB("10:03:40.100").stream().map(x -> x.replace("10:03:3", "10:03:2")).toList());
        assertNotNull(life(early).persisted(), "three minutes before: before the release");
        assertEquals("workflow-controller-bbbbb.log:4", life(early).persisted().evidence().toString());

        Correlation close = correlate(a, labelledByB("10:05:58.100"));
        assertNull(life(close).persisted(), () -> String.valueOf(life(close).persisted()));
        Evaluation e = evaluate(close);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertEquals(1, e.cleared().size(), e::toString);
        assertTrue(e.cleared().get(0).reason().contains("within what two clocks may disagree of it (labelPodCompleted ran at 2026-10-20T10:05:58.100Z)"),
                e.cleared().get(0).reason());
        assertEquals("workflow-controller-bbbbb.log:4", e.cleared().get(0).evidence().toString());
    }

    /**
     * The release by B (the Pod deleted at 10:06:00 on B's clock), the change and its update by A 2 s before on A's clock (two
     * active controllers). Not shown before the release; but A's pass read the Pod finished and its update stored it, whichever
     * came first: the result was captured (before session 45 it was cleared as persisted before the release).
     */
    @Test
    void aChangeAndItsUpdateByAnotherRunSecondsBeforeTheReleaseCapturedTheResult() {
        List<String> a = new ArrayList<>(replicaA());
        a.replaceAll(x -> x.replace("10:03:00.300", "10:05:58.300").replace("10:03:00.305", "10:05:58.305").replace("10:03:00.310", "10:05:58.310")
                .replace("10:03:00.100", "10:05:58.100"));
        a.add(updated("10:05:58.350", "Running", 146));
        List<String> b = new ArrayList<>(List.of(i("09:55:40.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19")));
        List<String> release = releaseAndLoss(List.of());
        b.addAll(release.subList(0, 6));
        Correlation c = correlate(a, b);
        assertNull(life(c).persisted(), () -> String.valueOf(life(c).persisted()));
        Evaluation e = evaluate(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertTrue(e.cleared().get(0).reason().contains("within what two clocks may disagree of it (the Workflow update of its pass that changed"
                + " the node to a completed phase from the Pod's status at 2026-10-20T10:05:58.350Z)"), e.cleared().get(0).reason());
        assertEquals("workflow-controller-aaaaa.log:11", e.cleared().get(0).evidence().toString());
        // the control: 3 minutes before on A's clock, before the release whatever the clocks
        Correlation early = correlate(replicaA(updated("10:03:00.350", "Succeeded", 146)), b);
        assertNotNull(life(early).persisted());
        assertEquals("workflow-controller-aaaaa.log:11", life(early).persisted().evidence().toString());
    }

    /**
     * Session 46 breaker: the same about-then shape, and B's pass after its release then stores the node's loss (Workflow pod is
     * missing, pod deleted, its update successful). A node stored fulfilled is never re-marked: the operator reads it fulfilled,
     * and a write from a stale read is refused on its conflict ({@code reapplyUpdate}: "must never update completed node",
     * v3.4.0 to v4.1.2). So A's update did not store the result before B's write of the loss, nor after it (refused too): the
     * shapes contradict each other (a skewed clock, another object of the name) and the release is not cleared as persisted about
     * then; it stays a finding, short of confirmed.
     */
    @Test
    void anAboutThenUpdateFollowedByTheStoredLossDoesNotClear() {
        List<String> a = new ArrayList<>(replicaA());
        a.replaceAll(x -> x.replace("10:03:00.300", "10:05:58.300").replace("10:03:00.305", "10:05:58.305").replace("10:03:00.310", "10:05:58.310")
                .replace("10:03:00.100", "10:05:58.100"));
        a.add(updated("10:05:58.350", "Running", 146));
        List<String> b = new ArrayList<>(List.of(i("09:55:40.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19")));
        b.addAll(releaseAndLoss(List.of()));
        Correlation c = correlate(a, b);
        assertNull(life(c).persistedAfter(), () -> String.valueOf(life(c).persistedAfter()));
        Evaluation e = evaluate(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.reason().contains("within what two clocks may disagree")), e::toString);
        assertEquals(1, e.findings().size(), e::toString);
        assertTrue(e.findings().get(0).confidence() != Confidence.CONFIRMED, e.findings().get(0).confidenceReason());
    }

    /**
     * A Workflow of the same name (resubmitted): A's update of the change was refused, the Workflow deleted meanwhile; the garbage
     * collector's delete of the Pod is handled with its 2-minute deadline; the Workflow submitted again under the name (its first
     * step a suspend, no Pod) is written by A before the release. That update names the same namespace/name but is another object's
     * first pass, after its own {@code Processing workflow}: no persist of the node. Before session 45 it cleared the release as
     * "after the node was persisted"; from session 45 to 46 it stayed possible, the namesake's update taking back the deletion the
     * refusal shows (WorkflowFates#gone). The Workflow the Pod belonged to was gone at 10:03:00.330, before the Pod's deletion
     * was handled: the garbage collector deleted its Pods, and the release lost nothing anyone could read.
     */
    @Test
    void aNamesakeWorkflowsUpdateIsNoPersistOfTheNode() {
        Correlation c = correlate(namesake("10:04:00.100", ""), null);
        assertNull(life(c).persisted(), () -> String.valueOf(life(c).persisted()));
        Evaluation e = evaluate(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertTrue(e.cleared().stream().noneMatch(x -> x.reason().contains("after the node was persisted")), e::toString);
        assertEquals("workflow-controller-aaaaa.log:11", e.cleared().get(0).evidence().toString());
        assertTrue(e.cleared().get(0).reason().contains("the controller's update of it was refused: not found"), e.cleared().get(0).reason());
    }

    /**
     * The control: the pass after the refusal is of a copy already Running (no first pass: the same object, the refusal misread,
     * or a name the lines do not tell apart), and its update succeeded: the Workflow was not shown gone, and the release stays
     * possible.
     */
    @Test
    void anUpdateOfAStartedCopyAfterTheRefusalTakesItBack() {
        Evaluation e = evaluate(correlate(namesake("10:04:00.100", "Running"), null));
        assertEquals(1, e.findings().size(), e::toString);
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e::toString);
    }

    /** A's update refused as not found, the Pod's deletion handled with its deadline, a pass at {@code t} of phase {@code phase} written, the release. */
    private static List<String> namesake(String t, String phase) {
        List<String> a = new ArrayList<>(replicaA(l("10:03:00.330", "warning", "Error updating workflow: workflows.argoproj.io \\\"" + WF
                + "\\\" not found NotFound", W)));
        a.addAll(List.of(
                i("10:03:01.000", "update pod event", " pod=" + POD),
                i("10:03:01.001", "Removing finalizers during a delete", " pod.Finalizers=\"[workflows.argoproj.io/status]\""),
                i("10:03:01.002", "queuing poddelay1m59.1s", " action=removeFinalizer namespace=etl podGC=\"{ <nil> }\" podName=" + POD),
                i("10:03:01.003", "queueing pod for cleanup after", " action=removeFinalizer after=1m59.1s namespace=etl podName=" + POD),
                processing(t, phase, 300),
                phase.isEmpty() ? i("10:04:00.110", "Updated phase  -> Running", W) : i("10:04:00.110", "Task-result reconciliation", " namespace=etl numObjs=0 workflow=" + WF),
                updated("10:04:00.150", "Running", 305),
                i("10:05:00.110", "cleaning up pod", " action=removeFinalizer key=etl/" + POD + "/removeFinalizer namespace=etl podName=" + POD),
                i("10:05:00.120", "delete pod event", " pod=" + POD)));
        return a;
    }
}
