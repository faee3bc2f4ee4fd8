package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.rules.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files of one name in two folders are two sources ({@code samples/same-file-name-two-replicas}: two replicas' logs, leader
 * election off, each saved as {@code controller.log} in a folder of its own, replica A's with its rotated piece). Named by
 * their file alone, their runs were both {@code controller.log #1}: one replica's, and AF012 took two controllers at once for
 * a restart. A rotated set (one file's pieces in one folder) is still one run.
 */
class SameFileNameRunsTest {
    private static final Path SAMPLE = Path.of("samples/same-file-name-two-replicas/logs");

    @TempDir
    Path dir;

    private static AnalysisResult run(long chunkBytes, Path... inputs) throws IOException {
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2).withChunkBytes(chunkBytes).keepingEverything(true))
                .run(java.util.Arrays.stream(inputs).map(Path::toString).toList());
    }

    private static List<Finding> findings(AnalysisResult r, String rule) {
        return r.outcomes().stream().filter(o -> o.rule().equals(rule)).flatMap(o -> o.findings().stream()).toList();
    }

    private void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 512})
    void twoFoldersAreTwoReplicasAndTheirOverlapIsFound(long chunkBytes) throws IOException {
        AnalysisResult r = run(chunkBytes, SAMPLE);
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(2, runs.size(), runs.toString());
        Map<String, Long> lines = Map.of("replica-a/controller.log", 30L, "replica-b/controller.log", 23L);
        for (ControllerProcess p : runs) {
            assertEquals(ReplicaSource.FILE, p.replicaFrom());
            assertEquals(1, p.incarnation());
            assertEquals(lines.get(p.replica()), p.events(), p.label() + " of " + p.files());
        }
        ControllerProcess a = runs.stream().filter(p -> p.replica().equals("replica-a/controller.log")).findFirst().orElseThrow();
        assertEquals(List.of(SAMPLE.resolve("replica-a/controller.log.1").toString(), SAMPLE.resolve("replica-a/controller.log").toString()), a.files(),
                "replica A's rotated pair is one run, oldest piece first");
        List<Finding> af012 = findings(r, "AF012");
        assertEquals(1, af012.size(), af012.toString());
        assertEquals("confirmed", af012.get(0).confidence().label());
    }

    /** As much of the path as tells the sets apart, wherever the folders were given from; a name used once keeps its file name. */
    @Test
    void namedByAsMuchOfThePathAsTellsThemApart() throws IOException {
        copy(SAMPLE.resolve("replica-a/controller.log.1"), dir.resolve("cluster-x/logs/controller.log.1"));
        copy(SAMPLE.resolve("replica-a/controller.log"), dir.resolve("cluster-x/logs/controller.log"));
        copy(SAMPLE.resolve("replica-b/controller.log"), dir.resolve("cluster-y/logs/controller.log"));
        List<String> names = run(1 << 24, dir).correlation().processes().stream().map(ControllerProcess::label).sorted().toList();
        assertEquals(List.of("cluster-x/logs/controller.log #1", "cluster-y/logs/controller.log #1"), names);

        Path other = dir.resolve("other");
        copy(SAMPLE.resolve("replica-a/controller.log.1"), other.resolve("replica-a/controller.log.1"));
        copy(SAMPLE.resolve("replica-a/controller.log"), other.resolve("replica-a/controller.log"));
        copy(SAMPLE.resolve("replica-b/controller.log"), other.resolve("replica-b/workflow-controller-b.log"));
        names = run(1 << 24, other).correlation().processes().stream().map(ControllerProcess::label).sorted().toList();
        assertEquals(List.of("controller.log #1", "workflow-controller-b.log #1"), names, "no two files of one name: the file's name, as before");
    }

    /**
     * With {@code --redact}, folders named on the command line are hidden ({@code input-1}, {@code input-2}): a run named by
     * part of its path takes them from its file's redacted path, in the runs' list, the evidence's run tags and the finding's
     * text; the folders below them stay, as in every path.
     */
    @Test
    void theFoldersNamedOnTheCommandLineStayHiddenInTheRunsNames() throws IOException {
        copy(SAMPLE.resolve("replica-a/controller.log.1"), dir.resolve("acme-prod-east/controller.log.1"));
        copy(SAMPLE.resolve("replica-a/controller.log"), dir.resolve("acme-prod-east/controller.log"));
        copy(SAMPLE.resolve("replica-b/controller.log"), dir.resolve("acme-prod-west/controller.log"));
        dev.argoforensics.testing.Cli two = dev.argoforensics.testing.Cli.run("analyze", "--redact", dir.resolve("acme-prod-east").toString(),
                dir.resolve("acme-prod-west").toString(), "--now", "2026-11-21T00:00:00Z");
        assertEquals(1, two.exitCode(), two.err());
        assertEquals(false, two.out().contains("acme"), two.out());
        assertEquals(true, two.out().contains("AF012 [high, confirmed]"), two.out());
        assertEquals(true, two.out().contains("One controller run                      input-1/controller.log #1"), two.out());
        assertEquals(true, two.out().contains("input-2/controller.log:2  [input-2/controller.log #1]"), two.out());

        dev.argoforensics.testing.Cli one = dev.argoforensics.testing.Cli.run("analyze", "--redact", dir.toString(), "--now", "2026-11-21T00:00:00Z");
        assertEquals(true, one.out().contains("input-1/acme-prod-west/controller.log:2  [acme-prod-west/controller.log #1]"),
                "folders below the one named are kept, in paths and names: " + one.out());
    }

    /** Negative control: a rotated set alone is one run, named by its file; no second controller. */
    @Test
    void aRotatedPairAloneIsOneRun() throws IOException {
        AnalysisResult r = run(1 << 24, SAMPLE.resolve("replica-a"));
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(1, runs.size(), runs.toString());
        assertEquals("controller.log #1", runs.get(0).label());
        assertEquals(30, runs.get(0).events());
        assertEquals(List.of(), findings(r, "AF012"));
    }
}
