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
 * Session 48 breaker of {@link FileRuns}' split of one file into two processes ({@link OneFileTwoProcessesTest}): real shapes
 * that must not split, and shapes where the split is right (kept as controls).
 */
class OneFileRunsBreakerTest {
    private static final String POD = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String NEW = "workflow-controller-5f6b7d9c8-qz4tn";

    @TempDir
    Path dir;

    private List<ControllerProcess> runs(long chunkBytes, boolean keep, List<String> lines) throws IOException {
        return OneFileTwoProcessesTest.runs(dir, chunkBytes, keep, lines);
    }

    private static String at(String time, String msg, String fields) {
        return OneFileTwoProcessesTest.at(time, msg, fields);
    }

    private static String processing(String time, String rv) {
        return OneFileTwoProcessesTest.processing(time, rv);
    }

    /** One process's whole log: its start at 13:40, then work up to 14:03:10. */
    private static List<String> wholeLog() {
        return List.of(
                at("13:40:02.208", "", "executorImage=\"quay.io/argoproj/argoexec:v3.7.12\" executorImagePullPolicy= managedNamespace=")
                        .replace("msg=\"\"", "msg="),
                "I1112 13:40:02.311482       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
                "I1112 13:40:02.334017       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
                at("13:40:02.334", "new leader", "leader=" + POD),
                at("13:40:02.341", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.12"),
                at("13:40:02.341", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32"),
                processing("13:58:44.880", "4418826"),
                at("13:58:44.907", "Workflow update successful", "namespace=invoicing phase=Running resourceVersion=4418851 workflow=invoice-batch-k2w9d"),
                at("14:03:10.526", "update pod event", "pod=invoice-batch-k2w9d-render-invoices-901637263"),
                processing("14:03:10.534", "4418851"),
                at("14:03:10.541", "Workflow step group node invoice-batch-k2w9d-2525875895 not yet completed", "namespace=invoicing workflow=invoice-batch-k2w9d"));
    }

    /**
     * Attack: {@code kubectl logs --tail=5} of the leader, then {@code kubectl logs} of the same Pod (the whole log, from its start):
     * one process, its tail printed twice. The election start comes after the tail's work but 18 minutes before it in time.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void theSameLogAskedForFromItsStartAfterItsTailIsOneProcess(long chunkBytes, boolean keep) throws IOException {
        List<String> whole = wholeLog();
        List<String> lines = new ArrayList<>(whole.subList(whole.size() - 5, whole.size()));
        lines.addAll(whole);
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
    }

    /** The same with the prompts pasted. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void theSameLogAskedForFromItsStartAfterItsTailWithPromptsIsOneProcess(long chunkBytes, boolean keep) throws IOException {
        List<String> whole = wholeLog();
        List<String> lines = new ArrayList<>();
        lines.add("$ kubectl -n argo logs --tail=5 " + POD);
        lines.addAll(whole.subList(whole.size() - 5, whole.size()));
        lines.add("$ kubectl -n argo logs " + POD);
        lines.addAll(whole);
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
    }

    /** Control: v3.7 with {@code --log-format=json} (logrus JSON, klog lines as they are): the tail and the next process are two. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aJsonV37TailThenTheNextProcessIsTwo(long chunkBytes, boolean keep) throws IOException {
        List<String> lines = List.of(
                "{\"Phase\":\"Running\",\"ResourceVersion\":\"4418851\",\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"invoicing\",\"time\":\"2026-11-12T14:03:10.534Z\",\"workflow\":\"invoice-batch-k2w9d\"}",
                "{\"level\":\"info\",\"msg\":\"Workflow update successful\",\"namespace\":\"invoicing\",\"phase\":\"Running\",\"resourceVersion\":\"4418860\",\"time\":\"2026-11-12T14:03:10.541Z\",\"workflow\":\"invoice-batch-k2w9d\"}",
                "I1112 14:07:05.311482       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
                "I1112 14:07:05.334017       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
                "{\"leader\":\"" + NEW + "\",\"level\":\"info\",\"msg\":\"new leader\",\"time\":\"2026-11-12T14:07:05.334Z\"}",
                "{\"defaultRequeueTime\":\"10s\",\"level\":\"info\",\"msg\":\"Starting Workflow Controller\",\"time\":\"2026-11-12T14:07:05.341Z\",\"version\":\"v3.7.12\"}",
                "{\"Phase\":\"Running\",\"ResourceVersion\":\"4418860\",\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"invoicing\",\"time\":\"2026-11-12T14:09:11.874Z\",\"workflow\":\"invoice-batch-k2w9d\"}");
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
    }

    /** Control: a panic of the old process (multi-line, goroutine dump) between its tail and the next process: two. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aPanicBetweenTheTailAndTheNextProcessIsTwo(long chunkBytes, boolean keep) throws IOException {
        List<String> whole = wholeLog();
        List<String> lines = new ArrayList<>(whole.subList(whole.size() - 5, whole.size()));
        lines.add("panic: runtime error: invalid memory address or nil pointer dereference");
        lines.add("[signal SIGSEGV: segmentation violation code=0x1 addr=0x30 pc=0x1d6f2a4]");
        lines.add("");
        lines.add("goroutine 412 [running]:");
        lines.add("github.com/argoproj/argo-workflows/v3/workflow/controller.(*wfOperationCtx).operate(0xc000a1c000, {0x2a0e3c8, 0xc0004b2f00})");
        lines.add("\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/operator.go:201 +0x1a4");
        lines.add("created by github.com/argoproj/argo-workflows/v3/workflow/controller.(*WorkflowController).Run in goroutine 1");
        lines.add("\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/controller.go:321 +0x9e5");
        lines.add("I1112 14:07:05.311482       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...");
        lines.add("I1112 14:07:05.334017       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller");
        lines.add(at("14:07:05.334", "new leader", "leader=" + NEW));
        lines.add(at("14:07:05.341", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.12"));
        lines.add(processing("14:09:11.874", "4418860"));
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:03:10.541Z", runs.get(0).last().format().substring(0, 24), runs.toString());
    }

    /**
     * Control: two replicas merged by time with no Pod named (a log store's export): the leader works, is killed (no
     * {@code stopped leading}), a standby started after that takes the Lease and works. Two processes: right to split, and the
     * standby's {@code new leader} names it.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void aMergedTakeOverAfterTheLeadersWorkIsTwo(long chunkBytes, boolean keep) throws IOException {
        List<String> whole = wholeLog();
        List<String> lines = new ArrayList<>(whole.subList(whole.size() - 5, whole.size()));
        lines.add("I1112 14:03:30.118204       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...");
        lines.add(at("14:03:30.131", "new leader", "leader=" + POD));
        lines.add("I1112 14:03:52.402117       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller");
        lines.add(at("14:03:52.402", "new leader", "leader=" + NEW));
        lines.add(at("14:03:52.409", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.12"));
        lines.add(processing("14:03:53.874", "4418860"));
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(NEW, runs.get(1).replica(), runs.toString());
    }
}
