package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.log;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.acquired;
import static dev.argoforensics.testing.V4.handedOver;
import static dev.argoforensics.testing.V4.led;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.ProjectedReadings;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58: which controller runs led at once ({@link ConcurrentRuns}) is read from the runs' leader-election lines, and the
 * fleet derives its facts from each file's projection ({@link LineProjection}), never from all lines: the projection carries the
 * election lines ({@link LineProjection#elections}), so that the files' projections put together give the verdicts (and the Pods
 * of a name they split) that all lines give. Each file read alone as the fleet's tasks read it ({@link ProjectedReadings}: scanned,
 * read with the input's interest, its reading through its bytes, projected, placed by the stitch of the readings keeping only the
 * lines kept whole), against {@link Correlator#facts} of the whole reading.
 */
class ProjectedElectionsTest {
    @TempDir
    Path dir;

    private static final String LEASE = "argo/workflow-controller";
    private static final String A = "workflow-controller-7b9d4c6f5-k8r2w";
    private static final String B = "workflow-controller-5f7c9d8b6-h2m4t";

    /** The analysis's facts (all lines), the facts of the files' projections, and of the same without their election lines. */
    private record Read(ClusterFacts analysis, FactsTable files, FactsTable withoutElections, boolean atOnce, List<ControllerProcess> runs) {
        List<PodKey> analysed() {
            return podsNamedP(analysis.podKeys());
        }
    }

    private static List<PodKey> podsNamedP(java.util.Collection<PodKey> keys) {
        return keys.stream().filter(k -> k.name().equals("p")).toList();
    }

    private Read read(Map<String, List<String>> logs) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : new TreeMap<>(logs).entrySet()) {
            Path p = in.resolve(l.getKey());
            Files.write(p, l.getValue());
            paths.add(p.toString());
        }
        ProjectedReadings pr = ProjectedReadings.of(paths, f -> Optional.empty(), AnalysisOptions.defaults().withThreads(1));
        LineProjection union = LineProjection.union(pr.lines());
        List<ControllerProcess> runs = pr.stitched().processes();
        FactsTable files = Correlator.derive(union, pr.inputs().exported(), runs, pr.stitched().coverage());
        LineProjection stripped = new LineProjection(union.lines(), union.specials(), union.others(), union.spans(), union.nodeNames(),
                union.informer(), union.edges(), List.of());
        FactsTable without = Correlator.derive(stripped, pr.inputs().exported(), runs, pr.stitched().coverage());
        ConcurrentRuns verdicts = ConcurrentRuns.of(runs, () -> HandOvers.of(Correlator.lines(union.elections()), runs));
        Read r = new Read(pr.facts(), files, without, verdicts.any(), runs);
        // the files' projections give the analysis's Pods, each the same object, and every line the same Pod
        assertEquals(r.analysis().podKeys(), files.podKeys(), "every Pod");
        for (PodKey key : files.podKeys()) {
            assertEquals(r.analysis().table.identity(key), files.identity(key), "the Pod object of " + key);
        }
        assertEquals(r.analysis().events(), files.facts(pr.stitched().events()).events(), "the lines as correlated");
        return r;
    }

    /**
     * Two clusters' controllers at once, each under the Lease {@code argo/workflow-controller} (one key held twice: one API server
     * never grants it twice), neither naming the other: cluster a's Workflow p raced at 16:27 and was submitted again at 17:00, its
     * log rotated so that its election lines are in one file and the rest in the next; cluster b created its own Pod p at 16:28.
     * Three Pods named p, in the analysis and from the files' projections alike; the projections without their election lines give
     * another answer (a's first creation and b's, 50 s apart, read as one creation logged twice).
     */
    @Test
    void twoClustersUnderOneLeaseKeySplitFromTheFilesProjections() throws IOException {
        List<String> a = led(acquired("2026-09-19T16:26:59.900Z", LEASE, A), log(racedLife("16"), goodLife("17:00")));
        List<String> b = led(acquired("2026-09-19T16:26:59.900Z", LEASE, B), log(goodLife("16:28")));
        int cut = 8; // cluster-a.log.1: the election lines, the banner, the worker numbers, the first pass and its Created pod
        Read r = read(Map.of("cluster-a.log.1", a.subList(0, cut), "cluster-a.log", a.subList(cut, a.size()), "cluster-b.log", b));
        assertEquals(2, r.runs().size(), r.runs()::toString);
        assertTrue(r.atOnce(), "the runs at once, from the files' projected election lines");
        assertEquals(3, r.analysed().size(), () -> r.analysed().toString());
        assertNotEquals(r.analysed(), podsNamedP(r.withoutElections().podKeys()), "without the election lines, the names split otherwise");
    }

    /**
     * Control: a hand-over, one Lease key held one after the other. Replica a leads from 16:27 to its release of p (16:31:11); replica
     * b, on a node five minutes behind, names a as the holder it waited for and takes the Lease: by the clocks their passes overlap
     * for minutes, by the election lines they never led at once. One Pod p, from the files' projections as from all lines.
     */
    @Test
    void aHandOverUnderOneLeaseKeyIsOnePodFromTheFilesProjections() throws IOException {
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
        Read r = read(Map.of("replica-a.log", a, "replica-b.log", NamesakesBreakerTest.shifted(b, -5)));
        assertEquals(2, r.runs().size(), r.runs()::toString);
        assertFalse(r.atOnce(), "a hand-over: one Lease identity after the other");
        assertEquals(List.of(new PodKey("ns", "p")), r.analysed());
        assertEquals(r.analysed(), podsNamedP(r.withoutElections().podKeys()));
    }
}
