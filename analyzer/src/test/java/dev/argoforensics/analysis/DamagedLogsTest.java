package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damaged log files through the whole analysis: what the report says about them, at which line. */
class DamagedLogsTest {
    @TempDir
    Path dir;

    private static AnalysisOptions options() {
        return AnalysisOptions.defaults().withThreads(2);
    }

    @Test
    void aGzipCutInsideItsHeaderSaysNoLineCouldBeRead() throws IOException {
        // The first three bytes of a gzip header (magic and method): a copy cut right at its start.
        Path p = dir.resolve("controller.log.gz");
        Files.write(p, new byte[] {0x1f, (byte) 0x8b, 8});
        AnalysisResult result = Analysis.standard(options()).run(List.of(p.toString()));
        InputSummary s = result.inputs().get(0);
        assertEquals(0, s.lines());
        assertEquals(List.of(p + ":1: expected more gzip data, found the end of the file (a truncated copy): no line could be read"),
                s.problems().stream().map(u -> u.source() + ": " + u.reason()).toList());
    }
    @Test
    void aGzipCutInItsFirstLineSaysNoWholeLineCouldBeRead() throws IOException {
        StringBuilder line = new StringBuilder("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" patch=");
        java.util.Random random = new java.util.Random(9);
        while (line.length() < 100_000) {
            line.append(Integer.toHexString(random.nextInt()));
        }
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Path p = dir.resolve("controller.log.gz");
        Files.write(p, java.util.Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
        InputSummary s = Analysis.standard(options()).run(List.of(p.toString())).inputs().get(0);
        assertEquals(1, s.lines());
        assertEquals(1, s.unparsed());
        assertEquals(p + ":1: expected more gzip data, found the end of the file (a truncated copy): no whole line before it could be read",
                s.problems().get(s.problems().size() - 1).source() + ": " + s.problems().get(s.problems().size() - 1).reason());
    }
}
