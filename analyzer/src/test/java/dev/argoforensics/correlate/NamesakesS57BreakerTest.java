package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
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
 * Session 57 breaker of the namesakes model ({@link ConcurrentRuns}, {@link PodInstances}): two clusters' controllers at once whose
 * Pods share a namespace/name, where one cluster's Pod has no {@code Created pod} line in the input.
 */
class NamesakesS57BreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult analyze(Map<String, String> files) throws IOException {
        return analyzeIn(dir, files);
    }

    /** The files (name to text) analysed together from a folder under {@code dir}. */
    static AnalysisResult analyzeIn(Path dir, Map<String, String> files) throws IOException {
        return AnalyzedFiles.run(dir, Map.of(), new TreeMap<>(files));
    }

    static String text(List<String> lines) {
        return String.join("\n", lines) + "\n";
    }

    static List<String> all(AnalysisResult r) {
        List<String> out = new ArrayList<>();
        for (RuleOutcome o : r.outcomes()) {
            for (Finding f : o.findings()) {
                out.add(o.rule() + " " + f.pod() + " " + f.confidence() + " " + f.reason().code());
            }
            for (var c : o.cleared()) {
                out.add(o.rule() + " " + c.pod() + " cleared " + c.why());
            }
        }
        return out;
    }

    static List<String> of(AnalysisResult r, String rule) {
        return all(r).stream().filter(s -> s.startsWith(rule + " ")).map(s -> s.substring(s.indexOf(' ', rule.length() + 1) + 1)).toList();
    }

    /** A v4 run's start under the Lease of its cluster (client-go's lines through slog), as {@code main.go} writes it. */
    static List<String> leading(String t, String pod) {
        return leading(t, "argo/workflow-controller", pod);
    }

    /** A v4 run's start under Lease {@code lease} ({@code ns/workflow-controller}: a controller managing namespace ns alone). */
    static List<String> leading(String t, String lease, String pod) {
        return List.of("time=" + t + ".000Z level=INFO msg=\"attempting to acquire leader lease " + lease + "...\"",
                "time=" + t + ".006Z level=INFO msg=\"successfully acquired lease " + lease + "\"",
                "time=" + t + ".007Z level=INFO msg=\"new leader\" leader=" + pod,
                "time=" + t + ".008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s",
                workers(t + ".100Z", 2));
    }

    /** Other Workflows' passes at {@code second} past each minute from 16:{@code from} to before 16:{@code to}, {@code step} apart. */
    static void passes(List<String> log, int from, int to, int step, String second) {
        for (int m = from; m < to; m += step) {
            log.add(processingOther("2026-09-19T16:" + m + ":" + second + ".000Z"));
        }
    }

    /**
     * Cluster a's whole run from 16:20 (its Lease taken, other Workflows' passes each minute) with Pod p's race at 16:27-16:33, its
     * passes every other minute to 16:58.
     */
    static List<String> wholeRun() {
        List<String> whole = new ArrayList<>(leading("2026-09-19T16:20:00", "workflow-controller-5c8e2f7d1-aaaaa"));
        passes(whole, 21, 27, 1, "00");
        whole.addAll(racedLife("16"));
        passes(whole, 34, 60, 2, "00");
        return whole;
    }

    /** A controller managing namespace ns (Lease ns/workflow-controller) from 16:20:05, other Workflows' passes each minute to 16:26:30. */
    static List<String> managedStart() {
        List<String> managed = new ArrayList<>(leading("2026-09-19T16:20:05", "ns/workflow-controller", "workflow-controller-88f0c1-mmmmm"));
        passes(managed, 21, 27, 1, "30");
        return managed;
    }

    /** Cluster b's whole log: its own Workflow p run well from 16:28 (created, Succeeded persisted, labelled, deleted). */
    static List<String> clusterB() {
        List<String> b = new ArrayList<>(leading("2026-09-19T16:20:00", "workflow-controller-7d9f8b6c5d-bbbbb"));
        b.add(processingOther("2026-09-19T16:21:00.000Z"));
        b.addAll(goodLife("16:28"));
        passes(b, 30, 60, 5, "00");
        b.add(processingOther("2026-09-19T19:30:00.000Z"));
        return b;
    }

    /**
     * Cluster a's controller after a restart (kubectl logs of the container now running: the run that created the Pod at 16:27:10
     * is not in the input): it takes the Lease at 16:29, its handler releases the Pod at 16:31:11 and its pass marks the node's loss.
     */
    static List<String> clusterARestarted() {
        List<String> raced = racedLife("16");
        List<String> a = new ArrayList<>(leading("2026-09-19T16:29:00", "workflow-controller-5c8e2f7d1-aaaaa"));
        a.add(processingOther("2026-09-19T16:29:01.000Z"));
        a.add(processingOther("2026-09-19T16:30:00.000Z"));
        a.addAll(raced.subList(4, raced.size())); // from the Pod's update event at 16:27:45 -> not in this run: start at the release
        a.removeIf(l -> l.contains("16:27:"));
        a.add(processingOther("2026-09-19T19:30:00.000Z"));
        return a;
    }

    private static List<String> cl(List<String> findings) {
        return findings.stream().filter(f -> f.contains("CONFIRMED") || f.contains("LIKELY")).toList();
    }

    private static List<String> clAll(AnalysisResult r) {
        return cl(all(r)).stream().map(f -> f.substring(0, f.indexOf(' ')) + f.substring(f.lastIndexOf(' '))).sorted().toList();
    }

    /**
     * Attack (1), broke then fixed: cluster a's controller restarted after creating Pod p (its log the running container's, from
     * 16:29: the Created pod line not in the input) releases p at 16:31:11 (delay -1m24s) and marks its node lost; cluster b, at
     * once, ran its own Workflow p well from 16:28 (created, node Succeeded, labelPodCompleted, deleted at 16:28:50). Before: one
     * Created pod line of the name, so every line of p was one Pod's, and a's release was cleared by b's labelPodCompleted
     * ("AF001.cleared.persisted": another cluster's store of another node). Now: a run at once with every run that logged a creation
     * of the name shows a Pod whose creation is not in the input, its lines its own; a's release read as a's log alone reads it.
     * Left: a's AF003 (confirmed alone: its zero workers) is not found beside b (Reconciliation mixes both clusters' passes, the
     * helper's step 4): a lost finding, no wrong one.
     */
    @Test
    void aRestartedClustersReleaseIsNotClearedByTheOtherClustersStore() throws IOException {
        AnalysisResult alone = analyze(Map.of("cluster-a.log", text(clusterARestarted())));
        AnalysisResult both = analyze(Map.of("cluster-a.log", text(clusterARestarted()), "cluster-b.log", text(clusterB())));
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), () -> both.correlation().processes().toString());
        assertEquals(List.of("POSSIBLE AF001.reason.notFinishedFirst"), of(alone, "AF001"));
        assertEquals(of(alone, "AF001"), of(both, "AF001"), () -> all(both).toString());
        assertEquals(2, both.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).count(), () -> both.correlation().pods().keySet().toString());
        // and b's Pod (its own lifetime) took none of a's release
        assertTrue(all(both).stream().filter(f -> f.contains("lifetime")).noneMatch(f -> f.startsWith("AF001")), () -> all(both).toString());
    }

    /**
     * Attack (2): one run's log given whole and, beside it, an excerpt of the same file (sed -n from 16:30 to 16:40: the release, the
     * node's loss and other Workflows' passes, no start-up). The excerpt's passes are a subset of the whole log's at the same instants;
     * it is the same run, not a controller at once: the same findings as the whole log alone, one Pod p.
     */
    @Test
    void anExcerptOfTheSameFileBesideItIsNoOtherController() throws IOException {
        List<String> whole = wholeRun();
        whole.add(processingOther("2026-09-19T19:30:00.000Z"));
        List<String> excerpt = whole.stream().filter(l -> l.compareTo("time=2026-09-19T16:30") >= 0 && l.compareTo("time=2026-09-19T16:41") < 0).toList();
        List<String> withOthers = new ArrayList<>(excerpt);
        AnalysisResult one = analyze(Map.of("controller.log", text(whole)));
        AnalysisResult two = analyze(Map.of("controller.log", text(whole), "excerpt.txt", text(withOthers)));
        assertEquals(List.of(new PodKey("ns", "p")), two.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).toList());
        assertEquals(all(one), all(two));
    }

    /**
     * Attack (4): two clusters' logs, both saved as workflow-controller.log, in directories per cluster, each run under its
     * cluster's Lease argo/workflow-controller. Cluster b's gc deleted its own Workflow p at 16:33; a's race must not be cleared by it.
     */
    @Test
    void twoClustersLogsOfOneFileNameAreTwoControllers() throws IOException {
        List<String> a = underLease(PodLifetimesBreakerTest.log(racedLife("16")), "workflow-controller-5c8e2f7d1-aaaaa");
        List<String> b = underLease(PodLifetimesBreakerTest.log(goodLife("16:28")), "workflow-controller-7d9f8b6c5d-bbbbb");
        b.add(b.size() - 1, "time=2026-09-19T16:33:00.000Z level=INFO msg=\"Deleting garbage collected workflow\" component=gc_controller workflow=ns/p");
        AnalysisResult alone = analyze(Map.of("prod-east/workflow-controller.log", text(a)));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", text(a), "prod-west/workflow-controller.log", text(b)));
        assertTrue(all(both).stream().noneMatch(f -> f.contains("cleared") && f.startsWith("AF001 ns/p (lifetime 1")), () -> all(both).toString());
        assertEquals(of(alone, "AF001"), of(both, "AF001").stream().filter(f -> !f.contains("lifetime 2")).map(f -> f.replaceAll("\\(lifetime[^)]*\\) ", "")).toList(),
                () -> all(both).toString());
    }

    /** A run's log as {@code main.go} starts it under its cluster's Lease: client-go's attempt, acquisition and new leader first. */
    static List<String> underLease(List<String> log, String pod) {
        List<String> out = new ArrayList<>(leading("2026-09-19T16:26:59", pod).subList(0, 3));
        out.addAll(log);
        return out;
    }

    /** Pod p's export in a cluster: its uid, created at 16:27:10, deleted at 16:31:04 with the status finalizer, finished or running. */
    static String podYaml(String uid, boolean finished) {
        return dev.argoforensics.testing.V4.podYaml(finished).replace("uid: u-1", "uid: " + uid);
    }

    /**
     * Attack (5): the same Workflow applied to two clusters at the same second (one GitOps source, active-active), each Pod p
     * exported with its own uid, both created at 16:27:10 by their API servers. Cluster a's Pod was deleted while its main still
     * ran (the release at 16:31:11 is no race: AF007's look-alike); cluster b's Pod had finished at 16:27:44. The exports' uids
     * and the lines' runs must not swap: no confirmed or likely finding beside each other that neither cluster gives alone.
     */
    @Test
    void twoClustersPodsCreatedInOneSecondKeepTheirOwnUids() throws IOException {
        List<String> a = PodLifetimesBreakerTest.log(racedLife("16"));
        List<String> b = new ArrayList<>(leading("2026-09-19T16:20:00", "workflow-controller-7d9f8b6c5d-bbbbb"));
        passes(b, 21, 27, 1, "00");
        b.add(dev.argoforensics.testing.V4.processing("2026-09-19T16:27:10.610Z", "\"\""));
        b.add(dev.argoforensics.testing.V4.createdPod("2026-09-19T16:27:10.650Z"));
        b.add(dev.argoforensics.testing.V4.workflowUpdated("2026-09-19T16:27:10.700Z", "Running"));
        passes(b, 28, 60, 2, "00");
        b.add(processingOther("2026-09-19T19:30:00.000Z"));
        AnalysisResult aAlone = analyze(Map.of("cluster-a.log", text(a), "cluster-a-pod.yaml", podYaml("u-a", false)));
        AnalysisResult bAlone = analyze(Map.of("cluster-b.log", text(b), "cluster-b-pod.yaml", podYaml("u-b", true)));
        AnalysisResult both = analyze(Map.of("cluster-a.log", text(a), "cluster-a-pod.yaml", podYaml("u-a", false),
                "cluster-b.log", text(b), "cluster-b-pod.yaml", podYaml("u-b", true)));
        List<String> union = new ArrayList<>(clAll(aAlone));
        union.addAll(clAll(bAlone));
        for (String f : clAll(both)) {
            assertTrue(union.contains(f), () -> f + " not in " + union + "; both: " + all(both));
        }
    }

    /** The lines shifted by {@code millis} (another controller's record of the same moment). */
    static List<String> later(List<String> lines, long millis) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("time=(\\S+)").matcher(l);
            if (m.find()) {
                java.time.Instant t = java.time.Instant.parse(m.group(1)).plusMillis(millis);
                String f = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC).format(t);
                l = l.substring(0, m.start(1)) + f + l.substring(m.end(1));
            }
            out.add(l);
        }
        return out;
    }

    /**
     * Attack (6), on this session's own fix: one cluster, a controller managing namespace ns ({@code --managed-namespace}, its Lease
     * ns/workflow-controller) beside a cluster-wide one (argo/workflow-controller): both watch ns's Pods. The cluster-wide one
     * created Pod p; when p was deleted both pod informers saw it and both handlers queued the finalizer's release (30 ms apart).
     * The runs read "at once" (broke this session's first fix: the managed one's release read as a Pod whose creation is not in the
     * input, a second AF001 finding of one Pod, "lifetime 1 of 2"; fixed: a cleanup another run logged at the same moment is of the
     * Pod both watched). One Pod, no confirmed or likely finding beyond what the creating controller's log alone gives.
     */
    @Test
    void aManagedNamespaceControllerBesideAClusterWideOneAddsNoSureFinding() throws IOException {
        List<String> wide = wholeRun();
        List<String> raced = racedLife("16");
        List<String> managed = managedStart();
        // its pod informer's lines of the same Pod and its handler's release, 30 ms after the cluster-wide one's
        managed.addAll(later(List.of(raced.get(3), raced.get(4), raced.get(6), raced.get(7), raced.get(8), raced.get(9), raced.get(10), raced.get(11)), 30));
        passes(managed, 34, 60, 2, "30");
        AnalysisResult alone = analyze(Map.of("wide.log", text(wide)));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "managed.log", text(managed)));
        for (String f : clAll(both)) {
            assertTrue(clAll(alone).contains(f), () -> f + " not in " + clAll(alone) + "; both: " + all(both));
        }
        // one Pod: the managed controller's release, at the moment of the cluster-wide one's, is of the Pod both watched
        assertEquals(List.of(new PodKey("ns", "p")), both.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).toList());
        assertEquals(of(alone, "AF001"), of(both, "AF001"));
    }

    /**
     * Attack (7): one run's log given twice, as the live file and as a rotated, gzipped piece of the same set holding the same lines
     * (a collector that copied before rotating). The same findings as the live file alone, one Pod p.
     */
    @Test
    void aRotatedGzCopyOfTheSameLinesIsOneRun() throws IOException {
        List<String> whole = wholeRun();
        Path in = Files.createDirectories(dir.resolve("gz"));
        Files.writeString(in.resolve("controller.log"), text(whole));
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(in.resolve("controller.log.1.gz")))) {
            o.write(text(whole).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        AnalysisResult one = analyze(Map.of("controller.log", text(whole)));
        AnalysisResult two = Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.resolve("controller.log").toString(),
                in.resolve("controller.log.1.gz").toString()));
        assertEquals(List.of(new PodKey("ns", "p")), two.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).toList());
        assertEquals(clAll(one), clAll(two));
        assertEquals(of(one, "AF001"), of(two, "AF001"));
    }

    private static List<String> af001Unlabelled(AnalysisResult r) {
        return of(r, "AF001").stream().map(f -> f.replaceAll("\\(lifetime[^)]*\\) ", "")).sorted().toList();
    }

    /**
     * Cluster a's log and cluster b's, led at once: together, AF001 reads each cluster's Pods as its log alone reads them (the
     * lifetimes' labels aside), and the name holds {@code pods} Pods.
     */
    private void assertEachClusterReadAsAlone(List<String> a, List<String> b, int pods) throws IOException {
        AnalysisResult aAlone = analyze(Map.of("cluster-a.log", text(a)));
        AnalysisResult bAlone = analyze(Map.of("cluster-b.log", text(b)));
        AnalysisResult both = analyze(Map.of("cluster-a.log", text(a), "cluster-b.log", text(b)));
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), () -> both.correlation().processes().toString());
        List<String> expected = new ArrayList<>(af001Unlabelled(aAlone));
        expected.addAll(af001Unlabelled(bAlone));
        assertEquals(expected.stream().sorted().toList(), af001Unlabelled(both), () -> all(both) + " " + both.correlation().pods().keySet());
        assertEquals(pods, both.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).count(),
                () -> both.correlation().pods().keySet().toString());
    }

    /**
     * Attack (8): both clusters submitted Workflow p again at 17:00 (one GitOps source), each under its Lease: a's first Pod raced at
     * 16:27, its second ran well from 17:00:00; b's first ran well from 16:28, its second (created 17:00:05, 5 s after a's second)
     * raced. Four Pods; each cluster's races read as its own log alone reads them (b's second Pod's release not cleared by b's first
     * Pod's store, nor a's). Broke (three Pods: b's second creation, 5 s after a's, was dropped by Lifetimes as "one creation logged
     * twice" before the runs at once were weighed, its lines going to b's first Pod); fixed: two creations closer than two clocks
     * may disagree are one only for runs not at once.
     */
    @Test
    void bothClustersResubmittingTheNameKeepEachClustersLifetimes() throws IOException {
        List<String> a = underLease(PodLifetimesBreakerTest.log(racedLife("16"), goodLife("17:00")), "workflow-controller-5c8e2f7d1-aaaaa");
        List<String> b = underLease(PodLifetimesBreakerTest.log(goodLife("16:28"), later(racedLife("17"), -(27 * 60 + 5) * 1000L)),
                "workflow-controller-7d9f8b6c5d-bbbbb");
        assertEachClusterReadAsAlone(a, b, 4);
    }

    /**
     * Attack (9): the two-cluster gc delete of session 56 where each cluster's log is a rotated piece that starts after its
     * controller's start-up: no election line in either, so nothing says both led at once (session 57: timestamps alone are no
     * evidence). The reading cannot tell the clusters apart; it must not clear a's race by b's lines as if they were a's.
     * Session 58: broke before (AF001.cleared.persisted by b's labelPodCompleted of its own Pod). The two Created pod lines, each in
     * its own run, with no cleanup between and no hand-over tying the runs, are one cluster's two Pods (the later one's release, then
     * stored: cleared) or two clusters' (a's race, as a's log alone reads it): nothing in these lines tells which (no election line
     * names a Lease, no export gives a UID), so the release is not decided: possible, saying so (AF001.reason.unsplitCleared), neither
     * cleared nor confirmed.
     */
    @Test
    void twoClustersPiecesWithoutElectionLinesClearNothingByTheOthersLines() throws IOException {
        List<String> a = PodLifetimesBreakerTest.log(racedLife("16"));
        List<String> b = new ArrayList<>(PodLifetimesBreakerTest.log(goodLife("16:28")));
        b.add(b.size() - 1, "time=2026-09-19T16:33:00.000Z level=INFO msg=\"Deleting garbage collected workflow\" component=gc_controller workflow=ns/p");
        AnalysisResult alone = analyze(Map.of("cluster-a.log", text(a)));
        AnalysisResult both = analyze(Map.of("cluster-a.log", text(a), "cluster-b.log", text(b)));
        assertTrue(all(both).stream().noneMatch(f -> f.startsWith("AF001") && f.contains("cleared")), () -> all(both).toString());
        assertEquals(List.of("POSSIBLE AF001.reason.unsplitCleared"), of(both, "AF001"), () -> all(both).toString());
        String why = both.outcomes().stream().filter(o -> o.rule().equals("AF001")).flatMap(o -> o.findings().stream())
                .map(Finding::confidenceReason).findFirst().orElseThrow();
        assertTrue(why.startsWith("not decided: ") && why.contains("labelPodCompleted was queued at 2026-09-19T16:28:42.200Z")
                && why.contains("2026-09-19T16:27:10.431Z") && why.contains("2026-09-19T16:28:00.100Z"), why);
        assertTrue(cl(of(both, "AF001")).isEmpty(), () -> all(both).toString());
    }
    /**
     * Attack (10): the same Workflow applied to both clusters at one moment (one GitOps source), no export: a's Pod p created
     * 16:27:10.431 and raced, b's created 16:27:10.650 (another cluster, under its own Lease) and ran well (node Succeeded at 16:27:52,
     * labelled, deleted). Two creations closer than two clocks may disagree read as one creation logged twice (a hand-over); but the
     * runs led at once: they are two Pods. a's race read as a's log alone reads it, never cleared by b's store.
     */
    @Test
    void twoClustersCreatingTheNameInOneSecondAreTwoPods() throws IOException {
        List<String> a = underLease(PodLifetimesBreakerTest.log(racedLife("16")), "workflow-controller-5c8e2f7d1-aaaaa");
        List<String> b = underLease(PodLifetimesBreakerTest.log(later(goodLife("16:27"), 10_550L)), "workflow-controller-7d9f8b6c5d-bbbbb");
        assertEachClusterReadAsAlone(a, b, 2);
    }
    /**
     * Attack (11), on s57-namesakes' Reconciliation.forPod (ConcurrentRuns.apart): one cluster, a cluster-wide controller under
     * argo/workflow-controller whose workers were at 0 from 16:31:11 (its release of Pod p at 16:31:11), and a controller managing
     * namespace ns under ns/workflow-controller, both without an instance ID: both reconcile Workflow ns/p (a misconfiguration
     * Argo's docs warn of, and a real one). The managed controller's pass at 16:31:20 found the Pod missing and marked the node: the
     * Workflow's reconciliation went on. Its passes are of the same Workflow, not another cluster's namesake: no confirmed stall.
     * Session 58: two runs each leading a Lease of its own (ConcurrentRuns.ownLeases), no instance ID telling their Workflows apart,
     * are one cluster's two installs over ns (the managed one's workers reconciled p: no stall) or two clusters' (its pass another
     * object's): the lines do not say which, so the zero-workers stall is not decided (AF003.cleared.otherInstall), not confirmed.
     */
    @Test
    void aManagedNamespaceControllersPassesAreTheSameWorkflowsReconciliation() throws IOException {
        List<String> wide = wholeRun();
        List<String> managed = managedStart();
        managed.add(dev.argoforensics.testing.V4.processing("2026-09-19T16:31:20.000Z", "Running"));
        managed.add(dev.argoforensics.testing.V4.podMissing("2026-09-19T16:31:20.050Z"));
        managed.add(dev.argoforensics.testing.V4.markingError("2026-09-19T16:31:20.051Z"));
        managed.add(dev.argoforensics.testing.V4.workflowUpdated("2026-09-19T16:31:20.100Z", "Error"));
        passes(managed, 34, 60, 2, "30");
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "managed.log", text(managed)));
        assertTrue(all(both).stream().noneMatch(f -> f.startsWith("AF003") && f.contains("CONFIRMED")), () -> all(both).toString());
        assertTrue(of(both, "AF003").stream().anyMatch(f -> f.startsWith("cleared") && f.contains("AF003.cleared.otherInstall")), () -> all(both).toString());
        String why = both.outcomes().stream().filter(o -> o.rule().equals("AF003")).flatMap(o -> o.cleared().stream())
                .map(dev.argoforensics.rules.Clearance::reason).findFirst().orElseThrow();
        assertTrue(why.startsWith("not decided: controller run ") && why.contains("(ns/workflow-controller; run ")
                && why.contains("'s argo/workflow-controller)") && why.contains("processed Workflow ns/p at 2026-09-19T16:31:20.000Z"), why);
        // Control: the wide run's log alone confirms the stall (its own pass at 16:33:02 after its workers came back).
        AnalysisResult alone = analyze(Map.of("wide.log", text(wide)));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), of(alone, "AF003"), () -> all(alone).toString());
        // Control: the managed install states instance ID team-b (its Lease ns/workflow-controller-team-b, main.go): it lists only
        // Workflows labelled team-b (util/instanceid), the wide one only unlabelled ones, so its pass of ns/p is another object's and
        // the stall reads as the wide run's log alone reads it.
        List<String> teamB = managed.stream().map(l -> l.replace("lease ns/workflow-controller", "lease ns/workflow-controller-team-b")
                .replace("instanceID=\"\"", "instanceID=team-b")).toList();
        AnalysisResult apart = analyze(Map.of("wide.log", text(wide), "managed.log", text(teamB)));
        assertEquals(of(alone, "AF003"), of(apart, "AF003"), () -> all(apart).toString());
        assertEquals(nextProcessed(alone), nextProcessed(apart), () -> all(apart).toString());
    }

    /** AF003's findings' "Workflow next processed" facts. */
    private static List<Object> nextProcessed(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF003")).flatMap(o -> o.findings().stream())
                .map(f -> f.fact("nextProcessed").map(x -> x.value()).orElse(null)).toList();
    }
}
