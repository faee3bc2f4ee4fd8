package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.log;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.acquired;
import static dev.argoforensics.testing.V4.handedOver;
import static dev.argoforensics.testing.V4.led;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.singleInstance;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * Session 56: the runs that led at once ({@link ConcurrentRuns}) and the Pods of one name they created. Two controllers whose
 * passes interleave for minutes (two clusters' logs given together, or a split brain) created different objects; a line of one is
 * about its own Pod. Controls: a hand-over between two replicas of one cluster (the runs one after the other) is one Pod's lifetime,
 * its lines from both runs; a Workflow of one cluster submitted again under its name still splits by its {@code Created pod}, the
 * other cluster's namesake created between them ending neither lifetime.
 */
class ConcurrentRunsTest {
    @TempDir
    Path dir;

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        return AnalyzedFiles.run(dir, new TreeMap<>(logs), Map.of());
    }

    private static List<Finding> af001(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    private static List<String> read(List<Finding> findings) {
        return findings.stream().map(f -> f.confidence() + " " + f.reason().code()).toList();
    }

    private static List<PodKey> podsNamedP(AnalysisResult r) {
        return new TreeMap<>(r.correlation().pods()).keySet().stream().filter(k -> k.name().equals("p")).toList();
    }

    /**
     * Control: replica a leads until its release of the Pod (16:31:11) and stops; replica b starts at 16:31:40 and its pass at 16:33:02
     * finds the Pod missing and marks the node. One cluster, one Pod: b's lines are about the Pod a created, read as one log of both.
     */
    @Test
    void aHandOverBetweenReplicasIsOnePodsLifetime() throws IOException {
        List<String> raced = racedLife("16");
        List<String> a = new ArrayList<>(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2)));
        a.addAll(raced.subList(0, 12)); // to the delete pod event at 16:31:11.363
        a.add(processingOther("2026-09-19T16:31:15.000Z"));
        List<String> b = new ArrayList<>(List.of("time=2026-09-19T16:31:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:40.100Z", 2)));
        b.addAll(raced.subList(13, raced.size())); // from the pass at 16:33:02.200
        b.add(processingOther("2026-09-19T19:30:00.000Z"));
        AnalysisResult r = analyze(Map.of("replica-a.log", a, "replica-b.log", b));
        assertEquals(List.of(new PodKey("ns", "p")), podsNamedP(r));
        assertFalse(ConcurrentRuns.of(r.correlation()).atOnce(0, 1), () -> r.correlation().processes().toString());
        PodKey p = podsNamedP(r).get(0);
        assertNull(p.printed(), p::toString);
        // b's marking of the node is this Pod's node's loss: AF001 reads it as on one log of both replicas
        AnalysisResult one = analyze(Map.of("one.log", log(racedLife("16"))));
        assertEquals(read(af001(one)), read(af001(r)));
        assertEquals(1, af001(r).size(), () -> af001(r).toString());
    }

    /**
     * Control: cluster a's Workflow p raced (16:27) and was submitted again under its name (its Pod created again at 17:00, after the
     * race's release); cluster b, at once, created its own Pod p at 16:28. Three Pods: a's two lifetimes split by a's Created pod
     * lines, b's apart; a's first Pod is read as a's log alone reads it, its next lifetime a's second Pod, never b's.
     */
    @Test
    void aResubmissionInOneClusterStillSplitsWithTheOtherClustersNamesakeBetween() throws IOException {
        // each controller's log from its start: its Lease taken, naming itself (two clusters: neither names the other)
        List<String> a = led(acquired("2026-09-19T16:26:59.900Z", "argo/workflow-controller", "workflow-controller-7b9d4c6f5-k8r2w"),
                log(racedLife("16"), goodLife("17:00")));
        List<String> b = led(acquired("2026-09-19T16:26:59.900Z", "argo/workflow-controller", "workflow-controller-5f7c9d8b6-h2m4t"),
                log(goodLife("16:28")));
        AnalysisResult r = analyze(Map.of("cluster-a.log", a, "cluster-b.log", b));
        assertTrue(ConcurrentRuns.of(r.correlation()).atOnce(0, 1), () -> r.correlation().processes().toString());
        List<PodKey> keys = podsNamedP(r);
        assertEquals(3, keys.size(), keys::toString);
        PodKey first = keys.stream().filter(k -> k.lifetime() == 1).findFirst().orElseThrow();
        PodKey next = r.correlation().nextLifetime(r.correlation().pods().keySet().stream().filter(first::equals).findFirst().orElseThrow());
        assertTrue(next != null && r.correlation().pods().get(next).identity().from().format().startsWith("2026-09-19T17:00:00"),
                () -> "next of " + first + ": " + next);
        AnalysisResult alone = analyze(Map.of("cluster-a.log", a));
        List<Finding> got = af001(r).stream().filter(f -> f.pod() != null && f.pod().lifetime() == 1).toList();
        assertEquals(read(af001(alone).stream().filter(f -> f.pod() != null && f.pod().lifetime() == 1).toList()), read(got));
        assertTrue(af001(r).stream().noneMatch(f -> f.pod() != null && f.pod().lifetime() != 1), () -> af001(r).toString());
    }

    /** The runs of {@code cluster-a.log} and {@code cluster-b.log} read at once. */
    private boolean atOnce(List<String> a, List<String> b) throws IOException {
        AnalysisResult r = analyze(Map.of("cluster-a.log", a, "cluster-b.log", b));
        return ConcurrentRuns.of(r.correlation()).atOnce(0, 1);
    }

    private static final String LEASE = "argo/workflow-controller";
    private static final String A = "workflow-controller-7b9d4c6f5-k8r2w";
    private static final String B = "workflow-controller-5f7c9d8b6-h2m4t";

    /**
     * Session 57: two clusters' logs whose passes interleave for three hours are at once only with election lines that say both could
     * lead then; the same lines without any (greps, excerpts) are timestamps alone, which a clock behind can make of a hand-over: read
     * by time, as before session 56. Controls: each run under its own Lease (neither naming the other), both with election off.
     */
    @Test
    void runsAtOnceOnlyWithElectionLinesSayingBothCouldLead() throws IOException {
        List<String> a = log(racedLife("16"), goodLife("17:00"));
        List<String> b = log(goodLife("16:28"));
        assertFalse(atOnce(a, b), "timestamps alone");
        assertTrue(atOnce(led(acquired("2026-09-19T16:26:59.900Z", LEASE, A), a), led(acquired("2026-09-19T16:26:59.900Z", LEASE, B), b)),
                "two Leases of one name, neither naming the other");
        // Two Leases of different keys held at once may be one cluster's two installs (a managed-namespace controller beside a
        // cluster-wide one, both processing the namespace's Workflows): no evidence of two clusters, read by time (session 57 lead)
        assertFalse(atOnce(led(acquired("2026-09-19T16:26:59.900Z", LEASE, A), a), led(acquired("2026-09-19T16:26:59.900Z", "billing/workflow-controller", B), b)),
                "two Leases of different keys");
        assertTrue(atOnce(led(singleInstance("2026-09-19T16:26:59.900Z"), a), led(singleInstance("2026-09-19T16:26:59.900Z"), b)),
                "election off on both: each led its whole run");
        // one with election off, one under a Lease: a restart that changed the setting is as likely as two controllers
        assertFalse(atOnce(led(singleInstance("2026-09-19T16:26:59.900Z"), a), led(acquired("2026-09-19T16:26:59.900Z", LEASE, B), b)));
        // only one of the two with election lines
        assertFalse(atOnce(led(acquired("2026-09-19T16:26:59.900Z", LEASE, A), a), b));
    }

    /**
     * Session 57: a hand-over between two replicas of one cluster whose new holder's node clock is five minutes behind: by the lines
     * the passes overlap for minutes, but b's election lines name a as the holder it waited for (client-go reports the record's holder
     * before it takes the Lease): one Lease identity after the other, never at once, whatever the clocks. One Pod, b's lines its lines.
     * Control: the same two files, b naming a third replica (not in the input) as the holder, both leading under a Lease: nothing ties
     * them and nothing says they led one after the other, so they are read at once.
     */
    @Test
    void aHandOverNamedInTheElectionLinesIsNeverAtOnceWhateverTheClocks() throws IOException {
        List<String> raced = racedLife("16");
        List<String> a = new ArrayList<>(List.of(acquired("2026-09-19T16:26:59.900Z", LEASE, A)));
        a.addAll(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2)));
        a.addAll(raced.subList(0, 12));
        a.add(processingOther("2026-09-19T16:31:15.000Z"));
        List<String> b = new ArrayList<>(List.of(handedOver("2026-09-19T16:31:20.000Z", "2026-09-19T16:31:39.900Z", LEASE, A, B)));
        b.addAll(List.of("time=2026-09-19T16:31:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:40.100Z", 2)));
        b.addAll(raced.subList(13, raced.size()));
        for (int m = 0; m < 150; m += 5) {
            b.add(processingOther(String.format("2026-09-19T%02d:%02d:00.000Z", 16 + (34 + m) / 60, (34 + m) % 60)));
        }
        List<String> skewed = NamesakesBreakerTest.shifted(b, -5);
        AnalysisResult r = analyze(Map.of("replica-a.log", a, "replica-b.log", skewed));
        assertFalse(ConcurrentRuns.of(r.correlation()).atOnce(0, 1), () -> r.correlation().processes().toString());
        assertEquals(List.of(new PodKey("ns", "p")), podsNamedP(r));
        AnalysisResult right = analyze(Map.of("replica-a.log", a, "replica-b.log", b));
        assertEquals(read(af001(right)), read(af001(r)));
        // control: b names a holder no run of the input gives itself; a and b both led under a Lease, neither names the other
        List<String> third = new ArrayList<>(List.of(handedOver("2026-09-19T16:31:20.000Z", "2026-09-19T16:31:39.900Z", LEASE,
                "workflow-controller-5f7c9d8b6-zzzzz", B)));
        third.addAll(b.subList(4, b.size()));
        AnalysisResult c = analyze(Map.of("replica-a.log", a, "replica-b.log", NamesakesBreakerTest.shifted(third, -5)));
        assertTrue(ConcurrentRuns.of(c.correlation()).atOnce(0, 1), () -> c.correlation().processes().toString());
    }
}
