package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logs and exports saved on Windows by PowerShell 5.1 ({@code kubectl logs … > controller.log}, {@code kubectl get pod -o yaml >
 * pod.yaml}): UTF-16LE with a byte order mark and CRLF line ends. Read as the same text in UTF-8 is read, with the size and
 * SHA-256 of the file as stored.
 */
class Utf16TextTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    private static byte[] utf16(String text, boolean littleEndian) {
        byte[] body = text.getBytes(littleEndian ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE);
        byte[] out = new byte[body.length + 2];
        out[0] = (byte) (littleEndian ? 0xFF : 0xFE);
        out[1] = (byte) (littleEndian ? 0xFE : 0xFF);
        System.arraycopy(body, 0, out, 2, body.length);
        return out;
    }

    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] b = new byte[777]; // reads that end anywhere in a character
        int n;
        while ((n = in.read(b, 0, b.length)) >= 0) {
            out.write(b, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textIsReadAsUtf8WhateverTheByteOrder() throws IOException {
        // A character outside the BMP (a surrogate pair) at every offset around the decoder's 8192-character reads.
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8200; i++) {
            b.append(i % 97 == 0 ? "\uD83D\uDE80" : i % 61 == 0 ? "\r\n" : "é");
        }
        String text = b.toString();
        for (boolean le : new boolean[] {true, false}) {
            byte[] bytes = utf16(text, le);
            assertEquals(le ? "UTF-16LE" : "UTF-16BE", Utf16Text.of(bytes[0] & 0xFF, bytes[1] & 0xFF));
            assertEquals(text, read(Gzip.decoding(new ByteArrayInputStream(bytes))));
        }
        assertNull(Utf16Text.of('t', 'i'), "a UTF-8 log");
        assertNull(Utf16Text.of(0xEF, 0xBB), "UTF-8's own byte order mark is taken off elsewhere");
    }

    @Test
    void aFileIsClassifiedAndItsHeadReadFromItsText() throws IOException {
        Path p = dir.resolve("controller.log");
        Files.write(p, utf16("time=2026-10-21T08:00:05.390Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer\r\n"
                + "time=2026-10-21T08:00:05.402Z level=INFO msg=\"delete pod event\" pod=build-test-unit-3934513448\r\n", true));
        InputFile f = new InputClassifier().classify("controller.log", p);
        assertEquals(InputKind.LOG, f.kind());
        assertTrue(f.compressed(), "read through a decoding stream, as gzip is");
        assertEquals("UTF-16LE", InputClassifier.decoding(p));
        List<String> head = InputClassifier.headLines(p, true, 1 << 20);
        assertEquals("time=2026-10-21T08:00:05.390Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer", head.get(0));
        Path yaml = dir.resolve("pod.txt");
        Files.write(yaml, utf16("apiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: p\r\n", true));
        assertEquals(InputKind.SNAPSHOT, new InputClassifier().classify("pod.txt", yaml).kind());
    }

    /**
     * UTF-16 without a byte order mark (iconv -t UTF-16LE, a program writing UTF-16 by hand): told by the NULs beside its first two
     * ASCII characters, read as its text in either byte order. Before, each line was read byte by byte: every line unparsed, its
     * NULs said to be what a log truncated in place holds.
     */
    @Test
    void textWithoutAByteOrderMarkIsToldByItsNuls() throws IOException {
        String text = "time=2026-10-21T08:00:05.390Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer\r\n"
                + "time=2026-10-21T08:00:05.402Z level=INFO msg=\"delete pod event\" pod=build-test-unit-3934513448\r\n";
        for (boolean le : new boolean[] {true, false}) {
            byte[] bytes = text.getBytes(le ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE);
            String encoding = le ? "UTF-16LE, no byte order mark" : "UTF-16BE, no byte order mark";
            assertEquals(encoding, Utf16Text.of(bytes[0] & 0xFF, bytes[1] & 0xFF, bytes[2] & 0xFF, bytes[3] & 0xFF));
            assertEquals(text, read(Gzip.decoding(new ByteArrayInputStream(bytes))));
            Path p = dir.resolve(le ? "le.log" : "be.log");
            Files.write(p, bytes);
            InputFile f = new InputClassifier().classify(p.getFileName().toString(), p);
            assertEquals(InputKind.LOG, f.kind());
            assertTrue(f.compressed(), "read through a decoding stream");
            assertEquals(encoding, InputClassifier.decoding(p));
            assertEquals("time=2026-10-21T08:00:05.390Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer",
                    InputClassifier.headLines(p, true, 1 << 20).get(0));
            Cli run = Cli.run("formats", p.toString());
            assertTrue(run.out().contains("(" + encoding.substring(0, 8) + " text without a byte order mark, read as UTF-8)"), run.out());
            assertTrue(run.out().contains("2 events (2 recognised)") && run.out().contains("0 unparsed"), run.out());
        }
        // With a mark, the mark decides; UTF-8 text, a gzip header and a NUL-led binary are no UTF-16 text.
        assertEquals("UTF-16LE", Utf16Text.of(0xFF, 0xFE, 't', 0));
        assertNull(Utf16Text.of('t', 'i', 'm', 'e'));
        assertNull(Utf16Text.of(0x1F, 0x8B, 0x08, 0x00));
        assertNull(Utf16Text.of(0, 0, 0, 0));
        assertNull(Utf16Text.of('t', 0, 0, 0));
    }

    /** The #17024 sample saved by PowerShell gives what it gives in UTF-8, and its inputs are the files as stored. */
    @Test
    void theSampleSavedOnWindowsGivesTheSameFindings() throws Exception {
        Path sample = Path.of("samples/issue-17024");
        Path windows = dir.resolve("windows");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sample)) {
            files = walk.filter(Files::isRegularFile).filter(q -> !q.toString().endsWith(".md")).sorted().toList();
        }
        for (Path q : files) {
            Path to = windows.resolve(sample.relativize(q).toString());
            Files.createDirectories(to.getParent());
            Files.write(to, utf16(Files.readString(q).replace("\n", "\r\n"), true));
        }
        JsonNode utf8 = analyze(sample.resolve("logs"), sample.resolve("snapshots"));
        JsonNode utf16 = analyze(windows.resolve("logs"), windows.resolve("snapshots"));
        assertEquals(findings(utf8), findings(utf16));
        assertTrue(findings(utf16).contains("AF001 likely -84257168224"), findings(utf16).toString());
        for (JsonNode i : utf16.get("inputs")) {
            assertEquals(0, i.path("unparsed").asLong(), i.toString());
            Path stored = Path.of(i.get("path").asText());
            assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(stored))),
                    i.get("sha256").asText(), "the SHA-256 of the file as stored");
        }
    }

    private static JsonNode analyze(Path logs, Path snapshots) throws IOException {
        Cli run = Cli.run("analyze", logs.toString(), snapshots.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        assertEquals(1, run.exitCode(), run.err());
        return JSON.readTree(run.out());
    }

    /** Each finding's rule, confidence and logged delay (AF001), in order. */
    private static List<String> findings(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : report.get("findings")) {
            out.add(f.get("rule").asText() + " " + f.get("confidence").asText()
                    + (f.has("delayNanos") ? " " + f.get("delayNanos").asText() : ""));
        }
        return out;
    }
}
