package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first line of a log file read only as far as its end ({@link InputClassifier#firstNonBlankLine}) is the
 * line the whole head split into lines gives; pass 1's block reader gives the same blocks with buffers reused
 * from reader to reader as with fresh ones.
 */
class HeadAndBlockReuseTest {
    @TempDir
    Path dir;

    private static String fromHead(Path p, boolean gzip, int maxBytes) throws IOException {
        for (String line : InputClassifier.headLines(p, gzip, maxBytes)) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private void assertSameFirstLine(String name, byte[] bytes, String expected) throws IOException {
        for (int maxBytes : new int[] {1, 7, 100, 8191, 8192, 8193, 20_000, 1024 * 1024}) {
            Path p = write(name, bytes);
            assertEquals(fromHead(p, false, maxBytes), InputClassifier.firstNonBlankLine(p, false, maxBytes), name + " at " + maxBytes);
            Path z = write(name + ".gz", gzip(bytes));
            assertEquals(fromHead(z, true, maxBytes), InputClassifier.firstNonBlankLine(z, true, maxBytes), name + ".gz at " + maxBytes);
        }
        Path p = write(name, bytes);
        assertEquals(expected, InputClassifier.firstNonBlankLine(p, false, 1024 * 1024), name);
    }

    @Test
    void theFirstLineIsTheOneTheWholeHeadGives() throws IOException {
        String record = "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" delay=-1m24.257168224s";
        assertSameFirstLine("plain.log", utf8(record + "\n" + record + "\n"), record);
        assertSameFirstLine("blank-first.log", utf8("\n  \n\t\r\n" + record + "\r\nnext\n"), record);
        assertSameFirstLine("crlf.log", utf8(record + "\r\n"), record);
        assertSameFirstLine("two-cr.log", utf8(record + "\r\r\n"), record + "\r");
        assertSameFirstLine("bom.log", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8(record + "\n")), record);
        assertSameFirstLine("bom-blank.log", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8("\n\n" + record)), record);
        assertSameFirstLine("no-newline.log", utf8("  " + record), "  " + record);
        assertSameFirstLine("empty.log", new byte[0], null);
        assertSameFirstLine("all-blank.log", utf8("\n \n\r\n\t\n"), null);
        assertSameFirstLine("indented.log", utf8("   \n  header,a,b\nx\n"), "  header,a,b");
        // invalid UTF-8 cut short just before the line break, and a lone continuation byte after it
        assertSameFirstLine("invalid.log", concat(utf8("caf"), new byte[] {(byte) 0xE2, (byte) 0x82, '\n', (byte) 0x82}, utf8("x\n")),
                "caf\uFFFD");
        assertSameFirstLine("invalid-first.log", concat(new byte[] {(byte) 0xF0, (byte) 0x9F, '\n', (byte) 0x80, '\n'}), "\uFFFD");
        assertSameFirstLine("multibyte.log", utf8("\n名前=ワークフロー \u00e9\n"), "名前=ワークフロー \u00e9");
        // a first line longer than the head: the head's start of it
        char[] longLine = new char[3 * 8192 + 5];
        Arrays.fill(longLine, 'a');
        longLine[8191] = 'é';
        assertSameFirstLine("long.log", utf8(new String(longLine) + "\nnext\n"), new String(longLine));
    }

    @Test
    void randomHeadsOfLinesAndBytesGiveTheSameLine() throws IOException {
        Random random = new Random(17024);
        byte[] alphabet = utf8(" \t\r\n\nab=\"é\u3042");
        for (int round = 0; round < 300; round++) {
            int length = random.nextInt(round < 150 ? 40 : 30_000);
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++) {
                bytes[i] = random.nextInt(10) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            int maxBytes = 1 + random.nextInt(Math.max(1, length + 10));
            Path p = write("r" + round + ".log", bytes);
            assertEquals(fromHead(p, false, maxBytes), InputClassifier.firstNonBlankLine(p, false, maxBytes), "round " + round);
            Path z = write("r" + round + ".log.gz", gzip(bytes));
            assertEquals(fromHead(z, true, maxBytes), InputClassifier.firstNonBlankLine(z, true, maxBytes), "gz round " + round);
        }
    }

    @Test
    void aDamagedGzipFileGivesTheLineBeforeTheDamage() throws IOException {
        StringBuilder text = new StringBuilder("\n\n");
        for (int i = 0; i < 20_000; i++) {
            text.append("line ").append(i).append(" of a controller log, level=info msg=\"x\"\n");
        }
        byte[] z = gzip(utf8(text.toString()));
        for (int cut : new int[] {5, 10, 11, 20, 40, 200, z.length / 2, z.length - 4}) {
            Path p = write("cut" + cut + ".log.gz", Arrays.copyOf(z, cut));
            assertEquals(fromHead(p, true, 1024 * 1024), InputClassifier.firstNonBlankLine(p, true, 1024 * 1024), "cut at " + cut);
        }
        Path p = write("corrupt.log.gz", concat(Arrays.copyOf(z, 300), new byte[400]));
        assertEquals(fromHead(p, true, 1024 * 1024), InputClassifier.firstNonBlankLine(p, true, 1024 * 1024));
    }

    @Test
    void everySampleLogHasTheSameFirstLine() throws IOException {
        Path samples = Path.of("samples");
        assertTrue(Files.isDirectory(samples), samples.toString());
        List<Path> files;
        try (Stream<Path> s = Files.walk(samples)) {
            files = s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().endsWith(".md")).toList();
        }
        assertTrue(files.size() > 50, "samples: " + files.size());
        for (Path f : files) {
            boolean gzip = isGzip(f);
            assertEquals(fromHead(f, gzip, 1024 * 1024), InputClassifier.firstNonBlankLine(f, gzip, 1024 * 1024), f.toString());
        }
    }

    private static boolean isGzip(Path f) {
        try {
            return InputClassifier.isGzip(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> blocks(InputFile f, int blockBytes, int maxLineBytes, ByteBlockReader.Buffers reuse) throws IOException {
        List<String> out = new ArrayList<>();
        try (ByteBlockReader r = new ByteBlockReader(new LineChunk(f, 0, 0, -1), blockBytes, n -> { }, maxLineBytes, reuse)) {
            ByteBlockReader.Block b;
            while ((b = r.next()) != null) {
                out.add(new String(b.bytes(), 0, b.length(), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }

    @Test
    void reusedBlockBuffersGiveTheBlocksFreshOnesGive() throws IOException {
        Random random = new Random(4);
        ByteBlockReader.Buffers reuse = new ByteBlockReader.Buffers(2);
        List<InputFile> files = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            StringBuilder text = new StringBuilder();
            int lines = random.nextInt(400);
            for (int l = 0; l < lines; l++) {
                int len = random.nextInt(i % 3 == 0 ? 3000 : 120); // some lines longer than a block: it grows
                text.append("x".repeat(len)).append(l).append('\n');
            }
            if (i % 4 == 1) {
                text.append("no line break at the end");
            }
            byte[] bytes = i % 5 == 2 ? concat(new byte[700], utf8(text.toString())) : utf8(text.toString());
            boolean gz = i % 2 == 0;
            Path p = write("b" + i + (gz ? ".log.gz" : ".log"), gz ? gzip(bytes) : bytes);
            files.add(new InputFile(p.getFileName().toString(), p, InputKind.LOG, gz, "test"));
        }
        // the buffers of one reader, left full of its bytes, are the next reader's
        for (InputFile f : files) {
            assertEquals(blocks(f, 1024, 2500, null), blocks(f, 1024, 2500, reuse), f.displayPath());
        }
        for (int k = files.size() - 1; k >= 0; k--) {
            assertEquals(blocks(files.get(k), 1024, 2500, null), blocks(files.get(k), 1024, 2500, reuse), files.get(k).displayPath());
        }
    }

    @Test
    void buffersOfAnotherSizeOrBeyondTheCapacityAreNotKept() {
        ByteBlockReader.Buffers reuse = new ByteBlockReader.Buffers(2);
        byte[] a = reuse.take(1024);
        byte[] b = reuse.take(1024);
        assertNotSame(a, b);
        reuse.give(a, 1024);
        reuse.give(new byte[2048], 1024); // grown for a long line
        reuse.give(b, 1024);
        reuse.give(new byte[1024], 1024); // a third: beyond the capacity
        byte[] c = reuse.take(1024);
        byte[] d = reuse.take(1024);
        assertTrue(c == a && d == b || c == b && d == a, "the two given back are handed out again");
        assertEquals(1024, reuse.take(1024).length);
        reuse.give(c, 1024);
        assertSame(c, reuse.take(1024));
        assertEquals(512, reuse.take(512).length);
        reuse.give(d, 1024);
        reuse.clear();
        assertNotSame(d, reuse.take(1024));
    }
}
