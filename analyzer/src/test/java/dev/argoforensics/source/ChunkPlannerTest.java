package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkPlannerTest {
    @TempDir
    Path dir;

    /** A CRI file where every third record was split by the runtime into P pieces and a final F. */
    private Path criFile() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            String t = String.format("2026-09-19T10:%02d:%02d.%09dZ", i / 60, i % 60, i);
            if (i % 3 == 0) {
                b.append(t).append(" stderr P time=\"2026-09-19T10:00:00Z\" level=info msg=\"a long line ").append(i).append('\n');
                b.append(t).append(" stderr P that the runtime split ").append("x".repeat(i % 50)).append('\n');
                b.append(t).append(" stderr F into pieces\"\n");
            } else {
                b.append(t).append(" stderr F time=\"2026-09-19T10:00:00Z\" level=info msg=\"record ").append(i).append("\"\n");
            }
        }
        Path p = dir.resolve("0.log");
        Files.writeString(p, b.toString(), StandardCharsets.UTF_8);
        return p;
    }

    private static InputFile log(Path p, boolean gz) {
        return new InputFile(p.getFileName().toString(), p, InputKind.LOG, gz, "test");
    }

    private static List<String> readAll(List<LineChunk> chunks) throws IOException {
        List<String> lines = new ArrayList<>();
        for (LineChunk c : chunks) {
            try (ChunkLineReader r = new ChunkLineReader(c)) {
                String line;
                while ((line = r.next()) != null) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    @ParameterizedTest
    @ValueSource(longs = {64, 500, 4096, 1 << 20})
    void chunksCoverTheFileExactlyAndNeverSplitACriRecord(long chunkBytes) throws IOException {
        Path p = criFile();
        List<LineChunk> chunks = new ChunkPlanner(chunkBytes).plan(log(p, false));
        List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
        assertEquals(lines, readAll(chunks), "every line once, in order");
        long size = Files.size(p);
        if (chunkBytes >= size) {
            assertEquals(1, chunks.size());
            assertTrue(chunks.get(0).whole());
            return;
        }
        assertTrue(chunks.size() > 1);
        long expectedStart = 0;
        for (LineChunk c : chunks) {
            assertEquals(expectedStart, c.start(), "contiguous");
            expectedStart = c.end();
            List<String> first = readAll(List.of(c));
            assertFalse(first.get(0).contains(" stderr F into pieces"), "a chunk never starts inside a split record: " + c);
        }
        assertEquals(size, expectedStart);
    }

    /**
     * A line the reader decides by the one under it (here, as the reader's predicate says: a time alone): no chunk ends on it, at
     * any chunk size; every other line may end one (negative control: the predicate that holds nothing cuts where it always did).
     */
    @ParameterizedTest
    @ValueSource(longs = {10, 47, 64, 100})
    void noChunkEndsOnALineHeldForTheNext(long chunkBytes) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            b.append(String.format("2026-03-17 08:41:%02d.118\n", i)).append("record ").append(i).append(" under it\n");
        }
        Path p = dir.resolve("console.txt");
        Files.writeString(p, b.toString(), StandardCharsets.UTF_8);
        java.util.function.Predicate<String> held = line -> line.startsWith("2026-");
        List<LineChunk> chunks = new ChunkPlanner(chunkBytes, f -> false, f -> false, held).plan(log(p, false));
        assertTrue(chunks.size() > 1);
        for (LineChunk c : chunks) {
            List<String> lines = readAll(List.of(c));
            assertFalse(held.test(lines.get(lines.size() - 1)), "chunk " + c.index() + " ends on " + lines.get(lines.size() - 1));
        }
        assertEquals(Files.readAllLines(p), readAll(chunks), "the chunks cover the file");
        List<LineChunk> plain = new ChunkPlanner(chunkBytes).plan(log(p, false));
        assertTrue(plain.stream().anyMatch(c -> {
            try {
                List<String> lines = readAll(List.of(c));
                return held.test(lines.get(lines.size() - 1));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }), "without the predicate some chunk ends on a time line");
    }

    @Test
    void aGzipFileIsOneChunkAndReadsBackItsLines() throws IOException {
        Path plain = criFile();
        Path gz = dir.resolve("0.log.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        List<LineChunk> chunks = new ChunkPlanner(64).plan(log(gz, true));
        assertEquals(1, chunks.size());
        assertEquals(Files.readAllLines(plain, StandardCharsets.UTF_8), readAll(chunks));
    }

    @Test
    void dockerJsonPiecesWithoutTheirNewlineContinue() {
        assertTrue(ChunkPlanner.continues("{\"log\":\"time=\\\"2026-09-19T10:00:00Z\\\" level=info msg=\\\"par\",\"stream\":\"stderr\",\"time\":\"x\"}"));
        assertFalse(ChunkPlanner.continues("{\"log\":\"tial\\\"\\n\",\"stream\":\"stderr\",\"time\":\"x\"}"));
        assertTrue(ChunkPlanner.continues("2026-09-19T10:00:00.000000001Z stdout P piece"));
        assertFalse(ChunkPlanner.continues("2026-09-19T10:00:00.000000001Z stdout F end"));
        assertFalse(ChunkPlanner.continues("time=2026-09-19T10:00:00Z level=INFO msg=P"));
    }

    @Test
    void invalidUtf8BecomesReplacementCharactersOnItsOwnLineAndCrlfEndsALine() throws IOException {
        Path p = dir.resolve("bad.log");
        Files.write(p, new byte[] {'a', (byte) 0xff, 'b', '\n', 'c', '\r', '\n', 'd'});
        assertEquals(List.of("a\uFFFDb", "c", "d"), readAll(new ChunkPlanner().plan(log(p, false))));
    }
}
