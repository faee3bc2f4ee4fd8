package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 23 review: look-alikes of AF001 built from the controller's semantics, each with its control.
 *
 * <p>{@code argo retry}: the Argo server deletes the Pods of the nodes it resets (through the API, before it writes the Workflow
 * back), removes those nodes from the status and resets their ancestors; the controller then creates each node's Pod again under
 * the same name. A Pod still in the controller's informer (here: the controller restarted before the completion's
 * {@code labelPodCompleted} ran) is released on the deleting branch with a large negative delay, its node's failure having been
 * stored with the Workflow's completion long before. A completed Workflow is not reconciled again until reset, so the release
 * lost nothing.
 *
 * <p>Skewed clocks: the logged delay is a deadline on the API server's clock (the Pod's condition times) minus the controller's
 * own time. A replica whose clock runs 3m30s ahead logs a negative delay where the API server's clock had a minute to go.
 */
class RetryAndClockLookAlikesTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static String l(String time, String rest) {
        return "time=\"2026-10-14T" + time + "Z\" level=info msg=" + rest;
    }

    private static final String W = " namespace=etl workflow=nightly-load";
    private static final String POD = "nightly-load-transform-303989626";

    /** The first controller run: the Pod created, failed, the Workflow completed Failed and stored; the run ends before its cleanup. */
    private static List<String> firstRun(boolean completionStored) {
        List<String> lines = new ArrayList<>(List.of(
                l("12:00:00.002", "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.9"),
                l("12:01:10.300", "\"Processing workflow\" Phase=Running ResourceVersion=880131" + W),
                l("12:01:10.310", "\"Pod node nightly-load-303989626 initialized Pending\"" + W),
                l("12:01:10.331", "\"Created pod: nightly-load[1].transform (" + POD + ")\"" + W),
                l("12:01:10.346", "\"Workflow update successful\" namespace=etl phase=Running resourceVersion=880140 workflow=nightly-load"),
                l("12:01:10.356", "\"add pod event\" pod=" + POD),
                l("12:03:39.870", "\"update pod event\" pod=" + POD),
                l("12:03:39.950", "\"Processing workflow\" Phase=Running ResourceVersion=880188" + W),
                l("12:03:39.957", "\"node nightly-load-3224242600 phase Running -> Failed\"" + W),
                l("12:03:39.959", "\"node nightly-load phase Running -> Failed\"" + W),
                l("12:03:39.961", "\"Updated phase Running -> Failed\"" + W),
                l("12:03:39.961", "\"Marking workflow completed\"" + W)));
        lines.add(completionStored
                ? l("12:03:39.980", "\"Workflow update successful\" namespace=etl phase=Failed resourceVersion=880195 workflow=nightly-load")
                : l("12:03:39.980", "\"Workflow update successful\" namespace=etl phase=Running resourceVersion=880195 workflow=nightly-load"));
        return lines;
    }

    /** The restarted controller: it lists the Pod, which is deleted at 12:41:07 and released on the deleting branch at once. */
    private static List<String> restartedRun() {
        return new ArrayList<>(List.of(
                l("12:04:02.511", "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.9"),
                l("12:04:02.730", "\"add pod event\" pod=" + POD),
                l("12:41:07.412", "\"update pod event\" pod=" + POD),
                l("12:41:07.413", "\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\""),
                l("12:41:07.413", "\"queuing poddelay-35m28.412345678s\" action=removeFinalizer namespace=etl podGC=\"{ <nil> }\" podName=" + POD),
                l("12:41:07.414", "\"queueing pod for cleanup\" action=removeFinalizer namespace=etl podName=" + POD),
                l("12:41:07.415", "\"cleaning up pod\" action=removeFinalizer key=etl/" + POD + "/removeFinalizer namespace=etl podName=" + POD),
                l("12:41:07.431", "\"delete pod event\" pod=" + POD)));
    }

    /** argo retry's effect as the controller logs it: a newer copy, not completed, the node initialised and its Pod created again. */
    private static List<String> retried() {
        return List.of(
                l("12:41:07.452", "\"Processing workflow\" Phase=Running ResourceVersion=881502" + W),
                l("12:41:07.456", "\"Pod node nightly-load-303989626 initialized Pending\"" + W),
                l("12:41:07.478", "\"Created pod: nightly-load[1].transform (" + POD + ")\"" + W),
                l("12:41:07.492", "\"Workflow update successful\" namespace=etl phase=Running resourceVersion=881506 workflow=nightly-load"),
                l("12:41:07.497", "\"add pod event\" pod=" + POD));
    }

    private static String[] arr(List<String> lines) {
        return lines.toArray(new String[0]);
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(POD)).findFirst().orElseThrow();
    }

    /**
     * A completed Workflow's Pod deleted after the controller restarted (its completion labelling lost with the first run):
     * before, a possible finding saying the evidence ended before the node's fate was recorded, though the Workflow's
     * completion, node included, was stored 37 minutes before the release. The control: the same lines with that pass
     * storing the Workflow still Running keep the possible finding.
     */
    @Test
    void aReleaseAfterTheWorkflowsCompletionWasStoredLostNothing() {
        Correlation stored = new Evidence().log("previous.log", arr(firstRun(true))).log("current.log", arr(restartedRun())).correlate();
        Evaluation e = rule.evaluate(stored);
        assertTrue(e.findings().isEmpty(), e.toString());
        assertNotNull(life(stored).persisted());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().equals("finalizer released at 2026-10-14T12:41:07.415Z after the node was persisted: "
                + "its Workflow's completion (Failed) was stored at 2026-10-14T12:03:39.980Z (resourceVersion 880195), and a completed Workflow is"
                + " not reconciled again: nothing of the node was left to record")), e.cleared().toString());
        assertEquals("previous.log:13", life(stored).persisted().evidence().toString());

        Evaluation control = rule.evaluate(new Evidence().log("previous.log", arr(firstRun(false))).log("current.log", arr(restartedRun())).correlate());
        assertEquals(1, control.findings().size(), control.toString());
        assertEquals(Confidence.POSSIBLE, control.findings().get(0).confidence());
    }

    /**
     * {@code argo retry} with the failed Pod still in the informer: the earlier Pod's release and the new Pod's lines share one
     * name. Before, AF001 left the release "not decided" and said the Workflow was run again under the same name (a new
     * object, #8022), which it was not: the copy the new Pod was created from is the same Workflow at a newer resourceVersion,
     * not completed (reset). Then (session 23) the release was cleared as one after the stored completion, on the later Pod, the
     * reset named. Session 52: the release scheduled before the second {@code Created pod} tells the two Pods apart (Lifetimes):
     * the release is the earlier Pod's own (lifetime 1), cleared as any Pod's released after its Workflow's stored completion; the
     * later Pod (lifetime 2), never released, holds no release of an earlier one and has no AF001 outcome.
     */
    @Test
    void argoRetrysDeletionOfAFailedPodIsClearedAndNamedAsAReset() {
        List<String> current = restartedRun();
        current.addAll(retried());
        Correlation c = new Evidence().log("previous.log", arr(firstRun(true))).log("current.log", arr(current)).correlate();
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        PodLifecycle later = life(c);
        assertEquals(0, later.key().lifetime(), later.key()::toString);
        assertNull(later.earlierRelease(), "the release is the earlier Pod's own, not read from the later Pod's lines");
        PodLifecycle earlier = c.lifecycles().get(later.key().withLifetime(1));
        assertEquals("2026-10-14T12:41:07.415Z", earlier.release().decisive().time().format());
        assertNotNull(earlier.persisted());
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        assertEquals(1, e.cleared().get(0).pod().lifetime());
        assertEquals("finalizer released at 2026-10-14T12:41:07.415Z after the node was persisted: its Workflow's completion (Failed) was stored"
                + " at 2026-10-14T12:03:39.980Z (resourceVersion 880195), and a completed Workflow is not reconciled again: nothing of the node"
                + " was left to record", e.cleared().get(0).reason());
    }

    /**
     * The control: the completion was never stored (that pass wrote the Workflow still Running), so the earlier Pod's release stays
     * not decided, and the words no longer claim a new Workflow of the name where the lines show none.
     */
    @Test
    void anEarlierReleaseBeforeAnyStoredCompletionStaysNotDecided() {
        List<String> current = restartedRun();
        current.addAll(retried());
        Evaluation e = rule.evaluate(new Evidence().log("previous.log", arr(firstRun(false))).log("current.log", arr(current)).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        Clearance c = e.cleared().stream().filter(x -> x.reason().contains("earlier Pod of this name")).findFirst().orElseThrow();
        String why = c.reason();
        assertTrue(why.startsWith("not decided: the finalizer release at 2026-10-14T12:41:07.415Z is of an earlier Pod of this name"), why);
        assertTrue(why.contains("the node then ran again under the same Pod name (the Workflow reset by argo retry, or a new Workflow of the"
                + " same name, argoproj/argo-workflows#8022)"), why);
        assertFalse(why.contains("its Workflow was run again under the same name"), why);
        // Session 52: said on the earlier Pod (lifetime 1), whose release it is, with what would decide it.
        assertEquals(1, c.pod().lifetime(), c.toString());
        assertEquals("AF001.cleared.earlierLifetime", c.why().code());
        assertTrue(why.contains("no line of the Workflow between the two shows it taken up with this Pod gone"), why);
    }

    /**
     * Session 52, the control of the test above: the same lines with a pass of the Workflow between the earlier Pod's release and the
     * pass that created the next Pod (the Workflow taken up, its node read with the Pod gone, before the reset): not left undecided,
     * a possible finding on the earlier Pod (lifetime 1), as any Pod's release whose outcome the lines do not give.
     */
    @Test
    void aPassBetweenTheReleaseAndTheResetLeavesTheEarlierPodsFinding() {
        List<String> current = restartedRun();
        current.addAll(7, List.of( // before the Pod leaves the informer (12:41:07.431)
                l("12:41:07.420", "\"Processing workflow\" Phase=Running ResourceVersion=880195" + W),
                l("12:41:07.426", "\"Workflow update successful\" namespace=etl phase=Running resourceVersion=881490 workflow=nightly-load")));
        current.addAll(retried());
        Evaluation e = rule.evaluate(new Evidence().log("previous.log", arr(firstRun(false))).log("current.log", arr(current)).correlate());
        assertTrue(e.cleared().stream().noneMatch(x -> x.why().code().equals("AF001.cleared.earlierLifetime")), e.cleared().toString());
        assertEquals(1, e.findings().size(), e.toString());
        assertEquals(1, e.findings().get(0).pod().lifetime());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * AF009's clearance of the same retry: before, it named the Workflow's first Pod (extract, which never failed) and said "what
     * failed afterwards" of a retried run that succeeded. It names the Pod the reset run created, and no failure it did not see.
     */
    @Test
    void theRetrysPhaseClearanceNamesThePodRunAgain() {
        List<String> current = restartedRun();
        current.addAll(retried());
        current.addAll(List.of(
                l("12:43:52.690", "\"Processing workflow\" Phase=Running ResourceVersion=881560" + W),
                l("12:43:52.698", "\"node nightly-load phase Running -> Succeeded\"" + W),
                l("12:43:52.700", "\"Updated phase Running -> Succeeded\"" + W),
                l("12:43:52.700", "\"Marking workflow completed\"" + W),
                l("12:43:52.719", "\"Workflow update successful\" namespace=etl phase=Succeeded resourceVersion=881566 workflow=nightly-load")));
        List<String> first = firstRun(true);
        first.add(2, l("12:00:05.130", "\"Created pod: nightly-load[0].extract (nightly-load-extract-2147713058)\"" + W));
        Evaluation e = new PhaseRegression().evaluate(new Evidence().log("previous.log", arr(first)).log("current.log", arr(current)).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        // Session 52: the Pod the reset run created is the later of the two the lines tell apart (lifetime 2 of 2), printed so.
        assertEquals("etl/" + POD + " (lifetime 2 of 2, created 2026-10-14T12:41:07.478Z)", e.cleared().get(0).pod().toString());
        assertFalse(e.cleared().get(0).reason().contains("what failed afterwards"), e.cleared().get(0).reason());
    }

    // ---- skewed clocks -------------------------------------------------------------------------------------------------

    private static String s(String time, String level, String rest) {
        return "time=2026-10-21T" + time + "Z level=" + level + " msg=" + rest;
    }

    private static final String WK = " component=workflow_worker workflow=sqlbatch-q7v2d namespace=data";
    private static final String P = "sqlbatch-q7v2d-load-3615494908";

    /** The first leader, on the objects' clock: it created the Pod, saw it finish, could not store its result, and lost the Lease. */
    private static String[] leaderA() {
        return new String[] {
            s("09:10:00.112", "INFO", "\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s instanceID=\"\""),
            s("09:12:30.402", "INFO", "\"Processing workflow\"" + WK + " resourceVersion=412203 phase=\"\""),
            s("09:12:30.414", "INFO", "\"node initialized\" phase=Pending" + WK + " node=sqlbatch-q7v2d-3615494908 message=\"\""),
            s("09:12:30.455", "INFO", "\"Created pod\" nodeName=sqlbatch-q7v2d[0].load" + WK + " nodeID=sqlbatch-q7v2d-3615494908 podName=" + P),
            s("09:12:30.471", "INFO", "\"Workflow update successful\" phase=Running resourceVersion=412210" + WK),
            s("09:12:30.480", "INFO", "\"add pod event\" component=pod_controller pod=" + P),
            s("09:16:40.517", "INFO", "\"update pod event\" component=pod_controller pod=" + P),
            s("09:16:40.580", "INFO", "\"Processing workflow\"" + WK + " phase=Running resourceVersion=412298"),
            s("09:16:40.602", "INFO", "\"pod reconciliation didn't complete, will retry\"" + WK),
            s("09:16:52.878", "INFO", "\"stopped leading\" id=workflow-controller-5f7c9d8b6-h2m4t"),
        };
    }

    /** The replica that took over, its clock 3m30s ahead: it releases the finalizer with a negative delay, records the loss. */
    private static List<String> replicaB(boolean createsAnother) {
        List<String> lines = new ArrayList<>(Arrays.asList(
                s("09:20:33.104", "INFO", "\"Successfully acquired lease\" lock=argo/workflow-controller"),
                s("09:20:33.901", "INFO", "\"add pod event\" pod=" + P + " component=pod_controller"),
                s("09:20:44.051", "INFO", "\"Processing workflow\" resourceVersion=412298" + WK + " phase=Running"),
                s("09:20:44.077", "INFO", "\"pod reconciliation didn't complete, will retry\"" + WK),
                s("09:20:55.312", "INFO", "\"update pod event\" component=pod_controller pod=" + P),
                s("09:20:55.313", "INFO", "\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"),
                s("09:20:55.313", "INFO", "\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=data podName=" + P
                        + " podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-2m15.312408117s"),
                s("09:20:55.314", "INFO", "\"queueing pod for cleanup\" component=pod_controller namespace=data podName=" + P + " action=removeFinalizer"),
                s("09:20:55.315", "INFO", "\"cleaning up pod\" component=pod_controller key=data/" + P + "/removeFinalizer action=removeFinalizer namespace=data podName=" + P),
                s("09:20:55.338", "INFO", "\"delete pod event\" component=pod_controller pod=" + P),
                s("09:20:55.402", "INFO", "\"Processing workflow\"" + WK + " phase=Running resourceVersion=412298"),
                s("09:20:55.409", "INFO", "\"Workflow pod is missing\"" + WK + " nodeName=sqlbatch-q7v2d[0].load nodePhase=Running recentlyStarted=false"),
                s("09:20:55.410", "ERROR", "\"marking node as error\"" + WK + " nodeName=sqlbatch-q7v2d[0].load error=\"pod deleted\""),
                s("09:20:55.411", "INFO", "\"node phase changed\"" + WK + " node=sqlbatch-q7v2d-3615494908 fromPhase=Running toPhase=Error"),
                s("09:20:55.441", "INFO", "\"Workflow update successful\"" + WK + " phase=Running resourceVersion=412377")));
        if (createsAnother) {
            lines.add(s("09:21:10.455", "INFO", "\"Created pod\" nodeName=sqlbatch-m3k8p[0].load component=workflow_worker workflow=sqlbatch-m3k8p"
                    + " namespace=data nodeID=sqlbatch-m3k8p-1378059653 podName=sqlbatch-m3k8p-load-1378059653"));
        }
        return lines;
    }

    private static final String FINISHED = """
            apiVersion: v1
            kind: Pod
            metadata:
              annotations: {workflows.argoproj.io/node-id: sqlbatch-q7v2d-3615494908, workflows.argoproj.io/node-name: "sqlbatch-q7v2d[0].load"}
              creationTimestamp: "2026-10-21T09:12:30Z"
              finalizers: [workflows.argoproj.io/status]
              labels: {workflows.argoproj.io/completed: "false", workflows.argoproj.io/workflow: sqlbatch-q7v2d}
              name: sqlbatch-q7v2d-load-3615494908
              namespace: data
              uid: 7c2a9e14-58d3-4b06-9f71-e3b5a0c4d829
            spec:
              containers: [{name: wait}, {name: main}]
              nodeName: ip-10-40-7-112.eu-west-1.compute.internal
              restartPolicy: Never
            status:
              conditions:
              - {type: PodScheduled, status: "True", lastTransitionTime: "2026-10-21T09:12:30Z"}
              - {type: Ready, status: "False", lastTransitionTime: "2026-10-21T09:16:40Z"}
              containerStatuses:
              - {name: main, ready: false, restartCount: 0, state: {terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-21T09:12:36Z", finishedAt: "2026-10-21T09:16:39Z"}}}
              - {name: wait, ready: false, restartCount: 0, state: {terminated: {exitCode: 0, reason: Completed, startedAt: "2026-10-21T09:12:35Z", finishedAt: "2026-10-21T09:16:40Z"}}}
              phase: Succeeded
            """;

    /** A Pod the replica created itself, exported: its Created pod line and creationTimestamp date one moment on both clocks. */
    private static final String OTHER = """
            apiVersion: v1
            kind: Pod
            metadata:
              annotations: {workflows.argoproj.io/node-id: sqlbatch-m3k8p-1378059653, workflows.argoproj.io/node-name: "sqlbatch-m3k8p[0].load"}
              creationTimestamp: "2026-10-21T09:17:40Z"
              labels: {workflows.argoproj.io/completed: "false", workflows.argoproj.io/workflow: sqlbatch-m3k8p}
              name: sqlbatch-m3k8p-load-1378059653
              namespace: data
              uid: e08f4c2d-7a19-4b53-8c6e-9d1b2f7a3e50
            spec:
              containers: [{name: wait}, {name: main}]
              nodeName: ip-10-40-7-112.eu-west-1.compute.internal
              restartPolicy: Never
            status:
              conditions:
              - {type: PodScheduled, status: "True", lastTransitionTime: "2026-10-21T09:17:40Z"}
              containerStatuses:
              - {name: main, ready: true, restartCount: 0, state: {running: {startedAt: "2026-10-21T09:17:46Z"}}}
              - {name: wait, ready: true, restartCount: 0, state: {running: {startedAt: "2026-10-21T09:17:45Z"}}}
              phase: Running
            """;

    /**
     * Before, the finding said the deadline "had passed 2m15.3s earlier" and "elapsed time alone authorised the removal": true
     * only on the replica's own clock. Its Created pod line for another Pod, against that Pod's creationTimestamp, puts its clock
     * 3m30.455s ahead of the objects'; on the API server's clock the deadline was 1m15.1s away. The finding stands (the release
     * came before the node's result was stored, and the loss is recorded), its reason now says what authorised it.
     */
    @Test
    void aReplicaWhoseClockRunsAheadIsNamedAsWhatReleasedTheFinalizerEarly() {
        Correlation c = new Evidence().log("a.log", leaderA()).log("b.log", arr(replicaB(true)))
                .takenAt("pod.yaml", "2026-10-21T09:17:10Z", FINISHED).takenAt("other.yaml", "2026-10-21T09:18:05Z", OTHER).correlate();
        PodLifecycle life = life(c, P);
        assertNotNull(life.releaseClock());
        assertEquals(-210_455_000_000L, life.releaseClock().driftNanos());
        Finding f = rule.evaluate(c).findings().get(0);
        String text = f.explanation();
        assertTrue(text.contains("by its own clock the release deadline (last Pod condition transition + max(pod GC delay, 2m)) had passed"
                + " 2m15.312408117s earlier (delay=-2m15.312408117s), but that clock ran 3m30.455s ahead of the objects' clock"), text);
        assertTrue(text.contains("on the API server's clock the deadline was still 1m15.142591883s away"), text);
        assertTrue(text.contains("Not elapsed time but the controller's clock, 3m30.455s ahead of the API server's, authorised the removal"), text);
        assertFalse(text.contains("Elapsed time alone"), text);
        assertEquals("1m15.142591883s", fact(f, "delayOnObjectsClock"));
    }

    /** The control: without a pair that dates the replica's clock, nothing shows the skew and the finding says what its lines say. */
    @Test
    void withoutAPairTheReplicasClockIsNotClaimedOff() {
        Correlation c = new Evidence().log("a.log", leaderA()).log("b.log", arr(replicaB(false)))
                .takenAt("pod.yaml", "2026-10-21T09:17:10Z", FINISHED).correlate();
        assertNull(life(c, P).releaseClock());
        Finding f = rule.evaluate(c).findings().get(0);
        String text = f.explanation();
        assertTrue(text.contains("Elapsed time alone authorised the removal"), text);
        assertNull(fact(f, "delayOnObjectsClock"));
    }

    /**
     * The same replica with its clock 3m30s behind: it sees the deletion "at 09:13:55", before the export taken at 09:17:10 shows
     * none. Before, the finding said its times ran 455ms ahead of the objects', from the first leader's Created pod line for this
     * Pod (another run's clock). The sighting's own run is dated by its own pair: 3m29.545s behind, and the deletion bounded on
     * the objects' clock by it.
     */
    @Test
    void aSightingIsDatedByItsOwnRunsClockNotByTheCreatorsPair() {
        String[] b = {
            s("09:13:33.104", "INFO", "\"Successfully acquired lease\" lock=argo/workflow-controller"),
            s("09:13:33.901", "INFO", "\"add pod event\" pod=" + P + " component=pod_controller"),
            s("09:13:55.312", "INFO", "\"update pod event\" component=pod_controller pod=" + P),
            s("09:13:55.313", "INFO", "\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"),
            s("09:13:55.313", "INFO", "\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=data podName=" + P
                    + " podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=4m44.687591883s"),
            s("09:13:55.314", "INFO", "\"queueing pod for cleanup after\" component=pod_controller namespace=data podName=" + P
                    + " action=removeFinalizer after=4m44.687591883s"),
            s("09:14:10.455", "INFO", "\"Created pod\" nodeName=sqlbatch-m3k8p[0].load component=workflow_worker workflow=sqlbatch-m3k8p"
                    + " namespace=data nodeID=sqlbatch-m3k8p-1378059653 podName=sqlbatch-m3k8p-load-1378059653"),
            s("09:18:34.368", "INFO", "\"Processing workflow\" resourceVersion=412298" + WK + " phase=Running"),
            s("09:18:34.391", "INFO", "\"pod reconciliation didn't complete, will retry\"" + WK),
            s("09:18:40.002", "INFO", "\"cleaning up pod\" component=pod_controller key=data/" + P + "/removeFinalizer action=removeFinalizer namespace=data podName=" + P),
            s("09:18:40.025", "INFO", "\"delete pod event\" component=pod_controller pod=" + P),
            s("09:18:40.102", "INFO", "\"Processing workflow\"" + WK + " phase=Running resourceVersion=412298"),
            s("09:18:40.109", "INFO", "\"Workflow pod is missing\"" + WK + " nodeName=sqlbatch-q7v2d[0].load nodePhase=Running recentlyStarted=false"),
            s("09:18:40.110", "ERROR", "\"marking node as error\"" + WK + " nodeName=sqlbatch-q7v2d[0].load error=\"pod deleted\""),
            s("09:18:40.111", "INFO", "\"node phase changed\"" + WK + " node=sqlbatch-q7v2d-3615494908 fromPhase=Running toPhase=Error"),
        };
        Correlation c = new Evidence().log("a.log", leaderA()).log("b.log", b)
                .takenAt("pod.yaml", "2026-10-21T09:17:10Z", FINISHED).takenAt("other.yaml", "2026-10-21T09:18:05Z", OTHER).correlate();
        PodLifecycle life = life(c, P);
        assertNotNull(life.deletion().skew());
        assertEquals(209_545_000_000L, life.deletion().skew().offsetNanos());
        assertEquals("2026-10-21T09:17:24.858Z", life.deletion().notAfter().at().format());
        Finding f = rule.evaluate(c).findings().get(0);
        assertFalse(String.valueOf(fact(f, "controllerClock")).contains("455ms"), String.valueOf(fact(f, "controllerClock")));
        assertTrue(f.explanation().contains("(by its own clock, which ran 3m29.545s behind the objects' clock"), f.explanation());
        assertTrue(f.explanation().contains("on the API server's clock the deadline was 1m15.142591883s away)"), f.explanation());
    }

    private static PodLifecycle life(Correlation c, String name) {
        return c.lifecycles().values().stream().filter(x -> x.key().name().equals(name)).findFirst().orElseThrow();
    }

    private static Object fact(Finding f, String key) {
        return f.facts().stream().filter(x -> x.key().equals(key)).map(Fact::value).findFirst().orElse(null);
    }
}
