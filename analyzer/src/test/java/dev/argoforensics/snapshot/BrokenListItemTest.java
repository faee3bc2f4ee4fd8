package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/**
 * A list export ({@code kubectl get pods -o yaml}, {@code -o json}) in which one item is broken (a hand edit, a bad paste) is
 * read past that item: the items after it, each a node of its own, are read, and the broken one is named at its line with
 * what was read of it. Where nothing after it can stand on its own, the lines after the error are counted as before.
 */
class BrokenListItemTest {
    @TempDir
    Path dir;

    private record Read(List<ObjectDocument> docs, ObjectFileReader.Result result) {
        List<String> names() {
            return docs.stream().map(d -> d.node().path("metadata").path("name").asText()).toList();
        }

        String problem() {
            assertEquals(1, result.problems().size(), result.problems().toString());
            return result.problems().get(0).reason();
        }
    }

    private Read read(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, "test"), null, docs::add);
        return new Read(docs, r);
    }

    /** One item of a kubectl YAML list, as kubectl writes it (the dash at column 0 under {@code items:}). */
    private static String yamlItem(String name, String reasonLine) {
        return "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: " + name + "\n    namespace: argo\n    uid: u-" + name + "\n"
                + "  spec:\n    containers:\n    - name: main\n      image: argoproj/argosay:v2\n"
                + "  status:\n    phase: Failed\n    containerStatuses:\n    - name: main\n      state:\n        terminated:\n"
                + "          exitCode: 1\n" + reasonLine;
    }

    private static String yamlList(String... items) {
        return "apiVersion: v1\nitems:\n" + String.join("", items) + "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
    }

    private static final String GOOD_REASON = "          reason: Error\n";
    /** A message pasted in by hand without quotes: "mapping values are not allowed here". */
    private static final String BAD_REASON = "          reason: Error: exit status 1: see logs\n";

    @Test
    void theItemsAfterABrokenOneAreReadAndTheBrokenOneIsNamed() throws IOException {
        Read r = read("pods.yaml", yamlList(yamlItem("a", GOOD_REASON), yamlItem("b", BAD_REASON), yamlItem("c", GOOD_REASON),
                yamlItem("d", GOOD_REASON)));
        assertEquals(List.of("a", "c", "d"), r.names());
        assertEquals(3, r.result().objects());
        // Each item is 18 lines from line 3: b starts at 21, its bad line is 38, c starts at 39.
        assertEquals(38, r.result().problems().get(0).line());
        String why = r.problem();
        assertTrue(why.startsWith("not valid YAML: "), why);
        assertTrue(why.contains("the item from line 21 (Pod argo/b) was not read (lines 21-38): reading went on at line 39, the next item of the list"), why);
        assertEquals("pods.yaml:39", r.docs().get(1).source().toString(), "the items after keep their own lines");
        assertEquals(1, r.result().unread().size());
        ObjectFileReader.Unread u = r.result().unread().get(0);
        assertEquals(List.of(21L, 38L, "Pod", "argo", "b"), List.of(u.line(), u.errorLine(), u.kind(), u.namespace(), u.name()));
    }

    /**
     * Session 37: reading went on past a broken item by opening the file again and reading it from its start, once per broken item
     * (up to 20 times). It is read once: the text from the broken item's start is kept as it streams. Shown with a file that is
     * gone once its first item is read (removed while it is open, as a spool cleaned up under the reader): its later items are
     * still read, past each broken one, which opening it again could not do.
     */
    @Test
    void theFileIsReadOncePastEveryBrokenItem() throws IOException {
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, yamlList(yamlItem("a", GOOD_REASON), yamlItem("b", BAD_REASON), yamlItem("c", GOOD_REASON),
                yamlItem("d", BAD_REASON), yamlItem("e", GOOD_REASON)), StandardCharsets.UTF_8);
        List<String> names = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("pods.yaml", p, InputKind.SNAPSHOT, false, "test"), null, d -> {
            names.add(d.node().path("metadata").path("name").asText());
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(Files.notExists(p), "the file went once its first item was read");
        assertEquals(List.of("a", "c", "e"), names);
        assertEquals(List.of("b", "d"), r.unread().stream().map(ObjectFileReader.Unread::name).toList());
        assertEquals(2, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(1).reason().contains("the item from line 57 (Pod argo/d) was not read (lines 57-74): reading went on at"
                + " line 75, the next item of the list"), r.problems().toString());
        assertEquals(5 * 18 + 5, r.lines(), "every line counted");
    }

    @Test
    void aWholeListGivesEveryItemAndNoProblem() throws IOException {
        Read r = read("pods.yaml", yamlList(yamlItem("a", GOOD_REASON), yamlItem("b", GOOD_REASON), yamlItem("c", GOOD_REASON)));
        assertEquals(List.of("a", "b", "c"), r.names());
        assertTrue(r.result().problems().isEmpty(), r.result().problems().toString());
        assertTrue(r.result().unread().isEmpty());
    }

    @Test
    void twoBrokenItemsAreEachNamedAndTheRestRead() throws IOException {
        Read r = read("pods.yaml", yamlList(yamlItem("a", BAD_REASON), yamlItem("b", GOOD_REASON), yamlItem("c", BAD_REASON),
                yamlItem("d", GOOD_REASON)));
        assertEquals(List.of("b", "d"), r.names());
        assertEquals(2, r.result().problems().size(), r.result().problems().toString());
        assertEquals(List.of("a", "c"), r.result().unread().stream().map(ObjectFileReader.Unread::name).toList());
        assertTrue(r.result().problems().get(1).reason().contains("the item from line 39 (Pod argo/c) was not read"), r.result().problems().toString());
    }

    /** The last item broken: nothing after it stands alone (only the list's own kind and metadata), so the lines after are counted. */
    @Test
    void aBrokenLastItemLeavesTheLinesAfterCounted() throws IOException {
        Read r = read("pods.yaml", yamlList(yamlItem("a", GOOD_REASON), yamlItem("b", BAD_REASON)));
        assertEquals(List.of("a"), r.names());
        String why = r.problem();
        assertTrue(why.contains("the item from line 21 (Pod argo/b) was not read; the 3 lines after it (lines 39-41) were not read"), why);
        assertEquals(1, r.result().unread().size());
    }

    /** The list's kind and metadata after the items are never read as an item. */
    @Test
    void theListsOwnFieldsAreNoItem() throws IOException {
        Read r = read("pods.yaml", yamlList(yamlItem("a", BAD_REASON)) + "# end\n");
        assertEquals(List.of(), r.names());
        assertEquals(0, r.result().objects());
    }

    /** Broken before its name: what kind it is is said, and that its name came after the break. */
    @Test
    void anItemBrokenBeforeItsNameIsNamedByItsKind() throws IOException {
        String broken = "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: b: c\n    namespace: argo\n";
        Read r = read("pods.yaml", yamlList(yamlItem("a", GOOD_REASON), broken, yamlItem("c", GOOD_REASON)));
        assertEquals(List.of("a", "c"), r.names());
        assertTrue(r.problem().contains("the item from line 21 (a Pod (its name after the break)) was not read"), r.problem());
        assertEquals("", r.result().unread().get(0).name());
    }

    /** kubectl get -o json: the items at 8 spaces, each from its { to its }. */
    @Test
    void aJsonListIsReadPastABrokenItem() throws IOException {
        StringBuilder json = new StringBuilder("{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n");
        String[] names = {"a", "b", "c"};
        for (int i = 0; i < names.length; i++) {
            json.append("        {\n            \"apiVersion\": \"v1\",\n            \"kind\": \"Pod\",\n")
                    .append("            \"metadata\": {\n                \"name\": \"").append(names[i]).append("\",\n")
                    .append("                \"namespace\": \"argo\"\n            },\n")
                    .append(names[i].equals("b") ? "            \"status\": {\"phase\": \"Failed\" \"reason\": \"x\"}\n"
                            : "            \"status\": {\"phase\": \"Failed\"}\n")
                    .append(i < names.length - 1 ? "        },\n" : "        }\n");
        }
        json.append("    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n");
        Read r = read("pods.json", json.toString());
        assertEquals(List.of("a", "c"), r.names());
        // Each item is 9 lines from line 4: b starts at 13, its bad line is 20, c starts at 22.
        assertEquals(20, r.result().problems().get(0).line());
        assertTrue(r.problem().startsWith("not valid JSON: "), r.problem());
        assertTrue(r.problem().contains("the item from line 13 (Pod argo/b) was not read (lines 13-21): reading went on at line 22"), r.problem());
        assertEquals("pods.json:22", r.docs().get(1).source().toString());
    }

    /** Items of a typed list carry no kind: the list's says it, also for the broken one. */
    @Test
    void aTypedListNamesItsBrokenItemByTheListsKind() throws IOException {
        String json = "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"items\":[\n"
                + "{\"metadata\":{\"name\":\"a\",\"namespace\":\"argo\"},\"status\":{\"phase\":\"Running\"}},\n"
                + "{\"metadata\":{\"name\":\"b\",\"namespace\":\"argo\"},\"status\":{\"phase\":\"Running\",,}},\n"
                + "{\"metadata\":{\"name\":\"c\",\"namespace\":\"argo\"},\"status\":{\"phase\":\"Running\"}}\n"
                + "]}\n";
        Read r = read("pods.json", json);
        assertEquals(List.of("a", "c"), r.names());
        assertEquals(List.of("Pod", "Pod"), r.docs().stream().map(ObjectDocument::kind).toList());
        assertTrue(r.problem().contains("(Pod argo/b) was not read: reading went on at line 4"), r.problem());
    }

    /** Documents of a YAML stream: a broken one, and the next after its ---. */
    @Test
    void theDocumentAfterABrokenOneIsRead() throws IOException {
        String yaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  namespace: argo\nstatus:\n  reason: Error: oops\n"
                + "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: b\n  namespace: argo\n";
        Read r = read("pods.yaml", yaml);
        assertEquals(List.of("b"), r.names());
        assertTrue(r.problem().contains("the object from line 1 (Pod argo/a) was not read (lines 1-7): reading went on at line 8, the next document"),
                r.problem());
    }

    /** An alias is refused as before, and ends the reading: no object after it is read (a crafted file is not read on). */
    @Test
    void anAliasStillEndsTheReading() throws IOException {
        String alias = "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: *x\n";
        Read r = read("pods.yaml", yamlList(yamlItem("a", GOOD_REASON), alias, yamlItem("c", GOOD_REASON)));
        assertEquals(List.of("a"), r.names());
        assertTrue(r.problem().contains("expected no YAML aliases"), r.problem());
        assertTrue(r.result().unread().isEmpty());
    }

    @Test
    void aGzipListIsReadPastABrokenItemToo() throws IOException {
        Path p = dir.resolve("pods.yaml.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(yamlList(yamlItem("a", BAD_REASON), yamlItem("b", GOOD_REASON)).getBytes(StandardCharsets.UTF_8));
        }
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("pods.yaml.gz", p, InputKind.SNAPSHOT, true, "t"), null, docs::add);
        assertEquals(List.of("b"), docs.stream().map(d -> d.node().path("metadata").path("name").asText()).toList());
        assertEquals(1, r.problems().size(), r.problems().toString());
    }
}
