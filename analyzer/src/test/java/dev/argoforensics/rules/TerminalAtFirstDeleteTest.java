package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.testing.Evidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Session 55: the Pod the API server returned to the first delete (an audit record at level {@code RequestResponse}), already
 * finished and given grace 0, orders the containers' end before the request on one clock, the API server's, whatever the node's
 * ({@code DeletionBounds#terminalAtFirstDelete}). Read from samples/finished-pod-delete-returned (the containers' end 49 s before the
 * request on the node's clock, within what that clock may be off), each control changing the one fact the reading rests on: the Pod
 * returned running (a forced grace-0 delete), a later delete's returned Pod (the kubelet's final delete after a graceful one), the
 * Pod garbage collector's delete of a lost node's Pod, an unscheduled Pod, a delete the log does not show was the first, a Pod
 * already being deleted, and a {@code Metadata}-level record (samples/reconciliation-stalled).
 */
class TerminalAtFirstDeleteTest {
    private static final Path SAMPLE = Path.of("samples", "finished-pod-delete-returned");
    private static final Path METADATA_ONLY = Path.of("samples", "reconciliation-stalled");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ONE_CLOCK = "the API server returned the Pod to ";
    private static final String NODE = "ip-10-0-44-18.ec2.internal";

    private static List<String> audit() throws Exception {
        return Files.readAllLines(SAMPLE.resolve("audit/kube-apiserver-audit.log"));
    }

    /** alice's delete record, changed by {@code edit} (its {@code responseObject} is the returned Pod). */
    private static String delete(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode r = (ObjectNode) JSON.readTree(audit().get(2));
        edit.accept(r);
        return JSON.writeValueAsString(r);
    }

    /** The sample's controller log and Workflow, the creation and binding records, then {@code deletes} in order, each its own file. */
    private static Correlation correlate(boolean withCreation, String... deletes) throws Exception {
        Evidence e = new Evidence().log("workflow-controller-5f7c9d8b4-w8m3x.log",
                Files.readAllLines(SAMPLE.resolve("logs/workflow-controller-5f7c9d8b4-w8m3x.log")).toArray(String[]::new));
        e.workflow("workflow-argo-get.yaml", Files.readString(SAMPLE.resolve("snapshots/workflow-argo-get.yaml")));
        if (withCreation) {
            e.audited("audit-create.log", audit().get(0));
            e.audited("audit-binding.log", audit().get(1));
        }
        for (int i = 0; i < deletes.length; i++) {
            e.audited("audit-delete-" + (char) ('a' + i) + ".log", deletes[i]);
        }
        return e.correlate();
    }

    static Execution execution(Correlation c) {
        return c.lifecycle(c.pods().keySet().iterator().next()).execution();
    }

    /**
     * Not the one-clock reading, nor any order an object shows: what the controller's lines alone suggest (weak, a lost node's Pod
     * looking the same in them) may stand, as it does without the record.
     */
    static void notShownFinished(Execution x) {
        assertFalse(x.reason().contains(ONE_CLOCK), x.reason());
        assertFalse(x.state() == Execution.State.FINISHED_BEFORE && !x.weak(), x.reason());
    }

    /** AF001 and AF002 are not confirmed on what the controller's lines alone order. */
    static void notConfirmed(Correlation c) {
        List<Finding> all = new ArrayList<>(new PrematureFinalizerRemoval().evaluate(c).findings());
        all.addAll(new SuccessReportedAsError().evaluate(c).findings());
        for (Finding f : all) {
            assertTrue(f.confidence() != Confidence.CONFIRMED, f.rule() + ": " + f.confidenceReason());
        }
    }

    private static Finding only(List<Finding> f) {
        assertEquals(1, f.size(), f::toString);
        return f.get(0);
    }

    private static ObjectNode pod(ObjectNode record) {
        return (ObjectNode) record.get("responseObject");
    }

    /** The returned Pod's containers both running, phase Running (as the kubelet last reported them). */
    private static void running(ObjectNode record) {
        ObjectNode status = (ObjectNode) pod(record).get("status");
        status.put("phase", "Running");
        for (var c : status.withArray("containerStatuses")) {
            ObjectNode state = (ObjectNode) c.get("state");
            String started = state.get("terminated").get("startedAt").asText();
            state.removeAll();
            state.putObject("running").put("startedAt", started);
            ((ObjectNode) c).put("ready", true);
        }
    }

    private static void grace(ObjectNode record, String deletionTimestamp, long grace) {
        pod(record).with("metadata").put("deletionTimestamp", deletionTimestamp).put("deletionGracePeriodSeconds", grace);
    }

    private static void asked(ObjectNode record, long grace) {
        ((ObjectNode) record.get("requestObject")).put("gracePeriodSeconds", grace);
    }

    @Test
    void theFirstDeletesReturnedPodOrdersTheEndBeforeTheRequestOnOneClock() throws Exception {
        Correlation c = correlate(true, delete(r -> { }));
        Execution x = execution(c);
        assertEquals(Execution.State.FINISHED_BEFORE, x.state(), x.reason());
        assertFalse(x.weak(), x.reason());
        assertTrue(x.reason().startsWith(ONE_CLOCK + "alice@example.com's delete received at 2026-09-23T11:05:30.381226Z (the first request; "
                + "audit record at level RequestResponse) already Succeeded, every container terminated (main exit 0 at 2026-09-23T11:04:40Z, "
                + "wait exit 0 at 2026-09-23T11:04:41Z), and gave the deletion grace 0"), x.reason());
        // AF007 is cleared on it, AF002 rests on it rather than on the controller's lines.
        Evaluation af007 = new PodDeletedDuringExecution().evaluate(c);
        assertTrue(af007.findings().isEmpty(), af007.findings()::toString);
        Finding af002 = only(new SuccessReportedAsError().evaluate(c).findings());
        assertFalse(af002.confidenceReason().contains("the controller's lines do"), af002.confidenceReason());
        assertEquals(Confidence.CONFIRMED, af002.confidence(), af002.confidenceReason());
    }

    /** Control: a forced grace-0 delete (its body asks gracePeriodSeconds 0) of a Pod returned running: grace 0 says nothing of the end. */
    @Test
    void aForcedDeleteOfARunningPodIsNotReadAsFinished() throws Exception {
        Correlation c = correlate(true, delete(r -> {
            asked(r, 0);
            running(r);
        }));
        Execution x = execution(c);
        notShownFinished(x);
        for (Finding f : new PrematureFinalizerRemoval().evaluate(c).findings()) {
            assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        }
        assertTrue(new SuccessReportedAsError().evaluate(c).findings().isEmpty());
    }

    /**
     * Control: alice's graceful delete (30 s) returned the Pod running; the kubelet's final grace-0 delete, after it stopped the
     * containers, returned it Succeeded with grace 0 at the request's second (Kubernetes up to 1.32 moves deletionTimestamp back to
     * the first request's time). The 0 is not the API server's view at the first request.
     */
    @Test
    void theKubeletsFinalDeleteAfterAGracefulOneIsNotTheFirstRequest() throws Exception {
        String first = delete(r -> {
            running(r);
            grace(r, "2026-09-23T11:06:00Z", 30);
        });
        String kubelet = delete(r -> {
            r.put("auditID", "0c2e4a6b-8d0f-4b2c-9e4a-6c8e0a2c4e61");
            ((ObjectNode) r.get("user")).put("username", "system:node:" + NODE).set("groups", JSON.createArrayNode().add("system:nodes"));
            r.put("userAgent", "kubelet/v1.32.4 (linux/amd64) kubernetes/abc1234");
            r.put("requestReceivedTimestamp", "2026-09-23T11:05:33.120441Z").put("stageTimestamp", "2026-09-23T11:05:33.131207Z");
            asked(r, 0);
            ((ObjectNode) r.get("requestObject")).putObject("preconditions").put("uid", "5e7a9c1b-3d5f-4e7a-9c1b-3d5f7a9c1b24");
        });
        Correlation c = correlate(true, first, kubelet);
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /** Control: the Pod garbage collector's grace-0 delete of a lost node's Pod, phase patched Failed first, containers as last reported. */
    @Test
    void thePodGarbageCollectorsDeleteOfALostNodesPodIsNotReadAsFinished() throws Exception {
        Correlation c = correlate(true, delete(r -> {
            ((ObjectNode) r.get("user")).put("username", "system:serviceaccount:kube-system:pod-garbage-collector")
                    .set("groups", JSON.createArrayNode().add("system:serviceaccounts"));
            asked(r, 0);
            running(r);
            ObjectNode status = (ObjectNode) pod(r).get("status");
            status.put("phase", "Failed");
            ((ArrayNode) status.get("conditions")).addObject().put("type", "DisruptionTarget").put("status", "True")
                    .put("reason", "DeletionByPodGC").put("message", "PodGC: node no longer exists").put("lastTransitionTime", "2026-09-23T11:05:30Z");
        }));
        Execution x = execution(c);
        notShownFinished(x);
        assertTrue(new SuccessReportedAsError().evaluate(c).findings().isEmpty());
    }

    /** Control: an unscheduled Pod gets grace 0 for want of a node; no container ran, so nothing finished (a terminal phase notwithstanding). */
    @Test
    void anUnscheduledPodsGraceZeroSaysNothingOfContainers() throws Exception {
        Execution pending = execution(correlate(true, delete(r -> {
            ((ObjectNode) pod(r).get("spec")).remove("nodeName");
            ObjectNode status = (ObjectNode) pod(r).get("status");
            status.put("phase", "Pending");
            status.remove("containerStatuses");
        })));
        notShownFinished(pending);
        // The guard on spec.nodeName alone: the same returned Pod, finished, without a node is not read.
        Execution unbound = execution(correlate(true, delete(r -> ((ObjectNode) pod(r).get("spec")).remove("nodeName"))));
        notShownFinished(unbound);
    }

    /** Control: an audit log holding the delete alone does not show it was the first request; a Pod returned finished then may be a later delete's. */
    @Test
    void aDeleteTheLogDoesNotShowFirstIsNotRead() throws Exception {
        Correlation c = correlate(false, delete(r -> { }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /** Control: the returned Pod already carried an earlier request's deletionTimestamp (a request the log lacks): not the first. */
    @Test
    void aPodAlreadyBeingDeletedIsNotReadAsTheFirstRequest() throws Exception {
        Execution x = execution(correlate(true, delete(r -> grace(r, "2026-09-23T11:05:00Z", 0))));
        notShownFinished(x);
    }

    /** Control: a grace given at the request (the API server did not hold the Pod terminal) is not this reading, whatever the containers show. */
    @Test
    void aGracePeriodGivenAtTheRequestIsNotRead() throws Exception {
        Execution x = execution(correlate(true, delete(r -> grace(r, "2026-09-23T11:06:00Z", 30))));
        notShownFinished(x);
    }

    /**
     * Control: the Metadata-level record of samples/reconciliation-stalled, an export taken later with grace 0 at the request's second:
     * a forced delete is not ruled out (the body is not logged) and up to Kubernetes 1.32 the kubelet's final delete leaves the same
     * export. AF001 stays possible and says what the record lacks.
     */
    @Test
    void aMetadataLevelRecordAndALaterExportSayWhatTheyLack() throws Exception {
        Evidence e = new Evidence().log("workflow-controller-5f7c9d8b4-w8m3x.log",
                Files.readAllLines(METADATA_ONLY.resolve("logs/workflow-controller-5f7c9d8b4-tq2zn.log")).toArray(String[]::new));
        e.workflow("workflow-argo-get.yaml", Files.readString(METADATA_ONLY.resolve("snapshots/workflow-argo-get.yaml")));
        e.takenAt("pod-terminating.yaml", "2026-09-23T11:05:50Z", Files.readString(METADATA_ONLY.resolve("snapshots/pod-terminating.yaml")));
        List<String> lines = Files.readAllLines(METADATA_ONLY.resolve("audit/kube-apiserver-audit.log"));
        for (int i = 0; i < lines.size(); i++) {
            e.audited("audit-" + i + ".log", lines.get(i));
        }
        Correlation c = e.correlate();
        Execution x = execution(c);
        assertFalse(x.reason().contains(ONE_CLOCK), x.reason());
        Finding af001 = only(new PrematureFinalizerRemoval().evaluate(c).findings());
        assertEquals(Confidence.POSSIBLE, af001.confidence(), af001.confidenceReason());
        assertTrue(af001.confidenceReason().contains("neither the Pod's phase when it came nor the grace period it asked for"), af001.confidenceReason());
    }
}
