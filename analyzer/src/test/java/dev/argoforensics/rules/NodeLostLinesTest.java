package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Pod whose node was lost (a spot reclaim), from the controller's lines alone: the Pod garbage collector patches it
 * {@code Failed} over its running containers (the kubelet is gone: their last reports stay) and deletes it with grace 0; the
 * controller's {@code inferFailedReason} warns {@code Pod phase was Failed but main did not have terminated state}, then handles
 * the deletion with the 2m delay dated from PodGC's transition, and marks the node {@code pod deleted} once the Pod is gone before
 * its result was synced. Main never ended: AF007's case, named as the Pod garbage collector's; never AF001's race. Negative
 * controls: the same lines without the warning (AF001 possible, AF007 undecided, as before), the warning for {@code wait} alone,
 * and the warning of another Pod.
 */
class NodeLostLinesTest {

    private static String failedUnterminated(String t, String pod, String container) {
        return "time=" + t + " level=WARN msg=\"Pod phase was Failed but container did not have terminated state\" component=workflow_worker "
                + "workflow=p namespace=ns podName=" + pod + " containerName=" + container;
    }

    private static String podFailed(String t) {
        return "time=" + t + " level=INFO msg=\"Pod failed\" component=workflow_worker workflow=p namespace=ns pod=p displayName=p templateName=main "
                + "message=\"pod failed: neither main nor wait container completed successfully\"";
    }

