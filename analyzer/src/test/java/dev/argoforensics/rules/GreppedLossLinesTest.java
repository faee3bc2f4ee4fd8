package dev.argoforensics.rules;

import static dev.argoforensics.rules.PersistedAcrossRunsTest.i;
import static dev.argoforensics.rules.PersistedAcrossRunsTest.l;
import static dev.argoforensics.rules.PersistedAcrossRunsTest.processing;
import static dev.argoforensics.rules.PersistedAcrossRunsTest.updated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A node's stored loss read from a grep (session 48). Whether a change of the node to a completed phase stored the Pod's result or
 * its loss was read from the run's adjacent node lines only ({@code Mark error node} "pod deleted" before it, {@code message: pod
 * deleted} after it). The user's usual paste is a grep: {@code grep -E 'phase|<pod>'} keeps the Pod's own lines, the v3 phase-change
 * line and {@code Workflow update successful … phase=}, and drops {@code Workflow pod is missing} ({@code nodePhase}),
 * {@code Mark error node} and {@code node … message: pod deleted}, which name neither. What is left of the loss is a bare
 * {@code phase Running -> Error} and its pass's update.
 *
 * <p>The model: a phase-change line of a Pod node is a forced phase (reference logs §5.5: the assessed result is {@code node changed},
 * Info only up to v3.6, Debug after); to {@code Error} it is {@code markNodeError}, whose own line names the error. The loss is stored
 * only once the Pod has left the informer: in the release's own run, before the release, a change cannot be the loss (the informer
 * still held the Pod); in another run it can, whatever its clock reads. Another run's bare {@code Error} change is then no evidence that
 * the result was captured.
 *
 * <p>v3.6.19 logrus text. Replica A (the leader, clock right) created the Pod; its workers are busy; the Pod is deleted at 10:06:00 and A
 * releases the finalizer at once ({@code delay=-1m0.1s}), then loses the Lease. Replica B leads from 10:06:01 and its first pass marks
 * the node lost.
 */
class GreppedLossLinesTest {
    private static final String WF = "etl-7xk2p";
    private static final String NODE = WF + "[0].extract";
    private static final String ID = NodeNaming.nodeId(WF, NODE);
    private static final String POD = WF + "-extract-" + ID.substring(ID.lastIndexOf('-') + 1);
    private static final String W = " namespace=etl workflow=" + WF;
    private static final Pattern GREP = Pattern.compile("phase|" + Pattern.quote(POD));

    /** A: created the Pod, saw it finish at 10:03, released it on its deletion at 10:06:00. */
    private static List<String> replicaA() {
        return List.of(
                i("09:59:00.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19"),
                i("09:59:00.010", "Current Worker Numbers", " cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2"),
                processing("10:01:00.100", "", 100),
                i("10:01:00.120", "Created pod: " + NODE + " (" + POD + ")", W),
                updated("10:01:00.150", "Running", 105),
                i("10:01:00.160", "add pod event", " pod=" + POD),
                i("10:03:00.100", "update pod event", " pod=" + POD),
                i("10:06:00.200", "update pod event", " pod=" + POD),
                i("10:06:00.201", "Removing finalizers during a delete", " pod.Finalizers=\"[workflows.argoproj.io/status]\""),
                i("10:06:00.202", "queuing poddelay-1m0.1s", " action=removeFinalizer namespace=etl podGC=\"{ <nil> }\" podName=" + POD),
                i("10:06:00.203", "queueing pod for cleanup", " action=removeFinalizer namespace=etl podName=" + POD),
                i("10:06:00.230", "cleaning up pod", " action=removeFinalizer key=etl/" + POD + "/removeFinalizer namespace=etl podName=" + POD),
                i("10:06:00.240", "delete pod event", " pod=" + POD));
    }

    /** B's first pass at {@code t} (10:06:0x.300 on its clock): the Pod missing from its informer, the node marked lost, the update. */
    private static List<String> replicaB(String t) {
        String s = t.substring(0, t.length() - 3);
        return List.of(
                i("10:06:01.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19"),
                i("10:06:01.010", "Current Worker Numbers", " cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32"),
                processing(t, "Running", 140),
                i(s + "302", "Task-result reconciliation", " namespace=etl numObjs=0 workflow=" + WF),
                i(s + "303", "Workflow pod is missing", " namespace=etl nodeName=\"" + NODE + "\" nodePhase=Running recentlyStarted=false workflow=" + WF),
                l(s + "304", "error", "Mark error node", " error=\"pod deleted\" namespace=etl nodeName=\"" + NODE + "\" workflow=" + WF),
                i(s + "305", "node " + ID + " phase Running -> Error", W),
                i(s + "306", "node " + ID + " message: pod deleted", W),
                i(s + "307", "node " + ID + " finished: 2026-10-20 " + s + "307000000 +0000 UTC", W),
                updated(s + "350", "Running", 146));
    }

