package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
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

class ObjectFileReaderTest {
    @TempDir
    Path dir;

    private List<ObjectDocument> read(String name, String content, ObjectFileReader.Result[] result) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        List<ObjectDocument> docs = new ArrayList<>();
        result[0] = new ObjectFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, "test"), null, docs::add);
        return docs;
    }

    @Test
    void kubectlJsonListItemsKeepTheirOwnLines() throws IOException {
        String json = "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n        {\n            \"apiVersion\": \"v1\",\n"
                + "            \"kind\": \"Pod\",\n            \"metadata\": {\"name\": \"a\"}\n        },\n"
                + "        {\n            \"kind\": \"Pod\",\n            \"metadata\": {\"name\": \"b\"}\n        }\n    ],\n"
                + "    \"kind\": \"List\",\n    \"metadata\": {\"resourceVersion\": \"\"}\n}\n";
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("pods.json", json, r);
        assertEquals(2, docs.size());
        assertEquals("pods.json:4", docs.get(0).source().toString());
        assertEquals("pods.json:9", docs.get(1).source().toString());
        assertEquals("b", docs.get(1).node().path("metadata").path("name").asText());
        assertEquals("JSON", r[0].format());
        assertEquals(16, r[0].lines());
        assertEquals(2, r[0].objects());
        assertTrue(r[0].problems().isEmpty());
    }

    @Test
    void multiDocumentYamlWithComments() throws IOException {
        String yaml = "# exported at 16:31\napiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n---\napiVersion: argoproj.io/v1alpha1\n"
                + "kind: Workflow\nmetadata:\n  name: w\n";
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("objects.yaml", yaml, r);
        assertEquals(List.of("Pod", "Workflow"), docs.stream().map(ObjectDocument::kind).toList());
        assertEquals("objects.yaml:2", docs.get(0).source().toString());
        assertEquals("objects.yaml:7", docs.get(1).source().toString());
        assertEquals("YAML", r[0].format());
    }

    @Test
    void jsonLinesOfObjects() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("events.jsonl", "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}\n{\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\"}}\n", r);
        assertEquals(2, docs.size());
        assertEquals("events.jsonl:2", docs.get(1).source().toString());
    }

    /**
     * A CRLF export written again through a text-mode stream on Windows ends its lines "\r\r\n"; Jackson counts the lone '\r' as a
     * line end of its own. Replay counted "\n" only, so its marks, taken at the parser's line numbers, let go of text the parser had not
     * read yet and the last record came out cut ("Unexpected end-of-input"; found by session 56's breaker of the audit reader).
     */
    @Test
    void doubledWindowsLineEndsReadEveryObjectAtItsLine() throws IOException {
        String pod = "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"argo\",\"labels\":{\"workflows.argoproj.io/workflow\":\"wf-a\"}},"
                + "\"status\":{\"phase\":\"Succeeded\",\"containerStatuses\":[{\"name\":\"main\",\"state\":{\"terminated\":{\"exitCode\":0}}}]}}";
        // Records longer than the parser's buffer, so that it is given the file's text in several pieces.
        String big = pod.replace("\"namespace\"", "\"annotations\":{\"note\":\"" + "x".repeat(3000) + "\"},\"namespace\"");
        List<String> lines = List.of(big.formatted("a"), big.formatted("b"), big.formatted("c"), big.formatted("d"));
        for (String end : List.of("\r\r\n", "\r\n", "\n")) {
            ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
            List<ObjectDocument> docs = read("pods.jsonl", String.join(end, lines) + end, r);
            String what = end.replace("\r", "CR").replace("\n", "LF");
            assertEquals(List.of(), r[0].problems(), what);
            assertEquals(List.of("a", "b", "c", "d"), docs.stream().map(d -> d.node().path("metadata").path("name").asText()).toList(), what);
            // The parser's own line numbers: a lone '\r' ends a line, so each record starts two lines after the one before.
            int step = end.equals("\r\r\n") ? 2 : 1;
            assertEquals("pods.jsonl:" + (1 + 3 * step), docs.get(3).source().toString(), what);
        }
    }

    /** kubectl get … -w -o json --output-watch-events: each change an observation of its object; bookmarks and errors are not. */
    @Test
    void watchEventsAreTheObjectsTheyCarry() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        String pod = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"%s\"}}";
        List<ObjectDocument> docs = read("pod-watch.json", "{\"type\":\"ADDED\",\"object\":" + pod.formatted("7") + "}\n"
                + "{\"type\":\"MODIFIED\",\"object\":" + pod.formatted("9") + "}\n"
                + "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"12\"}}}\n"
                + "{\"type\":\"DELETED\",\"object\":" + pod.formatted("14") + "}\n", r);
        assertEquals(List.of("Pod", "Pod", "", "Pod"), docs.stream().map(ObjectDocument::kind).toList());
        assertEquals("14", docs.get(3).node().path("metadata").path("resourceVersion").asText());
        assertEquals("pod-watch.json:4", docs.get(3).source().toString());
        assertEquals("BOOKMARK", docs.get(2).node().path("type").asText(), "a bookmark is no observation of a Pod");
    }

    @Test
    void aSyntaxErrorIsReportedWithItsLineAndEarlierObjectsAreKept() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("broken.yaml", "kind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nmetadata: [unclosed\n", r);
        assertEquals(1, docs.size());
        assertEquals(1, r[0].problems().size());
        assertTrue(r[0].problems().get(0).reason().startsWith("not valid YAML"), r[0].problems().get(0).reason());
        assertTrue(r[0].problems().get(0).line() >= 6, "line " + r[0].problems().get(0).line());
        assertEquals(6, r[0].lines());
    }

    /**
     * A pasted {@code kubectl get pod -o yaml} trimmed with a mark of lines left out ({@code [...]}, {@code ...}): read, the mark
     * noted at its place (see TrimmedExportTest); JSON cannot hold one, and a syntax error after a mark says so at the mark, and
     * what to do. A syntax error without such a mark is told as before.
     */
    @Test
    void aMarkOfLinesLeftOutIsReadAsACutAndNamedWhereJsonCannotReadIt() throws IOException {
        for (String mark : new String[] {"  [...]", "  ...", "..."}) {
            ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
            List<ObjectDocument> docs = read("pod.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n" + mark + "\n  uid: u-1\nstatus:\n  phase: Failed\n", r);
            assertEquals(1, docs.size(), mark);
            assertTrue(r[0].problems().isEmpty(), mark + ": " + r[0].problems());
            assertEquals("u-1", docs.get(0).node().path("metadata").path("uid").asText(), mark);
            assertEquals("Failed", docs.get(0).node().path("status").path("phase").asText(), mark);
            assertEquals(List.of(5L), r[0].cuts().stream().map(Trimmed.Cut::line).toList(), mark);
            assertEquals(mark.startsWith(" ") ? List.of("metadata") : List.of(), docs.get(0).trimmed().cuts().get(0).path(), mark);
        }
        ObjectFileReader.Result[] j = new ObjectFileReader.Result[1];
        read("pod.json", "{\"apiVersion\": \"v1\", \"kind\": \"Pod\",\n  \"metadata\": {\"name\": \"a\",\n  ...\n  \"uid\": \"u-1\"}}\n", j);
        assertTrue(j[0].problems().get(0).reason().contains("(line 3 holds \"...\", a mark of lines left out, which YAML cannot read"),
                j[0].problems().get(0).reason());
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        read("broken.yaml", "kind: Pod\n# ...\nmetadata: [unclosed\n", r);
        assertTrue(!r[0].problems().get(0).reason().contains("mark of lines left out"), "a comment is no mark: " + r[0].problems().get(0).reason());
    }

    @Test
    void aFaultOfTheSinkIsNoSyntaxErrorOfTheFile() throws IOException {
        // A decoder that crashes on the second Pod: the crash must reach the caller, not read as "not valid YAML".
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: b\n");
        List<String> names = new ArrayList<>();
        NullPointerException thrown = assertThrows(NullPointerException.class, () -> new ObjectFileReader().read(
                new InputFile("pods.yaml", p, InputKind.SNAPSHOT, false, "test"), null, doc -> {
                    String name = doc.node().path("metadata").path("name").asText();
                    if (name.equals("b")) {
                        throw new NullPointerException("a decoder bug");
                    }
                    names.add(name);
                }));
        assertEquals("a decoder bug", thrown.getMessage());
        assertEquals(List.of("a"), names);
    }

    @Test
    void gzipIsReadTransparently() throws IOException {
        Path p = dir.resolve("pod.yaml.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write("kind: Pod\nmetadata:\n  name: a\n".getBytes(StandardCharsets.UTF_8));
        }
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("pod.yaml.gz", p, InputKind.SNAPSHOT, true, "t"), null, docs::add);
        assertEquals(1, docs.size());
        assertEquals(3, r.lines());
        assertEquals(64, r.sha256().length());
    }

    @Test
    void aTruncatedGzipIsReportedAlsoAfterASyntaxError() throws IOException {
        StringBuilder yaml = new StringBuilder("kind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nmetadata: [unclosed\n");
        for (int i = 0; yaml.length() < 200_000; i++) {
            yaml.append("---\nkind: Pod\nmetadata:\n  name: pod-").append(i).append("\n  uid: ").append(java.util.UUID.nameUUIDFromBytes(
                    ("" + i).getBytes(StandardCharsets.UTF_8))).append('\n');
        }
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write(yaml.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] cut = java.util.Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
        Path p = dir.resolve("pods.yaml.gz");
        Files.write(p, cut);
        // Where the damage is: the line the decompressible text ends in.
        long newlines = 0;
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(cut))) {
            int b;
            while ((b = in.read()) >= 0) {
                newlines += b == '\n' ? 1 : 0;
            }
        } catch (java.io.EOFException expected) {
            // the end of what can be decompressed
        }
        assertTrue(newlines > 100, "the cut is well after the syntax error: " + newlines);
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("pods.yaml.gz", p, InputKind.SNAPSHOT, true, "t"), null, docs::add);
        // The broken document is passed over (its --- ends it), and the documents after it are read up to the damage.
        long whole = docs.stream().filter(d -> d.node().path("metadata").path("name").asText().startsWith("pod-")).count();
        assertEquals(docs.size() - 1, whole, "the first document, then those after the broken one");
        assertTrue(whole > 100 && docs.get(docs.size() - 1).source().line() < newlines, "read up to the damage: " + whole);
        assertEquals(2, r.problems().size(), r.problems().toString());
        assertEquals(6, r.problems().get(0).line());
        assertTrue(r.problems().get(0).reason().startsWith("not valid YAML"), r.problems().get(0).reason());
        assertTrue(r.problems().get(0).reason().endsWith("reading went on at line 7, the next document"), r.problems().get(0).reason());
        assertEquals(new ObjectFileReader.Problem(newlines + 1, "expected more gzip data, found the end of the file (a truncated copy):"
                + " the objects before it were read"), r.problems().get(1));
    }

    @Test
    void aGzipExportWithoutItsHeaderSaysWhatWasFound() throws IOException {
        Path cut = dir.resolve("cut.yaml.gz");
        Files.write(cut, new byte[] {0x1f, (byte) 0x8b, 8});
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("cut.yaml.gz", cut, InputKind.SNAPSHOT, true, "t"), null, d -> { });
        assertEquals(List.of(new ObjectFileReader.Problem(1, "expected a gzip header, found the end of the file (a truncated copy): nothing read")),
                r.problems());
        Path plain = dir.resolve("plain.yaml.gz");
        Files.writeString(plain, "kind: Pod\n");
        r = new ObjectFileReader().read(new InputFile("plain.yaml.gz", plain, InputKind.SNAPSHOT, true, "t"), null, d -> { });
        assertEquals(List.of(new ObjectFileReader.Problem(1, "expected a gzip header, found other bytes (Not in GZIP format): nothing read")),
                r.problems());
    }

    @Test
    void aYamlSyntaxErrorSaysWhatWasExpectedAndWhatWasFound() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        read("broken.yaml", "kind: Pod\nmetadata:\n  finalizers: [workflows.argoproj.io/status\n", r);
        assertEquals(1, r[0].problems().size());
        assertEquals("not valid YAML: while parsing a flow sequence: expected ',' or ']', but got <stream end>; the object from line 1"
                + " (a Pod (its name after the break)) was not read", r[0].problems().get(0).reason());
    }

    @Test
    void aTakenAtCommentDatesEveryObjectOfTheFile() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("pods.yaml", "# kubectl get pods -o yaml\n# taken-at: 2026-10-02T09:18:30+02:00 (after the drain)\n"
                + "kind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nmetadata:\n  name: b\n", r);
        assertEquals(2, docs.size());
        for (ObjectDocument d : docs) {
            assertEquals("2026-10-02T07:18:30Z", d.takenAt().time().format());
            assertEquals(ObservationBasis.TAKEN_AT_COMMENT, d.takenAt().basis());
        }
        assertEquals(docs.get(0).takenAt(), r[0].takenAt());
    }

    @Test
    void jsonLinesMayStartWithATakenAtComment() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("audit.log", "# taken-at: 2026-10-02T10:00:00Z\n{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\"}\n", r);
        assertEquals(1, docs.size());
        assertEquals("JSON", r[0].format());
        assertEquals("audit.log:2", docs.get(0).source().toString());
        assertEquals("2026-10-02T10:00:00Z", docs.get(0).takenAt().time().format());
    }

    @Test
    void aTakenAtWithoutAZoneIsAProblemNotAGuess() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("pod.yaml", "# taken-at: 2026-10-02T09:18:30\nkind: Pod\nmetadata:\n  name: a\n", r);
        assertNull(docs.get(0).takenAt());
        assertEquals(1, r[0].problems().size());
        assertEquals(1, r[0].problems().get(0).line());
        assertTrue(r[0].problems().get(0).reason().contains("has no zone"), r[0].problems().get(0).reason());
    }

    @Test
    void theCommandLineWinsOverTheComment() throws IOException {
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, "# taken-at: 2026-10-02T09:18:30Z\nkind: Pod\nmetadata:\n  name: a\n", StandardCharsets.UTF_8);
        ObservedAt stated = ObservedAt.stated(dev.argoforensics.time.Timestamp.parseRfc3339("2026-10-02T09:20:00Z", null, false),
                ObservationBasis.COMMAND_LINE);
        List<ObjectDocument> docs = new ArrayList<>();
        new ObjectFileReader().read(new InputFile("pod.yaml", p, InputKind.SNAPSHOT, false, "t"), stated, docs::add);
        assertEquals(stated, docs.get(0).takenAt());
    }

    @Test
    void itemsOfATypedListTakeTheListsKind() throws IOException {
        // As the API and kubectl cluster-info dump write a PodList: kind first, items without a kind of their own.
        String json = "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"5520811\"},\"items\":[\n"
                + "{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\"}},\n{\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\"}}]}\n";
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("pods.json", json, r);
        assertEquals(List.of("Pod", "Pod"), docs.stream().map(ObjectDocument::kind).toList());
        assertEquals(List.of("v1", "v1"), docs.stream().map(ObjectDocument::apiVersion).toList());
        assertEquals("pods.json:3", docs.get(1).source().toString());
    }
}
