package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.NamesakesS57BreakerTest.all;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.leading;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.of;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.text;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.V4;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58 breaker of s58-clusters' readings of two controllers over one namespace (ConcurrentRuns.ownLeases, AF003's
 * otherInstall, Reconciliation.forPod's instance IDs) and of one cluster's controller seen through several Pods.
 */
class ClustersS58BreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult analyze(Map<String, String> files) throws IOException {
        return dev.argoforensics.testing.AnalyzedFiles.run(dir, Map.of(), new TreeMap<>(files));
    }

    /** The cluster-wide install's log (argo/workflow-controller, v4.1.3, no instance ID): p's race, its workers at 0 from 16:31:11. */
    static List<String> wide(List<String> election) {
        List<String> wide = new ArrayList<>(election);
        wide.add("time=2026-09-19T16:20:00.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s");
        wide.add(workers("2026-09-19T16:20:00.100Z", 2));
        for (int m = 21; m < 27; m++) {
            wide.add(processingOther("2026-09-19T16:" + m + ":00.000Z"));
        }
        wide.addAll(racedLife("16"));
        for (int m = 34; m < 60; m += 2) {
            wide.add(processingOther("2026-09-19T16:" + m + ":00.000Z"));
        }
        return wide;
    }

    /** The other install's passes: others every minute, and Workflow p at 16:31:20 (the Pod found missing, the node marked). */
    static List<String> otherPasses() {
        List<String> out = new ArrayList<>();
        for (int m = 21; m < 27; m++) {
            out.add(processingOther("2026-09-19T16:" + m + ":30.000Z"));
        }
        out.add(V4.processing("2026-09-19T16:31:20.000Z", "Running"));
        out.add(V4.podMissing("2026-09-19T16:31:20.050Z"));
        out.add(V4.markingError("2026-09-19T16:31:20.051Z"));
        out.add(V4.workflowUpdated("2026-09-19T16:31:20.100Z", "Error"));
        for (int m = 34; m < 60; m += 2) {
            out.add(processingOther("2026-09-19T16:" + m + ":30.000Z"));
        }
        return out;
    }

    /** v4 slog lines as v3.7's logrus text writes them (quoted time, lower-case level). */
    static String v3(String v4) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^time=(\\S+) level=(\\w+) ").matcher(v4);
        return m.find() ? "time=\"" + m.group(1) + "\" level=" + m.group(2).toLowerCase() + " " + v4.substring(m.end()) : v4;
    }

    /**
     * Attack (1): the other install is v3.7 (logrus text): instance ID team-b stated in its {@code Configuration:} dump (v3's banner
     * prints none), its Lease ns/workflow-controller-team-b. It lists only Workflows labelled team-b, the cluster-wide one only
     * unlabelled ones: its pass of ns/p is another object's (another cluster's namesake, or in one cluster a Workflow that cannot be
     * the wide install's ns/p while that one exists). The stall reads as the wide log alone reads it, as the v4 control of
     * NamesakesS57BreakerTest attack 11 (team-b stated in a v4 banner) does.
     */
    @Test
    void aV3InstallStatingAnotherInstanceIdInItsConfigurationDumpHoldsOtherWorkflows() throws IOException {
        List<String> wide = wide(leading("2026-09-19T16:20:00", "workflow-controller-5c8e2f7d1-aaaaa").subList(0, 3));
        List<String> teamB = new ArrayList<>(List.of(
                "time=\"2026-09-19T16:20:05.000Z\" level=info msg=\"Configuration:\\nartifactRepository: {}\\ninstanceID: team-b\\nmetricsConfig: {}\\nnodeEvents: {}\\nworkflowEvents: {}\\n\"",
                "time=\"2026-09-19T16:20:05.001Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=ns",
                "I0919 16:20:05.002000       1 leaderelection.go:257] attempting to acquire leader lease ns/workflow-controller-team-b...",
                "I0919 16:20:05.006000       1 leaderelection.go:271] successfully acquired lease ns/workflow-controller-team-b",
                "time=\"2026-09-19T16:20:05.007Z\" level=info msg=\"new leader\" leader=workflow-controller-88f0c1-mmmmm",
                "time=\"2026-09-19T16:20:05.008Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-09-19T16:20:05.100Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2"));
        otherPasses().forEach(l -> teamB.add(v3(l)));
        AnalysisResult alone = analyze(Map.of("wide.log", text(wide)));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "team-b.log", text(teamB)));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), of(alone, "AF003"), () -> all(alone).toString());
        assertEquals(of(alone, "AF003"), of(both, "AF003"), () -> all(both).toString());
    }

    /**
     * Attack (2): the same two installs over ns (a namespaced one beside the cluster-wide one, both without an instance ID), both with
     * leader election off ({@code LEADER_ELECTION_DISABLE=true}: main.go's single-instance lines, no Lease). Both reconcile ns/p; the
     * namespaced one's pass at 16:31:20 found the Pod missing. A split brain of one install (two replicas with election off) reads the
     * same and processes the one Workflow too. Either way the wide run's lack of workers stalled nothing shown: not confirmed.
     */
    @Test
    void twoInstallsWithElectionOffBothReconcileTheWorkflow() throws IOException {
        List<String> wide = wide(List.of(V4.singleInstance("2026-09-19T16:20:00.000Z")));
        List<String> managed = new ArrayList<>(List.of(V4.singleInstance("2026-09-19T16:20:05.000Z")));
        managed.add("time=2026-09-19T16:20:05.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s");
        managed.add(workers("2026-09-19T16:20:05.100Z", 2));
        managed.addAll(otherPasses());
        AnalysisResult alone = analyze(Map.of("wide.log", text(wide)));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "managed.log", text(managed)));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), of(alone, "AF003"), () -> all(alone).toString());
        assertTrue(of(both, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> all(both).toString());
        assertTrue(of(both, "AF003").stream().anyMatch(f -> f.startsWith("cleared") && f.contains("AF003.cleared.otherRun")
                && f.contains("AF003.reason.otherRunElectionOff")), () -> all(both).toString());
    }

    /**
     * Attack (3): the same two installs, election lines cut from both logs (a collector keeping the controller's own lines, not
     * client-go's klog ones; v4's start banners kept). Nothing says whether the two runs were two installs, two clusters or one
     * replica after the other; their passes interleave from 16:21 to 16:58. The other run processed ns/p 9 s after the act.
     */
    @Test
    void twoInstallsWithoutElectionLinesBothReconcileTheWorkflow() throws IOException {
        List<String> wide = wide(List.of());
        List<String> managed = new ArrayList<>();
        managed.add("time=2026-09-19T16:20:05.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s");
        managed.add(workers("2026-09-19T16:20:05.100Z", 2));
        managed.addAll(otherPasses());
        AnalysisResult alone = analyze(Map.of("wide.log", text(wide)));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "managed.log", text(managed)));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), of(alone, "AF003"), () -> all(alone).toString());
        assertTrue(of(both, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> all(both).toString());
        assertTrue(of(both, "AF003").stream().anyMatch(f -> f.startsWith("cleared") && f.contains("AF003.cleared.otherRun")
                && f.contains("AF003.reason.otherRunUnshown")), () -> all(both).toString());
    }

    /**
     * Attack (4): attack (3)'s two logs each saved as workflow-controller.log, in a directory per install (kubectl logs of each
     * Deployment, {@code > wide/workflow-controller.log}): no Pod name and no election line, so the file's name stands for both
     * replicas. Two files of one name in two directories are no one replica's runs (the name says nothing of the Pod): not confirmed.
     */
    @Test
    void twoInstallsLogsOfOneFileNameWithoutElectionLines() throws IOException {
        List<String> wide = wide(List.of());
        List<String> managed = new ArrayList<>();
        managed.add("time=2026-09-19T16:20:05.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s");
        managed.add(workers("2026-09-19T16:20:05.100Z", 2));
        managed.addAll(otherPasses());
        AnalysisResult both = analyze(Map.of("wide/workflow-controller.log", text(wide), "managed/workflow-controller.log", text(managed)));
        assertEquals(2, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        assertTrue(of(both, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> all(both).toString());
    }

    /**
     * Attack (5): one cluster's controller restarted on another node (its node lost at 16:30: a new Pod of the Deployment, a new
     * name), the new node's clock 3 min behind. client-go's first read of the Lease names the holder it finds (the old Pod, its
     * record left: ReleaseOnCancel is false) before the new run takes it: one Lease identity after the other. The new run's passes,
     * written from 16:27:40 on its clock, overlap the old run's (to 16:29:58) by more than two minutes as written. The old run
     * stored p's result (Succeeded, labelPodCompleted at 16:28:42); the new run's handler released p's finalizer when p was deleted.
     * One cluster, one Pod p: the release is cleared by the store as one log of both runs reads it, never a confirmed or likely race.
     */
    @Test
    void aControllerRestartedOnAnotherNodeWhoseClockIsBehindIsOneCluster() throws IOException {
        List<String> old = new ArrayList<>(leading("2026-09-19T16:20:00", "workflow-controller-7d9f8b6c5d-aaaaa"));
        for (int m = 21; m < 28; m++) {
            old.add(processingOther("2026-09-19T16:" + m + ":00.000Z"));
        }
        old.addAll(PodLifetimesBreakerTest.goodLife("16:28").subList(0, 11)); // to labelPodCompleted's cleanup at 16:28:42.210
        old.add(processingOther("2026-09-19T16:29:00.000Z"));
        old.add(processingOther("2026-09-19T16:29:58.000Z"));
        List<String> renamed = new ArrayList<>(List.of(V4.handedOver("2026-09-19T16:27:30.000Z", "2026-09-19T16:27:40.000Z",
                "argo/workflow-controller", "workflow-controller-7d9f8b6c5d-aaaaa", "workflow-controller-7d9f8b6c5d-ccccc")));
        renamed.add("time=2026-09-19T16:27:40.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s");
        renamed.add(workers("2026-09-19T16:27:40.100Z", 2));
        renamed.add(processingOther("2026-09-19T16:27:41.000Z"));
        renamed.add(V4.processing("2026-09-19T16:27:41.100Z", "Succeeded"));
        // p deleted by someone at (its clock) 16:29:00: the handler's removeFinalizer of a Pod whose result was stored
        renamed.add(V4.podEvent("2026-09-19T16:29:00.256Z", "update"));
        renamed.add(V4.removingFinalizers("2026-09-19T16:29:00.257Z"));
        renamed.add(V4.queuingPodDelay("2026-09-19T16:29:00.257Z", "removeFinalizer", "-2m0.257168224s"));
        renamed.add(V4.queueing("2026-09-19T16:29:00.258Z", "removeFinalizer"));
        renamed.add(V4.cleaningUp("2026-09-19T16:29:00.350Z", "removeFinalizer"));
        renamed.add(V4.podEvent("2026-09-19T16:29:00.363Z", "delete"));
        for (int m = 30; m < 50; m += 2) {
            renamed.add(processingOther("2026-09-19T16:" + m + ":00.000Z"));
        }
        AnalysisResult both = analyze(Map.of("old/workflow-controller.log", text(old), "new/workflow-controller.log", text(renamed)));
        assertFalse(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), () -> both.correlation().processes().toString());
        assertEquals(List.of(new PodKey("ns", "p")), both.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).toList());
        assertTrue(all(both).stream().noneMatch(f -> f.contains(" CONFIRMED ") || f.contains(" LIKELY ")), () -> all(both).toString());
        assertTrue(of(both, "AF001").stream().anyMatch(f -> f.startsWith("cleared") && f.contains("AF001.cleared.persisted")), () -> all(both).toString());
    }
}
