package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running out of memory is a clear failure, not a crash that reads as a result: one line saying so
 * and what to do, no stack trace, an exit status that is neither 0 (no findings) nor 1 (findings),
 * and nothing on standard output. Run in a JVM of its own with a heap too small for the evidence.
 */
class OutOfMemoryTest {

    @TempDir
    Path dir;

    /** A controller log of {@code pods} Pods of interest, each with the deleting handler's lines: all kept, all with a timeline. */
    static Path podsOfInterest(Path dir, int pods) throws IOException {
        Path log = dir.resolve("controller.log");
        try (BufferedWriter w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (int i = 0; i < pods; i++) {
                String t = String.format("2026-09-19T16:%02d:%02d.%03dZ", 10 + i / 60_000 % 50, i / 1000 % 60, i % 1000);
                String pod = "wf-" + i + "-main-" + (1_000_000 + i);
                w.write("time=" + t + " level=INFO msg=\"update pod event\" component=pod_controller pod=" + pod + "\n");
                w.write("time=" + t + " level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller"
                        + " pod.Finalizers=[workflows.argoproj.io/status]\n");
                w.write("time=" + t + " level=INFO msg=\"queuing pod delay\" component=pod_controller podGC=\"{Strategy: LabelSelector:<nil>"
                        + " DeleteDelayDuration:}\" delay=-1m24.257168224s action=removeFinalizer namespace=ns podName=" + pod + "\n");
            }
        }
        return log;
    }

    @Test
    void anAnalysisThatRunsOutOfMemorySaysSoInOneLineWithWhatToDo() throws IOException, InterruptedException {
        Path log = podsOfInterest(dir, 40_000);
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx24m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "analyze", log.toString(), "--timelines", "all",
                "--quiet", "--now", "2026-10-01T00:00:00Z"))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the analysis ends");
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(Main.EXIT_FAILED, p.exitValue(), stderr);
        assertOutOfMemorySaid(stderr);
        assertEquals("", Files.readString(out, StandardCharsets.UTF_8), "no partial report");
    }

    /** Out of memory with --out: the file named keeps what it held before (here: an earlier report), and no temporary file is left. */
    @Test
    void outOfMemoryLeavesNoHalfReportUnderTheNameAskedFor() throws IOException, InterruptedException {
        Path log = podsOfInterest(dir, 40_000);
        Path report = dir.resolve("report.json");
        Files.writeString(report, "an earlier report\n", StandardCharsets.UTF_8);
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx24m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "analyze", log.toString(), "--timelines", "all",
                "--quiet", "--now", "2026-10-01T00:00:00Z", "--out", report.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the analysis ends");
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(Main.EXIT_FAILED, p.exitValue(), stderr);
        assertOutOfMemorySaid(stderr);
        assertEquals("an earlier report\n", Files.readString(report, StandardCharsets.UTF_8));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList(), "temporary files left");
        }
    }

    /** One line saying what happened, one saying what to do, no stack trace. */
    static void assertOutOfMemorySaid(String stderr) {
        List<String> lines = stderr.lines().toList();
        assertEquals(2, lines.size(), stderr);
        assertTrue(lines.get(0).startsWith("argo-forensics: out of memory (the Java heap is "), stderr);
        assertTrue(lines.get(0).endsWith(" MiB); nothing was reported"), stderr);
        assertEquals("hint: give it more with ARGO_FORENSICS_JAVA_OPTS=-Xmx4g, keep fewer timelines with --timelines none, "
                + "or narrow the analysis with --since, --workflow or --namespace", lines.get(1), stderr);
        assertFalse(stderr.contains("Exception") || stderr.contains("\tat ") || stderr.contains("at dev.argoforensics"), "no stack trace: " + stderr);
    }
}
