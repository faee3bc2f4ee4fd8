package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.read.SnapshotFileReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineBuilder;
import dev.argoforensics.timeline.TimelineEntry;
import dev.argoforensics.testing.Notes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Audit records and kubelet lines as GKE, EKS and AKS export them: classified by content, read into the same observations. */
class ManagedExportsTest {
    @TempDir
    Path dir;

    private static final String POD = "core/v1/namespaces/etl/pods/nightly-load-7fk2q-extract-2290415161";
    private static final String GKE_DELETE = "{\"insertId\":\"a1\",\"operation\":{\"id\":\"op-1\",\"first\":true,\"last\":true,\"producer\":\"k8s.io\"},"
            + "\"protoPayload\":{\"@type\":\"type.googleapis.com/google.cloud.audit.AuditLog\",\"serviceName\":\"k8s.io\","
            + "\"methodName\":\"io.k8s.core.v1.pods.delete\",\"resourceName\":\"" + POD + "\","
            + "\"authenticationInfo\":{\"principalEmail\":\"dana@etl-team.example\"},"
            + "\"request\":{\"@type\":\"core.k8s.io/v1.DeleteOptions\",\"kind\":\"DeleteOptions\",\"gracePeriodSeconds\":30.0},\"status\":{}},"
            + "\"resource\":{\"type\":\"k8s_cluster\",\"labels\":{\"cluster_name\":\"etl-west\"}},"
            + "\"timestamp\":\"2026-11-03T08:15:42.518204Z\",\"receiveTimestamp\":\"2026-11-03T08:15:47.100231904Z\"}";

    private record Read(InputFile file, InputSummary summary, List<ExportedObject> objects) {
        <T> List<T> of(Class<T> type) {
            return objects.stream().filter(type::isInstance).map(type::cast).toList();
        }
    }

