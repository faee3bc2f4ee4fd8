package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot loader's bounds: what a crafted file cannot make it do, and what a genuine large
 * export still gets. Small limits stand in for the standard ones where the input would otherwise be
 * hundreds of megabytes; one test reads a list larger than SnakeYAML's default per-document limit
 * with the standard limits.
 */
class ObjectFileReaderLimitsTest {
    private static final ObjectFileReader.Limits SMALL = new ObjectFileReader.Limits(64 * 1024, 4 * 1024, 20, 8 * 1024);

    @TempDir
    Path dir;

    private record Read(List<String> names, ObjectFileReader.Result result) {
        String problems() {
            return result.problems().toString();
        }
    }

    private Read read(String name, String text, ObjectFileReader.Limits limits) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return read(p, limits);
    }

    private static Read read(Path p, ObjectFileReader.Limits limits) throws IOException {
        List<String> names = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader(limits).read(new InputFile(p.getFileName().toString(), p, InputKind.SNAPSHOT,
                false, "test"), null, doc -> names.add(doc.node().path("metadata").path("name").asText()));
        return new Read(names, r);
    }

    private static String pod(String name) {
        return "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: " + name + "\n    namespace: ns\n  status:\n    phase: Succeeded\n";
    }

    @Test
    void anAliasIsRefusedAndTheObjectsBeforeItAreKept() throws IOException {
        StringBuilder bomb = new StringBuilder("apiVersion: v1\nkind: Pod\nmetadata:\n  name: before\n---\nkind: ConfigMap\ndata:\n"
                + "  a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'z'; c++) {
            String prev = "*" + (char) (c - 1);
            bomb.append("  ").append(c).append(": &").append(c).append(" [").append(String.join(",", List.of(prev, prev, prev, prev, prev, prev,
                    prev, prev, prev))).append("]\n");
        }
        Read r = read("bomb.yaml", bomb.toString(), ObjectFileReader.Limits.STANDARD);
        assertEquals(List.of("before"), r.names());
        assertEquals(1, r.result().problems().size(), r.problems());
        assertEquals(9, r.result().problems().get(0).line());
        assertTrue(r.problems().contains("expected no YAML aliases (kubectl and argo never write them), found the alias *a"), r.problems());
    }

    @Test
    void deepNestingIsRefusedInYamlAndJson() throws IOException {
        Read yaml = read("deep.yaml", "kind: Pod\nmetadata:\n  name: deep\n  x: " + "[".repeat(50) + "]".repeat(50) + "\n", SMALL);
        assertEquals(List.of(), yaml.names());
        assertTrue(yaml.problems().contains("expected objects nested at most 20 deep, found deeper nesting: reading stopped here"), yaml.problems());
        Read json = read("deep.json", "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}\n{\"kind\":\"Pod\",\"x\":" + "[".repeat(50) + "]".repeat(50)
                + "}\n", SMALL);
        assertEquals(List.of("a"), json.names());
        assertEquals(2, json.result().problems().get(0).line());
    }

    @Test
    void aHugeScalarIsRefusedWhereItsLineCrossesTheLimit() throws IOException {
        Read plain = read("scalar.yaml", "kind: Pod\nmetadata:\n  name: a\n  annotations:\n    x: " + "x".repeat(100_000) + "\n", SMALL);
        assertEquals(List.of(), plain.names());
        assertTrue(plain.problems().contains("expected YAML lines of at most 4096 characters, found a longer one"), plain.problems());
        assertEquals(5, plain.result().problems().get(0).line());
        Read json = read("scalar.json", "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + "n".repeat(100_000) + "\"}}\n", SMALL);
        assertTrue(json.problems().contains("expected strings of at most 8192 characters, found a longer one"), json.problems());
    }

    @Test
    void theObjectLimitCountsEachItemOfAListAfresh() throws IOException {
        StringBuilder list = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
        int n = 0;
        while (list.length() < 1024 * 1024) {
            list.append(pod("p" + n++));
        }
        Read many = read("list.yaml", list.toString(), SMALL);
        assertEquals(n, many.names().size(), "a list 16 times the object limit is read: " + many.problems());
        assertEquals(List.of(), many.result().problems());

        StringBuilder fat = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n" + pod("small") + "- kind: Pod\n  metadata:\n    name: fat\n"
                + "    annotations:\n");
        for (int i = 0; fat.length() < 200 * 1024; i++) {
            fat.append("      k").append(i).append(": ").append("v".repeat(100)).append('\n');
        }
        fat.append(pod("after"));
        Read oneTooLarge = read("fat.yaml", fat.toString(), SMALL);
        assertEquals(List.of("small"), oneTooLarge.names());
        assertTrue(oneTooLarge.problems().contains("expected an object of at most 65536 characters, found one larger starting here"),
                oneTooLarge.problems());
        assertEquals(11, oneTooLarge.result().problems().get(0).line(), "the line where the large item starts");
    }

    @Test
    void aListLargerThanSnakeYamlsDefaultDocumentLimitIsReadWithTheStandardLimits() throws IOException {
        Path p = dir.resolve("pods.yaml");
        int n = 0;
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            w.write("apiVersion: v1\nkind: List\nitems:\n");
            for (long written = 0; written < 12L * 1024 * 1024; n++) {
                String item = pod("pod-" + n);
                w.write(item);
                written += item.length();
            }
        }
        Read r = read(p, ObjectFileReader.Limits.STANDARD);
        assertEquals(List.of(), r.result().problems(), "SnakeYAML's 3 MiB per-document limit would stop a List here");
        assertEquals(n, r.names().size());
        assertEquals("pod-" + (n - 1), r.names().get(n - 1));
    }
}
