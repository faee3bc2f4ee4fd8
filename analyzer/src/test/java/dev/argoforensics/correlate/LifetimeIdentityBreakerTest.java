package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.log;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.V4;
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
 * Session 53 breaker of the lifetimes split's identities: an exported UID given to the Pod created at its own {@code Created pod}
 * line when the API server's clock (creationTimestamp, whole seconds) and the controller's (the line) disagree within the margin the
 * correlation allows elsewhere ({@link DeletionBounds#CROSS_CLOCK_NANOS}); and v4's automatic restart (one node, two Pods of the name).
 */
class LifetimeIdentityBreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult analyze(List<String> lines, Map<String, String> exports) throws IOException {
        return AnalyzedFiles.run(dir, Map.of("workflow-controller.log", lines), exports);
    }

    private static List<Finding> findings(AnalysisResult r, String rule) {
        return r.outcomes().stream().filter(o -> o.rule().equals(rule)).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    private static List<Finding> all(AnalysisResult r) {
        return r.outcomes().stream().flatMap(o -> o.findings().stream()).toList();
    }

    private static boolean confirmedOrLikely(Finding f) {
        String c = String.valueOf(f.confidence()).toLowerCase();
        return c.contains("confirmed") || c.contains("likely");
    }

    /** Pod ns/p exported with UID {@code uid}, created at {@code creationTimestamp}, ended well and not being deleted. */
    private static String laterExport(String uid, String creationTimestamp) {
        return V4.podYaml(true).replace("uid: u-1", "uid: " + uid).replace("creationTimestamp: \"2026-09-19T16:27:10Z\"",
                "creationTimestamp: \"" + creationTimestamp + "\"").replace("  deletionTimestamp: \"2026-09-19T16:31:04Z\"\n  deletionGracePeriodSeconds: 0\n", "");
    }

    /**
     * Attack: only the LATER Pod exported (u-2), its creationTimestamp 18:00:02Z by the API server's clock, two seconds ahead of the
     * controller's, whose Created pod line says 18:00:00.100. Within the margin the correlation allows between those clocks, it is
     * that line's Pod: the earlier race (16:27) must not be told of u-2.
     */
    @Test
    void theLaterPodsUidWithItsClockAheadDoesNotTakeTheEarlierRace() throws IOException {
        AnalysisResult r = analyze(log(racedLife("16"), goodLife("18:00")), Map.of("pod-2.yaml", laterExport("u-2", "2026-09-19T18:00:02Z")));
        assertTrue(all(r).stream().filter(LifetimeIdentityBreakerTest::confirmedOrLikely).noneMatch(f -> "u-2".equals(f.podUid())),
                () -> all(r) + " " + new TreeMap<>(r.correlation().pods()).keySet());
        assertTrue(findings(r, "AF001").stream().anyMatch(f -> f.pod() != null && f.pod().lifetime() == 1),
                () -> findings(r, "AF001") + " " + new TreeMap<>(r.correlation().pods()).keySet());
    }

    /**
     * Attack, three Pods of the name: the race at 16:27, a good Pod at 18:00 exported alone (u-2, creationTimestamp two seconds ahead),
     * another good Pod at 19:00. u-2 is the 18:00 Pod's, never the 19:00 one's, and the race stays with the first lifetime.
     */
    @Test
    void theMiddlePodsUidWithItsClockAheadIsNotGivenToTheNextPod() throws IOException {
        AnalysisResult r = analyze(log(racedLife("16"), goodLife("18:00"), goodLife("19:00")),
                Map.of("pod-2.yaml", laterExport("u-2", "2026-09-19T18:00:02Z")));
        assertTrue(all(r).stream().filter(LifetimeIdentityBreakerTest::confirmedOrLikely).noneMatch(f -> "u-2".equals(f.podUid())),
                () -> all(r) + " " + new TreeMap<>(r.correlation().pods()).keySet());
        PodIdentity id = r.correlation().pods().entrySet().stream().filter(e -> "u-2".equals(e.getKey().uid())).map(e -> e.getValue().identity())
                .findFirst().orElseThrow(() -> new AssertionError(new TreeMap<>(r.correlation().pods()).keySet()));
        assertTrue(id.from() != null && id.from().format().startsWith("2026-09-19T18:00:00"), () -> "u-2 from " + id.from() + ": " + id);
    }

    /**
     * Session 53 lead, from the judgment's automatic restarts: creationTimestamp is cut to its second, so the exported Pod (u-2,
     * 18:00:00Z) was created within [18:00:00, 18:00:01). Its own line at 18:00:00.800 is in that second; the earlier Pod's, at
     * 17:59:59.700 (cleaned up before), is 0.3 s before it. Measured from 18:00:00 alone the earlier line was the nearer one, and u-2
     * went to the earlier Pod.
     */
    @Test
    void aLineInsideTheCreationTimestampsSecondIsNearerThanOneJustBeforeIt() throws IOException {
        List<String> earlier = List.of(processing("2026-09-19T17:59:59.600Z", "\"\""), createdPod("2026-09-19T17:59:59.700Z"),
                podEvent("2026-09-19T17:59:59.710Z", "add"), queueing("2026-09-19T17:59:59.800Z", "deletePod"),
                cleaningUp("2026-09-19T17:59:59.810Z", "deletePod"), podEvent("2026-09-19T17:59:59.900Z", "delete"));
        List<String> own = List.of(createdPod("2026-09-19T18:00:00.800Z"), workflowUpdated("2026-09-19T18:00:00.850Z", "Running"),
                podEvent("2026-09-19T18:00:00.900Z", "add"), podEvent("2026-09-19T18:00:40.000Z", "update"));
        AnalysisResult r = analyze(log(earlier, own), Map.of("pod-2.yaml", laterExport("u-2", "2026-09-19T18:00:00Z")));
        PodIdentity id = r.correlation().pods().entrySet().stream().filter(e -> "u-2".equals(e.getKey().uid())).map(e -> e.getValue().identity())
                .findFirst().orElseThrow(() -> new AssertionError(new TreeMap<>(r.correlation().pods()).keySet()));
        assertTrue(id.from() != null && id.from().format().startsWith("2026-09-19T18:00:00.8"), () -> "u-2 from " + id.from() + ": " + id);
    }

    /** Control: the same with the two clocks agreeing (creationTimestamp 18:00:00Z, the line at 18:00:00.100). */
    @Test
    void theLaterPodsUidWithClocksAgreeingDoesNotTakeTheEarlierRace() throws IOException {
        AnalysisResult r = analyze(log(racedLife("16"), goodLife("18:00")), Map.of("pod-2.yaml", laterExport("u-2", "2026-09-19T18:00:00Z")));
        assertTrue(all(r).stream().filter(LifetimeIdentityBreakerTest::confirmedOrLikely).noneMatch(f -> "u-2".equals(f.podUid())),
                () -> all(r) + " " + new TreeMap<>(r.correlation().pods()).keySet());
    }

    private static String restart(String t) {
        return "time=" + t + " level=INFO msg=\"Pod qualifies for automatic restart - marking as pending\" component=workflow_worker workflow=p "
                + "namespace=ns podName=p nodeID=p restartCount=1 reason=Evicted message=\"The node was low on resource: memory. \"";
    }

    /**
     * v4's automatic restart: the node's first Pod evicted before main ran, deleted by its UID, the node Pending again and a second
     * Pod of the name created by the same Workflow; that Pod then raced (#17024). Two Pods, two lifetimes: the race is the second's
     * (reported on it as without the restart before it), and the evicted Pod, which never ran its step, carries nothing confirmed or likely.
     */
    @Test
    void anAutomaticRestartsSecondPodKeepsItsRace() throws IOException {
        String uid = "0b6d7a51-3f0e-4c1e-9a43-8f4a2cd1e7b2";
        List<String> first = List.of(processing("2026-09-19T16:20:00.000Z", "\"\""), createdPod("2026-09-19T16:20:00.100Z"),
                podEvent("2026-09-19T16:20:00.110Z", "add"), workflowUpdated("2026-09-19T16:20:00.200Z", "Running"),
                podEvent("2026-09-19T16:20:19.000Z", "update"), restart("2026-09-19T16:20:20.000Z"),
                "time=2026-09-19T16:20:20.001Z level=INFO msg=\"queueing pod for cleanup by UID\" component=pod_controller namespace=ns podName=p uid="
                        + uid + " action=deletePodByUID",
                "time=2026-09-19T16:20:20.010Z level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/deletePodByUID/" + uid
                        + " action=deletePodByUID namespace=ns podName=p",
                podEvent("2026-09-19T16:20:20.050Z", "delete"), workflowUpdated("2026-09-19T16:20:20.100Z", "Running"),
                podMissing("2026-09-19T16:20:21.000Z", "Pending", false));
        List<String> race = racedLife("16").subList(1, racedLife("16").size()); // its Created pod line at 16:27:10.431 onwards
        AnalysisResult alone = analyze(log(racedLife("16")), Map.of());
        List<String> lines = new ArrayList<>(List.of("time=2026-09-19T16:19:59.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:19:59.100Z", 2)));
        lines.addAll(first);
        lines.addAll(List.of(workers("2026-09-19T16:22:00.000Z", 2), workers("2026-09-19T16:24:00.000Z", 2), workers("2026-09-19T16:26:00.000Z", 2)));
        lines.addAll(race);
        lines.add(processingOther("2026-09-19T19:30:00.000Z"));
        AnalysisResult r = analyze(lines, Map.of());
        List<String> expected = findings(alone, "AF001").stream().map(f -> String.valueOf(f.confidence())).toList();
        List<String> got = findings(r, "AF001").stream().filter(f -> f.pod() != null && f.pod().lifetime() == 0)
                .map(f -> String.valueOf(f.confidence())).toList();
        assertEquals(expected, got, () -> findings(r, "AF001") + " " + new TreeMap<>(r.correlation().pods()).keySet());
        assertTrue(all(r).stream().filter(f -> f.pod() != null && f.pod().lifetime() > 0).noneMatch(LifetimeIdentityBreakerTest::confirmedOrLikely),
                () -> all(r).toString());
    }

    /**
     * Two clusters' controllers (two files, two replicas), each with a Workflow p in namespace ns: cluster A's Pod p races (16:27 to
     * 16:33); cluster B's Pod p, created at 16:28 while A's was alive (no cleanup between: never a later lifetime of A's), runs well.
     * A's race must be read as it is alone, B's stored success and cleanup not taken for A's persistence.
     */
    @Test
    void anotherClustersNamesakeWhileThePodLivedDoesNotHideTheRace() throws IOException {
        AnalysisResult alone = analyze(NamesakesBreakerTest.clusterA(log(racedLife("16"))), Map.of());
        Path in = Files.createDirectories(dir.resolve("two-" + System.nanoTime()));
        Path a = in.resolve("cluster-a-workflow-controller.log");
        Path b = in.resolve("cluster-b-workflow-controller.log");
        // each cluster's log from its controller's start, its Lease taken (session 57: the evidence that the two led at once)
        Files.write(a, NamesakesBreakerTest.clusterA(log(racedLife("16"))));
        Files.write(b, NamesakesBreakerTest.clusterB(log(goodLife("16:28"))));
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(a.toString(), b.toString()));
        List<String> expected = findings(alone, "AF001").stream().map(f -> String.valueOf(f.confidence())).toList();
        List<String> got = findings(r, "AF001").stream().map(f -> String.valueOf(f.confidence())).toList();
        assertEquals(expected, got, () -> findings(r, "AF001") + " " + new TreeMap<>(r.correlation().pods()).keySet());
    }
}
