package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cluster events in both API groups and audit events, in the shapes kubectl and the API server write. */
class EventDecoderTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectDocument yaml(String text) throws Exception {
        return new ObjectDocument(new SourceRef("e.yaml", 7), YAML.readTree(text));
    }

    private static ExportedObject decode(ObjectDocument doc) {
        ObjectKind.Classified c = ObjectKind.classify(doc, null);
        assertTrue(c.read(), c.label());
        return ObjectDecoder.decode(c.kind(), doc);
    }

    @Test
    void aKubeletEventInCoreV1HasSecondsAndACount() throws Exception {
        ClusterEvent e = (ClusterEvent) decode(yaml("""
                apiVersion: v1
                count: 3
                eventTime: null
                firstTimestamp: "2026-10-02T09:21:41Z"
                involvedObject: {apiVersion: v1, fieldPath: "spec.containers{main}", kind: Pod, name: p, namespace: ns, uid: u-1}
                kind: Event
                lastTimestamp: "2026-10-02T09:21:55Z"
                message: Stopping container main
                metadata: {name: p.186a5ba6d4f1c839, namespace: ns}
                reason: Killing
                reportingComponent: kubelet
                source: {component: kubelet, host: ip-10-0-7-21.ec2.internal}
                type: Normal
                """));
        assertEquals(ObjectKind.CORE_EVENT, e.apiKind());
        assertEquals("Killing", e.reason());
        assertEquals("Stopping container main", e.note());
        assertEquals(new InvolvedObject("Pod", "ns", "p", "u-1", "spec.containers{main}"), e.regarding());
        assertEquals("kubelet", e.reportedBy());
        assertEquals("ip-10-0-7-21.ec2.internal", e.host());
        assertEquals(3, e.count());
        assertEquals("2026-10-02T09:21:41Z", e.first().format());
        assertEquals(TimePrecision.SECOND, e.first().precision());
        assertEquals("2026-10-02T09:21:55Z", e.last().format());
        assertEquals("e.yaml:7", e.source().toString());
    }

    @Test
    void aSchedulerEventInCoreV1HasOnlyAMicroTime() throws Exception {
        ClusterEvent e = (ClusterEvent) decode(yaml("""
                action: Binding
                apiVersion: v1
                eventTime: "2026-10-02T09:14:03.204518Z"
                firstTimestamp: null
                involvedObject: {kind: Pod, name: p, namespace: ns}
                kind: Event
                lastTimestamp: null
                message: Successfully assigned ns/p to ip-10-0-7-21.ec2.internal
                metadata: {name: p.1, namespace: ns, creationTimestamp: "2026-10-02T09:14:03Z"}
                reason: Scheduled
                reportingComponent: default-scheduler
                source: {}
                type: Normal
                """));
        assertEquals("2026-10-02T09:14:03.204518Z", e.first().format());
        assertEquals(TimePrecision.MICROSECOND, e.first().precision());
        assertEquals(e.first(), e.last());
        assertEquals(1, e.count(), "no count field means it was seen once");
        assertEquals("default-scheduler", e.reportedBy());
    }

    @Test
    void anEventsV1EventUsesRegardingNoteSeriesAndTheDeprecatedFields() throws Exception {
        ClusterEvent e = (ClusterEvent) decode(yaml("""
                apiVersion: events.k8s.io/v1
                deprecatedCount: 1
                deprecatedFirstTimestamp: "2026-10-02T09:21:40Z"
                deprecatedSource: {component: taint-eviction-controller}
                eventTime: "2026-10-02T09:21:40.512334Z"
                kind: Event
                metadata: {name: p.2, namespace: ns}
                note: Marking for deletion Pod ns/p
                reason: TaintManagerEviction
                regarding: {apiVersion: v1, kind: Pod, name: p, namespace: ns, uid: u-1}
                reportingController: taint-eviction-controller
                series: {count: 4, lastObservedTime: "2026-10-02T09:23:10.000001Z"}
                type: Normal
                """));
        assertEquals(ObjectKind.EVENTS_V1_EVENT, e.apiKind());
        assertEquals("Marking for deletion Pod ns/p", e.note());
        assertEquals("u-1", e.regarding().uid());
        assertEquals("2026-10-02T09:21:40.512334Z", e.first().format(), "eventTime wins over the deprecated whole-second copy");
        assertEquals("2026-10-02T09:23:10.000001Z", e.last().format());
        assertEquals(4, e.count(), "series.count");
        assertEquals("taint-eviction-controller", e.reportedBy());
    }

    @Test
    void anEventWithoutAnyTimeCannotBePlaced() throws Exception {
        ObjectDocument doc = yaml("apiVersion: v1\nkind: Event\nmetadata: {name: x}\nreason: Killing\ninvolvedObject: {kind: Pod, name: p}\n");
        assertThrows(RefusedObject.class, () -> decode(doc));
    }

    private static AuditRecord audit(String json) throws Exception {
        return (AuditRecord) decode(new ObjectDocument(new SourceRef("audit.log", 3), JSON.readTree(json)));
    }

    private static String auditLine(String level, String verb, String sub, String body, String stage) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"" + level + "\",\"auditID\":\"a-1\",\"stage\":\"" + stage + "\","
                + "\"requestURI\":\"/api/v1/namespaces/ns/pods/p\",\"verb\":\"" + verb + "\","
                + "\"user\":{\"username\":\"system:serviceaccount:argo:argo-workflow-controller\",\"groups\":[\"system:authenticated\"]},"
                + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"" + (sub == null ? "" : ",\"subresource\":\"" + sub + "\"") + "},"
                + (stage.equals("RequestReceived") ? "" : "\"responseStatus\":{\"metadata\":{},\"code\":200},")
                + (body == null ? "" : "\"requestObject\":" + body + ",")
                + "\"requestReceivedTimestamp\":\"2026-10-02T09:22:05.403112Z\",\"stageTimestamp\":\"2026-10-02T09:22:05.409876Z\"}";
    }

    @Test
    void aMergePatchThatEmptiesTheFinalizersRemovesTheStatusFinalizer() throws Exception {
        AuditRecord a = audit(auditLine("Request", "patch", null, "{\"metadata\":{\"finalizers\":[],\"resourceVersion\":\"5520811\"}}", "ResponseComplete"));
        assertEquals("patch", a.verb());
        assertEquals("system:serviceaccount:argo:argo-workflow-controller", a.user());
        assertEquals("pods/p", a.target());
        assertEquals(200, a.responseCode());
        assertEquals("2026-10-02T09:22:05.403112Z", a.requestReceived().format());
        assertEquals("2026-10-02T09:22:05.409876Z", a.time().format());
        assertEquals(TimePrecision.MICROSECOND, a.time().precision());
        assertTrue(a.mutating());
        assertTrue(a.requestBodyLogged());
        assertEquals(new FinalizerEdit.SetTo(List.of()), a.finalizers());
        assertTrue(a.finalizers().removes(PodSnapshot.STATUS_FINALIZER));
        assertEquals(2, a.stageRank());
    }

    @Test
    void strategicMergeJsonPatchAndFullUpdateBodies() throws Exception {
        FinalizerEdit deleted = audit(auditLine("Request", "patch", null,
                "{\"metadata\":{\"$deleteFromPrimitiveList/finalizers\":[\"workflows.argoproj.io/status\"]}}", "ResponseComplete")).finalizers();
        assertInstanceOf(FinalizerEdit.Deleted.class, deleted);
        assertTrue(deleted.removes(PodSnapshot.STATUS_FINALIZER));

        FinalizerEdit keeps = audit(auditLine("Request", "patch", null,
                "{\"metadata\":{\"finalizers\":[\"example.com/keep\",\"workflows.argoproj.io/status\"]}}", "ResponseComplete")).finalizers();
        assertFalse(keeps.removes(PodSnapshot.STATUS_FINALIZER));

        FinalizerEdit ops = audit(auditLine("Request", "patch", null,
                "[{\"op\":\"test\",\"path\":\"/metadata/resourceVersion\",\"value\":\"1\"},{\"op\":\"remove\",\"path\":\"/metadata/finalizers/0\"}]",
                "ResponseComplete")).finalizers();
        assertEquals(new FinalizerEdit.JsonPatch(List.of("remove /metadata/finalizers/0")), ops);
        assertFalse(ops.removes(PodSnapshot.STATUS_FINALIZER), "which entry index 0 was needs the object's prior state");

        FinalizerEdit update = audit(auditLine("RequestResponse", "update", null,
                "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p\"}}", "ResponseComplete")).finalizers();
        assertEquals(new FinalizerEdit.SetTo(List.of()), update, "an update without finalizers leaves none");

        assertNull(audit(auditLine("Request", "patch", null, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}", "ResponseComplete")).finalizers());
    }

    @Test
    void metadataLevelLogsNoBodyAndAnEvictionIsASubresource() throws Exception {
        AuditRecord patch = audit(auditLine("Metadata", "patch", null, null, "ResponseComplete"));
        assertFalse(patch.requestBodyLogged());
        assertNull(patch.finalizers());

        AuditRecord eviction = audit(auditLine("Metadata", "create", "eviction", null, "ResponseComplete"));
        assertEquals("pods/p/eviction", eviction.target());

        AuditRecord received = audit(auditLine("Request", "patch", null, "{\"metadata\":{\"finalizers\":null}}", "RequestReceived"));
        assertNull(received.responseCode());
        assertEquals(0, received.stageRank());
        assertEquals(new FinalizerEdit.SetTo(List.of()), received.finalizers(), "null empties the list in a merge patch");

        AuditRecord get = audit(auditLine("Metadata", "get", null, null, "ResponseComplete"));
        assertFalse(get.mutating());
    }
    /** An audit line on {@code RESOURCE/NAME} whose objectRef states {@code group} (null: no apiGroup field, as for the core group). */
    private static String onResource(String resource, String group) {
        return auditLine("Metadata", "delete", null, null, "ResponseComplete").replace("\"resource\":\"pods\"", "\"resource\":\"" + resource + "\"")
                .replace("\"apiVersion\":\"v1\"}", (group == null ? "" : "\"apiGroup\":\"" + group + "\",") + "\"apiVersion\":\"v1\"}");
    }

    @Test
    void aResourceOfAnotherApiGroupIsNamedWithItsGroupSoItIsNoPodOrWorkflow() throws Exception {
        // objectRef.resource alone does not name the object's kind: another CRD may be called workflows (a group of its own), and
        // metrics.k8s.io serves pods. Argo's Workflow is workflows in argoproj.io, the Pod pods in the core group ("" or no field).
        assertEquals("workflows", audit(onResource("workflows", "argoproj.io")).resource());
        assertEquals("workflowtaskresults", audit(onResource("workflowtaskresults", "argoproj.io")).resource());
        assertEquals("workflows.batch.example.com", audit(onResource("workflows", "batch.example.com")).resource());
        assertEquals("workflows.batch.example.com/p", audit(onResource("workflows", "batch.example.com")).target());
        assertEquals("pods", audit(onResource("pods", null)).resource());
        assertEquals("pods", audit(onResource("pods", "")).resource());
        assertEquals("pods.metrics.k8s.io", audit(onResource("pods", "metrics.k8s.io")).resource());
        assertEquals("pods.argoproj.io", audit(onResource("pods", "argoproj.io")).resource());
        // A Workflow record that states no group cannot be the core group's (it has no workflows): as written, read as Argo's.
        assertEquals("workflows", audit(onResource("workflows", null)).resource());
        assertEquals("namespaces", audit(onResource("namespaces", null)).resource());
    }
    /** A RequestResponse record of a Pod's status patch: the API server logged the Pod it stored, read as an export of it. */
    private static String withResponse(String level, String verb, String sub, int code, String response, String uri) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"" + level + "\",\"auditID\":\"a-2\",\"stage\":\"ResponseComplete\","
                + "\"requestURI\":\"" + uri + "\",\"verb\":\"" + verb + "\","
                + "\"user\":{\"username\":\"system:node:ip-10-20-33-14.us-west-2.compute.internal\",\"groups\":[\"system:nodes\"]},"
                + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"" + (sub == null ? "" : ",\"subresource\":\"" + sub + "\"") + "},"
                + "\"responseStatus\":{\"metadata\":{},\"code\":" + code + "},"
                + "\"requestObject\":{\"status\":{\"phase\":\"Failed\"}},"
                + (response == null ? "" : "\"responseObject\":" + response + ",")
                + "\"requestReceivedTimestamp\":\"2026-11-18T14:20:02.631877Z\",\"stageTimestamp\":\"2026-11-18T14:20:02.644518Z\"}";
    }

    private static final String STORED_POD = "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"u-7\","
            + "\"creationTimestamp\":\"2026-11-18T14:12:01Z\",\"deletionTimestamp\":\"2026-11-18T14:20:30Z\",\"deletionGracePeriodSeconds\":30},"
            + "\"spec\":{\"nodeName\":\"ip-10-20-33-14.us-west-2.compute.internal\"},\"status\":{\"phase\":\"Failed\",\"containerStatuses\":["
            + "{\"name\":\"main\",\"state\":{\"terminated\":{\"exitCode\":137,\"reason\":\"Error\",\"startedAt\":\"2026-11-18T14:12:05Z\","
            + "\"finishedAt\":\"2026-11-18T14:20:02Z\"}}}]}}";

    private static PodSnapshot returned(String line) throws Exception {
        ObjectDocument doc = new ObjectDocument(new SourceRef("audit.log", 6), JSON.readTree(line));
        return EventDecoder.responsePod(doc, (AuditRecord) decode(doc));
    }

    @Test
    void theStoredPodARequestResponseRecordReturnsIsReadAsAnExportOfIt() throws Exception {
        PodSnapshot p = returned(withResponse("RequestResponse", "patch", "status", 200, STORED_POD, "/api/v1/namespaces/ns/pods/p/status"));
        assertEquals("ns/p", p.namespace() + "/" + p.name());
        assertEquals("u-7", p.uid());
        assertEquals("Failed", p.phase());
        assertEquals("2026-11-18T14:20:30Z", p.deletionTimestamp().format());
        assertEquals(30L, p.deletionGracePeriodSeconds());
        assertEquals(Integer.valueOf(137), p.containers().get(0).exitCode());
        assertEquals("audit.log:6", p.source().toString(), "cited at the record that carries it");
        // Placed as an export stating no time: no earlier than the latest time inside (main's end), not at the record's time.
        assertEquals(ObservationBasis.LATEST_INSIDE, p.observed().basis());
        assertEquals("2026-11-18T14:20:02Z", p.observed().time().format());
        // The controller's finalizer patch returns the Pod too.
        assertEquals("p", returned(withResponse("RequestResponse", "patch", null, 200, STORED_POD, "/api/v1/namespaces/ns/pods/p")).name());
    }

    @Test
    void noPodWhereTheRecordStoredNoneOrReturnedAnotherObject() throws Exception {
        String uri = "/api/v1/namespaces/ns/pods/p/status";
        assertNull(returned(withResponse("Request", "patch", "status", 200, null, uri)), "the policy did not log the response");
        assertNull(returned(withResponse("RequestResponse", "patch", "status", 409,
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":409}", uri)), "refused: a Status");
        assertNull(returned(withResponse("RequestResponse", "patch", "status", 409, STORED_POD, uri)), "refused: nothing was stored");
        assertNull(returned(withResponse("RequestResponse", "create", "eviction", 201,
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\",\"code\":201}", "/api/v1/namespaces/ns/pods/p/eviction")),
                "a granted eviction returns a Status");
        assertNull(returned(withResponse("RequestResponse", "get", null, 200, STORED_POD, "/api/v1/namespaces/ns/pods/p")), "a read is not kept");
        assertNull(returned(withResponse("RequestResponse", "patch", "status", 200, STORED_POD, uri + "?dryRun=All")), "a dry run stored nothing");
        assertNull(returned(withResponse("RequestResponse", "patch", "status", 200, STORED_POD.replace("\"name\":\"p\"", "\"name\":\"q\""), uri)),
                "a Pod of another name is not this request's");
    }

    /**
     * Session 46 breaker, pins (pass before and after): a delete answered with the Pod (graceful: the Pod as stored, deletionTimestamp
     * set) is read; one answered with a Status (the object already gone, a store returning no object) adds nothing; a level-Request
     * record of a delete carries only the DeleteOptions; a create's pending Pod is read without a deletion (nothing reads a Pod that
     * carries no deletionTimestamp as "main never started" at the deletion).
     */
    @Test
    void aDeletesAnswerIsThePodOnlyWhenThePodWasReturned() throws Exception {
        String uri = "/api/v1/namespaces/ns/pods/p";
        PodSnapshot graceful = returned(withResponse("RequestResponse", "delete", null, 200, STORED_POD, uri));
        assertEquals("2026-11-18T14:20:30Z", graceful.deletionTimestamp().format());
        assertNull(returned(withResponse("RequestResponse", "delete", null, 200,
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\",\"details\":{\"name\":\"p\",\"kind\":\"pods\"}}", uri)),
                "a Status: no Pod");
        assertNull(returned(withResponse("Request", "delete", null, 200, null, uri)), "level Request: the DeleteOptions only");
        String pending = "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"u-7\","
                + "\"creationTimestamp\":\"2026-11-18T14:12:01Z\"},\"spec\":{},\"status\":{\"phase\":\"Pending\",\"qosClass\":\"Burstable\"}}";
        PodSnapshot created = returned(withResponse("RequestResponse", "create", null, 201, pending, "/api/v1/namespaces/ns/pods"));
        assertNull(created.deletionTimestamp());
        assertEquals("2026-11-18T14:12:01Z", created.observed().time().format(), "placed at its creation, no later");
    }
}
