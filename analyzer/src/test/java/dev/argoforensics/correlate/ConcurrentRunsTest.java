package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.log;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
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
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : new TreeMap<>(logs).entrySet()) {
            Path p = in.resolve(l.getKey());
            Files.write(p, l.getValue());
            paths.add(p.toString());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(paths);
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
        assertFalse(ConcurrentRuns.of(r.correlation().processes()).atOnce(0, 1), () -> r.correlation().processes().toString());
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
        List<String> a = log(racedLife("16"), goodLife("17:00"));
        List<String> b = log(goodLife("16:28"));
        AnalysisResult r = analyze(Map.of("cluster-a.log", a, "cluster-b.log", b));
        assertTrue(ConcurrentRuns.of(r.correlation().processes()).atOnce(0, 1), () -> r.correlation().processes().toString());
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
}
