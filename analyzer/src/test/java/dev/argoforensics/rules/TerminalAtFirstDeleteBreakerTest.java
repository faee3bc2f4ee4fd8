package dev.argoforensics.rules;

import static dev.argoforensics.rules.TerminalAtFirstDeleteTest.execution;
import static dev.argoforensics.rules.TerminalAtFirstDeleteTest.notConfirmed;
import static dev.argoforensics.rules.TerminalAtFirstDeleteTest.notShownFinished;
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
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Session 55 breaker of {@code DeletionBounds#terminalAtFirstDelete}: the Pod a {@code RequestResponse} audit record returned to a
 * delete, terminal with every container terminated and grace 0, read as finished before the FIRST request on the API server's clock.
 * Each attack changes one fact of samples/finished-pod-delete-returned so that the returned Pod is not the first request's, or its
 * containers' end is not one the kubelet reported before that request; the reading must then not be taken (nor AF001/AF002
 * {@code confirmed} on it). The rest are controls of what the reading must keep (the same request's two stages, two files).
 */
class TerminalAtFirstDeleteBreakerTest {
    private static final Path SAMPLE = Path.of("samples", "finished-pod-delete-returned");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ONE_CLOCK = "the API server returned the Pod to ";
    private static final String NODE = "ip-10-0-44-18.ec2.internal";
    private static final String UID = "5e7a9c1b-3d5f-4e7a-9c1b-3d5f7a9c1b24";

    private static List<String> audit() throws Exception {
        return Files.readAllLines(SAMPLE.resolve("audit/kube-apiserver-audit.log"));
    }

    private static List<String> log() throws Exception {
        return Files.readAllLines(SAMPLE.resolve("logs/workflow-controller-5f7c9d8b4-w8m3x.log"));
    }

    private static ObjectNode record(int line) throws Exception {
        return (ObjectNode) JSON.readTree(audit().get(line));
    }

    /** alice's delete record (line 3), changed by {@code edit}. */
    private static String delete(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode r = record(2);
        edit.accept(r);
        return JSON.writeValueAsString(r);
    }

    private static ObjectNode pod(ObjectNode record) {
        return (ObjectNode) record.get("responseObject");
    }

    private static ObjectNode status(ObjectNode record) {
        return (ObjectNode) pod(record).get("status");
    }

    private static ObjectNode container(ObjectNode record, String name) {
        for (var c : status(record).withArray("containerStatuses")) {
            if (name.equals(c.get("name").asText())) {
                return (ObjectNode) c;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** The sample's controller log (each line through {@code edit}), its Workflow, then {@code audit} records, each its own file. */
    private static Correlation correlate(UnaryOperator<String> edit, String... audit) throws Exception {
        Evidence e = new Evidence().log("workflow-controller-5f7c9d8b4-w8m3x.log", log().stream().map(edit).toArray(String[]::new));
        e.workflow("workflow-argo-get.yaml", Files.readString(SAMPLE.resolve("snapshots/workflow-argo-get.yaml")));
        for (int i = 0; i < audit.length; i++) {
            e.audited("audit-" + (char) ('a' + i) + ".log", audit[i]);
        }
        return e.correlate();
    }

    private static Correlation correlate(String... audit) throws Exception {
        return correlate(UnaryOperator.identity(), audit);
    }

    private static String creation() throws Exception {
        return audit().get(0);
    }

    private static String binding() throws Exception {
        return audit().get(1);
    }


    private static void readOnOneClock(Correlation c) {
        Execution x = execution(c);
        assertEquals(Execution.State.FINISHED_BEFORE, x.state(), x.reason());
        assertFalse(x.weak(), x.reason());
        assertTrue(x.reason().startsWith(ONE_CLOCK), x.reason());
    }

    /**
     * Attack: the first delete is not in the audit log given (another API server's log of an HA control plane, a policy that logged it
     * at level None): bob's graceful delete at 11:04:36, while main still ran; main and wait ended on it (11:04:40-41), the kubelet wrote
     * Succeeded, its own final delete waited on a volume's teardown, and alice's delete at 11:05:30 of the Pod stuck Terminating got
     * the grace the API server forces on a terminal Pod, 0, shorter than the stored 30: Kubernetes 1.33+ moves deletionTimestamp to
     * her request's second (lifecycle reference A1). Her returned Pod is then exactly the sample's. The controller, whose clock the
     * Pod's creation shows agreeing with the API server's to milliseconds (its Created pod line, the audit create), saw the deletion
     * and queued the finalizer's removal at 11:04:36, before main ended: the record read is not the first request's.
     */
    @Test
    void aDeleteTheControllerSawBeforeTheRecordIsNotTheFirstRequest() throws Exception {
        UnaryOperator<String> earlier = l -> l.contains("11:05:30.41") ? l.replace("11:05:30.41", "11:04:36.41") : l;
        Correlation c = correlate(earlier, creation(), binding(), delete(r -> { }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /** Control of the attack above: the controller's sighting just after the record (the sample) keeps the reading. */
    @Test
    void theControllersSightingAfterTheRequestKeepsTheReading() throws Exception {
        readOnOneClock(correlate(creation(), binding(), delete(r -> { })));
    }

    /**
     * Control: the same request's two stages (RequestReceived, then ResponseComplete with the Pod), in two files (two exports of one
     * log): one request, the first; the reading stands.
     */
    @Test
    void theRequestsTwoStagesAreOneRequest() throws Exception {
        ObjectNode received = record(2);
        received.put("stage", "RequestReceived").put("stageTimestamp", received.get("requestReceivedTimestamp").asText());
        received.remove("responseObject");
        received.remove("responseStatus");
        readOnOneClock(correlate(creation(), binding(), JSON.writeValueAsString(received), delete(r -> { })));
        // The same ResponseComplete record twice (one log given twice): still one request.
        readOnOneClock(correlate(creation(), binding(), delete(r -> { }), delete(r -> { })));
    }

    /** Control: a RequestReceived record alone carries no response, so no Pod returned: not read. */
    @Test
    void aRequestReceivedRecordAloneIsNotRead() throws Exception {
        ObjectNode received = record(2);
        received.put("stage", "RequestReceived").put("stageTimestamp", received.get("requestReceivedTimestamp").asText());
        received.remove("responseStatus");
        // Even were a response object carried at that stage (it is not), nothing was returned yet.
        Correlation c = correlate(creation(), binding(), JSON.writeValueAsString(received));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /** Attack: a server-side dry run (in the body, as kubectl --dry-run=server sends it; or in the URI) returns the would-be object. */
    @Test
    void aDryRunsReturnedPodIsNotRead() throws Exception {
        Correlation body = correlate(creation(), binding(), delete(r -> ((ObjectNode) r.get("requestObject")).putArray("dryRun").add("All")));
        notShownFinished(execution(body));
        notConfirmed(body);
        Correlation uri = correlate(creation(), binding(), delete(r -> r.put("requestURI", r.get("requestURI").asText() + "?dryRun=All")));
        notShownFinished(execution(uri));
        notConfirmed(uri);
    }

    /** Attack: a refused delete (a UID precondition's 409, a 404) is no deletion; whatever its record carries is not a Pod returned. */
    @Test
    void aRefusedDeleteIsNotRead() throws Exception {
        for (int code : new int[] {404, 409, 403, 500}) {
            Correlation c = correlate(creation(), binding(), delete(r -> ((ObjectNode) r.get("responseStatus")).put("code", code)));
            notShownFinished(execution(c));
            notConfirmed(c);
        }
    }

    /**
     * Attack: the kubelet's own final delete (system:node, grace 0, UID precondition) is the only delete the log holds, returning the
     * Pod Succeeded with grace 0 at its second (1.33+): it follows a request, it is none.
     */
    @Test
    void theKubeletsFinalDeleteAloneIsNotTheFirstRequest() throws Exception {
        Correlation c = correlate(creation(), binding(), delete(r -> {
            ((ObjectNode) r.get("user")).put("username", "system:node:" + NODE).set("groups", JSON.createArrayNode().add("system:nodes"));
            r.put("userAgent", "kubelet/v1.33.4 (linux/amd64) kubernetes/8c9b1f2");
            ((ObjectNode) r.get("requestObject")).put("gracePeriodSeconds", 0).putObject("preconditions").put("uid", UID);
        }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /**
     * Attack: an eviction (create of pods/eviction) is a request to delete, but not the delete verb whose returned Pod the reading is
     * about; its response is a Status. Even with a Pod put in its response, it is not read.
     */
    @Test
    void anEvictionIsNotReadAsTheReturnedPod() throws Exception {
        Correlation c = correlate(creation(), binding(), delete(r -> {
            r.put("verb", "create").put("requestURI", r.get("requestURI").asText() + "/eviction");
            ((ObjectNode) r.get("objectRef")).put("subresource", "eviction");
            ((ObjectNode) r.get("responseStatus")).put("code", 201);
            r.set("requestObject", JSON.createObjectNode().put("kind", "Eviction").put("apiVersion", "policy/v1"));
        }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /**
     * Attack: the kubelet's own terminal report after the runtime lost the containers (node restarted): ContainerStatusUnknown, exit
     * 137, no finishedAt. Nothing says when they ended.
     */
    @Test
    void containerStatusUnknownIsNoReportedEnd() throws Exception {
        Correlation c = correlate(creation(), binding(), delete(r -> {
            status(r).put("phase", "Failed");
            ObjectNode t = (ObjectNode) container(r, "main").get("state").get("terminated");
            t.put("exitCode", 137).put("reason", "ContainerStatusUnknown")
                    .put("message", "The container could not be located when the pod was terminated").putNull("finishedAt").putNull("startedAt");
        }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /**
     * Attack: PodGC's Failed on a lost node whose kubelet had reported wait's end but never main's (its status absent from the list the
     * response carries). "Every container terminated" must be every container of the Pod, main included.
     */
    @Test
    void aPodWhoseMainHasNoStatusIsNotRead() throws Exception {
        Correlation c = correlate(creation(), binding(), delete(r -> {
            ((ObjectNode) r.get("user")).put("username", "system:serviceaccount:kube-system:pod-garbage-collector")
                    .set("groups", JSON.createArrayNode().add("system:serviceaccounts"));
            ((ObjectNode) r.get("requestObject")).put("gracePeriodSeconds", 0);
            status(r).put("phase", "Failed");
            ArrayNode statuses = status(r).withArray("containerStatuses");
            for (int i = statuses.size() - 1; i >= 0; i--) {
                if ("main".equals(statuses.get(i).get("name").asText())) {
                    statuses.remove(i);
                }
            }
            ((ArrayNode) status(r).get("conditions")).addObject().put("type", "DisruptionTarget").put("status", "True")
                    .put("reason", "DeletionByPodGC").put("message", "PodGC: node no longer exists").put("lastTransitionTime", "2026-09-23T11:05:30Z");
        }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /**
     * Attack: an earlier Pod of the same name (another UID: the Workflow deleted and created again under its name) was deleted while
     * finished, its delete returned it Succeeded with grace 0; the Pod of this run was deleted by alice while running (grace 30). The
     * earlier Pod's returned status is not this Pod's.
     */
    @Test
    void anEarlierNamesakesReturnedPodIsNotThisPods() throws Exception {
        String oldUid = "5e7f9a1b-3c5d-4e7f-9a1b-3c5d7e9f1a2b";
        ObjectNode oldCreate = record(0);
        oldCreate.put("auditID", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d").put("requestReceivedTimestamp", "2026-09-23T10:40:10.100000Z")
                .put("stageTimestamp", "2026-09-23T10:40:10.120000Z");
        ObjectNode oldBinding = record(1);
        oldBinding.put("auditID", "1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e").put("requestReceivedTimestamp", "2026-09-23T10:40:10.150000Z")
                .put("stageTimestamp", "2026-09-23T10:40:10.160000Z");
        String oldDelete = delete(r -> {
            r.put("auditID", "2c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f").put("requestReceivedTimestamp", "2026-09-23T10:50:30.381226Z")
                    .put("stageTimestamp", "2026-09-23T10:50:30.398514Z");
            ObjectNode meta = (ObjectNode) pod(r).get("metadata");
            meta.put("uid", oldUid).put("creationTimestamp", "2026-09-23T10:40:10Z").put("deletionTimestamp", "2026-09-23T10:50:30Z");
            ((ObjectNode) meta.get("ownerReferences").get(0)).put("uid", "9f1a3c5e-7b9d-4f1a-8c3e-5a7b9d1f3c57");
            container(r, "main").with("state").with("terminated").put("startedAt", "2026-09-23T10:40:14Z").put("finishedAt", "2026-09-23T10:42:40Z");
            container(r, "wait").with("state").with("terminated").put("startedAt", "2026-09-23T10:40:13Z").put("finishedAt", "2026-09-23T10:42:41Z");
        });
        String runningDelete = delete(r -> {
            status(r).put("phase", "Running");
            for (var cs : status(r).withArray("containerStatuses")) {
                ObjectNode state = (ObjectNode) cs.get("state");
                String started = state.get("terminated").get("startedAt").asText();
                state.removeAll();
                state.putObject("running").put("startedAt", started);
                ((ObjectNode) cs).put("ready", true);
            }
            pod(r).with("metadata").put("deletionTimestamp", "2026-09-23T11:06:00Z").put("deletionGracePeriodSeconds", 30);
        });
        Correlation c = correlate(JSON.writeValueAsString(oldCreate), JSON.writeValueAsString(oldBinding), oldDelete, creation(), binding(),
                runningDelete);
        for (var key : c.pods().keySet()) {
            Execution x = c.lifecycle(key).execution();
            assertFalse(x.reason().contains(ONE_CLOCK) && x.reason().contains("2026-09-23T11:05:30"), x.reason());
        }
        notConfirmed(c);
    }

    /** The controller's log without its sighting of the deletion (a controller down then, or a log cut to other lines). */
    private static final UnaryOperator<String> NO_SIGHTING = l -> l.contains("11:05:30.41") ? "" : l;

    private static Correlation correlateWithoutSighting(String... audit) throws Exception {
        Evidence e = new Evidence().log("workflow-controller-5f7c9d8b4-w8m3x.log",
                log().stream().map(NO_SIGHTING).filter(l -> !l.isEmpty()).toArray(String[]::new));
        e.workflow("workflow-argo-get.yaml", Files.readString(SAMPLE.resolve("snapshots/workflow-argo-get.yaml")));
        for (int i = 0; i < audit.length; i++) {
            e.audited("audit-" + (char) ('a' + i) + ".log", audit[i]);
        }
        return e.correlate();
    }

    /**
     * Attack: the first delete is missing (another API server's log) and so is the controller's sighting of it. bob's graceful delete
     * at 11:04:08 signalled both containers: wait traps SIGTERM and exited at 11:04:10; main's process took its time and exited 0 at
     * 11:05:25; the kubelet wrote Succeeded; alice's later delete at 11:05:30 (1.33+) returned the Pod terminal with grace 0 at her
     * second. The one tell left is on one clock, the kubelet's: wait ended before main, which the executor does only when signalled.
     */
    @Test
    void waitEndedBeforeMainShowsAnEarlierSignal() throws Exception {
        String later = delete(r -> {
            container(r, "main").with("state").with("terminated").put("finishedAt", "2026-09-23T11:05:25Z");
            container(r, "wait").with("state").with("terminated").put("finishedAt", "2026-09-23T11:04:10Z");
        });
        Correlation c = correlateWithoutSighting(creation(), binding(), later);
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /** Control: the sample's ends (wait a second after main) with the same log lacking the sighting keep the reading. */
    @Test
    void waitEndingAfterMainKeepsTheReadingWithoutTheSighting() throws Exception {
        readOnOneClock(correlateWithoutSighting(creation(), binding(), delete(r -> { })));
    }

    /**
     * Attack: the same missing first delete, only 5 s before alice's (within the 10 s the model lets a controller's clock be off, so
     * the controller's lines "agree"): bob's graceful delete at 11:05:25, main and wait ended on its SIGTERM, the kubelet reported
     * Succeeded, and alice's forced delete at 11:05:30 (Kubernetes 1.33+) returned the Pod terminal with grace 0 at her second. The
     * controller's clock agrees with the API server's to milliseconds (its Created pod line, the audit create), and it saw the Pod
     * being deleted 5 s before the request read as the first: that request is not shown first.
     */
    @Test
    void aSightingSecondsBeforeTheRecordIsAnEarlierRequest() throws Exception {
        UnaryOperator<String> earlier = l -> l.contains("11:05:30.41") ? l.replace("11:05:30.41", "11:05:25.41") : l;
        String forced = delete(r -> {
            ((ObjectNode) r.get("requestObject")).put("gracePeriodSeconds", 0);
            container(r, "main").with("state").with("terminated").put("finishedAt", "2026-09-23T11:05:26Z");
            container(r, "wait").with("state").with("terminated").put("finishedAt", "2026-09-23T11:05:26Z");
        });
        Correlation c = correlate(earlier, creation(), binding(), forced);
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /** bob's deletecollection of the namespace's Pods by {@code selector} at {@code at} (granted, level Metadata). */
    private static String collection(String at, String selector) throws Exception {
        ObjectNode r = record(0);
        r.put("auditID", "6d8f0a2c-4e6a-4c8e-9a0c-2e4a6c8e0a2c").put("verb", "deletecollection")
                .put("requestURI", "/api/v1/namespaces/ml/pods?labelSelector=" + selector)
                .put("requestReceivedTimestamp", at + ".120000Z").put("stageTimestamp", at + ".180000Z");
        ((ObjectNode) r.get("user")).put("username", "bob@example.com").set("groups", JSON.createArrayNode().add("system:authenticated"));
        r.put("userAgent", "kubectl/v1.36.0 (linux/amd64) kubernetes/6f2b0c1");
        ((ObjectNode) r.get("objectRef")).remove("name");
        ((ObjectNode) r.get("responseStatus")).put("code", 200);
        return JSON.writeValueAsString(r);
    }

    /**
     * Attack: the first request to delete the Pod was a deletecollection (bob's, by the Workflow's label, at 11:04:36, while main ran:
     * it names no Pod, so it is no delete of this name); main and wait ended on its SIGTERM, and alice's later delete (1.33+) returned
     * the Pod terminal with grace 0 at her second. The controller's sighting is not in the log given.
     */
    @Test
    void aCollectionDeleteBeforeTheRecordIsAnEarlierRequest() throws Exception {
        Correlation c = correlateWithoutSighting(creation(), binding(),
                collection("2026-09-23T11:04:36", "workflows.argoproj.io%2Fworkflow%3Dtrain-eval-6rk2w"), delete(r -> { }));
        notShownFinished(execution(c));
        notConfirmed(c);
    }

    /**
     * Control: the same deletecollection received after alice's request found the Pod already being deleted (its deletionTimestamp
     * 11:05:30): not its first request; the reading stands. (One received before whose selector names a label the Pod's exports do
     * not show, app=etl, still drops the reading: the model does not exclude it, the labels then being unknown.)
     */
    @Test
    void aCollectionAfterTheRequestLeavesTheReading() throws Exception {
        readOnOneClock(correlateWithoutSighting(creation(), binding(), delete(r -> { }),
                collection("2026-09-23T11:05:35", "workflows.argoproj.io%2Fworkflow%3Dtrain-eval-6rk2w")));
        notShownFinished(execution(correlateWithoutSighting(creation(), binding(), collection("2026-09-23T11:04:36", "app%3Detl"), delete(r -> { }))));
    }

    /**
     * Attack: the returned Pod itself carries the taint manager's DisruptionTarget (11:04:36): it deleted the Pod with its grace before
     * alice did (a NoExecute taint; its delete may be in no log given). Its condition dates an earlier request: not the first.
     */
    @Test
    void aDisruptionTargetBeforeTheRecordIsAnEarlierRequest() throws Exception {
        Correlation c = correlateWithoutSighting(creation(), binding(), delete(r -> ((ArrayNode) status(r).get("conditions")).addObject()
                .put("type", "DisruptionTarget").put("status", "True").put("reason", "DeletionByTaintManager")
                .put("message", "Taint manager: deleting due to NoExecute taint").put("lastTransitionTime", "2026-09-23T11:04:36Z")));
        notShownFinished(execution(c));
        notConfirmed(c);
    }
}
