package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 60: a controller process whose log has no leader-election line (an excerpt without them, a build or a pipeline that drops
 * client-go's klog lines, a release before election; upstream #2733's and #6481's start-ups). main.go builds the controller first
 * ({@code NewWorkflowController}: the ConfigMap's load, its {@code Configuration:} dump or {@code Configuration updated}, the
 * persistence line and the {@code executorImage} line) and only then calls {@code Run}, which logs the banner. Until session 59 the
 * lines of the load, read before any banner, were a run of their own (a phantom run at the banner), and in a restart they were the
 * previous process's. One process is one run: its load opens it, whatever the election said (here: nothing).
 *
 * <p>Each case is read whole and in chunks of 40 bytes, keeping every line and selectively.
 */
class StartWithoutElectionTest {
    @TempDir
    Path dir;

    private List<ControllerProcess> runs(long chunkBytes, boolean keep, List<String> lines) throws IOException {
        return OneFileTwoProcessesTest.runs(dir, chunkBytes, keep, lines);
    }

    private static String text(String time, String level, String msg, String fields) {
        String quoted = msg.matches("[A-Za-z0-9-._/@^+]*") && !msg.isEmpty() ? msg : "\"" + msg + "\"";
        return "time=\"2026-11-20T" + time + "Z\" level=" + level + " msg=" + (msg.isEmpty() ? "" : quoted) + (fields.isEmpty() ? "" : " " + fields);
    }

    private static String info(String time, String msg, String fields) {
        return text(time, "info", msg, fields);
    }

    /** A v3.5 process from its start, logrus text: the dump, the persistence line, the executor image, the banner, then work. */
    private static List<String> v35(String at, String later, String instanceId) {
        String dump = "Configuration:\\nartifactRepository: {}\\n" + (instanceId == null ? "" : "instanceID: " + instanceId + "\\n")
                + "metricsConfig: {}\\nnodeEvents: {}\\npodSpecLogStrategy: {}\\ntelemetryConfig: {}\\n";
        return List.of(
                info(at + ":02.114", dump, ""),
                info(at + ":02.115", "Persistence configuration disabled", ""),
                info(at + ":02.117", "", "executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace="),
                info(at + ":02.131", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.8"),
                info(at + ":02.131", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"),
                info(at + ":02.133", "Watching task results", "labelSelector=\"" + (instanceId == null ? "!workflows.argoproj.io/controller-instanceid"
                        : "workflows.argoproj.io/controller-instanceid=" + instanceId) + ",workflows.argoproj.io/workflow\""),
                info(at + ":02.141", "Plugins", "executorPlugins=false"),
                info(later + ":11.402", "Processing workflow", "namespace=ledger workflow=close-books-x2v7q"),
                info(later + ":11.417", "Workflow update successful", "namespace=ledger phase=Running resourceVersion=881204 workflow=close-books-x2v7q"));
    }

    /** A v3.7 process from its start, logrus JSON: {@code Configuration updated} instead of the dump. */
    private static List<String> v37json(String at, String later) {
        return List.of(
                "{\"level\":\"info\",\"msg\":\"Configuration updated\",\"time\":\"2026-11-20T" + at + ":02.114Z\"}",
                "{\"level\":\"info\",\"msg\":\"Persistence configuration disabled\",\"time\":\"2026-11-20T" + at + ":02.115Z\"}",
                "{\"executorImage\":\"quay.io/argoproj/argoexec:v3.7.9\",\"executorImagePullPolicy\":\"\",\"level\":\"info\",\"managedNamespace\":\"\",\"msg\":\"\",\"time\":\"2026-11-20T"
                        + at + ":02.117Z\"}",
                "{\"defaultRequeueTime\":10000000000,\"level\":\"info\",\"msg\":\"Starting Workflow Controller\",\"time\":\"2026-11-20T" + at + ":02.131Z\",\"version\":\"v3.7.9\"}",
                "{\"cronWorkflowWorkers\":8,\"level\":\"info\",\"msg\":\"Current Worker Numbers\",\"podCleanup\":4,\"time\":\"2026-11-20T" + at
                        + ":02.131Z\",\"workflowArchive\":8,\"workflowTtlWorkers\":4,\"workflowWorkers\":32}",
                "{\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"ledger\",\"time\":\"2026-11-20T" + later + ":11.402Z\",\"workflow\":\"close-books-x2v7q\"}",
                "{\"level\":\"info\",\"msg\":\"Workflow update successful\",\"namespace\":\"ledger\",\"phase\":\"Running\",\"resourceVersion\":\"881204\",\"time\":\"2026-11-20T"
                        + later + ":11.417Z\",\"workflow\":\"close-books-x2v7q\"}");
    }

    /** A v4.1 process from its start, slog text (keys in the random order slog prints them). */
    private static List<String> v41(String at, String later) {
        String t = "time=2026-11-20T";
        return List.of(
                t + at + ":02.114Z level=INFO msg=\"Configuration updated\"",
                t + at + ":02.115Z level=INFO msg=\"Persistence configuration disabled\"",
                t + at + ":02.117Z level=INFO msg=\"\" managedNamespace=\"\" executorImage=quay.io/argoproj/argoexec:v4.1.2 initlessPod=false executorImagePullPolicy=\"\"",
                t + at + ":02.119Z level=INFO msg=\"DB migration is disabled\"",
                t + at + ":02.131Z level=INFO msg=\"Starting Workflow Controller\" gitTag=v4.1.2 version=v4.1.2 instanceID=\"\" defaultRequeueTime=10s",
                t + at + ":02.131Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowTtlWorkers=4 cronWorkflowWorkers=8 workflowWorkers=32 workflowArchive=8",
                t + later + ":11.402Z level=INFO msg=\"Processing workflow\" component=workflow_worker namespace=ledger workflow=close-books-x2v7q phase=Running resourceVersion=881203",
                t + later + ":11.417Z level=INFO msg=\"Workflow update successful\" workflow=close-books-x2v7q component=workflow_worker namespace=ledger resourceVersion=881204 phase=Running");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aStartWithoutElectionLinesIsOneRunFromItsLoad(long chunkBytes, boolean keep) throws IOException {
        for (List<String> log : List.of(v35("08:14", "08:15", null), v37json("08:14", "08:15"), v41("08:14", "08:15"))) {
            List<ControllerProcess> runs = runs(chunkBytes, keep, log);
            assertEquals(1, runs.size(), "no phantom run before the banner: " + runs);
            assertEquals("2026-11-20T08:14:02.114Z", runs.get(0).first().format(), "the load opens the run: " + runs);
            assertEquals(log.size(), runs.get(0).events(), runs.toString());
        }
    }

    /** A restart with no election line: the new process's load is its own, not the old process's last lines. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aRestartWithoutElectionLinesSplitsAtTheNewProcesssLoad(long chunkBytes, boolean keep) throws IOException {
        List<List<List<String>>> cases = List.of(List.of(v35("08:14", "08:15", null), v35("09:02", "09:03", null)),
                List.of(v37json("08:14", "08:15"), v37json("09:02", "09:03")), List.of(v41("08:14", "08:15"), v41("09:02", "09:03")));
        for (List<List<String>> c : cases) {
            List<ControllerProcess> runs = runs(chunkBytes, keep, concat(c.get(0), c.get(1)));
            assertEquals(2, runs.size(), runs.toString());
            assertEquals("2026-11-20T08:15:11.417Z", runs.get(0).last().format(), "the old run ends with its own last line: " + runs);
            assertEquals("2026-11-20T09:02:02.114Z", runs.get(1).first().format(), "the new run starts at its load: " + runs);
            assertEquals(c.get(1).size(), runs.get(1).events(), runs.toString());
        }
    }

    /** A ConfigMap reload in a running process (no banner after it): the load stays in the run, which goes on. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aReloadInARunningProcessStaysInItsRun(long chunkBytes, boolean keep) throws IOException {
        List<String> log = concat(v35("08:14", "08:15", null), List.of(
                info("08:31:40.006", "Received Workflow Controller config map argo/workflow-controller-configmap update", ""),
                info("08:31:40.007", "Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nparallelism: 20\\n", ""),
                info("08:31:40.008", "Persistence configuration disabled", ""),
                info("08:31:40.010", "", "executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace="),
                info("08:31:52.114", "Processing workflow", "namespace=ledger workflow=close-books-x2v7q"),
                info("08:31:52.131", "Workflow update successful", "namespace=ledger phase=Succeeded resourceVersion=881377 workflow=close-books-x2v7q")));
        List<ControllerProcess> runs = runs(chunkBytes, keep, log);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(log.size(), runs.get(0).events(), runs.toString());
        // And a reload at the file's end (nothing after it says a new process): still the run's.
        List<ControllerProcess> atEnd = runs(chunkBytes, keep, log.subList(0, log.size() - 2));
        assertEquals(1, atEnd.size(), atEnd.toString());
        assertEquals("2026-11-20T08:31:40.010Z", atEnd.get(0).last().format(), atEnd.toString());
    }

    /** A rotated set of one process's log without election lines: one run over both files. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aRotatedSetOfOneProcessIsOneRun(long chunkBytes, boolean keep) throws IOException {
        List<String> one = concat(v35("08:14", "08:15", "ledger"), List.of(
                info("08:21:33.870", "Processing workflow", "namespace=ledger workflow=close-books-x2v7q"),
                info("08:21:33.902", "Workflow update successful", "namespace=ledger phase=Succeeded resourceVersion=881290 workflow=close-books-x2v7q")));
        for (int cut : new int[] {1, 3, 5, one.size() - 2}) {
            Path logs = Files.createDirectories(dir.resolve("rotated-" + cut + "-" + chunkBytes + keep));
            Files.writeString(logs.resolve("workflow-controller.log.1"), String.join("\n", one.subList(0, cut)) + "\n", StandardCharsets.UTF_8);
            Files.writeString(logs.resolve("workflow-controller.log"), String.join("\n", one.subList(cut, one.size())) + "\n", StandardCharsets.UTF_8);
            AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).keepingEverything(keep).withChunkBytes(chunkBytes);
            List<ControllerProcess> runs = Analysis.standard(options).run(List.of(logs.toString())).correlation().processes();
            assertEquals(1, runs.size(), "cut after line " + cut + ": " + runs);
            assertEquals(one.size(), runs.get(0).events(), runs.toString());
            assertTrue(runs.get(0).first().format().startsWith("2026-11-20T08:14:02.114"), runs.toString());
        }
    }
}
