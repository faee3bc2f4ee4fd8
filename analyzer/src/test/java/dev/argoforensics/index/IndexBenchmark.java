package dev.argoforensics.index;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.generator.LogGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.lucene.search.Query;

/**
 * Not a test: the figures of docs/search.md. Writes a controller log of about 50 MB with the
 * benchmarks' generator ({@link LogGenerator}: thousands of Workflows, an upgrade from logrus text to
 * slog text to slog JSON, ten #17024 races and ten look-alikes), then measures a plain analysis,
 * building the index, a second indexed analysis, a second plain analysis (the JVM warm, to compare
 * with the indexed one), and 100 queries.
 *
 * <pre>
 * mvn -B -q -DskipTests package
 * mvn -B -q -pl grammar,analyzer test-compile
 * java -cp analyzer/target/argo-forensics.jar:analyzer/target/test-classes dev.argoforensics.index.IndexBenchmark /tmp/bench
 * </pre>
 */
public final class IndexBenchmark {
    private static final long TARGET_BYTES = 50L * 1024 * 1024;

    private IndexBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/index-benchmark");
        Files.createDirectories(dir);
        Path log = dir.resolve("generated.log");
        LogGenerator.Manifest generated;
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            generated = new LogGenerator(17024, TARGET_BYTES, LogGenerator.Mix.UPGRADE, 10).write(w);
        }
        long lines = generated.lines();
        long bytes = Files.size(log);
        List<String> paths = List.of(log.toString());
        System.out.printf(Locale.ROOT, "input: %s, %.1f MB, %d lines%n", log, mb(bytes), lines);

        long t = System.nanoTime();
        Analysis.standard(AnalysisOptions.defaults()).run(paths);
        report("analyze, no index", System.nanoTime() - t, lines, bytes);

        Path index = dir.resolve("index");
        deleteTree(index);
        t = System.nanoTime();
        IndexedAnalysis.Outcome built = IndexedAnalysis.run(index, AnalysisOptions.defaults(), SnapshotTimes.none(), paths);
        report("analyze --index, index built (" + built.changes().eventsWritten() + " events)", System.nanoTime() - t, lines, bytes);
        System.out.printf(Locale.ROOT, "index size: %.1f MB%n", mb(treeSize(index)));

        t = System.nanoTime();
        IndexedAnalysis.Outcome again = IndexedAnalysis.run(index, AnalysisOptions.defaults(), SnapshotTimes.none(), paths);
        report("analyze --index, unchanged (" + again.changes().logFilesReused() + " file reused)", System.nanoTime() - t, lines, bytes);

        t = System.nanoTime();
        Analysis.standard(AnalysisOptions.defaults()).run(paths);
        report("analyze, no index, again (JVM warm)", System.nanoTime() - t, lines, bytes);

        List<String> queries = queries(generated);
        try (EventSearch search = EventSearch.open(index)) {
            long[] took = new long[queries.size()];
            long hits = 0;
            for (int i = 0; i < queries.size(); i++) {
                long q0 = System.nanoTime();
                Query q = EventSearch.parse(queries.get(i), null, null);
                hits += search.matches(q, 0).size();
                took[i] = System.nanoTime() - q0;
            }
            Arrays.sort(took);
            System.out.printf(Locale.ROOT, "100 queries (all hits fetched, %d hits in all): median %.1f ms, p90 %.1f ms, max %.1f ms, total %.2f s%n",
                    hits, took[49] / 1e6, took[89] / 1e6, took[99] / 1e6, Arrays.stream(took).sum() / 1e9);
        }
    }

    /** 25 queries of each common shape: a Pod and an action, a phrase, errors in one minute, a Pod's whole story. */
    private static List<String> queries(LogGenerator.Manifest generated) {
        List<String> pods = new ArrayList<>();
        for (String namespaced : generated.racePods()) {
            pods.add(namespaced.substring(namespaced.indexOf('/') + 1));
        }
        for (String namespaced : generated.controlPods()) {
            pods.add(namespaced.substring(namespaced.indexOf('/') + 1));
        }
        List<String> q = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            String pod = pods.get(i % pods.size());
            q.add("pod:" + pod.substring(0, pod.length() - 3) + "* AND action:removeFinalizer");
            q.add("\"marking node as error\" OR \"Mark error node\"");
            q.add(String.format(Locale.ROOT, "level:error AND time:[2026-09-19T00:%02d TO 2026-09-19T00:%02d]", i % 10, i % 10));
            q.add("pod:" + pod + " OR workflow:" + pod.substring(0, pod.lastIndexOf('-')) + "*");
        }
        return q;
    }

    private static void report(String what, long nanos, long events, long bytes) {
        double s = nanos / 1e9;
        System.out.printf(Locale.ROOT, "%-50s %6.2f s  %8.0f lines/s  %5.1f MB/s%n", what, s, events / s, mb(bytes) / s);
    }

    private static double mb(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    private static long treeSize(Path p) throws IOException {
        try (Stream<Path> files = Files.walk(p)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> files = Files.walk(p)) {
            for (Path f : files.sorted((a, b) -> b.compareTo(a)).toList()) {
                Files.delete(f);
            }
        }
    }
}
