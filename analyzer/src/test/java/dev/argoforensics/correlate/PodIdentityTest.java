package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.correlate.PodIdentity.UidBasis;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Pod deleted and created again with the same name is another Pod (upstream #8022): each UID gets
 * its own history, and records without a UID go to the one whose lifetime covers them.
 */
class PodIdentityTest {

    private static String pod(String uid, String created) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: " + uid + "\n  creationTimestamp: \"" + created + "\"\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n  annotations: {workflows.argoproj.io/node-id: p}\nstatus: {phase: Running}\n";
    }

    private static String created(String t) {
        return V4.createdPod(t);
    }

    /** Two Workflows named p one after the other, each with its root Pod p; the old one's delayed cleanup runs after the new Pod exists. */
    private static Correlation recreated() {
        return new Evidence()
                .log("a.log",
                        created("2026-10-02T10:00:00.100Z"),
                        V4.podEvent("2026-10-02T10:00:00.120Z", "add"),
                        V4.podEvent("2026-10-02T10:05:00.050Z", "delete"),
                        created("2026-10-02T10:05:00.050Z"),
                        V4.podEvent("2026-10-02T10:05:00.060Z", "add"),
                        V4.cleaningUp("2026-10-02T10:05:00.500Z", "deletePod"))
                .log("b.log", V4.podEvent("2026-10-02T10:05:00.020Z", "update"))
                .pod("old.yaml", pod("u-1", "2026-10-02T10:00:00Z"))
                .pod("new.yaml", pod("u-2", "2026-10-02T10:05:00Z"))
                .object("events.yaml", "apiVersion: v1\nkind: Event\nreason: Killing\nmessage: Stopping container main\n"
                        + "involvedObject: {kind: Pod, namespace: ns, name: p, uid: u-1, fieldPath: \"spec.containers{main}\"}\n"
                        + "firstTimestamp: \"2026-10-02T10:05:03Z\"\nlastTimestamp: \"2026-10-02T10:05:03Z\"\nmetadata: {name: p.1, namespace: ns}\n")
                .object("audit.log", "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"a-1\","
                        + "\"stage\":\"ResponseComplete\",\"verb\":\"delete\",\"user\":{\"username\":\"alice@example.com\"},"
                        + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"},"
                        + "\"responseStatus\":{\"code\":200},\"requestReceivedTimestamp\":\"2026-10-02T10:04:58.500000Z\","
                        + "\"stageTimestamp\":\"2026-10-02T10:04:58.512000Z\"}")
                .correlate();
    }

    private static List<Long> lines(PodHistory h, String file) {
        return h.events().stream().filter(e -> e.source().file().equals(file)).map(e -> e.source().line()).toList();
    }

    @Test
    void eachUidIsAPodOfItsOwn() {
        List<PodHistory> pods = recreated().podsNamed("ns", "p");
        assertEquals(2, pods.size());
        assertEquals(List.of("u-1", "u-2"), pods.stream().map(PodHistory::uid).toList());
        assertEquals("old.yaml:1", pods.get(0).snapshots().get(0).source().toString());
        assertEquals("new.yaml:1", pods.get(1).snapshots().get(0).source().toString());
    }

    @Test
    void linesGoToThePodWhoseCreatedPodLineTheyFollow() {
        List<PodHistory> pods = recreated().podsNamed("ns", "p");
        assertEquals(List.of(1L, 2L, 3L), lines(pods.get(0), "a.log"), "line 3 has the Created pod line's millisecond but comes before it");
        assertEquals(List.of(4L, 5L, 6L), lines(pods.get(1), "a.log"), "the old Workflow's delayed cleanup acts on the new Pod (#8022)");
        assertEquals(List.of(1L), lines(pods.get(0), "b.log"), "another stream's line certainly before the new Pod's Created pod line");
    }

    @Test
    void recordsWithAUidGoByUidOthersByTime() {
        List<PodHistory> pods = recreated().podsNamed("ns", "p");
        assertEquals(1, pods.get(0).clusterEvents().size(), "the Killing event names u-1 although it falls in u-2's lifetime");
        assertEquals(0, pods.get(1).clusterEvents().size());
        assertEquals(1, pods.get(0).auditRecords().size());
        assertEquals(0, pods.get(1).auditRecords().size());
    }

    private static String audit(String id, String verb, String subresource, String uid, String at) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"" + id + "\","
                + "\"stage\":\"ResponseComplete\",\"verb\":\"" + verb + "\",\"user\":{\"username\":\"system:node:n1\"},"
                + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\""
                + (uid.isEmpty() ? "" : ",\"uid\":\"" + uid + "\"") + (subresource.isEmpty() ? "" : ",\"subresource\":\"" + subresource + "\"")
                + "},\"responseStatus\":{\"code\":200},\"requestReceivedTimestamp\":\"" + at + "\",\"stageTimestamp\":\"" + at + "\"}";
    }

    @Test
    void anAuditRecordGoesByItsObjectRefUidAndOneContradictingTheExportsIsNoOnesButADeleteStays() {
        // Recheck s35: objectRef.uid names the object a request changed (an update sends the whole object). One naming u-1 in u-2's
        // lifetime is u-1's; one naming a UID no export shows, where its time gives it to an exported Pod, is another object's (an
        // audit file of another cluster given beside, with the same names) and shows nothing of either; a delete stays by its time
        // whatever its UID (a UID never takes a deletion away). Control: the same update without a UID goes by its time.
        Correlation c = new Evidence()
                .log("a.log", created("2026-10-02T10:00:00.100Z"), created("2026-10-02T10:05:00.050Z"))
                .pod("old.yaml", pod("u-1", "2026-10-02T10:00:00Z"))
                .pod("new.yaml", pod("u-2", "2026-10-02T10:05:00Z"))
                .object("audit.log", audit("a-1", "update", "", "u-1", "2026-10-02T10:06:00.000000Z"))
                .object("audit.log", audit("a-2", "update", "", "u-9", "2026-10-02T10:07:00.000000Z"))
                .object("audit.log", audit("a-3", "update", "", "", "2026-10-02T10:08:00.000000Z"))
                .object("audit.log", audit("a-4", "delete", "", "u-9", "2026-10-02T10:09:00.000000Z"))
                .correlate();
        List<PodHistory> pods = c.podsNamed("ns", "p");
        assertEquals(List.of("a-1"), pods.get(0).auditRecords().stream().map(a -> a.auditId()).toList());
        assertEquals(List.of("a-3", "a-4"), pods.get(1).auditRecords().stream().map(a -> a.auditId()).sorted().toList());
    }

    @Test
    void theIdentitySaysHowTheUidWasChosen() {
        List<PodHistory> pods = recreated().podsNamed("ns", "p");
        PodIdentity first = pods.get(0).identity();
        assertEquals(UidBasis.LIFETIME, first.basis());
        assertNull(first.from());
        assertEquals("2026-10-02T10:05:00.050Z", first.until().format());
        assertEquals("UID from old.yaml:1, one of 2 exported for this name (the Pod was recreated); records without a UID are given to it "
                + "until 2026-10-02T10:05:00.050Z, when the next one starts", first.describe());
        assertEquals("UID from new.yaml:1, one of 2 exported for this name (the Pod was recreated); records without a UID are given to it "
                + "from 2026-10-02T10:05:00.050Z (a.log:4) on", pods.get(1).identity().describe());
    }

    /**
     * Only the first Pod exported, and the name created again after it (a Workflow submitted again under the same name): the
     * lines after the second Created pod line are another Pod's, known by no UID, not the exported one's (#8022's shape).
     */
    @Test
    void aLaterCreatedPodLineStartsAPodWithoutTheExportedUid() {
        Correlation c = new Evidence()
                .log("a.log",
                        created("2026-10-02T10:00:00.100Z"),
                        V4.podEvent("2026-10-02T10:00:00.120Z", "add"),
                        V4.podEvent("2026-10-02T10:05:00.010Z", "delete"),
                        created("2026-10-02T10:06:00.050Z"),
                        V4.podEvent("2026-10-02T10:06:00.060Z", "add"))
                .pod("old.yaml", pod("u-1", "2026-10-02T10:00:00Z"))
                .correlate();
        List<PodHistory> pods = c.podsNamed("ns", "p");
        assertEquals(2, pods.size());
        PodHistory exported = pods.stream().filter(h -> h.uid().equals("u-1")).findFirst().orElseThrow();
        PodHistory later = pods.stream().filter(h -> h.uid().isEmpty()).findFirst().orElseThrow();
        assertEquals(List.of(1L, 2L, 3L), lines(exported, "a.log"));
        assertEquals(List.of(4L, 5L), lines(later, "a.log"));
        assertEquals("UID from old.yaml:1, the only one exported for this name; records without a UID are given to it until "
                + "2026-10-02T10:06:00.050Z, when a later Pod of the name was created", exported.identity().describe());
    }

    @Test
    void oneUidOrNone() {
        Correlation one = new Evidence().log("a.log", created("2026-10-02T10:00:00.100Z")).pod("p.yaml", pod("u-1", "2026-10-02T10:00:00Z")).correlate();
        PodHistory only = one.podsNamed("ns", "p").get(0);
        assertEquals(UidBasis.ONLY_UID, only.identity().basis());
        assertEquals(new PodKey("ns", "p", "u-1"), only.key());
        assertEquals(1, only.events().size());

        Correlation none = new Evidence().log("a.log", created("2026-10-02T10:00:00.100Z")).correlate();
        PodHistory unknown = none.podsNamed(null, "p").get(0);
        assertEquals(UidBasis.NONE, unknown.identity().basis());
        assertEquals("", unknown.uid());
        assertEquals("UID unknown: no export of the Pod gave one", unknown.identity().describe());
    }

    /**
     * The same lines twice in one file (a controller log appended twice with {@code >>} over overlapping spans, an excerpt
     * pasted twice): the repeated Created pod line is the same record, not a later Pod of the name; every line stays the
     * exported Pod's (the repeat split it, giving its deletion to a Pod that never existed). Negative control: a Created pod
     * line at another instant after the Pod's deletion is a later Pod, as {@link #aLaterCreatedPodLineStartsAPodWithoutTheExportedUid}.
     */
    @Test
    void theSameCreatedPodLineReadTwiceInOneFileIsOnePod() {
        Correlation c = new Evidence()
                .log("a.log",
                        created("2026-10-02T10:00:00.100Z"),
                        V4.podEvent("2026-10-02T10:00:00.120Z", "add"),
                        V4.podEvent("2026-10-02T10:01:00.000Z", "update"),
                        created("2026-10-02T10:00:00.100Z"),
                        V4.podEvent("2026-10-02T10:00:00.120Z", "add"),
                        V4.podEvent("2026-10-02T10:01:00.000Z", "update"),
                        V4.podEvent("2026-10-02T10:05:00.010Z", "delete"))
                .pod("old.yaml", pod("u-1", "2026-10-02T10:00:00Z"))
                .correlate();
        List<PodHistory> pods = c.podsNamed("ns", "p");
        assertEquals(1, pods.size(), () -> pods.stream().map(h -> h.uid() + "=" + lines(h, "a.log")).toList().toString());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), lines(pods.get(0), "a.log"));
        assertEquals("u-1", pods.get(0).uid());
    }

    /**
     * Session 58: the first of the Pods a name's Created pod lines split apart has no start of its own (its Created pod line not in
     * the evidence): described from the evidence's start, not a crash of the report (the judgment's seed 4). The negative control: the
     * next one's start is named.
     */
    @Test
    void theFirstOfThePodsTheLinesSplitIsDescribedFromTheStartOfTheEvidence() {
        dev.argoforensics.time.Timestamp next = dev.argoforensics.time.Timestamp.parseRfc3339("2026-10-02T10:05:00.050Z",
                dev.argoforensics.time.TimePrecision.MILLISECOND, true);
        PodIdentity first = new PodIdentity(UidBasis.CREATED_LINES, null, null, null, next, 2);
        assertEquals("UID unknown: one of 2 Pods of the name the controller created one after the other (its Created pod lines, each after"
                + " the earlier Pod's cleanup); records without a UID are given to it from the start of the evidence until "
                + next.format() + ", when the next one was created", first.describe());
        PodIdentity second = new PodIdentity(UidBasis.CREATED_LINES, null, next, null, null, 2);
        assertEquals(true, second.describe().contains("given to it from " + next.format()), second.describe());
    }
}
