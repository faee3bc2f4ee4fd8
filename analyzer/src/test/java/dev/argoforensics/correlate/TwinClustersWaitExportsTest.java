package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.NamesakesS57BreakerTest.all;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.AnalyzedFiles;
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
 * Session 60 (s60-twins): exports of waiting Workflows where two clusters' controllers are given together (DR twins under one Lease
 * key, as in {@link TwinRunsLockS59BreakerTest}). Cluster a's holder {@code finance/ledger-close-29334000} completed at 08:41:09 and
 * kept the mutex until its deletion at 10:24:59 (samples/lock-released-when-deleted); cluster b's namesake still runs and holds b's
 * mutex of the name. An export of a Workflow waiting for {@code finance/Mutex/ledger-write} names no cluster: it is counted in the
 * view of the cluster the evidence places it in, in no other, and where nothing places it the holding is at most possible, saying so.
 * AF015 (the second part): a Pod export of no known cluster confirms a stale copy acted on only where this cluster's own creation of
 * the Pod's name matches it.
 */
class TwinClustersWaitExportsTest {
    @TempDir
    Path dir;

    private static final Path SAMPLE = Path.of("samples/lock-released-when-deleted/logs/workflow-controller.log");

    private AnalysisResult analyze(Map<String, List<String>> logs, Map<String, String> objects) throws IOException {
        return AnalyzedFiles.run(dir, new TreeMap<>(logs), new TreeMap<>(objects));
    }

    /** Lines of the log without those naming any of the Workflows given. */
    static List<String> without(List<String> log, String... workflows) {
        List<String> out = new ArrayList<>();
        for (String l : log) {
            boolean drop = false;
            for (String w : workflows) {
                drop |= l.contains(w);
            }
            if (!drop) {
                out.add(l);
            }
        }
        return out;
    }

    /** A Workflow Pending on the mutex, as {@code kubectl get wf -o yaml} gives it, taken at 10:00 (before the holder's delete). */
    static String waiting(String name, String resourceVersion) {
        return """
                # kubectl get wf -n finance %1$s -o yaml
                # taken-at: 2026-10-14T10:00:00Z
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata:
                  name: %1$s
                  namespace: finance
                  uid: 5b2e8c41-9d3f-4a7e-b610-2c8f4e1a9d73
                  resourceVersion: "%2$s"
                  creationTimestamp: "2026-10-14T09:20:00Z"
                status:
                  phase: Pending
                  message: "Waiting for finance/Mutex/ledger-write lock. Lock status: 0/1"
                  synchronization:
                    mutex:
                      waiting:
                      - {mutex: finance/Mutex/ledger-write, holder: finance/%1$s}
                """.formatted(name, resourceVersion);
    }

    /** A finding's confidence and reason code, without its Pod. */
    private static String graded(String f) {
        String[] w = f.split(" ");
        return w[w.length - 2] + " " + w[w.length - 1];
    }

    private static boolean decided(String f) {
        return f.contains("CONFIRMED") || f.contains("LIKELY");
    }

