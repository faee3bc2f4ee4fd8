package dev.argoforensics.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --redact} on evidence full of names a company would not post: none survives in any
 * format, the same name gets the same pseudonym everywhere, Argo's vocabulary stays, and the finding
 * still reads.
 */
class RedactionTest {
    private static final String NOW = "2026-09-20T00:00:00Z";
    private static final List<String> FORMATS = List.of("text", "markdown", "json", "html", "github-issue");

    private static final String NS = "acme-payments-prod";
    private static final String WF = "acme-billing-nightly-7x2kq";
    private static final String NODE_NAME = WF + "[0].settle-ledger";
    private static final String NODE_ID = WF + "-1234567890";
    private static final String POD = WF + "-settle-ledger-1234567890";
    private static final String POD_UID = "9f1c2d3e-4b5a-4c6d-8e7f-a1b2c3d4e5f6";
    private static final String WF_UID = "0a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d";
    private static final String HOST = "ip-10-42-7-19.eu-west-1.compute.internal";
    private static final String IP = "10.42.7.19";
    private static final String POD_IP = "10.42.9.201";
    private static final String IPV6 = "fd00:ac::17";
    private static final String SA = "acme-billing-runner";
    private static final String IMAGE = "registry.acme-corp.example:5000/billing/ledger-settle:4.2.1";
    private static final String SECRET = "hunter2-acme-secret";
    private static final String TOKEN = "acme-api-token-123";
    private static final String INSTANCE = "acme-prod-controller";
    /** Credentials and host names that no export names, in a quoted log line: found by their shape or their key. */
    private static final String JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzeXN0ZW0ifQ.c2lnbmF0dXJlLXNpZ25lZA";
    private static final String GH_TOKEN = "ghp_Zq8vN3kP0wXr5tYb2mLc7sHd4gFj6aQe1uIo";
    private static final String PASSWORD = "Tr0ub4dor-3";
    private static final String API_HOST = "k8s-api.payments.corp";
    private static final String STORE_HOST = "minio.storage-team.svc.cluster.local";
    private static final String BUCKET = "ledger-artifacts-eu";
    private static final String PUBLIC_HOST = "reports.ledgerline.com";

    /** Every original that must not survive, and "acme" anywhere, in any case. */
    private static final List<String> IDENTIFIERS = List.of(NS, WF, NODE_NAME, NODE_ID, POD, POD_UID, WF_UID, HOST, IP, POD_IP, IPV6,
            "10-42-7-19", SA, IMAGE, "registry.acme-corp.example", SECRET, TOKEN, INSTANCE, "7x2kq", "settle-ledger", "1234567890",
            "oncall@acme-corp.example", "acme", JWT, "eyJ", GH_TOKEN, PASSWORD, API_HOST, "payments.corp", STORE_HOST, "storage-team",
            BUCKET, PUBLIC_HOST, "ledgerline");

    @TempDir
    Path dir;
    private Path logs;
    private Path snapshots;

