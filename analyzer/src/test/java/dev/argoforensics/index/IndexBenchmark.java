package dev.argoforensics.index;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.search.Query;

/**
 * Not a test: the figures of docs/search.md. Writes a controller log of about 50 MB (slog text,
 * 800 Workflows with one Pod each, every line of their lives as the samples show them), then
 * measures a plain analysis, building the index, a second indexed analysis, a second plain analysis
 * (the JVM warm, to compare with the indexed one), and 100 queries.
 *
 * <pre>
 * mvn -B -q -DskipTests package test-compile
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
        Path log = dir.resolve("controller.log");
        long lines = generate(log);
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
        long buildNanos = System.nanoTime() - t;
        report("analyze --index, index built", buildNanos, built.result().correlation().events().size(), bytes);
        System.out.printf(Locale.ROOT, "index size: %.1f MB%n", mb(treeSize(index)));

        t = System.nanoTime();
        IndexedAnalysis.Outcome again = IndexedAnalysis.run(index, AnalysisOptions.defaults(), SnapshotTimes.none(), paths);
        report("analyze --index, unchanged (" + again.changes().logFilesReused() + " file reused)", System.nanoTime() - t, lines, bytes);

        t = System.nanoTime();
        Analysis.standard(AnalysisOptions.defaults()).run(paths);
        report("analyze, no index, again (JVM warm)", System.nanoTime() - t, lines, bytes);

        List<String> queries = queries();
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

    /** 25 queries of each common shape, on different Pods and minutes. */
    private static List<String> queries() {
        List<String> q = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            int wf = i * 31 % 800;
            q.add("pod:" + pod(wf).substring(0, pod(wf).length() - 3) + "* AND action:removeFinalizer");
            q.add("\"marking node as error\" AND workflow:" + workflow(wf));
            q.add(String.format(Locale.ROOT, "level:error AND time:[2026-09-19T%02d:%02d TO 2026-09-19T%02d:%02d]", 10 + i / 12, i % 12 * 5,
                    10 + i / 12, i % 12 * 5 + 1));
            q.add("namespace:argo AND nodeName:" + workflow(wf) + "*");
        }
        return q;
    }

    private static long generate(Path log) throws IOException {
        Random random = new Random(17024);
        Instant t = Instant.parse("2026-09-19T10:00:00Z");
        long lines = 0;
        long bytes = 0;
        try (BufferedWriter w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String start = line(t, "INFO", "Starting Workflow Controller", "version=v4.1.3 instanceID=bench defaultRequeueTime=10s");
            w.write(start);
            bytes += start.length();
            lines++;
            for (int round = 0; bytes < TARGET_BYTES; round++) {
                int wf = round % 800;
                for (String[] l : lifecycle(wf, round)) {
                    t = t.plusNanos(1_000_000L + random.nextInt(3_000_000));
                    String s = line(t, l[0], l[1], l[2]);
                    w.write(s);
                    bytes += s.length();
                    lines++;
                }
            }
        }
        return lines;
    }

    private static String[][] lifecycle(int wf, int round) {
        String name = workflow(wf);
        String pod = pod(wf);
        String ns = "workflow=" + name + " namespace=argo";
        String rv = "resourceVersion=" + (900_000 + round);
        return new String[][] {
            {"INFO", "Processing workflow", "component=workflow_worker " + ns + " " + rv + " phase=Running"},
            {"INFO", "Task-result reconciliation", "component=workflow_worker " + ns + " numObjs=1"},
            {"INFO", "node initialized", "component=workflow_worker " + ns + " node=" + name + " phase=Pending message=\"\""},
            {"INFO", "Created pod", "component=workflow_worker " + ns + " nodeName=" + name + " nodeID=" + name + " podName=" + pod},
            {"INFO", "Workflow update successful", "component=workflow_worker " + ns + " " + rv + " phase=Running"},
            {"INFO", "add pod event", "component=pod_controller pod=" + pod},
            {"INFO", "update pod event", "component=pod_controller pod=" + pod},
            {"INFO", "Removing finalizers during a delete", "component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"},
            {"INFO", "queuing pod delay", "component=pod_controller podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" "
                    + "delay=-1m24.257168224s action=removeFinalizer namespace=argo podName=" + pod},
            {"INFO", "cleaning up pod", "component=pod_controller namespace=argo key=argo/" + pod + "/removeFinalizer podName=" + pod
                    + " action=removeFinalizer"},
            {"INFO", "delete pod event", "component=pod_controller pod=" + pod},
            {"INFO", "Workflow pod is missing", "component=workflow_worker " + ns + " nodeName=" + name + " nodePhase=Running recentlyStarted=false"},
            {"ERROR", "marking node as error", "component=workflow_worker " + ns + " error=\"pod deleted\" nodeName=" + name},
            {"INFO", "node phase changed", "component=workflow_worker " + ns + " node=" + name + " toPhase=Error fromPhase=Running"},
            {"INFO", "Workflow update successful", "component=workflow_worker " + ns + " " + rv + " phase=Error"},
        };
    }

    private static String workflow(int wf) {
        return String.format(Locale.ROOT, "wf-%05d", wf);
    }

    private static String pod(int wf) {
        return workflow(wf) + "-main-" + (1_000_000_000L + wf * 7919L);
    }

    private static String line(Instant t, String level, String msg, String fields) {
        return "time=" + dev.argoforensics.time.TimeFormat.utc(t, dev.argoforensics.time.TimePrecision.MILLISECOND) + " level=" + level
                + " msg=\"" + msg + "\" " + fields + "\n";
    }

    private static void report(String what, long nanos, long events, long bytes) {
        double s = nanos / 1e9;
        System.out.printf(Locale.ROOT, "%-45s %6.2f s  %8.0f events/s  %5.1f MB/s%n", what, s, events / s, mb(bytes) / s);
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
