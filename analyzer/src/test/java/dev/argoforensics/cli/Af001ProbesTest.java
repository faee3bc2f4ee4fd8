package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 41 probes of AF001 that held (docs/rules/AF001.md, "Session 41 probes that held"), kept as regression tests: each input
 * real-shaped, each asserting the confidence, the delay as logged and the cited file and line. (b) the node persisted before the
 * removal across a controller restart; (c) the #17024 incident as a CloudWatch Logs Insights CSV, newest first; (f) a Lease
 * hand-over whose old leader's worker line comes after its {@code stopped leading}, both replicas' lines interleaved by stern;
 * (g) a rotated set whose gzip'd oldest piece starts mid-record and whose pieces split the scheduling line inside its delay.
 */
class Af001ProbesTest {
    @TempDir
    Path dir;

    private static final Path SAMPLE = Path.of("samples/issue-17024");

    private JsonNode report(Path... inputs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze"));
        for (Path p : inputs) {
            args.add(p.toString());
        }
        args.addAll(List.of("--now", "2026-12-01T00:00:00Z", "--format", "json"));
        return new ObjectMapper().readTree(Cli.run(args.toArray(String[]::new)).out());
    }

    private static JsonNode finding(JsonNode report, String rule, String pod) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && f.get("pod").get("name").asText().equals(pod)) {
                return f;
            }
        }
        return null;
    }

    private static boolean cites(JsonNode finding, String file, int line) {
        return finding.toString().contains("/" + file + "\",\"line\":" + line + ",");
    }

    /** The sample's three controller logs, one list of (file, line) in their order. */
    private static List<String[]> sampleLines() throws IOException {
        List<String[]> out = new ArrayList<>();
        for (String f : List.of("1-controller-workers2.log", "2-controller-workers0.log", "3-controller-workers-restored.log")) {
            for (String l : Files.readAllLines(SAMPLE.resolve("logs").resolve(f))) {
                out.add(new String[] {f, l});
            }
        }
        return out;
    }

    private static String csvCell(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    /** (c) CloudWatch Logs Insights' CSV download, sorted newest first (ties too), each run's Pod in @logStream. */
    @Test
    void aLogsInsightsCsvNewestFirstIsReadInTimeOrder() throws IOException {
        List<String[]> lines = sampleLines();
        Collections.reverse(lines);
        StringBuilder csv = new StringBuilder("@timestamp,@message,@logStream\n");
        for (String[] l : lines) {
            String time = l[1].replaceFirst("^time=\"?([^\" ]+)\"?.*$", "$1").replace('T', ' ').replace("Z", "");
            String pod = "workflow-controller-6c4b9f7d8e-" + l[0].substring(0, 1) + "q2mz";
            csv.append(time).append(',').append(csvCell(l[1])).append(",ip-10-0-12-34.ec2.internal-application.var.log.containers.")
                    .append(pod).append("_argo_workflow-controller-").append("9f".repeat(32)).append(".log\n");
        }
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("logs-insights-results.csv"), csv);
        JsonNode r = report(logs, SAMPLE.resolve("snapshots"));
        JsonNode f = finding(r, "AF001", "status-capture-repro");
        assertNotNull(f, r.toString());
        // Likely since s41-af001: the order of the end and the deletion rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertEquals("AF001.reason.graceGuess", f.get("confidenceReasonCode").asText(), f.toString());
        assertEquals("-1m24.257168224s", f.get("delay").asText(), f.toString());
        assertEquals(-84257168224L, f.get("delayNanos").asLong(), f.toString());
        assertTrue(cites(f, "logs-insights-results.csv", 22) && cites(f, "logs-insights-results.csv", 20), "the scheduling and worker rows\n" + f);
    }

    /**
     * (g) logrotate's set: the gzip'd oldest piece starts inside a record (its predecessor gone) and ends inside the scheduling
     * line's delay, the next piece starting with the rest. Bytes may be lost at a rotation, so the pieces are not joined: the delay
     * is not read (no value made up from the two halves), and the finding says the line was cut; the exports still confirm it.
     */
    @Test
    void aRotatedSetSplitInsideTheDelayQuotesNoDelay() throws IOException {
        List<String> all = new ArrayList<>();
        for (String[] l : sampleLines()) {
            all.add(l[1]);
        }
        int q = 0;
        while (!all.get(q).contains("msg=\"queuing pod delay\"")) {
            q++;
        }
        String line = all.get(q);
        int cut = line.indexOf("delay=-1m24.25") + "delay=-1m24.25".length();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        String oldest = "e=918212 phase=Running\n" + String.join("\n", all.subList(0, q)) + "\n" + line.substring(0, cut);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(logs.resolve("workflow-controller.log.2.gz")))) {
            out.write(oldest.getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(logs.resolve("workflow-controller.log.1"), line.substring(cut) + "\n" + String.join("\n", all.subList(q + 1, q + 4)) + "\n");
        Files.writeString(logs.resolve("workflow-controller.log"), String.join("\n", all.subList(q + 4, all.size())) + "\n");
        JsonNode r = report(logs, SAMPLE.resolve("snapshots"));
        JsonNode f = finding(r, "AF001", "status-capture-repro");
        assertNotNull(f, r.toString());
        // Likely since s41-af001: the order of the end and the deletion rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertEquals("AF001.reason.graceGuess", f.get("confidenceReasonCode").asText(), f.toString());
        assertTrue(f.get("delay") == null || f.get("delay").isNull(), "no delay made up from the two halves\n" + f);
        assertTrue(cites(f, "workflow-controller.log.1", 3), "the worker's line, third of its piece\n" + f);
        assertTrue(f.get("explanation").asText().contains("the delay is unknown"), f.toString());
    }

    private static final String OLD_LEADER = """
            time=2026-09-19T16:20:00.101Z level=INFO msg="Attempting to acquire leader lease..." lock=argo/workflow-controller
            time=2026-09-19T16:20:00.140Z level=INFO msg="Successfully acquired lease" lock=argo/workflow-controller
            time=2026-09-19T16:20:00.141Z level=INFO msg="new leader" leader=workflow-controller-58c4d9b7f-h2kqv
            time=2026-09-19T16:20:00.150Z level=INFO msg="Starting Workflow Controller" version=v4.1.3 instanceID=status-capture-test defaultRequeueTime=10s gitTag=v4.1.3 gitTreeState=clean
            time=2026-09-19T16:20:00.231Z level=INFO msg="Current Worker Numbers" podCleanup=4 workflowTtlWorkers=4 workflowWorkers=2 workflowArchive=8 cronWorkflowWorkers=8
            time=2026-09-19T16:20:00.240Z level=INFO msg="Performing periodic GC" periodicity=5m0s
            time=2026-09-19T16:25:00.233Z level=INFO msg="Alloc=8402 TotalAlloc=29931 Sys=40112 NumGC=12 Goroutines=133"
            time=2026-09-19T16:27:10.402Z level=INFO msg="Processing workflow" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test resourceVersion=918231 phase=""
            time=2026-09-19T16:27:10.407Z level=INFO msg="updated phase" component=workflow_worker fromPhase="" workflow=status-capture-repro namespace=status-capture-test toPhase=Running
            time=2026-09-19T16:27:10.431Z level=INFO msg="Created pod" nodeName=status-capture-repro component=workflow_worker workflow=status-capture-repro namespace=status-capture-test nodeID=status-capture-repro podName=status-capture-repro
            time=2026-09-19T16:27:10.448Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test resourceVersion=918236 phase=Running
            time=2026-09-19T16:27:10.452Z level=INFO msg="add pod event" component=pod_controller pod=status-capture-repro
            time=2026-09-19T16:27:11.980Z level=INFO msg="update pod event" component=pod_controller pod=status-capture-repro
            time=2026-09-19T16:27:15.604Z level=INFO msg="update pod event" component=pod_controller pod=status-capture-repro
            time=2026-09-19T16:27:20.460Z level=INFO msg="Processing workflow" component=workflow_worker namespace=status-capture-test workflow=status-capture-repro phase=Running resourceVersion=918251
            time=2026-09-19T16:27:20.470Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test phase=Running resourceVersion=918257
            time=2026-09-19T16:30:00.233Z level=INFO msg="Alloc=8830 TotalAlloc=31102 Sys=40112 NumGC=13 Goroutines=135"
            time=2026-09-19T16:31:11.256Z level=INFO msg="update pod event" component=pod_controller pod=status-capture-repro
            time=2026-09-19T16:31:11.257Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-09-19T16:31:11.257Z level=INFO msg="queuing pod delay" component=pod_controller podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}" delay=-1m24.257168224s action=removeFinalizer namespace=status-capture-test podName=status-capture-repro
            time=2026-09-19T16:31:11.258Z level=INFO msg="queueing pod for cleanup" component=pod_controller action=removeFinalizer namespace=status-capture-test podName=status-capture-repro
            time=2026-09-19T16:31:11.290Z level=INFO msg="Failed to renew lease" err="context deadline exceeded" lock=argo/workflow-controller
            time=2026-09-19T16:31:11.291Z level=INFO msg="stopped leading" id=workflow-controller-58c4d9b7f-h2kqv
            time=2026-09-19T16:31:11.300Z level=INFO msg="cleaning up pod" component=pod_controller namespace=status-capture-test key=status-capture-test/status-capture-repro/removeFinalizer podName=status-capture-repro action=removeFinalizer
            """;

    private static final String NEW_LEADER = """
            time=2026-09-19T16:20:01.301Z level=INFO msg="Attempting to acquire leader lease..." lock=argo/workflow-controller
            time=2026-09-19T16:20:01.320Z level=INFO msg="new leader" leader=workflow-controller-58c4d9b7f-h2kqv
            time=2026-09-19T16:22:01.007Z level=INFO msg="healthz: current pod is not the leader"
            time=2026-09-19T16:24:01.011Z level=INFO msg="healthz: current pod is not the leader"
            time=2026-09-19T16:26:01.009Z level=INFO msg="healthz: current pod is not the leader"
            time=2026-09-19T16:28:01.014Z level=INFO msg="healthz: current pod is not the leader"
            time=2026-09-19T16:30:01.008Z level=INFO msg="healthz: current pod is not the leader"
            time=2026-09-19T16:31:27.601Z level=INFO msg="Successfully acquired lease" lock=argo/workflow-controller
            time=2026-09-19T16:31:27.602Z level=INFO msg="new leader" leader=workflow-controller-58c4d9b7f-x9lmt
            time=2026-09-19T16:31:27.604Z level=INFO msg="Starting Workflow Controller" version=v4.1.3 instanceID=status-capture-test defaultRequeueTime=10s gitTag=v4.1.3 gitTreeState=clean
            time=2026-09-19T16:31:27.606Z level=INFO msg="Current Worker Numbers" podCleanup=4 workflowTtlWorkers=4 workflowWorkers=2 workflowArchive=8 cronWorkflowWorkers=8
            time=2026-09-19T16:31:27.607Z level=INFO msg="Performing periodic GC" periodicity=5m0s
            time=2026-09-19T16:31:27.611Z level=INFO msg="add pod event" component=pod_controller pod=status-capture-repro
            time=2026-09-19T16:31:27.612Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-09-19T16:31:27.612Z level=INFO msg="queuing pod delay" component=pod_controller action=removeFinalizer delay=-1m40.612903117s namespace=status-capture-test podName=status-capture-repro podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}"
            time=2026-09-19T16:31:27.613Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=status-capture-test podName=status-capture-repro action=removeFinalizer
            time=2026-09-19T16:31:27.700Z level=INFO msg="cleaning up pod" component=pod_controller key=status-capture-test/status-capture-repro/removeFinalizer action=removeFinalizer namespace=status-capture-test podName=status-capture-repro
            time=2026-09-19T16:31:27.713Z level=INFO msg="delete pod event" component=pod_controller pod=status-capture-repro
            time=2026-09-19T16:31:28.010Z level=INFO msg="Processing workflow" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test phase=Running resourceVersion=918257
            time=2026-09-19T16:31:28.016Z level=INFO msg="Workflow pod is missing" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test nodeName=status-capture-repro nodePhase=Running recentlyStarted=false
            time=2026-09-19T16:31:28.016Z level=ERROR msg="marking node as error" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test error="pod deleted" nodeName=status-capture-repro
            time=2026-09-19T16:31:28.017Z level=INFO msg="node phase changed" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test node=status-capture-repro toPhase=Error fromPhase=Running
            time=2026-09-19T16:31:28.020Z level=INFO msg="updated phase" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test fromPhase=Running toPhase=Error
            time=2026-09-19T16:31:28.041Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=status-capture-repro namespace=status-capture-test resourceVersion=918590 phase=Error
            time=2026-09-19T16:36:27.607Z level=INFO msg="Alloc=7102 TotalAlloc=20931 Sys=36112 NumGC=8 Goroutines=119"
            """;

    /**
     * (f) The old leader queued the release and lost the Lease; its worker's line 9 ms after its {@code stopped leading} removed
     * nothing (its queue and requests die with the context). The new leader, listing the Pod, released it with its own delay.
     * stern interleaves both replicas' lines, each prefixed with its Pod.
     */
    @Test
    void aHandOverInterleavedBySternQuotesTheNewLeadersRelease() throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String l : OLD_LEADER.split("\n")) {
            rows.add(new String[] {l.substring(5, 29), "workflow-controller-58c4d9b7f-h2kqv workflow-controller " + l});
        }
        for (String l : NEW_LEADER.split("\n")) {
            rows.add(new String[] {l.substring(5, 29), "workflow-controller-58c4d9b7f-x9lmt workflow-controller " + l});
        }
        rows.sort((a, b) -> a[0].compareTo(b[0]));
        StringBuilder s = new StringBuilder();
        rows.forEach(r -> s.append(r[1]).append('\n'));
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("stern.log"), s);
        Path snapshots = Files.createDirectories(dir.resolve("snapshots"));
        Files.copy(SAMPLE.resolve("snapshots/pod-terminating.yaml"), snapshots.resolve("pod-terminating.yaml"));
        Files.writeString(snapshots.resolve("workflow-after.yaml"),
                Files.readString(SAMPLE.resolve("snapshots/workflow-after-restore.yaml")).replace("16:33:02", "16:31:28"));
        JsonNode r = report(logs, snapshots);
        JsonNode f = finding(r, "AF001", "status-capture-repro");
        assertNotNull(f, r.toString());
        // Likely since s41-af001: the order of the end and the deletion rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertEquals("AF001.reason.graceGuess", f.get("confidenceReasonCode").asText(), f.toString());
        assertEquals("-1m40.612903117s", f.get("delay").asText(), "the new leader's own delay\n" + f);
        assertEquals("2026-09-19T16:31:27.700Z", f.get("finalizerRemovedAt").asText(), f.toString());
        assertTrue(cites(f, "stern.log", 39) && cites(f, "stern.log", 41), f.toString());
    }

    private static final String PERSISTED_RUN = """
            time="2026-10-14T16:00:00.110Z" level=info msg="Leader election is turned off. Running in single-instance mode"
            time="2026-10-14T16:00:00.111Z" level=info msg="starting leading" id=single-instance
            time="2026-10-14T16:00:00.112Z" level=info msg="Starting Workflow Controller" defaultRequeueTime=10s version=v3.6.19
            time="2026-10-14T16:00:00.190Z" level=info msg="Current Worker Numbers" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2
            time="2026-10-14T16:00:00.192Z" level=info msg="Starting workflow garbage collector controller (retentionWorkers 4)"
            time="2026-10-14T16:00:00.193Z" level=info msg="Performing periodic GC" periodicity=5m0s
            time="2026-10-14T16:00:10.001Z" level=info msg="Processing workflow" Phase= ResourceVersion=771201 namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.004Z" level=info msg="Task-result reconciliation" namespace=data-eng numObjs=0 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.005Z" level=info msg="Updated phase  -> Running" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.010Z" level=info msg="Steps node nightly-etl-7xk2p initialized Running" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.012Z" level=info msg="StepGroup node nightly-etl-7xk2p-3281614287 initialized Running" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.014Z" level=info msg="Pod node nightly-etl-7xk2p-854064240 initialized Pending" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.040Z" level=info msg="Created pod: nightly-etl-7xk2p[0].extract (nightly-etl-7xk2p-extract-854064240)" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.061Z" level=info msg="Workflow update successful" namespace=data-eng phase=Running resourceVersion=771206 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:10.066Z" level=info msg="add pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:00:11.802Z" level=info msg="update pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:00:14.310Z" level=info msg="update pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:00:20.070Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=771219 namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:20.072Z" level=info msg="Task-result reconciliation" namespace=data-eng numObjs=0 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:20.075Z" level=info msg="node changed" namespace=data-eng new.message= new.phase=Running new.progress=0/1 nodeID=nightly-etl-7xk2p-854064240 old.message= old.phase=Pending old.progress=0/1 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:00:20.090Z" level=info msg="Workflow update successful" namespace=data-eng phase=Running resourceVersion=771224 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:50.902Z" level=info msg="update pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:04:51.655Z" level=info msg="update pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:04:51.660Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=771804 namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.663Z" level=info msg="Task-result reconciliation" namespace=data-eng numObjs=1 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.667Z" level=info msg="node changed" namespace=data-eng new.message= new.phase=Succeeded new.progress=1/1 nodeID=nightly-etl-7xk2p-854064240 old.message= old.phase=Running old.progress=0/1 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.670Z" level=info msg="Step group node nightly-etl-7xk2p-3281614287 successful" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.671Z" level=info msg="node nightly-etl-7xk2p-3281614287 phase Running -> Succeeded" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.672Z" level=info msg="node nightly-etl-7xk2p-3281614287 finished: 2026-10-14 16:04:51.672018733 +0000 UTC" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.675Z" level=info msg="StepGroup node nightly-etl-7xk2p-3348871858 initialized Running" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.677Z" level=info msg="Pod node nightly-etl-7xk2p-3538807704 initialized Pending" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.705Z" level=info msg="Created pod: nightly-etl-7xk2p[1].load (nightly-etl-7xk2p-load-3538807704)" namespace=data-eng workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.731Z" level=info msg="Workflow update successful" namespace=data-eng phase=Running resourceVersion=771811 workflow=nightly-etl-7xk2p
            time="2026-10-14T16:04:51.735Z" level=info msg="add pod event" pod=nightly-etl-7xk2p-load-3538807704
            time="2026-10-14T16:05:00.194Z" level=info msg="Alloc=8812 TotalAlloc=30121 Sys=40118 NumGC=13 Goroutines=139"
            """;

    private static final String RELEASING_RUN = """
            time="2026-10-14T16:09:04.889Z" level=info msg="Leader election is turned off. Running in single-instance mode"
            time="2026-10-14T16:09:04.890Z" level=info msg="starting leading" id=single-instance
            time="2026-10-14T16:09:04.891Z" level=info msg="Starting Workflow Controller" defaultRequeueTime=10s version=v3.6.19
            time="2026-10-14T16:09:04.990Z" level=info msg="Current Worker Numbers" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=0
            time="2026-10-14T16:09:04.992Z" level=info msg="Starting workflow garbage collector controller (retentionWorkers 4)"
            time="2026-10-14T16:09:04.993Z" level=info msg="Performing periodic GC" periodicity=5m0s
            time="2026-10-14T16:09:05.117Z" level=info msg="add pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:09:05.118Z" level=info msg="Removing finalizers during a delete" pod.Finalizers="[workflows.argoproj.io/status]"
            time="2026-10-14T16:09:05.118Z" level=info msg="queuing poddelay-2m14.118402771s" action=removeFinalizer namespace=data-eng podGC="{ <nil> }" podName=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:09:05.119Z" level=info msg="queueing pod for cleanup" action=removeFinalizer namespace=data-eng podName=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:09:05.121Z" level=info msg="add pod event" pod=nightly-etl-7xk2p-load-3538807704
            time="2026-10-14T16:09:05.190Z" level=info msg="cleaning up pod" action=removeFinalizer key=data-eng/nightly-etl-7xk2p-extract-854064240/removeFinalizer namespace=data-eng podName=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:09:05.206Z" level=info msg="delete pod event" pod=nightly-etl-7xk2p-extract-854064240
            time="2026-10-14T16:14:04.991Z" level=info msg="Alloc=7710 TotalAlloc=21033 Sys=36120 NumGC=9 Goroutines=121"
            """;

    private static final String NEXT_RUN_CUT = """
            time="2026-10-14T16:15:30.520Z" level=info msg="Leader election is turned off. Running in single-instance mode"
            time="2026-10-14T16:15:30.521Z" level=info msg="starting leading" id=single-instance
            time="2026-10-14T16:15:30.522Z" level=info msg="Starting Workflow Controller" defaultRequeueTime=10s version=v3.6.19
            time="2026-10-14T16:15:30.601Z" level=info msg="Current Worker Numbers" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2
            time="2026-10-14T16:15:30.603Z" level=info msg="Starting workflow garbage collector controller (retentionWorkers 4)"
            time="2026-10-14T16:15:30.604Z" level=info msg="Performing periodic GC" periodicity=5m0s
            time="2026-10-14T16:15:30.701Z" level=info msg="add pod event" pod=nightly-etl-7xk2p-load-3538807704
            time="2026-10-14T16:15:30.705Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=771811 namespace=data-eng workflow=nightly-etl-7xk2p
            """;

    private static final String EXTRACT_POD = """
            # kubectl get pod -n data-eng nightly-etl-7xk2p-extract-854064240 -o yaml   (taken 16:08:41Z, controller down)
            apiVersion: v1
            kind: Pod
            metadata:
              annotations:
                workflows.argoproj.io/node-id: nightly-etl-7xk2p-854064240
                workflows.argoproj.io/node-name: nightly-etl-7xk2p[0].extract
              creationTimestamp: "2026-10-14T16:00:10Z"
              deletionGracePeriodSeconds: 0
              deletionTimestamp: "2026-10-14T16:08:30Z"
              finalizers:
              - workflows.argoproj.io/status
              labels:
                workflows.argoproj.io/completed: "false"
                workflows.argoproj.io/workflow: nightly-etl-7xk2p
              name: nightly-etl-7xk2p-extract-854064240
              namespace: data-eng
              ownerReferences:
              - apiVersion: argoproj.io/v1alpha1
                blockOwnerDeletion: true
                controller: true
                kind: Workflow
                name: nightly-etl-7xk2p
                uid: 6a1f7d0c-3b2e-4c59-9d1a-52e0f7b3c8a4
              uid: 0b7e2c91-6d4f-4a83-b1e5-9c2d7f08a6e3
            spec:
              containers:
              - name: wait
                image: quay.io/argoproj/argoexec:v3.6.19
              - name: main
                image: python:3.12-slim
              nodeName: ip-10-0-7-21.ec2.internal
            status:
              phase: Succeeded
              conditions:
              - lastTransitionTime: "2026-10-14T16:04:51Z"
                status: "False"
                type: PodReadyToStartContainers
              - lastTransitionTime: "2026-10-14T16:00:11Z"
                reason: PodCompleted
                status: "True"
                type: Initialized
              - lastTransitionTime: "2026-10-14T16:04:50Z"
                reason: PodCompleted
                status: "False"
                type: Ready
              - lastTransitionTime: "2026-10-14T16:04:50Z"
                reason: PodCompleted
                status: "False"
                type: ContainersReady
              - lastTransitionTime: "2026-10-14T16:00:10Z"
                status: "True"
                type: PodScheduled
              containerStatuses:
              - name: main
                state:
                  terminated:
                    exitCode: 0
                    reason: Completed
                    startedAt: "2026-10-14T16:00:13Z"
                    finishedAt: "2026-10-14T16:04:49Z"
              - name: wait
                state:
                  terminated:
                    exitCode: 0
                    reason: Completed
                    startedAt: "2026-10-14T16:00:13Z"
                    finishedAt: "2026-10-14T16:04:50Z"
            """;

    /**
     * (b) v3.6.19: the first step's node persisted ({@code node changed} to Succeeded, then {@code Workflow update successful}), the
     * controller gone before it labelled the Pod; the Pod deleted while it was down and released by the next run
     * ({@code workflowWorkers=0}) on the deleting branch with a negative delay; the run after it logged only its first
     * {@code Processing workflow}. Nothing was lost: no AF001, cleared by the persist in the first run's stream.
     */
    @Test
    void aNodePersistedBeforeARestartIsClearedWhenTheNextRunReleasesIt() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("1-controller.log"), PERSISTED_RUN);
        Files.writeString(logs.resolve("2-controller-workers0.log"), RELEASING_RUN);
        Files.writeString(logs.resolve("3-controller-workers2.log"), NEXT_RUN_CUT);
        Path snapshots = Files.createDirectories(dir.resolve("snapshots"));
        Files.writeString(snapshots.resolve("pod-extract-terminating.yaml"), EXTRACT_POD);
        JsonNode r = report(logs, snapshots);
        assertNull(finding(r, "AF001", "nightly-etl-7xk2p-extract-854064240"), r.toString());
        assertNull(finding(r, "AF002", "nightly-etl-7xk2p-extract-854064240"), r.toString());
        assertTrue(r.toString().contains("\"reasonCode\":\"AF001.cleared.persisted\",\"source\":\"" + logs.resolve("1-controller.log") + "\",\"line\":33"),
                "cleared by the persist, citing it\n" + r);
    }
}
