package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a report reaches its reader: written as it is made, never held whole; into a file only once
 * whole, so that a failure on the way (a full disk) leaves nothing under the name asked for and says
 * so in one line with status 3.
 */
class ReportWritingTest {
    private static final String NOW = "2026-10-01T00:00:00Z";

    @TempDir
    Path dir;

    /** A writer that keeps the text and the longest single write it was given. */
    private static final class Recording extends Writer {
        final StringBuilder text = new StringBuilder();
        int writes;
        int longest;

        @Override
        public void write(char[] buf, int off, int len) {
            text.append(buf, off, len);
            writes++;
            longest = Math.max(longest, len);
        }

        @Override
        public void write(String s, int off, int len) {
            text.append(s, off, off + len);
            writes++;
            longest = Math.max(longest, len);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void everyFormatIsWrittenAsItIsMadeNotBuiltWholeFirst() throws IOException {
        Path log = OutOfMemoryTest.podsOfInterest(dir, 1_500);
        for (String format : List.of("json", "markdown", "html", "text")) {
            Recording out = new Recording();
            StringWriter err = new StringWriter();
            int code;
            try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
                code = Main.run(o, e, "analyze", log.toString(), "--timelines", "all", "--quiet", "--now", NOW, "-o", format);
            }
            assertTrue(code == 0 || code == 1, format + ": " + err);
            assertTrue(out.text.length() > 1_000_000, format + ": a report of " + out.text.length() + " characters");
            // A Markdown report over one GitHub comment is written a block at a time, never more than a comment at once.
            assertTrue(out.longest <= 65_536, format + ": a single write of " + out.longest + " characters");
            assertTrue(out.writes > 100, format + ": " + out.writes + " writes");
        }
    }

    @Test
    void aReportFileAppearsOnlyWholeAndReplacesTheOldOne() throws IOException {
        Path report = dir.resolve("report.json");
        Files.writeString(report, "an earlier report\n", StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            Main.run(o, e, "analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--now", NOW, "--out", report.toString());
        }
        assertEquals("", err.toString());
        String written = Files.readString(report, StandardCharsets.UTF_8);
        assertTrue(written.startsWith("{\n  \"schemaVersion\" : 1,") && written.endsWith("\n}\n"), written);
        assertEquals(List.of("report.json"), names(dir), "the report, and no temporary file beside it");
    }

    /**
     * The disk fills up half-way (here: a file size limit, {@code ulimit -f}, the same failure to the
     * writer): one line saying so and a hint, status 3, and the file named still holds what it held.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aWriteThatFailsHalfWayLeavesNoHalfReportAndExits3() throws IOException, InterruptedException {
        Path report = dir.resolve("report.html");
        Files.writeString(report, "an earlier report\n", StandardCharsets.UTF_8);
        Path err = dir.resolve("stderr.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // 16 blocks of 1 KiB: the HTML report of the bundled sample with every timeline is larger.
        String command = "ulimit -f 16; exec \"$0\" -XX:+UseSerialGC -cp \"$1\" " + Main.class.getName()
                + " analyze samples/issue-17024/logs samples/issue-17024/snapshots --timelines all --now " + NOW + " --out \"$2\"";
        Process p = new ProcessBuilder(List.of("bash", "-c", command, java, System.getProperty("java.class.path"), report.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the analysis ends");
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(Main.EXIT_FAILED, p.exitValue(), stderr);
        assertEquals(List.of("argo-forensics: cannot write " + report + ": File too large; nothing was left under that name",
                "hint: make room on the disk, or write elsewhere with --out"), stderr.lines().toList());
        assertFalse(stderr.contains("at dev.argoforensics"), stderr);
        assertEquals("an earlier report\n", Files.readString(report, StandardCharsets.UTF_8), "the earlier report is untouched");
        assertEquals(List.of("report.html", "stderr.txt"), names(dir), "no temporary file left");
    }

    @Test
    void aFolderThatDoesNotExistIsBadUsage() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Main.run(o, e, "analyze", "samples/issue-17024/logs", "--now", NOW, "--out", dir.resolve("no/such/report.md").toString());
        }
        assertEquals(Main.EXIT_USAGE, code, err.toString());
        assertTrue(err.toString().startsWith("argo-forensics: cannot write " + dir.resolve("no/such/report.md") + ": no such folder\n"), err.toString());
    }

    private static List<String> names(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
