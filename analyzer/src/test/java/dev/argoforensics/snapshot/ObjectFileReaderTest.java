package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
        result[0] = new ObjectFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, "test"), docs::add);
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
        assertNull(r[0].error());
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

    @Test
    void aSyntaxErrorIsReportedWithItsLineAndEarlierObjectsAreKept() throws IOException {
        ObjectFileReader.Result[] r = new ObjectFileReader.Result[1];
        List<ObjectDocument> docs = read("broken.yaml", "kind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nmetadata: [unclosed\n", r);
        assertEquals(1, docs.size());
        assertTrue(r[0].error() != null);
        assertTrue(r[0].errorLine() >= 6, "line " + r[0].errorLine());
        assertEquals(6, r[0].lines());
    }

    @Test
    void gzipIsReadTransparently() throws IOException {
        Path p = dir.resolve("pod.yaml.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write("kind: Pod\nmetadata:\n  name: a\n".getBytes(StandardCharsets.UTF_8));
        }
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("pod.yaml.gz", p, InputKind.SNAPSHOT, true, "t"), docs::add);
        assertEquals(1, docs.size());
        assertEquals(3, r.lines());
        assertEquals(64, r.sha256().length());
    }
}
