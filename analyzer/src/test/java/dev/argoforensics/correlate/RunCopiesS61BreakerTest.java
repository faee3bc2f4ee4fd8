package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 breaker (s61-b-once) of "one run given twice" derived once ({@link RunCopies}). Attacks with real shapes:
 * the same controller run given in two forms whose lines' text differs (a {@code kubectl logs} copy and a Logs Explorer download,
 * whose {@code jsonPayload} is the record Cloud Logging parsed, its {@code time} taken out into the entry's {@code timestamp}),
 * each covering a different span; and two real controllers (two replicas with leader election off) that must stay two.
 */
class RunCopiesS61BreakerTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A v4.1.2 controller with leader election off (slog JSON, nanosecond times): the AF001/AF004 negative control. */
    private static final Path LOG = Path.of("samples/labelled-then-released/logs/workflow-controller.json.log");

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        return OneRunGivenTwiceTest.analyzeIn(dir, logs);
    }

    /**
     * The run as GKE's Logs Explorer downloads it ({@code downloaded-logs-*.json}): one entry per line, the controller's JSON
     * record parsed into {@code jsonPayload} with its {@code time} taken out (Cloud Logging's special field, moved to
     * {@code timestamp}), the Pod in {@code resource.labels.pod_name}; only the lines up to {@code until} (the query's window).
     */
    static List<String> logsExplorerDownload(List<String> log, String until, String pod) throws IOException {
        ArrayNode out = JSON.createArrayNode();
        int n = 0;
        for (String l : log) {
            ObjectNode r = (ObjectNode) JSON.readTree(l);
            String t = r.remove("time").asText();
            if (t.compareTo(until) > 0) {
                continue;
            }
            ObjectNode e = out.addObject();
            e.put("insertId", String.format("1q8x%06dg4k2", n++));
            e.set("jsonPayload", r);
            ObjectNode res = e.putObject("resource");
            res.put("type", "k8s_container");
            ObjectNode labels = res.putObject("labels");
            labels.put("pod_name", pod);
            labels.put("project_id", "acme-analytics");
            labels.put("container_name", "workflow-controller");
            labels.put("location", "europe-west1-b");
            labels.put("cluster_name", "analytics-prod");
            labels.put("namespace_name", "argo");
            e.put("timestamp", t);
            e.put("severity", "INFO");
            e.put("logName", "projects/acme-analytics/logs/stderr");
            e.put("receiveTimestamp", t);
        }
        // as the console writes it: an array, each entry indented on its own lines
        List<String> lines = new ArrayList<>();
        lines.add("[");
        for (int i = 0; i < out.size(); i++) {
            String entry = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(out.get(i)).replace(" : ", ": ");
            String[] el = entry.split("\n");
            for (int j = 0; j < el.length; j++) {
                lines.add("  " + el[j] + (j == el.length - 1 && i < out.size() - 1 ? "," : ""));
            }
        }
        lines.add("]");
        return lines;
    }

    private static List<String> sure(AnalysisResult r) {
        return TwinClustersS59BreakerTest.readings(r).stream().filter(f -> f.contains(" CONFIRMED ") || f.contains(" LIKELY ")).toList();
    }

    /**
     * {@code kubectl logs deploy/workflow-controller > controller.log} at 14:25 beside the Logs Explorer download the reporter made at
     * 14:15 (the query's window ends there): one run, leader election off, its records the same at the same instants but not the
     * same text (the download's payload has no {@code time}). Nine passes of the download's are the log's ten: not "the same passes
     * at the same instants" by count, and their 10 minutes together are far beyond a hand-over.
     */
    @Test
    void aLogsExplorerDownloadBesideKubectlLogsIsOneRun() throws IOException {
        List<String> log = Files.readAllLines(LOG);
        List<String> download = logsExplorerDownload(log, "2026-10-08T14:15:00Z", "workflow-controller-7c9d8b6f5-k2x4m");
        AnalysisResult alone = analyze(Map.of("controller.log", log));
        AnalysisResult both = analyze(Map.of("controller.log", log, "downloaded-logs-20261008-141500.json", download));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(2, runs.size(), runs::toString);
        ConcurrentRuns c = ConcurrentRuns.of(both.correlation());
        assertFalse(c.atOnce(0, 1), runs::toString);
        assertTrue(c.mayShare(0, 1).isEmpty(), runs::toString);
        assertTrue(c.apartFrom(0).isEmpty() && c.apartFrom(1).isEmpty(), runs::toString);
        List<String> s = sure(alone);
        assertTrue(sure(both).stream().allMatch(s::contains), () -> sure(both) + " vs " + s);
    }

    /**
     * The two replicas of {@code two-controllers} (leader election off, both reconciling {@code etl/batch-merge-k2x8d}: AF012
     * confirmed) with a Logs Explorer download of replica h4x2p beside them: the download is h4x2p's copy, never q7m9z's (the two
     * replicas read the same resource versions within the same tens of milliseconds, never at the same instant), and the two
     * replicas stay two controllers at once.
     */
    @Test
    void twoReplicasAtOnceStayTwoBesideADownloadOfOne() throws IOException {
        Path logs = Path.of("samples/two-controllers/logs");
        List<String> h = Files.readAllLines(logs.resolve("workflow-controller-6d8f7c9b5-h4x2p.json.log"));
        List<String> q = Files.readAllLines(logs.resolve("workflow-controller-6d8f7c9b5-q7m9z.json.log"));
        AnalysisResult both = analyze(Map.of("workflow-controller-6d8f7c9b5-h4x2p.json.log", h, "workflow-controller-6d8f7c9b5-q7m9z.json.log", q,
                "downloaded-logs-20261012-081000.json", logsExplorerDownload(h, "2026-10-12T08:05:00Z", "workflow-controller-6d8f7c9b5-h4x2p")));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(3, runs.size(), runs::toString);
        int hk = idOf(runs, "workflow-controller-6d8f7c9b5-h4x2p.json.log");
        int qk = idOf(runs, "workflow-controller-6d8f7c9b5-q7m9z.json.log");
        int dl = 3 - hk - qk;
        ConcurrentRuns c = ConcurrentRuns.of(both.correlation());
        assertTrue(c.atOnce(hk, qk), runs::toString);
        assertFalse(c.atOnce(hk, dl), runs::toString);
        assertTrue(c.atOnce(qk, dl), runs::toString); // the download is h4x2p's run: at once with q7m9z as h4x2p is
        List<String> readings = TwinClustersS59BreakerTest.readings(both);
        assertTrue(readings.stream().anyMatch(f -> f.contains("AF012") && f.contains(" CONFIRMED ")), readings::toString);
        AnalysisResult pair = analyze(Map.of("workflow-controller-6d8f7c9b5-h4x2p.json.log", h, "workflow-controller-6d8f7c9b5-q7m9z.json.log", q));
        List<String> s = sure(pair);
        assertTrue(sure(both).stream().allMatch(s::contains), () -> sure(both) + " vs " + s);
    }

    private static int idOf(List<ControllerProcess> runs, String replica) {
        return runs.stream().filter(p -> p.replica().equals(replica)).findFirst().orElseThrow(() -> new AssertionError(runs.toString())).id();
    }

    /** The fixtures of this class in every grouping (GroupingInvarianceTest) and through each file's projection (ProjectionFactsTest). */
    @Test
    void theDownloadBesideTheLogReachesTheSameOutcomesInAnyGroupingAndFromTheFilesProjections() throws Exception {
        List<String> log = Files.readAllLines(LOG);
        Path in = Files.createDirectories(dir.resolve("grouped"));
        Files.write(in.resolve("controller.log"), log);
        Files.write(in.resolve("downloaded-logs-20261008-141500.json"), logsExplorerDownload(log, "2026-10-08T14:15:00Z", "workflow-controller-7c9d8b6f5-k2x4m"));
        Files.write(in.resolve("passes.txt"), log.stream().filter(l -> l.contains("\"Processing workflow\"")).limit(6).toList());
        List<String> paths = List.of(in.toString(), "samples/labelled-then-released/snapshots");
        java.lang.reflect.Method grouped = Class.forName("dev.argoforensics.analysis.GroupingInvarianceTest").getDeclaredMethod("assertInvariant", List.class, boolean.class);
        grouped.setAccessible(true);
        invoke(grouped, paths);
        java.lang.reflect.Method projected = Class.forName("dev.argoforensics.analysis.ProjectionFactsTest").getDeclaredMethod("assertProjected", List.class, boolean.class);
        projected.setAccessible(true);
        invoke(projected, paths);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(paths);
        RunCopies copies = LineProjection.of(r.correlation().events(), java.util.Set.of(), new int[0], true).copies();
        assertEquals(3, copies.pairs().size(), () -> copies + " " + r.correlation().processes());
    }

    private static void invoke(java.lang.reflect.Method m, List<String> paths) throws Exception {
        try {
            m.invoke(null, paths, false);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw (Exception) e.getCause();
        }
    }

    /**
     * {@code kubectl logs | grep <workflow>} copied from a 120-column terminal (the sample {@code grep-wrapped-deleted-running},
     * every long record hard-wrapped) beside the log it was cut from (its records unwrapped, after the run's start and Lease
     * acquisition): the excerpt is the log's copy (the rejoined records say what the log's say), so nothing leaves the two free to
     * have reconciled the Workflow at once ({@link ConcurrentRuns#mayShare} empty), and nothing confirmed or likely is added.
     */
    @Test
    void aTerminalWrappedGrepBesideItsLogIsItsCopy() throws IOException {
        List<String> copy = Files.readAllLines(Path.of("samples/grep-wrapped-deleted-running/logs/terminal-copy.txt"));
        List<String> log = new ArrayList<>(List.of(
                "time=\"2026-12-03T13:58:02.101Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.19",
                "I1203 13:58:02.140118       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
                "I1203 13:58:02.161533       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
                "time=\"2026-12-03T13:58:02.162Z\" level=info msg=\"new leader\" leader=workflow-controller-6c7d9f8b5-x8k2p",
                "time=\"2026-12-03T13:58:02.240Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32"));
        for (String l : copy) {
            if (l.startsWith("time=")) {
                log.add(l);
            } else if (!l.startsWith("$") && !log.isEmpty() && log.get(log.size() - 1).startsWith("time=")) {
                log.set(log.size() - 1, log.get(log.size() - 1) + l);
            }
        }
        assertTrue(log.size() > 40 && log.stream().noneMatch(l -> l.contains("$ ")), log::toString);
        AnalysisResult alone = analyze(Map.of("workflow-controller-6c7d9f8b5-x8k2p.log", log));
        AnalysisResult both = analyze(Map.of("workflow-controller-6c7d9f8b5-x8k2p.log", log, "terminal-copy.txt", copy));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(2, runs.size(), runs::toString);
        ConcurrentRuns c = ConcurrentRuns.of(both.correlation());
        assertTrue(c.mayShare(0, 1).isEmpty(), runs::toString);
        assertFalse(c.atOnce(0, 1), runs::toString);
        RunCopies copies = LineProjection.of(both.correlation().events(), java.util.Set.of(), new int[0], true).copies();
        assertTrue(copies.givenTwice(0, 1), () -> copies + " " + runs);
        List<String> s = sure(alone);
        assertTrue(sure(both).stream().allMatch(s::contains), () -> sure(both) + " vs " + s);
    }

    private static String timeOf(String jsonLine) {
        return jsonLine.replaceAll(".*\"time\":\"([^\"]+)\".*", "$1");
    }

    /**
     * One election-off run given as two copies cut differently: the reporter's earlier save ({@code kubectl logs > saved.log} at
     * 14:10:30, from the start) and {@code kubectl logs} at 14:25 after the container log rotated (from 14:03: its start-up lines
     * gone). Over the seven minutes both hold, every record is the same; each holds records the other lacks outside them. Read as
     * two controllers whose election one does not show, their passes interleaving for seven minutes, they were free to have
     * reconciled the Workflow at once ({@link ConcurrentRuns.Sharing#UNSHOWN}).
     */
    @Test
    void twoCopiesCutDifferentlyAreOneRunOverTheSpanBothHold() throws IOException {
        List<String> log = Files.readAllLines(LOG);
        List<String> saved = log.stream().filter(l -> timeOf(l).compareTo("2026-10-08T14:10:30") < 0).toList();
        List<String> rotated = log.stream().filter(l -> timeOf(l).compareTo("2026-10-08T14:03:00") > 0).toList();
        AnalysisResult alone = analyze(Map.of("workflow-controller.log", log));
        AnalysisResult both = analyze(Map.of("saved.log", saved, "workflow-controller.log", rotated));
        List<ControllerProcess> runs = both.correlation().processes();
        assertEquals(2, runs.size(), runs::toString);
        ConcurrentRuns c = ConcurrentRuns.of(both.correlation());
        assertTrue(c.mayShare(0, 1).isEmpty(), () -> c.mayShare(0, 1) + " " + runs);
        assertFalse(c.atOnce(0, 1), runs::toString);
        List<String> s = sure(alone);
        assertTrue(sure(both).stream().allMatch(s::contains), () -> sure(both) + " vs " + s);
    }
}
