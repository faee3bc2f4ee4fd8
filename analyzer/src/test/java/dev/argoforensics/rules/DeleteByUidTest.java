package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * v4's delete by UID (session 39): the controller's {@code queueing pod for cleanup by UID} and its worker's key
 * {@code ns/p/deletePodByUID/<uid>} name the Pod the delete is bound to, and the API server deletes no other Pod of the name. A
 * UID those lines name before a Pod's {@code Created pod} is an earlier Pod's: its delete, in the audit log or in the worker's later
 * lines, is not this Pod's deletion. Read by the lifecycle (AF008, AF007) and by AF008's clean audit span.
 */
class DeleteByUidTest {
    private static final String EARLIER_UID = "0b6d7a51-3f0e-4c1e-9a43-8f4a2cd1e7b2";

    private static String restart(String t) {
        return "time=" + t + " level=INFO msg=\"Pod qualifies for automatic restart - marking as pending\" component=workflow_worker workflow=p "
                + "namespace=ns podName=p nodeID=p restartCount=1 reason=Evicted message=\"The node was low on resource: memory. \"";
    }

    private static String queueByUid(String t, String uid) {
        return "time=" + t + " level=INFO msg=\"queueing pod for cleanup by UID\" component=pod_controller namespace=ns podName=p uid=" + uid
                + " action=deletePodByUID";
    }

    private static String cleaningByUid(String t, String uid) {
        return "time=" + t + " level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/deletePodByUID/" + uid
                + " action=deletePodByUID namespace=ns podName=p";
    }

    private static String conflictByUid(String t, String uid, String current) {
        return "time=" + t + " level=WARN msg=\"failed to clean-up pod\" component=pod_controller key=ns/p/deletePodByUID/" + uid
                + " action=deletePodByUID namespace=ns podName=p error=\"Operation cannot be fulfilled on pods \\\"p\\\": Precondition failed: "
                + "UID in precondition: " + uid + ", UID in object meta: " + current + "\"";
    }

    /** The controller's delete of Pod ns/p as the audit log records it at level Request, with its DeleteOptions' precondition. */
    private static String auditDelete(String at, String preconditionUid) {
        String body = preconditionUid == null ? "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\",\"propagationPolicy\":\"Background\"}"
                : "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\",\"propagationPolicy\":\"Background\",\"preconditions\":{\"uid\":\""
                        + preconditionUid + "\"}}";
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Request\",\"auditID\":\"d-" + at + "\",\"stage\":\"ResponseComplete\","
                + "\"verb\":\"delete\",\"user\":{\"username\":\"system:serviceaccount:argo:argo\"},\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\","
                + "\"name\":\"p\",\"apiVersion\":\"v1\"},\"responseStatus\":{\"code\":200},\"requestObject\":" + body
                + ",\"requestReceivedTimestamp\":\"" + at + "\",\"stageTimestamp\":\"" + at + "\"}";
    }

    /** The same delete as GKE's Cloud Logging exports it: the DeleteOptions in {@code protoPayload.request}. */
    private static String gkeDelete(String at, String preconditionUid) {
        return "{\"insertId\":\"g-" + at + "\",\"operation\":{\"id\":\"op-" + at + "\",\"first\":true,\"last\":true,\"producer\":\"k8s.io\"},"
                + "\"protoPayload\":{\"@type\":\"type.googleapis.com/google.cloud.audit.AuditLog\",\"serviceName\":\"k8s.io\","
                + "\"methodName\":\"io.k8s.core.v1.pods.delete\",\"resourceName\":\"core/v1/namespaces/ns/pods/p\","
                + "\"authenticationInfo\":{\"principalEmail\":\"system:serviceaccount:argo:argo\"},"
                + "\"request\":{\"@type\":\"core.k8s.io/v1.DeleteOptions\",\"kind\":\"DeleteOptions\",\"apiVersion\":\"meta.k8s.io/v1\","
                + "\"propagationPolicy\":\"Background\"" + (preconditionUid == null ? "" : ",\"preconditions\":{\"uid\":\"" + preconditionUid + "\"}")
                + "},\"status\":{}},\"resource\":{\"type\":\"k8s_cluster\",\"labels\":{\"cluster_name\":\"prod\"}},"
                + "\"timestamp\":\"" + at + "\",\"receiveTimestamp\":\"" + at + "\"}";
    }

    /**
     * Pod ns/p evicted before it ran and restarted by the controller (deleted by UID {@link #EARLIER_UID}); the node's second Pod
     * of the name created at 16:20:21.100, then labelled completed by a cleanup item nothing since queued, leaving the informer,
     * and declared missing and marked "pod deleted" a moment later. {@code extra} lines are added after the second Pod's creation.
     */
    private static List<String> lines(String byUidUid, String... extra) {
        List<String> l = new ArrayList<>(List.of(
                processing("2026-09-19T16:20:00.000Z", "\"\""),
                createdPod("2026-09-19T16:20:00.100Z"),
                podEvent("2026-09-19T16:20:00.110Z", "add"),
                workflowUpdated("2026-09-19T16:20:00.200Z", "Running"),
                restart("2026-09-19T16:20:20.000Z"),
                queueByUid("2026-09-19T16:20:20.001Z", byUidUid),
                cleaningByUid("2026-09-19T16:20:20.010Z", byUidUid),
                podEvent("2026-09-19T16:20:20.050Z", "delete"),
                podMissing("2026-09-19T16:20:21.000Z", "Pending", false),
                createdPod("2026-09-19T16:20:21.100Z"),
                podEvent("2026-09-19T16:20:21.110Z", "add"),
                workflowUpdated("2026-09-19T16:20:21.200Z", "Running")));
        l.addAll(List.of(extra));
        l.addAll(List.of(
                cleaningUp("2026-09-19T16:21:00.000Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:21:00.010Z", "delete"),
                podMissing("2026-09-19T16:21:00.200Z"),
                markingError("2026-09-19T16:21:00.201Z"),
                nodePhaseChanged("2026-09-19T16:21:00.202Z", "Running", "Error")));
        return l;
    }

