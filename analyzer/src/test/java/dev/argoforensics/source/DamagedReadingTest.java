package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line and block readers on damaged bytes: bounded, and nothing before the damage lost. */
class DamagedReadingTest {
    private static final String RECORD = "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" delay=-1m24.257168224s";

    @TempDir
    Path dir;

    private InputFile file(String name, byte[] bytes, boolean gzip) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return new InputFile(name, p, InputKind.LOG, gzip, "test");
    }

    private record Line(String text, String cut, long nuls) {
    }

    private static List<Line> read(InputFile f, int maxLineBytes) throws IOException {
        List<Line> lines = new ArrayList<>();
        try (ChunkLineReader r = new ChunkLineReader(new LineChunk(f, 0, 0, -1), n -> { }, maxLineBytes)) {
            String line;
            while ((line = r.next()) != null) {
                lines.add(new Line(line, r.cut(), r.leadingNuls()));
                assertEquals(lines.size(), r.lineNumber());
            }
        }
        return lines;
    }

    @Test
    void aTenMegabyteLineIsReadWhole() throws IOException {
        String big = RECORD + " patch=" + "x".repeat(10 * 1024 * 1024);
        List<Line> lines = read(file("big.log", (big + "\n" + RECORD + "\n").getBytes(StandardCharsets.UTF_8), false), ChunkLineReader.MAX_LINE_BYTES);
        assertEquals(2, lines.size());
        assertEquals(big, lines.get(0).text());
        assertNull(lines.get(0).cut());
    }

    @Test
    void aLineOverTheLimitIsCutAndTheNextLinesAreRead() throws IOException {
        String over = "y".repeat(5000);
        List<Line> lines = read(file("over.log", (RECORD + "\n" + over + "\n" + RECORD + "\n" + "z".repeat(300)).getBytes(StandardCharsets.UTF_8), false),
                200);
        assertEquals(List.of(RECORD, "y".repeat(200), RECORD, "z".repeat(200)), lines.stream().map(Line::text).toList());
        assertNull(lines.get(0).cut());
        assertEquals("expected a line of at most 200 bytes, found one of 4.9 KiB: its first 200 bytes were read, the rest skipped",
                lines.get(1).cut());
        assertNull(lines.get(2).cut());
        assertTrue(lines.get(3).cut().contains("found one of 300 bytes"), lines.get(3).cut());
    }

    @Test
    void aFileWithoutLineBreaksNeverHoldsMoreThanTheLimit() throws IOException {
        byte[] noBreaks = new byte[3 * 1024 * 1024];
        Arrays.fill(noBreaks, (byte) 'q');
        InputFile f = file("one-line.log", noBreaks, false);
        List<Line> lines = read(f, 4096);
        assertEquals(1, lines.size());
        assertEquals(4096, lines.get(0).text().length());
        assertTrue(lines.get(0).cut().contains("found one of 3 MiB"), lines.get(0).cut());
        // Pass 1 leaves such a line out: there is no block to give.
        try (ByteBlockReader blocks = new ByteBlockReader(new LineChunk(f, 0, 0, -1), 1024, n -> { }, 4096)) {
            assertNull(blocks.next());
        }
    }

    @Test
    void nulBytesBeforeARecordAreSkippedAndCountedHoweverMany() throws IOException {
        byte[] nuls = new byte[100_000];
        byte[] bytes = concat(nuls, (RECORD + "\n" + RECORD + "\n").getBytes(StandardCharsets.UTF_8));
        List<Line> lines = read(file("truncated-in-place.log", bytes, false), 1000);
        assertEquals(List.of(new Line(RECORD, null, 100_000), new Line(RECORD, null, 0)), lines);
        try (ByteBlockReader blocks = new ByteBlockReader(new LineChunk(file("t2.log", bytes, false), 0, 0, -1), 1024, n -> { }, 1000)) {
            ByteBlockReader.Block b = blocks.next();
            assertNotNull(b);
            String text = new String(b.bytes(), 0, b.length(), StandardCharsets.UTF_8).replace("\0", "");
            assertTrue(text.startsWith(RECORD + "\n"), "the record after the NULs is in the first block");
        }
    }

    @Test
    void invalidUtf8IsReplacedAndCountedButAGenuineReplacementCharacterIsNot() throws IOException {
        byte[] bytes = concat("a caf".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xe9, '\n'},
                "genuine \uFFFD\n".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xff, (byte) 0xfe, '\n'});
        try (ChunkLineReader r = new ChunkLineReader(new LineChunk(file("latin1.log", bytes, false), 0, 0, -1))) {
            assertEquals("a caf\uFFFD", r.next());
            assertEquals("genuine \uFFFD", r.next());
            assertEquals("\uFFFD\uFFFD", r.next());
            assertNull(r.next());
            assertEquals(2, r.invalidUtf8Lines());
            assertEquals(1, r.firstInvalidUtf8Line());
        }
    }

    /** The hand-written check judges as the JDK's strict decoder does, on every kind of sequence and on random bytes. */
    @Test
    void theUtf8CheckAgreesWithTheJdkDecoder() {
        java.util.Random random = new java.util.Random(17024);
        List<byte[]> cases = new ArrayList<>();
        int[] edges = {0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x8f, 0x90, 0x9f, 0xa0};
        for (int a : edges) {
            for (int b : edges) {
                for (int c : new int[] {0x80, 0xbf, 0x41}) {
                    cases.add(new byte[] {(byte) a, (byte) b, (byte) c, (byte) 0x80});
                    cases.add(new byte[] {(byte) a, (byte) b, (byte) c});
                    cases.add(new byte[] {(byte) a, (byte) b});
                }
            }
        }
        cases.add("caf\u00e9 \u20ac \ud83d\ude00 \uFFFD".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 20_000; i++) {
            byte[] b = new byte[random.nextInt(12)];
            for (int k = 0; k < b.length; k++) {
                // Mostly bytes that start or continue sequences, where the rules are.
                b[k] = (byte) (random.nextBoolean() ? 0x80 + random.nextInt(0x80) : random.nextInt(256));
            }
            cases.add(b);
        }
        for (byte[] b : cases) {
            boolean jdk;
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(b));
                jdk = true;
            } catch (java.nio.charset.CharacterCodingException e) {
                jdk = false;
            }
            byte[] padded = concat(new byte[] {'x'}, b, new byte[] {'y'});
            assertEquals(jdk, ChunkLineReader.validUtf8(padded, 1, b.length), java.util.HexFormat.of().formatHex(b));
        }
    }

    @Test
    void aTruncatedGzipKeepsEveryLineBeforeTheDamage() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            text.append(RECORD).append(" n=").append(i).append('\n');
        }
        byte[] gz = gzip(text.toString().getBytes(StandardCharsets.UTF_8));
        InputFile f = file("cut.log.gz", Arrays.copyOf(gz, gz.length / 2), true);
        List<Line> lines = new ArrayList<>();
        String damage;
        long unterminated;
        try (ChunkLineReader r = new ChunkLineReader(new LineChunk(f, 0, 0, -1))) {
            String line;
            while ((line = r.next()) != null) {
                lines.add(new Line(line, r.cut(), 0));
            }
            damage = r.damage();
            unterminated = r.unterminatedLine();
        }
        assertEquals("expected more gzip data, found the end of the file (a truncated copy)", damage);
        assertEquals(0, unterminated, "a line cut by damage is said to be cut, not merely unterminated");
        // What the JDK decompresses of the same bytes before its EOFException: the whole lines, and what is left of the next.
        ByteArrayOutputStream before = new ByteArrayOutputStream();
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(Arrays.copyOf(gz, gz.length / 2)))) {
            int b;
            while ((b = in.read()) >= 0) {
                before.write(b);
            }
            throw new AssertionError("the copy should be cut");
        } catch (java.io.EOFException expected) {
            // the damage
        }
        String decompressed = before.toString(StandardCharsets.UTF_8);
        int whole = (int) decompressed.chars().filter(c -> c == '\n').count();
        String rest = decompressed.substring(decompressed.lastIndexOf('\n') + 1);
        assertTrue(whole > 100, "lines before the damage: " + whole);
        List<Line> wholeLines = lines.stream().filter(l -> l.cut() == null).toList();
        assertEquals(whole, wholeLines.size());
        for (int i = 0; i < whole; i++) {
            assertEquals(RECORD + " n=" + i, wholeLines.get(i).text());
        }
        assertEquals(RECORD + " n=" + (whole - 1), lines.get(whole - 1).text(), "the last whole line");
        if (rest.isEmpty()) {
            assertEquals(whole, lines.size(), "the damage fell on a line break: no cut line");
        } else {
            assertEquals(whole + 1, lines.size());
            Line last = lines.get(whole);
            assertEquals(rest, last.text());
            assertEquals("expected a whole line, found one cut off after " + Bytes.describe(rest.length()) + " by the damage", last.cut());
        }
        // Pass 1 gives the same whole lines, and not the one the damage cut.
        StringBuilder blocksText = new StringBuilder();
        try (ByteBlockReader blocks = new ByteBlockReader(new LineChunk(f, 0, 0, -1), 4096, n -> { })) {
            ByteBlockReader.Block b;
            while ((b = blocks.next()) != null) {
                blocksText.append(new String(b.bytes(), 0, b.length(), StandardCharsets.UTF_8));
            }
        }
        assertEquals(whole, blocksText.toString().split("\n").length);
        assertTrue(blocksText.toString().endsWith("\n"));
    }

    @Test
    void aGzipFileWithoutEvenAHeaderGivesNoLineAndSaysWhy() throws IOException {
        InputFile f = file("empty.log.gz", new byte[] {0x1f, (byte) 0x8b, 8}, true);
        try (ChunkLineReader r = new ChunkLineReader(new LineChunk(f, 0, 0, -1))) {
            assertNull(r.next());
            assertEquals("expected more gzip data, found the end of the file (a truncated copy)", r.damage());
        }
    }

    @Test
    void theLastLineWithoutALineBreakIsNamed() throws IOException {
        try (ChunkLineReader r = new ChunkLineReader(new LineChunk(file("cut.log", (RECORD + "\n" + RECORD.substring(0, 40))
                .getBytes(StandardCharsets.UTF_8), false), 0, 0, -1))) {
            r.next();
            r.next();
            assertNull(r.next());
            assertEquals(2, r.unterminatedLine());
        }
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
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
}