    @BeforeEach
    void evidence() throws Exception {
        Path incident = dir.resolve("acme-corp-incident-4711");
        logs = Files.createDirectories(incident.resolve("logs"));
        snapshots = Files.createDirectories(incident.resolve("snapshots"));
        String common = " component=workflow_worker workflow=" + WF + " namespace=" + NS;
        Files.write(logs.resolve("controller.log"), List.of(
                "time=2026-09-19T16:27:00.100Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=" + INSTANCE
                        + " defaultRequeueTime=10s",
                "time=2026-09-19T16:27:10.431Z level=INFO msg=\"Created pod\"" + common + " nodeName=" + NODE_NAME + " nodeID=" + NODE_ID
                        + " podName=" + POD,
                "time=2026-09-19T16:27:20.470Z level=INFO msg=\"Workflow update successful\"" + common + " resourceVersion=918257 phase=Running",
                "time=2026-09-19T16:31:11.132Z level=INFO msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 workflowWorkers=0 podCleanup=4",
                "time=2026-09-19T16:31:11.256Z level=INFO msg=\"add pod event\" component=pod_controller pod=" + POD,
                "time=2026-09-19T16:31:11.257Z level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller"
                        + " pod.Finalizers=[workflows.argoproj.io/status]",
                "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller podGC=\"{Strategy: LabelSelector:<nil>"
                        + " DeleteDelayDuration:}\" delay=-1m24.257168224s action=removeFinalizer namespace=" + NS + " podName=" + POD,
                "time=2026-09-19T16:31:11.258Z level=INFO msg=\"queueing pod for cleanup\" component=pod_controller action=removeFinalizer"
                        + " namespace=" + NS + " podName=" + POD,
                "time=2026-09-19T16:31:11.300Z level=WARN msg=\"failed to clean-up pod\" component=pod_controller key=" + NS + "/" + POD
                        + "/removeFinalizer action=removeFinalizer namespace=" + NS + " podName=" + POD + " error=\"Patch https://" + IP
                        + ":6443/api/v1/namespaces/" + NS + "/pods/" + POD + ": dial tcp [" + IPV6 + "]:6443 via " + HOST
                        + ": connection refused; page oncall@acme-corp.example\" server=https://" + API_HOST + ":6443 auth=\"Bearer " + JWT
                        + "\" artifacts=s3://" + BUCKET + "/x endpoint=" + STORE_HOST + ":9000 via=" + PUBLIC_HOST + " DB_PASSWORD=" + PASSWORD
                        + " git=" + GH_TOKEN,
                "time=2026-09-19T16:31:11.350Z level=INFO msg=\"cleaning up pod\" component=pod_controller namespace=" + NS + " key=" + NS + "/"
                        + POD + "/removeFinalizer podName=" + POD + " action=removeFinalizer",
                "time=2026-09-19T16:31:11.363Z level=INFO msg=\"delete pod event\" component=pod_controller pod=" + POD,
                "time=2026-09-19T16:33:02.246Z level=INFO msg=\"Workflow pod is missing\"" + common + " nodeName=" + NODE_NAME
                        + " nodePhase=Running recentlyStarted=false",
                "time=2026-09-19T16:33:02.246Z level=ERROR msg=\"marking node as error\"" + common + " error=\"pod deleted\" nodeName=" + NODE_NAME,
                "time=2026-09-19T16:33:02.247Z level=INFO msg=\"node phase changed\"" + common + " node=" + NODE_ID
                        + " toPhase=Error fromPhase=Running",
                "time=2026-09-19T16:33:02.247Z level=INFO msg=\"node message changed\"" + common + " node=" + NODE_ID + " message=\"pod deleted\"",
                "this line is not a record; it names " + POD + " on " + HOST), StandardCharsets.UTF_8);
        Files.writeString(snapshots.resolve("pod.yaml"), """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: %1$s
                  namespace: %2$s
                  uid: %3$s
                  creationTimestamp: "2026-09-19T16:27:10Z"
                  deletionTimestamp: "2026-09-19T16:31:04Z"
                  deletionGracePeriodSeconds: 0
                  finalizers: [workflows.argoproj.io/status]
                  labels:
                    workflows.argoproj.io/workflow: %4$s
                    workflows.argoproj.io/controller-instanceid: %5$s
                  annotations:
                    workflows.argoproj.io/node-id: %6$s
                    workflows.argoproj.io/node-name: "%7$s"
                  ownerReferences:
                  - {apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: %4$s, uid: %8$s, controller: true}
                spec:
                  nodeName: %9$s
                  serviceAccountName: %10$s
                  containers:
                  - name: main
                    image: %11$s
                    args: ["--api-token=%12$s"]
                    env:
                    - {name: DB_PASSWORD, value: %13$s}
                status:
                  phase: Succeeded
                  hostIP: %14$s
                  podIP: %15$s
                  conditions:
                  - {type: Ready, status: "False", lastTransitionTime: "2026-09-19T16:27:45Z"}
                  - {type: PodReadyToStartContainers, status: "False", lastTransitionTime: "2026-09-19T16:27:47Z"}
                  containerStatuses:
                  - name: main
                    image: %11$s
                    state:
                      terminated: {exitCode: 0, reason: Completed, startedAt: "2026-09-19T16:27:14Z", finishedAt: "2026-09-19T16:27:44Z"}
                """.formatted(POD, NS, POD_UID, WF, INSTANCE, NODE_ID, NODE_NAME, WF_UID, HOST, SA, IMAGE, TOKEN, SECRET, IP, POD_IP),
                StandardCharsets.UTF_8);
        Files.writeString(snapshots.resolve("workflow.yaml"), """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: %1$s, namespace: %2$s, uid: %3$s}
                spec: {serviceAccountName: %4$s}
                status:
                  phase: Error
                  nodes:
                    %5$s:
                      id: %5$s
                      name: "%6$s"
                      type: Pod
                      templateName: settle-ledger
                      phase: Error
                      message: pod deleted
                      hostNodeName: %7$s
                      startedAt: "2026-09-19T16:27:10Z"
                      finishedAt: "2026-09-19T16:33:02Z"
                      taskResultSynced: true
                """.formatted(WF, NS, WF_UID, SA, NODE_ID, NODE_NAME, HOST), StandardCharsets.UTF_8);
    }

