package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logs piped in ({@code -}), written into a FIFO, or given by process substitution ({@code <(…)}) are
 * read as the same file would be: the #17024 sample's logs concatenated give its AF001 with the same
 * delay, cited at the stream's own line numbers.
 */
class StreamInputTest {
    private static final String SAMPLE = "samples/issue-17024";
    private static final String NOW = "2026-09-20T00:00:00Z";

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(InputStream in, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Main.run(in, o, e, args);
        }
        return new Run(code, out.toString(), err.toString());
    }

    /** {@code cat samples/issue-17024/logs/*.log}. */
    private static byte[] catLogs() throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        List<Path> logs;
        try (Stream<Path> s = Files.list(Path.of(SAMPLE, "logs"))) {
            logs = new ArrayList<>(s.filter(p -> p.toString().endsWith(".log")).sorted().toList());
        }
        assertEquals(3, logs.size());
        for (Path p : logs) {
            all.write(Files.readAllBytes(p));
        }
        return all.toByteArray();
    }

    private static String af001(String report) {
        int at = report.indexOf("\nAF001 [high, likely]");
        assertTrue(at >= 0, report);
        return report.substring(at, report.indexOf("\nAF002 [", at));
    }

    @Test
    void aPipeOnStandardInputGivesTheFoldersFindingCitedAtStdin() throws Exception {
        Run folder = run(InputStream.nullInputStream(), "analyze", SAMPLE + "/logs", SAMPLE + "/snapshots", "--now", NOW);
        Run piped = run(new ByteArrayInputStream(catLogs()), "analyze", "-", SAMPLE + "/snapshots", "--now", NOW);
        assertEquals(1, piped.exitCode(), piped.err());
        String fromFolder = af001(folder.out());
        String fromPipe = af001(piped.out());
        assertTrue(fromPipe.contains("(delay=-1m24.257168224s)"), fromPipe);
        assertTrue(fromPipe.contains("  <stdin>:29  [<stdin> #2]  (removal scheduled; negative delay = deadline already passed)"), fromPipe);
        assertTrue(fromFolder.contains("samples/issue-17024/logs/2-controller-workers0.log:10  [2-controller-workers0.log #1]"), fromFolder);
        // The same finding: only where its lines are cited changes.
        assertEquals(fromFolder.lines().filter(l -> !l.contains(".log:")).toList(), fromPipe.lines().filter(l -> !l.contains("<stdin>:")).toList());
        assertTrue(piped.out().contains("<stdin>"), "named in the inputs and provenance");
        assertFalse(piped.out().contains("argo-forensics-streams-"), "the copy's path is never shown");
    }

    @Test
    void formatsReadsAGzipPipeAndNamesItStdin() throws Exception {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write(catLogs());
        }
        Run r = run(new ByteArrayInputStream(gz.toByteArray()), "formats", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("<stdin>\n  kind          log (gzip)\n"), r.out());
        assertTrue(r.out().contains("  lines         49: 49 events (41 recognised), 0 continuation, 0 blank, 0 unparsed\n"), r.out());
    }

    @Test
    void standardInputNamedTwiceIsAUsageError() {
        Run r = run(new ByteArrayInputStream(new byte[0]), "analyze", "-", "-");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("argo-forensics: -: standard input is named a second time; it can be read only once: name it once (as -)\n"),
                r.err());
        assertEquals("", r.out());
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoIsReadAsAStreamUnderItsOwnPath(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("controller.fifo");
        Assumptions.assumeTrue(mkfifo(fifo), "mkfifo is not available here");
        byte[] logs = catLogs();
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(logs);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.start();
        Run r = run(InputStream.nullInputStream(), "analyze", fifo.toString(), SAMPLE + "/snapshots", "--now", NOW);
        writer.join();
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(af001(r.out()).contains("  " + fifo + ":29  [controller.fifo #2]  (removal scheduled"), r.out());
    }

    /**
     * {@code argo-forensics analyze <(cat …)} as bash runs it: the JVM inherits the pipe as a descriptor
     * and is given its {@code /dev/fd/N} path. A JVM of its own is started (with this test's class path),
     * since only a child process can be handed a descriptor that way.
     */
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void processSubstitutionIsReadAsAStream() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isDirectory(Path.of("/dev/fd")), "no bash or /dev/fd here");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> logs = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of(SAMPLE, "logs"))) {
            s.filter(p -> p.toString().endsWith(".log")).sorted().forEach(p -> logs.add(p.toString()));
        }
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", "-c",
                "exec \"$JAVA\" -cp \"$CP\" dev.argoforensics.cli.Main analyze <(cat " + String.join(" ", logs) + ") " + SAMPLE
                        + "/snapshots --now " + NOW + " --quiet");
        pb.environment().put("JAVA", java.toString());
        pb.environment().put("CP", System.getProperty("java.class.path"));
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), out);
        String finding = af001(out);
        assertTrue(finding.contains("(delay=-1m24.257168224s)"), finding);
        assertTrue(finding.matches("(?s).*  /dev/fd/\\d+:29  \\[\\d+ #2\\]  \\(removal scheduled.*"), finding);
    }

    private static boolean mkfifo(Path path) {
        try {
            return new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