    private static List<String> grep(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String x : lines) {
            if (GREP.matcher(x).find()) {
                out.add(x);
            }
        }
        return out;
    }

    private static Correlation correlate(List<String> a, List<String> b) {
        Evidence ev = new Evidence().log("workflow-controller-aaaaa.log", a.toArray(String[]::new));
        return (b == null ? ev : ev.log("workflow-controller-bbbbb.log", b.toArray(String[]::new))).correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(POD)).findFirst().orElseThrow();
    }

    private static Evaluation evaluate(Correlation c) {
        return new PrematureFinalizerRemoval().evaluate(c);
    }

    /** The control: both logs whole. B's change follows its {@code Mark error node} "pod deleted": the loss, never the result. */
    @Test
    void wholeLogsShowTheLossStoredByTheNextLeader() {
        Correlation c = correlate(replicaA(), replicaB("10:06:03.300"));
        assertNull(life(c).persistedAfter(), () -> String.valueOf(life(c).persistedAfter()));
        Evaluation e = evaluate(c);
        assertEquals(1, e.findings().size(), e::toString);
    }

    /**
     * The attack: both logs grepped for {@code phase|<pod>}. B's bare {@code phase Running -> Error} and its update, 3 s after the
     * release, are all that is left of the loss; they were read as another run's pass storing the result about the release.
     */
    @Test
    void aGreppedLossByAnotherRunIsNoResultCaptured() {
        List<String> b = grep(replicaB("10:06:03.300"));
        assertEquals(2, b.size(), b::toString); // the bare change and its update
        Correlation c = correlate(grep(replicaA()), b);
        assertNull(life(c).persistedAfter(), () -> String.valueOf(life(c).persistedAfter()));
        Evaluation e = evaluate(c);
        assertTrue(e.cleared().isEmpty(), e::toString);
        assertEquals(1, e.findings().size(), e::toString);
        assertTrue(e.findings().get(0).confidence() != Confidence.CONFIRMED, e.findings().get(0).confidenceReason());
    }

    /** The same with B's clock 8 s behind: its loss reads 5 s before the release, within what two clocks may disagree. */
    @Test
    void aGreppedLossByAnotherRunOnAClockBehindIsNoResultCapturedEither() {
        Correlation c = correlate(grep(replicaA()), grep(replicaB("10:05:55.300")));
        assertNull(life(c).persisted(), () -> String.valueOf(life(c).persisted()));
        assertNull(life(c).persistedAfter(), () -> String.valueOf(life(c).persistedAfter()));
        assertEquals(1, evaluate(c).findings().size(), evaluate(c)::toString);
    }

    /**
     * The own-run control: A's own pass at 10:04, before its release, forced the node {@code Error} (a {@code markNodeError} of
     * another kind: its error line grepped out with the rest). The Pod was still in A's informer then, so that change is no loss;
     * with its update before the release it persisted the node fulfilled, as before.
     */
    @Test
    void theReleasingRunsOwnBareErrorBeforeTheReleaseStillCounts() {
        List<String> a = new ArrayList<>(replicaA());
        a.addAll(7, List.of(processing("10:04:00.100", "Running", 150),
                l("10:04:00.110", "error", "Mark error node", " error=\"failed to resolve {{inputs.parameters.shard}}\" namespace=etl nodeName=\""
                        + NODE + "\" workflow=" + WF),
                i("10:04:00.111", "node " + ID + " phase Running -> Error", W),
                i("10:04:00.112", "node " + ID + " message: failed to resolve {{inputs.parameters.shard}}", W),
                updated("10:04:00.150", "Running", 152)));
        List<String> grepped = grep(a);
        assertTrue(grepped.stream().noneMatch(x -> x.contains("Mark error node")), grepped::toString);
        Correlation c = correlate(grepped, null);
        assertNotNull(life(c).persisted(), "the releasing run's own change before its release");
        assertTrue(evaluate(c).findings().isEmpty(), evaluate(c)::toString);
    }

    /**
     * The reverse control: another active replica's pass 2 s before the release assessed the Pod from its own informer and stored
     * the node {@code Error} (its {@code wait} container failed): v3.6's {@code node changed} carries the assessed phase and message in
     * the line itself, and the grep keeps it. That pass read the Pod finished and its update stored what it read: cleared about then.
     */
    @Test
    void anotherRunsAssessedErrorKeptByTheGrepStillCapturedTheResult() {
        List<String> b = List.of(
                i("09:55:40.000", "Starting Workflow Controller", " defaultRequeueTime=10s instanceID= version=v3.6.19"),
                processing("10:05:58.300", "Running", 140),
                i("10:05:58.310", "node changed", W.replace(" workflow=", " new.message=\"Error (exit code 2): failed to save outputs\" new.phase=Error"
                        + " new.progress=1/1 nodeID=" + ID + " old.message= old.phase=Running old.progress=0/1 workflow=")),
                updated("10:05:58.350", "Running", 146));
        Correlation c = correlate(grep(replicaA()), grep(b));
        assertNotNull(life(c).persistedAfter());
        Evaluation e = evaluate(c);
        assertTrue(e.findings().isEmpty(), e::toString);
        assertTrue(e.cleared().get(0).reason().contains("within what two clocks may disagree"), e.cleared().get(0).reason());
    }
}
