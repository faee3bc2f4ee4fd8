package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 61: the lines a controller process prints before its ConfigMap load, so before its election and its banner (read in
 * {@code cmd/workflow-controller/main.go} and {@code util/pprof}, {@code util/logs} of v3.4.18, v3.5.15, v3.6.19, v3.7.18, v4.0.10,
 * v4.1.2): {@code pprofutil.Init}'s {@code not enabling pprof debug endpoints} (or {@code enabling pprof debug endpoints - do not do
 * this in production} with {@code ARGO_PPROF}), every release line, at Info; the {@code ignoring --managed-namespace because
 * --namespaced is false} warning; the Kubernetes client's request lines of the load's own {@code GET} of the ConfigMap, logged by
 * {@code util/logs}' round tripper after the answer: {@code Get configmaps 200} at Debug (v3.4-v3.7 {@code --loglevel debug}),
 * {@code K8S request} with {@code verb=Get kind=configmaps status=200} at Debug (v4), and past 5 s {@code Waited for 5.2s, request:
 * Get:<url>} at Warning (v3.5-v3.7) or {@code Waited for K8S request} (v4). Until session 60 such a line, read before the held load,
 * was a run of its own (a one-line phantom run beside the process's), and after a restart it was the old process's last line, a
 * clock read across two processes. One process is one run: its first line opens it.
 *
 * <p>Each case is read whole and in chunks of 40 bytes, keeping every line and selectively.
 */
class FileRunsStartLinesTest {
    @TempDir
    Path dir;

    private List<ControllerProcess> runs(long chunkBytes, boolean keep, List<String> lines) throws IOException {
        return OneFileTwoProcessesTest.runs(dir, chunkBytes, keep, lines);
    }

    private static String text(String time, String level, String msg, String fields) {
        return "time=\"2026-11-20T" + time + "Z\" level=" + level + " msg=\"" + msg + "\"" + (fields.isEmpty() ? "" : " " + fields);
    }

    /** v3.4 at {@code --loglevel debug}: pprof's line, the load's request, the dump, the banner, work. */
    static List<String> v34debug(String at, String later, boolean pprofOn) {
        return List.of(
                text(at + ":01.902", "info", pprofOn ? "enabling pprof debug endpoints - do not do this in production" : "not enabling pprof debug endpoints", ""),
                text(at + ":01.911", "debug", "Get configmaps 200", ""),
                text(at + ":01.913", "info", "Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nnodeEvents: {}\\npodSpecLogStrategy: {}\\n", ""),
                text(at + ":01.914", "info", "Persistence configuration disabled", ""),
                "time=\"2026-11-20T" + at + ":01.915Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.4.17\" executorImagePullPolicy= managedNamespace=",
                text(at + ":01.931", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.4.17"),
                text(at + ":01.931", "info", "Current Worker Numbers", "podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"),
                text(later + ":11.402", "info", "Processing workflow", "namespace=ledger workflow=close-books-x2v7q"),
                text(later + ":11.417", "info", "Workflow update successful", "namespace=ledger phase=Running resourceVersion=881204 workflow=close-books-x2v7q"));
    }

    /** v3.5 at Info: pprof's line, the managed-namespace warning, a slow GET of the ConfigMap, the dump, the banner, work. */
    static List<String> v35slow(String at, String later) {
        return List.of(
                text(at + ":01.902", "info", "not enabling pprof debug endpoints", ""),
                text(at + ":01.903", "warning", "ignoring --managed-namespace because --namespaced is false", ""),
                text(at + ":07.181", "warning", "Waited for 5.277391234s, request: Get:https://10.96.0.1:443/api/v1/namespaces/argo/configmaps/workflow-controller-configmap", ""),
                text(at + ":07.183", "info", "Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nnodeEvents: {}\\n", ""),
                text(at + ":07.184", "info", "Persistence configuration disabled", ""),
                "time=\"2026-11-20T" + at + ":07.186Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace=",
                text(at + ":07.201", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.8"),
                text(at + ":07.201", "info", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"),
                text(later + ":11.402", "info", "Processing workflow", "namespace=ledger workflow=close-books-x2v7q"),
                text(later + ":11.417", "info", "Workflow update successful", "namespace=ledger phase=Running resourceVersion=881204 workflow=close-books-x2v7q"));
    }

    /** v3.7 logrus JSON at Info: pprof's line, {@code Configuration updated}, the banner, work. */
    static List<String> v37json(String at, String later) {
        return List.of(
                "{\"level\":\"info\",\"msg\":\"not enabling pprof debug endpoints\",\"time\":\"2026-11-20T" + at + ":01.902Z\"}",
                "{\"level\":\"info\",\"msg\":\"Configuration updated\",\"time\":\"2026-11-20T" + at + ":02.114Z\"}",
                "{\"level\":\"info\",\"msg\":\"Persistence configuration disabled\",\"time\":\"2026-11-20T" + at + ":02.115Z\"}",
                "{\"executorImage\":\"quay.io/argoproj/argoexec:v3.7.9\",\"executorImagePullPolicy\":\"\",\"level\":\"info\",\"managedNamespace\":\"\",\"msg\":\"\",\"time\":\"2026-11-20T"
                        + at + ":02.117Z\"}",
                "{\"defaultRequeueTime\":10000000000,\"level\":\"info\",\"msg\":\"Starting Workflow Controller\",\"time\":\"2026-11-20T" + at + ":02.131Z\",\"version\":\"v3.7.9\"}",
                "{\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"ledger\",\"time\":\"2026-11-20T" + later + ":11.402Z\",\"workflow\":\"close-books-x2v7q\"}",
                "{\"level\":\"info\",\"msg\":\"Workflow update successful\",\"namespace\":\"ledger\",\"phase\":\"Running\",\"resourceVersion\":\"881204\",\"time\":\"2026-11-20T"
                        + later + ":11.417Z\",\"workflow\":\"close-books-x2v7q\"}");
    }

    /** v4.1 slog text at {@code --loglevel debug}: pprof's line, the load's slow request (warning and debug line), the load, banner, work. */
    static List<String> v41debug(String at, String later) {
        String t = "time=2026-11-20T";
        return List.of(
                t + at + ":01.902Z level=INFO msg=\"not enabling pprof debug endpoints\"",
                t + at + ":07.180Z level=WARN msg=\"Waited for K8S request\" latency=5.277391234s verb=Get url=https://10.96.0.1:443/api/v1/namespaces/argo/configmaps/workflow-controller-configmap",
                t + at + ":07.181Z level=DEBUG msg=\"K8S request\" verb=Get kind=configmaps status=200",
                t + at + ":07.183Z level=INFO msg=\"Configuration updated\"",
                t + at + ":07.184Z level=INFO msg=\"Persistence configuration disabled\"",
                t + at + ":07.186Z level=INFO msg=\"\" managedNamespace=\"\" executorImage=quay.io/argoproj/argoexec:v4.1.2 initlessPod=false executorImagePullPolicy=\"\"",
                t + at + ":07.201Z level=INFO msg=\"Starting Workflow Controller\" gitTag=v4.1.2 version=v4.1.2 instanceID=\"\" defaultRequeueTime=10s",
                t + later + ":11.402Z level=INFO msg=\"Processing workflow\" component=workflow_worker namespace=ledger workflow=close-books-x2v7q phase=Running resourceVersion=881203",
                t + later + ":11.417Z level=INFO msg=\"Workflow update successful\" workflow=close-books-x2v7q component=workflow_worker namespace=ledger resourceVersion=881204 phase=Running");
    }

    static List<List<String>> eachRelease(String at, String later) {
        return List.of(v34debug(at, later, false), v34debug(at, later, true), v35slow(at, later), v37json(at, later), v41debug(at, later));
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aProcesssFirstLinesOpenItsRun(long chunkBytes, boolean keep) throws IOException {
        for (List<String> log : eachRelease("08:14", "08:15")) {
            List<ControllerProcess> runs = runs(chunkBytes, keep, log);
            assertEquals(1, runs.size(), "no phantom run before the load: " + runs + " of " + log.get(0));
            assertEquals("2026-11-20T08:14:01.902Z", runs.get(0).first().format(), "its first line opens the run: " + runs);
            assertEquals(log.size(), runs.get(0).events(), runs.toString());
        }
    }

    /** A restart without election lines: the new process's lines before its load are its own, not the old process's last lines. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aRestartsFirstLinesAreTheNewProcesss(long chunkBytes, boolean keep) throws IOException {
        List<List<String>> old = eachRelease("08:14", "08:15");
        List<List<String>> next = eachRelease("09:02", "09:03");
        for (int i = 0; i < old.size(); i++) {
            List<ControllerProcess> runs = runs(chunkBytes, keep, concat(old.get(i), next.get(i)));
            assertEquals(2, runs.size(), runs.toString());
            assertEquals("2026-11-20T08:15:11.417Z", runs.get(0).last().format(), "the old run ends with its own last line: " + runs);
            assertEquals("2026-11-20T09:02:01.902Z", runs.get(1).first().format(), "the new run starts at its first line: " + runs);
            assertEquals(next.get(i).size(), runs.get(1).events(), runs.toString());
        }
    }

    /**
     * Session 62: v4's slow request line ({@code Waited for K8S request}, the ConfigMap in its {@code url} key) is the first line of a
     * restart whose pprof line a cut left out: it is the new process's, as v3's {@code Waited for 5.2s, request: Get:…} is. Before,
     * no entry read it and it was the old process's last line. Control: the same line of another URL (a slow List of WorkflowTemplates
     * in the running process) stays in the old run.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void v4sSlowConfigMapGetOpensTheRestart(long chunkBytes, boolean keep) throws IOException {
        List<String> old = v41debug("08:14", "08:15");
        List<String> next = v41debug("09:02", "09:03").subList(1, v41debug("09:02", "09:03").size());
        List<ControllerProcess> runs = runs(chunkBytes, keep, concat(old, next));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-20T08:15:11.417Z", runs.get(0).last().format(), "the old run ends with its own last line: " + runs);
        assertEquals("2026-11-20T09:02:07.180Z", runs.get(1).first().format(), "the slow load's line opens the new run: " + runs);
        assertEquals(next.size(), runs.get(1).events(), runs.toString());
        String slowList = "time=2026-11-20T08:16:40.511Z level=WARN msg=\"Waited for K8S request\" latency=6.01s verb=List"
                + " url=https://10.96.0.1:443/apis/argoproj.io/v1alpha1/namespaces/ledger/workflowtemplates";
        List<ControllerProcess> control = runs(chunkBytes, keep, concat(concat(old, List.of(slowList)), next));
        assertEquals(2, control.size(), control.toString());
        assertEquals("2026-11-20T08:16:40.511Z", control.get(0).last().format(), "a slow List is the running process's: " + control);
        assertEquals(next.size(), control.get(1).events(), control.toString());
    }

    /**
     * Controls: a running process at {@code --loglevel debug} gets ConfigMaps too (its artifact repositories'): a request line then
     * its work stays in its run; and before an election start it does not make the start the line's (a request line alone is no
     * start's).
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aRunningProcesssRequestLineStaysInItsRun(long chunkBytes, boolean keep) throws IOException {
        List<String> log = concat(v34debug("08:14", "08:15", false), List.of(
                text("08:16:02.010", "debug", "Get configmaps 200", ""),
                text("08:16:02.020", "info", "Processing workflow", "namespace=ledger workflow=close-books-x2v7q"),
                text("08:16:02.041", "info", "Workflow update successful", "namespace=ledger phase=Running resourceVersion=881290 workflow=close-books-x2v7q")));
        List<ControllerProcess> runs = runs(chunkBytes, keep, log);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(log.size(), runs.get(0).events(), runs.toString());
        // The request line the file's last: still the run's (nothing said a start).
        List<ControllerProcess> atEnd = runs(chunkBytes, keep, log.subList(0, log.size() - 2));
        assertEquals(1, atEnd.size(), atEnd.toString());
        assertEquals("2026-11-20T08:16:02.010Z", atEnd.get(0).last().format(), atEnd.toString());
    }

    /**
     * A start that ended before its load (a crash loop's: pprof's line, then nothing of it) between two processes: its own run, not
     * the old process's last line nor the next one's first; and at the file's end, after the old process's work, the same.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aStartThatEndedBeforeItsLoadIsAProcessOfItsOwn(long chunkBytes, boolean keep) throws IOException {
        List<String> dead = List.of(text("08:40:00.500", "info", "not enabling pprof debug endpoints", ""));
        List<String> log = concat(concat(v34debug("08:14", "08:15", false), dead), v34debug("09:02", "09:03", false));
        List<ControllerProcess> runs = runs(chunkBytes, keep, log);
        assertEquals(3, runs.size(), runs.toString());
        assertEquals("2026-11-20T08:15:11.417Z", runs.get(0).last().format(), runs.toString());
        assertEquals(1, runs.get(1).events(), runs.toString());
        assertEquals("2026-11-20T08:40:00.500Z", runs.get(1).first().format(), runs.toString());
        assertEquals("2026-11-20T09:02:01.902Z", runs.get(2).first().format(), runs.toString());
        List<ControllerProcess> atEnd = runs(chunkBytes, keep, concat(v34debug("08:14", "08:15", false), dead));
        assertEquals(2, atEnd.size(), atEnd.toString());
        assertEquals("2026-11-20T08:15:11.417Z", atEnd.get(0).last().format(), atEnd.toString());
    }

    /** A rotated set of one process's log cut right after its first lines: one run over both files. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aRotationCutAfterTheFirstLinesIsOneRun(long chunkBytes, boolean keep) throws IOException {
        for (List<String> one : eachRelease("08:14", "08:15")) {
            for (int cut : new int[] {1, 2}) {
                Path logs = java.nio.file.Files.createDirectories(dir.resolve("rotated-" + cut + "-" + chunkBytes + keep + one.hashCode()));
                java.nio.file.Files.writeString(logs.resolve("workflow-controller.log.1"), String.join("\n", one.subList(0, cut)) + "\n");
                java.nio.file.Files.writeString(logs.resolve("workflow-controller.log"), String.join("\n", one.subList(cut, one.size())) + "\n");
                dev.argoforensics.analysis.AnalysisOptions options = dev.argoforensics.analysis.AnalysisOptions.defaults().withThreads(3)
                        .keepingEverything(keep).withChunkBytes(chunkBytes);
                List<ControllerProcess> runs = dev.argoforensics.analysis.Analysis.standard(options).run(List.of(logs.toString()))
                        .correlation().processes();
                assertEquals(1, runs.size(), "cut after line " + cut + ": " + runs);
                assertEquals(one.size(), runs.get(0).events(), runs.toString());
            }
        }
    }
}
