package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Workers;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.testing.SampleFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exports read on several worker threads ({@link Analysis#readExports(List, List, SnapshotTimes, Workers)}) must give
 * what one thread reading them in display-path order gives: the same objects in the same order, the same summaries and
 * the same unreadable files, also where a file is cut short or gone.
 */
class ParallelExportsTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleReadOnWorkersIsReadAsOnOneThread() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> assertSame(SampleFiles.inputs(c), 0)));
    }

    @TestFactory
    Stream<DynamicTest> generatedIncidentExportsReadOnWorkersAreReadAsOnOneThread() {
        return Stream.of(1L, 2L).map(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> assertSame(JudgmentCorpora.small(seed, dir.resolve("seed-" + seed)), 10)));
    }

    /**
     * Every sample's exports in one folder, beside a gzip'd file cut short halfway and two files gone between listing and
     * reading (unreadable, each in its place).
     */
    @Test
    void filesCutShortOrGoneKeepTheirPlaces() throws IOException {
        Path exports = Files.createDirectories(dir.resolve("exports"));
        int n = 0;
        for (Path sample : SampleFiles.all()) {
            Path snapshots = sample.resolve("snapshots");
            if (Files.isDirectory(snapshots)) {
                try (Stream<Path> files = Files.list(snapshots)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        Files.copy(f, exports.resolve((n++) + "-" + f.getFileName()));
                    }
                }
            }
        }
        StringBuilder pods = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            pods.append("apiVersion: v1\nkind: Pod\nmetadata:\n  name: cut-pod-").append(i)
                    .append("\n  namespace: ns\n  uid: 0000-").append(i).append("\nstatus:\n  phase: Running\n---\n");
        }
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(pods.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        byte[] whole = gz.toByteArray();
        Files.write(exports.resolve("5-pods-cut.yaml.gz"), Arrays.copyOf(whole, whole.length / 2));
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(List.of(exports.toString()));
        List<InputFile> snapshots = files.stream().filter(f -> f.kind() == InputKind.SNAPSHOT).sorted(java.util.Comparator.comparing(InputFile::displayPath)).toList();
        assertTrue(snapshots.size() > 10, snapshots.size() + " snapshot files");
        Files.delete(snapshots.get(1).path());
        Files.delete(snapshots.get(snapshots.size() - 2).path());
        Analysis.Inputs one = assertSame(files, collector);
        assertEquals(List.of(snapshots.get(1).displayPath(), snapshots.get(snapshots.size() - 2).displayPath()),
                one.unreadable().stream().map(u -> u.path()).toList(), one.unreadable().toString());
        assertTrue(one.summaries().keySet().stream().anyMatch(f -> f.displayPath().endsWith("5-pods-cut.yaml.gz")), "the cut file is summed up");
    }

    /** Read on one thread and on 2 and 5 workers: the same inputs. */
    private static Analysis.Inputs assertSame(List<String> paths, int minSnapshots) {
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(paths);
        long snapshots = files.stream().filter(f -> f.kind() == InputKind.SNAPSHOT).count();
        assertTrue(snapshots >= minSnapshots, snapshots + " snapshot files");
        return assertSame(files, collector);
    }

    private static Analysis.Inputs assertSame(List<InputFile> files, InputCollector collector) {
        Analysis.Inputs one = Analysis.readExports(files, collector.problems(), SnapshotTimes.none());
        for (int threads : new int[] {2, 5}) {
            Analysis.Inputs many = Analysis.readExports(new ArrayList<>(files), collector.problems(), SnapshotTimes.none(), new Workers(threads));
            assertEquals(one.files(), many.files(), threads + " threads: files");
            assertEquals(one.logFiles(), many.logFiles(), threads + " threads: logs");
            assertEquals(one.exported(), many.exported(), threads + " threads: objects");
            assertEquals(one.summaries(), many.summaries(), threads + " threads: summaries");
            assertEquals(one.unreadable(), many.unreadable(), threads + " threads: unreadable");
        }
        return one;
    }
}
