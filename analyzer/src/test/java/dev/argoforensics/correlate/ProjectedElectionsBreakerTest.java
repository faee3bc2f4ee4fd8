package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.PodLifetimesBreakerTest.goodLife;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.log;
import static dev.argoforensics.correlate.PodLifetimesBreakerTest.racedLife;
import static dev.argoforensics.testing.V4.acquired;
import static dev.argoforensics.testing.V4.led;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.ProjectedReadings;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58 breaker of the projected election lines (s58-projection at b21aa891: {@link LineProjection#elections}, read by
 * {@link ConcurrentRuns} through {@link Correlator#derive}). Each input is read as the fleet's file tasks read it
 * ({@link ProjectedReadings}: each file alone, projected, placed by the stitch) and as the analysis reads it (all lines), and the two
 * must agree on every Pod, its object and every line's Pod; and both must give the right answer: two clusters' controllers under one
 * Lease key (held twice: one API server never grants it twice) are at once, however their logs were cut, rotated, compressed, ordered
 * or remembered, and their Workflow p's three Pods stay three; with no Lease named by one of them, nothing says they were at once.
 */
class ProjectedElectionsBreakerTest {
    @TempDir
    Path dir;

    private static final String LEASE = "argo/workflow-controller";
    private static final String A = "workflow-controller-7b9d4c6f5-k8r2w";
    private static final String B = "workflow-controller-5f7c9d8b6-h2m4t";

    /** A file of the input: its name and lines ({@code .gz}: written gzip'd). */
    private record In(String name, List<String> lines) {
    }

    private record Read(ClusterFacts analysis, FactsTable files, boolean atOnce, List<ControllerProcess> runs, List<LogEvent> elections) {
        List<PodKey> pods() {
            return analysis.podKeys().stream().filter(k -> k.name().equals("p")).toList();
        }
    }

    private Read read(List<In> inputs) throws IOException {
        return read(inputs, f -> Optional.empty());
    }

    /** The inputs in the order given, each file's pass 1 as {@code remembered} gives it (an index's) or scanned. */
    private Read read(List<In> inputs, Function<InputFile, Optional<FileScan>> remembered) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (In f : inputs) {
            Path p = in.resolve(f.name());
            Files.createDirectories(p.getParent());
            if (f.name().endsWith(".gz")) {
                try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(p))) {
                    o.write((String.join("\n", f.lines()) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            } else {
                Files.write(p, f.lines());
            }
            paths.add(p.toString());
        }
        ProjectedReadings pr = ProjectedReadings.of(paths, remembered, AnalysisOptions.defaults().withThreads(1));
        LineProjection union = LineProjection.union(pr.lines());
        List<ControllerProcess> runs = pr.stitched().processes();
        FactsTable files = Correlator.derive(union, pr.inputs().exported(), runs, pr.stitched().coverage());
        ConcurrentRuns verdicts = ConcurrentRuns.of(runs, () -> HandOvers.of(Correlator.lines(union.elections()), runs));
        Read r = new Read(pr.facts(), files, verdicts.any(), runs, Correlator.lines(union.elections()));
        assertEquals(r.analysis().podKeys(), files.podKeys(), "every Pod");
        for (PodKey key : files.podKeys()) {
            assertEquals(r.analysis().table.identity(key), files.identity(key), "the Pod object of " + key);
        }
        assertEquals(r.analysis().events(), files.facts(pr.stitched().events()).events(), "the lines as correlated");
        // every election line of the analysis's reading is projected, in its order
        assertEquals(pr.whole().events().stream().filter(e -> e.event() instanceof ControllerEvent.LeaderElection).toList(), r.elections(),
                "the election lines");
        return r;
    }

    private static List<String> clusterA(String[] election) {
        return led(election, log(racedLife("16"), goodLife("17:00")));
    }

    private static List<String> clusterB(String[] election) {
        return led(election, log(goodLife("16:28")));
    }

    /** v4.0's election lines: client-go's klog words routed through slog, the Lease named in the message. */
    private static String[] acquired40(String t, String identity) {
        return new String[] {"time=" + t + " level=INFO msg=\"attempting to acquire leader lease " + LEASE + "...\"",
                "time=" + t + " level=INFO msg=\"successfully acquired lease " + LEASE + "\"",
                "time=" + t + " level=INFO msg=\"new leader\" leader=" + identity};
    }

    /** The right answer, from a's and b's whole logs, one file each: at once, three Pods p. */
    private Read whole() throws IOException {
        Read r = read(List.of(new In("a/controller.log", clusterA(acquired("2026-09-19T16:26:59.900Z", LEASE, A))),
                new In("b/controller.log", clusterB(acquired("2026-09-19T16:26:59.900Z", LEASE, B)))));
        assertTrue(r.atOnce(), "two clusters under one Lease key");
        assertEquals(3, r.pods().size(), () -> r.pods().toString());
        return r;
    }

    /**
     * Attack 1: a's log rotated so that its older piece, gzip'd, holds only its start-up (the election lines, the banner, the worker
     * numbers): a piece naming nothing of interest, whose pass 1 keeps nothing of it. Held if its election lines are read and
     * projected all the same: at once, three Pods p, as the logs given whole.
     */
    @Test
    void anOlderPieceHoldingOnlyTheStartUpStillCarriesTheElection() throws IOException {
        List<String> a = clusterA(acquired("2026-09-19T16:26:59.900Z", LEASE, A));
        Read r = read(List.of(new In("a/workflow-controller.log.1.gz", a.subList(0, 5)), new In("a/workflow-controller.log", a.subList(5, a.size())),
                new In("b/workflow-controller.log", clusterB(acquired("2026-09-19T16:26:59.900Z", LEASE, B)))));
        assertEquals(6, r.elections().size(), r.elections()::toString);
        assertTrue(r.atOnce(), "at once, from the older piece's election lines");
        assertEquals(whole().pods(), r.pods());
    }

    /**
     * Attack 2: the same, the older piece's pass 1 remembered by an index as naming nothing (its true scan: it names no Pod or
     * Workflow), so it is not scanned again. Held if the remembered piece's election lines are read and projected all the same.
     */
    @Test
    void anOlderPieceRememberedAsNamingNothingStillCarriesTheElection() throws IOException {
        List<String> a = clusterA(acquired("2026-09-19T16:26:59.900Z", LEASE, A));
        Read r = read(List.of(new In("a/workflow-controller.log.1", a.subList(0, 5)), new In("a/workflow-controller.log", a.subList(5, a.size())),
                new In("b/workflow-controller.log", clusterB(acquired("2026-09-19T16:26:59.900Z", LEASE, B)))),
                f -> f.displayPath().endsWith(".log.1") ? Optional.of(new FileScan(new long[0], new long[0], 0, 0, false)) : Optional.empty());
        assertTrue(r.atOnce(), "at once, from the remembered piece's election lines");
        assertEquals(whole().pods(), r.pods());
    }

    /**
     * Attack 3: v4.0's words (the Lease in the message), a's rotation cut between its attempt and its acquisition (the election split
     * across the files), and the files given in the other order (b's first: other stream numbers). Held if at once and three Pods p.
     */
    @Test
    void v40ElectionSplitAcrossFilesGivenInTheOtherOrder() throws IOException {
        List<String> a = clusterA(acquired40("2026-09-19T16:26:59.900Z", A));
        Read r = read(List.of(new In("b/workflow-controller.log", clusterB(acquired40("2026-09-19T16:26:59.900Z", B))),
                new In("a/workflow-controller.log.1", a.subList(0, 1)), new In("a/workflow-controller.log", a.subList(1, a.size()))));
        assertTrue(r.atOnce(), "at once, the Lease read from v4.0's words in two files");
        assertEquals(3, r.pods().size(), () -> r.pods().toString());
    }

    /**
     * Attack 4, control: a's log an excerpt starting after its acquisition (only its {@code new leader} line): a names no Lease, so
     * nothing says the runs led at once (the lead's rule: timestamps alone are no evidence), in the analysis and from the files'
     * projections alike: a's first Pod and b's, created 50 s apart, are read by time.
     */
    @Test
    void anExcerptWithoutTheAcquisitionIsNoEvidenceInEitherPath() throws IOException {
        List<String> a = clusterA(acquired("2026-09-19T16:26:59.900Z", LEASE, A));
        Read r = read(List.of(new In("a/workflow-controller.log", a.subList(2, a.size())),
                new In("b/workflow-controller.log", clusterB(acquired("2026-09-19T16:26:59.900Z", LEASE, B)))));
        assertFalse(r.atOnce(), "a names no Lease");
        assertTrue(r.pods().size() < 3, () -> r.pods().toString());
    }
}
