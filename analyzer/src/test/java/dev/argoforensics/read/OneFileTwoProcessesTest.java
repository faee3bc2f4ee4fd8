package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 48: one file holding the tail of one controller process's log ({@code kubectl logs --tail}: no banner, no election line)
 * and then the next process's log from its start, pasted one after the other. With election on a process logs no Workflow work
 * before it holds the Lease ({@code Run} is called from {@code OnStartedLeading}), so an election start after work that nothing of
 * the piece's own election preceded is another process's ({@link FileRuns}). Until session 47 the two were one run, the old
 * process's tail given to the new one. The controls: one process's log from its start, a standby's start inside the leader's work
 * in a merged stream that names no Pod, the same log asked for twice, a log store's export read newest first, a v4 log.
 *
 * <p>Each case is read whole and in chunks of 40 bytes, keeping every line and selectively (lines of no interest only counted).
 */
class OneFileTwoProcessesTest {
    private static final String OLD = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String NEW = "workflow-controller-5f6b7d9c8-qz4tn";

    @TempDir
    Path dir;

    private List<ControllerProcess> runs(long chunkBytes, boolean keep, List<String> lines) throws IOException {
        return runs(dir, chunkBytes, keep, lines);
    }

    /** The controller processes read from {@code lines} written as one file in {@code dir} (shared with OneFileRunsBreakerTest). */
    static List<ControllerProcess> runs(Path dir, long chunkBytes, boolean keep, List<String> lines) throws IOException {
        Path p = dir.resolve("scrollback.txt");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).keepingEverything(keep).withChunkBytes(chunkBytes);
        return Analysis.standard(options).run(List.of(p.toString())).correlation().processes();
    }

    static String at(String time, String msg, String fields) {
        return "time=\"2026-11-12T" + time + "Z\" level=info msg=\"" + msg + "\"" + (fields.isEmpty() ? "" : " " + fields);
    }

    static String processing(String time, String rv) {
        return at(time, "Processing workflow", "Phase=Running ResourceVersion=" + rv + " namespace=invoicing workflow=invoice-batch-k2w9d");
    }

    /** The old process's last 9 lines: its Workflow worker's and pod informer's, nothing of its start. */
    private static final List<String> TAIL = List.of(
            processing("13:58:44.880", "4418826"),
            at("13:58:44.889", "Workflow step group node invoice-batch-k2w9d-2525875895 not yet completed", "namespace=invoicing workflow=invoice-batch-k2w9d"),
            at("13:58:44.907", "Workflow update successful", "namespace=invoicing phase=Running resourceVersion=4418851 workflow=invoice-batch-k2w9d"),
            at("14:01:00.002", "Alloc=10482 TotalAlloc=88310 Sys=40273 NumGC=31 Goroutines=187", ""),
            at("14:03:10.526", "update pod event", "pod=invoice-batch-k2w9d-render-invoices-901637263"),
            processing("14:03:10.534", "4418851"),
            at("14:03:10.537", "leaving phase un-changed: wait container is not yet terminated ", "namespace=invoicing new.phase=Running workflow=invoice-batch-k2w9d"),
            at("14:03:10.541", "Workflow step group node invoice-batch-k2w9d-2525875895 not yet completed", "namespace=invoicing workflow=invoice-batch-k2w9d"));

    private static final String CONFIG = at("14:07:05.208", "", "executorImage=\"quay.io/argoproj/argoexec:v3.7.12\" executorImagePullPolicy= managedNamespace=")
            .replace("msg=\"\"", "msg=");
    private static final String ATTEMPT = "I1112 14:07:05.311482       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...";
    private static final String ACQUIRED = "I1112 14:07:05.334017       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller";

    /** The new process from its start: its configuration, the Lease taken, its banner, its pod informer and workers. */
    private static List<String> newProcess() {
        return List.of(CONFIG, ATTEMPT, ACQUIRED,
                at("14:07:05.334", "new leader", "leader=" + NEW),
                at("14:07:05.341", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.12"),
                at("14:07:05.341", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32"),
                at("14:07:06.512", "add pod event", "pod=invoice-batch-k2w9d-render-invoices-901637263"),
                at("14:07:06.561", "delete pod event", "pod=invoice-batch-k2w9d-render-invoices-901637263"),
                processing("14:09:11.874", "4418851"),
                at("14:09:11.903", "Workflow update successful", "namespace=invoicing phase=Failed resourceVersion=4420977 workflow=invoice-batch-k2w9d"));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void anElectionStartAfterWorkWithNoElectionBeforeItIsAnotherProcess(long chunkBytes, boolean keep) throws IOException {
        List<ControllerProcess> runs = runs(chunkBytes, keep, concat(TAIL, newProcess()));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T13:58:44.880Z", runs.get(0).first().format(), runs.toString());
        // With no prompt between, the new process's load of the ConfigMap right before its election start is its own: main.go loads
        // it before it elects (session 60; before, it was the old run's last line).
        assertEquals("2026-11-12T14:03:10.541Z", runs.get(0).last().format(), runs.toString());
        assertEquals("2026-11-12T14:07:05.208Z", runs.get(1).first().format(), "the load before the election start opens the new run: " + runs);
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
        assertEquals(ReplicaSource.LEADER_ELECTION, runs.get(1).replicaFrom(), runs.toString());
        assertEquals(Leadership.LEADER, runs.get(1).leadership(), runs.toString());
        assertEquals(2, runs.get(0).work().processed(), "the old passes (14:03:10.534 the last) are the old run's: " + runs);
        assertEquals(1, runs.get(1).work().processed(), runs.toString());
    }

    /** The prompt that asked for the new process's log starts its lines: its configuration line is the new run's too. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aLogsPromptBeforeTheElectionStartGivesTheLinesBetweenToTheNewProcess(long chunkBytes, boolean keep) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("$ kubectl -n argo logs -f --tail=9 " + OLD);
        lines.addAll(TAIL);
        lines.add("$ kubectl -n argo logs -f deploy/workflow-controller");
        lines.addAll(newProcess());
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:03:10.541Z", runs.get(0).last().format(), "the old run ends with its last line: " + runs);
        assertEquals("2026-11-12T14:07:05.208Z", runs.get(1).first().format(), runs.toString());
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
    }

    /** Single-instance mode: {@code turned off} and {@code starting leading} before the banner, after the old tail: as the Lease. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aTurnedOffStartAfterWorkIsAnotherProcess(long chunkBytes, boolean keep) throws IOException {
        List<ControllerProcess> runs = runs(chunkBytes, keep, concat(TAIL, List.of(
                at("14:07:05.300", "Leader election is turned off. Running in single-instance mode", ""),
                at("14:07:05.301", "starting leading", "id=single-instance"),
                at("14:07:05.341", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.12"),
                processing("14:09:11.874", "4418851"))));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:07:05.300Z", runs.get(1).first().format(), runs.toString());
        assertEquals(Leadership.SINGLE_INSTANCE, runs.get(1).leadership(), runs.toString());
    }

    /** Control: one process's log from its start, its election before its work: one run, as before. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void oneProcessFromItsStartIsOneRun(long chunkBytes, boolean keep) throws IOException {
        List<ControllerProcess> runs = runs(chunkBytes, keep, newProcess());
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(Leadership.LEADER, runs.get(0).leadership());
    }

    /**
     * Control: two replicas merged with no Pod named on the lines (a log store's export sorted by time, {@code kubectl logs -l}
     * without {@code --prefix}): a standby starting while the leader works logs its election start and {@code new leader} among
     * the leader's work, and the leader's work goes on after them. Not a new process taking over: the leader's work stays one run.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void aStandbysStartInsideTheLeadersWorkInAMergedStreamSplitsNothing(long chunkBytes, boolean keep) throws IOException {
        List<String> lines = new ArrayList<>(TAIL.subList(0, 4));
        lines.add("I1112 14:02:30.118204       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...");
        lines.add(at("14:02:30.131", "new leader", "leader=" + OLD));
        lines.addAll(TAIL.subList(4, TAIL.size()));
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:03:10.541Z", runs.get(0).last().format(), runs.toString());
        assertEquals(2, runs.get(0).work().processed(), runs.toString());
    }

    /** Control: the same process's log asked for again after a prompt (its lines go on, no election start): one run. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void theSameLogAskedForAgainIsOneRun(long chunkBytes, boolean keep) throws IOException {
        List<String> lines = new ArrayList<>(TAIL);
        lines.add("$ kubectl -n argo logs --tail=3 " + OLD);
        lines.addAll(TAIL.subList(TAIL.size() - 3, TAIL.size()));
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
    }

    /**
     * Control: a log store's export of one process from its start, newest first: read oldest first, its election precedes its
     * work, one run; and the tail-then-start export newest first still reads as two.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aNewestFirstExportIsReadInTimeOrder(long chunkBytes, boolean keep) throws IOException {
        List<String> one = new ArrayList<>(newProcess());
        Collections.reverse(one);
        assertEquals(1, runs(chunkBytes, keep, one).size());
        List<String> two = concat(TAIL, newProcess());
        Collections.reverse(two);
        assertEquals(2, runs(chunkBytes, keep, two).size());
    }

    /** v4 writes its election lines through slog, {@code lock} named: the same reading, and one v4 process from its start is one run. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aV4LogReadsTheSame(long chunkBytes, boolean keep) throws IOException {
        List<String> start = List.of(
                "time=2026-11-12T14:07:05.311Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=argo/workflow-controller",
                "time=2026-11-12T14:07:05.334Z level=INFO msg=\"Successfully acquired lease\" lock=argo/workflow-controller",
                "time=2026-11-12T14:07:05.334Z level=INFO msg=\"new leader\" leader=" + NEW,
                "time=2026-11-12T14:07:05.341Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s",
                "time=2026-11-12T14:09:11.874Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d"
                        + " namespace=invoicing phase=Running resourceVersion=4418851");
        List<String> tail = List.of(
                "time=2026-11-12T14:03:10.534Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d"
                        + " namespace=invoicing phase=Running resourceVersion=4418851",
                "time=2026-11-12T14:03:10.541Z level=INFO msg=\"Workflow update successful\" component=workflow_worker"
                        + " workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418860");
        assertEquals(1, runs(chunkBytes, keep, start).size());
        List<ControllerProcess> runs = runs(chunkBytes, keep, concat(tail, start));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:03:10.541Z", runs.get(0).last().format(), runs.toString());
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
    }
    /**
     * A rotated log: the older file holds the old process's tail, the newer one its last lines and then the next process from its
     * start. The newer file's piece continues the old run, and the election start after its work is another process's.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void inARotatedSetTheNewerFilesElectionStartAfterWorkIsAnotherProcess(long chunkBytes, boolean keep) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("rotated"));
        Files.writeString(logs.resolve("workflow-controller.log.1"), String.join("\n", TAIL.subList(0, 4)) + "\n", StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("workflow-controller.log"), String.join("\n", concat(TAIL.subList(4, TAIL.size()), newProcess())) + "\n",
                StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).keepingEverything(keep).withChunkBytes(chunkBytes);
        List<ControllerProcess> runs = Analysis.standard(options).run(List.of(logs.toString())).correlation().processes();
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T13:58:44.880Z", runs.get(0).first().format(), runs.toString());
        assertEquals(2, runs.get(0).work().processed(), "both files' old passes are the old run's: " + runs);
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
    }
}
