package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.log;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.acquired;
import static dev.argoforensics.testing.V4.led;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.singleInstance;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 56 breaker of the runs at once ({@link ConcurrentRuns}): hand-overs and split brains that read "at once", one run given
 * twice, and Workflow-level facts of another cluster's namesake.
 */
class NamesakesBreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        return AnalyzedFiles.run(dir, new TreeMap<>(logs), Map.of());
    }

    private static List<String> read(AnalysisResult r) {
        List<String> out = new ArrayList<>();
        for (RuleOutcome o : r.outcomes()) {
            for (Finding f : o.findings()) {
                out.add(o.rule() + " " + f.pod() + " " + f.confidence() + " " + f.reason().code());
            }
        }
        return out;
    }

    /** Cluster a's controller log with its Lease taken (session 57). */
    static List<String> clusterA(List<String> log) {
        return led(acquired("2026-09-19T16:26:59.900Z", "argo/workflow-controller", "workflow-controller-7b9d4c6f5-k8r2w"), log);
    }

    /** Cluster b's, another Lease of the same name (its own cluster's), naming only its own replica. */
    static List<String> clusterB(List<String> log) {
        return led(acquired("2026-09-19T16:26:59.900Z", "argo/workflow-controller", "workflow-controller-5f7c9d8b6-h2m4t"), log);
    }

    /** Shifts every logfmt time of the lines by minutes (a replica whose node clock is behind). */
    static List<String> shifted(List<String> lines, int minutes) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("time=(\\S+)").matcher(l);
            if (m.find()) {
                java.time.Instant t = java.time.Instant.parse(m.group(1)).plusSeconds(60L * minutes);
                String s = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC).format(t);
                l = l.substring(0, m.start(1)) + s + l.substring(m.end(1));
            }
            out.add(l);
        }
        return out;
    }

    private static List<String> af001(AnalysisResult r, boolean firstLifetimeOnly) {
        List<String> out = new ArrayList<>();
        for (RuleOutcome o : r.outcomes()) {
            if (!o.rule().equals("AF001")) {
                continue;
            }
            for (Finding f : o.findings()) {
                if (!firstLifetimeOnly || f.pod() == null || f.pod().lifetime() <= 1) {
                    out.add(f.confidence() + " " + f.reason().code());
                }
            }
            for (var c : o.cleared()) {
                if (!firstLifetimeOnly || c.pod() == null || c.pod().lifetime() <= 1) {
                    out.add("cleared " + c.why());
                }
            }
        }
        return out;
    }

    private static List<PodKey> podsNamedP(AnalysisResult r) {
        return new TreeMap<>(r.correlation().pods()).keySet().stream().filter(k -> k.name().equals("p")).toList();
    }

    /** Replica a's part of the race (to its release and the delete pod event) and its last pass elsewhere before it stopped. */
    private static List<String> leaderA() {
        List<String> a = new ArrayList<>(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2)));
        a.addAll(racedLife("16").subList(0, 12));
        a.add(processingOther("2026-09-19T16:31:15.000Z"));
        return a;
    }

    /** Replica b, the next leader: its pass that finds the Pod missing and marks the node, then others. */
    private static List<String> nextB() {
        List<String> raced = racedLife("16");
        List<String> b = new ArrayList<>(List.of("time=2026-09-19T16:31:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:40.100Z", 2)));
        b.addAll(raced.subList(13, raced.size()));
        b.add(processingOther("2026-09-19T19:30:00.000Z"));
        return b;
    }

    /**
     * Attack (1), held: a hand-over (a stops after its release, b starts 25 s later by true time) where b's node clock is 5 minutes
     * behind a's, so by the lines the two runs' passes overlap for 3 min 9 s (more than ConcurrentRuns' 120 s). Session 57: with no
     * election line in either file, that overlap is timestamps alone, no evidence that both led then: not at once (it read "at once"
     * at session 56, which kept b's lines off a's Pod's Workflow by accident: two clusters is not what happened). One Pod of the name,
     * b's lines its lines. Read by time, as main reads it: b's completion of the Workflow (Error, 16:33:02 in fact) dated 16:28:02
     * reads before a's release and clears the race as persisted, a miss nothing in these two files lets the reading avoid (no line
     * ties b's clock to a's). Nothing confirmed or likely. With b's election lines naming a as the holder it took the Lease from, the
     * race is read as with b's clock right ({@code ConcurrentRunsTest.aHandOverNamedInTheElectionLinesIsNeverAtOnceWhateverTheClocks}).
     */
    @Test
    void aHandOverWithTheNextReplicasClockFiveMinutesBehindStaysOnePod() throws IOException {
        AnalysisResult right = analyze(Map.of("replica-a.log", leaderA(), "replica-b.log", nextB()));
        AnalysisResult skewed = analyze(Map.of("replica-a.log", leaderA(), "replica-b.log", shifted(nextB(), -5)));
        assertFalse(ConcurrentRuns.of(skewed.correlation()).atOnce(0, 1), () -> skewed.correlation().processes().toString());
        assertEquals(List.of(new PodKey("ns", "p")), podsNamedP(skewed));
        assertEquals(List.of("POSSIBLE AF001.reason.notFinishedFirst"), af001(right, false));
        assertTrue(af001(skewed, false).stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> af001(skewed, false).toString());
        assertTrue(read(skewed).stream().noneMatch(f -> f.contains("CONFIRMED") || f.contains("LIKELY")), () -> read(skewed).toString());
    }

    /**
     * Attack (4), broke then fixed: cluster a's Pod p raced (released 16:31:11); cluster b, at once, ran its own Workflow p well from
     * 16:28 and its gc controller deleted that Workflow at 16:33 (TTL). WorkflowFate.deleted was read across both clusters' lines,
     * so a's race was cleared as "the Workflow was deleted" (AF001.cleared.workflowDeleted) and a's stall (AF003) cleared as
     * deleted: another object's deletion. Fixed in LifecycleBuilder's own fate: a deletion from another run's line (at once with the Pod's) is not this
     * Pod's Workflow's; its own runs' gc delete, if any, stands (AF003 and AF007's kill path read the Pod's lifecycle's fate).
     * Left: a's AF003 (confirmed alone) is still not found with b's log beside it (b's passes of its Workflow p are read as a's).
     */
    @Test
    void anotherClustersGcDeleteOfItsNamesakeWorkflowDoesNotClearTheRace() throws IOException {
        // each cluster's controller log from its start, its Lease taken (session 57: the evidence that both led then)
        List<String> b = new ArrayList<>(clusterB(log(goodLife("16:28"))));
        b.add(b.size() - 1, "time=2026-09-19T16:33:00.000Z level=INFO msg=\"Deleting garbage collected workflow\" component=gc_controller workflow=ns/p");
        AnalysisResult alone = analyze(Map.of("cluster-a.log", clusterA(log(racedLife("16")))));
        AnalysisResult both = analyze(Map.of("cluster-a.log", clusterA(log(racedLife("16"))), "cluster-b.log", b));
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), () -> both.correlation().processes().toString());
        assertEquals(List.of("POSSIBLE AF001.reason.notFinishedFirst"), af001(alone, false));
        assertEquals(af001(alone, false), af001(both, true));
        // nor is a's stall (AF003) cleared by it: another Workflow's deletion ends no stall of this one
        List<String> af003 = both.outcomes().stream().filter(o -> o.rule().equals("AF003")).flatMap(o -> o.cleared().stream())
                .map(c -> c.pod() + " " + c.why()).toList();
        assertTrue(af003.stream().noneMatch(c -> c.contains("AF003.cleared.deleted")), af003::toString);
        // control: a's own gc delete of its Workflow at the same time still clears it as a's log alone reads it
        List<String> own = new ArrayList<>(clusterA(log(racedLife("16"))));
        own.add(own.size() - 1, "time=2026-09-19T16:33:03.000Z level=INFO msg=\"Deleting garbage collected workflow\" component=gc_controller workflow=ns/p");
        AnalysisResult ownAlone = analyze(Map.of("cluster-a.log", own));
        AnalysisResult ownBoth = analyze(Map.of("cluster-a.log", own, "cluster-b.log", clusterB(log(goodLife("16:28")))));
        assertEquals(af001(ownAlone, false), af001(ownBoth, true));
    }

    /**
     * Attack (3), held: a split brain in one cluster (leader election off, two replicas both processing): a created the raced Pod and
     * released it, b's pass marked its loss; the Workflow was submitted again and b created the new Pod at 17:00. b's loss lines of
     * the first Pod (dated before b's own Pod) still go to the first Pod: read as one log of both reads it.
     */
    @Test
    void aSplitBrainsOtherReplicaMarkingTheLossStaysWithTheFirstPod() throws IOException {
        List<String> raced = racedLife("16");
        List<String> a = new ArrayList<>(log(raced.subList(0, 12)));
        a.add(a.size() - 1, processingOther("2026-09-19T16:35:00.000Z"));
        List<String> b = new ArrayList<>(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2), processingOther("2026-09-19T16:28:00.000Z")));
        b.addAll(raced.subList(13, raced.size()));
        b.addAll(goodLife("17:00"));
        b.add(processingOther("2026-09-19T19:30:00.000Z"));
        // leader election off on both (session 57: the evidence that both led through the same period)
        AnalysisResult split = analyze(Map.of("replica-a.log", led(singleInstance("2026-09-19T16:26:59.900Z"), a),
                "replica-b.log", led(singleInstance("2026-09-19T16:26:59.900Z"), b)));
        AnalysisResult merged = analyze(Map.of("one.log", log(racedLife("16"), goodLife("17:00"))));
        assertTrue(ConcurrentRuns.of(split.correlation()).atOnce(0, 1), () -> split.correlation().processes().toString());
        assertEquals(2, podsNamedP(split).size(), () -> podsNamedP(split).toString());
        assertEquals(af001(merged, false), af001(split, false));
        assertEquals(read(merged), read(split));
    }

    /**
     * Attack (1b), held: one run given twice, as its whole log and a grep of it by the Workflow's name (no start-up lines, no replica),
     * with the Workflow submitted again at 17:00. The grep's Created pod lines are the same records: two Pods, not four, read as
     * the whole log alone reads them.
     */
    @Test
    void aGrepPasteOfTheSameRunBesideItsLogAddsNoPods() throws IOException {
        List<String> full = log(racedLife("16"), goodLife("17:00"));
        List<String> grep = full.stream().filter(l -> l.contains("workflow=p ")).toList();
        AnalysisResult whole = analyze(Map.of("controller.log", full));
        AnalysisResult both = analyze(Map.of("controller.log", full, "grep-p.txt", grep));
        assertEquals(2, podsNamedP(both).size(), () -> podsNamedP(both).toString());
        assertEquals(read(whole), read(both));
    }

    private static List<String> rule(AnalysisResult r, String rule) {
        List<String> out = new ArrayList<>();
        for (RuleOutcome o : r.outcomes()) {
            if (o.rule().equals(rule)) {
                o.findings().forEach(f -> out.add(f.confidence() + " " + f.reason().code()));
            }
        }
        return out;
    }

    /**
     * Session 57 (s56's LEFT): cluster a's Workflow p stalls (its Pod released at 16:31:11, the Workflow not processed again until
     * 16:33:02, the workers at 0); cluster b, at once, ran its own Workflow p well at 16:28 (completed Succeeded 16:28:42). AF003 read
     * both clusters' passes as one Workflow's: b's completion made a's Workflow "completed" before a's release, and the stall was lost.
     * A pass belongs to its run, the Workflow's reconciliation to the cluster whose run processed it (Reconciliation#forPod): a's
     * stall is read as a's log alone reads it. Negative control: the same two files with no election line (timestamps alone, no
     * evidence the two led at once) are read by time as one Workflow's lines, as main reads them: b's completion before a's release
     * leaves no stall to find.
     */
    @Test
    void aStallIsReadOnItsOwnClustersPassesNotAnotherClustersNamesake() throws IOException {
        AnalysisResult alone = analyze(Map.of("cluster-a.log", clusterA(log(racedLife("16")))));
        AnalysisResult both = analyze(Map.of("cluster-a.log", clusterA(log(racedLife("16"))), "cluster-b.log", clusterB(log(goodLife("16:28")))));
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), () -> both.correlation().processes().toString());
        assertEquals(1, rule(alone, "AF003").size(), () -> rule(alone, "AF003").toString());
        assertTrue(rule(alone, "AF003").get(0).startsWith("CONFIRMED "), () -> rule(alone, "AF003").toString());
        assertEquals(rule(alone, "AF003"), rule(both, "AF003"));
        AnalysisResult byTime = analyze(Map.of("cluster-a.log", log(racedLife("16")), "cluster-b.log", log(goodLife("16:28"))));
        assertFalse(ConcurrentRuns.of(byTime.correlation()).atOnce(0, 1));
        assertTrue(rule(byTime, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> rule(byTime, "AF003").toString());
    }
}
