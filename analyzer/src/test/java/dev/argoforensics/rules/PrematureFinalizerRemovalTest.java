package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.LookAlikes;
import dev.argoforensics.testing.V4;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF001 on real-shaped v4 and v3 lines: the #17024 sequence fires, and each look-alike whose node
 * was persisted first (or whose removal was right) stays silent and says why.
 */
class PrematureFinalizerRemovalTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    /** The controller created the Pod and persisted its node Running, then ran without workflow workers. */
    private static Evidence beforeRemoval() {
        return new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"));
    }

    private static String[] removal(String... extra) {
        List<String> lines = new java.util.ArrayList<>(List.of(
                workers("2026-09-19T16:31:11.132Z", 0),
                podEvent("2026-09-19T16:31:11.256Z", "add"),
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete")));
        lines.addAll(List.of(extra));
        return lines.toArray(String[]::new);
    }

    private static String[] podDeletedLater() {
        return new String[] {
            podMissing("2026-09-19T16:33:02.246Z"),
            markingError("2026-09-19T16:33:02.246Z"),
            nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"),
            "time=2026-09-19T16:33:02.247Z level=INFO msg=\"node message changed\" component=workflow_worker workflow=p namespace=ns node=p message=\"pod deleted\""};
    }

    /**
     * Logs alone, the deletion first seen by the {@code add} of a restarted controller's listing: a Pod
     * deleted while it ran and killed while the controller was down reads the same, so it is possible.
     */
    @Test
    void logsOnlyAfterARestartCannotOrderTheDeletionAndTheContainersEnd() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF001", f.rule());
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().startsWith("the evidence does not show whether the containers had finished when the Pod's deletion "
                + "was requested (no export of the Pod shows how its containers ended)"), f.confidenceReason());
        assertEquals(new PodKey("ns", "p"), f.pod());
        assertEquals("ns/p", f.workflow().toString());
        assertEquals("p", f.node().id());
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertEquals("-1m24.257168224s", f.fact("delay").orElseThrow().value());
        assertEquals(-84_257_168_224L, f.fact("delayNanos").orElseThrow().value());
        assertEquals("Running", f.fact("nodePhaseAtRemoval").orElseThrow().value());
        assertEquals("Error", f.fact("finalNodePhase").orElseThrow().value());
        assertEquals("pod deleted", f.fact("finalNodeMessage").orElseThrow().value());
        assertEquals(0, f.fact("workflowWorkersAtRemoval").orElseThrow().value());
        assertEquals("2026-09-19T16:27:20.470Z", f.fact("lastWorkflowUpdateBeforeRemoval").orElseThrow().value());
        assertTrue(f.fact("recomputedDelay").isEmpty(), "no Pod export, nothing to recompute from");
        List<String> cited = f.evidence().stream().map(x -> x.source().toString()).toList();
        assertEquals(List.of("1.log:2", "2.log:1", "2.log:3", "2.log:4", "2.log:6", "2.log:7", "3.log:1", "3.log:2", "3.log:3", "3.log:4"), cited);
    }

    /**
     * The controller saw the deletion arrive and the Pod vanished at the finalizer's release: it had
     * finished (grace 0), or its node was lost (the kubelet gone, nothing changes either: the
     * pod-deleted-during-execution sample). Possible, never likely, from the lines alone.
     */
    @Test
    void logsOnlyWithTheDeletionSeenArrivingAndThePodGoneAtTheReleaseArePossible() {
        String[] lines = removal();
        lines[1] = podEvent("2026-09-19T16:31:11.256Z", "update");
        // Created at 16:20: its last condition transition (16:27:47, dated by the delay) is no start-up, so it is its end.
        Finding f = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:20:00.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", lines).log("3.log", podDeletedLater()).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("a Pod whose node was lost looks the same"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the controller saw the deletion arrive (update pod event at 2026-09-19T16:31:11.256Z) and the "
                + "Pod changed no more until it vanished at its finalizer's release (2026-09-19T16:31:11.363Z)"), f.confidenceReason());
    }

    /**
     * Session 46: the same lines with a Metadata-level audit record of the delete (the Pod garbage collector's) are still possible:
     * the record names who deleted the Pod and when, not its phase nor the grace the request asked for, and the garbage collector
     * deletes a lost node's Pods with grace 0 too. The reason says so instead of "the audit log would settle it"; without the
     * record the reason stays the lines-only one.
     */
    @Test
    void aMetadataAuditRecordOfTheDeleteNamesItsAuthorButDoesNotSettleTheOrder() {
        String[] lines = removal();
        lines[1] = podEvent("2026-09-19T16:31:11.256Z", "update");
        String gc = "system:serviceaccount:kube-system:pod-garbage-collector";
        Finding audited = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:20:00.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", lines).log("3.log", podDeletedLater())
                .object("create.log", Exports.podCreateAudit("2026-09-19T16:20:00.420000Z"))
                .object("delete.log", Exports.audit("delete", "", gc, "2026-09-19T16:31:11.210000Z", 200)).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, audited.confidence());
        assertEquals("AF001.reason.linesOnlyAudited", audited.reason().code());
        assertTrue(audited.confidenceReason().contains("the audit log records the delete (" + gc + " deleted it at 2026-09-19T16:31:11.210000Z) but, at "
                + "its level, neither the Pod's phase when it came nor the grace period it asked for"), audited.confidenceReason());
        assertFalse(audited.confidenceReason().contains("the audit log would settle it"), audited.confidenceReason());

        Finding bare = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:20:00.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", lines).log("3.log", podDeletedLater()).correlate()).findings().get(0);
        assertEquals("AF001.reason.linesOnly", bare.reason().code());
    }

    /**
     * s47: the same lines with an audit record of the delete that logged the request's body (level {@code Request}, or
     * {@code RequestResponse} where the API server answered with a Status): the reason reads the grace period the DeleteOptions asked
     * for, and does not send the reader to "an audit record with the request's body" they gave. A forced delete (grace 0) leaves the
     * lost node's Pod standing as the look-alike; a graceful one says what would still explain the Pod vanishing at the release. A
     * record that returned the Pod is read as an export of it (the order then rests on that Pod, not on the lines).
     */
    @Test
    void anAuditRecordWithTheRequestsBodyIsReadForTheGraceItAskedFor() {
        String[] lines = removal();
        lines[1] = podEvent("2026-09-19T16:31:11.256Z", "update");
        java.util.function.Function<String, Finding> with = record -> rule.evaluate(new Evidence()
                .log("1.log", createdPod("2026-09-19T16:20:00.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", lines).log("3.log", podDeletedLater())
                .object("create.log", Exports.podCreateAudit("2026-09-19T16:20:00.420000Z"))
                .audited("delete.log", record).correlate()).findings().get(0);
        Finding forced = with.apply(deleteRecord("Request", "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\",\"gracePeriodSeconds\":0}", null));
        assertEquals(Confidence.POSSIBLE, forced.confidence());
        assertEquals("AF001.reason.linesOnlyAuditedBody", forced.reason().code());
        String why = forced.confidenceReason();
        assertTrue(why.contains("the audit log records the delete (alice@example.com deleted it at 2026-09-19T16:31:11.210000Z) with its request's body, "
                + "which asked for no grace period (0: a forced delete), and a Pod whose node was lost vanishes at its release the same way"), why);
        assertFalse(why.substring(why.lastIndexOf(';')).contains("audit"), why);
        assertTrue(why.endsWith("an export of the Pod taken before its deletion, or the node's Events, would settle it"), why);

        Finding graceful = with.apply(deleteRecord("Request", "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\",\"gracePeriodSeconds\":30}", null));
        assertEquals(Confidence.POSSIBLE, graceful.confidence());
        assertTrue(graceful.confidenceReason().contains("which asked for a grace period of 30 s: a Pod whose node was lost keeps that grace"),
                graceful.confidenceReason());
        // RequestResponse answered with a Status: the body is there, no Pod: read as the Request-level record is.
        Finding status = with.apply(deleteRecord("RequestResponse", "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\"}",
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\"}"));
        assertEquals("AF001.reason.linesOnlyAuditedBody", status.reason().code());
        assertTrue(status.confidenceReason().contains("which asked for no grace period of its own"), status.confidenceReason());
        // The Pod the API server returned, its containers ended at 16:27:44: an export of the Pod at the request, no longer the lines alone.
        String returned = "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"u-1\","
                + "\"creationTimestamp\":\"2026-09-19T16:20:00Z\",\"deletionTimestamp\":\"2026-09-19T16:31:11Z\",\"deletionGracePeriodSeconds\":0,"
                + "\"finalizers\":[\"workflows.argoproj.io/status\"],\"labels\":{\"workflows.argoproj.io/workflow\":\"p\"},"
                + "\"annotations\":{\"workflows.argoproj.io/node-id\":\"p\",\"workflows.argoproj.io/node-name\":\"p\"}},\"status\":{\"phase\":\"Succeeded\","
                + "\"containerStatuses\":[{\"name\":\"main\",\"state\":{\"terminated\":{\"exitCode\":0,\"reason\":\"Completed\",\"startedAt\":"
                + "\"2026-09-19T16:20:14Z\",\"finishedAt\":\"2026-09-19T16:27:44Z\"}}},{\"name\":\"wait\",\"state\":{\"terminated\":{\"exitCode\":0,"
                + "\"reason\":\"Completed\",\"startedAt\":\"2026-09-19T16:20:14Z\",\"finishedAt\":\"2026-09-19T16:27:44Z\"}}}]}}";
        Finding read = with.apply(deleteRecord("RequestResponse", "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\"}", returned));
        assertFalse(read.reason().code().startsWith("AF001.reason.linesOnly"), read.confidenceReason());
        assertTrue(read.confidenceReason().contains("the containers ended at 2026-09-19T16:27:44Z"), read.confidenceReason());
    }

    /** alice@example.com's granted delete of Pod {@code ns/p} at 16:31:11.210, logged at {@code level} with the given body and response. */
    private static String deleteRecord(String level, String request, String response) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"" + level + "\",\"auditID\":\"a-delete\",\"stage\":\"ResponseComplete\","
                + "\"verb\":\"delete\",\"user\":{\"username\":\"alice@example.com\"},\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\","
                + "\"name\":\"p\",\"apiVersion\":\"v1\"},\"responseStatus\":{\"code\":200},\"requestObject\":" + request + ","
                + (response == null ? "" : "\"responseObject\":" + response + ",")
                + "\"requestReceivedTimestamp\":\"2026-09-19T16:31:11.210000Z\",\"stageTimestamp\":\"2026-09-19T16:31:11.212000Z\"}";
    }

    /**
     * A Pod that goes on changing after the deletion was seen, later than the kubelet's report lag, had not finished: the
     * kubelet was stopping it.
     */
    @Test
    void logsOnlyWithThePodStillChangingAfterTheDeletionAreADeletionDuringExecution() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", deletionThenUpdateAt("2026-09-19T16:31:14.904Z", "2026-09-19T16:31:15.410Z"))
                .log("3.log", podDeletedLater()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().startsWith("deleted while running, not a lost result (AF007): after the controller handled the "
                + "deletion at 2026-09-19T16:31:11.257Z the Pod kept changing (update pod event at 2026-09-19T16:31:14.904Z)"), e.cleared().get(0).reason());
        assertEquals("2.log:6", e.cleared().get(0).evidence().toString());
    }

    /**
     * Session 38 breaker: the same lines beside an exported Workflow recording the node {@code Error} {@code pod deleted}. The
     * Pod kept changing after the deletion: it had not finished, but that is the Pod, not main. A Pod whose main had exited 0
     * changes the same while {@code wait} still saves main's outputs or a sidecar is being stopped (nothing signals a sidecar
     * while no Workflow worker reconciles the Pod, as here): AF007 read it as main running, likely; now possible, naming that
     * look-alike. AF001 still clears the race on it (the Pod had not finished). Control: main's own Killing Event stays likely.
     */
    @Test
    void thePodChangingAfterTheDeletionShowsThePodUnfinishedNotMainRunning() {
        String workflow = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:33:02Z", true, null);
        dev.argoforensics.correlate.Correlation c = beforeRemoval().log("2.log", deletionThenUpdateAt("2026-09-19T16:31:14.904Z", "2026-09-19T16:31:15.410Z"))
                .log("3.log", podDeletedLater()).workflow("wf.yaml", workflow).correlate();
        Evaluation af007 = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, af007.findings().size(), () -> af007.cleared().toString());
        Finding f = af007.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("they show the Pod, not main: a Pod whose main had ended changes the same while wait still "
                + "saves main's outputs or a sidecar is being stopped"), f.confidenceReason());
        assertTrue(rule.evaluate(c).findings().isEmpty(), "AF001 still clears the race: the Pod had not finished");

        dev.argoforensics.correlate.Correlation killed = beforeRemoval().log("2.log", deletionThenUpdateAt("2026-09-19T16:31:14.904Z", "2026-09-19T16:31:15.410Z"))
                .log("3.log", podDeletedLater()).workflow("wf.yaml", workflow)
                .object("ev.yaml", Exports.podEventStored("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:31:11Z", "Stopping container main"))
                .correlate();
        assertEquals(Confidence.CONFIRMED, new PodDeletedDuringExecution().evaluate(killed).findings().get(0).confidence());
    }

    /**
     * Negative control: one update 1.6 s after the deletion was seen, then nothing: within the kubelet's report lag it may be
     * the kubelet reporting, late, containers that had ended just before the deletion (the #17024 race), as well as their end at
     * the deletion's kill. Neither cleared nor told as the race: possible, saying what would settle it.
     */
    @Test
    void logsOnlyWithOneUpdateWithinTheKubeletsReportLagArePossible() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", deletionThenUpdateAt("2026-09-19T16:31:12.904Z", "2026-09-19T16:31:13.410Z"))
                .log("3.log", podDeletedLater()).correlate());
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("the Pod changed only within the kubelet's report lag (update pod event at "
                + "2026-09-19T16:31:12.904Z)"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("what settles it is when they ended against when the deletion was requested"),
                f.confidenceReason());
    }

    private static String[] deletionThenUpdateAt(String update, String gone) {
        return new String[] {podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent(update, "update"),
                podEvent(gone, "delete")};
    }

    /**
     * Kubernetes 1.33+: the kubelet's grace-0 delete after the kill moves deletionTimestamp past the
     * containers' end. The earliest export of the deletion still shows the first request's grace period.
     */
    /**
     * Item 1 of session 20 (review case right-c01): the Workflow of the race above deleted and submitted again under its name, its
     * new Pod of the same name created at 16:40 (exported, another UID). Before, the earlier Pod's release was joined to the new
     * Pod's history and scoped away: AF001 said nothing of it. Session 20 made it "not decided"; since the lifetimes split (session 53)
     * the earlier Pod is a lifetime of its own (no UID: the export is the later Pod's), and its race is reported on it, possible, as
     * no export shows how its containers ended. Nothing is said of the later Pod (u-2), which no release touched.
     */
    @Test
    void anEarlierPodOfTheSameNamesReleaseIsNotDroppedSilently() {
        Evidence race = beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater());
        assertEquals(1, rule.evaluate(race.correlate()).findings().size(), "the control: the race of the first run alone");
        String later = Exports.Pod.of().phase("Running").running("main").running("wait").yaml().replace("uid: u-1", "uid: u-2")
                .replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:40:00Z\"");
        Evaluation e = rule.evaluate(race.log("4.log", createdPod("2026-09-19T16:40:00.211Z"))
                .takenAt("pod.yaml", "2026-09-19T16:41:00Z", later).correlate());
        assertEquals(1, e.findings().size(), e.findings().toString());
        Finding f = e.findings().get(0);
        assertTrue(f.pod().toString().contains("lifetime 1 of 2, created 2026-09-19T16:27:10.431Z"), f.pod().toString());
        assertFalse(f.toString().contains("u-2"), "the later Pod's UID is not the earlier Pod's: " + f);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("no export of the Pod shows how its containers ended"), f.confidenceReason());
        assertTrue(e.cleared().stream().noneMatch(c -> c.toString().contains("u-2")), e.cleared().toString());
    }

    /**
     * The look-alike of the case above: the new Pod's {@code Created pod} logged by another controller whose clock runs a few
     * seconds ahead, 3.6 s after the release by the first one's clock. Two clocks closer than they may disagree show no order,
     * so the release is not said to be an earlier Pod's; the same lines 10 s or more apart are (the control). Session 60: that holds
     * where the release's line dates nothing (a zero delay); its -1m24s delay dates the Pod's last transition at 16:27:47
     * (line + delay - the deleting branch's 2 minutes), three and a half minutes before the new Pod existed: the earlier Pod's
     * release whatever the two controllers' clocks (ReleaseLifetime), said so (the third reading).
     */
    @Test
    void aReleaseSecondsBeforeAnotherControllersCreatedPodIsNoEarlierPodsRelease() {
        String later = Exports.Pod.of().phase("Running").running("main").running("wait").yaml().replace("uid: u-1", "uid: u-2")
                .replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:31:15Z\"");
        String[] undated = java.util.Arrays.stream(removal()).map(l -> l.replace("-1m24.257168224s", "0s")).toArray(String[]::new);
        Evaluation close = rule.evaluate(beforeRemoval().log("2.log", undated).log("3.log", podDeletedLater())
                .log("4.log", createdPod("2026-09-19T16:31:15.000Z")).takenAt("pod.yaml", "2026-09-19T16:41:00Z", later).correlate());
        assertTrue(close.cleared().stream().noneMatch(c -> c.reason().startsWith("not decided: the finalizer release")), close.cleared().toString());
        Evaluation dated = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .log("4.log", createdPod("2026-09-19T16:31:15.000Z")).takenAt("pod.yaml", "2026-09-19T16:41:00Z", later).correlate());
        assertTrue(dated.cleared().stream().anyMatch(c -> c.reason().startsWith("not decided: the finalizer release")), dated.cleared().toString());
        Evaluation apart = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .log("4.log", createdPod("2026-09-19T16:31:25.000Z")).takenAt("pod.yaml", "2026-09-19T16:41:00Z",
                        later.replace("16:31:15Z", "16:31:25Z")).correlate());
        assertTrue(apart.cleared().stream().anyMatch(c -> c.reason().startsWith("not decided: the finalizer release")), apart.cleared().toString());
    }

    /**
     * Session 20 review (right-c05): an export of another Workflow object of the same name (run again: a new UID, the same node
     * IDs) whose node Succeeded is that run's, not the node this Pod ran for (its owner reference names another UID): it must
     * not clear the race. The control: the owner's own export clears it.
     */
    @Test
    void anotherWorkflowObjectsFulfilledNodeDoesNotClearTheRace() {
        String pod = V4.podYaml(true).replace("  uid: ", "  ownerReferences: [{apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: p, uid: w-0,"
                + " controller: true}]\n  uid: ");
        String succeeded = Exports.workflow("Succeeded", "Succeeded", "", "2026-09-19T16:45:00Z", true, null);
        Evaluation other = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).pod("pod.yaml", pod)
                .workflow("wf.yaml", succeeded).correlate());
        assertEquals(1, other.findings().size(), other.toString());
        Evaluation own = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).pod("pod.yaml", pod.replace("uid: w-0", "uid: w-1"))
                .workflow("wf.yaml", succeeded).correlate());
        assertTrue(own.findings().isEmpty(), own.toString());
    }

    /** The negative control: the earlier Pod released on the orphan path (its Workflow deleted) is no candidate and says nothing. */
    @Test
    void anEarlierPodReleasedOnTheOrphanPathIsNoCandidate() {
        Evidence ev = beforeRemoval().log("2.log", podEvent("2026-09-19T16:31:11.256Z", "update"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "0s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"))
                .log("4.log", createdPod("2026-09-19T16:40:00.211Z"));
        Evaluation e = rule.evaluate(ev.correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().startsWith("not decided: the finalizer release")), e.cleared().toString());
    }

    @Test
    void theKubeletsFinalDeleteDoesNotHideThatTheDeletionCameFirst() {
        String later = V4.podYaml(true).replace("deletionTimestamp: \"2026-09-19T16:31:04Z\"", "deletionTimestamp: \"2026-09-19T16:27:45Z\"")
                .replace("exitCode: 0, reason: Completed", "exitCode: 137, reason: Error");
        // Between the kill and the kubelet's final delete: the containers have ended, the grace period of the request still shows.
        String during = later.replace("deletionTimestamp: \"2026-09-19T16:27:45Z\"", "deletionTimestamp: \"2026-09-19T16:28:13Z\"")
                .replace("deletionGracePeriodSeconds: 0", "deletionGracePeriodSeconds: 30");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .takenAt("pod-during.yaml", "2026-09-19T16:27:50Z", during).takenAt("pod-after.yaml", "2026-09-19T16:30:00Z", later).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        // Session 54: main's 137 a second after the request (deletionTimestamp less the grace) is its node's clock: most likely the
        // deletion's kill, read from the grace period's export.
        assertTrue(e.cleared().get(0).reason().contains("(deletionTimestamp minus the grace period 30s)"), e.cleared().get(0).reason());
        assertTrue(e.cleared().get(0).reason().contains("most likely the kill of that deletion"), e.cleared().get(0).reason());
        assertEquals("pod-during.yaml:1", e.cleared().get(0).evidence().toString());
    }

    /**
     * The same export alone: grace 0, deletionTimestamp 1s after main ended by a signal (137, Error):
     * most likely the kill of that deletion, cleared as such, and never more than likely for AF007.
     */
    @Test
    void aMainEndedByASignalJustBeforeAGraceZeroDeletionIsMostLikelyItsKill() {
        String later = V4.podYaml(true).replace("deletionTimestamp: \"2026-09-19T16:31:04Z\"", "deletionTimestamp: \"2026-09-19T16:27:45Z\"")
                .replace("exitCode: 0, reason: Completed", "exitCode: 137, reason: Error");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).pod("pod.yaml", later).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("main was ended by a signal (exit 137, Error) at 2026-09-19T16:27:44Z and the deletion was "
                + "requested no later than 2026-09-19T16:27:45Z, moments apart: most likely the kill of that deletion"), e.cleared().get(0).reason());
    }

    /** The handler ran because the Pod left the informer when labelled completed: nothing was deleted. */
    @Test
    void aPodLabelledCompletedThatLeavesTheInformerIsNoDeletion() {
        Evaluation e = rule.evaluate(new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:50.100Z", "Succeeded"),
                queueing("2026-09-19T16:27:50.101Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T16:27:50.150Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:27:50.170Z", "delete"),
                removingFinalizers("2026-09-19T16:27:50.171Z"),
                queuingPodDelay("2026-09-19T16:27:50.171Z", "removeFinalizer", "1m56.829s"),
                cleaningUp("2026-09-19T16:29:47.010Z", "removeFinalizer")).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("on the Pod's leaving the informer (labelled completed by the controller: it was not being deleted)"),
                e.cleared().get(0).reason());
    }

    /** The garbage collector deleted the Pods of a deleted Workflow: no node result was left to lose. */
    @Test
    void theDeletionOfTheWorkflowIsNoLostResult() {
        String audit = Exports.workflowDeleteAudit("2026-09-19T16:31:10.902113Z", "2026-09-19T16:31:10.911725Z");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).object("audit.log", audit).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("while its Workflow was being deleted (deleted by alice@example.com (audit record), "
                + "2026-09-19T16:31:10.902113Z)"), e.cleared().get(0).reason()); // the delete's receipt, as every request is dated
    }

    /**
     * Session 49: the same delete of the Workflow with its RequestReceived record alone (the policy's omitStages dropped
     * ResponseComplete, or a grep kept one line of two): it may have been refused, so it clears nothing; the finding names it and
     * is possible at most. Control: the delete refused (403 on its ResponseComplete) clears nothing and names no unlogged outcome;
     * granted, it clears (above).
     */
    @Test
    void aDeleteOfTheWorkflowWhoseOutcomeIsNotLoggedClearsNothing() {
        String received = Exports.workflowDeleteAudit("2026-09-19T16:31:10.902113Z", "2026-09-19T16:31:10.902113Z")
                .replace("\"stage\":\"ResponseComplete\"", "\"stage\":\"RequestReceived\"").replace("\"responseStatus\":{\"code\":200},", "");
        dev.argoforensics.correlate.Correlation c = beforeRemoval().log("2.log", removal()).object("audit.log", received).correlate();
        Evaluation e = rule.evaluate(c);
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        // The finding is possible for what else it lacks here (how the containers ended); the Pod's timeline row of the request says
        // what the log lacks of it.
        String row = new dev.argoforensics.timeline.TimelineBuilder(c).build(c.podsNamed("ns", "p").get(0)).entries().stream()
                .filter(x -> x.kind().equals("audit:delete")).findFirst().orElseThrow().text();
        assertTrue(row.contains("a delete was requested at 2026-09-19T16:31:10.902113Z; its outcome is not in the audit log"), row);
        String refused = Exports.workflowDeleteAudit("2026-09-19T16:31:10.902113Z", "2026-09-19T16:31:10.911725Z").replace("\"code\":200", "\"code\":403");
        Evaluation r = rule.evaluate(beforeRemoval().log("2.log", removal()).object("audit.log", received).object("audit.log", refused).correlate());
        assertTrue(r.cleared().isEmpty(), () -> r.cleared().toString());
        assertEquals(1, r.findings().size(), () -> r.findings().toString());
        assertFalse(r.findings().get(0).confidenceReason().contains("its outcome is not in the audit log"), r.findings().get(0).confidenceReason());
    }

    /** Another Pod of the Workflow released on the orphan path shows the Workflow missing or being deleted. */
    @Test
    void aSiblingReleasedOnTheOrphanPathShowsTheWorkflowGone() {
        Evaluation e = rule.evaluate(beforeRemoval().log("1b.log", "time=2026-09-19T16:27:10.530Z level=INFO msg=\"Created pod\" "
                + "component=workflow_worker workflow=p namespace=ns nodeName=p.b nodeID=p-2218370546 podName=p-sibling-1").log("2.log", removal(
                "time=2026-09-19T16:31:11.500Z level=INFO msg=\"queuing pod delay\" component=pod_controller podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=0s action=removeFinalizer namespace=ns podName=p-sibling-1",
                "time=2026-09-19T16:31:11.501Z level=INFO msg=\"queueing pod for cleanup\" component=pod_controller action=removeFinalizer namespace=ns podName=p-sibling-1",
                "time=2026-09-19T16:31:11.520Z level=INFO msg=\"cleaning up pod\" component=pod_controller namespace=ns key=ns/p-sibling-1/removeFinalizer podName=p-sibling-1 action=removeFinalizer"))
                .correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.pod().name().equals("p") && c.reason().contains("the pod controller found it missing or being "
                + "deleted when it released Pod p-sibling-1 on the orphan path")), () -> e.cleared().toString());
    }

    /**
     * The Pod's events queued its Workflow; the controller then processed another Workflow twice (its
     * queue moved past this one) and never this one, and no loss was recorded: it had left the informer.
     */
    @Test
    void aWorkflowPassedOverByTheControllersQueueIsGone() {
        List<String> lines = new java.util.ArrayList<>(List.of(removal()));
        lines.set(0, workers("2026-09-19T16:31:11.132Z", 2));
        // The run read whole up to the other's second pass (its stats ticker every 5 minutes): only then is this Workflow's absence
        // from it a fact (session 54; PassedOverByRunTest has the run cut between).
        String alloc = " level=INFO msg=Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123";
        lines.add("time=2026-09-19T16:35:00.000Z" + alloc);
        lines.add(V4.processingOther("2026-09-19T16:40:00.000Z"));
        lines.add("time=2026-09-19T16:40:00.001Z" + alloc);
        lines.add("time=2026-09-19T16:45:00.000Z" + alloc);
        lines.add("time=2026-09-19T16:50:00.000Z" + alloc);
        lines.add(V4.processingOther("2026-09-19T16:53:00.000Z"));
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", lines.toArray(String[]::new)).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("the controller went on to process another Workflow twice (the second time at "
                + "2026-09-19T16:53:00.000Z) and never this one"), e.cleared().get(0).reason());
    }

    /** One processing of another Workflow does not show the queue moved past this one; a recorded loss shows it was there. */
    @Test
    void aWorkflowNotYetPassedOverIsNotTakenForGone() {
        List<String> lines = new java.util.ArrayList<>(List.of(removal()));
        lines.add(V4.processingOther("2026-09-19T16:45:00.000Z"));
        assertEquals(1, rule.evaluate(beforeRemoval().log("2.log", lines.toArray(String[]::new)).correlate()).findings().size());
        lines.add(V4.processingOther("2026-09-19T16:53:00.000Z"));
        assertEquals(1, rule.evaluate(beforeRemoval().log("2.log", lines.toArray(String[]::new)).log("3.log", podDeletedLater()).correlate())
                .findings().size(), "the loss is recorded: the Workflow was there");
    }

    /**
     * Session 40: the exported Pod's only word on when the deletion was requested is its grace-0 deletionTimestamp, 3m20s after
     * the containers completed: taken as the request, an inference the kubelet's final delete on Kubernetes 1.33+ can break (it
     * sets its own time), so likely, the reason saying what it rests on. An export taken before the deletion showing the
     * containers ended states the order: confirmed.
     */
    @Test
    void exportsOfTheFinishedPodAndTheErroredNodeConfirmItOnlyWhereAnObjectStatesTheOrder() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .pod("pod.yaml", V4.podYaml(true))
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate());
        Finding guessed = e.findings().get(0);
        assertEquals(Confidence.LIKELY, guessed.confidence());
        assertTrue(guessed.confidenceReason().contains("(the grace-0 deletionTimestamp read as the request: an inference, not what an object states)"),
                guessed.confidenceReason());
        assertTrue(guessed.confidenceReason().contains("but no object states that order (on Kubernetes 1.33+ the kubelet's final delete sets its own "
                + "time"), guessed.confidenceReason());
        assertTrue(guessed.fact("deletionRequested").orElseThrow().value().toString().contains("read as the request (an inference"),
                () -> guessed.fact("deletionRequested").toString());
        e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .pod("pod.yaml", V4.podYaml(true)).takenAt("pod-before.yaml", "2026-09-19T16:30:00Z", finishedBeforeDeletion())
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertEquals("u-1", f.podUid());
        assertEquals("2026-09-19T16:29:47Z", f.fact("recomputedDeadline").orElseThrow().value());
        assertEquals("-1m24.257s", f.fact("recomputedDelay").orElseThrow().value());
        assertEquals(true, f.fact("delayAgrees").orElseThrow().value());
        assertEquals("main exit 0, wait exit 0", f.fact("containerExitCodes").orElseThrow().value());
    }

    /**
     * Session 24: the same release on a Pod the kubelet had stopped for a graceful node shutdown (main trapped its SIGTERM and exited
     * 0; phase Failed, reason Terminated). The finalizer still went before the node's result was stored, but that result was the
     * kubelet's failure: the account says so instead of "although every container had exited 0" (a success lost).
     */
    @Test
    void aPodTheKubeletStoppedIsToldAsAFailureLostNotASuccess() {
        String shutdown = V4.podYaml(true).replace("  phase: Succeeded\n",
                "  phase: Failed\n  reason: Terminated\n  message: Pod was terminated in response to imminent node shutdown.\n");
        Finding f = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).pod("pod.yaml", shutdown)
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate()).findings().get(0);
        assertTrue(f.explanation().contains("but the Pod had not succeeded: before its deletion the kubelet ended the Pod Failed (reason "
                + "Terminated: Pod was terminated in response to imminent node shutdown.), with main exit 0, wait exit 0, so the result"), f.explanation());
        assertTrue(!f.explanation().contains("although every container had exited 0"), f.explanation());
        Finding succeeded = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).pod("pod.yaml", V4.podYaml(true))
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate()).findings().get(0);
        assertTrue(succeeded.explanation().contains("although every container had exited 0"), succeeded.explanation());
    }

    @Test
    void aDelayThatDoesNotMatchThePodExportIsCalledOut() {
        String[] lines = removal();
        lines[3] = queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-3m0s");
        Finding f = rule.evaluate(beforeRemoval().log("2.log", lines).pod("pod.yaml", V4.podYaml(true)).correlate()).findings().get(0);
        assertEquals(false, f.fact("delayAgrees").orElseThrow().value());
        assertTrue(f.explanation().contains("does NOT agree"), f.explanation());
    }

    @Test
    void withoutAnyLaterOutcomeItIsOnlyPossible() {
        Finding f = rule.evaluate(beforeRemoval().log("2.log", removal()).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals(null, f.fact("finalNodePhase").orElseThrow().value());
    }

    @Test
    void clearedWhenTheControllerQueuedLabelPodCompletedFirst() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal())
                .log("2b.log", workflowUpdated("2026-09-19T16:31:11.221Z", "Succeeded"), queueing("2026-09-19T16:31:11.222Z", "labelPodCompleted"))
                .correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals(1, e.cleared().size());
        assertTrue(e.cleared().get(0).reason().contains("labelPodCompleted was queued at 2026-09-19T16:31:11.222Z"), e.cleared().get(0).reason());
        assertEquals("2b.log:2", e.cleared().get(0).evidence().toString());
    }

    @Test
    void notClearedByALabelPodCompletedThatCameAfterTheRemoval() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal(
                workflowUpdated("2026-09-19T16:31:12.000Z", "Succeeded"), queueing("2026-09-19T16:31:12.001Z", "labelPodCompleted"))).correlate());
        assertEquals(1, e.findings().size());
    }

    @Test
    void clearedByNodeChangedThenWorkflowUpdateInV36Logs() {
        Evaluation e = rule.evaluate(new Evidence().log("v36.log",
                "time=\"2026-09-19T10:00:01.500Z\" level=info msg=\"node changed\" namespace=argo new.message= new.phase=Succeeded new.progress=1/1 nodeID=hello-world-x7k2p-841307739 old.message= old.phase=Running old.progress=0/1 workflow=hello-world-x7k2p",
                "time=\"2026-09-19T10:00:01.600Z\" level=info msg=\"Workflow update successful\" namespace=argo phase=Succeeded resourceVersion=4800 workflow=hello-world-x7k2p",
                "time=\"2026-09-19T10:01:30.001Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"",
                "time=\"2026-09-19T10:01:30.002Z\" level=info msg=\"queuing poddelay-1m24.257168224s\" action=removeFinalizer namespace=argo podGC=\"{ <nil> }\" podName=hello-world-x7k2p-whalesay-841307739",
                "time=\"2026-09-19T10:01:30.004Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=argo/hello-world-x7k2p-whalesay-841307739/removeFinalizer namespace=argo podName=hello-world-x7k2p-whalesay-841307739",
                "time=\"2026-09-19T10:01:30.200Z\" level=info msg=\"Workflow pod is missing\" namespace=argo nodeName=\"hello-world-x7k2p[0].whalesay\" nodePhase=Running recentlyStarted=false workflow=hello-world-x7k2p")
                .correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("Workflow update at 2026-09-19T10:00:01.600Z persisted it"), e.cleared().get(0).reason());
    }

    @Test
    void theV3SequenceWithoutPersistenceFires() {
        Evaluation e = rule.evaluate(new Evidence().log("v37.log",
                "time=\"2026-09-19T10:01:30.001Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"",
                "time=\"2026-09-19T10:01:30.002Z\" level=info msg=\"queuing poddelay-1m24.257168224s\" action=removeFinalizer namespace=argo podGC=\"{ <nil> }\" podName=hello-world-x7k2p-whalesay-841307739",
                "time=\"2026-09-19T10:01:30.004Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=argo/hello-world-x7k2p-whalesay-841307739/removeFinalizer namespace=argo podName=hello-world-x7k2p-whalesay-841307739",
                "time=\"2026-09-19T10:01:30.200Z\" level=info msg=\"Workflow pod is missing\" namespace=argo nodeName=\"hello-world-x7k2p[0].whalesay\" nodePhase=Running recentlyStarted=false workflow=hello-world-x7k2p",
                "time=\"2026-09-19T10:01:30.201Z\" level=error msg=\"Mark error node\" error=\"pod deleted\" namespace=argo nodeName=\"hello-world-x7k2p[0].whalesay\" workflow=hello-world-x7k2p",
                "time=\"2026-09-19T10:01:30.202Z\" level=info msg=\"node hello-world-x7k2p-841307739 phase Running -> Error\" namespace=argo workflow=hello-world-x7k2p",
                "time=\"2026-09-19T10:01:30.203Z\" level=info msg=\"node hello-world-x7k2p-841307739 message: pod deleted\" namespace=argo workflow=hello-world-x7k2p")
                .correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), "no informer line, no export: nothing orders the deletion and the containers' end");
        assertEquals("hello-world-x7k2p-841307739", f.node().id());
        assertEquals("hello-world-x7k2p[0].whalesay", f.node().name());
        assertEquals("-1m24.257168224s", f.fact("delay").orElseThrow().value());
        assertEquals("Error", f.fact("finalNodePhase").orElseThrow().value());
    }

    @Test
    void clearedWhenAnExportShowsTheNodeSucceeded() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal())
                .workflow("wf-after.yaml", V4.workflowYaml("Succeeded", "", "2026-09-19T16:27:44Z")).correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("wf-after.yaml:1", e.cleared().get(0).evidence().toString());
    }

    @Test
    void theOrphanPathIsCorrectAndStaysSilent() {
        // No "Removing finalizers during a delete": the Workflow is missing or being deleted.
        Evaluation e = rule.evaluate(new Evidence().log("a.log",
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "0s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("Workflow was missing or being deleted"));
    }

    @Test
    void aPodDeletedWhileItsContainersRanIsNotThisRace() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .pod("pod.yaml", V4.podYaml(false)).correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().startsWith("deleted while running, not a lost result (AF007): an export of the deleted Pod shows main running"),
                e.cleared().get(0).reason());
    }

    @Test
    void onlyTheWorkerLineIsPossibleAtBest() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))
                .log("3.log", podDeletedLater()).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals(null, f.fact("delay").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("missing"));
    }

    @Test
    void theExplanationSaysSinceWhenNoWorkerProcessedTheWorkflow() {
        Evidence ev = new Evidence().log("1.log", V4.processing("2026-09-19T16:27:20.460Z", "Running"), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running")).log("2.log", removal()).log("3.log", podDeletedLater());
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals("2026-09-19T16:27:20.460Z", f.fact("lastProcessedBeforeRemoval").orElseThrow().value());
        assertEquals("3m50.89s", f.fact("unprocessedForAtRemoval").orElseThrow().value());
        assertTrue(f.explanation().contains("workflowWorkers=0, so nothing reconciled the Workflow while pod cleanup went on; no Workflow worker "
                + "had processed the Workflow since 2026-09-19T16:27:20.460Z, 3m50.89s before the removal (a stalled reconciliation by "
                + "AF003's measure)."), f.explanation());
    }

    @Test
    void aWorkflowProcessedJustBeforeTheRemovalIsNoStall() {
        Evidence ev = new Evidence().log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:00.000Z", 2), V4.processing("2026-09-19T16:31:05.000Z", "Running"),
                        podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), V4.processing("2026-09-19T16:31:11.400Z", "Running"));
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertTrue(f.explanation().contains("No Workflow worker had processed the Workflow since 2026-09-19T16:31:05.000Z, 6.35s before the removal. "),
                f.explanation());
        assertTrue(f.fact("workflowWorkersAtRemoval").isEmpty());
    }

    @Test
    void aDelayTheExportDoesNotReproduceIsExplainedAsSuch() {
        String[] lines = removal();
        lines[3] = queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-3m0s");
        Finding f = rule.evaluate(beforeRemoval().log("2.log", lines).pod("pod.yaml", V4.podYaml(true)).correlate()).findings().get(0);
        assertTrue(f.explanation().contains("Recomputed from the exported Pod (latest condition transition 2026-09-19T16:27:47Z) the deadline is "
                + "2026-09-19T16:29:47Z and the delay -1m24.257s, which does NOT agree with the log"), f.explanation());
    }

    @Test
    void needsControllerLogsWithPodControllerLines() {
        assertEquals(List.of("workflow-controller log lines", "pod-controller queuing and cleanup lines (Argo v3.6.5 and later)"),
                rule.needs().missing(java.util.Set.of()));
    }

    /**
     * Review (issue 13): a running Pod deleted with a positive release delay during a stall. The
     * controller's lines show the Pod kept changing after it first handled the deletion (the kubelet's
     * kill and final delete), yet AF001 reports it {@code likely}, "finished before it ... with no grace
     * period", and its "Logged delay" is the last handler run's 1m58.5s, not the 1m0s that fired.
     */
    @Test
    void aRunningPodDeletedWithAPositiveDelayIsNoLostResult() {
        List<String> lines = dev.argoforensics.testing.LookAlikes.runningPodDeletedWithAPositiveDelay();
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", lines.toArray(String[]::new)).log("3.log", podDeletedLater()).correlate());
        assertTrue(e.findings().isEmpty(), () -> brief(e));
        assertTrue(e.cleared().get(0).reason().startsWith("deleted while running, not a lost result (AF007)"), e.cleared().get(0).reason());
    }

    /** The operator finds the Pod gone at the given time (v4 lines). */
    private static String[] lostAt(String t) {
        return new String[] {podMissing(t), markingError(t), nodePhaseChanged(t, "Running", "Error")};
    }

    private static boolean likelyOrConfirmed(Evaluation e) {
        return e.findings().stream().anyMatch(f -> f.confidence() == Confidence.LIKELY || f.confidence() == Confidence.CONFIRMED);
    }

    /**
     * Review (issue 13): {@code kubectl delete --grace-period=0 --force} of a Pod whose main container
     * is running. The request's grace is 0 (reference lifecycle A1: the grace is the request's, else the
     * spec's), so the Pod is removed by the very patch that empties its finalizers
     * ({@code ShouldDeleteDuringUpdate}): the controller sees the deletion arrive, releases at once
     * (the Pod started long ago, so the delay is negative), and the Pod vanishes 46 ms later with no
     * update in between. These are, line for line, the lines of
     * {@link #logsOnlyWithTheDeletionSeenArrivingAndThePodGoneAtTheReleaseAreLikely}: "gone at the
     * release, so grace 0, so finished" does not hold, and from the logs alone the two cannot be told
     * apart. AF001 says likely.
     */
    @Test
    void aForceDeletedRunningPodIsNotLikelyFromTheLogsAlone() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:35:00.000Z", "update"),
                removingFinalizers("2026-09-19T16:35:00.001Z"),
                queuingPodDelay("2026-09-19T16:35:00.001Z", "removeFinalizer", "-5m13.001s"),
                queueing("2026-09-19T16:35:00.002Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:35:00.004Z", "removeFinalizer"),
                podEvent("2026-09-19T16:35:00.050Z", "delete")).log("3.log", lostAt("2026-09-19T16:35:00.200Z")).correlate());
        assertTrue(!likelyOrConfirmed(e), () -> brief(e));
    }

    /**
     * Review (issue 13): the Kubernetes node of a running Pod is deleted; PodGC patches the Pod Failed
     * with a {@code DisruptionTarget} condition and deletes it with grace 0 (reference lifecycle A2,
     * {@code DeletionByPodGC}). The fresh condition makes the delay about +2m; nothing else updates
     * the Pod (no kubelet), the release comes at its deadline and the Pod vanishes at once. The step
     * never finished, yet AF001 says likely ("finished ... with no grace period"). A delay within a few
     * seconds of +max(pod GC delay, 2m) at the first handler run says a condition changed at the
     * deletion itself, as API-side disruptors do.
     */
    @Test
    void aRunningPodRemovedByPodGcAfterItsNodeWasLostIsNotLikelyFromTheLogsAlone() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:40:00.000Z", "update"),
                podEvent("2026-09-19T16:40:00.020Z", "update"),
                removingFinalizers("2026-09-19T16:40:00.021Z"),
                queuingPodDelay("2026-09-19T16:40:00.021Z", "removeFinalizer", "1m59.979s"),
                V4.queueingAfter("2026-09-19T16:40:00.022Z", "removeFinalizer", "1m59.979s"),
                cleaningUp("2026-09-19T16:42:00.010Z", "removeFinalizer"),
                podEvent("2026-09-19T16:42:00.040Z", "delete")).log("3.log", lostAt("2026-09-19T16:43:00.000Z")).correlate());
        assertTrue(!likelyOrConfirmed(e), () -> brief(e));
    }

    /**
     * Review (issue 13), Kubernetes 1.33+: a Pod deleted while main ran (grace 30), killed by the kubelet
     * ({@code Killing} "Stopping container main" at 16:27:43, main exit 143 at 16:27:44), whose
     * teardown (volume unmount, sandbox) held the kubelet's final grace-0 delete back for 92 s, while no
     * controller ran. From 1.33 that delete sets deletionTimestamp to its own time, grace 0 (reference
     * lifecycle A1: "ts = time of the kubelet's final delete (a later bound); T0 is lost from the
     * object"). The lifecycle reads a grace-0 timestamp more than 60 s after the containers' end as the
     * request itself (a bound the reference does not give), then discards the Killing event because it
     * precedes that "request", and AF001 says confirmed: the containers "ended ... before the deletion".
     */
    @Test
    void aSlowKubeletFinalDeleteOnKubernetes133IsNoProofThePodHadFinished() {
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:29:16Z", 0).lastTransition("2026-09-19T16:27:45Z")
                .terminated("main", 143, "Error", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .takenAt("pod.yaml", "2026-09-19T16:30:00Z", pod)
                .object("events.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:27:43Z", "Stopping container main"))
                .correlate());
        assertTrue(!likelyOrConfirmed(e), () -> brief(e));
    }

    /**
     * Review (issue 13), clock skew: the node's clock runs 4 s behind the API server's. The audit record
     * dates alice's delete at 16:28:29.99 (API server clock); the kubelet stops main (Killing at 16:28:27,
     * node clock) and main ends with 143 at 16:28:27 (node clock; 16:28:31 by the API server's). The
     * controller saw the deletion arrive at 16:28:30.001 and the Pod change twice after it. Comparing the
     * node's finishedAt with the audit time, without any allowance for skew, the lifecycle finds the
     * containers "ended before the deletion", drops the Killing event as earlier than the request, never
     * consults the controller's lines, and AF001 says confirmed.
     */
    @Test
    void contradictingEvidenceAcrossClocksIsNotConfirmed() {
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:28:32Z", 0).lastTransition("2026-09-19T16:28:28Z")
                .terminated("main", 143, "Error", "2026-09-19T16:28:27Z").terminated("wait", 0, "Completed", "2026-09-19T16:28:27Z").yaml();
        Evaluation e = rule.evaluate(beforeRemoval()
                .log("2.log", dev.argoforensics.testing.LookAlikes.runningPodDeletedWithAPositiveDelay().toArray(String[]::new))
                .log("3.log", podDeletedLater())
                .takenAt("pod.yaml", "2026-09-19T16:29:00Z", pod)
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:28:29.990000Z", 200))
                .object("events.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:28:27Z", "Stopping container main"))
                .correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED), () -> brief(e));
    }

    /**
     * Review (issue 13), the controller's ARGO_POD_STATUS_CAPTURE_FINALIZER is not "true" (Pods created
     * before it was turned off): its patches leave the finalizer alone (reference logs 6.1). The cleanup
     * worker "removes" it at 16:31:04.003, the Pod stays (no delete event), the Workflow is persisted
     * Succeeded at 16:32, its Pod labelled; an export at 16:50 still shows the deleted Pod holding the
     * finalizer. Nothing was lost and the finalizer was never released, yet AF001 says likely ("lost its
     * status-capture finalizer at 16:31:04.003", "the evidence ends before the controller recorded what
     * became of the node"). The lifecycle has the contradicting export ({@code heldWhileDeleted}) and the
     * later persist, and AF001 uses neither.
     */
    @Test
    void aReleaseThatLeftTheFinalizerOnIsNoLostResult() {
        String held = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:31:04.000Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.001Z"),
                queuingPodDelay("2026-09-19T16:31:04.001Z", "removeFinalizer", "-1m17.001s"),
                queueing("2026-09-19T16:31:04.002Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.003Z", "removeFinalizer"),
                workflowUpdated("2026-09-19T16:32:00.100Z", "Succeeded"),
                queueing("2026-09-19T16:32:00.101Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T16:32:00.150Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:32:00.170Z", "delete"))
                .takenAt("pod.yaml", "2026-09-19T16:50:00Z", held).correlate());
        assertTrue(!likelyOrConfirmed(e), () -> brief(e));
    }

    /**
     * Review (issue 13), a Workflow deleted (background) with no audit log: the controller's Workflow
     * delete handler queues removeFinalizer for the Workflow's Pods ({@code queueing pod for cleanup}
     * without a scheduling line, reference logs 6.2; queuePodsForCleanup queues the same line only for a
     * fulfilled node), then the garbage collector's delete reaches the pod controller. The queue
     * deduplicates the key, so one worker line serves both; the assembly closes the first item as
     * "never taken" and keeps only the pod-event one. AF001 says likely.
     */
    @Test
    void aRemovalQueuedByTheControllerBeforeTheDeletionClearsIt() {
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                queueing("2026-09-19T16:31:04.010Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.050Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.051Z"),
                queuingPodDelay("2026-09-19T16:31:04.051Z", "removeFinalizer", "-1m17.051s"),
                queueing("2026-09-19T16:31:04.052Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.054Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.090Z", "delete"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", before).correlate());
        assertTrue(e.findings().isEmpty(), () -> brief(e));
    }

    /**
     * Session 30 review: a Workflow deleted (argo delete) just after its Pod finished, while no Workflow worker had taken it up;
     * the garbage collector's delete released the finalizer at once and the lines end there. An export of the Workflow taken
     * before the deletion, its node Running, is stamped by a laptop 40 s ahead: its stated time (16:31:30) falls after the
     * release (16:31:04.054), and it was read as the Workflow seen still there after it (likely). The object's own times or
     * the controller's write of it show that; a stated time is the clock of whoever took it, and 26 s after is within what it
     * may be off: possible, and the reason names the deleted Workflow. A time the API server stamped inside the object after the
     * release still shows it (likely), and so does a stated time minutes later.
     */
    @Test
    void aWorkflowExportAfterTheReleaseOnlyByItsStatedTimeDoesNotShowTheWorkflowStillThere() {
        String finished = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        java.util.function.Function<String, Evaluation> with = wf -> rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:31:04.050Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.051Z"),
                queuingPodDelay("2026-09-19T16:31:04.051Z", "removeFinalizer", "-1m17.051s"),
                queueing("2026-09-19T16:31:04.052Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.054Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.090Z", "delete"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", finished)
                .takenAt("wf.yaml", "2026-09-19T16:31:30Z", wf).correlate());
        String running = V4.workflowYaml("Running", "", null);
        Evaluation stated = with.apply(running);
        assertEquals(1, stated.findings().size(), () -> brief(stated));
        Finding f = stated.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("nothing shows the Workflow still there after the release (the Pods of a deleted Workflow are "
                + "released the same way)"), f.confidenceReason());
        String written = running.replace("uid: w-1}", "uid: w-1, managedFields: [{manager: argo, operation: Update, "
                + "time: \"2026-09-19T16:31:20Z\"}]}");
        Finding seen = with.apply(written).findings().get(0);
        assertEquals(Confidence.LIKELY, seen.confidence(), seen.confidenceReason());
        // A stated time further after the release than a user's clock may be off (the generator's exports, minutes later) counts.
        Evaluation far = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:31:04.050Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.051Z"),
                queuingPodDelay("2026-09-19T16:31:04.051Z", "removeFinalizer", "-1m17.051s"),
                queueing("2026-09-19T16:31:04.052Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.054Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.090Z", "delete"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", finished)
                .takenAt("wf.yaml", "2026-09-19T16:33:00Z", running).correlate());
        assertEquals(Confidence.LIKELY, far.findings().get(0).confidence(), far.findings().get(0).confidenceReason());
    }

    /**
     * Review (issue 13), a Workflow submitted again under the same name: its Pod has the same name
     * (reference logs 7.4). The first run's {@code labelPodCompleted} (09:00) belongs to the first Pod;
     * without a UID to split them, every line of the name goes to one Pod, and the first run's
     * labelling "shows" the second run's node persisted before its release at 16:31: the race is
     * cleared. The second {@code Created pod} line says where the second Pod begins.
     */
    @Test
    void anEarlierRunOfASameNamedWorkflowDoesNotClearTheRace() {
        String[] lines = removal();
        lines[1] = podEvent("2026-09-19T16:31:11.256Z", "update");
        Evaluation e = rule.evaluate(new Evidence().log("1.log",
                createdPod("2026-09-19T09:00:01.020Z"),
                workflowUpdated("2026-09-19T09:00:40.200Z", "Succeeded"),
                queueing("2026-09-19T09:00:40.201Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T09:00:40.202Z", "labelPodCompleted"),
                podEvent("2026-09-19T09:00:40.250Z", "delete"),
                createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", lines).log("3.log", podDeletedLater()).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
    }

    /**
     * Review (issue 13): the Workflow was deleted an hour after the release (a user cleaning up). The
     * clearance "while its Workflow was being deleted" never compares the deletion's time with the
     * release's: any later deletion (or a sibling's orphan-path release, or one of an earlier run with
     * the same name) clears a race whose loss the evidence does not reach.
     */
    @Test
    void aWorkflowDeletedLongAfterTheReleaseDoesNotClearIt() {
        String[] lines = removal();
        lines[1] = podEvent("2026-09-19T16:31:11.256Z", "update");
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        String audit = Exports.workflowDeleteAudit("2026-09-19T17:30:00.100000Z", "2026-09-19T17:30:00.110000Z");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", lines).takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", before)
                .object("audit.log", audit).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
    }

    /**
     * Review (issue 13), a Workflow deleted with propagation Foreground: it keeps existing (finalizer
     * foregroundDeletion) while the garbage collector deletes its Pods, and the controller goes on
     * reconciling it, so the Pod's deletion shows as {@code Workflow pod is missing} and
     * {@code pod deleted} (reference lifecycle A3). The audit record shows alice deleting the Workflow
     * 130 ms before the Pod's deletion reached the controller. Because a loss is recorded, the
     * Workflow's deletion is not even mentioned, and AF001 (and AF002) say confirmed: a finding a user
     * would paste upstream about a Workflow they deleted themselves.
     */
    @Test
    void aPodDeletedByTheForegroundDeletionOfItsWorkflowIsNotTheRace() {
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        String audit = "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Request\",\"auditID\":\"a1\",\"stage\":\"ResponseComplete\","
                + "\"verb\":\"delete\",\"user\":{\"username\":\"alice@example.com\"},\"objectRef\":{\"resource\":\"workflows\",\"namespace\":\"ns\","
                + "\"name\":\"p\",\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"},\"requestObject\":{\"kind\":\"DeleteOptions\","
                + "\"apiVersion\":\"meta.k8s.io/__internal\",\"propagationPolicy\":\"Foreground\"},\"responseStatus\":{\"code\":200},"
                + "\"requestReceivedTimestamp\":\"2026-09-19T16:31:04.100000Z\",\"stageTimestamp\":\"2026-09-19T16:31:04.120000Z\"}";
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:31:04.250Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.251Z"),
                queuingPodDelay("2026-09-19T16:31:04.251Z", "removeFinalizer", "-1m17.251s"),
                queueing("2026-09-19T16:31:04.252Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.254Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.290Z", "delete"))
                .log("3.log", lostAt("2026-09-19T16:31:04.401Z"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", before)
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:31:04Z"))
                .object("audit.log", audit).correlate());
        assertTrue(!likelyOrConfirmed(e), () -> brief(e));
    }

    /**
     * Review (s17): the same foreground deletion with no audit log, only {@code argo get -o yaml} taken while the garbage
     * collector worked: the Workflow's {@code metadata.deletionTimestamp} (16:31:04, no grace for a Workflow: the request)
     * and its {@code foregroundDeletion} finalizer. That export was not read: AF001 said confirmed, AF002 confirmed.
     */
    @Test
    void aWorkflowExportedBeingDeletedExplainsThePodsDeletionWithoutAnAuditLog() {
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        String deleting = V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:31:04Z").replace("metadata: {name: p, namespace: ns, uid: w-1}",
                "metadata: {name: p, namespace: ns, uid: w-1, deletionTimestamp: \"2026-09-19T16:31:04Z\", deletionGracePeriodSeconds: 0,"
                        + " finalizers: [foregroundDeletion]}");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:31:04.250Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.251Z"),
                queuingPodDelay("2026-09-19T16:31:04.251Z", "removeFinalizer", "-1m17.251s"),
                queueing("2026-09-19T16:31:04.252Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.254Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.290Z", "delete"))
                .log("3.log", lostAt("2026-09-19T16:31:04.401Z"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", before)
                .takenAt("wf.yaml", "2026-09-19T16:31:10Z", deleting).correlate());
        assertTrue(e.findings().isEmpty(), () -> brief(e));
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("being deleted")), () -> e.cleared().toString());
        Evaluation symptom = new SuccessReportedAsError().evaluate(beforeRemoval().log("2.log", podEvent("2026-09-19T16:31:04.250Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.251Z"), queuingPodDelay("2026-09-19T16:31:04.251Z", "removeFinalizer", "-1m17.251s"),
                queueing("2026-09-19T16:31:04.252Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:04.254Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.290Z", "delete")).log("3.log", lostAt("2026-09-19T16:31:04.401Z"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", before).takenAt("wf.yaml", "2026-09-19T16:31:10Z", deleting).correlate());
        assertTrue(symptom.findings().isEmpty(), () -> symptom.findings().toString());
    }

    /** The same export of a Workflow being deleted, its deletion requested well after the Pod's: the race stands. */
    @Test
    void aWorkflowExportedBeingDeletedLongAfterThePodsDeletionDoesNotClearIt() {
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        String deleting = V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:31:04Z").replace("metadata: {name: p, namespace: ns, uid: w-1}",
                "metadata: {name: p, namespace: ns, uid: w-1, deletionTimestamp: \"2026-09-19T16:45:00Z\", finalizers: [foregroundDeletion]}");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log",
                podEvent("2026-09-19T16:31:04.250Z", "update"),
                removingFinalizers("2026-09-19T16:31:04.251Z"),
                queuingPodDelay("2026-09-19T16:31:04.251Z", "removeFinalizer", "-1m17.251s"),
                queueing("2026-09-19T16:31:04.252Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:04.254Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:04.290Z", "delete"))
                .log("3.log", lostAt("2026-09-19T16:31:04.401Z"))
                .takenAt("pod-before.yaml", "2026-09-19T16:29:00Z", before)
                .takenAt("wf.yaml", "2026-09-19T16:46:00Z", deleting).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
    }

    /**
     * Review (issue 13): a v3.7 controller running with TZ=America/New_York. logrus prints local time
     * with a literal Z (reference logs 3.2), so its lines read 4 h early against the Pod export's UTC:
     * the deletion is "handled" at 06:01:30Z, four hours before the Pod's creationTimestamp (10:00:01Z).
     * The lifecycle sees the disagreement (it drops the export's bound: "the clocks disagree") but keeps
     * the log's, then orders the log's 06:01:30 before the containers' end at 10:00:04 and calls the Pod
     * running: the genuine race (likely from these lines alone, without the export) is cleared as a
     * deletion during execution, and AF007 reports it.
     */
    @Test
    void controllerLinesInAnUnstatedLocalZoneDoNotTurnTheRaceIntoADeletionDuringExecution() {
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n"
                + "  creationTimestamp: \"2026-09-19T10:00:01Z\"\n  deletionTimestamp: \"2026-09-19T10:01:30Z\"\n  deletionGracePeriodSeconds: 0\n"
                + "  finalizers: [workflows.argoproj.io/status]\n  labels: {workflows.argoproj.io/workflow: p}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "spec: {nodeName: n1}\nstatus:\n  phase: Succeeded\n"
                + "  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"2026-09-19T10:00:05Z\"}\n"
                + "  containerStatuses:\n"
                + "  - name: main\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-09-19T10:00:04Z\"}\n"
                + "  - name: wait\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-09-19T10:00:04Z\"}\n";
        Evaluation e = rule.evaluate(new Evidence().log("v37-local.log",
                "time=\"2026-09-19T06:00:01.020Z\" level=info msg=\"Created pod: p (p)\" namespace=ns workflow=p",
                "time=\"2026-09-19T06:00:01.030Z\" level=info msg=\"Workflow update successful\" namespace=ns phase=Running resourceVersion=4712 workflow=p",
                "time=\"2026-09-19T06:01:30.000Z\" level=info msg=\"update pod event\" pod=p",
                "time=\"2026-09-19T06:01:30.001Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"",
                "time=\"2026-09-19T06:01:30.002Z\" level=info msg=\"queuing poddelay-34.998s\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=p",
                "time=\"2026-09-19T06:01:30.003Z\" level=info msg=\"queueing pod for cleanup\" action=removeFinalizer namespace=ns podName=p",
                "time=\"2026-09-19T06:01:30.004Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=ns/p/removeFinalizer namespace=ns podName=p",
                "time=\"2026-09-19T06:01:30.100Z\" level=info msg=\"delete pod event\" pod=p",
                "time=\"2026-09-19T06:04:30.200Z\" level=info msg=\"Workflow pod is missing\" namespace=ns nodeName=p nodePhase=Running recentlyStarted=false workflow=p",
                "time=\"2026-09-19T06:04:30.201Z\" level=error msg=\"Mark error node\" error=\"pod deleted\" namespace=ns nodeName=p workflow=p",
                "time=\"2026-09-19T06:04:30.202Z\" level=info msg=\"node p phase Running -> Error\" namespace=ns workflow=p")
                .pod("pod.yaml", pod).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
    }

    /**
     * Review (issue 13): the Workflow workers are stuck (the long stall of #17024 in production: every
     * worker busy or blocked), while the pod controller and the stats ticker go on logging for 24
     * minutes. No Workflow at all is processed after the release. The clearance "ran on ... with
     * Workflow workers and never processed the Workflow again ...: the Workflow was deleted or left the
     * controller's view" only checks that the run lasted past the 20-minute resync and did not say
     * workflowWorkers=0; a stall that outlasts the resync clears the very race it causes.
     */
    @Test
    void aStallThatOutlastsTheResyncIsNoEvidenceTheWorkflowWasGone() {
        String[] lines = removal(
                "time=2026-09-19T16:40:00.000Z level=INFO msg=\"update pod event\" component=pod_controller pod=other-1",
                "time=\"2026-09-19T16:46:11.132Z\" level=info msg=\"Alloc=9412 TotalAlloc=31876 Sys=41235 NumGC=14 Goroutines=141\"",
                "time=2026-09-19T16:55:00.000Z level=INFO msg=\"update pod event\" component=pod_controller pod=other-2");
        lines[0] = workers("2026-09-19T16:31:11.132Z", 32);
        lines[1] = podEvent("2026-09-19T16:31:11.256Z", "update");
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", lines).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
    }

    /**
     * Review 2 (issue 13): a stale export of an earlier same-named Pod. Workflow {@code p} ran at 09:00
     * and was run again under the same name at 16:27 (reference logs 7.4: Pod names are deterministic;
     * lifecycle B2). The only Pod export in the inputs was taken at 09:00:35 of the first run's Pod
     * (uid u-old, creationTimestamp 09:00:01, seven hours before the second run's {@code Created pod}
     * line): undeleted, every container terminated. The second run's Pod is deleted while it runs: the
     * controller sees the deletion arrive (update pod event at 16:28:30), the deleting handler runs
     * again on two more updates (the kubelet stopping it), the release waits for its positive delay,
     * and the node ends Error "pod deleted". With a single exported UID every line of the name goes to
     * that UID, and the lifecycle takes the 09:00 export as "an export taken before the deletion
     * already shows every container terminated": AF001 confirmed (and AF002 likely) about a Pod that
     * was deleted during execution. An export whose creationTimestamp is hours before the latest
     * {@code Created pod} of the name is another Pod and must not order this one's deletion.
     */
    @Test
    void anExportOfAnEarlierSameNamedPodDoesNotShowTheLaterPodHadFinished() {
        String earlier = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-old\n"
                + "  creationTimestamp: \"2026-09-19T09:00:01Z\"\n  finalizers: [workflows.argoproj.io/status]\n"
                + "  labels: {workflows.argoproj.io/workflow: p, workflows.argoproj.io/completed: \"false\"}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "  ownerReferences:\n  - {apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: p, uid: w-old, controller: true, blockOwnerDeletion: true}\n"
                + "spec: {nodeName: ip-10-0-12-34.ec2.internal, restartPolicy: Never}\nstatus:\n  phase: Succeeded\n"
                + "  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"2026-09-19T09:00:31Z\"}\n"
                + "  containerStatuses:\n"
                + "  - name: main\n    state:\n      terminated: {exitCode: 0, reason: Completed, startedAt: \"2026-09-19T09:00:04Z\", finishedAt: \"2026-09-19T09:00:30Z\"}\n"
                + "  - name: wait\n    state:\n      terminated: {exitCode: 0, reason: Completed, startedAt: \"2026-09-19T09:00:04Z\", finishedAt: \"2026-09-19T09:00:30Z\"}\n";
        List<String> second = new java.util.ArrayList<>(List.of(createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:20.470Z", "Running")));
        second.addAll(dev.argoforensics.testing.LookAlikes.runningPodDeletedWithAPositiveDelay());
        Evaluation e = rule.evaluate(new Evidence().log("1.log",
                createdPod("2026-09-19T09:00:01.020Z"),
                workflowUpdated("2026-09-19T09:00:40.200Z", "Succeeded"),
                queueing("2026-09-19T09:00:40.201Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T09:00:40.202Z", "labelPodCompleted"),
                podEvent("2026-09-19T09:00:40.250Z", "delete"))
                .log("2.log", second.toArray(String[]::new))
                .log("3.log", lostAt("2026-09-19T16:29:30.246Z"))
                .takenAt("pod-morning.yaml", "2026-09-19T09:00:35Z", earlier).correlate());
        assertTrue(!likelyOrConfirmed(e), () -> brief(e));
    }

    /**
     * Review 2 (issue 13), Kubernetes 1.33+: alice deletes the Pod while main runs (grace 30). The kubelet
     * stops main ({@code Killing} "Stopping container main" at 16:27:43); main traps SIGTERM and exits 0
     * at 16:27:44, and the emissary reports the process's own code (reference lifecycle A2: 137 only if
     * it died from a signal; {@code wait} exits 0 after SIGTERM), so every container reads "Completed,
     * exit 0". The kubelet's final grace-0 delete comes 92 s later (the teardown delay of the test
     * aSlowKubeletFinalDeleteOnKubernetes133IsNoProofThePodHadFinished), which from 1.33 sets
     * deletionTimestamp to its own time: "T0 is lost from the object" (A1). The lifecycle reads the
     * grace-0 timestamp 92 s after an all-zero end as the request itself (its own 60 s rule; the
     * reference gives no such bound), then discards the Killing event because it precedes that inferred
     * request, and AF001 says confirmed. A kubelet Killing event for main before main's end is evidence
     * on the other side: "Evidence on both sides makes it not established" (docs/rules/AF001.md).
     */
    @Test
    void aKillingEventIsNotOverruledByAGraceZeroTimestampLongAfterAnAllZeroEnd() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:29:16Z", 0).lastTransition("2026-09-19T16:27:45Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .takenAt("pod.yaml", "2026-09-19T16:30:00Z", pod)
                .object("events.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:27:43Z", "Stopping container main"))
                .correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED), () -> brief(e));
    }

    /**
     * Review 2 (issue 13), a server-side dry run (inferred from Kubernetes, not in the reference): alice
     * previews the deletion with {@code kubectl delete --dry-run=server} at 16:27:30 while main runs; the
     * API server audits it as a granted {@code delete} (200) whose requestURI carries
     * {@code dryRun=All}, and deletes nothing. She deletes the finished Pod for real at 16:31:04 (grace 0:
     * it was Succeeded). The lifecycle takes the earliest granted delete record as the request, so the
     * containers' end at 16:27:44 comes "after the deletion was requested": the race is cleared as a
     * deletion during execution, and AF007 says confirmed.
     */
    @Test
    void aDryRunDeleteInTheAuditLogIsNoDeletionRequest() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        String dryRun = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:27:30.100000Z", 200)
                .replace("\"stage\":\"ResponseComplete\",", "\"stage\":\"ResponseComplete\",\"requestURI\":\"/api/v1/namespaces/ns/pods/p?dryRun=All\",");
        String real = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:04.100000Z", 200).replace("a-delete", "a-delete-2");
        dev.argoforensics.correlate.Correlation c = beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .takenAt("pod.yaml", "2026-09-19T16:31:05Z", pod)
                .workflow("wf.yaml", Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:33:02Z", true, null))
                .object("audit.log", dryRun).object("audit-2.log", real).correlate();
        Evaluation af007 = new PodDeletedDuringExecution().evaluate(c);
        assertTrue(af007.findings().isEmpty(), () -> brief(af007));
        Evaluation af001 = rule.evaluate(c);
        assertEquals(1, af001.findings().size(), () -> "cleared: " + af001.cleared());
    }

    /**
     * s46-breaker11: a v4 log that keeps {@code marking node as error} ("pod deleted") and the {@code node phase changed} to
     * {@code Error} it leads to, but not the {@code node message changed} after them (a grep, an excerpt), followed by a write of
     * the Workflow. {@code markNodeError} sets the node's message to its error in the same call, so the Error is the loss of the
     * Pod, not a result captured from it: the Pod is not cleared as "captured and persisted", and reads as it does with the message
     * line kept.
     */
    @Test
    void anErrorMarkedPodDeletedIsTheLossEvenWithoutTheMessageLine() {
        String update = "time=2026-09-19T16:33:02.300Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=p "
                + "namespace=ns resourceVersion=918300 phase=Running";
        String[] full = podDeletedLater();
        String[] withMessage = java.util.stream.Stream.concat(java.util.Arrays.stream(full), java.util.stream.Stream.of(update)).toArray(String[]::new);
        String[] withoutMessage = java.util.stream.Stream.concat(java.util.Arrays.stream(full, 0, full.length - 1), java.util.stream.Stream.of(update))
                .toArray(String[]::new);
        Evaluation kept = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", withMessage).correlate());
        Evaluation cut = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", withoutMessage).correlate());
        assertEquals(1, kept.findings().size(), () -> "cleared: " + kept.cleared());
        assertEquals(1, cut.findings().size(), () -> "cleared: " + cut.cleared());
        assertEquals(kept.findings().get(0).confidence(), cut.findings().get(0).confidence());
        // The node carried a message before (its first Pod creation refused by a quota: markNodePending logs the message): the Error
        // without its own message line still ends with the error marked, not with that older message.
        String pending = "time=2026-09-19T16:27:05.100Z level=INFO msg=\"node message changed\" component=workflow_worker workflow=p namespace=ns "
                + "node=p message=\"pods \\\"p\\\" is forbidden: exceeded quota: compute-resources\"";
        Evidence quota = new Evidence().log("1.log", pending, createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"));
        Evaluation stale = rule.evaluate(quota.log("2.log", removal()).log("3.log", withoutMessage).correlate());
        assertEquals(1, stale.findings().size(), () -> "cleared: " + stale.cleared());
        assertEquals(kept.findings().get(0).confidence(), stale.findings().get(0).confidence());
    }

    /**
     * s47 (AF001 edges): a node recorded {@code Error} by its phase line alone, neither {@code marking node as error} nor
     * {@code node message changed} kept (an excerpt, a level filter), then a write of the Workflow. Nothing shows what the Error
     * stored: the loss ("pod deleted") or a result taken from the Pod. The release is not cleared as a result captured: it stays a
     * finding, possible, naming what would tell (the marking line, an export of the Workflow's node).
     */
    @Test
    void anErrorWithNeitherItsMarkingNorItsMessageIsNoResultCaptured() {
        String update = "time=2026-09-19T16:33:02.300Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=p "
                + "namespace=ns resourceVersion=918300 phase=Running";
        Evaluation bare = rule.evaluate(beforeRemoval().log("2.log", removal())
                .log("3.log", nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"), update).correlate());
        assertEquals(1, bare.findings().size(), () -> "cleared: " + bare.cleared());
        Finding f = bare.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("marking node as error"), f.confidenceReason());
        assertEquals(null, f.fact("finalNodeMessage").orElseThrow().value());
        // Exports showing the containers ended before the deletion: with the loss kept the reason is the loss recorded (what remains
        // open is the Workflow's own deletion); the bare Error is still no loss shown.
        Evaluation exported = rule.evaluate(beforeRemoval().log("2.log", removal())
                .log("3.log", nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"), update)
                .pod("pod.yaml", V4.podYaml(true)).takenAt("pod-before.yaml", "2026-09-19T16:30:00Z", finishedBeforeDeletion()).correlate());
        assertEquals(Confidence.POSSIBLE, exported.findings().get(0).confidence(), () -> brief(exported));
        Evaluation exportedKept = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .pod("pod.yaml", V4.podYaml(true)).takenAt("pod-before.yaml", "2026-09-19T16:30:00Z", finishedBeforeDeletion()).correlate());
        assertTrue(exported.findings().get(0).confidenceReason().contains("by its phase line alone"), () -> brief(exported));
        assertTrue(exportedKept.findings().get(0).confidenceReason().startsWith("the controller recorded the node as failed because the Pod was gone, "
                + "and an export taken before the deletion"), () -> brief(exportedKept));
        // With "Workflow pod is missing" (nodePhase Running, not recently started) before it in its pass: podReconciliation marks
        // that node "pod deleted" and nothing else (v3.4 to v4.1), so the Error is the loss, as with the marking line kept.
        Evaluation missing = rule.evaluate(beforeRemoval().log("2.log", removal())
                .log("3.log", podMissing("2026-09-19T16:33:02.246Z"), nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"), update)
                .correlate());
        Evaluation kept = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).correlate());
        assertEquals(1, missing.findings().size(), () -> "cleared: " + missing.cleared());
        assertEquals(kept.findings().get(0).confidence(), missing.findings().get(0).confidence());
        // Control: an Error whose own message line says what it stored (not the loss: a result taken from the Pod) is captured.
        Evaluation stated = rule.evaluate(beforeRemoval().log("2.log", removal())
                .log("3.log", nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"),
                        "time=2026-09-19T16:33:02.247Z level=INFO msg=\"node message changed\" component=workflow_worker workflow=p namespace=ns "
                                + "node=p message=\"Error (exit code 1)\"", update).correlate());
        assertTrue(stated.findings().isEmpty(), () -> "found: " + brief(stated));
        assertTrue(stated.cleared().get(0).reason().contains("captured"), stated.cleared().get(0).reason());
    }

    /** "AF001 likely: reason" per finding: enough to read a failure. */
    private static String brief(Evaluation e) {
        return e.findings().stream().map(f -> f.rule() + " " + f.confidence() + ": " + f.confidenceReason()).toList().toString();
    }

    /** Review case c11: v4 slog JSON, grepped for one Workflow, podGC 30s, a negative delay and no handler line. */
    private static final String[] C11_GREP = {
        "{\"time\":\"2026-10-12T20:00:00.2Z\",\"level\":\"INFO\",\"msg\":\"Created pod\",\"component\":\"workflow_worker\",\"workflow\":\"orders-export-3nb8s\",\"namespace\":\"etl\",\"nodeName\":\"orders-export-3nb8s[0].dump\",\"nodeID\":\"orders-export-3nb8s-4210161794\",\"podName\":\"orders-export-3nb8s-dump-4210161794\"}",
        "{\"time\":\"2026-10-12T20:00:00.25Z\",\"level\":\"INFO\",\"msg\":\"add pod event\",\"component\":\"pod_controller\",\"pod\":\"orders-export-3nb8s-dump-4210161794\"}",
        "{\"time\":\"2026-10-12T20:09:30.807Z\",\"level\":\"INFO\",\"msg\":\"update pod event\",\"component\":\"pod_controller\",\"pod\":\"orders-export-3nb8s-dump-4210161794\"}",
        "{\"time\":\"2026-10-12T20:09:30.808Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"component\":\"pod_controller\",\"action\":\"removeFinalizer\",\"namespace\":\"etl\",\"podName\":\"orders-export-3nb8s-dump-4210161794\",\"podGC\":{\"strategy\":\"OnPodSuccess\",\"deleteDelayDuration\":\"30s\"},\"delay\":-253808441902}",
        "{\"time\":\"2026-10-12T20:09:30.808Z\",\"level\":\"INFO\",\"msg\":\"queueing pod for cleanup\",\"component\":\"pod_controller\",\"namespace\":\"etl\",\"podName\":\"orders-export-3nb8s-dump-4210161794\",\"action\":\"removeFinalizer\"}",
        "{\"time\":\"2026-10-12T20:09:30.85Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\",\"component\":\"pod_controller\",\"key\":\"etl/orders-export-3nb8s-dump-4210161794/removeFinalizer\",\"action\":\"removeFinalizer\",\"namespace\":\"etl\",\"podName\":\"orders-export-3nb8s-dump-4210161794\"}",
        "{\"time\":\"2026-10-12T20:09:30.9Z\",\"level\":\"INFO\",\"msg\":\"delete pod event\",\"component\":\"pod_controller\",\"pod\":\"orders-export-3nb8s-dump-4210161794\"}",
        "{\"time\":\"2026-10-12T20:09:41.31Z\",\"level\":\"INFO\",\"msg\":\"Workflow pod is missing\",\"component\":\"workflow_worker\",\"workflow\":\"orders-export-3nb8s\",\"namespace\":\"etl\",\"nodeName\":\"orders-export-3nb8s[0].dump\",\"nodePhase\":\"Running\",\"recentlyStarted\":false}",
        "{\"time\":\"2026-10-12T20:09:41.311Z\",\"level\":\"ERROR\",\"msg\":\"marking node as error\",\"component\":\"workflow_worker\",\"workflow\":\"orders-export-3nb8s\",\"namespace\":\"etl\",\"nodeName\":\"orders-export-3nb8s[0].dump\",\"error\":\"pod deleted\"}"};

    /**
     * Review case c11: the grep dropped the handler line (it names no Pod) and a 30s podGC delay lets the orphan
     * branch log a negative delay too, so clearing the release as the orphan path ("releasing is right") claimed
     * what the excerpt cannot show. It is possible, says why and what would settle it; the later "Workflow pod is
     * missing" rules out a Workflow gone from the informer but not one deleted in the foreground. Records the reading
     * only counted do not change that (a grep for several names leaves other Pods' lines); the same lines in a stream
     * that holds records naming nothing on both sides of the release (worker numbers at its start, another Pod's
     * handler line after it) keep the orphan reading.
     */
    @Test
    void aGrepWithoutTheHandlerLineAndAPodGcDelayUnder2mCannotTellTheOrphanPath() {
        Evaluation e = rule.evaluate(new Evidence().log("controller-grep.json", C11_GREP).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        String why = f.confidenceReason();
        assertTrue(why.contains("\"Removing finalizers during a delete\" line is missing, but the controller log is an excerpt"), why);
        assertTrue(why.contains("fits both of the handler's branches"), why);
        assertTrue(why.contains("reconciled the Workflow after the release (at 2026-10-12T20:09:41.310000000Z), so it was not missing from the "
                + "controller's informer, but a Workflow deleted in the foreground is reconciled the same way"), why);
        assertTrue(why.endsWith("an export of the Pod with its conditions, or the unfiltered controller log, would settle it"), why);
        assertTrue(f.explanation().endsWith("if its Workflow was missing or being deleted, releasing the Pod was right."), f.explanation());

        Evaluation counted = rule.evaluate(new Evidence().log("workflow-controller.json", C11_GREP).counted(12_000).correlate());
        assertEquals(Confidence.POSSIBLE, counted.findings().get(0).confidence(), "other Pods' lines, counted: no sign of a whole stream");

        java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of(C11_GREP));
        lines.add(0, "{\"time\":\"2026-10-12T19:58:02.2Z\",\"level\":\"INFO\",\"msg\":\"Current Worker Numbers\",\"workflowWorkers\":32,"
                + "\"workflowTtlWorkers\":4,\"podCleanup\":4,\"cronWorkflowWorkers\":8,\"workflowArchive\":8}");
        lines.add("{\"time\":\"2026-10-12T20:11:05.41Z\",\"level\":\"INFO\",\"msg\":\"Removing finalizers during a delete\","
                + "\"component\":\"pod_controller\",\"pod.Finalizers\":[\"workflows.argoproj.io/status\"]}");
        // The stats ticker's lines between them (every 5 minutes, nameless): without them 13 minutes hold 2 such records where a
        // whole log holds at least 4, the shape of a head, a grep and a tail pasted together (LookAlikesReviewTest).
        lines.add(3, "{\"level\":\"info\",\"msg\":\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\",\"time\":\"2026-10-12T20:03:02.200Z\"}");
        lines.add(4, "{\"level\":\"info\",\"msg\":\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\",\"time\":\"2026-10-12T20:08:02.200Z\"}");
        Evaluation whole = rule.evaluate(new Evidence().log("workflow-controller.json", lines.toArray(String[]::new)).counted(12_000).correlate());
        assertTrue(whole.findings().isEmpty(), () -> "found: " + whole.findings());
        assertTrue(whole.cleared().get(0).reason().contains("Workflow was missing or being deleted"), whole.cleared().get(0).reason());
    }

    /**
     * Review case c08: a v3.7 controller writing local PDT with a literal Z (7 h behind), a Pod export taken 30 s
     * before the deletion (no deletionTimestamp, both containers exited 0) and the Workflow export with the node
     * Error "pod deleted". The controller's sighting of the deletion falls 7 h before an export that shows none, so
     * the lifecycle dropped it and read "no evidence that the Pod was deleted", which is untrue. The deletion stays
     * shown, the disagreement and its offset (Created pod line against creationTimestamp) are said, and the order
     * that matters (the export before the deletion shows the containers ended; the release before the node was
     * persisted, in one stream) does not rest on the two clocks.
     */
    @Test
    void aControllerClockInLocalTimeWithALiteralZIsSaidNotTakenForNoDeletion() {
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: etl-nightly-4kq9z-extract-197263275\n  namespace: data\n"
                + "  uid: e4a1c2d3-1111-4a2b-8c3d-0f1e2d3c4b5a\n  creationTimestamp: \"2026-10-12T09:58:10Z\"\n"
                + "  finalizers: [workflows.argoproj.io/status]\n"
                + "  labels: {workflows.argoproj.io/completed: \"false\", workflows.argoproj.io/workflow: etl-nightly-4kq9z}\n"
                + "  annotations: {workflows.argoproj.io/node-id: etl-nightly-4kq9z-197263275, workflows.argoproj.io/node-name: \"etl-nightly-4kq9z[0].extract\"}\n"
                + "spec: {nodeName: worker-7}\nstatus:\n  phase: Succeeded\n"
                + "  conditions:\n  - {type: PodReadyToStartContainers, status: \"False\", lastTransitionTime: \"2026-10-12T10:02:47Z\"}\n"
                + "  - {type: Ready, status: \"False\", reason: PodCompleted, lastTransitionTime: \"2026-10-12T10:02:45Z\"}\n"
                + "  containerStatuses:\n"
                + "  - name: wait\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-10-12T10:02:44Z\"}\n"
                + "  - name: main\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-10-12T10:02:44Z\"}\n";
        String wf = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: etl-nightly-4kq9z\n  namespace: data\n"
                + "  uid: 7c1e0a52-3f4b-4c8e-9d21-5b6a7e8f9a01\nstatus:\n  phase: Error\n  nodes:\n    etl-nightly-4kq9z-197263275:\n"
                + "      id: etl-nightly-4kq9z-197263275\n      name: \"etl-nightly-4kq9z[0].extract\"\n      type: Pod\n      phase: Error\n"
                + "      message: pod deleted\n      startedAt: \"2026-10-12T09:58:10Z\"\n      finishedAt: \"2026-10-12T10:10:06Z\"\n";
        Evaluation e = rule.evaluate(new Evidence().log("workflow-controller.log",
                "time=\"2026-10-12T02:58:00.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.10",
                "time=\"2026-10-12T02:58:10.140Z\" level=info msg=\"Created pod: etl-nightly-4kq9z[0].extract (etl-nightly-4kq9z-extract-197263275)\" namespace=data workflow=etl-nightly-4kq9z",
                "time=\"2026-10-12T02:58:10.160Z\" level=info msg=\"Workflow update successful\" namespace=data phase=Running resourceVersion=55104 workflow=etl-nightly-4kq9z",
                "time=\"2026-10-12T02:58:10.170Z\" level=info msg=\"add pod event\" pod=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:02:45.210Z\" level=info msg=\"update pod event\" pod=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:10:00.512Z\" level=info msg=\"update pod event\" pod=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:10:00.512Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"",
                "time=\"2026-10-12T03:10:00.513Z\" level=info msg=\"queuing poddelay-5m13.512345678s\" action=removeFinalizer namespace=data podGC=\"{ <nil> }\" podName=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:10:00.513Z\" level=info msg=\"queueing pod for cleanup\" action=removeFinalizer namespace=data podName=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:10:00.515Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=data/etl-nightly-4kq9z-extract-197263275/removeFinalizer namespace=data podName=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:10:00.530Z\" level=info msg=\"delete pod event\" pod=etl-nightly-4kq9z-extract-197263275",
                "time=\"2026-10-12T03:10:06.010Z\" level=info msg=\"Workflow pod is missing\" namespace=data nodeName=\"etl-nightly-4kq9z[0].extract\" nodePhase=Running recentlyStarted=false workflow=etl-nightly-4kq9z",
                "time=\"2026-10-12T03:10:06.011Z\" level=error msg=\"Mark error node\" error=\"pod deleted\" namespace=data nodeName=\"etl-nightly-4kq9z[0].extract\" workflow=etl-nightly-4kq9z",
                "time=\"2026-10-12T03:10:06.012Z\" level=info msg=\"node etl-nightly-4kq9z-197263275 phase Running -> Error\" namespace=data workflow=etl-nightly-4kq9z")
                .takenAt("pod.yaml", "2026-10-12T10:09:30Z", pod).takenAt("workflow.yaml", "2026-10-12T10:11:00Z", wf).correlate());
        assertEquals(1, e.findings().size(), () -> "cleared: " + e.cleared());
        Finding f = e.findings().get(0);
        String why = f.confidenceReason();
        assertTrue(!why.contains("no evidence that the Pod was deleted"), why);
        assertEquals(Confidence.CONFIRMED, f.confidence(), why);
        assertTrue(why.contains("an export taken before the deletion (2026-10-12T10:09:30Z) already shows every container terminated"), why);
        assertTrue(why.contains("The controller's clock disagrees with the objects' (its times run about 6h59m59.86s behind the objects' (as local time "
                + "in UTC-07:00 written with a literal Z would)"), why);
        // The export's stated time bounds the request from 60 s before it (a user's clock), and still shows the 7 h disagreement.
        assertTrue(((String) f.fact("deletionRequested").orElseThrow().value()).startsWith("between 2026-10-12T10:08:30Z (an export its file states "
                + "was taken at 2026-10-12T10:09:30Z (on the clock of whoever took it, which may be off by 1m0s) shows no deletion) and "
                + "2026-10-12T10:10:00.372Z (the controller handled the deletion at 2026-10-12T03:10:00.512Z on its own clock"),
                () -> f.fact("deletionRequested").toString());
        assertTrue(((String) f.fact("controllerClock").orElseThrow().value()).startsWith("by its own clock the controller handled the deletion at "
                + "2026-10-12T03:10:00.512Z, before what the objects show (an export its file states was taken at 2026-10-12T10:09:30Z"),
                () -> f.fact("controllerClock").toString());
    }

    /**
     * Judgment's excerpts (session 20): a grep for the Workflow's name keeps the Pod's {@code delete pod event} and the
     * handler's scheduling line but drops the handler's own {@code Removing finalizers during a delete}, which names no Pod.
     * The Pod left the informer (labelled completed) with the finalizer in the informer's last view: the clearance must say
     * so from the scheduling line, where the rule threw a NullPointerException and {@code analyze} exited 3.
     */
    @Test
    void aGrepThatDropsTheHandlersOwnLineStillClearsAPodThatLeftTheInformer() {
        String pod = "ledger-close-q4m8t-post-2290184473";
        Evaluation e = rule.evaluate(new Evidence().log("controller.grep.log",
                "time=2026-10-18T17:30:00.101Z level=INFO msg=\"Created pod\" workflow=ledger-close-q4m8t nodeName=ledger-close-q4m8t.post "
                        + "nodeID=ledger-close-q4m8t-2290184473 namespace=finance podName=" + pod + " component=workflow_worker",
                "time=2026-10-18T17:33:00.208Z level=INFO msg=\"cleaning up pod\" namespace=finance key=finance/" + pod + "/labelPodCompleted "
                        + "action=labelPodCompleted component=pod_controller podName=" + pod,
                "time=2026-10-18T17:33:00.399Z level=INFO msg=\"delete pod event\" component=pod_controller pod=" + pod,
                "time=2026-10-18T17:33:00.400Z level=INFO msg=\"queuing pod delay\" action=removeFinalizer component=pod_controller "
                        + "delay=-7m19.400242806s namespace=finance podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" podName=" + pod,
                "time=2026-10-18T17:33:00.400Z level=INFO msg=\"queueing pod for cleanup\" component=pod_controller podName=" + pod
                        + " action=removeFinalizer namespace=finance",
                "time=2026-10-18T17:33:00.402Z level=INFO msg=\"cleaning up pod\" namespace=finance component=pod_controller podName=" + pod
                        + " action=removeFinalizer key=finance/" + pod + "/removeFinalizer").correlate());
        assertEquals(0, e.findings().size(), () -> "findings: " + e.findings());
        assertEquals(1, e.cleared().size(), () -> "cleared: " + e.cleared());
        assertTrue(e.cleared().get(0).reason().startsWith("the pod controller ran its deleting handler at 2026-10-18T17:33:00.400Z on the Pod's "
                + "leaving the informer"), e.cleared().get(0).reason());
        assertEquals("controller.grep.log:4", e.cleared().get(0).evidence().toString());
    }

    /** The loss recorded 85 s after the Pod left its informer (16:33:05.014), then the Workflow written: no foreground deletion's lines. */
    private static String[] lostLongAfterAndWritten() {
        return new String[] {podMissing("2026-09-19T16:34:30.246Z"), markingError("2026-09-19T16:34:30.246Z"),
            nodePhaseChanged("2026-09-19T16:34:30.247Z", "Running", "Error"), workflowUpdated("2026-09-19T16:34:30.262Z", "Error")};
    }

    /**
     * Session 35: an export of the deleted Pod shows every container ended (exit 0, 6 s before a grace-0 deletionTimestamp that
     * Kubernetes 1.33's kubelet's final delete could have set), and the controller, its log read whole, saw the deletion arrive on a
     * Pod it watched and no change until the Pod left at its release: the end was in the first deleted version. A lost node's Pod
     * cannot look like this (its kubelet never reports main terminated), so the reading the lines alone leave open is gone; only
     * the order rests on the lines. With the Workflow shown standing it is likely, never confirmed, even where an export of the
     * Workflow after the deletion shows it standing. Before, it was possible, its reason naming the lost node.
     */
    @Test
    void anExportOfTheDeletedPodShowingItsEndInTheFirstDeletedVersionIsLikelyWhereTheWorkflowStood() {
        Evidence byLines = new Evidence().log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new))
                .log("3.log", lostLongAfterAndWritten()).log("4-first-pass.log", V4.firstPass()).pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE);
        Finding f = rule.evaluate(byLines.correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("AF001.reason.endShownOrderedByLines", f.reason().code());
        assertTrue(f.confidenceReason().contains("an export of the deleted Pod shows every container terminated (main exit 0, wait exit 0, the last "
                + "at 2026-09-19T16:31:05Z)"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("the controller recorded the node lost at 2026-09-19T16:34:30.246Z, well after the Pod had left"),
                f.confidenceReason());
        assertTrue(f.confidenceReason().contains("no lost node's Pod looks like this"), f.confidenceReason());
        Finding exported = rule.evaluate(new Evidence().log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new))
                .log("3.log", lostLongAfterAndWritten()).pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE)
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:34:30Z")).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, exported.confidence(), "only the lines order the end and the deletion: " + exported.confidenceReason());
        assertTrue(exported.confidenceReason().contains("an export of the Workflow recording the node \"pod deleted\" shows it without a "
                + "deletionTimestamp"), exported.confidenceReason());
    }

    /**
     * Its negative controls, the same evidence but for one thing each: the loss recorded as the Pod left, the Workflow never shown
     * standing (a Workflow deleted in the foreground leaves these lines); no export of the Pod (the lines alone do not order the
     * end, 6 s before the deletion was seen, and the deletion); a log that may be a grep (it drops the updates the order rests on); the Pod still changing
     * after the deletion arrived (a kill). None is likely.
     */
    @Test
    void theEndShownInTheDeletedVersionIsNoMoreThanPossibleWhereTheLinesOrTheWorkflowLeaveALookAlikeOpen() {
        String[] quickLoss = {podMissing("2026-09-19T16:33:05.100Z"), markingError("2026-09-19T16:33:05.100Z"),
            nodePhaseChanged("2026-09-19T16:33:05.101Z", "Running", "Error"), workflowUpdated("2026-09-19T16:33:05.120Z", "Error")};
        Finding foreground = rule.evaluate(new Evidence().log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new))
                .log("3.log", quickLoss).pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, foreground.confidence(), foreground.confidenceReason());
        assertEquals("AF001.reason.workflowDeletionOpen", foreground.reason().code());

        Finding noExport = rule.evaluate(new Evidence().log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new))
                .log("3.log", lostLongAfterAndWritten()).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, noExport.confidence(), noExport.confidenceReason());
        assertEquals("AF001.reason.notFinishedFirst", noExport.reason().code(), "the lines alone order nothing here: " + noExport.confidenceReason());

        List<String> grep = LookAlikes.deletionSeenArriving("update", "1m53.743s");
        grep.remove(grep.size() - 1);
        Finding excerpt = rule.evaluate(new Evidence().log("1.log", grep.toArray(String[]::new)).log("3.log", lostLongAfterAndWritten())
                .pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, excerpt.confidence(), excerpt.confidenceReason());

        Evaluation killed = rule.evaluate(new Evidence().log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s",
                podEvent("2026-09-19T16:31:14.900Z", "update")).toArray(String[]::new)).log("3.log", lostLongAfterAndWritten())
                .pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE).correlate());
        assertTrue(killed.findings().stream().noneMatch(x -> x.confidence() != Confidence.POSSIBLE), () -> killed.findings().toString());
    }

    /**
     * Recheck s35: the deleted Pod's export is of a later Pod of the same name (an argo retry at 16:40 ran the node's Pod again
     * under its name; it ended at 16:44:20 and was deleted with grace 0 at 16:44:30), and the controller log, read whole from the
     * deletion's sight to the Pod leaving the informer, starts after the first Pod's Created pod line, so nothing dates the name's
     * reuse. The export's deletion, 13 minutes after the controller saw the first Pod's, is not the version it saw: its end orders
     * nothing, and no finding is likely (its Ready transition, after the version the logged delay dates, is read first; the export's
     * deletion against the sight guards where no delay dates it). With the Created pod line the export's creation tells the namesake
     * apart too (control).
     */
    @Test
    void anExportOfALaterNamesakeDeletedInTurnIsNotTheDeletedVersionTheControllerSaw() {
        String retried = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:44:30Z", 0).lastTransition("2026-09-19T16:44:20Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:44:20Z").terminated("wait", 0, "Completed", "2026-09-19T16:44:20Z").yaml()
                .replace("uid: u-1", "uid: u-2").replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:40:02Z\"")
                .replace("startedAt: \"2026-09-19T16:27:14Z\"", "startedAt: \"2026-09-19T16:40:06Z\"");
        List<String> fromLater = LookAlikes.deletionSeenArriving("update", "1m53.743s");
        fromLater.remove(1); // the Created pod line
        fromLater.set(0, workers("2026-09-19T16:30:00.000Z", 16));
        Evaluation noCreated = rule.evaluate(new Evidence().log("1.log", fromLater.toArray(String[]::new)).log("3.log", lostLongAfterAndWritten())
                .pod("pod.yaml", retried).correlate());
        assertTrue(noCreated.findings().stream().allMatch(x -> x.confidence() == Confidence.POSSIBLE), () -> noCreated.findings().toString());

        Evaluation created = rule.evaluate(new Evidence().log("1.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new))
                .log("3.log", lostLongAfterAndWritten()).pod("pod.yaml", retried).correlate());
        assertTrue(created.findings().stream().allMatch(x -> x.confidence() == Confidence.POSSIBLE), () -> created.findings().toString());
    }

    /**
     * A controller log read whole in which ns/p's deletion arrives on an update at {@code sight} (the handler's lines a
     * millisecond later, with the logged {@code delay}) and is released at {@code release}, the Pod leaving the informer 13 ms after.
     */
    private static String[] deletionSeenAt(String sight, String handled, String delay, String release, String gone) {
        return new String[] {workers("2026-09-19T16:27:00.000Z", 16), createdPod("2026-09-19T16:27:10.431Z"), podEvent(sight, "update"),
            removingFinalizers(handled), queuingPodDelay(handled, "removeFinalizer", delay), V4.queueingAfter(handled, "removeFinalizer", delay),
            cleaningUp(release, "removeFinalizer"), podEvent(gone, "delete"), workers("2026-09-19T16:35:00.000Z", 16)};
    }

    /**
     * Recheck s35: a running Pod force-deleted (grace 0, deletionTimestamp 16:31:11), its main trapping the SIGTERM and exiting 0
     * (the emissary passes its code on; wait exits 0 on SIGTERM), both ended at 16:31:13, the conditions with them. The controller's
     * watch broke as the Pod went and its relist delivered the deleted, ended Pod as one update at 16:31:14.5 (its delay dates the
     * 16:31:13 transition); no change after. The lines look as for a Pod that ended before its deletion, but the export shows the end
     * after the request: the lines' silence does not carry it into the first deleted version, so possible. An end in the same
     * second as the deletionTimestamp is still read (control), and a main ended by a signal a second before it is the kill (control).
     */
    @Test
    void anExportWhoseContainersEndedAfterItsGraceZeroDeletionTimestampOrdersNothing() {
        String endedAfter = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:11Z", 0).lastTransition("2026-09-19T16:31:13Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:31:13Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:13Z").yaml();
        Evaluation after = rule.evaluate(new Evidence().log("1.log", deletionSeenAt("2026-09-19T16:31:14.500Z", "2026-09-19T16:31:14.501Z",
                "1m58.499s", "2026-09-19T16:33:13.001Z", "2026-09-19T16:33:13.014Z")).log("3.log", lostLongAfterAndWritten())
                .pod("pod.yaml", endedAfter).correlate());
        assertTrue(after.findings().stream().allMatch(x -> x.confidence() == Confidence.POSSIBLE), () -> after.findings().toString());
        assertTrue(after.findings().stream().anyMatch(x -> x.confidenceReason().contains("after its deletionTimestamp (2026-09-19T16:31:11Z, grace "
                + "period 0s)")), () -> after.findings().toString());

        String sameSecond = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:11Z", 0).lastTransition("2026-09-19T16:31:11Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:31:11Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:11Z").yaml();
        Evaluation same = rule.evaluate(new Evidence().log("1.log", deletionSeenAt("2026-09-19T16:31:11.256Z", "2026-09-19T16:31:11.257Z",
                "1m59.743s", "2026-09-19T16:33:11.001Z", "2026-09-19T16:33:11.014Z")).log("3.log", lostLongAfterAndWritten())
                .log("4-first-pass.log", V4.firstPass()).pod("pod.yaml", sameSecond).correlate());
        assertTrue(same.findings().stream().anyMatch(x -> "AF001.reason.endShownOrderedByLines".equals(x.reason().code())), () -> same.findings().toString());

        String killed = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:31:11Z", 0).lastTransition("2026-09-19T16:31:10Z")
                .terminated("main", 137, "Error", "2026-09-19T16:31:10Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:10Z").yaml();
        Evaluation signalled = rule.evaluate(new Evidence().log("1.log", deletionSeenAt("2026-09-19T16:31:11.256Z", "2026-09-19T16:31:11.257Z",
                "1m58.743s", "2026-09-19T16:33:10.001Z", "2026-09-19T16:33:10.014Z")).log("3.log", lostLongAfterAndWritten())
                .pod("pod.yaml", killed).correlate());
        assertTrue(signalled.findings().stream().allMatch(x -> x.confidence() == Confidence.POSSIBLE), () -> signalled.findings().toString());
    }

    /** The #17024 evidence with the finished Pod's export and the recorded loss, without any export of the Workflow. */
    private static Evidence raceWithPodExport() {
        return beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater()).pod("pod.yaml", V4.podYaml(true));
    }

    /**
     * The same, with an export taken before the deletion that already shows every container terminated: the order of the end and the
     * deletion stated by an object, not inferred from the grace-0 deletionTimestamp (session 40).
     */
    private static Evidence raceWithStatedOrder() {
        return raceWithPodExport().takenAt("pod-before.yaml", "2026-09-19T16:30:00Z", finishedBeforeDeletion());
    }

    private static String finishedBeforeDeletion() {
        return Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    }

    /**
     * Review s21 c05: a Workflow deleted in the foreground keeps being reconciled while the garbage collector deletes its Pods,
     * and leaves the race's lines, line for line (lifecycle reference A3). Without an export of the Workflow taken after the
     * Pod's deletion, or a record of who deleted the Pod, that is not excluded: possible (session 23: the judgment's
     * {@code workflow-deleted-foreground} Pods were likely), and the reason says so. The same lines with the Workflow written
     * after the loss (update accepted), 111 s after the Pod was gone, leave no room for it: likely.
     */
    @Test
    void aForegroundDeletionOfTheWorkflowIsNotExcludedByThePodsEvidenceAlone() {
        Finding f = rule.evaluate(raceWithPodExport().correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("nothing shows that the Workflow itself was not being deleted then: a Workflow deleted in the "
                + "foreground (--cascade=foreground)"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("an export of the Workflow taken after the Pod's deletion (with or without metadata.deletionTimestamp), "
                + "or the audit record of who deleted the Pod, would settle it"), f.confidenceReason());
        Finding written = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .log("4.log", workflowUpdated("2026-09-19T16:33:02.262Z", "Error")).log("5-first-pass.log", V4.firstPass())
                .pod("pod.yaml", V4.podYaml(true)).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, written.confidence(), written.confidenceReason());
        assertTrue(written.confidenceReason().contains("the controller's lines leave no room for a deletion of the Workflow itself then: the "
                + "controller recorded the node lost at 2026-09-19T16:33:02.246Z, well after the Pod had left the cluster (delete pod event at "
                + "2026-09-19T16:31:11.363Z)"), written.confidenceReason());
    }

    /** An export of the Workflow recording the node lost was taken after the Pod's deletion; without a deletionTimestamp it was not being deleted. */
    @Test
    void aWorkflowExportAfterThePodsDeletionWithoutADeletionTimestampConfirms() {
        Finding f = rule.evaluate(raceWithStatedOrder().workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"))
                .correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertTrue(f.confidenceReason().endsWith("the Workflow itself was not being deleted then: an export of the Workflow recording the node \"pod deleted\" "
                + "shows it without a deletionTimestamp: it was not being deleted when the Pod's deletion was requested"), f.confidenceReason());
    }

    /** An export of the Workflow taken before the Pod's deletion says nothing of a deletion that came after it. */
    @Test
    void aWorkflowExportTakenBeforeThePodsDeletionExcludesNothing() {
        Finding f = rule.evaluate(raceWithPodExport().takenAt("wf-before.yaml", "2026-09-19T16:30:00Z",
                V4.workflowYaml("Running", "", null)).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /**
     * A Workflow export taken after the Pod's deletion (while the workers were still idle, the node Running), with no
     * deletionTimestamp: confirmed where the object itself holds a time after the deletion; likely where only its file's
     * stated time puts it there, by more than a user's clock may be off (session 30 review: the clock of whoever took it, which
     * nothing checks from above: a laptop 40 s ahead puts an export taken before the deletion after it), and nothing where
     * that time is closer; one of a namesake submitted later counts not.
     */
    @Test
    void aLaterExportOfTheWorkflowCountsOnlyForTheSameObject() {
        String later = V4.workflowYaml("Running", "", null);
        // 46 s after the request's latest bound: within what a user's clock may be off, it orders nothing.
        Finding near = rule.evaluate(raceWithPodExport().takenAt("wf-later.yaml", "2026-09-19T16:32:00Z", later).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, near.confidence(), near.confidenceReason());
        Finding stated = rule.evaluate(raceWithPodExport().takenAt("wf-later.yaml", "2026-09-19T16:32:30Z", later).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, stated.confidence(), stated.confidenceReason());
        assertTrue(stated.confidenceReason().contains("an export of the Workflow its file states was taken at 2026-09-19T16:32:30Z (the file's # taken-at "
                + "comment, on the clock of whoever took it) shows it without a deletionTimestamp; but only the time its file states puts that export "
                + "after the Pod's deletion"), stated.confidenceReason());
        // A write the API server stamped after the deletion (a label set at 16:31:40) dates the object itself: confirmed.
        String written = later.replace("uid: w-1}", "uid: w-1, managedFields: [{manager: kubectl-label, operation: Update, "
                + "time: \"2026-09-19T16:31:40Z\"}]}");
        Finding f = rule.evaluate(raceWithStatedOrder().takenAt("wf-later.yaml", "2026-09-19T16:32:00Z", written).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("an export of the Workflow taken at 2026-09-19T16:32:00Z shows it without a deletionTimestamp"),
                f.confidenceReason());
        // A Workflow submitted again under the name after the first was deleted: its node started after the Pod's deletion.
        String namesake = later.replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"2026-09-19T16:31:30Z\"");
        assertEquals(Confidence.POSSIBLE, rule.evaluate(raceWithPodExport().takenAt("wf-namesake.yaml", "2026-09-19T16:32:00Z", namesake).correlate()).findings().get(0)
                .confidence());
        // An export showing the Workflow being deleted since before the Pod's deletion clears it (the garbage collector took the Pod).
        String deleting = later.replace("uid: w-1}", "uid: w-1, deletionTimestamp: \"2026-09-19T16:31:00Z\"}");
        assertTrue(rule.evaluate(raceWithPodExport().takenAt("wf-deleting.yaml", "2026-09-19T16:32:00Z", deleting).correlate()).findings().isEmpty());
    }

    /**
     * Session 36 review, the look-alike of a Workflow shown standing by a stated time: an export of the Workflow taken at
     * 16:30:00Z, before the Pod's deletion, by someone at +02:00 who stated its time as the local 18:30:00 with no zone. Read as
     * UTC that is two hours after the deletion, and a foreground deletion of the Workflow after the export (its Pods deleted by the
     * garbage collector) leaves the same lines. A time that names no zone may be off by the world's offsets (up to 14 h either
     * way): it orders nothing here, and the finding stays possible, naming what would settle it. The readers refuse such a time
     * outright; this is the reading that any that got through gets. A zoned stated time past the deletion by more than a user's
     * clock may be off stays likely (the clock's look-alike named), and one the object itself dates after it confirms.
     */
    @Test
    void aWorkflowExportWhoseStatedTimeNamesNoZoneDoesNotShowTheWorkflowStanding(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String later = V4.workflowYaml("Running", "", null);
        // As the file reader reads it: the comment is refused (a problem on its line), the export has only its own times.
        java.nio.file.Path file = dir.resolve("wf-later.yaml");
        java.nio.file.Files.writeString(file, "# taken-at: 2026-09-19T18:30:00\n" + later);
        List<dev.argoforensics.snapshot.ObjectDocument> docs = new java.util.ArrayList<>();
        dev.argoforensics.snapshot.ObjectFileReader.Result read = new dev.argoforensics.snapshot.ObjectFileReader().read(
                new dev.argoforensics.source.InputFile("wf-later.yaml", file, dev.argoforensics.source.InputKind.SNAPSHOT, false, "test"), null, docs::add);
        assertEquals(1, docs.size());
        assertTrue(read.problems().get(0).reason().contains("has no zone"), read.problems().toString());
        Evidence fromFile = raceWithPodExport();
        for (dev.argoforensics.snapshot.ObjectDocument d : docs) {
            fromFile.exported(dev.argoforensics.snapshot.ObjectDecoder.decode(dev.argoforensics.snapshot.ObjectKind.classify(d, null).kind(), d));
        }
        Finding refused = rule.evaluate(fromFile.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, refused.confidence(), refused.confidenceReason());
        // Had it been taken as stated, read as UTC, with the world's offsets: nothing either.
        Finding unzoned = rule.evaluate(raceWithPodExport().takenAt("wf-later.yaml", "2026-09-19T18:30:00", later).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, unzoned.confidence(), unzoned.confidenceReason());
        assertTrue(unzoned.confidenceReason().contains("nothing shows that the Workflow itself was not being deleted then: a Workflow deleted in the "
                + "foreground (--cascade=foreground)"), unzoned.confidenceReason());
        // The same time with its zone, as the person meant it: before the deletion, nothing.
        Finding meant = rule.evaluate(raceWithPodExport().takenAt("wf-later.yaml", "2026-09-19T18:30:00+02:00", later).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, meant.confidence(), meant.confidenceReason());
        // Read as UTC, with a zone: a person's clock, likely, the look-alike named.
        Finding zoned = rule.evaluate(raceWithPodExport().takenAt("wf-later.yaml", "2026-09-19T18:30:00Z", later).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, zoned.confidence(), zoned.confidenceReason());
        assertTrue(zoned.confidenceReason().contains("a Workflow deleted in the foreground after an export taken before the Pod's deletion"),
                zoned.confidenceReason());
        // The object's own time after the deletion (a label the API server stamped at 16:31:40) shows it, whatever the stated time.
        String written = later.replace("uid: w-1}", "uid: w-1, managedFields: [{manager: kubectl-label, operation: Update, "
                + "time: \"2026-09-19T16:31:40Z\"}]}");
        Finding shown = rule.evaluate(raceWithStatedOrder().takenAt("wf-later.yaml", "2026-09-19T18:30:00", written).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, shown.confidence(), shown.confidenceReason());
    }

    /**
     * Session 40 (the grace-0 inference on Kubernetes 1.33+): a user deletes the running Pod (grace 30); main traps SIGTERM and exits
     * 0 two seconds later; the kubelet's final delete comes 64 s after the end (a slow teardown), and on 1.33 it sets deletionTimestamp
     * to its own time, grace 0, the finalizer still on (the release was due later: the Pod had started under two minutes before). The
     * export reads as "deleted 64 s after an all-zero end", which the grace-0 inference took for the request; the controller, watching,
     * saw the deletion arrive 66 s before that timestamp, and it was read as the controller's clock being off. Now the sighting
     * contradicts the inference, not the clock (no pair of facts says the clock is off): no finding above possible, and the deletion is
     * not dated by the guess. Control: the same export beside a controller that first saw the deletion after the timestamp (a restart's
     * listing) keeps the inference, likely, the reason naming it.
     */
    @Test
    void aControllerThatSawTheDeletionBeforeAGraceZeroTimestampContradictsTheInferenceNotItsClock() {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0).lastTransition("2026-09-19T16:30:01Z")
                .terminated("main", 0, "Completed", "2026-09-19T16:30:00Z").terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").yaml();
        String workflow = V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z");
        String[] watching = {
            workers("2026-09-19T16:28:00.132Z", 0),
            podEvent("2026-09-19T16:28:00.256Z", "add"),
            podEvent("2026-09-19T16:29:58.100Z", "update"),
            removingFinalizers("2026-09-19T16:29:58.101Z"),
            queuingPodDelay("2026-09-19T16:29:58.101Z", "removeFinalizer", "1m22.899s"),
            V4.queueingAfter("2026-09-19T16:29:58.102Z", "removeFinalizer", "1m22.899s"),
            podEvent("2026-09-19T16:30:01.500Z", "update"),
            removingFinalizers("2026-09-19T16:30:01.501Z"),
            queuingPodDelay("2026-09-19T16:30:01.501Z", "removeFinalizer", "1m59.499s"),
            V4.queueingAfter("2026-09-19T16:30:01.502Z", "removeFinalizer", "1m59.499s"),
            cleaningUp("2026-09-19T16:31:21.010Z", "removeFinalizer"),
            podEvent("2026-09-19T16:31:21.100Z", "delete")};
        dev.argoforensics.correlate.Correlation c = beforeRemoval().log("2.log", watching).log("3.log", podDeletedLater())
                .pod("pod.yaml", pod).workflow("wf-after.yaml", workflow).correlate();
        Evaluation e = rule.evaluate(c);
        for (Finding f : e.findings()) {
            assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        }
        var deletion = c.lifecycle(new PodKey("ns", "p", "u-1")).deletionRequest().orElseThrow();
        assertTrue(deletion.logsAgree(), "the controller's clock is not what the sighting contradicts");
        assertTrue(!deletion.inferredLower() && deletion.skew() == null, deletion::describe);
        assertEquals(dev.argoforensics.correlate.Execution.State.RUNNING, c.lifecycle(new PodKey("ns", "p", "u-1")).execution().state(),
                () -> c.lifecycle(new PodKey("ns", "p", "u-1")).execution().reason());

        // Control: the controller down at the deletion, its restart's listing after the timestamp: the inference stands, named, likely.
        String[] restarted = {
            workers("2026-09-19T16:31:11.132Z", 0),
            podEvent("2026-09-19T16:31:11.256Z", "add"),
            removingFinalizers("2026-09-19T16:31:11.257Z"),
            queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "1m49.743s"),
            V4.queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "1m49.743s"),
            cleaningUp("2026-09-19T16:33:01.010Z", "removeFinalizer"),
            podEvent("2026-09-19T16:33:01.100Z", "delete")};
        dev.argoforensics.correlate.Correlation later = beforeRemoval().log("2.log", restarted).log("3.log", podDeletedLater())
                .pod("pod.yaml", pod).workflow("wf-after.yaml", workflow).correlate();
        assertTrue(later.lifecycle(new PodKey("ns", "p", "u-1")).deletionRequest().orElseThrow().inferredLower());
        for (Finding f : rule.evaluate(later).findings()) {
            assertTrue(f.confidence() != Confidence.CONFIRMED, f.confidenceReason());
        }
    }

    /** Who deleted the Pod: a user's delete in the audit log excludes the garbage collector; the garbage collector's own does not. */
    @Test
    void anAuditRecordOfTheDeleteTellsWhetherTheGarbageCollectorTookThePod() {
        String user = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:04.100000Z", 200);
        // Session 56: the containers' end orders before the delete by the node's clock, bounded by its kubelet's Event (stored within a
        // second of its stamp); without it, by the node's minute alone: likely.
        Finding byUser = rule.evaluate(raceWithPodExport().object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", user).object("events.yaml", NodeEventsClockTest.kubeletEvent("Started", "2026-09-19T16:27:14Z",
                        "2026-09-19T16:27:14Z")).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, byUser.confidence(), byUser.confidenceReason());
        assertEquals(Confidence.LIKELY, rule.evaluate(raceWithPodExport().object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", user).correlate()).findings().get(0).confidence());
        assertTrue(byUser.confidenceReason().contains("alice@example.com deleted it at 2026-09-19T16:31:04.1"), byUser.confidenceReason());
        String gc = Exports.audit("delete", "", "system:serviceaccount:kube-system:generic-garbage-collector", "2026-09-19T16:31:04.100000Z", 200);
        assertEquals(Confidence.POSSIBLE, rule.evaluate(raceWithPodExport().object("audit.log", gc).correlate()).findings().get(0).confidence());
    }

    /**
     * Session 43 breaker, {@code argo retry} after the race: the node, lost {@code pod deleted} with its Pod {@code u-1}, is reset and
     * run again in a new Pod of the same name (its {@code Created pod} at 16:40:01), which succeeds; an export of the Workflow taken
     * afterwards records the node {@code Succeeded}, started 16:40:01. That record is of the later run: before session 43 AF001
     * cleared the first Pod on it ("its result was persisted") and the race went unreported. The finding stays on the first Pod, with
     * the delay of its own release line, and cites only the exports of its own run. Control: an export of the Workflow taken before
     * the retry that records the node fulfilled (not lost) still clears it.
     */
    @Test
    void aRetryAfterTheRaceLeavesTheFindingOnTheFirstPodWithItsOwnDelay() {
        String errored = V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z");
        String retried = V4.workflowYaml("Succeeded", "", "2026-09-19T16:40:38Z")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"2026-09-19T16:40:01Z\"");
        Evaluation e = rule.evaluate(raceWithStatedOrder().workflow("wf-after.yaml", errored)
                .log("4.log", createdPod("2026-09-19T16:40:01.338Z"), workflowUpdated("2026-09-19T16:40:38.910Z", "Succeeded"))
                .workflow("wf-retried.yaml", retried).correlate());
        assertEquals(1, e.findings().size(), () -> "findings " + e.findings() + ", cleared " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals("u-1", f.podUid());
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertEquals("-1m24.257168224s", f.fact("delay").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(x -> x.source().file().equals("wf-retried.yaml")), f.evidence().toString());
        // Control: the node recorded Succeeded by an export of its own run (taken before any later Pod of the name): persisted.
        String persisted = V4.workflowYaml("Succeeded", "", "2026-09-19T16:33:02Z");
        Evaluation control = rule.evaluate(raceWithStatedOrder().workflow("wf-persisted.yaml", persisted).correlate());
        assertTrue(control.findings().isEmpty(), () -> control.findings().toString());
        assertTrue(control.cleared().stream().anyMatch(c -> c.reason().contains("records the node as Succeeded: its result was persisted")),
                () -> control.cleared().toString());
    }

    /**
     * Session 44, the same retry where nothing shows the new Pod (AF001's open case): the logs end before the retry (no later
     * {@code Created pod}), no export of the new Pod; only the export of the Workflow taken afterwards, recording the node
     * {@code Succeeded}, started 16:40:01. The controller initializes a Pod node before it creates the node's Pod, so a record of
     * the node started more than two clocks' 10 s after this Pod's creation is of a later run: before, it cleared the race.
     */
    @Test
    void aRecordOfTheNodeStartedAfterThePodsCreationIsALaterRunEvenWithoutTheNewPodsLines() {
        String retried = V4.workflowYaml("Succeeded", "", "2026-09-19T16:40:38Z")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"2026-09-19T16:40:01Z\"");
        Evaluation e = rule.evaluate(raceWithStatedOrder().workflow("wf-retried.yaml", retried).correlate());
        assertEquals(1, e.findings().size(), () -> "findings " + e.findings() + ", cleared " + e.cleared());
        Finding f = e.findings().get(0);
        assertEquals("u-1", f.podUid());
        assertTrue(f.evidence().stream().noneMatch(x -> x.source().file().equals("wf-retried.yaml")), f.evidence().toString());
        // Control: the node's record started within the clocks' 10 s of the Pod's creation is of its own run, and clears it.
        String own = V4.workflowYaml("Succeeded", "", "2026-09-19T16:33:02Z");
        Evaluation control = rule.evaluate(raceWithStatedOrder().workflow("wf-own.yaml", own).correlate());
        assertTrue(control.findings().isEmpty(), () -> control.findings().toString());
    }

    /**
     * Session 44 breaker (s44-retry): the node's {@code startedAt} is on the controller's clock, a Pod's {@code creationTimestamp} on
     * the API server's. With no {@code Created pod} line for the Pod (the log begins after it), the creation is its exported
     * {@code creationTimestamp}; a controller whose clock runs 30 s ahead of the API server writes its own run's {@code startedAt} 30 s
     * "after" the creation. Nothing measures that offset here (no Pod has both a line and an export), so the record is not taken as
     * a later run's: the export recording the node {@code Succeeded} is the Pod's own and clears it, as with agreeing clocks.
     */
    @Test
    void aControllerClockAheadOfTheApiServerDoesNotMakeTheOwnRunsRecordALaterRun() {
        Evaluation e = rule.evaluate(controllerAheadWithoutCreatedLine().workflow("wf-own.yaml",
                V4.workflowYaml("Succeeded", "", "2026-09-19T16:33:02Z")).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        // Control: the same clocks, the export taken after an argo retry (the node's record started 13 minutes after the Pod's
        // creation, far beyond any drift): with nothing measuring the clocks' offset it is not told apart either, and still clears.
        // With the offset measured (another Pod's Created pod line and export), the rerun is told apart and the race stands.
        String retried = V4.workflowYaml("Succeeded", "", "2026-09-19T16:40:38Z")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"2026-09-19T16:40:01Z\"");
        Evaluation unmeasured = rule.evaluate(controllerAheadWithoutCreatedLine().workflow("wf-retried.yaml", retried).correlate());
        assertTrue(unmeasured.findings().isEmpty(), () -> unmeasured.findings().toString());
        Evaluation measured = rule.evaluate(withMeasuredOffset(controllerAheadWithoutCreatedLine()).workflow("wf-retried.yaml", retried)
                .correlate());
        assertEquals(1, measured.findings().stream().filter(f -> f.pod().name().equals("p")).count(),
                () -> "findings " + measured.findings() + ", cleared " + measured.cleared());
        Evaluation ownMeasured = rule.evaluate(withMeasuredOffset(controllerAheadWithoutCreatedLine()).workflow("wf-own.yaml",
                V4.workflowYaml("Succeeded", "", "2026-09-19T16:33:02Z")).correlate());
        assertTrue(ownMeasured.findings().stream().noneMatch(f -> f.pod().name().equals("p")), () -> ownMeasured.findings().toString());
    }

    /**
     * Session 45 breaker: the offset measured by two pairs of one run that disagree. {@code ns/q}'s line and export agree with the
     * controller 30 s ahead; {@code ns/r}'s export is of a later Pod of that name (argo retry re-creates a failed Pod node's Pod under
     * the same name; the retry's {@code Created pod} line is not in the excerpt), 9.5 minutes after the line. The median of two is
     * the later one: the Pod's creation moved 9.5 minutes early, its own run's record of the node read as a later run's, and the
     * export recording it {@code Succeeded} no longer cleared the race (a wrong AF001). The least any pair measures is the latest
     * the controller's clock may have read; a pair reading it later (a later Pod's export) then changes nothing.
     */
    @Test
    void twoPairsDisagreeingDoNotMoveThePodsCreationEarly() {
        Evaluation own = rule.evaluate(withDisagreeingPairs().workflow("wf-own.yaml", V4.workflowYaml("Succeeded", "", "2026-09-19T16:33:02Z"))
                .correlate());
        assertTrue(own.findings().stream().noneMatch(f -> f.pod().name().equals("p")), () -> own.findings().toString());
        // Control: the export taken after the retry (its record started 13 minutes after the creation) is still told apart.
        String retried = V4.workflowYaml("Succeeded", "", "2026-09-19T16:40:38Z")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"2026-09-19T16:40:01Z\"");
        Evaluation later = rule.evaluate(withDisagreeingPairs().workflow("wf-retried.yaml", retried).correlate());
        assertEquals(1, later.findings().stream().filter(f -> f.pod().name().equals("p")).count(),
                () -> "findings " + later.findings() + ", cleared " + later.cleared());
    }

    /**
     * Session 46 breaker: the same with r's export of an <em>earlier</em> Pod of the name (taken before argo retry re-created it;
     * the first {@code Created pod} of r is before the excerpt): 10.5 minutes before r's line, a pair reading the controller's clock
     * that far ahead. The least drift is then that pair's, and p's creation would move 10 minutes late, its own run's record of the
     * node read as an earlier Pod's. Truth as in the test above: p's own export clears it.
     */
    @Test
    void anEarlierPodsPairDoesNotMoveThePodsCreationLate() {
        Evaluation own = rule.evaluate(withPairs("u-r1", "2026-09-19T16:10:30Z")
                .workflow("wf-own.yaml", V4.workflowYaml("Succeeded", "", "2026-09-19T16:33:02Z")).correlate());
        assertTrue(own.findings().stream().noneMatch(f -> f.pod().name().equals("p")), () -> own.findings().toString());
    }

    /** {@link #controllerAheadWithoutCreatedLine()} with one run's two pairs: q's agreeing, r's export a later Pod's. */
    private static Evidence withDisagreeingPairs() {
        return withPairs("u-r2", "2026-09-19T16:30:30Z");
    }

    /** {@link #controllerAheadWithoutCreatedLine()} with one run's two pairs: q's agreeing, r's export of the UID and creation given. */
    private static Evidence withPairs(String rUid, String rCreated) {
        return controllerAheadWithoutCreatedLine()
                .log("0.log", "time=2026-09-19T16:20:00.100Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns"
                        + " nodeName=q nodeID=q podName=q",
                        "time=2026-09-19T16:21:00.200Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns"
                        + " nodeName=r nodeID=r podName=r")
                .pod("q.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: q\n  namespace: ns\n  uid: u-q\n"
                        + "  creationTimestamp: \"2026-09-19T16:19:30Z\"\n  labels: {workflows.argoproj.io/workflow: p}\n"
                        + "  annotations: {workflows.argoproj.io/node-id: q, workflows.argoproj.io/node-name: q}\nstatus:\n  phase: Running\n")
                .pod("r.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: r\n  namespace: ns\n  uid: " + rUid + "\n"
                        + "  creationTimestamp: \"" + rCreated + "\"\n  labels: {workflows.argoproj.io/workflow: p}\n"
                        + "  annotations: {workflows.argoproj.io/node-id: r, workflows.argoproj.io/node-name: r}\nstatus:\n  phase: Running\n");
    }

    /** The race with the Pod's exports on an API server clock 30 s behind the controller's, and no Created pod line for it. */
    private static Evidence controllerAheadWithoutCreatedLine() {
        String pod = V4.podYaml(true).replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:26:40Z\"")
                .replace("deletionTimestamp: \"2026-09-19T16:31:04Z\"", "deletionTimestamp: \"2026-09-19T16:30:41Z\"");
        return new Evidence().log("1.log", workflowUpdated("2026-09-19T16:27:20.470Z", "Running")).log("2.log", removal())
                .log("3.log", podDeletedLater()).pod("pod.yaml", pod).takenAt("pod-before.yaml", "2026-09-19T16:29:30Z",
                        Exports.Pod.of().phase("Succeeded")
                                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml()
                                .replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:26:40Z\""));
    }

    /** Another Pod of the run, {@code ns/q}: its Created pod line and its export, the API server's clock 30 s behind. */
    private static Evidence withMeasuredOffset(Evidence race) {
        return race.log("0.log", "time=2026-09-19T16:20:00.100Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns"
                + " nodeName=q nodeID=q podName=q")
                .pod("q.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: q\n  namespace: ns\n  uid: u-q\n"
                        + "  creationTimestamp: \"2026-09-19T16:19:30Z\"\n  labels: {workflows.argoproj.io/workflow: p}\n"
                        + "  annotations: {workflows.argoproj.io/node-id: q, workflows.argoproj.io/node-name: q}\nstatus:\n  phase: Running\n");
    }

    /**
     * Session 43 breaker: the garbage collector's own delete of the Pod says its Workflow was gone or being deleted in the foreground,
     * while an export of the same Workflow (its UID the Pod's owner's) recording the node lost shows it without a deletionTimestamp. Two
     * records of the API server disagree: the finding stays (the release, the loss and the order are what they are) but is not
     * confirmed on the contested evidence, and its reason names the disagreement. Controls: a user's delete in the same audit log
     * confirms; the garbage collector's delete with no export of the Workflow leaves it possible, as before.
     */
    @Test
    void theGarbageCollectorsDeleteContestsAnExportShowingTheWorkflowStanding() {
        String workflow = V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z");
        String create = Exports.podCreateAudit("2026-09-19T16:27:10.420000Z");
        String gc = Exports.audit("delete", "", "system:serviceaccount:kube-system:generic-garbage-collector", "2026-09-19T16:31:04.100000Z", 200);
        Finding contested = rule.evaluate(raceWithStatedOrder().workflow("wf-after.yaml", workflow).object("audit.log", create)
                .object("audit.log", gc).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, contested.confidence(), contested.confidenceReason());
        assertEquals("common.stoodContested", contested.reason().code(), contested.confidenceReason());
        assertTrue(contested.confidenceReason().contains("shows it without a deletionTimestamp: it was not being deleted when the Pod's deletion was "
                + "requested; but that is contested: the Pod's deletion was requested by the garbage collector "
                + "(system:serviceaccount:kube-system:generic-garbage-collector deleted it at 2026-09-19T16:31:04.1"), contested.confidenceReason());
        assertTrue(contested.confidenceReason().contains("the two records disagree"), contested.confidenceReason());
        // Control: the same evidence with a user's delete: nothing contests the export.
        String user = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:04.100000Z", 200);
        Finding byUser = rule.evaluate(raceWithStatedOrder().workflow("wf-after.yaml", workflow).object("audit.log", create)
                .object("audit.log", user).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, byUser.confidence(), byUser.confidenceReason());
        assertTrue(!byUser.confidenceReason().contains("contested"), byUser.confidenceReason());
        // The controller manager's shared identity names no one controller (the taint manager deletes under it too; only the user agent,
        // which is not read, would name it): not taken for the garbage collector's, it neither contests the export nor stands for it.
        String manager = Exports.audit("delete", "", "system:kube-controller-manager", "2026-09-19T16:31:04.100000Z", 200);
        Finding shared = rule.evaluate(raceWithStatedOrder().workflow("wf-after.yaml", workflow).object("audit.log", create)
                .object("audit.log", manager).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, shared.confidence(), shared.confidenceReason());
    }

    /**
     * Session 42 breaker: the earliest delete an audit log holds is the request only where the log shows it would hold an earlier one
     * (a record of the Pod by someone else from before its containers ended). A user's forced delete alone, in an audit log that starts
     * after the end (its rotation) or keeps one user's requests, is what a Pod stuck Terminating gets after a delete while it ran (on
     * Kubernetes 1.33+ moving its deletionTimestamp to that time): it bounds the request from above, and the order rests on the grace-0
     * inference again, likely, as without the audit log. A record of the Pod by the same user does not show the log uncut either;
     * the controller's create does (the control, confirmed, above).
     */
    @Test
    void aDeleteAloneInAnAuditExcerptIsNotShownToBeTheFirstRequest() {
        String user = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:04.100000Z", 200);
        Finding alone = rule.evaluate(raceWithPodExport().object("audit.log", user).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, alone.confidence());
        assertEquals("AF001.reason.graceGuess", alone.reason().code(), alone.confidenceReason());
        String sameUser = Exports.audit("patch", "", "alice@example.com", "2026-09-19T16:27:20.000000Z", 200);
        assertEquals(Confidence.LIKELY, rule.evaluate(raceWithPodExport().object("audit.log", sameUser).object("audit.log", user).correlate())
                .findings().get(0).confidence());
        // A record of the Pod by another, but after the containers ended (16:27:44): the log may start after a delete while it ran.
        String late = Exports.audit("patch", "", "system:serviceaccount:argo:argo-workflow-controller", "2026-09-19T16:28:00.000000Z", 200);
        assertEquals(Confidence.LIKELY, rule.evaluate(raceWithPodExport().object("audit.log", late).object("audit.log", user).correlate())
                .findings().get(0).confidence());
    }

    /** A Pending, never scheduled Pod as exported after its deletion (grace 0: the API server gives an unscheduled Pod none). */
    private static String pendingPodYaml(boolean deleted) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n"
                + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + (deleted ? "  deletionTimestamp: \"2026-09-19T16:31:04Z\"\n  deletionGracePeriodSeconds: 0\n" : "")
                + "  finalizers: [workflows.argoproj.io/status]\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "spec:\n  containers:\n  - {name: wait, image: argoexec}\n  - {name: main, image: busybox}\n"
                + "status:\n  phase: Pending\n"
                + "  conditions:\n  - {type: PodScheduled, status: \"False\", reason: Unschedulable, lastTransitionTime: \"2026-09-19T16:27:10Z\"}\n";
    }

    /** Review s21 c03: a Pod deleted while Pending, never scheduled, had no result to lose: cleared, and named so. */
    @Test
    void aPodDeletedBeforeItWasEverScheduledHadNoResultToLose() {
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .pod("pod.yaml", pendingPodYaml(true)).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().startsWith("finalizer released at 2026-09-19T16:31:11.350Z from a Pod that never started: an export "
                + "of the deleted Pod (deletionTimestamp 2026-09-19T16:31:04Z) shows it Pending and never scheduled (no node)"), e.cleared().get(0).reason());
    }

    /** A Pending export taken before the deletion says nothing of later: the Pod may have been scheduled and run since. Not cleared. */
    @Test
    void aPendingExportFromBeforeTheDeletionDoesNotClear() {
        Evaluation e = rule.evaluate(beforeRemoval().log("1b.log", podEvent("2026-09-19T16:27:15.604Z", "update"))
                .log("2.log", removal()).log("3.log", podDeletedLater()).takenAt("pod.yaml", "2026-09-19T16:27:12Z", pendingPodYaml(false)).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        // and a later export of the deleted Pod showing its containers ran overrules a Pending one: the evidence disagrees, nothing is cleared as never started
        Evaluation both = rule.evaluate(beforeRemoval().log("2.log", removal()).log("3.log", podDeletedLater())
                .pod("pod-a.yaml", pendingPodYaml(true)).pod("pod-b.yaml", V4.podYaml(true)).correlate());
        assertEquals(1, both.findings().size(), () -> both.cleared().toString());
    }

    /**
     * Review s22 c05: the worker changed the node to Succeeded from the Pod's status, the finalizer went, and the worker's write,
     * refused as stale, was re-applied and succeeded: the result was captured and persisted, nothing lost. A change that a
     * refused write never carried (the re-application failed) is no persist.
     */
    @Test
    void aResultCapturedBeforeTheReleaseAndPersistedByARetriedUpdateIsNoLoss() {
        String changed = nodePhaseChanged("2026-09-19T16:31:11.200Z", "Running", "Succeeded");
        String conflict = "time=2026-09-19T16:31:11.400Z level=WARN msg=\"Error updating workflow\" component=workflow_worker workflow=p namespace=ns "
                + "error=\"Operation cannot be fulfilled on workflows.argoproj.io \\\"p\\\": the object has been modified; please apply your changes to "
                + "the latest version and try again\" reason=Conflict";
        String reapplying = "time=2026-09-19T16:31:11.401Z level=INFO msg=\"Re-applying updates on latest version and retrying update\" "
                + "component=workflow_worker workflow=p namespace=ns";
        String retried = "time=2026-09-19T16:31:11.460Z level=INFO msg=\"Update retry attempt successful\" component=workflow_worker workflow=p "
                + "namespace=ns attempt=1";
        List<String> lines = new java.util.ArrayList<>(List.of(removal()));
        lines.set(0, workers("2026-09-19T16:31:11.132Z", 2));
        lines.add(1, changed);
        lines.addAll(List.of(conflict, reapplying, retried));
        Evaluation e = rule.evaluate(beforeRemoval().log("2.log", lines.toArray(String[]::new)).pod("pod.yaml", V4.podYaml(true)).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("the node's result had been captured: the controller changed the node to Succeeded at "
                + "2026-09-19T16:31:11.200Z, from the Pod's status, and the update that carried it, refused as stale, was re-applied and succeeded"),
                e.cleared().get(0).reason());

        lines.set(lines.size() - 1, "time=2026-09-19T16:31:11.460Z level=INFO msg=\"Failed to re-apply update\" component=workflow_worker workflow=p "
                + "namespace=ns error=\"must never update completed workflows\"");
        assertEquals(1, rule.evaluate(beforeRemoval().log("2.log", lines.toArray(String[]::new)).pod("pod.yaml", V4.podYaml(true)).correlate())
                .findings().size(), "the change was never persisted");
    }
}
