package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.read.Progress;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Notes;
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
    @Test
    void aNewestFirstFileInManyChunksPointsAtItsFirstDamagedLines() throws IOException {
        // An export written newest first, with damage of each kind in every stretch of five lines: the report must name the
        // first line of each kind, although the chunks are handed over last chunk first and each one's lines last first.
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int round = 0; round < 6; round++) {
            for (int k = 0; k < 5; k++) {
                String record = "time=2026-09-19T16:31:" + (59 - round * 5 - k) + ".257Z level=INFO msg=\"update pod event\" pod=p" + round;
                switch (k) {
                    case 1 -> bytes.writeBytes(utf8("junk from the log shipper " + round + "\n"));
                    case 2 -> {
                        bytes.writeBytes(new byte[] {0, 0, 0, 0});
                        bytes.writeBytes(utf8(record + "\n"));
                    }
                    case 3 -> {
                        bytes.writeBytes(utf8(record + " note=\"caf"));
                        bytes.writeBytes(new byte[] {(byte) 0xe9, '"', '\n'});
                    }
                    case 4 -> bytes.writeBytes(utf8(record + " patch=" + "x".repeat(300) + "\n"));
                    default -> bytes.writeBytes(utf8(record + "\n"));
                }
            }
        }
        Path p = dir.resolve("export.log");
        Files.write(p, bytes.toByteArray());
        dev.argoforensics.source.InputFile f = new dev.argoforensics.source.InputClassifier().classify(p.toString(), p);
        assertTrue(new dev.argoforensics.source.ChunkPlanner(256).plan(f).size() >= 6, "several chunks");

        InputSummary s = Analysis.standard(options().withChunkBytes(256).withMaxLineBytes(200)).run(List.of(p.toString())).inputs().get(0);
        assertEquals(30, s.lines());
        assertTrue(Notes.words(s.notes()).get(0).contains("newest first"), Notes.words(s.notes()).toString());
        List<UnparsedLine> problems = s.problems();
        assertEquals(List.of(3L, 4L, 5L), problems.stream().map(u -> u.source().line()).toList(), problems.toString());
        assertTrue(problems.get(0).reason().startsWith("expected the line to start with a record, found 24 NUL bytes"), problems.get(0).reason());
        assertTrue(problems.get(1).reason().startsWith("expected UTF-8 text, found bytes that are not UTF-8: read as U+FFFD; 6 lines"),
                problems.get(1).reason());
        assertTrue(problems.get(2).reason().startsWith("expected a line of at most 200 bytes, found one of "), problems.get(2).reason());
        // The junk line and the cut line of each stretch are unparsed: the first five of them are the samples, first first.
        assertEquals(12, s.unparsed());
        assertEquals(List.of(2L, 5L, 7L, 10L, 12L), s.samples().stream().map(u -> u.source().line()).toList());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void aFaultOfTheAnalyzerMidwayKeepsTheLinesBeforeItAndNamesTheLine() throws IOException {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            log.append(String.format("time=2026-09-19T16:%02d:%02d.%03dZ level=INFO msg=\"update pod event\" component=pod_controller pod=p%d%n",
                    i / 3600 % 60, i / 60 % 60, i % 1000, i % 7));
        }
        Path p = dir.resolve("controller.log");
        Files.writeString(p, log);
        for (boolean everything : new boolean[] {false, true}) {
            // A fault of the analyzer in the worker reading the file, once line 4096 is read (where it reports lines read).
            Progress faulty = new Progress() {
                private volatile boolean reading;

                @Override
                public void phase(String name, long totalBytes) {
                    reading = name.equals("reading");
                }

                @Override
                public void advance(long bytes, long lines) {
                    if (reading && lines == 4096) {
                        throw new IllegalStateException("a progress display bug");
                    }
                }

                @Override
                public void done() {
                }
            };
            AnalysisResult result = Analysis.standard(options().keepingEverything(everything).withProgress(faulty)).run(List.of(p.toString()));
            assertEquals(List.of(), result.unreadable(), "the file is read in part, not unreadable");
            InputSummary s = result.inputs().get(0);
            assertEquals(4095, s.lines());
            assertEquals(4095, s.events());
            assertEquals(s.lines(), s.events() + s.continuation() + s.blank() + s.unparsed() + s.furniture().lines() + s.otherContainerLines());
            assertEquals(List.of(p + ":4096: the analyzer failed here (java.lang.IllegalStateException: a progress display bug): the 4095 lines"
                    + " before it were read, nothing after; please report this with the file"),
                    s.problems().stream().map(u -> u.source() + ": " + u.reason()).toList());
            if (everything) {
                assertEquals(4095, result.correlation().events().size(), "the events of the lines read are kept");
            }
        }
    }
    @Test
    void aRecordThatClaimsTheYear9999IsReadLikeAnyOther() throws IOException {
        // Its distance to the CRI time does not fit a long of nanoseconds (the zone check compares them).
        String[] lines = {
            "2026-09-19T16:31:11.257000000Z stdout F time=\"2026-09-19T16:31:11.257Z\" level=info msg=\"add pod event\" pod=p",
            "2026-09-19T16:31:11.300000000Z stdout F time=\"9999-09-19T16:31:11.300Z\" level=info msg=\"update pod event\" pod=p",
            "2026-09-19T16:31:11.363000000Z stdout F time=\"2026-09-19T16:31:11.363Z\" level=info msg=\"delete pod event\" pod=p"};
        Path p = dir.resolve("0.log");
        Files.writeString(p, String.join("\n", lines) + "\n");
        for (boolean everything : new boolean[] {false, true}) {
            AnalysisResult result = Analysis.standard(options().keepingEverything(everything)).run(List.of(p.toString()));
            assertEquals(List.of(), result.unreadable());
            InputSummary s = result.inputs().get(0);
            assertEquals(3, s.events(), s.toString());
            assertEquals(List.of(), s.problems());
        }
    }
}
