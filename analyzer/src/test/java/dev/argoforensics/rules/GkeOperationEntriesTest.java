package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.WorkflowFate;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.timeline.TimelineBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 49 breaker: one request as GKE's Cloud Logging exports it in two entries, {@code operation.first} (no {@code status}) and
 * then {@code operation.last} (its outcome), both with the operation's {@code id} (the request's audit ID). An entry gives no
 * {@code requestReceivedTimestamp}: its {@code timestamp} is its own stage's time, so the two entries of one request carry two times.
 * Joined by auditID and receipt, the first entry stayed apart from its own outcome and read as a delete whose outcome is not logged:
 * a Workflow delete refused (PERMISSION_DENIED) became a request contesting the Workflow's standing, its Pod's timeline row said the
 * log lacked what it holds. The entries of one operation are one request within the cluster the export names.
 */
class GkeOperationEntriesTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String USER = "dana@etl-team.example";
    private static final String RECEIVED = "2026-09-19T16:35:00.000000Z";
    private static final String ANSWERED = "2026-09-19T16:35:00.012000Z";
    private static final String DENIED = "{\"code\":7,\"message\":\"workflows.argoproj.io \\\"p\\\" is forbidden\"}";
    private static final String RUNNING = Exports.workflow("Running", "Running", "", null, false, null);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /**
     * A Cloud Logging entry of a delete of {@code resource} ("pods" or "workflows") ns/p in cluster etl-west by dana; {@code operation}
     * JSON, {@code status} JSON or "" (none: a first entry's), at {@code at}.
     */
    private static String entry(String resource, String operation, String status, String at, String cluster) {
        String method = resource.equals("pods") ? "io.k8s.core.v1.pods.delete" : "io.k8s.argoproj.v1alpha1.workflows.delete";
        String name = resource.equals("pods") ? "core/v1/namespaces/ns/pods/p" : "argoproj.io/v1alpha1/namespaces/ns/workflows/p";
        return "{\"insertId\":\"" + Integer.toHexString((operation + at).hashCode()) + "\",\"logName\":\"projects/etl/logs/"
                + "cloudaudit.googleapis.com%2Factivity\",\"operation\":" + operation + ",\"protoPayload\":{\"@type\":"
                + "\"type.googleapis.com/google.cloud.audit.AuditLog\",\"serviceName\":\"k8s.io\",\"methodName\":\"" + method + "\","
                + "\"resourceName\":\"" + name + "\",\"authenticationInfo\":{\"principalEmail\":\"" + USER + "\"}"
                + (status.isEmpty() ? "" : ",\"status\":" + status) + "},\"resource\":{\"type\":\"k8s_cluster\",\"labels\":{\"cluster_name\":\""
                + cluster + "\",\"location\":\"europe-west1\",\"project_id\":\"etl\"}},\"timestamp\":\"" + at + "\"}";
    }

    private static String first(String resource, String id) {
        return entry(resource, "{\"id\":\"" + id + "\",\"producer\":\"k8s.io\",\"first\":true}", "", RECEIVED, "etl-west");
    }

    private static String first(String resource, String id, String cluster) {
        return entry(resource, "{\"id\":\"" + id + "\",\"producer\":\"k8s.io\",\"first\":true}", "", RECEIVED, cluster);
    }

    private static String last(String resource, String id, String status) {
        return last(resource, id, status, "etl-west");
    }

    private static String last(String resource, String id, String status, String cluster) {
        return entry(resource, "{\"id\":\"" + id + "\",\"producer\":\"k8s.io\",\"last\":true}", status, ANSWERED, cluster);
    }

    private static Correlation with(String... fileAndEntry) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", RUNNING);
        for (int i = 0; i < fileAndEntry.length; i += 2) {
            e.object(fileAndEntry[i], fileAndEntry[i + 1]);
        }
        return e.correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    private static List<Deletion> audited(Correlation c) {
        return life(c).deleters().stream().filter(d -> d.audit() != null).toList();
    }

    private static String podRow(Correlation c) {
        return new TimelineBuilder(c).build(c.podsNamed("ns", "p").get(0)).entries().stream()
                .filter(e -> e.kind().equals("audit:delete")).map(e -> e.text()).reduce("", (a, b) -> a + "\n" + b);
    }

    /** Attack: the Workflow's delete refused, its first and last entries: neither a deletion nor a request whose outcome is unknown. */
    @Test
    void aRefusedWorkflowDeleteInTwoEntriesIsNeither() {
        Correlation c = with("activity.json", first("workflows", "op-w"), "activity.json", last("workflows", "op-w", DENIED));
        WorkflowFate fate = c.fates().get(WF);
        assertNull(fate.deleted());
        assertNull(fate.requested());
        assertTrue(life(c).workflowDeleteUnlogged().isEmpty());
    }

    /** Control: granted ({@code status} {}), the two entries are the Workflow's deletion and leave no request beside it. */
    @Test
    void aGrantedWorkflowDeleteInTwoEntriesIsTheDeletion() {
        Correlation c = with("activity.json", first("workflows", "op-w"), "activity.json", last("workflows", "op-w", "{}"));
        WorkflowFate fate = c.fates().get(WF);
        assertNotNull(fate.deleted());
        assertTrue(fate.deleted().how().contains(USER), fate.deleted().how());
        assertNull(fate.requested());
        assertEquals(1, fate.audit().named().size());
    }

    /** Control: the first entry alone (the export ends before the operation's last) stays a request whose outcome is not logged. */
    @Test
    void theFirstEntryAloneIsStillARequest() {
        Correlation c = with("activity.json", first("workflows", "op-w"));
        assertNull(c.fates().get(WF).deleted());
        assertNotNull(c.fates().get(WF).requested());
    }

    /** Attack: the Pod's delete refused in two entries names no deleter, and its row does not say the log lacks the outcome. */
    @Test
    void aRefusedPodDeleteInTwoEntriesIsNoUnloggedRequest() {
        Correlation c = with("activity.json", first("pods", "op-p"), "activity.json", last("pods", "op-p", DENIED));
        assertEquals(List.of(), audited(c));
        assertFalse(podRow(c).contains("its outcome is not in the audit log"), podRow(c));
    }

    /**
     * Control: one operation ID in two clusters' exports (a client-supplied Audit-ID): the other cluster's granted entry completes
     * nothing of this cluster's request, whose first entry alone stays a request.
     */
    @Test
    void anOperationIdMetInAnotherClustersExportJoinsNothing() {
        Correlation c = with("west.json", first("workflows", "op-w"), "east.json", last("workflows", "op-w", "{}", "etl-east"));
        assertEquals(2, c.fates().get(WF).audit().named().size());
    }

    /**
     * Attack (session 50): two exports that name no cluster, whose entries share an operation id (a client-supplied Audit-ID): one
     * file's refusal does not complete the other's request, whose first entry alone stays a request whose outcome is not logged.
     */
    @Test
    void anOperationIdMetInAnotherClusterlessExportJoinsNothing() {
        Correlation c = with("west.json", first("workflows", "op-w", ""), "east.json", last("workflows", "op-w", DENIED, ""));
        WorkflowFate fate = c.fates().get(WF);
        assertEquals(2, fate.audit().named().size());
        assertNull(fate.deleted());
        assertNotNull(fate.requested());
    }

    /** Attack: the same, granted in the other file: the other cluster's grant is no deletion of this Workflow's. */
    @Test
    void aGrantInAnotherClusterlessExportIsNotThisRequestsOutcome() {
        Correlation c = with("west.json", first("pods", "op-p", ""), "east.json", last("pods", "op-p", DENIED, ""),
                "west.json", first("workflows", "op-w", ""), "east.json", last("workflows", "op-w", DENIED, ""));
        assertEquals(List.of(), audited(c));
        assertTrue(podRow(c).contains("its outcome is not in the audit log"), podRow(c));
    }

    /** Control: a cluster-less export's two entries of one operation in one file are still one request (refused: neither). */
    @Test
    void aClusterlessExportJoinsItsOwnEntries() {
        Correlation c = with("activity.json", first("workflows", "op-w", ""), "activity.json", last("workflows", "op-w", DENIED, ""));
        WorkflowFate fate = c.fates().get(WF);
        assertEquals(1, fate.audit().named().size());
        assertNull(fate.deleted());
        assertNull(fate.requested());
    }

    /** Control: a cluster-less export given twice (two names in the bundle) is one log: each request once, its grant the deletion. */
    @Test
    void aClusterlessExportGivenTwiceIsOneLog() {
        Correlation c = with("activity.json", first("workflows", "op-w", ""), "activity.json", last("workflows", "op-w", "{}", ""),
                "copy.json", first("workflows", "op-w", ""), "copy.json", last("workflows", "op-w", "{}", ""));
        WorkflowFate fate = c.fates().get(WF);
        assertEquals(1, fate.audit().named().size());
        assertNotNull(fate.deleted());
        assertNull(fate.requested());
    }
    /**
     * s50 breaker attack, answered in session 51: ONE cluster-less export split into two files, a refused Workflow delete's first
     * entry at the end of the first and its outcome at the start of the second. The files' paths differ only in their digits and their
     * times follow one another: one export ({@code AuditExportSets}), whose request is joined across them. Refused, it is neither a
     * deletion nor a request whose outcome is not logged.
     */
    @Test
    void s50BreakerAnExportRotatedMidOperationIsOneRequest() {
        Correlation c = with("activity-000.json", first("workflows", "op-w", ""), "activity-001.json", last("workflows", "op-w", DENIED, ""));
        WorkflowFate fate = c.fates().get(WF);
        assertNull(fate.deleted());
        assertNull(fate.requested());
        assertEquals(1, fate.audit().named().size());
        // Control: granted, the second file's outcome is the deletion, whatever the first file holds.
        Correlation granted = with("activity-000.json", first("workflows", "op-w", ""), "activity-001.json", last("workflows", "op-w", "{}", ""));
        assertNotNull(granted.fates().get(WF).deleted());
        assertNull(granted.fates().get(WF).requested());
    }

    /** The same for the Pod's delete: refused across the split, no deleter and no row saying the log lacks its outcome. */
    @Test
    void s51APodDeleteRefusedAcrossASplitIsNoUnloggedRequest() {
        Correlation c = with("audit/2026/09/19/16:00:00_16:59:59_S0.json", first("pods", "op-p", ""),
                "audit/2026/09/19/17:00:00_17:59:59_S0.json", last("pods", "op-p", DENIED, ""));
        assertEquals(List.of(), audited(c));
        assertFalse(podRow(c).contains("its outcome is not in the audit log"), podRow(c));
        // Control: granted across the split, the Pod's deleter is named.
        Correlation granted = with("audit/2026/09/19/16:00:00_16:59:59_S0.json", first("pods", "op-p", ""),
                "audit/2026/09/19/17:00:00_17:59:59_S0.json", last("pods", "op-p", "{}", ""));
        assertEquals(1, audited(granted).size());
        assertFalse(podRow(granted).contains("its outcome is not in the audit log"), podRow(granted));
    }

    /** The files given in either order join alike: the set is the files' paths and times, not the order they came in. */
    @Test
    void s51TheSplitJoinsWhateverOrderTheFilesAreGivenIn() {
        Correlation c = with("activity-001.json", last("workflows", "op-w", DENIED, ""), "activity-000.json", first("workflows", "op-w", ""));
        assertNull(c.fates().get(WF).deleted());
        assertNull(c.fates().get(WF).requested());
    }

    /**
     * Attack: two cluster-less files named alike whose times overlap (two clusters' exports named by number, or one log given twice in
     * two folders) are not pieces of one log: a refusal in one completes nothing of the other's request.
     */
    @Test
    void s51FilesNamedAlikeWhoseTimesOverlapStayApart() {
        String later = entry("pods", "{\"id\":\"op-x\",\"producer\":\"k8s.io\",\"first\":true}", "", "2026-09-19T16:36:00.000000Z", "");
        Correlation c = with("cluster-1.json", first("workflows", "op-w", ""), "cluster-1.json", later,
                "cluster-2.json", last("workflows", "op-w", DENIED, ""));
        WorkflowFate fate = c.fates().get(WF);
        assertNull(fate.deleted());
        assertNotNull(fate.requested());
        assertEquals(2, fate.audit().named().size());
        // Control: named apart (west, east), following one another in time, they stay apart too (session 50).
        Correlation named = with("west.json", first("workflows", "op-w", ""), "east.json", last("workflows", "op-w", DENIED, ""));
        assertNotNull(named.fates().get(WF).requested());
        // Control: a split in other folders (dump-1/activity.json, dump-2/activity.json) following one another is one export.
        Correlation folders = with("dump-1/activity.json", first("workflows", "op-w", ""), "dump-2/activity.json", last("workflows", "op-w", DENIED, ""));
        assertNull(folders.fates().get(WF).requested());
    }

    /**
     * s51 breaker: two clusters' cluster-less exports named alike ({@code cluster-1/activity.json}, {@code cluster-2/activity.json}), one
     * ending before the other starts, both holding a complete request under one client-supplied operation id: cluster 1 refused a
     * delete of its own ns/p, cluster 2 granted the delete of this Pod. The pieces of one log hold each entry of a request once; a
     * request complete in two files is two requests, and the refusal must not take the other cluster's grant away.
     */
    @Test
    void s51BreakerARequestCompleteInTwoFilesNamedAlikeIsTwoRequests() {
        String op = "op-z";
        String[] refused = {entry("pods", "{\"id\":\"" + op + "\",\"producer\":\"k8s.io\",\"first\":true}", "", "2026-09-19T16:20:00.000000Z", ""),
            entry("pods", "{\"id\":\"" + op + "\",\"producer\":\"k8s.io\",\"last\":true}", DENIED, "2026-09-19T16:20:00.012000Z", "")};
        String[] granted = {entry("pods", "{\"id\":\"" + op + "\",\"producer\":\"k8s.io\",\"first\":true}", "", "2026-09-19T16:39:59.000000Z", ""),
            entry("pods", "{\"id\":\"" + op + "\",\"producer\":\"k8s.io\",\"last\":true}", "{}", "2026-09-19T16:39:59.012000Z", "")};
        // Control: cluster 2's export alone names the Pod's deleter.
        assertEquals(1, audited(with("cluster-2/activity.json", granted[0], "cluster-2/activity.json", granted[1])).size());
        for (boolean reversed : new boolean[] {false, true}) {
            Correlation c = reversed
                    ? with("cluster-2/activity.json", granted[0], "cluster-2/activity.json", granted[1], "cluster-1/activity.json", refused[0],
                            "cluster-1/activity.json", refused[1])
                    : with("cluster-1/activity.json", refused[0], "cluster-1/activity.json", refused[1], "cluster-2/activity.json", granted[0],
                            "cluster-2/activity.json", granted[1]);
            assertEquals(1, audited(c).size(), "reversed=" + reversed + " " + podRow(c));
        }
        // Control: a real split (the first entry in one piece, the outcome in the next) still joins: refused, no deleter.
        assertEquals(List.of(), audited(with("cluster-1/activity.json", granted[0], "cluster-2/activity.json", refused[1]
                .replace("2026-09-19T16:20:00.012000Z", "2026-09-19T16:39:59.012000Z"))));
    }
}