    private static PodLifecycle life(Correlation c) {
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow();
    }

    private static Evaluation af008(Evidence e) {
        return new FalsePodDeleted().evaluate(e.correlate());
    }

    @Test
    void anAuditedDeleteBoundToTheEarlierPodsUidIsNotThisPodsDeletion() {
        // The API server's clock 3 s ahead of the controller's: the restart's delete is recorded after the second Pod's Created pod
        // line, closer than two clocks may disagree, and no create of the name is in the audit file to order it. Its precondition
        // names the UID the controller queued before the second Pod existed: it deleted the first Pod and could delete no other.
        Evidence e = new Evidence().log("c.log", lines(EARLIER_UID).toArray(String[]::new))
                .object("audit.log", auditDelete("2026-09-19T16:20:23.010000Z", EARLIER_UID));
        assertTrue(life(e.correlate()).deletionRequest().isEmpty(), life(e.correlate()).toString());
        Evaluation ev = af008(e);
        assertEquals(1, ev.findings().size(), ev.toString());
    }

    /**
     * Session 40 breaker: the same delete in a GKE Cloud Logging export, whose request body (the DeleteOptions) is
     * {@code protoPayload.request}. Its precondition was not read, so the first Pod's delete cleared AF008 on the second as deleted.
     * Control: the same entry without a precondition still clears.
     */
    @Test
    void aCloudLoggingDeleteBoundToTheEarlierPodsUidIsNotThisPodsDeletion() {
        Evidence e = new Evidence().log("c.log", lines(EARLIER_UID).toArray(String[]::new))
                .object("cloud-logging.json", gkeDelete("2026-09-19T16:20:23.010000Z", EARLIER_UID));
        assertTrue(life(e.correlate()).deletionRequest().isEmpty(), life(e.correlate()).toString());
        assertEquals(1, af008(e).findings().size(), af008(e).toString());
        Evaluation byName = af008(new Evidence().log("c.log", lines(EARLIER_UID).toArray(String[]::new))
                .object("cloud-logging.json", gkeDelete("2026-09-19T16:20:23.010000Z", null)));
        assertEquals(List.of(), byName.findings(), byName.toString());
        assertEquals("AF008.cleared.deleted", byName.cleared().get(0).why().code());
    }

    @Test
    void aDeleteByNameOrByAUidNoLineTiesToAnEarlierPodStillCounts() {
        // Control: the same delete without a precondition (a delete by name: deletePod, kubectl): it may have been this Pod's.
        Evaluation byName = af008(new Evidence().log("c.log", lines(EARLIER_UID).toArray(String[]::new))
                .object("audit.log", auditDelete("2026-09-19T16:20:23.010000Z", null)));
        assertEquals(List.of(), byName.findings(), byName.toString());
        assertEquals("AF008.cleared.deleted", byName.cleared().get(0).why().code());
        // Control: a precondition naming a UID the lines give to no earlier Pod: it may be this Pod's own.
        Evaluation unknown = af008(new Evidence().log("c.log", lines(EARLIER_UID).toArray(String[]::new))
                .object("audit.log", auditDelete("2026-09-19T16:20:23.010000Z", "7e2c9d40-1a5b-4f3e-8c6d-2b9a0f1e3d47")));
        assertEquals(List.of(), unknown.findings(), unknown.toString());
    }

    @Test
    void theWorkersRetryOfTheEarlierPodsDeleteIsNotTheControllerDeletingThisPod() {
        // The item for the first Pod taken again after the second was created (the informer still held the first, or the API server
        // refused the delete for the second Pod, 409, and the worker retried it): the controller named as this Pod's deleter before.
        Correlation c = new Evidence().log("c.log", lines(EARLIER_UID, cleaningByUid("2026-09-19T16:20:25.000Z", EARLIER_UID),
                conflictByUid("2026-09-19T16:20:25.020Z", EARLIER_UID, "5f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b")).toArray(String[]::new)).correlate();
        assertTrue(life(c).deleter().isEmpty(), life(c).deleters().toString());
        // Control: a delete by UID queued after the second Pod's creation (its own restart) is this Pod's, and names the controller.
        Correlation own = new Evidence().log("c.log", lines(EARLIER_UID, queueByUid("2026-09-19T16:20:25.000Z", "5f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b"),
                cleaningByUid("2026-09-19T16:20:25.010Z", "5f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b")).toArray(String[]::new)).correlate();
        assertTrue(life(own).deleter().map(d -> d.byController()).orElse(false), life(own).deleters().toString());
    }
}