    /**
     * Attack (broke, fixed): a's log holds no waiter (a's month-end and audit-export not in it), b's log holds none either, and a
     * Workflow {@code close-check-7hq2w} waiting for the mutex is exported with no line of it in either log. Before: the export was in
     * every view's waits, so a's holding read "released only at 10:24:59, close-check-7hq2w waited 1h18m" (likely) on a wait that may be
     * b's (waiting for b's lock, held by b's running namesake). Now: no evidence places the export, so a's holding is possible
     * (AF014.reason.waitsOfNoKnownCluster), and b's namesake, never completed in b, is no finding.
     */
    @Test
    void aWaitingExportNoEvidencePlacesIsCountedInNoView() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = without(sample, "month-end-4vx9d", "audit-export-p2n7w");
        List<String> b = without(TwinRunsLockS59BreakerTest.clusterBStillRunning(sample), "month-end-4vx9d", "audit-export-p2n7w");
        Map<String, String> export = Map.of("close-check-7hq2w.yaml", waiting("close-check-7hq2w", "88158811"));
        AnalysisResult aAlone = analyze(Map.of("prod-east/workflow-controller.log", a), export);
        // a's log alone: one cluster, the export is its (as before): the late release past the threshold
        assertTrue(of(aAlone, "AF014").stream().anyMatch(f -> f.endsWith("LIKELY AF014.reason.lateRelease")), () -> all(aAlone).toString());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b), export);
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().noneMatch(TwinClustersWaitExportsTest::decided), () -> all(both).toString());
        assertEquals(1, together.stream().filter(f -> f.endsWith("POSSIBLE AF014.reason.waitsOfNoKnownCluster")).count(), () -> all(both).toString());
    }

    /**
     * The waiter's Workflow logged by b's controller alone (b's month-end-4vx9d waits in b's log, a's log holds none of it): its export
     * is b's, a wait for b's lock. a's holding has no waiter in its view (nothing to explain), b's holder never completed.
     */
    @Test
    void aWaitingExportWhoseWorkflowOnlyOneClusterLoggedIsThatClusters() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = without(sample, "month-end-4vx9d", "audit-export-p2n7w");
        List<String> b = without(TwinRunsLockS59BreakerTest.clusterBStillRunning(sample), "audit-export-p2n7w");
        assertTrue(b.stream().anyMatch(l -> l.contains("month-end-4vx9d")));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b),
                Map.of("month-end-4vx9d.yaml", waiting("month-end-4vx9d", "88151380")));
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().noneMatch(f -> decided(f) || f.contains("POSSIBLE")), () -> all(both).toString());
    }

    /**
     * Control: the waiter's Workflow logged by a's controller alone (the sample's month-end-4vx9d, its waits in a's log), b's log
     * without it: the export is a's and a's finding reads as a's log alone reads it (likely, the late release).
     */
    @Test
    void aWaitingExportWhoseWorkflowTheHoldersClusterLoggedStillCounts() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = without(sample, "audit-export-p2n7w");
        List<String> b = without(TwinRunsLockS59BreakerTest.clusterBStillRunning(sample), "month-end-4vx9d", "audit-export-p2n7w");
        Map<String, String> export = Map.of("month-end-4vx9d.yaml", waiting("month-end-4vx9d", "88151380"));
        AnalysisResult aAlone = analyze(Map.of("prod-east/workflow-controller.log", a), export);
        List<String> alone = of(aAlone, "AF014").stream().filter(TwinClustersWaitExportsTest::decided).map(TwinClustersWaitExportsTest::graded).toList();
        assertEquals(1, alone.size(), () -> all(aAlone).toString());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b), export);
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        // (the Pod is labelled by its lifetime beside b's Pod of the name: the confidence and the reason are compared)
        assertEquals(alone, of(both, "AF014").stream().filter(TwinClustersWaitExportsTest::decided).map(TwinClustersWaitExportsTest::graded).toList(),
                () -> all(both).toString());
    }

    /** Cluster a's log with a pass after its completion on a stale copy (resourceVersion 88139114, older than the completion's 88139160) that creates the load Pod again. */
    private static List<String> aActsOnAStaleCopy(List<String> sample) {
        List<String> a = new ArrayList<>();
        for (String l : sample) {
            a.add(l);
            if (l.startsWith("time=\"2026-10-14T08:45:02.064Z\"")) {
                String f = "namespace=finance workflow=ledger-close-29334000";
                a.add("time=\"2026-10-14T08:46:00.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88139114 " + f);
                a.add("time=\"2026-10-14T08:46:00.104Z\" level=info msg=\"Task-result reconciliation\" " + f + " numObjs=2");
                a.add("time=\"2026-10-14T08:46:00.131Z\" level=info msg=\"Created pod: ledger-close-29334000[1].load (ledger-close-29334000-load-2434902808)\" " + f);
            }
        }
        return a;
    }

    /** The load Pod as {@code kubectl get pod -o yaml} gives it: created at {@code created}, of the Workflow object {@code owner}. */
    private static String loadPod(String created, String uid, String owner) {
        return """
                # taken-at: 2026-10-14T10:00:00Z
                apiVersion: v1
                kind: Pod
                metadata:
                  name: ledger-close-29334000-load-2434902808
                  namespace: finance
                  uid: %2$s
                  creationTimestamp: "%1$s"
                  annotations:
                    workflows.argoproj.io/node-id: ledger-close-29334000-2434902808
                    workflows.argoproj.io/node-name: ledger-close-29334000[1].load
                  labels:
                    workflows.argoproj.io/workflow: ledger-close-29334000
                  ownerReferences:
                  - {apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: ledger-close-29334000, uid: %3$s, controller: true}
                spec:
                  nodeName: ip-10-2-7-41.ec2.internal
                status:
                  phase: Running
                  startTime: "%1$s"
                """.formatted(created, uid, owner);
    }

    /**
     * AF015 beside a cluster it cannot place an export in (session 60, check): cluster a acted on a stale copy after its Workflow
     * completed (the load Pod created again at 08:46:00, lines alone: likely). Cluster b's namesake still runs, its load Pod created
     * at 08:22:47 in b. The Pod exports given name no cluster: b's Pod (created 08:22:47, before a's completion) and a's Pod created
     * again (08:46:00). a's finding reads as a's log and a's export read it, never under b's Pod; b, whose namesake never completed,
     * has no AF015 finding of any confidence.
     */
    @Test
    void af015OnTheOneClustersStaleCopyStaysItsOwn() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = aActsOnAStaleCopy(sample);
        List<String> b = TwinRunsLockS59BreakerTest.clusterBStillRunning(sample).stream().map(TwinRunsLockS59BreakerTest::ownRevisions).toList();
        String aPod = loadPod("2026-10-14T08:46:00Z", "9f1c2a7e-3b5d-4e8f-a061-7d2c9b4e1f30", "3d0c9e57-1b2a-4c8f-9a61-5e7f2b4d8c10");
        String bPod = loadPod("2026-10-14T08:22:47Z", "1e7b4d2c-8a3f-4c61-9d05-6b2e0f7a3c94", "c84f2e19-5a7d-4b3c-8e60-2d9f1b7a4e05");
        AnalysisResult aAlone = analyze(Map.of("prod-east/workflow-controller.log", a), Map.of("prod-east/load.yaml", aPod));
        List<String> alone = of(aAlone, "AF015").stream().filter(TwinClustersWaitExportsTest::decided).map(TwinClustersWaitExportsTest::graded).toList();
        assertEquals(List.of("CONFIRMED AF015.reason.podExported"), alone, () -> all(aAlone).toString());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b),
                Map.of("prod-east/load.yaml", aPod, "prod-west/load.yaml", bPod));
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF015");
        assertEquals(alone, together.stream().filter(TwinClustersWaitExportsTest::decided).map(TwinClustersWaitExportsTest::graded).toList(),
                () -> all(both).toString());
        assertTrue(together.stream().noneMatch(f -> f.contains("08:22:47")), () -> all(both).toString());
    }

    /**
     * AF015's confirmation resting on a Pod export of no known cluster (session 60, check): as above, a's Pod created again is not
     * exported; b's namesake's load Pod was created again in b at 08:50:00 (b's retry of the step, its own line) and b's export of it
     * is given. It is an export of the Pod's name created after a's completion, but of b's object: a's finding stays as a's lines
     * read it (likely), not confirmed by b's Pod.
     */
    @Test
    void af015IsNotConfirmedByTheOtherClustersPodOfTheName() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = aActsOnAStaleCopy(sample);
        List<String> b = new ArrayList<>();
        for (String l : TwinRunsLockS59BreakerTest.clusterBStillRunning(sample)) {
            b.add(TwinRunsLockS59BreakerTest.ownRevisions(l));
            if (l.startsWith("time=\"2026-10-14T08:45:09")) {
                String f = "namespace=finance workflow=ledger-close-29334000";
                b.add("time=\"2026-10-14T08:50:00.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=24160 " + f);
                b.add("time=\"2026-10-14T08:50:00.131Z\" level=info msg=\"Created pod: ledger-close-29334000[1].load (ledger-close-29334000-load-2434902808)\" " + f);
            }
        }
        assertTrue(b.stream().anyMatch(l -> l.contains("08:50:00.131Z")));
        String bPod = loadPod("2026-10-14T08:50:00Z", "1e7b4d2c-8a3f-4c61-9d05-6b2e0f7a3c94", "c84f2e19-5a7d-4b3c-8e60-2d9f1b7a4e05");
        AnalysisResult aAlone = analyze(Map.of("prod-east/workflow-controller.log", a), Map.of());
        List<String> alone = of(aAlone, "AF015").stream().filter(TwinClustersWaitExportsTest::decided).map(TwinClustersWaitExportsTest::graded).toList();
        assertEquals(List.of("LIKELY AF015.reason.linesShow"), alone, () -> all(aAlone).toString());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b),
                Map.of("prod-west/load.yaml", bPod));
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        assertEquals(alone, of(both, "AF015").stream().filter(TwinClustersWaitExportsTest::decided).map(TwinClustersWaitExportsTest::graded).toList(),
                () -> all(both).toString());
    }
}