    /** PodGC's Failed at 16:31:11.250, its grace-0 delete 6 ms later, the release at the 2m deadline, the node then lost. */
    private static Evidence lostNode(String... warnings) {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:31:11.250Z", "update")));
        lines.addAll(List.of(warnings));
        lines.addAll(List.of(podFailed("2026-09-19T16:31:11.252Z"), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "1m59.743s"),
                queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "1m59.743s"), cleaningUp("2026-09-19T16:33:11.001Z", "removeFinalizer"),
                podEvent("2026-09-19T16:33:11.014Z", "delete"), podMissing("2026-09-19T16:33:11.020Z", "Failed", false),
                markingError("2026-09-19T16:33:11.020Z"), nodePhaseChanged("2026-09-19T16:33:11.021Z", "Failed", "Error"),
                workers("2026-09-19T16:35:00.000Z", 16)));
        return new Evidence().log("1.log", lines.toArray(String[]::new));
    }

    private static final String[] PODGC_MARK = {failedUnterminated("2026-09-19T16:31:11.251Z", "p", "main"),
        failedUnterminated("2026-09-19T16:31:11.251Z", "p", "wait")};

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    @Test
    void theWarningShowsMainNeverEndedAndImpliesThePodGarbageCollector() {
        PodLifecycle life = life(lostNode(PODGC_MARK).correlate());
        assertEquals(Execution.State.RUNNING, life.execution().state(), life.execution().reason());
        assertFalse(life.execution().weak(), "the controller's own reading of the Pod's status, not an inference from its informer events");
        assertTrue(life.execution().reason().startsWith("the controller found the Pod Failed while main had not terminated (\"Pod phase was Failed "
                + "but main did not have terminated state\" at 2026-09-19T16:31:11.251Z)"), life.execution().reason());
        assertEquals("1.log:4", life.execution().evidence().toString());
        Deletion who = life.deleter().orElseThrow();
        assertEquals(Deletion.POD_GC, who.who());
        assertTrue(who.implied() && who.podGc(), who.toString());
        assertEquals("1.log:4", who.line().source().toString());
    }

    @Test
    void af001ClearsItAsADeletionWhileMainRanNotTheRace() {
        Evaluation e = new PrematureFinalizerRemoval().evaluate(lostNode(PODGC_MARK).correlate());
        assertEquals(List.of(), e.findings(), () -> e.findings().toString());
        Clearance c = e.cleared().stream().filter(x -> x.pod().name().equals("p")).findFirst().orElseThrow();
        assertEquals("AF001.cleared.running", c.why().code());
        assertTrue(c.reason().contains("the Pod garbage collector does on the Pods of a node that no longer exists"), c.reason());
    }

    @Test
    void af007ReportsItNamingThePodGarbageCollectorAndTheLostNodesAdvice() {
        Evaluation e = new PodDeletedDuringExecution().evaluate(lostNode(PODGC_MARK).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), "only the controller log records the node's end");
        // s43: main's state is the lost node's last report, and nothing dates the loss within the kubelet's report delay of main's
        // end, so a main that exited just before the loss reads the same: the reason names that look-alike and what would confirm
        // (AF007.md, "Where nothing can tell": a cap to possible was measured and not taken).
        assertEquals("AF007.reason.frozenReportLogEnd", f.reason().code());
        // The look-alike is named once, by the execution's own reading, not again by the reason around it (s44 review).
        assertTrue(f.confidenceReason().contains("one that ended in the seconds before its node was lost, before the kubelet reported it, "
                + "reads the same"), f.confidenceReason());
        assertEquals(1, f.confidenceReason().split("reads the same", -1).length - 1, f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the window in which main could have ended unreported is seconds"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("a record written after the deletion was requested by a kubelet still reporting"),
                f.confidenceReason());
        assertEquals(Deletion.POD_GC, f.fact("deletedBy").orElseThrow().value());
        assertTrue(f.summary().startsWith("Pod ns/p was deleted by the Pod garbage collector"), f.summary());
        assertTrue(f.explanation().contains("the evidence implies who: the Pod garbage collector failed it and deleted it"), f.explanation());
        assertTrue(f.explanation().contains("Its node was lost") && f.explanation().contains("this is not the release race of argoproj/argo-workflows#17024"),
                f.explanation());
        assertFalse(f.explanation().contains("PodDisruptionBudget, the annotation"), "no voluntary-disruption advice for a lost node");
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("1.log:4") && x.role().contains("Pod garbage collector")),
                () -> f.evidence().toString());
    }

    /** Negative control: the same lines without the warning leave the order open, as they did (AF001 possible, AF007 undecided). */
    @Test
    void withoutTheWarningTheLinesStillCannotTellALostNodeFromTheRace() {
        Correlation c = lostNode().correlate();
        assertEquals(Execution.State.UNDETERMINED, life(c).execution().state(), life(c).execution().reason());
        assertTrue(life(c).deleter().isEmpty());
        Evaluation af001 = new PrematureFinalizerRemoval().evaluate(c);
        assertEquals(1, af001.findings().size());
        assertEquals(Confidence.POSSIBLE, af001.findings().get(0).confidence());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
    }

    /** Negative control: only wait unterminated (main's state unknown from the line) says nothing of main. */
    @Test
    void aWarningAboutWaitAloneSaysNothingOfMain() {
        Correlation c = lostNode(failedUnterminated("2026-09-19T16:31:11.251Z", "p", "wait")).correlate();
        assertEquals(Execution.State.UNDETERMINED, life(c).execution().state());
        assertTrue(life(c).deleter().isEmpty());
    }

    /**
     * Negative control (session 28 review): Argo warns for every container neither waiting nor terminated, main first, and returns at
     * the first that exited non-zero; warnings for {@code wait} and a sidecar with none for main are what a Pod gives whose main had
     * already exited 0 when the Pod garbage collector failed it (the sidecar still being stopped, wait still saving outputs). Main
     * ended: the sidecar's warning must not say it ran, nor imply who deleted the Pod. It did before (AF007 likely, "istio-proxy never
     * ended", AF001 cleared as a deletion while main ran).
     */
    @Test
    void aSidecarsWarningWithoutMainsSaysNothingOfMain() {
        Correlation c = lostNode(failedUnterminated("2026-09-19T16:31:11.251Z", "p", "wait"),
                failedUnterminated("2026-09-19T16:31:11.251Z", "p", "istio-proxy")).correlate();
        assertEquals(Execution.State.UNDETERMINED, life(c).execution().state(), life(c).execution().reason());
        assertTrue(life(c).deleter().isEmpty(), () -> life(c).deleters().toString());
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());
        Evaluation af001 = new PrematureFinalizerRemoval().evaluate(c);
        assertEquals(1, af001.findings().size(), () -> af001.cleared().toString());
        assertEquals(Confidence.POSSIBLE, af001.findings().get(0).confidence());
        // The same lines with main's warning among them are the lost node's.
        Correlation withMain = lostNode(failedUnterminated("2026-09-19T16:31:11.251Z", "p", "main"),
                failedUnterminated("2026-09-19T16:31:11.251Z", "p", "istio-proxy")).correlate();
        assertEquals(Execution.State.RUNNING, life(withMain).execution().state());
        assertEquals(Deletion.POD_GC, life(withMain).deleter().orElseThrow().who());
    }

    /**
     * Negative control (session 28 review): the deletion handled 54 s before the warning (a user's {@code kubectl delete --force
     * --grace-period=0} of a Pod stuck on a dead node, or the garbage collector of a Workflow deleted in the foreground; the kubelet
     * gone, nothing stopped main), the Pod garbage collector failing it only once its Node was deleted: main still ran at the
     * deletion, but the delete was not PodGC's, which fails a Pod right before it deletes it. It was named before ("deleted by the
     * Pod garbage collector no later than" the earlier time).
     */
    @Test
    void aDeletionSeenBeforeTheWarningIsNotThePodGarbageCollectors() {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:30:17.102Z", "update"), removingFinalizers("2026-09-19T16:30:17.103Z"),
                queuingPodDelay("2026-09-19T16:30:17.103Z", "removeFinalizer", "1m20.1s"),
                queueingAfter("2026-09-19T16:30:17.104Z", "removeFinalizer", "1m20.1s"), podEvent("2026-09-19T16:31:11.250Z", "update")));
        lines.addAll(List.of(PODGC_MARK));
        lines.addAll(List.of(podFailed("2026-09-19T16:31:11.252Z"), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), cleaningUp("2026-09-19T16:31:37.205Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:37.214Z", "delete"), podMissing("2026-09-19T16:31:37.220Z", "Failed", false),
                markingError("2026-09-19T16:31:37.220Z"), nodePhaseChanged("2026-09-19T16:31:37.221Z", "Failed", "Error"),
                workers("2026-09-19T16:35:00.000Z", 16)));
        Correlation c = new Evidence().log("1.log", lines.toArray(String[]::new)).correlate();
        assertEquals(Execution.State.RUNNING, life(c).execution().state(), "main's last report was still running after the deletion");
        assertFalse(life(c).deleter().map(Deletion::podGc).orElse(false), () -> life(c).deleters().toString());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertFalse(f.summary().contains("Pod garbage collector"), f.summary());
        assertEquals(Confidence.POSSIBLE, f.confidence(), "who deleted it is unknown: a Workflow deleted in the foreground is not excluded");
    }

    /**
     * The control of the one above: PodGC's {@code Failed} and delete seen at once by the pod event handler, the warning logged 45 s
     * later by a Workflow worker that only then took the Workflow up (busy workers). The Pod did not change between the handler's
     * sight of the deletion and the warning: PodGC's delete, named as before. Nor where an export shows the deletion's grace period
     * above 0 (PodGC deletes with 0, and a later shorter grace replaces a longer one): an earlier, graceful deleter.
     */
    @Test
    void aWarningLoggedLateByBusyWorkersStillImpliesThePodGarbageCollector() {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:31:11.250Z", "update"), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "1m59.743s"),
                queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "1m59.743s"), processing("2026-09-19T16:31:56.310Z", "Running"),
                failedUnterminated("2026-09-19T16:31:56.311Z", "p", "main"), failedUnterminated("2026-09-19T16:31:56.311Z", "p", "wait"),
                podFailed("2026-09-19T16:31:56.312Z"), cleaningUp("2026-09-19T16:33:11.001Z", "removeFinalizer"),
                podEvent("2026-09-19T16:33:11.014Z", "delete"), podMissing("2026-09-19T16:33:11.020Z", "Failed", false),
                markingError("2026-09-19T16:33:11.020Z"), nodePhaseChanged("2026-09-19T16:33:11.021Z", "Failed", "Error"),
                workers("2026-09-19T16:35:00.000Z", 16)));
        Correlation c = new Evidence().log("1.log", lines.toArray(String[]::new)).correlate();
        assertEquals(Execution.State.RUNNING, life(c).execution().state(), life(c).execution().reason());
        assertEquals(Deletion.POD_GC, life(c).deleter().orElseThrow().who(), () -> life(c).deleters().toString());
        assertEquals(Confidence.LIKELY, new PodDeletedDuringExecution().evaluate(c).findings().get(0).confidence());

        String graceful = Exports.Pod.of().deleted("2026-09-19T16:30:30Z", 30).running("main").running("wait").yaml();
        Correlation exported = new Evidence().log("1.log", lines.toArray(String[]::new)).pod("pod.yaml", graceful).correlate();
        assertFalse(life(exported).deleter().map(Deletion::podGc).orElse(false), () -> life(exported).deleters().toString());
    }

    /**
     * Session 28 review: the lost node's step rerun ({@code argo retry}) under the same Pod name, and that second Pod released by
     * the deleting branch while its node was still Running (the race, from the lines alone: possible). The first Pod's node was
     * persisted {@code Error} before the second Pod was created; that persist is no sign the second Pod's result was stored. AF001
     * cleared the second Pod's release with it before ("finalizer released ... after the node was persisted").
     */
    @Test
    void aRetriedPodsRaceIsNotClearedByTheLostPodsPersist() {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:31:11.250Z", "update")));
        lines.addAll(List.of(PODGC_MARK));
        lines.addAll(List.of(podFailed("2026-09-19T16:31:11.252Z"), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "1m59.743s"),
                cleaningUp("2026-09-19T16:33:11.001Z", "removeFinalizer"), podEvent("2026-09-19T16:33:11.014Z", "delete"),
                processing("2026-09-19T16:33:11.019Z", "Running"), podMissing("2026-09-19T16:33:11.020Z", "Failed", false),
                markingError("2026-09-19T16:33:11.020Z"), nodePhaseChanged("2026-09-19T16:33:11.021Z", "Failed", "Error"),
                workflowUpdated("2026-09-19T16:33:11.040Z", "Error", "40"),
                // argo retry: the node reset, its Pod created again under the same name; it finishes at 16:45, the workers stall
                processing("2026-09-19T16:40:00.000Z", "Running"), createdPod("2026-09-19T16:40:00.010Z"),
                workflowUpdated("2026-09-19T16:40:00.030Z", "Running", "52"), podEvent("2026-09-19T16:45:00.500Z", "update"),
                podEvent("2026-09-19T16:48:00.100Z", "update"), removingFinalizers("2026-09-19T16:48:00.101Z"),
                queuingPodDelay("2026-09-19T16:48:00.101Z", "removeFinalizer", "-59.601s"), cleaningUp("2026-09-19T16:48:00.110Z", "removeFinalizer"),
                podEvent("2026-09-19T16:48:00.120Z", "delete"), processing("2026-09-19T16:51:30.000Z", "Running"),
                podMissing("2026-09-19T16:51:30.001Z", "Running", false), markingError("2026-09-19T16:51:30.001Z"),
                nodePhaseChanged("2026-09-19T16:51:30.002Z", "Running", "Error"), workflowUpdated("2026-09-19T16:51:30.020Z", "Error", "61"),
                workers("2026-09-19T16:55:00.000Z", 16)));
        Correlation c = new Evidence().log("1.log", lines.toArray(String[]::new)).correlate();
        assertTrue(life(c).persisted() == null, () -> "the first Pod's persist: " + life(c).persisted());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), "only the controller's lines suggest the containers had ended");
        assertTrue(e.cleared().stream().noneMatch(x -> x.why().code().equals("AF001.cleared.persisted")), () -> e.cleared().toString());
        // The warning of the first Pod says nothing of the second: its own lines (weakly) say it had finished.
        assertEquals(Execution.State.FINISHED_BEFORE, life(c).execution().state(), life(c).execution().reason());
        assertTrue(life(c).execution().weak(), life(c).execution().reason());
        assertFalse(life(c).deleter().map(Deletion::podGc).orElse(false), () -> life(c).deleters().toString());
    }

    /** Negative control: another Pod's warning is not this one's. */
    @Test
    void anotherPodsWarningIsNotThisPods() {
        Correlation c = lostNode(failedUnterminated("2026-09-19T16:31:11.251Z", "p-other-1234", "main")).correlate();
        assertEquals(Execution.State.UNDETERMINED, life(c).execution().state());
    }

    /**
     * Negative control: an export shows every container terminated before the warning (a line of another Pod misattributed, an
     * export of another Pod of the name, an edited paste): the evidence disagrees, and the line alone does not overrule the object.
     */
    @Test
    void anExportShowingTheContainersEndedBeforeTheWarningIsNotOverruled() {
        String ended = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:11Z", 0).terminated("main", 0, "Completed", "2026-09-19T16:29:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:29:00Z").yaml();
        Correlation c = lostNode(PODGC_MARK).pod("pod.yaml", ended).correlate();
        assertFalse(life(c).execution().reason().startsWith("the controller found the Pod Failed"), life(c).execution().reason());
    }

    /**
     * Session 28 review: nor does the object overrule the line. A Pod pasted {@code Succeeded}, taken before the deletion with every
     * container exited 0, beside the controller's warning that it later found the Pod {@code Failed} with main not terminated: a
     * terminal phase is never left and a terminated container never runs again, so one of them is not this Pod's. With an export of
     * the Workflow recording the node {@code Error: pod deleted}, AF001 and AF002 were confirmed over the warning; the disagreement
     * is now said, and the race is possible at most. Negative control: the same export without the warning still orders the end
     * first.
     */
    @Test
    void anExportSucceededBeforeTheWarningAndTheWarningDisagree() {
        String succeeded = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:29:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:29:01Z").yaml();
        Correlation c = lostNode(PODGC_MARK).pod("pod.yaml", succeeded).correlate();
        assertEquals(Execution.State.UNDETERMINED, life(c).execution().state(), life(c).execution().reason());
        assertTrue(life(c).execution().reason().startsWith("the evidence disagrees: the controller found the Pod Failed while main had not "
                + "terminated"), life(c).execution().reason());
        assertTrue(life(c).execution().reason().contains("already shows every container terminated"), life(c).execution().reason());
        for (Finding f : new PrematureFinalizerRemoval().evaluate(c).findings()) {
            assertEquals(Confidence.POSSIBLE, f.confidence(), f.explanation());
        }
        assertEquals(List.of(), new PodDeletedDuringExecution().evaluate(c).findings());

        Correlation without = lostNode().pod("pod.yaml", succeeded).correlate();
        assertEquals(Execution.State.FINISHED_BEFORE, life(without).execution().state(), life(without).execution().reason());
    }

    /** The cloud node lifecycle controller's Event on the Pod's Node (the exports' {@code spec.nodeName}): the Node deleted. */
    private static final String NODE_DELETED = "apiVersion: v1\nkind: Event\nmetadata: {name: n.1, namespace: default}\n"
            + "involvedObject: {kind: Node, name: ip-10-0-12-34.ec2.internal}\nreason: DeletingNode\n"
            + "message: \"Deleting node ip-10-0-12-34.ec2.internal because it does not exist in the cloud provider\"\n"
            + "source: {component: cloud-node-lifecycle-controller}\nfirstTimestamp: \"2026-09-19T16:30:05Z\"\n"
            + "lastTimestamp: \"2026-09-19T16:30:05Z\"\ncount: 1\ntype: Normal\n";

    /**
     * Without the warning (a v3 log grepped for the Workflow's name drops the global logger's line), the Node's deletion implies the
     * Pod garbage collector too, where nothing records the Pod's delete; AF007 says what it is told, at the confidence the order allows.
     */
    @Test
    void theNodesDeletionEventImpliesThePodGarbageCollector() {
        String runningBefore = Exports.Pod.of().running("main").running("wait").yaml();
        Correlation c = lostNode().pod("pod.yaml", runningBefore).object("nodes.yaml", NODE_DELETED).correlate();
        Deletion implied = life(c).deleter().orElseThrow();
        assertEquals(Deletion.POD_GC, implied.who(), () -> life(c).deleters().toString());
        assertTrue(implied.implied() && implied.how().contains("implied: its node was deleted, cloud-node-lifecycle-controller deleted its node"),
                implied.how());
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), "an export from before the deletion shows main running: it may have ended since");
        assertTrue(e.findings().get(0).explanation().contains("Its node was lost"), e.findings().get(0).explanation());

        // Negative control: the Node not deleted (only NodeNotReady on it) names no deleter by implication.
        Correlation notReady = lostNode().pod("pod.yaml", runningBefore).object("nodes.yaml", NODE_DELETED.replace("DeletingNode", "NodeNotReady"))
                .correlate();
        assertFalse(life(notReady).deleter().map(Deletion::podGc).orElse(false), () -> life(notReady).deleters().toString());
    }

    /**
     * The controller's own delete, as its cleanup worker logs it ({@code cleaning up pod action=deletePod}: an item of an earlier Pod of
     * the same name, #8022, or its pod GC) before the deletion arrives: the lifecycle names the workflow controller, citing the line.
     * Negative control: the same line after the Pod was already being deleted deleted nothing, and names nobody.
     */
    @Test
    void theControllersOwnDeleteIsNamedWhenItCameFirst() {
        List<String> before = new ArrayList<>(List.of(workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:31:11.200Z", "deletePod"), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-5s"),
                cleaningUp("2026-09-19T16:31:11.260Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.270Z", "delete")));
        Deletion who = life(new Evidence().log("1.log", before.toArray(String[]::new)).correlate()).deleter().orElseThrow();
        assertEquals(Deletion.CONTROLLER, who.who());
        assertTrue(who.byController() && !who.implied() && !who.podGc() && !who.requestsDeletion(), who.toString());
        assertEquals("deleted it (its cleanup worker's deletePod at 2026-09-19T16:31:11.200Z)", who.how());
        assertEquals("1.log:3", who.line().source().toString());

        List<String> after = new ArrayList<>(before);
        after.remove(2);
        after.add(cleaningUp("2026-09-19T16:33:00.000Z", "deletePod"));
        assertTrue(life(new Evidence().log("1.log", after.toArray(String[]::new)).correlate()).deleter().isEmpty());
    }
}
