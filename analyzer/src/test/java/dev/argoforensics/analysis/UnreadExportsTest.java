package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.read.SnapshotFileReader;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.wording.Message;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an export did not give is counted and named: the lines of a list after a syntax error that stopped its reading, an
 * empty file, and YAML that is no Kubernetes object (a Helm values file given among the exports).
 */
class UnreadExportsTest {
    @TempDir
    Path dir;

    private record Read(InputSummary summary, List<ExportedObject> kept) {
    }

    private Read read(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        List<ExportedObject> kept = new ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, "t"), null, kept::add);
        return new Read(s, kept);
    }

    private static List<String> codes(InputSummary s) {
        return s.notes().stream().map(Message::code).toList();
    }

    private static String pod(String name) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"argo\",\"uid\":\"u-" + name
                + "\"},\"status\":{\"phase\":\"Running\"}}";
    }

    /** The items after a broken one, each a node of its own, are read; the broken one is named (BrokenListItemTest has more). */
    @Test
    void theItemsOfAListAfterASyntaxErrorAreRead() throws Exception {
        String json = "{\n\"apiVersion\": \"v1\",\n\"kind\": \"List\",\n\"items\": [\n" + pod("a") + ",\n"
                + "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\" \"namespace\":\"argo\"}},\n"
                + pod("c") + ",\n" + pod("d") + "\n]\n}\n";
        Read r = read("pods.json", json);
        assertEquals(3, r.kept().size(), "the items before and after the broken one are read");
        assertEquals(1, r.summary().samples().size(), r.summary().samples().toString());
        String reason = r.summary().samples().get(0).reason();
        assertEquals(6, r.summary().samples().get(0).source().line());
        assertTrue(reason.contains("the item from line 6 (a Pod (its name after the break)) was not read: reading went on at line 7"), reason);
    }

    /** Where nothing after the broken item stands alone (here: the list's end), the lines after the error are counted as not read. */
    @Test
    void theLinesOfAListAfterASyntaxErrorAreCountedWhereNoItemFollows() throws Exception {
        String json = "{\n\"apiVersion\": \"v1\",\n\"kind\": \"List\",\n\"items\": [\n" + pod("a") + ",\n"
                + "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\" \"namespace\":\"argo\"}}\n"
                + "],\n\"metadata\": {\"resourceVersion\": \"\"},\n\"x\": 1\n}\n";
        Read r = read("pods.json", json);
        assertEquals(1, r.kept().size(), "the item before the error is read");
        String reason = r.summary().samples().get(0).reason();
        assertTrue(reason.contains("the 4 lines after it (lines 7-10) were not read"), reason);
    }

    @Test
    void anErrorOnTheLastLineLeavesNoLinesUnread() throws Exception {
        Read r = read("pod.json", pod("a") + "\n{\"kind\":\n");
        assertEquals(1, r.summary().samples().size(), r.summary().samples().toString());
        assertTrue(!r.summary().samples().get(0).reason().contains("were not read"), r.summary().samples().get(0).reason());
    }

    @Test
    void anEmptyExportIsNamedEmpty() throws Exception {
        Read r = read("pods.yaml", "");
        assertEquals(List.of("note.snapshot.empty"), codes(r.summary()));
        Read blank = read("pods2.yaml", "\n# nothing here\n\n");
        assertEquals(List.of("note.snapshot.empty"), codes(blank.summary()));
    }

    /** Found by its content, an empty file is read as an empty log (no line decides its kind): the report names it as a gap. */
    @Test
    void anEmptyFileFoundInAFolderIsClassifiedEmpty() throws Exception {
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, "", StandardCharsets.UTF_8);
        assertEquals(dev.argoforensics.source.InputClassifier.EMPTY, new dev.argoforensics.source.InputClassifier().classify("pods.yaml", p).reason());
    }

    @Test
    void yamlWithoutAKindIsNotAKubernetesObject() throws Exception {
        Read r = read("values.yaml", "replicaCount: 1\nimage:\n  repository: quay.io/argoproj/workflow-controller\n  tag: v3.5.5\n");
        assertEquals(List.of("note.snapshot.notKubernetes"), codes(r.summary()));
        assertEquals(0, r.kept().size());
    }

    @Test
    void aPodExportIsNeitherEmptyNorForeign() throws Exception {
        Read r = read("pod.json", pod("a") + "\n");
        assertEquals(List.of(), codes(r.summary()));
        assertEquals(1, r.kept().size());
        Read other = read("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n");
        assertEquals(List.of(), codes(other.summary()), "an object of another kind is counted as that kind, not as foreign");
    }
}
