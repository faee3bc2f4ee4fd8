package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.taskResultIncomplete;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.testing.AnalyzedFiles;
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
 * Session 52 breaker of the lifetimes split ({@link Lifetimes}): namespaces never split or joined, and UIDs exported for one of the
 * two Pods of a name only (the logs without UIDs).
 */
class PodLifetimesBreakerTest {
    @TempDir
    Path dir;

    /** The #17024 race of ns/p's Pod from 16:27: released while no worker ran, the node then marked pod deleted. */
    static List<String> racedLife(String hour) {
        List<String> out = new ArrayList<>();
        for (String l : List.of(processing("2026-09-19T16:27:10.402Z", "\"\""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                podEvent("2026-09-19T16:27:45.000Z", "update"), workers("2026-09-19T16:31:11.132Z", 0),
                podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"),
                workers("2026-09-19T16:33:00.000Z", 2), processing("2026-09-19T16:33:02.200Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.300Z", "Error"))) {
            out.add(l.replace("2026-09-19T16:", "2026-09-19T" + hour + ":"));
        }
        return out;
    }

    /** A good life from HH:MM: Succeeded, stored, labelled, then deleted by pod GC. */
    static List<String> goodLife(String hhmm) {
        String t = "2026-09-19T" + hhmm;
        return List.of(processing(t + ":00.000Z", "\"\""), createdPod(t + ":00.100Z"), workflowUpdated(t + ":00.150Z", "Running"),
                podEvent(t + ":00.200Z", "add"), podEvent(t + ":40.000Z", "update"), processing(t + ":40.100Z", "Running"),
                taskResultIncomplete(t + ":40.110Z"), nodePhaseChanged(t + ":42.000Z", "Running", "Succeeded"),
                workflowUpdated(t + ":42.100Z", "Succeeded"), queueing(t + ":42.200Z", "labelPodCompleted"),
                cleaningUp(t + ":42.210Z", "labelPodCompleted"), queueing(t + ":50.000Z", "deletePod"), cleaningUp(t + ":50.010Z", "deletePod"),
                podEvent(t + ":50.100Z", "delete"));
    }

    /** The same lines of namespace ns2 (the pod_controller's pod event lines name no namespace in v4). */
    private static List<String> inNs2(List<String> lines) {
        return lines.stream().map(l -> l.replace("namespace=ns ", "namespace=ns2 ").replace("key=ns/p/", "key=ns2/p/")).toList();
    }

    @SafeVarargs
    static List<String> log(List<String>... parts) {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2)));
        for (List<String> p : parts) {
            out.addAll(p);
        }
        out.add(processingOther("2026-09-19T19:30:00.000Z"));
        return out;
    }

    private AnalysisResult analyze(Map<String, List<String>> logs, Map<String, String> exports) throws IOException {
        return AnalyzedFiles.run(dir, logs, exports);
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

    /**
     * Attack (4): Workflow p in ns races its Pod p at 16:27; another Workflow p in ns2 runs its Pod p well at 17:00 (cleanup shown).
     * Two Created pod lines of "p", one per namespace, with a cleanup between: never one name's two lifetimes.
     */
    @Test
    void twoNamespacesPodsOfOneNameAreNeverLifetimesOfOne() throws IOException {
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(racedLife("16"), inNs2(goodLife("17:00")))), Map.of());
        for (PodKey k : r.correlation().pods().keySet()) {
            assertEquals(0, k.lifetime(), () -> "split across namespaces: " + r.correlation().pods().keySet());
            assertEquals(null, k.printed(), () -> "printed as a lifetime across namespaces: " + k);
        }
        List<Finding> af001 = findings(r, "AF001");
        assertTrue(af001.stream().noneMatch(f -> f.pod() != null && "ns2".equals(f.pod().namespace()) && confirmedOrLikely(f)),
                af001::toString);
        // The race is still told of ns/p: the stall (AF003) confirmed on it, nothing confirmed of ns2's Pod.
        assertTrue(findings(r, "AF003").stream().anyMatch(f -> f.pod() != null && "ns".equals(f.pod().namespace()) && confirmedOrLikely(f)),
                () -> findings(r, "AF003").toString());
        assertTrue(all(r).stream().noneMatch(f -> f.pod() != null && "ns2".equals(f.pod().namespace()) && confirmedOrLikely(f)), () -> all(r).toString());
    }

    /** Attack (4), mirrored: the good life in ns2 first, the race in ns later. */
    @Test
    void twoNamespacesMirrored() throws IOException {
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(inNs2(goodLife("16:27")), racedLife("18"))), Map.of());
        for (PodKey k : r.correlation().pods().keySet()) {
            assertEquals(0, k.lifetime(), () -> "split across namespaces: " + r.correlation().pods().keySet());
            assertEquals(null, k.printed(), () -> "printed as a lifetime across namespaces: " + k);
        }
        assertTrue(all(r).stream().noneMatch(f -> f.pod() != null && "ns2".equals(f.pod().namespace()) && confirmedOrLikely(f)), () -> all(r).toString());
        assertTrue(findings(r, "AF003").stream().anyMatch(f -> f.pod() != null && "ns".equals(f.pod().namespace()) && confirmedOrLikely(f)),
                () -> findings(r, "AF003").toString());
    }

    /**
     * Attack (3): the earlier Pod (the race, 16:27) exported with its UID u-1 while its deletion was held; the later Pod of the
     * name (created again at 18:00 after the earlier one's cleanup, ending well) exported by nobody. The race is u-1's; the later
     * Pod carries no finding of its own.
     */
    @Test
    void uidOfTheEarlierPodOnlyKeepsTheRaceOnIt() throws IOException {
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(racedLife("16"), goodLife("18:00"))), Map.of("pod-1.yaml", V4.podYaml(false)));
        List<Finding> af001 = findings(r, "AF001");
        assertTrue(af001.stream().filter(PodLifetimesBreakerTest::confirmedOrLikely).allMatch(f -> "u-1".equals(f.podUid())),
                () -> af001 + " " + new TreeMap<>(r.correlation().pods()).keySet());
        assertTrue(all(r).stream().filter(PodLifetimesBreakerTest::confirmedOrLikely).allMatch(f -> f.pod() == null || "u-1".equals(f.podUid())),
                () -> all(r).toString());
        assertTrue(findings(r, "AF003").stream().anyMatch(f -> "u-1".equals(f.podUid()) && confirmedOrLikely(f)), () -> all(r).toString());
    }

    /**
     * Attack (3), the other way: only the LATER Pod exported with its UID u-2 (created 18:00, ended well); the earlier Pod's race
     * (16:27) is in the logs only. A race must not be told of u-2, a Pod created 1.5 hours after the release.
     */
    @Test
    void uidOfTheLaterPodOnlyDoesNotTakeTheEarlierRace() throws IOException {
        String later = V4.podYaml(true).replace("uid: u-1", "uid: u-2").replace("creationTimestamp: \"2026-09-19T16:27:10Z\"",
                "creationTimestamp: \"2026-09-19T18:00:00Z\"").replace("  deletionTimestamp: \"2026-09-19T16:31:04Z\"\n  deletionGracePeriodSeconds: 0\n", "");
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(racedLife("16"), goodLife("18:00"))), Map.of("pod-2.yaml", later));
        List<Finding> af001 = findings(r, "AF001");
        assertTrue(af001.stream().filter(PodLifetimesBreakerTest::confirmedOrLikely).noneMatch(f -> "u-2".equals(f.podUid())),
                () -> af001 + " " + new TreeMap<>(r.correlation().pods()).keySet());
        assertTrue(all(r).stream().filter(PodLifetimesBreakerTest::confirmedOrLikely).noneMatch(f -> "u-2".equals(f.podUid())), () -> all(r).toString());
    }

    /** The later Pod u-2 (created 18:00:00, ended well) as exported, nothing of its deletion. */
    private static String laterExport() {
        return V4.podYaml(true).replace("uid: u-1", "uid: u-2").replace("creationTimestamp: \"2026-09-19T16:27:10Z\"",
                "creationTimestamp: \"2026-09-19T18:00:00Z\"").replace("  deletionTimestamp: \"2026-09-19T16:31:04Z\"\n  deletionGracePeriodSeconds: 0\n", "");
    }

    /**
     * Session 53, with attack (3) fixed: the earlier Pod is a lifetime of its own with no UID, said so, and the exported Pod's lifetime
     * starts at its own Created pod line; the race (AF003's stall) is told of the earlier lifetime.
     */
    @Test
    void uidOfTheLaterPodOnlyLeavesTheEarlierPodALifetimeOfItsOwn() throws IOException {
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(racedLife("16"), goodLife("18:00"))), Map.of("pod-2.yaml", laterExport()));
        PodKey earlier = r.correlation().pods().keySet().stream().filter(k -> k.lifetime() == 1).findFirst()
                .orElseThrow(() -> new AssertionError("no earlier lifetime: " + r.correlation().pods().keySet()));
        assertEquals(PodIdentity.UidBasis.CREATED_LINES, r.correlation().pods().get(earlier).identity().basis());
        assertTrue(String.valueOf(earlier.printed()).contains("number=1"), () -> String.valueOf(earlier.printed()));
        PodKey exported = new PodKey("ns", "p", "u-2");
        PodIdentity id = r.correlation().pods().get(exported).identity();
        assertEquals("2026-09-19T18:00:00.100Z", id.from().format(), id::describe);
        assertTrue(r.correlation().pods().get(exported).events().stream().noneMatch(e -> e.time().instant().isBefore(id.from().instant())),
                () -> r.correlation().pods().get(exported).events().toString());
        assertTrue(findings(r, "AF001").stream().anyMatch(f -> f.pod() != null && f.pod().lifetime() == 1), () -> findings(r, "AF001").toString());
    }

    /**
     * Control: the same two Created pod lines with no cleanup of the earlier Pod shown between (two clusters' Pods of the name, or
     * its cleanup lines cut): nothing tells the earlier lines apart from the exported Pod's, which keeps them as before.
     */
    @Test
    void uidOfTheLaterPodOnlyWithoutTheEarlierCleanupIsNotSplit() throws IOException {
        List<String> race = racedLife("16").stream().filter(l -> !l.contains("removeFinalizer") && !l.contains("Removing finalizers")).toList();
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(race, goodLife("18:00"))), Map.of("pod-2.yaml", laterExport()));
        assertTrue(r.correlation().pods().keySet().stream().noneMatch(k -> k.lifetime() != 0 || k.printed() != null),
                () -> r.correlation().pods().keySet().toString());
    }

    /**
     * Attack (2): the LATER lifetime's race (18:27) with an earlier lifetime that ended well and was cleaned up. The later race
     * must be reported, not hidden by the earlier Pod's lines.
     */
    @Test
    void aLaterLifetimesRaceIsReportedAfterAnEarlierGoodOne() throws IOException {
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(goodLife("16:27"), racedLife("18"))), Map.of());
        List<Finding> af001 = findings(r, "AF001");
        assertEquals(1, af001.stream().filter(f -> f.pod() != null && f.pod().lifetime() == 0).count(), af001::toString);
    }

    /**
     * Attack (1)/(2): the earlier Workflow's race (its loss not in the lines), then the Workflow deleted and submitted again under its
     * name, its node run well in a second Pod of the name at 17:00 (split by the lines); an export of the EARLIER Workflow (node p
     * Error "pod deleted", finished 16:33:02). AF001 reads the earlier Pod's loss from the export (held: possible on lifetime 1). But
     * AF006 joins the export's finish (16:33:02, the earlier Workflow's) with the later run's "Taskresult of the node not yet
     * completed" at 17:00:40 and says, likely, of lifetime 2 (created 17:00:00) that its task result was unsynced 27m38s after it
     * finished, and the same of lifetime 1. Main said it once (one Pod); the split says it of both, one of a Pod that did not exist.
     */
    @Test
    void anEarlierWorkflowsExportDoesNotMakeTheLaterLifetimesTaskResultLate() throws IOException {
        List<String> race = new ArrayList<>(racedLife("16").subList(0, 13)); // up to workers=2 again: the loss not in the lines
        String wf = V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z");
        AnalysisResult r = analyze(Map.of("workflow-controller.log", log(race, goodLife("17:00"))), Map.of("wf.yaml", wf));
        assertTrue(findings(r, "AF001").stream().anyMatch(f -> f.pod() != null && f.pod().lifetime() == 1), () -> findings(r, "AF001").toString());
        assertTrue(findings(r, "AF006").stream().noneMatch(PodLifetimesBreakerTest::confirmedOrLikely), () -> findings(r, "AF006").toString());
    }
}