    private Read read(String name, String content) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        InputFile f = new InputClassifier().classify(name, p);
        List<ExportedObject> out = new ArrayList<>();
        InputSummary s = f.kind() == InputKind.SNAPSHOT ? new SnapshotFileReader().read(f, null, out::add) : null;
        return new Read(f, s, out);
    }

    @Test
    void gkeJsonArrayGivesWhoDeletedThePodWhenAndWithWhatGrace() throws Exception {
        Read r = read("gke.json", "[\n" + GKE_DELETE + "\n]\n");
        assertEquals("JSON: Cloud Logging audit entry (GKE)", r.summary().format());
        AuditRecord a = r.of(AuditRecord.class).get(0);
        assertEquals("delete", a.verb());
        assertEquals("pods", a.resource());
        assertEquals("etl", a.namespace());
        assertEquals("nightly-load-7fk2q-extract-2290415161", a.name());
        assertEquals("", a.subresource());
        assertEquals("dana@etl-team.example", a.user());
        assertEquals("2026-11-03T08:15:42.518204Z", a.time().format());
        assertEquals("op-1", a.auditId());
        assertEquals("OK", a.outcome());
        assertNull(a.responseCode(), "GKE gives no HTTP code: none is made up");
        assertEquals(30L, a.gracePeriodSeconds());
        assertEquals("GKE Cloud Logging, cluster etl-west", a.exporter());
        assertTrue(a.effective());
    }

    @Test
    void gkeJsonLinesAreReadByContentAndOtherEntriesAreNotPodDeletions() throws Exception {
        String denied = GKE_DELETE.replace("\"status\":{}", "\"status\":{\"code\":7,\"message\":\"Forbidden\"}").replace("op-1", "op-2");
        String configMap = GKE_DELETE.replace("io.k8s.core.v1.pods.delete", "io.k8s.core.v1.configmaps.update")
                .replace("pods/nightly-load-7fk2q-extract-2290415161", "configmaps/etl-settings").replace("op-1", "op-3");
        String cluster = "{\"insertId\":\"c9\",\"protoPayload\":{\"@type\":\"type.googleapis.com/google.cloud.audit.AuditLog\","
                + "\"serviceName\":\"container.googleapis.com\",\"methodName\":\"google.container.v1.ClusterManager.SetNodePoolSize\"},"
                + "\"timestamp\":\"2026-11-03T08:20:00Z\"}";
        Read r = read("cloud-logging.log", String.join("\n", GKE_DELETE, denied, configMap, cluster) + "\n");
        assertEquals(InputKind.SNAPSHOT, r.file().kind(), "never read as controller lines");
        assertEquals("JSON: Cloud Logging audit entry (GKE) ×3, Cloud Logging audit entry of container.googleapis.com (ignored)",
                r.summary().format());
        List<AuditRecord> audit = r.of(AuditRecord.class);
        assertEquals(3, audit.size());
        assertFalse(audit.get(1).effective(), "a denied delete deleted nothing");
        assertEquals("PERMISSION_DENIED (7): Forbidden", audit.get(1).outcome());
        assertEquals("configmaps", audit.get(2).resource());
        assertEquals("update", audit.get(2).verb());
        assertNull(audit.get(2).gracePeriodSeconds());
    }

    @Test
    void gkeResourceNamesStateTheGroupAndAnotherGroupsWorkflowsAreNotArgos() throws Exception {
        // resourceName starts with group/version: core/v1 is the core group, argoproj.io/v1alpha1 Argo's; another CRD called
        // workflows is named with its group, as kubectl names it, so no reading takes it for the Workflow.
        String argo = GKE_DELETE.replace("io.k8s.core.v1.pods.delete", "io.argoproj.v1alpha1.workflows.delete")
                .replace(POD, "argoproj.io/v1alpha1/namespaces/etl/workflows/nightly-load-7fk2q").replace("op-1", "op-4");
        String other = argo.replace("argoproj.io/v1alpha1/", "batch.example.com/v1/").replace("op-4", "op-5");
        List<AuditRecord> audit = read("cloud-logging.log", String.join("\n", GKE_DELETE, argo, other) + "\n").of(AuditRecord.class);
        assertEquals(List.of("pods", "workflows", "workflows.batch.example.com"), audit.stream().map(AuditRecord::resource).toList());
        assertEquals("nightly-load-7fk2q", audit.get(2).name());
    }

    @Test
    void gcloudYamlIsNotIgnoredAndAFinalizerPatchIsRead() throws Exception {
        String yaml = """
                insertId: b7
                operation:
                  first: true
                  id: op-9
                  last: true
                protoPayload:
                  '@type': type.googleapis.com/google.cloud.audit.AuditLog
                  authenticationInfo:
                    principalEmail: system:serviceaccount:argo:argo-workflow-controller
                  methodName: io.k8s.core.v1.pods.patch
                  request:
                    '@type': k8s.io/Patch
                    metadata:
                      finalizers: []
                  resourceName: core/v1/namespaces/etl/pods/nightly-load-7fk2q-extract-2290415161
                  serviceName: k8s.io
                  status: {}
                resource:
                  labels:
                    cluster_name: etl-west
                timestamp: '2026-11-03T08:15:43.004417Z'
                ---
                insertId: b8
                jsonPayload:
                  message: a container log line
                resource:
                  type: k8s_container
                timestamp: '2026-11-03T08:15:44Z'
                """;
        Read r = read("gcloud-read", yaml);
        assertEquals(InputKind.SNAPSHOT, r.file().kind());
        assertEquals("YAML: Cloud Logging audit entry (GKE), Cloud Logging entry (ignored)", r.summary().format());
        AuditRecord a = r.of(AuditRecord.class).get(0);
        assertEquals("patch", a.verb());
        assertTrue(a.finalizers().removes(PodSnapshot.STATUS_FINALIZER));
        assertEquals("system:serviceaccount:argo:argo-workflow-controller", a.user());
    }

    private static final String EVENT = "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"e-1\","
            + "\"stage\":\"ResponseComplete\",\"verb\":\"delete\",\"user\":{\"username\":\"kubernetes-admin\"},"
            + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"etl\",\"name\":\"nightly-load-7fk2q-extract-2290415161\"},"
            + "\"responseStatus\":{\"code\":200},\"requestReceivedTimestamp\":\"2026-11-03T08:15:42.518204Z\","
            + "\"stageTimestamp\":\"2026-11-03T08:15:42.530911Z\"}";

    private static String quoted(String json) {
        return json.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    @Test
    void eksFilterLogEventsCarriesTheEventAsText() throws Exception {
        Read r = read("events.json", "{\"events\":[{\"logStreamName\":\"kube-apiserver-audit-1a2b\",\"timestamp\":1793693742518,"
                + "\"message\":\"" + quoted(EVENT) + "\",\"ingestionTime\":1793693744000,\"eventId\":\"3851\"}],\"searchedLogStreams\":[]}\n");
        assertEquals("JSON: audit Event in a log export", r.summary().format(), "not core Events, whatever the file is called");
        AuditRecord a = r.of(AuditRecord.class).get(0);
        assertEquals("kubernetes-admin", a.user());
        assertEquals("EKS CloudWatch Logs", a.exporter());
        assertEquals("200", a.outcome());
        assertEquals("2026-11-03T08:15:42.530911Z", a.time().format());
    }

    @Test
    void eksS3ExportLinesAndABrokenLine() throws Exception {
        Read r = read("000000.txt", "2026-11-03T08:15:42.531Z " + EVENT + "\n2026-11-03T08:15:43.000Z not json\n");
        assertEquals(InputKind.SNAPSHOT, r.file().kind());
        assertEquals(1, r.of(AuditRecord.class).size());
        assertEquals(1, r.summary().unparsed());
        assertTrue(r.summary().samples().get(0).toString().contains("expected \"<time> {audit Event JSON}\""), r.summary().samples().toString());
        assertEquals(2, r.summary().samples().get(0).source().line());
    }

    @Test
    void eksLogsInsightsCsvIsAnAuditExportNotAControllerCsv() throws Exception {
        Read r = read("logs-insights-results.csv", "@timestamp,@message\n\"2026-11-03 08:15:42.531\",\"" + EVENT.replace("\"", "\"\"") + "\"\n");
        assertEquals(InputKind.SNAPSHOT, r.file().kind());
        AuditRecord a = r.of(AuditRecord.class).get(0);
        assertEquals("EKS CloudWatch Logs", a.exporter());
        assertEquals(2, a.source().line());
        Read controller = read("controller.csv", "timestamp,pod,line\n2026-11-03T08:15:42.531Z,workflow-controller-6c9d,"
                + "\"time=\"\"2026-11-03T08:15:42.531Z\"\" level=info msg=\"\"Processing workflow\"\"\"\n");
        assertEquals(InputKind.LOG, controller.file().kind(), "a controller CSV export stays a log");
    }

    @Test
    void aksRecordsTakeOnlyKubeAuditCategories() throws Exception {
        String audit = "{\"time\":\"2026-11-03T08:15:42.6Z\",\"resourceId\":\"/SUBSCRIPTIONS/0/MANAGEDCLUSTERS/ETL\",\"category\":\"kube-audit-admin\","
                + "\"operationName\":\"Microsoft.ContainerService/managedClusters/diagnosticLogs/Read\",\"properties\":{\"log\":\"" + quoted(EVENT)
                + "\",\"stream\":\"stdout\"}}";
        String apiserver = "{\"time\":\"2026-11-03T08:15:42.7Z\",\"resourceId\":\"/SUBSCRIPTIONS/0/MANAGEDCLUSTERS/ETL\",\"category\":\"kube-apiserver\","
                + "\"properties\":{\"log\":\"I1103 08:15:42.700000       1 trace.go:236] Trace[1]: \\\"Delete\\\"\"}}";
        Read r = read("PT1H.json", "{\"records\":[" + audit + "," + apiserver + "]}\n");
        assertEquals("JSON: Azure diagnostics record, category kube-apiserver (ignored), audit Event in a log export", r.summary().format());
        List<AuditRecord> a = r.of(AuditRecord.class);
        assertEquals(1, a.size());
        assertEquals("AKS diagnostics, kube-audit-admin", a.get(0).exporter());
        Read lines = read("aks.log", apiserver + "\n");
        assertEquals(InputKind.LOG, lines.file().kind(), "a non-audit Azure record holds no audit Event: not taken for one");
    }

    private static final String JOURNAL = """
            -- Logs begin at Tue 2026-11-03 07:00:01 UTC. --
            Nov 03 08:15:42 gke-etl-pool-3f9a kubelet[1873]: I1103 08:15:42.601233    1873 kubelet.go:2447] "SyncLoop DELETE" source="api" pods=["etl/nightly-load-7fk2q-extract-2290415161"]
            Nov 03 08:15:42 gke-etl-pool-3f9a kubelet[1873]: I1103 08:15:42.602118    1873 kuberuntime_container.go:809] "Killing container with a grace period" pod="etl/nightly-load-7fk2q-extract-2290415161" podUID="7c1e9a3b-5d2f-4e6a-8b0c-1d3e5f7a9b2c" containerName="main" containerID="containerd://4be1" gracePeriod=30
            Nov 03 08:15:43 gke-etl-pool-3f9a kubelet[1873]: I1103 08:15:43.100220    1873 kubelet_volumes.go:163] "Cleaned up orphaned pod volumes dir" podUID="0a1b"
            Nov 03 08:15:44 gke-etl-pool-3f9a containerd[901]: time="2026-11-03T08:15:44.1Z" level=info msg="StopContainer for \\"4be1\\" with timeout 30 (s)"
            """;

    @Test
    void kubeletJournalLinesAreReadAndTheOthersCounted() throws Exception {
        Read r = read("kubelet.txt", JOURNAL);
        assertEquals(InputKind.SNAPSHOT, r.file().kind());
        assertEquals("kubelet journal: containerd journal line, another message (ignored), kubelet journal entry ×2, "
                + "kubelet journal line, another message (ignored)", r.summary().format());
        List<NodeLogEntry> n = r.of(NodeLogEntry.class);
        assertEquals(NodeLogEntry.Action.SYNC_DELETE, n.get(0).action());
        assertEquals(List.of("etl/nightly-load-7fk2q-extract-2290415161"), n.get(0).pods());
        NodeLogEntry kill = n.get(1);
        assertEquals(NodeLogEntry.Action.KILLING_CONTAINER, kill.action());
        assertEquals("main", kill.container());
        assertEquals(30L, kill.gracePeriodSeconds());
        assertEquals("gke-etl-pool-3f9a", kill.host());
        assertNull(kill.time(), "journalctl prints no year: none is guessed while reading");
        assertEquals("1103 08:15:42.602118", kill.clock());
        Read controller = read("controller-journal.txt",
                "Nov 03 08:15:42 node-1 workflow-controller[1]: time=\"2026-11-03T08:15:42.000Z\" level=info msg=\"Processing workflow\"\n");
        assertEquals(InputKind.LOG, controller.file().kind(), "a journal of the controller is a controller log");
    }

    @Test
    void cloudLoggingJournaldEntriesTakeTheEntrysYear() throws Exception {
        String kill = "{\"jsonPayload\":{\"_SYSTEMD_UNIT\":\"kubelet.service\",\"_HOSTNAME\":\"gke-etl-pool-3f9a\",\"MESSAGE\":\"I1103 08:15:42.602118    1873"
                + " kuberuntime_container.go:809] \\\"Killing container with a grace period\\\" pod=\\\"etl/p\\\" podUID=\\\"u\\\" containerName=\\\"main\\\""
                + " containerID=\\\"containerd://4be1\\\" gracePeriod=30\"},\"resource\":{\"type\":\"k8s_node\",\"labels\":{\"node_name\":\"gke-etl-pool-3f9a\"}},"
                + "\"timestamp\":\"2026-11-03T08:15:42.602118Z\"}";
        String other = kill.replace("Killing container with a grace period", "Probe failed");
        Read r = read("node-logs.json", kill + "\n" + other + "\n");
        assertEquals("JSON: kubelet journal entry, kubelet journal entry, another message (ignored)", r.summary().format());
        NodeLogEntry e = r.of(NodeLogEntry.class).get(0);
        assertEquals("2026-11-03T08:15:42.602118Z", e.time().format());
        assertEquals(List.of("etl/p"), e.pods());
    }

    @Test
    void theTimelineShowsKubeletLinesInTheYearOfTheExports() throws Exception {
        Files.writeString(dir.resolve("kubelet.txt"), JOURNAL);
        Files.writeString(dir.resolve("pod.yaml"), """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: nightly-load-7fk2q-extract-2290415161
                  namespace: etl
                  uid: 7c1e9a3b-5d2f-4e6a-8b0c-1d3e5f7a9b2c
                  creationTimestamp: "2026-11-03T08:01:10Z"
                """);
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults()).run(List.of(dir.toString()));
        PodHistory pod = result.correlation().podsNamed("etl", "nightly-load-7fk2q-extract-2290415161").get(0);
        assertEquals(2, pod.nodeLogs().size());
        Timeline t = new TimelineBuilder(result.correlation()).build(pod);
        TimelineEntry kill = t.entries().stream().filter(e -> e.kind().equals("kubelet:killing")).findFirst().orElseThrow();
        assertEquals("2026-11-03T08:15:42.602118Z", kill.time().format());
        assertEquals("kubelet on gke-etl-pool-3f9a stops container main (containerd://4be1) with grace period 30s", kill.text());
        assertTrue(t.entries().stream().anyMatch(e -> e.kind().equals("kubelet:delete-seen")));
    }

    @Test
    void withoutADatedExportPlainJournalLinesAreNotPlacedAndTheSummarySaysSo() throws Exception {
        Files.writeString(dir.resolve("kubelet.txt"), JOURNAL);
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults()).run(List.of(dir.toString()));
        InputSummary s = result.inputs().get(0);
        assertTrue(Notes.words(s.notes()).stream().anyMatch(n -> n.startsWith("2 kubelet lines print no year")), Notes.words(s.notes()).toString());
        assertTrue(result.correlation().podsNamed("etl", "nightly-load-7fk2q-extract-2290415161").isEmpty());
    }
}