    private Cli run(String format, String... extra) {
        List<String> args = new ArrayList<>(List.of("analyze", logs.toString(), snapshots.toString(), "--format", format, "--now", NOW,
                "--timelines", "all", "--redact-key", "test-key"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void noIdentifierSurvivesInAnyFormat() {
        for (String format : FORMATS) {
            Cli r = run(format);
            assertEquals(1, r.exitCode(), format + ": " + r.err());
            String out = r.out().toLowerCase(Locale.ROOT);
            for (String id : IDENTIFIERS) {
                assertFalse(out.contains(id.toLowerCase(Locale.ROOT)), format + " leaks " + id + ":\n" + excerpt(r.out(), id));
            }
            assertFalse(out.contains(dir.toString().toLowerCase(Locale.ROOT)), format + " leaks the folder the inputs are in");
        }
        // The line with the credentials and hosts is quoted, redacted where they stood; Argo's own names are kept.
        String md = run("markdown").out();
        assertTrue(Pattern.compile("server=https://host-[0-9a-f]{6,}:6443 auth=\\\\?\"Bearer secret-[0-9a-f]{6,}\\\\?\" artifacts=s3://host-[0-9a-f]{6,}/x "
                + "endpoint=host-[0-9a-f]{6,}:9000 via=host-[0-9a-f]{6,} DB_PASSWORD=secret-[0-9a-f]{6,} git=secret-[0-9a-f]{6,}").matcher(md).find(), md);
        assertTrue(md.contains("workflows.argoproj.io/status"), "Argo's finalizer is kept");
    }

    @Test
    void theUnredactedReportDoesNameThem() {
        // The inputs really hold these names: without --redact the report shows them.
        String out = Cli.run("analyze", logs.toString(), snapshots.toString(), "--now", NOW, "--timelines", "all").out();
        for (String id : List.of(NS, WF, NODE_NAME, NODE_ID, POD, POD_UID, IP, IPV6, HOST, "oncall@acme-corp.example")) {
            assertTrue(out.contains(id), id);
        }
    }

    @Test
    void theFindingStillReads() throws Exception {
        JsonNode report = new ObjectMapper().readTree(run("json").out());
        JsonNode f = report.get("findings").get(0);
        assertEquals("AF001", f.get("rule").asText());
        assertEquals("likely", f.get("confidence").asText(), "session 40: the sample's order rests on its grace-0 deletionTimestamp");
        String ns = f.get("pod").get("namespace").asText();
        String pod = f.get("pod").get("name").asText();
        String wf = f.get("workflow").get("name").asText();
        assertTrue(Pattern.matches("ns-[0-9a-f]{6,}", ns), ns);
        assertTrue(Pattern.matches("wf-[0-9a-f]{6,}", wf), wf);
        assertTrue(Pattern.matches(Pattern.quote(wf) + "-pod-[0-9a-f]{6,}", pod), "the Pod still reads as its Workflow's: " + pod);
        assertTrue(Pattern.matches(Pattern.quote(wf) + "-node-[0-9a-f]{6,}", f.get("node").get("id").asText()));
        assertTrue(Pattern.matches(Pattern.quote(wf) + "\\.node-[0-9a-f]{6,}", f.get("node").get("name").asText()));
        assertTrue(Pattern.matches("uid-[0-9a-f]{6,}", f.get("pod").get("uid").asText()));
        assertEquals(ns, f.get("workflow").get("namespace").asText(), "one name, one pseudonym");

        // Argo's vocabulary, times and durations are kept.
        assertEquals("-1m24.257168224s", f.get("delay").asText());
        assertEquals("2026-09-19T16:31:11.350Z", f.get("finalizerRemovedAt").asText());
        assertEquals("Running", f.get("nodePhaseAtRemoval").asText());
        assertEquals("pod deleted", f.get("finalNodeMessage").asText());
        assertEquals("2026-09-19T16:29:47Z", f.get("recomputedDeadline").asText());
        assertTrue(f.get("summary").asText().startsWith("Pod " + ns + "/" + pod + " lost its status-capture finalizer at "),
                f.get("summary").asText());
        assertTrue(f.get("explanation").asText().contains("workflows.argoproj.io/status"));

        // The quoted lines use the same pseudonyms, keys intact.
        String removal = null;
        for (JsonNode e : f.get("evidence")) {
            if (e.get("role").asText().startsWith("cleanup worker removes")) {
                removal = e.get("text").asText();
                assertTrue(e.get("source").asText().matches("input-\\d/controller\\.log"), e.get("source").asText());
            }
        }
        assertEquals("time=2026-09-19T16:31:11.350Z level=INFO msg=\"cleaning up pod\" component=pod_controller namespace=" + ns + " key=" + ns
                + "/" + pod + "/removeFinalizer podName=" + pod + " action=removeFinalizer", removal);
        assertTrue(report.get("provenance").get("redacted").asBoolean());
        assertFalse(report.get("provenance").get("commandLine").toString().contains("test-key"), "the key is never written");
    }

    @Test
    void theSameKeyGivesTheSamePseudonymsAndAnotherKeyOthers() {
        assertEquals(run("json").out(), run("json").out());
        String other = Cli.run("analyze", logs.toString(), snapshots.toString(), "--format", "json", "--now", NOW, "--redact-key", "other")
                .out();
        assertNotEquals(run("json").out(), other);
        String random1 = Cli.run("analyze", logs.toString(), snapshots.toString(), "--format", "json", "--now", NOW, "--redact").out();
        String random2 = Cli.run("analyze", logs.toString(), snapshots.toString(), "--format", "json", "--now", NOW, "--redact").out();
        assertNotEquals(random1, random2, "without --redact-key, a random key per run");
    }

    @Test
    void theMapIsWrittenForTheAuthorOnly() throws Exception {
        Path map = dir.resolve("names.tsv");
        Cli r = run("text", "--redact-map", map.toString());
        String tsv = Files.readString(map, StandardCharsets.UTF_8);
        assertTrue(tsv.contains("\tnamespace\t" + NS + "\n"), tsv);
        assertTrue(tsv.contains("\tpod\t" + POD + "\n"), tsv);
        assertTrue(tsv.contains("\tip\t" + IPV6 + "\n"), tsv);
        assertTrue(tsv.contains("input-1\tfolder\t"), tsv);
        for (String line : tsv.lines().skip(2).toList()) {
            String pseudonym = line.split("\t")[0];
            assertTrue(r.out().contains(pseudonym) || line.contains("\timage\t") || line.contains("\tregistry\t")
                    || line.contains("\tservice account\t") || line.contains("\tinstance id\t") || line.contains("\tuid\t")
                    || line.contains("\tip\t") || line.contains("\thost\t") || line.contains("\tfolder\t") || line.contains("\tnode\t"),
                    "a mapped name that the report does not use: " + line);
        }
        assertFalse(r.out().contains(map.getFileName().toString()), "the map's own path is not in the report");
    }

    @Test
    void theMixedFormatsSampleLeaksNothing() {
        // Controller replicas named by a CRI log folder, stern prefixes and leader election; slog JSON lines; a node folder.
        assertSampleLeaksNothing("samples/mixed-formats", List.of("status-capture-test", "status-capture-repro",
                "c2d1b7a4-5e8f-4d1a-9b3c-7f6e2a1d0c95", "9b1f6d2e-3c4a-4e8b-a1f0-7d5c2b9e8a13", "workflow-controller-6c4b9f7d8e-r7p2c",
                "workflow-controller-7d9f8b6c5d-x2k4q", "workflow-controller-7d9f8b6c5d-q8w2n", "10-0-12-34", "samples/mixed-formats"));
    }

    @Test
    void noNameInTheMapSurvivesOnTheAllSourcesSample() throws Exception {
        // Exports of Pods, Workflows and task results, cluster events and an API server audit log.
        String[] inputs = {"samples/timeline-all-sources/logs", "samples/timeline-all-sources/snapshots", "samples/timeline-all-sources/events",
            "samples/timeline-all-sources/audit"};
        Path map = dir.resolve("map.tsv");
        List<String> originals = null;
        for (String format : FORMATS) {
            List<String> args = new ArrayList<>(List.of("analyze"));
            args.addAll(List.of(inputs));
            args.addAll(List.of("--format", format, "--now", NOW, "--timelines", "all", "--redact-key", "k", "--redact-map", map.toString()));
            Cli r = Cli.run(args.toArray(String[]::new));
            if (originals == null) {
                originals = Files.readAllLines(map, StandardCharsets.UTF_8).stream().skip(2).map(l -> l.split("\t")[2]).toList();
                assertTrue(originals.size() > 20, "namespaces, Pods, nodes, hosts, IPs, UIDs, service accounts: " + originals);
            }
            for (String original : originals) {
                assertFalse(r.out().contains(original), format + " leaks " + original + ":\n" + excerpt(r.out(), original));
            }
        }
    }

    @Test
    void theIssue17024SampleLeaksNothing() {
        assertSampleLeaksNothing("samples/issue-17024", List.of("status-capture-test", "status-capture-repro",
                "c2d1b7a4-5e8f-4d1a-9b3c-7f6e2a1d0c95", "4f0d6c2e-91b3-4a57-8e2f-0c6d1b9a7e54", "ip-10-0-12-34", "workflow-runner",
                "samples/issue-17024"));
    }

    /** The sample's logs and snapshots, redacted, in every format: none of the names, and the finding's delay and finalizer kept. */
    private static void assertSampleLeaksNothing(String sample, List<String> names) {
        for (String format : FORMATS) {
            Cli r = Cli.run("analyze", sample + "/logs", sample + "/snapshots", "--format", format, "--now", NOW, "--redact-key", "k");
            assertEquals(1, r.exitCode());
            for (String name : names) {
                assertFalse(r.out().contains(name), format + " leaks " + name + ":\n" + excerpt(r.out(), name));
            }
            // The delay as the report words it, or as the quoted slog JSON line holds it (the issue draft quotes the release's line,
            // its delay in nanoseconds; session 41: it leads with AF001, the cause, over AF002 again).
            assertTrue(r.out().contains("-1m24.257168224s") || r.out().contains("\"delay\":-84257168224"), format);
            assertTrue(r.out().contains("workflows.argoproj.io/status"), format);
        }
    }

    private static String excerpt(String text, String id) {
        int at = text.toLowerCase(Locale.ROOT).indexOf(id.toLowerCase(Locale.ROOT));
        return at < 0 ? "" : text.substring(Math.max(0, at - 200), Math.min(text.length(), at + 200));
    }
}
